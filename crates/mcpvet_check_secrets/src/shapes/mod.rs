//! Credentials recognised by their shape rather than by a provider's format: the text around
//! a value says it is a credential, and the value passes the guards. For captured text (log
//! lines, tool arguments and results, HTTP headers of a trace), where no field of a
//! configuration says "credential".
//!
//! | shape | example (the credential is `…`) | [`ShapeKind`] |
//! |---|---|---|
//! | bearer token | `Authorization: Bearer …`, `Bearer …` alone | [`Bearer`](ShapeKind::Bearer) |
//! | basic credentials | `Authorization: Basic …`, `Basic …` (base64 of `user:password`) | [`Basic`](ShapeKind::Basic) |
//! | other `Authorization` value | `Authorization: token …`, `"authorization": "…"` | [`Authorization`](ShapeKind::Authorization) |
//! | cookie | `Cookie: a=b; session=…`, `Set-Cookie: id=…; Path=/`, `JSESSIONID=…` | [`Cookie`](ShapeKind::Cookie) |
//! | secret-named value | `token=…`, `api_key: …`, `"client_secret": "…"`, `X-Api-Key: …` | [`Secret`](ShapeKind::Secret) |
//! | password-named value | `password=…`, `"passwd": "…"` | [`Password`](ShapeKind::Password) |
//! | URL query parameter | `?access_token=…`, `&api_key=…` | [`Query`](ShapeKind::Query) |
//! | signed URL | `X-Amz-Signature=…`, `X-Amz-Credential=…`, `X-Goog-Signature=…`, `Signature=…`, `sig=…` | [`Signature`](ShapeKind::Signature) |
//! | URL userinfo | `postgres://app:…@db` | [`UrlPassword`](ShapeKind::UrlPassword) |
//!
//! Names are read as [`names::classify`] reads them (`classify_query` after `?`, `&` or `;`),
//! case-insensitively, in the forms `name=value`, `name: value`, `"name": "value"`,
//! `'name': 'value'`, `name="value"` and `--name=value`; a JSON member of a parsed message is
//! read by [`in_member`]. Provider formats (`ghp_…`, JWTs) are the business of
//! [`tokens`](crate::tokens): a caller that runs both keeps the token where they overlap.
//!
//! # How a text is scanned
//!
//! Every shape has an anchor byte: the `=` or `:` after a name, the `@` that ends a URL's
//! userinfo, or the `b` of `Bearer`/`Basic`. [`anchors`] finds those bytes with portable SIMD
//! compares (one pass, 64 bytes per step; for `b`, the compares also look at the letters of
//! `bearer` and `basic` further on) and keeps the ones whose surroundings could form a shape:
//! a value after the separator and, before it, a name that ends with a credential word
//! (`token`, `secret`, `pass`, `password`, `passwd`, `pwd`, `passphrase`, `passcode`, `key`,
//! `auth`, `authorization`, `credential(s)`, `cookie`, `sig`, `signature`, `session`,
//! `sessionid`, `sessid`, `sid`, `jwt`, `bearer`; a trailing number such as `_2` aside), which
//! most names fail by their last two letters (`passed`, `keys`, `author`, `signal` and
//! `progressToken` fail); a `://` before the `@`; a whole `Bearer`/`Basic` word followed by a
//! blank. Only anchors are ever parsed, so text without one costs the SIMD pass alone. A name
//! with words after the credential word (`TOKEN_PROD`) is not read.
//!
//! # Guards
//!
//! A value is a credential when the guards of [`crate::guards::judge`] say so for its place (a
//! password: six characters or more; an `Authorization` or cookie value: 8 characters and
//! 2.75 bits of entropy per character; a named value: 12 and 3.0; a query parameter: 16 and
//! 3.0) and it is none of what log text and source code put after such names:
//!
//! - empty, or holding blanks (prose: "the token= parameter", "password: must be set");
//! - a placeholder (`<token>`, `xxx`, `YOUR_KEY`, `[REDACTED]`, `***`, `None`) or a word that
//!   says the value is not there (`hidden`, `masked`, `missing`, `invalid`, `expired`...);
//! - a variable reference (`${TOKEN}`, `$TOKEN`, `%TOKEN%`, `{{ token }}`) or a format string
//!   (`%s`, `%(token)s`, `{}`);
//! - code: a dotted path of identifiers starting lower-case (`settings.OPENAI_API_KEY`,
//!   `self.token`, `process.env.KEY`), or a value naming a credential itself
//!   (`user_password`, `GITHUB_TOKEN`);
//! - for a token, key or secret: one word (`Authentication`), or letters only unless long and
//!   random (twenty characters or more, both cases, not camel-case words).
//!
//! `Basic` credentials alone must decode (base64) to `user:password` with a password that
//! passes; after an `Authorization` name they may also pass as a header value.
use std::ops::Range;

use crate::guards::{Strength, Verdict, judge, obviously_not_secret};
use crate::names::{self, NameClass};
use crate::source::ref_ranges;
use crate::url::percent_decode;

/// What a credential found by its shape is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ShapeKind {
    /// `Bearer …`, alone or as an `Authorization` value.
    Bearer,
    /// `Basic …`: base64 of `user:password`.
    Basic,
    /// Another `Authorization` value: `token …`, `Bot …`, a bare credential.
    Authorization,
    /// A cookie value: of a `Cookie` or `Set-Cookie` header, or a session cookie pair
    /// (`JSESSIONID=…`, `connect.sid=…`).
    Cookie,
    /// A value after a name that says token, key or secret (`token=`, `api_key:`,
    /// `"client_secret":`, `X-Api-Key:`).
    Secret,
    /// A value after a name that says password (`password=`, `"passwd":`).
    Password,
    /// A URL query parameter named like a credential (`?access_token=…`).
    Query,
    /// A signed URL's signature or credential (`X-Amz-Signature`, `X-Amz-Credential`,
    /// `X-Goog-Signature`, `Signature`, `sig`).
    Signature,
    /// The password of a URL's userinfo (`scheme://user:password@host`).
    UrlPassword,
}

/// One credential found by its shape.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Shape {
    /// What it is.
    pub kind: ShapeKind,
    /// Byte offset of the first character of the credential (the value alone: not the
    /// `Bearer ` before it nor the `token=`).
    pub start: usize,
    /// Byte offset just past it.
    pub end: usize,
    /// The name that says "credential" (`api_key`, `X-Amz-Signature`, a cookie's name), when
    /// there is one and it is short and made of name characters only.
    pub name: Option<String>,
}

impl Shape {
    /// What it is, with its article, for messages: `a bearer token`, ``a secret named
    /// `api_key` ``, ``a cookie named `session` ``.
    pub fn describe(&self) -> String {
        let named = |what: &str| match &self.name {
            Some(n) => format!("{what} named `{n}`"),
            None => what.to_owned(),
        };
        match self.kind {
            ShapeKind::Bearer => "a bearer token".to_owned(),
            ShapeKind::Basic => "a Basic credential".to_owned(),
            ShapeKind::Authorization => "an `Authorization` credential".to_owned(),
            ShapeKind::Cookie => named("a cookie"),
            ShapeKind::Secret => named("a secret"),
            ShapeKind::Password => named("a password"),
            ShapeKind::Query => match &self.name {
                Some(n) => format!("a secret in the URL query parameter `{n}`"),
                None => "a secret in a URL query parameter".to_owned(),
            },
            ShapeKind::Signature => match &self.name {
                Some(n) => format!("a signed URL's `{n}`"),
                None => "a signed URL's signature".to_owned(),
            },
            ShapeKind::UrlPassword => "a password in a URL".to_owned(),
        }
    }

    /// The byte range of the credential.
    pub fn range(&self) -> Range<usize> {
        self.start..self.end
    }
}

// ---------------------------------------------------------------------------------------
// Finding

/// Every credential found by its shape in `text`, sorted, without overlaps (the first one,
/// then the longest, is kept).
pub fn find(text: &str) -> Vec<Shape> {
    find_with(text, Bar::Report)
}

/// Every value in `text` that a copy shared with others must not show, found by the shapes
/// of [`find`] with a lower bar: any literal after an `Authorization` name or scheme, in a
/// cookie, after a credential name, in a URL's userinfo or a credential query parameter,
/// however short or plain, unless it is empty, a reference, a placeholder, a number, a
/// keyword, a path or a URL, or already made of `x` and `*` only (a redacted copy).
///
/// ```
/// use mcpvet_check_secrets::shapes::{find, find_to_redact};
///
/// let line = "Cookie: theme=dark; sid=abc1";
/// assert!(find(line).is_empty());
/// let found: Vec<&str> = find_to_redact(line).iter().map(|s| &line[s.range()]).collect();
/// assert_eq!(found, ["dark", "abc1"]);
/// ```
pub fn find_to_redact(text: &str) -> Vec<Shape> {
    find_with(text, Bar::Share)
}

fn find_with(text: &str, bar: Bar) -> Vec<Shape> {
    let b = text.as_bytes();
    let mut out = Vec::new();
    for at in anchors(b) {
        match b[at] {
            b'=' | b':' => pair_at(text, at, &mut out, bar),
            b'@' => userinfo_at(text, at, &mut out, bar),
            _ => scheme_at(text, at, &mut out, bar),
        }
    }
    tidy(out)
}

/// The credentials in the value of a JSON member named `key` whose decoded text is `value`
/// (ranges index `value`). `in_headers`: the member is an HTTP header (its object is stored
/// under a key such as `headers`), whose values are judged as header values (8 characters,
/// 2.75 bits per character) rather than as named values (12, 3.0).
///
/// `Authorization` and `Proxy-Authorization` are read as `scheme credential`; `Cookie` as
/// `name=value` pairs; `Set-Cookie` as its first pair; a member named like a credential
/// (`token`, `api_key`, `password`, `X-Api-Key`) as a whole value.
pub fn in_member(key: &str, in_headers: bool, value: &str) -> Vec<Shape> {
    let mut out = Vec::new();
    let range = trim(value, 0..value.len());
    if !credential_suffix(key.as_bytes(), key.len()) || range.is_empty() {
        return out;
    }
    let display = display_name(key);
    match header_of(key) {
        Some(Header::Authorization) => {
            authorization(value, range, AuthValue::Member, &mut out, Bar::Report);
        }
        Some(Header::Cookie) => cookies(value, range, false, &mut out, Bar::Report),
        Some(Header::SetCookie) => cookies(value, range, true, &mut out, Bar::Report),
        None => {
            let strength = if in_headers {
                Strength::HEADER
            } else {
                Strength::NAMED
            };
            let how = (strength, Form::Member, Bar::Report);
            named(value, range, key, display, how, &mut out);
        }
    }
    tidy(out)
}

/// Whether a member or header named `name` may hold a credential that [`in_member`] reads:
/// the name ends with a credential word. A cheap test, to skip the other members unread.
pub fn may_name_credential(name: &str) -> bool {
    credential_suffix(name.as_bytes(), name.len())
}

/// Sorted by start (longest first), overlaps dropped.
fn tidy(mut out: Vec<Shape>) -> Vec<Shape> {
    out.sort_by_key(|s| (s.start, std::cmp::Reverse(s.end)));
    let mut kept: Vec<Shape> = Vec::with_capacity(out.len());
    for s in out {
        if kept.last().is_none_or(|k| s.start >= k.end) {
            kept.push(s);
        }
    }
    kept
}

/// The headers read specially.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Header {
    Authorization,
    Cookie,
    SetCookie,
}

fn header_of(name: &str) -> Option<Header> {
    let name = name.trim_start_matches('-');
    if names::is_authorization_header(name) {
        Some(Header::Authorization)
    } else if names::is_cookie_header(name) {
        Some(Header::Cookie)
    } else if name.eq_ignore_ascii_case("set-cookie") {
        Some(Header::SetCookie)
    } else {
        None
    }
}

/// The name as messages show it: without leading dashes or dots, when it is short and made
/// of name characters only.
fn display_name(name: &str) -> Option<String> {
    let n = name.trim_start_matches(['-', '.']);
    (!n.is_empty() && n.len() <= 48 && n.bytes().all(name_byte)).then(|| n.to_owned())
}

/// `range` of `text` without surrounding whitespace.
fn trim(text: &str, range: Range<usize>) -> Range<usize> {
    let s = &text[range.clone()];
    let start = range.start + (s.len() - s.trim_start().len());
    start..start + s.trim().len()
}

/// The quote at `at`, if a value starts with one there.
fn quote_at(b: &[u8], at: usize) -> Quote {
    match (b.get(at), b.get(at + 1)) {
        (Some(&q @ (b'"' | b'\'')), _) => Quote::Plain(q),
        (Some(b'\\'), Some(&q @ (b'"' | b'\''))) => Quote::Escaped(q),
        _ => Quote::None,
    }
}

/// A quoted value starting at `at` with `quote`: its contents, up to the closing quote on the
/// same line.
fn quoted_value(b: &[u8], at: usize, quote: Quote) -> Option<Range<usize>> {
    let (open, q, escaped) = match quote {
        Quote::Plain(q) => (1, q, false),
        Quote::Escaped(q) => (2, q, true),
        Quote::None => return None,
    };
    let start = at + open;
    let mut i = start;
    while i < b.len() && i - start < 4096 {
        let c = b[i];
        if c == b'\n' || c == b'\r' {
            return None;
        }
        if c == q {
            let closes = if escaped {
                i > start && b[i - 1] == b'\\'
            } else {
                i == start || b[i - 1] != b'\\'
            };
            if closes {
                return Some(start..if escaped { i - 1 } else { i });
            }
        }
        i += 1;
    }
    None
}

/// An unquoted value from `at`: a run of value bytes, without the sentence punctuation that
/// may end it; in a URL query, up to `#`.
fn unquoted_value(b: &[u8], at: usize, query: bool) -> Range<usize> {
    let mut end = at;
    while end < b.len() && end - at < 4096 && value_byte(b[end]) && !(query && b[end] == b'#') {
        end += 1;
    }
    while end > at && matches!(b[end - 1], b'.' | b':' | b'!') {
        end -= 1;
    }
    at..end
}

/// The rest of the line from `at`, up to the closing quote of a quoted value (a header value
/// written in text).
fn line_value(b: &[u8], at: usize, quote: Quote) -> Range<usize> {
    let mut end = at;
    while end < b.len() && end - at < 8192 {
        let c = b[end];
        if c == b'\n' || c == b'\r' {
            break;
        }
        match quote {
            Quote::Plain(q) if c == q => break,
            Quote::Escaped(q) if c == b'\\' && b.get(end + 1) == Some(&q) => break,
            _ => {}
        }
        end += 1;
    }
    at..end
}

/// A `name=value`, `name: value` or `"name": "value"` pair around the separator at `sep`.
fn pair_at(text: &str, sep: usize, out: &mut Vec<Shape>, bar: Bar) {
    let b = text.as_bytes();
    let Some((name, name_quote)) = name_before(b, sep) else {
        return;
    };
    let raw_name = &text[name.clone()];
    let display = display_name(raw_name);
    let query = name_quote == Quote::None
        && b[sep] == b'='
        && name.start > 0
        && matches!(b[name.start - 1], b'?' | b'&' | b';');
    let mut v = sep + 1;
    while v < b.len() && v - sep <= MAX_BLANKS && blank(b[v]) {
        v += 1;
    }
    let value_quote = quote_at(b, v);
    let open = match value_quote {
        Quote::None => 0,
        Quote::Plain(_) => 1,
        Quote::Escaped(_) => 2,
    };
    if let Some(header) = header_of(raw_name) {
        let range = trim(text, line_value(b, v + open, value_quote));
        match header {
            Header::Authorization => authorization(text, range, AuthValue::Line, out, bar),
            Header::Cookie => cookies(text, range, false, out, bar),
            Header::SetCookie => cookies(text, range, true, out, bar),
        }
        return;
    }
    let range = match value_quote {
        Quote::None => unquoted_value(b, v, query),
        q => match quoted_value(b, v, q) {
            Some(r) => r,
            None => return,
        },
    };
    let (strength, form) = if query {
        (Strength::QUERY, Form::Query)
    } else if b[sep] == b'=' {
        (Strength::NAMED, Form::Pair)
    } else {
        (Strength::NAMED, Form::Colon)
    };
    named(text, range, raw_name, display, (strength, form, bar), out);
}

/// Where a named value was found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Form {
    /// `name=value` in text: also a session cookie pair.
    Pair,
    /// `name: value` or `"name": "value"` in text.
    Colon,
    /// `?name=value` or `&name=value`: a URL query parameter.
    Query,
    /// A member of a parsed JSON message.
    Member,
}

/// The value at `range` of a member or pair named `name`.
fn named(
    text: &str,
    range: Range<usize>,
    name: &str,
    display: Option<String>,
    (strength, form, bar): (Strength, Form, Bar),
    out: &mut Vec<Shape>,
) {
    if range.is_empty() {
        return;
    }
    // `token: Bearer …`: the scheme is not part of the credential.
    let b = text.as_bytes();
    if scheme_word(b, range.start).is_some()
        || starts_ci(&b[range.start..], b"token ")
        || starts_ci(&b[range.start..], b"bot ")
    {
        authorization(text, range, AuthValue::Scheme, out, bar);
        return;
    }
    if form == Form::Pair && is_session_cookie(name) {
        if credential(&text[range.clone()], Gate::Token(Strength::HEADER), bar) {
            out.push(shape(ShapeKind::Cookie, range, display));
        }
        return;
    }
    let query = form == Form::Query;
    let (kind, gate) = match class_of(name, query) {
        NameClass::Password if query => (ShapeKind::Query, Gate::Password),
        NameClass::Password => (ShapeKind::Password, Gate::Password),
        NameClass::Token if query && is_signature(name) => {
            (ShapeKind::Signature, Gate::Query(strength))
        }
        NameClass::Token if query => (ShapeKind::Query, Gate::Query(strength)),
        NameClass::Token => (ShapeKind::Secret, Gate::Token(strength)),
        NameClass::Other => return,
    };
    if credential(&text[range.clone()], gate, bar) {
        out.push(shape(kind, range, display));
    }
}

fn shape(kind: ShapeKind, range: Range<usize>, name: Option<String>) -> Shape {
    Shape {
        kind,
        start: range.start,
        end: range.end,
        name,
    }
}

/// Schemes whose value is not a reusable credential, or not one value.
const OTHER_SCHEMES: &[&str] = &[
    "digest",
    "negotiate",
    "ntlm",
    "hoba",
    "mutual",
    "aws4-hmac-sha256",
    "goog4-hmac-sha256",
];

/// How an `Authorization` value was found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum AuthValue {
    /// The value of a JSON member named `Authorization`: the whole value.
    Member,
    /// After an `Authorization` name in text: the value runs to the end of the line.
    Line,
    /// A value after another name that starts with a scheme (`token: Bearer …`).
    Scheme,
}

/// An `Authorization` value at `range`: `scheme credential`, or (after an `Authorization`
/// name) a bare credential; there, `Basic` may also pass as a header value.
fn authorization(text: &str, range: Range<usize>, how: AuthValue, out: &mut Vec<Shape>, bar: Bar) {
    let named = how != AuthValue::Scheme;
    let b = text.as_bytes();
    let v = &text[range.clone()];
    let word = v.bytes().take_while(|&c| !c.is_ascii_whitespace()).count();
    let (scheme, cred_start) = if word < v.len() {
        let mut s = range.start + word;
        while s < range.end && b[s].is_ascii_whitespace() {
            s += 1;
        }
        (Some(&v[..word]), s)
    } else if named {
        (None, range.start)
    } else {
        return;
    };
    if scheme.is_some_and(|s| OTHER_SCHEMES.iter().any(|o| s.eq_ignore_ascii_case(o))) {
        return;
    }
    let mut end = cred_start;
    while end < range.end && token68_byte(b[end]) {
        end += 1;
    }
    while end < range.end && b[end] == b'=' {
        end += 1;
    }
    // A bare credential is the whole value of a member, or ends at a delimiter in text.
    let delimited = b
        .get(end)
        .is_none_or(|&c| end == range.end || !value_byte(c) && !matches!(c, b'(' | b'['));
    if end == cred_start
        || (scheme.is_none() && how == AuthValue::Member && end != range.end)
        || !delimited
    {
        return;
    }
    let cred = &text[cred_start..end];
    let kind = match scheme {
        Some(s) if s.eq_ignore_ascii_case("bearer") => ShapeKind::Bearer,
        Some(s) if s.eq_ignore_ascii_case("basic") => ShapeKind::Basic,
        _ => ShapeKind::Authorization,
    };
    let ok = match kind {
        ShapeKind::Basic => {
            basic_credentials(cred, bar)
                || (named && credential(cred, Gate::Token(Strength::HEADER), bar))
        }
        _ => credential(cred, Gate::Token(Strength::HEADER), bar),
    };
    if ok {
        out.push(shape(kind, cred_start..end, None));
    }
}

/// `Bearer …` or `Basic …` starting at `at`, outside any `Authorization` name.
fn scheme_at(text: &str, at: usize, out: &mut Vec<Shape>, bar: Bar) {
    let b = text.as_bytes();
    let Some((kind, start)) = scheme_word(b, at) else {
        return;
    };
    let mut end = start;
    while end < b.len() && end - start < 4096 && token68_byte(b[end]) {
        end += 1;
    }
    while end < b.len() && b[end] == b'=' {
        end += 1;
    }
    // The credential ends at a delimiter, not inside a longer word.
    if b.get(end)
        .is_some_and(|&c| (value_byte(c) && c != b':') || matches!(c, b'(' | b'['))
    {
        return;
    }
    let cred = &text[start..end];
    let ok = match kind {
        ShapeKind::Basic => basic_credentials(cred, bar),
        _ => credential(cred, Gate::Token(Strength::HEADER), bar),
    };
    if ok {
        out.push(shape(kind, start..end, None));
    }
}

/// The cookie values of a `Cookie` header value at `range` (`set_cookie`: of a `Set-Cookie`
/// value, whose first pair is the cookie and the rest its attributes).
fn cookies(text: &str, range: Range<usize>, set_cookie: bool, out: &mut Vec<Shape>, bar: Bar) {
    let mut at = range.start;
    for piece in text[range.clone()].split(';') {
        let piece_range = at..at + piece.len();
        at = piece_range.end + 1;
        if let Some(eq) = piece.find('=') {
            let name = trim(text, piece_range.start..piece_range.start + eq);
            let mut value = trim(text, piece_range.start + eq + 1..piece_range.end);
            // `name="value"`.
            let v = &text[value.clone()];
            if v.len() >= 2 && v.starts_with('"') && v.ends_with('"') {
                value = value.start + 1..value.end - 1;
            }
            // Up to a delimiter: text after the header in a log line is not the cookie.
            let b = text.as_bytes();
            let end = (value.start..value.end)
                .find(|&i| !value_byte(b[i]))
                .unwrap_or(value.end);
            let value = value.start..end;
            if !value.is_empty()
                && credential(&text[value.clone()], Gate::Token(Strength::HEADER), bar)
            {
                out.push(shape(ShapeKind::Cookie, value, display_name(&text[name])));
            }
        }
        if set_cookie {
            break;
        }
    }
}

/// The password of the URL userinfo that the `@` at `at` ends.
fn userinfo_at(text: &str, at: usize, out: &mut Vec<Shape>, bar: Bar) {
    let b = text.as_bytes();
    let Some(start) = authority_start(b, at) else {
        return;
    };
    // The scheme: at least two letters before `://`.
    let scheme_end = start - 3;
    let scheme_len = b[..scheme_end]
        .iter()
        .rev()
        .take_while(|&&c| c.is_ascii_alphanumeric() || matches!(c, b'+' | b'.' | b'-'))
        .count();
    if scheme_len < 2 {
        return;
    }
    // The `@` must be the authority's last (a password may hold an `@`).
    let mut end = at + 1;
    while end < b.len()
        && !matches!(b[end], b'/' | b'?' | b'#')
        && !b[end].is_ascii_whitespace()
        && !matches!(b[end], b'"' | b'\'' | b'<' | b'>' | b'`' | b'\\')
    {
        if b[end] == b'@' {
            return;
        }
        end += 1;
    }
    let Some(colon) = text[start..at].find(':') else {
        return;
    };
    let password = start + colon + 1..at;
    if password.is_empty() {
        return;
    }
    if credential(
        &percent_decode(&text[password.clone()]),
        Gate::Password,
        bar,
    ) {
        out.push(shape(ShapeKind::UrlPassword, password, None));
    }
}

// Where a shape may be anchored.
mod anchor;
// The names and guards that decide what a value is.
mod judge;

use anchor::{
    MAX_BLANKS, Quote, authority_start, blank, credential_suffix, name_before, name_byte,
    scheme_word, starts_ci, token68_byte, value_byte,
};
pub use anchor::{anchors, may_contain};
pub(crate) use anchor::{is_anchor, lane_anchors};
use judge::{Bar, Gate, basic_credentials, class_of, credential, is_session_cookie, is_signature};

#[cfg(test)]
mod tests;
