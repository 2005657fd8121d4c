//! Hands: the setup, the ordered action log, and the chips each one moves.
//!
//! A hand's chips leave the wallets the moment the engine says they go into
//! the pot (boot at start, bets, sideshows and shows per action), each with a
//! `bet` ledger row naming the hand: a live hand's pot is the sum of those
//! rows. When an `Ended` event is recorded the pot goes to the winners
//! (`pot_won`) and into the hand's row, in the same transaction (actions are
//! recorded in `actions.rs`). A hand left live
//! by a crash is either rebuilt with [`crate::engine::Hand::replay`] from its
//! setup and action log, or refunded with [`Store::refund_hand`].

use super::actions::{ActionRecord, ActionWrite, HandRef, StartWrite};
use super::db::{sql, Conn};
use super::error::Ctx;
use super::{now_unix, wallets, Entry, Reason, Store, StoreError};
use crate::engine::hand::EndedBy;
use crate::engine::{Action, Event, HandSetup, Rules, Seat};
use crate::ids::{ChannelId, GuildId, HandId, TableId, UserId};

super::db::stored_names! {
    /// Stored as `live` / `finished` / `refunded` in `hands.status`.
    pub enum HandStatus {
        Live => "live",
        Finished => "finished",
        Refunded => "refunded",
    }
}

super::db::stored_names! {
    /// How a hand ended: the engine's [`EndedBy`], or refunded. Stored in
    /// `hands.ended_by` as `last_standing`, `show`, `pot_limit`, `agreed`, `round_limit` or `refund`.
    pub enum HandEnd {
        LastStanding => "last_standing",
        Show => "show",
        PotLimit => "pot_limit",
        Agreed => "agreed",
        RoundLimit => "round_limit",
        Refund => "refund",
    }
}

impl From<EndedBy> for HandEnd {
    fn from(e: EndedBy) -> HandEnd {
        match e {
            EndedBy::LastStanding => HandEnd::LastStanding,
            EndedBy::Show => HandEnd::Show,
            EndedBy::PotLimit => HandEnd::PotLimit,
            EndedBy::Agreed => HandEnd::Agreed,
            EndedBy::RoundLimit => HandEnd::RoundLimit,
        }
    }
}

/// A hand about to be written: what [`crate::engine::Hand::start`] was given and returned.
#[derive(Clone, Debug)]
pub struct NewHand<'a> {
    pub table_id: TableId,
    pub guild: GuildId,
    pub channel: ChannelId,
    /// User ids in seat order (seat i is `users[i]`).
    pub users: Vec<UserId>,
    pub setup: &'a HandSetup,
    pub seed: Option<u64>,
    /// A provably fair deal: its commitment, secret seed and entropy (`None`: a seeded simulation's hand).
    pub fair: Option<FairDeal>,
    /// The events `Hand::start` returned (the boots are taken from them).
    pub events: &'a [Event],
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Recorded {
    Applied,
    /// The key was recorded before; nothing changed.
    Duplicate,
}

/// A hand still in play, with everything needed to rebuild it.
#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct LiveHand {
    /// Which hand, where, and who sits in it.
    #[sqlx(flatten)]
    pub summary: HandSummary,
    #[sqlx(json)]
    pub setup: HandSetup,
    /// The action log (read from `hand_actions`, not from the hand's row).
    #[sqlx(skip)]
    pub actions: Vec<(Seat, Action)>,
}

#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct HandSummary {
    pub id: HandId,
    pub table_id: TableId,
    #[sqlx(rename = "guild_id")]
    pub guild: GuildId,
    #[sqlx(rename = "channel_id")]
    pub channel: ChannelId,
    #[sqlx(rename = "seats", json)]
    pub users: Vec<UserId>,
    pub status: HandStatus,
    /// The pot so far (live) or at the end.
    pub pot: i64,
    /// Winning users (empty until finished).
    #[sqlx(json)]
    pub winners: Vec<UserId>,
    pub ended_by: Option<HandEnd>,
    pub started_at: i64,
    pub finished_at: Option<i64>,
}

#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct ActionRow {
    pub seq: i64,
    #[sqlx(try_from = "i64")]
    pub seat: Seat,
    #[sqlx(json)]
    pub action: Action,
    #[sqlx(rename = "idem_key")]
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
    /// The provably fair deal's record; its `secret` may be shown only once the hand is over.
    pub fair: Option<FairDeal>,
    pub actions: Vec<ActionRow>,
}

/// What a provably fair deal stores (`hands.fair`, JSON): the commitment shown at the deal, the secret seed (hex;
/// shown only once the hand is over) and the players' entropy mixed in.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct FairDeal {
    pub commitment: String,
    pub secret: String,
    pub entropy: String,
    /// How many players' entropy lines `/privacy delete` took out of `entropy` (their id and text): the deck
    /// key was made with them, so such a deal's deck can no longer be rebuilt (docs/provably-fair.md).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub erased: u32,
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

/// The row behind a [`HandRecord`] (its actions come from `hand_actions`).
#[derive(sqlx::FromRow)]
struct RecordRow {
    #[sqlx(flatten)]
    summary: HandSummary,
    #[sqlx(json)]
    rules: Rules,
    #[sqlx(json)]
    setup: HandSetup,
    /// A u64 stored as i64 bit for bit.
    seed: Option<i64>,
    fair: Option<String>,
}

/// `winners` is NULL until the hand is finished; it reads as no winners.
/// A live hand's pot is what its ledger rows hold (its row takes the pot when it ends).
pub(super) const SUMMARY_COLS: &str = "id, table_id, guild_id, channel_id, seats, status, \
     CASE WHEN status = 'live' \
          THEN (SELECT CAST(COALESCE(-SUM(l.delta), 0) AS BIGINT) FROM ledger l WHERE l.hand_id = hands.id) \
          ELSE pot END AS pot, \
     COALESCE(winners, '[]') AS winners, ended_by, started_at, finished_at";

/// Refunds a live hand (see [`Store::refund_hand`]).
async fn refund_hand(
    conn: &mut Conn,
    hand_id: HandId,
    note: String,
    now: i64,
) -> Result<Vec<(UserId, i64)>, StoreError> {
    let hand: Option<(GuildId, HandStatus)> = sql("SELECT guild_id, status FROM hands WHERE id = $1")
        .bind(hand_id)
        .optional(&mut *conn)
        .await
        .ctx("refunding a hand")?;
    let Some((guild, status)) = hand else { return Err(StoreError::NotFound(format!("hand #{hand_id}"))) };
    if status != HandStatus::Live {
        return Ok(Vec::new());
    }
    let owed: Vec<(UserId, i64)> = sql(
        "SELECT user_id, CAST(-SUM(delta) AS BIGINT) FROM ledger WHERE hand_id = $1 GROUP BY user_id ORDER BY user_id",
    )
    .bind(hand_id)
    .all(&mut *conn)
    .await
    .ctx("refunding a hand")?;
    let mut refunded = Vec::new();
    for (user, amount) in owed {
        if amount <= 0 {
            continue;
        }
        let entry = Entry { note: Some(&note), ..Entry::hand(guild, user, amount, Reason::Refund, hand_id, now) };
        wallets::apply(&mut *conn, &entry).await?;
        refunded.push((user, amount));
    }
    sql("UPDATE hands SET status = $1, ended_by = $2, finished_at = $3 WHERE id = $4")
        .bind(HandStatus::Refunded)
        .bind(HandEnd::Refund)
        .bind(now)
        .bind(hand_id)
        .execute(&mut *conn)
        .await
        .ctx("refunding a hand")?;
    Ok(refunded)
}

impl Store {
    /// Writes a new hand and takes every seat's boot, in one transaction.
    /// If any wallet cannot cover its boot nothing is written and the error
    /// names the user.
    #[tracing::instrument(level = "debug", skip(self, new), fields(table = %new.table_id), err(level = "debug"))]
    pub async fn start_hand(&self, new: NewHand<'_>) -> Result<HandId, StoreError> {
        let write = StartWrite::new(new, now_unix())?;
        let hand_id = self.writer.start_hand(write).await?;
        tracing::debug!(%hand_id, "hand started");
        Ok(hand_id)
    }

    /// Records one action and moves the chips its events say, in one
    /// transaction: the action row, a debit per contribution (refused whole
    /// with [`StoreError::InsufficientFunds`] if a wallet cannot cover it),
    /// and, if the hand ended, the payouts and the hand's final state. The
    /// writer records a whole batch of actions at once (see `actions.rs`).
    #[tracing::instrument(level = "debug", skip(self, hand, rec), fields(hand = %hand.id, seq = rec.seq, seat = rec.seat), err(level = "debug"))]
    pub async fn record_action(&self, hand: HandRef<'_>, rec: ActionRecord<'_>) -> Result<Recorded, StoreError> {
        let write = ActionWrite::new(hand, rec, now_unix())?;
        self.writer.record(write).await
    }

    /// Every hand still in play, with its setup and action log.
    #[tracing::instrument(level = "debug", skip(self), err(level = "debug"))]
    pub async fn live_hands(&self) -> Result<Vec<LiveHand>, StoreError> {
        self.live_hands_where(None).await
    }

    /// The live hands of one table (after a restart, each table's actor asks for its own).
    pub async fn live_hands_at(&self, table_id: TableId) -> Result<Vec<LiveHand>, StoreError> {
        self.live_hands_where(Some(table_id)).await
    }

    async fn live_hands_where(&self, table_id: Option<TableId>) -> Result<Vec<LiveHand>, StoreError> {
        let text = match table_id {
            Some(_) => {
                format!("SELECT {SUMMARY_COLS}, setup FROM hands WHERE status = $1 AND table_id = $2 ORDER BY id")
            }
            None => format!("SELECT {SUMMARY_COLS}, setup FROM hands WHERE status = $1 ORDER BY id"),
        };
        let mut query = sql(text).bind(HandStatus::Live);
        if let Some(table_id) = table_id {
            query = query.bind(table_id);
        }
        let mut hands: Vec<LiveHand> = query.all(&self.pool).await.ctx("reading live hands")?;
        for hand in &mut hands {
            hand.actions = self.actions(hand.summary.id).await?.into_iter().map(|a| (a.seat, a.action)).collect();
        }
        Ok(hands)
    }

    async fn actions(&self, hand_id: HandId) -> Result<Vec<ActionRow>, StoreError> {
        sql("SELECT seq, seat, action, idem_key, created_at FROM hand_actions WHERE hand_id = $1 ORDER BY seq")
            .bind(hand_id)
            .all(&self.pool)
            .await
            .ctx("reading a hand's actions")
    }

    /// Chips each user has put into this hand, per the ledger (net of refunds).
    pub async fn hand_contributions(&self, hand_id: HandId) -> Result<Vec<(UserId, i64)>, StoreError> {
        sql("SELECT user_id, CAST(-SUM(delta) AS BIGINT) FROM ledger WHERE hand_id = $1 AND reason IN ($2, $3) \
             GROUP BY user_id ORDER BY user_id")
        .bind(hand_id)
        .bind(Reason::Bet)
        .bind(Reason::Refund)
        .all(&self.pool)
        .await
        .ctx("reading a hand's contributions")
    }

    /// Hands played to the end at a table (a tournament's boot schedule counts them).
    pub async fn hands_played_at(&self, table: crate::ids::TableId) -> Result<u64, StoreError> {
        let n: i64 = sql("SELECT COUNT(*) FROM hands WHERE table_id = $1 AND status = $2")
            .bind(table)
            .bind(HandStatus::Finished)
            .scalar(&self.pool)
            .await
            .ctx("counting a table's hands")?;
        Ok(n.max(0) as u64)
    }

    /// Each user's net chips from this hand per the ledger (every row of the hand: bets, pots won, refunds).
    pub async fn hand_nets(&self, hand_id: HandId) -> Result<Vec<(UserId, i64)>, StoreError> {
        sql("SELECT user_id, CAST(SUM(delta) AS BIGINT) FROM ledger WHERE hand_id = $1 GROUP BY user_id ORDER BY user_id")
            .bind(hand_id)
            .all(&self.pool)
            .await
            .ctx("reading a hand's nets")
    }

    /// Gives every user back what they put into a live hand (`refund` rows)
    /// and marks it refunded. A hand that is not live refunds nothing, so a
    /// second call is harmless. Returns (user, chips) refunded.
    #[tracing::instrument(level = "info", skip(self), err(level = "debug"))]
    pub async fn refund_hand(&self, hand_id: HandId, note: &str) -> Result<Vec<(UserId, i64)>, StoreError> {
        let now = now_unix();
        let note = note.to_owned();
        self.writer.write(move |conn| Box::pin(refund_hand(conn, hand_id, note, now))).await
    }

    /// The hand row, its setup and its action log.
    pub async fn hand_record(&self, hand_id: HandId) -> Result<Option<HandRecord>, StoreError> {
        let row: Option<RecordRow> =
            sql(format!("SELECT {SUMMARY_COLS}, rules, setup, seed, fair FROM hands WHERE id = $1"))
                .bind(hand_id)
                .optional(&self.pool)
                .await
                .ctx("reading a hand")?;
        let Some(RecordRow { summary, rules, setup, seed, fair }) = row else { return Ok(None) };
        let actions = self.actions(hand_id).await?;
        // An unreadable record reads as none (the hand still replays); `/verify` then says nothing was committed.
        let fair = fair.and_then(|f| {
            serde_json::from_str(&f)
                .map_err(|e| tracing::warn!(hand = %hand_id, error = %e, "unreadable fair deal"))
                .ok()
        });
        Ok(Some(HandRecord { summary, rules, setup, seed: seed.map(|s| s as u64), fair, actions }))
    }

    /// The newest hands of a guild, optionally only in one channel and/or
    /// only those a user sat in.
    #[tracing::instrument(level = "debug", skip(self), err(level = "debug"))]
    pub async fn recent_hands(
        &self,
        guild: GuildId,
        channel: Option<ChannelId>,
        user: Option<UserId>,
        limit: u32,
    ) -> Result<Vec<HandSummary>, StoreError> {
        let mut text = format!("SELECT {SUMMARY_COLS} FROM hands WHERE guild_id = $1");
        let mut n = 1;
        let mut next = || {
            n += 1;
            n
        };
        if channel.is_some() {
            text.push_str(&format!(" AND channel_id = ${}", next()));
        }
        if user.is_some() {
            text.push_str(&format!(
                " AND id IN (SELECT hand_id FROM hand_players WHERE guild_id = $1 AND user_id = ${})",
                next()
            ));
        }
        text.push_str(&format!(" ORDER BY started_at DESC, id DESC LIMIT ${}", next()));
        let mut q = sql(text).bind(guild);
        if let Some(c) = channel {
            q = q.bind(c);
        }
        if let Some(u) = user {
            q = q.bind(u);
        }
        q.bind(i64::from(limit)).all(&self.pool).await.ctx("reading hand history")
    }

    /// Chips in the pot of a live hand (None if there is no such live hand).
    pub async fn live_pot(&self, hand_id: HandId) -> Result<Option<i64>, StoreError> {
        // The pot as a hand's summary reads it (a live hand's is its ledger rows).
        let hand: Option<HandSummary> = sql(format!("SELECT {SUMMARY_COLS} FROM hands WHERE id = $1 AND status = $2"))
            .bind(hand_id)
            .bind(HandStatus::Live)
            .optional(&self.pool)
            .await
            .ctx("reading a pot")?;
        Ok(hand.map(|h| h.pot))
    }
}
