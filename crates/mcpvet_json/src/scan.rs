//! Byte-level scanners used by the parser's hot path.

/// Offset of the first byte at or after `i` (and before `end`) that ends a plain run of string
/// contents: `"`, `\\` or a control character below 0x20. Returns `end` when there is none.
///
/// One pass classifies all three stop bytes, 16 bytes per step with portable SIMD (`wide`:
/// SSE2 on `x86_64`, simd128 on WebAssembly when enabled, NEON on `aarch64`, scalar
/// elsewhere), which beats `memchr2` plus a control-character pass on escape-dense text.
#[inline]
pub(crate) fn string_stop(bytes: &[u8], mut i: usize, end: usize) -> usize {
    use wide::u8x16;
    let bytes = &bytes[..end];
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
    while i < end {
        let b = bytes[i];
        if b == b'"' || b == b'\\' || b < 0x20 {
            return i;
        }
        i += 1;
    }
    end
}

/// Offset of the first byte at or after `i` (before `end`) that the parser must look at in
/// string contents: the closing `"`, a control character below 0x20, or the backslash of an
/// escape that is not a plain valid one (an invalid escape, a `\u` escape of half a surrogate
/// pair, an escape cut by the end of the input, an escaped control character). Valid escapes
/// (`\n`, `\"`, `\u00e9`...) are skipped; `escapes` is set when one was. Returns `end`
/// when the contents run to the end.
///
/// Until the first backslash, 16 bytes per step as in [`string_stop`]; from there on the
/// contents are classified in 64-byte blocks into bit masks (quotes, backslashes, control
/// characters, and the letters of one-letter escapes), the escaped bytes are found from the
/// backslash mask without a loop (odd-length runs of backslashes, carried across blocks), and
/// only the escaped bytes that are not a one-letter escape (`u`, invalid ones) are read one by
/// one: text dense in escapes (tool output in a captured session) is not walked byte by byte.
#[inline]
pub(crate) fn string_contents(bytes: &[u8], i: usize, end: usize, escapes: &mut bool) -> usize {
    let i = string_stop(bytes, i, end);
    if i < end && bytes[i] == b'\\' {
        escaped_contents(bytes, i, end, escapes)
    } else {
        i
    }
}

/// [`string_contents`] from a backslash at `i` on.
#[inline(never)]
fn escaped_contents(bytes: &[u8], mut i: usize, end: usize, escapes: &mut bool) -> usize {
    let bytes = &bytes[..end];
    let mut carry = 0u64;
    while let Some(block) = bytes.get(i..).and_then(<[u8]>::first_chunk::<64>) {
        let classes = classify64(block);
        let escaped_mask = escaped_bytes(classes.backslash, &mut carry);
        let stops = (classes.quote & !escaped_mask) | classes.control;
        // Bits below the first stop (all of them when there is none).
        let before = stops.wrapping_sub(1) & !stops;
        if classes.backslash & before != 0 {
            *escapes = true;
        }
        // Escaped bytes that are not a plain one-letter escape: `u` and invalid ones.
        let mut check = escaped_mask & before & !simple_escape_mask(block);
        while check != 0 {
            let k = check.trailing_zeros() as usize;
            let valid = match ESCAPE_CLASS[usize::from(block[k])] {
                SIMPLE => true,
                UNICODE => unicode_escape(bytes, i + k),
                _ => false,
            };
            if !valid {
                // The escape's backslash (in the previous block when k is 0).
                return i + k - 1;
            }
            check &= check - 1;
        }
        if stops != 0 {
            let k = stops.trailing_zeros() as usize;
            // An escaped control character is read by the parser from its backslash.
            return if escaped_mask >> k & 1 == 1 {
                i + k - 1
            } else {
                i + k
            };
        }
        i += 64;
    }
    if carry != 0 {
        // The byte at `i` is escaped by the backslash before it: read that escape again.
        i -= 1;
    }
    loop {
        i = string_stop(bytes, i, end);
        if i < end && bytes[i] == b'\\' && valid_escape(bytes, i + 1) {
            *escapes = true;
            i += if bytes[i + 1] == b'u' { 6 } else { 2 };
            continue;
        }
        return i;
    }
}

/// Whether the escape whose backslash precedes `at` is valid and plain: `\"`, `\\`, `\/`,
/// `\b`, `\f`, `\n`, `\r`, `\t`, or `\u` with four hexadecimal digits that are not half of
/// a surrogate pair (pairs go through the parser's own escape check).
#[inline]
fn valid_escape(bytes: &[u8], at: usize) -> bool {
    match bytes.get(at).map(|&b| ESCAPE_CLASS[usize::from(b)]) {
        Some(SIMPLE) => true,
        Some(UNICODE) => unicode_escape(bytes, at),
        _ => false,
    }
}

/// Whether the `u` at `at` starts four hexadecimal digits that are not half of a surrogate
/// pair.
#[inline]
fn unicode_escape(bytes: &[u8], at: usize) -> bool {
    bytes
        .get(at + 1..at + 5)
        .and_then(hex4)
        .is_some_and(|cp| !(0xD800..=0xDFFF).contains(&cp))
}

/// [`ESCAPE_CLASS`]: the byte after a backslash is not a valid escape.
const INVALID: u8 = 0;
/// [`ESCAPE_CLASS`]: `"`, `\\`, `/`, `b`, `f`, `n`, `r` or `t`.
const SIMPLE: u8 = 1;
/// [`ESCAPE_CLASS`]: `u` (four hexadecimal digits follow).
const UNICODE: u8 = 2;

/// The class of each byte as the byte after a backslash.
static ESCAPE_CLASS: [u8; 256] = {
    let mut table = [INVALID; 256];
    let simple = *b"\"\\/bfnrt";
    let mut k = 0;
    while k < simple.len() {
        table[simple[k] as usize] = SIMPLE;
        k += 1;
    }
    table[b'u' as usize] = UNICODE;
    table
};

/// The value of four hexadecimal digits, without a branch per digit.
#[inline]
fn hex4(digits: &[u8]) -> Option<u32> {
    let [a, b, c, d] = *digits.first_chunk::<4>()?;
    let [a, b, c, d] = [a, b, c, d].map(|x| HEX_VALUE[usize::from(x)]);
    // An invalid digit is 0xFF: it shows in the OR of the four.
    (a | b | c | d < 16)
        .then(|| u32::from(a) << 12 | u32::from(b) << 8 | u32::from(c) << 4 | u32::from(d))
}

/// The value of each byte as a hexadecimal digit, 0xFF when it is not one.
static HEX_VALUE: [u8; 256] = {
    let mut table = [0xFF; 256];
    let mut k = 0;
    while k < 10 {
        table[b'0' as usize + k] = k as u8;
        k += 1;
    }
    let mut k = 0;
    while k < 6 {
        table[b'a' as usize + k] = 10 + k as u8;
        table[b'A' as usize + k] = 10 + k as u8;
        k += 1;
    }
    table
};

/// The bytes of a 64-byte block that matter in string contents, one bit per byte (bit `k` for
/// byte `k`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Classes {
    /// `"`
    pub(crate) quote: u64,
    /// `\\`
    pub(crate) backslash: u64,
    /// Bytes below 0x20.
    pub(crate) control: u64,
}

/// Classifies a 64-byte block, 16 bytes per step (portable SIMD).
#[inline]
pub(crate) fn classify64(block: &[u8; 64]) -> Classes {
    use wide::u8x16;
    let quote = u8x16::splat(b'"');
    let backslash = u8x16::splat(b'\\');
    let max_control = u8x16::splat(0x1f);
    let mut classes = Classes {
        quote: 0,
        backslash: 0,
        control: 0,
    };
    for (n, chunk) in block.as_chunks::<16>().0.iter().enumerate() {
        let v = u8x16::from(*chunk);
        let shift = 16 * n;
        classes.quote |= u64::from(v.simd_eq(quote).to_bitmask()) << shift;
        classes.backslash |= u64::from(v.simd_eq(backslash).to_bitmask()) << shift;
        classes.control |= u64::from(v.min(max_control).simd_eq(v).to_bitmask()) << shift;
    }
    classes
}

/// Bit `k` set when byte `k` of the block is `"`, `\\`, `/`, `b`, `f`, `n`, `r` or `t` (what
/// may follow a backslash in a one-letter escape), 16 bytes per step (portable SIMD).
#[inline]
pub(crate) fn simple_escape_mask(block: &[u8; 64]) -> u64 {
    use wide::u8x16;
    let mut mask = 0;
    for (n, chunk) in block.as_chunks::<16>().0.iter().enumerate() {
        let v = u8x16::from(*chunk);
        let eq = |b: u8| v.simd_eq(u8x16::splat(b));
        let simple =
            eq(b'"') | eq(b'\\') | eq(b'/') | eq(b'b') | eq(b'f') | eq(b'n') | eq(b'r') | eq(b't');
        mask |= u64::from(simple.to_bitmask()) << (16 * n);
    }
    mask
}

/// The bytes escaped by a backslash: each byte that follows an odd-length run of backslashes
/// (within the block or, through `carry`, the run that ended the previous block). `carry` is
/// 1 on return when the block ends inside such a run with the next byte escaped.
///
/// The branch-free form of simdjson's escape scanner: runs starting on an odd bit are found
/// by adding their start bits to the backslash mask, whose carries run to the end of each run.
#[inline]
pub(crate) fn escaped_bytes(backslash: u64, carry: &mut u64) -> u64 {
    const EVEN_BITS: u64 = 0x5555_5555_5555_5555;
    let backslash = backslash & !*carry;
    let follows_escape = (backslash << 1) | *carry;
    let odd_starts = backslash & !EVEN_BITS & !follows_escape;
    let (even_starts, overflow) = odd_starts.overflowing_add(backslash);
    *carry = u64::from(overflow);
    let invert = even_starts << 1;
    (EVEN_BITS ^ invert) & follows_escape
}

/// [`string_contents`] one byte at a time: the reference its block scan is tested against.
#[cfg(any(test, feature = "testing"))]
pub(crate) fn string_contents_scalar(
    bytes: &[u8],
    mut i: usize,
    end: usize,
    escapes: &mut bool,
) -> usize {
    let bytes = &bytes[..end];
    while let Some(&b) = bytes.get(i) {
        match b {
            b'\\' if valid_escape(bytes, i + 1) => {
                *escapes = true;
                i += if bytes[i + 1] == b'u' { 6 } else { 2 };
            }
            b'"' | b'\\' | 0..0x20 => return i,
            _ => i += 1,
        }
    }
    end
}

/// [`escaped_bytes`] one byte at a time, over a whole text: bit `k` of word `k / 64` set when
/// byte `k` is escaped (it follows a backslash that is not itself escaped).
#[cfg(any(test, feature = "testing"))]
pub(crate) fn escaped_bytes_scalar(bytes: &[u8]) -> Vec<u64> {
    let mut words = vec![0u64; bytes.len().div_ceil(64)];
    let mut escape_next = false;
    for (k, &b) in bytes.iter().enumerate() {
        if escape_next {
            words[k / 64] |= 1 << (k % 64);
            escape_next = false;
        } else {
            escape_next = b == b'\\';
        }
    }
    words
}

/// [`skip_whitespace`] one byte at a time.
#[cfg(any(test, feature = "testing"))]
pub(crate) fn skip_whitespace_scalar(bytes: &[u8], mut i: usize, end: usize) -> usize {
    while i < end && matches!(bytes[i], b' ' | b'\n' | b'\r' | b'\t') {
        i += 1;
    }
    i
}

/// Checks the scanners of string contents and whitespace against their byte-at-a-time
/// references, from every start offset of `bytes` (the first 130) to its end and to a few
/// shorter ends: the same stop, the same escapes flag (unless the stop is a backslash, where
/// the parser sets the flag itself), and the same escaped bytes block after block.
#[cfg(any(test, feature = "testing"))]
pub(crate) fn check_scanners(bytes: &[u8], starts: usize) -> Result<(), String> {
    let len = bytes.len();
    for start in 0..len.min(starts) {
        for end in [len, len.saturating_sub(1), start + (len - start) / 2] {
            if end < start {
                continue;
            }
            let (mut fast_escapes, mut slow_escapes) = (false, false);
            let fast = string_contents(bytes, start, end, &mut fast_escapes);
            let slow = string_contents_scalar(bytes, start, end, &mut slow_escapes);
            let at_backslash = bytes.get(slow) == Some(&b'\\') && slow < end;
            if fast != slow || (fast_escapes != slow_escapes && !at_backslash) {
                return Err(format!(
                    "string scan from {start} to {end}: stop {fast} (escapes {fast_escapes}), \
                     byte by byte {slow} (escapes {slow_escapes})"
                ));
            }
            let (fast, slow) = (
                skip_whitespace(bytes, start, end),
                skip_whitespace_scalar(bytes, start, end),
            );
            if fast != slow {
                return Err(format!(
                    "whitespace from {start} to {end}: {fast}, byte by byte {slow}"
                ));
            }
        }
    }
    let expected = escaped_bytes_scalar(bytes);
    let mut carry = 0;
    for (n, block) in bytes.as_chunks::<64>().0.iter().enumerate() {
        let classes = classify64(block);
        let escaped = escaped_bytes(classes.backslash, &mut carry);
        if escaped != expected[n] {
            return Err(format!(
                "escaped bytes of block {n}: {escaped:#066b}, byte by byte {:#066b}",
                expected[n]
            ));
        }
        let simple = simple_escape_mask(block);
        for (k, &b) in block.iter().enumerate() {
            let bits = [
                (classes.quote, b == b'"', "quote"),
                (classes.backslash, b == b'\\', "backslash"),
                (classes.control, b < 0x20, "control"),
                (
                    simple,
                    ESCAPE_CLASS[usize::from(b)] == SIMPLE,
                    "simple escape",
                ),
            ];
            for (mask, expected, what) in bits {
                if (mask >> k & 1 == 1) != expected {
                    return Err(format!("{what} bit of byte {k} of block {n} (0x{b:02x})"));
                }
            }
        }
    }
    Ok(())
}

/// Offset of the first byte at or after `i` (before `end`) that is not JSON whitespace.
///
/// Whitespace (indentation after a line break, mostly) is classified 32 bytes per step with
/// portable SIMD: each of space, line feed, carriage return and tab in one mask, so a line
/// break and the indentation after it take one step.
#[inline]
pub(crate) fn skip_whitespace(bytes: &[u8], mut i: usize, end: usize) -> usize {
    let bytes = &bytes[..end];
    while let Some(chunk) = bytes.get(i..).and_then(<[u8]>::first_chunk::<32>) {
        let run = whitespace_run32(chunk);
        if run < 32 {
            return i + run;
        }
        i += 32;
    }
    if let Some(chunk) = bytes.get(i..).and_then(<[u8]>::first_chunk::<16>) {
        let mask = whitespace_mask16(chunk);
        if mask != 0xffff {
            return i + mask.trailing_ones() as usize;
        }
        i += 16;
    }
    while let Some(b' ' | b'\n' | b'\r' | b'\t') = bytes.get(i) {
        i += 1;
    }
    i
}

/// Length of the run of JSON whitespace that starts the 32 bytes (32 when they all are).
#[inline]
pub(crate) fn whitespace_run32(chunk: &[u8; 32]) -> usize {
    let (lo, hi) = chunk.split_at(16);
    let mask = whitespace_mask16(lo) | (whitespace_mask16(hi) << 16);
    mask.trailing_ones() as usize
}

/// Bit `k` set when byte `k` of the 16 is JSON whitespace.
#[inline]
fn whitespace_mask16(chunk: &[u8]) -> u32 {
    use wide::u8x16;
    let Ok(chunk) = <[u8; 16]>::try_from(chunk) else {
        return 0;
    };
    let v = u8x16::from(chunk);
    (v.simd_eq(u8x16::splat(b' '))
        | v.simd_eq(u8x16::splat(b'\n'))
        | v.simd_eq(u8x16::splat(b'\r'))
        | v.simd_eq(u8x16::splat(b'\t')))
    .to_bitmask()
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
                assert_eq!(string_stop(&v, 0, pos), pos, "no stop before the end");
            }
            let mut v = vec![0xC3; 40];
            v[pos] = b'"';
            assert_eq!(string_stop(&v, 0, 40), pos, "high bytes are not stops");
        }
    }

    /// Backslash runs of every length, ending at every offset around the first two block
    /// edges, before every kind of byte.
    #[test]
    fn scanners_agree_across_block_edges() {
        let tails: [&[u8]; 10] = [
            b"\"", b"n", b"u00e9", b"uD800", b"uDE00", b"u12\"", b"x", b"\n", b"\x01", b"\t",
        ];
        for run in 1..6 {
            for at in 50..140 {
                for tail in tails {
                    // An escape first, so that the block scan starts at offset 0 and its
                    // blocks are the ones `check_scanners` compares.
                    let mut v = b"\\n".to_vec();
                    v.resize(at, b'a');
                    v.extend(std::iter::repeat_n(b'\\', run));
                    v.extend_from_slice(tail);
                    v.resize(v.len() + 70, b'b');
                    v.extend_from_slice(b"\\n\"");
                    assert_eq!(
                        check_scanners(&v, 130),
                        Ok(()),
                        "{:?}",
                        String::from_utf8_lossy(&v)
                    );
                }
            }
        }
    }

    #[test]
    fn escape_dense_contents_are_scanned_in_blocks() {
        // A string of escapes longer than two blocks, then its closing quote.
        let contents = "a\\n\\\"b\\u00e9\\\\".repeat(20);
        let text = format!("{contents}\" tail");
        let mut escapes = false;
        assert_eq!(
            string_contents(text.as_bytes(), 0, text.len(), &mut escapes),
            contents.len()
        );
        assert!(escapes);
        // An invalid escape far into the string stops the scan at its backslash.
        let text = format!("{contents}\\q\"");
        let mut escapes = false;
        assert_eq!(
            string_contents(text.as_bytes(), 0, text.len(), &mut escapes),
            contents.len()
        );
        // So does half a surrogate pair, and a raw control character after a backslash.
        for bad in ["\\uD83D\\uDE00", "\\\u{1}"] {
            let text = format!("{contents}{bad}\"");
            let mut escapes = false;
            assert_eq!(
                string_contents(text.as_bytes(), 0, text.len(), &mut escapes),
                contents.len()
            );
        }
    }

    proptest::proptest! {
        #![proptest_config(proptest::test_runner::Config::with_cases(512))]

        /// The block scans agree with the byte-at-a-time references on text made of the
        /// bytes that matter (quotes, backslash runs, escape letters, hexadecimal digits,
        /// control characters, non-ASCII), 0 to 200 bytes.
        #[test]
        fn scanners_agree_with_byte_by_byte(
            pieces in proptest::collection::vec(
                proptest::sample::select(vec![
                    "a", "a", "a", "é", " ", " ", "\n", "\t", "\r", "\"", "\\", "\\", "\\\\",
                    "n", "u", "0", "0", "e", "9", "D", "8", "\u{1}", "\u{1f}", "/", "\u{7f}",
                ]),
                0..200,
            ),
        ) {
            let text = pieces.concat();
            proptest::prop_assert_eq!(check_scanners(text.as_bytes(), 130), Ok(()));
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
