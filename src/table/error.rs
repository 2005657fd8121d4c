//! [`UserError`]: a refusal meant for the user who asked, and the standing answers (a closed table, our side's
//! failure, a full disk); `internal` logs a failure once and gives the user the apology.

use crate::i18n::{self, Lang};
use crate::store::StoreError;

/// A refusal meant for the user who asked: short, clear, shown ephemerally. Either text as written, or a message
/// of the catalogue ([`Msg`]) written in the language of the table that refused ([`UserError::in_lang`]) or of
/// the server the command came from.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{}", self.text())]
pub struct UserError {
    text: String,
    msg: Option<i18n::Msg>,
    lang: Option<Lang>,
}

impl UserError {
    /// A refusal as written.
    pub fn new(msg: impl Into<String>) -> UserError {
        UserError { text: msg.into(), msg: None, lang: None }
    }

    /// One of the table service's standing answers ([`TABLE_CLOSED`], [`INTERNAL_ERROR`], [`DISK_FULL`]): its
    /// English text kept for [`UserError::is_disk_full`], written in the reader's language.
    pub fn standing(text: &'static str) -> UserError {
        let msg = KNOWN.iter().find(|(t, _)| *t == text).map(|(_, id)| i18n::Msg::new(id));
        UserError { text: text.to_string(), msg, lang: None }
    }

    /// A refusal from the catalogue.
    pub fn said(msg: i18n::Msg) -> UserError {
        UserError { text: String::new(), msg: Some(msg), lang: None }
    }

    /// The same refusal, to be written in `lang` (unless a language was set already).
    pub fn in_lang(mut self, lang: Lang) -> UserError {
        self.lang.get_or_insert(lang);
        self
    }

    /// The language it will be written in, if known.
    pub fn lang(&self) -> Option<Lang> {
        self.lang
    }

    /// The refusal, in its language (English when none was set).
    pub fn text(&self) -> String {
        self.text_in(self.lang.unwrap_or_default())
    }

    /// The refusal in its own language if it has one, else in `lang`.
    pub fn text_in(&self, lang: Lang) -> String {
        match &self.msg {
            Some(m) => m.text(self.lang.unwrap_or(lang)),
            None => self.text.clone(),
        }
    }

    /// The refusal of a write the full disk could not take.
    pub fn is_disk_full(&self) -> bool {
        self.text == DISK_FULL
    }
}

/// The standing answers and their catalogue ids (the English text is the same).
const KNOWN: [(&str, &str); 3] =
    [(TABLE_CLOSED, "error-table-closed"), (INTERNAL_ERROR, "error-internal"), (DISK_FULL, "error-disk-full")];

/// The answer to a request for a table that has been closed.
pub const TABLE_CLOSED: &str = "That table is closed.";

/// Internal failures are logged in full; the user is told only this.
pub const INTERNAL_ERROR: &str = "Something went wrong on our side; nothing was changed. Please try again.";

/// The answer to every change asked of a table paused by a full disk (see `actor.rs`).
pub const DISK_FULL: &str =
    "The bot's disk is full; this table is paused and nothing was lost. It resumes by itself when space is freed.";

/// Logs an internal failure once, with what was being done, and gives the user the apology; a store write
/// refused for a full disk gets [`DISK_FULL`] instead (and pauses the table, see `actor.rs`).
pub(crate) fn internal<E: std::fmt::Display + 'static>(context: &str, e: E) -> UserError {
    // Once per kind while it lasts (`logs::Repeated`): a failing disk or database refuses every click, and each
    // must not be a line of its own.
    static REFUSED: std::sync::LazyLock<crate::logs::Repeated> = std::sync::LazyLock::new(|| {
        crate::logs::Repeated::new("a request failed", "requests are answered", tracing::Level::ERROR)
    });
    static DISK_FULL_SAID: std::sync::LazyLock<crate::logs::Repeated> = std::sync::LazyLock::new(|| {
        crate::logs::Repeated::new("a change was refused", "changes are written", tracing::Level::WARN)
    });
    let store_error = (&e as &dyn std::any::Any).downcast_ref::<StoreError>();
    if let Some(StoreError::DiskFull { .. }) = store_error {
        DISK_FULL_SAID.failed(&format!("{context}: the disk is full"), &e);
        return UserError::standing(DISK_FULL);
    }
    let kind = store_error.map_or("an error", StoreError::kind);
    REFUSED.failed(&format!("{context}: {kind}"), &e);
    UserError::standing(INTERNAL_ERROR)
}

#[cfg(test)]
mod known_tests {
    #[test]
    fn standing_answers_read_the_same_from_the_catalogue() {
        for (text, id) in super::KNOWN {
            assert_eq!(crate::i18n::text(crate::i18n::Lang::En, id, None), text);
            assert_ne!(super::UserError::standing(text).in_lang(crate::i18n::Lang::Hi).text(), text);
        }
    }
}
