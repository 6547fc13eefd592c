//! Applying fixes to a text: the pure half of `mcpvet config --fix`, shared by every face
//! (the command line writes the result, the language server and the web page show it).
//!
//! Each [`Fix`] is applied whole or not at all. Fixes are taken in the order given; a fix
//! is skipped when one of its edits is not on the text (out of bounds, inside a character,
//! overlapping another edit of the same fix) or touches an edit of a fix taken before it:
//! two edits conflict when their spans overlap, or when one of them inserts text (an empty
//! span) at a point where the other starts or ends, since the order of the two texts would
//! then be a guess. The edits taken are applied back to front, so every span still points
//! into the original text when it is used.
//!
//! ```
//! use mcpvet_diagnostics::apply::apply_fixes;
//! use mcpvet_diagnostics::{Applicability, Edit, Fix};
//! use mcpvet_text::Span;
//!
//! let text = r#"{"args": ["pkg"],}"#;
//! let comma = Fix::new("remove the comma", vec![Edit::new(Span::new(16, 17), "")], Applicability::Safe);
//! let yes = Fix::new("add `-y`", vec![Edit::new(Span::new(10, 10), "\"-y\", ")], Applicability::Safe);
//! let applied = apply_fixes(text, [&comma, &yes]);
//! assert_eq!(applied.text, r#"{"args": ["-y", "pkg"]}"#);
//! assert_eq!(applied.applied, [0, 1]);
//! ```
use mcpvet_text::Span;

use crate::Fix;

/// The text after [`apply_fixes`], and which fixes it took.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Applied {
    /// The new text.
    pub text: String,
    /// The indexes (in the order given) of the fixes applied.
    pub applied: Vec<usize>,
    /// The indexes of the fixes skipped: not on the text, or in conflict with a fix applied.
    pub skipped: Vec<usize>,
}

/// Whether two edit spans cannot both be applied: they overlap, or one inserts at a point
/// where the other starts or ends (or inserts too).
pub fn conflicts(a: Span, b: Span) -> bool {
    if a.start < b.end && b.start < a.end {
        return true;
    }
    let touches = a.start == b.start || a.start == b.end || a.end == b.start || a.end == b.end;
    touches && (a.is_empty() || b.is_empty())
}

/// Whether the edits of `fix` are on `text` (in bounds, on character boundaries) and free of
/// conflicts among themselves.
pub fn fits(text: &str, fix: &Fix) -> bool {
    let on_text = |s: Span| {
        s.start <= s.end
            && (s.end as usize) <= text.len()
            && text.is_char_boundary(s.start as usize)
            && text.is_char_boundary(s.end as usize)
    };
    let edits = fix.edits();
    !edits.is_empty()
        && edits.iter().all(|e| on_text(e.span()))
        && edits.iter().enumerate().all(|(i, a)| {
            edits[i + 1..]
                .iter()
                .all(|b| !conflicts(a.span(), b.span()))
        })
}

/// Applies `fixes` to `text`: each whole or not at all, in the order given, skipping a fix
/// that does not fit the text or conflicts with one taken before (see the module page).
pub fn apply_fixes<'a>(text: &str, fixes: impl IntoIterator<Item = &'a Fix>) -> Applied {
    let mut taken: Vec<(Span, &'a str)> = Vec::new();
    let mut applied = Vec::new();
    let mut skipped = Vec::new();
    for (index, fix) in fixes.into_iter().enumerate() {
        let free = fits(text, fix)
            && fix
                .edits()
                .iter()
                .all(|e| taken.iter().all(|&(s, _)| !conflicts(s, e.span())));
        if free {
            taken.extend(fix.edits().iter().map(|e| (e.span(), e.replacement())));
            applied.push(index);
        } else {
            skipped.push(index);
        }
    }
    taken.sort_by_key(|&(s, _)| std::cmp::Reverse((s.start, s.end)));
    let mut out = text.to_owned();
    for (span, replacement) in taken {
        out.replace_range(span.range(), replacement);
    }
    Applied {
        text: out,
        applied,
        skipped,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Applicability, Edit};

    fn fix(edits: &[(u32, u32, &str)]) -> Fix {
        Fix::new(
            "f",
            edits
                .iter()
                .map(|&(s, e, r)| Edit::new(Span::new(s, e), r))
                .collect(),
            Applicability::Safe,
        )
    }

    #[test]
    fn back_to_front_keeps_spans_valid() {
        let a = fix(&[(0, 1, "AAA"), (4, 5, "")]);
        let b = fix(&[(2, 3, "c")]);
        let out = apply_fixes("abcdef", [&a, &b]);
        assert_eq!(out.text, "AAAbcdf");
        assert_eq!(out.applied, [0, 1]);
    }

    #[test]
    fn conflicts_skip_the_later_fix_whole() {
        let a = fix(&[(1, 3, "X")]);
        // Overlaps `a`: skipped with its other edit.
        let b = fix(&[(2, 4, "Y"), (5, 6, "Z")]);
        // An insertion where `a` starts: its place relative to `X` is a guess.
        let c = fix(&[(1, 1, "I")]);
        // Adjacent replacements are fine.
        let d = fix(&[(3, 4, "W")]);
        let out = apply_fixes("abcdef", [&a, &b, &c, &d]);
        assert_eq!(out.text, "aXWef");
        assert_eq!(out.applied, [0, 3]);
        assert_eq!(out.skipped, [1, 2]);
    }

    #[test]
    fn edits_off_the_text_are_refused() {
        let past_end = fix(&[(5, 9, "")]);
        // Inside the two bytes of `é`.
        let inside_char = fix(&[(2, 2, "x")]);
        let own_conflict = fix(&[(0, 2, "x"), (1, 3, "y")]);
        let empty = Fix::new("nothing", Vec::new(), Applicability::Safe);
        let out = apply_fixes("aébc", [&past_end, &inside_char, &own_conflict, &empty]);
        assert_eq!(out.text, "aébc");
        assert!(out.applied.is_empty());
        assert_eq!(out.skipped.len(), 4);
    }

    #[test]
    fn insertions_at_one_point_conflict() {
        assert!(conflicts(Span::new(3, 3), Span::new(3, 3)));
        assert!(conflicts(Span::new(3, 3), Span::new(1, 3)));
        assert!(!conflicts(Span::new(3, 3), Span::new(4, 6)));
        assert!(!conflicts(Span::new(1, 3), Span::new(3, 5)));
    }
}
