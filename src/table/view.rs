//! What the table service tells the Discord layer: plain data, no rules.

use serde::Serialize;

use crate::i18n::Lang;

use super::actor::Table;
use crate::engine::hand::{Board, DrawOffer, Legal, Outcome, Phase, ShownHand};
use crate::engine::rank::Made;
use crate::engine::rules::DealPlan;
use crate::engine::{Card, Chips, Event, EventKind, HandValue, Rules, Variant};
use crate::ids::{ChannelId, GuildId, HandId, MessageId, TableId, UserId};

/// A table as it stands.
#[derive(Clone, Debug, Serialize)]
pub struct TableView {
    pub table_id: TableId,
    pub guild: GuildId,
    pub channel: ChannelId,
    pub opener: UserId,
    pub rules: Rules,
    pub turn_seconds: i64,
    pub max_players: u32,
    /// Everyone seated, in seat order.
    pub seated: Vec<SeatView>,
    /// Hands are dealt automatically (after the first Start).
    pub running: bool,
    pub closed: bool,
    /// The message of the current (or last) hand.
    pub message_id: Option<MessageId>,
    /// The current hand, or the last one once it is over.
    pub hand: Option<HandView>,
    /// When the next hand will be dealt (unix seconds).
    pub next_hand_at: Option<i64>,
    /// At a dealers_choice table, between hands: the dealer of the next hand is choosing its game.
    pub picking: Option<PickView>,
    /// SHA-256 of the next hand's secret seed (hex), shown before its entropy can be given.
    pub next_commitment: Option<String>,
    /// The language the table's messages are written in (its server's).
    pub lang: Lang,
    /// The table plays a tournament: nobody leaves it, and only its entrants sit down (`tournament.rs`).
    pub tournament: bool,
}

/// The dealer's choice of the next hand's game (`pick.rs`).
#[derive(Clone, Debug, Serialize)]
pub struct PickView {
    /// Which choice this is: the prompt's button and menu carry it, so a stale one is refused.
    pub round: u32,
    /// Who deals the next hand, and so chooses.
    pub dealer: UserId,
    /// When the table's default is dealt instead (unix seconds).
    pub deadline: i64,
    /// The table's `dealer_default`.
    pub default: Variant,
    /// Once made: the rules chosen, and whether the timer chose them (the dealer did not).
    pub picked: Option<(Rules, bool)>,
}

#[derive(Clone, Debug, Serialize)]
pub struct SeatView {
    pub user: UserId,
    pub sat_out: bool,
}

#[derive(Clone, Debug, Serialize)]
pub struct HandSeat {
    pub user: UserId,
    pub seen: bool,
    pub packed: bool,
    pub put_in: Chips,
    pub stack: Chips,
    /// Has declared at a high-low show (never which way before all have: the `Declarations` event says).
    pub declared: bool,
}

#[derive(Clone, Debug, Serialize)]
pub struct HandView {
    pub hand_id: HandId,
    /// Actions applied so far: buttons carry it to detect stale clicks.
    pub seq: u32,
    pub dealer: usize,
    pub seats: Vec<HandSeat>,
    pub pot: Chips,
    pub stake: Chips,
    /// The boot the hand was dealt at ([`crate::engine::Hand::boot`]): a tournament's level, four times the
    /// table's under `4x_boot`; not the table's own.
    pub boot: Chips,
    pub turn: Option<usize>,
    /// The seat the timer runs for (the sideshow target while one is pending).
    pub to_act: Option<usize>,
    /// When `to_act` must have acted (unix seconds).
    pub deadline: Option<i64>,
    pub pending_sideshow: Option<(usize, usize)>,
    /// (payer, other) of a show waiting for the other to show or concede (`show_concede`).
    pub pending_show: Option<(usize, usize)>,
    /// (proposer, other) of an offer to share the pot waiting for its answer (`agreed_split`).
    pub pending_split: Option<(usize, usize)>,
    /// The hand's own rules (the dealer's pick at a dealers_choice table) and its deal plan.
    pub rules: Rules,
    pub plan: DealPlan,
    /// Betting or drawing, and the betting round (from 1).
    pub phase: Phase,
    pub round: u32,
    /// The cards everyone sees now: face-up cards, community cards turned up, draws.
    pub board: Board,
    /// What `to_act` may do.
    pub legal: Legal,
    /// What each seat may do now, by seat (the engine's `legal_actions`): the Activity offers each player their
    /// own (a look or a pack out of turn, a declaration). Only while someone follows the table (its sessions), and
    /// empty once the hand is over.
    pub legal_of: Vec<Legal>,
    /// Every public event of the hand so far.
    pub log: Vec<Event>,
    pub outcome: Option<Outcome>,
    /// The provably fair deal: its commitment, and once the hand is over its seed and entropy.
    pub fair: Option<FairView>,
}

/// What a hand message shows of its provably fair deal.
#[derive(Clone, Debug, Serialize)]
pub struct FairView {
    /// SHA-256 of the secret seed, in hex: shown from the deal.
    pub commitment: String,
    /// The seed (hex) and the players' entropy: only once the hand is over.
    pub revealed: Option<(String, String)>,
}

impl HandView {
    pub fn user(&self, seat: usize) -> Option<UserId> {
        self.seats.get(seat).map(|s| s.user)
    }
    pub fn seat_of(&self, user: UserId) -> Option<usize> {
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
    Seated { table_id: TableId },
    /// Your cards, after you chose to see them.
    Cards { hand_id: HandId, cards: Vec<Card>, value: Option<HandValue>, made: Option<Made> },
    /// The other players' cards you see (cobra: everyone's forehead card but yours).
    Sees { hand_id: HandId, hands: Vec<(UserId, Vec<Card>)> },
    /// The private result of a sideshow you took part in.
    Sideshow {
        hand_id: HandId,
        asker: UserId,
        target: UserId,
        hands: Vec<(UserId, Vec<Card>, HandValue)>,
        loser: UserId,
    },
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
    /// A menu for the requester alone (shown ephemerally).
    pub menu: Option<Menu>,
    /// The language of the requester's private answers (notes, notice, menu): the table's, or their own
    /// (`private_language=reader`).
    pub private_lang: crate::i18n::Lang,
}

impl Update {
    /// The view the requester's private answers are written from: the table's, in their language.
    pub fn private_view(&self) -> std::borrow::Cow<'_, TableView> {
        if self.private_lang == self.view.lang {
            std::borrow::Cow::Borrowed(&self.view)
        } else {
            std::borrow::Cow::Owned(TableView { lang: self.private_lang, ..self.view.clone() })
        }
    }
}

/// A choice offered to one player only.
#[derive(Clone, Debug)]
pub enum Menu {
    /// Change some of your down cards: a select of them, from `offer.min` to `offer.max` chosen.
    Draw { hand_id: HandId, seq: u32, cards: Vec<Card>, offer: DrawOffer },
    /// Choose the next hand's game (the dealer at a dealers_choice table): a select of `choices`.
    Pick { round: u32, choices: Vec<Variant>, default: Variant },
}

impl Table {
    /// The table as it stands, for the presenter and the answer to a request.
    pub(super) fn view(&self) -> TableView {
        TableView {
            table_id: self.id(),
            guild: self.row.guild,
            channel: self.row.channel,
            opener: self.row.opener,
            rules: self.row.rules.clone(),
            turn_seconds: self.row.turn_seconds,
            max_players: self.row.max_players,
            seated: self.seats.iter().map(|s| SeatView { user: s.user, sat_out: s.sat_out }).collect(),
            running: self.running,
            closed: self.closed,
            message_id: self.row.message_id,
            // A cancelled hand waiting for its refund is not shown: nobody may act in it.
            hand: self.live.as_ref().filter(|l| l.cancelled.is_none()).map(|l| {
                let h = &l.hand;
                let to_act = h.to_act();
                HandView {
                    hand_id: l.hand_id,
                    seq: h.actions().len() as u32,
                    dealer: h.dealer(),
                    seats: h
                        .seats()
                        .iter()
                        .zip(&l.users)
                        .enumerate()
                        .map(|(i, (s, &user))| HandSeat {
                            user,
                            seen: s.seen,
                            packed: s.packed,
                            put_in: s.put_in,
                            stack: s.stack,
                            declared: h.has_declared(i),
                        })
                        .collect(),
                    pot: h.pot(),
                    stake: h.stake(),
                    boot: h.boot(),
                    turn: h.turn(),
                    to_act,
                    deadline: l.deadline.filter(|_| !h.is_over()).map(|d| d.unix),
                    pending_sideshow: h.pending_sideshow(),
                    pending_show: h.pending_show(),
                    pending_split: h.pending_split(),
                    rules: h.rules().clone(),
                    plan: *h.plan(),
                    phase: h.phase(),
                    round: h.round(),
                    board: h.board().clone(),
                    legal: to_act.map(|s| h.legal_actions(s)).unwrap_or_default(),
                    legal_of: if h.is_over() || !self.followed {
                        Vec::new()
                    } else {
                        (0..l.users.len()).map(|s| h.legal_actions(s)).collect()
                    },
                    log: l.log.events(),
                    outcome: h.outcome().cloned(),
                    fair: l.fair.as_ref().map(|f| FairView {
                        commitment: f.commitment.clone(),
                        revealed: h.is_over().then(|| (f.secret.clone(), f.entropy.clone())),
                    }),
                }
            }),
            next_hand_at: self.next_hand.map(|d| d.unix),
            picking: self.picking.as_ref().map(|p| p.view.clone()),
            next_commitment: self.next_secret.map(|s| s.commitment()),
            tournament: self.tournament().is_some(),
            lang: self.lang,
        }
    }
}
