//! The variations of play (issue 14): face-up cards, community cards, draws, cobra, zandu and the dealer's pick,
//! each rule checked through a hand script (the same engine a table runs), and a made-up variation defined only
//! by its deal plan played through with no engine change.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use teenpatti::engine::cards::{parse_cards, seeded_deck_with, Card};
use teenpatti::engine::hand::{Audience, EventKind, Hand, HandSetup, Phase, RuleError};
use teenpatti::engine::rank::{evaluate, Category};
use teenpatti::engine::rules::{CommunityTurn, DrawMode, Rules, Variant};
use teenpatti::engine::script::{parse, Replay};
use teenpatti::engine::RandomAgent;
use teenpatti::words::transcript;

fn play(script: &str) -> Replay {
    parse(script).unwrap_or_else(|e| panic!("{e}\n{script}")).run().unwrap_or_else(|e| panic!("{e}\n{script}"))
}

fn cards(text: &str) -> Vec<Card> {
    parse_cards(text).unwrap()
}

/// The reason the script's line `line` was refused (panics if it was accepted).
fn refusal(r: &Replay, line: usize) -> String {
    r.rejected().into_iter().find(|x| x.line == line).map(|x| x.reason).unwrap_or_else(|| {
        panic!("line {line} was accepted:\n{}", transcript(r));
    })
}

fn no_refusals(r: &Replay) {
    assert!(r.rejected().is_empty(), "{:?}\n{}", r.rejected(), transcript(r));
}

/// Plays `setup` to its end with random legal actions, checking the books and the audiences on the way.
fn play_out(setup: &HandSetup, seed: u64) -> (Hand, Vec<teenpatti::engine::Event>) {
    let (mut hand, mut events) = Hand::start(setup).unwrap();
    let total: u64 = setup.stacks.iter().sum();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    for _ in 0..500 {
        let Some(seat) = hand.to_act() else { break };
        let action = RandomAgent::explorer().act(&hand, seat, &mut rng);
        events.extend(hand.apply(seat, action).unwrap());
        assert_eq!(hand.seats().iter().map(|s| s.stack).sum::<u64>() + hand.pot(), total);
    }
    assert!(hand.is_over(), "the hand did not end");
    let (again, replayed) = Hand::replay(setup, hand.actions()).unwrap();
    assert_eq!((&again, &replayed), (&hand, &events), "the replay differs");
    (hand, events)
}

/// The made-up variation of the issue, defined by its deal plan alone: two cards down, two up and one community
/// card each (a hand of five, the best three counting). Nothing in the engine names it; it deals, shows the right
/// cards to the right people, plays to the end and replays.
#[test]
fn a_made_up_variation_is_a_deal_plan_of_its_own() {
    let mut rules = Rules::default();
    rules.set_options("cards=2 up=2 community=1").unwrap();
    rules.validate().unwrap();
    let plan = rules.parts().unwrap().plan;
    assert_eq!((plan.down, plan.up, plan.community, plan.hand_cards()), (2, 2, 1, 5));
    for seed in 0..40u64 {
        let n = 2 + (seed as usize % 9);
        let setup = HandSetup {
            rules: rules.clone(),
            stacks: vec![500; n],
            dealer: seed as usize % n,
            deck: seeded_deck_with(seed, 0),
            kaana_dormant: false,
            posts: Vec::new(),
        };
        let (hand, events) = play_out(&setup, seed);
        let EventKind::Started { board, .. } = &events[0].kind else { panic!("{:?}", events[0]) };
        assert_eq!(board.community.len(), 1, "the community card is up from the deal");
        for (seat, s) in hand.seats().iter().enumerate() {
            assert_eq!((s.cards.len(), s.up.len()), (2, 2));
            assert_eq!(board.up[seat], s.up, "each player's up cards are on the board from the deal");
        }
        for e in &events {
            if let EventKind::Cards { seat, cards } = &e.kind {
                assert_eq!(e.audience, Audience::Seat(*seat));
                assert_eq!(cards.len(), 2, "a player's private cards are their down cards");
            }
            if let EventKind::Showdown { hands, .. } = &e.kind {
                for h in hands {
                    let mut five = h.cards.clone();
                    five.extend(&board.community);
                    assert_eq!(Some(h.value), evaluate(&five, &rules, None).ok(), "best three of five");
                }
            }
        }
    }
    // The same plan in a script: the cards given land where the plan says.
    let r = play(
        "set cards 2\nset up 2\nset community 1\nplayers A B\ncards A As Ad\nup A 2c 7h\ncards B Ks Kd\nup B 3c 4d\n\
         community Ah\nA see\nB see\nA chaal 2\nB show\n",
    );
    no_refusals(&r);
    assert_eq!(r.winners(), vec!["A"], "A's trio of aces (two down and the community ace)\n{}", transcript(&r));
    assert_eq!(r.hand.board().up[0], cards("2c 7h"));
}

/// Three-card stud: two down, one up for everyone from the deal; the hand is all three.
#[test]
fn three_card_stud_shows_one_card_and_plays_all_three() {
    let r = play("rules three_card_stud\nplayers A B\ncards A Qs Qd\nup A 2c\ncards B Ks 3d\nup B Kd\nA blind 1\nB see\nB chaal 2\nA see\nA show\n");
    no_refusals(&r);
    let EventKind::Started { board, .. } = &r.start_events[0].kind else { panic!() };
    assert_eq!(board.up, vec![cards("2c"), cards("Kd")]);
    assert_eq!(r.hand.seat(0).unwrap().cards, cards("Qs Qd"));
    // A is blind until looking at the down cards, although the up card is public.
    assert_eq!(r.winners(), vec!["B"], "pair of kings beats pair of queens\n{}", transcript(&r));
    let transcript = transcript(&r);
    assert!(transcript.contains("A shows Q♠ Q♦ 2♣") && transcript.contains("B shows K♠ K♦ 3♦"), "{transcript}");
}

/// Five-card stud: best three of five; with `exact_use` exactly one down card and two up cards.
#[test]
fn five_card_stud_best_of_five_or_exactly_one_down_two_up() {
    let deal =
        "players A B\ncards A As Ks\nup A Qs 2d 7c\ncards B 9h 9d\nup B 9c 4s 5h\nA see\nB see\nA chaal 2\nB show\n";
    let r = play(&format!("rules five_card_stud\n{deal}"));
    no_refusals(&r);
    // A's A-K-Q of spades (two down, one up) beats B's trio of nines? No: a trio beats a pure sequence.
    assert_eq!(r.hand.value_of(0).unwrap().category, Category::PureSequence);
    assert_eq!(r.hand.value_of(1).unwrap().category, Category::Trio);
    let r = play(&format!("rules five_card_stud\nset exact_use true\n{deal}"));
    no_refusals(&r);
    // One down card only: A's best is a high card (A, Q, 7 or so); B's is a pair of nines (one down, 9c up).
    assert_eq!(r.hand.value_of(0).unwrap().category, Category::HighCard);
    assert_eq!(r.hand.value_of(1).unwrap().category, Category::Pair);
    assert_eq!(r.winners(), vec!["B"]);
    let shown = transcript(&r);
    assert!(shown.contains("counted as"), "the show says which three count:\n{shown}");
    // exact_use needs public cards to choose from.
    let e = parse("rules three_card_stud\nset exact_use true\nplayers A B\n").unwrap_err().to_string();
    assert!(e.contains("exact_use"), "{e}");
}

/// Three-card community: two down each and one community card up at the deal, part of every hand.
#[test]
fn three_card_community_shares_the_third_card() {
    let r = play("rules three_card_community\nplayers A B\ncards A 8s 8d\ncards B As Kd\ncommunity 8c\nA see\nB see\nA chaal 2\nB show\n");
    no_refusals(&r);
    assert_eq!(r.hand.board().community, cards("8c"));
    assert_eq!(r.hand.value_of(0).unwrap().category, Category::Trio);
    assert_eq!(r.winners(), vec!["A"]);
}

/// Five-card community, turned one a round (`community_turn=rounds`): each betting round that ends turns a card;
/// shows wait for all three; a betting round ends when every player still in has had a turn since it began.
#[test]
fn five_card_community_turned_one_a_round() {
    let head = "rules five_card_community\nset community_turn rounds\nplayers A B C\ncards A As Ad\ncards B Ks Kd\n\
                cards C 2s 3d\ncommunity Ah 7c 9d\n";
    let r = play(&format!(
        "{head}A blind 1\nB blind 1\nC blind 1\nA blind 1\nB pack\nC blind 1\nA blind 1\nC blind 1\nC show\nA show\n"
    ));
    let turned: Vec<(u32, Option<Card>)> = r
        .events()
        .iter()
        .filter_map(|e| match &e.kind {
            EventKind::RoundEnded { round } => Some((*round, None)),
            EventKind::CommunityTurned { card, .. } => Some((0, Some(*card))),
            _ => None,
        })
        .collect();
    // Round 1: A, B, C; round 2: A, B packs (its turn), C; round 3: A, C.
    let ah = Some(cards("Ah")[0]);
    let c7 = Some(cards("7c")[0]);
    let d9 = Some(cards("9d")[0]);
    assert_eq!(turned, vec![(1, None), (0, ah), (2, None), (0, c7), (3, None), (0, d9)], "{}", transcript(&r));
    // Round 3 over, it is A's turn: C's show is refused (line 16), A's accepted.
    assert!(refusal(&r, 16).contains("not your turn"), "{}", transcript(&r));
    assert_eq!(r.rejected().len(), 1, "{}", transcript(&r));
    assert_eq!(r.ended_by(), "show", "{}", transcript(&r));
    assert_eq!(r.winners(), vec!["A"], "A's trio of aces with the community ace");
    // Two players, round 1: the show waits for the board.
    let r = play("rules five_card_community\nset community_turn rounds\nplayers A B\nA blind 1\nB show\n");
    assert!(refusal(&r, 5).contains("after 3 betting rounds"), "{}", transcript(&r));
    // Before the board is out, a pot-limit showdown turns every card up first.
    let r = play(&format!("{head}set pot_limit 5\nA blind 1\nB blind 1\n"));
    assert_eq!(r.ended_by(), "pot_limit", "{}", transcript(&r));
    assert_eq!(r.hand.board().community, cards("Ah 7c 9d"));
}

/// Draw before the betting: each player in turn from the dealer's left changes cards (paying the boot a card)
/// or stands pat; nobody bets until all have; a blind player who draws has looked; new cards come from the pack.
#[test]
fn draw_before_the_betting() {
    let r = play(
        "rules draw\nboot 2\nplayers A B C\ncards A As Ks 2d\ncards B Qh Qd 4c\nstock Qs 5h\n\
         A blind 2\nA draw 2d\nA draw none\nB draw none\nC timeout\nA chaal 4\n",
    );
    // Line 7: A may not bet during the draw; line 9: A has drawn already (it is B's turn).
    assert!(refusal(&r, 7).contains("drawing"), "{}", transcript(&r));
    assert!(refusal(&r, 9).contains("not your turn"), "{}", transcript(&r));
    let a = r.hand.seat(0).unwrap();
    assert_eq!(a.cards, cards("As Ks Qs"), "2d replaced by the next card of the pack");
    assert!(a.seen, "drawing means looking");
    assert_eq!(a.put_in, 2 + 2 + 4, "boot, one new card at the boot's price, a chaal");
    let b = r.hand.seat(1).unwrap();
    assert!(!b.seen && b.cards == cards("Qh Qd 4c"), "standing pat is not looking");
    // C's timeout in the draw changes nothing and packs nobody.
    assert!(!r.hand.seat(2).unwrap().packed);
    assert_eq!(r.hand.phase(), Phase::Betting);
    // The new cards reach only the player who drew.
    for e in r.events() {
        if let EventKind::Cards { seat, cards: c } = &e.kind {
            assert_eq!((e.audience, *seat), (Audience::Seat(0), 0));
            assert_eq!(c, &cards("As Ks Qs"));
        }
        if let EventKind::Drew { count, .. } = &e.kind {
            assert!(e.audience.is_public() && *count <= 1);
        }
    }
    // A price of its own; a draw larger than one's stack is refused.
    let r = play("rules draw\nset draw_price 10\nplayers A B\nstack A 15\nA draw 1 2\nA draw 1\n");
    assert!(refusal(&r, 5).contains("cost 20; you have 14"), "{}", transcript(&r));
    assert_eq!(r.hand.seat(0).unwrap().put_in, 11);
}

/// Draw after the first betting round, and the other version: one card in each of the first three rounds.
#[test]
fn draw_after_the_first_round_and_one_card_a_round() {
    let r = play(
        "rules draw\nset draw after\nplayers A B\ncards A 2s 3s 9h\nstock 4s\nA draw 3\nA blind 1\nB blind 1\n\
         A draw 3\nB draw none\nA chaal 2\n",
    );
    assert!(refusal(&r, 6).contains("no draw now"), "{}", transcript(&r));
    no_refusals(&Replay { steps: r.steps[1..].to_vec(), ..r.clone() });
    assert_eq!(r.hand.seat(0).unwrap().cards, cards("2s 3s 4s"));
    assert_eq!(r.hand.round(), 2);

    let r = play(
        "rules draw\nset draw rounds\nplayers A B\ncards A 2s 3s 9h\nstock 4s 5d Kc\nA draw 1 3\nA draw 3\nA draw 1\n\
         A chaal 2\nB draw 1\nB chaal 2\nA draw 3\nA chaal 2\nB chaal 2\n",
    );
    assert!(refusal(&r, 6).contains("from 1 to 1"), "one card at a time:\n{}", transcript(&r));
    assert_eq!(r.rejected().len(), 2, "{}", transcript(&r));
    assert!(refusal(&r, 8).contains("already changed a card"), "{}", transcript(&r));
    // A changed 9h for 4s in round 1 and 4s for Kc in round 2 (B's 5d came between).
    assert_eq!(r.hand.seat(0).unwrap().cards, cards("2s 3s Kc"));
    assert!(r.hand.seat(0).unwrap().seen);
}

/// A payment for new cards is not a bet (README, End of the hand: the showdown comes "when a bet (or a sideshow
/// bet) makes the pot reach `pot_limit`"). A draw that takes the pot to the limit used to end the hand at once
/// (the next player never drew; under `draw=rounds` the drawer could not bet); now the limit is checked at the
/// next bet, under every draw mode.
#[test]
fn a_draw_payment_reaching_the_pot_limit_is_not_a_bet() {
    // before: boots 3 (pot 3), A changes two cards at 1 each: the pot is 5, the limit.
    let r = play("rules draw\nboot 1\nset pot_limit 5\nplayers A B C\nA draw 1 2\nB draw none\nC draw 1\n");
    no_refusals(&r);
    assert!(!r.hand.is_over(), "the drawing went on:\n{}", transcript(&r));
    assert_eq!((r.hand.phase(), r.hand.pot()), (Phase::Betting, 6));
    let r =
        play("rules draw\nboot 1\nset pot_limit 5\nplayers A B C\nA draw 1 2\nB draw none\nC draw none\nA chaal 2\n");
    no_refusals(&r);
    assert_eq!(r.ended_by(), "pot_limit", "the first bet after it shows the hands down:\n{}", transcript(&r));
    // after: the first round's bets, then the draws; one reaching the limit does not end the drawing.
    let r = play(
        "rules draw\nset draw after\nboot 1\nset pot_limit 7\nplayers A B\nA blind 1\nB blind 1\nA draw 1 2 3\nB draw 1\n",
    );
    no_refusals(&r);
    assert!(!r.hand.is_over() && r.hand.phase() == Phase::Betting, "{}", transcript(&r));
    // rounds: the drawer still bets, and that bet shows the hands down.
    let r = play("rules draw\nset draw rounds\nboot 1\nset pot_limit 3\nplayers A B\nA draw 1\n");
    no_refusals(&r);
    assert!(!r.hand.is_over(), "{}", transcript(&r));
    assert_eq!(r.hand.to_act(), Some(0), "A, who drew, bets now");
    let r = play("rules draw\nset draw rounds\nboot 1\nset pot_limit 3\nplayers A B\nA draw 1\nA chaal 2\n");
    no_refusals(&r);
    assert_eq!(r.ended_by(), "pot_limit", "{}", transcript(&r));
    // A hand dealt before revision 1 (stored without one) replays as it was played: the draw showed it down.
    let r = play("rules draw\nboot 1\nset pot_limit 5\nrevision 0\nplayers A B C\nA draw 1 2\n");
    assert_eq!(r.ended_by(), "pot_limit", "{}", transcript(&r));
}

/// Cobra: one card each on the forehead. Each player is told every other player's card and never their own;
/// nobody may see; everyone bets blind stakes; no sideshow; the higher card wins, equal ranks by suit.
#[test]
fn cobra_shows_everyone_else_s_card() {
    let r = play(
        "rules cobra\nplayers A B C\ncards A Qs\ncards B Qh\ncards C 3c\nA see\nA blind 1\nB blind 2\nC pack\nA show\n",
    );
    assert!(refusal(&r, 6).contains("ever sees their own card"), "{}", transcript(&r));
    let sees: Vec<_> = r
        .start_events
        .iter()
        .filter_map(|e| match &e.kind {
            EventKind::Sees { seat, hands } => Some((e.audience, *seat, hands.clone())),
            _ => None,
        })
        .collect();
    assert_eq!(sees.len(), 3);
    for (audience, seat, hands) in &sees {
        assert_eq!(*audience, Audience::Seat(*seat));
        assert!(hands.iter().all(|(s, _)| s != seat), "nobody is told their own card");
        assert_eq!(hands.len(), 2);
    }
    // Equal queens: spades beat hearts (A wins although A paid for the show).
    assert_eq!(r.winners(), vec!["A"], "{}", transcript(&r));
    assert_eq!(r.hand.value_of(0).unwrap().describe(), "Q high");
    let e = parse("rules cobra\nset blind_turn_limit 2\nplayers A B\n").unwrap_err().to_string();
    assert!(e.contains("cobra"), "{e}");
}

/// Zandu: three community jokers face down, one turned up after each of the first three rounds; the first
/// round is blind; show and sideshow wait for all three; every card of a turned-up rank is wild.
#[test]
fn zandu_turns_its_jokers_one_a_round() {
    let r = play(
        "rules zandu\nplayers A B\ncards A 7s 7d 2c\ncards B Ah Kh 4d\ncommunity 2h 9c 5s\nA see\nA blind 1\n\
         B blind 1\nA see\nA chaal 2\nB see\nB show\nB chaal 4\nA chaal 4\nB chaal 4\nA chaal 4\nB show\n",
    );
    assert!(refusal(&r, 6).contains("played blind"), "{}", transcript(&r));
    assert!(refusal(&r, 12).contains("after 3 betting rounds"), "{}", transcript(&r));
    assert_eq!(r.hand.board().community, cards("2h 9c 5s"));
    // A's 2 is wild (2h turned up): 7-7-2 is a trio of sevens.
    let shown = r.hand.value_of(0).unwrap();
    assert_eq!(shown.category, Category::Trio, "{}", transcript(&r));
    assert_eq!(r.winners(), vec!["A"], "{}", transcript(&r));
}

/// Dealer's choice: a hand is dealt under the dealer's pick (a variant and its options for this hand); the pick
/// is refused where it does not combine, and a dealers_choice table's hand needs one.
#[test]
fn the_dealer_picks_the_hand_s_variant() {
    let r = play("rules dealers_choice\nplayers A B\npick three_card_stud\nA see\nB see\nA chaal 2\nB show\n");
    no_refusals(&r);
    assert_eq!(r.hand.rules().variant, Variant::ThreeCardStud);
    assert!(r.hand.seats().iter().all(|s| s.up.len() == 1));
    let r = play("rules dealers_choice\nplayers A B\npick draw draw=after draw_price=3\nA blind 1\nB blind 1\n");
    assert_eq!(r.hand.plan().draw, DrawMode::After);
    assert_eq!(r.hand.phase(), Phase::Drawing);
    let e = parse("rules dealers_choice\nplayers A B\nA blind 1\n").unwrap_err().to_string();
    assert!(e.contains("pick"), "{e}");
    let e =
        parse("rules dealers_choice\nset show_tie split\npick cobra blind_turn_limit=1\nplayers A B\n").unwrap_err();
    assert!(e.to_string().contains("cobra"), "{e}");
    let table = Rules::preset("dealers_choice").unwrap();
    assert_eq!(table.pickable().len(), Variant::ALL.len() - 1);
    assert!(table.pick(Variant::DealersChoice, "").is_err());
    assert!(Rules::default().pick(Variant::Cobra, "").is_err(), "only a dealers_choice table picks");
    // The stakes are the table's: a pick may not change them.
    for stake in ["boot=500", "chaal_limit=64", "pot_limit=1000"] {
        let e = table.pick(Variant::Classic, stake).unwrap_err().to_string();
        assert!(e.contains("stake"), "{stake}: {e}");
    }
    assert!(table.pick(Variant::Classic, "boot=1 show_tie=split").is_ok(), "the table's own boot is no change");
    // Dealt directly, a dealers_choice hand is refused: its dealer picks first.
    let setup = HandSetup {
        rules: table,
        stacks: vec![9, 9],
        dealer: 0,
        deck: seeded_deck_with(1, 0),
        kaana_dormant: false,
        posts: Vec::new(),
    };
    assert!(matches!(Hand::start(&setup), Err(RuleError::Rules(_))));
}

/// Options that do not combine are named.
#[test]
fn plan_options_that_do_not_combine_are_named() {
    for (options, needle) in [
        ("cards=1", "a hand is 3 to 5 cards"),
        ("cards=2 up=3 community=3", "a hand is 3 to 5 cards"),
        ("variant=cobra up=1", "its deal is its own"),
        ("community_turn=rounds", "needs community cards"),
        ("variant=five_card_community community_turn=rounds rounds_before_show=1", "at least 3"),
        ("draw_price=5", "draw=before"),
        ("variant=zandu draw=rounds", "blind_rounds"),
        ("variant=cobra jokers=2", "cobra"),
        ("dealer_default=muflis", "dealers_choice"),
    ] {
        let mut r = Rules::default();
        r.set_options(options).unwrap();
        let e = r.validate().unwrap_err().to_string();
        assert!(e.contains(needle), "{options}: {e}");
    }
    let mut r = Rules::preset("five_card_community").unwrap();
    r.set_options("community_turn=rounds").unwrap();
    assert_eq!(r.parts().unwrap().plan.rounds_before_show, 3);
    assert_eq!(r.parts().unwrap().plan.community_turn, CommunityTurn::Rounds);
}
