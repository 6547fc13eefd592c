//! Edits that insert JSON text into a parsed document the way its author wrote it: a new
//! member or array item goes on its own line, indented like its neighbours, when they are
//! each on their own line, and on the same line otherwise. Fixes build on them; nothing
//! else of the file moves.
//!
//! ```
//! use mcpvet_ast::edits::insert_member;
//! use mcpvet_json::{JsonOptions, parse};
//!
//! let text = "{\n  \"url\": \"https://x.example/mcp\"\n}";
//! let doc = parse(text, &JsonOptions::jsonc()).value;
//! let edit = insert_member(doc.root().unwrap(), "\"type\": \"http\"").unwrap();
//! let mut fixed = text.to_owned();
//! fixed.replace_range(edit.span().range(), edit.replacement());
//! assert_eq!(fixed, "{\n  \"type\": \"http\",\n  \"url\": \"https://x.example/mcp\"\n}");
//! ```
use mcpvet_diagnostics::Edit;
use mcpvet_json::{Value, ValueKind};
use mcpvet_text::Span;

/// The blanks that start the line of `offset` in the document of `value`, when only blanks
/// come before `offset` on that line; `None` when other text does.
fn own_line_indent(value: Value<'_>, offset: u32) -> Option<&str> {
    let doc = value.document();
    let text = doc.text();
    let local = offset.checked_sub(doc.base())? as usize;
    let head = text.get(..local)?;
    let line_start = head.rfind('\n').map_or(0, |i| i + 1);
    let before = &head[line_start..];
    (head.contains('\n') && before.chars().all(|c| c == ' ' || c == '\t')).then_some(before)
}

/// Whether the container `value` is written whole: its text opens and closes with its
/// brackets (a container cut short by a syntax error is not edited).
fn closed(value: Value<'_>) -> bool {
    let span = value.span();
    let doc = value.document();
    let (Some(open), Some(close)) = (
        span.start
            .checked_add(1)
            .and_then(|end| doc.slice(Span::new(span.start, end))),
        span.end
            .checked_sub(1)
            .filter(|&start| start >= span.start)
            .and_then(|start| doc.slice(Span::new(start, span.end))),
    ) else {
        return false;
    };
    span.len() >= 2 && matches!((open, close), ("{", "}") | ("[", "]"))
}

/// An edit that inserts `text` (a JSON value, or a member `"key": value`) as the first entry
/// of the container `value`, before `first` (the span of its first entry, `None` when it is
/// empty). `None` when `value` is not a well-formed container.
fn insert_first(value: Value<'_>, first: Option<Span>, text: &str) -> Option<Edit> {
    let span = value.span();
    if !closed(value) {
        return None;
    }
    match first {
        Some(first) => {
            let separator = match own_line_indent(value, first.start) {
                Some(indent) => format!(",\n{indent}"),
                None => ", ".to_owned(),
            };
            Some(Edit::new(
                Span::empty(first.start),
                format!("{text}{separator}"),
            ))
        }
        // `{}`, `{ }`, an empty container over several lines or holding a comment: right
        // after the opening bracket, the rest kept.
        None => Some(Edit::new(Span::empty(span.start + 1), text.to_owned())),
    }
}

/// An edit that adds the member `member` (`"type": "http"`) to the object `object`, as its
/// first member, written like the members already there. `None` when `object` is not an
/// object or its text is not whole.
pub fn insert_member(object: Value<'_>, member: &str) -> Option<Edit> {
    if object.kind() != ValueKind::Object {
        return None;
    }
    let first = object.members().next().map(|m| m.key.span());
    insert_first(object, first, member)
}

/// An edit that inserts `item` (a JSON value) as the first item of the array `array`,
/// written like the items already there. `None` when `array` is not an array or its text is
/// not whole.
pub fn insert_first_item(array: Value<'_>, item: &str) -> Option<Edit> {
    if array.kind() != ValueKind::Array {
        return None;
    }
    let first = array.items().next().map(Value::span);
    insert_first(array, first, item)
}

/// An edit that inserts `item` (a JSON value) before the item at `index` of the array
/// `array` (after the last one when `index` is its length), written like the items already
/// there. `None` when `array` is not an array, `index` is past its end or its text is not
/// whole.
pub fn insert_item(array: Value<'_>, index: usize, item: &str) -> Option<Edit> {
    if array.kind() != ValueKind::Array || !closed(array) {
        return None;
    }
    if index == 0 {
        return insert_first_item(array, item);
    }
    let len = array.items().count();
    if index == len {
        return append_item(array, item);
    }
    let before = array.items().nth(index)?;
    // Written after the previous item's comma, like the item it goes before.
    let separator = match own_line_indent(array, before.span().start) {
        Some(indent) => format!(",\n{indent}"),
        None => ", ".to_owned(),
    };
    Some(Edit::new(
        Span::empty(before.span().start),
        format!("{item}{separator}"),
    ))
}

/// An edit that adds `item` (a JSON value) after the last item of the array `array`, written
/// like the items already there (an empty array gets it as its only item). `None` when
/// `array` is not an array or its text is not whole.
pub fn append_item(array: Value<'_>, item: &str) -> Option<Edit> {
    if array.kind() != ValueKind::Array || !closed(array) {
        return None;
    }
    let Some(last) = array.items().last() else {
        return insert_first(array, None, item);
    };
    let separator = match own_line_indent(array, last.span().start) {
        Some(indent) => format!(",\n{indent}"),
        None => ", ".to_owned(),
    };
    Some(Edit::new(
        Span::empty(last.span().end),
        format!("{separator}{item}"),
    ))
}

/// The span that removing the member `key` of `object` removes: from its key to the next
/// member's key (its comma and the blanks after it), or, for the last member, from the end
/// of the previous member's value (the comma before it). `None` when the object has no
/// such member, or a comment sits in the text that would go (it is kept, so nothing is
/// removed).
pub fn remove_member(object: Value<'_>, key: &str) -> Option<Span> {
    if object.kind() != ValueKind::Object || !closed(object) {
        return None;
    }
    let members: Vec<_> = object.members().collect();
    let index = members.iter().position(|m| m.key_is(key))?;
    let member = members[index];
    let span = match (members.get(index + 1), index.checked_sub(1)) {
        (Some(next), _) => Span::new(member.key.span().start, next.key.span().start),
        (None, Some(previous)) => {
            Span::new(members[previous].value.span().end, member.value.span().end)
        }
        (None, None) => member.span(),
    };
    let doc = object.document();
    let removed = doc.slice(span)?;
    let own = doc.slice(member.span())?;
    // Beside the member itself, only blanks and one comma.
    let rest = removed.replacen(own, "", 1);
    let plain = rest.chars().all(|c| c.is_whitespace() || c == ',')
        && rest.matches(',').count() <= 1
        && !own.contains("//")
        && !own.contains("/*");
    plain.then_some(span)
}

#[cfg(test)]
mod tests {
    use mcpvet_json::{JsonOptions, parse};

    use super::*;

    fn apply(text: &str, edit: &Edit) -> String {
        let mut out = text.to_owned();
        out.replace_range(edit.span().range(), edit.replacement());
        out
    }

    #[test]
    fn members_follow_the_layout() {
        for (text, expected) in [
            (r#"{"a": 1}"#, r#"{"t": 0, "a": 1}"#),
            ("{}", r#"{"t": 0}"#),
            ("{\n}", "{\"t\": 0\n}"),
            (
                "{\n    \"a\": 1,\n    \"b\": 2\n}",
                "{\n    \"t\": 0,\n    \"a\": 1,\n    \"b\": 2\n}",
            ),
            (
                "{ // c\n\t\"a\": 1\n}",
                "{ // c\n\t\"t\": 0,\n\t\"a\": 1\n}",
            ),
        ] {
            let doc = parse(text, &JsonOptions::jsonc()).value;
            let edit = insert_member(doc.root().unwrap(), r#""t": 0"#).unwrap();
            assert_eq!(apply(text, &edit), expected, "{text}");
        }
    }

    #[test]
    fn items_follow_the_layout() {
        let text = "[\n  \"a\",\n  \"b\"\n]";
        let doc = parse(text, &JsonOptions::jsonc()).value;
        let root = doc.root().unwrap();
        let first = insert_first_item(root, "\"-y\"").unwrap();
        assert_eq!(apply(text, &first), "[\n  \"-y\",\n  \"a\",\n  \"b\"\n]");
        let last = append_item(root, "\"z\"").unwrap();
        assert_eq!(apply(text, &last), "[\n  \"a\",\n  \"b\",\n  \"z\"\n]");
        let inline = parse(r#"["a"]"#, &JsonOptions::jsonc()).value;
        let edit = insert_first_item(inline.root().unwrap(), "\"-y\"").unwrap();
        assert_eq!(apply(r#"["a"]"#, &edit), r#"["-y", "a"]"#);
        let middle = insert_item(root, 1, "\"m\"").unwrap();
        assert_eq!(apply(text, &middle), "[\n  \"a\",\n  \"m\",\n  \"b\"\n]");
        assert!(insert_item(root, 3, "\"m\"").is_none());
        let empty = parse("[]", &JsonOptions::jsonc()).value;
        let edit = append_item(empty.root().unwrap(), "1").unwrap();
        assert_eq!(apply("[]", &edit), "[1]");
    }

    #[test]
    fn members_are_removed_with_their_comma() {
        let cases = [
            (r#"{"a": 1, "b": 2, "c": 3}"#, "b", r#"{"a": 1, "c": 3}"#),
            (r#"{"a": 1, "b": 2}"#, "b", r#"{"a": 1}"#),
            (r#"{"a": 1}"#, "a", "{}"),
            ("{\n  \"a\": 1,\n  \"b\": 2\n}", "a", "{\n  \"b\": 2\n}"),
        ];
        for (text, key, expected) in cases {
            let doc = parse(text, &JsonOptions::jsonc()).value;
            let span = remove_member(doc.root().unwrap(), key).unwrap();
            let mut out = text.to_owned();
            out.replace_range(span.range(), "");
            assert_eq!(out, expected, "{text}");
        }
        let commented = "{\"a\": 1, // note\n \"b\": 2}";
        let doc = parse(commented, &JsonOptions::jsonc()).value;
        assert!(remove_member(doc.root().unwrap(), "a").is_none());
        assert!(remove_member(doc.root().unwrap(), "z").is_none());
    }

    #[test]
    fn broken_containers_get_no_edit() {
        let doc = parse(r#"{"a": [1, 2"#, &JsonOptions::jsonc()).value;
        let root = doc.root().unwrap();
        assert!(insert_member(root, r#""t": 0"#).is_none());
        assert!(append_item(root.get("a").unwrap(), "3").is_none());
        assert!(insert_member(root.get("a").unwrap(), r#""t": 0"#).is_none());
    }
}
