//! The Rust side of `benches/teenpattisolver/compare.js`: every three-card
//! hand in the benches' seeded shuffled order (`shuffled_hands`, seed 2024),
//! ranked by the `PreparedEvaluator`.
//!
//!     prepared_eval dump [name=value]...         one line per hand: `i j k strength`
//!     prepared_eval time PASSES [name=value]...  times PASSES passes over all hands, 11 times,
//!                                                and prints the medians in ns per hand
//!
//! `name=value` are rule options (`a23=second`, `variant=muflis`).

use std::hint::black_box;
use std::io::{BufWriter, Write};
use std::time::Instant;

use rand::SeedableRng;
use teenpatti::engine::cards::Card;
use teenpatti::engine::rank::{evaluate, shuffled_hands, PreparedEvaluator};
use teenpatti::engine::rules::Rules;

const BATCHES: usize = 11;

fn main() {
    if let Err(e) = run(std::env::args().skip(1).collect()) {
        eprintln!("prepared_eval: {e}");
        std::process::exit(2);
    }
}

fn run(args: Vec<String>) -> Result<(), String> {
    let usage = "usage: prepared_eval dump [name=value]... | time PASSES [name=value]...";
    let (mode, rest) = args.split_first().ok_or(usage)?;
    let (passes, options) = match mode.as_str() {
        "dump" => (0, rest),
        "time" => {
            let (n, options) = rest.split_first().ok_or(usage)?;
            (n.parse::<usize>().map_err(|_| format!("PASSES: not a number: {n}"))?, options)
        }
        _ => return Err(usage.into()),
    };
    let mut rules = Rules::default();
    for o in options {
        rules.set_option(o).map_err(|e| e.to_string())?;
    }
    let p = PreparedEvaluator::new(&rules).ok_or("the prepared evaluator takes classic or muflis rules only")?;
    let hands = shuffled_hands(&mut rand_chacha::ChaCha8Rng::seed_from_u64(2024));
    if mode == "dump" {
        let mut out = BufWriter::new(std::io::stdout().lock());
        for &[a, b, c] in &hands {
            writeln!(out, "{a} {b} {c} {}", p.strength([a, b, c])).map_err(|e| e.to_string())?;
        }
        return out.flush().map_err(|e| e.to_string());
    }
    let prepared = median_ns(passes, hands.len(), || {
        let mut acc = 0u32;
        for &h in black_box(&hands) {
            acc = acc.wrapping_add(p.strength(h));
        }
        acc
    });
    let cards: Vec<[Card; 3]> = hands
        .iter()
        .filter_map(|&[a, b, c]| Some([Card::from_index(a)?, Card::from_index(b)?, Card::from_index(c)?]))
        .collect();
    let checked = median_ns(passes.div_ceil(8), hands.len(), || {
        let mut acc = 0u32;
        for h in black_box(&cards) {
            acc = acc.wrapping_add(evaluate(h, &rules, None).map_or(0, |v| v.strength));
        }
        acc
    });
    println!("prepared_ns_per_hand={prepared:.3} checked_ns_per_hand={checked:.3} hands={} passes={passes} batches={BATCHES}", hands.len());
    Ok(())
}

/// The median over `BATCHES` batches of `passes` calls of `pass` (each
/// ranking `hands` hands), in ns per hand, after one warm-up batch.
fn median_ns(passes: usize, hands: usize, pass: impl Fn() -> u32) -> f64 {
    let mut times: Vec<f64> = (0..=BATCHES)
        .map(|_| {
            let start = Instant::now();
            let mut acc = 0u32;
            for _ in 0..passes {
                acc = acc.wrapping_add(pass());
            }
            black_box(acc);
            start.elapsed().as_secs_f64() * 1e9 / (passes * hands) as f64
        })
        .skip(1)
        .collect();
    times.sort_by(f64::total_cmp);
    times[times.len() / 2]
}
