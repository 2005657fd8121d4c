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

// ---------------------------------------------------------------- `hand rank` and `replay` input

/// Runs `teenpatti-bot ARGS` with `stdin` as its standard input.
fn with_stdin(args: &[&str], stdin: &[u8]) -> (Option<i32>, String, String) {
    use std::io::Write;
    use std::process::Stdio;
    let mut child =
        bot().args(args).stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().unwrap();
    let mut input = child.stdin.take().unwrap();
    let stdin = stdin.to_vec();
    // Written from a thread: the command may answer (or exit) before it has read everything.
    let writer = std::thread::spawn(move || {
        let _ = input.write_all(&stdin);
    });
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap();
    (out.status.code(), String::from_utf8_lossy(&out.stdout).into(), String::from_utf8_lossy(&out.stderr).into())
}

/// A huge bad token is echoed briefly (it used to be printed whole: 105 MB for a 100 MB token), and the lines
/// after it are still read.
#[test]
fn hand_rank_echoes_a_huge_token_briefly_and_goes_on() {
    let mut input = "Z".repeat(3 << 20).into_bytes();
    input.extend_from_slice(b" Ks Qs\nAs Ks Qs\n");
    let (code, out, err) = with_stdin(&["hand", "rank"], &input);
    assert_eq!(code, Some(1));
    let lines: Vec<&str> = out.lines().collect();
    assert!(err.len() < 300, "{} bytes of errors: {}…", err.len(), &err[..err.len().min(200)]);
    assert_eq!(lines, ["error", "pure_sequence 327708"], "{out}");
    assert!(err.starts_with("error: line 1: ") && err.lines().count() == 1, "{err}");
}

/// A line that is not UTF-8 is reported with its number, and the next line is read (it used to stop the
/// command with "stream did not contain valid UTF-8", no line number, nothing after it read).
#[test]
fn hand_rank_reports_a_line_that_is_not_utf8_and_goes_on() {
    let (code, out, err) = with_stdin(&["hand", "rank"], b"As Ks Qs\nAs \xff\xfe Qs\nAs Ah Ad\n");
    assert_eq!(code, Some(1), "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 3, "{out}{err}");
    assert!(lines[0].starts_with("pure_sequence "), "{out}");
    assert_eq!(lines[1], "error");
    assert_eq!(err, "error: line 2: not UTF-8\n");
    assert!(lines[2].starts_with("trio "), "{out}");
}

/// `hand rank` accepts exactly the options it lists, refuses one that does nothing under the chosen variant
/// or contradicts `--variant`, and names every boolean spelling it accepts.
#[test]
fn hand_rank_options_are_exactly_the_accepted_ones() {
    let rank = |args: &[&str]| with_stdin(&[&["hand", "rank"], args].concat(), b"7s 7h 2d\n");
    // joker=none is not offered and not accepted for the joker variant.
    let (code, _, err) = rank(&["--variant", "joker", "--set", "joker=X"]);
    assert_eq!(code, Some(2));
    assert!(!err.contains("none"), "the message offers `none`, which is then refused: {err}");
    let (code, _, err) = rank(&["--variant", "joker", "--set", "joker=none"]);
    assert_eq!(code, Some(2), "{err}");
    // A wild-rank draw combines with any variant that has no wild rank of its own: 7s 7h + a wild 7 is a trio.
    let (code, out, err) = rank(&["--set", "joker=7"]);
    assert_eq!((code, out.split(' ').next()), (Some(0), Some("trio")), "{out}{err}");
    // ...and is refused where the variant makes each player's own rank wild.
    let (code, out, err) = rank(&["--variant", "high_wild", "--set", "joker=7"]);
    assert_eq!(code, Some(2), "joker=7 under high_wild was accepted: {out}");
    assert!(err.contains("joker") && err.contains("high_wild"), "{err}");
    // A draw at a table is not a card `hand rank` can use: it must be given.
    let (code, _, err) = rank(&["--set", "bust=draw"]);
    assert_eq!(code, Some(2));
    assert!(err.contains("bust=9"), "{err}");
    // --variant and variant= must agree.
    let (code, out, err) = rank(&["--variant", "classic", "--set", "variant=muflis"]);
    assert_eq!(code, Some(2), "a contradicting variant was played: {out}");
    assert!(err.contains("classic") && err.contains("muflis"), "{err}");
    let (code, _, err) = rank(&["--set", "variant=muflis"]);
    assert_eq!(code, Some(0), "{err}");
    // An option that does not change how hands rank is refused, and the message lists those that do.
    let (code, _, err) = rank(&["--set", "boot=5"]);
    assert_eq!(code, Some(2));
    assert!(err.contains("langdi") && err.contains("a23") && !err.contains("chaal_limit"), "{err}");
    // Booleans: every accepted spelling is named.
    let (code, _, err) = rank(&["--set", "langdi=maybe"]);
    assert_eq!(code, Some(2));
    for word in ["true", "false", "yes", "no", "on", "off"] {
        assert!(err.contains(word), "{word} is accepted but not named: {err}");
    }
    let (code, _, err) = rank(&["--set", "langdi=yes"]);
    assert_eq!(code, Some(0), "{err}");
}

/// `replay -` reads the script from standard input.
#[test]
fn replay_dash_reads_standard_input() {
    let script = std::fs::read(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/scripts/worked_example.tp")).unwrap();
    let (code, out, err) = with_stdin(&["replay", "-"], &script);
    assert_eq!(code, Some(0), "{err}");
    assert!(out.contains("winners: D (pot 18, show)"), "{out}");
}

/// The script example of README.md replays as it is pasted (it used to fail: "line 8: `joker` needs
/// `rules joker`"), with every action accepted.
#[test]
fn the_readme_script_example_replays() {
    let readme = include_str!("../README.md");
    let section = readme.split("## Hand scripts").nth(1).expect("README has a Hand scripts section");
    let example = section.split("```").nth(1).expect("the section has a code block");
    let (code, out, err) = with_stdin(&["replay", "-", "--json"], example.as_bytes());
    assert_eq!(code, Some(0), "{err}\n{example}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["rejected"], serde_json::json!([]), "{example}");
    assert_ne!(v["ended_by"], "unfinished", "{v}");
}

/// A script too big for `replay` is refused with a clear message before it is parsed (a 9 MB script used to
/// peak at 1.87 GB).
#[test]
fn replay_refuses_a_script_over_its_size_bound() {
    let mut script = b"players A B\n".to_vec();
    script.extend(std::iter::repeat_n(b'#', 2 << 20));
    let (code, out, err) = with_stdin(&["replay", "-", "--json"], &script);
    assert_eq!(code, Some(2), "{out}");
    assert!(err.contains("larger than") && err.contains("MiB"), "{err}");
}

// ---------------------------------------------------------------- fatal errors, `.env`, `simulate`

/// What a failed command printed on stderr, and the lines of it that are the fatal error (`error: ...`).
fn fatal_lines(out: &std::process::Output) -> (String, Vec<String>) {
    let err = String::from_utf8_lossy(&out.stderr).into_owned();
    let fatal = err.lines().filter(|l| l.starts_with("error: ")).map(str::to_string).collect();
    (err, fatal)
}

/// Issue 11, finding 13: one rule for every subcommand. A fatal error is one line on stderr (`error: ...`) and a
/// non-zero exit; no log line repeats it; no colour codes when stderr is not a terminal (here a pipe, and
/// `NO_COLOR` unset, so nothing but the terminal check keeps the colour out).
#[test]
fn a_fatal_error_is_one_line_on_stderr_without_colour() {
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}", dir.path().join("no/such/folder/x.db").display());
    let runs: [(&str, Vec<&str>, i32); 3] = [
        ("simulate", vec!["simulate", "--database-url", &url], 2),
        ("loadtest", vec!["loadtest", "--seconds", "1", "--database-url", &url], 2),
        ("run", vec!["run"], 1),
    ];
    for (name, args, code) in runs {
        let out = bot()
            .env_remove("NO_COLOR")
            .env_remove("RUST_LOG")
            .env("DISCORD_TOKEN", "t")
            .env("DATABASE_URL", &url)
            .env("DISCORD_API_URL", "http://127.0.0.1:9")
            .current_dir(dir.path())
            .args(&args)
            .output()
            .unwrap();
        let (err, fatal) = fatal_lines(&out);
        assert_eq!(out.status.code(), Some(code), "{name}: {err}");
        assert_eq!(fatal.len(), 1, "{name}: the fatal error is printed once, as one `error:` line:\n{err}");
        assert!(fatal[0].contains("x.db"), "{name}: {err}");
        assert!(!err.contains("ERROR"), "{name}: a log line repeats the fatal error:\n{err}");
        assert!(!err.contains('\u{1b}'), "{name}: colour codes on a pipe:\n{err:?}");
    }
}

/// Issue 11, finding 16: a malformed `.env` line is refused, naming the file and the line, without echoing the
/// line (it may hold the token); before, it was skipped silently and so was everything after it.
#[test]
fn a_malformed_env_line_is_refused_with_its_line_number() {
    let dir = tempfile::tempdir().unwrap();
    let secret = "MTIzNDU2Nzg5.secret-in-dotenv";
    std::fs::write(
        dir.path().join(".env"),
        format!("# settings\nDATABASE_URL=sqlite://bot.db\nDISCORD_TOKEN {secret}\nDEV_GUILD_ID=123\n"),
    )
    .unwrap();
    let out = bot().current_dir(dir.path()).arg("run").output().unwrap();
    let (err, fatal) = fatal_lines(&out);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert_eq!(fatal.len(), 1, "{err}");
    assert!(fatal[0].starts_with("error: file .env, line 3: "), "{err}");
    assert!(!err.contains(secret), "the .env line was echoed: {err}");
    assert!(!dir.path().join("bot.db").exists(), "nothing is created when .env is refused");
}

/// Issue 11, finding 18: `simulate` checks every argument before it touches the disk (no database, no `-wal`,
/// no `-shm` left behind), and refuses `--tables 0` instead of reporting an audit of nothing.
#[test]
fn simulate_checks_its_arguments_before_touching_the_disk() {
    for (args, named) in [
        (["--players", "11"], "--players"),
        (["--players", "1"], "--players"),
        (["--tables", "0"], "--tables"),
        (["--hands", "0"], "--hands"),
    ] {
        let dir = tempfile::tempdir().unwrap();
        let url = format!("sqlite://{}", dir.path().join("sim.db").display());
        let out = bot().args(["simulate", "--database-url", &url]).args(args).output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains(named), "{args:?}: {err}");
        assert!(!String::from_utf8_lossy(&out.stdout).contains("audit"), "{args:?}");
        let left: Vec<_> = std::fs::read_dir(dir.path()).unwrap().map(|e| e.unwrap().file_name()).collect();
        assert!(left.is_empty(), "{args:?} left {left:?}");
    }
}

/// Issue 11, finding 18: on a fresh file `simulate` says nothing about recovering hands (there were none), and
/// the database it leaves behind has no open table: not its own, nor one an interrupted run left open.
#[tokio::test]
async fn simulate_says_nothing_of_an_empty_recovery_and_leaves_no_table_open() {
    use teenpatti::ids::{ChannelId, UserId};
    use teenpatti::store::{NewTable, Store};
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}", dir.path().join("sim.db").display());
    let simulate =
        || bot().args(["simulate", "--database-url", &url, "--tables", "2", "--hands", "2", "--players", "3"]).output();

    let out = simulate().unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{stdout}{}", String::from_utf8_lossy(&out.stderr));
    assert!(!stdout.contains("recovered"), "{stdout}");
    assert!(stdout.contains("audit ok"), "{stdout}");
    let store = Store::open(&url).await.unwrap();
    assert_eq!(store.open_tables().await.unwrap(), vec![], "simulate left tables open");

    // A table an interrupted run left open (a run with more tables than this one plays).
    let left = store
        .open_table(NewTable {
            guild: teenpatti::sim::SIM_GUILD,
            channel: ChannelId(teenpatti::sim::SIM_CHANNEL_BASE + 7),
            opener: UserId(teenpatti::sim::SIM_USER_BASE),
            rules: Default::default(),
            max_players: 3,
            turn_seconds: 600,
        })
        .await
        .unwrap();
    store.close().await;
    let out = simulate().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let store = Store::open(&url).await.unwrap();
    let open: Vec<_> = store.open_tables().await.unwrap().into_iter().map(|t| t.id).collect();
    assert!(open.is_empty(), "tables {open:?} still open (the interrupted run's was {})", left.id);
    assert!(store.audit().await.unwrap().ok());
    store.close().await;
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
        assert_eq!(code, Some(2), "{url}: the bot must refuse to start (a bad setting: exit 2): {out}");
        assert!(out.contains("in memory") || out.contains("no file"), "{url}: {out}");
    }
}

/// A second process on the bot's SQLite file is refused at start with a message naming the way to run several
/// (PostgreSQL), and writes nothing; the first is untouched.
#[tokio::test]
async fn a_second_process_on_one_sqlite_file_is_refused() {
    let db = fixtures::temp_db("shared.db");
    let first = teenpatti::store::Store::open(&db.url).await.unwrap();
    let out = bot().args(["simulate", "--tables", "1", "--hands", "1", "--database-url", &db.url]).output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success(), "the second process ran: {err}");
    assert!(err.contains("another teenpatti-bot process is using") && err.contains("PostgreSQL"), "{err}");
    assert!(first.recent_hands(fixtures::G, None, None, 10).await.unwrap().is_empty(), "it wrote nothing");
    assert!(first.audit().await.unwrap().ok());
    first.close().await;
}

/// A PostgreSQL URL's password never reaches the log or a message: not at start, not when the server does
/// not answer.
#[test]
fn a_postgres_password_is_never_printed() {
    let (code, out) = run_bot("postgres://bot:hunter2secret@127.0.0.1:9/teenpatti", None);
    assert_eq!(code, Some(1), "an unreachable server is a failure: {out}");
    assert!(out.contains("postgres://bot:***@127.0.0.1:9/teenpatti"), "the URL is named: {out}");
    assert!(!out.contains("hunter2secret"), "{out}");
}

/// Round 3, issue 2: a folder or a dangling symbolic link as the database (SQLite's raw "(code: 14) unable to
/// open database file", and a `.lock` file left behind, before), and a `RUST_LOG` that is not a filter (silently
/// ignored, before): each one line naming what is wrong, exit 2 (a bad setting), nothing left behind.
#[test]
fn a_folder_a_dangling_link_or_a_bad_log_filter_is_one_clear_line() {
    let dir = tempfile::tempdir().unwrap();
    let folder = dir.path().join("data");
    std::fs::create_dir(&folder).unwrap();
    let link = dir.path().join("gone.db");
    std::os::unix::fs::symlink(dir.path().join("nowhere/bot.db"), &link).unwrap();
    let run = |url: String, rust_log: Option<&str>| {
        let mut c = bot();
        c.arg("run")
            .env("DISCORD_TOKEN", "token")
            .env("DATABASE_URL", url)
            .env("DISCORD_API_URL", "http://127.0.0.1:9");
        if let Some(filter) = rust_log {
            c.env("RUST_LOG", filter);
        }
        let out = c.output().unwrap();
        (out.status.code(), String::from_utf8_lossy(&out.stderr).into_owned())
    };
    let (code, err) = run(format!("sqlite://{}", folder.display()), None);
    assert_eq!(code, Some(2), "{err}");
    assert!(err.lines().last().is_some_and(|l| l.contains("names a folder, not a database file")), "{err}");
    let (code, err) = run(format!("sqlite://{}", link.display()), None);
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("names a symbolic link to") && err.contains("which does not exist"), "{err}");
    assert!(!err.contains("code: 14"), "{err}");
    let left: Vec<_> = std::fs::read_dir(dir.path()).unwrap().flatten().map(|e| e.file_name()).collect();
    assert_eq!(left.len(), 2, "nothing made beside them: {left:?}");
    assert!(std::fs::read_dir(&folder).unwrap().next().is_none(), "nothing made in the folder");
    let db = format!("sqlite://{}", dir.path().join("bot.db").display());
    for filter in ["info,teenpatti=verbose", "warning", "inf"] {
        let (code, err) = run(db.clone(), Some(filter));
        assert_eq!(code, Some(2), "{filter}: {err}");
        assert!(err.starts_with(&format!("error: RUST_LOG is not valid: `{filter}`")), "{err}");
        assert_eq!(err.lines().count(), 1, "{err}");
    }
}

/// Round 3, issue 2, items 1 and 4: `hand picture` takes its options after the cards (as the README writes
/// them) and bounds its rows and its mark; `chaos --seeds 0` is refused rather than doing nothing with exit 0.
#[test]
fn tool_arguments_are_read_as_written_and_bounded() {
    let run = |args: &[&str]| {
        let out = bot().args(args).output().unwrap();
        (
            out.status.code(),
            String::from_utf8_lossy(&out.stdout).into_owned(),
            String::from_utf8_lossy(&out.stderr).into_owned(),
        )
    };
    let (code, out, err) = run(&["hand", "picture", "As Ks Qs", "--repeat", "1", "--mark", "1"]);
    assert_eq!(code, Some(0), "{err}");
    assert!(out.starts_with("picture bytes="), "{out}");
    let eleven: Vec<&str> = std::iter::once("hand").chain(std::iter::once("picture")).chain(["As"; 11]).collect();
    let (code, _, err) = run(&eleven);
    assert_eq!(code, Some(2));
    assert!(err.contains("11 rows: a picture has at most 10"), "{err}");
    for mark in ["0", "3"] {
        let (code, _, err) = run(&["hand", "picture", "As", "Ks", "--mark", mark, "--repeat", "1"]);
        assert_eq!(code, Some(2), "--mark {mark}");
        assert!(err.contains("the rows are numbered 1 to 2"), "{err}");
    }
    let (code, out, err) = run(&["chaos", "--seeds", "0"]);
    assert_eq!(code, Some(2), "{out}");
    assert!(err.contains("at least 1"), "{err}");
}
