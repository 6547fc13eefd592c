//! An owned JSON value with a canonical printer, and JSON string writing in every escape style.
use std::fmt::Write as _;

use crate::{Value, ValueKind};

/// An owned JSON value: what a document means, without positions. Numbers keep their lexeme,
/// strings are decoded, object members keep their order and their duplicates.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum OwnedValue {
    /// `null`
    Null,
    /// `true` or `false`
    Bool(bool),
    /// A number, as its lexeme.
    Number(String),
    /// A decoded string.
    String(String),
    /// An array.
    Array(Vec<OwnedValue>),
    /// An object, members in order, duplicates kept.
    Object(Vec<(String, OwnedValue)>),
}

impl OwnedValue {
    /// The value of a parsed node, or `None` when the node or one below it is an `Error`.
    ///
    /// Recursive: the depth is bounded by the parser's nesting limit.
    pub fn from_value(value: Value<'_>) -> Option<OwnedValue> {
        Some(match value.kind() {
            ValueKind::Null => OwnedValue::Null,
            ValueKind::Bool => OwnedValue::Bool(value.as_bool()?),
            ValueKind::Number => OwnedValue::Number(value.as_number()?.lexeme().to_owned()),
            ValueKind::String => OwnedValue::String(value.as_str()?.into_owned()),
            ValueKind::Array => OwnedValue::Array(
                value
                    .items()
                    .map(OwnedValue::from_value)
                    .collect::<Option<_>>()?,
            ),
            ValueKind::Object => OwnedValue::Object(
                value
                    .members()
                    .map(|m| {
                        Some((
                            m.key.as_str()?.into_owned(),
                            OwnedValue::from_value(m.value)?,
                        ))
                    })
                    .collect::<Option<_>>()?,
            ),
            _ => return None,
        })
    }

    /// Number of nodes the parser builds for this value (keys count as nodes).
    pub fn node_count(&self) -> usize {
        match self {
            OwnedValue::Array(items) => 1 + items.iter().map(OwnedValue::node_count).sum::<usize>(),
            OwnedValue::Object(members) => {
                1 + members
                    .iter()
                    .map(|(_, v)| 1 + v.node_count())
                    .sum::<usize>()
            }
            _ => 1,
        }
    }

    /// Whether some number of this value overflows `f64` (`1e400`): `serde_json` rejects those.
    pub fn has_infinite_number(&self) -> bool {
        match self {
            OwnedValue::Number(n) => n.parse::<f64>().is_ok_and(f64::is_infinite),
            OwnedValue::Array(items) => items.iter().any(OwnedValue::has_infinite_number),
            OwnedValue::Object(members) => members.iter().any(|(_, v)| v.has_infinite_number()),
            _ => false,
        }
    }

    /// Canonical compact JSON: no whitespace, minimal string escapes.
    pub fn to_json(&self) -> String {
        let mut out = String::new();
        self.write_json(&mut out);
        out
    }

    /// Appends the canonical compact JSON of this value to `out`.
    pub fn write_json(&self, out: &mut String) {
        match self {
            OwnedValue::Null => out.push_str("null"),
            OwnedValue::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
            OwnedValue::Number(n) => out.push_str(n),
            OwnedValue::String(s) => write_json_string(out, s, EscapeStyle::Minimal),
            OwnedValue::Array(items) => {
                out.push('[');
                for (i, item) in items.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    item.write_json(out);
                }
                out.push(']');
            }
            OwnedValue::Object(members) => {
                out.push('{');
                for (i, (key, value)) in members.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    write_json_string(out, key, EscapeStyle::Minimal);
                    out.push(':');
                    value.write_json(out);
                }
                out.push('}');
            }
        }
    }
}

/// How [`write_json_string`] escapes characters.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum EscapeStyle {
    /// Only what JSON requires: `"`, `\` and control characters (short forms where they exist).
    Minimal,
    /// Also every non-ASCII character as `\uXXXX` (astral characters as surrogate pairs).
    Ascii,
    /// Every escape JSON has: `\/`, control characters as upper-case `\u00XX`, non-ASCII as
    /// `\uXXXX`, and short forms for `\b \f \n \r \t`.
    Heavy,
}

/// Appends `s` as a JSON string literal (with quotes) to `out`.
pub fn write_json_string(out: &mut String, s: &str, style: EscapeStyle) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '/' if style == EscapeStyle::Heavy => out.push_str("\\/"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '\u{8}' => out.push_str("\\b"),
            '\u{c}' => out.push_str("\\f"),
            c if (c as u32) < 0x20 => {
                if style == EscapeStyle::Heavy {
                    let _ = write!(out, "\\u{:04X}", c as u32);
                } else {
                    let _ = write!(out, "\\u{:04x}", c as u32);
                }
            }
            c if !c.is_ascii() && style != EscapeStyle::Minimal => {
                let mut units = [0u16; 2];
                for unit in c.encode_utf16(&mut units) {
                    if style == EscapeStyle::Heavy {
                        let _ = write!(out, "\\u{unit:04X}");
                    } else {
                        let _ = write!(out, "\\u{unit:04x}");
                    }
                }
            }
            c => out.push(c),
        }
    }
    out.push('"');
}
