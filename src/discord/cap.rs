//! The reply cap: every message the bot sends goes through [`content`] and, for each embed, [`embed`], so a
//! reply never passes Discord's limits (a message Discord refuses would reach the user as the internal-error
//! text, or not at all). Text past a limit is cut on a character boundary and ends in "…". What users typed
//! is already short when it gets here ([`crate::echo`]); the cap is the last guard, for everything else.

use poise::serenity_prelude as serenity;
use serenity::{CreateEmbed, Embed};

/// Discord's limit on a message's content, in characters.
pub const CONTENT_MAX: usize = 2000;
/// Discord's embed limits, in characters (and fields).
pub const TITLE_MAX: usize = 256;
pub const DESCRIPTION_MAX: usize = 4096;
pub const FIELDS_MAX: usize = 25;
pub const FIELD_NAME_MAX: usize = 256;
pub const FIELD_VALUE_MAX: usize = 1024;
pub const FOOTER_MAX: usize = 2048;
pub const AUTHOR_MAX: usize = 256;
/// The limit on all of an embed's text together.
pub const EMBED_TOTAL_MAX: usize = 6000;

pub use crate::echo::cut;

/// A message's content, within [`CONTENT_MAX`], through the redaction of messages to players
/// ([`crate::redact::message`]: no token or URL credential is ever sent, whatever a message quotes).
pub fn content(text: impl Into<String>) -> String {
    let text = text.into();
    let text = match crate::redact::message(&text) {
        std::borrow::Cow::Borrowed(_) => text,
        std::borrow::Cow::Owned(redacted) => redacted,
    };
    if text.chars().count() <= CONTENT_MAX {
        return text;
    }
    tracing::warn!(chars = text.chars().count(), "a reply was longer than Discord allows; cut");
    cut(&text, CONTENT_MAX)
}

/// An embed within Discord's limits: each part cut to its own limit, then the description shortened until the
/// whole fits in [`EMBED_TOTAL_MAX`].
pub fn embed(embed: CreateEmbed) -> CreateEmbed {
    // The builder keeps its parts private; its JSON is a serenity `Embed`, which converts back.
    let parsed = serde_json::to_value(&embed).and_then(serde_json::from_value::<Embed>);
    let mut e = match parsed {
        Ok(e) => e,
        Err(error) => {
            tracing::error!(%error, "an embed could not be read back to check its size; sent as it is");
            return embed;
        }
    };
    redact(&mut e);
    if !fits(&e) {
        tracing::warn!("an embed was larger than Discord allows; cut");
        shrink(&mut e);
    }
    CreateEmbed::from(e)
}

/// Every text of an embed through [`crate::redact::message`].
fn redact(e: &mut Embed) {
    let clean = |s: &mut String| {
        if let std::borrow::Cow::Owned(r) = crate::redact::message(s) {
            *s = r;
        }
    };
    for text in [&mut e.title, &mut e.description].into_iter().flatten() {
        clean(text);
    }
    for f in &mut e.fields {
        clean(&mut f.name);
        clean(&mut f.value);
    }
    if let Some(f) = &mut e.footer {
        clean(&mut f.text);
    }
    if let Some(a) = &mut e.author {
        clean(&mut a.name);
    }
}

fn chars(s: &Option<String>) -> usize {
    s.as_deref().map_or(0, |s| s.chars().count())
}

fn total(e: &Embed) -> usize {
    chars(&e.title)
        + chars(&e.description)
        + e.footer.as_ref().map_or(0, |f| f.text.chars().count())
        + e.author.as_ref().map_or(0, |a| a.name.chars().count())
        + e.fields.iter().map(|f| f.name.chars().count() + f.value.chars().count()).sum::<usize>()
}

fn fits(e: &Embed) -> bool {
    chars(&e.title) <= TITLE_MAX
        && chars(&e.description) <= DESCRIPTION_MAX
        && e.fields.len() <= FIELDS_MAX
        && e.fields
            .iter()
            .all(|f| f.name.chars().count() <= FIELD_NAME_MAX && f.value.chars().count() <= FIELD_VALUE_MAX)
        && e.footer.as_ref().is_none_or(|f| f.text.chars().count() <= FOOTER_MAX)
        && e.author.as_ref().is_none_or(|a| a.name.chars().count() <= AUTHOR_MAX)
        && total(e) <= EMBED_TOTAL_MAX
}

fn shrink(e: &mut Embed) {
    let cap = |s: &mut String, max: usize| {
        if s.chars().count() > max {
            *s = cut(s, max);
        }
    };
    if let Some(t) = e.title.as_mut() {
        cap(t, TITLE_MAX);
    }
    if let Some(d) = e.description.as_mut() {
        cap(d, DESCRIPTION_MAX);
    }
    e.fields.truncate(FIELDS_MAX);
    for f in &mut e.fields {
        cap(&mut f.name, FIELD_NAME_MAX);
        cap(&mut f.value, FIELD_VALUE_MAX);
    }
    if let Some(f) = e.footer.as_mut() {
        cap(&mut f.text, FOOTER_MAX);
    }
    if let Some(a) = e.author.as_mut() {
        cap(&mut a.name, AUTHOR_MAX);
    }
    // Still too much together: the description gives way first, then fields from the last.
    let over = total(e).saturating_sub(EMBED_TOTAL_MAX);
    if over > 0 {
        if let Some(d) = e.description.as_mut() {
            let keep = d.chars().count().saturating_sub(over + 1);
            *d = cut(d, keep.max(1));
        }
    }
    while total(e) > EMBED_TOTAL_MAX && e.fields.pop().is_some() {}
}

#[cfg(test)]
mod tests {
    use super::*;
    use poise::serenity_prelude::{CreateEmbedFooter, EmbedField};

    fn parts(e: &CreateEmbed) -> Embed {
        serde_json::from_value(serde_json::to_value(e).unwrap()).unwrap()
    }

    #[test]
    fn content_is_cut_to_discords_limit_on_a_character_boundary() {
        assert_eq!(content("short"), "short");
        let long = content("é".repeat(5000));
        assert_eq!(long.chars().count(), CONTENT_MAX);
        assert!(long.ends_with("é…"));
        assert_eq!(cut("abc", 3), "abc");
        assert_eq!(cut("abcd", 3), "ab…");
    }

    #[test]
    fn an_embed_within_the_limits_is_unchanged() {
        let e = CreateEmbed::new().title("t").description("d").field("n", "v", false).colour(0x1f8b4c);
        assert_eq!(embed(e.clone()), e);
    }

    #[test]
    fn every_part_of_an_embed_is_cut_and_the_whole_fits() {
        let mut e = CreateEmbed::new()
            .title("t".repeat(1000))
            .description("d".repeat(10_000))
            .footer(CreateEmbedFooter::new("f".repeat(3000)));
        for i in 0..30 {
            e = e.field(format!("{i}{}", "n".repeat(300)), "v".repeat(2000), false);
        }
        let got = parts(&embed(e));
        assert!(fits(&got), "{} characters", total(&got));
        assert_eq!(got.title.as_deref().map(|t| t.chars().count()), Some(TITLE_MAX));
        assert!(got.fields.iter().all(|f: &EmbedField| f.value.ends_with('…')));
    }

    /// Every message the Discord layer builds passes its content and embeds through this cap: a source line
    /// that sets either without `cap::` fails here.
    #[test]
    fn every_send_path_goes_through_the_cap() {
        let root = concat!(env!("CARGO_MANIFEST_DIR"), "/src/discord");
        let mut files = vec![std::path::PathBuf::from(root)];
        let mut unchecked = Vec::new();
        while let Some(path) = files.pop() {
            if path.is_dir() {
                files.extend(std::fs::read_dir(&path).unwrap().map(|e| e.unwrap().path()));
                continue;
            }
            let text = std::fs::read_to_string(&path).unwrap();
            // Test modules build messages to check them, not to send them.
            let code = text.split("#[cfg(test)]").next().unwrap_or_default();
            for (i, line) in code.lines().enumerate() {
                for call in [".content(", ".embed("] {
                    for (at, _) in line.match_indices(call) {
                        if !line[at + call.len()..].starts_with("cap::") {
                            unchecked.push(format!("{}:{}: {}", path.display(), i + 1, line.trim()));
                        }
                    }
                }
            }
        }
        assert!(unchecked.is_empty(), "content or an embed set without the cap:\n{}", unchecked.join("\n"));
    }
}
