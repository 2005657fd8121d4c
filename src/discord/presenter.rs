//! The Discord side of the table service's [`Presenter`]: posts and edits
//! hand messages and sends DMs (DM channels cached), each call within a
//! time budget (`retry.rs`).

use std::collections::{HashMap, HashSet};
use std::future::Future;
use std::sync::{Arc, Mutex};

use poise::serenity_prelude as serenity;
use serenity::{ChannelId, CreateAllowedMentions, CreateMessage, EditMessage, Http, MessageId};

use super::retry::{json_code, with_retry, CALL_BUDGET, DM_BUDGET};
use super::{cap, render};
use crate::ids::{self, UserId};
use crate::ownership::Standing;
use crate::table::view::{PrivateNote, TableView};
use crate::table::{BoxFuture, DmError, Presenter};

pub struct DiscordPresenter {
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
}

/// Discord's code for "Missing Permissions": a post with a picture in a channel without Attach Files.
const MISSING_PERMISSIONS: isize = 50013;

/// Discord's codes for "this user cannot receive a DM from you".
const DM_CLOSED_CODES: [isize; 2] = [50007, 50278];

pub(super) fn mentions_for(view: &TableView) -> CreateAllowedMentions {
    let user = view.hand.as_ref().filter(|h| h.outcome.is_none()).and_then(|h| h.to_act.and_then(|s| h.user(s)));
    CreateAllowedMentions::new().users(user.map(|u| serenity::UserId::new(u.get())))
}

impl DiscordPresenter {
    pub fn new(http: Arc<Http>, cache: Arc<serenity::Cache>, standing: Standing) -> DiscordPresenter {
        DiscordPresenter {
            http,
            standing,
            cache,
            dm_channels: Mutex::new(HashMap::new()),
            dm_closed: Mutex::new(HashSet::new()),
            told_no_pictures: Mutex::new(HashSet::new()),
        }
    }

    /// The hand message could not be posted with its picture for want of a permission (Attach Files, taken away
    /// after the table opened): tells the table's opener by DM, once a channel, which permission is missing.
    async fn tell_no_pictures(&self, view: &TableView) {
        if !self.told_no_pictures.lock().unwrap_or_else(|p| p.into_inner()).insert(view.channel.get()) {
            return;
        }
        tracing::warn!(channel = %view.channel, "the bot may not attach files in a table's channel; posting without pictures");
        let server = self.cache.guild(serenity::GuildId::new(view.guild.get())).map(|g| g.name.clone());
        let here = crate::tr!(view.lang, "this-server");
        let text = crate::tr!(
            view.lang,
            "dm-picture-permission",
            channel = view.channel.get().to_string(),
            server = server.as_deref().unwrap_or(&here).to_string(),
            missing = super::permissions::names(serenity::Permissions::ATTACH_FILES)
        );
        if let Err(e) = self.send_dm(view.opener, text, None).await {
            tracing::info!(?e, "could not tell a table's opener that pictures cannot be attached");
        }
    }

    async fn dm_channel(&self, user: UserId) -> Result<ChannelId, serenity::Error> {
        if let Some(c) = self.dm_channels.lock().unwrap_or_else(|p| p.into_inner()).get(&user) {
            return Ok(*c);
        }
        let channel = with_retry("opening a DM", DM_BUDGET, &self.standing, || {
            serenity::UserId::new(user.get()).create_dm_channel(&*self.http)
        })
        .await?
        .id;
        self.dm_channels.lock().unwrap_or_else(|p| p.into_inner()).insert(user, channel);
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
        with_retry("sending a DM", DM_BUDGET, &self.standing, || channel.send_message(&*self.http, msg.clone()))
            .await
            .map_err(classify)?;
        Ok(())
    }
}

impl Presenter for DiscordPresenter {
    fn post_hand(&self, view: &TableView) -> BoxFuture<'_, Result<ids::MessageId, String>> {
        let (content, embed, rows) = render::hand_message(view);
        let msg = CreateMessage::new().content(cap::content(content)).embed(cap::embed(embed)).components(rows);
        let plain = msg.allowed_mentions(mentions_for(view));
        let picture = render::hand_picture(view);
        let channel = ChannelId::new(view.channel.get());
        let view = view.clone();
        Box::pin(async move {
            let post = |msg: CreateMessage| {
                with_retry("posting a hand", CALL_BUDGET, &self.standing, move || {
                    channel.send_message(&*self.http, msg.clone())
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
            posted.map(|m| ids::MessageId(m.id.get())).map_err(|e| crate::echo::remote_error(&e))
        })
    }

    fn edit_hand(&self, view: &TableView) -> BoxFuture<'_, Result<(), String>> {
        Box::pin(edit_hand_message(self.http.clone(), self.standing.clone(), view))
    }

    fn notice(&self, view: &TableView, text: &str) -> BoxFuture<'_, Result<(), String>> {
        let msg = CreateMessage::new().content(cap::content(text)).allowed_mentions(CreateAllowedMentions::new());
        let channel = ChannelId::new(view.channel.get());
        Box::pin(async move {
            with_retry("posting a notice", CALL_BUDGET, &self.standing, || {
                channel.send_message(&*self.http, msg.clone())
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
            with_retry("posting the dealer's choice", CALL_BUDGET, &self.standing, || {
                channel.send_message(&*self.http, msg.clone())
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
            with_retry("showing the dealer's choice", CALL_BUDGET, &self.standing, || {
                channel.edit_message(&*self.http, message, edit.clone())
            })
            .await
            .map(|_| ())
            .map_err(|e| crate::echo::remote_error(&e))
        })
    }

    fn dm(&self, user: UserId, view: &TableView, note: &PrivateNote) -> BoxFuture<'_, Result<(), DmError>> {
        let server = self.cache.guild(serenity::GuildId::new(view.guild.get())).map(|g| g.name.clone());
        let here = crate::tr!(view.lang, "this-server");
        let text = render::note_text(view, note, Some(server.as_deref().unwrap_or(&here)));
        let picture = render::note_picture(view, note);
        // A seat confirmation always tries (the user may have opened their DMs since).
        let retry = matches!(note, PrivateNote::Seated { .. });
        Box::pin(async move {
            if !retry && self.dm_closed.lock().unwrap_or_else(|p| p.into_inner()).contains(&user) {
                return Err(DmError::Closed);
            }
            // Opening the channel and sending share one budget.
            let result = tokio::time::timeout(DM_BUDGET, self.send_dm(user, text, picture))
                .await
                .unwrap_or_else(|_| Err(DmError::Failed("Discord did not answer in time".into())));
            let mut closed = self.dm_closed.lock().unwrap_or_else(|p| p.into_inner());
            match result {
                Err(DmError::Closed) => closed.insert(user),
                _ => closed.remove(&user),
            };
            result
        })
    }
}

/// Edits the table's current hand message to show `view`.
pub(super) fn edit_hand_message(
    http: Arc<Http>,
    standing: Standing,
    view: &TableView,
) -> impl Future<Output = Result<(), String>> + Send + 'static {
    let (content, embed, rows) = render::hand_message(view);
    let channel = ChannelId::new(view.channel.get());
    let message = view.message_id.map(|m| MessageId::new(m.get()));
    let plain = EditMessage::new().content(cap::content(content)).embed(cap::embed(embed)).components(rows);
    let plain = plain.allowed_mentions(mentions_for(view));
    let picture = render::hand_picture(view);
    async move {
        let Some(message) = message else { return Err("the table has no message yet".to_string()) };
        let edit = |edit: EditMessage| {
            let http = &http;
            with_retry("editing a hand", CALL_BUDGET, &standing, move || {
                channel.edit_message(&**http, message, edit.clone())
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
        edited.map(|_| ()).map_err(|e| crate::echo::remote_error(&e))
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
