//! Provably fair deals end to end (issue 16): the real bot against the local Discord stand-in. The next hand's
//! commitment is in the channel before a player gives entropy; the hand message shows it from the deal and the
//! seed only once the hand is over (no request before then carries the seed); `/verify` and the offline
//! procedure (Python's standard library) both confirm the deal, and both refuse a tampered seed or entropy.

use std::process::Command;

use serde_json::json;
use sqlx::{Connection, SqliteConnection};
use support::world::{hand_id_of, render_message, World};
use teenpatti::engine::cards::format_cards;

const SCRIPT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/scripts/verify_deck.py");

/// The 64-hex commitment after `marker` in `text`.
fn commitment_after(text: &str, marker: &str) -> String {
    let at = text.find(marker).unwrap_or_else(|| panic!("no {marker:?} in:\n{text}")) + marker.len();
    text[at..].chars().skip_while(|c| *c != '`').skip(1).take(64).collect()
}

fn offline(args: &[&str]) -> (i32, String) {
    let out = Command::new("python3").arg(SCRIPT).args(args).output().expect("python3 runs");
    (out.status.code().unwrap_or(-1), String::from_utf8_lossy(&out.stdout).into_owned())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_fair_deal_is_committed_revealed_and_verified() {
    let w = World::start().await;
    let players = w.users(["asha", "bilal"]);
    let [a, b] = players;
    w.open_table(&players, json!({})).await;
    // The lobby shows the first hand's commitment before anyone gives entropy.
    let lobby = render_message(&w.message_with("Start"));
    let committed = commitment_after(&lobby, "Next hand's deck commitment");
    assert_eq!(committed.len(), 64, "{lobby}");
    let reply = w.ephemeral_reply(a, "table entropy", json!({"value": "asha's lucky 7"})).await;
    assert!(reply.contains(&committed), "{reply}");
    // Bad entropy and a stranger's are refused.
    let stranger = w.users(["dev"])[0];
    assert!(w.ephemeral_reply(stranger, "table entropy", json!({"value": "x"})).await.contains("seated"));
    w.act(a, "Start").await;
    let msg = w.wait_hand(1).await;
    let hand_id = hand_id_of(&msg);
    let text = render_message(&msg);
    assert_eq!(commitment_after(&text, "Deck commitment"), committed, "{text}");
    let record = w.hand_from_db(hand_id).await;
    let fair = w.record(hand_id).await.fair.expect("a provably fair deal");
    assert_eq!(fair.entropy, format!("{a}:asha's lucky 7\n"));
    // While the hand is played, /verify shows only the commitment, and no request carries the seed.
    let live = w.ephemeral_reply(b, "verify", json!({"hand": hand_id})).await;
    assert!(live.contains("still being played") && !live.contains(&fair.secret), "{live}");
    w.act(a, "Blind 1").await;
    for r in w.fake.requests() {
        let body = r.body.as_ref().map(|b| b.to_string()).unwrap_or_default();
        assert!(!body.contains(&fair.secret), "the seed before the end: {} {body}", r.route);
    }
    w.act(b, "Pack").await;
    let text = render_message(&w.wait_hand_over(1).await);
    assert!(text.contains(&format!("seed `{}`", fair.secret)) && text.contains("entropy from 1 player"), "{text}");
    // The next hand's commitment is another one.
    let next = commitment_after(&text, "Next hand's deck commitment");
    assert!(next.len() == 64 && next != committed, "{text}");
    let verified = w.ephemeral_reply(b, "verify", json!({"hand": hand_id})).await;
    assert!(verified.contains("**Fair**"), "{verified}");
    // Offline, with the seed, commitment and entropy shown: each player's cards as the database holds them.
    let dealer = record.hand.dealer().to_string();
    let expects: Vec<String> = (0..2).map(|s| format!("{s}={}", format_cards(&record.cards[s]))).collect();
    let mut args = vec!["--seed", &fair.secret, "--commitment", &committed, "--entropy", &fair.entropy];
    args.extend(["--players", "2", "--dealer", &dealer, "--expect", &expects[0], "--expect", &expects[1]]);
    let (code, out) = offline(&args);
    assert_eq!(code, 0, "{out}");
    // Tampered: another seed stored for the hand, then another entropy. /verify and the offline check refuse both.
    let mut db = SqliteConnection::connect(&format!("sqlite://{}", w.db.display())).await.unwrap();
    // Stores another seed and entropy for the hand; returns what /verify then says.
    let mut tamper = async |secret: &str, entropy: &str| {
        let record = json!({"commitment": committed, "secret": secret, "entropy": entropy}).to_string();
        let update = sqlx::query("UPDATE hands SET fair = ?1 WHERE id = ?2").bind(record).bind(hand_id);
        update.execute(&mut db).await.unwrap();
        w.ephemeral_reply(b, "verify", json!({"hand": hand_id})).await
    };
    let other = teenpatti::engine::fair::Seed::random().to_hex();
    let refused = tamper(&other, &fair.entropy).await;
    assert!(refused.contains("Does not verify") && refused.contains("not the commitment"), "{refused}");
    let (code, out) = offline(&["--seed", &other, "--commitment", &committed]);
    assert_eq!(code, 1, "{out}");
    let refused = tamper(&fair.secret, "someone else\n").await;
    assert!(refused.contains("do not give the deck"), "{refused}");
    let mut args = vec!["--seed", &fair.secret, "--commitment", &committed, "--entropy", "someone else\n"];
    args.extend(["--players", "2", "--dealer", &dealer, "--expect", &expects[0]]);
    let (code, out) = offline(&args);
    assert_eq!(code, 1, "{out}");
    w.assert_audit().await;
    w.fake.assert_no_violations();
}

/// The log scan reads the seeds as the bot stored them: a live hand's seed (not over) and the table's next one,
/// and a log line that carried either would be caught; once the hand is over its seed may be shown.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_log_scan_knows_every_seed_not_yet_shown() {
    use support::privacy::{log_leaks, CardFinder};
    let w = World::start().await;
    let [a, b] = w.users(["asha", "bilal"]);
    let msg = w.open_and_start(&[a, b], json!({"boot": 1})).await;
    let hand = hand_id_of(&msg);
    let secrets = support::bot::secrets_in(&w.url).await.unwrap();
    let live = secrets.iter().find(|s| s.hand == hand).expect("the live hand's seed");
    assert!(live.ended.is_none() && live.seed.len() == 64, "{live:?}");
    let next = secrets.iter().find(|s| s.hand == 0).expect("the table's next seed");
    let finder = CardFinder::new(&[]);
    for seed in [&live.seed, &next.seed] {
        let line = format!("2026-11-27T23:50:29.894242Z DEBUG table{{id=1}}: dealing seed={seed}");
        let found = log_leaks(&line, &finder, &Default::default(), &secrets);
        assert_eq!(found.len(), 1, "{found:?}");
    }
    // The hand ends (the player to act packs): its seed is shown in the channel, and a later line may carry it.
    if !w.click(a, "Pack").await.accepted() {
        w.act(b, "Pack").await;
    }
    let secrets = support::bot::secrets_in(&w.url).await.unwrap();
    let over = secrets.iter().find(|s| s.hand == hand).expect("the hand's seed");
    assert!(over.ended.is_some(), "{over:?}");
    let line = format!("2999-01-01T00:00:00.000000Z DEBUG seed={}", over.seed);
    assert!(log_leaks(&line, &finder, &Default::default(), &secrets).is_empty());
}
