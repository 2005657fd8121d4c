//! End-to-end scenarios for closed DMs, admin and player commands, Discord
//! errors and the bot's API economy: the real `teenpatti-bot` binary (real
//! engine, real SQLite file, real serenity + poise) against the local Discord
//! stand-in in tests/support. One stand-in, one bot process, one database per
//! test.

use std::collections::BTreeMap;
use std::time::{Duration, Instant};

use serde_json::{json, Value};
use support::world::{
    is_hand, render_message, wait_until, World, CALLBACK, FOLLOW_UP, OPEN_DM, PATCH_MESSAGE, POST_MESSAGE, T,
};
use support::InteractionResponse;

/// The fallback notice's key words (src/discord/render.rs `DM_FALLBACK`).
const FALLBACK: &str = "could not send you a direct message";

/// The path the bot posts to for a DM to this user.
fn dm_path(w: &World, user: u64) -> String {
    format!("/channels/{}/messages", w.fake.dm_channel(user))
}

/// Scenario 4: one player blocks DMs (50007), another shares no DM-enabled
/// server (50278). On Join each is told their private messages will come as
/// replies only they see, and why; their cards come in the ephemeral answer to
/// See; the game goes on to the end with exact chips.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn closed_dms_fall_back_to_ephemeral_replies() {
    let w = World::start().await;
    let [a, b, c] = w.users(["asha", "bilal", "chen"]);
    w.fake.block_dms(b, 50007);
    w.fake.block_dms(c, 50278);

    let open = w.slash(a, "table open", json!({"boot": 1})).await;
    assert_eq!(open.kind, 4, "{open:?}");
    // b joins by button: the lobby is redrawn and b alone hears why no DM came.
    w.act(b, "Join").await;
    let note = w.wait_ephemeral(b, FALLBACK).await;
    assert!(note.contains("You have a seat"), "{note}");
    assert!(note.contains("DMs are closed to this bot"), "the reason is given: {note}");
    assert!(note.contains("replies only you can see"), "{note}");
    // c joins by slash command: the same, in the ephemeral answer.
    let joined = w.ephemeral_reply(c, "table join", json!({})).await;
    assert!(joined.contains("You have a seat") && joined.contains(FALLBACK), "{joined}");
    // a's DMs work: a got the seat confirmation by DM and no fallback notice.
    let a_dms = w.fake.dms(a);
    assert_eq!(a_dms.len(), 1, "{a_dms:?}");
    assert!(a_dms[0]["content"].as_str().unwrap().contains("You have a seat"));
    assert!(w.fake.ephemerals(a).iter().all(|m| !m["content"].as_str().unwrap_or("").contains(FALLBACK)));
    // The bot did try: its seat DMs to b and c were refused with 403.
    let refused: Vec<String> =
        w.fake.requests().into_iter().filter(|r| r.method == "POST" && r.status == 403).map(|r| r.path).collect();
    assert!(refused.contains(&dm_path(&w, b)) && refused.contains(&dm_path(&w, c)), "{refused:?}");

    // c deals; a bets blind; b sees (cards in the ephemeral follow-up) and packs;
    // c sees with /see (cards in the ephemeral answer), bets, and a pays for a show.
    w.act(a, "Start").await;
    w.wait_hand(1).await;
    w.act(a, "Blind 1").await;
    w.act(b, "See cards").await;
    let cards = w.wait_ephemeral(b, "Your cards for hand #1").await;
    assert!(cards.contains(FALLBACK), "{cards}");
    w.act(b, "Pack").await;
    let seen = w.ephemeral_reply(c, "see", json!({})).await;
    assert!(seen.contains("Your cards for hand #1") && seen.contains(FALLBACK), "{seen}");
    // "My cards" shows them again, ephemerally.
    let shown = |w: &World| {
        w.fake
            .ephemerals(c)
            .iter()
            .filter(|m| m["content"].as_str().unwrap_or("").contains("Your cards for hand #1"))
            .count()
    };
    let before = shown(&w);
    w.act(c, "My cards").await;
    wait_until("My cards to show the cards again", || shown(&w) != before).await;
    w.act(c, "Chaal 2").await;
    let last = w.act(a, "Show").await;
    let text = render_message(last.message.as_ref().unwrap());
    assert!(text.contains("Hand over") && text.contains("show)"), "{text}");
    assert!(w.fake.dms(b).is_empty() && w.fake.dms(c).is_empty());
    // Once a DM is refused, the bot stops knocking (each refusal counts against Discord's invalid-request
    // limit): one attempt per player, at the seat confirmation; none for the cards.
    for u in [b, c] {
        let tries = w.fake.requests().iter().filter(|r| r.method == "POST" && r.path == dm_path(&w, u)).count();
        assert_eq!(tries, 1, "DM attempts to {u}");
    }

    let bal = w.balances(&[a, b, c]).await;
    assert_eq!(bal.iter().sum::<i64>(), 3000, "{bal:?}");
    assert_eq!(bal[1], 999, "b paid the boot only: {bal:?}");
    // a paid 1 + 1 + the show (1); c paid 1 + 2; the winner takes the pot of 7.
    assert!(bal == vec![1004, 999, 997] || bal == vec![997, 999, 1004], "{bal:?}");
    w.assert_audit().await;
    w.fake.assert_no_violations();
}

/// Scenario 8: `/config view`, `/config set` and `/grant` are refused for a
/// member without Manage Server and work for one with it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn admin_commands() {
    let w = World::start().await;
    let user = w.fake.add_user("uma");
    let boss = w.fake.add_admin("boss");
    let newbie = w.fake.add_user("nia");
    const REFUSED: &str = "Only members with the Manage Server permission";

    for (path, opts) in [
        ("config view", json!({})),
        ("config set", json!({"option": "starting_balance", "value": "5"})),
        ("grant", json!({"user": user, "amount": 100})),
    ] {
        let text = w.ephemeral_reply(user, path, opts).await;
        assert!(text.contains(REFUSED), "/{path} by a member: {text}");
    }
    assert_eq!(w.guild_settings().await.starting_balance, 1000, "nothing changed");
    assert!(w.admin_grants(user).await.is_empty());

    let view = w.ephemeral_reply(boss, "config view", json!({})).await;
    assert!(view.contains("`starting_balance` = 1000") && view.contains("`boot` = 1"), "{view}");

    // starting_balance: a new player's wallet starts with it.
    let set = w.ephemeral_reply(boss, "config set", json!({"option": "starting_balance", "value": "500"})).await;
    assert!(set.starts_with("Saved.") && set.contains("`starting_balance` = 500"), "{set}");
    let bal = w.ephemeral_reply(newbie, "balance", json!({})).await;
    assert!(bal.contains("**500** chips"), "{bal}");

    // boot: a new table starts with it.
    let set = w.ephemeral_reply(boss, "config set", json!({"option": "boot", "value": "5"})).await;
    assert!(set.starts_with("Saved.") && set.contains("`boot` = 5"), "{set}");
    let open = w.public_reply(user, "table open", json!({})).await;
    let lobby = render_message(open.message.as_ref().unwrap());
    assert!(lobby.contains("boot **5**"), "{lobby}");
    assert_eq!(w.table().await.rules.boot, 5);

    // Bad values: a clear message, nothing saved.
    let before = w.guild_settings().await;
    let bad = w.ephemeral_reply(boss, "config set", json!({"option": "starting_balance", "value": "lots"})).await;
    assert!(bad.contains("`lots` is not valid for starting_balance") && bad.contains("whole number"), "{bad}");
    let bad = w.ephemeral_reply(boss, "config set", json!({"option": "boot", "value": "-3"})).await;
    assert!(bad.contains("`-3`") && bad.contains("boot"), "{bad}");
    let bad = w.ephemeral_reply(boss, "config set", json!({"option": "colour", "value": "red"})).await;
    assert!(bad.contains("unknown option `colour`"), "{bad}");
    let bad = w.ephemeral_reply(boss, "config set", json!({"option": "turn_seconds", "value": "5"})).await;
    assert!(bad.contains("from 10 to 600"), "{bad}");
    assert_eq!(w.guild_settings().await, before, "a bad value changes nothing");

    // Grants, both ways, ledgered; none below zero.
    let r = w.public_reply(boss, "grant", json!({"user": newbie, "amount": 250})).await;
    assert!(r.content.contains("granted 250 chips: balance now **750**"), "{r:?}");
    let r = w.public_reply(boss, "grant", json!({"user": newbie, "amount": -100})).await;
    assert!(r.content.contains("took 100 chips: balance now **650**"), "{r:?}");
    let no = w.ephemeral_reply(boss, "grant", json!({"user": newbie, "amount": -651})).await;
    assert!(no.contains("has only 650 chips") && no.contains("cannot go below zero"), "{no}");
    let zero = w.ephemeral_reply(boss, "grant", json!({"user": newbie, "amount": 0})).await;
    assert!(zero.contains("non-zero"), "{zero}");
    assert_eq!(w.balance(newbie).await, 650);
    let grants = w.admin_grants(newbie).await;
    assert_eq!(grants, vec![(250, Some(boss)), (-100, Some(boss))]);
    // The member who was refused still cannot grant.
    let text = w.ephemeral_reply(user, "grant", json!({"user": user, "amount": 5})).await;
    assert!(text.contains(REFUSED), "{text}");
    w.assert_audit().await;
    w.fake.assert_no_violations();
}

fn leaderboard_rows(r: &InteractionResponse) -> Vec<(u64, u64, i64)> {
    let re = regex::Regex::new(r"^\*\*(\d+)\.\*\* <@(\d+)> · (-?\d+)$").unwrap();
    let desc = r.embeds[0]["description"].as_str().unwrap_or_default();
    desc.lines()
        .map(|l| {
            let c = re.captures(l).unwrap_or_else(|| panic!("leaderboard line {l:?}"));
            (c[1].parse().unwrap(), c[2].parse().unwrap(), c[3].parse().unwrap())
        })
        .collect()
}

fn footer(r: &InteractionResponse) -> String {
    r.embeds[0]["footer"]["text"].as_str().unwrap_or_default().to_string()
}

/// Does this text show any card (a rank followed by a suit symbol)?
fn shows_cards(text: &str) -> bool {
    regex::Regex::new(r"(10|[2-9JQKA])[♠♥♦♣]").unwrap().is_match(text)
}

/// Scenario 9: the player commands.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn player_commands() {
    let w = World::start_with_break(Duration::from_millis(300)).await;
    let boss = w.fake.add_admin("boss");
    let p: Vec<u64> = (0..12).map(|i| w.fake.add_user(&format!("p{i}"))).collect();

    // /balance, own and another's.
    let mine = w.ephemeral_reply(p[0], "balance", json!({})).await;
    assert_eq!(mine, format!("<@{}> has **1000** chips.", p[0]));
    let theirs = w.ephemeral_reply(p[0], "balance", json!({"user": p[1]})).await;
    assert_eq!(theirs, format!("<@{}> has **1000** chips.", p[1]));

    // /daily twice: the second is refused until the cooldown, with a relative timestamp.
    let first = w.ephemeral_reply(p[0], "daily", json!({})).await;
    assert_eq!(first, "You claimed **100** chips. Your balance is **1100**.");
    let now = teenpatti::clock::now_unix();
    let second = w.ephemeral_reply(p[0], "daily", json!({})).await;
    let re = regex::Regex::new(r"Come back <t:(\d+):R>\.").unwrap();
    let at: i64 = re.captures(&second).unwrap_or_else(|| panic!("{second}"))[1].parse().unwrap();
    assert!((at - (now + 86_400)).abs() <= 5, "next claim at {at}, now {now}: {second}");
    assert_eq!(w.balance(p[0]).await, 1100, "paid once");

    // /rank, /rules, /table rules and /table status without a table.
    let r = w.public_reply(p[1], "rank", json!({"cards": "As Ks Qs"})).await;
    assert!(r.content.contains("is a **Pure sequence**"), "{r:?}");
    let bad = w.ephemeral_reply(p[1], "rank", json!({"cards": "As Kx Qs"})).await;
    assert!(bad.contains("`Kx` is not a card"), "{bad}");
    let rules = w.ephemeral_reply(p[1], "rules", json!({})).await;
    assert!(rules.contains("How to play") && rules.contains("boot **1**"), "{rules}");
    let none = w.ephemeral_reply(p[1], "table status", json!({})).await;
    assert!(none.contains("There is no table in this channel"), "{none}");

    // Hand #1 between p1 and p2: p1 bets blind, p2 packs (whatever the cards).
    let (a, b) = (p[1], p[2]);
    w.open_table(&[a, b], json!({"boot": 1, "rules": "show_tie=split"})).await;
    let table_rules = w.ephemeral_reply(b, "table rules", json!({})).await;
    assert!(table_rules.contains("show_tie=split") && table_rules.contains("How to play"), "{table_rules}");
    w.act(a, "Start").await;
    w.wait_hand(1).await;
    w.act(a, "Blind 1").await;
    w.act(a, "See cards").await;
    // A live hand's history: the public log, no cards (not even the seen ones).
    let live = w.ephemeral_reply(b, "history", json!({"hand": 1})).await;
    assert!(live.contains("**Hand #1**") && live.contains("bet 1 blind"), "{live}");
    assert!(live.contains("still being played") && !shows_cards(&live), "{live}");
    let live_a = w.ephemeral_reply(a, "history", json!({"hand": 1})).await;
    assert!(!shows_cards(&live_a), "not even to the player who saw: {live_a}");
    w.act(b, "Pack").await;
    w.wait_hand_over(1).await;
    // Over: every card.
    let done = w.ephemeral_reply(b, "history", json!({"hand": 1})).await;
    assert!(done.contains("**Cards:**") && done.contains(&format!("<@{b}> packed.")), "{done}");
    assert_eq!(done.lines().filter(|l| shows_cards(l)).count(), 2, "{done}");
    let list = w.ephemeral_reply(b, "history", json!({})).await;
    assert!(list.contains("**#1** · 2 players · pot 3"), "{list}");
    let missing = w.ephemeral_reply(b, "history", json!({"hand": 99})).await;
    assert!(missing.contains("There is no hand #99"), "{missing}");
    // /stats after the hand.
    let sa = w.ephemeral_reply(a, "stats", json!({})).await;
    assert!(sa.contains("**1** hands played, **1** won (100%)") && sa.contains("net **+1**"), "{sa}");
    let sb = w.ephemeral_reply(a, "stats", json!({"user": b})).await;
    assert!(sb.contains(&format!("<@{b}>")) && sb.contains("**0** won (0%)") && sb.contains("net **-1**"), "{sb}");

    // Hand #2 is dealt automatically; p2 acts first now and bets; /table status shows it.
    w.wait_hand(2).await;
    assert_eq!(w.balances(&[a, b]).await, vec![1000, 998], "boots of hand #2 taken");
    w.act(b, "Blind 1").await;
    let status = w.slash(a, "table status", json!({})).await;
    assert!(status.ephemeral, "{status:?}");
    assert_eq!(status.embeds[0]["title"], "Teen Patti · hand #2", "{status:?}");
    let live2 = w.ephemeral_reply(a, "history", json!({"hand": 2})).await;
    assert!(live2.contains("still being played") && !shows_cards(&live2), "{live2}");
    // /table close refunds the live hand: balances as before it.
    let closed = w.ephemeral_reply(a, "table close", json!({})).await;
    assert!(closed.contains("The table is closed") && closed.contains("refunded"), "{closed}");
    assert_eq!(w.balances(&[a, b]).await, vec![1001, 999]);
    assert!(w.live_hands().await.is_empty());
    let refunded = w.ephemeral_reply(a, "history", json!({"hand": 2})).await;
    assert!(refunded.contains("cancelled and every bet refunded"), "{refunded}");
    let none = w.ephemeral_reply(a, "table status", json!({})).await;
    assert!(none.contains("There is no table in this channel"), "{none}");

    // Leaderboard: 12 wallets with distinct balances, 2 pages.
    let mut expected: BTreeMap<u64, i64> = BTreeMap::new();
    expected.insert(p[0], 1100);
    expected.insert(a, 1001);
    expected.insert(b, 999);
    for (i, &u) in p.iter().enumerate().skip(3) {
        let amount = if i % 2 == 0 { 10 * i as i64 + 5 } else { -(10 * i as i64 + 5) };
        let r = w.public_reply(boss, "grant", json!({"user": u, "amount": amount})).await;
        assert!(r.content.contains("balance now"), "{r:?}");
        expected.insert(u, 1000 + amount);
    }
    let mut order: Vec<(u64, i64)> = expected.into_iter().collect();
    order.sort_by(|x, y| y.1.cmp(&x.1).then(x.0.cmp(&y.0)));
    let page1 = w.public_reply(p[5], "leaderboard", json!({})).await;
    assert_eq!(footer(&page1), "Page 1 of 2 · 12 players");
    let rows1 = leaderboard_rows(&page1);
    let page2 = w.public_reply(p[5], "leaderboard", json!({"page": 2})).await;
    assert_eq!(footer(&page2), "Page 2 of 2 · 12 players");
    let rows2 = leaderboard_rows(&page2);
    assert_eq!((rows1.len(), rows2.len()), (10, 2));
    let got: Vec<(u64, u64, i64)> = rows1.into_iter().chain(rows2).collect();
    let want: Vec<(u64, u64, i64)> = order.iter().enumerate().map(|(i, &(u, v))| (i as u64 + 1, u, v)).collect();
    assert_eq!(got, want);
    // By net winnings: only players who played, p1 (+1) above p2 (-1).
    let by_win = w.public_reply(p[5], "leaderboard", json!({"by": 1})).await;
    assert_eq!(by_win.embeds[0]["title"], "Leaderboard · net winnings");
    assert_eq!(leaderboard_rows(&by_win), vec![(1, a, 1), (2, b, -1)]);
    w.assert_audit().await;
    w.fake.assert_no_violations();
}

/// Messages posted to the table's channel since `since` (whatever the answer).
fn guild_posts(w: &World, since: Instant) -> usize {
    let path = format!("/channels/{}/messages", w.channel);
    w.fake.requests().iter().filter(|r| r.at >= since && r.method == "POST" && r.path == path).count()
}

/// Scenario 10: Discord errors on the routes a hand uses (429 with
/// retry_after and 500 on the hand message POST, the DM send and the PATCH
/// edit after a slash /bet) and a gateway drop mid-hand: the bot recovers and
/// the hand finishes with exact chips.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn discord_errors_mid_hand() {
    let w = World::start().await;
    let [a, b, c] = w.users(["asha", "bilal", "chen"]);
    w.open_table(&[a, b, c], json!({"boot": 1})).await;

    // The hand message POST: a 429 then a 500, retried.
    let posts = POST_MESSAGE;
    w.fake.fail_next(posts, 429, 1);
    w.fake.fail_next(posts, 500, 1);
    let since = Instant::now();
    w.act(a, "Start").await;
    w.wait_hand(1).await;
    let statuses: Vec<u16> = w
        .fake
        .requests()
        .iter()
        .filter(|r| r.at >= since && r.route == posts && r.path == format!("/channels/{}/messages", w.channel))
        .map(|r| r.status)
        .collect();
    assert_eq!(statuses, vec![429, 500, 200], "the hand message was retried");
    assert_eq!(w.fake.channel_messages(w.channel).iter().filter(|m| is_hand(m, 1)).count(), 1, "posted once");

    // The DM with the cards: a 500 then a 429, retried; the DM arrives. The ephemeral follow-up with
    // the cards gets a 429 too, and is retried.
    w.act(a, "Blind 1").await;
    w.fake.fail_next(posts, 500, 1);
    w.fake.fail_next(posts, 429, 1);
    w.fake.fail_next(FOLLOW_UP, 429, 1);
    w.act(b, "See cards").await;
    let cards = w.wait_ephemeral(b, "Your cards for hand #1").await;
    assert!(!cards.contains(FALLBACK), "a transient failure is not a closed DM: {cards}");
    let dms = w.fake.dms(b);
    assert!(dms.iter().any(|m| m["content"].as_str().unwrap().contains("Your cards for hand #1")), "{dms:?}");

    // A player joining mid-hand: opening their DM channel gets a 429 then a 500; the seat DM arrives.
    let d = w.fake.add_user("dev");
    w.fake.fail_next(OPEN_DM, 429, 1);
    w.fake.fail_next(OPEN_DM, 500, 1);
    w.act(d, "Join").await;
    w.wait_ephemeral(d, "you will be dealt in from the next hand").await;
    assert_eq!(w.fake.dms(d).len(), 1, "the seat DM");
    let opens: Vec<u16> = w.fake.requests().iter().filter(|r| r.route == OPEN_DM).map(|r| r.status).collect();
    assert_eq!(opens[opens.len() - 3..], [429, 500, 200]);

    // The PATCH edit after a slash /bet: a 429 then a 500, retried; the message shows the bet.
    let patch = PATCH_MESSAGE;
    w.fake.fail_next(patch, 429, 1);
    w.fake.fail_next(patch, 500, 1);
    let bet = w.ephemeral_reply(b, "bet", json!({"amount": 2})).await;
    assert_eq!(bet, "Done.");
    let msg = w.wait_hand(1).await;
    let text = render_message(&msg);
    assert!(text.contains(&format!("<@{b}> bet 2 (chaal).")), "{text}");
    assert!(text.contains(&format!("<@{c}>, it's your turn.")), "{text}");
    let patches: Vec<u16> = w.fake.requests().iter().filter(|r| r.route == patch).map(|r| r.status).collect();
    assert_eq!(patches, vec![429, 500, 200]);

    // The gateway drops mid-hand: the bot resumes; a click sent while it is away is replayed and answered.
    let before = w.fake.gateway_stats();
    w.fake.drop_gateway();
    let pending = w.fake.click(c, &w.message_with("Pack"), "Pack").await;
    w.fake.wait_gateway(T, |s| s.resumes > before.resumes && s.live).await;
    let r = pending.response(T).await;
    assert_eq!(r.kind, 7, "{r:?}");
    // Two players left: a (blind) pays for the show.
    let last = w.act(a, "Show").await;
    let text = render_message(last.message.as_ref().unwrap());
    assert!(text.contains("Hand over") && text.contains("show)"), "{text}");

    let bal = w.balances(&[a, b, c]).await;
    assert_eq!(bal.iter().sum::<i64>(), 3000, "{bal:?}");
    assert_eq!(bal[2], 999, "{bal:?}");
    // a: boot 1 + blind 1 + show 1; b: boot 1 + chaal 2; pot 7.
    assert!(bal == vec![1004, 997, 999] || bal == vec![997, 1004, 999], "{bal:?}");
    w.assert_audit().await;
    assert_eq!(guild_posts(&w, since), 3, "the 429, the 500 and the hand message");
    w.fake.assert_no_violations();
}

/// The keys `budget` counts channel message POSTs under.
const TABLE_POST: &str = "POST /channels/{channel_id}/messages (table channel)";
const DM_POST: &str = "POST /channels/{channel_id}/messages (DM channel)";

/// One hand's API calls, split so a channel message POST to the table's
/// channel and one to a DM channel are told apart.
fn budget(w: &World, since: Instant) -> BTreeMap<String, usize> {
    let guild_path = format!("/channels/{}/messages", w.channel);
    let mut out = BTreeMap::new();
    for r in w.fake.requests().into_iter().filter(|r| r.at >= since) {
        let key = if r.route == POST_MESSAGE {
            if r.path == guild_path {
                TABLE_POST.to_string()
            } else {
                DM_POST.to_string()
            }
        } else {
            r.route
        };
        *out.entry(key).or_insert(0) += 1;
    }
    out
}

fn print_budget(title: &str, counts: &BTreeMap<String, usize>) {
    println!("\n{title}\n| route | calls |\n| --- | ---: |");
    for (route, n) in counts {
        println!("| `{route}` | {n} |");
    }
}

fn count(counts: &BTreeMap<String, usize>, key: &str) -> usize {
    counts.get(key).copied().unwrap_or(0)
}

/// The calls that count against the budget: all but interaction answers and their follow-ups.
fn budgeted_calls(counts: &BTreeMap<String, usize>) -> usize {
    counts
        .iter()
        .filter(|(k, _)| !k.starts_with("POST /interactions/") && !k.starts_with("POST /webhooks/"))
        .map(|(_, n)| n)
        .sum()
}

/// Hand #1 at a table of four, up to a sideshow asked: `a` starts it and packs blind, `b` and `c` see and bet,
/// `d` sees and asks `c` for a sideshow. (A sideshow needs three players in, all seen.)
async fn ask_for_a_sideshow(w: &World, [a, b, c, d]: [u64; 4]) {
    w.act(a, "Start").await;
    w.wait_hand(1).await;
    w.act(a, "Pack").await;
    for p in [b, c] {
        w.act(p, "See cards").await;
        w.act(p, "Chaal 2").await;
    }
    w.act(d, "See cards").await;
    w.act(d, "Sideshow").await;
}

/// API economy: the bot's calls per hand, by route.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn api_calls_per_hand() {
    let w = World::start().await;
    let [a, b, c, d] = w.users(["asha", "bilal", "chen", "dev"]);
    let since_open = Instant::now();
    w.open_table(&[a, b, c, d], json!({"boot": 1, "turn_seconds": 10})).await;
    // Seat confirmations: one DM channel and one DM per player (and the last joiner's follow-up is in).
    w.wait_ephemeral(d, "You have a seat").await;
    let lobby = w.fake.calls_by_route(since_open);
    assert_eq!(lobby.get(OPEN_DM), Some(&4), "{lobby:?}");

    // Hand #1 with buttons: a packs blind; b, c and d see; b and c bet; d asks c
    // for a sideshow, c accepts; b pays for the show. (A sideshow needs three
    // players in, all seen, so three players see.)
    let since = Instant::now();
    ask_for_a_sideshow(&w, [a, b, c, d]).await;
    w.act(c, "Accept sideshow").await;
    let last = w.act(b, "Show").await;
    let text = render_message(last.message.as_ref().unwrap());
    assert!(text.contains("Hand over"), "{text}");
    // Wait for the last ephemeral follow-ups before counting.
    w.wait_ephemeral(c, "Sideshow in hand #1").await;
    // Start, a's Pack, b's and c's See and Chaal, d's See and Sideshow, c's Accept, b's Show.
    let clicks = 1 + 1 + 2 * 2 + 2 + 1 + 1;
    let (seers, sideshows) = (3, 1);
    let hand1 = budget(&w, since);
    print_budget("API calls, hand #1 (4 players, buttons, 3 see, 1 accepted sideshow, show)", &hand1);
    assert_eq!(count(&hand1, TABLE_POST), 1, "{hand1:?}");
    assert_eq!(count(&hand1, DM_POST), seers + 2 * sideshows, "{hand1:?}");
    assert_eq!(count(&hand1, OPEN_DM), 0, "DM channels are cached: {hand1:?}");
    assert_eq!(count(&hand1, PATCH_MESSAGE), 0, "{hand1:?}");
    assert_eq!(count(&hand1, CALLBACK), clicks, "{hand1:?}");
    // Follow-ups: "the cards are dealt" for Start, the cards for each See, the sideshow result for c (who accepted).
    assert_eq!(count(&hand1, FOLLOW_UP), 1 + seers + 1, "{hand1:?}");
    let budgeted = budgeted_calls(&hand1);
    assert_eq!(budgeted, 1 + seers + 2 * sideshows, "nothing else: {hand1:?}");

    // Hand #2 (Start again): b, first to act, lets the timer run out; c and d pack; a wins.
    let since = Instant::now();
    w.act(a, "Start").await;
    w.wait_hand(2).await;
    let packed = w
        .fake
        .wait_for_message(w.channel, Duration::from_secs(15), |m| {
            is_hand(m, 2) && render_message(m).contains("ran out of time and packed")
        })
        .await;
    assert!(packed.is_some(), "no timeout:\n{}", w.transcript());
    w.act(c, "Pack").await;
    w.act(d, "Pack").await;
    let hand2 = budget(&w, since);
    print_budget("API calls, hand #2 (4 players, one timeout, two packs)", &hand2);
    assert_eq!(count(&hand2, TABLE_POST), 1, "{hand2:?}");
    assert_eq!(count(&hand2, PATCH_MESSAGE), 1, "{hand2:?}");
    assert_eq!(count(&hand2, DM_POST), 0, "{hand2:?}");
    assert_eq!(count(&hand2, CALLBACK), 3, "{hand2:?}");
    let budgeted = budgeted_calls(&hand2);
    assert_eq!(budgeted, 2, "{hand2:?}");

    let bal = w.balances(&[a, b, c, d]).await;
    assert_eq!(bal.iter().sum::<i64>(), 4000, "{bal:?}");
    w.assert_audit().await;
    w.fake.assert_no_violations();
}

/// Interaction callbacks are not retried (a retry could answer twice). When
/// the update that rides on a click's callback fails, the table must not be
/// stranded on a message whose buttons are all stale: the next player can act.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_failed_click_response_does_not_strand_the_table() {
    let w = World::start().await;
    let [a, b, c] = w.users(["asha", "bilal", "chen"]);
    w.open_and_start(&[a, b, c], json!({"boot": 1})).await;

    w.fake.fail_next(CALLBACK, 500, 1);
    let lost = w.fake.click(a, &w.message_with("Blind 1"), "Blind 1").await;
    assert!(lost.try_response(Duration::from_secs(1)).await.is_none(), "the callback failed");
    // The bet stands (it was recorded), and the hand message shows it: b is to act.
    let turn = format!("<@{b}>, it's your turn.");
    let shown = w.fake.wait_for_message(w.channel, T, |m| is_hand(m, 1) && m["content"] == turn.as_str()).await;
    assert!(shown.is_some(), "the hand message still waits for a:\n{}", w.transcript());
    w.act(b, "Blind 1").await;
    w.act(c, "Pack").await;
    w.act(a, "Show").await;
    w.wait_hand_over(1).await;

    let bal = w.balances(&[a, b, c]).await;
    assert_eq!(bal.iter().sum::<i64>(), 3000, "{bal:?}");
    w.assert_audit().await;
    w.fake.assert_no_violations();
}

/// A sideshow result goes by DM to both players before the click is answered
/// only for the one who clicked: when Discord fails every DM try (4 each, with
/// back-off), the click must still be answered within Discord's 3 s.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn failing_dms_do_not_make_a_click_late() {
    let w = World::start().await;
    let [a, b, c, d] = w.users(["asha", "bilal", "chen", "dev"]);
    w.open_table(&[a, b, c, d], json!({"boot": 1})).await;
    w.wait_ephemeral(d, "You have a seat").await;
    ask_for_a_sideshow(&w, [a, b, c, d]).await;
    // Both sideshow DMs fail all their tries.
    w.fake.fail_next(POST_MESSAGE, 500, 8);
    let t = Instant::now();
    w.act(c, "Accept sideshow").await;
    let took = t.elapsed();
    println!("Accept answered after {took:?}");
    w.fake.assert_no_violations();
    // c still gets the result, ephemerally.
    w.wait_ephemeral(c, "Sideshow in hand #1").await;
    w.act(b, "Show").await;
    w.wait_hand_over(1).await;
    let bal = w.balances(&[a, b, c, d]).await;
    assert_eq!(bal.iter().sum::<i64>(), 4000, "{bal:?}");
    w.assert_audit().await;
    w.fake.assert_no_violations();
}

/// `/config set`'s option autocompletes (issue 35): Discord sends what the admin has typed (an autocomplete
/// interaction) and shows the bot's choices: the settings, then the rule options, at most 25.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_config_option_autocompletes_from_the_settings_and_the_option_table() {
    let w = World::start().await;
    let admin = w.fake.add_admin("meera");
    let names = |choices: Vec<Value>| -> Vec<String> {
        choices.iter().filter_map(|c| c["name"].as_str().map(str::to_string)).collect()
    };
    let all = names(w.fake.autocomplete(admin, w.channel, "config set", "option", "").await);
    assert_eq!(all.len(), 25, "{all:?}");
    assert_eq!(all[0], "language", "{all:?}");
    let boots = names(w.fake.autocomplete(admin, w.channel, "config set", "option", "boot").await);
    assert!(boots.contains(&"boot".to_string()) && boots.contains(&"max_boot".to_string()), "{boots:?}");
    let private = names(w.fake.autocomplete(admin, w.channel, "config set", "option", "private").await);
    assert_eq!(private, ["private_language"]);
    // What a user types is only matched, never echoed: a long or hostile partial finds nothing.
    let hostile = format!("@everyone\u{7}{}", "x".repeat(5000));
    assert!(w.fake.autocomplete(admin, w.channel, "config set", "option", &hostile).await.is_empty());
    w.fake.assert_no_violations();
}
