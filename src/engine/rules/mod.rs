//! Rule options and variants: one serializable [`Rules`] value per table.
//! Defaults are the classic rules (seed text 000); every other rule text's
//! variation is an option here.

use serde::{Deserialize, Serialize};

use super::cards::{Card, Rank, Suit};

mod error;
mod kinds;
mod options;
mod parts;
#[cfg(test)]
mod tests;

pub use error::{Expected, RulesError, Why};
pub use kinds::*;
use options::bad;
pub use options::{option, ranking_options, OptionDef, OPTIONS};
pub use parts::Parts;

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
            return Err(RulesError::NoEffect { option: "variant", why: Why::DealerPicksVariant });
        }
        if variant == Variant::DealersChoice {
            return Err(bad("variant", variant.name(), Expected::VariantToPlay));
        }
        let mut rules = Rules { variant, dealer_default: Variant::Classic, ..self.clone() };
        rules.set_options(options)?;
        if rules.variant == Variant::DealersChoice {
            return Err(bad("variant", variant.name(), Expected::VariantToPlay));
        }
        // The game is the dealer's; the stakes are the table's, which every player sat down to.
        let stakes: [(&'static str, bool); 3] = [
            ("boot", rules.boot != self.boot),
            ("chaal_limit", rules.chaal_limit != self.chaal_limit),
            ("pot_limit", rules.pot_limit != self.pot_limit),
        ];
        if let Some((option, _)) = stakes.into_iter().find(|(_, changed)| *changed) {
            return Err(RulesError::NoEffect { option, why: Why::Stake });
        }
        rules.validate()?;
        Ok(rules)
    }

    /// The variants a dealer may pick at this `dealers_choice` table: each that combines with its other options.
    pub fn pickable(&self) -> Vec<Variant> {
        Variant::playable().filter(|&v| self.pick(v, "").is_ok()).collect()
    }

    /// Sets one option by name, as written in a hand script, `/config` or `--set` (the option's definition,
    /// [`OPTIONS`], reads the value). Refused, the rules are unchanged.
    pub fn set(&mut self, option: &str, value: &str) -> Result<(), RulesError> {
        match options::option(option) {
            Some(def) => def.set(self, value),
            None => Err(RulesError::UnknownOption(option.trim().to_ascii_lowercase().replace('-', "_"))),
        }
    }

    /// Sets the boot (1 to [`MAX_AMOUNT`] chips), as `boot=N` does.
    pub fn set_boot(&mut self, boot: i64) -> Result<(), RulesError> {
        match u64::try_from(boot) {
            Ok(b) if (1..=MAX_AMOUNT).contains(&b) => {
                self.boot = b;
                Ok(())
            }
            _ => Err(bad("boot", &boot.to_string(), Expected::Whole { min: 1, max: MAX_AMOUNT })),
        }
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
            return Err(RulesError::NoEffect { option, why: Why::TurnedInPlay });
        }
        let parts = self.parts()?;
        let boot = self.boot.saturating_mul(parts.boot_factor);
        if boot > MAX_AMOUNT {
            return Err(RulesError::BadValue {
                option: "boot".into(),
                value: self.boot.to_string(),
                expected: Expected::BootUnder {
                    max: MAX_AMOUNT / parts.boot_factor,
                    variant: self.variant,
                    factor: parts.boot_factor,
                },
            });
        }
        let spread = matches!(self.bet_structure, BetStructure::Spread | BetStructure::SpreadRaise);
        if spread != self.spread_limit.is_some() {
            return Err(RulesError::Clash { option: "spread_limit", why: Why::SpreadLimit });
        }
        if let Some(limit) = self.chaal_limit {
            if limit < 2 * boot {
                return Err(RulesError::BadValue {
                    option: "chaal_limit".into(),
                    value: limit.to_string(),
                    expected: Expected::TwiceBoot { min: 2 * boot },
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

    /// Each option with its current value, in [`OPTIONS`] order.
    pub fn describe(&self) -> Vec<(&'static str, String)> {
        let parts = self.parts().ok();
        OPTIONS.iter().map(|o| (o.name, o.show(self, parts.as_ref()))).collect()
    }

    /// Cards dealt to each player face down (3 when the rules do not combine: [`Rules::validate`] refuses
    /// those before any hand is dealt).
    pub fn cards_per_player(&self) -> usize {
        self.parts().map_or(3, |p| p.plan.hand_cards())
    }
}
