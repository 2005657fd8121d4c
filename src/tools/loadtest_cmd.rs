//! `teenpatti-bot loadtest`: a load test of the bot's real path. Random players click through the real
//! `TableService` (actors, timers, store) at concurrent tables, with a presenter that renders every message
//! with the production renderer; shared wallets, double clicks and illegal clicks are mixed in. A progress line
//! goes to stderr each second, and one summary line to stdout at the end (see `docs/loadtest.md`):
//!
//! `loadtest tables=T players=P seconds=S actions=N refused=N actions_per_s=X p50_ms=X p99_ms=X max_ms=X errors=N
//! rss_kib=N rss_per_table_kib=X service_cpu_us_per_action=X driver_cpu_us_per_action=X audit=ok`
//!
//! With `--soak` or `--faults RATE`, a soak line on stderr too (memory flat, no task left, the books exact; see
//! `docs/chaos.md`, "Soak"):
//!
//! `soak samples=N rss_first_kib=N rss_last_kib=N rss_bound_kib=N tasks_before=N tasks_after=N store_faults=N
//! discord_faults=N faulted=N audit=ok verdict=ok`
//!
//! Exit status: 0, or 1 when the audit failed, any unexplained internal error was seen, or a soak check failed,
//! or 2 when it could not run.
//!
//! SIGTERM or Ctrl-C stops play early: the tables are closed, the books checked and the summary printed for what
//! ran, the temporary database removed, and the status is as above (docs/process.md). The temporary database
//! lives in `$TMPDIR/teenpatti-loadtest-<pid>-…/`; one left by a run that was killed (SIGKILL) is removed by the
//! next run.

use std::process::ExitCode;
use std::time::Duration;

use clap::Args;

use crate::sim::{self, Faults, Halt, Halted, SimConfig, SimReport, SoakReport, Stop};
use crate::store::{shown_url, OpenOptions, Store};

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
    /// Fail this fraction (0 to 1) of the store's write batches, and of Discord's posts, edits and DMs, during
    /// play, drawn from --seed. Implies --soak. Answers a fault explains are counted apart, not as errors.
    #[arg(long, value_name = "RATE")]
    pub faults: Option<f64>,
    /// Soak checks: resident memory flat through play, no task left after the tables close (a soak line on
    /// stderr; exit 1 if a check fails).
    #[arg(long)]
    pub soak: bool,
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
    let faults = args.faults.map(|rate| Faults::new(rate, args.seed)).transpose()?;
    let halt = Halt::default();
    halt.on_signals();
    let cfg = SimConfig {
        tables: args.tables,
        players: args.players,
        seed: args.seed,
        rules: sim::default_rules(),
        stop: Stop::After(Duration::from_secs(args.seconds)),
        rate: (args.rate > 0.0).then_some(args.rate),
        progress: Some(Duration::from_secs(1)),
        ack_log: args.ack_log,
        faults: faults.clone(),
        soak: args.soak || faults.is_some(),
        halt: halt.clone(),
    };
    // Removed on drop, after the store is closed.
    let mut temporary = None;
    let url = match &args.database_url {
        Some(url) => url.clone(),
        None => {
            remove_stale_temporaries();
            let dir = tempfile::Builder::new().prefix(&format!("{TEMP_PREFIX}{}-", std::process::id())).tempdir()?;
            let url = format!("sqlite://{}", dir.path().join("loadtest.db").display());
            temporary = Some(dir);
            url
        }
    };
    crate::note!("loadtest: database {}{}", shown_url(&url), if temporary.is_some() { " (temporary)" } else { "" });
    let options = OpenOptions { faults: faults.as_ref().map(Faults::plan), ..OpenOptions::default() };
    // A refused open returns here; the temporary folder is removed as it drops.
    let store = Store::open_with(&url, options).await?;
    let played = sim::run(&store, &cfg).await;
    // After another process took the database over, nothing more is read or written.
    let taken = matches!(halt.reason(), Some(Halted::TakenOver(_)));
    let audit = if taken { None } else { Some(store.audit().await) };
    store.close().await;
    if let Some(dir) = temporary {
        let path = dir.path().display().to_string();
        if let Err(e) = dir.close() {
            crate::note!("loadtest: could not remove the temporary database {path}: {e}");
        }
    }
    let report = played?;
    let audit = audit.ok_or_else(|| anyhow::anyhow!("the database was taken over"))??;
    let c = &report.counts;
    let ok = audit.ok() && c.failed_checks == 0;
    if !audit.ok() {
        crate::note!("audit {audit}");
    }
    if c.failed_checks > 0 {
        crate::note!("{} answers the table service must never give (logged above)", c.failed_checks);
    }
    match halt.reason() {
        Some(Halted::Signal(which)) => crate::note!(
            "loadtest: stopped by {which} after {:.1} s of the {} s asked; the summary is of what ran",
            report.elapsed.as_secs_f64(),
            args.seconds
        ),
        Some(Halted::OutputClosed) => return Err(crate::output::OutputError::Closed.into()),
        Some(failed @ Halted::OutputFailed(_)) => return Err(failed.into()),
        _ => {}
    }
    crate::out!("{}", summary(args, &report, ok))?;
    let soak_ok = report.soak.as_ref().is_none_or(|soak| soak_verdict(soak, &report, faults.as_deref(), ok));
    Ok(ok && c.errors == 0 && soak_ok)
}

/// Prints the soak line on stderr (and a line for each failed check); true when every check held.
fn soak_verdict(soak: &SoakReport, report: &SimReport, faults: Option<&Faults>, audit_ok: bool) -> bool {
    if !soak.rss_ok() {
        crate::note!(
            "soak FAILED: memory grew from {} KiB (median of the first quartile of the samples) to {} KiB (of the \
             last quartile), over the bound {} KiB (10% + 4 MiB)",
            soak.rss_first_kib,
            soak.rss_last_kib,
            soak.rss_bound_kib()
        );
    }
    if !soak.tasks_ok() {
        crate::note!(
            "soak FAILED: {} tasks alive after the tables closed, {} before they opened: a task was left behind",
            soak.tasks_after,
            soak.tasks_before
        );
    }
    let ok = soak.ok() && audit_ok && report.counts.errors == 0;
    let injected = |f: fn(&Faults) -> u64| faults.map_or(0, f);
    crate::note!(
        "soak samples={} rss_first_kib={} rss_last_kib={} rss_bound_kib={} tasks_before={} tasks_after={} \
         store_faults={} discord_faults={} faulted={} audit={} verdict={}",
        soak.samples,
        soak.rss_first_kib,
        soak.rss_last_kib,
        soak.rss_bound_kib(),
        soak.tasks_before,
        soak.tasks_after,
        injected(Faults::store_injected),
        injected(Faults::discord_injected),
        report.counts.faulted,
        if audit_ok { "ok" } else { "FAILED" },
        if ok { "ok" } else { "FAILED" }
    );
    ok
}

/// The folders of temporary databases: `<prefix><pid>-<random>`.
const TEMP_PREFIX: &str = "teenpatti-loadtest-";

/// Removes the temporary databases of runs that were killed (their process is gone), so that a SIGKILL does not
/// leave one behind for good. Only where `/proc` tells which processes live, and only a database no process holds
/// (its file lock, `store::open`): a run in another PID namespace sharing this TMPDIR looks dead by its number.
fn remove_stale_temporaries() {
    if !std::path::Path::new("/proc/self").exists() {
        return;
    }
    let Ok(entries) = std::fs::read_dir(std::env::temp_dir()) else { return };
    for entry in entries.flatten() {
        let name = entry.file_name();
        let Some(pid) = name.to_str().and_then(|n| n.strip_prefix(TEMP_PREFIX)).and_then(|r| r.split('-').next())
        else {
            continue;
        };
        let Ok(pid) = pid.parse::<u32>() else { continue };
        if pid != std::process::id() && !std::path::Path::new(&format!("/proc/{pid}")).exists() {
            let held = std::fs::File::open(entry.path().join("loadtest.db"))
                .is_ok_and(|db| matches!(db.try_lock(), Err(std::fs::TryLockError::WouldBlock)));
            if !held {
                let _ = std::fs::remove_dir_all(entry.path());
            }
        }
    }
}

/// The one summary line, for scripts.
fn summary(args: &LoadtestArgs, report: &SimReport, audit_ok: bool) -> String {
    let c = &report.counts;
    let ms = |d: Duration| d.as_secs_f64() * 1e3;
    format!(
        "loadtest tables={} players={} seconds={} actions={} refused={} actions_per_s={:.1} p50_ms={:.3} \
         p99_ms={:.3} max_ms={:.3} errors={} rss_kib={} rss_per_table_kib={:.1} service_cpu_us_per_action={:.1} \
         driver_cpu_us_per_action={:.1} audit={}",
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
        report.cpu_us_per_action().0,
        report.cpu_us_per_action().1,
        if audit_ok { "ok" } else { "FAILED" }
    )
}
