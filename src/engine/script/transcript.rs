//! What a replayed script says: the transcript (a line per event, with the players' names) and the JSON of
//! `teenpatti-bot replay --json`.

use super::*;

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
                crate::engine::hand::Phase::Drawing => "the players draw, from the dealer's left".to_string(),
                crate::engine::hand::Phase::Betting => "the draw is over; betting resumes".to_string(),
                crate::engine::hand::Phase::Declaring => {
                    "every player still in declares high or low, in secret".to_string()
                }
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
