//! Source text primitives for mcpvet: byte [`Span`]s, [`Spanned`] values, [`SourceFile`]s and a
//! lazily built [`LineIndex`].
//!
//! Position in the pipeline: the bottom layer. Every later crate stores positions as [`Span`]s
//! (half-open `u32` byte offsets relative to the start of the file) and converts them to lines
//! and columns only when a finding is rendered.
//!
//! ```
//! use mcpvet_text::{Encoding, SourceFile, Span};
//!
//! let file = SourceFile::new("config.json", "{\n  \"é\": 1\n}").unwrap();
//! let span = Span::new(10, 11); // the `1`
//! assert_eq!(file.slice(span), "1");
//! let pos = file.line_index().line_col(span.start, Encoding::CodePoint);
//! assert_eq!((pos.line, pos.column), (2, 8));
//! let pos = file.line_index().line_col(span.start, Encoding::Utf8);
//! assert_eq!((pos.line, pos.column), (2, 9));
//! ```
#![warn(clippy::disallowed_methods)]
#![warn(missing_docs)]

mod line_index;
mod source;
mod source_map;
mod span;

pub use line_index::{Encoding, LineColumn, LineIndex, count_line_breaks};
pub use source::{LineExcerpt, Positions, SourceFile, TextError, check_len};
pub use source_map::SourceMap;
pub use span::{Span, SpanRangeError, Spanned};
