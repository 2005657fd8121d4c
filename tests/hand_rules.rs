//! Every rule of the hand state machine, one test each. Defaults follow the
//! classic rules (seed text 000); stake examples from seed text 002.

use teenpatti::engine::cards::{full_deck, parse_cards, Card};
use teenpatti::engine::hand::{Action, Audience, EndedBy, Event, EventKind, Hand, HandSetup, PackReason, RuleError};
use teenpatti::engine::rules::{Rules, ShowCost, ShowTie, MAX_AMOUNT};

use Action::*;

/// A setup whose deck deals `hands[seat]` to each seat that has one ("" = any).
fn setup(rules: Rules, stacks: &[u64], dealer: usize, hands: &[&str]) -> HandSetup {
    let n = stacks.len();
    let fixed: Vec<Vec<Card>> = (0..n).map(|s| parse_cards(hands.get(s).copied().unwrap_or("")).unwrap()).collect();
    let mut rest = full_deck().into_iter().filter(|c| !fixed.iter().flatten().any(|f| f == c));
    let mut deck = Vec::new();
    for round in 0..3 {
        for i in 1..=n {
            let seat = (dealer + i) % n;
            match fixed[seat].get(round) {
                Some(c) => deck.push(*c),
                None => deck.push(rest.next().unwrap()),
            }
        }
    }
    deck.extend(rest);
    HandSetup { rules, stacks: stacks.to_vec(), dealer, deck, kaana_dormant: false, posts: Vec::new() }
}

fn start(rules: Rules, stacks: &[u64], dealer: usize, hands: &[&str]) -> Hand {
    Hand::start(&setup(rules, stacks, dealer, hands)).unwrap().0
}

/// `n` seats of 1000 chips, the last one deals, classic rules.
fn table(n: usize) -> Hand {
    start(Rules::default(), &vec![1000; n], n - 1, &[])
}

fn with(f: impl FnOnce(&mut Rules)) -> Rules {
    let mut r = Rules::default();
    f(&mut r);
    r
}

fn ok(h: &mut Hand, seat: usize, a: Action) -> Vec<Event> {
    h.apply(seat, a).unwrap_or_else(|e| panic!("seat {seat} {a:?}: {e}"))
}

/// Asserts the action is refused and nothing changed.
fn no(h: &mut Hand, seat: usize, a: Action) -> RuleError {
    let before = h.clone();
    let e = h.apply(seat, a).expect_err("should be refused");
    assert_eq!(*h, before, "a refused action changed the hand");
    e
}

fn range(h: &Hand, seat: usize) -> (u64, u64) {
    let b = h.legal_actions(seat).bet.unwrap();
    (b.min, b.max)
}

fn all_see(h: &mut Hand) {
    for s in 0..h.seats().len() {
        if !h.seats()[s].packed && !h.seats()[s].seen {
            ok(h, s, See);
        }
    }
}

fn ended(events: &[Event]) -> (EndedBy, Vec<(usize, u64)>) {
    events
        .iter()
        .find_map(|e| match &e.kind {
            EventKind::Ended { ended_by, payouts, .. } => {
                Some((*ended_by, payouts.iter().map(|p| (p.seat, p.amount)).collect()))
            }
            _ => None,
        })
        .expect("the hand ended")
}

// ---- setup and deal ----

#[test]
fn boot_is_paid_by_every_seat_and_starts_the_stake() {
    let (h, events) = Hand::start(&setup(with(|r| r.boot = 5), &[100, 50, 20], 2, &[])).unwrap();
    assert_eq!(h.pot(), 15);
    assert_eq!(h.stake(), 5);
    assert_eq!(h.seats().iter().map(|s| s.stack).collect::<Vec<_>>(), vec![95, 45, 15]);
    assert!(matches!(events[0].kind, EventKind::Started { dealer: 2, boot: 5, pot: 15, seats: 3, .. }));
    assert_eq!(events[1].kind, EventKind::Turn { seat: 0, stake: 5 });
    assert_eq!(h.nets(), vec![-5, -5, -5]);
}

#[test]
fn cards_are_dealt_one_at_a_time_starting_left_of_the_dealer() {
    let deck = full_deck();
    let h = Hand::start(&HandSetup {
        rules: Rules::default(),
        stacks: vec![10; 4],
        dealer: 1,
        deck: deck.clone(),
        kaana_dormant: false,
        posts: Vec::new(),
    })
    .unwrap()
    .0;
    // Seat 2 is left of dealer 1: it gets deck[0], deck[4], deck[8].
    for (k, seat) in [2, 3, 0, 1].into_iter().enumerate() {
        assert_eq!(h.seats()[seat].cards, vec![deck[k], deck[k + 4], deck[k + 8]], "seat {seat}");
    }
    assert_eq!(h.turn(), Some(2));
}

#[test]
fn bad_setups_are_refused() {
    let d = full_deck();
    let mk = |stacks: Vec<u64>, dealer: usize, deck: Vec<Card>, boot: u64| {
        Hand::start(&HandSetup {
            rules: with(|r| r.boot = boot),
            stacks,
            dealer,
            deck,
            kaana_dormant: false,
            posts: Vec::new(),
        })
        .unwrap_err()
    };
    assert_eq!(mk(vec![10], 0, d.clone(), 1), RuleError::SeatCount);
    assert_eq!(mk(vec![10; 11], 0, d.clone(), 1), RuleError::SeatCount);
    assert_eq!(mk(vec![10; 3], 3, d.clone(), 1), RuleError::BadDealer);
    assert_eq!(mk(vec![10; 3], 0, d[..8].to_vec(), 1), RuleError::BadDeck);
    let mut dup = d.clone();
    dup[1] = dup[0];
    assert_eq!(mk(vec![10; 3], 0, dup, 1), RuleError::BadDeck);
    assert_eq!(mk(vec![10, 4, 10], 0, d.clone(), 5), RuleError::CannotPayBoot(5));
    assert_eq!(mk(vec![10, MAX_AMOUNT + 1], 0, d.clone(), 1), RuleError::StackTooLarge);
    // Exactly enough cards is fine; ten seats work.
    assert!(Hand::start(&HandSetup {
        rules: Rules::default(),
        stacks: vec![10; 3],
        dealer: 0,
        deck: d[..9].to_vec(),
        kaana_dormant: false,
        posts: Vec::new()
    })
    .is_ok());
    assert!(Hand::start(&HandSetup {
        rules: Rules::default(),
        stacks: vec![10; 10],
        dealer: 9,
        deck: d,
        kaana_dormant: false,
        posts: Vec::new()
    })
    .is_ok());
}

// ---- stake arithmetic ----

#[test]
fn blind_bet_is_stake_to_twice_stake_and_becomes_the_stake() {
    let mut h = table(3);
    assert_eq!(range(&h, 0), (1, 2));
    assert!(h.legal_actions(0).bet.unwrap().blind);
    assert_eq!(no(&mut h, 0, Bet(0)), RuleError::BetOutOfRange { min: 1, max: 2 });
    assert_eq!(no(&mut h, 0, Bet(3)), RuleError::BetOutOfRange { min: 1, max: 2 });
    ok(&mut h, 0, Bet(2));
    assert_eq!(h.stake(), 2);
    assert_eq!(range(&h, 1), (2, 4));
    ok(&mut h, 1, Bet(3)); // blind bets may be odd
    assert_eq!(h.stake(), 3);
    assert_eq!(range(&h, 2), (3, 6));
}

#[test]
fn seen_bet_is_twice_to_four_times_stake_and_half_becomes_the_stake() {
    let mut h = table(3);
    ok(&mut h, 0, See);
    let b = h.legal_actions(0).bet.unwrap();
    assert_eq!((b.min, b.max, b.step, b.blind), (2, 4, 2, false));
    assert_eq!(no(&mut h, 0, Bet(1)), RuleError::BetOutOfRange { min: 2, max: 4 });
    assert_eq!(no(&mut h, 0, Bet(6)), RuleError::BetOutOfRange { min: 2, max: 4 });
    ok(&mut h, 0, Bet(4));
    assert_eq!(h.stake(), 2);
}

#[test]
fn odd_seen_bet_is_refused() {
    let mut h = start(Rules::default(), &[1000; 3], 2, &[]);
    ok(&mut h, 0, Bet(2)); // blind: stake 2
    ok(&mut h, 1, See);
    assert_eq!(range(&h, 1), (4, 8));
    assert_eq!(no(&mut h, 1, Bet(5)), RuleError::OddBet);
    assert_eq!(no(&mut h, 1, Bet(7)), RuleError::OddBet);
    ok(&mut h, 1, Bet(6));
    assert_eq!(h.stake(), 3);
}

/// Seed text 002: "Player 1 must bet at least the value of one stake [seen: 2x] ...
/// Assuming Player 1 wagers two stakes, then Player 2 must then bet either two
/// stakes, or four stakes. If Player 2 bets four stakes, then Player 3 must
/// wager either four stakes, or eight stakes."
#[test]
fn stake_examples_of_seed_002() {
    let mut h = table(4);
    all_see(&mut h);
    assert_eq!(range(&h, 0), (2, 4));
    ok(&mut h, 0, Bet(2));
    assert_eq!(h.stake(), 1);
    assert_eq!(range(&h, 1), (2, 4));
    ok(&mut h, 1, Bet(4));
    assert_eq!(h.stake(), 2);
    assert_eq!(range(&h, 2), (4, 8));
    // Folding does not change the stake for the next player.
    ok(&mut h, 2, Pack);
    assert_eq!(h.stake(), 2);
    assert_eq!(range(&h, 3), (4, 8));
    // Blind players: the stake for the next player is the blind wager.
    let mut h = table(3);
    ok(&mut h, 0, Bet(2));
    assert_eq!(h.stake(), 2);
    assert_eq!(range(&h, 1), (2, 4));
}

/// Seed text 000's worked example: A, B, C, D; D deals; pot 18 at the show.
#[test]
fn worked_example_of_seed_000() {
    let mut h = start(Rules::default(), &[100; 4], 3, &["Kc Kd 5s", "", "", "Ah Kh 9h"]);
    ok(&mut h, 0, Bet(1));
    ok(&mut h, 1, See);
    ok(&mut h, 1, Pack);
    ok(&mut h, 2, Bet(1));
    ok(&mut h, 3, See);
    ok(&mut h, 3, Bet(2));
    assert_eq!(h.stake(), 1);
    ok(&mut h, 0, Bet(2));
    assert_eq!(h.stake(), 2);
    ok(&mut h, 2, See);
    ok(&mut h, 2, Pack);
    assert_eq!(range(&h, 3), (4, 8));
    ok(&mut h, 3, Bet(4));
    ok(&mut h, 0, See);
    assert_eq!(h.legal_actions(0).show, Some(4));
    let ev = ok(&mut h, 0, Show);
    assert_eq!(ended(&ev), (EndedBy::Show, vec![(3, 18)]));
    assert_eq!(h.nets(), vec![-8, -1, -2, 11]);
}

// ---- see and pack ----

#[test]
fn see_is_allowed_at_any_time_and_shows_only_your_cards() {
    let mut h = start(Rules::default(), &[100; 3], 2, &["", "As Ks Qs", ""]);
    assert!(h.legal_actions(1).see);
    let ev = ok(&mut h, 1, See); // not seat 1's turn
    assert_eq!(ev[0], Event { audience: Audience::All, kind: EventKind::Saw { seat: 1 } });
    assert_eq!(ev[1].audience, Audience::Seat(1));
    assert_eq!(ev[1].kind, EventKind::Cards { seat: 1, cards: parse_cards("As Ks Qs").unwrap() });
    assert_eq!(h.turn(), Some(0));
    assert_eq!(no(&mut h, 1, See), RuleError::AlreadySeen);
    assert!(!h.legal_actions(1).see);
}

#[test]
fn see_on_turn_only_option() {
    let mut h = start(with(|r| r.see_on_turn_only = true), &[100; 3], 2, &[]);
    assert!(!h.legal_actions(1).see);
    assert_eq!(no(&mut h, 1, See), RuleError::SeeOnlyOnTurn);
    assert!(h.legal_actions(0).see);
    ok(&mut h, 0, See);
    ok(&mut h, 0, Bet(2));
    ok(&mut h, 1, See);
}

#[test]
fn pack_out_of_turn_keeps_the_turn() {
    let mut h = table(4);
    let ev = ok(&mut h, 2, Pack);
    assert_eq!(
        ev,
        vec![Event { audience: Audience::All, kind: EventKind::Packed { seat: 2, reason: PackReason::Folded } }]
    );
    assert_eq!(h.turn(), Some(0));
    assert_eq!(no(&mut h, 2, Pack), RuleError::Packed);
    assert_eq!(no(&mut h, 2, See), RuleError::Packed);
    assert!(!h.legal_actions(2).any());
}

#[test]
fn turn_order_goes_left_and_skips_packed_seats() {
    let mut h = table(5); // dealer 4
    ok(&mut h, 2, Pack);
    ok(&mut h, 4, Pack);
    ok(&mut h, 0, Bet(1));
    assert_eq!(h.turn(), Some(1));
    ok(&mut h, 1, Bet(1));
    assert_eq!(h.turn(), Some(3));
    let ev = ok(&mut h, 3, Bet(1));
    assert_eq!(ev.last().unwrap().kind, EventKind::Turn { seat: 0, stake: 1 });
    assert_eq!(no(&mut h, 1, Bet(1)), RuleError::NotYourTurn);
    // Packing on your turn passes it on.
    ok(&mut h, 0, Pack);
    assert_eq!(h.turn(), Some(1));
}

#[test]
fn last_player_standing_wins_the_pot() {
    let mut h = table(3);
    ok(&mut h, 0, Bet(2));
    ok(&mut h, 1, Pack);
    let ev = ok(&mut h, 2, Pack);
    assert_eq!(ended(&ev), (EndedBy::LastStanding, vec![(0, 5)]));
    assert_eq!(h.nets(), vec![2, -1, -1]);
    assert_eq!(h.pot(), 0);
    assert_eq!(h.turn(), None);
    assert_eq!(no(&mut h, 0, Bet(2)), RuleError::HandOver);
    assert!(!h.legal_actions(0).any());
}

// ---- show ----

#[test]
fn show_needs_exactly_two_players() {
    let mut h = table(3);
    assert_eq!(h.legal_actions(0).show, None);
    assert_eq!(no(&mut h, 0, Show), RuleError::ShowNeedsTwo);
    ok(&mut h, 1, Pack);
    assert_eq!(h.legal_actions(0).show, Some(1));
    assert_eq!(no(&mut h, 2, Show), RuleError::NotYourTurn);
}

#[test]
fn blind_show_costs_the_stake_whatever_the_other_is() {
    for other_seen in [false, true] {
        let mut h = table(2); // dealer 1: seat 0 acts first
        if other_seen {
            ok(&mut h, 0, See);
            ok(&mut h, 0, Bet(4)); // stake 2
        } else {
            ok(&mut h, 0, Bet(2)); // stake 2
        }
        assert_eq!(h.legal_actions(1).show, Some(2), "other seen: {other_seen}");
        let ev = ok(&mut h, 1, Show);
        assert!(ev.iter().any(|e| matches!(e.kind, EventKind::ShowCalled { seat: 1, against: 0, cost: 2, .. })));
    }
}

#[test]
fn seen_player_cannot_show_a_blind_one_unless_the_option_allows_it_for_4x() {
    let mut h = table(2);
    ok(&mut h, 0, See);
    assert_eq!(h.legal_actions(0).show, None);
    assert_eq!(no(&mut h, 0, Show), RuleError::SeenCannotShowBlind);
    let mut h = start(with(|r| r.seen_can_show_blind = true), &[100; 2], 1, &[]);
    ok(&mut h, 0, See);
    assert_eq!(h.legal_actions(0).show, Some(4));
    let ev = ok(&mut h, 0, Show);
    assert!(ev.iter().any(|e| matches!(e.kind, EventKind::ShowCalled { cost: 4, .. })));
}

#[test]
fn both_seen_show_costs_twice_the_stake() {
    let mut h = table(2);
    ok(&mut h, 0, See);
    ok(&mut h, 1, See);
    ok(&mut h, 0, Bet(4)); // stake 2
    assert_eq!(h.legal_actions(1).show, Some(4));
    ok(&mut h, 1, Show);
    assert_eq!(h.outcome().unwrap().pot, 2 + 4 + 4);
}

#[test]
fn show_cost_double_doubles_every_show() {
    let r = with(|r| r.show_cost = ShowCost::Double);
    let mut h = start(r.clone(), &[100; 2], 1, &[]);
    assert_eq!(h.legal_actions(0).show, Some(2)); // blind: 2 x stake
    ok(&mut h, 0, See);
    ok(&mut h, 1, See);
    assert_eq!(h.legal_actions(0).show, Some(4)); // seen: 4 x stake
    let mut h = start(
        with(|r| {
            r.show_cost = ShowCost::Double;
            r.seen_can_show_blind = true
        }),
        &[100; 2],
        1,
        &[],
    );
    ok(&mut h, 0, See);
    assert_eq!(h.legal_actions(0).show, Some(8));
}

#[test]
fn show_higher_hand_wins_whoever_paid() {
    let mut h = start(Rules::default(), &[100; 2], 1, &["2c 3d 7h", "Qs Qh 4c"]);
    let ev = ok(&mut h, 0, Show);
    assert_eq!(ended(&ev), (EndedBy::Show, vec![(1, 3)]));
    let show = ev.iter().find(|e| matches!(e.kind, EventKind::Showdown { .. })).unwrap();
    assert_eq!(show.audience, Audience::All);
}

const TIE: [&str; 3] = ["Kc Kd 5s", "", "Kh Ks 5c"];

/// Three seats, dealer 2; seat 1 packs and seat 0 bets 1 blind: seat 2 shows for 1, pot 5.
fn tie_show(show_tie: ShowTie) -> Vec<Event> {
    let mut h = start(with(|r| r.show_tie = show_tie), &[100; 3], 2, &TIE);
    ok(&mut h, 0, Bet(1));
    ok(&mut h, 1, Pack);
    ok(&mut h, 2, Show)
}

#[test]
fn show_tie_payer_loses_by_default() {
    assert_eq!(ended(&tie_show(ShowTie::PayerLoses)), (EndedBy::Show, vec![(0, 5)]));
}

#[test]
fn show_tie_split_gives_the_odd_chip_left_of_the_dealer() {
    // Seat 0 is left of dealer 2: it gets the odd chip even though seat 2 paid.
    assert_eq!(ended(&tie_show(ShowTie::Split)), (EndedBy::Show, vec![(0, 3), (2, 2)]));
}

#[test]
fn show_tie_suit_order_lets_the_suits_decide() {
    // Seat 2 holds the king of spades: under shdc it wins though it paid.
    assert_eq!(ended(&tie_show(ShowTie::SuitOrder)), (EndedBy::Show, vec![(2, 5)]));
}

// ---- sideshow ----

/// Four seats, dealer 3, everyone seen; seats 0 and 1 have bet 2; seat 2 to act.
fn sideshow_table(hands: &[&str]) -> Hand {
    let mut h = start(Rules::default(), &[100; 4], 3, hands);
    all_see(&mut h);
    ok(&mut h, 0, Bet(2));
    ok(&mut h, 1, Bet(2));
    h
}

#[test]
fn sideshow_asks_the_previous_player_and_bets_the_seen_minimum() {
    let mut h = sideshow_table(&[]);
    assert_eq!(h.legal_actions(2).sideshow, Some((2, 1)));
    let pot = h.pot();
    let ev = ok(&mut h, 2, Sideshow);
    assert_eq!(ev[0].kind, EventKind::SideshowAsked { seat: 2, target: 1, amount: 2, stake: 1, pot: pot + 2 });
    assert_eq!(h.pending_sideshow(), Some((2, 1)));
    assert_eq!(h.to_act(), Some(1));
    assert!(h.legal_actions(1).respond);
    assert!(h.legal_actions(1).bet.is_none());
    // Nobody bets while the answer is awaited.
    assert_eq!(no(&mut h, 2, Bet(2)), RuleError::SideshowPending);
    assert_eq!(no(&mut h, 3, Bet(2)), RuleError::SideshowPending);
    assert_eq!(no(&mut h, 0, Accept), RuleError::NoSideshowToAnswer);
    assert_eq!(no(&mut h, 2, Accept), RuleError::NoSideshowToAnswer);
}

#[test]
fn sideshow_target_skips_packed_players() {
    let mut h = table(5); // dealer 4
    all_see(&mut h);
    ok(&mut h, 0, Bet(2));
    ok(&mut h, 1, Bet(2));
    ok(&mut h, 1, Pack);
    assert_eq!(h.legal_actions(2).sideshow, Some((2, 0)));
}

#[test]
fn sideshow_needs_every_remaining_player_seen() {
    let mut h = table(4);
    ok(&mut h, 0, See);
    ok(&mut h, 0, Bet(2));
    ok(&mut h, 1, See);
    ok(&mut h, 1, Bet(2));
    ok(&mut h, 2, See);
    assert_eq!(h.legal_actions(2).sideshow, None);
    assert_eq!(no(&mut h, 2, Sideshow), RuleError::SideshowNeedsAllSeen);
    // A blind player who packed does not count.
    ok(&mut h, 3, Pack);
    assert_eq!(h.legal_actions(2).sideshow, Some((2, 1)));
    // A blind asker is refused too.
    let mut h = table(4);
    ok(&mut h, 0, Bet(1));
    assert_eq!(no(&mut h, 1, Sideshow), RuleError::SideshowNeedsAllSeen);
}

#[test]
fn sideshow_needs_three_players() {
    let mut h = table(3);
    all_see(&mut h);
    ok(&mut h, 0, Bet(2));
    ok(&mut h, 2, Pack);
    assert_eq!(no(&mut h, 1, Sideshow), RuleError::SideshowNeedsThree);
}

#[test]
fn sideshow_needs_a_target_that_has_bet() {
    let mut h = table(4);
    all_see(&mut h);
    // Seat 0 acts first: the dealer before it has not bet yet.
    assert_eq!(h.legal_actions(0).sideshow, None);
    assert_eq!(no(&mut h, 0, Sideshow), RuleError::SideshowNoTarget);
}

#[test]
fn sideshow_accepted_packs_the_lower_hand_and_tells_only_the_pair() {
    // Seat 1 (target) holds queens, seat 2 (asker) jack high.
    let mut h = sideshow_table(&["", "Qs Qh 4c", "Js 9d 4d", ""]);
    ok(&mut h, 2, Sideshow);
    let ev = ok(&mut h, 1, Accept);
    let cmp = ev.iter().find(|e| matches!(e.kind, EventKind::SideshowCompared { .. })).unwrap();
    assert_eq!(cmp.audience, Audience::Pair(2, 1));
    assert!(!cmp.audience.includes(0) && !cmp.audience.includes(3));
    assert!(matches!(cmp.kind, EventKind::SideshowCompared { loser: 2, .. }));
    // Everyone else learns only who packed.
    assert!(ev
        .iter()
        .any(|e| e.audience == Audience::All
            && e.kind == EventKind::Packed { seat: 2, reason: PackReason::SideshowLost }));
    for e in ev.iter().filter(|e| e.audience.is_public()) {
        assert!(!matches!(
            e.kind,
            EventKind::Cards { .. } | EventKind::SideshowCompared { .. } | EventKind::Showdown { .. }
        ));
    }
    assert!(h.seats()[2].packed);
    assert_eq!(h.turn(), Some(3), "play continues after the asker");
}

#[test]
fn sideshow_accepted_asker_wins() {
    let mut h = sideshow_table(&["", "Js 9d 4d", "Qs Qh 4c", ""]);
    ok(&mut h, 2, Sideshow);
    ok(&mut h, 1, Accept);
    assert!(h.seats()[1].packed && !h.seats()[2].packed);
    assert_eq!(h.turn(), Some(3));
}

#[test]
fn sideshow_tie_packs_the_asker() {
    let mut h = sideshow_table(&["", "Kc Kd 5s", "Kh Ks 5c", ""]);
    ok(&mut h, 2, Sideshow);
    let ev = ok(&mut h, 1, Accept);
    assert!(ev.iter().any(|e| matches!(e.kind, EventKind::SideshowCompared { loser: 2, .. })));
    assert!(h.seats()[2].packed && !h.seats()[1].packed);
}

#[test]
fn sideshow_denied_plays_on_after_the_asker() {
    let mut h = sideshow_table(&[]);
    ok(&mut h, 2, Sideshow);
    let ev = ok(&mut h, 1, Deny);
    assert_eq!(ev[0].kind, EventKind::SideshowDenied { seat: 2, target: 1 });
    assert_eq!(ev[1].kind, EventKind::Turn { seat: 3, stake: 1 });
    assert_eq!(h.pending_sideshow(), None);
    assert!(h.active().count() == 4);
}

#[test]
fn sideshow_lapses_if_asker_or_target_packs_but_not_for_others() {
    let mut h = sideshow_table(&[]);
    ok(&mut h, 2, Sideshow);
    ok(&mut h, 1, Pack);
    assert_eq!(h.pending_sideshow(), None);
    assert_eq!(h.turn(), Some(3));

    let mut h = table(5);
    all_see(&mut h);
    ok(&mut h, 0, Bet(2));
    ok(&mut h, 1, Bet(2));
    ok(&mut h, 2, Sideshow);
    ok(&mut h, 4, Pack); // a bystander
    assert_eq!(h.pending_sideshow(), Some((2, 1)));
    ok(&mut h, 2, Pack); // the asker
    assert_eq!(h.pending_sideshow(), None);
    assert_eq!(h.turn(), Some(3));

    // Down to two players: the sideshow lapses.
    let mut h = sideshow_table(&[]);
    ok(&mut h, 2, Sideshow);
    ok(&mut h, 0, Pack);
    assert_eq!(h.pending_sideshow(), Some((2, 1)));
    ok(&mut h, 3, Pack);
    assert_eq!(h.pending_sideshow(), None);
    assert_eq!(h.turn(), Some(1));
}

// ---- timeouts ----

#[test]
fn timeout_packs_the_player_whose_turn_it_is() {
    let mut h = table(3);
    assert_eq!(no(&mut h, 1, Timeout), RuleError::NotYourTurn);
    let ev = ok(&mut h, 0, Timeout);
    assert_eq!(ev[0].kind, EventKind::Packed { seat: 0, reason: PackReason::Timeout });
    assert_eq!(h.turn(), Some(1));
}

#[test]
fn timeout_of_a_sideshow_target_denies() {
    let mut h = sideshow_table(&[]);
    ok(&mut h, 2, Sideshow);
    assert_eq!(no(&mut h, 2, Timeout), RuleError::SideshowPending);
    let ev = ok(&mut h, 1, Timeout);
    assert_eq!(ev[0].kind, EventKind::SideshowDenied { seat: 2, target: 1 });
    assert!(!h.seats()[1].packed);
    assert_eq!(h.turn(), Some(3));
}

// ---- limits ----

#[test]
fn chaal_limit_caps_seen_bets_and_blind_bets_at_half() {
    let mut h = start(with(|r| r.chaal_limit = Some(8)), &[1000; 3], 2, &[]);
    ok(&mut h, 0, Bet(2)); // blind: stake 2
    assert_eq!(range(&h, 1), (2, 4)); // blind max min(4, 8/2)
    ok(&mut h, 1, Bet(4)); // stake 4 = limit / 2
    assert_eq!(range(&h, 2), (4, 4), "a blind bet never takes the stake past limit/2");
    ok(&mut h, 2, See);
    assert_eq!(range(&h, 2), (8, 8), "a seen bet is at most the limit");
    ok(&mut h, 2, Bet(8));
    assert_eq!(h.stake(), 4);
    ok(&mut h, 0, See);
    assert_eq!(no(&mut h, 0, Bet(10)), RuleError::BetOutOfRange { min: 8, max: 8 });
}

#[test]
fn chaal_limit_never_blocks_the_minimum_bet() {
    // Boot 5 with a limit of 6: the stake starts above limit/2.
    let mut h = start(
        with(|r| {
            r.boot = 5;
            r.chaal_limit = Some(6)
        }),
        &[1000; 3],
        2,
        &[],
    );
    assert_eq!(range(&h, 0), (5, 5));
    ok(&mut h, 1, See);
    ok(&mut h, 0, Bet(5));
    assert_eq!(range(&h, 1), (10, 10));
}

#[test]
fn pot_limit_shows_every_hand_when_reached() {
    let r = with(|r| r.pot_limit = Some(8));
    let mut h = start(r, &[100; 3], 2, &["Kc Kd 5s", "Ah Ad 2c", "9c 8d 2h"]);
    ok(&mut h, 0, Bet(2)); // pot 5
    let ev = ok(&mut h, 1, Bet(2)); // pot 7
    assert!(!h.is_over(), "{ev:?}");
    let ev = ok(&mut h, 2, Bet(2)); // pot 9 >= 8
    assert!(ev.iter().any(|e| e.kind == EventKind::PotLimitReached { pot: 9 }));
    let shown = ev.iter().find_map(|e| match &e.kind {
        EventKind::Showdown { hands, winners } => Some((hands.len(), winners.clone())),
        _ => None,
    });
    assert_eq!(shown, Some((3, vec![1])));
    assert_eq!(ended(&ev), (EndedBy::PotLimit, vec![(1, 9)]));
}

#[test]
fn pot_limit_ties_split_with_the_odd_chip_to_the_first_winner_left_of_the_dealer() {
    // Dealer 1: seat 2 is first left of the dealer, then seat 0.
    let r = with(|r| r.pot_limit = Some(5));
    let mut h = start(r, &[100; 3], 1, &["Kc Kd 5s", "9c 8d 2h", "Kh Ks 5c"]);
    ok(&mut h, 2, Bet(1)); // pot 4
    let ev = ok(&mut h, 0, Bet(1)); // pot 5
    assert_eq!(ended(&ev), (EndedBy::PotLimit, vec![(2, 3), (0, 2)]));
    assert_eq!(h.nets(), vec![0, -1, 1]);
}

#[test]
fn pot_limit_reached_by_a_sideshow_bet_ends_the_hand() {
    let r = with(|r| r.pot_limit = Some(10));
    let mut h = start(r, &[100; 4], 3, &[]);
    all_see(&mut h);
    ok(&mut h, 0, Bet(2));
    ok(&mut h, 1, Bet(2)); // pot 8
    let ev = ok(&mut h, 2, Sideshow); // pot 10
    assert!(h.is_over());
    assert_eq!(h.pending_sideshow(), None);
    assert_eq!(ended(&ev).0, EndedBy::PotLimit);
}

#[test]
fn blind_turn_limit_forces_a_see() {
    let mut h = start(with(|r| r.blind_turn_limit = Some(2)), &[100; 2], 1, &[]);
    for _ in 0..2 {
        ok(&mut h, 0, Bet(1));
        ok(&mut h, 1, Bet(1));
    }
    let legal = h.legal_actions(0);
    assert!(legal.bet.is_none() && legal.show.is_none() && legal.see && legal.pack);
    assert_eq!(no(&mut h, 0, Bet(1)), RuleError::MustSee(2));
    assert_eq!(no(&mut h, 0, Show), RuleError::MustSee(2));
    ok(&mut h, 0, See);
    assert_eq!(range(&h, 0), (2, 4));
}

// ---- stacks ----

#[test]
fn a_bet_never_exceeds_the_stack() {
    let mut h = start(Rules::default(), &[4, 100, 100], 2, &[]);
    ok(&mut h, 0, See);
    assert_eq!(range(&h, 0), (2, 2)); // 3 chips left, bets are even
    assert_eq!(no(&mut h, 0, Bet(4)), RuleError::BetOutOfRange { min: 2, max: 2 });
    ok(&mut h, 0, Bet(2));
    assert_eq!(h.seats()[0].stack, 1);
}

#[test]
fn a_player_who_cannot_cover_the_minimum_may_only_pack() {
    let mut h = start(Rules::default(), &[100, 2, 100], 2, &[]);
    ok(&mut h, 0, Bet(2)); // stake 2; seat 1 has 1 chip
    let legal = h.legal_actions(1);
    assert!(legal.bet.is_none() && legal.show.is_none() && legal.sideshow.is_none());
    assert!(legal.pack && legal.see);
    assert_eq!(no(&mut h, 1, Bet(1)), RuleError::CannotCover(2));
    ok(&mut h, 1, Pack);
    assert_eq!(h.turn(), Some(2));
}

#[test]
fn a_show_must_be_affordable() {
    let mut h = start(Rules::default(), &[100, 3], 1, &[]);
    ok(&mut h, 0, See);
    ok(&mut h, 1, See);
    ok(&mut h, 0, Bet(4)); // stake 2: a show costs 4, seat 1 has 2
    assert_eq!(h.legal_actions(1).show, None);
    assert_eq!(no(&mut h, 1, Show), RuleError::CannotAffordShow { need: 4, have: 2 });
}

// ---- legal_actions agrees with apply ----

#[test]
fn legal_actions_bounds_are_exact() {
    let mut h = table(3);
    ok(&mut h, 0, Bet(2));
    for seen in [false, true] {
        let mut g = h.clone();
        if seen {
            ok(&mut g, 1, See);
        }
        let b = g.legal_actions(1).bet.unwrap();
        for amount in 0..=b.max + 2 {
            let mut t = g.clone();
            assert_eq!(t.apply(1, Bet(amount)).is_ok(), b.contains(amount), "seen={seen} amount={amount}");
        }
    }
}
