//! The server's economy end to end (issue 18): a hand exported by `/history hand:N` and replayed by
//! `teenpatti-bot replay` to the same result; `/give` and each of its refusals; bet caps; seasons.

mod support;

use serde_json::{json, Value};
use support::world::{hand_id_of, World};

fn bot() -> std::process::Command {
    let mut c = std::process::Command::new(env!("CARGO_BIN_EXE_teenpatti-bot"));
    c.env_remove("DISCORD_TOKEN").env_remove("DATABASE_URL").env("NO_COLOR", "1");
    c
}

/// The newest file named `name` the bot uploaded.
fn uploaded(w: &World, name: &str) -> Option<Vec<u8>> {
    w.fake.requests().iter().rev().flat_map(|r| r.files.iter()).find(|f| f.filename == name).map(|f| f.bytes.clone())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_finished_hand_is_exported_and_replays_to_the_same_result() {
    let w = World::start().await;
    let [asha, bilal, chitra] = w.users(["asha", "bilal", "chitra"]);
    let msg = w.open_and_start(&[asha, bilal, chitra], json!({"boot": 5})).await;
    let hand = hand_id_of(&msg);
    // A live hand has no script: it would show every card.
    w.ephemeral_reply(chitra, "history", json!({"hand": hand})).await;
    assert!(uploaded(&w, &format!("hand-{hand}.tp")).is_none(), "a live hand was exported");

    // Play it out: a round of blind bets, a pack, then a show between the two left.
    for label in ["Blind", "Blind", "Blind", "Pack", "Show"] {
        let mut acted = false;
        for u in [asha, bilal, chitra] {
            if w.click(u, label).await.kind == 7 {
                acted = true;
                break;
            }
        }
        assert!(acted, "nobody could press {label}:\n{}", w.transcript());
    }
    w.wait_hand_over(hand).await;

    let text = w.ephemeral_reply(chitra, "history", json!({"hand": hand})).await;
    let script = uploaded(&w, &format!("hand-{hand}.tp")).unwrap_or_else(|| panic!("no script attached: {text}"));
    let script = String::from_utf8(script).unwrap();
    assert!(script.contains(&format!("hand #{hand}")) && !script.contains("\nseed"), "{script}");
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("hand.tp");
    std::fs::write(&file, &script).unwrap();
    let out = bot().args(["replay", "--json"]).arg(&file).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let replay: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(replay["rejected"], json!([]), "{script}");

    let record = w.record(hand).await;
    let seat_names = replay["players"].as_array().unwrap().clone();
    let winners: Vec<u64> = replay["winners"]
        .as_array()
        .unwrap()
        .iter()
        .map(|name| record.summary.users[seat_names.iter().position(|n| n == name).unwrap()].get())
        .collect();
    assert_eq!(winners, record.summary.winners.iter().map(|u| u.get()).collect::<Vec<_>>(), "{script}");
    assert_eq!(replay["pot"].as_i64(), Some(record.summary.pot), "{script}");
    let nets = w.store().await.hand_nets(record.summary.id).await.unwrap();
    for (seat, name) in seat_names.iter().enumerate() {
        let user = record.summary.users[seat];
        let ledger = nets.iter().find(|(u, _)| *u == user).map_or(0, |(_, n)| *n);
        assert_eq!(replay["net"][name.as_str().unwrap()].as_i64(), Some(ledger), "{name}: {script}");
    }
    w.assert_audit().await;
}
