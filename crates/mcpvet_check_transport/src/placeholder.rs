//! Placeholders left in a location (a URL, a path): `<YOUR_PATH>`, `/path/to/server`,
//! `https://your-server.example/mcp`, `/Users/username/...`. Shared by
//! `unfilled-url-or-path` (MCP216), which reports them, and `invalid-url` (MCP204), which
//! leaves a URL holding one to it.
use std::ops::Range;

use mcpvet_ast::config::StringValue;
use mcpvet_ast::vars::Part;
use mcpvet_text::Span;

/// Words that name a credential: an `<...>` placeholder holding one is left to
/// `unfilled-placeholder` (MCP307), which reads the places secrets go.
const CREDENTIAL_WORDS: [&str; 7] = ["key", "token", "secret", "passw", "auth", "cred", "bearer"];

/// Whole path segments or host labels that are placeholders.
const PLACEHOLDER_WORDS: [&str; 9] = [
    "username",
    "user_name",
    "replace-me",
    "replace_me",
    "replaceme",
    "changeme",
    "change-me",
    "change_me",
    "placeholder",
];

/// Where a placeholder may be: a location (URL, path, `cwd`) is read whole; any other
/// string only for an `<...>` placeholder that names no credential.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Scope {
    /// A URL or a path: every kind of placeholder.
    Location,
    /// Another string: `<...>` only.
    AngleOnly,
}

/// Whether `text` reads as a location: a URL or a path.
pub(crate) fn is_location(text: &str) -> bool {
    text.contains("://")
        || text.contains(['/', '\\'])
        || text.starts_with('~')
        || text.as_bytes().get(1) == Some(&b':')
}

/// The byte range of an `<...>` placeholder in `text`: 1 to 64 characters, at least one a
/// letter, starting and ending with a letter, a digit or `_`, nothing but those, spaces,
/// `-`, `.`, `:` and `/` inside.
fn angle(text: &str) -> Option<Range<usize>> {
    let mut from = 0;
    while let Some(open) = text[from..].find('<').map(|i| i + from) {
        let rest = &text[open + 1..];
        if let Some(close) = rest.find('>') {
            let inner = &rest[..close];
            let ok = (1..=64).contains(&inner.len())
                && inner.bytes().any(|b| b.is_ascii_alphabetic())
                && inner.starts_with(|c: char| c.is_ascii_alphanumeric() || c == '_')
                && inner.ends_with(|c: char| c.is_ascii_alphanumeric() || c == '_')
                && inner
                    .bytes()
                    .all(|b| b.is_ascii_alphanumeric() || b" _-.:/".contains(&b));
            if ok {
                return Some(open..open + close + 2);
            }
        }
        from = open + 1;
    }
    None
}

/// Whether an `<...>` placeholder names a credential.
fn names_credential(placeholder: &str) -> bool {
    let lower = placeholder.to_ascii_lowercase();
    CREDENTIAL_WORDS.iter().any(|w| lower.contains(w))
}

/// The byte range of `path/to` (`/path/to/server`, `C:\path\to\x`) up to the end of the
/// word, from the separator before it.
fn path_to(text: &str) -> Option<Range<usize>> {
    let lower = text.to_ascii_lowercase();
    for needle in ["path/to", "path\\to"] {
        let mut from = 0;
        while let Some(i) = lower[from..].find(needle).map(|i| i + from) {
            let before = lower[..i].chars().next_back();
            let after = lower[i + needle.len()..].chars().next();
            let starts = before.is_none_or(|c| matches!(c, '/' | '\\' | ' ' | '=' | '"'));
            let ends = after.is_none_or(|c| matches!(c, '/' | '\\' | ' ' | '"'));
            if starts && ends {
                let start = if matches!(before, Some('/' | '\\')) {
                    i - 1
                } else {
                    i
                };
                let end = text[i..]
                    .find(|c: char| c.is_whitespace() || c == '"')
                    .map_or(text.len(), |e| e + i);
                return Some(start..end);
            }
            from = i + needle.len();
        }
    }
    None
}

/// Whether a path segment or host label is a placeholder word: `your-server`, `YOUR_PATH`,
/// `yourname`, `username`, `xxx`, `changeme`...
fn is_placeholder_word(word: &str) -> bool {
    let lower = word.to_ascii_lowercase();
    let your = lower.strip_prefix("your").is_some_and(|rest| {
        rest.len() >= 2
            && rest
                .bytes()
                .next()
                .is_some_and(|b| b == b'-' || b == b'_' || b.is_ascii_alphabetic())
            && !matches!(rest, "self" | "selves" | "s")
    });
    your || PLACEHOLDER_WORDS.contains(&lower.as_str())
        || (lower.len() >= 3 && lower.bytes().all(|b| b == b'x'))
}

/// The byte range of the first placeholder word of `text`, its segments split at path,
/// host and URL separators.
fn word(text: &str) -> Option<Range<usize>> {
    let mut start = None;
    for (i, c) in text
        .char_indices()
        .chain(std::iter::once((text.len(), '/')))
    {
        let separator = matches!(
            c,
            '/' | '\\' | '.' | ':' | '@' | '?' | '#' | '=' | '&' | ',' | ';' | ' ' | '"' | '\''
        );
        match (separator, start) {
            (true, Some(s)) => {
                if is_placeholder_word(&text[s..i]) {
                    return Some(s..i);
                }
                start = None;
            }
            (false, None) => start = Some(i),
            _ => {}
        }
    }
    None
}

/// The first placeholder in `text` read in `scope`.
pub(crate) fn find(text: &str, scope: Scope) -> Option<Range<usize>> {
    if let Some(r) = angle(text)
        && !names_credential(&text[r.clone()])
    {
        return Some(r);
    }
    if scope == Scope::AngleOnly {
        return None;
    }
    path_to(text).or_else(|| word(text))
}

/// The first placeholder in the literal text of `value` and its span in the file: exact when
/// the literal part is written without escapes, the part's span otherwise. References are
/// never placeholders.
pub(crate) fn in_value(value: &StringValue, scope: Scope, source: &str) -> Option<(String, Span)> {
    for part in &value.parts {
        let Part::Literal { text, span } = part else {
            continue;
        };
        let Some(r) = find(text, scope) else {
            continue;
        };
        let found = text[r.clone()].to_owned();
        let exact = source.get(span.range()) == Some(text.as_str());
        let at = if exact {
            Span::new(span.start + r.start as u32, span.start + r.end as u32)
        } else {
            *span
        };
        return Some((found, at));
    }
    None
}

#[cfg(test)]
mod tests {
    use super::{Scope, find, is_location};

    #[track_caller]
    fn placeholder(text: &str, scope: Scope) -> Option<&str> {
        find(text, scope).map(|r| &text[r])
    }

    #[test]
    fn locations() {
        let l = Scope::Location;
        assert_eq!(
            placeholder("https://your-server.example/mcp", l),
            Some("your-server")
        );
        assert_eq!(
            placeholder("/path/to/server/index.js", l),
            Some("/path/to/server/index.js")
        );
        assert_eq!(
            placeholder("C:\\path\\to\\srv.exe", l),
            Some("\\path\\to\\srv.exe")
        );
        assert_eq!(placeholder("<YOUR_PATH>", l), Some("<YOUR_PATH>"));
        assert_eq!(placeholder("/Users/username/notes", l), Some("username"));
        assert_eq!(placeholder("C:\\Users\\YOUR_USER\\x", l), Some("YOUR_USER"));
        assert_eq!(placeholder("http://xxx.ngrok.io/mcp", l), Some("xxx"));
        assert_eq!(placeholder("https://<api-host>/mcp", l), Some("<api-host>"));
        for ok in [
            "https://docs.example.com/mcp",
            "/home/me/yourself/x",
            "/usr/local/bin/node",
            "/srv/paths/to-do",
            "https://api.githubcopilot.com/mcp/",
            "C:\\Users\\me\\AppData",
            "a < b > c",
        ] {
            assert_eq!(placeholder(ok, l), None, "{ok}");
        }
    }

    #[test]
    fn other_strings_only_angle_placeholders_without_credentials() {
        let a = Scope::AngleOnly;
        assert_eq!(placeholder("<project-id>", a), Some("<project-id>"));
        assert_eq!(placeholder("<YOUR_API_KEY>", a), None);
        assert_eq!(placeholder("your-project", a), None);
        assert!(is_location("/x") && is_location("C:x") && is_location("~/x"));
        assert!(!is_location("--stdio"));
    }
}
