use mcpvet_ast::transcript::ProtocolVersion;
use mcpvet_diagnostics::{Reporter, declare_rule};
use mcpvet_json::{Member, Value, ValueKind};

use crate::context::{Cx, name, short};

declare_rule! {
    /// An `x-mcp-header` annotation in a tool's `inputSchema` is invalid (2026-07-28).
    ///
    /// ## What it checks
    ///
    /// From protocol 2026-07-28, a property of an `inputSchema` may carry
    /// `"x-mcp-header": "<Name>"` to have its value mirrored in the `Mcp-Param-<Name>` HTTP
    /// header. Each such annotation must:
    ///
    /// - be a non-empty string that is an HTTP token (RFC 9110 `tchar`: letters, digits and
    ///   ``!#$%&'*+-.^_`|~``; no spaces, no control characters);
    /// - be unique within the schema, case-insensitively;
    /// - sit on a property whose `type` is `"string"`, `"integer"` or `"boolean"` (not
    ///   `"number"`, not missing);
    /// - be reachable from the root through `properties` only: not at the root, and not under
    ///   `items`, `anyOf`/`oneOf`/`allOf`/`not`, `if`/`then`/`else`, `$defs` (through `$ref`)
    ///   or any other keyword.
    ///
    /// The first problem of each annotation is reported at its member.
    ///
    /// ## Why it matters
    ///
    /// An HTTP client MUST exclude a tool with an invalid `x-mcp-header` from the tools it
    /// offers (Streamable HTTP, 2026-07-28): the tool silently disappears for every HTTP
    /// user of the server, while stdio clients still show it.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```jsonl protocol=2026-07-28
    /// {"jsonrpc":"2.0","id":1,"method":"tools/list","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}}}
    /// {"jsonrpc":"2.0","id":1,"result":{"resultType":"complete","ttlMs":60000,"cacheScope":"public","tools":[{"name":"get_forecast","description":"Weather forecast.","inputSchema":{"type":"object","properties":{"latitude":{"type":"number","x-mcp-header":"Latitude"}}}}]}}
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```jsonl protocol=2026-07-28
    /// {"jsonrpc":"2.0","id":1,"method":"tools/list","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}}}
    /// {"jsonrpc":"2.0","id":1,"result":{"resultType":"complete","ttlMs":60000,"cacheScope":"public","tools":[{"name":"get_forecast","description":"Weather forecast.","inputSchema":{"type":"object","properties":{"region":{"type":"string","x-mcp-header":"Region"}}}}]}}
    /// ```
    ///
    /// ## References
    ///
    /// - MCP specification 2026-07-28, Transports: Streamable HTTP, "x-mcp-header"
    /// - RFC 9110 §5.6.2, Tokens
    pub(crate) static INVALID_MCP_HEADER = {
        code: "MCP513",
        name: "invalid-mcp-header",
        severity: Error,
        target: Transcript,
        since: "0.1.0",
    }
}

/// How a subschema is reached from the `inputSchema` root.
#[derive(Clone, Copy)]
enum Reach {
    /// The root itself.
    Root,
    /// Through `properties` only.
    Property,
    /// Through the named keyword somewhere on the way.
    Other(&'static str),
}

/// Keywords whose values are data, not subschemas.
const DATA: &[&str] = &["const", "default", "enum", "examples", "x-mcp-header"];

/// Keywords named in messages (others are shown as "another keyword").
const NAMED: &[&str] = &[
    "$defs",
    "additionalProperties",
    "allOf",
    "anyOf",
    "contains",
    "definitions",
    "dependentSchemas",
    "else",
    "if",
    "items",
    "not",
    "oneOf",
    "patternProperties",
    "prefixItems",
    "then",
];

/// Checks every `x-mcp-header` of the `inputSchema` object `schema` (2026-07-28).
pub(crate) fn check(schema: Value<'_>, tool: &str, cx: Cx, report: &mut Reporter<'_>) {
    if !cx.at_least(ProtocolVersion::V2026_07_28) {
        return;
    }
    let mut seen = Vec::new();
    walk(schema, Reach::Root, tool, &mut seen, 0, report);
}

fn walk(
    node: Value<'_>,
    reach: Reach,
    tool: &str,
    seen: &mut Vec<String>,
    depth: u32,
    report: &mut Reporter<'_>,
) {
    if node.kind() != ValueKind::Object || depth > 64 {
        return;
    }
    if let Some(header) = node.member("x-mcp-header") {
        check_header(node, header, reach, tool, seen, report);
    }
    for member in node.members() {
        let key = member.key_str();
        if DATA.contains(&key.as_ref()) {
            continue;
        }
        let inner = |via: Reach| match (via, key.as_ref()) {
            (Reach::Other(k), _) => Reach::Other(k),
            (_, k) => Reach::Other(
                NAMED
                    .iter()
                    .copied()
                    .find(|n| *n == k)
                    .unwrap_or("another keyword"),
            ),
        };
        if key == "properties" {
            let next = match reach {
                Reach::Root | Reach::Property => Reach::Property,
                Reach::Other(k) => Reach::Other(k),
            };
            for property in member.value.members() {
                walk(property.value, next, tool, seen, depth + 1, report);
            }
            continue;
        }
        let next = inner(reach);
        match member.value.kind() {
            ValueKind::Object => walk(member.value, next, tool, seen, depth + 1, report),
            ValueKind::Array => {
                for item in member.value.items() {
                    walk(item, next, tool, seen, depth + 1, report);
                }
            }
            _ => {}
        }
    }
}

/// Whether `b` is an RFC 9110 `tchar`.
fn tchar(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b"!#$%&'*+-.^_`|~".contains(&b)
}

fn check_header(
    property: Value<'_>,
    header: Member<'_>,
    reach: Reach,
    tool: &str,
    seen: &mut Vec<String>,
    report: &mut Reporter<'_>,
) {
    let tool = name(tool);
    let value = header.value.as_str();
    let shown = value
        .as_deref()
        .map_or_else(|| short(header.value.source(), 40), |v| short(v, 40));
    let problem = match (&value, reach) {
        (_, Reach::Root) => format!(
            "`x-mcp-header` `{shown}` is on the root of the `inputSchema` of `{tool}`, not on a \
             property"
        ),
        (_, Reach::Other(keyword)) => format!(
            "`x-mcp-header` `{shown}` of `{tool}` is under `{keyword}`; it must be reachable \
             from the root through `properties` only"
        ),
        (None, _) => format!("`x-mcp-header` of `{tool}` must be a string"),
        (Some(v), _) if v.is_empty() => format!("`x-mcp-header` of `{tool}` is empty"),
        (Some(v), _) if !v.bytes().all(tchar) => format!(
            "`x-mcp-header` `{shown}` of `{tool}` is not an HTTP token (letters, digits and \
             ``!#$%&'*+-.^_`|~`` only)"
        ),
        (Some(v), _) if seen.contains(&v.to_ascii_lowercase()) => format!(
            "`x-mcp-header` `{shown}` of `{tool}` repeats a header name of the same schema \
             (names are case-insensitive)"
        ),
        (Some(_), _) => {
            let kind = property.get("type").and_then(Value::as_str);
            match kind.as_deref() {
                Some("string" | "integer" | "boolean") => String::new(),
                Some(other) => format!(
                    "`x-mcp-header` `{shown}` of `{tool}` is on a `{}` property; only string, \
                     integer and boolean properties can be headers",
                    short(other, 20)
                ),
                None => format!(
                    "`x-mcp-header` `{shown}` of `{tool}` is on a property without a single \
                     `type`; it must be string, integer or boolean"
                ),
            }
        }
    };
    if let Some(v) = &value {
        seen.push(v.to_ascii_lowercase());
    }
    if problem.is_empty() {
        return;
    }
    report.report(
        &INVALID_MCP_HEADER,
        header.span(),
        problem,
        "fix or remove the annotation; HTTP clients must drop a tool whose `x-mcp-header` is \
         invalid",
    );
}
