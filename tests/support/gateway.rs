//! The gateway websocket: HELLO, IDENTIFY -> READY, heartbeats and their acks, RESUME (replaying missed
//! dispatches, then RESUMED), dispatches asked for by the test, and dropping the connection on demand.
//!
//! Sharded as Discord is: each IDENTIFY names its shard (`[id, count]`, `count` = the stand-in's shard count,
//! else closed with 4011 or 4010), each shard has its own session, and a guild's events go to shard
//! `(guild_id >> 22) % count` only, guild-less ones (DMs) to shard 0 only. Stricter than Discord: a shard that
//! a live connection already runs is refused (4010), since two processes on one shard is a deployment error.
//! With `FakeOptions::silence_timeout`, a connection the bot sends nothing on (a frozen process: no heartbeat)
//! is closed with 4009 (Session timed out) and its shard is free for another process, as on Discord.

use std::sync::Arc;
use std::time::Duration;

use axum::extract::ws::{CloseFrame, Message, WebSocket, WebSocketUpgrade};
use axum::extract::State as AxState;
use axum::response::{IntoResponse, Response};
use serde_json::{json, Value};
use tokio::sync::mpsc;

use super::model::{check_with_serenity, Delivery, Session, State};
use super::shard_of;
use super::Inner;

pub enum GwCmd {
    /// A dispatch already recorded in the session log: (seq, event name, data).
    Dispatch(u64, String, Value),
    /// Close the websocket with this close code (4000 = unknown error, resumable).
    Close(u16),
}

pub async fn ws_handler(ws: WebSocketUpgrade, AxState(inner): AxState<Arc<Inner>>) -> Response {
    if inner.state.lock().unwrap().gateway_down {
        // An outage as Discord's edge answers one: the upgrade refused with 503.
        return axum::http::StatusCode::SERVICE_UNAVAILABLE.into_response();
    }
    ws.on_upgrade(move |socket| run(inner, socket))
}

fn payload(op: u8, d: Value) -> Value {
    json!({"op": op, "d": d, "s": null, "t": null})
}

pub fn dispatch_payload(seq: u64, t: &str, d: &Value) -> Value {
    json!({"op": 0, "s": seq, "t": t, "d": d})
}

/// Fails loudly if serenity would not understand this dispatch (it would otherwise drop it as `Event::Unknown`).
pub fn check_dispatch(seq: u64, t: &str, d: &Value) -> Result<(), String> {
    use serenity::model::event::{Event, GatewayEvent};
    // A guild that does not read is an unknown event below: its own error says which field.
    if t == "GUILD_CREATE" {
        check_with_serenity::<serenity::model::guild::Guild>(d)?;
    }
    let p = dispatch_payload(seq, t, d);
    match serde_json::from_value::<GatewayEvent>(p) {
        Ok(GatewayEvent::Dispatch(_, Event::Unknown(u))) => {
            Err(format!("serenity reads {t} as an unknown event: {u:?}"))
        }
        Ok(_) => Ok(()),
        Err(e) => Err(format!("serenity cannot read the {t} dispatch: {e}\n{d:#}")),
    }?;
    match t {
        "READY" => check_with_serenity::<serenity::model::gateway::Ready>(d),
        "INTERACTION_CREATE" => check_with_serenity::<serenity::model::application::Interaction>(d),
        _ => Ok(()),
    }
}

/// The shard a dispatch goes to: its guild's, or shard 0 for an event without a guild (a DM).
pub fn shard_of_event(d: &Value, count: u32) -> u32 {
    let guild = d.get("guild_id").and_then(Value::as_str).and_then(|g| g.parse::<u64>().ok());
    guild.map_or(0, |g| shard_of(g, count))
}

/// How long an IDENTIFY for a shard that another connection runs waits for that connection to end (serenity
/// closes a shard's old connection just before it restarts the shard) before it is refused.
const DUPLICATE_GRACE: Duration = Duration::from_secs(1);

async fn send(socket: &mut WebSocket, v: &Value) -> bool {
    socket.send(Message::Text(v.to_string())).await.is_ok()
}

async fn close(socket: &mut WebSocket, code: u16, reason: &str) {
    let _ = socket.send(Message::Close(Some(CloseFrame { code, reason: reason.to_string().into() }))).await;
}

/// One websocket connection: `shard` is the shard it runs once it has identified or resumed.
struct Conn {
    id: u32,
    tx: mpsc::UnboundedSender<GwCmd>,
    shard: Option<u32>,
}

async fn run(inner: Arc<Inner>, mut socket: WebSocket) {
    let (tx, mut rx) = mpsc::unbounded_channel::<GwCmd>();
    let id = {
        let mut st = inner.state.lock().unwrap();
        st.connections += 1;
        st.connections
    };
    let mut conn = Conn { id, tx, shard: None };
    inner.notify.notify_waiters();
    let hello = payload(10, json!({"heartbeat_interval": inner.opts.heartbeat_interval.as_millis() as u64}));
    if !send(&mut socket, &hello).await {
        return;
    }
    let mut heard = tokio::time::Instant::now();
    let silence = inner.opts.silence_timeout;
    loop {
        let timed_out = async {
            match silence {
                Some(limit) => tokio::time::sleep_until(heard + limit).await,
                None => std::future::pending().await,
            }
        };
        tokio::select! {
            () = timed_out => {
                close(&mut socket, 4009, "Session timed out").await;
                break;
            }
            msg = socket.recv() => {
                heard = tokio::time::Instant::now();
                let text = match msg {
                    Some(Ok(Message::Text(t))) => t,
                    Some(Ok(Message::Binary(b))) => String::from_utf8_lossy(&b).into_owned(),
                    Some(Ok(Message::Close(_))) | None | Some(Err(_)) => break,
                    Some(Ok(_)) => continue,
                };
                let Ok(v) = serde_json::from_str::<Value>(&text) else {
                    inner.state.lock().unwrap().violation("gateway", format!("not JSON: {text}"));
                    continue;
                };
                if !handle_op(&inner, &mut socket, &mut conn, &v).await {
                    break;
                }
            }
            cmd = rx.recv() => match cmd {
                Some(GwCmd::Dispatch(seq, t, d)) => {
                    if !send(&mut socket, &dispatch_payload(seq, &t, &d)).await { break; }
                }
                Some(GwCmd::Close(code)) => {
                    close(&mut socket, code, "fake-discord drop").await;
                    break;
                }
                None => break,
            },
        }
    }
    // lock order: state before gateway (as in FakeDiscord::dispatch)
    if let Some(shard) = conn.shard {
        let mut st = inner.state.lock().unwrap();
        let mut g = inner.gateway.lock().unwrap();
        if g.get(&shard).is_some_and(|(c, _)| *c == conn.id) {
            g.remove(&shard);
            if let Some(s) = st.sessions.get_mut(&shard) {
                s.live = false;
            }
        }
    }
    inner.notify.notify_waiters();
}

/// Is `shard` run by a connection other than `conn`? (Call with the state locked: gateway after state.)
fn held_by_other(inner: &Inner, shard: u32, conn: u32) -> bool {
    inner.gateway.lock().unwrap().get(&shard).is_some_and(|(c, _)| *c != conn)
}

/// Registers `conn` as shard `id`'s connection with a new session, and builds its READY (the guilds of that shard).
fn identify(inner: &Inner, st: &mut State, conn: &mut Conn, id: u32, count: u32) -> (u64, Value) {
    inner.gateway.lock().unwrap().insert(id, (conn.id, conn.tx.clone()));
    conn.shard = Some(id);
    st.identifies += 1;
    let session = format!("fake-session-{}", st.identifies);
    let guilds: Vec<Value> = st
        .guilds
        .iter()
        .filter(|&&g| shard_of(g, count) == id)
        .map(|g| json!({"id": g.to_string(), "unavailable": true}))
        .collect();
    let ready = json!({
        "v": 10,
        "user": {
            "id": st.app_id.to_string(),
            "username": "teenpatti",
            "discriminator": "0",
            "global_name": null,
            "avatar": null,
            "bot": true,
            "verified": true,
            "mfa_enabled": false,
            "flags": 0,
        },
        "guilds": guilds,
        "session_id": session,
        "resume_gateway_url": inner.ws_url(),
        "shard": [id, count],
        "application": {"id": st.app_id.to_string(), "flags": 0},
    });
    if let Err(e) = check_dispatch(1, "READY", &ready) {
        st.violation("gateway READY (stand-in fixture)", e);
    }
    st.sessions.insert(
        id,
        Session { session_id: Some(session), seq: 1, log: vec![(1, "READY".into(), ready.clone())], live: true },
    );
    st.deliveries.push(Delivery { shard: id, event: "READY".into(), interaction: None });
    (1, ready)
}

/// Why an IDENTIFY's `shard: [id, count]` is refused: Discord's close code and reason.
fn refuse_shard(id: u32, count: u32, expected: u32) -> Option<(u16, String)> {
    if count < expected {
        Some((4011, format!("Sharding required: {count} shard(s) identified, this bot needs {expected}")))
    } else if count != expected || id >= count {
        Some((4010, format!("Invalid shard: [{id}, {count}], this bot has {expected} shard(s)")))
    } else {
        None
    }
}

/// Handles one payload from the bot; false ends the connection.
async fn handle_op(inner: &Arc<Inner>, socket: &mut WebSocket, conn: &mut Conn, v: &Value) -> bool {
    let op = v.get("op").and_then(Value::as_u64).unwrap_or(u64::MAX);
    match op {
        1 => {
            let ack = {
                let mut st = inner.state.lock().unwrap();
                st.heartbeats += 1;
                st.ack_heartbeats
            };
            inner.notify.notify_waiters();
            !ack || send(socket, &payload(11, Value::Null)).await
        }
        2 | 6 if inner.state.lock().unwrap().token_revoked => {
            close(socket, 4004, "Authentication failed.").await;
            false
        }
        2 => {
            let token = v["d"]["token"].as_str().unwrap_or("");
            if token.trim_start_matches("Bot ") != inner.token {
                close(socket, 4004, "Authentication failed.").await;
                return false;
            }
            let pair = v["d"].get("shard").cloned().unwrap_or(json!([0, 1]));
            let number = |i: usize| pair.get(i).and_then(Value::as_u64).and_then(|n| u32::try_from(n).ok());
            let (id, count) = (number(0).unwrap_or(u32::MAX), number(1).unwrap_or(0));
            let expected = inner.state.lock().unwrap().shard_count;
            if let Some((code, reason)) = refuse_shard(id, count, expected) {
                inner.state.lock().unwrap().violation("gateway IDENTIFY", format!("closed with {code}: {reason}"));
                close(socket, code, &reason).await;
                return false;
            }
            // A restarted shard's old connection may still be closing: give it a moment.
            let me = conn.id;
            let _ = inner.wait_for(DUPLICATE_GRACE, |_| (!held_by_other(inner, id, me)).then_some(())).await;
            let identified = {
                let mut st = inner.state.lock().unwrap();
                if held_by_other(inner, id, conn.id) {
                    let reason = format!("Invalid shard: shard {id} of {count} already runs on another connection");
                    st.violation("gateway IDENTIFY", format!("closed with 4010: {reason}"));
                    Err(reason)
                } else {
                    Ok(identify(inner, &mut st, conn, id, count))
                }
            };
            let (seq, ready) = match identified {
                Ok(ready) => ready,
                Err(reason) => {
                    close(socket, 4010, &reason).await;
                    return false;
                }
            };
            inner.notify.notify_waiters();
            send(socket, &dispatch_payload(seq, "READY", &ready)).await
        }
        6 => {
            let session = v["d"]["session_id"].as_str().unwrap_or("").to_string();
            let last = v["d"]["seq"].as_u64().unwrap_or(0);
            let replay = {
                let mut st = inner.state.lock().unwrap();
                let shard = st.sessions.iter().find(|(_, s)| s.session_id.as_deref() == Some(session.as_str()));
                match shard.map(|(&id, _)| id) {
                    Some(id) => {
                        st.resumes += 1;
                        inner.gateway.lock().unwrap().insert(id, (conn.id, conn.tx.clone()));
                        conn.shard = Some(id);
                        let s = st.sessions.entry(id).or_default();
                        s.live = true;
                        s.seq += 1;
                        let mut out: Vec<(u64, String, Value)> =
                            s.log.iter().filter(|(n, _, _)| *n > last).cloned().collect();
                        out.push((s.seq, "RESUMED".into(), json!({"_trace": ["fake-discord"]})));
                        Some(out)
                    }
                    None => None,
                }
            };
            inner.notify.notify_waiters();
            match replay {
                Some(events) => {
                    for (s, t, d) in events {
                        if !send(socket, &dispatch_payload(s, &t, &d)).await {
                            return false;
                        }
                    }
                    true
                }
                None => send(socket, &payload(9, json!(false))).await,
            }
        }
        3 | 4 | 8 => true, // presence / voice / request guild members: accepted, ignored
        _ => {
            inner.state.lock().unwrap().violation("gateway", format!("unexpected opcode {op}: {v}"));
            true
        }
    }
}
