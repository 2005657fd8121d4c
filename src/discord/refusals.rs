//! Discord's refusals of a table's messages and DMs sorted: its JSON error codes, what each means for a table
//! ([`ShowError`]), and which permission a refusal says the bot lacks.

use poise::serenity_prelude as serenity;
use serenity::Permissions;

use super::retry::json_code;
use crate::table::ShowError;

/// Discord's code for "Missing Access": the bot cannot see the channel (View Channel).
const MISSING_ACCESS: isize = 50001;
/// Discord's code for "Missing Permissions": a post with a picture in a channel without Attach Files.
pub(super) const MISSING_PERMISSIONS: isize = 50013;
const UNKNOWN_CHANNEL: isize = 10003;
const UNKNOWN_MESSAGE: isize = 10008;

/// Discord's codes for "this user cannot receive a DM from you".
pub(super) const DM_CLOSED_CODES: [isize; 2] = [50007, 50278];

/// Sorts a failed post or edit of a table's message.
pub(super) fn show_error(e: &serenity::Error) -> ShowError {
    match json_code(e) {
        Some(UNKNOWN_CHANNEL) => ShowError::ChannelGone,
        Some(UNKNOWN_MESSAGE) => ShowError::MessageGone,
        Some(MISSING_ACCESS | MISSING_PERMISSIONS) => ShowError::Forbidden,
        _ => ShowError::Failed(crate::echo::remote_error(e)),
    }
}

/// The permission a refusal says the bot lacks: Missing Access is View Channel; Missing Permissions on a message
/// without a picture (the picture's Attach Files is handled apart) is Send Messages. (Discord does not say which
/// permission; without Embed Links it shows a message without its embed rather than refusing it.)
pub(super) fn missing_for(e: &serenity::Error) -> Permissions {
    match json_code(e) {
        Some(MISSING_ACCESS) => Permissions::VIEW_CHANNEL,
        _ => Permissions::SEND_MESSAGES,
    }
}
