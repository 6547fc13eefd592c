//! A small RFC 6570 (URI Template) parser: levels 1 to 4, i.e. literals with
//! percent-encodings, expressions `{var}` with the operators `+ # . / ; ? &`, variable lists,
//! dotted variable names, and the modifiers `:n` (prefix, 1 to 9999) and `*` (explode).
//!
//! [`parse`] says whether a template is well-formed and where its first problem is (a byte
//! range of the text it was given, which for a JSON string is the decoded text: map it back
//! with [`mcpvet_json::DecodedStr::span`]); a well-formed template gives its variables, each
//! with the range of its name and of the expression that holds it. It does not expand
//! templates. The tools rules judge the `uriTemplate` of a `resources/templates/list`
//! result with it, the server rules that of a definition's resources.
//!
//! ```
//! use mcpvet_ast::uri_template::parse;
//!
//! let text = "db://{+table}/rows{?limit,offset}";
//! let template = parse(text).unwrap();
//! let names: Vec<&str> = template.names().collect();
//! assert_eq!(names, ["table", "limit", "offset"]);
//! let limit = &template.variables[1];
//! assert_eq!((&text[limit.range.clone()], &text[limit.expression.clone()]), ("limit", "{?limit,offset}"));
//!
//! let error = parse("file:///{path").unwrap_err();
//! assert_eq!(error.range, 8..9);
//! assert!(error.message.contains("never closed"));
//! ```
use std::ops::Range;

/// The first problem of a template: a byte range of the template text and what is wrong.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TemplateError {
    /// Byte range in the template text.
    pub range: Range<usize>,
    /// What is wrong, as a sentence fragment (`` `{` opens an expression that is never
    /// closed ``).
    pub message: String,
}

/// One variable of a template.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Variable {
    /// Its name (dots and percent-encodings kept as written).
    pub name: String,
    /// The byte range of the name in the template text.
    pub range: Range<usize>,
    /// The byte range of the expression that holds it, braces included (`{?limit,offset}`).
    pub expression: Range<usize>,
}

/// A well-formed template's facts.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Template {
    /// The variables, in order (a name used twice is listed twice).
    pub variables: Vec<Variable>,
}

impl Template {
    /// The variable names, in order.
    pub fn names(&self) -> impl Iterator<Item = &str> {
        self.variables.iter().map(|v| v.name.as_str())
    }
}

fn error<T>(range: Range<usize>, message: impl Into<String>) -> Result<T, TemplateError> {
    Err(TemplateError {
        range,
        message: message.into(),
    })
}

/// Parses `text` as a URI Template.
///
/// # Errors
///
/// The first problem of the template, when it is not well-formed.
pub fn parse(text: &str) -> Result<Template, TemplateError> {
    let mut template = Template::default();
    let mut chars = text.char_indices().peekable();
    while let Some((i, c)) = chars.next() {
        match c {
            '{' => {
                let Some(close) = text[i + 1..].find(['{', '}']).map(|j| i + 1 + j) else {
                    return error(i..i + 1, "`{` opens an expression that is never closed");
                };
                if text.as_bytes()[close] == b'{' {
                    return error(
                        close..close + 1,
                        "`{` inside an expression: expressions cannot nest",
                    );
                }
                expression(text, i + 1..close, &mut template)?;
                while chars.peek().is_some_and(|&(j, _)| j <= close) {
                    chars.next();
                }
            }
            '}' => return error(i..i + 1, "`}` closes no expression"),
            '%' => percent(text, i)?,
            c if c.is_control()
                || matches!(c, ' ' | '"' | '\'' | '<' | '>' | '\\' | '^' | '`' | '|') =>
            {
                let shown = if c == ' ' {
                    "a space".to_owned()
                } else if c.is_control() {
                    format!("the control character U+{:04X}", u32::from(c))
                } else {
                    format!("`{c}`")
                };
                return error(
                    i..i + c.len_utf8(),
                    format!("{shown} is not allowed in a URI template; percent-encode it"),
                );
            }
            _ => {}
        }
    }
    Ok(template)
}

/// Checks a percent-encoding at `at` (`%` followed by two hex digits).
fn percent(text: &str, at: usize) -> Result<(), TemplateError> {
    let hex = text.as_bytes().get(at + 1..at + 3);
    if hex.is_some_and(|h| h.iter().all(u8::is_ascii_hexdigit)) {
        Ok(())
    } else {
        let tail = text.as_bytes().get(at + 1..).unwrap_or_default();
        let len = tail
            .iter()
            .take(2)
            .take_while(|b| b.is_ascii_alphanumeric())
            .count();
        error(
            at..at + 1 + len,
            "`%` must start a percent-encoding of two hex digits, such as `%20`",
        )
    }
}

/// Parses the inside of `{…}` (the range excludes the braces).
fn expression(
    text: &str,
    range: Range<usize>,
    template: &mut Template,
) -> Result<(), TemplateError> {
    let body = &text[range.clone()];
    let open = range.start - 1;
    if body.is_empty() {
        return error(open..range.end + 1, "empty expression `{}`");
    }
    let mut start = range.start;
    match body.as_bytes()[0] {
        b'+' | b'#' | b'.' | b'/' | b';' | b'?' | b'&' => start += 1,
        b @ (b'=' | b',' | b'!' | b'@' | b'|') => {
            return error(
                start..start + 1,
                format!(
                    "the operator `{}` is reserved by RFC 6570 and not defined",
                    char::from(b)
                ),
            );
        }
        _ => {}
    }
    if start == range.end {
        return error(
            open..range.end + 1,
            "the expression has an operator but no variable",
        );
    }
    let mut at = start;
    for (n, spec) in text[start..range.end].split(',').enumerate() {
        if spec.is_empty() {
            // The comma next to the missing name: after it for the first, before it otherwise.
            let comma = if n == 0 { at..at + 1 } else { at - 1..at };
            return error(comma, "empty variable name in the list");
        }
        varspec(text, at..at + spec.len(), open..range.end + 1, template)?;
        at += spec.len() + 1;
    }
    Ok(())
}

/// Parses `varname [ ":" max-length | "*" ]`.
fn varspec(
    text: &str,
    range: Range<usize>,
    expression: Range<usize>,
    template: &mut Template,
) -> Result<(), TemplateError> {
    let spec = &text[range.clone()];
    let name_end = spec.find([':', '*']).unwrap_or(spec.len());
    let name = &spec[..name_end];
    let mut previous_dot = true;
    let mut i = 0;
    while i < name.len() {
        let b = name.as_bytes()[i];
        let at = range.start + i;
        match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'_' => previous_dot = false,
            b'.' if !previous_dot && i + 1 < name.len() => previous_dot = true,
            b'.' => {
                return error(
                    at..at + 1,
                    "a `.` in a variable name must stand between two name characters",
                );
            }
            b'%' => {
                percent(text, at)?;
                previous_dot = false;
                i += 3;
                continue;
            }
            _ => {
                let c = name[i..].chars().next().unwrap_or('?');
                return error(
                    at..at + c.len_utf8(),
                    format!(
                        "`{c}` is not allowed in a variable name (letters, digits, `_`, `.` and \
                         percent-encodings are)"
                    ),
                );
            }
        }
        i += 1;
    }
    if name.is_empty() {
        return error(
            range.start..range.start + 1,
            "a modifier needs a variable name before it",
        );
    }
    let modifier = &spec[name_end..];
    let at = range.start + name_end;
    if let Some(digits) = modifier.strip_prefix(':') {
        let valid = !digits.is_empty()
            && digits.len() <= 4
            && digits.bytes().all(|b| b.is_ascii_digit())
            && !digits.starts_with('0');
        if !valid {
            return error(
                at..range.end,
                "a prefix modifier is `:` followed by a length from 1 to 9999",
            );
        }
    } else if modifier == "*" || modifier.is_empty() {
    } else {
        return error(
            at..range.end,
            "a variable takes one modifier: `:length` or `*`",
        );
    }
    template.variables.push(Variable {
        name: name.to_owned(),
        range: range.start..range.start + name_end,
        expression,
    });
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[track_caller]
    fn ok(text: &str, variables: &[&str]) {
        let t = parse(text).unwrap_or_else(|e| panic!("{text}: {e:?}"));
        assert_eq!(t.names().collect::<Vec<_>>(), variables, "{text}");
        for v in &t.variables {
            assert_eq!(&text[v.range.clone()], v.name, "{text}");
            assert!(text[v.expression.clone()].starts_with('{'), "{text}");
            assert!(text[v.expression.clone()].ends_with('}'), "{text}");
        }
    }

    #[track_caller]
    fn bad(text: &str, at: &str, message: &str) {
        let e = parse(text).expect_err(text);
        assert_eq!(&text[e.range.clone()], at, "{text}: {e:?}");
        assert!(e.message.contains(message), "{text}: {}", e.message);
    }

    #[test]
    fn well_formed_templates() {
        ok("file:///{path}", &["path"]);
        ok("https://example.com/", &[]);
        ok(
            "db://{+table}/rows{?limit,offset}",
            &["table", "limit", "offset"],
        );
        ok(
            "{#frag}{.ext}{/a,b}{;p}{&q}",
            &["frag", "ext", "a", "b", "p", "q"],
        );
        ok(
            "repo://{owner}/{repo:3}/{list*}",
            &["owner", "repo", "list"],
        );
        ok("x://{a.b}{a%20b}{_1}", &["a.b", "a%20b", "_1"]);
        ok("x://caf%C3%A9/é/{id}", &["id"]);
        ok("x://{v:9999}", &["v"]);
    }

    #[test]
    fn malformed_templates() {
        bad("file:///{path", "{", "never closed");
        bad("file:///path}", "}", "closes no expression");
        bad("x://{a{b}}", "{", "cannot nest");
        bad("x://{}", "{}", "empty expression");
        bad("x://{+}", "{+}", "no variable");
        bad("x://{=a}", "=", "reserved");
        bad("x://{a,}", ",", "empty variable name");
        bad("x://{,a}", ",", "reserved");
        bad("x://{a-b}", "-", "not allowed in a variable name");
        bad("x://{a..b}", ".", "between two name characters");
        bad("x://{.a.}", ".", "between two name characters");
        bad("x://{a:0}", ":0", "1 to 9999");
        bad("x://{a:10000}", ":10000", "1 to 9999");
        bad("x://{a:3*}", ":3*", "1 to 9999");
        bad("x://{a*:3}", "*:3", "one modifier");
        bad("x://{:3}", ":", "needs a variable name");
        bad("x://a b/{c}", " ", "a space");
        bad("x://%zz/{c}", "%zz", "percent-encoding");
        bad("x://%4", "%4", "percent-encoding");
        bad("x://{a%4}", "%4", "percent-encoding");
        bad("x://a|b", "|", "`|`");
    }
}
