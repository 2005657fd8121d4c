//! The presenter `simulate` runs the table service with: it stands where
//! Discord stands, counts what would be posted, edited and sent by DM, and
//! wakes a table's driver when that table deals a new hand.

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

use tokio::sync::Notify;

use crate::ids::{MessageId, TableId, UserId};
use crate::table::view::{PrivateNote, TableView};
use crate::table::{BoxFuture, DmError, Presenter};

#[derive(Default)]
pub struct Recorder {
    posts: AtomicU64,
    edits: AtomicU64,
    dms: AtomicU64,
    dealt: Mutex<HashMap<TableId, Arc<Notify>>>,
}

/// What the tables would have shown.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Shown {
    pub posts: u64,
    pub edits: u64,
    pub dms: u64,
}

impl Recorder {
    /// Notified each time `table` posts a new hand message.
    pub fn dealt(&self, table: TableId) -> Arc<Notify> {
        self.dealt.lock().unwrap_or_else(|p| p.into_inner()).entry(table).or_default().clone()
    }

    pub fn shown(&self) -> Shown {
        Shown {
            posts: self.posts.load(Ordering::Relaxed),
            edits: self.edits.load(Ordering::Relaxed),
            dms: self.dms.load(Ordering::Relaxed),
        }
    }
}

impl Presenter for Recorder {
    fn post_hand(&self, view: &TableView) -> BoxFuture<'_, Result<MessageId, String>> {
        let id = MessageId(self.posts.fetch_add(1, Ordering::Relaxed) + 1);
        self.dealt(view.table_id).notify_one();
        Box::pin(async move { Ok(id) })
    }

    fn edit_hand(&self, _view: &TableView) -> BoxFuture<'_, Result<(), String>> {
        self.edits.fetch_add(1, Ordering::Relaxed);
        Box::pin(async { Ok(()) })
    }

    fn dm(&self, _user: UserId, _view: &TableView, _note: &PrivateNote) -> BoxFuture<'_, Result<(), DmError>> {
        self.dms.fetch_add(1, Ordering::Relaxed);
        Box::pin(async { Ok(()) })
    }
}
