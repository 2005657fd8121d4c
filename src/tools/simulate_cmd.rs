//! `teenpatti-bot simulate`: the crash drill of the table service against a real database. Random players play
//! a number of hands at each table through the driver `loadtest` also uses; a run first refunds the hands an
//! interrupted (killed) run left live and closes the tables it left open, and ends with the books' audit. Every
//! argument is checked before the database is touched; the run closes its tables, so the file it leaves behind
//! has no open table.

use std::process::ExitCode;

use clap::Args;

use crate::sim::{self, Halt, Halted, SimConfig, Stop};
use crate::store::Store;

#[derive(Args, Debug)]
pub struct SimulateArgs {
    /// Database to play against (its own file: DATABASE_URL is deliberately not read, so a drill never writes
    /// into the bot's real wallets).
    #[arg(long, default_value = "sqlite://teenpatti-sim.db")]
    pub database_url: String,
    /// Tables played concurrently (at least 1).
    #[arg(long, default_value_t = 4, value_parser = super::at_least_one::<usize>)]
    pub tables: usize,
    /// Hands per table (at least 1).
    #[arg(long, default_value_t = 100, value_parser = super::at_least_one::<u64>)]
    pub hands: u64,
    /// Players per table (2 to 10).
    #[arg(long, default_value_t = 4, value_parser = super::players_arg())]
    pub players: usize,
    /// Seed for shuffles and choices.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// The tables' variant (default classic; not dealers_choice: simulated players do not pick)
    #[arg(long)]
    pub variant: Option<String>,
    /// Any other rule option a table takes, as name=value (repeatable); the defaults are boot 10,
    /// chaal_limit 640, pot_limit 8000
    #[arg(long = "set", value_name = "OPTION=VALUE")]
    pub set: Vec<String>,
}

pub fn run(args: &SimulateArgs) -> ExitCode {
    super::run_async(simulate(args))
}

async fn simulate(args: &SimulateArgs) -> anyhow::Result<bool> {
    let rules =
        super::rules_from(sim::default_rules(), args.variant.as_deref(), &args.set).map_err(anyhow::Error::msg)?;
    if rules.variant == crate::engine::Variant::DealersChoice {
        anyhow::bail!("--variant dealers_choice: simulated players do not pick a game");
    }
    let halt = Halt::default();
    halt.on_signals();
    let store = Store::open(&args.database_url).await?;
    let result = play(args, rules, &store, &halt).await;
    store.close().await;
    result
}

/// The run on an open store: recover what an interrupted run left, play, report. A stop by signal ends play
/// early and reports what ran; another process taking the database over ends it with that one error.
async fn play(args: &SimulateArgs, rules: crate::engine::Rules, store: &Store, halt: &Halt) -> anyhow::Result<bool> {
    let recovered = sim::recover(store).await?;
    if recovered.hands > 0 || recovered.tables > 0 {
        crate::out!(
            "recovered {} live hands left by an interrupted run (refunded) and closed its {} tables",
            recovered.hands,
            recovered.tables
        )?;
    }
    let cfg = SimConfig {
        tables: args.tables,
        players: args.players,
        seed: args.seed,
        rules,
        stop: Stop::Hands(args.hands),
        rate: None,
        progress: None,
        ack_log: false,
        faults: None,
        soak: false,
        halt: halt.clone(),
    };
    let report = sim::run(store, &cfg).await?;
    let audit = store.audit().await?;
    if let Some(Halted::Signal(which)) = halt.reason() {
        crate::note!("simulate: stopped by {which}; the figures are of what ran");
    }
    let c = &report.counts;
    crate::out!(
        "tables {}  players/table {}  hands {}  actions {}  elapsed {:.2}s  actions/s {:.0}",
        cfg.tables,
        cfg.players,
        c.hands,
        c.actions,
        report.elapsed.as_secs_f64(),
        report.actions_per_sec()
    )?;
    crate::out!(
        "refused: bets (wallet spent at another table) {}  starts {}  double clicks {}  illegal clicks {};  \
         top-ups {}  internal errors {}  failed checks {}",
        c.wallet_refused,
        c.refused_starts,
        c.duplicates,
        c.illegal,
        c.top_ups,
        c.errors,
        c.failed_checks
    )?;
    let ms = |d: std::time::Duration| d.as_secs_f64() * 1e3;
    crate::out!(
        "request latency (click to persisted answer) p50 {:.2} ms  p99 {:.2} ms  max {:.2} ms",
        ms(report.latency.p50),
        ms(report.latency.p99),
        ms(report.latency.max)
    )?;
    let shown = &report.shown;
    crate::out!(
        "Discord calls the tables made: {} hand messages, {} edits, {} DMs, {} answers ({} KiB rendered)",
        shown.posts,
        shown.edits,
        shown.dms,
        shown.answers,
        shown.bytes / 1024
    )?;
    crate::out!("audit {audit}")?;
    crate::out!("peak memory (VmHWM) {:.1} MiB", report.rss_peak_kib as f64 / 1024.0)?;
    Ok(audit.ok() && c.errors == 0 && c.failed_checks == 0)
}
