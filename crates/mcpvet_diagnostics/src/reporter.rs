//! The one way a check reports: [`Reporter`], over the [`Findings`] of a file.
use mcpvet_text::Span;

use crate::{Diagnostic, Findings, JsonPath, RuleMeta, Severity};

/// What a finding points at: a span and, when the check holds the value it judged, that
/// value's JSON path.
///
/// A check that holds a parsed value passes the value (`mcpvet_json` converts a `Value` into
/// a `Site` with its path); a check that points inside a value (a variable reference in a
/// string, one character of a name) passes a [`Span`], and the facade fills the path of the
/// innermost value there.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Site {
    span: Span,
    path: Option<JsonPath>,
}

impl Site {
    /// A site at `span` with the path `path`.
    pub fn new(span: Span, path: Option<JsonPath>) -> Self {
        Site { span, path }
    }

    /// The span.
    pub fn span(&self) -> Span {
        self.span
    }

    /// The JSON path, when known.
    pub fn path(&self) -> Option<&JsonPath> {
        self.path.as_ref()
    }
}

impl From<Span> for Site {
    fn from(span: Span) -> Self {
        Site { span, path: None }
    }
}

/// Where every rule of every check crate reports: the findings of one file and, for a
/// transcript, the index of the message being checked (each finding is tagged with it).
///
/// ```
/// use mcpvet_diagnostics::{Findings, Reporter, declare_rule};
/// use mcpvet_text::Span;
///
/// declare_rule! {
///     /// Flags something.
///     static SOMETHING = {
///         code: "MCP599", name: "something", severity: Warning,
///         target: Transcript, since: "0.1.0",
///     }
/// }
///
/// let mut findings = Findings::new();
/// let mut report = Reporter::new(&mut findings);
/// report
///     .message(3)
///     .report(&SOMETHING, Span::new(4, 9), "`x` is wrong", "write `y`");
/// let d = &findings.diagnostics()[0];
/// assert_eq!((d.message_index(), d.help()), (Some(3), Some("write `y`")));
/// ```
#[derive(Debug)]
pub struct Reporter<'f> {
    findings: &'f mut Findings,
    message_index: Option<u32>,
}

impl<'f> Reporter<'f> {
    /// Reports into `findings`, about no message in particular (a configuration, the end of
    /// a session).
    pub fn new(findings: &'f mut Findings) -> Self {
        Reporter {
            findings,
            message_index: None,
        }
    }

    /// Reports about message `index` (0-based) into `findings`.
    pub fn for_message(findings: &'f mut Findings, index: u32) -> Self {
        Reporter {
            findings,
            message_index: Some(index),
        }
    }

    /// A reporter for message `index` that writes where this one does.
    pub fn message(&mut self, index: u32) -> Reporter<'_> {
        Reporter {
            findings: self.findings,
            message_index: Some(index),
        }
    }

    /// A reporter about no message in particular that writes where this one does.
    pub fn unindexed(&mut self) -> Reporter<'_> {
        Reporter {
            findings: self.findings,
            message_index: None,
        }
    }

    /// The index of the message being reported about, if any.
    pub fn message_index(&self) -> Option<u32> {
        self.message_index
    }

    /// Reports a finding of `rule` at its default severity at `at`, with what to do.
    pub fn report(
        &mut self,
        rule: &'static RuleMeta,
        at: impl Into<Site>,
        message: impl Into<String>,
        help: impl Into<String>,
    ) {
        self.report_as(rule, rule.default_severity, at, message, help);
    }

    /// Reports a finding of `rule` at `severity` (a dialect- or version-dependent severity).
    pub fn report_as(
        &mut self,
        rule: &'static RuleMeta,
        severity: Severity,
        at: impl Into<Site>,
        message: impl Into<String>,
        help: impl Into<String>,
    ) {
        let d = rule
            .diagnostic_at(at, message)
            .with_severity(severity)
            .with_help(help);
        self.push(d);
    }

    /// Adds a diagnostic built by the check (secondary labels, fixes), tagged with the
    /// message index unless it has one.
    pub fn push(&mut self, diagnostic: Diagnostic) {
        let diagnostic = match (self.message_index, diagnostic.message_index()) {
            (Some(index), None) => diagnostic.with_message_index(index),
            _ => diagnostic,
        };
        self.findings.push(diagnostic);
    }

    /// Marks `span` as secret: no output shows its text.
    pub fn redact(&mut self, span: Span) {
        self.findings.redact(span);
    }

    /// The findings so far (for checks that report a thing once).
    pub fn findings(&self) -> &Findings {
        self.findings
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::PathSegment;

    crate::declare_rule! {
        /// A sample.
        static SAMPLE = {
            code: "MCP401",
            name: "sample",
            severity: Error,
            target: Transcript,
            since: "0.1.0",
        }
    }

    #[test]
    fn tags_paths_severities_and_indices() {
        let mut findings = Findings::new();
        let mut r = Reporter::new(&mut findings);
        let path = JsonPath::from_segments(vec![PathSegment::Key("id".into())]);
        r.report(&SAMPLE, Site::new(Span::new(1, 2), Some(path)), "a", "b");
        r.message(7)
            .report_as(&SAMPLE, Severity::Warning, Span::new(3, 4), "c", "d");
        r.message(7).push(
            SAMPLE
                .diagnostic(Span::new(5, 6), "e")
                .with_message_index(2),
        );
        r.redact(Span::new(1, 2));
        assert_eq!(r.message_index(), None);
        let d = findings.diagnostics();
        assert_eq!(d[0].path().unwrap().to_string(), "$.id");
        assert_eq!(
            (d[0].message_index(), d[0].severity()),
            (None, Severity::Error)
        );
        assert_eq!(
            (d[1].message_index(), d[1].severity()),
            (Some(7), Severity::Warning)
        );
        assert!(d[1].path().is_none());
        assert_eq!(d[2].message_index(), Some(2));
        assert_eq!(findings.redactions(), &[Span::new(1, 2)]);
    }
}
