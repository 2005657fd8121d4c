//! Provably fair deals (issue 16): the offline procedure (`scripts/verify_deck.py`, Python's standard library
//! alone) rebuilds the very deck the engine deals from a seed and the players' entropy, and refuses a tampered
//! seed or deck.

use std::process::Command;

use teenpatti::engine::cards::format_cards;
use teenpatti::engine::fair::{fair_deck, Seed};

const SCRIPT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/scripts/verify_deck.py");

/// Runs the offline check; returns its exit status and output.
fn offline(args: &[&str]) -> (i32, String) {
    let out = Command::new("python3").arg(SCRIPT).args(args).output().expect("python3 runs (.ci/run installs it)");
    let text = String::from_utf8_lossy(&out.stdout).to_string() + &String::from_utf8_lossy(&out.stderr);
    (out.status.code().unwrap_or(-1), text)
}

#[test]
fn the_offline_procedure_rebuilds_the_engine_s_deck() {
    let entropies = ["", "asha:hello", "asha:x\nbilal:नमस्ते 🃏", "1200000000000000034:42"];
    for (i, entropy) in entropies.iter().enumerate() {
        for jokers in [0usize, 2] {
            let seed = Seed::random();
            let deck = fair_deck(&seed, entropy, jokers);
            let (hex, commitment) = (seed.to_hex(), seed.commitment());
            let j = jokers.to_string();
            // Three players, dealer seat 2: seat 0 is dealt positions 0, 3, 6.
            let seat0 = format_cards(&[deck[0], deck[3], deck[6]]);
            let expect = format!("0={seat0}");
            let args = ["--seed", &hex, "--commitment", &commitment, "--entropy", entropy, "--jokers", &j];
            let (code, out) = offline(&[&args[..], &["--players", "3", "--dealer", "2", "--expect", &expect]].concat());
            assert_eq!(code, 0, "case {i}: {out}");
            assert!(out.contains("commitment ok"), "{out}");
            assert!(
                out.contains(&format!("deck: {}\n", format_cards(&deck))),
                "case {i}:\n{out}\nrust: {}",
                format_cards(&deck)
            );
            assert!(out.contains("seat 0 ok"), "{out}");
        }
    }
}

#[test]
fn a_tampered_seed_or_deck_fails_the_offline_check() {
    let seed = Seed::random();
    let deck = fair_deck(&seed, "", 0);
    let commitment = seed.commitment();
    // Another seed than the one committed to.
    let other = Seed::random().to_hex();
    let (code, out) = offline(&["--seed", &other, "--commitment", &commitment]);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("commitment MISMATCH"), "{out}");
    // The right seed, but cards shown that the deck did not deal (two cards swapped with a later position).
    let forged = format!("0={}", format_cards(&[deck[1], deck[3], deck[6]]));
    let (code, out) = offline(&[
        "--seed",
        &seed.to_hex(),
        "--commitment",
        &commitment,
        "--players",
        "3",
        "--dealer",
        "2",
        "--expect",
        &forged,
    ]);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("seat 0 MISMATCH"), "{out}");
    // Changed entropy gives another deck: the entropy shown with the seed must be the one used.
    let (_, out) = offline(&["--seed", &seed.to_hex(), "--commitment", &commitment, "--entropy", "x"]);
    assert!(!out.contains(&format_cards(&deck)), "{out}");
    // Not a seed at all.
    let (code, _) = offline(&["--seed", "abc", "--commitment", &commitment]);
    assert_eq!(code, 2);
}
