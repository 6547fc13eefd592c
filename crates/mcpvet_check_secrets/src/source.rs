//! Variable references inside decoded text: a secret scanner must not read `${env:TOKEN}`
//! as a literal. The decoded text and its way back to the source are
//! [`mcpvet_json::DecodedStr`] (from [`mcpvet_json::Value::decoded`]).
use std::ops::Range;

use mcpvet_ast::vars::{self, Part};

/// Decoded ranges of the variable references in `text`.
pub(crate) fn ref_ranges(text: &str) -> Vec<Range<usize>> {
    vars::parse(text)
        .iter()
        .filter_map(Part::as_ref)
        .map(|r| r.span.range())
        .collect()
}

/// Whether `range` overlaps one of `refs`.
pub(crate) fn touches_ref(refs: &[Range<usize>], range: &Range<usize>) -> bool {
    refs.iter()
        .any(|r| r.start < range.end && range.start < r.end)
}

#[cfg(test)]
mod tests {
    use mcpvet_json::DecodedStr;
    use mcpvet_text::Span;

    use super::*;

    #[test]
    fn references() {
        let text = DecodedStr::verbatim("Bearer ${env:TOKEN} x", 10);
        let refs = ref_ranges(text.text());
        assert_eq!(refs, vec![7..19]);
        assert!(touches_ref(&refs, &(8..9)));
        assert!(!touches_ref(&refs, &(0..6)));
        assert_eq!(text.span(7..19), Span::new(17, 29));
    }
}
