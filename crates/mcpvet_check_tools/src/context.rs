//! What every check needs while it looks at one message: the protocol version, the message
//! index, whether the entry is an SDK reconstruction, and where findings go.
use mcpvet_ast::transcript::ProtocolVersion;
use mcpvet_diagnostics::{Diagnostic, Findings, RuleMeta, Severity};
use mcpvet_json::{Value, ValueKind};
use mcpvet_text::Span;

/// The context of the message being checked.
pub(crate) struct Cx<'f> {
    /// The protocol version the session is checked against.
    pub(crate) version: ProtocolVersion,
    /// The 0-based message index of the entry.
    pub(crate) index: u32,
    /// The entry is a reconstruction of SDK objects (an SDK capture, a server signature):
    /// `null` stands for an absent optional field, and wire-only checks (caching fields) do
    /// not apply.
    pub(crate) sdk: bool,
    /// Where findings go.
    pub(crate) findings: &'f mut Findings,
}

impl Cx<'_> {
    /// Whether the session's version is `version` or later.
    pub(crate) fn at_least(&self, version: ProtocolVersion) -> bool {
        self.version >= version
    }

    /// Adds `diagnostic`, tagged with the message index.
    pub(crate) fn emit(&mut self, diagnostic: Diagnostic) {
        self.findings
            .push(diagnostic.with_message_index(self.index));
    }

    /// Reports a finding of `rule` at its default severity.
    pub(crate) fn report(
        &mut self,
        rule: &'static RuleMeta,
        span: Span,
        message: impl Into<String>,
        help: impl Into<String>,
    ) {
        self.emit(rule.diagnostic(span, message).with_help(help));
    }

    /// Reports a finding of `rule` at `severity`.
    pub(crate) fn report_as(
        &mut self,
        rule: &'static RuleMeta,
        severity: Severity,
        span: Span,
        message: impl Into<String>,
        help: impl Into<String>,
    ) {
        self.emit(
            rule.diagnostic(span, message)
                .with_help(help)
                .with_severity(severity),
        );
    }

    /// Member `key` of `object`; in an SDK reconstruction a `null` member counts as absent.
    pub(crate) fn get<'d>(&self, object: Value<'d>, key: &str) -> Option<Value<'d>> {
        object.get(key).filter(|v| !(self.sdk && v.is_null()))
    }
}

/// `text` for a message: in backticks-safe form, cut to `max` characters with an ellipsis.
pub(crate) fn short(text: &str, max: usize) -> String {
    let mut out = String::with_capacity(text.len().min(max + 3));
    for (i, c) in text.chars().enumerate() {
        if i == max {
            out.push('…');
            return out;
        }
        out.push(match c {
            '`' => '\'',
            c if c.is_control() => '�',
            c => c,
        });
    }
    out
}

/// A tool, prompt or argument name for a message.
pub(crate) fn name(text: &str) -> String {
    short(text, 60)
}

/// `a` or `an` and the kind's name (`an object`, `a string`).
pub(crate) fn a_kind(kind: ValueKind) -> &'static str {
    match kind {
        ValueKind::Null => "null",
        ValueKind::Bool => "a boolean",
        ValueKind::Number => "a number",
        ValueKind::String => "a string",
        ValueKind::Array => "an array",
        ValueKind::Object => "an object",
        _ => "an invalid value",
    }
}

/// The decoded string, when `value` is a string.
pub(crate) fn string(value: Value<'_>) -> Option<String> {
    value.as_str().map(std::borrow::Cow::into_owned)
}

/// Whether `value` is `true`.
pub(crate) fn is_true(value: Option<Value<'_>>) -> bool {
    value.and_then(Value::as_bool) == Some(true)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_cuts_and_cleans() {
        assert_eq!(short("abc", 5), "abc");
        assert_eq!(short("abcdef", 3), "abc…");
        assert_eq!(short("a`b\n", 10), "a'b�");
    }
}
