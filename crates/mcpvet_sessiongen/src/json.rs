//! Minimal compact-JSON writing into a byte buffer.
//!
//! Messages are assembled by hand (no intermediate tree) so that generation runs at memory
//! speed. Keys are static ASCII strings without characters that need escaping.

use std::fmt::Write as _;

/// How non-ASCII characters and `/` are written inside a string.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum EscapeStyle {
    /// UTF-8 as is (`serde_json`, JavaScript `JSON.stringify`).
    Raw,
    /// Every non-ASCII character as `\uXXXX` (surrogate pairs above U+FFFF), like Python's
    /// `json.dumps` default.
    AsciiOnly,
    /// Raw UTF-8, and `/` written as `\/` (PHP's default).
    EscapedSlash,
}

const HEX: &[u8; 16] = b"0123456789abcdef";

fn push_u_escape(buf: &mut Vec<u8>, unit: u32) {
    buf.extend_from_slice(b"\\u");
    for shift in [12, 8, 4, 0] {
        buf.push(HEX[((unit >> shift) & 0xF) as usize]);
    }
}

/// Appends the escaped body of a JSON string (without the quotes).
pub(crate) fn escape_into(buf: &mut Vec<u8>, text: &str, style: EscapeStyle) {
    let bytes = text.as_bytes();
    let mut start = 0;
    for (i, &b) in bytes.iter().enumerate() {
        let replacement: Option<&[u8]> = match b {
            b'"' => Some(b"\\\""),
            b'\\' => Some(b"\\\\"),
            b'\n' => Some(b"\\n"),
            b'\r' => Some(b"\\r"),
            b'\t' => Some(b"\\t"),
            0x08 => Some(b"\\b"),
            0x0C => Some(b"\\f"),
            b'/' if style == EscapeStyle::EscapedSlash => Some(b"\\/"),
            _ => None,
        };
        if let Some(rep) = replacement {
            buf.extend_from_slice(&bytes[start..i]);
            buf.extend_from_slice(rep);
            start = i + 1;
        } else if b < 0x20 {
            buf.extend_from_slice(&bytes[start..i]);
            push_u_escape(buf, u32::from(b));
            start = i + 1;
        } else if b >= 0x80 && style == EscapeStyle::AsciiOnly {
            // Only act on the first byte of a character; continuation bytes are skipped below.
            if b & 0xC0 == 0x80 {
                continue;
            }
            buf.extend_from_slice(&bytes[start..i]);
            let ch = text[i..].chars().next().unwrap_or('\u{FFFD}');
            let mut units = [0u16; 2];
            for unit in ch.encode_utf16(&mut units) {
                push_u_escape(buf, u32::from(*unit));
            }
            start = i + ch.len_utf8();
        }
    }
    if start < bytes.len() {
        buf.extend_from_slice(&bytes[start..]);
    }
}

/// Appends the escaped body of a JSON string given as UTF-8 bytes, non-ASCII kept raw.
///
/// Only ASCII bytes are ever replaced, so valid UTF-8 in gives valid UTF-8 out.
pub(crate) fn escape_raw_bytes(buf: &mut Vec<u8>, bytes: &[u8]) {
    let mut start = 0;
    for (i, &b) in bytes.iter().enumerate() {
        if b >= 0x20 && b != b'"' && b != b'\\' {
            continue;
        }
        buf.extend_from_slice(&bytes[start..i]);
        match b {
            b'"' => buf.extend_from_slice(b"\\\""),
            b'\\' => buf.extend_from_slice(b"\\\\"),
            b'\n' => buf.extend_from_slice(b"\\n"),
            b'\r' => buf.extend_from_slice(b"\\r"),
            b'\t' => buf.extend_from_slice(b"\\t"),
            _ => push_u_escape(buf, u32::from(b)),
        }
        start = i + 1;
    }
    buf.extend_from_slice(&bytes[start..]);
}

/// Appends `"text"` with raw UTF-8 escaping.
pub(crate) fn push_str(buf: &mut Vec<u8>, text: &str) {
    buf.push(b'"');
    escape_into(buf, text, EscapeStyle::Raw);
    buf.push(b'"');
}

/// Appends an integer.
pub(crate) fn push_i64(buf: &mut Vec<u8>, value: i64) {
    let mut tmp = itoa_buf();
    buf.extend_from_slice(format_i64(&mut tmp, value));
}

/// Appends an unsigned integer.
pub(crate) fn push_u64(buf: &mut Vec<u8>, value: u64) {
    let mut tmp = itoa_buf();
    buf.extend_from_slice(format_u64(&mut tmp, value));
}

/// Appends a finite float in Rust's shortest round-trip form (integers print without `.0`,
/// which is valid JSON and still a JSON Schema `number`).
pub(crate) fn push_f64(buf: &mut Vec<u8>, value: f64) {
    debug_assert!(value.is_finite());
    let mut s = String::new();
    let _ = write!(s, "{value}");
    buf.extend_from_slice(s.as_bytes());
}

fn itoa_buf() -> [u8; 20] {
    [0u8; 20]
}

fn format_u64(tmp: &mut [u8; 20], mut value: u64) -> &[u8] {
    let mut pos = tmp.len();
    loop {
        pos -= 1;
        tmp[pos] = b'0' + (value % 10) as u8;
        value /= 10;
        if value == 0 {
            break;
        }
    }
    &tmp[pos..]
}

fn format_i64(tmp: &mut [u8; 20], value: i64) -> &[u8] {
    if value >= 0 {
        return format_u64(tmp, value.unsigned_abs());
    }
    // 20 digits are enough for u64::MAX; i64::MIN has 19 digits plus the sign.
    let digits_len = {
        let digits = format_u64(tmp, value.unsigned_abs());
        digits.len()
    };
    let start = tmp.len() - digits_len - 1;
    tmp[start] = b'-';
    &tmp[start..]
}

/// Writes the members of one JSON object, managing the commas.
#[derive(Debug)]
pub(crate) struct Obj {
    first: bool,
}

impl Obj {
    /// Writes `{` and returns the member writer.
    pub(crate) fn begin(buf: &mut Vec<u8>) -> Obj {
        buf.push(b'{');
        Obj { first: true }
    }

    /// Writes `,"key":` (without the comma for the first member).
    pub(crate) fn key(&mut self, buf: &mut Vec<u8>, key: &str) {
        if !self.first {
            buf.push(b',');
        }
        self.first = false;
        buf.push(b'"');
        buf.extend_from_slice(key.as_bytes());
        buf.extend_from_slice(b"\":");
    }

    /// Writes a member with a string value.
    pub(crate) fn str(&mut self, buf: &mut Vec<u8>, key: &str, value: &str) {
        self.key(buf, key);
        push_str(buf, value);
    }

    /// Writes a member whose value is already-serialised JSON.
    pub(crate) fn raw(&mut self, buf: &mut Vec<u8>, key: &str, json: &[u8]) {
        self.key(buf, key);
        buf.extend_from_slice(json);
    }

    /// Writes a member with an integer value.
    pub(crate) fn int(&mut self, buf: &mut Vec<u8>, key: &str, value: i64) {
        self.key(buf, key);
        push_i64(buf, value);
    }

    /// Writes a member with a boolean value.
    pub(crate) fn bool(&mut self, buf: &mut Vec<u8>, key: &str, value: bool) {
        self.key(buf, key);
        buf.extend_from_slice(if value { b"true" } else { b"false" });
    }

    /// Writes a member with an unsigned integer value.
    pub(crate) fn uint(&mut self, buf: &mut Vec<u8>, key: &str, value: u64) {
        self.key(buf, key);
        push_u64(buf, value);
    }

    /// Writes `}`.
    #[expect(
        clippy::unused_self,
        reason = "consumes the writer so that no member can follow"
    )]
    pub(crate) fn end(self, buf: &mut Vec<u8>) {
        buf.push(b'}');
    }
}

#[cfg(test)]
mod tests {
    use super::{EscapeStyle, Obj, escape_into, push_f64, push_i64};

    fn esc(text: &str, style: EscapeStyle) -> String {
        let mut buf = Vec::new();
        escape_into(&mut buf, text, style);
        String::from_utf8(buf).unwrap()
    }

    #[test]
    fn escapes_round_trip_through_a_json_parser() {
        let samples = [
            "plain",
            "quote \" backslash \\ tab \t newline \n cr \r bell \u{7} esc \u{1b}",
            "café 日本語 🚀 a/b",
            "",
        ];
        for style in [
            EscapeStyle::Raw,
            EscapeStyle::AsciiOnly,
            EscapeStyle::EscapedSlash,
        ] {
            for s in samples {
                let json = format!("\"{}\"", esc(s, style));
                assert!(!json.contains('\n'));
                let back: String = serde_json::from_str(&json).unwrap();
                assert_eq!(back, s, "{style:?}: {json}");
                if style == EscapeStyle::AsciiOnly {
                    assert!(json.is_ascii(), "{json}");
                }
            }
        }
        assert_eq!(esc("🚀", EscapeStyle::AsciiOnly), "\\ud83d\\ude80");
        assert_eq!(esc("a/b", EscapeStyle::EscapedSlash), "a\\/b");
    }

    #[test]
    fn numbers_and_objects() {
        let mut buf = Vec::new();
        let mut obj = Obj::begin(&mut buf);
        obj.int(&mut buf, "a", i64::MIN);
        obj.int(&mut buf, "b", 0);
        obj.key(&mut buf, "c");
        push_f64(&mut buf, 0.25);
        obj.key(&mut buf, "d");
        push_f64(&mut buf, 3.0);
        obj.key(&mut buf, "e");
        push_i64(&mut buf, 1234);
        obj.bool(&mut buf, "f", true);
        obj.str(&mut buf, "g", "x\"y");
        obj.end(&mut buf);
        assert_eq!(
            String::from_utf8(buf).unwrap(),
            r#"{"a":-9223372036854775808,"b":0,"c":0.25,"d":3,"e":1234,"f":true,"g":"x\"y"}"#
        );
    }
}
