//! The Discord layer: poise commands, button routing by `custom_id`, and the
//! presenter that renders table views. Thin: every rule lives in the engine,
//! every chip in the store, every table in its actor.
//!
//! Layout: this file wires the framework and runs the client; `commands/`
//! holds the slash commands (one file per group), `errors.rs` their one error
//! path, `buttons.rs` button routing, `presenter.rs` and `responder.rs` the
//! table service's two ports onto Discord, `retry.rs` time budgets and
//! retries, `render/` every message's text and layout.

mod buttons;
pub mod commands;
mod errors;
pub mod presenter;
pub mod render;
pub mod responder;
pub mod retry;

use std::sync::Arc;

use anyhow::Context as _;
use poise::serenity_prelude as serenity;
use serenity::{FullEvent, Interaction};

use crate::config::Config;
use crate::store::Store;
use crate::table::{TableService, Timings};
pub use buttons::member_is_admin;
use presenter::DiscordPresenter;

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
    // The store's refusals name the file and say what to do: one line as they are.
    let store = Store::open(&config.database_url).await?;
    let timings = Timings { hand_break: config.hand_break };
    let dev_guild = config.dev_guild;
    let setup_store = store.clone();
    let framework = poise::Framework::builder()
        .options(poise::FrameworkOptions {
            commands: commands::all(),
            on_error: |error| Box::pin(errors::on_error(error)),
            // No reply pings anyone; the hand message pings the player to act (see presenter::mentions_for).
            allowed_mentions: Some(serenity::CreateAllowedMentions::new()),
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

async fn event_handler(framework: poise::FrameworkContext<'_, Data, Error>, event: &FullEvent) -> Result<(), Error> {
    if let FullEvent::InteractionCreate { interaction: Interaction::Component(ci) } = event {
        let http = framework.serenity_context.http.clone();
        buttons::on_button(&framework.user_data.service, http, ci.clone()).await;
    }
    Ok(())
}
