//! Hand scripts: a small text format that sets up one hand and plays it, so a
//! rule question ("what happens if...") is a file that anyone can run with
//! `teenpatti-bot replay FILE`. This module is pure: [`parse`] turns text into a
//! [`Script`], [`Script::run`] plays it through the real [`Hand`] and returns a
//! [`Replay`], which can print itself as a transcript or as JSON.
//!
//! ```text
//! rules joker            # a preset (variant name); must come before set/boot
//! set show_tie split     # any option above
//! boot 1
//! players A B C D        # seat order (names may not be directive words)
//! dealer D               # default: the last listed
//! stack A 100            # default 1000
//! cards A As Ks Qs       # fixed down cards; the rest come from the seeded shuffle
//! up A 9h                # fixed face-up cards (stud: three_card_stud, five_card_stud, set up N)
//! community Kd 7c        # the community cards, in the order dealt (the first ones; the rest are shuffled)
//! common Kd              # the same: incomplete_common's common card
//! joker 7h               # the wild-rank draw's card (the joker variant, or set joker draw)
//! wild_suit 2h           # the wild-suit draw's card (set wild_suit draw)
//! bust 9c                # the bust draw's card (set bust draw)
//! stock 4d 4s            # the next cards of the pack, the new cards of draws
//! pick draw draw=after   # dealers_choice: the dealer's pick for this hand (a variant, then options)
//! kaana dormant          # kaana_round: the round has not begun (default: it has)
//! seed 42                # default 0: cards::seeded_deck_with(seed, jokers)
//! A blind 1              # blind bet; refused for a seen player
//! B see
//! B chaal 2              # seen bet; refused for a blind player
//! C bet 1                # either
//! D timeout              # D runs out of time and packs
//! A see
//! A chaal 2
//! B chaal 2
//! C see
//! C sideshow             # asks B, the player before C
//! B accept               # or deny
//! A show                 # or: A pack (fold)
//! A draw Ks 2c           # change these down cards (or by position: draw 1 3; stand pat: draw none)
//! ```
//!
//! Directives come before the first action. A refused action changes nothing;
//! it is recorded with its line and reason and the script goes on.
//!
//! Bounds (docs/input-bounds.md): a script of at most [`MAX_SCRIPT_BYTES`] and
//! [`MAX_LINES`] lines, at most [`MAX_SEATS`] players named in at most
//! [`MAX_NAME_CHARS`] characters; past one, [`parse`] refuses the script with a
//! message naming the bound. Parsing and playing take time and memory linear
//! in the script, so a script within the bounds is answered at once.

use std::collections::HashSet;

use serde_json::{json, Map, Value};

use super::cards::{format_cards, parse_cards, seeded_deck_with, Card};
use super::hand::{Action, Board, Event, Hand, HandSetup, RuleError, Seat, MAX_SEATS};
use super::rules::{Chips, Rules, RulesError};
use crate::echo::echo;

mod parse;
mod transcript;

pub(crate) use parse::n_cards;
pub use parse::{parse, too_big};

/// Stack of a player without a `stack` line.
pub const DEFAULT_STACK: Chips = 1000;

/// The largest script read: 1 MiB.
pub const MAX_SCRIPT_BYTES: usize = 1 << 20;
/// The most lines a script may have (comments and blank lines included).
pub const MAX_LINES: usize = 10_000;
/// The longest player name, in characters.
pub const MAX_NAME_CHARS: usize = 32;

const DIRECTIVES: &[&str] = &[
    "rules",
    "set",
    "boot",
    "players",
    "dealer",
    "stack",
    "post",
    "cards",
    "up",
    "community",
    "joker",
    "wild_suit",
    "bust",
    "common",
    "kaana",
    "seed",
    "stock",
    "pick",
    "revision",
];

/// Whether `word` (lower case) is a directive, which no player may be named.
pub(crate) fn is_directive(word: &str) -> bool {
    DIRECTIVES.contains(&word)
}

/// The directives that fix a turned-up draw, and the part of the rules each needs.
const TURNED: [(&str, &str); 3] = [
    ("joker", "`joker` needs a wild-rank draw (`rules joker`, or `set joker draw`)"),
    ("wild_suit", "`wild_suit` needs a wild-suit draw (`set wild_suit draw`)"),
    ("bust", "`bust` needs a bust draw (`set bust draw`)"),
];

/// A script error: the line (1-based) it is on, when there is one.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{}{message}", line.map(|l| format!("line {l}: ")).unwrap_or_default())]
pub struct ScriptError {
    pub line: Option<usize>,
    pub message: String,
}

fn err<T>(line: usize, message: impl Into<String>) -> Result<T, ScriptError> {
    Err(ScriptError { line: Some(line), message: message.into() })
}

/// What an action line requires of the player beyond the rules: `blind N`
/// is refused once the player has seen, `chaal N` while they are blind;
/// `bet N` and every other action take either.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BetAs {
    Blind,
    Chaal,
    Either,
}

impl BetAs {
    pub const ALL: [BetAs; 3] = [BetAs::Blind, BetAs::Chaal, BetAs::Either];

    /// The word of a bet line of this kind.
    pub fn word(self) -> &'static str {
        match self {
            BetAs::Blind => "blind",
            BetAs::Chaal => "chaal",
            BetAs::Either => "bet",
        }
    }
}

/// An action line of a script.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    pub line: usize,
    pub seat: Seat,
    pub action: Action,
    pub bet_as: BetAs,
    /// `draw CARDS`: the down cards to change, by name (the action's positions are found when it is played).
    pub discard: Option<Vec<Card>>,
    /// The line as written, without its comment.
    pub text: String,
}

/// A parsed script: the table, the deck and the actions.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Script {
    pub rules: Rules,
    pub players: Vec<String>,
    pub dealer: Seat,
    pub stacks: Vec<Chips>,
    /// Fixed down cards per seat.
    pub fixed: Vec<Option<Vec<Card>>>,
    /// Fixed face-up cards per seat.
    pub fixed_up: Vec<Option<Vec<Card>>>,
    /// The first community cards, fixed (the rest come from the shuffle).
    pub community: Vec<Card>,
    /// The draws fixed by directives (the others come from the shuffle).
    pub board: Board,
    /// The next cards of the pack after the deal (the new cards of draws).
    pub stock: Vec<Card>,
    /// `pick`: the dealer's pick at a dealers_choice table (`rules` is the picked hand's).
    pub picked: Option<String>,
    /// `kaana dormant`: under `kaana_round`, the round has not begun.
    pub kaana_dormant: bool,
    /// `post NAME CHIPS`: a missed ante posted at the deal to come back in.
    pub posts: Vec<(Seat, Chips)>,
    pub seed: u64,
    pub steps: Vec<Step>,
}

impl Step {
    /// Written as an answer to a called show (`reveal`, `concede`).
    fn answers_show(&self) -> bool {
        self.text
            .split_whitespace()
            .nth(1)
            .is_some_and(|w| w.eq_ignore_ascii_case("reveal") || w.eq_ignore_ascii_case("concede"))
    }
}

/// What one action line did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StepResult {
    pub line: usize,
    pub seat: Seat,
    pub text: String,
    /// The events, or why the action was refused.
    pub outcome: Result<Vec<Event>, String>,
}

/// A refused action.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rejected {
    pub line: usize,
    pub action: String,
    pub reason: String,
}

/// A script played through the engine.
#[derive(Clone, Debug)]
pub struct Replay {
    pub names: Vec<String>,
    pub setup: HandSetup,
    pub hand: Hand,
    pub start_events: Vec<Event>,
    pub steps: Vec<StepResult>,
}

impl Script {
    /// The deck in dealing order: the seeded shuffle with the fixed cards taken out, arranged so the deal gives
    /// each fixed player their down and up cards, turns up the fixed community cards and draws (a draw not fixed
    /// takes the next card that is not a printed joker, as the deal does), and then gives the fixed stock.
    pub fn deck(&self) -> Vec<Card> {
        let n = self.players.len();
        // Rules whose parts do not combine were refused by `parse`; built by hand, `Hand::start` says why.
        let Ok(parts) = self.rules.parts() else { return Vec::new() };
        let plan = parts.plan;
        let b = &self.board;
        let draws = [b.joker, b.wild_suit, b.bust];
        let fixed = self.fixed.iter().chain(&self.fixed_up).flatten().flatten();
        let taken: HashSet<Card> =
            fixed.chain(&self.community).chain(draws.iter().flatten()).chain(&self.stock).copied().collect();
        let mut rest = seeded_deck_with(self.seed, parts.jokers).into_iter().filter(|c| !taken.contains(c));
        let mut deck = Vec::with_capacity(parts.deck_size());
        for (rounds, fixed) in [(plan.down, &self.fixed), (plan.up, &self.fixed_up)] {
            for round in 0..rounds {
                for i in 1..=n {
                    let seat = (self.dealer + i) % n;
                    match fixed.get(seat).and_then(|f| f.as_ref()) {
                        Some(cards) => deck.extend(cards.get(round).copied()),
                        None => deck.extend(rest.next()),
                    }
                }
            }
        }
        for k in 0..plan.community {
            match self.community.get(k) {
                Some(card) => deck.push(*card),
                None => deck.extend(rest.next()),
            }
        }
        let mut draws_out = Vec::new();
        for (on, fixed) in parts.draws().into_iter().zip(draws) {
            match (on, fixed) {
                (false, _) => {}
                (true, Some(card)) => draws_out.push(card),
                (true, None) => draws_out.extend(rest.by_ref().find(|c| !c.is_joker())),
            }
        }
        deck.extend(draws_out);
        deck.extend(&self.stock);
        deck.extend(rest);
        deck
    }

    pub fn setup(&self) -> HandSetup {
        HandSetup {
            rules: self.rules.clone(),
            stacks: self.stacks.clone(),
            dealer: self.dealer,
            deck: self.deck(),
            kaana_dormant: self.kaana_dormant,
            posts: self.posts.clone(),
        }
    }

    /// Plays the script. Fails only if the hand cannot start (bad table).
    pub fn run(&self) -> Result<Replay, ScriptError> {
        let setup = self.setup();
        let (mut hand, mut start_events) = Hand::start(&setup)
            .map_err(|e| ScriptError { line: None, message: format!("the hand cannot start: {e}") })?;
        // Players holding a bust card pack at once, as the table packs them.
        for seat in hand.must_pack() {
            let packed = hand
                .apply(seat, Action::Pack)
                .map_err(|e| ScriptError { line: None, message: format!("packing a bust card: {e}") })?;
            start_events.extend(packed);
        }
        let mut steps = Vec::with_capacity(self.steps.len());
        for step in &self.steps {
            let outcome = match &step.discard {
                Some(cards) => match discard_mask(&hand, step.seat, cards) {
                    Ok(mask) => self.apply(&mut hand, &Step { action: Action::Draw(mask), ..step.clone() }),
                    Err(e) => Err(e),
                },
                None => self.apply(&mut hand, step),
            };
            steps.push(StepResult { line: step.line, seat: step.seat, text: step.text.clone(), outcome });
        }
        Ok(Replay { names: self.players.clone(), setup, hand, start_events, steps })
    }

    fn apply(&self, hand: &mut Hand, step: &Step) -> Result<Vec<Event>, String> {
        if let Action::Bet(n) = step.action {
            let name = &self.players[step.seat];
            let live = !hand.is_over() && hand.seat(step.seat).is_some_and(|s| !s.packed);
            let seen = hand.seat(step.seat).is_some_and(|s| s.seen);
            match step.bet_as {
                BetAs::Blind if live && seen => {
                    return Err(format!("{name} has seen their cards: a seen bet is `chaal {n}`"));
                }
                BetAs::Chaal if live && !seen => {
                    return Err(format!("{name} is playing blind: a blind bet is `blind {n}` (or `see` first)"));
                }
                _ => {}
            }
        }
        hand.apply(step.seat, step.action).map_err(|e| match e {
            // `reveal` and `concede` answer a called show (`show_concede`), which the engine plays as accept and
            // deny: with none called, the refusal is about the show, not a sideshow.
            RuleError::NoSideshowToAnswer if step.answers_show() => RuleError::NoShowToAnswer.to_string(),
            e => e.to_string(),
        })
    }
}

/// The positions of `cards` among the down cards `seat` holds now, as a draw's mask.
fn discard_mask(hand: &Hand, seat: Seat, cards: &[Card]) -> Result<u8, String> {
    let held = hand.seat(seat).map(|s| s.cards.clone()).unwrap_or_default();
    let mut mask = 0u8;
    for c in cards {
        match held.iter().position(|h| h == c) {
            Some(i) if i < 8 => mask |= 1 << i,
            _ => return Err(format!("{c} is not one of the player's down cards ({})", format_cards(&held))),
        }
    }
    Ok(mask)
}

/// Parses and plays a script.
pub fn run_script(text: &str) -> Result<Replay, ScriptError> {
    parse(text)?.run()
}
