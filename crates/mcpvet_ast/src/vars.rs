//! Variable references inside strings: `${VAR}`, `${VAR:-default}`, `$VAR`, `${env:X}`,
//! `${input:id}`, `${workspaceFolder}` and the other predefined editor variables, `${file:/p}`,
//! `${user_config.KEY}` (MCPB manifests), `${{ secrets.X }}`, `{env:X}`, `{{ x }}` and `%VAR%`.
//!
//! [`parse`] splits a text into [`Part`]s: literal text and [`VarRef`]s, each with its span.
//! [`parse_string`] does the same for a JSON string node and gives spans in the original file:
//! it maps offsets in the decoded value back through escapes (`\"`, `\\`, `\u0024`...), so a
//! reference written as `"\u0024{TOKEN}"` points at the ten source bytes that produce it.
//! [`expansion`](crate::config::expansion::expansion) says whether a client dialect expands
//! a syntax, so a check can report a reference that the client would send literally.
//!
//! One file: the lexer is about 540 lines, its tests (one per syntax and edge) the rest.
//!
//! # Recognition rules
//!
//! The scanner reads left to right; text that does not form a reference stays literal.
//!
//! - `${{ expr }}` (GitHub Actions style, used by Continue): `expr` is a dotted path of
//!   identifiers such as `secrets.API_KEY` or `inputs.token`, spaces allowed around it.
//! - `${...}` up to the matching `}` (braces inside a default nest):
//!   - `${env:NAME}`, `${input:ID}`, `${file:PATH}`, `${config:NAME}`, `${command:ID}`: the
//!     part after the colon is the name; it must be non-empty and hold no whitespace (a
//!     `file:` path may hold spaces);
//!   - `${user_config.KEY}` (a setting of an MCPB desktop extension): `KEY` is everything
//!     after the dot, non-empty, without whitespace or braces;
//!   - a predefined editor variable (`${workspaceFolder}`, `${userHome}`, `${/}`, `${cwd}`...,
//!     see [`PREDEFINED`]), also the multi-root form `${workspaceFolder:name}`;
//!   - `${NAME}` with `NAME` an identifier (`[A-Za-z_][A-Za-z0-9_]*`);
//!   - `${NAME:-default}`: the default is everything up to the matching brace, kept as text
//!     (references inside it are not split further).
//!
//!   Anything else (`${}`, `${1}`, `${ A }`, `${A:=x}`, an unclosed `${`) is literal.
//! - `$NAME` with `NAME` an identifier, only at the start or after a character that is not an
//!   ASCII letter or digit: `$HOME` is a reference, but `Outer$Inner`, `pa$word`, `$1`, `^a$`
//!   and a lone `$` are literal. `$$` and `\$` are literal (shell escapes).
//! - `%NAME%` (Windows `cmd`) with `NAME` starting with a letter or `_` and made of letters,
//!   digits, `_` and parentheses (`%ProgramFiles(x86)%`); two hex digits (`%E2%` in a
//!   percent-encoded URL) are not a name; `%%` and a lone `%` are literal.
//! - `{env:NAME}` and `{file:PATH}` (`OpenCode`), when not preceded by `$`.
//! - `{{ expr }}` (Go / Handlebars templates, `LibreChat`): `expr` non-empty, on one line,
//!   without braces.
use mcpvet_json::Value;
use mcpvet_text::Span;

/// The syntax of a variable reference.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum VarSyntax {
    /// `${VAR}`: Claude Code, Copilot, Gemini CLI, Kiro, shells.
    Braced,
    /// `${VAR:-default}`: Claude Code, shells.
    BracedDefault,
    /// `$VAR`: Gemini CLI, shells.
    Dollar,
    /// `${env:VAR}`: VS Code, Cursor, Windsurf, Cline, Roo Code.
    Env,
    /// `${input:id}`: VS Code only; must match an `inputs[].id`.
    Input,
    /// `${workspaceFolder}`, `${userHome}`, `${/}`...: VS Code and Cursor (see [`PREDEFINED`]).
    Predefined,
    /// `${file:/path}`: Windsurf (the value is read from the file).
    File,
    /// `${config:name}`: VS Code (a settings value).
    Config,
    /// `${command:id}`: VS Code (the result of a command).
    Command,
    /// `${{ secrets.X }}`, `${{ inputs.X }}`: Continue, GitHub Actions.
    Actions,
    /// `{env:X}`: `OpenCode`.
    BraceEnv,
    /// `{file:path}`: `OpenCode`.
    BraceFile,
    /// `{{ expr }}`: Go / Handlebars templates (`LibreChat`, Vault and Consul examples).
    Template,
    /// `%VAR%`: Windows `cmd` (expanded when the server runs through `cmd /c`).
    Percent,
    /// `${user_config.KEY}`: a setting of an MCPB desktop extension, substituted by the
    /// client that installs it (in `server.mcp_config` of its `manifest.json`).
    UserConfig,
}

impl VarSyntax {
    /// Every syntax, in declaration order.
    pub const ALL: [VarSyntax; 15] = [
        VarSyntax::Braced,
        VarSyntax::BracedDefault,
        VarSyntax::Dollar,
        VarSyntax::Env,
        VarSyntax::Input,
        VarSyntax::Predefined,
        VarSyntax::File,
        VarSyntax::Config,
        VarSyntax::Command,
        VarSyntax::Actions,
        VarSyntax::BraceEnv,
        VarSyntax::BraceFile,
        VarSyntax::Template,
        VarSyntax::Percent,
        VarSyntax::UserConfig,
    ];

    /// A stable kebab-case name (`braced`, `braced-default`, `env`...).
    pub const fn name(self) -> &'static str {
        match self {
            VarSyntax::Braced => "braced",
            VarSyntax::BracedDefault => "braced-default",
            VarSyntax::Dollar => "dollar",
            VarSyntax::Env => "env",
            VarSyntax::Input => "input",
            VarSyntax::Predefined => "predefined",
            VarSyntax::File => "file",
            VarSyntax::Config => "config",
            VarSyntax::Command => "command",
            VarSyntax::Actions => "actions",
            VarSyntax::BraceEnv => "brace-env",
            VarSyntax::BraceFile => "brace-file",
            VarSyntax::Template => "template",
            VarSyntax::Percent => "percent",
            VarSyntax::UserConfig => "user-config",
        }
    }

    /// The syntax written out with a placeholder name, for messages (`${VAR}`, `${env:VAR}`).
    pub const fn example(self) -> &'static str {
        match self {
            VarSyntax::Braced => "${VAR}",
            VarSyntax::BracedDefault => "${VAR:-default}",
            VarSyntax::Dollar => "$VAR",
            VarSyntax::Env => "${env:VAR}",
            VarSyntax::Input => "${input:id}",
            VarSyntax::Predefined => "${workspaceFolder}",
            VarSyntax::File => "${file:/path}",
            VarSyntax::Config => "${config:name}",
            VarSyntax::Command => "${command:id}",
            VarSyntax::Actions => "${{ secrets.NAME }}",
            VarSyntax::BraceEnv => "{env:VAR}",
            VarSyntax::BraceFile => "{file:path}",
            VarSyntax::Template => "{{ name }}",
            VarSyntax::Percent => "%VAR%",
            VarSyntax::UserConfig => "${user_config.key}",
        }
    }

    /// Whether a shell started by the server command could still expand it when the client
    /// does not: `$VAR`, `${VAR}` and `${VAR:-d}` under `sh -c`, `%VAR%` under `cmd /c`.
    pub const fn shell_expandable(self) -> bool {
        matches!(
            self,
            VarSyntax::Braced | VarSyntax::BracedDefault | VarSyntax::Dollar | VarSyntax::Percent
        )
    }
}

/// The predefined editor variables recognised as `${name}` ([`VarSyntax::Predefined`]).
///
/// VS Code resolves all of them in `mcp.json`; Cursor documents `workspaceFolder`,
/// `workspaceFolderBasename`, `userHome`, `pathSeparator` and `/`; Roo Code resolves
/// `workspaceFolder`.
pub const PREDEFINED: [&str; 22] = [
    "workspaceFolder",
    "workspaceFolderBasename",
    "userHome",
    "pathSeparator",
    "/",
    "cwd",
    "file",
    "fileWorkspaceFolder",
    "relativeFile",
    "relativeFileDirname",
    "fileBasename",
    "fileBasenameNoExtension",
    "fileExtname",
    "fileDirname",
    "fileDirnameBasename",
    "lineNumber",
    "columnNumber",
    "selectedText",
    "execPath",
    "execInstallFolder",
    "defaultBuildTask",
    "extensionInstallFolder",
];

/// One variable reference found in a string.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct VarRef {
    /// How it is written.
    pub syntax: VarSyntax,
    /// The variable: `VAR` for `${VAR}`, `id` for `${input:id}`, `secrets.X` for
    /// `${{ secrets.X }}`, `workspaceFolder` for `${workspaceFolder}`, the path for
    /// `${file:/p}`, `KEY` for `${user_config.KEY}`.
    pub name: String,
    /// The default of `${VAR:-default}` (possibly empty), as written.
    pub default: Option<String>,
    /// The whole reference, `$` (or `{`, `%`) to the closing character.
    pub span: Span,
    /// The name alone.
    pub name_span: Span,
    /// The default alone (after `:-`).
    pub default_span: Option<Span>,
}

/// A piece of a string: literal text or a reference.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Part {
    /// Text sent as written (decoded: escapes already applied).
    Literal {
        /// The decoded text.
        text: String,
        /// Where it is written.
        span: Span,
    },
    /// A variable reference.
    Ref(VarRef),
}

impl Part {
    /// The span of the part.
    pub fn span(&self) -> Span {
        match self {
            Part::Literal { span, .. } => *span,
            Part::Ref(r) => r.span,
        }
    }

    /// The reference, if this part is one.
    pub fn as_ref(&self) -> Option<&VarRef> {
        match self {
            Part::Ref(r) => Some(r),
            Part::Literal { .. } => None,
        }
    }
}

/// Splits `text` into literal parts and references; spans are relative to the start of `text`.
///
/// An empty text has no part.
///
/// ```
/// use mcpvet_ast::vars::{parse, Part, VarSyntax};
///
/// let parts = parse("Bearer ${env:TOKEN}");
/// assert_eq!(parts.len(), 2);
/// let Part::Ref(r) = &parts[1] else { panic!() };
/// assert_eq!((r.syntax, r.name.as_str()), (VarSyntax::Env, "TOKEN"));
/// assert_eq!(r.span.range(), 7..19);
/// ```
pub fn parse(text: &str) -> Vec<Part> {
    scan(text, |i| i as u32)
}

/// The decoded value of a JSON string node and its parts, with spans in the node's document;
/// `None` when the node is not a string.
pub fn parse_string(value: Value<'_>) -> Option<(String, Vec<Part>)> {
    let decoded = value.decoded()?;
    let parts = scan(decoded.text(), |i| decoded.offset(i));
    Some((decoded.into_text().into_owned(), parts))
}

/// Whether `parts` hold at least one reference.
pub fn has_refs(parts: &[Part]) -> bool {
    parts.iter().any(|p| matches!(p, Part::Ref(_)))
}

/// Whether `parts` are one reference, optionally surrounded by whitespace.
pub fn is_only_ref(parts: &[Part]) -> bool {
    let mut refs = 0;
    for part in parts {
        match part {
            Part::Ref(_) => refs += 1,
            Part::Literal { text, .. } if text.trim().is_empty() => {}
            Part::Literal { .. } => return false,
        }
    }
    refs == 1
}

// ----- scanner ------------------------------------------------------------------------------

fn is_ident_start(b: u8) -> bool {
    b.is_ascii_alphabetic() || b == b'_'
}

fn is_ident_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_'
}

fn is_ident(s: &str) -> bool {
    let b = s.as_bytes();
    !b.is_empty() && is_ident_start(b[0]) && b[1..].iter().all(|&c| is_ident_byte(c))
}

/// `a.b.c` with identifier segments (dashes allowed after the first character).
fn is_dotted_path(s: &str) -> bool {
    !s.is_empty()
        && s.split('.').all(|seg| {
            let b = seg.as_bytes();
            !b.is_empty()
                && is_ident_start(b[0])
                && b[1..].iter().all(|&c| is_ident_byte(c) || c == b'-')
        })
}

/// A candidate reference found at a position: its end (exclusive) and pieces, as decoded
/// byte offsets.
struct Found {
    end: usize,
    syntax: VarSyntax,
    name: (usize, usize),
    default: Option<(usize, usize)>,
}

/// Splits `s`; `map(i)` turns a decoded offset (a char boundary of `s`, or `s.len()`) into a
/// source offset.
fn scan(s: &str, map: impl Fn(usize) -> u32) -> Vec<Part> {
    let b = s.as_bytes();
    let mut parts = Vec::new();
    let mut lit_start = 0;
    let mut i = 0;
    while i < b.len() {
        let found = match b[i] {
            b'$' => match b.get(i + 1) {
                Some(b'$') => {
                    i += 2;
                    continue;
                }
                Some(b'{') => dollar_brace(s, i),
                Some(&c) if is_ident_start(c) && (i == 0 || !b[i - 1].is_ascii_alphanumeric()) => {
                    let mut end = i + 1;
                    while end < b.len() && is_ident_byte(b[end]) {
                        end += 1;
                    }
                    Some(Found {
                        end,
                        syntax: VarSyntax::Dollar,
                        name: (i + 1, end),
                        default: None,
                    })
                }
                _ => None,
            },
            b'\\' if b.get(i + 1) == Some(&b'$') => {
                i += 2;
                continue;
            }
            b'%' => {
                if b.get(i + 1) == Some(&b'%') {
                    i += 2;
                    continue;
                }
                percent(s, i)
            }
            b'{' if i == 0 || b[i - 1] != b'$' => brace(s, i),
            _ => None,
        };
        match found {
            Some(f) => {
                if lit_start < i {
                    parts.push(Part::Literal {
                        text: s[lit_start..i].to_owned(),
                        span: Span::new(map(lit_start), map(i)),
                    });
                }
                parts.push(Part::Ref(VarRef {
                    syntax: f.syntax,
                    name: s[f.name.0..f.name.1].to_owned(),
                    default: f.default.map(|(a, z)| s[a..z].to_owned()),
                    span: Span::new(map(i), map(f.end)),
                    name_span: Span::new(map(f.name.0), map(f.name.1)),
                    default_span: f.default.map(|(a, z)| Span::new(map(a), map(z))),
                }));
                i = f.end;
                lit_start = i;
            }
            // Every trigger byte is ASCII, so stepping one byte keeps `i` on a boundary
            // whenever a reference can start.
            None => i += 1,
        }
    }
    if lit_start < b.len() {
        parts.push(Part::Literal {
            text: s[lit_start..].to_owned(),
            span: Span::new(map(lit_start), map(b.len())),
        });
    }
    parts
}

/// `${...}` and `${{ ... }}` at `i`.
fn dollar_brace(s: &str, i: usize) -> Option<Found> {
    let b = s.as_bytes();
    if b.get(i + 2) == Some(&b'{') {
        // ${{ expr }}
        let inner_start = i + 3;
        let close = s[inner_start..].find("}}")? + inner_start;
        let inner = &s[inner_start..close];
        let trimmed = inner.trim();
        if !is_dotted_path(trimmed) {
            return None;
        }
        let lead = inner.len() - inner.trim_start().len();
        let name_start = inner_start + lead;
        return Some(Found {
            end: close + 2,
            syntax: VarSyntax::Actions,
            name: (name_start, name_start + trimmed.len()),
            default: None,
        });
    }
    let inner_start = i + 2;
    // The matching brace: `{` inside (a nested default) must be closed first.
    let mut depth = 0usize;
    let mut close = None;
    for (j, &c) in b.iter().enumerate().skip(inner_start) {
        match c {
            b'{' => depth += 1,
            b'}' if depth == 0 => {
                close = Some(j);
                break;
            }
            b'}' => depth -= 1,
            _ => {}
        }
    }
    let close = close?;
    let inner = &s[inner_start..close];
    let end = close + 1;
    let whole = (inner_start, close);
    for (prefix, syntax) in [
        ("env:", VarSyntax::Env),
        ("input:", VarSyntax::Input),
        ("file:", VarSyntax::File),
        ("config:", VarSyntax::Config),
        ("command:", VarSyntax::Command),
    ] {
        if let Some(rest) = inner.strip_prefix(prefix) {
            let bad = rest.is_empty()
                || rest.contains(['{', '}'])
                || (syntax != VarSyntax::File && rest.contains(char::is_whitespace));
            if bad {
                return None;
            }
            return Some(Found {
                end,
                syntax,
                name: (inner_start + prefix.len(), close),
                default: None,
            });
        }
    }
    if let Some(key) = inner.strip_prefix("user_config.") {
        if key.is_empty() || key.contains(char::is_whitespace) || key.contains('{') {
            return None;
        }
        return Some(Found {
            end,
            syntax: VarSyntax::UserConfig,
            name: (inner_start + "user_config.".len(), close),
            default: None,
        });
    }
    let scoped = inner.split_once(':').is_some_and(|(head, tail)| {
        matches!(head, "workspaceFolder" | "workspaceFolderBasename")
            && !tail.is_empty()
            && !tail.starts_with('-')
            && !tail.contains(['{', '}'])
    });
    if PREDEFINED.contains(&inner) || scoped {
        return Some(Found {
            end,
            syntax: VarSyntax::Predefined,
            name: whole,
            default: None,
        });
    }
    if is_ident(inner) {
        return Some(Found {
            end,
            syntax: VarSyntax::Braced,
            name: whole,
            default: None,
        });
    }
    let (name, _) = inner.split_once(":-")?;
    if !is_ident(name) {
        return None;
    }
    let default_start = inner_start + name.len() + 2;
    Some(Found {
        end,
        syntax: VarSyntax::BracedDefault,
        name: (inner_start, inner_start + name.len()),
        default: Some((default_start, close)),
    })
}

/// `%NAME%` at `i`.
fn percent(s: &str, i: usize) -> Option<Found> {
    let b = s.as_bytes();
    let start = i + 1;
    if !b.get(start).copied().is_some_and(is_ident_start) {
        return None;
    }
    let mut end = start;
    while end < b.len() && (is_ident_byte(b[end]) || b[end] == b'(' || b[end] == b')') {
        end += 1;
    }
    if b.get(end) != Some(&b'%') {
        return None;
    }
    let name = &s[start..end];
    if name.len() == 2 && name.bytes().all(|c| c.is_ascii_hexdigit()) {
        return None;
    }
    Some(Found {
        end: end + 1,
        syntax: VarSyntax::Percent,
        name: (start, end),
        default: None,
    })
}

/// `{env:X}`, `{file:p}` and `{{ expr }}` at `i`.
fn brace(s: &str, i: usize) -> Option<Found> {
    let b = s.as_bytes();
    if b.get(i + 1) == Some(&b'{') {
        let inner_start = i + 2;
        let close = s[inner_start..].find("}}")? + inner_start;
        let inner = &s[inner_start..close];
        let trimmed = inner.trim();
        if trimmed.is_empty() || inner.contains(['{', '}', '\n', '\r']) {
            return None;
        }
        let lead = inner.len() - inner.trim_start().len();
        let name_start = inner_start + lead;
        return Some(Found {
            end: close + 2,
            syntax: VarSyntax::Template,
            name: (name_start, name_start + trimmed.len()),
            default: None,
        });
    }
    let inner_start = i + 1;
    let close = s[inner_start..].find('}')? + inner_start;
    let inner = &s[inner_start..close];
    let (prefix, syntax) = if inner.starts_with("env:") {
        ("env:", VarSyntax::BraceEnv)
    } else if inner.starts_with("file:") {
        ("file:", VarSyntax::BraceFile)
    } else {
        return None;
    };
    let rest = &inner[prefix.len()..];
    if rest.is_empty()
        || rest.contains('{')
        || (syntax == VarSyntax::BraceEnv && rest.contains(char::is_whitespace))
    {
        return None;
    }
    Some(Found {
        end: close + 1,
        syntax,
        name: (inner_start + prefix.len(), close),
        default: None,
    })
}

#[cfg(test)]
mod tests {
    use mcpvet_json::{JsonOptions, ValueKind, parse as parse_json};

    use super::*;

    /// (syntax, name, default, source slice) of every reference.
    fn refs(text: &str) -> Vec<(VarSyntax, String, Option<String>, String)> {
        parse(text)
            .iter()
            .filter_map(Part::as_ref)
            .map(|r| {
                (
                    r.syntax,
                    r.name.clone(),
                    r.default.clone(),
                    text[r.span.range()].to_owned(),
                )
            })
            .collect()
    }

    #[track_caller]
    fn one(text: &str, syntax: VarSyntax, name: &str) {
        let found = refs(text);
        assert_eq!(found.len(), 1, "{text:?}: {found:?}");
        assert_eq!(found[0].0, syntax, "{text:?}");
        assert_eq!(found[0].1, name, "{text:?}");
    }

    #[track_caller]
    fn none(text: &str) {
        let parts = parse(text);
        assert!(!has_refs(&parts), "{text:?}: {parts:?}");
        if !text.is_empty() {
            assert_eq!(parts.len(), 1, "{text:?}");
        }
    }

    #[test]
    fn every_syntax() {
        one("${VAR}", VarSyntax::Braced, "VAR");
        one("${lower_case1}", VarSyntax::Braced, "lower_case1");
        one("${env:GITHUB_TOKEN}", VarSyntax::Env, "GITHUB_TOKEN");
        one(
            "${input:home-assistant-token}",
            VarSyntax::Input,
            "home-assistant-token",
        );
        one(
            "${workspaceFolder}",
            VarSyntax::Predefined,
            "workspaceFolder",
        );
        one(
            "${workspaceFolder:api}",
            VarSyntax::Predefined,
            "workspaceFolder:api",
        );
        one("${userHome}", VarSyntax::Predefined, "userHome");
        one(
            "${workspaceFolderBasename}",
            VarSyntax::Predefined,
            "workspaceFolderBasename",
        );
        one("${pathSeparator}", VarSyntax::Predefined, "pathSeparator");
        one("${/}", VarSyntax::Predefined, "/");
        one("${cwd}", VarSyntax::Predefined, "cwd");
        one(
            "${file:/run/secrets/token}",
            VarSyntax::File,
            "/run/secrets/token",
        );
        one(
            "${file:C:\\My Secrets\\t.txt}",
            VarSyntax::File,
            "C:\\My Secrets\\t.txt",
        );
        one("${config:python.path}", VarSyntax::Config, "python.path");
        one("${command:pickFile}", VarSyntax::Command, "pickFile");
        one(
            "${{ secrets.API_KEY }}",
            VarSyntax::Actions,
            "secrets.API_KEY",
        );
        one("${{inputs.token}}", VarSyntax::Actions, "inputs.token");
        one("{env:OPENAI_KEY}", VarSyntax::BraceEnv, "OPENAI_KEY");
        one(
            "{file:~/.secrets/key}",
            VarSyntax::BraceFile,
            "~/.secrets/key",
        );
        one(
            "{{ HOMEASSISTANT_URL }}",
            VarSyntax::Template,
            "HOMEASSISTANT_URL",
        );
        one("{{ secret \"db\" }}", VarSyntax::Template, "secret \"db\"");
        one("%APPDATA%", VarSyntax::Percent, "APPDATA");
        one(
            "%ProgramFiles(x86)%\\x",
            VarSyntax::Percent,
            "ProgramFiles(x86)",
        );
        one("$HOME/bin", VarSyntax::Dollar, "HOME");
        let with_default = refs("${API_URL:-https://x.invalid/mcp}");
        assert_eq!(with_default[0].0, VarSyntax::BracedDefault);
        assert_eq!(with_default[0].1, "API_URL");
        assert_eq!(with_default[0].2.as_deref(), Some("https://x.invalid/mcp"));
        let empty_default = refs("${A:-}");
        assert_eq!(empty_default[0].2.as_deref(), Some(""));
        let nested = refs("${A:-${B}}x");
        assert_eq!(nested.len(), 1);
        assert_eq!(nested[0].2.as_deref(), Some("${B}"));
        assert_eq!(nested[0].3, "${A:-${B}}");
    }

    #[test]
    fn parts_and_spans() {
        let text = "Bearer ${input:tok} and $USER!";
        let parts = parse(text);
        let pieces: Vec<&str> = parts.iter().map(|p| &text[p.span().range()]).collect();
        assert_eq!(pieces, ["Bearer ", "${input:tok}", " and ", "$USER", "!"]);
        let Part::Ref(r) = &parts[1] else { panic!() };
        assert_eq!(&text[r.name_span.range()], "tok");
        let Part::Literal { text: lit, .. } = &parts[4] else {
            panic!()
        };
        assert_eq!(lit, "!");
        assert!(parse("").is_empty());
        assert!(is_only_ref(&parse(" ${X} ")));
        assert!(!is_only_ref(&parse("Bearer ${X}")));
        assert!(!is_only_ref(&parse("${X}${Y}")));
        let d = &refs("${A:-dflt}")[0];
        assert_eq!(d.3, "${A:-dflt}");
        let parts = parse("${A:-dflt}");
        let Part::Ref(r) = &parts[0] else { panic!() };
        assert_eq!(r.default_span.map(Span::range), Some(5..9));
    }

    #[test]
    fn not_references() {
        for text in [
            "plain",
            "$",
            "$1",
            "$$HOME",
            "\\$HOME",
            "^\\d+$",
            "(a|b)$",
            "Outer$Inner",
            "pa$word",
            "price: $5",
            "${}",
            "${1}",
            "${ A }",
            "${A:=x}",
            "${A-x}",
            "${unclosed",
            "${env:}",
            "${env:A B}",
            "${input:}",
            "${{ not a path! }}",
            "${{ secrets.X }",
            "100%",
            "50% off, 20% more",
            "%%",
            "%%PATH%%",
            "%1%",
            "%~dp0",
            "a%20b%20c",
            "%E2%80%99",
            "caf%C3%A9",
            "{\"a\": 1}",
            "{env:}",
            "{env: X}",
            "{{}}",
            "{{ }}",
            "{unrelated}",
        ] {
            none(text);
        }
    }

    #[test]
    fn mcpb_manifest_variables() {
        one("${user_config.api_key}", VarSyntax::UserConfig, "api_key");
        one(
            "${user_config.allowed-directories}",
            VarSyntax::UserConfig,
            "allowed-directories",
        );
        one(
            "${__dirname}/server/index.js",
            VarSyntax::Braced,
            "__dirname",
        );
        one("${HOME}/Documents", VarSyntax::Braced, "HOME");
        one("${DOWNLOADS}", VarSyntax::Braced, "DOWNLOADS");
        one("${pathSeparator}", VarSyntax::Predefined, "pathSeparator");
        let text = "--workspace=${user_config.workspace_directory}${/}data";
        let parts = parse(text);
        let pieces: Vec<&str> = parts.iter().map(|p| &text[p.span().range()]).collect();
        assert_eq!(
            pieces,
            [
                "--workspace=",
                "${user_config.workspace_directory}",
                "${/}",
                "data"
            ]
        );
        let Part::Ref(r) = &parts[1] else { panic!() };
        assert_eq!(&text[r.name_span.range()], "workspace_directory");
        for text in [
            "${user_config.}",
            "${user_config.a b}",
            "${arguments.topic}",
        ] {
            none(text);
        }
        // Through a JSON string with an escape, the name points into the source.
        let json = r#""\u0024{user_config.token}""#;
        let (value, parts) = json_parts(json);
        assert_eq!(value, "${user_config.token}");
        let r = parts[0].as_ref().unwrap();
        assert_eq!(&json[r.span.range()], r"\u0024{user_config.token}");
        assert_eq!(&json[r.name_span.range()], "token");
    }

    #[test]
    fn dollar_after_punctuation_is_a_reference() {
        one("--token=$TOKEN", VarSyntax::Dollar, "TOKEN");
        one("a/$B", VarSyntax::Dollar, "B");
        one("x${Y}", VarSyntax::Braced, "Y");
        one("%%%PATH%", VarSyntax::Percent, "PATH");
    }

    /// A JSON document with one string and the parts of that string.
    fn json_parts(json: &str) -> (String, Vec<Part>) {
        let outcome = parse_json(json, &JsonOptions::jsonc());
        let root = outcome.value.root().unwrap();
        parse_string(root).unwrap()
    }

    #[test]
    fn spans_map_through_escapes() {
        // `\u0024` is `$`; `\"` and `\\` shift every later offset.
        let json = r#""say \"hi\" \u0024{TOKEN} \\ ${env:HOME}\/x""#;
        let (value, parts) = json_parts(json);
        assert_eq!(value, "say \"hi\" ${TOKEN} \\ ${env:HOME}/x");
        let slices: Vec<&str> = parts.iter().map(|p| &json[p.span().range()]).collect();
        assert_eq!(
            slices,
            [
                r#"say \"hi\" "#,
                r"\u0024{TOKEN}",
                r" \\ ",
                "${env:HOME}",
                r"\/x"
            ]
        );
        let refs: Vec<&VarRef> = parts.iter().filter_map(Part::as_ref).collect();
        assert_eq!(&json[refs[0].name_span.range()], "TOKEN");
        assert_eq!(&json[refs[1].name_span.range()], "HOME");
        // Literal parts hold decoded text.
        let Part::Literal { text, .. } = &parts[0] else {
            panic!()
        };
        assert_eq!(text, "say \"hi\" ");
    }

    #[test]
    fn spans_without_escapes_and_with_multibyte_text() {
        let json = "\"é ${A} 😀 %B%\"";
        let (value, parts) = json_parts(json);
        assert_eq!(value, "é ${A} 😀 %B%");
        let slices: Vec<&str> = parts.iter().map(|p| &json[p.span().range()]).collect();
        assert_eq!(slices, ["é ", "${A}", " 😀 ", "%B%"]);
        // Escaped multibyte characters and surrogate pairs.
        let json = r#""\u00e9${A}\ud83d\ude00$B\uD800x""#;
        let (value, parts) = json_parts(json);
        assert_eq!(value, "é${A}😀$B\u{FFFD}x");
        let slices: Vec<&str> = parts.iter().map(|p| &json[p.span().range()]).collect();
        assert_eq!(
            slices,
            [r"\u00e9", "${A}", r"\ud83d\ude00", "$B", r"\uD800x"]
        );
    }

    #[test]
    fn parts_lie_in_their_string() {
        for json in [
            r#""\x\é ${A}""#,
            r#""end\""#,
            r#""\uDC00\uD800\u0041""#,
            "\"tab\there\"",
            "\"unterminated ${A}",
        ] {
            let outcome = parse_json(json, &JsonOptions::jsonc());
            let root = outcome.value.root().unwrap();
            if root.kind() != ValueKind::String {
                continue;
            }
            let (value, parts) = parse_string(root).unwrap();
            assert_eq!(value, root.as_str().unwrap(), "{json:?}");
            for p in &parts {
                assert!(root.span().contains_span(p.span()), "{json:?} {p:?}");
                assert!(json.is_char_boundary(p.span().start as usize));
                assert!(json.is_char_boundary(p.span().end as usize));
            }
        }
    }

    #[test]
    fn every_syntax_has_an_example_that_parses_as_itself() {
        for syntax in VarSyntax::ALL {
            assert!(!syntax.name().is_empty() && !syntax.example().is_empty());
            let parts = parse(syntax.example());
            assert!(is_only_ref(&parts), "{}", syntax.example());
            assert_eq!(parts[0].as_ref().unwrap().syntax, syntax);
        }
        assert!(VarSyntax::Percent.shell_expandable());
        assert!(!VarSyntax::Env.shell_expandable());
    }
}
