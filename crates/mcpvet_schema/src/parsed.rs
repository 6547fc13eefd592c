//! The parsed input as a JSON representation of the `jsonschema` crate, so that instances
//! are validated on their nodes instead of being converted to `serde_json` values first
//! (building and dropping those values cost about 5 % of a session's inspection).
//!
//! The nodes answer exactly as the `serde_json` value of [`crate::instance::to_json`] would:
//! strings decoded, numbers as `serde_json` reads them, and where errors are listed, the
//! members of an object in the order of `serde_json`'s map (by name; see [`ParsedNode`]).
//! [`direct`] says when that holds for a whole instance (it
//! is well formed, no object repeats a name, every number is one `serde_json` reads, nesting
//! stays within the conversion's limit); [`crate::validate::violations`] takes another way
//! for the rest. A property test in `tests/parsed.rs` compares the verdicts and errors of a
//! validator over these nodes with those of the same schema over `serde_json` values.
use std::borrow::Cow;

use jsonschema::json::{Array, Json, Node, NodeIdentity, Object};
use jsonschema::types::JsonType;
use mcpvet_json::{Items, Members, Value, ValueKind};

use crate::instance;

/// The representation: parsed nodes (see the module documentation).
#[derive(Debug)]
pub enum Parsed {}

/// Nesting beyond which [`direct`] declines (the limit of [`instance::to_json`]'s own
/// conversion, after which `serde_json` decides).
const MAX_DEPTH: u32 = 100;

/// Objects with at most this many members are checked for a repeated name pair by pair.
const PAIRWISE: usize = 16;

/// Whether `value` can be validated as parsed: every node is what `serde_json` reads from the
/// value's text, and objects do not repeat a name (where `serde_json` would keep the last).
pub fn direct(value: Value<'_>) -> bool {
    // A parse that reports repeated names leaves none in a well-formed value.
    let names_checked = value.document().checks_duplicate_keys();
    value.is_well_formed() && plain(value, 0, names_checked)
}

fn plain(value: Value<'_>, depth: u32, names_checked: bool) -> bool {
    match value.kind() {
        ValueKind::Null | ValueKind::Bool => true,
        ValueKind::Number => value
            .as_number()
            .is_some_and(|n| instance::number(n.lexeme()).is_some()),
        ValueKind::String => !value.has_escapes() || value.as_str().is_some(),
        ValueKind::Array => {
            depth < MAX_DEPTH
                && value
                    .items()
                    .all(|item| plain(item, depth + 1, names_checked))
        }
        ValueKind::Object => {
            depth < MAX_DEPTH
                && (names_checked || unique_names(value))
                && value
                    .members()
                    .all(|m| plain(m.value, depth + 1, names_checked))
        }
        _ => false,
    }
}

/// Whether no two members of `object` have the same (decoded) name.
fn unique_names(object: Value<'_>) -> bool {
    let len = object.len();
    if len < 2 {
        return true;
    }
    if len <= PAIRWISE {
        return object.members().enumerate().all(|(i, a)| {
            let name = a.key_str();
            object.members().skip(i + 1).all(|b| b.key_str() != name)
        });
    }
    let mut names: Vec<Cow<'_, str>> = object.members().map(mcpvet_json::Member::key_str).collect();
    names.sort_unstable();
    names.windows(2).all(|pair| pair[0] != pair[1])
}

impl Json for Parsed {
    type Node<'a> = ParsedNode<'a>;
    type PreparedKey = String;
    type StringBuffer = ();

    // A tree: no node is its own descendant.
    const ACYCLIC: bool = true;

    fn prepare_key(key: &str) -> String {
        key.to_owned()
    }

    fn with_string_node<T>((): &mut (), string: &str, f: impl FnOnce(ParsedNode<'_>) -> T) -> T {
        f(ParsedNode {
            at: At::Name(string),
            by_name: false,
        })
    }
}

/// A node of the parsed input, or a member name (what `propertyNames` validates).
///
/// The members of an object come in the order of its text, or with [`ParsedNode::by_name`]
/// in the order of `serde_json`'s map: by name. A verdict does not depend on the order, the
/// order of errors does; sorting every object's members cost more than the conversion it
/// replaces, so only the nodes whose errors are listed are sorted.
#[derive(Debug, Clone, Copy)]
pub struct ParsedNode<'a> {
    at: At<'a>,
    by_name: bool,
}

#[derive(Debug, Clone, Copy)]
enum At<'a> {
    Value(Value<'a>),
    Name(&'a str),
}

impl<'a> ParsedNode<'a> {
    /// `value`, its members in the order of the text.
    pub fn new(value: Value<'a>) -> Self {
        ParsedNode {
            at: At::Value(value),
            by_name: false,
        }
    }

    /// `value`, its members (and those of every object in it) in the order of their names.
    pub fn by_name(value: Value<'a>) -> Self {
        ParsedNode {
            at: At::Value(value),
            by_name: true,
        }
    }

    /// Another node of the same walk.
    fn child(self, value: Value<'a>) -> Self {
        ParsedNode {
            at: At::Value(value),
            by_name: self.by_name,
        }
    }

    fn value(self) -> Option<Value<'a>> {
        match self.at {
            At::Value(v) => Some(v),
            At::Name(_) => None,
        }
    }

    fn kind(self) -> ValueKind {
        match self.at {
            At::Value(v) => v.kind(),
            At::Name(_) => ValueKind::String,
        }
    }
}

impl<'a> Node<'a, Parsed> for ParsedNode<'a> {
    type Object = ParsedObject<'a>;
    type Array = ParsedArray<'a>;
    type Number = serde_json::Number;

    fn as_object(&self) -> Option<ParsedObject<'a>> {
        self.value()
            .filter(|v| v.kind() == ValueKind::Object)
            .map(|v| ParsedObject(v, *self))
    }

    fn as_array(&self) -> Option<ParsedArray<'a>> {
        self.value()
            .filter(|v| v.kind() == ValueKind::Array)
            .map(|v| ParsedArray(v, *self))
    }

    fn as_string(&self) -> Option<Cow<'a, str>> {
        match self.at {
            At::Value(v) => v.as_str(),
            At::Name(name) => Some(Cow::Borrowed(name)),
        }
    }

    fn as_number(&self) -> Option<serde_json::Number> {
        instance::number(self.value()?.as_number()?.lexeme())
    }

    fn is_number(&self) -> bool {
        self.kind() == ValueKind::Number
    }

    fn as_boolean(&self) -> Option<bool> {
        self.value()?.as_bool()
    }

    fn is_null(&self) -> bool {
        self.kind() == ValueKind::Null
    }

    fn json_type(&self) -> JsonType {
        match self.kind() {
            ValueKind::Null => JsonType::Null,
            ValueKind::Bool => JsonType::Boolean,
            ValueKind::Number => JsonType::Number,
            ValueKind::Array => JsonType::Array,
            ValueKind::Object => JsonType::Object,
            // A string; an unreadable node never reaches a validator (see `direct`).
            _ => JsonType::String,
        }
    }

    fn to_value(&self) -> Cow<'a, serde_json::Value> {
        Cow::Owned(match self.at {
            At::Value(v) => instance::to_json(v).unwrap_or(serde_json::Value::Null),
            At::Name(name) => serde_json::Value::String(name.to_owned()),
        })
    }

    fn identity(&self) -> Option<NodeIdentity> {
        // Every node of one validation comes from one document: its index tells it apart.
        self.value()
            .map(|v| NodeIdentity::tagged(0, v.id().index()))
    }
}

/// An object of the parsed input, and the node it is.
#[derive(Debug, Clone, Copy)]
pub struct ParsedObject<'a>(Value<'a>, ParsedNode<'a>);

impl<'a> Object<'a, Parsed> for ParsedObject<'a> {
    type Node = ParsedNode<'a>;
    type MemberName = Cow<'a, str>;
    type MembersIter = ParsedMembers<'a>;

    fn len(&self) -> usize {
        self.0.len()
    }

    fn get(&self, key: &String) -> Option<ParsedNode<'a>> {
        self.0.member(key).map(|m| self.1.child(m.value))
    }

    fn members(&self) -> ParsedMembers<'a> {
        if !self.1.by_name {
            return ParsedMembers::Text(self.0.members(), self.1);
        }
        let mut members: Vec<(Cow<'a, str>, ParsedNode<'a>)> = self
            .0
            .members()
            .map(|m| (m.key_str(), self.1.child(m.value)))
            .collect();
        members.sort_by(|a, b| a.0.cmp(&b.0));
        ParsedMembers::ByName(members.into_iter())
    }
}

/// The members of a [`ParsedObject`], in the order of the text or by name.
#[derive(Debug)]
pub enum ParsedMembers<'a> {
    /// In the order of the text.
    Text(Members<'a>, ParsedNode<'a>),
    /// Sorted by name.
    ByName(std::vec::IntoIter<(Cow<'a, str>, ParsedNode<'a>)>),
}

impl<'a> Iterator for ParsedMembers<'a> {
    type Item = (Cow<'a, str>, ParsedNode<'a>);

    fn next(&mut self) -> Option<Self::Item> {
        match self {
            ParsedMembers::Text(members, node) => {
                members.next().map(|m| (m.key_str(), node.child(m.value)))
            }
            ParsedMembers::ByName(members) => members.next(),
        }
    }
}

/// An array of the parsed input, and the node it is.
#[derive(Debug, Clone, Copy)]
pub struct ParsedArray<'a>(Value<'a>, ParsedNode<'a>);

impl<'a> Array<'a, Parsed> for ParsedArray<'a> {
    type Node = ParsedNode<'a>;
    type ElementsIter = ParsedItems<'a>;

    fn len(&self) -> usize {
        self.0.len()
    }

    fn elements(&self) -> ParsedItems<'a> {
        ParsedItems(self.0.items(), self.1)
    }
}

/// The elements of a [`ParsedArray`].
#[derive(Debug)]
pub struct ParsedItems<'a>(Items<'a>, ParsedNode<'a>);

impl<'a> Iterator for ParsedItems<'a> {
    type Item = ParsedNode<'a>;

    fn next(&mut self) -> Option<ParsedNode<'a>> {
        self.0.next().map(|item| self.1.child(item))
    }
}
