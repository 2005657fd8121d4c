//! A player's chips: `/balance`, `/daily`, `/give`.

use poise::serenity_prelude as serenity;

use super::{guild, lang, say, say_public, user_id, Context, Error};
use crate::discord::render;
use crate::i18n::Msg;
use crate::ids::UserId;
use crate::store::{DailyClaim, Give, Member, StoreError};
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
        DailyClaim::TooNew { days } => Err(UserError::said(Msg::new("daily-too-new").arg("days", days)).into()),
    }
}

/// Give some of your chips to another player of this server.
#[poise::command(slash_command, guild_only)]
pub async fn give(
    ctx: Context<'_>,
    #[description = "Who gets them"] user: serenity::User,
    #[description = "Chips to give"]
    #[min = 1]
    #[max = 1000000000000_i64]
    amount: i64,
) -> Result<(), Error> {
    let g = guild(ctx)?;
    let (from, to) = (user_id(ctx.author()), user_id(&user));
    if user.bot || to.0 < UserId::FIRST_REAL.0 {
        return Err(UserError::said(Msg::new("error-give-bot")).into());
    }
    if !(1..=crate::engine::rules::MAX_AMOUNT as i64).contains(&amount) {
        return Err(UserError::said(Msg::new("error-give-amount")).into());
    }
    let store = &ctx.data().store;
    let economy = store.guild_settings(g).await?.economy;
    let now = crate::clock::now_unix();
    let sender = Member { user: from, joined_at: joined_at(ctx, ctx.author().id) };
    let receiver = Member { user: to, joined_at: joined_at(ctx, user.id) };
    if let Err(refusal) = economy.may_give(sender, receiver, now) {
        return Err(UserError::said(render::give_refused(refusal, to)).into());
    }
    match store.give(g, from, to, amount).await {
        Ok(Give::Given { received, fee, .. }) => {
            say_public(ctx, render::given(super::server_lang(ctx).await, from, to, received, fee)).await
        }
        Ok(Give::OverCap { cap, left }) => {
            Err(UserError::said(Msg::new("error-give-cap").arg("cap", cap).arg("left", left)).into())
        }
        Err(StoreError::InsufficientFunds { have, .. }) => {
            Err(UserError::said(Msg::new("error-give-funds").arg("have", have)).into())
        }
        Err(e) => Err(e.into()),
    }
}

/// When `user` joined this server (unix seconds), as the interaction says: the invoker's member, or the resolved
/// member of a user option. None when Discord gave no member (not in this server).
fn joined_at(ctx: Context<'_>, user: serenity::UserId) -> Option<i64> {
    let poise::Context::Application(app) = ctx else { return None };
    let joined = if user == app.interaction.user.id {
        app.interaction.member.as_ref().and_then(|m| m.joined_at)
    } else {
        app.interaction.data.resolved.members.get(&user).and_then(|m| m.joined_at)
    };
    joined.map(|t| t.unix_timestamp())
}
