//! Throwaway: a live bot with the Activity for probing by hand (not committed).
mod support;
use serde_json::json;
use support::activity::activity_world;
use support::scrape::post_json;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn probe() {
    let (w, addr) = activity_world().await;
    let [a, b, c] = w.users(["Asha", "Bilal", "Chand"]);
    let instance = w.fake.activity_instance(w.channel, &[a, b]);
    let mut tokens = Vec::new();
    for u in [a, b, c] {
        let code = w.fake.activity_code(u);
        let (_, body) = post_json(&addr, "/activity/api/token", &json!({"code": code}).to_string()).await;
        let v: serde_json::Value = serde_json::from_str(&body).unwrap();
        tokens.push(v["access_token"].as_str().unwrap().to_string());
    }
    let codes: Vec<String> = (0..5).map(|_| w.fake.activity_code(a)).collect();
    w.open_and_start(&[a, b], json!({"boot": 5})).await;
    let info = json!({"addr": addr, "instance": instance, "tokens": tokens, "codes": codes, "users": [a, b, c]});
    std::fs::write("/tmp/probe.json", info.to_string()).unwrap();
    tokio::time::sleep(std::time::Duration::from_secs(900)).await;
    std::fs::write("/tmp/probe-log.txt", w.bot.log()).unwrap();
    w.assert_audit().await;
}
