//! Inline suppressions: `mcpvet-ignore` comments in the inspected file.
//!
//! ```text
//! // mcpvet-ignore MCP210: started by our wrapper, which sets the folder   (JSONC)
//! # mcpvet-ignore MCP210, MCP212: reason                                    (TOML, YAML)
//! // mcpvet-ignore-file MCP101: fields of our fork of the client           (whole file)
//! ```
//!
//! A `mcpvet-ignore` comment applies to its own line when it ends a line of content, and
//! otherwise to the next line with content (so several comments may be stacked above one
//! line); a finding is suppressed when the line its primary span starts on is that line and
//! the comment names its rule (code or name). A `mcpvet-ignore-file` comment applies to the
//! whole file. The comment must start with the marker (`// see mcpvet-ignore` is a plain
//! comment); in a block comment (`/* */`) each line may hold one.
//!
//! Suppressions are applied by the inspections themselves (configurations, server
//! definitions, captures read whole), after the checks: every face honours them. A
//! suppression that names no rule, an unknown rule, or gives no reason is a finding of
//! `invalid-suppression` (MCP017); each rule named that suppressed nothing is a finding of
//! `unused-suppression` (MCP018). Those two are never suppressed by a comment.
use mcpvet_diagnostics::{Diagnostic, RuleCode};
use mcpvet_text::{SourceFile, Span};

mod comments;
pub(crate) mod rules;

use rules::{INVALID_SUPPRESSION, UNUSED_SUPPRESSION};

/// The marker every suppression comment starts with.
const MARKER: &str = "mcpvet-ignore";

/// Where the comments of the inspected file are.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Comments<'a> {
    /// JSON or JSONC: the comment spans the parser recorded, in file offsets.
    Json(&'a [Span]),
    /// TOML: `#` comments, found by scanning the text.
    Toml,
    /// YAML: `#` comments, found by scanning the text.
    Yaml,
}

/// One rule named by a suppression comment.
#[derive(Debug)]
struct Named {
    code: RuleCode,
    /// Where the code or name is written in the comment.
    span: Span,
    used: bool,
}

/// One suppression comment.
#[derive(Debug)]
struct Directive {
    /// `None`: the whole file (`mcpvet-ignore-file`); else the 1-based line it applies to.
    line: Option<u32>,
    rules: Vec<Named>,
}

/// Removes from `diagnostics` the findings the file's suppression comments suppress, adds
/// the findings about the comments themselves (MCP017, MCP018), keeps the list sorted by
/// position, and returns how many findings were suppressed.
pub(crate) fn apply(
    source: &SourceFile,
    comments: Comments<'_>,
    diagnostics: &mut Vec<Diagnostic>,
) -> usize {
    let text = source.text();
    if !source.has_text() || !text.contains(MARKER) {
        return 0;
    }
    let spans = match comments {
        Comments::Json(spans) => spans.to_vec(),
        Comments::Toml => comments::toml(text),
        Comments::Yaml => comments::yaml(text),
    };
    let (mut directives, mut found) = read_directives(source, &spans);
    if directives.is_empty() && found.is_empty() {
        return 0;
    }
    let line_index = source.line_index();
    let before = diagnostics.len();
    diagnostics.retain(|d| {
        let code = d.code();
        if is_meta(code) {
            return true;
        }
        let line = line_index.line_of(d.span().start);
        let mut suppressed = false;
        for directive in &mut directives {
            if directive.line.is_some_and(|l| l != line) {
                continue;
            }
            for named in &mut directive.rules {
                if named.code == code {
                    named.used = true;
                    suppressed = true;
                }
            }
        }
        !suppressed
    });
    let suppressed = before - diagnostics.len();
    for directive in &directives {
        for named in directive.rules.iter().filter(|n| !n.used) {
            let (message, help) = match directive.line {
                Some(line) => (
                    format!(
                        "`{MARKER} {}` suppresses nothing: no {} finding starts on line {line}",
                        named.code, named.code
                    ),
                    "remove the code from the comment, or move the comment to the line before \
                     the finding",
                ),
                None => (
                    format!(
                        "`{MARKER}-file {}` suppresses nothing: the file has no {} finding",
                        named.code, named.code
                    ),
                    "remove the code from the comment",
                ),
            };
            found.push(
                UNUSED_SUPPRESSION
                    .diagnostic(named.span, message)
                    .with_help(help),
            );
        }
    }
    diagnostics.append(&mut found);
    diagnostics.sort_by_key(|d| (d.span().start, d.span().end, d.code()));
    suppressed
}

/// The two rules about suppression comments, which no comment suppresses.
fn is_meta(code: RuleCode) -> bool {
    code == INVALID_SUPPRESSION.code || code == UNUSED_SUPPRESSION.code
}

/// The suppression comments among `comments`, and the findings about malformed ones.
fn read_directives(source: &SourceFile, comments: &[Span]) -> (Vec<Directive>, Vec<Diagnostic>) {
    let text = source.text();
    let mut directives = Vec::new();
    let mut found = Vec::new();
    let mut code_lines: Option<Vec<bool>> = None;
    for &comment in comments {
        let Some(body) = text.get(comment.range()) else {
            continue;
        };
        if !body.contains(MARKER) {
            continue;
        }
        for (at, piece) in pieces(body) {
            let start = comment.start + at as u32;
            let Some(parsed) = parse(piece, start, &mut found) else {
                continue;
            };
            let line = if parsed.file {
                None
            } else {
                let lines = code_lines.get_or_insert_with(|| code_lines_of(source, comments));
                Some(target_line(source, comment, lines))
            };
            directives.push(Directive {
                line,
                rules: parsed.rules,
            });
        }
    }
    (directives, found)
}

/// The parts of a comment that may start with the marker, with their offsets in it: the
/// text after `//` or `#`, or each line of a `/* */` comment (past a leading `*`).
fn pieces(body: &str) -> Vec<(usize, &str)> {
    let (open, inner) = if let Some(rest) = body.strip_prefix("/*") {
        (2, rest.strip_suffix("*/").unwrap_or(rest))
    } else if let Some(rest) = body.strip_prefix("//") {
        (2, rest)
    } else if let Some(rest) = body.strip_prefix('#') {
        (1, rest)
    } else {
        (0, body)
    };
    let mut out = Vec::new();
    let mut offset = open;
    for line in inner.split_inclusive('\n') {
        let trimmed = line.trim_start();
        let lead = line.len() - trimmed.len();
        let starred = trimmed.strip_prefix('*').map_or(trimmed, str::trim_start);
        let lead = lead + (trimmed.len() - starred.len());
        if starred.starts_with(MARKER) {
            out.push((offset + lead, starred.trim_end()));
        }
        offset += line.len();
    }
    out
}

/// What one suppression comment says.
struct Parsed {
    file: bool,
    rules: Vec<Named>,
}

/// Reads the suppression starting at `piece` (which starts with the marker; `start` is its
/// offset in the file). `None` when the marker is only the start of another word
/// (`mcpvet-ignored`); findings about a malformed suppression go to `found`.
fn parse(piece: &str, start: u32, found: &mut Vec<Diagnostic>) -> Option<Parsed> {
    let mut rest = &piece[MARKER.len()..];
    let file = rest.starts_with("-file");
    if file {
        rest = &rest[5..];
    }
    if !(rest.is_empty() || rest.starts_with([' ', '\t', ':', ','])) {
        return None;
    }
    let keyword = piece.len() - rest.len();
    let whole = Span::new(start, start + piece.len() as u32);
    let (codes, reason) = match rest.find(':') {
        Some(colon) => (&rest[..colon], Some(rest[colon + 1..].trim())),
        None => (rest, None),
    };
    let mut rules = Vec::new();
    let mut offset = keyword;
    for token in codes.split_inclusive([' ', '\t', ',']) {
        let word = token.trim_end_matches([' ', '\t', ',']);
        let span = Span::new(start + offset as u32, start + (offset + word.len()) as u32);
        offset += token.len();
        if word.is_empty() {
            continue;
        }
        match crate::registry::rule(word) {
            Some(rule) if is_meta(rule.code) => found.push(
                INVALID_SUPPRESSION
                    .diagnostic(
                        span,
                        format!("{} cannot be suppressed by a comment", rule.code),
                    )
                    .with_help(format!(
                        "turn it off for a whole project in mcpvet.toml: `[rules] {} = \"off\"`",
                        rule.code
                    )),
            ),
            Some(rule) => rules.push(Named {
                code: rule.code,
                span,
                used: false,
            }),
            None => {
                found.push(
                    INVALID_SUPPRESSION
                        .diagnostic(span, format!("`{word}` is not a rule code or name"))
                        .with_help("`mcpvet rules` lists every rule"),
                );
                // Without a `:`, the words after the codes are a reason without its colon.
                if reason.is_none() {
                    break;
                }
            }
        }
    }
    let name = if file { "mcpvet-ignore-file" } else { MARKER };
    if rules.is_empty() && !found.iter().any(|d| whole.contains(d.span().start)) {
        found.push(
            INVALID_SUPPRESSION
                .diagnostic(whole, format!("`{name}` names no rule"))
                .with_help(format!(
                    "write the rules and a reason: `{name} MCP210: why`"
                )),
        );
    } else if reason.is_none_or(str::is_empty) {
        found.push(
            INVALID_SUPPRESSION
                .diagnostic(whole, format!("`{name}` gives no reason"))
                .with_help(format!(
                    "say why after a colon: `{name} {}: why this is safe`",
                    rules
                        .iter()
                        .map(|r| r.code.as_str())
                        .collect::<Vec<_>>()
                        .join(", ")
                )),
        );
    }
    Some(Parsed { file, rules })
}

/// For every line of the file (0-based), whether it holds anything but blanks and comments.
fn code_lines_of(source: &SourceFile, comments: &[Span]) -> Vec<bool> {
    let text = source.text().as_bytes();
    let line_index = source.line_index();
    let mut lines = vec![false; line_index.line_count() as usize + 1];
    let mut comment = comments.iter().peekable();
    let mut i = 0usize;
    while i < text.len() {
        while comment.peek().is_some_and(|c| (c.end as usize) <= i) {
            comment.next();
        }
        if let Some(c) = comment.peek()
            && (c.start as usize) <= i
        {
            i = c.end as usize;
            continue;
        }
        if !text[i].is_ascii_whitespace() {
            let line = line_index.line_of(i as u32) as usize;
            if let Some(slot) = lines.get_mut(line) {
                *slot = true;
            }
            // The rest of this line adds nothing.
            i = text[i..]
                .iter()
                .position(|&b| b == b'\n')
                .map_or(text.len(), |p| i + p);
            continue;
        }
        i += 1;
    }
    lines
}

/// The line a `mcpvet-ignore` comment applies to: its own when content comes before it on
/// its line, else the next line with content (the line it ends on, when content follows a
/// block comment there).
fn target_line(source: &SourceFile, comment: Span, code_lines: &[bool]) -> u32 {
    let line_index = source.line_index();
    let line = line_index.line_of(comment.start);
    let line_start = line_index.line_start(line).unwrap_or(0);
    let before = source
        .text()
        .get(line_start as usize..comment.start as usize)
        .unwrap_or("");
    if !before.trim().is_empty() {
        return line;
    }
    (line + 1..code_lines.len() as u32)
        .find(|&l| code_lines.get(l as usize).copied().unwrap_or(false))
        .unwrap_or(line + 1)
}

#[cfg(test)]
mod tests {
    use mcpvet_diagnostics::Severity;

    use super::*;

    fn finding(text: &str, at: &str, code: &'static str) -> Diagnostic {
        let start = text.find(at).unwrap() as u32;
        Diagnostic::new(
            RuleCode::new(code),
            Severity::Warning,
            Span::new(start, start + at.len() as u32),
            "m",
        )
    }

    fn run(text: &str, comments: Comments<'_>, mut found: Vec<Diagnostic>) -> (usize, Vec<String>) {
        let source = SourceFile::new("f", text).unwrap();
        let n = apply(&source, comments, &mut found);
        let rest = found
            .iter()
            .map(|d| {
                let line = source.line_index().line_of(d.span().start);
                format!("{}@{line}: {}", d.code(), d.message())
            })
            .collect();
        (n, rest)
    }

    #[test]
    fn line_before_end_of_line_and_file() {
        let text = "\
[a]
# mcpvet-ignore MCP210: reviewed
# mcpvet-ignore relative-path-without-cwd, MCP212: stacked

command = \"x\"
url = \"y\" # mcpvet-ignore MCP205, MCP216: internal
other = 1
# mcpvet-ignore-file MCP101: our fork reads these
";
        let found = vec![
            finding(text, "command", "MCP210"),
            finding(text, "command", "MCP212"),
            finding(text, "url", "MCP205"),
            finding(text, "other", "MCP205"),
            finding(text, "other", "MCP101"),
            finding(text, "[a]", "MCP101"),
        ];
        let (n, rest) = run(text, Comments::Toml, found);
        assert_eq!(n, 5);
        assert_eq!(
            rest,
            [
                // Both stacked comments apply to line 5; the end-of-line one to its own line.
                "MCP018@6: `mcpvet-ignore MCP216` suppresses nothing: no MCP216 finding starts on line 6",
                "MCP205@7: m",
            ]
        );
    }

    #[test]
    fn malformed_suppressions() {
        let text = "{\n  // mcpvet-ignore MCP210\n  \"a\": 1, /* mcpvet-ignore MCP999, MCP210: x */\n  // mcpvet-ignore: why\n  // mcpvet-ignore MCP018: no\n  \"b\": 2 // mcpvet-ignored is not a marker\n}\n";
        let doc = mcpvet_json::parse(text, &mcpvet_json::JsonOptions::jsonc()).value;
        let found = vec![finding(text, "\"a\"", "MCP210")];
        let (n, rest) = run(text, Comments::Json(doc.comments()), found);
        assert_eq!(n, 1);
        assert_eq!(
            rest,
            [
                "MCP017@2: `mcpvet-ignore` gives no reason",
                "MCP017@3: `MCP999` is not a rule code or name",
                "MCP017@4: `mcpvet-ignore` names no rule",
                "MCP017@5: MCP018 cannot be suppressed by a comment",
            ]
        );
    }

    #[test]
    fn block_comment_lines_and_yaml() {
        let text = "/*\n * mcpvet-ignore MCP101: a\n */\n{\"x\": 1}\n";
        let doc = mcpvet_json::parse(text, &mcpvet_json::JsonOptions::jsonc()).value;
        let (n, rest) = run(
            text,
            Comments::Json(doc.comments()),
            vec![finding(text, "\"x\"", "MCP101")],
        );
        assert_eq!((n, rest.len()), (1, 0));
        let yaml = "mcpServers:\n  # mcpvet-ignore MCP210: ok\n  docs:\n    command: x\n";
        let (n, rest) = run(yaml, Comments::Yaml, vec![finding(yaml, "docs", "MCP210")]);
        assert_eq!((n, rest.len()), (1, 0));
        // No marker: nothing happens, whatever the findings.
        let (n, rest) = run(
            "{}",
            Comments::Json(&[]),
            vec![finding("{}", "{", "MCP210")],
        );
        assert_eq!((n, rest.len()), (0, 1));
    }
}
