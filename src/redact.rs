//! One redaction for every text that leaves the process: log lines, the fatal `error:` line, panic messages and
//! every message sent to Discord pass through [`text`] before they are written.
//!
//! It does two things:
//! - every **known secret** is replaced by `***` wherever it occurs, whoever wrote the text: our own messages, a
//!   library's, or a remote server's body quoted in an error (a proxy that echoes the `Authorization` header).
//!   Two kinds: the bot's own secrets ([`secret`]: the token, later the OAuth client secret), masked in every
//!   text; and the credentials of the URLs it was given ([`secrets_of_url`]: database passwords, the API URL's),
//!   masked in log text ([`text`]) when they are at least [`MIN_URL_SECRET_CHARS`] long, and never looked for in
//!   messages to players ([`message`]), where no database error is ever quoted: a password that is a common
//!   word or a number would otherwise turn a player's "1000 chips" into "***0 chips";
//! - every **URL credential** is masked, known or not: the password of a URL's userinfo (`scheme://user:***@host`;
//!   a userinfo without a password is masked whole, `https://***@host`, as it may be a token, except a
//!   PostgreSQL URL's, a role name) and the value of every
//!   password-like query parameter (`?password=***`, see [`SECRET_PARAMS`]).
//!
//! [`url`] is the same masking for one URL shown on purpose (the database in the start-up line, the API URL).

use std::borrow::Cow;
use std::sync::RwLock;

/// What a secret is replaced by.
pub const MASK: &str = "***";

/// The bot's own secrets shorter than this are not replaced in free text (a one- or two-character token would
/// turn every line into asterisks); a real token is about 70 characters.
pub const MIN_SECRET_CHARS: usize = 3;

/// A URL's credential is replaced in free log text only from this length on: a short password is a common word
/// or number, and masking it everywhere would mangle the log more than it protects. It is still masked wherever
/// it stands in a URL, as every URL credential is.
pub const MIN_URL_SECRET_CHARS: usize = 8;

/// Query parameters whose value is a credential (compared without regard to case).
pub const SECRET_PARAMS: &[&str] = &[
    "password",
    "passwd",
    "pass",
    "pwd",
    "sslpassword",
    "secret",
    "client_secret",
    "token",
    "access_token",
    "refresh_token",
    "api_key",
    "apikey",
    "key",
    "auth",
];

/// The bot's own secrets, masked in every text.
static OWN: RwLock<Vec<String>> = RwLock::new(Vec::new());
/// The credentials of URLs, masked in log text.
static OF_URLS: RwLock<Vec<String>> = RwLock::new(Vec::new());

fn register(list: &RwLock<Vec<String>>, value: &str, min: usize) {
    let value = value.trim();
    if value.chars().count() < min {
        return;
    }
    let mut secrets = list.write().unwrap_or_else(|p| p.into_inner());
    if !secrets.iter().any(|s| s == value) {
        secrets.push(value.to_string());
        // The longest first: a secret that contains another is replaced whole.
        secrets.sort_by_key(|s| std::cmp::Reverse(s.len()));
    }
}

/// Registers one of the bot's own secrets (the token): from now on [`text`] and [`message`] replace it wherever it
/// occurs. Blank or too short values are kept out (see [`MIN_SECRET_CHARS`]); registering one twice keeps one
/// copy.
pub fn secret(value: &str) {
    register(&OWN, value, MIN_SECRET_CHARS);
}

/// Registers the credentials a URL carries (its userinfo's password, or a userinfo without one, and every
/// password-like parameter), as written and percent-decoded (a library may quote either): from now on [`text`]
/// replaces each of at least [`MIN_URL_SECRET_CHARS`] wherever it occurs.
pub fn secrets_of_url(url: &str) {
    let whole = configured_userinfo(url).map(|r| &url[r]);
    for found in credentials(url).into_iter().chain(whole) {
        register(&OF_URLS, found, MIN_URL_SECRET_CHARS);
        if let Some(decoded) = percent_decoded(found) {
            register(&OF_URLS, &decoded, MIN_URL_SECRET_CHARS);
        }
    }
}

/// The longest registered secret, in bytes (how far past a cut a secret may reach: `echo::remote`).
pub fn longest() -> usize {
    [&OWN, &OF_URLS]
        .iter()
        .filter_map(|list| list.read().unwrap_or_else(|p| p.into_inner()).first().map(String::len))
        .max()
        .unwrap_or(0)
}

/// Log text (a log line, the fatal line, a panic): every known secret replaced by [`MASK`], every credential of a
/// URL in it masked.
pub fn text(input: &str) -> Cow<'_, str> {
    masked(input, &[&OWN, &OF_URLS])
}

/// A message to players (every Discord message): the bot's own secrets replaced, every credential of a URL in it
/// masked; database passwords are not looked for (see the module's summary).
pub fn message(input: &str) -> Cow<'_, str> {
    masked(input, &[&OWN])
}

fn masked<'a>(input: &'a str, lists: &[&RwLock<Vec<String>>]) -> Cow<'a, str> {
    let mut out = Cow::Borrowed(input);
    for list in lists {
        let secrets = list.read().unwrap_or_else(|p| p.into_inner());
        for s in secrets.iter() {
            if out.contains(s.as_str()) {
                out = Cow::Owned(out.replace(s.as_str(), MASK));
            }
        }
    }
    match mask_credentials(&out) {
        Some(masked) => Cow::Owned(masked),
        None => out,
    }
}

/// A URL as logs and messages show it: its credentials masked (see the module's summary), at most 200
/// characters.
pub fn url(url: &str) -> String {
    // A configured URL is one URL: its userinfo runs to its last `@`, whatever it holds (a password with `#`, `/`
    // or `?` in it, which free text could not tell from a path).
    let masked = match configured_userinfo(url) {
        Some(range) => format!("{}{MASK}{}", &url[..range.start], &url[range.end..]),
        None => url.to_string(),
    };
    crate::echo::cut(&mask_credentials(&masked).unwrap_or(masked), 200)
}

/// The secret part of a configured URL's userinfo, read to the URL's last `@` (before any space): the password
/// after the first `:`, or the whole userinfo without one (but a PostgreSQL user name).
fn configured_userinfo(url: &str) -> Option<std::ops::Range<usize>> {
    let at = url.find("://")?;
    let start = at + 3;
    let end = url[start..].find(char::is_whitespace).map_or(url.len(), |i| start + i);
    let sign = start + url[start..end].rfind('@')?;
    match url[start..sign].find(':') {
        Some(colon) if start + colon + 1 < sign => Some(start + colon + 1..sign),
        Some(_) => None,
        None if sign > start && !scheme_before(url, at).starts_with("postgres") => Some(start..sign),
        None => None,
    }
}

/// The byte ranges of the credentials in `text`'s URLs, in order.
fn credential_ranges(text: &str) -> Vec<std::ops::Range<usize>> {
    let mut ranges = Vec::new();
    let mut from = 0;
    while let Some(at) = text[from..].find("://") {
        let start = from + at + 3;
        let authority_end = text[start..]
            .find(|c: char| matches!(c, '/' | '?' | '#') || c.is_whitespace() || is_quote(c))
            .map_or(text.len(), |i| start + i);
        if let Some(at_sign) = text[start..authority_end].rfind('@') {
            let userinfo = start..start + at_sign;
            match text[userinfo.clone()].find(':') {
                Some(colon) if colon + 1 < at_sign => ranges.push(start + colon + 1..start + at_sign),
                Some(_) => {}
                // A user alone: PostgreSQL's is a role name; anywhere else it may be a token.
                None if at_sign > 0 && !scheme_before(text, from + at).starts_with("postgres") => ranges.push(userinfo),
                None => {}
            }
        }
        from = authority_end.max(start);
    }
    // Password-like parameters, in a URL or not (`?password=…`, `&token=…`).
    let lower = text.to_ascii_lowercase();
    for (i, c) in lower.char_indices() {
        if c != '?' && c != '&' && c != ';' {
            continue;
        }
        let rest = &lower[i + 1..];
        for name in SECRET_PARAMS {
            if rest.starts_with(name) && rest[name.len()..].starts_with('=') {
                let value = i + 1 + name.len() + 1;
                let end = text[value..]
                    .find(|c: char| matches!(c, '&' | '#' | ';') || c.is_whitespace() || is_quote(c))
                    .map_or(text.len(), |e| value + e);
                if end > value {
                    ranges.push(value..end);
                }
                break;
            }
        }
    }
    ranges.sort_by_key(|r| r.start);
    ranges
}

/// The URL scheme that ends at byte `end` (the `://`), lower-cased.
fn scheme_before(text: &str, end: usize) -> String {
    // Bytes, not characters: the byte after the last one that is not a scheme's is always a character boundary
    // (a scheme is ASCII), where the character after a multi-byte one found by `rfind` would not be.
    let bytes = &text.as_bytes()[..end];
    let start = bytes.iter().rposition(|b| !(b.is_ascii_alphanumeric() || b"+-.".contains(b))).map_or(0, |i| i + 1);
    String::from_utf8_lossy(&bytes[start..]).to_ascii_lowercase()
}

fn is_quote(c: char) -> bool {
    matches!(c, '"' | '\'' | '`' | ')' | '>' | ']' | '}' | ',')
}

/// The credentials themselves (see [`credential_ranges`]).
fn credentials(text: &str) -> Vec<&str> {
    credential_ranges(text).into_iter().map(|r| &text[r]).collect()
}

/// `text` with its credentials masked; None when it has none.
fn mask_credentials(text: &str) -> Option<String> {
    if !text.contains("://") && !text.contains('=') {
        return None;
    }
    let ranges = credential_ranges(text);
    if ranges.is_empty() {
        return None;
    }
    let mut out = String::with_capacity(text.len());
    let mut last = 0;
    for r in ranges {
        if r.start < last {
            continue;
        }
        out.push_str(&text[last..r.start]);
        out.push_str(MASK);
        last = r.end;
    }
    out.push_str(&text[last..]);
    Some(out)
}

/// `text` percent-decoded, when that changes it and gives UTF-8.
fn percent_decoded(text: &str) -> Option<String> {
    if !text.contains('%') {
        return None;
    }
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = |b: u8| (b as char).to_digit(16);
        match (bytes[i], bytes.get(i + 1).copied().and_then(hex), bytes.get(i + 2).copied().and_then(hex)) {
            (b'%', Some(h), Some(l)) => {
                out.push((h * 16 + l) as u8);
                i += 3;
            }
            (b, _, _) => {
                out.push(b);
                i += 1;
            }
        }
    }
    String::from_utf8(out).ok().filter(|d| d != text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_known_secret_is_masked_wherever_it_occurs() {
        secret("SECRETTOKEN.abc.def");
        secret("  "); // blank: kept out
        secret("ab"); // too short for free text
        let line = "403 from proxy: {\"echo\": \"Authorization: Bot SECRETTOKEN.abc.def\"} ab";
        let shown = text(line);
        assert!(!shown.contains("SECRETTOKEN"), "{shown}");
        assert!(shown.contains("Bot ***") && shown.ends_with(" ab"), "{shown}");
        assert!(matches!(text("nothing secret here"), Cow::Borrowed(_)));
    }

    #[test]
    fn url_credentials_are_masked_known_or_not() {
        assert_eq!(url("postgres://bot:s3cret@db:5432/tp"), "postgres://bot:***@db:5432/tp");
        assert_eq!(url("postgresql://bot:p@ss@db/tp?sslmode=require"), "postgresql://bot:***@db/tp?sslmode=require");
        assert_eq!(url("postgres://bot@127.0.0.1:55432/postgres"), "postgres://bot@127.0.0.1:55432/postgres");
        assert_eq!(url("https://tok3n@proxy/api"), "https://***@proxy/api");
        assert_eq!(url("postgres://u:secretpw@h/db?password=pw2&x=1"), "postgres://u:***@h/db?password=***&x=1");
        assert_eq!(url("http://proxyuser:proxypass@proxy:8080/api"), "http://proxyuser:***@proxy:8080/api");
        assert_eq!(url("sqlite://teenpatti.db"), "sqlite://teenpatti.db");
        assert_eq!(url("sqlite://a.db?mode=rwc"), "sqlite://a.db?mode=rwc");
        // A password holding `#`, `/` or `?`: a configured URL's userinfo runs to its last `@`.
        assert_eq!(url("http://user:pa#ss/12?34@127.0.0.1:9"), "http://user:***@127.0.0.1:9");
        secrets_of_url("http://user:pa#ss/12?34@127.0.0.1:9");
        assert_eq!(text("it was pa#ss/12?34 all along"), "it was *** all along");
        let line = "error sending request for url (http://u:hunter22@127.0.0.1:9/api/v10/users/@me): refused";
        assert_eq!(text(line), "error sending request for url (http://u:***@127.0.0.1:9/api/v10/users/@me): refused");
        assert_eq!(text("GET /x?token=abc&Password=def ok"), "GET /x?token=***&Password=*** ok");
        // `@` after the authority is not a userinfo.
        assert_eq!(text("see https://discord.com/users/@me now"), "see https://discord.com/users/@me now");
    }

    #[test]
    fn a_urls_credentials_are_registered_decoded_too() {
        secrets_of_url("postgres://u:p%40ssw0rd-x@h/db?sslpassword=kp-secret-9&password=short");
        assert_eq!(text("auth failed for p@ssw0rd-x, key kp-secret-9"), "auth failed for ***, key ***");
        // Too short to mask in free text, and never looked for in messages to players.
        assert_eq!(text("a short password"), "a short password");
        assert_eq!(message("you win p@ssw0rd-x"), "you win p@ssw0rd-x");
    }

    #[test]
    fn a_scheme_after_a_multibyte_character_does_not_panic() {
        for input in ["é://a@b", "日本://user@host/x", "€€://x:y@z", "é://", "://a@b", "é:://a@b"] {
            let _ = text(input);
            let _ = message(input);
            let _ = url(input);
        }
        assert_eq!(text("é://token@host"), "é://***@host");
    }

    proptest::proptest! {
        /// Any text at all: redaction never panics, and text without a secret or URL comes back as it was.
        #[test]
        fn redaction_never_panics(input in "\\PC*", scheme in "[a-z]{0,4}", user in "\\PC{0,6}") {
            let composed = format!("{input}{scheme}://{user}@{input}?token={user}&x");
            let _ = text(&composed);
            let _ = message(&composed);
            let _ = url(&composed);
            if !input.contains("://") && !input.contains('=') {
                proptest::prop_assert_eq!(message(&input), input.clone());
            }
        }
    }
}
