//! Rendering: table views, events, private notes and command replies into
//! Discord messages. No rules here: what is legal comes from the engine
//! through the view; what may be revealed, from the table service.
//!
//! `hand.rs` draws the hand message and its buttons, `lobby.rs` the lobby and
//! the rules card, `events.rs` one line per public event, `notes.rs` private
//! notes (DMs) and menus, `pick.rs` the dealer's choice, `pictures.rs` which cards a message pictures, `replies.rs` the text of every command's reply.

mod events;
mod hand;
mod lobby;
mod notes;
mod pick;
mod pictures;
mod replies;

use poise::serenity_prelude as serenity;
use serenity::{ButtonStyle, CreateButton};

pub use events::event_line;
pub use hand::{hand_message, is_hand_message};
pub use lobby::{lobby, rules_card};
pub use notes::{dm_fallback, menu, note_text};
pub use pick::{pick_line, pick_message, picking_line};
pub use pictures::{cards_picture, hand_picture, history_picture, note_picture, seat_mark, Picture};
pub use replies::*;

use crate::engine::cards::pretty_cards;
use crate::engine::hand::Board;
use crate::engine::rank::{Made, Source};
use crate::engine::rules::{CommunityUse, DealPlan};
use crate::engine::{Card, HandValue};
use crate::i18n::Lang;
use crate::ids::UserId;
use crate::table::view::TableView;
use crate::table::{ButtonId, Command};
use crate::tr;

const GREEN: u32 = 0x1f8b4c;
const GOLD: u32 = 0xc9a227;
const GREY: u32 = 0x70757a;

/// Cards high to low, as people read a hand: `A♠ 9♠ 7♠`.
pub fn hand_text(cards: &[Card]) -> String {
    pretty_cards(&high_to_low(cards))
}

/// Cards high to low (the order of [`hand_text`] and of the pictures' rows).
fn high_to_low(cards: &[Card]) -> Vec<Card> {
    let mut sorted = cards.to_vec();
    sorted.sort_by(|a, b| b.cmp(a));
    sorted
}

pub fn mention(user: UserId) -> String {
    user.mention()
}

/// The player in `seat`, as a mention.
fn who(users: &[UserId], seat: usize) -> String {
    users.get(seat).map_or_else(|| format!("seat {}", seat + 1), |&u| mention(u))
}

/// What a hand is worth, in words: `Pure sequence`, `A high`, `21 points`.
pub fn value_text(lang: Lang, v: &HandValue) -> String {
    use crate::engine::rank::Category;
    match v.category {
        Category::HighCard => tr!(lang, "value-high-card"),
        Category::Pair => tr!(lang, "value-pair"),
        Category::Colour => tr!(lang, "value-colour"),
        Category::Sequence => tr!(lang, "value-sequence"),
        Category::PureSequence => tr!(lang, "value-pure-sequence"),
        Category::Trio => tr!(lang, "value-trio"),
        Category::Bust => tr!(lang, "value-bust"),
        // The engine's own wording of the numbers (points, a 999 number, a single card's rank), in the catalogue's
        // sentence.
        Category::Points | Category::Number | Category::Single => {
            let d = v.describe();
            let (words, number) = d.rsplit_once(' ').map_or(("", d.as_str()), |(a, b)| (a, b));
            match v.category {
                Category::Points => tr!(lang, "value-points", points = words.to_string()),
                Category::Number => tr!(lang, "value-number", number = number.to_string()),
                _ => tr!(lang, "value-single", rank = words.to_string()),
            }
        }
    }
}

/// What a hand counts as: `**A♠ K♠ Q♠** (7♣ as K♠; imagined Q♠)`.
pub fn made_text(lang: Lang, made: &Made) -> String {
    let mut counts: Vec<Card> = made.stands.iter().map(|s| s.counts_as).collect();
    counts.sort_by(|a, b| b.cmp(a));
    let notes: Vec<String> = made
        .stands
        .iter()
        .filter_map(|s| match s.source {
            Source::Held { .. } => None,
            Source::Wild { card } => Some(tr!(lang, "made-wild", card = card.pretty(), counts = s.counts_as.pretty())),
            Source::Imagined => Some(tr!(lang, "made-imagined", card = s.counts_as.pretty())),
            Source::Pair { cards } => Some(tr!(
                lang,
                "made-pair",
                cards = format!("{} {}", cards[0].pretty(), cards[1].pretty()),
                counts = s.counts_as.pretty()
            )),
        })
        .collect();
    let notes = if notes.is_empty() { String::new() } else { format!(" ({})", notes.join("; ")) };
    format!("**{}**{notes}", pretty_cards(&counts))
}

/// The cards a hand turned up for everyone, a sentence each: each player's face-up cards (`users[seat]` names
/// each seat), the community cards turned up so far, and the draws.
pub fn board_lines(lang: Lang, users: &[UserId], board: &Board, plan: &DealPlan) -> Vec<String> {
    let mut lines = Vec::new();
    let up: Vec<String> = board
        .up
        .iter()
        .enumerate()
        .filter(|(_, cards)| !cards.is_empty())
        .map(|(seat, cards)| format!("{} **{}**", who(users, seat), pretty_cards(cards)))
        .collect();
    if !up.is_empty() {
        lines.push(tr!(lang, "board-face-up", cards = up.join(" · ")));
    }
    let hidden = plan.community.saturating_sub(board.community.len());
    let faces: Vec<String> =
        board.community.iter().map(|c| c.pretty()).chain((0..hidden).map(|_| "🂠".to_string())).collect();
    let faces = faces.join(" ");
    match (plan.community, plan.community_use) {
        (0, _) => {}
        (1, CommunityUse::InHand) if plan.down == 1 => lines.push(tr!(lang, "board-common", cards = faces)),
        (_, CommunityUse::InHand) => lines.push(tr!(lang, "board-community", cards = faces)),
        (_, CommunityUse::WildRanks) => {
            let ranks: Vec<&str> = board.community.iter().map(|c| c.rank.symbol()).collect();
            let wild = if ranks.is_empty() { tr!(lang, "board-none-yet") } else { ranks.join(", ") };
            lines.push(tr!(lang, "board-community-jokers", cards = faces, ranks = wild));
        }
    }
    if let Some(j) = board.joker {
        lines.push(tr!(lang, "board-joker", card = j.pretty(), rank = j.rank.symbol()));
    }
    if let Some(w) = board.wild_suit {
        lines.push(tr!(lang, "board-wild-suit", card = w.pretty(), suit = w.suit.symbol().to_string()));
    }
    if let Some(b) = board.bust {
        let whom = if board.bust_void {
            tr!(lang, "board-bust-void")
        } else {
            tr!(lang, "board-bust-packs", rank = b.rank.symbol())
        };
        lines.push(tr!(lang, "board-bust", card = b.pretty(), whom = whom));
    }
    lines
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

fn button(id: ButtonId, label: impl Into<String>, style: ButtonStyle) -> CreateButton {
    CreateButton::new(id.to_string()).label(label).style(style)
}

/// A lobby button (Join, Leave, Start, I'm back): it belongs to no hand.
fn lobby_button(view: &TableView, command: Command, label: String, style: ButtonStyle) -> CreateButton {
    button(ButtonId { table: view.table_id, hand: None, seq: 0, command }, label, style)
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
