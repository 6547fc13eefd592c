use mcpvet_ast::transcript::{NumericId, ProtocolVersion};
use mcpvet_diagnostics::{Reporter, declare_rule};
use mcpvet_json::{Value, ValueKind};

use crate::context::{Cx, name, short};

declare_rule! {
    /// A `tools/call` passes an integer beyond ±(2^53 − 1) for a parameter that the tool mirrors into an HTTP header with `x-mcp-header` (2026-07-28).
    ///
    /// ## What it checks
    ///
    /// From protocol 2026-07-28, the properties of a tool's `inputSchema` (reached through
    /// `properties`) with an `x-mcp-header` and `"type": "integer"` are remembered from
    /// `tools/list`; the value a later `tools/call` passes for each must be an integer from
    /// −(2^53 − 1) to 2^53 − 1 (−9007199254740991 to 9007199254740991), the range in which
    /// an IEEE 754 double is exact. A value outside it is an **error**, reported on the value.
    /// Fractions and exponents are the schema validation's (MCP523).
    ///
    /// ## Why it matters
    ///
    /// The value is written twice: in the JSON body and as the `Mcp-Param-<Name>` header.
    /// The specification requires header integers to stay in the safe range (MUST, Tools,
    /// 2026-07-28): beyond it a JavaScript peer rounds the body's number, the header and the
    /// body disagree, and a server that checks them against each other rejects the call.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```jsonl protocol=2026-07-28
    /// {"jsonrpc":"2.0","id":1,"method":"tools/list","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}}}
    /// {"jsonrpc":"2.0","id":1,"result":{"resultType":"complete","ttlMs":60000,"cacheScope":"public","tools":[{"name":"get_order","description":"Gets an order.","inputSchema":{"type":"object","properties":{"order":{"type":"integer","x-mcp-header":"Order"}}}}]}}
    /// {"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}},"name":"get_order","arguments":{"order":9007199254740993}}}
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```jsonl protocol=2026-07-28
    /// {"jsonrpc":"2.0","id":1,"method":"tools/list","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}}}
    /// {"jsonrpc":"2.0","id":1,"result":{"resultType":"complete","ttlMs":60000,"cacheScope":"public","tools":[{"name":"get_order","description":"Gets an order.","inputSchema":{"type":"object","properties":{"order":{"type":"integer","x-mcp-header":"Order"}}}}]}}
    /// {"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}},"name":"get_order","arguments":{"order":9007199254740991}}}
    /// ```
    ///
    /// ## References
    ///
    /// - MCP specification 2026-07-28, Server features: Tools, "x-mcp-header"
    ///   (`server/tools.mdx#x-mcp-header`)
    pub(crate) static UNSAFE_HEADER_INTEGER = {
        code: "MCP517",
        name: "unsafe-header-integer",
        severity: Error,
        target: Transcript,
        since: "0.1.0",
    }
}

/// The paths (property names from the root, through `properties`) of the integer properties
/// of `schema` that carry an `x-mcp-header` (2026-07-28; none before).
pub(crate) fn header_integers(schema: Value<'_>, cx: Cx) -> Vec<Vec<String>> {
    let mut out = Vec::new();
    if cx.at_least(ProtocolVersion::V2026_07_28) {
        collect(schema, &mut Vec::new(), &mut out);
    }
    out
}

/// Collects the header integers under `node`, whose path is `path`.
fn collect(node: Value<'_>, path: &mut Vec<String>, out: &mut Vec<Vec<String>>) {
    if node.kind() != ValueKind::Object || path.len() > 64 || out.len() > 256 {
        return;
    }
    let Some(properties) = node
        .get("properties")
        .filter(|p| p.kind() == ValueKind::Object)
    else {
        return;
    };
    for property in properties.members() {
        path.push(property.key_str().into_owned());
        let value = property.value;
        if value.kind() == ValueKind::Object
            && value.get("x-mcp-header").is_some()
            && value.get("type").and_then(Value::as_str).as_deref() == Some("integer")
        {
            out.push(path.clone());
        }
        collect(value, path, out);
        path.pop();
    }
}

/// Checks the `arguments` of a call of `tool` against its header integers `paths`.
pub(crate) fn check(
    paths: &[Vec<String>],
    arguments: Value<'_>,
    tool: &str,
    report: &mut Reporter<'_>,
) {
    for path in paths {
        let value = path.iter().try_fold(arguments, |v, key| v.get(key));
        let Some(value) = value.filter(|v| v.kind() == ValueKind::Number) else {
            continue;
        };
        let number = NumericId::from_lexeme(value.source());
        if number.fractional || !number.beyond_safe {
            continue;
        }
        report.report(
            &UNSAFE_HEADER_INTEGER,
            value,
            format!(
                "`{}` of tool `{}` is mirrored into an HTTP header, and {} is beyond ±(2^53 - 1)",
                short(&path.join("."), 60),
                name(tool),
                short(value.source(), 30)
            ),
            "keep integers of `x-mcp-header` parameters from -9007199254740991 to 9007199254740991, or make the parameter a string",
        );
    }
}
