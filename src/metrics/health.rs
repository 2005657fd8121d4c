//! Whether the process is ready to serve (`/readyz`), from state it keeps anyway: the shards' connection
//! stages (copied here by the Discord layer), the writer's last batch, the tables a full disk paused, the shard
//! leases. A probe reads; it never writes to the database or calls Discord.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, OnceLock};
use std::time::Duration;

use super::{get, mono_ms, Cell, Metrics};
use crate::ownership::Standing;
use crate::store::Store;

/// A batch that has run this long is a writer stuck (a lock held elsewhere, a hung disk or server).
pub const STUCK_BATCH: Duration = Duration::from_secs(30);

/// What the process serves: set by the Discord layer as it starts and stops.
#[derive(Default)]
struct Sources {
    /// The shards this process runs, each with its connection's stage as serenity names it.
    shards: Vec<(u32, String, bool)>,
    standing: Option<Standing>,
    store: Option<Store>,
}

fn sources() -> std::sync::MutexGuard<'static, Sources> {
    static SOURCES: OnceLock<Mutex<Sources>> = OnceLock::new();
    // A poisoned lock only means a thread panicked while it held it; the values are still whole.
    SOURCES.get_or_init(Mutex::default).lock().unwrap_or_else(|p| p.into_inner())
}

/// Serving: the tables are restored and clicks are answered (false while starting and once stopping).
static SERVING: AtomicBool = AtomicBool::new(false);
/// When the running batch began (the monotonic milliseconds of `mono_ms`), or -1 between batches.
static BATCH_SINCE: Cell = Cell::new(-1);
/// The last batch's failure, if it failed.
static LAST_FAILURE: Mutex<Option<&'static str>> = Mutex::new(None);

/// The shards this process runs (all down until their stages come in) and the standing of its leases.
pub fn running(shards: std::ops::RangeInclusive<u32>, standing: Standing, store: Store) {
    let mut s = sources();
    s.shards = shards.map(|n| (n, "not connected yet".to_string(), false)).collect();
    s.standing = Some(standing);
    s.store = Some(store);
}

/// The tables are restored and the bot answers (true), or it is stopping (false).
pub fn serving(on: bool) {
    SERVING.store(on, Ordering::Relaxed);
}

/// A shard's connection stage (serenity's name for it) and whether that is connected.
pub fn shard_stage(shard: u32, stage: &str, up: bool, latency: Option<Duration>) {
    get().shard(shard, up, latency);
    let mut s = sources();
    if let Some(entry) = s.shards.iter_mut().find(|(n, _, _)| *n == shard) {
        if entry.1 != stage {
            entry.1 = stage.to_string();
        }
        entry.2 = up;
    }
}

/// The writer begins a batch.
pub fn batch_begun() {
    BATCH_SINCE.set(mono_ms());
}

pub(super) fn batch_done(failed: Option<&'static str>) {
    BATCH_SINCE.set(-1);
    *LAST_FAILURE.lock().unwrap_or_else(|p| p.into_inner()) = failed;
}

/// What is not ready, in a few words each (none: ready).
pub fn not_ready() -> Vec<String> {
    let mut why = Vec::new();
    if !SERVING.load(Ordering::Relaxed) {
        why.push("not serving: starting (restoring tables) or stopping".to_string());
    }
    let s = sources();
    for (shard, stage, up) in &s.shards {
        if !up {
            why.push(format!("shard {shard} is not connected ({stage})"));
        }
    }
    if s.standing.as_ref().is_some_and(|st| !st.holds()) {
        why.push("the shard leases are not held".to_string());
    }
    drop(s);
    if let Some(kind) = *LAST_FAILURE.lock().unwrap_or_else(|p| p.into_inner()) {
        why.push(format!("the database refused the last write ({kind})"));
    }
    let since = BATCH_SINCE.get();
    if since >= 0 && mono_ms().saturating_sub(since) > STUCK_BATCH.as_millis() as i64 {
        why.push(format!("a write has waited for the database for over {} s", STUCK_BATCH.as_secs()));
    }
    let paused = get().tables_paused.get();
    if paused > 0 {
        why.push(format!("{paused} table(s) paused by a full disk"));
    }
    why
}

/// The gauges read at scrape time: the writer's queue, the leases, readiness.
pub(super) fn refresh(m: &Metrics) {
    let s = sources();
    if let Some(store) = &s.store {
        m.queued_writes.set(i64::try_from(store.queued_writes()).unwrap_or(i64::MAX));
    }
    if let Some(standing) = &s.standing {
        let held = i64::from(standing.holds());
        for (shard, _, _) in &s.shards {
            m.lease_held.get_or_create(&super::ShardLabel { shard: *shard }).set(held);
        }
    }
    drop(s);
    m.ready.set(i64::from(not_ready().is_empty()));
}
