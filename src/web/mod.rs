//! The servers' web pages (issue 38, README "Web pages"): read-only, served by the bot on `WEB_ADDR` (its own
//! listener: the operator's `/metrics`, `/healthz` and `/readyz` are never served here), another presenter of the
//! same tables beside `src/discord/`, reading through the store.
//!
//! - `/s/<slug>`: a server's page (`pages.rs`): leaderboards, ended seasons' boards, tournaments, tables open now.
//! - `/s/<slug>/hand/<id>`: a hand step by step as its channel saw it, its cards once over, and the fair-deal check
//!   that runs in the reader's browser (`hand.rs`, `assets/fair.js`); `/s/<slug>/hand/<id>/cards.png`, its picture.
//! - `/static/style.css`, `/static/fair.js`: compiled in.
//!
//! A server is served only while web is on there (`/config set web on`), under its random 128-bit slug; only
//! hands, tables and tournaments of channels @everyone can view appear. Everything else is the same 404, so a page
//! tells nothing of what exists. Every value is escaped (maud), every response carries a strict
//! Content-Security-Policy and an ETag, no cookie is ever set, and each client address has its own rate limit
//! (`limit.rs`).

mod hand;
mod limit;
mod pages;

use std::net::SocketAddr;
use std::sync::Arc;

use axum::extract::{ConnectInfo, Path, Query, State};
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use sha2::{Digest, Sha256};

use crate::i18n::Lang;
use crate::ids::GuildId;
use crate::store::{Store, StoreError};

/// Every page's policy: its own scripts, styles and pictures only, and avatars from Discord's CDN; no frames, no
/// forms, no plugins, no inline script.
const CSP: &str =
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' https://cdn.discordapp.com; \
                   base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

const STYLE: &str = include_str!("assets/style.css");
const FAIR_JS: &str = include_str!("assets/fair.js");

/// How long what a server's pages show is served again before it is read anew: a crowd reading one server's
/// leaderboards costs the database one read of it this often, and a reader sees a change within it.
const DATA_FRESH: std::time::Duration = std::time::Duration::from_secs(2);
/// Servers whose pages' data is kept at most (cleared whole when full).
const SERVERS_KEPT: usize = 1_000;

/// What each server's pages show, by server, with when it was read.
type DataCache = std::sync::Mutex<std::collections::HashMap<GuildId, (std::time::Instant, Arc<pages::ServerData>)>>;

/// What every page handler shares.
#[derive(Clone)]
pub struct Site {
    store: Store,
    limiter: Arc<limit::Limiter>,
    servers: Arc<DataCache>,
    /// Held while a server's data is read: one read at a time, so that a crowd arriving at once (a cold start)
    /// waits for one read rather than making as many.
    loading: Arc<tokio::sync::Mutex<()>>,
}

/// Binds `addr`; a refusal (a port in use, an address not on this machine) is one line naming `WEB_ADDR`.
pub async fn bind(addr: SocketAddr) -> Result<tokio::net::TcpListener, String> {
    tokio::net::TcpListener::bind(addr).await.map_err(|e| format!("WEB_ADDR {addr} cannot be listened on: {e}"))
}

/// The pages' routes on `store`, and the Activity's (`src/activity/`) when it is offered: the same listener, rate
/// limit and headers.
pub fn router(store: Store, activity: Option<Arc<crate::activity::Activity>>) -> Router {
    let limiter = Arc::new(limit::Limiter::new(limit::PER_SECOND, limit::BURST));
    let site = Site { store, limiter, servers: Arc::default(), loading: Arc::default() };
    let routes = match activity {
        Some(a) => Router::new().merge(crate::activity::router(a)),
        None => Router::new(),
    };
    routes
        .route("/s/:slug", get(server_page))
        .route("/s/:slug/hand/:hand", get(hand_page))
        .route("/s/:slug/hand/:hand/cards.png", get(hand_picture))
        .route("/static/style.css", get(|headers: HeaderMap| async move { asset(&headers, "text/css", STYLE) }))
        .route("/static/fair.js", get(|h: HeaderMap| async move { asset(&h, "text/javascript", FAIR_JS) }))
        .fallback(|| async { not_found() })
        .layer(axum::middleware::from_fn_with_state(site.clone(), guard))
        .with_state(site)
}

/// Serves the pages on `listener` until the process ends (a failed connection is that connection's only).
pub fn spawn(listener: tokio::net::TcpListener, store: Store, activity: Option<Arc<crate::activity::Activity>>) {
    let app = router(store, activity).into_make_service_with_connect_info::<SocketAddr>();
    let addr = listener.local_addr().map(|a| a.to_string()).unwrap_or_default();
    tracing::info!(%addr, "serving the servers' web pages");
    tokio::spawn(async move {
        if let Err(e) = axum::serve(listener, app).await {
            tracing::error!(error = %e, "the web pages stopped");
        }
    });
}

/// Before every request: the client's rate limit. After: the headers every response carries.
async fn guard(
    State(site): State<Site>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    request: axum::extract::Request,
    next: axum::middleware::Next,
) -> Response {
    // The Activity's calls all come through Discord's proxy (one address for every player): they have limits of
    // their own (`src/activity/`), not this per-address one.
    let activity = request.uri().path().starts_with("/activity/api/");
    let mut response = if activity || site.limiter.allow(peer.ip()) {
        next.run(request).await
    } else {
        let mut r = (StatusCode::TOO_MANY_REQUESTS, "too many requests: slow down\n").into_response();
        r.headers_mut().insert(header::RETRY_AFTER, HeaderValue::from_static("1"));
        r
    };
    let h = response.headers_mut();
    // The Activity's page sets its own policy: Discord frames it (`src/activity/page.rs`).
    if !h.contains_key(header::CONTENT_SECURITY_POLICY) {
        h.insert(header::CONTENT_SECURITY_POLICY, HeaderValue::from_static(CSP));
        h.insert(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
    }
    h.insert(header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff"));
    h.insert(header::REFERRER_POLICY, HeaderValue::from_static("no-referrer"));
    response
}

/// The one answer for anything that is not served: an unknown address, a server with web off, a hand of a channel
/// @everyone cannot view, a malformed id.
fn not_found() -> Response {
    let mut r =
        (StatusCode::NOT_FOUND, [(header::CONTENT_TYPE, "text/plain; charset=utf-8")], "not found\n").into_response();
    r.headers_mut().insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    r
}

/// A failure of ours (the database): logged once, and a short answer.
fn unavailable(e: impl std::fmt::Display) -> Response {
    tracing::error!(error = %e, "a web page could not be read");
    (StatusCode::SERVICE_UNAVAILABLE, [(header::RETRY_AFTER, "5")], "the page cannot be shown just now\n")
        .into_response()
}

/// `body` with its ETag, or 304 when the client has it already. `cache`: the Cache-Control.
pub(crate) fn cached(headers: &HeaderMap, content_type: &'static str, cache: &'static str, body: Vec<u8>) -> Response {
    let digest = Sha256::digest(&body);
    let tag = format!("\"{}\"", crate::engine::fair::hex(&digest[..16]));
    let seen = headers.get(header::IF_NONE_MATCH).and_then(|v| v.to_str().ok());
    let fresh = seen.is_some_and(|v| v.split(',').any(|t| t.trim() == tag || t.trim() == "*"));
    let mut r = if fresh { StatusCode::NOT_MODIFIED.into_response() } else { body.into_response() };
    let h = r.headers_mut();
    if let Ok(v) = HeaderValue::from_str(&tag) {
        h.insert(header::ETAG, v);
    }
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static(cache));
    if !fresh {
        h.insert(header::CONTENT_TYPE, HeaderValue::from_static(content_type));
    }
    r
}

fn asset(headers: &HeaderMap, kind: &'static str, text: &'static str) -> Response {
    let kind = if kind == "text/css" { "text/css; charset=utf-8" } else { "text/javascript; charset=utf-8" };
    cached(headers, kind, "public, max-age=3600", text.as_bytes().to_vec())
}

/// An HTML page: revalidated each time (a leaderboard changes), sent again only when it did.
fn html(headers: &HeaderMap, page: maud::Markup) -> Response {
    cached(headers, "text/html; charset=utf-8", "no-cache", page.into_string().into_bytes())
}

/// The server whose pages live under `slug`, and its language: `None` for a 404.
async fn server_of(site: &Site, slug: &str) -> Result<Option<(GuildId, Lang)>, Response> {
    let guild = site.store.guild_by_slug(slug).await.map_err(unavailable)?;
    let Some(guild) = guild else { return Ok(None) };
    let lang = site.store.guild_settings(guild).await.map_err(unavailable)?.language;
    Ok(Some((guild, lang)))
}

/// A positive decimal id as written in a path, no sign or leading zero (anything else is a 404).
fn id_in_path(text: &str) -> Option<i64> {
    let canonical = !text.is_empty() && text.len() <= 19 && text.bytes().all(|b| b.is_ascii_digit());
    text.parse::<i64>().ok().filter(|n| canonical && *n > 0 && !text.starts_with('0'))
}

async fn server_page(
    State(site): State<Site>,
    Path(slug): Path<String>,
    Query(query): Query<std::collections::HashMap<String, String>>,
    headers: HeaderMap,
) -> Response {
    let (guild, lang) = match server_of(&site, &slug).await {
        Ok(Some(found)) => found,
        Ok(None) => return not_found(),
        Err(r) => return r,
    };
    let by = pages::Board::from_query(query.get("by").map(String::as_str));
    let page = query.get("page").and_then(|p| p.parse::<u32>().ok()).unwrap_or(1);
    let data = match server_data(&site, guild, lang).await {
        Ok(data) => data,
        Err(e) => return unavailable(e),
    };
    match pages::server_page(&site.store, guild, &data, &slug, by, page).await {
        Ok(markup) => html(&headers, markup),
        Err(e) => unavailable(e),
    }
}

/// What `guild`'s pages show: a copy read within [`DATA_FRESH`]; else the first request reads it anew while the
/// others are served the copy it replaces (one read at a time: the others wait for it when there is no copy).
async fn server_data(site: &Site, guild: GuildId, lang: Lang) -> Result<Arc<pages::ServerData>, StoreError> {
    let known = |claim: bool| {
        let mut cache = site.servers.lock().unwrap_or_else(|p| p.into_inner());
        match cache.get_mut(&guild).filter(|(_, d)| d.lang() == lang) {
            Some((at, data)) if at.elapsed() < DATA_FRESH => Ok(data.clone()),
            Some((at, data)) if claim => {
                *at = std::time::Instant::now();
                Err(Some(data.clone()))
            }
            Some((_, data)) => Ok(data.clone()),
            None => Err(None),
        }
    };
    let stale = match known(true) {
        Ok(data) => return Ok(data),
        Err(stale) => stale,
    };
    let _reading = site.loading.lock().await;
    if stale.is_none() {
        // Another request may have read it while this one waited.
        if let Ok(data) = known(false) {
            return Ok(data);
        }
    }
    match pages::load(&site.store, guild, lang).await {
        Ok(data) => {
            let data = Arc::new(data);
            let mut cache = site.servers.lock().unwrap_or_else(|p| p.into_inner());
            if cache.len() >= SERVERS_KEPT {
                cache.clear();
            }
            cache.insert(guild, (std::time::Instant::now(), data.clone()));
            Ok(data)
        }
        Err(e) => match stale {
            Some(data) => {
                tracing::warn!(error = %e, "a server's page is served from its last read");
                Ok(data)
            }
            None => Err(e),
        },
    }
}

/// The server and language of `slug`, and the hand id in the path: `Err` with the answer (a 404) otherwise.
async fn hand_of(site: &Site, slug: &str, hand: &str) -> Result<(GuildId, Lang, i64), Response> {
    match (server_of(site, slug).await?, id_in_path(hand)) {
        (Some((guild, lang)), Some(hand)) => Ok((guild, lang, hand)),
        _ => Err(not_found()),
    }
}

async fn hand_page(
    State(site): State<Site>,
    Path((slug, hand)): Path<(String, String)>,
    headers: HeaderMap,
) -> Response {
    let (guild, lang, hand) = match hand_of(&site, &slug, &hand).await {
        Ok(found) => found,
        Err(r) => return r,
    };
    match hand::page(&site.store, guild, lang, &slug, hand).await {
        Ok(Some(markup)) => html(&headers, markup),
        Ok(None) => not_found(),
        Err(e) => unavailable(e),
    }
}

async fn hand_picture(
    State(site): State<Site>,
    Path((slug, hand)): Path<(String, String)>,
    headers: HeaderMap,
) -> Response {
    let (guild, _, hand) = match hand_of(&site, &slug, &hand).await {
        Ok(found) => found,
        Err(r) => return r,
    };
    match hand::picture(&site.store, guild, hand).await {
        Ok(Some(png)) => cached(&headers, "image/png", "public, max-age=86400", png),
        Ok(None) => not_found(),
        Err(e) => unavailable(e),
    }
}

/// The address of a server's page, under `PUBLIC_URL`.
pub fn server_url(public: &str, slug: &str) -> String {
    format!("{public}/s/{slug}")
}

/// The address of a hand's page, under `PUBLIC_URL`.
pub fn hand_url(public: &str, slug: &str, hand: i64) -> String {
    format!("{public}/s/{slug}/hand/{hand}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_canonical_ids_are_looked_up() {
        assert_eq!(id_in_path("42"), Some(42));
        for bad in ["", "0", "042", "-1", "+1", "4.2", "1e3", "99999999999999999999", "٤٢", "42 "] {
            assert_eq!(id_in_path(bad), None, "{bad:?}");
        }
    }
}
