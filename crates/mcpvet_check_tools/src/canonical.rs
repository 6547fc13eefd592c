//! The canonical JSON behind the tool digest (the form is specified in the crate docs,
//! section "Tool digest").
use std::collections::BTreeMap;
use std::fmt::Write as _;

use mcpvet_json::{Value, ValueKind};
use sha2::{Digest, Sha256};

/// Appends the canonical form of `value` to `out`: object members sorted by key (UTF-8 byte
/// order; with duplicate keys the last member wins), no whitespace, numbers exactly as
/// written, strings re-escaped minimally.
pub(crate) fn write(value: Value<'_>, out: &mut String) {
    match value.kind() {
        ValueKind::Bool => out.push_str(if value.as_bool() == Some(true) {
            "true"
        } else {
            "false"
        }),
        ValueKind::Number => out.push_str(value.source()),
        ValueKind::String => write_string(&value.as_str().unwrap_or_default(), out),
        ValueKind::Array => {
            out.push('[');
            for (i, item) in value.items().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                write(item, out);
            }
            out.push(']');
        }
        ValueKind::Object => {
            let mut members = BTreeMap::new();
            for member in value.members() {
                members.insert(member.key_str(), member.value);
            }
            out.push('{');
            for (i, (key, value)) in members.into_iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                write_string(&key, out);
                out.push(':');
                write(value, out);
            }
            out.push('}');
        }
        // `null`, and invalid values (only in messages with syntax errors, never checked).
        _ => out.push_str("null"),
    }
}

/// A JSON string literal, minimally escaped ([`mcpvet_json::push_string`]).
pub(crate) fn write_string(text: &str, out: &mut String) {
    mcpvet_json::push_string(out, text);
}

/// The canonical object of one tool: `{"inputSchema":…,"name":…,"outputSchema":…}`, absent
/// members omitted.
pub(crate) fn tool(name: &str, input: Option<Value<'_>>, output: Option<Value<'_>>) -> String {
    let mut out = String::from("{");
    if let Some(input) = input {
        out.push_str("\"inputSchema\":");
        write(input, &mut out);
        out.push(',');
    }
    out.push_str("\"name\":");
    write_string(name, &mut out);
    if let Some(output) = output {
        out.push_str(",\"outputSchema\":");
        write(output, &mut out);
    }
    out.push('}');
    out
}

/// SHA-256 (lowercase hex) of `[t1,t2,…]`, the canonical tool objects sorted by name, then by
/// their canonical text.
pub(crate) fn digest<'a>(mut tools: Vec<(&'a str, &'a str)>) -> String {
    tools.sort_unstable();
    let mut hasher = Sha256::new();
    hasher.update(b"[");
    for (i, (_, canonical)) in tools.iter().enumerate() {
        if i > 0 {
            hasher.update(b",");
        }
        hasher.update(canonical.as_bytes());
    }
    hasher.update(b"]");
    let hash = hasher.finalize();
    let mut out = String::with_capacity(64);
    for byte in &hash {
        let _ = write!(out, "{byte:02x}");
    }
    out
}

#[cfg(test)]
mod tests {
    use mcpvet_json::{JsonOptions, parse};

    use super::*;

    fn canonical(text: &str) -> String {
        let doc = parse(text, &JsonOptions::strict()).value;
        let mut out = String::new();
        write(doc.root().unwrap(), &mut out);
        out
    }

    #[test]
    fn canonical_form() {
        assert_eq!(
            canonical(r#" { "b" : [ 1.50 , true , null ] , "a" : "x\u0041\n\u0001é\/" } "#),
            "{\"a\":\"xA\\n\\u0001é/\",\"b\":[1.50,true,null]}"
        );
        // Duplicate keys: the last wins; keys sort by UTF-8 bytes (uppercase first).
        assert_eq!(canonical(r#"{"k":1,"K":2,"k":3}"#), "{\"K\":2,\"k\":3}");
        assert_eq!(canonical("1e2"), "1e2");
    }

    #[test]
    fn digest_is_order_independent_and_stable() {
        let a = tool("a", None, None);
        let b = tool("b", None, None);
        assert_eq!(a, "{\"name\":\"a\"}");
        let one = digest(vec![("a", &a), ("b", &b)]);
        let two = digest(vec![("b", &b), ("a", &a)]);
        assert_eq!(one, two);
        // SHA-256 of `[]`.
        assert_eq!(
            digest(Vec::new()),
            "4f53cda18c2baa0c0354bb5f9a3ecbe5ed12ab4d8e11ba873c2f11161202b945"
        );
    }
}
