//! What `/history` may show of a stored hand: its public log always, and
//! every seat's cards only once the hand is over (never while it is live).

use crate::engine::export::export;
use crate::engine::fair::{fair_deck, Seed};
use crate::engine::rules::DealPlan;
use crate::engine::{Card, Event, Hand, HandValue, Rules};
use crate::ids::{HandId, UserId};
use crate::store::{HandRecord, HandStatus};

/// One seat's cards at the end of a hand, and what they made.
#[derive(Clone, Debug)]
pub struct Revealed {
    pub user: UserId,
    pub cards: Vec<Card>,
    pub value: Option<HandValue>,
}

/// A stored hand as anyone may see it.
#[derive(Clone, Debug)]
pub struct HandHistory {
    pub hand_id: HandId,
    /// Seat i is `users[i]`.
    pub users: Vec<UserId>,
    /// The hand's rules and deal plan.
    pub rules: Rules,
    pub plan: DealPlan,
    /// The public events, in order: what everyone saw, when.
    pub events: Vec<Event>,
    pub status: HandStatus,
    /// Every seat's cards and their value, once the hand is over; `None` while it is live.
    pub revealed: Option<Vec<Revealed>>,
}

impl HandHistory {
    /// The seats that won (all or a share of) the pot, once the hand is over.
    pub fn winners(&self) -> Vec<usize> {
        self.events
            .iter()
            .filter_map(|e| match &e.kind {
                crate::engine::EventKind::Ended { payouts, .. } => Some(payouts.iter().map(|p| p.seat)),
                _ => None,
            })
            .flatten()
            .collect()
    }
}

/// Replays a stored hand and applies the reveal policy. `Err` names the action that no longer replays.
pub fn hand_history(record: &HandRecord) -> Result<HandHistory, String> {
    let actions: Vec<_> = record.actions.iter().map(|a| (a.seat, a.action)).collect();
    let (hand, events) = Hand::replay(&record.setup, &actions).map_err(|(i, e)| format!("action {i}: {e}"))?;
    let users: Vec<UserId> = record.summary.users.clone();
    let status = record.summary.status;
    let revealed = (status != HandStatus::Live).then(|| {
        hand.seats()
            .iter()
            .enumerate()
            .map(|(seat, _)| Revealed {
                user: users.get(seat).copied().unwrap_or(UserId(0)),
                cards: hand.own_cards(seat).unwrap_or_default(),
                value: hand.value_of(seat),
            })
            .collect()
    });
    Ok(HandHistory {
        hand_id: record.summary.id,
        users,
        rules: hand.rules().clone(),
        plan: *hand.plan(),
        events: events.into_iter().filter(|e| e.audience.is_public()).collect(),
        status,
        revealed,
    })
}

/// A finished hand as a hand script (`teenpatti-bot replay` plays it to the same end), the seats named by
/// `names`; `None` while it is live or once refunded (a refunded hand was cut off: it has no end to replay to).
pub fn hand_script(record: &HandRecord, names: &[String]) -> Option<Result<String, String>> {
    if record.summary.status != HandStatus::Finished {
        return None;
    }
    let actions: Vec<_> = record.actions.iter().map(|a| (a.seat, a.action)).collect();
    let s = &record.summary;
    let mut comments = vec![format!(
        "Teen Patti hand #{} (server {}, channel {}): play it with `teenpatti-bot replay hand-{}.tp`",
        s.id, s.guild, s.channel, s.id
    )];
    comments.extend(s.users.iter().enumerate().map(|(seat, u)| format!("seat {}: user {u}", seat + 1)));
    Some(export(&record.setup, &actions, names, &comments).map_err(|e| e.to_string()))
}

/// What `/verify` finds of a stored hand's deal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verification {
    /// Dealt before provably fair deals (or by a seeded simulation): nothing was committed to.
    NotCommitted,
    /// Still being played: only the commitment may be shown.
    Live { commitment: String },
    /// Over: the seed against the commitment, and the deck the seed and entropy give against the deck dealt.
    /// `erased`: players whose entropy was deleted at their request (`/privacy delete`): the deck cannot be
    /// rebuilt without it.
    Checked {
        commitment: String,
        seed: String,
        entropy: String,
        jokers: usize,
        commitment_ok: bool,
        deck_ok: bool,
        erased: u32,
    },
}

/// Checks a stored hand's deal: `SHA-256(seed)` against the commitment shown at the deal, and the deck rebuilt
/// from the seed and the entropy against the deck the hand was dealt from. A live hand's seed stays secret.
pub fn verify(record: &HandRecord) -> Verification {
    let Some(fair) = &record.fair else { return Verification::NotCommitted };
    if record.summary.status == HandStatus::Live {
        return Verification::Live { commitment: fair.commitment.clone() };
    }
    let jokers = record.setup.rules.parts().map_or(0, |p| p.jokers);
    let seed = Seed::from_hex(&fair.secret);
    let commitment_ok = seed.is_some_and(|s| s.commitment() == fair.commitment);
    let deck_ok = seed.is_some_and(|s| fair_deck(&s, &fair.entropy, jokers) == record.setup.deck);
    Verification::Checked {
        commitment: fair.commitment.clone(),
        seed: fair.secret.clone(),
        entropy: fair.entropy.clone(),
        jokers,
        commitment_ok,
        deck_ok,
        erased: fair.erased,
    }
}
