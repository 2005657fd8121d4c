//! One line per public event, as the hand message and `/history` show it.

use super::{board_lines, hand_text, made_text, value_text, who};
use crate::engine::hand::{EndedBy, PackReason, Phase};
use crate::engine::rules::DealPlan;
use crate::engine::{Event, EventKind};
use crate::ids::UserId;

/// One line for a public event; `users[seat]` names each seat. Private events have none.
pub fn event_line(users: &[UserId], plan: &DealPlan, e: &Event) -> Option<String> {
    let hand = users;
    Some(match &e.kind {
        EventKind::Started { boot, pot, seats, board, dealer, ante_by } => {
            let mut s = match ante_by {
                Some(a) => format!(
                    "{} anted {pot} for all {seats} players (boot {boot}); {} deals.",
                    who(hand, *a),
                    who(hand, *dealer)
                ),
                None => format!("{seats} players paid the boot of {boot} (pot {pot}); {} deals.", who(hand, *dealer)),
            };
            for line in board_lines(users, board, plan) {
                s.push(' ');
                s.push_str(&line);
            }
            s
        }
        EventKind::Turn { .. }
        | EventKind::Cards { .. }
        | EventKind::SideshowCompared { .. }
        | EventKind::Sees { .. } => return None,
        EventKind::RoundEnded { round } => format!("Betting round {round} is over."),
        EventKind::CommunityTurned { card, .. } => match plan.community_use {
            crate::engine::rules::CommunityUse::InHand => format!("Community card turned up: **{}**.", card.pretty()),
            crate::engine::rules::CommunityUse::WildRanks => {
                format!("Community joker turned up: **{}**: every {} is wild.", card.pretty(), card.rank.symbol())
            }
        },
        EventKind::PhaseChanged { phase: Phase::Drawing } => {
            "The draw: each player in turn from the dealer's left may change cards (or stand pat).".to_string()
        }
        EventKind::PhaseChanged { phase: Phase::Betting } => "The draw is over; betting resumes.".to_string(),
        EventKind::PhaseChanged { phase: Phase::Declaring } => {
            "Declare: every player still in chooses high or low, in secret; all are revealed together.".to_string()
        }
        EventKind::Declared { seat } => format!("{} has declared.", who(hand, *seat)),
        EventKind::Declarations { high, low } => {
            format!("Declarations: high {}; low {}.", names(hand, high), names(hand, low))
        }
        EventKind::HalvesWon { high, low } => {
            format!("High half: {}. Low half: {}.", names(hand, high), names(hand, low))
        }
        EventKind::RoundLimitReached { round } => {
            format!("{round} betting rounds are over: a compulsory show, every hand is shown.")
        }
        EventKind::Drew { seat, count: 0, .. } => format!("{} stood pat.", who(hand, *seat)),
        EventKind::Drew { seat, count, cost, .. } => {
            format!("{} changed {count} card{} (paid {cost}).", who(hand, *seat), if *count == 1 { "" } else { "s" })
        }
        EventKind::Saw { seat } => format!("{} looked at their cards.", who(hand, *seat)),
        EventKind::Posted { seat, amount, .. } => {
            format!("{} posted {amount}, the ante they missed while sitting out, to come back in.", who(hand, *seat))
        }
        EventKind::Bet { seat, amount, blind, .. } => {
            format!("{} bet {amount} {}.", who(hand, *seat), if *blind { "blind" } else { "(chaal)" })
        }
        EventKind::Packed { seat, reason } => match reason {
            PackReason::Folded => format!("{} packed.", who(hand, *seat)),
            PackReason::Timeout => format!("{} ran out of time and packed.", who(hand, *seat)),
            PackReason::SideshowLost => format!("{} lost the sideshow and packed.", who(hand, *seat)),
            PackReason::Bust => format!("{} holds a bust card and packed.", who(hand, *seat)),
            PackReason::Conceded => format!("{} conceded the show without showing.", who(hand, *seat)),
        },
        EventKind::ShowCalled { seat, against, cost, .. } if seat == against => {
            format!("{} paid {cost} for a show: every hand still in is shown.", who(hand, *seat))
        }
        EventKind::ShowCalled { seat, against, cost, .. } => {
            format!("{} paid {cost} for a show against {}.", who(hand, *seat), who(hand, *against))
        }
        // Asked first (`sideshow_order=ask_first`): the bet comes after.
        EventKind::SideshowAsked { seat, target, amount: 0, .. } => {
            format!("{} asked {} for a sideshow.", who(hand, *seat), who(hand, *target))
        }
        EventKind::SideshowAsked { seat, target, amount, .. } => {
            format!("{} bet {amount} and asked {} for a sideshow.", who(hand, *seat), who(hand, *target))
        }
        EventKind::SideshowDenied { seat, target } => {
            format!("{} refused {}'s sideshow.", who(hand, *target), who(hand, *seat))
        }
        EventKind::SplitOffered { seat, target } => {
            format!("{} offered {} to end the hand and share the pot.", who(hand, *seat), who(hand, *target))
        }
        EventKind::SplitRefused { seat, target } => {
            format!("{} refused {}'s offer to share the pot.", who(hand, *target), who(hand, *seat))
        }
        EventKind::PotLimitReached { pot } => format!("The pot reached the limit ({pot}): every hand is shown."),
        EventKind::Showdown { hands, .. } => hands
            .iter()
            .map(|h| {
                let made = h.made.as_ref().map(|m| format!(", counted as {}", made_text(m))).unwrap_or_default();
                format!("{} shows {} ({}{made})", who(hand, h.seat), hand_text(&h.cards), value_text(&h.value))
            })
            .collect::<Vec<_>>()
            .join("\n"),
        EventKind::Ended { ended_by, pot, payouts } => {
            let winners = payouts
                .iter()
                .map(|p| format!("{} wins {}", who(hand, p.seat), p.amount))
                .collect::<Vec<_>>()
                .join(", ");
            let how = match ended_by {
                EndedBy::LastStanding => "everyone else packed",
                EndedBy::Show => "show",
                EndedBy::PotLimit => "pot limit",
                EndedBy::Agreed => "shared by agreement, no cards shown",
                EndedBy::RoundLimit => "compulsory show",
            };
            format!("🏆 {winners} (pot {pot}, {how}).")
        }
    })
}

/// Seats by mention, or "nobody" (a half of a high-low pot that no hand won).
fn names(users: &[UserId], seats: &[usize]) -> String {
    if seats.is_empty() {
        return "nobody".to_string();
    }
    seats.iter().map(|&s| who(users, s)).collect::<Vec<_>>().join(", ")
}
