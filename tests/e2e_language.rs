//! The players' language end to end (issue 16): the real bot against the local Discord stand-in. The commands are
//! registered with their Hindi names and descriptions; an admin switches the server to Hindi, and every message of
//! a hand is then in Hindi: the lobby, the hand message and its buttons, each player's DM and private replies, the
//! sideshow, a refused click, the pictures' descriptions and the end of the hand. A Hinglish server gets Hinglish.

use regex::Regex;
use serde_json::{json, Value};
use support::privacy::Privacy;
use support::world::{hand_id_of, render_message, World};
use teenpatti::i18n::Lang;
use teenpatti::tr;

/// Words that stay in Latin letters in a Hindi message: the `DM` loanword and the game's variant names (option
/// values such as `classic`, which `/table open` takes as written).
const LATIN_ALLOWED: &[&str] = &["DM", "classic", "SHA"];

/// The text a person reads in a request the bot sent: content, embeds, button and menu labels, attachments'
/// descriptions.
fn readable(body: &Value) -> Vec<String> {
    let mut out = Vec::new();
    let mut walk = vec![body];
    while let Some(v) = walk.pop() {
        match v {
            Value::Object(m) => {
                for (k, x) in m {
                    match (k.as_str(), x) {
                        (
                            "content" | "title" | "description" | "name" | "value" | "text" | "label" | "placeholder",
                            Value::String(s),
                        ) => out.push(s.clone()),
                        // Ids, URLs and file names are not read.
                        ("custom_id" | "url" | "filename" | "id", _) => {}
                        _ => walk.push(x),
                    }
                }
            }
            Value::Array(a) => walk.extend(a.iter()),
            _ => {}
        }
    }
    out
}

/// The Latin-letter words of `text` a reader would see as English: mentions, timestamps, code spans, links and
/// cards are not words.
fn english_words(text: &str) -> Vec<String> {
    let strip = Regex::new(r"<[@#]!?\d+>|<t:\d+:[a-zA-Z]>|`[^`]*`|https?://\S+|\b(?:10|[2-9AKQJ])[♠♥♦♣]").unwrap();
    let stripped = strip.replace_all(text, " ");
    let word = Regex::new(r"[A-Za-z]{2,}").unwrap();
    word.find_iter(&stripped).map(|m| m.as_str().to_string()).filter(|w| !LATIN_ALLOWED.contains(&w.as_str())).collect()
}

/// Checks every text a person reads in what the bot sent from request `from` on (command registrations and
/// reads aside): no English word. Returns how many texts it checked.
fn no_english_sent(w: &World, from: usize) -> usize {
    let mut checked = 0;
    for r in &w.fake.requests()[from..] {
        let Some(body) = r.body.as_ref() else { continue };
        if r.route.starts_with("PUT") || r.route.starts_with("GET") {
            continue;
        }
        for text in readable(body).iter().filter(|t| !t.trim().is_empty() && t.trim() != "—") {
            let english = english_words(text);
            assert!(english.is_empty(), "{} says {english:?} in English:\n{text}", r.route);
            checked += 1;
        }
    }
    checked
}

fn devanagari(text: &str) -> bool {
    text.chars().any(|c| ('\u{0900}'..='\u{097F}').contains(&c))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_hindi_server_gets_every_message_of_a_hand_in_hindi() {
    let w = World::start().await;
    // The commands are registered with their Hindi names and descriptions (Discord's `hi` locale).
    let commands = w.fake.registered_commands();
    let table = commands.iter().find(|c| c["name"] == "table").expect("/table is registered");
    assert_eq!(table["name_localizations"]["hi"], tr!(Lang::Hi, "cmd-table"), "{table}");
    assert_eq!(table["description_localizations"]["hi"], tr!(Lang::Hi, "cmd-table-desc"), "{table}");
    let open = table["options"].as_array().unwrap().iter().find(|o| o["name"] == "open").unwrap();
    assert_eq!(open["name_localizations"]["hi"], "खोलें", "{open}");
    for c in &commands {
        assert!(c["name_localizations"]["hi"].as_str().is_some_and(devanagari), "{c}");
    }

    // An admin switches the server to Hindi.
    let admin = w.fake.add_admin("meera");
    let said = w.ephemeral_reply(admin, "config set", json!({"option": "language", "value": "hindi"})).await;
    assert!(said.contains("`language` = `hi`"), "{said}");
    let refused = w.ephemeral_reply(admin, "config set", json!({"option": "language", "value": "klingon"})).await;
    assert!(refused.contains("klingon") && refused.contains("hinglish"), "{refused}");
    // Every value word of the settings is the catalogue's: an unset limit reads as `max_boot`'s does (it used to
    // be `कोई नहीं` for max_boot and `none` for chaal_limit, pot_limit and blind_turn_limit).
    let view = w.ephemeral_reply(admin, "config view", json!({})).await;
    let none = tr!(Lang::Hi, "settings-no-cap");
    for option in ["max_boot", "chaal_limit", "pot_limit", "blind_turn_limit"] {
        assert!(view.contains(&format!("`{option}` = {none}")), "{option}: {view}");
    }
    assert!(!view.contains("= none"), "{view}");

    let players = w.users(["asha", "bilal", "chen"]);
    let [a, b, c] = players;
    let from = w.fake.requests().len();
    let opened = w.slash(a, "table open", json!({"boot": 1})).await;
    assert_eq!(opened.content, tr!(Lang::Hi, "table-opened", opener = format!("<@{a}>")));
    for &p in &players[1..] {
        w.act(p, &tr!(Lang::Hi, "button-join")).await;
    }
    w.act(a, &tr!(Lang::Hi, "button-start")).await;
    let msg = w.wait_hand(1).await;
    let hand_id = hand_id_of(&msg);
    assert_eq!(msg["embeds"][0]["title"], tr!(Lang::Hi, "hand-title", hand = hand_id));
    let dealt = w.hand_from_db(hand_id).await;
    let cards = dealt.cards;
    let mut p = Privacy::new(&w, &players, &cards.concat());
    p.holds(&dealt.users, &cards);
    // The settings the admin was shown name the kaana cards (an option's value, not a card dealt).
    p.allow(admin, &teenpatti::engine::cards::parse_cards("Kd Js Jh").unwrap());

    // A bet out of turn is refused in Hindi.
    let refused = w.click(c, &tr!(Lang::Hi, "button-blind", amount = 1)).await;
    assert_eq!(refused.content, tr!(Lang::Hi, "rule-not-your-turn"), "{refused:?}");

    // Everyone sees (each DM in Hindi, with the cards' picture) and bets; Chen asks Bilal for a sideshow.
    w.act(a, &tr!(Lang::Hi, "button-see")).await;
    p.allow(a, &cards[0]);
    let dm = w.wait_dm(a, "बाज़ी #").await;
    assert!(dm.contains("के आपके पत्ते"), "{dm}");
    w.act(a, &tr!(Lang::Hi, "button-chaal", amount = 2)).await;
    w.act(b, &tr!(Lang::Hi, "button-see")).await;
    p.allow(b, &cards[1]);
    w.act(b, &tr!(Lang::Hi, "button-chaal", amount = 2)).await;
    w.act(c, &tr!(Lang::Hi, "button-see")).await;
    p.allow(c, &cards[2]);
    w.act(c, &tr!(Lang::Hi, "button-sideshow-cost", cost = 2)).await;
    w.act(b, &tr!(Lang::Hi, "button-accept-sideshow")).await;
    p.allow(b, &cards[2]);
    p.allow(c, &cards[1]);
    w.wait_dm(c, "साइड शो").await;
    // Whoever must act now calls the show: both hands are shown, in Hindi words, with their picture.
    let hand = w.hand_from_db(hand_id).await.hand;
    let to_act = hand.to_act().expect("someone acts");
    w.act(players[to_act], "शो (").await;
    for s in (0..3).filter(|&s| !hand.seats()[s].packed) {
        p.allow_public(&cards[s]);
    }
    let end = w.wait_hand_over(1).await;
    let text = render_message(&end);
    assert!(text.contains(&tr!(Lang::Hi, "ended-show")) && text.contains("के पत्ते"), "{text}");
    let winner = w.hand_from_db(hand_id).await.hand;
    let won = (0..3).find(|&s| winner.outcome().is_some_and(|o| o.payouts.iter().any(|p| p.seat == s))).unwrap();
    assert!(text.contains(&format!("<@{}> जीते", players[won])), "{text}");
    let alt = end["attachments"][0]["description"].as_str().unwrap_or_default();
    assert!(alt.contains("(जीते)"), "the picture's description: {alt:?}");
    p.check(&w, "the hand");

    // /history of the hand, and the other commands' replies, in Hindi.
    let history = w.ephemeral_reply(c, "history", json!({"hand": hand_id})).await;
    assert!(devanagari(&history), "{history}");
    for (command, options) in [
        ("balance", json!({})),
        ("stats", json!({})),
        ("verify", json!({"hand": hand_id})),
        ("history", json!({})),
        ("daily", json!({})),
    ] {
        let reply = w.ephemeral_reply(b, command, options).await;
        assert!(devanagari(&reply) && english_words(&reply).is_empty(), "/{command}: {reply}");
    }
    let rules = w.ephemeral_reply(b, "rules", json!({})).await;
    assert!(rules.contains(&tr!(Lang::Hi, "rules-how-to-play")), "{rules}");
    // A refusal of a command, in Hindi.
    let none = w.ephemeral_reply(b, "verify", json!({"hand": 999})).await;
    assert_eq!(none, tr!(Lang::Hi, "no-such-hand", hand = 999));

    // Every message the bot wrote from the table's opening on: no English word.
    let checked = no_english_sent(&w, from);
    assert!(checked > 50, "{checked} texts checked");
    w.assert_audit().await;
    w.fake.assert_no_violations();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_hinglish_server_gets_hinglish() {
    let w = World::start().await;
    let admin = w.fake.add_admin("meera");
    w.ephemeral_reply(admin, "config set", json!({"option": "language", "value": "hinglish"})).await;
    let players = w.users(["asha", "bilal"]);
    let [a, b] = players;
    w.slash(a, "table open", json!({"boot": 1})).await;
    w.act(b, &tr!(Lang::Hinglish, "button-join")).await;
    w.act(a, &tr!(Lang::Hinglish, "button-start")).await;
    let msg = w.wait_hand(1).await;
    let text = render_message(&msg);
    assert!(text.contains("tumhari baari hai"), "{text}");
    w.act(a, &tr!(Lang::Hinglish, "button-see")).await;
    let dm = w.wait_dm(a, "tumhare patte").await;
    assert!(dm.contains("baazi #"), "{dm}");
    w.fake.assert_no_violations();
}

/// Every command's and button's refusals on a Hindi server (issue 35): the rules' own reasons (an unknown
/// option, a bad value, options that clash, a fixed turned-up card), `/config`'s settings and values, cards and
/// tournament plans not understood, chips refused, a table's buttons pressed by the wrong player. Each reply is
/// Devanagari with no English word, and so is every text the bot sent meanwhile.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_refusal_on_a_hindi_server_is_in_hindi() {
    let w = World::start().await;
    let admin = w.fake.add_admin("meera");
    w.ephemeral_reply(admin, "config set", json!({"option": "language", "value": "hindi"})).await;
    let [a, b, c] = w.users(["asha", "bilal", "chen"]);
    let from = w.fake.requests().len();
    let set = |option: &str, value: &str| json!({"option": option, "value": value});
    let cases: Vec<(u64, &str, Value)> = vec![
        (admin, "config set", set("langdi", "maybe")),
        (admin, "config set", set("bootx", "1")),
        (admin, "config set", set("nonsense", "1")),
        (admin, "config set", set("variant", "poker")),
        (admin, "config set", set("boot", "0")),
        (admin, "config set", set("chaal_limit", "1")),
        (admin, "config set", set("draw_price", "5")),
        (admin, "config set", set("joker", "7")),
        (admin, "config set", set("up", "9")),
        (admin, "config set", set("kaana_cards", "Zz")),
        (admin, "config set", set("wild_suit", "q")),
        (admin, "config set", set("common", "Zz")),
        (admin, "config view", json!({})),
        (admin, "config set", set("turn_seconds", "-5")),
        (admin, "config set", set("give_fee_percent", "90")),
        (admin, "config set", set("season_reset", "maybe")),
        (admin, "config set", set("season_channel", "nowhere")),
        (admin, "config set", set("language", "klingon")),
        (a, "config set", set("boot", "5")),
        (admin, "grant", json!({"user": a, "amount": 0})),
        (a, "give", json!({"user": b, "amount": 1_000_000_000})),
        (a, "ledger", json!({"user": b})),
        (a, "verify", json!({"hand": 999})),
        (a, "history", json!({"hand": 999})),
        (a, "rank", json!({"cards": "Zz Kd Qh"})),
        (a, "rank", json!({"cards": "As As Kd"})),
        (a, "rank", json!({"cards": "As Kd"})),
        (a, "rank", json!({"cards": "As Kd Qh", "joker": "Z"})),
        (a, "rank", json!({"cards": "As Kd Qh", "turned": "langdi=true"})),
        (a, "rank", json!({"cards": "As Kd Qh", "turned": "wild_suit=q"})),
        (a, "bet", json!({"amount": 10})),
        (a, "see", json!({})),
        (a, "table close", json!({})),
        (a, "table open", json!({"rules": "nonsense"})),
        (a, "table open", json!({"rules": "up=9"})),
        (a, "table open", json!({"rules": "variant=blackjack cards=4"})),
        (a, "table open", json!({"rules": "variant=blackjack a23=second"})),
        (a, "table open", json!({"rules": "bust=7"})),
        (a, "table open", json!({"rules": "cards=5 up=1"})),
        (a, "tournament open", json!({"buy_in": 10, "seats": 2, "boots": "40,20"})),
        (a, "tournament open", json!({"buy_in": 10, "seats": 2, "split": "50,60"})),
        (a, "tournament status", json!({})),
    ];
    let mut said = Vec::new();
    for (user, path, options) in cases {
        let r = w.slash(user, path, options.clone()).await;
        said.push((format!("/{path} {options}"), r.content));
    }
    // A table's refusals: its buttons pressed by who may not, its commands out of place.
    w.slash(a, "table open", json!({"boot": 1})).await;
    said.push(("a second table".into(), w.slash(b, "table open", json!({})).await.content));
    said.push(("join twice".into(), w.click(a, &tr!(Lang::Hi, "button-join")).await.content));
    said.push(("leave unseated".into(), w.slash(c, "table leave", json!({})).await.content));
    w.act(b, &tr!(Lang::Hi, "button-join")).await;
    w.act(a, &tr!(Lang::Hi, "button-start")).await;
    w.wait_hand(1).await;
    said.push(("see, not playing".into(), w.click(c, &tr!(Lang::Hi, "button-see")).await.content));
    said.push(("out of turn".into(), w.click(b, &tr!(Lang::Hi, "button-blind", amount = 1)).await.content));
    said.push(("start again".into(), w.slash(a, "table start", json!({})).await.content));
    said.push(("a bet too big".into(), w.slash(a, "bet", json!({"amount": 1_000_000})).await.content));
    if std::env::var_os("SHOW_REFUSALS").is_some() {
        for (what, text) in &said {
            eprintln!("{what}: {text}");
        }
    }
    for (what, text) in &said {
        assert!(!text.is_empty() && devanagari(text), "{what}: {text:?}");
        assert_eq!(english_words(text), Vec::<String>::new(), "{what}: {text}");
    }
    let checked = no_english_sent(&w, from);
    assert!(checked > 40, "{checked} texts checked");
    w.fake.assert_no_violations();
}

/// `private_language=reader` (issue 35): on a Hindi server that asks for it, each player reads their private
/// answers (a refusal, their cards by DM and in the reply to See, a command's ephemeral reply) in their own
/// Discord language, where the catalogue has it; the channel stays in the server's language. Back at `server`,
/// every answer is Hindi again.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn private_answers_follow_each_readers_language_when_the_server_asks() {
    let w = World::start().await;
    let admin = w.fake.add_admin("meera");
    w.ephemeral_reply(admin, "config set", json!({"option": "language", "value": "hindi"})).await;
    let refused = w.ephemeral_reply(admin, "config set", json!({"option": "private_language", "value": "mine"})).await;
    assert!(devanagari(&refused) && refused.contains("`reader`"), "{refused}");
    let hostile = format!("@everyone `\u{7}{}", "x".repeat(5000));
    let refused = w.ephemeral_reply(admin, "config set", json!({"option": "private_language", "value": hostile})).await;
    assert!(refused.chars().count() < 300 && !refused.contains("@everyone") && !refused.contains('\u{7}'), "{refused}");
    // The admin's Discord is in English (the stand-in's default locale): once the setting is on, they read English.
    let saved = w.ephemeral_reply(admin, "config set", json!({"option": "private_language", "value": "reader"})).await;
    assert!(saved.starts_with(&tr!(Lang::En, "settings-saved")), "{saved}");
    let [en, hi, odd] = w.users(["asha", "bilal", "chen"]);
    w.fake.set_locale(hi, "hi");
    // A locale the catalogue lacks (or a forged one) reads the server's language.
    w.fake.set_locale(odd, "\u{0}xx-FORGED");
    assert!(devanagari(&w.ephemeral_reply(odd, "balance", json!({})).await));
    let opened = w.slash(en, "table open", json!({"boot": 1})).await;
    assert_eq!(opened.content, tr!(Lang::Hi, "table-opened", opener = format!("<@{en}>")), "the channel's language");
    w.act(hi, &tr!(Lang::Hi, "button-join")).await;
    let twice = w.click(en, &tr!(Lang::Hi, "button-join")).await;
    assert_eq!(twice.content, tr!(Lang::En, "error-already-seated"), "{twice:?}");
    let twice = w.click(hi, &tr!(Lang::Hi, "button-join")).await;
    assert_eq!(twice.content, tr!(Lang::Hi, "error-already-seated"), "{twice:?}");
    w.act(en, &tr!(Lang::Hi, "button-start")).await;
    let msg = w.wait_hand(1).await;
    assert!(devanagari(&render_message(&msg)), "the hand message is the server's: {msg}");
    // `/table status` is private: the English reader's view of the table, in English.
    let status = w.slash(en, "table status", json!({})).await;
    let shown = serde_json::to_string(&status.embeds).unwrap_or_default();
    assert!(status.ephemeral && !devanagari(&shown), "{shown}");
    w.act(en, &tr!(Lang::Hi, "button-see")).await;
    let dm = w.wait_dm(en, "Your cards for hand #").await;
    assert!(!devanagari(&dm), "{dm}");
    w.act(hi, &tr!(Lang::Hi, "button-see")).await;
    w.wait_dm(hi, "के आपके पत्ते").await;
    let (en_balance, hi_balance) =
        (w.ephemeral_reply(en, "balance", json!({})).await, w.ephemeral_reply(hi, "balance", json!({})).await);
    assert!(!devanagari(&en_balance) && devanagari(&hi_balance), "{en_balance} / {hi_balance}");
    // Back to the server's language for everyone.
    w.ephemeral_reply(admin, "config set", json!({"option": "private_language", "value": "server"})).await;
    let balance = w.ephemeral_reply(en, "balance", json!({})).await;
    assert!(devanagari(&balance), "{balance}");
    w.fake.assert_no_violations();
}
