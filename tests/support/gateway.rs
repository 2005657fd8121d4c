//! The gateway websocket: HELLO, IDENTIFY -> READY, heartbeats and their acks, RESUME (replaying missed
//! dispatches, then RESUMED), dispatches asked for by the test, and dropping the connection on demand.
#![allow(dead_code)]

use std::sync::Arc;

use axum::extract::ws::{CloseFrame, Message, WebSocket, WebSocketUpgrade};
use axum::extract::State as AxState;
use axum::response::Response;
use serde_json::{json, Value};
use tokio::sync::mpsc;

use super::model::check_with_serenity;
use super::Inner;

pub enum GwCmd {
    /// A dispatch already recorded in the session log: (seq, event name, data).
    Dispatch(u64, String, Value),
    /// Close the websocket with this close code (4000 = unknown error, resumable).
    Close(u16),
}

pub async fn ws_handler(ws: WebSocketUpgrade, AxState(inner): AxState<Arc<Inner>>) -> Response {
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

async fn send(socket: &mut WebSocket, v: &Value) -> bool {
    socket.send(Message::Text(v.to_string())).await.is_ok()
}

async fn run(inner: Arc<Inner>, mut socket: WebSocket) {
    let (tx, mut rx) = mpsc::unbounded_channel::<GwCmd>();
    let conn = {
        let mut st = inner.state.lock().unwrap();
        st.connections += 1;
        st.live = false;
        st.connections
    };
    *inner.gateway.lock().unwrap() = Some((conn, tx));
    inner.notify.notify_waiters();
    let hello = payload(10, json!({"heartbeat_interval": inner.opts.heartbeat_interval.as_millis() as u64}));
    if !send(&mut socket, &hello).await {
        return;
    }
    loop {
        tokio::select! {
            msg = socket.recv() => {
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
                if !handle_op(&inner, &mut socket, conn, &v).await {
                    break;
                }
            }
            cmd = rx.recv() => match cmd {
                Some(GwCmd::Dispatch(seq, t, d)) => {
                    if !send(&mut socket, &dispatch_payload(seq, &t, &d)).await { break; }
                }
                Some(GwCmd::Close(code)) => {
                    let _ = socket.send(Message::Close(Some(CloseFrame { code, reason: "fake-discord drop".into() }))).await;
                    break;
                }
                None => break,
            },
        }
    }
    // lock order: state before gateway (as in FakeDiscord::dispatch)
    {
        let mut st = inner.state.lock().unwrap();
        let mut g = inner.gateway.lock().unwrap();
        if g.as_ref().is_some_and(|(c, _)| *c == conn) {
            *g = None;
            st.live = false;
        }
    }
    inner.notify.notify_waiters();
}

/// Handles one payload from the bot; false ends the connection.
async fn handle_op(inner: &Arc<Inner>, socket: &mut WebSocket, conn: u32, v: &Value) -> bool {
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
            let _ = socket
                .send(Message::Close(Some(CloseFrame { code: 4004, reason: "Authentication failed.".into() })))
                .await;
            false
        }
        2 => {
            let token = v["d"]["token"].as_str().unwrap_or("");
            if token.trim_start_matches("Bot ") != inner.token {
                let _ = socket
                    .send(Message::Close(Some(CloseFrame { code: 4004, reason: "Authentication failed.".into() })))
                    .await;
                return false;
            }
            let (seq, ready) = {
                let mut st = inner.state.lock().unwrap();
                st.identifies += 1;
                let session = format!("fake-session-{}", st.identifies);
                st.session_id = Some(session.clone());
                st.gateway_log.clear();
                st.seq = 1;
                let shard = v["d"].get("shard").cloned().unwrap_or(json!([0, 1]));
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
                    "guilds": [{"id": st.guild_id.to_string(), "unavailable": true}],
                    "session_id": session,
                    "resume_gateway_url": inner.ws_url(),
                    "shard": shard,
                    "application": {"id": st.app_id.to_string(), "flags": 0},
                });
                if let Err(e) = check_dispatch(1, "READY", &ready) {
                    st.violation("gateway READY (stand-in fixture)", e);
                }
                st.gateway_log.push((1, "READY".into(), ready.clone()));
                st.live = true;
                (1, ready)
            };
            inner.notify.notify_waiters();
            send(socket, &dispatch_payload(seq, "READY", &ready)).await
        }
        6 => {
            let session = v["d"]["session_id"].as_str().unwrap_or("").to_string();
            let last = v["d"]["seq"].as_u64().unwrap_or(0);
            let replay = {
                let mut st = inner.state.lock().unwrap();
                if st.session_id.as_deref() == Some(session.as_str()) {
                    st.resumes += 1;
                    st.live = true;
                    st.seq += 1;
                    let resumed_seq = st.seq;
                    let mut out: Vec<(u64, String, Value)> =
                        st.gateway_log.iter().filter(|(s, _, _)| *s > last).cloned().collect();
                    out.push((resumed_seq, "RESUMED".into(), json!({"_trace": ["fake-discord"]})));
                    Some(out)
                } else {
                    None
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
            let _ = conn;
            inner.state.lock().unwrap().violation("gateway", format!("unexpected opcode {op}: {v}"));
            true
        }
    }
}
