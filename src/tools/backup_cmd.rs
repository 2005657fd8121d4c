//! `teenpatti-bot backup FILE`: a consistent copy of the bot's SQLite database, taken while the bot runs or not
//! (docs/operating.md). The database is opened read-only, without the bot's lock, and copied with `VACUUM INTO`
//! in one read transaction; the copy is checked with `PRAGMA integrity_check` and published as FILE only then
//! ([`ReadOnly::backup`]). Nothing is migrated, recovered or refunded, and a failed backup leaves no file.
//!
//! Standard output: one line, `backup ok: FILE, N bytes, S s (from DATABASE; integrity check ok)`. Exit status:
//! 0 when the copy was made; 1 when the copy failed its integrity check (nothing kept: the database itself is
//! probably damaged); 2 when no copy was made (one `error:` line: FILE exists, is the database itself, its folder
//! is missing or its disk has no room; the database is missing, not SQLite, another application's or from a
//! newer version (an older one is copied as it is: the backup before an upgrade); the disk filled up during the copy; or the database is PostgreSQL, where the line says how to run
//! `pg_dump`).

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::Args;

use crate::output::{fatal, EXIT_REFUSED};
use crate::store::{BackupError, ReadOnly};

#[derive(Args, Debug)]
pub struct BackupArgs {
    /// The new file to write the copy to. It must not exist (a backup never writes over a file); its folder
    /// must.
    #[arg(value_name = "FILE")]
    pub file: PathBuf,
    /// The database: sqlite://path/to/file.db (postgres://… is refused with the pg_dump line to run instead).
    /// Default: DATABASE_URL as the bot reads it (the environment, then .env here), else sqlite://teenpatti.db.
    #[arg(long, env = "DATABASE_URL", hide_env_values = true, value_name = "URL")]
    pub database_url: Option<String>,
    /// Test hook: skip the free-space check, so that the copy itself meets a full disk (the test that a disk
    /// filling up mid-copy leaves nothing behind).
    #[arg(long, hide = true)]
    pub no_room_check: bool,
}

pub fn run(args: &BackupArgs) -> ExitCode {
    let url = match super::database_url(args.database_url.as_deref()) {
        Ok(url) => url,
        Err(e) => return fatal(EXIT_REFUSED, e),
    };
    super::run_async(backup(url, args))
}

async fn backup(url: String, args: &BackupArgs) -> anyhow::Result<bool> {
    if crate::store::is_postgres_url(&url) {
        crate::redact::secrets_of_url(&url);
        anyhow::bail!(
            "backup copies an SQLite database file; back up PostgreSQL with pg_dump, which takes a consistent copy \
             of the live database: {} (the password comes from PGPASSWORD or ~/.pgpass, not the command line; \
             restore with pg_restore, docs/operating.md)",
            pg_dump_line(&url, &args.file)
        );
    }
    let db = ReadOnly::open_to_copy(&url).await?;
    let done = db.backup_with(&args.file, !args.no_room_check).await;
    let source = db.shown().to_string();
    db.close().await;
    match done {
        Ok(b) => {
            crate::out!(
                "backup ok: {}, {} bytes, {:.2} s (from {}; integrity check ok)",
                crate::echo::remote(&b.path.display()),
                b.bytes,
                b.elapsed.as_secs_f64(),
                crate::echo::remote(&source)
            )?;
            Ok(true)
        }
        // It ran, and found something wrong: the database.
        Err(e @ BackupError::CopyDamaged { .. }) => {
            crate::note!("error: {e}");
            Ok(false)
        }
        Err(e) => Err(e.into()),
    }
}

/// The `pg_dump` command that backs up the PostgreSQL database at `url` to `file`: the URL without its password
/// (nor any password-like parameter, [`crate::redact::SECRET_PARAMS`]), since a command line is seen by every
/// user of the machine and kept in shell histories; `pg_dump` reads it from PGPASSWORD or `~/.pgpass`.
fn pg_dump_line(url: &str, file: &Path) -> String {
    let dbname = match url::Url::parse(url) {
        Ok(mut parsed) => {
            let _ = parsed.set_password(None);
            let secret = |k: &str| crate::redact::SECRET_PARAMS.iter().any(|s| s.eq_ignore_ascii_case(k));
            let kept: Vec<(String, String)> = parsed
                .query_pairs()
                .filter(|(k, _)| !secret(k))
                .map(|(k, v)| (k.into_owned(), v.into_owned()))
                .collect();
            parsed.set_query(None);
            if !kept.is_empty() {
                parsed.query_pairs_mut().extend_pairs(kept);
            }
            crate::redact::url(parsed.as_str())
        }
        // Not a URL the `url` crate reads: shown masked, as every URL is.
        Err(_) => crate::redact::url(url),
    };
    let file = crate::echo::cut(&file.display().to_string(), 200);
    format!("pg_dump --format=custom --file={} --dbname={}", shell_word(&file), shell_word(&dbname))
}

/// `word` as one word of a POSIX shell's command line: as is when it holds nothing the shell reads, else in
/// single quotes.
fn shell_word(word: &str) -> String {
    let plain = |c: char| c.is_ascii_alphanumeric() || "_-./:@%+=,".contains(c);
    if !word.is_empty() && word.chars().all(plain) {
        word.to_string()
    } else {
        format!("'{}'", word.replace('\'', r"'\''"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_pg_dump_line_has_no_password() {
        let line = pg_dump_line(
            "postgres://bot:Sup3rS3cretPass@db.example:5433/tp?sslmode=require&password=Other5ecretPass",
            Path::new("/backups/tp 1.dump"),
        );
        assert_eq!(
            line,
            "pg_dump --format=custom --file='/backups/tp 1.dump' \
             --dbname='postgres://bot@db.example:5433/tp?sslmode=require'"
        );
        let plain = pg_dump_line("postgres://postgres@127.0.0.1:55433/x", Path::new("x.dump"));
        assert_eq!(plain, "pg_dump --format=custom --file=x.dump --dbname=postgres://postgres@127.0.0.1:55433/x");
    }

    #[test]
    fn a_shell_word_cannot_break_out_of_its_quotes() {
        assert_eq!(shell_word("a'b; rm -rf /"), r"'a'\''b; rm -rf /'");
        assert_eq!(shell_word(""), "''");
    }
}
