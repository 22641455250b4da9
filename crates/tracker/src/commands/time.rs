//! The time expressions of `DEADLINE … MOVED <time> LATER|EARLIER`: days, hours and minutes,
//! as "2D", "1H", "1 D 12 H", "1D12H", "1D 23H 30M", "2 days", "24 hours",
//! "1 day 12 hours 34 minutes" (singular or plural, "h"/"hr"/"hrs", "m"/"min"/"mins").

use jiff::SignedDuration;

/// The longest move accepted, in hours (one year): anything longer is a typing error.
pub(crate) const MAX_HOURS: i64 = 24 * 366;

/// Why a time expression could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TimeError {
    #[error("no time given")]
    Missing,
    #[error("`{0}` has no unit (expected D/DAYS, H/HOURS or M/MINUTES after it)")]
    NoUnit(String),
    #[error("unknown unit `{0}` (expected D/DAYS, H/HOURS or M/MINUTES)")]
    UnknownUnit(String),
    #[error("unexpected `{0}` (expected a number and a unit, e.g. `24 hours`)")]
    Unexpected(String),
    #[error("`{0}` is a fraction (write whole units, e.g. `1 day 12 hours`)")]
    Fraction(String),
    #[error("{0} are given twice")]
    Repeated(&'static str),
    #[error("the time is longer than a year")]
    TooLong,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Unit {
    Days,
    Hours,
    Minutes,
}

impl Unit {
    fn parse(word: &str) -> Option<Unit> {
        match word {
            "d" | "day" | "days" => Some(Unit::Days),
            "h" | "hr" | "hrs" | "hour" | "hours" => Some(Unit::Hours),
            "m" | "min" | "mins" | "minute" | "minutes" => Some(Unit::Minutes),
            _ => None,
        }
    }

    fn name(self) -> &'static str {
        match self {
            Unit::Days => "days",
            Unit::Hours => "hours",
            Unit::Minutes => "minutes",
        }
    }

    fn minutes(self) -> i64 {
        match self {
            Unit::Days => 24 * 60,
            Unit::Hours => 60,
            Unit::Minutes => 1,
        }
    }
}

/// Reads a time expression such as "1D 12H" or "1 day 12 hours 34 minutes" (case-insensitive;
/// "and", "by" and commas between the parts are allowed). A day is 24 hours.
pub fn parse_duration(text: &str) -> Result<SignedDuration, TimeError> {
    let text = text.to_lowercase();
    let mut rest = text.as_str();
    let mut total_minutes: i64 = 0;
    let mut seen: Vec<Unit> = Vec::new();
    loop {
        rest = rest.trim_start_matches(|c: char| c.is_whitespace() || c == ',');
        if rest.is_empty() {
            break;
        }
        let (amount, after) = if rest.starts_with(|c: char| c.is_ascii_digit()) {
            let digits_end = rest
                .find(|c: char| !c.is_ascii_digit())
                .unwrap_or(rest.len());
            let (digits, after) = rest.split_at(digits_end);
            let amount: i64 = digits.parse().map_err(|_| TimeError::TooLong)?;
            (amount, after)
        } else {
            let word_end = rest
                .find(|c: char| !c.is_alphabetic())
                .unwrap_or(rest.len());
            let (word, after) = rest.split_at(word_end);
            match word {
                "and" | "by" => {
                    rest = after;
                    continue;
                }
                "a" | "an" | "one" => (1, after),
                "" => {
                    let bad: String = rest.chars().take(1).collect();
                    return Err(TimeError::Unexpected(bad));
                }
                _ => return Err(TimeError::Unexpected(word.to_owned())),
            }
        };
        if let Some(fraction) = after.strip_prefix(['.', ',']) {
            if fraction.starts_with(|c: char| c.is_ascii_digit()) {
                let digits: String = fraction.chars().take_while(char::is_ascii_digit).collect();
                return Err(TimeError::Fraction(format!("{amount}.{digits}")));
            }
        }
        let after = after.trim_start();
        let unit_end = after
            .find(|c: char| !c.is_alphabetic())
            .unwrap_or(after.len());
        let (unit_word, after_unit) = after.split_at(unit_end);
        if unit_word.is_empty() {
            return Err(TimeError::NoUnit(amount.to_string()));
        }
        let unit =
            Unit::parse(unit_word).ok_or_else(|| TimeError::UnknownUnit(unit_word.to_owned()))?;
        if seen.contains(&unit) {
            return Err(TimeError::Repeated(unit.name()));
        }
        seen.push(unit);
        total_minutes = amount
            .checked_mul(unit.minutes())
            .and_then(|m| total_minutes.checked_add(m))
            .filter(|m| *m <= MAX_HOURS * 60)
            .ok_or(TimeError::TooLong)?;
        rest = after_unit;
    }
    if seen.is_empty() {
        return Err(TimeError::Missing);
    }
    Ok(SignedDuration::from_mins(total_minutes))
}
