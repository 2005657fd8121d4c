//! Headless Chromium (Debian's `chromium` and `chromium-driver`) over WebDriver (fantoccini), for the browser
//! tests: chromedriver started on a free port and stopped on drop, a session with the flags a closed network
//! needs. Chromium is required where `TEENPATTI_REQUIRE_CHROMIUM=1` (CI installs it); elsewhere its absence is
//! said and the test passes.

use std::process::{Child, Command, Stdio};
use std::time::Duration;

use fantoccini::{Client, ClientBuilder};
use serde_json::json;

use super::scrape::free_addr;

/// chromedriver, stopped on drop.
pub struct Driver {
    child: Child,
    url: String,
    _profile: tempfile::TempDir,
}

impl Drop for Driver {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

pub fn driver() -> Option<Driver> {
    let present = ["chromium", "chromedriver"]
        .iter()
        .all(|b| Command::new(b).arg("--version").output().is_ok_and(|o| o.status.success()));
    if !present {
        let required = std::env::var("TEENPATTI_REQUIRE_CHROMIUM").as_deref() == Ok("1");
        assert!(!required, "chromium and chromedriver are required (CI) but missing");
        eprintln!("chromium or chromedriver is not installed: the browser tests are not run here (CI runs them)");
        return None;
    }
    let addr = free_addr();
    let port = addr.rsplit(':').next().unwrap().to_string();
    let child = Command::new("chromedriver")
        .arg(format!("--port={port}"))
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("chromedriver starts");
    Some(Driver { child, url: format!("http://{addr}"), _profile: tempfile::tempdir().unwrap() })
}

/// A headless Chromium session (the flags a closed network needs: no background connections). `insecure.test`
/// resolves to loopback: a page from it is served over plain HTTP from a host that is not `localhost`, which
/// browsers give no Web Crypto (not a secure context).
pub async fn browser(d: &Driver) -> Client {
    browser_with(d, &[], json!({})).await
}

/// [`browser`] with more Chromium arguments and capabilities (`goog:loggingPrefs`, say).
pub async fn browser_with(d: &Driver, more: &[&str], extra: serde_json::Value) -> Client {
    let args = [
        "--headless=new",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--window-size=1280,900",
        "--host-resolver-rules=MAP insecure.test 127.0.0.1",
    ];
    let mut args: Vec<String> = args.iter().chain(more).map(ToString::to_string).collect();
    args.push(format!("--user-data-dir={}", d._profile.path().display()));
    let mut caps = serde_json::Map::new();
    caps.insert("goog:chromeOptions".into(), json!({"binary": "/usr/bin/chromium", "args": args}));
    if let serde_json::Value::Object(extra) = extra {
        caps.extend(extra);
    }
    let deadline = tokio::time::Instant::now() + Duration::from_secs(20);
    loop {
        let connector = hyper_util::client::legacy::connect::HttpConnector::new();
        match ClientBuilder::new(connector).capabilities(caps.clone()).connect(&d.url).await {
            Ok(c) => return c,
            Err(e) if tokio::time::Instant::now() > deadline => panic!("no WebDriver session: {e}"),
            Err(_) => tokio::time::sleep(Duration::from_millis(100)).await,
        }
    }
}

/// Where the README's screenshots go (`docs/images/`, made if missing) when `UPDATE_SCREENSHOTS=1`; None otherwise.
pub fn screenshot_dir() -> Option<std::path::PathBuf> {
    if std::env::var("UPDATE_SCREENSHOTS").as_deref() != Ok("1") {
        return None;
    }
    let dir = crate::repo().join("docs/images");
    std::fs::create_dir_all(&dir).unwrap();
    Some(dir)
}
