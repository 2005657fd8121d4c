use std::process::ExitCode;

use crate::cli::ReplayArgs;

pub fn run(_args: &ReplayArgs) -> ExitCode {
    eprintln!("not implemented yet");
    ExitCode::FAILURE
}
