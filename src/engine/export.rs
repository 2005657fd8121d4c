//! Hand export: a played hand written out as a hand script ([`super::script`]) that needs no seed. Every
//! player's down and face-up cards, every community card, the turned-up draws and the undealt pack are written
//! out card by card, then the actions in order, so `teenpatti-bot replay` plays the same hand to the same end.

use std::collections::HashSet;
use std::fmt::Write as _;

use super::cards::format_cards;
use super::hand::{Action, Hand, HandSetup, RuleError, Seat};
use super::rules::Rules;
use super::script::MAX_NAME_CHARS;

/// Why a hand cannot be written out: its setup or one of its actions no longer plays (a stored hand that no
/// longer replays).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ExportError {
    #[error("the hand cannot start: {0}")]
    Start(RuleError),
    #[error("action {index} ({seat} {action}) is refused: {error}")]
    Action { index: usize, seat: Seat, action: &'static str, error: RuleError },
}

/// The script of the hand dealt by `setup` and played by `actions`, the seats named by `names` (made into
/// script names: letters, digits, `_` and `-`, unique; otherwise `P1`, `P2`, ...). `comments` go first, each
/// on a `#` line.
pub fn export(
    setup: &HandSetup,
    actions: &[(Seat, Action)],
    names: &[String],
    comments: &[String],
) -> Result<String, ExportError> {
    let (mut hand, _) = Hand::start(setup).map_err(ExportError::Start)?;
    let n = setup.stacks.len();
    let names = script_names(names, n);
    let mut out = String::new();
    for c in comments {
        // A comment is one line: a newline in it would start a directive.
        let _ = writeln!(out, "# {}", c.replace(['\r', '\n'], " "));
    }
    write_rules(&mut out, &setup.rules);
    let _ = writeln!(out, "players {}", names.join(" "));
    let _ = writeln!(out, "dealer {}", names[setup.dealer.min(n - 1)]);
    for (seat, stack) in setup.stacks.iter().enumerate() {
        let _ = writeln!(out, "stack {} {stack}", names[seat]);
    }
    for &(seat, chips) in &setup.posts {
        if let Some(name) = names.get(seat) {
            let _ = writeln!(out, "post {name} {chips}");
        }
    }
    if setup.kaana_dormant {
        out.push_str("kaana dormant\n");
    }
    for (seat, state) in hand.seats().iter().enumerate() {
        let _ = writeln!(out, "cards {} {}", names[seat], format_cards(&state.cards));
        if !state.up.is_empty() {
            let _ = writeln!(out, "up {} {}", names[seat], format_cards(&state.up));
        }
    }
    if !hand.all_community().is_empty() {
        let _ = writeln!(out, "community {}", format_cards(hand.all_community()));
    }
    let board = hand.board().clone();
    let draws = setup.rules.parts().map(|p| p.draws()).unwrap_or_default();
    for ((word, card), on) in
        [("joker", board.joker), ("wild_suit", board.wild_suit), ("bust", board.bust)].iter().zip(draws)
    {
        if let (Some(card), true) = (card, on) {
            let _ = writeln!(out, "{word} {card}");
        }
    }
    if !hand.stock().is_empty() {
        let _ = writeln!(out, "stock {}", format_cards(hand.stock()));
    }
    // The players holding a bust card are packed by `replay` at the deal, as the table packed them: their
    // recorded packs are not written again.
    let mut busted: Vec<Seat> = hand.must_pack();
    let mut actions = actions.iter().enumerate().peekable();
    while let Some(&(_, &(seat, Action::Pack))) = actions.peek() {
        let Some(k) = busted.iter().position(|&s| s == seat) else { break };
        busted.remove(k);
        hand.apply(seat, Action::Pack).map_err(|error| ExportError::Action {
            index: 0,
            seat,
            action: "pack",
            error,
        })?;
        actions.next();
    }
    for (index, &(seat, action)) in actions {
        let name = names.get(seat).map_or("?", String::as_str);
        let line = match action {
            Action::Bet(chips) => {
                let word = if hand.seat(seat).is_some_and(|s| s.seen) { "chaal" } else { "blind" };
                format!("{name} {word} {chips}")
            }
            Action::Draw(0) => format!("{name} draw none"),
            Action::Draw(mask) => {
                let positions: Vec<String> =
                    (0..8).filter(|i| mask & (1 << i) != 0).map(|i| (i + 1).to_string()).collect();
                format!("{name} draw {}", positions.join(" "))
            }
            Action::DeclareHigh => format!("{name} high"),
            Action::DeclareLow => format!("{name} low"),
            other => format!("{name} {}", other.name()),
        };
        hand.apply(seat, action).map_err(|error| ExportError::Action { index, seat, action: action.name(), error })?;
        out.push_str(&line);
        out.push('\n');
    }
    Ok(out)
}

/// `rules VARIANT`, `boot N`, then a `set` line for each option that differs from the variant's preset.
fn write_rules(out: &mut String, rules: &Rules) {
    let preset = Rules { variant: rules.variant, ..Rules::default() };
    let _ = writeln!(out, "rules {}", rules.variant);
    let _ = writeln!(out, "boot {}", rules.boot);
    for ((name, value), (_, default)) in rules.describe().into_iter().zip(preset.describe()) {
        if name != "variant" && name != "boot" && value != default {
            let _ = writeln!(out, "set {name} {value}");
        }
    }
    // A hand dealt under an earlier revision of the engine's rules replays under it.
    if rules.revision != preset.revision {
        let _ = writeln!(out, "revision {}", rules.revision);
    }
}

/// Each seat's name as a script may write it: the given name's letters, digits, `_` and `-` (at most
/// [`MAX_NAME_CHARS`]), or `P<seat>` when that leaves nothing, a directive word or a name already taken.
fn script_names(names: &[String], n: usize) -> Vec<String> {
    let mut taken = HashSet::new();
    let fallback: HashSet<String> = (1..=n).map(|i| format!("p{i}")).collect();
    (0..n)
        .map(|seat| {
            let raw = names.get(seat).map(String::as_str).unwrap_or("");
            let clean: String =
                raw.chars().filter(|c| c.is_alphanumeric() || *c == '_' || *c == '-').take(MAX_NAME_CHARS).collect();
            let lower = clean.to_lowercase();
            let usable = !clean.is_empty()
                && !super::script::is_directive(&lower)
                && !fallback.contains(&lower)
                && taken.insert(lower);
            if usable {
                clean
            } else {
                format!("P{}", seat + 1)
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::cards::seeded_deck_with;
    use crate::engine::script::run_script;

    #[test]
    fn names_are_made_script_names() {
        let names: Vec<String> = ["Asha Rao", "stock", "", "Asha_Rao", "p2", "Ravi"].map(String::from).to_vec();
        assert_eq!(script_names(&names, 6), ["AshaRao", "P2", "P3", "Asha_Rao", "P5", "Ravi"]);
        assert_eq!(script_names(&[], 2), ["P1", "P2"]);
    }

    #[test]
    fn an_exported_hand_replays_to_the_same_end() {
        let rules = Rules { boot: 5, ..Rules::default() };
        let setup = HandSetup {
            rules,
            stacks: vec![500, 400, 300],
            dealer: 2,
            deck: seeded_deck_with(7, 0),
            kaana_dormant: false,
            posts: Vec::new(),
        };
        let actions =
            [(0, Action::Bet(5)), (1, Action::See), (1, Action::Bet(10)), (2, Action::Pack), (0, Action::Show)];
        let (hand, _) = Hand::replay(&setup, &actions).expect("plays");
        let names = ["Asha".to_string(), "Ravi".to_string(), "Meena".to_string()];
        let text = export(&setup, &actions, &names, &["hand 1".into()]).expect("exports");
        assert!(text.starts_with("# hand 1\nrules classic\nboot 5\nplayers Asha Ravi Meena\n"), "{text}");
        assert!(text.contains("Asha blind 5\nRavi see\nRavi chaal 10\nMeena pack\nAsha show\n"), "{text}");
        assert!(!text.contains("seed"), "{text}");
        let replay = run_script(&text).expect("runs");
        assert!(replay.rejected().is_empty(), "{:?}", replay.rejected());
        assert_eq!(replay.hand.outcome(), hand.outcome());
        for seat in 0..3 {
            assert_eq!(replay.hand.seat(seat).map(|s| &s.cards), hand.seat(seat).map(|s| &s.cards));
        }
    }

    /// A hand dealt under an earlier rules revision (a draw that took the pot to the limit ended it then) is
    /// written with its revision, and replays to the same end.
    #[test]
    fn an_older_revision_is_written_and_replayed() {
        let mut rules = Rules::preset("draw").unwrap();
        rules.pot_limit = Some(5);
        rules.revision = 0;
        let setup = HandSetup {
            rules,
            stacks: vec![100; 3],
            dealer: 2,
            deck: seeded_deck_with(3, 0),
            kaana_dormant: false,
            posts: Vec::new(),
        };
        let actions = [(0, Action::Draw(0b011))];
        let (hand, _) = Hand::replay(&setup, &actions).expect("plays");
        assert!(hand.is_over(), "revision 0: the draw showed the hand down");
        let text = export(&setup, &actions, &[], &[]).expect("exports");
        assert!(text.contains("\nrevision 0\n"), "{text}");
        let replay = run_script(&text).expect("runs");
        assert_eq!(replay.hand.outcome(), hand.outcome());
    }
}
