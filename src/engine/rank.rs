//! Hand ranking. `evaluate` gives a [`HandValue`]: a category and a strength
//! number; a higher strength wins, equal strengths tie. Variants (muflis,
//! wild cards, best of four) and options (A-2-3, langdi, pure sequence over
//! trio) are all folded into the strength, so callers only compare numbers.
//!
//! NOTE: interim implementation (classic rules and options, no wild cards);
//! replaced by the table-driven evaluator.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::cards::{Card, Rank};
use super::rules::{Rules, SuitOrder, Variant, A23};

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Category {
    HighCard,
    Pair,
    Colour,
    Sequence,
    PureSequence,
    Trio,
}

impl Category {
    pub const ALL: [Category; 6] = [
        Category::Trio,
        Category::PureSequence,
        Category::Sequence,
        Category::Colour,
        Category::Pair,
        Category::HighCard,
    ];
    /// `trio`, `pure_sequence`, ...
    pub fn name(self) -> &'static str {
        match self {
            Category::HighCard => "high_card",
            Category::Pair => "pair",
            Category::Colour => "colour",
            Category::Sequence => "sequence",
            Category::PureSequence => "pure_sequence",
            Category::Trio => "trio",
        }
    }
    /// `Trio`, `Pure sequence`, ...: for people.
    pub fn label(self) -> &'static str {
        match self {
            Category::HighCard => "High card",
            Category::Pair => "Pair",
            Category::Colour => "Colour",
            Category::Sequence => "Sequence",
            Category::PureSequence => "Pure sequence",
            Category::Trio => "Trio",
        }
    }
}

impl fmt::Display for Category {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// What a hand is worth under some rules. Ordered by `strength` alone.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct HandValue {
    pub category: Category,
    pub strength: u32,
}

impl PartialOrd for HandValue {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}
impl Ord for HandValue {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        self.strength.cmp(&other.strength)
    }
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RankError {
    #[error("a hand has {expected} cards under these rules, not {got}")]
    WrongCount { expected: usize, got: usize },
    #[error("{0} appears twice")]
    Duplicate(Card),
    #[error("the joker variant needs the turned-up rank (set joker=RANK)")]
    NoJoker,
}

/// Ranks a hand. `joker` is the turned-up rank for [`Variant::Joker`] (ignored otherwise).
pub fn evaluate(cards: &[Card], rules: &Rules, joker: Option<Rank>) -> Result<HandValue, RankError> {
    let expected = rules.cards_per_player();
    if cards.len() != expected {
        return Err(RankError::WrongCount { expected, got: cards.len() });
    }
    for (i, c) in cards.iter().enumerate() {
        if cards[..i].contains(c) {
            return Err(RankError::Duplicate(*c));
        }
    }
    let _ = joker;
    let v = classic3([cards[0], cards[1], cards[2]], rules);
    Ok(if rules.variant == Variant::Muflis { HandValue { strength: u32::MAX - v.strength, ..v } } else { v })
}

fn classic3(cards: [Card; 3], rules: &Rules) -> HandValue {
    let mut r = [cards[0].rank.value(), cards[1].rank.value(), cards[2].rank.value()];
    r.sort_unstable_by(|a, b| b.cmp(a));
    let flush = cards[0].suit == cards[1].suit && cards[1].suit == cards[2].suit;
    let (cat, key): (Category, u32) = if r[0] == r[2] {
        (Category::Trio, r[0] as u32)
    } else if let Some(top) = seq_key(r, rules) {
        (if flush { Category::PureSequence } else { Category::Sequence }, top)
    } else if flush {
        (Category::Colour, (r[0] as u32) << 8 | (r[1] as u32) << 4 | r[2] as u32)
    } else if r[0] == r[1] || r[1] == r[2] {
        let (p, k) = if r[0] == r[1] { (r[0], r[2]) } else { (r[1], r[0]) };
        (Category::Pair, (p as u32) << 4 | k as u32)
    } else {
        (Category::HighCard, (r[0] as u32) << 8 | (r[1] as u32) << 4 | r[2] as u32)
    };
    let order = match cat {
        Category::HighCard => 0,
        Category::Pair => 1,
        Category::Colour => 2,
        Category::Sequence => 3,
        Category::PureSequence if rules.pure_sequence_beats_trio => 5,
        Category::PureSequence => 4,
        Category::Trio if rules.pure_sequence_beats_trio => 4,
        Category::Trio => 5,
    };
    HandValue { category: cat, strength: (order + 1) << 16 | key }
}

/// The sequence key of ranks sorted high to low, or None. Keys: 4-3-2 = 8 ...
/// A-K-Q = 28; A-2-3 = 30 / 27 / 6 by option; langdi 2-3-5 = 32.
fn seq_key(r: [u8; 3], rules: &Rules) -> Option<u32> {
    if r[0] == r[1] + 1 && r[1] == r[2] + 1 {
        return Some(2 * r[0] as u32);
    }
    if r == [14, 3, 2] {
        return Some(match rules.a23 {
            A23::Highest => 30,
            A23::Second => 27,
            A23::Lowest => 6,
        });
    }
    if rules.langdi && r == [5, 3, 2] {
        return Some(32);
    }
    None
}

/// Tie-break by suits for `show_tie = suit_order`: compares the cards from
/// the highest rank down, by suit under `order`. Higher wins.
pub fn suit_key(cards: &[Card], order: SuitOrder) -> u32 {
    let mut sorted: Vec<Card> = cards.to_vec();
    sorted.sort_by(|a, b| b.rank.cmp(&a.rank).then(order.strength(b.suit).cmp(&order.strength(a.suit))));
    sorted.iter().fold(0u32, |acc, c| acc * 4 + order.strength(c.suit) as u32)
}
