//! The one error path of every command: what the user got wrong
//! ([`UserError`]) is shown to them as written; anything else is logged once,
//! with the command, and answered with a short apology. Both ephemeral.

use poise::CreateReply;

use super::{cap, render, Context, Data, Error};
use crate::metrics::{Kind, Outcome};
use crate::table::UserError;
use crate::tr;

/// When a command arrived (its invocation data), for the click-to-answer histogram; and when it was deferred,
/// its first answer being late.
struct Arrived {
    at: std::time::Instant,
    deferred: Option<std::time::Duration>,
}

/// poise's `pre_command`: the command is about to run.
pub async fn arrived(ctx: Context<'_>) {
    ctx.set_invocation_data(Arrived { at: std::time::Instant::now(), deferred: None }).await;
}

/// The command's first answer was a deferral (it took longer than the acknowledgement's deadline).
pub async fn deferred(ctx: Context<'_>) {
    if let Some(mut a) = ctx.invocation_data::<Arrived>().await {
        a.deferred = Some(a.at.elapsed());
    }
}

/// poise's `post_command`: the command ran and answered.
pub async fn answered(ctx: Context<'_>) {
    count(ctx, Outcome::Answered).await;
}

/// Counts a command's outcome, with the time since it arrived when known (a command refused before it ran, for a
/// permission, has none).
async fn count(ctx: Context<'_>, outcome: Outcome) {
    let arrived = ctx.invocation_data::<Arrived>().await.map(|a| (a.at.elapsed(), a.deferred));
    let (outcome, since) = match arrived {
        Some((_, Some(deferred))) if outcome != Outcome::Failed => (Outcome::Late, Some(deferred)),
        Some((since, _)) => (outcome, Some(since)),
        None => (outcome, None),
    };
    crate::metrics::get().interaction(Kind::Command, outcome, since);
}

/// A command's reply (poise's `send`: the interaction's first answer, or a follow-up once it has one), counted
/// under its route.
pub async fn send<'a>(
    ctx: Context<'a>,
    reply: CreateReply,
) -> Result<poise::ReplyHandle<'a>, poise::serenity_prelude::Error> {
    let route = match ctx {
        poise::Context::Application(a) if a.has_sent_initial_response.load(std::sync::atomic::Ordering::SeqCst) => {
            super::observe::route::FOLLOWUP
        }
        _ => super::observe::route::CALLBACK,
    };
    super::observe::counted(route, ctx.send(reply)).await
}

pub async fn on_error(error: poise::FrameworkError<'_, Data, Error>) {
    use poise::FrameworkError as F;
    let (ctx, text, outcome) = match error {
        F::Command { error, ctx, .. } => match error.downcast_ref::<UserError>() {
            Some(user) => {
                let lang = match user.lang() {
                    Some(l) => l,
                    None => super::commands::lang(ctx).await,
                };
                let outcome = if user.is_internal() { Outcome::Failed } else { Outcome::Refused };
                (ctx, user.text_in(lang), outcome)
            }
            None => {
                tracing::error!(
                    command = %ctx.command().qualified_name,
                    error = %crate::echo::remote(&format_args!("{error:#}")),
                    "command failed"
                );
                (ctx, tr!(super::commands::lang(ctx).await, "error-internal"), Outcome::Failed)
            }
        },
        F::ArgumentParse { error, input, ctx, .. } => {
            tracing::debug!(error = %crate::echo::remote(&error), "a command option could not be read");
            let lang = super::commands::lang(ctx).await;
            (ctx, render::option_not_valid(lang, input.as_deref()), Outcome::Refused)
        }
        F::MissingUserPermissions { ctx, .. } => {
            (ctx, tr!(super::commands::lang(ctx).await, "error-needs-manage-server"), Outcome::Refused)
        }
        F::GuildOnly { ctx, .. } => (ctx, tr!(super::commands::lang(ctx).await, "error-server-only"), Outcome::Refused),
        F::CommandCheckFailed { ctx, error, .. } => {
            let outcome = match error {
                Some(e) => {
                    tracing::error!(error = %crate::echo::remote(&format_args!("{e:#}")), "command check failed");
                    Outcome::Failed
                }
                None => Outcome::Refused,
            };
            (ctx, tr!(super::commands::lang(ctx).await, "error-check-failed"), outcome)
        }
        // Everything else (a setup or event-handler failure, a panic in a command, a payload that does not fit the
        // command): logged here, bounded and redacted like every remote text, never through poise's built-in
        // handler (it `eprintln!`s the whole error, unredacted, and panics on a closed stderr); whoever asked gets
        // the apology.
        other => {
            tracing::error!(error = %crate::echo::remote(&other), "a command or event could not be handled");
            let Some(ctx) = other.ctx() else { return };
            (ctx, tr!(super::commands::lang(ctx).await, "error-internal"), Outcome::Failed)
        }
    };
    let outcome = match send(ctx, CreateReply::default().content(cap::content(text)).ephemeral(true)).await {
        Ok(_) => outcome,
        Err(e) => {
            tracing::warn!(error = %crate::echo::remote_error(&e), "could not report an error to the user");
            Outcome::Failed
        }
    };
    count(ctx, outcome).await;
}
