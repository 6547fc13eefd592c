//! A server's URL, read once while lowering (references masked, then parsed), and the one
//! policy that says whether a host is this machine.
//!
//! The transport rules judge [`ServerUrl`]s without parsing them again; the secret rules,
//! which find URLs inside any string, classify their hosts with the same [`HostClass`].
use std::net::IpAddr;

use crate::vars::Part;

use super::StringValue;

/// What stands for a reference in a masked URL (a valid host label and path segment).
pub const URL_MASK: &str = "mcpvet-masked";

/// Where a host is, as seen from the client.
///
/// ```
/// use mcpvet_ast::config::url::HostClass;
///
/// assert_eq!(HostClass::of_authority("LOCALHOST:3000"), HostClass::Loopback);
/// assert_eq!(HostClass::of_authority("[::1]:8080"), HostClass::Loopback);
/// assert_eq!(HostClass::of_authority("0.0.0.0:8000"), HostClass::Local);
/// assert_eq!(HostClass::of_authority("host.docker.internal"), HostClass::Local);
/// assert_eq!(HostClass::of_authority("192.168.1.10"), HostClass::Remote);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum HostClass {
    /// A loopback host: `localhost` and `*.localhost`, `127.0.0.0/8`, `::1` (also as an
    /// IPv4-mapped address). Traffic never leaves the machine.
    Loopback,
    /// This machine by another name, reached through an interface rather than loopback: the
    /// unspecified addresses `0.0.0.0` and `::`, and Docker's `host.docker.internal`.
    Local,
    /// Anything else, private addresses and single-label names included (traffic to them
    /// crosses a network). Names are never resolved.
    Remote,
}

impl HostClass {
    /// The class of a host as the `url` crate parsed it.
    pub fn of(host: &::url::Host<&str>) -> Self {
        match host {
            ::url::Host::Domain(d) => Self::of_name(d),
            ::url::Host::Ipv4(ip) => Self::of_ip(IpAddr::V4(*ip)),
            ::url::Host::Ipv6(ip) => Self::of_ip(IpAddr::V6(*ip)),
        }
    }

    /// The class of the host of an authority written in text: a name or an address, with
    /// an optional `:port`, IPv6 addresses in brackets (`[::1]:8080`).
    pub fn of_authority(authority: &str) -> Self {
        let host = if let Some(rest) = authority.strip_prefix('[') {
            rest.split(']').next().unwrap_or(rest)
        } else {
            match authority.rsplit_once(':') {
                Some((h, port)) if port.bytes().all(|c| c.is_ascii_digit()) => h,
                _ => authority,
            }
        };
        match host.parse::<IpAddr>() {
            Ok(ip) => Self::of_ip(ip),
            Err(_) => Self::of_name(host),
        }
    }

    /// Whether the host is this machine (loopback or local).
    pub const fn is_this_machine(self) -> bool {
        matches!(self, HostClass::Loopback | HostClass::Local)
    }

    fn of_name(name: &str) -> Self {
        let name = name.trim_end_matches('.').to_ascii_lowercase();
        if name == "localhost" || name.ends_with(".localhost") {
            HostClass::Loopback
        } else if name == "host.docker.internal" {
            HostClass::Local
        } else {
            HostClass::Remote
        }
    }

    fn of_ip(ip: IpAddr) -> Self {
        let ip = match ip {
            IpAddr::V6(v6) => v6.to_ipv4_mapped().map_or(ip, IpAddr::V4),
            v4 @ IpAddr::V4(_) => v4,
        };
        if ip.is_loopback() {
            HostClass::Loopback
        } else if ip.is_unspecified() {
            HostClass::Local
        } else {
            HostClass::Remote
        }
    }
}

/// A server URL as far as it can be read before the client expands its references.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ServerUrl {
    /// A reference comes before the end of the scheme's `://` (or is the whole value):
    /// nothing can be said until the client expands it.
    Unjudged,
    /// The URL with every reference replaced by a neutral stand-in that keeps it valid where
    /// the expanded value would be (`1` for a port or password, [`URL_MASK`] elsewhere).
    Masked {
        /// The masked text, as written (surrounding whitespace included).
        text: String,
        /// What the URL parser makes of the masked text without its surrounding whitespace.
        parsed: Result<::url::Url, ::url::ParseError>,
    },
}

impl ServerUrl {
    /// Reads the URL `value`.
    pub fn read(value: &StringValue) -> Self {
        let mut out = String::new();
        for part in &value.parts {
            match part {
                Part::Literal { text, .. } => out.push_str(text),
                Part::Ref(_) => {
                    let Some(scheme_end) = out.find("://").map(|i| i + 3) else {
                        return ServerUrl::Unjudged;
                    };
                    let authority = &out[scheme_end..];
                    let in_authority = !authority.contains(['/', '?', '#']);
                    if in_authority && !authority.is_empty() && out.ends_with(':') {
                        out.push('1');
                    } else {
                        out.push_str(URL_MASK);
                    }
                }
            }
        }
        let parsed = ::url::Url::parse(out.trim());
        ServerUrl::Masked { text: out, parsed }
    }

    /// The parsed URL, when it parses.
    pub fn url(&self) -> Option<&::url::Url> {
        match self {
            ServerUrl::Masked {
                parsed: Ok(url), ..
            } => Some(url),
            _ => None,
        }
    }

    /// The class of its host, when it parses and has one (a host that comes from a
    /// reference is not classified).
    pub fn host_class(&self) -> Option<HostClass> {
        let url = self.url()?;
        let host = url.host()?;
        (!url.host_str().unwrap_or_default().contains(URL_MASK)).then(|| HostClass::of(&host))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::read_config;

    fn server_url(url: &str) -> ServerUrl {
        let text = format!(r#"{{"mcpServers": {{"a": {{"type": "http", "url": {url:?}}}}}}}"#);
        let config = read_config(&text, Some(".mcp.json"), None).value;
        config.servers[0]
            .transport
            .http()
            .unwrap()
            .parsed
            .clone()
            .unwrap()
    }

    #[test]
    fn references_are_masked_where_they_stand() {
        assert_eq!(server_url("${URL}"), ServerUrl::Unjudged);
        assert_eq!(server_url("https${S}://x"), ServerUrl::Unjudged);
        let ServerUrl::Masked { text, parsed } = server_url("http://localhost:${PORT}/mcp") else {
            panic!()
        };
        assert_eq!(text, "http://localhost:1/mcp");
        assert!(parsed.is_ok());
        let masked = server_url(" https://${HOST}/mcp ");
        assert_eq!(masked.url().unwrap().host_str(), Some(URL_MASK));
        assert_eq!(masked.host_class(), None);
        assert!(server_url("docs.example.com/mcp").url().is_none());
    }

    #[test]
    fn one_host_policy() {
        for (url, class) in [
            ("http://localhost:3111/mcp", HostClass::Loopback),
            ("http://app.localhost/mcp", HostClass::Loopback),
            ("http://127.1.2.3/mcp", HostClass::Loopback),
            ("http://[::1]:8000/mcp", HostClass::Loopback),
            ("http://[::ffff:127.0.0.1]/mcp", HostClass::Loopback),
            ("http://0.0.0.0:8000/mcp", HostClass::Local),
            ("http://host.docker.internal:8000/mcp", HostClass::Local),
            ("http://jenkins:8080/mcp", HostClass::Remote),
            ("http://192.168.1.10/mcp", HostClass::Remote),
        ] {
            assert_eq!(server_url(url).host_class(), Some(class), "{url}");
            let authority = url.split('/').nth(2).unwrap();
            assert_eq!(HostClass::of_authority(authority), class, "{authority}");
        }
        assert!(HostClass::Local.is_this_machine() && !HostClass::Remote.is_this_machine());
        // Authorities as written inside text (database URLs in arguments and settings).
        for h in [
            "localhost",
            "localhost:5432",
            "127.0.0.1:1",
            "[::1]:8080",
            "db.localhost",
        ] {
            assert!(HostClass::of_authority(h).is_this_machine(), "{h}");
        }
        for h in [
            "db.internal",
            "example.invalid:5432",
            "10.0.0.1",
            "[fe80::1]:80",
        ] {
            assert_eq!(HostClass::of_authority(h), HostClass::Remote, "{h}");
        }
    }
}
