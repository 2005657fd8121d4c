//! One line per public event, as the hand message, `/history` and the script transcript show it.

use super::{board_lines, hand_text, made_text, value_text, Names};
use crate::engine::hand::{EndedBy, PackReason, Phase};
use crate::engine::rules::{CommunityUse, DealPlan};
use crate::engine::{Event, EventKind};
use crate::i18n::Lang;
use crate::tr;

/// One line for a public event, in `lang`; `name` names each seat. Private events have none.
pub fn event_line(lang: Lang, name: Names<'_>, plan: &DealPlan, e: &Event) -> Option<String> {
    let p = |seat: usize| name(seat);
    Some(match &e.kind {
        EventKind::Started { boot, pot, seats, board, dealer, ante_by } => {
            let mut s = match ante_by {
                Some(a) => tr!(
                    lang,
                    "event-started-ante",
                    anter = p(*a),
                    pot = *pot,
                    seats = *seats as u64,
                    boot = *boot,
                    dealer = p(*dealer)
                ),
                None => {
                    tr!(lang, "event-started", seats = *seats as u64, boot = *boot, pot = *pot, dealer = p(*dealer))
                }
            };
            for line in board_lines(lang, name, board, plan) {
                s.push(' ');
                s.push_str(&line);
            }
            s
        }
        EventKind::Turn { .. }
        | EventKind::Cards { .. }
        | EventKind::SideshowCompared { .. }
        | EventKind::Sees { .. } => return None,
        EventKind::RoundEnded { round } => tr!(lang, "event-round-ended", round = *round),
        EventKind::CommunityTurned { card, .. } => match plan.community_use {
            CommunityUse::InHand => tr!(lang, "event-community-turned", card = card.pretty()),
            CommunityUse::WildRanks => {
                tr!(lang, "event-community-joker", card = card.pretty(), rank = card.rank.symbol())
            }
        },
        EventKind::PhaseChanged { phase: Phase::Drawing } => tr!(lang, "event-draw-begins"),
        EventKind::PhaseChanged { phase: Phase::Betting } => tr!(lang, "event-draw-over"),
        EventKind::PhaseChanged { phase: Phase::Declaring } => tr!(lang, "event-declare-begins"),
        EventKind::Declared { seat } => tr!(lang, "event-declared", player = p(*seat)),
        EventKind::Declarations { high, low } => {
            tr!(lang, "event-declarations", high = names(lang, name, high), low = names(lang, name, low))
        }
        EventKind::HalvesWon { high, low } => {
            tr!(lang, "event-halves", high = names(lang, name, high), low = names(lang, name, low))
        }
        EventKind::RoundLimitReached { round } => tr!(lang, "event-round-limit", round = *round),
        EventKind::Drew { seat, count: 0, .. } => tr!(lang, "event-stood-pat", player = p(*seat)),
        EventKind::Drew { seat, count, cost, .. } => {
            tr!(lang, "event-drew", player = p(*seat), count = *count as u64, cost = *cost)
        }
        EventKind::Saw { seat } => tr!(lang, "event-saw", player = p(*seat)),
        EventKind::Posted { seat, amount, .. } => tr!(lang, "event-posted", player = p(*seat), amount = *amount),
        EventKind::Bet { seat, amount, blind: true, .. } => {
            tr!(lang, "event-bet-blind", player = p(*seat), amount = *amount)
        }
        EventKind::Bet { seat, amount, .. } => tr!(lang, "event-bet-seen", player = p(*seat), amount = *amount),
        EventKind::Packed { seat, reason } => {
            let id = match reason {
                PackReason::Folded => "event-packed",
                PackReason::Timeout => "event-packed-timeout",
                PackReason::SideshowLost => "event-packed-sideshow",
                PackReason::Bust => "event-packed-bust",
                PackReason::Conceded => "event-packed-conceded",
            };
            let mut args = crate::i18n::Args::new();
            args.set("player", p(*seat));
            crate::i18n::text(lang, id, Some(&args))
        }
        EventKind::ShowCalled { seat, against, cost, .. } if seat == against => {
            tr!(lang, "event-show-all", player = p(*seat), cost = *cost)
        }
        EventKind::ShowCalled { seat, against, cost, .. } => {
            tr!(lang, "event-show", player = p(*seat), cost = *cost, against = p(*against))
        }
        // Asked first (`sideshow_order=ask_first`): the bet comes after.
        EventKind::SideshowAsked { seat, target, amount: 0, .. } => {
            tr!(lang, "event-sideshow-asked", player = p(*seat), target = p(*target))
        }
        EventKind::SideshowAsked { seat, target, amount, .. } => {
            tr!(lang, "event-sideshow-bet", player = p(*seat), amount = *amount, target = p(*target))
        }
        EventKind::SideshowDenied { seat, target } => {
            tr!(lang, "event-sideshow-denied", target = p(*target), player = p(*seat))
        }
        EventKind::SplitOffered { seat, target } => {
            tr!(lang, "event-split-offered", player = p(*seat), target = p(*target))
        }
        EventKind::SplitRefused { seat, target } => {
            tr!(lang, "event-split-refused", target = p(*target), player = p(*seat))
        }
        EventKind::PotLimitReached { pot } => tr!(lang, "event-pot-limit", pot = *pot),
        EventKind::Showdown { hands, .. } => hands
            .iter()
            .map(|h| {
                let (player, cards, value) = (p(h.seat), hand_text(&h.cards), value_text(lang, &h.value));
                match &h.made {
                    Some(m) => tr!(
                        lang,
                        "event-shows-made",
                        player = player,
                        cards = cards,
                        value = value,
                        made = made_text(lang, m)
                    ),
                    None => tr!(lang, "event-shows", player = player, cards = cards, value = value),
                }
            })
            .collect::<Vec<_>>()
            .join("\n"),
        EventKind::Ended { ended_by, pot, payouts } => {
            let winners = payouts
                .iter()
                .map(|w| tr!(lang, "event-wins", player = p(w.seat), amount = w.amount))
                .collect::<Vec<_>>()
                .join(", ");
            let how = match ended_by {
                EndedBy::LastStanding => tr!(lang, "ended-last-standing"),
                EndedBy::Show => tr!(lang, "ended-show"),
                EndedBy::PotLimit => tr!(lang, "ended-pot-limit"),
                EndedBy::Agreed => tr!(lang, "ended-agreed"),
                EndedBy::RoundLimit => tr!(lang, "ended-round-limit"),
            };
            tr!(lang, "event-ended", winners = winners, pot = *pot, how = how)
        }
    })
}

/// Seats by name, or "nobody" (a half of a high-low pot that no hand won).
fn names(lang: Lang, name: Names<'_>, seats: &[usize]) -> String {
    if seats.is_empty() {
        return tr!(lang, "nobody");
    }
    seats.iter().map(|&s| name(s)).collect::<Vec<_>>().join(", ")
}
