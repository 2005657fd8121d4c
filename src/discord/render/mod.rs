//! Rendering: table views, events, private notes and command replies into
//! Discord messages. No rules here: what is legal comes from the engine
//! through the view; what may be revealed, from the table service.
//!
//! `hand.rs` draws the hand message and its buttons, `lobby.rs` the lobby and
//! the rules card, `events.rs` one line per public event, `notes.rs` private
//! notes (DMs) and menus, `pick.rs` the dealer's choice, `pictures.rs` which cards a message pictures, `replies.rs` the text of every command's reply.

mod hand;
mod lobby;
mod notes;
mod pick;
mod pictures;
mod replies;

use poise::serenity_prelude as serenity;
use serenity::{ButtonStyle, CreateButton};

use crate::words::high_to_low;
pub use crate::words::{hand_text, made_text, value_text};
pub use hand::{hand_message, is_hand_message};
pub use lobby::{lobby, rules_card};
pub use notes::{dm_fallback, menu, note_text};
pub use pick::{pick_line, pick_message, picking_line};
pub use pictures::{cards_picture, hand_picture, history_picture, note_picture, seat_mark, Picture};
pub use replies::*;

use crate::engine::hand::Board;
use crate::engine::rules::DealPlan;
use crate::i18n::Lang;
use crate::ids::UserId;
use crate::table::view::TableView;
use crate::tr;

const GREEN: u32 = 0x1f8b4c;
const GOLD: u32 = 0xc9a227;
const GREY: u32 = 0x70757a;

pub fn mention(user: UserId) -> String {
    user.mention()
}

/// The player in `seat`, as a mention.
fn who(users: &[UserId], seat: usize) -> String {
    users.get(seat).map_or_else(|| format!("seat {}", seat + 1), |&u| mention(u))
}

/// The cards a hand turned up for everyone, a sentence each, the seats named by mention (`words::board_lines`).
pub fn board_lines(lang: Lang, users: &[UserId], board: &Board, plan: &DealPlan) -> Vec<String> {
    crate::words::board_lines(lang, &|seat| who(users, seat), board, plan)
}

/// One line for a public event, in `lang`, the seats named by mention (`words::event_line`).
pub fn event_line(lang: Lang, users: &[UserId], plan: &DealPlan, e: &crate::engine::Event) -> Option<String> {
    crate::words::event_line(lang, &|seat| who(users, seat), plan, e)
}

/// A link to the table's current hand message.
fn link(view: &TableView) -> Option<String> {
    view.message_id.map(|m| format!("https://discord.com/channels/{}/{}/{}", view.guild, view.channel, m))
}

/// At most `max` characters (Discord's field and message limits), an ellipsis marking a cut; "—" for nothing.
pub fn truncate(s: &str, max: usize) -> String {
    if s.is_empty() {
        return "—".into();
    }
    super::cap::cut(s, max)
}

fn button(id: crate::table::ButtonId, label: impl Into<String>, style: ButtonStyle) -> CreateButton {
    CreateButton::new(id.to_string()).label(label).style(style)
}

/// The Open the table button's `custom_id` (the Activity: `discord::buttons::launch`).
pub const OPEN_TABLE: &str = "activity:open";

/// Adds the Open the table button to a table message's rows while the Activity is offered (beside the table's
/// own buttons in the last row when there is room, else in a row of its own; never past Discord's five rows).
fn with_open_table(
    lang: Lang,
    mut rows: Vec<serenity::CreateActionRow>,
    closed: bool,
) -> Vec<serenity::CreateActionRow> {
    if closed || !crate::activity::offered() {
        return rows;
    }
    let open = CreateButton::new(OPEN_TABLE).label(tr!(lang, "button-open-table")).style(ButtonStyle::Primary);
    let count = rows.len();
    match rows.last_mut() {
        Some(serenity::CreateActionRow::Buttons(last)) if last.len() < 5 => last.push(open),
        _ if count < 5 => rows.push(serenity::CreateActionRow::Buttons(vec![open])),
        _ => {}
    }
    rows
}

/// A row of the table's buttons ([`crate::table::choices`]) as Discord draws them.
fn button_row(row: &[crate::table::choices::Choice]) -> serenity::CreateActionRow {
    use crate::table::choices::Style;
    let button = |c: &crate::table::choices::Choice| {
        let style = match c.style {
            Style::Primary => ButtonStyle::Primary,
            Style::Secondary => ButtonStyle::Secondary,
            Style::Success => ButtonStyle::Success,
            Style::Danger => ButtonStyle::Danger,
        };
        button(c.id, c.label.clone(), style)
    };
    serenity::CreateActionRow::Buttons(row.iter().map(button).collect())
}

/// The next hand's commitment (SHA-256 of its secret seed), shown before anyone can give its entropy.
pub fn next_commitment_line(view: &TableView) -> Option<String> {
    let c = view.next_commitment.as_ref().filter(|_| !view.closed)?;
    Some(tr!(view.lang, "next-commitment", commitment = c.as_str()))
}

/// [`next_commitment_line`] on a line of its own after other text (nothing for a closed table).
fn after_next_commitment(view: &TableView) -> String {
    next_commitment_line(view).map(|l| format!("\n{l}")).unwrap_or_default()
}
