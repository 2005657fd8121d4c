//! The bot's answer to each of Discord's refusals, end to end, with the bot run as production runs it (serenity's
//! rate limiter on, `discord.com` over TLS to the stand-in): a channel deleted mid-hand, a hand message deleted by
//! a moderator, a permission taken away mid-hand, a channel's rate limit filled by a burst, an interaction answer
//! Discord refuses (10062 unknown interaction, 40060 already acknowledged), a post refused as an invalid form body
//! (50035). Each refusal is met both ways it can come: Discord's event, or the first refused call. Nothing is lost
//! on any path (the audit balances), and no refusal is asked again (the stand-in reports a retried 403 or 404).

use std::time::Duration;

use serde_json::json;
use support::ratelimit::Rate;
use support::world::{button_label, hand_id_of, id_of, is_hand_message, render_message, World, CALLBACK, T};
use support::{model, FakeOptions};
use teenpatti::ids::TableId;
use teenpatti::store::{HandStatus, TableStatus};

/// The unix time a hand message's turn timer ends (`<t:N:R>`), if it shows one.
fn timer_of(msg: &serde_json::Value) -> Option<i64> {
    let text = render_message(msg);
    let at = text.find("<t:")? + 3;
    text[at..].split(':').next()?.parse().ok()
}

fn now_unix() -> i64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_secs() as i64
}

/// The user whose turn it is in hand `hand_id`, from the database.
async fn to_act(w: &World, hand_id: i64) -> u64 {
    let db = w.hand_from_db(hand_id).await;
    db.users[db.hand.to_act().expect("a player to act")]
}

/// Asks `f` every 50 ms until it gives `Some`; fails naming `what` after [`T`].
async fn until<R, Fut: std::future::Future<Output = Option<R>>>(what: &str, mut f: impl FnMut() -> Fut) -> R {
    let deadline = tokio::time::Instant::now() + T;
    loop {
        if let Some(r) = f().await {
            return r;
        }
        assert!(tokio::time::Instant::now() < deadline, "waited {T:?} for {what}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// Waits until hand `hand_id` is no longer live; returns its status.
async fn wait_settled(w: &World, hand_id: i64) -> HandStatus {
    let what = format!("hand #{hand_id} to be settled");
    until(&what, || async { Some(w.hand_from_db(hand_id).await.status).filter(|s| *s != HandStatus::Live) }).await
}

/// Waits until table `table` is closed.
async fn wait_closed(w: &World, table: i64) {
    let closed = || async {
        let row = w.store().await.table(TableId(table)).await.unwrap();
        row.is_some_and(|t| t.status == TableStatus::Closed).then_some(())
    };
    until("the table to close", closed).await
}

/// A channel deleted mid-hand, with CHANNEL_DELETE: the table closes at once and the hand is refunded.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_channel_deleted_mid_hand_closes_its_table_on_channel_delete() {
    let w = World::start().await;
    let players = w.users(["asha", "bilal", "chen"]);
    let hand = w.open_and_start(&players, json!({"boot": 10})).await;
    let hand_id = hand_id_of(&hand);
    let table = w.table_id().await;
    w.act(to_act(&w, hand_id).await, "Blind").await;
    let before = w.balances(&players).await;
    assert!(before.iter().all(|&b| b < 1000), "boots and a blind are in the pot: {before:?}");

    w.fake.delete_channel(w.channel, true);
    assert_eq!(wait_settled(&w, hand_id).await, HandStatus::Refunded);
    wait_closed(&w, table).await;
    assert_eq!(w.balances(&players).await, vec![1000; 3], "every chip of the hand went back");
    w.assert_audit().await;
    // Nothing was asked of the deleted channel after its deletion (the table's redraw is skipped).
    tokio::time::sleep(Duration::from_millis(300)).await;
    w.fake.assert_no_violations();
}

/// A channel deleted mid-hand without the event reaching the bot: the first call refused with 10003 (a computer
/// player's move, edited into the hand message) closes the table just the same, and that call is not repeated.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_channel_deleted_mid_hand_closes_its_table_on_the_first_10003() {
    // Computer players who take a second and a half to move, as in production.
    let w = World::start_with_bot_delay(Duration::from_millis(1500)).await;
    let [asha] = w.users(["asha"]);
    w.slash(asha, "table open", json!({"boot": 10, "bots": 2, "bot_level": 1})).await;
    let table = w.table_id().await;
    let bots: Vec<u64> = w.seated(table).await.into_iter().filter(|&u| u != asha).collect();
    w.act(asha, "Start").await;
    let hand = w.wait_new_hand(&[]).await;
    let hand_id = hand_id_of(&hand);
    until("Asha's turn", || async { (to_act(&w, hand_id).await == asha).then_some(()) }).await;
    w.act_when_shown(asha, "Blind", w.actions(hand_id).await.len()).await;

    // The channel goes; the bot hears nothing of it. The next computer player moves, and the table's edit of
    // its message meets 10003 Unknown Channel.
    w.fake.delete_channel(w.channel, false);
    assert_eq!(wait_settled(&w, hand_id).await, HandStatus::Refunded, "{}", w.bot.log());
    wait_closed(&w, table).await;
    let unknown = w.fake.requests().iter().filter(|r| r.status == 404).count();
    assert_eq!(unknown, 1, "the deleted channel was asked for {unknown} times:\n{}", w.fake.requests_summary());
    // Asha's chips back to her, the computer players' stakes back to the house.
    assert_eq!(w.balance(asha).await, 1000);
    assert_eq!(w.balances(&bots).await, vec![0, 0]);
    w.assert_audit().await;
    w.fake.assert_no_violations();
}

/// A hand message deleted by a moderator, with MESSAGE_DELETE: posted again at once with the same hand, and the
/// player to act has a whole turn from then.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_deleted_hand_message_is_posted_again_on_message_delete_and_the_turn_restarts() {
    let w = World::start().await;
    let players = w.users(["asha", "bilal", "chen"]);
    let hand = w.open_and_start(&players, json!({"boot": 10, "turn_seconds": 60})).await;
    let hand_id = hand_id_of(&hand);
    let first_timer = timer_of(&hand).expect("a turn timer");
    // Part of the turn goes by before the moderator deletes the message.
    tokio::time::sleep(Duration::from_millis(2100)).await;
    let deleted_at = now_unix();
    w.fake.delete_message(id_of(&hand).parse().unwrap(), true);

    let again = w.wait_new_hand(&[id_of(&hand)]).await;
    assert_eq!(hand_id_of(&again), hand_id, "the same hand, posted again");
    let timer = timer_of(&again).expect("a turn timer");
    assert!(timer > first_timer && timer >= deleted_at + 59, "the turn was not restarted: {first_timer} then {timer}");
    // Play goes on from the new message.
    let next = to_act(&w, hand_id).await;
    w.act(next, "Blind").await;
    assert_eq!(w.hand_from_db(hand_id).await.status, HandStatus::Live);
    assert_eq!(w.table().await.message_id.map(|m| m.get().to_string()), Some(id_of(&again)));
    w.assert_audit().await;
    w.fake.assert_no_violations();
}

/// A hand message deleted without the event reaching the bot: the next edit of it meets 10008 and the message is
/// posted again, the turn restarted; the refused edit is not repeated.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_deleted_hand_message_is_posted_again_on_the_first_10008() {
    let w = World::start().await;
    let players = w.users(["asha", "bilal", "chen"]);
    let hand = w.open_and_start(&players, json!({"boot": 10, "turn_seconds": 60})).await;
    let hand_id = hand_id_of(&hand);
    w.fake.delete_message(id_of(&hand).parse().unwrap(), false);

    // A move by slash command: the table edits its message, which is gone.
    let next = to_act(&w, hand_id).await;
    let r = w.slash(next, "bet", json!({"amount": 10})).await;
    assert!(r.ephemeral, "{r:?}");
    let again = w.wait_new_hand(&[id_of(&hand)]).await;
    assert_eq!(hand_id_of(&again), hand_id);
    assert!(render_message(&again).contains("bet 10 blind"), "{}", render_message(&again));
    assert!(timer_of(&again).is_some_and(|t| t >= now_unix() + 55), "the turn was not restarted");
    let edits_of_gone = w.fake.requests().iter().filter(|r| r.status == 404 && r.path.ends_with(&id_of(&hand))).count();
    assert_eq!(edits_of_gone, 1, "the gone message was asked for once:\n{}", w.fake.requests_summary());
    w.assert_audit().await;
    w.fake.assert_no_violations();
}

/// View Channel taken away mid-hand: the next edit meets 50001, the hand is refunded, the table stops dealing
/// and its opener is told by DM which permission is missing. Given back, Start deals again.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn view_channel_taken_away_mid_hand_refunds_it_and_tells_the_opener() {
    let w = World::start().await;
    let players = w.users(["asha", "bilal", "chen"]);
    let hand = w.open_and_start(&players, json!({"boot": 10})).await;
    let hand_id = hand_id_of(&hand);
    w.fake.set_bot_permissions(w.channel, model::PERM_BOT & !model::PERM_VIEW_CHANNEL);

    // A move by slash command: the table's edit of its message is refused.
    let next = to_act(&w, hand_id).await;
    w.slash(next, "bet", json!({"amount": 10})).await;
    assert_eq!(wait_settled(&w, hand_id).await, HandStatus::Refunded, "{}", w.bot.log());
    let dm = w.wait_dm(players[0], "View Channel").await;
    assert!(dm.contains(&format!("<#{}>", w.channel)) && dm.contains("refunded"), "{dm}");
    assert_eq!(w.balances(&players).await, vec![1000; 3]);
    w.assert_audit().await;
    assert!(w.fake.invalid_requests() <= 2, "refusals were asked again: {}", w.fake.invalid_requests());

    // The permission given back, the opener presses Start: a new hand is dealt.
    w.fake.set_bot_permissions(w.channel, model::PERM_BOT);
    w.act(players[0], "Start").await;
    let next_hand = w.wait_new_hand(&[id_of(&hand)]).await;
    assert!(hand_id_of(&next_hand) > hand_id);
    w.fake.assert_no_violations();
}

/// Send Messages taken away mid-hand: the bot may still edit its own message, so the hand plays on to its end;
/// the next hand's post meets 50013, that hand is refunded, dealing stops and the opener is told.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn send_messages_taken_away_mid_hand_lets_it_finish_and_stops_the_next() {
    let w = World::start_with(FakeOptions::default(), Duration::from_millis(200)).await;
    let players = w.users(["asha", "bilal", "chen"]);
    let hand = w.open_and_start(&players, json!({"boot": 10})).await;
    let hand_id = hand_id_of(&hand);
    w.fake.set_bot_permissions(w.channel, model::PERM_BOT & !model::PERM_SEND_MESSAGES);
    // Two players pack: the hand ends, as shown on its message.
    w.act(to_act(&w, hand_id).await, "Pack").await;
    w.act(to_act(&w, hand_id).await, "Pack").await;
    assert_eq!(w.hand_from_db(hand_id).await.status, HandStatus::Finished);

    let dm = w.wait_dm(players[0], "Send Messages").await;
    assert!(dm.contains(&format!("<#{}>", w.channel)), "{dm}");
    // The next hand was dealt and refunded (its post refused), and no other is dealt.
    until("the next hand to be dealt", || async { (w.hand_count().await == 2).then_some(()) }).await;
    assert_eq!(wait_settled(&w, hand_id + 1).await, HandStatus::Refunded);
    tokio::time::sleep(Duration::from_millis(600)).await;
    assert_eq!(w.hand_count().await, 2, "the table kept dealing into a channel it may not post in");
    w.assert_audit().await;
    let posts_refused = w.fake.requests().iter().filter(|r| r.status == 403).count();
    assert_eq!(posts_refused, 1, "{}", w.fake.requests_summary());
    w.fake.assert_no_violations();
}

/// A burst that fills the channel's rate-limit bucket (hand after hand, each its own post, faster than the channel
/// allows): the bot's posts wait their turn in serenity's rate limiter, every click is still answered within
/// Discord's 3 s (the stand-in fails a late answer; a click the busy table cannot answer in time is acknowledged
/// and answered after), and the channel's posts arrive in order.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_burst_that_fills_the_channel_bucket_answers_every_click_in_time() {
    // 4 posts per 8 s in a channel (Discord does not publish its figures; these make the wait longer than the 3 s
    // a click has).
    let mut opts = FakeOptions::default();
    opts.rate_limits.channel_messages = Rate::new(4, 8_000);
    let w = World::start_with(opts, Duration::from_millis(10)).await;
    let players = w.users(["asha", "bilal", "chen"]);
    let first = w.open_and_start(&players, json!({"boot": 1})).await;
    let mut seen = vec![id_of(&first)];
    let mut hand = first;
    let mut kinds = Vec::new();
    for _ in 0..5 {
        let hand_id = hand_id_of(&hand);
        w.act(to_act(&w, hand_id).await, "Pack").await;
        // The last pack ends the hand; a click on the ended hand's message right after it ("I'm back", refused:
        // nobody sat out) waits for a table busy posting the next hand behind the channel's limit.
        let last = to_act(&w, hand_id).await;
        w.act(last, "Pack").await;
        // (A moment after it, once the next hand's deal has begun.)
        tokio::time::sleep(Duration::from_millis(200)).await;
        let ended = w.message(&id_of(&hand));
        let busy = w.fake.click(last, &ended, "I'm back").await;
        let answered = busy.response(T).await;
        kinds.push(answered.kind);
        let said = format!("{} {:?}", answered.content, answered.followups);
        assert!(said.contains("not sitting out"), "{answered:?}");
        hand = w.wait_new_hand(&seen).await;
        seen.push(id_of(&hand));
    }
    assert!(w.fake.buckets_filled() > 0, "the burst never filled a bucket:\n{}", w.fake.requests_summary());
    assert!(kinds.contains(&6), "no click waited on the busy table: {kinds:?}");
    // The hand messages in the channel, in the order Discord took them, are hands 1, 2, 3, ...
    let order: Vec<i64> =
        w.fake.channel_messages(w.channel).iter().filter(|m| is_hand_message(m)).map(hand_id_of).collect();
    assert_eq!(order, (1..=6).collect::<Vec<i64>>(), "posts out of order");
    w.assert_audit().await;
    w.fake.assert_no_violations();
}

/// A click's answer refused with 10062 (unknown interaction: it came too late) or 40060 (already acknowledged):
/// not sent again; the change is recorded, so the clicked message is brought up to date by an edit instead.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_refused_click_answer_is_not_retried_and_the_message_is_edited_instead() {
    let w = World::start().await;
    let players = w.users(["asha", "bilal", "chen"]);
    let hand = w.open_and_start(&players, json!({"boot": 10})).await;
    let hand_id = hand_id_of(&hand);
    for (status, code) in [(404, 10062), (400, 40060)] {
        let actions = w.actions(hand_id).await.len();
        let who = to_act(&w, hand_id).await;
        w.fake.fail_next_code(CALLBACK, status, code, 1);
        let msg = w.hand_message();
        let callbacks_before = w.fake.requests().iter().filter(|r| r.route == CALLBACK).count();
        let _click = w.fake.click(who, &msg, &button_label(&msg, "Blind").unwrap()).await;
        // The action is recorded, and the message shows it through an edit.
        until("the move to be recorded", || async { (w.actions(hand_id).await.len() == actions + 1).then_some(()) })
            .await;
        support::world::poll("the hand message to show the move", T, || {
            let now = w.hand_message();
            (render_message(&now) != render_message(&msg)).then_some(())
        })
        .await;
        let callbacks = w.fake.requests().iter().filter(|r| r.route == CALLBACK).count();
        assert_eq!(callbacks, callbacks_before + 1, "a refused answer ({code}) was sent again");
    }
    w.assert_audit().await;
    w.fake.assert_no_violations();
}

/// A hand's post refused as an invalid form body (400 50035, as Discord answers a message over its limits) or as an
/// empty message (400 50006): the hand is refunded (a hand nobody can see is never played by the timers alone),
/// and the one who pressed Start is told; nothing is lost, and Start deals again.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_hand_post_refused_as_an_invalid_form_body_is_refunded() {
    let w = World::start().await;
    let players = w.users(["asha", "bilal", "chen"]);
    w.open_table(&players, json!({"boot": 10})).await;
    for (hand_id, code) in [(1, 50035), (2, 50006)] {
        w.fake.fail_next_code(support::world::POST_MESSAGE, 400, code, 1);
        let r = w.click(players[0], "Start").await;
        let said = format!("{} {:?}", r.content, r.followups);
        assert!(said.contains("could not post the hand"), "{code}: {r:?}");
        assert_eq!(w.hand_from_db(hand_id).await.status, HandStatus::Refunded);
        assert_eq!(w.balances(&players).await, vec![1000; 3]);
        w.assert_audit().await;
    }
    w.act(players[0], "Start").await;
    assert_eq!(hand_id_of(&w.wait_new_hand(&[]).await), 3);
    w.fake.assert_no_violations();
}
