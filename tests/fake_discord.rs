//! Tests of the Discord stand-in (tests/support) with a tiny poise bot defined here, run in-process through
//! the real serenity 0.12.5 + poise 0.7.1 client, pointed at the stand-in exactly as the real bot is.

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use poise::serenity_prelude as serenity;
use serde_json::{json, Value};
use support::{FakeDiscord, FakeOptions};

type Error = Box<dyn std::error::Error + Send + Sync>;
type Context<'a> = poise::Context<'a, Data, Error>;

/// Errors the test bot saw from Discord (so tests can check what the bot observed).
type Seen = Arc<Mutex<Vec<String>>>;

struct Data {
    seen: Seen,
}

const T: Duration = Duration::from_secs(5);

fn lobby_row() -> serenity::CreateActionRow {
    serenity::CreateActionRow::Buttons(vec![
        serenity::CreateButton::new("lobby:join").label("Join").style(serenity::ButtonStyle::Primary),
        serenity::CreateButton::new("lobby:leave").label("Leave").style(serenity::ButtonStyle::Secondary),
    ])
}

/// Table commands
#[poise::command(slash_command, subcommands("open", "close"), subcommand_required)]
async fn table(_ctx: Context<'_>) -> Result<(), Error> {
    Ok(())
}

/// Open a table
#[poise::command(slash_command)]
async fn open(
    ctx: Context<'_>,
    #[description = "Table name"] name: String,
    #[description = "Boot amount"] stake: i64,
    #[description = "Invite only"] private: Option<bool>,
) -> Result<(), Error> {
    let private = if private == Some(true) { " (private)" } else { "" };
    ctx.say(format!("Opened table {name} with stake {stake}{private}")).await?;
    Ok(())
}

/// Close the table
#[poise::command(slash_command)]
async fn close(ctx: Context<'_>) -> Result<(), Error> {
    ctx.say("Table closed").await?;
    Ok(())
}

/// Your secret
#[poise::command(slash_command)]
async fn secret(ctx: Context<'_>) -> Result<(), Error> {
    ctx.send(poise::CreateReply::default().content("only you can see this").ephemeral(true)).await?;
    Ok(())
}

/// A lobby with buttons, as the interaction reply
#[poise::command(slash_command)]
async fn lobby(ctx: Context<'_>) -> Result<(), Error> {
    ctx.send(poise::CreateReply::default().content("Lobby: nobody yet").components(vec![lobby_row()])).await?;
    Ok(())
}

/// A lobby with buttons, as a plain channel message
#[poise::command(slash_command)]
async fn post(ctx: Context<'_>) -> Result<(), Error> {
    let msg = serenity::CreateMessage::new().content("Lobby: nobody yet").components(vec![lobby_row()]);
    match ctx.channel_id().send_message(ctx, msg).await {
        Ok(_) => ctx.say("posted").await?,
        Err(e) => {
            ctx.data().seen.lock().unwrap().push(format!("post: {e}"));
            ctx.say(format!("failed: {e}")).await?
        }
    };
    Ok(())
}

/// Deferred, then answered by follow-up, then the follow-up edited
#[poise::command(slash_command)]
async fn slow(ctx: Context<'_>) -> Result<(), Error> {
    ctx.defer_ephemeral().await?;
    tokio::time::sleep(Duration::from_millis(50)).await;
    let first = ctx.say("thinking done").await?;
    let second = ctx.say("a second follow-up").await?;
    second.edit(ctx, poise::CreateReply::default().content("second, edited")).await?;
    drop(first);
    Ok(())
}

/// Answered, then the answer edited
#[poise::command(slash_command)]
async fn count(ctx: Context<'_>) -> Result<(), Error> {
    let reply = ctx.say("1").await?;
    reply.edit(ctx, poise::CreateReply::default().content("2")).await?;
    Ok(())
}

/// Give chips to a player
#[poise::command(slash_command)]
async fn give(
    ctx: Context<'_>,
    #[description = "Who gets them"] player: serenity::User,
    #[description = "How many"] amount: i64,
) -> Result<(), Error> {
    ctx.say(format!("gave {amount} to {}", player.name)).await?;
    Ok(())
}

/// For admins
#[poise::command(slash_command, required_permissions = "MANAGE_GUILD")]
async fn admin(ctx: Context<'_>) -> Result<(), Error> {
    ctx.say("admin ok").await?;
    Ok(())
}

/// Breaks the five-rows rule
#[poise::command(slash_command)]
async fn badrows(ctx: Context<'_>) -> Result<(), Error> {
    let rows = (0..6)
        .map(|i| serenity::CreateActionRow::Buttons(vec![serenity::CreateButton::new(format!("b{i}")).label("x")]))
        .collect();
    ctx.send(poise::CreateReply::default().content("too many rows").components(rows)).await?;
    Ok(())
}

/// Breaks the custom_id length rule
#[poise::command(slash_command)]
async fn longid(ctx: Context<'_>) -> Result<(), Error> {
    let row = serenity::CreateActionRow::Buttons(vec![serenity::CreateButton::new("x".repeat(101)).label("long")]);
    ctx.send(poise::CreateReply::default().content("long id").components(vec![row])).await?;
    Ok(())
}

async fn on_event(
    framework: poise::FrameworkContext<'_, Data, Error>,
    event: &serenity::FullEvent,
) -> Result<(), Error> {
    let ctx = framework.serenity_context;
    let data = framework.user_data;
    if let serenity::FullEvent::InteractionCreate { interaction } = event {
        if let Some(click) = interaction.as_message_component() {
            if click.data.custom_id == "lobby:join" {
                let update = serenity::CreateInteractionResponseMessage::new()
                    .content(format!("Lobby: {} joined", click.user.name))
                    .components(vec![lobby_row()]);
                click.create_response(ctx, serenity::CreateInteractionResponse::UpdateMessage(update)).await?;
                let dm = async {
                    let channel = click.user.create_dm_channel(ctx).await?;
                    channel.send_message(ctx, serenity::CreateMessage::new().content("Welcome to the table")).await
                };
                if let Err(e) = dm.await {
                    data.seen.lock().unwrap().push(format!("dm: {e}"));
                }
            }
        }
    }
    Ok(())
}

/// Starts the stand-in and the test bot (in a task), and waits until the bot is ready.
async fn start_with(opts: FakeOptions) -> (FakeDiscord, Seen) {
    let fake = FakeDiscord::start(opts).await;
    let seen: Seen = Arc::default();
    let guild = serenity::GuildId::new(fake.guild_id());
    let seen2 = seen.clone();
    let framework = poise::Framework::builder()
        .options(poise::FrameworkOptions {
            commands: vec![table(), secret(), lobby(), post(), admin(), badrows(), longid(), slow(), count(), give()],
            event_handler: |framework, event| Box::pin(on_event(framework, event)),
            ..Default::default()
        })
        .setup(move |ctx, _ready, framework| {
            Box::pin(async move {
                poise::builtins::register_in_guild(ctx, &framework.options().commands, guild).await?;
                Ok(Data { seen: seen2 })
            })
        })
        .build();
    let http = http(&fake);
    let mut client = serenity::ClientBuilder::new_with_http(http, serenity::GatewayIntents::non_privileged())
        .framework(framework)
        .await
        .expect("client");
    tokio::spawn(async move {
        let _ = client.start().await;
    });
    fake.wait_ready(T).await;
    (fake, seen)
}

/// An HTTP client pointed at the stand-in, as the bot builds its own.
fn http(fake: &FakeDiscord) -> serenity::Http {
    serenity::HttpBuilder::new(fake.token()).proxy(fake.url()).ratelimiter_disabled(true).build()
}

/// The bot is connected and answers a command (after the gateway went away and came back).
async fn assert_the_bot_answers(fake: &FakeDiscord) {
    let alice = fake.add_user("alice");
    let tables = fake.add_channel("tables");
    assert_eq!(fake.slash(alice, tables, "table close", json!({})).await.response(T).await.content, "Table closed");
    fake.assert_no_violations();
}

async fn start() -> (FakeDiscord, Seen) {
    start_with(FakeOptions { heartbeat_interval: Duration::from_millis(600), ..Default::default() }).await
}

fn option_names(cmd: &Value) -> Vec<String> {
    cmd["options"].as_array().map_or(vec![], |o| o.iter().map(|o| o["name"].as_str().unwrap().to_string()).collect())
}

#[tokio::test]
async fn ready_and_command_registration_are_recorded() {
    let (fake, _) = start().await;
    let stats = fake.gateway_stats();
    assert_eq!((stats.identifies, stats.live), (1, true));
    let cmds = fake.registered_commands();
    let names: Vec<&str> = cmds.iter().map(|c| c["name"].as_str().unwrap()).collect();
    assert_eq!(names, ["table", "secret", "lobby", "post", "admin", "badrows", "longid", "slow", "count", "give"]);
    let table = &cmds[0];
    assert!(table["id"].as_str().unwrap().parse::<u64>().is_ok());
    assert_eq!(table["guild_id"], json!(fake.guild_id().to_string()));
    assert_eq!(option_names(table), ["open", "close"]);
    let open = &table["options"][0];
    assert_eq!(open["type"], 1);
    assert_eq!(option_names(open), ["name", "stake", "private"]);
    let types: Vec<&Value> = open["options"].as_array().unwrap().iter().map(|o| &o["type"]).collect();
    assert_eq!(types, [&json!(3), &json!(4), &json!(5)]);
    assert_eq!(open["options"][0]["required"], true);
    assert_eq!(open["options"][2]["required"], false);
    // poise checks required_permissions itself at run time; it does not register them with Discord
    assert_eq!(cmds[4]["name"], "admin");
    assert_eq!(cmds[4]["default_member_permissions"], Value::Null);
    let routes = fake.calls_by_route(Instant::now() - Duration::from_secs(60));
    assert_eq!(routes.get("PUT /applications/{application_id}/guilds/{guild_id}/commands"), Some(&1));
    assert_eq!(routes.get("GET /gateway"), Some(&1));
    // heartbeats are acknowledged and keep coming
    fake.wait_gateway(T, |s| s.heartbeats >= 2).await;
    assert!(fake.unknown_routes().is_empty(), "{:?}", fake.unknown_routes());
    fake.assert_no_violations();
}

#[tokio::test]
async fn slash_command_with_subcommand_and_options_is_answered() {
    let (fake, _) = start().await;
    let alice = fake.add_user("alice");
    let tables = fake.add_channel("tables");
    let h = fake.slash(alice, tables, "table open", json!({"name": "high", "stake": 50, "private": true})).await;
    let r = h.response(T).await;
    assert_eq!(r.kind, 4);
    assert_eq!(r.content, "Opened table high with stake 50 (private)");
    assert!(!r.ephemeral);
    let msgs = fake.channel_messages(tables);
    assert_eq!(msgs.len(), 1);
    assert_eq!(msgs[0]["content"], "Opened table high with stake 50 (private)");
    let r2 = fake.slash(alice, tables, "table close", json!({})).await.response(T).await;
    assert_eq!(r2.content, "Table closed");
    fake.assert_no_violations();
}

#[tokio::test]
async fn ephemeral_reply_is_seen_only_by_its_user() {
    let (fake, _) = start().await;
    let alice = fake.add_user("alice");
    let bob = fake.add_user("bob");
    let tables = fake.add_channel("tables");
    let r = fake.slash(alice, tables, "secret", json!({})).await.response(T).await;
    assert!(r.ephemeral);
    assert_eq!(r.content, "only you can see this");
    assert_eq!(fake.ephemerals(alice).len(), 1);
    assert!(fake.ephemerals(bob).is_empty());
    assert!(fake.channel_messages(tables).is_empty());
    fake.assert_no_violations();
}

#[tokio::test]
async fn permission_guard_uses_member_permissions() {
    let (fake, _) = start().await;
    let alice = fake.add_user("alice");
    let boss = fake.add_admin("boss");
    let tables = fake.add_channel("tables");
    let r = fake.slash(boss, tables, "admin", json!({})).await.response(T).await;
    assert_eq!(r.content, "admin ok");
    let r = fake.slash(alice, tables, "admin", json!({})).await.response(T).await;
    assert_ne!(r.content, "admin ok");
    assert!(r.content.contains("permission"), "{}", r.content);
    fake.assert_no_violations();
}

#[tokio::test]
async fn button_click_updates_the_message_in_place_and_sends_a_dm() {
    let (fake, seen) = start().await;
    let alice = fake.add_user("alice");
    let tables = fake.add_channel("tables");
    let r = fake.slash(alice, tables, "lobby", json!({})).await.response(T).await;
    assert_eq!(r.components.len(), 1);
    let msg = fake.last_message_with_button(tables, "Join").expect("lobby message");
    let click = fake.click(alice, &msg, "Join").await.response(T).await;
    assert_eq!(click.kind, 7);
    assert_eq!(click.content, "Lobby: alice joined");
    // the same message, edited in place
    let msgs = fake.channel_messages(tables);
    assert_eq!(msgs.len(), 1);
    assert_eq!(msgs[0]["id"], msg["id"]);
    assert_eq!(msgs[0]["content"], "Lobby: alice joined");
    assert!(msgs[0]["edited_timestamp"].is_string());
    // the DM arrives
    let dm = fake
        .wait_for_request(|r| r.route == "POST /channels/{channel_id}/messages" && r.status == 200, T)
        .await
        .expect("DM sent");
    assert!(dm.path.contains(&fake.dm_channel(alice).to_string()));
    let dms = fake.dms(alice);
    assert_eq!(dms.len(), 1);
    assert_eq!(dms[0]["content"], "Welcome to the table");
    assert!(seen.lock().unwrap().is_empty());
    fake.assert_no_violations();
}

#[tokio::test]
async fn blocked_dm_fails_with_50007_and_the_bot_sees_it() {
    let (fake, seen) = start().await;
    let alice = fake.add_user("alice");
    let tables = fake.add_channel("tables");
    fake.block_dms(alice, 50007);
    fake.slash(alice, tables, "post", json!({})).await.response(T).await;
    let msg = fake.last_message_with_button(tables, "Join").expect("posted lobby");
    let click = fake.click(alice, &msg, "lobby:join").await.response(T).await;
    assert_eq!(click.kind, 7);
    let req = fake
        .wait_for_request(|r| r.route == "POST /channels/{channel_id}/messages" && r.status == 403, T)
        .await
        .expect("a refused DM");
    assert!(req.path.contains(&fake.dm_channel(alice).to_string()));
    let deadline = Instant::now() + T;
    while seen.lock().unwrap().is_empty() && Instant::now() < deadline {
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let seen = seen.lock().unwrap().clone();
    assert_eq!(seen.len(), 1, "{seen:?}");
    assert!(seen[0].starts_with("dm:") && seen[0].contains("Cannot send messages to this user"), "{seen:?}");
    assert!(fake.dms(alice).is_empty());
    fake.assert_no_violations();
}

#[tokio::test]
async fn injected_429_and_500_reach_the_bot() {
    let (fake, seen) = start().await;
    let alice = fake.add_user("alice");
    let tables = fake.add_channel("tables");
    fake.fail_next("POST /channels/{channel_id}/messages", 429, 1);
    let r = fake.slash(alice, tables, "post", json!({})).await.response(T).await;
    assert!(r.content.starts_with("failed:"), "{}", r.content);
    fake.fail_next("POST /channels/*", 500, 1);
    let r = fake.slash(alice, tables, "post", json!({})).await.response(T).await;
    assert!(r.content.starts_with("failed:"), "{}", r.content);
    // the fault is used up: the next one works
    let r = fake.slash(alice, tables, "post", json!({})).await.response(T).await;
    assert_eq!(r.content, "posted");
    let statuses: Vec<u16> = fake
        .requests()
        .iter()
        .filter(|r| r.route == "POST /channels/{channel_id}/messages")
        .map(|r| r.status)
        .collect();
    assert_eq!(statuses, [429, 500, 200]);
    let seen = seen.lock().unwrap().clone();
    assert_eq!(seen.len(), 2, "{seen:?}");
    assert!(seen[0].contains("rate limited") || seen[0].contains("429"), "{seen:?}");
    assert!(seen[1].contains("500"), "{seen:?}");
    fake.assert_no_violations();
}

#[tokio::test]
async fn gateway_drop_is_followed_by_resume_and_commands_still_work() {
    let (fake, _) = start().await;
    let alice = fake.add_user("alice");
    let tables = fake.add_channel("tables");
    let before = fake.gateway_stats();
    fake.drop_gateway();
    // an interaction sent while the bot is away is replayed on RESUME
    let h = fake.slash(alice, tables, "table close", json!({})).await;
    let stats = fake.wait_gateway(Duration::from_secs(20), |s| s.resumes >= 1 && s.live).await;
    assert_eq!(stats.connections, before.connections + 1);
    assert_eq!(stats.identifies, 1, "resumed, not re-identified");
    assert_eq!(h.response(T).await.content, "Table closed");
    let r = fake.slash(alice, tables, "table open", json!({"name": "x", "stake": 1})).await.response(T).await;
    assert_eq!(r.content, "Opened table x with stake 1");
    fake.assert_no_violations();
}

#[tokio::test]
async fn rule_violations_are_detected() {
    let (fake, _) = start().await;
    let alice = fake.add_user("alice");
    let tables = fake.add_channel("tables");
    fake.slash(alice, tables, "badrows", json!({})).await.response(T).await;
    let v = fake.violations();
    assert!(v.iter().any(|v| v.message.contains("6 action rows (max 5)")), "{v:?}");
    fake.clear_violations();
    fake.slash(alice, tables, "longid", json!({})).await.response(T).await;
    let v = fake.violations();
    assert!(v.iter().any(|v| v.message.contains("custom_id has 101 characters (max 100)")), "{v:?}");
    let caught = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| fake.assert_no_violations()));
    assert!(caught.is_err(), "assert_no_violations must fail when there are violations");
    // assert_no_violations clears what it reported
    fake.assert_no_violations();
}

#[tokio::test]
async fn late_interaction_answer_is_a_violation() {
    let (fake, _) = start_with(FakeOptions {
        interaction_deadline: Duration::from_millis(1),
        heartbeat_interval: Duration::from_millis(600),
        ..Default::default()
    })
    .await;
    let alice = fake.add_user("alice");
    let tables = fake.add_channel("tables");
    let h = fake.slash(alice, tables, "table close", json!({})).await;
    fake.wait_for_request(|r| r.route.ends_with("/callback"), T).await.expect("callback");
    assert!(h.try_response(Duration::from_millis(100)).await.is_none(), "a late answer is refused (10062)");
    let v = fake.violations();
    assert!(v.iter().any(|v| v.message.contains("answered after")), "{v:?}");
    fake.clear_violations();
}

#[tokio::test]
async fn openapi_validation_catches_a_bad_body() {
    let (fake, _) = start().await;
    if !fake.spec_enabled() {
        assert!(!support::spec::spec_required(), "TEENPATTI_REQUIRE_SPEC=1 and no OpenAPI check");
        eprintln!("OpenAPI description absent: check skipped");
        return;
    }
    let tables = fake.add_channel("tables");
    let http = http(&fake);
    let req = serenity::http::Request::new(
        serenity::http::Route::ChannelMessages { channel_id: serenity::ChannelId::new(tables) },
        serenity::http::LightMethod::Post,
    )
    .body(Some(br#"{"content": 5, "tts": "yes"}"#.to_vec()));
    let _ = http.request(req).await;
    let v = fake.violations();
    assert!(v.iter().any(|v| v.message.contains("OpenAPI") && v.message.contains("/content")), "{v:?}");
    fake.clear_violations();
    // the same route with a good body passes
    let ok = serenity::ChannelId::new(tables).say(&http, "hello").await;
    assert!(ok.is_ok(), "{ok:?}");
    fake.assert_no_violations();
}

#[tokio::test]
async fn unknown_routes_are_recorded_and_answered_404() {
    let (fake, _) = start().await;
    let http = http(&fake);
    let err = http.get_guild(serenity::GuildId::new(fake.guild_id())).await;
    assert!(err.is_err());
    let unknown = fake.unknown_routes();
    assert_eq!(unknown.len(), 1);
    assert_eq!(unknown[0].route, format!("GET /guilds/{}", fake.guild_id()));
    assert_eq!(unknown[0].status, 404);
    fake.assert_no_violations();
}

#[test]
fn openapi_schemas_of_the_routes_serenity_uses_are_strict() {
    let spec = support::spec::SpecValidator::load(None);
    if !spec.enabled() {
        assert!(!support::spec::spec_required(), "TEENPATTI_REQUIRE_SPEC=1 and no OpenAPI check");
        eprintln!("OpenAPI description absent: check skipped");
        return;
    }
    let cases = [
        ("POST /channels/{channel_id}/messages", json!({"content": "hi"}), json!({"content": 5})),
        ("PATCH /channels/{channel_id}/messages/{message_id}", json!({"content": "hi"}), json!({"embeds": "x"})),
        (
            "POST /interactions/{interaction_id}/{interaction_token}/callback",
            json!({"type": 4, "data": {"content": "hi", "flags": 64}}),
            json!({"type": 4, "data": {"content": 5}}),
        ),
        (
            "POST /interactions/{interaction_id}/{interaction_token}/callback",
            json!({"type": 7, "data": {"content": "hi", "components": []}}),
            json!({"type": "seven"}),
        ),
        ("POST /webhooks/{webhook_id}/{webhook_token}", json!({"content": "hi", "flags": 64}), json!({"content": []})),
        (
            "PATCH /webhooks/{webhook_id}/{webhook_token}/messages/@original",
            json!({"content": "hi"}),
            json!({"components": 3}),
        ),
        ("POST /users/@me/channels", json!({"recipient_id": "123"}), json!({"recipient_id": true})),
        (
            "PUT /applications/{application_id}/guilds/{guild_id}/commands",
            json!([{"name": "x", "description": "y", "type": 1}]),
            json!([{"name": 5, "description": "y"}]),
        ),
    ];
    for (method, path) in support::rest::ROUTES {
        if support::rest::NOT_IN_SPEC.contains(&format!("{method} {path}").as_str()) {
            continue;
        }
        assert!(spec.has_operation(&format!("{method} {path}")), "{method} {path} is not in Discord's spec");
    }
    for (route, good, bad) in cases {
        assert!(spec.has_operation(route), "{route} not in the spec");
        assert_eq!(spec.validate(route, &good), Vec::<String>::new(), "{route} refuses {good}");
        assert!(!spec.validate(route, &bad).is_empty(), "{route} accepts {bad}");
    }
}

#[tokio::test]
async fn deferred_reply_follow_ups_and_edits() {
    let (fake, _) = start().await;
    let alice = fake.add_user("alice");
    let tables = fake.add_channel("tables");
    let h = fake.slash(alice, tables, "slow", json!({})).await;
    let r = h.response(T).await;
    assert_eq!(r.kind, 5);
    assert!(r.ephemeral);
    assert_eq!(r.content, "thinking done", "the first follow-up replaces the thinking message");
    fake.wait_for_request(|r| r.route == "PATCH /webhooks/{webhook_id}/{webhook_token}/messages/{message_id}", T)
        .await
        .expect("follow-up edited");
    let r = h.snapshot();
    let followups: Vec<&str> = r.followups.iter().map(|m| m["content"].as_str().unwrap()).collect();
    assert_eq!(followups, ["thinking done", "second, edited"]);
    // deferred ephemerally: the follow-ups carry no ephemeral flag, so the second one is public
    assert_eq!(fake.ephemerals(alice).len(), 1);
    assert_eq!(fake.channel_messages(tables).len(), 1);

    let h = fake.slash(alice, tables, "count", json!({})).await;
    fake.wait_for_request(|r| r.route == "PATCH /webhooks/{webhook_id}/{webhook_token}/messages/@original", T)
        .await
        .expect("original edited");
    assert_eq!(h.snapshot().content, "2");
    fake.assert_no_violations();
}

#[tokio::test]
async fn answering_twice_and_ephemeral_channel_messages_are_violations() {
    let (fake, _) = start().await;
    let alice = fake.add_user("alice");
    let tables = fake.add_channel("tables");
    let h = fake.slash(alice, tables, "table close", json!({})).await;
    h.response(T).await;
    let http = http(&fake);
    let again = json!({"type": 4, "data": {"content": "again"}});
    let err = http.create_interaction_response(serenity::InteractionId::new(h.id), &h.token, &again, vec![]).await;
    assert!(format!("{err:?}").contains("40060"), "{err:?}");
    let v = fake.violations();
    assert!(v.iter().any(|v| v.message.contains("answered more than once")), "{v:?}");
    fake.clear_violations();

    // Refused as Discord refuses it: 400, 50035, the problem under its field.
    let eph = json!({"content": "psst", "flags": 64});
    let err = http.send_message(serenity::ChannelId::new(tables), vec![], &eph).await.expect_err("refused");
    let err = format!("{err:?}");
    assert!(err.contains("50035") && err.contains("path: \"flags\""), "{err}");
    let v = fake.violations();
    assert!(v.iter().any(|v| v.message.contains("ephemeral flag")), "{v:?}");
    fake.clear_violations();
}

#[tokio::test]
async fn dm_refused_with_50278() {
    let (fake, _) = start().await;
    let bob = fake.add_user("bob");
    fake.block_dms(bob, 50278);
    let http = http(&fake);
    let user = http.get_user(serenity::UserId::new(bob)).await.expect("user");
    let dm = user.create_dm_channel(&http).await.expect("DM channel");
    let err = dm.say(&http, "hi").await.expect_err("refused");
    assert!(format!("{err:?}").contains("50278"), "{err:?}");
    fake.unblock_dms(bob);
    dm.say(&http, "hi").await.expect("delivered");
    assert_eq!(fake.dms(bob).len(), 1);
    fake.assert_no_violations();
}

#[tokio::test]
async fn unreported_violations_fail_the_test_when_the_stand_in_is_dropped() {
    let fake = FakeDiscord::start(FakeOptions::default()).await;
    let tables = fake.add_channel("tables");
    let http = http(&fake);
    let long = json!({"content": "x".repeat(2001)});
    let err = http.send_message(serenity::ChannelId::new(tables), vec![], &long).await.expect_err("refused");
    assert!(format!("{err:?}").contains("BASE_TYPE_MAX_LENGTH"), "{err:?}");
    assert!(fake.violations()[0].message.contains("content has 2001 characters"), "{:?}", fake.violations());
    let dropped = std::panic::catch_unwind(std::panic::AssertUnwindSafe(move || drop(fake)));
    assert!(dropped.is_err(), "dropping a stand-in with violations must panic");
}

/// serenity 0.12.5 answers a missed heartbeat ack by restarting the shard: a new connection and a new IDENTIFY
/// (not a RESUME).
#[tokio::test]
async fn unacknowledged_heartbeats_make_the_bot_reconnect() {
    let (fake, _) =
        start_with(FakeOptions { heartbeat_interval: Duration::from_millis(300), ..Default::default() }).await;
    fake.ack_heartbeats(false);
    fake.wait_gateway(Duration::from_secs(10), |s| s.connections >= 2).await;
    fake.ack_heartbeats(true);
    let s = fake.wait_gateway(Duration::from_secs(10), |s| s.identifies >= 2 && s.live).await;
    assert_eq!(s.resumes, 0);
    assert_the_bot_answers(&fake).await;
}

/// Slower (about 6 s): serenity waits ~5 s after INVALID_SESSION before identifying again.
#[tokio::test]
async fn invalid_session_makes_the_bot_identify_again() {
    let (fake, _) = start().await;
    fake.invalidate_session();
    let s = fake.wait_gateway(Duration::from_secs(20), |s| s.identifies >= 2 && s.live).await;
    assert_eq!(s.resumes, 0);
    assert_the_bot_answers(&fake).await;
}

#[tokio::test]
async fn user_options_are_resolved() {
    let (fake, _) = start().await;
    let alice = fake.add_user("alice");
    let bob = fake.add_user("bob");
    let tables = fake.add_channel("tables");
    let r = fake.slash(alice, tables, "give", json!({"player": bob, "amount": 5})).await.response(T).await;
    assert_eq!(r.content, "gave 5 to bob");
    fake.assert_no_violations();
}

/// `TEENPATTI_REQUIRE_SPEC=1` (CI) turns a missing description at the default path into a failure, not a skip;
/// without it the check is off; a path a test names is its own choice either way.
#[test]
fn a_required_spec_that_is_missing_fails_instead_of_skipping() {
    use support::spec::SpecValidator;
    let missing = std::path::Path::new("/nonexistent/openapi.json");
    let e = SpecValidator::try_load(missing, true).err().unwrap_or_default();
    assert!(e.contains("TEENPATTI_REQUIRE_SPEC=1") && e.contains("/nonexistent/openapi.json"), "{e}");
    assert!(SpecValidator::try_load(missing, false).is_ok_and(|s| !s.enabled()));
    if support::spec::spec_required() {
        assert!(SpecValidator::load(None).enabled(), "required, so the default description was read");
    }
}

#[tokio::test]
async fn without_the_spec_file_the_openapi_check_is_skipped() {
    let missing = std::path::PathBuf::from("/nonexistent/openapi.json");
    let fake = FakeDiscord::start(FakeOptions { spec_path: Some(missing), ..Default::default() }).await;
    assert!(!fake.spec_enabled());
    let tables = fake.add_channel("tables");
    let http = http(&fake);
    let odd = json!({"content": "hi", "tts": "yes"});
    http.send_message(serenity::ChannelId::new(tables), vec![], &odd).await.expect("sent");
    fake.assert_no_violations();
}

/// A raw HTTPS client on the stand-in's production path (`discord.com`, its test authority trusted): what the
/// stand-in answers, headers included, with no rate limiter between.
fn raw_client(fake: &FakeDiscord) -> reqwest::Client {
    let pem = std::fs::read(fake.ca_file()).expect("the test CA");
    reqwest::Client::builder()
        .use_rustls_tls()
        .resolve("discord.com", fake.tls_addr())
        .add_root_certificate(reqwest::Certificate::from_pem(&pem).expect("PEM"))
        .build()
        .expect("client")
}

/// Sends `body` with `method` to `path` (under `/api/v10`) on `base`; the status, the headers and the JSON body.
async fn raw(
    client: &reqwest::Client,
    fake: &FakeDiscord,
    base: &str,
    method: reqwest::Method,
    path: &str,
    body: Option<Value>,
) -> (u16, reqwest::header::HeaderMap, Value) {
    let mut req = client
        .request(method, format!("{base}/api/v10{path}"))
        .header("authorization", format!("Bot {}", fake.token()));
    if let Some(b) = body {
        req = req.header("content-type", "application/json").body(serde_json::to_vec(&b).unwrap());
    }
    let resp = req.send().await.expect("an answer");
    let status = resp.status().as_u16();
    let headers = resp.headers().clone();
    let bytes = resp.bytes().await.expect("a body");
    (status, headers, serde_json::from_slice(&bytes).unwrap_or(Value::Null))
}

fn header<'a>(h: &'a reqwest::header::HeaderMap, name: &str) -> &'a str {
    h.get(name).and_then(|v| v.to_str().ok()).unwrap_or("")
}

/// Rate limits as Discord answers them: headers on every answer, a 429 with its scope, `Retry-After` and a
/// `retry_after` body once a channel's bucket is spent (the request not carried out), the global limit over
/// every route, and none of it enforced on the proxy's listener (headers only).
#[tokio::test]
async fn rate_limits_answer_as_discord_does() {
    let mut opts = FakeOptions::default();
    opts.rate_limits.global = support::ratelimit::Rate::new(12, 60_000);
    let fake = FakeDiscord::start(opts).await;
    let tables = fake.add_channel("tables");
    let client = raw_client(&fake);
    let post = format!("/channels/{tables}/messages");
    let mut remaining = Vec::new();
    for i in 0..5 {
        let (status, h, _) = raw(
            &client,
            &fake,
            "https://discord.com",
            reqwest::Method::POST,
            &post,
            Some(json!({"content": format!("m{i}")})),
        )
        .await;
        assert_eq!(status, 200);
        assert_eq!(header(&h, "x-ratelimit-limit"), "5");
        assert!(!header(&h, "x-ratelimit-bucket").is_empty() && !header(&h, "x-ratelimit-reset").is_empty());
        assert!(header(&h, "x-ratelimit-reset-after").parse::<f64>().unwrap() > 0.0);
        remaining.push(header(&h, "x-ratelimit-remaining").to_string());
    }
    assert_eq!(remaining, ["4", "3", "2", "1", "0"]);
    let (status, h, body) =
        raw(&client, &fake, "https://discord.com", reqwest::Method::POST, &post, Some(json!({"content": "six"}))).await;
    assert_eq!(status, 429, "{body}");
    assert_eq!(header(&h, "x-ratelimit-scope"), "user");
    assert!(header(&h, "retry-after").parse::<u64>().unwrap() >= 1);
    assert!(body["retry_after"].as_f64().unwrap() > 0.0 && body["global"] == false, "{body}");
    assert_eq!(fake.channel_messages(tables).len(), 5, "a limited request was carried out");
    assert_eq!(fake.invalid_requests(), 1, "a 429 not scoped shared is an invalid request");

    // The proxy's listener: the same bucket is reported spent, and the request goes through.
    let plain = reqwest::Client::new();
    let (status, h, _) =
        raw(&plain, &fake, &fake.url(), reqwest::Method::POST, &post, Some(json!({"content": "proxied"}))).await;
    assert_eq!((status, header(&h, "x-ratelimit-remaining")), (200, "0"));

    // The global limit (12 a minute here) counts every route but the interaction ones.
    let mut last = (0, String::new());
    for _ in 0..8 {
        let (status, h, _) = raw(&client, &fake, "https://discord.com", reqwest::Method::GET, "/users/@me", None).await;
        last = (status, header(&h, "x-ratelimit-global").to_string());
    }
    assert_eq!(last, (429, "true".to_string()));
    fake.assert_no_violations();
}

/// A body over a limit is refused 400/50035 with the problem nested under its field, as Discord answers; an
/// empty message 50006 on a post, a follow-up and an edit; each is a violation too.
#[tokio::test]
async fn limit_breaches_and_empty_messages_are_refused_with_discords_codes() {
    let fake = FakeDiscord::start(FakeOptions::default()).await;
    let tables = fake.add_channel("tables");
    let plain = reqwest::Client::new();
    let base = fake.url();
    let post = format!("/channels/{tables}/messages");
    let long = json!({"content": "x".repeat(2001)});
    let (status, _, body) = raw(&plain, &fake, &base, reqwest::Method::POST, &post, Some(long)).await;
    assert_eq!((status, body["code"].as_u64()), (400, Some(50035)), "{body}");
    assert_eq!(body["errors"]["content"]["_errors"][0]["code"], "BASE_TYPE_MAX_LENGTH", "{body}");
    let options: Vec<Value> = (0..26).map(|i| json!({"label": format!("o{i}"), "value": format!("{i}")})).collect();
    let select = json!({"content": "pick", "components": [{"type": 1, "components": [
        {"type": 3, "custom_id": "s", "options": options, "placeholder": "p".repeat(151)}]}]});
    let (status, _, body) = raw(&plain, &fake, &base, reqwest::Method::POST, &post, Some(select)).await;
    assert_eq!(status, 400, "{body}");
    let select_errors = &body["errors"]["components"]["0"]["components"]["0"];
    assert!(
        select_errors["options"]["_errors"].is_array() && select_errors["placeholder"]["_errors"].is_array(),
        "{body}"
    );
    let (status, _, body) = raw(&plain, &fake, &base, reqwest::Method::POST, &post, Some(json!({"content": ""}))).await;
    assert_eq!((status, body["code"].as_u64()), (400, Some(50006)), "{body}");
    let (_, _, made) = raw(&plain, &fake, &base, reqwest::Method::POST, &post, Some(json!({"content": "hi"}))).await;
    let edit = format!("{post}/{}", made["id"].as_str().unwrap());
    let (status, _, body) =
        raw(&plain, &fake, &base, reqwest::Method::PATCH, &edit, Some(json!({"content": ""}))).await;
    assert_eq!((status, body["code"].as_u64()), (400, Some(50006)), "an edit that would leave nothing: {body}");
    let v = fake.violations();
    assert!(v.iter().any(|v| v.message.contains("content has 2001")), "{v:?}");
    assert!(v.iter().any(|v| v.message.contains("26 options")), "{v:?}");
    assert_eq!(v.iter().filter(|v| v.message.contains("empty message")).count(), 2, "{v:?}");
    fake.clear_violations();
}

/// A request refused for good (403, 404) made again is reported; 403s count as invalid requests; an injected
/// fault carries the code Discord gives for its status on that route.
#[tokio::test]
async fn retried_refusals_and_injected_faults_answer_as_discord_does() {
    let fake = FakeDiscord::start(FakeOptions::default()).await;
    let tables = fake.add_channel("tables");
    let plain = reqwest::Client::new();
    let base = fake.url();
    let gone = format!("/channels/{tables}/messages/1");
    for _ in 0..2 {
        let (status, _, body) =
            raw(&plain, &fake, &base, reqwest::Method::PATCH, &gone, Some(json!({"content": "x"}))).await;
        assert_eq!((status, body["code"].as_u64()), (404, Some(10008)));
    }
    let v = fake.violations();
    assert_eq!(v.len(), 1, "{v:?}");
    assert!(v[0].message.contains("retried a request Discord refused for good (404"), "{v:?}");
    fake.clear_violations();

    fake.set_bot_permissions(tables, support::model::PERM_BOT & !support::model::PERM_SEND_MESSAGES);
    let post = format!("/channels/{tables}/messages");
    let (status, _, body) =
        raw(&plain, &fake, &base, reqwest::Method::POST, &post, Some(json!({"content": "x"}))).await;
    assert_eq!((status, body["code"].as_u64()), (403, Some(50013)));
    assert_eq!(fake.invalid_requests(), 1);

    let faults = [
        ("PATCH /channels/{channel_id}/messages/{message_id}", 404, 10008),
        ("GET /channels/{channel_id}", 404, 10003),
        ("POST /channels/{channel_id}/messages", 403, 50013),
        ("POST /channels/{channel_id}/messages", 400, 50035),
        ("GET /users/@me", 500, 0),
    ];
    fake.set_bot_permissions(tables, support::model::PERM_BOT);
    for (route, status, code) in faults {
        fake.fail_next(route, status, 1);
        let (method, path) = match route {
            r if r.starts_with("PATCH") => (reqwest::Method::PATCH, format!("/channels/{tables}/messages/2")),
            r if r.starts_with("GET /channels") => (reqwest::Method::GET, format!("/channels/{tables}")),
            r if r.starts_with("POST") => (reqwest::Method::POST, post.clone()),
            _ => (reqwest::Method::GET, "/users/@me".to_string()),
        };
        let body = (method != reqwest::Method::GET).then(|| json!({"content": format!("{route} {status}")}));
        let (got, _, answer) = raw(&plain, &fake, &base, method, &path, body).await;
        assert_eq!((got, answer["code"].as_u64()), (status, Some(code)), "{route}: {answer}");
    }
    fake.fail_next_code("POST /channels/{channel_id}/messages", 403, 50001, 1);
    let (_, _, answer) =
        raw(&plain, &fake, &base, reqwest::Method::POST, &post, Some(json!({"content": "coded"}))).await;
    assert_eq!((answer["code"].as_u64(), answer["message"].as_str()), (Some(50001), Some("Missing Access")));
    fake.assert_no_violations();
}
