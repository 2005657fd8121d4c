//! The readable account of a replayed hand script (what `teenpatti-bot replay` prints): each public event in the
//! words Discord shows it with (`event_line`, English, the seats by the script's names, without markdown), what
//! only a player sees in parentheses, and the pot as it stands after each bet.

use std::fmt::Write as _;

use super::{event_line, hand_text, value_text};
use crate::engine::cards::format_cards;
use crate::engine::rules::DealPlan;
use crate::engine::script::Replay;
use crate::engine::{Event, EventKind};
use crate::i18n::Lang;
use crate::tr;

/// The transcript's language: a script's reader is its writer, at a terminal.
const LANG: Lang = Lang::En;

/// A readable account of the hand: the rules and seats, each step with what it did (or why it was refused), the
/// winners and each player's net.
pub fn transcript(r: &Replay) -> String {
    let mut out = String::new();
    let rules = &r.setup.rules;
    // A replay's rules combine (the script was refused otherwise).
    let plan = rules.parts().map(|p| p.plan).unwrap_or_default();
    let described: Vec<String> = rules.describe().iter().map(|(k, v)| format!("{k}={v}")).collect();
    let _ = writeln!(out, "rules: {}", described.join(" "));
    let seats: Vec<String> = r
        .names
        .iter()
        .zip(&r.setup.stacks)
        .enumerate()
        .map(|(i, (n, s))| {
            let cards = r.hand.seat(i).map(|s| format_cards(&s.cards)).unwrap_or_default();
            format!("{n} (stack {s}; {cards})")
        })
        .collect();
    let _ = writeln!(out, "seats: {}", seats.join(", "));
    for e in &r.start_events {
        if let Some(line) = describe(r, &plan, e) {
            let _ = writeln!(out, "{line}");
        }
    }
    for step in &r.steps {
        match &step.outcome {
            Ok(events) => {
                let _ = writeln!(out, "[line {}] {}", step.line, step.text);
                for e in events {
                    for line in describe(r, &plan, e).iter().flat_map(|d| d.lines()) {
                        let _ = writeln!(out, "  {line}");
                    }
                }
            }
            Err(reason) => {
                let _ = writeln!(out, "[line {}] {}  -> REJECTED: {reason}", step.line, step.text);
            }
        }
    }
    match r.hand.outcome() {
        Some(_) => {
            let _ = writeln!(out, "winners: {} (pot {}, {})", r.winners().join(", "), r.pot(), r.ended_by());
        }
        None => {
            let _ = writeln!(out, "unfinished: pot {}, stake {}", r.hand.pot(), r.hand.stake());
        }
    }
    let nets: Vec<String> = r.nets().iter().map(|(n, v)| format!("{n} {v:+}")).collect();
    let _ = writeln!(out, "nets: {}", nets.join(", "));
    let rejected = r.rejected().len();
    if rejected > 0 {
        let _ = writeln!(out, "rejected actions: {rejected}");
    }
    out
}

/// One event: its public line (as Discord shows it) with the pot after a bet, or what one player sees, in
/// parentheses; None for an event nobody is told of.
fn describe(r: &Replay, plan: &DealPlan, e: &Event) -> Option<String> {
    let name = |seat: usize| r.name(seat).to_string();
    let private = match &e.kind {
        EventKind::Turn { seat, stake } => Some(tr!(LANG, "script-turn", player = name(*seat), stake = *stake)),
        EventKind::Cards { seat, cards } => {
            Some(tr!(LANG, "script-holds", player = name(*seat), cards = hand_text(cards)))
        }
        EventKind::Sees { seat, hands } => {
            let seen: Vec<String> =
                hands.iter().map(|(o, cards)| format!("{} {}", name(*o), hand_text(cards))).collect();
            Some(tr!(LANG, "script-sees", player = name(*seat), hands = seen.join(", ")))
        }
        EventKind::SideshowCompared { hands, loser, .. } => {
            let shown: Vec<String> = hands
                .iter()
                .map(|h| format!("{} {} ({})", name(h.seat), hand_text(&h.cards), value_text(LANG, &h.value)))
                .collect();
            Some(tr!(LANG, "script-sideshow-compared", hands = shown.join(" vs "), loser = name(*loser)))
        }
        _ => None,
    };
    if private.is_some() {
        return private;
    }
    let line = event_line(LANG, &name, plan, e)?.replace("**", "");
    let pot = match &e.kind {
        EventKind::Bet { stake, pot, .. } | EventKind::SideshowAsked { stake, pot, .. } => {
            Some(tr!(LANG, "script-stake-pot", stake = *stake, pot = *pot))
        }
        EventKind::Drew { pot, count: 1.., .. } | EventKind::ShowCalled { pot, .. } | EventKind::Posted { pot, .. } => {
            Some(tr!(LANG, "script-pot", pot = *pot))
        }
        _ => None,
    };
    Some(match pot {
        Some(pot) => format!("{line} {pot}"),
        None => line,
    })
}
