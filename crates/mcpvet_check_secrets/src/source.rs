//! Decoded text with a way back to the source: a JSON string's decoded value and, for every
//! decoded byte, the offset of the character or escape that produced it, so a secret inside
//! `"Bearer \u0067hp_…"` is redacted exactly where it is written.
use std::borrow::Cow;
use std::ops::Range;

use mcpvet_ast::vars::{self, Part};
use mcpvet_json::{Value, ValueKind};
use mcpvet_text::Span;

/// Text to scan, and how its offsets map to the file.
#[derive(Debug)]
pub(crate) struct SourceText<'d> {
    /// The decoded text.
    pub(crate) text: Cow<'d, str>,
    /// Source offset of each decoded byte, plus one entry for the end (escaped strings only).
    map: Option<Vec<u32>>,
    /// Source offset of the first byte (unescaped text).
    base: u32,
}

impl<'d> SourceText<'d> {
    /// Text written as is at `base` in the file.
    pub(crate) fn raw(text: &'d str, base: u32) -> Self {
        SourceText {
            text: Cow::Borrowed(text),
            map: None,
            base,
        }
    }

    /// The decoded contents of a JSON string node.
    pub(crate) fn of_string(value: Value<'d>) -> Option<Self> {
        if value.kind() != ValueKind::String {
            return None;
        }
        let raw = value.raw_str()?;
        let content = value.content_span()?;
        if !value.has_escapes() {
            return Some(SourceText::raw(raw, content.start));
        }
        let (text, map) = unescape_with_offsets(raw, content.start);
        Some(SourceText {
            text: Cow::Owned(text),
            map: Some(map),
            base: content.start,
        })
    }

    /// The source span of a decoded byte range (char boundaries).
    pub(crate) fn span(&self, range: Range<usize>) -> Span {
        match &self.map {
            None => Span::new(self.base + range.start as u32, self.base + range.end as u32),
            Some(map) => {
                let at = |i: usize| map.get(i).copied().unwrap_or(self.base);
                Span::new(at(range.start), at(range.end))
            }
        }
    }

    /// Decoded ranges of the variable references in the text.
    pub(crate) fn refs(&self) -> Vec<Range<usize>> {
        vars::parse(&self.text)
            .iter()
            .filter_map(Part::as_ref)
            .map(|r| r.span.range())
            .collect()
    }
}

/// Whether `range` overlaps one of `refs`.
pub(crate) fn touches_ref(refs: &[Range<usize>], range: &Range<usize>) -> bool {
    refs.iter()
        .any(|r| r.start < range.end && range.start < r.end)
}

fn hex4(bytes: &[u8]) -> Option<u32> {
    if bytes.len() < 4 {
        return None;
    }
    let mut v = 0u32;
    for &b in &bytes[..4] {
        v = v * 16 + char::from(b).to_digit(16)?;
    }
    Some(v)
}

/// Decodes JSON escapes as `mcpvet_json` does (invalid escapes and lone surrogates become
/// U+FFFD) and records the source offset of every decoded byte, plus the end.
fn unescape_with_offsets(raw: &str, base: u32) -> (String, Vec<u32>) {
    let bytes = raw.as_bytes();
    let mut out = String::with_capacity(raw.len());
    let mut map: Vec<u32> = Vec::with_capacity(raw.len() + 1);
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] != b'\\' {
            // A run of text up to the next escape (a `\\` is ASCII: the run ends on a char
            // boundary), copied at once.
            let next = memchr::memchr(b'\\', &bytes[i..]).map_or(bytes.len(), |k| i + k);
            out.push_str(&raw[i..next]);
            map.extend((i..next).map(|k| base + k as u32));
            i = next;
            continue;
        }
        let start = i;
        let Some(&esc) = bytes.get(i + 1) else {
            push(&mut out, &mut map, '\u{FFFD}', base + start as u32);
            break;
        };
        i += 2;
        let c = match esc {
            b'"' => '"',
            b'\\' => '\\',
            b'/' => '/',
            b'b' => '\u{8}',
            b'f' => '\u{c}',
            b'n' => '\n',
            b'r' => '\r',
            b't' => '\t',
            b'u' => match hex4(&bytes[i..]) {
                Some(hi @ 0xD800..=0xDBFF) => {
                    i += 4;
                    let lo = if bytes[i..].starts_with(b"\\u") {
                        hex4(&bytes[i + 2..])
                    } else {
                        None
                    };
                    match lo {
                        Some(lo @ 0xDC00..=0xDFFF) => {
                            i += 6;
                            let cp = 0x10000 + ((hi - 0xD800) << 10) + (lo - 0xDC00);
                            char::from_u32(cp).unwrap_or('\u{FFFD}')
                        }
                        _ => '\u{FFFD}',
                    }
                }
                Some(cp) => {
                    i += 4;
                    char::from_u32(cp).unwrap_or('\u{FFFD}')
                }
                None => '\u{FFFD}',
            },
            _ => {
                while i < bytes.len() && !raw.is_char_boundary(i) {
                    i += 1;
                }
                '\u{FFFD}'
            }
        };
        push(&mut out, &mut map, c, base + start as u32);
    }
    map.push(base + raw.len() as u32);
    (out, map)
}

fn push(out: &mut String, map: &mut Vec<u32>, c: char, at: u32) {
    out.push(c);
    map.extend(std::iter::repeat_n(at, c.len_utf8()));
}

#[cfg(test)]
mod tests {
    use mcpvet_json::{JsonOptions, parse};

    use super::*;

    #[test]
    fn spans_through_escapes() {
        let json = r#""Bearer\t\u0041B\"C é \ud83d\ude00 end""#;
        let doc = parse(json, &JsonOptions::strict()).value;
        let root = doc.root().unwrap();
        let text = SourceText::of_string(root).unwrap();
        assert_eq!(text.text, root.as_str().unwrap());
        let at = text.text.find("AB").unwrap();
        assert_eq!(&json[text.span(at..at + 2).range()], r"\u0041B");
        let at = text.text.find("C é").unwrap();
        assert_eq!(&json[text.span(at..at + 4).range()], "C é");
        let at = text.text.find("end").unwrap();
        assert_eq!(&json[text.span(at..text.text.len()).range()], "end");
        let emoji = text.text.find('😀').unwrap();
        assert_eq!(&json[text.span(emoji..emoji + 4).range()], r"\ud83d\ude00");
    }

    #[test]
    fn decoding_matches_the_parser() {
        for json in [
            r#""\x\é ${A}""#,
            r#""\uDC00\uD800\u0041""#,
            "\"tab\there\"",
            r#""plain""#,
            r#""a\/b""#,
        ] {
            let doc = parse(json, &JsonOptions::jsonc()).value;
            let root = doc.root().unwrap();
            let text = SourceText::of_string(root).unwrap();
            assert_eq!(text.text, root.as_str().unwrap(), "{json}");
            let whole = text.span(0..text.text.len());
            assert!(root.span().contains_span(whole));
        }
    }

    #[test]
    fn references() {
        let text = SourceText::raw("Bearer ${env:TOKEN} x", 10);
        assert_eq!(text.refs(), vec![7..19]);
        assert!(touches_ref(&text.refs(), &(8..9)));
        assert!(!touches_ref(&text.refs(), &(0..6)));
        assert_eq!(text.span(7..19), Span::new(17, 29));
    }
}
