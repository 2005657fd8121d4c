//! Hand ranking. `evaluate` gives a [`HandValue`]: a category and a strength
//! number; a higher strength wins, equal strengths tie. Variants (muflis,
//! wild cards, best of four) and options (A-2-3, langdi, pure sequence over
//! trio) are all folded into the strength, so callers only compare numbers.
//!
//! How it is fast: a three-card hand is identified by its three ranks (in the
//! order given) and whether it is suited, so one table of packed entries
//! (2 x 13 x 13 x 13 used, laid out with strides of 16 so the index is a few
//! shifts; 32 KB) answers every plain hand with one lookup. One table set is
//! built lazily per option combination (A-2-3 place x pure-over-trio x langdi
//! x lowball x 2-A-K = 48), each in a [`OnceLock`]. Wild hands use small side tables
//! built with it: the best entry for "two real cards + one wild" (by their
//! ranks and whether they share a suit), "one real rank + two wild" and
//! "three wild". See docs/ranking.md for the exact ordering and the strength number.
//!
//! For hot loops over plain three-card hands (classic or muflis), the
//! [`PreparedEvaluator`] takes card indices already validated and answers
//! with two lookups, no checks and no `Result`.

use std::fmt;
use std::sync::OnceLock;

use serde::{Deserialize, Serialize};

use super::cards::{Card, Rank, Suit};
use super::rules::{Rules, SuitOrder, Turned, Variant, A23};

/// The printed jokers' bits in [`Scheme::wild_cards`] (card indices 52 and 53).
const JOKER_BITS: u64 = 3 << 52;

mod prepared;
mod tables;
pub mod units;
pub use prepared::{every_hand, shuffled_hands, PreparedEvaluator};
use tables::*;
pub use units::{Source, Stand, Virtual};

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Category {
    HighCard,
    Pair,
    Colour,
    Sequence,
    PureSequence,
    Trio,
    /// Blackjack over 21 (whatever the aces and wild cards count).
    Bust,
    /// Blackjack: a total up to 21 (the strength says which).
    Points,
    /// 999: a three-digit number (the strength says which).
    Number,
    /// Cobra: one card, ranked by its rank (the strength is the rank's value).
    Single,
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
            Category::Bust => "bust",
            Category::Points => "points",
            Category::Number => "number",
            Category::Single => "single",
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
            Category::Bust => "Bust",
            Category::Points => "Points",
            Category::Number => "Number",
            Category::Single => "Single card",
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

impl HandValue {
    /// For people: the category, and a blackjack total or a 999 number (`21 points`, `number 952`).
    pub fn describe(&self) -> String {
        match self.category {
            Category::Points => format!("{} points", self.strength.saturating_sub(units::POINTS_BASE)),
            Category::Number => format!("number {:03}", self.strength.saturating_sub(units::NUMBER_BASE)),
            Category::Single => {
                let rank = u8::try_from(self.strength).ok().and_then(Rank::new);
                format!("{} high", rank.map_or("?", Rank::symbol))
            }
            c => c.label().to_string(),
        }
    }
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
#[error("{}", self.msg())]
pub enum RankError {
    WrongCount {
        expected: usize,
        got: usize,
    },
    Duplicate(Card),
    /// The joker draw without its turned-up rank.
    NoJoker,
    /// The wild-suit draw without its turned-up suit.
    NoWildSuit,
    /// The bust draw without its turned-up rank.
    NoBust,
    /// Rules whose parts do not combine ([`Rules::parts`]).
    Rules(#[from] super::rules::RulesError),
    NoPrintedJokers(Card),
}

impl RankError {
    /// The refusal's message of the catalogue.
    pub fn msg(&self) -> crate::i18n::Msg {
        use crate::i18n::Msg;
        match self {
            RankError::WrongCount { expected, got } => {
                Msg::new("rank-wrong-count").num("expected", *expected).arg("got", got)
            }
            RankError::Duplicate(c) => Msg::new("card-duplicate").arg("card", c),
            RankError::NoJoker => Msg::new("rank-no-joker"),
            RankError::NoWildSuit => Msg::new("rank-no-wild-suit"),
            RankError::NoBust => Msg::new("rank-no-bust"),
            RankError::Rules(e) => e.msg(),
            RankError::NoPrintedJokers(c) => Msg::new("rank-no-printed-jokers").arg("card", c),
        }
    }
}

/// What a hand turned up at its deal that ranking reads (the common card is one of each player's cards
/// instead), and whether a kaana round has begun.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Drawn {
    /// The wild-rank draw's rank.
    pub joker: Option<Rank>,
    /// The wild-suit draw's suit.
    pub wild_suit: Option<Suit>,
    /// The bust draw's rank.
    pub bust: Option<Rank>,
    /// Under `kaana_round`, the round has not begun: the one-eyed cards are plain cards in this hand.
    pub kaana_dormant: bool,
    /// The bust draw busts nobody in this hand (every player, or the common card, holds its rank).
    pub bust_void: bool,
    /// Wild ranks turned up in the middle (zandu's community cards), bit `r` for rank value `r`.
    pub wild_ranks: u16,
}

impl Drawn {
    /// The turned-up cards fixed in `rules` (`hand rank --set joker=7`), `joker` winning over its own.
    pub fn fixed_in(rules: &Rules, joker: Option<Rank>) -> Drawn {
        let bust = rules.bust.fixed();
        // A common card of the bust rank is in every hand: the draw busts nobody (as at a table).
        let bust_void = bust.is_some_and(|b| rules.common.is_some_and(|c| c.rank == b));
        let (joker, wild_suit) = (joker.or(rules.joker.fixed()), rules.wild_suit.fixed());
        Drawn { joker, wild_suit, bust, kaana_dormant: false, bust_void, wild_ranks: 0 }
    }
}

/// AK47's wild ranks.
const AK47: u16 = 1 << 14 | 1 << 13 | 1 << 4 | 1 << 7;

/// Lowball strengths are `MUFLIS_BASE - classic strength`: every classic
/// strength is below it, so lowball strengths stay positive and reversed.
pub const MUFLIS_BASE: u32 = 7 << 16;

/// Which cards of a hand are wild.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Wild {
    /// No wild cards.
    None,
    /// Every card whose rank is in the set; bit `r` stands for rank value `r` (2..=14).
    Ranks(u16),
    /// The hand's own highest rank (every card of it in the hand).
    OwnHighest,
    /// The hand's own lowest rank (every card of it in the hand).
    OwnLowest,
}

impl Wild {
    /// The set of the given ranks.
    pub fn ranks(ranks: &[Rank]) -> Wild {
        Wild::Ranks(ranks.iter().fold(0u16, |m, r| m | 1 << r.value()))
    }
}

/// Everything ranking depends on, resolved from [`Rules`] (and the turned-up
/// joker). Built by hand it can also express combinations the variant list
/// cannot, e.g. best of four under lowball.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Scheme {
    pub a23: A23,
    pub pure_sequence_beats_trio: bool,
    pub langdi: bool,
    /// The whole order reversed: the lowest classic hand wins (muflis).
    pub lowball: bool,
    /// 2-A-K is a sequence, just below A-K-Q.
    pub k_a_2: bool,
    /// Which order hands are compared by.
    pub order: Compare,
    /// Wild ranks (a drawn or fixed rank set, or the hand's own highest or lowest).
    pub wild: Wild,
    /// Wild suits, bit `suit as u8` (a drawn suit).
    pub wild_suits: u8,
    /// Wild cards, bit `card.index()` (fixed cards such as the one-eyed ones).
    pub wild_cards: u64,
    /// Pairs of cards that make one virtual wild card.
    pub pairs: Virtual,
    /// Cards a hand holds (dealt, with any common card); the best three units count.
    pub held: u8,
    /// Imagined cards: wild units every hand has besides its cards.
    pub imagined: u8,
    /// Ranks that bust a hand (bit `r` for rank value `r`): a hand holding one is worth nothing.
    pub bust: u16,
}

/// The order hands are compared by.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Compare {
    /// Trio, pure sequence, sequence, colour, pair, high card (with the options, and lowball).
    #[default]
    Classic,
    /// Blackjack totals (see [`units`]).
    Blackjack,
    /// 999 numbers (see [`units`]).
    Numbers,
    /// One card, by its rank (cobra).
    Single,
}

impl Scheme {
    /// The classic scheme with these options: three cards, nothing wild.
    pub fn classic(rules: &Rules) -> Scheme {
        Scheme {
            a23: rules.a23,
            pure_sequence_beats_trio: rules.pure_sequence_beats_trio,
            langdi: rules.langdi,
            lowball: false,
            k_a_2: false,
            order: Compare::Classic,
            wild: Wild::None,
            wild_suits: 0,
            wild_cards: 0,
            pairs: Virtual::None,
            held: 3,
            imagined: 0,
            bust: 0,
        }
    }

    /// The scheme for `rules` with the turned-up cards fixed in them (`joker` winning over `rules.joker`); an
    /// error when a draw's card is not known, or the rules' parts do not combine.
    #[inline]
    pub fn from_rules(rules: &Rules, joker: Option<Rank>) -> Result<Scheme, RankError> {
        Scheme::resolve(rules, &Drawn::fixed_in(rules, joker))
    }

    /// The scheme for a hand under `rules` that turned up `drawn`.
    pub fn resolve(rules: &Rules, drawn: &Drawn) -> Result<Scheme, RankError> {
        let parts = rules.parts()?;
        fn known<T: Copy>(part: Turned<T>, drawn: Option<T>, missing: RankError) -> Result<Option<T>, RankError> {
            match part {
                Turned::Off => Ok(None),
                Turned::Draw | Turned::Fixed(_) => drawn.or(part.fixed()).map(Some).ok_or(missing),
            }
        }
        let joker = known(parts.joker, drawn.joker, RankError::NoJoker)?;
        let wild_suit = known(parts.wild_suit, drawn.wild_suit, RankError::NoWildSuit)?;
        let bust = if drawn.bust_void { None } else { known(parts.bust, drawn.bust, RankError::NoBust)? };
        let own = match rules.variant {
            Variant::Ak47 => Wild::Ranks(AK47),
            Variant::HighWild => Wild::OwnHighest,
            Variant::LowWild => Wild::OwnLowest,
            _ => Wild::None,
        };
        let drawn_ranks = joker.map_or(0, |j| 1u16 << j.value()) | drawn.wild_ranks;
        let wild = match (own, drawn_ranks) {
            (w, 0) => w,
            (Wild::None, m) => Wild::Ranks(m),
            (Wild::Ranks(own), m) => Wild::Ranks(own | m),
            // Own highest or lowest with a drawn rank: refused by `Rules::parts`.
            (_, m) => Wild::Ranks(m),
        };
        let mut wild_cards = if parts.jokers > 0 { JOKER_BITS } else { 0 };
        if parts.kaana && !(rules.kaana_round && drawn.kaana_dormant) {
            wild_cards |= rules.kaana_cards.mask();
        }
        Ok(Scheme {
            a23: rules.a23,
            pure_sequence_beats_trio: rules.pure_sequence_beats_trio,
            langdi: rules.langdi,
            lowball: rules.variant == Variant::Muflis,
            k_a_2: rules.k_a_2,
            order: match rules.variant {
                Variant::Blackjack => Compare::Blackjack,
                Variant::Nines => Compare::Numbers,
                Variant::Cobra => Compare::Single,
                _ => Compare::Classic,
            },
            wild,
            wild_suits: wild_suit.map_or(0, |suit| 1 << suit as u8),
            wild_cards,
            pairs: match rules.variant {
                Variant::TwoLowestWild => Virtual::TwoLowest,
                Variant::KissMissBliss => Virtual::KissMissBliss,
                _ => Virtual::None,
            },
            held: parts.plan.hand_cards() as u8,
            imagined: parts.imagined,
            bust: bust.map_or(0, |r| 1 << r.value()),
        })
    }

    /// Cards in a hand (4 for best of four, 3 for classic).
    pub fn hand_size(&self) -> usize {
        usize::from(self.held)
    }

    /// Three cards, classic order, nothing wild, nothing bust: one table lookup.
    fn is_plain(&self) -> bool {
        self.held == 3
            && self.imagined == 0
            && self.order == Compare::Classic
            && self.wild == Wild::None
            && self.wild_suits == 0
            && self.wild_cards == 0
            && self.pairs == Virtual::None
            && self.bust == 0
    }

    fn table_index(&self) -> usize {
        options_index(self.a23, self.pure_sequence_beats_trio, self.langdi, self.lowball, self.k_a_2)
    }
}

/// A resolved [`Scheme`] with its tables: evaluate many hands without
/// re-reading the rules.
#[derive(Clone, Copy)]
pub struct Evaluator {
    scheme: Scheme,
    /// [`Scheme::is_plain`], worked out once.
    plain: bool,
    /// Classic order, and wild ranks at most (no wild suits or cards, imagined cards or virtual pairs): the
    /// table lookups alone, for three or four cards.
    ranks_only: bool,
    t: &'static Tables,
}

impl fmt::Debug for Evaluator {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Evaluator").field("scheme", &self.scheme).finish_non_exhaustive()
    }
}

/// The ranks of the cards that are not printed jokers.
fn real_ranks(cards: &[Card]) -> impl Iterator<Item = Rank> + '_ {
    cards.iter().filter(|c| !c.is_joker()).map(|c| c.rank)
}

#[inline(always)]
fn r(c: Card) -> usize {
    (c.rank.value() - 2) as usize
}

#[inline(always)]
fn suited(a: Card, b: Card, c: Card) -> bool {
    (a.suit == b.suit) & (b.suit == c.suit)
}

impl Evaluator {
    #[inline]
    pub fn new(rules: &Rules, joker: Option<Rank>) -> Result<Evaluator, RankError> {
        Ok(Evaluator::for_scheme(Scheme::from_rules(rules, joker)?))
    }

    #[inline]
    pub fn for_scheme(scheme: Scheme) -> Evaluator {
        let ranks_only = (scheme.imagined, scheme.order, scheme.pairs, scheme.wild_suits, scheme.wild_cards)
            == (0, Compare::Classic, Virtual::None, 0, 0);
        Evaluator { scheme, plain: scheme.is_plain(), ranks_only, t: tables_at(scheme.table_index()) }
    }

    pub fn scheme(&self) -> &Scheme {
        &self.scheme
    }

    /// The prepared evaluator for the same scheme, when it has no wild cards
    /// and three-card hands (see [`PreparedEvaluator::for_scheme`]).
    pub fn prepared(&self) -> Option<PreparedEvaluator> {
        PreparedEvaluator::for_scheme(self.scheme)
    }

    /// Ranks a hand: the right number of distinct cards, or an error.
    #[inline]
    pub fn evaluate(&self, cards: &[Card]) -> Result<HandValue, RankError> {
        let s = &self.scheme;
        if let ([a, b, c], true) = (cards, self.plain) {
            return plain3(self.t, *a, *b, *c);
        }
        check(cards, s.hand_size(), s.wild_cards & JOKER_BITS != 0)?;
        if s.bust != 0 && cards.iter().any(|c| s.bust & (1 << c.rank.value()) != 0) {
            return Ok(HandValue { category: Category::Bust, strength: 0 });
        }
        if let (Compare::Single, [card]) = (s.order, cards) {
            return Ok(HandValue { category: Category::Single, strength: u32::from(card.rank.value()) });
        }
        let mask = self.wild_mask(cards);
        // Classic order, wild ranks at most: three cards, or the best three of four (best of four).
        if self.ranks_only {
            match *cards {
                [a, b, c] => return Ok(unpack(self.eval3([a, b, c], mask))),
                [a, b, c, d] => {
                    let x = better(self.eval3([a, b, c], mask), self.eval3([a, b, d], mask));
                    return Ok(unpack(better(x, better(self.eval3([a, c, d], mask), self.eval3([b, c, d], mask)))));
                }
                _ => {}
            }
        }
        if cards.len() > units::MAX_CARDS {
            return Err(RankError::WrongCount { expected: units::MAX_CARDS, got: cards.len() });
        }
        let wild = self.wild_flags(cards, mask);
        Ok(units::value(cards, &wild[..cards.len()], usize::from(s.imagined), s.pairs, self.order()))
    }

    /// Which of `cards` are wild (`mask`: the wild ranks of this hand).
    fn wild_flags(&self, cards: &[Card], mask: u16) -> [bool; units::MAX_CARDS] {
        let s = &self.scheme;
        let mut wild = [false; units::MAX_CARDS];
        for (w, c) in wild.iter_mut().zip(cards) {
            *w = mask & (1 << c.rank.value()) != 0
                || s.wild_suits & (1 << c.suit as u8) != 0
                || s.wild_cards & (1 << c.index()) != 0;
        }
        wild
    }

    fn order(&self) -> units::Order<'static> {
        match self.scheme.order {
            Compare::Classic => units::Order::Classic(self.t),
            Compare::Blackjack => units::Order::Blackjack,
            Compare::Numbers => units::Order::Numbers,
            // One card is ranked by `evaluate` alone; never read here.
            Compare::Single => units::Order::Classic(self.t),
        }
    }

    /// The three cards a hand counts as and where each comes from (a wild card standing in, an imagined card, a
    /// pair making a wild card), for the DM and the show: `None` for a plain hand of three (nothing to say) and
    /// for a bust one. Tries every card for every wild unit, so it is for display, not for hot loops; its value
    /// always equals [`Evaluator::evaluate`]'s.
    pub fn explain(&self, cards: &[Card]) -> Result<Option<Made>, RankError> {
        let value = self.evaluate(cards)?;
        let s = &self.scheme;
        // Strength 0: a bust card (a blackjack total over 21 is a hand like any other here).
        if value.strength == 0 || cards.len() > units::MAX_CARDS || s.order == Compare::Single {
            return Ok(None);
        }
        let wild = self.wild_flags(cards, self.wild_mask(cards));
        let wild = &wild[..cards.len()];
        let plain = cards.len() == 3 && s.imagined == 0 && !wild.contains(&true);
        if plain {
            return Ok(None);
        }
        let made = units::explain(cards, wild, usize::from(s.imagined), s.pairs, self.order());
        Ok(made.map(|(_, stands)| Made { value, stands }))
    }

    /// The wild ranks of this dealt hand, as a bit set over rank values.
    fn wild_mask(&self, cards: &[Card]) -> u16 {
        match self.scheme.wild {
            Wild::None => 0,
            Wild::Ranks(m) => m,
            // A printed joker has no rank of its own (it is wild anyway).
            Wild::OwnHighest => real_ranks(cards).max().map_or(0, |r| 1 << r.value()),
            Wild::OwnLowest => real_ranks(cards).min().map_or(0, |r| 1 << r.value()),
        }
    }

    #[inline]
    fn eval3(&self, c: [Card; 3], mask: u16) -> u32 {
        let w = |x: Card| mask & (1 << x.rank.value()) != 0;
        match (w(c[0]), w(c[1]), w(c[2])) {
            (false, false, false) => self.t.base[idx3(r(c[0]), r(c[1]), r(c[2]), suited(c[0], c[1], c[2]))],
            (true, false, false) => self.one(c[1], c[2]),
            (false, true, false) => self.one(c[0], c[2]),
            (false, false, true) => self.one(c[0], c[1]),
            (false, true, true) => self.t.two_wild[r(c[0])],
            (true, false, true) => self.t.two_wild[r(c[1])],
            (true, true, false) => self.t.two_wild[r(c[2])],
            (true, true, true) => self.t.three_wild,
        }
    }

    #[inline]
    fn one(&self, a: Card, b: Card) -> u32 {
        self.t.one_wild[(r(a) * 13 + r(b)) * 2 + (a.suit == b.suit) as usize]
    }

    /// The three cards the hand counts as, for display: for best of four the
    /// chosen three, and each wild card replaced by the card it stands for.
    /// Its value always equals [`Evaluator::evaluate`]'s.
    pub fn best_hand(&self, cards: &[Card]) -> Result<MadeHand, RankError> {
        check(cards, self.scheme.hand_size(), self.scheme.wild_cards & JOKER_BITS != 0)?;
        let mask = self.wild_mask(cards);
        let is_wild = |c: &Card| mask & (1 << c.rank.value()) != 0;
        let subsets: &[[usize; 3]] =
            if self.scheme.held == 4 { &[[0, 1, 2], [0, 1, 3], [0, 2, 3], [1, 2, 3]] } else { &[[0, 1, 2]] };
        // Best (strength, fewest copies of real cards) wins; first found on ties.
        let mut best: Option<((u32, usize), MadeHand)> = None;
        let deck: Vec<Card> = (0..52u8).rev().filter_map(Card::from_index).collect();
        for sub in subsets {
            let picked = sub.map(|i| cards[i]);
            let wild = picked.map(|c| is_wild(&c));
            let real: Vec<Card> = picked.iter().copied().filter(|c| !is_wild(c)).collect();
            let slots: Vec<usize> = (0..3).filter(|&i| wild[i]).collect();
            for choice in multisets(slots.len(), deck.len()) {
                let mut made = picked;
                for (k, &slot) in slots.iter().enumerate() {
                    made[slot] = deck[choice[k]];
                }
                let e = self.t.base[idx3(r(made[0]), r(made[1]), r(made[2]), suited(made[0], made[1], made[2]))];
                let copies = slots
                    .iter()
                    .enumerate()
                    .filter(|&(k, &slot)| {
                        real.contains(&made[slot]) || slots[..k].iter().any(|&o| made[o] == made[slot])
                    })
                    .count();
                let found = (e & STRENGTH_MASK, usize::MAX - copies);
                if best.as_ref().is_none_or(|(key, _)| found > *key) {
                    best = Some((found, MadeHand { value: unpack(e), cards: made, wild }));
                }
            }
        }
        let (_, mut made) = best.ok_or(RankError::WrongCount { expected: self.scheme.hand_size(), got: 0 })?;
        // High to low for display.
        let mut order = [0usize, 1, 2];
        order.sort_by(|&i, &j| made.cards[j].cmp(&made.cards[i]));
        made = MadeHand { value: made.value, cards: order.map(|i| made.cards[i]), wild: order.map(|i| made.wild[i]) };
        Ok(made)
    }
}

/// Every multiset of `n` indices below `m` (as non-decreasing index lists).
fn multisets(n: usize, m: usize) -> Vec<Vec<usize>> {
    let mut out = vec![Vec::new()];
    for _ in 0..n {
        out = out
            .into_iter()
            .flat_map(|v| {
                let from = v.last().copied().unwrap_or(0);
                (from..m).map(move |i| {
                    let mut w = v.clone();
                    w.push(i);
                    w
                })
            })
            .collect();
    }
    out
}

/// A hand as it counts, for people ([`Evaluator::explain`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Made {
    pub value: HandValue,
    pub stands: [Stand; 3],
}

/// The three cards a hand counts as (see [`Evaluator::best_hand`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MadeHand {
    pub value: HandValue,
    /// High to low; a wild card appears as the card it stands for.
    pub cards: [Card; 3],
    /// Which of `cards` are stand-ins for wild cards.
    pub wild: [bool; 3],
}

/// The right number of distinct cards, printed jokers only where the pack has them.
fn check(cards: &[Card], expected: usize, jokers: bool) -> Result<(), RankError> {
    if cards.len() != expected {
        return Err(RankError::WrongCount { expected, got: cards.len() });
    }
    for (i, c) in cards.iter().enumerate() {
        if cards[..i].contains(c) {
            return Err(RankError::Duplicate(*c));
        }
        if c.is_joker() && !jokers {
            return Err(RankError::NoPrintedJokers(*c));
        }
    }
    Ok(())
}

/// Ranks a hand. `joker` is the turned-up rank for [`Variant::Joker`]
/// (`rules.joker` when `None`; ignored by other variants).
#[inline]
pub fn evaluate(cards: &[Card], rules: &Rules, joker: Option<Rank>) -> Result<HandValue, RankError> {
    if let ([a, b, c], true) = (cards, rules.is_plain_three()) {
        let lowball = rules.variant == Variant::Muflis;
        let t = tables_at(options_index(rules.a23, rules.pure_sequence_beats_trio, rules.langdi, lowball, rules.k_a_2));
        return plain3(t, *a, *b, *c);
    }
    Evaluator::new(rules, joker)?.evaluate(cards)
}

/// Three cards, no wild cards: the duplicate check and one lookup. A printed joker (no rank) lands on an
/// unused entry, 0, which no hand has: refused there, at no cost to the others.
#[inline(always)]
fn plain3(t: &Tables, a: Card, b: Card, c: Card) -> Result<HandValue, RankError> {
    if (a == b) | (a == c) | (b == c) {
        return Err(RankError::Duplicate(if a == b || a == c { a } else { b }));
    }
    let e = t.base[idx3(r(a), r(b), r(c), suited(a, b, c))];
    if e == 0 {
        let joker = [a, b, c].into_iter().find(|c| c.is_joker()).unwrap_or(a);
        return Err(RankError::NoPrintedJokers(joker));
    }
    Ok(unpack(e))
}

/// The three cards a hand counts as, for display (see [`Evaluator::best_hand`]).
pub fn best_hand(cards: &[Card], rules: &Rules, joker: Option<Rank>) -> Result<MadeHand, RankError> {
    Evaluator::new(rules, joker)?.best_hand(cards)
}

/// Tie-break by suits for `show_tie = suit_order`: compares the cards from
/// the highest rank down, by suit under `order`. Higher wins.
/// A printed joker has no suit: it comes last and loses to any suit.
pub fn suit_key(cards: &[Card], order: SuitOrder) -> u32 {
    let mut sorted: Vec<Card> = cards.to_vec();
    let strength = |c: &Card| if c.is_joker() { 0 } else { u32::from(order.strength(c.suit)) + 1 };
    let rank = |c: &Card| if c.is_joker() { 0 } else { c.rank.value() };
    sorted.sort_by(|a, b| rank(b).cmp(&rank(a)).then(strength(b).cmp(&strength(a))));
    sorted.iter().fold(0u32, |acc, c| acc * 5 + strength(c))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::cards::parse_cards;

    #[test]
    fn trio_of_aces_strength() {
        let v = evaluate(&parse_cards("As Ad Ah").unwrap(), &Rules::default(), None).unwrap();
        assert_eq!(v, HandValue { category: Category::Trio, strength: 393230 });
    }

    #[test]
    fn made_hand_matches_value() {
        let rules = Rules::preset("joker").unwrap();
        let cards = parse_cards("7s Ah Kd").unwrap();
        let made = best_hand(&cards, &rules, Rank::new(7)).unwrap();
        assert_eq!(made.value, evaluate(&cards, &rules, Rank::new(7)).unwrap());
        assert_eq!(made.value.category, Category::Sequence);
        assert_eq!(made.wild, [false, false, true]);
        assert_eq!(made.cards[2].rank, Rank::new(12).unwrap());
    }
}
