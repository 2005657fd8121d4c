//! Discord's refusals to show a table, and the table's answer to each ([`ShowError`]). They come from the hand
//! message's post (awaited here), from an edit the presenter queued (reported later through
//! [`super::TableService::refused`]), or from Discord's own events (CHANNEL_DELETE, MESSAGE_DELETE), whichever
//! comes first:
//!
//! - **The channel is gone** (10003, or CHANNEL_DELETE): the table closes, a hand in play refunded, its computer
//!   players' stakes back to the house; a tournament played there is cancelled by the service (buy-ins back).
//! - **The hand message is gone** (10008, or MESSAGE_DELETE: a moderator deleted it): it is posted again, and the
//!   player to act gets a whole turn from then, so nobody is packed for a message they could not see.
//! - **The bot may no longer post or edit there** (50001 Missing Access, 50013 Missing Permissions): a hand in
//!   play is refunded and the table stops dealing; its seats stay. The presenter has told the opener privately
//!   which permission is missing; Start deals again once it is given back (Start checks the bot's permissions).
//!   The hand is refunded rather than played on because the timers would pack players who cannot see it.
//!
//! Nothing is lost on any path: every chip of a refunded hand goes back to whoever put it in, in one transaction.

use super::actor::{Deadline, Table};
use super::{ShowError, Update, UserError};
use crate::ids::MessageId;

/// The refund's reason for a hand the bot may no longer show.
const SILENCED: &str = "the bot may no longer show the hand in its channel";

impl Table {
    /// Answers a refusal met while showing the table (`what` says when, for the log).
    pub(super) async fn refused(&mut self, why: &ShowError, what: &str) {
        let answered = match why {
            ShowError::ChannelGone => self.channel_gone().await,
            ShowError::MessageGone => match self.row.message_id {
                Some(message) => self.message_gone(message).await,
                None => return,
            },
            ShowError::Forbidden => self.silenced().await,
            ShowError::Failed(e) => {
                tracing::warn!(error = %e, "could not show the table {what}");
                return;
            }
        };
        if let Err(e) = answered {
            tracing::warn!(error = %e, why = %why, "could not answer Discord's refusal {what}");
        }
    }

    /// The channel was deleted: the table closes (see the module's summary).
    pub(super) async fn channel_gone(&mut self) -> Result<Update, UserError> {
        if self.closed {
            return Ok(self.update(Vec::new(), Vec::new(), None));
        }
        tracing::warn!(channel = %self.row.channel, "the table's channel was deleted: closing the table");
        self.channel_gone = true;
        let notice = self.close_now().await?;
        Ok(self.update(Vec::new(), Vec::new(), Some(notice)))
    }

    /// `message` was deleted: if it is the message of the hand in play, it is posted again and the player to act
    /// gets a whole turn.
    pub(super) async fn message_gone(&mut self, message: MessageId) -> Result<Update, UserError> {
        let current = self.row.message_id == Some(message) && !self.channel_gone;
        if !current || self.in_play().is_none() {
            return Ok(self.update(Vec::new(), Vec::new(), None));
        }
        tracing::info!(message = %message, "the hand message was deleted: posting it again");
        let turn = self.turn_duration();
        if let Some(live) = self.live.as_mut().filter(|l| l.deadline.is_some()) {
            live.deadline = Some(Deadline::after(turn));
        }
        match self.deps.presenter.post_hand(&self.view()).await {
            Ok(id) => {
                self.row.message_id = Some(id);
                if let Err(e) = self.deps.store.set_table_message(self.row.id, id).await {
                    tracing::warn!(error = %e, "could not store the table message id");
                }
            }
            // A repost refused in its turn (the channel went too, a permission with it): answered as such; a
            // message gone again is left for the next deletion event.
            Err(ShowError::MessageGone) => {}
            Err(e) => Box::pin(self.refused(&e, "posting the hand again")).await,
        }
        Ok(self.update(Vec::new(), Vec::new(), None))
    }

    /// The bot may no longer post or edit in the channel: a hand in play is refunded and dealing stops.
    pub(super) async fn silenced(&mut self) -> Result<Update, UserError> {
        if self.closed {
            return Ok(self.update(Vec::new(), Vec::new(), None));
        }
        tracing::warn!(channel = %self.row.channel, "the bot may no longer post in the table's channel: stopping");
        self.running = false;
        self.next_hand = None;
        self.picking = None;
        self.bot_turn = None;
        if let Some(live) = self.live.as_mut().filter(|l| l.in_play() && l.cancelled.is_none()) {
            live.cancelled = Some(SILENCED);
        }
        self.refund_cancelled().await?;
        Ok(self.update(Vec::new(), Vec::new(), None))
    }
}
