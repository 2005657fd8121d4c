//! Leaderboards and per-player statistics.

use super::db::sql;
use super::error::Ctx;
use super::{HandStatus, Reason, Store, StoreError};
use crate::ids::{GuildId, UserId};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LeaderBy {
    /// Current balance.
    Balance,
    /// Net chips won at the tables (bets, pots won, refunds).
    Winnings,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LeaderRow {
    /// 1-based position in the whole ranking.
    pub rank: u64,
    pub user: UserId,
    pub value: i64,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Stats {
    /// Hands the user was dealt into (refunded hands excluded).
    pub hands_played: i64,
    /// Hands in which the user won (all or a share of) the pot.
    pub hands_won: i64,
    /// The largest amount won in a single hand.
    pub biggest_pot: i64,
    /// Net chips from play: sum of bet, pot_won and refund rows.
    pub net: i64,
    /// hands_won / hands_played (0 when none played).
    pub win_rate: f64,
}

impl Store {
    /// One page (1-based; page 0 is treated as 1) of the guild's ranking and
    /// the number of ranked users. Ties are ordered by user id.
    #[tracing::instrument(level = "debug", skip(self), err(level = "debug"))]
    pub async fn leaderboard(
        &self,
        guild: GuildId,
        by: LeaderBy,
        page: u32,
        per_page: u32,
    ) -> Result<(Vec<LeaderRow>, u64), StoreError> {
        let per_page = per_page.clamp(1, 100);
        let offset = i64::from(page.max(1) - 1) * i64::from(per_page);
        self.ranking(guild, by, offset, per_page).await
    }

    /// The top `limit` (at most 10,000) of the guild's ranking, and the number of ranked users: the web pages
    /// read it whole once and page through their copy.
    pub async fn leaderboard_top(
        &self,
        guild: GuildId,
        by: LeaderBy,
        limit: u32,
    ) -> Result<(Vec<LeaderRow>, u64), StoreError> {
        self.ranking(guild, by, 0, limit.clamp(1, 10_000)).await
    }

    async fn ranking(
        &self,
        guild: GuildId,
        by: LeaderBy,
        offset: i64,
        per_page: u32,
    ) -> Result<(Vec<LeaderRow>, u64), StoreError> {
        // Winnings are the play rows: bets, pots won and refunds. The house and computer players (every id from
        // `UserId::HOUSE` up to the first a Discord user can have) are left out.
        let people = people_only();
        let (rows_sql, count_sql, play) = match by {
            LeaderBy::Balance => (
                format!(
                    "SELECT user_id, balance FROM wallets WHERE guild_id = $1 AND {people} \
                     ORDER BY balance DESC, user_id LIMIT $2 OFFSET $3"
                ),
                format!("SELECT COUNT(*) FROM wallets WHERE guild_id = $1 AND {people}"),
                None,
            ),
            LeaderBy::Winnings => (
                format!(
                    "SELECT user_id, CAST(SUM(delta) AS BIGINT) AS net FROM ledger \
                     WHERE guild_id = $1 AND reason IN ($2, $3, $4) AND {people} \
                     GROUP BY user_id ORDER BY net DESC, user_id LIMIT $5 OFFSET $6"
                ),
                format!(
                    "SELECT COUNT(DISTINCT user_id) FROM ledger WHERE guild_id = $1 AND reason IN ($2, $3, $4) AND {people}"
                ),
                Some([Reason::Bet, Reason::PotWon, Reason::Refund]),
            ),
        };
        let mut rows_query = sql(rows_sql).bind(guild);
        let mut count_query = sql(count_sql).bind(guild);
        for reason in play.into_iter().flatten() {
            rows_query = rows_query.bind(reason);
            count_query = count_query.bind(reason);
        }
        let rows: Vec<(UserId, i64)> =
            rows_query.bind(i64::from(per_page)).bind(offset).all(&self.pool).await.ctx("reading the leaderboard")?;
        let total: i64 = count_query.scalar(&self.pool).await.ctx("reading the leaderboard")?;
        let rows = rows
            .into_iter()
            .enumerate()
            .map(|(i, (user, value))| LeaderRow { rank: offset as u64 + i as u64 + 1, user, value })
            .collect();
        Ok((rows, total.max(0) as u64))
    }

    /// A user's record in one guild.
    #[tracing::instrument(level = "debug", skip(self), err(level = "debug"))]
    pub async fn stats(&self, guild: GuildId, user: UserId) -> Result<Stats, StoreError> {
        // Bets are found through the hands the user sat in, the other rows through the per-user index
        // (`reason <> 'bet'` spelled out so that SQLite uses it): see migration v2.
        let (played, bets): (i64, Option<i64>) =
            sql("SELECT COUNT(DISTINCT CASE WHEN h.status <> $1 THEN l.hand_id END), CAST(SUM(l.delta) AS BIGINT) \
             FROM hand_players p JOIN ledger l ON l.hand_id = p.hand_id AND l.user_id = p.user_id \
             JOIN hands h ON h.id = p.hand_id \
             WHERE p.guild_id = $2 AND p.user_id = $3 AND l.reason = $4")
            // played: bets in hands that were not refunded
            .bind(HandStatus::Refunded)
            .bind(guild)
            .bind(user)
            .bind(Reason::Bet)
            .one(&self.pool)
            .await
            .ctx("reading stats")?;
        let (won, biggest, rest): (i64, Option<i64>, Option<i64>) =
            sql("SELECT COUNT(DISTINCT CASE WHEN reason = $1 THEN hand_id END), \
                    MAX(CASE WHEN reason = $1 THEN delta END), \
                    CAST(SUM(CASE WHEN reason IN ($1, $2) THEN delta ELSE 0 END) AS BIGINT) \
             FROM ledger WHERE guild_id = $3 AND user_id = $4 AND reason <> 'bet'")
            // won, biggest pot; net: the play rows (bets above, pots won and refunds here)
            .bind(Reason::PotWon)
            .bind(Reason::Refund)
            .bind(guild)
            .bind(user)
            .one(&self.pool)
            .await
            .ctx("reading stats")?;
        let net = bets.unwrap_or(0) + rest.unwrap_or(0);
        let win_rate = if played > 0 { won as f64 / played as f64 } else { 0.0 };
        Ok(Stats { hands_played: played, hands_won: won, biggest_pot: biggest.unwrap_or(0), net, win_rate })
    }
}

/// The SQL condition that leaves deleted players, the house, tournaments' pools and computer players out (every
/// id from `UserId::FIRST_SYNTHETIC` up to the first a Discord user can have): leaderboards and seasons' boards
/// rank people only.
pub(super) fn people_only() -> String {
    format!("user_id NOT BETWEEN {} AND {}", UserId::FIRST_SYNTHETIC.get(), UserId::FIRST_REAL.get() - 1)
}
