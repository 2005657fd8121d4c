//! The three calls the Activity makes to Discord's HTTP API, with `reqwest` (serenity's own client crate): the
//! OAuth2 code exchange (`POST /oauth2/token`, with the client secret), who holds an access token
//! (`GET /users/@me`, with it as a bearer token), and who is in an Activity's instance and where
//! (`GET /applications/{application_id}/activity-instances/{instance_id}`, with the bot's token). Each answer
//! is read to at most [`MAX_ANSWER`] bytes and sorted into [`Failure`]; no token or secret is ever put into an
//! error, a log line or an answer.

use std::time::Duration;

use serde::Deserialize;

use crate::ids::{ChannelId, GuildId, UserId};

/// The most of an answer read: Discord's are a few hundred bytes; a longer one is not Discord's.
const MAX_ANSWER: usize = 64 * 1024;
/// How long one call may take.
const CALL_BUDGET: Duration = Duration::from_secs(10);

/// The User-Agent Discord asks every bot's HTTP client to send.
const USER_AGENT: &str = concat!("DiscordBot (https://github.com/teenpatti-bot, ", env!("CARGO_PKG_VERSION"), ")");

/// The HTTP client of these calls: no redirect followed (a form with the client secret is never sent on to
/// another address), Discord's User-Agent. `base` is the test client (`Config::test_client`) or a new one.
pub fn client(base: Option<reqwest::Client>) -> Result<reqwest::Client, String> {
    match base {
        // The test client resolves discord.com to the stand-in; it follows no redirect there either.
        Some(c) => Ok(c),
        None => reqwest::Client::builder()
            .use_rustls_tls()
            .redirect(reqwest::redirect::Policy::none())
            .user_agent(USER_AGENT)
            .build()
            .map_err(|e| format!("an HTTP client: {e}")),
    }
}

/// Whether `instance` can be an Activity's instance id as the SDK gives it (`i-<digits>-gc-<digits>-<digits>`):
/// letters, digits and `-`, at most 128. Anything else is refused before it could shape a request's path.
pub fn valid_instance(instance: &str) -> bool {
    (1..=128).contains(&instance.len()) && instance.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-')
}

/// Why a call gave no answer to use.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Failure {
    /// Discord refused what it was given (an expired or forged code or token, an unknown instance): the
    /// client's to fix, said to it as such.
    Refused,
    /// Discord is rate limiting these calls: try again after a moment.
    Limited,
    /// 401: the credentials the call carried (a bearer token, the client secret, the bot's token). Each call says
    /// what it means.
    Unauthorized,
    /// Discord did not answer, or not as documented (logged, without any secret).
    Unavailable(String),
    /// Discord refused the bot's own credentials (the client secret, the bot's token): the operator's to fix, so
    /// not tried again by the client (logged, without any secret).
    Misconfigured(String),
}

/// A session's client at Discord: where the API is, the bot's token, the application and its secret.
pub struct Rest {
    client: reqwest::Client,
    base: String,
    bot_token: String,
    client_secret: String,
}

/// The user an access token belongs to (`identify`).
#[derive(Debug, Clone, Deserialize)]
pub struct Me {
    #[serde(deserialize_with = "snowflake")]
    pub id: u64,
    #[serde(default)]
    pub username: String,
    #[serde(default)]
    pub global_name: Option<String>,
    #[serde(default)]
    pub locale: Option<String>,
}

/// An Activity's instance as Discord reports it: where it runs and who is in it.
#[derive(Debug, Clone)]
pub struct Instance {
    /// The server, for an instance in a server's channel (`kind` "gc"); None in a private channel.
    pub guild: Option<GuildId>,
    pub channel: ChannelId,
    pub users: Vec<UserId>,
}

#[derive(Deserialize)]
struct RawInstance {
    location: RawLocation,
    users: Vec<Snowflake>,
}

#[derive(Deserialize)]
struct RawLocation {
    kind: String,
    channel_id: Snowflake,
    #[serde(default)]
    guild_id: Option<Snowflake>,
}

#[derive(Deserialize)]
struct Snowflake(#[serde(deserialize_with = "snowflake")] u64);

#[derive(Deserialize)]
struct Token {
    access_token: String,
}

/// A snowflake as Discord writes it: a string of digits (a bare number accepted too).
fn snowflake<'de, D: serde::Deserializer<'de>>(d: D) -> Result<u64, D::Error> {
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum Either {
        Text(String),
        Number(u64),
    }
    match Either::deserialize(d)? {
        Either::Number(n) => Ok(n),
        Either::Text(t) => t.parse().map_err(|_| serde::de::Error::custom("a snowflake that is not a number")),
    }
}

impl Rest {
    pub fn new(client: reqwest::Client, base: String, bot_token: String, client_secret: String) -> Rest {
        Rest { client, base, bot_token, client_secret }
    }

    /// Exchanges the code the client's `authorize` got for an access token (given back to the client only).
    pub async fn exchange(&self, application: u64, code: &str) -> Result<String, Failure> {
        if !valid_token(code) {
            return Err(Failure::Refused);
        }
        let form = [
            ("client_id", application.to_string()),
            ("client_secret", self.client_secret.clone()),
            ("grant_type", "authorization_code".to_string()),
            ("code", code.to_string()),
        ];
        let request = self.client.post(format!("{}/oauth2/token", self.base)).form(&form);
        let token: Token = match self.call("the OAuth2 code exchange", request).await {
            // Discord's 401 here is `invalid_client`: the secret is wrong (rotated in the portal), not the player's
            // code (a bad code is 400 `invalid_grant`). Said to the operator, and to the player as unavailable.
            Err(Failure::Unauthorized) => {
                return Err(Failure::Misconfigured(
                    "Discord refused the client secret (invalid_client): set DISCORD_CLIENT_SECRET to the \
                     application's current one"
                        .into(),
                ))
            }
            other => other?,
        };
        match valid_token(&token.access_token) {
            true => Ok(token.access_token),
            false => Err(Failure::Unavailable("the code exchange gave no usable token".into())),
        }
    }

    /// Who holds `token`.
    pub async fn me(&self, token: &str) -> Result<Me, Failure> {
        if !valid_token(token) {
            return Err(Failure::Refused);
        }
        let request = self.client.get(format!("{}/users/@me", self.base)).bearer_auth(token);
        match self.call("who holds an access token", request).await {
            Err(Failure::Unauthorized) => Err(Failure::Refused),
            other => other,
        }
    }

    /// Where an instance of the application's Activity runs, and who is in it.
    pub async fn instance(&self, application: u64, instance: &str) -> Result<Instance, Failure> {
        if !valid_instance(instance) {
            return Err(Failure::Refused);
        }
        let url = format!("{}/applications/{application}/activity-instances/{instance}", self.base);
        let mut auth = reqwest::header::HeaderValue::from_str(&format!("Bot {}", self.bot_token))
            .map_err(|_| Failure::Unavailable("the bot's token cannot be sent as a header".into()))?;
        auth.set_sensitive(true);
        let request = self.client.get(url).header(reqwest::header::AUTHORIZATION, auth);
        let raw: RawInstance = match self.call("an Activity's instance", request).await {
            Err(Failure::Unauthorized) => {
                return Err(Failure::Misconfigured("Discord refused the bot's token for an instance".into()))
            }
            other => other?,
        };
        let guild = match (raw.location.kind.as_str(), raw.location.guild_id) {
            ("gc", Some(g)) => Some(GuildId(g.0)),
            _ => None,
        };
        let users = raw.users.into_iter().map(|u| UserId(u.0)).collect();
        Ok(Instance { guild, channel: ChannelId(raw.location.channel_id.0), users })
    }

    /// One call: its answer parsed, or why not. `what` names it in a failure (never the URL: it may hold an
    /// instance id, and the request a secret).
    async fn call<T: serde::de::DeserializeOwned>(
        &self,
        what: &str,
        request: reqwest::RequestBuilder,
    ) -> Result<T, Failure> {
        let unavailable = |why: String| Failure::Unavailable(format!("{what}: {why}"));
        let sent = tokio::time::timeout(CALL_BUDGET, request.send()).await;
        let mut response = match sent {
            Err(_) => return Err(unavailable(format!("no answer within {CALL_BUDGET:?}"))),
            // reqwest's error names the URL; only its kind is kept.
            Ok(Err(e)) => return Err(unavailable(kind_of(&e))),
            Ok(Ok(r)) => r,
        };
        let status = response.status();
        if status == reqwest::StatusCode::TOO_MANY_REQUESTS {
            return Err(Failure::Limited);
        }
        if status == reqwest::StatusCode::UNAUTHORIZED {
            return Err(Failure::Unauthorized);
        }
        if matches!(status.as_u16(), 400 | 403 | 404) {
            return Err(Failure::Refused);
        }
        if !status.is_success() {
            return Err(unavailable(format!("HTTP {}", status.as_u16())));
        }
        let mut body = Vec::new();
        loop {
            match tokio::time::timeout(CALL_BUDGET, response.chunk()).await {
                Ok(Ok(Some(chunk))) if body.len() + chunk.len() <= MAX_ANSWER => body.extend_from_slice(&chunk),
                Ok(Ok(Some(_))) => return Err(unavailable(format!("an answer over {MAX_ANSWER} bytes"))),
                Ok(Ok(None)) => break,
                Ok(Err(e)) => return Err(unavailable(kind_of(&e))),
                Err(_) => return Err(unavailable(format!("an answer not read within {CALL_BUDGET:?}"))),
            }
        }
        // Only the kind: serde's message may quote the answer.
        serde_json::from_slice(&body).map_err(|_| unavailable("an answer not as documented".into()))
    }
}

/// What kind of failure a reqwest error is, without its URL.
fn kind_of(e: &reqwest::Error) -> String {
    let kind = if e.is_timeout() {
        "timed out"
    } else if e.is_connect() {
        "could not connect"
    } else if e.is_body() || e.is_decode() {
        "the answer broke off"
    } else {
        "the request failed"
    };
    kind.to_string()
}

/// Whether `token` can be an OAuth2 access token: 1 to 256 characters of the URL-safe set (what Discord gives),
/// so that it can never carry a header's line break or anything else.
pub fn valid_token(token: &str) -> bool {
    (1..=256).contains(&token.len()) && token.bytes().all(|b| b.is_ascii_alphanumeric() || b"-._~".contains(&b))
}
