use std::borrow::Cow;

use mcpvet_diagnostics::{Diagnostic, Severity};
use mcpvet_text::Span;

use crate::codes;

/// Text decoded from bytes by [`decode_utf8`].
#[derive(Debug)]
pub struct DecodedText<'a> {
    /// The text: borrowed when the bytes were valid UTF-8; otherwise each invalid byte is
    /// replaced by `?`, so every offset still matches the original bytes.
    pub text: Cow<'a, str>,
    /// One `invalid-utf8` error per line that held invalid bytes, at the first bad byte.
    pub diagnostics: Vec<Diagnostic>,
}

/// Validates `bytes` as UTF-8 (SIMD-accelerated) and reports the offset of the first bad byte
/// of each affected line. Offsets are preserved: each invalid byte reads as `?`.
pub fn decode_utf8(bytes: &[u8]) -> DecodedText<'_> {
    if let Ok(text) = simdutf8::basic::from_utf8(bytes) {
        return DecodedText {
            text: Cow::Borrowed(text),
            diagnostics: Vec::new(),
        };
    }
    let mut out = bytes.to_vec();
    let mut diagnostics = Vec::new();
    let mut i = 0;
    let mut last_reported_line_start = usize::MAX;
    while i < bytes.len() {
        match std::str::from_utf8(&bytes[i..]) {
            Ok(_) => break,
            Err(err) => {
                let bad = i + err.valid_up_to();
                let len = err.error_len().unwrap_or(bytes.len() - bad);
                let line_start = memchr::memrchr(b'\n', &bytes[..bad]).map_or(0, |p| p + 1);
                if line_start != last_reported_line_start && u32::try_from(bad).is_ok() {
                    last_reported_line_start = line_start;
                    diagnostics.push(
                        Diagnostic::new(
                            codes::INVALID_UTF8,
                            Severity::Error,
                            Span::new(bad as u32, bad as u32 + 1),
                            format!("invalid UTF-8 at offset {bad} (byte 0x{:02X})", bytes[bad]),
                        )
                        .with_help("save the file as UTF-8; bytes that are not UTF-8 read as `?`"),
                    );
                }
                for b in &mut out[bad..bad + len] {
                    *b = b'?';
                }
                i = bad + len;
            }
        }
    }
    let text = String::from_utf8(out)
        .unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned());
    DecodedText {
        text: Cow::Owned(text),
        diagnostics,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn valid_is_borrowed() {
        let d = decode_utf8("é".as_bytes());
        assert!(matches!(d.text, Cow::Borrowed("é")));
        assert!(d.diagnostics.is_empty());
    }

    #[test]
    fn invalid_bytes_keep_offsets() {
        let bytes = b"[\"a\xffb\"]\n[\"\xc3\"]\n[1]";
        let d = decode_utf8(bytes);
        assert_eq!(d.text.len(), bytes.len());
        assert_eq!(&*d.text, "[\"a?b\"]\n[\"?\"]\n[1]");
        assert_eq!(d.diagnostics.len(), 2);
        assert_eq!(d.diagnostics[0].span(), Span::new(3, 4));
        assert!(d.diagnostics[0].message().contains("offset 3"));
        assert_eq!(d.diagnostics[1].span(), Span::new(10, 11));
    }
}
