//! `/privacy info | export | delete` (issue 37, docs/privacy.md): what the bot keeps about the player who asks,
//! their data as a JSON file, and its deletion on every server after a confirmation button. Every answer is
//! private and in the player's own language (their Discord locale where the catalogue has it). They work in a
//! server and in the bot's DMs: a player's data is theirs wherever they ask.
//!
//! The confirmation button's `custom_id` is `privacy:delete:<user>:<deadline>` (unix seconds): no state is held,
//! a restart does not break it, and only the player it names may use it before its deadline.

use poise::serenity_prelude as serenity;
use poise::CreateReply;
use serenity::{ButtonStyle, ComponentInteraction, CreateActionRow, CreateAttachment, CreateButton, Http};

use super::{lang, reader, user_id, Context, Error};
use crate::discord::responder::{self, Ack, Arrival};
use crate::discord::{cap, Data};
use crate::i18n::Lang;
use crate::ids::{ChannelId, GuildId, UserId};
use crate::metrics::Outcome;
use crate::store::{now_unix, EraseRefusal, ExportPage, Kept};
use crate::table::UserError;
use crate::tr;

/// How long the confirmation button works.
const CONFIRM_SECS: i64 = 300;
/// The largest file an export part may be: under Discord's 10 MiB for a bot's attachment, with room to spare.
const MAX_EXPORT_BYTES: usize = 8 << 20;
/// Servers `/privacy info` lists one by one (the rest are counted).
const LISTED: usize = 10;

/// What the bot keeps about you: see it, export it, delete it.
#[poise::command(
    slash_command,
    subcommands("privacy_info", "privacy_export", "privacy_delete", "privacy_web"),
    subcommand_required
)]
pub async fn privacy(_ctx: Context<'_>) -> Result<(), Error> {
    Ok(())
}

/// The language of a `/privacy` answer: the reader's own, else what the server answers privately in.
async fn own_lang(ctx: Context<'_>) -> Lang {
    match reader(ctx) {
        Some(l) => l,
        None => lang(ctx).await,
    }
}

/// What the bot keeps about you, here and on every server, and for how long.
#[poise::command(slash_command, rename = "info")]
pub async fn privacy_info(ctx: Context<'_>) -> Result<(), Error> {
    let me = user_id(ctx.author());
    let kept = ctx.data().store.kept_about(me).await?;
    let lang = own_lang(ctx).await;
    let here = ctx.guild_id().map(|g| GuildId(g.get()));
    let name = |g: GuildId| match g.as_purse() {
        Some(t) => tr!(lang, "privacy-purse", tournament = t.0),
        None => serenity::GuildId::new(g.0.max(1))
            .name(ctx.serenity_context())
            .map_or_else(|| g.to_string(), |n| crate::echo::echo(&crate::echo::cut(&n, 100))),
    };
    let text = info_text(lang, &kept, here, ctx.data().retention_days(), name);
    super::say(ctx, text).await
}

/// `/privacy info`'s text.
fn info_text(lang: Lang, kept: &Kept, here: Option<GuildId>, days: u64, name: impl Fn(GuildId) -> String) -> String {
    let mut lines = vec![tr!(lang, "privacy-title")];
    if kept.servers.is_empty() && kept.tournament_entries == 0 {
        lines.push(tr!(lang, "privacy-nothing"));
    }
    // This server first, then the others.
    let mut servers: Vec<_> = kept.servers.iter().collect();
    servers.sort_by_key(|s| Some(s.guild) != here);
    for s in servers.iter().take(LISTED) {
        let (rows, hands) = (s.ledger_rows, s.hands);
        lines.push(tr!(lang, "privacy-server", server = name(s.guild), chips = s.balance, rows = rows, hands = hands));
    }
    if servers.len() > LISTED {
        lines.push(tr!(lang, "privacy-more-servers", n = (servers.len() - LISTED) as u64));
    }
    if kept.tournament_entries > 0 {
        lines.push(tr!(lang, "privacy-entries", n = kept.tournament_entries));
    }
    if kept.open_seats > 0 {
        lines.push(tr!(lang, "privacy-seats", n = kept.open_seats));
    }
    lines.push(tr!(lang, "privacy-what"));
    lines.push(tr!(lang, "privacy-how-long", days = days));
    lines.join("\n")
}

/// Your data on every server as a JSON file that only you see.
#[poise::command(slash_command, rename = "export")]
pub async fn privacy_export(
    ctx: Context<'_>,
    #[description = "Which part (a long history comes in parts)"]
    #[min = 1]
    #[max = 100000]
    part: Option<i64>,
) -> Result<(), Error> {
    let me = user_id(ctx.author());
    let part = part.unwrap_or(1).clamp(1, 100_000) as u64;
    let lang = own_lang(ctx).await;
    let store = &ctx.data().store;
    let work = async {
        let Some(export) = store.export(me, part, ExportPage::DISCORD, now_unix()).await? else {
            let parts = store.export_parts(me, ExportPage::DISCORD).await?;
            return Err(UserError::said(
                crate::i18n::Msg::new("privacy-no-part").arg("part", part).arg("parts", parts),
            )
            .into());
        };
        let json = serde_json::to_vec(&export)?;
        if json.len() > MAX_EXPORT_BYTES {
            tracing::error!(part, bytes = json.len(), "an export part is too large to attach");
            return Err(UserError::said(crate::i18n::Msg::new("privacy-too-large")).into());
        }
        let mut text = tr!(
            lang,
            "privacy-exported",
            part = part,
            parts = export.parts,
            rows = export.ledger.len() as u64,
            hands = export.hands.len() as u64
        );
        if part < export.parts {
            text.push('\n');
            text.push_str(&tr!(lang, "privacy-export-next", next = part + 1));
        }
        let file = CreateAttachment::bytes(json, format!("teenpatti-data-part{part}-of-{}.json", export.parts));
        Ok::<_, Error>((text, file))
    };
    let (text, file) = super::acknowledged(ctx, true, work).await?;
    super::say_with_files(ctx, text, Vec::new(), vec![file]).await
}

/// Delete what the bot keeps about you on every server (asks you to confirm).
#[poise::command(slash_command, rename = "delete")]
pub async fn privacy_delete(ctx: Context<'_>) -> Result<(), Error> {
    let me = user_id(ctx.author());
    let lang = own_lang(ctx).await;
    let id = confirm_id(me, now_unix() + CONFIRM_SECS);
    let button = CreateButton::new(id).label(tr!(lang, "button-privacy-delete")).style(ButtonStyle::Danger);
    let text = tr!(lang, "privacy-confirm", minutes = (CONFIRM_SECS / 60) as u64);
    let reply = CreateReply::default()
        .content(cap::content(text))
        .ephemeral(true)
        .components(vec![CreateActionRow::Buttons(vec![button])]);
    crate::discord::errors::send(ctx, reply).await?;
    Ok(())
}

/// Shown or hidden on the web pages.
#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum Shown {
    #[name = "on"]
    On,
    #[name = "off"]
    Off,
}

/// Show or hide your name and avatar on every server's web pages.
#[poise::command(slash_command, rename = "web")]
pub async fn privacy_web(
    ctx: Context<'_>,
    #[description = "on: shown (the default); off: hidden everywhere"] shown: Shown,
) -> Result<(), Error> {
    let me = user_id(ctx.author());
    let hide = matches!(shown, Shown::Off);
    ctx.data().store.set_web_hidden(me, hide).await?;
    let lang = own_lang(ctx).await;
    super::say(ctx, if hide { tr!(lang, "privacy-web-hidden") } else { tr!(lang, "privacy-web-shown") }).await
}

/// The confirmation button's `custom_id`.
fn confirm_id(user: UserId, deadline: i64) -> String {
    format!("privacy:delete:{user}:{deadline}")
}

/// A confirmation button's player and deadline; `None` for anything else (at most 100 bytes, canonical numbers).
fn parse_confirm(id: &str) -> Option<(UserId, i64)> {
    let rest = id.strip_prefix("privacy:delete:").filter(|_| id.len() <= 100)?;
    let (user, deadline) = rest.split_once(':')?;
    let number = |s: &str| s.parse::<u64>().ok().filter(|n| n.to_string() == s);
    Some((UserId(number(user)?), i64::try_from(number(deadline)?).ok()?))
}

/// Whether a click is on a `/privacy` button (the table buttons' router does not see these).
pub fn is_privacy_button(custom_id: &str) -> bool {
    custom_id.starts_with("privacy:")
}

/// The confirmation button: deletes the clicker's data if it is theirs and in time, and says what was done.
pub async fn on_confirm(data: &Data, http: std::sync::Arc<Http>, ci: ComponentInteraction) {
    let arrival = Arrival::now(&ci);
    let lang = Lang::from_discord_locale(&ci.locale).unwrap_or_default();
    let refuse = |text: String| {
        let http = http.clone();
        let ci = ci.clone();
        async move { responder::ephemeral(&http, &data.standing, &ci, (arrival, Outcome::Refused), text).await }
    };
    let me = UserId(ci.user.id.get());
    match parse_confirm(&ci.data.custom_id) {
        None => return refuse(tr!(lang, "error-button-not-recognised")).await,
        Some((user, _)) if user != me => return refuse(tr!(lang, "privacy-not-yours")).await,
        Some((_, deadline)) if now_unix() > deadline => return refuse(tr!(lang, "privacy-expired")).await,
        Some(_) => {}
    }
    // The deletion may queue behind other writes: the watchdog acknowledges the click if it takes long.
    let ack = Ack::watch(http.clone(), data.standing.clone(), &ci, arrival);
    let text = match data.store.erase_player(me).await {
        Ok(Ok(n)) if n.servers == 0 && n.profiles == 0 => {
            crate::activity::end_sessions(me);
            tr!(lang, "privacy-deleted-nothing")
        }
        Ok(Ok(n)) => {
            // Their Activity windows close: a session is all the Activity holds of them, and it is in memory.
            crate::activity::end_sessions(me);
            tracing::info!(servers = n.servers, rows = n.ledger_rows, hands = n.hands, "a player's data deleted");
            let (rows, hands, lines) = (n.ledger_rows, n.hands, n.entropy_lines);
            tr!(lang, "privacy-deleted", servers = n.servers, rows = rows, hands = hands, entropy = lines)
        }
        Ok(Err(EraseRefusal::Seated(c))) => tr!(lang, "privacy-refused-seated", channel = channel(c)),
        Ok(Err(EraseRefusal::Tournament(c))) => tr!(lang, "privacy-refused-tournament", channel = channel(c)),
        Err(e) => {
            tracing::error!(error = %e, "could not delete a player's data");
            UserError::internal_error().text_in(lang)
        }
    };
    responder::replace(&http, &data.standing, &ci, &ack, text).await;
}

fn channel(c: ChannelId) -> String {
    format!("<#{c}>")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_confirmation_button_names_its_player_and_deadline_and_nothing_else_parses() {
        let id = confirm_id(UserId(80_351_110_224_678_912), 1_800_000_000);
        assert_eq!(parse_confirm(&id), Some((UserId(80_351_110_224_678_912), 1_800_000_000)));
        assert!(id.len() <= 100 && is_privacy_button(&id));
        for forged in [
            "privacy:delete:1",
            "privacy:delete:01:5",
            "privacy:delete:1:+5",
            "privacy:delete:1:5:6",
            "privacy:delete:-1:5",
            "privacy:delete:1:99999999999999999999",
            "privacy:delete::5",
            "tp:1:0:0:join",
        ] {
            assert_eq!(parse_confirm(forged), None, "{forged}");
        }
        assert_eq!(parse_confirm(&format!("privacy:delete:1:{}", "1".repeat(90))), None);
    }
}
