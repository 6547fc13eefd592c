//! The strict parser against `serde_json` (feature `fuzzing`).

use super::*;
use crate::document::JsonDocument;
use crate::{JsonOptions, Value, ValueKind, parse_bytes};

/// How a strict parse compares with `serde_json`'s.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Agreement {
    /// Both accept, with equal values.
    BothAccept,
    /// Both reject.
    BothReject,
    /// A documented difference (the reason).
    Known(&'static str),
}

/// Compares [`parse_bytes`] in strict mode with `serde_json::from_slice`: both accept or both
/// reject, and accepted values are equal (numbers compared as integers when both sides read an
/// integer, otherwise as correctly rounded `f64`; objects compared with the last duplicate
/// winning, as `serde_json` does).
///
/// Known differences, reported as [`Agreement::Known`]:
///
/// - a lone surrogate escape (`"\uD800"`): we accept with a warning (MCP006), `serde_json`
///   rejects;
/// - a byte order mark at offset 0: we accept with a warning (MCP007), `serde_json` rejects;
/// - a number beyond `f64` (`1e400`): we keep the lexeme, `serde_json` reports "number out of
///   range";
/// - nesting: `serde_json`'s recursion limit lets 127 levels of arrays and objects through, our
///   `max_depth` (128) lets 128 through; a document 128 levels deep (or one we cut with
///   MCP005) is excused.
///
/// # Errors
///
/// A description of the disagreement.
pub fn differential(data: &[u8]) -> Result<Agreement, String> {
    let ours = parse_bytes(data, &JsonOptions::strict());
    let theirs = serde_json::from_slice::<serde_json::Value>(data);
    let has =
        |code: mcpvet_diagnostics::RuleCode| ours.diagnostics.iter().any(|d| d.code() == code);
    let known = if has(crate::codes::LONE_SURROGATE) {
        Some("lone surrogate escape")
    } else if has(crate::codes::BOM) {
        Some("byte order mark")
    } else if max_depth(&ours.value) >= 128 || has(crate::codes::NESTING) {
        Some("nesting limit")
    } else if ours
        .value
        .roots()
        .any(|r| OwnedValue::from_value(r).is_some_and(|v| v.has_infinite_number()))
        || theirs
            .as_ref()
            .is_err_and(|e| e.to_string().contains("number out of range"))
    {
        Some("number out of f64 range")
    } else {
        None
    };
    let excuse = |message: String| known.map(Agreement::Known).ok_or(message);
    match (ours.has_errors(), theirs) {
        (true, Err(_)) => Ok(Agreement::BothReject),
        (false, Ok(value)) => {
            let root = ours.value.root().ok_or("accepted without a root")?;
            match same_value(root, &value) {
                Ok(()) => Ok(Agreement::BothAccept),
                Err(e) => excuse(format!("both accept, values differ: {e}")),
            }
        }
        (false, Err(e)) => excuse(format!("we accept, serde_json rejects: {e}")),
        (true, Ok(_)) => excuse(format!(
            "we reject, serde_json accepts; our diagnostics: {:?}",
            ours.diagnostics
        )),
    }
}

/// Deepest nesting of arrays and objects in a document.
pub(super) fn max_depth(doc: &JsonDocument<'_>) -> usize {
    let mut deepest = 0;
    let mut stack: Vec<(Value<'_>, usize)> = doc.roots().map(|r| (r, 1)).collect();
    while let Some((v, depth)) = stack.pop() {
        if v.is_container() {
            deepest = deepest.max(depth);
            stack.extend(v.items().map(|c| (c, depth + 1)));
            stack.extend(v.members().map(|m| (m.value, depth + 1)));
        }
    }
    deepest
}

pub(super) fn same_value(ours: Value<'_>, theirs: &serde_json::Value) -> Result<(), String> {
    use serde_json::Value as J;
    let ok = match (ours.kind(), theirs) {
        (ValueKind::Null, J::Null) => true,
        (ValueKind::Bool, J::Bool(b)) => ours.as_bool() == Some(*b),
        (ValueKind::String, J::String(s)) => ours.as_str().as_deref() == Some(s.as_str()),
        (ValueKind::Number, J::Number(n)) => {
            let lexeme = ours.as_number().map_or("", crate::Number::lexeme);
            same_number(lexeme, n)
        }
        (ValueKind::Array, J::Array(items)) => {
            if ours.len() != items.len() {
                return Err(format!(
                    "{}: {} items versus {}",
                    ours.path(),
                    ours.len(),
                    items.len()
                ));
            }
            for (a, b) in ours.items().zip(items) {
                same_value(a, b)?;
            }
            true
        }
        (ValueKind::Object, J::Object(map)) => {
            let mut last: Vec<(String, Value<'_>)> = Vec::new();
            for m in ours.members() {
                let key = m.key_str().into_owned();
                last.retain(|(k, _)| *k != key);
                last.push((key, m.value));
            }
            if last.len() != map.len() {
                return Err(format!(
                    "{}: {} distinct keys versus {}",
                    ours.path(),
                    last.len(),
                    map.len()
                ));
            }
            for (key, value) in last {
                let other = map
                    .get(&key)
                    .ok_or_else(|| format!("{}: serde_json has no key {key:?}", ours.path()))?;
                same_value(value, other)?;
            }
            true
        }
        _ => false,
    };
    if ok {
        Ok(())
    } else {
        Err(format!(
            "{}: {:?} versus {theirs}",
            ours.path(),
            ours.source()
        ))
    }
}

/// Integers compare exactly when both sides read an integer; everything else as `f64` (both
/// sides round correctly: `serde_json`'s `float_roundtrip` feature is on).
pub(super) fn same_number(lexeme: &str, theirs: &serde_json::Number) -> bool {
    let exact = theirs
        .as_i64()
        .map(i128::from)
        .or_else(|| theirs.as_u64().map(i128::from));
    if let (Some(b), Ok(a)) = (exact, lexeme.parse::<i128>()) {
        return a == b;
    }
    match (lexeme.parse::<f64>(), theirs.as_f64()) {
        // Exact equality is the point: both sides round correctly, to the same `f64`.
        (Ok(a), Some(b)) => a.to_bits() == b.to_bits() || (a == 0.0 && b == 0.0),
        _ => false,
    }
}

/// Body of the `json_differential` fuzz target (see [`differential`]); every input gets the
/// whole check, whatever `checks` says (it is cheap).
///
/// # Panics
///
/// When the two parsers disagree outside the documented differences.
pub fn fuzz_json_differential(data: &[u8], _checks: Checks) {
    ensure(differential(data).map(|_| ()), "differential", data);
}
