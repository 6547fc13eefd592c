//! Writing JSON strings: the one minimal escaping (RFC 8259) that every derived or canonical
//! JSON text of the workspace uses (the tools digest, YAML read as JSON).
use std::fmt::Write as _;

/// Appends `c` as it is written inside a JSON string: `"` and `\` escaped, control characters
/// as `\b \f \n \r \t` or `\u00xx` (lowercase hex), everything else as is.
///
/// ```
/// let mut out = String::new();
/// for c in "a\"\u{1}é".chars() {
///     mcpvet_json::push_escaped_char(&mut out, c);
/// }
/// assert_eq!(out, r#"a\"\u0001é"#);
/// ```
pub fn push_escaped_char(out: &mut String, c: char) {
    match c {
        '"' => out.push_str("\\\""),
        '\\' => out.push_str("\\\\"),
        '\u{8}' => out.push_str("\\b"),
        '\u{c}' => out.push_str("\\f"),
        '\n' => out.push_str("\\n"),
        '\r' => out.push_str("\\r"),
        '\t' => out.push_str("\\t"),
        c if u32::from(c) < 0x20 => {
            let _ = write!(out, "\\u{:04x}", u32::from(c));
        }
        c => out.push(c),
    }
}

/// Appends `text` as a JSON string literal, quotes included, escaped by
/// [`push_escaped_char`].
///
/// ```
/// let mut out = String::new();
/// mcpvet_json::push_string(&mut out, "tab\there");
/// assert_eq!(out, r#""tab\there""#);
/// ```
pub fn push_string(out: &mut String, text: &str) {
    out.push('"');
    for c in text.chars() {
        push_escaped_char(out, c);
    }
    out.push('"');
}
