//! Discord's side of an Activity, as the stand-in plays it: OAuth2 codes (what the Embedded App SDK's
//! `authorize` gives a player) exchanged at `POST /oauth2/token` with the application's client secret for access
//! tokens, `GET /users/@me` with such a token as a bearer, the application's Activity instances
//! (`GET /applications/{application_id}/activity-instances/{instance_id}`, with the bot's token), and whether
//! the application has Activities on (then a global overwrite of its commands without its Entry Point command
//! is refused with 50240, and the launch-activity interaction response is taken). Answers as Discord's docs give
//! them: `invalid_grant` and `invalid_client` for a bad code or secret, 401 for a bad bearer, 404 10XXX for an
//! unknown instance.

use std::collections::HashMap;

use axum::http::HeaderMap;
use serde_json::{json, Value};

use super::model::State;
use super::world::World;
use super::{FakeDiscord, FakeOptions};

/// The application's client secret in the stand-in.
pub const CLIENT_SECRET: &str = "stand-in-client-secret-0123456789";

#[derive(Debug, Default)]
pub struct Activities {
    /// Activities turned on for the application (the developer portal's switch).
    pub on: bool,
    /// Codes not yet exchanged, each with its player.
    pub codes: HashMap<String, u64>,
    /// Access tokens given, each with its player.
    pub tokens: HashMap<String, u64>,
    /// Instances: id -> (guild or none, channel, players in it).
    pub instances: HashMap<String, (Option<u64>, u64, Vec<u64>)>,
    /// Every access token and code given (the privacy scans look for them where they must not be).
    pub secrets: Vec<String>,
}

type Answer = (u16, Option<Value>);

fn oauth_error(status: u16, error: &str, description: &str) -> Answer {
    (status, Some(json!({"error": error, "error_description": description})))
}

/// `POST /oauth2/token`: a form with the client's id and secret, `grant_type=authorization_code` and a code.
pub fn exchange(st: &mut State, body: Option<&Value>) -> Answer {
    let form = body.and_then(|b| b.get("_non_json_body")).and_then(Value::as_str).unwrap_or("");
    let fields: HashMap<String, String> =
        url::form_urlencoded::parse(form.as_bytes()).map(|(k, v)| (k.into_owned(), v.into_owned())).collect();
    let field = |k: &str| fields.get(k).map(String::as_str).unwrap_or("");
    if field("client_id") != st.app_id.to_string() || field("client_secret") != CLIENT_SECRET {
        return oauth_error(401, "invalid_client", "Invalid client");
    }
    if field("grant_type") != "authorization_code" {
        return oauth_error(400, "unsupported_grant_type", "Unsupported grant type");
    }
    // A code is good once.
    let Some(user) = st.activities.codes.remove(field("code")) else {
        return oauth_error(400, "invalid_grant", "Invalid \"code\" in request.");
    };
    let token = format!("at{}{}", st.new_id(), st.new_id());
    st.activities.tokens.insert(token.clone(), user);
    st.activities.secrets.push(token.clone());
    (
        200,
        Some(json!({
            "access_token": token, "token_type": "Bearer", "expires_in": 604800,
            "refresh_token": format!("rt{}", st.new_id()), "scope": "identify",
        })),
    )
}

/// `GET /users/@me` with a bearer token: the token's player (with their locale, as `identify` gives it).
pub fn me(st: &State, headers: &HeaderMap) -> Option<Answer> {
    let auth = headers.get("authorization").and_then(|v| v.to_str().ok())?;
    let token = auth.strip_prefix("Bearer ")?;
    Some(match st.activities.tokens.get(token) {
        Some(&user) => {
            let mut v = st.user_json(user);
            v["locale"] = json!(st.users.get(&user).and_then(|u| u.locale.clone()).unwrap_or_else(|| "en-US".into()));
            (200, Some(v))
        }
        None => (401, Some(json!({"message": "401: Unauthorized", "code": 0}))),
    })
}

/// `GET /applications/{application_id}/activity-instances/{instance_id}`.
pub fn instance(st: &State, application: u64, id: &str) -> Answer {
    match st.activities.instances.get(id).filter(|_| application == st.app_id) {
        Some((guild, channel, users)) => {
            let location = match guild {
                Some(g) => {
                    json!({"id": format!("gc-{g}-{channel}"), "kind": "gc", "channel_id": channel.to_string(), "guild_id": g.to_string()})
                }
                None => json!({"id": format!("pc-{channel}"), "kind": "pc", "channel_id": channel.to_string()}),
            };
            (
                200,
                Some(json!({
                    "application_id": st.app_id.to_string(), "instance_id": id, "launch_id": format!("{}", channel ^ 7),
                    "location": location, "users": users.iter().map(u64::to_string).collect::<Vec<_>>(),
                })),
            )
        }
        None => (404, Some(json!({"message": "Unknown Activity Instance", "code": 10_070}))),
    }
}

/// Whether a global overwrite `list` must be refused: Activities on and no Entry Point command in it.
pub fn refuses_overwrite(st: &State, guild: Option<u64>, list: &[Value]) -> bool {
    st.activities.on && guild.is_none() && !list.iter().any(|c| c.get("type").and_then(Value::as_u64) == Some(4))
}

/// Discord's refusal of such an overwrite.
pub fn entry_point_required() -> Answer {
    (
        400,
        Some(json!({
            "message": "You cannot remove this app's Entry Point command in a bulk update operation. Please include the Entry Point command in your update request or delete it separately.",
            "code": 50240,
        })),
    )
}

impl FakeDiscord {
    /// Turns the application's Activities on (the developer portal's switch), with Discord's default Entry Point
    /// command registered, as Discord does when they are turned on.
    pub fn turn_activities_on(&self) {
        let mut st = self.lock();
        st.activities.on = true;
        let (id, version, app) = (st.new_id(), st.new_id(), st.app_id);
        let json = json!({
            "id": id.to_string(), "application_id": app.to_string(), "version": version.to_string(), "type": 4,
            "name": "launch", "description": "", "handler": 2, "default_member_permissions": null, "nsfw": false,
        });
        st.commands.push(super::model::RegisteredCommand { id, guild_id: None, json });
    }

    /// What the SDK's `authorize` gives `user` in Discord: a code for the application, good once.
    pub fn activity_code(&self, user: u64) -> String {
        let mut st = self.lock();
        let code = format!("code{}", st.new_id());
        st.activities.codes.insert(code.clone(), user);
        st.activities.secrets.push(code.clone());
        code
    }

    /// An instance of the Activity in `channel` of the default server, with `users` in it; its id.
    pub fn activity_instance(&self, channel: u64, users: &[u64]) -> String {
        let guild = self.guild_id();
        let mut st = self.lock();
        let id = format!("i-{}-gc-{guild}-{channel}", st.new_id());
        st.activities.instances.insert(id.clone(), (Some(guild), channel, users.to_vec()));
        id
    }

    /// An instance in a private channel (no server).
    pub fn activity_instance_private(&self, channel: u64, users: &[u64]) -> String {
        let mut st = self.lock();
        let id = format!("i-{}-pc-{channel}", st.new_id());
        st.activities.instances.insert(id.clone(), (None, channel, users.to_vec()));
        id
    }

    /// Every code and access token the stand-in gave.
    pub fn activity_secrets(&self) -> Vec<String> {
        self.lock().activities.secrets.clone()
    }
}

/// A world whose bot offers the Activity (the stand-in's application has Activities on, the bot has the client
/// secret, `WEB_ADDR` and `PUBLIC_URL`); the web address.
pub async fn activity_world() -> (World, String) {
    activity_world_with_secret(CLIENT_SECRET).await
}

/// As [`activity_world`], the bot given `secret` as its client secret (the application's is [`CLIENT_SECRET`]).
pub async fn activity_world_with_secret(secret: &str) -> (World, String) {
    let addr = super::scrape::free_addr();
    let public = format!("http://{addr}");
    let env = [("WEB_ADDR", addr.as_str()), ("PUBLIC_URL", public.as_str()), ("DISCORD_CLIENT_SECRET", secret)];
    let opts = FakeOptions { activities: true, ..FakeOptions::default() };
    (World::start_with_opts_env(opts, &env).await, addr)
}
