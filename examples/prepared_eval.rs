//! The Rust side of `benches/teenpattisolver/compare.js`: every three-card
//! hand in the benches' seeded shuffled order (`shuffled_hands`, seed 2024),
//! one line per hand, `i j k strength`: the card indices and the strength the
//! `PreparedEvaluator` gives under the rule options in the arguments
//! (`name=value`, e.g. `a23=second variant=muflis`).
//!
//!     cargo run --release --example prepared_eval -- a23=second

use std::io::{BufWriter, Write};

use rand::SeedableRng;
use teenpatti::engine::rank::{shuffled_hands, PreparedEvaluator};
use teenpatti::engine::rules::Rules;

fn main() {
    if let Err(e) = run() {
        eprintln!("prepared_eval: {e}");
        std::process::exit(2);
    }
}

fn run() -> Result<(), String> {
    let mut rules = Rules::default();
    for option in std::env::args().skip(1) {
        rules.set_option(&option).map_err(|e| e.to_string())?;
    }
    let p = PreparedEvaluator::new(&rules).ok_or("the prepared evaluator takes classic or muflis rules only")?;
    let mut out = BufWriter::new(std::io::stdout().lock());
    for [a, b, c] in shuffled_hands(&mut rand_chacha::ChaCha8Rng::seed_from_u64(2024)) {
        writeln!(out, "{a} {b} {c} {}", p.strength([a, b, c])).map_err(|e| e.to_string())?;
    }
    out.flush().map_err(|e| e.to_string())
}
