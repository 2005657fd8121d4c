//! Command-line tools around the engine, the store and the table service.

pub mod chaos_cmd;
pub mod loadtest_cmd;
pub mod rank_cmd;
pub mod replay_cmd;
pub mod simulate_cmd;

use std::future::Future;
use std::process::ExitCode;

/// The exit of a tool whose output could not be written: quietly for a closed pipe (`| head`), with the
/// error otherwise.
pub fn output_failed(e: &std::io::Error) -> ExitCode {
    if e.kind() != std::io::ErrorKind::BrokenPipe {
        eprintln!("error: {e}");
    }
    ExitCode::FAILURE
}

/// Logs to stderr: `RUST_LOG`, else `default` (a filter such as `warn`, or `off`).
pub(crate) fn init_logging(default: &str) {
    let _ = tracing_subscriber::fmt()
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_default_env()
                .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new(default)),
        )
        .with_writer(std::io::stderr)
        .try_init();
}

/// Runs an async tool on a multi-threaded runtime, logging warnings (or `RUST_LOG`) to stderr. The tool's
/// `Ok(true)` exits 0, `Ok(false)` 1 (it ran, and found something wrong), an error 2 (it could not run).
pub fn run_async<F: Future<Output = anyhow::Result<bool>>>(tool: F) -> ExitCode {
    init_logging("warn");
    let runtime = match tokio::runtime::Builder::new_multi_thread().enable_all().build() {
        Ok(rt) => rt,
        Err(e) => {
            eprintln!("error: cannot start the async runtime: {e}");
            return ExitCode::FAILURE;
        }
    };
    match runtime.block_on(tool) {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::FAILURE,
        Err(e) => {
            eprintln!("error: {e:#}");
            ExitCode::from(2)
        }
    }
}
