//! One simulated table: its players click through the table service exactly
//! as Discord's button clicks do (a request per click, with the button's
//! hand and turn, and an interaction id as idempotency key), choosing a
//! random legal action whenever it is their turn. Mixed in: double clicks
//! (the same interaction twice at once) and illegal clicks (out of turn, on
//! a stale button, a bet out of range), each of which must be turned away.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, OnceLock};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use tokio::sync::oneshot;
use tokio::time::Instant;

use super::faults::Faults;
use super::pace::Pace;
use super::stats::{Count, Refusal, Stats};
use super::{table_users, Halt, Halted, Recorder, SimConfig, SIM_ADMIN, SIM_CHANNEL_BASE, SIM_GUILD};
use crate::engine::{Action, Legal, RandomAgent, Rules};
use crate::ids::{ChannelId, HandId, TableId, UserId};
use crate::store::NewTable;
use crate::table::view::TableView;
use crate::table::{ButtonId, Command, Player, Request, TableService, Update, UserError};

/// Wallets below this are topped up between hands, by this much.
const TOP_UP_BELOW: i64 = 200;
const TOP_UP: i64 = 2_000;
/// The refusal a bet gets when another table has spent the wallet's chips.
const WALLET_SPENT: &str = "Your wallet cannot cover that";
/// One click in this many is preceded by an illegal one.
const ILLEGAL_ONE_IN: u32 = 10;
/// One click in this many is a double click.
const DOUBLE_ONE_IN: u32 = 20;

/// A unique interaction id shaped like Discord's: a snowflake (milliseconds
/// since 2015 in the high bits), so ids grow with time across all tables, as
/// the keys the bot stores do.
fn interaction_id() -> u64 {
    use crate::ids::DISCORD_EPOCH_MS;
    static NEXT: OnceLock<AtomicU64> = OnceLock::new();
    let next = NEXT.get_or_init(|| {
        let now_ms = SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_millis() as u64);
        AtomicU64::new(now_ms.saturating_sub(DISCORD_EPOCH_MS) << 22)
    });
    next.fetch_add(1, Ordering::Relaxed)
}

/// The rules simulated tables play by unless told otherwise: classic, boot 10, with limits that end long hands.
pub fn default_rules() -> Rules {
    Rules { boot: 10, chaal_limit: Some(640), pot_limit: Some(8_000), ..Rules::default() }
}

fn is_internal<T>(answer: &Result<T, UserError>) -> bool {
    matches!(answer, Err(e) if e.is_internal())
}

/// What a table's players need of a hand to click.
struct Turn {
    hand: HandId,
    seq: u32,
    /// The seat to act.
    seat: usize,
    /// Seat i is `seats[i]`.
    seats: Vec<UserId>,
    legal: Legal,
}

/// What the players do next, as the last answer showed the table.
enum Next {
    Act(Turn),
    /// The table deals by itself (a hand just ended).
    AwaitDeal,
    /// The table is not dealing: start it.
    Start,
}

impl Next {
    fn of(view: &TableView) -> Next {
        let in_play = view.hand.as_ref().filter(|h| h.outcome.is_none());
        match in_play.and_then(|h| h.to_act.map(|seat| (h, seat))) {
            Some((h, seat)) => Next::Act(Turn {
                hand: h.hand_id,
                seq: h.seq,
                seat,
                seats: h.seats.iter().map(|s| s.user).collect(),
                legal: h.legal.clone(),
            }),
            None if view.next_hand_at.is_some() => Next::AwaitDeal,
            None => Next::Start,
        }
    }
}

/// When a table's players stop: after some hands, at a time, or when the run is halted.
#[derive(Clone, Debug)]
pub(super) struct Until {
    pub hands: Option<u64>,
    pub at: Option<Instant>,
    pub halt: Halt,
}

impl Until {
    fn reached(&self, hands: u64) -> bool {
        self.hands.is_some_and(|n| hands >= n) || self.at.is_some_and(|at| Instant::now() >= at) || self.halt.is_set()
    }
}

/// A table's line to the service, as Discord's is: requests in, answers rendered by the recorder on the way out.
struct Line {
    service: TableService,
    recorder: Arc<Recorder>,
    stats: Arc<Stats>,
    table: TableId,
    faults: Option<Arc<Faults>>,
}

impl Line {
    /// Sends one request to the table service and waits for its answer (rendered by the recorder on the way).
    /// `timed`: its latency goes into the figures.
    async fn request(&self, req: Request, timed: bool) -> Result<Update, UserError> {
        let (tx, rx) = oneshot::channel();
        let sent = Instant::now();
        let injected = self.injected();
        self.service.send(self.table, req, self.recorder.responder(tx)).await;
        // The actor answers every request it takes.
        let answer = rx.await.unwrap_or_else(|_| Err(UserError::internal_error()));
        if timed {
            self.stats.latency(sent.elapsed());
        }
        if is_internal(&answer) {
            self.internal_error(injected);
        }
        answer
    }

    /// Store faults injected so far (`--faults`), to explain an internal error that follows.
    fn injected(&self) -> Option<u64> {
        self.faults.as_ref().map(|f| f.store_injected())
    }

    /// Counts an internal error: faulted when a store fault was injected since `injected` was read, else an error.
    fn internal_error(&self, injected: Option<u64>) {
        let explained = injected.is_some_and(|before| self.injected().is_some_and(|now| now > before));
        self.stats.add(if explained { Count::Faulted } else { Count::Error });
    }
}

/// What closing a table takes once it has played: the driver (its random generator, its players, the turn it
/// saw) is dropped as its play ends, and only this waits for the tables to close.
pub(super) struct Closer {
    line: Line,
    opener: Player,
}

impl Closer {
    /// Closes the table (a hand in play is refunded).
    pub async fn close(self) {
        let closed = self.line.request(Request::new(self.opener, Command::Close), false).await;
        match closed {
            // A table paused by a full disk stays open until there is room (nothing is lost).
            Err(e) if e.is_disk_full() => {}
            Err(e) if !e.is_internal() => {
                self.line.stats.failed_check(format_args!("table {}: closing it was refused: {e}", self.line.table))
            }
            _ => {}
        }
    }
}

pub(super) struct TableDriver {
    line: Line,
    users: Vec<UserId>,
    rng: ChaCha8Rng,
    pace: Option<Pace>,
    /// None: look at the table before the next click.
    next: Option<Next>,
    /// The player to act must pack (their bet was refused: the wallet is spent).
    must_pack: bool,
    /// Hands played to the end here.
    hands: u64,
    /// The table answered in a way that makes playing on pointless (it closed).
    stopped: bool,
    /// Print each acknowledged action to stdout ([`SimConfig::ack_log`]).
    ack_log: bool,
    /// The run's halt: a closed standard output halts it.
    halt: Halt,
}

impl TableDriver {
    /// Opens table `t` (or finds the one an interrupted run left open in its channel), seats its players, tops
    /// up their wallets and starts it, so that play begins with a hand dealt at every table.
    pub async fn seat(
        service: TableService,
        recorder: Arc<Recorder>,
        stats: Arc<Stats>,
        cfg: &SimConfig,
        t: usize,
    ) -> anyhow::Result<TableDriver> {
        let channel = ChannelId(SIM_CHANNEL_BASE + t as u64);
        let users: Vec<UserId> = table_users(t, cfg.players).into_iter().map(UserId).collect();
        let new = NewTable {
            guild: SIM_GUILD,
            channel,
            opener: users[0],
            rules: cfg.rules.clone(),
            max_players: users.len() as u32,
            turn_seconds: 600,
        };
        let opened = service.open(new, None).await;
        if is_internal(&opened) {
            anyhow::bail!("table {t}: could not open it (see the log)");
        }
        // Otherwise open, or opened by an earlier (interrupted) run: play on at the same table.
        let table = service.table_in_channel(channel).await?;
        let table = table.ok_or_else(|| anyhow::anyhow!("no table in channel {channel}"))?;
        let mut rng = ChaCha8Rng::seed_from_u64(cfg.seed ^ (t as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15));
        let pace = cfg.rate.map(|rate| Pace::new(rate, &mut rng));
        let mut driver = TableDriver {
            line: Line { service, recorder, stats, table, faults: cfg.faults.clone() },
            users,
            rng,
            pace,
            next: None,
            must_pack: false,
            hands: 0,
            stopped: false,
            ack_log: cfg.ack_log,
            halt: cfg.halt.clone(),
        };
        for &user in &driver.users[1..] {
            // Already seated after an interrupted run: refused, and that is fine.
            let joined = driver.request(Request::new(Player { id: user, admin: false }, Command::Join), false).await;
            if is_internal(&joined) {
                anyhow::bail!("table {t}: could not seat a player (see the log)");
            }
        }
        // A table left by a run with other settings (say, more players) seats others, whom this driver neither
        // plays nor tops up: it could never deal. Refuse it rather than wait for ever.
        let status = driver.request(Request::new(driver.opener(), Command::Status), false).await;
        let seated: Vec<UserId> = status.map(|u| u.view.seated.iter().map(|s| s.user).collect()).unwrap_or_default();
        if seated != driver.users {
            anyhow::bail!(
                "the table in channel {channel} seats other players than this run's (an earlier run with other \
                 settings?); use a new --database-url"
            );
        }
        driver.start(false).await;
        Ok(driver)
    }

    /// The table's opener, who may start and close it.
    fn opener(&self) -> Player {
        Player { id: self.users[0], admin: true }
    }

    /// Plays until `until`. Requests are timed from here on.
    pub async fn play(&mut self, until: Until) {
        if let Some(pace) = &mut self.pace {
            pace.restart(&mut self.rng);
        }
        while !self.stopped && !until.reached(self.hands) {
            // Each step is boxed, waits included: its state (requests in flight, store calls, timers) lives
            // only while it runs, so a table's task stays small.
            match self.next.take() {
                None => Box::pin(self.look()).await,
                Some(Next::Act(turn)) => {
                    if let Some(pace) = &mut self.pace {
                        let waited = tokio::select! {
                            biased;
                            _ = until.halt.halted() => false,
                            waited = Box::pin(pace.wait(&mut self.rng, until.at)) => waited,
                        };
                        if !waited {
                            break;
                        }
                    }
                    Box::pin(self.click(turn)).await;
                }
                Some(Next::AwaitDeal) => Box::pin(self.wait_for_deal()).await,
                Some(Next::Start) => Box::pin(self.start(true)).await,
            }
        }
    }

    /// Play is over: what closing the table takes.
    pub fn into_closer(self) -> Closer {
        Closer { opener: self.opener(), line: self.line }
    }

    /// Sends one request and waits for its answer ([`Line::request`]).
    async fn request(&self, req: Request, timed: bool) -> Result<Update, UserError> {
        self.line.request(req, timed).await
    }

    /// A click on a hand message's button: a new interaction id as its key.
    fn click_request(&mut self, player: UserId, action: Action, hand: Option<HandId>, seq: u32) -> Request {
        let command = Command::Play(action);
        Request {
            button: Some(ButtonId { table: self.line.table, hand, seq, command }),
            key: Some(interaction_id().to_string()),
            ..Request::new(Player { id: player, admin: false }, command)
        }
    }

    /// Looks at the table (not timed: Discord shows it without asking).
    async fn look(&mut self) {
        match self.request(Request::new(self.opener(), Command::Status), false).await {
            Ok(update) => self.next = Some(Next::of(&update.view)),
            Err(e) => {
                if !e.is_internal() {
                    self.line.stats.failed_check(format_args!("table {}: status refused: {e}", self.line.table));
                    self.stopped = true;
                }
                tokio::time::sleep(Duration::from_millis(10)).await;
            }
        }
    }

    /// The player to act clicks (sometimes twice at once), after an illegal click now and then.
    async fn click(&mut self, turn: Turn) {
        if self.rng.gen_ratio(1, ILLEGAL_ONE_IN) {
            self.illegal(&turn).await;
        }
        let action = if self.must_pack {
            Action::Pack
        } else {
            RandomAgent::impatient().choose(&turn.legal, turn.seq as usize, false, &mut self.rng)
        };
        let request = self.click_request(turn.seats[turn.seat], action, Some(turn.hand), turn.seq);
        let key = request.key.clone();
        let answers = if self.rng.gen_ratio(1, DOUBLE_ONE_IN) {
            let (a, b) = tokio::join!(self.request(request.clone(), true), self.request(request, true));
            vec![a, b]
        } else {
            vec![self.request(request, true).await]
        };
        let double = answers.len() == 2;
        let mut paused = false;
        let commits = answers.iter().filter(|a| a.as_ref().is_ok_and(|u| !u.events.is_empty())).count();
        if commits > 1 {
            self.line.stats.failed_check(format_args!("hand {}: a double click was applied twice", turn.hand));
        }
        let mut committed = None;
        for answer in answers {
            match answer {
                Ok(update) if !update.events.is_empty() => committed = Some(update),
                _ if is_internal(&answer) => {}
                // The other click of a double click: turned away (refused, or ignored by its key).
                _ if double && commits == 1 => self.line.stats.add(Count::Refused(Refusal::Duplicate)),
                Err(e) if e.text().starts_with(WALLET_SPENT) => {
                    self.line.stats.add(Count::Refused(Refusal::Wallet));
                    self.must_pack = true;
                }
                // A table paused by a full disk refuses every change until there is room: by design.
                Err(e) if e.is_disk_full() => {
                    self.line.stats.add(Count::Refused(Refusal::Paused));
                    paused = true;
                }
                Ok(_) => self.line.stats.failed_check(format_args!("hand {}: {action:?} changed nothing", turn.hand)),
                Err(e) => self
                    .line
                    .stats
                    .failed_check(format_args!("hand {}: a legal {action:?} was refused: {e}", turn.hand)),
            }
        }
        let Some(update) = committed else {
            self.next = None;
            if paused {
                // Players wait for the table to resume rather than click at it as fast as it answers.
                tokio::time::sleep(Duration::from_millis(200)).await;
            }
            return;
        };
        self.line.stats.add(Count::Action);
        if self.ack_log {
            self.ack(&turn, &update, key.as_deref());
        }
        self.must_pack = false;
        self.next = Some(Next::of(&update.view));
        if update.view.hand.as_ref().is_some_and(|h| h.hand_id == turn.hand && h.outcome.is_some()) {
            self.hands += 1;
            self.line.stats.add(Count::Hand);
            self.top_up().await;
        }
    }

    /// Reports an action the service answered as applied (`--ack-log`): one line on stdout, flushed before this
    /// table's next request. The line names the action's place in the hand's log (`hand_actions.seq`): the seq of
    /// the button, which the answer must show as the last action of that hand.
    fn ack(&self, turn: &Turn, update: &Update, key: Option<&str>) {
        let shown = update.view.hand.as_ref().filter(|h| h.hand_id == turn.hand).map(|h| h.seq);
        if let Some(n) = shown.filter(|&n| n != turn.seq + 1) {
            self.line.stats.failed_check(format_args!(
                "hand {}: the action clicked at seq {} was answered with {n} actions in the hand",
                turn.hand, turn.seq
            ));
        }
        let written = crate::out!("ack hand={} seq={} key={}", turn.hand, turn.seq, key.unwrap_or("-"));
        match written {
            Ok(()) => {}
            Err(crate::output::OutputError::Closed) => self.halt.set(Halted::OutputClosed),
            Err(crate::output::OutputError::Failed(e)) => self.halt.set(Halted::OutputFailed(e.to_string())),
        }
    }

    /// A click the table must turn away: out of turn, on a stale button, or a bet over the maximum.
    async fn illegal(&mut self, turn: &Turn) {
        let to_act = turn.seats[turn.seat];
        let bet = turn.legal.bet;
        let (player, action, hand, seq, what) = match (self.rng.gen_range(0..3), bet) {
            (1, _) if turn.seq > 0 => {
                (to_act, Action::Bet(bet.map_or(1, |b| b.min)), Some(turn.hand), turn.seq - 1, "a stale button")
            }
            (1, _) => {
                let earlier = Some(HandId(turn.hand.get() - 1)).filter(|h| h.get() > 0);
                (to_act, Action::Pack, earlier, 0, "a button of an earlier hand")
            }
            (2, Some(b)) => (to_act, Action::Bet(b.max + b.step), Some(turn.hand), turn.seq, "a bet over the maximum"),
            _ => {
                let other = (turn.seat + self.rng.gen_range(1..turn.seats.len())) % turn.seats.len();
                (
                    turn.seats[other],
                    Action::Bet(bet.map_or(1, |b| b.min)),
                    Some(turn.hand),
                    turn.seq,
                    "a click out of turn",
                )
            }
        };
        let request = self.click_request(player, action, hand, seq);
        let answer = self.request(request, true).await;
        match answer {
            Err(_) if is_internal(&answer) => {}
            Err(_) => self.line.stats.add(Count::Refused(Refusal::Illegal)),
            Ok(_) => {
                self.line.stats.failed_check(format_args!("hand {}: {what} ({action:?}) was accepted", turn.hand));
                self.next = None;
            }
        }
    }

    /// The table deals by itself after a hand (the break is zero): wait for its new hand message.
    async fn wait_for_deal(&self) {
        let dealt = self.line.recorder.dealt(self.line.table);
        // A deal that does not come (a wallet spent elsewhere) shows as no next hand at the next look.
        let _ = tokio::time::timeout(Duration::from_millis(200), dealt.notified()).await;
    }

    /// Tops up the wallets and starts a table that is not dealing (never started, or a deal that could not
    /// happen). `timed`: during play.
    async fn start(&mut self, timed: bool) {
        self.top_up().await;
        let answer = self.request(Request::new(self.opener(), Command::Start), timed).await;
        match answer {
            Ok(update) => self.next = Some(Next::of(&update.view)),
            Err(_) if is_internal(&answer) => tokio::time::sleep(Duration::from_millis(10)).await,
            Err(e) => {
                tracing::debug!(reason = %e, "start refused");
                // At set-up, a table an interrupted run left dealing is refused too: not counted.
                if timed {
                    self.line.stats.add(Count::Refused(Refusal::Start));
                }
                tokio::time::sleep(Duration::from_millis(1)).await;
            }
        }
    }

    /// Tops up this table's wallets that ran low (an admin grant, ledgered). A store failure counts as an error.
    async fn top_up(&self) {
        let store = self.line.service.store();
        let balances = match store.balances(SIM_GUILD, &self.users).await {
            Ok(balances) => balances,
            Err(e) => {
                tracing::error!(error = %e, "could not read the players' balances");
                return self.line.stats.add(Count::Error);
            }
        };
        for (&user, balance) in self.users.iter().zip(balances) {
            if balance >= TOP_UP_BELOW {
                continue;
            }
            let injected = self.line.injected();
            let topped = store.admin_grant(SIM_GUILD, user, TOP_UP, SIM_ADMIN, "simulate top-up").await.map(|_| ());
            match topped {
                Ok(()) => self.line.stats.add(Count::TopUp),
                Err(e) => {
                    tracing::error!(error = %e, %user, "could not top up a wallet");
                    self.line.internal_error(injected);
                }
            }
        }
    }
}
