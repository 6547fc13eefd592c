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

/// Decoded ranges of the references in a string of a server definition: those of
/// [`ref_ranges`], plus the registry's `{name}` variables (`Bearer {token}`, declared in
/// the input's `variables`) and dotted `${…}` substitutions such as an MCPB manifest's
/// `${user_config.api_key}`, which the host fills in when it starts the server.
pub(crate) fn definition_ref_ranges(text: &str) -> Vec<Range<usize>> {
    let mut out = ref_ranges(text);
    let b = text.as_bytes();
    let mut i = 0;
    while i < b.len() {
        if b[i] != b'{' {
            i += 1;
            continue;
        }
        let start = i;
        let mut end = i + 1;
        // A name: dotted identifiers (`api_key`, `user_config.api_key`, `api-key`).
        let mut named = false;
        while b
            .get(end)
            .is_some_and(|&c| c.is_ascii_alphabetic() || c == b'_')
        {
            end += 1;
            while b
                .get(end)
                .is_some_and(|&c| c.is_ascii_alphanumeric() || c == b'_' || c == b'-')
            {
                end += 1;
            }
            named = true;
            if b.get(end) != Some(&b'.') {
                break;
            }
            // Another name must follow the dot.
            end += 1;
            named = false;
        }
        if named && b.get(end) == Some(&b'}') {
            let from = if start > 0 && b[start - 1] == b'$' {
                start - 1
            } else {
                start
            };
            let range = from..end + 1;
            if !touches_ref(&out, &range) {
                out.push(range);
            }
            i = end + 1;
        } else {
            i += 1;
        }
    }
    out.sort_by_key(|r| r.start);
    out
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

    #[test]
    fn definition_references() {
        let refs = |t: &str| -> Vec<String> {
            definition_ref_ranges(t)
                .into_iter()
                .map(|r| t[r].to_owned())
                .collect()
        };
        assert_eq!(refs("Bearer {token}"), ["{token}"]);
        assert_eq!(refs("{api_key}"), ["{api_key}"]);
        assert_eq!(refs("${user_config.api_key}"), ["${user_config.api_key}"]);
        assert_eq!(
            refs("x ${API_KEY} {{ secret }}"),
            ["${API_KEY}", "{{ secret }}"]
        );
        assert_eq!(refs("{a.b-c} and {x}"), ["{a.b-c}", "{x}"]);
        for literal in [
            "{}",
            "{1x}",
            "{a.}",
            "{a b}",
            "{a",
            "mcpvetSynthetic7Qx2Lm9R",
            "{.a}",
        ] {
            assert!(refs(literal).is_empty(), "{literal}");
        }
        // Config references are unchanged.
        assert_eq!(ref_ranges("Bearer {token}"), Vec::<Range<usize>>::new());
    }
}
