//! `teenpatti-bot audit`: the books checked offline, on SQLite or PostgreSQL, while the bot runs or not
//! (docs/operating.md). The database is read in one read transaction on a read-only connection that never
//! migrates nor takes the bot's lock ([`ReadOnly`]), with the statements the bot's own audit runs.
//!
//! Standard output: one line per problem (at most [`Audit::LISTED`] of each kind, then `… and N more`), then one
//! summary line, `audit ok: …` or `audit FAILED: …`, with the totals. Exit status: 0 when the books are right, 1
//! when a problem was found, 2 when the database could not be read (one `error:` line: a missing file, not
//! SQLite, another application's database, another schema than this binary's, a server that does not answer).

use std::process::ExitCode;

use clap::Args;

use crate::output::{fatal, EXIT_REFUSED};
use crate::store::{Audit, HandStatus, ReadOnly};

#[derive(Args, Debug)]
pub struct AuditArgs {
    /// The database: sqlite://path/to/file.db or postgres://user@host/database. Default: DATABASE_URL as the bot
    /// reads it (the environment, then .env here), else sqlite://teenpatti.db.
    #[arg(long, env = "DATABASE_URL", hide_env_values = true, value_name = "URL")]
    pub database_url: Option<String>,
}

pub fn run(args: &AuditArgs) -> ExitCode {
    let url = match super::database_url(args.database_url.as_deref()) {
        Ok(url) => url,
        Err(e) => return fatal(EXIT_REFUSED, e),
    };
    super::run_async(audit(url))
}

async fn audit(url: String) -> anyhow::Result<bool> {
    let db = ReadOnly::open(&url).await?;
    let audit = db.audit().await;
    db.close().await;
    let audit = audit?;
    for line in problems(&audit) {
        crate::out!("{line}")?;
    }
    let totals = format!(
        "{} wallets, {} hands; balances {} + live pots {} = {}, chips granted {}",
        audit.wallets,
        audit.hands,
        audit.total_balances,
        audit.live_pots,
        audit.total_balances + audit.live_pots,
        audit.total_granted
    );
    if audit.ok() {
        crate::out!("audit ok: {totals}")?;
    } else {
        crate::out!("audit FAILED: {totals}")?;
    }
    Ok(audit.ok())
}

/// One line per problem the audit found, each kind bounded (the audit lists at most [`Audit::LISTED`] rows of a
/// kind, and counts them all).
fn problems(a: &Audit) -> Vec<String> {
    let mut lines = Vec::new();
    let more = |lines: &mut Vec<String>, listed: usize, count: i64, what: &str| {
        let rest = count - listed as i64;
        if rest > 0 {
            lines.push(format!("… and {rest} more {what}"));
        }
    };
    for w in &a.wallet_mismatches {
        lines.push(format!(
            "wallet off its ledger: server {} user {}: balance {}, ledger rows sum to {} ({:+} chips)",
            w.guild.0,
            w.user.0,
            w.balance,
            w.ledger_sum,
            w.balance - w.ledger_sum
        ));
    }
    more(&mut lines, a.wallet_mismatches.len(), a.wallet_mismatch_count, "wallets off their ledger");
    for n in &a.negative_balances {
        lines.push(format!("negative balance: server {} user {}: {}", n.guild.0, n.user.0, n.balance));
    }
    more(&mut lines, a.negative_balances.len(), a.negative_balance_count, "negative balances");
    for h in &a.hand_mismatches {
        let mut why = Vec::new();
        if h.status == HandStatus::Live {
            why.push(format!("paid out {} chips more than it took", -h.in_hand));
        } else if h.in_hand != 0 {
            why.push(format!("its ledger rows net {:+} (not 0)", -h.in_hand));
        }
        if h.status == HandStatus::Finished && h.pot != h.bets {
            why.push(format!("pot {} but its bets took {}", h.pot, h.bets));
        }
        let why = why.join("; ");
        lines.push(format!("hand #{} ({}): {why}", h.hand_id.0, h.status.as_str()));
    }
    more(&mut lines, a.hand_mismatches.len(), a.hand_mismatch_count, "hands whose rows disagree");
    let held = a.total_balances + a.live_pots;
    if held != a.total_granted {
        lines.push(format!(
            "chips not conserved: balances {} + live pots {} = {held}, but {} were granted ({:+} chips)",
            a.total_balances,
            a.live_pots,
            a.total_granted,
            held - a.total_granted
        ));
    }
    if a.transfers_net != 0 {
        lines.push(format!("transfers do not sum to zero: they net {:+} chips", a.transfers_net));
    }
    if a.orphan_ledger_rows != 0 {
        lines.push(format!("{} ledger rows belong to no wallet", a.orphan_ledger_rows));
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ids::{GuildId, UserId};
    use crate::store::WalletMismatch;

    fn clean() -> Audit {
        Audit {
            wallet_mismatches: Vec::new(),
            wallet_mismatch_count: 0,
            negative_balances: Vec::new(),
            negative_balance_count: 0,
            hand_mismatches: Vec::new(),
            hand_mismatch_count: 0,
            wallets: 2,
            hands: 1,
            total_balances: 2000,
            live_pots: 0,
            total_granted: 2000,
            transfers_net: 0,
            orphan_ledger_rows: 0,
        }
    }

    #[test]
    fn right_books_have_no_problem_lines() {
        assert!(clean().ok());
        assert_eq!(problems(&clean()), Vec::<String>::new());
    }

    #[test]
    fn each_kind_is_bounded_and_counted_whole() {
        let mut a = clean();
        let listed = Audit::LISTED as usize;
        a.wallet_mismatches = (0..listed)
            .map(|i| WalletMismatch { guild: GuildId(1), user: UserId(i as u64), balance: 5, ledger_sum: 4 })
            .collect();
        a.wallet_mismatch_count = 250;
        a.total_balances += 250;
        let lines = problems(&a);
        assert!(!a.ok());
        assert_eq!(lines.len(), listed + 2, "{lines:?}");
        assert_eq!(lines[listed], "… and 150 more wallets off their ledger");
        assert!(lines[0].contains("server 1 user 0: balance 5, ledger rows sum to 4 (+1 chips)"), "{}", lines[0]);
        assert!(lines[listed + 1].starts_with("chips not conserved"), "{}", lines[listed + 1]);
    }

    #[test]
    fn a_count_alone_fails_the_audit() {
        for set in [
            |a: &mut Audit| a.negative_balance_count = 1,
            |a: &mut Audit| a.hand_mismatch_count = 1,
            |a: &mut Audit| a.wallet_mismatch_count = 1,
            |a: &mut Audit| a.orphan_ledger_rows = 1,
            |a: &mut Audit| a.transfers_net = 1,
        ] {
            let mut a = clean();
            set(&mut a);
            assert!(!a.ok(), "{a:?}");
            assert!(a.to_string().starts_with("FAILED"), "{a}");
        }
    }
}
