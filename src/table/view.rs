//! What the table service tells the Discord layer: plain data, no rules.

use serde::Serialize;

use crate::engine::hand::{Legal, Outcome, ShownHand};
use crate::engine::{Card, Chips, Event, EventKind, HandValue, Rules};

/// A table as it stands.
#[derive(Clone, Debug, Serialize)]
pub struct TableView {
    pub table_id: i64,
    pub guild: u64,
    pub channel: u64,
    pub opener: u64,
    pub rules: Rules,
    pub turn_seconds: i64,
    pub max_players: u32,
    /// Everyone seated, in seat order.
    pub seated: Vec<SeatView>,
    /// Hands are dealt automatically (after the first Start).
    pub running: bool,
    pub closed: bool,
    /// The message of the current (or last) hand.
    pub message_id: Option<u64>,
    /// The current hand, or the last one once it is over.
    pub hand: Option<HandView>,
    /// When the next hand will be dealt (unix seconds).
    pub next_hand_at: Option<i64>,
}

#[derive(Clone, Debug, Serialize)]
pub struct SeatView {
    pub user: u64,
    pub sat_out: bool,
}

#[derive(Clone, Debug, Serialize)]
pub struct HandSeat {
    pub user: u64,
    pub seen: bool,
    pub packed: bool,
    pub put_in: Chips,
    pub stack: Chips,
}

#[derive(Clone, Debug, Serialize)]
pub struct HandView {
    pub hand_id: i64,
    /// Actions applied so far: buttons carry it to detect stale clicks.
    pub seq: u32,
    pub dealer: usize,
    pub seats: Vec<HandSeat>,
    pub pot: Chips,
    pub stake: Chips,
    pub turn: Option<usize>,
    /// The seat the timer runs for (the sideshow target while one is pending).
    pub to_act: Option<usize>,
    /// When `to_act` must have acted (unix seconds).
    pub deadline: Option<i64>,
    pub pending_sideshow: Option<(usize, usize)>,
    pub joker: Option<Card>,
    /// What `to_act` may do.
    pub legal: Legal,
    /// Every public event of the hand so far.
    pub log: Vec<Event>,
    pub outcome: Option<Outcome>,
}

impl HandView {
    pub fn user(&self, seat: usize) -> Option<u64> {
        self.seats.get(seat).map(|s| s.user)
    }
    pub fn seat_of(&self, user: u64) -> Option<usize> {
        self.seats.iter().position(|s| s.user == user)
    }
    /// Hands shown publicly at the end.
    pub fn shown(&self) -> Vec<ShownHand> {
        self.log
            .iter()
            .filter_map(|e| match &e.kind {
                EventKind::Showdown { hands, .. } => Some(hands.clone()),
                _ => None,
            })
            .flatten()
            .collect()
    }
}

/// Something only one player may see.
#[derive(Clone, Debug, Serialize)]
pub enum PrivateNote {
    /// Your seat is confirmed.
    Seated { table_id: i64 },
    /// Your cards, after you chose to see them.
    Cards { hand_id: i64, cards: Vec<Card>, value: Option<HandValue> },
    /// The private result of a sideshow you took part in.
    Sideshow { hand_id: i64, asker: u64, target: u64, hands: Vec<(u64, Vec<Card>, HandValue)>, loser: u64 },
}

/// The answer to a request.
#[derive(Clone, Debug)]
pub struct Update {
    pub view: TableView,
    /// Public events the request caused.
    pub events: Vec<Event>,
    /// Private notes for the requester (shown ephemerally).
    pub notes: Vec<PrivateNote>,
    /// A short message for the requester.
    pub notice: Option<String>,
    /// The requester's DMs are closed: their private messages come as ephemeral replies.
    pub dm_closed: bool,
}
