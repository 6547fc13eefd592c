use mcpvet_diagnostics::{Label, Reporter, declare_rule};
use mcpvet_json::Value;

use super::ip_range::{IpRange, Relation, overlaps};
use super::range_site;

declare_rule! {
    /// Two entries of `settings.trustedIpRanges` share addresses: one repeats, contains or overlaps the other.
    ///
    /// ## What it checks
    ///
    /// The valid entries of `settings.trustedIpRanges` (see `invalid-trusted-ip-range`,
    /// MCP637), compared as ranges of addresses of one family. A range that shares at least
    /// one address with another is reported at the one written later (from its `start` to
    /// its `end`), with a label at the other; the message says whether it repeats it, lies inside it, contains it or
    /// overlaps it. A range that trusts every address is `trusts-every-address` (MCP639)
    /// and not compared.
    ///
    /// ## Why it matters
    ///
    /// Overlapping entries do no harm by themselves, but they usually mean a list edited by
    /// hand that no longer says what it is meant to: removing one entry (an office that
    /// closed) leaves its addresses trusted through the other, and a reviewer cannot tell
    /// which entry is the one that matters.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```json file=definition.json
    /// {"name": "payroll", "description": "Payroll data.",
    ///  "settings": {"trustedIpRanges": [
    ///    {"start": "10.20.0.0", "end": "10.20.255.255", "description": "Office network"},
    ///    {"start": "10.20.8.0", "end": "10.20.8.255", "description": "Finance floor"}]},
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
    ///    {"start": "10.20.0.0", "end": "10.20.7.255", "description": "Office network"},
    ///    {"start": "10.20.8.0", "end": "10.20.8.255", "description": "Finance floor"}]},
    ///  "prompts": [{"name": "summary", "description": "Summarise a payslip.",
    ///    "template": "Summarise the payslip of {{ employee }}.",
    ///    "arguments": [{"name": "employee", "required": true}]}],
    ///  "publish": {"version": "1.0.0"}}
    /// ```
    ///
    /// ## References
    ///
    /// - `docs/server-definition.md` (settings)
    pub(crate) static OVERLAPPING_TRUSTED_IP_RANGES = {
        code: "MCP638",
        name: "overlapping-trusted-ip-ranges",
        severity: Warning,
        target: Server,
        since: "0.1.0",
    }
}

/// Reports each pair of `ranges` (the range objects, in list order, with their ranges)
/// that share addresses.
pub(crate) fn check(ranges: &[(Value<'_>, IpRange)], report: &mut Reporter<'_>) {
    let bare: Vec<IpRange> = ranges.iter().map(|(_, r)| *r).collect();
    for (later, earlier) in overlaps(&bare) {
        let ((at, this), (other_at, other)) = (ranges[later], ranges[earlier]);
        let Some(relation) = this.relation(other) else {
            continue;
        };
        let (how, label) = match relation {
            Relation::Same => ("repeats", "the same range"),
            Relation::Inside => ("lies inside", "the range that holds it"),
            Relation::Contains => ("contains", "the range it holds"),
            Relation::Overlaps => ("overlaps", "the range it overlaps"),
        };
        let d = OVERLAPPING_TRUSTED_IP_RANGES
            .diagnostic_at(
                range_site(at),
                format!("the trusted IP range {this} {how} the range {other} listed before it"),
            )
            .with_secondary(Label::with_message(range_site(other_at).span(), label))
            .with_help(match relation {
                Relation::Same => "remove one of the two entries".to_owned(),
                Relation::Inside => {
                    "remove this entry, or narrow the other one if this one is meant to stand apart"
                        .to_owned()
                }
                Relation::Contains => "remove the earlier entry, or narrow this one".to_owned(),
                Relation::Overlaps => {
                    "merge the two entries into one range, or make them meet without sharing addresses"
                        .to_owned()
                }
            });
        report.push(d);
    }
}
