//! The secrets of a report as texts to mask: the forms a secret written in a JSON file takes
//! in output. The policy itself (what is kept, what is starred) is
//! [`mcpvet_diagnostics::redact`]; the lint pipeline and every renderer build their
//! [`Redactor`] here.
use mcpvet_diagnostics::redact::Redactor;
use mcpvet_json::{JsonOptions, parse};
use mcpvet_text::Span;

/// A redactor of the secrets at `redactions` in `text`: each as written, without its quotes
/// when it is a JSON string, decoded (escapes resolved) and as Rust's `{:?}` prints the
/// decoded text (dumps, messages that quote a value).
pub(crate) fn redactor(text: &str, redactions: &[Span]) -> Redactor {
    Redactor::new(secret_forms(text, redactions, 0))
}

/// The forms of [`redactor`]'s secrets, for `text` starting at offset `base` of the file
/// (`redactions` are file offsets): what a streamed inspection keeps of a piece to mask, at
/// its end, the texts gathered from several pieces.
pub(crate) fn secret_forms(text: &str, redactions: &[Span], base: u32) -> Vec<String> {
    let mut forms = Vec::new();
    for &span in redactions {
        let Some(span) = span
            .start
            .checked_sub(base)
            .map(|start| Span::new(start, span.end.saturating_sub(base)))
        else {
            continue;
        };
        let raw = &text[span.clamp(text).range()];
        forms.push(raw.to_owned());
        let Some(inner) = raw
            .strip_prefix('"')
            .and_then(|r| r.strip_suffix('"'))
            .filter(|_| raw.len() >= 2)
        else {
            continue;
        };
        forms.push(inner.to_owned());
        if inner.contains('\\')
            && let Some(decoded) = parse(raw, &JsonOptions::strict())
                .value
                .root()
                .and_then(mcpvet_json::Value::as_str)
        {
            let debug = format!("{decoded:?}");
            forms.push(debug[1..debug.len() - 1].to_owned());
            forms.push(decoded.into_owned());
        }
    }
    forms
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scrubs_raw_unquoted_and_decoded_forms() {
        let text = r#"{"t": "ghp_a\u0062cdefgh", "u": "abc"}"#;
        let at = text.find("\"ghp").unwrap() as u32;
        let r = redactor(text, &[Span::new(at, at + 19), Span::new(32, 37)]);
        // A 12-character secret keeps a quarter of its characters.
        assert_eq!(
            r.scrub("value ghp_abcdefgh here"),
            "value ghp********* here"
        );
        // The head of a secret cut short keeps what the policy keeps.
        assert_eq!(r.scrub("cut: ghp_abcdef…"), "cut: ghp*******…");
        assert_eq!(r.scrub(r"raw ghp_a\u0062cdefgh"), r"raw ghp_*************");
        // Secrets shorter than eight characters are not looked for in free text.
        assert_eq!(r.scrub("abc"), "abc");
    }
}
