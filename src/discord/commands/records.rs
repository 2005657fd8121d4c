//! Records and reference: `/leaderboard`, `/stats`, `/history`, `/rank`, `/rules`.

use poise::serenity_prelude as serenity;
use poise::CreateReply;
use serenity::CreateAttachment;

use super::{
    channel, guild, lang, player, say, say_public_with, say_with_files, table_or_default_rules, user_id, Context, Error,
};
use crate::discord::{cap, render};
use crate::engine::rank::{evaluate, RankError};
use crate::engine::{cards, Rank};
use crate::i18n::Msg;
use crate::ids::{HandId, UserId};
use crate::store::{LeaderBy, LEDGER_MAX_PAGE};
use crate::table::history::{hand_history, hand_script, verify as verify_deal};
use crate::table::UserError;

const PAGE_SIZE: u32 = 10;

/// Which ranking a leaderboard shows.
#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum BoardBy {
    #[name = "balance"]
    Balance,
    #[name = "winnings"]
    Winnings,
}
/// Hands `/history` lists without a hand number.
const RECENT_HANDS: u32 = 10;

/// The richest players on this server, or the biggest winners.
#[poise::command(slash_command, guild_only)]
pub async fn leaderboard(
    ctx: Context<'_>,
    #[description = "Rank by balance (default) or net winnings"] by: Option<BoardBy>,
    #[description = "Page number"]
    #[min = 1]
    #[max = 100000]
    page: Option<i64>,
    #[description = "An ended season's final leaderboard"]
    #[min = 1]
    season: Option<i64>,
) -> Result<(), Error> {
    let g = guild(ctx)?;
    if let Some(number) = season {
        // Posted in the channel: the server's language.
        let lang = super::server_lang(ctx).await;
        return match ctx.data().store.season(g, number).await? {
            Some(s) if s.ended_at.is_some() => {
                crate::discord::errors::send(
                    ctx,
                    CreateReply::default().content(cap::content(render::season_leaderboard(lang, &s))),
                )
                .await?;
                Ok(())
            }
            Some(_) => Err(UserError::said(Msg::new("season-in-play").arg("number", number)).into()),
            None => Err(UserError::said(Msg::new("season-none").arg("number", number)).into()),
        };
    }
    let by = by.unwrap_or(BoardBy::Balance);
    let page = page.unwrap_or(1).clamp(1, 100_000) as u32;
    let key = match by {
        BoardBy::Balance => LeaderBy::Balance,
        BoardBy::Winnings => LeaderBy::Winnings,
    };
    let (rows, total) = ctx.data().store.leaderboard(g, key, page, PAGE_SIZE).await?;
    let pages = total.div_ceil(u64::from(PAGE_SIZE)).max(1);
    let lang = super::server_lang(ctx).await;
    let board = render::leaderboard(lang, key, &rows, page, pages, total);
    let mut reply = CreateReply::default().embed(cap::embed(board));
    if let Some(url) = ctx.data().site.server_link(&ctx.data().store, g).await {
        reply = reply.content(cap::content(crate::tr!(lang, "web-link-server", url = url)));
    }
    crate::discord::errors::send(ctx, reply).await?;
    Ok(())
}

/// Hands played, won, biggest pot and net for a player.
#[poise::command(slash_command, guild_only)]
pub async fn stats(ctx: Context<'_>, #[description = "Whose stats"] user: Option<serenity::User>) -> Result<(), Error> {
    let g = guild(ctx)?;
    let who = user_id(user.as_ref().unwrap_or_else(|| ctx.author()));
    let s = ctx.data().store.stats(g, who).await?;
    let lang = lang(ctx).await;
    let mut text = render::stats(lang, who, &s);
    let t = ctx.data().store.tournament_stats(g, who).await?;
    if t.played > 0 {
        text.push('\n');
        text.push_str(&crate::tr!(lang, "stats-tournaments", played = t.played, won = t.won, prizes = t.prizes));
    }
    say(ctx, text).await
}

/// Your chip movements, newest first (Manage Server: anyone's).
#[poise::command(slash_command, guild_only)]
pub async fn ledger(
    ctx: Context<'_>,
    #[description = "Page (10 movements a page)"]
    #[min = 1]
    #[max = 1000]
    page: Option<i64>,
    #[description = "Whose (Manage Server, for someone else's)"] user: Option<serenity::User>,
) -> Result<(), Error> {
    let g = guild(ctx)?;
    let me = player(ctx);
    let who = user.as_ref().map_or(me.id, user_id);
    if who != me.id && !me.admin {
        return Err(UserError::said(Msg::new("error-ledger-others")).into());
    }
    let page = page.unwrap_or(1).clamp(1, i64::from(LEDGER_MAX_PAGE)) as u32;
    let l = ctx.data().store.ledger_page(g, who, page, LEDGER_PAGE_SIZE).await?;
    say(ctx, render::ledger(lang(ctx).await, who, page, &l)).await
}

/// Whether a hand's guild is this server, or the purse of one of its tournaments (a tournament's hands bet its
/// own chips, kept under its purse).
async fn of_server(ctx: Context<'_>, hand_guild: crate::ids::GuildId, g: crate::ids::GuildId) -> bool {
    if hand_guild == g {
        return true;
    }
    let Some(t) = hand_guild.as_purse() else { return false };
    ctx.data().store.tournament(t).await.ok().flatten().is_some_and(|t| t.guild == g)
}

/// Movements on a page of `/ledger`.
const LEDGER_PAGE_SIZE: u32 = 10;

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
        let hands = store.recent_hands(g, Some(channel(ctx)), None, RECENT_HANDS).await?;
        return say(ctx, render::recent_hands(lang(ctx).await, &hands)).await;
    };
    let Some(record) = store.hand_record(HandId(id)).await? else {
        return Err(UserError::said(render::no_such_hand(id, false)).into());
    };
    if !of_server(ctx, record.summary.guild, g).await {
        return Err(UserError::said(render::no_such_hand(id, true)).into());
    }
    let history = hand_history(&record).map_err(|e| {
        tracing::error!(hand = id, error = %e, "stored hand does not replay");
        UserError::internal_error()
    })?;
    let lang = lang(ctx).await;
    let mut text = render::hand_history(lang, &history);
    if let Some(url) = ctx.data().site.hand_link(store, g, record.summary.channel, HandId(id)).await {
        text = format!("{}\n{}", cap::cut(&text, 1700), crate::tr!(lang, "web-link-hand", url = url));
    }
    let pictures = render::history_picture(lang, &history).into_iter().collect();
    let names: Vec<String> = record.summary.users.iter().map(|&u| script_name(ctx, u)).collect();
    let script = match hand_script(&record, &names) {
        Some(Ok(script)) => Some(CreateAttachment::bytes(script.into_bytes(), format!("hand-{id}.tp"))),
        Some(Err(e)) => {
            // The history above still says everything; only the file is missing.
            tracing::error!(hand = id, error = %e, "stored hand cannot be written as a script");
            None
        }
        None => None,
    };
    say_with_files(ctx, text, pictures, script.into_iter().collect()).await
}

/// A seat's name in an exported hand: the player's Discord name when the bot knows it (its cache: no request),
/// `Bot1`... for computer players; the export writes `P<seat>` where there is none.
fn script_name(ctx: Context<'_>, user: UserId) -> String {
    if let Some((_, slot)) = user.as_bot() {
        return format!("Bot{}", slot + 1);
    }
    let id = serenity::UserId::new(user.0.max(1));
    ctx.serenity_context()
        .cache
        .user(id)
        .map(|u| u.global_name.clone().unwrap_or_else(|| u.name.clone()))
        .unwrap_or_default()
}

/// Checks a hand's provably fair deal: its seed against the commitment shown at the deal, and the deck.
#[poise::command(slash_command, guild_only)]
pub async fn verify(
    ctx: Context<'_>,
    #[description = "Hand number"]
    #[min = 1]
    hand: i64,
) -> Result<(), Error> {
    let g = guild(ctx)?;
    let Some(record) = ctx.data().store.hand_record(HandId(hand)).await? else {
        return Err(UserError::said(render::no_such_hand(hand, false)).into());
    };
    if !of_server(ctx, record.summary.guild, g).await {
        return Err(UserError::said(render::no_such_hand(hand, true)).into());
    }
    let lang = lang(ctx).await;
    let mut text = render::verification(lang, hand, &verify_deal(&record));
    let over = record.summary.status != crate::store::HandStatus::Live && record.fair.is_some();
    let site = &ctx.data().site;
    if let Some(url) = site.hand_link(&ctx.data().store, g, record.summary.channel, HandId(hand)).await.filter(|_| over)
    {
        text =
            format!("{}\n{}", cap::cut(&text, 1700), crate::tr!(lang, "web-link-verify", url = format!("{url}#fair")));
    }
    say(ctx, text).await
}

/// What a hand is worth under this channel's table rules (or the server's).
#[poise::command(slash_command, guild_only)]
pub async fn rank(
    ctx: Context<'_>,
    #[description = "Cards, e.g. As Kd Qh (10c, Tc and A♠ work too)"] cards: String,
    #[description = "For the joker variant: the turned-up rank (e.g. 7)"] joker: Option<String>,
    #[description = "Other turned-up cards as name=value: wild_suit=h bust=9 common=Kd"] turned: Option<String>,
) -> Result<(), Error> {
    let mut rules = table_or_default_rules(ctx).await?;
    let mut parsed = cards::parse_cards(&cards).map_err(UserError::from)?;
    let joker = joker.as_deref().map(str::parse::<Rank>).transpose().map_err(UserError::from)?;
    // Only the turned-up cards: every other rule is the table's.
    for item in turned.as_deref().unwrap_or("").split_whitespace() {
        let (name, value) = item.split_once('=').unwrap_or((item, ""));
        let name = name.trim().to_ascii_lowercase();
        if !["joker", "wild_suit", "bust", "common"].contains(&name.as_str()) {
            return Err(UserError::said(crate::i18n::Msg::new("error-turned-only")).into());
        }
        rules.set(&name, value).map_err(UserError::from)?;
    }
    parsed.extend(rules.common);
    match evaluate(&parsed, &rules, joker) {
        Ok(v) => {
            let lang = super::server_lang(ctx).await;
            let picture = render::cards_picture(lang, &parsed).into_iter().collect();
            say_public_with(ctx, render::rank(lang, &parsed, &v, rules.variant), picture).await
        }
        Err(RankError::NoJoker) => Err(UserError::said(crate::i18n::Msg::new("error-needs-joker")).into()),
        Err(e) => Err(UserError::from(e).into()),
    }
}

/// How Teen Patti is played here.
#[poise::command(slash_command, guild_only)]
pub async fn rules(ctx: Context<'_>) -> Result<(), Error> {
    let rules = table_or_default_rules(ctx).await?;
    say(ctx, render::rules_text(lang(ctx).await, &rules)).await
}
