use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};

use mcpvet_diagnostics::{Applicability, Edit, Fix, Label, Reporter, declare_rule};
use mcpvet_json::Value;

use super::ip_range::{IpRange, RangeError};
use crate::context::short;

declare_rule! {
    /// A `settings.trustedIpRanges` entry has a `start` or `end` that is not an IP address, ends of two families, or a `start` after its `end`.
    ///
    /// ## What it checks
    ///
    /// Each entry of `settings.trustedIpRanges` is the range of addresses from `start` to
    /// `end`, both included (the one address `start` when `end` is absent). Each must be one IPv4 address (`203.0.113.10`) or one IPv6
    /// address (`2001:db8::1`), without spaces, brackets, zone or prefix length; both of the
    /// same family; and `start` no greater than `end`. A CIDR block written in `start` or
    /// `end` (`10.0.0.0/8`) is reported with the first and last addresses it stands for; a
    /// reversed range comes with a fix that swaps the two. Entries without a string `start`,
    /// or with an `end` that is not a string, are the structure rule's (MCP600).
    ///
    /// ## Why it matters
    ///
    /// The platform rejects the definition, or ignores the entry, so the callers it was
    /// meant to admit are refused; a platform that reads a reversed range as empty refuses
    /// them silently.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```json file=definition.json
    /// {"name": "payroll", "description": "Payroll data.",
    ///  "settings": {"trustedIpRanges": [
    ///    {"start": "10.20.0.0/16", "end": "10.20.255.255", "description": "Office network"}]},
    ///  "prompts": [{"name": "summary", "description": "Summarise a payslip.",
    ///    "template": "Summarise the payslip of {{ employee }}.",
    ///    "arguments": [{"name": "employee", "required": true}]}],
    ///  "publish": {"version": "1.0.0"}}
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```json file=definition.json
    /// {"name": "payroll", "description": "Payroll data.",
    ///  "settings": {"trustedIpRanges": [
    ///    {"start": "10.20.0.0", "end": "10.20.255.255", "description": "Office network"}]},
    ///  "prompts": [{"name": "summary", "description": "Summarise a payslip.",
    ///    "template": "Summarise the payslip of {{ employee }}.",
    ///    "arguments": [{"name": "employee", "required": true}]}],
    ///  "publish": {"version": "1.0.0"}}
    /// ```
    ///
    /// ## References
    ///
    /// - RFC 791, Internet Protocol (IPv4 addresses); RFC 4291 and RFC 5952, IPv6 addressing
    ///   and its text form
    /// - `docs/server-definition.md` (settings)
    pub(crate) static INVALID_TRUSTED_IP_RANGE = {
        code: "MCP637",
        name: "invalid-trusted-ip-range",
        severity: Error,
        target: Server,
        since: "0.1.0",
    }
}

/// The first and last addresses of the CIDR block `text` (`10.0.0.0/8`), if it is one.
fn cidr(text: &str) -> Option<(IpAddr, IpAddr)> {
    let (address, prefix) = text.trim().split_once('/')?;
    let prefix: u32 = prefix.parse().ok()?;
    match address.parse::<IpAddr>().ok()? {
        IpAddr::V4(v4) if prefix <= 32 => {
            let mask = u32::MAX.checked_shl(32 - prefix).unwrap_or(0);
            let first = u32::from(v4) & mask;
            Some((
                IpAddr::V4(Ipv4Addr::from(first)),
                IpAddr::V4(Ipv4Addr::from(first | !mask)),
            ))
        }
        IpAddr::V6(v6) if prefix <= 128 => {
            let mask = u128::MAX.checked_shl(128 - prefix).unwrap_or(0);
            let first = u128::from(v6) & mask;
            Some((
                IpAddr::V6(Ipv6Addr::from(first)),
                IpAddr::V6(Ipv6Addr::from(first | !mask)),
            ))
        }
        _ => None,
    }
}

/// Reads the address `value` (member `key`); reports it when it is not one.
fn address(key: &str, value: Value<'_>, report: &mut Reporter<'_>) -> Option<IpAddr> {
    let text = value.as_str()?;
    if let Ok(ip) = text.parse::<IpAddr>() {
        return Some(ip);
    }
    let shown = short(&text, 60);
    let (message, help) = if let Some((first, last)) = cidr(&text) {
        (
            format!("the `{key}` `{shown}` of a trusted IP range is a CIDR block, not an address"),
            format!(
                "write the block's first and last addresses: `\"start\": \"{first}\", \"end\": \"{last}\"`"
            ),
        )
    } else if let Ok(ip) = text.trim().parse::<IpAddr>() {
        (
            format!("the `{key}` `{shown}` of a trusted IP range has spaces around the address"),
            format!("write `{ip}`"),
        )
    } else if let Ok(ip) = text
        .trim()
        .trim_start_matches('[')
        .trim_end_matches(']')
        .parse::<IpAddr>()
    {
        (
            format!("the `{key}` `{shown}` of a trusted IP range is an address in brackets"),
            format!("write `{ip}`: brackets belong around an IPv6 address in a URL only"),
        )
    } else {
        (
            format!("the `{key}` `{shown}` of a trusted IP range is not an IP address"),
            "write one IPv4 address (`203.0.113.10`) or IPv6 address (`2001:db8::1`)".to_owned(),
        )
    };
    report.report(&INVALID_TRUSTED_IP_RANGE, value, message, help);
    None
}

/// Judges the range object `range`; returns it when it is a valid range.
pub(crate) fn check(range: Value<'_>, report: &mut Reporter<'_>) -> Option<IpRange> {
    let start_value = range.get("start").filter(|v| v.as_str().is_some())?;
    let Some(end_value) = range.get("end") else {
        // Without `end`, the range is the one address `start`.
        let start = address("start", start_value, report)?;
        return Some(IpRange { start, end: start });
    };
    end_value.as_str()?;
    let start = address("start", start_value, report);
    let end = address("end", end_value, report);
    let (start, end) = (start?, end?);
    match IpRange::new(start, end) {
        Ok(r) => Some(r),
        Err(RangeError::Families(a, b)) => {
            let d = INVALID_TRUSTED_IP_RANGE
                .diagnostic_at(
                    end_value,
                    format!(
                        "the trusted IP range from `{start}` to `{end}` starts with an {} address and ends with an {} address",
                        a.name(),
                        b.name()
                    ),
                )
                .with_secondary(Label::with_message(
                    start_value.span(),
                    format!("{} start", a.name()),
                ))
                .with_help("give `start` and `end` of one family: a range of IPv4 addresses and one of IPv6 addresses are two entries");
            report.push(d);
            None
        }
        Err(RangeError::Reversed) => {
            let d = INVALID_TRUSTED_IP_RANGE
                .diagnostic_at(
                    end_value,
                    format!(
                        "the trusted IP range ends at `{end}`, before its start `{start}`, so it holds no address"
                    ),
                )
                .with_secondary(Label::with_message(start_value.span(), "start"))
                .with_help("swap `start` and `end`")
                .with_fix(Fix::new(
                    "swap `start` and `end`",
                    vec![
                        Edit::new(start_value.span(), end_value.source()),
                        Edit::new(end_value.span(), start_value.source()),
                    ],
                    Applicability::Safe,
                ));
            report.push(d);
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::cidr;

    #[test]
    fn cidr_blocks() {
        let c = |t: &str| cidr(t).map(|(a, b)| (a.to_string(), b.to_string()));
        assert_eq!(
            c("10.20.0.0/16"),
            Some(("10.20.0.0".into(), "10.20.255.255".into()))
        );
        assert_eq!(
            c("10.20.3.4/16"),
            Some(("10.20.0.0".into(), "10.20.255.255".into()))
        );
        assert_eq!(
            c("0.0.0.0/0"),
            Some(("0.0.0.0".into(), "255.255.255.255".into()))
        );
        assert_eq!(c("1.2.3.4/32"), Some(("1.2.3.4".into(), "1.2.3.4".into())));
        assert_eq!(
            c("2001:db8::/32"),
            Some((
                "2001:db8::".into(),
                "2001:db8:ffff:ffff:ffff:ffff:ffff:ffff".into()
            ))
        );
        assert_eq!(c("10.0.0.0/33"), None);
        assert_eq!(c("10.0.0.0"), None);
        assert_eq!(c("x/8"), None);
    }
}
