//! The operator's endpoints on `METRICS_ADDR` (axum): `GET /metrics` (OpenMetrics text, which Prometheus
//! reads), `GET /healthz` (the process and its runtime answer) and `GET /readyz` (ready to serve: see
//! [`super::health`]). Nothing else is served there; the port is meant for a scraper and a supervisor, not the
//! public.

use std::net::SocketAddr;
use std::time::Duration;

use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;

/// How long `/healthz` waits for a task spawned on the runtime to run: past it the runtime is starved (every
/// worker blocked), and the process is not healthy.
const RUNTIME_ANSWER: Duration = Duration::from_secs(2);

/// The content types of the metrics: OpenMetrics 1.0, for a scraper that asks for it (Prometheus does), and
/// Prometheus's text format 0.0.4 for any other (`curl`, `promtool check metrics`).
const OPENMETRICS: &str = "application/openmetrics-text; version=1.0.0; charset=utf-8";
const TEXT_FORMAT: &str = "text/plain; version=0.0.4; charset=utf-8";

/// Binds `addr`; a refusal (a port in use, an address not on this machine) is one line naming `METRICS_ADDR`.
pub async fn bind(addr: SocketAddr) -> Result<tokio::net::TcpListener, String> {
    tokio::net::TcpListener::bind(addr).await.map_err(|e| format!("METRICS_ADDR {addr} cannot be listened on: {e}"))
}

/// Serves the endpoints on `listener` until the process ends (a failed connection is that connection's only).
pub fn spawn(listener: tokio::net::TcpListener) {
    let app = Router::new()
        .route("/metrics", get(metrics))
        .route("/healthz", get(healthz))
        .route("/readyz", get(readyz))
        .fallback(|| async { (StatusCode::NOT_FOUND, "not found: /metrics, /healthz, /readyz\n") });
    let addr = listener.local_addr().map(|a| a.to_string()).unwrap_or_default();
    tracing::info!(%addr, "serving /metrics, /healthz and /readyz");
    tokio::spawn(async move {
        if let Err(e) = axum::serve(listener, app).await {
            tracing::error!(error = %e, "the metrics endpoint stopped");
        }
    });
}

async fn metrics(headers: axum::http::HeaderMap) -> Response {
    let text = super::get().encode();
    let accept = headers.get(header::ACCEPT).and_then(|v| v.to_str().ok()).unwrap_or_default();
    if accept.contains("application/openmetrics-text") {
        ([(header::CONTENT_TYPE, OPENMETRICS)], text).into_response()
    } else {
        ([(header::CONTENT_TYPE, TEXT_FORMAT)], text_format(&text)).into_response()
    }
}

/// OpenMetrics text as Prometheus's text format 0.0.4: a counter's family is named with its `_total` (as its
/// samples are), and the `# UNIT` and `# EOF` lines, which that format does not have, are left out.
pub fn text_format(openmetrics: &str) -> String {
    let mut out = String::with_capacity(openmetrics.len());
    let mut lines = openmetrics.lines().peekable();
    while let Some(line) = lines.next() {
        if line.starts_with("# UNIT ") || line == "# EOF" {
            continue;
        }
        // prometheus-client writes a family's HELP, then its TYPE: a counter's two are renamed together.
        if let Some(rest) = line.strip_prefix("# HELP ") {
            let name = rest.split(' ').next().unwrap_or_default();
            let counter = lines.peek().is_some_and(|next| *next == format!("# TYPE {name} counter"));
            if counter {
                out.push_str(&format!("# HELP {name}_total{}\n", &rest[name.len()..]));
                out.push_str(&format!("# TYPE {name}_total counter\n"));
                lines.next();
                continue;
            }
        }
        out.push_str(line);
        out.push('\n');
    }
    out
}

async fn healthz() -> Response {
    let answered = tokio::time::timeout(RUNTIME_ANSWER, tokio::spawn(async {})).await;
    match answered {
        Ok(Ok(())) => json(StatusCode::OK, serde_json::json!({ "status": "ok" })),
        _ => json(
            StatusCode::SERVICE_UNAVAILABLE,
            serde_json::json!({ "status": "the runtime did not run a task within 2 s" }),
        ),
    }
}

async fn readyz() -> Response {
    let why = super::health::not_ready();
    super::get().ready.set(i64::from(why.is_empty()));
    if why.is_empty() {
        json(StatusCode::OK, serde_json::json!({ "ready": true }))
    } else {
        json(StatusCode::SERVICE_UNAVAILABLE, serde_json::json!({ "ready": false, "not_ready": why }))
    }
}

fn json(status: StatusCode, body: serde_json::Value) -> Response {
    (status, [(header::CONTENT_TYPE, "application/json")], format!("{body}\n")).into_response()
}
