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

use mcpvet_diagnostics::Diagnostic;
use mcpvet_text::Span;

use crate::document::{JsonDocument, Kind, flags};
use crate::{JsonOptions, ParseOutcome, scan};

mod checks;
#[cfg(feature = "fuzzing")]
mod differential;
mod fuzz;
mod lines;
mod outcome;
mod owned;

pub use checks::*;
#[cfg(feature = "fuzzing")]
pub use differential::*;
pub use fuzz::*;
pub use lines::*;
pub use outcome::*;
pub use owned::*;

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

pub(super) fn boundary_at(text: &str, offset: u32) -> bool {
    text.is_char_boundary(offset as usize)
}

/// Text between nodes: whitespace, structure, comments, or text under an error diagnostic.
pub(super) fn check_gap(text: &str, start: u32, end: u32, covered: &[Span]) -> Result<(), String> {
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
