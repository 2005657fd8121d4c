//! Sit-and-go tournaments: `/tournament open | register | unregister | cancel | status`. The chips and places are
//! the store's, the play the table service's; this file only reads options and says what happened.

use super::table::VariantChoice;
use super::{bot_can_host_here, channel, guild, lang, player, say, say_public, Context, Error};
use crate::engine::rules::MAX_AMOUNT;
use crate::engine::tournament::{Every, Plan};
use crate::engine::Variant;
use crate::i18n::{Lang, Msg};
use crate::store::{NewTournament, OpenRefusal, Registration, TournamentRow, TournamentStatus};
use crate::table::{UserError, TURN_SECONDS};
use crate::tr;

/// The boots of a tournament without `boots`.
const DEFAULT_BOOTS: &str = "10,20,40,80,160";
/// Tournament chips each player starts with, without `stack`.
const DEFAULT_STACK: i64 = 1000;
/// Hands at each level, without `every_hands` or `every_minutes`.
const DEFAULT_EVERY_HANDS: u32 = 5;

/// Sit-and-go tournaments: open one, register, cancel, or see it.
#[poise::command(
    slash_command,
    guild_only,
    subcommands(
        "tournament_open",
        "tournament_register",
        "tournament_unregister",
        "tournament_cancel",
        "tournament_status"
    ),
    subcommand_required
)]
pub async fn tournament(_: Context<'_>) -> Result<(), Error> {
    Ok(())
}

/// Open a tournament here: players register with a buy-in; play starts when every seat is taken.
#[poise::command(slash_command, guild_only, rename = "open")]
#[allow(clippy::too_many_arguments)]
pub async fn tournament_open(
    ctx: Context<'_>,
    #[description = "Chips each player pays in (they make the prize pool)"]
    #[min = 0]
    #[max = 1000000000000_i64]
    buy_in: i64,
    #[description = "Players (2-10); play starts when all have registered"]
    #[min = 2]
    #[max = 10]
    seats: i64,
    #[description = "Tournament chips each player starts with (default 1000)"]
    #[min = 1]
    #[max = 1000000000000_i64]
    stack: Option<i64>,
    #[description = "The boot at each level, e.g. 10,20,40,80 (default 10,20,40,80,160)"] boots: Option<String>,
    #[description = "Hands at each level (default 5)"]
    #[min = 1]
    #[max = 1000]
    every_hands: Option<i64>,
    #[description = "Minutes at each level, instead of hands"]
    #[min = 1]
    #[max = 1000]
    every_minutes: Option<i64>,
    #[description = "Prizes by place in percent, e.g. 65,35 (default by seats)"] split: Option<String>,
    #[description = "Game variant (default classic)"] variant: Option<VariantChoice>,
    // Bounds and description are set from TURN_SECONDS in `commands::all`.
    #[description = "Seconds each player has to act"] turn_seconds: Option<i64>,
) -> Result<(), Error> {
    let g = guild(ctx)?;
    bot_can_host_here(ctx)?;
    let store = &ctx.data().store;
    let settings = store.guild_settings(g).await?;
    let seats = seats.clamp(2, 10) as u32;
    let every = match every_minutes {
        Some(m) => Every::Minutes(m.clamp(1, 1000) as u32),
        None => Every::Hands(every_hands.map_or(DEFAULT_EVERY_HANDS, |h| h.clamp(1, 1000) as u32)),
    };
    let boots = boots.as_deref().unwrap_or(DEFAULT_BOOTS);
    let mut plan = Plan::new(boots, every, split.as_deref(), seats as usize).map_err(UserError::from)?;
    let variant: Variant = variant.map_or(Variant::Classic, Variant::from);
    if variant == Variant::DealersChoice {
        return Err(UserError::said(Msg::new("error-tournament-variant")).into());
    }
    plan.variant = variant;
    let stack = stack.unwrap_or(DEFAULT_STACK).clamp(1, MAX_AMOUNT as i64);
    let new = NewTournament {
        guild: g,
        channel: channel(ctx),
        opener: player(ctx).id,
        buy_in: buy_in.clamp(0, MAX_AMOUNT as i64),
        seats,
        stack,
        turn_seconds: turn_seconds.unwrap_or(settings.turn_seconds).clamp(*TURN_SECONDS.start(), *TURN_SECONDS.end()),
        plan,
    };
    match store.open_tournament(new).await? {
        Ok(t) => say_public(ctx, opened(settings.language, &t)).await,
        Err(OpenRefusal::TableHere) => Err(UserError::said(Msg::new("error-channel-has-table")).into()),
        Err(OpenRefusal::TournamentHere) => Err(UserError::said(Msg::new("error-tournament-here")).into()),
    }
}

/// Register for this channel's tournament (you pay the buy-in).
#[poise::command(slash_command, guild_only, rename = "register")]
pub async fn tournament_register(ctx: Context<'_>) -> Result<(), Error> {
    let t = here(ctx).await?;
    let me = player(ctx).id;
    let lang = super::server_lang(ctx).await;
    match ctx.data().store.register(t.id, me).await? {
        Registration::Registered { count, full } => {
            let pool = t.buy_in.saturating_mul(i64::from(count));
            let text = tr!(
                lang,
                "tournament-registered",
                player = me.mention(),
                number = t.id.get(),
                count = count,
                seats = t.seats,
                pool = pool
            );
            say_public(ctx, text).await?;
            if full {
                // The table is posted by the service (its first hand's message); a start that fails is said
                // privately and resumed at the next restart.
                if let Err(e) = ctx.data().service.start_tournament(t.id).await {
                    say(ctx, e.text_in(super::lang(ctx).await)).await?;
                }
            }
            Ok(())
        }
        Registration::Already => Err(UserError::said(Msg::new("error-tournament-already")).into()),
        Registration::Full | Registration::Closed => {
            Err(UserError::said(Msg::new("error-tournament-closed").arg("number", t.id)).into())
        }
        Registration::Funds { have } => {
            Err(UserError::said(Msg::new("error-tournament-funds").arg("buy_in", t.buy_in).arg("have", have)).into())
        }
    }
}

/// Take your registration back before play starts (the buy-in comes back).
#[poise::command(slash_command, guild_only, rename = "unregister")]
pub async fn tournament_unregister(ctx: Context<'_>) -> Result<(), Error> {
    let t = here(ctx).await?;
    let me = player(ctx).id;
    if !ctx.data().store.unregister(t.id, me).await? {
        return Err(UserError::said(Msg::new("error-tournament-not-registered")).into());
    }
    let lang = super::server_lang(ctx).await;
    say_public(ctx, tr!(lang, "tournament-unregistered", player = me.mention(), number = t.id.get(), buy_in = t.buy_in))
        .await
}

/// Cancel this channel's tournament: every buy-in goes back (its opener, or Manage Server).
#[poise::command(slash_command, guild_only, rename = "cancel")]
pub async fn tournament_cancel(ctx: Context<'_>) -> Result<(), Error> {
    let t = here(ctx).await?;
    let by = player(ctx);
    let refunded = super::acknowledged(ctx, false, ctx.data().service.cancel_tournament(t.id, by)).await?;
    let lang = super::server_lang(ctx).await;
    let text = tr!(
        lang,
        "tournament-cancelled",
        number = t.id.get(),
        by = by.id.mention(),
        buy_in = t.buy_in,
        players = refunded.len()
    );
    say_public(ctx, text).await
}

/// This channel's tournament: its players, places and prizes.
#[poise::command(slash_command, guild_only, rename = "status")]
pub async fn tournament_status(ctx: Context<'_>) -> Result<(), Error> {
    let t = here(ctx).await?;
    let entrants = ctx.data().store.entrants(t.id).await?;
    let lang = lang(ctx).await;
    let mut lines = vec![opened(lang, &t)];
    for e in &entrants {
        lines.push(match e.place {
            Some(place) => tr!(lang, "tournament-status-out", player = e.user.mention(), place = place),
            None => tr!(lang, "tournament-status-in", player = e.user.mention()),
        });
    }
    say(ctx, lines.join("\n")).await
}

/// The tournament registering or playing in this channel.
async fn here(ctx: Context<'_>) -> Result<TournamentRow, Error> {
    let t = ctx.data().store.tournament_in_channel(channel(ctx)).await?;
    Ok(t.ok_or_else(|| UserError::said(Msg::new("error-no-tournament")))?)
}

/// A tournament's card: seats, buy-in, stack, the boot schedule and the split.
fn opened(lang: Lang, t: &TournamentRow) -> String {
    let boots: Vec<String> = t.plan.boots.iter().map(ToString::to_string).collect();
    let every = match t.plan.every {
        Every::Hands(n) => tr!(lang, "tournament-every-hands", count = n),
        Every::Minutes(n) => tr!(lang, "tournament-every-minutes", count = n),
    };
    let split: Vec<String> = t.plan.split.iter().map(|p| format!("{p}%")).collect();
    let status = match t.status {
        TournamentStatus::Registering => tr!(lang, "tournament-registering"),
        _ => tr!(lang, "tournament-playing"),
    };
    tr!(
        lang,
        "tournament-card",
        number = t.id.get(),
        opener = t.opener.mention(),
        game = t.plan.variant.to_string(),
        seats = t.seats,
        buy_in = t.buy_in,
        stack = t.stack,
        boots = boots.join(" → "),
        every = every,
        split = split.join(" / "),
        status = status
    )
}
