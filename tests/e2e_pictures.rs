//! Card pictures end to end (issue 16): the real bot against the local Discord stand-in. Pictures come as PNG
//! attachments (multipart `files[N]` parts named by the body's `attachments` entries, which the stand-in checks
//! as Discord does) where people look at cards: the DM after See (an ephemeral reply when DMs are closed), the
//! sideshow DMs, the hand message once hands are shown, the turned-up cards of a variation, `/history` and
//! `/rank`. Each carries its cards in words as its description, and the message's text names them too; the
//! privacy scan checks every picture against its description, so a picture shows no card its text may not.

use serde_json::{json, Value};
use support::privacy::{rows_of_description, Privacy};
use support::world::{hand_id_of, render_message, World};
use support::RecordedRequest;
use teenpatti::engine::{evaluate, Card, Rules};

/// A hand's pictures stay well under this (issue 16: "a hand well under 100 KB").
const HAND_BUDGET: usize = 100_000;

/// The attachments of a stored message.
fn attachments(m: &Value) -> Vec<Value> {
    m["attachments"].as_array().cloned().unwrap_or_default()
}

/// The one picture of a stored message: its filename, description and size, checked as Discord would show it.
/// (`/history` of a finished hand also attaches its replay script, `hand-N.tp`: not a picture.)
fn picture(m: &Value, name: &str) -> (String, usize) {
    let list: Vec<Value> =
        attachments(m).into_iter().filter(|a| !a["filename"].as_str().is_some_and(|f| f.ends_with(".tp"))).collect();
    assert_eq!(list.len(), 1, "one picture expected on:\n{}", render_message(m));
    let a = &list[0];
    assert_eq!(a["filename"], name, "{a}");
    assert_eq!(a["content_type"], "image/png", "{a}");
    let size = a["size"].as_u64().unwrap() as usize;
    assert!(size > 1000 && size < HAND_BUDGET, "{size} bytes: {a}");
    assert!(a["width"].as_u64().unwrap() > 100 && a["height"].as_u64().unwrap() > 100, "{a}");
    (a["description"].as_str().unwrap_or_default().to_string(), size)
}

/// The cards a description names, every row.
fn cards_of(alt: &str) -> Vec<Card> {
    rows_of_description(alt)
        .unwrap()
        .iter()
        .flat_map(|r| r.faces.iter())
        .filter_map(|f| match f {
            teenpatti::art::Face::Up(c) => Some(*c),
            teenpatti::art::Face::Down => None,
        })
        .collect()
}

fn same_cards(a: &[Card], b: &[Card]) -> bool {
    let (mut a, mut b) = (a.to_vec(), b.to_vec());
    a.sort();
    b.sort();
    a == b
}

/// Every request that carried a file: each a PNG part with its content type, within Discord's limits (or a
/// finished hand's replay script, text, with `/history`).
fn uploads(w: &World) -> Vec<RecordedRequest> {
    let with_files: Vec<RecordedRequest> = w.fake.requests().into_iter().filter(|r| !r.files.is_empty()).collect();
    for r in &with_files {
        for f in &r.files {
            if f.filename.ends_with(".tp") {
                assert!(f.bytes.starts_with(b"# Teen Patti hand #"), "{} is not a hand script", f.filename);
                continue;
            }
            assert_eq!(f.content_type, "image/png", "{} {}", r.route, f.filename);
            assert!(f.bytes.starts_with(b"\x89PNG\r\n\x1a\n"), "{} is not a PNG", f.filename);
            assert!(f.bytes.len() < HAND_BUDGET, "{} is {} bytes", f.filename, f.bytes.len());
        }
    }
    with_files
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn pictures_arrive_where_people_look_at_cards() {
    let w = World::start().await;
    let players = w.users(["asha", "bilal", "chen"]);
    let [a, b, c] = players;
    // Chen's DMs are closed: his pictures come with the ephemeral replies.
    w.fake.block_dms(c, 50007);
    let msg = w.open_and_start(&players, json!({"boot": 1})).await;
    let hand_id = hand_id_of(&msg);
    let dealt = w.hand_from_db(hand_id).await;
    let cards = dealt.cards;
    let mut p = Privacy::new(&w, &players, &cards.concat());
    p.holds(&dealt.users, &cards);
    // A classic hand turns nothing up: no picture on the hand message while it is played.
    assert!(attachments(&w.hand_message()).is_empty(), "{}", render_message(&w.hand_message()));
    p.check(&w, "deal");

    // Asha sees: her DM has her cards, in words and in the picture.
    w.act(a, "See cards").await;
    p.allow(a, &cards[0]);
    w.wait_dm(a, "Your cards").await;
    let dm = w.fake.dms(a).into_iter().last().unwrap();
    let (alt, _) = picture(&dm, "cards.png");
    assert!(same_cards(&cards_of(&alt), &cards[0]), "{alt} vs {:?}", cards[0]);
    assert!(cards[0].iter().all(|c| dm["content"].as_str().unwrap().contains(&c.pretty())), "{dm}");
    p.check(&w, "asha sees");
    w.act(a, "Chaal 2").await;

    // Chen (DMs closed) sees: the picture comes with the reply only he sees.
    w.act(c, "See cards").await;
    p.allow(c, &cards[2]);
    w.wait_ephemeral(c, "Your cards").await;
    let eph = w.fake.ephemerals(c).into_iter().rfind(|m| m["content"].as_str().unwrap().contains("Your cards"));
    let (alt, _) = picture(&eph.unwrap(), "cards.png");
    assert!(same_cards(&cards_of(&alt), &cards[2]), "{alt}");
    p.check(&w, "chen sees");

    // Bilal sees and asks Asha for a sideshow; she accepts: each gets both hands, numbered by seat, the
    // winner framed.
    w.act(b, "See cards").await;
    p.allow(b, &cards[1]);
    w.act(b, "Sideshow (2)").await;
    w.act(a, "Accept sideshow").await;
    p.allow(a, &cards[1]);
    p.allow(b, &cards[0]);
    let rules = Rules::default();
    let (va, vb) = (evaluate(&cards[0], &rules, None).unwrap(), evaluate(&cards[1], &rules, None).unwrap());
    // A tie packs the asker (Bilal).
    let (winner, loser) = if va >= vb { (0, 1) } else { (1, 0) };
    for u in [a, b] {
        w.wait_dm(u, "Sideshow in hand").await;
        let dm = w.fake.dms(u).into_iter().last().unwrap();
        let (alt, _) = picture(&dm, "sideshow.png");
        let rows = rows_of_description(&alt).unwrap();
        let mut got: Vec<(Option<usize>, bool)> = rows.iter().map(|r| (r.seat, r.mark)).collect();
        got.sort();
        let mut want = vec![(Some(winner + 1), true), (Some(loser + 1), false)];
        want.sort();
        assert_eq!(got, want, "{alt}");
        assert!(same_cards(&cards_of(&alt), &[cards[0].clone(), cards[1].clone()].concat()), "{alt}");
        let text = dm["content"].as_str().unwrap();
        assert!(text.contains(&format!("① <@{a}>")) && text.contains(&format!("② <@{b}>")), "{text}");
    }
    p.check(&w, "sideshow");

    // Chen calls the show against the winner: the hand message shows both hands, the winner framed.
    w.act(c, "Show (2)").await;
    p.allow_public(&cards[2]);
    p.allow_public(&cards[winner]);
    let end = w.wait_hand_over(1).await;
    let (alt, _) = picture(&end, "table.png");
    let rows = rows_of_description(&alt).unwrap();
    assert_eq!(rows.iter().map(|r| r.seat).collect::<Vec<_>>(), vec![Some(winner + 1), Some(3)], "{alt}");
    let vc = evaluate(&cards[2], &rules, None).unwrap();
    let best = if vc > [va, vb][winner] { 3 } else { winner + 1 };
    assert!(rows.iter().all(|r| r.mark == (r.seat == Some(best))), "{alt}");
    let text = render_message(&end);
    // The players are numbered as the picture's rows are (a packed player's name is struck through).
    for (seat, u) in players.iter().enumerate() {
        let mark = ["①", "②", "③"][seat];
        assert!(text.contains(&format!("{mark} <@{u}>")) || text.contains(&format!("{mark} ~~<@{u}>~~")), "{text}");
    }
    p.check(&w, "show");

    // /history of the finished hand: every seat's cards, the winner framed.
    let reply = w.slash(b, "history", json!({"hand": hand_id})).await;
    let history = reply.message.unwrap();
    let (alt, _) = picture(&history, "hand.png");
    let script = format!("hand-{hand_id}.tp");
    assert!(attachments(&history).iter().any(|a| a["filename"] == script.as_str()), "no {script}: {history}");
    assert!(same_cards(&cards_of(&alt), &cards.concat()), "{alt}");
    // /rank pictures the cards asked about, in the channel.
    let ranked = w.slash(a, "rank", json!({"cards": "As 10h Qd"})).await.message.unwrap();
    let (alt, _) = picture(&ranked, "cards.png");
    assert_eq!(alt, "A♠ Q♦ 10♥");

    // Every upload: a PNG part, its content type, its size; the whole hand's pictures well under 100 KB each.
    let sent = uploads(&w);
    assert!(sent.len() >= 6, "{} requests with pictures", sent.len());
    w.assert_audit().await;
    w.fake.assert_no_violations();
}

/// A variation's turned-up cards: five-card community's three cards are pictured on the hand message from the
/// deal (and stay there through every button click, which replaces a message's attachments).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_turned_up_cards_of_a_variation_are_pictured() {
    let w = World::start().await;
    let players = w.users(["asha", "bilal"]);
    let [a, b] = players;
    let variant = teenpatti::engine::Variant::ALL.iter().position(|v| v.name() == "five_card_community").unwrap();
    w.open_table(&players, json!({"variant": variant})).await;
    w.act(a, "Start").await;
    let msg = w.wait_hand(1).await;
    let community = w.hand_from_db(hand_id_of(&msg)).await.hand.board().community.clone();
    let (alt, _) = picture(&msg, "table.png");
    assert!(same_cards(&cards_of(&alt), &community), "{alt}");
    w.act(a, "See cards").await;
    let (after, _) = picture(&w.hand_message(), "table.png");
    assert_eq!(after, alt, "the click kept the picture");
    w.act(a, "Chaal 2").await;
    w.act(b, "Pack").await;
    let end = w.wait_hand_over(1).await;
    picture(&end, "table.png");
    uploads(&w);
    w.fake.assert_no_violations();
}
