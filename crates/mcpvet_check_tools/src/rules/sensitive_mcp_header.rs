use mcpvet_ast::transcript::ProtocolVersion;
use mcpvet_diagnostics::{Reporter, declare_rule};
use mcpvet_json::{Value, ValueKind};

use crate::context::{Cx, name, short};

declare_rule! {
    /// A tool's `inputSchema` mirrors a parameter that looks sensitive (a password, a key, a token, personal data) into an HTTP header with `x-mcp-header` (2026-07-28).
    ///
    /// ## What it checks
    ///
    /// From protocol 2026-07-28, each property of an `inputSchema` (reached through
    /// `properties`) that carries a string `x-mcp-header`: the property's name and the header
    /// name are split into words (at `_`, `-`, `.`, spaces and lower-to-upper case changes,
    /// lowercased), and the annotation is a **warning** when a word is one of `password`,
    /// `passwd`, `passphrase`, `secret`, `secrets`, `credential`, `credentials`, `token`,
    /// `apikey`, `authorization`, `bearer`, `cookie`, `ssn`, `cvv`, `email`, `phone`, or
    /// when two successive words make `api key`, `access key`, `private key`, `secret key`,
    /// `session id`, `credit card`, `card number`, `social security` or `birth date`
    /// (`apiKey`, `X-Session-Id`, `user_email`). `max_tokens` is not judged (`tokens` is
    /// a count, not a credential). The heuristic reads names only, never values.
    ///
    /// ## Why it matters
    ///
    /// Servers SHOULD NOT mark sensitive parameters with `x-mcp-header` (Tools, 2026-07-28):
    /// a header value is logged and kept by proxies, gateways and load balancers that never
    /// see the request body, so the secret or the personal data leaks to every hop.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```jsonl protocol=2026-07-28
    /// {"jsonrpc":"2.0","id":1,"method":"tools/list","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}}}
    /// {"jsonrpc":"2.0","id":1,"result":{"resultType":"complete","ttlMs":60000,"cacheScope":"public","tools":[{"name":"query","description":"Runs a query.","inputSchema":{"type":"object","properties":{"apiKey":{"type":"string","x-mcp-header":"Api-Key"}}}}]}}
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```jsonl protocol=2026-07-28
    /// {"jsonrpc":"2.0","id":1,"method":"tools/list","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}}}
    /// {"jsonrpc":"2.0","id":1,"result":{"resultType":"complete","ttlMs":60000,"cacheScope":"public","tools":[{"name":"query","description":"Runs a query.","inputSchema":{"type":"object","properties":{"region":{"type":"string","x-mcp-header":"Region"}}}}]}}
    /// ```
    ///
    /// ## References
    ///
    /// - MCP specification 2026-07-28, Server features: Tools, "x-mcp-header"
    ///   (`server/tools.mdx#x-mcp-header`)
    pub(crate) static SENSITIVE_MCP_HEADER = {
        code: "MCP516",
        name: "sensitive-mcp-header",
        severity: Warning,
        target: Transcript,
        since: "0.1.0",
    }
}

/// Words that make a name sensitive on their own.
const WORDS: &[&str] = &[
    "password",
    "passwd",
    "passphrase",
    "secret",
    "secrets",
    "credential",
    "credentials",
    "token",
    "apikey",
    "authorization",
    "bearer",
    "cookie",
    "ssn",
    "cvv",
    "email",
    "phone",
];

/// Two successive words that make a name sensitive.
const PAIRS: &[(&str, &str)] = &[
    ("api", "key"),
    ("access", "key"),
    ("private", "key"),
    ("secret", "key"),
    ("session", "id"),
    ("credit", "card"),
    ("card", "number"),
    ("social", "security"),
    ("birth", "date"),
];

/// Checks the `x-mcp-header` annotations of the `inputSchema` object `schema` (2026-07-28).
pub(crate) fn check(schema: Value<'_>, tool: &str, cx: Cx, report: &mut Reporter<'_>) {
    if !cx.at_least(ProtocolVersion::V2026_07_28) {
        return;
    }
    walk(schema, tool, 0, report);
}

/// Checks the properties of `node`, and theirs (through `properties` only).
fn walk(node: Value<'_>, tool: &str, depth: u32, report: &mut Reporter<'_>) {
    if node.kind() != ValueKind::Object || depth > 64 {
        return;
    }
    let Some(properties) = node
        .get("properties")
        .filter(|p| p.kind() == ValueKind::Object)
    else {
        return;
    };
    for property in properties.members() {
        if property.value.kind() != ValueKind::Object {
            continue;
        }
        if let Some(header) = property.value.member("x-mcp-header")
            && let Some(header_name) = header.value.as_str()
        {
            let key = property.key_str();
            if sensitive(&key) || sensitive(&header_name) {
                report.report(
                    &SENSITIVE_MCP_HEADER,
                    header.span(),
                    format!(
                        "tool `{}` mirrors the parameter `{}`, which looks sensitive, into the HTTP header `Mcp-Param-{}`",
                        name(tool),
                        short(&key, 40),
                        short(&header_name, 40)
                    ),
                    "drop `x-mcp-header` from passwords, keys, tokens and personal data: proxies and gateways log headers",
                );
            }
        }
        walk(property.value, tool, depth + 1, report);
    }
}

/// Whether the name `text` looks sensitive.
fn sensitive(text: &str) -> bool {
    let words = words(text);
    words.iter().any(|w| WORDS.contains(&w.as_str()))
        || words
            .windows(2)
            .any(|pair| PAIRS.iter().any(|(a, b)| pair == [*a, *b]))
}

/// The lowercased words of `text`: split at non-alphanumerics and where a lowercase letter
/// or digit is followed by an uppercase one.
fn words(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut word = String::new();
    let mut previous_lower = false;
    for c in text.chars() {
        if !c.is_alphanumeric() {
            if !word.is_empty() {
                out.push(std::mem::take(&mut word));
            }
            previous_lower = false;
            continue;
        }
        if c.is_uppercase() && previous_lower && !word.is_empty() {
            out.push(std::mem::take(&mut word));
        }
        previous_lower = c.is_lowercase() || c.is_ascii_digit();
        word.extend(c.to_lowercase());
    }
    if !word.is_empty() {
        out.push(word);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names() {
        for yes in [
            "password",
            "apiKey",
            "API_KEY",
            "Api-Key",
            "X-Session-Id",
            "user_email",
            "githubToken",
            "Authorization",
            "db.passwd",
            "creditCardNumber",
        ] {
            assert!(sensitive(yes), "{yes}");
        }
        for no in [
            "region",
            "max_tokens",
            "tenant",
            "keyword",
            "author",
            "classname",
            "session",
            "Key",
            "tokenizer",
            "",
        ] {
            assert!(!sensitive(no), "{no}");
        }
    }
}
