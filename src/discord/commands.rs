//! Every slash command, listed in [`all`]. Admin commands declare their
//! permission as data (`default_member_permissions` for Discord's own check,
//! `required_permissions` for poise's second check).

use poise::serenity_prelude as serenity;
use poise::CreateReply;
use serenity::{CreateAllowedMentions, CreateEmbed};

use super::presenter::private_text;
use super::render;
use super::{member_is_admin, Context, Error};
use crate::engine::rank::{evaluate, RankError};
use crate::engine::{cards, Hand, Rank, Rules, Variant};
use crate::ids::{ChannelId, GuildId, HandId, UserId};
use crate::store::NewTable;
use crate::store::{DailyClaim, GuildSettings, LeaderBy, StoreError};
use crate::table::{Act, Command, OneshotResponder, Player, Request, Update, UserError, INTERNAL_ERROR};

pub fn all() -> Vec<poise::Command<super::Data, Error>> {
    vec![
        table(),
        bet(),
        see(),
        pack(),
        show(),
        sideshow(),
        balance(),
        daily(),
        leaderboard(),
        stats(),
        history(),
        rank(),
        rules(),
        config(),
        grant(),
    ]
}

async fn say(ctx: Context<'_>, text: impl Into<String>) -> Result<(), Error> {
    ctx.send(CreateReply::default().content(text).ephemeral(true).allowed_mentions(CreateAllowedMentions::new()))
        .await?;
    Ok(())
}

async fn say_public(ctx: Context<'_>, text: impl Into<String>) -> Result<(), Error> {
    ctx.send(CreateReply::default().content(text).allowed_mentions(CreateAllowedMentions::new())).await?;
    Ok(())
}

fn guild(ctx: Context<'_>) -> Result<GuildId, Error> {
    ctx.guild_id().map(|g| GuildId(g.get())).ok_or_else(|| anyhow::anyhow!("guild-only command used outside a guild"))
}

fn player(ctx: Context<'_>) -> Player {
    let admin = match ctx {
        poise::Context::Application(a) => member_is_admin(a.interaction.member.as_deref()),
        poise::Context::Prefix(_) => false,
    };
    Player { id: ctx.author().id.get(), admin }
}

fn store_err(e: StoreError) -> Error {
    anyhow::Error::new(e)
}

/// Sends a request to this channel's table and waits for the result. `None`:
/// there is no table here (the user has been told).
async fn ask_table(ctx: Context<'_>, command: Command, edit_message: bool) -> Result<Option<Update>, Error> {
    let service = &ctx.data().service;
    let Some(table) = service.table_in_channel(ctx.channel_id().get()).await.map_err(|e| anyhow::anyhow!(e.0))? else {
        say(ctx, "There is no table in this channel. Open one with `/table open`.").await?;
        return Ok(None);
    };
    let (tx, rx) = tokio::sync::oneshot::channel();
    let request = Request {
        player: player(ctx),
        command,
        key: edit_message.then(|| ctx.id().to_string()),
        responder: Box::new(OneshotResponder(Some(tx))),
        edit_message,
    };
    service.send(table, request).await.map_err(|e| anyhow::anyhow!(e.0))?;
    match rx.await {
        Ok(Ok(update)) => Ok(Some(update)),
        Ok(Err(UserError(e))) => say(ctx, e).await.map(|()| None),
        Err(_) => say(ctx, INTERNAL_ERROR).await.map(|()| None),
    }
}

/// Sends a request to this channel's table and answers with the result.
async fn table_request(ctx: Context<'_>, command: Command) -> Result<(), Error> {
    if let Some(update) = ask_table(ctx, command, true).await? {
        say(ctx, private_text(&update).unwrap_or_else(|| "Done.".into())).await?;
    }
    Ok(())
}

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
        }
    }
}

/// Applies `name=value name=value` rule options.
fn apply_options(rules: &mut Rules, text: &str) -> Result<(), String> {
    for pair in text.split([' ', ',', ';']).filter(|p| !p.trim().is_empty()) {
        let (name, value) = pair.split_once('=').ok_or_else(|| format!("`{pair}`: write options as name=value"))?;
        rules.set(name, value).map_err(|e| e.to_string())?;
    }
    Ok(())
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
        "table_rules"
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
    #[max = 1000000000]
    boot: Option<i64>,
    #[description = "Game variant (default: the server's)"] variant: Option<VariantChoice>,
    #[description = "Most players at the table (2-10, default 6)"]
    #[min = 2]
    #[max = 10]
    max_players: Option<i64>,
    #[description = "Seconds each player has to act (10-600)"]
    #[min = 10]
    #[max = 600]
    turn_seconds: Option<i64>,
    #[description = "More rule options as name=value, e.g. show_tie=split langdi=true chaal_limit=64"] rules: Option<
        String,
    >,
) -> Result<(), Error> {
    let g = guild(ctx)?;
    let settings = ctx.data().store.guild_settings(g).await.map_err(store_err)?;
    let mut r = settings.default_rules.clone();
    if let Some(v) = variant {
        r.variant = v.into();
    }
    if let Some(b) = boot {
        if let Err(e) = r.set("boot", &b.to_string()) {
            return say(ctx, e.to_string()).await;
        }
    }
    if let Some(text) = rules.as_deref() {
        if let Err(e) = apply_options(&mut r, text) {
            return say(ctx, format!("Rule options not valid: {e}")).await;
        }
    }
    if let Err(e) = r.validate() {
        return say(ctx, format!("Rule options not valid: {e}")).await;
    }
    let open = NewTable {
        guild: g,
        channel: ChannelId(ctx.channel_id().get()),
        opener: UserId(ctx.author().id.get()),
        rules: r,
        max_players: max_players.unwrap_or(6).clamp(2, 10) as u32,
        turn_seconds: turn_seconds.unwrap_or(settings.turn_seconds).clamp(10, 600),
    };
    match ctx.data().service.open(open).await {
        Ok(update) => {
            let view = &update.view;
            let (embed, rows) = render::lobby(view);
            ctx.send(
                CreateReply::default()
                    .content(format!(
                        "{} opened a Teen Patti table. Press **Join** to take a seat.",
                        render::mention(view.opener)
                    ))
                    .embed(embed)
                    .components(rows)
                    .allowed_mentions(CreateAllowedMentions::new()),
            )
            .await?;
            if update.dm_closed {
                say(ctx, render::DM_FALLBACK).await?;
            }
            Ok(())
        }
        Err(UserError(e)) => say(ctx, e).await,
    }
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
    let Some(update) = ask_table(ctx, Command::Status, false).await? else { return Ok(()) };
    let (embed, components) = match &update.view.hand {
        Some(h) if h.outcome.is_none() => {
            let (_, e, _) = render::hand_message(&update.view);
            (e, Vec::new())
        }
        _ => render::lobby(&update.view),
    };
    ctx.send(CreateReply::default().embed(embed).components(components).ephemeral(true)).await?;
    Ok(())
}

/// The rules of this channel's table.
#[poise::command(slash_command, guild_only, rename = "rules")]
pub async fn table_rules(ctx: Context<'_>) -> Result<(), Error> {
    let rules = table_or_default_rules(ctx).await?;
    say(ctx, rules_text(&rules)).await
}

async fn table_or_default_rules(ctx: Context<'_>) -> Result<Rules, Error> {
    let g = guild(ctx)?;
    let store = &ctx.data().store;
    if let Some(t) = store.table_in_channel(ChannelId(ctx.channel_id().get())).await.map_err(store_err)? {
        return Ok(t.rules);
    }
    Ok(store.guild_settings(g).await.map_err(store_err)?.default_rules)
}

fn rules_text(rules: &Rules) -> String {
    let options: Vec<String> = rules.describe().into_iter().map(|(k, v)| format!("`{k}` = {v}")).collect();
    format!(
        "{}\n\n**How to play.** Everyone pays the boot; three cards each, face down. On your turn: bet blind \
(from the stake to twice it) without looking, or **See** your cards and bet seen (twice to four times the stake, \
even amounts), or **Pack**. A blind bet sets the stake; a seen bet sets it to half the bet. With two players left \
either may pay for a **Show** (blind: the stake; both seen: twice the stake; a seen player cannot show a blind one). \
When everyone left is seen, bet the minimum and ask the previous player for a **Sideshow**: the lower hand packs \
(a tie packs the asker). Hands: trio > pure sequence > sequence > colour > pair > high card; A-2-3 is the top \
sequence.\n\n**Options:** {}",
        render::rules_card(rules),
        options.join(" · ")
    )
}

/// Bet this many chips (blind or chaal, by whether you have seen).
#[poise::command(slash_command, guild_only)]
pub async fn bet(
    ctx: Context<'_>,
    #[description = "Chips to bet"]
    #[min = 1]
    amount: i64,
) -> Result<(), Error> {
    if amount < 1 {
        return say(ctx, "A bet is a positive number of chips.").await;
    }
    table_request(ctx, Command::Act { action: Act::Bet(amount as u64), button: None }).await
}

/// Look at your cards (they come by DM and here).
#[poise::command(slash_command, guild_only)]
pub async fn see(ctx: Context<'_>) -> Result<(), Error> {
    table_request(ctx, Command::Act { action: Act::See, button: None }).await
}

/// Fold your hand.
#[poise::command(slash_command, guild_only)]
pub async fn pack(ctx: Context<'_>) -> Result<(), Error> {
    table_request(ctx, Command::Act { action: Act::Pack, button: None }).await
}

/// Pay for a show (two players left).
#[poise::command(slash_command, guild_only)]
pub async fn show(ctx: Context<'_>) -> Result<(), Error> {
    table_request(ctx, Command::Act { action: Act::Show, button: None }).await
}

/// Bet the minimum and ask the previous player for a sideshow.
#[poise::command(slash_command, guild_only)]
pub async fn sideshow(ctx: Context<'_>) -> Result<(), Error> {
    table_request(ctx, Command::Act { action: Act::Sideshow, button: None }).await
}

/// Your chips on this server (or another player's).
#[poise::command(slash_command, guild_only)]
pub async fn balance(
    ctx: Context<'_>,
    #[description = "Whose balance"] user: Option<serenity::User>,
) -> Result<(), Error> {
    let g = guild(ctx)?;
    let who = user.as_ref().unwrap_or_else(|| ctx.author());
    if who.bot {
        return say(ctx, "Bots have no chips.").await;
    }
    let b = ctx.data().store.balance(g, UserId(who.id.get())).await.map_err(store_err)?;
    say(ctx, format!("{} has **{b}** chips.", render::mention(who.id.get()))).await
}

/// Claim your daily chips.
#[poise::command(slash_command, guild_only)]
pub async fn daily(ctx: Context<'_>) -> Result<(), Error> {
    let g = guild(ctx)?;
    let now = crate::clock::now_unix();
    match ctx.data().store.claim_daily(g, UserId(ctx.author().id.get()), now).await.map_err(store_err)? {
        DailyClaim::Claimed { amount, balance } => {
            say(ctx, format!("You claimed **{amount}** chips. Your balance is **{balance}**.")).await
        }
        DailyClaim::TooSoon { next_at } => {
            say(ctx, format!("You have claimed your daily chips already. Come back <t:{next_at}:R>.")).await
        }
    }
}

#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum BoardBy {
    #[name = "balance"]
    Balance,
    #[name = "winnings"]
    Winnings,
}

const PAGE_SIZE: u32 = 10;

/// The richest players on this server, or the biggest winners.
#[poise::command(slash_command, guild_only)]
pub async fn leaderboard(
    ctx: Context<'_>,
    #[description = "Rank by balance (default) or net winnings"] by: Option<BoardBy>,
    #[description = "Page number"]
    #[min = 1]
    #[max = 100000]
    page: Option<i64>,
) -> Result<(), Error> {
    let g = guild(ctx)?;
    let by = by.unwrap_or(BoardBy::Balance);
    let page = page.unwrap_or(1).clamp(1, 100_000) as u32;
    let key = match by {
        BoardBy::Balance => LeaderBy::Balance,
        BoardBy::Winnings => LeaderBy::Winnings,
    };
    let (rows, total) = ctx.data().store.leaderboard(g, key, page, PAGE_SIZE).await.map_err(store_err)?;
    let pages = total.div_ceil(u64::from(PAGE_SIZE)).max(1);
    let lines: Vec<String> =
        rows.iter().map(|r| format!("**{}.** {} · {}", r.rank, render::mention(r.user.get()), r.value)).collect();
    let body = if lines.is_empty() { "Nobody here yet.".to_string() } else { lines.join("\n") };
    let title = match by {
        BoardBy::Balance => "Leaderboard · balance",
        BoardBy::Winnings => "Leaderboard · net winnings",
    };
    let embed = CreateEmbed::new()
        .title(title)
        .description(body)
        .footer(serenity::CreateEmbedFooter::new(format!("Page {page} of {pages} · {total} players")));
    ctx.send(CreateReply::default().embed(embed).allowed_mentions(CreateAllowedMentions::new())).await?;
    Ok(())
}

/// Hands played, won, biggest pot and net for a player.
#[poise::command(slash_command, guild_only)]
pub async fn stats(ctx: Context<'_>, #[description = "Whose stats"] user: Option<serenity::User>) -> Result<(), Error> {
    let g = guild(ctx)?;
    let who = user.as_ref().unwrap_or_else(|| ctx.author()).id.get();
    let s = ctx.data().store.stats(g, UserId(who)).await.map_err(store_err)?;
    say(
        ctx,
        format!(
            "{}: **{}** hands played, **{}** won ({:.0}%), biggest pot **{}**, net **{:+}**.",
            render::mention(who),
            s.hands_played,
            s.hands_won,
            s.win_rate * 100.0,
            s.biggest_pot,
            s.net
        ),
    )
    .await
}

/// A hand's full public log (and every card once it is over), or the last hands here.
#[poise::command(slash_command, guild_only)]
pub async fn history(
    ctx: Context<'_>,
    #[description = "Hand number"]
    #[min = 1]
    hand: Option<i64>,
) -> Result<(), Error> {
    let g = guild(ctx)?;
    let store = &ctx.data().store;
    let Some(id) = hand else {
        let hands =
            store.recent_hands(g, Some(ChannelId(ctx.channel_id().get())), None, 10).await.map_err(store_err)?;
        if hands.is_empty() {
            return say(ctx, "No hands have been played in this channel yet.").await;
        }
        let lines: Vec<String> = hands
            .iter()
            .map(|h| {
                let winners: Vec<String> = h.winners.iter().map(|u| render::mention(u.get())).collect();
                format!(
                    "**#{}** · {} players · pot {} · {} {}",
                    h.id,
                    h.users.len(),
                    h.pot,
                    h.status.as_str(),
                    winners.join(", ")
                )
            })
            .collect();
        return say(ctx, format!("Last hands here (use `/history hand:N` for one):\n{}", lines.join("\n"))).await;
    };
    let Some(record) = store.hand_record(HandId(id)).await.map_err(store_err)? else {
        return say(ctx, format!("There is no hand #{id}.")).await;
    };
    if record.summary.guild != g {
        return say(ctx, format!("There is no hand #{id} on this server.")).await;
    }
    let actions: Vec<_> = record.actions.iter().map(|a| (a.seat, a.action)).collect();
    let (hand_state, events) = match Hand::replay(&record.setup, &actions) {
        Ok(r) => r,
        Err((i, e)) => {
            tracing::error!(hand = id, action = i, error = %e, "stored hand does not replay");
            return say(ctx, INTERNAL_ERROR).await;
        }
    };
    let users: Vec<u64> = record.summary.users.iter().map(|u| u.get()).collect();
    let mut lines: Vec<String> =
        events.iter().filter(|e| e.audience.is_public()).filter_map(|e| render::event_line(&users, e)).collect();
    let finished = record.summary.status != crate::store::HandStatus::Live;
    if finished {
        lines.push(String::new());
        lines.push("**Cards:**".into());
        for (seat, s) in hand_state.seats().iter().enumerate() {
            let user = users.get(seat).copied().unwrap_or(0);
            let value = hand_state.value_of(seat).map(|v| render::value_text(&v)).unwrap_or("?");
            lines.push(format!("{}: {} ({value})", render::mention(user), cards::pretty_cards(&s.cards)));
        }
        if record.summary.status == crate::store::HandStatus::Refunded {
            lines.push("This hand was cancelled and every bet refunded.".into());
        }
    } else {
        lines.push("The hand is still being played; cards are revealed when it is over.".into());
    }
    let mut text = format!("**Hand #{id}**\n{}", lines.join("\n"));
    if text.chars().count() > 1900 {
        text = text.chars().take(1900).collect::<String>() + "…";
    }
    say(ctx, text).await
}

/// What a hand is worth under this channel's table rules (or the server's).
#[poise::command(slash_command, guild_only)]
pub async fn rank(
    ctx: Context<'_>,
    #[description = "Cards, e.g. As Kd Qh (10c, Tc and A♠ work too)"] cards: String,
    #[description = "For the joker variant: the turned-up rank (e.g. 7)"] joker: Option<String>,
) -> Result<(), Error> {
    let rules = table_or_default_rules(ctx).await?;
    let parsed = match cards::parse_cards(&cards) {
        Ok(c) => c,
        Err(e) => return say(ctx, format!("{e}.")).await,
    };
    let joker = match joker.as_deref().map(str::parse::<Rank>) {
        Some(Ok(r)) => Some(r),
        Some(Err(e)) => return say(ctx, format!("{e}.")).await,
        None => None,
    };
    match evaluate(&parsed, &rules, joker) {
        Ok(v) => {
            say_public(
                ctx,
                format!(
                    "{} is a **{}** under {} rules (strength {}; higher wins).",
                    cards::pretty_cards(&parsed),
                    render::value_text(&v),
                    rules.variant,
                    v.strength
                ),
            )
            .await
        }
        Err(RankError::NoJoker) => say(ctx, "The joker variant needs the turned-up rank: add `joker:7`, say.").await,
        Err(e) => say(ctx, format!("{e}.")).await,
    }
}

/// How Teen Patti is played here.
#[poise::command(slash_command, guild_only)]
pub async fn rules(ctx: Context<'_>) -> Result<(), Error> {
    let rules = table_or_default_rules(ctx).await?;
    say(ctx, rules_text(&rules)).await
}

/// Server settings (Manage Server): view, or set one.
#[poise::command(
    slash_command,
    guild_only,
    default_member_permissions = "MANAGE_GUILD",
    required_permissions = "MANAGE_GUILD",
    subcommands("config_view", "config_set"),
    subcommand_required
)]
pub async fn config(_: Context<'_>) -> Result<(), Error> {
    Ok(())
}

fn settings_text(s: &GuildSettings) -> String {
    let mut lines = vec![
        format!("`starting_balance` = {}", s.starting_balance),
        format!("`daily_amount` = {}", s.daily_amount),
        format!("`daily_cooldown` = {} seconds", s.daily_cooldown_secs),
        format!("`turn_seconds` = {}", s.turn_seconds),
    ];
    lines.extend(s.default_rules.describe().into_iter().map(|(k, v)| format!("`{k}` = {v}")));
    format!("**Server settings** (new tables start with these rules):\n{}", lines.join("\n"))
}

/// Show the server's settings.
#[poise::command(
    slash_command,
    guild_only,
    rename = "view",
    default_member_permissions = "MANAGE_GUILD",
    required_permissions = "MANAGE_GUILD"
)]
pub async fn config_view(ctx: Context<'_>) -> Result<(), Error> {
    let s = ctx.data().store.guild_settings(guild(ctx)?).await.map_err(store_err)?;
    say(ctx, settings_text(&s)).await
}

/// Set one server setting or default rule option.
#[poise::command(
    slash_command,
    guild_only,
    rename = "set",
    default_member_permissions = "MANAGE_GUILD",
    required_permissions = "MANAGE_GUILD"
)]
pub async fn config_set(
    ctx: Context<'_>,
    #[description = "starting_balance, daily_amount, daily_cooldown, turn_seconds, or a rule option (boot, show_tie...)"]
    option: String,
    #[description = "The new value"] value: String,
) -> Result<(), Error> {
    let g = guild(ctx)?;
    let store = &ctx.data().store;
    let mut s = store.guild_settings(g).await.map_err(store_err)?;
    let number = |lo: i64, hi: i64| -> Result<i64, String> {
        value
            .trim()
            .parse::<i64>()
            .ok()
            .filter(|n| (lo..=hi).contains(n))
            .ok_or_else(|| format!("`{value}` is not valid for {option}: give a whole number from {lo} to {hi}"))
    };
    let result = match option.trim() {
        "starting_balance" => number(0, 1_000_000_000).map(|n| s.starting_balance = n),
        "daily_amount" => number(0, 1_000_000_000).map(|n| s.daily_amount = n),
        "daily_cooldown" | "daily_cooldown_secs" => number(0, 31_536_000).map(|n| s.daily_cooldown_secs = n),
        "turn_seconds" => number(10, 600).map(|n| s.turn_seconds = n),
        other => {
            s.default_rules.set(other, &value).and_then(|()| s.default_rules.validate()).map_err(|e| e.to_string())
        }
    };
    if let Err(e) = result {
        return say(ctx, e).await;
    }
    match store.set_guild_settings(g, &s).await {
        Ok(()) => say(ctx, format!("Saved. {}", settings_text(&s))).await,
        Err(StoreError::Invalid(m)) => say(ctx, m).await,
        Err(e) => Err(store_err(e)),
    }
}

/// Give chips to a player, or take them away with a negative amount (Manage Server).
#[poise::command(
    slash_command,
    guild_only,
    default_member_permissions = "MANAGE_GUILD",
    required_permissions = "MANAGE_GUILD"
)]
pub async fn grant(
    ctx: Context<'_>,
    #[description = "Who"] user: serenity::User,
    #[description = "Chips to add (negative to remove)"] amount: i64,
) -> Result<(), Error> {
    let g = guild(ctx)?;
    if user.bot {
        return say(ctx, "Bots have no chips.").await;
    }
    if amount == 0 || amount.unsigned_abs() > 1_000_000_000_000 {
        return say(ctx, "Give a non-zero amount of at most 10^12 chips.").await;
    }
    let admin = ctx.author().id.get();
    match ctx.data().store.admin_grant(g, UserId(user.id.get()), amount, UserId(admin), "/grant").await {
        Ok(balance) => {
            say_public(
                ctx,
                format!(
                    "{} {} {} chips: balance now **{balance}**.",
                    render::mention(admin),
                    if amount > 0 { "granted" } else { "took" },
                    amount.unsigned_abs()
                ) + &format!(" ({})", render::mention(user.id.get())),
            )
            .await
        }
        Err(StoreError::InsufficientFunds { have, .. }) => {
            say(
                ctx,
                format!("{} has only {have} chips; a balance cannot go below zero.", render::mention(user.id.get())),
            )
            .await
        }
        Err(e) => Err(store_err(e)),
    }
}
