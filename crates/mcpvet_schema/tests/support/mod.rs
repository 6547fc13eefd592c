//! Helpers of the property tests of this crate's test files.
use mcpvet_json::Value;
use proptest::prelude::*;

/// Every node under `value`, keys excluded.
pub(crate) fn walk<'d>(value: Value<'d>, out: &mut Vec<Value<'d>>) {
    out.push(value);
    for item in value.items() {
        walk(item, out);
    }
    for member in value.members() {
        walk(member.value, out);
    }
}

/// `text` with the character at `at` removed or `c` inserted before it.
pub(crate) fn damaged(mut text: String, at: prop::sample::Index, c: char, insert: bool) -> String {
    let boundaries: Vec<usize> = text.char_indices().map(|(i, _)| i).collect();
    if !boundaries.is_empty() {
        let i = boundaries[at.index(boundaries.len())];
        if insert {
            text.insert(i, c);
        } else {
            text.remove(i);
        }
    }
    text
}
