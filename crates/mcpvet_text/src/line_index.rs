/// The unit in which a column is counted.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Encoding {
    /// UTF-8 bytes (what the spans count).
    Utf8,
    /// UTF-16 code units (browsers, editors, the Language Server Protocol default).
    Utf16,
    /// Unicode scalar values (text and JSON output; SARIF `unicodeCodePoints`).
    CodePoint,
}

/// A 1-based line and column.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct LineColumn {
    /// 1-based line number.
    pub line: u32,
    /// 1-based column, in the unit that was asked for.
    pub column: u32,
}

/// A non-ASCII character with running totals of the bytes it and those before it add beyond
/// one column.
#[derive(Debug, Clone, Copy)]
struct Wide {
    offset: u32,
    len: u8,
    /// Sum over earlier wide characters of `len - 1` (extra bytes per code point).
    extra_cp: u32,
    /// Sum over earlier wide characters of `len - utf16_units`.
    extra_u16: u32,
}

impl Wide {
    fn units(self, encoding: Encoding) -> u32 {
        match encoding {
            Encoding::Utf8 => u32::from(self.len),
            Encoding::CodePoint => 1,
            Encoding::Utf16 => {
                if self.len == 4 {
                    2
                } else {
                    1
                }
            }
        }
    }

    fn extra_before(self, encoding: Encoding) -> u32 {
        match encoding {
            Encoding::Utf8 => 0,
            Encoding::CodePoint => self.extra_cp,
            Encoding::Utf16 => self.extra_u16,
        }
    }
}

/// Maps byte offsets to lines and columns and back, in O(log n).
///
/// Stores the offset where each line starts and the position of every non-ASCII character
/// with running totals, so a column in UTF-8 bytes, UTF-16 code units or code points is one
/// binary search away. CR, LF and CRLF all end a line. A byte order mark counts as a character
/// of line 1.
#[derive(Debug, Clone)]
pub struct LineIndex {
    line_starts: Vec<u32>,
    wide: Vec<Wide>,
    len: u32,
}

/// The line breaks in `text[range]`, by the rules of [`LineIndex`]: LF, CRLF (one break) and a
/// lone CR. A CR that ends the range is a break unless `text` goes on with an LF (that LF,
/// after the range, is the break), so counts over consecutive ranges add up. For a reader that
/// walks a text forward and only needs line numbers, without building an index.
///
/// # Panics
///
/// When `range` is not within `text`.
pub fn count_line_breaks(text: &str, range: std::ops::Range<usize>) -> usize {
    let end = range.end;
    let bytes = &text.as_bytes()[range];
    let mut breaks = memchr::memchr_iter(b'\n', bytes).count();
    if memchr::memchr(b'\r', bytes).is_some() {
        let after = |i: usize| {
            bytes
                .get(i + 1)
                .or_else(|| text.as_bytes().get(end))
                .copied()
        };
        breaks += bytes
            .iter()
            .enumerate()
            .filter(|&(i, &b)| b == b'\r' && after(i) != Some(b'\n'))
            .count();
    }
    breaks
}

impl LineIndex {
    /// Indexes `text`.
    ///
    /// # Panics
    ///
    /// When `text` is longer than `u32::MAX` bytes; [`SourceFile::new`](crate::SourceFile::new)
    /// refuses such inputs before indexing them.
    pub fn new(text: &str) -> Self {
        let len = u32::try_from(text.len()).expect("input length checked by SourceFile::new");
        let bytes = text.as_bytes();
        let mut line_starts = vec![0u32];
        let mut wide = Vec::new();
        let (mut extra_cp, mut extra_u16) = (0u32, 0u32);
        let mut i = 0usize;
        while i < bytes.len() {
            let b = bytes[i];
            if b < 0x80 {
                if b == b'\n' {
                    line_starts.push(i as u32 + 1);
                } else if b == b'\r' {
                    if bytes.get(i + 1) == Some(&b'\n') {
                        i += 1;
                    }
                    line_starts.push(i as u32 + 1);
                }
                i += 1;
                continue;
            }
            let char_len: u8 = match b {
                0xC0..=0xDF => 2,
                0xE0..=0xEF => 3,
                _ => 4,
            };
            wide.push(Wide {
                offset: i as u32,
                len: char_len,
                extra_cp,
                extra_u16,
            });
            extra_cp += u32::from(char_len) - 1;
            extra_u16 += u32::from(char_len) - if char_len == 4 { 2 } else { 1 };
            i += usize::from(char_len);
        }
        LineIndex {
            line_starts,
            wide,
            len,
        }
    }

    /// Number of lines (a text ending with a line break has an empty last line).
    pub fn line_count(&self) -> u32 {
        self.line_starts.len() as u32
    }

    /// Byte offset where 1-based `line` starts, if the line exists.
    pub fn line_start(&self, line: u32) -> Option<u32> {
        let idx = line.checked_sub(1)? as usize;
        self.line_starts.get(idx).copied()
    }

    /// 1-based line of `offset` (offsets past the end count as the last line).
    pub fn line_of(&self, offset: u32) -> u32 {
        self.line_starts.partition_point(|&s| s <= offset) as u32
    }

    /// Line and column of `offset`, the column counted in `encoding`.
    ///
    /// Offsets past the end are clamped to the end of the text.
    pub fn line_col(&self, offset: u32, encoding: Encoding) -> LineColumn {
        let offset = offset.min(self.len);
        let line = self.line_of(offset);
        let line_start = self.line_starts[line as usize - 1];
        let bytes = offset - line_start;
        let extra = self.extra_before(offset, encoding) - self.extra_before(line_start, encoding);
        LineColumn {
            line,
            column: bytes - extra + 1,
        }
    }

    /// Byte offset of a 1-based line and column counted in `encoding`.
    ///
    /// Returns `None` when the line does not exist, the column lies past the end of the line
    /// (the position just after the last character is allowed), or the column falls inside a
    /// character (the second half of a UTF-16 surrogate pair, a byte inside a multi-byte
    /// character).
    pub fn offset(&self, position: LineColumn, encoding: Encoding) -> Option<u32> {
        let line_start = self.line_start(position.line)?;
        let line_end = self.line_start(position.line + 1).unwrap_or(self.len);
        let target = position.column.checked_sub(1)?; // 0-based units from line start
        let first = self.wide.partition_point(|w| w.offset < line_start);
        let last = self.wide.partition_point(|w| w.offset < line_end);
        let in_line = &self.wide[first..last];
        let base_extra = self.extra_before(line_start, encoding);
        // Units from line start to the start of wide char `w`.
        let units_at = |w: &Wide| (w.offset - line_start) - (w.extra_before(encoding) - base_extra);
        let j = in_line.partition_point(|w| units_at(w) <= target);
        let offset = if j == 0 {
            line_start + target
        } else {
            let w = in_line[j - 1];
            let at = units_at(&w);
            if target == at {
                w.offset
            } else if target < at + w.units(encoding) {
                return None;
            } else {
                w.offset + u32::from(w.len) + (target - at - w.units(encoding))
            }
        };
        if offset > line_end {
            return None;
        }
        Some(offset)
    }

    /// Sum of the extra units of every wide character starting before `offset`.
    fn extra_before(&self, offset: u32, encoding: Encoding) -> u32 {
        if encoding == Encoding::Utf8 {
            return 0;
        }
        let idx = self.wide.partition_point(|w| w.offset < offset);
        match self.wide.get(idx) {
            Some(w) => w.extra_before(encoding),
            None => match self.wide.last() {
                Some(w) => {
                    w.extra_before(encoding)
                        + match encoding {
                            Encoding::Utf8 => 0,
                            Encoding::CodePoint => u32::from(w.len) - 1,
                            Encoding::Utf16 => u32::from(w.len) - w.units(Encoding::Utf16),
                        }
                }
                None => 0,
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lc(line: u32, column: u32) -> LineColumn {
        LineColumn { line, column }
    }

    #[test]
    fn line_breaks_of_all_kinds() {
        let text = "a\nb\r\nc\rd";
        let idx = LineIndex::new(text);
        assert_eq!(idx.line_count(), 4);
        assert_eq!(idx.line_col(0, Encoding::Utf8), lc(1, 1));
        assert_eq!(idx.line_col(2, Encoding::Utf8), lc(2, 1));
        assert_eq!(idx.line_col(3, Encoding::Utf8), lc(2, 2)); // the CR of CRLF
        assert_eq!(idx.line_col(4, Encoding::Utf8), lc(2, 3)); // the LF of CRLF
        assert_eq!(idx.line_col(5, Encoding::Utf8), lc(3, 1));
        assert_eq!(idx.line_col(7, Encoding::Utf8), lc(4, 1));
        assert_eq!(idx.line_col(8, Encoding::Utf8), lc(4, 2));
    }

    #[test]
    fn columns_in_three_units() {
        // é is 2 bytes / 1 unit; 日 is 3 bytes / 1 unit; 😀 is 4 bytes / 2 UTF-16 units.
        let text = "xé日😀y";
        let idx = LineIndex::new(text);
        let y = text.find('y').unwrap() as u32;
        assert_eq!(idx.line_col(y, Encoding::Utf8), lc(1, 11));
        assert_eq!(idx.line_col(y, Encoding::CodePoint), lc(1, 5));
        assert_eq!(idx.line_col(y, Encoding::Utf16), lc(1, 6));
        assert_eq!(idx.offset(lc(1, 6), Encoding::Utf16), Some(y));
        assert_eq!(idx.offset(lc(1, 5), Encoding::CodePoint), Some(y));
        // Inside the surrogate pair.
        assert_eq!(idx.offset(lc(1, 5), Encoding::Utf16), None);
        // Past the end of the line.
        assert_eq!(idx.offset(lc(1, 8), Encoding::Utf16), None);
        assert_eq!(
            idx.offset(lc(1, 7), Encoding::Utf16),
            Some(text.len() as u32)
        );
    }

    #[test]
    fn wide_chars_on_earlier_lines_do_not_shift_later_columns() {
        let text = "日本\nab";
        let idx = LineIndex::new(text);
        let b = text.find('b').unwrap() as u32;
        for enc in [Encoding::Utf8, Encoding::Utf16, Encoding::CodePoint] {
            assert_eq!(idx.line_col(b, enc), lc(2, 2));
            assert_eq!(idx.offset(lc(2, 2), enc), Some(b));
        }
    }

    #[test]
    fn round_trip_every_boundary() {
        let text = "{\"k\": \"é\"}\r\n[\"😀\", 1]\n\n日\rend";
        let idx = LineIndex::new(text);
        for (off, _) in text
            .char_indices()
            .chain(std::iter::once((text.len(), ' ')))
        {
            for enc in [Encoding::Utf8, Encoding::Utf16, Encoding::CodePoint] {
                let pos = idx.line_col(off as u32, enc);
                assert_eq!(
                    idx.offset(pos, enc),
                    Some(off as u32),
                    "{off} {enc:?} {pos:?}"
                );
            }
        }
    }
}
