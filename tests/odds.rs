//! Exact odds (issue 17, first part): `engine::odds::against_one` and `teenpatti-bot odds` against an
//! independent brute force (every other hand of the pack, by nested loops, ranked through the public `evaluate`),
//! over random hands of several variations; the command's last line in its fixed form.

use std::process::Command;

use rand::seq::SliceRandom;
use rand::SeedableRng;
use regex::Regex;
use teenpatti::engine::cards::{full_deck, Card};
use teenpatti::engine::odds::{against_many, against_one};
use teenpatti::engine::{evaluate, Rules, Variant};

/// Win, tie and lose counts of `hand` against every `size`-card hand of the pack less `hand` and `known`.
fn brute(hand: &[Card], known: &[Card], rules: &Rules, size: usize) -> (u64, u64, u64) {
    let pack: Vec<Card> = full_deck().into_iter().filter(|c| !hand.contains(c) && !known.contains(c)).collect();
    let mine = evaluate(hand, rules, None).unwrap();
    let (mut w, mut t, mut l) = (0, 0, 0);
    let n = pack.len();
    let mut idx: Vec<usize> = (0..size).collect();
    loop {
        let other: Vec<Card> = idx.iter().map(|&i| pack[i]).collect();
        let v = evaluate(&other, rules, None).unwrap();
        match mine.cmp(&v) {
            std::cmp::Ordering::Greater => w += 1,
            std::cmp::Ordering::Equal => t += 1,
            std::cmp::Ordering::Less => l += 1,
        }
        // The next combination in lexicographic order.
        let Some(i) = (0..size).rev().find(|&i| idx[i] < n - size + i) else { break };
        idx[i] += 1;
        for j in i + 1..size {
            idx[j] = idx[j - 1] + 1;
        }
    }
    (w, t, l)
}

#[test]
fn against_one_matches_a_brute_force_over_several_variations() {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(17);
    for (variant, size, hands) in [
        (Variant::Classic, 3, 12),
        (Variant::Muflis, 3, 6),
        (Variant::Ak47, 3, 6),
        (Variant::HighWild, 3, 4),
        (Variant::IncompleteTwo, 2, 6),
        (Variant::BestOfFour, 4, 2),
    ] {
        let rules = Rules { variant, ..Rules::default() };
        for _ in 0..hands {
            let mut deck = full_deck();
            deck.shuffle(&mut rng);
            let (hand, known) = (&deck[..size], &deck[size..size + 2]);
            let odds = against_one(hand, known, &rules).unwrap();
            let (w, t, l) = brute(hand, known, &rules, size);
            let all = (w + t + l) as f64;
            assert_eq!(odds.hands, w + t + l, "{variant} {hand:?}");
            for (got, want) in [(odds.win, w), (odds.tie, t), (odds.lose, l)] {
                assert!((got - want as f64 / all).abs() < 1e-12, "{variant} {hand:?}: {odds:?} vs {w}/{t}/{l}");
            }
            // The percentile among all hands (no card known): the brute force with only the hand left out,
            // plus the hand itself, a tie with itself.
            let (bw, bt, _) = brute(hand, &[], &rules, size);
            let (mut below, mut equal, mut total) = (bw, bt + 1, 0u64);
            // Hands sharing a card with `hand` are counted too: evaluate them directly.
            let pack = full_deck();
            let mut count = |other: &[Card]| {
                total += 1;
                let itself = other.iter().all(|c| hand.contains(c));
                if other.iter().any(|c| hand.contains(c)) && !itself {
                    let (m, v) = (evaluate(hand, &rules, None).unwrap(), evaluate(other, &rules, None).unwrap());
                    match m.cmp(&v) {
                        std::cmp::Ordering::Greater => below += 1,
                        std::cmp::Ordering::Equal => equal += 1,
                        std::cmp::Ordering::Less => {}
                    }
                }
            };
            let n = pack.len();
            let mut idx: Vec<usize> = (0..size).collect();
            loop {
                let other: Vec<Card> = idx.iter().map(|&i| pack[i]).collect();
                count(&other);
                let Some(i) = (0..size).rev().find(|&i| idx[i] < n - size + i) else { break };
                idx[i] += 1;
                for j in i + 1..size {
                    idx[j] = idx[j - 1] + 1;
                }
            }
            let want = (below as f64 + equal as f64 / 2.0) / total as f64;
            assert!((odds.percentile - want).abs() < 1e-12, "{variant} {hand:?}: {} vs {want}", odds.percentile);
        }
    }
}

#[test]
fn sampling_against_several_players_agrees_with_the_exact_figure_for_one() {
    let rules = Rules::default();
    let hand = teenpatti::engine::cards::parse_cards("Kh Kd 4c").unwrap();
    let exact = against_one(&hand, &[], &rules).unwrap();
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
    let s = against_many(&hand, &[], &rules, 1, 40_000, &mut rng).unwrap();
    assert!((s.win - exact.win).abs() < 3.0 * s.error.max(1e-3), "{s:?} vs {exact:?}");
    let three = against_many(&hand, &[], &rules, 3, 20_000, &mut rng).unwrap();
    assert!(three.win < s.win, "more opponents, fewer wins: {three:?} vs {s:?}");
}

#[test]
fn the_command_ends_with_its_fixed_line() {
    let out = Command::new(env!("CARGO_BIN_EXE_teenpatti-bot"))
        .args(["odds", "As Kd Qh", "--variant", "muflis", "--players", "3", "--samples", "2000"])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8_lossy(&out.stdout);
    let last = text.lines().last().unwrap_or_default();
    let re = Regex::new(r"^odds win=([0-9.]+) tie=([0-9.]+) lose=([0-9.]+) percentile=([0-9.]+)$").unwrap();
    let c = re.captures(last).unwrap_or_else(|| panic!("last line: {last:?}\n{text}"));
    let rules = Rules { variant: Variant::Muflis, ..Rules::default() };
    let hand = teenpatti::engine::cards::parse_cards("As Kd Qh").unwrap();
    let odds = against_one(&hand, &[], &rules).unwrap();
    let num = |i: usize| c[i].parse::<f64>().unwrap();
    assert!((num(1) - odds.win).abs() < 1e-6 && (num(4) - odds.percentile).abs() < 1e-6, "{last} vs {odds:?}");
    assert!(text.contains("against 2 unknown hands"), "{text}");
    // A bad card is refused with exit 2.
    let bad = Command::new(env!("CARGO_BIN_EXE_teenpatti-bot")).args(["odds", "Zz Kd Qh"]).output().unwrap();
    assert_eq!(bad.status.code(), Some(2));
    // More players than the pack deals to: refused before a line is printed (two lines came out, then a failure).
    let args = ["odds", "As Kd Qh Js", "--variant", "best_of_four", "--players", "17"];
    let bad = Command::new(env!("CARGO_BIN_EXE_teenpatti-bot")).args(args).output().unwrap();
    assert_eq!(bad.status.code(), Some(2));
    assert!(bad.stdout.is_empty(), "{}", String::from_utf8_lossy(&bad.stdout));
    assert!(String::from_utf8_lossy(&bad.stderr).contains("not enough cards"));
}
