//! Which tables this process may run: the leases of its Discord shards (see `store/leases.rs` and
//! docs/scale-out.md). The bot takes them before it restores a table, waiting while another live process holds
//! them (a replacement started beside a process that still runs); renews them while it runs; and stops when it
//! loses them (it was frozen or cut off long enough for another process to take over: from that moment its
//! writes are refused anyway). A clean stop gives them up, so a replacement starts at once.

use std::time::Duration;

use crate::store::{new_token, Fence, Store, StoreError};

/// The lease's length by default: a process that stops renewing loses its shards this long after its last
/// renewal. Renewed every third of it.
pub const DEFAULT_LEASE: Duration = Duration::from_secs(15);

/// Who this process is, in the lease rows and the action log (`host:pid`).
pub fn owner_name() -> String {
    let host = rustix::system::uname().nodename().to_string_lossy().into_owned();
    format!("{}:{}", crate::echo::cut(&host, 60), std::process::id())
}

/// Takes the leases of shards `first..=last` of `count`, waiting while another live process holds them, then
/// fences the store with them: every write from now on checks they are still this process's.
pub async fn acquire(store: &Store, count: u32, first: u32, last: u32, lease: Duration) -> Result<Fence, StoreError> {
    let owner = owner_name();
    let token = new_token();
    let mut said = None;
    loop {
        match store.take_leases(&owner, token, count, first..=last, lease).await? {
            Ok(fence) => {
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
/// only when another process holds them, or when no renewal got through for a whole lease.
pub async fn keep(store: Store, fence: Fence, lease: Duration) -> String {
    let mut last_ok = tokio::time::Instant::now();
    loop {
        tokio::select! {
            () = tokio::time::sleep(lease / 3) => {}
            () = store.fenced() => {
                return "a write was refused: another process has taken over this process's shards".into();
            }
        }
        match store.renew_leases(&fence, lease).await {
            Ok(true) => last_ok = tokio::time::Instant::now(),
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
