//! Per-guild settings: starting balance, daily grant, default rules, turn timer, language.

use super::db::{json_arg, sql, On};
use super::error::Ctx;
use super::{now_unix, Store, StoreError};
use crate::engine::Rules;
use crate::i18n::Lang;
use crate::ids::GuildId;
use serde::{Deserialize, Serialize};

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
    /// The language the bot writes in here.
    #[sqlx(try_from = "String")]
    pub language: Lang,
}

impl Default for GuildSettings {
    fn default() -> Self {
        GuildSettings {
            starting_balance: 1000,
            daily_amount: 100,
            daily_cooldown_secs: 86_400,
            default_rules: Rules::default(),
            turn_seconds: 60,
            language: Lang::En,
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

pub(crate) async fn load<'a>(on: impl Into<On<'a>>, guild: GuildId) -> Result<GuildSettings, StoreError> {
    let settings: Option<GuildSettings> =
        sql("SELECT starting_balance, daily_amount, daily_cooldown_secs, default_rules, turn_seconds, language \
         FROM guild_settings WHERE guild_id = $1")
        .bind(guild)
        .optional(on)
        .await
        .ctx("reading guild settings")?;
    let mut settings = settings.unwrap_or_default();
    // Earlier builds let `/config set joker` store a joker rank that play never read; tables now refuse
    // that option, so a stored one is dropped rather than making every `/table open` of the server fail.
    if settings.default_rules.joker.fixed().is_some() {
        settings.default_rules.joker = crate::engine::rules::Turned::Off;
    }
    Ok(settings)
}

impl Store {
    /// The guild's settings, or the defaults if it never set any.
    #[tracing::instrument(level = "debug", skip(self), err(level = "debug"))]
    pub async fn guild_settings(&self, guild: GuildId) -> Result<GuildSettings, StoreError> {
        load(&self.pool, guild).await
    }

    #[tracing::instrument(level = "debug", skip(self, settings), err(level = "debug"))]
    pub async fn set_guild_settings(&self, guild: GuildId, settings: &GuildSettings) -> Result<(), StoreError> {
        settings.validate()?;
        let settings = settings.clone();
        let rules = json_arg(&settings.default_rules).map_err(|e| StoreError::Invalid(format!("cannot encode {e}")))?;
        self.writer
            .write(move |conn| {
                Box::pin(async move {
                    sql(
            "INSERT INTO guild_settings \
               (guild_id, starting_balance, daily_amount, daily_cooldown_secs, default_rules, turn_seconds, updated_at, \
                language) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8) \
             ON CONFLICT (guild_id) DO UPDATE SET starting_balance = excluded.starting_balance, \
               daily_amount = excluded.daily_amount, daily_cooldown_secs = excluded.daily_cooldown_secs, \
               default_rules = excluded.default_rules, turn_seconds = excluded.turn_seconds, \
               updated_at = excluded.updated_at, language = excluded.language",
        )
        .bind(guild)
        .bind(settings.starting_balance)
        .bind(settings.daily_amount)
        .bind(settings.daily_cooldown_secs)
        .bind(rules)
        .bind(settings.turn_seconds)
        .bind(now_unix())
        .bind(settings.language.code())
        .execute(&mut *conn)
        .await
        .ctx("saving guild settings")?;
                    Ok(())
                })
            })
            .await
    }
}
