//! Hand-written detectors for provider token formats (reference notes §D.1), with the guards
//! of §D.2.
//!
//! # How a text is scanned
//!
//! Every supported format starts with a literal that holds a separator (`ghp_`, `glpat-`,
//! `sk-ant-`, `SG.`, `-----BEGIN`), starts with `A` (`AKIA`, `AIza`), or, for JSON Web Tokens,
//! has a `.ey` between its first two segments. So the scanner never looks at every byte: it
//! jumps with `memchr` to the next `_`, `-` or `.` and to the next `A`, reads the alphanumeric
//! stem before a separator (at most a few bytes back) and only runs a detector when the stem
//! is a known prefix. Most text costs one SIMD pass per anchor set.
//!
//! A token must start at a boundary: the byte before it is not an ASCII letter or digit (a
//! JSON escape such as `\n` or `\u0020` right before it counts as a boundary, so raw JSON text
//! can be scanned without decoding). It must end at a boundary too: the byte after it is not
//! part of its alphabet, so a format never matches inside a longer identifier or blob.
//!
//! # Guards
//!
//! A candidate with the right prefix, alphabet and length is a secret only if its random part
//! has at least the format's Shannon entropy (3.0 bits per character for most formats, 3.5
//! for the long ones, 4.0 for Google API keys), holds no placeholder marker (`your`, `xxx…`,
//! `EXAMPLE`, a run of one character, an alphabet sequence, a repeated unit), and passes the
//! format's own check (a JWT header must decode to JSON naming `alg` or `typ`; an `OpenAI`
//! key holds `T3BlbkFJ`; a PEM block has a body of at least 64 base64 characters). A
//! candidate that fails only because of placeholder markers, or a known prefix followed by a
//! placeholder (`ghp_xxxx`, `sk-...`, `tvly-<your key>`), is reported as a placeholder.
use memchr::{memchr_iter, memchr3_iter, memmem};

use crate::guards::{entropy, is_placeholder};

// The formats and the tables of prefix stems (data); the scanner and the detectors are here.
mod table;

pub use table::*;

/// One token (or placeholder token) found in a text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Found {
    /// The format.
    pub kind: &'static Kind,
    /// Byte offset of the first character of the secret.
    pub start: usize,
    /// Byte offset just past it.
    pub end: usize,
    /// A placeholder in the token's shape (`ghp_xxxx`, `AKIA…EXAMPLE`), not a secret.
    pub placeholder: bool,
}

#[inline]
fn alnum(b: u8) -> bool {
    b.is_ascii_alphanumeric()
}

/// Whether the token that starts at `start` starts at a boundary: the previous byte is not an
/// ASCII letter or digit, or it ends a JSON escape (`\n`, `\t`, `\uXXXX`).
fn boundary_before(b: &[u8], start: usize) -> bool {
    if start == 0 || !alnum(b[start - 1]) {
        return true;
    }
    let p = start - 1;
    if p >= 1 && b[p - 1] == b'\\' && matches!(b[p], b'n' | b't' | b'r' | b'b' | b'f') {
        return true;
    }
    p >= 5
        && b[p - 5] == b'\\'
        && b[p - 4] == b'u'
        && b[p - 3..=p].iter().all(u8::is_ascii_hexdigit)
}

/// The starts of known stems that end at the separator at `j` and start at a boundary.
fn stems_at(b: &[u8], j: usize) -> impl Iterator<Item = usize> + '_ {
    let sep = b[j];
    STEM_LENGTHS.filter_map(move |len| {
        let s = j.checked_sub(len)?;
        (FIRST[usize::from(b[s])] && is_stem(&b[s..j], sep) && boundary_before(b, s)).then_some(s)
    })
}

/// Runs every detector over `text`; the results are sorted and do not overlap.
pub fn find(text: &str) -> Vec<Found> {
    let b = text.as_bytes();
    let mut out = Vec::new();
    scan(b, |f| {
        out.push(f);
        false
    });
    out.sort_by_key(|f| (f.start, std::cmp::Reverse(f.end)));
    let mut kept: Vec<Found> = Vec::with_capacity(out.len());
    for f in out {
        if kept.last().is_none_or(|k| f.start >= k.end) {
            kept.push(f);
        }
    }
    kept
}

/// Whether `bytes` may hold a token: a known prefix stem, `AKIA`-like or `AIza` text, a JWT
/// `.ey` or a PEM header occurs. A cheap pre-filter: no body is validated.
pub fn may_contain(bytes: &[u8]) -> bool {
    memchr3_iter(b'_', b'-', b'.', bytes).any(|j| stem_hit(bytes, j))
        || memchr_iter(b'A', bytes).any(|i| aws_or_google_prefix(bytes, i))
}

/// The byte offsets in `bytes` where a token may be, in ascending order: as [`may_contain`],
/// plus every `\u` escape of a character a prefix can hold (which may hide one), for callers
/// that then look only at the records that hold an offset.
///
/// One pass over the input, 64 bytes per step: the bytes that can anchor a token (`_`, `-`,
/// `.`, `A`, `\`) are found with portable SIMD compares, and only those are looked at.
pub fn anchors(bytes: &[u8]) -> Vec<usize> {
    let mut out = Vec::new();
    crate::anchors::walk(bytes, anchor_bytes, |at| {
        if is_anchor(bytes, at) {
            out.push(at);
        }
    });
    out
}

/// A bit per byte of the first 64 of `window` that is `_`, `-`, `.` or `A`, or a `\` followed
/// by `u` (only a `\u` escape may hide a token: a capture of JSON text inside JSON strings has
/// a backslash in every `\"`, and those are not looked at).
#[inline]
fn anchor_bytes(window: &[u8; 64 + 1]) -> u64 {
    crate::anchors::mask64(window, lane_anchors)
}

/// The lanes of `v` that may anchor a token, `next` being the 16 bytes one further (see
/// [`anchor_bytes`]).
#[inline]
pub(crate) fn lane_anchors(v: wide::u8x16, next: wide::u8x16) -> wide::u8x16 {
    use wide::u8x16;
    let escape_u = v.simd_eq(u8x16::splat(b'\\')) & next.simd_eq(u8x16::splat(b'u'));
    v.simd_eq(u8x16::splat(b'_'))
        | v.simd_eq(u8x16::splat(b'-'))
        | v.simd_eq(u8x16::splat(b'.'))
        | v.simd_eq(u8x16::splat(b'A'))
        | escape_u
}

/// Whether the byte at `at` anchors a possible token (see [`anchors`]).
#[inline]
pub(crate) fn is_anchor(bytes: &[u8], at: usize) -> bool {
    match bytes[at] {
        b'_' | b'-' | b'.' => stem_hit(bytes, at),
        b'A' => aws_or_google_prefix(bytes, at),
        b'\\' => escape_may_hide_token(bytes, at),
        _ => false,
    }
}

/// Whether the escape at `i` (a `\`) is a `\u` escape of a character a token or its prefix
/// can hold (ASCII letters, digits, `_`, `-`, `.`): `\u001b` or `\u00e9` hides none.
fn escape_may_hide_token(bytes: &[u8], i: usize) -> bool {
    let Some(hex) = bytes.get(i + 2..i + 6) else {
        return false;
    };
    if bytes.get(i + 1) != Some(&b'u') || hex[0] != b'0' || hex[1] != b'0' {
        return false;
    }
    let digit = |h: u8| char::from(h).to_digit(16);
    match (digit(hex[2]), digit(hex[3])) {
        (Some(hi), Some(lo)) => {
            let c = u8::try_from(hi * 16 + lo).unwrap_or(0);
            c.is_ascii_alphanumeric() || matches!(c, b'_' | b'-' | b'.')
        }
        _ => false,
    }
}

fn aws_or_google_prefix(bytes: &[u8], i: usize) -> bool {
    let rest = &bytes[i..];
    rest.len() >= 20
        && (rest.starts_with(b"AKIA")
            || rest.starts_with(b"ASIA")
            || rest.starts_with(b"ABIA")
            || rest.starts_with(b"ACCA")
            || rest.starts_with(b"A3T")
            || rest.starts_with(b"AIza"))
}

fn stem_hit(b: &[u8], j: usize) -> bool {
    let sep = b[j];
    (sep == b'.' && b[j + 1..].starts_with(b"ey"))
        || (sep == b'-' && b[j..].starts_with(b"-----BEGIN"))
        // Most separators in text follow two bytes that end no stem.
        || (j > 1 && ends_stem(b[j - 2], b[j - 1], sep) && stems_at(b, j).next().is_some())
}

/// Calls `emit` with every candidate; stops early when it returns `true`.
fn scan(b: &[u8], mut emit: impl FnMut(Found) -> bool) {
    for j in memchr3_iter(b'_', b'-', b'.', b) {
        let sep = b[j];
        if sep == b'.' && b[j + 1..].starts_with(b"ey") {
            if let Some(f) = jwt(b, j)
                && emit(f)
            {
                return;
            }
            continue;
        }
        if sep == b'-' && (j == 0 || b[j - 1] != b'-') && b[j..].starts_with(b"-----BEGIN") {
            if let Some(f) = pem(b, j)
                && emit(f)
            {
                return;
            }
            continue;
        }
        // Every stem has two bytes or more: most separators end none.
        if j < 2 || !ends_stem(b[j - 2], b[j - 1], sep) {
            continue;
        }
        for s in stems_at(b, j) {
            if let Some(f) = at_stem(b, s, &b[s..j], sep)
                && emit(f)
            {
                return;
            }
        }
    }
    for i in memchr_iter(b'A', b) {
        if !boundary_before(b, i) {
            continue;
        }
        if let Some(f) = aws(b, i).or_else(|| google(b, i))
            && emit(f)
        {
            return;
        }
    }
}

/// The detector for a stem followed by a separator at `s + stem.len()`.
fn at_stem(b: &[u8], s: usize, stem: &[u8], sep: u8) -> Option<Found> {
    match (stem, sep) {
        (b"sk", b'-') if b[s..].starts_with(b"sk-ant-") => return anthropic(b, s),
        (b"sk", b'-') if !b[s..].starts_with(b"sk-or-") => return openai(b, s),
        (b"xoxe", b'.')
        | (b"xoxb" | b"xoxp" | b"xoxa" | b"xoxr" | b"xoxs" | b"xoxe" | b"xoxo", b'-') => {
            return slack(b, s);
        }
        (b"xapp", b'-') => return slack_app(b, s),
        (b"hooks", b'.') => return slack_webhook(b, s),
        (b"SG", b'.') => return sendgrid(b, s),
        _ => {}
    }
    for f in SIMPLE {
        let p = f.prefix.as_bytes();
        if p.len() > stem.len()
            && p[stem.len()] == sep
            && p.starts_with(stem)
            && b[s..].starts_with(p)
        {
            return simple_at(b, s, f);
        }
    }
    None
}

/// Length of the run of `alphabet` bytes from `from`, up to `limit`.
fn run(b: &[u8], from: usize, alphabet: Alphabet, limit: usize) -> usize {
    b[from..]
        .iter()
        .take(limit)
        .take_while(|&&c| alphabet.has(c))
        .count()
}

/// Whether the byte at `at` (if any) ends a token of `alphabet`.
fn boundary_after(b: &[u8], at: usize, alphabet: Alphabet) -> bool {
    b.get(at)
        .is_none_or(|&c| !alphabet.has(c) && !c.is_ascii_alphanumeric() && c != b'_')
}

fn text(b: &[u8], from: usize, to: usize) -> &str {
    std::str::from_utf8(&b[from..to]).unwrap_or("")
}

/// A candidate body judged by the guards: a secret, a placeholder, or nothing.
fn judge_body(
    b: &[u8],
    start: usize,
    body: (usize, usize),
    end: usize,
    min_entropy: f64,
    kind: &'static Kind,
) -> Option<Found> {
    let body = text(b, body.0, body.1);
    let placeholder = is_placeholder(body);
    if !placeholder && entropy(body) < min_entropy {
        return None;
    }
    Some(Found {
        kind,
        start,
        end,
        placeholder,
    })
}

fn simple_at(b: &[u8], s: usize, f: &Simple) -> Option<Found> {
    let body_start = s + f.prefix.len();
    let len = run(b, body_start, f.alphabet, f.max + 1);
    let end = body_start + len;
    if (f.min..=f.max).contains(&len) && boundary_after(b, end, f.alphabet) {
        judge_body(b, s, (body_start, end), end, f.min_entropy, f.kind)
    } else {
        placeholder_tail(b, s, body_start, f.kind)
    }
}

/// A known prefix directly followed by a placeholder: `ghp_xxxx`, `sk-...`, `tvly-<key>`,
/// `AIza…`, `glpat-YOUR_TOKEN`.
fn placeholder_tail(b: &[u8], s: usize, body_start: usize, kind: &'static Kind) -> Option<Found> {
    let tail_len = b[body_start..]
        .iter()
        .take(64)
        .take_while(|&&c| {
            !c.is_ascii_whitespace()
                && !matches!(c, b'"' | b'\'' | b'\\' | b',' | b';' | b'&' | b'`')
        })
        .count();
    let end = body_start + tail_len;
    let tail = text(b, body_start, end);
    let lower = tail.to_ascii_lowercase();
    let starts_like_placeholder = lower.starts_with("xxx")
        || lower.starts_with('.')
        || lower.starts_with('…')
        || lower.starts_with('*')
        || lower.starts_with('<')
        || lower.starts_with('[')
        || lower.starts_with('{')
        || [
            "your",
            "replace",
            "insert",
            "redacted",
            "change",
            "example",
            "placeholder",
        ]
        .iter()
        .any(|w| lower.starts_with(w));
    (starts_like_placeholder && is_placeholder(tail)).then_some(Found {
        kind,
        start: s,
        end,
        placeholder: true,
    })
}

/// `sk-…T3BlbkFJ…` and `sk-proj-`/`sk-svcacct-`/`sk-admin-` keys.
fn openai(b: &[u8], s: usize) -> Option<Found> {
    let body_start = s + 3;
    let len = run(b, body_start, Alphabet::Url64, 301);
    let end = body_start + len;
    let body = &b[body_start..end];
    let scoped = [&b"proj-"[..], b"svcacct-", b"admin-"]
        .iter()
        .any(|p| body.starts_with(p) && len >= p.len() + 40);
    let keyword = memmem::find(body, b"T3BlbkFJ").is_some() && len >= 40;
    if (scoped || keyword) && len <= 300 && boundary_after(b, end, Alphabet::Url64) {
        judge_body(b, s, (body_start, end), end, 3.5, &OPENAI_KEY)
    } else {
        placeholder_tail(b, s, body_start, &OPENAI_KEY)
    }
}

/// `sk-ant-<kind><NN>-<80 to 150 base64url characters>`.
fn anthropic(b: &[u8], s: usize) -> Option<Found> {
    let kind_start = s + 7;
    let letters = b[kind_start..]
        .iter()
        .take(8)
        .take_while(|c| c.is_ascii_lowercase())
        .count();
    let digits_at = kind_start + letters;
    let ok_kind = letters > 0
        && b.len() > digits_at + 2
        && b[digits_at].is_ascii_digit()
        && b[digits_at + 1].is_ascii_digit()
        && b[digits_at + 2] == b'-';
    let kind = match &b[kind_start..digits_at] {
        b"admin" => &ANTHROPIC_ADMIN_KEY,
        b"oat" | b"ort" => &ANTHROPIC_OAUTH,
        _ => &ANTHROPIC_KEY,
    };
    if !ok_kind {
        return placeholder_tail(b, s, kind_start, &ANTHROPIC_KEY);
    }
    let body_start = digits_at + 3;
    let len = run(b, body_start, Alphabet::Url64, 151);
    let end = body_start + len;
    if (80..=150).contains(&len) && boundary_after(b, end, Alphabet::Url64) {
        judge_body(b, s, (body_start, end), end, 3.5, kind)
    } else {
        placeholder_tail(b, s, body_start, kind)
    }
}

/// `(AKIA|ASIA|ABIA|ACCA)[A-Z2-7]{16}` and `A3T[A-Z0-9][A-Z2-7]{16}`; `…EXAMPLE` is a
/// placeholder (AWS documentation keys).
fn aws(b: &[u8], i: usize) -> Option<Found> {
    let rest = &b[i..];
    let four_letters = [&b"AKIA"[..], b"ASIA", b"ABIA", b"ACCA"]
        .iter()
        .any(|p| rest.starts_with(p));
    let a3t = rest.starts_with(b"A3T")
        && rest
            .get(3)
            .is_some_and(|c| c.is_ascii_uppercase() || c.is_ascii_digit());
    if !four_letters && !a3t {
        return None;
    }
    let prefix_len = 4;
    let body_start = i + prefix_len;
    let len = b[body_start..]
        .iter()
        .take(17)
        .take_while(|&&c| c.is_ascii_uppercase() || (b'2'..=b'7').contains(&c))
        .count();
    let end = body_start + len;
    if len != 16 || b.get(end).is_some_and(|&c| alnum(c)) {
        return None;
    }
    let whole = text(b, i, end);
    if whole.ends_with("EXAMPLE") {
        return Some(Found {
            kind: &AWS_ACCESS_KEY,
            start: i,
            end,
            placeholder: true,
        });
    }
    if entropy(whole) < 3.0 {
        return None;
    }
    Some(Found {
        kind: &AWS_ACCESS_KEY,
        start: i,
        end,
        placeholder: is_placeholder(text(b, body_start, end)),
    })
}

/// `AIza` followed by 35 base64url characters (entropy at least 4.0).
fn google(b: &[u8], i: usize) -> Option<Found> {
    if !b[i..].starts_with(b"AIza") {
        return None;
    }
    let body_start = i + 4;
    let len = run(b, body_start, Alphabet::Url64, 36);
    let end = body_start + len;
    if len == 35 && boundary_after(b, end, Alphabet::Url64) {
        judge_body(b, i, (body_start, end), end, 4.0, &GOOGLE_API_KEY)
    } else {
        placeholder_tail(b, i, body_start, &GOOGLE_API_KEY)
    }
}

/// `xox[baprseo]-` then 8 to 13 digits, `-`, and more: at least 24 characters of
/// `[A-Za-z0-9-]` after the prefix (also `xoxe.xoxp-…` refresh tokens).
fn slack(b: &[u8], s: usize) -> Option<Found> {
    let mut body_start = s + 5;
    if b[s..].starts_with(b"xoxe.xox") {
        body_start = s + 10;
        if b.len() < body_start || b[body_start - 1] != b'-' {
            return None;
        }
    }
    let digits = b[body_start..]
        .iter()
        .take(14)
        .take_while(|c| c.is_ascii_digit())
        .count();
    let alphabet = Alphabet::Url64;
    let len = b[body_start..]
        .iter()
        .take(256)
        .take_while(|&&c| c.is_ascii_alphanumeric() || c == b'-')
        .count();
    let end = body_start + len;
    let shaped = (8..=13).contains(&digits) && b.get(body_start + digits) == Some(&b'-');
    if shaped && (24..=255).contains(&len) && boundary_after(b, end, alphabet) {
        judge_body(b, s, (body_start, end), end, 3.0, &SLACK_TOKEN)
    } else {
        placeholder_tail(b, s, body_start, &SLACK_TOKEN)
    }
}

/// `xapp-<digit>-<[A-Za-z0-9-]{20,}>`.
fn slack_app(b: &[u8], s: usize) -> Option<Found> {
    let body_start = s + 5;
    let shaped =
        b.get(body_start).is_some_and(u8::is_ascii_digit) && b.get(body_start + 1) == Some(&b'-');
    let len = b[body_start..]
        .iter()
        .take(256)
        .take_while(|&&c| c.is_ascii_alphanumeric() || c == b'-')
        .count();
    let end = body_start + len;
    if shaped && (22..=255).contains(&len) && boundary_after(b, end, Alphabet::Url64) {
        judge_body(b, s, (body_start, end), end, 3.0, &SLACK_APP_TOKEN)
    } else {
        placeholder_tail(b, s, body_start, &SLACK_APP_TOKEN)
    }
}

/// `hooks.slack.com/(services|workflows|triggers)/<43 to 56 of [A-Za-z0-9+/]>`: the secret is
/// the path after the kind.
fn slack_webhook(b: &[u8], s: usize) -> Option<Found> {
    let host = b"hooks.slack.com/";
    if !b[s..].starts_with(host) {
        return None;
    }
    let after = s + host.len();
    let kind_len = [&b"services/"[..], b"workflows/", b"triggers/"]
        .iter()
        .find(|k| b[after..].starts_with(k))?
        .len();
    let body_start = after + kind_len;
    let len = run(b, body_start, Alphabet::Base64, 57);
    let end = body_start + len;
    if (43..=56).contains(&len) && boundary_after(b, end, Alphabet::Base64) {
        judge_body(b, body_start, (body_start, end), end, 3.0, &SLACK_WEBHOOK)
    } else {
        None
    }
}

/// `SG.<22 base64url>.<43 base64url>`.
fn sendgrid(b: &[u8], s: usize) -> Option<Found> {
    let first = s + 3;
    let a = run(b, first, Alphabet::Url64, 23);
    if a != 22 || b.get(first + a) != Some(&b'.') {
        return None;
    }
    let second = first + a + 1;
    let c = run(b, second, Alphabet::Url64, 44);
    let end = second + c;
    if c != 43 || !boundary_after(b, end, Alphabet::Url64) {
        return None;
    }
    judge_body(b, s, (first, end), end, 3.0, &SENDGRID)
}

/// Decodes base64url or base64 (padding and invalid characters end the input).
pub(crate) fn base64url_decode(text: &[u8]) -> Vec<u8> {
    let value = |c: u8| -> Option<u32> {
        Some(u32::from(match c {
            b'A'..=b'Z' => c - b'A',
            b'a'..=b'z' => c - b'a' + 26,
            b'0'..=b'9' => c - b'0' + 52,
            b'-' | b'+' => 62,
            b'_' | b'/' => 63,
            _ => return None,
        }))
    };
    let mut out = Vec::with_capacity(text.len() * 3 / 4);
    let mut acc = 0u32;
    let mut bits = 0u32;
    for &c in text {
        let Some(v) = value(c) else { break };
        acc = (acc << 6) | v;
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            out.push((acc >> bits) as u8);
            acc &= (1 << bits) - 1;
        }
    }
    out
}

/// A JSON Web Token around the `.` at `dot` (the dot before the payload): header and payload
/// `ey…` segments of at least 10 base64url characters, a signature segment (possibly empty),
/// and a header that decodes to JSON naming `alg` or `typ`.
fn jwt(b: &[u8], dot: usize) -> Option<Found> {
    let mut h = dot;
    while h > 0 && Alphabet::Url64.has(b[h - 1]) && dot - h < 4096 {
        h -= 1;
    }
    // `\n` or `\u0020` right before the header: skip the escape letters.
    let mut start = h;
    while start < dot && !b[start..].starts_with(b"ey") {
        start += 1;
        if start - h > 5 {
            return None;
        }
    }
    if start != h && !boundary_before(b, start) {
        return None;
    }
    if start == h && h > 0 && (Alphabet::Url64.has(b[h - 1]) || b[h - 1] == b'.') {
        return None;
    }
    if dot - start < 10 {
        return None;
    }
    let payload = dot + 1;
    let p = run(b, payload, Alphabet::Url64, 1 << 16);
    if p < 10 || b.get(payload + p) != Some(&b'.') {
        return None;
    }
    let sig = payload + p + 1;
    let mut end = sig + run(b, sig, Alphabet::Url64, 4096);
    let pad = b[end..].iter().take(2).take_while(|&&c| c == b'=').count();
    end += pad;
    if b.get(end)
        .is_some_and(|&c| Alphabet::Url64.has(c) || c == b'.')
    {
        return None;
    }
    let header = base64url_decode(&b[start..dot]);
    let header_ok = header.first() == Some(&b'{')
        && (memmem::find(&header, b"\"alg\"").is_some()
            || memmem::find(&header, b"\"typ\"").is_some());
    if !header_ok {
        return None;
    }
    judge_body(b, start, (payload, end), end, 3.0, &JWT)
}

/// A PEM private key block: `-----BEGIN … PRIVATE KEY-----`, a body, `-----END … KEY-----`
/// (or, when the footer is missing, the base64 text after the header). The body must hold at
/// least 64 base64 characters, else the block is a placeholder.
fn pem(b: &[u8], j: usize) -> Option<Found> {
    let label_start = j + 10;
    let window = &b[label_start..b.len().min(label_start + 100)];
    let close = memmem::find(window, b"-----")?;
    let label = &window[..close];
    memmem::find(label, b"PRIVATE KEY")?;
    if label.iter().any(|&c| c == b'\n' || c == b'\r') {
        return None;
    }
    let body_start = label_start + close + 5;
    let (body_end, end) = if let Some(k) = memmem::find(&b[body_start..], b"-----END") {
        let footer = body_start + k + 8;
        let close = memmem::find(&b[footer..b.len().min(footer + 100)], b"-----")
            .map_or(footer, |c| footer + c + 5);
        (body_start + k, close)
    } else {
        let len = b[body_start..]
            .iter()
            .take_while(|&&c| Alphabet::Base64.has(c) || matches!(c, b'\n' | b'\r' | b'\\' | b' '))
            .count();
        let mut end = body_start + len;
        while end > body_start && matches!(b[end - 1], b'\n' | b'\r' | b'\\' | b' ') {
            end -= 1;
        }
        (end, end)
    };
    let body = text(b, body_start, body_end);
    // Escaped line breaks (`\n` in raw JSON) are not part of the key.
    let cleaned: String = body
        .replace("\\n", "")
        .replace("\\r", "")
        .chars()
        .filter(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '/' | '='))
        .collect();
    // Not `is_placeholder`: real key bodies hold long runs of `A` (OpenSSH keys).
    let lower = body.to_ascii_lowercase();
    let marked = [
        "your",
        "...",
        "…",
        "<",
        "redacted",
        "example",
        "replace",
        "insert",
        "placeholder",
        "xxxx",
    ]
    .iter()
    .any(|w| lower.contains(w));
    let placeholder = cleaned.len() < 64 || marked || entropy(&cleaned) < 4.0;
    Some(Found {
        kind: &PRIVATE_KEY,
        start: j,
        end,
        placeholder,
    })
}

#[cfg(test)]
mod tests;
