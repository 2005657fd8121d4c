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
/// already: the environment wins. The file is read whole before anything is set, so a bad line sets nothing
/// (and a `${NAME}` in a value refers to the environment only, not to another line of the file).
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

/// The `NAME=value` pairs of a `.env` file (none if there is no such file). One setting a line, in dotenv's
/// syntax (quotes, `export`, `#` comments); a value does not run over several lines. A line that does not parse
/// is named by its number and not echoed (it may hold the token).
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
    let mut pairs = Vec::new();
    for (i, line) in text.trim_start_matches('\u{feff}').lines().enumerate() {
        let bad = |why: &str| Err(ConfigError::EnvFile { line: Some(i + 1), why: why.to_string() });
        if line.contains('\0') {
            return bad("holds a NUL byte, which no setting can hold");
        }
        match dotenvy::from_read_iter(line.as_bytes()).next() {
            None => {} // blank, or a comment
            Some(Ok(pair)) if pair.1.contains('\0') => return bad("holds a NUL byte, which no setting can hold"),
            Some(Ok(pair)) => pairs.push(pair),
            Some(Err(_)) => return bad("not a NAME=value line (a value with spaces or # goes in quotes, on one line)"),
        }
    }
    Ok(pairs)
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
            Some(v) => Some(v.parse::<u64>().ok().filter(|&g| g > 0).ok_or_else(|| ConfigError::Invalid {
                name: "DEV_GUILD_ID",
                why: format!("`{v}` is not a server id (a number)"),
            })?),
            None => None,
        };
        let api_url = nonempty("DISCORD_API_URL").map(|u| u.trim_end_matches('/').to_string());
        if let Some(u) = &api_url {
            crate::redact::secrets_of_url(u);
            if !(u.starts_with("http://") || u.starts_with("https://")) {
                return Err(ConfigError::Invalid {
                    name: "DISCORD_API_URL",
                    why: format!("`{}` is not an http(s) URL", crate::redact::url(u)),
                });
            }
        }
        let hand_break = match nonempty("TEENPATTI_HAND_BREAK_MS") {
            Some(v) => Duration::from_millis(v.parse::<u64>().map_err(|_| ConfigError::Invalid {
                name: "TEENPATTI_HAND_BREAK_MS",
                why: format!("`{v}` is not a number of milliseconds"),
            })?),
            None => Duration::from_secs(5),
        };
        let bot_delay = match nonempty("TEENPATTI_BOT_DELAY_MS") {
            Some(v) => match v.parse::<u64>() {
                Ok(ms) if ms <= 60_000 => Duration::from_millis(ms),
                _ => {
                    return Err(ConfigError::Invalid {
                        name: "TEENPATTI_BOT_DELAY_MS",
                        why: format!("`{}` is not a number of milliseconds up to 60000", crate::echo::cut(&v, 40)),
                    })
                }
            },
            None => Duration::from_millis(1500),
        };
        let shards = Shards::from_settings(nonempty("DISCORD_SHARD_COUNT"), nonempty("DISCORD_SHARDS"))?;
        let lease = match nonempty("LEASE_SECONDS") {
            Some(v) => match v.parse::<u64>() {
                Ok(s) if (3..=3600).contains(&s) => Duration::from_secs(s),
                _ => {
                    return Err(ConfigError::Invalid {
                        name: "LEASE_SECONDS",
                        why: format!("`{}` is not a number of seconds from 3 to 3600", crate::echo::cut(&v, 40)),
                    })
                }
            },
            None => crate::ownership::DEFAULT_LEASE,
        };
        let database_url = nonempty("DATABASE_URL").unwrap_or_else(|| DEFAULT_DATABASE_URL.to_string());
        crate::redact::secrets_of_url(&database_url);
        Ok(Config { token, database_url, api_url, dev_guild, hand_break, bot_delay, shards, lease })
    }
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
                        "`{r}` needs DISCORD_SHARD_COUNT too (the total number of shards, the same in every process)"
                    ),
                }),
            };
        };
        let count = count_text.parse::<u32>().ok().filter(|n| (1..=MAX_SHARD_COUNT).contains(n)).ok_or_else(|| {
            ConfigError::Invalid {
                name: "DISCORD_SHARD_COUNT",
                why: format!("`{count_text}` is not a number of shards from 1 to {MAX_SHARD_COUNT}"),
            }
        })?;
        let Some(range_text) = range else { return Ok(Shards { count, first: 0, last: count - 1 }) };
        let bad = |why: String| ConfigError::Invalid { name: "DISCORD_SHARDS", why };
        let shard = |part: &str| {
            part.trim().parse::<u32>().map_err(|_| {
                bad(format!("`{range_text}` is not a shard range: write `A-B` (both included) or one shard `A`"))
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
            return Err(bad(format!("`{range_text}` is reversed: the first shard comes first (`{last}-{first}`)")));
        }
        if last >= count {
            return Err(bad(format!(
                "`{range_text}` is outside the {count} shard(s) of DISCORD_SHARD_COUNT (shards are numbered 0 to {})",
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
        let missing = tempfile::tempdir().unwrap();
        assert_eq!(read_env_file(&missing.path().join(".env")).unwrap(), vec![]);
        let cases = [("A=1\nB two\n", 2), ("A=1\n\n  =x\n", 3), ("A=1\nB=\"open\nC=2\n", 2), ("\u{feff}X=a b\n", 1)];
        for (text, line) in cases {
            let e = env_file(text).unwrap_err();
            assert!(e.starts_with(&format!("file .env, line {line}: not a NAME=value line")), "{text:?}: {e}");
        }
        assert!(!env_file("DISCORD_TOKEN secret.value\n").unwrap_err().contains("secret"));
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
