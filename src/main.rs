//! `teenpatti-bot`: the Discord bot and its tools. Thin: reads arguments and
//! configuration, starts logging, and hands over to the library.

use std::process::ExitCode;

fn main() -> ExitCode {
    teenpatti::cli::main()
}
