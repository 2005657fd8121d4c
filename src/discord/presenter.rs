//! The Discord side of the table service: posts and edits hand messages,
//! sends DMs (DM channels cached), answers button clicks. Retries 429s and
//! 5xx a few times: with the rate limiter disabled (needed behind a proxy)
//! serenity hands those errors to us.

use std::collections::{HashMap, HashSet};
use std::future::Future;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use poise::serenity_prelude as serenity;
use serenity::{
    ChannelId, ComponentInteraction, CreateAllowedMentions, CreateInteractionResponse,
    CreateInteractionResponseFollowup, CreateInteractionResponseMessage, CreateMessage, EditMessage, Http, MessageId,
    UserId,
};

use super::render;
use crate::table::view::{PrivateNote, TableView, Update};
use crate::table::{BoxFuture, ButtonId, DmError, Presenter, Responder, UserError};

pub struct DiscordPresenter {
    http: Arc<Http>,
    /// For server names in DMs (filled by GUILD_CREATE; a DM says "this server" without it).
    cache: Arc<serenity::Cache>,
    dm_channels: Mutex<HashMap<u64, ChannelId>>,
    /// Users whose DMs were refused (50007/50278): not tried again until they take a seat, since every
    /// refusal counts against Discord's invalid-request limit.
    dm_closed: Mutex<HashSet<u64>>,
}

/// Discord's codes for "this user cannot receive a DM from you".
const DM_CLOSED_CODES: [isize; 2] = [50007, 50278];

fn status_of(e: &serenity::Error) -> Option<u16> {
    match e {
        serenity::Error::Http(serenity::HttpError::UnsuccessfulRequest(r)) => Some(r.status_code.as_u16()),
        _ => None,
    }
}

fn json_code(e: &serenity::Error) -> Option<isize> {
    match e {
        serenity::Error::Http(serenity::HttpError::UnsuccessfulRequest(r)) => Some(r.error.code),
        _ => None,
    }
}

/// How long a DM may take, retries included. A DM to the player who clicked is
/// sent before the click is answered, and Discord allows 3 s for that answer.
pub const DM_BUDGET: Duration = Duration::from_millis(1500);
/// How long any other call may take, retries included. The table's actor
/// waits for its Discord calls, so a hung connection must not hold it.
pub const CALL_BUDGET: Duration = Duration::from_secs(10);
/// An interaction answer is useless after Discord's 3 s.
pub const ANSWER_BUDGET: Duration = Duration::from_secs(3);

/// Runs a Discord call within `budget`, retrying rate limits and server errors
/// (4 tries, backing off 0.25 s, 0.5 s, 1 s). A call that does not answer
/// within what is left of the budget is abandoned, not retried (it may have
/// reached Discord).
pub async fn with_retry<T, F, Fut>(what: &str, budget: Duration, mut call: F) -> Result<T, serenity::Error>
where
    F: FnMut() -> Fut,
    Fut: Future<Output = Result<T, serenity::Error>>,
{
    let start = tokio::time::Instant::now();
    let mut delay = Duration::from_millis(250);
    let mut attempt = 1;
    loop {
        let left = budget.saturating_sub(start.elapsed());
        let Ok(result) = tokio::time::timeout(left, call()).await else {
            tracing::warn!(what, attempt, "Discord did not answer in time; giving up");
            return Err(serenity::Error::Other("Discord did not answer in time"));
        };
        match result {
            Err(e)
                if attempt < 4
                    && matches!(status_of(&e), Some(429 | 500..=599))
                    && start.elapsed() + delay < budget =>
            {
                tracing::warn!(what, attempt, error = %e, "Discord call failed; retrying");
                tokio::time::sleep(delay).await;
                delay *= 2;
                attempt += 1;
            }
            result => return result,
        }
    }
}

/// An interaction answer, abandoned after Discord's deadline.
async fn answer(
    http: &Http,
    interaction: &ComponentInteraction,
    response: CreateInteractionResponse,
) -> Result<(), serenity::Error> {
    match tokio::time::timeout(ANSWER_BUDGET, interaction.create_response(http, response)).await {
        Ok(r) => r,
        Err(_) => Err(serenity::Error::Other("the interaction answer timed out")),
    }
}

fn mentions_for(view: &TableView) -> CreateAllowedMentions {
    let user = view.hand.as_ref().filter(|h| h.outcome.is_none()).and_then(|h| h.to_act.and_then(|s| h.user(s)));
    CreateAllowedMentions::new().users(user.map(UserId::new))
}

impl DiscordPresenter {
    pub fn new(http: Arc<Http>, cache: Arc<serenity::Cache>) -> DiscordPresenter {
        DiscordPresenter { http, cache, dm_channels: Mutex::new(HashMap::new()), dm_closed: Mutex::new(HashSet::new()) }
    }

    async fn dm_channel(&self, user: u64) -> Result<ChannelId, serenity::Error> {
        if let Some(c) = self.dm_channels.lock().unwrap_or_else(|p| p.into_inner()).get(&user) {
            return Ok(*c);
        }
        let channel =
            with_retry("opening a DM", DM_BUDGET, || UserId::new(user).create_dm_channel(&*self.http)).await?.id;
        self.dm_channels.lock().unwrap_or_else(|p| p.into_inner()).insert(user, channel);
        Ok(channel)
    }

    async fn send_dm(&self, user: u64, text: String) -> Result<(), DmError> {
        let classify = |e: serenity::Error| {
            if json_code(&e).is_some_and(|c| DM_CLOSED_CODES.contains(&c)) {
                DmError::Closed
            } else {
                DmError::Failed(e.to_string())
            }
        };
        let channel = self.dm_channel(user).await.map_err(classify)?;
        let msg = CreateMessage::new().content(text).allowed_mentions(CreateAllowedMentions::new());
        with_retry("sending a DM", DM_BUDGET, || channel.send_message(&*self.http, msg.clone()))
            .await
            .map_err(classify)?;
        Ok(())
    }
}

impl Presenter for DiscordPresenter {
    fn post_hand(&self, view: &TableView) -> BoxFuture<'_, Result<u64, String>> {
        let (content, embed, rows) = render::hand_message(view);
        let msg =
            CreateMessage::new().content(content).embed(embed).components(rows).allowed_mentions(mentions_for(view));
        let channel = ChannelId::new(view.channel);
        Box::pin(async move {
            with_retry("posting a hand", CALL_BUDGET, || channel.send_message(&*self.http, msg.clone()))
                .await
                .map(|m| m.id.get())
                .map_err(|e| e.to_string())
        })
    }

    fn edit_hand(&self, view: &TableView) -> BoxFuture<'_, Result<(), String>> {
        Box::pin(edit_hand_message(self.http.clone(), view))
    }

    fn dm(&self, user: u64, view: &TableView, note: &PrivateNote) -> BoxFuture<'_, Result<(), DmError>> {
        let server = self.cache.guild(serenity::GuildId::new(view.guild)).map(|g| g.name.clone());
        let text = render::note_text(view, note, Some(server.as_deref().unwrap_or("this server")));
        // A seat confirmation always tries (the user may have opened their DMs since).
        let retry = matches!(note, PrivateNote::Seated { .. });
        Box::pin(async move {
            if !retry && self.dm_closed.lock().unwrap_or_else(|p| p.into_inner()).contains(&user) {
                return Err(DmError::Closed);
            }
            // Opening the channel and sending share one budget.
            let result = tokio::time::timeout(DM_BUDGET, self.send_dm(user, text))
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
fn edit_hand_message(http: Arc<Http>, view: &TableView) -> impl Future<Output = Result<(), String>> + Send + 'static {
    let (content, embed, rows) = render::hand_message(view);
    let channel = ChannelId::new(view.channel);
    let message = view.message_id.map(MessageId::new);
    let edit = EditMessage::new().content(content).embed(embed).components(rows).allowed_mentions(mentions_for(view));
    async move {
        let Some(message) = message else { return Err("the table has no message yet".to_string()) };
        with_retry("editing a hand", CALL_BUDGET, || channel.edit_message(&*http, message, edit.clone()))
            .await
            .map(|_| ())
            .map_err(|e| e.to_string())
    }
}

/// Answers a button click: the message the button is on is updated in place
/// through the interaction response (no extra API call); anything private
/// comes as an ephemeral follow-up.
pub struct ComponentResponder {
    pub http: Arc<Http>,
    pub interaction: ComponentInteraction,
    pub button: ButtonId,
}

pub async fn ephemeral(http: &Http, interaction: &ComponentInteraction, text: String) {
    let reply = CreateInteractionResponse::Message(
        CreateInteractionResponseMessage::new()
            .content(text)
            .ephemeral(true)
            .allowed_mentions(CreateAllowedMentions::new()),
    );
    if let Err(e) = answer(http, interaction, reply).await {
        tracing::warn!(error = %e, "could not answer a button click");
    }
}

/// Discord's limit on a message's content, in characters.
const CONTENT_MAX: usize = 2000;

/// The private part of an update, for the person who asked. At most one
/// message long: when the notes do not fit (a player in many sideshows), the
/// oldest ones after the first (their cards) are left out.
pub fn private_text(update: &Update) -> Option<String> {
    let mut notes: Vec<String> = update.notes.iter().map(|n| render::note_text(&update.view, n, None)).collect();
    loop {
        let mut parts: Vec<String> = update.notice.iter().cloned().collect();
        parts.extend(notes.iter().cloned());
        if update.dm_closed {
            parts.push(render::DM_FALLBACK.to_string());
        }
        if parts.is_empty() {
            return None;
        }
        let text = parts.join("\n\n");
        if text.chars().count() <= CONTENT_MAX {
            return Some(text);
        }
        if notes.len() <= 1 {
            return Some(text.chars().take(CONTENT_MAX - 1).collect::<String>() + "…");
        }
        notes.remove(1);
    }
}

impl Responder for ComponentResponder {
    fn respond(self: Box<Self>, result: Result<Update, UserError>) -> BoxFuture<'static, ()> {
        Box::pin(async move {
            let update = match result {
                Ok(u) => u,
                Err(e) => return ephemeral(&self.http, &self.interaction, e.0).await,
            };
            let view = &update.view;
            let on_hand_message = view.message_id == Some(self.interaction.message.id.get());
            let on_current_hand = on_hand_message && view.hand.as_ref().is_some_and(|h| h.hand_id == self.button.hand);
            // Join / Leave / I'm back (hand 0) also sit on hand messages: those keep their hand; only the
            // lobby message itself is redrawn as the lobby, and an older hand's message stays as it ended.
            let on_lobby =
                self.button.hand == 0 && !on_hand_message && !render::is_hand_message(&self.interaction.message);
            // The same update as a plain edit, for when the interaction response fails.
            let (message, edit) = if on_lobby {
                let (embed, rows) = render::lobby(view);
                (
                    Some(CreateInteractionResponseMessage::new().embed(embed.clone()).components(rows.clone())),
                    EditMessage::new().embed(embed).components(rows),
                )
            } else if on_current_hand || (self.button.hand == 0 && on_hand_message) {
                let (content, embed, rows) = render::hand_message(view);
                (
                    Some(
                        CreateInteractionResponseMessage::new()
                            .content(content.clone())
                            .embed(embed.clone())
                            .components(rows.clone())
                            .allowed_mentions(mentions_for(view)),
                    ),
                    EditMessage::new()
                        .content(content)
                        .embed(embed)
                        .components(rows)
                        .allowed_mentions(mentions_for(view)),
                )
            } else {
                (None, EditMessage::new())
            };
            let private = private_text(&update);
            match message {
                Some(m) => {
                    let r = answer(&self.http, &self.interaction, CreateInteractionResponse::UpdateMessage(m)).await;
                    if let Err(e) = r {
                        // Interaction responses are not retried (Discord may have taken the first one).
                        // The change is recorded already: edit the message so its buttons are not stale.
                        tracing::warn!(error = %e, "could not answer a click; editing the message instead");
                        let (channel, id) = (self.interaction.channel_id, self.interaction.message.id);
                        if let Err(e) = with_retry("editing after a failed click", CALL_BUDGET, || {
                            channel.edit_message(&*self.http, id, edit.clone())
                        })
                        .await
                        {
                            tracing::warn!(error = %e, "could not update the table message");
                        }
                    } else if let Some(text) = private {
                        let f = CreateInteractionResponseFollowup::new()
                            .content(text)
                            .ephemeral(true)
                            .allowed_mentions(CreateAllowedMentions::new());
                        if let Err(e) = with_retry("a follow-up", CALL_BUDGET, || {
                            self.interaction.create_followup(&*self.http, f.clone())
                        })
                        .await
                        {
                            tracing::warn!(error = %e, "could not send an ephemeral follow-up");
                        }
                    }
                }
                None => {
                    let text = private.unwrap_or_else(|| "Done.".to_string());
                    ephemeral(&self.http, &self.interaction, text).await;
                }
            }
            // The click changed the hand (Leave packs the leaver) but came from another message (the lobby, an
            // older hand): the hand message must show the change too.
            if !update.events.is_empty() && !on_hand_message && view.message_id.is_some() {
                if let Err(e) = edit_hand_message(self.http.clone(), view).await {
                    tracing::warn!(error = %e, "could not edit the table message");
                }
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::cards::parse_cards;
    use crate::engine::{evaluate, Rules};
    use crate::table::view::{HandSeat, HandView, SeatView};

    /// A 10-player hand with Discord-sized ids (19 digits).
    fn big_view() -> TableView {
        let users: Vec<u64> = (0..10).map(|i| 1_234_567_890_123_456_700 + i).collect();
        TableView {
            table_id: 12_345,
            guild: 1_234_567_890_123_456_789,
            channel: 1_234_567_890_123_456_788,
            opener: users[0],
            rules: Rules::default(),
            turn_seconds: 60,
            max_players: 10,
            seated: users.iter().map(|&user| SeatView { user, sat_out: false }).collect(),
            running: true,
            closed: false,
            message_id: Some(1_234_567_890_123_456_787),
            hand: Some(HandView {
                hand_id: 123_456,
                seq: 30,
                dealer: 0,
                seats: users
                    .iter()
                    .map(|&user| HandSeat { user, seen: true, packed: false, put_in: 1_000_000, stack: 1_000_000 })
                    .collect(),
                pot: 10_000_000,
                stake: 1000,
                turn: Some(1),
                to_act: Some(1),
                deadline: Some(1_800_000_000),
                pending_sideshow: None,
                joker: None,
                legal: Default::default(),
                log: Vec::new(),
                outcome: None,
            }),
            next_hand_at: None,
        }
    }

    /// "My cards" shows every private note of the hand: a player in many sideshows (up to 8 in a 10-player
    /// hand) with closed DMs must still get a reply Discord accepts (content at most 2000 characters), and it
    /// must start with their cards.
    #[test]
    fn private_text_fits_in_a_discord_message() {
        let view = big_view();
        let users: Vec<u64> = view.seated.iter().map(|s| s.user).collect();
        let rules = Rules::default();
        let mine = parse_cards("Qs Js 10s").unwrap();
        let theirs = parse_cards("2c 7d 9h").unwrap();
        let (v1, v2) = (evaluate(&mine, &rules, None).unwrap(), evaluate(&theirs, &rules, None).unwrap());
        let mut notes = vec![PrivateNote::Cards { hand_id: 123_456, cards: mine.clone(), value: Some(v1) }];
        for i in 1..=8 {
            notes.push(PrivateNote::Sideshow {
                hand_id: 123_456,
                asker: users[0],
                target: users[i],
                hands: vec![(users[0], mine.clone(), v1), (users[i], theirs.clone(), v2)],
                loser: users[i],
            });
        }
        let update = Update { view, events: Vec::new(), notes, notice: None, dm_closed: true };
        let text = private_text(&update).unwrap();
        assert!(text.chars().count() <= 2000, "{} characters:\n{text}", text.chars().count());
        assert!(text.starts_with("Your cards for hand #123456"), "{text}");
        assert!(text.contains(render::DM_FALLBACK), "{text}");
    }
}
