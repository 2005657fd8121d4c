//! Private notes (a player's cards, a sideshow's result, a seat confirmation)
//! and their fan-out by DM: only to the players an event's audience names.

use tracing::Instrument as _;

use super::actor::{Live, Table};
use super::play::Applied;
use super::view::PrivateNote;
use super::DmError;
use crate::engine::{Event, EventKind, Hand, Seat};
use crate::ids::{HandId, UserId};

/// A seen player's own cards, as their private note.
pub(super) fn cards_note(hand_id: HandId, hand: &Hand, seat: Seat) -> PrivateNote {
    let cards = hand.seat(seat).map(|s| s.cards.clone()).unwrap_or_default();
    let (value, made) = hand.judge(seat).map_or((None, None), |(v, m)| (Some(v), m));
    PrivateNote::Cards { hand_id, cards, value, made }
}

/// The private notes `events` give each player (after they were applied to
/// `live.hand`), kept on the hand so the Cards button can show them again.
pub(super) fn keep_private_notes(live: &mut Live, events: &[Event]) -> Vec<(UserId, PrivateNote)> {
    let users = &live.users;
    let mut private = Vec::new();
    for e in events {
        match &e.kind {
            EventKind::Cards { seat, .. } => private.push((users[*seat], cards_note(live.hand_id, &live.hand, *seat))),
            EventKind::Sees { seat, hands } => {
                let hands = hands.iter().map(|(s, cards)| (users[*s], cards.clone())).collect();
                private.push((users[*seat], PrivateNote::Sees { hand_id: live.hand_id, hands }));
            }
            EventKind::SideshowCompared { seat, target, hands, loser } => {
                let note = PrivateNote::Sideshow {
                    hand_id: live.hand_id,
                    asker: users[*seat],
                    target: users[*target],
                    hands: hands.iter().map(|h| (users[h.seat], h.cards.clone(), h.value)).collect(),
                    loser: users[*loser],
                };
                private.push((users[*seat], note.clone()));
                private.push((users[*target], note));
            }
            _ => {}
        }
    }
    for (user, note) in &private {
        live.notes.push(*user, note.clone());
    }
    private
}

/// Logs a failed DM; true when the player must get their notes another way.
fn dm_failed(result: Result<(), DmError>, user: UserId) -> bool {
    match result {
        Ok(()) => false,
        Err(DmError::Closed) => true,
        Err(DmError::Failed(e)) => {
            tracing::warn!(%user, error = %e, "DM failed");
            true
        }
    }
}

impl Table {
    /// The table as `user`'s private notes show it: in their language (`lang_for`).
    fn view_for(&self, user: UserId) -> crate::table::TableView {
        let mut view = self.view();
        view.lang = self.lang_for(user);
        view
    }

    /// Sends one note by DM; true when the player's DMs are closed (or failed).
    pub(super) async fn send_note(&self, user: UserId, note: &PrivateNote) -> bool {
        if user.is_bot() {
            return false;
        }
        let view = self.view_for(user);
        dm_failed(self.deps.presenter.dm(user, &view, note).await, user)
    }

    /// DMs each note to its player. The acting player's notes are returned
    /// (they also ride on the answer to their click), with whether their DMs
    /// failed; everyone else's are sent in the background.
    pub(super) async fn deliver(&self, actor: UserId, private: Vec<(UserId, PrivateNote)>) -> Applied {
        let view = self.view();
        let mut mine = Vec::new();
        let mut dm_closed = false;
        for (user, note) in private {
            // A computer player has no DMs (nor needs them: it reads its cards from its view).
            if user.is_bot() {
                continue;
            }
            if user != actor {
                // Another player's DM (a sideshow result) must not hold up the answer to this
                // click: Discord allows 3 s, and a DM retried through errors can take about 2.
                let presenter = self.deps.presenter.clone();
                let view = if self.private_language == crate::i18n::PrivateLanguage::Reader {
                    self.view_for(user)
                } else {
                    view.clone()
                };
                let send = async move {
                    dm_failed(presenter.dm(user, &view, &note).await, user);
                };
                tokio::spawn(send.in_current_span());
                continue;
            }
            let own;
            let shown = if self.private_language == crate::i18n::PrivateLanguage::Reader {
                own = self.view_for(user);
                &own
            } else {
                &view
            };
            dm_closed |= dm_failed(self.deps.presenter.dm(user, shown, &note).await, user);
            mine.push(note);
        }
        Applied { public: Vec::new(), notes: mine, dm_closed }
    }
}
