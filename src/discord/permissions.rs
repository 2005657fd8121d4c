//! What the bot needs in a channel to host a table there, and the one check of it.
//!
//! A hand message is posted in the table's channel with an embed, buttons and a picture (`table.png`: the
//! turned-up and community cards, the hands shown): Discord refuses such a post (403, code 50013 "Missing
//! Permissions") without every permission of [`NEEDED`]. The invite asks for them ([`INVITE`], the README's
//! link), and since a server's admin may take one away in one channel, `/table open`, `/tournament open` and
//! Start check the bot's permissions in the channel (Discord sends them with every interaction,
//! `app_permissions`) and tell the opener, privately, which are missing, rather than fail the first hand.
//! A permission taken away while a table plays: the hand message goes without its picture (`presenter.rs`)
//! and the opener is told the same way, by DM.

use poise::serenity_prelude::Permissions;

use crate::i18n::Msg;

/// View Channels, Send Messages, Embed Links, Attach Files, Read Message History.
pub const NEEDED: Permissions = Permissions::VIEW_CHANNEL
    .union(Permissions::SEND_MESSAGES)
    .union(Permissions::EMBED_LINKS)
    .union(Permissions::ATTACH_FILES)
    .union(Permissions::READ_MESSAGE_HISTORY);

/// The invite link's `permissions=` integer: [`NEEDED`] as a number (a test keeps the README's link to it).
pub const INVITE: u64 = 117_760;

/// The permissions of [`NEEDED`] that `granted` lacks; none when Discord did not say (`app_permissions` is
/// absent only outside a guild).
pub fn missing(granted: Option<Permissions>) -> Permissions {
    granted.map_or(Permissions::empty(), |g| NEEDED.difference(g))
}

/// Permission names as Discord's server settings show them, in its order ("Attach Files, Embed Links"), in
/// English (the logs).
pub fn names(permissions: Permissions) -> String {
    permissions.get_permission_names().join(", ")
}

/// The same names as messages of the catalogue, written in the reader's language (`perm-*`: Discord's own names
/// in its Hindi settings).
pub fn msgs(permissions: Permissions) -> Vec<Msg> {
    let known = [
        (Permissions::VIEW_CHANNEL, "perm-view-channel"),
        (Permissions::SEND_MESSAGES, "perm-send-messages"),
        (Permissions::EMBED_LINKS, "perm-embed-links"),
        (Permissions::ATTACH_FILES, "perm-attach-files"),
        (Permissions::READ_MESSAGE_HISTORY, "perm-read-message-history"),
    ];
    let mut out: Vec<Msg> =
        known.iter().filter(|(p, _)| permissions.contains(*p)).map(|&(_, id)| Msg::new(id)).collect();
    // A permission outside NEEDED (none today) keeps Discord's English name.
    let rest = permissions.difference(NEEDED);
    if !rest.is_empty() {
        out.push(Msg::new("perm-other").arg("names", names(rest)));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_invite_asks_for_everything_a_table_needs() {
        assert_eq!(NEEDED.bits(), INVITE);
        assert_eq!(INVITE, 1024 + 2048 + 16384 + 32768 + 65536);
        assert!(NEEDED.attach_files(), "the hand message's picture needs Attach Files");
        assert_eq!(names(missing(Some(Permissions::from_bits_truncate(84_992)))), "Attach Files");
        // The catalogue's English names are Discord's own, and every needed permission has one in each language.
        for p in NEEDED.iter() {
            let said: Vec<String> = msgs(p).iter().map(|m| m.text(crate::i18n::Lang::En)).collect();
            assert_eq!(said, [names(p)]);
            assert!(msgs(p).iter().all(|m| m.id != "perm-other" && crate::i18n::has(crate::i18n::Lang::Hi, m.id)));
        }
        assert!(missing(None).is_empty());
        assert!(missing(Some(Permissions::all())).is_empty());
    }
}
