//! The seeded simulation of the table service (`sim::chaos`, docs/chaos.md) over a range of seeds at a small
//! size: each seed runs twice and must give the same trace, line for line (its hash is printed), and every
//! invariant must hold at every step: the audit, every acknowledged action on disk, no stuck table, a refused
//! action changing nothing, no private card in a public message. A failing seed prints how to rerun it.

use std::path::PathBuf;

use teenpatti::sim::chaos;

const SEEDS: u64 = 64;
const STEPS: usize = 100;

/// A real SQLite file on tmpfs when there is one (fsync is free there; what is checked does not depend on it).
fn dir() -> PathBuf {
    let shm = PathBuf::from("/dev/shm");
    if shm.is_dir() {
        shm
    } else {
        std::env::temp_dir()
    }
}

#[test]
fn seeds_replay_exactly_and_keep_every_invariant() {
    let dir = dir();
    // Two threads, each its own seeds (each seed has a runtime and a database of its own).
    let workers: Vec<_> = (0..2u64)
        .map(|w| {
            let dir = dir.clone();
            std::thread::spawn(move || {
                (1..=SEEDS)
                    .filter(|s| s % 2 == w)
                    .map(|seed| chaos::check_seed(seed, STEPS, &dir).unwrap())
                    .collect::<Vec<_>>()
            })
        })
        .collect();
    let mut verdicts: Vec<chaos::Verdict> = workers.into_iter().flat_map(|w| w.join().unwrap()).collect();
    verdicts.sort_by_key(|v| v.run.seed);
    let mut failures = String::new();
    let (mut actions, mut store_faults, mut discord_faults, mut restarts) = (0, 0, 0, 0);
    for v in &verdicts {
        println!("{}", v.summary());
        if !v.ok() {
            failures.push_str(&v.failure_report());
        }
        actions += v.run.actions;
        store_faults += v.run.store_faults;
        discord_faults += v.run.discord_faults;
        restarts += v.run.restarts;
    }
    assert!(failures.is_empty(), "{failures}");
    // The faults were there to be survived.
    assert!(actions > SEEDS * 10, "{actions} actions");
    assert!(
        store_faults > SEEDS && discord_faults > SEEDS / 2 && restarts > SEEDS,
        "{store_faults} {discord_faults} {restarts}"
    );
}

/// The trace is a function of the seed alone: another seed gives another trace.
#[test]
fn another_seed_gives_another_trace() {
    let dir = dir();
    let a = chaos::run_seed(7, 30, &dir).unwrap();
    let b = chaos::run_seed(8, 30, &dir).unwrap();
    assert_ne!(a.hash(), b.hash());
    assert!(a.trace.iter().all(|l| !l.contains("<t:")), "no wall-clock time in a trace");
}
