use std::fmt;

use mcpvet_text::Span;

use crate::JsonPath;

/// A stable rule code: `MCP` followed by three digits; the hundreds digit is the family
/// (0 syntax and structure, 1 config shape and dialect, 2 transport, 3 secrets, 4 JSON-RPC and
/// lifecycle, 5 tools, prompts and resources). A code is never reused.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct RuleCode(&'static str);

impl RuleCode {
    /// Wraps a code such as `"MCP201"`.
    ///
    /// # Panics
    ///
    /// When `code` is not `MCP` followed by three ASCII digits (a programming error: codes are
    /// constants).
    pub const fn new(code: &'static str) -> Self {
        let b = code.as_bytes();
        assert!(
            b.len() == 6
                && b[0] == b'M'
                && b[1] == b'C'
                && b[2] == b'P'
                && b[3].is_ascii_digit()
                && b[4].is_ascii_digit()
                && b[5].is_ascii_digit(),
            "rule codes are MCP followed by three digits"
        );
        RuleCode(code)
    }

    /// The code as text, e.g. `"MCP201"`.
    pub const fn as_str(self) -> &'static str {
        self.0
    }

    /// The family digit (the hundreds digit).
    pub const fn family(self) -> u8 {
        self.0.as_bytes()[3] - b'0'
    }
}

impl fmt::Debug for RuleCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.0)
    }
}

impl fmt::Display for RuleCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.0)
    }
}

/// How serious a finding is. Ordered: `Info < Warning < Error`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum Severity {
    /// Worth knowing; often on purpose.
    Info,
    /// Likely wrong or fragile.
    Warning,
    /// Will fail, or violates a MUST.
    Error,
}

impl Severity {
    /// `"error"`, `"warning"` or `"info"`.
    pub const fn as_str(self) -> &'static str {
        match self {
            Severity::Info => "info",
            Severity::Warning => "warning",
            Severity::Error => "error",
        }
    }

    /// Parses `"error"`, `"warning"` or `"info"`.
    pub fn parse(text: &str) -> Option<Self> {
        match text {
            "info" => Some(Severity::Info),
            "warning" => Some(Severity::Warning),
            "error" => Some(Severity::Error),
            _ => None,
        }
    }
}

impl fmt::Display for Severity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A span with an optional short note shown under it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Label {
    span: Span,
    message: Option<String>,
}

impl Label {
    /// A label on `span` without a note.
    pub fn new(span: Span) -> Self {
        Label {
            span,
            message: None,
        }
    }

    /// A label on `span` with a note.
    pub fn with_message(span: Span, message: impl Into<String>) -> Self {
        Label {
            span,
            message: Some(message.into()),
        }
    }

    /// The span.
    pub fn span(&self) -> Span {
        self.span
    }

    /// The note, if any.
    pub fn message(&self) -> Option<&str> {
        self.message.as_deref()
    }
}

/// Whether a fix can be applied without review.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum Applicability {
    /// Keeps the meaning; safe to apply automatically.
    Safe,
    /// Changes behaviour; needs a human to look.
    Unsafe,
}

/// One text replacement.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Edit {
    span: Span,
    replacement: String,
}

impl Edit {
    /// Replace the text of `span` with `replacement`.
    pub fn new(span: Span, replacement: impl Into<String>) -> Self {
        Edit {
            span,
            replacement: replacement.into(),
        }
    }

    /// The span to replace.
    pub fn span(&self) -> Span {
        self.span
    }

    /// The new text.
    pub fn replacement(&self) -> &str {
        &self.replacement
    }
}

/// A suggested change, as edits on the original text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Fix {
    message: String,
    edits: Vec<Edit>,
    applicability: Applicability,
}

impl Fix {
    /// A fix described by `message` made of `edits`.
    pub fn new(message: impl Into<String>, edits: Vec<Edit>, applicability: Applicability) -> Self {
        Fix {
            message: message.into(),
            edits,
            applicability,
        }
    }

    /// What the fix does.
    pub fn message(&self) -> &str {
        &self.message
    }

    /// The edits, in source order.
    pub fn edits(&self) -> &[Edit] {
        &self.edits
    }

    /// Whether it can be applied without review.
    pub fn applicability(&self) -> Applicability {
        self.applicability
    }
}

/// One finding: a rule code, a severity, one sentence, and where.
///
/// The diagnostic does not own the source text; renderers receive the source alongside.
/// Messages name the offending value in backticks and never contain the value of a secret.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Diagnostic {
    code: RuleCode,
    severity: Severity,
    message: String,
    primary: Label,
    secondary: Vec<Label>,
    path: Option<JsonPath>,
    help: Option<String>,
    fix: Option<Fix>,
    message_index: Option<u32>,
}

impl Diagnostic {
    /// A diagnostic of rule `code` at `span`.
    pub fn new(code: RuleCode, severity: Severity, span: Span, message: impl Into<String>) -> Self {
        Diagnostic {
            code,
            severity,
            message: message.into(),
            primary: Label::new(span),
            secondary: Vec::new(),
            path: None,
            help: None,
            fix: None,
            message_index: None,
        }
    }

    /// Sets a note under the primary span.
    #[must_use]
    pub fn with_label(mut self, message: impl Into<String>) -> Self {
        self.primary.message = Some(message.into());
        self
    }

    /// Adds a secondary span (the first occurrence of a duplicate key, the opening bracket of
    /// an unclosed array...).
    #[must_use]
    pub fn with_secondary(mut self, label: Label) -> Self {
        self.secondary.push(label);
        self
    }

    /// Sets the JSON path of the offending node.
    #[must_use]
    pub fn with_path(mut self, path: JsonPath) -> Self {
        self.path = Some(path);
        self
    }

    /// Sets what to do about it.
    #[must_use]
    pub fn with_help(mut self, help: impl Into<String>) -> Self {
        self.help = Some(help.into());
        self
    }

    /// Sets a suggested fix.
    #[must_use]
    pub fn with_fix(mut self, fix: Fix) -> Self {
        self.fix = Some(fix);
        self
    }

    /// Sets the 0-based index of the transcript message the finding is about.
    #[must_use]
    pub fn with_message_index(mut self, index: u32) -> Self {
        self.message_index = Some(index);
        self
    }

    /// Replaces the severity (configuration overrides, dialect-dependent severities).
    #[must_use]
    pub fn with_severity(mut self, severity: Severity) -> Self {
        self.severity = severity;
        self
    }

    /// Sets what to do about it, in place.
    pub fn set_help(&mut self, help: impl Into<String>) {
        self.help = Some(help.into());
    }

    /// Removes the fix, in place, and returns it (a finding moved into a file of another
    /// syntax gets its fix translated or dropped).
    pub fn take_fix(&mut self) -> Option<Fix> {
        self.fix.take()
    }

    /// Sets the fix, in place.
    pub fn set_fix(&mut self, fix: Fix) {
        self.fix = Some(fix);
    }

    /// Adds a secondary span, in place.
    pub fn add_secondary(&mut self, label: Label) {
        self.secondary.push(label);
    }

    /// Sets the JSON path, in place.
    pub fn set_path(&mut self, path: JsonPath) {
        self.path = Some(path);
    }

    /// Sets the JSON path when none is set yet.
    pub fn set_path_if_missing(&mut self, path: impl FnOnce() -> Option<JsonPath>) {
        if self.path.is_none() {
            self.path = path();
        }
    }

    /// Rewrites every text of the diagnostic (message, labels, help, fix message) with
    /// `rewrite`, which returns `None` to keep a text as it is. Used to mask secrets that a
    /// message quotes.
    pub fn rewrite_texts(&mut self, rewrite: impl Fn(&str) -> Option<String>) {
        if let Some(new) = rewrite(&self.message) {
            self.message = new;
        }
        for label in std::iter::once(&mut self.primary).chain(self.secondary.iter_mut()) {
            if let Some(new) = label.message.as_deref().and_then(&rewrite) {
                label.message = Some(new);
            }
        }
        if let Some(new) = self.help.as_deref().and_then(&rewrite) {
            self.help = Some(new);
        }
        if let Some(fix) = &mut self.fix
            && let Some(new) = rewrite(&fix.message)
        {
            fix.message = new;
        }
    }

    /// Moves every span right by `offset` bytes (rebasing a diagnostic computed on a sub-slice).
    pub fn shift(&mut self, offset: u32) {
        self.map_spans(|span| span.shift(offset));
    }

    /// Replaces every span (primary, secondary labels, fix edits) by `map` of it: a finding
    /// made on a derived text (a YAML document read as JSON) is moved into the file it was
    /// derived from.
    pub fn map_spans(&mut self, map: impl Fn(Span) -> Span) {
        self.primary.span = map(self.primary.span);
        for label in &mut self.secondary {
            label.span = map(label.span);
        }
        if let Some(fix) = &mut self.fix {
            for edit in &mut fix.edits {
                edit.span = map(edit.span);
            }
        }
    }

    /// The rule code.
    pub fn code(&self) -> RuleCode {
        self.code
    }

    /// The severity.
    pub fn severity(&self) -> Severity {
        self.severity
    }

    /// One sentence, no trailing period.
    pub fn message(&self) -> &str {
        &self.message
    }

    /// The primary label.
    pub fn primary(&self) -> &Label {
        &self.primary
    }

    /// The primary span.
    pub fn span(&self) -> Span {
        self.primary.span
    }

    /// Secondary labels.
    pub fn secondary(&self) -> &[Label] {
        &self.secondary
    }

    /// JSON path of the offending node, when known.
    pub fn path(&self) -> Option<&JsonPath> {
        self.path.as_ref()
    }

    /// What to do about it.
    pub fn help(&self) -> Option<&str> {
        self.help.as_deref()
    }

    /// A suggested fix.
    pub fn fix(&self) -> Option<&Fix> {
        self.fix.as_ref()
    }

    /// Index of the transcript message, for transcript findings.
    pub fn message_index(&self) -> Option<u32> {
        self.message_index
    }

    /// Whether this is an error.
    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn builder_and_accessors() {
        let mut d = Diagnostic::new(
            RuleCode::new("MCP002"),
            Severity::Error,
            Span::new(5, 8),
            "x",
        )
        .with_label("again here")
        .with_secondary(Label::with_message(Span::new(1, 4), "first here"))
        .with_fix(Fix::new(
            "remove",
            vec![Edit::new(Span::new(5, 8), "")],
            Applicability::Unsafe,
        ))
        .with_message_index(3);
        d.shift(10);
        assert_eq!(d.span(), Span::new(15, 18));
        assert_eq!(d.secondary()[0].span(), Span::new(11, 14));
        assert_eq!(d.fix().unwrap().edits()[0].span(), Span::new(15, 18));
        assert_eq!(d.primary().message(), Some("again here"));
        assert_eq!(d.message_index(), Some(3));
        assert_eq!(d.code().family(), 0);
        assert!(d.is_error());
        assert!(Severity::Info < Severity::Warning && Severity::Warning < Severity::Error);
        assert_eq!(Severity::parse("warning"), Some(Severity::Warning));
    }

    #[test]
    #[should_panic(expected = "rule codes")]
    fn bad_code_panics() {
        let _ = RuleCode::new("X1");
    }
}
