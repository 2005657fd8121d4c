//! The binary's start-up: clear messages and non-zero exits, no panics, no secrets.

mod fixtures;

use std::os::unix::fs::PermissionsExt as _;
use std::process::Command;
use std::time::{Duration, Instant};

fn bot() -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_teenpatti-bot"));
    c.env_remove("DISCORD_TOKEN").env_remove("DATABASE_URL").env_remove("DISCORD_API_URL").env("NO_COLOR", "1");
    c
}

#[test]
fn without_a_token_the_bot_says_how_to_get_one() {
    let dir = tempfile::tempdir().unwrap();
    let out = bot().current_dir(dir.path()).arg("run").output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("DISCORD_TOKEN is not set"), "{err}");
    assert!(err.contains("discord.com/developers/applications"), "{err}");
    assert!(!dir.path().join("teenpatti.db").exists(), "nothing is created without a token");
}

#[test]
fn a_corrupt_database_is_a_clear_error_and_the_token_is_never_printed() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("broken.db");
    std::fs::write(&db, b"this is not an SQLite database, just some bytes that look wrong".repeat(100)).unwrap();
    let before = std::fs::read(&db).unwrap();
    let secret = "MTIzNDU2Nzg5.secret-token-value";
    let out = bot()
        .arg("run")
        .env("DISCORD_TOKEN", secret)
        .env("DATABASE_URL", format!("sqlite://{}", db.display()))
        .env("DISCORD_API_URL", "http://127.0.0.1:9")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let all = format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    assert!(all.contains("is not a teenpatti database"), "{all}");
    assert!(!all.contains("panicked"), "{all}");
    assert!(!all.contains(secret), "the token leaked: {all}");
    assert_eq!(std::fs::read(&db).unwrap(), before, "the broken file is left untouched");
}

#[test]
fn a_bad_setting_is_named() {
    let out = bot().arg("run").env("DISCORD_TOKEN", "t").env("DEV_GUILD_ID", "my-server").output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("DEV_GUILD_ID is not valid"));
}

// ---- Start-up refusals (issue 11, findings 3, 4 and 5): `run` must stop at once with one clear line. ----

/// `run` against an unreachable Discord, as the user `as_user` (uid, gid) when given. Returns the exit code and
/// everything it printed; a bot still running after 20 s (it started) is killed and reported as `None`.
fn run_bot(url: &str, as_user: Option<(u32, u32)>) -> (Option<i32>, String) {
    let exe = env!("CARGO_BIN_EXE_teenpatti-bot");
    let mut c = match as_user {
        Some((uid, gid)) => {
            let mut c = Command::new("setpriv");
            c.args([format!("--reuid={uid}"), format!("--regid={gid}"), "--clear-groups".into()]).arg(exe);
            c
        }
        None => Command::new(exe),
    };
    c.env_remove("DISCORD_TOKEN").env_remove("DATABASE_URL").env("NO_COLOR", "1").env("HOME", "/");
    let mut child = c
        .arg("run")
        .env("DISCORD_TOKEN", "t")
        .env("DATABASE_URL", url)
        .env("DISCORD_API_URL", "http://127.0.0.1:9")
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let start = Instant::now();
    let code = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status.code();
        }
        if start.elapsed() > Duration::from_secs(20) {
            child.kill().unwrap();
            child.wait().unwrap();
            break None;
        }
        std::thread::sleep(Duration::from_millis(50));
    };
    let out = child.wait_with_output().unwrap();
    (code, format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr)))
}

fn is_root() -> bool {
    std::fs::read_to_string("/proc/self/status")
        .map(|s| s.lines().any(|l| l.starts_with("Uid:") && l.split_whitespace().nth(1) == Some("0")))
        .unwrap_or(false)
}

/// A database of ours, created by the bot's own store (simulate at its smallest).
fn make_database(path: &std::path::Path) {
    let out = bot()
        .args(["simulate", "--tables", "1", "--hands", "1", "--database-url"])
        .arg(format!("sqlite://{}", path.display()))
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
}

/// A read-only database file, and a writable file in a read-only folder (no -wal or -shm can be made), are
/// refused at start. Root ignores file modes, so as root the bot runs as `nobody`.
#[test]
fn a_read_only_database_is_refused_at_start() {
    let user = is_root().then_some((65534, 65534));
    for (case, file_mode, dir_mode) in [("file", 0o444, 0o777), ("folder", 0o666, 0o555)] {
        let dir = tempfile::tempdir().unwrap();
        let db = dir.path().join("ro.db");
        make_database(&db);
        std::fs::set_permissions(&db, std::fs::Permissions::from_mode(file_mode)).unwrap();
        std::fs::set_permissions(dir.path(), std::fs::Permissions::from_mode(dir_mode)).unwrap();
        let before = std::fs::read(&db).unwrap();
        let (code, out) = run_bot(&format!("sqlite://{}", db.display()), user);
        std::fs::set_permissions(dir.path(), std::fs::Permissions::from_mode(0o755)).unwrap();
        assert_eq!(code, Some(1), "read-only {case}: the bot must refuse to start: {out}");
        assert!(out.contains("ro.db cannot be written"), "{case}: {out}");
        assert!(out.contains("write access"), "{case}: says what to do: {out}");
        assert_eq!(std::fs::read(&db).unwrap(), before, "{case}: the file is untouched");
    }
}

/// At restart on a disk with a few KiB left (room to open, none to write), `run` refuses with the disk-full
/// message rather than start and fail every hand.
#[test]
fn run_refuses_to_start_on_a_full_disk() {
    let Some(fs) = fixtures::tmpfs::Tmpfs::mount("2m") else { return };
    let db = fs.join("bot.db");
    make_database(&db);
    fs.fill(48 * 1024);
    let (code, out) = run_bot(&format!("sqlite://{}", db.display()), None);
    assert_eq!(code, Some(1), "the bot must refuse to start: {out}");
    assert!(out.contains("is full") && out.contains("free some space"), "{out}");
}

/// A bot whose chips vanish at exit is a trap: `run` refuses an in-memory database and an empty path.
#[test]
fn run_refuses_a_database_that_vanishes_at_exit() {
    for url in ["sqlite::memory:", "sqlite://", "sqlite://?mode=memory"] {
        let (code, out) = run_bot(url, None);
        assert_eq!(code, Some(1), "{url}: the bot must refuse to start: {out}");
        assert!(out.contains("in memory") || out.contains("no file"), "{url}: {out}");
    }
}
