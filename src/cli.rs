//! Command-line interface: `run` (default), `hand rank`, `replay`, `simulate`, `loadtest`, and the operator's
//! `backup` and `audit`.
//! Each subcommand's work lives in its own module under `tools/` (or the bot).

use std::process::ExitCode;

use clap::{Parser, Subcommand};

use crate::tools::audit_cmd::AuditArgs;
use crate::tools::backup_cmd::BackupArgs;
use crate::tools::bots_cmd::BotsArgs;
use crate::tools::chaos_cmd::ChaosArgs;
use crate::tools::loadtest_cmd::LoadtestArgs;
use crate::tools::odds_cmd::OddsArgs;
use crate::tools::picture_cmd::PictureArgs;
use crate::tools::rank_cmd::RankArgs;
use crate::tools::replay_cmd::ReplayArgs;
use crate::tools::simulate_cmd::SimulateArgs;
use crate::tools::webload_cmd::WebloadArgs;

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
    /// The exact odds of a hand against one unknown hand, its percentile, and its chance against more players.
    Odds(OddsArgs),
    /// How strong a computer player is: chips won a hand against another strategy, with a 95% confidence interval.
    Bots(BotsArgs),
    /// Play random hands through the table service and a real database (the crash drill).
    Simulate(SimulateArgs),
    /// Load-test the table service: concurrent tables at a rate for some seconds; one summary line at the end.
    Loadtest(LoadtestArgs),
    /// Load-test the web pages: a server's leaderboard pages at a rate from several clients, against the
    /// stylesheet as the floor, on a fresh temporary database; one summary line.
    Webload(WebloadArgs),
    /// Copy the SQLite database to a new FILE, while the bot runs or not (PostgreSQL: says how to run pg_dump).
    ///
    /// Read-only, without the bot's lock, in one consistent snapshot (`VACUUM INTO`); the copy is checked with
    /// `PRAGMA integrity_check` before it is kept, and a failed backup leaves no file. Exit status 0: copied;
    /// 1: the copy failed its check (the database may be damaged); 2: no copy made (one `error:` line says why).
    Backup(BackupArgs),
    /// Check the books offline, while the bot runs or not: one line per problem, exit 1 if any.
    ///
    /// Every balance equals its ledger and is not negative, every hand's rows agree with its pot and status, chips
    /// are conserved (balances + live pots = chips granted), transfers net zero, no ledger row lacks its wallet.
    /// Read-only, without the bot's lock, in one snapshot; never migrates. Exit status 0: the books are right
    /// (one `audit ok` line with the totals); 1: a problem was found; 2: the database could not be read.
    Audit(AuditArgs),
    /// The seeded simulation of the table service, with faults and restarts (docs/chaos.md).
    #[command(hide = true)]
    Chaos(ChaosArgs),
    /// The real-path benchmark's floor: the bot's Discord layer answering every click with one fixed update
    /// (docs/performance.md). Needs what `run` needs, opens no database.
    #[command(hide = true)]
    Floor,
}

#[derive(Subcommand, Debug)]
pub enum HandCommand {
    /// Read one hand a line on stdin; print `category strength` a line.
    Rank(RankArgs),
    /// Draw the card picture the bot attaches (one row per argument) and print its size and drawing time.
    Picture(PictureArgs),
}

pub fn main() -> ExitCode {
    crate::logs::install_panic_hook();
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => return usage(&e),
    };
    match cli.command.unwrap_or(CliCommand::Run) {
        CliCommand::Run => run_bot(false),
        CliCommand::Floor => run_bot(true),
        CliCommand::Hand(HandCommand::Rank(args)) => crate::tools::rank_cmd::run(&args),
        CliCommand::Hand(HandCommand::Picture(args)) => crate::tools::picture_cmd::run(&args),
        CliCommand::Replay(args) => crate::tools::replay_cmd::run(&args),
        CliCommand::Odds(args) => crate::tools::odds_cmd::run(&args),
        CliCommand::Bots(args) => crate::tools::bots_cmd::run(&args),
        CliCommand::Simulate(args) => crate::tools::simulate_cmd::run(&args),
        CliCommand::Loadtest(args) => crate::tools::loadtest_cmd::run(&args),
        CliCommand::Webload(args) => crate::tools::webload_cmd::run(&args),
        CliCommand::Backup(args) => crate::tools::backup_cmd::run(&args),
        CliCommand::Audit(args) => crate::tools::audit_cmd::run(&args),
        CliCommand::Chaos(args) => crate::tools::chaos_cmd::run(&args),
    }
}

pub use crate::output::{fatal, EXIT_FAILED, EXIT_REFUSED};
use crate::tools::init_logging;

/// clap's answer to `--help`, `--version` or a bad argument, written without panicking on a closed stream:
/// help and version on stdout (exit 0), a usage error on stderr (exit 2).
fn usage(e: &clap::Error) -> ExitCode {
    use std::io::Write;
    let text = e.render().to_string();
    if e.use_stderr() {
        let _ = std::io::stderr().write_all(crate::redact::text(&text).as_bytes());
        ExitCode::from(EXIT_REFUSED)
    } else {
        match std::io::stdout().write_all(text.as_bytes()) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => crate::output::exit_for(&e.into()),
        }
    }
}

/// The ports `run` serves besides Discord, bound before anything else is said or opened.
pub struct Listeners {
    /// `METRICS_ADDR`: `/metrics`, `/healthz`, `/readyz`.
    pub metrics: Option<tokio::net::TcpListener>,
    /// `WEB_ADDR`: the servers' web pages.
    pub web: Option<tokio::net::TcpListener>,
}

/// `run` (or, `floor`, the benchmark's floor: [`crate::discord::floor`]).
fn run_bot(floor: bool) -> ExitCode {
    let config = match crate::config::Config::from_env() {
        Ok(c) => c,
        Err(e) => return fatal(EXIT_REFUSED, e),
    };
    if let Err(exit) = init_logging("info") {
        return exit;
    }
    let runtime = match tokio::runtime::Runtime::new() {
        Ok(r) => r,
        Err(e) => return fatal(EXIT_FAILED, format_args!("could not start the async runtime: {e}")),
    };
    // The operator's port is bound before anything else is said or opened: a port in use is one line (exit 2).
    let metrics = match config.metrics_addr.filter(|_| !floor) {
        Some(addr) => match runtime.block_on(crate::metrics::serve::bind(addr)) {
            Ok(listener) => Some(listener),
            Err(e) => return fatal(EXIT_REFUSED, e),
        },
        None => None,
    };
    let web = match config.web_addr.filter(|_| !floor) {
        Some(addr) => match runtime.block_on(crate::web::bind(addr)) {
            Ok(listener) => Some(listener),
            Err(e) => return fatal(EXIT_REFUSED, e),
        },
        None => None,
    };
    let api = match (&config.api_url, &config.test_discord) {
        (Some(url), _) => crate::redact::url(url),
        (None, Some(test)) => format!("discord.com at {} (TEST ONLY: TEENPATTI_TESTING=1)", test.addr),
        (None, None) => "Discord".to_string(),
    };
    tracing::info!(database = %crate::store::shown_url(&config.database_url), %api, dev_guild = ?config.dev_guild, "starting");
    let result = match floor {
        false => runtime.block_on(crate::discord::run(config, Listeners { metrics, web })),
        true => runtime.block_on(crate::discord::floor::run(config)),
    };
    // Whatever is still running (a connection attempt, a reconnecting shard) is abandoned after this bound: the
    // store is already closed (`discord::run` closes it on every path), so nothing that matters is cut short.
    runtime.shutdown_timeout(std::time::Duration::from_secs(2));
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => fatal(if e.is_refusal() { EXIT_REFUSED } else { EXIT_FAILED }, e),
    }
}
