//! The false-positive guards shared by every detector: Shannon entropy, placeholder markers,
//! repeated and sequential characters, and values that are obviously not secrets (paths, URLs,
//! numbers, slugs, host names).
//!
//! Thresholds follow the reference notes (§D.2, §D.3): entropy is only ever a second gate
//! after a format or a name said "credential", never a detector on its own.

/// Shannon entropy of `s` in bits per byte (0 for an empty string).
pub fn entropy(s: &str) -> f64 {
    let bytes = s.as_bytes();
    if bytes.is_empty() {
        return 0.0;
    }
    let mut counts = [0u32; 256];
    for &b in bytes {
        counts[usize::from(b)] += 1;
    }
    let len = f64::from(u32::try_from(bytes.len()).unwrap_or(u32::MAX));
    counts
        .iter()
        .filter(|&&c| c > 0)
        .map(|&c| {
            let p = f64::from(c) / len;
            -p * p.log2()
        })
        .sum()
}

/// The longest run of one repeated byte.
fn longest_repeat(bytes: &[u8]) -> usize {
    let mut best = 0;
    let mut run = 0;
    for (i, &b) in bytes.iter().enumerate() {
        run = if i > 0 && bytes[i - 1].eq_ignore_ascii_case(&b) {
            run + 1
        } else {
            1
        };
        best = best.max(run);
    }
    best
}

/// The longest run of ASCII letters or digits that each follow the previous one in the
/// alphabet (`abcdef`, `3456789`), ascending or descending, ignoring case.
fn longest_sequence(bytes: &[u8]) -> usize {
    let mut best = 0;
    for dir in [1i16, -1] {
        let mut run = 0;
        for (i, &b) in bytes.iter().enumerate() {
            let b = b.to_ascii_lowercase();
            let follows = i > 0 && b.is_ascii_alphanumeric() && {
                let prev = bytes[i - 1].to_ascii_lowercase();
                prev.is_ascii_alphanumeric() && i16::from(b) - i16::from(prev) == dir
            };
            run = if follows {
                run + 1
            } else {
                usize::from(b.is_ascii_alphanumeric())
            };
            best = best.max(run);
        }
    }
    best
}

/// Whether `s` is one short unit repeated (`abcabcabc`, `1212121212`).
fn is_periodic(s: &str) -> bool {
    let b = s.as_bytes();
    if b.len() < 6 {
        return false;
    }
    (1..=b.len() / 3).any(|p| b.len().is_multiple_of(p) && b.chunks(p).all(|c| c == &b[..p]))
}

/// Placeholder words that may appear anywhere in a value (matched case-insensitively).
const PLACEHOLDER_WORDS: &[&str] = &[
    "your",
    "example",
    "sample",
    "dummy",
    "demo",
    "fake",
    "placeholder",
    "replace",
    "redacted",
    "changeme",
    "change_me",
    "change-me",
    "insert",
    "fixme",
    "todo",
    "testkey",
    "test_key",
    "test-key",
];

/// Whole values that are placeholders (matched case-insensitively after trimming).
const PLACEHOLDER_VALUES: &[&str] = &[
    "xyz",
    "abc",
    "abc123",
    "foo",
    "bar",
    "foobar",
    "test",
    "testing",
    "demo",
    "token",
    "secret",
    "password",
    "passwd",
    "apikey",
    "api_key",
    "api-key",
    "key",
    "value",
    "string",
    "tbd",
    "none",
    "null",
    "nil",
    "undefined",
    "empty",
    "n/a",
    "-",
];

/// Whether `s` is an unfilled placeholder rather than a value: `<token>`, `[REDACTED]`,
/// `{api_key}`, `YOUR_API_KEY`, `xxxx`, `...`, `***`, `changeme`, `sk-...`, a run of one
/// character, an alphabet or digit sequence, or a whole-value word such as `token` or `xyz`.
pub fn is_placeholder(s: &str) -> bool {
    let t = s.trim();
    if t.is_empty() {
        return false;
    }
    let b = t.as_bytes();
    let wrapped = |open: u8, close: u8| b.len() >= 3 && b[0] == open && b[b.len() - 1] == close;
    if wrapped(b'<', b'>') || wrapped(b'[', b']') || wrapped(b'{', b'}') || wrapped(b'(', b')') {
        return true;
    }
    if t.contains("...") || t.contains('…') || t.contains("***") {
        return true;
    }
    let lower = t.to_ascii_lowercase();
    if PLACEHOLDER_VALUES.contains(&lower.as_str()) {
        return true;
    }
    if PLACEHOLDER_WORDS.iter().any(|w| lower.contains(w)) {
        return true;
    }
    if ends_with_word(&lower, "here") {
        return true;
    }
    // Runs of `x`: a third of the value, or long.
    let x_run = longest_x_run(lower.as_bytes());
    if x_run >= 3 && (x_run >= 6 || x_run * 4 >= b.len()) {
        return true;
    }
    longest_repeat(b) >= 6 || longest_sequence(b) >= 6 || is_periodic(t)
}

fn longest_x_run(b: &[u8]) -> usize {
    let mut best = 0;
    let mut run = 0;
    for &c in b {
        run = if c == b'x' { run + 1 } else { 0 };
        best = best.max(run);
    }
    best
}

/// Whether `lower` ends with `word` preceded by a separator or a case change in the original
/// (`api_key_here`, `token-here`, `KeyHere` lower-cased to `keyhere` is not caught).
fn ends_with_word(lower: &str, word: &str) -> bool {
    lower
        .strip_suffix(word)
        .is_some_and(|head| head.is_empty() || head.ends_with(|c: char| !c.is_ascii_alphanumeric()))
}

/// Whether a placeholder may be quoted in a message: short, and not shaped like a random
/// token (mixing upper case, lower case and digits). A value that might be a real secret
/// misread as a placeholder is masked instead.
pub fn echo_safe(s: &str) -> bool {
    let upper = s.bytes().any(|b| b.is_ascii_uppercase());
    let lower = s.bytes().any(|b| b.is_ascii_lowercase());
    let digit = s.bytes().any(|b| b.is_ascii_digit());
    let classes = usize::from(upper) + usize::from(lower) + usize::from(digit);
    // AWS documentation keys (`AKIAIOSFODNN7EXAMPLE`) are public by definition.
    let documented = s.len() == 20 && s.starts_with("AKIA") && s.ends_with("EXAMPLE");
    s.chars().count() <= 48 && (classes <= 1 || documented) && !s.chars().any(char::is_control)
}

/// Words that are configuration values, never secrets.
const NON_SECRET_WORDS: &[&str] = &[
    "true", "false", "yes", "no", "on", "off", "enabled", "disabled", "enable", "disable",
    "bearer", "basic", "oauth", "oauth2", "default", "auto", "local", "env", "keychain", "keyring",
    "required", "optional", "inherit", "prompt", "none", "null",
];

/// Whether `s` is obviously not a secret, whatever the name of its field: a boolean or
/// keyword, a number, a path, a URL, an e-mail address, a host name.
pub fn obviously_not_secret(s: &str) -> bool {
    let t = s.trim();
    let lower = t.to_ascii_lowercase();
    if NON_SECRET_WORDS.contains(&lower.as_str()) {
        return true;
    }
    if !t.is_empty()
        && t.bytes()
            .all(|b| b.is_ascii_digit() || matches!(b, b'.' | b'-' | b'+' | b'e' | b'E'))
        && t.bytes().any(|b| b.is_ascii_digit())
    {
        return true;
    }
    is_path(t) || t.contains("://") || is_email(t) || is_host_name(t) || is_timestamp(t)
}

/// An ISO 8601 date or timestamp (`2025-06-18`, `2025-06-18T07:58:07.774Z`).
fn is_timestamp(t: &str) -> bool {
    let b = t.as_bytes();
    b.len() >= 10
        && b[..4].iter().all(u8::is_ascii_digit)
        && b[4] == b'-'
        && b[5..7].iter().all(u8::is_ascii_digit)
        && b[7] == b'-'
        && b[8..10].iter().all(u8::is_ascii_digit)
        && b[10..].iter().all(|c| {
            c.is_ascii_digit() || matches!(c, b'T' | b'Z' | b':' | b'.' | b'+' | b'-' | b' ')
        })
}

/// A file system path: absolute, home-relative, explicitly relative, a Windows drive path,
/// or a name with a file extension that holds keys (`creds.json`, `id_rsa.pem`).
pub fn is_path(t: &str) -> bool {
    let b = t.as_bytes();
    if t.starts_with('/')
        || t.starts_with("~/")
        || t.starts_with("./")
        || t.starts_with("../")
        || t.starts_with("\\\\")
    {
        return true;
    }
    if b.len() >= 3 && b[0].is_ascii_alphabetic() && b[1] == b':' && matches!(b[2], b'\\' | b'/') {
        return true;
    }
    let lower = t.to_ascii_lowercase();
    [
        ".json",
        ".pem",
        ".key",
        ".txt",
        ".env",
        ".p12",
        ".pfx",
        ".crt",
        ".yaml",
        ".yml",
        ".toml",
        ".keystore",
        ".jks",
    ]
    .iter()
    .any(|ext| lower.ends_with(ext))
        && !t.contains(char::is_whitespace)
}

fn is_email(t: &str) -> bool {
    let Some((user, host)) = t.split_once('@') else {
        return false;
    };
    !user.is_empty()
        && host.contains('.')
        && !t.contains(char::is_whitespace)
        && host
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'.' | b'-'))
}

fn is_host_name(t: &str) -> bool {
    t.contains('.')
        && !t.starts_with('.')
        && t.bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || matches!(b, b'.' | b'-'))
        && t.split('.').all(|l| !l.is_empty())
        && t.rsplit('.')
            .next()
            .is_some_and(|tld| tld.bytes().all(|b| b.is_ascii_lowercase()))
}

/// Whether `s` is a slug or a word list: letters of one case and separators, no digits
/// (`aws-secrets-manager`, `READ_ONLY`). Random tokens mix cases or digits.
fn is_slug(s: &str) -> bool {
    let no_upper = s
        .bytes()
        .all(|b| b.is_ascii_lowercase() || matches!(b, b'-' | b'_' | b'.' | b' '));
    let no_lower = s
        .bytes()
        .all(|b| b.is_ascii_uppercase() || matches!(b, b'-' | b'_' | b'.' | b' '));
    no_upper || no_lower
}

/// How strong the evidence around a value is.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Strength {
    /// The field says password (`DB_PASSWORD`, `--password`, URL userinfo): any literal of
    /// six or more characters that is not a placeholder, a keyword or a path.
    Password,
    /// The field says token, key or secret: the value must also look random: at least
    /// `min_len` characters, Shannon entropy of at least `min_entropy` bits per character,
    /// not a slug, not a repeated or sequential pattern.
    Token {
        /// Minimum length in characters.
        min_len: usize,
        /// Minimum Shannon entropy in bits per character.
        min_entropy: f64,
    },
}

impl Strength {
    /// Environment variables, command-line flags and other named fields: 12 characters,
    /// 3.0 bits per character.
    pub const NAMED: Strength = Strength::Token {
        min_len: 12,
        min_entropy: 3.0,
    };
    /// Header values (after the `Bearer`/`Basic` scheme) and cookie values: 8 characters,
    /// 2.75 bits per character (gitleaks' `curl-auth-header` area).
    pub const HEADER: Strength = Strength::Token {
        min_len: 8,
        min_entropy: 2.75,
    };
    /// URL query parameters: 16 characters, 3.0 bits per character.
    pub const QUERY: Strength = Strength::Token {
        min_len: 16,
        min_entropy: 3.0,
    };
}

/// What a literal in a secret-bearing position is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    /// A plaintext secret.
    Secret,
    /// An unfilled placeholder.
    Placeholder,
    /// Nothing to report.
    Clean,
}

/// Judges a literal found in a secret-bearing position (references are ruled out by the
/// caller).
pub fn judge(value: &str, strength: Strength) -> Verdict {
    let t = value.trim();
    if t.is_empty() || is_path(t) || t.contains("://") {
        return Verdict::Clean;
    }
    if is_placeholder(t) {
        return Verdict::Placeholder;
    }
    let len = t.chars().count();
    match strength {
        Strength::Password => {
            let lower = t.to_ascii_lowercase();
            if len < 6 || NON_SECRET_WORDS.contains(&lower.as_str()) || is_path(t) {
                Verdict::Clean
            } else {
                Verdict::Secret
            }
        }
        Strength::Token {
            min_len,
            min_entropy,
        } => {
            if len < min_len || obviously_not_secret(t) || is_slug(t) || entropy(t) < min_entropy {
                Verdict::Clean
            } else {
                Verdict::Secret
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entropy_values() {
        assert!(entropy("").abs() < f64::EPSILON);
        assert!(entropy("aaaa").abs() < f64::EPSILON);
        assert!((entropy("ab") - 1.0).abs() < 1e-9);
        assert!((entropy("postgres") - 2.75).abs() < 1e-9);
        assert!(entropy("Q7vK2mX9pL4wR8tZ") > 3.9);
    }

    #[test]
    fn placeholders() {
        for p in [
            "YOUR_BRAVE_API_KEY",
            "your-api-key-here",
            "<token>",
            "<YOUR_TOKEN>",
            "[REDACTED_API_KEY]",
            "[REDACTED]",
            "{api_key}",
            "xxx",
            "XXXXXXXXXXXXXXXX",
            "sk-...",
            "ghp_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx",
            "tvly-…",
            "********",
            "changeme",
            "CHANGE_ME",
            "REPLACE_ME",
            "replace-with-your-token",
            "insert_key_here",
            "api_key_here",
            "token",
            "xyz",
            "XYZ",
            "AKIAIOSFODNN7EXAMPLE",
            "aaaaaaaaaaaa",
            "abcdef123",
            "1234567890",
            "abcabcabcabc",
            "my-test-key",
            "demo-key-12345",
        ] {
            assert!(is_placeholder(p), "{p}");
        }
        for not in [
            "Q7vK2mX9pL4wR8tZ",
            "postgres",
            "hunter22",
            "ghp_Q7vK2mX9pL4wR8tZaB3cD5eF6gH1jK0mN2p",
            "there",
            "S3cr3t-Pa55w0rd",
            "axxb",
        ] {
            assert!(!is_placeholder(not), "{not}");
        }
    }

    #[test]
    fn echo_safety() {
        assert!(echo_safe("YOUR_BRAVE_API_KEY"));
        assert!(echo_safe("[REDACTED_API_KEY]"));
        assert!(echo_safe("your-api-key-here"));
        assert!(echo_safe("sk-..."));
        assert!(echo_safe("AKIAIOSFODNN7EXAMPLE"));
        assert!(!echo_safe("ghp_Q7vK2mX9pL4wR8tZaB3cD5eF6gH1jK0mN2pX"));
        assert!(!echo_safe("YourKey1"));
        assert!(!echo_safe(&"A".repeat(80)));
    }

    #[test]
    fn not_secrets() {
        for v in [
            "true",
            "4096",
            "1.5e3",
            "/home/me/.config/creds.json",
            "~/keys/id_rsa",
            "C:\\keys\\a.pem",
            "creds.json",
            "https://example.invalid/x",
            "me@example.invalid",
            "api.example.invalid",
            "keychain",
            "2025-06-18T07:58:07.774Z",
            "2025-06-18",
        ] {
            assert!(obviously_not_secret(v), "{v}");
        }
        assert!(!obviously_not_secret("Q7vK2mX9pL4wR8tZ"));
    }

    #[test]
    fn judging() {
        assert_eq!(judge("Q7vK2mX9pL4wR8tZ", Strength::NAMED), Verdict::Secret);
        assert_eq!(
            judge("aws-secrets-manager", Strength::NAMED),
            Verdict::Clean
        );
        assert_eq!(judge("READ_ONLY_ACCESS", Strength::NAMED), Verdict::Clean);
        assert_eq!(judge("short1A", Strength::NAMED), Verdict::Clean);
        assert_eq!(judge("YOUR_KEY", Strength::NAMED), Verdict::Placeholder);
        assert_eq!(judge("hunter22", Strength::Password), Verdict::Secret);
        assert_eq!(judge("abc", Strength::Password), Verdict::Placeholder);
        assert_eq!(judge("pw1", Strength::Password), Verdict::Clean);
        assert_eq!(judge("root", Strength::Password), Verdict::Clean);
        assert_eq!(judge("true", Strength::Password), Verdict::Clean);
        assert_eq!(judge("  ", Strength::Password), Verdict::Clean);
        assert_eq!(judge("Zx81Lm0QpR", Strength::HEADER), Verdict::Secret);
        assert_eq!(judge("Zx81Lm0QpR", Strength::QUERY), Verdict::Clean);
    }
}
