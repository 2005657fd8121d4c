//! Answers a button click: the message the button is on is updated in place
//! through the interaction response (no extra API call); anything private
//! comes as an ephemeral follow-up.

use std::sync::Arc;

use poise::serenity_prelude as serenity;
use serenity::{
    ComponentInteraction, CreateAllowedMentions, CreateInteractionResponse, CreateInteractionResponseFollowup,
    CreateInteractionResponseMessage, EditMessage, Http,
};

use super::presenter::{edit_hand_message, mentions_for, with_hand_picture};
use super::retry::{answer, with_retry, CALL_BUDGET};
use super::{cap, render};
use crate::ownership::Standing;
use crate::table::view::Update;
use crate::table::{BoxFuture, ButtonId, Command, Responder, UserError};

/// The responder of one button click.
pub struct ComponentResponder {
    pub http: Arc<Http>,
    /// Whether this process still speaks for its tables: no call is made once it has lapsed.
    pub standing: Standing,
    pub interaction: ComponentInteraction,
    pub button: ButtonId,
}

pub async fn ephemeral(http: &Http, standing: &Standing, interaction: &ComponentInteraction, text: String) {
    ephemeral_with(http, standing, interaction, text, Vec::new()).await
}

/// An ephemeral answer with pictures.
async fn ephemeral_with(
    http: &Http,
    standing: &Standing,
    interaction: &ComponentInteraction,
    text: String,
    pictures: Vec<render::Picture>,
) {
    let reply = CreateInteractionResponse::Message(
        CreateInteractionResponseMessage::new()
            .content(cap::content(text))
            .add_files(pictures.iter().map(render::Picture::attachment))
            .ephemeral(true)
            .allowed_mentions(CreateAllowedMentions::new()),
    );
    if let Err(e) = answer(http, standing, interaction, reply).await {
        tracing::warn!(error = %crate::echo::remote_error(&e), "could not answer a button click");
    }
}

/// The private part of an update, for the person who asked. At most one
/// message long: when the notes do not fit (a player in many sideshows), the
/// oldest ones after the first (their cards) are left out.
pub fn private_text(update: &Update) -> Option<String> {
    let mut notes: Vec<String> = update.notes.iter().map(|n| render::note_text(&update.view, n, None)).collect();
    loop {
        let mut parts: Vec<String> = update.notice.iter().cloned().collect();
        parts.extend(notes.iter().cloned());
        if update.dm_closed {
            parts.push(render::dm_fallback(update.view.lang));
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
    update.notes.iter().filter_map(|n| render::note_picture(&update.view, n)).take(MAX_PICTURES).collect()
}

/// The most pictures one private answer carries (Discord allows 10 attachments).
const MAX_PICTURES: usize = 4;

impl Responder for ComponentResponder {
    fn respond(self: Box<Self>, result: Result<Update, UserError>) -> BoxFuture<'static, ()> {
        Box::pin(async move {
            let update = match result {
                Ok(u) => u,
                Err(e) => return ephemeral(&self.http, &self.standing, &self.interaction, e.text()).await,
            };
            let view = &update.view;
            if let Some(menu) = &update.menu {
                let (text, rows) = render::menu(view, menu);
                let reply = CreateInteractionResponse::Message(
                    CreateInteractionResponseMessage::new()
                        .content(cap::content(text))
                        .components(rows)
                        .ephemeral(true)
                        .allowed_mentions(CreateAllowedMentions::new()),
                );
                if let Err(e) = answer(&self.http, &self.standing, &self.interaction, reply).await {
                    tracing::warn!(error = %crate::echo::remote_error(&e), "could not answer a click with a menu");
                }
                return;
            }
            if let Command::Pick(_) = self.button.command {
                // The dealer's menu (an ephemeral message) becomes the answer: the game chosen. The prompt and the
                // new hand's message show the choice to everyone.
                let text = private_text(&update).unwrap_or_else(|| crate::tr!(view.lang, "done"));
                let reply = CreateInteractionResponse::UpdateMessage(
                    CreateInteractionResponseMessage::new()
                        .content(cap::content(text))
                        .components(Vec::new())
                        .allowed_mentions(CreateAllowedMentions::new()),
                );
                if let Err(e) = answer(&self.http, &self.standing, &self.interaction, reply).await {
                    tracing::warn!(error = %crate::echo::remote_error(&e), "could not answer the dealer's choice");
                }
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
            let (message, edit) = if on_lobby {
                let (embed, rows) = render::lobby(view);
                (
                    Some(
                        CreateInteractionResponseMessage::new()
                            .embed(cap::embed(embed.clone()))
                            .components(rows.clone()),
                    ),
                    EditMessage::new().embed(cap::embed(embed)).components(rows),
                )
            } else if on_current_hand || (self.button.hand.is_none() && on_hand_message) {
                let (content, embed, rows) = render::hand_message(view);
                // The answer replaces the message's attachments: the hand's picture goes with it each time.
                let picture = render::hand_picture(view);
                (
                    Some(
                        CreateInteractionResponseMessage::new()
                            .content(cap::content(content.clone()))
                            .embed(cap::embed(embed.clone()))
                            .components(rows.clone())
                            .allowed_mentions(mentions_for(view))
                            .add_files(picture.iter().map(render::Picture::attachment)),
                    ),
                    with_hand_picture(
                        EditMessage::new()
                            .content(cap::content(content))
                            .embed(cap::embed(embed))
                            .components(rows)
                            .allowed_mentions(mentions_for(view)),
                        picture.as_ref(),
                    ),
                )
            } else {
                (None, EditMessage::new())
            };
            let private = private_text(&update);
            let pictures = private_pictures(&update);
            match message {
                Some(m) => {
                    let r = answer(
                        &self.http,
                        &self.standing,
                        &self.interaction,
                        CreateInteractionResponse::UpdateMessage(m),
                    )
                    .await;
                    if let Err(e) = r {
                        // Interaction responses are not retried (Discord may have taken the first one).
                        // The change is recorded already: edit the message so its buttons are not stale.
                        tracing::warn!(error = %crate::echo::remote_error(&e), "could not answer a click; editing the message instead");
                        let (channel, id) = (self.interaction.channel_id, self.interaction.message.id);
                        if let Err(e) = with_retry("editing after a failed click", CALL_BUDGET, &self.standing, || {
                            channel.edit_message(&*self.http, id, edit.clone())
                        })
                        .await
                        {
                            tracing::warn!(error = %crate::echo::remote_error(&e), "could not update the table message");
                        }
                    } else if let Some(text) = private {
                        let f = CreateInteractionResponseFollowup::new()
                            .content(cap::content(text))
                            .add_files(pictures.iter().map(render::Picture::attachment))
                            .ephemeral(true)
                            .allowed_mentions(CreateAllowedMentions::new());
                        if let Err(e) = with_retry("a follow-up", CALL_BUDGET, &self.standing, || {
                            self.interaction.create_followup(&*self.http, f.clone())
                        })
                        .await
                        {
                            tracing::warn!(error = %crate::echo::remote_error(&e), "could not send an ephemeral follow-up");
                        }
                    }
                }
                None => {
                    let text = private.unwrap_or_else(|| crate::tr!(view.lang, "done"));
                    ephemeral_with(&self.http, &self.standing, &self.interaction, text, pictures).await;
                }
            }
            // The click changed the hand (Leave packs the leaver) but came from another message (the lobby, an
            // older hand): the hand message must show the change too.
            if !update.events.is_empty() && !on_hand_message && view.message_id.is_some() {
                if let Err(e) = edit_hand_message(self.http.clone(), self.standing.clone(), view).await {
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
                log: Vec::new(),
                outcome: None,
                fair: Some(crate::table::view::FairView { commitment: "ab".repeat(32), revealed: None }),
            }),
            next_hand_at: None,
            picking: None,
            next_commitment: Some("cd".repeat(32)),
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
        let update = Update { view, events: Vec::new(), notes, notice: None, dm_closed: true, menu: None };
        let text = private_text(&update).unwrap();
        assert!(text.chars().count() <= 2000, "{} characters:\n{text}", text.chars().count());
        assert!(text.starts_with("Your cards for hand #123456"), "{text}");
        assert!(text.contains(&render::dm_fallback(Default::default())), "{text}");
    }
}
