//! The privacy scan of the end-to-end tests: every request the bot made, every channel message, DM and
//! ephemeral reply, checked against who may know which card at each step: cards in any form and language, a
//! hand's value next to the name of a player whose cards the reader does not know, a private note's wording in
//! public, a picture that shows more than its description; and the bot's log, for cards and for the seed of a
//! hand not yet over. `tests/privacy_scan.rs` shows it catches each kind of leak.

use std::collections::{HashMap, HashSet};

use regex::Regex;
use serde_json::Value;
use teenpatti::art::{Face, Row};
use teenpatti::engine::Card;

use super::world::{render_message, World};
use super::{FakeDiscord, RecordedRequest};

// ---------------------------------------------------------------- card detector

/// A rank's names: symbol, English word, Hindi word(s) and their Hinglish spellings.
fn rank_names(rank: &str) -> (&'static str, &'static str) {
    match rank {
        "A" => ("ace", "इक्का|ikka|ekka"),
        "K" => ("king", "बादशाह|badshah|baadshah"),
        "Q" => ("queen", "बेगम|बीबी|begum|begam|bibi"),
        "J" => ("jack", "ग़ुलाम|ग़ुलाम|गुलाम|ghulam|gulam"),
        "10" => ("ten", "दहला|dehla|dahla"),
        "9" => ("nine", "नहला|nehla|nahla"),
        "8" => ("eight", "अट्ठा|attha"),
        "7" => ("seven", "सत्ता|satta"),
        "6" => ("six", "छक्का|chhakka|chakka"),
        "5" => ("five", "पंजा|panja"),
        "4" => ("four", "चौका|chauka"),
        "3" => ("three", "तिग्गी|tiggi"),
        "2" => ("two", "दुक्की|dukki"),
        _ => ("", ""),
    }
}

/// A suit's names: English word and Hindi word(s) with their Hinglish spellings.
fn suit_names(letter: char) -> (&'static str, &'static str) {
    match letter {
        's' => ("spades?", "हुकुम|hukum|hukam"),
        'h' => ("hearts?", "पान|paan"),
        'd' => ("diamonds?", "ईंट|eent"),
        _ => ("clubs?", "चिड़ी|चिड़ी|चिडी|chidi|chiddi"),
    }
}

/// Finds cards written in any form a reader could take for the card: `A♠`/`a♠`/`10♥` (pretty, any case, any
/// spade sign), `As`/`AS`/`aS`/`10h`/`Th` (the Display and serde form and its upper case, as a word; not `as`, an
/// English word, nor a number with a lower-case `s`, which is seconds: `3s`, `10s`), the Debug form
/// `Card { rank: Rank(14), suit: Spades }`, and in words in the three languages, singular or plural, Devanagari
/// with the nukta composed or not (`ace of spades`, `jacks of hearts`, `हुकुम का इक्का`, `hukum ka ikka`,
/// `इक्का हुकुम`, `paan 7`), any case.
pub struct CardFinder {
    /// Each card's signs (pretty, short, Debug) and its words.
    pats: Vec<(Card, Regex, Regex)>,
}

impl CardFinder {
    pub fn new(cards: &[Card]) -> CardFinder {
        let mut pats = Vec::new();
        for &c in cards {
            let symbol = c.rank.symbol();
            let rank = match symbol {
                "10" => "(?:10|[Tt])".to_string(),
                r => format!("(?:{}|{})", r.to_uppercase(), r.to_lowercase()),
            };
            let (sl, su) = (c.suit.letter(), c.suit.letter().to_ascii_uppercase());
            let sym = match c.suit.symbol() {
                '♠' => "[♠♤]",
                '♥' => "[♥♡]",
                '♦' => "[♦♢]",
                _ => "[♣♧]",
            };
            let pretty = format!("{rank}\u{FE0F}?{sym}");
            // As a word, any case but all lower case with a letter rank (`as`, `ad`, `ah`, `th` are words), and not
            // a number with a lower-case `s` (`3s`, `10s`: seconds, in the log and in "Turn timer 10s").
            let short_forms = if symbol.chars().all(|ch| ch.is_ascii_digit()) {
                let mut f = format!("{symbol}{su}");
                if sl != 's' {
                    f.push_str(&format!("|{symbol}{sl}"));
                }
                if symbol == "10" {
                    f.push_str(&format!("|T[{sl}{su}]|t{su}"));
                }
                f
            } else {
                format!("{}[{sl}{su}]|{}{su}", symbol.to_uppercase(), symbol.to_lowercase())
            };
            let short = format!("(?:^|[^0-9A-Za-z])(?:{short_forms})(?:$|[^0-9A-Za-z])");
            let debug = regex::escape(&format!("{c:?}"));
            let (rank_en, rank_hi) = rank_names(symbol);
            let (suit_en, suit_hi) = suit_names(sl);
            let rank_word = format!("(?:{rank_en}s?|{rank_hi}|{})", regex::escape(symbol));
            let english = format!(r"\b{rank_word}\s+of\s+(?:{suit_en})\b");
            let joint = r"\s*(?:का|की|के|ka|ki|ke)?\s*";
            let hindi = format!(r"\b{rank_word}{joint}(?:{suit_hi})\b|\b(?:{suit_hi}){joint}{rank_word}\b");
            let words = format!("(?i:{english}|{hindi})");
            pats.push((c, Regex::new(&format!("{pretty}|{short}|{debug}")).unwrap(), Regex::new(&words).unwrap()));
        }
        CardFinder { pats }
    }

    /// The cards `text` names, in signs or in words, but those in `allowed`.
    pub fn find(&self, text: &str, allowed: &HashSet<Card>) -> Vec<Card> {
        let named = |(_, signs, words): &(Card, Regex, Regex)| signs.is_match(text) || words.is_match(text);
        self.pats.iter().filter(|p| !allowed.contains(&p.0) && named(p)).map(|p| p.0).collect()
    }
}

// ---------------------------------------------------------------- hand values in words

/// The bot's words for a hand's value and its private notes, in the three languages, read from the locale files
/// (so a new wording is scanned for as soon as it is written).
pub struct ValueWords {
    /// Any value word (`Pair`, `पेयर`, `Trail`, `21 points`, `A high`...), any case.
    words: Regex,
    /// The private notes' wording (`Your cards for hand #…`, the sideshow's and cobra's notes), any language.
    notes: Vec<Regex>,
    /// Every message of the three locale files without a placeable: the bot's fixed texts (rules, variants'
    /// descriptions), which may name cards and values in words without telling anyone's hand.
    fixed: Vec<String>,
}

/// `value` from the locale files as a regex: its text escaped, a placeable as a short run of anything.
fn pattern_of(value: &str, placeable: &str) -> String {
    let mut out = String::new();
    let mut rest = value;
    while let Some(i) = rest.find('{') {
        out.push_str(&regex::escape(&rest[..i]));
        let Some(j) = rest[i..].find('}') else { break };
        out.push_str(placeable);
        rest = &rest[i + j + 1..];
    }
    out.push_str(&regex::escape(rest));
    out
}

impl ValueWords {
    pub fn load() -> ValueWords {
        let mut words = Vec::new();
        let mut notes = Vec::new();
        let mut fixed = Vec::new();
        for lang in ["en", "hi", "hi-Latn"] {
            let path = crate::repo().join(format!("locales/{lang}/teenpatti.ftl"));
            let ftl = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            for line in ftl.lines() {
                let Some((id, value)) = line.split_once(" = ") else { continue };
                if !value.contains('{') && value.trim().chars().count() >= 20 {
                    fixed.push(value.trim().to_string());
                }
                match id.trim() {
                    // A rank ("A high"), a number of points or a three-digit number: the placeable is one.
                    id if id.starts_with("value-") => {
                        words.push(pattern_of(value.trim(), r"(?:(?-i:[AKQJ2-9])|10|\d+)"));
                    }
                    "note-cards" | "note-sees" | "note-sideshow" => {
                        // Up to the first card or value: the wording that says whose and which hand.
                        let head = value.split("**").next().unwrap_or(value).trim();
                        notes.push(Regex::new(&format!("(?i){}", pattern_of(head, ".{0,120}?"))).unwrap());
                    }
                    _ => {}
                }
            }
        }
        let words =
            Regex::new(&format!(r"(?i)(?:^|[^\p{{L}}\p{{M}}])(?:{})(?:$|[^\p{{L}}\p{{M}}])", words.join("|"))).unwrap();
        ValueWords { words, notes, fixed }
    }

    /// `text` with every fixed text in it blanked (a rule text built into a longer reply).
    pub fn without_fixed(&self, text: &str) -> String {
        let mut out = text.to_string();
        for f in self.fixed.iter().filter(|f| text.contains(f.as_str())) {
            out = out.replace(f.as_str(), " ");
        }
        out
    }

    /// Whether `text` is one of the bot's fixed texts, whole or cut short with `…` (a select option's description).
    pub fn is_fixed(&self, text: &str) -> bool {
        let text = text.trim();
        let cut = text.strip_suffix('…').map(str::trim_end);
        self.fixed.iter().any(|f| f == text || cut.is_some_and(|c| c.chars().count() >= 20 && f.starts_with(c)))
    }

    /// The value words in `line` (after the bot's phrases that use one for something else: "a bust card").
    pub fn find(&self, line: &str) -> Vec<String> {
        static OTHER_USES: std::sync::OnceLock<Regex> = std::sync::OnceLock::new();
        let other = OTHER_USES.get_or_init(|| Regex::new(r"(?i)bust (?:card|patta)|बस्ट पत्ता").unwrap());
        let line = other.replace_all(line, " ");
        self.words.find_iter(&line).map(|m| m.as_str().trim().to_string()).collect()
    }

    /// Whether `line` is in the wording of a private note.
    pub fn is_private_note(&self, line: &str) -> bool {
        self.notes.iter().any(|re| re.is_match(line))
    }
}

/// Every string in `v` (content, embeds, components' labels, attachments' descriptions...), in order.
pub fn strings_of(v: &Value, out: &mut Vec<String>) {
    match v {
        Value::String(s) => out.push(s.clone()),
        Value::Array(a) => a.iter().for_each(|v| strings_of(v, out)),
        Value::Object(o) => o.values().for_each(|v| strings_of(v, out)),
        _ => {}
    }
}

// ---------------------------------------------------------------- who reads what

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
    values: ValueWords,
    pub public: HashSet<Card>,
    known: HashMap<u64, HashSet<Card>>,
    /// Each player's cards, when the scenario says ([`Privacy::for_hand`]): a value word next to their name is a
    /// leak to whoever does not know them all.
    holds: HashMap<u64, Vec<Card>>,
    /// Requests already checked.
    checked: usize,
    private_deliveries: HashMap<u64, usize>,
}

fn interaction_of_token(token: &str) -> Option<u64> {
    token.strip_prefix("itoken-")?.split('-').next()?.parse().ok()
}

impl Privacy {
    pub fn new(w: &World, users: &[u64], dealt: &[Card]) -> Privacy {
        Privacy::on(&w.fake, w.channel, users, dealt)
    }

    /// [`Privacy::new`] for the hand whose seats hold `cards` (users in seat order): a value word next to a
    /// player's name is a leak until the reader knows that player's cards.
    pub fn for_hand(w: &World, users: &[u64], cards: &[Vec<Card>]) -> Privacy {
        let mut p = Privacy::new(w, users, &cards.concat());
        p.holds(users, cards);
        p
    }

    /// The scan of what the stand-in `fake` received, for a table in `channel` (no bot needed: the scan's own
    /// tests make requests as a bot would).
    pub fn on(fake: &FakeDiscord, channel: u64, users: &[u64], dealt: &[Card]) -> Privacy {
        Privacy {
            channel,
            dm: users.iter().map(|&u| (fake.dm_channel(u), u)).collect(),
            users: users.to_vec(),
            finder: CardFinder::new(dealt),
            values: ValueWords::load(),
            public: HashSet::new(),
            known: HashMap::new(),
            holds: HashMap::new(),
            checked: 0,
            private_deliveries: HashMap::new(),
        }
    }

    /// Says that each of `users` (in seat order) holds the cards of their seat (see [`Privacy::for_hand`]).
    pub fn holds(&mut self, users: &[u64], cards: &[Vec<Card>]) {
        self.holds.extend(users.iter().copied().zip(cards.iter().cloned()));
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

    /// Who reads what this request carries (None: no content for anyone). A message in a DM channel is its
    /// user's; an interaction's answer is its user's when ephemeral; a follow-up is as its flags say, but the first
    /// one after a deferred answer (type 5), which takes the place of the "thinking…" message, is as that answer
    /// was; an edit of the original answer is as that answer was; an edit of a follow-up is as that follow-up was
    /// posted (the stand-in's record of it). Anything else with content (any other route, an interaction the
    /// stand-in does not know) is public.
    fn audience(&self, fake: &FakeDiscord, r: &RecordedRequest, all: &[RecordedRequest]) -> Option<Audience> {
        if r.body.is_none() && r.files.is_empty() {
            return None;
        }
        Some(self.reader(fake, r, all).map_or(Audience::Public, Audience::User))
    }

    /// The one user who reads `r`, or None when it is public (or cannot be told: then it counts as public).
    fn reader(&self, fake: &FakeDiscord, r: &RecordedRequest, all: &[RecordedRequest]) -> Option<u64> {
        let parts: Vec<&str> = r.path.split('/').collect();
        let eph = |flags: &Value| flags.as_u64().unwrap_or(0) & 64 != 0;
        let null = Value::Null;
        let body = r.body.as_ref().unwrap_or(&null);
        match r.route.as_str() {
            "POST /channels/{channel_id}/messages" | "PATCH /channels/{channel_id}/messages/{message_id}" => {
                let ch: u64 = parts.get(2)?.parse().ok()?;
                self.dm.get(&ch).copied()
            }
            "POST /interactions/{interaction_id}/{interaction_token}/callback" => {
                let id: u64 = parts.get(2)?.parse().ok()?;
                let user = fake.interaction_user(id)?;
                eph(&body["data"]["flags"]).then_some(user)
            }
            route if route.starts_with("POST /webhooks/") || route.starts_with("PATCH /webhooks/") => {
                let token = *parts.get(3)?;
                let id = interaction_of_token(token)?;
                let user = fake.interaction_user(id)?;
                let id_text = id.to_string();
                let callback = all
                    .iter()
                    .find(|c| c.route.starts_with("POST /interactions/") && c.path.split('/').nth(2) == Some(&id_text))
                    .and_then(|c| c.body.as_ref());
                let callback_eph = callback.is_some_and(|b| eph(&b["data"]["flags"]));
                let deferred = callback.is_some_and(|b| b["type"] == 5);
                let private = if route.starts_with("POST") {
                    let first = all
                        .iter()
                        .find(|f| f.route.starts_with("POST /webhooks/") && f.path.split('/').nth(3) == Some(token));
                    if deferred && first.is_some_and(|f| std::ptr::eq(f, r)) {
                        callback_eph
                    } else {
                        eph(&body["flags"])
                    }
                } else if parts.get(5) == Some(&"@original") {
                    callback_eph
                } else {
                    let message: Option<u64> = parts.get(5).and_then(|m| m.parse().ok());
                    message.and_then(|m| fake.message_reader(m)).flatten() == Some(user)
                };
                private.then_some(user)
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
                Some((self.audience(&w.fake, r, &all)?, r.body.as_ref().map(Value::to_string).unwrap_or_default()))
            })
            .collect()
    }

    /// What `text` (one string of what the bot sent) tells `aud` that it may not know: cards, a hand's value next
    /// to the name of a player whose cards `aud` does not know, a private note's wording in public.
    fn leaks_in(&self, text: &str, aud: Audience) -> Vec<String> {
        let allowed = self.allowed(aud);
        // The bot's fixed texts (whole, cut short, or inside a longer reply) tell no one's hand, whatever cards
        // they name ("the king of diamonds", "common=Kd" in an option's description).
        if self.values.is_fixed(text) {
            return Vec::new();
        }
        let text = &self.values.without_fixed(text);
        let mut leaks: Vec<String> = self.finder.find(text, &allowed).iter().map(|c| c.pretty()).collect();
        static MENTION: std::sync::OnceLock<Regex> = std::sync::OnceLock::new();
        let mention = MENTION.get_or_init(|| Regex::new(r"<@!?(\d+)>").unwrap());
        for line in text.lines() {
            if aud == Audience::Public && self.values.is_private_note(line) {
                leaks.push(format!("a private note's wording in public: {line:?}"));
            }
            let words = self.values.find(line);
            if words.is_empty() {
                continue;
            }
            for m in mention.captures_iter(line) {
                let Some(user) = m[1].parse::<u64>().ok() else { continue };
                let unknown = self.holds.get(&user).is_some_and(|cards| cards.iter().any(|c| !allowed.contains(c)));
                if unknown {
                    leaks.push(format!(
                        "{} next to <@{user}>, whose cards {aud:?} does not know: {line:?}",
                        words.join(", ")
                    ));
                }
            }
        }
        leaks
    }

    /// What one message or request body tells `aud` that it may not know ([`Privacy::leaks_in`] over each of its
    /// strings: content, embeds, components, attachments' descriptions).
    fn leaks_in_json(&self, v: &Value, aud: Audience) -> Vec<String> {
        let mut strings = Vec::new();
        strings_of(v, &mut strings);
        let mut leaks = Vec::new();
        for s in &strings {
            leaks.extend(self.leaks_in(s, aud));
        }
        leaks.sort();
        leaks.dedup();
        leaks
    }

    /// Every leak in the requests the stand-in received since the last scan, and in everything each player can read
    /// now; each as `step: what`.
    pub fn scan(&mut self, fake: &FakeDiscord) -> Vec<String> {
        let mut found = Vec::new();
        let all = fake.requests();
        for r in &all[self.checked.min(all.len())..] {
            let Some(aud) = self.audience(fake, r, &all) else { continue };
            let mut leaks = r.body.as_ref().map(|b| self.leaks_in_json(b, aud)).unwrap_or_default();
            for f in r.files.iter().filter(|f| f.filename.ends_with(".tp")) {
                leaks.extend(self.leaks_in(&String::from_utf8_lossy(&f.bytes), aud));
            }
            if !leaks.is_empty() {
                let body = r.body.as_ref().map(Value::to_string).unwrap_or_default();
                found.push(format!("{} to {aud:?} reveals [{}]\n  in: {body}", r.route, leaks.join("; ")));
            }
            // A picture shows exactly the cards its description names, and the description was just scanned.
            if let Err(e) = pictures_show_their_descriptions(r) {
                found.push(format!("{} to {aud:?}: {e}", r.route));
            }
            if let Audience::User(u) = aud {
                *self.private_deliveries.entry(u).or_default() += 1;
            }
        }
        self.checked = all.len();
        for m in fake.channel_messages(self.channel) {
            let leaks = self.leaks_in_json(&m, Audience::Public);
            if !leaks.is_empty() {
                found.push(format!("the channel shows [{}]:\n{}", leaks.join("; "), render_message(&m)));
            }
        }
        for &u in &self.users {
            for m in fake.dms(u).iter().chain(fake.ephemerals(u).iter()) {
                let leaks = self.leaks_in_json(m, Audience::User(u));
                if !leaks.is_empty() {
                    found.push(format!("{u} can read [{}]:\n{}", leaks.join("; "), render_message(m)));
                }
            }
        }
        found
    }

    /// Checks every request the bot made since the last check, and everything each player can read now.
    pub fn check(&mut self, w: &World, step: &str) {
        let found = self.scan(&w.fake);
        assert!(found.is_empty(), "{step}: {}", found.join("\n"));
    }
}

// ---------------------------------------------------------------- the bot's log

/// A secret of a hand: its seed (hex), and when the hand ended (unix seconds; None: not over).
#[derive(Clone, Debug)]
pub struct Secret {
    pub hand: i64,
    pub seed: String,
    pub ended: Option<i64>,
}

/// The unix second of a log line's stamp (`2026-11-27T23:50:29.894242Z …`).
pub fn stamp_of(line: &str) -> Option<i64> {
    let n = |r: std::ops::Range<usize>| line.get(r).and_then(|s| s.parse::<i64>().ok());
    let (y, m, d) = (n(0..4)?, n(5..7)?, n(8..10)?);
    let (hh, mm, ss) = (n(11..13)?, n(14..16)?, n(17..19)?);
    // Days from the civil date (Howard Hinnant's algorithm).
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let doy = (153 * ((m + 9) % 12) + 2) / 5 + d - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    let days = era * 146_097 + doe - 719_468;
    Some(days * 86_400 + hh * 3600 + mm * 60 + ss)
}

/// The bot's log lines that name a card not in `allowed`, or the seed of a hand before that hand was over (a line
/// stamped before the second it ended, or any line while it is not over).
pub fn log_leaks(log: &str, finder: &CardFinder, allowed: &HashSet<Card>, secrets: &[Secret]) -> Vec<String> {
    let mut found = Vec::new();
    for line in log.lines() {
        let cards = finder.find(line, allowed);
        if !cards.is_empty() {
            found.push(format!("names {cards:?}: {line}"));
        }
        for s in secrets.iter().filter(|s| s.seed.len() >= 16 && line.contains(&s.seed)) {
            let before_the_end = match (s.ended, stamp_of(line)) {
                (Some(end), Some(at)) => at < end,
                _ => true,
            };
            if before_the_end {
                found.push(format!("hand {}'s seed before it was over: {line}", s.hand));
            }
        }
    }
    found
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
