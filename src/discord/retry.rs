//! Discord calls within time budgets. With `DISCORD_API_URL` set serenity's
//! rate limiter is off (a proxy does that job), so 429s and 5xx reach us:
//! calls are retried a few times, within a budget, because a table's actor
//! waits for its Discord calls and a hung connection must not hold it.

use std::future::Future;
use std::time::Duration;

use poise::serenity_prelude as serenity;

use crate::ownership::Standing;

/// Why a call was not made: this process's shard leases have run out (see [`Standing`]).
const NOT_STANDING: &str = "this process's shard leases have run out: another process may run its tables now";

pub(super) fn status_of(e: &serenity::Error) -> Option<u16> {
    match e {
        serenity::Error::Http(serenity::HttpError::UnsuccessfulRequest(r)) => Some(r.status_code.as_u16()),
        _ => None,
    }
}

pub(super) fn json_code(e: &serenity::Error) -> Option<isize> {
    match e {
        serenity::Error::Http(serenity::HttpError::UnsuccessfulRequest(r)) => Some(r.error.code),
        _ => None,
    }
}

/// How long a DM may take, retries included. A DM to the player who clicked is
/// sent before the click is answered, and Discord allows 3 s for that answer.
pub const DM_BUDGET: Duration = Duration::from_millis(1500);
/// How long any other call may take, retries included. The table's actor
/// waits for its Discord calls, so a hung connection must not hold it.
pub const CALL_BUDGET: Duration = Duration::from_secs(10);
/// An interaction answer is useless after Discord's 3 s.
pub const ANSWER_BUDGET: Duration = Duration::from_secs(3);

/// Runs a Discord call within `budget`, retrying rate limits and server errors
/// (4 tries, backing off 0.25 s, 0.5 s, 1 s). A call that does not answer
/// within what is left of the budget is abandoned, not retried (it may have
/// reached Discord). No try is made once `standing` has lapsed.
pub async fn with_retry<T, F, Fut>(
    what: &str,
    budget: Duration,
    standing: &Standing,
    mut call: F,
) -> Result<T, serenity::Error>
where
    F: FnMut() -> Fut,
    Fut: Future<Output = Result<T, serenity::Error>>,
{
    let start = tokio::time::Instant::now();
    let mut delay = Duration::from_millis(250);
    let mut attempt = 1;
    loop {
        if !standing.holds() {
            return Err(serenity::Error::Other(NOT_STANDING));
        }
        let left = budget.saturating_sub(start.elapsed());
        let Ok(result) = tokio::time::timeout(left, call()).await else {
            tracing::warn!(what, attempt, "Discord did not answer in time; giving up");
            return Err(serenity::Error::Other("Discord did not answer in time"));
        };
        match result {
            Err(e)
                if attempt < 4
                    && matches!(status_of(&e), Some(429 | 500..=599))
                    && start.elapsed() + delay < budget =>
            {
                tracing::warn!(what, attempt, error = %crate::echo::remote_error(&e), "Discord call failed; retrying");
                tokio::time::sleep(delay).await;
                delay *= 2;
                attempt += 1;
            }
            result => return result,
        }
    }
}
