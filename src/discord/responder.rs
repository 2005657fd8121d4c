//! Answers a button click: the message the button is on is updated in place
//! through the interaction response (no extra API call); anything private
//! comes as an ephemeral follow-up.
//!
//! Every click has an [`Ack`] (`ack.rs`), whose watchdog acknowledges it with a deferred update if the table
//! has not answered within [`ACK_DEADLINE`]. The answer that comes later edits the clicked message (and sends
//! the private part as a follow-up), through the interaction's own token, which no channel's rate limit holds
//! up.

use std::sync::Arc;

use poise::serenity_prelude as serenity;
use serenity::{
    ComponentInteraction, CreateActionRow, CreateAllowedMentions, CreateEmbed, CreateInteractionResponse,
    CreateInteractionResponseFollowup, CreateInteractionResponseMessage, EditInteractionResponse, EditMessage, Http,
};

use super::ack::AckState;
pub use super::ack::{Ack, Arrival, ACK_DEADLINE};
use super::observe::{counted, route};
use super::presenter::{mentions_for, with_hand_picture, DiscordPresenter};
use super::retry::{with_retry, ANSWER_BUDGET, CALL_BUDGET};
use super::{cap, render};
use crate::metrics::Outcome;
use crate::ownership::Standing;
use crate::table::view::Update;
use crate::table::{BoxFuture, ButtonId, Command, Responder, UserError};

/// What a click is answered with.
enum Reply {
    /// The clicked message, updated in place (type 7; after a deferral, an edit of it).
    Update(Box<Parts>),
    /// A message only the clicker sees (a refusal, a private note, a menu).
    Private { text: String, rows: Vec<CreateActionRow>, pictures: Vec<render::Picture> },
}

/// A message's parts, for either way of sending it.
struct Parts {
    content: Option<String>,
    embed: Option<CreateEmbed>,
    rows: Vec<CreateActionRow>,
    mentions: CreateAllowedMentions,
    /// The message's picture; `None` takes the one it had off.
    picture: Option<render::Picture>,
}

impl Parts {
    fn response(&self) -> CreateInteractionResponseMessage {
        let mut m = CreateInteractionResponseMessage::new().components(self.rows.clone());
        if let Some(c) = &self.content {
            m = m.content(cap::content(c.clone()));
        }
        if let Some(e) = &self.embed {
            m = m.embed(cap::embed(e.clone()));
        }
        m.allowed_mentions(self.mentions.clone()).add_files(self.picture.iter().map(render::Picture::attachment))
    }

    fn edit(&self) -> EditInteractionResponse {
        let mut m = EditInteractionResponse::new().components(self.rows.clone());
        if let Some(c) = &self.content {
            m = m.content(cap::content(c.clone()));
        }
        if let Some(e) = &self.embed {
            m = m.embed(cap::embed(e.clone()));
        }
        let m = m.allowed_mentions(self.mentions.clone()).clear_attachments();
        match &self.picture {
            Some(p) => m.new_attachment(p.attachment()),
            None => m,
        }
    }
}

/// The responder of one button click.
pub struct ComponentResponder {
    pub http: Arc<Http>,
    /// Whether this process still speaks for its tables: no call is made once it has lapsed.
    pub standing: Standing,
    pub interaction: ComponentInteraction,
    pub button: ButtonId,
    pub ack: Arc<Ack>,
    /// The hand messages' editor: told of each answer that updates a hand message (see `presenter.rs`).
    pub presenter: DiscordPresenter,
}

/// Answers a click ephemerally, at once (a refusal before its table is asked), counted as `outcome`.
pub async fn ephemeral(
    http: &Http,
    standing: &Standing,
    interaction: &ComponentInteraction,
    (arrival, outcome): (Arrival, Outcome),
    text: String,
) {
    let reply = Reply::Private { text, rows: Vec::new(), pictures: Vec::new() };
    deliver(http, standing, interaction, &Ack::immediate(arrival), reply, outcome).await;
}

/// Answers a click by replacing the clicked message with `text` and no buttons (after `ack`'s deferral, an edit
/// of it), counted as answered. Whether it went through.
pub async fn replace(
    http: &Http,
    standing: &Standing,
    interaction: &ComponentInteraction,
    ack: &Ack,
    text: String,
) -> bool {
    let mentions = CreateAllowedMentions::new();
    let parts = Parts { content: Some(text), embed: None, rows: Vec::new(), mentions, picture: None };
    deliver(http, standing, interaction, ack, Reply::Update(Box::new(parts)), Outcome::Answered).await
}

/// Sends `reply` as the click's first answer, or after a deferral as an edit of the clicked message and a
/// private follow-up. Whether it went through; a failure is logged. A first answer is counted with `outcome`
/// (or as failed, or late when Discord says the interaction expired).
async fn deliver(
    http: &Http,
    standing: &Standing,
    interaction: &ComponentInteraction,
    ack: &Ack,
    reply: Reply,
    outcome: Outcome,
) -> bool {
    if !standing.holds() {
        return false;
    }
    let mut state = ack.state.lock().await;
    let deferred = *state == AckState::Deferred;
    let sent = match (&reply, deferred) {
        (Reply::Update(parts), false) => {
            let r = CreateInteractionResponse::UpdateMessage(parts.response());
            bounded(counted(route::CALLBACK, interaction.create_response(http, r))).await
        }
        (Reply::Private { text, rows, pictures }, false) => {
            let m = CreateInteractionResponseMessage::new()
                .content(cap::content(text.clone()))
                .components(rows.clone())
                .add_files(pictures.iter().map(render::Picture::attachment))
                .ephemeral(true)
                .allowed_mentions(CreateAllowedMentions::new());
            bounded(counted(route::CALLBACK, interaction.create_response(http, CreateInteractionResponse::Message(m))))
                .await
        }
        (Reply::Update(parts), true) => {
            bounded(counted(route::ORIGINAL, interaction.edit_response(http, parts.edit()))).await.map(|_| ())
        }
        (Reply::Private { text, rows, pictures }, true) => {
            let f = followup(text, pictures).components(rows.clone());
            bounded(counted(route::FOLLOWUP, interaction.create_followup(http, f))).await.map(|_| ())
        }
    };
    if !deferred {
        *state = AckState::Answered;
        ack.arrival.answered(match &sent {
            Ok(()) => outcome,
            // 10062 Unknown interaction: its 3 s were over by the time the answer reached Discord.
            Err(e) if super::retry::json_code(e) == Some(10062) => Outcome::Late,
            Err(_) => Outcome::Failed,
        });
    }
    drop(state);
    match sent {
        Ok(()) => true,
        Err(e) => {
            tracing::warn!(error = %crate::echo::remote_error(&e), deferred, "could not answer a button click");
            false
        }
    }
}

/// An ephemeral follow-up with `text` and `pictures`.
fn followup(text: &str, pictures: &[render::Picture]) -> CreateInteractionResponseFollowup {
    CreateInteractionResponseFollowup::new()
        .content(cap::content(text.to_string()))
        .add_files(pictures.iter().map(render::Picture::attachment))
        .ephemeral(true)
        .allowed_mentions(CreateAllowedMentions::new())
}

/// An answer abandoned after Discord's deadline for it (an interaction answer is not retried: Discord may have
/// taken the first).
async fn bounded<T>(call: impl std::future::Future<Output = Result<T, serenity::Error>>) -> Result<T, serenity::Error> {
    match tokio::time::timeout(ANSWER_BUDGET, call).await {
        Ok(r) => r,
        Err(_) => Err(serenity::Error::Other("the interaction answer timed out")),
    }
}

/// The private part of an update, for the person who asked. At most one
/// message long: when the notes do not fit (a player in many sideshows), the
/// oldest ones after the first (their cards) are left out.
pub fn private_text(update: &Update) -> Option<String> {
    let private = update.private_view();
    let mut notes: Vec<String> = update.notes.iter().map(|n| render::note_text(&private, n, None)).collect();
    loop {
        let mut parts: Vec<String> = update.notice.iter().cloned().collect();
        parts.extend(notes.iter().cloned());
        if update.dm_closed {
            parts.push(render::dm_fallback(update.private_lang));
        }
        if parts.is_empty() {
            return None;
        }
        let text = parts.join("\n\n");
        if text.chars().count() <= cap::CONTENT_MAX {
            return Some(text);
        }
        if notes.len() <= 1 {
            return Some(cap::cut(&text, cap::CONTENT_MAX));
        }
        notes.remove(1);
    }
}

/// The pictures of the private part of an update (a player's cards, a sideshow's hands): at most
/// [`MAX_PICTURES`], their cards first.
pub fn private_pictures(update: &Update) -> Vec<render::Picture> {
    let private = update.private_view();
    update.notes.iter().filter_map(|n| render::note_picture(&private, n)).take(MAX_PICTURES).collect()
}

/// The most pictures one private answer carries (Discord allows 10 attachments).
const MAX_PICTURES: usize = 4;

impl ComponentResponder {
    async fn reply(&self, reply: Reply) -> bool {
        deliver(&self.http, &self.standing, &self.interaction, &self.ack, reply, Outcome::Answered).await
    }
}

impl Responder for ComponentResponder {
    fn respond(self: Box<Self>, result: Result<Update, UserError>) -> BoxFuture<'static, ()> {
        Box::pin(async move {
            let update = match result {
                Ok(u) => u,
                Err(e) => {
                    // A refusal the table did not write in a language (it could not: the table is gone) is written in
                    // the reader's own, where the catalogue has it.
                    let reader = crate::i18n::Lang::from_discord_locale(&self.interaction.locale);
                    let text = e.text_in(reader.unwrap_or_default());
                    let reply = Reply::Private { text, rows: Vec::new(), pictures: Vec::new() };
                    let outcome = if e.is_internal() { Outcome::Failed } else { Outcome::Refused };
                    deliver(&self.http, &self.standing, &self.interaction, &self.ack, reply, outcome).await;
                    return;
                }
            };
            let view = &update.view;
            if let Some(menu) = &update.menu {
                let (text, rows) = render::menu(&update.private_view(), menu);
                self.reply(Reply::Private { text, rows, pictures: Vec::new() }).await;
                return;
            }
            if let Command::Pick(_) = self.button.command {
                // The dealer's menu (an ephemeral message) becomes the answer: the game chosen. The prompt and the
                // new hand's message show the choice to everyone.
                let text = private_text(&update).unwrap_or_else(|| crate::tr!(update.private_lang, "done"));
                let parts = Parts {
                    content: Some(text),
                    embed: None,
                    rows: Vec::new(),
                    mentions: CreateAllowedMentions::new(),
                    picture: None,
                };
                self.reply(Reply::Update(Box::new(parts))).await;
                return;
            }
            let on_hand_message = view.message_id.is_some_and(|m| m.get() == self.interaction.message.id.get());
            let on_current_hand =
                on_hand_message && view.hand.as_ref().is_some_and(|h| Some(h.hand_id) == self.button.hand);
            // Join / Leave / I'm back (hand 0) also sit on hand messages: those keep their hand; only the
            // lobby message itself is redrawn as the lobby, and an older hand's message stays as it ended.
            let on_lobby =
                self.button.hand.is_none() && !on_hand_message && !render::is_hand_message(&self.interaction.message);
            // The same update as a plain edit, for when the interaction response fails.
            let (parts, edit) = if on_lobby {
                let (embed, rows) = render::lobby(view);
                let edit = EditMessage::new().embed(cap::embed(embed.clone())).components(rows.clone());
                let parts = Parts {
                    content: None,
                    embed: Some(embed),
                    rows,
                    mentions: CreateAllowedMentions::new(),
                    picture: None,
                };
                (Some(parts), edit)
            } else if on_current_hand || (self.button.hand.is_none() && on_hand_message) {
                let (content, embed, rows) = render::hand_message(view);
                // The answer replaces the message's attachments: the hand's picture goes with it each time.
                let picture = render::hand_picture(view);
                let edit = with_hand_picture(
                    EditMessage::new()
                        .content(cap::content(content.clone()))
                        .embed(cap::embed(embed.clone()))
                        .components(rows.clone())
                        .allowed_mentions(mentions_for(view)),
                    picture.as_ref(),
                );
                let parts =
                    Parts { content: Some(content), embed: Some(embed), rows, mentions: mentions_for(view), picture };
                (Some(parts), edit)
            } else {
                (None, EditMessage::new())
            };
            let private = private_text(&update);
            let pictures = private_pictures(&update);
            let updates_hand = parts.is_some() && on_hand_message;
            if updates_hand {
                self.presenter.answered(self.interaction.message.id.get(), view);
            }
            match parts {
                Some(parts) => {
                    if !self.reply(Reply::Update(Box::new(parts))).await {
                        // The change is recorded already: edit the message so its buttons are not stale (a hand
                        // message through its editor; the lobby in a task of its own, not holding the table).
                        if updates_hand {
                            self.presenter.edit_later(view);
                        } else {
                            let (http, standing) = (self.http.clone(), self.standing.clone());
                            let (channel, id) = (self.interaction.channel_id, self.interaction.message.id);
                            tokio::spawn(async move {
                                let edited = with_retry("editing after a failed click", CALL_BUDGET, &standing, || {
                                    counted(route::EDIT_MESSAGE, channel.edit_message(&*http, id, edit.clone()))
                                })
                                .await;
                                if let Err(e) = edited {
                                    tracing::warn!(error = %crate::echo::remote_error(&e), "could not update the table message");
                                }
                            });
                        }
                    } else if let Some(text) = private {
                        let f = followup(&text, &pictures);
                        if let Err(e) = with_retry("a follow-up", CALL_BUDGET, &self.standing, || {
                            counted(route::FOLLOWUP, self.interaction.create_followup(&*self.http, f.clone()))
                        })
                        .await
                        {
                            tracing::warn!(error = %crate::echo::remote_error(&e), "could not send an ephemeral follow-up");
                        }
                    }
                }
                None => {
                    let text = private.unwrap_or_else(|| crate::tr!(update.private_lang, "done"));
                    self.reply(Reply::Private { text, rows: Vec::new(), pictures }).await;
                }
            }
            // The click changed the hand (Leave packs the leaver) but came from another message (the lobby, an
            // older hand): the hand message must show the change too.
            if !update.events.is_empty() && !on_hand_message && view.message_id.is_some() {
                self.presenter.edit_later(view);
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::cards::parse_cards;
    use crate::engine::{evaluate, Rules};
    use crate::ids::{ChannelId, GuildId, HandId, MessageId, TableId, UserId};
    use crate::table::view::{HandSeat, HandView, PrivateNote, SeatView, TableView};

    /// A 10-player hand with Discord-sized ids (19 digits).
    fn big_view() -> TableView {
        let users: Vec<UserId> = (0..10).map(|i| UserId(1_234_567_890_123_456_700 + i)).collect();
        TableView {
            table_id: TableId(12_345),
            guild: GuildId(1_234_567_890_123_456_789),
            channel: ChannelId(1_234_567_890_123_456_788),
            opener: users[0],
            rules: Rules::default(),
            turn_seconds: 60,
            max_players: 10,
            seated: users.iter().map(|&user| SeatView { user, sat_out: false }).collect(),
            running: true,
            closed: false,
            message_id: Some(MessageId(1_234_567_890_123_456_787)),
            hand: Some(HandView {
                hand_id: HandId(123_456),
                seq: 30,
                dealer: 0,
                seats: users
                    .iter()
                    .map(|&user| HandSeat {
                        user,
                        seen: true,
                        packed: false,
                        put_in: 1_000_000,
                        stack: 1_000_000,
                        declared: false,
                    })
                    .collect(),
                pot: 10_000_000,
                stake: 1000,
                boot: 1,
                turn: Some(1),
                to_act: Some(1),
                deadline: Some(1_800_000_000),
                pending_sideshow: None,
                pending_show: None,
                pending_split: None,
                rules: Rules::default(),
                plan: Rules::default().parts().unwrap().plan,
                phase: Default::default(),
                round: 1,
                board: Default::default(),
                legal: Default::default(),
                legal_of: Vec::new(),
                log: Vec::new(),
                outcome: None,
                fair: Some(crate::table::view::FairView { commitment: "ab".repeat(32), revealed: None }),
            }),
            next_hand_at: None,
            picking: None,
            next_commitment: Some("cd".repeat(32)),
            tournament: false,
            lang: Default::default(),
        }
    }

    /// "My cards" shows every private note of the hand: a player in many sideshows (up to 8 in a 10-player
    /// hand) with closed DMs must still get a reply Discord accepts (content at most 2000 characters), and it
    /// must start with their cards.
    #[test]
    fn private_text_fits_in_a_discord_message() {
        let view = big_view();
        let users: Vec<UserId> = view.seated.iter().map(|s| s.user).collect();
        let rules = Rules::default();
        let mine = parse_cards("Qs Js 10s").unwrap();
        let theirs = parse_cards("2c 7d 9h").unwrap();
        let (v1, v2) = (evaluate(&mine, &rules, None).unwrap(), evaluate(&theirs, &rules, None).unwrap());
        let mut notes =
            vec![PrivateNote::Cards { hand_id: HandId(123_456), cards: mine.clone(), value: Some(v1), made: None }];
        for i in 1..=8 {
            notes.push(PrivateNote::Sideshow {
                hand_id: HandId(123_456),
                asker: users[0],
                target: users[i],
                hands: vec![(users[0], mine.clone(), v1), (users[i], theirs.clone(), v2)],
                loser: users[i],
            });
        }
        let private_lang = view.lang;
        let update =
            Update { view, events: Vec::new(), notes, notice: None, dm_closed: true, menu: None, private_lang };
        let text = private_text(&update).unwrap();
        assert!(text.chars().count() <= 2000, "{} characters:\n{text}", text.chars().count());
        assert!(text.starts_with("Your cards for hand #123456"), "{text}");
        assert!(text.contains(&render::dm_fallback(Default::default())), "{text}");
    }
}
