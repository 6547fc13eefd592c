//! Which names are credentials and which values are: the tables of names a log gives to
//! values that are not secrets, and the guards a value passes to be reported.
use super::{
    NameClass, Strength, Verdict, judge, names, obviously_not_secret, percent_decode, ref_ranges,
};

/// Session cookies named by their framework: `JSESSIONID`, `PHPSESSID`, `connect.sid`,
/// `ASP.NET_SessionId`, `sessionid`, `session`, `*_session`.
pub(super) fn is_session_cookie(name: &str) -> bool {
    let lower = name.to_ascii_lowercase();
    // Case matters for two: Django's `sessionid` is not the legacy SSE transport's
    // `sessionId` query parameter, and Flask's `session` is lower-case.
    name == "sessionid"
        || name == "session"
        || [
            "jsessionid",
            "phpsessid",
            "connect.sid",
            "asp.net_sessionid",
        ]
        .contains(&lower.as_str())
        || (lower.len() > 8
            && (lower.as_bytes().ends_with(b"_session") || lower.as_bytes().ends_with(b".sid")))
}

/// Query parameters of signed URLs (AWS `SigV4`, Google Cloud Storage V4, `CloudFront`, Azure
/// SAS).
pub(super) fn is_signature(name: &str) -> bool {
    let w = names::words(name);
    w.iter().any(|w| w == "signature" || w == "sig")
        || (w.first().is_some_and(|f| f == "x")
            && w.last().is_some_and(|l| l == "credential" || l == "token"))
}

/// Words after which a token is not a credential: pagination and protocol bookkeeping
/// (`nextPageToken`, `progressToken`, `cursor_token`).
pub(super) const BOOKKEEPING: &[&str] = &[
    "page",
    "next",
    "cursor",
    "continuation",
    "sync",
    "progress",
    "pagination",
    "resume",
    "etag",
];

/// Last words that name something derived from a secret, not the secret.
pub(super) const DERIVED: &[&str] = &[
    "hash", "hashed", "digest", "checksum", "sha", "sha1", "sha256", "md5", "hint", "policy",
    "strength", "question", "rules",
];

/// How sensitive a name is in captured text: as [`names::classify`] (or
/// [`names::classify_query`]), less bookkeeping tokens and derived values.
pub(super) fn class_of(name: &str, query: bool) -> NameClass {
    let name = name.trim_start_matches(['-', '.']);
    let words = names::words(name);
    let Some(last) = words.last() else {
        return NameClass::Other;
    };
    if DERIVED.contains(&last.as_str()) || words.iter().any(|w| BOOKKEEPING.contains(&w.as_str())) {
        return NameClass::Other;
    }
    if query {
        names::classify_query(name)
    } else {
        names::classify(name)
    }
}

// ---------------------------------------------------------------------------------------
// Guards

/// How a value is judged.
#[derive(Debug, Clone, Copy)]
pub(super) enum Gate {
    /// After a password name: any literal of six characters or more.
    Password,
    /// After a token, key or secret name, or a scheme: random-looking, of this strength.
    Token(Strength),
    /// A query parameter: as `Token`, after percent-decoding.
    Query(Strength),
}

/// How sure a value must look: reported as a finding, or hidden from a copy to share.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Bar {
    /// The guards of the module page: a finding must be worth reading.
    Report,
    /// Any literal that is not obviously something else (see
    /// [`find_to_redact`](super::find_to_redact)): a copy to share hides too much rather than
    /// too little.
    Share,
}

/// Words that say the value is not there.
pub(super) const ABSENT: &[&str] = &[
    "hidden",
    "masked",
    "mask",
    "removed",
    "omitted",
    "filtered",
    "sensitive",
    "obfuscated",
    "scrubbed",
    "censored",
    "private",
    "protected",
    "secret",
    "unset",
    "notset",
    "missing",
    "invalid",
    "incorrect",
    "wrong",
    "required",
    "expired",
    "revoked",
    "provided",
    "present",
    "supplied",
    "blank",
    "default",
    "set",
    "ok",
    "error",
    "failed",
    "unknown",
    "anonymous",
];

/// Words inside a value that make it the name of a credential, not the credential.
pub(super) const NAMING: &[&str] = &[
    "token",
    "secret",
    "passw",
    "apikey",
    "api_key",
    "api-key",
    "credential",
];

/// Whether `value`, found after a name or scheme, is a credential by the module's guards.
pub(super) fn credential(value: &str, gate: Gate, bar: Bar) -> bool {
    let v = value.trim();
    if v.is_empty() || v.len() > 4096 || v.contains(char::is_whitespace) {
        return false;
    }
    if bar == Bar::Share {
        // `$` of `${{ secrets.X }}`, `-`, `*`: punctuation is no secret.
        return v.bytes().any(|b| b.is_ascii_alphanumeric())
            && !is_template(v)
            && ref_ranges(v).is_empty()
            && !crate::guards::is_placeholder(v)
            && !obviously_not_secret(v)
            && !mcpvet_diagnostics::redact::is_filled(v);
    }
    let lower = v.to_ascii_lowercase();
    if ABSENT.contains(&lower.as_str())
        || NAMING.iter().any(|w| lower.contains(w))
        || is_template(v)
        || is_code(v)
        || !ref_ranges(v).is_empty()
    {
        return false;
    }
    match gate {
        Gate::Password => {
            judge(v, Strength::Password) == Verdict::Secret
                && !obviously_not_secret(v)
                && !is_word(v)
        }
        Gate::Token(strength) => token_like(v, strength),
        Gate::Query(strength) => {
            let decoded = percent_decode(v);
            !decoded.contains(char::is_whitespace) && token_like(&decoded, strength)
        }
    }
}

/// A random-looking token of `strength`: judged a secret, not one word, and with a digit
/// unless long and random.
pub(super) fn token_like(v: &str, strength: Strength) -> bool {
    judge(v, strength) == Verdict::Secret
        && !is_word(v)
        && (v.bytes().any(|c| c.is_ascii_digit()) || random_letters(v))
}

/// Format strings and templates: `%s`, `%(token)s`, `{}`, `{{x}}`, `#{x}`, `<%= x %>`.
pub(super) fn is_template(v: &str) -> bool {
    [
        "%s", "%d", "%v", "%(", "{}", "{{", "}}", "#{", "<%", "%>", "{0",
    ]
    .iter()
    .any(|t| v.contains(t))
}

/// A dotted path of identifiers starting with a lower-case one: `settings.OPENAI_API_KEY`,
/// `self.token`, `process.env.KEY`.
pub(super) fn is_code(v: &str) -> bool {
    let ident = |s: &str| {
        s.bytes()
            .next()
            .is_some_and(|c| c.is_ascii_alphabetic() || c == b'_')
            && s.bytes().all(|c| c.is_ascii_alphanumeric() || c == b'_')
    };
    let mut segments = v.split('.');
    let first = segments.next().unwrap_or("");
    let rest: Vec<&str> = segments.collect();
    !rest.is_empty()
        && first.bytes().all(|c| c.is_ascii_lowercase() || c == b'_')
        && !first.is_empty()
        && rest.iter().all(|s| ident(s))
}

/// One word: letters only, all lower case, all upper case or capitalised.
pub(super) fn is_word(v: &str) -> bool {
    let b = v.as_bytes();
    !b.is_empty()
        && b.iter().all(u8::is_ascii_alphabetic)
        && (b[1..].iter().all(u8::is_ascii_lowercase) || b.iter().all(u8::is_ascii_uppercase))
}

/// Letters (and separators) without a digit that still look random: twenty characters or
/// more, both cases, and not camel-case words (`getAuthorizationHeader`).
pub(super) fn random_letters(v: &str) -> bool {
    let upper = v.bytes().any(|c| c.is_ascii_uppercase());
    let lower = v.bytes().any(|c| c.is_ascii_lowercase());
    let words = names::words(v);
    v.len() >= 20 && upper && lower && !words.iter().all(|w| w.len() >= 3)
}

/// `Basic` credentials: base64 of printable `user:password`, with a password that passes.
pub(super) fn basic_credentials(v: &str, bar: Bar) -> bool {
    if bar == Bar::Share {
        return credential(v, Gate::Password, bar);
    }
    let body = v.trim_end_matches('=');
    if body.len() < 8
        || v.len() - body.len() > 2
        || !body
            .bytes()
            .all(|c| c.is_ascii_alphanumeric() || c == b'+' || c == b'/')
    {
        return false;
    }
    let Ok(decoded) = String::from_utf8(crate::tokens::base64url_decode(body.as_bytes())) else {
        return false;
    };
    if decoded.chars().any(char::is_control) {
        return false;
    }
    decoded.split_once(':').is_some_and(|(user, password)| {
        !user.contains(char::is_whitespace) && credential(password, Gate::Password, Bar::Report)
    })
}
