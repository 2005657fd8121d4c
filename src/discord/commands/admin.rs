//! Server admins (Manage Server): `/config view | set`, `/grant`, `/house`, `/season new`. Each is declared an
//! admin command once, in `commands/mod.rs` (`admin_only`): servers only, Manage Server to see and to use it.

use poise::serenity_prelude as serenity;

use super::{guild, lang, say, say_public, user_id, Context, Error};
use crate::discord::render;
use crate::engine::rules::MAX_AMOUNT;
use crate::i18n::{Lang, Msg, PrivateLanguage};
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
    say(ctx, render::settings(s.private_language.for_reader(s.language, super::reader(ctx)), &s)).await
}

/// The server's own settings `/config set` takes, as its autocomplete offers them (the rule options follow,
/// from the option table `engine::rules::OPTIONS`).
pub(crate) const SETTINGS: [&str; 18] = [
    "language",
    "starting_balance",
    "daily_amount",
    "daily_cooldown",
    "turn_seconds",
    "give_min_account_days",
    "give_min_member_hours",
    "give_daily_cap",
    "give_fee_percent",
    "daily_min_account_days",
    "max_boot",
    "max_bet",
    "season_days",
    "season_reset",
    "season_channel",
    "daily_cooldown_secs",
    "private_language",
    "web",
];

/// `/config set`'s option names containing what was typed: the settings, then the rule options; at most 25,
/// Discord's limit on choices.
pub(crate) fn option_names(partial: &str) -> Vec<&'static str> {
    let typed = partial.trim().to_ascii_lowercase().replace('-', "_");
    let all = SETTINGS.iter().copied().chain(crate::engine::rules::OPTIONS.iter().map(|o| o.name));
    all.filter(|name| name.contains(typed.as_str())).take(25).collect()
}

async fn autocomplete_option(_: Context<'_>, partial: &str) -> serenity::CreateAutocompleteResponse {
    let choices = option_names(partial).into_iter().map(serenity::AutocompleteChoice::from).collect();
    serenity::CreateAutocompleteResponse::new().set_choices(choices)
}

/// Set one server setting or default rule option.
#[poise::command(slash_command, rename = "set")]
pub async fn config_set(
    ctx: Context<'_>,
    #[description = "A setting (starting_balance, give_daily_cap, max_bet, season_reset...) or a rule option (boot...)"]
    #[autocomplete = "autocomplete_option"]
    option: String,
    #[description = "The new value"] value: String,
) -> Result<(), Error> {
    let g = guild(ctx)?;
    let store = &ctx.data().store;
    if option.trim() == "web" {
        return set_web(ctx, g, &value).await;
    }
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
        "private_language" => {
            s.private_language = PrivateLanguage::parse(&value).ok_or_else(|| {
                UserError::said(Msg::new("setting-private-language").arg("value", crate::echo::echo(&value)))
            })?
        }
        "language" => {
            s.language = Lang::parse(&value).ok_or_else(|| UserError::said(render::language_not_valid(&value)))?
        }
        other => {
            s.default_rules.set(other, &value).and_then(|()| s.default_rules.validate()).map_err(UserError::from)?
        }
    }
    // Every value was checked above: the store refusing one is our failure (logged, and the apology).
    store.set_guild_settings(g, &s).await?;
    // Written in the language as it now is: the server's, or the admin's own under `private_language=reader`.
    say(ctx, render::settings_saved(s.private_language.for_reader(s.language, super::reader(ctx)), &s)).await
}

/// `/config set web on|off`: the server's web pages (README "Web pages"), under a new address each time they are
/// turned on. Said in the channel: its members learn where the pages are, or that they are gone.
async fn set_web(ctx: Context<'_>, g: crate::ids::GuildId, value: &str) -> Result<(), Error> {
    let on = match value.trim().to_ascii_lowercase().as_str() {
        "on" | "true" | "yes" => true,
        "off" | "false" | "no" => false,
        _ => return Err(UserError::said(Msg::new("setting-web").arg("value", crate::echo::echo(value))).into()),
    };
    let data = ctx.data();
    data.store.set_web(g, on).await?;
    data.site.forget(g);
    let lang = super::server_lang(ctx).await;
    let text = match (on, data.site.server_link(&data.store, g).await) {
        (true, Some(url)) => crate::tr!(lang, "web-on", url = url),
        (true, None) => crate::tr!(lang, "web-on-no-url"),
        (false, _) => crate::tr!(lang, "web-off"),
    };
    say_public(ctx, text).await
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
        Ok(balance) => {
            say_public(ctx, render::granted(super::server_lang(ctx).await, admin, who, amount, balance)).await
        }
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
            let lang = super::server_lang(ctx).await;
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
        return Err(UserError::internal_error().into());
    };
    let text = render::season_over(settings.language, &end);
    let here = ctx.channel_id().get();
    match settings.economy.season_channel.filter(|&c| c != here) {
        Some(channel) => {
            super::super::post_season(ctx.http(), channel, &text).await;
            let lang = settings.private_language.for_reader(settings.language, super::reader(ctx));
            say(ctx, crate::tr!(lang, "season-posted", number = end.ended.number, channel = format!("<#{channel}>")))
                .await
        }
        None => say_public(ctx, text).await,
    }
}

#[cfg(test)]
mod tests {
    use super::option_names;

    #[test]
    fn the_option_autocomplete_offers_the_settings_then_the_rule_options_within_discords_limit() {
        let all = option_names("");
        assert_eq!(all.len(), 25, "Discord shows at most 25 choices");
        assert_eq!(all[..2], ["language", "starting_balance"]);
        let boots = option_names("boot");
        assert!(boots.contains(&"max_boot") && boots.contains(&"boot"), "{boots:?}");
        assert_eq!(option_names(" Private-Lang"), ["private_language"]);
        assert!(option_names("zzz").is_empty());
        for o in crate::engine::rules::OPTIONS {
            assert!(option_names(o.name).contains(&o.name), "{} is offered when typed", o.name);
        }
    }
}
