use std::fmt::{self, Write as _};

/// One step of a [`JsonPath`].
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum PathSegment {
    /// An object member, by decoded key.
    Key(String),
    /// An array element, 0-based.
    Index(u32),
}

/// A location inside a JSON value: `$.mcpServers["my server"].args[2]`, or as a JSON Pointer
/// (RFC 6901) `/mcpServers/my server/args/2`.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
pub struct JsonPath {
    segments: Vec<PathSegment>,
}

/// Why a path or pointer could not be parsed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PathError {
    offset: usize,
    message: &'static str,
}

impl PathError {
    /// Byte offset in the path text where parsing failed.
    pub fn offset(&self) -> usize {
        self.offset
    }
}

impl fmt::Display for PathError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} at offset {}", self.message, self.offset)
    }
}

impl std::error::Error for PathError {}

impl JsonPath {
    /// The root, `$`.
    pub fn root() -> Self {
        JsonPath {
            segments: Vec::new(),
        }
    }

    /// A path made of `segments`.
    pub fn from_segments(segments: Vec<PathSegment>) -> Self {
        JsonPath { segments }
    }

    /// This path extended by an object key.
    #[must_use]
    pub fn key(mut self, key: impl Into<String>) -> Self {
        self.segments.push(PathSegment::Key(key.into()));
        self
    }

    /// This path extended by an array index.
    #[must_use]
    pub fn index(mut self, index: u32) -> Self {
        self.segments.push(PathSegment::Index(index));
        self
    }

    /// Appends a segment in place.
    pub fn push(&mut self, segment: PathSegment) {
        self.segments.push(segment);
    }

    /// Removes the last segment.
    pub fn pop(&mut self) -> Option<PathSegment> {
        self.segments.pop()
    }

    /// The segments from the root.
    pub fn segments(&self) -> &[PathSegment] {
        &self.segments
    }

    /// Whether this is the root.
    pub fn is_root(&self) -> bool {
        self.segments.is_empty()
    }

    /// The path as an RFC 6901 JSON Pointer (`""` for the root).
    pub fn to_pointer(&self) -> String {
        let mut out = String::new();
        for segment in &self.segments {
            out.push('/');
            match segment {
                PathSegment::Key(k) => {
                    for c in k.chars() {
                        match c {
                            '~' => out.push_str("~0"),
                            '/' => out.push_str("~1"),
                            c => out.push(c),
                        }
                    }
                }
                PathSegment::Index(i) => {
                    let _ = write!(out, "{i}");
                }
            }
        }
        out
    }

    /// Parses an RFC 6901 JSON Pointer. A segment made of digits (without a leading zero)
    /// becomes an [`PathSegment::Index`]; navigation treats an index as a key when it meets
    /// an object.
    ///
    /// # Errors
    ///
    /// When the pointer is neither empty nor starts with `/`, or has a bad `~` escape.
    pub fn from_pointer(pointer: &str) -> Result<Self, PathError> {
        if pointer.is_empty() {
            return Ok(JsonPath::root());
        }
        if !pointer.starts_with('/') {
            return Err(PathError {
                offset: 0,
                message: "a JSON Pointer starts with `/`",
            });
        }
        let mut segments = Vec::new();
        let mut offset = 1;
        for raw in pointer[1..].split('/') {
            let mut key = String::with_capacity(raw.len());
            let mut chars = raw.char_indices();
            while let Some((i, c)) = chars.next() {
                if c == '~' {
                    match chars.next() {
                        Some((_, '0')) => key.push('~'),
                        Some((_, '1')) => key.push('/'),
                        _ => {
                            return Err(PathError {
                                offset: offset + i,
                                message: "`~` must be followed by `0` or `1`",
                            });
                        }
                    }
                } else {
                    key.push(c);
                }
            }
            offset += raw.len() + 1;
            segments.push(match parse_index(&key) {
                Some(i) => PathSegment::Index(i),
                None => PathSegment::Key(key),
            });
        }
        Ok(JsonPath { segments })
    }

    /// Parses the `$.a["b c"][2]` form printed by [`Display`](fmt::Display).
    ///
    /// # Errors
    ///
    /// When the text does not start with `$` or a segment is malformed.
    pub fn parse(text: &str) -> Result<Self, PathError> {
        let bytes = text.as_bytes();
        if bytes.first() != Some(&b'$') {
            return Err(PathError {
                offset: 0,
                message: "a JSON path starts with `$`",
            });
        }
        let mut segments = Vec::new();
        let mut i = 1;
        while i < bytes.len() {
            match bytes[i] {
                b'.' => {
                    let start = i + 1;
                    let mut end = start;
                    while end < bytes.len() && is_ident_byte(bytes[end], end == start) {
                        end += 1;
                    }
                    if end == start {
                        return Err(PathError {
                            offset: start,
                            message: "expected a member name",
                        });
                    }
                    segments.push(PathSegment::Key(text[start..end].to_owned()));
                    i = end;
                }
                b'[' => {
                    let start = i + 1;
                    if bytes.get(start) == Some(&b'"') {
                        let (key, end) = parse_quoted(text, start)?;
                        if bytes.get(end) != Some(&b']') {
                            return Err(PathError {
                                offset: end,
                                message: "expected `]`",
                            });
                        }
                        segments.push(PathSegment::Key(key));
                        i = end + 1;
                    } else {
                        let mut end = start;
                        while end < bytes.len() && bytes[end].is_ascii_digit() {
                            end += 1;
                        }
                        let index = parse_index(&text[start..end]).ok_or(PathError {
                            offset: start,
                            message: "expected an index",
                        })?;
                        if bytes.get(end) != Some(&b']') {
                            return Err(PathError {
                                offset: end,
                                message: "expected `]`",
                            });
                        }
                        segments.push(PathSegment::Index(index));
                        i = end + 1;
                    }
                }
                _ => {
                    return Err(PathError {
                        offset: i,
                        message: "expected `.` or `[`",
                    });
                }
            }
        }
        Ok(JsonPath { segments })
    }
}

fn is_ident_byte(b: u8, first: bool) -> bool {
    b.is_ascii_alphabetic() || b == b'_' || b == b'$' || (!first && b.is_ascii_digit())
}

fn is_identifier(key: &str) -> bool {
    !key.is_empty()
        && key
            .bytes()
            .enumerate()
            .all(|(i, b)| is_ident_byte(b, i == 0))
}

fn parse_index(text: &str) -> Option<u32> {
    if text.is_empty() || (text.len() > 1 && text.starts_with('0')) {
        return None;
    }
    if !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    text.parse().ok()
}

/// Parses a JSON string literal starting at byte `start` (the opening quote); returns the
/// decoded text and the offset after the closing quote.
fn parse_quoted(text: &str, start: usize) -> Result<(String, usize), PathError> {
    let mut out = String::new();
    let mut chars = text[start + 1..].char_indices();
    while let Some((i, c)) = chars.next() {
        let at = start + 1 + i;
        match c {
            '"' => return Ok((out, at + 1)),
            '\\' => match chars.next() {
                Some((_, '"')) => out.push('"'),
                Some((_, '\\')) => out.push('\\'),
                Some((_, '/')) => out.push('/'),
                Some((_, 'n')) => out.push('\n'),
                Some((_, 't')) => out.push('\t'),
                Some((_, 'r')) => out.push('\r'),
                Some((_, 'b')) => out.push('\u{8}'),
                Some((_, 'f')) => out.push('\u{c}'),
                Some((_, 'u')) => {
                    let hex: String = (0..4)
                        .filter_map(|_| chars.next().map(|(_, c)| c))
                        .collect();
                    let cp = u32::from_str_radix(&hex, 16)
                        .ok()
                        .and_then(char::from_u32)
                        .ok_or(PathError {
                            offset: at,
                            message: "bad `\\u` escape",
                        })?;
                    out.push(cp);
                }
                _ => {
                    return Err(PathError {
                        offset: at,
                        message: "bad escape",
                    });
                }
            },
            c => out.push(c),
        }
    }
    Err(PathError {
        offset: text.len(),
        message: "unterminated string",
    })
}

impl fmt::Display for JsonPath {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_char('$')?;
        for segment in &self.segments {
            match segment {
                PathSegment::Key(k) if is_identifier(k) => write!(f, ".{k}")?,
                PathSegment::Key(k) => {
                    f.write_str("[\"")?;
                    for c in k.chars() {
                        match c {
                            '"' => f.write_str("\\\"")?,
                            '\\' => f.write_str("\\\\")?,
                            '\n' => f.write_str("\\n")?,
                            '\r' => f.write_str("\\r")?,
                            '\t' => f.write_str("\\t")?,
                            c if (c as u32) < 0x20 => write!(f, "\\u{:04x}", c as u32)?,
                            c => f.write_char(c)?,
                        }
                    }
                    f.write_str("\"]")?;
                }
                PathSegment::Index(i) => write!(f, "[{i}]")?,
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn display_and_pointer() {
        let p = JsonPath::root()
            .key("mcpServers")
            .key("my server")
            .key("args")
            .index(2);
        assert_eq!(p.to_string(), "$.mcpServers[\"my server\"].args[2]");
        assert_eq!(p.to_pointer(), "/mcpServers/my server/args/2");
        let q = JsonPath::root().key("a/b~c").key("q\"x").key("");
        assert_eq!(q.to_pointer(), "/a~1b~0c/q\"x/");
        assert_eq!(q.to_string(), "$[\"a/b~c\"][\"q\\\"x\"][\"\"]");
        assert_eq!(JsonPath::root().to_string(), "$");
        assert_eq!(JsonPath::root().to_pointer(), "");
    }

    #[test]
    fn parse_round_trips() {
        for text in [
            "$",
            "$.a",
            "$.mcpServers[\"my server\"].args[2]",
            "$[\"a/b~c\"][\"q\\\"x\"][\"\"]",
            "$[0][1].x_1",
        ] {
            let p = JsonPath::parse(text).unwrap();
            assert_eq!(p.to_string(), text);
            assert_eq!(
                JsonPath::from_pointer(&p.to_pointer())
                    .unwrap()
                    .to_pointer(),
                p.to_pointer()
            );
        }
        assert!(JsonPath::parse("a").is_err());
        assert!(JsonPath::parse("$.").is_err());
        assert!(JsonPath::parse("$[01]").is_err());
        assert!(JsonPath::parse("$[\"x\"").is_err());
        assert!(JsonPath::from_pointer("a").is_err());
        assert_eq!(JsonPath::from_pointer("/a~2").unwrap_err().offset(), 2);
    }
}
