//! What the bot keeps about one player, their export, and their deletion (issue 37, docs/privacy.md).
//!
//! A deletion keeps the books exact: the player's rows are not removed but kept under an anonymous id, one drawn
//! at random for each server (and each tournament's purse) the player has anything on ([`UserId::erased`]), in
//! one writer transaction. Every wallet still equals its ledger, every hand's rows still sum to its pot, and the
//! chips the player held stay in the anonymous wallet, which no one can play from (leaderboards and seasons'
//! boards leave such ids out). Their Discord id is gone from every column: wallets, ledger (owner and actor),
//! hand_players, the seats and winners of stored hands, seats, tables and tournaments opened, tournament entries
//! and seasons' boards. Their entropy texts go too: the seats' pending ones, and their line in each deal's mixed
//! entropy (that deal's deck can then no longer be rebuilt: `FairDeal::erased`, docs/provably-fair.md).

use std::collections::HashMap;

use serde::Serialize;

use super::db::{json_arg, sql, Conn};
use super::error::Ctx;
use super::hands::{FairDeal, HandStatus, SUMMARY_COLS};
use super::{HandSummary, Store, StoreError};
use crate::ids::{ChannelId, GuildId, HandId, TournamentId, UserId};

/// How much one part of an export holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ExportPage {
    pub ledger_rows: u64,
    pub hands: u64,
}

impl ExportPage {
    /// `/privacy export`'s parts: 10,000 ledger rows (about 2 MB of JSON) and 500 hands (up to about 4 MB), under
    /// Discord's 10 MiB for a bot's attachment.
    pub const DISCORD: ExportPage = ExportPage { ledger_rows: 10_000, hands: 500 };
}

/// What the bot keeps about a player on one server (or one tournament's purse).
#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct KeptOn {
    #[sqlx(rename = "guild_id")]
    pub guild: GuildId,
    pub balance: i64,
    pub ledger_rows: i64,
    pub hands: i64,
}

/// What a player has on every server: [`KeptOn`] a server, and their tournament entries.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Kept {
    pub servers: Vec<KeptOn>,
    pub tournament_entries: i64,
    /// Seats at tables open now (with any entropy given for the next deal).
    pub open_seats: i64,
}

/// Why a deletion is refused: the player is still in play. Nothing was changed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EraseRefusal {
    /// Seated at the table open in this channel (or dealt into a hand still in play there).
    Seated(ChannelId),
    /// Registered in a tournament not over yet, in this channel.
    Tournament(ChannelId),
}

/// What a deletion changed, a count a kind.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Erased {
    /// Servers and tournament purses the player had rows on (each now under its own anonymous id).
    pub servers: u64,
    pub ledger_rows: u64,
    pub hands: u64,
    /// Deals whose mixed entropy held the player's line (taken out: their deck can no longer be rebuilt).
    pub entropy_lines: u64,
    /// Display names and avatars kept for the web pages, and the hiding of them, deleted.
    pub profiles: u64,
}

/// One part of a player's export (`/privacy export`): the JSON file they are given.
#[derive(Clone, Debug, Serialize)]
pub struct Export {
    pub format: &'static str,
    pub user_id: String,
    pub exported_at: i64,
    pub part: u64,
    pub parts: u64,
    /// Part 1 only: each wallet (a server's, or a tournament's purse).
    pub wallets: Vec<ExportWallet>,
    /// Part 1 only: each server's stats.
    pub stats: Vec<ExportStats>,
    /// Part 1 only.
    pub tournaments: Vec<ExportEntry>,
    /// Part 1 only: how the web pages show them on each server (the name and avatar their last interaction
    /// carried), and whether they hid that (`/privacy web off`).
    pub profiles: Vec<ExportProfile>,
    pub web_hidden: bool,
    /// Every ledger row of theirs, oldest first, [`ExportPage::ledger_rows`] a part.
    pub ledger: Vec<ExportLedgerRow>,
    /// Every hand they were dealt into, oldest first, [`ExportPage::hands`] a part: the public record (what the
    /// channel shows, and every card once the hand is over); a hand still in play without its deck.
    pub hands: Vec<ExportHand>,
}

#[derive(Clone, Debug, Serialize, sqlx::FromRow)]
pub struct ExportWallet {
    #[serde(serialize_with = "as_text")]
    pub guild_id: GuildId,
    pub balance: i64,
    pub last_daily_at: Option<i64>,
    pub created_at: i64,
}

#[derive(Clone, Debug, Serialize)]
pub struct ExportStats {
    pub guild_id: String,
    pub hands_played: i64,
    pub hands_won: i64,
    pub biggest_pot: i64,
    pub net: i64,
    pub tournaments_played: i64,
    pub tournaments_won: i64,
    pub prizes: i64,
}

#[derive(Clone, Debug, Serialize, sqlx::FromRow)]
pub struct ExportEntry {
    pub tournament_id: i64,
    #[serde(serialize_with = "as_text")]
    pub guild_id: GuildId,
    pub status: String,
    pub buy_in: i64,
    pub registered_at: i64,
    pub place: Option<i64>,
    pub prize: i64,
}

#[derive(Clone, Debug, Serialize, sqlx::FromRow)]
pub struct ExportProfile {
    #[serde(serialize_with = "as_text")]
    pub guild_id: GuildId,
    pub display_name: String,
    pub avatar: Option<String>,
    pub updated_at: i64,
}

#[derive(Clone, Debug, Serialize, sqlx::FromRow)]
pub struct ExportLedgerRow {
    pub id: i64,
    #[serde(serialize_with = "as_text")]
    pub guild_id: GuildId,
    pub delta: i64,
    pub reason: String,
    pub hand_id: Option<i64>,
    /// Who moved the chips (an admin's grant, a `/give`), if not the player.
    #[serde(serialize_with = "person")]
    pub actor_id: Option<i64>,
    pub note: Option<String>,
    pub created_at: i64,
}

#[derive(Clone, Debug, Serialize)]
pub struct ExportHand {
    pub id: HandId,
    pub guild_id: String,
    pub channel_id: String,
    pub status: &'static str,
    pub started_at: i64,
    pub finished_at: Option<i64>,
    /// The player's seat (0 first).
    pub seat: usize,
    /// Each seat's player as the channel named them (`null`: a player who deleted their data).
    pub players: Vec<Option<String>>,
    pub winners: Vec<Option<String>>,
    pub pot: i64,
    pub ended_by: Option<&'static str>,
    /// Once over: the rules, stacks, dealer and deck (the seed is public then), and every action by seat.
    pub setup: Option<serde_json::Value>,
    pub actions: Vec<(usize, serde_json::Value)>,
    /// The deal's commitment; once over, its seed and the players' entropy too.
    pub fair: Option<FairDeal>,
}

fn as_text<S: serde::Serializer>(id: &GuildId, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(&id.to_string())
}

/// An id as text (JSON readers lose digits of 64-bit numbers); a deleted player's as `null`.
fn shown(user: UserId) -> Option<String> {
    (!user.is_erased()).then(|| user.to_string())
}

fn person<S: serde::Serializer>(id: &Option<i64>, s: S) -> Result<S::Ok, S::Error> {
    match id.map(|i| UserId(i as u64)).and_then(shown) {
        Some(text) => s.serialize_some(&text),
        None => s.serialize_none(),
    }
}

/// The servers (and tournament purses) a player has a wallet on: where every other row of theirs is.
const WALLET_GUILDS: &str = "SELECT guild_id FROM wallets WHERE user_id = $1";

impl Store {
    /// What the bot keeps about `user`, server by server.
    pub async fn kept_about(&self, user: UserId) -> Result<Kept, StoreError> {
        let servers: Vec<KeptOn> = sql("SELECT w.guild_id, w.balance, \
               (SELECT COUNT(*) FROM ledger l WHERE l.guild_id = w.guild_id AND l.user_id = w.user_id) AS ledger_rows, \
               (SELECT COUNT(*) FROM hand_players p WHERE p.guild_id = w.guild_id AND p.user_id = w.user_id) AS hands \
             FROM wallets w WHERE w.user_id = $1 ORDER BY w.guild_id")
        .bind(user)
        .all(&self.pool)
        .await
        .ctx("reading what is kept about a player")?;
        let tournament_entries: i64 = sql("SELECT COUNT(*) FROM tournament_entries WHERE user_id = $1")
            .bind(user)
            .scalar(&self.pool)
            .await
            .ctx("reading a player's tournament entries")?;
        let open_seats: i64 = sql("SELECT COUNT(*) FROM table_seats s JOIN game_tables t ON t.id = s.table_id \
                                   WHERE s.user_id = $1 AND t.status = 'open'")
        .bind(user)
        .scalar(&self.pool)
        .await
        .ctx("reading a player's seats")?;
        Ok(Kept { servers, tournament_entries, open_seats })
    }

    /// How many parts `user`'s export has (1 or more).
    pub async fn export_parts(&self, user: UserId, page: ExportPage) -> Result<u64, StoreError> {
        let (rows, hands): (i64, i64) = sql(format!(
            "SELECT (SELECT COUNT(*) FROM ledger WHERE user_id = $1 AND guild_id IN ({WALLET_GUILDS})), \
                    (SELECT COUNT(*) FROM hand_players WHERE user_id = $1 AND guild_id IN ({WALLET_GUILDS}))"
        ))
        .bind(user)
        .one(&self.pool)
        .await
        .ctx("counting a player's rows")?;
        let parts = |n: i64, per: u64| n.max(0).unsigned_abs().div_ceil(per);
        Ok(parts(rows, page.ledger_rows.max(1)).max(parts(hands, page.hands.max(1))).max(1))
    }

    /// Part `part` (from 1) of `user`'s export, `None` past the last part.
    pub async fn export(
        &self,
        user: UserId,
        part: u64,
        page: ExportPage,
        now: i64,
    ) -> Result<Option<Export>, StoreError> {
        let parts = self.export_parts(user, page).await?;
        if part == 0 || part > parts {
            return Ok(None);
        }
        let first = part == 1;
        let mut export = Export {
            format: "teenpatti-privacy-export/1",
            user_id: user.to_string(),
            exported_at: now,
            part,
            parts,
            wallets: Vec::new(),
            stats: Vec::new(),
            tournaments: Vec::new(),
            profiles: Vec::new(),
            web_hidden: false,
            ledger: Vec::new(),
            hands: Vec::new(),
        };
        if first {
            export.wallets = sql("SELECT guild_id, balance, last_daily_at, created_at FROM wallets \
                                  WHERE user_id = $1 ORDER BY guild_id")
            .bind(user)
            .all(&self.pool)
            .await
            .ctx("exporting wallets")?;
            for w in export.wallets.iter().filter(|w| w.guild_id.as_purse().is_none()) {
                let s = self.stats(w.guild_id, user).await?;
                let t = self.tournament_stats(w.guild_id, user).await?;
                export.stats.push(ExportStats {
                    guild_id: w.guild_id.to_string(),
                    hands_played: s.hands_played,
                    hands_won: s.hands_won,
                    biggest_pot: s.biggest_pot,
                    net: s.net,
                    tournaments_played: t.played,
                    tournaments_won: t.won,
                    prizes: t.prizes,
                });
            }
            export.tournaments =
                sql("SELECT t.id AS tournament_id, t.guild_id, t.status, t.buy_in, e.registered_at, e.place, e.prize \
                 FROM tournament_entries e JOIN tournaments t ON t.id = e.tournament_id \
                 WHERE e.user_id = $1 ORDER BY t.id")
                .bind(user)
                .all(&self.pool)
                .await
                .ctx("exporting tournament entries")?;
            export.profiles = sql("SELECT guild_id, display_name, avatar, updated_at FROM player_profiles \
                                   WHERE user_id = $1 ORDER BY guild_id")
            .bind(user)
            .all(&self.pool)
            .await
            .ctx("exporting display names")?;
            export.web_hidden = self.web_hidden(user).await?;
        }
        let offset = |per: u64| i64::try_from((part - 1).saturating_mul(per)).unwrap_or(i64::MAX);
        export.ledger = sql(format!(
            "SELECT id, guild_id, delta, reason, hand_id, actor_id, note, created_at FROM ledger \
             WHERE user_id = $1 AND guild_id IN ({WALLET_GUILDS}) ORDER BY id LIMIT $2 OFFSET $3"
        ))
        .bind(user)
        .bind(i64::try_from(page.ledger_rows).unwrap_or(i64::MAX))
        .bind(offset(page.ledger_rows))
        .all(&self.pool)
        .await
        .ctx("exporting ledger rows")?;
        let hands: Vec<(HandId,)> = sql(format!(
            "SELECT hand_id FROM hand_players WHERE user_id = $1 AND guild_id IN ({WALLET_GUILDS}) \
             ORDER BY hand_id LIMIT $2 OFFSET $3"
        ))
        .bind(user)
        .bind(i64::try_from(page.hands).unwrap_or(i64::MAX))
        .bind(offset(page.hands))
        .all(&self.pool)
        .await
        .ctx("exporting hands")?;
        for (id,) in hands {
            if let Some(hand) = self.hand_record(id).await?.and_then(|r| public_record(&r, user)) {
                export.hands.push(hand);
            }
        }
        Ok(Some(export))
    }

    /// Deletes what the bot keeps about `user` on every server (see the module), unless they are still in play.
    #[tracing::instrument(level = "info", skip(self), err(level = "debug"))]
    pub async fn erase_player(&self, user: UserId) -> Result<Result<Erased, EraseRefusal>, StoreError> {
        self.writer.write(move |conn| Box::pin(erase(conn, user))).await
    }
}

/// What anyone may see of a stored hand, for the export of one of its players (`None`: they were not dealt in).
fn public_record(r: &super::HandRecord, user: UserId) -> Option<ExportHand> {
    let s = &r.summary;
    let seat = s.users.iter().position(|&u| u == user)?;
    let over = s.status != HandStatus::Live;
    let fair = r.fair.as_ref().map(|f| match over {
        true => f.clone(),
        false => {
            FairDeal { commitment: f.commitment.clone(), secret: String::new(), entropy: String::new(), erased: 0 }
        }
    });
    Some(ExportHand {
        id: s.id,
        guild_id: s.guild.to_string(),
        channel_id: s.channel.to_string(),
        status: s.status.as_str(),
        started_at: s.started_at,
        finished_at: s.finished_at,
        seat,
        players: s.users.iter().map(|&u| shown(u)).collect(),
        winners: s.winners.iter().map(|&u| shown(u)).collect(),
        pot: s.pot,
        ended_by: s.ended_by.map(|e| e.as_str()),
        setup: over.then(|| serde_json::to_value(&r.setup).ok()).flatten(),
        actions: match over {
            true => r.actions.iter().filter_map(|a| Some((a.seat, serde_json::to_value(a.action).ok()?))).collect(),
            false => Vec::new(),
        },
        fair,
    })
}

/// A fresh anonymous id for `user`'s rows on `guild`: no wallet there has it.
async fn anonymous(conn: &mut Conn, guild: GuildId) -> Result<UserId, StoreError> {
    use rand::RngCore;
    loop {
        let id = UserId::erased(rand::rngs::OsRng.next_u64());
        let taken: Option<i64> = sql("SELECT balance FROM wallets WHERE guild_id = $1 AND user_id = $2")
            .bind(guild)
            .bind(id)
            .scalar_optional(&mut *conn)
            .await
            .ctx("drawing an anonymous id")?;
        if taken.is_none() {
            return Ok(id);
        }
    }
}

async fn erase(conn: &mut Conn, user: UserId) -> Result<Result<Erased, EraseRefusal>, StoreError> {
    let seated: Option<(ChannelId,)> =
        sql("SELECT t.channel_id FROM table_seats s JOIN game_tables t ON t.id = s.table_id \
                                            WHERE s.user_id = $1 AND t.status = 'open' ORDER BY t.id LIMIT 1")
        .bind(user)
        .optional(&mut *conn)
        .await
        .ctx("reading a player's seats")?;
    let live: Option<(ChannelId,)> = sql("SELECT h.channel_id FROM hand_players p JOIN hands h ON h.id = p.hand_id \
                                          WHERE p.user_id = $1 AND h.status = 'live' LIMIT 1")
    .bind(user)
    .optional(&mut *conn)
    .await
    .ctx("reading a player's hands in play")?;
    if let Some((channel,)) = seated.or(live) {
        return Ok(Err(EraseRefusal::Seated(channel)));
    }
    let playing: Option<(ChannelId,)> =
        sql("SELECT t.channel_id FROM tournament_entries e JOIN tournaments t ON t.id = e.tournament_id \
             WHERE e.user_id = $1 AND t.status IN ('registering', 'running') ORDER BY t.id LIMIT 1")
        .bind(user)
        .optional(&mut *conn)
        .await
        .ctx("reading a player's tournaments")?;
    if let Some((channel,)) = playing {
        return Ok(Err(EraseRefusal::Tournament(channel)));
    }

    // Every server (or purse) where the player's id is stored, each with its anonymous id.
    let guilds: Vec<(GuildId,)> = sql(format!(
        "{WALLET_GUILDS} UNION SELECT guild_id FROM game_tables WHERE opener_id = $1 \
         UNION SELECT t.guild_id FROM table_seats s JOIN game_tables t ON t.id = s.table_id WHERE s.user_id = $1 \
         UNION SELECT guild_id FROM tournaments WHERE opener_id = $1 \
         UNION SELECT guild_id FROM seasons WHERE board LIKE $2"
    ))
    .bind(user)
    .bind(format!("%{}%", user.0))
    .all(&mut *conn)
    .await
    .ctx("reading a player's servers")?;
    let entries: Vec<(TournamentId,)> = sql("SELECT tournament_id FROM tournament_entries WHERE user_id = $1")
        .bind(user)
        .all(&mut *conn)
        .await
        .ctx("reading a player's tournament entries")?;
    let mut anon: HashMap<GuildId, UserId> = HashMap::new();
    for g in guilds.into_iter().map(|(g,)| g).chain(entries.iter().map(|&(t,)| GuildId::purse(t))) {
        if let std::collections::hash_map::Entry::Vacant(slot) = anon.entry(g) {
            slot.insert(anonymous(conn, g).await?);
        }
    }
    let profiles = super::web::erase_profiles(conn, user).await?;
    let mut erased = Erased { servers: anon.len() as u64, profiles, ..Erased::default() };
    for (&guild, &to) in &anon {
        erase_on(conn, user, guild, to, &mut erased).await?;
    }
    for (t,) in entries {
        let Some(&to) = anon.get(&GuildId::purse(t)) else { continue };
        sql("UPDATE tournament_entries SET user_id = $1 WHERE tournament_id = $2 AND user_id = $3")
            .bind(to)
            .bind(t)
            .bind(user)
            .execute(&mut *conn)
            .await
            .ctx("re-keying tournament entries")?;
    }
    Ok(Ok(erased))
}

/// A stored hand as a deletion rewrites it: who sat and won, and its fair deal (JSON).
#[derive(sqlx::FromRow)]
struct HandToErase {
    #[sqlx(flatten)]
    summary: HandSummary,
    fair: Option<String>,
}

/// Re-keys `user`'s rows on `guild` to `to`.
async fn erase_on(conn: &mut Conn, user: UserId, guild: GuildId, to: UserId, n: &mut Erased) -> Result<(), StoreError> {
    // The wallet: a copy under the new id, the ledger moved to it (its foreign key), then the old row gone.
    sql("INSERT INTO wallets (guild_id, user_id, balance, last_daily_at, created_at) \
         SELECT guild_id, $1, balance, last_daily_at, created_at FROM wallets WHERE guild_id = $2 AND user_id = $3")
    .bind(to)
    .bind(guild)
    .bind(user)
    .execute(&mut *conn)
    .await
    .ctx("re-keying a wallet")?;
    n.ledger_rows += sql("UPDATE ledger SET user_id = $1 WHERE guild_id = $2 AND user_id = $3")
        .bind(to)
        .bind(guild)
        .bind(user)
        .execute(&mut *conn)
        .await
        .ctx("re-keying ledger rows")?;
    let statements = [
        "DELETE FROM wallets WHERE user_id = $1 AND guild_id = $2",
        "UPDATE ledger SET actor_id = $3 WHERE actor_id = $1 AND guild_id = $2",
        "UPDATE game_tables SET opener_id = $3 WHERE opener_id = $1 AND guild_id = $2",
        "UPDATE tournaments SET opener_id = $3 WHERE opener_id = $1 AND guild_id = $2",
        "UPDATE table_seats SET user_id = $3, entropy = '' WHERE user_id = $1 \
         AND table_id IN (SELECT id FROM game_tables WHERE guild_id = $2)",
    ];
    for statement in statements {
        sql(statement).bind(user).bind(guild).bind(to).execute(&mut *conn).await.ctx("re-keying a player's rows")?;
    }
    // Stored hands: the seats and winners name the player, and the deal's entropy holds their line.
    let hands: Vec<HandToErase> = sql(format!(
        "SELECT {SUMMARY_COLS}, fair FROM hands WHERE id IN \
         (SELECT hand_id FROM hand_players WHERE guild_id = $1 AND user_id = $2)"
    ))
    .bind(guild)
    .bind(user)
    .all(&mut *conn)
    .await
    .ctx("reading a player's hands")?;
    n.hands += sql("UPDATE hand_players SET user_id = $1 WHERE guild_id = $2 AND user_id = $3")
        .bind(to)
        .bind(guild)
        .bind(user)
        .execute(&mut *conn)
        .await
        .ctx("re-keying hand players")?;
    let swap = |users: &[UserId]| -> Vec<UserId> { users.iter().map(|&u| if u == user { to } else { u }).collect() };
    for HandToErase { summary: h, fair } in hands {
        let fair = fair.and_then(|f| serde_json::from_str::<FairDeal>(&f).ok()).map(|mut f| {
            let mine = format!("{user}:");
            let before = f.entropy.lines().count();
            f.entropy = f.entropy.lines().filter(|l| !l.starts_with(&mine)).map(|l| format!("{l}\n")).collect();
            let taken = before - f.entropy.lines().count();
            f.erased += taken as u32;
            n.entropy_lines += taken as u64;
            f
        });
        let encode = |e: serde_json::Error| StoreError::Invalid(format!("cannot encode {e}"));
        let fair = fair.map(|f| serde_json::to_string(&f)).transpose().map_err(encode)?;
        // A hand not finished keeps its NULL winners.
        let update = sql("UPDATE hands SET seats = $1, winners = CASE WHEN winners IS NULL THEN NULL ELSE $2 END, \
                          fair = COALESCE($3, fair) WHERE id = $4")
        .bind(json_arg(&swap(&h.users)).map_err(encode)?)
        .bind(json_arg(&swap(&h.winners)).map_err(encode)?)
        .bind(fair)
        .bind(h.id);
        update.execute(&mut *conn).await.ctx("re-keying a stored hand")?;
    }
    // Seasons' final boards.
    let boards: Vec<(i64, String)> = sql("SELECT number, board FROM seasons WHERE guild_id = $1 AND board LIKE $2")
        .bind(guild)
        .bind(format!("%{}%", user.0))
        .all(&mut *conn)
        .await
        .ctx("reading seasons' boards")?;
    for (number, board) in boards {
        let Ok(mut standings) = serde_json::from_str::<Vec<super::Standing>>(&board) else { continue };
        standings.iter_mut().filter(|s| s.user == user).for_each(|s| s.user = to);
        let text = serde_json::to_string(&standings).map_err(|e| StoreError::Invalid(format!("cannot encode {e}")))?;
        sql("UPDATE seasons SET board = $1 WHERE guild_id = $2 AND number = $3")
            .bind(text)
            .bind(guild)
            .bind(number)
            .execute(&mut *conn)
            .await
            .ctx("re-keying a season's board")?;
    }
    Ok(())
}
