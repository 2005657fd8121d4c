//! The one wall clock: unix seconds, as stored in the database and shown in Discord's `<t:…>` timestamps.

/// Seconds since the unix epoch (0 if the system clock is before it).
pub fn now_unix() -> i64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs() as i64)
}

/// Seconds since the unix epoch with their fraction (the metrics' timestamps; 0 if the clock is before it).
pub fn now_unix_f64() -> f64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0.0, |d| d.as_secs_f64())
}
