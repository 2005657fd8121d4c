//! The one error path of every command: what the user got wrong
//! ([`UserError`]) is shown to them as written; anything else is logged once,
//! with the command, and answered with a short apology. Both ephemeral.

use poise::CreateReply;

use super::{Data, Error};
use crate::table::{UserError, INTERNAL_ERROR};

pub async fn on_error(error: poise::FrameworkError<'_, Data, Error>) {
    use poise::FrameworkError as F;
    let (ctx, text) = match error {
        F::Command { error, ctx, .. } => match error.downcast_ref::<UserError>() {
            Some(user) => (ctx, user.0.clone()),
            None => {
                tracing::error!(command = %ctx.command().qualified_name, error = ?error, "command failed");
                (ctx, INTERNAL_ERROR.to_string())
            }
        },
        F::ArgumentParse { error, input, ctx, .. } => {
            let what = input.map(|i| format!("`{i}`: ")).unwrap_or_default();
            (ctx, format!("That option is not valid: {what}{error}"))
        }
        F::MissingUserPermissions { ctx, .. } => {
            (ctx, "Only members with the Manage Server permission can use this command.".to_string())
        }
        F::GuildOnly { ctx, .. } => (ctx, "This command works only in a server.".to_string()),
        F::CommandCheckFailed { ctx, error, .. } => {
            if let Some(e) = error {
                tracing::error!(error = ?e, "command check failed");
            }
            (ctx, "You cannot use this command here.".to_string())
        }
        other => {
            if let Err(e) = poise::builtins::on_error(other).await {
                tracing::error!(error = %e, "error while handling an error");
            }
            return;
        }
    };
    if let Err(e) = ctx.send(CreateReply::default().content(text).ephemeral(true)).await {
        tracing::warn!(error = %e, "could not report an error to the user");
    }
}
