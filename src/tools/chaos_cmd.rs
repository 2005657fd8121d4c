//! `teenpatti-bot chaos` (hidden): the seeded simulation of the table service (`sim::chaos`, docs/chaos.md).
//! Each seed is run twice and must give the same trace; one line per seed on stdout
//! (`chaos seed=N ... trace=HASH ok`), and for a seed that fails, what failed, `rerun: teenpatti-bot chaos
//! --seed N ...` and the end of its trace. Exit status 0, 1 when a seed failed, 2 when it could not run.

use std::process::ExitCode;

use clap::Args;

use crate::sim::chaos;

#[derive(Args, Debug)]
pub struct ChaosArgs {
    /// The first seed.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// How many seeds, from --seed on, at least 1 (hours: --seeds 100000).
    #[arg(long, default_value_t = 1, value_parser = super::at_least_one::<u64>)]
    pub seeds: u64,
    /// Steps per seed.
    #[arg(long, default_value_t = 200)]
    pub steps: usize,
    /// Print each seed's whole trace.
    #[arg(long)]
    pub trace: bool,
}

pub fn run(args: &ChaosArgs) -> ExitCode {
    super::finish(chaos(args))
}

fn chaos(args: &ChaosArgs) -> Result<ExitCode, crate::output::OutputError> {
    // Quiet unless asked: every injected fault is logged as the failure it stands for.
    if let Err(exit) = super::init_logging("off") {
        return Ok(exit);
    }
    let mut failed = 0u64;
    for seed in args.seed..args.seed.saturating_add(args.seeds) {
        let verdict = match chaos::check_seed(seed, args.steps, &std::env::temp_dir()) {
            Ok(v) => v,
            Err(e) => {
                return Ok(crate::output::fatal(
                    crate::output::EXIT_REFUSED,
                    format_args!("seed {seed} could not run: {e:#}"),
                ))
            }
        };
        if args.trace {
            for line in &verdict.run.trace {
                crate::out!("{line}")?;
            }
        }
        crate::out!("{}", verdict.summary())?;
        if !verdict.ok() {
            failed += 1;
            for line in verdict.failure_report().lines() {
                crate::note!("{line}");
            }
        }
    }
    if args.seeds > 1 {
        crate::out!("chaos seeds={} failed={failed}", args.seeds)?;
    }
    Ok(if failed == 0 { ExitCode::SUCCESS } else { ExitCode::FAILURE })
}
