//! Provably fair deals (issue 16): the offline procedure (`scripts/verify_deck.py`, Python's standard library
//! alone) rebuilds the very deck the engine deals from a seed and the players' entropy, and refuses a tampered
//! seed or deck.

use std::process::Command;

use teenpatti::engine::cards::format_cards;
use teenpatti::engine::fair::{fair_deck, Seed};

const SCRIPT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/scripts/verify_deck.py");

/// Where `python3` is on `path` (a `PATH` value), or the one message a machine without it gets.
fn python3_in(path: &std::ffi::OsStr) -> Result<std::path::PathBuf, String> {
    std::env::split_paths(path).map(|dir| dir.join("python3")).find(|p| p.is_file()).ok_or_else(|| {
        "tests/fair.rs needs python3 (standard library only) to run scripts/verify_deck.py, the provably fair \
         deal's offline check: install it (Debian: apt-get install python3; .ci/run does)"
            .to_string()
    })
}

/// `python3` on this machine's `PATH`.
fn python3() -> Result<std::path::PathBuf, String> {
    python3_in(&std::env::var_os("PATH").unwrap_or_default())
}

/// A machine without python3 gets this one clear failure; the tests that need it then stop at once, quietly,
/// rather than fail each with an OS error.
#[test]
fn python3_is_installed() {
    if let Err(why) = python3() {
        panic!("{why}");
    }
    let missing = python3_in(std::ffi::OsStr::new("/nonexistent")).unwrap_err();
    assert!(missing.contains("needs python3") && missing.contains("apt-get install python3"), "{missing}");
}

/// Runs the offline check; returns its exit status and output (None without python3: see `python3_is_installed`).
fn offline(args: &[&str]) -> Option<(i32, String)> {
    let python = python3().ok()?;
    let out = Command::new(python).arg(SCRIPT).args(args).output().ok()?;
    let text = String::from_utf8_lossy(&out.stdout).to_string() + &String::from_utf8_lossy(&out.stderr);
    Some((out.status.code().unwrap_or(-1), text))
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
            let Some((code, out)) =
                offline(&[&args[..], &["--players", "3", "--dealer", "2", "--expect", &expect]].concat())
            else {
                return;
            };
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

/// Arguments that cannot describe a deal: one `error:` line, exit 2 (a traceback with exit 1, the code of a real
/// mismatch, before; and `--jokers 1`, `--cards-each 0` or a dealer who is not a seat were taken).
#[test]
fn bad_arguments_are_one_line_and_exit_2() {
    let seed = Seed::random();
    let (hex, commitment) = (seed.to_hex(), seed.commitment());
    let common = ["--seed", hex.as_str(), "--commitment", commitment.as_str()];
    let cases: [&[&str]; 9] = [
        &["--players", "3", "--expect", "²=As Kd Qh"],
        &["--players", "3", "--expect", "0=Xx Kd Qh"],
        &["--players", "20"],
        &["--players", "3", "--expect", "garbage"],
        &["--players", "3", "--expect", "7=As Kd Qh"],
        &["--jokers", "1"],
        &["--players", "2", "--cards-each", "0"],
        &["--players", "2", "--dealer", "5"],
        &["--expect", "0=As Kd Qh"],
    ];
    for args in cases {
        let Some((code, out)) = offline(&[&common[..], args].concat()) else { return };
        assert_eq!(code, 2, "{args:?}: {out}");
        assert!(!out.contains("Traceback") && out.contains("error"), "{args:?}: {out}");
        assert_eq!(out.lines().count(), 1, "{args:?}: {out}");
    }
}

#[test]
fn a_tampered_seed_or_deck_fails_the_offline_check() {
    let seed = Seed::random();
    let deck = fair_deck(&seed, "", 0);
    let commitment = seed.commitment();
    // Another seed than the one committed to.
    let other = Seed::random().to_hex();
    let Some((code, out)) = offline(&["--seed", &other, "--commitment", &commitment]) else { return };
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("commitment MISMATCH"), "{out}");
    // The right seed, but cards shown that the deck did not deal (two cards swapped with a later position).
    let forged = format!("0={}", format_cards(&[deck[1], deck[3], deck[6]]));
    let Some((code, out)) = offline(&[
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
    ]) else {
        return;
    };
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("seat 0 MISMATCH"), "{out}");
    // Changed entropy gives another deck: the entropy shown with the seed must be the one used.
    let Some((_, out)) = offline(&["--seed", &seed.to_hex(), "--commitment", &commitment, "--entropy", "x"]) else {
        return;
    };
    assert!(!out.contains(&format_cards(&deck)), "{out}");
    // Not a seed at all.
    let Some((code, _)) = offline(&["--seed", "abc", "--commitment", &commitment]) else { return };
    assert_eq!(code, 2);
}
