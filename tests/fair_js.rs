//! The web page's fair-deal check (`src/web/assets/fair.js`, issue 38) against the engine, in Node's Web Crypto
//! (the same `crypto.subtle` a browser has): the documented vector, and decks of many seeds with unicode entropy
//! and jokers, each equal to `fair_deck`'s; a tampered seed or deck found. The browser runs the same file
//! (`tests/e2e_web_browser.rs`). Node is required where `TEENPATTI_REQUIRE_NODE=1` (CI); elsewhere its absence
//! is said and the test passes.

use std::process::Command;

use teenpatti::engine::fair::{fair_deck, Seed};

const SCRIPT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/src/web/assets/fair.js");

fn node_present() -> bool {
    let present = Command::new("node").arg("--version").output().is_ok_and(|o| o.status.success());
    if !present {
        assert!(std::env::var("TEENPATTI_REQUIRE_NODE").as_deref() != Ok("1"), "node is required (CI) but missing");
        eprintln!("node is not installed: the fair.js check is not run here (CI runs it)");
    }
    present
}

/// Runs `body` in Node with `fair` bound to fair.js's exports; what it prints.
fn node(body: &str) -> String {
    let program = format!("const fair = require({SCRIPT:?});\nconst subtle = require('node:crypto').webcrypto.subtle;\n(async () => {{ {body} }})().catch(e => {{ console.error(e); process.exit(3); }});");
    let out = Command::new("node").arg("-e").arg(program).output().expect("node runs");
    assert!(out.status.success(), "node failed: {}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn the_browser_check_rebuilds_the_engines_decks() {
    if !node_present() {
        return;
    }
    // The documented vector: the all-zero seed, no entropy.
    let zero = "0".repeat(64);
    let out = node(&format!(
        "const d = await fair.fairDeck(subtle, fair.hexBytes('{zero}'), '', 0); console.log(d.slice(0, 6).join(' '));"
    ));
    assert_eq!(out.trim(), "7s 5s 2c 9s Jh 9c");

    // Many seeds and entropies, with and without jokers: each deck the engine's.
    let mut cases = Vec::new();
    for i in 0u8..24 {
        let seed = Seed([i.wrapping_mul(37).wrapping_add(1); 32]);
        let entropy = match i % 4 {
            0 => String::new(),
            1 => format!("80351110224678912:hello {i}\n"),
            2 => "1:नमस्ते 🃏 \"quotes\" \\ back\n2:Ünïcødé\n".to_string(),
            _ => format!("{i}:{}\n", "x".repeat(64)),
        };
        let jokers = if i % 3 == 0 { 2 } else { 0 };
        let deck: Vec<String> = fair_deck(&seed, &entropy, jokers).iter().map(ToString::to_string).collect();
        cases.push(serde_json::json!({"seed": seed.to_hex(), "entropy": entropy, "jokers": jokers, "deck": deck,
                                      "commitment": seed.commitment(), "erased": 0}));
    }
    let cases = serde_json::to_string(&cases).unwrap();
    let out = node(&format!(
        "const cases = {cases};\n\
         for (const c of cases) {{ const r = await fair.check(subtle, c); console.log(r.verdict); }}"
    ));
    assert_eq!(out.lines().collect::<Vec<_>>(), vec!["ok"; 24], "{out}");

    // Tampered: a seed's bit, a swapped card, a wrong commitment; and an erased player's entropy.
    let seed = Seed([9; 32]);
    let deck: Vec<String> = fair_deck(&seed, "1:a\n", 0).iter().map(ToString::to_string).collect();
    let mut swapped = deck.clone();
    swapped.swap(0, 1);
    let mut flipped = seed.to_hex();
    flipped.replace_range(0..1, "8");
    let c = |seed: &str, commitment: &str, deck: &[String], entropy: &str, erased: u32| {
        serde_json::json!({"seed": seed, "commitment": commitment, "entropy": entropy, "jokers": 0, "deck": deck,
                           "erased": erased})
    };
    let tampered = serde_json::json!([
        c(&flipped, &seed.commitment(), &deck, "1:a\n", 0),
        c(&seed.to_hex(), &seed.commitment(), &swapped, "1:a\n", 0),
        c(&seed.to_hex(), &"0".repeat(64), &deck, "1:a\n", 0),
        c(&seed.to_hex(), &seed.commitment(), &deck, "", 1),
        c("not hex", &seed.commitment(), &deck, "1:a\n", 0),
    ]);
    let out = node(&format!(
        "for (const c of {tampered}) {{ const r = await fair.check(subtle, c); console.log(r.verdict); }}"
    ));
    assert_eq!(
        out.lines().collect::<Vec<_>>(),
        ["bad-commitment", "bad-deck", "bad-commitment", "erased", "bad-commitment"]
    );
}
