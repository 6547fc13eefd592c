use std::borrow::Cow;
use std::fmt;

use mcpvet_diagnostics::{JsonPath, PathSegment, Site};
use mcpvet_text::Span;

use crate::decode;
pub use crate::decode::DecodedStr;

mod dump;
mod iter;
mod number;

pub use iter::{Items, Member, Members, Strings};
pub use number::Number;

/// Internal node kinds; public code sees [`ValueKind`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[repr(u8)]
pub(crate) enum Kind {
    Null,
    True,
    False,
    Number,
    String,
    Array,
    Object,
    Error,
}

/// String node flags.
pub(crate) mod flags {
    /// The string contains at least one backslash escape.
    pub(crate) const ESCAPES: u8 = 1;
    /// The string contains a `\u` escape of half a surrogate pair.
    pub(crate) const LONE_SURROGATE: u8 = 2;
    /// The string has a syntax error (bad escape, raw control character, unterminated).
    pub(crate) const INVALID: u8 = 4;
    /// The string has no closing quote.
    pub(crate) const UNTERMINATED: u8 = 8;
    /// Number flag: no fraction and no exponent.
    pub(crate) const INTEGER: u8 = 1;
}

/// One arena record: 16 bytes.
///
/// `next` is the index just past the node's subtree (for leaves `index + 1`), so skipping a
/// subtree is O(1). Object children alternate key (a `String` or `Error` node) and value.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Node {
    pub(crate) kind: Kind,
    pub(crate) flags: u8,
    pub(crate) start: u32,
    pub(crate) end: u32,
    pub(crate) next: u32,
}

impl Node {
    #[inline]
    pub(crate) fn span(self) -> Span {
        Span::new(self.start, self.end)
    }
}

/// Index of a node in its document's arena.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct NodeId(pub(crate) u32);

impl NodeId {
    /// The index as a number (stable for the lifetime of the document).
    pub fn index(self) -> u32 {
        self.0
    }
}

/// The kind of a JSON value.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ValueKind {
    /// `null`
    Null,
    /// `true` or `false`
    Bool,
    /// A number, kept as its lexeme.
    Number,
    /// A string.
    String,
    /// An array.
    Array,
    /// An object.
    Object,
    /// Text that could not be read as a value; a diagnostic says why.
    Error,
}

impl ValueKind {
    /// `"null"`, `"boolean"`, `"number"`, `"string"`, `"array"`, `"object"` or `"invalid value"`.
    pub const fn name(self) -> &'static str {
        match self {
            ValueKind::Null => "null",
            ValueKind::Bool => "boolean",
            ValueKind::Number => "number",
            ValueKind::String => "string",
            ValueKind::Array => "array",
            ValueKind::Object => "object",
            ValueKind::Error => "invalid value",
        }
    }

    /// The name with its article, for messages: `"null"`, `"a boolean"`, `"a number"`,
    /// `"a string"`, `"an array"`, `"an object"` or `"an invalid value"`.
    pub const fn with_article(self) -> &'static str {
        match self {
            ValueKind::Null => "null",
            ValueKind::Bool => "a boolean",
            ValueKind::Number => "a number",
            ValueKind::String => "a string",
            ValueKind::Array => "an array",
            ValueKind::Object => "an object",
            ValueKind::Error => "an invalid value",
        }
    }
}

impl fmt::Display for ValueKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A parsed JSON text: a flat arena of nodes over the source, plus what the parser saw
/// between values (comments, trailing commas, a byte order mark).
///
/// A document holds one root, or, from [`parse_lines`](crate::parse_lines) and
/// [`parse_ranges`](crate::parse_ranges), one root per line or range. Browse it through
/// [`Value`] views.
pub struct JsonDocument<'a> {
    pub(crate) text: Cow<'a, str>,
    pub(crate) nodes: Vec<Node>,
    pub(crate) roots: Vec<u32>,
    pub(crate) comments: Vec<Span>,
    pub(crate) trailing_commas: Vec<Span>,
    pub(crate) bom: Option<Span>,
    /// Offset of `text` in the file it was cut from: every public span is shifted by it (a
    /// chunk of a large file, parsed on its own, still reports offsets in the file).
    pub(crate) base: u32,
    /// When the roots are the elements of an array that the file holds, the index of the
    /// first one: paths then start with the element's index (`$[41].id`).
    pub(crate) first_element: Option<u32>,
    /// Every place the parse reported or tolerated something (diagnostics, comments,
    /// trailing commas) as `(start, end, largest end so far)` in text offsets, sorted by
    /// start: a value whose span meets none of them reads back as strict JSON
    /// ([`Value::is_well_formed`]).
    pub(crate) flagged: Vec<(u32, u32, u32)>,
    /// The parse reported repeated member names (see
    /// [`checks_duplicate_keys`](Self::checks_duplicate_keys)).
    pub(crate) duplicate_keys: bool,
}

impl fmt::Debug for JsonDocument<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("JsonDocument")
            .field("len", &self.text.len())
            .field("nodes", &self.nodes.len())
            .field("roots", &self.roots.len())
            .field("comments", &self.comments)
            .field("trailing_commas", &self.trailing_commas)
            .field("bom", &self.bom)
            .field("base", &self.base)
            .field("first_element", &self.first_element)
            .field("flagged", &self.flagged.len())
            .finish()
    }
}

/// Largest arena kept for reuse by the next parse on the same thread (64 MiB of nodes).
const MAX_SPARE_NODES: usize = 4 << 20;

thread_local! {
    /// The node arena of the last document dropped on this thread, reused by the next parse
    /// (an arena is one large allocation; handing it back to the system and faulting fresh
    /// pages in for every parse costs more than the parse of a small document).
    static SPARE_NODES: std::cell::Cell<Vec<Node>> = const { std::cell::Cell::new(Vec::new()) };
}

/// Takes the spare arena of this thread (empty when there is none).
pub(crate) fn take_spare_nodes() -> Vec<Node> {
    SPARE_NODES.with(std::cell::Cell::take)
}

/// Offers an arena for reuse on this thread: kept if it is larger than the current spare and
/// not too large.
pub(crate) fn offer_spare_nodes(mut nodes: Vec<Node>) {
    if nodes.capacity() == 0 || nodes.capacity() > MAX_SPARE_NODES {
        return;
    }
    nodes.clear();
    SPARE_NODES.with(|spare| {
        let current = spare.take();
        spare.set(if current.capacity() >= nodes.capacity() {
            current
        } else {
            nodes
        });
    });
}

impl Drop for JsonDocument<'_> {
    fn drop(&mut self) {
        offer_spare_nodes(std::mem::take(&mut self.nodes));
    }
}

impl<'a> JsonDocument<'a> {
    pub(crate) fn empty(text: Cow<'a, str>) -> Self {
        JsonDocument {
            text,
            nodes: Vec::new(),
            roots: Vec::new(),
            comments: Vec::new(),
            trailing_commas: Vec::new(),
            bom: None,
            base: 0,
            first_element: None,
            flagged: Vec::new(),
            duplicate_keys: false,
        }
    }

    /// The source text the nodes come from. For a document cut from a larger file (see
    /// [`rebase`](Self::rebase)) this is the piece, and spans are offsets in the file: slice it
    /// with [`slice`](Self::slice).
    pub fn text(&self) -> &str {
        &self.text
    }

    /// Whether the parse reported repeated member names (the default; see
    /// [`JsonOptions::with_duplicate_key_check`](crate::JsonOptions::with_duplicate_key_check)): then no
    /// [well-formed](Value::is_well_formed) object of this document repeats a name.
    pub fn checks_duplicate_keys(&self) -> bool {
        self.duplicate_keys
    }

    /// Offset of [`text`](Self::text) in the file (0 unless [`rebase`](Self::rebase)d).
    pub fn base(&self) -> u32 {
        self.base
    }

    /// The text of `span` (an offset range in the file), when it lies inside this document's
    /// text on character boundaries.
    pub fn slice(&self, span: Span) -> Option<&str> {
        let start = span.start.checked_sub(self.base)? as usize;
        let end = span.end.checked_sub(self.base)? as usize;
        self.text.get(start..end)
    }

    /// Declares that this document's text starts at offset `base` of a larger file: every
    /// span it reports (values, comments, trailing commas) moves right by the difference, and
    /// [`node_at`](Self::node_at) takes file offsets. Diagnostics from the parse are not
    /// moved; shift them with [`Diagnostic::shift`](mcpvet_diagnostics::Diagnostic::shift).
    pub fn rebase(&mut self, base: u32) {
        let delta = i64::from(base) - i64::from(self.base);
        let shift = |s: Span| {
            let move_by = |o: u32| u32::try_from(i64::from(o) + delta).unwrap_or(o);
            Span::new(move_by(s.start), move_by(s.end))
        };
        for s in self
            .comments
            .iter_mut()
            .chain(self.trailing_commas.iter_mut())
        {
            *s = shift(*s);
        }
        self.bom = self.bom.map(shift);
        self.base = base;
    }

    /// The same document owning its text (a copy when it was borrowed), so it can outlive the
    /// buffer it was parsed from and move to another thread.
    pub fn into_owned(mut self) -> JsonDocument<'static> {
        JsonDocument {
            text: Cow::Owned(std::mem::take(&mut self.text).into_owned()),
            nodes: std::mem::take(&mut self.nodes),
            roots: std::mem::take(&mut self.roots),
            comments: std::mem::take(&mut self.comments),
            trailing_commas: std::mem::take(&mut self.trailing_commas),
            bom: self.bom,
            base: self.base,
            first_element: self.first_element,
            flagged: std::mem::take(&mut self.flagged),
            duplicate_keys: self.duplicate_keys,
        }
    }

    /// Declares that the roots are elements `first`, `first + 1`, ... of a JSON array that
    /// the file holds (a piece of a large array, parsed element by element): the
    /// [`path`](Value::path) of a node then starts with its element's index, as it would in
    /// the whole array.
    pub fn set_roots_as_elements(&mut self, first: u32) {
        self.first_element = Some(first);
    }

    /// The first root value (the only one for a plain JSON text), if any text was parsed.
    pub fn root(&self) -> Option<Value<'_>> {
        self.roots.first().map(|&id| self.value(NodeId(id)))
    }

    /// Every root value in source order: one per parsed line or range.
    pub fn roots(&self) -> impl ExactSizeIterator<Item = Value<'_>> + '_ {
        self.roots.iter().map(|&id| self.value(NodeId(id)))
    }

    /// Number of nodes in the arena.
    pub fn node_count(&self) -> usize {
        self.nodes.len()
    }

    /// The view of node `id`.
    ///
    /// # Panics
    ///
    /// When `id` does not belong to this document.
    pub fn value(&self, id: NodeId) -> Value<'_> {
        assert!((id.0 as usize) < self.nodes.len(), "node id out of range");
        Value {
            doc: self,
            id: id.0,
        }
    }

    /// Spans of every comment, in source order (also in strict mode, where each is an error).
    pub fn comments(&self) -> &[Span] {
        &self.comments
    }

    /// Spans of every trailing comma, in source order.
    pub fn trailing_commas(&self) -> &[Span] {
        &self.trailing_commas
    }

    /// Span of the byte order mark at offset 0, if there is one.
    pub fn bom(&self) -> Option<Span> {
        self.bom
    }

    /// The node reached from the first root by `path`; with duplicate keys, the last member
    /// wins (as in `JSON.parse`). An index segment also matches an object key made of digits.
    pub fn find(&self, path: &JsonPath) -> Option<Value<'_>> {
        self.root()?.find(path)
    }

    /// The deepest node whose span contains `offset`.
    pub fn node_at(&self, offset: u32) -> Option<Value<'_>> {
        let offset = offset.checked_sub(self.base)?;
        // Roots are in source order and do not overlap.
        let after = self
            .roots
            .partition_point(|&r| self.nodes[r as usize].start <= offset);
        let root = *self.roots.get(after.checked_sub(1)?)?;
        let n = self.nodes[root as usize];
        if offset >= n.end {
            return None;
        }
        let mut current = root;
        'descend: loop {
            let node = self.nodes[current as usize];
            if !matches!(node.kind, Kind::Array | Kind::Object) {
                break;
            }
            let mut child = current + 1;
            while child < node.next {
                let c = self.nodes[child as usize];
                if c.start <= offset && offset < c.end {
                    current = child;
                    continue 'descend;
                }
                child = c.next;
            }
            break;
        }
        Some(self.value(NodeId(current)))
    }

    /// The path from the root containing `id` down to `id`.
    pub fn path_of(&self, id: NodeId) -> JsonPath {
        let mut path = JsonPath::root();
        // Roots are in arena order, each followed by its descendants.
        let after = self.roots.partition_point(|&r| r <= id.0);
        let Some(root_index) = after.checked_sub(1) else {
            return path;
        };
        let mut current = self.roots[root_index];
        if id.0 >= self.nodes[current as usize].next {
            return path;
        }
        if let Some(first) = self.first_element {
            let index = u32::try_from(root_index).unwrap_or(u32::MAX);
            path.push(PathSegment::Index(first.saturating_add(index)));
        }
        while current != id.0 {
            let node = self.nodes[current as usize];
            let is_object = node.kind == Kind::Object;
            let mut child = current + 1;
            let mut index = 0u32;
            let mut found = false;
            while child < node.next {
                if is_object {
                    let key = child;
                    let value = child + 1;
                    let after = self.nodes[value as usize].next;
                    if key <= id.0 && id.0 < after {
                        // An unreadable key (an `Error` node) is not echoed: it may be an
                        // unquoted secret.
                        let key_value = self.value(NodeId(key));
                        let segment = if key_value.kind() == ValueKind::Error {
                            "<invalid key>".to_owned()
                        } else {
                            key_value.key_text().into_owned()
                        };
                        path.push(PathSegment::Key(segment));
                        // A key node's path is that of its member.
                        current = if id.0 == key { id.0 } else { value };
                        found = true;
                        break;
                    }
                    child = after;
                } else {
                    let after = self.nodes[child as usize].next;
                    if child <= id.0 && id.0 < after {
                        path.push(PathSegment::Index(index));
                        current = child;
                        found = true;
                        break;
                    }
                    child = after;
                    index += 1;
                }
            }
            if !found {
                break;
            }
        }
        path
    }

    #[inline]
    pub(crate) fn node(&self, id: u32) -> Node {
        self.nodes[id as usize]
    }
}

/// A string key seen by [`Value::each_key`], with its node at hand.
#[derive(Clone, Copy)]
struct KeyView<'d> {
    value: Value<'d>,
    node: Node,
}

impl KeyView<'_> {
    /// Whether the decoded key equals `key` (see [`Member::key_is`]).
    #[inline]
    fn is(self, key: &str) -> bool {
        let range = decode::content_range(self.node);
        if self.node.flags & flags::ESCAPES == 0 {
            range.len() == key.len() && self.value.doc.text.as_bytes()[range] == *key.as_bytes()
        } else {
            decode::string(&self.value.doc.text, self.node) == key
        }
    }
}

/// A view of one node of a [`JsonDocument`]. Cheap to copy.
#[derive(Clone, Copy)]
pub struct Value<'d> {
    doc: &'d JsonDocument<'d>,
    id: u32,
}

impl fmt::Debug for Value<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} @ {:?}", self.kind(), self.span())
    }
}

impl<'d> Value<'d> {
    #[inline]
    fn node(self) -> Node {
        self.doc.node(self.id)
    }

    /// The document this node belongs to.
    pub fn document(self) -> &'d JsonDocument<'d> {
        self.doc
    }

    /// The node's id.
    pub fn id(self) -> NodeId {
        NodeId(self.id)
    }

    /// What kind of value this is.
    pub fn kind(self) -> ValueKind {
        match self.node().kind {
            Kind::Null => ValueKind::Null,
            Kind::True | Kind::False => ValueKind::Bool,
            Kind::Number => ValueKind::Number,
            Kind::String => ValueKind::String,
            Kind::Array => ValueKind::Array,
            Kind::Object => ValueKind::Object,
            Kind::Error => ValueKind::Error,
        }
    }

    /// The span of the value's source text (for a string, including its quotes).
    pub fn span(self) -> Span {
        self.node().span().shift(self.doc.base)
    }

    /// The value's source text.
    pub fn source(self) -> &'d str {
        &self.doc.text[self.node().span().range()]
    }

    /// Whether this is `null`.
    pub fn is_null(self) -> bool {
        self.node().kind == Kind::Null
    }

    /// The boolean, if this is `true` or `false`.
    pub fn as_bool(self) -> Option<bool> {
        match self.node().kind {
            Kind::True => Some(true),
            Kind::False => Some(false),
            _ => None,
        }
    }

    /// The decoded string, if this is a string: borrowed when it holds no escape. Lone
    /// surrogates and invalid escapes decode to U+FFFD.
    pub fn as_str(self) -> Option<Cow<'d, str>> {
        let node = self.node();
        (node.kind == Kind::String).then(|| decode::string(&self.doc.text, node))
    }

    /// The string's contents as written, without quotes (escapes not decoded).
    pub fn raw_str(self) -> Option<&'d str> {
        let node = self.node();
        (node.kind == Kind::String).then(|| &self.doc.text[decode::content_range(node)])
    }

    /// The span of the string's contents, without quotes.
    pub fn content_span(self) -> Option<Span> {
        let node = self.node();
        (node.kind == Kind::String).then(|| {
            let r = decode::content_range(node);
            Span::new(r.start as u32, r.end as u32).shift(self.doc.base)
        })
    }

    /// Whether the parse reported nothing inside this value or at its edges (no diagnostic,
    /// comment or trailing comma, nor a byte it read as something else): its source text is
    /// then strict JSON whose tree is exactly this one, so converting the nodes gives what a
    /// strict parser of [`source`](Self::source) would give. Conservative: a diagnostic that
    /// touches the value's first or last byte counts.
    pub fn is_well_formed(self) -> bool {
        let node = self.node();
        if node.kind == Kind::Error {
            return false;
        }
        let flagged = &self.doc.flagged;
        let upto = flagged.partition_point(|&(start, _, _)| start <= node.end);
        upto == 0 || flagged[upto - 1].2 < node.start
    }

    /// Whether the string contains backslash escapes (so decoded offsets differ from source
    /// offsets).
    pub fn has_escapes(self) -> bool {
        let node = self.node();
        node.kind == Kind::String && node.flags & flags::ESCAPES != 0
    }

    /// The number, if this is a number.
    pub fn as_number(self) -> Option<Number<'d>> {
        let node = self.node();
        (node.kind == Kind::Number).then(|| Number {
            lexeme: &self.doc.text[node.span().range()],
            integer: node.flags & flags::INTEGER != 0,
        })
    }

    /// Whether this is an array or an object.
    pub fn is_container(self) -> bool {
        matches!(self.node().kind, Kind::Array | Kind::Object)
    }

    /// The elements, if this is an array (empty otherwise).
    pub fn items(self) -> Items<'d> {
        let node = self.node();
        if node.kind == Kind::Array {
            Items {
                doc: self.doc,
                next: self.id + 1,
                end: node.next,
            }
        } else {
            Items {
                doc: self.doc,
                next: 0,
                end: 0,
            }
        }
    }

    /// The members in source order, duplicates included, if this is an object (empty
    /// otherwise).
    pub fn members(self) -> Members<'d> {
        let node = self.node();
        if node.kind == Kind::Object {
            Members {
                doc: self.doc,
                next: self.id + 1,
                end: node.next,
            }
        } else {
            Members {
                doc: self.doc,
                next: 0,
                end: 0,
            }
        }
    }

    /// Number of elements or members (0 for other kinds). O(children).
    pub fn len(self) -> usize {
        match self.node().kind {
            Kind::Array => self.items().count(),
            Kind::Object => self.members().count(),
            _ => 0,
        }
    }

    /// Whether this container has no child (true for non-containers).
    pub fn is_empty(self) -> bool {
        self.node().next == self.id + 1
    }

    /// The value of member `key` of this object; with duplicates, the last one (as in
    /// `JSON.parse`).
    pub fn get(self, key: &str) -> Option<Value<'d>> {
        self.member(key).map(|m| m.value)
    }

    /// The values of several members at once, in one pass over the members (with duplicates,
    /// the last one): `[id, method] = value.get_many(["id", "method"])`.
    pub fn get_many<const N: usize>(self, keys: [&str; N]) -> [Option<Value<'d>>; N] {
        let mut out = [None; N];
        self.each_key(|key, value| {
            if let Some(i) = keys.iter().position(|k| key.is(k)) {
                out[i] = Some(value);
            }
        });
        out
    }

    /// Member `key` of this object; with duplicates, the last one.
    pub fn member(self, key: &str) -> Option<Member<'d>> {
        // A parse that reported repeated names and reported nothing at all left no object
        // with a repeated name: the first member found is the only one.
        let unique = self.doc.duplicate_keys && self.doc.flagged.is_empty();
        let mut found = None;
        self.each_key_until(|k, value| {
            if k.is(key) {
                found = Some(Member {
                    key: k.value,
                    value,
                });
                return unique;
            }
            false
        });
        found
    }

    /// Calls `visit` with each member's key and value, in order: the loop of the lookups
    /// above, which compare a key without an escape by its length and bytes in place (most
    /// lookups reject most keys by their length) and decode only a key with escapes.
    #[inline]
    fn each_key(self, mut visit: impl FnMut(KeyView<'d>, Value<'d>)) {
        self.each_key_until(|key, value| {
            visit(key, value);
            false
        });
    }

    /// [`each_key`](Self::each_key) until `visit` returns `true`.
    #[inline]
    fn each_key_until(self, mut visit: impl FnMut(KeyView<'d>, Value<'d>) -> bool) {
        let node = self.node();
        if node.kind != Kind::Object {
            return;
        }
        let doc = self.doc;
        let mut id = self.id + 1;
        while id < node.next {
            let key = doc.node(id);
            let value = Value { doc, id: id + 1 };
            let after = doc.node(id + 1).next;
            if key.kind == Kind::String
                && visit(
                    KeyView {
                        value: Value { doc, id },
                        node: key,
                    },
                    value,
                )
            {
                return;
            }
            id = after;
        }
    }

    /// Element `index` of this array.
    pub fn at(self, index: usize) -> Option<Value<'d>> {
        self.items().nth(index)
    }

    /// The node reached from here by `path`.
    pub fn find(self, path: &JsonPath) -> Option<Value<'d>> {
        let mut current = self;
        for segment in path.segments() {
            current = match (segment, current.kind()) {
                (PathSegment::Key(k), ValueKind::Object) => current.get(k)?,
                (PathSegment::Index(i), ValueKind::Array) => current.at(*i as usize)?,
                (PathSegment::Index(i), ValueKind::Object) => current.get(&i.to_string())?,
                _ => return None,
            };
        }
        Some(current)
    }

    /// The path from the root to this node.
    pub fn path(self) -> JsonPath {
        self.doc.path_of(NodeId(self.id))
    }

    /// Every string value in this value's subtree (this value itself when it is a string),
    /// object keys excluded, in source order; one pass over the arena, no recursion.
    ///
    /// ```
    /// use mcpvet_json::{parse, JsonOptions};
    ///
    /// let doc = parse(r#"{"a": ["x", {"b": "y"}], "c": 1, "d": "z"}"#, &JsonOptions::strict()).value;
    /// let found: Vec<_> = doc.root().unwrap().strings().map(|v| v.as_str().unwrap()).collect();
    /// assert_eq!(found, ["x", "y", "z"]);
    /// ```
    pub fn strings(self) -> Strings<'d> {
        let end = self.node().next;
        Strings {
            doc: self.doc,
            next: self.id,
            end,
            objects: Vec::new(),
        }
    }

    /// Where a finding about this value points: its span and its path.
    pub fn site(self) -> Site {
        Site::new(self.span(), Some(self.path()))
    }

    /// The span of an object's opening brace (where a missing member is reported), or the
    /// whole value when it is not an object.
    pub fn opening(self) -> Span {
        let span = self.span();
        if self.kind() == ValueKind::Object && !span.is_empty() {
            Span::new(span.start, span.start + 1)
        } else {
            span
        }
    }

    /// The decoded string with the source offset of every decoded byte, if this is a string:
    /// a secret inside `"Bearer \u0067hp_…"` is then pointed at exactly where it is written.
    pub fn decoded(self) -> Option<DecodedStr<'d>> {
        let node = self.node();
        if node.kind != Kind::String {
            return None;
        }
        let range = decode::content_range(node);
        let raw = &self.doc.text[range.clone()];
        let base = range.start as u32 + self.doc.base;
        Some(if node.flags & flags::ESCAPES == 0 {
            DecodedStr::verbatim(raw, base)
        } else {
            decode::unescape_with_offsets(raw, base)
        })
    }

    /// The text of this node used as an object key: the decoded string, or the source text of
    /// an invalid key.
    pub(crate) fn key_text(self) -> Cow<'d, str> {
        self.as_str()
            .unwrap_or_else(|| Cow::Borrowed(self.source()))
    }
}

impl From<Value<'_>> for Site {
    fn from(value: Value<'_>) -> Self {
        value.site()
    }
}
