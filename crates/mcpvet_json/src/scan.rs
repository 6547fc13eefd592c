//! Byte-level scanners used by the parser's hot path.

const ONES: u64 = 0x0101_0101_0101_0101;
const HIGHS: u64 = 0x8080_8080_8080_8080;

/// Bit mask with the high bit set in each byte of `v` that is zero; only the lowest set bit
/// is guaranteed exact (borrows may set bits above it), which is all callers use.
#[inline]
fn zero_bytes(v: u64) -> u64 {
    v.wrapping_sub(ONES) & !v & HIGHS
}

/// Offset of the first byte at or after `i` (and before `end`) that ends a plain run of string
/// contents: `"`, `\` or a control character below 0x20. Returns `end` when there is none.
///
/// One pass classifies all three stop bytes, 16 bytes per step with SWAR on two words, which
/// beats `memchr2` plus a control-character pass on escape-dense text.
#[inline]
pub(crate) fn string_stop(bytes: &[u8], i: usize, end: usize) -> usize {
    let bytes = &bytes[..end];
    let mut i = skip_plain_swar(bytes, i);
    while i < end {
        let b = bytes[i];
        if b == b'"' || b == b'\\' || b < 0x20 {
            return i;
        }
        i += 1;
    }
    end
}

/// High bit set in each byte of `v` that stops a plain run (exact for the lowest one).
#[inline]
fn stops(v: u64) -> u64 {
    let quote = zero_bytes(v ^ (ONES * u64::from(b'"')));
    let backslash = zero_bytes(v ^ (ONES * u64::from(b'\\')));
    let control = v.wrapping_sub(ONES * 0x20) & !v & HIGHS;
    quote | backslash | control
}

/// Skips whole 8-byte chunks of plain string contents; stops at the chunk's first stop byte or
/// where fewer than 8 bytes remain.
#[inline]
pub(crate) fn skip_plain_swar(bytes: &[u8], mut i: usize) -> usize {
    // Two words per step: the two classifications are independent, so they run in parallel.
    while let Some(chunk) = bytes.get(i..).and_then(<[u8]>::first_chunk::<16>) {
        let (a, b) = chunk.split_at(8);
        let a = stops(u64::from_le_bytes(a.try_into().unwrap_or_default()));
        let b = stops(u64::from_le_bytes(b.try_into().unwrap_or_default()));
        if a != 0 {
            return i + (a.trailing_zeros() / 8) as usize;
        }
        if b != 0 {
            return i + 8 + (b.trailing_zeros() / 8) as usize;
        }
        i += 16;
    }
    while let Some(chunk) = bytes.get(i..).and_then(<[u8]>::first_chunk::<8>) {
        let v = u64::from_le_bytes(*chunk);
        let quote = zero_bytes(v ^ (ONES * u64::from(b'"')));
        let backslash = zero_bytes(v ^ (ONES * u64::from(b'\\')));
        let control = v.wrapping_sub(ONES * 0x20) & !v & HIGHS;
        let mask = quote | backslash | control;
        if mask != 0 {
            return i + (mask.trailing_zeros() / 8) as usize;
        }
        i += 8;
    }
    i
}

/// Whether `b` is JSON whitespace.
#[inline]
pub(crate) fn is_ws(b: u8) -> bool {
    matches!(b, b' ' | b'\n' | b'\r' | b'\t')
}

/// Offset of the first byte at or after `i` (before `end`) that is not JSON whitespace.
///
/// Eight bytes at a time (SWAR): find the first byte above 0x20; the bytes before it are
/// spaces or control characters, and the rare control characters (one line break per line)
/// are checked to be `\t`, `\n` or `\r`. Any other control character stops the skip.
#[inline]
pub(crate) fn skip_whitespace(bytes: &[u8], mut i: usize, end: usize) -> usize {
    let bytes = &bytes[..end];
    while let Some(chunk) = bytes.get(i..).and_then(<[u8]>::first_chunk::<8>) {
        let v = u64::from_le_bytes(*chunk);
        // High bit set exactly in bytes >= 0x21 (no carries between bytes).
        let significant = (((v & !HIGHS) + ONES * 0x5f) | v) & HIGHS;
        // High bit set exactly in bytes < 0x20.
        let mut control = !(((v & !HIGHS) + ONES * 0x60) | v) & HIGHS;
        let n = if significant == 0 {
            8
        } else {
            (significant.trailing_zeros() / 8) as usize
        };
        while control != 0 {
            let at = (control.trailing_zeros() / 8) as usize;
            if at >= n {
                break;
            }
            if !matches!(chunk[at], b'\t' | b'\n' | b'\r') {
                return i + at;
            }
            control &= control - 1;
        }
        if n < 8 {
            return i + n;
        }
        i += 8;
    }
    while i < end && is_ws(bytes[i]) {
        i += 1;
    }
    i
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

/// Offset of the first byte at or after `i` (before `end`) that is not an ASCII digit; eight
/// bytes at a time (SWAR).
#[inline]
pub(crate) fn skip_digits(bytes: &[u8], mut i: usize, end: usize) -> usize {
    let bytes = &bytes[..end];
    while let Some(chunk) = bytes.get(i..).and_then(<[u8]>::first_chunk::<8>) {
        // y < 10 exactly for digits; the high bit of ((y & 0x7f) + 0x76) | y is set exactly
        // for the other bytes, with no carry between bytes.
        let y = u64::from_le_bytes(*chunk) ^ (ONES * u64::from(b'0'));
        let non_digit = (((y & !HIGHS) + ONES * 0x76) | y) & HIGHS;
        if non_digit != 0 {
            return i + (non_digit.trailing_zeros() / 8) as usize;
        }
        i += 8;
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
        _ if text.chars().count() <= 8 && !text.chars().any(char::is_control) => {
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
                let swar = skip_plain_swar(&v, 0);
                assert!(swar <= pos && pos - swar < 8);
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
