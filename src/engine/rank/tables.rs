//! The lookup tables of three-card hands: one per set of ranking options (built once, on first use), indexed by
//! the three ranks and whether they are suited, each entry a category and a strength packed in a `u32`.

use super::*;

#[inline(always)]
pub(super) fn options_index(
    a23: A23,
    pure_sequence_beats_trio: bool,
    langdi: bool,
    lowball: bool,
    k_a_2: bool,
) -> usize {
    let a = match a23 {
        A23::Highest => 0,
        A23::Second => 1,
        A23::Lowest => 2,
    };
    (((a * 2 + pure_sequence_beats_trio as usize) * 2 + langdi as usize) * 2 + lowball as usize) * 2 + k_a_2 as usize
}

// ---------------------------------------------------------------------------
// Tables

/// Entries in the base table: `suited << 12 | r0 << 8 | r1 << 4 | r2` with
/// ranks 0..13 (shifts instead of multiplies; each row of 13 used entries
/// sits in one 16-entry block, so the used part is barely larger than dense).
pub(super) const BASE_LEN: usize = 2 << 12;
pub(super) const STRENGTH_MASK: u32 = 0x00FF_FFFF;
pub(super) const CATS: [Category; 16] = [
    Category::HighCard,
    Category::Pair,
    Category::Colour,
    Category::Sequence,
    Category::PureSequence,
    Category::Trio,
    Category::Bust,
    Category::Points,
    Category::Number,
    Category::HighCard,
    Category::HighCard,
    Category::HighCard,
    Category::HighCard,
    Category::HighCard,
    Category::HighCard,
    Category::HighCard,
];

/// Packed entry: category in bits 24.., strength in bits 0..24.
#[inline(always)]
pub(super) fn unpack(e: u32) -> HandValue {
    HandValue { category: CATS[(e >> 24) as usize & 15], strength: e & STRENGTH_MASK }
}

pub(super) struct Tables {
    /// Indexed by [`idx3`]: ranks as value - 2, in any order, and whether suited.
    pub(super) base: Box<[u32; BASE_LEN]>,
    /// Two real cards + one wild: `[r0][r1][suited]`.
    pub(super) one_wild: [u32; 13 * 13 * 2],
    /// One real rank + two wild.
    pub(super) two_wild: [u32; 13],
    /// All three wild.
    pub(super) three_wild: u32,
}

/// Option sets with tables of their own: A-2-3 place x pure-over-trio x langdi x lowball x 2-A-K.
pub(super) const OPTION_SETS: usize = 48;

pub(super) static TABLES: [OnceLock<Tables>; OPTION_SETS] = [const { OnceLock::new() }; OPTION_SETS];

#[inline(always)]
pub(super) fn tables_at(index: usize) -> &'static Tables {
    match TABLES[index].get() {
        Some(t) => t,
        None => init_tables(index),
    }
}

#[cold]
#[inline(never)]
pub(super) fn init_tables(index: usize) -> &'static Tables {
    let a23 = [A23::Highest, A23::Second, A23::Lowest][index / 16 % 3];
    let scheme = Scheme {
        pure_sequence_beats_trio: index / 8 % 2 == 1,
        langdi: index / 4 % 2 == 1,
        lowball: index / 2 % 2 == 1,
        k_a_2: index % 2 == 1,
        ..Scheme::classic(&Rules { a23, ..Rules::default() })
    };
    TABLES[index].get_or_init(|| build(&scheme))
}

#[inline(always)]
pub(super) fn idx3(r0: usize, r1: usize, r2: usize, suited: bool) -> usize {
    (suited as usize) << 12 | r0 << 8 | r1 << 4 | r2
}

pub(super) fn better(a: u32, b: u32) -> u32 {
    if (b & STRENGTH_MASK) > (a & STRENGTH_MASK) {
        b
    } else {
        a
    }
}

pub(super) fn build(s: &Scheme) -> Tables {
    let mut base = Box::new([0u32; BASE_LEN]);
    for suited in [false, true] {
        for r0 in 0..13 {
            for r1 in 0..13 {
                for r2 in 0..13 {
                    let (cat, strength) = classic([r0 as u8 + 2, r1 as u8 + 2, r2 as u8 + 2], suited, s);
                    let strength = if s.lowball { MUFLIS_BASE - strength } else { strength };
                    base[idx3(r0, r1, r2, suited)] = (cat as u32) << 24 | strength;
                }
            }
        }
    }
    // A wild card may be any rank and any suit (even a copy of a real card),
    // so it can always match the real cards' suit when they share one.
    let mut one_wild = [0u32; 13 * 13 * 2];
    for r0 in 0..13 {
        for r1 in 0..13 {
            for suited in [false, true] {
                let best = (0..13).fold(0, |b, x| {
                    let b = better(b, base[idx3(r0, r1, x, false)]);
                    if suited {
                        better(b, base[idx3(r0, r1, x, true)])
                    } else {
                        b
                    }
                });
                one_wild[(r0 * 13 + r1) * 2 + suited as usize] = best;
            }
        }
    }
    let mut two_wild = [0u32; 13];
    for (r, slot) in two_wild.iter_mut().enumerate() {
        *slot = (0..13 * 13 * 2).fold(0, |b, k| better(b, base[idx3(r, k / 26, k / 2 % 13, k % 2 == 1)]));
    }
    let three_wild = base.iter().fold(0, |b, &e| better(b, e)); // unused slots are 0
    Tables { base, one_wild, two_wild, three_wild }
}

/// Classic category and strength of three rank values (2..=14, any order).
/// Equal ranks make a trio or pair whatever the suits (a suited pair can only
/// arise from wild copies). Strength = `(category order + 1) << 16 | key`.
pub(super) fn classic(mut r: [u8; 3], suited: bool, s: &Scheme) -> (Category, u32) {
    r.sort_unstable_by(|a, b| b.cmp(a));
    let (cat, key): (Category, u32) = if r[0] == r[2] {
        (Category::Trio, r[0] as u32)
    } else if r[0] == r[1] || r[1] == r[2] {
        let (p, k) = if r[0] == r[1] { (r[0], r[2]) } else { (r[1], r[0]) };
        (Category::Pair, (p as u32) << 4 | k as u32)
    } else if let Some(top) = seq_key(r, s) {
        (if suited { Category::PureSequence } else { Category::Sequence }, top)
    } else if suited {
        (Category::Colour, (r[0] as u32) << 8 | (r[1] as u32) << 4 | r[2] as u32)
    } else {
        (Category::HighCard, (r[0] as u32) << 8 | (r[1] as u32) << 4 | r[2] as u32)
    };
    let order: u32 = match cat {
        Category::HighCard => 0,
        Category::Pair => 1,
        Category::Colour => 2,
        Category::Sequence => 3,
        Category::PureSequence if s.pure_sequence_beats_trio => 5,
        Category::PureSequence => 4,
        Category::Trio if s.pure_sequence_beats_trio => 4,
        Category::Trio => 5,
        // Not classic categories: never made here.
        Category::Bust | Category::Points | Category::Number | Category::Single => 0,
    };
    (cat, (order + 1) << 16 | key)
}

/// The sequence key of distinct ranks sorted high to low, or None. Keys:
/// 4-3-2 = 8 ... A-K-Q = 28 (twice the top card); A-2-3 = 30 / 27 / 6 for
/// a23 = highest / second / lowest; langdi 2-3-5 = 32; with `k_a_2`, 2-A-K = 27.
pub(super) fn seq_key(r: [u8; 3], s: &Scheme) -> Option<u32> {
    if r[0] == r[1] + 1 && r[1] == r[2] + 1 {
        return Some(2 * r[0] as u32);
    }
    if r == [14, 3, 2] {
        return Some(match s.a23 {
            A23::Highest => 30,
            A23::Second => 27,
            A23::Lowest => 6,
        });
    }
    if s.langdi && r == [5, 3, 2] {
        return Some(32);
    }
    // Just below A-K-Q (28), above K-Q-J (26); `a23 = second` (27) is refused beside it (rules.rs).
    if s.k_a_2 && r == [14, 13, 2] {
        return Some(27);
    }
    None
}

// ---------------------------------------------------------------------------
// Evaluation
