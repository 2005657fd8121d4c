//! Seasons: a server's leaderboard periods. Season 1 is the one a server is in before its first new season. A new
//! season (an admin's `/season new`, or the `season_days` schedule) keeps the ending season's final leaderboard,
//! and either carries every balance over or resets it to the starting balance, each reset a `season_reset` ledger
//! row, all in one transaction.

use serde::{Deserialize, Serialize};

use super::db::{json_arg, sql, Conn};
use super::error::Ctx;
use super::wallets::apply;
use super::{now_unix, settings, Entry, Reason, Store, StoreError};
use crate::ids::{GuildId, UserId};

/// The players a season's final leaderboard keeps.
pub const SEASON_BOARD: u32 = 25;

/// One place on a season's final leaderboard.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Standing {
    pub user: UserId,
    pub balance: i64,
}

/// A season of a server.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Season {
    pub number: i64,
    pub started_at: i64,
    /// None while it is the season in play.
    pub ended_at: Option<i64>,
    /// Its final leaderboard, richest first (empty while in play).
    pub board: Vec<Standing>,
}

/// What a new season did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeasonEnd {
    /// The season that ended, with its final board.
    pub ended: Season,
    /// The season now in play.
    pub number: i64,
    /// Balances were reset to this starting balance (None: carried over).
    pub reset_to: Option<i64>,
    /// Wallets whose balance a reset changed (one `season_reset` row each).
    pub resets: u64,
}

#[derive(sqlx::FromRow)]
struct SeasonRow {
    number: i64,
    started_at: i64,
    ended_at: Option<i64>,
    board: Option<String>,
}

impl SeasonRow {
    fn into_season(self) -> Result<Season, StoreError> {
        let board = match &self.board {
            Some(text) => serde_json::from_str(text)
                .map_err(|e| StoreError::Corrupt(format!("season {}'s board: {e}", self.number)))?,
            None => Vec::new(),
        };
        Ok(Season { number: self.number, started_at: self.started_at, ended_at: self.ended_at, board })
    }
}

/// The season in play, made (season 1, from the server's first wallet) if the server never had one.
async fn current(conn: &mut Conn, guild: GuildId, now: i64) -> Result<(i64, i64), StoreError> {
    let row: Option<(i64, i64)> =
        sql("SELECT number, started_at FROM seasons WHERE guild_id = $1 AND ended_at IS NULL \
         ORDER BY number DESC LIMIT 1")
        .bind(guild)
        .optional(&mut *conn)
        .await
        .ctx("reading the season")?;
    if let Some(row) = row {
        return Ok(row);
    }
    let first: Option<i64> = sql("SELECT MIN(created_at) FROM wallets WHERE guild_id = $1")
        .bind(guild)
        .scalar(&mut *conn)
        .await
        .ctx("reading the season")?;
    let started = first.unwrap_or(now);
    sql("INSERT INTO seasons (guild_id, number, started_at) VALUES ($1, 1, $2)")
        .bind(guild)
        .bind(started)
        .execute(&mut *conn)
        .await
        .ctx("starting season 1")?;
    Ok((1, started))
}

impl Store {
    /// The season in play: its number and when it began (unix seconds).
    pub async fn current_season(&self, guild: GuildId) -> Result<(i64, i64), StoreError> {
        let now = now_unix();
        self.writer.write(move |conn| Box::pin(async move { current(conn, guild, now).await })).await
    }

    /// Season `number` of the server, if it has had one.
    pub async fn season(&self, guild: GuildId, number: i64) -> Result<Option<Season>, StoreError> {
        let row: Option<SeasonRow> =
            sql("SELECT number, started_at, ended_at, board FROM seasons WHERE guild_id = $1 AND number = $2")
                .bind(guild)
                .bind(number)
                .optional(&self.pool)
                .await
                .ctx("reading a season")?;
        row.map(SeasonRow::into_season).transpose()
    }

    /// The server's ended seasons, newest first, at most `limit` (the web pages' boards).
    pub async fn ended_seasons(&self, guild: GuildId, limit: u32) -> Result<Vec<Season>, StoreError> {
        let rows: Vec<SeasonRow> = sql("SELECT number, started_at, ended_at, board FROM seasons \
                                        WHERE guild_id = $1 AND ended_at IS NOT NULL ORDER BY number DESC LIMIT $2")
        .bind(guild)
        .bind(i64::from(limit))
        .all(&self.pool)
        .await
        .ctx("reading seasons")?;
        rows.into_iter().map(SeasonRow::into_season).collect()
    }

    /// Ends the season in play and begins the next: the final leaderboard (the [`SEASON_BOARD`] richest players)
    /// is kept with it, and under `season_reset` every player's balance goes back to the starting balance (a
    /// `season_reset` row for each that changes). `expected`: end only that season (a schedule's tick), so two
    /// processes ticking at once roll a season over once; None when the other one did (or it is not in play).
    #[tracing::instrument(level = "info", skip(self), err(level = "debug"))]
    pub async fn new_season(
        &self,
        guild: GuildId,
        expected: Option<i64>,
        actor: Option<UserId>,
    ) -> Result<Option<SeasonEnd>, StoreError> {
        let now = now_unix();
        self.writer
            .write(move |conn| {
                Box::pin(async move {
                    let s = settings::load(&mut *conn, guild).await?;
                    let (number, started_at) = current(&mut *conn, guild, now).await?;
                    if expected.is_some_and(|e| e != number) {
                        return Ok(None);
                    }
                    let people = super::stats::people_only();
                    let board: Vec<(UserId, i64)> = sql(format!(
                        "SELECT user_id, balance FROM wallets WHERE guild_id = $1 AND {people} \
                         ORDER BY balance DESC, user_id LIMIT $2"
                    ))
                    .bind(guild)
                    .bind(i64::from(SEASON_BOARD))
                    .all(&mut *conn)
                    .await
                    .ctx("reading the season's board")?;
                    let board: Vec<Standing> =
                        board.into_iter().map(|(user, balance)| Standing { user, balance }).collect();
                    let text = json_arg(&board).map_err(|e| StoreError::Invalid(format!("cannot encode {e}")))?;
                    sql("UPDATE seasons SET ended_at = $1, board = $2 WHERE guild_id = $3 AND number = $4")
                        .bind(now)
                        .bind(text)
                        .bind(guild)
                        .bind(number)
                        .execute(&mut *conn)
                        .await
                        .ctx("ending the season")?;
                    sql("INSERT INTO seasons (guild_id, number, started_at) VALUES ($1, $2, $3)")
                        .bind(guild)
                        .bind(number + 1)
                        .bind(now)
                        .execute(&mut *conn)
                        .await
                        .ctx("beginning a season")?;
                    let mut resets = 0;
                    let reset_to = s.economy.season_reset.then_some(s.starting_balance.max(0));
                    if let Some(start) = reset_to {
                        let wallets: Vec<(UserId, i64)> = sql(format!(
                            "SELECT user_id, balance FROM wallets WHERE guild_id = $1 AND {people} AND balance <> $2 \
                             ORDER BY user_id"
                        ))
                        .bind(guild)
                        .bind(start)
                        .all(&mut *conn)
                        .await
                        .ctx("reading the balances to reset")?;
                        let note = format!("season {}", number + 1);
                        for (user, balance) in wallets {
                            let entry = Entry {
                                actor,
                                note: Some(&note),
                                ..Entry::new(guild, user, start - balance, Reason::SeasonReset, now)
                            };
                            apply(&mut *conn, &entry).await?;
                            resets += 1;
                        }
                    }
                    let ended = Season { number, started_at, ended_at: Some(now), board };
                    Ok(Some(SeasonEnd { ended, number: number + 1, reset_to, resets }))
                })
            })
            .await
    }

    /// The servers whose `season_days` schedule says a new season is due at `now`, each with the season in play.
    pub async fn seasons_due(&self, now: i64) -> Result<Vec<(GuildId, i64)>, StoreError> {
        let guilds: Vec<(GuildId,)> = sql("SELECT guild_id FROM guild_settings ORDER BY guild_id")
            .all(&self.pool)
            .await
            .ctx("reading settings")?;
        let mut due = Vec::new();
        for (guild,) in guilds {
            let days = self.guild_settings(guild).await?.economy.season_days;
            if days <= 0 {
                continue;
            }
            let (number, started_at) = self.current_season(guild).await?;
            if now - started_at >= days * 86_400 {
                due.push((guild, number));
            }
        }
        Ok(due)
    }
}
