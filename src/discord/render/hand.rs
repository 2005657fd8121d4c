//! The hand message: who must act, the pot, every seat, the last actions,
//! and the buttons the engine's legal actions allow.

use poise::serenity_prelude as serenity;
use serenity::{ButtonStyle, CreateActionRow, CreateEmbed, CreateEmbedFooter};

use super::{
    board_lines, button, event_line, lobby, lobby_button, mention, pick_line, picking_line, truncate, who, GOLD, GREEN,
};
use crate::engine::hand::Phase;
use crate::engine::Action;
use crate::ids::UserId;
use crate::table::view::{HandView, TableView};
use crate::table::{ButtonId, Command, Command::Play};

const HAND_TITLE: &str = "Teen Patti · hand #";

/// Whether a message the bot sent is a hand message (by its title).
pub fn is_hand_message(message: &serenity::Message) -> bool {
    message.embeds.first().and_then(|e| e.title.as_deref()).is_some_and(|t| t.starts_with(HAND_TITLE))
}

/// The hand message: content (a mention of whoever must act), embed, buttons.
pub fn hand_message(view: &TableView) -> (String, CreateEmbed, Vec<CreateActionRow>) {
    let Some(hand) = view.hand.as_ref() else {
        let (e, rows) = lobby(view);
        return (String::new(), e, rows);
    };
    let over = hand.outcome.is_some();
    let users: Vec<UserId> = hand.seats.iter().map(|s| s.user).collect();
    let pot = hand.outcome.as_ref().map_or(hand.pot, |o| o.pot);
    let mut desc = vec![format!("Pot **{pot}** · stake **{}** · boot {}", hand.stake, view.rules.boot)];
    desc.extend(pick_line(view, hand));
    desc.extend(board_lines(&users, &hand.board, &hand.plan));
    desc.extend(fair_line(hand));
    if !over {
        // Entropy given now goes into the next hand, whose seed is already committed to.
        desc.extend(super::next_commitment_line(view));
    }
    // A question waiting for the player to act: who asked, the words around them, and what the player answers.
    let question = match (hand.pending_sideshow, hand.pending_show, hand.pending_split) {
        (Some((asker, _)), _, _) => {
            Some((asker, "asked", " for a sideshow: accept or deny", "accept or deny the sideshow"))
        }
        (_, Some((payer, _)), _) => Some((
            payer,
            "called a show against",
            ": show the cards or concede the pot unseen",
            "show your cards or concede",
        )),
        (_, _, Some((proposer, _))) => Some((
            proposer,
            "offered",
            " to end the hand and share the pot: accept, or play on",
            "accept the split or play on",
        )),
        _ => None,
    };
    // A high-low show by declaration: everyone who has not declared answers at once, in secret.
    let declaring = hand.phase == Phase::Declaring && !over;
    let undeclared: Vec<String> =
        hand.seats.iter().filter(|s| declaring && !s.packed && !s.declared).map(|s| mention(s.user)).collect();
    let content = match (hand.to_act, question) {
        _ if over => String::new(),
        _ if declaring => {
            let when = hand
                .deadline
                .map(|d| format!(" Time runs out <t:{d}:R>: a silent player declares high."))
                .unwrap_or_default();
            desc.push(format!(
                "Declare: every player still in chooses **high** or **low**, in secret; all are revealed together.{when}"
            ));
            format!("{}, declare high or low.", undeclared.join(", "))
        }
        (Some(seat), Some((asker, verb, rest, answer))) => {
            let when = hand.deadline.map(|d| format!(" <t:{d}:R>")).unwrap_or_default();
            desc.push(format!("{} {verb} {}{rest}{when}.", who(&users, asker), who(&users, seat)));
            format!("{}, {answer}.", who(&users, seat))
        }
        (Some(seat), None) => {
            let when = hand.deadline.map(|d| format!(", timer ends <t:{d}:R>")).unwrap_or_default();
            desc.push(format!("Turn: {}{when}", who(&users, seat)));
            format!("{}, it's your turn.", who(&users, seat))
        }
        (None, _) => String::new(),
    };
    let seats: Vec<String> = hand
        .seats
        .iter()
        .enumerate()
        .map(|(i, s)| {
            let waiting = if declaring { !s.packed && !s.declared } else { hand.to_act == Some(i) };
            let marker = if waiting && !over { "▶ " } else { "" };
            let dealer = if hand.dealer == i { " (dealer)" } else { "" };
            let state = if s.packed {
                "packed"
            } else if declaring && s.declared {
                "declared"
            } else if s.seen {
                "seen"
            } else {
                "blind"
            };
            let name = if s.packed { format!("~~{}~~", mention(s.user)) } else { mention(s.user) };
            format!("{marker}{} {name}{dealer}: {state} · in {} · stack {}", super::seat_mark(i), s.put_in, s.stack)
        })
        .collect();
    let recent: Vec<String> = hand.log.iter().filter_map(|e| event_line(&users, &hand.plan, e)).collect();
    let skip = recent.len().saturating_sub(8);
    let mut embed = CreateEmbed::new()
        .title(format!("{HAND_TITLE}{}", hand.hand_id))
        .colour(if over { GOLD } else { GREEN })
        .description(desc.join("\n"))
        .field("Players", truncate(&seats.join("\n"), 1024), false)
        .field("Last actions", truncate(&recent[skip..].join("\n"), 1024), false);
    if over {
        let next = if view.closed {
            "This table is closed.".to_string()
        } else if let Some(pick) = &view.picking {
            picking_line(pick)
        } else {
            view.next_hand_at.map(|t| format!("Next hand <t:{t}:R>.")).unwrap_or_else(|| "Waiting for players.".into())
        };
        embed = embed.field("Hand over", format!("{next}{}", super::after_next_commitment(view)), false);
    }
    embed = embed.footer(CreateEmbedFooter::new(format!(
        "Table #{} · {} · {}s per turn",
        view.table_id, hand.rules.variant, view.turn_seconds
    )));
    (content, embed, hand_buttons(view, hand))
}

/// The deal's commitment while the hand is played; its seed and entropy once it is over, with how to check them.
fn fair_line(hand: &HandView) -> Option<String> {
    let fair = hand.fair.as_ref()?;
    Some(match &fair.revealed {
        None => format!("🔒 Deck commitment `{}`", fair.commitment),
        Some((seed, entropy)) => {
            let entropy = match entropy.lines().count() {
                0 => "no entropy given".to_string(),
                n => format!("entropy from {n} player{}", if n == 1 { "" } else { "s" }),
            };
            format!(
                "🔓 Deck commitment `{}` · seed `{seed}` · {entropy} · check it: `/verify hand:{}`",
                fair.commitment, hand.hand_id
            )
        }
    })
}

fn hand_buttons(view: &TableView, hand: &HandView) -> Vec<CreateActionRow> {
    let id = |command| ButtonId { table: view.table_id, hand: Some(hand.hand_id), seq: hand.seq, command };
    let mut rows = Vec::new();
    if hand.outcome.is_none() {
        let legal = &hand.legal;
        let mut turn = Vec::new();
        if legal.respond && legal.answer_split {
            turn.push(button(id(Play(Action::Accept)), "Accept the split", ButtonStyle::Success));
            turn.push(button(id(Play(Action::Deny)), "Play on", ButtonStyle::Danger));
        } else if legal.respond && legal.answer_show {
            turn.push(button(id(Play(Action::Accept)), "Show my cards", ButtonStyle::Success));
            turn.push(button(id(Play(Action::Deny)), "Concede", ButtonStyle::Danger));
        } else if legal.respond {
            turn.push(button(id(Play(Action::Accept)), "Accept sideshow", ButtonStyle::Success));
            turn.push(button(id(Play(Action::Deny)), "Deny sideshow", ButtonStyle::Danger));
        }
        if let Some(b) = legal.bet {
            let word = if b.blind { "Blind" } else { "Chaal" };
            turn.push(button(id(Play(Action::Bet(b.min))), format!("{word} {}", b.min), ButtonStyle::Primary));
            if let Some(raise) = b.raise() {
                turn.push(button(id(Play(Action::Bet(raise))), format!("Raise {raise}"), ButtonStyle::Primary));
            }
            // Past twice the minimum (pot, spread and no-limit structures): the largest bet too.
            if b.max > b.raise().unwrap_or(b.min) {
                turn.push(button(id(Play(Action::Bet(b.max))), format!("Max {}", b.max), ButtonStyle::Primary));
            }
        }
        if let Some(cost) = legal.show {
            turn.push(button(id(Play(Action::Show)), format!("Show ({cost})"), ButtonStyle::Success));
        }
        if let Some((cost, _)) = legal.sideshow {
            let label = if cost == 0 { "Sideshow".to_string() } else { format!("Sideshow ({cost})") };
            turn.push(button(id(Play(Action::Sideshow)), label, ButtonStyle::Secondary));
        }
        if legal.split {
            turn.push(button(id(Play(Action::Split)), "Offer to split", ButtonStyle::Secondary));
        }
        if legal.declare {
            turn.push(button(id(Play(Action::DeclareHigh)), "Declare high", ButtonStyle::Primary));
            turn.push(button(id(Play(Action::DeclareLow)), "Declare low", ButtonStyle::Primary));
        }
        if let Some(d) = legal.draw {
            if d.max > 0 {
                let label = if d.max == 1 && d.min == 1 { "Change a card" } else { "Change cards" };
                turn.push(button(id(Command::DrawMenu), format!("{label} ({} each)", d.price), ButtonStyle::Primary));
            }
            if d.min == 0 {
                turn.push(button(id(Play(Action::Draw(0))), "Stand pat", ButtonStyle::Secondary));
            }
        }
        if !turn.is_empty() {
            rows.push(CreateActionRow::Buttons(turn));
        }
        let mut any = Vec::new();
        // Nobody may look in cobra, or in a blind round.
        let may_look = !hand.plan.forehead && hand.round > hand.plan.blind_rounds;
        if may_look && hand.seats.iter().any(|s| !s.seen && !s.packed) {
            any.push(button(id(Play(Action::See)), "See cards", ButtonStyle::Secondary));
        }
        if hand.plan.forehead || hand.seats.iter().any(|s| s.seen && !s.packed) {
            any.push(button(id(Command::Cards), "My cards", ButtonStyle::Secondary));
        }
        any.push(button(id(Play(Action::Pack)), "Pack", ButtonStyle::Danger));
        rows.push(CreateActionRow::Buttons(any));
    }
    if !view.closed {
        rows.push(CreateActionRow::Buttons(vec![
            lobby_button(view, Command::Join, "Join", ButtonStyle::Success),
            lobby_button(view, Command::Leave, "Leave", ButtonStyle::Secondary),
            lobby_button(view, Command::Back, "I'm back", ButtonStyle::Secondary),
        ]))
    }
    rows
}
