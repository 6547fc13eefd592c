use mcpvet_ast::transcript::ProtocolVersion;
use mcpvet_diagnostics::{Reporter, declare_rule};
use mcpvet_json::{Value, ValueKind};

declare_rule! {
    /// A 2026-07-28 `_meta` carries a `traceparent`, `tracestate` or `baggage` that does not follow its W3C format.
    ///
    /// ## What it checks
    ///
    /// In 2026-07-28 sessions, the OpenTelemetry keys of a request's, notification's or
    /// result's `_meta` (un-prefixed by exception), when present:
    ///
    /// - `traceparent` is a string `version-traceid-parentid-flags` in lowercase hex: two,
    ///   32, 16 and two digits (version `00`; a later version may append fields after a
    ///   `-`), with version `ff`, an all-zero trace id and an all-zero parent id invalid
    ///   (W3C Trace Context, section 3.2);
    /// - `tracestate` is a string of at most 32 comma-separated `key=value` members, each key
    ///   lowercase (`vendor` or `tenant@vendor`) and each value printable ASCII without `,`
    ///   and `=` (section 3.3);
    /// - `baggage` is a string of comma-separated `key=value` members with a non-empty token
    ///   as key (W3C Baggage).
    ///
    /// ## Why it matters
    ///
    /// Tracing libraries drop a malformed header silently: the server's spans are not joined
    /// to the client's trace, and the capture is the only place the break shows.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```jsonl protocol=2026-07-28
    /// {"jsonrpc":"2.0","id":1,"method":"tools/list","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{},"traceparent":"00-00000000000000000000000000000000-00f067aa0ba902b7-01"}}}
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```jsonl protocol=2026-07-28
    /// {"jsonrpc":"2.0","id":1,"method":"tools/list","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{},"traceparent":"00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01","tracestate":"rojo=00f067aa0ba902b7,congo=t61rcWkgMzE"}}}
    /// ```
    ///
    /// ## References
    ///
    /// - MCP specification 2026-07-28, Basic protocol, `_meta` (`basic/index.mdx#meta`)
    /// - W3C Trace Context, sections 3.2 (`traceparent`) and 3.3 (`tracestate`):
    ///   <https://www.w3.org/TR/trace-context/>
    /// - W3C Baggage: <https://www.w3.org/TR/baggage/>
    pub(crate) static INVALID_TRACE_CONTEXT = {
        code: "MCP415",
        name: "invalid-trace-context",
        severity: Error,
        target: Transcript,
        since: "0.1.0",
    }
}

/// Checks the trace keys of the `_meta` of a message's `params` or `result` (`object`).
pub(crate) fn check(object: Value<'_>, version: ProtocolVersion, report: &mut Reporter<'_>) {
    if !version.is_modern() {
        return;
    }
    let Some(meta) = object
        .get("_meta")
        .filter(|m| m.kind() == ValueKind::Object)
    else {
        return;
    };
    for (key, judge) in [
        (
            "traceparent",
            traceparent as fn(&str) -> Option<&'static str>,
        ),
        ("tracestate", tracestate),
        ("baggage", baggage),
    ] {
        let Some(value) = meta.get(key) else { continue };
        let why = match value.as_str() {
            Some(text) => judge(&text),
            None => Some("it is not a string"),
        };
        if let Some(why) = why {
            report.report(
                &INVALID_TRACE_CONTEXT,
                value,
                format!("`_meta.{key}` does not follow the W3C format: {why}"),
                match key {
                    "traceparent" => {
                        "write `00-<32 hex trace id>-<16 hex parent id>-<2 hex flags>` in lowercase, with non-zero ids"
                    }
                    "tracestate" => {
                        "write at most 32 comma-separated `key=value` members with lowercase keys"
                    }
                    _ => "write comma-separated `key=value` members",
                },
            );
        }
    }
}

/// Whether every byte of `s` is a lowercase hex digit.
fn lower_hex(s: &str) -> bool {
    s.bytes()
        .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
}

/// What is wrong with a `traceparent` value, if anything.
fn traceparent(value: &str) -> Option<&'static str> {
    let mut fields = value.splitn(5, '-');
    let (Some(version), Some(trace), Some(parent), Some(flags)) =
        (fields.next(), fields.next(), fields.next(), fields.next())
    else {
        return Some("it is not four `-`-separated fields");
    };
    let rest = fields.next();
    if version.len() != 2 || !lower_hex(version) {
        return Some("the version is not two lowercase hex digits");
    }
    if version == "ff" {
        return Some("version `ff` is invalid");
    }
    if trace.len() != 32 || !lower_hex(trace) {
        return Some("the trace id is not 32 lowercase hex digits");
    }
    if parent.len() != 16 || !lower_hex(parent) {
        return Some("the parent id is not 16 lowercase hex digits");
    }
    if flags.len() != 2 || !lower_hex(flags) {
        return Some("the flags are not two lowercase hex digits");
    }
    if trace.bytes().all(|b| b == b'0') {
        return Some("the trace id is all zeros");
    }
    if parent.bytes().all(|b| b == b'0') {
        return Some("the parent id is all zeros");
    }
    if rest.is_some() && version == "00" {
        return Some("version `00` has exactly four fields");
    }
    None
}

/// What is wrong with a `tracestate` value, if anything.
fn tracestate(value: &str) -> Option<&'static str> {
    let members: Vec<&str> = value
        .split(',')
        .map(|m| m.trim_matches([' ', '\t']))
        .filter(|m| !m.is_empty())
        .collect();
    if members.len() > 32 {
        return Some("it has more than 32 members");
    }
    for member in members {
        let Some((key, val)) = member.split_once('=') else {
            return Some("a member is not `key=value`");
        };
        if !tracestate_key(key) {
            return Some("a key is not a lowercase `vendor` or `tenant@vendor`");
        }
        if val.is_empty()
            || val.len() > 256
            || val.ends_with(' ')
            || !val
                .bytes()
                .all(|b| (0x20..=0x7e).contains(&b) && b != b',' && b != b'=')
        {
            return Some("a value is not 1 to 256 printable characters without `,` and `=`");
        }
    }
    None
}

/// A `tracestate` key: `simple-key` or `tenant@system`.
fn tracestate_key(key: &str) -> bool {
    let part = |s: &str, first_digit: bool, max: usize| {
        let bytes = s.as_bytes();
        bytes
            .first()
            .is_some_and(|b| b.is_ascii_lowercase() || (first_digit && b.is_ascii_digit()))
            && bytes.len() <= max
            && bytes.iter().all(|b| {
                b.is_ascii_lowercase()
                    || b.is_ascii_digit()
                    || matches!(b, b'_' | b'-' | b'*' | b'/')
            })
    };
    match key.split_once('@') {
        Some((tenant, system)) => part(tenant, true, 241) && part(system, false, 14),
        None => part(key, false, 256),
    }
}

/// What is wrong with a `baggage` value, if anything.
fn baggage(value: &str) -> Option<&'static str> {
    for member in value.split(',') {
        let pair = member.split(';').next().unwrap_or_default();
        let Some((key, _)) = pair.split_once('=') else {
            return Some("a member is not `key=value`");
        };
        let key = key.trim_matches([' ', '\t']);
        if key.is_empty()
            || !key
                .bytes()
                .all(|b| b.is_ascii_graphic() && !b"()<>@,;:\\\"/[]?={}".contains(&b))
        {
            return Some("a key is not a token");
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn traceparents() {
        assert_eq!(
            traceparent("00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01"),
            None
        );
        assert_eq!(
            traceparent("01-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01-more"),
            None
        );
        for bad in [
            "",
            "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7",
            "00-4BF92F3577B34DA6A3CE929D0E0E4736-00f067aa0ba902b7-01",
            "00-00000000000000000000000000000000-00f067aa0ba902b7-01",
            "00-4bf92f3577b34da6a3ce929d0e0e4736-0000000000000000-01",
            "ff-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01",
            "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01-x",
            "00-4bf92f-00f067aa0ba902b7-01",
        ] {
            assert!(traceparent(bad).is_some(), "{bad}");
        }
    }

    #[test]
    fn tracestates() {
        assert_eq!(tracestate("rojo=00f067aa0ba902b7, congo=t61rcWkgMzE"), None);
        assert_eq!(tracestate("t1@vendor=x"), None);
        assert_eq!(tracestate(""), None);
        assert!(tracestate("Rojo=1").is_some());
        assert!(tracestate("rojo").is_some());
        assert!(tracestate("rojo=").is_some());
        assert!(tracestate(&"a=1,".repeat(33)).is_some());
    }

    #[test]
    fn baggages() {
        assert_eq!(baggage("userId=alice,serverNode=DF%2028;prop"), None);
        assert!(baggage("novalue").is_some());
        assert!(baggage("=x").is_some());
    }
}
