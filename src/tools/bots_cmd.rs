//! `teenpatti-bot bots --a hard --b easy [--players N] [--deals N] [--variant V] [--set …] [--seed S]`: how strong a
//! computer player is, in chips won a hand against another strategy, with a 95% confidence interval.
//!
//! Duplicate play: every deal is played twice, the second time with the strategies' seats swapped (the same cards,
//! the same dealer), so the luck of the cards cancels and the interval is much narrower than over single hands.
//! The seats alternate A, B, A, B… around the table; every hand starts with fresh stacks. A's result for a deal is
//! the mean net of its seats over both plays. The last line, for scripts, is
//! `bots a=A b=B players=N deals=N mean=X ci95=X boots_per_hand=X`.

use std::process::ExitCode;
use std::time::Instant;

use clap::Args;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::engine::bot::{play_hand, Brain, Strategy};
use crate::engine::cards::seeded_deck_with;
use crate::engine::hand::HandSetup;
use crate::engine::{Chips, Rules};
use crate::output::{fatal, EXIT_FAILED, EXIT_REFUSED};

#[derive(Args, Debug)]
pub struct BotsArgs {
    /// The strategy measured: easy, hard, baseline or random
    #[arg(long, default_value = "hard")]
    pub a: String,
    /// The strategy it plays against
    #[arg(long, default_value = "easy")]
    pub b: String,
    /// Seats at the table (A and B alternate)
    #[arg(long, default_value_t = 2, value_parser = crate::tools::players_arg())]
    pub players: usize,
    /// Deals, each played twice (seats swapped): 1 to 10,000,000
    #[arg(long, default_value_t = 10_000, value_parser = deals_arg)]
    pub deals: u32,
    /// The boot; every stack starts at 100 boots
    #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
    pub boot: u64,
    /// The variant (as `hand rank` takes it)
    #[arg(long)]
    pub variant: Option<String>,
    /// Any rule option a table takes, as name=value (repeatable), e.g. show_tie=split
    #[arg(long = "set", value_name = "OPTION=VALUE")]
    pub set: Vec<String>,
    /// The seed of the deals and the players' randomness
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Print every hand: the seats' cards, the actions and the nets
    #[arg(long)]
    pub trace: bool,
}

pub fn run(args: &BotsArgs) -> ExitCode {
    super::finish(bots(args))
}

fn bots(args: &BotsArgs) -> Result<ExitCode, crate::output::OutputError> {
    let (Some(a), Some(b)) = (Strategy::parse(&args.a), Strategy::parse(&args.b)) else {
        return Ok(fatal(EXIT_REFUSED, "--a and --b take easy, hard, baseline or random"));
    };
    let rules = match table_rules(args) {
        Ok(r) => r,
        Err(e) => return Ok(fatal(EXIT_REFUSED, e)),
    };
    let mut rng = ChaCha8Rng::seed_from_u64(args.seed);
    let mut brain = Brain::default();
    let n = args.players;
    let seats_ab: Vec<Strategy> = (0..n).map(|i| if i % 2 == 0 { a } else { b }).collect();
    let seats_ba: Vec<Strategy> = (0..n).map(|i| if i % 2 == 0 { b } else { a }).collect();
    let started = Instant::now();
    let mut results: Vec<f64> = Vec::with_capacity(args.deals as usize);
    let mut actions = 0usize;
    for deal in 0..args.deals {
        let setup = HandSetup {
            rules: rules.clone(),
            stacks: vec![rules.boot.saturating_mul(100); n],
            dealer: deal as usize % n,
            deck: seeded_deck_with(rng.gen(), rules.jokers as usize),
            kaana_dormant: false,
            posts: Vec::new(),
        };
        let mut total = 0.0;
        for (seats, mine) in [(&seats_ab, 0), (&seats_ba, 1)] {
            let hand = match play_hand(&setup, seats, &mut brain, &mut rng) {
                Ok(h) => h,
                Err(e) => return Ok(fatal(EXIT_FAILED, format_args!("deal {deal}: {e}"))),
            };
            actions += hand.actions().len();
            let nets = hand.nets();
            if args.trace {
                let names: Vec<&str> = seats.iter().map(|s| s.name()).collect();
                let cards: Vec<String> = (0..n)
                    .map(|s| hand.own_cards(s).map(|c| crate::engine::cards::pretty_cards(&c)).unwrap_or_default())
                    .collect();
                crate::out!("deal {deal} {names:?} {cards:?}")?;
                crate::out!("  {:?}", hand.actions())?;
                crate::out!("  nets {nets:?}")?;
            }
            let ours: Vec<i64> = nets.iter().enumerate().filter(|(i, _)| i % 2 == mine).map(|(_, &v)| v).collect();
            total += ours.iter().sum::<i64>() as f64 / ours.len().max(1) as f64;
        }
        results.push(total / 2.0);
    }
    let (mean, ci) = mean_ci95(&results);
    let secs = started.elapsed().as_secs_f64();
    crate::out!(
        "{} against {} at {n} seats, {} deals played twice (seats swapped), {} rules, boot {}, stacks of 100 boots:",
        a.name(),
        b.name(),
        args.deals,
        rules.variant,
        rules.boot
    )?;
    crate::out!(
        "{} wins {mean:+.2} chips a hand (95% CI ± {ci:.2}), {:+.3} boots; {:.1} actions a hand; {:.1} s",
        a.name(),
        mean / rules.boot as f64,
        actions as f64 / (2.0 * f64::from(args.deals)),
        secs
    )?;
    crate::out!(
        "bots a={} b={} players={n} deals={} mean={mean:.4} ci95={ci:.4} boots_per_hand={:.4}",
        a.name(),
        b.name(),
        args.deals,
        mean / rules.boot as f64
    )?;
    Ok(ExitCode::SUCCESS)
}

/// The most deals a run plays (each twice): 10 million take about an hour.
pub const MAX_DEALS: u32 = 10_000_000;

/// `--deals`, refused in words when it is not 1 to [`MAX_DEALS`].
fn deals_arg(arg: &str) -> Result<u32, String> {
    arg.parse::<u32>()
        .ok()
        .filter(|n| (1..=MAX_DEALS).contains(n))
        .ok_or_else(|| format!("must be a whole number from 1 to {MAX_DEALS}"))
}

/// The rules the hands are played under: the variant, then every `--set` option (any rule option a table takes,
/// as `/table open rules:` does), with the boot; refused as a table would refuse them, and dealer's choice too
/// (a computer player does not pick a game).
fn table_rules(args: &BotsArgs) -> Result<Rules, String> {
    let rules =
        super::rules_from(Rules { boot: args.boot as Chips, ..Rules::default() }, args.variant.as_deref(), &args.set)?;
    if rules.variant == crate::engine::Variant::DealersChoice {
        return Err("--variant dealers_choice: computer players do not pick a game; name the variant to play".into());
    }
    Ok(rules)
}

/// The mean of `xs` and the half-width of its 95% confidence interval (normal approximation).
pub fn mean_ci95(xs: &[f64]) -> (f64, f64) {
    let n = xs.len() as f64;
    if xs.len() < 2 {
        return (xs.first().copied().unwrap_or(0.0), f64::INFINITY);
    }
    let mean = xs.iter().sum::<f64>() / n;
    let var = xs.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1.0);
    (mean, 1.96 * (var / n).sqrt())
}
