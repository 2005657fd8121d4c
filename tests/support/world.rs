//! A scenario's world for end-to-end tests: the stand-in, the real bot process, its database (a SQLite file, or
//! a new database on the test PostgreSQL server for the scenarios declared on both backends) and a channel,
//! with helpers to act as players and to read what the bot wrote to its database.
//!
//! The scenarios read the database only through `World` (balances, the audit, a hand's record, seats), so a
//! change of the store's API changes this file only.

use std::path::PathBuf;
use std::time::Duration;

use serde_json::Value;
use teenpatti::i18n::Lang;
use tokio::sync::OnceCell;

use super::bot::BotProcess;
use super::{components, FakeDiscord, FakeOptions, InteractionResponse};
use teenpatti::engine::{Action, Card, Hand, Rules};
use teenpatti::ids::{ChannelId, GuildId, HandId, TableId, UserId};
use teenpatti::store::{Audit, GuildSettings, HandRecord, HandStatus, Reason, Store, TableRow};

/// How long a scenario waits for anything the bot should do at once.
pub const T: Duration = Duration::from_secs(10);

/// The pause between hands when a scenario does not set one: ten minutes, so a table never deals by itself
/// while a test runs (a new hand comes only from Start).
pub const NO_AUTO_DEAL: Duration = Duration::from_secs(600);

/// Chips a wallet starts with (the default `starting_balance`).
pub const STARTING_BALANCE: i64 = 1000;

/// Routes, as the stand-in names them.
pub const POST_MESSAGE: &str = "POST /channels/{channel_id}/messages";
pub const PATCH_MESSAGE: &str = "PATCH /channels/{channel_id}/messages/{message_id}";
pub const OPEN_DM: &str = "POST /users/@me/channels";
pub const CALLBACK: &str = "POST /interactions/{interaction_id}/{interaction_token}/callback";
pub const FOLLOW_UP: &str = "POST /webhooks/{webhook_id}/{webhook_token}";

/// Runs each named scenario, `async fn name(w: World)`, on both backends: as `sqlite::name` and as
/// `postgres::name` (a new database on the test PostgreSQL server; skipped without one unless
/// `TEENPATTI_REQUIRE_PG=1`, as in CI), its world started with the given hand break. The declared set (a full
/// hand, a restart mid-hand, tournaments, the economy) is listed in docs/testing.md.
#[macro_export]
macro_rules! e2e_on_both_backends {
    ($($name:ident: $hand_break:expr),* $(,)?) => {
        mod sqlite {
            $(
                #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
                async fn $name() {
                    use $crate::world::{Backend, World};
                    let w = World::start_on(Backend::Sqlite, $hand_break).await;
                    super::$name(w.unwrap_or_else(|| unreachable!("SQLite is always there"))).await;
                }
            )*
        }
        mod postgres {
            $(
                #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
                async fn $name() {
                    use $crate::world::{Backend, World};
                    let Some(w) = World::start_on(Backend::Postgres, $hand_break).await else { return };
                    super::$name(w).await;
                }
            )*
        }
    };
}

/// The database a world's bot runs on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Backend {
    /// A SQLite file in the world's folder (the default, as the README's first command runs).
    Sqlite,
    /// A new database on the test PostgreSQL server (`TEENPATTI_TEST_PG`; see `fixtures/pg.rs`).
    Postgres,
}

/// One scenario's world: the stand-in, the bot, its database, a channel.
pub struct World {
    pub fake: FakeDiscord,
    pub bot: BotProcess,
    /// The SQLite file (on [`Backend::Sqlite`]; on PostgreSQL a path that is never created).
    pub db: PathBuf,
    /// The bot's `DATABASE_URL`.
    pub url: String,
    pub backend: Backend,
    pub channel: u64,
    pub dir: tempfile::TempDir,
    /// The bot's `TEENPATTI_HAND_BREAK_MS`, kept for a restart.
    hand_break: Duration,
    /// The bot's `TEENPATTI_BOT_DELAY_MS` (how long a computer player takes to move), kept for a restart.
    bot_delay: Duration,
    /// Opened at the first read, once the bot has created the database.
    store: OnceCell<Store>,
    /// More environment for the bot (kept for a restart).
    extra_env: Vec<(String, String)>,
}

/// A hand as the database holds it, replayed with the engine.
pub struct DbHand {
    /// Users in seat order.
    pub users: Vec<u64>,
    /// Each seat's cards.
    pub cards: Vec<Vec<Card>>,
    /// The hand replayed from its setup and action log.
    pub hand: Hand,
    pub rules: Rules,
    pub status: HandStatus,
    /// The action log: (seat, action).
    pub actions: Vec<(usize, Action)>,
}

/// What a refused click must leave alone.
#[derive(Debug, PartialEq, Eq)]
pub struct DbState {
    pub balances: Vec<i64>,
    pub ledger_rows: i64,
    pub hands: i64,
    pub actions: Vec<(usize, Action)>,
}

/// Waits until the bot is ready (identified, commands registered), failing at once, with its log, if the process
/// exits first (a bad migration, a refused setting) instead of waiting out the timeout.
async fn wait_started(fake: &FakeDiscord, bot: &mut BotProcess) {
    let deadline = tokio::time::Instant::now() + Duration::from_secs(30);
    while !fake.is_ready() {
        if let Some(status) = bot.wait_exit(Duration::ZERO) {
            panic!("the bot exited at start ({status}) before it was ready:\n{}", bot.log());
        }
        if tokio::time::Instant::now() > deadline {
            fake.wait_ready(Duration::ZERO).await;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

impl World {
    /// A world whose table never deals by itself ([`NO_AUTO_DEAL`]).
    pub async fn start() -> World {
        World::start_with_break(NO_AUTO_DEAL).await
    }

    /// A world whose bot waits `hand_break` after a hand before dealing the next one.
    pub async fn start_with_break(hand_break: Duration) -> World {
        World::start_with(FakeOptions::default(), hand_break).await
    }

    /// A world whose stand-in has these options (its rate limits, say).
    pub async fn start_with(opts: FakeOptions, hand_break: Duration) -> World {
        World::start_full(opts, hand_break, BOT_DELAY).await
    }

    /// A world whose computer players take `bot_delay` to move (50 ms unless a scenario says).
    pub async fn start_with_bot_delay(bot_delay: Duration) -> World {
        World::start_full(FakeOptions::default(), NO_AUTO_DEAL, bot_delay).await
    }

    /// A world whose bot runs on `backend`; None when that is PostgreSQL and there is no test server (the test
    /// says it was skipped; with `TEENPATTI_REQUIRE_PG=1`, as in CI, it fails instead).
    pub async fn start_on(backend: Backend, hand_break: Duration) -> Option<World> {
        World::start_backend(FakeOptions::default(), hand_break, BOT_DELAY, backend).await
    }

    async fn start_full(opts: FakeOptions, hand_break: Duration, bot_delay: Duration) -> World {
        let started = World::start_backend(opts, hand_break, bot_delay, Backend::Sqlite).await;
        started.unwrap_or_else(|| unreachable!("SQLite is always there"))
    }

    /// A world (SQLite, no automatic deal) whose bot has this environment besides the usual.
    pub async fn start_with_env(env: &[(&str, &str)]) -> World {
        let started = World::start_on_with_env(Backend::Sqlite, env).await;
        started.unwrap_or_else(|| unreachable!("SQLite is always there"))
    }

    /// [`World::start_with_env`] on `backend` (None: PostgreSQL without a test server, as [`World::start_on`]).
    pub async fn start_on_with_env(backend: Backend, env: &[(&str, &str)]) -> Option<World> {
        let extra: Vec<(String, String)> = env.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
        World::start_env(FakeOptions::default(), NO_AUTO_DEAL, BOT_DELAY, backend, extra).await
    }

    /// A world whose stand-in has `opts` and whose bot has this environment besides the usual (SQLite).
    pub async fn start_with_opts_env(opts: FakeOptions, env: &[(&str, &str)]) -> World {
        let extra: Vec<(String, String)> = env.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
        let started = World::start_env(opts, NO_AUTO_DEAL, BOT_DELAY, Backend::Sqlite, extra).await;
        started.unwrap_or_else(|| unreachable!("SQLite is always there"))
    }

    async fn start_backend(
        opts: FakeOptions,
        hand_break: Duration,
        bot_delay: Duration,
        backend: Backend,
    ) -> Option<World> {
        World::start_env(opts, hand_break, bot_delay, backend, Vec::new()).await
    }

    async fn start_env(
        opts: FakeOptions,
        hand_break: Duration,
        bot_delay: Duration,
        backend: Backend,
        extra_env: Vec<(String, String)>,
    ) -> Option<World> {
        let dir = tempfile::tempdir().unwrap();
        let db = dir.path().join("teenpatti.db");
        let url = match backend {
            Backend::Sqlite => format!("sqlite://{}", db.display()),
            Backend::Postgres => super::pg::PgDb::new().await?.url,
        };
        let fake = FakeDiscord::start(opts).await;
        let channel = fake.add_channel("tables");
        let mut bot = spawn_bot(&fake, &url, hand_break, bot_delay, &extra_env);
        wait_started(&fake, &mut bot).await;
        let store = OnceCell::new();
        Some(World { fake, bot, db, url, backend, channel, dir, hand_break, bot_delay, store, extra_env })
    }

    /// Kills the bot (SIGKILL, as a crash) and starts a new process on the same database and stand-in, with the
    /// same hand break; waits until it has identified again and registered its commands again.
    pub async fn restart(&mut self) {
        self.restart_with_break(self.hand_break).await;
    }

    /// [`World::restart`] with another hand break.
    pub async fn restart_with_break(&mut self, hand_break: Duration) {
        let identifies = self.fake.gateway_stats().identifies;
        let registrations = self.fake.command_registrations().len();
        self.bot.kill();
        self.hand_break = hand_break;
        self.bot = spawn_bot(&self.fake, &self.url, hand_break, self.bot_delay, &self.extra_env);
        self.fake.wait_gateway(Duration::from_secs(30), |g| g.identifies > identifies && g.live).await;
        poll("the restarted bot to register its commands", Duration::from_secs(30), || {
            (self.fake.command_registrations().len() > registrations).then_some(())
        })
        .await;
    }

    /// [`World::restart`], the new process with its log stream closed ([`BotProcess::spawn_with_closed_log`]).
    pub async fn restart_with_closed_log(&mut self) {
        let identifies = self.fake.gateway_stats().identifies;
        self.bot.kill();
        let env =
            [("TEENPATTI_HAND_BREAK_MS", self.hand_break.as_millis().to_string()), ("DATABASE_URL", self.url.clone())];
        let env: Vec<(&str, &str)> = env.iter().map(|(k, v)| (*k, v.as_str())).collect();
        self.bot = BotProcess::spawn_with_closed_log(&self.fake, &self.db, &env);
        self.fake.wait_gateway(Duration::from_secs(30), |g| g.identifies > identifies && g.live).await;
    }

    /// Users of the guild with these names.
    pub fn users<const N: usize>(&self, names: [&str; N]) -> [u64; N] {
        names.map(|n| self.fake.add_user(n))
    }

    // ----- acting as players

    pub async fn slash(&self, user: u64, path: &str, options: Value) -> InteractionResponse {
        self.fake.slash(user, self.channel, path, options).await.response(T).await
    }

    /// A slash command that must be answered with an ephemeral message; returns its content.
    pub async fn ephemeral_reply(&self, user: u64, path: &str, options: Value) -> String {
        let r = self.slash(user, path, options).await;
        assert_eq!(r.kind, 4, "/{path}: {r:?}");
        assert!(r.ephemeral, "/{path} should answer ephemerally: {r:?}");
        r.content
    }

    /// A slash command that must be answered publicly; returns the response.
    pub async fn public_reply(&self, user: u64, path: &str, options: Value) -> InteractionResponse {
        let r = self.slash(user, path, options).await;
        assert_eq!(r.kind, 4, "/{path}: {r:?}");
        assert!(!r.ephemeral, "/{path} should answer publicly: {r:?}");
        r
    }

    /// Clicks the button whose label starts with `label` on the newest message that has one, waiting for one to
    /// show it (the bot edits a hand message as the channel's rate limit allows, as a player sees it).
    pub async fn click(&self, user: u64, label: &str) -> InteractionResponse {
        let shown = self.fake.wait_for_message(self.channel, T, |m| button_label(m, label).is_some()).await;
        let msg = shown.unwrap_or_else(|| self.message_with_prefix(label));
        let full = button_label(&msg, label).unwrap();
        self.fake.click(user, &msg, &full).await.response(T).await
    }

    /// [`World::act`] on the hand message once it shows the hand at `seq` (its buttons carry the count of
    /// actions they were drawn after): a table whose computer players act faster than the channel's rate limit
    /// lets the bot edit shows its newest state a moment later, and a player clicks what they see.
    pub async fn act_when_shown(&self, user: u64, label: &str, seq: usize) -> InteractionResponse {
        let drawn_at = |m: &Value| {
            let full = button_label(m, label)?;
            let id = components(m).find(|b| b["label"] == full.as_str())?["custom_id"].as_str()?.to_string();
            id.split(':').nth(3)?.parse::<usize>().ok()
        };
        let shown = self.fake.wait_for_message(self.channel, T, |m| drawn_at(m) == Some(seq)).await;
        let msg = shown.unwrap_or_else(|| panic!("no {label:?} button drawn at action {seq}:\n{}", self.transcript()));
        let full = button_label(&msg, label).unwrap();
        let r = self.fake.click(user, &msg, &full).await.response(T).await;
        assert!(r.accepted(), "{label} by {user} was refused: {r:?}\n{}", self.transcript());
        r
    }

    /// A click that must be accepted: the message is updated in place.
    pub async fn act(&self, user: u64, label: &str) -> InteractionResponse {
        let r = self.click(user, label).await;
        assert!(r.accepted(), "{label} by {user} was refused: {r:?}\n{}", self.transcript());
        r
    }

    /// `players[0]` opens a table with these `/table open` options, the others join with the lobby's Join
    /// button, in this order. Returns the answer to `/table open`.
    pub async fn open_table(&self, players: &[u64], options: Value) -> InteractionResponse {
        let open = self.slash(players[0], "table open", options).await;
        assert_eq!(open.kind, 4, "{open:?}");
        for &p in &players[1..] {
            self.act(p, "Join").await;
        }
        open
    }

    /// [`World::open_table`], then the opener presses Start; returns the first hand message.
    pub async fn open_and_start(&self, players: &[u64], options: Value) -> Value {
        self.open_table(players, options).await;
        self.act(players[0], "Start").await;
        self.wait_new_hand(&[]).await
    }

    // ----- what players see

    /// Waits until hand `hand`'s message is drawn at action `seq` (its buttons carry the count of actions).
    pub async fn wait_hand_drawn_at(&self, hand: i64, seq: usize) {
        let at = |m: &Value| {
            is_hand(m, hand)
                && button_label(m, "Pack").is_some_and(|l| custom_id(m, &l).split(':').nth(3) == Some(&seq.to_string()))
        };
        let drawn = self.fake.wait_for_message(self.channel, T, at).await;
        assert!(drawn.is_some(), "hand {hand}'s message never drawn at action {seq}:\n{}", self.transcript());
    }

    /// The newest channel message that has a button with this label.
    pub fn message_with(&self, label: &str) -> Value {
        self.fake
            .last_message_with_button(self.channel, label)
            .unwrap_or_else(|| panic!("no message with a {label:?} button:\n{}", self.transcript()))
    }

    pub fn message_with_prefix(&self, prefix: &str) -> Value {
        self.newest(|m| button_label(m, prefix).is_some())
            .unwrap_or_else(|| panic!("no message with a button starting {prefix:?}:\n{}", self.transcript()))
    }

    /// The channel message with this id, as it is now.
    pub fn message(&self, id: &str) -> Value {
        self.newest(|m| m["id"].as_str() == Some(id))
            .unwrap_or_else(|| panic!("no message {id}:\n{}", self.transcript()))
    }

    /// The newest hand message ("Teen Patti · hand #N").
    pub fn hand_message(&self) -> Value {
        self.newest(is_hand_message).unwrap_or_else(|| panic!("no hand message:\n{}", self.transcript()))
    }

    fn newest(&self, f: impl Fn(&Value) -> bool) -> Option<Value> {
        self.fake.channel_messages(self.channel).into_iter().rev().find(|m| f(m))
    }

    /// Waits for a hand message other than those in `seen` (message ids); returns it.
    pub async fn wait_new_hand(&self, seen: &[String]) -> Value {
        self.fake
            .wait_for_message(self.channel, T, |m| {
                is_hand_message(m) && !seen.iter().any(|id| m["id"].as_str() == Some(id.as_str()))
            })
            .await
            .unwrap_or_else(|| panic!("no new hand message:\n{}", self.transcript()))
    }

    /// Waits for hand `n`'s message.
    pub async fn wait_hand(&self, n: i64) -> Value {
        match self.fake.wait_for_message(self.channel, T, |m| is_hand(m, n)).await {
            Some(m) => m,
            None => panic!("no message for hand #{n}:\n{}", self.transcript()),
        }
    }

    /// Waits until hand `n`'s message shows the hand is over.
    pub async fn wait_hand_over(&self, n: i64) -> Value {
        match self.fake.wait_for_message(self.channel, T, |m| is_hand(m, n) && is_over(m)).await {
            Some(m) => m,
            None => panic!("hand #{n} did not end:\n{}", self.transcript()),
        }
    }

    /// Waits for an ephemeral message to `user` containing `needle`; returns its content.
    pub async fn wait_ephemeral(&self, user: u64, needle: &str) -> String {
        poll(&format!("an ephemeral {needle:?} to {user}"), T, || {
            newest_containing(&self.fake.ephemerals(user), needle)
        })
        .await
    }

    /// Waits for a DM to `user` containing `needle`; returns its content.
    pub async fn wait_dm(&self, user: u64, needle: &str) -> String {
        poll(&format!("a DM {needle:?} to {user}"), T, || newest_containing(&self.fake.dms(user), needle)).await
    }

    /// Every channel message as a player reads it.
    pub fn transcript(&self) -> String {
        self.fake.channel_messages(self.channel).iter().map(render_message).collect::<Vec<_>>().join("\n----\n")
    }

    // ----- the database

    pub fn guild(&self) -> GuildId {
        GuildId(self.fake.guild_id())
    }

    pub async fn store(&self) -> &Store {
        self.store
            .get_or_init(|| async {
                // Beside the running bot: the test reads its database (the file's lock is the bot's).
                let opts = teenpatti::store::OpenOptions { beside_the_bot: true, ..Default::default() };
                Store::open_with(&self.url, opts).await.unwrap()
            })
            .await
    }

    pub async fn balance(&self, user: u64) -> i64 {
        self.store().await.balance(self.guild(), UserId(user)).await.unwrap()
    }

    /// The balances of these users, in this order.
    pub async fn balances(&self, users: &[u64]) -> Vec<i64> {
        let mut v = Vec::new();
        for &u in users {
            v.push(self.balance(u).await);
        }
        v
    }

    pub async fn audit(&self) -> Audit {
        self.store().await.audit().await.unwrap()
    }

    /// The books balance: wallets plus live pots equal the chips ever granted.
    pub async fn assert_audit(&self) {
        let audit = self.audit().await;
        assert!(audit.ok(), "{audit:?}");
    }

    /// Users who each started with [`STARTING_BALANCE`] and only played still hold that much together, and the
    /// books balance.
    pub async fn assert_chips_conserved(&self, users: &[u64]) {
        let sum: i64 = self.balances(users).await.iter().sum();
        assert_eq!(sum, STARTING_BALANCE * users.len() as i64, "chips were created or lost");
        self.assert_audit().await;
    }

    pub async fn record(&self, hand_id: i64) -> HandRecord {
        let record = self.store().await.hand_record(HandId(hand_id)).await.unwrap();
        record.unwrap_or_else(|| panic!("no hand {hand_id} in the db"))
    }

    /// Hand `hand_id` from the database, replayed.
    pub async fn hand_from_db(&self, hand_id: i64) -> DbHand {
        let rec = self.record(hand_id).await;
        let actions: Vec<(usize, Action)> = rec.actions.iter().map(|a| (a.seat, a.action)).collect();
        let (hand, _) = Hand::replay(&rec.setup, &actions).unwrap();
        let cards = hand.seats().iter().map(|s| s.cards.clone()).collect();
        DbHand {
            users: rec.summary.users.iter().map(|u| u.get()).collect(),
            cards,
            hand,
            rules: rec.rules,
            status: rec.summary.status,
            actions,
        }
    }

    /// Hand `hand_id`'s action log: (seat, action).
    pub async fn actions(&self, hand_id: i64) -> Vec<(usize, Action)> {
        self.record(hand_id).await.actions.iter().map(|a| (a.seat, a.action)).collect()
    }

    /// The ids of the hands being played.
    pub async fn live_hands(&self) -> Vec<i64> {
        self.store().await.live_hands().await.unwrap().iter().map(|h| h.summary.id.get()).collect()
    }

    /// How many hands were ever dealt.
    pub async fn hand_count(&self) -> i64 {
        self.count_rows("hands").await
    }

    async fn count_rows(&self, table: &str) -> i64 {
        let sql = format!("SELECT COUNT(*) FROM {table}");
        match self.store().await.sqlite_pool() {
            Some(pool) => sqlx::query_scalar(&sql).fetch_one(pool).await.unwrap(),
            None => {
                let pool = sqlx::PgPool::connect(&self.url).await.unwrap();
                let n = sqlx::query_scalar(&sql).fetch_one(&pool).await.unwrap();
                pool.close().await;
                n
            }
        }
    }

    /// The balances of `users`, the ledger and hand counts and hand `hand_id`'s action log.
    pub async fn db_state(&self, users: &[u64], hand_id: i64) -> DbState {
        DbState {
            balances: self.balances(users).await,
            ledger_rows: self.count_rows("ledger").await,
            hands: self.hand_count().await,
            actions: self.actions(hand_id).await,
        }
    }

    /// The table open in this world's channel.
    pub async fn table(&self) -> TableRow {
        let table = self.store().await.table_in_channel(ChannelId(self.channel)).await.unwrap();
        table.unwrap_or_else(|| panic!("no table in channel {}", self.channel))
    }

    /// The id of the table open in this world's channel.
    pub async fn table_id(&self) -> i64 {
        self.table_id_in(self.channel).await
    }

    /// The id of the table open in `channel`.
    pub async fn table_id_in(&self, channel: u64) -> i64 {
        let table = self.store().await.table_in_channel(ChannelId(channel)).await.unwrap();
        table.unwrap_or_else(|| panic!("no table in channel {channel}")).id.get()
    }

    pub async fn table_exists(&self, table_id: i64) -> bool {
        self.store().await.table(TableId(table_id)).await.unwrap().is_some()
    }

    /// The users seated at a table, in seat order.
    pub async fn seated(&self, table_id: i64) -> Vec<u64> {
        self.store().await.seats(TableId(table_id)).await.unwrap().iter().map(|s| s.user.get()).collect()
    }

    /// Each seat's (turns timed out in a row, sitting out), in seat order.
    pub async fn seat_timeouts(&self, table_id: i64) -> Vec<(i64, bool)> {
        self.store().await.seats(TableId(table_id)).await.unwrap().iter().map(|s| (s.timeouts, s.sat_out)).collect()
    }

    pub async fn guild_settings(&self) -> GuildSettings {
        self.store().await.guild_settings(self.guild()).await.unwrap()
    }

    /// `/grant`s to `user`, oldest first: (chips, the admin who granted them).
    pub async fn admin_grants(&self, user: u64) -> Vec<(i64, Option<u64>)> {
        let ledger = self.store().await.ledger(self.guild(), UserId(user), 50).await.unwrap();
        let mut grants: Vec<_> = ledger
            .into_iter()
            .filter(|r| r.reason == Reason::AdminGrant)
            .map(|r| (r.delta, r.actor.map(|a| a.get())))
            .collect();
        grants.reverse();
        grants
    }
}

/// The id of the table open in `channel` in the database at `db` (None: no table there), for scenarios with several
/// bot processes, each on its own file. Read it once the bot has stopped.
pub async fn table_in_db(db: &std::path::Path, channel: u64) -> Option<i64> {
    let store = Store::open(&format!("sqlite://{}", db.display())).await.unwrap();
    let table = store.table_in_channel(ChannelId(channel)).await.unwrap().map(|t| t.id.get());
    store.close().await;
    table
}

/// How long a scenario's computer players take to move unless it says otherwise.
const BOT_DELAY: Duration = Duration::from_millis(50);

/// The bot on the database at `url` (its `DATABASE_URL`). On PostgreSQL its shard lease is the shortest (3 s), so
/// that a process started after a SIGKILL takes over as soon as the old lease runs out, not after the default 15 s.
fn spawn_bot(
    fake: &FakeDiscord,
    url: &str,
    hand_break: Duration,
    bot_delay: Duration,
    extra: &[(String, String)],
) -> BotProcess {
    let (hand_break, bot_delay) = (hand_break.as_millis().to_string(), bot_delay.as_millis().to_string());
    let mut env =
        vec![("DATABASE_URL", url), ("TEENPATTI_HAND_BREAK_MS", &hand_break), ("TEENPATTI_BOT_DELAY_MS", &bot_delay)];
    if url.starts_with("postgres") {
        env.push(("LEASE_SECONDS", "3"));
    }
    env.extend(extra.iter().map(|(k, v)| (k.as_str(), v.as_str())));
    BotProcess::spawn(fake, std::path::Path::new("unused.db"), &env)
}

/// Clicks the button whose label starts with `label` on the newest message of `channel` that has one (for
/// scenarios with several channels).
pub async fn click_in(fake: &FakeDiscord, user: u64, channel: u64, label: &str) -> InteractionResponse {
    let messages = fake.channel_messages(channel);
    let found = messages.iter().rev().find_map(|m| button_label(m, label).map(|full| (m.clone(), full)));
    let (msg, full) = found.unwrap_or_else(|| panic!("no {label:?} button in channel {channel}"));
    fake.click(user, &msg, &full).await.response(T).await
}

/// Calls `f` every 20 ms until it returns `Some`; panics naming `what` after `timeout`.
pub async fn poll<R>(what: &str, timeout: Duration, mut f: impl FnMut() -> Option<R>) -> R {
    let deadline = tokio::time::Instant::now() + timeout;
    loop {
        if let Some(r) = f() {
            return r;
        }
        assert!(tokio::time::Instant::now() < deadline, "timed out waiting for {what}");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// Waits up to [`T`] until `f` holds.
pub async fn wait_until(what: &str, mut f: impl FnMut() -> bool) {
    poll(what, T, || f().then_some(())).await
}

/// The content of the newest message containing `needle`.
fn newest_containing(messages: &[Value], needle: &str) -> Option<String> {
    messages.iter().rev().find_map(|m| m["content"].as_str().filter(|c| c.contains(needle)).map(String::from))
}

// ----- reading messages

/// A hand message's title in `lang` for hand `n` ("Teen Patti · hand #N").
fn hand_title(lang: Lang, n: i64) -> String {
    teenpatti::tr!(lang, "hand-title", hand = n)
}

/// Is this a hand message ("Teen Patti · hand #N", in any of the bot's languages)?
pub fn is_hand_message(m: &Value) -> bool {
    m["embeds"][0]["title"].as_str().is_some_and(|t| {
        Lang::ALL.iter().any(|&l| hand_title(l, 0).strip_suffix('0').is_some_and(|p| t.starts_with(p)))
    })
}

/// Is this hand `n`'s message?
pub fn is_hand(m: &Value, n: i64) -> bool {
    m["embeds"][0]["title"].as_str().is_some_and(|t| Lang::ALL.iter().any(|&l| t == hand_title(l, n)))
}

/// Does this hand message show the hand is over?
pub fn is_over(m: &Value) -> bool {
    let over: Vec<String> = Lang::ALL.iter().map(|&l| teenpatti::tr!(l, "field-hand-over")).collect();
    m["embeds"][0]["fields"]
        .as_array()
        .is_some_and(|f| f.iter().any(|f| f["name"].as_str().is_some_and(|n| over.iter().any(|o| o == n))))
}

/// The hand number in a hand message's title ("Teen Patti · hand #N").
pub fn hand_id_of(msg: &Value) -> i64 {
    let title = msg["embeds"][0]["title"].as_str().unwrap_or_default();
    title
        .rsplit_once('#')
        .filter(|_| is_hand_message(msg))
        .and_then(|(_, n)| n.trim().parse().ok())
        .unwrap_or_else(|| panic!("not a hand message: {title:?}\n{}", render_message(msg)))
}

/// A message's id.
pub fn id_of(msg: &Value) -> String {
    msg["id"].as_str().unwrap_or_else(|| panic!("a message without an id: {msg}")).to_string()
}

/// The labels of a message's buttons, row by row.
pub fn labels(msg: &Value) -> Vec<String> {
    components(msg).filter_map(|b| b["label"].as_str().map(str::to_string)).collect()
}

/// The first button label that starts with `prefix`.
pub fn button_label(msg: &Value, prefix: &str) -> Option<String> {
    labels(msg).into_iter().find(|l| l.starts_with(prefix))
}

/// The custom_id of the button with this label on a message.
pub fn custom_id(msg: &Value, label: &str) -> String {
    components(msg)
        .find(|b| b["label"] == label)
        .and_then(|b| b["custom_id"].as_str().map(str::to_string))
        .unwrap_or_else(|| panic!("no {label:?} button: {:#}", msg["components"]))
}

/// A message as a player reads it: content, embeds, then the buttons row by row.
pub fn render_message(m: &Value) -> String {
    let mut out = String::new();
    if let Some(c) = m["content"].as_str().filter(|c| !c.is_empty()) {
        out.push_str(c);
        out.push('\n');
    }
    for e in m["embeds"].as_array().cloned().unwrap_or_default() {
        if let Some(t) = e["title"].as_str() {
            out.push_str(&format!("## {t}\n"));
        }
        if let Some(d) = e["description"].as_str() {
            out.push_str(d);
            out.push('\n');
        }
        for f in e["fields"].as_array().cloned().unwrap_or_default() {
            out.push_str(&format!("**{}**\n{}\n", f["name"].as_str().unwrap_or(""), f["value"].as_str().unwrap_or("")));
        }
    }
    let labels: Vec<String> = m["components"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|row| {
            let buttons = row["components"].as_array().into_iter().flatten();
            buttons.map(|b| format!("[{}]", b["label"].as_str().unwrap_or("?"))).collect::<Vec<_>>().join(" ")
        })
        .collect();
    if !labels.is_empty() {
        out.push_str(&labels.join("\n"));
    }
    out
}
