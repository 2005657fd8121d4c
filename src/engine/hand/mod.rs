//! One hand at one table: boots, blind and seen betting, see, pack, show,
//! sideshow, limits. [`Hand::apply`] validates an action completely before it
//! changes anything, so a rejected action leaves the hand exactly as it was.
//! Given the same [`HandSetup`] and actions, the events are always the same.

use serde::{Deserialize, Serialize};

use super::cards::{Card, Rank, Suit};
use super::rank::{suit_key, Category, Drawn, Evaluator, HandValue, Made, Scheme, Source, Stand, Virtual, Wild};
use super::rules::{
    AfterSideshow, AgreedSplit, AnteForm, BetStructure, Blinds, Chips, CommunityTurn, CommunityUse, DealPlan, DrawMode,
    HighLow, Parts, Qualifier, Rules, RulesError, ShowCost, ShowTie, SideshowOrder, MAX_AMOUNT,
};

mod apply;
mod error;
mod event;
mod legal;
mod question;
mod seats;
mod settle;
#[cfg(test)]
mod tests;
mod view;

pub use error::RuleError;
pub use event::{Action, Audience, EndedBy, Event, EventKind, PackReason, Payout, ShownHand};
pub use legal::{BetRange, DrawOffer, Legal};
pub use question::{Asked, Question};
pub use seats::SeatSet;

/// A seat index, 0-based, in table order.
pub type Seat = usize;

pub const MIN_SEATS: usize = 2;
pub const MAX_SEATS: usize = 10;

/// Everything a hand starts from. With the actions, enough to rebuild it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct HandSetup {
    pub rules: Rules,
    /// Each seat's chips before the boot.
    pub stacks: Vec<Chips>,
    pub dealer: Seat,
    /// The pack in dealing order (at least enough cards for the deal).
    pub deck: Vec<Card>,
    /// Under `kaana_round`, the round has not begun: the one-eyed cards are plain in this hand.
    #[serde(default)]
    pub kaana_dormant: bool,
    /// Missed antes posted to come back in (`post`): each seat pays its amount into the pot at the deal.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub posts: Vec<(Seat, Chips)>,
}

/// The cards of a hand that everyone sees: the community cards turned up so far, each player's face-up cards,
/// and the draws turned up at the deal after the players' and community cards, in this order: the wild rank
/// (`joker`), the wild suit, the bust rank. A draw that turns up a printed joker puts it aside and turns the next
/// card.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Board {
    /// Community cards turned up so far, in the order dealt (incomplete_common's common card is one).
    #[serde(default)]
    pub community: Vec<Card>,
    /// Each seat's face-up cards (stud), by seat; empty when the plan deals none.
    #[serde(default)]
    pub up: Vec<Vec<Card>>,
    pub joker: Option<Card>,
    pub wild_suit: Option<Card>,
    pub bust: Option<Card>,
    /// The bust draw would have busted every player: it busts nobody in this hand.
    #[serde(default)]
    pub bust_void: bool,
}

impl Board {
    /// The draws as ranking reads them; `wild_community`: the community cards' ranks are wild (zandu).
    pub fn drawn(&self, kaana_dormant: bool, wild_community: bool) -> Drawn {
        let wild_ranks = if wild_community {
            self.community.iter().filter(|c| !c.is_joker()).fold(0u16, |m, c| m | 1 << c.rank.value())
        } else {
            0
        };
        Drawn {
            joker: self.joker.map(|c| c.rank),
            wild_suit: self.wild_suit.map(|c| c.suit),
            bust: self.bust.map(|c| c.rank),
            kaana_dormant,
            bust_void: self.bust_void,
            wild_ranks,
        }
    }

    /// The card turned up in the middle as every player's own (incomplete_common's common card).
    pub fn common(&self) -> Option<Card> {
        self.community.first().copied()
    }
}

/// What the players are doing: betting, or drawing (each in turn changes cards, from the dealer's left).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    #[default]
    Betting,
    Drawing,
    /// At a high-low show by declaration: each player still in declares high or low in secret.
    Declaring,
}

/// Turns up the draws from the rest of the pack (a draw skips printed jokers: a joker names no rank or suit).
fn turn_up_draws(parts: &Parts, board: &mut Board, rest: &mut impl Iterator<Item = Card>) -> Result<(), RuleError> {
    let [joker, wild_suit, bust] = parts.draws();
    let mut draw = |on: bool| -> Result<Option<Card>, RuleError> {
        if !on {
            return Ok(None);
        }
        rest.find(|c| !c.is_joker()).map(Some).ok_or(RuleError::BadDeck)
    };
    board.joker = draw(joker)?;
    board.wild_suit = draw(wild_suit)?;
    board.bust = draw(bust)?;
    Ok(())
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatState {
    /// Chips not in the pot.
    pub stack: Chips,
    /// Chips this seat put in the pot this hand.
    pub put_in: Chips,
    /// The seat's down cards (after any draw).
    pub cards: Vec<Card>,
    /// The seat's face-up cards (stud): everyone sees them.
    #[serde(default)]
    pub up: Vec<Card>,
    pub seen: bool,
    pub packed: bool,
    pub blind_bets: u32,
    pub has_bet: bool,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Outcome {
    pub ended_by: EndedBy,
    pub pot: Chips,
    pub payouts: Vec<Payout>,
}

impl Outcome {
    pub fn winners(&self) -> Vec<Seat> {
        self.payouts.iter().map(|p| p.seat).collect()
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Hand {
    rules: Rules,
    /// How this hand is dealt and played out (from the rules, worked out once).
    plan: DealPlan,
    dealer: Seat,
    seats: Vec<SeatState>,
    pot: Chips,
    stake: Chips,
    turn: Seat,
    /// The question waiting for its answer, if any: a sideshow, a called show, or an offer to share the pot.
    question: Option<Question>,
    /// The player to act has asked for a sideshow this turn (and keeps the turn after it: `ask_first`,
    /// `after_sideshow=asker_if_won`), so may not ask again until the turn passes.
    asked: bool,
    board: Board,
    /// Every community card, face down until turned up (`board.community` holds those turned up).
    community: Vec<Card>,
    /// The undealt rest of the pack, next card first: the new cards of draws.
    stock: Vec<Card>,
    /// The betting round being played, from 1 (see [`Hand::round`]).
    round: u32,
    /// The seats that have had a turn in this betting round (bit per seat).
    acted: SeatSet,
    phase: Phase,
    /// In a drawing phase, the seats that have drawn; under `draw=rounds`, those that changed a card this round.
    drew: SeatSet,
    /// Where betting resumes after a drawing phase.
    resume: Seat,
    /// Chips a new card costs.
    draw_price: Chips,
    #[serde(default)]
    kaana_dormant: bool,
    /// A show was called against a player holding a one-eyed card (it ends a kaana round).
    #[serde(default)]
    kaana_show: bool,
    /// At a high-low show by declaration: the seats that have declared, and of them those that declared low.
    #[serde(default)]
    declared: SeatSet,
    #[serde(default)]
    declared_low: SeatSet,
    /// How the hand ends once everyone has declared (the show that began the declarations).
    #[serde(default)]
    ending: Option<EndedBy>,
    outcome: Option<Outcome>,
    actions: Vec<(Seat, Action)>,
}

impl Hand {
    /// Deals a hand: every seat pays the boot (the table's, times the variant's factor); by the rules' deal plan
    /// each player is dealt their down cards, then their up cards, one at a time starting left of the dealer;
    /// then the community cards (turned up now, or one at the end of each betting round) and the draws; the
    /// rest of the pack is kept for draws. Any player holding a bust card must pack (see [`Hand::must_pack`]).
    /// Then either the first betting turn or, under `draw=before`, the first drawing turn.
    pub fn start(setup: &HandSetup) -> Result<(Hand, Vec<Event>), RuleError> {
        let n = setup.stacks.len();
        if setup.rules.variant == super::rules::Variant::DealersChoice {
            return Err(RulesError::DealersChoiceDealt.into());
        }
        let parts = setup.rules.parts()?;
        let plan = parts.plan;
        if !(MIN_SEATS..=MAX_SEATS).contains(&n) {
            return Err(RuleError::SeatCount);
        }
        if n > parts.max_seats() {
            return Err(RuleError::TooManyForDeck(parts.max_seats()));
        }
        if setup.dealer >= n {
            return Err(RuleError::BadDealer);
        }
        // Every card at most once: a bit per card (rank 2..=15, the jokers' 15, times four suits fits in 64).
        let mut held = 0u64;
        let repeated = setup.deck.iter().any(|c| {
            let bit = 1u64 << (u32::from(c.rank.value()) * 4 + c.suit as u32).min(63);
            let before = held;
            held |= bit;
            before & bit != 0
        });
        let jokers = setup.deck.iter().filter(|c| c.is_joker()).count();
        if repeated || jokers > parts.jokers {
            return Err(RuleError::BadDeck);
        }
        if setup.stacks.iter().any(|&s| s > MAX_AMOUNT) {
            return Err(RuleError::StackTooLarge);
        }
        let boot = setup.rules.boot.max(1).saturating_mul(parts.boot_factor);
        if boot > MAX_AMOUNT {
            return Err(RuleError::StackTooLarge);
        }
        // What each seat pays before the first turn: its ante (the boot; under `ante=dealer` the dealer's is the
        // boot for everyone) and a forced blind, left of the dealer.
        let dealer_antes = setup.rules.ante == AnteForm::Dealer;
        let ante = |seat: Seat| match (dealer_antes, seat == setup.dealer) {
            (false, _) => boot,
            (true, true) => boot.saturating_mul(n as Chips),
            (true, false) => 0,
        };
        let blind = setup.rules.blind_amount.unwrap_or(boot);
        let blinds: Vec<(Seat, Chips)> = match setup.rules.blinds {
            Blinds::None => Vec::new(),
            Blinds::Single => vec![((setup.dealer + 1) % n, blind)],
            Blinds::SmallBig => {
                vec![((setup.dealer + 1) % n, blind), ((setup.dealer + 2) % n, blind.saturating_mul(2))]
            }
        };
        let posted = |seat: Seat| setup.posts.iter().filter(|(s, _)| *s == seat).map(|(_, p)| p).sum::<Chips>();
        if setup.posts.iter().any(|&(s, p)| s >= n || p == 0 || p > MAX_AMOUNT) {
            return Err(RuleError::BadPost);
        }
        for seat in 0..n {
            let need =
                ante(seat) + posted(seat) + blinds.iter().filter(|(s, _)| *s == seat).map(|(_, b)| b).sum::<Chips>();
            if need > MAX_AMOUNT || setup.stacks[seat] < need {
                return Err(if need == boot {
                    RuleError::CannotPayBoot(boot)
                } else {
                    RuleError::CannotPayDeal { need }
                });
            }
        }
        let mut seats: Vec<SeatState> = setup
            .stacks
            .iter()
            .enumerate()
            .map(|(seat, &stack)| SeatState {
                stack: stack - ante(seat),
                put_in: ante(seat),
                cards: Vec::with_capacity(plan.down),
                up: Vec::with_capacity(plan.up),
                seen: false,
                packed: false,
                blind_bets: 0,
                has_bet: false,
            })
            .collect();
        let mut next = setup.deck.iter().copied();
        for (rounds, face_up) in [(plan.down, false), (plan.up, true)] {
            for _ in 0..rounds {
                for i in 1..=n {
                    let card = next.next().ok_or(RuleError::BadDeck)?;
                    let seat = &mut seats[(setup.dealer + i) % n];
                    if face_up { &mut seat.up } else { &mut seat.cards }.push(card);
                }
            }
        }
        let community: Vec<Card> = next.by_ref().take(plan.community).collect();
        if community.len() != plan.community {
            return Err(RuleError::BadDeck);
        }
        let mut board = Board {
            up: if plan.up > 0 { seats.iter().map(|s| s.up.clone()).collect() } else { Vec::new() },
            ..Board::default()
        };
        if plan.community_turn == CommunityTurn::Deal {
            board.community = community.clone();
        }
        turn_up_draws(&parts, &mut board, &mut next)?;
        // The undealt cards matter only to draws: a hand without them keeps none (no allocation a hand).
        let stock: Vec<Card> = if plan.draw == DrawMode::Off { Vec::new() } else { next.collect() };
        let pot = boot * n as Chips;
        // Betting begins after the last forced blind.
        let first = (blinds.last().map_or(setup.dealer, |&(s, _)| s) + 1) % n;
        let mut hand = Hand {
            rules: Rules { boot: setup.rules.boot.max(1), ..setup.rules.clone() },
            plan,
            dealer: setup.dealer,
            seats,
            pot,
            stake: boot,
            turn: first,
            question: None,
            asked: false,
            board,
            community,
            stock,
            round: 1,
            acted: SeatSet::EMPTY,
            phase: Phase::Betting,
            drew: SeatSet::EMPTY,
            resume: first,
            draw_price: plan.draw_price.unwrap_or(boot),
            kaana_dormant: setup.kaana_dormant,
            kaana_show: false,
            declared: SeatSet::EMPTY,
            declared_low: SeatSet::EMPTY,
            ending: None,
            outcome: None,
            actions: Vec::new(),
        };
        // A bust draw that would bust every player busts nobody (there would be no hand to play); a shared
        // community card of its rank is in every hand.
        if let Some(bust) = hand.board.bust {
            let shared = plan.community_use == CommunityUse::InHand;
            let in_middle = shared && hand.board.community.iter().any(|c| c.rank == bust.rank);
            if in_middle || (0..n).all(|s| hand.holds_bust(s)) {
                hand.board.bust_void = true;
            }
        }
        let board = hand.board.clone();
        let ante_by = dealer_antes.then_some(setup.dealer);
        let started = EventKind::Started { dealer: setup.dealer, boot, pot, seats: n, board: Box::new(board), ante_by };
        let mut events = vec![Event::public(started)];
        // Missed antes posted to come back in, then the forced blinds.
        for &(seat, amount) in &setup.posts {
            hand.put_in(seat, amount);
            events.push(Event::public(EventKind::Posted { seat, amount, pot: hand.pot }));
        }
        // The forced blinds: blind bets, each setting the stake (the first turn's minimum follows from it).
        for &(seat, amount) in &blinds {
            hand.put_in(seat, amount);
            let s = &mut hand.seats[seat];
            s.blind_bets += 1;
            s.has_bet = true;
            hand.stake = amount;
            events.push(Event::public(EventKind::Bet { seat, amount, blind: true, stake: amount, pot: hand.pot }));
        }
        if plan.forehead {
            for seat in 0..n {
                let hands = (0..n).filter(|&o| o != seat).map(|o| (o, hand.seats[o].cards.clone())).collect();
                events.push(Event { audience: Audience::Seat(seat), kind: EventKind::Sees { seat, hands } });
            }
        }
        if plan.draw == DrawMode::Before {
            hand.begin_drawing(&mut events);
        }
        events.push(Event::public(EventKind::Turn { seat: hand.turn, stake: boot }));
        Ok((hand, events))
    }

    /// Whether `seat` holds a card of the bust draw's rank (and the draw busts anyone this hand).
    pub fn holds_bust(&self, seat: Seat) -> bool {
        match (self.board.bust, self.seats.get(seat)) {
            (Some(bust), Some(s)) if !self.board.bust_void => s.cards.iter().chain(&s.up).any(|c| c.rank == bust.rank),
            _ => false,
        }
    }

    /// The players who must pack now: each one still in who holds a bust card, from the dealer's left. The table
    /// (and a script) packs them right after the deal; until they have packed, they can do nothing else.
    pub fn must_pack(&self) -> Vec<Seat> {
        let n = self.seats.len();
        if self.is_over() {
            return Vec::new();
        }
        (1..=n).map(|i| (self.dealer + i) % n).filter(|&s| !self.seats[s].packed && self.holds_bust(s)).collect()
    }

    /// Rebuilds a hand from its setup and recorded actions. Fails on the
    /// first action that the rules refuse, with its index.
    pub fn replay(setup: &HandSetup, actions: &[(Seat, Action)]) -> Result<(Hand, Vec<Event>), (usize, RuleError)> {
        let (mut hand, mut events) = Hand::start(setup).map_err(|e| (0, e))?;
        for (i, &(seat, action)) in actions.iter().enumerate() {
            events.extend(hand.apply(seat, action).map_err(|e| (i, e))?);
        }
        Ok((hand, events))
    }

    pub fn rules(&self) -> &Rules {
        &self.rules
    }
    /// The boot this hand was dealt at, every seat's ante: its rules' boot (a tournament's level), four times it
    /// under `4x_boot`.
    pub fn boot(&self) -> Chips {
        self.rules.parts().map_or(self.rules.boot, |p| self.rules.boot.saturating_mul(p.boot_factor))
    }
    /// How this hand is dealt and played out.
    pub fn plan(&self) -> &DealPlan {
        &self.plan
    }
    pub fn dealer(&self) -> Seat {
        self.dealer
    }
    pub fn seats(&self) -> &[SeatState] {
        &self.seats
    }
    pub fn seat(&self, seat: Seat) -> Option<&SeatState> {
        self.seats.get(seat)
    }
    pub fn pot(&self) -> Chips {
        self.pot
    }
    pub fn stake(&self) -> Chips {
        self.stake
    }
    /// The betting round being played, from 1. A betting round begins at the deal (after a drawing phase
    /// before the betting) or when the one before it ends, and ends as soon as every player still in has had a
    /// turn since it began; a turn ends with a bet, a sideshow asked (once answered) or a pack. A player who
    /// packs is no longer waited for. Draws between rounds, community cards turned one a round, the blind
    /// rounds and the rounds before a show all count rounds this way.
    pub fn round(&self) -> u32 {
        self.round
    }
    pub fn phase(&self) -> Phase {
        self.phase
    }
    /// Whose turn it is (to bet, or to draw in a drawing phase; None once the hand is over).
    pub fn turn(&self) -> Option<Seat> {
        self.outcome.is_none().then_some(self.turn)
    }
    /// The seat the turn timer runs for: the sideshow target while one is
    /// pending, otherwise the seat whose turn it is.
    pub fn to_act(&self) -> Option<Seat> {
        if self.outcome.is_some() {
            return None;
        }
        if self.phase == Phase::Declaring {
            return self.first_undeclared();
        }
        Some(self.question.map_or(self.turn, |q| q.target))
    }
    /// At a high-low show by declaration: the first player still in who has not declared, from the dealer's left
    /// (the timer runs for them all at once: each is declared high in turn when it ends).
    fn first_undeclared(&self) -> Option<Seat> {
        let n = self.seats.len();
        (1..=n).map(|i| (self.dealer + i) % n).find(|&s| self.may_declare(s))
    }
    /// Whether `seat` is still in and has yet to declare at a high-low show by declaration.
    fn may_declare(&self, seat: Seat) -> bool {
        self.phase == Phase::Declaring && !self.seats[seat].packed && !self.has_declared(seat)
    }
    /// Whether `seat` declared low (known to the engine alone until every player still in has declared).
    fn declared_low(&self, seat: Seat) -> bool {
        self.declared_low.contains(seat)
    }
    /// Whether `seat` has declared at this hand's high-low show (never which way: that is revealed with everyone's).
    pub fn has_declared(&self, seat: Seat) -> bool {
        self.declared.contains(seat)
    }
    pub fn pending_sideshow(&self) -> Option<(Seat, Seat)> {
        self.open(Asked::Sideshow)
    }
    /// (payer, other) of a show waiting for the other to show their cards or concede.
    pub fn pending_show(&self) -> Option<(Seat, Seat)> {
        self.open(Asked::Show)
    }
    /// (proposer, other) of an offer to share the pot waiting for its answer.
    pub fn pending_split(&self) -> Option<(Seat, Seat)> {
        self.open(Asked::Split)
    }
    pub fn joker(&self) -> Option<Card> {
        self.board.joker
    }
    /// The cards everyone sees now.
    pub fn board(&self) -> &Board {
        &self.board
    }
    /// Every community card of the hand, those still face down too (a hand export writes them out).
    pub(crate) fn all_community(&self) -> &[Card] {
        &self.community
    }
    /// The undealt pack, next card first (a hand export writes it out).
    pub(crate) fn stock(&self) -> &[Card] {
        &self.stock
    }
    /// Cards left in the pack for draws.
    pub fn stock_left(&self) -> usize {
        self.stock.len()
    }
    /// Under `kaana_round`, whether the round has not begun in this hand (the one-eyed cards are plain).
    pub fn kaana_dormant(&self) -> bool {
        self.kaana_dormant
    }
    /// Under `kaana_round`, once this hand is over: whether the next hand's one-eyed cards are plain. The round
    /// begins after a hand where a player was dealt a trio (by the plain ranking), and ends after a hand where a
    /// show was called against a player holding a one-eyed card. `None` without `kaana_round`, or mid-hand.
    pub fn kaana_next(&self) -> Option<bool> {
        if !self.rules.kaana_round || !self.is_over() {
            return None;
        }
        if self.kaana_dormant {
            let trio = self.seats.iter().any(|s| {
                let ranks: Vec<_> = s.cards.iter().map(|c| c.rank).collect();
                (0..ranks.len()).any(|i| ranks.iter().filter(|&&r| r == ranks[i]).count() >= 3)
            });
            Some(!trio)
        } else {
            Some(self.kaana_show)
        }
    }
    /// Whether `seat` holds one of the wild one-eyed cards (a live kaana hand).
    fn holds_kaana(&self, seat: Seat) -> bool {
        let live = self.rules.parts().is_ok_and(|p| p.kaana) && !(self.rules.kaana_round && self.kaana_dormant);
        live && self.seats[seat].cards.iter().any(|c| self.rules.kaana_cards.contains(*c))
    }
    pub fn outcome(&self) -> Option<&Outcome> {
        self.outcome.as_ref()
    }
    pub fn is_over(&self) -> bool {
        self.outcome.is_some()
    }
    /// Every accepted action so far, in order.
    pub fn actions(&self) -> &[(Seat, Action)] {
        &self.actions
    }
    /// Seats still in the hand.
    pub fn active(&self) -> impl Iterator<Item = Seat> + '_ {
        self.seats.iter().enumerate().filter(|(_, s)| !s.packed).map(|(i, _)| i)
    }
    fn active_count(&self) -> usize {
        self.seats.iter().filter(|s| !s.packed).count()
    }
    /// The evaluator of this hand: its rules with what it turned up so far.
    pub fn evaluator(&self) -> Option<Evaluator> {
        let wild_community = self.plan.community_use == CommunityUse::WildRanks;
        let drawn = self.board.drawn(self.kaana_dormant, wild_community);
        Scheme::resolve(&self.rules, &drawn).ok().map(Evaluator::for_scheme)
    }
    /// The cards a seat holds itself: its down cards, then its up cards.
    pub fn own_cards(&self, seat: Seat) -> Option<Vec<Card>> {
        let s = self.seats.get(seat)?;
        Some(s.cards.iter().chain(&s.up).copied().collect())
    }
    /// The cards `seat`'s hand is made of: their own, and the community cards turned up that are part of every
    /// hand.
    pub fn hand_cards(&self, seat: Seat) -> Option<Vec<Card>> {
        let mut cards = self.own_cards(seat)?;
        if self.plan.community_use == CommunityUse::InHand {
            cards.extend(&self.board.community);
        }
        Some(cards)
    }
    /// What `seat`'s hand is worth under the table's rules, and what it counts as where that is worth saying.
    /// `None` while the hand is not complete (community cards still face down).
    pub fn judge(&self, seat: Seat) -> Option<(HandValue, Option<Made>)> {
        self.judge_by(seat, self.evaluator()?)
    }
    /// What `seat`'s hand is worth as a low hand in a high-low split: the same cards and wild cards, ranked in
    /// muflis order (the whole classic order reversed: the lowest hand is the best low).
    pub fn low_value(&self, seat: Seat) -> Option<HandValue> {
        let e = self.evaluator()?;
        self.judge_by(seat, Evaluator::for_scheme(Scheme { lowball: true, ..*e.scheme() })).map(|(v, _)| v)
    }
    fn judge_by(&self, seat: Seat, e: Evaluator) -> Option<(HandValue, Option<Made>)> {
        let s = self.seats.get(seat)?;
        if !self.plan.exact_use {
            let held = self.hand_cards(seat)?;
            let value = e.evaluate(&held).ok()?;
            return Some((value, e.explain(&held).ok().flatten()));
        }
        // Exactly one down card and two face-up ones: the best such three.
        let three = Evaluator::for_scheme(Scheme { held: 3, ..*e.scheme() });
        let public: Vec<Card> = self.hand_cards(seat)?.split_off(s.cards.len());
        if public.len() != self.plan.hand_cards() - self.plan.down {
            return None;
        }
        let mut best: Option<(HandValue, [Card; 3])> = None;
        for &down in &s.cards {
            for i in 0..public.len() {
                for &b in &public[i + 1..] {
                    let cards = [down, public[i], b];
                    let Ok(v) = three.evaluate(&cards) else { continue };
                    if best.is_none_or(|(bv, _)| v > bv) {
                        best = Some((v, cards));
                    }
                }
            }
        }
        let (value, cards) = best?;
        let made = three.explain(&cards).ok().flatten().unwrap_or(Made {
            value,
            stands: cards.map(|card| Stand { counts_as: card, source: Source::Held { card } }),
        });
        Some((value, Some(made)))
    }
    /// What `seat`'s hand is worth under the table's rules.
    pub fn value_of(&self, seat: Seat) -> Option<HandValue> {
        self.judge(seat).map(|(v, _)| v)
    }

    fn next_active(&self, from: Seat) -> Seat {
        let n = self.seats.len();
        (1..=n).map(|i| (from + i) % n).find(|&s| !self.seats[s].packed).unwrap_or(from)
    }
    fn prev_active(&self, from: Seat) -> Seat {
        let n = self.seats.len();
        (1..=n).map(|i| (from + n - i) % n).find(|&s| !self.seats[s].packed).unwrap_or(from)
    }
}
