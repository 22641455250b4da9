//! Safe fetching for the poller: the forum addresses it may reach, and the one request that
//! keeps to them.
//!
//! A GM types the thread URL, so the poller must not become a way into the network that hosts
//! the service. Only `http` and `https`; every address of the host (an IP literal as written,
//! a name as the client resolves it) must be public, unless the service was started with
//! `--allow-private-forums` ([`Policy::allow_private`]). The check of a name is the client's
//! own resolver, so the addresses checked are the addresses connected to: a name is never
//! looked up a second time (a DNS rebinding answer cannot slip between check and connection).
//! Redirects are followed here, each target checked again, at most [`MAX_REDIRECTS`]; a page
//! is read in chunks up to a size limit; the caller bounds the time.

use std::fmt;
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr};
use std::sync::Arc;
use std::time::Duration;

use reqwest::header::{HeaderMap, LOCATION};
use reqwest::{StatusCode, Url};

/// At most this many redirects are followed from one page address.
pub const MAX_REDIRECTS: usize = 5;

/// What kind of internal address an address is (the poller does not reach these).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AddressKind {
    Unspecified,
    /// 0.0.0.0/8: "this network".
    ThisNetwork,
    Loopback,
    /// RFC 1918: 10/8, 172.16/12, 192.168/16 (and the deprecated IPv6 site-local fec0::/10).
    Private,
    /// fc00::/7.
    UniqueLocal,
    /// 169.254/16, fe80::/10.
    LinkLocal,
    /// 100.64/10 (RFC 6598, carrier-grade NAT).
    SharedCgnat,
    Multicast,
    Broadcast,
    /// 192.0.2/24, 198.51.100/24, 203.0.113/24, 2001:db8::/32, 3fff::/20.
    Documentation,
    /// 198.18/15.
    Benchmarking,
    /// 192.0.0/24 (IETF protocol assignments), 240/4, and other IPv6 ranges never routed.
    Reserved,
}

impl fmt::Display for AddressKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            AddressKind::Unspecified => "the unspecified address",
            AddressKind::ThisNetwork => "a \"this network\" address (0.0.0.0/8)",
            AddressKind::Loopback => "a loopback address",
            AddressKind::Private => "a private address",
            AddressKind::UniqueLocal => "a private (unique local, fc00::/7) address",
            AddressKind::LinkLocal => "a link-local address",
            AddressKind::SharedCgnat => "a shared carrier-grade NAT address (100.64.0.0/10)",
            AddressKind::Multicast => "a multicast address",
            AddressKind::Broadcast => "the broadcast address",
            AddressKind::Documentation => "a documentation address",
            AddressKind::Benchmarking => "a benchmarking address (198.18.0.0/15)",
            AddressKind::Reserved => "a reserved address",
        })
    }
}

/// The kind of internal address `ip` is, or `None` for a public address. An IPv6 address
/// that carries an IPv4 address (IPv4-mapped, NAT64 64:ff9b::/96, 6to4 2002::/16) is judged
/// by that IPv4 address.
pub fn internal_kind(ip: IpAddr) -> Option<AddressKind> {
    match ip {
        IpAddr::V4(v4) => v4_kind(v4),
        IpAddr::V6(v6) => v6_kind(v6),
    }
}

fn v4_kind(ip: Ipv4Addr) -> Option<AddressKind> {
    let [a, b, c, _] = ip.octets();
    Some(match (a, b, c) {
        _ if ip.is_unspecified() => AddressKind::Unspecified,
        _ if ip.is_broadcast() => AddressKind::Broadcast,
        (0, _, _) => AddressKind::ThisNetwork,
        (127, _, _) => AddressKind::Loopback,
        (10, _, _) | (192, 168, _) => AddressKind::Private,
        (172, b, _) if (16..32).contains(&b) => AddressKind::Private,
        (169, 254, _) => AddressKind::LinkLocal,
        (100, b, _) if (64..128).contains(&b) => AddressKind::SharedCgnat,
        (192, 0, 2) | (198, 51, 100) | (203, 0, 113) => AddressKind::Documentation,
        (198, 18 | 19, _) => AddressKind::Benchmarking,
        (192, 0, 0) => AddressKind::Reserved,
        (224..=239, _, _) => AddressKind::Multicast,
        (240..=255, _, _) => AddressKind::Reserved,
        _ => return None,
    })
}

fn v6_kind(ip: Ipv6Addr) -> Option<AddressKind> {
    if let Some(v4) = ip.to_ipv4_mapped() {
        return v4_kind(v4);
    }
    let s = ip.segments();
    let embedded = |hi: u16, lo: u16| Ipv4Addr::from((u32::from(hi) << 16) | u32::from(lo));
    Some(match s {
        _ if ip.is_unspecified() => AddressKind::Unspecified,
        _ if ip.is_loopback() => AddressKind::Loopback,
        // NAT64 (64:ff9b::/96) reaches the IPv4 address in its last 32 bits.
        [0x64, 0xff9b, 0, 0, 0, 0, hi, lo] => return v4_kind(embedded(hi, lo)),
        // 6to4 (2002::/16) carries the IPv4 address in bits 16-48.
        [0x2002, hi, lo, ..] => return v4_kind(embedded(hi, lo)),
        // The rest of ::/8 (IPv4-compatible addresses among them) is never routed.
        [a, ..] if a >> 8 == 0 => AddressKind::Reserved,
        [a, ..] if a & 0xfe00 == 0xfc00 => AddressKind::UniqueLocal,
        [a, ..] if a & 0xffc0 == 0xfe80 => AddressKind::LinkLocal,
        [a, ..] if a & 0xffc0 == 0xfec0 => AddressKind::Private,
        [a, ..] if a & 0xff00 == 0xff00 => AddressKind::Multicast,
        [0x2001, 0x0db8, ..] => AddressKind::Documentation,
        [a, ..] if a & 0xfff0 == 0x3ff0 => AddressKind::Documentation,
        _ => return None,
    })
}

/// Which addresses the poller may reach.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Policy {
    /// Internal addresses too (`mafia serve --allow-private-forums`: a forum on the same
    /// machine or network, and the tests' fake forums).
    pub allow_private: bool,
    /// Addresses reached whatever their kind (tests: a fake forum on 127.0.0.1 standing for
    /// a public one, to check what is refused after it). Empty in the service.
    pub exempt: Vec<IpAddr>,
}

impl Policy {
    /// Checks one address of `host` (as written, or as resolved).
    pub fn check(&self, host: &str, ip: IpAddr) -> Result<(), Refusal> {
        if self.allow_private
            || self.exempt.contains(&ip)
            || self.exempt.contains(&ip.to_canonical())
        {
            return Ok(());
        }
        match internal_kind(ip) {
            None => Ok(()),
            Some(kind) => Err(Refusal::Internal {
                host: host.to_owned(),
                ip,
                kind,
            }),
        }
    }

    /// Checks what can be checked of a URL before asking for it: its scheme, and its host
    /// when that is an IP address (a name is checked when the client resolves it).
    pub fn check_url(&self, url: &Url) -> Result<(), Refusal> {
        if !matches!(url.scheme(), "http" | "https") {
            return Err(Refusal::Scheme(url.scheme().to_owned()));
        }
        // The URL parser writes an address host in its one canonical form (an IPv6 one in
        // brackets), whatever spelling the GM used.
        let host = url.host_str().ok_or(Refusal::NoHost)?;
        match host
            .trim_start_matches('[')
            .trim_end_matches(']')
            .parse::<IpAddr>()
        {
            Ok(ip) => self.check(host, ip),
            Err(_) => Ok(()),
        }
    }
}

/// Why the poller does not ask for an address.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Refusal {
    #[error("only http:// and https:// addresses are polled, not {0}:")]
    Scheme(String),
    #[error("the address names no host")]
    NoHost,
    #[error("{}", internal_message(host, *ip, *kind))]
    Internal {
        host: String,
        ip: IpAddr,
        kind: AddressKind,
    },
    #[error("not an address: {0}")]
    NotAUrl(String),
}

fn internal_message(host: &str, ip: IpAddr, kind: AddressKind) -> String {
    let literal = host.trim_matches(['[', ']']).parse::<IpAddr>().is_ok();
    let what = if literal {
        format!("{ip} is {kind}")
    } else {
        format!("{host} resolves to {ip}, {kind}")
    };
    format!(
        "{what}; only public forums are polled (a forum on this machine or its network needs \
         `mafia serve --allow-private-forums`)"
    )
}

/// Why a page was not read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum FetchError {
    #[error("refused {url}: {refusal}")]
    Refused { url: String, refusal: Refusal },
    #[error("{url} redirects more than {MAX_REDIRECTS} times: not followed further")]
    TooManyRedirects { url: String },
    #[error("no answer from {url} in time")]
    Timeout { url: String },
    #[error("cannot reach {url}: {message}")]
    Unreachable { url: String, message: String },
    #[error("the page {url} is larger than {} KiB: stopped reading it (is it a thread page?)", limit / 1024)]
    TooLarge { url: String, limit: usize },
    #[error("the page {url} broke off: {message}")]
    BrokeOff { url: String, message: String },
}

/// The checking resolver: the system's lookup, then every address checked. The client
/// connects only to the addresses returned here.
struct CheckedResolver(Arc<Policy>);

impl reqwest::dns::Resolve for CheckedResolver {
    fn resolve(&self, name: reqwest::dns::Name) -> reqwest::dns::Resolving {
        let policy = self.0.clone();
        let host = name.as_str().to_owned();
        Box::pin(async move {
            let addrs: Vec<SocketAddr> =
                tokio::net::lookup_host((host.as_str(), 0)).await?.collect();
            // Any internal address refuses the name: a public forum has none.
            for addr in &addrs {
                policy.check(&host, addr.ip())?;
            }
            let addrs: reqwest::dns::Addrs = Box::new(addrs.into_iter());
            Ok(addrs)
        })
    }
}

/// An HTTP client that reaches only what `policy` allows, follows no redirect by itself,
/// and uses no proxy (a proxy would resolve the names itself, unchecked).
pub fn client(
    user_agent: &str,
    timeout: Duration,
    policy: Policy,
) -> reqwest::Result<reqwest::Client> {
    reqwest::Client::builder()
        .user_agent(user_agent)
        .timeout(timeout)
        .connect_timeout(timeout)
        .redirect(reqwest::redirect::Policy::none())
        .no_proxy()
        .dns_resolver(Arc::new(CheckedResolver(Arc::new(policy))))
        .build()
}

/// A page as fetched.
#[derive(Debug)]
pub struct Fetched {
    pub status: StatusCode,
    pub headers: HeaderMap,
    /// Where the page was found (after redirects).
    pub url: Url,
    /// The body, read only for a successful answer.
    pub body: Option<String>,
}

/// Asks for `url` with `headers` (redirects followed and checked here), and reads the body
/// of a successful answer up to `max_bytes`. The caller bounds the whole in time.
pub async fn get(
    client: &reqwest::Client,
    policy: &Policy,
    url: &str,
    headers: &HeaderMap,
    max_bytes: usize,
) -> Result<Fetched, FetchError> {
    let mut current = Url::parse(url).map_err(|e| FetchError::Refused {
        url: url.to_owned(),
        refusal: Refusal::NotAUrl(e.to_string()),
    })?;
    for _ in 0..=MAX_REDIRECTS {
        policy
            .check_url(&current)
            .map_err(|refusal| FetchError::Refused {
                url: current.to_string(),
                refusal,
            })?;
        let response = client
            .get(current.clone())
            .headers(headers.clone())
            .send()
            .await
            .map_err(|e| request_error(&e, current.as_str()))?;
        let status = response.status();
        let location = response
            .headers()
            .get(LOCATION)
            .and_then(|v| v.to_str().ok())
            .and_then(|l| current.join(l).ok());
        if let (true, Some(next)) = (is_followed(status), location) {
            current = next;
            continue;
        }
        let headers = response.headers().clone();
        let body = if status.is_success() {
            Some(read_body(response, current.as_str(), max_bytes).await?)
        } else {
            None
        };
        return Ok(Fetched {
            status,
            headers,
            url: current,
            body,
        });
    }
    Err(FetchError::TooManyRedirects {
        url: url.to_owned(),
    })
}

/// The redirects that name another address of the same page.
fn is_followed(status: StatusCode) -> bool {
    matches!(status.as_u16(), 301 | 302 | 303 | 307 | 308)
}

/// The body, in chunks, stopping as soon as it passes `max_bytes`.
async fn read_body(
    mut response: reqwest::Response,
    url: &str,
    max_bytes: usize,
) -> Result<String, FetchError> {
    let too_large = || FetchError::TooLarge {
        url: url.to_owned(),
        limit: max_bytes,
    };
    if response
        .content_length()
        .is_some_and(|n| n > max_bytes as u64)
    {
        return Err(too_large());
    }
    let mut body = Vec::new();
    loop {
        match response.chunk().await {
            Ok(Some(chunk)) => {
                if body.len() + chunk.len() > max_bytes {
                    return Err(too_large());
                }
                body.extend_from_slice(&chunk);
            }
            Ok(None) => break,
            // The client's time bound covers the body too.
            Err(e) if e.is_timeout() => {
                return Err(FetchError::Timeout {
                    url: url.to_owned(),
                });
            }
            Err(e) => {
                return Err(FetchError::BrokeOff {
                    url: url.to_owned(),
                    message: without_url(&e),
                });
            }
        }
    }
    Ok(String::from_utf8_lossy(&body).into_owned())
}

/// A failed request: refused by the resolver's check, timed out, or not answered.
fn request_error(e: &reqwest::Error, url: &str) -> FetchError {
    let mut source = std::error::Error::source(e);
    while let Some(inner) = source {
        if let Some(refusal) = inner.downcast_ref::<Refusal>() {
            return FetchError::Refused {
                url: url.to_owned(),
                refusal: refusal.clone(),
            };
        }
        source = inner.source();
    }
    if e.is_timeout() {
        return FetchError::Timeout {
            url: url.to_owned(),
        };
    }
    FetchError::Unreachable {
        url: url.to_owned(),
        message: without_url(e),
    }
}

/// A reqwest error without the URL (the message names it already), with its causes.
fn without_url(e: &reqwest::Error) -> String {
    let mut s = e.to_string();
    if let Some(url) = e.url() {
        s = s.replace(&format!(" ({url})"), "");
    }
    let mut source = std::error::Error::source(e);
    while let Some(inner) = source {
        s.push_str(": ");
        s.push_str(&inner.to_string());
        source = inner.source();
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kind(ip: &str) -> Option<AddressKind> {
        internal_kind(ip.parse().unwrap())
    }

    #[test]
    fn public_addresses_pass() {
        for ip in [
            "93.184.215.14",
            "1.1.1.1",
            "172.32.0.1",
            "100.128.0.1",
            "2606:4700::1111",
            "::ffff:8.8.8.8",
        ] {
            assert_eq!(kind(ip), None, "{ip}");
        }
    }

    #[test]
    fn every_internal_range_is_named() {
        use AddressKind::*;
        for (ip, expected) in [
            ("127.0.0.1", Loopback),
            ("127.8.9.10", Loopback),
            ("::1", Loopback),
            ("10.1.2.3", Private),
            ("172.16.0.1", Private),
            ("172.31.255.255", Private),
            ("192.168.1.1", Private),
            ("fd12:3456::1", UniqueLocal),
            ("fc00::1", UniqueLocal),
            ("169.254.169.254", LinkLocal),
            ("fe80::1", LinkLocal),
            ("0.0.0.0", Unspecified),
            ("::", Unspecified),
            ("0.1.2.3", ThisNetwork),
            ("224.0.0.1", Multicast),
            ("ff02::1", Multicast),
            ("255.255.255.255", Broadcast),
            ("100.64.0.1", SharedCgnat),
            ("100.127.255.254", SharedCgnat),
            ("192.0.2.7", Documentation),
            ("198.51.100.7", Documentation),
            ("203.0.113.7", Documentation),
            ("2001:db8::7", Documentation),
            ("198.18.0.1", Benchmarking),
            ("240.0.0.1", Reserved),
            // IPv4 inside IPv6: mapped, NAT64, 6to4.
            ("::ffff:127.0.0.1", Loopback),
            ("::ffff:10.0.0.1", Private),
            ("::ffff:169.254.169.254", LinkLocal),
            ("64:ff9b::a00:1", Private),
            ("2002:7f00:1::", Loopback),
        ] {
            assert_eq!(kind(ip), Some(expected), "{ip}");
        }
    }

    #[test]
    fn a_url_is_checked_for_its_scheme_and_an_address_host() {
        let policy = Policy::default();
        let check = |u: &str| policy.check_url(&Url::parse(u).unwrap());
        assert_eq!(check("https://forum.example/t/1"), Ok(()));
        assert_eq!(check("http://93.184.215.14/t"), Ok(()));
        assert_eq!(
            check("file:///etc/passwd"),
            Err(Refusal::Scheme("file".into()))
        );
        assert_eq!(
            check("gopher://forum.example/"),
            Err(Refusal::Scheme("gopher".into()))
        );
        // The URL parser reads every spelling of an IPv4 address as that address.
        for u in [
            "http://127.0.0.1:8080/",
            "http://2130706433/",
            "http://0x7f.1/",
            "http://[::1]/",
        ] {
            assert!(
                matches!(
                    check(u),
                    Err(Refusal::Internal {
                        kind: AddressKind::Loopback,
                        ..
                    })
                ),
                "{u}"
            );
        }
        let allowed = Policy {
            allow_private: true,
            ..Policy::default()
        };
        assert_eq!(
            allowed.check_url(&Url::parse("http://127.0.0.1:8/t").unwrap()),
            Ok(())
        );
        assert_eq!(
            allowed.check_url(&Url::parse("ftp://127.0.0.1/t").unwrap()),
            Err(Refusal::Scheme("ftp".into()))
        );
    }

    #[test]
    fn a_refusal_says_what_the_address_is_and_how_to_allow_it() {
        let refusal = Policy::default()
            .check("localhost", "127.0.0.1".parse().unwrap())
            .unwrap_err();
        assert_eq!(
            refusal.to_string(),
            "localhost resolves to 127.0.0.1, a loopback address; only public forums are \
             polled (a forum on this machine or its network needs \
             `mafia serve --allow-private-forums`)"
        );
    }
}
