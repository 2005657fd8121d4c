//! `/table open | join | leave | start | close | status | rules`.

use poise::CreateReply;

use super::{
    ask_here, ask_here_with, bot_can_host_here, channel, guild, lang, player, say, table_or_default_rules,
    table_request, Context, Error,
};
use crate::discord::{cap, render};
use crate::engine::bot::Level;
use crate::engine::hand::{MAX_SEATS, MIN_SEATS};
use crate::engine::Variant;
use crate::store::NewTable;
use crate::table::{Command, UserError, TURN_SECONDS};

/// Seats at a new table unless `max_players` says otherwise.
const DEFAULT_MAX_PLAYERS: i64 = 6;

/// Every variant, in `Variant::ALL` order (Discord allows 25 choices; the order is the choice index).
#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum VariantChoice {
    #[name = "classic"]
    Classic,
    #[name = "muflis"]
    Muflis,
    #[name = "joker"]
    Joker,
    #[name = "ak47"]
    Ak47,
    #[name = "high_wild"]
    HighWild,
    #[name = "low_wild"]
    LowWild,
    #[name = "best_of_four"]
    BestOfFour,
    #[name = "incomplete_two"]
    IncompleteTwo,
    #[name = "incomplete_one"]
    IncompleteOne,
    #[name = "incomplete_common"]
    IncompleteCommon,
    #[name = "two_lowest_wild"]
    TwoLowestWild,
    #[name = "kaana"]
    Kaana,
    #[name = "kiss_miss_bliss"]
    KissMissBliss,
    #[name = "blackjack"]
    Blackjack,
    #[name = "999"]
    Nines,
    #[name = "4x_boot"]
    FourXBoot,
    #[name = "three_card_stud"]
    ThreeCardStud,
    #[name = "five_card_stud"]
    FiveCardStud,
    #[name = "three_card_community"]
    ThreeCardCommunity,
    #[name = "five_card_community"]
    FiveCardCommunity,
    #[name = "draw"]
    Draw,
    #[name = "cobra"]
    Cobra,
    #[name = "zandu"]
    Zandu,
    #[name = "dealers_choice"]
    DealersChoice,
}

impl From<VariantChoice> for Variant {
    fn from(v: VariantChoice) -> Variant {
        match v {
            VariantChoice::Classic => Variant::Classic,
            VariantChoice::Muflis => Variant::Muflis,
            VariantChoice::Joker => Variant::Joker,
            VariantChoice::Ak47 => Variant::Ak47,
            VariantChoice::HighWild => Variant::HighWild,
            VariantChoice::LowWild => Variant::LowWild,
            VariantChoice::BestOfFour => Variant::BestOfFour,
            VariantChoice::IncompleteTwo => Variant::IncompleteTwo,
            VariantChoice::IncompleteOne => Variant::IncompleteOne,
            VariantChoice::IncompleteCommon => Variant::IncompleteCommon,
            VariantChoice::TwoLowestWild => Variant::TwoLowestWild,
            VariantChoice::Kaana => Variant::Kaana,
            VariantChoice::KissMissBliss => Variant::KissMissBliss,
            VariantChoice::Blackjack => Variant::Blackjack,
            VariantChoice::Nines => Variant::Nines,
            VariantChoice::FourXBoot => Variant::FourXBoot,
            VariantChoice::ThreeCardStud => Variant::ThreeCardStud,
            VariantChoice::FiveCardStud => Variant::FiveCardStud,
            VariantChoice::ThreeCardCommunity => Variant::ThreeCardCommunity,
            VariantChoice::FiveCardCommunity => Variant::FiveCardCommunity,
            VariantChoice::Draw => Variant::Draw,
            VariantChoice::Cobra => Variant::Cobra,
            VariantChoice::Zandu => Variant::Zandu,
            VariantChoice::DealersChoice => Variant::DealersChoice,
        }
    }
}

/// Teen Patti tables: open one in this channel, join, start, close.
#[poise::command(
    slash_command,
    guild_only,
    subcommands(
        "table_open",
        "table_join",
        "table_leave",
        "table_start",
        "table_close",
        "table_status",
        "table_rules",
        "table_pick",
        "table_entropy",
        "table_addbot",
        "table_removebot"
    ),
    subcommand_required
)]
pub async fn table(_: Context<'_>) -> Result<(), Error> {
    Ok(())
}

/// Open a table in this channel (one per channel).
#[poise::command(slash_command, guild_only, rename = "open")]
#[allow(clippy::too_many_arguments)]
pub async fn table_open(
    ctx: Context<'_>,
    #[description = "Ante every player pays each hand (default: the server's)"]
    #[min = 1]
    boot: Option<i64>,
    #[description = "Game variant (default: the server's)"] variant: Option<VariantChoice>,
    #[description = "Most players at the table (2-10, default 6)"]
    #[min = 2]
    #[max = 10]
    max_players: Option<i64>,
    // Bounds and description are set from TURN_SECONDS in `commands::all`.
    #[description = "Seconds each player has to act"] turn_seconds: Option<i64>,
    #[description = "More rule options as name=value, e.g. show_tie=split langdi=true chaal_limit=64"] rules: Option<
        String,
    >,
    #[description = "Computer players to seat (0-9), staked by the house"]
    #[min = 0]
    #[max = 9]
    bots: Option<i64>,
    #[description = "How well the computer players play (default: hard)"] bot_level: Option<LevelChoice>,
) -> Result<(), Error> {
    let g = guild(ctx)?;
    bot_can_host_here(ctx)?;
    let settings = ctx.data().store.guild_settings(g).await?;
    let mut r = settings.default_rules.clone();
    if let Some(v) = variant {
        r.variant = v.into();
    }
    if let Some(b) = boot {
        r.set_boot(b).map_err(UserError::from)?;
    }
    if let Some(text) = rules.as_deref() {
        r.set_options(text).map_err(|e| UserError::said(render::rule_options_not_valid(&e)))?;
    }
    r.validate().map_err(|e| UserError::said(render::rule_options_not_valid(&e)))?;
    // The pack must deal to every seat: a variation dealing many cards, or turning many up, seats fewer.
    let most = r.parts().map_or(MAX_SEATS, |p| p.max_seats()) as i64;
    if let Some(asked) = max_players.filter(|&m| m > most) {
        return Err(UserError::said(render::too_many_seats(asked, most, r.variant)).into());
    }
    let open = NewTable {
        guild: g,
        channel: channel(ctx),
        opener: player(ctx).id,
        rules: r,
        max_players: max_players.unwrap_or(DEFAULT_MAX_PLAYERS).clamp(MIN_SEATS as i64, MAX_SEATS as i64) as u32,
        turn_seconds: turn_seconds.unwrap_or(settings.turn_seconds).clamp(*TURN_SECONDS.start(), *TURN_SECONDS.end()),
    };
    // The lobby is a public reply: a slow opening is acknowledged publicly, by this outer acknowledgement, whose
    // clock starts before the bots' own asks' would.
    let level = bot_level.map_or(Level::Hard, Level::from);
    let (update, refused) = super::acknowledged(ctx, false, async {
        let mut update = ctx.data().service.open(open, super::reader(ctx)).await?;
        for _ in 0..bots.unwrap_or(0).clamp(0, MAX_SEATS as i64 - 1) {
            // A bot the house cannot stake (or a full table) is refused with its reason, and the table stays open.
            match ask_here(ctx, Command::AddBot(level), false).await {
                Ok(u) => update = u,
                Err(e) => return Ok::<_, Error>((update, Some(e))),
            }
        }
        Ok((update, None))
    })
    .await?;
    let (embed, rows) = render::lobby(&update.view);
    let opened = render::table_opened(update.view.lang, update.view.opener);
    crate::discord::errors::send(
        ctx,
        CreateReply::default().content(cap::content(opened)).embed(cap::embed(embed)).components(rows),
    )
    .await?;
    if let Some(refused) = refused {
        // The table is open; the refusal of a bot is said like any other (an internal failure is logged there).
        super::super::errors::on_error(poise::FrameworkError::new_command(ctx, refused)).await;
    }
    if update.dm_closed {
        say(ctx, render::dm_fallback(lang(ctx).await)).await?;
    }
    Ok(())
}

/// How well a computer player plays.
#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum LevelChoice {
    #[name = "easy"]
    Easy,
    #[name = "hard"]
    Hard,
}

impl From<LevelChoice> for Level {
    fn from(l: LevelChoice) -> Level {
        match l {
            LevelChoice::Easy => Level::Easy,
            LevelChoice::Hard => Level::Hard,
        }
    }
}

/// Seat a computer player, staked by the house (the opener, or Manage Server).
#[poise::command(slash_command, guild_only, rename = "addbot")]
pub async fn table_addbot(
    ctx: Context<'_>,
    #[description = "How well it plays (default: hard)"] level: Option<LevelChoice>,
) -> Result<(), Error> {
    table_request(ctx, Command::AddBot(level.map_or(Level::Hard, Level::from))).await
}

/// Unseat a computer player; its chips go back to the house (the opener, or Manage Server).
#[poise::command(slash_command, guild_only, rename = "removebot")]
pub async fn table_removebot(ctx: Context<'_>) -> Result<(), Error> {
    table_request(ctx, Command::RemoveBot).await
}

/// Take a seat at this channel's table.
#[poise::command(slash_command, guild_only, rename = "join")]
pub async fn table_join(ctx: Context<'_>) -> Result<(), Error> {
    table_request(ctx, Command::Join).await
}

/// Leave this channel's table (packs your hand if you are playing).
#[poise::command(slash_command, guild_only, rename = "leave")]
pub async fn table_leave(ctx: Context<'_>) -> Result<(), Error> {
    table_request(ctx, Command::Leave).await
}

/// Deal the first hand (the opener, or Manage Server).
#[poise::command(slash_command, guild_only, rename = "start")]
pub async fn table_start(ctx: Context<'_>) -> Result<(), Error> {
    bot_can_host_here(ctx)?;
    table_request(ctx, Command::Start).await
}

/// Close this channel's table; a hand in play is refunded.
#[poise::command(slash_command, guild_only, rename = "close")]
pub async fn table_close(ctx: Context<'_>) -> Result<(), Error> {
    table_request(ctx, Command::Close).await
}

/// Show this channel's table.
#[poise::command(slash_command, guild_only, rename = "status")]
pub async fn table_status(ctx: Context<'_>) -> Result<(), Error> {
    let update = ask_here(ctx, Command::Status, false).await?;
    let (embed, components) = render::table_status(&update.private_view());
    crate::discord::errors::send(
        ctx,
        CreateReply::default().embed(cap::embed(embed)).components(components).ephemeral(true),
    )
    .await?;
    Ok(())
}

/// The rules of this channel's table.
#[poise::command(slash_command, guild_only, rename = "rules")]
pub async fn table_rules(ctx: Context<'_>) -> Result<(), Error> {
    let rules = table_or_default_rules(ctx).await?;
    say(ctx, render::rules_text(lang(ctx).await, &rules)).await
}

/// Mix your own entropy into this table's next deal (its seed is already committed to).
#[poise::command(slash_command, guild_only, rename = "entropy")]
pub async fn table_entropy(
    ctx: Context<'_>,
    #[description = "Anything you like, up to 64 characters: a word, dice rolls"]
    #[max_length = 64]
    value: String,
) -> Result<(), Error> {
    let update = ask_here_with(ctx, Command::Entropy, Some(value)).await?;
    say(
        ctx,
        crate::discord::responder::private_text(&update).unwrap_or_else(|| crate::tr!(update.private_lang, "done")),
    )
    .await
}

/// Dealer's choice: choose the next hand's game, with options of your own (the dealer, when asked).
#[poise::command(slash_command, guild_only, rename = "pick")]
pub async fn table_pick(
    ctx: Context<'_>,
    #[description = "The game for the next hand"] variant: VariantChoice,
    #[description = "Its options as name=value, e.g. draw=after draw_price=5 (the stakes stay the table's)"]
    options: Option<String>,
) -> Result<(), Error> {
    let command = Command::Pick(variant.into());
    let update = ask_here_with(ctx, command, options).await?;
    say(
        ctx,
        crate::discord::responder::private_text(&update).unwrap_or_else(|| crate::tr!(update.private_lang, "done")),
    )
    .await
}
