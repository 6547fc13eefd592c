//! The one masking policy: how a secret is shown, wherever it is shown.
//!
//! A secret keeps its first [`keep_chars`] characters (four, or a quarter of a secret shorter
//! than sixteen characters, so a short password is not half shown); every other character
//! reads as `*`, one per character so underlines stay aligned, line breaks kept. Four forms
//! follow from that one rule:
//!
//! - [`describe`]: a secret named in a message, without its text: `ghp_… (40 chars)`;
//! - [`mask`]: a secret's text with its hidden characters starred: `ghp_************`;
//! - [`SpanMask`]: which characters of a source text to star, from the secrets' spans (source
//!   snippets, the lines of a streamed report);
//! - [`Redactor`]: every occurrence of a whole secret's text (and the head of one a quote
//!   cut short) masked in any other string an output prints (messages, labels, help, JSON
//!   paths, server summaries), and nothing else: masking changes the secret and leaves every
//!   other character of a text as it was. A secret shorter than [`MIN_SEARCH_CHARS`] is not
//!   searched for in free text at all (it would mask ordinary words); it is masked at its
//!   span only.
//!
//! ```
//! use mcpvet_diagnostics::redact::{describe, mask};
//!
//! assert_eq!(describe("ghp_mcpvetSyntheticDocToken0aB1cD2eF3gH4"), "ghp_… (40 chars)");
//! assert_eq!(describe("hunter2hunter2"), "hun… (14 chars)");
//! assert_eq!(mask("hunter2hunter2"), "hun***********");
//! ```
use std::borrow::Cow;

use mcpvet_text::Span;

/// Characters of a secret left readable at most.
pub const KEEP_CHARS: usize = 4;

/// Secrets shorter than this (in characters) are not searched for in free text: a short
/// password is as likely an ordinary word of a message, a path or a name. They are masked at
/// their span (source snippets, streamed lines) only.
pub const MIN_SEARCH_CHARS: usize = 8;

/// How many leading characters of a secret of `len` characters stay visible: four, or a
/// quarter of a short secret (an eight-character password shows two).
///
/// ```
/// use mcpvet_diagnostics::redact::keep_chars;
/// assert_eq!((keep_chars(40), keep_chars(14), keep_chars(8), keep_chars(3)), (4, 3, 2, 0));
/// ```
pub const fn keep_chars(len: usize) -> usize {
    if len / 4 < KEEP_CHARS {
        len / 4
    } else {
        KEEP_CHARS
    }
}

/// Names a secret without showing it: its first [`keep_chars`] characters (control
/// characters as `?`), `…`, and its length in characters.
///
/// ```
/// use mcpvet_diagnostics::redact::describe;
/// assert_eq!(describe("pw"), "… (2 chars)");
/// ```
pub fn describe(secret: &str) -> String {
    let count = secret.chars().count();
    let head: String = secret
        .chars()
        .take(keep_chars(count))
        .map(|c| if c.is_control() { '?' } else { c })
        .collect();
    format!("{head}… ({count} chars)")
}

/// A secret's text with its first [`keep_chars`] characters kept and every other character
/// replaced by `*` (line breaks kept, as the text renderer draws them).
pub fn mask(secret: &str) -> String {
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

/// A same-shape stand-in for `secret` in a copy of a file to share (`mcpvet redact`): as
/// many bytes, its first `keep` bytes kept (a prefix that says what the secret was, such as
/// `ghp_`; cut to a character boundary, to ASCII and to half the secret), line breaks kept
/// where they are, and every other byte written as `R` (the first) then `x`. ASCII letters
/// only, so a multi-byte character becomes as many letters, nothing needs escaping or
/// quoting in JSON, TOML or YAML, and text outside any string (a token pasted bare into
/// broken JSON) still reads as one word. A run of `x` is a placeholder to every secret
/// detector, never a secret; the `R` keeps it from reading as the `xxx` of an unfilled URL
/// or path. [`is_filled`] recognises it.
///
/// ```
/// use mcpvet_diagnostics::redact::{filler, is_filled};
///
/// assert_eq!(filler("ghp_abcdef1234", 4), "ghp_Rxxxxxxxxx");
/// assert_eq!(filler("pässword", 0), "Rxxxxxxxx");
/// assert_eq!(filler("ab\ncd", 0), "Rx\nxx");
/// assert!(is_filled(&filler("sk-ant-api03-secret-value-0123456789", 13)));
/// assert!(!is_filled("Q7vK2mX9pL4wR8tx"));
/// ```
pub fn filler(secret: &str, keep: usize) -> String {
    let mut keep = keep.min(secret.len() / 2);
    while keep > 0 && !(secret.is_char_boundary(keep) && secret[..keep].is_ascii()) {
        keep -= 1;
    }
    let mut out = String::with_capacity(secret.len());
    out.push_str(&secret[..keep]);
    let mut first = true;
    for b in secret[keep..].bytes() {
        if matches!(b, b'\n' | b'\r') {
            out.push(char::from(b));
        } else if first {
            out.push('R');
            first = false;
        } else {
            out.push('x');
        }
    }
    out
}

/// Whether `text` is what [`filler`] writes: an optional prefix of letters, digits, `_`,
/// `-` and `.` no longer than the rest, then `R` and `x` only (line breaks aside).
pub fn is_filled(text: &str) -> bool {
    let Some(r) = text.rfind('R') else {
        return false;
    };
    let (prefix, rest) = (&text[..r], &text[r + 1..]);
    rest.bytes().all(|b| matches!(b, b'x' | b'\n' | b'\r'))
        && prefix.len() <= rest.len() + 1
        && prefix
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'_' | b'-' | b'.' | b'\n' | b'\r'))
}

/// Which characters of a source text to star: for each secret span, the part after its
/// first [`keep_chars`] characters.
///
/// The text may be a whole file or a part of it (one line of a streamed capture): a secret is
/// counted within the text given, so a line that shows part of a secret masks that part by
/// the same rule.
///
/// ```
/// use mcpvet_diagnostics::redact::SpanMask;
/// use mcpvet_text::Span;
///
/// let line = r#"  "token": "hunter2hunter2","#;
/// // The line starts at file offset 100; the secret is the string's contents.
/// let masks = SpanMask::new(line, 100, &[Span::new(112, 126)]);
/// assert_eq!(masks.apply(line, 100), r#"  "token": "hun***********","#);
/// ```
#[derive(Debug, Clone, Default)]
pub struct SpanMask {
    /// `(keep_end, end)` file offsets: characters in `keep_end..end` are starred.
    hidden: Vec<(u32, u32)>,
}

impl SpanMask {
    /// The masks of `spans` over `text`, which starts at file offset `base`. Spans may
    /// overlap, come in any order and lie partly outside the text.
    pub fn new(text: &str, base: u32, spans: &[Span]) -> Self {
        let len = u32::try_from(text.len()).unwrap_or(u32::MAX);
        let mut hidden = Vec::new();
        for span in spans {
            let start = span.start.saturating_sub(base).min(len);
            let end = span.end.saturating_sub(base).clamp(start, len);
            let local = Span::new(start, end).clamp(text);
            let (start, end) = (local.start as usize, local.end as usize);
            if start == end {
                continue;
            }
            let secret = &text[start..end];
            let keep = keep_chars(secret.chars().count());
            let keep_end = secret
                .char_indices()
                .nth(keep)
                .map_or(end, |(i, _)| start + i);
            hidden.push((base + keep_end as u32, base + end as u32));
        }
        SpanMask { hidden }
    }

    /// Whether nothing is masked.
    pub fn is_empty(&self) -> bool {
        self.hidden.is_empty()
    }

    /// Whether any character in file offsets `span` is starred.
    pub fn hides_any(&self, span: Span) -> bool {
        self.hidden
            .iter()
            .any(|&(keep, end)| keep < span.end && span.start < end)
    }

    /// Whether the character at file offset `offset` is starred.
    pub fn hides(&self, offset: u32) -> bool {
        self.hidden
            .iter()
            .any(|&(keep, end)| keep <= offset && offset < end)
    }

    /// The masks that intersect file offsets `from..to`, as this mask alone.
    #[must_use]
    pub fn within(&self, from: u32, to: u32) -> SpanMask {
        SpanMask {
            hidden: self
                .hidden
                .iter()
                .copied()
                .filter(|&(keep, end)| keep < to && from < end)
                .collect(),
        }
    }

    /// `text` (starting at file offset `base`) with its hidden characters starred (line
    /// breaks kept).
    pub fn apply(&self, text: &str, base: u32) -> String {
        text.char_indices()
            .map(|(i, c)| {
                if c != '\n' && c != '\r' && self.hides(base + i as u32) {
                    '*'
                } else {
                    c
                }
            })
            .collect()
    }
}

/// The texts of a file's secrets, masked wherever they occur whole in a string an output
/// prints.
///
/// Built from each secret's forms (as written, without quotes, decoded: the caller, which
/// knows the syntax, supplies them). A form shorter than [`MIN_SEARCH_CHARS`] characters is
/// left out: it is masked at its span only.
///
/// ```
/// use mcpvet_diagnostics::redact::Redactor;
///
/// let r = Redactor::new(["ghp_abcdefgh".to_owned()]);
/// assert_eq!(r.scrub("value ghp_abcdefgh here"), "value ghp********* here");
/// // The head of a secret that a quote cut short keeps what the policy keeps.
/// assert_eq!(r.scrub("cut: ghp_abcdef…"), "cut: ghp*******…");
/// // A piece of a secret elsewhere (a path, a name) is not the secret: left as it is.
/// assert_eq!(r.scrub("$.servers.abcdefgh.env"), "$.servers.abcdefgh.env");
/// ```
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Redactor {
    /// Longest first, without duplicates.
    secrets: Vec<String>,
}

impl Redactor {
    /// A redactor of `secrets`.
    pub fn new(secrets: impl IntoIterator<Item = String>) -> Self {
        let mut out: Vec<String> = Vec::new();
        for s in secrets {
            if s.chars().nth(MIN_SEARCH_CHARS - 1).is_some() && !out.contains(&s) {
                out.push(s);
            }
        }
        out.sort_by_key(|s| std::cmp::Reverse(s.len()));
        Redactor { secrets: out }
    }

    /// Whether there is nothing to mask.
    pub fn is_empty(&self) -> bool {
        self.secrets.is_empty()
    }

    /// `text` with every occurrence of a whole secret masked as [`mask`] does, and the head
    /// of a secret cut short (at the end of `text`, or before `...` or `…`: a quote of a
    /// line shortened inside the secret) keeping no more than [`keep_chars`] of the secret's
    /// characters. Nothing else of `text` changes.
    pub fn scrub<'t>(&self, text: &'t str) -> Cow<'t, str> {
        let mut out = Cow::Borrowed(text);
        for secret in &self.secrets {
            if out.contains(secret.as_str()) {
                out = Cow::Owned(out.replace(secret.as_str(), &mask(secret)));
            }
        }
        for secret in &self.secrets {
            if let Some(masked) = mask_cut_heads(&out, secret) {
                out = Cow::Owned(masked);
            }
        }
        out
    }

    /// [`scrub`](Self::scrub) into an owned string.
    pub fn clean(&self, text: &str) -> String {
        self.scrub(text).into_owned()
    }
}

/// `text` with every head of `secret` that a quote cut short (`...` or `…` follows it, or the
/// text ends inside it and it is not a plain word) masked after the secret's first
/// [`keep_chars`] characters; `None` when there is none.
fn mask_cut_heads(text: &str, secret: &str) -> Option<String> {
    let keep = keep_chars(secret.chars().count());
    // The shortest head that shows too much: one character beyond what is kept.
    let head_end = secret.char_indices().nth(keep + 1).map(|(i, _)| i)?;
    let head = &secret[..head_end];
    let mut hide: Vec<(usize, usize)> = Vec::new();
    let mut from = 0;
    while let Some(found) = text[from..].find(head) {
        let at = from + found;
        let mut len = 0;
        for (a, b) in secret.chars().zip(text[at..].chars()) {
            if a != b {
                break;
            }
            len += a.len_utf8();
        }
        let rest = &text[at + len..];
        let marked = rest.starts_with("...") || rest.starts_with('…');
        // At the very end, a plain word ("made by Anthropic") is not a cut secret.
        let random = text[at..at + len].chars().any(|c| !c.is_alphabetic());
        if len < secret.len() && (marked || (rest.is_empty() && random)) {
            let kept = text[at..].char_indices().nth(keep).map_or(len, |(i, _)| i);
            hide.push((at + kept, at + len));
        }
        from = at + head.len();
    }
    if hide.is_empty() {
        return None;
    }
    let mut out = String::with_capacity(text.len());
    for (i, c) in text.char_indices() {
        let hidden = hide.iter().any(|&(s, e)| s <= i && i < e);
        out.push(if hidden && c != '\n' && c != '\r' {
            '*'
        } else {
            c
        });
    }
    (out != text).then_some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_secret_cut_short_keeps_its_head_only() {
        let r = Redactor::new([
            "Q7vKmXpLwRtZaBcDeFgH".to_owned(),
            "QvKmXpLwRtZaBcDeF".to_owned(),
        ]);
        // A quote cut inside the secret (a line shortened to 60 characters).
        assert_eq!(
            r.scrub("`token=Q7vKm...` is not"),
            "`token=Q7vK*...` is not"
        );
        assert_eq!(r.scrub("Bearer QvKmXpL…"), "Bearer QvKm***…");
        // A longer head keeps what the policy keeps, no more.
        assert_eq!(r.scrub("Bearer Q7vKmXpLwR…"), "Bearer Q7vK******…");
        let letters = Redactor::new(["BqiqUvkAxyzRtLmn".to_owned()]);
        assert_eq!(letters.scrub("t=BqiqUvkA..."), "t=Bqiq****...");
        assert_eq!(r.scrub("ends with Q7vKmXp"), "ends with Q7vK***");
        // What the policy keeps anyway, and text that goes on, are left alone.
        assert_eq!(r.scrub("Q7vK..."), "Q7vK...");
        assert_eq!(r.scrub("Q7vKm and more"), "Q7vKm and more");
        // The whole secret is masked as before.
        assert_eq!(r.scrub("x Q7vKmXpLwRtZaBcDeFgH"), "x Q7vK****************");
    }

    #[test]
    fn one_rule_for_every_form() {
        for secret in [
            "hunter2hunter2",
            "ghp_0123456789abcdef0123456789abcdef0123",
            "pw",
        ] {
            let keep = keep_chars(secret.chars().count());
            let head: String = secret.chars().take(keep).collect();
            assert!(describe(secret).starts_with(&format!("{head}…")));
            assert!(mask(secret).starts_with(&head));
            assert_eq!(
                mask(secret).chars().filter(|&c| c == '*').count(),
                secret.chars().count() - keep
            );
            let masks = SpanMask::new(secret, 0, &[Span::new(0, secret.len() as u32)]);
            assert_eq!(masks.apply(secret, 0), mask(secret));
            assert_eq!(
                Redactor::new([secret.to_owned()]).clean(secret),
                if secret.chars().count() >= MIN_SEARCH_CHARS {
                    mask(secret)
                } else {
                    secret.to_owned()
                }
            );
        }
        assert_eq!(describe("\u{1b}[31mredredred"), "?[3… (14 chars)");
    }

    #[test]
    fn span_masks_clamp_and_keep_line_breaks() {
        let text = "a: \"é-secret-é\nmore\" b";
        let start = text.find('"').unwrap() as u32;
        let end = text.rfind('"').unwrap() as u32 + 1;
        let masks = SpanMask::new(text, 0, &[Span::new(start + 1, end + 500)]);
        let shown = masks.apply(text, 0);
        assert!(shown.contains("\"é-s"), "{shown}");
        assert!(shown.contains('\n'));
        assert!(!shown.contains("secret") && !shown.contains("more"));
        // Inside a character: widened, never a panic.
        let masks = SpanMask::new(text, 0, &[Span::new(start + 2, start + 3)]);
        assert!(!masks.is_empty());
        assert!(SpanMask::new(text, 0, &[Span::new(3, 3)]).is_empty());
        // A part of the file: offsets are file offsets.
        let line = "  \"k\": \"0123456789abcdef\"";
        let masks = SpanMask::new(line, 1000, &[Span::new(1007, 1025)]);
        assert_eq!(masks.apply(line, 1000), "  \"k\": \"012**************");
        assert!(masks.within(1000, 1008).is_empty());
        assert!(!masks.within(1011, 1012).is_empty());
    }

    #[test]
    fn scrubs_whole_secrets_only() {
        let r = Redactor::new(["ghp_abcdefgh".to_owned(), "abc".to_owned()]);
        assert_eq!(r.scrub("abc"), "abc");
        assert!(matches!(r.scrub("clean"), Cow::Borrowed(_)));
        // Too short to look for in free text: masked at its span only.
        assert!(Redactor::new(["abcdefg".to_owned()]).is_empty());
        assert!(!Redactor::new(["abcdefgh".to_owned()]).is_empty());
        let r = Redactor::new(["Anthropic-key-0123".to_owned()]);
        assert_eq!(r.scrub("made by Anthropic"), "made by Anthropic");
        assert_eq!(r.scrub("x: -key-0123"), "x: -key-0123");
        // The reported bug: a piece of a secret inside a JSON path is not the secret.
        let r = Redactor::new(["${user_config.airtable_api_key}".to_owned()]);
        assert_eq!(
            r.scrub("$.server.mcp_config.env.AIRTABLE_API_KEY"),
            "$.server.mcp_config.env.AIRTABLE_API_KEY"
        );
    }
}
