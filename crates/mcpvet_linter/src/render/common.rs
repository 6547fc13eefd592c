//! What the renderers share: positions of spans, clamping, truncation.
use std::borrow::Cow;

use mcpvet_text::{Encoding, SourceFile, Span};

/// Where a span lies: clamped byte offsets and 1-based lines and columns of both ends.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Place {
    /// Start offset, on a character boundary, within the text.
    pub(crate) start: u32,
    /// End offset, on a character boundary, `start <= end <= len`.
    pub(crate) end: u32,
    pub(crate) line: u32,
    /// In code points.
    pub(crate) column: u32,
    pub(crate) end_line: u32,
    /// In code points; the column just after the last character.
    pub(crate) end_column: u32,
    /// In UTF-16 code units.
    pub(crate) column_utf16: u32,
    /// In UTF-16 code units.
    pub(crate) end_column_utf16: u32,
}

/// The place of `span` in `file`. A span past the end of the text or inside a character is
/// clamped (widened to whole characters), never a panic.
pub(crate) fn place(file: &SourceFile, span: Span) -> Place {
    // A file inspected as a stream is not held: its positions were recorded while it was
    // read, for exactly the offsets findings use.
    let (start, end) = if file.has_text() {
        let s = span.clamp(file.text());
        (s.start, s.end)
    } else {
        (
            span.start.min(file.len()),
            span.end.clamp(span.start, file.len()),
        )
    };
    let a = file.line_col(start, Encoding::CodePoint);
    let b = file.line_col(end, Encoding::CodePoint);
    let a16 = file.line_col(start, Encoding::Utf16);
    let b16 = file.line_col(end, Encoding::Utf16);
    Place {
        start,
        end,
        line: a.line,
        column: a.column,
        end_line: b.line,
        end_column: b.column,
        column_utf16: a16.column,
        end_column_utf16: b16.column,
    }
}

/// Cuts `text` to at most `max` characters, ending with `…` when cut.
pub(crate) fn truncate_chars(text: &str, max: usize) -> Cow<'_, str> {
    if text.chars().nth(max).is_none() {
        Cow::Borrowed(text)
    } else {
        let keep: String = text.chars().take(max.saturating_sub(1)).collect();
        Cow::Owned(keep + "…")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn file(text: &str) -> SourceFile {
        SourceFile::new("f.json", text).unwrap()
    }

    #[test]
    fn places_count_code_points_and_utf16_units() {
        let f = file("{\"é😀\": \"x\"}\n");
        // `"x"` starts after `{"é😀": ` = 1 + 1 + 2 + 4 + 1 + 1 + 1 bytes.
        let p = place(&f, Span::new(11, 14));
        assert_eq!((p.line, p.column, p.end_line, p.end_column), (1, 8, 1, 11));
        assert_eq!((p.column_utf16, p.end_column_utf16), (9, 12));
        // Past the end and inside a character: clamped.
        let p = place(&f, Span::new(3, 99));
        assert_eq!((p.start, p.end), (2, 16));
        assert_eq!((p.end_line, p.end_column), (2, 1));
        let p = place(&f, Span { start: 9, end: 4 });
        assert_eq!((p.start, p.end), (9, 9));
    }

    #[test]
    fn truncation() {
        assert_eq!(truncate_chars("abc", 3), "abc");
        assert_eq!(truncate_chars("abcd", 3), "ab…");
    }
}
