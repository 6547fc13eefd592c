use std::ops::Range;

use mcpvet_ast::definition::Item;
use mcpvet_diagnostics::{Reporter, declare_rule};

use super::{Text, subject};
use crate::context::{Cx, short};

declare_rule! {
    /// A resource's `mimeType` is not a media type `type/subtype` (with optional parameters such as `; charset=utf-8`).
    ///
    /// ## What it checks
    ///
    /// The `mimeType` of each resource of a server definition, read as RFC 6838 and RFC 9110
    /// define a media type: a type and a subtype separated by `/`, each starting with a
    /// letter or digit and made of letters, digits and ``! # $ & - ^ _ . +`` (at most 127
    /// characters), then optional parameters `; name=value` whose name is an HTTP token and
    /// whose value is a token or a quoted string. The first problem is reported at its
    /// place in the string; a bare word the help recognises (`json`, `text`, `markdown`…)
    /// comes with the media type it probably means.
    ///
    /// ## Why it matters
    ///
    /// Clients choose how to show or parse a resource's content from its `mimeType`; one
    /// they cannot read is treated as unknown binary data, or the resource is dropped.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```json file=definition.json
    /// {"name": "docs", "description": "Product documentation.",
    ///  "resources": [{"name": "guide", "description": "The user guide.",
    ///    "contentSource": "direct", "mimeType": "markdown",
    ///    "uri": "docs://guide", "content": "# Guide"}],
    ///  "publish": {"version": "1.0.0"}}
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```json file=definition.json
    /// {"name": "docs", "description": "Product documentation.",
    ///  "resources": [{"name": "guide", "description": "The user guide.",
    ///    "contentSource": "direct", "mimeType": "text/markdown; charset=utf-8",
    ///    "uri": "docs://guide", "content": "# Guide"}],
    ///  "publish": {"version": "1.0.0"}}
    /// ```
    ///
    /// ## References
    ///
    /// - RFC 6838, Media Type Specifications and Registration Procedures, section 4.2
    /// - RFC 9110, HTTP Semantics, section 8.3.1 (Media Type)
    /// - MCP specification, Server features: Resources (`mimeType`)
    pub(crate) static INVALID_MIME_TYPE = {
        code: "MCP630",
        name: "invalid-mime-type",
        severity: Warning,
        target: Server,
        since: "0.1.0",
    }
}

/// RFC 6838 `restricted-name-chars`.
fn restricted(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b"!#$&-^_.+".contains(&b)
}

/// RFC 9110 `tchar`.
pub(crate) fn tchar(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b"!#$%&'*+-.^_`|~".contains(&b)
}

fn is_ows(b: u8) -> bool {
    b == b' ' || b == b'\t'
}

/// The range of the character at `at` (a whole UTF-8 character).
fn char_at(text: &str, at: usize) -> Range<usize> {
    let len = text[at..].chars().next().map_or(1, char::len_utf8);
    at..at + len
}

/// A character for a message: `` `x` ``, or a description of a space or control character.
fn shown(text: &str, at: usize) -> String {
    match text[at..].chars().next() {
        Some(' ') => "a space".to_owned(),
        Some('\t') => "a tab".to_owned(),
        Some(c) if c.is_control() => format!("the control character U+{:04X}", u32::from(c)),
        Some('`') => "a backquote".to_owned(),
        Some(c) => format!("`{c}`"),
        None => "the end".to_owned(),
    }
}

/// Reads a restricted name from `at`; returns its end, or the problem.
fn restricted_name(text: &str, at: usize, what: &str) -> Result<usize, (Range<usize>, String)> {
    let bytes = text.as_bytes();
    let end = at + bytes[at..].iter().take_while(|&&b| restricted(b)).count();
    if end == at {
        return Err(if at == text.len() {
            (at.saturating_sub(1)..at, format!("the {what} is missing"))
        } else {
            (
                char_at(text, at),
                format!("the {what} cannot start with {}", shown(text, at)),
            )
        });
    }
    if !bytes[at].is_ascii_alphanumeric() {
        return Err((
            char_at(text, at),
            format!(
                "the {what} must start with a letter or digit, not {}",
                shown(text, at)
            ),
        ));
    }
    if end - at > 127 {
        return Err((at..end, format!("the {what} is longer than 127 characters")));
    }
    Ok(end)
}

/// The first problem of the media type `text`: where it is and what is wrong.
pub(crate) fn problem(text: &str) -> Option<(Range<usize>, String)> {
    let bytes = text.as_bytes();
    if text.is_empty() {
        return Some((0..0, "it is empty".to_owned()));
    }
    if text.starts_with('*') || text.contains("/*") {
        let at = text.find('*').unwrap_or(0);
        return Some((
            at..at + 1,
            "`*` is a wildcard of `Accept` headers, not part of a media type".to_owned(),
        ));
    }
    let inner = || -> Result<(), (Range<usize>, String)> {
        let end = restricted_name(text, 0, "type")?;
        if bytes.get(end) != Some(&b'/') {
            return Err(if end == text.len() {
                (
                    0..end,
                    "it has no subtype (a media type is `type/subtype`)".to_owned(),
                )
            } else {
                (
                    char_at(text, end),
                    format!("{} is not allowed in a type", shown(text, end)),
                )
            });
        }
        let mut at = restricted_name(text, end + 1, "subtype")?;
        loop {
            let ows = bytes[at..].iter().take_while(|&&b| is_ows(b)).count();
            if at + ows == text.len() {
                if ows > 0 {
                    return Err((at..at + ows, "it ends with whitespace".to_owned()));
                }
                return Ok(());
            }
            if bytes[at + ows] != b';' {
                return Err(if ows > 0 {
                    (at..at + ows, "parameters follow a `;`".to_owned())
                } else if !text[..at].contains(';') {
                    (
                        char_at(text, at),
                        format!("{} is not allowed in a subtype", shown(text, at)),
                    )
                } else {
                    (
                        char_at(text, at),
                        format!("{} is not allowed in a parameter value", shown(text, at)),
                    )
                });
            }
            at += ows;
            at += 1;
            at += bytes[at..].iter().take_while(|&&b| is_ows(b)).count();
            if at == text.len() || bytes[at] == b';' {
                continue;
            }
            let name_end = at + bytes[at..].iter().take_while(|&&b| tchar(b)).count();
            if name_end == at {
                return Err((
                    char_at(text, at),
                    format!("a parameter name cannot start with {}", shown(text, at)),
                ));
            }
            if bytes.get(name_end) != Some(&b'=') {
                let range = if name_end == text.len() {
                    at..name_end
                } else {
                    char_at(text, name_end)
                };
                return Err((range, "a parameter is `name=value`".to_owned()));
            }
            at = name_end + 1;
            if bytes.get(at) == Some(&b'"') {
                at = quoted(text, at)?;
            } else {
                let value_end = at + bytes[at..].iter().take_while(|&&b| tchar(b)).count();
                if value_end == at {
                    let range = if at == text.len() {
                        at - 1..at
                    } else {
                        char_at(text, at)
                    };
                    return Err((
                        range,
                        "a parameter value is a token or a quoted string".to_owned(),
                    ));
                }
                at = value_end;
            }
        }
    };
    inner().err()
}

/// Reads a quoted string starting at the `"` at `at`; returns its end.
fn quoted(text: &str, at: usize) -> Result<usize, (Range<usize>, String)> {
    let bytes = text.as_bytes();
    let mut i = at + 1;
    while i < bytes.len() {
        match bytes[i] {
            b'"' => return Ok(i + 1),
            b'\\' => i += 2,
            b if b.is_ascii_control() && b != b'\t' => {
                return Err((
                    char_at(text, i),
                    format!("{} is not allowed in a quoted value", shown(text, i)),
                ));
            }
            _ => i += 1,
        }
    }
    Err((at..at + 1, "the quoted value is never closed".to_owned()))
}

/// The media type a bare word probably means.
fn suggestion(word: &str) -> Option<&'static str> {
    Some(
        match word
            .trim()
            .trim_start_matches('.')
            .to_ascii_lowercase()
            .as_str()
        {
            "json" => "application/json",
            "text" | "txt" | "plain" => "text/plain",
            "markdown" | "md" => "text/markdown",
            "html" | "htm" => "text/html",
            "csv" => "text/csv",
            "xml" => "application/xml",
            "yaml" | "yml" => "application/yaml",
            "pdf" => "application/pdf",
            "png" => "image/png",
            "jpg" | "jpeg" => "image/jpeg",
            "binary" | "octet-stream" => "application/octet-stream",
            _ => return None,
        },
    )
}

/// Judges the `mimeType` `mime`.
pub(crate) fn check(cx: Cx<'_, '_>, item: &Item, mime: &Text<'_>, report: &mut Reporter<'_>) {
    let text = mime.text();
    let Some((range, what)) = problem(text) else {
        return;
    };
    // A bare word, or parameters after a space instead of `;`.
    let mended = suggestion(text).map(str::to_owned).or_else(|| {
        let gap = &text[range.clone()];
        (what.starts_with("parameters") && gap.trim().is_empty())
            .then(|| format!("{}; {}", &text[..range.start], &text[range.end..]))
            .filter(|m| problem(m).is_none())
    });
    let help = match mended {
        Some(media) => format!("write `{}`", short(&media, 80)),
        None => "write a media type such as `application/json` or `text/plain; charset=utf-8`"
            .to_owned(),
    };
    let site = if range.is_empty() {
        mime.value.into()
    } else {
        mime.site(range)
    };
    report.report(
        &INVALID_MIME_TYPE,
        site,
        format!(
            "the `mimeType` `{}` of {} is not a media type: {what}",
            short(text, 60),
            subject(cx, item)
        ),
        help,
    );
}

#[cfg(test)]
mod tests {
    use super::problem;

    #[track_caller]
    fn ok(text: &str) {
        assert_eq!(problem(text), None, "{text}");
    }

    #[track_caller]
    fn bad(text: &str, at: &str, message: &str) {
        let (range, m) = problem(text).unwrap_or_else(|| panic!("{text}: accepted"));
        assert_eq!(&text[range], at, "{text}: {m}");
        assert!(m.contains(message), "{text}: {m}");
    }

    #[test]
    fn media_types() {
        ok("application/json");
        ok("text/plain; charset=utf-8");
        ok("text/plain;charset=\"utf-8\"");
        ok("application/vnd.api+json");
        ok("image/svg+xml");
        ok("text/plain ; a=b ;; c=\"x\\\"y\"");
        ok("text/plain;");
        ok("application/x-www-form-urlencoded");
    }

    #[test]
    fn not_media_types() {
        bad("", "", "empty");
        bad("json", "json", "no subtype");
        bad("text/", "/", "subtype is missing");
        bad("text /plain", " ", "not allowed in a type");
        bad("text/ plain", " ", "cannot start with a space");
        bad("text/plain charset=utf-8", " ", "parameters follow");
        bad("text/plain; charset", "charset", "name=value");
        bad("text/plain; charset=", "=", "token or a quoted string");
        bad("text/plain; charset=\"utf-8", "\"", "never closed");
        bad("text/plain; =x", "=", "cannot start");
        bad("*/*", "*", "wildcard");
        bad("text/*", "*", "wildcard");
        bad("text/plain ", " ", "whitespace");
        bad("-text/plain", "-", "letter or digit");
        bad("text/pl@in", "@", "not allowed in a subtype");
        bad("text/plain;a=b@", "@", "not allowed in a parameter value");
        bad("téxt/plain", "é", "not allowed in a type");
    }
}
