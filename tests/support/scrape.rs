//! Reading the bot's ports (`METRICS_ADDR`, `WEB_ADDR`): bare HTTP/1.1 requests, and a scrape's samples.

use std::collections::BTreeMap;

/// A free loopback port for `METRICS_ADDR` (bound, then let go for the bot).
pub fn free_addr() -> String {
    let l = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    l.local_addr().unwrap().to_string()
}

/// Sends `request` (a whole HTTP/1.1 request) to `addr`: the status, the head (its header lines, lower-cased)
/// and the body of the answer.
pub async fn exchange(addr: &str, request: &[u8]) -> (u16, String, String) {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let mut s = tokio::net::TcpStream::connect(addr).await.unwrap();
    // A server that refuses a hostile request may close before reading it all: what it answered is still read.
    let _ = s.write_all(request).await;
    let mut raw = Vec::new();
    let _ = s.read_to_end(&mut raw).await;
    let text = String::from_utf8_lossy(&raw).to_string();
    let (head, body) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
    let status = head.split(' ').nth(1).and_then(|s| s.parse().ok()).unwrap_or(0);
    (status, head.to_ascii_lowercase(), body.to_string())
}

/// Sends `request` to `addr`: the status and body of the answer.
pub async fn http(addr: &str, request: &[u8]) -> (u16, String) {
    let (status, _, body) = exchange(addr, request).await;
    (status, body)
}

/// `GET http://addr/path`: the status and body.
pub async fn get(addr: &str, path: &str) -> (u16, String) {
    http(addr, format!("GET {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n").as_bytes()).await
}

/// `GET http://addr/path` with `extra` header lines (each ending in CRLF): the status, the lower-cased head, the
/// body.
#[allow(dead_code)]
pub async fn fetch(addr: &str, path: &str, extra: &str) -> (u16, String, String) {
    exchange(addr, format!("GET {path} HTTP/1.1\r\nHost: {addr}\r\n{extra}Connection: close\r\n\r\n").as_bytes()).await
}

/// `POST http://addr/path` with a JSON `body`: the status and body.
#[allow(dead_code)]
pub async fn post_json(addr: &str, path: &str, body: &str) -> (u16, String) {
    let request = format!(
        "POST {path} HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    http(addr, request.as_bytes()).await
}

/// Every sample of a scrape (Prometheus's text format): `name{labels}` → value.
pub fn samples(text: &str) -> BTreeMap<String, f64> {
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
        .filter_map(|l| {
            let (key, value) = l.rsplit_once(' ')?;
            Some((key.to_string(), value.parse::<f64>().ok()?))
        })
        .collect()
}

/// The sum of the samples named `name` whose labels contain every one of `having` (`kind="button"`).
pub fn sum(samples: &BTreeMap<String, f64>, name: &str, having: &[&str]) -> f64 {
    samples
        .iter()
        .filter(|(k, _)| k.split('{').next() == Some(name) && having.iter().all(|h| k.contains(h)))
        .map(|(_, v)| v)
        .sum()
}
