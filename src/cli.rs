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
    /// Database to play against (its own file: DATABASE_URL is deliberately not read, so a load
    /// test never writes into the bot's real wallets).
    #[arg(long, default_value = "sqlite://teenpatti-sim.db")]
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
        Command::Run => run_bot(),
        Command::Hand(HandCommand::Rank(args)) => crate::tools::rank_cmd::run(&args),
        Command::Replay(args) => crate::tools::replay_cmd::run(&args),
        Command::Simulate(args) => crate::tools::simulate_cmd::run(&args),
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
