use std::fmt;
use std::sync::{Arc, OnceLock};

use crate::{Encoding, LineColumn, LineIndex, Span};

/// Why a text cannot become a [`SourceFile`].
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum TextError {
    /// The input is longer than the `u32` byte offsets of a [`Span`] can address.
    InputTooLarge {
        /// Length of the input in bytes.
        len: usize,
    },
}

impl fmt::Display for TextError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TextError::InputTooLarge { len } => write!(
                f,
                "input is {len} bytes; at most {} bytes can be inspected as one file",
                u32::MAX
            ),
        }
    }
}

impl std::error::Error for TextError {}

/// A named text with a line index built on first use.
///
/// Cloning is cheap: the text is shared.
#[derive(Clone)]
pub struct SourceFile {
    name: Arc<str>,
    text: Arc<str>,
    line_index: Arc<OnceLock<LineIndex>>,
    /// For a file too large to hold (inspected as a stream): the positions that findings
    /// need, computed while the file was read; `text` is empty then.
    positions: Option<Arc<Positions>>,
}

/// Line and column of a set of offsets of a file that is not held in memory, in code points
/// and in UTF-16 code units, and optionally the text of the lines they lie on (see
/// [`SourceFile::positioned`]).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Positions {
    /// `(offset, code-point position, UTF-16 position)`, sorted by offset.
    entries: Vec<(u32, LineColumn, LineColumn)>,
    /// `(line start offset, line number, text)`, sorted by offset.
    lines: Vec<(u32, u32, String)>,
    len: u32,
}

/// The text of one line of a [`positioned`](SourceFile::positioned) file, as recorded.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LineExcerpt<'a> {
    /// The 1-based line number.
    pub line: u32,
    /// The offset of the line's first byte in the file.
    pub start: u32,
    /// The line's text, without its line break (possibly cut short by the recorder).
    pub text: &'a str,
}

impl Positions {
    /// A table for a file of `len` bytes.
    pub fn new(len: u32) -> Self {
        Positions {
            entries: Vec::new(),
            lines: Vec::new(),
            len,
        }
    }

    /// Records the position of `offset` (any order; [`SourceFile::positioned`] sorts).
    pub fn insert(&mut self, offset: u32, code_points: LineColumn, utf16: LineColumn) {
        self.entries.push((offset, code_points, utf16));
    }

    /// Records the text of line `line`, which starts at offset `start` (any order; a line
    /// recorded twice keeps its first text).
    pub fn insert_line(&mut self, start: u32, line: u32, text: String) {
        self.lines.push((start, line, text));
    }

    fn finish(mut self) -> Self {
        self.entries.sort_by_key(|e| e.0);
        self.entries.dedup_by_key(|e| e.0);
        self.lines.sort_by_key(|l| l.0);
        self.lines.dedup_by_key(|l| l.0);
        self
    }

    /// The recorded line holding `offset`.
    fn excerpt(&self, offset: u32) -> Option<LineExcerpt<'_>> {
        let i = self.lines.partition_point(|l| l.0 <= offset);
        let (start, line, text) = self.lines.get(i.checked_sub(1)?)?;
        Some(LineExcerpt {
            line: *line,
            start: *start,
            text,
        })
    }

    /// The position of `offset`: exact when it was recorded, otherwise that of the closest
    /// recorded offset before it (the line, at least, is right when both lie on one line).
    fn get(&self, offset: u32, encoding: Encoding) -> LineColumn {
        let i = self.entries.partition_point(|e| e.0 <= offset);
        match i.checked_sub(1).map(|i| self.entries[i]) {
            Some((_, cp, u16)) => match encoding {
                Encoding::Utf16 => u16,
                _ => cp,
            },
            None => LineColumn { line: 1, column: 1 },
        }
    }
}

impl SourceFile {
    /// A source file named `name` (a path, `-` for stdin, or any label) holding `text`.
    ///
    /// # Errors
    ///
    /// [`TextError::InputTooLarge`] when `text` is longer than `u32::MAX` bytes.
    pub fn new(name: impl Into<Arc<str>>, text: impl Into<Arc<str>>) -> Result<Self, TextError> {
        let text = text.into();
        check_len(text.len())?;
        Ok(SourceFile {
            name: name.into(),
            text,
            line_index: Arc::new(OnceLock::new()),
            positions: None,
        })
    }

    /// A file that is not held in memory (a capture too large to keep, inspected as a
    /// stream): its text is empty, and [`line_col`](Self::line_col) answers from `positions`,
    /// recorded while the file was read for the offsets that findings point at.
    pub fn positioned(name: impl Into<Arc<str>>, positions: Positions) -> Self {
        SourceFile {
            name: name.into(),
            text: Arc::from(""),
            line_index: Arc::new(OnceLock::new()),
            positions: Some(Arc::new(positions.finish())),
        }
    }

    /// Whether this file's text is held ([`positioned`](Self::positioned) files are not).
    pub fn has_text(&self) -> bool {
        self.positions.is_none()
    }

    /// The length of the file in bytes (also for a [`positioned`](Self::positioned) file).
    pub fn len(&self) -> u32 {
        self.positions
            .as_ref()
            .map_or(self.text.len() as u32, |p| p.len)
    }

    /// Whether the file is empty.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The name given at construction.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The whole text.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// The text a span covers.
    ///
    /// # Panics
    ///
    /// When `span` is out of bounds or not on character boundaries.
    pub fn slice(&self, span: Span) -> &str {
        &self.text[span.range()]
    }

    /// The line index, built on first use.
    pub fn line_index(&self) -> &LineIndex {
        self.line_index.get_or_init(|| LineIndex::new(&self.text))
    }

    /// For a [`positioned`](Self::positioned) file, the recorded line that holds `offset`
    /// (the last recorded line that starts at or before it); `None` for a file whose text is
    /// held (slice the text instead) or when no such line was recorded.
    pub fn excerpt(&self, offset: u32) -> Option<LineExcerpt<'_>> {
        self.positions.as_ref()?.excerpt(offset)
    }

    /// Line and column of `offset` in `encoding` (`Utf8` columns are not recorded for a
    /// [`positioned`](Self::positioned) file: code points are given instead).
    pub fn line_col(&self, offset: u32, encoding: Encoding) -> LineColumn {
        match &self.positions {
            Some(p) => p.get(offset, encoding),
            None => self.line_index().line_col(offset, encoding),
        }
    }
}

impl fmt::Debug for SourceFile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("SourceFile")
            .field("name", &self.name)
            .field("len", &self.text.len())
            .finish_non_exhaustive()
    }
}

/// Checks that an input of `len` bytes can be addressed by `u32` spans.
///
/// # Errors
///
/// [`TextError::InputTooLarge`] when it cannot.
pub fn check_len(len: usize) -> Result<u32, TextError> {
    u32::try_from(len).map_err(|_| TextError::InputTooLarge { len })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn too_large_is_an_error_value() {
        assert_eq!(check_len(u32::MAX as usize), Ok(u32::MAX));
        let err = check_len(u32::MAX as usize + 1).unwrap_err();
        assert!(matches!(err, TextError::InputTooLarge { .. }));
        assert!(err.to_string().contains("at most"));
    }

    #[test]
    fn positioned_files_answer_from_what_was_recorded() {
        let mut p = Positions::new(40);
        p.insert(
            12,
            LineColumn { line: 2, column: 3 },
            LineColumn { line: 2, column: 2 },
        );
        p.insert_line(10, 2, "a é line".to_owned());
        p.insert_line(0, 1, "first".to_owned());
        p.insert_line(10, 2, "again".to_owned());
        let file = SourceFile::positioned("big.jsonl", p);
        assert!(!file.has_text());
        assert_eq!(file.len(), 40);
        assert_eq!(file.line_col(12, Encoding::Utf16).column, 2);
        assert_eq!(file.line_col(15, Encoding::CodePoint).column, 3);
        let at = file.excerpt(12).unwrap();
        assert_eq!((at.line, at.start, at.text), (2, 10, "a é line"));
        assert_eq!(file.excerpt(3).unwrap().text, "first");
        assert_eq!(SourceFile::new("x", "text").unwrap().excerpt(0), None);
    }

    #[test]
    fn lazily_indexed() {
        let file = SourceFile::new("a.json", "[1,\n2]").unwrap();
        assert_eq!(file.name(), "a.json");
        assert_eq!(file.slice(Span::new(4, 5)), "2");
        assert_eq!(
            file.line_col(4, Encoding::Utf16),
            LineColumn { line: 2, column: 1 }
        );
    }
}
