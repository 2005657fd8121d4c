//! Configuration from the environment (and a `.env` file, if present).

use std::fmt;
use std::time::Duration;

/// Everything the bot reads at start.
#[derive(Clone)]
pub struct Config {
    /// The bot token. Never printed: `Debug` redacts it.
    pub token: String,
    pub database_url: String,
    /// Send every HTTP API call here instead of https://discord.com (a
    /// rate-limit proxy, or a local stand-in in tests).
    pub api_url: Option<String>,
    /// Register commands in this guild at once instead of globally.
    pub dev_guild: Option<u64>,
    /// Pause between hands.
    pub hand_break: Duration,
    /// How long a computer player takes to act (`TEENPATTI_BOT_DELAY_MS`, default 1.5 s).
    pub bot_delay: Duration,
    /// The Discord shards this process runs (docs/sharding.md).
    pub shards: Shards,
    /// How long this process's hold on its shards lasts without a renewal (`LEASE_SECONDS`, docs/scale-out.md).
    pub lease: Duration,
    /// Tests only: `discord.com` resolved to a local stand-in that serves TLS with a test certificate authority,
    /// so that the bot talks to it exactly as to Discord (serenity's rate limiter on, the real host name, TLS).
    /// Refused unless `TEENPATTI_TESTING=1` (docs/testing.md).
    pub test_discord: Option<TestDiscord>,
    /// Where `/metrics`, `/healthz` and `/readyz` are served (`METRICS_ADDR`, an `IP:PORT`); None: not served.
    pub metrics_addr: Option<std::net::SocketAddr>,
    /// How long a server's data is kept after the bot is removed from it (`DATA_RETENTION_DAYS`, docs/privacy.md).
    /// Tests only: `TEENPATTI_TEST_RETENTION_MS` with `TEENPATTI_TESTING=1`.
    pub retention: Duration,
    /// Where the servers' web pages are served (`WEB_ADDR`, an `IP:PORT`, never `METRICS_ADDR`'s); None: not
    /// served by this process.
    pub web_addr: Option<std::net::SocketAddr>,
    /// The address the pages are reached at from outside (`PUBLIC_URL`, `https://host[:port][/path]`, no
    /// trailing slash): the links the bot posts start with it. None: the bot posts no links.
    pub public_url: Option<String>,
    /// The application's OAuth2 client secret (`DISCORD_CLIENT_SECRET`): with `PUBLIC_URL`, the Activity is served
    /// (docs/activity.md). Never printed: `Debug` redacts it, and the log's redaction masks it.
    pub client_secret: Option<String>,
}

impl Config {
    /// The HTTP client of the calls to Discord in tests (`test_discord`): `discord.com` resolved to the local
    /// stand-in and its test certificate authority trusted, the one difference from production being where the
    /// name leads. None outside tests (the default client).
    pub fn test_client(&self) -> Result<Option<reqwest::Client>, String> {
        let Some(test) = &self.test_discord else { return Ok(None) };
        let refused = |e: reqwest::Error| format!("the test-only Discord client: {e}");
        let ca = reqwest::Certificate::from_pem(&test.ca_pem).map_err(refused)?;
        let client = reqwest::Client::builder()
            .use_rustls_tls()
            .resolve("discord.com", test.addr)
            .add_root_certificate(ca)
            .build()
            .map_err(refused)?;
        Ok(Some(client))
    }

    /// Where the HTTP API is: Discord's, or `DISCORD_API_URL`'s (a proxy), with the version's path.
    pub fn api_base(&self) -> String {
        let root = self.api_url.as_deref().unwrap_or("https://discord.com").trim_end_matches('/');
        format!("{root}/api/v10")
    }

    /// Whether the table is offered as a Discord Activity: the client secret and `PUBLIC_URL` both set.
    pub fn activity(&self) -> bool {
        self.client_secret.is_some() && self.public_url.is_some()
    }
}

/// Where `discord.com` is in a test ([`Config::test_discord`]): a loopback address and the PEM of the certificate
/// authority its certificate is signed by.
#[derive(Clone, Debug)]
pub struct TestDiscord {
    pub addr: std::net::SocketAddr,
    pub ca_pem: Vec<u8>,
}

impl fmt::Debug for Config {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Config")
            .field("token", &"<redacted>")
            .field("database_url", &crate::store::shown_url(&self.database_url))
            .field("api_url", &self.api_url.as_deref().map(crate::redact::url))
            .field("dev_guild", &self.dev_guild)
            .field("hand_break", &self.hand_break)
            .field("bot_delay", &self.bot_delay)
            .field("shards", &self.shards)
            .field("lease", &self.lease)
            .field("test_discord", &self.test_discord.as_ref().map(|t| t.addr))
            .field("metrics_addr", &self.metrics_addr)
            .field("retention", &self.retention)
            .field("web_addr", &self.web_addr)
            .field("public_url", &self.public_url)
            .field("client_secret", &self.client_secret.as_ref().map(|_| "<redacted>"))
            .finish()
    }
}

use crate::store::DEFAULT_DATABASE_URL;

#[derive(Debug, thiserror::Error)]
pub enum ConfigError {
    #[error(
        "DISCORD_TOKEN is not set. Create an application at https://discord.com/developers/applications, \
         add a bot to it, copy its token, then run: DISCORD_TOKEN=<token> teenpatti-bot (see README.md)"
    )]
    MissingToken,
    #[error("{name} is not valid: {why}")]
    Invalid { name: &'static str, why: String },
    /// A `.env` line that does not read as `NAME=value`, or a `.env` that cannot be read. Refused rather than
    /// skipped: a skipped line may be the token's, and the bot would then say the token is not set.
    #[error("file {ENV_FILE}{}: {why}", line.map(|n| format!(", line {n}")).unwrap_or_default())]
    EnvFile { line: Option<usize>, why: String },
}

/// The settings file read from the working directory (only there: not from a parent folder).
pub const ENV_FILE: &str = ".env";

/// Sets every variable of `.env` (in the working directory, if there is one) that the environment does not set
/// already: the environment wins. The file is read whole before anything is set, so a bad line sets nothing.
/// Values are taken as written (see [`env_line`]).
pub fn load_env_file() -> Result<(), ConfigError> {
    for (name, value) in read_env_file(std::path::Path::new(ENV_FILE))? {
        if std::env::var_os(&name).is_none() {
            std::env::set_var(name, value);
        }
    }
    Ok(())
}

/// The most a `.env` file may hold: a few settings take a few hundred bytes; anything near this is not one.
pub const MAX_ENV_FILE_BYTES: u64 = 64 * 1024;

/// The `NAME=value` pairs of a `.env` file (none if there is no such file), one setting a line ([`env_line`]);
/// a line that does not read, and a name set twice, is named by its number and not echoed (it may hold the
/// token).
///
/// Only a regular file of at most [`MAX_ENV_FILE_BYTES`] is read: a `.env` that is a folder, a device
/// (`/dev/zero` would be read for ever) or a FIFO (whose opening would wait for a writer) is refused before it
/// is opened, and a file that grows past the bound while it is read is refused too. A NUL byte, which no
/// environment variable can hold, is refused with its line.
fn read_env_file(path: &std::path::Path) -> Result<Vec<(String, String)>, ConfigError> {
    let refuse = |why: String| Err(ConfigError::EnvFile { line: None, why });
    let meta = match std::fs::metadata(path) {
        Ok(meta) => meta,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            // A dangling symbolic link is a mistake worth naming; no file at all is the usual case.
            return match std::fs::symlink_metadata(path) {
                Ok(_) => refuse("is a symbolic link to a file that does not exist".into()),
                Err(_) => Ok(Vec::new()),
            };
        }
        Err(e) => return refuse(format!("cannot read it: {e}")),
    };
    if !meta.is_file() {
        return refuse("is not a regular file (a folder, a device or a pipe); make it a plain text file".into());
    }
    if meta.len() > MAX_ENV_FILE_BYTES {
        return refuse(format!(
            "is {} KiB; a settings file holds at most {} KiB",
            meta.len() / 1024,
            MAX_ENV_FILE_BYTES / 1024
        ));
    }
    let text = read_bounded(path).map_err(|why| ConfigError::EnvFile { line: None, why })?;
    let mut pairs: Vec<(String, String)> = Vec::new();
    let mut first_line: std::collections::HashMap<String, usize> = std::collections::HashMap::new();
    for (i, line) in text.trim_start_matches('\u{feff}').lines().enumerate() {
        let bad = |why: String| ConfigError::EnvFile { line: Some(i + 1), why };
        let Some((name, value)) = env_line(line).map_err(bad)? else { continue };
        if let Some(first) = first_line.get(&name) {
            return Err(bad(format!("{name} is set again (first on line {first}): keep one")));
        }
        first_line.insert(name.clone(), i + 1);
        pairs.push((name, value));
    }
    Ok(pairs)
}

/// One line of `.env`: None for a blank line or a comment, else the `NAME=value` it sets. The syntax (docs/process.md):
/// an optional `export `; a name of letters, digits and `_` (not starting with a digit); `=`; then the value,
/// taken as written (`$NAME` and `${NAME}` are not expanded: a password holding `$` stays whole):
/// - unquoted: up to a `#` that follows a space (a comment) or the end of the line, surrounding spaces trimmed;
///   spaces inside it need quotes;
/// - `'single quotes'`: everything up to the closing quote, as it is;
/// - `"double quotes"`: up to the closing quote, with `\"`, `\\` and `\n` escapes;
///
/// and after a quoted value only spaces or a comment. A value does not run over several lines. The error names
/// the problem without echoing the value (it may be the token).
fn env_line(line: &str) -> Result<Option<(String, String)>, String> {
    if line.contains('\0') {
        return Err("holds a NUL byte, which no setting can hold".into());
    }
    let text = line.trim();
    if text.is_empty() || text.starts_with('#') {
        return Ok(None);
    }
    let text = text.strip_prefix("export ").map_or(text, str::trim_start);
    let Some((name, value)) = text.split_once('=') else {
        return Err("not a NAME=value line (a value with spaces or # goes in quotes, on one line)".into());
    };
    let name = name.trim_end();
    let valid = |c: char| c.is_ascii_alphanumeric() || c == '_';
    if name.is_empty() || !name.chars().all(valid) || name.starts_with(|c: char| c.is_ascii_digit()) {
        // Quoted only when it looks like a name with a wrong character (`A-B`): text with a space, a `:` or a
        // quote is more likely a value written without `=` (`DISCORD_TOKEN: …`), which must not be echoed.
        let looks_like_a_name =
            name.chars().count() <= 40 && name.chars().all(|c| c.is_ascii_alphanumeric() || "_.-".contains(c));
        return Err(match looks_like_a_name && !name.is_empty() {
            true => format!("`{name}` is not a variable name (letters, digits and _, not starting with a digit)"),
            false => "the part before `=` is not a variable name (letters, digits and _): write NAME=value".into(),
        });
    }
    // `NAME=#x` is the value `#x`; `NAME= #x` is an empty value and a comment.
    let comment_first = value.starts_with(char::is_whitespace) && value.trim_start().starts_with('#');
    let value = value.trim_start();
    let (value, rest) = match value.chars().next() {
        Some(quote @ ('\'' | '"')) => {
            let mut out = String::new();
            let mut chars = value[1..].char_indices();
            let mut end = None;
            while let Some((at, c)) = chars.next() {
                match c {
                    c if c == quote => {
                        end = Some(1 + at + 1);
                        break;
                    }
                    '\\' if quote == '"' => match chars.next().map(|(_, e)| e) {
                        Some('n') => out.push('\n'),
                        Some(e @ ('"' | '\\' | '$')) => out.push(e),
                        _ => return Err("a backslash in double quotes escapes only \\\", \\\\, \\n or \\$".into()),
                    },
                    c => out.push(c),
                }
            }
            let Some(end) = end else {
                return Err("a quote is not closed (a value does not run over several lines)".into());
            };
            (out, &value[end..])
        }
        _ => {
            let unquoted = match value.find(" #").or_else(|| value.find("\t#")) {
                Some(comment) => &value[..comment],
                None => value,
            };
            let unquoted = unquoted.trim_end();
            if comment_first || unquoted.is_empty() {
                // `NAME= # comment`, `NAME=`: an empty value.
                return Ok(Some((name.to_string(), String::new())));
            }
            if unquoted.contains(char::is_whitespace) {
                return Err("not a NAME=value line (a value with spaces or # goes in quotes, on one line)".into());
            }
            (unquoted.to_string(), "")
        }
    };
    let rest = rest.trim_start();
    if !(rest.is_empty() || rest.starts_with('#')) {
        return Err("something follows the quoted value (only a # comment may)".into());
    }
    Ok(Some((name.to_string(), value)))
}

/// The file's text, opened without waiting (a FIFO put in its place after the check is not waited on) and read
/// to at most [`MAX_ENV_FILE_BYTES`].
fn read_bounded(path: &std::path::Path) -> Result<String, String> {
    use std::io::Read;
    use std::os::unix::fs::OpenOptionsExt;
    let file = std::fs::OpenOptions::new()
        .read(true)
        .custom_flags(rustix::fs::OFlags::NONBLOCK.bits() as i32)
        .open(path)
        .map_err(|e| format!("cannot read it: {e}"))?;
    if !file.metadata().map_err(|e| format!("cannot read it: {e}"))?.is_file() {
        return Err("is not a regular file (a folder, a device or a pipe); make it a plain text file".into());
    }
    let mut bytes = Vec::new();
    file.take(MAX_ENV_FILE_BYTES + 1).read_to_end(&mut bytes).map_err(|e| format!("cannot read it: {e}"))?;
    if bytes.len() as u64 > MAX_ENV_FILE_BYTES {
        return Err(format!("holds more than {} KiB; a settings file is a few lines", MAX_ENV_FILE_BYTES / 1024));
    }
    String::from_utf8(bytes).map_err(|e| {
        let line = 1 + e.as_bytes()[..e.utf8_error().valid_up_to()].iter().filter(|&&b| b == b'\n').count();
        format!("line {line} is not UTF-8 text")
    })
}

impl Config {
    /// Reads the environment. `.env` is loaded first if present ([`load_env_file`]).
    pub fn from_env() -> Result<Config, ConfigError> {
        load_env_file()?;
        Config::from_lookup(|k| std::env::var(k).ok())
    }

    pub fn from_lookup(get: impl Fn(&str) -> Option<String>) -> Result<Config, ConfigError> {
        let nonempty = |k: &str| get(k).map(|v| v.trim().to_string()).filter(|v| !v.is_empty());
        let token = nonempty("DISCORD_TOKEN").ok_or(ConfigError::MissingToken)?;
        // From here on no log line, message or panic shows the token (`crate::redact`), nor any credential of the
        // URLs below.
        crate::redact::secret(&token);
        let dev_guild = match nonempty("DEV_GUILD_ID") {
            Some(v) => Some(bounded("DEV_GUILD_ID", &v, 1..=u64::MAX, "a server id (a number)")?),
            None => None,
        };
        let api_url = match nonempty("DISCORD_API_URL") {
            Some(u) => Some(api_url(&u)?),
            None => None,
        };
        let ms = |name: &'static str, max: u64, default: u64| match nonempty(name) {
            Some(v) => bounded(name, &v, 0..=max, &format!("a number of milliseconds from 0 to {max}"))
                .map(Duration::from_millis),
            None => Ok(Duration::from_millis(default)),
        };
        let hand_break = ms("TEENPATTI_HAND_BREAK_MS", MAX_HAND_BREAK_MS, 5_000)?;
        let bot_delay = ms("TEENPATTI_BOT_DELAY_MS", 60_000, 1_500)?;
        let shards = Shards::from_settings(nonempty("DISCORD_SHARD_COUNT"), nonempty("DISCORD_SHARDS"))?;
        let lease = match nonempty("LEASE_SECONDS") {
            Some(v) => {
                Duration::from_secs(bounded("LEASE_SECONDS", &v, 3..=3600, "a number of seconds from 3 to 3600")?)
            }
            None => crate::ownership::DEFAULT_LEASE,
        };
        let database_url = nonempty("DATABASE_URL").unwrap_or_else(|| DEFAULT_DATABASE_URL.to_string());
        crate::redact::secrets_of_url(&database_url);
        let test_discord = test_discord(
            nonempty("TEENPATTI_TEST_DISCORD_ADDR"),
            nonempty("TEENPATTI_TEST_DISCORD_CA"),
            nonempty("TEENPATTI_TESTING"),
        )?;
        if test_discord.is_some() && api_url.is_some() {
            return Err(ConfigError::Invalid {
                name: "TEENPATTI_TEST_DISCORD_ADDR",
                why: "goes without DISCORD_API_URL: one sends the bot's Discord calls to a proxy, the other tests the path without one".into(),
            });
        }
        let metrics_addr = socket_addr("METRICS_ADDR", nonempty("METRICS_ADDR"), "127.0.0.1:9464")?;
        let web_addr = socket_addr("WEB_ADDR", nonempty("WEB_ADDR"), "0.0.0.0:8080")?;
        if web_addr.is_some() && web_addr == metrics_addr {
            return Err(ConfigError::Invalid {
                name: "WEB_ADDR",
                why: "is METRICS_ADDR's address: the public pages and the operator's endpoints listen apart".into(),
            });
        }
        let public_url = nonempty("PUBLIC_URL").map(|v| public_url(&v)).transpose()?;
        let client_secret = nonempty("DISCORD_CLIENT_SECRET").map(|v| client_secret(&v)).transpose()?;
        if client_secret.is_some() && (public_url.is_none() || web_addr.is_none()) {
            return Err(ConfigError::Invalid {
                name: "DISCORD_CLIENT_SECRET",
                why: "is set without PUBLIC_URL and WEB_ADDR: the Activity is served on WEB_ADDR and reached at \
                      PUBLIC_URL (set both, or unset the secret)"
                    .into(),
            });
        }
        let retention =
            match (nonempty("TEENPATTI_TEST_RETENTION_MS"), nonempty("TEENPATTI_TESTING").as_deref()) {
                (Some(v), Some("1")) => Duration::from_millis(bounded(
                    "TEENPATTI_TEST_RETENTION_MS",
                    &v,
                    1..=u64::MAX,
                    "a number of milliseconds (tests only)",
                )?),
                (Some(_), _) => return Err(ConfigError::Invalid {
                    name: "TEENPATTI_TEST_RETENTION_MS",
                    why: "is a test-only setting; it is taken only with TEENPATTI_TESTING=1 (use DATA_RETENTION_DAYS)"
                        .into(),
                }),
                (None, _) => match nonempty("DATA_RETENTION_DAYS") {
                    Some(v) => Duration::from_secs(
                        86_400 * bounded("DATA_RETENTION_DAYS", &v, 1..=365, "a number of days from 1 to 365")?,
                    ),
                    None => DEFAULT_RETENTION,
                },
            };
        Ok(Config {
            token,
            database_url,
            api_url,
            dev_guild,
            hand_break,
            bot_delay,
            shards,
            lease,
            test_discord,
            metrics_addr,
            retention,
            web_addr,
            public_url,
            client_secret,
        })
    }
}

/// An `IP:PORT` setting (`example` in the refusal), if set.
fn socket_addr(
    name: &'static str,
    value: Option<String>,
    example: &str,
) -> Result<Option<std::net::SocketAddr>, ConfigError> {
    let Some(v) = value else { return Ok(None) };
    let why = format!("`{}` is not an IP:PORT (for example {example}, or [::1]:{})", crate::echo::echo(&v), {
        example.rsplit(':').next().unwrap_or_default()
    });
    v.parse::<std::net::SocketAddr>().map(Some).map_err(|_| ConfigError::Invalid { name, why })
}

/// `PUBLIC_URL` checked: `http` or `https`, a host, no user or password, no query or fragment; given back without
/// its trailing slashes.
fn public_url(v: &str) -> Result<String, ConfigError> {
    // The value is not shown: it may hold a password.
    let invalid = |why: &str| ConfigError::Invalid {
        name: "PUBLIC_URL",
        why: format!("{why} (for example https://cards.example.org)"),
    };
    let url = url::Url::parse(v.trim()).map_err(|_| invalid("not a URL"))?;
    if !matches!(url.scheme(), "https" | "http") || url.host_str().is_none_or(str::is_empty) {
        return Err(invalid("not an http(s) address with a host"));
    }
    if !url.username().is_empty() || url.password().is_some() {
        return Err(invalid("it holds a user or password, which links must not show"));
    }
    if url.query().is_some() || url.fragment().is_some() {
        return Err(invalid("it has a query or fragment"));
    }
    Ok(url.as_str().trim_end_matches('/').to_string())
}

/// `DISCORD_CLIENT_SECRET` checked (the developer portal's OAuth2 client secret: 16 to 128 printable ASCII
/// characters), and registered with the redaction at once. The value is never shown.
fn client_secret(v: &str) -> Result<String, ConfigError> {
    crate::redact::secret(v);
    if !(16..=128).contains(&v.len()) || !v.bytes().all(|b| b.is_ascii_graphic()) {
        return Err(ConfigError::Invalid {
            name: "DISCORD_CLIENT_SECRET",
            why: "is not a client secret (copy it from the developer portal: OAuth2, Client Secret)".into(),
        });
    }
    Ok(v.to_string())
}

/// How long a server's data is kept after the bot leaves it, unless `DATA_RETENTION_DAYS` says: 30 days.
pub const DEFAULT_RETENTION: Duration = Duration::from_secs(30 * 86_400);

/// The test-only pair `TEENPATTI_TEST_DISCORD_ADDR` (a loopback `IP:PORT`) and `TEENPATTI_TEST_DISCORD_CA` (a PEM
/// file of at most 64 KiB), which send every call to `discord.com` to a local stand-in: refused unless
/// `TEENPATTI_TESTING=1` says this is a test, and refused for any address but a loopback one, so that no
/// production configuration can send the token elsewhere by mistake.
fn test_discord(
    addr: Option<String>,
    ca: Option<String>,
    testing: Option<String>,
) -> Result<Option<TestDiscord>, ConfigError> {
    let (addr, ca) = match (addr, ca) {
        (None, None) => return Ok(None),
        (Some(addr), Some(ca)) => (addr, ca),
        (Some(_), None) => {
            return Err(ConfigError::Invalid {
                name: "TEENPATTI_TEST_DISCORD_ADDR",
                why: "is set without TEENPATTI_TEST_DISCORD_CA: the two go together (tests only)".into(),
            })
        }
        (None, Some(_)) => {
            return Err(ConfigError::Invalid {
                name: "TEENPATTI_TEST_DISCORD_CA",
                why: "is set without TEENPATTI_TEST_DISCORD_ADDR: the two go together (tests only)".into(),
            })
        }
    };
    let bad = |why: String| ConfigError::Invalid { name: "TEENPATTI_TEST_DISCORD_ADDR", why };
    if testing.as_deref() != Some("1") {
        return Err(bad("is a test-only setting (it sends every call to discord.com elsewhere); it is taken only \
                        with TEENPATTI_TESTING=1, which production never sets"
            .into()));
    }
    let addr: std::net::SocketAddr =
        addr.parse().map_err(|_| bad(format!("`{}` is not an IP:PORT", crate::echo::echo(&addr))))?;
    if !addr.ip().is_loopback() {
        return Err(bad(format!("`{addr}` is not a loopback address (tests run the stand-in on this machine)")));
    }
    // Read at most one byte past the bound: a huge file (or a device that never ends) is refused, not read.
    let mut pem = Vec::new();
    let read = std::fs::File::open(&ca)
        .and_then(|f| std::io::Read::read_to_end(&mut std::io::Read::take(f, CA_MAX + 1), &mut pem));
    read.map_err(|e| ConfigError::Invalid {
        name: "TEENPATTI_TEST_DISCORD_CA",
        why: format!("`{}` cannot be read: {e}", crate::echo::echo(&ca)),
    })?;
    if pem.len() as u64 > CA_MAX || !pem.starts_with(b"-----BEGIN CERTIFICATE-----") {
        return Err(ConfigError::Invalid {
            name: "TEENPATTI_TEST_DISCORD_CA",
            why: "is not a PEM certificate of at most 64 KiB".into(),
        });
    }
    Ok(Some(TestDiscord { addr, ca_pem: pem }))
}

/// The largest certificate file `TEENPATTI_TEST_DISCORD_CA` takes.
const CA_MAX: u64 = 64 * 1024;

/// The longest break between two hands `TEENPATTI_HAND_BREAK_MS` takes: an hour (a break is a few seconds; the
/// end-to-end tests use ten minutes to stop a table dealing by itself).
pub const MAX_HAND_BREAK_MS: u64 = 3_600_000;

/// A whole number setting within `range`; anything else is refused naming the variable, its value echoed briefly
/// ([`crate::echo::echo`]: 40 characters, no control character) and what it takes.
fn bounded(
    name: &'static str,
    value: &str,
    range: std::ops::RangeInclusive<u64>,
    takes: &str,
) -> Result<u64, ConfigError> {
    value
        .parse::<u64>()
        .ok()
        .filter(|n| range.contains(n))
        .ok_or_else(|| ConfigError::Invalid { name, why: format!("`{}` is not {takes}", crate::echo::echo(value)) })
}

/// `DISCORD_API_URL`, read as a URL (a scheme in any case, a port within 1-65535, a host): http or https, its
/// credentials registered with the redaction; kept without a trailing `/`.
fn api_url(text: &str) -> Result<String, ConfigError> {
    crate::redact::secrets_of_url(text);
    let bad = |why: String| ConfigError::Invalid { name: "DISCORD_API_URL", why };
    let shown = crate::echo::echo(&crate::redact::url(text));
    let url = url::Url::parse(text).map_err(|e| bad(format!("`{shown}` is not a URL ({e})")))?;
    if !matches!(url.scheme(), "http" | "https") {
        return Err(bad(format!("`{shown}` is not an http(s) URL")));
    }
    if url.host_str().is_none_or(str::is_empty) {
        return Err(bad(format!("`{shown}` names no host")));
    }
    Ok(url.as_str().trim_end_matches('/').to_string())
}

/// The most shards `DISCORD_SHARD_COUNT` accepts. Discord asks for a shard per 2,500 servers; 16,384 shards is
/// forty million servers, far past any bot this is meant for, and a typo such as an extra zero is caught.
pub const MAX_SHARD_COUNT: u32 = 16_384;

/// The Discord shards one process runs: `first..=last` of `count` (`DISCORD_SHARDS` of `DISCORD_SHARD_COUNT`).
/// A guild lives on shard `(guild_id >> 22) % count`; DMs arrive on shard 0 only.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shards {
    pub count: u32,
    pub first: u32,
    pub last: u32,
}

impl Default for Shards {
    /// One shard, run here: the bot as it runs without either setting.
    fn default() -> Shards {
        Shards { count: 1, first: 0, last: 0 }
    }
}

impl Shards {
    /// The shard a guild's events arrive on (Discord's rule).
    pub fn of_guild(guild_id: u64, count: u32) -> u32 {
        // count >= 1 for every `Shards`; `max(1)` keeps a zero from dividing.
        ((guild_id >> 22) % u64::from(count.max(1))) as u32
    }

    /// Does this process run the shard that guild `guild_id` lives on?
    pub fn owns_guild(&self, guild_id: u64) -> bool {
        (self.first..=self.last).contains(&Shards::of_guild(guild_id, self.count))
    }

    /// Does this process run every shard?
    pub fn is_all(&self) -> bool {
        self.first == 0 && self.last + 1 == self.count
    }

    /// Reads `DISCORD_SHARD_COUNT` (the total) and `DISCORD_SHARDS` (`A-B` inclusive, or `A`). Neither: one shard.
    /// A count alone: this process runs all of them. A range without a count is refused: the count decides which
    /// guild is on which shard, so every process must say it, and say the same.
    fn from_settings(count: Option<String>, range: Option<String>) -> Result<Shards, ConfigError> {
        let Some(count_text) = count else {
            return match range {
                None => Ok(Shards::default()),
                Some(r) => Err(ConfigError::Invalid {
                    name: "DISCORD_SHARDS",
                    why: format!(
                        "`{}` needs DISCORD_SHARD_COUNT too (the total number of shards, the same in every process)",
                        crate::echo::echo(&r)
                    ),
                }),
            };
        };
        let takes = format!("a number of shards from 1 to {MAX_SHARD_COUNT}");
        let count = bounded("DISCORD_SHARD_COUNT", &count_text, 1..=u64::from(MAX_SHARD_COUNT), &takes)? as u32;
        let Some(range_text) = range else { return Ok(Shards { count, first: 0, last: count - 1 }) };
        // Every message below quotes the setting through the echo (bounded, no control character).
        let shown = crate::echo::echo(&range_text);
        let bad = |why: String| ConfigError::Invalid { name: "DISCORD_SHARDS", why };
        let shard = |part: &str| {
            part.trim().parse::<u32>().map_err(|_| {
                bad(format!("`{shown}` is not a shard range: write `A-B` (both included) or one shard `A`"))
            })
        };
        let (first, last) = match range_text.split_once('-') {
            Some((a, b)) => (shard(a)?, shard(b)?),
            None => {
                let a = shard(&range_text)?;
                (a, a)
            }
        };
        if first > last {
            return Err(bad(format!("`{shown}` is reversed: the first shard comes first (`{last}-{first}`)")));
        }
        if last >= count {
            return Err(bad(format!(
                "`{shown}` is outside the {count} shard(s) of DISCORD_SHARD_COUNT (shards are numbered 0 to {})",
                count - 1
            )));
        }
        Ok(Shards { count, first, last })
    }
}

impl fmt::Display for Shards {
    /// `shards 0-3 of 8`, `shard 2 of 8`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.first == self.last {
            write!(f, "shard {} of {}", self.first, self.count)
        } else {
            write!(f, "shards {}-{} of {}", self.first, self.last, self.count)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    fn cfg(pairs: &[(&str, &str)]) -> Result<Config, ConfigError> {
        let m: HashMap<String, String> = pairs.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
        Config::from_lookup(|k| m.get(k).cloned())
    }

    /// The test-only Discord address: taken only with TEENPATTI_TESTING=1, for a loopback address and a PEM file of
    /// at most 64 KiB, never beside DISCORD_API_URL; each refusal names the variable.
    #[test]
    fn the_test_only_discord_address_is_refused_outside_tests() {
        let dir = tempfile::tempdir().unwrap();
        let pem = dir.path().join("ca.pem");
        std::fs::write(&pem, "-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n").unwrap();
        let big = dir.path().join("big.pem");
        let mut huge = b"-----BEGIN CERTIFICATE-----\n".to_vec();
        huge.resize(70 * 1024, b'A');
        std::fs::write(&big, huge).unwrap();
        let pem = pem.to_str().unwrap();
        let base = [("DISCORD_TOKEN", "t"), ("TEENPATTI_TEST_DISCORD_ADDR", "127.0.0.1:4443")];
        let with = |more: &[(&'static str, &'static str)], ca: &str| {
            let mut pairs: Vec<(&str, &str)> = base.to_vec();
            pairs.push(("TEENPATTI_TEST_DISCORD_CA", ca));
            pairs.extend_from_slice(more);
            cfg(&pairs)
        };
        let refused = |r: Result<Config, ConfigError>, needle: &str| match r {
            Err(e @ ConfigError::Invalid { .. }) => assert!(e.to_string().contains(needle), "{e}"),
            other => panic!("not refused: {other:?}"),
        };
        refused(with(&[], pem), "TEENPATTI_TESTING=1");
        refused(with(&[("TEENPATTI_TESTING", "yes")], pem), "TEENPATTI_TESTING=1");
        let ok = with(&[("TEENPATTI_TESTING", "1")], pem).unwrap();
        assert_eq!(ok.test_discord.map(|t| t.addr.to_string()).as_deref(), Some("127.0.0.1:4443"));
        refused(with(&[("TEENPATTI_TESTING", "1")], big.to_str().unwrap()), "64 KiB");
        refused(with(&[("TEENPATTI_TESTING", "1")], "/dev/zero"), "64 KiB");
        refused(with(&[("TEENPATTI_TESTING", "1"), ("DISCORD_API_URL", "http://127.0.0.1:1")], pem), "DISCORD_API_URL");
        let far = [("DISCORD_TOKEN", "t"), ("TEENPATTI_TEST_DISCORD_ADDR", "10.0.0.1:443"), ("TEENPATTI_TESTING", "1")];
        let mut far = far.to_vec();
        far.push(("TEENPATTI_TEST_DISCORD_CA", pem));
        refused(cfg(&far), "loopback");
        refused(
            cfg(&[("DISCORD_TOKEN", "t"), ("TEENPATTI_TEST_DISCORD_ADDR", "127.0.0.1:1")]),
            "without TEENPATTI_TEST_DISCORD_CA",
        );
        refused(
            cfg(&[("DISCORD_TOKEN", "t"), ("TEENPATTI_TEST_DISCORD_CA", pem)]),
            "without TEENPATTI_TEST_DISCORD_ADDR",
        );
    }

    #[test]
    fn token_is_required_and_never_printed() {
        assert!(matches!(cfg(&[]), Err(ConfigError::MissingToken)));
        assert!(matches!(cfg(&[("DISCORD_TOKEN", "  ")]), Err(ConfigError::MissingToken)));
        let c = cfg(&[("DISCORD_TOKEN", "secret-token-123")]).unwrap();
        assert!(!format!("{c:?}").contains("secret-token-123"));
        assert_eq!(c.database_url, DEFAULT_DATABASE_URL);
        assert_eq!(c.api_url, None);
    }

    #[test]
    fn optional_settings() {
        let c = cfg(&[
            ("DISCORD_TOKEN", "t"),
            ("DEV_GUILD_ID", "123"),
            ("DISCORD_API_URL", "http://127.0.0.1:9/"),
            ("TEENPATTI_HAND_BREAK_MS", "250"),
            ("DATABASE_URL", "sqlite://x.db"),
        ])
        .unwrap();
        assert_eq!(c.dev_guild, Some(123));
        assert_eq!(c.api_url.as_deref(), Some("http://127.0.0.1:9"));
        assert_eq!(c.hand_break, Duration::from_millis(250));
        assert!(cfg(&[("DISCORD_TOKEN", "t"), ("DEV_GUILD_ID", "abc")]).is_err());
        assert!(cfg(&[("DISCORD_TOKEN", "t"), ("DISCORD_API_URL", "ftp://x")]).is_err());
    }

    /// Every setting is bounded, and quoted through the echo when refused: a 50,000-character value, ESC and a
    /// newline are never printed whole or raw (round 3, issue 2).
    #[test]
    fn every_bad_setting_is_echoed_briefly_and_bounded() {
        let long = "9".repeat(50_000);
        let hostile = "0-1\u{1b}[2J\nforged";
        let cases: [(&str, &str, &str); 18] = [
            ("WEB_ADDR", hostile, "not an IP:PORT"),
            ("WEB_ADDR", &long, "not an IP:PORT"),
            ("PUBLIC_URL", "ftp://cards.example.org", "not an http(s) address"),
            ("PUBLIC_URL", "https://cards.example.org/?a=1", "query or fragment"),
            ("PUBLIC_URL", &long, "not a URL"),
            ("PUBLIC_URL", hostile, "not a URL"),
            ("DATA_RETENTION_DAYS", "0", "from 1 to 365"),
            ("DATA_RETENTION_DAYS", "366", "from 1 to 365"),
            ("DATA_RETENTION_DAYS", hostile, "from 1 to 365"),
            ("TEENPATTI_TEST_RETENTION_MS", "1000", "TEENPATTI_TESTING=1"),
            ("TEENPATTI_HAND_BREAK_MS", &long, "from 0 to 3600000"),
            ("TEENPATTI_HAND_BREAK_MS", "18446744073709551615", "from 0 to 3600000"),
            ("DISCORD_SHARD_COUNT", &long, "from 1 to 16384"),
            ("DEV_GUILD_ID", &long, "a server id"),
            ("LEASE_SECONDS", &long, "from 3 to 3600"),
            ("TEENPATTI_BOT_DELAY_MS", "60001", "from 0 to 60000"),
            ("DISCORD_API_URL", "http://127.0.0.1:99999", "invalid port"),
            ("DISCORD_API_URL", "ftp://x", "not an http(s) URL"),
        ];
        for (name, value, says) in cases {
            let e = cfg(&[("DISCORD_TOKEN", "t"), (name, value)]).map(|_| ()).unwrap_err().to_string();
            assert!(e.starts_with(&format!("{name} is not valid: ")) && e.contains(says), "{name}: {e}");
            assert!(e.len() < 300 && !e.chars().any(char::is_control), "{name}: {e:?}");
        }
        let e = shards(&[("DISCORD_SHARD_COUNT", "8"), ("DISCORD_SHARDS", hostile)]).unwrap_err();
        assert!(!e.chars().any(char::is_control) && e.contains("not a shard range"), "{e:?}");
        let e = shards(&[("DISCORD_SHARDS", &long)]).unwrap_err();
        assert!(e.len() < 300, "{}", e.len());
        // A scheme in capitals is a scheme; the URL is kept as Discord's client will use it.
        let c = cfg(&[("DISCORD_TOKEN", "t"), ("DISCORD_API_URL", "HTTP://Proxy.Internal:8080/")]).unwrap();
        assert_eq!(c.api_url.as_deref(), Some("http://proxy.internal:8080"));
        let c = cfg(&[("DISCORD_TOKEN", "t"), ("TEENPATTI_HAND_BREAK_MS", "3600000")]).unwrap();
        assert_eq!(c.hand_break, Duration::from_secs(3600));
        // The retention: 30 days unless said; milliseconds only in a test.
        assert_eq!(cfg(&[("DISCORD_TOKEN", "t")]).unwrap().retention, Duration::from_secs(30 * 86_400));
        let c = cfg(&[("DISCORD_TOKEN", "t"), ("DATA_RETENTION_DAYS", "365")]).unwrap();
        assert_eq!(c.retention, Duration::from_secs(365 * 86_400));
        let c = cfg(&[("DISCORD_TOKEN", "t"), ("TEENPATTI_TEST_RETENTION_MS", "1500"), ("TEENPATTI_TESTING", "1")]);
        assert_eq!(c.unwrap().retention, Duration::from_millis(1500));
    }

    #[test]
    fn the_web_pages_settings() {
        let c = cfg(&[("DISCORD_TOKEN", "t")]).unwrap();
        assert_eq!((c.web_addr, c.public_url), (None, None), "off by default");
        let c = cfg(&[
            ("DISCORD_TOKEN", "t"),
            ("WEB_ADDR", "127.0.0.1:8080"),
            ("PUBLIC_URL", "HTTPS://Cards.Example.org/tp/"),
        ]);
        let c = c.unwrap();
        assert_eq!(c.web_addr, Some("127.0.0.1:8080".parse().unwrap()));
        assert_eq!(c.public_url.as_deref(), Some("https://cards.example.org/tp"));
        // Never the metrics' listener.
        let e = cfg(&[("DISCORD_TOKEN", "t"), ("WEB_ADDR", "127.0.0.1:9464"), ("METRICS_ADDR", "127.0.0.1:9464")]);
        assert!(e.unwrap_err().to_string().contains("listen apart"));
        // A password in PUBLIC_URL is refused without being shown.
        let e = cfg(&[("DISCORD_TOKEN", "t"), ("PUBLIC_URL", "https://me:hunter2@cards.example.org")]);
        let e = e.unwrap_err().to_string();
        assert!(e.contains("user or password") && !e.contains("hunter2"), "{e}");
    }

    fn shards(pairs: &[(&str, &str)]) -> Result<Shards, String> {
        let mut all = vec![("DISCORD_TOKEN", "t")];
        all.extend_from_slice(pairs);
        cfg(&all).map(|c| c.shards).map_err(|e| e.to_string())
    }

    #[test]
    fn shard_settings() {
        let s = |count, first, last| Ok(Shards { count, first, last });
        assert_eq!(shards(&[]), s(1, 0, 0), "neither: one shard, as before");
        assert_eq!(shards(&[("DISCORD_SHARD_COUNT", "8")]), s(8, 0, 7), "a count alone: all of them here");
        assert_eq!(shards(&[("DISCORD_SHARD_COUNT", "8"), ("DISCORD_SHARDS", "0-3")]), s(8, 0, 3));
        assert_eq!(shards(&[("DISCORD_SHARD_COUNT", "8"), ("DISCORD_SHARDS", " 4 - 7 ")]), s(8, 4, 7));
        assert_eq!(shards(&[("DISCORD_SHARD_COUNT", "8"), ("DISCORD_SHARDS", "7")]), s(8, 7, 7), "the last shard");
        assert_eq!(shards(&[("DISCORD_SHARD_COUNT", "1"), ("DISCORD_SHARDS", "0-0")]), s(1, 0, 0));
        let max = MAX_SHARD_COUNT.to_string();
        assert_eq!(shards(&[("DISCORD_SHARD_COUNT", &max)]), s(MAX_SHARD_COUNT, 0, MAX_SHARD_COUNT - 1));
        assert_eq!(shards(&[("DISCORD_SHARD_COUNT", " "), ("DISCORD_SHARDS", "")]), s(1, 0, 0), "blank is unset");
    }

    #[test]
    fn bad_shard_settings_name_their_variable() {
        let refused = [
            (&[("DISCORD_SHARDS", "0-1")][..], "DISCORD_SHARDS", "needs DISCORD_SHARD_COUNT"),
            (&[("DISCORD_SHARD_COUNT", "0")][..], "DISCORD_SHARD_COUNT", "from 1 to"),
            (&[("DISCORD_SHARD_COUNT", "-2")][..], "DISCORD_SHARD_COUNT", "from 1 to"),
            (&[("DISCORD_SHARD_COUNT", "eight")][..], "DISCORD_SHARD_COUNT", "from 1 to"),
            (&[("DISCORD_SHARD_COUNT", "16385")][..], "DISCORD_SHARD_COUNT", "from 1 to"),
            (&[("DISCORD_SHARD_COUNT", "8"), ("DISCORD_SHARDS", "3-1")][..], "DISCORD_SHARDS", "reversed"),
            (&[("DISCORD_SHARD_COUNT", "8"), ("DISCORD_SHARDS", "0-8")][..], "DISCORD_SHARDS", "outside the 8"),
            (&[("DISCORD_SHARD_COUNT", "8"), ("DISCORD_SHARDS", "8")][..], "DISCORD_SHARDS", "outside the 8"),
            (&[("DISCORD_SHARD_COUNT", "8"), ("DISCORD_SHARDS", "0..3")][..], "DISCORD_SHARDS", "not a shard range"),
            (&[("DISCORD_SHARD_COUNT", "8"), ("DISCORD_SHARDS", "-1")][..], "DISCORD_SHARDS", "not a shard range"),
            (&[("DISCORD_SHARD_COUNT", "8"), ("DISCORD_SHARDS", "1-2-3")][..], "DISCORD_SHARDS", "not a shard range"),
            (&[("DISCORD_SHARD_COUNT", "8"), ("DISCORD_SHARDS", "0-")][..], "DISCORD_SHARDS", "not a shard range"),
        ];
        for (pairs, name, why) in refused {
            let e = shards(pairs).unwrap_err();
            assert!(e.starts_with(&format!("{name} is not valid: ")) && e.contains(why), "{pairs:?}: {e}");
        }
    }

    #[test]
    fn a_guild_belongs_to_one_shard() {
        let all = Shards::default();
        for g in [0, 1, 1 << 22, 1_200_000_000_000_000_001, u64::MAX] {
            assert!(all.owns_guild(g), "count 1 owns every guild: {g}");
        }
        // (id >> 22) % count, as Discord routes events.
        let on = |shard: u64, count: u64| ((1_000 * count + shard) << 22) | 0x3f_ffff;
        let eight = |first, last| Shards { count: 8, first, last };
        assert!(eight(3, 3).owns_guild(on(3, 8)));
        assert!(!eight(3, 3).owns_guild(on(4, 8)) && !eight(3, 3).owns_guild(on(2, 8)));
        assert!(eight(7, 7).owns_guild(on(7, 8)), "the last shard");
        assert!(!eight(0, 6).owns_guild(on(7, 8)));
        assert!(eight(4, 7).owns_guild(on(4, 8)) && eight(4, 7).owns_guild(on(7, 8)));
        assert!(!eight(4, 7).owns_guild(on(0, 8)));
        // Near 2^63 (snowflakes are signed 64-bit): no overflow, the same rule.
        let big = (1u64 << 63) - 1;
        assert_eq!(Shards::of_guild(big, 8), (((big >> 22) % 8) as u32));
        assert_eq!(Shards::of_guild(big, 8), 7);
        assert!(eight(7, 7).owns_guild(big) && !eight(0, 6).owns_guild(big));
        assert_eq!(Shards::of_guild(1 << 63, 3), ((1u64 << 41) % 3) as u32);
        let spread: std::collections::BTreeSet<u32> = (0..64).map(|n| Shards::of_guild(on(n % 5, 5), 5)).collect();
        assert_eq!(spread.len(), 5);
    }

    #[test]
    fn shards_read_as_a_range() {
        assert_eq!(Shards { count: 8, first: 0, last: 3 }.to_string(), "shards 0-3 of 8");
        assert_eq!(Shards { count: 8, first: 5, last: 5 }.to_string(), "shard 5 of 8");
        assert_eq!(Shards::default().to_string(), "shard 0 of 1");
        assert!(Shards::default().is_all() && Shards { count: 2, first: 0, last: 1 }.is_all());
        assert!(!Shards { count: 2, first: 1, last: 1 }.is_all());
    }

    fn env_file(text: &str) -> Result<Vec<(String, String)>, String> {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join(".env");
        std::fs::write(&path, text).unwrap();
        read_env_file(&path).map_err(|e| e.to_string())
    }

    #[test]
    fn env_file_lines() {
        let pairs = |v: &[(&str, &str)]| v.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect::<Vec<_>>();
        let read = env_file("\u{feff}# c\n\nA=1\nexport B = \"two words\" # note\nC='x#y'\n").unwrap();
        assert_eq!(read, pairs(&[("A", "1"), ("B", "two words"), ("C", "x#y")]));
        // Values as written: no expansion; a trailing space is trimmed; # inside a word is the word's.
        let read = env_file("D=${A}\nE='$HOME'\nF=\"a\\\"b\\$c\"\nG=x \nH=a#b # c\nI=\nJ= # none\nK=#k\n").unwrap();
        let expected = [
            ("D", "${A}"),
            ("E", "$HOME"),
            ("F", "a\"b$c"),
            ("G", "x"),
            ("H", "a#b"),
            ("I", ""),
            ("J", ""),
            ("K", "#k"),
        ];
        assert_eq!(read, pairs(&expected));
        let missing = tempfile::tempdir().unwrap();
        assert_eq!(read_env_file(&missing.path().join(".env")).unwrap(), vec![]);
        let cases = [
            ("A=1\nB two\n", 2, "not a NAME=value line"),
            ("A=1\n\n  =x\n", 3, "is not a variable name"),
            ("A=1\nB=\"open\nC=2\n", 2, "not closed"),
            ("\u{feff}X=a b\n", 1, "not a NAME=value line"),
            ("A-B=x\n", 1, "`A-B` is not a variable name"),
            ("1A=x\n", 1, "is not a variable name"),
            ("A='x' y\n", 1, "follows the quoted value"),
            ("A=\"\\q\"\n", 1, "escapes only"),
            ("A=1\nB=2\nA=3\n", 3, "A is set again (first on line 1)"),
            ("DATABASE_URL: postgres://bot:Sup3rS3cretPass@db/tp = x\n", 1, "the part before `=` is not a variable"),
        ];
        for (text, line, says) in cases {
            let e = env_file(text).unwrap_err();
            assert!(e.starts_with(&format!("file .env, line {line}: ")) && e.contains(says), "{text:?}: {e}");
        }
        assert!(!env_file("DISCORD_TOKEN secret.value\n").unwrap_err().contains("secret"));
        // A value written without `=` is not quoted back, even past a `=` further on.
        for line in ["DATABASE_URL: postgres://bot:Sup3rS3cretPass@db/tp?sslmode=require\n", "TOKEN \"MT.x==y\"\n"] {
            let e = env_file(line).unwrap_err();
            assert!(!e.contains("Sup3r") && !e.contains("MT.x"), "{e}");
        }
    }

    #[test]
    fn a_nul_byte_is_refused_by_line_without_the_value() {
        for text in ["DISCORD_TOKEN=TOK\0EN\n", "A=1\nDISCORD_TOKEN=\"TOK\0EN\"\n"] {
            let e = env_file(text).unwrap_err();
            assert!(e.contains("NUL") && !e.contains("TOK"), "{e}");
            let line = text.lines().count();
            assert!(e.starts_with(&format!("file .env, line {line}: ")), "{e}");
        }
    }

    #[test]
    fn only_a_small_regular_file_is_read() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join(".env");
        std::os::unix::fs::symlink("/dev/zero", &path).unwrap();
        let e = read_env_file(&path).unwrap_err().to_string();
        assert!(e.contains("not a regular file"), "{e}");
        std::fs::remove_file(&path).unwrap();
        rustix::fs::mkfifoat(rustix::fs::CWD, &path, rustix::fs::Mode::from_raw_mode(0o600)).unwrap();
        let e = read_env_file(&path).unwrap_err().to_string();
        assert!(e.contains("not a regular file"), "{e}");
        std::fs::remove_file(&path).unwrap();
        std::fs::write(&path, format!("A={}\n", "x".repeat(MAX_ENV_FILE_BYTES as usize))).unwrap();
        let e = read_env_file(&path).unwrap_err().to_string();
        assert!(e.contains("64 KiB"), "{e}");
        std::fs::remove_file(&path).unwrap();
        std::os::unix::fs::symlink(dir.path().join("gone"), &path).unwrap();
        let e = read_env_file(&path).unwrap_err().to_string();
        assert!(e.contains("does not exist"), "{e}");
        std::fs::remove_file(&path).unwrap();
        std::fs::write(&path, "A=1\n").unwrap();
        assert_eq!(read_env_file(&path).unwrap(), vec![("A".to_string(), "1".to_string())]);
    }
}
