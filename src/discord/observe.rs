//! The Discord layer's part of the metrics (`crate::metrics`): every REST call of ours counted by its route
//! template and status ([`counted`]), the rate limiter's waits ([`RateLimits`]), and the shards' connection
//! stages and heartbeat latency ([`watch_shards`]), which `/readyz` reads.

use std::future::Future;
use std::sync::Arc;
use std::time::Duration;

use poise::serenity_prelude as serenity;

use super::retry::status_of;
use crate::config::Shards;

/// The routes the bot calls, as templates (Discord's own, from its OpenAPI description): the `route` label.
pub mod route {
    pub const CALLBACK: &str = "POST /interactions/{interaction_id}/{interaction_token}/callback";
    pub const ORIGINAL: &str = "PATCH /webhooks/{application_id}/{interaction_token}/messages/@original";
    pub const FOLLOWUP: &str = "POST /webhooks/{application_id}/{interaction_token}";
    pub const POST_MESSAGE: &str = "POST /channels/{channel_id}/messages";
    pub const EDIT_MESSAGE: &str = "PATCH /channels/{channel_id}/messages/{message_id}";
    pub const OPEN_DM: &str = "POST /users/@me/channels";
    pub const ME: &str = "GET /users/@me";
    pub const GATEWAY: &str = "GET /gateway";
    pub const COMMANDS: &str = "PUT /applications/{application_id}/commands";
    pub const GUILD_COMMANDS: &str = "PUT /applications/{application_id}/guilds/{guild_id}/commands";
    /// A route the bot does not call itself (serenity's, poise's), met by the rate limiter.
    pub const OTHER: &str = "other";

    pub(super) const ALL: [&str; 10] =
        [CALLBACK, ORIGINAL, FOLLOWUP, POST_MESSAGE, EDIT_MESSAGE, OPEN_DM, ME, GATEWAY, COMMANDS, GUILD_COMMANDS];
}

/// Runs one REST call and counts it under `route` with its status (2xx, Discord's error status, or no answer).
pub async fn counted<T>(
    route: &'static str,
    call: impl Future<Output = Result<T, serenity::Error>>,
) -> Result<T, serenity::Error> {
    let result = call.await;
    let status = match &result {
        Ok(_) => Some(200),
        Err(e) => status_of(e),
    };
    crate::metrics::get().request(route, status);
    result
}

/// A concrete path (`https://discord.com/api/v10/channels/1/messages`) as its template: ids and tokens become the
/// names of [`route`], and a route not among them is [`route::OTHER`] (the label's values stay few).
pub fn template(method: &str, path: &str) -> &'static str {
    let path = path.split_once("/api/v10").map_or(path, |(_, p)| p);
    let path = path.split('?').next().unwrap_or(path);
    let mut parts: Vec<&str> = Vec::new();
    let segments: Vec<&str> = path.split('/').filter(|s| !s.is_empty()).collect();
    for (i, s) in segments.iter().enumerate() {
        let before = i.checked_sub(1).map(|j| segments[j]);
        let part = match (before, s) {
            (Some("interactions"), _) => "{interaction_id}",
            (_, _) if i >= 2 && matches!(segments[i - 2], "interactions" | "webhooks") => "{interaction_token}",
            (Some("webhooks" | "applications"), _) => "{application_id}",
            (Some("channels"), _) => "{channel_id}",
            (Some("guilds"), _) => "{guild_id}",
            (Some("messages"), s) if *s != "@original" => "{message_id}",
            (_, s) => s,
        };
        parts.push(part);
    }
    let shown = format!("{} /{}", method.to_ascii_uppercase(), parts.join("/"));
    route::ALL.into_iter().find(|r| *r == shown).unwrap_or(route::OTHER)
}

/// serenity's rate limiter reports each wait it makes (a bucket empty before a call, or a 429 after one) to the
/// client's event handlers: counted here.
pub struct RateLimits;

#[serenity::async_trait]
impl serenity::EventHandler for RateLimits {
    async fn ratelimit(&self, info: serenity::RatelimitInfo) {
        let method = format!("{:?}", info.method);
        let route = template(&method, &info.path);
        crate::metrics::get().rate_limit_wait(route, info.global, info.timeout);
    }
}

/// How often the shards' stages are copied into the metrics and the readiness state.
const SHARD_POLL: Duration = Duration::from_secs(1);

/// Copies each shard's connection stage and latency from serenity's shard manager, every [`SHARD_POLL`], until
/// aborted (the client stopped).
pub async fn watch_shards(manager: Arc<serenity::ShardManager>, run: Shards) {
    loop {
        {
            let runners = manager.runners.lock().await;
            for shard in run.first..=run.last {
                match runners.get(&serenity::ShardId(shard)) {
                    Some(info) => {
                        let up = info.stage == serenity::ConnectionStage::Connected;
                        crate::metrics::health::shard_stage(shard, &info.stage.to_string(), up, info.latency);
                    }
                    None => crate::metrics::health::shard_stage(shard, "not started", false, None),
                }
            }
        }
        tokio::time::sleep(SHARD_POLL).await;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn concrete_paths_read_as_their_templates() {
        let api = "https://discord.com/api/v10";
        assert_eq!(template("Post", &format!("{api}/channels/123/messages")), route::POST_MESSAGE);
        assert_eq!(template("Patch", &format!("{api}/channels/123/messages/456")), route::EDIT_MESSAGE);
        assert_eq!(template("Post", &format!("{api}/interactions/9/aW50ZXJhY3Rpb24/callback")), route::CALLBACK);
        assert_eq!(template("Patch", &format!("{api}/webhooks/7/tok/messages/@original")), route::ORIGINAL);
        assert_eq!(template("Post", &format!("{api}/webhooks/7/tok")), route::FOLLOWUP);
        assert_eq!(template("Post", &format!("{api}/users/@me/channels")), route::OPEN_DM);
        assert_eq!(template("Put", &format!("{api}/applications/7/guilds/8/commands")), route::GUILD_COMMANDS);
        // Anything else is one label, whatever its ids: the series stay few.
        assert_eq!(template("Get", &format!("{api}/guilds/1/members/2")), route::OTHER);
        assert_eq!(template("Delete", "/channels/1/messages/2?x=1"), route::OTHER);
    }
}
