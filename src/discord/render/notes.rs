//! Private notes as text, for a DM or an ephemeral reply.

use super::{board_lines, hand_text, link, made_text, mention, value_text};
use poise::serenity_prelude::{CreateActionRow, CreateSelectMenu, CreateSelectMenuKind, CreateSelectMenuOption};

use crate::engine::Action;
use crate::ids::UserId;
use crate::table::view::{Menu, PrivateNote, TableView};
use crate::table::{ButtonId, Command};

/// A private note as text (for a DM or an ephemeral reply).
pub fn note_text(view: &TableView, note: &PrivateNote, server: Option<&str>) -> String {
    let place = match server {
        Some(name) => format!("<#{}> on **{name}**", view.channel),
        None => format!("<#{}>", view.channel),
    };
    let back = link(view).map(|l| format!("\nBack to the table: {l}")).unwrap_or_default();
    match note {
        PrivateNote::Seated { table_id } => format!(
            "You have a seat at Teen Patti table #{table_id} in {place}. Your cards will come here when you choose to see them."
        ),
        PrivateNote::Cards { hand_id, cards, value, made } => {
            let value = value.map(|v| format!(" ({})", value_text(&v))).unwrap_or_default();
            let value = match made {
                Some(m) => format!("{value}; it counts as {}", made_text(m)),
                None => value,
            };
            let board = view
                .hand
                .as_ref()
                .map(|h| {
                    let users: Vec<_> = h.seats.iter().map(|s| s.user).collect();
                    board_lines(&users, &h.board, &h.plan)
                })
                .unwrap_or_default();
            let joker: String = board.iter().map(|l| format!(" {l}")).collect();
            format!(
                "Your cards for hand #{hand_id} in {place}: **{}**{value}.{joker}{back}",
                hand_text(cards)
            )
        }
        PrivateNote::Sees { hand_id, hands } => {
            let shown: Vec<String> =
                hands.iter().map(|(u, c)| format!("{}: **{}**", marked(view, *u), hand_text(c))).collect();
            format!(
                "Cobra, hand #{hand_id} in {place}: the cards on the other players' foreheads (yours you never see):\n{}{back}",
                shown.join("\n")
            )
        }
        PrivateNote::Sideshow { hand_id, asker, target, hands, loser } => {
            let shown: Vec<String> = hands
                .iter()
                .map(|(u, c, v)| format!("{}: **{}** ({})", marked(view, *u), hand_text(c), value_text(v)))
                .collect();
            format!(
                "Sideshow in hand #{hand_id} ({place}) between {} and {}:\n{}\n{} packs.{back}",
                mention(*asker),
                mention(*target),
                shown.join("\n"),
                mention(*loser)
            )
        }
    }
}

/// A player as the pictures number them: their seat's mark and a mention.
fn marked(view: &TableView, user: UserId) -> String {
    match view.hand.as_ref().and_then(|h| h.seats.iter().position(|s| s.user == user)) {
        Some(seat) => format!("{} {}", super::seat_mark(seat), mention(user)),
        None => mention(user),
    }
}

/// Explains the DM fallback.
pub const DM_FALLBACK: &str = "I could not send you a direct message (your DMs are closed to this bot, or you share no \
server that allows them), so your private messages will come as replies only you can see, like this one. Use **My cards** \
on the table to see them again.";

/// A menu for one player (an ephemeral reply): its text and its select.
pub fn menu(view: &TableView, menu: &Menu) -> (String, Vec<CreateActionRow>) {
    match menu {
        Menu::Draw { hand_id, seq, cards, offer } => {
            // The menu is for the player to act (who asked for it).
            let seen =
                view.hand.as_ref().is_some_and(|h| h.to_act.and_then(|t| h.seats.get(t)).is_some_and(|s| s.seen));
            let id = ButtonId {
                table: view.table_id,
                hand: Some(*hand_id),
                seq: *seq,
                command: Command::Play(Action::Draw(0)),
            };
            let options: Vec<CreateSelectMenuOption> = cards
                .iter()
                .enumerate()
                .map(|(i, c)| {
                    // A blind player chooses by position: the menu must not show what they have not looked at.
                    let label = if seen { c.pretty() } else { format!("Card {}", i + 1) };
                    CreateSelectMenuOption::new(label, i.to_string())
                })
                .collect();
            let (min, max) = (offer.min.min(offer.max), offer.max.min(cards.len()).max(1));
            let select = CreateSelectMenu::new(id.to_string(), CreateSelectMenuKind::String { options })
                .placeholder("The cards to change")
                .min_values(min as u8)
                .max_values(max as u8);
            let blind = if seen {
                ""
            } else {
                " You are playing blind: changing a card means looking at your cards (press See first to choose by sight)."
            };
            let text = format!(
                "Hand #{hand_id}: choose up to {} of your cards to change, {} chips each.{blind}",
                offer.max, offer.price
            );
            (text, vec![CreateActionRow::SelectMenu(select)])
        }
        Menu::Pick { round, choices, default } => super::pick::pick_menu(view, *round, choices, *default),
    }
}
