//! The keyboard equivalents of the hand message's buttons: `/bet`, `/see`, `/pack`, `/show`, `/sideshow`.

use super::{table_request, Context, Error};
use crate::engine::Action;
use crate::table::{Command, UserError};

/// Bet this many chips (blind or chaal, by whether you have seen).
#[poise::command(slash_command, guild_only)]
pub async fn bet(
    ctx: Context<'_>,
    #[description = "Chips to bet"]
    #[min = 1]
    amount: i64,
) -> Result<(), Error> {
    let amount = u64::try_from(amount).ok().filter(|&a| a >= 1);
    let amount = amount.ok_or_else(|| UserError::said(crate::i18n::Msg::new("error-bet-not-positive")))?;
    table_request(ctx, Command::Play(Action::Bet(amount))).await
}

/// Look at your cards (they come by DM and here).
#[poise::command(slash_command, guild_only)]
pub async fn see(ctx: Context<'_>) -> Result<(), Error> {
    table_request(ctx, Command::Play(Action::See)).await
}

/// Your hand's odds now, privately (a blind hand gets the odds of an unseen hand).
#[poise::command(slash_command, guild_only)]
pub async fn odds(ctx: Context<'_>) -> Result<(), Error> {
    table_request(ctx, Command::Odds).await
}

/// Fold your hand.
#[poise::command(slash_command, guild_only)]
pub async fn pack(ctx: Context<'_>) -> Result<(), Error> {
    table_request(ctx, Command::Play(Action::Pack)).await
}

/// Pay for a show (two players left).
#[poise::command(slash_command, guild_only)]
pub async fn show(ctx: Context<'_>) -> Result<(), Error> {
    table_request(ctx, Command::Play(Action::Show)).await
}

/// Bet the minimum and ask the previous player for a sideshow.
#[poise::command(slash_command, guild_only)]
pub async fn sideshow(ctx: Context<'_>) -> Result<(), Error> {
    table_request(ctx, Command::Play(Action::Sideshow)).await
}
