//! A computer player's decision (issue 17): `Brain::decide` for a seen player whose turn it is, three players in,
//! after a round of bets, at each level and in a few variations. The brain is warm (its table of every hand's
//! value is built at the first decision under a scheme; `bots_cold` measures that first decision).
//!
//! `cargo bench --bench bots -- --warm-up-time 1 --measurement-time 3`

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use teenpatti::engine::bot::{BotView, Brain, Level};
use teenpatti::engine::cards::seeded_deck;
use teenpatti::engine::{Action, Hand, HandSetup, Rules, Variant};

/// Three players: everyone bets blind once, then the player to act looks at their cards.
fn position(variant: Variant) -> (Hand, usize) {
    let rules = Rules { variant, boot: 10, ..Rules::default() };
    let setup = HandSetup {
        rules,
        stacks: vec![1000; 3],
        dealer: 0,
        deck: seeded_deck(7),
        kaana_dormant: false,
        posts: vec![],
    };
    let Ok((mut hand, _)) = Hand::start(&setup) else { panic!("the bench's hand does not deal") };
    for _ in 0..3 {
        let Some(seat) = hand.to_act() else { break };
        let _ = hand.apply(seat, Action::Bet(hand.stake()));
    }
    let seat = hand.to_act().unwrap_or(0);
    let _ = hand.apply(seat, Action::See);
    (hand, seat)
}

fn bench(c: &mut Criterion) {
    for (name, variant, level) in [
        ("hard_classic", Variant::Classic, Level::Hard),
        ("easy_classic", Variant::Classic, Level::Easy),
        ("hard_ak47", Variant::Ak47, Level::Hard),
        ("hard_best_of_four", Variant::BestOfFour, Level::Hard),
        ("hard_five_card_community", Variant::FiveCardCommunity, Level::Hard),
    ] {
        let (hand, seat) = position(variant);
        let mut brain = Brain::default();
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        let view = BotView::new(&hand, seat);
        c.bench_function(&format!("bots_{name}"), |b| b.iter(|| brain.decide(level, black_box(&view), &mut rng)));
    }
    let (hand, seat) = position(Variant::Classic);
    let view = BotView::new(&hand, seat);
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    c.bench_function("bots_cold_hard_classic", |b| {
        b.iter(|| Brain::default().decide(Level::Hard, black_box(&view), &mut rng))
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
