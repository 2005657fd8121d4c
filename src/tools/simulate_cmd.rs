//! `teenpatti-bot simulate`: a load test and crash drill of the table service against a real database.

use std::process::ExitCode;

use clap::Args;

use crate::sim::{self, SimConfig};
use crate::store::Store;

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

pub fn run(args: &SimulateArgs) -> ExitCode {
    let _ = tracing_subscriber::fmt()
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_default_env()
                .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("warn")),
        )
        .with_writer(std::io::stderr)
        .try_init();
    let runtime = match tokio::runtime::Builder::new_multi_thread().enable_all().build() {
        Ok(rt) => rt,
        Err(e) => {
            eprintln!("error: cannot start the async runtime: {e}");
            return ExitCode::FAILURE;
        }
    };
    match runtime.block_on(simulate(args)) {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::FAILURE,
        Err(e) => {
            eprintln!("error: {e:#}");
            ExitCode::from(2)
        }
    }
}

async fn simulate(args: &SimulateArgs) -> anyhow::Result<bool> {
    let store = Store::open(&args.database_url).await?;
    let recovered = sim::recover(&store).await?;
    println!("recovered {recovered} live hands left by an interrupted run (refunded)");
    let cfg = SimConfig { tables: args.tables, hands: args.hands, players: args.players, seed: args.seed };
    let report = sim::run(&store, &cfg).await?;
    let audit = store.audit().await?;
    println!(
        "tables {}  players/table {}  hands {}  actions {}  elapsed {:.2}s  actions/s {:.0}",
        cfg.tables,
        cfg.players,
        report.hands,
        report.actions,
        report.elapsed.as_secs_f64(),
        report.actions_per_sec()
    );
    println!(
        "refused bets (wallet spent at another table) {}  refused Starts {}  repeated clicks (refused, changed nothing) {}  top-ups {}",
        report.refused, report.refused_starts, report.duplicates, report.top_ups
    );
    println!(
        "action latency (click to persisted answer) p50 {:.2} ms  p99 {:.2} ms  max {:.2} ms",
        report.latency(0.5).as_secs_f64() * 1e3,
        report.latency(0.99).as_secs_f64() * 1e3,
        report.latency(1.0).as_secs_f64() * 1e3
    );
    println!(
        "Discord calls the tables made: {} hand messages, {} edits, {} DMs",
        report.shown.posts, report.shown.edits, report.shown.dms
    );
    println!("audit {audit}");
    if let Some(kib) = peak_rss_kib() {
        println!("peak memory (VmHWM) {:.1} MiB", kib as f64 / 1024.0);
    }
    store.close().await;
    Ok(audit.ok())
}

/// The process's peak resident set size, from /proc (Linux only).
fn peak_rss_kib() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}
