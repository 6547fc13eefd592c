//! JSON Lines: one root per line, spans relative to the file.

use mcpvet_diagnostics::Diagnostic;
use mcpvet_text::Span;

use super::{Checks, check_outcome, ensure, preorder, render, walk};
use crate::{JsonOptions, JsonParser, Value, ValueKind};

/// Checks a JSON Lines parse of `text` against parsing each line on its own: the same
/// diagnostics (shifted by the line's offset) and the same nodes; one root per non-blank
/// line, inside its line; and `parse_ranges` over the non-blank lines gives the same result.
///
/// # Errors
///
/// A description of the first difference.
pub fn check_lines(text: &str, options: &JsonOptions) -> Result<(), String> {
    check_lines_with(text, options, true)
}

/// [`check_lines`], where `every` false leaves out its two costliest comparisons (a reused
/// parser's result, and `parse_ranges`'s, each rendered whole).
///
/// # Errors
///
/// A description of the first difference.
pub fn check_lines_with(text: &str, options: &JsonOptions, every: bool) -> Result<(), String> {
    let outcome = crate::parse_lines(text, options);
    check_outcome(&outcome)?;
    if every {
        let mut again = JsonParser::new(options.clone());
        let warm_up = again.parse_lines("{\"a\": [1, 2, 3]}\n[4, 5]\n");
        again.recycle(warm_up.value);
        let again = again.parse_lines(text);
        if again.diagnostics != outcome.diagnostics || render(&again) != render(&outcome) {
            return Err("a reused parser gives a different JSON Lines result".into());
        }
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
    if !every {
        return Ok(());
    }
    let by_ranges = crate::parse_ranges(text, ranges, options);
    if !skipped_comment_lines
        && (by_ranges.diagnostics != outcome.diagnostics || render(&by_ranges) != render(&outcome))
    {
        return Err("parse_ranges over the non-blank lines differs from parse_lines".into());
    }
    Ok(())
}

/// The nodes of one subtree in arena order.
pub(super) fn subtree(root: Value<'_>) -> Vec<Value<'_>> {
    walk(vec![root])
}

/// Body of the `jsonl` fuzz target: the bytes are decoded like `parse_bytes` does (bad bytes
/// read as `?`), then [`check_lines`] runs in strict mode, and in JSONC mode with a low
/// nesting limit, with [`Checks::All`] or on the inputs [`Checks::Sampled`] picks; on the
/// other inputs, strict mode only, without the reused parser and `parse_ranges`
/// comparisons ([`check_lines_with`]).
///
/// # Panics
///
/// When a property does not hold.
pub fn fuzz_jsonl(data: &[u8], checks: Checks) {
    let decoded = crate::decode_utf8(data);
    let every = checks.expensive(data);
    for options in [
        JsonOptions::strict(),
        JsonOptions::jsonc().with_max_depth(3),
    ]
    .into_iter()
    .take(if every { 2 } else { 1 })
    {
        ensure(
            check_lines_with(&decoded.text, &options, every),
            "JSON Lines",
            data,
        );
    }
}
