//! Standard output and standard error: one policy for every subcommand (docs/process.md, "Output").
//!
//! - A tool's output goes through [`line`] (or a writer whose errors pass through [`OutputError::from`]). When
//!   the reader goes away (a closed pipe: `| head -2`) the tool ends at once, quietly, with exit 0: the reader
//!   has what it wanted, and nothing is printed about it.
//! - Any other failure to write the output (a full disk under `> file`, an I/O error) is one `error:` line on
//!   standard error and exit 1.
//! - Notes on standard error (progress lines, the fatal line) never fail and never panic: [`note`] counts a line
//!   it cannot write ([`crate::logs::dropped_lines`]) and goes on.
//!
//! `println!` and `eprintln!` panic on a closed stream, so the crate denies them (`clippy::print_stdout`,
//! `clippy::print_stderr` in `lib.rs`): everything goes through here.

use std::io::Write;
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};

/// Exit status of a command that failed (for `run`: the database, or Discord refusing something other than the
/// token). Tools use it for "ran, and found something wrong" (see `tools::run_async`).
pub const EXIT_FAILED: u8 = 1;
/// Exit status of a command refused before it could run: a bad argument or setting, a malformed `.env`, a token
/// Discord rejects. Restarting does not help; the configuration must change (docs/process.md).
pub const EXIT_REFUSED: u8 = 2;

/// The one way a command reports a fatal error: one line on stderr, `error: ...` (redacted and bounded, and
/// never a panic on a closed stream: [`note`]), and the exit status.
pub fn fatal(status: u8, error: impl std::fmt::Display) -> ExitCode {
    note(format_args!("error: {error}"));
    ExitCode::from(status)
}

static STDOUT_CLOSED: AtomicBool = AtomicBool::new(false);

/// Why the output could not be written.
#[derive(Debug, thiserror::Error)]
pub enum OutputError {
    /// The reader went away (EPIPE): end quietly.
    #[error("standard output was closed")]
    Closed,
    /// Anything else: one `error:` line.
    #[error("cannot write the output: {0}")]
    Failed(std::io::Error),
}

impl From<std::io::Error> for OutputError {
    fn from(e: std::io::Error) -> OutputError {
        if e.kind() == std::io::ErrorKind::BrokenPipe {
            STDOUT_CLOSED.store(true, Ordering::Relaxed);
            OutputError::Closed
        } else {
            OutputError::Failed(e)
        }
    }
}

/// Whether a write to standard output has found it closed (a tool that runs on then stops: `loadtest`).
pub fn stdout_closed() -> bool {
    STDOUT_CLOSED.load(Ordering::Relaxed)
}

/// Writes one line to standard output, flushed (a reader sees it at once, and a closed pipe is found now).
pub fn line(args: std::fmt::Arguments<'_>) -> Result<(), OutputError> {
    let mut out = std::io::stdout().lock();
    out.write_fmt(args).and_then(|()| out.write_all(b"\n")).and_then(|()| out.flush())?;
    Ok(())
}

/// Writes one line to standard error through the log's safety (redacted, one line, bounded:
/// [`crate::logs::safe_line`]); a line that cannot be written is counted, never an error.
pub fn note(args: std::fmt::Arguments<'_>) {
    let text = crate::logs::safe_line(&args.to_string(), false);
    let mut err = std::io::stderr().lock();
    if err.write_all(text.as_bytes()).and_then(|()| err.flush()).is_err() {
        crate::logs::count_dropped();
    }
}

/// The exit of a tool whose output failed: quietly with 0 for a closed pipe, one `error:` line and 1 otherwise.
pub fn exit_for(e: &OutputError) -> ExitCode {
    match e {
        OutputError::Closed => ExitCode::SUCCESS,
        OutputError::Failed(_) => fatal(EXIT_FAILED, e),
    }
}

/// [`exit_for`] when `e` is an output error (anywhere in its chain); None otherwise.
pub fn exit_if_output(e: &anyhow::Error) -> Option<ExitCode> {
    e.chain().find_map(|cause| cause.downcast_ref::<OutputError>()).map(exit_for)
}

/// `writeln!`-like sugar over [`line`]: `out!("x={}", x)?`.
#[macro_export]
macro_rules! out {
    ($($arg:tt)*) => {
        $crate::output::line(format_args!($($arg)*))
    };
}

/// `eprintln!`-like sugar over [`note`], which never fails.
#[macro_export]
macro_rules! note {
    ($($arg:tt)*) => {
        $crate::output::note(format_args!($($arg)*))
    };
}
