//! The driver behind `teenpatti-bot simulate` (the crash drill) and
//! `teenpatti-bot loadtest`: random players at concurrent tables, playing
//! through the bot's own [`TableService`] (its actors, timers and store) with
//! a recording presenter standing where Discord stands. Some players sit at
//! two tables at once, so one wallet is debited by two tables concurrently;
//! some clicks arrive twice at once, some are illegal.
//!
//! A run sets every table up (opened, players seated), then plays, timing
//! every request, until each table has played its hands or the time is up,
//! notes the peak memory, and closes the tables.
//!
//! `driver.rs` is one table's players; `recorder.rs` the presenter and the
//! responder (rendering every message with the production renderer);
//! `pace.rs` a click rate with jitter; `stats.rs` the counters and the
//! latency histogram; `rss.rs` the process's memory.

/// A set of counters shared by concurrent tasks (`$live`, one `AtomicU64` a field, with `snapshot()`), and
/// the same fields as plain numbers read at one moment (`$snapshot`).
macro_rules! counters {
    ($(#[$m:meta])* $snapshot:ident, $live:ident { $($(#[$fm:meta])* $field:ident),* $(,)? }) => {
        $(#[$m])*
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
        pub struct $snapshot {
            $($(#[$fm])* pub $field: u64,)*
        }

        #[derive(Default)]
        struct $live {
            $($field: std::sync::atomic::AtomicU64,)*
        }

        impl $live {
            fn snapshot(&self) -> $snapshot {
                $snapshot { $($field: self.$field.load(std::sync::atomic::Ordering::Relaxed),)* }
            }
        }
    };
}

pub mod chaos;
mod driver;
mod faults;
mod pace;
mod recorder;
pub mod rss;
mod soak;
mod stats;

use std::sync::Arc;
use std::time::Duration;

use tokio::sync::{watch, Barrier, Semaphore};
use tokio::time::Instant;

use crate::ids::{GuildId, UserId};
use crate::store::{Store, StoreError};
use crate::table::{TableService, Timings};
pub use driver::default_rules;
use driver::{Closer, TableDriver, Until};
pub use faults::Faults;
pub use recorder::{Recorder, Shown};
pub use soak::SoakReport;
pub use stats::{Counts, Latency, Stats};

/// Tables set up at once: tables open one by one in a real guild, and a thousand set-ups at once would make
/// the peak memory that of the set-up rather than of the tables.
const SET_UP_AT_ONCE: usize = 16;

/// The guild the simulator plays in.
pub const SIM_GUILD: GuildId = GuildId(900_000_000_000_000_001);
/// Channel of table `t` is `SIM_CHANNEL_BASE + t`.
pub const SIM_CHANNEL_BASE: u64 = 900_000_000_000_100_000;
/// Player ids start here.
pub const SIM_USER_BASE: u64 = 900_000_000_000_200_000;
/// The "admin" who tops up wallets.
pub const SIM_ADMIN: UserId = UserId(900_000_000_000_000_002);

#[derive(Clone, Debug)]
pub struct SimConfig {
    pub tables: usize,
    /// Players per table (2 to 10).
    pub players: usize,
    pub seed: u64,
    pub stop: Stop,
    /// Clicks per second per table, spread with jitter; None: each table clicks as soon as its last click
    /// was answered.
    pub rate: Option<f64>,
    /// Print a progress line to stderr this often.
    pub progress: Option<Duration>,
    /// Print `ack hand=<hand> seq=<seq> key=<key>` to stdout for every action the service answered as applied,
    /// flushed before that table's next request, and `writer batches=B writes=W` every 100 ms of play (the crash
    /// test checks each acknowledged action is in the database after a kill, and that batches held several).
    pub ack_log: bool,
    /// `loadtest --faults`: store batches and Discord calls failed during play.
    pub faults: Option<Arc<Faults>>,
    /// Run the soak checks ([`SimReport::soak`]).
    pub soak: bool,
    /// The tables' rules ([`default_rules`] unless `simulate --variant/--set` changed them).
    pub rules: crate::engine::Rules,
    /// Stops play early when set (a signal, a closed output; the run sets it itself when another process takes
    /// the database over). The run then closes its tables and reports what ran, as at its end.
    pub halt: Halt,
}

/// Why a run stopped before its end.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Halted {
    /// SIGTERM or Ctrl-C: what ran is reported, the books checked, as at the end.
    #[error("stopped by {0}")]
    Signal(&'static str),
    /// Standard output closed (`--ack-log`): the tool ends quietly.
    #[error("standard output was closed")]
    OutputClosed,
    /// Standard output could not be written (a full disk): the tool ends with this error.
    #[error("cannot write the output: {0}")]
    OutputFailed(String),
    /// Another process changed the database's hands ([`Store::taken_over`]): nothing this run writes can be
    /// trusted; it stops with this one line and exit 1.
    #[error("{0}")]
    TakenOver(String),
}

/// The way to stop a run early ([`SimConfig::halt`]); the first reason given is kept. Cheap to clone.
#[derive(Clone, Debug)]
pub struct Halt(watch::Sender<Option<Halted>>);

impl Default for Halt {
    fn default() -> Halt {
        Halt(watch::Sender::new(None))
    }
}

impl Halt {
    /// Stops the run (a later reason is ignored).
    pub fn set(&self, why: Halted) {
        self.0.send_if_modified(|held| {
            let first = held.is_none();
            held.get_or_insert(why);
            first
        });
    }

    pub fn is_set(&self) -> bool {
        self.0.borrow().is_some()
    }

    /// Why the run was stopped, if it was.
    pub fn reason(&self) -> Option<Halted> {
        self.0.borrow().clone()
    }

    /// Resolves once the run is stopped.
    pub async fn halted(&self) -> Halted {
        let mut rx = self.0.subscribe();
        let why = rx.wait_for(Option::is_some).await.map(|why| why.clone().unwrap_or(Halted::Signal("a stop request")));
        match why {
            Ok(why) => why,
            // The sender lives in `self`: it cannot be gone.
            Err(_) => std::future::pending().await,
        }
    }

    /// Sets the halt on the first SIGTERM or Ctrl-C (the handlers are registered before this returns; from then
    /// on these signals no longer end the process by themselves). A task of the current runtime.
    pub fn on_signals(&self) {
        let halt = self.clone();
        let signal = crate::signals::first_stop();
        tokio::spawn(async move {
            let which = signal.await;
            crate::note!("{which}: stopping (the tables are closed and what ran is summed up)");
            halt.set(Halted::Signal(which));
        });
    }
}

/// When the tables stop playing.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Stop {
    /// Each table has played this many hands to the end.
    Hands(u64),
    /// This long after play began.
    After(Duration),
}

#[derive(Clone, Debug, Default, PartialEq)]
pub struct SimReport {
    pub tables: usize,
    pub counts: Counts,
    /// Request-to-answer times of the players' requests during play.
    pub latency: Latency,
    /// Time spent playing (the set-up before and the closing after excluded).
    pub elapsed: Duration,
    /// What the tables would have shown on Discord.
    pub shown: Shown,
    /// Resident memory before any table opened, in KiB.
    pub rss_before_kib: u64,
    /// Peak resident memory with the tables open (set up and played), in KiB.
    pub rss_peak_kib: u64,
    /// CPU used during play, the service's apart from the players'.
    pub cpu: Cpu,
    /// With [`SimConfig::soak`]: memory through play, and the tasks left after the tables closed.
    pub soak: Option<SoakReport>,
}

/// CPU time during play, in microseconds: the service's (its actors, the store's writer and connections, the
/// presenter standing in for Discord) and the players' (the driver threads), read from `/proc`.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Cpu {
    pub service_us: u64,
    pub driver_us: u64,
}

impl SimReport {
    /// The service's CPU per committed action, and the players', in microseconds.
    pub fn cpu_us_per_action(&self) -> (f64, f64) {
        let per = |us: u64| if self.counts.actions == 0 { 0.0 } else { us as f64 / self.counts.actions as f64 };
        (per(self.cpu.service_us), per(self.cpu.driver_us))
    }

    /// Committed actions per second of play.
    pub fn actions_per_sec(&self) -> f64 {
        let secs = self.elapsed.as_secs_f64();
        if secs > 0.0 {
            self.counts.actions as f64 / secs
        } else {
            0.0
        }
    }

    /// (Peak memory with the tables open − memory before any opened) / tables, in KiB.
    pub fn rss_per_table_kib(&self) -> f64 {
        self.rss_peak_kib.saturating_sub(self.rss_before_kib) as f64 / self.tables.max(1) as f64
    }
}

/// Users of table `t`: consecutive tables share one player (the last seat
/// of table t is the first seat of table t+1).
pub fn table_users(t: usize, players: usize) -> Vec<u64> {
    let stride = players.saturating_sub(1).max(1);
    (0..players).map(|i| SIM_USER_BASE + (t * stride + i) as u64).collect()
}

/// What [`recover`] found an interrupted run had left.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Recovered {
    /// Live hands, refunded.
    pub hands: usize,
    /// Open tables of the simulator's guild, closed.
    pub tables: usize,
}

/// Refunds every hand left live (by a crash) and closes the simulator's tables left open, so that a run starts
/// from no open table and leaves none behind (a run opens only as many tables as it plays).
pub async fn recover(store: &Store) -> Result<Recovered, StoreError> {
    let live = store.live_hands().await?;
    for h in &live {
        store.refund_hand(h.summary.id, "refunded on restart: the hand was interrupted").await?;
    }
    let mut tables = 0;
    for table in store.open_tables().await?.into_iter().filter(|t| t.guild == SIM_GUILD) {
        tables += usize::from(store.close_table(table.id).await?);
    }
    Ok(Recovered { hands: live.len(), tables })
}

/// Sets up `cfg.tables` tables on a table service of its own, plays them
/// concurrently until `cfg.stop`, then closes them (refunding any hand in play).
pub async fn run(store: &Store, cfg: &SimConfig) -> anyhow::Result<SimReport> {
    if !(2..=10).contains(&cfg.players) {
        anyhow::bail!("--players must be 2 to 10");
    }
    if cfg.tables == 0 {
        anyhow::bail!("--tables must be at least 1");
    }
    if cfg.rate.is_some_and(|r| !(r.is_finite() && r > 0.0)) {
        anyhow::bail!("the rate must be a positive number of actions per second (or none)");
    }
    let stats = Arc::new(Stats::new()?);
    let recorder = Arc::new(Recorder::with_faults(cfg.faults.clone()));
    let service = TableService::new(
        store.clone(),
        recorder.clone(),
        Timings { hand_break: Duration::ZERO, ..Timings::default() },
    );
    // The baseline is the service ready to serve: the store's reading connections open (see `open_readers`).
    open_readers(store).await?;
    let tasks_before = match cfg.soak {
        true => Some(soak::tasks_before().await),
        false => None,
    };
    rss::reset_peak();
    let rss_before_kib = rss::current_kib();

    // The players run on threads of their own, so that the service's CPU is read apart from theirs; the service's
    // actors run on this runtime (the one it was made on) whoever asks.
    let drivers = Drivers::start()?;
    // Every table is set up before play begins, so that play is measured alone.
    let ready = Arc::new(Barrier::new(cfg.tables + 1));
    let setting_up = Arc::new(Semaphore::new(SET_UP_AT_ONCE));
    let (go, _) = watch::channel(None::<Until>);
    let mut tasks = Vec::with_capacity(cfg.tables);
    for t in 0..cfg.tables {
        let (service, recorder, stats, ready, setting_up, cfg) =
            (service.clone(), recorder.clone(), stats.clone(), ready.clone(), setting_up.clone(), cfg.clone());
        let mut go = go.subscribe();
        tasks.push(drivers.spawn(async move {
            // The set-up and the wait for the start are boxed, as each step of play is: once play begins, the
            // task keeps only the driver and the state of the step it is in (the drivers' memory counts in the
            // memory per table).
            let (mut driver, until) = Box::pin(async move {
                let permit = setting_up.acquire().await;
                let seated = Box::pin(TableDriver::seat(service, recorder, stats, &cfg, t)).await;
                drop(permit);
                ready.wait().await;
                let driver = seated?;
                let until = go.wait_for(Option::is_some).await?.clone().unwrap_or(Until {
                    hands: Some(0),
                    at: None,
                    halt: Halt::default(),
                });
                anyhow::Ok((driver, until))
            })
            .await?;
            driver.play(until).await;
            anyhow::Ok(driver.into_closer())
        }));
    }
    ready.wait().await;
    let started = Instant::now();
    let cpu_before = rss::cpu_us();
    let until = match cfg.stop {
        Stop::Hands(n) => Until { hands: Some(n), at: None, halt: cfg.halt.clone() },
        Stop::After(d) => Until { hands: None, at: Some(started + d), halt: cfg.halt.clone() },
    };
    // A table that finds its hand changed by another process stops the whole run (see `Store::taken_over`).
    let taken = {
        let (store, halt) = (store.clone(), cfg.halt.clone());
        tokio::spawn(async move {
            let why = store.fenced().await;
            halt.set(Halted::TakenOver(why));
        })
    };
    go.send_replace(Some(until.clone()));
    if let Some(faults) = &cfg.faults {
        faults.arm(true);
    }
    let sampler = cfg.soak.then(|| soak::Sampler::start(until.at.map(|at| at - started)));
    let progress = cfg.progress.map(|every| tokio::spawn(progress(stats.clone(), every, started)));
    let batches = cfg.ack_log.then(|| tokio::spawn(writer_batches(store.clone())));

    let mut closers = Vec::with_capacity(cfg.tables);
    let mut failure = None;
    for task in tasks {
        match task.await {
            Ok(Ok(closer)) => closers.push(closer),
            Ok(Err(e)) => _ = failure.get_or_insert(e),
            Err(e) => _ = failure.get_or_insert(e.into()),
        }
    }
    let elapsed = started.elapsed();
    let cpu_after = rss::cpu_us();
    let cpu = Cpu {
        service_us: cpu_after.0.saturating_sub(cpu_after.1).saturating_sub(cpu_before.0.saturating_sub(cpu_before.1)),
        driver_us: cpu_after.1.saturating_sub(cpu_before.1),
    };
    if let Some(faults) = &cfg.faults {
        faults.arm(false);
    }
    for task in [progress, batches, Some(taken)].into_iter().flatten() {
        task.abort();
        // Gone before the tasks are counted (an aborted task's result is its cancellation).
        let _ = task.await;
    }
    let rss_samples = match sampler {
        Some(sampler) => Some(sampler.finish().await),
        None => None,
    };
    let rss_peak_kib = rss::peak_kib();
    if let Some(taken @ Halted::TakenOver(_)) = cfg.halt.reason() {
        // Closing would write into another process's hands: stop here.
        service.shutdown().await;
        return Err(taken.into());
    }
    futures::future::join_all(closers.into_iter().map(Closer::close)).await;
    service.shutdown().await;
    let soak = match (tasks_before, rss_samples) {
        (Some(before), Some(samples)) => Some(SoakReport::new(&samples, before, soak::tasks_after(before).await)),
        _ => None,
    };
    if let Some(e) = failure {
        return Err(e);
    }
    Ok(SimReport {
        tables: cfg.tables,
        counts: stats.counts(),
        latency: stats.latencies(),
        elapsed,
        shown: recorder.shown(),
        rss_before_kib,
        rss_peak_kib,
        cpu,
        soak,
    })
}

/// The runtime the players run on ([`rss::DRIVER_THREAD`]), shut down when the run ends however it ends (a
/// runtime cannot be dropped inside another's task; shutting it down in the background can).
struct Drivers(Option<tokio::runtime::Runtime>);

impl Drivers {
    fn start() -> anyhow::Result<Drivers> {
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(1)
            .thread_name(rss::DRIVER_THREAD)
            .enable_all()
            .build()?;
        Ok(Drivers(Some(runtime)))
    }

    fn spawn<F>(&self, task: F) -> tokio::task::JoinHandle<F::Output>
    where
        F: std::future::Future + Send + 'static,
        F::Output: Send + 'static,
    {
        match &self.0 {
            Some(runtime) => runtime.spawn(task),
            None => tokio::spawn(task),
        }
    }
}

impl Drop for Drivers {
    fn drop(&mut self) {
        if let Some(runtime) = self.0.take() {
            runtime.shutdown_background();
        }
    }
}

/// Opens every reading connection the store's pool may hold (each reads the schema) and gives them back to the
/// pool. Run before the memory baseline: the pool opens its connections on its first bursts of reads, up to its
/// size, whatever the number of tables (at 16 tables set up at once it opens them all), and each costs a thread
/// and SQLite's state of a connection (about 110 KiB), memory of the store rather than of the tables. What the
/// connections grow to during the run (their statement and page caches) still counts.
async fn open_readers(store: &Store) -> anyhow::Result<()> {
    store.open_every_reader().await?;
    Ok(())
}

/// With `--ack-log`: the store writer's transactions and the writes in them so far, on stdout every 100 ms
/// (`writer batches=B writes=W`), so that the crash test can tell its kill came while batches held several writes.
async fn writer_batches(store: Store) {
    let mut tick = tokio::time::interval(Duration::from_millis(100));
    loop {
        tick.tick().await;
        let w = store.write_stats();
        if crate::out!("writer batches={} writes={}", w.batches, w.writes).is_err() {
            // The ack lines stop the run on the same closed output.
            return;
        }
    }
}

/// A progress line on stderr every `every`: actions so far and in the last interval, refusals, errors, and
/// the 99th percentile of latency so far.
async fn progress(stats: Arc<Stats>, every: Duration, started: Instant) {
    let mut tick = tokio::time::interval_at(started + every, every);
    let mut last = 0;
    loop {
        tick.tick().await;
        let (c, l) = (stats.counts(), stats.latencies());
        crate::note!(
            "progress t={:.0}s actions={} actions_per_s={:.0} refused={} errors={} p99_ms={:.2}",
            started.elapsed().as_secs_f64(),
            c.actions,
            (c.actions - last) as f64 / every.as_secs_f64(),
            c.refused,
            c.errors,
            l.p99.as_secs_f64() * 1e3
        );
        last = c.actions;
    }
}
