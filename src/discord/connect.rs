//! Reaching Discord and staying stoppable (docs/process.md): the stop request (SIGTERM, Ctrl-C), the start-up
//! check that Discord answers and accepts the token, the backoff while it does not answer, and the one error a
//! run ends with.

use std::future::Future;
use std::time::Duration;

use poise::serenity_prelude as serenity;
use rand::Rng;
use tokio::sync::watch;

use super::observe::{counted, route};
use super::retry::{status_of, CALL_BUDGET};

/// The wait after the first failed try; it doubles after each, up to [`MAX_DELAY`].
const FIRST_DELAY: Duration = Duration::from_secs(1);
const MAX_DELAY: Duration = Duration::from_secs(60);

/// Why a run of the bot ended other than by a stop request.
#[derive(Debug, thiserror::Error)]
pub enum RunError {
    /// The token cannot work: Discord rejected it (401 from the API, or the gateway's close code 4004), or it
    /// cannot even be sent. No retry helps.
    #[error("{0}; check DISCORD_TOKEN")]
    BadToken(String),
    /// Discord (or what `DISCORD_API_URL` points at) refused a start-up request for another reason.
    #[error("{0}")]
    Refused(String),
    /// Anything else: the database, the gateway ending for good.
    #[error("{0:#}")]
    Failed(anyhow::Error),
}

impl RunError {
    /// A refusal of the configuration (the token, the API URL): restarting with the same settings cannot help.
    pub fn is_refusal(&self) -> bool {
        matches!(self, RunError::BadToken(_) | RunError::Refused(_))
    }

    /// The gateway's verdict on the token (close code 4004), as serenity reports it.
    pub(super) fn from_gateway(e: serenity::Error) -> RunError {
        match e {
            serenity::Error::Gateway(serenity::GatewayError::InvalidAuthentication) => RunError::BadToken(
                "Discord rejected the token: the gateway closed the connection with 4004 (Authentication failed)"
                    .into(),
            ),
            e => RunError::Failed(anyhow::Error::new(e).context("the Discord connection ended")),
        }
    }
}

/// Why one try to reach Discord failed.
pub(super) enum TryError {
    /// No answer, a broken connection, a rate limit or a server error: worth another try later.
    Unreachable(String),
    /// An answer that another try cannot change.
    Fatal(RunError),
}

/// Checks that Discord answers and accepts the token (`GET /users/@me`), and reads the gateway's address
/// (`GET /gateway`). Each call is bounded by [`CALL_BUDGET`]: serenity's HTTP client has no timeout of its own.
pub(super) async fn reach(http: &serenity::Http) -> Result<(serenity::CurrentUser, String), TryError> {
    let user = bounded("GET /users/@me", counted(route::ME, http.get_current_user())).await?;
    let gateway = bounded("GET /gateway", counted(route::GATEWAY, http.get_gateway())).await?;
    Ok((user, gateway.url))
}

/// `call` within [`CALL_BUDGET`], its error sorted into worth-retrying or not.
pub(super) async fn bounded<T>(
    what: &str,
    call: impl Future<Output = Result<T, serenity::Error>>,
) -> Result<T, TryError> {
    let Ok(answer) = tokio::time::timeout(CALL_BUDGET, call).await else {
        return Err(TryError::Unreachable(format!("{what}: no answer within {} s", CALL_BUDGET.as_secs())));
    };
    answer.map_err(|e| {
        let why = match &e {
            // serenity's own message says only "Error while sending HTTP request."; reqwest's names the URL and why.
            serenity::Error::Http(serenity::HttpError::Request(request)) => {
                format!("{what}: {}", crate::echo::remote_error(request))
            }
            e => format!("{what}: {}", crate::echo::remote_error(e)),
        };
        match (status_of(&e), &e) {
            (Some(401), _) => TryError::Fatal(RunError::BadToken(format!("Discord rejected the token: {why}"))),
            (Some(429 | 500..=599), _) | (None, serenity::Error::Http(serenity::HttpError::Request(_))) => {
                TryError::Unreachable(why)
            }
            (None, serenity::Error::Http(serenity::HttpError::InvalidHeader(_))) => TryError::Fatal(
                RunError::BadToken("the token cannot be sent (it holds characters a request header cannot)".into()),
            ),
            _ => TryError::Fatal(RunError::Refused(format!("Discord refused the start-up: {why}"))),
        }
    })
}

/// The waits between tries to reach Discord: 1 s, doubling up to 60 s, each with ±20 % jitter (so that many bots
/// restarted together do not knock at the same moment).
pub(super) struct Backoff {
    delay: Duration,
    tries: u32,
}

impl Default for Backoff {
    fn default() -> Backoff {
        Backoff { delay: FIRST_DELAY, tries: 0 }
    }
}

impl Backoff {
    /// The wait before the next try.
    pub(super) fn next_wait(&mut self) -> Duration {
        let wait = self.delay.mul_f64(rand::thread_rng().gen_range(0.8..1.2)).min(MAX_DELAY);
        self.delay = (self.delay * 2).min(MAX_DELAY);
        self.tries += 1;
        wait
    }

    /// Tries that failed so far.
    pub(super) fn failed(&self) -> u32 {
        self.tries
    }
}

/// A stop request: SIGTERM (systemd, Docker) or Ctrl-C. From [`Stop::listen`] on, these signals no longer end the
/// process by themselves, so every wait of the bot must also watch [`Stop::requested`].
#[derive(Clone)]
pub(super) struct Stop(watch::Receiver<bool>);

impl Stop {
    /// Starts listening (the handlers are registered before this returns: a signal that comes at once is seen).
    pub(super) fn listen() -> Stop {
        let (tx, rx) = watch::channel(false);
        let signal = crate::signals::first_stop();
        tokio::spawn(async move {
            let which = signal.await;
            tracing::info!("{which}: stopping");
            let _ = tx.send(true);
        });
        Stop(rx)
    }

    /// Resolves once a stop is requested (at once if it already was).
    pub(super) async fn requested(&self) {
        let mut rx = self.0.clone();
        if rx.wait_for(|&stop| stop).await.is_err() {
            // The listener is gone without a request (it cannot be): never resolve.
            std::future::pending::<()>().await;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn backoff_doubles_to_a_minute_with_jitter() {
        let mut b = Backoff::default();
        let waits: Vec<f64> = (0..10).map(|_| b.next_wait().as_secs_f64()).collect();
        assert_eq!(b.failed(), 10);
        for (i, w) in waits.iter().enumerate() {
            let nominal = (2f64.powi(i as i32)).min(60.0);
            assert!((nominal * 0.8..=(nominal * 1.2).min(60.0)).contains(w), "try {i}: {w} s");
        }
        assert!(waits[..6].windows(2).all(|p| p[1] > p[0]), "{waits:?}");
    }
}
