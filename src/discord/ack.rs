//! A click's first answer, and its watchdog. Discord wants a first answer within 3 s; a click waits for its
//! table, which can be busy for longer (a hand message queued behind Discord's rate limit for its channel, a slow
//! disk): so every click has an [`Ack`], whose watchdog acknowledges it with a deferred update (type 6) at
//! [`ACK_DEADLINE`] if the table has not answered by then (`responder.rs` sends the answers).

use std::sync::Arc;
use std::time::Duration;

use poise::serenity_prelude as serenity;
use serenity::{ComponentInteraction, CreateInteractionResponse, Http};

use super::retry::ANSWER_BUDGET;
use crate::metrics::{Kind, Outcome};
use crate::ownership::Standing;

/// When a click arrived and what it was (a button, or a choice in a menu): its first answer is counted against
/// it (`crate::metrics`).
#[derive(Clone, Copy, Debug)]
pub struct Arrival {
    pub at: std::time::Instant,
    pub kind: Kind,
}

impl Arrival {
    pub fn now(interaction: &ComponentInteraction) -> Arrival {
        let kind = match interaction.data.kind {
            serenity::ComponentInteractionDataKind::Button => Kind::Button,
            _ => Kind::Menu,
        };
        Arrival { at: std::time::Instant::now(), kind }
    }

    /// Counts the first answer, `outcome`, now.
    pub fn answered(&self, outcome: Outcome) {
        crate::metrics::get().interaction(self.kind, outcome, Some(self.at.elapsed()));
    }
}

/// When a click the table has not answered yet is acknowledged with a deferred update: after the 1.5 s a DM to
/// the clicker may take (`retry::DM_BUDGET`, sent before the answer), and early enough that the acknowledgement
/// reaches Discord within its 3 s.
pub const ACK_DEADLINE: Duration = Duration::from_millis(2000);

/// Whether a click has had its first answer, and which.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum AckState {
    Pending,
    /// The watchdog acknowledged it (type 6): the answer edits the message and follows up.
    Deferred,
    /// The answer itself was the first.
    Answered,
}

/// The first answer of one click (see the module's summary). The lock is held while an answer is sent, so the
/// watchdog and the table's answer never both send a first one.
pub struct Ack {
    pub(super) state: tokio::sync::Mutex<AckState>,
    pub(super) arrival: Arrival,
    /// Dropped with the acknowledgement (the click answered and done with): its watchdog ends then, not at
    /// [`ACK_DEADLINE`].
    _done: Option<tokio::sync::oneshot::Sender<()>>,
}

impl Ack {
    /// A click's acknowledgement, with its watchdog started. The watchdog keeps the interaction's id and token
    /// only (not the whole interaction, with the message clicked), and ends as soon as the click is answered:
    /// otherwise every click of the last two seconds would be held in memory, whatever the number of tables.
    pub fn watch(
        http: Arc<Http>,
        standing: Standing,
        interaction: &ComponentInteraction,
        arrival: Arrival,
    ) -> Arc<Ack> {
        let (done, answered) = tokio::sync::oneshot::channel::<()>();
        let ack = Arc::new(Ack { state: tokio::sync::Mutex::new(AckState::Pending), arrival, _done: Some(done) });
        let watched = Arc::downgrade(&ack);
        let (id, token) = (interaction.id, interaction.token.clone());
        tokio::spawn(async move {
            tokio::select! {
                () = tokio::time::sleep(ACK_DEADLINE) => {}
                _ = answered => return,
            }
            let Some(ack) = watched.upgrade() else { return };
            let mut state = ack.state.lock().await;
            if *state != AckState::Pending || !standing.holds() {
                return;
            }
            let deferred =
                http.create_interaction_response(id, &token, &CreateInteractionResponse::Acknowledge, vec![]);
            let deferred = super::observe::counted(super::observe::route::CALLBACK, deferred);
            match tokio::time::timeout(ANSWER_BUDGET, deferred).await {
                Ok(Ok(())) => {
                    tracing::debug!("a click's answer took long: acknowledged it (deferred update)");
                    ack.arrival.answered(Outcome::Late);
                    *state = AckState::Deferred;
                }
                Ok(Err(e)) => {
                    tracing::warn!(error = %crate::echo::remote_error(&e), "could not acknowledge a slow click");
                }
                Err(_) => tracing::warn!("could not acknowledge a slow click: Discord did not answer in time"),
            }
        });
        ack
    }

    /// An acknowledgement for an answer given at once (no watchdog): refusals before the table is asked.
    pub fn immediate(arrival: Arrival) -> Arc<Ack> {
        Arc::new(Ack { state: tokio::sync::Mutex::new(AckState::Pending), arrival, _done: None })
    }
}
