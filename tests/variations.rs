//! The general evaluator of the variations (issue 13, `src/engine/rank/units.rs`), checked against brute force:
//! every wild unit replaced by every card, every reading of virtual wild pairs enumerated independently here, and
//! blackjack and 999 computed another way. Schemes are built by hand, so that every part is checked alone and in
//! combination before the variants that preset them exist.

use teenpatti::engine::cards::{full_deck, parse_cards, Card, Suit};
use teenpatti::engine::rank::{evaluate, Category, Compare, Evaluator, Scheme, Virtual, Wild};
use teenpatti::engine::Rules;

/// A small deterministic generator (the same sample on every run).
struct Lcg(u64);

impl Lcg {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self.0.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        ((self.0 >> 33) % n as u64) as usize
    }
    fn hand(&mut self, n: usize) -> Vec<Card> {
        let deck = full_deck();
        let mut hand = Vec::new();
        while hand.len() < n {
            let c = deck[self.below(52)];
            if !hand.contains(&c) {
                hand.push(c);
            }
        }
        hand
    }
}

fn classic() -> Scheme {
    Scheme::classic(&Rules::default())
}

/// The classic strength of three concrete cards (no wild card; distinct).
fn plain(cards: &[Card], r: &Rules) -> u32 {
    evaluate(cards, r, None).unwrap().strength
}

/// The best classic strength of `real` cards completed by `wilds` wild units, each replaced by every card not
/// among the real ones (a copy is never needed in three cards).
fn brute(real: &[Card], wilds: usize, r: &Rules) -> u32 {
    assert_eq!(real.len() + wilds, 3);
    let pool: Vec<Card> = full_deck().into_iter().filter(|c| !real.contains(c)).collect();
    let mut best = 0;
    match wilds {
        0 => best = plain(real, r),
        1 => {
            for &x in &pool {
                best = best.max(plain(&[real[0], real[1], x], r));
            }
        }
        2 => {
            for (i, &x) in pool.iter().enumerate() {
                for &y in &pool[i + 1..] {
                    best = best.max(plain(&[real[0], x, y], r));
                }
            }
        }
        _ => {
            for hand in [parse_cards("As Ad Ah").unwrap(), parse_cards("3s 2d 5c").unwrap()] {
                best = best.max(plain(&hand, r));
            }
        }
    }
    best
}

/// The best over every choice of three of `units` (`Some(card)` real, `None` wild).
fn brute_units(units: &[Option<Card>], r: &Rules) -> u32 {
    let n = units.len();
    let mut best = 0;
    for i in 0..n {
        for j in i + 1..n {
            for k in j + 1..n {
                let chosen = [units[i], units[j], units[k]];
                let real: Vec<Card> = chosen.iter().flatten().copied().collect();
                best = best.max(brute(&real, 3 - real.len(), r));
            }
        }
    }
    best
}

#[test]
fn wild_suits_fixed_cards_and_imagined_cards_match_brute_force() {
    let mut g = Lcg(7);
    let kaana = parse_cards("Kd Js Jh").unwrap().iter().fold(0u64, |m, c| m | 1 << c.index());
    let schemes = [
        ("wild suit hearts", Scheme { wild_suits: 1 << Suit::Hearts as u8, ..classic() }),
        ("kaana, three cards", Scheme { wild_cards: kaana, ..classic() }),
        ("kaana, four cards", Scheme { wild_cards: kaana, held: 4, ..classic() }),
        ("wild rank 7 and wild suit spades", Scheme { wild: Wild::Ranks(1 << 7), wild_suits: 1 << 3, ..classic() }),
        ("two cards, one imagined", Scheme { held: 2, imagined: 1, ..classic() }),
        ("one card, two imagined", Scheme { held: 1, imagined: 2, ..classic() }),
        (
            "two cards and a common card, one imagined (the common card is held)",
            Scheme { held: 2, imagined: 1, ..classic() },
        ),
    ];
    for (name, scheme) in schemes {
        let e = Evaluator::for_scheme(scheme);
        for _ in 0..150 {
            let hand = g.hand(scheme.held as usize);
            let wild = |c: &Card| {
                scheme.wild_suits & (1 << c.suit as u8) != 0
                    || scheme.wild_cards & (1 << c.index()) != 0
                    || matches!(scheme.wild, Wild::Ranks(m) if m & (1 << c.rank.value()) != 0)
            };
            let mut units: Vec<Option<Card>> = hand.iter().map(|c| (!wild(c)).then_some(*c)).collect();
            units.extend(std::iter::repeat_n(None, scheme.imagined as usize));
            let got = e.evaluate(&hand).unwrap();
            assert_eq!(got.strength, brute_units(&units, &Rules::default()), "{name}: {hand:?}");
        }
    }
}

/// The two-lowest readings, written from the rule text: sort by rank; two middle cards of one rank: best three
/// of four; otherwise the two lowest are one wild card beside the two highest, or, when the two lowest are a
/// pair, the better of that and the best three of four.
fn two_lowest_reference(hand: &[Card], r: &Rules) -> u32 {
    let mut h = hand.to_vec();
    h.sort_by_key(|c| c.rank);
    let as_dealt: Vec<Option<Card>> = h.iter().map(|c| Some(*c)).collect();
    if h[1].rank == h[2].rank {
        return brute_units(&as_dealt, r);
    }
    let wild = brute(&[h[2], h[3]], 1, r);
    if h[0].rank == h[1].rank {
        wild.max(brute_units(&as_dealt, r))
    } else {
        wild
    }
}

#[test]
fn two_lowest_wild_matches_its_readings() {
    let e = Evaluator::for_scheme(Scheme { held: 4, pairs: Virtual::TwoLowest, ..classic() });
    let low = Evaluator::for_scheme(Scheme { held: 4, pairs: Virtual::TwoLowest, lowball: true, ..classic() });
    let muflis = Rules::preset("muflis").unwrap();
    let mut g = Lcg(11);
    for _ in 0..400 {
        let hand = g.hand(4);
        assert_eq!(e.evaluate(&hand).unwrap().strength, two_lowest_reference(&hand, &Rules::default()), "{hand:?}");
        // Under lowball, keeping the lowest pair can be the better reading.
        assert_eq!(low.evaluate(&hand).unwrap().strength, two_lowest_reference(&hand, &muflis), "lowball {hand:?}");
    }
    // The text's precedence: 3-3-3-9 has no wild card (a trio of threes, not three threes and a wild).
    let trio = e.evaluate(&parse_cards("3s 3d 3c 9h").unwrap()).unwrap();
    assert_eq!(trio.strength, plain(&parse_cards("3s 3d 3c").unwrap(), &Rules::default()));
    // 2-5-K-K: the 2 and 5 make a wild card beside K-K: a trio of kings.
    let kings = e.evaluate(&parse_cards("2s 5d Kc Kh").unwrap()).unwrap();
    assert_eq!(kings.category, Category::Trio);
}

/// Every way to take three disjoint units from five cards, written as a search over each card's fate
/// (discarded, a single, or in one of two pair slots), each pair a kiss, a miss or a bliss, kinds distinct.
fn kiss_miss_bliss_reference(hand: &[Card]) -> u32 {
    fn kind(a: Card, b: Card) -> Option<u8> {
        let (lo, hi) = (a.rank.value().min(b.rank.value()), a.rank.value().max(b.rank.value()));
        let seq = |gap: u8| hi == lo + gap && hi <= 13 || (lo == 1 + gap && hi == 14);
        if lo == hi {
            Some(0)
        } else if seq(1) {
            Some(1)
        } else if seq(2) {
            Some(2)
        } else {
            None
        }
    }
    let mut best = 0;
    // fate: 0 discard, 1 single, 2 first pair, 3 second pair
    for code in 0..4usize.pow(5) {
        let fate: Vec<usize> = (0..5).map(|i| code / 4usize.pow(i) % 4).collect();
        let of = |f: usize| -> Vec<Card> { (0..5).filter(|&i| fate[i] == f).map(|i| hand[i]).collect() };
        let (singles, p1, p2) = (of(1), of(2), of(3));
        if ![0, 2].contains(&p1.len()) || ![0, 2].contains(&p2.len()) || (p1.is_empty() && !p2.is_empty()) {
            continue;
        }
        let pairs = [&p1, &p2].into_iter().filter(|p| !p.is_empty()).collect::<Vec<_>>();
        let kinds: Vec<Option<u8>> = pairs.iter().map(|p| kind(p[0], p[1])).collect();
        if kinds.iter().any(Option::is_none) || (kinds.len() == 2 && kinds[0] == kinds[1]) {
            continue;
        }
        if singles.len() + pairs.len() != 3 {
            continue;
        }
        best = best.max(brute(&singles, pairs.len(), &Rules::default()));
    }
    best
}

#[test]
fn kiss_miss_bliss_matches_brute_force() {
    let e = Evaluator::for_scheme(Scheme { held: 5, pairs: Virtual::KissMissBliss, ..classic() });
    let mut g = Lcg(13);
    for _ in 0..150 {
        let hand = g.hand(5);
        assert_eq!(e.evaluate(&hand).unwrap().strength, kiss_miss_bliss_reference(&hand), "{hand:?}");
    }
    // The text's examples: K-A is not a kiss and K-2 not a miss; two kisses with one single are not allowed.
    let v = |s: &str| e.evaluate(&parse_cards(s).unwrap()).unwrap();
    assert_eq!(v("Kd Ah 2c Kc 5s").category, Category::Trio, "a bliss (K-K) as a wild with K... and A-2 kiss");
    let two_kisses = v("8s 9d 4c 5h Qs");
    assert!(two_kisses.category != Category::Trio, "two kisses and a single would be a trio of queens: {two_kisses:?}");
}

/// Blackjack, computed another way: every ace as 1 and as 11, every total up to 21, the best.
fn blackjack_reference(hand: &[Card]) -> Option<u32> {
    let mut totals = vec![0u32];
    for c in hand {
        let values: Vec<u32> = match c.rank.value() {
            14 => vec![1, 11],
            v @ 2..=10 => vec![u32::from(v)],
            _ => vec![10],
        };
        totals = totals.iter().flat_map(|t| values.iter().map(move |v| t + v)).collect();
    }
    totals.into_iter().filter(|&t| t <= 21).max()
}

/// 999, computed another way: the largest number over every arrangement of the three digits.
fn number_reference(hand: &[Card]) -> u32 {
    let d: Vec<u32> = hand
        .iter()
        .map(|c| match c.rank.value() {
            14 => 1,
            v @ 2..=9 => u32::from(v),
            _ => 0,
        })
        .collect();
    let orders = [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]];
    orders.iter().map(|o| d[o[0]] * 100 + d[o[1]] * 10 + d[o[2]]).max().unwrap_or(0)
}

#[test]
fn blackjack_and_999_on_every_hand() {
    let bj = Evaluator::for_scheme(Scheme { order: Compare::Blackjack, ..classic() });
    let nn = Evaluator::for_scheme(Scheme { order: Compare::Numbers, ..classic() });
    let deck = full_deck();
    let mut bust = 0;
    for a in 0..52 {
        for b in a + 1..52 {
            for c in b + 1..52 {
                let hand = [deck[a], deck[b], deck[c]];
                let got = bj.evaluate(&hand).unwrap();
                match blackjack_reference(&hand) {
                    Some(t) => assert_eq!((got.category, got.strength), (Category::Points, 16 + t), "{hand:?}"),
                    None => {
                        bust += 1;
                        assert_eq!(got.category, Category::Bust, "{hand:?}");
                    }
                }
                let got = nn.evaluate(&hand).unwrap();
                assert_eq!((got.category, got.strength), (Category::Number, 1 + number_reference(&hand)), "{hand:?}");
            }
        }
    }
    assert!(bust > 0);
}

#[test]
fn bust_ranks_and_2_a_k() {
    let e = Evaluator::for_scheme(Scheme { bust: 1 << 7, ..classic() });
    assert_eq!(e.evaluate(&parse_cards("7s As Ad").unwrap()).unwrap().category, Category::Bust);
    assert_eq!(e.evaluate(&parse_cards("8s As Ad").unwrap()).unwrap().category, Category::Pair);
    let k = Evaluator::for_scheme(Scheme { k_a_2: true, ..classic() });
    let v = |s: &str| k.evaluate(&parse_cards(s).unwrap()).unwrap();
    assert_eq!(v("2s Ad Kc").category, Category::Sequence);
    assert!(v("2s Ad Kc").strength < v("As Kd Qc").strength);
    assert!(v("2s Ad Kc").strength > v("Ks Qd Jc").strength);
    assert_eq!(classic_value("2s Ad Kc"), Category::HighCard, "off by default");
}

fn classic_value(s: &str) -> Category {
    Evaluator::for_scheme(classic()).evaluate(&parse_cards(s).unwrap()).unwrap().category
}
