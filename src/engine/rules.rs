//! Rule options and variants: one serializable [`Rules`] value per table.
//! Defaults are the classic rules (seed text 000); every other rule text's
//! variation is an option here.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use super::cards::{Card, Rank, Suit};
use crate::echo::echo;

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
                    expected: $name::ALL.iter().map(|v| v.name()).collect::<Vec<_>>().join(" | "),
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
    fn dealt(self) -> (usize, bool) {
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
    fn plan(self) -> DealPlan {
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
    fn parse(text: &str) -> Option<Turned<T>> {
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
    type Err = super::cards::CardError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        super::cards::parse_cards(&s.replace(['+', '/'], " ")).map(|cards| CardSet::of(&cards))
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

/// Every rule of a table. Serializes to JSON with these field names; a missing
/// field takes its default, so stored rules stay readable when options are added.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Rules {
    pub variant: Variant,
    /// Ante every seat pays; also the starting stake.
    pub boot: Chips,
    pub a23: A23,
    pub pure_sequence_beats_trio: bool,
    /// 2-3-5 counts as the top sequence (deuce-to-five high).
    pub langdi: bool,
    pub show_tie: ShowTie,
    pub suit_order: SuitOrder,
    /// Largest seen bet (chaal); a blind bet is capped at half of it.
    pub chaal_limit: Option<Chips>,
    /// When a bet makes the pot reach this, every remaining hand is shown.
    pub pot_limit: Option<Chips>,
    /// After this many blind bets a player must see before betting again.
    pub blind_turn_limit: Option<u32>,
    pub show_cost: ShowCost,
    /// A seen player may show against a blind one (for four times the stake).
    pub seen_can_show_blind: bool,
    /// `see` is allowed only on your own turn.
    pub see_on_turn_only: bool,
    pub sideshow_order: SideshowOrder,
    pub bet_structure: BetStructure,
    pub agreed_split: AgreedSplit,
    /// Under `bet_structure=spread` or `spread_raise`: the spread.
    pub spread_limit: Option<Chips>,
    pub ante: AnteForm,
    pub blinds: Blinds,
    /// The (small) forced blind; none: the boot.
    pub blind_amount: Option<Chips>,
    pub deal_order: DealOrder,
    pub first_dealer: FirstDealer,
    /// A player called for a show may concede (give up the pot) without showing (001 "Show": "a player can
    /// choose not to show, if they give up the pot").
    pub show_concede: bool,
    pub after_sideshow: AfterSideshow,
    /// `pack` is allowed only on your own turn (001 "Play": "you are only allowed to see and fold your cards when
    /// it's your turn"); a bust card still packs its holder at once.
    pub pack_on_turn_only: bool,
    /// Under `ante=dealer`: a player who sat out while the ante passed their seat posts that ante to come back in
    /// (001 "Post"); one ante at most is owed, and none when the ante is theirs as they return.
    pub post: bool,
    pub high_low: HighLow,
    pub qualifier: Qualifier,
    /// A compulsory show when this many betting rounds have ended: every hand still in is shown (001: "a limit of
    /// six-to-ten rounds of betting at the end of which there is a compulsory show").
    pub max_rounds: Option<u32>,
    /// The wild-rank draw: a card turned up at the deal; every card of its rank is wild (the `joker` variant
    /// draws it whatever this says). Fixed (`joker=7`) only where the card is known: `hand rank`, scripts.
    pub joker: Turned<Rank>,
    /// The wild-suit draw: a card turned up at the deal; every card of its suit is wild.
    pub wild_suit: Turned<Suit>,
    /// The bust draw: a card turned up at the deal; a player holding a card of its rank must pack.
    pub bust: Turned<Rank>,
    /// The common card of `incomplete_common`, when known outside a hand (`hand rank`); a hand turns its own up.
    pub common: Option<Card>,
    /// Printed jokers in the pack (0 or 2), each always wild.
    pub jokers: u8,
    /// 2-A-K is a sequence, just below A-K-Q (the reading of rule text 003).
    pub k_a_2: bool,
    /// Cards dealt to each player where the variant lets it change (3 or 4; with 4 the best three count).
    pub cards: Option<u8>,
    /// The wild one-eyed cards of `kaana`.
    pub kaana_cards: CardSet,
    /// `kaana` as a round: plain hands until someone is dealt a trio; the one-eyed cards are wild from the next
    /// hand on, until a show is called against a player holding one.
    pub kaana_round: bool,
    /// Cards dealt to each player face up (stud; `None`: the variant's own number).
    pub up: Option<u8>,
    /// Community cards dealt to the middle (`None`: the variant's own number).
    pub community: Option<u8>,
    /// When the community cards are turned up (`None`: the variant's own way; at the deal but in zandu).
    pub community_turn: Option<CommunityTurn>,
    /// A hand is exactly one down card and two face-up cards (five-card stud and community's option).
    pub exact_use: bool,
    /// When players may change cards (`None`: the variant's own; `before` for `draw`, off elsewhere).
    pub draw: Option<DrawMode>,
    /// Chips a new card costs in a draw (`None`: the hand's boot).
    pub draw_price: Option<Chips>,
    /// Opening betting rounds in which nobody may look at their cards (`None`: the variant's own; zandu 1).
    pub blind_rounds: Option<u32>,
    /// Betting rounds that must end before a show or sideshow (`None`: the variant's own; zandu 3).
    pub rounds_before_show: Option<u32>,
    /// Under `dealers_choice`, the variant of a hand whose dealer does not pick in time.
    pub dealer_default: Variant,
    /// Which revision of the engine's own rules a hand plays by: a hand is replayed from its stored setup and
    /// actions for as long as it is kept (recovery, `/history`, the export), so a change of how the engine plays
    /// applies to hands dealt after it and never rewrites one dealt before ([`RULES_REVISION`]). A stored setup
    /// without the field is of revision 0; a table sets the current one at every deal.
    #[serde(default)]
    pub revision: u32,
}

/// The engine's rules revision, dealt into every new hand. Revision 1 (round 3): a payment for new cards is not
/// a bet (a pot it takes to `pot_limit` is shown down at the next bet, not at once), and under
/// `bet_structure=no_limit` a blind bet is at most half the player's stack. Revision 0 played both the old way.
pub const RULES_REVISION: u32 = 1;

impl Default for Rules {
    fn default() -> Self {
        Rules {
            variant: Variant::Classic,
            boot: 1,
            a23: A23::Highest,
            pure_sequence_beats_trio: false,
            langdi: false,
            show_tie: ShowTie::PayerLoses,
            suit_order: SuitOrder::Shdc,
            chaal_limit: None,
            pot_limit: None,
            blind_turn_limit: None,
            show_cost: ShowCost::Standard,
            sideshow_order: SideshowOrder::BetFirst,
            bet_structure: BetStructure::Fixed,
            agreed_split: AgreedSplit::Off,
            spread_limit: None,
            ante: AnteForm::Each,
            blinds: Blinds::None,
            blind_amount: None,
            deal_order: DealOrder::Rotate,
            first_dealer: FirstDealer::LastSeat,
            show_concede: false,
            after_sideshow: AfterSideshow::Next,
            seen_can_show_blind: false,
            see_on_turn_only: false,
            pack_on_turn_only: false,
            post: false,
            high_low: HighLow::Off,
            qualifier: Qualifier::None,
            max_rounds: None,
            joker: Turned::Off,
            wild_suit: Turned::Off,
            bust: Turned::Off,
            common: None,
            jokers: 0,
            k_a_2: false,
            cards: None,
            kaana_cards: one_eyed(),
            kaana_round: false,
            up: None,
            community: None,
            community_turn: None,
            exact_use: false,
            draw: None,
            draw_price: None,
            blind_rounds: None,
            rounds_before_show: None,
            dealer_default: Variant::Classic,
            revision: RULES_REVISION,
        }
    }
}

/// Every option name accepted by [`Rules::set`], with a one-line description.
pub const OPTIONS: &[(&str, &str)] = &[
    ("variant", "the game: classic, muflis, joker, ... (every variant is listed in the README and by /rules)"),
    ("boot", "ante every seat pays, and the starting stake (whole chips, at least 1)"),
    ("a23", "highest | second | lowest: where A-2-3 stands among sequences"),
    ("pure_sequence_beats_trio", "true | false"),
    ("langdi", "true | false: 2-3-5 is the top sequence"),
    ("show_tie", "payer_loses | split | suit_order: who wins a show between equal hands"),
    ("suit_order", "shdc | sdhc: suit ranking for suit_order ties (spades first)"),
    ("chaal_limit", "largest seen bet, or none (a blind bet is capped at half)"),
    ("pot_limit", "pot size that forces every remaining hand to be shown, or none"),
    ("blind_turn_limit", "blind bets allowed before a player must see, or none"),
    ("show_cost", "standard | double | current: current, the payer's own bet now (stake blind, twice it seen)"),
    ("seen_can_show_blind", "true | false: a seen player may show a blind one (4x stake)"),
    ("see_on_turn_only", "true | false: players may look at their cards only on their turn"),
    ("pack_on_turn_only", "true | false: players may pack only on their turn (leaving mid-hand too)"),
    ("sideshow_order", "bet_first | ask_first: ask first; refused, the asker still bets or packs"),
    ("after_sideshow", "next | asker_if_won: who bets after an accepted sideshow"),
    ("show_concede", "true | false: a player called for a show may give up the pot without showing"),
    ("deal_order", "rotate | winner: who deals the next hand (the last hand's winner with winner)"),
    ("bet_structure", "fixed | spread | spread_raise | pot | pot_simple | no_limit: how large a bet may be"),
    ("agreed_split", "off | refund | halve: the last two may agree to end the hand and share the pot"),
    ("spread_limit", "under a spread structure, the spread (2 to 10^12), or none"),
    ("ante", "each | dealer: every player antes the boot, or the dealer antes for all (boot x players)"),
    ("blinds", "none | single | small_big: forced blind bets left of the dealer before the first turn"),
    ("blind_amount", "the (small) forced blind, or none for the boot; a big blind is twice it"),
    ("first_dealer", "last_seat | cut: who deals a table's first hand (cut: a card each, highest deals)"),
    ("post", "true | false: under ante=dealer, a player who sat out while the ante passed them posts it to come back"),
    ("high_low", "off | cards_speak | declare: split the pot between the best high and the best low hand"),
    ("qualifier", "none | eight_or_better | any_pair_no_pair: what a hand needs to win a half of a high-low pot"),
    ("max_rounds", "betting rounds after which every hand still in is shown (a compulsory show), or none"),
    (
        "joker",
        "off | draw: a card turned up at the deal makes its rank wild (`hand rank`: the rank, 2-9, T, J, Q, K, A)",
    ),
    ("wild_suit", "off | draw: a card turned up at the deal makes its suit wild (`hand rank`: the suit, s h d c)"),
    (
        "bust",
        "off | draw: a card turned up at the deal busts its rank: a player holding one packs (`hand rank`: the rank)",
    ),
    ("common", "the common card of incomplete_common, for `hand rank` only (a hand turns its own up)"),
    ("jokers", "0 | 2: printed jokers in the pack, each always wild"),
    ("k_a_2", "true | false: 2-A-K is a sequence, just below A-K-Q"),
    ("cards", "3 | 4: cards dealt where the variant allows it (with 4 the best three count)"),
    ("kaana_cards", "the wild one-eyed cards of kaana, written Kd+Js+Jh (the default)"),
    ("kaana_round", "true | false: kaana as a round, from a dealt trio until a show against a one-eyed card"),
    ("up", "0 to 3: cards dealt to each player face up, for everyone to see (stud)"),
    ("community", "0 to 3: community cards dealt to the middle, part of every hand (zandu: wild ranks)"),
    ("community_turn", "deal | rounds: community cards turned up at the deal, or one at the end of each betting round"),
    ("exact_use", "true | false: a hand is exactly one down card and two face-up (up or community) cards"),
    ("draw", "off | before | after | rounds: change cards before or after the first betting round, or one a round"),
    ("draw_price", "chips a new card costs in a draw (default: the boot)"),
    ("blind_rounds", "opening betting rounds in which nobody may look at their cards"),
    ("rounds_before_show", "betting rounds that must end before a show or sideshow may be asked for"),
    ("dealer_default", "under dealers_choice: the variant dealt when the dealer does not pick in time"),
];

/// The options that change how hands rank: the only ones `hand rank` takes (the others would do nothing).
pub const RANKING_OPTIONS: &[&str] = &[
    "variant",
    "a23",
    "pure_sequence_beats_trio",
    "langdi",
    "joker",
    "wild_suit",
    "bust",
    "common",
    "jokers",
    "k_a_2",
    "cards",
    "kaana_cards",
    "up",
    "community",
];

/// Every spelling of a boolean option's values that [`Rules::set`] accepts.
pub const BOOL_VALUES: &str = "true | false (or yes | no, on | off, 1 | 0)";

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RulesError {
    #[error("unknown option `{}`{}; every option is listed by /rules and in the README", echo(.0), did_you_mean(.0))]
    UnknownOption(String),
    #[error("`{}` is not a valid {option}; expected {expected}", echo(value))]
    BadValue { option: String, value: String, expected: String },
    /// An item of [`Rules::set_option`] or [`Rules::set_options`] without `=`.
    #[error("`{}`: write options as name=value", echo(.0))]
    NotNameValue(String),
    /// An option that does nothing where it was given (see [`Rules::validate`]).
    #[error("`{option}` {why}")]
    NoEffect { option: &'static str, why: &'static str },
    /// Options that do not combine (see [`Rules::parts`]).
    #[error("`{option}` {why}")]
    Clash { option: &'static str, why: String },
}

/// `; did you mean `x`?` for the option nearest `name` (at most two letters off), or nothing.
fn did_you_mean(name: &str) -> String {
    fn distance(a: &str, b: &str) -> usize {
        let b: Vec<char> = b.chars().collect();
        let mut row: Vec<usize> = (0..=b.len()).collect();
        for (i, ca) in a.chars().enumerate() {
            let mut prev = row[0];
            row[0] = i + 1;
            for (j, &cb) in b.iter().enumerate() {
                let next = (prev + usize::from(ca != cb)).min(row[j] + 1).min(row[j + 1] + 1);
                prev = row[j + 1];
                row[j + 1] = next;
            }
        }
        row[b.len()]
    }
    if name.chars().count() > 40 {
        return String::new();
    }
    let best = OPTIONS.iter().map(|(o, _)| (distance(name, o), *o)).min();
    best.filter(|(d, _)| *d <= 2).map(|(_, o)| format!("; did you mean `{o}`?")).unwrap_or_default()
}

fn bad(option: &str, value: &str, expected: &str) -> RulesError {
    RulesError::BadValue { option: option.into(), value: value.into(), expected: expected.into() }
}

fn parse_bool(option: &str, value: &str) -> Result<bool, RulesError> {
    match value.trim().to_ascii_lowercase().as_str() {
        "true" | "on" | "yes" | "1" => Ok(true),
        "false" | "off" | "no" | "0" => Ok(false),
        _ => Err(bad(option, value, BOOL_VALUES)),
    }
}

/// A limit: a whole number in `min..=max`, or none. Out of range is refused
/// (never quietly lowered), and the message names the range.
fn parse_limit(option: &str, value: &str, min: u64, max: u64) -> Result<Option<u64>, RulesError> {
    let v = value.trim().to_ascii_lowercase();
    if matches!(v.as_str(), "none" | "off" | "no" | "") {
        return Ok(None);
    }
    match v.parse::<u64>() {
        Ok(n) if (min..=max).contains(&n) => Ok(Some(n)),
        _ => {
            let max = if max == MAX_AMOUNT { "10^12".to_string() } else { max.to_string() };
            Err(bad(option, value, &format!("a whole number from {min} to {max}, or none")))
        }
    }
}

/// Why a table refuses a fixed turned-up card (`joker=7`, `bust=7`, `wild_suit=h`, `common=Kd`).
pub const TURNED_IN_PLAY: &str = "fixes a turned-up card, which only `hand rank` takes: at a table the hand \
turns its own card up (`draw`; in a hand script, fix the card with a directive such as `joker CARD`)";

/// Largest boot or limit accepted: keeps every chip sum far from overflow.
pub const MAX_AMOUNT: Chips = 1_000_000_000_000;

impl Rules {
    /// A preset by variant name (`classic`, `muflis`, ...): the defaults with that variant.
    pub fn preset(name: &str) -> Result<Rules, RulesError> {
        Ok(Rules { variant: name.parse()?, ..Rules::default() })
    }

    /// The rules of one hand at a `dealers_choice` table: the dealer's `variant` with the table's other options,
    /// then `options` (`name=value` items, the dealer's own for this hand), checked as a table's rules are.
    pub fn pick(&self, variant: Variant, options: &str) -> Result<Rules, RulesError> {
        if self.variant != Variant::DealersChoice {
            return Err(RulesError::NoEffect {
                option: "variant",
                why: "is picked by the dealer only at a dealers_choice table",
            });
        }
        if variant == Variant::DealersChoice {
            return Err(bad("variant", variant.name(), "a variant to play, not dealers_choice"));
        }
        let mut rules = Rules { variant, dealer_default: Variant::Classic, ..self.clone() };
        rules.set_options(options)?;
        if rules.variant == Variant::DealersChoice {
            return Err(bad("variant", variant.name(), "a variant to play, not dealers_choice"));
        }
        // The game is the dealer's; the stakes are the table's, which every player sat down to.
        let stakes: [(&'static str, bool); 3] = [
            ("boot", rules.boot != self.boot),
            ("chaal_limit", rules.chaal_limit != self.chaal_limit),
            ("pot_limit", rules.pot_limit != self.pot_limit),
        ];
        if let Some((option, _)) = stakes.into_iter().find(|(_, changed)| *changed) {
            return Err(RulesError::NoEffect {
                option,
                why: "is a stake: the table sets it, and a dealer's pick keeps it (pick the game and its options)",
            });
        }
        rules.validate()?;
        Ok(rules)
    }

    /// The variants a dealer may pick at this `dealers_choice` table: each that combines with its other options.
    pub fn pickable(&self) -> Vec<Variant> {
        Variant::playable().filter(|&v| self.pick(v, "").is_ok()).collect()
    }

    /// Sets one option by name, as written in a hand script, `/config` or `--set`.
    pub fn set(&mut self, option: &str, value: &str) -> Result<(), RulesError> {
        let option = option.trim().to_ascii_lowercase().replace('-', "_");
        match option.as_str() {
            "variant" => self.variant = value.parse()?,
            "boot" => {
                self.boot = match value.trim().parse::<Chips>() {
                    Ok(n) if (1..=MAX_AMOUNT).contains(&n) => n,
                    _ => return Err(bad("boot", value, "a whole number from 1 to 10^12")),
                }
            }
            "a23" => self.a23 = value.parse()?,
            "pure_sequence_beats_trio" => self.pure_sequence_beats_trio = parse_bool(&option, value)?,
            "langdi" => self.langdi = parse_bool(&option, value)?,
            "show_tie" => self.show_tie = value.parse()?,
            "suit_order" => self.suit_order = value.parse()?,
            "chaal_limit" => self.chaal_limit = parse_limit(&option, value, 2, MAX_AMOUNT)?,
            "pot_limit" => self.pot_limit = parse_limit(&option, value, 1, MAX_AMOUNT)?,
            "blind_turn_limit" => {
                self.blind_turn_limit = parse_limit(&option, value, 0, u64::from(u32::MAX))?.map(|n| n as u32)
            }
            "show_cost" => self.show_cost = value.parse()?,
            "sideshow_order" => self.sideshow_order = value.parse()?,
            "bet_structure" => self.bet_structure = value.parse()?,
            "agreed_split" => self.agreed_split = value.parse()?,
            "spread_limit" => self.spread_limit = parse_limit(&option, value, 2, MAX_AMOUNT)?,
            "ante" => self.ante = value.parse()?,
            "post" => self.post = parse_bool(&option, value)?,
            "high_low" => self.high_low = value.parse()?,
            "qualifier" => self.qualifier = value.parse()?,
            "max_rounds" => self.max_rounds = parse_limit(&option, value, 1, 100)?.map(|n| n as u32),
            "blinds" => self.blinds = value.parse()?,
            "blind_amount" => {
                self.blind_amount = match value.trim().to_ascii_lowercase().as_str() {
                    "boot" | "default" | "none" | "" => None,
                    _ => match value.trim().parse::<Chips>() {
                        Ok(n) if (1..=MAX_AMOUNT).contains(&n) => Some(n),
                        _ => return Err(bad("blind_amount", value, "a whole number from 1 to 10^12, or boot")),
                    },
                }
            }
            "deal_order" => self.deal_order = value.parse()?,
            "first_dealer" => self.first_dealer = value.parse()?,
            "show_concede" => self.show_concede = parse_bool(&option, value)?,
            "after_sideshow" => self.after_sideshow = value.parse()?,
            "seen_can_show_blind" => self.seen_can_show_blind = parse_bool(&option, value)?,
            "see_on_turn_only" => self.see_on_turn_only = parse_bool(&option, value)?,
            "pack_on_turn_only" => self.pack_on_turn_only = parse_bool(&option, value)?,
            "joker" => {
                self.joker = Turned::parse(value)
                    .ok_or_else(|| bad("joker", value, "off, draw or a rank (2-9, T, J, Q, K, A)"))?
            }
            "wild_suit" => {
                self.wild_suit =
                    Turned::parse(value).ok_or_else(|| bad("wild_suit", value, "off, draw or a suit (s, h, d, c)"))?
            }
            "bust" => {
                self.bust = Turned::parse(value)
                    .ok_or_else(|| bad("bust", value, "off, draw or a rank (2-9, T, J, Q, K, A)"))?
            }
            "common" => {
                let v = value.trim();
                self.common = match v.to_ascii_lowercase().as_str() {
                    "none" | "off" | "" => None,
                    _ => match v.parse::<Card>() {
                        Ok(c) => Some(c),
                        _ => return Err(bad("common", value, "a card (As, Kd, 10c, Xb ...) or none")),
                    },
                }
            }
            "jokers" => {
                self.jokers = match value.trim() {
                    "0" => 0,
                    "2" => 2,
                    _ => return Err(bad("jokers", value, "0 or 2")),
                }
            }
            "k_a_2" => self.k_a_2 = parse_bool(&option, value)?,
            "cards" => {
                self.cards = match value.trim().to_ascii_lowercase().as_str() {
                    "none" | "default" | "" => None,
                    n => match n.parse::<u8>() {
                        Ok(n @ 1..=5) => Some(n),
                        _ => return Err(bad("cards", value, "1 to 5 (a hand is 3 to 5 cards with up and community)")),
                    },
                }
            }
            "up" | "community" => {
                let n = match value.trim().to_ascii_lowercase().as_str() {
                    "none" | "default" | "" => None,
                    n => match n.parse::<u8>() {
                        Ok(n @ 0..=3) => Some(n),
                        _ => return Err(bad(&option, value, "0 to 3")),
                    },
                };
                if option == "up" {
                    self.up = n;
                } else {
                    self.community = n;
                }
            }
            "community_turn" => self.community_turn = Some(value.parse()?),
            "exact_use" => self.exact_use = parse_bool(&option, value)?,
            "draw" => self.draw = Some(value.parse()?),
            "draw_price" => {
                self.draw_price = match value.trim().to_ascii_lowercase().as_str() {
                    "boot" | "default" | "" => None,
                    _ => match value.trim().parse::<Chips>() {
                        Ok(n) if n <= MAX_AMOUNT => Some(n),
                        _ => return Err(bad("draw_price", value, "a whole number from 0 to 10^12, or boot")),
                    },
                }
            }
            "blind_rounds" => {
                self.blind_rounds = parse_limit(&option, value, 0, 10)?.map(|n| n as u32);
            }
            "rounds_before_show" => {
                self.rounds_before_show = parse_limit(&option, value, 0, 10)?.map(|n| n as u32);
            }
            "dealer_default" => {
                self.dealer_default = match value.parse()? {
                    Variant::DealersChoice => {
                        return Err(bad("dealer_default", value, "a variant other than dealers_choice"))
                    }
                    v => v,
                }
            }
            "kaana_cards" => {
                self.kaana_cards = match value.parse::<CardSet>() {
                    Ok(set) if set.mask() != 0 && set.cards().iter().all(|c| !c.is_joker()) => set,
                    _ => return Err(bad("kaana_cards", value, "one or more cards written Kd+Js+Jh")),
                }
            }
            "kaana_round" => self.kaana_round = parse_bool(&option, value)?,
            _ => return Err(RulesError::UnknownOption(option)),
        }
        Ok(())
    }

    /// Sets one option written as `name=value` (`--set langdi=true`).
    pub fn set_option(&mut self, item: &str) -> Result<(), RulesError> {
        let (name, value) = item.split_once('=').ok_or_else(|| RulesError::NotNameValue(item.to_string()))?;
        self.set(name, value)
    }

    /// Sets every `name=value` option of `text`, the items separated by
    /// spaces, commas or semicolons (`show_tie=split, langdi=true`). Stops at
    /// the first bad item; the options before it stay set.
    pub fn set_options(&mut self, text: &str) -> Result<(), RulesError> {
        text.split([' ', ',', ';']).filter(|item| !item.trim().is_empty()).try_for_each(|item| self.set_option(item))
    }

    /// Checks the rules of a table to be played, as `/table open`, `/config set` and hand scripts all do (each
    /// option is valid alone by construction): the parts must combine ([`Rules::parts`]), a chaal limit must
    /// allow at least the first seen bet, and no turned-up card may be fixed (only `hand rank` takes one: a
    /// hand turns its own up).
    pub fn validate(&self) -> Result<(), RulesError> {
        let fixed = [
            ("joker", self.joker.fixed().is_some()),
            ("wild_suit", self.wild_suit.fixed().is_some()),
            ("bust", self.bust.fixed().is_some()),
            ("common", self.common.is_some()),
        ];
        if let Some((option, _)) = fixed.into_iter().find(|(_, set)| *set) {
            return Err(RulesError::NoEffect { option, why: TURNED_IN_PLAY });
        }
        let parts = self.parts()?;
        let boot = self.boot.saturating_mul(parts.boot_factor);
        if boot > MAX_AMOUNT {
            return Err(RulesError::BadValue {
                option: "boot".into(),
                value: self.boot.to_string(),
                expected: format!(
                    "at most {} under {} (each hand's boot is {} times it)",
                    MAX_AMOUNT / parts.boot_factor,
                    self.variant,
                    parts.boot_factor
                ),
            });
        }
        let spread = matches!(self.bet_structure, BetStructure::Spread | BetStructure::SpreadRaise);
        if spread != self.spread_limit.is_some() {
            return Err(RulesError::Clash {
                option: "spread_limit",
                why: "goes with bet_structure=spread or spread_raise, and they need it".to_string(),
            });
        }
        if let Some(limit) = self.chaal_limit {
            if limit < 2 * boot {
                return Err(RulesError::BadValue {
                    option: "chaal_limit".into(),
                    value: limit.to_string(),
                    expected: format!("at least twice the boot ({})", 2 * boot),
                });
            }
        }
        Ok(())
    }

    /// Three cards dealt and ranked by the classic order, with nothing wild, turned up or bust (classic or
    /// muflis without further options): what the fast paths of ranking take.
    #[inline]
    pub fn is_plain_three(&self) -> bool {
        matches!(self.variant, Variant::Classic | Variant::Muflis)
            && self.jokers == 0
            && self.joker.is_off()
            && self.wild_suit.is_off()
            && self.bust.is_off()
            && matches!(self.cards, None | Some(3))
            // Refused together (`parts`): the fast path must refuse them too.
            && !(self.k_a_2 && self.a23 == A23::Second)
    }

    /// What a hand under these rules deals, turns up and pays: the variant's preset with the options applied,
    /// or why they do not combine. Under `dealers_choice`, the parts of its default pick (`dealer_default`).
    pub fn parts(&self) -> Result<Parts, RulesError> {
        let clash = |option: &'static str, why: &str| Err(RulesError::Clash { option, why: why.to_string() });
        if self.variant == Variant::DealersChoice {
            if self.dealer_default == Variant::DealersChoice {
                return clash("dealer_default", "must name a variant other than dealers_choice");
            }
            return Rules { variant: self.dealer_default, dealer_default: Variant::Classic, ..self.clone() }.parts();
        }
        if self.dealer_default != Variant::Classic {
            return clash("dealer_default", "is an option of the dealers_choice variant");
        }
        let v = self.variant;
        let (dealt, may_change) = v.dealt();
        let mut plan = v.plan();
        // Classic-family variants and the stud and community games take a made-up plan: other down, up and
        // community numbers, a hand of three to five cards.
        let flexible = may_change || (plan.up + plan.shared() > 0 && v != Variant::IncompleteCommon);
        plan.down = match self.cards {
            Some(n) if !flexible && usize::from(n) != dealt => {
                return Err(RulesError::Clash { option: "cards", why: format!("{v} deals {dealt} cards") })
            }
            Some(n) => usize::from(n),
            None => dealt,
        };
        for (option, value, own) in [("up", self.up, &mut plan.up), ("community", self.community, &mut plan.community)]
        {
            match value {
                Some(n) if !flexible && usize::from(n) != *own => {
                    return Err(RulesError::Clash {
                        option,
                        why: format!("{v} deals {own} {option} cards: its deal is its own"),
                    })
                }
                Some(n) => *own = usize::from(n),
                None => {}
            }
        }
        if flexible && !(3..=5).contains(&plan.hand_cards()) {
            return Err(RulesError::Clash {
                option: "cards",
                why: format!(
                    "makes a hand of {} cards (down {}, up {}, community {}): a hand is 3 to 5 cards",
                    plan.hand_cards(),
                    plan.down,
                    plan.up,
                    plan.shared()
                ),
            });
        }
        if let Some(turn) = self.community_turn {
            if plan.community == 0 {
                return clash("community_turn", "needs community cards (community=1 to 3)");
            }
            plan.community_turn = turn;
        }
        plan.exact_use = self.exact_use;
        if self.exact_use && (plan.down == 0 || plan.up + plan.shared() < 2 || plan.hand_cards() == 3) {
            return clash(
                "exact_use",
                "needs a hand of more than three cards, two or more of them face up (five_card_stud)",
            );
        }
        if let Some(draw) = self.draw {
            plan.draw = draw;
        }
        plan.draw_price = self.draw_price;
        if self.draw_price.is_some() && plan.draw == DrawMode::Off {
            return clash("draw_price", "is the price of a new card in a draw (set draw=before, after or rounds)");
        }
        if let Some(n) = self.blind_rounds {
            plan.blind_rounds = n;
        }
        // Shows wait for the board: hands are compared only once every community card is up.
        let board_out = if plan.community_turn == CommunityTurn::Rounds { plan.community as u32 } else { 0 };
        match self.rounds_before_show {
            Some(n) if n < board_out => {
                return Err(RulesError::Clash {
                    option: "rounds_before_show",
                    why: format!("must be at least {board_out}: hands are compared only once the community is up"),
                })
            }
            Some(n) => plan.rounds_before_show = n,
            None => plan.rounds_before_show = plan.rounds_before_show.max(board_out),
        }
        let joker = match (v, self.joker) {
            (Variant::Joker, Turned::Off) => Turned::Draw,
            (_, j) => j,
        };
        let wild_sources = !joker.is_off() || !self.wild_suit.is_off() || self.jokers > 0;
        if matches!(v, Variant::TwoLowestWild | Variant::KissMissBliss) && (wild_sources || self.kaana_round) {
            return clash(
                "variant",
                &format!(
                    "{v} makes its own wild cards from pairs; it takes no other wild cards (joker, wild_suit, jokers)"
                ),
            );
        }
        if matches!(v, Variant::HighWild | Variant::LowWild) && !joker.is_off() {
            return clash(
                "joker",
                &format!("{v} makes each player's own rank wild; a drawn wild rank cannot be added"),
            );
        }
        if plan.forehead {
            let seeing = [
                ("joker", !joker.is_off()),
                ("wild_suit", !self.wild_suit.is_off()),
                ("jokers", self.jokers > 0),
                ("bust", !self.bust.is_off()),
                ("blind_turn_limit", self.blind_turn_limit.is_some()),
                ("see_on_turn_only", self.see_on_turn_only),
                ("draw", plan.draw != DrawMode::Off),
                ("blind_rounds", plan.blind_rounds > 0),
            ];
            if let Some((option, _)) = seeing.into_iter().find(|(_, on)| *on) {
                return clash(option, "does not combine with cobra: one plain card each, which its holder never sees");
            }
        }
        if plan.draw == DrawMode::Rounds && plan.blind_rounds > 0 {
            return clash("draw", "rounds changes a card in the first rounds, which blind_rounds keeps blind");
        }
        if let Some(limit) = self.blind_turn_limit.filter(|&l| l < plan.blind_rounds) {
            return Err(RulesError::Clash {
                option: "blind_turn_limit",
                why: format!("of {limit} would force a player to see in a blind round ({} blind)", plan.blind_rounds),
            });
        }
        let ordered = !matches!(v, Variant::Blackjack | Variant::Nines | Variant::Cobra);
        if !ordered {
            for (option, differs) in [
                ("a23", self.a23 != A23::default()),
                ("pure_sequence_beats_trio", self.pure_sequence_beats_trio),
                ("langdi", self.langdi),
                ("k_a_2", self.k_a_2),
            ] {
                if differs {
                    return clash(option, &format!("orders sequences, and {v} has none"));
                }
            }
        }
        if self.k_a_2 && self.a23 == A23::Second {
            return clash("k_a_2", "ranks 2-A-K just below A-K-Q, where a23=second puts A-2-3: choose one");
        }
        if self.common.is_some() && v != Variant::IncompleteCommon {
            return clash("common", "is the common card of incomplete_common");
        }
        if self.common.is_some_and(|c| c.is_joker()) && self.jokers == 0 {
            return clash("common", "is a printed joker, and these rules play without them (set jokers=2)");
        }
        if v == Variant::IncompleteOne && self.pure_sequence_beats_trio {
            return clash(
                "pure_sequence_beats_trio",
                "would make every incomplete_one hand the top pure sequence: the variant makes a trio of the dealt rank",
            );
        }
        if v != Variant::Kaana && (self.kaana_round || self.kaana_cards != one_eyed()) {
            let option = if self.kaana_round { "kaana_round" } else { "kaana_cards" };
            return clash(option, "is an option of the kaana variant");
        }
        if self.high_low != HighLow::Off {
            if !ordered || v == Variant::Muflis {
                return Err(RulesError::Clash {
                    option: "high_low",
                    why: format!(
                        "splits a pot between the classic order's high and low hands, and {v} ranks otherwise"
                    ),
                });
            }
            if self.show_concede {
                return clash(
                    "show_concede",
                    "does not combine with high_low: its show is every hand's, nobody is called alone",
                );
            }
        } else if self.qualifier != Qualifier::None {
            return clash("qualifier", "qualifies a hand for a half of a high-low pot (set high_low)");
        }
        if self.post && (self.ante != AnteForm::Dealer || self.deal_order != DealOrder::Rotate) {
            return clash(
                "post",
                "is owed for an ante missed as it went round: it needs ante=dealer with deal_order=rotate",
            );
        }
        if let Some(max) = self.max_rounds.filter(|&m| m <= plan.rounds_before_show) {
            return Err(RulesError::Clash {
                option: "max_rounds",
                why: format!(
                    "of {max} would force a show before one may be asked for (rounds_before_show is {})",
                    plan.rounds_before_show
                ),
            });
        }
        let imagined = match v {
            Variant::IncompleteTwo | Variant::IncompleteCommon => 1,
            Variant::IncompleteOne => 2,
            _ => 0,
        };
        let suit_ties =
            matches!(v, Variant::IncompleteTwo | Variant::IncompleteOne | Variant::IncompleteCommon | Variant::Cobra);
        Ok(Parts {
            plan,
            imagined,
            jokers: usize::from(self.jokers),
            joker,
            wild_suit: self.wild_suit,
            bust: self.bust,
            boot_factor: if v == Variant::FourXBoot { 4 } else { 1 },
            suit_ties,
            kaana: v == Variant::Kaana,
        })
    }

    /// Each option with its current value, in [`OPTIONS`] order.
    pub fn describe(&self) -> Vec<(&'static str, String)> {
        let parts = self.parts();
        fn lim<T: ToString>(v: &Option<T>) -> String {
            v.as_ref().map_or_else(|| "none".to_string(), ToString::to_string)
        }
        vec![
            ("variant", self.variant.to_string()),
            ("boot", self.boot.to_string()),
            ("a23", self.a23.to_string()),
            ("pure_sequence_beats_trio", self.pure_sequence_beats_trio.to_string()),
            ("langdi", self.langdi.to_string()),
            ("show_tie", self.show_tie.to_string()),
            ("suit_order", self.suit_order.to_string()),
            ("chaal_limit", lim(&self.chaal_limit)),
            ("pot_limit", lim(&self.pot_limit)),
            ("blind_turn_limit", lim(&self.blind_turn_limit)),
            ("show_cost", self.show_cost.to_string()),
            ("seen_can_show_blind", self.seen_can_show_blind.to_string()),
            ("see_on_turn_only", self.see_on_turn_only.to_string()),
            ("pack_on_turn_only", self.pack_on_turn_only.to_string()),
            ("sideshow_order", self.sideshow_order.to_string()),
            ("after_sideshow", self.after_sideshow.to_string()),
            ("show_concede", self.show_concede.to_string()),
            ("deal_order", self.deal_order.to_string()),
            ("bet_structure", self.bet_structure.to_string()),
            ("agreed_split", self.agreed_split.to_string()),
            ("spread_limit", self.spread_limit.map_or("none".to_string(), |n| n.to_string())),
            ("ante", self.ante.to_string()),
            ("blinds", self.blinds.to_string()),
            ("blind_amount", self.blind_amount.map_or("boot".to_string(), |b| b.to_string())),
            ("first_dealer", self.first_dealer.to_string()),
            ("post", self.post.to_string()),
            ("high_low", self.high_low.to_string()),
            ("qualifier", self.qualifier.to_string()),
            ("max_rounds", lim(&self.max_rounds)),
            ("joker", parts.as_ref().map_or(self.joker, |p| p.joker).to_string()),
            ("wild_suit", self.wild_suit.to_string()),
            ("bust", self.bust.to_string()),
            ("common", lim(&self.common)),
            ("jokers", self.jokers.to_string()),
            ("k_a_2", self.k_a_2.to_string()),
            ("cards", parts.as_ref().map_or_else(|_| lim(&self.cards), |p| p.plan.down.to_string())),
            ("kaana_cards", self.kaana_cards.to_string()),
            ("kaana_round", self.kaana_round.to_string()),
            ("up", parts.as_ref().map_or_else(|_| lim(&self.up), |p| p.plan.up.to_string())),
            ("community", parts.as_ref().map_or_else(|_| lim(&self.community), |p| p.plan.community.to_string())),
            (
                "community_turn",
                parts.as_ref().map_or_else(|_| lim(&self.community_turn), |p| p.plan.community_turn.to_string()),
            ),
            ("exact_use", self.exact_use.to_string()),
            ("draw", parts.as_ref().map_or_else(|_| lim(&self.draw), |p| p.plan.draw.to_string())),
            ("draw_price", self.draw_price.map_or_else(|| "boot".to_string(), |n| n.to_string())),
            (
                "blind_rounds",
                parts.as_ref().map_or_else(|_| lim(&self.blind_rounds), |p| p.plan.blind_rounds.to_string()),
            ),
            (
                "rounds_before_show",
                parts
                    .as_ref()
                    .map_or_else(|_| lim(&self.rounds_before_show), |p| p.plan.rounds_before_show.to_string()),
            ),
            ("dealer_default", self.dealer_default.to_string()),
        ]
    }

    /// Cards dealt to each player face down (3 when the rules do not combine: [`Rules::validate`] refuses
    /// those before any hand is dealt).
    pub fn cards_per_player(&self) -> usize {
        self.parts().map_or(3, |p| p.plan.hand_cards())
    }
}

/// What a hand under these rules deals, turns up and pays under some [`Rules`] ([`Rules::parts`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Parts {
    /// How the cards are dealt and turned up, and the phases of play.
    pub plan: DealPlan,
    /// Cards each player imagines: wild cards every hand has.
    pub imagined: u8,
    /// Printed jokers in the pack (always wild).
    pub jokers: usize,
    pub joker: Turned<Rank>,
    pub wild_suit: Turned<Suit>,
    pub bust: Turned<Rank>,
    /// Each hand's boot is the table's times this (4x_boot).
    pub boot_factor: Chips,
    /// Equal hands at a show go by suits (the incomplete variations, "suit rules apply"; cobra).
    pub suit_ties: bool,
    /// The one-eyed cards (`kaana_cards`) are wild.
    pub kaana: bool,
}

impl Parts {
    /// Which draws the deal turns up after the community cards, in [`Board`](super::hand::Board) order: the
    /// wild-rank draw, the wild-suit draw, the bust draw.
    pub fn draws(&self) -> [bool; 3] {
        [self.joker == Turned::Draw, self.wild_suit == Turned::Draw, self.bust == Turned::Draw]
    }

    /// Cards dealt to the middle: the community cards and each drawn card.
    pub fn middle(&self) -> usize {
        self.plan.community + self.draws().iter().filter(|&&on| on).count()
    }

    /// The cards in the pack.
    pub fn deck_size(&self) -> usize {
        52 + self.jokers
    }

    /// The most players the pack deals to: every player's cards, then the cards in the middle (a printed joker
    /// turned up by a draw is put aside and the next card turned, so each joker may cost one card more), at
    /// most 10.
    pub fn max_seats(&self) -> usize {
        let draws = self.middle() - self.plan.community;
        let public = self.middle() + if draws > 0 { self.jokers } else { 0 };
        ((self.deck_size() - public) / self.plan.per_player().max(1)).min(10)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn set_every_option_and_round_trip_json() {
        let mut r = Rules::default();
        for (name, value) in [
            ("variant", "muflis"),
            ("boot", "5"),
            ("a23", "second"),
            ("pure_sequence_beats_trio", "true"),
            ("langdi", "on"),
            ("show_tie", "split"),
            ("suit_order", "sdhc"),
            ("chaal_limit", "64"),
            ("pot_limit", "1000"),
            ("blind_turn_limit", "3"),
            ("show_cost", "double"),
            ("seen_can_show_blind", "yes"),
            ("see_on_turn_only", "true"),
            ("pack_on_turn_only", "true"),
            ("sideshow_order", "ask_first"),
            ("after_sideshow", "asker_if_won"),
            ("show_concede", "true"),
            ("deal_order", "winner"),
            ("bet_structure", "pot"),
            ("agreed_split", "refund"),
            ("spread_limit", "1000"),
            ("ante", "dealer"),
            ("blinds", "single"),
            ("blind_amount", "10"),
            ("first_dealer", "cut"),
            ("joker", "7"),
        ] {
            r.set(name, value).unwrap();
        }
        assert_eq!(r.variant, Variant::Muflis);
        assert_eq!(r.chaal_limit, Some(64));
        assert_eq!(r.describe().len(), OPTIONS.len());
        let json = serde_json::to_string(&r).unwrap();
        let back: Rules = serde_json::from_str(&json).unwrap();
        assert_eq!(back, r);
        let partial: Rules = serde_json::from_str(r#"{"variant":"ak47"}"#).unwrap();
        // A stored setup without a revision was dealt before revisions were kept: revision 0.
        assert_eq!(partial, Rules { variant: Variant::Ak47, revision: 0, ..Rules::default() });
        assert_eq!(Rules::default().revision, RULES_REVISION);
    }

    #[test]
    fn limits_name_their_range_and_are_never_quietly_lowered() {
        let mut r = Rules::default();
        let e = r.set("chaal_limit", "1").unwrap_err().to_string();
        assert!(e.contains("from 2 to 10^12"), "{e}");
        let e = r.set("blind_turn_limit", "-1").unwrap_err().to_string();
        assert!(e.contains("from 0 to"), "{e}");
        r.set("blind_turn_limit", "0").unwrap();
        assert_eq!(r.blind_turn_limit, Some(0));
        for (option, value) in [("chaal_limit", "18446744073709551615"), ("pot_limit", "1000000000001")] {
            let e = r.set(option, value).unwrap_err().to_string();
            assert!(e.contains("to 10^12"), "{option}={value}: {e}");
        }
        r.set("pot_limit", "1000000000000").unwrap();
        assert_eq!(r.pot_limit, Some(MAX_AMOUNT));
    }

    #[test]
    fn bad_options_are_clear() {
        let mut r = Rules::default();
        assert!(matches!(r.set("nope", "1"), Err(RulesError::UnknownOption(_))));
        assert!(r.set("jokr", "draw").unwrap_err().to_string().contains("did you mean `joker`?"));
        let e = r.set("show_tie", "coin_flip").unwrap_err().to_string();
        assert!(e.contains("payer_loses | split | suit_order"), "{e}");
        assert!(r.set("boot", "-3").is_err());
        assert!(r.set("boot", "0").is_err());
        assert!(r.set("chaal_limit", "1").is_err());
        r.set("pot_limit", "none").unwrap();
        assert_eq!(r, Rules::default());
    }

    #[test]
    fn name_value_options() {
        let mut r = Rules::default();
        r.set_options("show_tie=split langdi=true,chaal_limit=64;; boot=2 ").unwrap();
        assert_eq!(
            r,
            Rules { show_tie: ShowTie::Split, langdi: true, chaal_limit: Some(64), boot: 2, ..Rules::default() }
        );
        r.set_option("variant=muflis").unwrap();
        assert_eq!(r.variant, Variant::Muflis);
        r.set_options("").unwrap();
        let e = r.set_options("langdi=false split").unwrap_err();
        assert_eq!(e, RulesError::NotNameValue("split".into()));
        assert_eq!(e.to_string(), "`split`: write options as name=value");
        assert!(!r.langdi, "the items before the bad one are set");
        assert!(matches!(r.set_option("nonsense=1"), Err(RulesError::UnknownOption(_))));
        assert!(matches!(r.set_option("langdi=maybe"), Err(RulesError::BadValue { .. })));
        assert_eq!(r.set_option("langdi"), Err(RulesError::NotNameValue("langdi".into())));
    }

    #[test]
    fn chaal_limit_must_allow_the_first_seen_bet() {
        let mut r = Rules::default();
        r.set("boot", "10").unwrap();
        r.set("chaal_limit", "15").unwrap();
        assert!(r.validate().unwrap_err().to_string().contains("at least twice the boot (20)"));
        r.set("chaal_limit", "20").unwrap();
        assert_eq!(r.validate(), Ok(()));
    }

    #[test]
    fn suit_orders() {
        assert!(SuitOrder::Shdc.strength(Suit::Hearts) > SuitOrder::Shdc.strength(Suit::Diamonds));
        assert!(SuitOrder::Sdhc.strength(Suit::Diamonds) > SuitOrder::Sdhc.strength(Suit::Hearts));
    }
}
