//! The process's resident memory, from `/proc/self/status` (Linux; elsewhere
//! the figures read as 0).

/// Resident set size now, in KiB.
pub fn current_kib() -> u64 {
    status_kib("VmRSS:")
}

/// The peak resident set size (since the start, or since [`reset_peak`]), in KiB.
pub fn peak_kib() -> u64 {
    status_kib("VmHWM:")
}

/// Starts the peak afresh from the current size (Linux 4.0 and later: `5` to
/// `/proc/self/clear_refs`), so that [`peak_kib`] measures what follows.
/// Best effort: the peak since the start stands where it cannot be reset.
pub fn reset_peak() {
    let _ = std::fs::write("/proc/self/clear_refs", "5");
}

fn status_kib(field: &str) -> u64 {
    let Ok(status) = std::fs::read_to_string("/proc/self/status") else { return 0 };
    status
        .lines()
        .find_map(|l| l.strip_prefix(field))
        .and_then(|v| v.split_whitespace().next())
        .and_then(|n| n.parse().ok())
        .unwrap_or(0)
}

#[cfg(all(test, target_os = "linux"))]
mod tests {
    use super::*;

    #[test]
    fn the_peak_is_at_least_the_current_size() {
        reset_peak();
        let now = current_kib();
        assert!(now > 0);
        assert!(peak_kib() >= now);
    }
}
