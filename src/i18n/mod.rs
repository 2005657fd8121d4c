//! The players' language: the words the bot writes come from a Fluent catalogue (`locales/<lang>/*.ftl`,
//! compiled in), in English, Hindi in Devanagari, or Hinglish (Hindi in Latin letters, as chat is typed). Each
//! server chooses one (`/config set language`); Discord's own locale names the commands ([`command_locale`]).
//! Pure: no Discord or database types.
//!
//! A message is looked up by its id with named arguments ([`tr!`](crate::tr)). A message missing from a
//! language falls back to English (and `tests/catalogue.rs` fails on it); a message missing everywhere shows its
//! id, and a warning is logged.

use std::sync::OnceLock;

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};

pub use fluent_bundle::FluentArgs as Args;

/// A language the bot writes in.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Lang {
    #[default]
    En,
    /// Hindi in Devanagari.
    Hi,
    /// Hindi in Latin letters.
    Hinglish,
}

impl Lang {
    pub const ALL: [Lang; 3] = [Lang::En, Lang::Hi, Lang::Hinglish];

    /// The setting's value (`/config set language`), and the name stored.
    pub fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Hi => "hi",
            Lang::Hinglish => "hinglish",
        }
    }

    /// A language by its code or name (`en`, `english`, `hi`, `hindi`, `हिन्दी`, `hinglish`).
    pub fn parse(text: &str) -> Option<Lang> {
        match text.trim().to_lowercase().as_str() {
            "en" | "english" => Some(Lang::En),
            "hi" | "hindi" | "हिन्दी" | "हिंदी" => Some(Lang::Hi),
            "hinglish" | "hi-latn" => Some(Lang::Hinglish),
            _ => None,
        }
    }

    /// The folder of its catalogue, a BCP 47 tag.
    fn tag(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Hi => "hi",
            Lang::Hinglish => "hi-Latn",
        }
    }

    fn index(self) -> usize {
        self as usize
    }
}

impl TryFrom<String> for Lang {
    type Error = String;
    fn try_from(s: String) -> Result<Lang, String> {
        Lang::parse(&s).ok_or_else(|| format!("unknown language {s:?}"))
    }
}

impl std::fmt::Display for Lang {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.code())
    }
}

impl Lang {
    /// The catalogue's language for a Discord locale (an interaction's `locale`: `hi`, `en-US`, `en-GB`), if it
    /// has one. Discord has no locale for Hinglish.
    pub fn from_discord_locale(locale: &str) -> Option<Lang> {
        match locale {
            "hi" => Some(Lang::Hi),
            "en-US" | "en-GB" => Some(Lang::En),
            _ => None,
        }
    }
}

/// The language of a server's private answers (`/config set private_language`): its own language, or each
/// reader's (their Discord language, where the catalogue has it).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum PrivateLanguage {
    /// Ephemeral replies and DMs in the server's language, as public messages.
    #[default]
    Server,
    /// Ephemeral replies and DMs in the reader's Discord language where the catalogue has it, else the server's.
    Reader,
}

impl PrivateLanguage {
    /// The setting's value, and the name stored.
    pub fn code(self) -> &'static str {
        match self {
            PrivateLanguage::Server => "server",
            PrivateLanguage::Reader => "reader",
        }
    }

    pub fn parse(text: &str) -> Option<PrivateLanguage> {
        match text.trim().to_lowercase().as_str() {
            "server" => Some(PrivateLanguage::Server),
            "reader" => Some(PrivateLanguage::Reader),
            _ => None,
        }
    }

    /// The language to answer `reader` in privately, on a server writing in `server`.
    pub fn for_reader(self, server: Lang, reader: Option<Lang>) -> Lang {
        match (self, reader) {
            (PrivateLanguage::Reader, Some(own)) => own,
            _ => server,
        }
    }
}

impl TryFrom<String> for PrivateLanguage {
    type Error = String;
    fn try_from(s: String) -> Result<PrivateLanguage, String> {
        PrivateLanguage::parse(&s).ok_or_else(|| format!("unknown private_language {s:?}"))
    }
}

/// Discord's locale whose users see the commands in a language of ours (Hinglish has none).
pub fn command_locale(lang: Lang) -> Option<&'static str> {
    match lang {
        Lang::Hi => Some("hi"),
        Lang::En | Lang::Hinglish => None,
    }
}

/// Each language's catalogue, as compiled in.
pub const SOURCES: [(Lang, &str); 3] = [
    (Lang::En, include_str!("../../locales/en/teenpatti.ftl")),
    (Lang::Hi, include_str!("../../locales/hi/teenpatti.ftl")),
    (Lang::Hinglish, include_str!("../../locales/hi-Latn/teenpatti.ftl")),
];

type Bundle = FluentBundle<FluentResource>;

fn bundles() -> &'static [Bundle] {
    static BUNDLES: OnceLock<Vec<Bundle>> = OnceLock::new();
    BUNDLES.get_or_init(|| {
        SOURCES
            .iter()
            .map(|(lang, source)| {
                let resource = FluentResource::try_new((*source).to_string()).unwrap_or_else(|(partial, errors)| {
                    tracing::error!(lang = %lang, ?errors, "the catalogue has syntax errors");
                    partial
                });
                let id = lang.tag().parse().unwrap_or_default();
                let mut bundle = Bundle::new_concurrent(vec![id]);
                // No Unicode isolation marks around arguments: Discord's mentions and markdown must stay intact.
                bundle.set_use_isolating(false);
                if let Err(errors) = bundle.add_resource(resource) {
                    tracing::error!(lang = %lang, ?errors, "the catalogue repeats a message");
                }
                bundle
            })
            .collect()
    })
}

/// Message `id` in `lang` with `args`; English when `lang` lacks it; the id itself when no language has it.
pub fn text(lang: Lang, id: &str, args: Option<&FluentArgs<'_>>) -> String {
    for l in [lang, Lang::En] {
        let Some(bundle) = bundles().get(l.index()) else { continue };
        if let Some(pattern) = bundle.get_message(id).and_then(|m| m.value()) {
            let mut errors = Vec::new();
            let out = bundle.format_pattern(pattern, args, &mut errors).into_owned();
            if !errors.is_empty() {
                tracing::warn!(lang = %l, id, ?errors, "a message did not format cleanly");
            }
            return out;
        }
    }
    tracing::warn!(id, "no such message in the catalogue");
    id.to_string()
}

/// Whether `lang`'s own catalogue has message `id` (no fallback).
pub fn has(lang: Lang, id: &str) -> bool {
    bundles().get(lang.index()).is_some_and(|b| b.has_message(id))
}

/// A message to be written later, in a language not yet known (a refusal made by the engine or the table
/// service, written by whoever shows it): its id and its arguments, which are values (numbers, names, echoed
/// input) or other messages of the catalogue, never sentences of one language.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Msg {
    pub id: &'static str,
    pub args: Vec<(&'static str, MsgArg)>,
}

/// An argument of a [`Msg`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MsgArg {
    /// A value shown as written (a name, a mention, an echo of input).
    Text(String),
    /// A number (Fluent's plural rules select on it).
    Number(i64),
    /// Another message, written in the same language.
    Msg(Box<Msg>),
    /// Messages written in the same language, joined with commas.
    List(Vec<Msg>),
}

impl Msg {
    pub fn new(id: &'static str) -> Msg {
        Msg { id, args: Vec::new() }
    }

    /// An argument shown as written.
    pub fn arg(mut self, name: &'static str, value: impl ToString) -> Msg {
        self.args.push((name, MsgArg::Text(value.to_string())));
        self
    }

    /// A number, for plural rules.
    pub fn num(mut self, name: &'static str, value: impl TryInto<i64>) -> Msg {
        self.args.push((name, MsgArg::Number(value.try_into().unwrap_or(i64::MAX))));
        self
    }

    /// Another message, written in this one's language.
    pub fn msg(mut self, name: &'static str, value: Msg) -> Msg {
        self.args.push((name, MsgArg::Msg(Box::new(value))));
        self
    }

    /// Messages written in this one's language, joined with commas (a list of permissions).
    pub fn list(mut self, name: &'static str, values: Vec<Msg>) -> Msg {
        self.args.push((name, MsgArg::List(values)));
        self
    }

    /// The message in `lang`.
    pub fn text(&self, lang: Lang) -> String {
        let mut args = FluentArgs::new();
        for (name, value) in &self.args {
            match value {
                MsgArg::Text(t) => args.set(*name, t.as_str()),
                MsgArg::Number(n) => args.set(*name, *n),
                MsgArg::Msg(m) => args.set(*name, m.text(lang)),
                MsgArg::List(ms) => args.set(*name, ms.iter().map(|m| m.text(lang)).collect::<Vec<_>>().join(", ")),
            }
        }
        text(lang, self.id, Some(&args))
    }
}

impl std::fmt::Display for Msg {
    /// The message in English (logs and the command-line tools).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.text(Lang::En))
    }
}

/// An argument's value: text as it is, numbers as numbers (for Fluent's plural rules).
pub fn arg<'a>(v: impl Into<FluentValue<'a>>) -> FluentValue<'a> {
    v.into()
}

/// `tr!(lang, "id")` or `tr!(lang, "id", name = value, ...)`: message `id` in `lang`, each `value` an argument
/// (anything `FluentValue` takes: `&str`, `String`, integers).
#[macro_export]
macro_rules! tr {
    ($lang:expr, $id:literal) => {
        $crate::i18n::text($lang, $id, None)
    };
    ($lang:expr, $id:literal, $($name:ident = $value:expr),+ $(,)?) => {{
        let mut args = $crate::i18n::Args::new();
        $(args.set(stringify!($name), $crate::i18n::arg($value));)+
        $crate::i18n::text($lang, $id, Some(&args))
    }};
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_format_in_each_language_and_fall_back_to_english() {
        assert_eq!(crate::tr!(Lang::En, "done"), "Done.");
        assert_ne!(crate::tr!(Lang::Hi, "done"), "Done.");
        assert_eq!(crate::tr!(Lang::En, "no-such-message"), "no-such-message");
        let t = crate::tr!(Lang::En, "fair-entropy-from", n = 2);
        assert_eq!(t, "entropy from 2 players");
        assert_eq!(crate::tr!(Lang::En, "fair-entropy-from", n = 1), "entropy from 1 player");
        assert_eq!(Lang::parse("Hindi"), Some(Lang::Hi));
        assert_eq!(Lang::parse("hinglish"), Some(Lang::Hinglish));
        assert_eq!(Lang::parse("fr"), None);
    }
}
