//! Bounded echoes of user input. Every message that quotes what someone typed (a bad card, an unknown option,
//! a script line, a `/config` value) quotes it through [`echo`], in the CLI and in Discord alike, so no input
//! can make a message long, break its layout or ping anyone. Callers put the echo between backticks (a code
//! span, where Discord shows markdown as typed), as every message here does; [`echo`] makes sure the input
//! cannot close that span.

/// Characters of input an echo keeps; longer input is cut there, the cut marked with "…".
pub const ECHO_MAX_CHARS: usize = 40;

/// `input`, safe to quote: at most [`ECHO_MAX_CHARS`] characters of it (cut on a character boundary, the last
/// one replaced by "…"); control and text-direction characters shown as "�"; a backtick as `'` (it would close
/// the code span); and a zero-width space after every `@`, so `@everyone`, `@here` and `<@id>` never mention
/// anyone. Reads at most [`ECHO_MAX_CHARS`] + 1 characters of `input`, however long it is.
pub fn echo(input: &str) -> String {
    let mut out = String::with_capacity(ECHO_MAX_CHARS + 8);
    // Where the rendering of the last character kept starts (the ellipsis takes its place on a cut).
    let mut last = 0;
    for (i, c) in input.chars().enumerate() {
        if i == ECHO_MAX_CHARS {
            out.truncate(last);
            out.push('…');
            break;
        }
        last = out.len();
        match c {
            '`' => out.push('\''),
            '@' => out.push_str("@\u{200B}"),
            c if c.is_control() || is_direction_mark(c) => out.push('\u{FFFD}'),
            c => out.push(c),
        }
    }
    out
}

/// At most `max` characters of `text`, an ellipsis marking a cut (for text that is not quoted input, or is
/// quoted at another length: a database URL, a Discord field). Reads no further than it keeps.
pub fn cut(text: &str, max: usize) -> String {
    match text.char_indices().nth(max) {
        None => text.to_string(),
        Some(_) => {
            let end = text.char_indices().nth(max.saturating_sub(1)).map_or(0, |(i, _)| i);
            format!("{}…", &text[..end])
        }
    }
}

/// Characters of remote text (a Discord or proxy error body, a library's error) a log line or message keeps.
pub const REMOTE_MAX_CHARS: usize = 200;

/// Text from outside that is not a user's input (an error a server sent, or a library's description of one),
/// safe to log or show: at most [`REMOTE_MAX_CHARS`] characters of it (formatting stops there, so a 200 KB body
/// costs nothing), control and text-direction characters (newlines, ESC) shown as "�", known secrets and URL
/// credentials masked ([`crate::redact::text`]).
pub fn remote(text: &(impl std::fmt::Display + ?Sized)) -> String {
    // Redacted before it is cut: a secret (or a URL's `user:password@`) straddling the cut would otherwise leave
    // its beginning unmasked. So some more is formatted than is kept: enough for any secret past the cut.
    let room = REMOTE_MAX_CHARS * 3 + crate::redact::longest();
    let mut kept = Bounded { text: String::new(), chars: 0, max: room, cut: false };
    // An error here is the bound being reached (or the value's own formatting failing): keep what was written.
    let _ = std::fmt::write(&mut kept, format_args!("{text}"));
    let mut out = String::with_capacity(kept.text.len() + 4);
    for c in kept.text.chars() {
        out.push(if is_unsafe(c) { '\u{FFFD}' } else { c });
    }
    let redacted = crate::redact::text(&out);
    let shown = cut(&redacted, REMOTE_MAX_CHARS);
    if kept.cut && !shown.ends_with('…') {
        return format!("{shown}…");
    }
    shown
}

/// An error and each of its causes on one line (`a: b: c`, a cause already in the text above it left out),
/// through [`remote`]: reqwest keeps "connection refused" in a source, not in its message.
pub fn remote_error(e: &(dyn std::error::Error + 'static)) -> String {
    let mut text = remote(e);
    let mut source = e.source();
    while let Some(cause) = source {
        if text.chars().count() >= REMOTE_MAX_CHARS {
            break;
        }
        let more = remote(cause);
        if !text.contains(&more) {
            text = format!("{text}: {more}");
        }
        source = cause.source();
    }
    cut(&text, REMOTE_MAX_CHARS)
}

/// A `fmt::Write` that keeps the first `max` characters and then refuses the rest.
struct Bounded {
    text: String,
    chars: usize,
    max: usize,
    cut: bool,
}

impl std::fmt::Write for Bounded {
    fn write_str(&mut self, s: &str) -> std::fmt::Result {
        for c in s.chars() {
            if self.chars == self.max {
                self.cut = true;
                return Err(std::fmt::Error);
            }
            self.text.push(c);
            self.chars += 1;
        }
        Ok(())
    }
}

/// A character no quoted or printed name may hold: a control character (ESC, a newline, NUL) or one that reorders
/// the text around it.
pub fn is_unsafe(c: char) -> bool {
    c.is_control() || is_direction_mark(c)
}

/// Characters that reorder the text around them (bidirectional marks, embeddings, overrides, isolates).
fn is_direction_mark(c: char) -> bool {
    matches!(c, '\u{200E}' | '\u{200F}' | '\u{061C}' | '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_input_is_kept_as_it_is() {
        assert_eq!(echo("Xx"), "Xx");
        assert_eq!(echo(""), "");
        assert_eq!(echo(&"a".repeat(ECHO_MAX_CHARS)), "a".repeat(ECHO_MAX_CHARS));
    }

    #[test]
    fn long_input_is_cut_on_a_character_boundary() {
        let cut = echo(&"é".repeat(10_000));
        assert_eq!(cut.chars().count(), ECHO_MAX_CHARS);
        assert!(cut.ends_with("é…"), "{cut}");
        assert_eq!(echo(&"a".repeat(ECHO_MAX_CHARS + 1)), format!("{}…", "a".repeat(ECHO_MAX_CHARS - 1)));
        // A cut never leaves half of an `@` and its guard.
        let at = echo(&format!("{}@x", "a".repeat(ECHO_MAX_CHARS - 1)));
        assert!(at.ends_with("a…"), "{at}");
    }

    #[test]
    fn nothing_in_an_echo_pings_breaks_out_or_controls_the_terminal() {
        let e = echo("@everyone <@123> `code` \u{1b}[31mred\n\u{202E}");
        assert!(!e.contains("@everyone") && !e.contains("<@123>"), "{e}");
        assert!(!e.contains('`'), "{e}");
        assert!(!e.chars().any(|c| c.is_control() || is_direction_mark(c)), "{e:?}");
        assert!(e.contains("'code'") && e.contains("[31mred"), "{e}");
    }

    #[test]
    fn remote_text_is_bounded_on_one_line_without_control_bytes() {
        struct Huge;
        impl std::fmt::Display for Huge {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                for _ in 0..200_000 {
                    f.write_str("x\u{1b}[2J\n")?;
                }
                Ok(())
            }
        }
        let shown = remote(&Huge);
        assert!(shown.chars().count() <= REMOTE_MAX_CHARS + 1, "{}", shown.len());
        assert!(shown.ends_with('…'));
        assert!(!shown.chars().any(|c| c.is_control()), "{shown:?}");
        assert_eq!(remote("403: Missing Permissions"), "403: Missing Permissions");
    }
}
