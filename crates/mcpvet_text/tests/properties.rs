//! Property tests of `LineIndex` (proptest): on text made of ASCII, two-, three- and four-byte
//! characters and every kind of line end (CR, LF, CRLF),
//!
//! - offset -> (line, column) -> offset is the identity on every character boundary, in all
//!   three encodings;
//! - lines and columns equal a naive reference computation;
//! - positions inside a character (a byte of a multi-byte character in UTF-8, the second half
//!   of a surrogate pair in UTF-16) and past the end of a line map to no offset.
use mcpvet_text::{Encoding, LineColumn, LineIndex};
use proptest::collection::vec;
use proptest::prelude::*;
use proptest::sample::select;

const ENCODINGS: [Encoding; 3] = [Encoding::Utf8, Encoding::Utf16, Encoding::CodePoint];

/// `cases` unless `PROPTEST_CASES` asks for another number.
fn config(cases: u32) -> ProptestConfig {
    let mut config = ProptestConfig::default();
    if std::env::var_os("PROPTEST_CASES").is_none() {
        config.cases = cases;
    }
    config
}

fn arb_text() -> impl Strategy<Value = String> {
    let piece = prop_oneof![
        4 => select(vec!["a", "b", " ", "{", "\"", "\t"]),
        2 => select(vec!["\n", "\r", "\r\n", "\n\r", "\r\r\n"]),
        2 => select(vec![
            "é", "ß", "日", "本", "😀", "🦀", "\u{feff}", "\u{10ffff}", "\u{7f}", "\u{80}",
        ]),
    ];
    prop_oneof![
        4 => vec(piece, 0..40).prop_map(|p| p.concat()),
        1 => any::<String>(),
    ]
}

/// Units of `c` in `encoding`.
fn units(c: char, encoding: Encoding) -> u32 {
    match encoding {
        Encoding::Utf8 => c.len_utf8() as u32,
        Encoding::Utf16 => c.len_utf16() as u32,
        _ => 1,
    }
}

/// Byte offsets where lines start: after every LF, and after every CR not followed by LF.
fn naive_line_starts(text: &str) -> Vec<usize> {
    let bytes = text.as_bytes();
    let mut starts = vec![0];
    for (i, &b) in bytes.iter().enumerate() {
        if b == b'\n' || (b == b'\r' && bytes.get(i + 1) != Some(&b'\n')) {
            starts.push(i + 1);
        }
    }
    starts
}

/// The line and column of `offset` computed the slow way.
fn naive_line_col(text: &str, offset: usize, encoding: Encoding) -> LineColumn {
    let starts = naive_line_starts(text);
    let line = starts
        .iter()
        .rposition(|&s| s <= offset)
        .expect("line 1 starts at 0");
    let column: u32 = text[starts[line]..offset]
        .chars()
        .map(|c| units(c, encoding))
        .sum();
    LineColumn {
        line: line as u32 + 1,
        column: column + 1,
    }
}

proptest! {
    #![proptest_config(config(256))]

    #[test]
    fn line_col_round_trips_and_matches_the_reference(text in arb_text()) {
        let index = LineIndex::new(&text);
        prop_assert_eq!(index.line_count() as usize, naive_line_starts(&text).len());
        let boundaries = text.char_indices().map(|(i, _)| i).chain([text.len()]);
        for offset in boundaries {
            for encoding in ENCODINGS {
                let position = index.line_col(offset as u32, encoding);
                prop_assert_eq!(
                    position,
                    naive_line_col(&text, offset, encoding),
                    "offset {} {:?} in {:?}", offset, encoding, text
                );
                prop_assert_eq!(
                    index.offset(position, encoding),
                    Some(offset as u32),
                    "{:?} {:?} in {:?}", position, encoding, text
                );
            }
        }
    }

    #[test]
    fn positions_inside_characters_or_past_line_ends_have_no_offset(text in arb_text()) {
        let index = LineIndex::new(&text);
        let starts = naive_line_starts(&text);
        for (line, &start) in starts.iter().enumerate() {
            let end = starts.get(line + 1).copied().unwrap_or(text.len());
            let line_text = &text[start..end];
            let line = line as u32 + 1;
            for encoding in ENCODINGS {
                // Every unit position of the line, with whether a character starts there.
                let mut column = 1;
                for c in line_text.chars() {
                    for inside in 1..units(c, encoding) {
                        let position = LineColumn { line, column: column + inside };
                        prop_assert_eq!(
                            index.offset(position, encoding),
                            None,
                            "{:?} {:?} in {:?}", position, encoding, text
                        );
                    }
                    column += units(c, encoding);
                }
                // Just past the last character of the line is allowed; one further is not.
                let after = LineColumn { line, column };
                prop_assert_eq!(index.offset(after, encoding), Some(end as u32));
                let beyond = LineColumn { line, column: column + 1 };
                prop_assert_eq!(index.offset(beyond, encoding), None);
                prop_assert_eq!(index.offset(LineColumn { line, column: 0 }, encoding), None);
            }
        }
        let past = LineColumn { line: starts.len() as u32 + 1, column: 1 };
        prop_assert_eq!(index.offset(past, Encoding::Utf8), None);
        // Offsets past the end clamp to the end.
        prop_assert_eq!(
            index.line_col(text.len() as u32 + 7, Encoding::Utf16),
            naive_line_col(&text, text.len(), Encoding::Utf16)
        );
    }
}

proptest! {
    #![proptest_config(config(512))]

    /// Counting line breaks forward over consecutive ranges agrees with the index at every
    /// character boundary, however the text is cut.
    #[test]
    fn counted_line_breaks_agree_with_the_index(text in arb_text(), cut in 0usize..64) {
        let index = LineIndex::new(&text);
        let mut line = 1usize;
        let mut from = 0usize;
        let boundaries = (0..=text.len()).filter(|&i| text.is_char_boundary(i));
        for (k, to) in boundaries.enumerate() {
            if k % (cut + 1) != 0 && to != text.len() {
                continue;
            }
            line += mcpvet_text::count_line_breaks(&text, from..to);
            from = to;
            let offset = u32::try_from(to).expect("short text");
            prop_assert_eq!(line, index.line_of(offset) as usize, "at {}", to);
        }
    }
}
