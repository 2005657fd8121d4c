//! Servers the bot is removed from and added back to (issue 37, docs/privacy.md). A GUILD_DELETE that is not an
//! outage (no `unavailable`), or a server with data missing from its shard's READY after a restart, marks the
//! server with a deadline (`DATA_RETENTION_DAYS` from then); a GUILD_CREATE unmarks it. At the deadline the process
//! that runs the server's shard closes its tables and deletes everything kept about it ([`schedule`]). The
//! deadline is in the database, so it survives restarts.

use std::collections::HashSet;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use crate::config::Shards;
use crate::ids::GuildId;
use crate::store::{Store, StoreError};
use crate::table::{ShowError, TableService};

/// The servers marked as left, known in memory so that each GUILD_CREATE (one per server at every start) is not a
/// write.
pub struct Departures {
    store: Store,
    retention: Duration,
    marked: Mutex<HashSet<GuildId>>,
}

impl Departures {
    /// The retention in whole days (rounded up: a test's retention of milliseconds says 1).
    pub fn retention_days(&self) -> u64 {
        self.retention.as_secs().div_ceil(86_400).max(1)
    }

    /// The marks in the database, read once at start.
    pub async fn load(store: Store, retention: Duration) -> Result<Arc<Departures>, StoreError> {
        let marked = store.departures().await?.into_iter().map(|(g, _)| g).collect();
        Ok(Arc::new(Departures { store, retention, marked: Mutex::new(marked) }))
    }

    fn marked(&self) -> std::sync::MutexGuard<'_, HashSet<GuildId>> {
        self.marked.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// The bot was removed from `guild` (a GUILD_DELETE that was not an outage, or missing from READY).
    pub async fn left(&self, guild: GuildId) {
        let now = crate::clock::now_unix();
        let keep = i64::try_from(self.retention.as_secs()).unwrap_or(i64::MAX);
        match self.store.mark_departed(guild, now, now.saturating_add(keep)).await {
            Ok(marked) => {
                self.marked().insert(guild);
                if marked {
                    tracing::info!(%guild, days = keep / 86_400, "removed from a server: its data is deleted after the retention unless the bot is added back");
                }
            }
            Err(e) => {
                tracing::warn!(%guild, error = %crate::echo::remote_error(&e), "could not mark a server the bot left")
            }
        }
    }

    /// The bot is in `guild` (a GUILD_CREATE): a mark, if any, is taken back and nothing is deleted.
    pub async fn present(&self, guild: GuildId) {
        if !self.marked().contains(&guild) {
            return;
        }
        match self.store.mark_returned(guild).await {
            Ok(_) => {
                self.marked().remove(&guild);
                tracing::info!(%guild, "added back to a server before its data was deleted: everything is kept");
            }
            Err(e) => tracing::warn!(%guild, error = %crate::echo::remote_error(&e), "could not unmark a server"),
        }
    }

    /// A shard's READY: every server with data on that shard that READY does not list was left while the bot was
    /// not running. `shard`: (id, total); `listed`: the servers READY lists.
    pub async fn ready(&self, shard: (u32, u32), listed: &[GuildId]) {
        let with_data = match self.store.guilds_with_data().await {
            Ok(g) => g,
            Err(e) => {
                tracing::warn!(error = %crate::echo::remote_error(&e), "could not read the servers with data");
                return;
            }
        };
        let (id, total) = (u64::from(shard.0), u64::from(shard.1.max(1)));
        let listed: HashSet<GuildId> = listed.iter().copied().collect();
        // Listed and marked: added back while the bot was not running (or its GUILD_CREATE came before the marks
        // were read): kept.
        let back: Vec<GuildId> = self.marked().iter().filter(|g| listed.contains(g)).copied().collect();
        for guild in back {
            self.present(guild).await;
        }
        for guild in with_data.into_iter().filter(|g| (g.get() >> 22) % total == id && !listed.contains(g)) {
            if !self.marked().contains(&guild) {
                self.left(guild).await;
            }
        }
    }
}

/// Deletes the data of every server of this process's shards whose deadline has passed, every `tick` (a tenth of
/// the retention, between 100 ms and 10 minutes), for as long as the bot runs. Its tables are closed first (their
/// hands refunded, as when a channel is deleted), so no actor writes to rows that are going.
pub async fn schedule(departures: Arc<Departures>, service: TableService, shards: Shards) {
    let tick = (departures.retention / 10).clamp(Duration::from_millis(100), Duration::from_secs(600));
    loop {
        tokio::time::sleep(tick).await;
        let now = crate::clock::now_unix();
        let due = match departures.store.departures().await {
            Ok(d) => d,
            Err(e) => {
                tracing::warn!(error = %crate::echo::remote_error(&e), "could not read the servers the bot left");
                continue;
            }
        };
        for (guild, _) in due.into_iter().filter(|(g, at)| *at <= now && shards.owns_guild(g.get())) {
            delete(&departures, &service, guild, now).await;
        }
    }
}

async fn delete(departures: &Departures, service: &TableService, guild: GuildId, now: i64) {
    let store = &departures.store;
    match store.open_tables().await {
        Ok(tables) => {
            for table in tables.into_iter().filter(|t| t.guild == guild) {
                service.refused(table.channel, None, ShowError::ChannelGone).await;
            }
        }
        Err(e) => {
            tracing::warn!(%guild, error = %crate::echo::remote_error(&e), "could not read a left server's tables");
            return;
        }
    }
    match store.delete_departed(guild, now).await {
        Ok(Some(d)) => {
            departures.marked().remove(&guild);
            tracing::info!(%guild, wallets = d.wallets, ledger_rows = d.ledger_rows, hands = d.hands, tables = d.tables, rows = d.rows, "deleted the data of a server the bot was removed from");
        }
        // Added back in the meantime: kept.
        Ok(None) => {}
        Err(e) => {
            tracing::warn!(%guild, error = %crate::echo::remote_error(&e), "could not delete a left server's data")
        }
    }
}
