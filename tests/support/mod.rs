//! A local Discord stand-in for integration tests: REST (`/api/v10/...`) and the gateway websocket on one
//! 127.0.0.1 port, speaking Discord's protocol to an unmodified serenity + poise client. See docs/testing.md.

pub mod activity;
pub mod bot;
pub mod browser;
pub mod crashvfs;
pub mod gateway;
pub mod model;
/// The test PostgreSQL server (shared with the store suites' fixtures), for worlds on PostgreSQL.
#[path = "../fixtures/pg.rs"]
pub mod pg;
pub mod privacy;
pub mod rank_cli;
pub mod ratelimit;
pub mod realpath;
pub mod rest;
pub mod rules;
pub mod scrape;
pub mod spec;
pub mod tls;
pub mod world;

use std::collections::BTreeMap;
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use serde_json::{json, Value};
use tokio::sync::{mpsc, oneshot, Notify};

use model::{ChannelRec, Fault, InteractionRec, State, UserRec};
pub use model::{RecordedRequest, Violation};

/// The repository's root (this crate is `tests/support/` in it): where `docs/`, `locales/` and, beside it,
/// `../shared/` are.
pub fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The bot's binary, as cargo builds it for the integration tests and benches: in the profile's directory, above
/// the `deps/` that holds the running test's own executable. (Cargo tells a test binary this path at compile time,
/// `CARGO_BIN_EXE_teenpatti-bot`, but not a library it links.)
pub fn bot_exe() -> PathBuf {
    let exe = std::env::current_exe().unwrap_or_else(|e| panic!("the test's own path: {e}"));
    let profile = exe.parent().and_then(Path::parent).unwrap_or_else(|| panic!("{} has no parent", exe.display()));
    let bot = profile.join(format!("teenpatti-bot{}", std::env::consts::EXE_SUFFIX));
    assert!(bot.is_file(), "no bot binary at {} (run the tests with cargo test)", bot.display());
    bot
}

/// Which of its two doors a request came in by.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Listener {
    /// TLS, as `discord.com`: the bot as production runs it. Discord's rate limits are enforced here.
    Discord,
    /// Plain HTTP, `DISCORD_API_URL`: the bot behind a rate-limit proxy (limits reported, not enforced).
    Proxy,
}

/// Timings and switches of the stand-in.
#[derive(Clone, Debug)]
pub struct FakeOptions {
    /// Sent in HELLO; serenity heartbeats at this interval.
    pub heartbeat_interval: Duration,
    /// An interaction must be answered (callback) within this time (Discord: 3 s).
    pub interaction_deadline: Duration,
    /// Follow-ups and edits through the interaction token are allowed for this long (Discord: 15 min).
    pub webhook_lifetime: Duration,
    /// Discord's OpenAPI description; `None` = `../shared/discord-api-spec/openapi.json`.
    pub spec_path: Option<PathBuf>,
    /// The bot's shard count (`GET /gateway/bot` `shards`); every IDENTIFY must carry `[id, shard_count]`.
    pub shard_count: u32,
    /// `session_start_limit.max_concurrency` of `GET /gateway/bot` (reported, not enforced).
    pub max_concurrency: u32,
    /// A connection the bot has sent nothing on (no heartbeat) for this long is closed with 4009 (Session timed
    /// out), as Discord closes a frozen client's; its shard is free again. `None`: never.
    pub silence_timeout: Option<Duration>,
    /// Discord's rate limits (`ratelimit.rs`): enforced on the bot's production path, reported on the proxy's.
    pub rate_limits: ratelimit::RateLimits,
    /// The application has Activities on (`activity.rs`): its Entry Point command registered, a global
    /// overwrite without it refused (50240).
    pub activities: bool,
}

impl Default for FakeOptions {
    fn default() -> Self {
        FakeOptions {
            heartbeat_interval: Duration::from_millis(1500),
            interaction_deadline: Duration::from_secs(3),
            webhook_lifetime: Duration::from_secs(15 * 60),
            spec_path: None,
            shard_count: 1,
            max_concurrency: 1,
            silence_timeout: None,
            rate_limits: ratelimit::RateLimits::default(),
            activities: false,
        }
    }
}

pub struct Inner {
    pub state: Mutex<State>,
    pub notify: Notify,
    pub opts: FakeOptions,
    pub spec: spec::SpecValidator,
    pub token: String,
    pub addr: SocketAddr,
    /// The same stand-in over TLS as `discord.com` (`tls.rs`).
    pub tls_addr: SocketAddr,
    /// The live gateway connections by shard: (connection number, command sender).
    pub gateway: Mutex<BTreeMap<u32, (u32, mpsc::UnboundedSender<gateway::GwCmd>)>>,
}

impl Inner {
    pub fn ws_url(&self) -> String {
        format!("ws://{}/gateway-ws", self.addr)
    }

    /// Waits until `f` returns `Some`, re-checking after every state change, up to `timeout`.
    pub async fn wait_for<T>(&self, timeout: Duration, mut f: impl FnMut(&State) -> Option<T>) -> Option<T> {
        let deadline = tokio::time::Instant::now() + timeout;
        loop {
            let notified = self.notify.notified();
            tokio::pin!(notified);
            notified.as_mut().enable();
            if let Some(v) = f(&self.state.lock().unwrap()) {
                return Some(v);
            }
            // also poll now and then, in case a change was not notified
            let step = tokio::time::Instant::now() + Duration::from_millis(200);
            if tokio::time::timeout_at(deadline.min(step), notified).await.is_err()
                && tokio::time::Instant::now() >= deadline
            {
                return f(&self.state.lock().unwrap());
            }
        }
    }
}

/// Reports leftover violations when the last handle of the stand-in goes away, and stops its server.
struct Guard {
    inner: Arc<Inner>,
    shutdown: Mutex<Vec<oneshot::Sender<()>>>,
}

impl Drop for Guard {
    fn drop(&mut self) {
        for tx in std::mem::take(&mut *self.shutdown.lock().unwrap()) {
            let _ = tx.send(());
        }
        for (_, (_, tx)) in std::mem::take(&mut *self.inner.gateway.lock().unwrap()) {
            let _ = tx.send(gateway::GwCmd::Close(1000));
        }
        let violations = self.inner.state.lock().map(|st| st.violations.clone()).unwrap_or_default();
        if !violations.is_empty() && !std::thread::panicking() {
            panic!(
                "fake Discord: unreported rule violations (call assert_no_violations):\n{}",
                format_violations(&violations)
            );
        }
    }
}

fn format_violations(v: &[Violation]) -> String {
    v.iter().map(|v| format!("  - {}: {}", v.route, v.message)).collect::<Vec<_>>().join("\n")
}

/// What the bot answered to an interaction.
#[derive(Clone, Debug)]
pub struct InteractionResponse {
    /// The callback type: 4 message, 5 deferred message, 6 deferred update, 7 update message, 9 modal.
    pub kind: u8,
    /// The content of the original response message as it is now (after edits); for 7, the updated message.
    pub content: String,
    pub embeds: Vec<Value>,
    pub components: Vec<Value>,
    pub ephemeral: bool,
    /// The original response message (current state), if there is one.
    pub message: Option<Value>,
    /// Follow-up messages (current state), in order.
    pub followups: Vec<Value>,
    /// The raw callback `data`.
    pub data: Value,
}

impl InteractionResponse {
    /// Whether the bot took the click: it updated the message (7), or its watchdog acknowledged the click late
    /// (6: the table's answer waited on Discord's rate limit) and the message was edited, not answered with a
    /// refusal (which then comes as an ephemeral follow-up).
    pub fn accepted(&self) -> bool {
        self.kind == 7 || (self.kind == 6 && self.followups.is_empty())
    }
}

/// An interaction the test sent; ask it what the bot answered.
#[derive(Clone)]
pub struct InteractionHandle {
    fake: FakeDiscord,
    pub id: u64,
    pub token: String,
}

impl InteractionHandle {
    /// Waits for the bot's answer. For a deferred answer (5 or 6) it also waits (within the same timeout) for
    /// the first edit of the original message or the first follow-up. Panics on timeout.
    pub async fn response(&self, timeout: Duration) -> InteractionResponse {
        match self.try_response(timeout).await {
            Some(r) => r,
            None => panic!(
                "the bot did not answer interaction {} within {timeout:?}\nrequests:\n{}",
                self.id,
                self.fake.requests_summary()
            ),
        }
    }

    pub async fn try_response(&self, timeout: Duration) -> Option<InteractionResponse> {
        let start = Instant::now();
        let id = self.id;
        let kind = self
            .fake
            .inner
            .wait_for(timeout, |st| st.interactions.get(&id).and_then(|i| i.callbacks.first()).map(|c| c.kind))
            .await?;
        if kind == 5 || kind == 6 {
            let rest = timeout.saturating_sub(start.elapsed());
            let before = self
                .fake
                .with_state(|st| st.interactions.get(&id).and_then(|i| i.original).and_then(|m| st.message_json(m)));
            self.fake
                .inner
                .wait_for(rest, |st| {
                    let i = st.interactions.get(&id)?;
                    let now = i.original.and_then(|m| st.message_json(m));
                    (!i.followups.is_empty() || now != before).then_some(())
                })
                .await;
        }
        Some(self.snapshot())
    }

    /// The answer as it is now (panics if there is none yet).
    pub fn snapshot(&self) -> InteractionResponse {
        self.fake.with_state(|st| {
            let i = st.interactions.get(&self.id).expect("interaction exists");
            let cb = i.callbacks.first().expect("interaction answered");
            let message = i.original.and_then(|m| st.message_json(m));
            let ephemeral = i.original.and_then(|m| st.messages.get(&m)).is_some_and(|m| m.ephemeral_for.is_some());
            let field = |k: &str| message.as_ref().and_then(|m| m.get(k)).cloned();
            InteractionResponse {
                kind: cb.kind,
                content: field("content").and_then(|v| v.as_str().map(String::from)).unwrap_or_default(),
                embeds: field("embeds").and_then(|v| v.as_array().cloned()).unwrap_or_default(),
                components: field("components").and_then(|v| v.as_array().cloned()).unwrap_or_default(),
                ephemeral,
                message: message.clone(),
                followups: i.followups.iter().filter_map(|m| st.message_json(*m)).collect(),
                data: cb.data.clone(),
            }
        })
    }
}

/// Gateway counters (over every shard).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GatewayStats {
    pub connections: u32,
    pub identifies: u32,
    pub resumes: u32,
    pub heartbeats: u32,
    /// Every shard has a live session.
    pub live: bool,
    /// The shards with a live session, in order.
    pub live_shards: Vec<u32>,
}

impl GatewayStats {
    fn of(st: &State) -> GatewayStats {
        GatewayStats {
            connections: st.connections,
            identifies: st.identifies,
            resumes: st.resumes,
            heartbeats: st.heartbeats,
            live: st.all_live(),
            live_shards: st.sessions.iter().filter(|(_, s)| s.live).map(|(&id, _)| id).collect(),
        }
    }
}

/// Discord's shard of a guild: `(guild_id >> 22) % count`.
pub fn shard_of(guild_id: u64, count: u32) -> u32 {
    ((guild_id >> 22) % u64::from(count.max(1))) as u32
}

/// The `n`-th guild id (n = 0, 1, ...) that lands on `shard` of `count`: a snowflake of today's size whose
/// `(id >> 22) % count` is `shard`, with low bits set so that only the shifted part decides.
pub fn guild_on_shard(shard: u32, count: u32, n: u64) -> u64 {
    assert!(shard < count, "shard {shard} is not one of {count}");
    // 2^38 << 22 = 2^60, about 2024 in Discord's epoch: ids of today's size, far from any other in the stand-in.
    let base = (1u64 << 38) / u64::from(count) + n;
    ((base * u64::from(count) + u64::from(shard)) << 22) | 0x2a_5a5a
}

/// The stand-in. Cheap to clone; the server stops when the last clone is dropped.
#[derive(Clone)]
pub struct FakeDiscord {
    inner: Arc<Inner>,
    _guard: Arc<Guard>,
}

impl FakeDiscord {
    /// Binds 127.0.0.1:0 and serves REST and the gateway on that port.
    pub async fn start(opts: FakeOptions) -> FakeDiscord {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.expect("bind 127.0.0.1:0");
        let addr = listener.local_addr().expect("local addr");
        let tls_listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.expect("bind 127.0.0.1:0");
        let tls_addr = tls_listener.local_addr().expect("local addr");
        let spec = spec::SpecValidator::load(opts.spec_path.clone());
        let inner = Arc::new(Inner {
            state: Mutex::new(State { shard_count: opts.shard_count, ..State::new() }),
            notify: Notify::new(),
            opts,
            spec,
            token: "fake.bot.token".to_string(),
            addr,
            tls_addr,
            gateway: Mutex::new(BTreeMap::new()),
        });
        let app = axum::Router::new()
            .route("/gateway-ws", axum::routing::get(gateway::ws_handler))
            .fallback(rest::handle)
            .with_state(inner.clone());
        let (tx, rx) = oneshot::channel::<()>();
        let (tls_tx, tls_rx) = oneshot::channel::<()>();
        tokio::spawn(tls::serve(tls_listener, app.clone().layer(axum::Extension(Listener::Discord)), tls_rx));
        let app = app.layer(axum::Extension(Listener::Proxy));
        tokio::spawn(async move {
            // As Discord's edge does (and tls.rs): each gateway event leaves when written, not behind Nagle's
            // algorithm waiting for the bot's delayed ACK of the last one (40 ms once two are in flight).
            let _ = axum::serve(listener, app)
                .tcp_nodelay(true)
                .with_graceful_shutdown(async move {
                    let _ = rx.await;
                })
                .await;
        });
        let guard = Guard { inner: inner.clone(), shutdown: Mutex::new(vec![tx, tls_tx]) };
        let fake = FakeDiscord { inner, _guard: Arc::new(guard) };
        if fake.inner.opts.activities {
            fake.turn_activities_on();
        }
        fake
    }

    fn lock(&self) -> MutexGuard<'_, State> {
        self.inner.state.lock().unwrap()
    }

    fn with_state<T>(&self, f: impl FnOnce(&State) -> T) -> T {
        f(&self.lock())
    }

    fn changed(&self) {
        self.inner.notify.notify_waiters();
    }

    /// The value for DISCORD_API_URL (serenity's HTTP "proxy").
    pub fn url(&self) -> String {
        format!("http://{}", self.inner.addr)
    }

    /// Where `discord.com` is in production mode (`TEENPATTI_TEST_DISCORD_ADDR`): the stand-in over TLS.
    pub fn tls_addr(&self) -> SocketAddr {
        self.inner.tls_addr
    }

    /// The test certificate authority's PEM file (`TEENPATTI_TEST_DISCORD_CA`).
    pub fn ca_file(&self) -> PathBuf {
        tls::test_ca().ca_file.clone()
    }

    pub fn token(&self) -> &str {
        &self.inner.token
    }

    pub fn application_id(&self) -> u64 {
        self.lock().app_id
    }

    /// The bot's user id (equal to the application id, as for real bots).
    pub fn bot_user_id(&self) -> u64 {
        self.lock().app_id
    }

    /// The default guild (channels from `add_channel` are in it).
    pub fn guild_id(&self) -> u64 {
        self.lock().guild_id
    }

    /// Another guild the bot is in, with this id (see [`guild_on_shard`]); it is listed in the READY of its shard.
    /// Returns the id.
    pub fn add_guild(&self, id: u64) -> u64 {
        let mut st = self.lock();
        assert!(!st.guilds.contains(&id), "guild {id} exists already");
        st.guilds.push(id);
        id
    }

    /// The bot is removed from guild `id` (kicked, or the server deleted): it leaves READY's list and the bot gets a
    /// GUILD_DELETE without `unavailable`, as Discord sends it.
    pub fn remove_guild(&self, id: u64) {
        self.lock().guilds.retain(|g| *g != id);
        self.dispatch("GUILD_DELETE", json!({"id": id.to_string(), "guild_id": id.to_string()}));
    }

    /// The bot is removed from guild `id` while it is not connected: no event, only READY's list without it.
    pub fn remove_guild_quietly(&self, id: u64) {
        self.lock().guilds.retain(|g| *g != id);
    }

    /// The bot is added to guild `id` (again): it is in READY's list, and the bot gets its GUILD_CREATE.
    pub fn add_guild_back(&self, id: u64) {
        {
            let mut st = self.lock();
            if !st.guilds.contains(&id) {
                st.guilds.push(id);
            }
        }
        self.dispatch("GUILD_CREATE", self.guild_create_json(id));
    }

    /// GUILD_CREATE for guild `id` as Discord sends it after READY: its @everyone role (Discord's default
    /// permissions, View Channel among them) and its text channels with their overwrites.
    pub fn send_guild_create(&self, id: u64) {
        self.dispatch("GUILD_CREATE", self.guild_create_json(id));
    }

    fn guild_create_json(&self, id: u64) -> Value {
        let channels: Vec<Value> = self.with_state(|st| {
            let mut ids: Vec<u64> = st.channels.values().filter(|c| c.guild_id == id).map(|c| c.id).collect();
            ids.sort_unstable();
            ids.into_iter().filter_map(|c| st.channel_json(c)).collect()
        });
        let mut guild = json!({
            "id": id.to_string(), "guild_id": id.to_string(), "name": "Test server", "icon": null, "splash": null,
            "discovery_splash": null, "owner_id": "1", "afk_channel_id": null, "afk_timeout": 300,
            "verification_level": 0, "default_message_notifications": 0, "explicit_content_filter": 0,
            "roles": [{"id": id.to_string(), "name": "@everyone", "color": 0, "hoist": false, "icon": null,
                       "unicode_emoji": null, "position": 0, "permissions": "1071698660929", "managed": false,
                       "mentionable": false, "flags": 0,
                       "colors": {"primary_color": 0, "secondary_color": null, "tertiary_color": null}}],
            "emojis": [], "features": [], "mfa_level": 0, "application_id": null, "system_channel_id": null,
            "system_channel_flags": 0, "rules_channel_id": null, "vanity_url_code": null, "description": null,
        });
        let more = json!({
            "banner": null, "premium_tier": 0, "preferred_locale": "en-US", "public_updates_channel_id": null,
            "nsfw_level": 0, "premium_progress_bar_enabled": false, "stickers": [],
            "joined_at": "2026-11-28T00:00:00.000000+00:00", "large": false, "unavailable": false,
            "member_count": 1, "voice_states": [], "members": [], "channels": channels, "threads": [], "presences": [],
            "stage_instances": [], "guild_scheduled_events": [], "safety_alerts_channel_id": null,
            "max_video_channel_users": 25, "nsfw": false, "max_members": 500000,
        });
        if let (Some(base), Value::Object(more)) = (guild.as_object_mut(), more) {
            base.extend(more);
        }
        guild
    }

    /// The bot's shard count, as `GET /gateway/bot` reports it.
    pub fn shard_count(&self) -> u32 {
        self.lock().shard_count
    }

    /// The shard whose session INTERACTION_CREATE `interaction` was dispatched on.
    pub fn interaction_shard(&self, interaction: u64) -> Option<u32> {
        self.with_state(|st| st.deliveries.iter().find(|d| d.interaction == Some(interaction)).map(|d| d.shard))
    }

    pub fn spec_enabled(&self) -> bool {
        self.inner.spec.enabled()
    }

    // ----- users and channels

    pub fn add_user(&self, name: &str) -> u64 {
        self.insert_user(name, false)
    }

    /// Sets `user`'s Discord language: their interactions' `locale` from now on.
    pub fn set_locale(&self, user: u64, locale: &str) {
        if let Some(u) = self.lock().users.get_mut(&user) {
            u.locale = Some(locale.to_string());
        }
    }

    /// A member whose permissions include MANAGE_GUILD.
    pub fn add_admin(&self, name: &str) -> u64 {
        self.insert_user(name, true)
    }

    fn insert_user(&self, name: &str, admin: bool) -> u64 {
        let id = self.lock().new_id();
        self.add_user_as(name, id, Some(model::JOINED_AT), admin)
    }

    /// A user with this id (a snowflake: its timestamp is when the account was made) who joined the default guild
    /// at `joined_at` (unix seconds; None: not a member of it).
    pub fn add_user_as(&self, name: &str, id: u64, joined_at: Option<i64>, admin: bool) -> u64 {
        let rec = UserRec {
            id,
            name: name.into(),
            admin,
            bot: false,
            dm_block: None,
            dm_channel: None,
            joined_at,
            locale: None,
        };
        self.lock().users.insert(id, rec);
        id
    }

    /// A text channel of the default guild.
    pub fn add_channel(&self, name: &str) -> u64 {
        let guild = self.guild_id();
        self.add_channel_in(guild, name)
    }

    /// A text channel of `guild` (the default one or one from [`FakeDiscord::add_guild`]).
    pub fn add_channel_in(&self, guild: u64, name: &str) -> u64 {
        let mut st = self.lock();
        assert!(st.guilds.contains(&guild), "no guild {guild}: add it with add_guild first");
        let id = st.new_id();
        st.channels.insert(
            id,
            ChannelRec {
                id,
                name: name.into(),
                dm_user: None,
                guild_id: guild,
                bot_permissions: model::PERM_BOT,
                everyone_denied: false,
            },
        );
        id
    }

    /// A staff-only text channel of the default guild (@everyone may not view it), announced with CHANNEL_CREATE.
    pub fn add_private_channel(&self, name: &str) -> u64 {
        let id = self.add_channel(name);
        if let Some(c) = self.lock().channels.get_mut(&id) {
            c.everyone_denied = true;
        }
        let channel = self.with_state(|st| st.channel_json(id)).expect("a guild channel");
        self.dispatch("CHANNEL_CREATE", channel);
        id
    }

    /// The user's DM channel with the bot (created if needed): for slash commands used in DMs.
    pub fn dm_channel(&self, user: u64) -> u64 {
        self.lock().dm_channel_for(user)
    }

    // ----- faults

    /// Sending a DM to this user answers 403 with this Discord error code (50007: the user blocks DMs from
    /// the bot; 50278: no shared server / server DMs off).
    pub fn block_dms(&self, user: u64, code: u32) {
        if let Some(u) = self.lock().users.get_mut(&user) {
            u.dm_block = Some(code);
        }
    }

    pub fn unblock_dms(&self, user: u64) {
        let mut st = self.lock();
        if let Some(u) = st.users.get_mut(&user) {
            u.dm_block = None;
        }
        // What was refused may now be asked again.
        st.refused.clear();
    }

    /// The next `count` requests matching `pattern` hang for `delay` before they are answered (as a stalled
    /// connection does); the client sees nothing until then.
    pub fn stall_next(&self, pattern: &str, delay: Duration, count: usize) {
        self.lock().stalls.push(model::Stall { pattern: pattern.into(), remaining: count, delay, after: false });
    }

    /// The next `count` requests matching `pattern` take effect at once (an interaction's answer is seen by the
    /// test), but their HTTP answers reach the client only `delay` later (a slow way back).
    pub fn lag_next(&self, pattern: &str, delay: Duration, count: usize) {
        self.lock().stalls.push(model::Stall { pattern: pattern.into(), remaining: count, delay, after: true });
    }

    /// The next `count` requests whose route matches `pattern` (a template such as
    /// `POST /channels/{channel_id}/messages`, a prefix ending in `*`, or `*`) answer `status`
    /// (429 comes with `retry_after` 0.05 s; other statuses with the error body Discord gives with that status
    /// on that route: 403 50013 Missing Permissions, 404 10008 Unknown Message on a message's route, 10003
    /// Unknown Channel on a channel's, 10062 Unknown interaction on a callback, 5xx code 0).
    pub fn fail_next(&self, pattern: &str, status: u16, count: usize) {
        self.lock().faults.push(Fault { pattern: pattern.into(), status, code: None, remaining: count });
    }

    /// As [`FakeDiscord::fail_next`], with Discord's error `code` (40060 already acknowledged, 50001 Missing
    /// Access, ...).
    pub fn fail_next_code(&self, pattern: &str, status: u16, code: u32, count: usize) {
        self.lock().faults.push(Fault { pattern: pattern.into(), status, code: Some(code), remaining: count });
    }

    /// A moderator deletes the channel: from now on every request about it answers 404 10003 Unknown Channel;
    /// with `announce`, the bot is sent CHANNEL_DELETE (as Discord does; without, the bot learns it from a 10003).
    pub fn delete_channel(&self, channel: u64, announce: bool) {
        let json = {
            let mut st = self.lock();
            let json = st.channel_json(channel).expect("delete_channel: no such channel");
            st.channels.remove(&channel);
            json
        };
        if announce {
            self.dispatch("CHANNEL_DELETE", json);
        }
    }

    /// A moderator deletes a channel message: from now on it answers 404 10008 Unknown Message; with
    /// `announce`, the bot is sent MESSAGE_DELETE (as Discord does, to a bot with the guild messages intent).
    pub fn delete_message(&self, message: u64, announce: bool) {
        let event = {
            let mut st = self.lock();
            let Some(m) = st.messages.get(&message) else { panic!("delete_message: no message {message}") };
            let channel = m.channel_id;
            let guild = st.guild_of(channel);
            st.delete_message(message);
            let mut event = json!({"id": message.to_string(), "channel_id": channel.to_string()});
            if let Some(g) = guild {
                event["guild_id"] = json!(g.to_string());
            }
            event
        };
        if announce {
            self.dispatch("MESSAGE_DELETE", event);
        }
    }

    /// Invalid requests so far, as Discord counts them against the bot (401, 403, and 429 not scoped `shared`).
    pub fn invalid_requests(&self) -> u64 {
        self.with_state(|st| st.invalid_requests)
    }

    /// How many times a rate-limit bucket (interactions' apart) was filled: a request took its last slot.
    pub fn buckets_filled(&self) -> u64 {
        self.with_state(|st| st.buckets.filled)
    }

    /// 429s the stand-in answered on the bot's own path: (per-route buckets, global).
    pub fn rate_limited(&self) -> (u64, u64) {
        self.with_state(|st| (st.buckets.limited, st.buckets.limited_global))
    }

    /// What the bot may do in `channel` from now on (`permissions`, Discord's bits): its interactions there carry
    /// them as `app_permissions`, and its posts and edits there are checked as Discord checks them (no View
    /// Channel: 403 50001 Missing Access; no Send Messages for a post, or no Attach Files for a file: 403 50013
    /// Missing Permissions).
    pub fn set_bot_permissions(&self, channel: u64, permissions: u64) {
        let mut st = self.lock();
        let ch = st.channels.get_mut(&channel).expect("set_bot_permissions: no such channel");
        ch.bot_permissions = permissions;
        // What was refused may now be asked again.
        st.refused.clear();
    }

    /// The bot's token is reset, as when its owner presses Reset Token (or Discord revokes a leaked one): from
    /// now on every request that needs it answers 401 `{"message": "401: Unauthorized", "code": 0}` (not a
    /// violation: the bot sent the token it was given), and an IDENTIFY or RESUME is closed with 4004
    /// (Authentication failed). A live connection stays up until it reconnects (`drop_gateway`).
    pub fn revoke_token(&self) {
        self.lock().token_revoked = true;
    }

    /// Closes every shard's gateway websocket (close code 4000, resumable): serenity reconnects and RESUMEs.
    pub fn drop_gateway(&self) {
        let mut st = self.lock();
        for (_, (_, tx)) in std::mem::take(&mut *self.inner.gateway.lock().unwrap()) {
            let _ = tx.send(gateway::GwCmd::Close(4000));
        }
        for s in st.sessions.values_mut() {
            s.live = false;
        }
        drop(st);
        self.changed();
    }

    /// Like `drop_gateway`, but the sessions are also forgotten: the bot's RESUME is answered with
    /// INVALID_SESSION (false), after which serenity waits about 5 s and identifies again.
    pub fn invalidate_session(&self) {
        for s in self.lock().sessions.values_mut() {
            s.session_id = None;
        }
        self.drop_gateway();
    }

    /// A gateway outage (true): every shard's connection is closed (`drop_gateway`) and every attempt to connect
    /// again is answered 503 until the outage ends (false). REST goes on answering.
    pub fn refuse_gateway(&self, down: bool) {
        self.lock().gateway_down = down;
        if down {
            self.drop_gateway();
        }
    }

    /// Stops (false) or resumes (true) acknowledging heartbeats. At its next beat without an ack, serenity 0.12.5
    /// restarts the shard: a new connection and a new IDENTIFY (not a RESUME).
    pub fn ack_heartbeats(&self, on: bool) {
        self.lock().ack_heartbeats = on;
    }

    // ----- gateway

    pub fn gateway_stats(&self) -> GatewayStats {
        self.with_state(GatewayStats::of)
    }

    /// Waits until `f(stats)` holds; panics on timeout.
    pub async fn wait_gateway(&self, timeout: Duration, f: impl Fn(&GatewayStats) -> bool) -> GatewayStats {
        let got = self
            .inner
            .wait_for(timeout, |st| {
                let s = GatewayStats::of(st);
                f(&s).then_some(s)
            })
            .await;
        got.unwrap_or_else(|| panic!("gateway condition not reached within {timeout:?}: {:?}", self.gateway_stats()))
    }

    /// Waits until the bot has identified and registered its commands (guild or global). Panics on timeout.
    /// Has the bot identified and registered its commands?
    pub fn is_ready(&self) -> bool {
        let st = self.lock();
        st.identifies > 0 && !st.registrations.is_empty()
    }

    pub async fn wait_ready(&self, timeout: Duration) {
        let ok =
            self.inner.wait_for(timeout, |st| (st.identifies > 0 && !st.registrations.is_empty()).then_some(())).await;
        if ok.is_none() {
            panic!(
                "bot not ready within {timeout:?}: {:?}, {} command registrations\nrequests:\n{}",
                self.gateway_stats(),
                self.lock().registrations.len(),
                self.requests_summary()
            );
        }
    }

    /// Sends a gateway dispatch (after checking that serenity can read it) on the session of its shard: the
    /// shard of its `guild_id`, or shard 0 without one. Delivered now if that shard is connected, else on its
    /// RESUME.
    pub fn dispatch(&self, event: &str, data: Value) {
        let mut st = self.lock();
        let shard = gateway::shard_of_event(&data, st.shard_count);
        let session = st.sessions.entry(shard).or_default();
        session.seq += 1;
        let seq = session.seq;
        if let Err(e) = gateway::check_dispatch(seq, event, &data) {
            drop(st);
            panic!("fake Discord fixture error: {e}");
        }
        session.log.push((seq, event.to_string(), data.clone()));
        let live = session.live;
        let interaction =
            (event == "INTERACTION_CREATE").then(|| data["id"].as_str().and_then(|id| id.parse().ok())).flatten();
        st.deliveries.push(model::Delivery { shard, event: event.to_string(), interaction });
        if live {
            if let Some((_, tx)) = self.inner.gateway.lock().unwrap().get(&shard) {
                let _ = tx.send(gateway::GwCmd::Dispatch(seq, event.to_string(), data));
            }
        }
    }

    // ----- interactions

    /// The registered commands (as echoed back to the bot, with ids), guild and global.
    pub fn registered_commands(&self) -> Vec<Value> {
        self.with_state(|st| st.commands.iter().map(|c| c.json.clone()).collect())
    }

    /// Every `PUT .../commands` body the bot sent, in order.
    pub fn command_registrations(&self) -> Vec<Value> {
        self.with_state(|st| st.registrations.clone())
    }

    fn base_interaction(st: &mut State, kind: u8, user: u64, channel: u64, data: Value) -> (u64, String, Value) {
        let id = st.new_id();
        let token = format!("itoken-{id}-{}", "x".repeat(40));
        let in_dm = st.channels.get(&channel).is_some_and(|c| c.dm_user.is_some());
        let guild = st.guild_of(channel).unwrap_or(st.guild_id);
        let mut v = json!({
            "id": id.to_string(),
            "application_id": st.app_id.to_string(),
            "type": kind,
            "data": data,
            "channel_id": channel.to_string(),
            "token": token,
            "version": 1,
            "app_permissions": st.channels.get(&channel).map_or(model::PERM_BOT, |c| c.bot_permissions).to_string(),
            "locale": st.users.get(&user).and_then(|u| u.locale.clone()).unwrap_or_else(|| "en-US".to_string()),
            "entitlements": [],
            "attachment_size_limit": 10_485_760,
        });
        if in_dm {
            v["user"] = st.user_json(user);
            v["context"] = json!(1);
            v["authorizing_integration_owners"] = json!({"0": st.guild_id.to_string()});
        } else {
            v["guild_id"] = json!(guild.to_string());
            v["guild_locale"] = json!("en-US");
            v["member"] = st.member_json(user);
            v["context"] = json!(0);
            v["authorizing_integration_owners"] = json!({"0": guild.to_string()});
            if let Some(ch) = st.channel_json(channel) {
                v["channel"] = ch;
            }
        }
        (id, token, v)
    }

    /// What Discord shows `user` typing `partial` into `option` of the command at `path` (with the subcommand):
    /// an autocomplete interaction (type 4) with that option focused, and the choices the bot answers with
    /// (callback type 8). Panics if the option is not registered with `autocomplete`, or unanswered.
    pub async fn autocomplete(&self, user: u64, channel: u64, path: &str, option: &str, partial: &str) -> Vec<Value> {
        let (id, payload) = {
            let mut st = self.lock();
            // While typing, the options typed so far: a required one may be missing yet.
            let mut data = command_data(&st, channel, path, &json!({ option: partial }), true);
            let registered = st
                .commands
                .iter()
                .flat_map(|c| registered_options(&c.json))
                .any(|o| o["name"] == option && o["autocomplete"] == true);
            assert!(registered, "{path:?}: option {option:?} is not registered with autocomplete");
            focus(&mut data["options"], option);
            let (id, token, v) = Self::base_interaction(&mut st, 4, user, channel, data);
            st.interactions.insert(id, new_interaction(id, &token, 4, user, channel, None));
            (id, v)
        };
        self.dispatch("INTERACTION_CREATE", payload);
        let answer = self
            .inner
            .wait_for(Duration::from_secs(10), |st| {
                st.interactions.get(&id).and_then(|i| i.callbacks.first()).map(|c| (c.kind, c.data.clone()))
            })
            .await;
        let Some((8, data)) = answer else { panic!("autocomplete {id} answered with {answer:?}") };
        data["choices"].as_array().cloned().unwrap_or_default()
    }

    /// A slash command from `user` in `channel`: `path` is the command name followed by subcommand group /
    /// subcommand names (`"table open"`); `options` is a JSON object of option name -> value, typed after the
    /// registered command's option types. Panics if the command or an option is not registered.
    pub async fn slash(&self, user: u64, channel: u64, path: &str, options: Value) -> InteractionHandle {
        let (handle, payload) = {
            let mut st = self.lock();
            let data = command_data(&st, channel, path, &options, false);
            let (id, token, v) = Self::base_interaction(&mut st, 2, user, channel, data);
            st.interactions.insert(id, new_interaction(id, &token, 2, user, channel, None));
            (InteractionHandle { fake: self.clone(), id, token }, v)
        };
        self.dispatch("INTERACTION_CREATE", payload);
        handle
    }

    /// A button click by `user` on `message` (a message object as returned by `channel_messages`, `dms`,
    /// `last_message_with_button`...): the button is found by label or custom_id. The interaction carries the
    /// message's current state. Panics if there is no such (enabled) button.
    pub async fn click(&self, user: u64, message: &Value, label_or_custom_id: &str) -> InteractionHandle {
        let msg_id: u64 = message["id"].as_str().and_then(|s| s.parse().ok()).expect("message id");
        let custom_id = {
            let st = self.lock();
            let current = st.message_json(msg_id).unwrap_or_else(|| message.clone());
            let Some(button) = find_button(&current, label_or_custom_id) else {
                panic!("no button {label_or_custom_id:?} on message {msg_id}: {:#}", current["components"]);
            };
            if button["disabled"].as_bool().unwrap_or(false) {
                panic!("button {label_or_custom_id:?} on message {msg_id} is disabled: a user cannot click it");
            }
            button["custom_id"].as_str().expect("button custom_id").to_string()
        };
        self.click_custom(user, message, &custom_id).await
    }

    /// A choice in a string select menu of `message` (found by its custom_id, or the first one): Discord's
    /// checks first (each value one of the menu's options, as many as its min and max allow), then the
    /// interaction, with `values` in its data. Panics where Discord's client would not let a user choose.
    pub async fn select(
        &self,
        user: u64,
        message: &Value,
        custom_id: Option<&str>,
        values: &[&str],
    ) -> InteractionHandle {
        self.component(user, message, |current| {
            let Some(menu) =
                components(current).find(|c| c["type"] == 3 && custom_id.is_none_or(|id| c["custom_id"] == id))
            else {
                panic!("no select menu {custom_id:?} on message {}: {:#}", current["id"], current["components"]);
            };
            let offered: Vec<&str> =
                menu["options"].as_array().into_iter().flatten().filter_map(|o| o["value"].as_str()).collect();
            for v in values {
                assert!(offered.contains(v), "{v:?} is not an option of {:#}", menu);
            }
            let (min, max) = (menu["min_values"].as_u64().unwrap_or(1), menu["max_values"].as_u64().unwrap_or(1));
            let n = values.len() as u64;
            assert!((min..=max).contains(&n), "{n} values for a menu of {min} to {max}");
            json!({"custom_id": menu["custom_id"], "component_type": 3, "values": values})
        })
        .await
    }

    /// A click on `message` carrying `custom_id` as is, whether or not the message has such a button: what a
    /// stale client (an old copy of the message) or a forged interaction sends. The interaction still carries
    /// the message's current state.
    pub async fn click_custom(&self, user: u64, message: &Value, custom_id: &str) -> InteractionHandle {
        self.component(user, message, |_| json!({"custom_id": custom_id, "component_type": 2})).await
    }

    /// A component interaction by `user` on `message` (its current state), with the data `data` makes from it.
    async fn component(&self, user: u64, message: &Value, data: impl FnOnce(&Value) -> Value) -> InteractionHandle {
        let msg_id: u64 = message["id"].as_str().and_then(|s| s.parse().ok()).expect("message id");
        let (handle, payload) = {
            let mut st = self.lock();
            let current = st.message_json(msg_id).unwrap_or_else(|| message.clone());
            let channel: u64 = current["channel_id"].as_str().and_then(|s| s.parse().ok()).expect("channel id");
            let data = data(&current);
            let (id, token, mut v) = Self::base_interaction(&mut st, 3, user, channel, data);
            v["message"] = current;
            st.interactions.insert(id, new_interaction(id, &token, 3, user, channel, Some(msg_id)));
            (InteractionHandle { fake: self.clone(), id, token }, v)
        };
        self.dispatch("INTERACTION_CREATE", payload);
        handle
    }

    /// The user who sent interaction `id` (as created by `slash`, `click` or `click_custom`).
    pub fn interaction_user(&self, id: u64) -> Option<u64> {
        self.with_state(|st| st.interactions.get(&id).map(|i| i.user))
    }

    /// Click-to-answer times of the component interactions created since `since`: from the interaction's
    /// creation (just before INTERACTION_CREATE is sent) to the stand-in's receiving its first callback; and how
    /// many of them have no callback yet.
    pub fn click_latencies(&self, since: Instant) -> (Vec<Duration>, usize) {
        self.with_state(|st| {
            let clicks = st.interactions.values().filter(|i| i.kind == 3 && i.created >= since);
            let (mut times, mut unanswered) = (Vec::new(), 0);
            for i in clicks {
                match i.callbacks.first() {
                    Some(c) => times.push(c.at.saturating_duration_since(i.created)),
                    None => unanswered += 1,
                }
            }
            (times, unanswered)
        })
    }

    /// Hand messages ("Teen Patti · hand #N") the bot posted since `since`.
    pub fn hands_posted_since(&self, since: Instant) -> usize {
        self.with_state(|st| {
            st.requests
                .iter()
                .filter(|r| r.at >= since && r.route == "POST /channels/{channel_id}/messages" && r.status < 300)
                .filter(|r| r.body.as_ref().is_some_and(|b| b.to_string().contains("Teen Patti · hand #")))
                .count()
        })
    }

    /// Who can read message `id`: `Some(None)` everyone in its channel, `Some(Some(user))` only that user (an
    /// ephemeral message), None: no such message.
    pub fn message_reader(&self, id: u64) -> Option<Option<u64>> {
        self.with_state(|st| st.messages.get(&id).map(|m| m.ephemeral_for))
    }

    // ----- what players see

    /// The messages of a channel (oldest first, current state after edits, without deleted or ephemeral ones).
    pub fn channel_messages(&self, channel: u64) -> Vec<Value> {
        self.with_state(|st| {
            st.messages
                .values()
                .filter(|m| m.channel_id == channel && !m.deleted && m.ephemeral_for.is_none())
                .map(|m| m.json.clone())
                .collect()
        })
    }

    /// The messages the bot sent to this user's DM channel.
    pub fn dms(&self, user: u64) -> Vec<Value> {
        let ch = self.with_state(|st| st.users.get(&user).and_then(|u| u.dm_channel));
        ch.map(|c| self.channel_messages(c)).unwrap_or_default()
    }

    /// The ephemeral replies and follow-ups only this user sees.
    pub fn ephemerals(&self, user: u64) -> Vec<Value> {
        self.with_state(|st| {
            st.messages
                .values()
                .filter(|m| m.ephemeral_for == Some(user) && !m.deleted)
                .map(|m| m.json.clone())
                .collect()
        })
    }

    /// The newest message in `channel` with a button of this label (or custom_id).
    pub fn last_message_with_button(&self, channel: u64, label: &str) -> Option<Value> {
        self.channel_messages(channel).into_iter().rev().find(|m| find_button(m, label).is_some())
    }

    /// Waits for a message in `channel` satisfying `f`.
    pub async fn wait_for_message(&self, channel: u64, timeout: Duration, f: impl Fn(&Value) -> bool) -> Option<Value> {
        self.inner
            .wait_for(timeout, |st| {
                st.messages
                    .values()
                    .rev()
                    .find(|m| m.channel_id == channel && !m.deleted && m.ephemeral_for.is_none() && f(&m.json))
                    .map(|m| m.json.clone())
            })
            .await
    }

    // ----- requests

    pub fn requests(&self) -> Vec<RecordedRequest> {
        self.with_state(|st| st.requests.clone())
    }

    /// Requests to routes the stand-in does not know (answered 404).
    pub fn unknown_routes(&self) -> Vec<RecordedRequest> {
        self.with_state(|st| st.requests.iter().filter(|r| !r.known).cloned().collect())
    }

    /// Number of requests per route template since `since`.
    pub fn calls_by_route(&self, since: Instant) -> BTreeMap<String, usize> {
        let mut out = BTreeMap::new();
        for r in self.with_state(|st| st.requests.iter().filter(|r| r.at >= since).cloned().collect::<Vec<_>>()) {
            *out.entry(r.route).or_insert(0) += 1;
        }
        out
    }

    /// Waits for a request (already made or coming) satisfying `f`.
    pub async fn wait_for_request(
        &self,
        f: impl Fn(&RecordedRequest) -> bool,
        timeout: Duration,
    ) -> Option<RecordedRequest> {
        self.inner.wait_for(timeout, |st| st.requests.iter().find(|r| f(r)).cloned()).await
    }

    pub fn requests_summary(&self) -> String {
        self.with_state(|st| {
            st.requests
                .iter()
                .map(|r| {
                    format!(
                        "  {} {} -> {}",
                        r.route,
                        r.body.as_ref().map(|b| b.to_string()).unwrap_or_default(),
                        r.status
                    )
                })
                .collect::<Vec<_>>()
                .join("\n")
        })
    }

    // ----- violations

    pub fn violations(&self) -> Vec<Violation> {
        self.with_state(|st| st.violations.clone())
    }

    pub fn clear_violations(&self) {
        self.lock().violations.clear();
    }

    /// Panics (listing them) if the bot broke any of Discord's rules, or a fixture of the stand-in did not
    /// deserialize with serenity's types.
    pub fn assert_no_violations(&self) {
        let v = self.violations();
        if !v.is_empty() {
            self.clear_violations();
            panic!("fake Discord recorded {} violation(s):\n{}", v.len(), format_violations(&v));
        }
    }
}

/// Every option registered under a command, at any depth.
fn registered_options(command: &Value) -> Vec<Value> {
    let mut out = Vec::new();
    let mut todo: Vec<&Value> =
        command.get("options").and_then(Value::as_array).map(|a| a.iter().collect()).unwrap_or_default();
    while let Some(o) = todo.pop() {
        out.push(o.clone());
        todo.extend(o.get("options").and_then(Value::as_array).into_iter().flatten());
    }
    out
}

/// Marks `option` focused (`"focused": true`), at any depth of an interaction's options.
fn focus(options: &mut Value, option: &str) {
    let Some(list) = options.as_array_mut() else { return };
    for o in list {
        if o["name"] == option && o.get("options").is_none() {
            o["focused"] = json!(true);
        } else if let Some(inner) = o.get_mut("options") {
            focus(inner, option);
        }
    }
}

/// The `data` of an application command interaction for `path` with `options` (typed after the registered
/// command's options), as the user's client in `channel` sends it (`typing`: an autocomplete, whose required
/// options may not be typed yet).
fn command_data(st: &State, channel: u64, path: &str, options: &Value, typing: bool) -> Value {
    let mut words = path.split_whitespace();
    let name = words.next().expect("command name");
    let sub: Vec<&str> = words.collect();
    // The command as the user's client sees it there: registered in the channel's guild or globally, else
    // (a DM, a command registered in another guild) any registration of that name.
    let here = st.guild_of(channel);
    let named = |c: &&model::RegisteredCommand| c.json["name"] == name && c.json["type"] == 1;
    let visible = st.commands.iter().rev().filter(named).find(|c| c.guild_id.is_none() || c.guild_id == here);
    let Some(cmd) = visible.or_else(|| st.commands.iter().rev().find(named)).cloned() else {
        let names: Vec<String> = st.commands.iter().map(|c| c.json["name"].to_string()).collect();
        panic!("command {name:?} is not registered (registered: {names:?})");
    };
    let values = options.as_object().cloned().unwrap_or_default();
    let mut resolved_users = serde_json::Map::new();
    let schema = cmd.json.get("options").and_then(Value::as_array).cloned().unwrap_or_default();
    let opts = build_options(st, &schema, &sub, &values, &mut resolved_users, (path, typing));
    let mut data = json!({"id": cmd.id.to_string(), "name": name, "type": 1, "options": opts});
    if let Some(g) = cmd.guild_id {
        data["guild_id"] = json!(g.to_string());
    }
    if !resolved_users.is_empty() {
        // Discord resolves a user option to the user and, for a member of the guild, a partial member
        // (without `user`, `deaf` and `mute`).
        let mut members = serde_json::Map::new();
        for id in resolved_users.keys() {
            let joined = id.parse::<u64>().ok().and_then(|u| st.users.get(&u)).and_then(|u| u.joined_at);
            if let (Some(_), Ok(uid)) = (joined, id.parse::<u64>()) {
                let mut m = st.member_json(uid);
                if let Some(o) = m.as_object_mut() {
                    for key in ["user", "deaf", "mute"] {
                        o.remove(key);
                    }
                }
                members.insert(id.clone(), m);
            }
        }
        data["resolved"] = json!({"users": resolved_users, "members": members});
    }
    data
}

fn new_interaction(id: u64, token: &str, kind: u8, user: u64, channel: u64, source: Option<u64>) -> InteractionRec {
    InteractionRec {
        id,
        token: token.to_string(),
        kind,
        user,
        channel,
        created: Instant::now(),
        callbacks: Vec::new(),
        original: None,
        followups: Vec::new(),
        source_message: source,
    }
}

/// The components of a message's action rows, row by row.
pub fn components(message: &Value) -> impl Iterator<Item = &Value> {
    message["components"]
        .as_array()
        .into_iter()
        .flatten()
        .flat_map(|row| row["components"].as_array().into_iter().flatten())
}

fn find_button(message: &Value, key: &str) -> Option<Value> {
    components(message).find(|c| c["type"] == 2 && (c["label"] == key || c["custom_id"] == key)).cloned()
}

fn build_options(
    st: &State,
    schema: &[Value],
    sub: &[&str],
    values: &serde_json::Map<String, Value>,
    resolved_users: &mut serde_json::Map<String, Value>,
    (path, typing): (&str, bool),
) -> Vec<Value> {
    if let Some((first, rest)) = sub.split_first() {
        let Some(o) = schema.iter().find(|o| o["name"] == *first && (o["type"] == 1 || o["type"] == 2)) else {
            panic!("{path:?}: no subcommand or group {first:?} registered");
        };
        let inner = o.get("options").and_then(Value::as_array).cloned().unwrap_or_default();
        return vec![json!({
            "name": first,
            "type": o["type"],
            "options": build_options(st, &inner, rest, values, resolved_users, (path, typing)),
        })];
    }
    if schema.iter().any(|o| o["type"] == 1 || o["type"] == 2) {
        panic!("{path:?} names a command with subcommands: give the subcommand too");
    }
    for o in schema {
        let required = o["required"].as_bool().unwrap_or(false);
        let name = o["name"].as_str().unwrap_or("");
        if required && !typing && !values.contains_key(name) {
            panic!("{path:?}: required option {name:?} missing");
        }
    }
    let mut out = Vec::new();
    for (name, value) in values {
        let Some(o) = schema.iter().find(|o| o["name"] == name.as_str()) else {
            panic!("{path:?}: no option {name:?} registered");
        };
        let kind = o["type"].as_u64().unwrap_or(3);
        let as_id = |v: &Value| match v {
            Value::Number(n) => n.to_string(),
            Value::String(s) => s.clone(),
            other => panic!("{path:?}: option {name:?} needs an id, got {other}"),
        };
        let value = match kind {
            3 => match value {
                Value::String(_) => value.clone(),
                other => Value::String(other.to_string()),
            },
            4 => json!(value.as_i64().unwrap_or_else(|| panic!("{path:?}: option {name:?} needs an integer"))),
            10 => json!(value.as_f64().unwrap_or_else(|| panic!("{path:?}: option {name:?} needs a number"))),
            5 => json!(value.as_bool().unwrap_or_else(|| panic!("{path:?}: option {name:?} needs a boolean"))),
            6 => {
                let id = as_id(value);
                if let Ok(uid) = id.parse::<u64>() {
                    resolved_users.insert(id.clone(), st.user_json(uid));
                }
                json!(id)
            }
            7 | 8 | 9 | 11 => json!(as_id(value)),
            _ => value.clone(),
        };
        out.push(json!({"name": name, "type": kind, "value": value}));
    }
    out
}
