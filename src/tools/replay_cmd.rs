//! `teenpatti-bot replay FILE [--json]`: plays a hand script (see
//! [`crate::engine::script`]) and prints a transcript or one JSON object.
//! `FILE` may be `-` for standard input. At most [`MAX_SCRIPT_BYTES`] are read
//! (one more, to know a script is too big), so a huge file costs nothing.
//! Exit status: 0 when the script ran (refused actions included), 2 when the
//! file cannot be read, is too big or not UTF-8, or a directive is wrong.

use std::io::{self, Read, Write};
use std::process::ExitCode;

use clap::Args;

use crate::engine::script::{self, MAX_SCRIPT_BYTES};

#[derive(Args, Debug)]
pub struct ReplayArgs {
    /// The hand script (`-`: standard input).
    pub file: std::path::PathBuf,
    /// Print one JSON object instead of a transcript.
    #[arg(long)]
    pub json: bool,
}

/// The script's text, read with a bound; errors are messages for the user.
fn read_script(args: &ReplayArgs) -> Result<String, String> {
    let name = args.file.display();
    let reader: Box<dyn Read> = if args.file.as_os_str() == "-" {
        Box::new(io::stdin().lock())
    } else {
        Box::new(std::fs::File::open(&args.file).map_err(|e| format!("cannot read {name}: {e}"))?)
    };
    let mut bytes = Vec::new();
    reader.take(MAX_SCRIPT_BYTES as u64 + 1).read_to_end(&mut bytes).map_err(|e| format!("cannot read {name}: {e}"))?;
    if bytes.len() > MAX_SCRIPT_BYTES {
        return Err(format!("{name}: {}", script::too_big(bytes.len())));
    }
    String::from_utf8(bytes).map_err(|e| {
        let line = 1 + e.as_bytes()[..e.utf8_error().valid_up_to()].iter().filter(|&&b| b == b'\n').count();
        format!("{name}: line {line}: not UTF-8")
    })
}

pub fn run(args: &ReplayArgs) -> ExitCode {
    let text = match read_script(args) {
        Ok(t) => t,
        Err(e) => return crate::output::fatal(crate::output::EXIT_REFUSED, e),
    };
    let replay = match script::run_script(&text) {
        Ok(r) => r,
        Err(e) => {
            return crate::output::fatal(crate::output::EXIT_REFUSED, format_args!("{}: {e}", args.file.display()))
        }
    };
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    let written = if args.json {
        serde_json::to_writer_pretty(&mut out, &replay.to_json()).map_err(io::Error::from).and_then(|()| writeln!(out))
    } else {
        out.write_all(crate::words::transcript(&replay).as_bytes())
    };
    match written.and_then(|()| out.flush()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => super::output_failed(e),
    }
}
