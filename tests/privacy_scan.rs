//! The privacy scan's own tests (`tests/support/privacy.rs`): each kind of leak, made as a bot would make it
//! (requests to the stand-in, over HTTP), is caught, and what is no leak passes. A scan that cannot fail proves
//! nothing about the scenarios it passes.

use std::collections::HashSet;

use poise::serenity_prelude as serenity;
use serde_json::{json, Value};
use support::model::Upload;
use support::privacy::{log_leaks, pictures_show_their_descriptions, CardFinder, Privacy, Secret};
use support::{FakeDiscord, FakeOptions, RecordedRequest};
use teenpatti::art::{Face, Row};
use teenpatti::engine::cards::parse_cards;
use teenpatti::engine::Card;
use teenpatti::i18n::Lang;

/// A stand-in with a table channel and two players, Asha (`A♠ K♠ Q♠`) and Bilal (`2♥ 3♥ 4♥`), a bot's HTTP
/// client on it, and the scan, which knows who holds what.
struct Bench {
    fake: FakeDiscord,
    http: serenity::Http,
    channel: u64,
    asha: u64,
    bilal: u64,
    cards: [Vec<Card>; 2],
    scan: Privacy,
}

async fn bench() -> Bench {
    bench_with("As Ks Qs", "2h 3h 4h").await
}

async fn bench_with(asha_holds: &str, bilal_holds: &str) -> Bench {
    let fake = FakeDiscord::start(FakeOptions::default()).await;
    let http = serenity::HttpBuilder::new(fake.token())
        .proxy(fake.url())
        .ratelimiter_disabled(true)
        .application_id(serenity::ApplicationId::new(fake.application_id()))
        .build();
    let channel = fake.add_channel("tables");
    let (asha, bilal) = (fake.add_user("asha"), fake.add_user("bilal"));
    let cards = [parse_cards(asha_holds).unwrap(), parse_cards(bilal_holds).unwrap()];
    let mut scan = Privacy::on(&fake, channel, &[asha, bilal], &cards.concat());
    scan.holds(&[asha, bilal], &cards);
    Bench { fake, http, channel, asha, bilal, cards, scan }
}

impl Bench {
    /// The bot posts `content` in `channel`.
    async fn post(&self, channel: u64, content: &str) -> Value {
        let m = self.http.send_message(serenity::ChannelId::new(channel), vec![], &json!({"content": content})).await;
        serde_json::to_value(m.unwrap_or_else(|e| panic!("posting {content:?}: {e}"))).unwrap()
    }

    /// Asha clicks a button of a message the bot posts; the click's interaction.
    async fn asha_clicks(&self) -> support::InteractionHandle {
        let buttons = json!([{"type": 1, "components": [{"type": 2, "style": 1, "label": "See", "custom_id": "see"}]}]);
        let hand = json!({"content": "hand", "components": buttons});
        let posted = self.http.send_message(serenity::ChannelId::new(self.channel), vec![], &hand).await.unwrap();
        self.fake.click(self.asha, &serde_json::to_value(posted).unwrap(), "See").await
    }

    /// What the scan finds in everything sent since it last looked.
    fn leaks(&mut self) -> Vec<String> {
        self.scan.scan(&self.fake)
    }

    /// The public post of `content` is caught, and nothing else is.
    async fn caught_in_public(&mut self, content: &str, what: &str) {
        self.post(self.channel, content).await;
        let found = self.leaks();
        // The first line of a finding says what it reveals (the rest quotes the request, which holds `what`).
        let says = |l: &String| l.lines().next().is_some_and(|first| first.contains(what));
        assert!(found.iter().any(says), "{content:?} is not caught as {what:?}: {found:?}");
        // The message stays in the channel: later scans find it again. A new bench per leak keeps them apart.
    }
}

#[tokio::test]
async fn what_players_may_know_passes() {
    let mut b = bench().await;
    let (asha, bilal) = (b.asha, b.bilal);
    b.post(b.channel, &format!("<@{asha}> bets blind 1.\n<@{bilal}> packed.")).await;
    b.post(b.channel, "/rules: a Pure sequence beats a Colour; a Trio (Trail) beats all, such as a pair of aces.")
        .await;
    b.post(b.channel, &format!("<@{asha}> chose the game: muflis. Bust card turned up: 9♦.")).await;
    b.post(b.channel, &format!("<@{bilal}> holds a bust card and packed.")).await;
    b.scan.allow(asha, &b.cards[0]);
    let note = format!("Your cards for hand #1 in <#{}>: **A♠ K♠ Q♠** (Pure sequence).", b.channel);
    b.post(b.fake.dm_channel(asha), &note).await;
    assert_eq!(b.leaks(), Vec::<String>::new());
    // Once Asha's hand is shown, her value next to her name is news to no one.
    b.scan.allow_public(&b.cards[0]);
    b.post(b.channel, &format!("🏆 <@{asha}> wins 12 with a Pure sequence (A♠ K♠ Q♠).")).await;
    assert_eq!(b.leaks(), Vec::<String>::new());
}

#[tokio::test]
async fn a_hands_value_next_to_a_players_name_is_caught_in_every_language_and_case() {
    for (text, word) in [
        ("<@{a}> holds a Pure sequence.", "Pure sequence"),
        ("<@{a}>: PURE SEQUENCE", "PURE SEQUENCE"),
        ("<@{a}> के पास प्योर सीक्वेंस है", "प्योर सीक्वेंस"),
        ("<@{a}> ke paas trail hai", "trail"),
        ("<@{a}> has K high", "K high"),
    ] {
        let mut b = bench().await;
        let text = text.replace("{a}", &b.asha.to_string());
        b.caught_in_public(&text, word).await;
    }
}

#[tokio::test]
async fn a_card_in_words_or_in_any_case_is_caught() {
    for text in [
        "A♠",
        "a♠️",
        "AS",
        "aS",
        "cards: As",
        "the ace of spades",
        "ACE OF SPADES",
        "हुकुम का इक्का",
        "इक्का हुकुम",
        "hukum ka ikka",
        "Card { rank: Rank(14), suit: Spades }",
    ] {
        let mut b = bench().await;
        b.caught_in_public(text, "A♠").await;
    }
    let mut b = bench().await;
    b.caught_in_public("paan ki dukki", "2♥").await;
    // The words of a rule text, said of a player, are a leak.
    let mut b = bench_with("Kd Js Jh", "2h 3h 4h").await;
    let said = format!("<@{}> holds the king of diamonds", b.asha);
    b.caught_in_public(&said, "K♦").await;
}

/// The bot's fixed texts name cards in words (kaana's one-eyed cards) without telling anyone's hand; a select
/// menu cuts them short with `…`.
#[tokio::test]
async fn a_rule_text_that_names_cards_is_no_leak() {
    let mut b = bench_with("Kd Js Jh", "2h 3h 4h").await;
    for lang in Lang::ALL {
        let text = teenpatti::tr!(lang, "variant-kaana");
        b.post(b.channel, &text).await;
        let cut: String = text.chars().take(99).chain(['…']).collect();
        b.post(b.channel, &cut).await;
    }
    assert_eq!(b.leaks(), Vec::<String>::new());
}

#[tokio::test]
async fn a_private_notes_wording_in_public_is_caught() {
    let mut b = bench().await;
    let note = format!("Your cards for hand #3 in <#{}>: **🂠 🂠 🂠** (Pair).", b.channel);
    b.caught_in_public(&note, "private note").await;
    let mut b = bench().await;
    let note = format!("<#{}> में बाज़ी #3 के आपके पत्ते: **🂠 🂠 🂠**", b.channel);
    b.caught_in_public(&note, "private note").await;
}

/// An interaction answered ephemerally, then: a follow-up without the ephemeral flag is public, and so is the
/// edit of a follow-up that was posted public, whatever the first answer was; an ephemeral follow-up, and its
/// edit, are the clicker's.
#[tokio::test]
async fn a_public_follow_up_and_its_edit_are_public() {
    let mut b = bench().await;
    let asha = b.asha;
    b.scan.allow(asha, &b.cards[0]);
    let click = b.asha_clicks().await;
    let id = serenity::InteractionId::new(click.id);
    let answer = json!({"type": 4, "data": {"content": "Your cards are coming.", "flags": 64}});
    b.http.create_interaction_response(id, &click.token, &answer, vec![]).await.unwrap();
    // Hers, ephemeral: fine, and so is its edit.
    let mine = json!({"content": "A♠ K♠ Q♠", "flags": 64});
    let own = b.http.create_followup_message(&click.token, &mine, vec![]).await.unwrap();
    let edit = json!({"content": "A♠ K♠ Q♠ (Pure sequence)"});
    b.http.edit_followup_message(&click.token, own.id, &edit, vec![]).await.unwrap();
    assert_eq!(b.leaks(), Vec::<String>::new());
    // A public follow-up with her cards: caught.
    b.http.create_followup_message(&click.token, &json!({"content": "A♠"}), vec![]).await.unwrap();
    let found = b.leaks();
    assert!(found.iter().any(|l| l.contains("POST /webhooks") && l.contains("Public")), "{found:?}");
    // A follow-up posted public and edited to name her cards: caught, though the first answer was ephemeral.
    let looked = json!({"content": "Asha looked."});
    let public = b.http.create_followup_message(&click.token, &looked, vec![]).await.unwrap();
    b.leaks();
    b.http.edit_followup_message(&click.token, public.id, &json!({"content": "Asha holds A♠"}), vec![]).await.unwrap();
    let found = b.leaks();
    assert!(found.iter().any(|l| l.contains("PATCH /webhooks") && l.contains("Public")), "{found:?}");
}

/// After a deferred answer (type 5) the first follow-up takes the place of the "thinking…" message and its
/// visibility, whatever its own flags say: public after a public deferral, private after an ephemeral one.
#[tokio::test]
async fn the_first_follow_up_after_a_deferral_is_as_the_deferral_was() {
    for (deferral_flags, caught) in [(0, true), (64, false)] {
        let mut b = bench().await;
        b.scan.allow(b.asha, &b.cards[0]);
        let click = b.asha_clicks().await;
        let id = serenity::InteractionId::new(click.id);
        let deferral = json!({"type": 5, "data": {"flags": deferral_flags}});
        b.http.create_interaction_response(id, &click.token, &deferral, vec![]).await.unwrap();
        let flags = 64 - deferral_flags;
        b.http
            .create_followup_message(&click.token, &json!({"content": "A♠ K♠ Q♠", "flags": flags}), vec![])
            .await
            .unwrap();
        let found = b.leaks();
        assert_eq!(!found.is_empty(), caught, "deferral flags {deferral_flags}: {found:?}");
    }
}

#[test]
fn a_seed_or_a_card_in_a_log_line_is_caught() {
    let seed = "61889d583ba4f65250ab6974f31a44884e0e0ad563b3985255f97b5f0bc97023";
    let at = |t: &str| format!("2026-11-27T23:50:{t}.894242Z  INFO table{{id=1}}: something");
    let line = |t: &str, what: &str| format!("{} {what}", at(t));
    let ended = support::privacy::stamp_of(&at("30")).unwrap();
    let live = [Secret { hand: 5, seed: seed.into(), ended: None }];
    let over = [Secret { hand: 5, seed: seed.into(), ended: Some(ended) }];
    let finder = CardFinder::new(&parse_cards("As Kd").unwrap());
    let none = HashSet::new();
    assert!(log_leaks(&line("29", "nothing to see"), &finder, &none, &live).is_empty());
    let found = log_leaks(&line("29", &format!("seed={seed}")), &finder, &none, &live);
    assert!(found.iter().any(|f| f.contains("hand 5's seed")), "{found:?}");
    let found = log_leaks(&line("29", &format!("seed={seed}")), &finder, &none, &over);
    assert!(found.iter().any(|f| f.contains("hand 5's seed")), "a second before the end: {found:?}");
    assert!(log_leaks(&line("31", &format!("seed={seed}")), &finder, &none, &over).is_empty(), "after the end");
    let found = log_leaks(&line("29", "dealt Kd to 12"), &finder, &none, &live);
    assert!(found.iter().any(|f| f.contains("names")), "{found:?}");
    // Seconds are no spades.
    let seconds = CardFinder::new(&parse_cards("3s 10s").unwrap());
    assert!(log_leaks(&line("29", "stopping after 3s, within 10s"), &seconds, &none, &live).is_empty());
    assert_eq!(support::privacy::stamp_of("1970-01-02T00:00:01.0Z"), Some(86_401));
}

/// A picture whose description names three cards but which draws a fourth is caught (the description is what
/// the scan reads; the picture must show no more).
#[test]
fn a_picture_with_an_extra_card_is_caught() {
    let face = |c: &str| Face::Up(c.parse::<Card>().unwrap());
    let drawn = |faces: Vec<Face>| teenpatti::art::png(&[Row { seat: Some(1), mark: false, faces }]).unwrap().to_vec();
    let request = |bytes: Vec<u8>| RecordedRequest {
        method: "POST".into(),
        route: "POST /channels/{channel_id}/messages".into(),
        path: "/channels/1/messages".into(),
        body: Some(json!({"attachments": [{"id": 0, "filename": "hand.png", "description": "① A♠ K♠ Q♠"}]})),
        status: 200,
        at: std::time::Instant::now(),
        known: true,
        files: vec![Upload {
            field: "files[0]".into(),
            filename: "hand.png".into(),
            content_type: "image/png".into(),
            bytes,
        }],
    };
    let three = drawn(vec![face("As"), face("Ks"), face("Qs")]);
    assert_eq!(pictures_show_their_descriptions(&request(three)), Ok(()));
    let four = drawn(vec![face("As"), face("Ks"), face("Qs"), face("2h")]);
    let e = pictures_show_their_descriptions(&request(four)).unwrap_err();
    assert!(e.contains("does not show what its description says"), "{e}");
}
