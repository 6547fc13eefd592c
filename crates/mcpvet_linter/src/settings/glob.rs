//! The path patterns of `mcpvet.toml` (`ignore`, `[[dialect]] glob`).
//!
//! Paths are relative to the folder of the settings file, with `/` between folders. A
//! pattern holds `*` (any characters but `/`), `?` (one character but `/`), `[abc]`,
//! `[a-z]`, `[!abc]` (one character of, or not of, a set) and `**` as a whole folder name
//! (any number of folders, none included). A pattern with no `/` (but a trailing one)
//! matches a name in any folder, as in `.gitignore`; one with a `/` is anchored at the
//! settings file's folder (a leading `/` only says so). A pattern that matches a folder
//! matches everything below it.
//!
//! Own code rather than a glob crate: the syntax is this small, the library is also built
//! for the browser, and the errors point into `mcpvet.toml`.
use std::fmt;

/// A path pattern; see the module documentation.
#[derive(Clone, PartialEq, Eq)]
pub struct Glob {
    pattern: String,
    segments: Vec<Segment>,
}

/// One folder name of a pattern.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Segment {
    /// `**`: any number of folder names.
    Any,
    /// A name pattern.
    Name(Vec<Token>),
}

/// One character position of a name pattern.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Token {
    Char(char),
    /// `?`
    One,
    /// `*`
    Star,
    /// `[...]`: the ranges, and whether the set is negated.
    Class(Vec<(char, char)>, bool),
}

impl Glob {
    /// Compiles `pattern`.
    ///
    /// # Errors
    ///
    /// A sentence saying what is wrong: an empty pattern, an unclosed `[`, or `..` (paths are
    /// matched below the settings file's folder only).
    pub fn new(pattern: &str) -> Result<Glob, String> {
        let trimmed = pattern.trim_end_matches('/');
        let anchored = trimmed.contains('/');
        let trimmed = trimmed.strip_prefix('/').unwrap_or(trimmed);
        if trimmed.is_empty() {
            return Err("an empty pattern matches nothing".to_owned());
        }
        let mut segments = Vec::new();
        if !anchored {
            segments.push(Segment::Any);
        }
        for part in trimmed.split('/') {
            match part {
                "**" => {
                    if segments.last() != Some(&Segment::Any) {
                        segments.push(Segment::Any);
                    }
                }
                "" | "." => {}
                ".." => {
                    return Err(
                        "`..` leaves the folder of mcpvet.toml; patterns match below it".to_owned(),
                    );
                }
                _ => segments.push(Segment::Name(name_tokens(part)?)),
            }
        }
        Ok(Glob {
            pattern: pattern.to_owned(),
            segments,
        })
    }

    /// The pattern as written.
    pub fn as_str(&self) -> &str {
        &self.pattern
    }

    /// Whether `path` (relative, `/` between folders) or one of the folders it lies in
    /// matches.
    pub fn matches(&self, path: &str) -> bool {
        let names: Vec<&str> = path
            .split('/')
            .filter(|n| !n.is_empty() && *n != ".")
            .collect();
        (1..=names.len()).any(|n| match_segments(&self.segments, &names[..n]))
    }
}

impl fmt::Debug for Glob {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Glob({:?})", self.pattern)
    }
}

fn name_tokens(part: &str) -> Result<Vec<Token>, String> {
    let mut tokens = Vec::new();
    let mut chars = part.chars().peekable();
    while let Some(c) = chars.next() {
        tokens.push(match c {
            '*' => {
                while chars.peek() == Some(&'*') {
                    chars.next();
                }
                Token::Star
            }
            '?' => Token::One,
            '[' => {
                let negated = chars.next_if(|&c| c == '!' || c == '^').is_some();
                let mut ranges = Vec::new();
                let mut closed = false;
                let mut first = true;
                while let Some(c) = chars.next() {
                    if c == ']' && !first {
                        closed = true;
                        break;
                    }
                    first = false;
                    if chars.peek() == Some(&'-') {
                        chars.next();
                        match chars.next() {
                            Some(']') => {
                                ranges.push((c, c));
                                ranges.push(('-', '-'));
                                closed = true;
                                break;
                            }
                            Some(end) => ranges.push((c, end)),
                            None => break,
                        }
                    } else {
                        ranges.push((c, c));
                    }
                }
                if !closed {
                    return Err(format!("`[` in `{part}` is not closed by `]`"));
                }
                Token::Class(ranges, negated)
            }
            c => Token::Char(c),
        });
    }
    Ok(tokens)
}

/// Whether the folder names `names` match `segments` whole (`**` backtracking).
fn match_segments(segments: &[Segment], names: &[&str]) -> bool {
    match segments.split_first() {
        None => names.is_empty(),
        Some((Segment::Any, rest)) => (0..=names.len()).any(|i| match_segments(rest, &names[i..])),
        Some((Segment::Name(tokens), rest)) => names
            .split_first()
            .is_some_and(|(name, names)| match_name(tokens, name) && match_segments(rest, names)),
    }
}

/// Whether one name matches a name pattern (`*` backtracking to the last star).
fn match_name(tokens: &[Token], name: &str) -> bool {
    let chars: Vec<char> = name.chars().collect();
    let (mut t, mut c) = (0, 0);
    let mut star: Option<(usize, usize)> = None;
    while c < chars.len() {
        let step = match tokens.get(t) {
            Some(Token::Star) => {
                star = Some((t, c));
                t += 1;
                continue;
            }
            Some(Token::One) => true,
            Some(Token::Char(x)) => *x == chars[c],
            Some(Token::Class(ranges, negated)) => {
                ranges.iter().any(|&(a, b)| a <= chars[c] && chars[c] <= b) != *negated
            }
            None => false,
        };
        if step {
            t += 1;
            c += 1;
        } else if let Some((st, sc)) = star {
            t = st + 1;
            c = sc + 1;
            star = Some((st, sc + 1));
        } else {
            return false;
        }
    }
    tokens[t..].iter().all(|t| *t == Token::Star)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn m(pattern: &str, path: &str) -> bool {
        Glob::new(pattern).unwrap().matches(path)
    }

    #[test]
    fn patterns() {
        assert!(m(".config/*.json", ".config/mcp.json"));
        assert!(!m(".config/*.json", "sub/.config/mcp.json"));
        assert!(!m(".config/*.json", ".config/a/mcp.json"));
        assert!(m("*.bak.json", "deep/down/x.bak.json"));
        assert!(m("vendor", "vendor/a/b.json"));
        assert!(m("vendor/", "x/vendor/b.json"));
        assert!(m("/vendor", "vendor/b.json"));
        assert!(!m("/vendor", "x/vendor/b.json"));
        assert!(m("examples/**/*.json", "examples/a.json"));
        assert!(m("examples/**/*.json", "examples/a/b/c.json"));
        assert!(!m("examples/**/*.json", "examples/a/b/c.toml"));
        assert!(m("**/fixtures", "a/fixtures/x.json"));
        assert!(m("mcp-?.json", "mcp-1.json"));
        assert!(!m("mcp-?.json", "mcp-10.json"));
        assert!(m("mcp-[0-9].json", "mcp-7.json"));
        assert!(!m("mcp-[!0-9].json", "mcp-7.json"));
        assert!(m("a*b*c", "aXXbYYc"));
        assert!(!m("a*b*c", "aXXbYY"));
    }

    #[test]
    fn bad_patterns() {
        assert!(Glob::new("").is_err());
        assert!(Glob::new("/").is_err());
        assert!(Glob::new("a/[bc").unwrap_err().contains("not closed"));
        assert!(Glob::new("../x").unwrap_err().contains(".."));
    }
}
