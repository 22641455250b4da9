//! Login throttling: logins counted per account name (as typed, known or not) and per
//! client address since the last success. The first few are free, then each makes the next
//! wait longer (1 s, 2 s, 4 s…), and after [`Policy::lock_after`] the name or address is
//! locked for [`Policy::lock`]. A refused login is answered 429 with `Retry-After` and
//! costs no password check; a successful one resets both counters.
//!
//! An attempt is counted when it starts (not when its password check fails), so requests
//! sent all at once are throttled as if sent one by one.
//!
//! The counters live in memory: they are small and short-lived, and a failed login then
//! writes nothing to the database (an attacker's stream of guesses never takes the store's
//! lock from the poller and the pages). A restart forgets them, and several instances each
//! count their own (issue 14, point 4 shares them).

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// How hard the throttle holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Policy {
    /// Attempts without a wait.
    pub free: u32,
    /// The wait after the first attempt past the free ones; each further attempt doubles it.
    pub first_delay: Duration,
    /// From this attempt on (since the last success), a lock instead of a delay.
    pub lock_after: u32,
    /// How long a lock lasts.
    pub lock: Duration,
}

impl Default for Policy {
    fn default() -> Policy {
        Policy {
            free: 3,
            first_delay: Duration::from_secs(1),
            lock_after: 10,
            lock: Duration::from_secs(15 * 60),
        }
    }
}

impl Policy {
    /// How long the next attempt must wait after `attempts` attempts since the last success.
    pub fn wait_after(&self, attempts: u32) -> Duration {
        if attempts >= self.lock_after {
            self.lock
        } else if attempts <= self.free {
            Duration::ZERO
        } else {
            let doublings = (attempts - self.free - 1).min(20);
            self.first_delay
                .saturating_mul(1 << doublings)
                .min(self.lock)
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Hash)]
enum Key {
    Account(String),
    Address(IpAddr),
}

#[derive(Debug, Clone, Copy)]
struct Entry {
    attempts: u32,
    /// No attempt before this.
    until: Instant,
    last: Instant,
}

/// Entries past their wait and untouched this long are forgotten (the count starts again).
const FORGET_AFTER: Duration = Duration::from_secs(60 * 60);
/// The table is pruned of forgotten entries whenever it grows past this.
const PRUNE_ABOVE: usize = 10_000;

/// The counters of every name and address (see the module's doc).
#[derive(Debug, Default)]
pub struct Throttle {
    policy: Policy,
    entries: Mutex<HashMap<Key, Entry>>,
}

impl Throttle {
    pub fn new(policy: Policy) -> Throttle {
        Throttle {
            policy,
            entries: Mutex::default(),
        }
    }

    fn keys(name: &str, address: Option<IpAddr>) -> Vec<Key> {
        let mut keys = vec![Key::Account(name.trim().to_lowercase())];
        keys.extend(address.map(|a| Key::Address(network_of(a))));
        keys
    }

    /// Starts a login attempt of `name` from `address`: `Err(wait)` when the name or the
    /// address must wait that long first (then nothing is counted); otherwise the attempt
    /// is counted against both.
    pub fn begin(&self, name: &str, address: Option<IpAddr>, now: Instant) -> Result<(), Duration> {
        let mut entries = self.entries.lock().unwrap_or_else(|p| p.into_inner());
        let keys = Throttle::keys(name, address);
        let wait = keys
            .iter()
            .filter_map(|k| entries.get(k))
            .map(|e| e.until.saturating_duration_since(now))
            .max()
            .unwrap_or_default();
        if !wait.is_zero() {
            return Err(wait);
        }
        if entries.len() > PRUNE_ABOVE {
            entries.retain(|_, e| e.until > now || now.duration_since(e.last) < FORGET_AFTER);
        }
        for key in keys {
            let entry = entries.entry(key).or_insert(Entry {
                attempts: 0,
                until: now,
                last: now,
            });
            if entry.until <= now && now.duration_since(entry.last) >= FORGET_AFTER {
                entry.attempts = 0;
            }
            entry.attempts = entry.attempts.saturating_add(1);
            entry.until = now + self.policy.wait_after(entry.attempts);
            entry.last = now;
        }
        Ok(())
    }

    /// A successful login: the name and the address start again from nothing.
    pub fn succeeded(&self, name: &str, address: Option<IpAddr>) {
        let mut entries = self.entries.lock().unwrap_or_else(|p| p.into_inner());
        for key in Throttle::keys(name, address) {
            entries.remove(&key);
        }
    }
}

/// The address a client is counted by: an IPv4 address itself, an IPv6 address by its /64
/// network (one subscriber commonly holds a whole /64 and could take a new address for each
/// guess).
fn network_of(address: IpAddr) -> IpAddr {
    match address {
        IpAddr::V4(_) => address,
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => IpAddr::V4(v4),
            None => IpAddr::V6((u128::from(v6) & !u128::from(u64::MAX)).into()),
        },
    }
}

/// `Retry-After` in whole seconds, rounded up (never 0).
pub fn retry_after_seconds(wait: Duration) -> u64 {
    let seconds = wait.as_secs() + u64::from(wait.subsec_nanos() > 0);
    seconds.max(1)
}

#[cfg(test)]
mod tests {
    use super::*;

    const SECOND: Duration = Duration::from_secs(1);

    #[test]
    fn the_wait_grows_after_three_free_attempts_then_locks_at_ten() {
        let p = Policy::default();
        let waits: Vec<u64> = (1..=11).map(|n| p.wait_after(n).as_secs()).collect();
        assert_eq!(waits, [0, 0, 0, 1, 2, 4, 8, 16, 32, 900, 900]);
    }

    /// Attempts of one name from one address, a second apart (or as the throttle allows).
    #[test]
    fn a_name_waits_longer_after_each_attempt_and_a_success_resets_it() {
        let t = Throttle::default();
        let ip: IpAddr = "203.0.113.7".parse().unwrap();
        let start = Instant::now();
        for i in 0..3 {
            assert_eq!(t.begin("Mod", Some(ip), start + SECOND * i), Ok(()));
        }
        // The fourth goes through and makes the next wait a second.
        let at = start + SECOND * 3;
        assert_eq!(t.begin("Mod", Some(ip), at), Ok(()));
        assert_eq!(t.begin("Mod", Some(ip), at), Err(SECOND));
        // A refused attempt is not counted: after the second, one more goes through.
        assert_eq!(t.begin("mod", None, at + SECOND), Ok(()));
        assert_eq!(t.begin("Mod", None, at + SECOND), Err(SECOND * 2));
        // Another name from the same address counts against the address: its fifth attempt
        // goes through and makes the sixth wait two seconds, whatever the name.
        assert_eq!(t.begin("Alice", Some(ip), at + SECOND), Ok(()));
        assert_eq!(t.begin("Alice", Some(ip), at + SECOND), Err(SECOND * 2));
        t.succeeded("Mod", Some(ip));
        assert_eq!(t.begin("Mod", Some(ip), at + SECOND), Ok(()));
    }

    #[test]
    fn ten_attempts_lock_a_name_for_fifteen_minutes_from_any_address() {
        let t = Throttle::default();
        let mut now = Instant::now();
        for i in 0..10u8 {
            let ip = IpAddr::from([198, 51, 100, i]);
            // Each from another address, as soon as the name may try again.
            if let Err(wait) = t.begin("Mod", Some(ip), now) {
                now += wait;
                assert_eq!(t.begin("Mod", Some(ip), now), Ok(()));
            }
        }
        let other = IpAddr::from([192, 0, 2, 1]);
        assert_eq!(t.begin("Mod", Some(other), now), Err(SECOND * 900));
        assert_eq!(t.begin("Mod", Some(other), now + SECOND * 899), Err(SECOND));
        assert_eq!(t.begin("Mod", Some(other), now + SECOND * 900), Ok(()));
    }

    #[test]
    fn an_ipv6_client_is_counted_by_its_64_network() {
        let t = Throttle::default();
        let now = Instant::now();
        for i in 1..=4u16 {
            let ip = IpAddr::from([0x2001, 0xdb8, 0, 7, 0, 0, 0, i]);
            assert_eq!(t.begin(&format!("N{i}"), Some(ip), now), Ok(()));
        }
        let same_64 = IpAddr::from([0x2001, 0xdb8, 0, 7, 0xffff, 1, 2, 3]);
        assert_eq!(t.begin("N5", Some(same_64), now), Err(SECOND));
        let other_64 = IpAddr::from([0x2001, 0xdb8, 0, 8, 0, 0, 0, 1]);
        assert_eq!(t.begin("N5", Some(other_64), now), Ok(()));
    }

    #[test]
    fn retry_after_rounds_up_to_whole_seconds() {
        assert_eq!(retry_after_seconds(Duration::from_millis(1)), 1);
        assert_eq!(retry_after_seconds(Duration::from_millis(1500)), 2);
        assert_eq!(retry_after_seconds(SECOND * 900), 900);
        assert_eq!(retry_after_seconds(Duration::ZERO), 1);
    }
}
