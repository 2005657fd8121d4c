//! One hand at one table: boots, blind and seen betting, see, pack, show,
//! sideshow, limits. [`Hand::apply`] validates an action completely before it
//! changes anything, so a rejected action leaves the hand exactly as it was.
//! Given the same [`HandSetup`] and actions, the events are always the same.

use serde::{Deserialize, Serialize};

use super::cards::{Card, Rank, Suit};
use super::rank::{suit_key, Category, Drawn, Evaluator, HandValue, Made, Scheme, Source, Stand, Virtual, Wild};
use super::rules::{
    AfterSideshow, AgreedSplit, AnteForm, BetStructure, Blinds, Chips, CommunityTurn, CommunityUse, DealPlan, DrawMode,
    HighLow, Parts, Qualifier, Rules, ShowCost, ShowTie, SideshowOrder, MAX_AMOUNT,
};

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

/// What a player can do.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "type", content = "amount", rename_all = "snake_case")]
pub enum Action {
    /// Look at your cards (become a seen player).
    See,
    /// Bet this many chips: a blind bet or a chaal, by whether you have seen.
    Bet(Chips),
    /// Fold.
    Pack,
    /// Pay for a show (two players left).
    Show,
    /// Bet the seen minimum and ask the previous player for a sideshow.
    Sideshow,
    /// Accept the sideshow you were asked for.
    Accept,
    /// Refuse the sideshow you were asked for.
    Deny,
    /// The turn timer ran out: packs, or refuses a pending sideshow (in a drawing phase: changes no card).
    Timeout,
    /// Discard the down cards at these positions (bit `i` for the `i`-th, from 0) and be dealt as many new
    /// ones, paying the draw price for each. 0 stands pat (a drawing phase only).
    Draw(u8),
    /// Offer the other player (two left) to end the hand and share the pot (`agreed_split`); they accept or deny.
    Split,
    /// At a high-low show by declaration: contest the high half (secret until everyone has declared).
    DeclareHigh,
    /// At a high-low show by declaration: contest the low half (secret until everyone has declared).
    DeclareLow,
}

impl Action {
    /// Every action that takes no amount (all but [`Action::Bet`]).
    pub const WITHOUT_AMOUNT: [Action; 10] = [
        Action::See,
        Action::Pack,
        Action::Show,
        Action::Sideshow,
        Action::Accept,
        Action::Deny,
        Action::Timeout,
        Action::Split,
        Action::DeclareHigh,
        Action::DeclareLow,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Action::See => "see",
            Action::Bet(_) => "bet",
            Action::Pack => "pack",
            Action::Show => "show",
            Action::Sideshow => "sideshow",
            Action::Accept => "accept",
            Action::Deny => "deny",
            Action::Timeout => "timeout",
            Action::Draw(_) => "draw",
            Action::Split => "split",
            Action::DeclareHigh => "declare_high",
            Action::DeclareLow => "declare_low",
        }
    }
}

/// Who may see an event.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Audience {
    All,
    Seat(Seat),
    Pair(Seat, Seat),
}

impl Audience {
    pub fn includes(self, seat: Seat) -> bool {
        match self {
            Audience::All => true,
            Audience::Seat(s) => s == seat,
            Audience::Pair(a, b) => a == seat || b == seat,
        }
    }
    pub fn is_public(self) -> bool {
        self == Audience::All
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PackReason {
    Folded,
    Timeout,
    SideshowLost,
    /// Held a card of the bust draw's rank: packed at the deal.
    Bust,
    /// Called for a show, gave up the pot without showing (`show_concede`).
    Conceded,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EndedBy {
    LastStanding,
    Show,
    PotLimit,
    /// The last two agreed to end the hand and share the pot (`agreed_split`).
    Agreed,
    /// A compulsory show after `max_rounds` betting rounds: every hand still in was shown.
    RoundLimit,
}

impl EndedBy {
    pub fn name(self) -> &'static str {
        match self {
            EndedBy::LastStanding => "last_standing",
            EndedBy::Show => "show",
            EndedBy::PotLimit => "pot_limit",
            EndedBy::Agreed => "agreed",
            EndedBy::RoundLimit => "round_limit",
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ShownHand {
    pub seat: Seat,
    pub cards: Vec<Card>,
    pub value: HandValue,
    /// What the hand counts as, where wild cards, imagined cards or more than three cards make it worth saying.
    #[serde(default)]
    pub made: Option<Made>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Payout {
    pub seat: Seat,
    pub amount: Chips,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum EventKind {
    /// Every seat paid `boot`; cards are dealt face down.
    Started {
        dealer: Seat,
        boot: Chips,
        pot: Chips,
        seats: usize,
        /// The cards turned up for everyone. Boxed: the largest part of any event, and a live table keeps every
        /// public event of its hand (`PublicLog`), so the others need not carry its room.
        board: Box<Board>,
        /// `ante=dealer`: this seat (the dealer) paid the boot for every seat; otherwise each seat paid it.
        #[serde(default)]
        ante_by: Option<Seat>,
    },
    /// It is `seat`'s turn; the current stake is `stake`.
    Turn {
        seat: Seat,
        stake: Chips,
    },
    /// `seat` posted `amount`, the ante they missed while sitting out, to come back in (`post`; at the deal).
    Posted {
        seat: Seat,
        amount: Chips,
        pot: Chips,
    },
    /// `seat` looked at their cards (public: only the fact).
    Saw {
        seat: Seat,
    },
    /// `seat`'s own cards (private to that seat).
    Cards {
        seat: Seat,
        cards: Vec<Card>,
    },
    /// A blind bet or a chaal.
    Bet {
        seat: Seat,
        amount: Chips,
        blind: bool,
        stake: Chips,
        pot: Chips,
    },
    Packed {
        seat: Seat,
        reason: PackReason,
    },
    /// `seat` paid `cost` for a show against `against`; at a high-low table `against` is `seat` itself: a show of
    /// every hand still in.
    ShowCalled {
        seat: Seat,
        against: Seat,
        cost: Chips,
        pot: Chips,
    },
    /// `seat` bet `amount` and asked `target` for a sideshow.
    SideshowAsked {
        seat: Seat,
        target: Seat,
        amount: Chips,
        stake: Chips,
        pot: Chips,
    },
    SideshowDenied {
        seat: Seat,
        target: Seat,
    },
    /// `seat` offered `target` (the other player left) to end the hand and share the pot.
    SplitOffered {
        seat: Seat,
        target: Seat,
    },
    /// `target` refused `seat`'s offer to share the pot; `seat` acts on.
    SplitRefused {
        seat: Seat,
        target: Seat,
    },
    /// The private comparison (audience: the two players).
    SideshowCompared {
        seat: Seat,
        target: Seat,
        hands: Vec<ShownHand>,
        loser: Seat,
    },
    /// The pot reached the pot limit: every remaining hand is shown.
    PotLimitReached {
        pot: Chips,
    },
    /// `max_rounds` betting rounds have ended: every remaining hand is shown (a compulsory show).
    RoundLimitReached {
        round: u32,
    },
    /// `seat` declared high or low (public: only the fact; the side is revealed with everyone's).
    Declared {
        seat: Seat,
    },
    /// Every declaration, revealed together once all have declared (or their time ran out).
    Declarations {
        high: Vec<Seat>,
        low: Vec<Seat>,
    },
    /// Who won each half of a high-low pot (after the `Showdown`): empty where no hand could win it, and that half
    /// went to the other.
    HalvesWon {
        high: Vec<Seat>,
        low: Vec<Seat>,
    },
    /// The cards of other players that `seat` can see (private to `seat`): in cobra, every other player's
    /// forehead card, at the deal.
    Sees {
        seat: Seat,
        hands: Vec<(Seat, Vec<Card>)>,
    },
    /// A betting round ended: every player still in has had a turn since it began.
    RoundEnded {
        round: u32,
    },
    /// A community card was turned up (the `index`-th dealt to the middle, from 0).
    CommunityTurned {
        card: Card,
        index: usize,
    },
    /// Players begin to draw, each in turn from the dealer's left; or, once all have, betting resumes.
    PhaseChanged {
        phase: Phase,
    },
    /// `seat` discarded `count` down cards and was dealt as many, paying `cost` (public: only the count; the new
    /// cards come to the player in a [`EventKind::Cards`] event).
    Drew {
        seat: Seat,
        count: usize,
        cost: Chips,
        pot: Chips,
    },
    /// Hands shown at the end (public).
    Showdown {
        hands: Vec<ShownHand>,
        winners: Vec<Seat>,
    },
    Ended {
        ended_by: EndedBy,
        pot: Chips,
        payouts: Vec<Payout>,
    },
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Event {
    pub audience: Audience,
    #[serde(flatten)]
    pub kind: EventKind,
}

impl Event {
    fn public(kind: EventKind) -> Event {
        Event { audience: Audience::All, kind }
    }
    /// Chips this event moves from a seat into the pot.
    pub fn contributions(&self, seats: usize) -> Vec<(Seat, Chips)> {
        match self.kind {
            EventKind::Started { boot, ante_by: Some(dealer), .. } => vec![(dealer, boot * seats as Chips)],
            EventKind::Started { boot, .. } => (0..seats).map(|s| (s, boot)).collect(),
            EventKind::Bet { seat, amount, .. } | EventKind::SideshowAsked { seat, amount, .. } => {
                vec![(seat, amount)]
            }
            EventKind::ShowCalled { seat, cost, .. } | EventKind::Drew { seat, cost, .. } => vec![(seat, cost)],
            EventKind::Posted { seat, amount, .. } => vec![(seat, amount)],
            _ => Vec::new(),
        }
    }
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

/// Why an action was refused. Nothing changed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RuleError {
    #[error("a table needs {MIN_SEATS} to {MAX_SEATS} players")]
    SeatCount,
    #[error("the dealer must be one of the seats")]
    BadDealer,
    #[error("the deck does not hold enough distinct cards for the deal")]
    BadDeck,
    #[error("the pack deals to at most {0} players under these rules")]
    TooManyForDeck(usize),
    #[error("you hold a bust card: you must pack")]
    HoldsBust,
    #[error("{0}")]
    Rules(String),
    #[error("every player must be able to pay the boot of {0}")]
    CannotPayBoot(Chips),
    /// The deal asks a player for more than the boot alone (a forced blind, a posted ante, the dealer's ante for
    /// everyone), and they cannot pay it, or it is more than a hand takes.
    #[error("every player dealt in must be able to pay what the deal asks of them: {need} chips (the boot, and a blind, a post or the dealer's ante for everyone)")]
    CannotPayDeal { need: Chips },
    #[error("a stack may hold at most {MAX_AMOUNT} chips")]
    StackTooLarge,
    #[error("the hand is over")]
    HandOver,
    #[error("there is no such seat")]
    NoSuchSeat,
    #[error("you have packed")]
    Packed,
    #[error("it is not your turn")]
    NotYourTurn,
    #[error("a sideshow is waiting for an answer")]
    SideshowPending,
    #[error("nobody asked you for a sideshow")]
    NoSideshowToAnswer,
    #[error("you have already seen your cards")]
    AlreadySeen,
    #[error("at this table you may look at your cards only on your turn")]
    SeeOnlyOnTurn,
    #[error("at this table you may pack only on your turn")]
    PackOnlyOnTurn,
    #[error("you have already asked for a sideshow this turn")]
    AskedThisTurn,
    #[error("a show is waiting for its answer: show the cards or concede")]
    ShowPending,
    #[error("no show was called against you")]
    NoShowToAnswer,
    #[error("this table does not allow the last two players to agree to share the pot")]
    SplitOff,
    #[error("the pot can be shared by agreement only when two players are left")]
    SplitNeedsTwo,
    #[error("an offer to share the pot is waiting for its answer")]
    SplitPending,
    #[error("nobody offered you to share the pot")]
    NoSplitToAnswer,
    #[error("you have bet blind {0} times, the limit: see your cards first")]
    MustSee(u32),
    #[error("you cannot cover the minimum bet of {0}")]
    CannotCover(Chips),
    #[error("a bet must be from {min} to {max}")]
    BetOutOfRange { min: Chips, max: Chips },
    #[error("a seen bet must be an even number of chips")]
    OddBet,
    #[error("a show needs exactly two players left")]
    ShowNeedsTwo,
    #[error("a high-low table has no sideshows")]
    NoSideshowHighLow,
    #[error("the players are declaring high or low: the show comes when all have")]
    Declaring,
    #[error("there is nothing to declare now: players declare high or low at the show")]
    NotDeclaring,
    #[error("you have already declared")]
    AlreadyDeclared,
    #[error("a seen player cannot ask a blind player for a show")]
    SeenCannotShowBlind,
    #[error("a show costs {need}; you have {have}")]
    CannotAffordShow { need: Chips, have: Chips },
    #[error("a sideshow needs every remaining player to be seen")]
    SideshowNeedsAllSeen,
    #[error("a sideshow needs at least three players left")]
    SideshowNeedsThree,
    #[error("the previous player has not bet yet")]
    SideshowNoTarget,
    #[error("in cobra nobody ever sees their own card")]
    Forehead,
    #[error("the first {0} betting round(s) are played blind: nobody may look at their cards yet")]
    BlindRound(u32),
    #[error("a show or sideshow may be asked for only after {0} betting rounds")]
    ShowTooEarly(u32),
    #[error("the players are drawing: betting resumes when every player has drawn")]
    Drawing,
    #[error("there is no draw now")]
    NoDraw,
    #[error("you have already changed a card in this betting round")]
    DrewThisRound,
    #[error("choose from {min} to {max} of your own down cards to change")]
    BadDraw { min: usize, max: usize },
    #[error("the pack has only {left} card(s) left to draw")]
    PackEmpty { left: usize },
    #[error("new cards cost {need}; you have {have}")]
    CannotAffordDraw { need: Chips, have: Chips },
}

/// The bet a seat may make now.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BetRange {
    pub min: Chips,
    pub max: Chips,
    /// 2 for seen bets (even amounts), 1 for blind bets.
    pub step: Chips,
    pub blind: bool,
}

impl BetRange {
    pub fn contains(&self, amount: Chips) -> bool {
        (self.min..=self.max).contains(&amount) && amount.is_multiple_of(self.step)
    }

    /// The raise offered beside the minimum bet: twice the minimum, capped at
    /// the maximum and rounded down to the step; None when that is no more
    /// than the minimum.
    pub fn raise(&self) -> Option<Chips> {
        let raise = self.min.saturating_mul(2).min(self.max);
        let raise = raise - raise % self.step;
        (raise > self.min).then_some(raise)
    }
}

/// Everything one seat may do now: drives the buttons.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Legal {
    pub see: bool,
    pub pack: bool,
    pub bet: Option<BetRange>,
    /// The cost of a show, if one may be asked for now.
    pub show: Option<Chips>,
    /// The cost of a sideshow and whom it would ask.
    pub sideshow: Option<(Chips, Seat)>,
    /// May accept or deny a sideshow, or (`answer_show`) show or concede a show called against them.
    pub respond: bool,
    /// The answer `respond` gives is to a show: Accept shows the cards, Deny concedes the pot unseen.
    pub answer_show: bool,
    /// The answer `respond` gives is to an offer to share the pot: Accept ends the hand, Deny plays on.
    pub answer_split: bool,
    /// May offer the other player to end the hand and share the pot (`agreed_split`).
    pub split: bool,
    /// May change cards now.
    pub draw: Option<DrawOffer>,
    /// May declare high or low (a high-low show by declaration).
    pub declare: bool,
}

/// A draw a seat may make now: up to `max` of its down cards (at least `min`), each for `price`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DrawOffer {
    pub min: usize,
    pub max: usize,
    pub price: Chips,
}

impl Legal {
    pub fn any(&self) -> bool {
        self.see
            || self.pack
            || self.bet.is_some()
            || self.show.is_some()
            || self.sideshow.is_some()
            || self.respond
            || self.draw.is_some()
            || self.declare
    }
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
    /// (asker, target) of a sideshow awaiting an answer.
    pending: Option<(Seat, Seat)>,
    /// (payer, other) of a show waiting for the other to show or concede (`show_concede`).
    called: Option<(Seat, Seat)>,
    /// (proposer, other) of an offer to share the pot waiting for its answer (`agreed_split`).
    offer: Option<(Seat, Seat)>,
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
    acted: u16,
    phase: Phase,
    /// In a drawing phase, the seats that have drawn; under `draw=rounds`, those that changed a card this round.
    drew: u16,
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
    declared: u16,
    #[serde(default)]
    declared_low: u16,
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
            return Err(RuleError::Rules("a dealers_choice table deals the variant its dealer picks".into()));
        }
        let parts = setup.rules.parts().map_err(|e| RuleError::Rules(e.to_string()))?;
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
            return Err(RuleError::Rules("a post is a positive amount by a seat of the hand".into()));
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
            pending: None,
            called: None,
            offer: None,
            asked: false,
            board,
            community,
            stock,
            round: 1,
            acted: 0,
            phase: Phase::Betting,
            drew: 0,
            resume: first,
            draw_price: plan.draw_price.unwrap_or(boot),
            kaana_dormant: setup.kaana_dormant,
            kaana_show: false,
            declared: 0,
            declared_low: 0,
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
        Some(self.pending.or(self.called).or(self.offer).map_or(self.turn, |(_, target)| target))
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
        seat < 16 && self.declared_low & (1 << seat) != 0
    }
    /// Whether `seat` has declared at this hand's high-low show (never which way: that is revealed with everyone's).
    pub fn has_declared(&self, seat: Seat) -> bool {
        seat < 16 && self.declared & (1 << seat) != 0
    }
    pub fn pending_sideshow(&self) -> Option<(Seat, Seat)> {
        self.pending
    }
    /// (payer, other) of a show waiting for the other to show their cards or concede.
    pub fn pending_show(&self) -> Option<(Seat, Seat)> {
        self.called
    }
    /// (proposer, other) of an offer to share the pot waiting for its answer.
    pub fn pending_split(&self) -> Option<(Seat, Seat)> {
        self.offer
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

    /// Range for a bet by `seat` now, ignoring whose turn it is.
    fn bet_range(&self, seat: Seat) -> Result<BetRange, RuleError> {
        let s = &self.seats[seat];
        if !s.seen {
            if let Some(limit) = self.rules.blind_turn_limit {
                if s.blind_bets >= limit {
                    return Err(RuleError::MustSee(limit));
                }
            }
        }
        let stake = self.stake;
        // The largest seen bet under the structure (001 "Limits"); a blind bet may be half of it.
        let seen_min = 2 * stake;
        let seen_max = match self.rules.bet_structure {
            BetStructure::Fixed => 2 * seen_min,
            BetStructure::Spread => self.rules.spread_limit.unwrap_or(seen_min).max(seen_min),
            BetStructure::SpreadRaise => seen_min.saturating_add(self.rules.spread_limit.unwrap_or(0)),
            // Call, then raise by the pot after the call.
            BetStructure::Pot => seen_min.saturating_mul(2).saturating_add(self.pot),
            BetStructure::PotSimple => self.pot.max(seen_min),
            // Up to one's own stack; a blind player, half of it (a blind bet is half under every structure). Before
            // revision 1 the blind half was of an unbounded maximum: the whole stack.
            BetStructure::NoLimit if self.rules.revision >= 1 => s.stack.max(seen_min),
            BetStructure::NoLimit => Chips::MAX,
        };
        let (min, mut max, step) = if s.seen {
            let cap = self.rules.chaal_limit.map_or(Chips::MAX, |l| l.max(2 * stake));
            (seen_min, seen_max.min(cap), 2)
        } else {
            let cap = self.rules.chaal_limit.map_or(Chips::MAX, |l| (l / 2).max(stake));
            (stake, (seen_max / 2).max(stake).min(cap), 1)
        };
        max = max.min(s.stack);
        if step == 2 {
            max -= max % 2;
        }
        if max < min {
            return Err(RuleError::CannotCover(min));
        }
        Ok(BetRange { min, max, step, blind: !s.seen })
    }

    /// Shows and sideshows wait for `rounds_before_show` betting rounds to end.
    fn check_show_round(&self) -> Result<(), RuleError> {
        if self.round <= self.plan.rounds_before_show {
            return Err(RuleError::ShowTooEarly(self.plan.rounds_before_show));
        }
        Ok(())
    }

    fn show_cost(&self, seat: Seat) -> Result<Chips, RuleError> {
        let high_low = self.rules.high_low != HighLow::Off;
        if self.active_count() != 2 && !high_low {
            return Err(RuleError::ShowNeedsTwo);
        }
        self.check_show_round()?;
        let other = self.next_active(seat);
        let me = &self.seats[seat];
        if !me.seen {
            if let Some(limit) = self.rules.blind_turn_limit {
                if me.blind_bets >= limit {
                    return Err(RuleError::MustSee(limit));
                }
            }
        }
        let base = if !me.seen {
            self.stake
        } else if self.seats[other].seen || high_low {
            // A high-low show is every hand's: the payer's own bet now, whoever is still in.
            2 * self.stake
        } else if !self.rules.seen_can_show_blind {
            return Err(RuleError::SeenCannotShowBlind);
        } else if self.rules.show_cost == ShowCost::Current {
            // The current bet level: a seen player's bet, whoever the other is.
            2 * self.stake
        } else {
            4 * self.stake
        };
        let cost = if self.rules.show_cost == ShowCost::Double { 2 * base } else { base };
        if cost > me.stack {
            return Err(RuleError::CannotAffordShow { need: cost, have: me.stack });
        }
        Ok(cost)
    }

    fn sideshow_check(&self, seat: Seat) -> Result<(Chips, Seat), RuleError> {
        if self.rules.high_low != HighLow::Off {
            return Err(RuleError::NoSideshowHighLow);
        }
        if self.asked {
            return Err(RuleError::AskedThisTurn);
        }
        if self.active_count() < 3 {
            return Err(RuleError::SideshowNeedsThree);
        }
        if self.active().any(|s| !self.seats[s].seen) {
            return Err(RuleError::SideshowNeedsAllSeen);
        }
        self.check_show_round()?;
        let target = self.prev_active(seat);
        if !self.seats[target].has_bet {
            return Err(RuleError::SideshowNoTarget);
        }
        let range = self.bet_range(seat)?;
        // Asking first costs nothing; the bet comes after (the asker must still be able to cover it).
        let cost = if self.rules.sideshow_order == SideshowOrder::AskFirst { 0 } else { range.min };
        Ok((cost, target))
    }

    /// Whether `seat` may look at their cards now (ignoring whose turn it is).
    fn see_check(&self, seat: Seat) -> Result<(), RuleError> {
        if self.plan.forehead {
            return Err(RuleError::Forehead);
        }
        if self.seats[seat].seen {
            return Err(RuleError::AlreadySeen);
        }
        if self.round <= self.plan.blind_rounds {
            return Err(RuleError::BlindRound(self.plan.blind_rounds));
        }
        Ok(())
    }

    /// The draw `seat` may make now, whose turn it is (to draw, or under `draw=rounds` to bet).
    fn draw_offer(&self, seat: Seat) -> Result<DrawOffer, RuleError> {
        let down = self.seats[seat].cards.len();
        let (min, max) = match (self.phase, self.plan.draw) {
            (Phase::Drawing, _) => (0, down),
            (Phase::Betting, DrawMode::Rounds) if self.round <= 3 => {
                if self.drew & (1 << seat) != 0 {
                    return Err(RuleError::DrewThisRound);
                }
                (1, 1)
            }
            _ => return Err(RuleError::NoDraw),
        };
        let affordable = self.seats[seat].stack.checked_div(self.draw_price).map_or(usize::MAX, |n| n as usize);
        Ok(DrawOffer { min, max: max.min(self.stock.len()).min(affordable), price: self.draw_price })
    }

    fn check_live(&self, seat: Seat) -> Result<(), RuleError> {
        if self.outcome.is_some() {
            return Err(RuleError::HandOver);
        }
        let s = self.seats.get(seat).ok_or(RuleError::NoSuchSeat)?;
        if s.packed {
            return Err(RuleError::Packed);
        }
        Ok(())
    }

    /// `seat` is to act (bet, show, sideshow; draw under `draw=rounds`) in a betting phase.
    fn check_turn(&self, seat: Seat) -> Result<(), RuleError> {
        if self.phase == Phase::Declaring {
            return Err(RuleError::Declaring);
        }
        if self.pending.is_some() {
            return Err(RuleError::SideshowPending);
        }
        if self.called.is_some() {
            return Err(RuleError::ShowPending);
        }
        if self.offer.is_some() {
            return Err(RuleError::SplitPending);
        }
        if seat != self.turn {
            return Err(RuleError::NotYourTurn);
        }
        if self.phase == Phase::Drawing {
            return Err(RuleError::Drawing);
        }
        Ok(())
    }

    /// Everything `seat` may do now (empty for a packed seat or a finished hand).
    pub fn legal_actions(&self, seat: Seat) -> Legal {
        if self.check_live(seat).is_err() {
            return Legal::default();
        }
        if self.holds_bust(seat) {
            return Legal { pack: true, ..Legal::default() };
        }
        // While a question waits (a sideshow, a called show, an offer to split) nobody is on turn; who it asks
        // answers it.
        let on_turn = self.check_turn(seat).is_ok();
        let drawing = self.phase == Phase::Drawing && seat == self.turn;
        let asked = |question: Option<(Seat, Seat)>| question.is_some_and(|(_, t)| t == seat);
        let seen = self.seats[seat].seen;
        let declaring = self.may_declare(seat);
        Legal {
            // During the declarations anyone still in may look (as `apply` allows), declared or not.
            see: self.see_check(seat).is_ok()
                && (on_turn || self.phase == Phase::Declaring || !self.rules.see_on_turn_only),
            pack: self.may_pack(seat),
            bet: on_turn.then(|| self.bet_range(seat).ok()).flatten(),
            show: on_turn.then(|| self.show_cost(seat).ok()).flatten(),
            sideshow: (on_turn && seen).then(|| self.sideshow_check(seat).ok()).flatten(),
            respond: asked(self.pending) || asked(self.called) || asked(self.offer),
            answer_show: asked(self.called),
            answer_split: asked(self.offer),
            split: on_turn && self.split_check().is_ok(),
            draw: (on_turn || drawing).then(|| self.draw_offer(seat).ok()).flatten().filter(|o| o.max >= o.min),
            declare: declaring,
        }
    }

    /// Whether `seat` may pack now: any time, or under `pack_on_turn_only` when the timer runs for them (at a
    /// declaration, for every player who has not declared).
    fn may_pack(&self, seat: Seat) -> bool {
        !self.rules.pack_on_turn_only || self.to_act() == Some(seat) || self.may_declare(seat)
    }

    /// Applies one action by `seat`. On error nothing has changed.
    pub fn apply(&mut self, seat: Seat, action: Action) -> Result<Vec<Event>, RuleError> {
        self.check_live(seat)?;
        if self.holds_bust(seat) && !matches!(action, Action::Pack | Action::Timeout) {
            return Err(RuleError::HoldsBust);
        }
        let mut events = Vec::new();
        match action {
            Action::See => {
                self.see_check(seat)?;
                let declaring = self.phase == Phase::Declaring;
                if self.rules.see_on_turn_only && !declaring && self.check_turn(seat).is_err() {
                    return Err(RuleError::SeeOnlyOnTurn);
                }
                self.see(seat, &mut events);
            }
            Action::Bet(amount) => {
                self.check_turn(seat)?;
                let range = self.bet_range(seat)?;
                if !(range.min..=range.max).contains(&amount) {
                    return Err(RuleError::BetOutOfRange { min: range.min, max: range.max });
                }
                if amount % range.step != 0 {
                    return Err(RuleError::OddBet);
                }
                self.put_in(seat, amount);
                let s = &mut self.seats[seat];
                s.has_bet = true;
                if range.blind {
                    s.blind_bets += 1;
                    self.stake = amount;
                } else {
                    self.stake = amount / 2;
                }
                events.push(Event::public(EventKind::Bet {
                    seat,
                    amount,
                    blind: range.blind,
                    stake: self.stake,
                    pot: self.pot,
                }));
                self.after_bet(seat, &mut events);
            }
            Action::Pack => {
                // A bust card packs its holder whenever (the check above let only a pack through).
                if !self.may_pack(seat) && !self.holds_bust(seat) {
                    return Err(RuleError::PackOnlyOnTurn);
                }
                self.pack(seat, PackReason::Folded, &mut events)
            }
            // A player who does not declare in time declares high (the side a hand is played for in every other
            // game). The timer runs out for every player who has not declared; the table times them out in turn.
            Action::Timeout if self.phase == Phase::Declaring => {
                if self.to_act() != Some(seat) {
                    return Err(if self.has_declared(seat) {
                        RuleError::AlreadyDeclared
                    } else {
                        RuleError::NotYourTurn
                    });
                }
                self.declare(seat, false, &mut events);
            }
            Action::DeclareHigh | Action::DeclareLow => {
                if self.phase != Phase::Declaring {
                    return Err(RuleError::NotDeclaring);
                }
                if self.has_declared(seat) {
                    return Err(RuleError::AlreadyDeclared);
                }
                self.declare(seat, action == Action::DeclareLow, &mut events);
            }
            // A called player who does not answer in time shows: the cards speak.
            Action::Timeout if self.called.is_some_and(|(_, other)| other == seat) => {
                let (payer, other) = self.called.take().unwrap_or((seat, seat));
                self.show(payer, other, &mut events);
            }
            Action::Timeout if self.called.is_some() => return Err(RuleError::ShowPending),
            // An offer to share the pot not answered in time is refused.
            Action::Timeout if self.offer.is_some_and(|(_, other)| other == seat) => {
                self.refuse_split(&mut events);
            }
            Action::Timeout if self.offer.is_some() => return Err(RuleError::SplitPending),
            Action::Timeout => match self.pending {
                Some((asker, target)) if target == seat => self.deny(asker, target, &mut events),
                Some(_) => return Err(RuleError::SideshowPending),
                // Out of time in a drawing phase: no card is changed.
                None if seat == self.turn && self.phase == Phase::Drawing => self.draw(seat, 0, &mut events)?,
                None if seat == self.turn => self.pack(seat, PackReason::Timeout, &mut events),
                None => return Err(RuleError::NotYourTurn),
            },
            Action::Draw(mask) => {
                if self.phase == Phase::Declaring {
                    return Err(RuleError::Declaring);
                }
                if self.phase == Phase::Betting {
                    self.check_turn(seat)?;
                } else if seat != self.turn {
                    return Err(RuleError::NotYourTurn);
                }
                self.draw(seat, mask, &mut events)?;
            }
            Action::Show => {
                self.check_turn(seat)?;
                let cost = self.show_cost(seat)?;
                // At a high-low table a show is every hand's: `against` is the payer.
                let high_low = self.rules.high_low != HighLow::Off;
                let other = if high_low { seat } else { self.next_active(seat) };
                self.put_in(seat, cost);
                events.push(Event::public(EventKind::ShowCalled { seat, against: other, cost, pot: self.pot }));
                if high_low {
                    // Every hand still in is shown (by declaration, once all have declared).
                    self.showdown_all(EndedBy::Show, &mut events);
                } else if self.rules.show_concede {
                    // The other answers: show their cards, or give up the pot unseen.
                    self.called = Some((seat, other));
                    events.push(Event::public(EventKind::Turn { seat: other, stake: self.stake }));
                } else {
                    self.show(seat, other, &mut events);
                }
            }
            Action::Sideshow => {
                self.check_turn(seat)?;
                if !self.seats[seat].seen {
                    return Err(RuleError::SideshowNeedsAllSeen);
                }
                let (amount, target) = self.sideshow_check(seat)?;
                self.asked = true;
                if amount > 0 {
                    self.put_in(seat, amount);
                    self.seats[seat].has_bet = true;
                    self.stake = amount / 2;
                }
                events.push(Event::public(EventKind::SideshowAsked {
                    seat,
                    target,
                    amount,
                    stake: self.stake,
                    pot: self.pot,
                }));
                if self.pot_limit_reached() {
                    self.pot_limit_showdown(&mut events);
                } else {
                    self.pending = Some((seat, target));
                }
            }
            Action::Split => {
                self.check_turn(seat)?;
                self.split_check()?;
                let target = self.next_active(seat);
                self.asked = true;
                self.offer = Some((seat, target));
                events.push(Event::public(EventKind::SplitOffered { seat, target }));
                events.push(Event::public(EventKind::Turn { seat: target, stake: self.stake }));
            }
            Action::Accept | Action::Deny if self.offer.is_some() => {
                if self.offer.is_none_or(|(_, o)| o != seat) {
                    return Err(RuleError::NoSplitToAnswer);
                }
                if action == Action::Accept {
                    self.agreed_split(&mut events);
                } else {
                    self.refuse_split(&mut events);
                }
            }
            Action::Accept | Action::Deny if self.called.is_some() => {
                let Some((payer, other)) = self.called.filter(|&(_, o)| o == seat) else {
                    return Err(RuleError::NoShowToAnswer);
                };
                self.called = None;
                if action == Action::Accept {
                    self.show(payer, other, &mut events);
                } else {
                    self.pack(other, PackReason::Conceded, &mut events);
                }
            }
            Action::Accept | Action::Deny => {
                let (asker, target) = match self.pending {
                    Some((a, t)) if t == seat => (a, t),
                    _ => return Err(RuleError::NoSideshowToAnswer),
                };
                if action == Action::Deny {
                    self.deny(asker, target, &mut events);
                } else {
                    self.accept(asker, target, &mut events);
                }
            }
        }
        self.actions.push((seat, action));
        Ok(events)
    }

    /// `seat` looks at their cards: public, the fact; private to them, the cards.
    fn see(&mut self, seat: Seat, events: &mut Vec<Event>) {
        let s = &mut self.seats[seat];
        s.seen = true;
        events.push(Event::public(EventKind::Saw { seat }));
        events.push(Event { audience: Audience::Seat(seat), kind: EventKind::Cards { seat, cards: s.cards.clone() } });
    }

    /// Changes the down cards of `seat` at the positions of `mask` for new ones from the pack, paying for each.
    /// Checked completely before anything changes. A blind player who changes a card looks at their cards
    /// first (one chooses what to discard by looking): they become seen.
    fn draw(&mut self, seat: Seat, mask: u8, events: &mut Vec<Event>) -> Result<(), RuleError> {
        let offer = self.draw_offer(seat)?;
        let down = self.seats[seat].cards.len();
        let count = mask.count_ones() as usize;
        // In a drawing phase any of one's down cards; under draw=rounds exactly one.
        let most = if self.phase == Phase::Drawing { down } else { 1 };
        if usize::from(mask) >> down != 0 || count < offer.min || count > most {
            return Err(RuleError::BadDraw { min: offer.min, max: most });
        }
        if count > self.stock.len() {
            return Err(RuleError::PackEmpty { left: self.stock.len() });
        }
        let cost = offer.price.saturating_mul(count as Chips);
        if cost > self.seats[seat].stack {
            return Err(RuleError::CannotAffordDraw { need: cost, have: self.seats[seat].stack });
        }
        if count > 0 && !self.seats[seat].seen {
            // Looked at, but not told: the player is told the cards they hold after the draw (below).
            self.seats[seat].seen = true;
            events.push(Event::public(EventKind::Saw { seat }));
        }
        let mut new = self.stock.drain(..count);
        for (i, card) in self.seats[seat].cards.iter_mut().enumerate() {
            if mask & (1 << i) != 0 {
                if let Some(c) = new.next() {
                    *card = c;
                }
            }
        }
        drop(new);
        self.put_in(seat, cost);
        self.drew |= 1 << seat;
        events.push(Event::public(EventKind::Drew { seat, count, cost, pot: self.pot }));
        if count > 0 {
            let cards = self.seats[seat].cards.clone();
            events.push(Event { audience: Audience::Seat(seat), kind: EventKind::Cards { seat, cards } });
        }
        // A payment for new cards is not a bet: a pot it takes to the limit is shown down at the next bet (as a
        // pot already at the limit after the boots is), not now. Revision 0 showed it down at once.
        if self.rules.revision == 0 && self.pot_limit_reached() {
            self.pot_limit_showdown(events);
        } else if self.phase == Phase::Drawing {
            self.next_drawer(seat, events);
        } else {
            // Under draw=rounds the turn goes on: the player still bets (the timer starts again).
            events.push(Event::public(EventKind::Turn { seat, stake: self.stake }));
        }
        Ok(())
    }

    /// A drawing phase begins: each player still in draws in turn, from the dealer's left; betting then
    /// resumes where it stood.
    fn begin_drawing(&mut self, events: &mut Vec<Event>) {
        self.phase = Phase::Drawing;
        self.drew = 0;
        self.resume = self.turn;
        self.turn = self.next_active(self.dealer);
        events.push(Event::public(EventKind::PhaseChanged { phase: Phase::Drawing }));
    }

    /// After `seat` drew: the next player still in who has not drawn, or the end of the drawing phase.
    fn next_drawer(&mut self, seat: Seat, events: &mut Vec<Event>) {
        let n = self.seats.len();
        let next = (1..=n).map(|i| (seat + i) % n).find(|&s| !self.seats[s].packed && self.drew & (1 << s) == 0);
        match next {
            Some(s) => self.turn = s,
            None => {
                self.phase = Phase::Betting;
                self.drew = 0;
                self.turn = if self.seats[self.resume].packed { self.next_active(self.resume) } else { self.resume };
                events.push(Event::public(EventKind::PhaseChanged { phase: Phase::Betting }));
            }
        }
        events.push(Event::public(EventKind::Turn { seat: self.turn, stake: self.stake }));
    }

    fn put_in(&mut self, seat: Seat, amount: Chips) {
        let s = &mut self.seats[seat];
        s.stack -= amount;
        s.put_in += amount;
        self.pot += amount;
    }

    fn pot_limit_reached(&self) -> bool {
        self.rules.pot_limit.is_some_and(|limit| self.pot >= limit)
    }

    fn after_bet(&mut self, seat: Seat, events: &mut Vec<Event>) {
        if self.pot_limit_reached() {
            self.pot_limit_showdown(events);
        } else {
            self.advance_from(seat, events);
        }
    }

    /// `seat`'s turn has ended: the round may end with it; the turn passes on.
    fn advance_from(&mut self, seat: Seat, events: &mut Vec<Event>) {
        self.acted |= 1 << seat;
        self.asked = false;
        self.turn = self.next_active(seat);
        if self.round_complete() {
            self.end_round(events);
            if !self.betting_goes_on() {
                return;
            }
        }
        events.push(Event::public(EventKind::Turn { seat: self.turn, stake: self.stake }));
    }

    /// After a betting round ended: false when it ended the hand or began a declaration (a compulsory show).
    fn betting_goes_on(&self) -> bool {
        self.outcome.is_none() && self.phase != Phase::Declaring
    }

    /// Every player still in has had a turn in this betting round.
    fn round_complete(&self) -> bool {
        self.phase == Phase::Betting && self.active().all(|s| self.acted & (1 << s) != 0)
    }

    /// Ends the betting round: the next begins; a community card may be turned up, a drawing phase begin.
    fn end_round(&mut self, events: &mut Vec<Event>) {
        let ended = self.round;
        events.push(Event::public(EventKind::RoundEnded { round: ended }));
        self.round += 1;
        self.acted = 0;
        if self.rules.max_rounds == Some(ended) {
            events.push(Event::public(EventKind::RoundLimitReached { round: ended }));
            self.showdown_all(EndedBy::RoundLimit, events);
            return;
        }
        if self.plan.draw == DrawMode::Rounds {
            self.drew = 0;
        }
        if self.plan.community_turn == CommunityTurn::Rounds {
            self.turn_community(1, events);
        }
        if self.plan.draw == DrawMode::After && ended == 1 {
            self.begin_drawing(events);
        }
    }

    /// Turns up to `count` more community cards.
    fn turn_community(&mut self, count: usize, events: &mut Vec<Event>) {
        for _ in 0..count {
            let index = self.board.community.len();
            let Some(&card) = self.community.get(index) else { return };
            self.board.community.push(card);
            events.push(Event::public(EventKind::CommunityTurned { card, index }));
        }
    }

    fn pack(&mut self, seat: Seat, reason: PackReason, events: &mut Vec<Event>) {
        // A player holding a bust card packs because of it, whatever made them.
        let reason = if self.holds_bust(seat) { PackReason::Bust } else { reason };
        self.seats[seat].packed = true;
        events.push(Event::public(EventKind::Packed { seat, reason }));
        if self.active_count() == 1 {
            self.pending = None;
            self.called = None;
            self.offer = None;
            let winner = self.next_active(seat);
            self.finish(EndedBy::LastStanding, &[winner], events);
            return;
        }
        if self.phase == Phase::Declaring {
            // The show waits for the others' declarations only.
            self.after_declaration(events);
            return;
        }
        match self.pending {
            // The asker or the target packed, or too few players are left for
            // a sideshow: it lapses and play goes on after the asker.
            Some((asker, target)) if seat == asker || seat == target || self.active_count() < 3 => {
                self.pending = None;
                self.advance_from(asker, events);
            }
            // Someone else packed: the sideshow still waits for its answer.
            Some(_) => {}
            None if seat == self.turn && self.phase == Phase::Drawing => self.next_drawer(seat, events),
            None if seat == self.turn => self.advance_from(seat, events),
            // A pack out of turn: the round may have been waiting only for this player.
            None if self.round_complete() => {
                self.end_round(events);
                if self.betting_goes_on() {
                    events.push(Event::public(EventKind::Turn { seat: self.turn, stake: self.stake }));
                }
            }
            None => {}
        }
    }

    fn deny(&mut self, asker: Seat, target: Seat, events: &mut Vec<Event>) {
        self.pending = None;
        events.push(Event::public(EventKind::SideshowDenied { seat: asker, target }));
        if self.rules.sideshow_order == SideshowOrder::AskFirst {
            // Refused: the asker must still bet (or pack) to stay in.
            self.keep_turn(asker, events);
        } else {
            self.advance_from(asker, events);
        }
    }

    /// Whether the player to act may offer to share the pot now.
    fn split_check(&self) -> Result<(), RuleError> {
        if self.rules.agreed_split == AgreedSplit::Off {
            return Err(RuleError::SplitOff);
        }
        if self.active_count() != 2 {
            return Err(RuleError::SplitNeedsTwo);
        }
        if self.asked {
            return Err(RuleError::AskedThisTurn);
        }
        Ok(())
    }

    /// The offer to share the pot is refused (or not answered): its proposer acts on.
    fn refuse_split(&mut self, events: &mut Vec<Event>) {
        let Some((seat, target)) = self.offer.take() else { return };
        events.push(Event::public(EventKind::SplitRefused { seat, target }));
        self.keep_turn(seat, events);
    }

    /// The last two agreed: the hand ends with no cards shown. `refund`: each takes back what they put in, and
    /// the chips of players who packed are halved between them; `halve`: the pot is halved. An odd chip goes to
    /// the first of the two left of the dealer.
    fn agreed_split(&mut self, events: &mut Vec<Event>) {
        let Some((proposer, other)) = self.offer.take() else { return };
        let two = self.seat_order(&[proposer, other]);
        let pot = self.pot;
        let own: [Chips; 2] = match self.rules.agreed_split {
            AgreedSplit::Refund => [self.seats[two[0]].put_in, self.seats[two[1]].put_in],
            AgreedSplit::Halve | AgreedSplit::Off => [0, 0],
        };
        let rest = pot - own[0] - own[1];
        let amounts = [own[0] + rest - rest / 2, own[1] + rest / 2];
        let mut payouts = Vec::with_capacity(2);
        for (&seat, amount) in two.iter().zip(amounts) {
            self.seats[seat].stack += amount;
            payouts.push(Payout { seat, amount });
        }
        self.pot = 0;
        self.outcome = Some(Outcome { ended_by: EndedBy::Agreed, pot, payouts: payouts.clone() });
        events.push(Event::public(EventKind::Ended { ended_by: EndedBy::Agreed, pot, payouts }));
    }

    /// `seat` acts again: the turn stays (the sideshow took no turn of theirs).
    fn keep_turn(&mut self, seat: Seat, events: &mut Vec<Event>) {
        self.turn = seat;
        events.push(Event::public(EventKind::Turn { seat, stake: self.stake }));
    }

    fn accept(&mut self, asker: Seat, target: Seat, events: &mut Vec<Event>) {
        self.pending = None;
        let a = self.shown(asker);
        let t = self.shown(target);
        // Tie: the asker packs.
        let loser = if a.value > t.value { target } else { asker };
        events.push(Event {
            audience: Audience::Pair(asker, target),
            kind: EventKind::SideshowCompared { seat: asker, target, hands: vec![a, t], loser },
        });
        self.seats[loser].packed = true;
        events.push(Event::public(EventKind::Packed { seat: loser, reason: PackReason::SideshowLost }));
        if self.active_count() == 1 {
            let winner = self.next_active(loser);
            self.finish(EndedBy::LastStanding, &[winner], events);
            return;
        }
        if loser == target && self.rules.after_sideshow == AfterSideshow::AskerIfWon {
            self.keep_turn(asker, events);
        } else {
            self.advance_from(asker, events);
        }
    }

    fn shown(&self, seat: Seat) -> ShownHand {
        let cards = self.own_cards(seat).unwrap_or_default();
        let (value, made) = self.judge(seat).unwrap_or((HandValue { category: Category::HighCard, strength: 0 }, None));
        ShownHand { seat, cards, value, made }
    }

    /// What `seat`'s hand counts as, for people (see [`Evaluator::explain`]).
    pub fn made_of(&self, seat: Seat) -> Option<Made> {
        self.judge(seat).and_then(|(_, made)| made)
    }

    /// Equal hands go by suits: under `show_tie = suit_order`, and always in the variations whose text says
    /// suit rules apply (the incomplete ones). The cards compared are each player's own.
    fn suits_decide(&self) -> bool {
        self.rules.show_tie == ShowTie::SuitOrder || self.rules.parts().is_ok_and(|p: Parts| p.suit_ties)
    }

    /// Of equal hands, the one whose own cards' suits rank highest (the last of `seats` on an exact tie: at a
    /// show, the payer's opponent).
    fn by_suits(&self, seats: &[Seat]) -> Seat {
        let order = self.rules.suit_order;
        let key = |seat: &Seat| suit_key(&self.own_cards(*seat).unwrap_or_default(), order);
        seats.iter().copied().max_by_key(key).unwrap_or(self.dealer)
    }

    fn show(&mut self, payer: Seat, other: Seat, events: &mut Vec<Event>) {
        let rest = self.community.len() - self.board.community.len();
        self.turn_community(rest, events);
        let p = self.shown(payer);
        let o = self.shown(other);
        let winners: Vec<Seat> = match p.value.cmp(&o.value) {
            std::cmp::Ordering::Greater => vec![payer],
            std::cmp::Ordering::Less => vec![other],
            std::cmp::Ordering::Equal if self.suits_decide() => vec![self.by_suits(&[payer, other])],
            std::cmp::Ordering::Equal => match self.rules.show_tie {
                ShowTie::Split => self.seat_order(&[payer, other]),
                ShowTie::PayerLoses | ShowTie::SuitOrder => vec![other],
            },
        };
        self.kaana_show = self.kaana_show || self.holds_kaana(other);
        events
            .push(Event::public(EventKind::Showdown { hands: self.seat_sorted(vec![p, o]), winners: winners.clone() }));
        self.finish(EndedBy::Show, &winners, events);
    }

    fn pot_limit_showdown(&mut self, events: &mut Vec<Event>) {
        self.pending = None;
        events.push(Event::public(EventKind::PotLimitReached { pot: self.pot }));
        self.showdown_all(EndedBy::PotLimit, events);
    }

    /// Every hand still in is shown (a pot limit reached, a compulsory show, a high-low show), compared whole:
    /// the community cards still face down are turned up first. By declaration, the players declare first.
    fn showdown_all(&mut self, ended_by: EndedBy, events: &mut Vec<Event>) {
        let rest = self.community.len() - self.board.community.len();
        self.turn_community(rest, events);
        if self.rules.high_low == HighLow::Declare {
            self.phase = Phase::Declaring;
            self.ending = Some(ended_by);
            self.declared = 0;
            self.declared_low = 0;
            events.push(Event::public(EventKind::PhaseChanged { phase: Phase::Declaring }));
            if let Some(first) = self.to_act() {
                self.turn = first;
                events.push(Event::public(EventKind::Turn { seat: first, stake: self.stake }));
            }
            return;
        }
        self.compare_all(ended_by, events);
    }

    /// `seat` declares high or low: public, only the fact.
    fn declare(&mut self, seat: Seat, low: bool, events: &mut Vec<Event>) {
        self.declared |= 1 << seat;
        if low {
            self.declared_low |= 1 << seat;
        }
        events.push(Event::public(EventKind::Declared { seat }));
        self.after_declaration(events);
    }

    /// Once every player still in has declared: the declarations are revealed together, then the hands.
    fn after_declaration(&mut self, events: &mut Vec<Event>) {
        if let Some(next) = self.to_act() {
            self.turn = next;
            return;
        }
        let seats = self.seat_order(&self.active().collect::<Vec<_>>());
        let (low, high): (Vec<Seat>, Vec<Seat>) = seats.into_iter().partition(|&s| self.declared_low(s));
        events.push(Event::public(EventKind::Declarations { high, low }));
        let ended_by = self.ending.take().unwrap_or(EndedBy::Show);
        self.compare_all(ended_by, events);
    }

    /// Shows every hand still in and pays the pot: to the best hand (ties split; suits decide in the variations
    /// whose text says so), or at a high-low table half to the best high hand and half to the best low one.
    fn compare_all(&mut self, ended_by: EndedBy, events: &mut Vec<Event>) {
        let hands: Vec<ShownHand> = self.active().map(|s| self.shown(s)).collect();
        if self.rules.high_low == HighLow::Off {
            let best = hands.iter().map(|h| h.value).max();
            let mut winners: Vec<Seat> = hands.iter().filter(|h| Some(h.value) == best).map(|h| h.seat).collect();
            if winners.len() > 1 && self.rules.parts().is_ok_and(|p| p.suit_ties) {
                winners = vec![self.by_suits(&winners)];
            }
            let winners = self.seat_order(&winners);
            events.push(Event::public(EventKind::Showdown { hands, winners: winners.clone() }));
            self.finish(ended_by, &winners, events);
            return;
        }
        let (high, low) = self.halves(&hands);
        let mut winners = high.clone();
        winners.extend(low.iter().filter(|s| !high.contains(s)));
        let winners = self.seat_order(&winners);
        self.kaana_show = self.kaana_show || hands.iter().any(|h| self.holds_kaana(h.seat));
        events.push(Event::public(EventKind::Showdown { hands, winners }));
        events.push(Event::public(EventKind::HalvesWon { high: high.clone(), low: low.clone() }));
        self.finish_parts(ended_by, &[&high, &low], events);
    }

    /// The winners of each half of a high-low pot, each from the dealer's left. Cards speak: every hand shown
    /// contests both halves; by declaration, each the half its player declared. A half goes to the best hand
    /// that contests it and meets the qualifier (equal hands share it: no suits, no payer loses); a half nobody
    /// wins is empty, and the other half takes the whole pot. When neither half has a winner (everyone declared
    /// a half no hand of theirs qualifies for), the best high hand shown takes the pot.
    fn halves(&self, hands: &[ShownHand]) -> (Vec<Seat>, Vec<Seat>) {
        let declared = self.rules.high_low == HighLow::Declare;
        let low_of = |seat: Seat| self.low_value(seat).unwrap_or(HandValue { category: Category::Bust, strength: 0 });
        let eight = self.eight_or_better();
        let qualifier = self.rules.qualifier;
        let high_ok = |v: HandValue| {
            qualifier != Qualifier::AnyPairNoPair || !matches!(v.category, Category::HighCard | Category::Bust)
        };
        let low_ok = |v: HandValue| match qualifier {
            Qualifier::None => true,
            Qualifier::EightOrBetter => v.category == Category::HighCard && eight.is_some_and(|e| v >= e),
            Qualifier::AnyPairNoPair => v.category == Category::HighCard,
        };
        let high: Vec<(Seat, HandValue)> = hands
            .iter()
            .filter(|h| !(declared && self.declared_low(h.seat)) && high_ok(h.value))
            .map(|h| (h.seat, h.value))
            .collect();
        let low: Vec<(Seat, HandValue)> = hands
            .iter()
            .filter(|h| !declared || self.declared_low(h.seat))
            .map(|h| (h.seat, low_of(h.seat)))
            .filter(|&(_, v)| low_ok(v))
            .collect();
        let best = |contest: &[(Seat, HandValue)]| -> Vec<Seat> {
            let top = contest.iter().map(|&(_, v)| v).max();
            self.seat_order(&contest.iter().filter(|&&(_, v)| Some(v) == top).map(|&(s, _)| s).collect::<Vec<_>>())
        };
        let (high, low) = (best(&high), best(&low));
        if high.is_empty() && low.is_empty() {
            let all: Vec<(Seat, HandValue)> = hands.iter().map(|h| (h.seat, h.value)).collect();
            return (best(&all), low);
        }
        (high, low)
    }

    /// The weakest low of eight or better under this hand's ranking options: 8-7-5 of mixed suits.
    fn eight_or_better(&self) -> Option<HandValue> {
        let e = self.evaluator()?;
        let plain = Scheme {
            lowball: true,
            held: 3,
            wild: Wild::None,
            wild_suits: 0,
            wild_cards: 0,
            pairs: Virtual::None,
            imagined: 0,
            bust: 0,
            ..*e.scheme()
        };
        let card = |rank: u8, suit: Suit| Rank::new(rank).map(|r| Card::new(r, suit));
        let cards = [card(8, Suit::Spades)?, card(7, Suit::Hearts)?, card(5, Suit::Diamonds)?];
        Evaluator::for_scheme(plain).evaluate(&cards).ok()
    }

    /// `seats` ordered starting left of the dealer (who gets odd chips first).
    fn seat_order(&self, seats: &[Seat]) -> Vec<Seat> {
        let n = self.seats.len();
        let mut v = seats.to_vec();
        v.sort_by_key(|&s| (s + n - self.dealer - 1) % n);
        v
    }

    fn seat_sorted(&self, mut hands: Vec<ShownHand>) -> Vec<ShownHand> {
        hands.sort_by_key(|h| h.seat);
        hands
    }

    fn finish(&mut self, ended_by: EndedBy, winners: &[Seat], events: &mut Vec<Event>) {
        self.finish_parts(ended_by, &[winners], events);
    }

    /// Ends the hand, the pot divided into `parts` (one, or a high and a low half) by [`super::pot::divide`].
    fn finish_parts(&mut self, ended_by: EndedBy, parts: &[&[Seat]], events: &mut Vec<Event>) {
        let pot = self.pot;
        let payouts = super::pot::divide(pot, parts);
        for p in &payouts {
            self.seats[p.seat].stack += p.amount;
        }
        self.pot = 0;
        let outcome = Outcome { ended_by, pot, payouts: payouts.clone() };
        self.outcome = Some(outcome);
        events.push(Event::public(EventKind::Ended { ended_by, pot, payouts }));
    }

    /// Chips each seat has won (+) or lost (-) so far, against its stack
    /// before the boot. Sums to minus the pot while the hand is live, zero after.
    pub fn nets(&self) -> Vec<i64> {
        let mut nets: Vec<i64> = self.seats.iter().map(|s| -(s.put_in as i64)).collect();
        for p in self.outcome.iter().flat_map(|o| &o.payouts) {
            nets[p.seat] += p.amount as i64;
        }
        nets
    }
}

/// The card that stands for one a player may not see, in a hand as that player sees it ([`Hand::as_seen_by`]).
/// Which cards are hidden follows from the hand's public state alone, so the placeholder never has to be told
/// apart from a real card.
pub(crate) const HIDDEN: Card = Card { rank: Rank::TWO, suit: Suit::Clubs };

/// A hand as one seat may see it, and the sampled hands of what it cannot (computer opponents, `engine::bot`).
impl Hand {
    /// Whether `seat` may see `other`'s down cards now: its own once it has looked (never in cobra, where the
    /// down card is on its forehead); another player's only in cobra.
    fn sees_down(&self, seat: Seat, other: Seat) -> bool {
        if self.plan.forehead {
            other != seat
        } else {
            other == seat && self.seats[seat].seen
        }
    }

    /// A copy of this hand with every card `seat` may not see replaced by [`HIDDEN`]: the other players' down
    /// cards (in cobra, its own), its own before it looks, the community cards still face down and the undealt
    /// pack. The other players' secret declarations read as high, and what the ending showed is dropped. What
    /// remains is public, or `seat`'s own to know.
    pub(crate) fn as_seen_by(&self, seat: Seat) -> Hand {
        let mut h = self.clone();
        for other in 0..h.seats.len() {
            if !self.sees_down(seat, other) {
                h.seats[other].cards.fill(HIDDEN);
            }
        }
        let up = h.board.community.len();
        h.community.iter_mut().skip(up).for_each(|c| *c = HIDDEN);
        h.stock.fill(HIDDEN);
        let own = if seat < 16 { 1u16 << seat } else { 0 };
        h.declared_low &= own;
        for (s, action) in h.actions.iter_mut() {
            if *s != seat && *action == Action::DeclareLow {
                *action = Action::DeclareHigh;
            }
        }
        h.kaana_show = false;
        h
    }

    /// How many cards [`Hand::fill_hidden`] fills for `seat`: the hidden down cards of the players still in, the
    /// community cards still face down, and the seat's own down cards in `renew` (not the undealt pack).
    pub(crate) fn hidden_count(&self, seat: Seat, renew: u8) -> usize {
        let down: usize = (0..self.seats.len())
            .filter(|&s| !self.seats[s].packed && !self.sees_down(seat, s))
            .map(|s| self.seats[s].cards.len())
            .sum();
        let own =
            self.seats.get(seat).map_or(0, |s| (0..s.cards.len().min(8)).filter(|i| renew & (1 << i) != 0).count());
        down + own + self.community.len().saturating_sub(self.board.community.len())
    }

    /// Puts `cards` (at least [`Hand::hidden_count`] of them) where `seat` cannot see and in place of its own down
    /// cards in `renew` (bit `i` for the `i`-th, as a draw's mask), in a fixed order, and turns every community
    /// card up: the hand as it could end, for judging with [`Hand::value_with`].
    pub(crate) fn fill_hidden(&mut self, seat: Seat, renew: u8, cards: &[Card]) {
        let mut next = cards.iter().copied();
        for s in 0..self.seats.len() {
            let hidden = !self.seats[s].packed && !self.sees_down(seat, s);
            for (i, c) in self.seats[s].cards.iter_mut().enumerate() {
                if hidden || (s == seat && i < 8 && renew & (1 << i) != 0) {
                    *c = next.next().unwrap_or(HIDDEN);
                }
            }
        }
        let up = self.board.community.len();
        for c in self.community.iter_mut().skip(up) {
            *c = next.next().unwrap_or(HIDDEN);
        }
        self.board.community.clone_from(&self.community);
    }

    /// What `seat`'s hand is worth under `e` (the hand's [`Hand::evaluator`], worked out once for many seats), and
    /// as a low hand when `low`.
    pub(crate) fn value_with(&self, seat: Seat, e: Evaluator, low: bool) -> Option<HandValue> {
        let e = if low { Evaluator::for_scheme(Scheme { lowball: true, ..*e.scheme() }) } else { e };
        if !self.plan.exact_use {
            // The value alone: what it counts as (`explain`) is not needed, and costs most with wild cards.
            return e.evaluate(&self.hand_cards(seat)?).ok();
        }
        self.judge_by(seat, e).map(|(v, _)| v)
    }

    /// The cards `seat` sees: its own known down cards, every face-up card and draw, and (cobra) the others'.
    pub(crate) fn visible_to(&self, seat: Seat) -> Vec<Card> {
        let mut seen: Vec<Card> = Vec::new();
        for (s, state) in self.seats.iter().enumerate() {
            if self.sees_down(seat, s) {
                seen.extend(&state.cards);
            }
            seen.extend(&state.up);
        }
        seen.extend(&self.board.community);
        seen.extend([self.board.joker, self.board.wild_suit, self.board.bust].into_iter().flatten());
        seen
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn range(min: Chips, max: Chips, step: Chips) -> BetRange {
        BetRange { min, max, step, blind: step == 1 }
    }

    #[test]
    fn raise_is_twice_the_minimum_capped_and_on_the_step() {
        // Blind: stake 1, bets 1 to 2.
        assert_eq!(range(1, 2, 1).raise(), Some(2));
        // Seen: stake 2, bets 4 to 8.
        assert_eq!(range(4, 8, 2).raise(), Some(8));
        // Capped at the maximum (a short stack or a chaal limit).
        assert_eq!(range(4, 6, 2).raise(), Some(6));
        assert_eq!(range(3, 5, 1).raise(), Some(5));
        // The cap rounded down to the step: a seen maximum of 7 allows 6.
        assert_eq!(range(4, 7, 2).raise(), Some(6));
        // Nothing above the minimum: no raise.
        assert_eq!(range(4, 4, 2).raise(), None);
        assert_eq!(range(4, 5, 2).raise(), None);
        assert_eq!(range(1, 1, 1).raise(), None);
    }
}
