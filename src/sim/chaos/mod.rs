//! The seeded simulation of the table service (`teenpatti-bot chaos`, `tests/chaos.rs`): one table of the real
//! [`TableService`] (its actor, timers, recovery) on a real SQLite file, played by a seeded random player on
//! tokio's paused clock, with faults injected by the same seed: failed store batches (the store's
//! [`FaultPlan`]), failed Discord posts, edits and DMs (a presenter that fails them, and players whose DMs are
//! closed), wallets spent elsewhere, and restarts (the service and the store shut down mid-play, the same file
//! reopened, the bot's start-up recovery run). Every step is a line of the trace (inputs, faults, outcomes; no
//! wall-clock value), and after every step the invariants are checked: the audit balances, every acknowledged
//! action is on disk, no live hand is stuck, a refused action changed nothing, and no public message or event
//! shows a card that was not shown publicly. The same seed gives the same trace, line for line.
//!
//! Why it replays (docs/chaos.md has the whole argument): one table, one request at a time, each awaited to its
//! answer; a current-thread runtime; and a keeper task that is always ready, so the paused clock never jumps by
//! itself while a task waits for SQLite's threads: virtual time moves only when the driver calls
//! `tokio::time::advance`. Decks come from a generator seeded by the seed ([`Decks::seeded`]).

use std::collections::{BTreeSet, HashMap};
use std::path::Path;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use tokio::time::Instant;

use super::faults::Dice;
use crate::discord::render;
use crate::engine::{Action, Card, EventKind, Hand, RandomAgent, Rules};
use crate::ids::{ChannelId, GuildId, HandId, MessageId, TableId, UserId};
use crate::store::{FaultPlan, NewTable, OpenOptions, Store};
use crate::table::view::{PrivateNote, TableView, Update};
use crate::table::{
    BoxFuture, ButtonId, Command, Decks, DmError, Player, Presenter, Request, ShowError, TableService, Timings,
    UserError,
};

mod presenter;

use presenter::*;

const GUILD: GuildId = GuildId(1);
const CHANNEL: ChannelId = ChannelId(2);
const ADMIN: UserId = UserId(3);
const TURN_SECONDS: i64 = 30;
const HAND_BREAK: Duration = Duration::from_secs(5);
/// Chance that a store batch fails (an I/O error at the commit).
const STORE_FAULT: f64 = 0.04;
/// Chance that posting or editing a hand message fails, and that a DM fails.
const DISCORD_FAULT: f64 = 0.06;
/// Chance that a player's DMs are closed (for the whole run).
const DMS_CLOSED: f64 = 0.25;
/// Steps without any change of hand or action before the table counts as stuck.
const STUCK_AFTER: usize = 80;
/// Wallets below this are topped up before a start.
const TOP_UP_BELOW: i64 = 100;
const TOP_UP: i64 = 1_000;

/// What one seed did: its trace, and the first invariant it broke (None: all held).
#[derive(Clone, Debug, Default)]
pub struct ChaosRun {
    pub seed: u64,
    pub trace: Vec<String>,
    pub failure: Option<String>,
    pub hands: u64,
    pub actions: u64,
    pub store_faults: u64,
    pub discord_faults: u64,
    pub restarts: u64,
}

impl ChaosRun {
    /// FNV-1a of the trace's lines: equal traces have equal hashes, on any machine.
    pub fn hash(&self) -> u64 {
        let mut h: u64 = 0xcbf2_9ce4_8422_2325;
        for line in &self.trace {
            for b in line.bytes().chain([b'\n']) {
                h = (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
            }
        }
        h
    }

    /// The last `n` lines of the trace.
    pub fn tail(&self, n: usize) -> &[String] {
        &self.trace[self.trace.len().saturating_sub(n)..]
    }
}

/// Runs `seed` for `steps` steps on a runtime of its own (current thread, paused clock) and a fresh database in a
/// new folder under `dir` (removed afterwards).
pub fn run_seed(seed: u64, steps: usize, dir: &Path) -> anyhow::Result<ChaosRun> {
    let folder = tempfile::Builder::new().prefix("teenpatti-chaos-").tempdir_in(dir)?;
    let url = format!("sqlite://{}", folder.path().join("chaos.db").display());
    let runtime = tokio::runtime::Builder::new_current_thread().enable_all().start_paused(true).build()?;
    runtime.block_on(async move {
        // Always ready: the runtime never parks, so the paused clock never jumps to the next timer by itself
        // (it would while the table waits for SQLite's threads, at moments that depend on them).
        let keeper = tokio::spawn(async {
            loop {
                // Lets SQLite's threads have the core meanwhile.
                std::thread::yield_now();
                tokio::task::yield_now().await;
            }
        });
        // The driver is a task like the actor, so that a woken actor runs before the driver's next step.
        let run = tokio::spawn(Sim::play(seed, steps, url)).await;
        keeper.abort();
        run?
    })
}

/// A number from `parts` and the seed, the same on every run: the fate of a DM, which may be sent from a task
/// of its own, whenever that task runs.
fn mix(parts: &[u64]) -> u64 {
    let mut x: u64 = 0x9E37_79B9_7F4A_7C15;
    for &p in parts {
        x = (x ^ p).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        x ^= x >> 31;
    }
    x
}

fn chance(x: u64, p: f64) -> bool {
    ((x >> 11) as f64 / (1u64 << 53) as f64) < p
}

/// What the driver does in one step.
#[derive(Debug)]
enum Op {
    /// A click by `user` (a button of the current hand unless `stale`).
    Click {
        user: UserId,
        action: Action,
        stale: bool,
        twice: bool,
        legal: bool,
    },
    Request {
        user: UserId,
        command: Command,
    },
    /// Let this much virtual time pass.
    Wait(Duration),
    /// Another table spends half of `user`'s wallet.
    Spend(UserId),
    Restart,
    /// Tops up low wallets, brings back players sitting out, and presses Start.
    Start,
}

struct Sim {
    seed: u64,
    rng: ChaCha8Rng,
    url: String,
    /// Failed store batches, drawn in commit order from the seed.
    dice: Arc<Dice>,
    presenter: Arc<ChaosPresenter>,
    decks: Decks,
    store: Store,
    service: TableService,
    table: TableId,
    /// Everyone who may sit at the table; the first is its opener.
    users: Vec<UserId>,
    started: Instant,
    trace: Vec<String>,
    next_key: u64,
    /// Every action the table answered as applied: (hand, seq, key).
    acked: Vec<(HandId, i64, String)>,
    must_pack: Option<UserId>,
    /// Each hand's players and their cards, by seat (from the store), for the privacy checks.
    cards: HashMap<HandId, Vec<(UserId, Vec<Card>)>>,
    view: TableView,
    /// The step at which the hand or its actions last moved.
    moved_at: usize,
    run: ChaosRun,
}

impl Sim {
    fn options(dice: &Arc<Dice>) -> OpenOptions {
        let dice = dice.clone();
        OpenOptions { faults: Some(FaultPlan::new(move || dice.roll(STORE_FAULT))), ..OpenOptions::default() }
    }

    async fn play(seed: u64, steps: usize, url: String) -> anyhow::Result<ChaosRun> {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let players = rng.gen_range(3..=5);
        let users: Vec<UserId> = (0..players + 1).map(|i| UserId(100 + i as u64)).collect();
        let closed = users.iter().copied().filter(|_| rng.gen_bool(DMS_CLOSED)).collect();
        let dice = Arc::new(Dice::new(mix(&[seed, 1])));
        let presenter = Arc::new(ChaosPresenter {
            seed,
            rng: Mutex::new(ChaCha8Rng::seed_from_u64(mix(&[seed, 2]))),
            closed,
            next_message: AtomicU64::new(0),
            faults: AtomicU64::new(0),
            step: Mutex::default(),
            dms: Mutex::default(),
        });
        let decks = Decks::seeded(mix(&[seed, 3]));
        // Set up without faults: the run is about play.
        let store = Store::open(&url).await?;
        let service = TableService::with_decks(store.clone(), presenter.clone(), timings(), decks.clone());
        let rules = Rules { boot: 10, chaal_limit: Some(320), pot_limit: Some(3_000), ..Rules::default() };
        let new = NewTable {
            guild: GUILD,
            channel: CHANNEL,
            opener: users[0],
            rules,
            max_players: players as u32,
            turn_seconds: TURN_SECONDS,
        };
        let opened = service.open(new, None).await.map_err(|e| anyhow::anyhow!("opening the table: {e}"))?;
        let table = opened.view.table_id;
        for &user in &users[1..players] {
            service.ask(table, Request::new(Player { id: user, admin: false }, Command::Join)).await?;
        }
        let view = service.ask(table, Request::new(Player { id: users[0], admin: false }, Command::Status)).await?;
        service.shutdown().await;
        store.close().await;
        let store = Store::open_with(&url, Sim::options(&dice)).await?;
        let service = TableService::with_decks(store.clone(), presenter.clone(), timings(), decks.clone());
        presenter.take();
        presenter.take_dms();
        let header = format!("seed {seed} players={players} dms_closed={:?}", presenter.closed);
        let mut sim = Sim {
            seed,
            rng,
            url,
            dice,
            presenter,
            decks,
            store,
            service,
            table,
            users,
            started: Instant::now(),
            trace: vec![header],
            next_key: 0,
            acked: Vec::new(),
            must_pack: None,
            cards: HashMap::new(),
            view: view.view,
            moved_at: 0,
            run: ChaosRun { seed, ..ChaosRun::default() },
        };
        sim.trace.push(format!("state {}", state(&sim.view)));
        for step in 0..steps {
            if let Err(failure) = sim.step(step).await {
                sim.trace.push(format!("FAILED {failure}"));
                sim.run.failure = Some(failure);
                break;
            }
        }
        if sim.run.failure.is_none() {
            if let Err(failure) = sim.finish().await {
                sim.trace.push(format!("FAILED {failure}"));
                sim.run.failure = Some(failure);
            }
        }
        sim.service.shutdown().await;
        sim.store.close().await;
        sim.run.store_faults = sim.dice.fired();
        sim.run.discord_faults = sim.presenter.faults.load(Ordering::Relaxed);
        sim.run.trace = std::mem::take(&mut sim.trace);
        Ok(sim.run)
    }

    fn player(&self, user: UserId) -> Player {
        Player { id: user, admin: user == self.users[0] }
    }

    fn key(&mut self) -> String {
        self.next_key += 1;
        format!("{}-{}", self.seed, self.next_key)
    }

    async fn status(&self) -> Result<TableView, String> {
        let asked = self.service.ask(self.table, Request::new(self.player(self.users[0]), Command::Status)).await;
        asked.map(|u| u.view).map_err(|e| format!("status refused: {e}"))
    }

    /// What the driver does next, drawn from the table as it stands.
    fn choose(&mut self) -> Op {
        let seated: Vec<UserId> = self.view.seated.iter().map(|s| s.user).collect();
        let in_play = self.view.hand.as_ref().filter(|h| h.outcome.is_none());
        let r: f64 = self.rng.gen();
        let Some(h) = in_play else {
            return match r {
                _ if r < 0.06 => Op::Restart,
                _ if r < 0.10 => Op::Spend(self.users[self.rng.gen_range(0..self.users.len())]),
                _ if r < 0.16 => {
                    let user = self.users[self.rng.gen_range(0..self.users.len())];
                    let command = if seated.contains(&user) { Command::Leave } else { Command::Join };
                    Op::Request { user, command }
                }
                _ if self.view.next_hand_at.is_some() && r < 0.90 => Op::Wait(HAND_BREAK + Duration::from_secs(1)),
                // Fewer than two seated: Start can only be refused, so someone sits down (an empty table pressing
                // Start for ever is the driver stuck, not the table).
                _ if seated.len() < 2 => match self.users.iter().find(|u| !seated.contains(u)) {
                    Some(&user) => Op::Request { user, command: Command::Join },
                    None => Op::Start,
                },
                _ => Op::Start,
            };
        };
        let to_act = h.to_act.and_then(|s| h.user(s));
        let hand_users: Vec<UserId> = h.seats.iter().map(|s| s.user).collect();
        let anyone = hand_users[self.rng.gen_range(0..hand_users.len())];
        match (r, to_act) {
            (_, Some(user)) if r < 0.58 => {
                let action = if self.must_pack == Some(user) {
                    Action::Pack
                } else {
                    RandomAgent::impatient().choose(&h.legal, h.seq as usize, false, &mut self.rng)
                };
                Op::Click { user, action, stale: false, twice: self.rng.gen_bool(0.1), legal: true }
            }
            (_, Some(user)) if r < 0.68 => {
                let bet = h.legal.bet.map_or(1, |b| b.min);
                match self.rng.gen_range(0..4) {
                    0 => Op::Click { user, action: Action::Bet(bet), stale: true, twice: false, legal: false },
                    1 if anyone != user => {
                        Op::Click { user: anyone, action: Action::Bet(bet), stale: false, twice: false, legal: false }
                    }
                    2 => {
                        let over = h.legal.bet.map_or(u64::MAX / 4, |b| b.max + b.step);
                        Op::Click { user, action: Action::Bet(over), stale: false, twice: false, legal: false }
                    }
                    _ => Op::Click { user: ADMIN, action: Action::Pack, stale: false, twice: false, legal: false },
                }
            }
            _ if r < 0.72 => Op::Click { user: anyone, action: Action::See, stale: false, twice: false, legal: false },
            _ if r < 0.74 => Op::Click { user: anyone, action: Action::Pack, stale: false, twice: false, legal: false },
            _ if r < 0.76 => Op::Request { user: anyone, command: Command::Cards },
            _ if r < 0.86 => Op::Wait(Duration::from_secs(TURN_SECONDS as u64 + 1)),
            _ if r < 0.88 => Op::Wait(Duration::from_secs(self.rng.gen_range(1..TURN_SECONDS as u64))),
            _ if r < 0.92 => Op::Restart,
            _ if r < 0.95 => Op::Spend(anyone),
            _ if r < 0.97 => Op::Request { user: anyone, command: Command::Leave },
            _ => {
                let user = self.users[self.rng.gen_range(0..self.users.len())];
                Op::Request { user, command: Command::Join }
            }
        }
    }

    async fn step(&mut self, step: usize) -> Result<(), String> {
        let op = self.choose();
        let before = state(&self.view);
        let before_balances = self.balances().await?;
        let (faults_before, acked_before) = (self.dice.fired(), self.acked.len());
        let t = self.started.elapsed().as_secs();
        let (line, refused) = match self.apply(&op).await {
            Ok(done) => done,
            Err(failure) => {
                self.trace.push(format!("{step} t={t}s {op:?}"));
                self.trace.extend(self.presenter.take().0);
                return Err(failure);
            }
        };
        // Let a DM sent from a task of its own be sent before the table is looked at.
        for _ in 0..8 {
            tokio::task::yield_now().await;
        }
        self.view = self.status().await?;
        let store_faults = self.dice.fired() - faults_before;
        let (lines, shown) = self.presenter.take();
        self.trace.push(format!("{step} t={t}s {line} store_faults={store_faults}"));
        self.trace.extend(lines);
        let after = state(&self.view);
        self.trace.push(format!("  state {after}"));

        // The invariants.
        let audit = self.store.audit().await.map_err(|e| format!("audit could not run: {e}"))?;
        if !audit.ok() {
            return Err(format!("the audit failed: {audit}"));
        }
        self.check_acked(acked_before).await?;
        if refused && (after != before || self.balances().await? != before_balances) {
            return Err(format!("a refused request changed the table: before {before}, after {after}"));
        }
        for view in shown.iter().chain([&self.view.clone()]) {
            self.check_private(view).await?;
        }
        for (user, note) in self.presenter.take_dms() {
            self.check_dm(user, &note).await?;
        }
        let in_play = self.view.hand.as_ref().filter(|h| h.outcome.is_none());
        if let Some(h) = in_play {
            if h.to_act.is_none() || h.deadline.is_none() {
                return Err(format!("hand {} is in play with no one to act or no timer", h.hand_id));
            }
        }
        if let (Op::Wait(d), Some(h)) = (&op, in_play) {
            let timed_out = d.as_secs() > TURN_SECONDS as u64;
            if timed_out && after == before && store_faults == 0 {
                return Err(format!("hand {}: its turn timer passed and nothing happened", h.hand_id));
            }
        }
        if after.split(" hand=").nth(1) != before.split(" hand=").nth(1) {
            self.moved_at = step;
        } else if step - self.moved_at > STUCK_AFTER {
            return Err(format!("nothing moved for {STUCK_AFTER} steps"));
        }
        Ok(())
    }

    /// Does `op`; returns its trace line and whether it was a game action the table refused.
    async fn apply(&mut self, op: &Op) -> Result<(String, bool), String> {
        Ok(match *op {
            Op::Click { user, action, stale, twice, legal } => {
                let h = self.view.hand.as_ref().ok_or("a click with no hand")?;
                let (hand, hand_seq) = (h.hand_id, h.seq);
                // Stale: a button of the turn before, or of the hand before at the first turn.
                let (on, seq) = match (stale, h.seq) {
                    (false, seq) => (hand, seq),
                    (true, 0) => (HandId(hand.get() - 1), 0),
                    (true, seq) => (hand, seq - 1),
                };
                let button = ButtonId { table: self.table, hand: Some(on), seq, command: Command::Play(action) };
                let key = self.key();
                let request = Request {
                    button: Some(button),
                    key: Some(key.clone()),
                    ..Request::new(self.player(user), button.command)
                };
                let first = self.service.ask(self.table, request.clone()).await;
                self.check_public(&first)?;
                let mut line = format!("click {user} {action:?} stale={stale} -> {}", outcome(&first));
                let mut applied = self.acknowledge(&first, hand, hand_seq, &key, user);
                match &first {
                    Err(e) if e.text().starts_with("Your wallet cannot cover") => self.must_pack = Some(user),
                    Err(e) if legal && !stale && !e.is_internal() => {
                        return Err(format!("a legal {action:?} by {user} was refused: {e}"));
                    }
                    Ok(_) if !legal && applied && action != Action::See && action != Action::Pack => {
                        return Err(format!("an illegal {action:?} by {user} (stale={stale}) was applied"));
                    }
                    _ => {}
                }
                if twice {
                    let before = self.status().await.map(|v| state(&v))?;
                    let again = self.service.ask(self.table, request).await;
                    self.check_public(&again)?;
                    line.push_str(&format!("; again -> {}", outcome(&again)));
                    // A click answered with an error may come again and be applied; one applied never twice.
                    let again_applied = self.acknowledge(&again, hand, hand_seq, &key, user);
                    if applied && again_applied {
                        return Err(format!("the same click ({key}) was applied twice"));
                    }
                    if !again_applied && self.status().await.map(|v| state(&v))? != before {
                        return Err(format!("the repeated click ({key}) changed the table"));
                    }
                    applied |= again_applied;
                }
                (line, !applied)
            }
            Op::Request { user, command } => {
                let answer = self.service.ask(self.table, Request::new(self.player(user), command)).await;
                self.check_public(&answer)?;
                (format!("{command:?} by {user} -> {}", outcome(&answer)), false)
            }
            Op::Wait(d) => {
                tokio::time::advance(d).await;
                (format!("wait {}s", d.as_secs()), false)
            }
            Op::Spend(user) => {
                let have = self.balances().await?.get(self.users.iter().position(|&u| u == user).unwrap_or(0)).copied();
                let spend = have.unwrap_or(0) / 2;
                let spent = self.store.admin_grant(GUILD, user, -spend, ADMIN, "spent at another table").await;
                (format!("spend {spend} of {user} -> {}", if spent.is_ok() { "ok" } else { "failed" }), false)
            }
            Op::Restart => {
                self.service.shutdown().await;
                self.store.close().await;
                self.store = Store::open_with(&self.url, Sim::options(&self.dice))
                    .await
                    .map_err(|e| format!("reopening the database: {e}"))?;
                self.service =
                    TableService::with_decks(self.store.clone(), self.presenter.clone(), timings(), self.decks.clone());
                let restored = self.service.restore().await.map_err(|e| format!("restoring the tables: {e}"))?;
                self.run.restarts += 1;
                self.check_acked(0).await?;
                (format!("restart restored={restored}"), false)
            }
            Op::Start => {
                let mut line = String::from("start:");
                let balances = self.balances().await?;
                for (&user, balance) in self.users.clone().iter().zip(balances) {
                    if balance < TOP_UP_BELOW {
                        let topped = self.store.admin_grant(GUILD, user, TOP_UP, ADMIN, "chaos top-up").await;
                        line.push_str(&format!(" top-up {user} {}", if topped.is_ok() { "ok" } else { "failed" }));
                    }
                }
                let away: Vec<UserId> = self.view.seated.iter().filter(|s| s.sat_out).map(|s| s.user).collect();
                for user in away {
                    let back = self.service.ask(self.table, Request::new(self.player(user), Command::Back)).await;
                    line.push_str(&format!(" back {user} {}", outcome(&back)));
                }
                let started =
                    self.service.ask(self.table, Request::new(self.player(self.users[0]), Command::Start)).await;
                self.check_public(&started)?;
                line.push_str(&format!(" start -> {}", outcome(&started)));
                (line, false)
            }
        })
    }

    /// Notes an answer that applied an action (its key acknowledged); false for any other answer.
    fn acknowledge(
        &mut self,
        answer: &Result<Update, UserError>,
        hand: HandId,
        seq: u32,
        key: &str,
        user: UserId,
    ) -> bool {
        let Ok(update) = answer.as_ref().map_err(|_| ()) else { return false };
        if update.events.is_empty() {
            return false;
        }
        self.acked.push((hand, i64::from(seq), key.to_string()));
        self.run.actions += 1;
        if self.must_pack == Some(user) {
            self.must_pack = None;
        }
        if update.view.hand.as_ref().is_some_and(|h| h.outcome.is_some()) {
            self.run.hands += 1;
        }
        true
    }

    /// The wallets (reading them creates those missing: a write, which a fault may fail; read again then).
    async fn balances(&self) -> Result<Vec<i64>, String> {
        let mut last = String::new();
        for _ in 0..20 {
            match self.store.balances(GUILD, &self.users).await {
                Ok(b) => return Ok(b),
                Err(e) => last = e.to_string(),
            }
        }
        Err(format!("reading balances: {last}"))
    }

    /// The events an answer carries are public ones, and no private kind.
    fn check_public(&self, answer: &Result<Update, UserError>) -> Result<(), String> {
        let Ok(update) = answer else { return Ok(()) };
        for e in &update.events {
            if !e.audience.is_public() || matches!(e.kind, EventKind::Cards { .. } | EventKind::SideshowCompared { .. })
            {
                return Err(format!("a private event reached a public answer: {e:?}"));
            }
        }
        Ok(())
    }

    /// Every action acknowledged since `from` is in the database, in its place, under its key.
    async fn check_acked(&self, from: usize) -> Result<(), String> {
        let mut records = HashMap::new();
        for (hand, seq, key) in &self.acked[from..] {
            if !records.contains_key(hand) {
                let record = self.store.hand_record(*hand).await.map_err(|e| format!("reading hand {hand}: {e}"))?;
                records.insert(*hand, record);
            }
            let stored = records[hand].as_ref().and_then(|r| r.actions.iter().find(|a| a.seq == *seq));
            if stored.and_then(|a| a.key.as_deref()) != Some(key.as_str()) {
                return Err(format!("hand {hand}: action {seq} (key {key}) was acknowledged but is not on disk"));
            }
        }
        Ok(())
    }

    /// Hand `hand_id`'s players and the cards each was dealt, by seat (read from the store once).
    async fn dealt(&mut self, hand_id: HandId) -> Result<&[(UserId, Vec<Card>)], String> {
        if !self.cards.contains_key(&hand_id) {
            let record = self.store.hand_record(hand_id).await.map_err(|e| format!("reading a hand: {e}"))?;
            let record = record.ok_or_else(|| format!("hand {hand_id} is shown but not stored"))?;
            let (hand, _) = Hand::start(&record.setup).map_err(|e| format!("hand {hand_id} does not deal: {e}"))?;
            let cards = record.summary.users.iter().enumerate();
            let cards = cards.map(|(s, &u)| (u, hand.seat(s).map(|s| s.cards.clone()).unwrap_or_default())).collect();
            self.cards.insert(hand_id, cards);
        }
        Ok(self.cards.get(&hand_id).map_or(&[], Vec::as_slice))
    }

    /// Every DM went to the player it is for ([`dm_is_for`]).
    async fn check_dm(&mut self, user: UserId, note: &PrivateNote) -> Result<(), String> {
        let hand_id = match note {
            PrivateNote::Seated { .. } => return Ok(()),
            PrivateNote::Cards { hand_id, .. } | PrivateNote::Sees { hand_id, .. } => *hand_id,
            PrivateNote::Sideshow { hand_id, .. } => *hand_id,
        };
        let dealt = self.dealt(hand_id).await?;
        dm_is_for(user, note, dealt).map_err(|e| format!("hand {hand_id}: {e}"))
    }

    /// A public view (a hand message) shows no card of a seat whose hand was not shown publicly.
    async fn check_private(&mut self, view: &TableView) -> Result<(), String> {
        let Some(h) = &view.hand else { return Ok(()) };
        self.dealt(h.hand_id).await?;
        for e in &h.log {
            if !e.audience.is_public() || matches!(e.kind, EventKind::Cards { .. } | EventKind::SideshowCompared { .. })
            {
                return Err(format!("hand {}: a private event is in the public log: {e:?}", h.hand_id));
            }
        }
        let shown: BTreeSet<usize> = h.shown().iter().map(|s| s.seat).collect();
        let (content, embed, rows) = render::hand_message(view);
        let json = |v: serde_json::Result<String>| v.unwrap_or_default();
        let text =
            format!("{content}\n{}\n{}", json(serde_json::to_string(&embed)), json(serde_json::to_string(&rows)));
        let dealt = self.cards.get(&h.hand_id).map_or(&[][..], Vec::as_slice);
        for (seat, (_, cards)) in dealt.iter().enumerate().filter(|(s, _)| !shown.contains(s)) {
            if let Some(c) = cards.iter().find(|c| text.contains(&c.pretty())) {
                return Err(format!("hand {}: seat {seat}'s card {} is in a public message", h.hand_id, c.pretty()));
            }
        }
        Ok(())
    }

    /// Closes the table: every chip back in a wallet, and the books exact.
    async fn finish(&mut self) -> Result<(), String> {
        let mut closed = Err(UserError::internal_error());
        // A failed store batch refuses a close as it does anything else: try again.
        for _ in 0..10 {
            closed = self.service.ask(self.table, Request::new(self.player(self.users[0]), Command::Close)).await;
            self.trace.push(format!("close -> {}", outcome(&closed)));
            if !matches!(&closed, Err(e) if e.is_internal()) {
                break;
            }
        }
        let audit = self.store.audit().await.map_err(|e| format!("audit could not run: {e}"))?;
        if closed.is_ok() && !(audit.ok() && audit.live_pots == 0) {
            return Err(format!("after closing, the audit says: {audit}"));
        }
        self.check_acked(0).await
    }
}

fn timings() -> Timings {
    Timings { hand_break: HAND_BREAK, ..Timings::default() }
}

/// A seed run twice: the first run, and where the second one's trace departed from it (line, first, second).
#[derive(Debug)]
pub struct Verdict {
    pub run: ChaosRun,
    pub steps: usize,
    pub divergence: Option<(usize, String, String)>,
}

impl Verdict {
    pub fn ok(&self) -> bool {
        self.run.failure.is_none() && self.divergence.is_none()
    }

    /// One line: the seed, what happened in it, and the trace's hash.
    pub fn summary(&self) -> String {
        let r = &self.run;
        format!(
            "chaos seed={} steps={} hands={} actions={} store_faults={} discord_faults={} restarts={} trace={:016x} {}",
            r.seed,
            self.steps,
            r.hands,
            r.actions,
            r.store_faults,
            r.discord_faults,
            r.restarts,
            r.hash(),
            if self.ok() { "ok" } else { "FAILED" }
        )
    }

    /// What went wrong, the command that replays it, and the end of the trace.
    pub fn failure_report(&self) -> String {
        let mut out = String::new();
        if let Some(f) = &self.run.failure {
            out.push_str(&format!("seed {}: {f}\n", self.run.seed));
        }
        if let Some((line, a, b)) = &self.divergence {
            out.push_str(&format!(
                "seed {}: the same seed gave another trace from line {line}:\n  first:  {a}\n  second: {b}\n",
                self.run.seed
            ));
        }
        out.push_str(&format!("rerun: teenpatti-bot chaos --seed {} --steps {} --trace\n", self.run.seed, self.steps));
        out.push_str("trace tail:\n");
        for line in self.run.tail(30) {
            out.push_str(line);
            out.push('\n');
        }
        out
    }
}

/// Runs `seed` twice ([`run_seed`]) and compares the traces.
pub fn check_seed(seed: u64, steps: usize, dir: &Path) -> anyhow::Result<Verdict> {
    let first = run_seed(seed, steps, dir)?;
    let second = run_seed(seed, steps, dir)?;
    let divergence = if first.trace == second.trace {
        None
    } else {
        let n = first.trace.iter().zip(&second.trace).take_while(|(a, b)| a == b).count();
        let at = |t: &[String]| t.get(n).cloned().unwrap_or_else(|| "(end of trace)".into());
        Some((n + 1, at(&first.trace), at(&second.trace)))
    };
    Ok(Verdict { run: first, steps, divergence })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cards(s: &str) -> Vec<Card> {
        s.split(' ').map(|c| c.parse().unwrap_or_else(|e| panic!("{c}: {e}"))).collect()
    }

    /// The recipient check catches a DM to the wrong player, a sideshow told to a third player, a cobra player
    /// sent their own card, a card named as someone's who was not dealt it, and a DM to someone not in the hand.
    #[test]
    fn a_dm_to_the_wrong_player_is_caught() {
        let (a, b, c, x) = (UserId(1), UserId(2), UserId(3), UserId(9));
        let dealt = vec![(a, cards("As Ks Qs")), (b, cards("2h 3h 4h")), (c, cards("9d 9c 9h"))];
        let hand_id = HandId(7);
        let note = |cards: Vec<Card>| PrivateNote::Cards { hand_id, cards, value: None, made: None };
        assert!(dm_is_for(a, &note(dealt[0].1.clone()), &dealt).is_ok());
        assert!(dm_is_for(b, &note(dealt[0].1.clone()), &dealt).is_err_and(|e| e.contains("not dealt")));
        assert!(dm_is_for(x, &note(dealt[0].1.clone()), &dealt).is_err_and(|e| e.contains("not in it")));
        let hands = |h: &[usize]| h.iter().map(|&s| (dealt[s].0, dealt[s].1.clone())).collect::<Vec<_>>();
        let sees = PrivateNote::Sees { hand_id, hands: hands(&[1, 2]) };
        assert!(dm_is_for(a, &sees, &dealt).is_ok());
        assert!(dm_is_for(b, &sees, &dealt).is_err_and(|e| e.contains("own forehead")));
        let value = crate::engine::evaluate(&dealt[0].1, &Rules::default(), None).unwrap_or_else(|e| panic!("{e}"));
        // Asha asked Bilal; the note shows the hands of the seats named.
        let sideshow = |seats: [usize; 2]| PrivateNote::Sideshow {
            hand_id,
            asker: a,
            target: b,
            hands: seats.iter().map(|&s| (dealt[s].0, dealt[s].1.clone(), value)).collect(),
            loser: dealt[seats[1]].0,
        };
        assert!(dm_is_for(a, &sideshow([0, 1]), &dealt).is_ok() && dm_is_for(b, &sideshow([0, 1]), &dealt).is_ok());
        assert!(dm_is_for(c, &sideshow([0, 1]), &dealt).is_err_and(|e| e.contains("went to")));
        assert!(dm_is_for(a, &sideshow([0, 2]), &dealt).is_err_and(|e| e.contains("shows")));
    }
}
