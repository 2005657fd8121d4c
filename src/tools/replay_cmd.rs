//! `teenpatti-bot replay FILE [--json]`: plays a hand script (see
//! [`crate::engine::script`]) and prints a transcript or one JSON object.
//! Exit status: 0 when the script ran (refused actions included), 2 when the
//! file cannot be read or a directive is wrong.

use std::process::ExitCode;

use clap::Args;

use crate::engine::script;

#[derive(Args, Debug)]
pub struct ReplayArgs {
    /// The hand script.
    pub file: std::path::PathBuf,
    /// Print one JSON object instead of a transcript.
    #[arg(long)]
    pub json: bool,
}

pub fn run(args: &ReplayArgs) -> ExitCode {
    let text = match std::fs::read_to_string(&args.file) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("error: cannot read {}: {e}", args.file.display());
            return ExitCode::from(2);
        }
    };
    let replay = match script::run_script(&text) {
        Ok(r) => r,
        Err(e) => {
            eprintln!("error: {}: {e}", args.file.display());
            return ExitCode::from(2);
        }
    };
    if args.json {
        match serde_json::to_string_pretty(&replay.to_json()) {
            Ok(s) => println!("{s}"),
            Err(e) => {
                eprintln!("error: {e}");
                return ExitCode::FAILURE;
            }
        }
    } else {
        print!("{}", replay.transcript());
    }
    ExitCode::SUCCESS
}
