//! The table service: one task (actor) per live table, fed through a channel,
//! so actions at one table are serialized without locks. The actor owns the
//! engine state, persists every action before anyone is told, runs the turn
//! timer and deals the next hand. Discord is reached only through the
//! [`Presenter`] and [`Responder`] traits, implemented by `crate::discord`.
//!
//! Layout: this file routes requests to actors; `actor.rs` is one table's loop and timers; its jobs each have a
//! file: `lobby.rs` (join, leave, start, close, back), `play.rs` (game actions), `timeout.rs` (the turn timer's
//! packs and sitting out), `deal.rs` (a new hand; `dealer.rs` who deals, `decks.rs` its deck's seed), `pick.rs`
//! (the dealer's choice of a hand's game), `error.rs` (`Refusal` and `UserError`, the refusals a user hears),
//! `pause.rs` (a full disk), `recovery.rs` (a restart), `refused.rs` (Discord's refusals: a channel or message
//! deleted, a permission taken away), `notes.rs` (private notes and their DMs), `view.rs` (what a table shows).
//! `button.rs` is the `custom_id` format, `history.rs` what `/history` may reveal of a stored hand.

mod actor;
mod bots;
pub mod button;
pub mod choices;
mod deal;
mod dealer;
mod decks;
mod error;
pub mod history;
mod lobby;
mod notes;
mod odds;
mod pause;
mod pick;
mod play;
pub mod presenter;
mod recovery;
mod refused;
mod timeout;
mod tournament;
pub mod view;

use std::collections::HashMap;
use std::ops::RangeInclusive;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use tokio::sync::{mpsc, oneshot};
use tracing::Instrument as _;

use crate::engine::{Action, Rules, Variant};
use crate::i18n;
use crate::ids::{ChannelId, GuildId, TableId, TournamentId, UserId};
use crate::store::{NewTable, Store, StoreError};

pub use button::ButtonId;
pub use decks::Decks;
pub(crate) use error::internal;
pub use error::{Refusal, UserError};
pub use presenter::{BoxFuture, DmError, Presenter, Responder, ShowError};
pub use view::{HandView, PickView, PrivateNote, SeatView, TableView, Update};

/// Seconds a player may have to act: a table's turn timer is set within these bounds (the one source for
/// `/table open`, `/config set` and the actor).
pub const TURN_SECONDS: RangeInclusive<i64> = 10..=600;

/// Who asked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Player {
    pub id: UserId,
    /// Holds Manage Server in this guild.
    pub admin: bool,
}

/// What a player asks a table to do: one vocabulary for buttons, slash
/// commands, `simulate` and the tests. Game actions are the engine's own
/// [`Action`]s (a player never sends `Timeout`: the timer does).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Command {
    Join,
    Leave,
    Start,
    Close,
    Back,
    Status,
    /// Show me my cards again (ephemeral), if I have seen them.
    Cards,
    /// Open the draw menu: a select of my own down cards (ephemeral).
    DrawMenu,
    /// The dealer at a dealers_choice table: open the menu of games to choose from (ephemeral).
    PickMenu,
    /// The dealer at a dealers_choice table: deal the next hand as this variant (with [`Request::options`]).
    Pick(Variant),
    Play(Action),
    /// A seated player's entropy for the next deal (the text in [`Request::options`]).
    Entropy,
    /// Seat a computer player of this level (the opener, or Manage Server).
    AddBot(crate::engine::bot::Level),
    /// Unseat the last computer player seated (the opener, or Manage Server).
    RemoveBot,
    /// My hand's odds now (ephemeral): exact against one unknown hand, sampled against the players still in.
    Odds,
    /// The table's tournament was cancelled: close the table (a hand in play refunded in tournament chips).
    /// Sent by the service only, never from Discord.
    EndTournament,
    /// The table's channel was deleted: close the table, a hand in play refunded (`refused.rs`). From the
    /// service only ([`TableService::refused`]), never a button.
    ChannelGone,
    /// A message in the table's channel was deleted: the hand message is posted again, and the player to act
    /// gets a whole turn (`refused.rs`). From the service only.
    MessageGone(crate::ids::MessageId),
    /// The bot may no longer post or edit in the table's channel: a hand in play is refunded and the table stops
    /// dealing until Start (`refused.rs`). From the service only.
    Silenced,
    /// Post the table's message in its channel (the lobby, or the hand in play) and make it the one edited: a
    /// table opened where no command's reply shows it (from the Activity). From the service only.
    Post,
}

impl Command {
    /// A request that only reads the table (status, my cards, a menu, odds): answered even while the table is
    /// paused, and never published to the table's followers.
    pub fn is_look(self) -> bool {
        matches!(self, Command::Status | Command::Cards | Command::PickMenu | Command::Odds | Command::DrawMenu)
    }
}

/// One request to a table.
#[derive(Clone, Debug)]
pub struct Request {
    pub player: Player,
    pub command: Command,
    /// The button it came from (None for slash commands): a stale one is refused.
    pub button: Option<ButtonId>,
    /// The interaction id: an action applied twice under one key changes nothing.
    pub key: Option<String>,
    /// Edit the hand message after a change (requests that did not come from
    /// a button on it, whose interaction response cannot carry the update).
    pub edit_message: bool,
    /// Rule options given with a dealer's [`Command::Pick`] (`name=value` items, `/table pick`).
    pub options: Option<String>,
    /// The asker's own language (their Discord locale, where the catalogue has it), for `private_language=reader`.
    pub reader: Option<i18n::Lang>,
}

impl Request {
    /// A request with no button, no idempotency key and no message edit (callers set those they need).
    pub fn new(player: Player, command: Command) -> Request {
        Request { player, command, button: None, key: None, edit_message: false, options: None, reader: None }
    }
}

/// A message to a table's actor. A request travels boxed: tokio's channel allocates its slots 32 at a time, the
/// first block when the channel is made, so every live table holds 32 messages' worth of memory; boxed, a
/// message is one pointer (a table's first block is about 300 bytes rather than 4 KiB).
pub(crate) enum Msg {
    Request(Box<Asked>),
    Shutdown,
}

/// A request and whoever gets its answer.
pub(crate) struct Asked {
    pub request: Request,
    pub responder: Box<dyn Responder>,
}

/// Timings, configurable so tests need not wait for real minutes.
#[derive(Clone, Debug)]
pub struct Timings {
    /// Pause between the end of a hand and the next deal.
    pub hand_break: Duration,
    /// How long a computer player takes to act (as a person would, a moment after the turn reaches it).
    pub bot_delay: Duration,
}

impl Default for Timings {
    fn default() -> Self {
        Timings { hand_break: Duration::from_secs(5), bot_delay: Duration::from_millis(1500) }
    }
}

/// What every table actor uses, and nothing more.
pub(crate) struct Deps {
    pub store: Store,
    pub presenter: Arc<dyn Presenter>,
    pub timings: Timings,
    pub decks: Decks,
    /// The runtime the service was made on: its actors run there whoever asks (`loadtest` drives its tables
    /// from a runtime of their own, to read the service's CPU apart from theirs).
    pub runtime: Option<tokio::runtime::Handle>,
}

/// Routes requests to table actors, starting them as needed.
#[derive(Clone)]
pub struct TableService {
    deps: Arc<Deps>,
    actors: Arc<Mutex<HashMap<TableId, Live>>>,
    /// How many tables this service has opened: followers waiting for a table in a channel wake when it moves.
    opened: Arc<tokio::sync::watch::Sender<u64>>,
    /// Shut down: no actor starts again (a request from then on is answered "closed").
    stopped: Arc<std::sync::atomic::AtomicBool>,
}

/// A running actor: its queue, and the channel a click's check found its table in (kept while it runs: a table
/// never changes channel, so a click on a live table needs no query to be placed).
struct Live {
    tx: mpsc::Sender<Msg>,
    channel: Option<ChannelId>,
    /// The table as it stands after each request and timer, for the presenters that follow it live (the
    /// Activity's sessions): published only while one watches.
    shown: Shown,
}

/// A table's latest view, as its actor publishes it: `None` until the first one after the first watcher came.
pub type Shown = tokio::sync::watch::Sender<Option<Arc<TableView>>>;

impl TableService {
    pub fn new(store: Store, presenter: Arc<dyn Presenter>, timings: Timings) -> TableService {
        TableService::with_decks(store, presenter, timings, Decks::default())
    }

    /// A service whose decks come from `decks` (the seeded simulation; the bot uses [`TableService::new`]).
    pub fn with_decks(store: Store, presenter: Arc<dyn Presenter>, timings: Timings, decks: Decks) -> TableService {
        let runtime = tokio::runtime::Handle::try_current().ok();
        let deps = Arc::new(Deps { store, presenter, timings, decks, runtime });
        let opened = Arc::new(tokio::sync::watch::Sender::new(0));
        TableService { deps, actors: Arc::default(), opened, stopped: Arc::default() }
    }

    pub fn store(&self) -> &Store {
        &self.deps.store
    }

    /// Starts an actor for every open table (after a restart): live hands are
    /// rebuilt from their action logs, or refunded if they cannot be.
    pub async fn restore(&self) -> Result<usize, StoreError> {
        self.restore_where(|_| true).await
    }

    /// Restores the open tables of the guilds `owns` says this process runs (its Discord shards: another
    /// process runs the others, and their live hands are its to resume, never this one's to refund).
    pub async fn restore_where(&self, owns: impl Fn(GuildId) -> bool) -> Result<usize, StoreError> {
        let tables = self.deps.store.open_tables().await?;
        let mut n = 0;
        for t in tables.into_iter().filter(|t| owns(t.guild)) {
            self.actor_for(t.id);
            n += 1;
        }
        Ok(n)
    }

    /// Begins a tournament whose seats are full: its table opened in its channel (its game, the first level's
    /// boot), the start recorded (tournament chips dealt), every player seated and the first hand dealt. Each
    /// step is skipped if done, so a start cut off by a restart is finished by calling this again.
    pub async fn start_tournament(&self, id: TournamentId) -> Result<Update, UserError> {
        let store = &self.deps.store;
        let t = store.tournament(id).await.map_err(|e| internal("reading a tournament", e))?;
        let t = t.ok_or_else(|| UserError::said(i18n::Msg::new("error-no-tournament")))?;
        let table = match store.table_in_channel(t.channel).await.map_err(|e| internal("reading a table", e))? {
            Some(row) if row.tournament_id == Some(id) => row,
            _ => {
                let boot = t.plan.boots.first().copied().unwrap_or(1);
                let rules = Rules { variant: t.plan.variant, boot, ..Rules::default() };
                let seats = u32::try_from(t.seats).unwrap_or(2);
                let new = NewTable {
                    guild: t.guild,
                    channel: t.channel,
                    opener: t.opener,
                    rules,
                    max_players: seats,
                    turn_seconds: t.turn_seconds,
                };
                let row = store.open_table_for(new, Some(id)).await.map_err(|e| match e {
                    StoreError::TableExists { .. } => UserError::said(i18n::Msg::new("error-channel-has-table")),
                    other => internal("opening a tournament's table", other),
                })?;
                self.actor_with(
                    row.id,
                    actor::Start::Opened(actor::Table::new(self.deps.clone(), row.clone(), Vec::new())),
                );
                self.opened.send_modify(|n| *n += 1);
                row
            }
        };
        let players = store.begin_tournament(id, table.id).await.map_err(|e| internal("beginning a tournament", e))?;
        for &user in &players {
            // Already seated (a start finished after a restart): refused, and that is fine.
            let _ = self.ask(table.id, Request::new(Player { id: user, admin: false }, Command::Join)).await;
        }
        self.ask(table.id, Request::new(Player { id: t.opener, admin: true }, Command::Start)).await
    }

    /// Cancels a tournament (its opener, or Manage Server): a running one's table is closed (a hand in play
    /// refunded in tournament chips), then every buy-in goes back. Returns the players refunded.
    pub async fn cancel_tournament(&self, id: TournamentId, by: Player) -> Result<Vec<UserId>, UserError> {
        let store = &self.deps.store;
        let t = store.tournament(id).await.map_err(|e| internal("reading a tournament", e))?;
        let t = t.ok_or_else(|| UserError::said(i18n::Msg::new("error-no-tournament")))?;
        if !by.admin && by.id != t.opener {
            return Err(UserError::said(i18n::Msg::new("error-tournament-cancel").arg("opener", t.opener.mention())));
        }
        if let Some(table) = t.table_id {
            // Closed already (over, or a cancel cut off): nothing to close.
            let _ = self.ask(table, Request::new(by, Command::EndTournament)).await;
        }
        store.cancel_tournament(id).await.map_err(|e| internal("cancelling a tournament", e))
    }

    /// Starts the tournaments of `owns`' guilds left full but not begun (a restart cut their start off).
    pub async fn resume_tournaments(&self, owns: impl Fn(GuildId) -> bool) -> Result<usize, StoreError> {
        let mut n = 0;
        for t in self.deps.store.full_tournaments().await?.into_iter().filter(|t| owns(t.guild)) {
            if let Err(e) = self.start_tournament(t.id).await {
                tracing::warn!(tournament = t.id.get(), error = %e, "could not begin a full tournament");
            }
            n += 1;
        }
        Ok(n)
    }

    /// Opens a table in a channel (one per channel) and seats the opener (their own language: `reader`).
    pub async fn open(&self, mut req: NewTable, reader: Option<i18n::Lang>) -> Result<Update, UserError> {
        let opener = Player { id: req.opener, admin: false };
        // The server's bet caps: a boot over `max_boot` is refused, the chaal limit lowered to `max_bet`.
        let economy =
            self.deps.store.guild_settings(req.guild).await.map_err(|e| internal("reading settings", e))?.economy;
        req.rules = economy.cap_rules(&req.rules).map_err(|breach| match breach {
            crate::store::CapBreach::Boot { cap } => UserError::said(i18n::Msg::new("error-boot-cap").arg("cap", cap)),
            crate::store::CapBreach::Bet { cap } => UserError::said(i18n::Msg::new("error-bet-cap").arg("cap", cap)),
        })?;
        let row = self.deps.store.open_table(req).await.map_err(|e| match e {
            StoreError::TableExists { .. } => UserError::said(i18n::Msg::new("error-channel-has-table")),
            StoreError::TournamentHere { tournament, .. } => {
                UserError::said(i18n::Msg::new("error-channel-has-tournament").arg("number", tournament))
            }
            other => internal("opening a table", other),
        })?;
        let table = row.id;
        // Its actor starts from the row just written: a new table has nothing to read back or recover (loading
        // it would read the live hands, which costs time and readers' memory as the tables grow in number).
        self.actor_with(table, actor::Start::Opened(actor::Table::new(self.deps.clone(), row, Vec::new())));
        self.opened.send_modify(|n| *n += 1);
        self.ask(table, Request { reader, ..Request::new(opener, Command::Join) }).await
    }

    /// The open table in a channel, if any.
    pub async fn table_in_channel(&self, channel: ChannelId) -> Result<Option<TableId>, UserError> {
        self.deps
            .store
            .table_in_channel(channel)
            .await
            .map(|t| t.map(|t| t.id))
            .map_err(|e| internal("looking up a table", e))
    }

    /// Whether `table` is the table open in `channel` (a click's check that its button belongs where it was
    /// clicked). Asked of the store once per running table: the answer is kept with its actor, so the clicks of a
    /// table in play are placed without a query.
    pub async fn is_in_channel(&self, table: TableId, channel: ChannelId) -> Result<bool, UserError> {
        let known = |live: &Live| !live.tx.is_closed() && live.channel == Some(channel);
        if self.lock_actors().get(&table).is_some_and(known) {
            return Ok(true);
        }
        let here = self.table_in_channel(channel).await? == Some(table);
        if let Some(live) = self.lock_actors().get_mut(&table).filter(|_| here) {
            live.channel = Some(channel);
        }
        Ok(here)
    }

    /// Answers one of Discord's refusals to show the table in `channel` (see `refused.rs`), met by a queued
    /// edit or said by Discord's events (CHANNEL_DELETE, MESSAGE_DELETE): a deleted channel closes its table and
    /// cancels a tournament played or registering there; a deleted hand message is posted again; a permission
    /// taken away refunds the hand in play. A channel with no table is left alone.
    pub async fn refused(&self, channel: ChannelId, message: Option<crate::ids::MessageId>, why: ShowError) {
        let command = match (&why, message) {
            (ShowError::ChannelGone, _) => Command::ChannelGone,
            (ShowError::MessageGone, Some(m)) => Command::MessageGone(m),
            (ShowError::Forbidden, _) => Command::Silenced,
            _ => return,
        };
        let system = Player { id: UserId(0), admin: true };
        match self.deps.store.table_in_channel(channel).await {
            Ok(Some(table)) => {
                if let Err(e) = self.ask(table.id, Request::new(system, command)).await {
                    tracing::warn!(table = %table.id, error = %e, "could not answer Discord's refusal ({why})");
                }
            }
            Ok(None) => {}
            Err(e) => tracing::warn!(error = %e, "could not look up the table of a channel Discord refused"),
        }
        if why != ShowError::ChannelGone {
            return;
        }
        match self.deps.store.tournament_in_channel(channel).await {
            Ok(Some(t)) => match self.deps.store.cancel_tournament(t.id).await {
                Ok(refunded) => {
                    tracing::warn!(
                        tournament = t.id.get(),
                        players = refunded.len(),
                        "its channel was deleted: cancelled"
                    )
                }
                Err(e) => {
                    tracing::warn!(tournament = t.id.get(), error = %e, "could not cancel a tournament whose channel was deleted")
                }
            },
            Ok(None) => {}
            Err(e) => tracing::warn!(error = %e, "could not look up the tournament of a deleted channel"),
        }
    }

    /// Sends a request to a table's actor and waits for its answer.
    pub async fn ask(&self, table: TableId, req: Request) -> Result<Update, UserError> {
        let (tx, rx) = oneshot::channel();
        self.send(table, req, Box::new(presenter::OneshotResponder(tx))).await;
        // The actor answers every request it takes, and refuses those queued when it stops.
        rx.await.unwrap_or_else(|_| Err(UserError::internal_error()))
    }

    /// Sends a request to a table's actor; `responder` gets the answer.
    pub async fn send(&self, table: TableId, req: Request, responder: Box<dyn Responder>) {
        let tx = self.actor_for(table);
        let asked = Box::new(Asked { request: req, responder });
        if let Err(mpsc::error::SendError(Msg::Request(asked))) = tx.send(Msg::Request(asked)).await {
            // The actor stopped (table closed): forget it and tell the user.
            self.forget(table);
            asked.responder.respond(Err(UserError::table_closed())).await;
        }
    }

    /// Stops every actor (tests, shutdown). Pending requests are answered first.
    pub async fn shutdown(&self) {
        self.stopped.store(true, std::sync::atomic::Ordering::Relaxed);
        let senders: Vec<_> = self.lock_actors().drain().map(|(_, live)| live.tx).collect();
        for tx in senders {
            let _ = tx.send(Msg::Shutdown).await;
            tx.closed().await;
        }
    }

    fn lock_actors(&self) -> std::sync::MutexGuard<'_, HashMap<TableId, Live>> {
        // A poisoned lock only means another thread panicked mid-insert; the map is still usable.
        self.actors.lock().unwrap_or_else(|p| p.into_inner())
    }

    fn forget(&self, table: TableId) {
        self.lock_actors().remove(&table);
    }

    /// Follows `table` as it changes: its view after each request and timer of its actor (started if it is not
    /// running). The receiver's value is `None` until the actor's next step (a [`Command::Status`] makes one);
    /// the sender is dropped when the actor stops (the table closed, or the service shut down).
    pub fn watch(&self, table: TableId) -> tokio::sync::watch::Receiver<Option<Arc<TableView>>> {
        self.actor_for(table);
        let actors = self.lock_actors();
        match actors.get(&table) {
            Some(live) => live.shown.subscribe(),
            // Stopped at once (a closed table): a receiver whose sender is gone.
            None => tokio::sync::watch::channel(None).1,
        }
    }

    /// Moves each time this service opens a table: a follower waiting for a table in its channel looks then.
    pub fn opened(&self) -> tokio::sync::watch::Receiver<u64> {
        self.opened.subscribe()
    }

    fn actor_for(&self, table: TableId) -> mpsc::Sender<Msg> {
        self.actor_with(table, actor::Start::Load(self.deps.clone(), table))
    }

    /// The actor of `table`, started from `start` if it has none running.
    fn actor_with(&self, table: TableId, start: actor::Start) -> mpsc::Sender<Msg> {
        let mut actors = self.lock_actors();
        if let Some(live) = actors.get(&table) {
            if !live.tx.is_closed() {
                return live.tx.clone();
            }
        }
        let (tx, rx) = mpsc::channel(64);
        if self.stopped.load(std::sync::atomic::Ordering::Relaxed) {
            // Shut down: a closed queue, so the request is answered "closed" and nothing runs.
            return tx;
        }
        let shown = Shown::new(None);
        actors.insert(table, Live { tx: tx.clone(), channel: None, shown: shown.clone() });
        let service = self.clone();
        let span = tracing::info_span!("table", id = %table);
        let runtime = self.deps.runtime.clone();
        let actor = async move {
            actor::run(start, rx, shown).await;
            let mut actors = service.lock_actors();
            if actors.get(&table).is_some_and(|t| t.tx.is_closed()) {
                actors.remove(&table);
            }
        }
        .instrument(span);
        match runtime {
            Some(runtime) => drop(runtime.spawn(actor)),
            None => drop(tokio::spawn(actor)),
        }
        tx
    }
}
