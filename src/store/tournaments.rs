//! Sit-and-go tournaments: registration with a buy-in into the tournament's prize pool, the start (tournament
//! chips dealt into its purse), places as players are knocked out, the prizes paid from the pool, or a
//! cancellation that gives every buy-in back. Each step is one transaction; every chip of the server that moves is
//! a ledger row (`buy_in`, `prize`, `refund`), so the audit holds throughout.
//!
//! The pool is a wallet of the server ([`UserId::pool`]); the tournament chips are wallets of the tournament's
//! purse ([`GuildId::purse`]), where its table's hands bet and win like any table's, apart from the server's chips.

use super::db::{json_arg, sql, Conn};
use super::error::Ctx;
use super::wallets::{current, ensure, move_chips, Move};
use super::{insert_ledger, now_unix, Entry, Reason, Store, StoreError};
use crate::engine::tournament::Plan;
use crate::ids::{ChannelId, GuildId, TableId, TournamentId, UserId};

super::db::stored_names! {
    /// Stored in `tournaments.status`.
    pub enum TournamentStatus {
        Registering => "registering",
        Running => "running",
        Finished => "finished",
        Cancelled => "cancelled",
    }
}

/// What opening a tournament needs.
#[derive(Clone, Debug)]
pub struct NewTournament {
    pub guild: GuildId,
    pub channel: ChannelId,
    pub opener: UserId,
    pub buy_in: i64,
    pub seats: u32,
    /// Tournament chips each player starts with.
    pub stack: i64,
    pub turn_seconds: i64,
    pub plan: Plan,
}

#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct TournamentRow {
    pub id: TournamentId,
    #[sqlx(rename = "guild_id")]
    pub guild: GuildId,
    #[sqlx(rename = "channel_id")]
    pub channel: ChannelId,
    #[sqlx(rename = "opener_id")]
    pub opener: UserId,
    pub buy_in: i64,
    pub seats: i64,
    pub stack: i64,
    pub turn_seconds: i64,
    #[sqlx(json)]
    pub plan: Plan,
    pub status: TournamentStatus,
    pub table_id: Option<TableId>,
    pub created_at: i64,
    pub started_at: Option<i64>,
    pub ended_at: Option<i64>,
}

impl TournamentRow {
    /// Where its tournament chips are kept.
    pub fn purse(&self) -> GuildId {
        GuildId::purse(self.id)
    }
}

/// A registered player.
#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct Entrant {
    #[sqlx(rename = "user_id")]
    pub user: UserId,
    pub registered_at: i64,
    /// Final place (1 won), once knocked out or the tournament is over.
    pub place: Option<i64>,
    pub prize: i64,
}

/// Why a tournament cannot be opened here.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OpenRefusal {
    /// The channel has an open table.
    TableHere,
    /// The channel has a tournament registering or running.
    TournamentHere,
}

/// What a registration did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Registration {
    /// Registered, the buy-in in the pool; `full`: the last seat was taken (the tournament begins).
    Registered {
        count: u32,
        full: bool,
    },
    Already,
    /// Every seat is taken.
    Full,
    /// Not registering any more (running, over or cancelled).
    Closed,
    /// The buy-in is more than the player has.
    Funds {
        have: i64,
    },
}

/// A player's tournaments on a server.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TournamentStats {
    pub played: i64,
    pub won: i64,
    pub prizes: i64,
}

const COLS: &str = "id, guild_id, channel_id, opener_id, buy_in, seats, stack, turn_seconds, plan, status, table_id, \
                    created_at, started_at, ended_at";

async fn row<'a>(on: impl Into<super::db::On<'a>>, id: TournamentId) -> Result<Option<TournamentRow>, StoreError> {
    sql(format!("SELECT {COLS} FROM tournaments WHERE id = $1")).bind(id).optional(on).await.ctx("reading a tournament")
}

/// The tournament registering or running in a channel (one at most).
pub(super) async fn active_in<'a>(
    on: impl Into<super::db::On<'a>>,
    channel: ChannelId,
) -> Result<Option<TournamentRow>, StoreError> {
    sql(format!("SELECT {COLS} FROM tournaments WHERE channel_id = $1 AND status IN ($2, $3)"))
        .bind(channel)
        .bind(TournamentStatus::Registering)
        .bind(TournamentStatus::Running)
        .optional(on)
        .await
        .ctx("reading a channel's tournament")
}

/// Tournament `id`, which must exist.
async fn existing(conn: &mut Conn, id: TournamentId) -> Result<TournamentRow, StoreError> {
    row(conn, id).await?.ok_or_else(|| StoreError::NotFound(format!("tournament #{id}")))
}

async fn entrants<'a>(on: impl Into<super::db::On<'a>>, id: TournamentId) -> Result<Vec<Entrant>, StoreError> {
    sql("SELECT user_id, registered_at, place, prize FROM tournament_entries WHERE tournament_id = $1 \
         ORDER BY registered_at, user_id")
    .bind(id)
    .all(on)
    .await
    .ctx("reading a tournament's players")
}

async fn set_status(conn: &mut Conn, id: TournamentId, status: TournamentStatus, now: i64) -> Result<(), StoreError> {
    sql("UPDATE tournaments SET status = $1, ended_at = $2 WHERE id = $3")
        .bind(status)
        .bind(now)
        .bind(id)
        .execute(conn)
        .await
        .ctx("ending a tournament")?;
    Ok(())
}

/// Moves `amount` between a player and the pool (to the pool for a `buy_in`, from it for a `prize` or `refund`):
/// a row of `reason` on each side.
async fn pool_move(
    conn: &mut Conn,
    t: &TournamentRow,
    user: UserId,
    amount: i64,
    reason: Reason,
    now: i64,
) -> Result<(), StoreError> {
    let pool = UserId::pool(t.id);
    let (from, to) = if reason == Reason::BuyIn { (user, pool) } else { (pool, user) };
    let note = format!("tournament #{}", t.id);
    move_chips(conn, &Move { guild: t.guild, from, to, amount, reason, note: &note, now }).await
}

impl Store {
    /// Opens a tournament for registration in a channel with no open table and no other tournament.
    #[tracing::instrument(level = "info", skip(self, new), err(level = "debug"))]
    pub async fn open_tournament(&self, new: NewTournament) -> Result<Result<TournamentRow, OpenRefusal>, StoreError> {
        if !(2..=10).contains(&new.seats) || new.buy_in < 0 || new.stack <= 0 || new.turn_seconds <= 0 {
            return Err(StoreError::Invalid("a tournament has 2 to 10 seats, a stack and a turn".into()));
        }
        let now = now_unix();
        self.writer
            .write(move |conn| {
                Box::pin(async move {
                    if super::tables::open_in(&mut *conn, new.channel).await?.is_some() {
                        return Ok(Err(OpenRefusal::TableHere));
                    }
                    if active_in(&mut *conn, new.channel).await?.is_some() {
                        return Ok(Err(OpenRefusal::TournamentHere));
                    }
                    let plan = json_arg(&new.plan).map_err(|e| StoreError::Invalid(format!("cannot encode {e}")))?;
                    let t: TournamentRow = sql(format!(
                        "INSERT INTO tournaments (guild_id, channel_id, opener_id, buy_in, seats, stack, turn_seconds, \
                         plan, status, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING {COLS}"
                    ))
                    .bind(new.guild)
                    .bind(new.channel)
                    .bind(new.opener)
                    .bind(new.buy_in)
                    .bind(i64::from(new.seats))
                    .bind(new.stack)
                    .bind(new.turn_seconds)
                    .bind(plan)
                    .bind(TournamentStatus::Registering)
                    .bind(now)
                    .one(&mut *conn)
                    .await
                    .ctx("opening a tournament")?;
                    Ok(Ok(t))
                })
            })
            .await
    }

    pub async fn tournament(&self, id: TournamentId) -> Result<Option<TournamentRow>, StoreError> {
        row(&self.pool, id).await
    }

    /// The tournament registering or running in a channel.
    pub async fn tournament_in_channel(&self, channel: ChannelId) -> Result<Option<TournamentRow>, StoreError> {
        active_in(&self.pool, channel).await
    }

    /// The tournaments still registering whose seats are all taken (a restart cut their start off).
    pub async fn full_tournaments(&self) -> Result<Vec<TournamentRow>, StoreError> {
        sql(format!(
            "SELECT {COLS} FROM tournaments t WHERE status = $1 \
             AND seats <= (SELECT COUNT(*) FROM tournament_entries e WHERE e.tournament_id = t.id) ORDER BY id"
        ))
        .bind(TournamentStatus::Registering)
        .all(&self.pool)
        .await
        .ctx("reading tournaments")
    }

    /// A tournament's players, in the order they registered.
    pub async fn entrants(&self, id: TournamentId) -> Result<Vec<Entrant>, StoreError> {
        entrants(&self.pool, id).await
    }

    /// Registers `user`, moving the buy-in from their wallet to the pool (a `buy_in` row on each side).
    #[tracing::instrument(level = "info", skip(self), err(level = "debug"))]
    pub async fn register(&self, id: TournamentId, user: UserId) -> Result<Registration, StoreError> {
        let now = now_unix();
        self.writer
            .write(move |conn| {
                Box::pin(async move {
                    let t = existing(&mut *conn, id).await?;
                    if t.status != TournamentStatus::Registering {
                        return Ok(Registration::Closed);
                    }
                    let players = entrants(&mut *conn, id).await?;
                    if players.iter().any(|e| e.user == user) {
                        return Ok(Registration::Already);
                    }
                    if players.len() as i64 >= t.seats {
                        return Ok(Registration::Full);
                    }
                    let have = ensure(&mut *conn, t.guild, user, now).await?;
                    if have < t.buy_in {
                        return Ok(Registration::Funds { have });
                    }
                    ensure(&mut *conn, t.guild, UserId::pool(id), now).await?;
                    if t.buy_in > 0 {
                        pool_move(&mut *conn, &t, user, t.buy_in, Reason::BuyIn, now).await?;
                    }
                    sql("INSERT INTO tournament_entries (tournament_id, user_id, registered_at) VALUES ($1, $2, $3)")
                        .bind(id)
                        .bind(user)
                        .bind(now)
                        .execute(&mut *conn)
                        .await
                        .ctx("registering")?;
                    let count = players.len() as u32 + 1;
                    Ok(Registration::Registered { count, full: i64::from(count) >= t.seats })
                })
            })
            .await
    }

    /// Takes `user`'s registration back while the tournament registers, the buy-in refunded. False if they
    /// were not registered or it no longer registers.
    pub async fn unregister(&self, id: TournamentId, user: UserId) -> Result<bool, StoreError> {
        let now = now_unix();
        self.writer
            .write(move |conn| {
                Box::pin(async move {
                    let Some(t) = row(&mut *conn, id).await? else { return Ok(false) };
                    if t.status != TournamentStatus::Registering {
                        return Ok(false);
                    }
                    let gone = sql("DELETE FROM tournament_entries WHERE tournament_id = $1 AND user_id = $2")
                        .bind(id)
                        .bind(user)
                        .execute(&mut *conn)
                        .await
                        .ctx("unregistering")?;
                    if gone == 0 {
                        return Ok(false);
                    }
                    if t.buy_in > 0 {
                        pool_move(&mut *conn, &t, user, t.buy_in, Reason::Refund, now).await?;
                    }
                    Ok(true)
                })
            })
            .await
    }

    /// Begins a full tournament at `table` (opened for it: [`Store::open_table_for`]): every player gets the stack
    /// in tournament chips (a wallet of the purse, with its `starting_grant` row). Returns the players in the order
    /// they registered.
    #[tracing::instrument(level = "info", skip(self), err(level = "debug"))]
    pub async fn begin_tournament(&self, id: TournamentId, table: TableId) -> Result<Vec<UserId>, StoreError> {
        let now = now_unix();
        self.writer
            .write(move |conn| {
                Box::pin(async move {
                    let t = existing(&mut *conn, id).await?;
                    let players: Vec<UserId> = entrants(&mut *conn, id).await?.into_iter().map(|e| e.user).collect();
                    if t.status != TournamentStatus::Registering {
                        return Ok(players);
                    }
                    sql("UPDATE tournaments SET status = $1, table_id = $2, started_at = $3 WHERE id = $4")
                        .bind(TournamentStatus::Running)
                        .bind(table)
                        .bind(now)
                        .bind(id)
                        .execute(&mut *conn)
                        .await
                        .ctx("beginning a tournament")?;
                    let purse = t.purse();
                    for &user in &players {
                        if current(&mut *conn, purse, user).await?.is_some() {
                            continue;
                        }
                        sql("INSERT INTO wallets (guild_id, user_id, balance, created_at) VALUES ($1, $2, $3, $4)")
                            .bind(purse)
                            .bind(user)
                            .bind(t.stack)
                            .bind(now)
                            .execute(&mut *conn)
                            .await
                            .ctx("dealing tournament chips")?;
                        let note = format!("tournament #{id}");
                        let grant =
                            Entry { note: Some(&note), ..Entry::new(purse, user, t.stack, Reason::StartingGrant, now) };
                        insert_ledger(&mut *conn, &grant).await?;
                    }
                    Ok(players)
                })
            })
            .await
    }

    /// Records the places of players knocked out (those already placed keep theirs).
    pub async fn knock_out(&self, id: TournamentId, places: Vec<(UserId, usize)>) -> Result<(), StoreError> {
        self.writer
            .write(move |conn| {
                Box::pin(async move {
                    for (user, place) in places {
                        sql("UPDATE tournament_entries SET place = $1 \
                             WHERE tournament_id = $2 AND user_id = $3 AND place IS NULL")
                        .bind(place as i64)
                        .bind(id)
                        .bind(user)
                        .execute(&mut *conn)
                        .await
                        .ctx("placing a player")?;
                    }
                    Ok(())
                })
            })
            .await
    }

    /// Ends a running tournament won by `winner`: the pool is paid by the plan's split to the places it pays (a
    /// `prize` row on each side), and the tournament is finished. Returns every player with place and prize, by
    /// place. A tournament already over pays nothing again.
    #[tracing::instrument(level = "info", skip(self), err(level = "debug"))]
    pub async fn finish_tournament(&self, id: TournamentId, winner: UserId) -> Result<Vec<Entrant>, StoreError> {
        let now = now_unix();
        self.writer
            .write(move |conn| {
                Box::pin(async move {
                    let t = existing(&mut *conn, id).await?;
                    if t.status == TournamentStatus::Running {
                        sql("UPDATE tournament_entries SET place = 1 WHERE tournament_id = $1 AND user_id = $2")
                            .bind(id)
                            .bind(winner)
                            .execute(&mut *conn)
                            .await
                            .ctx("placing the winner")?;
                        let players = entrants(&mut *conn, id).await?;
                        let pool = current(&mut *conn, t.guild, UserId::pool(id)).await?.unwrap_or(0);
                        let prizes = t.plan.prizes(pool.max(0) as u64, players.len());
                        for (k, prize) in prizes.into_iter().enumerate() {
                            let place = k as i64 + 1;
                            let Some(e) = players.iter().find(|e| e.place == Some(place)) else { continue };
                            let prize = prize as i64;
                            if prize > 0 {
                                pool_move(&mut *conn, &t, e.user, prize, Reason::Prize, now).await?;
                            }
                            sql("UPDATE tournament_entries SET prize = $1 WHERE tournament_id = $2 AND user_id = $3")
                                .bind(prize)
                                .bind(id)
                                .bind(e.user)
                                .execute(&mut *conn)
                                .await
                                .ctx("paying a prize")?;
                        }
                        set_status(&mut *conn, id, TournamentStatus::Finished, now).await?;
                    }
                    let mut players = entrants(&mut *conn, id).await?;
                    players.sort_by_key(|e| e.place.unwrap_or(i64::MAX));
                    Ok(players)
                })
            })
            .await
    }

    /// Cancels a tournament that registers or runs: every buy-in goes back from the pool (a `refund` row on each
    /// side). Returns the players refunded; none if it was over already.
    #[tracing::instrument(level = "info", skip(self), err(level = "debug"))]
    pub async fn cancel_tournament(&self, id: TournamentId) -> Result<Vec<UserId>, StoreError> {
        let now = now_unix();
        self.writer
            .write(move |conn| {
                Box::pin(async move {
                    let Some(t) = row(&mut *conn, id).await? else { return Ok(Vec::new()) };
                    if !matches!(t.status, TournamentStatus::Registering | TournamentStatus::Running) {
                        return Ok(Vec::new());
                    }
                    let players: Vec<UserId> = entrants(&mut *conn, id).await?.into_iter().map(|e| e.user).collect();
                    if t.buy_in > 0 {
                        for &user in &players {
                            pool_move(&mut *conn, &t, user, t.buy_in, Reason::Refund, now).await?;
                        }
                    }
                    set_status(&mut *conn, id, TournamentStatus::Cancelled, now).await?;
                    Ok(players)
                })
            })
            .await
    }

    /// The server's newest tournaments held in channels @everyone can view (the web pages), at most `limit`.
    pub async fn public_tournaments(&self, guild: GuildId, limit: u32) -> Result<Vec<TournamentRow>, StoreError> {
        let cols = COLS.split(", ").map(|c| format!("t.{}", c.trim())).collect::<Vec<_>>().join(", ");
        sql(format!(
            "SELECT {cols} FROM tournaments t JOIN public_channels c ON c.channel_id = t.channel_id \
             WHERE t.guild_id = $1 AND c.public ORDER BY t.id DESC LIMIT $2"
        ))
        .bind(guild)
        .bind(i64::from(limit))
        .all(&self.pool)
        .await
        .ctx("reading tournaments")
    }

    /// A player's tournaments on a server: played (finished ones), won, prizes.
    pub async fn tournament_stats(&self, guild: GuildId, user: UserId) -> Result<TournamentStats, StoreError> {
        let (played, won, prizes): (i64, Option<i64>, Option<i64>) = sql(
            "SELECT COUNT(*), CAST(SUM(CASE WHEN e.place = 1 THEN 1 ELSE 0 END) AS BIGINT), CAST(SUM(e.prize) AS BIGINT) \
             FROM tournament_entries e JOIN tournaments t ON t.id = e.tournament_id \
             WHERE t.guild_id = $1 AND e.user_id = $2 AND t.status = $3",
        )
        .bind(guild)
        .bind(user)
        .bind(TournamentStatus::Finished)
        .one(&self.pool)
        .await
        .ctx("reading tournament stats")?;
        Ok(TournamentStats { played, won: won.unwrap_or(0), prizes: prizes.unwrap_or(0) })
    }
}
