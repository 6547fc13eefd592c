use mcpvet_diagnostics::{Reporter, declare_rule};
use mcpvet_json::Value;

use super::ip_range::IpRange;
use super::range_site;

declare_rule! {
    /// An entry of `settings.trustedIpRanges` trusts every address (`0.0.0.0`–`255.255.255.255`, `::`–`ffff:…`), or half of them or more.
    ///
    /// ## What it checks
    ///
    /// Each valid entry of `settings.trustedIpRanges` (see `invalid-trusted-ip-range`,
    /// MCP637): a range that holds every IPv4 address or every IPv6 address is reported,
    /// and so is one that holds at least half of its family's addresses
    /// (`0.0.0.1`–`255.255.255.255`, `0.0.0.0`–`127.255.255.255`): no organisation's
    /// network is that large.
    ///
    /// ## Why it matters
    ///
    /// A list of trusted ranges exists to admit some callers and refuse the rest. A range
    /// of every address admits the whole Internet while the definition still reads as if
    /// access were restricted, which is worse than having no list: reviewers trust it.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```json file=definition.json
    /// {"name": "payroll", "description": "Payroll data.",
    ///  "settings": {"trustedIpRanges": [
    ///    {"start": "0.0.0.0", "end": "255.255.255.255", "description": "Temporary, for testing"}]},
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
    ///    {"start": "203.0.113.0", "end": "203.0.113.255", "description": "Office network"}]},
    ///  "prompts": [{"name": "summary", "description": "Summarise a payslip.",
    ///    "template": "Summarise the payslip of {{ employee }}.",
    ///    "arguments": [{"name": "employee", "required": true}]}],
    ///  "publish": {"version": "1.0.0"}}
    /// ```
    ///
    /// ## References
    ///
    /// - OWASP API Security Top 10 (API8:2023, security misconfiguration)
    /// - `docs/server-definition.md` (settings)
    pub(crate) static TRUSTS_EVERY_ADDRESS = {
        code: "MCP639",
        name: "trusts-every-address",
        severity: Warning,
        target: Server,
        since: "0.1.0",
    }
}

/// Reports each of `ranges` that holds every address, or half of them or more; returns their
/// indices.
pub(crate) fn check(ranges: &[(Value<'_>, IpRange)], report: &mut Reporter<'_>) -> Vec<usize> {
    let mut out = Vec::new();
    for (i, &(at, range)) in ranges.iter().enumerate() {
        let family = range.family().name();
        let how = if range.is_everything() {
            format!("every {family} address, so it trusts everyone")
        } else if range.is_half_or_more() {
            format!("half of all {family} addresses or more: no network of callers is that large")
        } else {
            continue;
        };
        out.push(i);
        report.report(
            &TRUSTS_EVERY_ADDRESS,
            range_site(at),
            format!("the trusted IP range {range} holds {how}"),
            "list the networks of the callers you mean to admit, or remove `trustedIpRanges` if the server is open to all",
        );
    }
    out
}
