//! Text payloads: a pre-escaped pool of realistic, escape-dense lines, and short phrases.
//!
//! Large payloads are copied out of the pool (a memcpy per payload), which is what keeps
//! generation fast. The pool mixes prose, source code, log lines, Windows paths, embedded JSON
//! and ANSI-coloured test output, so it is dense in `\n`, `\t`, `\"` and `\\`. About 5 % of its
//! characters are non-ASCII (accented Latin, CJK, Cyrillic, Greek, emoji), written raw or as
//! `\uXXXX` escapes (including surrogate pairs) depending on the line.
//!
//! Nothing generated here looks like a credential: words come from fixed lists, there are no
//! long random alphanumeric runs, no URLs with query strings and no `user:password@` parts.

use crate::json::{EscapeStyle, escape_into};
use crate::rng::Rng;

pub(crate) const WORDS: &[&str] = &[
    "the",
    "of",
    "and",
    "to",
    "in",
    "is",
    "for",
    "on",
    "with",
    "as",
    "by",
    "at",
    "from",
    "this",
    "that",
    "it",
    "be",
    "are",
    "was",
    "not",
    "or",
    "an",
    "all",
    "can",
    "will",
    "one",
    "each",
    "request",
    "response",
    "server",
    "client",
    "buffer",
    "index",
    "module",
    "function",
    "value",
    "result",
    "error",
    "warning",
    "config",
    "schema",
    "field",
    "record",
    "table",
    "column",
    "row",
    "query",
    "cache",
    "thread",
    "worker",
    "queue",
    "batch",
    "stream",
    "socket",
    "handler",
    "parser",
    "lexer",
    "symbol",
    "span",
    "offset",
    "line",
    "column",
    "file",
    "path",
    "directory",
    "commit",
    "branch",
    "merge",
    "review",
    "release",
    "version",
    "build",
    "test",
    "bench",
    "deploy",
    "service",
    "cluster",
    "node",
    "region",
    "latency",
    "throughput",
    "memory",
    "disk",
    "network",
    "timeout",
    "retry",
    "backoff",
    "limit",
    "page",
    "cursor",
    "event",
    "message",
    "payload",
    "header",
    "status",
    "report",
    "summary",
    "detail",
    "update",
    "create",
    "delete",
    "read",
    "write",
    "open",
    "close",
    "start",
    "stop",
    "load",
    "save",
    "parse",
    "format",
    "validate",
    "resolve",
    "compile",
    "link",
    "run",
    "check",
    "scan",
    "sort",
    "filter",
    "map",
    "reduce",
    "merge",
    "split",
    "join",
    "fetch",
    "store",
    "sync",
    "async",
    "await",
    "future",
    "promise",
    "callback",
    "closure",
    "iterator",
    "vector",
    "string",
    "integer",
    "float",
    "boolean",
    "object",
    "array",
    "struct",
    "enum",
    "trait",
    "impl",
    "crate",
    "package",
    "library",
    "binary",
    "target",
    "profile",
    "feature",
    "option",
    "flag",
    "argument",
    "parameter",
    "variable",
    "constant",
    "static",
    "mutable",
    "borrowed",
    "owned",
    "lifetime",
    "quickly",
    "slowly",
    "carefully",
    "again",
    "already",
    "never",
    "always",
    "often",
    "usually",
    "large",
    "small",
    "empty",
    "full",
    "stale",
    "fresh",
    "valid",
    "invalid",
    "unknown",
    "new",
    "old",
    "first",
    "last",
    "next",
    "previous",
    "current",
    "default",
    "custom",
    "internal",
    "external",
    "public",
    "private",
    "local",
    "remote",
    "primary",
    "secondary",
    "simple",
];

/// Non-ASCII words and symbols. Mixed scripts on purpose: 2-, 3- and 4-byte UTF-8 sequences.
pub(crate) const NON_ASCII: &[&str] = &[
    "café",
    "naïve",
    "résumé",
    "Zürich",
    "São Paulo",
    "façade",
    "déjà vu",
    "crème brûlée",
    "Ærøskøbing",
    "Straße",
    "Größe",
    "über",
    "niño",
    "año",
    "Kraków",
    "Łódź",
    "Ελληνικά",
    "Αθήνα",
    "Москва",
    "привет",
    "данные",
    "日本語",
    "東京",
    "こんにちは",
    "テスト",
    "中文",
    "数据",
    "서울",
    "한국어",
    "العربية",
    "שלום",
    "हिन्दी",
    "🚀",
    "✅",
    "🎉",
    "⚠️",
    "🔥",
    "👍",
    "📦",
    "✨",
    "—",
    "–",
    "“quoted”",
    "€12",
    "£7",
    "21 °C",
    "350 µs",
    "±3",
    "→",
    "✓",
];

const NAMES: &[&str] = &[
    "ana", "bruno", "chen", "dana", "elif", "farid", "greta", "hiro", "ines", "jonas", "kofi",
    "lena", "mateo", "nadia", "omar", "priya", "quinn", "rosa", "sven", "tariq", "uma", "vera",
    "wei", "ximena", "yusuf", "zoe",
];

const SURNAMES: &[&str] = &[
    "silva", "novak", "okafor", "tanaka", "berg", "haddad", "kim", "moreau", "rossi", "schmidt",
    "garcia", "ivanova", "nguyen", "patel", "larsen",
];

const IDENTS: &[&str] = &[
    "config", "value", "result", "items", "count", "buffer", "entry", "parser", "state", "ctx",
    "handle", "reader", "writer", "span", "offset", "limit", "cursor", "node", "list", "table",
];

const LEVELS: &[&str] = &["INFO", "DEBUG", "WARN", "ERROR", "TRACE"];

const DIRS: &[&str] = &[
    "src", "tests", "crates", "docs", "lib", "bin", "assets", "config", "scripts", "examples",
    "fixtures", "internal", "api", "core", "utils",
];

const EXTS: &[&str] = &[
    "rs", "py", "ts", "go", "json", "toml", "md", "yaml", "txt", "sql",
];

/// Picks the next word: non-ASCII with the controller's current probability.
struct Mixer {
    /// Characters emitted so far (decoded), and how many of them were non-ASCII.
    chars: u64,
    non_ascii: u64,
}

impl Mixer {
    /// Target share of non-ASCII characters, in per mille.
    const TARGET_PER_MILLE: u64 = 50;

    fn word(&mut self, rng: &mut Rng) -> &'static str {
        // Feedback control: below target, raise the odds of a non-ASCII word; above, lower them.
        let below_target = self.non_ascii * 1000 < self.chars * Self::TARGET_PER_MILLE;
        let odds = if below_target { 600 } else { 20 };
        if rng.chance(odds) {
            rng.pick(NON_ASCII)
        } else {
            rng.pick(WORDS)
        }
    }

    fn account(&mut self, text: &str) {
        for ch in text.chars() {
            self.chars += 1;
            if !ch.is_ascii() {
                self.non_ascii += 1;
            }
        }
    }
}

fn push_words(out: &mut String, rng: &mut Rng, mixer: &mut Mixer, count: u64) {
    for i in 0..count {
        if i > 0 {
            out.push(' ');
        }
        out.push_str(mixer.word(rng));
    }
}

fn timestamp(out: &mut String, rng: &mut Rng) {
    use std::fmt::Write as _;
    let _ = write!(
        out,
        "2025-{:02}-{:02}T{:02}:{:02}:{:02}.{:03}Z",
        rng.range(1, 12),
        rng.range(1, 28),
        rng.range(0, 23),
        rng.range(0, 59),
        rng.range(0, 59),
        rng.range(0, 999)
    );
}

/// One line of pool text (decoded, not yet escaped), ending in `\n`.
fn pool_line(out: &mut String, rng: &mut Rng, mixer: &mut Mixer) {
    use std::fmt::Write as _;
    match rng.below(8) {
        // Prose.
        0 | 1 => {
            let n = rng.range(4, 18);
            push_words(out, rng, mixer, n);
            out.push_str(if rng.chance(200) { "?" } else { "." });
            if rng.chance(300) {
                out.push_str(" \"");
                let n = rng.range(1, 4);
                push_words(out, rng, mixer, n);
                out.push('"');
            }
        }
        // Source code with string literals, escapes and indentation.
        2 => {
            let indent = rng.range(0, 3);
            for _ in 0..indent {
                out.push(if rng.chance(500) { '\t' } else { ' ' });
                out.push_str("   ");
            }
            let name = rng.pick(IDENTS);
            match rng.below(4) {
                0 => {
                    let _ = write!(out, "let {name} = map.get(\"");
                    out.push_str(mixer.word(rng));
                    out.push_str("\").unwrap_or(&default);");
                }
                1 => {
                    let _ = write!(out, "println!(\"{{}}: {{:?}}\\n\", \"{name}\", ");
                    out.push_str(rng.pick(IDENTS));
                    out.push_str(");");
                }
                2 => {
                    let _ = write!(
                        out,
                        "if {name}.len() > {} {{ return Err(\"",
                        rng.range(1, 4096)
                    );
                    let n = rng.range(2, 5);
                    push_words(out, rng, mixer, n);
                    out.push_str("\".into()); }");
                }
                _ => {
                    let _ = write!(
                        out,
                        "re = Regex::new(r\"^\\d{{{}}}-\\w+\\s*$\"); // ",
                        rng.range(1, 9)
                    );
                    let n = rng.range(2, 6);
                    push_words(out, rng, mixer, n);
                }
            }
        }
        // Log line with tabs.
        3 | 4 => {
            timestamp(out, rng);
            out.push('\t');
            out.push_str(rng.pick(LEVELS));
            let _ = write!(out, "\t[worker-{}]\t", rng.range(1, 16));
            let n = rng.range(3, 10);
            push_words(out, rng, mixer, n);
            let _ = write!(out, " in {} ms", rng.range(1, 2500));
        }
        // Windows path and a quoted identifier.
        5 => {
            let _ = write!(
                out,
                "C:\\Users\\{}\\projects\\{}\\{}\\{}.{}",
                rng.pick(NAMES),
                rng.pick(DIRS),
                rng.pick(DIRS),
                rng.pick(IDENTS),
                rng.pick(EXTS)
            );
            out.push_str(" \"");
            out.push_str(mixer.word(rng));
            out.push('"');
        }
        // JSON embedded in text (dense in escaped quotes).
        6 => {
            let _ = write!(out, "{{\"{}\": \"", rng.pick(IDENTS));
            out.push_str(mixer.word(rng));
            let _ = write!(
                out,
                "\", \"n\": {}, \"ok\": {}, \"tags\": [\"{}\", \"{}\"]}}",
                rng.range(0, 100_000),
                rng.chance(500),
                rng.pick(WORDS),
                mixer.word(rng)
            );
        }
        // ANSI-coloured test output.
        _ => {
            let pass = rng.chance(900);
            let _ = write!(
                out,
                "\u{1b}[{}m{}\u{1b}[0m {}::{}::",
                if pass { 32 } else { 31 },
                if pass { "PASS" } else { "FAIL" },
                rng.pick(DIRS),
                rng.pick(IDENTS)
            );
            out.push_str(mixer.word(rng));
            let _ = write!(out, " ({} ms)", rng.range(0, 900));
        }
    }
    out.push('\n');
}

/// Pre-escaped JSON string content, cut into lines that can be concatenated freely.
#[derive(Debug)]
pub(crate) struct TextPool {
    data: Vec<u8>,
    /// Start offset of each line in `data`, plus `data.len()` at the end.
    bounds: Vec<u32>,
}

impl TextPool {
    /// Builds a pool of about `size` bytes of escaped text.
    pub(crate) fn new(rng: &mut Rng, size: usize) -> TextPool {
        let mut data = Vec::with_capacity(size + 256);
        let mut bounds = vec![0u32];
        let mut mixer = Mixer {
            chars: 0,
            non_ascii: 0,
        };
        let mut line = String::new();
        while data.len() < size {
            line.clear();
            pool_line(&mut line, rng, &mut mixer);
            mixer.account(&line);
            let style = match rng.below(20) {
                0..=3 => EscapeStyle::AsciiOnly,
                4 => EscapeStyle::EscapedSlash,
                _ => EscapeStyle::Raw,
            };
            escape_into(&mut data, &line, style);
            bounds.push(data.len() as u32);
        }
        TextPool { data, bounds }
    }

    /// Appends whole pool lines (escaped) until at least `len` bytes were written, starting at
    /// a random line and wrapping around. Always writes at least one line.
    pub(crate) fn write_escaped(&self, rng: &mut Rng, len: usize, buf: &mut Vec<u8>) {
        let lines = self.bounds.len() - 1;
        let mut line = rng.index(lines);
        let mut written = 0usize;
        loop {
            let start = self.bounds[line] as usize;
            // Take as many consecutive lines as needed (or up to the end of the pool) at once.
            let want = start + (len - written.min(len));
            let end_line = match self.bounds[line + 1..].binary_search(&(want as u32)) {
                Ok(i) | Err(i) => (line + 1 + i).min(lines),
            };
            let end = self.bounds[end_line] as usize;
            buf.extend_from_slice(&self.data[start..end]);
            written += end - start;
            if written >= len {
                return;
            }
            line = if end_line >= lines { 0 } else { end_line };
        }
    }
}

/// A short phrase of `min..=max` words, ASCII words with the occasional non-ASCII one.
pub(crate) fn phrase(rng: &mut Rng, min: u64, max: u64) -> String {
    let n = rng.range(min, max);
    let mut out = String::new();
    for i in 0..n {
        if i > 0 {
            out.push(' ');
        }
        if rng.chance(40) {
            out.push_str(rng.pick(NON_ASCII));
        } else {
            out.push_str(rng.pick(WORDS));
        }
    }
    out
}

/// A phrase made of ASCII words only, at most `max_chars` characters and at least `min_chars`.
pub(crate) fn ascii_phrase(rng: &mut Rng, min_chars: usize, max_chars: usize) -> String {
    let mut out = String::new();
    let goal = rng.range(min_chars as u64, max_chars as u64) as usize;
    while out.len() < goal {
        if !out.is_empty() {
            out.push(' ');
        }
        out.push_str(rng.pick(WORDS));
    }
    out.truncate(max_chars);
    while out.ends_with(' ') {
        out.pop();
    }
    while out.len() < min_chars {
        out.push('x');
    }
    out
}

/// A lowercase slug such as `cache-worker-3`.
pub(crate) fn slug(rng: &mut Rng) -> String {
    let mut out = String::from(rng.pick(IDENTS));
    if rng.chance(600) {
        out.push('-');
        out.push_str(
            rng.pick(WORDS)
                .trim_matches(|c: char| !c.is_ascii_alphabetic()),
        );
    }
    if rng.chance(300) {
        use std::fmt::Write as _;
        let _ = write!(out, "-{}", rng.range(1, 99));
    }
    out
}

/// A relative source path such as `src/parser/lexer.rs`.
pub(crate) fn rel_path(rng: &mut Rng) -> String {
    use std::fmt::Write as _;
    let mut out = String::new();
    for _ in 0..rng.range(1, 3) {
        out.push_str(rng.pick(DIRS));
        out.push('/');
    }
    let _ = write!(out, "{}.{}", rng.pick(IDENTS), rng.pick(EXTS));
    out
}

/// A person's e-mail address on the fictitious `acme.dev` domain.
pub(crate) fn email(rng: &mut Rng) -> String {
    format!("{}.{}@acme.dev", rng.pick(NAMES), rng.pick(SURNAMES))
}

/// A person's display name.
pub(crate) fn person(rng: &mut Rng) -> String {
    let mut first = String::from(rng.pick(NAMES));
    let mut last = String::from(rng.pick(SURNAMES));
    capitalise(&mut first);
    capitalise(&mut last);
    format!("{first} {last}")
}

fn capitalise(word: &mut String) {
    if let Some(first) = word.get(0..1) {
        let upper = first.to_ascii_uppercase();
        word.replace_range(0..1, &upper);
    }
}

/// An RFC 3339 timestamp in 2025 (UTC or with an offset, sometimes with milliseconds).
pub(crate) fn date_time(rng: &mut Rng) -> String {
    use std::fmt::Write as _;
    let mut out = format!(
        "2025-{:02}-{:02}T{:02}:{:02}:{:02}",
        rng.range(1, 12),
        rng.range(1, 28),
        rng.range(0, 23),
        rng.range(0, 59),
        rng.range(0, 59)
    );
    if rng.chance(300) {
        let _ = write!(out, ".{:03}", rng.range(0, 999));
    }
    match rng.below(4) {
        0 => out.push_str("+02:00"),
        1 => out.push_str("-05:00"),
        _ => out.push('Z'),
    }
    out
}

/// A calendar date in 2025.
pub(crate) fn date(rng: &mut Rng) -> String {
    format!("2025-{:02}-{:02}", rng.range(1, 12), rng.range(1, 28))
}

/// An `https` URL on a fictitious documentation host, without query string.
pub(crate) fn url(rng: &mut Rng) -> String {
    let hosts = [
        "docs.acme.dev",
        "wiki.acme.dev",
        "status.acme.dev",
        "git.acme.dev",
    ];
    let mut out = format!("https://{}", rng.pick(&hosts));
    for _ in 0..rng.range(1, 3) {
        out.push('/');
        out.push_str(&slug(rng));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::{Rng, TextPool};

    #[test]
    fn pool_is_valid_json_string_content_with_target_non_ascii_share() {
        let mut rng = Rng::new(3, 0);
        let pool = TextPool::new(&mut rng, 256 * 1024);
        let whole: String =
            serde_json::from_slice(&[b"\"", &pool.data[..], b"\""].concat()).unwrap();
        let non_ascii = whole.chars().filter(|c| !c.is_ascii()).count();
        let per_mille = non_ascii * 1000 / whole.chars().count();
        assert!((40..=60).contains(&per_mille), "{per_mille}");
        let mut buf = b"\"".to_vec();
        pool.write_escaped(&mut rng, 100_000, &mut buf);
        assert!(buf.len() > 100_000);
        buf.push(b'"');
        assert!(!buf.contains(&b'\n'));
        let text: String = serde_json::from_slice(&buf).unwrap();
        assert!(text.contains('\n') && text.contains('\t') && text.contains('"'));
        assert!(text.contains('\\'));
    }

    #[test]
    fn payload_sizes_follow_request() {
        let mut rng = Rng::new(4, 0);
        let pool = TextPool::new(&mut rng, 64 * 1024);
        for len in [1, 10, 300, 5000, 200_000] {
            let mut buf = Vec::new();
            pool.write_escaped(&mut rng, len, &mut buf);
            assert!(buf.len() >= len);
            assert!(buf.len() < len + 1024, "{len} -> {}", buf.len());
        }
    }
}
