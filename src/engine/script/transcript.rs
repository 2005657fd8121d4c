//! What a replayed script says as data: its players, winners and nets, and the JSON of `teenpatti-bot replay
//! --json` (the readable transcript is `words::transcript`, from the catalogue Discord's lines come from).

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
}
