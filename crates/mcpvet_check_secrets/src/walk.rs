//! Walks over a JSON document without recursion: every object member with the key of the
//! object that holds it, and every node. (The string values of a subtree are
//! [`mcpvet_json::Value::strings`].)
use std::borrow::Cow;

use mcpvet_diagnostics::{JsonPath, PathSegment};
use mcpvet_json::{JsonDocument, Member, Value, ValueKind};

/// One object member in context.
#[derive(Debug, Clone, Copy)]
pub(crate) struct InObject<'d, 'k> {
    /// The member.
    pub(crate) member: Member<'d>,
    /// The object that holds it.
    pub(crate) object: Value<'d>,
    /// The key the object is stored under (`env`, `headers`, `oauth`), if it is a member.
    pub(crate) parent_key: Option<&'k str>,
    /// The key of the array the object is an element of (`headers` in a HAR file's
    /// `"headers": [{"name", "value"}]`), if it is one.
    pub(crate) array_key: Option<&'k str>,
}

/// Calls `f` for every member of every object, depth first in source order.
pub(crate) fn members<'d>(doc: &'d JsonDocument<'d>, f: impl FnMut(InObject<'d, '_>)) {
    members_under(doc.roots(), f);
}

/// Calls `f` for every member of every object under `roots`, depth first in source order.
pub(crate) fn members_under<'d>(
    roots: impl Iterator<Item = Value<'d>>,
    mut f: impl FnMut(InObject<'d, '_>),
) {
    // Each value with the key it is stored under, or for an array element the key of its
    // array (`true`).
    type Slot<'d> = (Value<'d>, Option<Cow<'d, str>>, bool);
    let mut stack: Vec<Slot<'d>> = roots.map(|r| (r, None, false)).collect();
    stack.reverse();
    while let Some((value, key, element)) = stack.pop() {
        match value.kind() {
            ValueKind::Object => {
                let start = stack.len();
                for member in value.members() {
                    f(InObject {
                        member,
                        object: value,
                        parent_key: if element { None } else { key.as_deref() },
                        array_key: if element { key.as_deref() } else { None },
                    });
                    if member.value.is_container() {
                        stack.push((member.value, Some(member.key_str()), false));
                    }
                }
                stack[start..].reverse();
            }
            ValueKind::Array => {
                let start = stack.len();
                let array_key = if element { None } else { key };
                stack.extend(
                    value
                        .items()
                        .filter(|v| v.is_container())
                        .map(|v| (v, array_key.clone(), true)),
                );
                stack[start..].reverse();
            }
            _ => {}
        }
    }
}

/// Calls `f` for every node of the document (keys included), depth first in source order.
pub(crate) fn nodes<'d>(doc: &'d JsonDocument<'d>, mut f: impl FnMut(Value<'d>)) {
    let mut stack: Vec<Value<'d>> = doc.roots().collect();
    stack.reverse();
    while let Some(value) = stack.pop() {
        f(value);
        match value.kind() {
            ValueKind::Object => {
                let start = stack.len();
                for m in value.members() {
                    stack.push(m.key);
                    stack.push(m.value);
                }
                stack[start..].reverse();
            }
            ValueKind::Array => {
                let start = stack.len();
                stack.extend(value.items());
                stack[start..].reverse();
            }
            _ => {}
        }
    }
}

/// The deepest node under `root` whose span contains `offset`, and its path from `root`
/// (`JsonDocument::node_at` and `path_of` search every root of the document first, which a
/// capture with millions of lines cannot afford per finding).
pub(crate) fn descend(root: Value<'_>, offset: u32) -> Option<(Value<'_>, JsonPath)> {
    if !root.span().contains(offset) {
        return None;
    }
    let mut path = JsonPath::root();
    let mut current = root;
    loop {
        let next = match current.kind() {
            ValueKind::Object => current.members().find_map(|m| {
                if m.key.span().contains(offset) {
                    Some((m.key, PathSegment::Key(m.key_str().into_owned()), true))
                } else if m.value.span().contains(offset) {
                    Some((m.value, PathSegment::Key(m.key_str().into_owned()), false))
                } else {
                    None
                }
            }),
            ValueKind::Array => current
                .items()
                .enumerate()
                .find(|(_, v)| v.span().contains(offset))
                .map(|(i, v)| (v, PathSegment::Index(i as u32), false)),
            _ => None,
        };
        match next {
            Some((node, segment, is_key)) => {
                path.push(segment);
                current = node;
                if is_key {
                    return Some((current, path));
                }
            }
            None => return Some((current, path)),
        }
    }
}
