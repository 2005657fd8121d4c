//! The values rule options take: the variants and their deal plans, and the option enums (each read and
//! written by its snake_case name), turned-up cards (`Turned`), card sets (`CardSet`).

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use super::RulesError;
use crate::echo::echo;
use crate::engine::cards::{self, Card, Rank, Suit};

/// Whole chips. Chips are never fractional.
pub type Chips = u64;

macro_rules! named_enum {
    ($(#[$m:meta])* $name:ident ($option:literal) { $($(#[$vm:meta])* $variant:ident => $text:literal),+ $(,)? }) => {
        $(#[$m])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
        #[serde(rename_all = "snake_case")]
        pub enum $name {
            #[default]
            $($(#[$vm])* $variant),+
        }
        impl $name {
            pub const ALL: &'static [$name] = &[$($name::$variant),+];
            pub fn name(self) -> &'static str {
                match self { $($name::$variant => $text),+ }
            }
        }
        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result { f.write_str(self.name()) }
        }
        impl FromStr for $name {
            type Err = RulesError;
            fn from_str(s: &str) -> Result<Self, Self::Err> {
                let norm = s.trim().to_ascii_lowercase().replace('-', "_");
                $name::ALL.iter().copied().find(|v| v.name() == norm).ok_or_else(|| RulesError::BadValue {
                    option: $option.to_string(),
                    value: s.to_string(),
                    expected: super::Expected::OneOf($name::ALL.iter().map(|v| v.name()).collect::<Vec<_>>().join(" | ")),
                })
            }
        }
    };
}

named_enum!(
    /// The game variant: how hands are formed and ranked.
    Variant ("variant") {
        /// Three cards, high hand wins.
        Classic => "classic",
        /// Lowball: the whole ranking reversed; the lowest hand wins.
        Muflis => "muflis",
        /// One card is turned up after the deal; every card of its rank is wild.
        Joker => "joker",
        /// Every A, K, 4 and 7 is wild.
        Ak47 => "ak47",
        /// Each player's own highest rank is wild in their hand.
        HighWild => "high_wild",
        /// Each player's own lowest rank is wild in their hand.
        LowWild => "low_wild",
        /// Four cards dealt; the best three count.
        BestOfFour => "best_of_four",
        /// Two cards dealt; the third is imagined (a wild card). Ties go by suits.
        IncompleteTwo => "incomplete_two",
        /// One card dealt; two imagined, so every hand is a trio of its rank. Ties go by suits.
        IncompleteOne => "incomplete_one",
        /// One card dealt, one imagined, and one common card turned up as everybody's third. Ties go by suits.
        IncompleteCommon => "incomplete_common",
        /// Four cards dealt; the two lowest together make one wild card (see the rank module).
        TwoLowestWild => "two_lowest_wild",
        /// The one-eyed kings and jacks (`kaana_cards`) are wild; three or four cards (`cards`).
        Kaana => "kaana",
        /// Five cards dealt; kiss, miss and bliss pairs make virtual wild cards; the best three units count.
        KissMissBliss => "kiss_miss_bliss",
        /// Blackjack totals: the highest up to 21 wins; 22 and over is bust.
        Blackjack => "blackjack",
        /// 999: each card a digit (ten and picture cards 0, an ace 1), the largest three-digit number wins.
        Nines => "999",
        /// Classic, with every hand's boot four times the table's.
        FourXBoot => "4x_boot",
        /// Two cards down and one face up for everyone to see; the three make the hand.
        ThreeCardStud => "three_card_stud",
        /// Two cards down and three face up; the best three of the five count (`exact_use`: one down, two up).
        FiveCardStud => "five_card_stud",
        /// Two cards down each and one community card face up in the middle, everyone's third card.
        ThreeCardCommunity => "three_card_community",
        /// Two cards down each and three community cards; the best three of one's five count.
        FiveCardCommunity => "five_card_community",
        /// Classic with a draw: players discard and replace cards, paying `draw_price` a card (`draw`).
        Draw => "draw",
        /// One card each, on the forehead: everyone sees every card but their own; the highest card wins.
        Cobra => "cobra",
        /// Three community cards face down, one turned up after each of the first three betting rounds; every
        /// card of a turned-up rank is wild. The first round is blind; shows wait for the three.
        Zandu => "zandu",
        /// The dealer of each hand picks the variation for that hand (`dealer_default` when they do not).
        DealersChoice => "dealers_choice",
    }
);

impl Variant {
    /// Cards dealt to each player face down, and whether the number may be changed with `cards` (to 3 or 4).
    pub(super) fn dealt(self) -> (usize, bool) {
        match self {
            Variant::Classic | Variant::Muflis | Variant::Joker | Variant::Ak47 => (3, true),
            Variant::HighWild | Variant::LowWild | Variant::Kaana | Variant::FourXBoot => (3, true),
            Variant::BestOfFour | Variant::TwoLowestWild => (4, false),
            Variant::IncompleteTwo => (2, false),
            Variant::IncompleteOne | Variant::IncompleteCommon => (1, false),
            Variant::KissMissBliss => (5, false),
            Variant::Blackjack | Variant::Nines | Variant::Zandu => (3, false),
            Variant::ThreeCardStud | Variant::FiveCardStud => (2, false),
            Variant::ThreeCardCommunity | Variant::FiveCardCommunity => (2, false),
            Variant::Draw | Variant::DealersChoice => (3, true),
            Variant::Cobra => (1, false),
        }
    }

    /// The variant's own deal plan before the options: face-up cards each, community cards, their use and when
    /// they are turned up, the draw, the blind rounds and the rounds before a show.
    pub(super) fn plan(self) -> DealPlan {
        let (down, _) = self.dealt();
        let base = DealPlan { down, ..DealPlan::default() };
        match self {
            Variant::ThreeCardStud => DealPlan { up: 1, ..base },
            Variant::FiveCardStud => DealPlan { up: 3, ..base },
            Variant::ThreeCardCommunity => DealPlan { community: 1, ..base },
            Variant::FiveCardCommunity => DealPlan { community: 3, ..base },
            Variant::IncompleteCommon => DealPlan { community: 1, ..base },
            Variant::Draw => DealPlan { draw: DrawMode::Before, ..base },
            Variant::Cobra => DealPlan { forehead: true, ..base },
            Variant::Zandu => DealPlan {
                community: 3,
                community_use: CommunityUse::WildRanks,
                community_turn: CommunityTurn::Rounds,
                blind_rounds: 1,
                rounds_before_show: 3,
                ..base
            },
            _ => base,
        }
    }

    /// The variants a hand can be dealt under (every one but `dealers_choice`, which picks one of them).
    pub fn playable() -> impl Iterator<Item = Variant> {
        Variant::ALL.iter().copied().filter(|v| *v != Variant::DealersChoice)
    }
}

named_enum!(
    /// When the community cards are turned up.
    CommunityTurn ("community_turn") {
        /// All of them at the deal, after the players' cards.
        Deal => "deal",
        /// Dealt face down; one is turned up at the end of each betting round, from the first.
        Rounds => "rounds",
    }
);

named_enum!(
    /// What the community cards are.
    CommunityUse ("community_use") {
        /// Part of every player's hand (stud's street cards in the middle, shared).
        InHand => "in_hand",
        /// Not part of any hand: every card of a turned-up community card's rank is wild (zandu).
        WildRanks => "wild_ranks",
    }
);

named_enum!(
    /// When players may discard and replace cards, paying `draw_price` a new card.
    DrawMode ("draw") {
        /// No draw.
        Off => "off",
        /// Once, before the first betting round: each player in turn from the dealer's left.
        Before => "before",
        /// Once, after the first betting round ends: each player in turn from the dealer's left.
        After => "after",
        /// One card at a time, once in each of the first three betting rounds, on one's turn before acting.
        Rounds => "rounds",
    }
);

/// How a hand is dealt and played out (issue 14): each player's cards face down and face up, the cards in the
/// middle and when they are turned up, the draw, and the betting rounds that gate seeing and showing. Every
/// variation of play is one of these, built by [`Rules::parts`] from the variant and the options; the engine
/// reads only the plan, so a made-up variation is a plan of its own (`cards=2 up=2 community=1`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct DealPlan {
    /// Cards dealt to each player face down (their hole cards).
    pub down: usize,
    /// Cards dealt to each player face up: everyone sees them from the deal.
    pub up: usize,
    /// The down cards are on the forehead: every other player sees them, their holder never does (cobra).
    pub forehead: bool,
    /// Cards dealt face down to the middle of the table.
    pub community: usize,
    pub community_use: CommunityUse,
    pub community_turn: CommunityTurn,
    /// A hand is exactly one down card and two face-up cards (up or community).
    pub exact_use: bool,
    pub draw: DrawMode,
    /// Chips a new card costs (`None`: the hand's boot).
    pub draw_price: Option<Chips>,
    /// The first betting rounds are blind: nobody may look at their cards until these have ended.
    pub blind_rounds: u32,
    /// Betting rounds that must end before a show or a sideshow may be asked for.
    pub rounds_before_show: u32,
}

impl DealPlan {
    /// The community cards that are part of every hand.
    pub fn shared(&self) -> usize {
        if self.community_use == CommunityUse::InHand {
            self.community
        } else {
            0
        }
    }

    /// Cards a player's hand is made of: down, up and shared community cards.
    pub fn hand_cards(&self) -> usize {
        self.down + self.up + self.shared()
    }

    /// Cards each player is dealt (down and up).
    pub fn per_player(&self) -> usize {
        self.down + self.up
    }
}

named_enum!(
    /// Where A-2-3 stands among sequences.
    A23 ("a23") {
        /// A-2-3 is the highest sequence (classic).
        Highest => "highest",
        /// A-2-3 is second, just below A-K-Q.
        Second => "second",
        /// A-2-3 is the lowest sequence, below 4-3-2.
        Lowest => "lowest",
    }
);

named_enum!(
    /// Who wins a show between equal hands.
    ShowTie ("show_tie") {
        /// The player who paid for the show loses (classic).
        PayerLoses => "payer_loses",
        /// The pot is split.
        Split => "split",
        /// Suits decide (see `suit_order`); if still equal, the payer loses.
        SuitOrder => "suit_order",
    }
);

named_enum!(
    /// Suit ranking used by `show_tie = suit_order`.
    SuitOrder ("suit_order") {
        /// Spades > Hearts > Diamonds > Clubs.
        Shdc => "shdc",
        /// Spades > Diamonds > Hearts > Clubs.
        Sdhc => "sdhc",
    }
);

named_enum!(
    /// How large a bet may be (001 "Limits"), for a seen bet; a blind bet is half (its minimum the stake).
    BetStructure ("bet_structure") {
        /// Fixed limit (classic): the raise at most the call, so the largest bet is twice the current one.
        Fixed => "fixed",
        /// Spread limit: the call and the raise together at most `spread_limit` (the text's "simpler approach").
        Spread => "spread",
        /// Spread limit, the other reading: call, then raise by up to `spread_limit`.
        SpreadRaise => "spread_raise",
        /// Pot limit: call, then raise by up to the pot after the call.
        Pot => "pot",
        /// Pot limit, the text's "simpler approach": a bet of up to the pot.
        PotSimple => "pot_simple",
        /// No limit: up to one's whole stack.
        NoLimit => "no_limit",
    }
);

named_enum!(
    /// Whether the last two players may agree to end a hand and share the pot (001 "Tie"), and how.
    AgreedSplit ("agreed_split") {
        /// No (classic).
        Off => "off",
        /// Each takes back what they put in; the chips of players who packed are halved between them (001: "total
        /// money which is invested in the game that will be return").
        Refund => "refund",
        /// The pot is halved.
        Halve => "halve",
    }
);

named_enum!(
    /// High-low split pots (001 "Variations: High-low split"): at the show every hand still in is compared, the
    /// best high hand takes half the pot and the best low hand (muflis order) the other half; no sideshows.
    HighLow ("high_low") {
        /// No: the best hand takes the pot (classic).
        Off => "off",
        /// Cards speak: every hand at the show contests both halves.
        CardsSpeak => "cards_speak",
        /// Declaration: at the show each player still in declares high or low in secret; the declarations are
        /// revealed together, and each half goes to the best hand among those who declared for it.
        Declare => "declare",
    }
);

named_enum!(
    /// What a hand needs to win a half of a high-low pot (001: "a certain hand value or better").
    Qualifier ("qualifier") {
        /// Nothing: the best hand of each half wins it.
        None => "none",
        /// The low half needs a low of eight or better: no pair, sequence or colour, the highest card an eight or
        /// lower (the ace is high, as in muflis).
        EightOrBetter => "eight_or_better",
        /// Any pair/no pair: the high half needs a pair or better, the low half a hand with no pair (high card).
        AnyPairNoPair => "any_pair_no_pair",
    }
);

named_enum!(
    /// Who antes (001 "Betting").
    AnteForm ("ante") {
        /// Every player pays the boot (classic).
        Each => "each",
        /// The dealer antes for everyone: the boot times the players dealt in, the same pot (the deal rotates,
        /// so it evens out).
        Dealer => "dealer",
    }
);

named_enum!(
    /// Forced blind bets before the first turn (001 "Betting").
    Blinds ("blinds") {
        /// None (classic).
        None => "none",
        /// One forced blind, by the player left of the dealer (the text's example).
        Single => "single",
        /// A small blind left of the dealer and a big blind (twice it) after it.
        SmallBig => "small_big",
    }
);

named_enum!(
    /// Who deals each hand after the first (a table custom: the engine deals from the dealer it is given).
    DealOrder ("deal_order") {
        /// The deal passes to the left (classic).
        Rotate => "rotate",
        /// The last hand's winner deals (the first winner left of the dealer when a pot was split); the deal
        /// passes to the left when the winner is not dealt in.
        Winner => "winner",
    }
);

named_enum!(
    /// Who deals a table's first hand.
    FirstDealer ("first_dealer") {
        /// The last seat dealt in.
        LastSeat => "last_seat",
        /// A cut for the deal, shown in the channel: each player dealt in is dealt one card face up, and the
        /// highest card deals (rank, then suit: spades, hearts, diamonds, clubs).
        Cut => "cut",
    }
);

named_enum!(
    /// When a sideshow's bet is made.
    SideshowOrder ("sideshow_order") {
        /// Bet the minimum, then ask (classic).
        BetFirst => "bet_first",
        /// Ask first, at no cost; refused, the asker must still bet (or pack) to stay in (001 "Sideshow": "If
        /// the sideshow is refused, the player requesting the sideshow must bet to stay in the game or fold").
        AskFirst => "ask_first",
    }
);

named_enum!(
    /// Who bets after an accepted sideshow.
    AfterSideshow ("after_sideshow") {
        /// The player after the asker (classic).
        Next => "next",
        /// The asker again if they won, the player after them if they lost (002 "The Compromise": "the betting
        /// continues with the Requesting Player if they won, and the next Player if they did not").
        AskerIfWon => "asker_if_won",
    }
);

named_enum!(
    /// What a show costs.
    ShowCost ("show_cost") {
        /// Blind: the current stake; seen: twice the stake (classic).
        Standard => "standard",
        /// Twice the standard cost.
        Double => "double",
        /// At the current bet level (001 "Betting": "shows are paid for at the current bet level"): what the
        /// payer's own minimum bet costs now, the stake blind and twice it seen, whoever the other player is (a
        /// seen player shows a blind one at twice the stake, where `seen_can_show_blind` allows it at all).
        Current => "current",
    }
);

/// A card turned up at the deal for everyone to see (a wild rank, a wild suit, a bust rank): not at all, drawn
/// from the pack at each deal, or fixed (`hand rank` and scripts, where the card is known). Written `off`,
/// `draw`, or the value; stored the same way (an old table's `null` reads as `off`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Turned<T> {
    #[default]
    Off,
    Draw,
    Fixed(T),
}

impl<T: Copy> Turned<T> {
    /// The fixed value, if any.
    pub fn fixed(self) -> Option<T> {
        match self {
            Turned::Fixed(v) => Some(v),
            _ => None,
        }
    }
    pub fn is_off(self) -> bool {
        matches!(self, Turned::Off)
    }
}

impl<T: fmt::Display> fmt::Display for Turned<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Turned::Off => f.write_str("off"),
            Turned::Draw => f.write_str("draw"),
            Turned::Fixed(v) => v.fmt(f),
        }
    }
}

impl<T: FromStr> Turned<T> {
    pub(super) fn parse(text: &str) -> Option<Turned<T>> {
        match text.trim().to_ascii_lowercase().as_str() {
            "off" | "none" | "no" | "false" | "" => Some(Turned::Off),
            "draw" | "on" | "yes" | "true" => Some(Turned::Draw),
            _ => text.trim().parse().ok().map(Turned::Fixed),
        }
    }
}

impl<T: fmt::Display> Serialize for Turned<T> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de, T: FromStr> Deserialize<'de> for Turned<T> {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let text: Option<String> = Option::deserialize(d)?;
        let text = text.unwrap_or_default();
        Turned::parse(&text)
            .ok_or_else(|| serde::de::Error::custom(format!("`{}` is not off, draw or a value", echo(&text))))
    }
}

/// A set of cards written `Kd+Js+Jh` (`+`, `/`, spaces or commas between cards), stored the same way: bit
/// `card.index()` for each card (no allocation: every table's and hand's rules hold one).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct CardSet(u64);

impl CardSet {
    pub fn of(cards: &[Card]) -> CardSet {
        CardSet(cards.iter().fold(0, |m, c| m | 1 << c.index()))
    }
    /// Bit `card.index()` for each card.
    pub fn mask(&self) -> u64 {
        self.0
    }
    pub fn contains(&self, card: Card) -> bool {
        self.0 & 1 << card.index() != 0
    }
    /// The cards, highest first.
    pub fn cards(&self) -> Vec<Card> {
        (0..54u8).rev().filter(|&i| self.0 & 1 << i != 0).filter_map(Card::from_index).collect()
    }
}

impl fmt::Display for CardSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.cards().iter().map(ToString::to_string).collect::<Vec<_>>().join("+"))
    }
}

impl FromStr for CardSet {
    type Err = cards::CardError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        cards::parse_cards(&s.replace(['+', '/'], " ")).map(|cards| CardSet::of(&cards))
    }
}

impl Serialize for CardSet {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for CardSet {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        String::deserialize(d)?.parse().map_err(serde::de::Error::custom)
    }
}

/// The one-eyed cards of a standard pack, wild under `kaana` by default: K♦, J♠, J♥.
pub const ONE_EYED: [Card; 3] = [
    Card { rank: Rank::KING, suit: Suit::Diamonds },
    Card { rank: Rank::JACK, suit: Suit::Spades },
    Card { rank: Rank::JACK, suit: Suit::Hearts },
];

/// [`ONE_EYED`] as a set.
pub fn one_eyed() -> CardSet {
    CardSet::of(&ONE_EYED)
}

impl SuitOrder {
    /// 0 (lowest) to 3 (highest) under this order.
    pub fn strength(self, suit: Suit) -> u8 {
        match (self, suit) {
            (_, Suit::Spades) => 3,
            (SuitOrder::Shdc, Suit::Hearts) | (SuitOrder::Sdhc, Suit::Diamonds) => 2,
            (SuitOrder::Shdc, Suit::Diamonds) | (SuitOrder::Sdhc, Suit::Hearts) => 1,
            (_, Suit::Clubs) => 0,
        }
    }
}
