//! Property tests of the hand state machine over random tables, random rules
//! and random (often illegal) actions: chips are conserved to the chip, nothing
//! panics, every hand ends, a refused action changes nothing, a replay of the
//! recorded actions gives the same hand and events, and private events reach
//! only their audience.

use proptest::prelude::*;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use teenpatti::engine::cards::{seeded_deck, seeded_deck_with};
use teenpatti::engine::hand::{Action, Audience, Event, EventKind, Hand, HandSetup, Seat};
use teenpatti::engine::rules::{
    AfterSideshow, AgreedSplit, AnteForm, BetStructure, Blinds, CommunityTurn, DrawMode, HighLow, Qualifier, Rules,
    ShowCost, ShowTie, SideshowOrder, SuitOrder, Turned, Variant,
};
use teenpatti::engine::RandomAgent;

/// Any variant with the table options, the draws (`off` or `draw`), printed jokers, 2-A-K, the card count and
/// the kaana round: the combinations a table accepts ([`Rules::validate`]), so every variation is played.
fn arb_rules() -> impl Strategy<Value = Rules> {
    let table = (
        prop::sample::select(Variant::playable().collect::<Vec<_>>()),
        1u64..=5,
        prop::sample::select(ShowTie::ALL.to_vec()),
        prop::sample::select(SuitOrder::ALL.to_vec()),
        prop::option::of(2u64..=40),
        prop::option::of(5u64..=300),
        prop::option::of(0u32..=4),
        prop::sample::select(ShowCost::ALL.to_vec()),
        any::<bool>(),
        any::<bool>(),
    );
    let parts = (any::<[bool; 3]>(), any::<bool>(), any::<bool>(), prop::option::of(1u8..=5), any::<bool>());
    // The deal plan's options (issue 14): up and community cards, when the community turns, exact use, draws,
    // blind rounds and rounds before a show.
    let plan = (
        prop::option::of(0u8..=3),
        prop::option::of(0u8..=3),
        prop::option::of(prop::sample::select(CommunityTurn::ALL.to_vec())),
        any::<bool>(),
        prop::option::of(prop::sample::select(DrawMode::ALL.to_vec())),
        prop::option::of(0u64..=6),
        prop::option::of(0u32..=2),
        prop::option::of(0u32..=4),
    );
    // The table customs (issue 15): packing only on one's turn, the sideshow's order and who bets after it.
    let customs = (
        any::<bool>(),
        prop::sample::select(SideshowOrder::ALL.to_vec()),
        prop::sample::select(AfterSideshow::ALL.to_vec()),
        any::<bool>(),
        prop::sample::select(AnteForm::ALL.to_vec()),
        prop::sample::select(Blinds::ALL.to_vec()),
        prop::option::of(1u64..=6),
        (prop::sample::select(BetStructure::ALL.to_vec()), 2u64..=200),
        prop::sample::select(AgreedSplit::ALL.to_vec()),
    );
    // Split pots (issue 15): high-low by cards speak or declaration, a qualifier, a compulsory show.
    let splits = (
        prop::sample::select(HighLow::ALL.to_vec()),
        prop::sample::select(Qualifier::ALL.to_vec()),
        prop::option::of(1u32..=6),
    );
    (table, parts, plan, customs, splits)
        .prop_map(
            |(
                (variant, boot, show_tie, suit_order, chaal, pot, blind, show_cost, scsb, sotoo),
                (draws, jokers, k_a_2, cards, round),
                (up, community, community_turn, exact_use, draw_mode, draw_price, blind_rounds, before_show),
                (
                    pack_on_turn_only,
                    sideshow_order,
                    after_sideshow,
                    show_concede,
                    ante,
                    blinds,
                    blind_amount,
                    (bet_structure, spread),
                    agreed_split,
                ),
                (high_low, qualifier, max_rounds),
            )| {
                fn draw<T>(on: bool) -> Turned<T> {
                    if on {
                        Turned::Draw
                    } else {
                        Turned::Off
                    }
                }
                Rules {
                    variant,
                    boot,
                    show_tie,
                    suit_order,
                    chaal_limit: chaal,
                    pot_limit: pot,
                    blind_turn_limit: blind,
                    show_cost,
                    seen_can_show_blind: scsb,
                    see_on_turn_only: sotoo,
                    joker: draw(draws[0]),
                    wild_suit: draw(draws[1]),
                    bust: draw(draws[2]),
                    jokers: if jokers { 2 } else { 0 },
                    k_a_2,
                    cards,
                    kaana_round: round,
                    up,
                    community,
                    community_turn,
                    exact_use,
                    draw: draw_mode,
                    draw_price,
                    blind_rounds,
                    rounds_before_show: before_show,
                    pack_on_turn_only,
                    sideshow_order,
                    after_sideshow,
                    show_concede,
                    ante,
                    blinds,
                    blind_amount,
                    bet_structure,
                    agreed_split,
                    high_low,
                    qualifier,
                    max_rounds,
                    // A spread structure and its limit go together.
                    spread_limit: matches!(bet_structure, BetStructure::Spread | BetStructure::SpreadRaise)
                        .then_some(spread),
                    ..Rules::default()
                }
            },
        )
        // A combination the rules refuse is made playable by dropping options, one at a time, until it is.
        .prop_map(|mut r| {
            let drops: [fn(&mut Rules); 19] = [
                |r| r.max_rounds = None,
                |r| r.show_concede = false,
                |r| {
                    r.high_low = HighLow::Off;
                    r.qualifier = Qualifier::None;
                },
                |r| r.exact_use = false,
                |r| r.rounds_before_show = None,
                |r| r.draw_price = None,
                |r| r.community_turn = None,
                |r| r.blind_rounds = None,
                |r| r.blind_turn_limit = None,
                |r| r.up = None,
                |r| r.community = None,
                |r| r.kaana_round = false,
                |r| r.cards = None,
                |r| r.k_a_2 = false,
                |r| r.jokers = 0,
                |r| r.joker = Turned::Off,
                |r| r.wild_suit = Turned::Off,
                |r| r.chaal_limit = None,
                |r| r.bust = Turned::Off,
            ];
            for drop in drops {
                if r.validate().is_ok() {
                    break;
                }
                drop(&mut r);
            }
            r
        })
        .prop_filter("rules a table accepts", |r| r.validate().is_ok())
}

/// A table: rules, stacks (many small), dealer, deck seed (with the pack's printed jokers), whether a kaana
/// round has begun, and a seed for play. As many players as the rules' pack deals to.
fn arb_table() -> impl Strategy<Value = (HandSetup, u64)> {
    (
        arb_rules(),
        prop::collection::vec(prop_oneof![0u64..=12, 0u64..=3000], 2..=10),
        any::<u64>(),
        any::<u64>(),
        any::<bool>(),
    )
        .prop_map(|(rules, extra, pick, play_seed, dormant)| {
            let parts = rules.parts().expect("validated");
            let n = extra.len().min(parts.max_seats());
            let boot = rules.boot * parts.boot_factor;
            // Enough for the ante (the dealer's for everyone under ante=dealer) and a big blind, wherever the deal
            // puts each player.
            let ante = if rules.ante == AnteForm::Dealer { boot * n as u64 } else { boot };
            let blinds = if rules.blinds == Blinds::None { 0 } else { 2 * rules.blind_amount.unwrap_or(boot) };
            let mut stacks: Vec<u64> = extra[..n].iter().map(|e| e + ante + blinds).collect();
            // A missed ante posted by one player in four (the table owes it under `post`; the engine takes any).
            let dealer = (pick % n as u64) as Seat;
            let posts: Vec<(Seat, u64)> =
                (0..n).filter(|&s| s != dealer && (pick >> (s + 8)) % 4 == 0).map(|s| (s, ante)).collect();
            for &(s, p) in &posts {
                stacks[s] += p;
            }
            let setup = HandSetup {
                rules,
                stacks,
                dealer,
                deck: seeded_deck_with(pick.rotate_left(17), parts.jokers),
                kaana_dormant: dormant,
                posts,
            };
            (setup, play_seed)
        })
}

/// A random action, often illegal: any seat (one past the end too), any kind, any amount.
fn random_action(h: &Hand, rng: &mut ChaCha8Rng) -> (Seat, Action) {
    let n = h.seats().len();
    let seat = rng.gen_range(0..=n);
    // Packs and timeouts are accepted from almost anyone: keep them rare so hands run long.
    let action = match rng.gen_range(0..40) {
        0..=4 => Action::See,
        5..=19 => Action::Bet(rng.gen_range(0..=h.stake() * 5 + 2)),
        20..=24 => Action::Show,
        25..=29 => Action::Sideshow,
        30..=33 => Action::Accept,
        34..=36 => Action::Deny,
        37 => Action::Draw(rng.gen_range(0..=15)),
        38 if rng.gen_bool(0.2) => Action::DeclareHigh,
        38 if rng.gen_bool(0.25) => Action::DeclareLow,
        38 if rng.gen_bool(0.5) => Action::Split,
        38 => Action::Pack,
        _ => Action::Timeout,
    };
    (seat, action)
}

/// A legal action for the seat to act: the engine's random player, exploring
/// (every legal option, packing rarely).
fn legal_action(h: &Hand, rng: &mut ChaCha8Rng) -> Option<(Seat, Action)> {
    let seat = h.to_act()?;
    Some((seat, RandomAgent::explorer().act(h, seat, rng)))
}

fn total_chips(h: &Hand) -> u64 {
    h.seats().iter().map(|s| s.stack).sum::<u64>() + h.pot()
}

/// Audience and secrecy of the events of one accepted action.
fn check_events(h: &Hand, events: &[Event]) {
    for e in events {
        match &e.kind {
            EventKind::Cards { seat, cards } => {
                assert_eq!(e.audience, Audience::Seat(*seat), "{e:?}");
                assert_eq!(cards, &h.seats()[*seat].cards);
            }
            EventKind::SideshowCompared { seat, target, hands, .. } => {
                assert_eq!(e.audience, Audience::Pair(*seat, *target), "{e:?}");
                let mut shown: Vec<Seat> = hands.iter().map(|x| x.seat).collect();
                shown.sort_unstable();
                let mut pair = vec![*seat, *target];
                pair.sort_unstable();
                assert_eq!(shown, pair);
            }
            EventKind::Showdown { hands, .. } => {
                // Public cards only at the end of the hand, and only of players still in it.
                assert!(e.audience.is_public());
                assert!(h.is_over(), "a showdown before the end: {e:?}");
                for x in hands {
                    assert!(!h.seats()[x.seat].packed || h.outcome().is_some_and(|o| o.winners().contains(&x.seat)));
                    assert_eq!(Some(&x.cards), h.own_cards(x.seat).as_ref());
                }
            }
            EventKind::Sees { seat, hands } => {
                // Cobra: every other player's card, never one's own.
                assert_eq!(e.audience, Audience::Seat(*seat), "{e:?}");
                assert!(h.plan().forehead, "{e:?}");
                assert_eq!(hands.len(), h.seats().len() - 1);
                for (other, cards) in hands {
                    assert_ne!(other, seat);
                    assert_eq!(cards, &h.seats()[*other].cards);
                }
            }
            _ => assert!(e.audience.is_public(), "{e:?} should be public"),
        }
    }
}

/// Plays one hand: mostly legal actions, with random (often illegal) ones
/// mixed in; after `patience` steps the seat to act always times out.
/// Returns the hand, all events, and the number of steps taken.
fn play(setup: &HandSetup, play_seed: u64, patience: usize) -> (Hand, Vec<Event>, usize) {
    let (mut h, mut all) = Hand::start(setup).expect("valid table");
    let total = total_chips(&h);
    let mut rng = ChaCha8Rng::seed_from_u64(play_seed);
    let bound = patience + 4 * setup.stacks.len() + 4;
    let mut steps = 0;
    while !h.is_over() {
        steps += 1;
        assert!(steps <= bound, "the hand did not end within {bound} steps");
        let (seat, action) = if steps > patience {
            (h.to_act().expect("live hand has a seat to act"), Action::Timeout)
        } else if rng.gen_bool(0.35) {
            random_action(&h, &mut rng)
        } else {
            legal_action(&h, &mut rng).expect("live hand has a seat to act")
        };
        let before = h.clone();
        match h.apply(seat, action) {
            Ok(events) => {
                assert_eq!(h.actions().len(), before.actions().len() + 1);
                assert_eq!(total_chips(&h), total, "chips not conserved after {seat} {action:?}");
                // A payment for new cards is not a bet: it never ends the hand (a pot it takes to `pot_limit` is
                // shown down at the next bet).
                if matches!(action, Action::Draw(_)) {
                    assert!(!h.is_over(), "a draw ended the hand");
                }
                // No limit: a blind bet is at most half the player's stack (or the stake, which it may always
                // match).
                if let (Action::Bet(n), BetStructure::NoLimit) = (action, before.rules().bet_structure) {
                    let s = &before.seats()[seat];
                    if !s.seen {
                        assert!(
                            n <= (s.stack / 2).max(before.stake()),
                            "a blind bet of {n} with a stack of {}",
                            s.stack
                        );
                    }
                }
                check_events(&h, &events);
                all.extend(events);
            }
            Err(_) => assert_eq!(h, before, "refused {seat} {action:?} changed the hand"),
        }
        if steps > patience {
            // A timeout by the seat to act is always accepted.
            assert_eq!(h.actions().last(), Some(&(seat, Action::Timeout)));
        }
    }
    (h, all, steps)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 3000, ..ProptestConfig::default() })]

    #[test]
    fn random_hands_conserve_chips_end_and_replay((setup, play_seed) in arb_table(), patience in 0usize..150) {
        let (h, events, _) = play(&setup, play_seed, patience);
        // Ended: the pot is paid out, nets sum to zero and match the stacks.
        let outcome = h.outcome().expect("ended");
        prop_assert_eq!(h.pot(), 0);
        prop_assert_eq!(outcome.payouts.iter().map(|p| p.amount).sum::<u64>(), outcome.pot);
        let nets = h.nets();
        prop_assert_eq!(nets.iter().sum::<i64>(), 0);
        for (i, s) in h.seats().iter().enumerate() {
            prop_assert_eq!(s.stack as i64 - setup.stacks[i] as i64, nets[i]);
        }
        // Winners are players still in the hand.
        for w in outcome.winners() {
            prop_assert!(!h.seats()[w].packed);
        }
        // Replaying the accepted actions gives the same hand and the same events.
        let (again, again_events) = Hand::replay(&setup, h.actions()).expect("replay");
        prop_assert_eq!(&again, &h);
        prop_assert_eq!(again_events, events);
    }

    #[test]
    fn refused_actions_change_nothing_in_any_state(
        (setup, play_seed) in arb_table(),
        steps in 0usize..60,
        probes in prop::collection::vec((0usize..11, 0u8..12, 0u64..200), 1..40),
    ) {
        // Walk to some state with legal play, then throw arbitrary actions at it.
        let (mut h, _) = Hand::start(&setup).expect("valid table");
        let mut rng = ChaCha8Rng::seed_from_u64(play_seed);
        for _ in 0..steps {
            let Some((seat, action)) = legal_action(&h, &mut rng) else { break };
            h.apply(seat, action).expect("legal action accepted");
        }
        for (seat, kind, amount) in probes {
            let action = [Action::See, Action::Bet(amount), Action::Pack, Action::Show, Action::Sideshow,
                Action::Accept, Action::Deny, Action::Timeout, Action::Draw(amount as u8 % 16), Action::Split,
                Action::DeclareHigh, Action::DeclareLow]
                [kind as usize];
            let before = h.clone();
            let legal = h.legal_actions(seat);
            let result = h.apply(seat, action);
            match &result {
                Err(_) => prop_assert_eq!(&h, &before),
                Ok(_) => {
                    h = before.clone();
                    // Whatever legal_actions offers is accepted, and nothing it refuses to offer
                    // (bets, shows, sideshows, answers) is.
                    match action {
                        Action::Bet(a) => prop_assert!(legal.bet.is_some_and(|b| b.contains(a))),
                        Action::Show => prop_assert!(legal.show.is_some()),
                        Action::Sideshow => prop_assert!(legal.sideshow.is_some()),
                        Action::Accept | Action::Deny => prop_assert!(legal.respond),
                        Action::See => prop_assert!(legal.see),
                        Action::Pack => prop_assert!(legal.pack),
                        Action::Timeout => prop_assert_eq!(h.to_act(), Some(seat)),
                        Action::Split => prop_assert!(legal.split),
                        Action::DeclareHigh | Action::DeclareLow => prop_assert!(legal.declare),
                        Action::Draw(mask) => {
                            let n = mask.count_ones() as usize;
                            prop_assert!(legal.draw.is_some_and(|d| (d.min..=d.max).contains(&n)));
                        }
                    }
                }
            }
            if let Some(b) = legal.bet {
                for a in [b.min, b.max] {
                    prop_assert!(h.clone().apply(seat, Action::Bet(a)).is_ok());
                }
            }
            if legal.show.is_some() {
                prop_assert!(h.clone().apply(seat, Action::Show).is_ok());
            }
            if legal.sideshow.is_some() {
                prop_assert!(h.clone().apply(seat, Action::Sideshow).is_ok());
            }
        }
    }
}

#[test]
fn many_seeded_hands_end_with_tight_patience() {
    // Deterministic sweep: 2 to 10 seats, tiny and large stacks, patience 0 (timeouts only).
    for n in 2..=10usize {
        for seed in 0..20u64 {
            let stacks = (0..n as u64).map(|i| 1 + (seed * 7 + i * 13) % 40).collect();
            let setup = HandSetup {
                rules: Rules::default(),
                stacks,
                dealer: seed as usize % n,
                deck: seeded_deck(seed),
                kaana_dormant: false,
                posts: Vec::new(),
            };
            let (h, _, steps) = play(&setup, seed, 0);
            assert!(h.is_over());
            assert!(steps <= 2 * n, "{steps} steps for {n} seats");
        }
    }
}
