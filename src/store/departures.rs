//! Servers the bot was removed from (issue 37, docs/privacy.md): each has a deadline, after which everything the
//! bot keeps about that server is deleted in one transaction (its wallets and their ledger, its tables, hands and
//! their actions, its seasons, tournaments and settings), unless the bot is added back first. The books of every
//! other server are untouched: a server's ledger rows go with its wallets, so the sums the audit compares lose the
//! same chips on both sides.

use super::db::{sql, Conn};
use super::error::Ctx;
use super::{Store, StoreError};
use crate::ids::GuildId;

/// What deleting a server's data removed, a count a kind (for the log line).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct GuildDeleted {
    pub wallets: u64,
    pub ledger_rows: u64,
    pub hands: u64,
    pub tables: u64,
    /// Every row of every table, these and the rest (actions, seats, seasons, tournaments, settings).
    pub rows: u64,
}

/// The statements that delete a server's data, children before parents (the schema's foreign keys), each bound to
/// the server's id as `$1`. `guild_departures` last: a deletion cut short by a crash is done again whole.
const DELETE_GUILD: [(&str, &str); 15] = [
    ("web_sites", "DELETE FROM web_sites WHERE guild_id = $1"),
    ("player_profiles", "DELETE FROM player_profiles WHERE guild_id = $1"),
    ("public_channels", "DELETE FROM public_channels WHERE guild_id = $1"),
    (
        "tournament_entries",
        "DELETE FROM tournament_entries WHERE tournament_id IN (SELECT id FROM tournaments WHERE guild_id = $1)",
    ),
    ("tournaments", "DELETE FROM tournaments WHERE guild_id = $1"),
    ("hand_actions", "DELETE FROM hand_actions WHERE hand_id IN (SELECT id FROM hands WHERE guild_id = $1)"),
    ("hand_players", "DELETE FROM hand_players WHERE guild_id = $1"),
    ("ledger", "DELETE FROM ledger WHERE guild_id = $1"),
    ("hands", "DELETE FROM hands WHERE guild_id = $1"),
    ("table_seats", "DELETE FROM table_seats WHERE table_id IN (SELECT id FROM game_tables WHERE guild_id = $1)"),
    ("game_tables", "DELETE FROM game_tables WHERE guild_id = $1"),
    ("wallets", "DELETE FROM wallets WHERE guild_id = $1"),
    ("seasons", "DELETE FROM seasons WHERE guild_id = $1"),
    ("guild_settings", "DELETE FROM guild_settings WHERE guild_id = $1"),
    ("guild_departures", "DELETE FROM guild_departures WHERE guild_id = $1"),
];

impl Store {
    /// The bot was removed from `guild` at `now`: its data is deleted at `delete_after` unless it comes back.
    /// A server already marked keeps its first deadline (a second GUILD_DELETE does not push it back). Whether
    /// this marked it.
    pub async fn mark_departed(&self, guild: GuildId, now: i64, delete_after: i64) -> Result<bool, StoreError> {
        let query = sql("INSERT INTO guild_departures (guild_id, left_at, delete_after) VALUES ($1, $2, $3) \
                         ON CONFLICT (guild_id) DO NOTHING")
        .bind(guild)
        .bind(now)
        .bind(delete_after);
        Ok(self.execute_one("marking a server the bot left", query).await? == 1)
    }

    /// The bot is in `guild` (again): nothing of it is to be deleted. Whether it had been marked.
    pub async fn mark_returned(&self, guild: GuildId) -> Result<bool, StoreError> {
        let query = sql("DELETE FROM guild_departures WHERE guild_id = $1").bind(guild);
        Ok(self.execute_one("unmarking a server the bot is back in", query).await? == 1)
    }

    /// Every server marked as left, with its deadline, soonest first.
    pub async fn departures(&self) -> Result<Vec<(GuildId, i64)>, StoreError> {
        sql("SELECT guild_id, delete_after FROM guild_departures ORDER BY delete_after, guild_id")
            .all(&self.pool)
            .await
            .ctx("reading the servers the bot left")
    }

    /// The servers the bot keeps anything about (settings, wallets, tables): the ones READY must list, or be
    /// marked as left.
    pub async fn guilds_with_data(&self) -> Result<Vec<GuildId>, StoreError> {
        sql("SELECT guild_id FROM guild_settings UNION SELECT guild_id FROM wallets \
             UNION SELECT guild_id FROM game_tables ORDER BY 1")
        .all::<(GuildId,)>(&self.pool)
        .await
        .map(|rows| rows.into_iter().map(|(g,)| g).collect())
        .ctx("reading the servers with data")
    }

    /// Deletes everything kept about `guild`, in one transaction through the writer, if it is still marked as
    /// left with a deadline at or before `now` (a server that came back in the meantime keeps everything: `None`).
    #[tracing::instrument(level = "info", skip(self), err(level = "debug"))]
    pub async fn delete_departed(&self, guild: GuildId, now: i64) -> Result<Option<GuildDeleted>, StoreError> {
        self.writer.write(move |conn| Box::pin(delete_departed(conn, guild, now))).await
    }
}

async fn delete_departed(conn: &mut Conn, guild: GuildId, now: i64) -> Result<Option<GuildDeleted>, StoreError> {
    let due: Option<(i64,)> =
        sql("SELECT delete_after FROM guild_departures WHERE guild_id = $1 AND delete_after <= $2")
            .bind(guild)
            .bind(now)
            .optional(&mut *conn)
            .await
            .ctx("reading a server's deadline")?;
    if due.is_none() {
        return Ok(None);
    }
    let mut deleted = GuildDeleted::default();
    for (table, statement) in DELETE_GUILD {
        let n = sql(statement).bind(guild).execute(&mut *conn).await.ctx("deleting a server's data")?;
        deleted.rows += n;
        match table {
            "wallets" => deleted.wallets = n,
            "ledger" => deleted.ledger_rows = n,
            "hands" => deleted.hands = n,
            "game_tables" => deleted.tables = n,
            _ => {}
        }
    }
    Ok(Some(deleted))
}
