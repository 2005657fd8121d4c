//! A player's chips: `/balance`, `/daily`.

use poise::serenity_prelude as serenity;

use super::{guild, lang, say, user_id, Context, Error};
use crate::discord::render;
use crate::store::DailyClaim;
use crate::table::UserError;

/// Your chips on this server (or another player's).
#[poise::command(slash_command, guild_only)]
pub async fn balance(
    ctx: Context<'_>,
    #[description = "Whose balance"] user: Option<serenity::User>,
) -> Result<(), Error> {
    let g = guild(ctx)?;
    let who = user.as_ref().unwrap_or_else(|| ctx.author());
    if who.bot {
        return Err(UserError::said(crate::i18n::Msg::new("error-bots-no-chips")).into());
    }
    let b = ctx.data().store.balance(g, user_id(who)).await?;
    say(ctx, render::balance(lang(ctx).await, user_id(who), b)).await
}

/// Claim your daily chips.
#[poise::command(slash_command, guild_only)]
pub async fn daily(ctx: Context<'_>) -> Result<(), Error> {
    let g = guild(ctx)?;
    let now = crate::clock::now_unix();
    match ctx.data().store.claim_daily(g, user_id(ctx.author()), now).await? {
        DailyClaim::Claimed { amount, balance } => {
            say(ctx, render::daily_claimed(lang(ctx).await, amount, balance)).await
        }
        DailyClaim::TooSoon { next_at } => say(ctx, render::daily_too_soon(lang(ctx).await, next_at)).await,
    }
}
