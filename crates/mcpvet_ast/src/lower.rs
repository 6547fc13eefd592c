use mcpvet_diagnostics::{Applicability, Diagnostic, Edit, Fix, JsonPath, RuleCode, Severity};
use mcpvet_json::{Value, ValueKind};
use mcpvet_text::{Span, Spanned};

use crate::codes;

/// A finding for each comment and each trailing comma of `doc` (MCP003, MCP004), read where
/// strict JSON is expected: `place` says where, as in "in a Claude Desktop configuration,
/// which reads strict JSON".
pub(crate) fn strict_json(
    doc: &mcpvet_json::JsonDocument<'_>,
    place: &str,
    severity: Severity,
    out: &mut Vec<Diagnostic>,
) {
    use mcpvet_json::rules::{COMMENT_NOT_ALLOWED, TRAILING_COMMA_NOT_ALLOWED};
    for &span in doc.comments() {
        let mut d = COMMENT_NOT_ALLOWED
            .diagnostic(span, format!("comment in {place}"))
            .with_severity(severity)
            .with_help("remove the comment; a strict parser rejects the whole file");
        if let Some(removed) = comment_removal(doc, span) {
            d = d.with_fix(Fix::new(
                "remove the comment",
                vec![Edit::new(removed, "")],
                Applicability::Safe,
            ));
        }
        out.push(d);
    }
    for &span in doc.trailing_commas() {
        let mut d = TRAILING_COMMA_NOT_ALLOWED
            .diagnostic(span, format!("trailing comma in {place}"))
            .with_severity(severity)
            .with_help("remove the comma; a strict parser rejects the whole file");
        if doc.slice(span) == Some(",") {
            d = d.with_fix(Fix::new(
                "remove the comma",
                vec![Edit::new(span, "")],
                Applicability::Safe,
            ));
        }
        out.push(d);
    }
}

/// What removing the comment at `span` removes: its whole line(s) when nothing else is on
/// them (line break included), the comment and the blanks before it when it ends a line
/// after other text, the comment alone otherwise. `None` when the span is not a comment of
/// the document's text.
fn comment_removal(doc: &mcpvet_json::JsonDocument<'_>, span: Span) -> Option<Span> {
    let comment = doc.slice(span)?;
    if !(comment.starts_with("//") || comment.starts_with("/*")) {
        return None;
    }
    let text = doc.text();
    let base = doc.base();
    let start = (span.start - base) as usize;
    // A line comment's span may or may not hold its line break: the line ends at the first
    // break after the comment's text.
    let end = start + comment.trim_end_matches(['\n', '\r']).len();
    let line_start = text[..start].rfind('\n').map_or(0, |i| i + 1);
    let before = &text[line_start..start];
    let rest = &text[end..];
    let line_end = rest.find('\n').map_or(text.len(), |i| end + i + 1);
    let after = &text[end..line_end];
    let blank = |s: &str| {
        s.chars()
            .all(|c| c == ' ' || c == '\t' || c == '\r' || c == '\n')
    };
    let at = |offset: usize| base + offset as u32;
    let removed = if blank(before) && blank(after) {
        Span::new(at(line_start), at(line_end))
    } else if blank(after) {
        let blanks = before.len() - before.trim_end_matches([' ', '\t']).len();
        Span::new(at(start - blanks), at(end))
    } else {
        Span::new(at(start), at(end))
    };
    Some(removed)
}

/// The result of lowering: always a value, plus the diagnostics found on the way (parse
/// diagnostics first, in source order, then lowering diagnostics).
#[derive(Debug)]
pub struct LowerOutcome<T> {
    /// The lowered AST (partial when the input had problems).
    pub value: T,
    /// Every problem found while parsing and lowering.
    pub diagnostics: Vec<Diagnostic>,
}

impl<T> LowerOutcome<T> {
    /// Whether any diagnostic is an error.
    pub fn has_errors(&self) -> bool {
        self.diagnostics.iter().any(Diagnostic::is_error)
    }
}

/// The lowering context: collects diagnostics, in the spirit of `biome_deserialize`.
///
/// Helpers read a field with the expected type and report a `wrong-type` diagnostic (with the
/// node's JSON path) when it has another; they never abort.
#[derive(Debug, Default)]
pub struct LowerCx {
    diagnostics: Vec<Diagnostic>,
}

impl LowerCx {
    /// An empty context.
    pub fn new() -> Self {
        LowerCx::default()
    }

    /// Records a diagnostic.
    pub fn report(&mut self, diagnostic: Diagnostic) {
        self.diagnostics.push(diagnostic);
    }

    /// The diagnostics so far.
    pub fn diagnostics(&self) -> &[Diagnostic] {
        &self.diagnostics
    }

    /// Takes the diagnostics out.
    pub fn into_diagnostics(self) -> Vec<Diagnostic> {
        self.diagnostics
    }

    /// Reports that `value` (named `what`, e.g. "`args`") should be of kind `expected`.
    pub fn wrong_type(&mut self, value: Value<'_>, what: &str, expected: &str, severity: Severity) {
        let found = value.kind().name();
        self.report(
            Diagnostic::new(
                codes::WRONG_TYPE,
                severity,
                value.span(),
                format!("{what} must be {expected}, found {found}"),
            )
            .with_path(value.path()),
        );
    }

    /// Reports that `field` is missing from the object `object`.
    pub fn missing(
        &mut self,
        code: RuleCode,
        object: Value<'_>,
        field: &str,
        message: impl Into<String>,
        severity: Severity,
    ) {
        let span = object_opening(object);
        self.report(
            Diagnostic::new(code, severity, span, message)
                .with_path(object.path())
                .with_help(format!("add a `{field}` member")),
        );
    }

    /// The string value of `value`, or a `wrong-type` diagnostic.
    pub fn string(
        &mut self,
        value: Value<'_>,
        what: &str,
        severity: Severity,
    ) -> Option<Spanned<String>> {
        if let Some(s) = value.as_str() {
            Some(Spanned::new(s.into_owned(), value.span()))
        } else {
            if value.kind() != ValueKind::Error {
                self.wrong_type(value, what, "a string", severity);
            }
            None
        }
    }

    /// The boolean value of `value`, or a `wrong-type` diagnostic.
    pub fn bool(
        &mut self,
        value: Value<'_>,
        what: &str,
        severity: Severity,
    ) -> Option<Spanned<bool>> {
        if let Some(b) = value.as_bool() {
            Some(Spanned::new(b, value.span()))
        } else {
            if value.kind() != ValueKind::Error {
                self.wrong_type(value, what, "true or false", severity);
            }
            None
        }
    }

    /// `value` if it is an object, or a `wrong-type` diagnostic.
    pub fn object<'d>(
        &mut self,
        value: Value<'d>,
        what: &str,
        severity: Severity,
    ) -> Option<Value<'d>> {
        if value.kind() == ValueKind::Object {
            Some(value)
        } else {
            if value.kind() != ValueKind::Error {
                self.wrong_type(value, what, "an object", severity);
            }
            None
        }
    }

    /// `value` if it is an array, or a `wrong-type` diagnostic.
    pub fn array<'d>(
        &mut self,
        value: Value<'d>,
        what: &str,
        severity: Severity,
    ) -> Option<Value<'d>> {
        if value.kind() == ValueKind::Array {
            Some(value)
        } else {
            if value.kind() != ValueKind::Error {
                self.wrong_type(value, what, "an array", severity);
            }
            None
        }
    }

    /// The strings of an array of strings; each element of another type gets a `wrong-type`
    /// diagnostic and is skipped.
    pub fn string_array(
        &mut self,
        value: Value<'_>,
        what: &str,
        severity: Severity,
    ) -> Vec<Spanned<String>> {
        let Some(array) = self.array(value, what, severity) else {
            return Vec::new();
        };
        let mut out = Vec::new();
        for (i, item) in array.items().enumerate() {
            if let Some(s) = self.string(item, &format!("{what}[{i}]"), severity) {
                out.push(s);
            }
        }
        out
    }

    /// The JSON path of `value` (for diagnostics built by hand).
    pub fn path(value: Value<'_>) -> JsonPath {
        value.path()
    }
}

/// The span of an object's opening brace (where a "missing member" is reported), or the
/// whole value when it is not an object.
pub(crate) fn object_opening(value: Value<'_>) -> Span {
    let span = value.span();
    if value.kind() == ValueKind::Object && !span.is_empty() {
        Span::new(span.start, span.start + 1)
    } else {
        span
    }
}
