//! Positions of the protocol (0-based line, column in UTF-16 code units) and byte offsets.
use lsp_types::{Position, Range, TextDocumentContentChangeEvent};
use mcpvet_text::{Encoding, SourceFile, Span};

/// The position of byte `offset` of `source` (clamped to its end).
pub(crate) fn position(source: &SourceFile, offset: u32) -> Position {
    let at = source.line_col(offset, Encoding::Utf16);
    Position {
        line: at.line.saturating_sub(1),
        character: at.column.saturating_sub(1),
    }
}

/// The range of `span` in `source`.
pub(crate) fn range(source: &SourceFile, span: Span) -> Range {
    Range {
        start: position(source, span.start),
        end: position(source, span.end),
    }
}

/// The byte offset of `position` in `text`, as the protocol reads a position: a line past
/// the last is the end of the text, a column past the end of its line is the end of the line
/// (before its line break), and a column inside a character (between the two halves of a
/// surrogate pair) is the start of that character. Lines end at LF, CRLF or a lone CR.
pub(crate) fn offset(text: &str, position: Position) -> usize {
    let Some(start) = line_start(text, position.line) else {
        return text.len();
    };
    let mut units = 0u32;
    for (i, c) in text[start..].char_indices() {
        if c == '\n' || c == '\r' || units >= position.character {
            return start + i;
        }
        let width = c.len_utf16() as u32;
        if units + width > position.character {
            return start + i;
        }
        units += width;
    }
    text.len()
}

/// The byte offset where 0-based `line` starts, or `None` past the last line.
fn line_start(text: &str, line: u32) -> Option<usize> {
    if line == 0 {
        return Some(0);
    }
    let bytes = text.as_bytes();
    let mut seen = 0u32;
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'\n' => seen += 1,
            b'\r' => {
                if bytes.get(i + 1) == Some(&b'\n') {
                    i += 1;
                }
                seen += 1;
            }
            _ => {}
        }
        i += 1;
        if seen == line {
            return Some(i);
        }
    }
    None
}

/// Applies one change of `textDocument/didChange` to `text`: the whole text when it has no
/// range, the range replaced otherwise (a reversed range is read in order).
pub(crate) fn apply_change(text: &mut String, change: TextDocumentContentChangeEvent) {
    match change.range {
        None => *text = change.text,
        Some(range) => {
            let a = offset(text, range.start);
            let b = offset(text, range.end);
            text.replace_range(a.min(b)..a.max(b), &change.text);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pos(line: u32, character: u32) -> Position {
        Position { line, character }
    }

    #[test]
    fn offsets_count_utf16_units() {
        // `é` is one unit (two bytes), `😀` two units (four bytes).
        let text = "aé😀b\r\nx\ry\n";
        assert_eq!(offset(text, pos(0, 0)), 0);
        assert_eq!(offset(text, pos(0, 1)), 1);
        assert_eq!(offset(text, pos(0, 2)), 3);
        // Inside the surrogate pair: the start of the character.
        assert_eq!(offset(text, pos(0, 3)), 3);
        assert_eq!(offset(text, pos(0, 4)), 7);
        assert_eq!(offset(text, pos(0, 5)), 8);
        // Past the end of the line: before its CRLF.
        assert_eq!(offset(text, pos(0, 99)), 8);
        assert_eq!(offset(text, pos(1, 0)), 10);
        assert_eq!(offset(text, pos(1, 5)), 11);
        assert_eq!(offset(text, pos(2, 1)), 13);
        assert_eq!(offset(text, pos(3, 0)), text.len());
        assert_eq!(offset(text, pos(9, 0)), text.len());
    }

    #[test]
    fn positions_and_offsets_agree() {
        let text = "{\n  \"é😀\": \"x\"\r\n}\r";
        let source = SourceFile::new("t.json", text).unwrap();
        for (i, _) in text.char_indices().chain([(text.len(), ' ')]) {
            let p = position(&source, i as u32);
            // Line breaks are not on their line: a position there maps to the line's end.
            let back = offset(text, p);
            if !matches!(text.as_bytes().get(i), Some(b'\r' | b'\n')) {
                assert_eq!(back, i, "offset {i} at {p:?}");
            }
        }
        assert_eq!(position(&source, 11), pos(1, 6));
    }

    #[test]
    fn changes_apply_in_order() {
        let mut text = String::from("{\"é\": 1}\n");
        let change = |range: Option<Range>, text: &str| TextDocumentContentChangeEvent {
            range,
            range_length: None,
            text: text.to_owned(),
        };
        // Replace `1` (after `é`, one UTF-16 unit) with `22`.
        apply_change(
            &mut text,
            change(
                Some(Range {
                    start: pos(0, 6),
                    end: pos(0, 7),
                }),
                "22",
            ),
        );
        assert_eq!(text, "{\"é\": 22}\n");
        // An insertion at the end of the text, then a reversed range.
        apply_change(
            &mut text,
            change(
                Some(Range {
                    start: pos(1, 0),
                    end: pos(1, 0),
                }),
                "//",
            ),
        );
        assert_eq!(text, "{\"é\": 22}\n//");
        apply_change(
            &mut text,
            change(
                Some(Range {
                    start: pos(1, 2),
                    end: pos(1, 0),
                }),
                "",
            ),
        );
        assert_eq!(text, "{\"é\": 22}\n");
        apply_change(&mut text, change(None, "{}"));
        assert_eq!(text, "{}");
    }
}
