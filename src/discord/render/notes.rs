//! Private notes as text, for a DM or an ephemeral reply.

use super::{board_lines, hand_text, link, made_text, mention, value_text};
use crate::table::view::{PrivateNote, TableView};

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
                hands.iter().map(|(u, c)| format!("{}: **{}**", mention(*u), hand_text(c))).collect();
            format!(
                "Cobra, hand #{hand_id} in {place}: the cards on the other players' foreheads (yours you never see):\n{}{back}",
                shown.join("\n")
            )
        }
        PrivateNote::Sideshow { hand_id, asker, target, hands, loser } => {
            let shown: Vec<String> = hands
                .iter()
                .map(|(u, c, v)| format!("{}: **{}** ({})", mention(*u), hand_text(c), value_text(v)))
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

/// Explains the DM fallback.
pub const DM_FALLBACK: &str = "I could not send you a direct message (your DMs are closed to this bot, or you share no \
server that allows them), so your private messages will come as replies only you can see, like this one. Use **My cards** \
on the table to see them again.";
