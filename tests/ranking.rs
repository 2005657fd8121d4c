//! Hand ranking: exact category counts, the order against an independent
//! reference, every option and variant with hand-checked examples, wild cards
//! against brute force, property tests, and the `hand rank` command.

use std::cmp::Ordering;
use std::collections::{BTreeSet, HashMap};

use proptest::prelude::*;
use support::rank_cli::run_rank;
use teenpatti::engine::cards::{full_deck, parse_cards, Card, Rank, Suit};
use teenpatti::engine::rank::{
    best_hand, evaluate, every_hand, Category, Evaluator, HandValue, PreparedEvaluator, RankError, Scheme, Wild,
};
use teenpatti::engine::rules::{Rules, Turned, Variant, A23};

fn h(s: &str) -> Vec<Card> {
    parse_cards(s).unwrap()
}

fn rules(variant: &str, opts: &[(&str, &str)]) -> Rules {
    let mut r = Rules::preset(variant).unwrap();
    for (k, v) in opts {
        r.set(k, v).unwrap();
    }
    r
}

fn ev(r: &Rules, s: &str) -> HandValue {
    evaluate(&h(s), r, None).unwrap_or_else(|e| panic!("{s}: {e}"))
}

fn all_hands() -> Vec<[Card; 3]> {
    let d = full_deck();
    let mut out = Vec::with_capacity(22100);
    for i in 0..52 {
        for j in i + 1..52 {
            for k in j + 1..52 {
                out.push([d[i], d[j], d[k]]);
            }
        }
    }
    out
}

fn all_option_rules() -> Vec<Rules> {
    let mut out = Vec::new();
    for variant in ["classic", "muflis"] {
        for a23 in ["highest", "second", "lowest"] {
            for pst in ["false", "true"] {
                for langdi in ["false", "true"] {
                    out.push(rules(variant, &[("a23", a23), ("pure_sequence_beats_trio", pst), ("langdi", langdi)]));
                }
            }
        }
    }
    out
}

fn counts(r: &Rules) -> [usize; 6] {
    let mut c: HashMap<Category, usize> = HashMap::new();
    for hand in all_hands() {
        *c.entry(evaluate(&hand, r, None).unwrap().category).or_default() += 1;
    }
    Category::ALL.map(|cat| c.get(&cat).copied().unwrap_or(0))
}

#[test]
fn category_counts_are_exact() {
    // trio, pure_sequence, sequence, colour, pair, high_card
    assert_eq!(counts(&Rules::default()), [52, 48, 720, 1096, 3744, 16440]);
    assert_eq!(counts(&rules("classic", &[("langdi", "true")])), [52, 52, 780, 1092, 3744, 16380]);
    // Options that only move hands within the order do not change counts; nor
    // does muflis (the category is the real one).
    for r in all_option_rules() {
        let expected = if r.langdi { [52, 52, 780, 1092, 3744, 16380] } else { [52, 48, 720, 1096, 3744, 16440] };
        assert_eq!(counts(&r), expected, "{r:?}");
    }
}

/// Independent reference: (category order, comparison key), built by listing
/// the sequences in order rather than computing keys.
fn reference(hand: &[Card; 3], r: &Rules) -> (u8, Vec<u8>) {
    let mut ranks: Vec<u8> = hand.iter().map(|c| c.rank.value()).collect();
    ranks.sort_unstable_by(|a, b| b.cmp(a));
    let flush = hand.iter().all(|c| c.suit == hand[0].suit);
    // Sequences, lowest first.
    let mut seqs: Vec<Vec<u8>> = (4..=14).map(|top| vec![top, top - 1, top - 2]).collect();
    let a23 = vec![14, 3, 2];
    match r.a23 {
        A23::Lowest => seqs.insert(0, a23),
        A23::Second => seqs.insert(seqs.len() - 1, a23),
        A23::Highest => seqs.push(a23),
    }
    if r.langdi {
        seqs.push(vec![5, 3, 2]);
    }
    let (trio, pure) = if r.pure_sequence_beats_trio { (4, 5) } else { (5, 4) };
    if ranks[0] == ranks[2] {
        return (trio, vec![ranks[0]]);
    }
    if ranks[0] == ranks[1] {
        return (1, vec![ranks[0], ranks[2]]);
    }
    if ranks[1] == ranks[2] {
        return (1, vec![ranks[1], ranks[0]]);
    }
    if let Some(pos) = seqs.iter().position(|s| *s == ranks) {
        return (if flush { pure } else { 3 }, vec![pos as u8]);
    }
    (if flush { 2 } else { 0 }, ranks)
}

#[test]
fn order_matches_reference_for_every_option() {
    let hands = all_hands();
    for r in all_option_rules() {
        let mut vals: Vec<(u32, (u8, Vec<u8>))> =
            hands.iter().map(|hand| (evaluate(hand, &r, None).unwrap().strength, reference(hand, &r))).collect();
        vals.sort_by_key(|a| a.0);
        let muflis = r.variant == Variant::Muflis;
        for w in vals.windows(2) {
            let (s0, ref0) = &w[0];
            let (s1, ref1) = &w[1];
            // Equal strength <=> equal reference; order agrees (reversed under muflis).
            let want = if muflis { ref1.cmp(ref0) } else { ref0.cmp(ref1) };
            assert_eq!(s0.cmp(s1), want, "{r:?}: {ref0:?} vs {ref1:?}");
        }
        // Distinct classes: 13 trios + 12 pure + 12 plain sequences + 274
        // colours + 156 pairs + 274 high cards = 741 (langdi: 13 + 13 + 13 +
        // 273 + 156 + 273 = 741 as well).
        let distinct: BTreeSet<u32> = vals.iter().map(|v| v.0).collect();
        assert_eq!(distinct.len(), 741, "{r:?}");
    }
}

#[test]
fn classic_spot_checks() {
    let r = Rules::default();
    let chain = [
        "As Ad Ah",
        "Ks Kd Kh",
        "2s 2d 2h", // trios
        "As 2s 3s",
        "As Ks Qs",
        "Ks Qs Js",
        "Qh Jh 10h",
        "5c 4c 3c",
        "4s 3s 2s", // pure sequences
        "Ah 2s 3s",
        "Ah Ks Qs",
        "Kh Qs Js",
        "4h 3s 2s", // sequences
        "As Ks Js",
        "As Ks 10s",
        "As Qs Js",
        "5s 3s 2s", // colours
        "As Ad Kh",
        "As Ad Qh",
        "Ks Kd Ah",
        "3s 3d 2h",
        "2s 2d Ah",
        "2s 2d 3h", // pairs
        "As Kd Jh",
        "As Kd 10h",
        "As Qd Jh",
        "Ks Qd 10h",
        "5s 3d 2h", // high cards
    ];
    for w in chain.windows(2) {
        assert!(ev(&r, w[0]) > ev(&r, w[1]), "{} should beat {}", w[0], w[1]);
    }
    assert_eq!(ev(&r, "As Ad Ah"), HandValue { category: Category::Trio, strength: 393230 });
    assert_eq!(ev(&r, "Ks Qd Jh").category, Category::Sequence);
    assert_eq!(ev(&r, "Ks Ad 2h").category, Category::HighCard, "K-A-2 is not a sequence");
    assert_eq!(ev(&r, "Ks As 2s").category, Category::Colour);
    // Suits never break ties.
    assert_eq!(ev(&r, "As Kd Jh"), ev(&r, "Ac Kh Js"));
    assert_eq!(ev(&r, "Qs Js 10s"), ev(&r, "Qd Jd 10d"));
    // Pair compares the pair before the odd card.
    assert!(ev(&r, "3s 3d 2h") > ev(&r, "2s 2d Ah"));
    // Order of cards given does not matter.
    assert_eq!(ev(&r, "2h 3s As"), ev(&r, "As 2h 3s"));
}

#[test]
fn a23_options() {
    let high = Rules::default();
    let second = rules("classic", &[("a23", "second")]);
    let lowest = rules("classic", &[("a23", "lowest")]);
    assert!(ev(&high, "Ah 2s 3d") > ev(&high, "Ah Ks Qd"));
    assert!(ev(&second, "Ah 2s 3d") < ev(&second, "Ah Ks Qd"));
    assert!(ev(&second, "Ah 2s 3d") > ev(&second, "Kh Qs Jd"));
    assert!(ev(&lowest, "Ah 2s 3d") < ev(&lowest, "4h 3s 2d"));
    assert!(ev(&lowest, "Ah 2s 3d") > ev(&lowest, "As Ks Js"), "still a sequence, above any colour");
    assert_eq!(ev(&lowest, "Ah 2h 3h").category, Category::PureSequence);
}

#[test]
fn pure_sequence_beats_trio_option() {
    let r = Rules::default();
    assert!(ev(&r, "As Ad Ah") > ev(&r, "As 2s 3s"));
    let pst = rules("classic", &[("pure_sequence_beats_trio", "true")]);
    assert!(ev(&pst, "4s 3s 2s") > ev(&pst, "As Ad Ah"));
    assert!(ev(&pst, "As Ad Ah") > ev(&pst, "Ah 2s 3s"), "a plain sequence stays below trio");
    assert_eq!(ev(&pst, "4s 3s 2s").category, Category::PureSequence);
}

#[test]
fn langdi_option() {
    let r = rules("classic", &[("langdi", "true")]);
    assert_eq!(ev(&r, "2s 3s 5s").category, Category::PureSequence);
    assert_eq!(ev(&r, "2s 3d 5s").category, Category::Sequence);
    assert!(ev(&r, "2s 3s 5s") > ev(&r, "As 2s 3s"));
    assert!(ev(&r, "2s 3d 5s") > ev(&r, "As 2d 3s"));
    assert!(ev(&r, "As Ad Ah") > ev(&r, "2s 3s 5s"), "langdi pure still below trio by default");
    assert!(ev(&r, "As 2d 3s") > ev(&r, "As Kd Qs"), "A-2-3 still counts");
    let classic = Rules::default();
    assert_eq!(ev(&classic, "2s 3d 5s").category, Category::HighCard);
}

#[test]
fn muflis_reverses_everything() {
    let m = Rules::preset("muflis").unwrap();
    let c = Rules::default();
    assert!(ev(&m, "Ah Qs 3d") > ev(&m, "As Kd 2h"), "A-Q-3 beats A-K-2 under muflis");
    assert!(ev(&c, "Ah Qs 3d") < ev(&c, "As Kd 2h"));
    assert!(ev(&m, "5s 3d 2h") > ev(&m, "As Ad Ah"));
    assert_eq!(ev(&m, "As Ad Ah").category, Category::Trio);
    // The best muflis hand is the worst classic hand; the worst is trio of aces.
    let best = all_hands().into_iter().max_by_key(|x| evaluate(x, &m, None).unwrap()).unwrap();
    let best: BTreeSet<u8> = best.iter().map(|c| c.rank.value()).collect();
    assert_eq!(best, BTreeSet::from([5, 3, 2]));
    let hands = all_hands();
    for pair in hands.iter().step_by(97).collect::<Vec<_>>().windows(2) {
        let (a, b) = (pair[0], pair[1]);
        let classic = evaluate(a, &c, None).unwrap().cmp(&evaluate(b, &c, None).unwrap());
        let muflis = evaluate(a, &m, None).unwrap().cmp(&evaluate(b, &m, None).unwrap());
        assert_eq!(classic, muflis.reverse());
    }
}

/// The best value over every substitution of the wild cards by a card not
/// among the real ones (copies are never needed in three cards), ranked by
/// the plain variant with the same options.
fn brute_wild(cards: &[Card], wild: &[bool], plain: &Rules) -> u32 {
    let real: Vec<Card> = cards.iter().zip(wild).filter(|(_, w)| !**w).map(|(c, _)| *c).collect();
    let pool: Vec<Card> = full_deck().into_iter().filter(|c| !real.contains(c)).collect();
    let n = 3 - real.len();
    let mut best = 0;
    let mut idx: Vec<usize> = (0..n).collect();
    loop {
        let mut hand = real.clone();
        hand.extend(idx.iter().map(|&i| pool[i]));
        best = best.max(evaluate(&hand, plain, None).unwrap().strength);
        // next combination of n out of pool
        let mut k = n;
        loop {
            if k == 0 {
                return best;
            }
            k -= 1;
            if idx[k] < pool.len() - (n - k) {
                idx[k] += 1;
                for j in k + 1..n {
                    idx[j] = idx[j - 1] + 1;
                }
                break;
            }
        }
    }
}

#[test]
fn joker_variant() {
    let j = rules("joker", &[("joker", "7")]);
    let c = Rules::default();
    assert_eq!(ev(&j, "7s Ah Kd"), ev(&c, "Qc Ah Kd"), "wild 7 makes A-K-Q");
    assert_eq!(ev(&j, "7s Ah Ad"), ev(&c, "As Ah Ad"));
    assert_eq!(ev(&j, "7s 7h 2d"), ev(&c, "2s 2h 2d"), "two wilds make a trio with the real card");
    assert_eq!(ev(&j, "7s 7h 7d"), ev(&c, "As Ah Ad"), "all wild: trio of aces");
    assert_eq!(ev(&j, "7h As Qs"), ev(&c, "Ks As Qs"), "wild joins the suit: pure A-K-Q");
    assert_eq!(ev(&j, "7h 9s 4d"), ev(&c, "9c 9s 4d"), "nothing better than a pair");
    // The argument wins over rules.joker; without either it is an error.
    assert_eq!(evaluate(&h("Ks Ah Kd"), &j, Rank::new(13)).unwrap(), ev(&c, "As Ah Ad"));
    let no_joker = Rules::preset("joker").unwrap();
    assert_eq!(evaluate(&h("Ks Ah Kd"), &no_joker, None), Err(RankError::NoJoker));
    assert_eq!(evaluate(&h("Ks Ah Kd"), &no_joker, Rank::new(13)).unwrap(), ev(&c, "As Ah Ad"));
    // Options apply to the made hand.
    let pst = rules("joker", &[("joker", "7"), ("pure_sequence_beats_trio", "true")]);
    let c_pst = rules("classic", &[("pure_sequence_beats_trio", "true")]);
    assert_eq!(ev(&pst, "7s 7h 2d"), ev(&c_pst, "As 2s 3s"), "two wilds + 2: pure A-2-3 over trio of 2s");
    assert_eq!(ev(&pst, "7s 7h 7d"), ev(&c_pst, "As 2s 3s"), "all wild: best pure sequence");
    let langdi = rules("joker", &[("joker", "7"), ("langdi", "true")]);
    let c_langdi = rules("classic", &[("langdi", "true")]);
    assert_eq!(ev(&langdi, "7d 2s 3s"), ev(&c_langdi, "5s 2s 3s"), "wild + langdi: 2-3-5 pure");
    assert_eq!(ev(&langdi, "7d 2s 3h"), ev(&c_langdi, "5d 2s 3h"), "wild + langdi: top plain sequence 2-3-5");
    assert_eq!(ev(&langdi, "7d 7s 2h"), ev(&c_langdi, "2s 2d 2h"), "two wilds: trio of 2s over 2-3-5 pure");
    let both = rules("joker", &[("joker", "7"), ("langdi", "true"), ("pure_sequence_beats_trio", "true")]);
    let c_both = rules("classic", &[("langdi", "true"), ("pure_sequence_beats_trio", "true")]);
    assert_eq!(ev(&both, "7s 7h 7d"), ev(&c_both, "5s 2s 3s"), "all wild: langdi pure sequence");
    let a23_2nd = rules("joker", &[("joker", "7"), ("a23", "second"), ("pure_sequence_beats_trio", "true")]);
    assert_eq!(ev(&a23_2nd, "7s 7h 7d").strength, ev(&a23_2nd, "As Ks Qs").strength);
}

#[test]
fn ak47_variant() {
    let r = Rules::preset("ak47").unwrap();
    let c = Rules::default();
    assert_eq!(ev(&r, "As Kh 4d"), ev(&c, "As Ah Ad"));
    assert_eq!(ev(&r, "As 2h 9d"), ev(&c, "9s 9h 2d"));
    assert_eq!(ev(&r, "7s 8h 9h"), ev(&c, "10h 8h 9h"), "wild 7 makes pure 10-9-8");
    assert_eq!(ev(&r, "Ks 7h Qd"), ev(&c, "Qs Qh Qd"));
    assert_eq!(ev(&r, "2s 3h 5d"), ev(&c, "2s 3h 5d"), "no wild card: plain high card");
}

#[test]
fn high_and_low_wild_variants() {
    let hi = Rules::preset("high_wild").unwrap();
    let lo = Rules::preset("low_wild").unwrap();
    let c = Rules::default();
    assert_eq!(ev(&hi, "As Kh 5d"), ev(&c, "Ks Kh 5d"), "ace wild: pair of kings");
    assert_eq!(ev(&hi, "Qs Js 3s"), ev(&c, "As Js 3s"), "queen wild: colour A-J-3");
    assert_eq!(ev(&hi, "Ks Kh 9d"), ev(&c, "9s 9h 9d"), "both kings wild: trio of nines");
    assert_eq!(ev(&hi, "5s 5h 5d"), ev(&c, "As Ah Ad"), "all wild: trio of aces");
    assert_eq!(ev(&hi, "Qs Jd 10h"), ev(&c, "Qs Jd 10h"), "Q wild: Q-J-10 beats J-J-10");
    assert_eq!(ev(&hi, "Qs Jd 10h").category, Category::Sequence);
    assert_eq!(ev(&lo, "2s Kh Qd"), ev(&c, "As Kh Qd"), "2 wild: sequence A-K-Q");
    assert_eq!(ev(&lo, "2s 2h 2d"), ev(&c, "As Ah Ad"));
    assert_eq!(ev(&lo, "5h 5d Kc"), ev(&c, "Ks Kh Kd"));
    assert_eq!(ev(&lo, "9h Jh Qh"), ev(&c, "Kh Jh Qh"), "9 wild: pure K-Q-J");
}

#[test]
fn best_of_four_variant() {
    let r = Rules::preset("best_of_four").unwrap();
    let c = Rules::default();
    assert_eq!(ev(&r, "As Ah Kd 2c"), ev(&c, "As Ah Kd"));
    assert_eq!(ev(&r, "Qs Js 10s 2h"), ev(&c, "Qs Js 10s"));
    assert_eq!(ev(&r, "2h 7s 9d Kc"), ev(&c, "7s 9d Kc"));
    assert_eq!(ev(&r, "As Ah Ad Ac"), ev(&c, "As Ah Ad"));
    assert_eq!(evaluate(&h("As Kd Qh"), &r, None), Err(RankError::WrongCount { expected: 4, got: 3 }));
    let made = best_hand(&h("2h Qs Js 10s"), &r, None).unwrap();
    assert_eq!(made.cards.to_vec(), h("Qs Js 10s"));
    assert_eq!(made.wild, [false; 3]);
    // Best of four under lowball (a scheme the variant list cannot name)
    // picks the lowest three.
    let scheme = Scheme { lowball: true, ..Scheme::from_rules(&r, None).unwrap() };
    let e = Evaluator::for_scheme(scheme);
    let m = Rules::preset("muflis").unwrap();
    assert_eq!(e.evaluate(&h("As Kh 5d 3c")).unwrap(), ev(&m, "Kh 5d 3c"));
    assert_eq!(e.evaluate(&h("As Ah Ad 2c")).unwrap(), ev(&m, "As Ah 2c"));
    assert_eq!(e.best_hand(&h("As Kh 5d 3c")).unwrap().cards.to_vec(), h("Kh 5d 3c"));
}

#[test]
fn lowball_with_wild_cards_takes_the_lowest() {
    let m = Rules::preset("muflis").unwrap();
    let base = Scheme::from_rules(&m, None).unwrap();
    let e = Evaluator::for_scheme(Scheme { wild: Wild::ranks(&[Rank::new(7).unwrap()]), ..base });
    // All wild under lowball: the lowest hand there is, 5-3-2 off-suit.
    assert_eq!(e.evaluate(&h("7s 7h 7d")).unwrap(), ev(&m, "5s 3h 2d"));
    assert_eq!(e.evaluate(&h("7s Kh Kd")).unwrap(), ev(&m, "Ks Kh 2d"));
    let ml = rules("muflis", &[("langdi", "true")]);
    let el = Evaluator::for_scheme(Scheme { wild: Wild::ranks(&[Rank::new(7).unwrap()]), langdi: true, ..base });
    assert_eq!(el.evaluate(&h("7s 7h 7d")).unwrap(), ev(&ml, "5s 4h 2d"), "langdi makes 5-3-2 a sequence");
}

#[test]
fn wild_tables_match_brute_force() {
    // A fixed sample of hands with one, two and three wild cards under
    // several option sets, each checked against every substitution.
    let deck = full_deck();
    let option_sets: Vec<Vec<(&str, &str)>> = vec![
        vec![],
        vec![("pure_sequence_beats_trio", "true")],
        vec![("langdi", "true"), ("a23", "lowest")],
        vec![("a23", "second"), ("langdi", "true"), ("pure_sequence_beats_trio", "true")],
    ];
    let mut state = 12345u64;
    let mut next = |n: usize| {
        state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        ((state >> 33) % n as u64) as usize
    };
    for opts in &option_sets {
        let mut opts_j = opts.clone();
        opts_j.push(("joker", "7"));
        let plain = rules("classic", opts);
        for variant in ["joker", "ak47", "high_wild", "low_wild"] {
            let r = rules(variant, if variant == "joker" { &opts_j } else { opts });
            let mut checked = [0usize; 4];
            let mut tries = 0;
            while checked.iter().sum::<usize>() < 40 && tries < 10_000 {
                tries += 1;
                let mut hand: Vec<Card> = Vec::new();
                while hand.len() < 3 {
                    let c = deck[next(52)];
                    if !hand.contains(&c) {
                        hand.push(c);
                    }
                }
                let max = hand.iter().map(|c| c.rank).max().unwrap();
                let min = hand.iter().map(|c| c.rank).min().unwrap();
                let wild: Vec<bool> = hand
                    .iter()
                    .map(|c| match variant {
                        "joker" => c.rank.value() == 7,
                        "ak47" => [14, 13, 4, 7].contains(&c.rank.value()),
                        "high_wild" => c.rank == max,
                        _ => c.rank == min,
                    })
                    .collect();
                let n = wild.iter().filter(|w| **w).count();
                if checked[n] >= 10 || (n == 3 && checked[3] >= 2) {
                    continue;
                }
                checked[n] += 1;
                let got = evaluate(&hand, &r, None).unwrap();
                assert_eq!(got.strength, brute_wild(&hand, &wild, &plain), "{variant} {opts:?} {hand:?}");
                let made = best_hand(&hand, &r, None).unwrap();
                assert_eq!(made.value, got);
                assert_eq!(evaluate(&made.cards, &plain, None).unwrap(), got, "made hand ranks the same");
                assert_eq!(made.wild.iter().filter(|w| **w).count(), n);
            }
        }
    }
}

#[test]
fn bad_hands_are_errors() {
    let r = Rules::default();
    assert_eq!(evaluate(&h("As Kd"), &r, None), Err(RankError::WrongCount { expected: 3, got: 2 }));
    assert_eq!(evaluate(&h("As Kd Qh Jc"), &r, None), Err(RankError::WrongCount { expected: 3, got: 4 }));
    assert_eq!(evaluate(&[], &r, None), Err(RankError::WrongCount { expected: 3, got: 0 }));
    let dup = [Card::new(Rank::ACE, teenpatti::engine::Suit::Spades); 3];
    assert!(matches!(evaluate(&dup, &r, None), Err(RankError::Duplicate(_))));
    let j = rules("joker", &[("joker", "7")]);
    assert!(matches!(evaluate(&dup, &j, None), Err(RankError::Duplicate(_))));
    let b4 = Rules::preset("best_of_four").unwrap();
    assert!(matches!(evaluate(&[dup[0], dup[0], dup[0], dup[0]], &b4, None), Err(RankError::Duplicate(_))));
    assert!(best_hand(&dup, &j, None).is_err());
}

/// The first seven variants (the classic order's), their ranking options, and the joker variant's rank.
fn any_rules() -> impl Strategy<Value = Rules> {
    (0usize..7, 0usize..3, any::<bool>(), any::<bool>(), 2u8..=14).prop_map(|(v, a, pst, langdi, joker)| Rules {
        variant: Variant::ALL[v],
        a23: A23::ALL[a],
        pure_sequence_beats_trio: pst,
        langdi,
        joker: if Variant::ALL[v] == Variant::Joker {
            Rank::new(joker).map_or(Turned::Off, Turned::Fixed)
        } else {
            Turned::Off
        },
        ..Rules::default()
    })
}

/// Any variant with any options, the turned-up cards fixed (combinations `Rules::parts` refuses included).
fn any_variation() -> impl Strategy<Value = Rules> {
    (
        (0..Variant::ALL.len(), 0usize..3, any::<bool>(), any::<bool>(), any::<bool>()),
        (prop::option::of(2u8..=14), prop::option::of(0usize..4), prop::option::of(2u8..=14), any::<bool>()),
        (prop::option::of(3u8..=4), prop::option::of(0u8..52), any::<bool>()),
    )
        .prop_map(|((v, a, pst, langdi, k_a_2), (joker, suit, bust, jokers), (cards, common, dormant))| {
            let fixed = |r: Option<u8>| r.and_then(Rank::new).map_or(Turned::Off, Turned::Fixed);
            let variant = Variant::ALL[v];
            Rules {
                variant,
                a23: A23::ALL[a],
                pure_sequence_beats_trio: pst,
                langdi,
                k_a_2,
                joker: fixed(joker),
                wild_suit: suit.map_or(Turned::Off, |s| Turned::Fixed(Suit::ALL[s])),
                bust: fixed(bust),
                jokers: if jokers { 2 } else { 0 },
                cards,
                common: common.and_then(Card::from_index).filter(|_| variant == Variant::IncompleteCommon),
                kaana_round: dormant && variant == Variant::Kaana,
                ..Rules::default()
            }
        })
}

fn classic_pair() -> impl Strategy<Value = (Vec<Card>, Vec<Card>)> {
    proptest::sample::subsequence((0u8..52).collect::<Vec<_>>(), 6).prop_shuffle().prop_map(|v| {
        let c: Vec<Card> = v.into_iter().filter_map(Card::from_index).collect();
        (c[..3].to_vec(), c[3..].to_vec())
    })
}

proptest! {
    #[test]
    fn never_panics(idx in proptest::collection::vec(0u8..52, 0..6), r in any_rules(), joker in proptest::option::of(2u8..=14)) {
        let cards: Vec<Card> = idx.into_iter().filter_map(Card::from_index).collect();
        let joker = joker.and_then(Rank::new);
        let v = evaluate(&cards, &r, joker);
        let distinct = cards.iter().collect::<BTreeSet<_>>().len() == cards.len();
        prop_assert_eq!(v.is_ok(), distinct && cards.len() == r.cards_per_player());
    }

    /// Every variation: a hand of the right number of distinct cards (printed jokers only in a pack that has
    /// them, never the common card) ranks; anything else is an error, never a panic; rules that do not combine
    /// are refused whatever the cards.
    #[test]
    fn every_variation_ranks_or_refuses(idx in proptest::collection::vec(0u8..54, 0..7), r in any_variation()) {
        let mut cards: Vec<Card> = idx.into_iter().filter_map(Card::from_index).collect();
        cards.extend(r.common);
        let v = evaluate(&cards, &r, None);
        let Ok(parts) = r.parts() else {
            prop_assert!(matches!(v, Err(RankError::Rules(_))), "{:?}", v);
            return Ok(());
        };
        let distinct = cards.iter().collect::<BTreeSet<_>>().len() == cards.len();
        let jokers_ok = parts.jokers > 0 || cards.iter().all(|c| !c.is_joker());
        let count = parts.plan.hand_cards();
        let drawn = [parts.joker == Turned::Draw, parts.wild_suit == Turned::Draw, parts.bust == Turned::Draw];
        let known = !drawn.contains(&true);
        prop_assert_eq!(v.is_ok(), known && distinct && jokers_ok && cards.len() == count, "{:?} {:?}", v, cards);
    }

    #[test]
    fn muflis_is_exact_reverse((a, b) in classic_pair(), r in any_rules()) {
        let classic = Rules { variant: Variant::Classic, joker: Turned::Off, ..r.clone() };
        let muflis = Rules { variant: Variant::Muflis, joker: Turned::Off, ..r };
        let c = evaluate(&a, &classic, None).unwrap().cmp(&evaluate(&b, &classic, None).unwrap());
        let m = evaluate(&a, &muflis, None).unwrap().cmp(&evaluate(&b, &muflis, None).unwrap());
        prop_assert_eq!(c, m.reverse());
        prop_assert_eq!(evaluate(&a, &classic, None).unwrap().category, evaluate(&a, &muflis, None).unwrap().category);
    }

    #[test]
    fn suit_order_of_cards_never_matters((a, _b) in classic_pair(), r in any_rules()) {
        let r = Rules { variant: if r.variant == Variant::BestOfFour { Variant::Classic } else { r.variant }, ..r };
        let mut rev = a.clone();
        rev.reverse();
        prop_assert_eq!(evaluate(&a, &r, None), evaluate(&rev, &r, None));
    }
}

// ---------------------------------------------------------------------------
// The `hand rank` command, through the real binary.

#[test]
fn cli_ranks_lines() {
    let input = "# a comment\nAs Ad Ah\n\n  KD qh JS  \n10c 9c 8c # trailing comment\nA♠ 2♠ 3♠\nTc 9d 2h\n";
    let (code, out, err) = run_rank(&[], input);
    assert_eq!(code, Some(0), "stderr: {err}");
    // One output line a line read: the comment and the blank line get empty ones.
    let expected: Vec<String> = ["", "As Ad Ah", "", "Kd Qh Js", "10c 9c 8c", "As 2s 3s", "10c 9d 2h"]
        .iter()
        .map(|s| match s.is_empty() {
            true => String::new(),
            false => {
                let v = ev(&Rules::default(), s);
                format!("{} {}", v.category, v.strength)
            }
        })
        .collect();
    assert_eq!(out.lines().collect::<Vec<_>>(), expected);
    assert!(out.starts_with("\ntrio 393230\n\nsequence "), "{out}");
}

/// Output line N answers input line N (a blank or comment line gets an empty line, a bad line `error`); the
/// reasons go to stderr, numbered by input line.
#[test]
fn cli_reports_bad_lines_and_goes_on() {
    let input = "As Kd Qh\nAs Xx Qh\n\nAs As Qh\n# a comment\nAs Kd\n2s 3d 5h\n";
    let (code, out, err) = run_rank(&[], input);
    assert_eq!(code, Some(1));
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), input.lines().count(), "one output line a line read: {out}");
    assert!(lines[0].starts_with("sequence "));
    assert_eq!(&lines[1..6], ["error", "", "error", "", "error"], "{out}");
    assert!(lines[6].starts_with("high_card "));
    let errs: Vec<&str> = err.lines().collect();
    assert_eq!(errs.len(), 3, "{err}");
    assert!(errs[0].starts_with("error: line 2: ") && errs[0].contains("`Xx`"), "{}", errs[0]);
    assert!(errs[1].starts_with("error: line 4: ") && errs[1].contains("As appears twice"), "{}", errs[1]);
    assert!(
        errs[2].starts_with("error: line 6: ") && errs[2].contains("3 cards under these rules, not 2"),
        "{}",
        errs[2]
    );
}

#[test]
fn cli_variants_and_options() {
    let (code, out, _) = run_rank(&["--variant", "muflis"], "Ah Qs 3d\nAs Kd 2h\n");
    assert_eq!(code, Some(0));
    let s: Vec<u32> = out.lines().map(|l| l.split(' ').nth(1).unwrap().parse().unwrap()).collect();
    assert!(s[0] > s[1], "{out}");
    let (code, out, _) = run_rank(&["--set", "langdi=true"], "2s 3s 5s\n");
    assert_eq!((code, out.split(' ').next()), (Some(0), Some("pure_sequence")));
    let (code, out, _) = run_rank(&["--variant", "joker", "--set", "joker=7"], "7s 7h 7d\n");
    assert_eq!(code, Some(0));
    assert_eq!(out, "trio 393230\n");
    let (code, out, err) = run_rank(&["--variant", "best_of_four"], "As Ah Kd 2c\nAs Ah Kd\n");
    assert_eq!(code, Some(1));
    assert!(out.starts_with("pair ") && out.ends_with("\nerror\n"), "{out}");
    assert!(err.starts_with("error: line 2: ") && err.contains("4 cards under these rules, not 3"), "{err}");
    // incomplete_common: the dealt card alone, the common card added; one card is "1 card".
    let args = ["--variant", "incomplete_common", "--set", "common=Kd"];
    let (code, out, err) = run_rank(&args, "As\nAs Ks\n");
    assert_eq!((code, out.lines().nth(1)), (Some(1), Some("error")), "{out}");
    assert!(err.contains("a hand has 1 card here (the common card Kd is added to each line), not 2"), "{err}");
    let (code, out, _) = run_rank(&[], "\u{feff}As Ks Qs\n");
    assert_eq!((code, out.as_str()), (Some(0), "pure_sequence 327708\n"), "a byte-order mark is not a card");
    let (code, out, _) = run_rank(&["--variant", "cobra"], "As\n2c\n");
    assert_eq!((code, out.as_str()), (Some(0), "single 14\nsingle 2\n"));
}

#[test]
fn cli_bad_arguments_exit_2() {
    let (code, out, err) = run_rank(&["--variant", "poker"], "As Kd Qh\n");
    assert_eq!(code, Some(2));
    assert!(out.is_empty());
    assert!(err.contains("poker") && err.contains("muflis"), "{err}");
    let (code, _, err) = run_rank(&["--set", "langdi=maybe"], "");
    assert_eq!(code, Some(2));
    assert!(err.contains("maybe"), "{err}");
    let (code, _, err) = run_rank(&["--set", "langdi"], "");
    assert_eq!(code, Some(2));
    assert!(err.contains("OPTION=VALUE"), "{err}");
    let (code, _, err) = run_rank(&["--set", "nonsense=1"], "");
    assert_eq!(code, Some(2));
    assert!(err.contains("nonsense"), "{err}");
    let (code, _, err) = run_rank(&["--variant", "joker"], "As Kd Qh\n");
    assert_eq!(code, Some(2));
    assert!(err.contains("joker="), "{err}");
}

#[test]
fn made_hand_for_display() {
    let j = rules("joker", &[("joker", "7")]);
    let made = best_hand(&h("7s 7h 2d"), &j, None).unwrap();
    assert_eq!(made.value.category, Category::Trio);
    // Stand-ins avoid copying real cards when they can.
    let set: BTreeSet<Card> = made.cards.iter().copied().collect();
    assert_eq!(set.len(), 3);
    assert!(set.contains(&h("2d")[0]));
    assert_eq!(made.wild.iter().filter(|w| **w).count(), 2);
    let made = best_hand(&h("7s 7h 7d"), &j, None).unwrap();
    assert_eq!(made.cards.iter().map(|c| c.rank).collect::<Vec<_>>(), vec![Rank::ACE; 3]);
    assert_eq!(made.value.cmp(&ev(&Rules::default(), "As Ad Ah")), Ordering::Equal);
}

// ---------------------------------------------------------------------------
// The prepared evaluator

#[test]
fn prepared_matches_checked_for_every_hand_order_and_option() {
    let hands = all_hands();
    let perms = [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]];
    for r in all_option_rules() {
        let p = PreparedEvaluator::new(&r).unwrap();
        for hand in &hands {
            let checked = evaluate(hand, &r, None).unwrap();
            for perm in perms {
                let idx = perm.map(|i| hand[i].index());
                assert_eq!(p.value(idx), checked, "{r:?}: {hand:?} as {idx:?}");
                assert_eq!(p.strength(idx), checked.strength);
            }
        }
    }
}

#[test]
fn every_hand_lists_each_hand_once() {
    let listed: Vec<[u8; 3]> = every_hand().collect();
    let expected: Vec<[u8; 3]> = all_hands().iter().map(|h| h.map(Card::index)).collect();
    assert_eq!(listed, expected);
}

#[test]
fn prepared_only_for_plain_three_card_rules() {
    for variant in ["classic", "muflis"] {
        let r = rules(variant, &[]);
        assert!(PreparedEvaluator::new(&r).is_some(), "{variant}");
        assert!(Evaluator::new(&r, None).unwrap().prepared().is_some(), "{variant}");
    }
    for variant in ["joker", "ak47", "high_wild", "low_wild", "best_of_four"] {
        let r = rules(variant, if variant == "joker" { &[("joker", "7")] } else { &[] });
        assert!(PreparedEvaluator::new(&r).is_none(), "{variant}");
        assert!(Evaluator::new(&r, None).unwrap().prepared().is_none(), "{variant}");
    }
    let mut lowball_four = Scheme::from_rules(&Rules::default(), None).unwrap();
    lowball_four.lowball = true;
    assert!(PreparedEvaluator::for_scheme(lowball_four).is_some());
    lowball_four.held = 4;
    assert!(PreparedEvaluator::for_scheme(lowball_four).is_none());
}

#[test]
fn prepared_never_panics_on_any_bytes() {
    // Out-of-range indices and repeated cards give an unspecified value, never a panic.
    for r in [Rules::default(), rules("muflis", &[("langdi", "true")])] {
        let p = PreparedEvaluator::new(&r).unwrap();
        let mut acc = 0u32;
        for a in 0..=255u8 {
            for b in 0..=255u8 {
                for c in [0, 1, 51, 52, 63, 64, 127, 200, 255, a, b] {
                    acc = acc.wrapping_add(p.value([a, b, c]).strength);
                }
            }
        }
        assert_ne!(acc, 0);
    }
}
