//! The binary's start-up: clear messages and non-zero exits, no panics, no secrets.

use std::process::Command;

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
