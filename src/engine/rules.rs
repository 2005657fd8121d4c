//! Rule options and variants: one serializable [`Rules`] value per table.
//! Defaults are the classic rules (seed text 000); every other rule text's
//! variation is an option here.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use super::cards::{Rank, Suit};
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
    }
);

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
    /// What a show costs.
    ShowCost ("show_cost") {
        /// Blind: the current stake; seen: twice the stake (classic).
        Standard => "standard",
        /// Twice the standard cost.
        Double => "double",
    }
);

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
    /// The turned-up rank for the joker variant, when known outside a hand
    /// (`hand rank --set joker=7`). In a hand the engine turns a card up itself.
    pub joker: Option<Rank>,
}

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
            seen_can_show_blind: false,
            see_on_turn_only: false,
            joker: None,
        }
    }
}

/// Every option name accepted by [`Rules::set`], with a one-line description.
pub const OPTIONS: &[(&str, &str)] = &[
    ("variant", "classic | muflis | joker | ak47 | high_wild | low_wild | best_of_four"),
    ("boot", "ante every seat pays, and the starting stake (whole chips, at least 1)"),
    ("a23", "highest | second | lowest: where A-2-3 stands among sequences"),
    ("pure_sequence_beats_trio", "true | false"),
    ("langdi", "true | false: 2-3-5 is the top sequence"),
    ("show_tie", "payer_loses | split | suit_order: who wins a show between equal hands"),
    ("suit_order", "shdc | sdhc: suit ranking for suit_order ties (spades first)"),
    ("chaal_limit", "largest seen bet, or none (a blind bet is capped at half)"),
    ("pot_limit", "pot size that forces every remaining hand to be shown, or none"),
    ("blind_turn_limit", "blind bets allowed before a player must see, or none"),
    ("show_cost", "standard | double"),
    ("seen_can_show_blind", "true | false: a seen player may show a blind one (4x stake)"),
    ("see_on_turn_only", "true | false: players may look at their cards only on their turn"),
    ("joker", "the turned-up rank (2-9, T, J, Q, K, A), for `hand rank --variant joker` only"),
];

/// The options that change how hands rank: the only ones `hand rank` takes (the others would do nothing).
pub const RANKING_OPTIONS: &[&str] = &["variant", "a23", "pure_sequence_beats_trio", "langdi", "joker"];

/// Every spelling of a boolean option's values that [`Rules::set`] accepts.
pub const BOOL_VALUES: &str = "true | false (or yes | no, on | off, 1 | 0)";

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RulesError {
    #[error("unknown option `{}`; options are: {}", echo(.0), OPTIONS.iter().map(|(n, _)| *n).collect::<Vec<_>>().join(", "))]
    UnknownOption(String),
    #[error("`{}` is not a valid {option}; expected {expected}", echo(value))]
    BadValue { option: String, value: String, expected: String },
    /// An item of [`Rules::set_option`] or [`Rules::set_options`] without `=`.
    #[error("`{}`: write options as name=value", echo(.0))]
    NotNameValue(String),
    /// An option that does nothing where it was given (see [`Rules::validate`]).
    #[error("`{option}` {why}")]
    NoEffect { option: &'static str, why: &'static str },
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

/// Why a table refuses the `joker` option.
pub const JOKER_IN_PLAY: &str = "is only for `hand rank --variant joker`: in play the hand turns its own card up \
(in a hand script, fix it with `joker CARD`)";

/// Largest boot or limit accepted: keeps every chip sum far from overflow.
pub const MAX_AMOUNT: Chips = 1_000_000_000_000;

impl Rules {
    /// A preset by variant name (`classic`, `muflis`, ...): the defaults with that variant.
    pub fn preset(name: &str) -> Result<Rules, RulesError> {
        Ok(Rules { variant: name.parse()?, ..Rules::default() })
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
            "seen_can_show_blind" => self.seen_can_show_blind = parse_bool(&option, value)?,
            "see_on_turn_only" => self.see_on_turn_only = parse_bool(&option, value)?,
            "joker" => {
                let v = value.trim();
                self.joker = if v.eq_ignore_ascii_case("none") {
                    None
                } else {
                    Some(v.parse::<Rank>().map_err(|_| bad("joker", value, "a rank (2-9, T, J, Q, K, A)"))?)
                }
            }
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
    /// option is valid alone by construction): a chaal limit must allow at least the first seen bet, and
    /// `joker` (which only `hand rank` reads) must not be set, since a hand turns its own card up.
    pub fn validate(&self) -> Result<(), RulesError> {
        if self.joker.is_some() {
            return Err(RulesError::NoEffect { option: "joker", why: JOKER_IN_PLAY });
        }
        if let Some(limit) = self.chaal_limit {
            if limit < 2 * self.boot {
                return Err(RulesError::BadValue {
                    option: "chaal_limit".into(),
                    value: limit.to_string(),
                    expected: format!("at least twice the boot ({})", 2 * self.boot),
                });
            }
        }
        Ok(())
    }

    /// Each option with its current value, in [`OPTIONS`] order.
    pub fn describe(&self) -> Vec<(&'static str, String)> {
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
            ("joker", lim(&self.joker)),
        ]
    }

    /// Cards dealt to each player.
    pub fn cards_per_player(&self) -> usize {
        if self.variant == Variant::BestOfFour {
            4
        } else {
            3
        }
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
        assert_eq!(partial, Rules { variant: Variant::Ak47, ..Rules::default() });
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
