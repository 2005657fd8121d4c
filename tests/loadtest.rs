//! `teenpatti-bot loadtest` at a small size, so that the load test cannot rot: the real binary plays a few
//! seconds at a rate and as fast as it can, and its one summary line must parse with no internal error and
//! the books right. Its temporary database must be gone afterwards, and DATABASE_URL must not be read.

use std::path::Path;
use std::process::{Command, Output};

use regex::Regex;

const SUMMARY: &str = r"^loadtest tables=(\d+) players=(\d+) seconds=(\d+) actions=(\d+) refused=(\d+) actions_per_s=(\d+\.\d+) p50_ms=(\d+\.\d+) p99_ms=(\d+\.\d+) max_ms=(\d+\.\d+) errors=(\d+) rss_kib=(\d+) rss_per_table_kib=(\d+\.\d+) audit=(ok|FAILED)$";

/// Runs `loadtest` with `args`, its temporary files in `tmp`, and DATABASE_URL pointing at a file in `tmp`
/// that must never be created.
fn loadtest(tmp: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_teenpatti-bot"))
        .arg("loadtest")
        .args(args)
        .env("TMPDIR", tmp)
        .env("DATABASE_URL", format!("sqlite://{}", tmp.join("never.db").display()))
        .output()
        .unwrap()
}

/// The summary's fields by name, after checking the line's exact form.
fn summary(out: &Output) -> Vec<(String, String)> {
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 1, "one summary line on stdout:\n{stdout}\n{stderr}");
    assert!(Regex::new(SUMMARY).unwrap().is_match(lines[0]), "{}\n{stderr}", lines[0]);
    lines[0]
        .split(' ')
        .skip(1)
        .map(|kv| {
            let (k, v) = kv.split_once('=').unwrap();
            (k.to_string(), v.to_string())
        })
        .collect()
}

fn field<'a>(fields: &'a [(String, String)], name: &str) -> &'a str {
    &fields.iter().find(|(k, _)| k == name).unwrap().1
}

fn check_run(tmp: &Path, args: &[&str], tables: &str) {
    let out = loadtest(tmp, args);
    let stderr = String::from_utf8_lossy(&out.stderr);
    let fields = summary(&out);
    assert!(out.status.success(), "{fields:?}\n{stderr}");
    assert_eq!(field(&fields, "tables"), tables);
    assert_eq!(field(&fields, "errors"), "0", "{stderr}");
    assert_eq!(field(&fields, "audit"), "ok", "{stderr}");
    assert!(field(&fields, "actions").parse::<u64>().unwrap() > 0, "{fields:?}");
    assert!(
        field(&fields, "refused").parse::<u64>().unwrap() > 0,
        "illegal and double clicks are mixed in: {fields:?}"
    );
    assert!(field(&fields, "rss_kib").parse::<u64>().unwrap() > 0, "{fields:?}");
    assert!(stderr.contains("progress t="), "a progress line while it runs:\n{stderr}");
    assert!(!tmp.join("never.db").exists(), "DATABASE_URL was read");
    let left: Vec<_> = std::fs::read_dir(tmp).unwrap().collect();
    assert!(left.is_empty(), "the temporary database is removed afterwards: {left:?}");
}

#[test]
fn loadtest_at_a_rate_and_as_fast_as_it_answers() {
    let tmp = tempfile::tempdir().unwrap();
    check_run(tmp.path(), &["--tables", "4", "--players", "3", "--rate", "20", "--seconds", "3"], "4");
    check_run(tmp.path(), &["--tables", "4", "--players", "4", "--rate", "0", "--seconds", "3", "--seed", "9"], "4");
}

#[test]
fn loadtest_refuses_a_bad_size() {
    let tmp = tempfile::tempdir().unwrap();
    let out = loadtest(tmp.path(), &["--tables", "2", "--players", "11", "--seconds", "1"]);
    assert_eq!(out.status.code(), Some(2), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(out.stdout.is_empty());
    let out = loadtest(tmp.path(), &["--rate", "-1"]);
    assert_eq!(out.status.code(), Some(2), "{}", String::from_utf8_lossy(&out.stderr));
}

const SOAK: &str = r"^soak samples=(\d+) rss_first_kib=(\d+) rss_last_kib=(\d+) rss_bound_kib=(\d+) tasks_before=(\d+) tasks_after=(\d+) store_faults=(\d+) discord_faults=(\d+) faulted=(\d+) audit=(ok|FAILED) verdict=(ok|FAILED)$";

/// The soak in CI (`docs/chaos.md`, "Soak"): a minute at 32 tables with 2% of the store's write batches (and of
/// Discord's posts, edits and DMs) failed on purpose. The summary line is unchanged and shows no unexplained
/// error; the soak line on stderr shows the faults were injected, memory flat, no task left, the books exact.
#[test]
fn soak_with_faults_keeps_memory_flat_no_task_left_and_the_books_exact() {
    let tmp = tempfile::tempdir().unwrap();
    let args =
        ["--tables", "32", "--players", "4", "--rate", "5", "--seconds", "60", "--faults", "0.02", "--seed", "7"];
    let out = loadtest(tmp.path(), &args);
    let stderr = String::from_utf8_lossy(&out.stderr);
    let fields = summary(&out);
    assert!(out.status.success(), "{fields:?}\n{stderr}");
    assert_eq!(field(&fields, "errors"), "0", "injected faults are not errors:\n{stderr}");
    assert_eq!(field(&fields, "audit"), "ok", "{stderr}");
    let soak = stderr.lines().find(|l| l.starts_with("soak ")).unwrap_or_else(|| panic!("a soak line:\n{stderr}"));
    let caps = Regex::new(SOAK).unwrap().captures(soak).unwrap_or_else(|| panic!("{soak}"));
    let n = |i: usize| caps[i].parse::<u64>().unwrap();
    assert!(n(1) >= 40, "RSS sampled through the run: {soak}");
    assert!(n(3) <= n(4), "{soak}");
    assert_eq!(n(5), n(6), "no task left after the tables closed: {soak}");
    assert!(n(7) > 0 && n(8) > 0, "faults were injected: {soak}");
    assert_eq!((&caps[10], &caps[11]), ("ok", "ok"), "{soak}");
    assert!(!tmp.path().join("never.db").exists(), "DATABASE_URL was read");
}
