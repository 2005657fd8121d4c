//! The general evaluator of the variations (issue 13, `src/engine/rank/units.rs`), checked against brute force:
//! every wild unit replaced by every card, every reading of virtual wild pairs enumerated independently here, and
//! blackjack and 999 computed another way. Schemes are built by hand, so that every part is checked alone and in
//! combination before the variants that preset them exist.

use teenpatti::engine::cards::{full_deck, parse_cards, Card, Suit};
use teenpatti::engine::rank::{evaluate, Category, Compare, Evaluator, Scheme, Virtual, Wild};
use teenpatti::engine::Rules;
use teenpatti::words::transcript;

use support::rank_cli::run_rank;

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

// ---------------------------------------------------------------------------
// In play: each variant through `hand rank` (the real binary), hand scripts and the hand state machine.

/// `hand rank --variant V --set …`: one line per hand with the variant's number of cards, answered as the
/// library ranks it; the text's own examples among them.
#[test]
fn hand_rank_plays_every_variant() {
    let cases: &[(&str, &[&str], &str, &str)] = &[
        ("incomplete_two", &[], "As Ks", "pure_sequence"),
        ("incomplete_one", &[], "7h", "trio"),
        ("incomplete_common", &["common=Kd"], "Qd", "pure_sequence"),
        ("two_lowest_wild", &[], "2c 3d Kh Ks", "trio"),
        ("two_lowest_wild", &[], "3c 3d 3h 9s", "trio"),
        ("two_lowest_wild", &[], "3c 5d 5h 9s", "pair"),
        ("kaana", &[], "Kd 5c 5h", "trio"),
        ("kaana", &["cards=4"], "Kd 5c 5h 9s", "trio"),
        ("kaana", &["kaana_cards=Qc"], "Kd 5c 5h", "pair"),
        ("kiss_miss_bliss", &[], "8c 9d 2h 2s Ah", "trio"),
        // A-2 and 2-3 are both kisses (one kind, used once): 2-3 as the wild card, with A and K, is A-K-Q.
        ("kiss_miss_bliss", &[], "Kc Ad 2h 3s 9h", "sequence"),
        ("blackjack", &[], "As Kd 5c", "points"),
        ("blackjack", &[], "Ks Qd 2c", "bust"),
        ("999", &[], "9s 9d 9c", "number"),
        ("4x_boot", &[], "As Ad Ah", "trio"),
        ("classic", &["joker=7"], "7s 7h 2d", "trio"),
        ("classic", &["wild_suit=h", "bust=4"], "Ah Kc Qd", "sequence"),
        ("classic", &["bust=7"], "7s Kd Qh", "bust"),
        ("classic", &["jokers=2"], "Xb As Ad", "trio"),
        ("classic", &["k_a_2=true"], "2s Ah Kd", "sequence"),
        ("muflis", &["joker=7", "wild_suit=s", "bust=9"], "2c 3d 5h", "high_card"),
    ];
    for (variant, sets, hand, category) in cases {
        let mut args = vec!["--variant", variant];
        for s in *sets {
            args.extend(["--set", s]);
        }
        let (code, out, err) = run_rank(&args, &format!("{hand}\n"));
        assert_eq!(code, Some(0), "{variant} {sets:?} {hand}: {out}{err}");
        let mut rules = Rules::preset(variant).unwrap();
        for s in *sets {
            rules.set_option(s).unwrap();
        }
        let mut cards = parse_cards(hand).unwrap();
        cards.extend(rules.common);
        let v = evaluate(&cards, &rules, None).unwrap();
        assert_eq!(out.trim(), format!("{} {}", v.category, v.strength), "{variant} {sets:?} {hand}");
        assert_eq!(v.category.name(), *category, "{variant} {sets:?} {hand}");
    }
    // A line with the wrong number of cards for the variant is named, and the rest still run.
    let (code, out, err) = run_rank(&["--variant", "kiss_miss_bliss"], "As Kd Qh\n2c 3c 4c 5c 6c\n");
    assert_eq!(code, Some(1));
    assert_eq!(out.lines().next(), Some("error"), "{out}");
    assert!(err.starts_with("error: line 1: ") && err.contains("5 cards"), "{err}");
    // Combinations that make no sense are refused with the reason.
    for (args, needle) in [
        (&["--variant", "kiss_miss_bliss", "--set", "joker=7"][..], "takes no other wild cards"),
        (&["--variant", "blackjack", "--set", "langdi=true"][..], "has none"),
        (&["--set", "k_a_2=true", "--set", "a23=second"][..], "choose one"),
        (&["--variant", "incomplete_common"][..], "common=Kd"),
        (&["--variant", "classic", "--set", "cards=6"][..], "1 to 5"),
        (&["--variant", "blackjack", "--set", "cards=4"][..], "deals 3 cards"),
    ] {
        let (code, _, err) = run_rank(args, "As Kd Qh\n");
        assert_eq!(code, Some(2), "{args:?}: {err}");
        assert!(err.contains(needle), "{args:?}: {err}");
    }
}

fn play(script: &str) -> teenpatti::engine::script::Replay {
    teenpatti::engine::script::parse(script).unwrap_or_else(|e| panic!("{e}\n{script}")).run().unwrap()
}

/// Every variant plays a hand script to a show: the cards dealt follow the variant, the books balance, and the
/// turned-up cards given as directives are the ones the hand shows.
#[test]
fn scripts_play_every_variant_to_a_show() {
    for variant in teenpatti::engine::Variant::playable() {
        let plan = Rules::preset(variant.name()).unwrap().parts().unwrap().plan;
        // The games with phases (a draw, blind rounds, no seeing) have their own tests (tests/play_variations.rs).
        if plan.draw != teenpatti::engine::rules::DrawMode::Off || plan.rounds_before_show > 0 || plan.forehead {
            continue;
        }
        let extra = match variant.name() {
            "incomplete_common" => "common Kd\n",
            "joker" => "joker 7h\n",
            _ => "",
        };
        let script = format!("rules {variant}\nplayers A B C\n{extra}A see\nB see\nC see\nA pack\nB show\n");
        let r = play(&script);
        assert!(r.hand.is_over(), "{variant}:\n{}", transcript(&r));
        assert_eq!(r.nets().iter().map(|(_, n)| n).sum::<i64>(), 0, "{variant}");
        assert!(r.hand.seats().iter().all(|s| s.cards.len() == plan.down && s.up.len() == plan.up), "{variant}");
        assert_eq!(r.ended_by(), "show", "{variant}:\n{}", transcript(&r));
    }
    let r = play("rules incomplete_common\nplayers A B\ncommon Kd\nA pack\n");
    assert_eq!(r.hand.board().common(), "Kd".parse().ok());
    assert!(transcript(&r).contains("Common card: K♦"), "{}", transcript(&r));
    // 4x boot: each pays four times the table's boot.
    let r = play("rules 4x_boot\nboot 2\nplayers A B\nA pack\n");
    assert_eq!(r.nets(), vec![("A".to_string(), -8), ("B".to_string(), 8)]);
}

/// The bust draw: a player dealt a card of its rank packs at the deal, before anyone acts; when that leaves one
/// player, the hand is theirs; when everyone holds one, it busts nobody.
#[test]
fn bust_cards_pack_at_the_deal() {
    let base = "set bust draw\nplayers A B C\n";
    let r = play(&format!("{base}bust 9c\ncards A 9s 2d 3h\ncards B Ks Qd 4h\ncards C 7s 7d 5h\nB pack\n"));
    assert!(transcript(&r).contains("A holds a bust card and packed"), "{}", transcript(&r));
    assert_eq!(r.winners(), vec!["C".to_string()], "{}", transcript(&r));
    let r = play(&format!("{base}bust 9c\ncards A 9s 2d 3h\ncards B 9d Qd 4h\ncards C 7s 7d 5h\n"));
    assert!(r.hand.is_over() && r.winners() == vec!["C".to_string()], "{}", transcript(&r));
    let r = play(&format!("{base}bust 9c\ncards A 9s 2d 3h\ncards B 9d Qd 4h\ncards C 9h 7d 5h\nA pack\nB pack\n"));
    assert!(r.hand.board().bust_void, "{}", transcript(&r));
    assert!(transcript(&r).contains("busts nobody"), "{}", transcript(&r));
    assert_eq!(r.winners(), vec!["C".to_string()]);
    // A busted player can do nothing else.
    let r = play(&format!("{base}bust 9c\ncards A 9s 2d 3h\nA see\n"));
    assert_eq!(r.rejected().len(), 1, "{}", transcript(&r));
}

/// The incomplete variations break equal hands by suits (the text: "suit rules apply"): two trios of 7 at a show
/// go to the 7 of spades, whatever `show_tie` says.
#[test]
fn incomplete_ties_go_by_suits() {
    for tie in ["payer_loses", "split"] {
        let r = play(&format!(
            "rules incomplete_one\nset show_tie {tie}\nplayers A B\ncards A 7s\ncards B 7h\nB blind 1\nA show\n"
        ));
        assert_eq!(r.winners(), vec!["A".to_string()], "{tie}:\n{}", transcript(&r));
        let r = play(&format!(
            "rules incomplete_one\nset show_tie {tie}\nplayers A B\ncards A 7h\ncards B 7s\nB blind 1\nA show\n"
        ));
        assert_eq!(r.winners(), vec!["B".to_string()], "{tie}:\n{}", transcript(&r));
    }
}

/// Kaana as a round: the one-eyed cards are plain until a hand where someone is dealt a trio, then wild until a
/// show is called against a player holding one.
#[test]
fn a_kaana_round_begins_at_a_trio_and_ends_at_a_show_against_a_one_eyed_card() {
    let round = "rules kaana\nset kaana_round true\nplayers A B\n";
    // Dormant: K♦ is a plain king; a trio dealt starts the round for the next hand.
    let r = play(&format!("{round}kaana dormant\ncards A Kd 5c 5h\ncards B 9s 9d 9h\nA pack\n"));
    assert_eq!(r.hand.value_of(0).unwrap().category, Category::Pair);
    assert_eq!(r.hand.kaana_next(), Some(false), "a trio was dealt: the round begins");
    let r = play(&format!("{round}kaana dormant\ncards A Kd 5c 4h\ncards B 9s 8d 2h\nA pack\n"));
    assert_eq!(r.hand.kaana_next(), Some(true), "no trio: still dormant");
    // Live: K♦ is wild; a show against its holder ends the round.
    let r = play(&format!("{round}cards A Kd 5c 5h\ncards B 9s 8d 2h\nA blind 1\nB show\n"));
    assert_eq!(r.hand.value_of(0).unwrap().category, Category::Trio);
    assert_eq!(r.hand.kaana_next(), Some(true), "a show against the K♦ holder ends the round");
    let r = play(&format!("{round}cards A Kd 5c 5h\ncards B 9s 8d 2h\nA pack\n"));
    assert_eq!(r.hand.kaana_next(), Some(false), "no show: the round goes on");
    let r = play("rules kaana\nplayers A B\nA pack\n");
    assert_eq!(r.hand.kaana_next(), None, "plain kaana has no round");
}

/// Printed jokers: a 54-card pack when `jokers 2`, each joker wild; refused in a pack without them.
#[test]
fn printed_jokers_are_wild_and_only_in_their_pack() {
    let r = play("set jokers 2\nplayers A B\ncards A Xb Xr 2c\ncards B As Ad Kc\nB blind 1\nA show\n");
    assert_eq!(r.hand.value_of(0).unwrap().category, Category::Trio, "{}", transcript(&r));
    assert_eq!(r.winners(), vec!["A".to_string()]);
    let e = teenpatti::engine::script::parse("players A B\ncards A Xb 2c 3c\n").unwrap_err();
    assert!(e.to_string().contains("set jokers 2"), "{e}");
}

/// Each variant states the players its pack deals to.
#[test]
fn the_pack_bounds_the_seats() {
    let most = |text: &str| {
        let mut r = Rules::default();
        r.set_options(text).unwrap();
        r.parts().unwrap().max_seats()
    };
    assert_eq!(most("variant=classic"), 10);
    assert_eq!(most("variant=kiss_miss_bliss"), 10, "50 cards of 52");
    assert_eq!(most("variant=kiss_miss_bliss bust=draw"), 10, "51 cards of 52");
    assert_eq!(most("variant=best_of_four jokers=2 joker=draw wild_suit=draw bust=draw"), 10);
    let ten = "A B C D E F G H I J";
    let r = play(&format!("rules kiss_miss_bliss\nset bust draw\nplayers {ten}\n"));
    assert!(r.hand.board().bust.is_some() && r.hand.seats().iter().all(|s| s.cards.len() == 5));
    // Eleven players are refused before any deal.
    let e = play_err(&format!("rules kiss_miss_bliss\nplayers {ten} K\n"));
    assert!(e.contains("at most 10"), "{e}");
}

fn play_err(script: &str) -> String {
    match teenpatti::engine::script::parse(script).and_then(|s| s.run()) {
        Ok(r) => panic!("played:\n{}", transcript(&r)),
        Err(e) => e.to_string(),
    }
}

/// The text's combined draw: a wild rank, a wild suit and a bust rank turned up at once make "14 jokers" in
/// play (the 3 other cards of the rank and the 12 other cards of the suit, one card being both).
#[test]
fn the_combined_draw_makes_fourteen_jokers() {
    let mut rules = Rules::default();
    rules.set_options("joker=draw wild_suit=draw bust=draw").unwrap();
    let turned = parse_cards("7h 2s 9c").unwrap();
    let drawn = teenpatti::engine::rank::Drawn {
        joker: Some(turned[0].rank),
        wild_suit: Some(turned[1].suit),
        bust: Some(turned[2].rank),
        kaana_dormant: false,
        bust_void: false,
        wild_ranks: 0,
    };
    let scheme = Scheme::resolve(&rules, &drawn).unwrap();
    let Wild::Ranks(ranks) = scheme.wild else { panic!("{:?}", scheme.wild) };
    let wild = full_deck()
        .into_iter()
        .filter(|c| !turned.contains(c))
        .filter(|c| ranks & 1 << c.rank.value() != 0 || scheme.wild_suits & 1 << c.suit as u8 != 0)
        .count();
    assert_eq!(wild, 14);
    assert_eq!(scheme.bust, 1 << 9);
    // And in a hand: a 7 and a spade are wild beside an ace; a 9 busts.
    let e = Evaluator::for_scheme(scheme);
    assert_eq!(e.evaluate(&parse_cards("7c Ks Ad").unwrap()).unwrap().category, Category::Trio);
    assert_eq!(e.evaluate(&parse_cards("7c 9s Ad").unwrap()).unwrap().category, Category::Bust);
}

/// `explain` (what the DM and the show print) agrees with the value on every variant: its three cards, with no
/// wild card left, are worth exactly what the hand is worth, and each card it says a wild unit became is one of
/// the hand's own wild cards, an imagined card or a pair of the hand's cards.
#[test]
fn explained_hands_are_worth_their_value() {
    use teenpatti::engine::rank::Source;
    let mut g = Lcg(99);
    let draws = [("joker", "7"), ("wild_suit", "h"), ("bust", "9")];
    let mut checked = 0;
    for variant in teenpatti::engine::Variant::ALL {
        let mut rules = Rules::preset(variant.name()).unwrap();
        if rules.parts().unwrap().joker != teenpatti::engine::rules::Turned::Off {
            rules.set("joker", "7").unwrap();
        }
        if *variant == teenpatti::engine::Variant::IncompleteCommon {
            rules.set("common", "Kd").unwrap();
        }
        let with_draws = {
            let mut r = rules.clone();
            draws.iter().for_each(|(k, v)| {
                let _ = r.set(k, v);
            });
            r.parts().ok().map(|_| r)
        };
        for rules in [Some(rules), with_draws].into_iter().flatten() {
            let e = Evaluator::new(&rules, None).unwrap();
            let n = rules.parts().unwrap().plan.hand_cards() - usize::from(rules.common.is_some());
            for _ in 0..60 {
                let mut hand = g.hand(n + 1);
                hand.truncate(n);
                if rules.common.is_some_and(|c| hand.contains(&c)) {
                    continue;
                }
                hand.extend(rules.common);
                let value = e.evaluate(&hand).unwrap();
                let Some(made) = e.explain(&hand).unwrap() else { continue };
                assert_eq!(made.value, value);
                let mut plain = Scheme::classic(&rules);
                plain.order = e.scheme().order;
                plain.lowball = e.scheme().lowball;
                plain.k_a_2 = e.scheme().k_a_2;
                let counts: Vec<Card> = made.stands.iter().map(|s| s.counts_as).collect();
                if counts.iter().enumerate().any(|(i, c)| counts[..i].contains(c)) {
                    continue; // a wild unit copying a real card: evaluate refuses duplicates
                }
                let again = Evaluator::for_scheme(plain).evaluate(&counts).unwrap();
                assert_eq!(again.strength, value.strength, "{variant} {hand:?} -> {counts:?}");
                checked += 1;
                for s in made.stands {
                    match s.source {
                        Source::Held { card } => assert!(hand.contains(&card) && card == s.counts_as),
                        Source::Wild { card } => assert!(hand.contains(&card)),
                        Source::Pair { cards } => assert!(cards.iter().all(|c| hand.contains(c))),
                        Source::Imagined => assert!(e.scheme().imagined > 0),
                    }
                }
            }
        }
    }
    assert!(checked > 1000, "only {checked} hands explained");
}

/// Every hand of the variations small enough to enumerate, each checked against the substitution of every card
/// for every wild unit (`brute_units`), with the counts by category that follow (printed with `--nocapture`):
/// one card (52 hands, all trios), two cards (1,326; the same pairs are incomplete_common's dealt card beside
/// the common card), and every three-card hand (22,100) under kaana's one-eyed cards and under a wild suit.
#[test]
fn every_hand_of_the_enumerable_variations() {
    let deck = full_deck();
    let kaana = parse_cards("Kd Js Jh").unwrap().iter().fold(0u64, |m, c| m | 1 << c.index());
    let cases: [(&str, Scheme, usize); 5] = [
        ("incomplete_one", Scheme { held: 1, imagined: 2, ..classic() }, 1),
        ("incomplete_two", Scheme { held: 2, imagined: 1, ..classic() }, 2),
        ("incomplete_common", Scheme { held: 2, imagined: 1, ..classic() }, 2),
        ("kaana", Scheme { wild_cards: kaana, ..classic() }, 3),
        ("wild suit hearts", Scheme { wild_suits: 1 << Suit::Hearts as u8, ..classic() }, 3),
    ];
    let hands = |k: usize| -> Vec<Vec<Card>> {
        let mut out = Vec::new();
        let mut idx: Vec<usize> = (0..k).collect();
        loop {
            out.push(idx.iter().map(|&i| deck[i]).collect());
            let Some(i) = (0..k).rev().find(|&i| idx[i] != i + 52 - k) else { return out };
            idx[i] += 1;
            for j in i + 1..k {
                idx[j] = idx[j - 1] + 1;
            }
        }
    };
    for (name, scheme, k) in cases {
        let e = Evaluator::for_scheme(scheme);
        let mut counts = std::collections::BTreeMap::new();
        let all = hands(k);
        let expected = [52, 1326, 1326, 22_100, 22_100][[1, 2, 2, 3, 3].iter().position(|&n| n == k).unwrap_or(0)];
        assert_eq!(all.len(), expected, "{name}");
        for hand in all {
            let wild =
                |c: &Card| scheme.wild_suits & (1 << c.suit as u8) != 0 || scheme.wild_cards & (1 << c.index()) != 0;
            let mut units: Vec<Option<Card>> = hand.iter().map(|c| (!wild(c)).then_some(*c)).collect();
            units.extend(std::iter::repeat_n(None, scheme.imagined as usize));
            let got = e.evaluate(&hand).unwrap();
            assert_eq!(got.strength, brute_units(&units, &Rules::default()), "{name}: {hand:?}");
            *counts.entry(got.category).or_insert(0usize) += 1;
        }
        println!("{name}: {counts:?}");
        if name == "incomplete_one" {
            assert_eq!(counts.get(&Category::Trio), Some(&52));
        }
        if name == "incomplete_two" {
            // A pair dealt (78 hands) makes a trio; suited connectors and one-gaps make pure sequences.
            assert_eq!(counts.get(&Category::Trio), Some(&78));
        }
    }
}

/// Found in review: a common card of the bust rank is in every hand, so the draw busts nobody (at a table and in
/// `hand rank`), and the better hand wins; incomplete_one refuses `pure_sequence_beats_trio` (every hand would be
/// the same top pure sequence); a printed joker has no suit and loses a suit tie to any real card; and a printed
/// joker can be the common card in `hand rank` as at a table.
#[test]
fn review_findings_on_common_cards_suits_and_jokers() {
    let r = play("rules incomplete_common\nset bust draw\nplayers A B\ncards A 2s\ncards B Ac\ncommon Kd\nbust Kh\nA see\nB see\nA show\n");
    assert!(r.hand.board().bust_void, "{}", transcript(&r));
    assert_eq!(r.winners(), vec!["B".to_string()], "A-K plus an imagined card beats K-2:\n{}", transcript(&r));
    let (code, out, err) =
        run_rank(&["--variant", "incomplete_common", "--set", "common=Kd", "--set", "bust=K"], "Ac\n2s\n");
    assert_eq!(code, Some(0), "{err}");
    assert!(!out.contains("bust"), "{out}");

    let (code, _, err) = run_rank(&["--variant", "incomplete_one", "--set", "pure_sequence_beats_trio=true"], "2c\n");
    assert_eq!(code, Some(2));
    assert!(err.contains("pure_sequence_beats_trio"), "{err}");

    // Both are a trio of 2s; the real cards' suits decide (spades over clubs), not the jokers'.
    let r =
        play("rules incomplete_two\nset jokers 2\nplayers A B\ncards A Xr 2c\ncards B Xb 2s\nA see\nB see\nA show\n");
    assert_eq!(r.winners(), vec!["B".to_string()], "{}", transcript(&r));
    // A joker loses a suit tie to a real card: 2♣ Xr (trio) against 2♦ 2♥... is not a tie; two imagined
    // completions of one real card each are.
    let r =
        play("rules incomplete_two\nset jokers 2\nplayers A B\ncards A Xr 2c\ncards B 2d 2h\nA see\nB see\nA show\n");
    assert_eq!(r.winners(), vec!["B".to_string()], "{}", transcript(&r));

    let (code, out, err) =
        run_rank(&["--variant", "incomplete_common", "--set", "jokers=2", "--set", "common=Xb"], "As\n");
    assert_eq!((code, out.split(' ').next()), (Some(0), Some("trio")), "{out}{err}");
}
