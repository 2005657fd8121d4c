//! Server admins (Manage Server): `/config view | set`, `/grant`, `/house`, `/season new`. Each is declared an
//! admin command once, in `commands/mod.rs` (`admin_only`): servers only, Manage Server to see and to use it.

use poise::serenity_prelude as serenity;

use super::{guild, lang, say, say_public, user_id, Context, Error};
use crate::discord::render;
use crate::engine::rules::MAX_AMOUNT;
use crate::i18n::{Lang, Msg};
use crate::store::StoreError;
use crate::table::{UserError, TURN_SECONDS};

/// The largest starting balance or daily amount a server may set.
const MAX_SETTING_CHIPS: i64 = 1_000_000_000;
/// The longest daily cooldown: a year.
const MAX_DAILY_COOLDOWN: i64 = 31_536_000;

/// Server settings (Manage Server): view, or set one.
#[poise::command(slash_command, subcommands("config_view", "config_set"), subcommand_required)]
pub async fn config(_: Context<'_>) -> Result<(), Error> {
    Ok(())
}

/// Show the server's settings.
#[poise::command(slash_command, rename = "view")]
pub async fn config_view(ctx: Context<'_>) -> Result<(), Error> {
    let s = ctx.data().store.guild_settings(guild(ctx)?).await?;
    say(ctx, render::settings(s.language, &s)).await
}

/// Set one server setting or default rule option.
#[poise::command(slash_command, rename = "set")]
pub async fn config_set(
    ctx: Context<'_>,
    #[description = "A setting (starting_balance, give_daily_cap, max_bet, season_reset...) or a rule option (boot...)"]
    option: String,
    #[description = "The new value"] value: String,
) -> Result<(), Error> {
    let g = guild(ctx)?;
    let store = &ctx.data().store;
    let mut s = store.guild_settings(g).await?;
    let number = |lo: i64, hi: i64| -> Result<i64, UserError> {
        let n = value.trim().parse::<i64>().ok().filter(|n| (lo..=hi).contains(n));
        n.ok_or_else(|| UserError::said(render::setting_not_valid(&value, &option, lo, hi)))
    };
    match option.trim() {
        "starting_balance" => s.starting_balance = number(0, MAX_SETTING_CHIPS)?,
        "daily_amount" => s.daily_amount = number(0, MAX_SETTING_CHIPS)?,
        "daily_cooldown" | "daily_cooldown_secs" => s.daily_cooldown_secs = number(0, MAX_DAILY_COOLDOWN)?,
        "turn_seconds" => s.turn_seconds = number(*TURN_SECONDS.start(), *TURN_SECONDS.end())?,
        "give_min_account_days" => s.economy.give_min_account_days = number(0, 3650)?,
        "give_min_member_hours" => s.economy.give_min_member_hours = number(0, 87_600)?,
        "give_daily_cap" => s.economy.give_daily_cap = number(0, MAX_AMOUNT as i64)?,
        "give_fee_percent" => s.economy.give_fee_percent = number(0, 50)?,
        "daily_min_account_days" => s.economy.daily_min_account_days = number(0, 3650)?,
        "max_boot" => s.economy.max_boot = number(0, MAX_AMOUNT as i64)?,
        "max_bet" => s.economy.max_bet = number(0, MAX_AMOUNT as i64)?,
        "season_days" => s.economy.season_days = number(0, 3650)?,
        "season_reset" => {
            s.economy.season_reset = match value.trim().to_ascii_lowercase().as_str() {
                "reset" | "true" | "yes" | "on" => true,
                "carry" | "false" | "no" | "off" => false,
                _ => return Err(UserError::said(Msg::new("setting-season-reset")).into()),
            }
        }
        "season_channel" => {
            let v = value.trim().trim_start_matches("<#").trim_end_matches('>');
            s.economy.season_channel = match v.to_ascii_lowercase().as_str() {
                "none" | "off" | "here" => None,
                _ => Some(v.parse::<u64>().ok().filter(|&c| c > 0).ok_or_else(|| {
                    UserError::said(Msg::new("setting-season-channel").arg("value", crate::echo::echo(&value)))
                })?),
            }
        }
        "language" => {
            s.language = Lang::parse(&value).ok_or_else(|| UserError::said(render::language_not_valid(&value)))?
        }
        other => s
            .default_rules
            .set(other, &value)
            .and_then(|()| s.default_rules.validate())
            .map_err(|e| UserError::new(e.to_string()))?,
    }
    match store.set_guild_settings(g, &s).await {
        Ok(()) => say(ctx, render::settings_saved(&s)).await,
        Err(StoreError::Invalid(m)) => Err(UserError::new(m).into()),
        Err(e) => Err(e.into()),
    }
}

/// Give chips to a player, or take them away with a negative amount (Manage Server).
#[poise::command(slash_command)]
pub async fn grant(
    ctx: Context<'_>,
    #[description = "Who"] user: serenity::User,
    #[description = "Chips to add (negative to remove)"] amount: i64,
) -> Result<(), Error> {
    let g = guild(ctx)?;
    if user.bot {
        return Err(UserError::said(Msg::new("error-bots-no-chips")).into());
    }
    if amount == 0 || amount.unsigned_abs() > MAX_AMOUNT {
        return Err(UserError::said(Msg::new("error-grant-amount")).into());
    }
    let (admin, who) = (user_id(ctx.author()), user_id(&user));
    match ctx.data().store.admin_grant(g, who, amount, admin, "/grant").await {
        Ok(balance) => say_public(ctx, render::granted(lang(ctx).await, admin, who, amount, balance)).await,
        Err(StoreError::InsufficientFunds { have, .. }) => Err(UserError::said(render::below_zero(who, have)).into()),
        Err(e) => Err(e.into()),
    }
}

/// The house's chips, which stake the computer players; set them with bankroll (Manage Server).
#[poise::command(slash_command)]
pub async fn house(
    ctx: Context<'_>,
    #[description = "Set the house's chips to this many"]
    #[min = 0]
    bankroll: Option<i64>,
) -> Result<(), Error> {
    let g = guild(ctx)?;
    let store = &ctx.data().store;
    let lang = lang(ctx).await;
    match bankroll {
        None => {
            let chips = store.balance(g, crate::ids::UserId::HOUSE).await?;
            say(ctx, crate::tr!(lang, "house-balance", chips = chips)).await
        }
        Some(amount) if !(0..=MAX_AMOUNT as i64).contains(&amount) => {
            Err(UserError::said(Msg::new("error-grant-amount")).into())
        }
        Some(amount) => {
            let chips = store.set_house(g, amount, user_id(ctx.author())).await?;
            say_public(ctx, crate::tr!(lang, "house-set", chips = chips, admin = user_id(ctx.author()).mention())).await
        }
    }
}

/// Seasons of the server's leaderboard (Manage Server).
#[poise::command(slash_command, subcommands("season_new"), subcommand_required)]
pub async fn season(_: Context<'_>) -> Result<(), Error> {
    Ok(())
}

/// End this season: its final leaderboard is posted and kept; balances carry over or reset.
#[poise::command(slash_command, rename = "new")]
pub async fn season_new(ctx: Context<'_>) -> Result<(), Error> {
    let g = guild(ctx)?;
    let store = &ctx.data().store;
    let settings = store.guild_settings(g).await?;
    let Some(end) = store.new_season(g, None, Some(user_id(ctx.author()))).await? else {
        // Only a schedule's tick names the season it ends; this cannot be refused.
        return Err(UserError::standing(crate::table::INTERNAL_ERROR).into());
    };
    let text = render::season_over(settings.language, &end);
    let here = ctx.channel_id().get();
    match settings.economy.season_channel.filter(|&c| c != here) {
        Some(channel) => {
            super::super::post_season(ctx.http(), channel, &text).await;
            let lang = settings.language;
            say(ctx, crate::tr!(lang, "season-posted", number = end.ended.number, channel = format!("<#{channel}>")))
                .await
        }
        None => say_public(ctx, text).await,
    }
}
