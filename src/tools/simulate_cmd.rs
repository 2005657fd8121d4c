use std::process::ExitCode;

use crate::cli::SimulateArgs;

pub fn run(_args: &SimulateArgs) -> ExitCode {
    eprintln!("not implemented yet");
    ExitCode::FAILURE
}
