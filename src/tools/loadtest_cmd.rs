//! `teenpatti-bot loadtest`: a load test of the bot's real path. Random players click through the real
//! `TableService` (actors, timers, store) at concurrent tables, with a presenter that renders every message
//! with the production renderer; shared wallets, double clicks and illegal clicks are mixed in. A progress line
//! goes to stderr each second, and one summary line to stdout at the end (see `docs/loadtest.md`):
//!
//! `loadtest tables=T players=P seconds=S actions=N refused=N actions_per_s=X p50_ms=X p99_ms=X max_ms=X errors=N
//! rss_kib=N rss_per_table_kib=X audit=ok`
//!
//! Exit status: 0, or 1 when the audit failed or any internal error was seen, or 2 when it could not run.

use std::process::ExitCode;
use std::time::Duration;

use clap::Args;

use crate::sim::{self, SimConfig, SimReport, Stop};
use crate::store::Store;

#[derive(Args, Debug)]
pub struct LoadtestArgs {
    /// Tables played concurrently.
    #[arg(long, default_value_t = 8, value_parser = super::at_least_one::<usize>)]
    pub tables: usize,
    /// Players per table (2 to 10).
    #[arg(long, default_value_t = 4, value_parser = super::players_arg())]
    pub players: usize,
    /// Actions per second per table, spread over each second with jitter; 0: as fast as the service answers.
    #[arg(long, default_value_t = 0.0)]
    pub rate: f64,
    /// Seconds of play (the tables are set up before and closed after).
    #[arg(long, default_value_t = 10)]
    pub seconds: u64,
    /// Database to play against. Omitted: a fresh temporary database, removed afterwards. DATABASE_URL is
    /// deliberately not read, so a load test never writes into the bot's real wallets.
    #[arg(long)]
    pub database_url: Option<String>,
    /// Seed for shuffles and choices.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// For the crash test: print `ack hand=<hand> seq=<seq> key=<key>` to stdout for every action the service
    /// answered as applied, the moment its answer arrives, and the store writer's `writer batches=B writes=W`
    /// every 100 ms of play.
    #[arg(long, hide = true)]
    pub ack_log: bool,
}

pub fn run(args: &LoadtestArgs) -> ExitCode {
    super::run_async(loadtest(args))
}

async fn loadtest(args: &LoadtestArgs) -> anyhow::Result<bool> {
    if !(args.rate.is_finite() && args.rate >= 0.0) {
        anyhow::bail!("--rate must be 0 (as fast as the service answers) or a positive number");
    }
    if args.seconds == 0 {
        anyhow::bail!("--seconds must be at least 1");
    }
    let cfg = SimConfig {
        tables: args.tables,
        players: args.players,
        seed: args.seed,
        stop: Stop::After(Duration::from_secs(args.seconds)),
        rate: (args.rate > 0.0).then_some(args.rate),
        progress: Some(Duration::from_secs(1)),
        ack_log: args.ack_log,
    };
    // Removed on drop, after the store is closed.
    let mut temporary = None;
    let url = match &args.database_url {
        Some(url) => url.clone(),
        None => {
            let dir = tempfile::Builder::new().prefix("teenpatti-loadtest-").tempdir()?;
            let url = format!("sqlite://{}", dir.path().join("loadtest.db").display());
            temporary = Some(dir);
            url
        }
    };
    eprintln!("loadtest: database {url}{}", if temporary.is_some() { " (temporary)" } else { "" });
    let store = Store::open(&url).await?;
    let played = sim::run(&store, &cfg).await;
    let audit = store.audit().await;
    store.close().await;
    drop(temporary);
    let (report, audit) = (played?, audit?);
    let c = &report.counts;
    let ok = audit.ok() && c.failed_checks == 0;
    if !audit.ok() {
        eprintln!("audit {audit}");
    }
    if c.failed_checks > 0 {
        eprintln!("{} answers the table service must never give (logged above)", c.failed_checks);
    }
    println!("{}", summary(args, &report, ok));
    Ok(ok && c.errors == 0)
}

/// The one summary line, for scripts.
fn summary(args: &LoadtestArgs, report: &SimReport, audit_ok: bool) -> String {
    let c = &report.counts;
    let ms = |d: Duration| d.as_secs_f64() * 1e3;
    format!(
        "loadtest tables={} players={} seconds={} actions={} refused={} actions_per_s={:.1} p50_ms={:.3} \
         p99_ms={:.3} max_ms={:.3} errors={} rss_kib={} rss_per_table_kib={:.1} audit={}",
        args.tables,
        args.players,
        args.seconds,
        c.actions,
        c.refused,
        report.actions_per_sec(),
        ms(report.latency.p50),
        ms(report.latency.p99),
        ms(report.latency.max),
        c.errors,
        report.rss_peak_kib,
        report.rss_per_table_kib(),
        if audit_ok { "ok" } else { "FAILED" }
    )
}
