//! Registering the commands, with the Activity's Entry Point command (type PRIMARY_ENTRY_POINT) when the
//! Activity is offered (docs/activity.md). Discord refuses a bulk overwrite of an application's global commands
//! that omits its Entry Point once Activities are on (error 50240), and poise's `register_globally` sends exactly
//! such an overwrite: the list is made here instead. Not offered, and refused with 50240 (Activities turned on
//! in the developer portal without the secret here), the Entry Point Discord already has is kept as it is.

use poise::serenity_prelude as serenity;
use serenity::{CommandType, CreateCommand, EntryPointHandlerType};

use super::{observe, Data, Error};

/// Discord's refusal of a global overwrite without the Entry Point command.
const ENTRY_POINT_REQUIRED: isize = 50240;

/// The Entry Point command: Discord launches the Activity itself (handler DISCORD_LAUNCH_ACTIVITY).
fn entry_point() -> CreateCommand {
    CreateCommand::new("launch")
        .kind(CommandType::PrimaryEntryPoint)
        .handler(EntryPointHandlerType::DiscordLaunchActivity)
        .description("Play Teen Patti at this channel's table")
}

/// Registers `commands`: in `dev_guild` at once (and only the Entry Point globally, when offered), or globally.
pub async fn register(
    http: &serenity::Http,
    commands: &[poise::Command<Data, Error>],
    dev_guild: Option<u64>,
) -> Result<(), serenity::Error> {
    let mut list = poise::builtins::create_application_commands(commands);
    let offered = crate::activity::offered();
    if let Some(g) = dev_guild {
        let guild = serenity::GuildId::new(g);
        observe::counted(observe::route::GUILD_COMMANDS, guild.set_commands(http, list)).await?;
        // An Entry Point is a global command only.
        if offered {
            let global = serenity::Command::set_global_commands(http, vec![entry_point()]);
            observe::counted(observe::route::COMMANDS, global).await?;
        }
        return Ok(());
    }
    if offered {
        list.push(entry_point());
    }
    let first = observe::counted(observe::route::COMMANDS, serenity::Command::set_global_commands(http, list.clone()));
    match first.await {
        Err(e) if !offered && super::retry::json_code(&e) == Some(ENTRY_POINT_REQUIRED) => {
            tracing::warn!(
                "Discord requires this application's Entry Point command (Activities are on in the developer portal) \
                 but the Activity is not served here (DISCORD_CLIENT_SECRET and PUBLIC_URL unset): Discord's own \
                 Entry Point is kept as it is (docs/activity.md)"
            );
            let existing = observe::counted(observe::route::COMMANDS, serenity::Command::get_global_commands(http));
            let kept = existing.await?.into_iter().filter(|c| c.kind == CommandType::PrimaryEntryPoint);
            for command in kept {
                let mut again = CreateCommand::new(command.name).kind(CommandType::PrimaryEntryPoint);
                again = again.description(command.description);
                if let Some(handler) = command.handler {
                    again = again.handler(handler);
                }
                list.push(again);
            }
            observe::counted(observe::route::COMMANDS, serenity::Command::set_global_commands(http, list)).await?;
            Ok(())
        }
        other => other.map(|_| ()),
    }
}
