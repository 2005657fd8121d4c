//! A scenario's world for end-to-end tests: the stand-in, the real bot
//! process, its SQLite file and a channel, with helpers to act as players.
#![allow(dead_code)]

use std::path::PathBuf;
use std::time::Duration;

use serde_json::Value;

use super::bot::BotProcess;
use super::{FakeDiscord, FakeOptions, InteractionResponse};
use teenpatti::store::Store;

pub const T: Duration = Duration::from_secs(10);

/// One scenario's world: the stand-in, the bot, its database, a channel.
pub struct World {
    pub fake: FakeDiscord,
    pub bot: BotProcess,
    pub db: PathBuf,
    pub channel: u64,
    pub dir: tempfile::TempDir,
}

impl World {
    pub async fn start(env: &[(&str, &str)]) -> World {
        let fake = FakeDiscord::start(FakeOptions::default()).await;
        let dir = tempfile::tempdir().unwrap();
        let db = dir.path().join("teenpatti.db");
        let channel = fake.add_channel("tables");
        let bot = BotProcess::spawn(&fake, &db, env);
        fake.wait_ready(Duration::from_secs(30)).await;
        World { fake, bot, db, channel, dir }
    }

    pub async fn store(&self) -> Store {
        Store::open(&format!("sqlite://{}", self.db.display())).await.unwrap()
    }

    pub async fn slash(&self, user: u64, path: &str, options: Value) -> InteractionResponse {
        self.fake.slash(user, self.channel, path, options).await.response(T).await
    }

    /// The newest channel message that has a button with this label.
    pub fn message_with(&self, label: &str) -> Value {
        self.fake
            .last_message_with_button(self.channel, label)
            .unwrap_or_else(|| panic!("no message with a {label:?} button:\n{}", self.transcript()))
    }

    /// Clicks the button whose label starts with `label` on the newest message that has one.
    pub async fn click(&self, user: u64, label: &str) -> InteractionResponse {
        let msg = self.message_with_prefix(label);
        let full = button_label(&msg, label).unwrap();
        self.fake.click(user, &msg, &full).await.response(T).await
    }

    pub fn message_with_prefix(&self, prefix: &str) -> Value {
        self.fake
            .channel_messages(self.channel)
            .into_iter()
            .rev()
            .find(|m| button_label(m, prefix).is_some())
            .unwrap_or_else(|| panic!("no message with a button starting {prefix:?}:\n{}", self.transcript()))
    }

    /// A click that must be accepted: the message is updated in place.
    pub async fn act(&self, user: u64, label: &str) -> InteractionResponse {
        let r = self.click(user, label).await;
        assert_eq!(r.kind, 7, "{label} by {user} was refused: {:?}\n{}", r.content, self.transcript());
        r
    }

    /// Waits for an ephemeral message to `user` containing `needle`; returns its content.
    pub async fn wait_ephemeral(&self, user: u64, needle: &str) -> String {
        let deadline = tokio::time::Instant::now() + T;
        loop {
            if let Some(m) = self
                .fake
                .ephemerals(user)
                .iter()
                .rev()
                .find(|m| m["content"].as_str().is_some_and(|c| c.contains(needle)))
            {
                return m["content"].as_str().unwrap_or_default().to_string();
            }
            assert!(tokio::time::Instant::now() < deadline, "no ephemeral {needle:?} for {user}");
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }

    /// The newest hand message ("Teen Patti · hand #N").
    pub fn hand_message(&self) -> Value {
        self.fake
            .channel_messages(self.channel)
            .into_iter()
            .rev()
            .find(|m| m["embeds"][0]["title"].as_str().is_some_and(|t| t.contains("hand #")))
            .unwrap_or_else(|| panic!("no hand message:\n{}", self.transcript()))
    }

    /// Waits for a hand message other than those in `seen` (message ids); returns it.
    pub async fn wait_new_hand(&self, seen: &[String]) -> Value {
        self.fake
            .wait_for_message(self.channel, T, |m| {
                m["embeds"][0]["title"].as_str().is_some_and(|t| t.contains("hand #"))
                    && !seen.iter().any(|id| m["id"].as_str() == Some(id.as_str()))
            })
            .await
            .unwrap_or_else(|| panic!("no new hand message:\n{}", self.transcript()))
    }

    /// Kills the bot (SIGKILL, as a crash) and starts a new process on the same database and stand-in; waits
    /// until it has identified again and registered its commands again.
    pub async fn restart(&mut self, env: &[(&str, &str)]) {
        let identifies = self.fake.gateway_stats().identifies;
        let registrations = self.fake.command_registrations().len();
        self.bot.kill();
        self.bot = BotProcess::spawn(&self.fake, &self.db, env);
        self.fake.wait_gateway(Duration::from_secs(30), |g| g.identifies > identifies && g.live).await;
        let deadline = tokio::time::Instant::now() + Duration::from_secs(30);
        while self.fake.command_registrations().len() <= registrations {
            assert!(tokio::time::Instant::now() < deadline, "the restarted bot did not register its commands");
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }

    /// Every channel message as a player reads it.
    pub fn transcript(&self) -> String {
        self.fake.channel_messages(self.channel).iter().map(render_message).collect::<Vec<_>>().join("\n----\n")
    }
}

pub fn button_label(msg: &Value, prefix: &str) -> Option<String> {
    msg["components"]
        .as_array()?
        .iter()
        .flat_map(|row| row["components"].as_array().cloned().unwrap_or_default())
        .filter_map(|b| b["label"].as_str().map(str::to_string))
        .find(|l| l.starts_with(prefix))
}

pub fn render_message(m: &Value) -> String {
    let mut out = String::new();
    if let Some(c) = m["content"].as_str().filter(|c| !c.is_empty()) {
        out.push_str(c);
        out.push('\n');
    }
    for e in m["embeds"].as_array().cloned().unwrap_or_default() {
        if let Some(t) = e["title"].as_str() {
            out.push_str(&format!("## {t}\n"));
        }
        if let Some(d) = e["description"].as_str() {
            out.push_str(d);
            out.push('\n');
        }
        for f in e["fields"].as_array().cloned().unwrap_or_default() {
            out.push_str(&format!("**{}**\n{}\n", f["name"].as_str().unwrap_or(""), f["value"].as_str().unwrap_or("")));
        }
    }
    let labels: Vec<String> = m["components"]
        .as_array()
        .cloned()
        .unwrap_or_default()
        .iter()
        .map(|row| {
            row["components"]
                .as_array()
                .cloned()
                .unwrap_or_default()
                .iter()
                .map(|b| format!("[{}]", b["label"].as_str().unwrap_or("?")))
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect();
    if !labels.is_empty() {
        out.push_str(&labels.join("\n"));
    }
    out
}
