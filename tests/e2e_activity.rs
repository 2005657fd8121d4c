//! The Activity's server side (issue 39) as production runs it: the bot process with `DISCORD_CLIENT_SECRET`,
//! `WEB_ADDR` and `PUBLIC_URL`, Discord played by the stand-in (its OAuth2 codes and tokens, `/users/@me` with a
//! bearer token, the Activity's instances, the Entry Point command and its 50240 refusal, the launch-activity
//! response), and a Rust WebSocket client in place of the Activity's page (the browser's part: issue 40).
//!
//! A hand played by one player through a session and the other through the channel's buttons, each session
//! given only its own cards and only after See (the privacy scan over every frame), a click in a session moving
//! the channel's message and a click on a button moving the sessions, the bot killed mid-hand and the session
//! back on the same token with the hand going on; hostile frames and sessions refused; Discord failing the
//! Activity's calls said to the player and the operator, and remembered nowhere; nothing of the Activity without
//! the secret.

use std::time::Duration;

use futures::{SinkExt, StreamExt};
use serde_json::{json, Value};
use support::activity::{activity_world, activity_world_with_secret, CLIENT_SECRET};
use support::scrape::{fetch, free_addr, post_json as post};
use support::world::{poll, World};
use support::FakeOptions;
use tokio_tungstenite::tungstenite::Message;

type Socket = tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

const T: Duration = Duration::from_secs(15);

/// A GET: the status, the lower-cased head and the body.
async fn get(addr: &str, path: &str) -> (u16, String, String) {
    fetch(addr, path, "").await
}

/// What the Activity's page does first: `authorize` gives a code, the bot exchanges it; the access token.
async fn sign_in(w: &World, addr: &str, user: u64) -> String {
    let code = w.fake.activity_code(user);
    let (status, body) = post(addr, "/activity/api/token", &json!({"code": code}).to_string()).await;
    assert_eq!(status, 200, "{body}");
    let v: Value = serde_json::from_str(&body).unwrap();
    v["access_token"].as_str().unwrap().to_string()
}

/// A session's client: the socket and every frame it was sent.
struct Client {
    socket: Socket,
    frames: Vec<Value>,
}

impl Client {
    async fn connect(addr: &str) -> Client {
        let (socket, _) = tokio_tungstenite::connect_async(format!("ws://{addr}/activity/api/ws")).await.unwrap();
        Client { socket, frames: Vec::new() }
    }

    /// Connects and says hello; the welcome.
    async fn open(addr: &str, token: &str, instance: &str) -> Client {
        let mut c = Client::connect(addr).await;
        c.send(json!({"type": "hello", "token": token, "instance": instance})).await;
        let welcome = c.next_frame().await.expect("a welcome");
        assert_eq!(welcome["type"], "welcome", "{welcome}");
        c
    }

    async fn send(&mut self, v: Value) {
        self.socket.send(Message::Text(v.to_string())).await.unwrap();
    }

    /// The next text frame (None: the socket closed; its close frame, if any, is kept as `{"close": code}`).
    async fn next_frame(&mut self) -> Option<Value> {
        loop {
            let m = tokio::time::timeout(T, self.socket.next()).await.expect("a frame in time");
            match m {
                Some(Ok(Message::Text(t))) => {
                    let v: Value = serde_json::from_str(&t).unwrap();
                    self.frames.push(v.clone());
                    return Some(v);
                }
                Some(Ok(Message::Close(c))) => {
                    let code = c.map(|c| u16::from(c.code));
                    self.frames.push(json!({"close": code}));
                    return None;
                }
                Some(Ok(_)) => {}
                Some(Err(_)) | None => return None,
            }
        }
    }

    /// Reads frames until one satisfies `f`.
    async fn until(&mut self, what: &str, f: impl Fn(&Value) -> bool) -> Value {
        loop {
            let v = self.next_frame().await.unwrap_or_else(|| panic!("the socket closed waiting for {what}"));
            if f(&v) {
                return v;
            }
        }
    }

    /// The close code the session ends with (reading past any frames).
    async fn closed_with(&mut self) -> Option<u16> {
        while self.next_frame().await.is_some() {}
        self.frames.last().and_then(|f| f["close"].as_u64()).map(|c| c as u16)
    }

    /// Sends an action by its button's label prefix in the last view; waits for its answer.
    async fn act(&mut self, view: &Value, label: &str, key: &str) -> Value {
        let id = action_id(view, label).unwrap_or_else(|| panic!("no {label:?} in {}", view["actions"]));
        let key = k(key);
        self.send(json!({"type": "act", "id": id, "key": key})).await;
        self.until("the action's answer", |f| f["key"] == key.as_str()).await
    }
}

/// A client key (16 to 64 letters, digits or `-`) made from a short name.
fn k(name: &str) -> String {
    format!("{name}-0123456789abcdef")
}

/// The custom_id of the action whose label starts with `label` in a `view` frame.
fn action_id(view: &Value, label: &str) -> Option<String> {
    let rows = view["actions"].as_array()?;
    rows.iter()
        .flat_map(|r| r.as_array().cloned().unwrap_or_default())
        .find(|b| b["label"].as_str().is_some_and(|l| l.starts_with(label)))
        .and_then(|b| b["id"].as_str().map(str::to_string))
}

fn is_hand_view(f: &Value, hand: i64) -> bool {
    f["type"] == "view" && f["hand"]["id"] == hand
}

/// My cards in a view frame, if it shows them.
fn my_cards(f: &Value) -> Option<Vec<String>> {
    let notes = f["you"]["notes"].as_array()?;
    let cards = notes.iter().find(|n| n["kind"] == "cards")?["cards"].as_array()?;
    Some(cards.iter().filter_map(|c| c.as_str().map(str::to_string)).collect())
}

/// Every card of `cards` (as the engine writes them, `As`, and as the messages do, `A♠`) found in `text`.
fn cards_in(text: &str, cards: &[teenpatti::engine::Card]) -> Vec<String> {
    let mut found = Vec::new();
    for c in cards {
        for form in [format!("\"{c}\""), teenpatti::engine::cards::pretty_cards(&[*c])] {
            if text.contains(&form) {
                found.push(form);
            }
        }
    }
    found
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_hand_is_played_through_a_session_and_the_buttons_together() {
    let (mut w, addr) = activity_world().await;
    // The Entry Point command is registered with the others (Discord refuses an overwrite without it).
    poll("the Entry Point registered", T, || {
        let lists = w.fake.command_registrations();
        let entry = |c: &Value| c["type"] == 4 && c["handler"] == 2;
        lists.iter().any(|l| l.as_array().is_some_and(|l| l.iter().any(entry))).then_some(())
    })
    .await;
    let [a, b] = w.users(["Asha", "Bilal"]);
    let instance = w.fake.activity_instance(w.channel, &[a, b]);

    // The page, at the URL mapping's root with or without its slash: the application's id as the SDK's client
    // id, a policy that lets Discord frame it and allows nothing but its own origin, and its script and style.
    for path in ["/activity/", "/activity"] {
        let (status, head, body) = get(&addr, path).await;
        assert_eq!(status, 200, "{path}: {head}");
        assert!(body.contains(&format!("content=\"{}\"", w.fake.application_id())), "{body}");
        let csp = head.lines().find(|l| l.starts_with("content-security-policy:")).unwrap_or_default();
        assert!(csp.contains("frame-ancestors https://discord.com") && csp.contains("script-src 'self'"), "{csp}");
        assert!(csp.contains("default-src 'none'") && !csp.contains("unsafe"), "{csp}");
    }
    for (path, kind) in [("/activity/app.js", "text/javascript"), ("/activity/app.css", "text/css")] {
        let (status, head, _) = get(&addr, path).await;
        assert!(status == 200 && head.contains(kind), "{path}: {head}");
    }

    // A code is good once; a malformed body is refused.
    let code = w.fake.activity_code(a);
    let (status, _) = post(&addr, "/activity/api/token", &json!({"code": code}).to_string()).await;
    assert_eq!(status, 200);
    let (status, body) = post(&addr, "/activity/api/token", &json!({"code": code}).to_string()).await;
    assert!(status == 401 && body.contains("sign-in"), "{status} {body}");
    let (status, _) = post(&addr, "/activity/api/token", "{\"code\": \"a b\"}").await;
    assert_eq!(status, 400);
    let token_a = sign_in(&w, &addr, a).await;
    let token_b = sign_in(&w, &addr, b).await;

    // No table yet: the session says so, and shows the table once it is opened.
    let mut sa = Client::open(&addr, &token_a, &instance).await;
    let none = sa.until("no table", |f| f["type"] == "view").await;
    assert!(none["table"].is_null(), "{none}");
    let mut sb = Client::open(&addr, &token_b, &instance).await;
    // The lobby and the hand message offer the Activity; its button launches it.
    w.open_table(&[a, b], json!({"boot": 5})).await;
    let lobby = w.message_with("Open the table");
    let launched = w.fake.click(b, &lobby, "Open the table").await.response(T).await;
    assert_eq!(launched.kind, 12, "{launched:?}");
    w.act(a, "Start").await;
    let first = w.wait_new_hand(&[]).await;
    let hand = support::world::hand_id_of(&first);
    assert!(support::world::labels(&first).iter().any(|l| l == "Open the table"));
    let view = sa.until("the hand", |f| is_hand_view(f, hand)).await;
    assert!(my_cards(&view).is_none(), "cards before See: {view}");

    // A sees through the session: their cards come to their session (the table's), and the channel's message
    // moves (its buttons are drawn at the new action count).
    let seen = sa.act(&view, "See", "see-1").await;
    assert_eq!(seen["type"], "done", "{seen}");
    let view = sa.until("A's cards", |f| is_hand_view(f, hand) && my_cards(f).is_some()).await;
    let db = w.hand_from_db(hand).await;
    let seat_a = db.users.iter().position(|&u| u == a).unwrap();
    let seat_b = 1 - seat_a;
    let mine: Vec<String> = db.cards[seat_a].iter().map(|c| c.to_string()).collect();
    assert_eq!(my_cards(&view).unwrap(), mine);
    // The channel's message moved: drawn at action 1.
    w.wait_hand_drawn_at(hand, 1).await;

    // B sees by the button: B's session shows B's cards (never A's), A's never B's.
    w.act(b, "See").await;
    let vb = sb.until("B's cards", |f| is_hand_view(f, hand) && my_cards(f).is_some()).await;
    let theirs: Vec<String> = db.cards[seat_b].iter().map(|c| c.to_string()).collect();
    assert_eq!(my_cards(&vb).unwrap(), theirs);

    // The bot is killed mid-hand; the session comes back on the same token and the hand goes on.
    w.restart().await;
    assert_eq!(sa.closed_with().await, None, "the old session ends with the process");
    let mut sa = Client::open(&addr, &token_a, &instance).await;
    let mut view = sa.until("the hand again", |f| is_hand_view(f, hand) && my_cards(f).is_some()).await;
    let mut sb = Client::open(&addr, &token_b, &instance).await;

    // Play on: each bets once in turn (A through the session, B by the buttons), then the one to act packs.
    let mut bets = 0;
    while view["hand"]["over"] != true {
        let to_act = view["hand"]["to_act"].as_u64().unwrap() as usize;
        let seq = view["hand"]["seq"].as_u64().unwrap();
        let label = if bets < 2 { "Chaal" } else { "Pack" };
        if to_act == seat_a {
            let answer = sa.act(&view, label, &format!("a-{seq}")).await;
            assert_eq!(answer["type"], "done", "{answer}");
        } else {
            w.act_when_shown(b, label, seq as usize).await;
        }
        bets += 1;
        view = sa.until("the next action", |f| is_hand_view(f, hand) && f["hand"]["seq"].as_u64() > Some(seq)).await;
    }
    w.wait_hand_over(hand).await;
    let _ = sb.until("the end in B's session", |f| is_hand_view(f, hand) && f["hand"]["over"] == true).await;

    // The privacy scan: before the end, no frame of a session shows the other's cards.
    let over_at = |frames: &[Value]| frames.iter().position(|f| f["hand"]["over"] == true).unwrap_or(frames.len());
    for (client, other) in [(&sa, seat_b), (&sb, seat_a)] {
        let before = &client.frames[..over_at(&client.frames)];
        let text = serde_json::to_string(before).unwrap();
        assert!(cards_in(&text, &db.cards[other]).is_empty(), "another's cards in a session: {text}");
    }
    // No code, access token or client secret in the bot's log.
    let log = w.bot.log();
    for secret in w.fake.activity_secrets().iter().map(String::as_str).chain([CLIENT_SECRET]) {
        assert!(!log.contains(secret), "a secret in the log");
    }
    w.assert_audit().await;
    assert!(w.fake.violations().is_empty(), "{:?}", w.fake.violations());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn hostile_frames_and_sessions_are_refused() {
    let (w, addr) = activity_world().await;
    let [a, b, c] = w.users(["Asha", "Bilal", "Chand"]);
    let instance = w.fake.activity_instance(w.channel, &[a, b]);
    let token_a = sign_in(&w, &addr, a).await;
    let token_c = sign_in(&w, &addr, c).await;

    // A token Discord does not know; a player the instance does not list; an instance outside a server; an
    // instance that does not exist; a first frame that is not a hello: an error, then 1008.
    let private = w.fake.activity_instance_private(w.channel, &[a]);
    for (token, instance, says) in [
        ("forged-token", instance.as_str(), "sign-in"),
        (token_c.as_str(), instance.as_str(), "does not list you"),
        (token_a.as_str(), private.as_str(), "server"),
        (token_a.as_str(), "i-unknown", "does not list you"),
    ] {
        let mut s = Client::connect(&addr).await;
        s.send(json!({"type": "hello", "token": token, "instance": instance})).await;
        let error = s.next_frame().await.expect("an error frame");
        assert!(error["type"] == "error" && error["message"].as_str().unwrap().contains(says), "{error}");
        assert_eq!(s.closed_with().await, Some(1008));
    }
    let mut s = Client::connect(&addr).await;
    s.send(json!({"type": "act", "id": "x", "key": "k"})).await;
    assert_eq!(s.closed_with().await, Some(1008));
    // Instance ids that would shape the request's path or query are refused before anything is asked of Discord.
    let before = w.fake.requests().len();
    for forged in ["..\\..\\guilds\\1", "%2e%2e", "i-1?limit=1000", "i-1#x", "a/b", &"i".repeat(200)] {
        let mut s = Client::connect(&addr).await;
        s.send(json!({"type": "hello", "token": token_a, "instance": forged})).await;
        assert_eq!(s.closed_with().await, Some(1008), "{forged}");
    }
    let asked: Vec<String> = w.fake.requests()[before..].iter().map(|r| r.route.clone()).collect();
    assert!(asked.is_empty(), "forged instance ids reached Discord: {asked:?}");
    // Who holds a token is asked of Discord once, then remembered: a window opened again costs no call.
    let me_calls = || w.fake.requests().iter().filter(|r| r.route == "GET /users/@me").count();
    let calls = me_calls();
    Client::open(&addr, &token_a, &instance).await;
    assert_eq!(me_calls(), calls);

    // A session at a table: malformed and binary frames get one error each and change nothing.
    let mut sa = Client::open(&addr, &token_a, &instance).await;
    w.open_and_start(&[a, b], json!({"boot": 5})).await;
    let view = sa.until("the hand", |f| f["type"] == "view" && f["hand"]["id"].is_i64()).await;
    let hand = view["hand"]["id"].as_i64().unwrap();
    for bad in ["not json", "{\"type\":\"act\"}", "{\"type\":\"hello\",\"token\":\"x\",\"instance\":\"y\",\"more\":1}"]
    {
        sa.socket.send(Message::Text(bad.into())).await.unwrap();
        let e = sa.until("an error", |f| f["type"] == "error").await;
        assert!(e["message"].as_str().unwrap().contains("could not be read"), "{e}");
    }
    sa.socket.send(Message::Binary(vec![0, 159, 146, 150])).await.unwrap();
    sa.until("an error", |f| f["type"] == "error").await;
    // Forged ids: another table, a spelling no button has, a key with a control character.
    let pack = action_id(&view, "Pack").unwrap();
    let parts: Vec<&str> = pack.split(':').collect();
    let elsewhere = format!("tp:{}:{}", parts[1].parse::<u64>().unwrap() + 1, parts[2..].join(":"));
    sa.send(json!({"type": "act", "id": elsewhere, "key": k("f1")})).await;
    let r = sa.until("a refusal", |f| f["key"] == k("f1").as_str()).await;
    assert!(r["type"] == "refused" && r["message"].as_str().unwrap().contains("closed"), "{r}");
    sa.send(json!({"type": "act", "id": format!("{pack}0"), "key": k("f2")})).await;
    let r = sa.until("a refusal", |f| f["key"] == k("f2").as_str()).await;
    assert!(r["type"] == "refused" && r["message"].as_str().unwrap().contains("recognised"), "{r}");
    // Keys with a control character, or too short to be a fresh random one: one error each.
    for key in ["bad\u{7}key-0123456789abcdef", "short"] {
        sa.send(json!({"type": "act", "id": pack, "key": key})).await;
        sa.until("an error", |f| f["type"] == "error").await;
    }
    // Opening a table where one is open is refused as `/table open` is.
    sa.send(json!({"type": "act", "id": "activity:open-table", "key": k("o1")})).await;
    let r = sa.until("a refusal", |f| f["key"] == k("o1").as_str()).await;
    assert!(r["type"] == "refused" && r["message"].as_str().unwrap().contains("already"), "{r}");
    // A stale bet: drawn before an action that has happened since.
    let to_act = view["hand"]["to_act"].as_u64().unwrap() as usize;
    let db = w.hand_from_db(hand).await;
    let (me_to_act, other) = if db.users[to_act] == a { (true, b) } else { (false, a) };
    // The session offers its player only their own actions: the bet to the player to act alone.
    assert_eq!(action_id(&view, "Blind").is_some(), me_to_act, "{}", view["actions"]);
    // The blind bet as drawn at action 0 (the boot's: 5): stale once an action has happened.
    let stale_bet = format!("tp:{}:{hand}:0:bet:5", parts[1]);
    if me_to_act {
        let done = sa.act(&view, "Blind", "b1").await;
        assert_eq!(done["type"], "done", "{done}");
    } else {
        w.act(other, "Blind").await;
    }
    sa.until("the bet", |f| f["hand"]["seq"].as_u64() == Some(1)).await;
    sa.send(json!({"type": "act", "id": stale_bet, "key": k("s1")})).await;
    let r = sa.until("a refusal", |f| f["key"] == k("s1").as_str()).await;
    assert!(r["type"] == "refused" && r["message"].as_str().unwrap().contains("moved on"), "{r}");
    assert_eq!(w.actions(hand).await.len(), 1, "a refused action changed the hand");
    // The same key twice is one action; actions past the session's rate are refused, and nothing is done.
    let mut slowed = 0;
    for i in 0..12 {
        sa.send(json!({"type": "act", "id": format!("{pack}0"), "key": k(&format!("r{i}"))})).await;
    }
    for i in 0..12 {
        let r = sa.until("an answer", |f| f["key"] == k(&format!("r{i}")).as_str()).await;
        if r["message"].as_str().unwrap().contains("Too fast") {
            slowed += 1;
        }
    }
    assert!(slowed >= 5, "{slowed} of 12 slowed");
    // A frame over 16 KiB closes the session with 1009.
    let big = json!({"type": "act", "id": "x", "key": "k", "values": ["a".repeat(17 * 1024)]}).to_string();
    sa.socket.send(Message::Text(big)).await.unwrap();
    assert_eq!(sa.closed_with().await, Some(1009));
    // Up to the read limit, the same 1009; far past it the session is dropped (the read fails mid-frame).
    let mut s = Client::open(&addr, &token_a, &instance).await;
    let _ = s.socket.send(Message::Text("x".repeat(60 * 1024))).await;
    assert_eq!(s.closed_with().await, Some(1009));
    let mut s = Client::open(&addr, &token_a, &instance).await;
    let _ = s.socket.send(Message::Text("x".repeat(1 << 20))).await;
    assert!(matches!(s.closed_with().await, None | Some(1009)));
    // A fifth window of a player's ends their oldest (4000).
    let mut windows = Vec::new();
    for _ in 0..4 {
        windows.push(Client::open(&addr, &token_a, &instance).await);
    }
    let _fifth = Client::open(&addr, &token_a, &instance).await;
    assert_eq!(windows[0].closed_with().await, Some(4000));
    // None of it moved a chip or left a hand inconsistent; the bot is still up.
    w.assert_audit().await;
    // A body past the exchange's 4 KiB: 413, said as every refusal of the route is (a sentence in JSON).
    let (status, said) = post(&addr, "/activity/api/token", "x".repeat(10_000).as_str()).await;
    assert!(status == 413 && said.contains("could not be read"), "{status} {said}");
    // A flood of forged tokens costs Discord at most the sign-ins' burst and rate (20, then 5 a second): past
    // it, each is told to try again, and nobody is let in.
    let calls = me_calls();
    let started = std::time::Instant::now();
    let mut waved_off = 0;
    for i in 0..60 {
        let mut s = Client::connect(&addr).await;
        s.send(json!({"type": "hello", "token": format!("forged{i:04}"), "instance": instance})).await;
        let error = s.next_frame().await.expect("an error frame");
        let later = error["message"].as_str().unwrap().contains("did not answer");
        waved_off += usize::from(later);
        assert_eq!(s.closed_with().await, Some(if later { 1013 } else { 1008 }));
    }
    let asked = me_calls() - calls;
    let allowed = 20 + (started.elapsed().as_secs_f64() * 5.0).ceil() as usize;
    assert!(asked <= allowed && asked + waved_off == 60, "{asked} of 60 forged tokens reached Discord");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn without_the_secret_nothing_of_the_activity_is_shown() {
    // Activities on in the portal, the secret not set here: Discord's own Entry Point is kept (its 50240
    // refusal of an overwrite without it answered), and the bot offers nothing of the Activity.
    let addr = free_addr();
    let public = format!("http://{addr}");
    // Registered globally (no test server): the overwrite Discord checks for the Entry Point.
    let env = [("WEB_ADDR", addr.as_str()), ("PUBLIC_URL", public.as_str()), ("DEV_GUILD_ID", "")];
    let opts = FakeOptions { activities: true, ..FakeOptions::default() };
    let w = World::start_with_opts_env(opts, &env).await;
    let registered = poll("a registration", T, || {
        let r = w.fake.command_registrations();
        (!r.is_empty()).then_some(r)
    })
    .await;
    let last = registered.last().unwrap().as_array().unwrap().clone();
    assert!(last.iter().any(|c| c["type"] == 4), "the Entry Point was not kept: {last:?}");
    assert!(w.bot.log().contains("Entry Point"), "{}", w.bot.log());
    let refused =
        w.fake.requests().iter().filter(|r| r.route.starts_with("PUT /applications") && r.status == 400).count();
    assert_eq!(refused, 1, "one overwrite refused (50240), then the one keeping the Entry Point");
    let [a, b] = w.users(["Asha", "Bilal"]);
    let first = w.open_and_start(&[a, b], json!({"boot": 5})).await;
    assert!(!support::world::labels(&first).iter().any(|l| l == "Open the table"));
    let (status, _) = post(&addr, "/activity/api/token", "{\"code\":\"abc\"}").await;
    assert_eq!(status, 404);
    for path in ["/activity/", "/activity", "/activity/app.js", "/activity/api/ws"] {
        assert_eq!(get(&addr, path).await.0, 404, "{path}");
    }
    // The only violation is the refused overwrite itself (Discord's answer to it, as documented).
    let violations: Vec<_> = w.fake.violations().into_iter().filter(|v| !v.message.contains("50240")).collect();
    assert!(violations.is_empty(), "{violations:?}");
}

/// Discord failing the Activity's calls (its code exchange, who holds a token, an instance): each failure is one
/// clear answer to the player (502 or 429 with a sentence; a session's `error` and 1013, to try again), logged once for the
/// operator without a code, token or secret, remembered nowhere (the same sign-in works once Discord answers
/// again), and nothing of the table moves.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn discord_failing_the_activity_s_calls_is_said_and_changes_nothing() {
    let (w, addr) = activity_world().await;
    let [a, b] = w.users(["Asha", "Bilal"]);
    let instance = w.fake.activity_instance(w.channel, &[a, b]);
    // The code exchange: Discord down, then rate limiting; the same code is good once Discord answers.
    let code = w.fake.activity_code(a);
    let body = json!({"code": code}).to_string();
    w.fake.fail_next("POST /oauth2/token", 500, 1);
    let (status, said) = post(&addr, "/activity/api/token", &body).await;
    assert!(status == 502 && said.contains("did not answer"), "{status} {said}");
    w.fake.fail_next("POST /oauth2/token", 429, 1);
    let (status, said) = post(&addr, "/activity/api/token", &body).await;
    assert!(status == 429 && said.contains("did not answer"), "{status} {said}");
    let (status, said) = post(&addr, "/activity/api/token", &body).await;
    assert_eq!(status, 200, "{said}");
    let token: Value = serde_json::from_str(&said).unwrap();
    let token = token["access_token"].as_str().unwrap().to_string();
    // Who holds the token, then the instance: Discord failing either refuses the session with a sentence, and
    // the next try, with Discord answering, is let in (a failure is not remembered as a refusal).
    for route in ["GET /users/@me", "GET /applications/{application_id}/activity-instances/{instance_id}"] {
        for status in [500, 429] {
            w.fake.fail_next(route, status, 1);
            let mut s = Client::connect(&addr).await;
            s.send(json!({"type": "hello", "token": token, "instance": instance})).await;
            let error = s.next_frame().await.expect("an error frame");
            assert!(
                error["type"] == "error" && error["message"].as_str().unwrap().contains("did not answer"),
                "{error}"
            );
            // 1013, "try again later": the page reconnects by itself.
            assert_eq!(s.closed_with().await, Some(1013), "{route} {status}");
        }
        if route == "GET /users/@me" {
            // Signed in once: who holds the token is remembered, so the instance's failure is met next.
            Client::open(&addr, &token, &instance).await;
        }
    }
    Client::open(&addr, &token, &instance).await;
    // Logged for the operator (a server error, not a rate limit), and no secret anywhere in the log.
    let log = w.bot.log();
    assert!(log.contains("code exchange failed") && log.contains("could not be checked with Discord"), "{log}");
    for secret in w.fake.activity_secrets().iter().map(String::as_str).chain([CLIENT_SECRET, token.as_str()]) {
        assert!(!log.contains(secret), "a secret in the log");
    }
    w.assert_audit().await;
}

/// Round 3's issue 8 covers the sessions: a player's `/privacy delete` ends every session of theirs at once (4001)
/// and forgets who their access tokens were (a window opened again asks Discord anew); another player's session
/// goes on.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_players_deletion_ends_their_sessions() {
    let (w, addr) = activity_world().await;
    let [a, c] = w.users(["Asha", "Chand"]);
    let instance = w.fake.activity_instance(w.channel, &[a, c]);
    let token_a = sign_in(&w, &addr, a).await;
    let token_c = sign_in(&w, &addr, c).await;
    let mut sa = Client::open(&addr, &token_a, &instance).await;
    let mut sc = Client::open(&addr, &token_c, &instance).await;
    let mut second = Client::open(&addr, &token_c, &instance).await;
    let me_calls = || w.fake.requests().iter().filter(|r| r.route == "GET /users/@me").count();
    let calls = me_calls();
    let ask = w.slash(c, "privacy delete", json!({})).await;
    let confirm = ask.message.clone().expect("the confirmation message");
    let done = w.fake.click(c, &confirm, "Delete my data").await.response(T).await;
    assert!(done.accepted() && done.content.contains("Done"), "{done:?}");
    assert_eq!(sc.closed_with().await, Some(4001));
    assert_eq!(second.closed_with().await, Some(4001));
    // Asha's session goes on: it still follows the channel (a table opened there reaches it).
    w.open_table(&[a], json!({"boot": 5})).await;
    sa.until("the table opened", |f| f["type"] == "view" && f["table"]["id"].is_i64()).await;
    // Chand's token is asked of Discord again: nothing of who held it was kept.
    Client::open(&addr, &token_c, &instance).await;
    assert_eq!(me_calls(), calls + 1);
    w.assert_audit().await;
}

/// A tournament's table seen from a session: its players act (their turn, See, Pack) but nobody is offered Join or
/// Leave (the table refuses both: packing is how one loses), an onlooker neither.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_tournament_table_offers_no_join_or_leave() {
    let (w, addr) = activity_world().await;
    let [a, b, c] = w.users(["Asha", "Bilal", "Chand"]);
    let host = w.fake.add_user("host");
    let instance = w.fake.activity_instance(w.channel, &[a, b, c]);
    let options = json!({"buy_in": 10, "seats": 2, "stack": 100, "boots": "5,10", "every_hands": 1});
    w.public_reply(host, "tournament open", options).await;
    for p in [a, b] {
        w.public_reply(p, "tournament register", json!({})).await;
    }
    let first = w.wait_new_hand(&[]).await;
    let hand = support::world::hand_id_of(&first);
    let token_a = sign_in(&w, &addr, a).await;
    let token_c = sign_in(&w, &addr, c).await;
    let mut sa = Client::open(&addr, &token_a, &instance).await;
    let view = sa.until("the hand", |f| is_hand_view(f, hand)).await;
    let labels: Vec<&str> = view["actions"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|row| row.as_array().into_iter().flatten())
        .filter_map(|b| b["label"].as_str())
        .collect();
    assert!(labels.contains(&"See cards") && labels.contains(&"Pack"), "{labels:?}");
    assert!(!labels.iter().any(|l| *l == "Join" || *l == "Leave"), "{labels:?}");
    let mut sc = Client::open(&addr, &token_c, &instance).await;
    let view = sc.until("the hand", |f| is_hand_view(f, hand)).await;
    assert_eq!(view["actions"], json!([]), "an onlooker of a tournament is offered nothing");
    w.assert_audit().await;
}

/// A client secret Discord refuses (rotated in the portal, not here): the operator is told once what to set, the
/// player gets one sentence and a 500, which the page does not try again (it would fail the same way), and the
/// secret is in no log line.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_client_secret_discord_refuses_is_said_to_the_operator() {
    let wrong = "an-old-client-secret-0123456789";
    let (w, addr) = activity_world_with_secret(wrong).await;
    let [a] = w.users(["Asha"]);
    let code = w.fake.activity_code(a);
    let (status, said) = post(&addr, "/activity/api/token", &json!({"code": code}).to_string()).await;
    assert!(status == 500 && said.contains("did not answer"), "{status} {said}");
    let log = w.bot.log();
    assert!(log.contains("invalid_client") && log.contains("DISCORD_CLIENT_SECRET"), "{log}");
    assert!(!log.contains(wrong) && !log.contains(&code), "a secret in the log");
}
