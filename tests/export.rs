//! Hand export (issue 18): every finished hand of a simulated run, written out as a hand script the way
//! `/history hand:N` attaches it, replays with `teenpatti-bot replay` to the result the database holds: the same
//! winners, pot, ending and each player's net per the ledger, with no action refused and no seed needed.

use std::collections::BTreeMap;
use std::process::Command;

use serde_json::Value;
use teenpatti::ids::UserId;
use teenpatti::sim::SIM_GUILD;
use teenpatti::store::{HandStatus, Store};
use teenpatti::table::history::hand_script;

fn bot() -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_teenpatti-bot"));
    c.env_remove("DISCORD_TOKEN").env_remove("DATABASE_URL").env("NO_COLOR", "1");
    c
}

/// Variations that deal differently: plain, wild draws, draws of new cards, face-up cards, community cards,
/// high-low by declaration, a bust card that packs its holder at the deal.
const RUNS: &[&[&str]] = &[
    &[],
    &["--variant", "joker"],
    &["--variant", "draw"],
    &["--variant", "three_card_stud"],
    &["--set", "community=3", "--set", "cards=2"],
    &["--set", "high_low=declare"],
    &["--set", "bust=draw"],
];

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_exported_hand_of_a_simulated_run_replays_to_the_stored_result() {
    let dir = tempfile::tempdir().unwrap();
    let mut checked = 0;
    for (k, extra) in RUNS.iter().enumerate() {
        let url = format!("sqlite://{}", dir.path().join(format!("run{k}.db")).display());
        let out = bot()
            .args(["simulate", "--database-url", &url, "--tables", "2", "--hands", "6", "--players", "4"])
            .args(["--seed", &(k + 1).to_string()])
            .args(*extra)
            .output()
            .unwrap();
        assert!(out.status.success(), "simulate {extra:?}: {}", String::from_utf8_lossy(&out.stderr));
        let store = Store::open(&url).await.unwrap();
        let hands = store.recent_hands(SIM_GUILD, None, None, 1000).await.unwrap();
        assert!(hands.len() >= 12, "{extra:?}: {} hands", hands.len());
        for summary in hands.iter().filter(|h| h.status == HandStatus::Finished) {
            let record = store.hand_record(summary.id).await.unwrap().unwrap();
            // Named by user id, so the replay's names map back to the database's users.
            let names: Vec<String> = summary.users.iter().map(|u| format!("u{}", u.0)).collect();
            let script = hand_script(&record, &names).expect("a finished hand exports").unwrap();
            assert!(!script.lines().any(|l| l.starts_with("seed")), "no seed needed:\n{script}");
            let file = dir.path().join(format!("hand-{}.tp", summary.id.0));
            std::fs::write(&file, &script).unwrap();
            let out = bot().args(["replay", "--json"]).arg(&file).output().unwrap();
            assert!(out.status.success(), "{extra:?} hand {}: {}", summary.id, String::from_utf8_lossy(&out.stderr));
            let replay: Value = serde_json::from_slice(&out.stdout).unwrap();
            let at = format!("{extra:?} hand {}:\n{script}", summary.id);
            assert_eq!(replay["rejected"], serde_json::json!([]), "{at}");
            let user = |v: &Value| UserId(v.as_str().unwrap().trim_start_matches('u').parse().unwrap());
            let winners: Vec<UserId> = replay["winners"].as_array().unwrap().iter().map(user).collect();
            assert_eq!(winners, summary.winners, "{at}");
            assert_eq!(replay["pot"].as_i64(), Some(summary.pot), "{at}");
            let ended = summary.ended_by.map(|e| e.as_str());
            assert_eq!(replay["ended_by"].as_str(), ended, "{at}");
            let nets: BTreeMap<UserId, i64> = replay["net"]
                .as_object()
                .unwrap()
                .iter()
                .map(|(name, n)| (user(&Value::String(name.clone())), n.as_i64().unwrap()))
                .filter(|(_, n)| *n != 0)
                .collect();
            let ledger: BTreeMap<UserId, i64> =
                store.hand_nets(summary.id).await.unwrap().into_iter().filter(|(_, n)| *n != 0).collect();
            assert_eq!(nets, ledger, "{at}");
            checked += 1;
        }
        store.close().await;
    }
    assert!(checked >= 70, "only {checked} finished hands were checked");
}
