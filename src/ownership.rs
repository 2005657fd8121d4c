//! Which tables this process may run: the leases of its Discord shards (see `store/leases.rs` and
//! docs/scale-out.md). The bot takes them before it restores a table, waiting while another live process holds
//! them (a replacement started beside a process that still runs); renews them while it runs; and stops when it
//! loses them (it was frozen or cut off long enough for another process to take over: from that moment its
//! writes are refused anyway). A clean stop gives them up, so a replacement starts at once.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use crate::store::{new_token, Fence, Store, StoreError};

/// The lease's length by default: a process that stops renewing loses its shards this long after its last
/// renewal. Renewed every third of it.
pub const DEFAULT_LEASE: Duration = Duration::from_secs(15);

/// Whether this process still speaks for its shards' tables on Discord, by its own clock. Its writes are fenced
/// by the database (a token every batch checks), but a Discord call cannot be: a process frozen past its lease
/// would, once woken, post or edit messages of tables another process now runs (a stale table message, its
/// buttons a step behind). So each lease taken or renewed holds until a little before the database's expiry
/// (counted from when it was asked, on the monotonic clock, which runs on while the process is stopped), and the
/// Discord layer checks it before every call. Without a lease to lose (SQLite: the file's lock keeps any other
/// process out) it always holds.
#[derive(Clone, Debug)]
pub struct Standing {
    origin: Instant,
    /// Milliseconds after `origin` until which this process speaks for its tables; `u64::MAX`: always.
    until_ms: Arc<AtomicU64>,
}

impl Standing {
    /// Always holds: nothing else can run this process's tables.
    pub fn always() -> Standing {
        Standing { origin: Instant::now(), until_ms: Arc::new(AtomicU64::new(u64::MAX)) }
    }

    /// Holds only once a lease is taken (`held_from`), and while it is renewed.
    pub fn leased() -> Standing {
        Standing { origin: Instant::now(), until_ms: Arc::new(AtomicU64::new(0)) }
    }

    /// A lease of `lease` asked for at `asked` was granted: the database's expiry is at least `lease` after
    /// `asked`. Holds until a fifth of it before that (room for a call in flight, and for the clocks' rates).
    fn held_from(&self, asked: Instant, lease: Duration) {
        if self.until_ms.load(Ordering::Relaxed) == u64::MAX {
            return;
        }
        let until = asked.saturating_duration_since(self.origin) + lease.saturating_sub(lease / 5);
        let until = u64::try_from(until.as_millis()).unwrap_or(u64::MAX - 1);
        self.until_ms.fetch_max(until, Ordering::Relaxed);
    }

    /// Does this process still speak for its tables?
    pub fn holds(&self) -> bool {
        let now = u64::try_from(self.origin.elapsed().as_millis()).unwrap_or(u64::MAX);
        now < self.until_ms.load(Ordering::Relaxed)
    }
}

/// Who this process is, in the lease rows and the action log (`host:pid`).
pub fn owner_name() -> String {
    let host = rustix::system::uname().nodename().to_string_lossy().into_owned();
    format!("{}:{}", crate::echo::cut(&host, 60), std::process::id())
}

/// Takes the leases of shards `first..=last` of `count`, waiting while another live process holds them, then
/// fences the store with them: every write from now on checks they are still this process's, and `standing`
/// holds while they last.
pub async fn acquire(
    store: &Store,
    count: u32,
    first: u32,
    last: u32,
    lease: Duration,
    standing: &Standing,
) -> Result<Fence, StoreError> {
    let owner = owner_name();
    let token = new_token();
    let mut said = None;
    loop {
        let asked = Instant::now();
        match store.take_leases(&owner, token, count, first..=last, lease).await? {
            Ok(fence) => {
                standing.held_from(asked, lease);
                tracing::info!(%owner, shards = %format!("{first}-{last} of {count}"), "took the shard leases");
                store.set_fence(fence.clone());
                return Ok(fence);
            }
            Err(refusal) => {
                // Once per holder (the time left changes at every try).
                let (holder, n) = refusal.holder();
                if said.as_ref().is_none_or(|(h, m): &(String, u32)| (h.as_str(), *m) != (holder, n)) {
                    tracing::warn!("waiting for the shard leases: {refusal}");
                    said = Some((holder.to_string(), n));
                }
                tokio::time::sleep(lease / 5).await;
            }
        }
    }
}

/// Renews the leases every third of `lease` until they are lost, or until a write is refused by the fence
/// (whichever the process sees first after a freeze), and says how: a process that returns from here must stop.
/// A renewal that fails for a moment (the database busy, a network blip) is tried again; the leases are lost
/// only when another process holds them, or when no renewal got through for a whole lease. Each renewal extends
/// `standing`.
pub async fn keep(store: Store, fence: Fence, lease: Duration, standing: Standing) -> String {
    let mut last_ok = tokio::time::Instant::now();
    loop {
        tokio::select! {
            () = tokio::time::sleep(lease / 3) => {}
            why = store.fenced() => return why,
        }
        let asked = Instant::now();
        match store.renew_leases(&fence, lease).await {
            Ok(true) => {
                standing.held_from(asked, lease);
                last_ok = tokio::time::Instant::now();
            }
            Ok(false) | Err(StoreError::Fenced) => {
                return "another process has taken over this process's shards (its lease ran out)".into()
            }
            Err(e) if last_ok.elapsed() >= lease => {
                return format!("the shard leases could not be renewed for {lease:?}: {e}");
            }
            Err(e) => tracing::warn!(error = %e, "renewing the shard leases; trying again"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_lease_speaks_for_four_fifths_of_its_length_from_when_it_was_asked() {
        let standing = Standing::leased();
        assert!(!standing.holds(), "no lease taken yet");
        standing.held_from(Instant::now(), Duration::from_secs(60));
        assert!(standing.holds());
        // A renewal asked long ago (a process frozen since) does not shorten what a later one granted...
        standing.held_from(standing.origin, Duration::from_millis(1));
        assert!(standing.holds());
        // ...and a lease granted for 500 ms, four fifths of which have gone, no longer speaks.
        let short = Standing::leased();
        short.held_from(Instant::now(), Duration::from_millis(500));
        assert!(short.holds());
        std::thread::sleep(Duration::from_millis(420));
        assert!(!short.holds());
    }

    #[test]
    fn without_a_lease_to_lose_it_always_speaks() {
        let standing = Standing::always();
        assert!(standing.holds());
        standing.held_from(standing.origin, Duration::from_millis(1));
        assert!(standing.holds());
    }
}
