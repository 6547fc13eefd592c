use mcpvet_diagnostics::{Reporter, declare_rule};
use mcpvet_text::Span;

use crate::catalog;

declare_rule! {
    /// A message uses a method that exists in no MCP version and looks like a mistake for one that does.
    ///
    /// ## What it checks
    ///
    /// The method of every request and notification that is in no version of the method
    /// catalogue, when a likely intended method can be named:
    ///
    /// - a known slip: `initialized` for `notifications/initialized`, a bare `cancelled`,
    ///   `progress` or `message` for the notification of that name;
    /// - a Language Server Protocol method: `shutdown` and `exit` (MCP has no shutdown
    ///   request: a client ends a stdio session by closing the server's input),
    ///   `$/cancelRequest`, `$/progress`, `window/logMessage`;
    /// - a near miss of an MCP method: another separator or case (`tools.list`,
    ///   `Tools/List`, `tools_list`), a singular or plural slip (`tool/list`,
    ///   `tools/lists`), a missing `notifications/` prefix, or one or two letters off
    ///   (`tools/calll`).
    ///
    /// Other unknown methods (`custom/thing`, a vendor extension) are not reported: JSON-RPC
    /// allows them, and a server answers them with "method not found".
    ///
    /// ## Why it matters
    ///
    /// A server answers an unknown request with `-32601` and ignores an unknown
    /// notification: a client that sends `initialized` never completes the handshake, and
    /// one that waits for a `shutdown` response waits for ever. The misspelt method is the
    /// cause; the failures that follow it are symptoms.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```jsonl
    /// {"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"c","version":"1"}}}
    /// {"jsonrpc":"2.0","id":0,"result":{"protocolVersion":"2025-06-18","capabilities":{},"serverInfo":{"name":"s","version":"1"}}}
    /// {"jsonrpc":"2.0","method":"initialized"}
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```jsonl
    /// {"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"c","version":"1"}}}
    /// {"jsonrpc":"2.0","id":0,"result":{"protocolVersion":"2025-06-18","capabilities":{},"serverInfo":{"name":"s","version":"1"}}}
    /// {"jsonrpc":"2.0","method":"notifications/initialized"}
    /// {"jsonrpc":"2.0","id":1,"method":"acme/reindex"}
    /// ```
    ///
    /// ## References
    ///
    /// - MCP specification, Lifecycle (`basic/lifecycle.mdx`): "the client MUST send an
    ///   `initialized` notification" (its method is `notifications/initialized`)
    /// - MCP specification, Transports, stdio: shutdown closes the server's input stream
    /// - JSON-RPC 2.0, §5.1: `-32601` Method not found
    pub(crate) static UNKNOWN_METHOD = {
        code: "MCP438",
        name: "unknown-method",
        severity: Warning,
        target: Transcript,
        since: "0.1.0",
    }
}

/// What a method that exists in no version was probably meant to be.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Intended {
    /// This MCP method.
    Method(&'static str),
    /// Nothing: MCP has no such operation (the help says what to do instead).
    Nothing(&'static str),
}

/// Slips seen in real clients and servers, and Language Server Protocol methods.
const KNOWN: &[(&str, Intended)] = &[
    (
        "$/cancelRequest",
        Intended::Method("notifications/cancelled"),
    ),
    ("$/progress", Intended::Method("notifications/progress")),
    ("cancelled", Intended::Method("notifications/cancelled")),
    (
        "exit",
        Intended::Nothing(
            "MCP has no `exit` notification: end a stdio session by closing the server's input, an HTTP session with DELETE",
        ),
    ),
    ("initialized", Intended::Method("notifications/initialized")),
    ("message", Intended::Method("notifications/message")),
    ("progress", Intended::Method("notifications/progress")),
    (
        "shutdown",
        Intended::Nothing(
            "MCP has no `shutdown` request: end a stdio session by closing the server's input, an HTTP session with DELETE",
        ),
    ),
    (
        "window/logMessage",
        Intended::Method("notifications/message"),
    ),
];

/// The method `name` (in no version of the catalogue) was probably meant to be, if any.
pub(crate) fn intended(name: &str) -> Option<Intended> {
    if let Some((_, i)) = KNOWN.iter().find(|(k, _)| *k == name) {
        return Some(i.clone());
    }
    let wanted = normalise(name);
    if wanted.len() < 4 {
        return None;
    }
    // Another separator or case, a singular/plural slip, a missing `notifications/`.
    let near = catalog::names().find(|m| {
        let m = normalise(m);
        m == wanted
            || m.strip_prefix("notifications/") == Some(wanted.as_str())
            || plural_slip(&m, &wanted)
    });
    if let Some(m) = near {
        return Some(Intended::Method(m));
    }
    // One or two letters off, when exactly one method is that close.
    let limit = if wanted.len() >= 8 { 2 } else { 1 };
    let mut close = catalog::names()
        .filter(|m| mcpvet_ast::names::edit_distance(&normalise(m), &wanted) <= limit);
    match (close.next(), close.next()) {
        (Some(m), None) => Some(Intended::Method(m)),
        _ => None,
    }
}

/// Lower case, with `.`, `_`, `-` and ` ` read as `/` between words, and camel case split
/// (`listTools` stays one word: only separators and case are forgiven).
fn normalise(name: &str) -> String {
    name.chars()
        .map(|c| match c {
            '.' | '_' | '-' | ' ' => '/',
            c => c.to_ascii_lowercase(),
        })
        .collect()
}

/// Whether `a` and `b` differ only by a trailing `s` on one of their words.
fn plural_slip(a: &str, b: &str) -> bool {
    let (wa, wb): (Vec<&str>, Vec<&str>) = (a.split('/').collect(), b.split('/').collect());
    wa.len() == wb.len()
        && wa.iter().zip(&wb).all(|(x, y)| {
            x == y || x.strip_suffix('s') == Some(y) || y.strip_suffix('s') == Some(x)
        })
        && wa != wb
}

/// Reports `name`, the method of a request (`notification` false) or a notification at `at`,
/// when it is in no version and a likely intended method can be named.
pub(crate) fn check(name: &str, notification: bool, at: Span, report: &mut Reporter<'_>) {
    if catalog::method(name).is_some() {
        return;
    }
    let Some(intended) = intended(name) else {
        return;
    };
    let what = if notification {
        "notification"
    } else {
        "request"
    };
    let (message, help) = match intended {
        Intended::Method(m) => (
            format!("`{name}` is not an MCP method: this {what} was probably meant as `{m}`"),
            format!("send `{m}`"),
        ),
        Intended::Nothing(help) => (
            format!("`{name}` is not an MCP method (it comes from the Language Server Protocol)"),
            help.to_owned(),
        ),
    };
    report.report(&UNKNOWN_METHOD, at, message, help);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn intended_methods() {
        let m = |s: &str| intended(s);
        assert_eq!(
            m("initialized"),
            Some(Intended::Method("notifications/initialized"))
        );
        assert!(matches!(m("shutdown"), Some(Intended::Nothing(_))));
        assert!(matches!(m("exit"), Some(Intended::Nothing(_))));
        assert_eq!(m("tools.list"), Some(Intended::Method("tools/list")));
        assert_eq!(m("Tools/List"), Some(Intended::Method("tools/list")));
        assert_eq!(m("tools_call"), Some(Intended::Method("tools/call")));
        assert_eq!(m("tool/list"), Some(Intended::Method("tools/list")));
        assert_eq!(m("tools/lists"), Some(Intended::Method("tools/list")));
        assert_eq!(m("tools/calll"), Some(Intended::Method("tools/call")));
        assert_eq!(
            m("tools/list_changed"),
            Some(Intended::Method("notifications/tools/list_changed"))
        );
        assert_eq!(
            m("notification/initialized"),
            Some(Intended::Method("notifications/initialized"))
        );
        assert_eq!(
            m("$/cancelRequest"),
            Some(Intended::Method("notifications/cancelled"))
        );
        // Custom and vendor methods are not mistakes.
        for custom in [
            "custom/thing",
            "acme/reindex",
            "x",
            "tasks/frobnicate",
            "debug/dump",
        ] {
            assert_eq!(m(custom), None, "{custom}");
        }
    }

    #[test]
    fn distances() {
        assert_eq!(
            mcpvet_ast::names::edit_distance("tools/call", "tools/call"),
            0
        );
        assert_eq!(
            mcpvet_ast::names::edit_distance("tools/call", "tools/calll"),
            1
        );
        assert_eq!(mcpvet_ast::names::edit_distance("ping", "pong"), 1);
        assert_eq!(mcpvet_ast::names::edit_distance("", "abc"), 3);
    }
}
