//! What a hand says happened: the actions players take ([`Action`]), who hears an event ([`Audience`]), and
//! the events themselves ([`EventKind`], [`Event`]), in the order they happened.

use super::*;

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
    pub(super) fn public(kind: EventKind) -> Event {
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
