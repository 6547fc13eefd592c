//! Renderers: turn findings into text for people or tools.
//!
//! Each renderer takes the [`SourceFile`](mcpvet_text::SourceFile) the findings are about and
//! returns a `String`; none writes anywhere.

pub mod text;
