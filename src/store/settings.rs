//! Per-guild settings: starting balance, daily grant, default rules, turn timer, language.

use super::db::{json_arg, sql, On};
use super::error::Ctx;
use super::{now_unix, Store, StoreError};
use crate::engine::Rules;
use crate::i18n::{Lang, PrivateLanguage};
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
    /// The language of private answers: the server's, or each reader's (`private_language`).
    #[sqlx(try_from = "String")]
    #[serde(default)]
    pub private_language: PrivateLanguage,
    /// Transfers' anti-abuse rules, bet caps and seasons.
    #[sqlx(json)]
    #[serde(default)]
    pub economy: Economy,
}

/// A server's economy settings (`guild_settings.economy`, JSON): a key missing there takes its default here, so
/// a new setting needs no migration.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Economy {
    /// Days a Discord account must have existed (by its id's timestamp) to give or receive chips with `/give`.
    pub give_min_account_days: i64,
    /// Hours a member must have been in the server to give or receive chips.
    pub give_min_member_hours: i64,
    /// Chips one member may give away in any 24 hours (fees included); 0 turns `/give` off.
    pub give_daily_cap: i64,
    /// Percent of each gift that goes to the house instead of the receiver (0 to 50).
    pub give_fee_percent: i64,
    /// Days a Discord account must have existed to claim `/daily` (0: any account).
    pub daily_min_account_days: i64,
    /// The largest boot a table may be opened with (0: no cap).
    pub max_boot: i64,
    /// The largest single bet at a table (0: no cap): a table's chaal limit is at most this.
    pub max_bet: i64,
    /// A new season puts every balance back to the starting balance (`true`) or carries them over.
    pub season_reset: bool,
    /// Where a season's final leaderboard is posted (a channel id; none: where `/season new` was used, and
    /// nowhere for a scheduled one).
    pub season_channel: Option<u64>,
    /// Days between scheduled new seasons (0: only `/season new`).
    pub season_days: i64,
}

impl Default for Economy {
    fn default() -> Self {
        Economy {
            give_min_account_days: 7,
            give_min_member_hours: 24,
            give_daily_cap: 10_000,
            give_fee_percent: 0,
            daily_min_account_days: 0,
            max_boot: 0,
            max_bet: 0,
            season_reset: false,
            season_channel: None,
            season_days: 0,
        }
    }
}

/// One side of a `/give`, as Discord knows them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Member {
    pub user: crate::ids::UserId,
    /// When they joined this server (unix seconds); None when Discord did not say (not a member).
    pub joined_at: Option<i64>,
}

/// Why a `/give` is refused before any chip moves: each names the rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GiveRefusal {
    /// `give_daily_cap` is 0: transfers are off here.
    Off,
    /// Giving to oneself.
    ToSelf,
    /// The receiver is not a member of this server.
    NotMember,
    /// An account younger than `give_min_account_days` (the sender's when `sender`).
    AccountAge { sender: bool, days: i64 },
    /// In the server for less than `give_min_member_hours`.
    Membership { sender: bool, hours: i64 },
}

/// Why a table's rules break a server's bet caps.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CapBreach {
    /// The boot is over `max_boot`.
    Boot { cap: i64 },
    /// A chaal limit of `max_bet` would be under twice the boot (the first seen bet).
    Bet { cap: i64 },
}

impl Economy {
    /// Whether `from` may give chips to `to` now (unix seconds) by this server's anti-abuse rules: the daily cap's
    /// room and the balance are checked where the chips move ([`Store::give`]).
    pub fn may_give(&self, from: Member, to: Member, now: i64) -> Result<(), GiveRefusal> {
        if self.give_daily_cap == 0 {
            return Err(GiveRefusal::Off);
        }
        if from.user == to.user {
            return Err(GiveRefusal::ToSelf);
        }
        if to.joined_at.is_none() {
            return Err(GiveRefusal::NotMember);
        }
        for (who, sender) in [(from, true), (to, false)] {
            if !old_enough(who.user, self.give_min_account_days, now) {
                return Err(GiveRefusal::AccountAge { sender, days: self.give_min_account_days });
            }
        }
        for (who, sender) in [(from, true), (to, false)] {
            let joined = who.joined_at.unwrap_or(now);
            if now - joined < self.give_min_member_hours * 3600 {
                return Err(GiveRefusal::Membership { sender, hours: self.give_min_member_hours });
            }
        }
        Ok(())
    }

    /// Whether `user` may claim `/daily` now by the account-age gate (`daily_min_account_days`).
    pub fn may_claim_daily(&self, user: crate::ids::UserId, now: i64) -> bool {
        old_enough(user, self.daily_min_account_days, now)
    }

    /// The fee the house takes from a gift of `amount`: `give_fee_percent`, rounded down.
    pub fn fee(&self, amount: i64) -> i64 {
        amount.saturating_mul(self.give_fee_percent.clamp(0, 50)) / 100
    }

    /// The rules a table may play under this server's caps: refused when the boot is over `max_boot`; otherwise
    /// the chaal limit (the largest seen bet; a blind bet is half of it) lowered to `max_bet`, which must allow
    /// the first seen bet, twice the boot.
    pub fn cap_rules(&self, rules: &crate::engine::Rules) -> Result<crate::engine::Rules, CapBreach> {
        let mut rules = rules.clone();
        let boot = i64::try_from(rules.boot).unwrap_or(i64::MAX);
        if self.max_boot > 0 && boot > self.max_boot {
            return Err(CapBreach::Boot { cap: self.max_boot });
        }
        if self.max_bet > 0 {
            let cap = self.max_bet as u64;
            if cap < 2 * rules.boot {
                return Err(CapBreach::Bet { cap: self.max_bet });
            }
            rules.chaal_limit = Some(rules.chaal_limit.map_or(cap, |l| l.min(cap)));
        }
        Ok(rules)
    }

    fn validate(&self) -> Result<(), StoreError> {
        let days = [self.give_min_account_days, self.daily_min_account_days, self.season_days];
        if days.iter().any(|d| !(0..=3650).contains(d)) || !(0..=87_600).contains(&self.give_min_member_hours) {
            return Err(StoreError::Invalid("days are 0 to 3650, hours 0 to 87600".into()));
        }
        if !(0..=50).contains(&self.give_fee_percent) {
            return Err(StoreError::Invalid("give_fee_percent is 0 to 50".into()));
        }
        let max = crate::engine::rules::MAX_AMOUNT as i64;
        if [self.give_daily_cap, self.max_boot, self.max_bet].iter().any(|c| !(0..=max).contains(c)) {
            return Err(StoreError::Invalid("caps are 0 (none) to 10^12 chips".into()));
        }
        Ok(())
    }
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
            private_language: PrivateLanguage::Server,
            economy: Economy::default(),
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
        self.economy.validate()
    }
}

/// Whether `user`'s Discord account has existed for at least `days` days at `now`.
fn old_enough(user: crate::ids::UserId, days: i64, now: i64) -> bool {
    now - user.created_at_unix() >= days * 86_400
}

pub(crate) async fn load<'a>(on: impl Into<On<'a>>, guild: GuildId) -> Result<GuildSettings, StoreError> {
    let settings: Option<GuildSettings> =
        sql("SELECT starting_balance, daily_amount, daily_cooldown_secs, default_rules, turn_seconds, language, \
         private_language, economy FROM guild_settings WHERE guild_id = $1")
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
        let economy = json_arg(&settings.economy).map_err(|e| StoreError::Invalid(format!("cannot encode {e}")))?;
        self.writer
            .write(move |conn| {
                Box::pin(async move {
                    sql(
            "INSERT INTO guild_settings \
               (guild_id, starting_balance, daily_amount, daily_cooldown_secs, default_rules, turn_seconds, updated_at, \
                language, private_language, economy) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) \
             ON CONFLICT (guild_id) DO UPDATE SET starting_balance = excluded.starting_balance, \
               daily_amount = excluded.daily_amount, daily_cooldown_secs = excluded.daily_cooldown_secs, \
               default_rules = excluded.default_rules, turn_seconds = excluded.turn_seconds, \
               updated_at = excluded.updated_at, language = excluded.language, \
               private_language = excluded.private_language, economy = excluded.economy",
        )
        .bind(guild)
        .bind(settings.starting_balance)
        .bind(settings.daily_amount)
        .bind(settings.daily_cooldown_secs)
        .bind(rules)
        .bind(settings.turn_seconds)
        .bind(now_unix())
        .bind(settings.language.code())
        .bind(settings.private_language.code())
        .bind(economy)
        .execute(&mut *conn)
        .await
        .ctx("saving guild settings")?;
                    Ok(())
                })
            })
            .await
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Rules;
    use crate::ids::UserId;

    #[test]
    fn caps_refuse_a_big_boot_and_lower_the_chaal_limit() {
        let e = Economy { max_boot: 50, max_bet: 40, ..Economy::default() };
        let rules = |boot, limit| Rules { boot, chaal_limit: limit, ..Rules::default() };
        assert_eq!(e.cap_rules(&rules(60, None)), Err(CapBreach::Boot { cap: 50 }));
        assert_eq!(e.cap_rules(&rules(25, None)), Err(CapBreach::Bet { cap: 40 }));
        assert_eq!(e.cap_rules(&rules(10, None)).map(|r| r.chaal_limit), Ok(Some(40)));
        assert_eq!(e.cap_rules(&rules(10, Some(30))).map(|r| r.chaal_limit), Ok(Some(30)));
        assert_eq!(e.cap_rules(&rules(10, Some(640))).map(|r| r.chaal_limit), Ok(Some(40)));
        let none = Economy::default();
        assert_eq!(none.cap_rules(&rules(1_000, None)).map(|r| r.chaal_limit), Ok(None));
    }

    #[test]
    fn each_gift_rule_names_itself() {
        let now = 1_800_000_000;
        let old = |n: u64| UserId(300_000_000_000_000_000 + n);
        let young = UserId(((now as u64 * 1000 - crate::ids::DISCORD_EPOCH_MS - 86_400_000) << 22) | 1);
        let member = |user, joined: Option<i64>| Member { user, joined_at: joined };
        let long_ago = Some(now - 400 * 86_400);
        let e = Economy::default();
        let (a, b) = (member(old(1), long_ago), member(old(2), long_ago));
        assert_eq!(e.may_give(a, b, now), Ok(()));
        assert_eq!(e.may_give(a, a, now), Err(GiveRefusal::ToSelf));
        assert_eq!(e.may_give(a, member(old(2), None), now), Err(GiveRefusal::NotMember));
        let y = member(young, long_ago);
        assert_eq!(e.may_give(y, b, now), Err(GiveRefusal::AccountAge { sender: true, days: 7 }));
        assert_eq!(e.may_give(a, y, now), Err(GiveRefusal::AccountAge { sender: false, days: 7 }));
        let fresh = member(old(3), Some(now - 3600));
        assert_eq!(e.may_give(fresh, b, now), Err(GiveRefusal::Membership { sender: true, hours: 24 }));
        assert_eq!(e.may_give(a, fresh, now), Err(GiveRefusal::Membership { sender: false, hours: 24 }));
        let off = Economy { give_daily_cap: 0, ..Economy::default() };
        assert_eq!(off.may_give(a, b, now), Err(GiveRefusal::Off));
        assert!(!Economy { daily_min_account_days: 2, ..e.clone() }.may_claim_daily(young, now));
        assert!(e.may_claim_daily(young, now));
        assert_eq!(Economy { give_fee_percent: 10, ..e }.fee(55), 5);
    }
}
