//! The floor of the real-path benchmark (`benches/realpath.rs`, docs/performance.md): a bot with the same Discord
//! layer as `run` (serenity and poise, the same HTTP client with its rate limiter, the same intents, cache and
//! framework options) that answers every button click with one fixed update and does nothing else. What it costs
//! a click is what serenity and poise themselves cost; the bot's figures are read against it. Hidden subcommand
//! `floor`: it opens no database and keeps no table.

use poise::serenity_prelude as serenity;
use serenity::{FullEvent, Interaction};

use super::cap;
use super::connect::{RunError, Stop};
use crate::config::Config;

type Error = anyhow::Error;

/// Serves until a stop request (SIGTERM, Ctrl-C).
pub async fn run(config: Config) -> Result<(), RunError> {
    let stop = Stop::listen();
    let http = super::http_client(&config)?;
    let intents = super::INTENTS;
    let dev_guild = config.dev_guild;
    let framework = poise::Framework::<(), Error>::builder()
        .options(poise::FrameworkOptions {
            commands: Vec::new(),
            allowed_mentions: Some(serenity::CreateAllowedMentions::new()),
            event_handler: |framework, event| Box::pin(answer(framework, event)),
            ..Default::default()
        })
        .setup(move |ctx, _ready, framework| {
            Box::pin(async move {
                let commands = &framework.options().commands;
                match dev_guild {
                    Some(g) => poise::builtins::register_in_guild(ctx, commands, serenity::GuildId::new(g)).await?,
                    None => poise::builtins::register_globally(ctx, commands).await?,
                }
                Ok(())
            })
        })
        .build();
    let built = serenity::ClientBuilder::new_with_http(http, intents).framework(framework).await;
    let mut client = built.map_err(|e| RunError::Failed(e.into()))?;
    let shards = client.shard_manager.clone();
    tokio::select! {
        ran = client.start() => ran.map_err(|e| RunError::Failed(e.into())),
        () = stop.requested() => {
            shards.shutdown_all().await;
            Ok(())
        }
    }
}

/// Every click gets the same update; nothing else is read or done.
async fn answer(framework: poise::FrameworkContext<'_, (), Error>, event: &FullEvent) -> Result<(), Error> {
    if let FullEvent::InteractionCreate { interaction: Interaction::Component(click) } = event {
        let reply = serenity::CreateInteractionResponse::UpdateMessage(
            serenity::CreateInteractionResponseMessage::new().content(cap::content("ok")),
        );
        if let Err(e) = click.create_response(&framework.serenity_context.http, reply).await {
            tracing::warn!(error = %e, "could not answer a click");
        }
    }
    Ok(())
}
