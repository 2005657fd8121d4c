//! Command-line interface: `run` (default), `hand rank`, `replay`, `simulate`, `loadtest`.
//! Each subcommand's work lives in its own module under `tools/` (or the bot).

use std::process::ExitCode;

use clap::{Parser, Subcommand};

use crate::tools::chaos_cmd::ChaosArgs;
use crate::tools::loadtest_cmd::LoadtestArgs;
use crate::tools::rank_cmd::RankArgs;
use crate::tools::replay_cmd::ReplayArgs;
use crate::tools::simulate_cmd::SimulateArgs;

#[derive(Parser, Debug)]
#[command(name = "teenpatti-bot", version, about = "Teen Patti tables for Discord")]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<CliCommand>,
}

#[derive(Subcommand, Debug)]
pub enum CliCommand {
    /// Start the bot (the default). Needs DISCORD_TOKEN.
    Run,
    /// Hand tools.
    #[command(subcommand)]
    Hand(HandCommand),
    /// Replay a hand script and print what the rules say happened.
    Replay(ReplayArgs),
    /// Play random hands through the table service and a real database (the crash drill).
    Simulate(SimulateArgs),
    /// Load-test the table service: concurrent tables at a rate for some seconds; one summary line at the end.
    Loadtest(LoadtestArgs),
    /// The seeded simulation of the table service, with faults and restarts (docs/chaos.md).
    #[command(hide = true)]
    Chaos(ChaosArgs),
}

#[derive(Subcommand, Debug)]
pub enum HandCommand {
    /// Read one hand a line on stdin; print `category strength` a line.
    Rank(RankArgs),
}

pub fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command.unwrap_or(CliCommand::Run) {
        CliCommand::Run => run_bot(),
        CliCommand::Hand(HandCommand::Rank(args)) => crate::tools::rank_cmd::run(&args),
        CliCommand::Replay(args) => crate::tools::replay_cmd::run(&args),
        CliCommand::Simulate(args) => crate::tools::simulate_cmd::run(&args),
        CliCommand::Loadtest(args) => crate::tools::loadtest_cmd::run(&args),
        CliCommand::Chaos(args) => crate::tools::chaos_cmd::run(&args),
    }
}

fn init_logging() {
    use tracing_subscriber::EnvFilter;
    let filter = EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new("info"));
    let ansi = std::env::var_os("NO_COLOR").is_none();
    let _ = tracing_subscriber::fmt().with_env_filter(filter).with_ansi(ansi).with_target(false).try_init();
}

fn run_bot() -> ExitCode {
    let config = match crate::config::Config::from_env() {
        Ok(c) => c,
        Err(e) => {
            eprintln!("teenpatti-bot: {e}");
            return ExitCode::from(2);
        }
    };
    init_logging();
    let runtime = match tokio::runtime::Runtime::new() {
        Ok(r) => r,
        Err(e) => {
            eprintln!("teenpatti-bot: could not start the async runtime: {e}");
            return ExitCode::FAILURE;
        }
    };
    tracing::info!(database = %config.database_url, api = ?config.api_url, dev_guild = ?config.dev_guild, "starting");
    match runtime.block_on(crate::discord::run(config)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            tracing::error!("{e:#}");
            eprintln!("teenpatti-bot: {e:#}");
            ExitCode::FAILURE
        }
    }
}
