//! A node of the parsed input as the `serde_json::Value` that schema validation takes.
//!
//! Validation runs the `jsonschema` crate over `serde_json` values. Reading each instance's
//! source text again with `serde_json` cost about a tenth of a session's inspection; a value
//! the parser read without any remark is converted from its nodes instead. The result is
//! always what `serde_json::from_str` of the value's source gives (the property test in
//! `tests/instance.rs` compares the two over generated and damaged documents), so findings do
//! not depend on which way a value took.
use std::str::FromStr as _;

use mcpvet_json::{Value, ValueKind};

/// Nesting beyond which the conversion hands over to `serde_json` itself, whose recursion
/// limit (128) then decides.
const MAX_DEPTH: u32 = 100;

/// `serde_json::from_str::<serde_json::Value>(value.source()).ok()`, without reading the text
/// again when [`Value::is_well_formed`] says its nodes are exactly what that text denotes.
///
/// ```
/// use mcpvet_json::{JsonOptions, parse};
///
/// let doc = parse(r#"{"n": -0, "s": "caf\u00e9", "big": 18446744073709551616}"#, &JsonOptions::strict()).value;
/// let root = doc.root().unwrap();
/// assert_eq!(
///     mcpvet_schema::instance::to_json(root),
///     serde_json::from_str(root.source()).ok()
/// );
/// ```
pub fn to_json(value: Value<'_>) -> Option<serde_json::Value> {
    if value.is_well_formed()
        && let Some(json) = convert(value, 0)
    {
        return Some(json);
    }
    serde_json::from_str(value.source()).ok()
}

/// The nodes of a well-formed value as a `serde_json` value; `None` hands the decision back
/// to `serde_json` (too deep, or a number it may refuse).
fn convert(value: Value<'_>, depth: u32) -> Option<serde_json::Value> {
    Some(match value.kind() {
        ValueKind::Null => serde_json::Value::Null,
        ValueKind::Bool => serde_json::Value::Bool(value.as_bool()?),
        ValueKind::Number => serde_json::Value::Number(number(value.as_number()?.lexeme())?),
        ValueKind::String => serde_json::Value::String(value.as_str()?.into_owned()),
        ValueKind::Array => {
            if depth >= MAX_DEPTH {
                return None;
            }
            let mut items = Vec::with_capacity(value.len());
            for item in value.items() {
                items.push(convert(item, depth + 1)?);
            }
            serde_json::Value::Array(items)
        }
        ValueKind::Object => {
            if depth >= MAX_DEPTH {
                return None;
            }
            let mut map = serde_json::Map::new();
            for member in value.members() {
                // Later duplicates replace earlier ones, as in `serde_json` (a duplicate key
                // is a parser remark, so it does not reach here anyway).
                map.insert(
                    member.key_str().into_owned(),
                    convert(member.value, depth + 1)?,
                );
            }
            serde_json::Value::Object(map)
        }
        _ => return None,
    })
}

/// The `serde_json` number of a lexeme, as `serde_json` reads it: short plain integers
/// directly, everything else (fractions, exponents, `-0`, integers that overflow into
/// floats) through `serde_json`'s own number reader.
pub(crate) fn number(lexeme: &str) -> Option<serde_json::Number> {
    let digits = lexeme.strip_prefix('-').unwrap_or(lexeme);
    if !digits.is_empty() && digits.len() <= 18 && digits.bytes().all(|b| b.is_ascii_digit()) {
        if lexeme.starts_with('-') {
            let n = lexeme.parse::<i64>().ok()?;
            if n != 0 {
                return Some(n.into());
            }
        } else {
            return Some(lexeme.parse::<u64>().ok()?.into());
        }
    }
    serde_json::Number::from_str(lexeme).ok()
}

/// Whether `serde_json` reads the sources of `a` and `b` as two equal values, decided on
/// the parsed nodes without building either value: `Some(true)` when it reads both and they
/// are equal, `Some(false)` when they differ or it refuses one (a number beyond `f64`), and
/// `None` when the nodes cannot say (a parser remark inside either value, or nesting beyond
/// 100): the caller then asks `serde_json`.
///
/// Numbers compare as `serde_json::Number`s (so `1` and `1.0` differ, as in `serde_json`),
/// strings by their decoded text, objects as maps (member order does not matter).
///
/// ```
/// use mcpvet_json::{JsonOptions, parse};
/// use mcpvet_schema::instance::same_json;
///
/// let a = parse(r#"{"n": 1, "s": ["x", null]}"#, &JsonOptions::strict()).value;
/// let b = parse(r#"{ "s": ["\u0078", null], "n": 1 }"#, &JsonOptions::strict()).value;
/// let c = parse(r#"{"n": 1.0, "s": ["x", null]}"#, &JsonOptions::strict()).value;
/// assert_eq!(same_json(a.root().unwrap(), b.root().unwrap()), Some(true));
/// assert_eq!(same_json(a.root().unwrap(), c.root().unwrap()), Some(false));
/// ```
pub fn same_json(a: Value<'_>, b: Value<'_>) -> Option<bool> {
    if !a.is_well_formed() || !b.is_well_formed() {
        return None;
    }
    same(a, b, 0)
}

/// Objects with more members than this look keys up in a map rather than member by member.
const LINEAR_MEMBERS: usize = 16;

/// [`same_json`] of two well-formed values at nesting `depth`.
fn same(a: Value<'_>, b: Value<'_>, depth: u32) -> Option<bool> {
    let kind = a.kind();
    if kind != b.kind() {
        return Some(false);
    }
    Some(match kind {
        ValueKind::Null => true,
        ValueKind::Bool => a.as_bool()? == b.as_bool()?,
        ValueKind::Number => {
            let lexeme = |v: Value<'_>| v.as_number().and_then(|n| number(n.lexeme()));
            matches!((lexeme(a), lexeme(b)), (Some(x), Some(y)) if x == y)
        }
        ValueKind::String => a.as_str()? == b.as_str()?,
        ValueKind::Array => {
            if depth >= MAX_DEPTH {
                return None;
            }
            let (mut xs, mut ys) = (a.items(), b.items());
            loop {
                match (xs.next(), ys.next()) {
                    (Some(x), Some(y)) => {
                        if !same(x, y, depth + 1)? {
                            return Some(false);
                        }
                    }
                    (None, None) => break true,
                    _ => return Some(false),
                }
            }
        }
        ValueKind::Object => {
            if depth >= MAX_DEPTH {
                return None;
            }
            // Well-formed objects have no duplicate keys (a duplicate is a parser remark), so
            // equal maps have as many members and each member of `a` is in `b`.
            let len = b.len();
            if a.len() != len {
                return Some(false);
            }
            let keyed: std::collections::HashMap<_, _> = if len > LINEAR_MEMBERS {
                b.members().map(|m| (m.key_str(), m.value)).collect()
            } else {
                std::collections::HashMap::new()
            };
            for m in a.members() {
                let key = m.key_str();
                let other = if len > LINEAR_MEMBERS {
                    keyed.get(&key).copied()
                } else {
                    b.members().find(|n| n.key_str() == key).map(|n| n.value)
                };
                match other {
                    Some(y) if same(m.value, y, depth + 1)? => {}
                    _ => return Some(false),
                }
            }
            true
        }
        _ => return None,
    })
}
