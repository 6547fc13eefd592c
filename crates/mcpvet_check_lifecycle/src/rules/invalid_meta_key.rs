use mcpvet_ast::transcript::ProtocolVersion;
use mcpvet_diagnostics::{Reporter, Severity, declare_rule};
use mcpvet_json::{Value, ValueKind};

declare_rule! {
    /// A `_meta` key breaks the naming rules of the specification, or defines a key under a prefix reserved for MCP.
    ///
    /// ## What it checks
    ///
    /// From protocol 2025-06-18 on, every key of a `_meta` object (of a request's or
    /// notification's `params`, of a result, and of the items a result lists: tools,
    /// resources, prompts, content blocks) is an optional prefix and a name:
    ///
    /// - the prefix is dot-separated labels followed by `/`; each label starts with a letter
    ///   and ends with a letter or digit, with letters, digits and hyphens inside
    ///   (`com.example/`, not `com..example/`, `1st.example/` or `example-/`): an **error**;
    /// - the name, unless empty, begins and ends with a letter or digit, with letters,
    ///   digits, `-`, `_` and `.` inside (`my-key`, not `-key` or `key.`): an **error**;
    /// - a prefix whose second label is `modelcontextprotocol` or `mcp`
    ///   (`io.modelcontextprotocol/`, `dev.mcp/`) is reserved for MCP: a key there that the
    ///   specification does not define is a **warning** (it may be an official extension this
    ///   version of mcpvet does not know). `com.example.mcp/` is not reserved.
    ///
    /// In 2026-07-28, the extension identifiers (the keys of `capabilities.extensions`, in a
    /// `server/discover` or `initialize` exchange and in a request's
    /// `io.modelcontextprotocol/clientCapabilities`) follow the same rules, and their prefix is
    /// mandatory: a key without one, or with an invalid label or name, is an **error**
    /// (`io.modelcontextprotocol/tasks` is an official extension, not a reserved-prefix finding).
    ///
    /// Earlier versions reserve `_meta` without a key format and are not checked. The
    /// values of the W3C trace keys are MCP415's.
    ///
    /// ## Why it matters
    ///
    /// Peers route `_meta` keys by prefix: a key that is not a valid prefixed name may be
    /// rejected or misattributed, and a key in a reserved namespace may collide with one a
    /// later revision of the specification defines.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```jsonl protocol=2025-11-25
    /// {"jsonrpc":"2.0","id":1,"method":"tools/list","params":{"_meta":{"com..example/trace":"x"}}}
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```jsonl protocol=2025-11-25
    /// {"jsonrpc":"2.0","id":1,"method":"tools/list","params":{"_meta":{"com.example/trace":"x","progressToken":1}}}
    /// ```
    ///
    /// ## References
    ///
    /// - MCP specification 2025-06-18 and later, Basic protocol, `_meta`
    ///   (`basic/index.mdx#meta`)
    /// - MCP specification 2026-07-28, Versioning, Extension negotiation
    ///   (`basic/versioning.mdx#extension-negotiation`)
    pub(crate) static INVALID_META_KEY = {
        code: "MCP414",
        name: "invalid-meta-key",
        severity: Error,
        target: Transcript,
        since: "0.1.0",
    }
}

/// The keys the specification defines under its reserved prefix (any version).
const DEFINED: &[&str] = &[
    "io.modelcontextprotocol/protocolVersion",
    "io.modelcontextprotocol/clientCapabilities",
    "io.modelcontextprotocol/clientInfo",
    "io.modelcontextprotocol/serverInfo",
    "io.modelcontextprotocol/logLevel",
    "io.modelcontextprotocol/subscriptionId",
    "io.modelcontextprotocol/related-task",
    "io.modelcontextprotocol/tasks",
    "io.modelcontextprotocol/ui",
    "io.modelcontextprotocol/oauth-client-credentials",
];

/// Checks the `_meta` of a message's `params` or `result` (`object`), and of the objects
/// its arrays list (one level down: tools, resources, content blocks).
pub(crate) fn check(object: Value<'_>, version: ProtocolVersion, report: &mut Reporter<'_>) {
    if version < ProtocolVersion::V2025_06_18 || object.kind() != ValueKind::Object {
        return;
    }
    check_meta(object, report);
    for member in object.members() {
        for item in member.value.items() {
            check_meta(item, report);
        }
    }
    if version >= ProtocolVersion::V2026_07_28 {
        check_extensions(object.get("capabilities"), report);
        check_extensions(
            object
                .get("_meta")
                .and_then(|m| m.get(crate::rules::missing_request_meta::CLIENT_CAPABILITIES)),
            report,
        );
    }
}

/// Checks the extension identifiers of a capabilities object (2026-07-28): `_meta` key
/// rules, with a mandatory prefix.
fn check_extensions(capabilities: Option<Value<'_>>, report: &mut Reporter<'_>) {
    let Some(extensions) = capabilities
        .filter(|c| c.kind() == ValueKind::Object)
        .and_then(|c| c.get("extensions"))
        .filter(|e| e.kind() == ValueKind::Object)
    else {
        return;
    };
    for member in extensions.members() {
        let key = member.key_str();
        let message = match problem(&key) {
            _ if !key.contains('/') => format!(
                "extension identifier `{}` has no prefix; extension identifiers need one",
                short(&key)
            ),
            Some(Problem::Label(_)) => format!(
                "extension identifier `{}` has a prefix that breaks the `_meta` key rules",
                short(&key)
            ),
            Some(Problem::Name) => format!(
                "extension identifier `{}` has a name that breaks the `_meta` key rules",
                short(&key)
            ),
            Some(Problem::Reserved(_)) | None => continue,
        };
        report.report(
            &INVALID_META_KEY,
            member.key,
            message,
            "name an extension `prefix/name` with a reverse-DNS prefix of labels that start with a letter and end with a letter or digit (`com.example/my-extension`)",
        );
    }
}

/// Checks the keys of `object`'s `_meta`, when it is an object.
fn check_meta(object: Value<'_>, report: &mut Reporter<'_>) {
    let Some(meta) = object
        .get("_meta")
        .filter(|m| m.kind() == ValueKind::Object)
    else {
        return;
    };
    for member in meta.members() {
        let key = member.key_str();
        if let Some(problem) = problem(&key) {
            let (severity, message, help) = match problem {
                Problem::Label(label) => (
                    Severity::Error,
                    if label.is_empty() {
                        format!("`_meta` key `{}` has an empty prefix label", short(&key))
                    } else {
                        format!(
                            "`_meta` key `{}` has a prefix label `{label}` that is not a valid label",
                            short(&key)
                        )
                    },
                    "start each label with a letter and end it with a letter or digit, with only letters, digits and `-` inside (`com.example/key`)",
                ),
                Problem::Name => (
                    Severity::Error,
                    format!("`_meta` key `{}` has an invalid name", short(&key)),
                    "begin and end the name with a letter or digit, with only letters, digits, `-`, `_` and `.` inside",
                ),
                Problem::Reserved(prefix) => (
                    Severity::Warning,
                    format!(
                        "`_meta` key `{}` is under the prefix `{prefix}/` reserved for MCP, which defines no such key",
                        short(&key)
                    ),
                    "put your own keys under a prefix of a domain you control (`com.example/key`)",
                ),
            };
            report.report_as(&INVALID_META_KEY, severity, member.key, message, help);
        }
    }
}

/// What is wrong with a `_meta` key.
#[derive(Debug, PartialEq, Eq)]
enum Problem<'k> {
    /// A label of the prefix.
    Label(&'k str),
    /// The name.
    Name,
    /// An undefined key under a reserved prefix.
    Reserved(&'k str),
}

/// What is wrong with `key`, if anything.
fn problem(key: &str) -> Option<Problem<'_>> {
    let (prefix, name) = match key.rsplit_once('/') {
        Some((prefix, name)) => (Some(prefix), name),
        None => (None, key),
    };
    if let Some(bad) = prefix.and_then(|p| p.split('.').find(|l| !valid_label(l))) {
        return Some(Problem::Label(bad));
    }
    if !valid_name(name) {
        return Some(Problem::Name);
    }
    if let Some(prefix) = prefix
        && matches!(
            prefix.split('.').nth(1),
            Some("modelcontextprotocol" | "mcp")
        )
        && !DEFINED.contains(&key)
    {
        return Some(Problem::Reserved(prefix));
    }
    None
}

/// A label of a prefix: a letter first, a letter or digit last, letters, digits and `-`
/// inside.
fn valid_label(label: &str) -> bool {
    let bytes = label.as_bytes();
    let (Some(first), Some(last)) = (bytes.first(), bytes.last()) else {
        return false;
    };
    first.is_ascii_alphabetic()
        && last.is_ascii_alphanumeric()
        && bytes
            .iter()
            .all(|b| b.is_ascii_alphanumeric() || *b == b'-')
}

/// A name: empty, or alphanumeric at both ends with `-`, `_`, `.` and alphanumerics inside.
fn valid_name(name: &str) -> bool {
    let bytes = name.as_bytes();
    let (Some(first), Some(last)) = (bytes.first(), bytes.last()) else {
        return true;
    };
    first.is_ascii_alphanumeric()
        && last.is_ascii_alphanumeric()
        && bytes
            .iter()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.'))
}

/// A key for a message, shortened to 80 characters.
pub(crate) fn short(key: &str) -> String {
    if key.chars().count() <= 80 {
        return key.to_owned();
    }
    let mut out: String = key.chars().take(79).collect();
    out.push('…');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys() {
        for ok in [
            "progressToken",
            "com.example/key",
            "com.example/",
            "a/b",
            "io.modelcontextprotocol/protocolVersion",
            "com.example.mcp/anything",
            "x1-y.z2/a_b.c-d",
            "",
            "traceparent",
        ] {
            assert_eq!(problem(ok), None, "{ok}");
        }
        assert_eq!(problem("com..example/k"), Some(Problem::Label("")));
        assert_eq!(problem("1st.example/k"), Some(Problem::Label("1st")));
        assert_eq!(problem("example-/k"), Some(Problem::Label("example-")));
        assert_eq!(problem("ex_ample/k"), Some(Problem::Label("ex_ample")));
        assert_eq!(problem("/k"), Some(Problem::Label("")));
        assert_eq!(problem("-key"), Some(Problem::Name));
        assert_eq!(problem("com.example/key."), Some(Problem::Name));
        assert_eq!(problem("a b"), Some(Problem::Name));
        assert_eq!(problem("é"), Some(Problem::Name));
        assert_eq!(
            problem("io.modelcontextprotocol/custom"),
            Some(Problem::Reserved("io.modelcontextprotocol"))
        );
        assert_eq!(
            problem("dev.mcp/custom"),
            Some(Problem::Reserved("dev.mcp"))
        );
    }
}
