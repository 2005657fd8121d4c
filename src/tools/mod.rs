//! Command-line tools around the engine, the store and the table service.

pub mod audit_cmd;
pub mod backup_cmd;
pub mod bots_cmd;
pub mod chaos_cmd;
pub mod loadtest_cmd;
pub mod odds_cmd;
pub mod picture_cmd;
pub mod rank_cmd;
pub mod replay_cmd;
pub mod simulate_cmd;
pub mod webload_cmd;

use std::future::Future;
use std::process::ExitCode;

use clap::builder::RangedU64ValueParser;

use crate::engine::hand::{MAX_SEATS, MIN_SEATS};
/// Logs to stderr: one set-up for every subcommand.
use crate::output::{fatal, EXIT_FAILED, EXIT_REFUSED};

/// Logging for every subcommand ([`crate::logs::init`]); a bad `RUST_LOG` is the one `error:` line, exit 2. Logs
/// carry detail; a fatal error is [`fatal`]'s one line.
pub(crate) fn init_logging(default: &str) -> Result<(), ExitCode> {
    crate::logs::init(default).map_err(|e| fatal(EXIT_REFUSED, e))
}

/// The exit of a tool whose output could not be written: quietly (0) for a closed pipe (`| head`), one
/// `error:` line (1) otherwise ([`crate::output`]).
pub fn output_failed(e: std::io::Error) -> ExitCode {
    crate::output::exit_for(&e.into())
}

/// A tool's exit: its own status, or [`crate::output::exit_for`] when its output failed.
pub(crate) fn finish(result: Result<ExitCode, crate::output::OutputError>) -> ExitCode {
    result.unwrap_or_else(|e| crate::output::exit_for(&e))
}

/// `--players` of `simulate` and `loadtest`: the seats a table has, checked with the other arguments, before
/// anything touches the disk.
pub(crate) fn players_arg() -> RangedU64ValueParser<usize> {
    RangedU64ValueParser::new().range(MIN_SEATS as u64..=MAX_SEATS as u64)
}

/// A count that must be at least 1 (`--tables`, `--hands`), refused in those words (clap's own range parser
/// would print the type's whole range, "not in 1..18446744073709551615").
pub(crate) fn at_least_one<T: std::str::FromStr + PartialOrd + From<u8>>(arg: &str) -> Result<T, String> {
    match arg.parse::<T>() {
        Ok(n) if n >= T::from(1) => Ok(n),
        _ => Err("must be a whole number, at least 1".into()),
    }
}

/// The database of the operator's tools (`backup`, `audit`): `--database-url` (or DATABASE_URL in the
/// environment, which clap reads into it), else DATABASE_URL from `.env` in the working directory, else the bot's
/// default: the database the bot would open if started here (`config.rs`). A blank value counts as none, as for
/// the bot.
pub(crate) fn database_url(given: Option<&str>) -> Result<String, crate::config::ConfigError> {
    let nonempty = |v: &str| Some(v.trim().to_string()).filter(|v| !v.is_empty());
    if let Some(url) = given.and_then(nonempty) {
        return Ok(url);
    }
    // Sets only what the environment does not (so a blank DATABASE_URL stays blank, and means the default).
    crate::config::load_env_file()?;
    let from_env = std::env::var("DATABASE_URL").ok().and_then(|v| nonempty(&v));
    Ok(from_env.unwrap_or_else(|| crate::store::DEFAULT_DATABASE_URL.to_string()))
}

/// Runs an async tool on a multi-threaded runtime, logging warnings (or `RUST_LOG`) to stderr
/// ([`init_logging`]). The tool's `Ok(true)` exits 0, `Ok(false)` 1 (it ran, and found something
/// wrong), an error 2 (it could not run: one `error:` line, [`crate::output::fatal`]).
pub fn run_async<F: Future<Output = anyhow::Result<bool>>>(tool: F) -> ExitCode {
    if let Err(exit) = init_logging("warn") {
        return exit;
    }
    let runtime = match tokio::runtime::Builder::new_multi_thread().enable_all().build() {
        Ok(rt) => rt,
        Err(e) => return fatal(EXIT_FAILED, format_args!("cannot start the async runtime: {e}")),
    };
    let result = runtime.block_on(tool);
    // Whatever a tool left running (a table's timer) is not waited for.
    runtime.shutdown_timeout(std::time::Duration::from_secs(2));
    match result {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::from(EXIT_FAILED),
        Err(e) => match crate::output::exit_if_output(&e) {
            Some(exit) => exit,
            None if e.chain().any(|c| c.is::<crate::sim::Halted>()) => fatal(EXIT_FAILED, format_args!("{e:#}")),
            None => fatal(EXIT_REFUSED, format_args!("{e:#}")),
        },
    }
}

/// `base` with `--variant` and every `--set OPTION=VALUE` applied (any rule option a table takes, as
/// `/table open rules:` does), refused as a table would refuse them.
pub(crate) fn rules_from(
    mut rules: crate::engine::Rules,
    variant: Option<&str>,
    set: &[String],
) -> Result<crate::engine::Rules, String> {
    if let Some(v) = variant {
        rules.set("variant", v).map_err(|e| format!("--variant: {e}"))?;
    }
    for item in set {
        let Some((name, value)) = item.split_once('=') else {
            return Err(format!("--set `{}`: expected OPTION=VALUE, e.g. show_tie=split", crate::echo::cut(item, 40)));
        };
        rules.set(name, value).map_err(|e| format!("--set {}: {e}", crate::echo::cut(item, 40)))?;
    }
    rules.validate().map_err(|e| e.to_string())?;
    rules.parts().map_err(|e| e.to_string())?;
    Ok(rules)
}
