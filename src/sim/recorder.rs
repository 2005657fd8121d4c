//! Where Discord stands for the simulated tables: the presenter (hand
//! messages, edits, DMs) and the responder of each request. Each message is
//! rendered with the production renderer, as the Discord layer renders it,
//! and serialized as its request body would be; only counts and sizes are
//! kept, so rendering is part of what a run measures. A table's driver is
//! woken when its table deals a new hand.

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

use serde::Serialize;

use super::faults::Faults;
use tokio::sync::{oneshot, Notify};

use crate::discord::render;
use crate::discord::responder::private_text;
use crate::ids::{MessageId, TableId, UserId};
use crate::table::view::{PrivateNote, TableView, Update};
use crate::table::{BoxFuture, DmError, Presenter, Responder, ShowError, UserError};

/// The server name a DM would show.
const SERVER_NAME: &str = "this server";

counters! {
    /// What the tables would have shown.
    Shown, Counters {
        /// Hand messages posted.
        posts,
        /// Hand messages edited (timer events, closing).
        edits,
        /// Direct messages (cards, sideshow results, seat confirmations).
        dms,
        /// Answers to requests (a click's message update and its private follow-up, or a refusal).
        answers,
        /// Everything above as rendered: request bodies in bytes.
        bytes,
    }
}

#[derive(Default)]
pub struct Recorder {
    shown: Counters,
    dealt: Mutex<HashMap<TableId, Arc<Notify>>>,
    /// `--faults`: Discord's posts, edits and DMs fail at this run's rate.
    faults: Option<Arc<Faults>>,
}

/// The error of a Discord call failed on purpose.
const DISCORD_FAULT: &str = "injected Discord fault (loadtest --faults)";

impl Recorder {
    pub fn with_faults(faults: Option<Arc<Faults>>) -> Recorder {
        Recorder { faults, ..Recorder::default() }
    }

    fn fails(&self) -> bool {
        self.faults.as_ref().is_some_and(|f| f.discord_fails())
    }

    /// Notified each time `table` posts a new hand message.
    pub fn dealt(&self, table: TableId) -> Arc<Notify> {
        self.dealt.lock().unwrap_or_else(|p| p.into_inner()).entry(table).or_default().clone()
    }

    pub fn shown(&self) -> Shown {
        self.shown.snapshot()
    }

    /// A responder that renders the answer, then hands it to `tx`.
    pub(super) fn responder(self: &Arc<Self>, tx: oneshot::Sender<Result<Update, UserError>>) -> Box<dyn Responder> {
        Box::new(Answer { recorder: self.clone(), tx })
    }

    /// Counts one message of `bytes` in `counter`; returns how many there were before.
    fn count(&self, counter: &AtomicU64, bytes: usize) -> u64 {
        self.shown.bytes.fetch_add(bytes as u64, Ordering::Relaxed);
        counter.fetch_add(1, Ordering::Relaxed)
    }

    /// Renders the answer to a request as the Discord responder does: the clicked message updated with the
    /// hand, and the private part as a follow-up; a refusal as its text.
    fn answer(&self, result: &Result<Update, UserError>) {
        let bytes = match result {
            Ok(update) => hand_message_bytes(&update.view) + private_text(update).map_or(0, |t| t.len()),
            Err(e) => e.text().len(),
        };
        self.count(&self.shown.answers, bytes);
    }
}

/// The hand message for `view`, rendered and serialized.
fn hand_message_bytes(view: &TableView) -> usize {
    let (content, embed, rows) = render::hand_message(view);
    content.len() + json_bytes(&embed) + json_bytes(&rows)
}

fn json_bytes<T: Serialize>(value: &T) -> usize {
    serde_json::to_vec(value).map_or(0, |v| v.len())
}

impl Presenter for Recorder {
    fn post_hand(&self, view: &TableView) -> BoxFuture<'_, Result<MessageId, ShowError>> {
        if self.fails() {
            self.dealt(view.table_id).notify_one();
            return Box::pin(async { Err(ShowError::Failed(DISCORD_FAULT.to_string())) });
        }
        let id = MessageId(self.count(&self.shown.posts, hand_message_bytes(view)) + 1);
        self.dealt(view.table_id).notify_one();
        Box::pin(async move { Ok(id) })
    }

    fn edit_hand(&self, view: &TableView) -> BoxFuture<'_, Result<(), ShowError>> {
        if self.fails() {
            return Box::pin(async { Err(ShowError::Failed(DISCORD_FAULT.to_string())) });
        }
        self.count(&self.shown.edits, hand_message_bytes(view));
        Box::pin(async { Ok(()) })
    }

    fn dm(&self, _user: UserId, view: &TableView, note: &PrivateNote) -> BoxFuture<'_, Result<(), DmError>> {
        if self.fails() {
            return Box::pin(async { Err(DmError::Failed(DISCORD_FAULT.to_string())) });
        }
        self.count(&self.shown.dms, render::note_text(view, note, Some(SERVER_NAME)).len());
        Box::pin(async { Ok(()) })
    }
}

/// The responder of one simulated request.
struct Answer {
    recorder: Arc<Recorder>,
    tx: oneshot::Sender<Result<Update, UserError>>,
}

impl Responder for Answer {
    fn respond(self: Box<Self>, result: Result<Update, UserError>) -> BoxFuture<'static, ()> {
        self.recorder.answer(&result);
        // The driver may have stopped waiting; nothing is lost: the change is recorded.
        let _ = self.tx.send(result);
        Box::pin(async {})
    }
}
