//! Times as the pages word them.

use jiff::{Timestamp, Zoned};

/// "in 1 day 3 hours 20 minutes", or "passed".
pub fn countdown(at: &Zoned, now: Timestamp) -> String {
    let secs = at.timestamp().as_second() - now.as_second();
    if secs <= 0 {
        return "passed".to_owned();
    }
    let (days, hours, minutes) = (secs / 86_400, secs % 86_400 / 3_600, secs % 3_600 / 60);
    let unit = |n: i64, one: &str| {
        if n == 1 {
            format!("1 {one}")
        } else {
            format!("{n} {one}s")
        }
    };
    let mut parts = Vec::new();
    if days > 0 {
        parts.push(unit(days, "day"));
    }
    if days > 0 || hours > 0 {
        parts.push(unit(hours, "hour"));
    }
    parts.push(unit(minutes, "minute"));
    format!("in {}", parts.join(" "))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn countdowns_read_as_a_host_would_say_them() {
        let now: Timestamp = "2026-03-27T12:00:00Z".parse().unwrap();
        let zoned = |s: &str| s.parse::<Zoned>().unwrap();
        assert_eq!(
            countdown(&zoned("2026-03-28T15:20:00+00:00[UTC]"), now),
            "in 1 day 3 hours 20 minutes"
        );
        assert_eq!(
            countdown(&zoned("2026-03-27T13:01:00+00:00[UTC]"), now),
            "in 1 hour 1 minute"
        );
        assert_eq!(
            countdown(&zoned("2026-03-27T12:00:30+00:00[UTC]"), now),
            "in 0 minutes"
        );
        assert_eq!(
            countdown(&zoned("2026-03-27T11:00:00+00:00[UTC]"), now),
            "passed"
        );
    }
}
