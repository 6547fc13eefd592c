//! Invariant checks shared by unit tests, property tests and fuzz targets (feature `testing`).
//!
//! [`validate`] checks, on any parse result:
//!
//! - every span lies inside the input and on character boundaries;
//! - children lie inside their parent, siblings are ordered and disjoint, objects have an even
//!   number of children (key, value pairs) and every key is a string or an error;
//! - each node's span slices exactly its own source text (a string starts with a quote and,
//!   when terminated, ends with one; a number is a valid lexeme; literals are spelled out);
//! - the text between nodes holds only whitespace, structural characters (`{}[],:`), comments,
//!   or text covered by an error diagnostic (nothing is silently dropped);
//! - an `Error` node implies at least one error diagnostic, and diagnostics are sorted by span;
//! - every diagnostic span lies inside the input and on character boundaries.
//!
//! Beyond it: [`check_outcome`] (more invariants through the public API), [`render`] (the
//! snapshot form of a result), an owned value type with a canonical printer
//! ([`OwnedValue`]), and the bodies of the fuzz targets ([`fuzz_json_parse`], [`fuzz_jsonl`]
//! and, with the `fuzzing` feature, [`fuzz_json_differential`] against `serde_json`), so a
//! stable test replays the fuzz seeds through the same code.
use std::fmt::Write as _;

use mcpvet_diagnostics::{Diagnostic, JsonPath};
use mcpvet_text::Span;

use crate::document::{JsonDocument, Kind, flags};
use crate::{JsonOptions, JsonParser, Member, ParseOutcome, Value, ValueKind, parse_bytes, scan};

/// Checks every invariant listed in the module docs.
///
/// # Errors
///
/// A description of the first broken invariant.
pub fn validate(outcome: &ParseOutcome<JsonDocument<'_>>) -> Result<(), String> {
    let doc = &outcome.value;
    let text = doc.text();
    let len = text.len() as u32;
    let diags = &outcome.diagnostics;
    let boundary = |o: u32| text.is_char_boundary(o as usize);
    for d in diags {
        let spans = std::iter::once(d.span())
            .chain(d.secondary().iter().map(mcpvet_diagnostics::Label::span));
        for s in spans {
            if s.end > len || s.start > s.end || !boundary(s.start) || !boundary(s.end) {
                return Err(format!(
                    "diagnostic span {s:?} is out of bounds or off a boundary: {}",
                    d.message()
                ));
            }
        }
    }
    if diags
        .windows(2)
        .any(|w| w[0].span().start > w[1].span().start)
    {
        return Err("diagnostics are not sorted by span".into());
    }
    let has_error = diags.iter().any(Diagnostic::is_error);
    let mut error_spans: Vec<Span> = diags
        .iter()
        .filter(|d| d.is_error())
        .map(Diagnostic::span)
        .collect();
    error_spans.extend(doc.comments().iter().copied());
    for (i, node) in doc.nodes.iter().enumerate() {
        let span = node.span();
        if span.end > len || span.start > span.end || !boundary(span.start) || !boundary(span.end) {
            return Err(format!(
                "node {i} span {span:?} is out of bounds or off a boundary"
            ));
        }
        if node.next <= i as u32 || node.next as usize > doc.nodes.len() {
            return Err(format!("node {i} has a bad subtree end {}", node.next));
        }
        let src = &text[span.range()];
        match node.kind {
            Kind::Null if src != "null" => return Err(format!("null node {i} slices {src:?}")),
            Kind::True if src != "true" => return Err(format!("true node {i} slices {src:?}")),
            Kind::False if src != "false" => return Err(format!("false node {i} slices {src:?}")),
            Kind::Number
                if scan::number(src.as_bytes(), 0, src.len()).map(|(e, _)| e) != Ok(src.len()) =>
            {
                return Err(format!("number node {i} slices {src:?}"));
            }
            Kind::String => {
                if !src.starts_with('"') {
                    return Err(format!(
                        "string node {i} does not start with a quote: {src:?}"
                    ));
                }
                let terminated = node.flags & flags::UNTERMINATED == 0;
                if terminated && (src.len() < 2 || !src.ends_with('"')) {
                    return Err(format!(
                        "string node {i} does not end with a quote: {src:?}"
                    ));
                }
                if node.flags & flags::INVALID != 0 && !has_error {
                    return Err(format!(
                        "invalid string node {i} without an error diagnostic"
                    ));
                }
            }
            Kind::Array | Kind::Object => {
                if !src.starts_with(if node.kind == Kind::Array { '[' } else { '{' }) {
                    return Err(format!(
                        "container node {i} does not start with its bracket"
                    ));
                }
                let mut child = i as u32 + 1;
                let mut prev_end = span.start + 1;
                let mut count = 0;
                while child < node.next {
                    let c = doc.nodes[child as usize];
                    if c.start < prev_end || c.end > span.end {
                        return Err(format!(
                            "child {child} {:?} of node {i} {span:?} is out of order or outside",
                            c.span()
                        ));
                    }
                    if node.kind == Kind::Object
                        && count % 2 == 0
                        && !matches!(c.kind, Kind::String | Kind::Error)
                    {
                        return Err(format!("key {child} of object {i} is not a string"));
                    }
                    check_gap(text, prev_end, c.start, &error_spans)?;
                    prev_end = c.end;
                    child = c.next;
                    count += 1;
                }
                if child != node.next {
                    return Err(format!("children of node {i} overrun its subtree end"));
                }
                if node.kind == Kind::Object && count % 2 != 0 {
                    return Err(format!("object {i} has an odd number of children"));
                }
                check_gap(text, prev_end, span.end, &error_spans)?;
            }
            Kind::Error if !has_error => {
                return Err(format!("error node {i} without an error diagnostic"));
            }
            _ => {}
        }
    }
    // Gaps between roots and around them.
    let mut prev = doc.bom().map_or(0, |b| b.end);
    for root in doc.roots() {
        let s = root.span();
        if s.start < prev {
            return Err(format!("root {s:?} overlaps the previous one"));
        }
        check_gap(text, prev, s.start, &error_spans)?;
        prev = s.end;
    }
    check_gap(text, prev, len, &error_spans)?;
    Ok(())
}

fn boundary_at(text: &str, offset: u32) -> bool {
    text.is_char_boundary(offset as usize)
}

/// Text between nodes: whitespace, structure, comments, or text under an error diagnostic.
fn check_gap(text: &str, start: u32, end: u32, covered: &[Span]) -> Result<(), String> {
    let bytes = text.as_bytes();
    let mut i = start;
    while i < end {
        let b = bytes[i as usize];
        if matches!(
            b,
            b' ' | b'\t' | b'\n' | b'\r' | b'{' | b'}' | b'[' | b']' | b',' | b':'
        ) {
            i += 1;
            continue;
        }
        match covered
            .iter()
            .filter(|s| s.start <= i && i < s.end.max(s.start + 1))
            .map(|s| s.end)
            .max()
        {
            Some(e) if e > i => i = e,
            Some(_) => i += 1,
            None => {
                let mut snippet = String::new();
                let i = (0..=i).rev().find(|&p| boundary_at(text, p)).unwrap_or(0);
                let stop = (i as usize + 20).min(text.len());
                let stop = (stop..=text.len())
                    .find(|&p| text.is_char_boundary(p))
                    .unwrap_or(text.len());
                let _ = write!(snippet, "{:?}", &text[i as usize..stop]);
                return Err(format!(
                    "text at {i} between nodes is neither structure nor reported: {snippet}"
                ));
            }
        }
    }
    Ok(())
}

/// Parses with `options` and panics with a readable message if an invariant is broken.
///
/// # Panics
///
/// When [`validate`] fails.
#[track_caller]
pub fn parse_checked<'a>(text: &'a str, options: &JsonOptions) -> ParseOutcome<JsonDocument<'a>> {
    let outcome = crate::parse(text, options);
    if let Err(e) = validate(&outcome) {
        panic!(
            "invariant broken: {e}\ninput: {text:?}\ndiagnostics: {:#?}",
            outcome.diagnostics
        );
    }
    outcome
}

// ----- owned values and printing ------------------------------------------------------------

/// An owned JSON value: what a document means, without positions. Numbers keep their lexeme,
/// strings are decoded, object members keep their order and their duplicates.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum OwnedValue {
    /// `null`
    Null,
    /// `true` or `false`
    Bool(bool),
    /// A number, as its lexeme.
    Number(String),
    /// A decoded string.
    String(String),
    /// An array.
    Array(Vec<OwnedValue>),
    /// An object, members in order, duplicates kept.
    Object(Vec<(String, OwnedValue)>),
}

impl OwnedValue {
    /// The value of a parsed node, or `None` when the node or one below it is an `Error`.
    ///
    /// Recursive: the depth is bounded by the parser's nesting limit.
    pub fn from_value(value: Value<'_>) -> Option<OwnedValue> {
        Some(match value.kind() {
            ValueKind::Null => OwnedValue::Null,
            ValueKind::Bool => OwnedValue::Bool(value.as_bool()?),
            ValueKind::Number => OwnedValue::Number(value.as_number()?.lexeme().to_owned()),
            ValueKind::String => OwnedValue::String(value.as_str()?.into_owned()),
            ValueKind::Array => OwnedValue::Array(
                value
                    .items()
                    .map(OwnedValue::from_value)
                    .collect::<Option<_>>()?,
            ),
            ValueKind::Object => OwnedValue::Object(
                value
                    .members()
                    .map(|m| {
                        Some((
                            m.key.as_str()?.into_owned(),
                            OwnedValue::from_value(m.value)?,
                        ))
                    })
                    .collect::<Option<_>>()?,
            ),
            _ => return None,
        })
    }

    /// Number of nodes the parser builds for this value (keys count as nodes).
    pub fn node_count(&self) -> usize {
        match self {
            OwnedValue::Array(items) => 1 + items.iter().map(OwnedValue::node_count).sum::<usize>(),
            OwnedValue::Object(members) => {
                1 + members
                    .iter()
                    .map(|(_, v)| 1 + v.node_count())
                    .sum::<usize>()
            }
            _ => 1,
        }
    }

    /// Whether some number of this value overflows `f64` (`1e400`): `serde_json` rejects those.
    pub fn has_infinite_number(&self) -> bool {
        match self {
            OwnedValue::Number(n) => n.parse::<f64>().is_ok_and(f64::is_infinite),
            OwnedValue::Array(items) => items.iter().any(OwnedValue::has_infinite_number),
            OwnedValue::Object(members) => members.iter().any(|(_, v)| v.has_infinite_number()),
            _ => false,
        }
    }

    /// Canonical compact JSON: no whitespace, minimal string escapes.
    pub fn to_json(&self) -> String {
        let mut out = String::new();
        self.write_json(&mut out);
        out
    }

    /// Appends the canonical compact JSON of this value to `out`.
    pub fn write_json(&self, out: &mut String) {
        match self {
            OwnedValue::Null => out.push_str("null"),
            OwnedValue::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
            OwnedValue::Number(n) => out.push_str(n),
            OwnedValue::String(s) => write_json_string(out, s, EscapeStyle::Minimal),
            OwnedValue::Array(items) => {
                out.push('[');
                for (i, item) in items.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    item.write_json(out);
                }
                out.push(']');
            }
            OwnedValue::Object(members) => {
                out.push('{');
                for (i, (key, value)) in members.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    write_json_string(out, key, EscapeStyle::Minimal);
                    out.push(':');
                    value.write_json(out);
                }
                out.push('}');
            }
        }
    }
}

/// How [`write_json_string`] escapes characters.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum EscapeStyle {
    /// Only what JSON requires: `"`, `\` and control characters (short forms where they exist).
    Minimal,
    /// Also every non-ASCII character as `\uXXXX` (astral characters as surrogate pairs).
    Ascii,
    /// Every escape JSON has: `\/`, control characters as upper-case `\u00XX`, non-ASCII as
    /// `\uXXXX`, and short forms for `\b \f \n \r \t`.
    Heavy,
}

/// Appends `s` as a JSON string literal (with quotes) to `out`.
pub fn write_json_string(out: &mut String, s: &str, style: EscapeStyle) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '/' if style == EscapeStyle::Heavy => out.push_str("\\/"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '\u{8}' => out.push_str("\\b"),
            '\u{c}' => out.push_str("\\f"),
            c if (c as u32) < 0x20 => {
                if style == EscapeStyle::Heavy {
                    let _ = write!(out, "\\u{:04X}", c as u32);
                } else {
                    let _ = write!(out, "\\u{:04x}", c as u32);
                }
            }
            c if !c.is_ascii() && style != EscapeStyle::Minimal => {
                let mut units = [0u16; 2];
                for unit in c.encode_utf16(&mut units) {
                    if style == EscapeStyle::Heavy {
                        let _ = write!(out, "\\u{unit:04X}");
                    } else {
                        let _ = write!(out, "\\u{unit:04x}");
                    }
                }
            }
            c => out.push(c),
        }
    }
    out.push('"');
}

// ----- outcome checks -------------------------------------------------------------------------

/// Every node of a document in arena order (depth first, keys before their values, roots in
/// order), found by walking the public API without recursion.
pub fn preorder<'d>(doc: &'d JsonDocument<'d>) -> Vec<Value<'d>> {
    walk(doc.roots().collect())
}

/// Depth-first walk from `roots`, in order.
fn walk(roots: Vec<Value<'_>>) -> Vec<Value<'_>> {
    let mut out = Vec::new();
    let mut stack = roots;
    stack.reverse();
    while let Some(v) = stack.pop() {
        out.push(v);
        match v.kind() {
            ValueKind::Array => {
                let items: Vec<Value<'_>> = v.items().collect();
                stack.extend(items.into_iter().rev());
            }
            ValueKind::Object => {
                let members: Vec<Member<'_>> = v.members().collect();
                for m in members.into_iter().rev() {
                    stack.push(m.value);
                    stack.push(m.key);
                }
            }
            _ => {}
        }
    }
    out
}

/// [`validate`] plus the checks that only need the public API:
///
/// - diagnostics are sorted by `(start, end)`;
/// - walking the roots reaches every node of the arena exactly once, in arena order;
/// - [`JsonDocument::node_at`] at the start of any non-empty node finds that node.
///
/// # Errors
///
/// A description of the first broken invariant.
pub fn check_outcome(outcome: &ParseOutcome<JsonDocument<'_>>) -> Result<(), String> {
    validate(outcome)?;
    let diags = &outcome.diagnostics;
    if let Some(w) = diags.windows(2).find(|w| {
        let (a, b) = (w[0].span(), w[1].span());
        (a.start, a.end) > (b.start, b.end)
    }) {
        return Err(format!(
            "diagnostics not sorted by (start, end): {:?} before {:?}",
            w[0].span(),
            w[1].span()
        ));
    }
    let doc = &outcome.value;
    let nodes = preorder(doc);
    if nodes.len() != doc.node_count() {
        return Err(format!(
            "walking the roots reaches {} nodes, the arena holds {}",
            nodes.len(),
            doc.node_count()
        ));
    }
    for (i, v) in nodes.iter().enumerate() {
        if v.id().index() as usize != i {
            return Err(format!(
                "node {} is visited at position {i} of the walk",
                v.id().index()
            ));
        }
        let span = v.span();
        if !span.is_empty() {
            match doc.node_at(span.start) {
                Some(found) if found.id() == v.id() => {}
                found => {
                    return Err(format!(
                        "node_at({}) finds {found:?}, not node {} {v:?}",
                        span.start,
                        v.id().index()
                    ));
                }
            }
        }
    }
    check_strings(doc)
}

/// [`Value::strings`] and [`Value::decoded`] against the tree walk and the plain decoder:
/// the string values of each root, keys excluded, in source order; each decoded text equal
/// to [`Value::as_str`], its offsets rising from the start to the end of the contents.
fn check_strings(doc: &JsonDocument<'_>) -> Result<(), String> {
    fn values(v: Value<'_>, out: &mut Vec<u32>) {
        match v.kind() {
            ValueKind::String => out.push(v.id().index()),
            ValueKind::Object => v.members().for_each(|m| values(m.value, out)),
            ValueKind::Array => v.items().for_each(|i| values(i, out)),
            _ => {}
        }
    }
    for root in doc.roots() {
        let mut expected = Vec::new();
        values(root, &mut expected);
        let found: Vec<u32> = root.strings().map(|v| v.id().index()).collect();
        if found != expected {
            return Err(format!(
                "strings() of {root:?} visits {found:?}, the tree walk {expected:?}"
            ));
        }
    }
    for v in preorder(doc) {
        let Some(decoded) = v.decoded() else {
            continue;
        };
        let plain = v.as_str().unwrap_or_default();
        if decoded.text() != plain {
            return Err(format!(
                "decoded() of {v:?} is {:?}, as_str() {plain:?}",
                decoded.text()
            ));
        }
        let content = v.content_span().unwrap_or_default();
        let ends = (decoded.offset(0), decoded.offset(decoded.text().len()));
        let offsets: Vec<u32> = (0..=decoded.text().len())
            .map(|i| decoded.offset(i))
            .collect();
        if ends != (content.start, content.end) || offsets.windows(2).any(|w| w[0] > w[1]) {
            return Err(format!(
                "decoded() of {v:?} maps onto {ends:?} (contents {content:?}), offsets {offsets:?}"
            ));
        }
    }
    Ok(())
}

/// The readable form of a parse result used by the snapshot tests: the tree (see
/// [`JsonDocument::dump`]), then the byte order mark, comments and trailing commas, then each
/// diagnostic with its code, severity, span, the text under the span, message, labels, path and
/// help.
pub fn render(outcome: &ParseOutcome<JsonDocument<'_>>) -> String {
    let doc = &outcome.value;
    let text = doc.text();
    let mut out = doc.dump();
    if let Some(bom) = doc.bom() {
        let _ = writeln!(out, "bom @ {bom:?}");
    }
    if !doc.comments().is_empty() {
        let _ = writeln!(out, "comments @ {:?}", doc.comments());
    }
    if !doc.trailing_commas().is_empty() {
        let _ = writeln!(out, "trailing commas @ {:?}", doc.trailing_commas());
    }
    let excerpt = |span: Span| -> String {
        let Some(slice) = text.get(span.range()) else {
            return String::from(" (out of bounds)");
        };
        if slice.is_empty() {
            return String::new();
        }
        let shown: String = slice.chars().take(24).collect();
        let more = if shown.len() < slice.len() { "…" } else { "" };
        format!(" {shown:?}{more}")
    };
    if outcome.diagnostics.is_empty() {
        out.push_str("no diagnostics\n");
    }
    for d in &outcome.diagnostics {
        let _ = writeln!(
            out,
            "{} {} @ {:?}{}: {}",
            d.code(),
            d.severity(),
            d.span(),
            excerpt(d.span()),
            d.message()
        );
        if let Some(label) = d.primary().message() {
            let _ = writeln!(out, "  label: {label}");
        }
        for label in d.secondary() {
            let _ = writeln!(
                out,
                "  secondary @ {:?}{}: {}",
                label.span(),
                excerpt(label.span()),
                label.message().unwrap_or("")
            );
        }
        if let Some(path) = d.path() {
            let _ = writeln!(out, "  path: {path}");
        }
        if let Some(help) = d.help() {
            let _ = writeln!(out, "  help: {help}");
        }
    }
    out
}

// ----- fuzz target bodies ---------------------------------------------------------------------

/// Panics with the input and the message when `result` is an error.
#[track_caller]
fn ensure(result: Result<(), String>, what: &str, data: &[u8]) {
    if let Err(e) = result {
        panic!(
            "{what}: {e}\ninput ({} bytes): {:?}",
            data.len(),
            String::from_utf8_lossy(data)
        );
    }
}

/// Parses `data` with `options` three ways (a fresh parser; a reused parser that recycled
/// another document; `parse` on the `&str` when the bytes are UTF-8) and checks the results are
/// identical and pass [`check_outcome`].
///
/// # Errors
///
/// A description of the first difference or broken invariant.
pub fn check_bytes(data: &[u8], options: &JsonOptions) -> Result<(), String> {
    let first = parse_bytes(data, options);
    check_outcome(&first)?;
    let expected = render(&first);
    let mut parser = JsonParser::new(options.clone());
    let warm_up = parser.parse("[[1, 2, {\"a\": [3, 4, 5, 6, 7, 8, 9]}], \"x\", null, true]");
    parser.recycle(warm_up.value);
    let again = parser.parse_bytes(data);
    if again.diagnostics != first.diagnostics || render(&again) != expected {
        return Err(format!(
            "a reused parser gives a different result:\n{}\nversus\n{expected}",
            render(&again)
        ));
    }
    if let Ok(text) = std::str::from_utf8(data) {
        let from_str = crate::parse(text, options);
        if from_str.diagnostics != first.diagnostics || render(&from_str) != expected {
            return Err(format!(
                "parse and parse_bytes differ:\n{}\nversus\n{expected}",
                render(&from_str)
            ));
        }
    }
    Ok(())
}

/// For a document without errors: re-printing it canonically and re-parsing gives an equal
/// value, and printing that again gives the same text.
///
/// # Errors
///
/// A description of the difference.
pub fn check_reprint(outcome: &ParseOutcome<JsonDocument<'_>>) -> Result<(), String> {
    if outcome.has_errors() {
        return Ok(());
    }
    let Some(root) = outcome.value.root() else {
        return Err("a document without errors has no root".into());
    };
    let value =
        OwnedValue::from_value(root).ok_or("a document without errors holds an error node")?;
    let printed = value.to_json();
    let again = crate::parse(&printed, &JsonOptions::strict());
    if again.has_errors() {
        return Err(format!(
            "the canonical print {printed:?} does not parse: {:?}",
            again.diagnostics
        ));
    }
    let reparsed = again
        .value
        .root()
        .and_then(OwnedValue::from_value)
        .ok_or("the canonical print has no value")?;
    if reparsed != value {
        return Err(format!(
            "re-parsing the canonical print {printed:?} gives {reparsed:?}, not {value:?}"
        ));
    }
    if reparsed.to_json() != printed {
        return Err(format!("printing is not idempotent on {printed:?}"));
    }
    Ok(())
}

/// For a document without errors or duplicate keys: every node's path leads back to it, as
/// a `$` path ([`JsonPath::parse`] of its display) and as a JSON Pointer
/// ([`JsonPath::from_pointer`]); a key's path leads to its member's value.
///
/// # Errors
///
/// The first node whose path does not lead back to it.
pub fn check_paths(outcome: &ParseOutcome<JsonDocument<'_>>) -> Result<(), String> {
    // Duplicate keys make a path ambiguous, and so do lone surrogates (a path holds Rust
    // strings, where every lone surrogate reads as U+FFFD).
    if outcome.has_errors()
        || outcome.diagnostics.iter().any(|d| {
            d.code() == crate::codes::DUPLICATE_KEY || d.code() == crate::codes::LONE_SURROGATE
        })
    {
        return Ok(());
    }
    let doc = &outcome.value;
    let nodes = preorder(doc);
    // A key's path is its member's: it leads to the value.
    let mut targets: Vec<Value<'_>> = nodes.clone();
    for v in &nodes {
        for m in v.members() {
            targets[m.key.id().index() as usize] = m.value;
        }
    }
    for (node, target) in nodes.into_iter().zip(targets) {
        let path = node.path();
        let display = path.to_string();
        let parsed = JsonPath::parse(&display)
            .map_err(|e| format!("path {display:?} does not parse: {e}"))?;
        if parsed != path {
            return Err(format!(
                "path {display:?} parses as {parsed:?}, not {path:?}"
            ));
        }
        let pointer = path.to_pointer();
        let from_pointer = JsonPath::from_pointer(&pointer)
            .map_err(|e| format!("pointer {pointer:?} does not parse: {e}"))?;
        for (how, p) in [("path", &parsed), ("pointer", &from_pointer)] {
            match doc.find(p) {
                Some(found) if found.id() == target.id() => {}
                found => {
                    return Err(format!(
                        "{how} {display:?} / {pointer:?} of node {node:?} finds {found:?}, \
                         not {target:?}"
                    ));
                }
            }
        }
    }
    Ok(())
}

/// Body of the `json_parse` fuzz target: strict, JSONC and a low nesting limit; every
/// invariant of [`check_outcome`]; identical results from fresh and reused parsers and from
/// the `&str` and bytes entry points; canonical re-printing round-trips; paths lead back to
/// their nodes.
///
/// # Panics
///
/// When a property does not hold (that is the finding).
pub fn fuzz_json_parse(data: &[u8]) {
    for options in [
        JsonOptions::strict(),
        JsonOptions::jsonc(),
        JsonOptions::jsonc().with_max_depth(3),
    ] {
        ensure(check_bytes(data, &options), "parse", data);
        let outcome = parse_bytes(data, &options);
        ensure(check_reprint(&outcome), "canonical re-print", data);
        if outcome.value.node_count() <= 4096 {
            ensure(check_paths(&outcome), "paths", data);
        }
    }
    ensure(check_array_elements(data), "array elements", data);
}

/// A well-formed strict JSON array scanned by [`ArrayElements`](crate::ArrayElements), whole
/// and cut in two at every eighth byte: the element ranges are the parsed items' spans.
///
/// # Errors
///
/// The first difference, described.
pub fn check_array_elements(data: &[u8]) -> Result<(), String> {
    let outcome = parse_bytes(data, &JsonOptions::strict());
    let Some(root) = outcome.value.root() else {
        return Ok(());
    };
    if outcome.has_errors() || root.kind() != ValueKind::Array || outcome.value.bom().is_some() {
        return Ok(());
    }
    let expected: Vec<_> = root.items().map(|v| v.span().range()).collect();
    for cut in (0..=data.len()).step_by(8).chain([data.len()]) {
        let mut scan = crate::ArrayElements::default();
        let mut found = Vec::new();
        scan.scan(&data[..cut], 0, &mut found);
        scan.scan(data, cut, &mut found);
        if found != expected || !scan.closed() {
            return Err(format!(
                "cut at {cut}: elements {found:?}, items {expected:?} (closed: {})",
                scan.closed()
            ));
        }
    }
    Ok(())
}

// ----- differential against serde_json -------------------------------------------------------

/// How a strict parse compares with `serde_json`'s.
#[cfg(feature = "fuzzing")]
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
#[cfg(feature = "fuzzing")]
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
#[cfg(feature = "fuzzing")]
fn max_depth(doc: &JsonDocument<'_>) -> usize {
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

#[cfg(feature = "fuzzing")]
fn same_value(ours: Value<'_>, theirs: &serde_json::Value) -> Result<(), String> {
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
#[cfg(feature = "fuzzing")]
fn same_number(lexeme: &str, theirs: &serde_json::Number) -> bool {
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

/// Body of the `json_differential` fuzz target (see [`differential`]).
///
/// # Panics
///
/// When the two parsers disagree outside the documented differences.
#[cfg(feature = "fuzzing")]
pub fn fuzz_json_differential(data: &[u8]) {
    ensure(differential(data).map(|_| ()), "differential", data);
}

// ----- JSON Lines -----------------------------------------------------------------------------

/// Checks a JSON Lines parse of `text` against parsing each line on its own: the same
/// diagnostics (shifted by the line's offset) and the same nodes; one root per non-blank
/// line, inside its line; and `parse_ranges` over the non-blank lines gives the same result.
///
/// # Errors
///
/// A description of the first difference.
pub fn check_lines(text: &str, options: &JsonOptions) -> Result<(), String> {
    let outcome = crate::parse_lines(text, options);
    check_outcome(&outcome)?;
    let mut again = JsonParser::new(options.clone());
    let warm_up = again.parse_lines("{\"a\": [1, 2, 3]}\n[4, 5]\n");
    again.recycle(warm_up.value);
    let again = again.parse_lines(text);
    if again.diagnostics != outcome.diagnostics || render(&again) != render(&outcome) {
        return Err("a reused parser gives a different JSON Lines result".into());
    }
    let bom = text.starts_with('\u{feff}');
    let mut actual = outcome.diagnostics.clone();
    if bom {
        let at = actual
            .iter()
            .position(|d| d.code() == crate::codes::BOM && d.span() == Span::new(0, 3))
            .ok_or("a byte order mark without its warning")?;
        actual.remove(at);
    }
    let mut expected = Vec::new();
    let mut ranges = Vec::new();
    let mut skipped_comment_lines = false;
    let roots: Vec<Value<'_>> = outcome.value.roots().collect();
    for range in crate::line_ranges(text) {
        let start = if bom { range.start.max(3) } else { range.start };
        let range = start..range.end.max(start);
        let line = &text[range.clone()];
        if line
            .bytes()
            .all(|b| matches!(b, b' ' | b'\t' | b'\r' | b'\n'))
        {
            continue;
        }
        let index = ranges.len();
        ranges.push(range.clone());
        // Alone, a line is its own text, except that a byte order mark only counts at the
        // start of the file: a space in front keeps a later line's U+FEFF an unexpected
        // character, as it is inside the file.
        let (alone, offset) = if range.start == 0 {
            (line.to_owned(), 0)
        } else {
            (format!(" {line}"), range.start as u32 - 1)
        };
        let single = crate::parse(&alone, options);
        // A line holding only comments is no value: parsed alone, it is "end of input"
        // after its comments.
        let comment_only = !single.value.comments().is_empty()
            && single
                .value
                .root()
                .is_some_and(|r| r.kind() == ValueKind::Error && r.span().is_empty())
            && single
                .value
                .root()
                .is_some_and(|r| r.span().start as usize == alone.len());
        let index = if comment_only {
            ranges.pop();
            skipped_comment_lines = true;
            let end_of_input = |d: &Diagnostic| {
                d.code() == crate::codes::SYNTAX
                    && d.span().is_empty()
                    && d.span().start as usize == alone.len()
            };
            for mut d in single.diagnostics.into_iter().filter(|d| !end_of_input(d)) {
                d.shift(offset);
                expected.push(d);
            }
            continue;
        } else {
            index
        };
        for mut d in single.diagnostics {
            d.shift(offset);
            expected.push(d);
        }
        let root = roots
            .get(index)
            .ok_or_else(|| format!("no root for line {index} at {range:?}"))?;
        let span = root.span();
        if span.start < offset || span.end as usize > range.end {
            return Err(format!(
                "root {index} {span:?} is outside its line {range:?}"
            ));
        }
        let ours: Vec<(ValueKind, Span)> = subtree(*root)
            .into_iter()
            .map(|v| (v.kind(), v.span()))
            .collect();
        let theirs: Vec<(ValueKind, Span)> = preorder(&single.value)
            .into_iter()
            .map(|v| (v.kind(), v.span().shift(offset)))
            .collect();
        if ours != theirs {
            return Err(format!(
                "line {index} at {range:?}: nodes {ours:?} versus {theirs:?} when parsed alone"
            ));
        }
    }
    if roots.len() != ranges.len() {
        return Err(format!(
            "{} roots for {} non-blank lines",
            roots.len(),
            ranges.len()
        ));
    }
    if actual != expected {
        return Err(format!(
            "JSON Lines diagnostics {actual:#?}\ndiffer from the lines parsed alone {expected:#?}"
        ));
    }
    // parse_ranges parses every range it is given; it matches parse_lines when no line held
    // only comments (those lines are left out of `ranges`, so their comments would be missing).
    let by_ranges = crate::parse_ranges(text, ranges, options);
    if !skipped_comment_lines
        && (by_ranges.diagnostics != outcome.diagnostics || render(&by_ranges) != render(&outcome))
    {
        return Err("parse_ranges over the non-blank lines differs from parse_lines".into());
    }
    Ok(())
}

/// The nodes of one subtree in arena order.
fn subtree(root: Value<'_>) -> Vec<Value<'_>> {
    walk(vec![root])
}

/// Body of the `jsonl` fuzz target: the bytes are decoded like `parse_bytes` does (bad bytes
/// read as `?`), then [`check_lines`] runs in strict and JSONC modes.
///
/// # Panics
///
/// When a property does not hold.
pub fn fuzz_jsonl(data: &[u8]) {
    let decoded = crate::decode_utf8(data);
    for options in [
        JsonOptions::strict(),
        JsonOptions::jsonc().with_max_depth(3),
    ] {
        ensure(check_lines(&decoded.text, &options), "JSON Lines", data);
    }
}
