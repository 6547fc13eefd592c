//! Compact, owned, type-preserving keys for request ids, progress tokens and subscription
//! ids: what the checker keeps across entries instead of nodes of earlier documents.
use std::fmt;

use mcpvet_ast::transcript::{IdValue, RequestId};
use mcpvet_json::{Value, ValueKind};

/// A request id (or progress token) as the checker remembers it.
///
/// `1` and `"1"` are different keys; `1`, `1.0` and `1e0` are the same key (integral
/// numbers compare numerically).
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(crate) enum Key {
    /// An integral number that fits in `i64`.
    Int(i64),
    /// Any other number: its canonical integer text, or its lexeme when it is fractional or
    /// too long.
    Num(Box<str>),
    /// A string.
    Str(Box<str>),
}

impl Key {
    /// The key of a lowered id; `None` for `null` and for ids of another type.
    pub(crate) fn of(id: &RequestId) -> Option<Key> {
        match &id.value {
            IdValue::String(s) => Some(Key::Str(s.as_str().into())),
            IdValue::Number(n) => Some(match n.as_i64() {
                Some(i) => Key::Int(i),
                None => Key::Num(n.canonical().unwrap_or(&n.lexeme).into()),
            }),
            IdValue::Null | IdValue::Other(_) => None,
        }
    }

    /// The key of a JSON value used as an id or token (`progressToken`, `requestId`,
    /// `subscriptionId`); `None` unless it is a string or a number.
    pub(crate) fn of_value(value: Value<'_>) -> Option<Key> {
        match value.kind() {
            ValueKind::String | ValueKind::Number => Key::of(&RequestId::from_value(value)),
            _ => None,
        }
    }

    /// The same value with the other JSON type (`1` for `"1"` and back), when that makes
    /// sense: used to explain a type mismatch.
    pub(crate) fn retyped(&self) -> Option<Key> {
        match self {
            Key::Int(i) => Some(Key::Str(i.to_string().into())),
            Key::Num(n) => Some(Key::Str(n.clone())),
            Key::Str(s) => s
                .parse::<i64>()
                .ok()
                .filter(|i| i.to_string() == **s)
                .map(Key::Int),
        }
    }

    /// `a number` or `a string`.
    pub(crate) fn type_name(&self) -> &'static str {
        match self {
            Key::Int(_) | Key::Num(_) => "a number",
            Key::Str(_) => "a string",
        }
    }
}

impl fmt::Display for Key {
    /// Numbers as numbers, strings quoted: `1`, `"1"`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Key::Int(i) => write!(f, "{i}"),
            Key::Num(n) => f.write_str(n),
            Key::Str(s) => write!(f, "{s:?}"),
        }
    }
}

/// The ids already used (answered) in one direction, each with the line of its first use:
/// what the duplicate-id rule of protocols before 2026-07-28 must remember for a whole
/// session. Sequential integer ids (the common case) take 12 bytes each in two sorted
/// vectors; other ids, and integers out of order, go to a map.
#[derive(Debug, Default)]
pub(crate) struct UsedIds {
    /// Strictly increasing integer ids, and the lines of their first use.
    ints: Vec<i64>,
    lines: Vec<u32>,
    other: foldhash::HashMap<Key, u32>,
}

impl UsedIds {
    /// The line `key` was first used on, if it was.
    pub(crate) fn get(&self, key: &Key) -> Option<u32> {
        if let Key::Int(i) = key {
            // A new request's id is most often above every id used so far: no search. (An
            // integer in `other` came out of order, below the last of `ints` then and now.)
            if self.ints.last().is_some_and(|last| last < i) {
                return None;
            }
            if let Ok(at) = self.ints.binary_search(i) {
                return Some(self.lines[at]);
            }
        }
        self.other.get(key).copied()
    }

    /// Records `key` as used on `line`, unless it already was.
    pub(crate) fn insert(&mut self, key: Key, line: u32) {
        if self.get(&key).is_some() {
            return;
        }
        match key {
            Key::Int(i) if self.ints.last().is_none_or(|&last| last < i) => {
                self.ints.push(i);
                self.lines.push(line);
            }
            key => {
                self.other.insert(key, line);
            }
        }
    }

    /// Forgets every id (a new session starts).
    pub(crate) fn clear(&mut self) {
        self.ints.clear();
        self.lines.clear();
        self.other.clear();
    }
}

#[cfg(test)]
mod tests {
    use mcpvet_json::{JsonOptions, parse};

    use super::*;

    fn key(text: &str) -> Option<Key> {
        let outcome = parse(text, &JsonOptions::strict());
        Key::of_value(outcome.value.root().unwrap())
    }

    #[test]
    fn keys_keep_their_type_and_compare_numerically() {
        assert_eq!(key("1"), Some(Key::Int(1)));
        assert_eq!(key("1.0"), Some(Key::Int(1)));
        assert_eq!(key("1e0"), Some(Key::Int(1)));
        assert_eq!(key("\"1\""), Some(Key::Str("1".into())));
        assert_ne!(key("1"), key("\"1\""));
        assert_eq!(key("\"\""), Some(Key::Str("".into())));
        assert_eq!(key("1.5"), Some(Key::Num("1.5".into())));
        assert_eq!(
            key("99999999999999999999"),
            Some(Key::Num("99999999999999999999".into()))
        );
        assert_eq!(key("null"), None);
        assert_eq!(key("true"), None);
        assert_eq!(key("-3").unwrap().to_string(), "-3");
        assert_eq!(key("\"a\"").unwrap().to_string(), "\"a\"");
        assert_eq!(Key::Int(1).retyped(), Some(Key::Str("1".into())));
        assert_eq!(Key::Str("1".into()).retyped(), Some(Key::Int(1)));
        assert_eq!(Key::Str("01".into()).retyped(), None);
        assert_eq!(Key::Str("x".into()).retyped(), None);
    }

    #[test]
    fn used_ids_keep_the_first_line_in_and_out_of_order() {
        let mut used = UsedIds::default();
        for (id, line) in [(1, 10), (2, 11), (5, 12), (3, 13), (2, 14)] {
            used.insert(Key::Int(id), line);
        }
        used.insert(Key::Str("2".into()), 15);
        assert_eq!(used.get(&Key::Int(2)), Some(11));
        assert_eq!(used.get(&Key::Int(3)), Some(13));
        assert_eq!(used.get(&Key::Int(4)), None);
        assert_eq!(used.get(&Key::Str("2".into())), Some(15));
        assert_eq!((used.ints.len(), used.other.len()), (3, 2));
        used.clear();
        assert_eq!(used.get(&Key::Int(1)), None);
    }
}
