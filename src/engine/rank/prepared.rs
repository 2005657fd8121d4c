//! The prepared evaluator: plain three-card hands (classic or muflis, any
//! options) given as card indices, for hot loops (odds, computer players).
//!
//! How it is fast: two lookups in small tables, no branch and no `Result`.
//! The first card pair picks a *window*: `PAIRS[i0 << 6 | i1]` is the start of
//! the window of the pair's two ranks (unordered), shifted down by the pair's
//! suit when both cards share one, or up by one when they do not. The third
//! card steps into the window by `8 x rank + suit` (`STEP[i2]`). In a window,
//! slot `8 x rank + 0` holds the suited hand of the three ranks and slots
//! `-3..-1` and `1..4` around it the unsuited one, so the step lands on the
//! suited slot exactly when the third card has the pair's suit. 91 windows of
//! 104 slots: 9,464 packed entries (37 KB) per option combination, built
//! lazily from the checked tables, plus the 32 KB pair table shared by all.
//!
//! No input can panic: every index is a byte, `i0 << 6 | i1` is below 16,384
//! (the pair table's length) for any two bytes, the step table has 256 slots
//! and the entry index is masked to the entry table's length. An index of 52 or more, or a card given twice, gives some entry
//! (unspecified); validate untrusted cards with [`super::evaluate`].

use std::fmt;
use std::sync::OnceLock;

use rand::seq::SliceRandom;
use rand::Rng;

use super::{tables_at, unpack, HandValue, Rules, Scheme, OPTION_SETS, STRENGTH_MASK};

/// Slots in a window: 13 ranks x 8, from offset -3 to 8 x 12 + 4.
const WINDOW: usize = 104;
/// Unordered pairs of ranks (with repeats): 13 x 14 / 2.
const RANK_PAIRS: usize = 91;
/// Entry table length: a power of two above `RANK_PAIRS x WINDOW`, so that
/// any `window + step` can be masked into it.
const ENTRIES: usize = 1 << 14;
const ENTRY_MASK: usize = ENTRIES - 1;
const PAIR_LEN: usize = 1 << 14;
// Every window fits below the mask, so valid hands never wrap around.
const _: () = assert!(RANK_PAIRS * WINDOW <= ENTRIES);

/// Option-independent part: where each ordered card pair's window starts,
/// and each third card's step into a window.
struct Pairs {
    start: Box<[u16; PAIR_LEN]>,
    step: [u16; 256],
}

static PAIRS: OnceLock<Pairs> = OnceLock::new();
static ENTRY_TABLES: [OnceLock<Box<[u32; ENTRIES]>>; OPTION_SETS] = [const { OnceLock::new() }; OPTION_SETS];

/// The window of the unordered rank pair `{a, b}` (ranks 0..13): its slot 0
/// (slots -3..0 before it belong to it too).
fn window(a: usize, b: usize) -> usize {
    let (lo, hi) = if a <= b { (a, b) } else { (b, a) };
    // Pairs (lo, hi) in order: lo = 0 has 13, lo = 1 has 12, ...
    let pair = lo * 13 - lo * (lo.saturating_sub(1)) / 2 + (hi - lo);
    3 + pair * WINDOW
}

fn build_pairs() -> Pairs {
    let mut start = Box::new([3u16; PAIR_LEN]);
    for i in 0..52usize {
        for j in 0..52usize {
            let (ri, rj, si) = (i >> 2, j >> 2, i & 3);
            let w = window(ri, rj);
            // Same rank: never suited; same suit: the suited slot is `si`
            // away; different suits: start one up, so no step lands on 0.
            let s = if ri == rj {
                w
            } else if si == j & 3 {
                w - si
            } else {
                w + 1
            };
            start[i << 6 | j] = s as u16;
        }
    }
    let mut step = [0u16; 256];
    for (c, slot) in step.iter_mut().enumerate().take(52) {
        *slot = (8 * (c >> 2) + (c & 3)) as u16;
    }
    Pairs { start, step }
}

fn build_entries(options: usize) -> Box<[u32; ENTRIES]> {
    let base = &tables_at(options).base;
    let mut e = Box::new([0u32; ENTRIES]);
    for a in 0..13 {
        for b in a..13 {
            let w = window(a, b);
            for r in 0..13 {
                for offset in 0..8 {
                    // Offsets -3..=4 around slot 0; 0 is the suited hand.
                    let slot = w + 8 * r + offset - 3;
                    e[slot] = base[super::idx3(a, b, r, offset == 3)];
                }
            }
        }
    }
    e
}

/// Ranks plain three-card hands given as card indices ([`crate::engine::cards::Card::index`],
/// 0..52), under rules resolved once: the same strength and category as
/// [`super::evaluate`] for every hand of three distinct cards, in any order.
/// Two table lookups, no checks: indices of 52 or more, or a card given
/// twice, give an unspecified value (never a panic). Copy it freely.
#[derive(Clone, Copy)]
pub struct PreparedEvaluator {
    pairs: &'static Pairs,
    entries: &'static [u32; ENTRIES],
    scheme: Scheme,
}

impl fmt::Debug for PreparedEvaluator {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("PreparedEvaluator").field("scheme", &self.scheme).finish_non_exhaustive()
    }
}

impl PreparedEvaluator {
    /// The prepared evaluator for `rules`, or `None` when the rules have wild
    /// cards or four-card hands (joker, ak47, high/low wild, best of four:
    /// use [`super::Evaluator`]).
    pub fn new(rules: &Rules) -> Option<PreparedEvaluator> {
        Scheme::from_rules(rules, None).ok().and_then(PreparedEvaluator::for_scheme)
    }

    /// As [`PreparedEvaluator::new`], for a scheme: `None` unless it has no
    /// wild cards and three-card hands.
    pub fn for_scheme(scheme: Scheme) -> Option<PreparedEvaluator> {
        if !scheme.is_plain() {
            return None;
        }
        let options = scheme.table_index();
        let entries = ENTRY_TABLES[options].get_or_init(|| build_entries(options));
        Some(PreparedEvaluator { pairs: PAIRS.get_or_init(build_pairs), entries, scheme })
    }

    pub fn scheme(&self) -> &Scheme {
        &self.scheme
    }

    #[inline(always)]
    fn entry(&self, [a, b, c]: [u8; 3]) -> u32 {
        let start = self.pairs.start[(a as usize) << 6 | b as usize] as usize;
        self.entries[(start + self.pairs.step[c as usize] as usize) & ENTRY_MASK]
    }

    /// The hand's strength (higher wins, equal ties), as
    /// [`HandValue::strength`].
    #[inline(always)]
    pub fn strength(&self, hand: [u8; 3]) -> u32 {
        self.entry(hand) & STRENGTH_MASK
    }

    /// The hand's category and strength.
    #[inline(always)]
    pub fn value(&self, hand: [u8; 3]) -> HandValue {
        unpack(self.entry(hand))
    }
}

/// Every three-card hand (22,100) as card indices, each ascending, in
/// lexicographic order.
pub fn every_hand() -> impl Iterator<Item = [u8; 3]> {
    (0..52u8).flat_map(|i| (i + 1..52).flat_map(move |j| (j + 1..52).map(move |k| [i, j, k])))
}

/// Every three-card hand as card indices, the hands and the cards of each
/// in random order (a seeded `rng` gives the same order every time): the
/// order the benchmarks and the `teenpattisolver` comparison use.
pub fn shuffled_hands(rng: &mut impl Rng) -> Vec<[u8; 3]> {
    let mut hands: Vec<[u8; 3]> = every_hand().collect();
    hands.shuffle(rng);
    for h in &mut hands {
        h.shuffle(rng);
    }
    hands
}
