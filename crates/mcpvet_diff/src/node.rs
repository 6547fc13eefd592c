//! An owned JSON value with the span of every value and key in the file, and the canonical
//! JSON text of a value (the form the tools digest uses; see the crate docs).
use std::collections::BTreeMap;

use mcpvet_json::{Value, ValueKind};
use mcpvet_text::Span;

/// Values nested deeper than this are kept as `null` (the parser's own depth guard is
/// higher; the limit bounds the recursion of the walks here).
pub const MAX_DEPTH: usize = 256;

/// An owned JSON value with its span in the file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Node {
    /// The value's span in the file (quotes included for a string).
    pub span: Span,
    /// The value.
    pub value: NodeValue,
}

/// The value of a [`Node`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NodeValue {
    /// `null` (also an invalid value).
    Null,
    /// `true` or `false`.
    Bool(bool),
    /// A number, exactly as written.
    Number(String),
    /// A string, decoded.
    String(String),
    /// An array.
    Array(Vec<Node>),
    /// An object, members in source order (duplicate keys kept).
    Object(Vec<Member>),
}

/// One member of an object.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Member {
    /// The decoded key.
    pub key: String,
    /// The key's span.
    pub key_span: Span,
    /// The value.
    pub value: Node,
}

impl Node {
    /// The owned copy of `value`, every span passed through `map` (a derived text's map back
    /// to the file, or the identity).
    pub fn from_value(value: Value<'_>, map: &dyn Fn(Span) -> Span) -> Node {
        Node::build(value, map, 0)
    }

    fn build(value: Value<'_>, map: &dyn Fn(Span) -> Span, depth: usize) -> Node {
        let span = map(value.span());
        let value = if depth >= MAX_DEPTH {
            NodeValue::Null
        } else {
            match value.kind() {
                ValueKind::Bool => NodeValue::Bool(value.as_bool() == Some(true)),
                ValueKind::Number => NodeValue::Number(value.source().to_owned()),
                ValueKind::String => NodeValue::String(
                    value
                        .as_str()
                        .map(std::borrow::Cow::into_owned)
                        .unwrap_or_default(),
                ),
                ValueKind::Array => NodeValue::Array(
                    value
                        .items()
                        .map(|item| Node::build(item, map, depth + 1))
                        .collect(),
                ),
                ValueKind::Object => NodeValue::Object(
                    value
                        .members()
                        .map(|m| Member {
                            key: m.key_str().into_owned(),
                            key_span: map(m.key.span()),
                            value: Node::build(m.value, map, depth + 1),
                        })
                        .collect(),
                ),
                _ => NodeValue::Null,
            }
        };
        Node { span, value }
    }

    /// An empty object at `span` (the schema `{}`, which accepts everything).
    pub fn empty_object(span: Span) -> Node {
        Node {
            span,
            value: NodeValue::Object(Vec::new()),
        }
    }

    /// The value of member `key` (the last one, with duplicate keys, as `JSON.parse` reads
    /// it), when this is an object.
    pub fn get(&self, key: &str) -> Option<&Node> {
        self.member(key).map(|m| &m.value)
    }

    /// Member `key` (the last one with duplicate keys), when this is an object.
    pub fn member(&self, key: &str) -> Option<&Member> {
        match &self.value {
            NodeValue::Object(members) => members.iter().rev().find(|m| m.key == key),
            _ => None,
        }
    }

    /// The members, each key once (the last one wins), sorted by key (UTF-8 bytes).
    pub fn members(&self) -> BTreeMap<&str, &Member> {
        let mut out = BTreeMap::new();
        if let NodeValue::Object(members) = &self.value {
            for m in members {
                out.insert(m.key.as_str(), m);
            }
        }
        out
    }

    /// The elements, when this is an array.
    pub fn items(&self) -> &[Node] {
        match &self.value {
            NodeValue::Array(items) => items,
            _ => &[],
        }
    }

    /// The string, when this is one.
    pub fn as_str(&self) -> Option<&str> {
        match &self.value {
            NodeValue::String(s) => Some(s),
            _ => None,
        }
    }

    /// The boolean, when this is one.
    pub fn as_bool(&self) -> Option<bool> {
        match self.value {
            NodeValue::Bool(b) => Some(b),
            _ => None,
        }
    }

    /// The number as written, when this is one.
    pub fn as_number(&self) -> Option<&str> {
        match &self.value {
            NodeValue::Number(n) => Some(n),
            _ => None,
        }
    }

    /// Whether this is an object.
    pub fn is_object(&self) -> bool {
        matches!(self.value, NodeValue::Object(_))
    }

    /// Whether this is `null`.
    pub fn is_null(&self) -> bool {
        matches!(self.value, NodeValue::Null)
    }

    /// The canonical JSON text of this value (see the crate docs, "Canonical form").
    pub fn canonical(&self) -> String {
        let mut out = String::new();
        self.write_canonical(&mut out);
        out
    }

    /// Appends the canonical JSON text of this value to `out`.
    pub fn write_canonical(&self, out: &mut String) {
        match &self.value {
            NodeValue::Null => out.push_str("null"),
            NodeValue::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
            NodeValue::Number(n) => out.push_str(n),
            NodeValue::String(s) => mcpvet_json::push_string(out, s),
            NodeValue::Array(items) => {
                out.push('[');
                for (i, item) in items.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    item.write_canonical(out);
                }
                out.push(']');
            }
            NodeValue::Object(_) => {
                out.push('{');
                for (i, (key, member)) in self.members().into_iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    mcpvet_json::push_string(out, key);
                    out.push(':');
                    member.value.write_canonical(out);
                }
                out.push('}');
            }
        }
    }

    /// The node at the JSON Pointer `pointer` (RFC 6901) below this one.
    pub fn pointer(&self, pointer: &str) -> Option<&Node> {
        if pointer.is_empty() {
            return Some(self);
        }
        let rest = pointer.strip_prefix('/')?;
        let mut at = self;
        for token in rest.split('/') {
            let token = token.replace("~1", "/").replace("~0", "~");
            at = match &at.value {
                NodeValue::Object(_) => at.get(&token)?,
                NodeValue::Array(items) => items.get(token.parse::<usize>().ok()?)?,
                _ => return None,
            };
        }
        Some(at)
    }
}

/// `token` escaped for a JSON Pointer (`~` as `~0`, `/` as `~1`).
pub fn pointer_token(token: &str) -> String {
    token.replace('~', "~0").replace('/', "~1")
}

/// The canonical JSON text of an object made of `members` (absent ones left out), keys
/// sorted by UTF-8 bytes.
pub fn canonical_object<'n>(
    members: impl IntoIterator<Item = (&'n str, Option<&'n Node>)>,
) -> String {
    let sorted: BTreeMap<&str, &Node> = members
        .into_iter()
        .filter_map(|(k, v)| v.map(|v| (k, v)))
        .collect();
    let mut out = String::from("{");
    for (i, (key, value)) in sorted.into_iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        mcpvet_json::push_string(&mut out, key);
        out.push(':');
        value.write_canonical(&mut out);
    }
    out.push('}');
    out
}

#[cfg(test)]
mod tests {
    use mcpvet_json::{JsonOptions, parse};

    use super::*;

    fn node(text: &str) -> Node {
        let doc = parse(text, &JsonOptions::strict()).value;
        Node::from_value(doc.root().unwrap(), &|s| s)
    }

    #[test]
    fn canonical_form() {
        assert_eq!(
            node(r#" { "b" : [ 1.50 , true , null ] , "a" : "x\u0041\n\u0001é\/" } "#).canonical(),
            "{\"a\":\"xA\\n\\u0001é/\",\"b\":[1.50,true,null]}"
        );
        assert_eq!(
            node(r#"{"k":1,"K":2,"k":3}"#).canonical(),
            "{\"K\":2,\"k\":3}"
        );
    }

    #[test]
    fn pointers() {
        let n = node(r#"{"a/b": [1, {"c~": 2}]}"#);
        assert_eq!(
            n.pointer("/a~1b/1/c~0").and_then(Node::as_number),
            Some("2")
        );
        assert!(n.pointer("/a~1b/9").is_none());
        assert!(n.pointer("x").is_none());
    }
}
