//! Every slash command, one file per group: `table.rs` (/table ...),
//! `play.rs` (/bet, /see, /pack, /show, /sideshow), `chips.rs` (/balance,
//! /daily), `records.rs` (/leaderboard, /stats, /history, /rank, /rules),
//! `admin.rs` (/config, /grant). Admin commands declare their permission as
//! data (`default_member_permissions` for Discord's own check,
//! `required_permissions` for poise's second check).
//!
//! A command returns `Err(UserError)` for what the user got wrong (shown to
//! them as written, ephemerally) and any other error for what went wrong on
//! our side (logged once and answered with an apology): both in `on_error`.

mod admin;
mod chips;
mod play;
mod privacy;
mod records;
mod table;
mod tournament;

use poise::serenity_prelude as serenity;
use poise::CreateReply;

use super::{cap, member_is_admin, render, Context, Data, Error};
use crate::engine::Rules;
use crate::i18n::{self, Lang};
use crate::ids::{ChannelId, GuildId, UserId};
use crate::table::{Command, Player, Request, Update, UserError, TURN_SECONDS};

pub(crate) use privacy::{is_privacy_button, on_confirm as on_privacy_button};

pub fn all() -> Vec<poise::Command<Data, Error>> {
    let mut commands = vec![
        table::table(),
        tournament::tournament(),
        play::bet(),
        play::see(),
        play::pack(),
        play::show(),
        play::sideshow(),
        play::odds(),
        chips::balance(),
        chips::daily(),
        chips::give(),
        records::leaderboard(),
        records::stats(),
        records::ledger(),
        records::history(),
        records::verify(),
        records::rank(),
        records::rules(),
        privacy::privacy(),
        admin_only(admin::config()),
        admin_only(admin::grant()),
        admin_only(admin::house()),
        admin_only(admin::season()),
    ];
    for command in &mut commands {
        bound_turn_seconds(command);
        localize(command, "");
    }
    commands
}

/// An admin command, declared once: in servers only, shown to and usable by members with Manage Server (Discord
/// hides it from the others; poise checks it again when it runs), with each of its subcommands.
fn admin_only(mut command: poise::Command<Data, Error>) -> poise::Command<Data, Error> {
    fn mark(command: &mut poise::Command<Data, Error>) {
        command.guild_only = true;
        command.default_member_permissions = serenity::Permissions::MANAGE_GUILD;
        command.required_permissions = serenity::Permissions::MANAGE_GUILD;
        command.subcommands.iter_mut().for_each(mark);
    }
    mark(&mut command);
    command
}

/// The catalogue id of a command's name (`cmd-table-open`); `-desc` after it for its description, and
/// `-<option>-desc` for an option's.
fn command_id(parent: &str, name: &str) -> String {
    if parent.is_empty() {
        format!("cmd-{name}")
    } else {
        format!("{parent}-{name}")
    }
}

/// Discord's localized names and descriptions, from the catalogue, for every language Discord has a locale for
/// ([`i18n::command_locale`]): of each command and subcommand, and of each option's description.
fn localize(command: &mut poise::Command<Data, Error>, parent: &str) {
    let id = command_id(parent, &command.name);
    for lang in Lang::ALL {
        let Some(locale) = i18n::command_locale(lang) else { continue };
        let text = |id: &str| i18n::has(lang, id).then(|| i18n::text(lang, id, None));
        if let Some(name) = text(&id) {
            command.name_localizations.to_mut().push((locale.into(), name.into()));
        }
        if let Some(d) = text(&format!("{id}-desc")) {
            command.description_localizations.to_mut().push((locale.into(), d.into()));
        }
        for p in &mut command.parameters {
            if let Some(d) = text(&format!("{id}-{}-desc", p.name)) {
                p.description_localizations.to_mut().push((locale.into(), d.into()));
            }
        }
    }
    for sub in &mut command.subcommands {
        localize(sub, &id);
    }
}

/// Every catalogue id the commands use, with the English text it must have (the name or description in code).
pub fn command_words() -> Vec<(String, String)> {
    fn walk(command: &poise::Command<Data, Error>, parent: &str, out: &mut Vec<(String, String)>) {
        let id = command_id(parent, &command.name);
        out.push((id.clone(), command.name.to_string()));
        out.push((format!("{id}-desc"), command.description.as_deref().unwrap_or_default().to_string()));
        for p in &command.parameters {
            out.push((format!("{id}-{}-desc", p.name), p.description.as_deref().unwrap_or_default().to_string()));
        }
        for sub in &command.subcommands {
            walk(sub, &id, out);
        }
    }
    let mut out = Vec::new();
    for command in &all() {
        walk(command, "", &mut out);
    }
    out
}

/// Every `turn_seconds` option takes its bounds from [`TURN_SECONDS`] (poise's `#[min]`/`#[max]` take only
/// literals): Discord then refuses anything else before it reaches us.
fn bound_turn_seconds(command: &mut poise::Command<Data, Error>) {
    fn setter(option: serenity::CreateCommandOption) -> serenity::CreateCommandOption {
        option
            .kind(serenity::CommandOptionType::Integer)
            .min_int_value(TURN_SECONDS.start().unsigned_abs())
            .max_int_value(TURN_SECONDS.end().unsigned_abs())
    }
    for p in command.parameters.iter_mut().filter(|p| p.name == "turn_seconds") {
        p.type_setter = Some(setter);
        p.description =
            Some(format!("Seconds each player has to act ({}-{})", TURN_SECONDS.start(), TURN_SECONDS.end()).into());
    }
    for sub in &mut command.subcommands {
        bound_turn_seconds(sub);
    }
}

/// An ephemeral reply.
async fn say(ctx: Context<'_>, text: impl Into<String>) -> Result<(), Error> {
    say_with(ctx, text, Vec::new()).await
}

/// An ephemeral reply with pictures.
async fn say_with(ctx: Context<'_>, text: impl Into<String>, pictures: Vec<render::Picture>) -> Result<(), Error> {
    say_with_files(ctx, text, pictures, Vec::new()).await
}

/// A private reply with pictures and other files.
async fn say_with_files(
    ctx: Context<'_>,
    text: impl Into<String>,
    pictures: Vec<render::Picture>,
    files: Vec<serenity::CreateAttachment>,
) -> Result<(), Error> {
    let reply = with_pictures(CreateReply::default().content(cap::content(text)).ephemeral(true), pictures);
    crate::discord::errors::send(ctx, files.into_iter().fold(reply, |r, f| r.attachment(f))).await?;
    Ok(())
}

/// A reply everyone in the channel sees.
async fn say_public(ctx: Context<'_>, text: impl Into<String>) -> Result<(), Error> {
    say_public_with(ctx, text, Vec::new()).await
}

/// A reply everyone in the channel sees, with pictures.
async fn say_public_with(
    ctx: Context<'_>,
    text: impl Into<String>,
    pictures: Vec<render::Picture>,
) -> Result<(), Error> {
    crate::discord::errors::send(ctx, with_pictures(CreateReply::default().content(cap::content(text)), pictures))
        .await?;
    Ok(())
}

fn with_pictures(reply: CreateReply, pictures: Vec<render::Picture>) -> CreateReply {
    pictures.iter().fold(reply, |r, p| r.attachment(p.attachment()))
}

/// The language of a private answer to this command: the server's, or under `private_language=reader` the
/// asker's own Discord language where the catalogue has it (English outside a server, or when the settings cannot
/// be read: the reply still goes out).
pub(crate) async fn lang(ctx: Context<'_>) -> Lang {
    let reader = reader(ctx);
    let Some(g) = ctx.guild_id() else { return reader.unwrap_or_default() };
    match ctx.data().store.guild_settings(GuildId(g.get())).await {
        Ok(s) => s.private_language.for_reader(s.language, reader),
        Err(e) => {
            tracing::warn!(error = %e, "could not read the server's language");
            reader.unwrap_or_default()
        }
    }
}

/// The language of the server the command came from, for what it posts in the channel (English outside a
/// server, or when the settings cannot be read).
pub(crate) async fn server_lang(ctx: Context<'_>) -> Lang {
    let Some(g) = ctx.guild_id() else { return Lang::En };
    match ctx.data().store.guild_settings(GuildId(g.get())).await {
        Ok(s) => s.language,
        Err(e) => {
            tracing::warn!(error = %e, "could not read the server's language");
            Lang::En
        }
    }
}

/// The asker's own language: their Discord locale, where the catalogue has it.
pub(crate) fn reader(ctx: Context<'_>) -> Option<Lang> {
    ctx.locale().and_then(Lang::from_discord_locale)
}

fn guild(ctx: Context<'_>) -> Result<GuildId, Error> {
    ctx.guild_id().map(|g| GuildId(g.get())).ok_or_else(|| anyhow::anyhow!("guild-only command used outside a guild"))
}

/// Refuses, privately and naming them, when the bot lacks in this channel a permission a table needs
/// (`permissions.rs`): said at `/table open`, `/tournament open` and Start rather than when a hand cannot be
/// posted.
fn bot_can_host_here(ctx: Context<'_>) -> Result<(), Error> {
    let granted = match ctx {
        poise::Context::Application(a) => a.interaction.app_permissions,
        poise::Context::Prefix(_) => None,
    };
    let missing = super::permissions::missing(granted);
    if missing.is_empty() {
        return Ok(());
    }
    let names = super::permissions::msgs(missing);
    Err(UserError::said(i18n::Msg::new("error-bot-permissions").list("missing", names)).into())
}

fn channel(ctx: Context<'_>) -> ChannelId {
    ChannelId(ctx.channel_id().get())
}

fn user_id(u: &serenity::User) -> UserId {
    UserId(u.id.get())
}

fn player(ctx: Context<'_>) -> Player {
    let admin = match ctx {
        poise::Context::Application(a) => member_is_admin(a.interaction.member.as_deref()),
        poise::Context::Prefix(_) => false,
    };
    Player { id: user_id(ctx.author()), admin }
}

/// Asks this channel's table. `edit_message`: the request did not come from a button on the hand message, so
/// the table edits that message itself after a change (and the interaction id is the idempotency key).
async fn ask_here(ctx: Context<'_>, command: Command, edit_message: bool) -> Result<Update, Error> {
    let key = edit_message.then(|| ctx.id().to_string());
    let request = Request { key, edit_message, reader: reader(ctx), ..Request::new(player(ctx), command) };
    ask_table_here(ctx, request).await
}

/// Asks this channel's table, with rule options (a dealer's pick); the table edits its own messages.
async fn ask_here_with(ctx: Context<'_>, command: Command, options: Option<String>) -> Result<Update, Error> {
    ask_table_here(ctx, Request { options, reader: reader(ctx), ..Request::new(player(ctx), command) }).await
}

async fn ask_table_here(ctx: Context<'_>, request: Request) -> Result<Update, Error> {
    let service = &ctx.data().service;
    let Some(table) = service.table_in_channel(channel(ctx)).await? else {
        return Err(UserError::said(crate::i18n::Msg::new("no-table-here")).into());
    };
    let edits = request.edit_message;
    let work = async {
        let update = service.ask(table, request).await?;
        // The reply says what the hand message shows: it waits (within reason) for the table's edit of it.
        if let Some(message) = update.view.message_id.filter(|_| edits) {
            ctx.data().presenter.settled(message.get(), SETTLE).await;
        }
        Ok::<_, UserError>(update)
    };
    Ok(acknowledged(ctx, true, work).await?)
}

/// How long a command's reply waits for the hand message to show what it did (see [`ask_table_here`]).
const SETTLE: std::time::Duration = std::time::Duration::from_secs(5);

/// Runs `work`, first acknowledging the command (Discord's "is thinking…", `ephemeral` as its reply will be)
/// if `work` has not finished by [`responder::ACK_DEADLINE`](super::responder::ACK_DEADLINE): a table can be busy
/// for longer than Discord's 3 s (a message queued behind its channel's rate limit), and the reply then comes
/// after the acknowledgement. A command acknowledged once is not acknowledged again.
async fn acknowledged<T>(ctx: Context<'_>, ephemeral: bool, work: impl std::future::Future<Output = T>) -> T {
    tokio::pin!(work);
    tokio::select! {
        done = &mut work => return done,
        () = tokio::time::sleep(super::responder::ACK_DEADLINE) => {}
    }
    let defer = async {
        if ephemeral {
            ctx.defer_ephemeral().await
        } else {
            ctx.defer().await
        }
    };
    let deferred = super::observe::counted(super::observe::route::CALLBACK, defer).await;
    if deferred.is_ok() {
        super::errors::deferred(ctx).await;
    }
    if let Err(e) = deferred {
        tracing::warn!(error = %crate::echo::remote_error(&e), "could not acknowledge a slow command");
    }
    work.await
}

/// Asks this channel's table and answers with the private part of the result.
async fn table_request(ctx: Context<'_>, command: Command) -> Result<(), Error> {
    let update = ask_here(ctx, command, true).await?;
    let text = super::responder::private_text(&update).unwrap_or_else(|| crate::tr!(update.private_lang, "done"));
    say_with(ctx, text, super::responder::private_pictures(&update)).await
}

/// The rules of this channel's table, or the server's default rules.
async fn table_or_default_rules(ctx: Context<'_>) -> Result<Rules, Error> {
    let store = &ctx.data().store;
    if let Some(t) = store.table_in_channel(channel(ctx)).await? {
        return Ok(t.rules);
    }
    Ok(store.guild_settings(guild(ctx)?).await?.default_rules)
}
