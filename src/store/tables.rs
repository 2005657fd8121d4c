//! Tables (at most one open per channel) and their seats.

use super::db::{json_arg, sql, Arg, Conn};
use super::error::Ctx;
use super::{now_unix, Store, StoreError};
use crate::engine::hand::{MAX_SEATS, MIN_SEATS};
use crate::engine::{Chips, Rules};
use crate::ids::{ChannelId, GuildId, MessageId, TableId, TournamentId, UserId};

super::db::stored_names! {
    /// Stored as `open` / `closed` in `game_tables.status`.
    pub enum TableStatus {
        Open => "open",
        Closed => "closed",
    }
}

/// What opening a table needs.
#[derive(Clone, Debug)]
pub struct NewTable {
    pub guild: GuildId,
    pub channel: ChannelId,
    pub opener: UserId,
    pub rules: Rules,
    /// 2..=10 (default 6).
    pub max_players: u32,
    pub turn_seconds: i64,
}

#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct TableRow {
    pub id: TableId,
    #[sqlx(rename = "guild_id")]
    pub guild: GuildId,
    #[sqlx(rename = "channel_id")]
    pub channel: ChannelId,
    #[sqlx(rename = "opener_id")]
    pub opener: UserId,
    #[sqlx(json)]
    pub rules: Rules,
    #[sqlx(try_from = "i64")]
    pub max_players: u32,
    pub turn_seconds: i64,
    /// The table's message in the channel, once posted.
    pub message_id: Option<MessageId>,
    pub status: TableStatus,
    pub created_at: i64,
    pub closed_at: Option<i64>,
    /// The tournament this table plays for (its chips are the tournament's purse); None: the server's chips.
    pub tournament_id: Option<TournamentId>,
}

impl TableRow {
    /// The guild id whose wallets this table's hands bet from: a tournament's purse, or the server.
    pub fn wallet_guild(&self) -> GuildId {
        self.tournament_id.map_or(self.guild, GuildId::purse)
    }
}

#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct SeatRow {
    pub table_id: TableId,
    #[sqlx(rename = "user_id")]
    pub user: UserId,
    /// Order of joining; seats are dealt in this order.
    pub position: i64,
    pub sat_out: bool,
    /// Turns timed out in a row.
    pub timeouts: i64,
    pub joined_at: i64,
    /// The ante this player missed while sitting out, posted when they are next dealt in (`post`); 0: none.
    pub owed_post: i64,
    /// The entropy this player gave for the table's next deal (`/table entropy`; used once); empty: none.
    pub entropy: String,
}

const TABLE_COLS: &str =
    "id, guild_id, channel_id, opener_id, rules, max_players, turn_seconds, message_id, status, created_at, closed_at, \
     tournament_id";

/// The channel's open table, if any (one at most).
pub(super) async fn open_in(conn: &mut Conn, channel: ChannelId) -> Result<Option<TableId>, StoreError> {
    sql("SELECT id FROM game_tables WHERE channel_id = $1 AND status = $2")
        .bind(channel)
        .bind(TableStatus::Open)
        .scalar_optional(conn)
        .await
        .ctx("looking for a channel's table")
}

const SEAT_COLS: &str = "table_id, user_id, position, sat_out, timeouts, joined_at, owed_post, entropy";

impl Store {
    /// Opens a table in a channel; fails with [`StoreError::TableExists`] if
    /// the channel already has an open one.
    #[tracing::instrument(level = "info", skip(self, new), fields(guild = %new.guild, channel = %new.channel), err(level = "debug"))]
    pub async fn open_table(&self, new: NewTable) -> Result<TableRow, StoreError> {
        self.open_table_for(new, None).await
    }

    /// Opens a table as [`Store::open_table`] does, for `tournament` (its own table, in its channel) or for the
    /// server's chips (None): then a channel with a tournament registering or playing is refused
    /// ([`StoreError::TournamentHere`]).
    pub async fn open_table_for(
        &self,
        new: NewTable,
        tournament: Option<TournamentId>,
    ) -> Result<TableRow, StoreError> {
        let max = new.max_players as usize;
        if !(MIN_SEATS..=MAX_SEATS).contains(&max) {
            return Err(StoreError::Invalid(format!("a table seats {MIN_SEATS} to {MAX_SEATS} players")));
        }
        if new.turn_seconds <= 0 {
            return Err(StoreError::Invalid("turn_seconds must be at least 1".into()));
        }
        self.writer
            .write(move |conn| {
                Box::pin(async move {
                if let Some(table_id) = open_in(&mut *conn, new.channel).await? {
                    return Err(StoreError::TableExists { channel: new.channel, table_id });
                }
                let here = super::tournaments::active_in(&mut *conn, new.channel).await?.map(|t| t.id);
                if let Some(t) = here.filter(|&t| Some(t) != tournament) {
                    return Err(StoreError::TournamentHere { channel: new.channel, tournament: t });
                }
                let rules = json_arg(&new.rules).map_err(|e| StoreError::Invalid(format!("cannot encode {e}")))?;
                let table: TableRow = sql(format!(
                    "INSERT INTO game_tables (guild_id, channel_id, opener_id, rules, max_players, turn_seconds, status, \
                     created_at, tournament_id) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING {TABLE_COLS}"
                ))
                .bind(new.guild)
                .bind(new.channel)
                .bind(new.opener)
                .bind(rules)
                .bind(i64::from(new.max_players))
                .bind(new.turn_seconds)
                .bind(TableStatus::Open)
                .bind(now_unix())
                .bind(tournament)
                .one(&mut *conn)
                .await
                .ctx("opening a table")?;
                Ok(table)
                })
            })
            .await
    }

    pub async fn table(&self, id: TableId) -> Result<Option<TableRow>, StoreError> {
        sql(format!("SELECT {TABLE_COLS} FROM game_tables WHERE id = $1"))
            .bind(id)
            .optional(&self.pool)
            .await
            .ctx("reading a table")
    }

    /// The channel's open table, if any.
    pub async fn table_in_channel(&self, channel: ChannelId) -> Result<Option<TableRow>, StoreError> {
        sql(format!("SELECT {TABLE_COLS} FROM game_tables WHERE channel_id = $1 AND status = $2"))
            .bind(channel)
            .bind(TableStatus::Open)
            .optional(&self.pool)
            .await
            .ctx("reading a table")
    }

    /// The server's open tables in channels @everyone can view (the web pages), with their seated players.
    pub async fn public_open_tables(&self, guild: GuildId) -> Result<Vec<(TableRow, Vec<UserId>)>, StoreError> {
        let cols = TABLE_COLS.split(',').map(|c| format!("t.{}", c.trim())).collect::<Vec<_>>().join(", ");
        let tables: Vec<TableRow> = sql(format!(
            "SELECT {cols} FROM game_tables t JOIN public_channels c ON c.channel_id = t.channel_id \
             WHERE t.guild_id = $1 AND t.status = $2 AND c.public ORDER BY t.id LIMIT 100"
        ))
        .bind(guild)
        .bind(TableStatus::Open)
        .all(&self.pool)
        .await
        .ctx("reading open tables")?;
        let mut out = Vec::with_capacity(tables.len());
        for t in tables {
            let seats = self.seats(t.id).await?.into_iter().map(|s| s.user).collect();
            out.push((t, seats));
        }
        Ok(out)
    }

    /// Every open table (to restore after a restart).
    pub async fn open_tables(&self) -> Result<Vec<TableRow>, StoreError> {
        sql(format!("SELECT {TABLE_COLS} FROM game_tables WHERE status = $1 ORDER BY id"))
            .bind(TableStatus::Open)
            .all(&self.pool)
            .await
            .ctx("reading open tables")
    }

    /// Closes a table. Returns false if it was not open.
    #[tracing::instrument(level = "info", skip(self), err(level = "debug"))]
    pub async fn close_table(&self, id: TableId) -> Result<bool, StoreError> {
        let query = sql("UPDATE game_tables SET status = $1, closed_at = $2 WHERE id = $3 AND status = $4")
            .bind(TableStatus::Closed)
            .bind(now_unix())
            .bind(id)
            .bind(TableStatus::Open);
        Ok(self.execute_one("closing a table", query).await? == 1)
    }

    pub async fn set_table_message(&self, id: TableId, message_id: MessageId) -> Result<(), StoreError> {
        let query = sql("UPDATE game_tables SET message_id = $1 WHERE id = $2").bind(message_id).bind(id);
        if self.execute_one("updating a table", query).await? == 0 {
            return Err(StoreError::NotFound(format!("table #{id}")));
        }
        Ok(())
    }

    /// Seats a user at an open table (at the end of the seat order). Seating
    /// someone already seated returns their seat unchanged.
    #[tracing::instrument(level = "debug", skip(self), err(level = "debug"))]
    pub async fn add_seat(&self, table_id: TableId, user: UserId) -> Result<SeatRow, StoreError> {
        self.writer
            .write(move |conn| {
                Box::pin(async move {
                    let table: Option<(TableStatus, i64)> =
                        sql("SELECT status, max_players FROM game_tables WHERE id = $1")
                            .bind(table_id)
                            .optional(&mut *conn)
                            .await
                            .ctx("taking a seat")?;
                    let Some((status, max)) = table else {
                        return Err(StoreError::NotFound(format!("table #{table_id}")));
                    };
                    if status != TableStatus::Open {
                        return Err(StoreError::TableClosed(table_id));
                    }
                    let existing: Option<SeatRow> =
                        sql(format!("SELECT {SEAT_COLS} FROM table_seats WHERE table_id = $1 AND user_id = $2"))
                            .bind(table_id)
                            .bind(user)
                            .optional(&mut *conn)
                            .await
                            .ctx("taking a seat")?;
                    if let Some(seat) = existing {
                        return Ok(seat);
                    }
                    let (count, last): (i64, Option<i64>) =
                        sql("SELECT COUNT(*), MAX(position) FROM table_seats WHERE table_id = $1")
                            .bind(table_id)
                            .one(&mut *conn)
                            .await
                            .ctx("taking a seat")?;
                    if count >= max {
                        return Err(StoreError::TableFull(table_id));
                    }
                    let seat: SeatRow = sql(format!(
                        "INSERT INTO table_seats ({SEAT_COLS}) VALUES ($1, $2, $3, FALSE, 0, $4, 0, '') RETURNING {SEAT_COLS}"
                    ))
                    .bind(table_id)
                    .bind(user)
                    .bind(last.map_or(0, |p| p + 1))
                    .bind(now_unix())
                    .one(&mut *conn)
                    .await
                    .ctx("taking a seat")?;
                    Ok(seat)
                })
            })
            .await
    }

    /// Removes a user's seat. Returns false if they were not seated.
    pub async fn remove_seat(&self, table_id: TableId, user: UserId) -> Result<bool, StoreError> {
        let query = sql("DELETE FROM table_seats WHERE table_id = $1 AND user_id = $2").bind(table_id).bind(user);
        Ok(self.execute_one("leaving a seat", query).await? == 1)
    }

    /// The table's seats in seat order.
    pub async fn seats(&self, table_id: TableId) -> Result<Vec<SeatRow>, StoreError> {
        sql(format!("SELECT {SEAT_COLS} FROM table_seats WHERE table_id = $1 ORDER BY position"))
            .bind(table_id)
            .all(&self.pool)
            .await
            .ctx("reading seats")
    }

    pub async fn set_sat_out(&self, table_id: TableId, user: UserId, sat_out: bool) -> Result<(), StoreError> {
        let text = "UPDATE table_seats SET sat_out = $1 WHERE table_id = $2 AND user_id = $3";
        self.update_seat(table_id, user, text, sat_out).await
    }

    /// Sets the entropy a seated player gives for the table's next deal ("" clears it).
    pub async fn set_entropy(&self, table_id: TableId, user: UserId, entropy: &str) -> Result<(), StoreError> {
        let text = "UPDATE table_seats SET entropy = $1 WHERE table_id = $2 AND user_id = $3";
        self.update_seat(table_id, user, text, entropy.to_string()).await
    }

    /// The secret seed (hex) of the table's next hand, committed to in the channel before that hand's entropy is
    /// set; `None` before the first.
    pub async fn next_secret(&self, table_id: TableId) -> Result<Option<String>, StoreError> {
        let row: Option<(Option<String>,)> = sql("SELECT next_secret FROM game_tables WHERE id = $1")
            .bind(table_id)
            .optional(&self.pool)
            .await
            .ctx("reading a table's next seed")?;
        Ok(row.and_then(|(s,)| s))
    }

    /// Keeps the secret seed (hex) of the table's next hand.
    pub async fn set_next_secret(&self, table_id: TableId, secret: &str) -> Result<(), StoreError> {
        let query =
            sql("UPDATE game_tables SET next_secret = $1 WHERE id = $2").bind(secret.to_string()).bind(table_id);
        self.execute_one("keeping a table's next seed", query).await.map(|_| ())
    }

    /// Sets what the player owes to come back in (`post`; 0 clears it).
    pub async fn set_owed_post(&self, table_id: TableId, user: UserId, owed: Chips) -> Result<(), StoreError> {
        let owed = i64::try_from(owed).map_err(|_| StoreError::Invalid(format!("a post of {owed}")))?;
        let text = "UPDATE table_seats SET owed_post = $1 WHERE table_id = $2 AND user_id = $3";
        self.update_seat(table_id, user, text, owed).await
    }

    /// Sets the count of consecutive turn timeouts.
    pub async fn set_timeouts(&self, table_id: TableId, user: UserId, n: u32) -> Result<(), StoreError> {
        let text = "UPDATE table_seats SET timeouts = $1 WHERE table_id = $2 AND user_id = $3";
        self.update_seat(table_id, user, text, i64::from(n)).await
    }

    /// Runs `text` (`SET column = $1 WHERE table_id = $2 AND user_id = $3`) on one
    /// seat; [`StoreError::NotFound`] if the user is not seated.
    async fn update_seat(
        &self,
        table_id: TableId,
        user: UserId,
        text: &'static str,
        value: impl Into<Arg>,
    ) -> Result<(), StoreError> {
        let query = sql(text).bind(value).bind(table_id).bind(user);
        if self.execute_one("updating a seat", query).await? == 0 {
            return Err(StoreError::NotFound(format!("seat of user {user} at table #{table_id}")));
        }
        Ok(())
    }
}
