//! Whole simulated hands: deal, random legal play (seeded), payout.
//! `cargo bench --bench hands -- --warm-up-time 1 --measurement-time 3`
//! reports hands/s as elements/s.

use criterion::{black_box, criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use teenpatti::engine::cards::seeded_deck;
use teenpatti::engine::hand::{Action, Hand, HandSetup};
use teenpatti::engine::rules::Rules;

/// Plays one hand to the end with random legal actions; returns the number of actions.
fn play(setup: &HandSetup, rng: &mut ChaCha8Rng) -> usize {
    let Ok((mut hand, _)) = Hand::start(setup) else { return 0 };
    while let Some(seat) = hand.to_act() {
        let legal = hand.legal_actions(seat);
        let action = if legal.respond {
            if rng.gen_bool(0.5) {
                Action::Accept
            } else {
                Action::Deny
            }
        } else if legal.see && rng.gen_bool(0.3) {
            Action::See
        } else if legal.show.is_some() && rng.gen_bool(0.3) {
            Action::Show
        } else if legal.sideshow.is_some() && rng.gen_bool(0.3) {
            Action::Sideshow
        } else if let (Some(b), false) = (legal.bet, rng.gen_bool(0.15)) {
            Action::Bet(b.min + rng.gen_range(0..=(b.max - b.min) / b.step) * b.step)
        } else {
            Action::Pack
        };
        if hand.apply(seat, action).is_err() {
            let _ = hand.apply(seat, Action::Timeout);
        }
    }
    hand.actions().len()
}

fn hands(c: &mut Criterion) {
    let mut group = c.benchmark_group("hand");
    group.throughput(Throughput::Elements(1));
    for seats in [4usize, 8] {
        let setups: Vec<HandSetup> = (0..256u64)
            .map(|seed| HandSetup {
                rules: Rules::default(),
                stacks: vec![1000; seats],
                dealer: seed as usize % seats,
                deck: seeded_deck(seed),
            })
            .collect();
        group.bench_with_input(BenchmarkId::new("random_legal_play", seats), &setups, |b, setups| {
            let mut rng = ChaCha8Rng::seed_from_u64(1);
            let mut i = 0usize;
            b.iter(|| {
                i = (i + 1) % setups.len();
                black_box(play(&setups[i], &mut rng))
            });
        });
    }
    group.finish();
}

criterion_group!(benches, hands);
criterion_main!(benches);
