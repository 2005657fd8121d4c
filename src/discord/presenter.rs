//! The Discord side of the table service's [`Presenter`]: posts and edits
//! hand messages and sends DMs (DM channels cached), each call within a
//! time budget (`retry.rs`).
//!
//! Edits of a hand message are queued, not awaited (`Editor`): a table's actor must not wait behind its
//! channel's rate limit (5 edits in 5 s on Discord) while clicks queue behind it. Each message has at most one
//! edit on its way and one waiting; a newer view replaces the waiting one, so a busy table's message jumps to
//! its newest state. A click's answer updates the clicked message itself (an interaction response, outside the
//! channel's limit): the waiting edit, older, is dropped, and if an edit was on its way the newest view is sent
//! after it, in case Discord applied the older edit after the click.
//!
//! Discord's refusals are sorted here ([`ShowError`]): a post's are returned to the table; a queued edit's are
//! reported through `Refusals` to the table service, which asks the table to answer them (`table/refused.rs`).
//! A permission taken away is told to the table's opener by DM, once until a post there succeeds again.

use std::collections::{HashMap, HashSet};
use std::future::Future;
use std::sync::{Arc, Mutex};

use poise::serenity_prelude as serenity;
use serenity::{ChannelId, CreateAllowedMentions, CreateMessage, EditMessage, Http, MessageId, Permissions};
use tokio::sync::mpsc;

use super::observe::{counted, route};
use super::refusals::{missing_for, show_error, DM_CLOSED_CODES, MISSING_PERMISSIONS};
use super::retry::{json_code, with_retry, CALL_BUDGET, DM_BUDGET};
use super::{cap, render};
use crate::ids::{self, UserId};
use crate::ownership::Standing;
use crate::table::view::{PrivateNote, TableView};
use crate::table::{BoxFuture, DmError, Presenter, ShowError};

/// A refusal met by a queued edit, for the table service ([`crate::table::TableService::refused`]).
#[derive(Debug)]
pub struct Refusal {
    pub channel: ids::ChannelId,
    pub message: Option<ids::MessageId>,
    pub why: ShowError,
}

/// The Discord presenter; cheap to clone (the button responder keeps one, for the editor).
#[derive(Clone)]
pub struct DiscordPresenter(Arc<Shared>);

struct Shared {
    http: Arc<Http>,
    /// Whether this process still speaks for its tables: no call is made once it has lapsed.
    standing: Standing,
    /// For server names in DMs (filled by GUILD_CREATE; a DM says "this server" without it).
    cache: Arc<serenity::Cache>,
    dm_channels: Mutex<HashMap<UserId, ChannelId>>,
    /// Users whose DMs were refused (50007/50278): not tried again until they take a seat, since every
    /// refusal counts against Discord's invalid-request limit.
    dm_closed: Mutex<HashSet<UserId>>,
    /// Channels whose opener was told that the bot cannot attach pictures there (once a channel and process).
    told_no_pictures: Mutex<HashSet<u64>>,
    /// Channels whose opener was told that the bot may no longer post there (until a post there succeeds).
    told_silenced: Mutex<HashSet<u64>>,
    /// Each channel's newest hand message: a MESSAGE_DELETE of it is the table's to answer.
    hand_messages: Mutex<HashMap<u64, u64>>,
    /// Hand messages with an edit on its way, and the newest view waiting to follow it.
    edits: Mutex<HashMap<u64, Slot>>,
    /// Told each time a message's edits are all sent.
    settled: tokio::sync::Notify,
    refusals: mpsc::UnboundedSender<Refusal>,
}

/// One hand message's queue: whether an edit is on its way, and the view to send next.
#[derive(Default)]
struct Slot {
    busy: bool,
    next: Option<TableView>,
}

pub(super) fn mentions_for(view: &TableView) -> CreateAllowedMentions {
    let user = view.hand.as_ref().filter(|h| h.outcome.is_none()).and_then(|h| h.to_act.and_then(|s| h.user(s)));
    CreateAllowedMentions::new().users(user.map(|u| serenity::UserId::new(u.get())))
}

impl DiscordPresenter {
    /// The presenter, and the receiving end of its refusals (for the table service).
    pub fn new(
        http: Arc<Http>,
        cache: Arc<serenity::Cache>,
        standing: Standing,
    ) -> (DiscordPresenter, mpsc::UnboundedReceiver<Refusal>) {
        let (refusals, rx) = mpsc::unbounded_channel();
        let shared = Shared {
            http,
            standing,
            cache,
            dm_channels: Mutex::new(HashMap::new()),
            dm_closed: Mutex::new(HashSet::new()),
            told_no_pictures: Mutex::new(HashSet::new()),
            told_silenced: Mutex::new(HashSet::new()),
            hand_messages: Mutex::new(HashMap::new()),
            edits: Mutex::new(HashMap::new()),
            settled: tokio::sync::Notify::new(),
            refusals,
        };
        (DiscordPresenter(Arc::new(shared)), rx)
    }

    /// Whether `message` is the newest hand message in `channel` (a MESSAGE_DELETE of it is a table's).
    pub fn is_hand_message(&self, channel: u64, message: u64) -> bool {
        lock(&self.0.hand_messages).get(&channel) == Some(&message)
    }

    /// Queues an edit of the view's hand message (see the module's summary).
    pub fn edit_later(&self, view: &TableView) {
        let Some(message) = view.message_id else { return };
        lock(&self.0.hand_messages).insert(view.channel.get(), message.get());
        let mut edits = lock(&self.0.edits);
        let slot = edits.entry(message.get()).or_default();
        slot.next = Some(view.clone());
        if !slot.busy {
            slot.busy = true;
            tokio::spawn(self.clone().send_edits(message.get()));
        }
    }

    /// A click's answer is about to show `view` on its hand message `message` (see the module's summary).
    pub fn answered(&self, message: u64, view: &TableView) {
        if let Some(slot) = lock(&self.0.edits).get_mut(&message).filter(|s| s.busy) {
            slot.next = Some(view.clone());
        }
    }

    /// Waits, at most `bound`, until `message` has no edit queued or on its way.
    pub async fn settled(&self, message: u64, bound: std::time::Duration) {
        let wait = async {
            loop {
                let notified = self.0.settled.notified();
                tokio::pin!(notified);
                // Registered before the look, so that a notice between the two is not missed.
                notified.as_mut().enable();
                if !lock(&self.0.edits).contains_key(&message) {
                    return;
                }
                notified.await;
            }
        };
        let _ = tokio::time::timeout(bound, wait).await;
    }

    /// Sends `message`'s queued edits, one at a time, until none waits.
    async fn send_edits(self, message: u64) {
        loop {
            let view = {
                let mut edits = lock(&self.0.edits);
                match edits.get_mut(&message).and_then(|s| s.next.take()) {
                    Some(view) => view,
                    None => {
                        edits.remove(&message);
                        drop(edits);
                        self.0.settled.notify_waiters();
                        return;
                    }
                }
            };
            let Err((why, e)) = edit_hand_message(self.0.http.clone(), self.0.standing.clone(), &view).await else {
                continue;
            };
            if let ShowError::Failed(what) = &why {
                tracing::warn!(error = %what, "could not edit a hand message");
                continue;
            }
            // Refused for good: what waits would be refused too.
            if let Some(slot) = lock(&self.0.edits).get_mut(&message) {
                slot.next = None;
            }
            if let (ShowError::Forbidden, Some(e)) = (&why, e) {
                self.tell_silenced(&view, missing_for(&e)).await;
            }
            let refusal = Refusal { channel: view.channel, message: view.message_id, why };
            if self.0.refusals.send(refusal).is_err() {
                tracing::warn!("a refusal of Discord's was not answered: the table service has stopped");
            }
        }
    }

    /// The hand message could not be posted with its picture for want of a permission (Attach Files, taken away
    /// after the table opened): tells the table's opener by DM, once a channel, which permission is missing.
    async fn tell_no_pictures(&self, view: &TableView) {
        if !lock(&self.0.told_no_pictures).insert(view.channel.get()) {
            return;
        }
        tracing::warn!(channel = %view.channel, "the bot may not attach files in a table's channel; posting without pictures");
        self.tell_opener(view, "dm-picture-permission", Permissions::ATTACH_FILES).await;
    }

    /// The bot may no longer post or edit in the table's channel: tells the opener, once until a post there
    /// succeeds again, which permission is missing.
    async fn tell_silenced(&self, view: &TableView, missing: Permissions) {
        if !lock(&self.0.told_silenced).insert(view.channel.get()) {
            return;
        }
        tracing::warn!(channel = %view.channel, missing = %super::permissions::names(missing), "the bot may no longer post in a table's channel");
        self.tell_opener(view, "dm-table-silenced", missing).await;
    }

    async fn tell_opener(&self, view: &TableView, id: &'static str, missing: Permissions) {
        let server = self.0.cache.guild(serenity::GuildId::new(view.guild.get())).map(|g| g.name.clone());
        let here = crate::tr!(view.lang, "this-server");
        let text = crate::i18n::Msg::new(id)
            .arg("channel", view.channel.get().to_string())
            .arg("server", server.as_deref().unwrap_or(&here).to_string())
            .list("missing", super::permissions::msgs(missing))
            .text(view.lang);
        if let Err(e) = self.send_dm(view.opener, text, None).await {
            tracing::info!(?e, "could not tell a table's opener about a permission");
        }
    }

    async fn dm_channel(&self, user: UserId) -> Result<ChannelId, serenity::Error> {
        if let Some(c) = lock(&self.0.dm_channels).get(&user) {
            return Ok(*c);
        }
        let channel = with_retry("opening a DM", DM_BUDGET, &self.0.standing, || {
            counted(route::OPEN_DM, serenity::UserId::new(user.get()).create_dm_channel(&*self.0.http))
        })
        .await?
        .id;
        lock(&self.0.dm_channels).insert(user, channel);
        Ok(channel)
    }

    async fn send_dm(&self, user: UserId, text: String, picture: Option<render::Picture>) -> Result<(), DmError> {
        let classify = |e: serenity::Error| {
            if json_code(&e).is_some_and(|c| DM_CLOSED_CODES.contains(&c)) {
                DmError::Closed
            } else {
                DmError::Failed(crate::echo::remote_error(&e))
            }
        };
        let channel = self.dm_channel(user).await.map_err(classify)?;
        let mut msg = CreateMessage::new().content(cap::content(text)).allowed_mentions(CreateAllowedMentions::new());
        if let Some(p) = picture {
            msg = msg.add_file(p.attachment());
        }
        with_retry("sending a DM", DM_BUDGET, &self.0.standing, || {
            counted(route::POST_MESSAGE, channel.send_message(&*self.0.http, msg.clone()))
        })
        .await
        .map_err(classify)?;
        Ok(())
    }
}

/// A lock, whether or not another thread panicked holding it (the maps stay usable).
fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|p| p.into_inner())
}

impl Presenter for DiscordPresenter {
    fn post_hand(&self, view: &TableView) -> BoxFuture<'_, Result<ids::MessageId, ShowError>> {
        let (content, embed, rows) = render::hand_message(view);
        let msg = CreateMessage::new().content(cap::content(content)).embed(cap::embed(embed)).components(rows);
        let plain = msg.allowed_mentions(mentions_for(view));
        let picture = render::hand_picture(view);
        let channel = ChannelId::new(view.channel.get());
        let view = view.clone();
        Box::pin(async move {
            let post = |msg: CreateMessage| {
                with_retry("posting a hand", CALL_BUDGET, &self.0.standing, move || {
                    counted(route::POST_MESSAGE, channel.send_message(&*self.0.http, msg.clone()))
                })
            };
            let posted = match &picture {
                Some(p) => match post(plain.clone().add_file(p.attachment())).await {
                    // No Attach Files here (taken away since the table opened): the hand goes on without its
                    // picture, and the opener is told which permission is missing.
                    Err(e) if json_code(&e) == Some(MISSING_PERMISSIONS) => {
                        let posted = post(plain).await;
                        if posted.is_ok() {
                            self.tell_no_pictures(&view).await;
                        }
                        posted
                    }
                    other => other,
                },
                None => post(plain).await,
            };
            match posted {
                Ok(m) => {
                    lock(&self.0.told_silenced).remove(&view.channel.get());
                    lock(&self.0.hand_messages).insert(view.channel.get(), m.id.get());
                    Ok(ids::MessageId(m.id.get()))
                }
                Err(e) => {
                    let why = show_error(&e);
                    if why == ShowError::Forbidden {
                        self.tell_silenced(&view, missing_for(&e)).await;
                    }
                    Err(why)
                }
            }
        })
    }

    fn edit_hand(&self, view: &TableView) -> BoxFuture<'_, Result<(), ShowError>> {
        self.edit_later(view);
        Box::pin(async { Ok(()) })
    }

    fn notice(&self, view: &TableView, text: &str) -> BoxFuture<'_, Result<(), String>> {
        let msg = CreateMessage::new().content(cap::content(text)).allowed_mentions(CreateAllowedMentions::new());
        let channel = ChannelId::new(view.channel.get());
        Box::pin(async move {
            with_retry("posting a notice", CALL_BUDGET, &self.0.standing, || {
                counted(route::POST_MESSAGE, channel.send_message(&*self.0.http, msg.clone()))
            })
            .await
            .map(|_| ())
            .map_err(|e| crate::echo::remote_error(&e))
        })
    }

    fn post_pick(&self, view: &TableView) -> BoxFuture<'_, Result<ids::MessageId, String>> {
        let Some(pick) = &view.picking else { return Box::pin(async { Err("no choice to show".to_string()) }) };
        let (content, embed, rows) = render::pick_message(view, pick);
        let mentions = CreateAllowedMentions::new().users([serenity::UserId::new(pick.dealer.get())]);
        let msg = CreateMessage::new().content(cap::content(content)).embed(cap::embed(embed)).components(rows);
        let msg = msg.allowed_mentions(mentions);
        let channel = ChannelId::new(view.channel.get());
        Box::pin(async move {
            with_retry("posting the dealer's choice", CALL_BUDGET, &self.0.standing, || {
                counted(route::POST_MESSAGE, channel.send_message(&*self.0.http, msg.clone()))
            })
            .await
            .map(|m| ids::MessageId(m.id.get()))
            .map_err(|e| crate::echo::remote_error(&e))
        })
    }

    fn edit_pick(&self, view: &TableView, message: ids::MessageId) -> BoxFuture<'_, Result<(), String>> {
        let Some(pick) = &view.picking else { return Box::pin(async { Ok(()) }) };
        let (content, embed, rows) = render::pick_message(view, pick);
        let edit = EditMessage::new()
            .content(cap::content(content))
            .embed(cap::embed(embed))
            .components(rows)
            .allowed_mentions(CreateAllowedMentions::new());
        let channel = ChannelId::new(view.channel.get());
        let message = MessageId::new(message.get());
        Box::pin(async move {
            with_retry("showing the dealer's choice", CALL_BUDGET, &self.0.standing, || {
                counted(route::EDIT_MESSAGE, channel.edit_message(&*self.0.http, message, edit.clone()))
            })
            .await
            .map(|_| ())
            .map_err(|e| crate::echo::remote_error(&e))
        })
    }

    fn dm(&self, user: UserId, view: &TableView, note: &PrivateNote) -> BoxFuture<'_, Result<(), DmError>> {
        let server = self.0.cache.guild(serenity::GuildId::new(view.guild.get())).map(|g| g.name.clone());
        let here = crate::tr!(view.lang, "this-server");
        let text = render::note_text(view, note, Some(server.as_deref().unwrap_or(&here)));
        let picture = render::note_picture(view, note);
        // A seat confirmation always tries (the user may have opened their DMs since).
        let retry = matches!(note, PrivateNote::Seated { .. });
        Box::pin(async move {
            if !retry && lock(&self.0.dm_closed).contains(&user) {
                return Err(DmError::Closed);
            }
            // Opening the channel and sending share one budget.
            let result = tokio::time::timeout(DM_BUDGET, self.send_dm(user, text, picture))
                .await
                .unwrap_or_else(|_| Err(DmError::Failed("Discord did not answer in time".into())));
            let mut closed = lock(&self.0.dm_closed);
            match result {
                Err(DmError::Closed) => closed.insert(user),
                _ => closed.remove(&user),
            };
            result
        })
    }
}

/// Edits the table's current hand message to show `view`; a failure is returned sorted, with Discord's error
/// when it said one.
fn edit_hand_message(
    http: Arc<Http>,
    standing: Standing,
    view: &TableView,
) -> impl Future<Output = Result<(), (ShowError, Option<serenity::Error>)>> + Send + 'static {
    let (content, embed, rows) = render::hand_message(view);
    let channel = ChannelId::new(view.channel.get());
    let message = view.message_id.map(|m| MessageId::new(m.get()));
    let plain = EditMessage::new().content(cap::content(content)).embed(cap::embed(embed)).components(rows);
    let plain = plain.allowed_mentions(mentions_for(view));
    let picture = render::hand_picture(view);
    async move {
        let Some(message) = message else {
            return Err((ShowError::Failed("the table has no message yet".to_string()), None));
        };
        let edit = |edit: EditMessage| {
            let http = &http;
            with_retry("editing a hand", CALL_BUDGET, &standing, move || {
                counted(route::EDIT_MESSAGE, channel.edit_message(&**http, message, edit.clone()))
            })
        };
        let edited = match &picture {
            Some(p) => match edit(with_hand_picture(plain.clone(), Some(p))).await {
                // No Attach Files: the message is kept up to date without its picture (see `post_hand`), the
                // picture it had taken off (it would show an earlier state).
                Err(e) if json_code(&e) == Some(MISSING_PERMISSIONS) => {
                    edit(plain.attachments(serenity::EditAttachments::new())).await
                }
                other => other,
            },
            None => edit(plain).await,
        };
        edited.map(|_| ()).map_err(|e| (show_error(&e), Some(e)))
    }
}

/// An edit of the hand message with its picture, when it has one. The picture is sent again with every edit:
/// a button's answer (an interaction's message update) always replaces the message's attachments, so an edit
/// that left them alone would still lose them at the next click.
pub(super) fn with_hand_picture(edit: EditMessage, picture: Option<&render::Picture>) -> EditMessage {
    match picture {
        Some(p) => edit.new_attachment(p.attachment()),
        None => edit,
    }
}
