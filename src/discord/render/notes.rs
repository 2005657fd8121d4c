//! Private notes as text, for a DM or an ephemeral reply.

use super::{board_lines, hand_text, link, made_text, mention, value_text};
use poise::serenity_prelude::{CreateActionRow, CreateSelectMenu, CreateSelectMenuKind, CreateSelectMenuOption};

use crate::engine::Action;
use crate::i18n::Lang;
use crate::ids::UserId;
use crate::table::view::{Menu, PrivateNote, TableView};
use crate::table::{ButtonId, Command};
use crate::tr;

/// A private note as text (for a DM or an ephemeral reply), in the table's language.
pub fn note_text(view: &TableView, note: &PrivateNote, server: Option<&str>) -> String {
    let lang = view.lang;
    let place = match server {
        Some(name) => tr!(lang, "place-server", channel = view.channel.get(), server = name),
        None => tr!(lang, "place", channel = view.channel.get()),
    };
    let back = link(view).map(|l| format!("\n{}", tr!(lang, "back-to-table", link = l))).unwrap_or_default();
    match note {
        PrivateNote::Seated { table_id } => {
            tr!(lang, "note-seated", table = table_id.get(), place = place)
        }
        PrivateNote::Cards { hand_id, cards, value, made } => {
            let value = value.map(|v| tr!(lang, "note-cards-value", value = value_text(lang, &v))).unwrap_or_default();
            let value = match made {
                Some(m) => tr!(lang, "note-cards-made", value = value, made = made_text(lang, m)),
                None => value,
            };
            let board = view
                .hand
                .as_ref()
                .map(|h| {
                    let users: Vec<_> = h.seats.iter().map(|s| s.user).collect();
                    board_lines(lang, &users, &h.board, &h.plan)
                })
                .unwrap_or_default();
            let board: String = board.iter().map(|l| format!(" {l}")).collect();
            let text = tr!(
                lang,
                "note-cards",
                hand = hand_id.get(),
                place = place,
                cards = hand_text(cards),
                value = value,
                board = board
            );
            format!("{text}{back}")
        }
        PrivateNote::Sees { hand_id, hands } => {
            let shown: Vec<String> =
                hands.iter().map(|(u, c)| format!("{}: **{}**", marked(view, *u), hand_text(c))).collect();
            let head = tr!(lang, "note-sees", hand = hand_id.get(), place = place);
            format!("{head}\n{}{back}", shown.join("\n"))
        }
        PrivateNote::Sideshow { hand_id, asker, target, hands, loser } => {
            let shown: Vec<String> = hands
                .iter()
                .map(|(u, c, v)| format!("{}: **{}** ({})", marked(view, *u), hand_text(c), value_text(lang, v)))
                .collect();
            let head = tr!(
                lang,
                "note-sideshow",
                hand = hand_id.get(),
                place = place,
                asker = mention(*asker),
                target = mention(*target)
            );
            let loser = tr!(lang, "note-sideshow-loser", loser = mention(*loser));
            format!("{head}\n{}\n{loser}{back}", shown.join("\n"))
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
pub fn dm_fallback(lang: Lang) -> String {
    tr!(lang, "dm-fallback")
}

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
                    let label = if seen { c.pretty() } else { tr!(view.lang, "draw-menu-card", n = i as u64 + 1) };
                    CreateSelectMenuOption::new(label, i.to_string())
                })
                .collect();
            let (min, max) = (offer.min.min(offer.max), offer.max.min(cards.len()).max(1));
            let select = CreateSelectMenu::new(id.to_string(), CreateSelectMenuKind::String { options })
                .placeholder(tr!(view.lang, "draw-menu-placeholder"))
                .min_values(min as u8)
                .max_values(max as u8);
            let mut text =
                tr!(view.lang, "draw-menu", hand = hand_id.get(), max = offer.max as u64, price = offer.price);
            if !seen {
                text.push_str(&tr!(view.lang, "draw-menu-blind"));
            }
            (text, vec![CreateActionRow::SelectMenu(select)])
        }
        Menu::Pick { round, choices, default } => super::pick::pick_menu(view, *round, choices, *default),
    }
}
