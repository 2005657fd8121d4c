//! The game's words in every language, for every presenter: a hand's cards and what they are worth, the cards a
//! hand turned up, and one line per event (`events.rs`), from the catalogue. Discord's messages and `/history`
//! name the seats by mention, the script transcript (`transcript.rs`) by the names in the script: one renderer of
//! events, taught each new event once. Pure: the engine and the catalogue only.

mod events;
mod transcript;

pub use events::event_line;
pub use transcript::transcript;

use crate::engine::cards::pretty_cards;
use crate::engine::hand::Board;
use crate::engine::rank::{Made, Source};
use crate::engine::rules::{CommunityUse, DealPlan};
use crate::engine::{Card, HandValue};
use crate::i18n::Lang;
use crate::tr;

/// How a presenter names the player in a seat (a mention, a script's name).
pub type Names<'a> = &'a dyn Fn(usize) -> String;

/// Cards high to low, as people read a hand: `A♠ 9♠ 7♠`.
pub fn hand_text(cards: &[Card]) -> String {
    pretty_cards(&high_to_low(cards))
}

/// Cards high to low (the order of [`hand_text`] and of the pictures' rows).
pub fn high_to_low(cards: &[Card]) -> Vec<Card> {
    let mut sorted = cards.to_vec();
    sorted.sort_by(|a, b| b.cmp(a));
    sorted
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

/// The cards a hand turned up for everyone, a sentence each: each player's face-up cards (`name` names each
/// seat), the community cards turned up so far, and the draws.
pub fn board_lines(lang: Lang, name: Names<'_>, board: &Board, plan: &DealPlan) -> Vec<String> {
    let mut lines = Vec::new();
    let up: Vec<String> = board
        .up
        .iter()
        .enumerate()
        .filter(|(_, cards)| !cards.is_empty())
        .map(|(seat, cards)| format!("{} **{}**", name(seat), pretty_cards(cards)))
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
