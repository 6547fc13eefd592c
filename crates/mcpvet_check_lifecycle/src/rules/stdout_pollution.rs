use mcpvet_diagnostics::{Reporter, Severity, declare_rule};
use mcpvet_json::Value;
use mcpvet_text::Span;

declare_rule! {
    /// The server wrote something other than MCP messages to stdout.
    ///
    /// ## What it checks
    ///
    /// In a stdio capture (JSON Lines of raw messages, or trace events with `"transport":
    /// "stdio"`), every line that is not a JSON-RPC message: a banner such as `Starting
    /// server...`, a `console.log` left in, a stack trace. Each line is reported where it
    /// is, and the check goes on after it. In a Claude Desktop log, lines that are not
    /// messages are the client's own log and are fine; but when the client logs that it
    /// could not parse what the server sent (`Unexpected token 'i', "time=2025-0"... is not
    /// valid JSON`), that is indirect evidence of the same fault and is reported as a
    /// warning. In a trace whose events say who sent what, a string payload the client sent
    /// is the same fault on the other stream: the client wrote something that is not an MCP
    /// message on the server's stdin.
    ///
    /// ## Why it matters
    ///
    /// "The server MUST NOT write anything to its stdout that is not a valid MCP message."
    /// Clients read stdout line by line as JSON-RPC: a stray line makes them log parse errors
    /// or close the connection, typically before the first response arrives. Logs belong on
    /// stderr.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```jsonl
    /// {"jsonrpc":"2.0","id":1,"method":"ping"}
    /// Starting server...
    /// {"jsonrpc":"2.0","id":1,"result":{}}
    /// ```
    ///
    /// ```jsonl file=mcp-server-demo.log
    /// 2025-06-27T07:58:07.774Z [info] [demo] Message from client: {"jsonrpc":"2.0","id":1,"method":"ping"}
    /// 2025-06-27T07:58:08.067Z [error] [demo] Unexpected token 'i', "time=2025-0"... is not valid JSON
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```jsonl
    /// {"jsonrpc":"2.0","id":1,"method":"ping"}
    /// {"jsonrpc":"2.0","id":1,"result":{}}
    /// ```
    ///
    /// ```jsonl file=mcp-server-demo.log
    /// 2025-06-27T07:58:07.700Z [info] [demo] Server started and connected successfully
    /// 2025-06-27T07:58:07.774Z [info] [demo] Message from client: {"jsonrpc":"2.0","id":1,"method":"ping"}
    /// ```
    ///
    /// ## References
    ///
    /// - MCP specification, Transports, stdio (`basic/transports.mdx`; 2026-07-28:
    ///   `basic/transports/stdio.mdx`): "The server MUST NOT write anything to its stdout
    ///   that is not a valid MCP message", and "The client MUST NOT write anything to the
    ///   server's stdin that is not a valid MCP message"
    pub(crate) static STDOUT_POLLUTION = {
        code: "MCP412",
        name: "stdout-pollution",
        severity: Error,
        target: Transcript,
        since: "0.1.0",
    }
}

/// Reports `text`, a line (at `at`) of a stdio capture that is not a message.
pub(crate) fn check_line(text: &str, at: Span, report: &mut Reporter<'_>) {
    report.report(
        &STDOUT_POLLUTION,
        at,
        format!(
            "`{}` is not a JSON-RPC message; stdout of a stdio server must carry MCP messages only",
            excerpt(text)
        ),
        "write logs and banners to stderr",
    );
}

/// Reports a trace payload that is a string: what the server printed on its stdout instead
/// of a message, or (`from_client`: the trace says the client sent it) what the client wrote
/// on the server's stdin.
pub(crate) fn check_payload(payload: Value<'_>, from_client: bool, report: &mut Reporter<'_>) {
    let text = payload.as_str().unwrap_or_default();
    if from_client {
        report.report(
            &STDOUT_POLLUTION,
            payload,
            format!(
                "the client wrote `{}` on the server's stdin, which is not a JSON-RPC message",
                excerpt(&text)
            ),
            "write only MCP messages, one per line, to the server's stdin",
        );
        return;
    }
    report.report(
        &STDOUT_POLLUTION,
        payload,
        format!(
            "the server wrote `{}` on stdout, which is not a JSON-RPC message",
            excerpt(&text)
        ),
        "write logs and banners to stderr",
    );
}

/// Checks a line of the client's own log (`line`): one saying it could not parse what the
/// server sent is reported at its `body` (the text after the timestamp and the bracketed
/// fields), which it quotes.
pub(crate) fn check_client_log(line: &str, body: (Span, &str), report: &mut Reporter<'_>) {
    if !is_client_parse_error(line) {
        return;
    }
    let (at, text) = body;
    report.report_as(
        &STDOUT_POLLUTION,
        Severity::Warning,
        at,
        format!("the client could not parse a line of the server's stdout (`{}`): the server writes non-protocol output to stdout", excerpt(text)),
        "make the server write logs to stderr, never stdout",
    );
}

/// Whether a client log line reports a JSON parse error of the server's output (the
/// messages of `JSON.parse` in Node and of common SDKs).
fn is_client_parse_error(text: &str) -> bool {
    text.contains("is not valid JSON")
        || text.contains("Unexpected token")
        || text.contains("in JSON at position")
        || text.contains("Unexpected end of JSON input")
        || text.contains("Unexpected non-whitespace character after JSON")
}

/// At most 60 characters of `text`, on one line.
fn excerpt(text: &str) -> String {
    let text = text.trim();
    let mut out: String = text.chars().take(60).collect();
    if out.len() < text.len() {
        out.push_str("...");
    }
    out.replace('`', "'")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn client_parse_errors() {
        assert!(is_client_parse_error(
            "Unexpected token 'i', \"time=2025-0\"... is not valid JSON"
        ));
        assert!(is_client_parse_error(
            "Expected ',' or ']' after array element in JSON at position 5 (line 1 column 6)"
        ));
        assert!(is_client_parse_error("Unexpected end of JSON input"));
        assert!(!is_client_parse_error(
            "Server started and connected successfully"
        ));
    }

    #[test]
    fn excerpts_are_short_and_safe() {
        assert_eq!(excerpt("  hello  "), "hello");
        assert_eq!(excerpt("a`b"), "a'b");
        let long = "x".repeat(100);
        assert_eq!(excerpt(&long), format!("{}...", "x".repeat(60)));
    }
}
