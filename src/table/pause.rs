//! A table paused by a full disk. A write the store refuses for a full disk (`StoreError::DiskFull`, which the
//! player hears as [`DISK_FULL`](super::DISK_FULL)) pauses the table: one notice in its channel, every change
//! asked of it refused with that one message (nothing was written, so nothing is lost), and the turn timer
//! and the next deal held, since nobody can act. Every few seconds, and before any change asked meanwhile, the
//! table asks the store whether a write fits again (`Store::check_room`); when one does it resumes by itself:
//! one more notice, a fresh turn timer for the player to act, and the next deal if one was due.

use std::time::Duration;

use tokio::time::Instant;

use super::actor::{Deadline, Table};

/// How often a paused table asks the store whether there is room again.
const ROOM_PROBE: Duration = Duration::from_secs(5);

const PAUSED: &str = "⏸️ This table is paused: the bot's disk is full. Nothing was lost, and play resumes by \
                      itself when space is freed.";
const RESUMED: &str = "▶️ There is room on the bot's disk again: the table resumes.";

impl Table {
    /// Pauses the table after a write the full disk refused (once: a paused table stays paused quietly).
    pub(super) async fn pause(&mut self) {
        let first = self.paused.is_none();
        self.paused = Some(Instant::now() + ROOM_PROBE);
        if first {
            tracing::warn!("the disk is full: table paused until there is room again");
            self.announce(PAUSED).await;
        }
    }

    /// Whether the table plays again: when the store has room, it resumes (and says so).
    pub(super) async fn try_resume(&mut self) -> bool {
        if let Err(e) = self.deps.store.check_room().await {
            tracing::debug!(error = %e, "still no room on the disk");
            self.paused = Some(Instant::now() + ROOM_PROBE);
            return false;
        }
        self.paused = None;
        let (turn, hand_break) = (self.turn_duration(), self.deps.timings.hand_break);
        match self.live.as_mut().filter(|l| l.in_play()) {
            Some(live) => live.deadline = Some(Deadline::after(turn)),
            None if self.running && self.next_hand.is_none() && self.picking.is_none() => {
                self.next_hand = Some(Deadline::after(hand_break))
            }
            None => {}
        }
        tracing::info!("room on the disk again: table resumed");
        self.announce(RESUMED).await;
        self.redraw("after a pause").await;
        true
    }

    async fn announce(&self, text: &str) {
        if let Err(e) = self.deps.presenter.notice(&self.view(), text).await {
            tracing::warn!(error = %e, "could not post a notice in the table's channel");
        }
    }
}
