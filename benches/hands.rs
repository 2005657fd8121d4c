//! Whole simulated hands: deal, random legal play (the engine's `RandomAgent`, seeded), payout.
//! `cargo bench --bench hands -- --warm-up-time 1 --measurement-time 3`
//! reports hands/s as elements/s.

use criterion::{black_box, criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use teenpatti::engine::cards::seeded_deck;
use teenpatti::engine::hand::{Hand, HandSetup};
use teenpatti::engine::rules::Rules;
use teenpatti::engine::RandomAgent;

/// Plays one hand to the end with the engine's random player; returns the number of actions.
fn play(setup: &HandSetup, agent: &RandomAgent, rng: &mut ChaCha8Rng) -> usize {
    let Ok((mut hand, _)) = Hand::start(setup) else { return 0 };
    while let Some(seat) = hand.to_act() {
        let action = agent.act(&hand, seat, rng);
        hand.apply(seat, action).expect("the random player plays legal actions");
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
                kaana_dormant: false,
                posts: Vec::new(),
            })
            .collect();
        group.bench_with_input(BenchmarkId::new("random_legal_play", seats), &setups, |b, setups| {
            let agent = RandomAgent::default();
            let mut rng = ChaCha8Rng::seed_from_u64(1);
            let mut i = 0usize;
            b.iter(|| {
                i = (i + 1) % setups.len();
                black_box(play(&setups[i], &agent, &mut rng))
            });
        });
    }
    group.finish();
}

criterion_group!(benches, hands);
criterion_main!(benches);
