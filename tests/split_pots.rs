//! High-low split pots (issue 15; 001 "Variations: High-low split"), rule by rule through hand scripts (the same
//! engine a table runs): cards speak and declaration, the qualifiers, ties split into quarters with the odd chip
//! to the high half, a show of every hand, the compulsory show after `max_rounds`, and no sideshows.

use teenpatti::engine::hand::{EndedBy, EventKind, Phase};
use teenpatti::engine::script::{parse, Replay};
use teenpatti::words::transcript;

fn play(script: &str) -> Replay {
    parse(script).unwrap_or_else(|e| panic!("{e}\n{script}")).run().unwrap_or_else(|e| panic!("{e}\n{script}"))
}

/// The reason the script's line `line` was refused (panics if it was accepted).
fn refusal(r: &Replay, line: usize) -> String {
    r.rejected().into_iter().find(|x| x.line == line).map(|x| x.reason).unwrap_or_else(|| {
        panic!("line {line} was accepted:\n{}", transcript(r));
    })
}

/// Each seat's payout, by seat (0 for a seat paid nothing).
fn paid(r: &Replay) -> Vec<u64> {
    let o = r.hand.outcome().unwrap_or_else(|| panic!("the hand is not over:\n{}", transcript(r)));
    let mut v = vec![0; r.hand.seats().len()];
    for p in &o.payouts {
        v[p.seat] += p.amount;
    }
    assert_eq!(v.iter().sum::<u64>(), o.pot, "every chip of the pot is paid");
    v
}

/// The winners of each half, from the `HalvesWon` event.
fn halves(r: &Replay) -> (Vec<usize>, Vec<usize>) {
    let h = r.events().iter().find_map(|e| match &e.kind {
        EventKind::HalvesWon { high, low } => Some((high.clone(), low.clone())),
        _ => None,
    });
    h.unwrap_or_else(|| panic!("no halves:\n{}", transcript(r)))
}

/// Three players: A a trio of aces (the best high, the worst low), B 5-3-2 of mixed suits (the best low), C a
/// pair of nines. Dealer C; A blind 1, B calls a show for 1: a pot of 5 (three boots and two bets).
fn three_way(options: &str, b: &str, tail: &str) -> String {
    format!(
        "rules classic\n{options}players A B C\ndealer C\ncards A Ah Ad Ac\ncards B {b}\ncards C 9s 9h 4c\n\
         A blind 1\n{tail}"
    )
}

/// Cards speak: a show is every hand's; the high hand takes half, the low hand (muflis order) the other half;
/// the odd chip goes to the high half.
#[test]
fn cards_speak_splits_the_pot_between_the_best_high_and_the_best_low() {
    let r = play(&three_way("set high_low cards_speak\n", "5s 3h 2d", "B show\n"));
    assert!(r.rejected().is_empty(), "{:?}\n{}", r.rejected(), transcript(&r));
    assert_eq!(r.hand.outcome().map(|o| o.ended_by), Some(EndedBy::Show));
    assert_eq!(halves(&r), (vec![0], vec![1]));
    assert_eq!(paid(&r), vec![3, 2, 0], "pot 5: the high half takes the odd chip\n{}", transcript(&r));
    // Every hand still in is shown, the pair's too.
    let shown = r.events().iter().find_map(|e| match &e.kind {
        EventKind::Showdown { hands, .. } => Some(hands.len()),
        _ => None,
    });
    assert_eq!(shown, Some(3));
    // Without high_low the same hands give the trio everything (and a show needs two players).
    let r = play(&three_way("", "5s 3h 2d", "B show\n"));
    assert!(refusal(&r, 8).contains("two players"), "{}", transcript(&r));
}

/// Eight or better: a low must be no pair, sequence or colour with its highest card an eight or lower; a nine
/// low does not qualify and the high hand takes the whole pot.
#[test]
fn eight_or_better_qualifies_the_low_half() {
    let qualifier = "set high_low cards_speak\nset qualifier eight_or_better\n";
    let r = play(&three_way(qualifier, "8s 7h 5d", "B show\n"));
    assert_eq!((halves(&r), paid(&r)), ((vec![0], vec![1]), vec![3, 2, 0]), "{}", transcript(&r));
    let r = play(&three_way(qualifier, "9d 4h 2d", "B show\n"));
    assert_eq!((halves(&r), paid(&r)), ((vec![0], vec![]), vec![5, 0, 0]), "{}", transcript(&r));
    // 8-7-6 is a sequence, 8-5-2 of one suit a colour: neither is a low at all.
    for b in ["8s 7h 6d", "8s 5s 2s"] {
        let r = play(&three_way(qualifier, b, "B show\n"));
        assert_eq!(halves(&r).1, Vec::<usize>::new(), "{b}\n{}", transcript(&r));
    }
    // With no qualifier the nine low wins the low half.
    let r = play(&three_way("set high_low cards_speak\n", "9d 4h 2d", "B show\n"));
    assert_eq!(halves(&r), (vec![0], vec![1]));
}

/// Any pair/no pair: the high half needs a pair or better, the low half a hand with no pair.
#[test]
fn any_pair_no_pair_qualifies_both_halves() {
    let options = "set high_low cards_speak\nset qualifier any_pair_no_pair\n";
    let r = play(&three_way(options, "5s 3h 2d", "B show\n"));
    assert_eq!(halves(&r), (vec![0], vec![1]), "{}", transcript(&r));
    // Nobody without a pair: the low half takes the whole pot (A, C hold no pair here).
    let r = play(&format!(
        "rules classic\n{options}players A B C\ndealer C\ncards A Ah Kd 9c\ncards B 5s 3h 2d\ncards C Qs Jh 4c\n\
         A blind 1\nB show\n"
    ));
    assert_eq!((halves(&r), paid(&r)), ((vec![], vec![1]), vec![0, 5, 0]), "{}", transcript(&r));
}

/// Ties split further: two equal lows share the low half (quarters of the pot); odd chips go to the high half
/// first, then to the first tied winner from the dealer's left.
#[test]
fn ties_split_into_quarters_with_the_odd_chips_by_the_rule() {
    let script = |tail: &str| {
        format!(
            "rules classic\nset high_low cards_speak\nplayers A B C\ndealer C\ncards A Ah Ad Ac\n\
             cards B 5s 3h 2d\ncards C 5h 3d 2c\n{tail}"
        )
    };
    // Pot 8: a half to A, a quarter each to B and C.
    let r = play(&script("A blind 1\nB blind 1\nC blind 1\nA blind 1\nB show\n"));
    assert_eq!((halves(&r), paid(&r)), ((vec![0], vec![1, 2]), vec![4, 2, 2]), "{}", transcript(&r));
    // Pot 7: the high half takes the odd chip (4), the low half's 3 goes 2 to B (first from the dealer's left)
    // and 1 to C.
    let r = play(&script("A blind 1\nB blind 1\nC blind 1\nA show\n"));
    assert_eq!(paid(&r), vec![4, 2, 1], "{}", transcript(&r));
}

/// Declaration: each player still in declares high or low in secret (public: only the fact); the declarations
/// are revealed together once all have declared; each half goes to the best hand among its declarers.
#[test]
fn declarations_are_secret_until_all_are_in() {
    let declare = |a: &str, b: &str, c: &str| {
        play(&three_way("set high_low declare\n", "5s 3h 2d", &format!("B show\nA {a}\nC {c}\nB {b}\n")))
    };
    let r = declare("high", "low", "high");
    assert!(r.rejected().is_empty(), "{:?}\n{}", r.rejected(), transcript(&r));
    assert_eq!((halves(&r), paid(&r)), ((vec![0], vec![1]), vec![3, 2, 0]), "{}", transcript(&r));
    // Nothing about a side is public before the reveal: each declaration is a bare `Declared`, and the reveal
    // comes after the last one.
    let events = r.events();
    let reveal = events.iter().position(|e| matches!(e.kind, EventKind::Declarations { .. }));
    let last_declared = events.iter().rposition(|e| matches!(e.kind, EventKind::Declared { .. }));
    assert!(reveal.is_some() && last_declared < reveal, "{}", transcript(&r));
    let json: Vec<String> =
        events[..last_declared.unwrap_or(0) + 1].iter().map(|e| serde_json::to_string(e).unwrap_or_default()).collect();
    assert!(json.iter().all(|j| !j.contains("low") && !j.contains("high")), "{json:?}");
    match &events[reveal.unwrap_or(0)].kind {
        EventKind::Declarations { high, low } => assert_eq!((high.clone(), low.clone()), (vec![0, 2], vec![1])),
        other => panic!("{other:?}"),
    }
    // The trio declares low: its low is the worst there is, so B's 5-3-2 takes the low half and the pair of
    // nines, alone declaring high, the high half.
    let r = declare("low", "low", "high");
    assert_eq!((halves(&r), paid(&r)), ((vec![2], vec![1]), vec![0, 2, 3]), "{}", transcript(&r));
    // Everyone declares high: the trio takes all.
    let r = declare("high", "high", "high");
    assert_eq!(paid(&r), vec![5, 0, 0], "{}", transcript(&r));
    // A second declaration, or one outside the show, is refused.
    let r = play(&three_way("set high_low declare\n", "5s 3h 2d", "A high\nB show\nA high\nA low\n"));
    assert!(refusal(&r, 9).contains("nothing to declare"), "{}", transcript(&r));
    assert!(refusal(&r, 12).contains("already declared"), "{}", transcript(&r));
    // While the players declare, nobody bets.
    let r = play(&three_way("set high_low declare\n", "5s 3h 2d", "B show\nC blind 1\n"));
    assert!(refusal(&r, 10).contains("declaring"), "{}", transcript(&r));
    assert_eq!(r.hand.phase(), Phase::Declaring);
}

/// A player whose time runs out declares high; a player who packs instead of declaring is out, and the show
/// waits only for the others.
#[test]
fn a_silent_player_declares_high_and_a_pack_leaves_the_show() {
    // The timer runs for the first undeclared from the dealer's left (A), then the next.
    let r = play(&three_way("set high_low declare\n", "5s 3h 2d", "B show\nB low\nA timeout\nC timeout\n"));
    assert!(r.rejected().is_empty(), "{:?}\n{}", r.rejected(), transcript(&r));
    assert_eq!((halves(&r), paid(&r)), ((vec![0], vec![1]), vec![3, 2, 0]), "{}", transcript(&r));
    // Timing out a player the timer is not running for is refused.
    let r = play(&three_way("set high_low declare\n", "5s 3h 2d", "B show\nC timeout\n"));
    assert!(refusal(&r, 10).contains("not your turn"), "{}", transcript(&r));
    let r = play(&three_way("set high_low declare\n", "5s 3h 2d", "B show\nA high\nB low\nC pack\n"));
    assert!(r.rejected().is_empty(), "{:?}\n{}", r.rejected(), transcript(&r));
    assert_eq!(paid(&r), vec![3, 2, 0], "{}", transcript(&r));
}

/// Nobody qualifies for the half they declared: the best high hand shown takes the pot.
#[test]
fn when_no_half_has_a_winner_the_best_high_hand_takes_the_pot() {
    let options = "set high_low declare\nset qualifier eight_or_better\n";
    let r = play(&three_way(options, "9d 4h 2d", "B show\nA low\nB low\nC low\n"));
    assert_eq!((halves(&r), paid(&r)), ((vec![0], vec![]), vec![5, 0, 0]), "{}", transcript(&r));
}

/// The text's rounds: a show may be asked for only after `rounds_before_show` rounds, and `max_rounds` makes a
/// compulsory show of every hand still in; a high-low table has no sideshows.
#[test]
fn agreed_rounds_a_compulsory_show_and_no_sideshows() {
    let base = "rules classic\nset high_low cards_speak\nset rounds_before_show 1\nset max_rounds 2\n\
                players A B C\ndealer C\ncards A Ah Ad Ac\ncards B 5s 3h 2d\ncards C 9s 9h 4c\n";
    let r = play(&format!("{base}A show\n"));
    assert!(refusal(&r, 10).contains("after 1 betting round"), "{}", transcript(&r));
    // Two rounds of blind bets: the compulsory show ends the hand.
    let r = play(&format!("{base}A blind 1\nB blind 1\nC blind 1\nA blind 1\nB blind 1\nC blind 1\n"));
    assert!(r.rejected().is_empty(), "{:?}\n{}", r.rejected(), transcript(&r));
    assert_eq!(r.hand.outcome().map(|o| o.ended_by), Some(EndedBy::RoundLimit), "{}", transcript(&r));
    assert!(r.events().iter().any(|e| matches!(e.kind, EventKind::RoundLimitReached { round: 2 })));
    assert_eq!(paid(&r), vec![5, 4, 0], "pot 9: the high half takes the odd chip\n{}", transcript(&r));
    // No sideshows, even with every player seen.
    let r = play(&format!("{base}A see\nA chaal 2\nB see\nB chaal 2\nC see\nC chaal 2\nA sideshow\n"));
    assert!(refusal(&r, 16).contains("no sideshows"), "{}", transcript(&r));
    // The compulsory show is an option of every game: at a classic table the best hand takes the pot.
    let r = play(
        "rules classic\nset max_rounds 1\nplayers A B C\ndealer C\ncards A Ah Ad Ac\ncards B 5s 3h 2d\n\
         cards C 9s 9h 4c\nA blind 1\nB blind 1\nC blind 1\n",
    );
    assert_eq!((r.hand.outcome().map(|o| o.ended_by), paid(&r)), (Some(EndedBy::RoundLimit), vec![6, 0, 0]));
    // By declaration, the compulsory show asks for declarations first.
    let r = play(
        "rules classic\nset high_low declare\nset max_rounds 1\nplayers A B\ndealer B\ncards A Ah Ad Ac\n\
         cards B 5s 3h 2d\nA blind 1\nB blind 1\nA high\nB low\n",
    );
    assert_eq!((r.hand.outcome().map(|o| o.ended_by), paid(&r)), (Some(EndedBy::RoundLimit), vec![2, 2]));
}

/// The options refuse what they cannot mean.
#[test]
fn the_options_refuse_combinations_that_mean_nothing() {
    let refused = |options: &str| {
        let mut rules = teenpatti::engine::Rules::default();
        rules.set_options(options).and_then(|_| rules.validate()).err().map(|e| e.to_string()).unwrap_or_default()
    };
    assert!(refused("qualifier=eight_or_better").contains("high_low"));
    assert!(refused("high_low=declare variant=muflis").contains("high_low"));
    assert!(refused("high_low=cards_speak variant=blackjack").contains("high_low"));
    assert!(refused("high_low=declare show_concede=true").contains("show_concede"));
    assert!(refused("max_rounds=2 rounds_before_show=3").contains("max_rounds"));
    assert_eq!(refused("high_low=declare qualifier=any_pair_no_pair max_rounds=6 rounds_before_show=3"), "");
    // Wild cards are ranked both ways: a joker game splits too.
    assert_eq!(refused("variant=joker high_low=cards_speak"), "");
}
