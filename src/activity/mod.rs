//! The table as a Discord Activity (docs/activity.md): another presenter of the same tables beside
//! `src/discord/`, served on the web pages' listener (`WEB_ADDR`) under `/activity/`, which the developer
//! portal's URL mapping sends Discord's proxy to. Only while `DISCORD_CLIENT_SECRET` and `PUBLIC_URL` are set.
//!
//! - `POST /activity/api/token`: the code the client's `authorize` got, exchanged at Discord's `/oauth2/token`
//!   with the client secret; the access token goes back to the client (for the SDK's `authenticate`) and is kept
//!   nowhere (`rest.rs`).
//! - `GET /activity/api/ws`: one WebSocket session a window (`session.rs`): authenticated by that token (who:
//!   `GET /users/@me`), bound to the channel and the users Discord reports for the instance
//!   (`activity-instances`), never to what the client claims; it follows the channel's table through the table
//!   service and acts through it as a button click does. Its frames: `frame.rs`.

mod frame;
mod rest;
mod session;

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::{Duration, Instant};

use axum::extract::{DefaultBodyLimit, State, WebSocketUpgrade};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde_json::json;

use crate::config::{Config, Shards};
use crate::i18n::Lang;
use crate::ids::UserId;
use crate::table::TableService;

/// The most sessions one player may have open (a window each), and the most in all.
const SESSIONS_PER_PLAYER: usize = 4;
const SESSIONS: usize = 10_000;
/// Code exchanges this process makes at Discord at most: a burst, then a rate a second (a crowd launching at once
/// waits its turn rather than spending the bot's standing with Discord's rate limits).
const EXCHANGE_BURST: f64 = 20.0;
const EXCHANGE_RATE: f64 = 5.0;

/// Whether the Activity is offered (its button drawn, its Entry Point registered): set once at start.
static OFFERED: AtomicBool = AtomicBool::new(false);
/// The running Activity, for [`end_sessions`].
static RUNNING: OnceLock<Arc<Activity>> = OnceLock::new();

/// Whether this process offers the Activity (`DISCORD_CLIENT_SECRET` and `PUBLIC_URL` set).
pub fn offered() -> bool {
    OFFERED.load(Ordering::Relaxed)
}

/// The application's id, as the first READY says it (the code exchange and the instances name it).
pub fn set_application(id: u64) {
    if let Some(a) = RUNNING.get() {
        let _ = a.application.set(id);
    }
}

/// Ends every session of `user` (their data was deleted: `/privacy delete`). Nothing of a session is kept
/// anywhere else: this is all there is to delete of it.
pub fn end_sessions(user: UserId) {
    if let Some(a) = RUNNING.get() {
        let ended: Vec<_> = a.lock_sessions().values().filter(|(u, _)| *u == user).map(|(_, n)| n.clone()).collect();
        for end in ended {
            end.notify_one();
        }
    }
}

/// What every session and the token exchange share.
pub struct Activity {
    rest: rest::Rest,
    /// The application's id, from the first READY (its client id: the exchange and the instances name it).
    application: OnceLock<u64>,
    /// The table service, once the bot is connected (sessions wait for it: "starting").
    tables: Arc<OnceLock<TableService>>,
    /// The shards this process runs: a session of another's server is refused (its tables are not here).
    shards: Shards,
    /// Open sessions: each one's player and the bell that ends it.
    sessions: Mutex<HashMap<u64, (UserId, Arc<tokio::sync::Notify>)>>,
    next_session: std::sync::atomic::AtomicU64,
    /// The code exchanges' bucket: (tokens, when last filled).
    exchanges: Mutex<(f64, Instant)>,
}

impl Activity {
    /// The Activity of `config`, if it offers one; `tables` is filled once the bot is connected.
    pub fn new(config: &Config, tables: Arc<OnceLock<TableService>>) -> Result<Option<Arc<Activity>>, String> {
        let Some(secret) = config.client_secret.clone().filter(|_| config.activity()) else { return Ok(None) };
        let client = match config.test_client()? {
            Some(c) => c,
            None => reqwest::Client::builder().use_rustls_tls().build().map_err(|e| format!("an HTTP client: {e}"))?,
        };
        let rest = rest::Rest::new(client, config.api_base(), config.token.clone(), secret);
        let activity = Arc::new(Activity {
            rest,
            application: OnceLock::new(),
            tables,
            shards: config.shards,
            sessions: Mutex::default(),
            next_session: Default::default(),
            exchanges: Mutex::new((EXCHANGE_BURST, Instant::now())),
        });
        OFFERED.store(true, Ordering::Relaxed);
        let _ = RUNNING.set(activity.clone());
        Ok(Some(activity))
    }

    fn lock_sessions(&self) -> std::sync::MutexGuard<'_, HashMap<u64, (UserId, Arc<tokio::sync::Notify>)>> {
        self.sessions.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Registers a session of `user`: its id and the bell that ends it; None past the limits.
    fn open_session(&self, user: UserId) -> Option<(u64, Arc<tokio::sync::Notify>)> {
        let mut sessions = self.lock_sessions();
        let theirs = sessions.values().filter(|(u, _)| *u == user).count();
        if theirs >= SESSIONS_PER_PLAYER || sessions.len() >= SESSIONS {
            return None;
        }
        let id = self.next_session.fetch_add(1, Ordering::Relaxed);
        let bell = Arc::new(tokio::sync::Notify::new());
        sessions.insert(id, (user, bell.clone()));
        Some((id, bell))
    }

    fn close_session(&self, id: u64) {
        self.lock_sessions().remove(&id);
    }

    /// Takes one code exchange from the bucket, if there is one.
    fn may_exchange(&self) -> bool {
        let mut bucket = self.exchanges.lock().unwrap_or_else(|p| p.into_inner());
        let now = Instant::now();
        let (tokens, at) = *bucket;
        let tokens = (tokens + now.duration_since(at).as_secs_f64() * EXCHANGE_RATE).min(EXCHANGE_BURST);
        *bucket = if tokens >= 1.0 { (tokens - 1.0, now) } else { (tokens, now) };
        tokens >= 1.0
    }
}

/// The Activity's routes, merged into the web pages' (the same listener, rate limit and headers).
pub fn router<S: Clone + Send + Sync + 'static>(activity: Arc<Activity>) -> Router<S> {
    Router::new()
        .route("/activity/api/token", post(token).layer(DefaultBodyLimit::max(4096)))
        .route("/activity/api/ws", get(socket))
        .with_state(activity)
}

/// A refusal of the token route: its status and a short sentence in the player's language.
fn token_refusal(status: StatusCode, lang: Lang, id: &str) -> Response {
    (status, Json(json!({"error": crate::i18n::text(lang, id, None)}))).into_response()
}

/// `POST /activity/api/token` with `{"code": "…"}` (and the player's `lang`, optional): `{"access_token": "…"}`.
async fn token(State(a): State<Arc<Activity>>, body: axum::body::Bytes) -> Response {
    #[derive(serde::Deserialize)]
    struct Asked {
        code: String,
        #[serde(default)]
        lang: Option<String>,
    }
    let asked: Option<Asked> = serde_json::from_slice(&body).ok();
    let lang = asked.as_ref().and_then(|a| a.lang.as_deref()).and_then(Lang::parse).unwrap_or_default();
    let Some(asked) = asked.filter(|a| rest::valid_token(&a.code)) else {
        return token_refusal(StatusCode::BAD_REQUEST, lang, "activity-malformed");
    };
    let Some(&application) = a.application.get() else {
        return token_refusal(StatusCode::SERVICE_UNAVAILABLE, lang, "activity-unavailable");
    };
    if !a.may_exchange() {
        let mut r = token_refusal(StatusCode::TOO_MANY_REQUESTS, lang, "activity-unavailable");
        r.headers_mut().insert(axum::http::header::RETRY_AFTER, axum::http::HeaderValue::from_static("1"));
        return r;
    }
    match a.rest.exchange(application, &asked.code).await {
        Ok(token) => {
            let mut r = Json(json!({"access_token": token})).into_response();
            r.headers_mut()
                .insert(axum::http::header::CACHE_CONTROL, axum::http::HeaderValue::from_static("private, no-store"));
            r
        }
        Err(rest::Failure::Refused) => token_refusal(StatusCode::UNAUTHORIZED, lang, "activity-signed-out"),
        Err(rest::Failure::Limited) => token_refusal(StatusCode::TOO_MANY_REQUESTS, lang, "activity-unavailable"),
        Err(rest::Failure::Unavailable(why)) => {
            tracing::warn!(%why, "the Activity's code exchange failed");
            token_refusal(StatusCode::BAD_GATEWAY, lang, "activity-unavailable")
        }
    }
}

/// `GET /activity/api/ws`: a session (frames of at most [`session::MAX_FRAME`] bytes are read; a longer one
/// closes it with 1009).
async fn socket(State(a): State<Arc<Activity>>, upgrade: WebSocketUpgrade) -> Response {
    upgrade
        .max_message_size(session::READ_LIMIT)
        .max_frame_size(session::READ_LIMIT)
        .on_upgrade(move |socket| session::run(a, socket))
}

/// How long a session waits for the table service at start (the bot connecting to Discord).
const STARTING: Duration = Duration::from_secs(30);
