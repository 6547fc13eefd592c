//! Byte-level scanners used by the parser's hot path.

/// Offset of the first byte at or after `i` (and before `end`) that ends a plain run of string
/// contents: `"`, `\\` or a control character below 0x20. Returns `end` when there is none.
///
/// One pass classifies all three stop bytes, 16 bytes per step with portable SIMD (`wide`:
/// SSE2 on `x86_64`, simd128 on WebAssembly when enabled, NEON on `aarch64`, scalar
/// elsewhere), which beats `memchr2` plus a control-character pass on escape-dense text.
#[inline]
pub(crate) fn string_stop(bytes: &[u8], i: usize, end: usize) -> usize {
    let bytes = &bytes[..end];
    let mut i = skip_plain_simd(bytes, i);
    while i < end {
        let b = bytes[i];
        if b == b'"' || b == b'\\' || b < 0x20 {
            return i;
        }
        i += 1;
    }
    end
}

/// Skips whole 16-byte chunks of plain string contents; stops at the chunk's first stop byte
/// or where fewer than 16 bytes remain.
#[inline]
fn skip_plain_simd(bytes: &[u8], mut i: usize) -> usize {
    use wide::u8x16;
    let quote = u8x16::splat(b'"');
    let backslash = u8x16::splat(b'\\');
    let max_control = u8x16::splat(0x1f);
    while let Some(chunk) = bytes.get(i..).and_then(<[u8]>::first_chunk::<16>) {
        let v = u8x16::from(*chunk);
        // v <= 0x1f (unsigned) exactly when min(v, 0x1f) == v.
        let stops = v.simd_eq(quote) | v.simd_eq(backslash) | v.min(max_control).simd_eq(v);
        let mask = stops.to_bitmask();
        if mask != 0 {
            return i + mask.trailing_zeros() as usize;
        }
        i += 16;
    }
    i
}

/// Offset of the first byte at or after `i` (before `end`) that is not JSON whitespace.
///
/// Indentation comes in runs of spaces, skipped 16 bytes per step (portable SIMD); line
/// breaks and tabs are taken one at a time.
#[inline]
pub(crate) fn skip_whitespace(bytes: &[u8], mut i: usize, end: usize) -> usize {
    use wide::u8x16;
    let bytes = &bytes[..end];
    let space = u8x16::splat(b' ');
    loop {
        while let Some(chunk) = bytes.get(i..).and_then(<[u8]>::first_chunk::<16>) {
            let spaces = u8x16::from(*chunk).simd_eq(space).to_bitmask();
            if spaces != 0xffff {
                i += spaces.trailing_ones() as usize;
                break;
            }
            i += 16;
        }
        match bytes.get(i) {
            Some(b' ' | b'\n' | b'\r' | b'\t') => i += 1,
            _ => return i,
        }
    }
}

/// Whether `b` can start a JSON value.
#[inline]
pub(crate) fn starts_value(b: u8) -> bool {
    matches!(
        b,
        b'{' | b'[' | b'"' | b'-' | b'0'..=b'9' | b't' | b'f' | b'n'
    )
}

/// Bytes that glue into one "word" for error recovery (`NaN`, `+1`, `0x1F`, `undefined`).
#[inline]
pub(crate) fn is_word_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || matches!(b, b'_' | b'+' | b'-' | b'.' | b'$')
}

/// Length of the UTF-8 character whose first byte is `b` (1 for stray continuation bytes).
#[inline]
pub(crate) fn char_len(b: u8) -> usize {
    match b {
        0xC0..=0xDF => 2,
        0xE0..=0xEF => 3,
        0xF0..=0xF7 => 4,
        _ => 1,
    }
}

/// End of an unreadable run starting at `i` (at least one character): a word, a
/// single-quoted string on one line, or one character.
pub(crate) fn junk_end(bytes: &[u8], i: usize, end: usize) -> usize {
    let b = bytes[i];
    if is_word_byte(b) {
        let mut j = i + 1;
        while j < end && is_word_byte(bytes[j]) {
            j += 1;
        }
        j
    } else if b == b'\'' {
        let mut j = i + 1;
        while j < end && !matches!(bytes[j], b'\'' | b'\n' | b'\r') {
            j += 1;
        }
        if j < end && bytes[j] == b'\'' {
            j + 1
        } else {
            j
        }
    } else {
        (i + char_len(b)).min(end)
    }
}

/// Offset of the first byte at or after `i` (before `end`) that is not an ASCII digit; 16
/// bytes per step (portable SIMD).
#[inline]
pub(crate) fn skip_digits(bytes: &[u8], mut i: usize, end: usize) -> usize {
    use wide::u8x16;
    let bytes = &bytes[..end];
    let zero = u8x16::splat(b'0');
    let nine = u8x16::splat(9);
    while let Some(chunk) = bytes.get(i..).and_then(<[u8]>::first_chunk::<16>) {
        // With wrapping subtraction, a byte is a digit exactly when (b - '0') <= 9.
        let d = u8x16::from(*chunk) - zero;
        let digits = d.min(nine).simd_eq(d).to_bitmask();
        if digits != 0xffff {
            return i + digits.trailing_ones() as usize;
        }
        i += 16;
    }
    while i < end && bytes[i].is_ascii_digit() {
        i += 1;
    }
    i
}

/// Why a number lexeme is invalid.
pub(crate) type NumberError = &'static str;

/// Scans a number starting at `i` (a `-` or a digit). Returns the end and whether it is an
/// integer literal, or the reason it is invalid.
#[inline]
pub(crate) fn number(bytes: &[u8], mut i: usize, end: usize) -> Result<(usize, bool), NumberError> {
    let bytes = &bytes[..end];
    if bytes[i] == b'-' {
        i += 1;
    }
    match bytes.get(i) {
        Some(b'0') => {
            i += 1;
            if bytes.get(i).is_some_and(u8::is_ascii_digit) {
                return Err("leading zeros are not allowed");
            }
        }
        Some(b'1'..=b'9') => i = skip_digits(bytes, i + 1, end),
        _ => return Err("expected a digit"),
    }
    let mut integer = true;
    if bytes.get(i) == Some(&b'.') {
        i += 1;
        if !bytes.get(i).is_some_and(u8::is_ascii_digit) {
            return Err("expected a digit after the decimal point");
        }
        i = skip_digits(bytes, i + 1, end);
        integer = false;
    }
    if matches!(bytes.get(i), Some(b'e' | b'E')) {
        i += 1;
        if matches!(bytes.get(i), Some(b'+' | b'-')) {
            i += 1;
        }
        if !bytes.get(i).is_some_and(u8::is_ascii_digit) {
            return Err("expected a digit in the exponent");
        }
        i = skip_digits(bytes, i + 1, end);
        integer = false;
    }
    if bytes.get(i).is_some_and(|&b| is_word_byte(b)) {
        return Err("unexpected character in number");
    }
    Ok((i, integer))
}

/// Bare words that reach the parser often and are never secrets.
const KNOWN_WORDS: &[&str] = &[
    "undefined",
    "Infinity",
    "-Infinity",
    "+Infinity",
    "-NaN",
    "None",
    "True",
    "False",
    "NULL",
];

/// A short, secret-safe description of source text for messages: short text in backticks,
/// longer text as its first four characters and its length (a word that reached an error may
/// be an unquoted token).
pub(crate) fn describe(text: &str) -> String {
    let mut chars = text.chars();
    match (chars.next(), chars.next()) {
        (None, _) => "end of input".to_owned(),
        (Some(c), None) if c.is_control() || c.is_whitespace() || c == '\u{feff}' => {
            format!("character U+{:04X}", c as u32)
        }
        // Short text, and the words people write for values JSON does not have, are quoted
        // whole; anything longer might be an unquoted token.
        _ if (text.chars().count() <= 8 || KNOWN_WORDS.contains(&text))
            && !text.chars().any(char::is_control) =>
        {
            format!("`{text}`")
        }
        _ => {
            let head: String = text.chars().take(4).filter(|c| !c.is_control()).collect();
            format!("`{head}…` ({} chars)", text.chars().count())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn string_stop_finds_first_special() {
        let s = b"abcdefghijklmnop\"qrs";
        assert_eq!(string_stop(s, 0, s.len()), 16);
        assert_eq!(string_stop(s, 0, 10), 10);
        let s = b"0123456789\\";
        assert_eq!(string_stop(s, 0, s.len()), 10);
        let s = b"abc\x01";
        assert_eq!(string_stop(s, 0, s.len()), 3);
        let s = "ééééé\u{7f}\u{80}x\"".as_bytes();
        assert_eq!(string_stop(s, 0, s.len()), s.len() - 1);
        for pos in 0..40 {
            for stop in [0x1f, 0x00, b'"', b'\\'] {
                let mut v = vec![b'a'; 40];
                v[pos] = stop;
                assert_eq!(string_stop(&v, 0, 40), pos);
                let simd = skip_plain_simd(&v, 0);
                assert!(simd <= pos && (simd == pos || v.len() - simd < 16));
            }
            let mut v = vec![0xC3; 40];
            v[pos] = b'"';
            assert_eq!(string_stop(&v, 0, 40), pos, "high bytes are not stops");
        }
    }

    #[test]
    fn whitespace_runs() {
        for n in 0..40 {
            let mut v = " ".repeat(n);
            v.push_str("\n\t \r x");
            let b = v.as_bytes();
            assert_eq!(skip_whitespace(b, 0, b.len()), n + 5);
            assert_eq!(skip_whitespace(b, 0, n), n);
        }
        assert_eq!(skip_whitespace(b"        \x00", 0, 9), 8);
        assert_eq!(skip_whitespace(b"  \x0b      ", 0, 9), 2);
        assert_eq!(skip_whitespace(b" \n\r\t \x01 x", 0, 8), 5);
        assert_eq!(skip_whitespace(b"\n  \x7f     ", 0, 9), 3);
        assert_eq!(skip_whitespace(b"   \xc3\xa9", 0, 5), 3);
    }

    #[test]
    fn digit_runs() {
        for n in 0..30 {
            for stop in [b'.', b'/', b':', b'e', 0xC3, b' '] {
                let mut v = vec![b'7'; n];
                v.push(stop);
                v.extend_from_slice(b"123");
                assert_eq!(skip_digits(&v, 0, v.len()), n);
            }
        }
        assert_eq!(skip_digits(b"0123456789", 0, 10), 10);
    }

    #[test]
    fn numbers() {
        let t = |s: &str| number(s.as_bytes(), 0, s.len());
        assert_eq!(t("0"), Ok((1, true)));
        assert_eq!(t("-12.5e+3,"), Ok((8, false)));
        assert_eq!(t("1E2"), Ok((3, false)));
        assert!(t("01").is_err());
        assert!(t("-").is_err());
        assert!(t("1.").is_err());
        assert!(t("1e").is_err());
        assert!(t("1e+").is_err());
        assert!(t("1x").is_err());
        assert!(t("2.e3").is_err());
    }

    #[test]
    fn describe_is_short_and_safe() {
        assert_eq!(describe("tru"), "`tru`");
        assert_eq!(describe("\u{0}"), "character U+0000");
        assert_eq!(
            describe("ghp_0123456789abcdef0123456789abcdef0123"),
            "`ghp_…` (40 chars)"
        );
        assert_eq!(describe(""), "end of input");
    }
}
