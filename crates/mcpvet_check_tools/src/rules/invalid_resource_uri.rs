use mcpvet_diagnostics::{Reporter, declare_rule};
use mcpvet_json::{Value, ValueKind};

declare_rule! {
    /// A resource URI has no RFC 3986 scheme.
    ///
    /// ## What it checks
    ///
    /// The `uri` of a resource listed by `resources/list`, of the contents of a
    /// `resources/read` result, of a resource embedded in a tool result or prompt message,
    /// and of a `resource_link`: it must start with a scheme (a letter, then letters,
    /// digits, `+`, `-` or `.`) and `:` (`file:///a.txt`, `git://repo`, `my-app:item/1`),
    /// with no whitespace. A bare path (`/var/log/app.log`, `notes.txt`) is not a URI.
    ///
    /// ## Why it matters
    ///
    /// Clients dispatch resources by scheme and send the URI back unchanged in
    /// `resources/read` and `resources/subscribe`: a relative reference has no scheme to
    /// dispatch on and no meaning outside the server that wrote it.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```jsonl
    /// {"jsonrpc":"2.0","id":1,"method":"resources/list"}
    /// {"jsonrpc":"2.0","id":1,"result":{"resources":[{"uri":"/var/log/app.log","name":"app.log"}]}}
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```jsonl
    /// {"jsonrpc":"2.0","id":1,"method":"resources/list"}
    /// {"jsonrpc":"2.0","id":1,"result":{"resources":[{"uri":"file:///var/log/app.log","name":"app.log"}]}}
    /// ```
    ///
    /// ## References
    ///
    /// - MCP specification, Resources, Resource URIs and Custom URI schemes
    ///   (`server/resources.mdx`)
    /// - RFC 3986, section 3.1 (scheme)
    pub(crate) static INVALID_RESOURCE_URI = {
        code: "MCP542",
        name: "invalid-resource-uri",
        severity: Error,
        target: Transcript,
        since: "0.1.0",
    }
}

/// Why `uri` is not an absolute URI, if it is not.
fn problem(uri: &str) -> Option<&'static str> {
    let Some((scheme, _)) = uri.split_once(':') else {
        return Some("has no scheme");
    };
    let bytes = scheme.as_bytes();
    let valid = bytes.first().is_some_and(u8::is_ascii_alphabetic)
        && bytes
            .iter()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.'));
    if !valid {
        return Some("has no scheme");
    }
    if uri.chars().any(|c| c.is_whitespace() || c.is_control()) {
        return Some("contains whitespace or control characters");
    }
    None
}

/// Checks the string `uri` of a resource (a string member of a message).
pub(crate) fn check(uri: Value<'_>, report: &mut Reporter<'_>) {
    let Some(text) = uri.as_str() else { return };
    if let Some(why) = problem(&text) {
        report.report(
            &INVALID_RESOURCE_URI,
            uri,
            format!("resource URI `{}` {why}: it is not an RFC 3986 URI", crate::context::name(&text)),
            "write an absolute URI with a scheme (`file:///path`, `https://…`, or a custom `scheme:`)",
        );
    }
}

/// Checks the resource URIs of content blocks (`content`, an array: a tool result's
/// `content`) or of one block: embedded resources and resource links.
pub(crate) fn check_blocks(content: Value<'_>, report: &mut Reporter<'_>) {
    let one = [content];
    let blocks: Box<dyn Iterator<Item = Value<'_>>> = if content.kind() == ValueKind::Array {
        Box::new(content.items())
    } else {
        Box::new(one.into_iter())
    };
    for block in blocks {
        match block.get("type").and_then(Value::as_str).as_deref() {
            Some("resource") => {
                if let Some(uri) = block.get("resource").and_then(|r| r.get("uri")) {
                    check(uri, report);
                }
            }
            Some("resource_link") => {
                if let Some(uri) = block.get("uri") {
                    check(uri, report);
                }
            }
            _ => {}
        }
    }
}

/// Checks the `uri` of each item of `items` (resources, or resource contents).
pub(crate) fn check_items(items: Value<'_>, report: &mut Reporter<'_>) {
    for item in items.items() {
        if let Some(uri) = item.get("uri") {
            check(uri, report);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn uris() {
        for ok in [
            "file:///a.txt",
            "git://repo",
            "my-app:item/1",
            "urn:isbn:1",
            "x+y.z:q",
        ] {
            assert_eq!(problem(ok), None, "{ok}");
        }
        for bad in [
            "/var/log/app.log",
            "notes.txt",
            "",
            "1x:y",
            ":x",
            "C :/x",
            "file:///a b",
        ] {
            assert!(problem(bad).is_some(), "{bad}");
        }
    }
}
