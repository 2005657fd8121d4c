//! Logging for every subcommand, and the two rules every log line follows.
//!
//! - **Every line is safe to write.** [`init`] installs a writer that passes each line through the one redaction
//!   ([`crate::redact::text`]: known secrets, URL credentials), shows control characters inside it as "�" (a
//!   remote error body's newlines and ESC bytes cannot forge lines or drive a terminal), and cuts it at
//!   [`MAX_LINE_BYTES`]. Code that logs remote text quotes it through [`crate::echo::remote`] as well; this is
//!   the guard behind it, for every library's lines too.
//! - **A closed or full log stream never stops the process.** A line that cannot be written is counted
//!   ([`dropped_lines`]) and forgotten: `run` keeps serving with its log stream closed (a `| head` that ended, a
//!   journal that went away), and nothing panics (tracing's own "unable to write" report is turned off: it would
//!   `eprintln!` to the same closed stream and panic).
//! - **A failure that repeats is logged once per state change.** [`Repeated`] logs the first failure of a kind,
//!   counts the rest, writes one summary line a minute while it lasts, and one line when it ends (a full disk
//!   refuses every write batch until space is freed: 3,000 batches in a few seconds are three lines, not 3,000).
//!
//! Panics go through the same redaction and bound ([`install_panic_hook`]).

use std::collections::HashMap;
use std::io::Write;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use tracing_subscriber::fmt::MakeWriter;

/// The longest log line written, in bytes; a longer one is cut there, the cut marked with "…".
pub const MAX_LINE_BYTES: usize = 2048;

static DROPPED: AtomicU64 = AtomicU64::new(0);

/// `LOG_FORMAT=json`: the panic hook writes its line as a JSON object too.
static JSON: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// Counts a line that could not be written (see [`dropped_lines`]).
pub fn count_dropped() {
    DROPPED.fetch_add(1, Ordering::Relaxed);
}

/// Log lines that could not be written (the stream closed or full) since the process started.
pub fn dropped_lines() -> u64 {
    DROPPED.load(Ordering::Relaxed)
}

/// Logging to stderr, filtered by `RUST_LOG` (else `default`), in colour only when stderr is a terminal and
/// `NO_COLOR` is unset or empty, through the writer described above. A `RUST_LOG` that is not a filter is a bad
/// setting like any other: refused, naming it (the caller exits 2), rather than silently logging at the default.
pub fn init(default: &str) -> Result<(), String> {
    use std::io::IsTerminal;
    use tracing_subscriber::EnvFilter;
    let filter = match std::env::var("RUST_LOG") {
        Ok(spec) if !spec.trim().is_empty() => {
            check_filter(&spec).and_then(|()| EnvFilter::try_new(&spec)).map_err(|e| {
                format!(
                    "RUST_LOG is not valid: `{}` is not a log filter ({}); write e.g. `info` or `info,teenpatti=debug`",
                    crate::echo::echo(&spec),
                    crate::echo::remote(&e)
                )
            })?
        }
        Err(std::env::VarError::NotUnicode(_)) => return Err("RUST_LOG is not valid: it is not UTF-8 text".into()),
        _ => EnvFilter::new(default),
    };
    if json_format()? {
        JSON.store(true, Ordering::Relaxed);
        // One JSON object a line (tracing's JSON formatter), each string in it made safe by the same writer.
        let _ = tracing_subscriber::fmt()
            .json()
            .with_env_filter(filter)
            .with_writer(LogWriter { ansi: false, json: true })
            .with_ansi(false)
            .with_target(false)
            .with_current_span(true)
            .with_span_list(false)
            .log_internal_errors(false)
            .try_init();
        return Ok(());
    }
    let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
    let ansi = std::io::stderr().is_terminal() && !no_color;
    let _ = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(LogWriter { ansi, json: false })
        .with_ansi(ansi)
        .with_target(false)
        .log_internal_errors(false)
        .try_init();
    Ok(())
}

/// `LOG_FORMAT`: `text` (the default: a line a person reads) or `json` (one JSON object a line, for a log
/// collector). Anything else is refused, naming it.
fn json_format() -> Result<bool, String> {
    match std::env::var("LOG_FORMAT") {
        Err(std::env::VarError::NotPresent) => Ok(false),
        Ok(v) if v.trim().is_empty() || v.trim().eq_ignore_ascii_case("text") => Ok(false),
        Ok(v) if v.trim().eq_ignore_ascii_case("json") => Ok(true),
        Ok(v) => {
            Err(format!("LOG_FORMAT is not valid: `{}`; write `text` (the default) or `json`", crate::echo::echo(&v)))
        }
        Err(std::env::VarError::NotUnicode(_)) => Err("LOG_FORMAT is not valid: it is not UTF-8 text".into()),
    }
}

/// Crates whose name alone is a filter directive a person would mean (`RUST_LOG=sqlx`: everything of sqlx).
const TARGETS: &[&str] = &[
    "teenpatti",
    "serenity",
    "poise",
    "sqlx",
    "tokio",
    "hyper",
    "reqwest",
    "rustls",
    "tungstenite",
    "tokio_tungstenite",
    "h2",
    "tower",
    "axum",
    "tracing",
    "mio",
];

/// A filter `EnvFilter` would take but that is almost surely a typo: a bare word that is neither a level nor one
/// of the crates a person would name (`RUST_LOG=warning` reads as "everything of a crate called `warning`", so
/// the bot would log nothing at all).
fn check_filter(spec: &str) -> Result<(), tracing_subscriber::filter::ParseError> {
    for directive in spec.split(',').map(str::trim).filter(|d| !d.is_empty()) {
        if directive.contains(['=', '[']) || directive.contains("::") {
            continue;
        }
        let level = ["off", "error", "warn", "info", "debug", "trace", "0", "1", "2", "3", "4", "5"];
        if level.iter().any(|l| directive.eq_ignore_ascii_case(l)) || TARGETS.iter().any(|t| directive.starts_with(t)) {
            continue;
        }
        // The parser's own error for a level that is not one, which names the levels.
        return tracing_subscriber::EnvFilter::try_new(format!("x={directive}")).map(|_| ());
    }
    Ok(())
}

/// The log stream: stderr, one line an event, each made safe first (see the module's summary).
#[derive(Clone, Copy)]
struct LogWriter {
    /// Colour codes of the formatter's own are kept (tracing escapes those of field values itself).
    ansi: bool,
    /// Each event is a JSON object: made safe value by value ([`safe_json`]).
    json: bool,
}

impl<'a> MakeWriter<'a> for LogWriter {
    type Writer = EventWriter;

    fn make_writer(&'a self) -> EventWriter {
        EventWriter { ansi: self.ansi, json: self.json }
    }
}

/// Writes one formatted event (tracing's formatter hands it over whole, in one `write_all`).
struct EventWriter {
    ansi: bool,
    json: bool,
}

impl Write for EventWriter {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        let text = String::from_utf8_lossy(buf);
        let line = if self.json { safe_json(&text) } else { safe_line(&text, self.ansi) };
        let mut err = std::io::stderr().lock();
        if err.write_all(line.as_bytes()).and_then(|()| err.flush()).is_err() {
            count_dropped();
        }
        // Always "written": an error here would only make the caller report it on the same stream.
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// One event's text as it is written: redacted, control characters inside it shown as "�" (the final newline
/// kept; with colour on, the formatter's ESC kept), cut at [`MAX_LINE_BYTES`].
pub fn safe_line(text: &str, ansi: bool) -> String {
    let redacted = crate::redact::text(text);
    let body = redacted.strip_suffix('\n').unwrap_or(&redacted);
    let mut out = String::with_capacity(body.len().min(MAX_LINE_BYTES) + 4);
    for c in body.chars() {
        if out.len() + c.len_utf8() > MAX_LINE_BYTES - 4 {
            out.push('…');
            break;
        }
        match c {
            '\u{1b}' if ansi => out.push(c),
            '\t' => out.push(' '),
            c if c.is_control() => out.push('\u{FFFD}'),
            c => out.push(c),
        }
    }
    out.push('\n');
    out
}

/// The longest string value a JSON log line keeps, in characters; a longer one is cut, the cut marked with "…".
pub const MAX_JSON_VALUE_CHARS: usize = 1024;

/// One JSON event as it is written: every string in it redacted and cut at [`MAX_JSON_VALUE_CHARS`], and the
/// whole still one valid JSON object on one line (serde escapes control characters). Text that is not JSON (a
/// library writing past the formatter) becomes `{"message": …}` made safe the same way.
pub fn safe_json(text: &str) -> String {
    fn clean(v: &mut serde_json::Value) {
        match v {
            serde_json::Value::String(s) => {
                let redacted = crate::redact::text(s);
                *s = match redacted.char_indices().nth(MAX_JSON_VALUE_CHARS) {
                    Some((at, _)) => format!("{}…", &redacted[..at]),
                    None => redacted.into_owned(),
                };
            }
            serde_json::Value::Array(items) => items.iter_mut().for_each(clean),
            serde_json::Value::Object(fields) => fields.values_mut().for_each(clean),
            _ => {}
        }
    }
    let mut value = serde_json::from_str::<serde_json::Value>(text.trim_end())
        .unwrap_or_else(|_| serde_json::json!({ "message": text.trim_end() }));
    clean(&mut value);
    let mut line = value.to_string();
    line.push('\n');
    line
}

/// Panics print one line through the redaction and the bound, and no backtrace unless `RUST_BACKTRACE` asks:
/// a panic must never print the token (a library's panic message may quote a value) nor flood the log.
pub fn install_panic_hook() {
    std::panic::set_hook(Box::new(|info| {
        let what = info
            .payload()
            .downcast_ref::<&str>()
            .map(|s| (*s).to_string())
            .or_else(|| info.payload().downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "a panic".into());
        let at = info.location().map(|l| format!(" at {}:{}", l.file(), l.line())).unwrap_or_default();
        let text = format!("internal error (a bug): {}{at}", crate::echo::remote(&what));
        let line = if JSON.load(Ordering::Relaxed) {
            safe_json(&serde_json::json!({ "level": "ERROR", "message": text }).to_string())
        } else {
            safe_line(&format!("error: {text}"), false)
        };
        let _ = std::io::stderr().write_all(line.as_bytes());
        if std::env::var_os("RUST_BACKTRACE").is_some_and(|v| v != "0") {
            let trace = std::backtrace::Backtrace::force_capture().to_string();
            let _ = std::io::stderr().write_all(crate::redact::text(&trace).as_bytes());
        }
    }));
}

/// How often a failure that goes on is summed up.
pub const SUMMARY_EVERY: Duration = Duration::from_secs(60);

/// How long a kind of failure must stay away before it is over: a success in between (a write that fit on a
/// nearly full disk) does not end it, so a failure that comes and goes is not two lines each time.
pub const QUIET: Duration = Duration::from_secs(60);

/// Failures of kinds that come in floods (a write batch on a full disk, a checkpoint), logged once per state
/// change. Each kind is a key: its first failure is logged at the gate's level with the detail; later failures
/// of that kind are counted, and summed up in one line at most every [`SUMMARY_EVERY`] while they go on; the
/// first success [`QUIET`] after the last of them ends it, with one line and the count (and a failure that comes
/// back after [`QUIET`] without a success in between is a new state). A different kind is another state and is
/// logged at once.
pub struct Repeated {
    what: &'static str,
    recovered: &'static str,
    level: tracing::Level,
    kinds: Mutex<HashMap<String, Streak>>,
}

/// What [`Repeated`] keeps of one kind of failure while it goes on.
#[derive(Debug)]
struct Streak {
    since: Instant,
    total: u64,
    /// Failures since the last line about this kind.
    unsaid: u64,
    last_line: Instant,
    last_failure: Instant,
}

/// Kinds a gate keeps at once; past it the oldest is forgotten (and would be logged again).
const MAX_KINDS: usize = 64;

/// What [`Repeated`] decided to say about one failure or success (returned for tests).
#[derive(Debug, PartialEq, Eq)]
pub enum Said {
    /// The first failure of its kind, logged with its detail.
    First,
    /// A summary line with this many failures since the last line.
    Summary(u64),
    /// Counted, nothing logged.
    Counted,
    /// Failures ended: one line each, with how many there were in all.
    Ended(u64),
    /// Nothing ended.
    Nothing,
}

impl Repeated {
    /// `what` says the failure ("a write batch failed"), `recovered` its end ("write batches are committed").
    pub fn new(what: &'static str, recovered: &'static str, level: tracing::Level) -> Repeated {
        Repeated { what, recovered, level, kinds: Mutex::new(HashMap::new()) }
    }

    /// A failure of `kind` (a short fixed description: "the disk is full"), with its `detail` for the first line.
    pub fn failed(&self, kind: &str, detail: &dyn std::fmt::Display) -> Said {
        self.failed_at(kind, detail, Instant::now())
    }

    /// A success: ends every kind of failure that has stayed away for [`QUIET`], with one line each.
    pub fn succeeded(&self) -> Said {
        self.succeeded_at(Instant::now())
    }

    fn succeeded_at(&self, now: Instant) -> Said {
        let ended: Vec<(String, Streak)> = {
            let mut kinds = self.kinds.lock().unwrap_or_else(|p| p.into_inner());
            if kinds.is_empty() {
                return Said::Nothing;
            }
            let over: Vec<String> = kinds
                .iter()
                .filter(|(_, s)| now.saturating_duration_since(s.last_failure) >= QUIET)
                .map(|(k, _)| k.clone())
                .collect();
            over.into_iter().filter_map(|k| kinds.remove(&k).map(|s| (k, s))).collect()
        };
        if ended.is_empty() {
            return Said::Nothing;
        }
        let mut total = 0;
        for (kind, streak) in ended {
            total += streak.total;
            tracing::info!(
                "{} again, after {} failure(s) over {:.0} s ({kind})",
                self.recovered,
                streak.total,
                streak.last_failure.saturating_duration_since(streak.since).as_secs_f64()
            );
        }
        Said::Ended(total)
    }

    fn failed_at(&self, kind: &str, detail: &dyn std::fmt::Display, now: Instant) -> Said {
        let said = {
            let mut kinds = self.kinds.lock().unwrap_or_else(|p| p.into_inner());
            if !kinds.contains_key(kind) && kinds.len() >= MAX_KINDS {
                if let Some(oldest) = kinds.iter().min_by_key(|(_, s)| s.last_failure).map(|(k, _)| k.clone()) {
                    kinds.remove(&oldest);
                }
            }
            // Failures that stayed away for QUIET and came back are a new state (a gate that never hears of a
            // success, such as the one for refused requests, says it again with its detail).
            if kinds.get(kind).is_some_and(|s| now.saturating_duration_since(s.last_failure) >= QUIET) {
                kinds.remove(kind);
            }
            match kinds.get_mut(kind) {
                None => {
                    let streak = Streak { since: now, total: 1, unsaid: 0, last_line: now, last_failure: now };
                    kinds.insert(kind.to_string(), streak);
                    Said::First
                }
                Some(streak) => {
                    streak.total += 1;
                    streak.unsaid += 1;
                    streak.last_failure = now;
                    if now.saturating_duration_since(streak.last_line) >= SUMMARY_EVERY {
                        let n = std::mem::take(&mut streak.unsaid);
                        streak.last_line = now;
                        Said::Summary(n)
                    } else {
                        Said::Counted
                    }
                }
            }
        };
        let what = self.what;
        match (&said, self.level) {
            (Said::First, tracing::Level::ERROR) => tracing::error!(error = %detail, "{what} ({kind})"),
            (Said::First, _) => tracing::warn!(error = %detail, "{what} ({kind})"),
            (Said::Summary(n), tracing::Level::ERROR) => {
                tracing::error!("{what} ({kind}): {n} more time(s) in the last {} s", SUMMARY_EVERY.as_secs())
            }
            (Said::Summary(n), _) => {
                tracing::warn!("{what} ({kind}): {n} more time(s) in the last {} s", SUMMARY_EVERY.as_secs())
            }
            _ => {}
        }
        said
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_is_one_line_bounded_and_redacted() {
        crate::redact::secret("TOKEN-FOR-THE-LOG-TEST");
        let text = format!("WARN failed: body {}\u{1b}[2J\nforged line TOKEN-FOR-THE-LOG-TEST\n", "x".repeat(10_000));
        let line = safe_line(&text, false);
        assert!(line.len() <= MAX_LINE_BYTES, "{}", line.len());
        assert_eq!(line.matches('\n').count(), 1);
        assert!(line.ends_with("…\n"), "{line:?}");
        assert!(!line.chars().any(|c| c.is_control() && c != '\n'));
        let short = safe_line("a \u{1b}[2J b\nc TOKEN-FOR-THE-LOG-TEST\n", false);
        assert_eq!(short, "a \u{FFFD}[2J b\u{FFFD}c ***\n");
        assert_eq!(safe_line("\u{1b}[2mINFO\u{1b}[0m x\n", true), "\u{1b}[2mINFO\u{1b}[0m x\n");
    }

    #[test]
    fn a_flood_of_one_failure_is_one_line_then_a_summary_a_minute() {
        let gate = Repeated::new("a write batch failed", "write batches are committed", tracing::Level::ERROR);
        let t0 = Instant::now();
        assert_eq!(gate.failed_at("the disk is full", &"SQLITE_FULL", t0), Said::First);
        for i in 1..3000 {
            let at = t0 + Duration::from_millis(i * 2);
            assert_eq!(gate.failed_at("the disk is full", &"SQLITE_FULL", at), Said::Counted);
        }
        let minute = t0 + SUMMARY_EVERY;
        assert_eq!(gate.failed_at("the disk is full", &"SQLITE_FULL", minute), Said::Summary(3000));
        assert_eq!(gate.failed_at("the disk is full", &"x", minute + Duration::from_secs(1)), Said::Counted);
        // Another kind is another state: said at once.
        assert_eq!(gate.failed_at("an I/O error", &"x", minute), Said::First);
        // A success in between does not end it (a write that fit on a nearly full disk)...
        assert_eq!(gate.succeeded_at(minute + Duration::from_secs(2)), Said::Nothing);
        assert_eq!(gate.failed_at("the disk is full", &"x", minute + Duration::from_secs(3)), Said::Counted);
        // ...a success once the failures have stayed away for QUIET does, once.
        let later = minute + Duration::from_secs(3) + QUIET;
        assert_eq!(gate.succeeded_at(later), Said::Ended(3004));
        assert_eq!(gate.succeeded_at(later), Said::Nothing);
        assert_eq!(gate.failed_at("the disk is full", &"x", later), Said::First, "a new streak");
        // Without a success, failures that stayed away for QUIET and came back are a new streak too.
        let again = later + QUIET;
        assert_eq!(gate.failed_at("the disk is full", &"x", again), Said::First);
    }
}
