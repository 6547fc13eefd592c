use mcpvet_text::Span;

use crate::Diagnostic;

/// Where checks put what they find: diagnostics, and the spans of secrets that no output may
/// show (renderers mask them in source snippets).
#[derive(Debug, Default, Clone)]
pub struct Findings {
    diagnostics: Vec<Diagnostic>,
    redactions: Vec<Span>,
}

impl Findings {
    /// An empty collection.
    pub fn new() -> Self {
        Findings::default()
    }

    /// Adds a diagnostic.
    pub fn push(&mut self, diagnostic: Diagnostic) {
        self.diagnostics.push(diagnostic);
    }

    /// Adds several diagnostics.
    pub fn extend(&mut self, diagnostics: impl IntoIterator<Item = Diagnostic>) {
        self.diagnostics.extend(diagnostics);
    }

    /// Marks `span` as secret: every renderer masks its text.
    pub fn redact(&mut self, span: Span) {
        if !self.redactions.contains(&span) {
            self.redactions.push(span);
        }
    }

    /// The diagnostics so far.
    pub fn diagnostics(&self) -> &[Diagnostic] {
        &self.diagnostics
    }

    /// Mutable access to the diagnostics (for post-processing such as filling paths).
    pub fn diagnostics_mut(&mut self) -> &mut Vec<Diagnostic> {
        &mut self.diagnostics
    }

    /// The secret spans so far.
    pub fn redactions(&self) -> &[Span] {
        &self.redactions
    }

    /// Splits into diagnostics and redactions.
    pub fn into_parts(self) -> (Vec<Diagnostic>, Vec<Span>) {
        (self.diagnostics, self.redactions)
    }
}
