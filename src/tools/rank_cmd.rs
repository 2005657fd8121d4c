//! `teenpatti-bot hand rank [--variant V] [--set option=value]...`: reads one
//! hand a line on stdin and prints `category strength` a line. Blank lines and
//! `#` comments are skipped. A bad line (a bad card, a line that is not UTF-8,
//! a line over [`MAX_LINE_BYTES`]) prints `error: line N: ...` (to stdout, in
//! place of its result) and the rest still run; the exit code is 1 if any line
//! was bad. Bad `--variant` or `--set` values exit with 2.
//!
//! Lines are read with a bound: a longer line is skipped to its end without
//! being held in memory, and bad input is echoed briefly ([`crate::echo`]).

use std::io::{self, BufRead, Write};
use std::process::ExitCode;

use clap::Args;

use crate::echo::echo;
use crate::engine::cards::parse_cards;
use crate::engine::rank::Evaluator;
use crate::engine::rules::{option, ranking_options, Rules, Turned, Variant};

/// The longest line read; a hand is a few cards.
pub const MAX_LINE_BYTES: usize = 4096;

#[derive(Args, Debug)]
pub struct RankArgs {
    /// classic (default), muflis, joker, ak47, high_wild, low_wild, best_of_four, incomplete_two,
    /// incomplete_one, incomplete_common, two_lowest_wild, kaana, kiss_miss_bliss, blackjack, 999, 4x_boot;
    /// each line holds the variant's number of cards
    #[arg(long)]
    pub variant: Option<String>,
    /// A ranking option as name=value (repeatable): a23, pure_sequence_beats_trio, langdi, k_a_2, jokers,
    /// cards, kaana_cards, and the turned-up cards: joker=RANK, wild_suit=SUIT, bust=RANK, common=CARD
    /// (e.g. --set langdi=true, --set joker=7)
    #[arg(long = "set", value_name = "OPTION=VALUE")]
    pub set: Vec<String>,
}

/// The rules `args` describe, or a message for the user. Only options that change how hands rank are taken
/// ([`ranking_options`]); each card a hand turns up must be given (`joker=7`, `wild_suit=h`, `bust=9`,
/// `common=Kd`), since there is no deal to draw it; `--variant` and `--set variant=` must agree; the parts must
/// combine ([`Rules::parts`]).
pub fn rules_from_args(args: &RankArgs) -> Result<Rules, String> {
    let mut rules = Rules::default();
    // The variant asked for, and where: two places asking for different ones are refused.
    let mut variant: Option<(String, Variant)> = None;
    let mut choose = |asked: String, value: &str, rules: &mut Rules| -> Result<(), String> {
        let v: Variant = value.parse().map_err(|e| format!("{asked}: {e}"))?;
        if let Some((first, chosen)) = &variant {
            if *chosen != v {
                return Err(format!("{first} and {asked} ask for different variants: give one"));
            }
        }
        rules.variant = v;
        variant = Some((asked, v));
        Ok(())
    };
    if let Some(v) = &args.variant {
        choose(format!("--variant {}", echo(v)), v, &mut rules)?;
    }
    for item in &args.set {
        let Some((name, value)) = item.split_once('=') else {
            return Err(format!("--set `{}`: expected OPTION=VALUE, e.g. langdi=true", echo(item)));
        };
        let shown = format!("--set {}", echo(item));
        let name = name.trim().to_ascii_lowercase().replace('-', "_");
        match name.as_str() {
            "variant" => choose(shown, value, &mut rules)?,
            n => match option(n) {
                Some(def) if def.ranks => rules.set(n, value).map_err(|e| format!("{shown}: {e}"))?,
                known => {
                    let what = if known.is_some() { "does not change how hands rank" } else { "is not an option" };
                    let takes = ranking_options().collect::<Vec<_>>().join(", ");
                    return Err(format!("{shown}: `{}` {what}; hand rank takes {takes}", echo(n)));
                }
            },
        }
    }
    let parts = rules.parts().map_err(|e| e.to_string())?;
    let drawn = [
        ("joker", "the turned-up wild rank", "joker=7", parts.joker == Turned::Draw),
        ("wild_suit", "the turned-up wild suit", "wild_suit=h", parts.wild_suit == Turned::Draw),
        ("bust", "the turned-up bust rank", "bust=9", parts.bust == Turned::Draw),
        (
            "common",
            "the common card",
            "common=Kd",
            rules.variant == Variant::IncompleteCommon && rules.common.is_none(),
        ),
    ];
    if let Some((option, what, example)) = drawn.iter().find(|d| d.3).map(|d| (d.0, d.1, d.2)) {
        let whose = if option == "joker" && rules.variant == Variant::Joker {
            "the joker variant".into()
        } else {
            format!("`{option}`")
        };
        return Err(format!("{whose} needs {what}: add --set {option}=… (e.g. {example})"));
    }
    Ok(rules)
}

/// One line of input, read with a bound.
enum Line {
    Text(String),
    TooLong,
    NotUtf8,
}

/// Reads the next line into `buf` (cleared first), keeping at most [`MAX_LINE_BYTES`] of it and skipping the
/// rest; `None` at the end of the input.
fn next_line<R: BufRead>(input: &mut R, buf: &mut Vec<u8>) -> io::Result<Option<Line>> {
    buf.clear();
    let (mut any, mut too_long) = (false, false);
    loop {
        let available = match input.fill_buf() {
            Ok(b) => b,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if available.is_empty() {
            break;
        }
        any = true;
        let newline = available.iter().position(|&b| b == b'\n');
        let take = newline.unwrap_or(available.len());
        let room = MAX_LINE_BYTES.saturating_sub(buf.len());
        if take > room {
            too_long = true;
        }
        buf.extend_from_slice(&available[..take.min(room)]);
        input.consume(newline.map_or(take, |n| n + 1));
        if newline.is_some() {
            break;
        }
    }
    if !any {
        return Ok(None);
    }
    if too_long {
        return Ok(Some(Line::TooLong));
    }
    if buf.last() == Some(&b'\r') {
        buf.pop();
    }
    Ok(Some(std::str::from_utf8(buf).map_or(Line::NotUtf8, |s| Line::Text(s.to_string()))))
}

/// Ranks every hand read from `input`, writing exactly one line to `out` for each line read, so that output line
/// N answers input line N: `category strength` for a hand, an empty line for a blank or comment line, `error`
/// for a bad line, whose reason goes to `errors` (`error: line N: ...`). Returns how many lines were bad.
pub fn rank_lines<R: BufRead, W: Write>(
    rules: &Rules,
    mut input: R,
    out: &mut W,
    errors: &mut dyn FnMut(String),
) -> io::Result<usize> {
    let eval = match Evaluator::new(rules, None) {
        Ok(e) => e,
        Err(e) => {
            errors(format!("error: {e}"));
            return Ok(1);
        }
    };
    let common = rules.parts().ok().filter(|_| rules.variant == Variant::IncompleteCommon).and(rules.common);
    let mut bad = 0;
    let mut buf = Vec::with_capacity(256);
    let mut number = 0;
    while let Some(line) = next_line(&mut input, &mut buf)? {
        number += 1;
        let result = match line {
            Line::Text(line) => {
                // A byte-order mark (Windows editors) is not part of the first hand.
                let line = if number == 1 { line.trim_start_matches('\u{feff}') } else { &line };
                let text = line.split('#').next().unwrap_or("").trim();
                if text.is_empty() {
                    writeln!(out)?;
                    continue;
                }
                parse_cards(text).map_err(|e| e.to_string()).and_then(|mut cards| {
                    // incomplete_common: each line holds the dealt card; the common one is added to it.
                    if let Some(c) = common {
                        let dealt = rules.parts().map_or(1, |p| p.plan.down);
                        if cards.len() != dealt {
                            return Err(format!(
                                "`{}`: a hand has {} here (the common card {c} is added to each line), not {}",
                                echo(text),
                                crate::engine::script::n_cards(dealt),
                                cards.len()
                            ));
                        }
                        cards.push(c);
                    }
                    eval.evaluate(&cards).map_err(|e| format!("`{}`: {e}", echo(text)))
                })
            }
            Line::TooLong => Err(format!("longer than {MAX_LINE_BYTES} bytes (a hand is a few cards)")),
            Line::NotUtf8 => Err("not UTF-8".to_string()),
        };
        match result {
            Ok(v) => writeln!(out, "{} {}", v.category, v.strength)?,
            Err(e) => {
                bad += 1;
                writeln!(out, "error")?;
                // Flushed first, so that a terminal shows the reason after the lines before it.
                out.flush()?;
                errors(format!("error: line {number}: {e}"));
            }
        }
    }
    Ok(bad)
}

pub fn run(args: &RankArgs) -> ExitCode {
    let rules = match rules_from_args(args) {
        Ok(r) => r,
        Err(e) => return crate::output::fatal(crate::output::EXIT_REFUSED, e),
    };
    let stdin = io::stdin();
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    let mut errors = |line: String| crate::note!("{line}");
    let result = rank_lines(&rules, stdin.lock(), &mut out, &mut errors).and_then(|bad| out.flush().map(|()| bad));
    match result {
        Ok(0) => ExitCode::SUCCESS,
        Ok(_) => ExitCode::FAILURE,
        Err(e) => super::output_failed(e),
    }
}
