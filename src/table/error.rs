//! What a user is refused, in their language: [`Refusal`], every refusal as a message of the catalogue with its
//! arguments (the engine's, the rules', the cards', a tournament plan's, the table service's and the commands'
//! own, and the standing answers: a closed table, our side's failure, a full disk); [`UserError`], a refusal
//! with the language it is to be written in; `internal` logs a failure once and gives the user the apology.

use crate::engine::cards::CardError;
use crate::engine::hand::RuleError;
use crate::engine::rank::RankError;
use crate::engine::rules::RulesError;
use crate::engine::tournament::PlanError;
use crate::i18n::{Lang, Msg};
use crate::store::StoreError;

/// Every refusal a user can read: one message of the catalogue with its arguments (values, never sentences), so
/// each reads in the reader's language ([`Refusal::msg`] is the one mapping, [`UserError`] writes it).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Refusal {
    /// The engine refused an action or a deal.
    Rule(RuleError),
    /// Rules refused: an option, a value, options that do not combine.
    Rules(RulesError),
    /// A card, rank or suit not understood, or given twice.
    Card(CardError),
    /// Cards that cannot be ranked under some rules.
    Rank(RankError),
    /// A tournament's levels or split refused.
    Plan(PlanError),
    /// A refusal of the table service or a command, from the catalogue.
    Said(Msg),
    /// The table asked for has been closed.
    TableClosed,
    /// Our side failed (logged in full); nothing was changed.
    Internal,
    /// The bot's disk is full; the table is paused and nothing was lost.
    DiskFull,
}

impl Refusal {
    /// The refusal's message of the catalogue. A refusal of the rules reads as a sentence (`rule-rules`) around
    /// the rules' own message, which the command-line tools print alone.
    pub fn msg(&self) -> Msg {
        match self {
            Refusal::Rule(e) => e.msg(),
            Refusal::Rules(e) => Msg::new("rule-rules").msg("reason", e.msg()),
            Refusal::Card(e) => Msg::new("rule-rules").msg("reason", e.msg()),
            Refusal::Rank(e) => Msg::new("rule-rules").msg("reason", e.msg()),
            Refusal::Plan(e) => Msg::new("rule-rules").msg("reason", e.msg()),
            Refusal::Said(m) => m.clone(),
            Refusal::TableClosed => Msg::new("error-table-closed"),
            Refusal::Internal => Msg::new("error-internal"),
            Refusal::DiskFull => Msg::new("error-disk-full"),
        }
    }
}

/// A refusal meant for the user who asked: short, clear, shown ephemerally, written in the language of the
/// table that refused ([`UserError::in_lang`]) or of the reader ([`UserError::text_in`]).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{}", self.text())]
pub struct UserError {
    refusal: Refusal,
    lang: Option<Lang>,
}

impl From<Refusal> for UserError {
    fn from(refusal: Refusal) -> UserError {
        UserError { refusal, lang: None }
    }
}

macro_rules! refusal_from {
    ($($error:ty => $variant:ident),+ $(,)?) => {$(
        impl From<$error> for Refusal {
            fn from(e: $error) -> Refusal {
                Refusal::$variant(e)
            }
        }
        impl From<$error> for UserError {
            fn from(e: $error) -> UserError {
                Refusal::$variant(e).into()
            }
        }
    )+};
}

refusal_from!(RuleError => Rule, RulesError => Rules, CardError => Card, RankError => Rank, PlanError => Plan);

impl UserError {
    /// A refusal from the catalogue.
    pub fn said(msg: Msg) -> UserError {
        Refusal::Said(msg).into()
    }

    /// The answer to a request for a table that has been closed.
    pub fn table_closed() -> UserError {
        Refusal::TableClosed.into()
    }

    /// The apology for a failure on our side (logged where it happened).
    pub fn internal_error() -> UserError {
        Refusal::Internal.into()
    }

    /// The answer to every change asked of a table paused by a full disk (see `actor.rs`).
    pub fn disk_full() -> UserError {
        Refusal::DiskFull.into()
    }

    /// The same refusal, to be written in `lang` (unless a language was set already).
    pub fn in_lang(mut self, lang: Lang) -> UserError {
        self.lang.get_or_insert(lang);
        self
    }

    /// The language it will be written in, if known.
    pub fn lang(&self) -> Option<Lang> {
        self.lang
    }

    /// What was refused.
    pub fn refusal(&self) -> &Refusal {
        &self.refusal
    }

    /// The refusal, in its language (English when none was set).
    pub fn text(&self) -> String {
        self.text_in(self.lang.unwrap_or_default())
    }

    /// The refusal in its own language if it has one, else in `lang`.
    pub fn text_in(&self, lang: Lang) -> String {
        self.refusal.msg().text(self.lang.unwrap_or(lang))
    }

    /// The refusal of a write the full disk could not take.
    pub fn is_disk_full(&self) -> bool {
        self.refusal == Refusal::DiskFull
    }

    /// Our side's failure (the apology).
    pub fn is_internal(&self) -> bool {
        self.refusal == Refusal::Internal
    }
}

/// Logs an internal failure once, with what was being done, and gives the user the apology; a store write
/// refused for a full disk gets [`Refusal::DiskFull`] instead (and pauses the table, see `actor.rs`).
pub(crate) fn internal<E: std::fmt::Display + 'static>(context: &str, e: E) -> UserError {
    // Once per kind while it lasts (`logs::Repeated`): a failing disk or database refuses every click, and each
    // must not be a line of its own.
    static REFUSED: std::sync::LazyLock<crate::logs::Repeated> = std::sync::LazyLock::new(|| {
        crate::logs::Repeated::new("a request failed", "requests are answered", tracing::Level::ERROR)
    });
    static DISK_FULL_SAID: std::sync::LazyLock<crate::logs::Repeated> = std::sync::LazyLock::new(|| {
        crate::logs::Repeated::new("a change was refused", "changes are written", tracing::Level::WARN)
    });
    let store_error = (&e as &dyn std::any::Any).downcast_ref::<StoreError>();
    if let Some(StoreError::DiskFull { .. }) = store_error {
        DISK_FULL_SAID.failed(&format!("{context}: the disk is full"), &e);
        return UserError::disk_full();
    }
    let kind = store_error.map_or("an error", StoreError::kind);
    REFUSED.failed(&format!("{context}: {kind}"), &e);
    UserError::internal_error()
}

#[cfg(test)]
mod tests {
    //! Every refusal, exhaustively (each `covered` match names every variant, so a new one does not compile
    //! until it has an example here), read on a Hindi server: its text is the Hindi rendering of its catalogue
    //! message with its arguments, and no English word is left outside code spans.
    use super::*;
    use crate::engine::cards::{Card, Rank, Suit};
    use crate::engine::rules::{Expected, Variant, Why};
    use crate::i18n;

    /// `covered(x)` is the index of `x`'s variant in an exhaustive match; `examples()` one value of each.
    macro_rules! every {
        ($covered:ident, $examples:ident, $t:ty { $($pat:pat => $example:expr),+ $(,)? }) => {
            #[allow(unused_variables)]
            fn $covered(x: &$t) -> usize {
                let arms: &[fn(&$t) -> bool] = &[$(|x| matches!(x, $pat)),+];
                arms.iter().position(|arm| arm(x)).unwrap_or(usize::MAX)
            }
            fn $examples() -> Vec<$t> {
                // The exhaustive match: a variant without an arm here is a compile error.
                fn _exhaustive(x: &$t) {
                    #[allow(unused_variables)]
                    match x { $($pat => {}),+ }
                }
                vec![$($example),+]
            }
        };
    }

    fn card() -> Card {
        Card::new(Rank::ACE, Suit::Spades)
    }

    every!(covered_rule, rules_of_play, RuleError {
        RuleError::SeatCount => RuleError::SeatCount,
        RuleError::BadDealer => RuleError::BadDealer,
        RuleError::BadDeck => RuleError::BadDeck,
        RuleError::TooManyForDeck(_) => RuleError::TooManyForDeck(7),
        RuleError::HoldsBust => RuleError::HoldsBust,
        RuleError::Rules(_) => RuleError::Rules(RulesError::DealersChoiceDealt),
        RuleError::BadPost => RuleError::BadPost,
        RuleError::CannotPayBoot(_) => RuleError::CannotPayBoot(10),
        RuleError::CannotPayDeal { .. } => RuleError::CannotPayDeal { need: 30 },
        RuleError::StackTooLarge => RuleError::StackTooLarge,
        RuleError::HandOver => RuleError::HandOver,
        RuleError::NoSuchSeat => RuleError::NoSuchSeat,
        RuleError::Packed => RuleError::Packed,
        RuleError::NotYourTurn => RuleError::NotYourTurn,
        RuleError::SideshowPending => RuleError::SideshowPending,
        RuleError::NoSideshowToAnswer => RuleError::NoSideshowToAnswer,
        RuleError::AlreadySeen => RuleError::AlreadySeen,
        RuleError::SeeOnlyOnTurn => RuleError::SeeOnlyOnTurn,
        RuleError::PackOnlyOnTurn => RuleError::PackOnlyOnTurn,
        RuleError::AskedThisTurn => RuleError::AskedThisTurn,
        RuleError::ShowPending => RuleError::ShowPending,
        RuleError::NoShowToAnswer => RuleError::NoShowToAnswer,
        RuleError::SplitOff => RuleError::SplitOff,
        RuleError::SplitNeedsTwo => RuleError::SplitNeedsTwo,
        RuleError::SplitPending => RuleError::SplitPending,
        RuleError::NoSplitToAnswer => RuleError::NoSplitToAnswer,
        RuleError::MustSee(_) => RuleError::MustSee(3),
        RuleError::CannotCover(_) => RuleError::CannotCover(20),
        RuleError::BetOutOfRange { .. } => RuleError::BetOutOfRange { min: 10, max: 40 },
        RuleError::OddBet => RuleError::OddBet,
        RuleError::ShowNeedsTwo => RuleError::ShowNeedsTwo,
        RuleError::NoSideshowHighLow => RuleError::NoSideshowHighLow,
        RuleError::Declaring => RuleError::Declaring,
        RuleError::NotDeclaring => RuleError::NotDeclaring,
        RuleError::AlreadyDeclared => RuleError::AlreadyDeclared,
        RuleError::SeenCannotShowBlind => RuleError::SeenCannotShowBlind,
        RuleError::CannotAffordShow { .. } => RuleError::CannotAffordShow { need: 20, have: 5 },
        RuleError::SideshowNeedsAllSeen => RuleError::SideshowNeedsAllSeen,
        RuleError::SideshowNeedsThree => RuleError::SideshowNeedsThree,
        RuleError::SideshowNoTarget => RuleError::SideshowNoTarget,
        RuleError::Forehead => RuleError::Forehead,
        RuleError::BlindRound(_) => RuleError::BlindRound(2),
        RuleError::ShowTooEarly(_) => RuleError::ShowTooEarly(3),
        RuleError::Drawing => RuleError::Drawing,
        RuleError::NoDraw => RuleError::NoDraw,
        RuleError::DrewThisRound => RuleError::DrewThisRound,
        RuleError::BadDraw { .. } => RuleError::BadDraw { min: 1, max: 3 },
        RuleError::PackEmpty { .. } => RuleError::PackEmpty { left: 1 },
        RuleError::CannotAffordDraw { .. } => RuleError::CannotAffordDraw { need: 20, have: 5 },
    });

    every!(covered_rules, rules_refused, RulesError {
        RulesError::UnknownOption(_) => RulesError::UnknownOption("bootx".into()),
        RulesError::BadValue { .. } => RulesError::BadValue {
            option: "langdi".into(),
            value: "maybe".into(),
            expected: Expected::Bool,
        },
        RulesError::NotNameValue(_) => RulesError::NotNameValue("langdi".into()),
        RulesError::NoEffect { .. } => RulesError::NoEffect { option: "variant", why: Why::DealerPicksVariant },
        RulesError::DealersChoiceDealt => RulesError::DealersChoiceDealt,
        RulesError::Clash { .. } => RulesError::Clash { option: "k_a_2", why: Why::KA2 },
    });

    every!(covered_expected, expected, Expected {
        Expected::OneOf(_) => Expected::OneOf("classic | muflis".into()),
        Expected::Whole { .. } => Expected::Whole { min: 1, max: crate::engine::rules::MAX_AMOUNT },
        Expected::WholeOrNone { .. } => Expected::WholeOrNone { min: 0, max: 10 },
        Expected::WholeOrBoot { .. } => Expected::WholeOrBoot { min: 0, max: crate::engine::rules::MAX_AMOUNT },
        Expected::Span { .. } => Expected::Span { min: 0, max: 3 },
        Expected::Either { .. } => Expected::Either { a: 0, b: 2 },
        Expected::Bool => Expected::Bool,
        Expected::TurnedRank => Expected::TurnedRank,
        Expected::TurnedSuit => Expected::TurnedSuit,
        Expected::CardOrNone => Expected::CardOrNone,
        Expected::CardList => Expected::CardList,
        Expected::DownCards => Expected::DownCards,
        Expected::NotDealersChoice => Expected::NotDealersChoice,
        Expected::VariantToPlay => Expected::VariantToPlay,
        Expected::BootUnder { .. } => Expected::BootUnder { max: 250, variant: Variant::FourXBoot, factor: 4 },
        Expected::TwiceBoot { .. } => Expected::TwiceBoot { min: 20 },
    });

    every!(covered_why, whys, Why {
        Why::DealerPicksVariant => Why::DealerPicksVariant,
        Why::Stake => Why::Stake,
        Why::TurnedInPlay => Why::TurnedInPlay,
        Why::SpreadLimit => Why::SpreadLimit,
        Why::DealerDefaultNotDealersChoice => Why::DealerDefaultNotDealersChoice,
        Why::DealerDefaultOnly => Why::DealerDefaultOnly,
        Why::Deals { .. } => Why::Deals { variant: Variant::Muflis, cards: 3 },
        Why::OwnDeal { .. } => Why::OwnDeal { variant: Variant::Muflis, cards: 0, option: "up" },
        Why::HandSize { .. } => Why::HandSize { cards: 6, down: 3, up: 3, community: 0 },
        Why::CommunityTurn => Why::CommunityTurn,
        Why::ExactUse => Why::ExactUse,
        Why::DrawPrice => Why::DrawPrice,
        Why::ShowAfterBoard { .. } => Why::ShowAfterBoard { min: 2 },
        Why::OwnWilds { .. } => Why::OwnWilds { variant: Variant::KissMissBliss },
        Why::OwnRankWild { .. } => Why::OwnRankWild { variant: Variant::HighWild },
        Why::Cobra => Why::Cobra,
        Why::DrawRoundsBlind => Why::DrawRoundsBlind,
        Why::BlindTurnLimit { .. } => Why::BlindTurnLimit { limit: 1, blind: 2 },
        Why::NoSequences { .. } => Why::NoSequences { variant: Variant::Nines },
        Why::KA2 => Why::KA2,
        Why::CommonOnly => Why::CommonOnly,
        Why::CommonJoker => Why::CommonJoker,
        Why::IncompleteOnePure => Why::IncompleteOnePure,
        Why::KaanaOnly => Why::KaanaOnly,
        Why::HighLowOrder { .. } => Why::HighLowOrder { variant: Variant::Muflis },
        Why::ShowConcedeHighLow => Why::ShowConcedeHighLow,
        Why::Qualifier => Why::Qualifier,
        Why::Post => Why::Post,
        Why::MaxRounds { .. } => Why::MaxRounds { max: 2, before: 3 },
    });

    every!(covered_card, cards_refused, CardError {
        CardError::BadCard(_) => CardError::BadCard("Zz".into()),
        CardError::BadRank(_) => CardError::BadRank("Z".into()),
        CardError::BadSuit(_) => CardError::BadSuit("z".into()),
        CardError::Duplicate(_) => CardError::Duplicate(card()),
    });

    every!(covered_rank, ranks_refused, RankError {
        RankError::WrongCount { .. } => RankError::WrongCount { expected: 3, got: 2 },
        RankError::Duplicate(_) => RankError::Duplicate(card()),
        RankError::NoJoker => RankError::NoJoker,
        RankError::NoWildSuit => RankError::NoWildSuit,
        RankError::NoBust => RankError::NoBust,
        RankError::Rules(_) => RankError::Rules(RulesError::NotNameValue("x".into())),
        RankError::NoPrintedJokers(_) => RankError::NoPrintedJokers(card()),
    });

    every!(covered_plan, plans_refused, PlanError {
        PlanError::Boots => PlanError::Boots,
        PlanError::Every => PlanError::Every,
        PlanError::Split { .. } => PlanError::Split { seats: 4 },
    });

    every!(covered_refusal, refusals, Refusal {
        Refusal::Rule(_) => Refusal::Rule(RuleError::NotYourTurn),
        Refusal::Rules(_) => Refusal::Rules(RulesError::DealersChoiceDealt),
        Refusal::Card(_) => Refusal::Card(CardError::BadRank("Z".into())),
        Refusal::Rank(_) => Refusal::Rank(RankError::NoJoker),
        Refusal::Plan(_) => Refusal::Plan(PlanError::Every),
        Refusal::Said(_) => Refusal::Said(Msg::new("error-no-hand")),
        Refusal::TableClosed => Refusal::TableClosed,
        Refusal::Internal => Refusal::Internal,
        Refusal::DiskFull => Refusal::DiskFull,
    });

    /// Every example covers its own variant, and together they cover them all.
    fn all_covered<T>(examples: Vec<T>, covered: fn(&T) -> usize) -> Vec<T> {
        let mut seen: Vec<usize> = examples.iter().map(covered).collect();
        seen.sort_unstable();
        assert_eq!(seen, (0..examples.len()).collect::<Vec<_>>(), "each example covers one variant of its own");
        examples
    }

    /// Every refusal: each variant of each typed error, in the refusal that carries it.
    fn every_refusal() -> Vec<Refusal> {
        let mut out = all_covered(refusals(), covered_refusal);
        out.extend(all_covered(rules_of_play(), covered_rule).into_iter().map(Refusal::Rule));
        out.extend(all_covered(rules_refused(), covered_rules).into_iter().map(Refusal::Rules));
        let value = |expected| RulesError::BadValue { option: "boot".into(), value: "x".into(), expected };
        out.extend(all_covered(expected(), covered_expected).into_iter().map(|e| Refusal::Rules(value(e))));
        let clash = |why| RulesError::Clash { option: "cards", why };
        out.extend(all_covered(whys(), covered_why).into_iter().map(|w| Refusal::Rules(clash(w))));
        out.extend(all_covered(cards_refused(), covered_card).into_iter().map(Refusal::Card));
        out.extend(all_covered(ranks_refused(), covered_rank).into_iter().map(Refusal::Rank));
        out.extend(all_covered(plans_refused(), covered_plan).into_iter().map(Refusal::Plan));
        out
    }

    /// The Latin words of `text` outside code spans (option names and values are written as typed).
    fn latin_words(text: &str) -> Vec<String> {
        let mut out = Vec::new();
        for (i, part) in text.split('`').enumerate() {
            if i % 2 == 1 {
                continue;
            }
            for word in part.split(|c: char| !c.is_ascii_alphabetic()) {
                if word.len() >= 2 {
                    out.push(word.to_string());
                }
            }
        }
        out
    }

    fn ids(m: &Msg, out: &mut Vec<&'static str>) {
        out.push(m.id);
        for (_, arg) in &m.args {
            if let i18n::MsgArg::Msg(inner) = arg {
                ids(inner, out);
            }
        }
    }

    #[test]
    fn every_refusal_reads_in_hindi_from_its_catalogue_message() {
        let all = every_refusal();
        assert!(all.len() > 120, "{} refusals", all.len());
        for refusal in all {
            let msg = refusal.msg();
            let mut used = Vec::new();
            ids(&msg, &mut used);
            for id in used {
                assert!(i18n::has(Lang::Hi, id), "{id} ({refusal:?}) is missing from the Hindi catalogue");
                assert!(i18n::has(Lang::Hinglish, id), "{id} ({refusal:?}) is missing from the Hinglish catalogue");
            }
            let on_a_hindi_server = UserError::from(refusal.clone()).in_lang(Lang::Hi).text();
            assert_eq!(on_a_hindi_server, msg.text(Lang::Hi), "{refusal:?}");
            assert_ne!(on_a_hindi_server, msg.text(Lang::En), "{refusal:?}");
            assert!(on_a_hindi_server.chars().any(|c| ('\u{0900}'..='\u{097F}').contains(&c)), "{on_a_hindi_server}");
            assert_eq!(latin_words(&on_a_hindi_server), Vec::<String>::new(), "{refusal:?}: {on_a_hindi_server}");
        }
    }
}
