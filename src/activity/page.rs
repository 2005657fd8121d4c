//! The Activity's page, which Discord runs in its iframe: `index.html` with the application's id written in (the
//! SDK's client id), `app.js` (built from `activity-client/` by esbuild and committed: `cargo build` needs no
//! node; `.ci/run` builds it again from the lock file and fails on a difference) and `app.css`, all compiled in.
//! Their policy lets Discord (and the SDK's local test origin) frame them, and allows nothing but this origin.

use std::sync::Arc;

use axum::extract::State;
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};

use super::Activity;

const INDEX: &str = include_str!("assets/index.html");
const APP_JS: &str = include_str!("assets/app.js");
const APP_CSS: &str = include_str!("assets/app.css");

/// The page's policy: its own script, style and calls (the WebSocket included) only; framed by Discord's
/// clients, its Activity proxy, and `http://localhost:3333` (an origin the SDK accepts for local testing).
const CSP: &str = "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self' data:; \
                   base-uri 'none'; form-action 'none'; frame-ancestors https://discord.com https://*.discord.com \
                   https://discordapp.com https://*.discordapp.com https://*.discordsays.com http://localhost:3333";

fn framed(mut r: Response) -> Response {
    r.headers_mut().insert(header::CONTENT_SECURITY_POLICY, HeaderValue::from_static(CSP));
    r
}

/// `/activity/`: the page, once the application's id is known (503 while the bot connects).
pub async fn index(State(a): State<Arc<Activity>>, headers: HeaderMap) -> Response {
    let Some(id) = a.application.get() else {
        let mut r = (StatusCode::SERVICE_UNAVAILABLE, "starting: try again in a moment\n").into_response();
        r.headers_mut().insert(header::RETRY_AFTER, HeaderValue::from_static("2"));
        return r;
    };
    let page = INDEX.replace("{{client_id}}", &id.to_string());
    framed(crate::web::cached(&headers, "text/html; charset=utf-8", "no-cache", page.into_bytes()))
}

/// `/activity/app.js`.
pub async fn script(headers: HeaderMap) -> Response {
    framed(crate::web::cached(&headers, "text/javascript; charset=utf-8", "no-cache", APP_JS.as_bytes().to_vec()))
}

/// `/activity/app.css`.
pub async fn style(headers: HeaderMap) -> Response {
    framed(crate::web::cached(&headers, "text/css; charset=utf-8", "no-cache", APP_CSS.as_bytes().to_vec()))
}
