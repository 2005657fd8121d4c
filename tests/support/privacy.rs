//! The privacy scan of the end-to-end tests: every request the bot made, every channel message, DM and
//! ephemeral reply, checked against who may know which card at each step.

use std::collections::{HashMap, HashSet};

use regex::Regex;
use serde_json::Value;
use teenpatti::art::{Face, Row};
use teenpatti::engine::Card;

use super::world::{render_message, World};
use super::RecordedRequest;

// ---------------------------------------------------------------- card detector

/// Finds cards written in any of the engine's formats: `A♠`/`10♥` (pretty), `As`/`10h`/`Th` (the
/// Display and serde form, as a word), and the Debug form `Card { rank: Rank(14), suit: Spades }`.
pub struct CardFinder {
    pats: Vec<(Card, Regex)>,
}

impl CardFinder {
    pub fn new(cards: &[Card]) -> CardFinder {
        let mut pats = Vec::new();
        for &c in cards {
            let rank = match c.rank.symbol() {
                "10" => "(?:10|T)".to_string(),
                r => r.to_string(),
            };
            let sym = regex::escape(&c.suit.symbol().to_string());
            let pretty = format!("{rank}\u{FE0F}?{sym}");
            let short = format!("(?:^|[^0-9A-Za-z]){rank}{}(?:$|[^0-9A-Za-z])", c.suit.letter());
            let debug = regex::escape(&format!("{c:?}"));
            pats.push((c, Regex::new(&format!("{pretty}|{short}|{debug}")).unwrap()));
        }
        CardFinder { pats }
    }

    pub fn find(&self, text: &str, allowed: &HashSet<Card>) -> Vec<Card> {
        self.pats.iter().filter(|(c, re)| !allowed.contains(c) && re.is_match(text)).map(|(c, _)| *c).collect()
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Audience {
    Public,
    User(u64),
}

/// Who may know which card, and a check of everything the bot sent against it.
pub struct Privacy {
    channel: u64,
    /// DM channel -> its user.
    dm: HashMap<u64, u64>,
    users: Vec<u64>,
    pub finder: CardFinder,
    pub public: HashSet<Card>,
    known: HashMap<u64, HashSet<Card>>,
    /// Requests already checked.
    checked: usize,
    private_deliveries: HashMap<u64, usize>,
}

fn interaction_of_token(token: &str) -> Option<u64> {
    token.strip_prefix("itoken-")?.split('-').next()?.parse().ok()
}

impl Privacy {
    pub fn new(w: &World, users: &[u64], dealt: &[Card]) -> Privacy {
        Privacy {
            channel: w.channel,
            dm: users.iter().map(|&u| (w.fake.dm_channel(u), u)).collect(),
            users: users.to_vec(),
            finder: CardFinder::new(dealt),
            public: HashSet::new(),
            known: HashMap::new(),
            checked: 0,
            private_deliveries: HashMap::new(),
        }
    }

    pub fn allow(&mut self, user: u64, cards: &[Card]) {
        self.known.entry(user).or_default().extend(cards.iter().copied());
    }

    pub fn allow_public(&mut self, cards: &[Card]) {
        self.public.extend(cards.iter().copied());
    }

    pub fn allowed(&self, a: Audience) -> HashSet<Card> {
        let mut s = self.public.clone();
        if let Audience::User(u) = a {
            s.extend(self.known.get(&u).into_iter().flatten().copied());
        }
        s
    }

    /// Who reads what this request carries (None: no content for anyone).
    fn audience(&self, w: &World, r: &RecordedRequest, all: &[RecordedRequest]) -> Option<Audience> {
        let parts: Vec<&str> = r.path.split('/').collect();
        let eph = |flags: &Value| flags.as_u64().unwrap_or(0) & 64 != 0;
        let body = r.body.as_ref()?;
        match r.route.as_str() {
            "POST /channels/{channel_id}/messages" | "PATCH /channels/{channel_id}/messages/{message_id}" => {
                let ch: u64 = parts.get(2)?.parse().ok()?;
                // Anything not in a known DM channel counts as public.
                Some(self.dm.get(&ch).map_or(Audience::Public, |&u| Audience::User(u)))
            }
            "POST /interactions/{interaction_id}/{interaction_token}/callback" => {
                let id: u64 = parts.get(2)?.parse().ok()?;
                let user = w.fake.interaction_user(id)?;
                Some(if eph(&body["data"]["flags"]) { Audience::User(user) } else { Audience::Public })
            }
            route if route.starts_with("POST /webhooks/") || route.starts_with("PATCH /webhooks/") => {
                let id = interaction_of_token(parts.get(3)?)?;
                let user = w.fake.interaction_user(id)?;
                let callback_eph = all.iter().any(|c| {
                    c.route.starts_with("POST /interactions/")
                        && c.path.split('/').nth(2) == Some(id.to_string().as_str())
                        && c.body.as_ref().is_some_and(|b| eph(&b["data"]["flags"]))
                });
                let follow_up = route.starts_with("POST");
                let private = eph(&body["flags"]) || (!follow_up && callback_eph);
                Some(if private { Audience::User(user) } else { Audience::Public })
            }
            _ => None,
        }
    }

    /// Every request the bot made from the `from`-th on, with who reads it, as text (for secrets other than
    /// cards: a declaration at a high-low show).
    pub fn texts_from(&self, w: &World, from: usize) -> Vec<(Audience, String)> {
        let all = w.fake.requests();
        all.iter()
            .skip(from)
            .filter_map(|r| {
                Some((self.audience(w, r, &all)?, r.body.as_ref().map(Value::to_string).unwrap_or_default()))
            })
            .collect()
    }

    /// Checks every request the bot made since the last check, and everything each player can read now.
    pub fn check(&mut self, w: &World, step: &str) {
        let all = w.fake.requests();
        for r in &all[self.checked..] {
            let Some(aud) = self.audience(w, r, &all) else { continue };
            let mut text = r.body.as_ref().map(Value::to_string).unwrap_or_default();
            for f in r.files.iter().filter(|f| f.filename.ends_with(".tp")) {
                text.push_str(&String::from_utf8_lossy(&f.bytes));
            }
            let leaked = self.finder.find(&text, &self.allowed(aud));
            assert!(leaked.is_empty(), "{step}: {} to {aud:?} reveals {leaked:?}:\n{text}", r.route);
            // A picture shows exactly the cards its description names, and the description was just scanned.
            if let Err(e) = pictures_show_their_descriptions(r) {
                panic!("{step}: {} to {aud:?}: {e}", r.route);
            }
            if let Audience::User(u) = aud {
                *self.private_deliveries.entry(u).or_default() += 1;
            }
        }
        self.checked = all.len();
        for m in w.fake.channel_messages(self.channel) {
            let leaked = self.finder.find(&m.to_string(), &self.allowed(Audience::Public));
            assert!(leaked.is_empty(), "{step}: the channel shows {leaked:?}:\n{}", render_message(&m));
        }
        for &u in &self.users {
            for m in w.fake.dms(u).iter().chain(w.fake.ephemerals(u).iter()) {
                let leaked = self.finder.find(&m.to_string(), &self.allowed(Audience::User(u)));
                assert!(leaked.is_empty(), "{step}: {u} can read {leaked:?}:\n{}", render_message(m));
            }
        }
    }
}

// ---------------------------------------------------------------- pictures

/// The rows a picture's description names: `① A♠ K♠ Q♠ (wins) · ② 🂠 7♥` (the winner's word in the server's
/// language, in parentheses).
pub fn rows_of_description(alt: &str) -> Result<Vec<Row>, String> {
    alt.split(" · ")
        .map(|piece| {
            let mut row = Row { seat: None, mark: false, faces: Vec::new() };
            for (i, token) in piece.split_whitespace().enumerate() {
                let mark = token.chars().next().map(|c| c as u32).filter(|c| (0x2460..0x2474).contains(c));
                match (i, mark, token) {
                    (0, Some(c), _) if token.chars().count() == 1 => row.seat = Some((c - 0x2460 + 1) as usize),
                    (_, _, t) if t.starts_with('(') && t.ends_with(')') => row.mark = true,
                    (_, _, "🂠") => row.faces.push(Face::Down),
                    _ => row.faces.push(Face::Up(token.parse::<Card>().map_err(|e| format!("{e} in {alt:?}"))?)),
                }
            }
            Ok(row)
        })
        .collect()
}

/// Each file of `r` is the PNG the bot draws for the rows its `attachments` entry describes.
pub fn pictures_show_their_descriptions(r: &RecordedRequest) -> Result<(), String> {
    let Some(body) = r.body.as_ref() else { return Ok(()) };
    let list = body.get("data").and_then(|d| d.get("attachments")).or_else(|| body.get("attachments"));
    // A hand's replay script (`/history hand:N`) is text, scanned with the rest of the request.
    for f in r.files.iter().filter(|f| !f.filename.ends_with(".tp")) {
        let index: u64 = f.field.trim_start_matches("files[").trim_end_matches(']').parse().map_err(|_| "field")?;
        let entry = list
            .and_then(Value::as_array)
            .and_then(|l| l.iter().find(|a| a["id"].as_u64() == Some(index)))
            .ok_or_else(|| format!("{} has no attachments entry", f.field))?;
        let alt = entry["description"].as_str().ok_or_else(|| format!("{} has no description", f.filename))?;
        let rows = rows_of_description(alt)?;
        let drawn = teenpatti::art::png(&rows).map_err(|e| e.to_string())?;
        if *drawn != *f.bytes {
            return Err(format!("{} does not show what its description says: {alt:?}", f.filename));
        }
    }
    Ok(())
}
