//! Wallets: one per (guild, user), created lazily with the guild's starting
//! balance. Every change is a ledger row in the same transaction.

use super::db::{sql, Conn};
use super::error::Ctx;
use super::{insert_ledger, now_unix, settings, Entry, Reason, Store, StoreError};
use crate::ids::{GuildId, HandId, UserId};

/// What a daily claim did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DailyClaim {
    Claimed {
        amount: i64,
        balance: i64,
    },
    /// Claimed too recently; the next claim opens at `next_at` (unix seconds).
    TooSoon {
        next_at: i64,
    },
    /// The Discord account is younger than the server's `daily_min_account_days`.
    TooNew {
        days: i64,
    },
}

/// One ledger row, as read back.
#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct LedgerRow {
    pub id: i64,
    #[sqlx(rename = "guild_id")]
    pub guild: GuildId,
    #[sqlx(rename = "user_id")]
    pub user: UserId,
    pub delta: i64,
    pub reason: Reason,
    pub hand_id: Option<HandId>,
    #[sqlx(rename = "actor_id")]
    pub actor: Option<UserId>,
    pub note: Option<String>,
    pub created_at: i64,
}

/// What a `/give` did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Give {
    /// `received` chips reached the receiver and `fee` went to the house (`received + fee` is the amount given).
    Given { received: i64, fee: i64, balance: i64, receiver_balance: i64 },
    /// Over the sender's `give_daily_cap`: only `left` more chips may be given before 24 hours pass.
    OverCap { cap: i64, left: i64 },
}

/// The note on every ledger row of a `/give` (the daily cap counts the sender's rows that carry it).
const GIVE_NOTE: &str = "/give";

/// The chips a server's house starts with (a `starting_grant` row like a player's); admins change it with
/// [`Store::set_house`].
pub const HOUSE_START: i64 = 100_000;

/// One page of a player's ledger, newest first: each row with the balance just after it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LedgerPage {
    pub rows: Vec<(LedgerRow, i64)>,
    /// The wallet's balance now.
    pub balance: i64,
    /// Older rows follow on the next page.
    pub more: bool,
}

/// The furthest page `/ledger` reads (the balances after each row are worked back from the balance now, through
/// every newer row).
pub const LEDGER_MAX_PAGE: u32 = 1_000;

pub(crate) async fn current<'a>(
    on: impl Into<super::db::On<'a>>,
    guild: GuildId,
    user: UserId,
) -> Result<Option<i64>, StoreError> {
    sql("SELECT balance FROM wallets WHERE guild_id = $1 AND user_id = $2")
        .bind(guild)
        .bind(user)
        .scalar_optional(on)
        .await
        .ctx("reading a balance")
}

/// The wallet's balance, creating it (with its `starting_grant` row) if new.
/// Call inside a write transaction.
pub(crate) async fn ensure(conn: &mut Conn, guild: GuildId, user: UserId, now: i64) -> Result<i64, StoreError> {
    if let Some(b) = current(&mut *conn, guild, user).await? {
        return Ok(b);
    }
    // The house starts with its own bankroll, a computer player with nothing (the house stakes it): neither is
    // given a player's starting balance.
    let start = if user == UserId::HOUSE {
        HOUSE_START
    } else if user.is_bot() || user.is_pool() || guild.as_purse().is_some() {
        // A tournament's pool holds only buy-ins, and tournament chips are only the stacks dealt at its start.
        0
    } else {
        settings::load(&mut *conn, guild).await?.starting_balance.max(0)
    };
    sql("INSERT INTO wallets (guild_id, user_id, balance, created_at) VALUES ($1, $2, $3, $4)")
        .bind(guild)
        .bind(user)
        .bind(start)
        .bind(now)
        .execute(&mut *conn)
        .await
        .ctx("creating a wallet")?;
    insert_ledger(conn, &Entry::new(guild, user, start, Reason::StartingGrant, now)).await?;
    Ok(start)
}

/// Adds `e.delta` (any sign) to the wallet, refusing to go below zero, and
/// writes the ledger row. Returns the new balance. The wallet must exist.
pub(crate) async fn apply(conn: &mut Conn, e: &Entry<'_>) -> Result<i64, StoreError> {
    let new: Option<i64> =
        sql("UPDATE wallets SET balance = balance + $1 WHERE guild_id = $2 AND user_id = $3 AND balance + $1 >= 0 \
         RETURNING balance")
        .bind(e.delta)
        .bind(e.guild)
        .bind(e.user)
        .scalar_optional(&mut *conn)
        .await
        .ctx("changing a balance")?;
    let Some(new) = new else {
        return match current(&mut *conn, e.guild, e.user).await? {
            Some(have) => Err(StoreError::InsufficientFunds { user: e.user, need: -e.delta, have }),
            None => Err(StoreError::NotFound(format!("wallet of user {} in guild {}", e.user, e.guild))),
        };
    };
    insert_ledger(conn, e).await?;
    Ok(new)
}

impl Store {
    /// The user's balance in this guild (creating the wallet with the
    /// starting grant on first use).
    #[tracing::instrument(level = "debug", skip(self), err(level = "debug"))]
    pub async fn balance(&self, guild: GuildId, user: UserId) -> Result<i64, StoreError> {
        if let Some(b) = current(&self.pool, guild, user).await? {
            return Ok(b);
        }
        self.writer
            .write(move |conn| {
                Box::pin(async move {
                    let b = ensure(&mut *conn, guild, user, now_unix()).await?;
                    Ok(b)
                })
            })
            .await
    }

    /// The balances of several users in this guild, in the order given, in
    /// one read (creating a missing wallet as [`Store::balance`] does).
    #[tracing::instrument(level = "debug", skip(self), err(level = "debug"))]
    pub async fn balances(&self, guild: GuildId, users: &[UserId]) -> Result<Vec<i64>, StoreError> {
        let ids: Vec<i64> = users.iter().map(|u| u.0 as i64).collect();
        let text = super::sql::of(self.pool.backend()).balances;
        let found: Vec<(UserId, i64)> = sql(text)
            .bind(guild)
            .bind(serde_json::to_string(&ids).map_err(|e| StoreError::Invalid(format!("cannot encode {e}")))?)
            .all(&self.pool)
            .await
            .ctx("reading balances")?;
        let mut balances = Vec::with_capacity(users.len());
        for &user in users {
            balances.push(match found.iter().find(|(u, _)| *u == user) {
                Some(&(_, b)) => b,
                None => self.balance(guild, user).await?,
            });
        }
        Ok(balances)
    }

    /// Pays the guild's daily amount unless the cooldown is still running.
    /// Two concurrent claims pay once: the update is conditional on the
    /// last claim time and runs under the write lock.
    #[tracing::instrument(level = "debug", skip(self), err(level = "debug"))]
    pub async fn claim_daily(&self, guild: GuildId, user: UserId, now_unix: i64) -> Result<DailyClaim, StoreError> {
        self.writer
            .write(move |conn| {
                Box::pin(async move {
                    let s = settings::load(&mut *conn, guild).await?;
                    if !s.economy.may_claim_daily(user, now_unix) {
                        return Ok(DailyClaim::TooNew { days: s.economy.daily_min_account_days });
                    }
                    ensure(&mut *conn, guild, user, now_unix).await?;
                    let claimed = sql("UPDATE wallets SET last_daily_at = $1 WHERE guild_id = $2 AND user_id = $3 \
                         AND (last_daily_at IS NULL OR last_daily_at + $4 <= $1)")
                    .bind(now_unix)
                    .bind(guild)
                    .bind(user)
                    .bind(s.daily_cooldown_secs)
                    .execute(&mut *conn)
                    .await
                    .ctx("claiming daily chips")?;
                    if claimed == 0 {
                        let last: Option<i64> =
                            sql("SELECT last_daily_at FROM wallets WHERE guild_id = $1 AND user_id = $2")
                                .bind(guild)
                                .bind(user)
                                .scalar(&mut *conn)
                                .await
                                .ctx("claiming daily chips")?;
                        return Ok(DailyClaim::TooSoon { next_at: last.unwrap_or(now_unix) + s.daily_cooldown_secs });
                    }
                    let balance =
                        apply(&mut *conn, &Entry::new(guild, user, s.daily_amount, Reason::Daily, now_unix)).await?;
                    Ok(DailyClaim::Claimed { amount: s.daily_amount, balance })
                })
            })
            .await
    }

    /// An admin adds (or, negative, removes) chips. Refuses to take a wallet
    /// below zero. Returns the new balance.
    #[tracing::instrument(level = "info", skip(self), err(level = "debug"))]
    pub async fn admin_grant(
        &self,
        guild: GuildId,
        user: UserId,
        amount: i64,
        admin: UserId,
        note: &str,
    ) -> Result<i64, StoreError> {
        let now = now_unix();
        let note = note.to_owned();
        self.writer
            .write(move |conn| {
                Box::pin(async move {
                    ensure(&mut *conn, guild, user, now).await?;
                    let entry = Entry {
                        actor: Some(admin),
                        note: Some(&note),
                        ..Entry::new(guild, user, amount, Reason::AdminGrant, now)
                    };
                    let balance = apply(&mut *conn, &entry).await?;
                    Ok(balance)
                })
            })
            .await
    }

    /// Moves `amount` chips from `from` to `to` (`/give`), the server's fee going to the house: a `transfer` row on
    /// each side for what the receiver gets, and a `fee` row on each side of the sender's and the house's for the
    /// fee, all in one transaction with the daily cap's check (chips given in the last 24 hours, fees included).
    /// The anti-abuse rules that need Discord's word (account age, membership) are checked before
    /// ([`super::Economy::may_give`]). Refuses an amount the sender does not have ([`StoreError::InsufficientFunds`]).
    #[tracing::instrument(level = "info", skip(self), err(level = "debug"))]
    pub async fn give(&self, guild: GuildId, from: UserId, to: UserId, amount: i64) -> Result<Give, StoreError> {
        if amount <= 0 || amount > crate::engine::rules::MAX_AMOUNT as i64 || from == to {
            return Err(StoreError::Invalid(format!("cannot give {amount} chips")));
        }
        let now = now_unix();
        self.writer
            .write(move |conn| {
                Box::pin(async move {
                    let economy = settings::load(&mut *conn, guild).await?.economy;
                    let have = ensure(&mut *conn, guild, from, now).await?;
                    ensure(&mut *conn, guild, to, now).await?;
                    // `reason <> 'bet'` spelled out: SQLite then reads the sender's rows through the partial index.
                    let given: Option<i64> = sql("SELECT CAST(-SUM(delta) AS BIGINT) FROM ledger \
                         WHERE guild_id = $1 AND user_id = $2 AND reason <> 'bet' AND reason IN ($3, $4) \
                         AND note = $5 AND delta < 0 AND created_at > $6")
                    .bind(guild)
                    .bind(from)
                    .bind(Reason::Transfer)
                    .bind(Reason::Fee)
                    .bind(GIVE_NOTE)
                    .bind(now - 86_400)
                    .scalar(&mut *conn)
                    .await
                    .ctx("reading the chips given today")?;
                    let given = given.unwrap_or(0);
                    let cap = economy.give_daily_cap;
                    if given.saturating_add(amount) > cap {
                        return Ok(Give::OverCap { cap, left: (cap - given).max(0) });
                    }
                    if have < amount {
                        return Err(StoreError::InsufficientFunds { user: from, need: amount, have });
                    }
                    let fee = economy.fee(amount);
                    let received = amount - fee;
                    let gift =
                        Move { guild, from, to, amount: received, reason: Reason::Transfer, note: GIVE_NOTE, now };
                    move_chips(&mut *conn, &gift).await?;
                    if fee > 0 {
                        ensure(&mut *conn, guild, UserId::HOUSE, now).await?;
                        let fee = Move { to: UserId::HOUSE, amount: fee, reason: Reason::Fee, ..gift };
                        move_chips(&mut *conn, &fee).await?;
                    }
                    let balance = current(&mut *conn, guild, from).await?.unwrap_or(0);
                    let receiver_balance = current(&mut *conn, guild, to).await?.unwrap_or(0);
                    Ok(Give::Given { received, fee, balance, receiver_balance })
                })
            })
            .await
    }

    /// Tops a computer player's wallet up to `up_to` chips from the house, as far as the house has them: two
    /// `transfer` rows (the house's and the player's) in one transaction. Returns the chips moved.
    #[tracing::instrument(level = "debug", skip(self), err(level = "debug"))]
    pub async fn stake_bot(&self, guild: GuildId, bot: UserId, up_to: i64) -> Result<i64, StoreError> {
        let now = now_unix();
        self.writer
            .write(move |conn| {
                Box::pin(async move {
                    let house = ensure(&mut *conn, guild, UserId::HOUSE, now).await?;
                    let have = ensure(&mut *conn, guild, bot, now).await?;
                    let amount = up_to.saturating_sub(have).min(house).max(0);
                    if amount > 0 {
                        let stake = Move {
                            guild,
                            from: UserId::HOUSE,
                            to: bot,
                            amount,
                            reason: Reason::Transfer,
                            note: "house stake",
                            now,
                        };
                        move_chips(conn, &stake).await?;
                    }
                    Ok(amount)
                })
            })
            .await
    }

    /// Gives a computer player's whole wallet back to the house (it leaves its table). Returns the chips moved.
    #[tracing::instrument(level = "debug", skip(self), err(level = "debug"))]
    pub async fn unstake_bot(&self, guild: GuildId, bot: UserId) -> Result<i64, StoreError> {
        let now = now_unix();
        self.writer
            .write(move |conn| {
                Box::pin(async move {
                    ensure(&mut *conn, guild, UserId::HOUSE, now).await?;
                    let have = ensure(&mut *conn, guild, bot, now).await?;
                    if have > 0 {
                        let back = Move {
                            guild,
                            from: bot,
                            to: UserId::HOUSE,
                            amount: have,
                            reason: Reason::Transfer,
                            note: "back to the house",
                            now,
                        };
                        move_chips(conn, &back).await?;
                    }
                    Ok(have)
                })
            })
            .await
    }

    /// An admin sets the house's bankroll: one `admin_grant` row of the difference. Returns the new balance.
    pub async fn set_house(&self, guild: GuildId, amount: i64, admin: UserId) -> Result<i64, StoreError> {
        let now = now_unix();
        self.writer
            .write(move |conn| {
                Box::pin(async move {
                    let have = ensure(&mut *conn, guild, UserId::HOUSE, now).await?;
                    let delta = amount.max(0) - have;
                    if delta == 0 {
                        return Ok(have);
                    }
                    let note = "house bankroll";
                    let entry = Entry {
                        actor: Some(admin),
                        note: Some(note),
                        ..Entry::new(guild, UserId::HOUSE, delta, Reason::AdminGrant, now)
                    };
                    apply(&mut *conn, &entry).await
                })
            })
            .await
    }

    /// Page `page` (from 1, at most [`LEDGER_MAX_PAGE`]) of the user's ledger in this guild, `per_page` rows a
    /// page, newest first, each with the balance just after it. Reads the balance and the rows in one snapshot.
    #[tracing::instrument(level = "debug", skip(self), err(level = "debug"))]
    pub async fn ledger_page(
        &self,
        guild: GuildId,
        user: UserId,
        page: u32,
        per_page: u32,
    ) -> Result<LedgerPage, StoreError> {
        let page = page.clamp(1, LEDGER_MAX_PAGE);
        let per_page = per_page.clamp(1, 50);
        let upto = page * per_page;
        // The balance and the rows must be of one moment: a row written between the two reads (the player is at a
        // table) is seen by reading the newest row again; then both are read again (a few times at most).
        let (mut balance, mut rows) = (0, Vec::new());
        for _ in 0..4 {
            rows = self.ledger(guild, user, upto + 1).await?;
            balance = self.balance(guild, user).await?;
            let newest = self.ledger(guild, user, 1).await?;
            if newest.first().map(|r| r.id) == rows.first().map(|r| r.id) {
                break;
            }
        }
        let more = rows.len() > upto as usize;
        rows.truncate(upto as usize);
        let mut after = balance;
        let mut with_balance = Vec::with_capacity(rows.len());
        for row in rows {
            let delta = row.delta;
            with_balance.push((row, after));
            after -= delta;
        }
        let start = ((page - 1) * per_page) as usize;
        let rows = with_balance.into_iter().skip(start).collect();
        Ok(LedgerPage { rows, balance, more })
    }

    /// The user's most recent ledger rows in this guild, newest first.
    ///
    /// Rows that are not bets come from the per-user index; bets from the
    /// hands the user sat in (there is no per-user index of bets: see
    /// migration v2). It reads all of the user's rows in the guild.
    #[tracing::instrument(level = "debug", skip(self), err(level = "debug"))]
    pub async fn ledger(&self, guild: GuildId, user: UserId, limit: u32) -> Result<Vec<LedgerRow>, StoreError> {
        // `reason <> 'bet'` is spelled out so that SQLite uses the partial index.
        sql("SELECT id, guild_id, user_id, delta, reason, hand_id, actor_id, note, created_at FROM ledger \
             WHERE guild_id = $1 AND user_id = $2 AND reason <> 'bet' \
             UNION ALL \
             SELECT l.id, l.guild_id, l.user_id, l.delta, l.reason, l.hand_id, l.actor_id, l.note, l.created_at \
             FROM hand_players p JOIN ledger l ON l.hand_id = p.hand_id \
             WHERE p.guild_id = $1 AND p.user_id = $2 AND l.user_id = $2 AND l.reason = $3 \
             ORDER BY id DESC LIMIT $4")
        .bind(guild)
        .bind(user)
        .bind(Reason::Bet)
        .bind(i64::from(limit))
        .all(&self.pool)
        .await
        .ctx("reading the ledger")
    }
}

/// Chips moved from one wallet to another of the same guild (see [`move_chips`]).
pub(crate) struct Move<'a> {
    pub guild: GuildId,
    pub from: UserId,
    pub to: UserId,
    pub amount: i64,
    /// `transfer` between players or with the house; `fee`, `buy_in`, `prize` or `refund` for those.
    pub reason: Reason,
    pub note: &'a str,
    pub now: i64,
}

/// Moves chips between two wallets: a row of the move's reason on each side, each naming the other as its actor,
/// the payer's first (an overdraft is refused before anything moves). Call inside a write transaction.
pub(crate) async fn move_chips(conn: &mut Conn, m: &Move<'_>) -> Result<(), StoreError> {
    let Move { guild, from, to, amount, reason, note, now } = *m;
    let out = Entry { actor: Some(to), note: Some(note), ..Entry::new(guild, from, -amount, reason, now) };
    apply(&mut *conn, &out).await?;
    let back = Entry { actor: Some(from), note: Some(note), ..Entry::new(guild, to, amount, reason, now) };
    apply(&mut *conn, &back).await?;
    Ok(())
}
