//! The Discord layer: poise commands, button routing by `custom_id`, and the
//! presenter that renders table views. Thin: every rule lives in the engine,
//! every chip in the store, every table in its actor.

pub mod commands;
pub mod presenter;
pub mod render;

use std::sync::Arc;

use anyhow::Context as _;
use poise::serenity_prelude as serenity;
use serenity::{ComponentInteraction, FullEvent, Interaction};

use crate::config::Config;
use crate::store::Store;
use crate::table::{Act, ButtonId, Command, Player, Request, TableService, Timings, Verb, INTERNAL_ERROR};
use presenter::{ComponentResponder, DiscordPresenter};

/// Shared by every command.
pub struct Data {
    pub service: TableService,
    pub store: Store,
}

pub type Error = anyhow::Error;
pub type Context<'a> = poise::Context<'a, Data, Error>;

/// Builds the HTTP client: straight to Discord, or through `DISCORD_API_URL`
/// (a rate-limit proxy or a local stand-in) with serenity's own rate limiter
/// off, as such a proxy requires.
fn http_client(config: &Config) -> serenity::Http {
    let builder = serenity::HttpBuilder::new(&config.token);
    match &config.api_url {
        Some(url) => builder.proxy(url.clone()).ratelimiter_disabled(true).build(),
        None => builder.build(),
    }
}

/// Runs the bot until the gateway connection ends for good or Ctrl-C.
pub async fn run(config: Config) -> anyhow::Result<()> {
    let store = Store::open(&config.database_url)
        .await
        .with_context(|| format!("opening the database {}", config.database_url))?;
    let timings = Timings { hand_break: config.hand_break };
    let dev_guild = config.dev_guild;
    let setup_store = store.clone();
    let framework = poise::Framework::builder()
        .options(poise::FrameworkOptions {
            commands: commands::all(),
            on_error: |error| Box::pin(on_error(error)),
            event_handler: |framework, event| Box::pin(event_handler(framework, event)),
            ..Default::default()
        })
        .setup(move |ctx, ready, framework| {
            Box::pin(async move {
                tracing::info!(user = %ready.user.name, guilds = ready.guilds.len(), "connected to Discord");
                let cmds = &framework.options().commands;
                match dev_guild {
                    Some(g) => poise::builtins::register_in_guild(ctx, cmds, serenity::GuildId::new(g)).await?,
                    None => poise::builtins::register_globally(ctx, cmds).await?,
                }
                let presenter = Arc::new(DiscordPresenter::new(ctx.http.clone(), ctx.cache.clone()));
                let service = TableService::new(setup_store.clone(), presenter, timings);
                let restored = service.restore().await?;
                tracing::info!(tables = restored, "tables restored");
                Ok(Data { service, store: setup_store })
            })
        })
        .build();
    let intents = serenity::GatewayIntents::non_privileged();
    let mut client = serenity::ClientBuilder::new_with_http(http_client(&config), intents)
        .framework(framework)
        .await
        .context("building the Discord client")?;
    let shards = client.shard_manager.clone();
    tokio::spawn(async move {
        shutdown_signal().await;
        tracing::info!("shutting down");
        shards.shutdown_all().await;
    });
    client.start().await.context("the Discord connection failed")?;
    store.close().await;
    Ok(())
}

/// Ctrl-C, or SIGTERM (systemd, containers). Every action is already on disk,
/// so stopping at any moment loses nothing: live hands resume at the next start.
async fn shutdown_signal() {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{signal, SignalKind};
        match signal(SignalKind::terminate()) {
            Ok(mut term) => {
                tokio::select! {
                    _ = tokio::signal::ctrl_c() => {}
                    _ = term.recv() => {}
                }
            }
            Err(_) => {
                let _ = tokio::signal::ctrl_c().await;
            }
        }
    }
    #[cfg(not(unix))]
    {
        let _ = tokio::signal::ctrl_c().await;
    }
}

async fn on_error(error: poise::FrameworkError<'_, Data, Error>) {
    use poise::FrameworkError as F;
    let (ctx, text) = match error {
        F::Command { error, ctx, .. } => {
            tracing::error!(command = %ctx.command().qualified_name, error = ?error, "command failed");
            (ctx, INTERNAL_ERROR.to_string())
        }
        F::ArgumentParse { error, input, ctx, .. } => {
            let what = input.map(|i| format!("`{i}`: ")).unwrap_or_default();
            (ctx, format!("That option is not valid: {what}{error}"))
        }
        F::MissingUserPermissions { ctx, .. } => {
            (ctx, "Only members with the Manage Server permission can use this command.".to_string())
        }
        F::GuildOnly { ctx, .. } => (ctx, "This command works only in a server.".to_string()),
        F::CommandCheckFailed { ctx, error, .. } => {
            if let Some(e) = error {
                tracing::error!(error = ?e, "command check failed");
            }
            (ctx, "You cannot use this command here.".to_string())
        }
        other => {
            if let Err(e) = poise::builtins::on_error(other).await {
                tracing::error!(error = %e, "error while handling an error");
            }
            return;
        }
    };
    if let Err(e) = ctx.send(poise::CreateReply::default().content(text).ephemeral(true)).await {
        tracing::warn!(error = %e, "could not report an error to the user");
    }
}

async fn event_handler(framework: poise::FrameworkContext<'_, Data, Error>, event: &FullEvent) -> Result<(), Error> {
    if let FullEvent::InteractionCreate { interaction: Interaction::Component(ci) } = event {
        let http = framework.serenity_context.http.clone();
        on_button(&framework.user_data.service, http, ci.clone()).await;
    }
    Ok(())
}

fn member_is_admin(member: Option<&serenity::Member>) -> bool {
    member.and_then(|m| m.permissions).is_some_and(|p| p.manage_guild() || p.administrator())
}

/// Routes a button click to its table by the structured `custom_id`.
async fn on_button(service: &TableService, http: Arc<serenity::Http>, ci: ComponentInteraction) {
    let Ok(button) = ci.data.custom_id.parse::<ButtonId>() else {
        tracing::info!(custom_id = %ci.data.custom_id, user = %ci.user.id, "unrecognised button");
        presenter::ephemeral(&http, &ci, "This button is not recognised; nothing was done.".into()).await;
        return;
    };
    if ci.guild_id.is_none() {
        presenter::ephemeral(&http, &ci, "Table buttons work only in a server.".into()).await;
        return;
    }
    // A custom_id names its table: only the table open in the clicked message's channel may be acted on (a
    // forged or copied id must not seat anyone at, or draw, a table elsewhere).
    match service.table_in_channel(ci.channel_id.get()).await {
        Ok(Some(table)) if table == button.table => {}
        Ok(_) => {
            presenter::ephemeral(&http, &ci, "That table is closed.".into()).await;
            return;
        }
        Err(e) => {
            presenter::ephemeral(&http, &ci, e.0).await;
            return;
        }
    }
    let command = match button.verb {
        Verb::Join => Command::Join,
        Verb::Leave => Command::Leave,
        Verb::Start => Command::Start,
        Verb::Back => Command::Back,
        Verb::See => Command::Act { action: Act::See, button: Some(button) },
        Verb::Bet(n) => Command::Act { action: Act::Bet(n), button: Some(button) },
        Verb::Pack => Command::Act { action: Act::Pack, button: Some(button) },
        Verb::Show => Command::Act { action: Act::Show, button: Some(button) },
        Verb::Sideshow => Command::Act { action: Act::Sideshow, button: Some(button) },
        Verb::Accept => Command::Act { action: Act::Accept, button: Some(button) },
        Verb::Deny => Command::Act { action: Act::Deny, button: Some(button) },
        Verb::Cards => Command::Act { action: Act::Cards, button: Some(button) },
    };
    let player = Player { id: ci.user.id.get(), admin: member_is_admin(ci.member.as_ref()) };
    let key = Some(ci.id.get().to_string());
    let responder = Box::new(ComponentResponder { http, interaction: ci, button });
    if let Err(e) = service.send(button.table, Request { player, command, key, responder, edit_message: false }).await {
        tracing::warn!(error = %e, "could not route a button click");
    }
}
