//! Why rules are refused ([`RulesError`]): typed reasons, each naming its message of the catalogue
//! (`locales/*/teenpatti.ftl`, ids `rules-*`), so a refusal reads in the reader's language; its `Display` is the
//! English message (the command-line tools and the logs).

use super::Variant;
use crate::echo::echo;
use crate::i18n::Msg;

/// Rules refused: an option unknown, a value it does not take, or options that do not combine.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{}", self.msg())]
pub enum RulesError {
    /// An option nobody knows (its name as written, lower-cased; echoed when shown).
    UnknownOption(String),
    BadValue {
        option: String,
        value: String,
        expected: Expected,
    },
    /// An item of [`Rules::set_option`](super::Rules::set_option) or
    /// [`Rules::set_options`](super::Rules::set_options) without `=`.
    NotNameValue(String),
    /// An option that does nothing where it was given (see [`Rules::validate`](super::Rules::validate)).
    NoEffect {
        option: &'static str,
        why: Why,
    },
    /// A `dealers_choice` table's own rules dealt as a hand's: a hand deals the game its dealer picked
    /// ([`Rules::pick`](super::Rules::pick)).
    DealersChoiceDealt,
    /// Options that do not combine (see [`Rules::parts`](super::Rules::parts)).
    Clash {
        option: &'static str,
        why: Why,
    },
}

/// What an option takes, said when a value is refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Expected {
    /// One of these values (written as `a | b | c`).
    OneOf(String),
    /// A whole number in a range (the top written `10^12` when it is the largest amount).
    Whole { min: u64, max: u64 },
    /// A whole number in a range, or `none`.
    WholeOrNone { min: u64, max: u64 },
    /// A whole number in a range, or `boot`.
    WholeOrBoot { min: u64, max: u64 },
    /// `min to max`: a count of cards.
    Span { min: u64, max: u64 },
    /// One of two numbers.
    Either { a: u64, b: u64 },
    /// `true | false` and their other spellings.
    Bool,
    /// `off`, `draw` or a rank.
    TurnedRank,
    /// `off`, `draw` or a suit.
    TurnedSuit,
    /// A card or `none`.
    CardOrNone,
    /// Cards written `Kd+Js+Jh`.
    CardList,
    /// Down cards: 1 to 5.
    DownCards,
    /// A variant other than `dealers_choice` (its default pick).
    NotDealersChoice,
    /// A variant to play (a dealer's pick).
    VariantToPlay,
    /// A boot a variant that multiplies it can still pay.
    BootUnder { max: u64, variant: Variant, factor: u64 },
    /// A chaal limit of at least twice the boot.
    TwiceBoot { min: u64 },
}

/// Why an option does nothing or does not combine: said after the option's name.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Why {
    DealerPicksVariant,
    Stake,
    TurnedInPlay,
    SpreadLimit,
    DealerDefaultNotDealersChoice,
    DealerDefaultOnly,
    Deals { variant: Variant, cards: usize },
    OwnDeal { variant: Variant, cards: usize, option: &'static str },
    HandSize { cards: usize, down: usize, up: usize, community: usize },
    CommunityTurn,
    ExactUse,
    DrawPrice,
    ShowAfterBoard { min: u32 },
    OwnWilds { variant: Variant },
    OwnRankWild { variant: Variant },
    Cobra,
    DrawRoundsBlind,
    BlindTurnLimit { limit: u32, blind: u32 },
    NoSequences { variant: Variant },
    KA2,
    CommonOnly,
    CommonJoker,
    IncompleteOnePure,
    KaanaOnly,
    HighLowOrder { variant: Variant },
    ShowConcedeHighLow,
    Qualifier,
    Post,
    MaxRounds { max: u32, before: u32 },
}

impl RulesError {
    /// The refusal's message of the catalogue.
    pub fn msg(&self) -> Msg {
        match self {
            RulesError::UnknownOption(name) => match super::options::nearest(name) {
                Some(near) => Msg::new("rules-unknown-option-near").arg("option", echo(name)).arg("near", near),
                None => Msg::new("rules-unknown-option").arg("option", echo(name)),
            },
            RulesError::BadValue { option, value, expected } => Msg::new("rules-bad-value")
                .arg("value", echo(value))
                .arg("option", option)
                .msg("expected", expected.msg()),
            RulesError::NotNameValue(item) => Msg::new("rules-not-name-value").arg("item", echo(item)),
            RulesError::NoEffect { option, why } | RulesError::Clash { option, why } => {
                Msg::new("rules-option-why").arg("option", option).msg("why", why.msg())
            }
            RulesError::DealersChoiceDealt => Msg::new("rules-dealers-choice-dealt"),
        }
    }
}

/// The largest amount written as the README writes it.
fn top(max: u64) -> String {
    if max == super::MAX_AMOUNT {
        "10^12".to_string()
    } else {
        max.to_string()
    }
}

impl Expected {
    pub fn msg(&self) -> Msg {
        match *self {
            Expected::OneOf(ref values) => Msg::new("rules-expected-one-of").arg("values", values),
            Expected::Whole { min, max } => Msg::new("rules-expected-whole").arg("min", min).arg("max", top(max)),
            Expected::WholeOrNone { min, max } => {
                Msg::new("rules-expected-whole-or-none").arg("min", min).arg("max", top(max))
            }
            Expected::WholeOrBoot { min, max } => {
                Msg::new("rules-expected-whole-or-boot").arg("min", min).arg("max", top(max))
            }
            Expected::Span { min, max } => Msg::new("rules-expected-span").arg("min", min).arg("max", max),
            Expected::Either { a, b } => Msg::new("rules-expected-either").arg("a", a).arg("b", b),
            Expected::Bool => Msg::new("rules-expected-bool"),
            Expected::TurnedRank => Msg::new("rules-expected-turned-rank"),
            Expected::TurnedSuit => Msg::new("rules-expected-turned-suit"),
            Expected::CardOrNone => Msg::new("rules-expected-card-or-none"),
            Expected::CardList => Msg::new("rules-expected-card-list"),
            Expected::DownCards => Msg::new("rules-expected-down-cards"),
            Expected::NotDealersChoice => Msg::new("rules-expected-not-dealers-choice"),
            Expected::VariantToPlay => Msg::new("rules-expected-variant-to-play"),
            Expected::BootUnder { max, variant, factor } => {
                Msg::new("rules-expected-boot-under").arg("max", max).arg("variant", variant).arg("factor", factor)
            }
            Expected::TwiceBoot { min } => Msg::new("rules-expected-twice-boot").arg("min", min),
        }
    }
}

impl Why {
    pub fn msg(&self) -> Msg {
        let m = Msg::new;
        match *self {
            Why::DealerPicksVariant => m("rules-why-dealer-picks-variant"),
            Why::Stake => m("rules-why-stake"),
            Why::TurnedInPlay => m("rules-why-turned-in-play"),
            Why::SpreadLimit => m("rules-why-spread-limit"),
            Why::DealerDefaultNotDealersChoice => m("rules-why-dealer-default-not-dealers-choice"),
            Why::DealerDefaultOnly => m("rules-why-dealer-default-only"),
            Why::Deals { variant, cards } => m("rules-why-deals").arg("variant", variant).arg("cards", cards),
            Why::OwnDeal { variant, cards, option } => {
                m("rules-why-own-deal").arg("variant", variant).arg("cards", cards).arg("option", option)
            }
            Why::HandSize { cards, down, up, community } => {
                m("rules-why-hand-size").arg("cards", cards).arg("down", down).arg("up", up).arg("community", community)
            }
            Why::CommunityTurn => m("rules-why-community-turn"),
            Why::ExactUse => m("rules-why-exact-use"),
            Why::DrawPrice => m("rules-why-draw-price"),
            Why::ShowAfterBoard { min } => m("rules-why-show-after-board").arg("min", min),
            Why::OwnWilds { variant } => m("rules-why-own-wilds").arg("variant", variant),
            Why::OwnRankWild { variant } => m("rules-why-own-rank-wild").arg("variant", variant),
            Why::Cobra => m("rules-why-cobra"),
            Why::DrawRoundsBlind => m("rules-why-draw-rounds-blind"),
            Why::BlindTurnLimit { limit, blind } => {
                m("rules-why-blind-turn-limit").arg("limit", limit).arg("blind", blind)
            }
            Why::NoSequences { variant } => m("rules-why-no-sequences").arg("variant", variant),
            Why::KA2 => m("rules-why-k-a-2"),
            Why::CommonOnly => m("rules-why-common-only"),
            Why::CommonJoker => m("rules-why-common-joker"),
            Why::IncompleteOnePure => m("rules-why-incomplete-one-pure"),
            Why::KaanaOnly => m("rules-why-kaana-only"),
            Why::HighLowOrder { variant } => m("rules-why-high-low-order").arg("variant", variant),
            Why::ShowConcedeHighLow => m("rules-why-show-concede-high-low"),
            Why::Qualifier => m("rules-why-qualifier"),
            Why::Post => m("rules-why-post"),
            Why::MaxRounds { max, before } => m("rules-why-max-rounds").arg("max", max).arg("before", before),
        }
    }
}
