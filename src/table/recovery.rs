//! Loading a table when its actor starts, and picking up what a previous
//! process left: a live hand is rebuilt from its action log (or refunded
//! when it no longer replays), and a table that was dealing keeps dealing.

use std::sync::Arc;

use super::actor::{Deadline, Live, Notes, PublicLog, Table};
use super::notes::cards_note;
use super::Deps;
use crate::engine::Hand;
use crate::ids::{TableId, UserId};
use crate::store::{LiveHand, StoreError, TableStatus};

/// A live hand rebuilt from its setup and action log, with the notes its seen players had.
fn rebuild(stored: &LiveHand, hand: Hand, events: Vec<crate::engine::Event>) -> Live {
    let hand_id = stored.summary.id;
    let users: Vec<UserId> = stored.summary.users.clone();
    let mut notes = Notes::default();
    for (seat, s) in hand.seats().iter().enumerate() {
        if let (true, Some(&user)) = (s.seen, users.get(seat)) {
            notes.push(user, cards_note(hand_id, &hand, seat));
        }
    }
    let log = PublicLog::of(&events);
    Live { hand_id, hand, users, log, deadline: None, notes, cancelled: None, fair: None }
}

impl Table {
    /// The open table `table_id`, with its seats and whatever a previous process left live.
    pub(super) async fn load(deps: Arc<Deps>, table_id: TableId) -> Result<Option<Box<Table>>, StoreError> {
        let store = deps.store.clone();
        let Some(row) = store.table(table_id).await? else { return Ok(None) };
        if row.status != TableStatus::Open {
            return Ok(None);
        }
        let seats = store.seats(table_id).await?;
        let mut table = Table::new(deps, row, seats);
        table.recover().await?;
        Ok(Some(table))
    }

    async fn recover(&mut self) -> Result<(), StoreError> {
        let store = self.deps.store.clone();
        for stored in store.live_hands_at(self.row.id).await? {
            self.running = true;
            // Every seat must have its user (a row edited by hand might not): such a hand is refunded.
            let seats_match = stored.summary.users.len() == stored.setup.stacks.len();
            match Hand::replay(&stored.setup, &stored.actions) {
                Ok((hand, events)) if seats_match && !hand.is_over() && self.live.is_none() => {
                    tracing::info!(hand = %stored.summary.id, actions = stored.actions.len(), "resumed hand");
                    let mut live = rebuild(&stored, hand, events);
                    live.fair = store.hand_record(stored.summary.id).await?.and_then(|r| r.fair).map(Box::new);
                    live.deadline = Some(Deadline::after(self.turn_duration()));
                    self.last_dealer = live.users.get(live.hand.dealer()).copied();
                    self.live = Some(live);
                    if let Err(e) = self.pack_busted().await {
                        tracing::warn!(error = %e, "could not pack the players holding a bust card");
                    }
                    let view = self.view();
                    let presenter = &self.deps.presenter;
                    let result = match view.message_id {
                        Some(_) => presenter.edit_hand(&view).await,
                        None => presenter.post_hand(&view).await.map(|_| ()),
                    };
                    if let Err(e) = result {
                        self.refused(&e, "after a restart").await;
                    }
                }
                outcome => {
                    let why = match outcome {
                        Err((i, e)) => format!("action {i} no longer replays: {e}"),
                        Ok(_) if !seats_match => "its seats and its users do not match".to_string(),
                        Ok(_) => "the table had another live hand".to_string(),
                    };
                    tracing::warn!(hand = %stored.summary.id, why, "refunding a hand after restart");
                    store.refund_hand(stored.summary.id, &format!("refunded after restart: {why}")).await?;
                }
            }
        }
        if self.live.is_none() {
            // Between hands: a table that has dealt before keeps dealing (the button passes on from the last
            // dealer); one that never started waits for Start.
            if let Some(rec) = self.last_hand().await? {
                self.running = true;
                self.last_dealer = rec.summary.users.get(rec.setup.dealer).copied();
                // Its winner deals next under `deal_order=winner`.
                let actions: Vec<_> = rec.actions.iter().map(|a| (a.seat, a.action)).collect();
                let replayed = Hand::replay(&rec.setup, &actions).ok();
                self.last_winner = replayed.and_then(|(h, _)| super::dealer::first_winner(&h, &rec.summary.users));
            }
            if self.running {
                self.next_hand = Some(Deadline::after(self.deps.timings.hand_break));
            }
        }
        Ok(())
    }
}
