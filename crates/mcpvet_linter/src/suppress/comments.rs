//! The comments of TOML and YAML files, found by a small scanner (the readers keep none):
//! `#` outside strings in TOML; `#` at the start of a line or after a blank, outside quoted
//! and block scalars, in YAML. JSON comments come from the parser
//! ([`mcpvet_json::JsonDocument::comments`]).
use mcpvet_text::Span;

/// The spans of the `#` comments of a TOML text, each up to its line's end.
pub(crate) fn toml(text: &str) -> Vec<Span> {
    let bytes = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'#' => {
                let end = line_end(bytes, i);
                out.push(Span::new(i as u32, end as u32));
                i = end;
            }
            b'"' if bytes[i..].starts_with(b"\"\"\"") => {
                i = closing(bytes, i + 3, b"\"\"\"", true);
            }
            b'\'' if bytes[i..].starts_with(b"'''") => {
                i = closing(bytes, i + 3, b"'''", false);
            }
            quote @ (b'"' | b'\'') => {
                // A one-line string ends at its quote or, unclosed, at the line's end.
                let mut j = i + 1;
                while j < bytes.len() && bytes[j] != quote && bytes[j] != b'\n' {
                    j += if quote == b'"' && bytes[j] == b'\\' {
                        2
                    } else {
                        1
                    };
                }
                i = j + 1;
            }
            _ => i += 1,
        }
    }
    out
}

/// The index just past `close`, searched from `from` (skipping backslash escapes when
/// `escapes`), or the end of the text.
fn closing(bytes: &[u8], from: usize, close: &[u8], escapes: bool) -> usize {
    let mut j = from;
    while j < bytes.len() {
        if escapes && bytes[j] == b'\\' {
            j += 2;
        } else if bytes[j..].starts_with(close) {
            return j + close.len();
        } else {
            j += 1;
        }
    }
    bytes.len()
}

/// The index of the line break (or end of text) of the line holding `at`.
fn line_end(bytes: &[u8], at: usize) -> usize {
    bytes[at..]
        .iter()
        .position(|&b| b == b'\n' || b == b'\r')
        .map_or(bytes.len(), |p| at + p)
}

/// The spans of the `#` comments of a YAML text, each up to its line's end.
pub(crate) fn yaml(text: &str) -> Vec<Span> {
    let bytes = text.as_bytes();
    let mut out = Vec::new();
    // Inside a quoted scalar that goes on past its line: its quote.
    let mut quote: Option<u8> = None;
    // Inside a block scalar (`|`, `>`): the indentation its content must exceed.
    let mut block: Option<usize> = None;
    let mut start = 0;
    while start < bytes.len() {
        let end = line_end(bytes, start);
        let line = &bytes[start..end];
        let next = if bytes[end..].starts_with(b"\r\n") {
            end + 2
        } else {
            end + 1
        };
        let indent = line.iter().take_while(|&&b| b == b' ').count();
        if let Some(parent) = block {
            if indent == line.len() || indent > parent {
                start = next;
                continue;
            }
            block = None;
        }
        let mut j = 0;
        let mut comment_at = None;
        // The last character outside quotes and blanks, to tell where a scalar starts.
        let mut previous: Option<u8> = None;
        while j < line.len() {
            if let Some(q) = quote {
                match line[j] {
                    b'\\' if q == b'"' => j += 2,
                    b'\'' if q == b'\'' && line.get(j + 1) == Some(&b'\'') => j += 2,
                    b if b == q => {
                        quote = None;
                        previous = Some(b);
                        j += 1;
                    }
                    _ => j += 1,
                }
                continue;
            }
            let b = line[j];
            match b {
                b'#' if j == 0 || matches!(line[j - 1], b' ' | b'\t') => {
                    comment_at = Some(j);
                    break;
                }
                b'"' | b'\''
                    if matches!(
                        previous,
                        None | Some(b':' | b'-' | b'[' | b'{' | b',' | b'?')
                    ) =>
                {
                    quote = Some(b);
                }
                b' ' | b'\t' => {}
                _ => previous = Some(b),
            }
            j += 1;
        }
        if let Some(at) = comment_at {
            out.push(Span::new((start + at) as u32, end as u32));
        }
        let content = &line[..comment_at.unwrap_or(line.len())];
        if quote.is_none()
            && let Some(parent) = block_scalar(content, indent)
        {
            block = Some(parent);
        }
        start = next;
    }
    out
}

/// When `content` (a line without its comment, indented by `indent` spaces) ends with a
/// block scalar indicator (`key: |`, `- >-`, `|2`), the indentation its content lines must
/// exceed: that of the key, or of the `-` of a sequence entry that is the scalar.
fn block_scalar(content: &[u8], indent: usize) -> Option<usize> {
    let text = std::str::from_utf8(content).ok()?.trim_end();
    let last = text.rsplit([' ', '\t']).next()?;
    let mut chars = last.chars();
    if !matches!(chars.next(), Some('|' | '>'))
        || !chars.all(|c| matches!(c, '+' | '-' | '0'..='9'))
    {
        return None;
    }
    let before = text[..text.len() - last.len()].trim_end();
    if !(before.is_empty() || before.ends_with(':') || before.ends_with('-')) {
        return None;
    }
    // Past the indentation and any `- ` of sequence entries: the key, or the indicator.
    let mut at = indent;
    let mut dash = None;
    while text[at..].starts_with("- ") || text[at..].starts_with("-\t") {
        dash = Some(at);
        at += 2;
        at += text[at..].len() - text[at..].trim_start().len();
    }
    if text[at..].starts_with(last) {
        Some(dash.unwrap_or(indent))
    } else {
        Some(at)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn texts<'a>(text: &'a str, spans: &[Span]) -> Vec<&'a str> {
        spans.iter().map(|s| &text[s.range()]).collect()
    }

    #[test]
    fn toml_comments_outside_strings() {
        let text = "# top\n[a] # table\nk = \"x # y\" # after\nm = '''\n# not\n''' # yes\nb = \"\"\"x\\\"y\"\"\" #z\n";
        assert_eq!(
            texts(text, &toml(text)),
            ["# top", "# table", "# after", "# yes", "#z"]
        );
    }

    #[test]
    fn yaml_comments_outside_scalars() {
        let text = "\
# top
a: b#c # after
s: 'it''s # quoted' # real
d: \"x # y
  # still quoted\" # out
servers:
  - run: |
      # block content
      more
    note: >- # indicator comment
      # folded
  - # entry
plain: don't # apostrophe in a plain scalar
";
        assert_eq!(
            texts(text, &yaml(text)),
            [
                "# top",
                "# after",
                "# real",
                "# out",
                "# indicator comment",
                "# entry",
                "# apostrophe in a plain scalar"
            ]
        );
    }
}
