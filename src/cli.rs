//! Command-line interface: `run` (default), `hand rank`, `replay`, `simulate`.
//! Each subcommand's work lives in its own module under `tools/` (or the bot).

use std::process::ExitCode;

use clap::{Args, Parser, Subcommand};

#[derive(Parser, Debug)]
#[command(name = "teenpatti-bot", version, about = "Teen Patti tables for Discord")]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Start the bot (the default). Needs DISCORD_TOKEN.
    Run,
    /// Hand tools.
    #[command(subcommand)]
    Hand(HandCommand),
    /// Replay a hand script and print what the rules say happened.
    Replay(ReplayArgs),
    /// Play random hands through the real store (load test and crash drill).
    Simulate(SimulateArgs),
}

#[derive(Subcommand, Debug)]
pub enum HandCommand {
    /// Read one hand a line on stdin; print `category strength` a line.
    Rank(RankArgs),
}

#[derive(Args, Debug)]
pub struct RankArgs {
    /// classic, muflis, joker, ak47, high_wild, low_wild, best_of_four
    #[arg(long, default_value = "classic")]
    pub variant: String,
    /// Any rule option, as name=value (repeatable), e.g. --set langdi=true --set joker=7
    #[arg(long = "set", value_name = "OPTION=VALUE")]
    pub set: Vec<String>,
}

#[derive(Args, Debug)]
pub struct ReplayArgs {
    /// The hand script.
    pub file: std::path::PathBuf,
    /// Print one JSON object instead of a transcript.
    #[arg(long)]
    pub json: bool,
}

#[derive(Args, Debug)]
pub struct SimulateArgs {
    /// Database to play against.
    #[arg(long, env = "DATABASE_URL", default_value = "sqlite://teenpatti-sim.db")]
    pub database_url: String,
    /// Tables played concurrently.
    #[arg(long, default_value_t = 4)]
    pub tables: usize,
    /// Hands per table.
    #[arg(long, default_value_t = 100)]
    pub hands: usize,
    /// Players per table.
    #[arg(long, default_value_t = 4)]
    pub players: usize,
    /// Seed for shuffles and choices.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
}

pub fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command.unwrap_or(Command::Run) {
        Command::Run => {
            eprintln!("the bot is not built yet");
            ExitCode::FAILURE
        }
        Command::Hand(HandCommand::Rank(args)) => crate::tools::rank_cmd::run(&args),
        Command::Replay(args) => crate::tools::replay_cmd::run(&args),
        Command::Simulate(args) => crate::tools::simulate_cmd::run(&args),
    }
}
