use mcpvet_ast::definition::Item;
use mcpvet_diagnostics::{Reporter, Severity, declare_rule};
use mcpvet_json::Value;

use super::{Count, count, subject};
use crate::context::{Cx, short};

declare_rule! {
    /// A tool's `timeoutMs` or a resource's `timeoutSeconds` is not a positive whole number of at most 10 minutes, or a `timeoutMs` is under a second.
    ///
    /// ## What it checks
    ///
    /// The timeout of the backend call: `timeoutMs` of a tool (milliseconds; without it the
    /// platform waits 120000 ms, two minutes) and `timeoutSeconds` of a resource. An error
    /// when it is zero, negative, fractional or longer than 10 minutes (600000 ms, 600 s),
    /// the longest a client can be expected to wait for one call (the message says when a
    /// `timeoutSeconds` looks like milliseconds, `30000`), or written with a fraction or
    /// exponent (`30000.0`, which a platform reading an integer rejects; the fix writes
    /// `30000`). Zero, negative and fractional values are reported once: by the structure
    /// rule (MCP600) when the format's schema already bounds the member. A warning when a
    /// `timeoutMs` is under 1000: a call across a network rarely answers that fast, and
    /// such a value is usually a number of seconds written in the millisecond field. Values
    /// that are not numbers are the structure rule's (MCP600); the `timeoutSeconds` of a
    /// `direct` or `file` resource, which fetches nothing, is `member-without-meaning`'s
    /// (MCP619).
    ///
    /// ## Why it matters
    ///
    /// A timeout of zero or less fails every call or disables the limit, a fraction is
    /// rejected by the platform, and a very long one holds the client's request (and the
    /// model's turn) open long after the client gave up on it. A millisecond field given
    /// seconds fails every call that takes longer than a blink.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```json file=definition.json
    /// {"name": "reports", "description": "Sales reports.",
    ///  "tools": [{"name": "build_report", "description": "Build the monthly report.", "type": "http",
    ///    "method": "POST", "endpoint": "https://reports.example.com", "path": "/build",
    ///    "timeoutMs": 900000,
    ///    "requestSchema": {"type": "object", "properties": {"month": {"type": "string"}}},
    ///    "responseSchema": {"type": "object"}}],
    ///  "publish": {"version": "1.0.0"}}
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```json file=definition.json
    /// {"name": "reports", "description": "Sales reports.",
    ///  "tools": [{"name": "build_report", "description": "Build the monthly report.", "type": "http",
    ///    "method": "POST", "endpoint": "https://reports.example.com", "path": "/build",
    ///    "timeoutMs": 30000,
    ///    "requestSchema": {"type": "object", "properties": {"month": {"type": "string"}}},
    ///    "responseSchema": {"type": "object"}}],
    ///  "publish": {"version": "1.0.0"}}
    /// ```
    ///
    /// ## References
    ///
    /// - `docs/server-definition.md` (tools: `timeoutMs`, default 120000; resources:
    ///   `timeoutSeconds`)
    /// - MCP specification, Basic protocol: Lifecycle, "Timeouts"
    pub(crate) static INVALID_TIMEOUT = {
        code: "MCP635",
        name: "invalid-timeout",
        severity: Error,
        target: Server,
        since: "0.1.0",
    }
}

/// The unit of a timeout field.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Unit {
    /// `timeoutMs`.
    Milliseconds,
    /// `timeoutSeconds`.
    Seconds,
}

/// The platform's timeout of a tool call without `timeoutMs`.
const DEFAULT_MS: f64 = 120_000.0;
/// The longest timeout accepted: 10 minutes.
const MAX_SECONDS: f64 = 600.0;

impl Unit {
    const fn member(self) -> &'static str {
        match self {
            Unit::Milliseconds => "timeoutMs",
            Unit::Seconds => "timeoutSeconds",
        }
    }

    const fn max(self) -> f64 {
        match self {
            Unit::Milliseconds => MAX_SECONDS * 1000.0,
            Unit::Seconds => MAX_SECONDS,
        }
    }

    /// What to do, in this unit.
    fn help(self) -> String {
        match self {
            Unit::Milliseconds => format!(
                "give a whole number of milliseconds from 1000 to {} (10 minutes), or remove `timeoutMs` to use the platform default of {} ms",
                self.max(),
                DEFAULT_MS
            ),
            Unit::Seconds => format!(
                "give a whole number of seconds from 1 to {} (10 minutes)",
                self.max()
            ),
        }
    }
}

/// Judges the timeout `value` of `item`, in `unit`.
pub(crate) fn check(
    cx: Cx<'_, '_>,
    item: &Item,
    value: Value<'_>,
    unit: Unit,
    report: &mut Reporter<'_>,
) {
    let member = unit.member();
    let of = subject(cx, item);
    let what = format!("the `{member}` of {of}");
    let Count::Positive(n) = count(&INVALID_TIMEOUT, value, &what, &unit.help(), report) else {
        return;
    };
    let lexeme = short(value.source(), 30);
    if n > unit.max() {
        let (symbol, minutes) = match unit {
            Unit::Milliseconds => ("ms", n / 60_000.0),
            Unit::Seconds => ("s", n / 60.0),
        };
        let hint = if unit == Unit::Seconds && n <= unit.max() * 1000.0 {
            ", and looks like a number of milliseconds"
        } else {
            ""
        };
        report.report(
            &INVALID_TIMEOUT,
            value,
            format!(
                "{what} is {lexeme} {symbol} ({} minutes), longer than the 10 minutes allowed{hint}",
                round(minutes)
            ),
            unit.help(),
        );
    } else if unit == Unit::Milliseconds && n < 1000.0 {
        report.report_as(
            &INVALID_TIMEOUT,
            Severity::Warning,
            value,
            format!("{what} is {lexeme} milliseconds, less than a second"),
            format!(
                "`timeoutMs` counts milliseconds: write {} for {lexeme} seconds, or remove it to use the platform default of {DEFAULT_MS} ms",
                n * 1000.0
            ),
        );
    }
}

/// A number of minutes for a message: whole, or with one decimal.
fn round(minutes: f64) -> String {
    if minutes >= 1e9 {
        "more than a billion".to_owned()
    } else if (minutes - minutes.round()).abs() < 0.05 {
        format!("{}", minutes.round())
    } else {
        format!("{minutes:.1}")
    }
}
