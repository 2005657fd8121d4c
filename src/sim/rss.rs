//! The process's resident memory, from `/proc/self/status`, and its CPU time by thread, from `/proc/self/task`
//! (Linux; elsewhere the figures read as 0).

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

/// The name of the threads that drive `loadtest`'s tables (their runtime's): their CPU is read apart.
pub const DRIVER_THREAD: &str = "tp-driver";

/// CPU time (user and system) this process has used, and the part of it used by its threads named
/// [`DRIVER_THREAD`], in microseconds (`/proc`'s clock ticks, a hundredth of a second on Linux; zeros elsewhere).
pub fn cpu_us() -> (u64, u64) {
    let total = ticks("/proc/self/stat");
    let mut drivers = 0;
    if let Ok(tasks) = std::fs::read_dir("/proc/self/task") {
        for task in tasks.flatten() {
            let name = std::fs::read_to_string(task.path().join("comm")).unwrap_or_default();
            if name.trim_end() == DRIVER_THREAD {
                drivers += ticks(&task.path().join("stat").to_string_lossy());
            }
        }
    }
    (total * 10_000, drivers * 10_000)
}

/// utime + stime of a `stat` file of `/proc` (the fields after the command's name, which may hold spaces).
fn ticks(path: &str) -> u64 {
    let Ok(stat) = std::fs::read_to_string(path) else { return 0 };
    let Some((_, after)) = stat.rsplit_once(')') else { return 0 };
    let fields: Vec<&str> = after.split_whitespace().collect();
    let field = |i: usize| fields.get(i).and_then(|v| v.parse::<u64>().ok()).unwrap_or(0);
    // Field 14 (utime) and 15 (stime) of proc(5); the first after the name is field 3.
    field(11) + field(12)
}
