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
use std::fmt::Write as _;

use serde_json::{json, Map, Value};

use super::cards::{format_cards, parse_cards, seeded_deck_with, Card};
use super::hand::{Action, Board, EndedBy, Event, EventKind, Hand, HandSetup, PackReason, RuleError, Seat, MAX_SEATS};
use super::rules::{Chips, Rules, RulesError};
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
    let mut fixed_up: Vec<Option<(usize, Vec<Card>)>> = Vec::new();
    let mut community: Option<(usize, Vec<Card>)> = None;
    let mut stock: Vec<Card> = Vec::new();
    let mut picked: Option<(usize, String)> = None;
    let mut turned: [Option<(usize, Card)>; 3] = [None; 3];
    let mut kaana_dormant: Option<usize> = None;
    let mut posts: Vec<(Seat, Chips)> = Vec::new();
    let mut seed: Option<u64> = None;
    let mut boot_given = false;
    let mut steps: Vec<Step> = Vec::new();
    let mut used_cards: HashSet<Card> = HashSet::new();

    // A UTF-8 byte-order mark (editors on Windows write one) is not part of the first line.
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
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
            let (action, bet_as, discard) = parse_action(rest, line)?;
            steps.push(Step { line, seat, action, bet_as, discard, text: content.to_string() });
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
                if boot_given {
                    return err(line, "`boot` given twice");
                }
                boot_given = true;
                rules.set("boot", value).map_err(|e| ScriptError { line: Some(line), message: e.to_string() })?;
                rules_line = Some(line);
            }
            "revision" => {
                // A hand dealt under an earlier revision of the engine's rules (`Rules::revision`), as an export
                // writes it.
                let [value] = rest else { return err(line, "usage: revision N") };
                let revision = value.parse::<u32>().ok().filter(|r| *r <= super::rules::RULES_REVISION);
                let Some(revision) = revision else {
                    let most = super::rules::RULES_REVISION;
                    return err(line, format!("`{}` is not a rules revision (0 to {most})", echo(value)));
                };
                rules.revision = revision;
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
                    if name.chars().any(crate::echo::is_unsafe) {
                        let e = echo(name);
                        return err(
                            line,
                            format!("`{e}`: a player name cannot hold control or text-direction characters"),
                        );
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
                fixed_up = vec![None; rest.len()];
                players = Some(rest.iter().map(|s| s.to_string()).collect());
            }
            "dealer" => {
                let [name] = rest else { return err(line, "usage: dealer NAME") };
                if dealer.is_some() {
                    return err(line, "`dealer` given twice");
                }
                dealer = Some(seat_of(names()?, name, line)?);
            }
            "stack" => {
                let [name, value] = rest else { return err(line, "usage: stack NAME CHIPS") };
                let seat = seat_of(names()?, name, line)?;
                let chips = value.parse::<Chips>().map_err(|_| ScriptError {
                    line: Some(line),
                    message: format!("`{}` is not a whole number of chips", echo(value)),
                })?;
                if stacks[seat].is_some() {
                    return err(line, format!("`stack` for `{}` given twice", echo(name)));
                }
                stacks[seat] = Some(chips);
            }
            "post" => {
                let [name, value] = rest else { return err(line, "usage: post NAME CHIPS") };
                let seat = seat_of(names()?, name, line)?;
                let chips = value.parse::<Chips>().ok().filter(|&c| c > 0).ok_or_else(|| ScriptError {
                    line: Some(line),
                    message: format!("`{}` is not a positive whole number of chips", echo(value)),
                })?;
                if posts.iter().any(|&(s, _)| s == seat) {
                    return err(line, format!("`post` for `{}` given twice", echo(name)));
                }
                posts.push((seat, chips));
            }
            "cards" | "up" => {
                let [name, cards @ ..] = rest else { return err(line, format!("usage: {keyword} NAME CARD ...")) };
                let seat = seat_of(names()?, name, line)?;
                let slot = if keyword == "up" { &mut fixed_up[seat] } else { &mut fixed[seat] };
                if slot.is_some() {
                    return err(line, format!("`{keyword}` for `{}` given twice", echo(name)));
                }
                *slot = Some((line, fix_cards(cards, line, &mut used_cards)?));
            }
            "community" | "common" | "stock" => {
                if rest.is_empty() {
                    return err(line, format!("usage: {keyword} CARD ..."));
                }
                let cards = fix_cards(rest, line, &mut used_cards)?;
                if keyword == "stock" {
                    stock.extend(cards);
                } else if community.is_some() {
                    return err(line, "the community cards are given twice (`community` or `common`)");
                } else {
                    community = Some((line, cards));
                }
            }
            "pick" => {
                let [variant, options @ ..] = rest else { return err(line, "usage: pick VARIANT [OPTION=VALUE ...]") };
                if picked.is_some() {
                    return err(line, "`pick` given twice");
                }
                let variant = variant
                    .parse()
                    .map_err(|e: RulesError| ScriptError { line: Some(line), message: e.to_string() })?;
                let options = options.join(" ");
                rules = rules
                    .pick(variant, &options)
                    .map_err(|e| ScriptError { line: Some(line), message: e.to_string() })?;
                picked =
                    Some((line, if options.is_empty() { variant.to_string() } else { format!("{variant} {options}") }));
                rules_line = Some(line);
            }
            "joker" | "wild_suit" | "bust" => {
                let [card] = rest else { return err(line, format!("usage: {keyword} CARD")) };
                let card: Card = card
                    .parse()
                    .map_err(|e: super::cards::CardError| ScriptError { line: Some(line), message: e.to_string() })?;
                let k = TURNED.iter().position(|(name, _)| *name == keyword).unwrap_or(0);
                if turned[k].is_some() {
                    return err(line, format!("`{keyword}` given twice"));
                }
                if card.is_joker() {
                    return err(line, format!("{card} is a printed joker: a draw names a rank or a suit"));
                }
                if !used_cards.insert(card) {
                    return err(line, format!("{card} is already fixed for a player or turned up"));
                }
                turned[k] = Some((line, card));
            }
            "kaana" => {
                let ["dormant"] = rest else { return err(line, "usage: kaana dormant") };
                if kaana_dormant.is_some() {
                    return err(line, "`kaana` given twice");
                }
                kaana_dormant = Some(line);
            }
            "seed" => {
                let [value] = rest else { return err(line, "usage: seed NUMBER") };
                if seed.is_some() {
                    return err(line, "`seed` given twice");
                }
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
    if rules.variant == super::rules::Variant::DealersChoice {
        return Err(ScriptError {
            line: rules_line,
            message: "a dealers_choice hand needs the dealer's `pick` (a variant to play)".into(),
        });
    }
    let parts = rules.parts().map_err(|e| ScriptError { line: rules_line, message: e.to_string() })?;
    let plan = parts.plan;
    let no_jokers = |line: usize, cards: &[Card]| -> Result<(), ScriptError> {
        match cards.iter().find(|c| c.is_joker()).filter(|_| parts.jokers == 0) {
            Some(joker) => {
                err(line, format!("{joker} is a printed joker, and these rules play without them (set jokers 2)"))
            }
            None => Ok(()),
        }
    };
    for (f, per, what) in [(&fixed, plan.down, "down"), (&fixed_up, plan.up, "face-up")] {
        for (seat, f) in f.iter().enumerate() {
            if let Some((line, cards)) = f {
                if cards.len() != per {
                    let name = echo(&players[seat]);
                    let dealt = if per == 1 { format!("1 {what} card") } else { format!("{per} {what} cards") };
                    return err(*line, format!("{name} is dealt exactly {dealt}, not {}", cards.len()));
                }
                no_jokers(*line, cards)?;
            }
        }
    }
    if let Some((line, cards)) = &community {
        if cards.len() > plan.community {
            let deal = n_cards(plan.community);
            return err(*line, format!("these rules deal {deal} in the middle (community), not {}", cards.len()));
        }
        no_jokers(*line, cards)?;
    }
    let wanted = parts.draws();
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
        fixed_up: fixed_up.into_iter().map(|f| f.map(|(_, c)| c)).collect(),
        community: community.map(|(_, c)| c).unwrap_or_default(),
        board: Board { joker: card(0), wild_suit: card(1), bust: card(2), ..Board::default() },
        stock,
        picked: picked.map(|(_, p)| p),
        kaana_dormant: kaana_dormant.is_some(),
        posts,
        seed: seed.unwrap_or(0),
        players,
        steps,
    })
}

/// Cards fixed by a directive: each at most once in the whole script.
fn fix_cards(words: &[&str], line: usize, used: &mut HashSet<Card>) -> Result<Vec<Card>, ScriptError> {
    let cards = parse_cards(&words.join(" ")).map_err(|e| ScriptError { line: Some(line), message: e.to_string() })?;
    for c in &cards {
        if !used.insert(*c) {
            return err(line, format!("{c} is already fixed by another line"));
        }
    }
    Ok(cards)
}

/// The message for a script over [`MAX_SCRIPT_BYTES`].
pub fn too_big(bytes: usize) -> String {
    format!("the script is larger than 1 MiB ({bytes} bytes or more); `replay` reads scripts of up to {MAX_SCRIPT_BYTES} bytes")
}

/// The seat of a player by name: at most [`MAX_SEATS`] names to look through.
fn seat_of(names: &[String], name: &str, line: usize) -> Result<Seat, ScriptError> {
    names.iter().position(|n| n == name).ok_or_else(|| ScriptError {
        line: Some(line),
        message: format!(
            "unknown player `{}` (players: {})",
            echo(name),
            names.iter().map(|n| echo(n)).collect::<Vec<_>>().join(" ")
        ),
    })
}

/// "1 card", "3 cards".
pub(crate) fn n_cards(n: usize) -> String {
    if n == 1 {
        "1 card".to_string()
    } else {
        format!("{n} cards")
    }
}

/// An action as written: `blind N`, `chaal N` or `bet N`, or an action
/// without an amount by its name (`fold` is `pack`).
fn parse_action(rest: &[&str], line: usize) -> Result<(Action, BetAs, Option<Vec<Card>>), ScriptError> {
    let Some((&word, args)) = rest.split_first() else {
        return err(line, "a player name must be followed by an action");
    };
    let word = word.to_ascii_lowercase();
    if word == "draw" {
        return parse_draw(args, line);
    }
    if let Some(bet_as) = BetAs::ALL.into_iter().find(|b| b.word() == word) {
        return match args {
            [n] => n.parse::<Chips>().map(|n| (Action::Bet(n), bet_as, None)).map_err(|_| ScriptError {
                line: Some(line),
                message: format!("`{}` is not a whole number of chips", echo(n)),
            }),
            _ => err(line, format!("usage: NAME {word} CHIPS")),
        };
    }
    // Other words players use: fold for pack; a called player's answers to a show (`show_concede`).
    let name = match word.as_str() {
        "fold" => Action::Pack.name(),
        // Declarations at a high-low show.
        "high" => Action::DeclareHigh.name(),
        "low" => Action::DeclareLow.name(),
        "reveal" => Action::Accept.name(),
        "concede" => Action::Deny.name(),
        _ => word.as_str(),
    };
    let Some(action) = Action::WITHOUT_AMOUNT.into_iter().find(|a| a.name() == name) else {
        let bets = BetAs::ALL.iter().map(|b| format!("{} N", b.word()));
        // Declarations are written as players say them.
        let plain = Action::WITHOUT_AMOUNT.iter().map(|a| match a {
            Action::DeclareHigh => "high".to_string(),
            Action::DeclareLow => "low".to_string(),
            a => a.name().to_string(),
        });
        let known = bets.chain(plain).chain(["draw CARDS".to_string()]).collect::<Vec<_>>().join(", ");
        return err(line, format!("unknown action `{}` ({known})", echo(&word)));
    };
    if !args.is_empty() {
        return err(line, format!("`{}` takes no amount", echo(&word)));
    }
    Ok((action, BetAs::Either, None))
}

/// `draw none` (stand pat), `draw 1 3` (positions from 1) or `draw Ks 2c` (the cards themselves).
fn parse_draw(args: &[&str], line: usize) -> Result<(Action, BetAs, Option<Vec<Card>>), ScriptError> {
    if args.is_empty() || args.iter().all(|a| a.eq_ignore_ascii_case("none")) {
        return Ok((Action::Draw(0), BetAs::Either, None));
    }
    if args.iter().all(|a| a.parse::<u8>().is_ok()) {
        let mut mask = 0u8;
        for a in args {
            match a.parse::<u8>() {
                Ok(n @ 1..=8) => mask |= 1 << (n - 1),
                _ => return err(line, format!("`{}`: draw positions are 1 to 8", echo(a))),
            }
        }
        return Ok((Action::Draw(mask), BetAs::Either, None));
    }
    let cards = parse_cards(&args.join(" ")).map_err(|e| ScriptError { line: Some(line), message: e.to_string() })?;
    Ok((Action::Draw(0), BetAs::Either, Some(cards)))
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

const SEAT_KEYS: &[&str] = &["seat", "target", "against", "dealer", "loser"];

impl Replay {
    pub fn name(&self, seat: Seat) -> &str {
        self.names.get(seat).map_or("?", String::as_str)
    }

    /// `last_standing`, `show`, `pot_limit`, `agreed`, or `unfinished`.
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
            EventKind::Started { dealer, boot, pot, seats, board, ante_by } => {
                let mut s = match ante_by {
                    Some(a) => format!("{} antes {pot} for {seats} players (boot {boot}); {} deals", n(*a), n(*dealer)),
                    None => format!("{seats} players pay the boot of {boot}; {} deals; pot {pot}", n(*dealer)),
                };
                for (seat, up) in board.up.iter().enumerate().filter(|(_, up)| !up.is_empty()) {
                    let _ = write!(s, "; {} shows {}", n(seat), format_cards(up));
                }
                if !board.community.is_empty() {
                    let _ = write!(s, "; community: {}", format_cards(&board.community));
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
            EventKind::Posted { seat, amount, pot } => {
                format!("{} posts {amount}, the ante they missed, to come back in; pot {pot}", n(*seat))
            }
            EventKind::Cards { seat, cards } => format!("  ({} holds {})", n(*seat), format_cards(cards)),
            EventKind::Sees { seat, hands } => {
                let seen: Vec<String> =
                    hands.iter().map(|(o, cards)| format!("{} {}", n(*o), format_cards(cards))).collect();
                format!("  ({} sees {})", n(*seat), seen.join(", "))
            }
            EventKind::RoundEnded { round } => format!("betting round {round} ends"),
            EventKind::CommunityTurned { card, index } => format!("community card {} turned up: {card}", index + 1),
            EventKind::PhaseChanged { phase } => match phase {
                super::hand::Phase::Drawing => "the players draw, from the dealer's left".to_string(),
                super::hand::Phase::Betting => "the draw is over; betting resumes".to_string(),
                super::hand::Phase::Declaring => "every player still in declares high or low, in secret".to_string(),
            },
            EventKind::Drew { seat, count, cost, pot } => match count {
                0 => format!("{} stands pat", n(*seat)),
                _ => format!("{} changes {count} card(s) for {cost}; pot {pot}", n(*seat)),
            },
            EventKind::Bet { seat, amount, blind, stake, pot } => {
                let kind = if *blind { "blind" } else { "chaal" };
                format!("{} bets {amount} ({kind}); stake {stake}, pot {pot}", n(*seat))
            }
            EventKind::Packed { seat, reason } => match reason {
                PackReason::Folded => format!("{} packs", n(*seat)),
                PackReason::Timeout => format!("{} runs out of time and packs", n(*seat)),
                PackReason::SideshowLost => format!("{} loses the sideshow and packs", n(*seat)),
                PackReason::Bust => format!("{} holds a bust card and packs", n(*seat)),
                PackReason::Conceded => format!("{} concedes the show without showing", n(*seat)),
            },
            EventKind::ShowCalled { seat, against, cost, pot } if seat == against => {
                format!("{} pays {cost} for a show of every hand; pot {pot}", n(*seat))
            }
            EventKind::ShowCalled { seat, against, cost, pot } => {
                format!("{} pays {cost} for a show against {}; pot {pot}", n(*seat), n(*against))
            }
            EventKind::SideshowAsked { seat, target, amount: 0, .. } => {
                format!("{} asks {} for a sideshow (the bet comes after)", n(*seat), n(*target))
            }
            EventKind::SideshowAsked { seat, target, amount, stake, pot } => {
                format!("{} bets {amount} and asks {} for a sideshow; stake {stake}, pot {pot}", n(*seat), n(*target))
            }
            EventKind::SideshowDenied { seat, target } => format!("{} denies {}'s sideshow", n(*target), n(*seat)),
            EventKind::SplitOffered { seat, target } => format!("{} offers {} to share the pot", n(*seat), n(*target)),
            EventKind::SplitRefused { seat, target } => {
                format!("{} refuses {}'s offer to share the pot", n(*target), n(*seat))
            }
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
            EventKind::RoundLimitReached { round } => {
                format!("{round} betting rounds have ended: a compulsory show of every hand")
            }
            EventKind::Declared { seat } => format!("{} declares", n(*seat)),
            EventKind::Declarations { high, low } => {
                let names = |seats: &[Seat]| seats.iter().map(|&s| n(s)).collect::<Vec<_>>().join(", ");
                format!("declarations: high {}; low {}", or_nobody(names(high)), or_nobody(names(low)))
            }
            EventKind::HalvesWon { high, low } => {
                let names = |seats: &[Seat]| seats.iter().map(|&s| n(s)).collect::<Vec<_>>().join(", ");
                format!("high half: {}; low half: {}", or_nobody(names(high)), or_nobody(names(low)))
            }
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
                    EndedBy::Agreed => "shared by agreement",
                    EndedBy::RoundLimit => "compulsory show",
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

/// A list of names, or "nobody".
fn or_nobody(names: String) -> String {
    if names.is_empty() {
        "nobody".to_string()
    } else {
        names
    }
}
