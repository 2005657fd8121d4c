//! The Activity in a real browser (issue 40; a module of `tests/e2e_web_browser.rs`, one browser test binary): headless Chromium loads a page from `http://localhost:3333` (an
//! origin the Embedded App SDK accepts) that plays the Discord client's side of the SDK's postMessage protocol
//! (`tests/fixtures/activity_host.html`: the handshake answered with READY, AUTHORIZE with a code from the
//! stand-in, AUTHENTICATE with the user) and frames the Activity the bot serves (`/activity/`, the bundle built
//! from `activity-client/` with the real `DiscordSDK`), with the query parameters the SDK requires. Against the
//! real bot and its stand-in: a hand played by one player from the Activity and the other from the channel's
//! buttons, each click moving the other side; the Activity showing the player's own cards only after they look,
//! and never the other's (the privacy scan over the page's DOM and the WebSocket frames Chromium received); the
//! bot killed mid-hand, the Activity reconnecting and the hand played to its end. `UPDATE_SCREENSHOTS=1` writes
//! the README's pictures (desktop and phone).

use std::time::Duration;

use fantoccini::{Client, Locator};
use serde_json::{json, Value};

use support::activity::activity_world;
use support::browser::{browser_with, driver};
use support::world::World;

const T: Duration = Duration::from_secs(20);

/// The SDK's test origin: the page that plays Discord's side is served here.
const HOST: &str = "127.0.0.1:3333";

/// Serves the host page on `HOST` until dropped.
async fn host_page() -> tokio::task::JoinHandle<()> {
    let page = include_str!("../fixtures/activity_host.html");
    let app = axum::Router::new().route("/", axum::routing::get(move || async move { axum::response::Html(page) }));
    let listener = tokio::net::TcpListener::bind(HOST).await.expect("port 3333 is free (the SDK's test origin)");
    tokio::spawn(async move {
        let _ = axum::serve(listener, app).await;
    })
}

/// The page source of the Activity's frame (the browser is switched into it).
async fn frame_source(c: &Client) -> String {
    c.source().await.unwrap_or_default()
}

/// Waits until the Activity's DOM holds `css`; its elements' texts.
async fn wait_for(c: &Client, what: &str, css: &str) -> Vec<String> {
    let deadline = tokio::time::Instant::now() + T;
    loop {
        if let Ok(found) = c.find_all(Locator::Css(css)).await {
            if !found.is_empty() {
                let mut texts = Vec::new();
                for e in found {
                    texts.push(e.text().await.unwrap_or_default());
                }
                return texts;
            }
        }
        assert!(tokio::time::Instant::now() < deadline, "no {what} ({css}) in:\n{}", frame_source(c).await);
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// Clicks the Activity's button whose `custom_id` is at action `seq` with `tag` (`see`, `bet`, `pack`).
async fn click_action(c: &Client, seq: usize, tag: &str) {
    let deadline = tokio::time::Instant::now() + T;
    loop {
        for b in c.find_all(Locator::Css(".actions button")).await.unwrap_or_default() {
            let id = b.attr("data-id").await.ok().flatten().unwrap_or_default();
            let parts: Vec<&str> = id.split(':').collect();
            if parts.get(3) == Some(&seq.to_string().as_str()) && parts.get(4) == Some(&tag) {
                b.click().await.unwrap();
                return;
            }
        }
        assert!(tokio::time::Instant::now() < deadline, "no {tag} button at {seq}:\n{}", frame_source(c).await);
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// Clicks the Activity's button whose `act` id is `id`.
async fn click_action_id(c: &Client, id: &str) {
    let css = format!(".actions button[data-id=\"{id}\"]");
    wait_for(c, id, &css).await;
    c.find(Locator::Css(&css)).await.unwrap().click().await.unwrap();
}

/// A card's rank and suit as the engine writes them (`A`, `s`; `10`, `h`).
fn parts(card: &teenpatti::engine::Card) -> (String, char) {
    let text = card.to_string();
    let suit = text.chars().last().unwrap_or('?');
    (text[..text.len() - 1].to_string(), suit)
}

/// A card as the Activity draws it (`A♠`).
fn drawn(card: &teenpatti::engine::Card) -> String {
    let (rank, suit) = parts(card);
    let symbol = match suit {
        's' => '♠',
        'h' => '♥',
        'd' => '♦',
        _ => '♣',
    };
    format!("{rank}{symbol}")
}

/// A card's spoken name in English (`ace of spades`, `10 of hearts`).
fn spoken(card: &teenpatti::engine::Card) -> String {
    let (rank, suit) = parts(card);
    let rank = match rank.as_str() {
        "A" => "ace",
        "K" => "king",
        "Q" => "queen",
        "J" => "jack",
        n => n,
    };
    let suit = match suit {
        's' => "spades",
        'h' => "hearts",
        'd' => "diamonds",
        _ => "clubs",
    };
    format!("{rank} of {suit}")
}

/// The WebSocket frames Chromium received since the last call (its performance log).
async fn socket_frames(c: &Client) -> Vec<String> {
    let log = c.issue_cmd(LogCommand).await.unwrap_or(Value::Null);
    let mut frames = Vec::new();
    for entry in log.as_array().cloned().unwrap_or_default() {
        let message: Value = serde_json::from_str(entry["message"].as_str().unwrap_or("{}")).unwrap_or(Value::Null);
        if message["message"]["method"] == "Network.webSocketFrameReceived" {
            frames.push(message["message"]["params"]["response"]["payloadData"].as_str().unwrap_or("").to_string());
        }
    }
    frames
}

/// chromedriver's log endpoint (performance entries), which fantoccini does not wrap.
#[derive(Debug)]
struct LogCommand;

impl fantoccini::wd::WebDriverCompatibleCommand for LogCommand {
    fn endpoint(&self, base_url: &url::Url, session_id: Option<&str>) -> Result<url::Url, url::ParseError> {
        base_url.join(&format!("session/{}/se/log", session_id.unwrap_or("")))
    }

    fn method_and_body(&self, _request_url: &url::Url) -> (axum::http::Method, Option<String>) {
        (axum::http::Method::POST, Some(json!({"type": "performance"}).to_string()))
    }
}

async fn seq_of(w: &World, hand: i64) -> usize {
    w.actions(hand).await.len()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_hand_is_played_from_the_activity_and_the_channel_together() {
    // The bundle the bot serves is the real SDK's, never its mock.
    let bundle = include_str!("../../src/activity/assets/app.js");
    assert!(bundle.contains("frame_id") && !bundle.contains("DiscordSDKMock"));
    let Some(d) = driver() else { return };
    let _host = host_page().await;
    let (mut w, addr) = activity_world().await;
    let [a, b] = w.users(["Asha", "Bilal"]);
    let instance = w.fake.activity_instance(w.channel, &[a, b]);
    let code = w.fake.activity_code(a);
    // The Activity in Discord's frame: the query parameters the SDK's constructor reads.
    let src = format!("http://{addr}/activity/?frame_id=frame-1&instance_id={instance}&platform=desktop");
    let host = url::Url::parse_with_params(
        "http://localhost:3333/",
        [
            ("src", src.as_str()),
            ("code", code.as_str()),
            ("user", a.to_string().as_str()),
            ("name", "Asha"),
            ("client", w.fake.application_id().to_string().as_str()),
        ],
    )
    .unwrap();
    // Site isolation off: the framed Activity's WebSocket frames reach the page's performance log.
    let more = ["--disable-site-isolation-trials", "--disable-features=IsolateOrigins,site-per-process"];
    let c = browser_with(&d, &more, json!({"goog:loggingPrefs": {"performance": "ALL"}})).await;
    // Discord fails the first code exchange (a 502 from the bot): the page tries again with a fresh code by
    // itself (the stand-in's code was not used up by the failure).
    w.fake.fail_next("POST /oauth2/token", 500, 1);
    c.goto(host.as_str()).await.unwrap();
    c.enter_frame(Some(0)).await.unwrap();
    let empty = wait_for(&c, "the empty table", ".empty").await;
    assert!(empty[0].contains("/table open"), "{empty:?}");

    // A opens a table from the Activity: its lobby is posted in the channel, where B joins with its button; A
    // starts from the Activity.
    click_action_id(&c, "activity:open-table").await;
    w.act(b, "Join").await;
    let seats = wait_for(&c, "both seated", ".seat + .seat").await;
    assert_eq!(seats.len(), 1);
    click_action(&c, 0, "start").await;
    let first = w.wait_new_hand(&[]).await;
    let hand = support::world::hand_id_of(&first);
    wait_for(&c, "the hand", ".seat .faces").await;
    let db = w.hand_from_db(hand).await;
    let seat_a = db.users.iter().position(|&u| u == a).unwrap();
    let seat_b = 1 - seat_a;
    let theirs: Vec<String> = db.cards[seat_b].iter().map(drawn).collect();
    let mine: Vec<String> = db.cards[seat_a].iter().map(drawn).collect();
    let mut received = Vec::new();
    let scan = |text: &str, cards: &[String]| cards.iter().filter(|c| text.contains(c.as_str())).count();
    assert_eq!(scan(&frame_source(&c).await, &mine), 0, "cards before See");

    // A looks from the Activity, by the keyboard (the button focused, then Enter): their cards appear there, and
    // the channel's message moves.
    let see = ".actions button[data-id$=\":0:see\"]";
    wait_for(&c, "the See button", see).await;
    c.execute(&format!("document.querySelector('{see}').focus()"), vec![]).await.unwrap();
    c.active_element().await.unwrap().send_keys("\u{E007}").await.unwrap();
    let shown = wait_for(&c, "A's cards", ".mine .card").await;
    assert_eq!(shown.len(), 3);
    for card in &mine {
        assert!(shown.contains(card), "{card} not among {shown:?}");
    }
    // Each is spoken by its name (a screen reader's label), in the player's language.
    let mut labels = Vec::new();
    for e in c.find_all(Locator::Css(".mine .card")).await.unwrap() {
        labels.push(e.attr("aria-label").await.unwrap().unwrap_or_default());
    }
    let spoken: Vec<String> = db.cards[seat_a].iter().map(spoken).collect();
    assert_eq!(labels, spoken);
    // The channel's message moved: drawn at action 1.
    w.wait_hand_drawn_at(hand, 1).await;
    screenshots(&c).await;

    // Play: each bets once in turn (A from the Activity, B by the buttons); the bot is killed after the first
    // bet and the Activity reconnects by itself; then the player to act packs.
    let mut step = 0;
    loop {
        let now = w.hand_from_db(hand).await.hand;
        if now.is_over() {
            break;
        }
        let seq = seq_of(&w, hand).await;
        let to_act = now.to_act().unwrap();
        let tag = if step < 2 { "bet" } else { "pack" };
        // While B acts, A's keyboard focus rests on their Pack button; the first line of the hand's log is kept.
        let waiting = to_act != seat_a && step < 2;
        let first_line = c.find(Locator::Css("#log li")).await.ok();
        if waiting {
            let pack = format!(".actions button[data-id$=\":{seq}:pack\"]");
            wait_for(&c, "A's Pack button", &pack).await;
            c.execute(&format!("document.querySelector('{pack}').focus()"), vec![]).await.unwrap();
        }
        if to_act == seat_a {
            click_action(&c, seq, tag).await;
        } else {
            w.act_when_shown(b, if step < 2 { "Blind" } else { "Pack" }, seq).await;
        }
        let deadline = tokio::time::Instant::now() + T;
        while seq_of(&w, hand).await == seq {
            assert!(tokio::time::Instant::now() < deadline, "action {seq} never landed");
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        if waiting {
            // Redrawn at the next action, the focus is still on Pack (its new id), and the log's first line is the
            // same element: the live region gains lines, it is not written anew (a screen reader reads the new).
            let pack = format!(":{}:pack", seq + 1);
            let focus = "return document.activeElement && document.activeElement.dataset.id || ''";
            let deadline = tokio::time::Instant::now() + T;
            loop {
                let id = c.execute(focus, vec![]).await.unwrap();
                if id.as_str().is_some_and(|i| i.ends_with(&pack)) {
                    break;
                }
                assert!(tokio::time::Instant::now() < deadline, "the focus left Pack: {id}");
                tokio::time::sleep(Duration::from_millis(50)).await;
            }
            if let Some(line) = &first_line {
                assert!(line.text().await.is_ok(), "the log was written anew");
            }
        }
        received.extend(socket_frames(&c).await);
        if step == 0 {
            w.restart().await;
            // The Activity's view comes back (its session reconnects with the same token).
            let seq = seq_of(&w, hand).await;
            let ids = |c: &Client| {
                let c = c.clone();
                async move {
                    let mut ids = Vec::new();
                    for b in c.find_all(Locator::Css(".actions button")).await.unwrap_or_default() {
                        ids.push(b.attr("data-id").await.ok().flatten().unwrap_or_default());
                    }
                    ids
                }
            };
            let deadline = tokio::time::Instant::now() + Duration::from_secs(30);
            while !ids(&c).await.iter().any(|id| id.split(':').nth(3) == Some(seq.to_string().as_str())) {
                assert!(tokio::time::Instant::now() < deadline, "the Activity did not come back after the restart");
                tokio::time::sleep(Duration::from_millis(200)).await;
            }
        }
        // Before the end, nothing the Activity shows or received holds B's cards.
        let page = frame_source(&c).await;
        assert_eq!(scan(&page, &theirs), 0, "B's cards in the Activity: {page}");
        step += 1;
    }
    w.wait_hand_over(hand).await;
    wait_for(&c, "the winner", ".seat.winner").await;
    received.extend(socket_frames(&c).await);
    // The log: the hand's lines as the last view frame has them, each once and in order (the last 12), the win last.
    let lines = wait_for(&c, "the log", "#log li").await;
    let last_view: Value = received
        .iter()
        .rev()
        .filter_map(|f| serde_json::from_str::<Value>(f).ok())
        .find(|f| f["type"] == "view" && f["hand"]["over"] == true)
        .expect("the last view frame");
    let logged: Vec<String> =
        last_view["hand"]["log"].as_array().unwrap().iter().map(|l| l.as_str().unwrap().to_string()).collect();
    assert_eq!(lines, logged[logged.len().saturating_sub(12)..], "the page's log is not the hand's");
    assert!(lines.last().is_some_and(|l| l.contains("wins")), "{lines:?}");
    assert!(!received.is_empty(), "no WebSocket frame in the performance log");
    let over_at = received.iter().position(|f| f.contains("\"over\":true")).unwrap_or(received.len());
    let before: String = received[..over_at].concat();
    let raw: Vec<String> = db.cards[seat_b].iter().map(|c| format!("\"{c}\"")).collect();
    assert_eq!(scan(&before, &raw), 0, "B's cards in a frame before the end");

    // The protocol as Discord's side saw it: a handshake with the application's id, READY, AUTHORIZE for
    // `identify`, AUTHENTICATE with the token the bot exchanged.
    c.enter_parent_frame().await.unwrap();
    let protocol = c.execute("return JSON.stringify(window.protocol)", vec![]).await.unwrap();
    let protocol: Value = serde_json::from_str(protocol.as_str().unwrap()).unwrap();
    let text = protocol.to_string();
    assert!(text.contains(&format!("\"client_id\":\"{}\"", w.fake.application_id())), "{text}");
    assert!(text.contains("\"AUTHORIZE\"") && text.contains("\"identify\"") && text.contains("\"AUTHENTICATE\""));
    // Two AUTHORIZE commands from the page: the first exchange failed and was tried again.
    let authorized = protocol.as_array().unwrap().iter().filter(|m| m[0] == "in" && m[2]["cmd"] == "AUTHORIZE").count();
    assert_eq!(authorized, 2, "{text}");
    w.assert_audit().await;
    assert!(w.fake.violations().is_empty(), "{:?}", w.fake.violations());
}

/// The README's pictures: the hand in play, as the player who looked sees it (their cards are theirs to see).
async fn screenshots(c: &Client) {
    let Some(dir) = support::browser::screenshot_dir() else { return };
    for (width, height, kind) in [(1280, 900, "desktop"), (390, 844, "phone")] {
        c.set_window_size(width, height).await.unwrap();
        tokio::time::sleep(Duration::from_millis(500)).await;
        let png = c.screenshot().await.unwrap();
        std::fs::write(dir.join(format!("activity-{kind}.png")), png).unwrap();
    }
}
