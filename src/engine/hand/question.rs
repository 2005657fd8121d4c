//! The one question a hand may wait on: a sideshow asked, a show called (under `show_concede`), or an offer to
//! share the pot (`agreed_split`). At most one is open at a time; while it is, nobody is on turn and only the
//! player it asks may answer it.

use serde::{Deserialize, Serialize};

use super::{Hand, RuleError, Seat};

/// What a question asks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Asked {
    /// A sideshow: compare hands with the previous player, who accepts or refuses.
    Sideshow,
    /// A show called: the other shows or concedes (`show_concede`).
    Show,
    /// An offer to end the hand and share the pot (`agreed_split`).
    Split,
}

impl Asked {
    /// Why the player on turn may not act while a question of this kind waits.
    pub(super) fn pending(self) -> RuleError {
        match self {
            Asked::Sideshow => RuleError::SideshowPending,
            Asked::Show => RuleError::ShowPending,
            Asked::Split => RuleError::SplitPending,
        }
    }
}

/// A question waiting for its answer: `asker` asked it of `target` (for a show, the payer and the other player).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Question {
    pub kind: Asked,
    pub asker: Seat,
    pub target: Seat,
}

impl Hand {
    /// (asker, target) of the open question, if it is of this kind.
    pub(super) fn open(&self, kind: Asked) -> Option<(Seat, Seat)> {
        self.question.filter(|q| q.kind == kind).map(|q| (q.asker, q.target))
    }

    /// Closes the open question if it is of this kind, and says who asked whom.
    pub(super) fn close(&mut self, kind: Asked) -> Option<(Seat, Seat)> {
        let open = self.open(kind);
        if open.is_some() {
            self.question = None;
        }
        open
    }

    /// `asker` asks `target`: the question waits for the target's answer.
    pub(super) fn ask(&mut self, kind: Asked, asker: Seat, target: Seat) {
        self.question = Some(Question { kind, asker, target });
    }
}
