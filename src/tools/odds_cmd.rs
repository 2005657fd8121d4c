//! `teenpatti-bot odds CARDS [--variant V] [--set option=value]... [--players N] [--known CARDS]`: the exact odds of
//! a hand against one unknown hand (with the known cards out of the pack), its percentile among all hands, and,
//! with `--players` above 2, its chance against every other player by sampling (with a 95% error bar). The last
//! line is always `odds win=X tie=X lose=X percentile=X` (fractions against one unknown hand), for scripts.

use std::process::ExitCode;

use clap::Args;
use rand::SeedableRng;

use crate::engine::cards::{parse_cards, pretty_cards};
use crate::engine::odds::{against_many, against_one};
use crate::engine::rank::evaluate;
use crate::output::{fatal, EXIT_REFUSED};
use crate::tools::rank_cmd::{rules_from_args, RankArgs};

#[derive(Args, Debug)]
pub struct OddsArgs {
    /// The hand, e.g. "As Kd Qh"
    pub cards: String,
    /// The variant (as `hand rank` takes it)
    #[arg(long)]
    pub variant: Option<String>,
    /// A ranking option as name=value (repeatable), as `hand rank` takes it
    #[arg(long = "set", value_name = "OPTION=VALUE")]
    pub set: Vec<String>,
    /// Players still in the hand, you included (2 to 17): above 2, the chance against all of them is sampled
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u32).range(2..=17))]
    pub players: u32,
    /// Other cards you know are not in anyone's hand (shown to you), e.g. "7c 2d"
    #[arg(long)]
    pub known: Option<String>,
    /// Deals sampled against several players
    #[arg(long, default_value_t = 20_000, value_parser = clap::value_parser!(u32).range(100..=10_000_000))]
    pub samples: u32,
}

pub fn run(args: &OddsArgs) -> ExitCode {
    super::finish(odds(args))
}

fn odds(args: &OddsArgs) -> Result<ExitCode, crate::output::OutputError> {
    let rules = match rules_from_args(&RankArgs { variant: args.variant.clone(), set: args.set.clone() }) {
        Ok(r) => r,
        Err(e) => return Ok(fatal(EXIT_REFUSED, e)),
    };
    let parsed = parse_cards(&args.cards).and_then(|h| Ok((h, parse_cards(args.known.as_deref().unwrap_or(""))?)));
    let (hand, known) = match parsed {
        Ok(p) => p,
        Err(e) => return Ok(fatal(EXIT_REFUSED, e)),
    };
    let odds = match against_one(&hand, &known, &rules) {
        Ok(o) => o,
        Err(e) => return Ok(fatal(EXIT_REFUSED, e)),
    };
    let value = evaluate(&hand, &rules, rules.joker.fixed()).map(|v| v.describe()).unwrap_or_default();
    // Everything is worked out before anything is printed: a refusal is the only line.
    let many = if args.players > 2 {
        let opponents = args.players as usize - 1;
        let mut rng = rand_chacha::ChaCha8Rng::from_entropy();
        match against_many(&hand, &known, &rules, opponents, args.samples, &mut rng) {
            Ok(s) => Some((opponents, s)),
            Err(e) => return Ok(fatal(EXIT_REFUSED, e)),
        }
    } else {
        None
    };
    crate::out!("{}: {value} under {} rules", pretty_cards(&hand), rules.variant)?;
    crate::out!(
        "against one unknown hand ({} possible): win {:.4}, tie {:.4}, lose {:.4}; percentile {:.4}",
        odds.hands,
        odds.win,
        odds.tie,
        odds.lose,
        odds.percentile
    )?;
    if let Some((opponents, s)) = many {
        crate::out!(
            "against {opponents} unknown hands (sampled, {} deals): win {:.4} ± {:.4} (95%), tie {:.4}",
            s.samples,
            s.win,
            s.error,
            s.tie
        )?;
    }
    crate::out!(
        "odds win={:.6} tie={:.6} lose={:.6} percentile={:.6}",
        odds.win,
        odds.tie,
        odds.lose,
        odds.percentile
    )?;
    Ok(ExitCode::SUCCESS)
}
