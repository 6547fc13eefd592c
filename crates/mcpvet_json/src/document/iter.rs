//! Walking a document: the members of an object, the items of an array, the strings of a
//! subtree.
use std::borrow::Cow;

use mcpvet_text::Span;

use super::{JsonDocument, Kind, Value};

/// One object member: a key and its value.
#[derive(Clone, Copy, Debug)]
pub struct Member<'d> {
    /// The key node (a string, or an invalid value when the key could not be read).
    pub key: Value<'d>,
    /// The value node.
    pub value: Value<'d>,
}

impl<'d> Member<'d> {
    /// The decoded key (for an invalid key, its source text).
    pub fn key_str(self) -> Cow<'d, str> {
        self.key.key_text()
    }

    /// Whether the decoded key equals `key`.
    pub fn key_is(self, key: &str) -> bool {
        match self.key.raw_str() {
            Some(raw) if !self.key.has_escapes() => raw == key,
            Some(_) => self.key.as_str().as_deref() == Some(key),
            None => false,
        }
    }

    /// From the start of the key to the end of the value.
    pub fn span(self) -> Span {
        self.key.span().cover(self.value.span())
    }
}

/// Iterator over the elements of an array.
#[derive(Clone, Debug)]
pub struct Items<'d> {
    pub(super) doc: &'d JsonDocument<'d>,
    pub(super) next: u32,
    pub(super) end: u32,
}

impl<'d> Iterator for Items<'d> {
    type Item = Value<'d>;

    #[inline]
    fn next(&mut self) -> Option<Value<'d>> {
        if self.next >= self.end {
            return None;
        }
        let id = self.next;
        self.next = self.doc.node(id).next;
        Some(Value { doc: self.doc, id })
    }
}

/// Iterator over the string values of a subtree, keys excluded, in source order (see
/// [`Value::strings`]).
#[derive(Clone, Debug)]
pub struct Strings<'d> {
    pub(super) doc: &'d JsonDocument<'d>,
    pub(super) next: u32,
    pub(super) end: u32,
    /// For each open object, innermost last: `(end of its subtree, index of its next key)`.
    pub(super) objects: Vec<(u32, u32)>,
}

impl<'d> Iterator for Strings<'d> {
    type Item = Value<'d>;

    fn next(&mut self) -> Option<Value<'d>> {
        while self.next < self.end {
            let id = self.next;
            while self.objects.last().is_some_and(|&(end, _)| id >= end) {
                self.objects.pop();
            }
            if let Some(frame) = self.objects.last_mut()
                && frame.1 == id
            {
                // A key (a leaf): skip it; the next key follows its value's subtree.
                frame.1 = self.doc.node(id + 1).next;
                self.next = id + 1;
                continue;
            }
            let node = self.doc.node(id);
            self.next = id + 1;
            match node.kind {
                Kind::String => return Some(Value { doc: self.doc, id }),
                Kind::Object => self.objects.push((node.next, id + 1)),
                _ => {}
            }
        }
        None
    }
}

/// Iterator over the members of an object.
#[derive(Clone, Debug)]
pub struct Members<'d> {
    pub(super) doc: &'d JsonDocument<'d>,
    pub(super) next: u32,
    pub(super) end: u32,
}

impl<'d> Iterator for Members<'d> {
    type Item = Member<'d>;

    #[inline]
    fn next(&mut self) -> Option<Member<'d>> {
        if self.next >= self.end {
            return None;
        }
        let key = self.next;
        let value = key + 1;
        self.next = self.doc.node(value).next;
        Some(Member {
            key: Value {
                doc: self.doc,
                id: key,
            },
            value: Value {
                doc: self.doc,
                id: value,
            },
        })
    }
}
