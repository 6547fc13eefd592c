//! The leaves of a transcript and where their position comes from. Each leaf keeps one
//! source of its position: a leaf read from a JSON value of the document keeps the value's
//! node, and its span is read from the document when asked for (so it moves when the
//! document is [rebased](super::Transcript::rebase)); a leaf read from text outside any JSON
//! value (a log line's prefix, the words of an abbreviated line) keeps its span.
use std::ops::Deref;

use mcpvet_json::{JsonDocument, NodeId};
use mcpvet_text::Span;

/// A leaf read from a JSON value of the document: the value as read (a decoded string, an
/// integer) and its node. Its position is the node's: [`Self::span`].
#[derive(Debug, Clone, Copy)]
pub struct JsonLeaf<T> {
    /// The node it was read from.
    pub node: NodeId,
    /// The value.
    pub value: T,
}

impl<T> JsonLeaf<T> {
    /// The leaf read from `node`.
    pub const fn new(node: NodeId, value: T) -> Self {
        JsonLeaf { node, value }
    }

    /// The span of the node (for a string, including its quotes), from `document`: the
    /// document of the transcript the leaf belongs to.
    ///
    /// # Panics
    ///
    /// When the node does not come from `document`.
    pub fn span(&self, document: &JsonDocument<'_>) -> Span {
        document.value(self.node).span()
    }
}

impl<T> Deref for JsonLeaf<T> {
    type Target = T;

    fn deref(&self) -> &T {
        &self.value
    }
}

/// Where a [`TextField`] was read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Origin {
    /// A JSON value of the document (a member of an envelope or a record): its span is the
    /// node's.
    Node(NodeId),
    /// Text outside any JSON value (a log line's timestamp, an unquoted `method=` value).
    Text(Span),
}

impl Origin {
    /// The span, from `document` for a node.
    ///
    /// # Panics
    ///
    /// When the node does not come from `document`.
    pub fn span(self, document: &JsonDocument<'_>) -> Span {
        match self {
            Origin::Node(node) => document.value(node).span(),
            Origin::Text(span) => span,
        }
    }
}

/// A string that some captures write as a JSON value and others as plain text: an entry's
/// timestamp (a trace event's `ts`, the start of a Claude Desktop log line), its server (a
/// signature's `serverInfo.name`, a log line's bracket), an abbreviated line's `method=`
/// (quoted or not).
#[derive(Debug, Clone)]
pub struct TextField {
    /// The text (decoded when it was a JSON string).
    pub value: String,
    /// Where it was read.
    pub origin: Origin,
}

impl TextField {
    /// The span of the field, from `document` when it was read from a JSON value.
    ///
    /// # Panics
    ///
    /// When the field was read from a node that does not come from `document`.
    pub fn span(&self, document: &JsonDocument<'_>) -> Span {
        self.origin.span(document)
    }
}
