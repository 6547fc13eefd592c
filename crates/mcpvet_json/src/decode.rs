//! On-demand decoding of string and number lexemes.
use std::borrow::Cow;
use std::ops::Range;

use mcpvet_text::Span;

use crate::document::{Node, flags};

/// Byte range of a string node's contents (without quotes).
pub(crate) fn content_range(node: Node) -> Range<usize> {
    let start = node.start as usize + 1;
    let end = if node.flags & flags::UNTERMINATED != 0 {
        node.end as usize
    } else {
        node.end as usize - 1
    };
    start..end.max(start)
}

/// Decodes a string node. Borrowed when the contents hold no escape.
pub(crate) fn string(text: &str, node: Node) -> Cow<'_, str> {
    let raw = &text[content_range(node)];
    if node.flags & flags::ESCAPES == 0 {
        Cow::Borrowed(raw)
    } else {
        Cow::Owned(unescape(raw))
    }
}

fn hex4(bytes: &[u8]) -> Option<u32> {
    if bytes.len() < 4 {
        return None;
    }
    let mut v = 0u32;
    for &b in &bytes[..4] {
        v = v * 16 + (b as char).to_digit(16)?;
    }
    Some(v)
}

/// Where decoded text goes: the plain decoder keeps only the text, the mapped one also the
/// source offset of every decoded byte. One escape grammar serves both.
trait Sink {
    /// Text copied as written from source byte `at` on.
    fn text(&mut self, text: &str, at: usize);
    /// One character decoded from the escape starting at source byte `at`.
    fn char(&mut self, c: char, at: usize);
}

impl Sink for String {
    #[inline]
    fn text(&mut self, text: &str, _: usize) {
        self.push_str(text);
    }

    #[inline]
    fn char(&mut self, c: char, _: usize) {
        self.push(c);
    }
}

/// Decoded text and the file offset of each of its bytes.
struct Mapped {
    text: String,
    map: Vec<u32>,
    base: u32,
}

impl Sink for Mapped {
    fn text(&mut self, text: &str, at: usize) {
        self.text.push_str(text);
        let from = self.base + at as u32;
        self.map.extend(from..from + text.len() as u32);
    }

    fn char(&mut self, c: char, at: usize) {
        self.text.push(c);
        self.map
            .extend(std::iter::repeat_n(self.base + at as u32, c.len_utf8()));
    }
}

/// Decodes the JSON escapes of `raw` into `out`. Invalid escapes and lone surrogates become
/// U+FFFD; the parser has already reported them.
fn decode_into(raw: &str, out: &mut impl Sink) {
    let bytes = raw.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        let Some(rel) = memchr::memchr(b'\\', &bytes[i..]) else {
            out.text(&raw[i..], i);
            break;
        };
        // A backslash is ASCII: the run before it ends on a char boundary.
        if rel > 0 {
            out.text(&raw[i..i + rel], i);
        }
        let at = i + rel;
        i = at;
        let Some(&esc) = bytes.get(i + 1) else {
            out.char('\u{FFFD}', at);
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
                // Skip the rest of a multi-byte character after the backslash.
                while i < bytes.len() && !raw.is_char_boundary(i) {
                    i += 1;
                }
                '\u{FFFD}'
            }
        };
        out.char(c, at);
    }
}

/// Decodes JSON escapes. Invalid escapes and lone surrogates become U+FFFD; the parser has
/// already reported them.
pub(crate) fn unescape(raw: &str) -> String {
    let mut out = String::with_capacity(raw.len());
    decode_into(raw, &mut out);
    out
}

/// Decodes JSON escapes as [`unescape`] does and records, for every decoded byte, the file
/// offset (`base` is the offset of `raw`) of the character or escape that produced it, plus
/// one final entry for the end of the contents.
pub(crate) fn unescape_with_offsets(raw: &str, base: u32) -> DecodedStr<'static> {
    let mut out = Mapped {
        text: String::with_capacity(raw.len()),
        map: Vec::with_capacity(raw.len() + 1),
        base,
    };
    decode_into(raw, &mut out);
    out.map.push(base + raw.len() as u32);
    DecodedStr::mapped(out.text, out.map)
}

/// Decodes JSON escapes into UTF-16 code units, keeping lone surrogates as they are (how
/// JavaScript compares object keys).
pub(crate) fn utf16_units(raw: &str) -> Vec<u16> {
    let bytes = raw.as_bytes();
    let mut out = Vec::with_capacity(raw.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'\\' {
            if let Some(&b'u') = bytes.get(i + 1)
                && let Some(unit) = hex4(&bytes[i + 2..])
            {
                out.push(unit as u16);
                i += 6;
                continue;
            }
            // Any other escape decodes to one character.
            let end = (i + 2).min(bytes.len());
            let mut j = end;
            while j < bytes.len() && !raw.is_char_boundary(j) {
                j += 1;
            }
            out.extend(unescape(&raw[i..j]).encode_utf16());
            i = j;
        } else {
            let next = memchr::memchr(b'\\', &bytes[i..]).map_or(bytes.len(), |p| i + p);
            out.extend(raw[i..next].encode_utf16());
            i = next;
        }
    }
    out
}

/// Whether a valid JSON number lexeme denotes an integer, without rounding: the digits after
/// the decimal point that the exponent does not shift into the integer part are all zeros.
pub(crate) fn number_is_integral(lexeme: &str) -> bool {
    let unsigned = lexeme.strip_prefix('-').unwrap_or(lexeme);
    let (mantissa, exponent) = match unsigned.find(['e', 'E']) {
        Some(i) => (
            &unsigned[..i],
            unsigned[i + 1..].parse::<i64>().unwrap_or(0),
        ),
        None => (unsigned, 0),
    };
    let (int_part, frac) = match mantissa.find('.') {
        Some(i) => (&mantissa[..i], &mantissa[i + 1..]),
        None => (mantissa, ""),
    };
    let frac = frac.trim_end_matches('0');
    if int_part.trim_start_matches('0').is_empty() && frac.is_empty() {
        return true; // zero
    }
    let frac_len = i64::try_from(frac.len()).unwrap_or(i64::MAX);
    if exponent >= 0 {
        // Fraction digits shifted into the integer part.
        frac_len <= exponent
    } else {
        // Dividing by 10^-exponent: integral only if the integer part ends in enough zeros.
        let zeros = int_part.len() - int_part.trim_end_matches('0').len();
        frac.is_empty() && i64::try_from(zeros).unwrap_or(i64::MAX) >= exponent.saturating_neg()
    }
}

/// A decoded string and the way back to its source: for every byte of the decoded text, the
/// file offset of the character or escape that produced it.
///
/// ```
/// use mcpvet_json::{parse, JsonOptions};
///
/// let json = r#""Bearer \u0041B""#;
/// let doc = parse(json, &JsonOptions::strict()).value;
/// let decoded = doc.root().unwrap().decoded().unwrap();
/// assert_eq!(decoded.text(), "Bearer AB");
/// assert_eq!(&json[decoded.span(7..9).range()], r"\u0041B");
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DecodedStr<'d> {
    text: Cow<'d, str>,
    /// File offset of the first byte of text written as is.
    base: u32,
    /// File offset of each decoded byte, plus one entry for the end (escaped text only).
    map: Option<Vec<u32>>,
}

impl<'d> DecodedStr<'d> {
    /// Text written as is (no escape) starting at file offset `base`.
    pub fn verbatim(text: &'d str, base: u32) -> Self {
        DecodedStr {
            text: Cow::Borrowed(text),
            base,
            map: None,
        }
    }

    pub(crate) fn mapped(text: String, map: Vec<u32>) -> Self {
        let base = map.first().copied().unwrap_or_default();
        DecodedStr {
            text: Cow::Owned(text),
            base,
            map: Some(map),
        }
    }

    /// The decoded text.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// The decoded text, owned or borrowed from the document.
    pub fn into_text(self) -> Cow<'d, str> {
        self.text
    }

    /// Whether the source held escapes (so decoded and source offsets differ).
    pub fn is_mapped(&self) -> bool {
        self.map.is_some()
    }

    /// The file offset of decoded byte `index` (`text().len()` gives the end of the string's
    /// contents).
    pub fn offset(&self, index: usize) -> u32 {
        match &self.map {
            None => self.base + index as u32,
            Some(map) => map.get(index).or(map.last()).copied().unwrap_or(self.base),
        }
    }

    /// The source span of a decoded byte range.
    pub fn span(&self, range: Range<usize>) -> Span {
        Span::new(self.offset(range.start), self.offset(range.end))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unescape_all_forms() {
        assert_eq!(
            unescape(r#"a\"b\\c\/d\be\ff\ng\rh\ti"#),
            "a\"b\\c/d\u{8}e\u{c}f\ng\rh\ti"
        );
        assert_eq!(unescape(r"\u00e9\uD83D\uDE00"), "é😀");
        assert_eq!(unescape(r"\uD800x"), "\u{FFFD}x");
        assert_eq!(unescape(r"\uDC00"), "\u{FFFD}");
        assert_eq!(unescape(r"\uD800\u0041"), "\u{FFFD}A");
        assert_eq!(unescape(r"\x\é"), "\u{FFFD}\u{FFFD}");
        assert_eq!(unescape(r"end\"), "end\u{FFFD}");
    }

    #[test]
    fn offsets_point_at_what_produced_each_byte() {
        let raw = r#"Bearer\t\u0041B\"C é \ud83d\ude00 end\x"#;
        let decoded = unescape_with_offsets(raw, 10);
        assert_eq!(decoded.text(), unescape(raw));
        let text = decoded.text();
        let source = |at: &str, len: usize| {
            let i = text.find(at).unwrap();
            let span = decoded.span(i..i + len);
            &raw[(span.start - 10) as usize..(span.end - 10) as usize]
        };
        assert_eq!(source("AB", 2), r"\u0041B");
        assert_eq!(source("C é", 4), "C é");
        assert_eq!(source("😀", 4), r"\ud83d\ude00");
        assert_eq!(decoded.offset(text.len()), 10 + raw.len() as u32);
        assert_eq!(source("\u{FFFD}", 3), r"\x");
        let plain = unescape_with_offsets("abc", 3);
        assert_eq!((plain.text(), plain.span(1..3)), ("abc", Span::new(4, 6)));
    }

    #[test]
    fn utf16_units_keep_lone_surrogates() {
        assert_eq!(utf16_units(r"\uD800"), vec![0xD800]);
        assert_ne!(utf16_units(r"\uD800"), utf16_units(r"\uDBFF"));
        assert_eq!(utf16_units(r"f\u006fo"), utf16_units("foo"));
        assert_eq!(
            utf16_units(r"\uD83D\uDE00"),
            "😀".encode_utf16().collect::<Vec<_>>()
        );
        assert_eq!(utf16_units(r"a\nb\é"), vec![97, 10, 98, 0xFFFD]);
    }

    #[test]
    fn integral_numbers() {
        for yes in [
            "0",
            "-0",
            "1",
            "1.0",
            "1e0",
            "1E2",
            "1.5e1",
            "100e-2",
            "0.0e5",
            "12.3400e2",
        ] {
            assert!(number_is_integral(yes), "{yes}");
        }
        for no in ["1.5", "1e-1", "0.1", "15e-1", "12.345e2"] {
            assert!(!number_is_integral(no), "{no}");
        }
    }
}
