//! The address a request comes from, for the per-address limits that run before a caller is
//! identified (failed authentication, admin endpoints, registration).
//!
//! By default the TCP peer's address. Behind a reverse proxy every peer is the proxy, so the
//! server can be told which peers are trusted proxies (`--trusted-proxy`): only for requests
//! from those does it read `X-Forwarded-For`, taking the rightmost address that is not itself a
//! trusted proxy (the one the last trusted hop saw; entries further left are the client's own
//! word and could be forged). A header from any other peer is ignored.

use std::net::{IpAddr, SocketAddr};

use axum::extract::ConnectInfo;
use axum::http::HeaderMap;
use axum::http::request::Parts;

/// Header a reverse proxy appends the client's address to.
pub const FORWARDED_FOR: &str = "x-forwarded-for";

/// The client address of a request, as a rate-limit key (IPv6 by its first
/// `ipv6_prefix_len` bits, see [`address_key`]); `unknown` when the server runs without
/// connection info (in-process tests), so all such requests share one bucket.
pub fn client_key(parts: &Parts, trusted_proxies: &[IpAddr], ipv6_prefix_len: u8) -> String {
    client_ip(parts, trusted_proxies).map_or_else(
        || "unknown".to_owned(),
        |ip| address_key(ip, ipv6_prefix_len),
    )
}

/// The key of a client address: IPv4 as it is, IPv6 as its network of `ipv6_prefix_len` bits
/// (`2001:db8:1:2::/64`), since one subscriber gets a whole /64 and can use any address in it.
pub fn address_key(ip: IpAddr, ipv6_prefix_len: u8) -> String {
    match network(ip, ipv6_prefix_len) {
        IpAddr::V6(net) if ipv6_prefix_len < 128 => format!("{net}/{ipv6_prefix_len}"),
        ip => ip.to_string(),
    }
}

/// The network a client address counts under: IPv4 (and IPv4-mapped IPv6) as it is, IPv6 as
/// its first `ipv6_prefix_len` bits (128 or more: the address itself).
pub fn network(ip: IpAddr, ipv6_prefix_len: u8) -> IpAddr {
    match canonical(ip) {
        IpAddr::V6(v6) => {
            let bits = u32::from(ipv6_prefix_len.min(128));
            let mask = u128::MAX.checked_shl(128 - bits).unwrap_or(0);
            IpAddr::V6(std::net::Ipv6Addr::from(u128::from(v6) & mask))
        }
        v4 => v4,
    }
}

/// The client address: the peer, or for a trusted proxy the address it forwarded.
pub fn client_ip(parts: &Parts, trusted_proxies: &[IpAddr]) -> Option<IpAddr> {
    let peer = parts
        .extensions
        .get::<ConnectInfo<SocketAddr>>()
        .map(|ConnectInfo(addr)| addr.ip())?;
    Some(client_of(peer, &parts.headers, trusted_proxies))
}

/// The client behind TCP peer `peer`: the peer itself unless it is a trusted proxy, else the
/// rightmost `X-Forwarded-For` entry that is not a trusted proxy (the proxy itself when the
/// header is missing or garbled). The one rule every per-address limit uses.
pub fn client_of(peer: IpAddr, headers: &HeaderMap, trusted_proxies: &[IpAddr]) -> IpAddr {
    let peer = canonical(peer);
    if !trusted_proxies.contains(&peer) {
        return peer;
    }
    let forwarded = headers
        .get_all(FORWARDED_FOR)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .map(str::trim)
        .collect::<Vec<_>>();
    for entry in forwarded.iter().rev() {
        match entry.parse::<IpAddr>().map(canonical) {
            Ok(ip) if trusted_proxies.contains(&ip) => continue,
            Ok(ip) => return ip,
            // Garbage where an address should be: the hops are unreliable from here on, so
            // the trusted proxy that sent it is the best name for the client.
            Err(_) => return peer,
        }
    }
    peer
}

/// IPv4-mapped IPv6 addresses as plain IPv4, so one client has one key on a dual-stack socket.
pub fn canonical(ip: IpAddr) -> IpAddr {
    match ip {
        IpAddr::V6(v6) => v6.to_ipv4_mapped().map_or(ip, IpAddr::V4),
        v4 => v4,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::Request;

    fn parts(peer: &str, forwarded: &[&str]) -> Parts {
        let mut builder = Request::builder().uri("/");
        for f in forwarded {
            builder = builder.header(FORWARDED_FOR, *f);
        }
        let (mut parts, ()) = builder.body(()).unwrap().into_parts();
        let addr: SocketAddr = peer.parse().unwrap();
        parts.extensions.insert(ConnectInfo(addr));
        parts
    }

    fn ip(s: &str) -> IpAddr {
        s.parse().unwrap()
    }

    #[test]
    fn the_peer_is_the_client_unless_it_is_a_trusted_proxy() {
        let proxy = [ip("10.0.0.1")];
        // A direct client's header is its own word: ignored.
        let p = parts("203.0.113.7:5000", &["198.51.100.1"]);
        assert_eq!(client_ip(&p, &proxy), Some(ip("203.0.113.7")));
        // Through the proxy: the address the proxy appended, not what the client prepended.
        let p = parts("10.0.0.1:5000", &["1.2.3.4, 198.51.100.9"]);
        assert_eq!(client_ip(&p, &proxy), Some(ip("198.51.100.9")));
        // Two trusted hops, and the header split over two lines.
        let two = [ip("10.0.0.1"), ip("10.0.0.2")];
        let p = parts("10.0.0.1:5000", &["198.51.100.9", "10.0.0.2"]);
        assert_eq!(client_ip(&p, &two), Some(ip("198.51.100.9")));
        // Garbage or no header: the proxy itself.
        let p = parts("10.0.0.1:5000", &["not-an-ip"]);
        assert_eq!(client_ip(&p, &proxy), Some(ip("10.0.0.1")));
        let p = parts("10.0.0.1:5000", &[]);
        assert_eq!(client_ip(&p, &proxy), Some(ip("10.0.0.1")));
        // IPv4-mapped IPv6 peers are keyed as IPv4.
        let p = parts("[::ffff:192.0.2.5]:80", &[]);
        assert_eq!(client_key(&p, &[], 64), "192.0.2.5");
    }

    #[test]
    fn without_connection_info_the_key_is_unknown() {
        let (p, ()) = Request::builder().uri("/").body(()).unwrap().into_parts();
        assert_eq!(client_key(&p, &[], 64), "unknown");
    }

    #[test]
    fn ipv6_clients_are_keyed_by_their_prefix() {
        let a = ip("2001:db8:1:2:aaaa:bbbb:cccc:dddd");
        let b = ip("2001:db8:1:2::1");
        assert_eq!(address_key(a, 64), "2001:db8:1:2::/64");
        assert_eq!(address_key(a, 64), address_key(b, 64));
        assert_ne!(address_key(a, 64), address_key(ip("2001:db8:1:3::1"), 64));
        assert_eq!(address_key(a, 48), "2001:db8:1::/48");
        assert_eq!(address_key(a, 0), "::/0");
        assert_eq!(address_key(b, 128), "2001:db8:1:2::1");
        assert_eq!(address_key(ip("203.0.113.9"), 64), "203.0.113.9");
        let p = parts("[2001:db8:1:2::77]:443", &[]);
        assert_eq!(client_key(&p, &[], 64), "2001:db8:1:2::/64");
    }
}
