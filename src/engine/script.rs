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
//! cards A As Ks Qs       # fixed cards; the rest come from the seeded shuffle
//! joker 7h               # the wild-rank draw's card (the joker variant, or set joker draw)
//! wild_suit 2h           # the wild-suit draw's card (set wild_suit draw)
//! bust 9c                # the bust draw's card (set bust draw)
//! common Kd              # the common card (incomplete_common)
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
use std::fmt::Write as _;

use serde_json::{json, Map, Value};

use super::cards::{format_cards, parse_cards, seeded_deck_with, Card};
use super::hand::{Action, Board, EndedBy, Event, EventKind, Hand, HandSetup, PackReason, Seat, MAX_SEATS};
use super::rules::{Chips, Rules};
use crate::echo::echo;

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
    "cards",
    "joker",
    "wild_suit",
    "bust",
    "common",
    "kaana",
    "seed",
];

/// The directives that fix a turned-up card, and the part of the rules each needs.
const TURNED: [(&str, &str); 4] = [
    ("common", "`common` needs `rules incomplete_common`"),
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
    /// Fixed cards per seat.
    pub fixed: Vec<Option<Vec<Card>>>,
    /// The turned-up cards fixed by directives (the others come from the shuffle).
    pub board: Board,
    /// `kaana dormant`: under `kaana_round`, the round has not begun.
    pub kaana_dormant: bool,
    pub seed: u64,
    pub steps: Vec<Step>,
}

/// Parses a script. Errors name the line.
pub fn parse(text: &str) -> Result<Script, ScriptError> {
    if text.len() > MAX_SCRIPT_BYTES {
        return Err(ScriptError { line: None, message: too_big(text.len()) });
    }
    let mut rules = Rules::default();
    // The last line that changed the rules: a combination the rules refuse is reported there.
    let mut rules_line: Option<usize> = None;
    let mut players: Option<Vec<String>> = None;
    let mut dealer: Option<Seat> = None;
    let mut stacks: Vec<Option<Chips>> = Vec::new();
    let mut fixed: Vec<Option<(usize, Vec<Card>)>> = Vec::new();
    let mut turned: [Option<(usize, Card)>; 4] = [None; 4];
    let mut kaana_dormant: Option<usize> = None;
    let mut seed: Option<u64> = None;
    let mut steps: Vec<Step> = Vec::new();
    let mut used_cards: HashSet<Card> = HashSet::new();

    for (i, raw) in text.lines().enumerate() {
        let line = i + 1;
        if line > MAX_LINES {
            return err(line, format!("the script has more than {MAX_LINES} lines (the most `replay` reads)"));
        }
        let content = raw.split('#').next().unwrap_or("").trim();
        let tokens: Vec<&str> = content.split_whitespace().collect();
        let Some((&head, rest)) = tokens.split_first() else { continue };
        let keyword = head.to_ascii_lowercase();
        if DIRECTIVES.contains(&keyword.as_str()) {
            if !steps.is_empty() {
                return err(line, format!("`{}` after the first action: directives come first", echo(&keyword)));
            }
        } else {
            let Some(names) = &players else {
                return err(line, format!("`{}` is not a directive, and no `players` line names it", echo(head)));
            };
            let seat = seat_of(names, head, line)?;
            let (action, bet_as) = parse_action(rest, line)?;
            steps.push(Step { line, seat, action, bet_as, text: content.to_string() });
            continue;
        }
        let names =
            || players.as_ref().ok_or(ScriptError { line: Some(line), message: "`players` must come first".into() });
        match keyword.as_str() {
            "rules" => {
                let [name] = rest else { return err(line, "usage: rules PRESET (classic, muflis, joker, ...)") };
                if rules_line.is_some() {
                    return err(line, "`rules` must come before `set` and `boot` lines (it resets every option)");
                }
                rules = Rules::preset(name).map_err(|e| ScriptError { line: Some(line), message: e.to_string() })?;
                rules_line = Some(line);
            }
            "set" => {
                let [name, value @ ..] = rest else { return err(line, "usage: set OPTION VALUE") };
                if value.is_empty() {
                    return err(line, "usage: set OPTION VALUE");
                }
                rules
                    .set(name, &value.join(" "))
                    .map_err(|e| ScriptError { line: Some(line), message: e.to_string() })?;
                rules_line = Some(line);
            }
            "boot" => {
                let [value] = rest else { return err(line, "usage: boot CHIPS") };
                rules.set("boot", value).map_err(|e| ScriptError { line: Some(line), message: e.to_string() })?;
                rules_line = Some(line);
            }
            "players" => {
                if players.is_some() {
                    return err(line, "`players` given twice");
                }
                if rest.is_empty() {
                    return err(line, "usage: players NAME NAME ...");
                }
                if rest.len() > MAX_SEATS {
                    return err(line, format!("a table seats at most {MAX_SEATS} players, not {}", rest.len()));
                }
                let mut seen = HashSet::new();
                for name in rest {
                    if name.chars().nth(MAX_NAME_CHARS).is_some() {
                        let e = echo(name);
                        return err(line, format!("`{e}`: player names are at most {MAX_NAME_CHARS} characters"));
                    }
                    if DIRECTIVES.contains(&name.to_ascii_lowercase().as_str()) {
                        return err(line, format!("`{}` is a directive and cannot be a player name", echo(name)));
                    }
                    if !seen.insert(*name) {
                        return err(line, format!("player `{}` listed twice", echo(name)));
                    }
                }
                stacks = vec![None; rest.len()];
                fixed = vec![None; rest.len()];
                players = Some(rest.iter().map(|s| s.to_string()).collect());
            }
            "dealer" => {
                let [name] = rest else { return err(line, "usage: dealer NAME") };
                dealer = Some(seat_of(names()?, name, line)?);
            }
            "stack" => {
                let [name, value] = rest else { return err(line, "usage: stack NAME CHIPS") };
                let seat = seat_of(names()?, name, line)?;
                let chips = value.parse::<Chips>().map_err(|_| ScriptError {
                    line: Some(line),
                    message: format!("`{}` is not a whole number of chips", echo(value)),
                })?;
                stacks[seat] = Some(chips);
            }
            "cards" => {
                let [name, cards @ ..] = rest else { return err(line, "usage: cards NAME CARD CARD CARD") };
                let seat = seat_of(names()?, name, line)?;
                if fixed[seat].is_some() {
                    return err(line, format!("cards for `{}` given twice", echo(name)));
                }
                let cards = parse_cards(&cards.join(" "))
                    .map_err(|e| ScriptError { line: Some(line), message: e.to_string() })?;
                for c in &cards {
                    if !used_cards.insert(*c) {
                        return err(line, format!("{c} is already fixed for another player"));
                    }
                }
                fixed[seat] = Some((line, cards));
            }
            "common" | "joker" | "wild_suit" | "bust" => {
                let [card] = rest else { return err(line, format!("usage: {keyword} CARD")) };
                let card: Card = card
                    .parse()
                    .map_err(|e: super::cards::CardError| ScriptError { line: Some(line), message: e.to_string() })?;
                let k = TURNED.iter().position(|(name, _)| *name == keyword).unwrap_or(0);
                if turned[k].is_some() {
                    return err(line, format!("`{keyword}` given twice"));
                }
                if card.is_joker() && keyword != "common" {
                    return err(line, format!("{card} is a printed joker: a draw names a rank or a suit"));
                }
                if !used_cards.insert(card) {
                    return err(line, format!("{card} is already fixed for a player or turned up"));
                }
                turned[k] = Some((line, card));
            }
            "kaana" => {
                let ["dormant"] = rest else { return err(line, "usage: kaana dormant") };
                kaana_dormant = Some(line);
            }
            "seed" => {
                let [value] = rest else { return err(line, "usage: seed NUMBER") };
                seed = Some(value.parse::<u64>().map_err(|_| ScriptError {
                    line: Some(line),
                    message: format!("`{}` is not a seed (a whole number)", echo(value)),
                })?);
            }
            _ => return err(line, format!("unknown directive `{}`", echo(&keyword))),
        }
    }
    // The table's rules are checked as `/table open` checks them.
    if let Err(e) = rules.validate() {
        return Err(ScriptError { line: rules_line, message: e.to_string() });
    }

    let Some(players) = players else {
        return Err(ScriptError { line: None, message: "no `players` line".into() });
    };
    let parts = rules.parts().map_err(|e| ScriptError { line: rules_line, message: e.to_string() })?;
    let per = parts.dealt;
    for (seat, f) in fixed.iter().enumerate() {
        if let Some((line, cards)) = f {
            if cards.len() != per {
                return err(*line, format!("{} needs exactly {per} cards, not {}", players[seat], cards.len()));
            }
            if let Some(joker) = cards.iter().find(|c| c.is_joker()).filter(|_| parts.jokers == 0) {
                return err(
                    *line,
                    format!("{joker} is a printed joker, and these rules play without them (set jokers 2)"),
                );
            }
        }
    }
    let wanted = parts.board_slots();
    for (k, fixed) in turned.iter().enumerate() {
        if let (Some((line, card)), false) = (fixed, wanted[k]) {
            let _ = card;
            return err(*line, TURNED[k].1);
        }
        if let Some((line, card)) = fixed.filter(|(_, c)| c.is_joker() && parts.jokers == 0) {
            return err(line, format!("{card} is a printed joker, and these rules play without them (set jokers 2)"));
        }
    }
    if let (Some(line), false) = (kaana_dormant, rules.kaana_round) {
        return err(line, "`kaana dormant` needs `set kaana_round true` (under kaana)");
    }
    let card = |k: usize| turned[k].map(|(_, c)| c);
    Ok(Script {
        rules,
        dealer: dealer.unwrap_or(players.len() - 1),
        stacks: stacks.into_iter().map(|s| s.unwrap_or(DEFAULT_STACK)).collect(),
        fixed: fixed.into_iter().map(|f| f.map(|(_, c)| c)).collect(),
        board: Board { common: card(0), joker: card(1), wild_suit: card(2), bust: card(3), bust_void: false },
        kaana_dormant: kaana_dormant.is_some(),
        seed: seed.unwrap_or(0),
        players,
        steps,
    })
}

/// The message for a script over [`MAX_SCRIPT_BYTES`].
pub fn too_big(bytes: usize) -> String {
    format!("the script is larger than 1 MiB ({bytes} bytes or more); `replay` reads scripts of up to {MAX_SCRIPT_BYTES} bytes")
}

/// The seat of a player by name: at most [`MAX_SEATS`] names to look through.
fn seat_of(names: &[String], name: &str, line: usize) -> Result<Seat, ScriptError> {
    names.iter().position(|n| n == name).ok_or_else(|| ScriptError {
        line: Some(line),
        message: format!("unknown player `{}` (players: {})", echo(name), names.join(" ")),
    })
}

/// An action as written: `blind N`, `chaal N` or `bet N`, or an action
/// without an amount by its name (`fold` is `pack`).
fn parse_action(rest: &[&str], line: usize) -> Result<(Action, BetAs), ScriptError> {
    let Some((&word, args)) = rest.split_first() else {
        return err(line, "a player name must be followed by an action");
    };
    let word = word.to_ascii_lowercase();
    if let Some(bet_as) = BetAs::ALL.into_iter().find(|b| b.word() == word) {
        return match args {
            [n] => n.parse::<Chips>().map(|n| (Action::Bet(n), bet_as)).map_err(|_| ScriptError {
                line: Some(line),
                message: format!("`{}` is not a whole number of chips", echo(n)),
            }),
            _ => err(line, format!("usage: NAME {word} CHIPS")),
        };
    }
    let name = if word == "fold" { Action::Pack.name() } else { word.as_str() };
    let Some(action) = Action::WITHOUT_AMOUNT.into_iter().find(|a| a.name() == name) else {
        let bets = BetAs::ALL.iter().map(|b| format!("{} N", b.word()));
        let plain = Action::WITHOUT_AMOUNT.iter().map(|a| a.name().to_string());
        let known = bets.chain(plain).collect::<Vec<_>>().join(", ");
        return err(line, format!("unknown action `{}` ({known})", echo(&word)));
    };
    if !args.is_empty() {
        return err(line, format!("`{}` takes no amount", echo(&word)));
    }
    Ok((action, BetAs::Either))
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
    /// each fixed player their cards and turns up the fixed board (a draw not fixed takes the next card that is
    /// not a printed joker, as the deal does).
    pub fn deck(&self) -> Vec<Card> {
        let n = self.players.len();
        // Rules whose parts do not combine were refused by `parse`; built by hand, `Hand::start` says why.
        let Ok(parts) = self.rules.parts() else { return Vec::new() };
        let b = &self.board;
        let board = [b.common, b.joker, b.wild_suit, b.bust];
        let taken: HashSet<Card> =
            self.fixed.iter().flatten().flatten().copied().chain(board.iter().flatten().copied()).collect();
        let mut rest = seeded_deck_with(self.seed, parts.jokers).into_iter().filter(|c| !taken.contains(c));
        let mut deck = Vec::with_capacity(parts.deck_size());
        for round in 0..parts.dealt {
            for i in 1..=n {
                let seat = (self.dealer + i) % n;
                match self.fixed.get(seat).and_then(|f| f.as_ref()) {
                    Some(cards) => deck.extend(cards.get(round).copied()),
                    None => deck.extend(rest.next()),
                }
            }
        }
        let wanted = parts.board_slots();
        for (k, fixed) in board.iter().enumerate() {
            match (wanted[k], fixed) {
                (false, _) => {}
                (true, Some(card)) => deck.push(*card),
                (true, None) if k == 0 => deck.extend(rest.next()),
                (true, None) => deck.extend(rest.by_ref().find(|c| !c.is_joker())),
            }
        }
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
            let outcome = self.apply(&mut hand, step);
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
        hand.apply(step.seat, step.action).map_err(|e| e.to_string())
    }
}

/// Parses and plays a script.
pub fn run_script(text: &str) -> Result<Replay, ScriptError> {
    parse(text)?.run()
}

const SEAT_KEYS: &[&str] = &["seat", "target", "against", "dealer", "loser"];

impl Replay {
    pub fn name(&self, seat: Seat) -> &str {
        self.names.get(seat).map_or("?", String::as_str)
    }

    /// `last_standing`, `show`, `pot_limit`, or `unfinished`.
    pub fn ended_by(&self) -> &'static str {
        self.hand.outcome().map_or("unfinished", |o| o.ended_by.name())
    }

    pub fn winners(&self) -> Vec<String> {
        self.hand.outcome().map(|o| o.winners().iter().map(|&s| self.name(s).to_string()).collect()).unwrap_or_default()
    }

    /// The pot won, or the pot so far if the hand is unfinished.
    pub fn pot(&self) -> Chips {
        self.hand.outcome().map_or(self.hand.pot(), |o| o.pot)
    }

    /// Each player's chips won (+) or lost (-), in seat order.
    pub fn nets(&self) -> Vec<(String, i64)> {
        self.names.iter().cloned().zip(self.hand.nets()).collect()
    }

    pub fn net(&self, name: &str) -> Option<i64> {
        self.nets().into_iter().find(|(n, _)| n == name).map(|(_, v)| v)
    }

    pub fn rejected(&self) -> Vec<Rejected> {
        self.steps
            .iter()
            .filter_map(|s| match &s.outcome {
                Err(reason) => Some(Rejected { line: s.line, action: s.text.clone(), reason: reason.clone() }),
                Ok(_) => None,
            })
            .collect()
    }

    /// Every event in order, from the deal on.
    pub fn events(&self) -> Vec<&Event> {
        self.start_events.iter().chain(self.steps.iter().filter_map(|s| s.outcome.as_ref().ok()).flatten()).collect()
    }

    /// An event as JSON with seat numbers replaced by player names.
    pub fn event_json(&self, event: &Event) -> Value {
        let mut v = serde_json::to_value(event).unwrap_or(Value::Null);
        self.name_seats(&mut v, None);
        v
    }

    fn name_seats(&self, v: &mut Value, key: Option<&str>) {
        match v {
            Value::Object(map) => {
                for (k, child) in map.iter_mut() {
                    self.name_seats(child, Some(k));
                }
            }
            Value::Array(items) => {
                let seat_list = matches!(key, Some("winners" | "pair"));
                for item in items {
                    if seat_list {
                        self.name_number(item);
                    } else {
                        self.name_seats(item, None);
                    }
                }
            }
            Value::Number(_) if key.is_some_and(|k| SEAT_KEYS.contains(&k)) => self.name_number(v),
            _ => {}
        }
    }

    fn name_number(&self, v: &mut Value) {
        if let Some(seat) = v.as_u64() {
            *v = Value::String(self.name(seat as Seat).to_string());
        }
    }

    /// The result as one JSON object (what `replay --json` prints).
    pub fn to_json(&self) -> Value {
        let mut net = Map::new();
        for (name, n) in self.nets() {
            net.insert(name, json!(n));
        }
        let mut stacks = Map::new();
        for (name, s) in self.names.iter().zip(self.hand.seats()) {
            stacks.insert(name.clone(), json!(s.stack));
        }
        json!({
            "players": self.names,
            "dealer": self.name(self.setup.dealer),
            "rules": self.setup.rules,
            "winners": self.winners(),
            "pot": self.pot(),
            "net": net,
            "stacks": stacks,
            "ended_by": self.ended_by(),
            "rejected": self.rejected().iter().map(|r| json!({"line": r.line, "action": r.action, "reason": r.reason})).collect::<Vec<_>>(),
            "events": self.events().into_iter().map(|e| self.event_json(e)).collect::<Vec<_>>(),
        })
    }

    /// One event for people; None for events the transcript leaves out.
    pub fn describe(&self, event: &Event) -> Option<String> {
        let n = |s: Seat| self.name(s).to_string();
        Some(match &event.kind {
            EventKind::Started { dealer, boot, pot, seats, board } => {
                let mut s = format!("{seats} players pay the boot of {boot}; {} deals; pot {pot}", n(*dealer));
                if let Some(c) = board.common {
                    let _ = write!(s, "; common card: {c}");
                }
                if let Some(j) = board.joker {
                    let _ = write!(s, "; joker turned up: {j}");
                }
                if let Some(w) = board.wild_suit {
                    let _ = write!(s, "; wild suit turned up: {w}");
                }
                if let Some(b) = board.bust {
                    let void = if board.bust_void { " (it would bust everyone: it busts nobody)" } else { "" };
                    let _ = write!(s, "; bust card turned up: {b}{void}");
                }
                s
            }
            EventKind::Turn { seat, stake } => format!("  {} to act, stake {stake}", n(*seat)),
            EventKind::Saw { seat } => format!("{} sees", n(*seat)),
            EventKind::Cards { seat, cards } => format!("  ({} holds {})", n(*seat), format_cards(cards)),
            EventKind::Bet { seat, amount, blind, stake, pot } => {
                let kind = if *blind { "blind" } else { "chaal" };
                format!("{} bets {amount} ({kind}); stake {stake}, pot {pot}", n(*seat))
            }
            EventKind::Packed { seat, reason } => match reason {
                PackReason::Folded => format!("{} packs", n(*seat)),
                PackReason::Timeout => format!("{} runs out of time and packs", n(*seat)),
                PackReason::SideshowLost => format!("{} loses the sideshow and packs", n(*seat)),
                PackReason::Bust => format!("{} holds a bust card and packs", n(*seat)),
            },
            EventKind::ShowCalled { seat, against, cost, pot } => {
                format!("{} pays {cost} for a show against {}; pot {pot}", n(*seat), n(*against))
            }
            EventKind::SideshowAsked { seat, target, amount, stake, pot } => {
                format!("{} bets {amount} and asks {} for a sideshow; stake {stake}, pot {pot}", n(*seat), n(*target))
            }
            EventKind::SideshowDenied { seat, target } => format!("{} denies {}'s sideshow", n(*target), n(*seat)),
            EventKind::SideshowCompared { seat, target, hands, loser } => {
                let hs: Vec<String> = hands
                    .iter()
                    .map(|h| format!("{} {} ({})", n(h.seat), format_cards(&h.cards), h.value.category.label()))
                    .collect();
                format!(
                    "{} accepts {}'s sideshow; privately: {}; {} loses",
                    n(*target),
                    n(*seat),
                    hs.join(" vs "),
                    n(*loser)
                )
            }
            EventKind::PotLimitReached { pot } => format!("the pot ({pot}) reached the pot limit: every hand is shown"),
            EventKind::Showdown { hands, winners } => {
                let mut s = String::from("show:");
                for h in hands {
                    let _ = write!(s, "\n  {}: {} ({})", n(h.seat), format_cards(&h.cards), h.value.describe());
                    if let Some(made) = &h.made {
                        let counts: Vec<Card> = made.stands.iter().map(|st| st.counts_as).collect();
                        let _ = write!(s, ", counted as {}", format_cards(&counts));
                    }
                }
                let w: Vec<String> = winners.iter().map(|&s| n(s)).collect();
                let _ = write!(s, "\n  best: {}", w.join(", "));
                s
            }
            EventKind::Ended { ended_by, pot, payouts } => {
                let how = match ended_by {
                    EndedBy::LastStanding => "last one standing",
                    EndedBy::Show => "show",
                    EndedBy::PotLimit => "pot limit",
                };
                let p: Vec<String> = payouts.iter().map(|p| format!("{} takes {}", n(p.seat), p.amount)).collect();
                format!("hand over ({how}), pot {pot}: {}", p.join(", "))
            }
        })
    }

    /// A readable account of the hand (what `replay` prints).
    pub fn transcript(&self) -> String {
        let mut out = String::new();
        let r = &self.setup.rules;
        let _ = writeln!(
            out,
            "rules: {}",
            r.describe().iter().map(|(k, v)| format!("{k}={v}")).collect::<Vec<_>>().join(" ")
        );
        let seats: Vec<String> = self
            .names
            .iter()
            .zip(&self.setup.stacks)
            .enumerate()
            .map(|(i, (n, s))| {
                let cards = self.hand.seat(i).map(|s| format_cards(&s.cards)).unwrap_or_default();
                format!("{n} (stack {s}; {cards})")
            })
            .collect();
        let _ = writeln!(out, "seats: {}", seats.join(", "));
        for e in &self.start_events {
            if let Some(line) = self.describe(e) {
                let _ = writeln!(out, "{line}");
            }
        }
        for step in &self.steps {
            match &step.outcome {
                Ok(events) => {
                    let _ = writeln!(out, "[line {}] {}", step.line, step.text);
                    for e in events {
                        for line in self.describe(e).iter().flat_map(|d| d.lines()) {
                            let _ = writeln!(out, "  {line}");
                        }
                    }
                }
                Err(reason) => {
                    let _ = writeln!(out, "[line {}] {}  -> REJECTED: {reason}", step.line, step.text);
                }
            }
        }
        match self.hand.outcome() {
            Some(_) => {
                let _ =
                    writeln!(out, "winners: {} (pot {}, {})", self.winners().join(", "), self.pot(), self.ended_by());
            }
            None => {
                let _ = writeln!(out, "unfinished: pot {}, stake {}", self.hand.pot(), self.hand.stake());
            }
        }
        let nets: Vec<String> = self.nets().iter().map(|(n, v)| format!("{n} {v:+}")).collect();
        let _ = writeln!(out, "nets: {}", nets.join(", "));
        let rejected = self.rejected().len();
        if rejected > 0 {
            let _ = writeln!(out, "rejected actions: {rejected}");
        }
        out
    }
}
