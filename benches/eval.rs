//! Hand evaluation speed. Each benchmark of the variant groups ranks the same
//! 4096 pseudo-random hands (ChaCha8, fixed seed) per iteration; criterion
//! reports the time per iteration and the throughput in hands/s
//! (ns/hand = time / 4096).
//!
//! The `prepared` group ranks all 22,100 three-card hands per iteration, in a
//! seeded shuffled order (and each hand's cards in shuffled order), given as
//! card indices prepared beforehand: `strength` through the
//! `PreparedEvaluator` (ns/hand = time / 22,100), `checked` the same hands
//! through the public `evaluate` for comparison. Classic rules by default;
//! `TEENPATTI_EVAL_RULES="a23=second"` (any `name=value` options) changes
//! them, as `benches/teenpattisolver/compare.js` does to time the rules it
//! checked against the npm package.
//!
//! cargo bench --bench eval -- --warm-up-time 1 --measurement-time 3
//! cargo bench --bench eval -- prepared --warm-up-time 1 --measurement-time 3

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use rand::seq::SliceRandom;
use rand::SeedableRng;
use teenpatti::engine::cards::{full_deck, Card, Rank};
use teenpatti::engine::rank::{evaluate, shuffled_hands, Evaluator, PreparedEvaluator};
use teenpatti::engine::rules::Rules;

const HANDS: usize = 4096;

/// `HANDS` hands of `size` distinct cards, back to back in one vector.
fn hands(size: usize) -> Vec<Card> {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(2024);
    let deck = full_deck();
    (0..HANDS).flat_map(|_| deck.choose_multiple(&mut rng, size).copied().collect::<Vec<_>>()).collect()
}

fn run(c: &mut Criterion, name: &str, rules: &Rules, joker: Option<Rank>, size: usize) {
    let hands = hands(size);
    let mut g = c.benchmark_group(name);
    g.throughput(Throughput::Elements(HANDS as u64));
    g.bench_function("evaluate", |b| {
        b.iter(|| {
            let mut acc = 0u32;
            for h in hands.chunks_exact(size) {
                acc = acc.wrapping_add(evaluate(black_box(h), rules, joker).map_or(0, |v| v.strength));
            }
            acc
        })
    });
    if let Ok(e) = Evaluator::new(rules, joker) {
        g.bench_function("evaluator", |b| {
            b.iter(|| {
                let mut acc = 0u32;
                for h in hands.chunks_exact(size) {
                    acc = acc.wrapping_add(e.evaluate(black_box(h)).map_or(0, |v| v.strength));
                }
                acc
            })
        });
    }
    g.finish();
}

fn prepared(c: &mut Criterion) {
    let hands = shuffled_hands(&mut rand_chacha::ChaCha8Rng::seed_from_u64(2024));
    let mut rules = Rules::default();
    let text = std::env::var("TEENPATTI_EVAL_RULES").unwrap_or_default();
    let Some(p) = rules.set_options(&text).ok().and_then(|()| PreparedEvaluator::new(&rules)) else {
        eprintln!("TEENPATTI_EVAL_RULES={text:?}: not classic or muflis rule options");
        std::process::exit(2);
    };
    let mut g = c.benchmark_group("prepared");
    g.throughput(Throughput::Elements(hands.len() as u64));
    g.bench_function("strength", |b| {
        b.iter(|| {
            let mut acc = 0u32;
            for &h in black_box(&hands) {
                acc = acc.wrapping_add(p.strength(h));
            }
            acc
        })
    });
    let cards: Vec<[Card; 3]> = hands
        .iter()
        .filter_map(|&[a, b, c]| Some([Card::from_index(a)?, Card::from_index(b)?, Card::from_index(c)?]))
        .collect();
    g.bench_function("checked", |b| {
        b.iter(|| {
            let mut acc = 0u32;
            for h in black_box(&cards) {
                acc = acc.wrapping_add(evaluate(h, &rules, None).map_or(0, |v| v.strength));
            }
            acc
        })
    });
    g.finish();
}

fn bench(c: &mut Criterion) {
    prepared(c);
    run(c, "classic", &Rules::default(), None, 3);
    let mut opts = Rules::default();
    opts.set("langdi", "true").ok();
    opts.set("a23", "second").ok();
    run(c, "classic_langdi_a23_second", &opts, None, 3);
    run(c, "muflis", &Rules::preset("muflis").unwrap_or_default(), None, 3);
    run(c, "joker_7", &Rules::preset("joker").unwrap_or_default(), Rank::new(7), 3);
    run(c, "ak47", &Rules::preset("ak47").unwrap_or_default(), None, 3);
    run(c, "high_wild", &Rules::preset("high_wild").unwrap_or_default(), None, 3);
    run(c, "best_of_four", &Rules::preset("best_of_four").unwrap_or_default(), None, 4);
}

criterion_group!(benches, bench);
criterion_main!(benches);
