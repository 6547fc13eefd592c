//! What the machine-readable renderers share: positions of spans and the masking of secrets.
use std::borrow::Cow;

use mcpvet_text::{Encoding, SourceFile, Span};

/// Characters of a secret left readable, as in the text renderer.
const SECRET_KEEP_CHARS: usize = 4;

/// Where a span lies: clamped byte offsets and 1-based lines and columns of both ends.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Place {
    /// Start offset, on a character boundary, within the text.
    pub(crate) start: u32,
    /// End offset, on a character boundary, `start <= end <= len`.
    pub(crate) end: u32,
    pub(crate) line: u32,
    /// In code points.
    pub(crate) column: u32,
    pub(crate) end_line: u32,
    /// In code points; the column just after the last character.
    pub(crate) end_column: u32,
    /// In UTF-16 code units.
    pub(crate) column_utf16: u32,
    /// In UTF-16 code units.
    pub(crate) end_column_utf16: u32,
}

/// The place of `span` in `file`. A span past the end of the text or inside a character is
/// clamped (widened to whole characters), never a panic.
pub(crate) fn place(file: &SourceFile, span: Span) -> Place {
    // A file inspected as a stream is not held: its positions were recorded while it was
    // read, for exactly the offsets findings use.
    let (start, end) = if file.has_text() {
        clamp(file.text(), span)
    } else {
        (
            span.start.min(file.len()),
            span.end.clamp(span.start, file.len()),
        )
    };
    let a = file.line_col(start, Encoding::CodePoint);
    let b = file.line_col(end, Encoding::CodePoint);
    let a16 = file.line_col(start, Encoding::Utf16);
    let b16 = file.line_col(end, Encoding::Utf16);
    Place {
        start,
        end,
        line: a.line,
        column: a.column,
        end_line: b.line,
        end_column: b.column,
        column_utf16: a16.column,
        end_column_utf16: b16.column,
    }
}

/// `span` inside `text` and on character boundaries (widened when it splits a character).
pub(crate) fn clamp(text: &str, span: Span) -> (u32, u32) {
    // SourceFile::new refuses texts longer than u32::MAX bytes.
    let len = text.len() as u32;
    let mut start = span.start.min(len);
    let mut end = span.end.clamp(start, len);
    while !text.is_char_boundary(start as usize) {
        start -= 1;
    }
    while !text.is_char_boundary(end as usize) {
        end += 1;
    }
    (start, end)
}

/// The secrets of one file, as texts to mask wherever they occur in a message, a label, a
/// JSON path or any other string a renderer prints.
#[derive(Debug, Default)]
pub(crate) struct Redactor {
    /// Texts long enough to have a masked part, longest first, without duplicates.
    secrets: Vec<String>,
}

impl Redactor {
    /// The secrets of `file` at `redactions`: for each, the text as written, without its
    /// quotes when it is a JSON string, and its decoded value (escapes resolved).
    pub(crate) fn new(file: &SourceFile, redactions: &[Span]) -> Self {
        Redactor::for_text(file.text(), redactions)
    }

    /// [`new`](Self::new) for a bare text.
    pub(crate) fn for_text(text: &str, redactions: &[Span]) -> Self {
        let mut secrets: Vec<String> = Vec::new();
        let mut add = |s: &str| {
            if s.chars().nth(SECRET_KEEP_CHARS).is_some() && !secrets.iter().any(|t| t == s) {
                secrets.push(s.to_owned());
            }
        };
        for &span in redactions {
            let (start, end) = clamp(text, span);
            let raw = &text[start as usize..end as usize];
            add(raw);
            if let Some(inner) = raw
                .strip_prefix('"')
                .and_then(|r| r.strip_suffix('"'))
                .filter(|_| raw.len() >= 2)
            {
                add(inner);
                if inner.contains('\\')
                    && let Ok(decoded) = serde_json::from_str::<String>(raw)
                {
                    add(&decoded);
                    // As Rust's `{:?}` would print it (dumps, messages quoting a value).
                    let debug = format!("{decoded:?}");
                    add(&debug[1..debug.len() - 1]);
                }
            }
        }
        secrets.sort_by_key(|s| std::cmp::Reverse(s.len()));
        Redactor { secrets }
    }

    /// `text` with every occurrence of a secret masked: its first characters kept (four, or
    /// a quarter of a short secret), each other character (but line breaks) replaced by `*`.
    /// A fragment of eight characters or more of a secret (a message that quotes a line cut
    /// short, a piece the parser split off) is masked whole.
    pub(crate) fn scrub<'t>(&self, text: &'t str) -> Cow<'t, str> {
        let mut out = Cow::Borrowed(text);
        for secret in &self.secrets {
            if out.contains(secret.as_str()) {
                out = Cow::Owned(out.replace(secret.as_str(), &mask(secret)));
            }
        }
        for secret in &self.secrets {
            if let Some(masked) = mask_fragments(&out, secret) {
                out = Cow::Owned(masked);
            }
        }
        out
    }

    /// [`scrub`](Self::scrub) into an owned string.
    pub(crate) fn clean(&self, text: &str) -> String {
        self.scrub(text).into_owned()
    }
}

/// Fragments shorter than this are not masked (they would mask ordinary words).
const MIN_FRAGMENT_CHARS: usize = 8;

/// How many leading characters of a secret of `len` characters stay visible: four, or a
/// quarter of a short secret (an eight-character password shows two).
pub(crate) fn keep_chars(len: usize) -> usize {
    SECRET_KEEP_CHARS.min(len / 4)
}

/// `text` with every run of at least [`MIN_FRAGMENT_CHARS`] characters that also occurs in
/// `secret` (and is not a plain word shorter than twelve letters) replaced by `*`s; `None`
/// when there is none.
fn mask_fragments(text: &str, secret: &str) -> Option<String> {
    let secret_chars: Vec<(usize, char)> = secret.char_indices().collect();
    if secret_chars.len() < MIN_FRAGMENT_CHARS || text.len() < MIN_FRAGMENT_CHARS {
        return None;
    }
    // Byte ranges of `text` to mask.
    let mut hide: Vec<(usize, usize)> = Vec::new();
    for w in 0..=secret_chars.len() - MIN_FRAGMENT_CHARS {
        let start = secret_chars[w].0;
        let end = secret_chars
            .get(w + MIN_FRAGMENT_CHARS)
            .map_or(secret.len(), |&(i, _)| i);
        let window = &secret[start..end];
        let mut from = 0;
        while let Some(found) = text[from..].find(window) {
            let at = from + found;
            // Extend the match as far as the secret and the text agree.
            let mut len = window.len();
            let rest = &secret[end..];
            for (a, b) in rest.chars().zip(text[at + len..].chars()) {
                if a != b {
                    break;
                }
                len += a.len_utf8();
            }
            // A shared word ("Anthropic" in a message and in a synthetic key) is not a leak:
            // mask fragments that look random (a digit or a symbol in them) or are long.
            let fragment = &text[at..at + len];
            let chars = fragment.chars().count();
            if chars >= 12 || fragment.chars().any(|c| !c.is_alphabetic()) {
                hide.push((at, at + len));
            }
            from = at + window.len();
        }
    }
    if hide.is_empty() {
        return None;
    }
    let mut out = String::with_capacity(text.len());
    for (i, c) in text.char_indices() {
        let hidden = hide.iter().any(|&(s, e)| s <= i && i < e);
        out.push(if hidden && c != '\n' && c != '\r' && !c.is_whitespace() {
            '*'
        } else {
            c
        });
    }
    (out != text).then_some(out)
}

/// A secret with its first characters kept and the others replaced by `*` (line breaks
/// kept, as the text renderer draws them).
fn mask(secret: &str) -> String {
    let keep = keep_chars(secret.chars().count());
    secret
        .chars()
        .enumerate()
        .map(|(i, c)| {
            if i < keep || c == '\n' || c == '\r' {
                c
            } else {
                '*'
            }
        })
        .collect()
}

/// Cuts `text` to at most `max` characters, ending with `…` when cut.
pub(crate) fn truncate_chars(text: &str, max: usize) -> Cow<'_, str> {
    if text.chars().nth(max).is_none() {
        Cow::Borrowed(text)
    } else {
        let keep: String = text.chars().take(max.saturating_sub(1)).collect();
        Cow::Owned(keep + "…")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn file(text: &str) -> SourceFile {
        SourceFile::new("f.json", text).unwrap()
    }

    #[test]
    fn places_count_code_points_and_utf16_units() {
        let f = file("{\"é😀\": \"x\"}\n");
        // `"x"` starts after `{"é😀": ` = 1 + 1 + 2 + 4 + 1 + 1 + 1 bytes.
        let p = place(&f, Span::new(11, 14));
        assert_eq!((p.line, p.column, p.end_line, p.end_column), (1, 8, 1, 11));
        assert_eq!((p.column_utf16, p.end_column_utf16), (9, 12));
        // Past the end and inside a character: clamped.
        let p = place(&f, Span::new(3, 99));
        assert_eq!((p.start, p.end), (2, 16));
        assert_eq!((p.end_line, p.end_column), (2, 1));
        let p = place(&f, Span { start: 9, end: 4 });
        assert_eq!((p.start, p.end), (9, 9));
    }

    #[test]
    fn scrubs_raw_unquoted_and_decoded_forms() {
        let text = r#"{"t": "ghp_a\u0062cdefgh", "u": "abc"}"#;
        let f = file(text);
        let at = text.find("\"ghp").unwrap() as u32;
        let r = Redactor::new(&f, &[Span::new(at, at + 19), Span::new(32, 37)]);
        // A 12-character secret keeps a quarter of its characters.
        assert_eq!(
            r.scrub("value ghp_abcdefgh here"),
            "value ghp********* here"
        );
        // A fragment of eight characters or more is masked whole.
        assert_eq!(r.scrub("cut: ghp_abcdef…"), "cut: **********…");
        assert_eq!(r.scrub(r"raw ghp_a\u0062cdefgh"), r"raw ghp_*************");
        // Secrets of four characters or fewer have nothing to mask.
        assert_eq!(r.scrub("abc"), "abc");
        assert!(matches!(r.scrub("clean"), Cow::Borrowed(_)));
    }

    #[test]
    fn truncation() {
        assert_eq!(truncate_chars("abc", 3), "abc");
        assert_eq!(truncate_chars("abcd", 3), "ab…");
    }
}
