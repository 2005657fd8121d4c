//! The servers' web pages in a real browser (issue 38), and the Activity (`browser/activity.rs`, issue 40): headless Chromium (Debian's `chromium` and
//! `chromium-driver`) driven over WebDriver (fantoccini), on the pages the real bot serves after hands played
//! through the stand-in. The leaderboard as `/leaderboard` ranks it; a hand's steps as its channel showed them;
//! the fair-deal check green on an honest hand and red once its seed is tampered with in the database; a live
//! hand's page holding no private card (the privacy scan on what the browser received); web off, a 404.
//! `UPDATE_SCREENSHOTS=1` writes the README's screenshots (desktop and phone widths) to `docs/images/`.
//!
//! Chromium is required where `TEENPATTI_REQUIRE_CHROMIUM=1` (CI installs it); elsewhere its absence is said and
//! the test passes.

/// The Activity in the browser (issue 40), in this binary: one browser test binary to build.
#[path = "browser/activity.rs"]
mod activity;

use std::collections::HashSet;
use std::time::Duration;

use fantoccini::{Client, Locator};
use serde_json::json;
use support::browser::{browser, driver};
use support::privacy::CardFinder;
use support::scrape::free_addr;
use support::world::{Backend, World};

/// The fair check's verdict once the page's script has run.
async fn verdict(c: &Client) -> String {
    let deadline = tokio::time::Instant::now() + Duration::from_secs(15);
    loop {
        let v = c.find(Locator::Id("fair-result")).await.unwrap().attr("data-verdict").await.unwrap();
        if let Some(v) = v {
            return v;
        }
        assert!(tokio::time::Instant::now() < deadline, "the fair check never ran:\n{}", c.source().await.unwrap());
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

fn slug_in(text: &str, public: &str) -> String {
    let at = text.find(&format!("{public}/s/")).unwrap_or_else(|| panic!("no link in {text:?}"));
    text[at + public.len() + 3..].chars().take_while(char::is_ascii_hexdigit).collect()
}

/// Mentions as the page names players; Discord's bold and code marks out.
fn as_page_shows(line: &str, names: &[(u64, &str)]) -> String {
    let mut line = line.replace("**", "").replace('`', "").replace("~~", "");
    for (id, name) in names {
        line = line.replace(&format!("<@{id}>"), name);
    }
    line
}

async fn screenshots(c: &Client, url: &str, name: &str) {
    let Some(dir) = support::browser::screenshot_dir() else { return };
    for (width, height, kind) in [(1280, 900, "desktop"), (390, 844, "phone")] {
        c.set_window_size(width, height).await.unwrap();
        c.goto(url).await.unwrap();
        if url.contains("/hand/") {
            verdict(c).await;
        }
        let png = c.screenshot().await.unwrap();
        std::fs::write(dir.join(format!("web-{name}-{kind}.png")), png).unwrap();
    }
    c.set_window_size(1280, 900).await.unwrap();
}

async fn the_pages_in_a_browser(backend: Backend) {
    let Some(d) = driver() else { return };
    let addr = free_addr();
    let public = format!("http://{addr}");
    let env = [("WEB_ADDR", addr.as_str()), ("PUBLIC_URL", public.as_str())];
    let Some(w) = World::start_on_with_env(backend, &env).await else { return };
    w.fake.send_guild_create(w.fake.guild_id());
    let [a, b, c] = w.users(["Asha", "Bilal", "Chen"]);
    let admin = w.fake.add_admin("Admin");
    let names = [(a, "Asha"), (b, "Bilal"), (c, "Chen")];
    w.open_and_start(&[a, b, c], json!({"boot": 5})).await;
    let on = w.public_reply(admin, "config set", json!({"option": "web", "value": "on"})).await;
    let slug = slug_in(&on.content, &public);
    let browser = browser(&d).await;

    // A live hand: the page the browser received holds no card of anyone's (none is public in classic).
    let hand_url = format!("{public}/s/{slug}/hand/1");
    browser.goto(&hand_url).await.unwrap();
    let live = browser.source().await.unwrap();
    assert!(live.contains("still being played"), "{live}");
    let record = w.record(1).await;
    let finder = CardFinder::new(&record.setup.deck);
    let leaks = finder.find(&live, &HashSet::new());
    assert!(leaks.is_empty(), "a live hand's page shows {leaks:?}:\n{live}");
    assert!(browser.find(Locator::Id("fair-result")).await.is_err(), "no check while the seed is secret");
    let seed = record.fair.clone().unwrap().secret;
    assert!(!live.contains(&seed));
    // Nor a picture: a live hand has none.
    browser.goto(&format!("{hand_url}/cards.png")).await.unwrap();
    assert!(browser.source().await.unwrap().contains("not found"));

    // Play it out: a blind bet, then everyone else packs.
    let mut packed = 0;
    for _ in 0..6 {
        for u in [a, b, c] {
            if packed < 2 && w.click(u, "Pack").await.accepted() {
                packed += 1;
            }
        }
    }
    let over = w.wait_hand_over(1).await;

    // The steps as the channel showed them: each line of the hand message's log is a step of the page.
    browser.goto(&hand_url).await.unwrap();
    assert_eq!(verdict(&browser).await, "ok", "{}", browser.source().await.unwrap());
    let steps: Vec<String> = {
        let mut out = Vec::new();
        for li in browser.find_all(Locator::Css("ol.steps li .line")).await.unwrap() {
            out.push(li.text().await.unwrap());
        }
        out
    };
    let log = over["embeds"][0]["fields"].as_array().unwrap().iter().find(|f| f["name"] == "Last actions").unwrap();
    let shown: Vec<String> = log["value"].as_str().unwrap().lines().map(|l| as_page_shows(l, &names)).collect();
    assert!(!shown.is_empty());
    for line in &shown {
        assert!(steps.contains(line), "{line:?} is not a step of the page: {steps:#?}");
    }
    let dealt = browser.find(Locator::Id("dealt")).await.unwrap().text().await.unwrap();
    let computed = browser.find(Locator::Id("computed")).await.unwrap().text().await.unwrap();
    assert_eq!(dealt, computed, "the browser's deck is the one dealt");
    screenshots(&browser, &hand_url, "hand").await;

    // The leaderboard as `/leaderboard` ranks it.
    let board = w.public_reply(a, "leaderboard", json!({})).await;
    let description = board.embeds[0]["description"].as_str().unwrap_or_default().to_string();
    browser.goto(&format!("{public}/s/{slug}")).await.unwrap();
    let mut rows = Vec::new();
    for tr in browser.find_all(Locator::Css("table.board tbody tr")).await.unwrap() {
        rows.push(tr.text().await.unwrap());
    }
    assert_eq!(rows.len(), 3, "{rows:?}");
    let order_on_discord: Vec<&str> = {
        let mut seen: Vec<(usize, &str)> =
            names.iter().filter_map(|(id, n)| description.find(&format!("<@{id}>")).map(|at| (at, *n))).collect();
        seen.sort();
        seen.into_iter().map(|(_, n)| n).collect()
    };
    let order_on_page: Vec<&str> =
        rows.iter().map(|r| names.iter().find(|(_, n)| r.contains(n)).map(|(_, n)| *n).unwrap_or("?")).collect();
    assert_eq!(order_on_page, order_on_discord, "{rows:?}\n{description}");
    for (row, name) in rows.iter().zip(&order_on_page) {
        let id = names.iter().find(|(_, n)| n == name).unwrap().0;
        let chips = w.balance(id).await.to_string();
        assert!(row.ends_with(&chips), "{row:?}: {chips}");
    }
    screenshots(&browser, &format!("{public}/s/{slug}"), "server").await;

    // Tampered with in the database: the browser's check turns red.
    let mut other = seed.clone();
    other.replace_range(0..2, if seed.starts_with("00") { "11" } else { "00" });
    let store = w.store().await;
    let tamper = format!("UPDATE hands SET fair = REPLACE(fair, '{seed}', '{other}') WHERE id = 1");
    assert_eq!(store.raw_execute(&tamper).await.unwrap(), 1);
    browser.goto(&hand_url).await.unwrap();
    assert_eq!(verdict(&browser).await, "bad-commitment", "{}", browser.source().await.unwrap());
    let result = browser.find(Locator::Id("fair-result")).await.unwrap();
    assert_eq!(result.attr("class").await.unwrap().as_deref(), Some("bad"));

    // Over plain HTTP from a host that is not this machine's loopback name, Web Crypto is missing: the page says to
    // open it over HTTPS rather than showing red.
    let insecure = hand_url.replace("127.0.0.1", "insecure.test");
    browser.goto(&insecure).await.unwrap();
    let result = browser.find(Locator::Id("fair-result")).await.unwrap();
    let deadline = tokio::time::Instant::now() + Duration::from_secs(10);
    while result.attr("class").await.unwrap().is_none() && tokio::time::Instant::now() < deadline {
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert_eq!(result.attr("class").await.unwrap().as_deref(), Some("unknown"));
    assert!(result.text().await.unwrap().contains("open it over HTTPS"), "{}", browser.source().await.unwrap());

    // Web off: the browser gets the 404.
    w.public_reply(admin, "config set", json!({"option": "web", "value": "off"})).await;
    browser.goto(&hand_url).await.unwrap();
    let gone = browser.source().await.unwrap();
    assert!(gone.contains("not found") && !gone.contains("Step by step"), "{gone}");
    browser.close().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_pages_in_a_browser_on_sqlite() {
    the_pages_in_a_browser(Backend::Sqlite).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_pages_in_a_browser_on_postgres() {
    the_pages_in_a_browser(Backend::Postgres).await;
}
