//! What the table service needs from the outside world: a [`Presenter`] to
//! show tables and send private notes, and a [`Responder`] per request to
//! answer whoever asked. The Discord layer implements both; `simulate` and
//! the tests implement recording ones.

use std::future::Future;
use std::pin::Pin;

use super::view::{PrivateNote, TableView, Update};
use super::UserError;
use crate::ids::{MessageId, UserId};

pub type BoxFuture<'a, T> = Pin<Box<dyn Future<Output = T> + Send + 'a>>;

/// Why a DM could not be delivered.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DmError {
    /// The user does not accept DMs from the bot (Discord 50007 or 50278).
    Closed,
    /// Any other failure (logged).
    Failed(String),
}

/// Why a table's message could not be shown. The Discord presenter says which of Discord's refusals it met, and
/// the table answers each its own way (`refused.rs`): a channel gone closes the table, a message gone is posted
/// again, a permission taken away refunds the hand in play.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ShowError {
    /// The table's channel no longer exists (Discord 10003: deleted).
    ChannelGone,
    /// The message no longer exists (Discord 10008: deleted by a moderator).
    MessageGone,
    /// The bot may no longer post or edit there (Discord 50001 or 50013); the presenter has told the table's
    /// opener which permission is missing.
    Forbidden,
    /// Anything else, described for the log.
    Failed(String),
}

impl std::fmt::Display for ShowError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ShowError::ChannelGone => f.write_str("the channel no longer exists"),
            ShowError::MessageGone => f.write_str("the message no longer exists"),
            ShowError::Forbidden => f.write_str("the bot may no longer post there"),
            ShowError::Failed(why) => f.write_str(why),
        }
    }
}

/// Everything the table needs to show the world, apart from interaction
/// replies.
pub trait Presenter: Send + Sync + 'static {
    /// Posts the message for a new hand; returns its id.
    fn post_hand(&self, view: &TableView) -> BoxFuture<'_, Result<MessageId, ShowError>>;
    /// Edits the current hand message (timer events, restarts). A presenter may queue the edit and return at
    /// once (Discord's: edits wait for the channel's rate limit, and only the newest view is sent); a refusal it
    /// meets later reaches the table through [`super::TableService::refused`].
    fn edit_hand(&self, view: &TableView) -> BoxFuture<'_, Result<(), ShowError>>;
    /// Sends a private note by DM.
    fn dm(&self, user: UserId, view: &TableView, note: &PrivateNote) -> BoxFuture<'_, Result<(), DmError>>;
    /// Posts a short message in the table's channel: the table paused for a full disk, or resumed. Tools with
    /// no channel keep the default, which shows nothing.
    fn notice(&self, _view: &TableView, _text: &str) -> BoxFuture<'_, Result<(), String>> {
        Box::pin(async { Ok(()) })
    }
    /// Posts the dealer's-choice prompt of `view.picking` (the next hand's dealer chooses its game); returns its
    /// id. Tools with no channel keep the default, which posts nothing: the table's default game is dealt at once.
    fn post_pick(&self, _view: &TableView) -> BoxFuture<'_, Result<MessageId, String>> {
        Box::pin(async { Err("this presenter shows no dealer's choice".to_string()) })
    }
    /// Edits the prompt `message` to show the choice made (`view.picking`'s `picked`).
    fn edit_pick(&self, _view: &TableView, _message: MessageId) -> BoxFuture<'_, Result<(), String>> {
        Box::pin(async { Ok(()) })
    }
}

/// Answers the interaction that carried a request. Awaited by the actor
/// before it takes the next message, so table updates never land out of order.
pub trait Responder: Send + 'static {
    fn respond(self: Box<Self>, result: Result<Update, UserError>) -> BoxFuture<'static, ()>;
}

/// Hands the result back through a channel: the responder behind
/// [`super::TableService::ask`].
pub(super) struct OneshotResponder(pub(super) tokio::sync::oneshot::Sender<Result<Update, UserError>>);

impl Responder for OneshotResponder {
    fn respond(self: Box<Self>, result: Result<Update, UserError>) -> BoxFuture<'static, ()> {
        // The asker may have gone away (a cancelled command); nothing is lost: the change is recorded.
        let _ = self.0.send(result);
        Box::pin(async {})
    }
}
