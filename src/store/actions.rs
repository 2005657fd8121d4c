//! Starting hands and recording actions: the store's hot path.
//!
//! The caller prepares a write ([`StartWrite::new`], [`ActionWrite::new`]:
//! who pays what, who is paid, the JSON) on its own task, and the writer
//! records all the hand starts and actions queued in one batch with six
//! statements, whatever the batch's size ([`record_all`]): the new hands,
//! who sits in them, the action log, the ledger, one update of every wallet
//! touched and one of every hand that ended. Nothing is read first: the
//! checks are part of the statements, and each statement's row count says
//! whether they held.
//! - The hand must be live, in the guild and with the seats the caller
//!   named, and the action must follow the last one logged (the insert only
//!   takes such rows); the primary key (hand, seq) refuses a second action
//!   at the same place, the unique idempotency key a repeated interaction.
//! - A wallet must exist and cover every chip it puts in (the update only
//!   takes wallets whose balance covers their debits; the schema's `CHECK`
//!   backs it).
//! - A hand that ends must end with the pot its `bet` rows hold.
//!
//! If a check fails, the writer rolls the batch back to a savepoint, runs it
//! once more in [`Mode::Name`] to learn which writes failed, sets those aside
//! and tries the rest together again. The writes set aside go one at a time:
//! a hand start by the careful path ([`start_alone`]: it creates a missing
//! wallet and names the user who cannot pay the boot); an action that fails
//! alone is explained by [`diagnose`] (a duplicate, a hand no longer live, an
//! action out of order, a wallet that cannot cover it) and refused alone.
//! The pot of a live hand is not stored: it is what the hand's ledger rows
//! hold. The hand's row takes its pot once, when the hand ends.

use std::collections::{BTreeMap, HashSet};

use super::db::{sql, Conn};
use super::error::Ctx;
use super::sql::Statements;
use super::{chips, wallets, Entry, HandEnd, HandStatus, NewHand, Reason, Recorded, StoreError};
use crate::engine::{Action, Event, EventKind, Seat};
use crate::ids::{ChannelId, GuildId, HandId, TableId, UserId};

/// The hand an action belongs to, as the table holding it knows it.
#[derive(Clone, Copy, Debug)]
pub struct HandRef<'a> {
    pub id: HandId,
    pub guild: GuildId,
    /// User ids in seat order, as the hand was started with.
    pub users: &'a [UserId],
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

/// An action ready for the writer: every value it writes, worked out.
#[derive(Debug)]
pub(crate) struct ActionWrite {
    hand_id: HandId,
    guild: GuildId,
    /// The hand's seats as `hands.seats` holds them (JSON text).
    seats: String,
    seq: i64,
    seat: i64,
    action: String,
    key: Option<String>,
    now: i64,
    /// Chips each user puts into the pot (positive), in seat order.
    debits: Vec<(UserId, i64)>,
    end: Option<Ending>,
}

#[derive(Debug)]
struct Ending {
    pot: i64,
    /// Chips each winner takes, in the engine's order.
    payouts: Vec<(UserId, i64)>,
    winners: String,
    ended_by: HandEnd,
}

/// A hand start ready for the writer.
#[derive(Debug)]
pub(crate) struct StartWrite {
    table_id: TableId,
    guild: GuildId,
    channel: ChannelId,
    rules: String,
    seats: String,
    setup: String,
    /// A u64 seed stored as i64 bit for bit.
    seed: Option<i64>,
    /// The provably fair deal (JSON).
    fair: Option<String>,
    now: i64,
    users: Vec<UserId>,
    /// Each user's boot.
    boots: Vec<(UserId, i64)>,
}

impl StartWrite {
    /// Works out what the start writes; refuses seats that do not match the
    /// setup and a user sitting twice.
    pub(crate) fn new(new: NewHand<'_>, now: i64) -> Result<StartWrite, StoreError> {
        let NewHand { table_id, guild, channel, users, setup, seed, fair, events } = new;
        let n = users.len();
        if n != setup.stacks.len() {
            return Err(StoreError::Invalid(format!("{n} users for {} seats", setup.stacks.len())));
        }
        let mut sorted = users.clone();
        sorted.sort_unstable();
        sorted.dedup();
        if sorted.len() != n {
            return Err(StoreError::Invalid("a user cannot sit twice in one hand".into()));
        }
        let mut boots = Vec::new();
        for (seat, amount) in contributions(events, n) {
            let user = *users.get(seat).ok_or_else(|| StoreError::Invalid(format!("no seat {seat} in a new hand")))?;
            if amount > 0 {
                boots.push((user, chips(amount)?));
            }
        }
        Ok(StartWrite {
            table_id,
            guild,
            channel,
            rules: json(&setup.rules)?,
            seats: json(&users)?,
            setup: json(setup)?,
            seed: seed.map(|s| s as i64),
            fair: fair.as_ref().map(json).transpose()?,
            now,
            users,
            boots,
        })
    }
}

/// The ids the writer gives new hands itself, so that a batch's hands go in
/// with one statement: one more than the largest id, read once. A batch
/// rolled back leaves a gap, which is harmless; after anything unexpected
/// (a hand started the careful way, a refused insert) the next batch reads
/// the largest id again.
#[derive(Debug, Default)]
pub(crate) struct HandIds {
    next: Option<i64>,
}

impl HandIds {
    /// Ids for `n` new hands. SQLite: one more than the largest, on from there (this writer is the file's only
    /// one). PostgreSQL: from the hands' sequence, as several processes start hands at once.
    async fn take(&mut self, conn: &mut Conn, n: usize) -> Result<Vec<HandId>, sqlx::Error> {
        let lite = match conn {
            Conn::Sqlite(lite) => lite,
            Conn::Pg(pg) => return Ok(super::pg::next_hand_ids(pg, n).await?.into_iter().map(HandId).collect()),
        };
        let first = match self.next {
            Some(next) => next,
            None => sqlx::query_scalar::<_, i64>("SELECT COALESCE(MAX(id), 0) + 1 FROM hands").fetch_one(lite).await?,
        };
        self.next = Some(first + n as i64);
        Ok((first..).take(n).map(HandId).collect())
    }

    /// Reads the largest id again before the next batch.
    pub(crate) fn forget(&mut self) {
        self.next = None;
    }
}

/// The hot path's bulk statements in this connection's database's dialect (`store/sql/`).
fn statements(conn: &Conn) -> &'static Statements {
    super::sql::of(conn.backend())
}

/// A batch row: named fields here, a JSON array in the statements (`store/sql/`), which read each field by its
/// position (`value ->> N`, N the field's place below): compact, and read the same way by both databases.
macro_rules! json_row {
    ($(#[$meta:meta])* struct $name:ident $(<$lt:lifetime>)? { $($field:ident: $ty:ty),+ $(,)? }) => {
        $(#[$meta])*
        struct $name $(<$lt>)? { $($field: $ty),+ }
        impl $(<$lt>)? serde::Serialize for $name $(<$lt>)? {
            fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                use serde::ser::SerializeTuple;
                let mut row = s.serialize_tuple([$(stringify!($field)),+].len())?;
                $(row.serialize_element(&self.$field)?;)+
                row.end()
            }
        }
    };
}

json_row! {
    /// A new hand (`insert_hands`).
    struct HandRow<'a> {
        id: i64,
        table: i64,
        guild: i64,
        channel: i64,
        rules: &'a str,
        seats: &'a str,
        setup: &'a str,
        seed: Option<i64>,
        started_at: i64,
        fair: Option<&'a str>,
    }
}

json_row! {
    /// A player of a new hand (`insert_players`).
    struct PlayerRow { guild: i64, user: i64, hand: i64 }
}

json_row! {
    /// An action (`insert_actions`): checked against its hand's guild and seats.
    struct ActionRow<'a> {
        hand: i64,
        seq: i64,
        seat: i64,
        action: &'a str,
        key: &'a Option<String>,
        at: i64,
        guild: i64,
        seats: &'a str,
    }
}

json_row! {
    /// A ledger row (`insert_ledger`).
    struct LedgerRow { guild: i64, user: i64, delta: i64, reason: &'static str, hand: i64, at: i64 }
}

json_row! {
    /// A wallet's net change in a batch and what it pays out (`update_wallets`: refused below `out`).
    struct WalletRow { guild: i64, user: i64, net: i64, out: i64 }
}

json_row! {
    /// A hand ended (`end_hands`).
    struct EndRow<'a> { id: i64, pot: i64, winners: &'a str, ended_by: &'static str, at: i64 }
}

/// The `insert_hands` and `insert_players` rows of new hands with their ids.
fn hand_rows<'a>(starts: &[&'a StartWrite], ids: &[HandId]) -> (Vec<HandRow<'a>>, Vec<PlayerRow>) {
    let mut hands = Vec::with_capacity(starts.len());
    let mut players = Vec::new();
    for (s, id) in starts.iter().zip(ids) {
        let (guild, channel) = (db_id(s.guild.0), db_id(s.channel.0));
        hands.push(HandRow {
            id: id.0,
            table: s.table_id.0,
            guild,
            channel,
            rules: s.rules.as_str(),
            seats: s.seats.as_str(),
            setup: s.setup.as_str(),
            seed: s.seed,
            started_at: s.now,
            fair: s.fair.as_deref(),
        });
        players.extend(s.users.iter().map(|u| PlayerRow { guild, user: db_id(u.0), hand: id.0 }));
    }
    (hands, players)
}

/// Starts a hand the careful way: creates any missing wallet (with its
/// starting grant) and takes the boots one by one, so that a boot nobody
/// can pay is refused naming the user.
pub(crate) async fn start_alone(conn: &mut Conn, hand_ids: &mut HandIds, s: &StartWrite) -> Result<HandId, StoreError> {
    const CTX: &str = "starting a hand";
    let ids = hand_ids.take(&mut *conn, 1).await.ctx(CTX)?;
    let (hands, players) = hand_rows(&[s], &ids);
    let hand_id = *ids.first().ok_or(StoreError::Invalid("no id for a new hand".into()))?;
    sql(statements(conn).insert_hands).bind(json(&hands)?).bind(HandStatus::Live).execute(&mut *conn).await.ctx(CTX)?;
    for &user in &s.users {
        wallets::ensure(conn, s.guild, user, s.now).await?;
    }
    sql(statements(conn).insert_players).bind(json(&players)?).execute(&mut *conn).await.ctx(CTX)?;
    for &(user, amount) in &s.boots {
        wallets::apply(conn, &Entry::hand(s.guild, user, -amount, Reason::Bet, hand_id, s.now)).await?;
    }
    Ok(hand_id)
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

fn json<T: serde::Serialize + ?Sized>(value: &T) -> Result<String, StoreError> {
    serde_json::to_string(value).map_err(|e| StoreError::Invalid(format!("cannot encode {e}")))
}

impl ActionWrite {
    /// Works out what the action writes; refuses what no database could take
    /// (a seat the hand does not have, chips beyond `i64`, payouts that do not
    /// add up to the pot).
    pub(crate) fn new(hand: HandRef<'_>, rec: ActionRecord<'_>, now: i64) -> Result<ActionWrite, StoreError> {
        let HandRef { id: hand_id, guild, users } = hand;
        let user = |seat: Seat| {
            users.get(seat).copied().ok_or_else(|| StoreError::Invalid(format!("no seat {seat} in hand #{hand_id}")))
        };
        user(rec.seat)?;
        let mut debits = Vec::new();
        for (seat, amount) in contributions(rec.events, users.len()) {
            if amount > 0 {
                debits.push((user(seat)?, chips(amount)?));
            }
        }
        let end = rec.events.iter().find_map(|e| match &e.kind {
            EventKind::Ended { ended_by, pot, payouts } => Some((*ended_by, *pot, payouts)),
            _ => None,
        });
        let end = match end {
            None => None,
            Some((ended_by, pot, payouts)) => {
                let paid: u64 = payouts.iter().map(|p| p.amount).sum();
                if paid != pot {
                    return Err(StoreError::Invalid(format!("hand #{hand_id} pays {paid} from a pot of {pot}")));
                }
                let payouts =
                    payouts.iter().map(|p| Ok((user(p.seat)?, chips(p.amount)?))).collect::<Result<Vec<_>, _>>()?;
                let winners: Vec<UserId> = payouts.iter().map(|&(u, _)| u).collect();
                Some(Ending { pot: chips(pot)?, payouts, winners: json(&winners)?, ended_by: ended_by.into() })
            }
        };
        Ok(ActionWrite {
            hand_id,
            guild,
            seats: json(users)?,
            seq: rec.seq,
            seat: rec.seat as i64,
            action: json(&rec.action)?,
            key: rec.key.map(str::to_owned),
            now,
            debits,
            end,
        })
    }
}

/// Ids as the database holds them (a u64 stored as i64 bit for bit).
fn db_id(id: u64) -> i64 {
    id as i64
}

/// Why [`record_all`] did not record its writes (the caller rolls back).
#[derive(Debug)]
pub(crate) enum Refused {
    /// A statement failed (the database itself, or a constraint no check foresaw).
    Statement(sqlx::Error),
    /// A check left rows out: which statement.
    Check(&'static str),
}

/// A refused [`record_all`], with the writes that made it fail when the
/// statements can tell (indexes into its starts and actions); `None`: any.
#[derive(Debug)]
pub(crate) struct Refusal {
    pub refused: Refused,
    pub suspects: Option<Suspects>,
}

#[derive(Debug, Default)]
pub(crate) struct Suspects {
    pub starts: Vec<usize>,
    pub actions: Vec<usize>,
}

impl From<Refused> for Refusal {
    fn from(refused: Refused) -> Refusal {
        Refusal { refused, suspects: None }
    }
}

fn statement(e: sqlx::Error) -> Refusal {
    Refused::Statement(e).into()
}

/// The wallets a write touches, as the database keys them.
fn wallet_keys<'a>(guild: GuildId, moves: impl Iterator<Item = &'a (UserId, i64)>) -> Vec<(i64, i64)> {
    moves.map(|&(user, _)| (db_id(guild.0), db_id(user.0))).collect()
}

fn action_wallets(w: &ActionWrite) -> Vec<(i64, i64)> {
    let paid = w.end.iter().flat_map(|e| e.payouts.iter());
    wallet_keys(w.guild, w.debits.iter().chain(paid))
}

/// How [`record_all`] reports a failed check.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Mode {
    /// Only that one failed (the hot path).
    Count,
    /// Which writes failed it (in [`Refusal::suspects`]).
    Name,
}

/// A refused check: in [`Mode::Name`], the writes that failed it.
fn check(what: &'static str, mode: Mode, suspects: impl FnOnce() -> Suspects) -> Refusal {
    Refusal { refused: Refused::Check(what), suspects: (mode == Mode::Name).then(suspects) }
}

/// The chips a batch moves: its ledger rows, and each wallet's net change
/// with the debits it must cover.
#[derive(Default)]
struct Money {
    ledger: Vec<LedgerRow>,
    /// (guild, user) -> (net, debits)
    wallets: BTreeMap<(i64, i64), (i64, i64)>,
}

impl Money {
    fn moves(&mut self, guild: GuildId, user: UserId, delta: i64, reason: Reason, hand: HandId, now: i64) {
        let key = (db_id(guild.0), db_id(user.0));
        self.ledger.push(LedgerRow {
            guild: key.0,
            user: key.1,
            delta,
            reason: reason.as_str(),
            hand: hand.0,
            at: now,
        });
        let (net, debits) = self.wallets.entry(key).or_default();
        *net += delta;
        *debits += (-delta).max(0);
    }
}

/// Starts every hand of `starts` (returning their ids, in order) and records
/// every action of `writes`, or refuses (leaving partial work for the caller
/// to roll back to its savepoint).
pub(crate) async fn record_all(
    conn: &mut Conn,
    hand_ids: &mut HandIds,
    starts: &[&StartWrite],
    writes: &[&ActionWrite],
    mode: Mode,
    writer: Option<&str>,
) -> Result<Vec<HandId>, Refusal> {
    let mut ids = Vec::with_capacity(starts.len());
    let mut players = Vec::new();
    let mut money = Money::default();
    if !starts.is_empty() {
        ids = hand_ids.take(&mut *conn, starts.len()).await.map_err(statement)?;
        let (hands, seated) = hand_rows(starts, &ids);
        players = seated;
        let done =
            sql(statements(conn).insert_hands).bind(encode(&hands)?).bind(HandStatus::Live).execute(&mut *conn).await;
        if !matches!(&done, Ok(d) if *d == starts.len() as u64) {
            hand_ids.forget();
            done.map_err(statement)?;
            return Err(check("the new hands", mode, || Suspects {
                starts: (0..starts.len()).collect(),
                actions: Vec::new(),
            }));
        }
    }
    for (s, &hand) in starts.iter().zip(&ids) {
        for &(user, amount) in &s.boots {
            money.moves(s.guild, user, -amount, Reason::Bet, hand, s.now);
        }
    }
    let mut actions = Vec::with_capacity(writes.len());
    let mut ends = Vec::new();
    for w in writes {
        actions.push(ActionRow {
            hand: w.hand_id.0,
            seq: w.seq,
            seat: w.seat,
            action: &w.action,
            key: &w.key,
            at: w.now,
            guild: db_id(w.guild.0),
            seats: &w.seats,
        });
        for &(user, amount) in &w.debits {
            money.moves(w.guild, user, -amount, Reason::Bet, w.hand_id, w.now);
        }
        if let Some(end) = &w.end {
            for &(user, amount) in &end.payouts {
                money.moves(w.guild, user, amount, Reason::PotWon, w.hand_id, w.now);
            }
            ends.push(EndRow {
                id: w.hand_id.0,
                pot: end.pot,
                winners: &end.winners,
                ended_by: end.ended_by.as_str(),
                at: w.now,
            });
        }
    }
    let Money { ledger, wallets } = money;
    let wallets: Vec<WalletRow> =
        wallets.into_iter().map(|((guild, user), (net, out))| WalletRow { guild, user, net, out }).collect();

    if !players.is_empty() {
        sql(statements(conn).insert_players).bind(encode(&players)?).execute(&mut *conn).await.map_err(statement)?;
    }
    if !actions.is_empty() {
        let rows = encode(&actions)?;
        if mode == Mode::Count {
            let done = sql(statements(conn).insert_actions)
                .bind(rows)
                .bind(HandStatus::Live)
                .bind(writer)
                .execute(&mut *conn)
                .await
                .map_err(statement)?;
            if done != actions.len() as u64 {
                return Err(check("the action log", mode, Suspects::default));
            }
        } else {
            let logged: Vec<(HandId, i64)> = sql(statements(conn).insert_actions_naming)
                .bind(rows)
                .bind(HandStatus::Live)
                .bind(writer)
                .all(&mut *conn)
                .await
                .map_err(statement)?;
            if logged.len() != actions.len() {
                let logged: HashSet<(HandId, i64)> = logged.into_iter().collect();
                let failed = |i: &usize| !logged.contains(&(writes[*i].hand_id, writes[*i].seq));
                let actions = (0..writes.len()).filter(failed).collect();
                return Err(check("the action log", mode, || Suspects { starts: Vec::new(), actions }));
            }
        }
    }
    if !ledger.is_empty() {
        sql(statements(conn).insert_ledger).bind(encode(&ledger)?).execute(&mut *conn).await.map_err(statement)?;
        let rows = encode(&wallets)?;
        if mode == Mode::Count {
            let update = statements(conn).update_wallets;
            let done = sql(update).bind(rows).execute(&mut *conn).await.map_err(statement)?;
            if done != wallets.len() as u64 {
                return Err(check("the wallets", mode, Suspects::default));
            }
        } else {
            let update = statements(conn).update_wallets_naming;
            let paid: Vec<(i64, i64)> = sql(update).bind(rows).all(&mut *conn).await.map_err(statement)?;
            if paid.len() != wallets.len() {
                let paid: HashSet<(i64, i64)> = paid.into_iter().collect();
                let short = |keys: Vec<(i64, i64)>| keys.iter().any(|k| !paid.contains(k));
                return Err(check("the wallets", mode, || Suspects {
                    starts: (0..starts.len())
                        .filter(|&i| short(wallet_keys(starts[i].guild, starts[i].boots.iter())))
                        .collect(),
                    actions: (0..writes.len()).filter(|&i| short(action_wallets(writes[i]))).collect(),
                }));
            }
        }
    }
    if !ends.is_empty() {
        let rows = encode(&ends)?;
        let query = |text| sql(text).bind(rows).bind(HandStatus::Finished).bind(HandStatus::Live).bind(Reason::Bet);
        if mode == Mode::Count {
            let done = query(statements(conn).end_hands).execute(&mut *conn).await.map_err(statement)?;
            if done != ends.len() as u64 {
                return Err(check("the hand's end", mode, Suspects::default));
            }
        } else {
            let ended: Vec<(HandId,)> =
                query(statements(conn).end_hands_naming).all(&mut *conn).await.map_err(statement)?;
            let ended: Vec<HandId> = ended.into_iter().map(|(id,)| id).collect();
            if ended.len() != ends.len() {
                let ended: HashSet<HandId> = ended.into_iter().collect();
                let failed = |i: &usize| writes[*i].end.is_some() && !ended.contains(&writes[*i].hand_id);
                let actions = (0..writes.len()).filter(failed).collect();
                return Err(check("the hand's end", mode, || Suspects { starts: Vec::new(), actions }));
            }
        }
    }
    Ok(ids)
}

/// A batch's rows as the JSON array a statement reads with `json_each`.
fn encode<T: serde::Serialize>(rows: &[T]) -> Result<String, Refusal> {
    serde_json::to_string(rows).map_err(|e| statement(sqlx::Error::Encode(Box::new(e))))
}

/// Says why one action was refused, reading the state its batch saw
/// (after the failed attempt was rolled back). A repeated idempotency key is
/// not an error: the action was recorded before.
pub(crate) async fn diagnose(conn: &mut Conn, w: &ActionWrite, refused: Refused) -> Result<Recorded, StoreError> {
    const CTX: &str = "recording an action";
    let hand_id = w.hand_id;
    if let Some(key) = &w.key {
        let seen: Option<HandId> = sql("SELECT hand_id FROM hand_actions WHERE idem_key = $1")
            .bind(key.as_str())
            .scalar_optional(&mut *conn)
            .await
            .ctx(CTX)?;
        if seen.is_some() {
            return Ok(Recorded::Duplicate);
        }
    }
    let hand: Option<(GuildId, sqlx::types::Json<Vec<UserId>>, HandStatus)> =
        sql("SELECT guild_id, seats, status FROM hands WHERE id = $1")
            .bind(hand_id)
            .optional(&mut *conn)
            .await
            .ctx(CTX)?;
    let Some((guild, sqlx::types::Json(seats), status)) = hand else {
        return Err(StoreError::NotFound(format!("hand #{hand_id}")));
    };
    if status != HandStatus::Live {
        return Err(StoreError::HandNotLive(hand_id));
    }
    if guild != w.guild || serde_json::to_string(&seats).ok().as_deref() != Some(w.seats.as_str()) {
        return Err(StoreError::Invalid(format!("hand #{hand_id} is not in guild {} with seats {}", w.guild, w.seats)));
    }
    let expected: i64 =
        sql("SELECT COUNT(*) FROM hand_actions WHERE hand_id = $1").bind(hand_id).scalar(&mut *conn).await.ctx(CTX)?;
    if w.seq != expected {
        return Err(StoreError::OutOfOrder { hand_id, expected, got: w.seq });
    }
    let mut need: BTreeMap<UserId, i64> = BTreeMap::new();
    for &(user, amount) in &w.debits {
        *need.entry(user).or_default() += amount;
    }
    for (user, need) in need {
        match wallets::current(&mut *conn, w.guild, user).await? {
            None => return Err(StoreError::NotFound(format!("wallet of user {user} in guild {}", w.guild))),
            Some(have) if have < need => return Err(StoreError::InsufficientFunds { user, need, have }),
            Some(_) => {}
        }
    }
    if let Some(end) = &w.end {
        let bets: i64 =
            sql("SELECT CAST(COALESCE(-SUM(delta), 0) AS BIGINT) FROM ledger WHERE hand_id = $1 AND reason = $2")
                .bind(hand_id)
                .bind(Reason::Bet)
                .scalar(&mut *conn)
                .await
                .ctx(CTX)?;
        let pot_now = bets + w.debits.iter().map(|&(_, a)| a).sum::<i64>();
        if end.pot != pot_now {
            return Err(StoreError::Invalid(format!(
                "hand #{hand_id} ends with a pot of {}, but {pot_now} chips are in it",
                end.pot
            )));
        }
    }
    match refused {
        Refused::Statement(e) => Err(StoreError::db(CTX, e)),
        Refused::Check(what) => Err(StoreError::Invalid(format!("hand #{hand_id}: {what} refused the action"))),
    }
}
