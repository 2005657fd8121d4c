use std::process::ExitCode;

use crate::cli::RankArgs;

pub fn run(_args: &RankArgs) -> ExitCode {
    eprintln!("not implemented yet");
    ExitCode::FAILURE
}
