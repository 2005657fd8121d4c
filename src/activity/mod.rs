//! The table as a Discord Activity (docs/activity.md): another presenter of the same tables beside
//! `src/discord/`, served on the web pages' listener (`WEB_ADDR`) under `/activity/`, which the developer
//! portal's URL mapping sends Discord's proxy to. Only while `DISCORD_CLIENT_SECRET` and `PUBLIC_URL` are set.
//!
//! - `POST /activity/api/token`: the code the client's `authorize` got, exchanged at Discord's `/oauth2/token`
//!   with the client secret; the access token goes back to the client (for the SDK's `authenticate`) and is kept
//!   nowhere (`rest.rs`).
//! - `/activity/` (`page.rs`): the page Discord runs, built from `activity-client/`.
//! - `GET /activity/api/ws`: one WebSocket session a window (`session.rs`): authenticated by that token (who:
//!   `GET /users/@me`), bound to the channel and the users Discord reports for the instance
//!   (`activity-instances`), never to what the client claims; it follows the channel's table through the table
//!   service and acts through it as a button click does. Its frames: `frame.rs`.

mod frame;
mod page;
mod rest;
mod session;

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicU16, AtomicUsize, Ordering};
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

/// The most sessions one player may have open (a window each: a fifth ends their oldest), and the most in all.
const SESSIONS_PER_PLAYER: usize = 4;
const SESSIONS: usize = 10_000;
/// Connections that have not signed in yet, at most (each waits at most `session::HELLO`); past it, refused at once.
const PENDING: usize = 256;
/// Calls to Discord on a player's behalf, at most: code exchanges, and sign-ins (`/users/@me`): a burst, then a
/// rate a second each. A forged token costs a 401, which Discord counts against the bot's address (10,000 in 10
/// minutes ban it): 5 a second keeps far below, whoever sends them.
const CALL_BURST: f64 = 20.0;
const CALL_RATE: f64 = 5.0;
/// How long who holds an access token is remembered (a reconnect after a restart asks Discord again only after
/// it), and how long a token Discord refused is refused without asking. Bounded: cleared whole when full.
const SIGNED_IN_FOR: Duration = Duration::from_secs(600);
const REFUSED_FOR: Duration = Duration::from_secs(60);
const TOKENS_KEPT: usize = 4096;

/// Close codes a session ends with besides its own: the process stopping (1012, "service restart": reconnect),
/// another window of the player's taking its place, the player's data deleted.
pub(crate) const CLOSE_RESTART: u16 = 1012;
pub(crate) const CLOSE_REPLACED: u16 = 4000;
pub(crate) const CLOSE_DELETED: u16 = 4001;

/// Whether the Activity is offered (its button drawn, its Entry Point registered): set once at start.
static OFFERED: AtomicBool = AtomicBool::new(false);
/// The running Activity, for [`end_sessions`] and [`end_all`].
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

/// Ends every session of `user` (their data was deleted: `/privacy delete`), and forgets who their tokens were.
/// Nothing of a session is kept anywhere else: this is all there is to delete of it.
pub fn end_sessions(user: UserId) {
    if let Some(a) = RUNNING.get() {
        for bell in a.lock_sessions().values().filter(|(u, _)| *u == user).map(|(_, b)| b) {
            bell.ring(CLOSE_DELETED);
        }
        a.lock_tokens().retain(|_, (_, who)| who.as_ref().is_none_or(|(u, _)| *u != user));
    }
}

/// Ends every session (the process is stopping, before its tables stop): each client is told to reconnect
/// (1012), and no session starts from now on.
pub fn end_all() {
    if let Some(a) = RUNNING.get() {
        a.stopping.store(true, Ordering::Relaxed);
        for (_, bell) in a.lock_sessions().values() {
            bell.ring(CLOSE_RESTART);
        }
    }
}

/// What ends a session from outside, and with which close code.
#[derive(Default)]
pub(crate) struct Bell {
    notify: tokio::sync::Notify,
    code: AtomicU16,
}

impl Bell {
    fn ring(&self, code: u16) {
        self.code.store(code, Ordering::Relaxed);
        self.notify.notify_one();
    }

    /// Waits for the bell; the close code it rang with.
    pub(crate) async fn rung(&self) -> u16 {
        self.notify.notified().await;
        self.code.load(Ordering::Relaxed)
    }
}

/// A token bucket: a burst, then a rate a second.
struct Bucket {
    tokens: f64,
    at: Instant,
}

impl Bucket {
    fn full() -> Bucket {
        Bucket { tokens: CALL_BURST, at: Instant::now() }
    }

    fn take(&mut self) -> bool {
        let now = Instant::now();
        self.tokens = (self.tokens + now.duration_since(self.at).as_secs_f64() * CALL_RATE).min(CALL_BURST);
        self.at = now;
        let took = self.tokens >= 1.0;
        if took {
            self.tokens -= 1.0;
        }
        took
    }
}

/// Open sessions by id: each one's player and bell.
type Sessions = HashMap<u64, (UserId, Arc<Bell>)>;
/// Who each access token (by its SHA-256) was (their id and shown name), and until when that is believed; `None`:
/// refused by Discord.
type Tokens = HashMap<[u8; 32], (Instant, Option<(UserId, String)>)>;

/// What every session and the token exchange share.
pub struct Activity {
    rest: rest::Rest,
    /// The application's id, from the first READY (its client id: the exchange and the instances name it).
    application: OnceLock<u64>,
    /// The table service, once the bot is connected (sessions wait for it: "starting").
    tables: Arc<OnceLock<TableService>>,
    /// The shards this process runs: a session of another's server is refused (its tables are not here).
    shards: Shards,
    sessions: Mutex<Sessions>,
    next_session: std::sync::atomic::AtomicU64,
    /// Connections not signed in yet.
    pending: AtomicUsize,
    exchanges: Mutex<Bucket>,
    sign_ins: Mutex<Bucket>,
    tokens: Mutex<Tokens>,
    /// The process is stopping: no session starts.
    stopping: AtomicBool,
}

/// A connection counted as not signed in yet, until dropped.
pub(crate) struct Pending(Arc<Activity>);

impl Drop for Pending {
    fn drop(&mut self) {
        self.0.pending.fetch_sub(1, Ordering::Relaxed);
    }
}

/// A session's place in the registry, given back when dropped (however the session ends).
pub(crate) struct Slot {
    activity: Arc<Activity>,
    id: u64,
    pub bell: Arc<Bell>,
}

impl Drop for Slot {
    fn drop(&mut self) {
        self.activity.lock_sessions().remove(&self.id);
    }
}

impl Activity {
    /// The Activity of `config`, if it offers one; `tables` is filled once the bot is connected.
    pub fn new(config: &Config, tables: Arc<OnceLock<TableService>>) -> Result<Option<Arc<Activity>>, String> {
        let Some(secret) = config.client_secret.clone().filter(|_| config.activity()) else { return Ok(None) };
        let client = rest::client(config.test_client()?)?;
        let rest = rest::Rest::new(client, config.api_base(), config.token.clone(), secret);
        let activity = Arc::new(Activity {
            rest,
            application: OnceLock::new(),
            tables,
            shards: config.shards,
            sessions: Mutex::default(),
            next_session: Default::default(),
            pending: AtomicUsize::new(0),
            exchanges: Mutex::new(Bucket::full()),
            sign_ins: Mutex::new(Bucket::full()),
            tokens: Mutex::default(),
            stopping: AtomicBool::new(false),
        });
        OFFERED.store(true, Ordering::Relaxed);
        let _ = RUNNING.set(activity.clone());
        Ok(Some(activity))
    }

    fn lock_sessions(&self) -> std::sync::MutexGuard<'_, Sessions> {
        self.sessions.lock().unwrap_or_else(|p| p.into_inner())
    }

    fn lock_tokens(&self) -> std::sync::MutexGuard<'_, Tokens> {
        self.tokens.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Counts a connection that has not signed in; None past [`PENDING`], or while stopping.
    pub(crate) fn pending(self: &Arc<Self>) -> Option<Pending> {
        if self.stopping.load(Ordering::Relaxed) {
            return None;
        }
        if self.pending.fetch_add(1, Ordering::Relaxed) >= PENDING {
            self.pending.fetch_sub(1, Ordering::Relaxed);
            return None;
        }
        Some(Pending(self.clone()))
    }

    /// Whether every session is taken ([`SESSIONS`]): a new one is refused before Discord is asked anything.
    pub(crate) fn full(&self) -> bool {
        self.lock_sessions().len() >= SESSIONS
    }

    /// Registers a session of `user`; a fifth window of theirs ends their oldest. None past [`SESSIONS`], or while
    /// stopping.
    pub(crate) fn open_session(self: &Arc<Self>, user: UserId) -> Option<Slot> {
        let mut sessions = self.lock_sessions();
        if self.stopping.load(Ordering::Relaxed) || sessions.len() >= SESSIONS {
            return None;
        }
        let mut theirs: Vec<u64> = sessions.iter().filter(|(_, (u, _))| *u == user).map(|(id, _)| *id).collect();
        theirs.sort_unstable();
        if theirs.len() >= SESSIONS_PER_PLAYER {
            if let Some((_, bell)) = theirs.first().and_then(|oldest| sessions.get(oldest)) {
                bell.ring(CLOSE_REPLACED);
            }
        }
        let id = self.next_session.fetch_add(1, Ordering::Relaxed);
        let bell = Arc::new(Bell::default());
        sessions.insert(id, (user, bell.clone()));
        Some(Slot { activity: self.clone(), id, bell })
    }

    /// Takes one call from `bucket`, if there is one.
    fn may_call(bucket: &Mutex<Bucket>) -> bool {
        bucket.lock().unwrap_or_else(|p| p.into_inner()).take()
    }

    /// Who holds `token`, as Discord says (remembered a while, and a refusal a shorter while: a reconnect storm or
    /// a forged token repeated costs Discord nothing), with their Discord language.
    pub(crate) async fn who_holds(&self, token: &str) -> Result<Holder, rest::Failure> {
        use sha2::{Digest, Sha256};
        let key: [u8; 32] = Sha256::digest(token.as_bytes()).into();
        let now = Instant::now();
        match self.lock_tokens().get(&key) {
            Some((until, Some((user, name)))) if *until > now => {
                return Ok(Holder { user: *user, name: name.clone(), lang: None })
            }
            Some((until, None)) if *until > now => return Err(rest::Failure::Refused),
            _ => {}
        }
        if !Activity::may_call(&self.sign_ins) {
            return Err(rest::Failure::Limited);
        }
        let answer = self.rest.me(token).await.map(|me| Holder {
            user: UserId(me.id),
            // As Discord shows them: their display name, else their username; harmless and bounded.
            name: {
                let shown = me.global_name.as_deref().unwrap_or(&me.username);
                crate::echo::cut(&shown.chars().filter(|c| !crate::echo::is_unsafe(*c)).collect::<String>(), 32)
            },
            lang: me.locale.as_deref().and_then(Lang::from_discord_locale),
        });
        let remembered = match &answer {
            Ok(h) => Some((now + SIGNED_IN_FOR, Some((h.user, h.name.clone())))),
            Err(rest::Failure::Refused) => Some((now + REFUSED_FOR, None)),
            Err(_) => None,
        };
        if let Some(entry) = remembered {
            let mut tokens = self.lock_tokens();
            if tokens.len() >= TOKENS_KEPT {
                tokens.clear();
            }
            tokens.insert(key, entry);
        }
        answer
    }
}

/// Who holds an access token: their id, their name as Discord shows it, their Discord language (when just asked).
pub(crate) struct Holder {
    pub user: UserId,
    pub name: String,
    pub lang: Option<Lang>,
}

/// The Activity's routes, merged into the web pages' (the same listener, rate limit and headers).
pub fn router<S: Clone + Send + Sync + 'static>(activity: Arc<Activity>) -> Router<S> {
    Router::new()
        .route("/activity/api/token", post(token).layer(DefaultBodyLimit::max(TOKEN_BODY)))
        .route("/activity/api/ws", get(socket))
        // The page at the mapping's root, with or without the slash (a URL mapping's target may be written either
        // way; under Discord's proxy the page's relative paths resolve from the proxy's root).
        .route("/activity/", get(page::index))
        .route("/activity", get(page::index))
        .route("/activity/app.js", get(page::script))
        .route("/activity/app.css", get(page::style))
        .with_state(activity)
}

/// A refusal of the token route: its status and a short sentence in the player's language.
fn token_refusal(status: StatusCode, lang: Lang, id: &str) -> Response {
    (status, Json(json!({"error": crate::i18n::text(lang, id, None)}))).into_response()
}

/// The most of a code exchange's body read: `{"code": …, "lang": …}` is under 300 bytes.
const TOKEN_BODY: usize = 4096;

/// `POST /activity/api/token` with `{"code": "…"}` (and the player's `lang`, optional): `{"access_token": "…"}`.
/// A body past [`TOKEN_BODY`] is refused (413) as a malformed one is, with a sentence.
async fn token(
    State(a): State<Arc<Activity>>,
    body: Result<axum::body::Bytes, axum::extract::rejection::BytesRejection>,
) -> Response {
    use axum::extract::rejection::{BytesRejection, FailedToBufferBody};
    let body = match body {
        Ok(body) => body,
        // Too long (413), or broken off by the client.
        Err(BytesRejection::FailedToBufferBody(FailedToBufferBody::LengthLimitError(_))) => {
            return token_refusal(StatusCode::PAYLOAD_TOO_LARGE, Lang::default(), "activity-malformed")
        }
        Err(_) => return token_refusal(StatusCode::BAD_REQUEST, Lang::default(), "activity-malformed"),
    };
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
    if !Activity::may_call(&a.exchanges) {
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
        Err(rest::Failure::Refused | rest::Failure::Unauthorized) => {
            token_refusal(StatusCode::UNAUTHORIZED, lang, "activity-signed-out")
        }
        Err(rest::Failure::Limited) => token_refusal(StatusCode::TOO_MANY_REQUESTS, lang, "activity-unavailable"),
        Err(rest::Failure::Unavailable(why)) => {
            tracing::warn!(%why, "the Activity's code exchange failed");
            token_refusal(StatusCode::BAD_GATEWAY, lang, "activity-unavailable")
        }
        // Not the player's, nor passing: a 500, which the page does not try again.
        Err(rest::Failure::Misconfigured(why)) => {
            tracing::error!(%why, "the Activity's code exchange failed");
            token_refusal(StatusCode::INTERNAL_SERVER_ERROR, lang, "activity-unavailable")
        }
    }
}

/// `GET /activity/api/ws`: a session (frames of at most [`session::MAX_FRAME`] bytes are read; a longer one
/// closes it with 1009). Past [`PENDING`] connections not signed in, or while stopping: 503.
async fn socket(State(a): State<Arc<Activity>>, upgrade: WebSocketUpgrade) -> Response {
    let Some(pending) = a.pending() else {
        let mut r = (StatusCode::SERVICE_UNAVAILABLE, "busy: try again in a moment\n").into_response();
        r.headers_mut().insert(axum::http::header::RETRY_AFTER, axum::http::HeaderValue::from_static("1"));
        return r;
    };
    upgrade
        .max_message_size(session::READ_LIMIT)
        .max_frame_size(session::READ_LIMIT)
        .on_upgrade(move |socket| session::run(a, socket, pending))
}

/// How long a session waits for the table service at start (the bot connecting to Discord).
const STARTING: Duration = Duration::from_secs(30);
