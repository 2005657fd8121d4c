//! `teenpatti-bot hand rank` run as a process, for the ranking and variation tests.

use std::io::Write;
use std::process::{Command, Stdio};

/// Runs `teenpatti-bot hand rank ARGS` with `stdin`; its exit code, standard output and standard error.
pub fn run_rank(args: &[&str], stdin: &str) -> (Option<i32>, String, String) {
    let mut child = Command::new(crate::bot_exe())
        .args(["hand", "rank"])
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // The command may exit before reading (bad arguments): ignore a broken pipe.
    let _ = child.stdin.take().unwrap().write_all(stdin.as_bytes());
    let out = child.wait_with_output().unwrap();
    (out.status.code(), String::from_utf8(out.stdout).unwrap(), String::from_utf8(out.stderr).unwrap())
}
