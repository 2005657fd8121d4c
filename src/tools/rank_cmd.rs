//! `teenpatti-bot hand rank [--variant V] [--set option=value]...`: reads one
//! hand a line on stdin and prints `category strength` a line. Blank lines and
//! `#` comments are skipped. A bad line prints `error: line N: ...` (to
//! stdout, in place of its result) and the rest still run; the exit code is 1
//! if any line was bad. Bad `--variant` or `--set` values exit with 2.

use std::io::{self, BufRead, Write};
use std::process::ExitCode;

use clap::Args;

use crate::engine::cards::parse_cards;
use crate::engine::rank::Evaluator;
use crate::engine::rules::{Rules, RulesError, Variant};

#[derive(Args, Debug)]
pub struct RankArgs {
    /// classic, muflis, joker, ak47, high_wild, low_wild, best_of_four
    #[arg(long, default_value = "classic")]
    pub variant: String,
    /// Any rule option, as name=value (repeatable), e.g. --set langdi=true --set joker=7
    #[arg(long = "set", value_name = "OPTION=VALUE")]
    pub set: Vec<String>,
}

/// The rules `args` describe, or a message for the user.
pub fn rules_from_args(args: &RankArgs) -> Result<Rules, String> {
    let mut rules = Rules::default();
    rules.set("variant", &args.variant).map_err(|e| format!("--variant: {e}"))?;
    for item in &args.set {
        rules.set_option(item).map_err(|e| match e {
            RulesError::NotNameValue(_) => format!("--set `{item}`: expected OPTION=VALUE, e.g. langdi=true"),
            e => format!("--set {item}: {e}"),
        })?;
    }
    if rules.variant == Variant::Joker && rules.joker.is_none() {
        return Err("the joker variant needs the turned-up rank: add --set joker=RANK (e.g. joker=7)".into());
    }
    Ok(rules)
}

/// Ranks every hand read from `input`, writing one line per hand to `out`.
/// Returns how many lines were bad.
pub fn rank_lines<R: BufRead, W: Write>(rules: &Rules, input: R, out: &mut W) -> io::Result<usize> {
    let eval = match Evaluator::new(rules, None) {
        Ok(e) => e,
        Err(e) => {
            writeln!(out, "error: {e}")?;
            return Ok(1);
        }
    };
    let mut bad = 0;
    for (i, line) in input.lines().enumerate() {
        let line = line?;
        let text = line.split('#').next().unwrap_or("").trim();
        if text.is_empty() {
            continue;
        }
        let result = parse_cards(text)
            .map_err(|e| e.to_string())
            .and_then(|cards| eval.evaluate(&cards).map_err(|e| format!("`{text}`: {e}")));
        match result {
            Ok(v) => writeln!(out, "{} {}", v.category, v.strength)?,
            Err(e) => {
                bad += 1;
                writeln!(out, "error: line {}: {e}", i + 1)?;
            }
        }
    }
    Ok(bad)
}

pub fn run(args: &RankArgs) -> ExitCode {
    let rules = match rules_from_args(args) {
        Ok(r) => r,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    let stdin = io::stdin();
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    let result = rank_lines(&rules, stdin.lock(), &mut out).and_then(|bad| out.flush().map(|()| bad));
    match result {
        Ok(0) => ExitCode::SUCCESS,
        Ok(_) => ExitCode::FAILURE,
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::FAILURE,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}
