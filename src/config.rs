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
}

impl fmt::Debug for Config {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Config")
            .field("token", &"<redacted>")
            .field("database_url", &crate::store::shown_url(&self.database_url))
            .field("api_url", &self.api_url)
            .field("dev_guild", &self.dev_guild)
            .field("hand_break", &self.hand_break)
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

/// The `NAME=value` pairs of a `.env` file (none if there is no such file). One setting a line, in dotenv's
/// syntax (quotes, `export`, `#` comments); a value does not run over several lines. A line that does not parse
/// is named by its number and not echoed (it may hold the token).
fn read_env_file(path: &std::path::Path) -> Result<Vec<(String, String)>, ConfigError> {
    let text = match std::fs::read_to_string(path) {
        Ok(text) => text,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(e) => return Err(ConfigError::EnvFile { line: None, why: format!("cannot read it: {e}") }),
    };
    let mut pairs = Vec::new();
    for (i, line) in text.trim_start_matches('\u{feff}').lines().enumerate() {
        match dotenvy::from_read_iter(line.as_bytes()).next() {
            None => {} // blank, or a comment
            Some(Ok(pair)) => pairs.push(pair),
            Some(Err(_)) => {
                return Err(ConfigError::EnvFile {
                    line: Some(i + 1),
                    why: "not a NAME=value line (a value with spaces or # goes in quotes, on one line)".into(),
                })
            }
        }
    }
    Ok(pairs)
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
        let dev_guild = match nonempty("DEV_GUILD_ID") {
            Some(v) => Some(v.parse::<u64>().ok().filter(|&g| g > 0).ok_or_else(|| ConfigError::Invalid {
                name: "DEV_GUILD_ID",
                why: format!("`{v}` is not a server id (a number)"),
            })?),
            None => None,
        };
        let api_url = nonempty("DISCORD_API_URL").map(|u| u.trim_end_matches('/').to_string());
        if let Some(u) = &api_url {
            if !(u.starts_with("http://") || u.starts_with("https://")) {
                return Err(ConfigError::Invalid {
                    name: "DISCORD_API_URL",
                    why: format!("`{u}` is not an http(s) URL"),
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
        Ok(Config {
            token,
            database_url: nonempty("DATABASE_URL").unwrap_or_else(|| DEFAULT_DATABASE_URL.to_string()),
            api_url,
            dev_guild,
            hand_break,
        })
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
}
