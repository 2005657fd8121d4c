//! Runs the real `teenpatti-bot` binary against the stand-in.

use std::fs::File;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use super::privacy::{log_leaks, CardFinder, Secret};
use super::FakeDiscord;

/// How the bot reaches the stand-in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// As production does: serenity's rate limiter on, `https://discord.com` (resolved to the stand-in's TLS
    /// listener, its test authority trusted: `TEENPATTI_TESTING=1`, `TEENPATTI_TEST_DISCORD_ADDR`,
    /// `TEENPATTI_TEST_DISCORD_CA`). The default.
    Production,
    /// Through `DISCORD_API_URL`, as behind a rate-limit proxy: serenity's rate limiter off, plain HTTP. What
    /// several processes run (docs/scale-out.md); chosen when the test's environment sets `DISCORD_API_URL`, or by
    /// [`BotProcess::spawn_proxied`].
    Proxy,
}

/// The bot process (`teenpatti-bot run`), its stdout and stderr captured in a log file that is printed when
/// the test fails (or on `print_log`). Killed (SIGKILL) on drop, after its log is scanned for secrets
/// ([`BotProcess::log_leaks`]): every end-to-end scenario's every process.
pub struct BotProcess {
    child: Option<Child>,
    log_path: PathBuf,
    /// Its `DATABASE_URL`, where the log scan reads the hands' seeds.
    database_url: String,
    _dir: tempfile::TempDir,
}

impl BotProcess {
    /// The bot as production runs it ([`Mode::Production`]), or through `DISCORD_API_URL` when `extra_env` sets it.
    pub fn spawn(fake: &FakeDiscord, db_path: &Path, extra_env: &[(&str, &str)]) -> BotProcess {
        BotProcess::spawn_logging(fake, db_path, extra_env, true, Mode::Production)
    }

    /// The bot behind a rate-limit proxy ([`Mode::Proxy`]): `DISCORD_API_URL` is the stand-in's plain address.
    pub fn spawn_proxied(fake: &FakeDiscord, db_path: &Path, extra_env: &[(&str, &str)]) -> BotProcess {
        BotProcess::spawn_logging(fake, db_path, extra_env, true, Mode::Proxy)
    }

    /// The bot with its log stream (stdout and stderr) closed from the start: a pipe whose reading end is gone,
    /// as under a `| head` that ended or a journal that went away. Its log is empty.
    pub fn spawn_with_closed_log(fake: &FakeDiscord, db_path: &Path, extra_env: &[(&str, &str)]) -> BotProcess {
        BotProcess::spawn_logging(fake, db_path, extra_env, false, Mode::Production)
    }

    /// `teenpatti-bot floor` as production runs the bot: the real-path benchmark's floor (no database).
    pub fn spawn_floor(fake: &FakeDiscord, extra_env: &[(&str, &str)]) -> BotProcess {
        BotProcess::spawn_command(fake, Path::new("no-database.db"), extra_env, true, Mode::Production, "floor")
    }

    fn spawn_logging(
        fake: &FakeDiscord,
        db_path: &Path,
        extra_env: &[(&str, &str)],
        logged: bool,
        mode: Mode,
    ) -> BotProcess {
        BotProcess::spawn_command(fake, db_path, extra_env, logged, mode, "run")
    }

    fn spawn_command(
        fake: &FakeDiscord,
        db_path: &Path,
        extra_env: &[(&str, &str)],
        logged: bool,
        mode: Mode,
        command: &str,
    ) -> BotProcess {
        let dir = tempfile::tempdir().expect("temp dir for the bot log");
        let log_path = dir.path().join("bot.log");
        let log = File::create(&log_path).expect("create bot log");
        let log2 = log.try_clone().expect("clone log handle");
        let (out, err) = match logged {
            true => (Stdio::from(log), Stdio::from(log2)),
            false => (Stdio::piped(), Stdio::piped()),
        };
        // TEENPATTI_TEST_WRAPPER (profiling only, docs/performance.md): a command the bot runs under, e.g.
        // `heaptrack -o /tmp/bot`; the process measured is then the wrapper's.
        let mut cmd = match std::env::var("TEENPATTI_TEST_WRAPPER").ok().filter(|w| !w.trim().is_empty()) {
            Some(wrapper) => {
                let mut words = wrapper.split_whitespace();
                let mut cmd = Command::new(words.next().unwrap_or_default());
                cmd.args(words).arg(crate::bot_exe());
                cmd
            }
            None => Command::new(crate::bot_exe()),
        };
        let proxied = mode == Mode::Proxy || extra_env.iter().any(|(k, _)| *k == "DISCORD_API_URL");
        if proxied {
            cmd.env("DISCORD_API_URL", fake.url());
        } else {
            cmd.env("TEENPATTI_TESTING", "1")
                .env("TEENPATTI_TEST_DISCORD_ADDR", fake.tls_addr().to_string())
                .env("TEENPATTI_TEST_DISCORD_CA", fake.ca_file());
        }
        cmd.arg(command)
            .env("DISCORD_TOKEN", fake.token())
            .env("DATABASE_URL", format!("sqlite://{}", db_path.display()))
            .env("DEV_GUILD_ID", fake.guild_id().to_string())
            .env("RUST_LOG", "info,teenpatti=debug")
            .env("NO_COLOR", "1")
            .stdin(Stdio::null())
            .stdout(out)
            .stderr(err);
        for (k, v) in extra_env {
            cmd.env(k, v);
        }
        let database_url = extra_env
            .iter()
            .find(|(k, _)| *k == "DATABASE_URL")
            .map_or_else(|| format!("sqlite://{}", db_path.display()), |(_, v)| v.to_string());
        let mut child = cmd.spawn().expect("spawn teenpatti-bot");
        // Unlogged: the pipes' reading ends are dropped at once.
        drop((child.stdout.take(), child.stderr.take()));
        BotProcess { child: Some(child), log_path, database_url, _dir: dir }
    }

    pub fn pid(&self) -> Option<u32> {
        self.child.as_ref().map(Child::id)
    }

    /// Everything the bot printed so far.
    pub fn log(&self) -> String {
        std::fs::read_to_string(&self.log_path).unwrap_or_default()
    }

    pub fn print_log(&self) {
        eprintln!("----- teenpatti-bot log -----\n{}\n----- end of bot log -----", self.log());
    }

    /// Is the process still running?
    pub fn is_running(&mut self) -> bool {
        self.child.as_mut().is_some_and(|c| matches!(c.try_wait(), Ok(None)))
    }

    /// SIGKILL, as a crash would.
    pub fn kill(&mut self) {
        if let Some(mut c) = self.child.take() {
            let _ = c.kill();
            let _ = c.wait();
        }
    }

    /// Waits up to `timeout` for the process to end by itself (polling `try_wait`). Its exit status, or None if it
    /// is still running (it is left running).
    pub fn wait_exit(&mut self, timeout: Duration) -> Option<std::process::ExitStatus> {
        let c = self.child.as_mut()?;
        let deadline = std::time::Instant::now() + timeout;
        loop {
            match c.try_wait() {
                Ok(Some(status)) => return Some(status),
                Ok(None) if std::time::Instant::now() < deadline => std::thread::sleep(Duration::from_millis(50)),
                _ => return None,
            }
        }
    }

    /// SIGTERM, then waits up to `grace` for a clean exit (SIGKILL after that). Returns the exit code if any.
    pub fn stop(&mut self, grace: Duration) -> Option<i32> {
        let mut c = self.child.take()?;
        let pid = c.id().to_string();
        let _ = Command::new("kill").args(["-TERM", &pid]).status();
        let deadline = std::time::Instant::now() + grace;
        loop {
            match c.try_wait() {
                Ok(Some(status)) => return status.code(),
                Ok(None) if std::time::Instant::now() < deadline => std::thread::sleep(Duration::from_millis(50)),
                _ => {
                    let _ = c.kill();
                    return c.wait().ok().and_then(|s| s.code());
                }
            }
        }
    }
}

impl BotProcess {
    /// What its log tells that it must not: any card of the deck, a hand's seed stamped before that hand was over,
    /// a table's seed for its next hand ([`log_leaks`]; the seeds read from its database, on a runtime of its own:
    /// this runs in a destructor).
    pub fn log_leaks(&self) -> Vec<String> {
        let (url, log) = (self.database_url.clone(), self.log());
        let scan = move || {
            let rt = match tokio::runtime::Builder::new_current_thread().enable_all().build() {
                Ok(rt) => rt,
                Err(e) => return vec![format!("no runtime for the log scan: {e}")],
            };
            let deck = teenpatti::engine::cards::full_deck();
            match rt.block_on(secrets_in(&url)) {
                Ok(secrets) => log_leaks(&log, &CardFinder::new(&deck), &Default::default(), &secrets),
                Err(e) => vec![format!("the log scan could not read the hands' seeds from {url}: {e}")],
            }
        };
        std::thread::spawn(scan).join().unwrap_or_else(|_| vec!["the log scan itself failed".to_string()])
    }
}

/// Every hand's seed and when it ended, and each table's seed for its next hand (never over), from the database at
/// `url` (none if the bot never created it).
pub async fn secrets_in(url: &str) -> Result<Vec<Secret>, sqlx::Error> {
    use sqlx::Connection;
    const HANDS: &str = "SELECT id, fair, finished_at FROM hands";
    const NEXT: &str = "SELECT next_secret FROM game_tables WHERE next_secret IS NOT NULL";
    type Row = (i64, Option<String>, Option<i64>);
    let (hands, next): (Vec<Row>, Vec<String>) = if url.starts_with("postgres") {
        let mut c = sqlx::PgConnection::connect(url).await?;
        (sqlx::query_as(HANDS).fetch_all(&mut c).await?, sqlx::query_scalar(NEXT).fetch_all(&mut c).await?)
    } else {
        let path = url.trim_start_matches("sqlite://");
        if !Path::new(path).exists() {
            return Ok(Vec::new());
        }
        let mut c = sqlx::SqliteConnection::connect(&format!("{url}?mode=ro")).await?;
        (sqlx::query_as(HANDS).fetch_all(&mut c).await?, sqlx::query_scalar(NEXT).fetch_all(&mut c).await?)
    };
    let seed_of =
        |fair: &str| serde_json::from_str::<serde_json::Value>(fair).ok()?["secret"].as_str().map(String::from);
    let mut secrets: Vec<Secret> = hands
        .into_iter()
        .filter_map(|(hand, fair, ended)| Some(Secret { hand, seed: seed_of(fair.as_deref()?)?, ended }))
        .collect();
    secrets.extend(next.into_iter().map(|seed| Secret { hand: 0, seed, ended: None }));
    Ok(secrets)
}

impl Drop for BotProcess {
    /// Kills the process, then scans its log (unless the test already failed: its own failure says more).
    fn drop(&mut self) {
        if std::thread::panicking() {
            self.print_log();
            self.kill();
            return;
        }
        // Killed first: the log is then whole, and the database still.
        self.kill();
        let found = self.log_leaks();
        if !found.is_empty() {
            self.print_log();
            panic!("the bot's log tells what it must not:\n{}", found.join("\n"));
        }
    }
}
