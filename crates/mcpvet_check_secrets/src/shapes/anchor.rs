//! Where a shape may be: the anchor bytes found in one SIMD pass, and the cheap looks at
//! their surroundings (a credential-like name before a separator, a URL's userinfo, a
//! `Bearer`/`Basic` word) that decide which anchors are parsed.
use super::{Range, ShapeKind};

/// The byte offsets in `bytes` where a shape may be anchored, in ascending order: `=` and `:`
/// after a credential-like name, `@` after `scheme://user:`, the `b` of a `Bearer `/`Basic `
/// word. A cheap pre-filter: no value is judged. Every shape [`find`](super::find) reports is anchored at
/// one of them, inside the text of its name or value or between the two.
///
/// One pass over the input, 64 bytes per step: the bytes that can anchor a shape (`=`, `:`,
/// `@`, `b`, `B`) are found with portable SIMD compares, and only those are looked at.
pub fn anchors(bytes: &[u8]) -> Vec<usize> {
    let mut out = Vec::new();
    // Each step reads 64 bytes and the one after them (the second letter of `Bearer`).
    crate::anchors::walk(bytes, anchor_bytes, |at| {
        if is_anchor(bytes, at) {
            out.push(at);
        }
    });
    out
}

/// Whether `bytes` may hold a shape (see [`anchors`]).
pub fn may_contain(bytes: &[u8]) -> bool {
    memchr::memchr3_iter(b'=', b':', b'@', bytes).any(|at| is_anchor(bytes, at))
        || memchr::memchr2_iter(b'b', b'B', bytes).any(|at| is_anchor(bytes, at))
}

/// A bit per byte of the first 64 of `window` that is `=`, `:` or `@`, or a `b` followed by
/// `e` or `a` (ignoring case: how `bearer` and `basic` start).
#[inline]
fn anchor_bytes(window: &[u8; 64 + 1]) -> u64 {
    crate::anchors::mask64(window, lane_anchors)
}

/// The lanes of `v` that may anchor a shape, `next` being the 16 bytes one further (see
/// [`anchor_bytes`]).
#[inline]
pub(crate) fn lane_anchors(v: wide::u8x16, next: wide::u8x16) -> wide::u8x16 {
    use wide::u8x16;
    let fold = u8x16::splat(0x20);
    let next = next | fold;
    let b = (v | fold).simd_eq(u8x16::splat(b'b'))
        & (next.simd_eq(u8x16::splat(b'e')) | next.simd_eq(u8x16::splat(b'a')));
    v.simd_eq(u8x16::splat(b'='))
        | v.simd_eq(u8x16::splat(b':'))
        | v.simd_eq(u8x16::splat(b'@'))
        | b
}

/// Whether the byte at `at` anchors a possible shape (see [`anchors`]). The fast test runs
/// inline in the scan; the few bytes that pass it take the slow one.
#[inline]
pub(crate) fn is_anchor(bytes: &[u8], at: usize) -> bool {
    match bytes[at] {
        b'=' | b':' => may_end_credential_name(bytes, at) && anchors_pair(bytes, at),
        b'@' | b'b' | b'B' => anchors_other(bytes, at),
        _ => false,
    }
}

#[inline(never)]
pub(super) fn anchors_pair(bytes: &[u8], sep: usize) -> bool {
    name_before(bytes, sep).is_some()
}

#[inline(never)]
pub(super) fn anchors_other(bytes: &[u8], at: usize) -> bool {
    if bytes[at] == b'@' {
        authority_start(bytes, at).is_some()
    } else {
        scheme_word(bytes, at).is_some()
    }
}

/// The last three letters of each credential word of [`credential_suffix`] (lower case).
const LAST_THREE: [&[u8; 3]; 20] = [
    b"ken", b"ion", b"ret", b"jwt", b"ass", b"als", b"ord", b"swd", b"pwd", b"sid", b"nid", b"ase",
    b"ode", b"kie", b"ure", b"key", b"uth", b"ial", b"sig", b"rer",
];

/// For each last letter of a credential word and the letter before it (`a` is 1, as in
/// `letter & 0x1f`), a bit per letter that may come before those two (see
/// [`may_end_credential_name`]).
static LAST_TRIPLES: [[u32; 32]; 32] = {
    let mut table = [[0u32; 32]; 32];
    let mut i = 0;
    while i < LAST_THREE.len() {
        let [x, y, z] = *LAST_THREE[i];
        table[(z & 0x1f) as usize][(y & 0x1f) as usize] |= 1 << (x & 0x1f);
        i += 1;
    }
    table
};

/// The fast half of [`name_before`]: false when the three bytes before the separator at
/// `sep` (past a closing quote) end no credential word. Most `:` of a capture stop here, so
/// it is written with few branches: non-letters fold onto letters in the table (a superset),
/// blanks before the separator leave the decision to the slow half, and a number ending the
/// name (`API_KEY_2`) is skipped as the slow half skips it.
#[inline]
pub(super) fn may_end_credential_name(bytes: &[u8], sep: usize) -> bool {
    // The sixteen bytes before the separator, read at once, the byte before it lowest: room
    // for a quote, its escape, a number of eight digits, its separator and three letters.
    let Some(&window) = sep
        .checked_sub(16)
        .and_then(|start| bytes.get(start..sep))
        .and_then(<[u8]>::first_chunk::<16>)
    else {
        return may_end_credential_name_in(bytes, sep);
    };
    let mut x = u128::from_be_bytes(window);
    let before = x as u8;
    if blank(before) {
        return true;
    }
    // Past a closing quote, and a backslash escaping it.
    if before == b'"' || before == b'\'' {
        x >>= 8;
        if x as u8 == b'\\' {
            x >>= 8;
        }
    }
    // A number after the word (`API_KEY_2`), skipped as `credential_suffix` skips it: up to
    // eight digits and one separator before them.
    if (x as u8).is_ascii_digit() {
        let mut digits = 0;
        while digits < 8 && (x as u8).is_ascii_digit() {
            x >>= 8;
            digits += 1;
        }
        if matches!(x as u8, b'_' | b'-' | b'.') {
            x >>= 8;
        }
    }
    let (third, second, last) = ((x >> 16) as u8, (x >> 8) as u8, x as u8);
    (LAST_TRIPLES[usize::from(last & 0x1f)][usize::from(second & 0x1f)] >> (third & 0x1f)) & 1 != 0
}

/// [`may_end_credential_name`] read byte by byte, for separators near the start of the text.
#[inline(never)]
pub(super) fn may_end_credential_name_in(bytes: &[u8], sep: usize) -> bool {
    if sep < 3 {
        return false;
    }
    let before = bytes[sep - 1];
    if blank(before) {
        return true;
    }
    let mut end = sep - usize::from(before == b'"' || before == b'\'');
    if end < sep && end > 0 && bytes[end - 1] == b'\\' {
        end -= 1;
    }
    // A number after the word (`API_KEY_2`) is skipped as `credential_suffix` skips it:
    // up to 8 digits and one separator before them. (A clock's `12:30` stops here.)
    if end > 0 && bytes[end - 1].is_ascii_digit() {
        let digits_end = end;
        while end > 0 && digits_end - end < 8 && bytes[end - 1].is_ascii_digit() {
            end -= 1;
        }
        if end > 0 && matches!(bytes[end - 1], b'_' | b'-' | b'.') {
            end -= 1;
        }
    }
    if end < 3 {
        return false;
    }
    let (third, second, last) = (bytes[end - 3], bytes[end - 2], bytes[end - 1]);
    (LAST_TRIPLES[usize::from(last & 0x1f)][usize::from(second & 0x1f)] >> (third & 0x1f)) & 1 != 0
}

/// Bytes of a name (`api_key`, `X-Amz-Signature`, `connect.sid`, `--token`).
#[inline]
pub(super) fn name_byte(c: u8) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, b'_' | b'-' | b'.')
}

/// Bytes of an unquoted value (`token=…`): not blank, not a quote, not a delimiter.
#[inline]
pub(super) fn value_byte(c: u8) -> bool {
    c.is_ascii_alphanumeric()
        || matches!(
            c,
            b'-' | b'.'
                | b'_'
                | b'~'
                | b'+'
                | b'/'
                | b'='
                | b'%'
                | b'!'
                | b'#'
                | b'$'
                | b'*'
                | b'@'
                | b'^'
                | b':'
        )
        || c >= 0x80
}

/// Bytes of an RFC 7235 `token68` (the credential after `Bearer`), `=` padding aside.
#[inline]
pub(super) fn token68_byte(c: u8) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, b'-' | b'.' | b'_' | b'~' | b'+' | b'/')
}

/// Whether `rest` starts with `word`, ignoring ASCII case.
#[inline]
pub(super) fn starts_ci(rest: &[u8], word: &[u8]) -> bool {
    rest.len() >= word.len() && rest[..word.len()].eq_ignore_ascii_case(word)
}

/// Whether the name that ends at `end` of `b` ends with a credential word (a trailing
/// number such as `_2` aside): a superset of such names that [`names::classify_query`]
/// accepts, cheap enough to run at every `:` of a capture (most names are rejected by their
/// last two letters).
pub(super) fn credential_suffix(b: &[u8], end: usize) -> bool {
    let mut e = end;
    while e > 0 && end - e < 8 && b[e - 1].is_ascii_digit() {
        e -= 1;
    }
    if e < end && e > 0 && matches!(b[e - 1], b'_' | b'-' | b'.') {
        e -= 1;
    }
    if e < 2 {
        return false;
    }
    let name = &b[..e];
    let ends = |word: &[u8]| {
        name.len() >= word.len() && name[name.len() - word.len()..].eq_ignore_ascii_case(word)
    };
    let letter_before = |word: &[u8]| {
        name.len() > word.len() && name[name.len() - word.len() - 1].is_ascii_alphabetic()
    };
    match (name[e - 2] | 0x20, name[e - 1] | 0x20) {
        (b'e', b'n') => ends(b"token") && !ends(b"progresstoken"),
        (b'o', b'n') => ends(b"authorization") || ends(b"session"),
        (b'e', b't') => ends(b"secret"),
        (b'w', b't') => ends(b"jwt"),
        (b's', b's') => ends(b"pass"),
        (b'l', b's') => ends(b"credentials"),
        (b'r', b'd') => ends(b"password"),
        (b'w', b'd') => ends(b"passwd") || ends(b"pwd"),
        (b'i', b'd') => {
            ends(b"sessid") || ends(b"sessionid") || (ends(b"sid") && !letter_before(b"sid"))
        }
        (b's', b'e') => ends(b"passphrase"),
        (b'd', b'e') => ends(b"passcode"),
        (b'i', b'e') => ends(b"cookie"),
        (b'r', b'e') => ends(b"signature"),
        (b'e', b'y') => ends(b"key"),
        (b't', b'h') => ends(b"auth"),
        (b'a', b'l') => ends(b"credential"),
        (b'i', b'g') => ends(b"sig"),
        (b'e', b'r') => ends(b"bearer"),
        _ => false,
    }
}

/// Up to this many blanks between a name, its separator and its value.
pub(super) const MAX_BLANKS: usize = 3;

/// Names longer than this are not read (a separator after a long run of name characters is
/// inside a blob).
pub(super) const MAX_NAME: usize = 64;

pub(super) fn blank(c: u8) -> bool {
    c == b' ' || c == b'\t'
}

/// The name before the separator at `sep` and how it is quoted, when it holds a credential
/// word and a value may follow.
pub(super) fn name_before(bytes: &[u8], sep: usize) -> Option<(Range<usize>, Quote)> {
    // The value: a quote or a value byte, after a few blanks; not `==`, `::`, `=>`.
    let mut value = sep + 1;
    while value < bytes.len() && value - sep <= MAX_BLANKS && blank(bytes[value]) {
        value += 1;
    }
    let first = *bytes.get(value)?;
    if matches!(first, b'=' | b':' | b'>')
        || !(value_byte(first) || matches!(first, b'"' | b'\'' | b'\\'))
    {
        return None;
    }
    let mut end = sep;
    while end > 0 && sep - end < MAX_BLANKS && blank(bytes[end - 1]) {
        end -= 1;
    }
    let quote = match end.checked_sub(1).map(|j| bytes[j]) {
        Some(q @ (b'"' | b'\'')) => {
            end -= 1;
            if end > 0 && bytes[end - 1] == b'\\' {
                end -= 1;
                Quote::Escaped(q)
            } else {
                Quote::Plain(q)
            }
        }
        _ => Quote::None,
    };
    if !credential_suffix(bytes, end) {
        return None;
    }
    let mut start = end;
    while start > 0 && end - start < MAX_NAME && name_byte(bytes[start - 1]) {
        start -= 1;
    }
    if start == end {
        return None;
    }
    // A quoted name is quoted on both sides.
    let opened = match quote {
        Quote::None => true,
        Quote::Plain(q) => start > 0 && bytes[start - 1] == q,
        Quote::Escaped(q) => start > 1 && bytes[start - 1] == q && bytes[start - 2] == b'\\',
    };
    opened.then_some((start..end, quote))
}

/// How a name or value is quoted.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Quote {
    None,
    /// `"…"` or `'…'`.
    Plain(u8),
    /// `\"…\"` (JSON inside a JSON string, read raw).
    Escaped(u8),
}

/// The start of the authority (after `://`) of the URL whose userinfo the `@` at `at` ends,
/// when there is a `:` in the userinfo.
pub(super) fn authority_start(b: &[u8], at: usize) -> Option<usize> {
    let mut k = at;
    let mut colon = false;
    while k > 0 && at - k < 256 {
        let c = b[k - 1];
        if c == b'/' {
            break;
        }
        if c.is_ascii_whitespace() || matches!(c, b'"' | b'\'' | b'<' | b'>' | b'`' | b'\\') {
            return None;
        }
        colon |= c == b':';
        k -= 1;
    }
    (colon && k >= 3 && b[k - 1] == b'/' && b[k - 2] == b'/' && b[k - 3] == b':').then_some(k)
}

/// The scheme (`Bearer` or `Basic`) whose word starts at `at`, and where the credential after
/// it starts.
pub(super) fn scheme_word(b: &[u8], at: usize) -> Option<(ShapeKind, usize)> {
    if at > 0 && (b[at - 1].is_ascii_alphanumeric() || b[at - 1] == b'_') {
        return None;
    }
    let rest = &b[at..];
    let (kind, len) = if starts_ci(rest, b"bearer") {
        (ShapeKind::Bearer, 6)
    } else if starts_ci(rest, b"basic") {
        (ShapeKind::Basic, 5)
    } else {
        return None;
    };
    let mut v = at + len;
    if !b.get(v).is_some_and(|&c| blank(c)) {
        return None;
    }
    while v < b.len() && v - at - len < MAX_BLANKS && blank(b[v]) {
        v += 1;
    }
    b.get(v)
        .is_some_and(|&c| token68_byte(c))
        .then_some((kind, v))
}
