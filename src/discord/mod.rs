//! The Discord layer: poise commands, button routing by `custom_id`, and the
//! presenter that renders table views. Thin: every rule lives in the engine,
//! every chip in the store, every table in its actor.
//!
//! Layout: this file wires the framework and runs the client (until a stop request; `connect.rs` reaches
//! Discord, retries while it does not answer, and watches the stop signals); `commands/`
//! holds the slash commands (one file per group), `errors.rs` their one error
//! path, `buttons.rs` button routing, `presenter.rs` and `responder.rs` the
//! table service's two ports onto Discord, `retry.rs` time budgets and
//! retries, `render/` every message's text and layout, `cap.rs` the reply cap
//! every message goes through (Discord's size limits).

mod ack;
mod buckets;
mod buttons;
pub mod cap;
pub mod commands;
mod connect;
mod departures;
mod errors;
mod events;
pub mod floor;
pub mod observe;
pub mod permissions;
pub mod presenter;
mod refusals;
mod register;
pub mod render;
pub mod responder;
pub mod retry;
mod site;

use std::future::IntoFuture;
use std::sync::{Arc, OnceLock};
use std::time::Duration;

use poise::serenity_prelude as serenity;

use crate::config::Config;
use crate::ownership::{self, Standing};
use crate::store::{Backend, Store, StoreError};
use crate::table::{TableService, Timings};
pub use buttons::member_is_admin;
pub use connect::RunError;
use connect::{Backoff, Stop, TryError};
use presenter::DiscordPresenter;

/// Shared by every command.
pub struct Data {
    pub service: TableService,
    /// The presenter the service shows tables through (the button responder tells its editor of each answer).
    pub presenter: DiscordPresenter,
    pub store: Store,
    /// Whether this process still speaks for its tables (its shard leases, by its own clock).
    pub standing: Standing,
    /// The servers the bot was removed from, their data deleted after the retention (`departures.rs`).
    departures: Arc<departures::Departures>,
    /// What the web pages need from Discord, and the links to them (`site.rs`).
    pub site: Arc<site::Site>,
}

impl Data {
    /// How many days a server's data is kept after the bot leaves it (`DATA_RETENTION_DAYS`).
    pub fn retention_days(&self) -> u64 {
        self.departures.retention_days()
    }
}

pub type Error = anyhow::Error;
pub type Context<'a> = poise::Context<'a, Data, Error>;

/// Builds the HTTP client: straight to Discord, or through `DISCORD_API_URL` (a rate-limit proxy) with
/// serenity's own rate limiter off, as such a proxy requires. In tests (`Config::test_discord`), straight to
/// "Discord" as production goes, rate limiter on, with `discord.com` resolved to the local stand-in and its test
/// certificate authority trusted: the one difference from production is where the name leads.
fn http_client(config: &Config) -> Result<serenity::Http, RunError> {
    let builder = serenity::HttpBuilder::new(&config.token);
    Ok(match (&config.api_url, config.test_client().map_err(RunError::Refused)?) {
        (Some(url), _) => builder.proxy(url.clone()).ratelimiter_disabled(true).build(),
        (None, Some(client)) => builder.client(client).build(),
        (None, None) => builder.build(),
    })
}

/// How long each step of stopping may take: closing the gateway connection, stopping the tables, closing the
/// store. Past it the step is abandoned: nothing acknowledged is lost (every action is on disk before anyone is
/// told), and the next start resumes or refunds live hands.
const STOP_STEP: Duration = Duration::from_secs(3);
/// Closing the store commits what is queued; it may take longer than the other steps on a slow disk.
const STORE_CLOSE: Duration = Duration::from_secs(10);

/// Runs the bot until a stop request (SIGTERM, Ctrl-C: `Ok`), a token Discord rejects, or a failure. On every
/// path after the database opened, the tables are stopped and the store closed before this returns.
/// `metrics`: the listener of `METRICS_ADDR`, bound by the caller, served from here on.
pub async fn run(config: Config, listeners: crate::cli::Listeners) -> Result<(), RunError> {
    let stop = Stop::listen();
    // The table service once connected (the Activity's sessions wait for it; a stop stops its tables).
    let tables = Arc::new(OnceLock::new());
    let activity = crate::activity::Activity::new(&config, tables.clone()).map_err(RunError::Refused)?;
    // The operator's endpoints first: `/healthz` answers (and `/readyz` says "starting") while the database opens
    // and the leases are waited for.
    if let Some(listener) = listeners.metrics {
        crate::metrics::serve::spawn(listener);
    }
    // A stop while the database opens (its checks can take a while on a big file) abandons the opening: SQLite
    // rolls back whatever was not committed.
    let store = tokio::select! {
        opened = Store::open(&config.database_url) => opened.map_err(|e| match e {
            // A URL the bot cannot keep chips in is a bad setting: restarting with it cannot help (exit 2).
            StoreError::BadUrl { .. } | StoreError::Invalid(_) => RunError::Refused(e.to_string()),
            e => RunError::Failed(e.into()),
        })?,
        () = stop.requested() => return Ok(()),
    };
    // The web pages read the store only: served from here on, by a standby process too.
    if let Some(listener) = listeners.web {
        crate::web::spawn(listener, store.clone(), activity.clone());
    }
    // The shards' leases before any table is touched: a replacement started beside a live process waits here.
    let run = config.shards;
    // Only where another process can take the shards over does a lapsed lease silence this one.
    let standing = match store.backend() {
        Backend::Postgres => Standing::leased(),
        Backend::Sqlite => Standing::always(),
    };
    let fence = tokio::select! {
        taken = ownership::acquire(&store, run.count, run.first, run.last, config.lease, &standing) => taken,
        () = stop.requested() => {
            store.close().await;
            return Ok(());
        }
    };
    let fence = match fence {
        Ok(fence) => fence,
        Err(e) => {
            store.close().await;
            return Err(RunError::Failed(e.into()));
        }
    };
    crate::metrics::health::running(run.first..=run.last, standing.clone(), store.clone());
    // Serving ends when the leases are lost (another process took the shards over: this one's writes are
    // refused already): the process stops, and its supervisor starts it again to wait for them.
    let result = tokio::select! {
        served = serve(&config, &store, &tables, &standing, &stop) => served,
        lost = ownership::keep(store.clone(), fence.clone(), config.lease, standing.clone()) => {
            tracing::error!("stepping down: {lost}");
            Err(RunError::Failed(anyhow::anyhow!("stepped down: {lost}")))
        }
    };
    crate::metrics::health::serving(false);
    // The Activity's sessions first (told to reconnect): none follows a table, or starts its actor again, while
    // the tables stop.
    crate::activity::end_all();
    if let Some(service) = tables.get() {
        if tokio::time::timeout(STOP_STEP, service.shutdown()).await.is_err() {
            tracing::warn!(
                "tables still busy after {STOP_STEP:?}; stopping anyway (their hands resume at the next start)"
            );
        }
    }
    if result.is_ok() {
        // A clean stop: the shards are free for another process at once (refused, harmlessly, if already lost).
        if let Err(e) = store.release_leases(&fence).await {
            tracing::warn!(error = %crate::echo::remote_error(&e), "giving up the shard leases");
        }
    }
    match tokio::time::timeout(STORE_CLOSE, store.close()).await {
        Ok(()) => match crate::logs::dropped_lines() {
            0 => tracing::info!("stopped: the database is closed"),
            // Said in case the stream came back (a journal restarted); counted either way.
            dropped => tracing::info!(dropped, "stopped: the database is closed; some log lines could not be written"),
        },
        Err(_) => tracing::warn!("the database did not close within {STORE_CLOSE:?}; stopping anyway"),
    }
    result
}

/// Connects and serves until a stop request or the connection ends for good.
async fn serve(
    config: &Config,
    store: &Store,
    tables: &Arc<OnceLock<TableService>>,
    standing: &Standing,
    stop: &Stop,
) -> Result<(), RunError> {
    let Some(mut client) = connect(config, store, tables, standing, stop).await? else { return Ok(()) };
    let shards = client.shard_manager.clone();
    let run = config.shards;
    tracing::info!("running {run} (a guild's events arrive on shard (guild id >> 22) % {}; DMs on shard 0)", run.count);
    // serenity 0.12.5 reads this range's end as included (`start_connection(start, end, total)` boots
    // `end - start + 1` shards), despite the `Range` type: `first..last` runs `first..=last`.
    let range = run.first..run.last;
    let watch = tokio::spawn(observe::watch_shards(shards.clone(), run));
    let ended = tokio::select! {
        ended = client.start_shard_range(range, run.count) => Some(ended),
        () = stop.requested() => None,
    };
    watch.abort();
    if let Some(ended) = ended {
        return ended.map_err(RunError::from_gateway);
    }
    // serenity's `shutdown_all` returns at once when a shard is between two connection attempts; otherwise it
    // closes each shard's websocket and waits for Discord's answers (bounded here, all shards together).
    if tokio::time::timeout(STOP_STEP, shards.shutdown_all()).await.is_err() {
        tracing::warn!("the gateway connection did not close within {STOP_STEP:?}; leaving it");
    }
    Ok(())
}

/// The gateway events the bot reads: its servers (GUILD_CREATE for their names, CHANNEL_DELETE) and the deletion
/// of a hand message (MESSAGE_DELETE). Clicks and commands come whatever the intents. Nothing else: each event
/// asked for is read and parsed whether or not it is used (typing, reactions, voice states, invites...).
pub(crate) const INTENTS: serenity::GatewayIntents =
    serenity::GatewayIntents::GUILDS.union(serenity::GatewayIntents::GUILD_MESSAGES);

/// The Discord client, once Discord answers and accepts the token; while it does not answer, tries again with
/// [`Backoff`], saying each time what failed and when the next try comes. `None`: a stop was requested first.
async fn connect(
    config: &Config,
    store: &Store,
    tables: &Arc<OnceLock<TableService>>,
    standing: &Standing,
    stop: &Stop,
) -> Result<Option<serenity::Client>, RunError> {
    let mut backoff = Backoff::default();
    loop {
        let attempt = async {
            let http = http_client(config).map_err(TryError::Fatal)?;
            let (user, gateway) = connect::reach(&http).await?;
            let intents = INTENTS;
            let builder = serenity::ClientBuilder::new_with_http(http, intents)
                .event_handler(observe::RateLimits)
                .framework(framework(config, store, tables, standing));
            // Building asks Discord for the gateway's address once more (and falls back to Discord's own when that
            // fails): bounded, and the address just read wins.
            let client = connect::bounded("building the client", builder.into_future()).await?;
            *client.ws_url.lock().await = gateway;
            tracing::info!(user = %user.name, "Discord accepts the token; connecting to the gateway");
            Ok(client)
        };
        let failed = tokio::select! {
            tried = attempt => match tried {
                Ok(client) => return Ok(Some(client)),
                Err(TryError::Fatal(e)) => return Err(e),
                Err(TryError::Unreachable(why)) => why,
            },
            () = stop.requested() => return Ok(None),
        };
        let wait = backoff.next_wait();
        tracing::warn!(
            "could not reach Discord ({failed}); next try in {:.1} s (attempt {} failed; retrying until it answers)",
            wait.as_secs_f64(),
            backoff.failed()
        );
        tokio::select! {
            () = tokio::time::sleep(wait) => {}
            () = stop.requested() => return Ok(None),
        }
    }
}

/// The poise framework: the commands, their one error path, the button router, and the set-up run at the first
/// READY (commands registered, the table service started and its open tables restored, kept in `tables` so that
/// a stop can stop them).
fn framework(
    config: &Config,
    store: &Store,
    tables: &Arc<OnceLock<TableService>>,
    standing: &Standing,
) -> poise::Framework<Data, Error> {
    let timings = Timings { hand_break: config.hand_break, bot_delay: config.bot_delay };
    let dev_guild = config.dev_guild;
    let shards = config.shards;
    let retention = config.retention;
    let public_url = config.public_url.clone();
    let (store, tables, standing) = (store.clone(), tables.clone(), standing.clone());
    poise::Framework::builder()
        .options(poise::FrameworkOptions {
            commands: commands::all(),
            on_error: |error| Box::pin(errors::on_error(error)),
            // A command's arrival and its answer, for the metrics (`errors.rs` counts those that fail).
            pre_command: |ctx| Box::pin(errors::arrived(ctx)),
            post_command: |ctx| Box::pin(errors::answered(ctx)),
            // No reply pings anyone; the hand message pings the player to act (see presenter::mentions_for).
            allowed_mentions: Some(serenity::CreateAllowedMentions::new()),
            event_handler: |framework, event| Box::pin(events::handle(framework, event)),
            ..Default::default()
        })
        .setup(move |ctx, ready, framework| {
            Box::pin(async move {
                tracing::info!(user = %ready.user.name, guilds = ready.guilds.len(), "connected to Discord");
                crate::activity::set_application(ready.application.id.get());
                register::register(&ctx.http, &framework.options().commands, dev_guild).await?;
                let (presenter, refusals) =
                    DiscordPresenter::new(ctx.http.clone(), ctx.cache.clone(), standing.clone());
                let service = TableService::new(store.clone(), Arc::new(presenter.clone()), timings);
                let _ = tables.set(service.clone());
                tokio::spawn(answer_refusals(refusals, service.clone()));
                tokio::spawn(buckets::prune_forever(ctx.http.clone()));
                // Only this process's shards' tables: another process runs (and resumes) the others.
                let restored = service.restore_where(|guild| shards.owns_guild(guild.get())).await?;
                tracing::info!(tables = restored, "tables restored");
                // A tournament whose last seat was taken just before a stop begins now.
                let begun = service.resume_tournaments(|guild| shards.owns_guild(guild.get())).await?;
                if begun > 0 {
                    tracing::info!(tournaments = begun, "full tournaments begun");
                }
                tokio::spawn(season_schedule(store.clone(), ctx.http.clone(), shards));
                let departures = departures::Departures::load(store.clone(), retention).await?;
                // The first READY (the one that ran this set-up) is read here: the event handler sees the later ones.
                departures.ready(shard_of(ready), &guild_ids(&ready.guilds)).await;
                tokio::spawn(departures::schedule(departures.clone(), service.clone(), shards));
                crate::metrics::health::serving(true);
                let site = Arc::new(site::Site::new(public_url, store.clone()));
                site::install(site.clone());
                Ok(Data { service, presenter, store, standing, departures, site })
            })
        })
        .build()
}

/// A READY's shard: (id, total); (0, 1) when it says none.
fn shard_of(ready: &serenity::Ready) -> (u32, u32) {
    ready.shard.map_or((0, 1), |s| (s.id.0, s.total))
}

fn guild_ids(guilds: &[serenity::UnavailableGuild]) -> Vec<crate::ids::GuildId> {
    guilds.iter().map(|g| crate::ids::GuildId(g.id.get())).collect()
}

/// Posts a season's final leaderboard in `channel`; a failure is logged (the board is kept: `/leaderboard season:N`).
pub(crate) async fn post_season(http: &serenity::Http, channel: u64, text: &str) {
    // The board names up to 25 players: none of them is pinged.
    let message = serenity::CreateMessage::new()
        .content(cap::content(text))
        .allowed_mentions(serenity::CreateAllowedMentions::new());
    let sent = serenity::ChannelId::new(channel.max(1)).send_message(http, message);
    if let Err(e) = observe::counted(observe::route::POST_MESSAGE, sent).await {
        tracing::warn!(channel, error = %crate::echo::remote_error(&e), "could not post a season's leaderboard");
    }
}

/// How often the season schedule (`season_days`) is looked at.
const SEASON_TICK: std::time::Duration = std::time::Duration::from_secs(600);

/// Rolls over the seasons the schedule says are due, on this process's shards, and posts each final leaderboard
/// in the server's `season_channel` (none set: kept, not posted). Two processes ticking at once roll a season
/// over once ([`Store::new_season`] with the season expected).
async fn season_schedule(store: Store, http: Arc<serenity::Http>, shards: crate::config::Shards) {
    loop {
        tokio::time::sleep(SEASON_TICK).await;
        let due = match store.seasons_due(crate::clock::now_unix()).await {
            Ok(due) => due,
            Err(e) => {
                tracing::warn!(error = %crate::echo::remote_error(&e), "could not read the season schedule");
                continue;
            }
        };
        for (guild, number) in due.into_iter().filter(|(g, _)| shards.owns_guild(g.get())) {
            match store.new_season(guild, Some(number), None).await {
                Ok(Some(end)) => {
                    tracing::info!(guild = %guild, season = end.number, "a new season by the schedule");
                    let settings = store.guild_settings(guild).await.unwrap_or_default();
                    if let Some(channel) = settings.economy.season_channel {
                        post_season(&http, channel, &render::season_over(settings.language, &end)).await;
                    }
                }
                Ok(None) => {}
                Err(e) => {
                    tracing::warn!(guild = %guild, error = %crate::echo::remote_error(&e), "could not begin a scheduled season")
                }
            }
        }
    }
}

/// Hands the refusals the presenter's queued edits met to the table service, each in a task of its own (a
/// table busy answering one does not hold up another's).
async fn answer_refusals(
    mut refusals: tokio::sync::mpsc::UnboundedReceiver<presenter::Refusal>,
    service: TableService,
) {
    while let Some(r) = refusals.recv().await {
        let service = service.clone();
        tokio::spawn(async move { service.refused(r.channel, r.message, r.why).await });
    }
}
