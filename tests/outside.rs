//! What an outsider finds in an hour, part 1 (round 3, issue 1): the release binary tried as a new operator and
//! an attacker would try it. Each test here failed before its fix (the findings, in order):
//!
//! 1. one SQLite file under another name (a symbolic link, a `..` path, a bind mount, a hard link) is still one
//!    database: a second process is refused, and a process that finds its hands changed by another stops with
//!    one line instead of logging an error per click;
//! 2. `.env`: a NUL byte, a device, a FIFO, a huge file: one `error:` line, exit 2, the value never echoed;
//! 3. a hostile server's answers (200,000 characters, ESC and newlines, the Authorization header echoed) and
//!    credentials in URLs: bounded one-line errors, no secret;
//! 4. another application's database refused byte for byte untouched; a new database refused before it is
//!    created on a full disk;
//! 5. `loadtest` (and `simulate`) stopped by SIGTERM or Ctrl-C: the summary of what ran, nothing left in TMPDIR;
//! 6. a failure repeated per write batch logged once, not per batch;
//! 8. a closed or full standard output: the tools end quietly (closed) or with one line (full), never a panic.
//!
//! Finding 7 (the channel permissions) is end to end in `e2e_edges.rs`, finding 8's `run` with its log stream
//! closed in `e2e_process.rs`, finding 9 (python3) in `fair.rs`.

mod fixtures;

use std::io::{BufRead, BufReader, Read, Write};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use teenpatti::store::{OpenOptions, Store};

fn bot() -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_teenpatti-bot"));
    c.env_remove("DISCORD_TOKEN")
        .env_remove("DATABASE_URL")
        .env_remove("DISCORD_API_URL")
        .env_remove("RUST_LOG")
        .env("NO_COLOR", "1");
    c
}

/// What every line a process printed must be, whatever was thrown at it: short, one line, no control byte, no
/// secret, no panic.
fn assert_clean_lines(output: &str, secrets: &[&str]) {
    assert!(!output.contains("panicked"), "a panic:\n{output}");
    for secret in secrets {
        assert!(!output.contains(secret), "the secret {secret:?} leaked:\n{output}");
    }
    for line in output.lines() {
        assert!(line.len() < 512, "a line of {} bytes: {}…", line.len(), line.chars().take(300).collect::<String>());
        assert!(!line.chars().any(|c| c.is_control() && c != '\t'), "a control byte in {line:?}");
    }
}

/// Whether this test runs as root (who may mount: CI does), by the owner of its own `/proc/self`.
fn is_root() -> bool {
    use std::os::unix::fs::MetadataExt;
    std::fs::metadata("/proc/self").is_ok_and(|m| m.uid() == 0)
}

/// Waits up to `timeout` for `child` to exit.
fn wait_for(child: &mut Child, timeout: Duration) -> Option<std::process::ExitStatus> {
    let deadline = Instant::now() + timeout;
    loop {
        match child.try_wait() {
            Ok(Some(status)) => return Some(status),
            Ok(None) if Instant::now() < deadline => std::thread::sleep(Duration::from_millis(20)),
            _ => return None,
        }
    }
}

fn signal(child: &Child, name: &str) {
    let status = Command::new("kill").args([&format!("-{name}"), &child.id().to_string()]).status().unwrap();
    assert!(status.success());
}

/// A child's stdout and stderr, read as they come (so a pipe never fills up), each a shared text.
struct Captured {
    out: Arc<Mutex<String>>,
    err: Arc<Mutex<String>>,
}

/// Runs `teenpatti-bot ARGS` (with `env` added) with its output captured as it comes.
fn spawn(args: &[&str], env: &[(&str, &dyn AsRef<std::ffi::OsStr>)]) -> (Child, Captured) {
    let mut command = bot();
    command.args(args).stdout(Stdio::piped()).stderr(Stdio::piped());
    for (name, value) in env {
        command.env(name, value);
    }
    let mut child = command.spawn().unwrap();
    let io = Captured::of(&mut child);
    (child, io)
}

impl Captured {
    fn of(child: &mut Child) -> Captured {
        let read = |stream: Box<dyn Read + Send>| {
            let text = Arc::new(Mutex::new(String::new()));
            let into = text.clone();
            std::thread::spawn(move || {
                for line in BufReader::new(stream).lines() {
                    let Ok(line) = line else { break };
                    let mut t = into.lock().unwrap();
                    t.push_str(&line);
                    t.push('\n');
                }
            });
            text
        };
        let out = read(Box::new(child.stdout.take().unwrap()));
        let err = read(Box::new(child.stderr.take().unwrap()));
        Captured { out, err }
    }

    fn out(&self) -> String {
        self.out.lock().unwrap().clone()
    }

    fn err(&self) -> String {
        self.err.lock().unwrap().clone()
    }

    /// Waits until stderr holds `needle`.
    fn wait_err(&self, needle: &str, timeout: Duration) {
        let deadline = Instant::now() + timeout;
        while !self.err().contains(needle) {
            assert!(Instant::now() < deadline, "no {needle:?} on stderr:\n{}", self.err());
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}

// ---- Finding 1: one file, whatever its name -------------------------------------------------------------------

/// Runs `simulate` on `url` (a second process beside this test's store) and returns (exit code, stderr).
fn simulate_on(url: &str) -> (Option<i32>, String) {
    let out = bot().args(["simulate", "--tables", "1", "--hands", "1", "--database-url", url]).output().unwrap();
    (out.status.code(), String::from_utf8_lossy(&out.stderr).into_owned())
}

/// The guard against two processes on one SQLite file used to be a lock file named after the path: through a
/// symbolic link the second process took the shard leases and the first stepped down. Now the lock is on the
/// file itself: every name of it is refused while a process has it, and nothing is written through any of them.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_name_of_a_database_file_is_one_database() {
    let dir = tempfile::tempdir().unwrap();
    let real = dir.path().join("shared.db");
    let first = Store::open(&format!("sqlite://{}", real.display())).await.unwrap();
    first.balance(fixtures::G, fixtures::ALICE).await.unwrap();
    let other = tempfile::tempdir().unwrap();
    let alias = other.path().join("alias.db");
    std::os::unix::fs::symlink(&real, &alias).unwrap();
    std::fs::create_dir(dir.path().join("sub")).unwrap();
    let mut names = vec![
        ("the same name", real.display().to_string()),
        ("a symbolic link", alias.display().to_string()),
        ("a .. path", format!("{}/sub/../shared.db", dir.path().display())),
    ];
    // A bind mount of the folder: the same file under another path. Root can mount (as CI runs); elsewhere the
    // three names above still hold the guard to the file.
    let bound = tempfile::tempdir().unwrap();
    let mounted = Command::new("mount")
        .args(["--bind", &dir.path().display().to_string(), &bound.path().display().to_string()])
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success());
    if mounted {
        names.push(("a bind mount", bound.path().join("shared.db").display().to_string()));
    } else {
        assert!(!is_root(), "root could not bind-mount a folder");
    }
    for (how, path) in &names {
        let (code, err) = simulate_on(&format!("sqlite://{path}"));
        assert_eq!(code, Some(2), "{how}: the second process must be refused: {err}");
        assert!(err.contains("another teenpatti-bot process is using"), "{how}: {err}");
        assert_eq!(err.lines().count(), 1, "{how}: one line: {err}");
    }
    if mounted {
        let _ = Command::new("umount").arg(bound.path()).status();
    }
    assert!(first.recent_hands(fixtures::G, None, None, 10).await.unwrap().is_empty(), "nothing was written");
    assert!(first.audit().await.unwrap().ok());
    assert!(!dir.path().join("shared.db.lock").exists() && !other.path().join("alias.db.lock").exists());
    first.close().await;
    // Closed, the file opens again through another name.
    let (code, err) = simulate_on(&format!("sqlite://{}", alias.display()));
    assert_eq!(code, Some(0), "{err}");
}

/// A file with two hard links would keep a WAL beside each name; a crash would leave committed writes in the
/// WAL that the next start, through the other name, does not read. Refused, naming both, and left untouched.
#[test]
fn a_database_with_two_hard_links_is_refused_naming_them() {
    let dir = tempfile::tempdir().unwrap();
    let real = dir.path().join("shared.db");
    let (code, err) = simulate_on(&format!("sqlite://{}", real.display()));
    assert_eq!(code, Some(0), "{err}");
    std::fs::hard_link(&real, dir.path().join("hard.db")).unwrap();
    let before = std::fs::read(&real).unwrap();
    for name in ["shared.db", "hard.db"] {
        let (code, err) = simulate_on(&format!("sqlite://{}", dir.path().join(name).display()));
        assert_eq!(code, Some(2), "{name}: {err}");
        assert!(err.contains("2 hard links") && err.contains("hard.db") && err.contains("shared.db"), "{err}");
        assert_clean_lines(&err, &[]);
    }
    assert_eq!(std::fs::read(&real).unwrap(), before, "the file is untouched");
}

/// A process whose hands another process ended (here: this test, refunding them beside it) used to log
/// `hand #N is not live` for every click, millions of lines. It stops with one line and exit 1.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_process_whose_hands_are_taken_stops_with_one_line() {
    let db = fixtures::temp_db("taken.db");
    let (mut child, io) = spawn(&["simulate", "--tables", "2", "--hands", "1000000", "--database-url", &db.url], &[]);
    let beside = OpenOptions { beside_the_bot: true, ..OpenOptions::default() };
    let mut store = None;
    for _ in 0..200 {
        if let Ok(s) = Store::open_with(&db.url, beside.clone()).await {
            if !s.live_hands().await.unwrap_or_default().is_empty() {
                store = Some(s);
                break;
            }
            s.close().await;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let store = store.expect("the simulation never dealt");
    let started = Instant::now();
    let mut status = None;
    while started.elapsed() < Duration::from_secs(30) {
        for hand in store.live_hands().await.unwrap_or_default() {
            let _ = store.refund_hand(hand.summary.id, "taken by another process (the test)").await;
        }
        status = child.try_wait().unwrap();
        if status.is_some() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    store.close().await;
    let Some(status) = status else {
        let _ = child.kill();
        panic!("the process went on after its hands were taken:\n{}", io.err().chars().take(4000).collect::<String>());
    };
    std::thread::sleep(Duration::from_millis(200));
    let err = io.err();
    assert_eq!(status.code(), Some(1), "{err}");
    assert!(err.contains("changed outside this process (another process on this database?)"), "{err}");
    assert!(err.lines().count() <= 10, "a few lines, not one per click:\n{err}");
    assert_clean_lines(&err, &[]);
}

// ---- Finding 2: .env --------------------------------------------------------------------------------------------

/// `run` in a folder holding `.env` as `make` makes it; (exit code, stderr), within 10 s.
fn run_with_env_file(make: impl FnOnce(&Path)) -> (Option<i32>, String) {
    let dir = tempfile::tempdir().unwrap();
    make(&dir.path().join(".env"));
    let mut child =
        bot().arg("run").current_dir(dir.path()).stdout(Stdio::null()).stderr(Stdio::piped()).spawn().unwrap();
    let io = Captured { out: Arc::default(), err: Arc::default() };
    let err = child.stderr.take().unwrap();
    let into = io.err.clone();
    let reader = std::thread::spawn(move || {
        let mut text = String::new();
        let _ = BufReader::new(err).take(1 << 20).read_to_string(&mut text);
        *into.lock().unwrap() = text;
    });
    let status = wait_for(&mut child, Duration::from_secs(10));
    if status.is_none() {
        let _ = child.kill();
        let _ = child.wait();
    }
    let _ = reader.join();
    assert!(status.is_some(), "run hung on this .env");
    (status.and_then(|s| s.code()), io.err())
}

#[test]
fn a_bad_env_file_is_one_line_exit_2_without_its_value() {
    type Make = Box<dyn FnOnce(&Path)>;
    let cases: [(&str, Make, &str); 5] = [
        ("a NUL byte", Box::new(|p: &Path| std::fs::write(p, b"DISCORD_TOKEN=TOK\x00EN\n").unwrap()), "line 1"),
        (
            "a quoted NUL byte",
            Box::new(|p: &Path| std::fs::write(p, b"A=1\nDISCORD_TOKEN=\"TOK\x00EN\"\n").unwrap()),
            "line 2",
        ),
        ("/dev/zero", Box::new(|p: &Path| std::os::unix::fs::symlink("/dev/zero", p).unwrap()), "not a regular file"),
        (
            "a FIFO",
            Box::new(|p: &Path| {
                rustix::fs::mkfifoat(rustix::fs::CWD, p, rustix::fs::Mode::from_raw_mode(0o600)).unwrap()
            }),
            "not a regular file",
        ),
        (
            "a huge file",
            Box::new(|p: &Path| std::fs::write(p, format!("DISCORD_TOKEN=TOKEN\n#{}\n", "x".repeat(1 << 20))).unwrap()),
            "64 KiB",
        ),
    ];
    for (what, make, says) in cases {
        let (code, err) = run_with_env_file(make);
        assert_eq!(code, Some(2), "{what}: {err}");
        assert!(err.starts_with("error: file .env") && err.contains(says), "{what}: {err}");
        assert_eq!(err.lines().count(), 1, "{what}: {err}");
        assert_clean_lines(&err, &["TOK"]);
    }
}

// ---- Finding 3: remote text and secrets --------------------------------------------------------------------------

/// A hostile "Discord" (or proxy) on 127.0.0.1: every request is answered `status` with a JSON error whose
/// message is 200,000 characters of text, ESC sequences and newlines, and echoes the request's Authorization
/// header. Returns its base URL and how many requests it answered.
fn hostile_server(status: u16) -> (String, Arc<Mutex<usize>>) {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let url = format!("http://127.0.0.1:{}", listener.local_addr().unwrap().port());
    let count = Arc::new(Mutex::new(0));
    let seen = count.clone();
    std::thread::spawn(move || {
        for stream in listener.incoming() {
            let Ok(mut stream) = stream else { continue };
            *seen.lock().unwrap() += 1;
            std::thread::spawn(move || {
                let mut head = Vec::new();
                let mut byte = [0u8; 1];
                while !head.ends_with(b"\r\n\r\n") && stream.read(&mut byte).is_ok_and(|n| n == 1) {
                    head.push(byte[0]);
                }
                let head = String::from_utf8_lossy(&head);
                let auth: Vec<&str> =
                    head.lines().filter(|l| l.to_ascii_lowercase().starts_with("authorization:")).collect();
                let message = format!(
                    "{}{} headers: {}",
                    "A".repeat(100_000),
                    "\u{1b}[2J\nforged log line\r\n".repeat(5_000),
                    auth.join(" | ")
                );
                let body = serde_json::json!({"message": message, "code": 50001, "retry_after": 0.05, "global": false})
                    .to_string();
                let reason = if status == 429 { "Too Many Requests" } else { "Forbidden" };
                let answer = format!(
                    "HTTP/1.1 {status} {reason}\r\ncontent-type: application/json\r\ncontent-length: {}\r\n\
                     retry-after: 1\r\nconnection: close\r\n\r\n{body}",
                    body.len()
                );
                let _ = stream.write_all(answer.as_bytes());
            });
        }
    });
    (url, count)
}

/// `run` against a hostile server: the start-up check's refusal (403) is one bounded line, exit 2; a rate limit
/// (429) is retried with bounded WARN lines; the token the server echoes back, and the password of the API URL,
/// appear nowhere.
#[test]
fn a_hostile_servers_answers_are_bounded_lines_without_secrets() {
    let token = "MTIzNDU2Nzg5MDEy.SECRET-token-value";
    for status in [403, 429] {
        let (url, count) = hostile_server(status);
        let with_password = url.replace("http://", "http://proxyuser:proxypass-secret@");
        let dir = tempfile::tempdir().unwrap();
        let db = format!("sqlite://{}", dir.path().join("teenpatti.db").display());
        let env: [(&str, &dyn AsRef<std::ffi::OsStr>); 3] =
            [("DISCORD_TOKEN", &token), ("DISCORD_API_URL", &with_password), ("DATABASE_URL", &db)];
        let (mut child, io) = spawn(&["run"], &env);
        let exited = match status {
            403 => wait_for(&mut child, Duration::from_secs(20)),
            _ => {
                // Retried while it lasts: three tries, then stopped.
                let deadline = Instant::now() + Duration::from_secs(20);
                while *count.lock().unwrap() < 3 && Instant::now() < deadline {
                    std::thread::sleep(Duration::from_millis(50));
                }
                signal(&child, "TERM");
                wait_for(&mut child, Duration::from_secs(20))
            }
        };
        std::thread::sleep(Duration::from_millis(200));
        let (out, err) = (io.out(), io.err());
        let all = format!("{out}{err}");
        let code = exited.and_then(|s| s.code());
        match status {
            403 => {
                assert_eq!(code, Some(2), "{all}");
                let last = err.lines().last().unwrap_or_default();
                assert!(last.starts_with("error: Discord refused the start-up: GET /users/@me: AAAA"), "{last}");
            }
            _ => {
                assert_eq!(code, Some(0), "{all}");
                assert!(err.matches("could not reach Discord").count() >= 2, "{err}");
            }
        }
        assert!(all.len() < 16 * 1024, "{} bytes of output", all.len());
        assert!(all.contains("proxyuser:***@"), "the API URL is shown, masked: {all}");
        assert_clean_lines(&all, &[token, "SECRET-token", "proxypass-secret"]);
    }
}

/// A PostgreSQL URL's password and password-like parameters never show: not at start, not in the error.
#[test]
fn database_url_credentials_never_show() {
    let url = "postgres://u:secretpw-one@127.0.0.1:9/db?password=pw2-two&sslpassword=kp3-three&sslmode=disable";
    let out = bot()
        .arg("run")
        .env("DISCORD_TOKEN", "token-for-the-url-test")
        .env("DATABASE_URL", url)
        .env("DISCORD_API_URL", "http://127.0.0.1:9")
        .output()
        .unwrap();
    let all = format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    assert_eq!(out.status.code(), Some(1), "{all}");
    assert!(all.contains("postgres://u:***@127.0.0.1:9/db?password=***&sslpassword=***&sslmode=disable"), "{all}");
    assert_clean_lines(&all, &["secretpw-one", "pw2-two", "kp3-three"]);
}

// ---- Finding 4: another application's file, a full disk ----------------------------------------------------------

/// Another application's database (one table, journal mode delete) used to get the right refusal with its
/// header rewritten and left in WAL mode. Now it is read read-only first: byte for byte untouched, no file
/// beside it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn another_applications_database_is_refused_byte_for_byte_untouched() {
    let db = fixtures::temp_db("users.db");
    let options = sqlx::sqlite::SqliteConnectOptions::new()
        .filename(&db.path)
        .create_if_missing(true)
        .journal_mode(sqlx::sqlite::SqliteJournalMode::Delete);
    let pool = sqlx::SqlitePool::connect_with(options).await.unwrap();
    sqlx::raw_sql("CREATE TABLE users (id INTEGER PRIMARY KEY, name TEXT); INSERT INTO users VALUES (1, 'asha')")
        .execute(&pool)
        .await
        .unwrap();
    pool.close().await;
    let before = std::fs::read(&db.path).unwrap();
    assert_eq!(&before[18..20], &[1, 1], "journal mode delete: file format 1");
    let out = bot().args(["simulate", "--tables", "1", "--hands", "1", "--database-url", &db.url]).output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("is not a teenpatti database") && err.contains("users"), "{err}");
    let out = bot()
        .arg("run")
        .env("DISCORD_TOKEN", "token")
        .env("DATABASE_URL", &db.url)
        .env("DISCORD_API_URL", "http://127.0.0.1:9")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1), "{}", String::from_utf8_lossy(&out.stderr));
    assert_eq!(std::fs::read(&db.path).unwrap(), before, "the file is byte for byte as it was");
    let beside: Vec<String> =
        std::fs::read_dir(db.dir.path()).unwrap().flatten().map(|e| e.file_name().to_string_lossy().into()).collect();
    assert_eq!(beside, ["users.db"], "nothing was made beside it");
}

/// On a full disk a new database used to be created and migrated before the refusal (412 KiB free became
/// 44 KiB). Room is checked first: nothing is created.
#[test]
fn a_new_database_on_a_full_disk_is_refused_before_it_is_created() {
    let Some(fs) = fixtures::tmpfs::Tmpfs::mount("2m") else {
        assert!(!is_root(), "root could not mount a tmpfs");
        return;
    };
    fs.fill(412 * 1024);
    let free = || rustix::fs::statvfs(fs.path()).map(|s| s.f_bavail * s.f_frsize).unwrap();
    let before = free();
    let url = format!("sqlite://{}", fs.join("new.db").display());
    let out = bot().args(["simulate", "--tables", "1", "--hands", "1", "--database-url", &url]).output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("is full") && err.contains("free some space"), "{err}");
    assert!(!fs.join("new.db").exists(), "nothing was created");
    assert_eq!(free(), before, "no space was taken");
}

// ---- Finding 5: a stop by signal -----------------------------------------------------------------------------------

/// Every entry under `dir`, recursively.
fn files_under(dir: &Path) -> Vec<String> {
    let mut found = Vec::new();
    for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
        let path = entry.path();
        found.push(path.display().to_string());
        if path.is_dir() {
            found.extend(files_under(&path));
        }
    }
    found
}

/// `loadtest` stopped by SIGTERM or Ctrl-C (SIGINT) used to leave its temporary database (40-85 MB) with no
/// summary. Now it closes its tables, prints the summary of what ran (the books checked), removes the database
/// and exits 0; so does a run killed with SIGKILL, at the next run.
#[test]
fn loadtest_stopped_by_a_signal_sums_up_and_leaves_nothing() {
    for sig in ["TERM", "INT"] {
        let tmp = tempfile::tempdir().unwrap();
        let (mut child, io) = spawn(&["loadtest", "--tables", "4", "--seconds", "120"], &[("TMPDIR", &tmp.path())]);
        io.wait_err("progress t=1s", Duration::from_secs(60));
        assert!(!files_under(tmp.path()).is_empty(), "the temporary database is in TMPDIR while it runs");
        signal(&child, sig);
        let status = wait_for(&mut child, Duration::from_secs(30)).expect("loadtest did not stop");
        std::thread::sleep(Duration::from_millis(200));
        let (out, err) = (io.out(), io.err());
        assert_eq!(status.code(), Some(0), "SIG{sig}:\n{out}\n{err}");
        let summary = out.lines().find(|l| l.starts_with("loadtest tables=4 ")).unwrap_or_else(|| panic!("{out}"));
        assert!(summary.ends_with("audit=ok") && !summary.contains("actions=0 "), "{summary}");
        assert!(err.contains("stopped by"), "{err}");
        assert_eq!(files_under(tmp.path()), Vec::<String>::new(), "SIG{sig}: left in TMPDIR");
        assert_clean_lines(&format!("{out}{err}"), &[]);
    }
    // A run killed outright leaves its folder; the next run removes it.
    let tmp = tempfile::tempdir().unwrap();
    let (mut child, io) = spawn(&["loadtest", "--tables", "2", "--seconds", "120"], &[("TMPDIR", &tmp.path())]);
    io.wait_err("progress t=1s", Duration::from_secs(60));
    child.kill().unwrap();
    child.wait().unwrap();
    assert!(!files_under(tmp.path()).is_empty());
    let out = bot().args(["loadtest", "--tables", "1", "--seconds", "1"]).env("TMPDIR", tmp.path()).output().unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    assert_eq!(files_under(tmp.path()), Vec::<String>::new(), "the killed run's database is removed");
}

/// `simulate` stopped by SIGTERM: its tables closed, what ran summed up and audited, exit 0.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn simulate_stopped_by_a_signal_closes_its_tables_and_sums_up() {
    let db = fixtures::temp_db("sim.db");
    let (mut child, io) = spawn(&["simulate", "--tables", "3", "--hands", "1000000", "--database-url", &db.url], &[]);
    std::thread::sleep(Duration::from_secs(2));
    signal(&child, "TERM");
    let status = wait_for(&mut child, Duration::from_secs(30)).expect("simulate did not stop");
    std::thread::sleep(Duration::from_millis(200));
    let (out, err) = (io.out(), io.err());
    assert_eq!(status.code(), Some(0), "{out}\n{err}");
    assert!(out.contains("audit ok"), "{out}");
    assert!(err.contains("stopped by SIGTERM"), "{err}");
    let store = Store::open(&db.url).await.unwrap();
    assert!(store.open_tables().await.unwrap().is_empty(), "its tables are closed");
    assert!(store.live_hands().await.unwrap().is_empty(), "no hand is left live");
    assert!(store.audit().await.unwrap().ok());
    store.close().await;
}

// ---- Finding 6: a failure repeated per batch --------------------------------------------------------------------

/// Log lines written through the test's subscriber (installed once for this test binary).
fn captured_logs() -> Arc<Mutex<Vec<u8>>> {
    static LOGS: std::sync::OnceLock<Arc<Mutex<Vec<u8>>>> = std::sync::OnceLock::new();
    LOGS.get_or_init(|| {
        #[derive(Clone)]
        struct Sink(Arc<Mutex<Vec<u8>>>);
        impl Write for Sink {
            fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
                self.0.lock().unwrap().extend_from_slice(buf);
                Ok(buf.len())
            }
            fn flush(&mut self) -> std::io::Result<()> {
                Ok(())
            }
        }
        let logs = Arc::new(Mutex::new(Vec::new()));
        let sink = Sink(logs.clone());
        let subscriber = tracing_subscriber::fmt()
            .with_writer(move || sink.clone())
            .with_ansi(false)
            .with_max_level(tracing::Level::INFO)
            .finish();
        tracing::subscriber::set_global_default(subscriber).unwrap();
        logs
    })
    .clone()
}

/// A full disk during play refused every write batch, and each refusal was an ERROR line: 3,163 in 6 s. Now
/// the first is logged with its cause and the rest are counted (a summary a minute while it lasts).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_full_disk_is_logged_once_not_per_batch() {
    let logs = captured_logs();
    let (db, store) = fixtures::temp_store().await;
    store.balance(fixtures::G, fixtures::ALICE).await.unwrap();
    let pages: i64 = sqlx::query_scalar("PRAGMA page_count").fetch_one(store.sqlite_pool().unwrap()).await.unwrap();
    store.close().await;
    let capped = OpenOptions { max_page_count: Some(pages as u64), ..OpenOptions::default() };
    let store = Store::open_with(&db.url, capped).await.unwrap();
    let mut failed = 0;
    for round in 0..20u64 {
        let grants = (0..50u64).map(|i| {
            let user = teenpatti::ids::UserId(1_000 + round * 100 + i);
            store.admin_grant(fixtures::G, user, 123_456_789, fixtures::ADMIN, "a long note to fill pages quickly")
        });
        failed += futures::future::join_all(grants).await.iter().filter(|r| r.is_err()).count();
    }
    store.close().await;
    assert!(failed > 500, "the capped database must refuse most writes ({failed} refused)");
    let text = String::from_utf8_lossy(&logs.lock().unwrap()).into_owned();
    let lines = text.lines().filter(|l| l.contains("a write batch failed")).count();
    assert_eq!(lines, 1, "one line for the state, not one per batch:\n{text}");
    assert!(text.contains("(the disk is full)"), "{text}");
}

// ---- Finding 8: closed and full output ------------------------------------------------------------------------

/// The tools with a closed standard output (`| head -0`): they end quietly with exit 0, no panic; with a full
/// one (`> /dev/full`): one `error:` line and exit 1.
#[test]
fn a_closed_or_full_output_ends_a_tool_quietly_or_with_one_line() {
    let dir = tempfile::tempdir().unwrap();
    let db = format!("sqlite://{}", dir.path().join("sim.db").display());
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/scripts/worked_example.tp");
    let tools: Vec<Vec<&str>> = vec![
        vec!["bots", "--deals", "200", "--trace"],
        vec!["odds", "As Ks Qs"],
        vec!["hand", "picture", "--repeat", "1", "As Ks Qs"],
        vec!["simulate", "--tables", "1", "--hands", "2", "--database-url", &db],
        vec!["loadtest", "--tables", "1", "--seconds", "1"],
        vec!["replay", script],
        vec!["chaos", "--seeds", "1", "--steps", "20"],
        vec!["--help"],
    ];
    for args in &tools {
        // Closed: the reading end of the pipe is gone before the tool writes.
        let mut child = bot().args(args).stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().unwrap();
        drop(child.stdout.take());
        let out = child.wait_with_output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(0), "{args:?} with a closed output: {err}");
        assert_clean_lines(&err, &[]);
        assert!(!err.contains("error:"), "{args:?}: quietly: {err}");
        // Full: one error line.
        let full = std::fs::OpenOptions::new().write(true).open("/dev/full").unwrap();
        let out = bot().args(args).stdout(full).output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        if args == &["--help"] {
            continue;
        }
        assert_eq!(out.status.code(), Some(1), "{args:?} onto a full disk: {err}");
        assert!(err.lines().last().is_some_and(|l| l.starts_with("error: cannot write the output")), "{args:?}: {err}");
        assert_eq!(err.matches("error:").count(), 1, "{args:?}: {err}");
        assert_clean_lines(&err, &[]);
    }
    // `hand rank` with a closed output, many lines in.
    let mut child = bot()
        .args(["hand", "rank"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    let mut input = child.stdin.take().unwrap();
    let _ = input.write_all("As Ks Qs\n".repeat(100_000).as_bytes());
    drop(input);
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert_clean_lines(&String::from_utf8_lossy(&out.stderr), &[]);
}
