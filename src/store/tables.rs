//! Tables (at most one open per channel) and their seats.

use sqlx::sqlite::SqliteRow;

use super::error::Ctx;
use super::{get, now_unix, sid, uid, Store, StoreError};
use crate::engine::hand::{MAX_SEATS, MIN_SEATS};
use crate::engine::Rules;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TableStatus {
    Open,
    Closed,
}

impl TableStatus {
    pub fn as_str(self) -> &'static str {
        match self {
            TableStatus::Open => "open",
            TableStatus::Closed => "closed",
        }
    }
}

/// What opening a table needs.
#[derive(Clone, Debug)]
pub struct NewTable {
    pub guild: u64,
    pub channel: u64,
    pub opener: u64,
    pub rules: Rules,
    /// 2..=10 (default 6).
    pub max_players: u32,
    pub turn_seconds: i64,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableRow {
    pub id: i64,
    pub guild: u64,
    pub channel: u64,
    pub opener: u64,
    pub rules: Rules,
    pub max_players: u32,
    pub turn_seconds: i64,
    /// The table's message in the channel, once posted.
    pub message_id: Option<u64>,
    pub status: TableStatus,
    pub created_at: i64,
    pub closed_at: Option<i64>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatRow {
    pub table_id: i64,
    pub user: u64,
    /// Order of joining; seats are dealt in this order.
    pub position: i64,
    pub sat_out: bool,
    /// Turns timed out in a row.
    pub timeouts: i64,
    pub joined_at: i64,
}

const TABLE_COLS: &str =
    "id, guild_id, channel_id, opener_id, rules, max_players, turn_seconds, message_id, status, created_at, closed_at";

fn table_row(r: &SqliteRow) -> Result<TableRow, StoreError> {
    let rules: String = get(r, "rules")?;
    let status: String = get(r, "status")?;
    Ok(TableRow {
        id: get(r, "id")?,
        guild: uid(get(r, "guild_id")?),
        channel: uid(get(r, "channel_id")?),
        opener: uid(get(r, "opener_id")?),
        rules: serde_json::from_str(&rules).map_err(|e| StoreError::json("table rules", e))?,
        max_players: u32::try_from(get::<i64>(r, "max_players")?).unwrap_or(0),
        turn_seconds: get(r, "turn_seconds")?,
        message_id: get::<Option<i64>>(r, "message_id")?.map(uid),
        status: if status == "open" { TableStatus::Open } else { TableStatus::Closed },
        created_at: get(r, "created_at")?,
        closed_at: get(r, "closed_at")?,
    })
}

fn seat_row(r: &SqliteRow) -> Result<SeatRow, StoreError> {
    Ok(SeatRow {
        table_id: get(r, "table_id")?,
        user: uid(get(r, "user_id")?),
        position: get(r, "position")?,
        sat_out: get(r, "sat_out")?,
        timeouts: get(r, "timeouts")?,
        joined_at: get(r, "joined_at")?,
    })
}

fn rules_json(rules: &Rules) -> Result<String, StoreError> {
    serde_json::to_string(rules).map_err(|e| StoreError::json("rules", e))
}

impl Store {
    /// Opens a table in a channel; fails with [`StoreError::TableExists`] if
    /// the channel already has an open one.
    #[tracing::instrument(level = "info", skip(self, new), fields(guild = new.guild, channel = new.channel), err(level = "debug"))]
    pub async fn open_table(&self, new: NewTable) -> Result<TableRow, StoreError> {
        let max = new.max_players as usize;
        if !(MIN_SEATS..=MAX_SEATS).contains(&max) {
            return Err(StoreError::Invalid(format!("a table seats {MIN_SEATS} to {MAX_SEATS} players")));
        }
        if new.turn_seconds <= 0 {
            return Err(StoreError::Invalid("turn_seconds must be at least 1".into()));
        }
        let mut tx = self.write_tx("opening a table").await?;
        let existing: Option<i64> =
            sqlx::query_scalar("SELECT id FROM game_tables WHERE channel_id = ? AND status = 'open'")
                .bind(sid(new.channel))
                .fetch_optional(&mut *tx)
                .await
                .ctx("opening a table")?;
        if let Some(table_id) = existing {
            return Err(StoreError::TableExists { channel: new.channel, table_id });
        }
        let row = sqlx::query(&format!(
            "INSERT INTO game_tables (guild_id, channel_id, opener_id, rules, max_players, turn_seconds, status, \
             created_at) VALUES (?, ?, ?, ?, ?, ?, 'open', ?) RETURNING {TABLE_COLS}"
        ))
        .bind(sid(new.guild))
        .bind(sid(new.channel))
        .bind(sid(new.opener))
        .bind(rules_json(&new.rules)?)
        .bind(i64::from(new.max_players))
        .bind(new.turn_seconds)
        .bind(now_unix())
        .fetch_one(&mut *tx)
        .await
        .ctx("opening a table")?;
        let table = table_row(&row)?;
        tx.commit().await.ctx("opening a table")?;
        Ok(table)
    }

    pub async fn table(&self, id: i64) -> Result<Option<TableRow>, StoreError> {
        let row = sqlx::query(&format!("SELECT {TABLE_COLS} FROM game_tables WHERE id = ?"))
            .bind(id)
            .fetch_optional(&self.pool)
            .await
            .ctx("reading a table")?;
        row.as_ref().map(table_row).transpose()
    }

    /// The channel's open table, if any.
    pub async fn table_in_channel(&self, channel: u64) -> Result<Option<TableRow>, StoreError> {
        let row =
            sqlx::query(&format!("SELECT {TABLE_COLS} FROM game_tables WHERE channel_id = ? AND status = 'open'"))
                .bind(sid(channel))
                .fetch_optional(&self.pool)
                .await
                .ctx("reading a table")?;
        row.as_ref().map(table_row).transpose()
    }

    /// Every open table (to restore after a restart).
    pub async fn open_tables(&self) -> Result<Vec<TableRow>, StoreError> {
        let rows = sqlx::query(&format!("SELECT {TABLE_COLS} FROM game_tables WHERE status = 'open' ORDER BY id"))
            .fetch_all(&self.pool)
            .await
            .ctx("reading open tables")?;
        rows.iter().map(table_row).collect()
    }

    /// Closes a table. Returns false if it was not open.
    #[tracing::instrument(level = "info", skip(self), err(level = "debug"))]
    pub async fn close_table(&self, id: i64) -> Result<bool, StoreError> {
        let n = sqlx::query("UPDATE game_tables SET status = 'closed', closed_at = ? WHERE id = ? AND status = 'open'")
            .bind(now_unix())
            .bind(id)
            .execute(&self.pool)
            .await
            .ctx("closing a table")?
            .rows_affected();
        Ok(n == 1)
    }

    pub async fn set_table_message(&self, id: i64, message_id: u64) -> Result<(), StoreError> {
        self.update_table(id, "UPDATE game_tables SET message_id = ? WHERE id = ?", sid(message_id)).await
    }

    pub async fn set_table_rules(&self, id: i64, rules: &Rules) -> Result<(), StoreError> {
        let n = sqlx::query("UPDATE game_tables SET rules = ? WHERE id = ?")
            .bind(rules_json(rules)?)
            .bind(id)
            .execute(&self.pool)
            .await
            .ctx("changing table rules")?
            .rows_affected();
        if n == 0 {
            return Err(StoreError::NotFound(format!("table #{id}")));
        }
        Ok(())
    }

    pub async fn set_table_turn_seconds(&self, id: i64, secs: i64) -> Result<(), StoreError> {
        if secs <= 0 {
            return Err(StoreError::Invalid("turn_seconds must be at least 1".into()));
        }
        self.update_table(id, "UPDATE game_tables SET turn_seconds = ? WHERE id = ?", secs).await
    }

    async fn update_table(&self, id: i64, sql: &'static str, value: i64) -> Result<(), StoreError> {
        let n =
            sqlx::query(sql).bind(value).bind(id).execute(&self.pool).await.ctx("updating a table")?.rows_affected();
        if n == 0 {
            return Err(StoreError::NotFound(format!("table #{id}")));
        }
        Ok(())
    }

    /// Seats a user at an open table (at the end of the seat order). Seating
    /// someone already seated returns their seat unchanged.
    #[tracing::instrument(level = "debug", skip(self), err(level = "debug"))]
    pub async fn add_seat(&self, table_id: i64, user: u64) -> Result<SeatRow, StoreError> {
        let mut tx = self.write_tx("taking a seat").await?;
        let table: Option<(String, i64)> = sqlx::query_as("SELECT status, max_players FROM game_tables WHERE id = ?")
            .bind(table_id)
            .fetch_optional(&mut *tx)
            .await
            .ctx("taking a seat")?;
        let Some((status, max)) = table else { return Err(StoreError::NotFound(format!("table #{table_id}"))) };
        if status != "open" {
            return Err(StoreError::TableClosed(table_id));
        }
        let existing = sqlx::query(
            "SELECT table_id, user_id, position, sat_out, timeouts, joined_at FROM table_seats \
             WHERE table_id = ? AND user_id = ?",
        )
        .bind(table_id)
        .bind(sid(user))
        .fetch_optional(&mut *tx)
        .await
        .ctx("taking a seat")?;
        if let Some(r) = existing {
            return seat_row(&r);
        }
        let (count, last): (i64, Option<i64>) =
            sqlx::query_as("SELECT COUNT(*), MAX(position) FROM table_seats WHERE table_id = ?")
                .bind(table_id)
                .fetch_one(&mut *tx)
                .await
                .ctx("taking a seat")?;
        if count >= max {
            return Err(StoreError::TableFull(table_id));
        }
        let row = sqlx::query(
            "INSERT INTO table_seats (table_id, user_id, position, sat_out, timeouts, joined_at) \
             VALUES (?, ?, ?, FALSE, 0, ?) RETURNING table_id, user_id, position, sat_out, timeouts, joined_at",
        )
        .bind(table_id)
        .bind(sid(user))
        .bind(last.map_or(0, |p| p + 1))
        .bind(now_unix())
        .fetch_one(&mut *tx)
        .await
        .ctx("taking a seat")?;
        let seat = seat_row(&row)?;
        tx.commit().await.ctx("taking a seat")?;
        Ok(seat)
    }

    /// Removes a user's seat. Returns false if they were not seated.
    pub async fn remove_seat(&self, table_id: i64, user: u64) -> Result<bool, StoreError> {
        let n = sqlx::query("DELETE FROM table_seats WHERE table_id = ? AND user_id = ?")
            .bind(table_id)
            .bind(sid(user))
            .execute(&self.pool)
            .await
            .ctx("leaving a seat")?
            .rows_affected();
        Ok(n == 1)
    }

    /// The table's seats in seat order.
    pub async fn seats(&self, table_id: i64) -> Result<Vec<SeatRow>, StoreError> {
        let rows = sqlx::query(
            "SELECT table_id, user_id, position, sat_out, timeouts, joined_at FROM table_seats \
             WHERE table_id = ? ORDER BY position",
        )
        .bind(table_id)
        .fetch_all(&self.pool)
        .await
        .ctx("reading seats")?;
        rows.iter().map(seat_row).collect()
    }

    pub async fn set_sat_out(&self, table_id: i64, user: u64, sat_out: bool) -> Result<(), StoreError> {
        let n = sqlx::query("UPDATE table_seats SET sat_out = ? WHERE table_id = ? AND user_id = ?")
            .bind(sat_out)
            .bind(table_id)
            .bind(sid(user))
            .execute(&self.pool)
            .await
            .ctx("updating a seat")?
            .rows_affected();
        seat_found(n, table_id, user)
    }

    /// Sets the count of consecutive turn timeouts.
    pub async fn set_timeouts(&self, table_id: i64, user: u64, n: u32) -> Result<(), StoreError> {
        let rows = sqlx::query("UPDATE table_seats SET timeouts = ? WHERE table_id = ? AND user_id = ?")
            .bind(i64::from(n))
            .bind(table_id)
            .bind(sid(user))
            .execute(&self.pool)
            .await
            .ctx("updating a seat")?
            .rows_affected();
        seat_found(rows, table_id, user)
    }
}

fn seat_found(rows: u64, table_id: i64, user: u64) -> Result<(), StoreError> {
    if rows == 0 {
        return Err(StoreError::NotFound(format!("seat of user {user} at table #{table_id}")));
    }
    Ok(())
}
