//! Which names say "credential": environment variables, object members, command-line flags,
//! header names and URL query parameters.
//!
//! A name is split into lower-case words at `_`, `-`, `.`, spaces and camel-case boundaries
//! (`GITHUB_PERSONAL_ACCESS_TOKEN` → `github personal access token`, `clientSecret` →
//! `client secret`, `X-API-Key` → `x api key`). It names a credential when a word is one of
//! `token`, `secret`, `password`/`passwd`/`pwd`/`passphrase`/`pass`, `apikey`, `authorization`,
//! `credential(s)`, `cookie`, or when its last word is `key` after another word (`api_key`,
//! `private_key`, `access_key`, `OPENAI_KEY`), unless:
//!
//! - its last word says the value is not the secret itself: `_ID`, `_NAME`, `_URL`, `_PATH`,
//!   `_FILE`, `_ENV`, `_TYPE`, `_MODE`, `_HEADER`, `_SCOPE`... (see [`NOT_THE_SECRET`]);
//! - it counts tokens (`MAX_TOKENS`: the word `tokens`);
//! - the key is public (`public_key`, `publishable_key`, `site_key`) or a data key
//!   (`sort_key`, `partition_key`, `primary_key`...).

/// How sensitive a name is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NameClass {
    /// A password: any literal counts.
    Password,
    /// A token, key or secret: the literal must also look random.
    Token,
    /// Not a credential name.
    Other,
}

/// Last words that say the value is about the secret, not the secret itself.
pub const NOT_THE_SECRET: &[&str] = &[
    "id",
    "ids",
    "name",
    "names",
    "url",
    "urls",
    "uri",
    "uris",
    "path",
    "paths",
    "file",
    "files",
    "dir",
    "directory",
    "env",
    "var",
    "variable",
    "type",
    "types",
    "mode",
    "length",
    "len",
    "size",
    "count",
    "limit",
    "max",
    "min",
    "ttl",
    "timeout",
    "expiry",
    "expires",
    "expiration",
    "exp",
    "header",
    "headers",
    "scope",
    "scopes",
    "endpoint",
    "host",
    "hostname",
    "port",
    "region",
    "user",
    "username",
    "prefix",
    "suffix",
    "format",
    "provider",
    "method",
    "algorithm",
    "alg",
    "field",
    "param",
    "location",
    "store",
    "storage",
    "enabled",
    "disabled",
    "enable",
    "disable",
    "required",
    "version",
    "issuer",
    "audience",
    "label",
    "hint",
    "policy",
    "rotation",
    "duration",
    "lifetime",
    "kind",
    "arn",
    "ref",
    "source",
    "command",
    "cmd",
    "helper",
    "manager",
    "server",
    "service",
    "cache",
    "config",
    "settings",
    "option",
    "options",
    "flag",
    "fingerprint",
    "index",
    "key_id",
    "keyid",
    "style",
    "color",
    "description",
    "title",
    "placeholder",
    "pattern",
    "regex",
    "schema",
    "usage",
    "budget",
    "at",
    "date",
    "time",
    "timestamp",
    "created",
    "updated",
    "in",
];

/// Words before a final `key` that make it a non-secret key.
const PUBLIC_KEYS: &[&str] = &[
    "public",
    "publishable",
    "pub",
    "site",
    "sort",
    "partition",
    "primary",
    "foreign",
    "cache",
    "idempotency",
    "hot",
    "shortcut",
    "keyboard",
    "map",
    "lookup",
    "row",
    "range",
    "hash",
    "object",
    "s3",
    "storage",
];

/// Splits `name` into lower-case words.
pub fn words(name: &str) -> Vec<String> {
    let mut out = Vec::new();
    let chars: Vec<char> = name.chars().collect();
    let mut current = String::new();
    for (i, &c) in chars.iter().enumerate() {
        if !c.is_alphanumeric() {
            if !current.is_empty() {
                out.push(std::mem::take(&mut current));
            }
            continue;
        }
        let prev = i.checked_sub(1).map(|j| chars[j]);
        let next = chars.get(i + 1).copied();
        let boundary = c.is_uppercase()
            && prev.is_some_and(|p| {
                p.is_lowercase()
                    || p.is_ascii_digit()
                    || (p.is_uppercase() && next.is_some_and(char::is_lowercase))
            });
        if boundary && !current.is_empty() {
            out.push(std::mem::take(&mut current));
        }
        current.extend(c.to_lowercase());
    }
    if !current.is_empty() {
        out.push(current);
    }
    out
}

/// Classifies an environment variable, object member or header name.
pub fn classify(name: &str) -> NameClass {
    classify_words(&words(name), false)
}

/// Classifies a URL query parameter name: as [`classify`], and `key`, `auth`, `sig`,
/// `signature`, `jwt`, `access_token` alone also count.
pub fn classify_query(name: &str) -> NameClass {
    classify_words(&words(name), true)
}

fn classify_words(words: &[String], query: bool) -> NameClass {
    let Some(last) = words.last() else {
        return NameClass::Other;
    };
    if NOT_THE_SECRET.contains(&last.as_str()) || words.iter().any(|w| w == "tokens") {
        return NameClass::Other;
    }
    let has = |list: &[&str]| words.iter().any(|w| list.contains(&w.as_str()));
    let ends = |suffixes: &[&str]| {
        words
            .iter()
            .any(|w| suffixes.iter().any(|s| w.len() > s.len() && w.ends_with(s)))
    };
    if has(&[
        "password",
        "passwd",
        "pwd",
        "passphrase",
        "pass",
        "passcode",
    ]) || ends(&["password", "passwd"])
    {
        return NameClass::Password;
    }
    if has(&[
        "token",
        "secret",
        "apikey",
        "authorization",
        "credential",
        "credentials",
        "cookie",
        "accesskey",
        "secretkey",
        "privatekey",
        "authtoken",
        "accesstoken",
        "apitoken",
    ]) || ends(&["token", "secret", "apikey"])
    {
        return NameClass::Token;
    }
    if last == "key" {
        let before = words.len().checked_sub(2).map(|i| words[i].as_str());
        return match before {
            Some(w) if !PUBLIC_KEYS.contains(&w) => NameClass::Token,
            None if query => NameClass::Token,
            _ => NameClass::Other,
        };
    }
    if query && has(&["auth", "sig", "signature", "jwt", "bearer"]) {
        return NameClass::Token;
    }
    NameClass::Other
}

/// Classifies a command-line flag such as `--api-key`, `--token`, `-password` (leading dashes
/// stripped). Flags that name where the secret comes from (`--token-file`,
/// `--api-key-env`) are not credentials.
pub fn classify_flag(flag: &str) -> NameClass {
    let name = flag.trim_start_matches('-');
    if name.is_empty() {
        return NameClass::Other;
    }
    let w = words(name);
    // A single-word flag `--key` is a credential flag, unlike a member named `key`.
    if w.len() == 1 && w[0] == "key" {
        return NameClass::Token;
    }
    classify_words(&w, false)
}

/// Whether a header is `Authorization` or `Proxy-Authorization`.
pub fn is_authorization_header(name: &str) -> bool {
    name.eq_ignore_ascii_case("authorization") || name.eq_ignore_ascii_case("proxy-authorization")
}

/// Whether a header is `Cookie`.
pub fn is_cookie_header(name: &str) -> bool {
    name.eq_ignore_ascii_case("cookie")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splitting() {
        assert_eq!(
            words("GITHUB_PERSONAL_ACCESS_TOKEN"),
            ["github", "personal", "access", "token"]
        );
        assert_eq!(words("clientSecret"), ["client", "secret"]);
        assert_eq!(words("X-API-Key"), ["x", "api", "key"]);
        assert_eq!(words("APIKey"), ["api", "key"]);
        assert_eq!(words("apiKey2"), ["api", "key2"]);
        assert_eq!(words("--api-key"), ["api", "key"]);
        assert!(words("").is_empty());
    }

    #[test]
    fn credential_names() {
        for name in [
            "GITHUB_TOKEN",
            "GITHUB_PERSONAL_ACCESS_TOKEN",
            "BRAVE_API_KEY",
            "OPENAI_KEY",
            "apiKey",
            "APIKEY",
            "client_secret",
            "clientSecret",
            "AWS_SECRET_ACCESS_KEY",
            "AWS_ACCESS_KEY",
            "PRIVATE_KEY",
            "X-API-Key",
            "X-Auth-Token",
            "Private-Token",
            "apikey",
            "access_token",
            "refreshToken",
            "GOOGLE_APPLICATION_CREDENTIALS",
            "Authorization",
            "token",
            "secret",
        ] {
            assert_eq!(classify(name), NameClass::Token, "{name}");
        }
        for name in [
            "DB_PASSWORD",
            "password",
            "PGPASSWORD",
            "REDIS_PASS",
            "smtpPwd",
        ] {
            assert_eq!(classify(name), NameClass::Password, "{name}");
        }
        assert_eq!(classify("GITHUBTOKEN"), NameClass::Token);
        for name in [
            "GITHUB_CLIENT_ID",
            "SECRET_NAME",
            "TOKEN_URL",
            "TOKEN_PATH",
            "API_KEY_FILE",
            "API_KEY_ENV",
            "MAX_TOKENS",
            "OPENAI_MAX_TOKENS",
            "tokenParamName",
            "AUTH_TYPE",
            "PUBLIC_KEY",
            "STRIPE_PUBLISHABLE_KEY",
            "sort_key",
            "key",
            "authProvider",
            "LOG_LEVEL",
            "PORT",
            "tokenUrl",
            "clientId",
            "accessTokenExpiresAt",
            "refreshTokenExpiresIn",
        ] {
            assert_eq!(classify(name), NameClass::Other, "{name}");
        }
    }

    #[test]
    fn flags_and_queries() {
        assert_eq!(classify_flag("--api-key"), NameClass::Token);
        assert_eq!(classify_flag("--token"), NameClass::Token);
        assert_eq!(classify_flag("--key"), NameClass::Token);
        assert_eq!(classify_flag("--password"), NameClass::Password);
        assert_eq!(classify_flag("--token-file"), NameClass::Other);
        assert_eq!(classify_flag("--api-key-env"), NameClass::Other);
        assert_eq!(classify_flag("--port"), NameClass::Other);
        assert_eq!(classify_flag("-"), NameClass::Other);
        assert_eq!(classify_query("key"), NameClass::Token);
        assert_eq!(classify_query("sig"), NameClass::Token);
        assert_eq!(classify_query("X-Amz-Signature"), NameClass::Token);
        assert_eq!(classify_query("token_type"), NameClass::Other);
        assert_eq!(classify_query("page"), NameClass::Other);
        assert_eq!(classify("sig"), NameClass::Other);
    }
}
