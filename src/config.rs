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
            .field("database_url", &self.database_url)
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
}

impl Config {
    /// Reads the environment. `.env` is loaded first if present.
    pub fn from_env() -> Result<Config, ConfigError> {
        let _ = dotenvy::dotenv();
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
}
