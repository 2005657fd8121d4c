//! Exact odds (issue 17): `engine::odds::against_one` (every unknown hand, and the percentile among every hand of
//! the pack) for a classic hand, a wild variant and best of four.
//!
//! `cargo bench --bench odds -- --warm-up-time 1 --measurement-time 3`

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion};
use teenpatti::engine::cards::parse_cards;
use teenpatti::engine::odds::against_one;
use teenpatti::engine::{Rules, Variant};

fn bench(c: &mut Criterion) {
    for (name, variant, cards) in [
        ("classic", Variant::Classic, "Kh Kd 4c"),
        ("ak47", Variant::Ak47, "Qh 9d 5c"),
        ("best_of_four", Variant::BestOfFour, "Kh Kd 9c 4s"),
    ] {
        let rules = Rules { variant, ..Rules::default() };
        let hand = parse_cards(cards).unwrap_or_default();
        c.bench_function(&format!("against_one_{name}"), |b| b.iter(|| against_one(black_box(&hand), &[], &rules)));
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
