//! The one error path of every command: what the user got wrong
//! ([`UserError`]) is shown to them as written; anything else is logged once,
//! with the command, and answered with a short apology. Both ephemeral.

use poise::CreateReply;

use super::{cap, render, Data, Error};
use crate::table::UserError;
use crate::tr;

pub async fn on_error(error: poise::FrameworkError<'_, Data, Error>) {
    use poise::FrameworkError as F;
    let (ctx, text) = match error {
        F::Command { error, ctx, .. } => match error.downcast_ref::<UserError>() {
            Some(user) => {
                let lang = match user.lang() {
                    Some(l) => l,
                    None => super::commands::lang(ctx).await,
                };
                (ctx, user.text_in(lang))
            }
            None => {
                tracing::error!(
                    command = %ctx.command().qualified_name,
                    error = %crate::echo::remote(&format_args!("{error:#}")),
                    "command failed"
                );
                (ctx, tr!(super::commands::lang(ctx).await, "error-internal"))
            }
        },
        F::ArgumentParse { error, input, ctx, .. } => {
            tracing::debug!(error = %crate::echo::remote(&error), "a command option could not be read");
            let lang = super::commands::lang(ctx).await;
            (ctx, render::option_not_valid(lang, input.as_deref()))
        }
        F::MissingUserPermissions { ctx, .. } => {
            (ctx, tr!(super::commands::lang(ctx).await, "error-needs-manage-server"))
        }
        F::GuildOnly { ctx, .. } => (ctx, tr!(super::commands::lang(ctx).await, "error-server-only")),
        F::CommandCheckFailed { ctx, error, .. } => {
            if let Some(e) = error {
                tracing::error!(error = %crate::echo::remote(&format_args!("{e:#}")), "command check failed");
            }
            (ctx, tr!(super::commands::lang(ctx).await, "error-check-failed"))
        }
        // Everything else (a setup or event-handler failure, a panic in a command, a payload that does not fit the
        // command): logged here, bounded and redacted like every remote text, never through poise's built-in
        // handler (it `eprintln!`s the whole error, unredacted, and panics on a closed stderr); whoever asked gets
        // the apology.
        other => {
            tracing::error!(error = %crate::echo::remote(&other), "a command or event could not be handled");
            let Some(ctx) = other.ctx() else { return };
            (ctx, tr!(super::commands::lang(ctx).await, "error-internal"))
        }
    };
    if let Err(e) = ctx.send(CreateReply::default().content(cap::content(text)).ephemeral(true)).await {
        tracing::warn!(error = %crate::echo::remote_error(&e), "could not report an error to the user");
    }
}
