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
        })
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

    /// Line and column of `offset` in `encoding`.
    pub fn line_col(&self, offset: u32, encoding: Encoding) -> LineColumn {
        self.line_index().line_col(offset, encoding)
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
