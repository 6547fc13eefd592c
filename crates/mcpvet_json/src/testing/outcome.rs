//! Invariants checked through the public API, and the snapshot form of a parse result.
use std::fmt::Write as _;

use mcpvet_text::Span;

use super::*;
use crate::document::JsonDocument;
use crate::{Member, ParseOutcome, Value, ValueKind};

/// Every node of a document in arena order (depth first, keys before their values, roots in
/// order), found by walking the public API without recursion.
pub fn preorder<'d>(doc: &'d JsonDocument<'d>) -> Vec<Value<'d>> {
    walk(doc.roots().collect())
}

/// Depth-first walk from `roots`, in order.
pub(super) fn walk(roots: Vec<Value<'_>>) -> Vec<Value<'_>> {
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
pub(super) fn check_strings(doc: &JsonDocument<'_>) -> Result<(), String> {
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
