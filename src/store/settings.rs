//! Per-guild settings: starting balance, daily grant, default rules, turn timer.

use serde::{Deserialize, Serialize};
use sqlx::types::Json;
use sqlx::SqliteConnection;

use super::error::Ctx;
use super::{now_unix, Store, StoreError};
use crate::engine::Rules;
use crate::ids::GuildId;

/// A guild's settings; [`Default`] is what a guild that never set any gets.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, sqlx::FromRow)]
pub struct GuildSettings {
    /// Chips a wallet starts with (its `starting_grant`).
    pub starting_balance: i64,
    /// Chips `/daily` pays.
    pub daily_amount: i64,
    /// Seconds between two daily claims.
    pub daily_cooldown_secs: i64,
    /// Rules a new table starts with.
    #[sqlx(json)]
    pub default_rules: Rules,
    /// Seconds a player has to act.
    pub turn_seconds: i64,
}

impl Default for GuildSettings {
    fn default() -> Self {
        GuildSettings {
            starting_balance: 1000,
            daily_amount: 100,
            daily_cooldown_secs: 86_400,
            default_rules: Rules::default(),
            turn_seconds: 60,
        }
    }
}

impl GuildSettings {
    fn validate(&self) -> Result<(), StoreError> {
        if self.starting_balance < 0 || self.daily_amount < 0 || self.daily_cooldown_secs < 0 {
            return Err(StoreError::Invalid("amounts and cooldowns cannot be negative".into()));
        }
        if self.turn_seconds <= 0 {
            return Err(StoreError::Invalid("turn_seconds must be at least 1".into()));
        }
        Ok(())
    }
}

pub(crate) async fn load(conn: &mut SqliteConnection, guild: GuildId) -> Result<GuildSettings, StoreError> {
    let settings: Option<GuildSettings> = sqlx::query_as(
        "SELECT starting_balance, daily_amount, daily_cooldown_secs, default_rules, turn_seconds \
         FROM guild_settings WHERE guild_id = ?",
    )
    .bind(guild)
    .fetch_optional(conn)
    .await
    .ctx("reading guild settings")?;
    let mut settings = settings.unwrap_or_default();
    // Earlier builds let `/config set joker` store a joker rank that play never read; tables now refuse
    // that option, so a stored one is dropped rather than making every `/table open` of the server fail.
    settings.default_rules.joker = None;
    Ok(settings)
}

impl Store {
    /// The guild's settings, or the defaults if it never set any.
    #[tracing::instrument(level = "debug", skip(self), err(level = "debug"))]
    pub async fn guild_settings(&self, guild: GuildId) -> Result<GuildSettings, StoreError> {
        let mut conn = self.pool.acquire().await.ctx("reading guild settings")?;
        load(&mut conn, guild).await
    }

    #[tracing::instrument(level = "debug", skip(self, settings), err(level = "debug"))]
    pub async fn set_guild_settings(&self, guild: GuildId, settings: &GuildSettings) -> Result<(), StoreError> {
        settings.validate()?;
        let settings = settings.clone();
        self.writer
            .write(move |conn| {
                Box::pin(async move {
                    sqlx::query(
            "INSERT INTO guild_settings \
               (guild_id, starting_balance, daily_amount, daily_cooldown_secs, default_rules, turn_seconds, updated_at) \
             VALUES (?, ?, ?, ?, ?, ?, ?) \
             ON CONFLICT (guild_id) DO UPDATE SET starting_balance = excluded.starting_balance, \
               daily_amount = excluded.daily_amount, daily_cooldown_secs = excluded.daily_cooldown_secs, \
               default_rules = excluded.default_rules, turn_seconds = excluded.turn_seconds, \
               updated_at = excluded.updated_at",
        )
        .bind(guild)
        .bind(settings.starting_balance)
        .bind(settings.daily_amount)
        .bind(settings.daily_cooldown_secs)
        .bind(Json(&settings.default_rules))
        .bind(settings.turn_seconds)
        .bind(now_unix())
        .execute(&mut *conn)
        .await
        .ctx("saving guild settings")?;
                    Ok(())
                })
            })
            .await
    }
}
