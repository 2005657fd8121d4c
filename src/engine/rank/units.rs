//! The general evaluator behind every variation (issue 13): a hand is reduced to **units**, each either a real
//! card or a wild unit (a wild card, an imagined card, or a pair of cards that together make one virtual wild
//! card), and the best three units count under one of three orders: the classic order (with its options, and
//! lowball), blackjack totals, or 999 numbers.
//!
//! Which cards are wild is a predicate the caller resolves from the turned-up cards and the variation (a drawn
//! rank, a drawn suit, fixed cards, printed jokers, a player's own highest or lowest rank), so this module only
//! counts: how many real cards and which, how many wild units. A wild unit may stand for any card, even a copy
//! of a real one (as [`super::Evaluator`] already treats wild cards).
//!
//! The classic order reads the option set's tables (`base`, `one_wild`, `two_wild`, `three_wild`): one lookup
//! per choice of three units. Blackjack and 999 are computed directly. `tests/` check all three against
//! substitution of every card for every wild unit.

use super::{better, idx3, r, suited, unpack, Category, HandValue, Tables};
use crate::engine::cards::Card;

/// How a wild-free choice of three cards, or one with wild units, is ordered.
#[derive(Clone, Copy)]
pub(super) enum Order<'t> {
    /// The classic order under one option set (its tables; lowball is folded into them).
    Classic(&'t Tables),
    /// Blackjack: picture cards 10, an ace 1 or 11, others their face value; the highest total up to 21 wins.
    Blackjack,
    /// 999: ten and picture cards 0, an ace 1, others their value; the digits arranged into the largest number.
    Numbers,
}

/// Pairs of cards that together make one virtual wild card.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Virtual {
    None,
    /// Four cards: the two lowest make one wild card and the two highest count as dealt; if the two lowest are a
    /// pair, the best three of the four may count instead; if the two middle cards are a pair, there is no wild
    /// card and the best three of the four count (this rule comes first).
    TwoLowest,
    /// Five cards: three disjoint units, each a single card or a pair making a kiss (ranks in sequence, A-2 to
    /// Q-K), a miss (one rank missing between, A-3 to J-K) or a bliss (the same rank), each kind at most once;
    /// a pair is one wild card; the cards left over are discarded.
    KissMissBliss,
}

/// A unit: a real card, or a wild unit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Unit {
    Real(Card),
    Wild,
}

/// The most cards a hand holds (kiss-miss-bliss deals five) and the most imagined cards (two).
pub const MAX_CARDS: usize = 5;
pub const MAX_IMAGINED: usize = 2;

/// Strength bases outside the classic order: every classic strength is below `7 << 16`.
const BUST: u32 = 1;
pub(super) const POINTS_BASE: u32 = 16;
pub(super) const NUMBER_BASE: u32 = 1;

/// The packed entry (category in bits 24.., strength below) of the best three of `units` under `order`.
fn best_of_units(units: &[Unit], order: Order<'_>) -> u32 {
    let n = units.len();
    let mut best = 0;
    for i in 0..n {
        for j in i + 1..n {
            for k in j + 1..n {
                best = better(best, three(units[i], units[j], units[k], order));
            }
        }
    }
    best
}

/// The packed entry of three units.
fn three(a: Unit, b: Unit, c: Unit, order: Order<'_>) -> u32 {
    let mut reals = [a, b, c].into_iter().filter_map(|u| match u {
        Unit::Real(card) => Some(card),
        Unit::Wild => None,
    });
    let (x, y, z) = (reals.next(), reals.next(), reals.next());
    match order {
        Order::Classic(t) => match (x, y, z) {
            (Some(x), Some(y), Some(z)) => t.base[idx3(r(x), r(y), r(z), suited(x, y, z))],
            (Some(x), Some(y), None) => t.one_wild[(r(x) * 13 + r(y)) * 2 + usize::from(x.suit == y.suit)],
            (Some(x), None, _) => t.two_wild[r(x)],
            (None, _, _) => t.three_wild,
        },
        Order::Blackjack => points([x, y, z]),
        Order::Numbers => number([x, y, z]),
    }
}

/// Blackjack points of a card (an ace counts 1 here; [`points`] adds 10 for one ace when it fits).
fn card_points(c: Card) -> u32 {
    match c.rank.value() {
        14 => 1,
        v @ 2..=10 => u32::from(v),
        _ => 10,
    }
}

/// The best blackjack total of three cards, `None` standing for a wild unit (any card: an ace, 1 or 11, or
/// any value from 2 to 10). The highest total up to 21; over 21 whatever the choices, the hand is bust.
fn points(cards: [Option<Card>; 3]) -> u32 {
    let fixed: u32 = cards.iter().flatten().map(|&c| card_points(c)).sum();
    let aces = cards.iter().flatten().filter(|c| c.rank.value() == 14).count();
    let wilds = cards.iter().filter(|c| c.is_none()).count() as u32;
    // Every card's lowest count first (an ace 1, a wild 1), then raise: a wild by up to 10, an ace by 10.
    let low = fixed + wilds;
    // `k` aces counted 11; the wild cards then fill any amount up to 10 each.
    let total = (0..=aces as u32).map(|k| low + 10 * k).filter(|&t| t <= 21).map(|t| (t + wilds * 10).min(21)).max();
    match total {
        Some(total) => packed(Category::Points, POINTS_BASE + total),
        None => packed(Category::Bust, BUST),
    }
}

/// A digit of 999: ten and picture cards 0, an ace 1, the others their value (blackjack's count, mod 10).
fn digit(c: Card) -> u32 {
    card_points(c) % 10
}

/// The largest three-digit number the cards make, a wild unit being a 9.
fn number(cards: [Option<Card>; 3]) -> u32 {
    let mut d = cards.map(|c| c.map_or(9, digit));
    d.sort_unstable_by(|a, b| b.cmp(a));
    packed(Category::Number, NUMBER_BASE + d[0] * 100 + d[1] * 10 + d[2])
}

fn packed(category: Category, strength: u32) -> u32 {
    (category as u32) << 24 | strength
}

/// Is `{a, b}` (rank values, 2..=14) a kiss: in sequence, A-2 up to Q-K (not K-A)?
pub fn is_kiss(a: u8, b: u8) -> bool {
    let (lo, hi) = (a.min(b), a.max(b));
    (lo == 2 && hi == 14) || (hi == lo + 1 && hi <= 13)
}

/// Is `{a, b}` a miss: one rank missing between, A-3 up to J-K (not Q-A, not K-2)?
pub fn is_miss(a: u8, b: u8) -> bool {
    let (lo, hi) = (a.min(b), a.max(b));
    (lo == 3 && hi == 14) || (hi == lo + 2 && hi <= 13)
}

/// The value of a hand already reduced to its cards and the wild cards among them (`wild[i]`: `cards[i]` is
/// wild), plus `imagined` wild units, with `pairs` read as virtual wild cards. The best three units count.
pub(super) fn value(cards: &[Card], wild: &[bool], imagined: usize, pairs: Virtual, order: Order<'_>) -> HandValue {
    let mut units = [Unit::Wild; MAX_CARDS + MAX_IMAGINED];
    for (u, (&c, &w)) in units.iter_mut().zip(cards.iter().zip(wild)) {
        if !w {
            *u = Unit::Real(c);
        }
    }
    let held = (cards.len() + imagined).min(units.len());
    let best = match pairs {
        Virtual::None => best_of_units(&units[..held], order),
        Virtual::TwoLowest => two_lowest(cards, order),
        Virtual::KissMissBliss => kiss_miss_bliss(cards, order),
    };
    unpack(best)
}

/// The two-lowest readings of four cards (see [`Virtual::TwoLowest`]).
fn two_lowest(cards: &[Card], order: Order<'_>) -> u32 {
    let mut sorted: Vec<Card> = cards.to_vec();
    sorted.sort_by_key(|c| c.rank);
    let real = |c: &Card| Unit::Real(*c);
    let as_dealt: Vec<Unit> = sorted.iter().map(real).collect();
    if sorted.len() != 4 || sorted[1].rank == sorted[2].rank {
        return best_of_units(&as_dealt, order);
    }
    let with_wild = three(Unit::Wild, real(&sorted[2]), real(&sorted[3]), order);
    if sorted[0].rank == sorted[1].rank {
        better(with_wild, best_of_units(&as_dealt, order))
    } else {
        with_wild
    }
}

/// The kind of a pair that makes a virtual wild card: 0 a bliss (the same rank), 1 a kiss, 2 a miss; `None`
/// for none.
fn pair_kind(a: Card, b: Card) -> Option<u8> {
    let (x, y) = (a.rank.value(), b.rank.value());
    if x == y {
        Some(0)
    } else if is_kiss(x, y) {
        Some(1)
    } else if is_miss(x, y) {
        Some(2)
    } else {
        None
    }
}

/// A kiss-miss-bliss reading beyond three single cards (indices into the cards): one pair (a kiss, a miss or a
/// bliss) and two singles, or two pairs of different kinds and a single.
enum PairReading {
    One([usize; 2], [usize; 2]),
    Two([usize; 2], [usize; 2], usize),
}

/// Every [`PairReading`] of `cards`, in one order (each pair, then each two singles beside it, each followed by
/// the readings where those two are a pair of another kind): the one enumeration behind the value and the
/// explanation.
fn pair_readings(cards: &[Card], mut visit: impl FnMut(PairReading)) {
    let n = cards.len();
    for i in 0..n {
        for j in i + 1..n {
            let Some(first) = pair_kind(cards[i], cards[j]) else { continue };
            let rest: Vec<usize> = (0..n).filter(|&k| k != i && k != j).collect();
            for (a, &x) in rest.iter().enumerate() {
                for &y in &rest[a + 1..] {
                    visit(PairReading::One([i, j], [x, y]));
                    if pair_kind(cards[x], cards[y]).is_some_and(|second| second != first) {
                        for &z in rest.iter().filter(|&&z| z != x && z != y) {
                            visit(PairReading::Two([i, j], [x, y], z));
                        }
                    }
                }
            }
        }
    }
}

/// The kiss-miss-bliss readings of five cards (see [`Virtual::KissMissBliss`]): every way to take three
/// disjoint units, each pair a kiss, a miss or a bliss, each kind at most once.
fn kiss_miss_bliss(cards: &[Card], order: Order<'_>) -> u32 {
    let mut best = best_of_units(&cards.iter().map(|&c| Unit::Real(c)).collect::<Vec<_>>(), order);
    pair_readings(cards, |reading| {
        let units = match reading {
            PairReading::One(_, [x, y]) => three(Unit::Wild, Unit::Real(cards[x]), Unit::Real(cards[y]), order),
            PairReading::Two(_, _, z) => three(Unit::Wild, Unit::Wild, Unit::Real(cards[z]), order),
        };
        best = better(best, units);
    });
    best
}

/// Where a card of a made hand comes from (see [`explain`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(tag = "from", rename_all = "snake_case")]
pub enum Source {
    /// A card held (or the common card), counted as itself.
    Held { card: Card },
    /// A wild card held, standing in for another.
    Wild { card: Card },
    /// An imagined card.
    Imagined,
    /// Two cards together making one wild card (two-lowest, or a kiss, miss or bliss).
    Pair { cards: [Card; 2] },
}

/// One card of a made hand: what it counts as, and where it comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct Stand {
    pub counts_as: Card,
    pub source: Source,
}

/// A reading of a hand: three units, each a real card or a wild one (with where it comes from).
type Reading = [(Option<Card>, Source); 3];

/// The readings [`value`] takes the best of, in full.
fn readings(cards: &[Card], wild: &[bool], imagined: usize, pairs: Virtual) -> Vec<Reading> {
    let unit = |i: usize| -> (Option<Card>, Source) {
        match (cards.get(i), wild.get(i)) {
            (Some(&c), Some(false)) => (Some(c), Source::Held { card: c }),
            (Some(&c), _) => (None, Source::Wild { card: c }),
            (None, _) => (None, Source::Imagined),
        }
    };
    let pair = |a: Card, b: Card| (None, Source::Pair { cards: [a, b] });
    let held = |c: Card| (Some(c), Source::Held { card: c });
    let threes = |units: &[(Option<Card>, Source)]| {
        let n = units.len();
        let mut out = Vec::new();
        for i in 0..n {
            for j in i + 1..n {
                for k in j + 1..n {
                    out.push([units[i], units[j], units[k]]);
                }
            }
        }
        out
    };
    match pairs {
        Virtual::None => {
            let n = (cards.len() + imagined).min(MAX_CARDS + MAX_IMAGINED);
            threes(&(0..n).map(unit).collect::<Vec<_>>())
        }
        Virtual::TwoLowest => {
            let mut sorted: Vec<Card> = cards.to_vec();
            sorted.sort_by_key(|c| c.rank);
            let as_dealt: Vec<_> = sorted.iter().map(|&c| held(c)).collect();
            if sorted.len() != 4 || sorted[1].rank == sorted[2].rank {
                return threes(&as_dealt);
            }
            let mut out = vec![[pair(sorted[0], sorted[1]), held(sorted[2]), held(sorted[3])]];
            if sorted[0].rank == sorted[1].rank {
                out.extend(threes(&as_dealt));
            }
            out
        }
        Virtual::KissMissBliss => {
            let mut out = threes(&cards.iter().map(|&c| held(c)).collect::<Vec<_>>());
            pair_readings(cards, |reading| {
                out.push(match reading {
                    PairReading::One([i, j], [x, y]) => [pair(cards[i], cards[j]), held(cards[x]), held(cards[y])],
                    PairReading::Two([i, j], [x, y], z) => {
                        [pair(cards[i], cards[j]), pair(cards[x], cards[y]), held(cards[z])]
                    }
                })
            });
            out
        }
    }
}

/// The best made hand, for people: the three units that count and what each wild one stands for, found by
/// trying every card for every wild unit of every reading (a wild unit may copy a real card, as in [`value`];
/// among equal hands the first found with the fewest copies). Its value equals [`value`]'s.
pub(super) fn explain(
    cards: &[Card],
    wild: &[bool],
    imagined: usize,
    pairs: Virtual,
    order: Order<'_>,
) -> Option<(HandValue, [Stand; 3])> {
    let deck: Vec<Card> = (0..52u8).rev().filter_map(Card::from_index).collect();
    let v = value(cards, wild, imagined, pairs, order);
    // No stand-in is worth more than the hand's value, nor copies fewer than none: the first found with both is
    // the one the whole search would keep (it keeps the first of equal ones), and the search ends there, not
    // after 52^3 stand-ins of three wild units.
    let top = (v.strength, usize::MAX);
    let mut best: Option<((u32, usize), [Stand; 3])> = None;
    'search: for reading in readings(cards, wild, imagined, pairs) {
        let slots: Vec<usize> = (0..3).filter(|&i| reading[i].0.is_none()).collect();
        let choices: usize = deck.len().pow(slots.len() as u32);
        let real: Vec<Card> = reading.iter().filter_map(|(c, _)| *c).collect();
        for mut code in 0..choices {
            let mut made = reading.map(|(c, _)| c.unwrap_or(deck[0]));
            for &slot in &slots {
                made[slot] = deck[code % deck.len()];
                code /= deck.len();
            }
            let e = three(Unit::Real(made[0]), Unit::Real(made[1]), Unit::Real(made[2]), order);
            let copies = slots
                .iter()
                .enumerate()
                .filter(|&(k, &s)| real.contains(&made[s]) || slots[..k].iter().any(|&o| made[o] == made[s]))
                .count();
            let key = (e & super::STRENGTH_MASK, usize::MAX - copies);
            if best.as_ref().is_none_or(|(k, _)| key > *k) {
                let stands = [0, 1, 2].map(|i| Stand { counts_as: made[i], source: reading[i].1 });
                best = Some((key, stands));
                if key == top {
                    break 'search;
                }
            }
        }
    }
    let (_, stands) = best?;
    Some((v, stands))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::cards::parse_cards;

    fn v(cards: &str, order: Order<'_>) -> HandValue {
        let cards = parse_cards(cards).unwrap();
        value(&cards, &vec![false; cards.len()], 0, Virtual::None, order)
    }

    #[test]
    fn the_texts_kisses_and_misses() {
        assert!(is_kiss(14, 2) && is_kiss(8, 9) && is_kiss(11, 12) && is_kiss(12, 13));
        assert!(!is_kiss(13, 14), "K-A is not a kiss");
        assert!(is_miss(14, 3) && is_miss(8, 10) && is_miss(11, 13));
        assert!(!is_miss(13, 2), "K-2 is not a miss");
        assert!(!is_miss(12, 14), "Q-A is not a miss");
    }

    #[test]
    fn blackjack_totals() {
        let p = |c: &str| v(c, Order::Blackjack);
        assert_eq!(p("As Kd 5c").strength, POINTS_BASE + 16, "an ace counts 1 when 11 would bust");
        assert_eq!(p("As 9d Ac").strength, POINTS_BASE + 21, "one ace 11, the other 1");
        assert_eq!(p("Ks Qd 2c").category, Category::Bust);
        assert_eq!(p("Ks Qd Ac").strength, POINTS_BASE + 21);
        let wild = value(&parse_cards("Ks 5d 2c").unwrap(), &[false, true, false], 0, Virtual::None, Order::Blackjack);
        assert_eq!(wild.strength, POINTS_BASE + 21, "a wild card makes up the difference");
        let ace = value(&parse_cards("As 3d 2c").unwrap(), &[false, true, false], 0, Virtual::None, Order::Blackjack);
        assert_eq!(ace.strength, POINTS_BASE + 21, "an ace 11 and a wild 8");
    }

    #[test]
    fn numbers() {
        let n = |c: &str| v(c, Order::Numbers).strength - NUMBER_BASE;
        assert_eq!(n("9s 9d 9c"), 999);
        assert_eq!(n("Ks As 7d"), 710);
        assert_eq!(n("Ts Js Qs"), 0);
        let wild = value(&parse_cards("2s 5d Kc").unwrap(), &[false, false, true], 0, Virtual::None, Order::Numbers);
        assert_eq!(wild.strength - NUMBER_BASE, 952);
    }
}
