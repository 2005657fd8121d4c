//! The table service: one task (actor) per live table, fed through a channel,
//! so actions at one table are serialized without locks. The actor owns the
//! engine state, persists every action before anyone is told, runs the turn
//! timer and deals the next hand. Discord is reached only through the
//! [`Presenter`] and [`Responder`] traits, implemented by `crate::discord`.

pub mod actor;
pub mod ids;
pub mod view;

use std::collections::HashMap;
use std::future::Future;
use std::pin::Pin;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use tokio::sync::mpsc;

use crate::ids::ChannelId;
use crate::store::{NewTable, Store, StoreError};

pub use ids::{ButtonId, Verb};
pub use view::{HandView, PrivateNote, SeatView, TableView, Update};

pub type BoxFuture<'a, T> = Pin<Box<dyn Future<Output = T> + Send + 'a>>;

/// A refusal meant for the user who asked: short, clear, shown ephemerally.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct UserError(pub String);

impl UserError {
    pub fn new(msg: impl Into<String>) -> UserError {
        UserError(msg.into())
    }
}

/// Internal failures are logged in full; the user is told only this.
pub const INTERNAL_ERROR: &str = "Something went wrong on our side; nothing was changed. Please try again.";

pub(crate) fn internal(context: &str, e: impl std::fmt::Display) -> UserError {
    tracing::error!(error = %e, "{context}");
    UserError::new(INTERNAL_ERROR)
}

/// Why a DM could not be delivered.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DmError {
    /// The user does not accept DMs from the bot (Discord 50007 or 50278).
    Closed,
    /// Any other failure (logged).
    Failed(String),
}

/// Everything the table needs to show the world, apart from interaction
/// replies. Implemented by the Discord layer (and by test doubles of it).
pub trait Presenter: Send + Sync + 'static {
    /// Posts the message for a new hand; returns its id.
    fn post_hand(&self, view: &TableView) -> BoxFuture<'_, Result<u64, String>>;
    /// Edits the current hand message (timer events, restarts).
    fn edit_hand(&self, view: &TableView) -> BoxFuture<'_, Result<(), String>>;
    /// Sends a private note by DM.
    fn dm(&self, user: u64, view: &TableView, note: &PrivateNote) -> BoxFuture<'_, Result<(), DmError>>;
}

/// Answers the interaction that carried a request. Awaited by the actor
/// before it takes the next message, so table updates never land out of order.
pub trait Responder: Send + 'static {
    fn respond(self: Box<Self>, result: Result<Update, UserError>) -> BoxFuture<'static, ()>;
}

/// Who asked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Player {
    pub id: u64,
    /// Holds Manage Server in this guild.
    pub admin: bool,
}

/// What a player asks a table to do.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    Join,
    Leave,
    Start,
    Close,
    Back,
    Status,
    /// A game action, with the button it came from (None for slash commands).
    Act {
        action: Act,
        button: Option<ButtonId>,
    },
}

/// A game action as a player expresses it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Act {
    See,
    Bet(u64),
    Pack,
    Show,
    Sideshow,
    Accept,
    Deny,
    /// Show me my cards (ephemeral), if I have seen them.
    Cards,
}

pub struct Request {
    pub player: Player,
    pub command: Command,
    /// The interaction id: an action applied twice under one key changes nothing.
    pub key: Option<String>,
    pub responder: Box<dyn Responder>,
    /// Edit the hand message after a change (requests that did not come from
    /// a button on it, whose interaction response cannot carry the update).
    pub edit_message: bool,
}

pub(crate) enum Msg {
    Request(Request),
    Shutdown,
}

/// Timings, configurable so tests need not wait for real minutes.
#[derive(Clone, Debug)]
pub struct Timings {
    /// Pause between the end of a hand and the next deal.
    pub hand_break: Duration,
}

impl Default for Timings {
    fn default() -> Self {
        Timings { hand_break: Duration::from_secs(5) }
    }
}

/// Routes requests to table actors, starting them as needed.
#[derive(Clone)]
pub struct TableService {
    inner: Arc<Inner>,
}

struct Inner {
    store: Store,
    presenter: Arc<dyn Presenter>,
    timings: Timings,
    actors: Mutex<HashMap<i64, mpsc::Sender<Msg>>>,
}

impl TableService {
    pub fn new(store: Store, presenter: Arc<dyn Presenter>, timings: Timings) -> TableService {
        TableService { inner: Arc::new(Inner { store, presenter, timings, actors: Mutex::new(HashMap::new()) }) }
    }

    pub fn store(&self) -> &Store {
        &self.inner.store
    }

    /// Starts an actor for every open table (after a restart): live hands are
    /// rebuilt from their action logs, or refunded if they cannot be.
    pub async fn restore(&self) -> Result<usize, StoreError> {
        let tables = self.inner.store.open_tables().await?;
        let n = tables.len();
        for t in tables {
            self.actor_for(t.id.get());
        }
        Ok(n)
    }

    /// Opens a table in a channel (one per channel) and seats the opener.
    pub async fn open(&self, req: NewTable) -> Result<Update, UserError> {
        let opener = req.opener;
        let row = self.inner.store.open_table(req).await.map_err(|e| match e {
            StoreError::TableExists { .. } => {
                UserError::new("This channel already has an open table. Use `/table status`, or `/table close` first.")
            }
            StoreError::Invalid(m) => UserError::new(m),
            other => internal("opening a table", other),
        })?;
        let (tx, rx) = tokio::sync::oneshot::channel();
        self.send(
            row.id.get(),
            Request {
                player: Player { id: opener.get(), admin: false },
                command: Command::Join,
                key: None,
                responder: Box::new(OneshotResponder(Some(tx))),
                edit_message: false,
            },
        )
        .await?;
        rx.await.unwrap_or_else(|_| Err(UserError::new(INTERNAL_ERROR)))
    }

    /// The open table in a channel, if any.
    pub async fn table_in_channel(&self, channel: u64) -> Result<Option<i64>, UserError> {
        self.inner
            .store
            .table_in_channel(ChannelId(channel))
            .await
            .map(|t| t.map(|t| t.id.get()))
            .map_err(|e| internal("looking up a table", e))
    }

    /// Sends a request to a table's actor.
    pub async fn send(&self, table: i64, req: Request) -> Result<(), UserError> {
        let tx = self.actor_for(table);
        if let Err(mpsc::error::SendError(Msg::Request(req))) = tx.send(Msg::Request(req)).await {
            // The actor stopped (table closed): forget it and tell the user.
            self.forget(table);
            req.responder.respond(Err(UserError::new("That table is closed."))).await;
        }
        Ok(())
    }

    /// Stops every actor (tests, shutdown). Pending requests are answered first.
    pub async fn shutdown(&self) {
        let senders: Vec<_> = self.lock_actors().drain().map(|(_, tx)| tx).collect();
        for tx in senders {
            let _ = tx.send(Msg::Shutdown).await;
            tx.closed().await;
        }
    }

    fn lock_actors(&self) -> std::sync::MutexGuard<'_, HashMap<i64, mpsc::Sender<Msg>>> {
        // A poisoned lock only means another thread panicked mid-insert; the map is still usable.
        self.inner.actors.lock().unwrap_or_else(|p| p.into_inner())
    }

    fn forget(&self, table: i64) {
        self.lock_actors().remove(&table);
    }

    fn actor_for(&self, table: i64) -> mpsc::Sender<Msg> {
        let mut actors = self.lock_actors();
        if let Some(tx) = actors.get(&table) {
            if !tx.is_closed() {
                return tx.clone();
            }
        }
        let (tx, rx) = mpsc::channel(64);
        actors.insert(table, tx.clone());
        let service = self.clone();
        tokio::spawn(async move {
            actor::run(service.clone(), table, rx).await;
            let mut actors = service.lock_actors();
            if actors.get(&table).is_some_and(|t| t.is_closed()) {
                actors.remove(&table);
            }
        });
        tx
    }

    pub(crate) fn presenter(&self) -> &dyn Presenter {
        self.inner.presenter.as_ref()
    }

    pub(crate) fn presenter_arc(&self) -> Arc<dyn Presenter> {
        self.inner.presenter.clone()
    }

    pub(crate) fn timings(&self) -> &Timings {
        &self.inner.timings
    }
}

/// A responder that hands the result back through a channel (for callers that
/// render it themselves, and for tests).
pub struct OneshotResponder(pub Option<tokio::sync::oneshot::Sender<Result<Update, UserError>>>);

impl Responder for OneshotResponder {
    fn respond(mut self: Box<Self>, result: Result<Update, UserError>) -> BoxFuture<'static, ()> {
        if let Some(tx) = self.0.take() {
            let _ = tx.send(result);
        }
        Box::pin(async {})
    }
}
