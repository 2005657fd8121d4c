//! The servers' web pages (issue 38) served by the bot as production runs it, over HTTP on `WEB_ADDR`, after hands
//! played through the stand-in: 404 until an admin turns web on, then the leaderboard as `/leaderboard` has it
//! with the players' display names, a hand's page and picture, links in the replies; a staff-only channel's hand
//! absent; every response with its security headers and no cookie, ETags answered with 304; hostile addresses
//! and queries refused or bounded; a player hidden; web off and on again under a new address. On both backends.
//! (The fair check's JavaScript in a real browser: `tests/e2e_web_browser.rs`.)

use std::time::Duration;

use serde_json::json;
use support::scrape::{fetch, free_addr};
use support::world::{click_in, Backend, World};
use teenpatti::ids::{GuildId, UserId};
use teenpatti::store::LeaderBy;

/// The header `name`'s value in a lower-cased head.
fn header<'a>(head: &'a str, name: &str) -> Option<&'a str> {
    head.lines().find_map(|l| l.strip_prefix(&format!("{name}: ")))
}

/// The slug in a reply that links to a server's page.
fn slug_in(text: &str, public: &str) -> String {
    let at = text.find(&format!("{public}/s/")).unwrap_or_else(|| panic!("no link in {text:?}"));
    text[at + public.len() + 3..].chars().take_while(char::is_ascii_hexdigit).collect()
}

async fn the_pages_follow_the_server(backend: Backend) {
    let addr = free_addr();
    let public = format!("http://{addr}");
    let env = [("WEB_ADDR", addr.as_str()), ("PUBLIC_URL", public.as_str())];
    let Some(w) = World::start_on_with_env(backend, &env).await else { return };
    let staff = w.fake.add_private_channel("staff");
    w.fake.send_guild_create(w.fake.guild_id());
    let [a, b] = w.users(["Asha", "Bilal"]);
    let admin = w.fake.add_admin("Admin");
    let first = w.open_and_start(&[a, b], json!({"boot": 5})).await;
    if !w.click(a, "Pack").await.accepted() {
        w.act(b, "Pack").await;
    }
    w.wait_hand_over(1).await;
    // A hand in the staff-only channel.
    w.fake.slash(a, staff, "table open", json!({"boot": 5})).await.response(Duration::from_secs(10)).await;
    click_in(&w.fake, b, staff, "Join").await;
    click_in(&w.fake, a, staff, "Start").await;
    let staff_hand = support::world::poll("a hand in the staff channel", Duration::from_secs(10), || {
        let messages = w.fake.channel_messages(staff);
        messages.iter().find(|m| support::world::is_hand_message(m)).map(support::world::hand_id_of)
    })
    .await;

    // Web off (the default): nothing is served, not even with a well-formed slug.
    let (status, _, _) = fetch(&addr, &format!("/s/{}", "ab".repeat(16)), "").await;
    assert_eq!(status, 404);

    let on = w.public_reply(admin, "config set", json!({"option": "web", "value": "on"})).await;
    let slug = slug_in(&on.content, &public);
    assert_eq!(slug.len(), 32, "{}", on.content);

    // The server's page: the leaderboard as the store ranks it, by display name, never by id.
    let (status, head, page) = fetch(&addr, &format!("/s/{slug}"), "").await;
    assert_eq!(status, 200, "{page}");
    let store = w.store().await;
    let (rows, _) = store.leaderboard(GuildId(w.fake.guild_id()), LeaderBy::Balance, 1, 25).await.unwrap();
    assert_eq!(rows.len(), 2);
    for r in &rows {
        let name = if r.user == UserId(a) { "Asha" } else { "Bilal" };
        assert!(page.contains(name) && page.contains(&format!(">{}<", r.value)), "{name} {}: {page}", r.value);
        assert!(!page.contains(&r.user.get().to_string()), "an id on the page: {page}");
    }
    assert!(header(&head, "content-security-policy").is_some_and(|c| c.contains("script-src 'self'")), "{head}");
    assert_eq!(header(&head, "x-content-type-options"), Some("nosniff"));
    assert!(!head.contains("set-cookie"), "{head}");
    let etag = header(&head, "etag").expect("an etag").to_string();
    let (status, _, body) = fetch(&addr, &format!("/s/{slug}"), &format!("If-None-Match: {etag}\r\n")).await;
    assert_eq!((status, body.as_str()), (304, ""));

    // A hostile display name is text on the page, never markup, and loses its control characters.
    let eve = w.fake.add_user("<b onclick=x>\u{1b}\u{202e}Eve");
    w.ephemeral_reply(eve, "balance", json!({})).await;
    let deadline = tokio::time::Instant::now() + Duration::from_secs(5);
    let page = loop {
        let (_, _, page) = fetch(&addr, &format!("/s/{slug}"), "").await;
        if page.contains("Eve") || tokio::time::Instant::now() > deadline {
            break page;
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
    };
    assert!(page.contains("&lt;b onclick=x&gt;Eve"), "{page}");
    assert!(!page.contains("<b onclick") && !page.contains('\u{1b}') && !page.contains('\u{202e}'), "{page}");

    // The finished hand: its page and picture; the replies link to it.
    let (status, _, hand) = fetch(&addr, &format!("/s/{slug}/hand/1"), "").await;
    assert!(status == 200 && hand.contains("id=\"deal\"") && hand.contains("cards.png"), "{hand}");
    let (status, head, _) = fetch(&addr, &format!("/s/{slug}/hand/1/cards.png"), "").await;
    assert_eq!((status, header(&head, "content-type")), (200, Some("image/png")));
    let history = w.ephemeral_reply(b, "history", json!({"hand": 1})).await;
    assert!(history.contains(&format!("{public}/s/{slug}/hand/1")), "{history}");
    let verify = w.ephemeral_reply(b, "verify", json!({"hand": 1})).await;
    assert!(verify.contains(&format!("{public}/s/{slug}/hand/1#fair")), "{verify}");

    // The next hand here, once over, links to its page from its message.
    w.act(a, "Start").await;
    let second = w.wait_new_hand(&[support::world::id_of(&first)]).await;
    let n = support::world::hand_id_of(&second);
    for u in [a, b] {
        if w.click(u, "Pack").await.accepted() {
            break;
        }
    }
    let over = w.wait_hand_over(n).await;
    let link = support::components(&over).find(|c| c["style"] == 5).map(|c| c["url"].clone());
    assert_eq!(link, Some(json!(format!("{public}/s/{slug}/hand/{n}"))), "{over:#}");

    // The staff channel's hand is absent, as a hand that never was; so are malformed and hostile addresses.
    for path in [
        format!("/s/{slug}/hand/{staff_hand}"),
        format!("/s/{slug}/hand/{staff_hand}/cards.png"),
        format!("/s/{slug}/hand/999999"),
        format!("/s/{slug}/hand/0"),
        format!("/s/{slug}/hand/01"),
        format!("/s/{slug}/hand/-1"),
        format!("/s/{slug}/hand/%3Cscript%3E"),
        format!("/s/{}", slug.to_uppercase()),
        "/s/../../Cargo.toml".to_string(),
        "/static/../Cargo.toml".to_string(),
        "/metrics".to_string(),
        "/healthz".to_string(),
    ] {
        let (status, head, body) = fetch(&addr, &path, "").await;
        assert_eq!((status, body.as_str()), (404, "not found\n"), "{path}");
        assert!(head.contains("content-security-policy"), "{path}: {head}");
    }
    // Queries are bounded and never echoed.
    for query in ["?page=99999999999", "?page=-4", "?by=%3Cscript%3Ealert(1)%3C/script%3E", "?page=2&page=3"] {
        let (status, _, body) = fetch(&addr, &format!("/s/{slug}{query}"), "").await;
        assert!(status == 200 && !body.contains("<script>alert"), "{query}: {status}");
    }

    // A player hides their name: the page says "A player" instead, once its copy of up to 2 s is read anew.
    w.ephemeral_reply(a, "privacy web", json!({"shown": 1})).await;
    let deadline = tokio::time::Instant::now() + Duration::from_secs(5);
    let page = loop {
        let (_, _, page) = fetch(&addr, &format!("/s/{slug}"), "").await;
        if !page.contains("Asha") || tokio::time::Instant::now() > deadline {
            break page;
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
    };
    assert!(!page.contains("Asha") && page.contains("A player") && page.contains("Bilal"), "{page}");

    // Off: gone. On again: a new address, the old one gone for good.
    w.public_reply(admin, "config set", json!({"option": "web", "value": "off"})).await;
    assert_eq!(fetch(&addr, &format!("/s/{slug}"), "").await.0, 404);
    let again = w.public_reply(admin, "config set", json!({"option": "web", "value": "on"})).await;
    let new = slug_in(&again.content, &public);
    assert_ne!(new, slug);
    assert_eq!(fetch(&addr, &format!("/s/{slug}"), "").await.0, 404);
    assert_eq!(fetch(&addr, &format!("/s/{new}"), "").await.0, 200);
    // A bad value is one refusal, changing nothing.
    let bad = w.slash(admin, "config set", json!({"option": "web", "value": "maybe\u{1b}[2J"})).await;
    assert!(bad.ephemeral && bad.content.contains("on or off"), "{bad:?}");
    assert_eq!(fetch(&addr, &format!("/s/{new}"), "").await.0, 200);
    w.assert_audit().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_pages_follow_the_server_on_sqlite() {
    the_pages_follow_the_server(Backend::Sqlite).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_pages_follow_the_server_on_postgres() {
    the_pages_follow_the_server(Backend::Postgres).await;
}

/// A client past its rate limit is told to slow down (429 with Retry-After), however fast this machine asks: its
/// first 30 requests all pass (the burst is 40), and asking on, it meets the limit.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_client_past_its_rate_limit_is_slowed() {
    let addr = free_addr();
    let w = World::start_with_env(&[("WEB_ADDR", addr.as_str())]).await;
    let mut statuses = Vec::new();
    let mut slowed = None;
    while statuses.len() < 2_000 {
        let (status, head, _) = fetch(&addr, "/static/style.css", "").await;
        statuses.push(status);
        if status == 429 {
            slowed = Some(head);
            break;
        }
    }
    assert!(statuses.len() > 30 && statuses.iter().take(30).all(|s| *s == 200), "{statuses:?}");
    let head = slowed.unwrap_or_else(|| panic!("never slowed in {} requests", statuses.len()));
    assert_eq!(header(&head, "retry-after"), Some("1"), "{head}");
    drop(w);
}

/// `teenpatti-bot webload` at a small size: its one summary line, every answer a 200; a bad size refused.
#[test]
fn webload_runs_and_says_its_figures() {
    let run = |args: &[&str]| {
        std::process::Command::new(env!("CARGO_BIN_EXE_teenpatti-bot"))
            .arg("webload")
            .args(args)
            .env_remove("DATABASE_URL")
            .output()
            .unwrap()
    };
    let out = run(&["--players", "60", "--rate", "40", "--seconds", "1", "--clients", "4"]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}{}", String::from_utf8_lossy(&out.stderr));
    assert_eq!(text.lines().count(), 1, "{text}");
    assert!(text.starts_with("webload: 36 leaderboard pages and 4 floor requests (60 players)"), "{text}");
    assert!(text.contains("pages p50 ") && text.trim_end().ends_with("; 0 not 200"), "{text}");
    for bad in [["--rate", "0"], ["--clients", "201"], ["--seconds", "-1"]] {
        let out = run(&bad);
        assert_eq!(out.status.code(), Some(2), "{bad:?}");
        assert!(out.stdout.is_empty());
    }
}
