//! A copy of a file to share: every secret replaced by a same-shape placeholder, every other
//! byte kept (`mcpvet redact`). Pure: the command line reads and writes the files, the web
//! page offers the copy.
//!
//! The secrets are found three ways, and every span found is replaced:
//!
//! - the inspection's own ([`inspect`]: [`FileReport::redactions`], the spans of every
//!   `MCP3xx` detection, mapped into the file for TOML, YAML, HAR and cassette inputs);
//! - provider tokens anywhere in the text, outside any structure the readers understood
//!   ([`mcpvet_check_secrets::tokens::find`]);
//! - values that a shared copy must not show even when no finding would report them
//!   ([`mcpvet_check_secrets::shapes::find_to_redact`]): `Authorization`, `Cookie`,
//!   `Set-Cookie` and API-key header values, credential-named values, URL userinfo passwords
//!   and credential query parameters, however short or plain.
//!
//! Each span becomes [`filler`]: as many bytes, line breaks where they were, the prefix
//! that says what a provider token was (`ghp_`, `sk-ant-api03-`, `AKIA`, `eyJ`) kept, and
//! `R` then `x` for the rest: ASCII letters, never a character a JSON string escapes. Spans are widened so that none starts or ends inside an escape sequence (`\n`,
//! `\u0041`). So the copy has the length and the lines of the original, and every finding
//! that is not about a secret is at the same line and column; [`leftovers`] of the copy is
//! empty.
//!
//! ```
//! use mcpvet_linter::share::{leftovers, redact};
//! use mcpvet_linter::InspectOptions;
//!
//! let text = r#"{"mcpServers": {"gh": {"command": "npx", "env": {"GITHUB_TOKEN": "ghp_mcpvetShareDocToken0aB1cD2eF3gH4iJ5k"}}}}"#;
//! let copy = redact(None, ".mcp.json", text.as_bytes(), &InspectOptions::default()).unwrap();
//! let copy = String::from_utf8(copy.bytes).unwrap();
//! assert_eq!(copy.len(), text.len());
//! assert!(copy.contains(r#""GITHUB_TOKEN": "ghp_Rxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx""#));
//! assert!(leftovers(None, ".mcp.json", copy.as_bytes(), &InspectOptions::default()).unwrap().is_empty());
//! ```
use mcpvet_diagnostics::redact::{filler, is_filled};
use mcpvet_json::decode_utf8;
use mcpvet_text::{Span, TextError};

use crate::{FileReport, InputKind, InspectOptions, inspect};

/// One secret of a file: where it is and how many of its first bytes the copy keeps.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SecretSpan {
    /// Its bytes in the file.
    pub span: Span,
    /// How many of its first bytes say what it is and are kept (`ghp_`: 4).
    pub keep: u32,
}

/// A redacted copy.
#[derive(Debug, Clone)]
pub struct Redacted {
    /// The copy: as many bytes as the input.
    pub bytes: Vec<u8>,
    /// Every span replaced, in order.
    pub secrets: Vec<SecretSpan>,
    /// The inspection of the input (what it was read as; its findings).
    pub report: FileReport,
}

/// The bytes at the start of a provider token that name its kind: `eyJ` (a JWT),
/// `AKIA`/`ASIA`/`AIza`, or short
/// lower-case segments each ended by `_`, `-` or `.` (`ghp_`, `sk-ant-api03-`, `xoxb-`),
/// never more than half of it.
fn token_prefix(secret: &str) -> usize {
    // A private key keeps nothing: its `-----BEGIN` line would read as a value to redact.
    let found = if secret.starts_with("-----") {
        0
    } else if let Some(p) = ["eyJ", "AKIA", "ASIA", "AIza"]
        .iter()
        .find(|p| secret.starts_with(**p))
    {
        p.len()
    } else {
        let mut end = 0;
        loop {
            let rest = &secret[end..];
            let Some(i) = rest.find(['_', '-', '.']) else {
                break;
            };
            let segment = &rest[..i];
            let plain = !segment.is_empty()
                && segment.len() <= 6
                && segment
                    .bytes()
                    .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit());
            if !plain {
                break;
            }
            end += i + 1;
        }
        end
    };
    found.min(secret.len() / 2)
}

/// `span` widened so that it neither starts nor ends inside a backslash escape (`\n`,
/// `\"`, `\u0041`): replacing half an escape would leave an invalid one.
fn whole_escapes(b: &[u8], span: Span) -> Span {
    let escape_len = |at: usize| match b.get(at + 1) {
        Some(b'u') => 6,
        Some(_) => 2,
        None => 1,
    };
    // Whether the backslash at `at` starts an escape (an even run of backslashes before it).
    let starts_escape = |at: usize| {
        b[..at]
            .iter()
            .rev()
            .take_while(|&&c| c == b'\\')
            .count()
            .is_multiple_of(2)
    };
    let (mut start, mut end) = (span.start as usize, span.end as usize);
    for back in 1..=5usize {
        let Some(at) = start.checked_sub(back) else {
            break;
        };
        if b[at] == b'\\' && starts_escape(at) && at + escape_len(at) > start {
            start = at;
            break;
        }
    }
    let mut i = start;
    while i < end {
        if b[i] == b'\\' {
            i += escape_len(i);
        } else {
            i += 1;
        }
    }
    end = i.min(b.len());
    Span::new(start as u32, end as u32)
}

/// A secret span of `text` without the quotes around it, when a detection took a whole
/// string with them.
fn unquoted(text: &str, span: Span) -> Span {
    let s = &text[span.range()];
    let quoted = s.len() >= 2
        && ((s.starts_with('"') && s.ends_with('"')) || (s.starts_with('\'') && s.ends_with('\'')));
    if quoted {
        Span::new(span.start + 1, span.end - 1)
    } else {
        span
    }
}

/// Every secret of the input `bytes` named `name` (read as `kind`, or as detected, as for
/// [`inspect`]), sorted, merged where they overlap, less those already redacted (their text
/// is a [`filler`]); and the inspection.
///
/// # Errors
///
/// [`TextError::InputTooLarge`] when the input is longer than `u32::MAX` bytes.
pub fn secret_spans(
    kind: Option<InputKind>,
    name: &str,
    bytes: &[u8],
    options: &InspectOptions,
) -> Result<(Vec<SecretSpan>, FileReport), TextError> {
    let report = inspect(kind, name, bytes, options)?;
    let decoded = decode_utf8(bytes);
    let text: &str = &decoded.text;
    let mut spans: Vec<Span> = report.redactions.iter().map(|&s| s.clamp(text)).collect();
    spans.extend(
        mcpvet_check_secrets::tokens::find(text)
            .iter()
            .filter(|f| !f.placeholder)
            .map(|f| Span::new(f.start as u32, f.end as u32)),
    );
    spans.extend(
        mcpvet_check_secrets::shapes::find_to_redact(text)
            .iter()
            .map(|s| Span::new(s.start as u32, s.end as u32)),
    );
    let mut spans: Vec<Span> = spans
        .into_iter()
        .filter(|s| !s.is_empty())
        .map(|s| unquoted(text, s))
        .map(|s| whole_escapes(text.as_bytes(), s))
        .filter(|s| !s.is_empty())
        .collect();
    spans.sort_by_key(|s| (s.start, s.end));
    let mut merged: Vec<Span> = Vec::with_capacity(spans.len());
    for s in spans {
        match merged.last_mut() {
            Some(last) if s.start < last.end => *last = last.cover(s),
            _ => merged.push(s),
        }
    }
    let secrets = merged
        .into_iter()
        .filter(|s| {
            text.is_char_boundary(s.start as usize) && text.is_char_boundary(s.end as usize)
        })
        // Already redacted (a copy redacted again is the same copy).
        .filter(|s| !is_filled(&text[s.range()]))
        .map(|span| {
            let secret = &text[span.range()];
            let token = mcpvet_check_secrets::tokens::find(secret)
                .first()
                .is_some_and(|f| f.start == 0);
            let keep = if token { token_prefix(secret) } else { 0 };
            SecretSpan {
                span,
                keep: keep as u32,
            }
        })
        .collect();
    Ok((secrets, report))
}

/// The copy of `bytes` with every secret of [`secret_spans`] replaced by its [`filler`].
///
/// # Errors
///
/// As [`secret_spans`].
pub fn redact(
    kind: Option<InputKind>,
    name: &str,
    bytes: &[u8],
    options: &InspectOptions,
) -> Result<Redacted, TextError> {
    let (secrets, report) = secret_spans(kind, name, bytes, options)?;
    let decoded = decode_utf8(bytes);
    let text: &str = &decoded.text;
    let mut out = bytes.to_vec();
    for s in &secrets {
        let replacement = filler(&text[s.span.range()], s.keep as usize);
        out[s.span.range()].copy_from_slice(replacement.as_bytes());
    }
    Ok(Redacted {
        bytes: out,
        secrets,
        report,
    })
}

/// The secrets of `bytes` that are not redacted yet (`mcpvet redact --check`): those of
/// [`secret_spans`], which leaves out text that is already a [`filler`].
///
/// # Errors
///
/// As [`secret_spans`].
pub fn leftovers(
    kind: Option<InputKind>,
    name: &str,
    bytes: &[u8],
    options: &InspectOptions,
) -> Result<Vec<SecretSpan>, TextError> {
    Ok(secret_spans(kind, name, bytes, options)?.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prefixes_say_what_a_token_was() {
        assert_eq!(token_prefix("ghp_AbCdEfGh12345678"), 4);
        assert_eq!(token_prefix("sk-ant-api03-AbCdEfGhIjKlMnOpQrSt"), 13);
        assert_eq!(token_prefix("AKIAABCDEFGHIJKLMNOP"), 4);
        assert_eq!(token_prefix("eyJhbGciOiJIUzI1NiJ9.e30.sig"), 3);
        assert_eq!(token_prefix("Q7vK2mX9pL4wR8tZ"), 0);
        assert_eq!(token_prefix("ab_c"), 2);
    }

    #[test]
    fn spans_never_cut_an_escape() {
        let b = br#""a\u0041bc\"d""#;
        // Starting inside `\u0041`: back to its backslash.
        assert_eq!(whole_escapes(b, Span::new(4, 9)), Span::new(2, 9));
        // Ending inside `\"`: after it.
        assert_eq!(whole_escapes(b, Span::new(9, 11)), Span::new(9, 12));
        // An escaped backslash before is not an escape of the span's first byte.
        assert_eq!(whole_escapes(br"\\abc", Span::new(2, 5)), Span::new(2, 5));
    }
}
