//! Hands: the setup, the ordered action log, and the chips each one moves.
//!
//! A hand's chips leave the wallets the moment the engine says they go into
//! the pot (boot at start, bets, sideshows and shows per action), each with a
//! `bet` ledger row naming the hand. When an `Ended` event is recorded the pot
//! goes to the winners (`pot_won`) in the same transaction. A hand left live
//! by a crash is either rebuilt with [`crate::engine::Hand::replay`] from its
//! setup and action log, or refunded with [`Store::refund_hand`].

use std::collections::BTreeMap;

use sqlx::sqlite::SqliteRow;
use sqlx::SqliteConnection;

use super::error::Ctx;
use super::{get, now_unix, sid, uid, wallets, Entry, Reason, Store, StoreError};
use crate::engine::{Action, Event, EventKind, HandSetup, Rules, Seat};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HandStatus {
    Live,
    Finished,
    Refunded,
}

impl HandStatus {
    pub fn as_str(self) -> &'static str {
        match self {
            HandStatus::Live => "live",
            HandStatus::Finished => "finished",
            HandStatus::Refunded => "refunded",
        }
    }
    fn parse(s: &str) -> Result<HandStatus, StoreError> {
        match s {
            "live" => Ok(HandStatus::Live),
            "finished" => Ok(HandStatus::Finished),
            "refunded" => Ok(HandStatus::Refunded),
            _ => Err(StoreError::Corrupt(format!("unknown hand status {s:?}"))),
        }
    }
}

/// A hand about to be written: what [`crate::engine::Hand::start`] was given and returned.
#[derive(Clone, Debug)]
pub struct NewHand<'a> {
    pub table_id: i64,
    pub guild: u64,
    pub channel: u64,
    /// User ids in seat order (seat i is `users[i]`).
    pub users: Vec<u64>,
    pub setup: &'a HandSetup,
    pub seed: Option<u64>,
    /// The events `Hand::start` returned (the boots are taken from them).
    pub events: &'a [Event],
}

/// One accepted action and the events the engine produced for it.
#[derive(Clone, Debug)]
pub struct ActionRecord<'a> {
    /// 0-based position in the hand's action log; must be the next one.
    pub seq: i64,
    pub seat: Seat,
    pub action: Action,
    /// Idempotency key (e.g. the Discord interaction id): the same key twice
    /// is recorded once.
    pub key: Option<&'a str>,
    pub events: &'a [Event],
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Recorded {
    Applied,
    /// The key was recorded before; nothing changed.
    Duplicate,
}

/// A hand still in play, with everything needed to rebuild it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LiveHand {
    pub id: i64,
    pub table_id: i64,
    pub guild: u64,
    pub channel: u64,
    pub users: Vec<u64>,
    pub setup: HandSetup,
    pub actions: Vec<(Seat, Action)>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HandSummary {
    pub id: i64,
    pub table_id: i64,
    pub guild: u64,
    pub channel: u64,
    pub users: Vec<u64>,
    pub status: HandStatus,
    /// The pot so far (live) or at the end.
    pub pot: i64,
    /// Winning users (empty until finished).
    pub winners: Vec<u64>,
    pub ended_by: Option<String>,
    pub started_at: i64,
    pub finished_at: Option<i64>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ActionRow {
    pub seq: i64,
    pub seat: Seat,
    pub action: Action,
    pub key: Option<String>,
    pub created_at: i64,
}

/// Everything stored about one hand.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HandRecord {
    pub summary: HandSummary,
    pub rules: Rules,
    pub setup: HandSetup,
    pub seed: Option<u64>,
    pub actions: Vec<ActionRow>,
}

const SUMMARY_COLS: &str =
    "id, table_id, guild_id, channel_id, seats, status, pot, winners, ended_by, started_at, finished_at";

fn json<T: serde::de::DeserializeOwned>(what: &str, s: &str) -> Result<T, StoreError> {
    serde_json::from_str(s).map_err(|e| StoreError::json(what, e))
}

fn to_json<T: serde::Serialize>(what: &str, v: &T) -> Result<String, StoreError> {
    serde_json::to_string(v).map_err(|e| StoreError::json(what, e))
}

fn summary(r: &SqliteRow) -> Result<HandSummary, StoreError> {
    let winners: Option<String> = get(r, "winners")?;
    Ok(HandSummary {
        id: get(r, "id")?,
        table_id: get(r, "table_id")?,
        guild: uid(get(r, "guild_id")?),
        channel: uid(get(r, "channel_id")?),
        users: json("hand seats", &get::<String>(r, "seats")?)?,
        status: HandStatus::parse(&get::<String>(r, "status")?)?,
        pot: get(r, "pot")?,
        winners: winners.map(|w| json("hand winners", &w)).transpose()?.unwrap_or_default(),
        ended_by: get(r, "ended_by")?,
        started_at: get(r, "started_at")?,
        finished_at: get(r, "finished_at")?,
    })
}

/// Chips per seat that these events move into the pot.
fn contributions(events: &[Event], seats: usize) -> BTreeMap<Seat, u64> {
    let mut by_seat = BTreeMap::new();
    for e in events {
        for (seat, amount) in e.contributions(seats) {
            *by_seat.entry(seat).or_insert(0) += amount;
        }
    }
    by_seat
}

/// Debits each seat's contribution and grows the hand's pot. Returns the sum.
async fn take_contributions(
    conn: &mut SqliteConnection,
    hand_id: i64,
    guild: u64,
    users: &[u64],
    events: &[Event],
    now: i64,
) -> Result<i64, StoreError> {
    let mut total = 0i64;
    for (seat, amount) in contributions(events, users.len()) {
        let user = *users.get(seat).ok_or_else(|| StoreError::Invalid(format!("no seat {seat} in hand #{hand_id}")))?;
        let amount = super::chips(amount)?;
        if amount == 0 {
            continue;
        }
        let entry = Entry {
            guild,
            user,
            delta: -amount,
            reason: Reason::Bet,
            hand_id: Some(hand_id),
            actor: None,
            note: None,
            now,
        };
        wallets::apply(conn, &entry).await?;
        total += amount;
    }
    if total > 0 {
        sqlx::query("UPDATE hands SET pot = pot + ? WHERE id = ?")
            .bind(total)
            .bind(hand_id)
            .execute(&mut *conn)
            .await
            .ctx("growing the pot")?;
    }
    Ok(total)
}

impl Store {
    /// Writes a new hand and takes every seat's boot, in one transaction.
    /// If any wallet cannot cover its boot nothing is written and the error
    /// names the user.
    #[tracing::instrument(level = "debug", skip(self, new), fields(table = new.table_id), err(level = "debug"))]
    pub async fn start_hand(&self, new: NewHand<'_>) -> Result<i64, StoreError> {
        let n = new.users.len();
        if n != new.setup.stacks.len() {
            return Err(StoreError::Invalid(format!("{n} users for {} seats", new.setup.stacks.len())));
        }
        let mut sorted = new.users.clone();
        sorted.sort_unstable();
        sorted.dedup();
        if sorted.len() != n {
            return Err(StoreError::Invalid("a user cannot sit twice in one hand".into()));
        }
        let now = now_unix();
        let rules = to_json("rules", &new.setup.rules)?;
        let seats = to_json("seats", &new.users)?;
        let setup = to_json("hand setup", new.setup)?;
        let mut tx = self.write_tx("starting a hand").await?;
        let hand_id: i64 = sqlx::query_scalar(
            "INSERT INTO hands (table_id, guild_id, channel_id, rules, seats, setup, seed, status, pot, started_at) \
             VALUES (?, ?, ?, ?, ?, ?, ?, 'live', 0, ?) RETURNING id",
        )
        .bind(new.table_id)
        .bind(sid(new.guild))
        .bind(sid(new.channel))
        .bind(rules)
        .bind(seats)
        .bind(setup)
        .bind(new.seed.map(sid))
        .bind(now)
        .fetch_one(&mut *tx)
        .await
        .ctx("starting a hand")?;
        for &user in &new.users {
            wallets::ensure(&mut tx, new.guild, user, now).await?;
        }
        take_contributions(&mut tx, hand_id, new.guild, &new.users, new.events, now).await?;
        tx.commit().await.ctx("starting a hand")?;
        tracing::debug!(hand_id, "hand started");
        Ok(hand_id)
    }

    /// Records one action and moves the chips its events say, in one
    /// transaction: the action row, a debit per contribution (refused whole
    /// with [`StoreError::InsufficientFunds`] if a wallet cannot cover it),
    /// and, if the hand ended, the payouts and the hand's final state.
    #[tracing::instrument(level = "debug", skip(self, rec), fields(seq = rec.seq, seat = rec.seat), err(level = "debug"))]
    pub async fn record_action(&self, hand_id: i64, rec: ActionRecord<'_>) -> Result<Recorded, StoreError> {
        let now = now_unix();
        let action = to_json("action", &rec.action)?;
        let mut tx = self.write_tx("recording an action").await?;
        if let Some(key) = rec.key {
            let seen: Option<i64> = sqlx::query_scalar("SELECT hand_id FROM hand_actions WHERE idem_key = ?")
                .bind(key)
                .fetch_optional(&mut *tx)
                .await
                .ctx("recording an action")?;
            if seen.is_some() {
                return Ok(Recorded::Duplicate);
            }
        }
        let hand: Option<(i64, String, String, i64)> =
            sqlx::query_as("SELECT guild_id, seats, status, pot FROM hands WHERE id = ?")
                .bind(hand_id)
                .fetch_optional(&mut *tx)
                .await
                .ctx("recording an action")?;
        let Some((guild, seats, status, pot_before)) = hand else {
            return Err(StoreError::NotFound(format!("hand #{hand_id}")));
        };
        if status != "live" {
            return Err(StoreError::HandNotLive(hand_id));
        }
        let guild = uid(guild);
        let users: Vec<u64> = json("hand seats", &seats)?;
        if rec.seat >= users.len() {
            return Err(StoreError::Invalid(format!("no seat {} in hand #{hand_id}", rec.seat)));
        }
        let expected: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM hand_actions WHERE hand_id = ?")
            .bind(hand_id)
            .fetch_one(&mut *tx)
            .await
            .ctx("recording an action")?;
        if rec.seq != expected {
            return Err(StoreError::OutOfOrder { hand_id, expected, got: rec.seq });
        }
        sqlx::query(
            "INSERT INTO hand_actions (hand_id, seq, seat, action, idem_key, created_at) VALUES (?, ?, ?, ?, ?, ?)",
        )
        .bind(hand_id)
        .bind(rec.seq)
        .bind(rec.seat as i64)
        .bind(action)
        .bind(rec.key)
        .bind(now)
        .execute(&mut *tx)
        .await
        .ctx("recording an action")?;
        let added = take_contributions(&mut tx, hand_id, guild, &users, rec.events, now).await?;
        let ended = rec.events.iter().find_map(|e| match &e.kind {
            EventKind::Ended { ended_by, pot, payouts } => Some((*ended_by, *pot, payouts)),
            _ => None,
        });
        if let Some((ended_by, pot, payouts)) = ended {
            let pot_now = pot_before + added;
            let paid: u64 = payouts.iter().map(|p| p.amount).sum();
            if super::chips(pot)? != pot_now || super::chips(paid)? != pot_now {
                return Err(StoreError::Invalid(format!(
                    "hand #{hand_id} ends with a pot of {pot} paying {paid}, but {pot_now} chips are in it"
                )));
            }
            let mut winners = Vec::with_capacity(payouts.len());
            for p in payouts {
                let user =
                    *users.get(p.seat).ok_or_else(|| StoreError::Invalid(format!("no seat {} to pay", p.seat)))?;
                winners.push(user);
                let entry = Entry {
                    guild,
                    user,
                    delta: super::chips(p.amount)?,
                    reason: Reason::PotWon,
                    hand_id: Some(hand_id),
                    actor: None,
                    note: None,
                    now,
                };
                wallets::apply(&mut tx, &entry).await?;
            }
            sqlx::query(
                "UPDATE hands SET status = 'finished', winners = ?, ended_by = ?, finished_at = ? WHERE id = ?",
            )
            .bind(to_json("winners", &winners)?)
            .bind(ended_by.name())
            .bind(now)
            .bind(hand_id)
            .execute(&mut *tx)
            .await
            .ctx("finishing a hand")?;
        }
        tx.commit().await.ctx("recording an action")?;
        Ok(Recorded::Applied)
    }

    /// Every hand still in play, with its setup and action log.
    #[tracing::instrument(level = "debug", skip(self), err(level = "debug"))]
    pub async fn live_hands(&self) -> Result<Vec<LiveHand>, StoreError> {
        self.live_hands_where(None).await
    }

    /// The live hands of one table (after a restart, each table's actor asks for its own).
    pub async fn live_hands_at(&self, table_id: i64) -> Result<Vec<LiveHand>, StoreError> {
        self.live_hands_where(Some(table_id)).await
    }

    async fn live_hands_where(&self, table_id: Option<i64>) -> Result<Vec<LiveHand>, StoreError> {
        let rows = sqlx::query(
            "SELECT id, table_id, guild_id, channel_id, seats, setup FROM hands \
             WHERE status = 'live' AND (? IS NULL OR table_id = ?) ORDER BY id",
        )
        .bind(table_id)
        .bind(table_id)
        .fetch_all(&self.pool)
        .await
        .ctx("reading live hands")?;
        let mut out = Vec::with_capacity(rows.len());
        for r in &rows {
            let id: i64 = get(r, "id")?;
            let actions = self.actions(id).await?.into_iter().map(|a| (a.seat, a.action)).collect();
            out.push(LiveHand {
                id,
                table_id: get(r, "table_id")?,
                guild: uid(get(r, "guild_id")?),
                channel: uid(get(r, "channel_id")?),
                users: json("hand seats", &get::<String>(r, "seats")?)?,
                setup: json("hand setup", &get::<String>(r, "setup")?)?,
                actions,
            });
        }
        Ok(out)
    }

    async fn actions(&self, hand_id: i64) -> Result<Vec<ActionRow>, StoreError> {
        let rows = sqlx::query(
            "SELECT seq, seat, action, idem_key, created_at FROM hand_actions WHERE hand_id = ? ORDER BY seq",
        )
        .bind(hand_id)
        .fetch_all(&self.pool)
        .await
        .ctx("reading a hand's actions")?;
        rows.iter()
            .map(|r| {
                Ok(ActionRow {
                    seq: get(r, "seq")?,
                    seat: usize::try_from(get::<i64>(r, "seat")?)
                        .map_err(|_| StoreError::Corrupt("negative seat".into()))?,
                    action: json("action", &get::<String>(r, "action")?)?,
                    key: get(r, "idem_key")?,
                    created_at: get(r, "created_at")?,
                })
            })
            .collect()
    }

    /// Chips each user has put into this hand, per the ledger (net of refunds).
    pub async fn hand_contributions(&self, hand_id: i64) -> Result<Vec<(u64, i64)>, StoreError> {
        let rows: Vec<(i64, i64)> = sqlx::query_as(
            "SELECT user_id, -SUM(delta) FROM ledger WHERE hand_id = ? AND reason IN ('bet', 'refund') \
             GROUP BY user_id ORDER BY user_id",
        )
        .bind(hand_id)
        .fetch_all(&self.pool)
        .await
        .ctx("reading a hand's contributions")?;
        Ok(rows.into_iter().map(|(u, c)| (uid(u), c)).collect())
    }

    /// Gives every user back what they put into a live hand (`refund` rows)
    /// and marks it refunded. A hand that is not live refunds nothing, so a
    /// second call is harmless. Returns (user, chips) refunded.
    #[tracing::instrument(level = "info", skip(self), err(level = "debug"))]
    pub async fn refund_hand(&self, hand_id: i64, note: &str) -> Result<Vec<(u64, i64)>, StoreError> {
        let now = now_unix();
        let mut tx = self.write_tx("refunding a hand").await?;
        let hand: Option<(i64, String)> = sqlx::query_as("SELECT guild_id, status FROM hands WHERE id = ?")
            .bind(hand_id)
            .fetch_optional(&mut *tx)
            .await
            .ctx("refunding a hand")?;
        let Some((guild, status)) = hand else { return Err(StoreError::NotFound(format!("hand #{hand_id}"))) };
        if status != "live" {
            return Ok(Vec::new());
        }
        let owed: Vec<(i64, i64)> = sqlx::query_as(
            "SELECT user_id, -SUM(delta) FROM ledger WHERE hand_id = ? GROUP BY user_id ORDER BY user_id",
        )
        .bind(hand_id)
        .fetch_all(&mut *tx)
        .await
        .ctx("refunding a hand")?;
        let mut refunded = Vec::new();
        for (user, amount) in owed {
            if amount <= 0 {
                continue;
            }
            let entry = Entry {
                guild: uid(guild),
                user: uid(user),
                delta: amount,
                reason: Reason::Refund,
                hand_id: Some(hand_id),
                actor: None,
                note: Some(note),
                now,
            };
            wallets::apply(&mut tx, &entry).await?;
            refunded.push((uid(user), amount));
        }
        sqlx::query("UPDATE hands SET status = 'refunded', ended_by = 'refund', finished_at = ? WHERE id = ?")
            .bind(now)
            .bind(hand_id)
            .execute(&mut *tx)
            .await
            .ctx("refunding a hand")?;
        tx.commit().await.ctx("refunding a hand")?;
        Ok(refunded)
    }

    /// The hand row, its setup and its action log.
    pub async fn hand_record(&self, hand_id: i64) -> Result<Option<HandRecord>, StoreError> {
        let row = sqlx::query(&format!("SELECT {SUMMARY_COLS}, rules, setup, seed FROM hands WHERE id = ?"))
            .bind(hand_id)
            .fetch_optional(&self.pool)
            .await
            .ctx("reading a hand")?;
        let Some(r) = row else { return Ok(None) };
        Ok(Some(HandRecord {
            summary: summary(&r)?,
            rules: json("hand rules", &get::<String>(&r, "rules")?)?,
            setup: json("hand setup", &get::<String>(&r, "setup")?)?,
            seed: get::<Option<i64>>(&r, "seed")?.map(uid),
            actions: self.actions(hand_id).await?,
        }))
    }

    /// The newest hands of a guild, optionally only in one channel and/or
    /// only those a user sat in.
    #[tracing::instrument(level = "debug", skip(self), err(level = "debug"))]
    pub async fn recent_hands(
        &self,
        guild: u64,
        channel: Option<u64>,
        user: Option<u64>,
        limit: u32,
    ) -> Result<Vec<HandSummary>, StoreError> {
        let mut sql = format!("SELECT {SUMMARY_COLS} FROM hands WHERE guild_id = ?");
        if channel.is_some() {
            sql.push_str(" AND channel_id = ?");
        }
        if user.is_some() {
            sql.push_str(
                " AND id IN (SELECT hand_id FROM ledger WHERE guild_id = ? AND user_id = ? AND reason = 'bet')",
            );
        }
        sql.push_str(" ORDER BY started_at DESC, id DESC LIMIT ?");
        let mut q = sqlx::query(&sql).bind(sid(guild));
        if let Some(c) = channel {
            q = q.bind(sid(c));
        }
        if let Some(u) = user {
            q = q.bind(sid(guild)).bind(sid(u));
        }
        let rows = q.bind(i64::from(limit)).fetch_all(&self.pool).await.ctx("reading hand history")?;
        rows.iter().map(summary).collect()
    }

    /// Chips in the pot of a live hand (None if there is no such live hand).
    pub async fn live_pot(&self, hand_id: i64) -> Result<Option<i64>, StoreError> {
        sqlx::query_scalar("SELECT pot FROM hands WHERE id = ? AND status = 'live'")
            .bind(hand_id)
            .fetch_optional(&self.pool)
            .await
            .ctx("reading a pot")
    }
}
