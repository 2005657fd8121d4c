//! The driver behind `teenpatti-bot simulate`: random players at concurrent
//! tables, playing through the bot's own [`TableService`] (its actors,
//! timers and store) with a recording presenter standing where Discord
//! stands. Some players sit at two tables at once, so one wallet is debited
//! by two tables concurrently; some clicks arrive twice.
//!
//! `driver.rs` is one table's players; `recorder.rs` the presenter.

mod driver;
mod recorder;

use std::sync::Arc;
use std::time::{Duration, Instant};

use crate::ids::{GuildId, UserId};
use crate::store::{Store, StoreError};
use crate::table::{TableService, Timings};
pub use recorder::{Recorder, Shown};

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
    pub hands: usize,
    pub players: usize,
    pub seed: u64,
}

#[derive(Clone, Debug, Default, PartialEq)]
pub struct SimReport {
    /// Hands played to the end.
    pub hands: u64,
    /// Actions the table service applied (and persisted) for the players.
    pub actions: u64,
    /// Actions refused because a wallet could not cover them (another table had spent the chips); the player
    /// packed instead.
    pub refused: u64,
    /// Start requests the table refused (its automatic deal had not happened: a wallet spent elsewhere could not
    /// pay the boot); each came after top-ups.
    pub refused_starts: u64,
    /// Deliberate re-sends of an already answered click (the same interaction id): each must change nothing,
    /// and is refused (a stale button, or an action the hand no longer allows) or ignored by its key.
    pub duplicates: u64,
    pub top_ups: u64,
    pub elapsed: Duration,
    /// Time from sending an action to its answer (persisted), each action.
    pub latencies: Vec<Duration>,
    /// What the tables would have shown on Discord.
    pub shown: Shown,
}

impl SimReport {
    fn add(&mut self, o: SimReport) {
        self.hands += o.hands;
        self.actions += o.actions;
        self.refused += o.refused;
        self.refused_starts += o.refused_starts;
        self.duplicates += o.duplicates;
        self.top_ups += o.top_ups;
        self.latencies.extend(o.latencies);
    }

    pub fn actions_per_sec(&self) -> f64 {
        let secs = self.elapsed.as_secs_f64();
        if secs > 0.0 {
            self.actions as f64 / secs
        } else {
            0.0
        }
    }

    /// The `q` quantile (0 to 1) of the action latencies.
    pub fn latency(&self, q: f64) -> Duration {
        let mut sorted = self.latencies.clone();
        sorted.sort_unstable();
        let i = ((sorted.len() as f64 - 1.0) * q.clamp(0.0, 1.0)).round() as usize;
        sorted.get(i).copied().unwrap_or_default()
    }
}

/// Users of table `t`: consecutive tables share one player (the last seat
/// of table t is the first seat of table t+1).
pub fn table_users(t: usize, players: usize) -> Vec<u64> {
    let stride = players.saturating_sub(1).max(1);
    (0..players).map(|i| SIM_USER_BASE + (t * stride + i) as u64).collect()
}

/// Refunds every hand left live (by a crash). Returns how many.
pub async fn recover(store: &Store) -> Result<usize, StoreError> {
    let live = store.live_hands().await?;
    for h in &live {
        store.refund_hand(h.summary.id, "refunded on restart: the hand was interrupted").await?;
    }
    Ok(live.len())
}

/// Plays `cfg.hands` hands on each of `cfg.tables` concurrent tables through
/// a table service of its own, then closes the tables (refunding any hand
/// dealt after the last counted one).
pub async fn run(store: &Store, cfg: &SimConfig) -> anyhow::Result<SimReport> {
    if !(2..=10).contains(&cfg.players) {
        anyhow::bail!("--players must be 2 to 10");
    }
    let recorder = Arc::new(Recorder::default());
    let service = TableService::new(store.clone(), recorder.clone(), Timings { hand_break: Duration::ZERO });
    let started = Instant::now();
    let mut tasks = Vec::with_capacity(cfg.tables);
    for t in 0..cfg.tables {
        let driver = driver::TableDriver::new(service.clone(), recorder.clone(), cfg, t);
        tasks.push(tokio::spawn(driver.play(cfg.hands)));
    }
    let mut total = SimReport::default();
    for task in tasks {
        total.add(task.await??);
    }
    total.elapsed = started.elapsed();
    total.shown = recorder.shown();
    service.shutdown().await;
    Ok(total)
}
