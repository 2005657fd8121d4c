//! Button `custom_id`s: structured, so a button works after a restart with no
//! in-memory collector, and a stale or forged one is recognised.
//!
//! Format: `tp:<table>:<hand>:<seq>:<tag>[:<amount>]`, at most 100 characters.
//! `hand` is 0 for lobby buttons; `seq` is the number of actions the hand had
//! when the button was drawn (bets, shows and sideshows must match it, so a
//! double click or a click on an old message is refused; see and pack only
//! need the hand to match). The tag names the [`Command`] the button sends.
//! The dealer's-choice prompt and menu (`pickmenu`, `pick`) belong to no hand: their `seq` is the choice's round.
//!
//! Parsing is canonical: each id has exactly one spelling, the one [`ButtonId`]'s `Display` writes (numbers
//! in plain decimal digits, no sign, no leading zero; a bet from 1 to the engine's largest amount), so
//! `parse(format(id)) == id` and `format(parse(s)) == s`. Anything else is a forged id, refused at the door.

use std::fmt;
use std::str::FromStr;

use super::Command;
use crate::engine::rules::MAX_AMOUNT;
use crate::engine::Action;
use crate::ids::{HandId, TableId};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ButtonId {
    pub table: TableId,
    /// The hand the button belongs to; `None` for the lobby's buttons (Join, Leave, Start, I'm back).
    pub hand: Option<HandId>,
    pub seq: u32,
    pub command: Command,
}

impl ButtonId {
    /// A menu's values into the command (None: a button, which carries none): the positions chosen of a draw
    /// menu become the draw's mask (a button carrying the draw, Stand pat, chooses none); the game chosen in the
    /// dealer's menu becomes the pick. `None` for values no menu of ours offers. Every presenter's clicks go
    /// through this (Discord's selects, the Activity's menus).
    pub fn with_values(mut self, values: Option<&[String]>) -> Option<ButtonId> {
        match (self.command, values) {
            (Command::Play(Action::Draw(_)), Some(values)) => {
                let mut mask = 0u8;
                for v in values {
                    let i: u8 = v.parse().ok().filter(|i| *i < 8)?;
                    if mask & 1 << i != 0 {
                        return None;
                    }
                    mask |= 1 << i;
                }
                self.command = Command::Play(Action::Draw(mask));
                Some(self)
            }
            (Command::Pick(_), Some(values)) => {
                let [value] = values else { return None };
                let variant = value.parse().ok().filter(|v| *v != crate::engine::Variant::DealersChoice)?;
                self.command = Command::Pick(variant);
                Some(self)
            }
            (_, Some(_)) => None,
            // The game is chosen from the menu only.
            (Command::Pick(_), None) => None,
            (Command::Play(Action::Draw(_)), None) => {
                self.command = Command::Play(Action::Draw(0));
                Some(self)
            }
            (_, None) => Some(self),
        }
    }

    /// Whether a click must come from the exact turn it was drawn for.
    pub fn needs_current_turn(&self) -> bool {
        matches!(
            self.command,
            Command::Play(Action::Bet(_) | Action::Show | Action::Sideshow | Action::Draw(_) | Action::Split)
                | Command::DrawMenu
        )
    }
}

/// The tag of each command a button can carry. Commands not listed here (close, status, a timeout) are never
/// drawn as buttons, and a custom_id naming them is refused.
fn tag(command: Command) -> Option<&'static str> {
    Some(match command {
        Command::Join => "join",
        Command::Leave => "leave",
        Command::Start => "start",
        Command::Back => "back",
        Command::Cards => "cards",
        Command::DrawMenu => "drawmenu",
        Command::PickMenu => "pickmenu",
        Command::Pick(_) => "pick",
        Command::Play(Action::Draw(_)) => "draw",
        Command::Play(Action::See) => "see",
        Command::Play(Action::Bet(_)) => "bet",
        Command::Play(Action::Pack) => "pack",
        Command::Play(Action::Show) => "show",
        Command::Play(Action::Sideshow) => "side",
        Command::Play(Action::Accept) => "accept",
        Command::Play(Action::Deny) => "deny",
        Command::Play(Action::Split) => "split",
        Command::Play(Action::DeclareHigh) => "high",
        Command::Play(Action::DeclareLow) => "low",
        Command::Close
        | Command::Status
        | Command::Entropy
        | Command::AddBot(_)
        | Command::RemoveBot
        | Command::Odds
        | Command::EndTournament
        | Command::ChannelGone
        | Command::MessageGone(_)
        | Command::Silenced
        | Command::Post
        | Command::Play(Action::Timeout) => return None,
    })
}

impl fmt::Display for ButtonId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let hand = self.hand.map_or(0, HandId::get);
        write!(f, "tp:{}:{hand}:{}:{}", self.table, self.seq, tag(self.command).unwrap_or("none"))?;
        if let Command::Play(Action::Bet(n)) = self.command {
            write!(f, ":{n}")?;
        }
        Ok(())
    }
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unrecognised button")]
pub struct BadButton;

impl FromStr for ButtonId {
    type Err = BadButton;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        if s.len() > 100 {
            return Err(BadButton);
        }
        let parts: Vec<&str> = s.split(':').collect();
        let (table, hand, seq, name, amount) = match parts.as_slice() {
            ["tp", t, h, q, v] => (*t, *h, *q, *v, None),
            ["tp", t, h, q, v, a] => (*t, *h, *q, *v, Some(*a)),
            _ => return Err(BadButton),
        };
        let table = number(table, 1, i64::MAX as u64)? as i64;
        let hand = number(hand, 0, i64::MAX as u64)? as i64;
        let seq = number(seq, 0, u64::from(u32::MAX))? as u32;
        let command = match (name, amount) {
            ("bet", Some(a)) => Command::Play(Action::Bet(number(a, 1, MAX_AMOUNT)?)),
            (name, None) => BUTTONS.iter().copied().find(|c| tag(*c) == Some(name)).ok_or(BadButton)?,
            _ => return Err(BadButton),
        };
        Ok(ButtonId { table: TableId(table), hand: (hand > 0).then_some(HandId(hand)), seq, command })
    }
}

/// A number as `Display` writes it, in `min..=max`: ASCII digits only, no sign, no leading zero.
fn number(s: &str, min: u64, max: u64) -> Result<u64, BadButton> {
    let canonical = s.bytes().all(|b| b.is_ascii_digit()) && (s == "0" || !s.starts_with('0'));
    let n = s.parse::<u64>().ok().filter(|n| canonical && (min..=max).contains(n));
    n.ok_or(BadButton)
}

/// Every command a button can carry, but bets (which carry their amount).
const BUTTONS: [Command; 18] = [
    Command::Join,
    Command::Leave,
    Command::Start,
    Command::Back,
    Command::Cards,
    Command::Play(Action::See),
    Command::Play(Action::Pack),
    Command::Play(Action::Show),
    Command::Play(Action::Sideshow),
    Command::Play(Action::Accept),
    Command::Play(Action::Deny),
    Command::DrawMenu,
    // A select menu's id: the cards chosen come with the interaction (its values).
    Command::Play(Action::Draw(0)),
    Command::PickMenu,
    Command::Play(Action::Split),
    Command::Play(Action::DeclareHigh),
    Command::Play(Action::DeclareLow),
    // The dealer's menu of games: the game chosen comes with the interaction.
    Command::Pick(crate::engine::Variant::Classic),
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip() {
        let all = BUTTONS.iter().copied().chain([Command::Play(Action::Bet(MAX_AMOUNT))]);
        for command in all {
            for hand in [None, Some(HandId(i64::MAX))] {
                let id = ButtonId { table: TableId(i64::MAX), hand, seq: u32::MAX, command };
                let s = id.to_string();
                assert!(s.len() <= 100, "{s}");
                assert_eq!(s.parse::<ButtonId>(), Ok(id));
            }
        }
    }

    #[test]
    fn forged_ids_are_refused() {
        for s in [
            "",
            "tp",
            "tp:1:2:3",
            "tp:1:2:3:bet",
            "tp:1:2:3:bet:-5",
            "tp:1:2:3:bet:x",
            "tp:x:2:3:see",
            "tp:0:2:3:see",
            "tp:1:-2:3:see",
            "tp:1:2:3:fold",
            "xx:1:2:3:see",
            "tp:1:2:3:see:9",
            "tp:1:2:3:none",
            "tp:1:2:3:timeout",
            "tp:1:2:3:close",
        ] {
            assert_eq!(s.parse::<ButtonId>(), Err(BadButton), "{s}");
        }
        assert!(format!("tp:1:2:3:bet:{}", "9".repeat(100)).parse::<ButtonId>().is_err());
    }

    /// One spelling per id: no sign, no leading zero, no amount past what a bet can be.
    #[test]
    fn non_canonical_spellings_are_refused() {
        for s in [
            "tp:+1:05:+3:join",
            "tp:+1:0:0:join",
            "tp:01:0:0:join",
            "tp:1:00:0:join",
            "tp:1:05:0:see",
            "tp:1:0:+0:join",
            "tp:1:0:00:join",
            "tp:1:2:03:see",
            "tp:1:2:3:bet:+5",
            "tp:1:2:3:bet:05",
            "tp:1:2:3:bet:0",
            "tp:1:2:3:bet:1000000000001",
            "tp:1:2:3:bet:18446744073709551615",
            "tp:1:2:3:JOIN",
            "tp: 1:2:3:see",
            "tp:1:2:3:see ",
            "tp:\u{661}:2:3:see",
            "tp:9223372036854775808:2:3:see",
            "tp:1:2:4294967296:see",
        ] {
            assert_eq!(s.parse::<ButtonId>(), Err(BadButton), "{s}");
        }
        assert!("tp:1:2:3:bet:1000000000000".parse::<ButtonId>().is_ok());
    }

    fn any_command() -> impl proptest::strategy::Strategy<Value = Command> {
        use proptest::prelude::*;
        prop_oneof![
            proptest::sample::select(BUTTONS.to_vec()),
            (1..=crate::engine::rules::MAX_AMOUNT).prop_map(|n| Command::Play(Action::Bet(n))),
        ]
    }

    proptest::proptest! {
        /// parse(format(id)) == id for every id a button can carry.
        #[test]
        fn format_then_parse_is_the_identity(
            table in 1..=i64::MAX,
            hand in proptest::option::of(1..=i64::MAX),
            seq: u32,
            command in any_command(),
        ) {
            let id = ButtonId { table: TableId(table), hand: hand.map(HandId), seq, command };
            proptest::prop_assert_eq!(id.to_string().parse::<ButtonId>(), Ok(id));
        }

        /// format(parse(s)) == s for every accepted s: strings near the format (digits, signs, zeros, tags)
        /// are either refused or the one spelling of their id.
        #[test]
        fn every_accepted_string_is_canonical(
            s in "tp:[+0-9]{1,4}:[+0-9]{1,3}:[+0-9]{1,3}:(join|leave|see|bet|pack|side)(:[+0-9]{0,14})?",
        ) {
            if let Ok(id) = s.parse::<ButtonId>() {
                proptest::prop_assert_eq!(id.to_string(), s);
            }
        }
    }
}
