//! Helpers shared by the rules: the string fields of a server, paths and labels, URL masking,
//! command words.
use std::fmt::Write as _;

use mcpvet_ast::config::url::ServerUrl;
use mcpvet_ast::config::{ConfigFile, Server, StringValue};
use mcpvet_ast::vars::{Part, VarRef, VarSyntax};
use mcpvet_diagnostics::{JsonPath, PathSegment};
use mcpvet_json::NodeId;

/// The member a string of a server entry sits in, as the expansion table names it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum FieldKind {
    /// `command` (Zed: `command.path`).
    Command,
    /// One element of `args`.
    Args,
    /// One value of `env`.
    Env,
    /// One value of `headers`.
    Headers,
    /// The URL (`url`, `serverUrl`, `httpUrl`).
    Url,
    /// `cwd`.
    Cwd,
    /// `envFile`.
    EnvFile,
}

impl FieldKind {
    /// The member name given to `vars::expansion_in`.
    pub(crate) const fn expansion_field(self) -> &'static str {
        match self {
            FieldKind::Command => "command",
            FieldKind::Args => "args",
            FieldKind::Env => "env",
            FieldKind::Headers => "headers",
            FieldKind::Url => "url",
            FieldKind::Cwd => "cwd",
            FieldKind::EnvFile => "envFile",
        }
    }
}

/// One string of a server entry.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Field<'c> {
    /// Which member.
    pub(crate) kind: FieldKind,
    /// The string.
    pub(crate) value: &'c StringValue,
}

/// Every string of `server` that a client reads, in a stable order: command, args, cwd,
/// envFile, URL, env values, header values.
pub(crate) fn server_strings(server: &Server) -> Vec<Field<'_>> {
    let mut out = Vec::new();
    let mut push = |kind, value| out.push(Field { kind, value });
    if let Some(stdio) = server.transport.stdio() {
        if let Some(c) = &stdio.command {
            push(FieldKind::Command, c);
        }
        for a in &stdio.args {
            push(FieldKind::Args, a);
        }
        if let Some(c) = &stdio.cwd {
            push(FieldKind::Cwd, c);
        }
        if let Some(f) = &stdio.env_file {
            push(FieldKind::EnvFile, f);
        }
    }
    if let Some(url) = server.transport.http().and_then(|h| h.url.as_ref()) {
        push(FieldKind::Url, url);
    }
    for (map, kind) in [
        (&server.env, FieldKind::Env),
        (&server.headers, FieldKind::Headers),
    ] {
        if let Some(map) = map {
            for e in &map.entries {
                if let Some(s) = &e.string {
                    push(kind, s);
                }
            }
        }
    }
    out
}

/// The JSON path of node `id`.
pub(crate) fn path_of(config: &ConfigFile<'_>, id: NodeId) -> JsonPath {
    config.value(id).path()
}

/// Whether `key` can follow a `.` in a path label.
fn is_plain_key(key: &str) -> bool {
    let mut chars = key.chars();
    chars
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_' || c == '$')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-' || c == '$')
}

/// The path of `id` relative to the server object, as written in messages: `args[2]`,
/// `env.TOKEN`, `headers["X Api"]`, `command.path`.
pub(crate) fn label(config: &ConfigFile<'_>, server: &Server, id: NodeId) -> String {
    let full = path_of(config, id);
    let skip = server.path.segments().len();
    let mut out = String::new();
    for segment in full.segments().iter().skip(skip) {
        match segment {
            PathSegment::Key(k) if is_plain_key(k) => {
                if !out.is_empty() {
                    out.push('.');
                }
                out.push_str(k);
            }
            PathSegment::Key(k) => {
                out.push('[');
                let _ = write!(out, "{k:?}");
                out.push(']');
            }
            PathSegment::Index(i) => {
                let _ = write!(out, "[{i}]");
            }
        }
    }
    out
}

/// How messages name a server: ``server `docs` ``, or `the server` for a root server.
pub(crate) fn server_label(server: &Server) -> String {
    if server.name.value.is_empty() && server.key_node.is_none() {
        "the server".to_owned()
    } else {
        format!("server `{}`", server.name.value)
    }
}

/// A reference as shown in messages: its syntax and name, never a default value (which may
/// hold a secret).
pub(crate) fn ref_display(r: &VarRef) -> String {
    let n = &r.name;
    match r.syntax {
        VarSyntax::Braced | VarSyntax::Predefined => format!("${{{n}}}"),
        VarSyntax::BracedDefault => format!("${{{n}:-…}}"),
        VarSyntax::Dollar => format!("${n}"),
        VarSyntax::Env => format!("${{env:{n}}}"),
        VarSyntax::Input => format!("${{input:{n}}}"),
        VarSyntax::File => format!("${{file:{n}}}"),
        VarSyntax::Config => format!("${{config:{n}}}"),
        VarSyntax::Command => format!("${{command:{n}}}"),
        VarSyntax::Actions => format!("${{{{ {n} }}}}"),
        VarSyntax::BraceEnv => format!("{{env:{n}}}"),
        VarSyntax::BraceFile => format!("{{file:{n}}}"),
        VarSyntax::Template => "{{ … }}".to_owned(),
        VarSyntax::Percent => format!("%{n}%"),
    }
}

/// The text of `value` with every reference shown by [`ref_display`].
pub(crate) fn display_text(value: &StringValue) -> String {
    let mut out = String::new();
    for part in &value.parts {
        match part {
            Part::Literal { text, .. } => out.push_str(text),
            Part::Ref(r) => out.push_str(&ref_display(r)),
        }
    }
    out
}

/// The literal text of `value` with each reference replaced by `mask`.
pub(crate) fn literal_text(value: &StringValue, mask: &str) -> String {
    let mut out = String::new();
    for part in &value.parts {
        match part {
            Part::Literal { text, .. } => out.push_str(text),
            Part::Ref(_) => out.push_str(mask),
        }
    }
    out
}

// ----- URLs ---------------------------------------------------------------------------------

/// The URL as shown in messages: references by name, without userinfo, query or fragment.
pub(crate) fn display_url(value: &StringValue) -> String {
    let text = display_text(value);
    let text = text.trim();
    let cut = text.find(['?', '#']).unwrap_or(text.len());
    let text = &text[..cut];
    let Some(scheme_end) = text.find("://").map(|i| i + 3) else {
        return text.to_owned();
    };
    let rest = &text[scheme_end..];
    let authority_end = rest.find('/').unwrap_or(rest.len());
    let authority = &rest[..authority_end];
    let host = authority.rsplit_once('@').map_or(authority, |(_, h)| h);
    format!("{}{host}{}", &text[..scheme_end], &rest[authority_end..])
}

// ----- commands -----------------------------------------------------------------------------

/// The program name of a command: the last path component, lower-cased, without a Windows
/// executable extension (`C:\\nodejs\\npx.cmd` gives `npx`).
pub(crate) fn program_name(command: &str) -> String {
    let last = command
        .trim()
        .rsplit(['/', '\\'])
        .next()
        .unwrap_or(command)
        .to_ascii_lowercase();
    for ext in [".exe", ".cmd", ".bat", ".com"] {
        if let Some(stem) = last.strip_suffix(ext) {
            return stem.to_owned();
        }
    }
    last
}

/// Whether `program` is a shell or command interpreter that runs its arguments as a script.
pub(crate) fn is_shell(program: &str) -> bool {
    matches!(
        program,
        "sh" | "bash" | "zsh" | "dash" | "ksh" | "fish" | "cmd" | "powershell" | "pwsh"
    )
}

/// Whether `text` starts with a Windows drive path (`C:\`, `d:/`) or a UNC path (`\\host`).
pub(crate) fn is_windows_absolute(text: &str) -> bool {
    let b = text.as_bytes();
    (b.len() >= 3 && b[0].is_ascii_alphabetic() && b[1] == b':' && matches!(b[2], b'\\' | b'/'))
        || text.starts_with("\\\\")
}

/// Whether `text` holds a Windows drive or UNC path at its start or after a space, `=`, a
/// quote, `,`, `;` or `(` (so `https://` and `/a:/b` do not count).
pub(crate) fn contains_windows_path(text: &str) -> bool {
    let b = text.as_bytes();
    text.char_indices().any(|(i, _)| {
        (i == 0
            || matches!(
                b[i - 1],
                b' ' | b'\t' | b'=' | b'"' | b'\'' | b',' | b';' | b'('
            ))
            && is_windows_absolute(&text[i..])
    })
}

/// Whether `text` is an absolute path on some system (`/x`, `C:\x`, `\\host\x`).
pub(crate) fn is_absolute_path(text: &str) -> bool {
    text.starts_with('/') || is_windows_absolute(text)
}

#[cfg(test)]
pub(crate) mod testing {
    //! Running this crate's checks on a text.
    use mcpvet_ast::config::read_config;
    use mcpvet_diagnostics::{Diagnostic, Findings, RuleMeta};

    /// The findings of `rule` on `text` read as `file_name`.
    #[track_caller]
    pub(crate) fn run(rule: &RuleMeta, file_name: &str, text: &str) -> Vec<Diagnostic> {
        let outcome = read_config(text, Some(file_name), None);
        let mut findings = Findings::new();
        crate::check_config(&outcome.value, &mut findings);
        findings
            .into_parts()
            .0
            .into_iter()
            .filter(|d| d.code() == rule.code)
            .collect()
    }

    /// The messages of `rule` on `text`.
    #[track_caller]
    pub(crate) fn messages(rule: &RuleMeta, file_name: &str, text: &str) -> Vec<String> {
        run(rule, file_name, text)
            .iter()
            .map(|d| d.message().to_owned())
            .collect()
    }

    /// The text under the primary span of each finding of `rule`.
    #[track_caller]
    pub(crate) fn spans<'t>(rule: &RuleMeta, file_name: &str, text: &'t str) -> Vec<&'t str> {
        run(rule, file_name, text)
            .iter()
            .map(|d| &text[d.span().range()])
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use mcpvet_ast::config::read_config;

    #[test]
    fn display_hides_userinfo_query_and_fragment() {
        let text =
            r#"{"mcpServers": {"a": {"url": "https://u:p@${HOST}:${PORT}/x/${P}?token=1#f"}}}"#;
        let config = read_config(text, Some(".mcp.json"), None).value;
        let (_, _, url, read) = config.http_servers().next().unwrap();
        let ServerUrl::Masked { text: masked, .. } = read else {
            panic!("{read:?}")
        };
        assert_eq!(
            masked,
            "https://u:p@mcpvet-masked:1/x/mcpvet-masked?token=1#f"
        );
        assert_eq!(display_url(url), "https://${HOST}:${PORT}/x/${P}");
    }

    #[test]
    fn programs_and_paths() {
        assert_eq!(program_name("C:\\Program Files\\nodejs\\npx.cmd"), "npx");
        assert_eq!(program_name("/usr/bin/Bash"), "bash");
        assert!(is_shell("cmd") && !is_shell("node"));
        assert!(contains_windows_path("--root=C:\\x") && contains_windows_path("d:/data"));
        assert!(!contains_windows_path("https://example.com/a:/b"));
        assert!(is_absolute_path("/usr/bin") && is_absolute_path("\\\\srv\\share"));
        assert!(!is_absolute_path("./x"));
    }
}

// ----- URL judgement ------------------------------------------------------------------------

/// What the URL rules make of a server's URL.
#[derive(Debug)]
pub(crate) enum UrlVerdict<'u> {
    /// Cannot be judged before expansion (a reference in the scheme, or the whole value).
    NotJudged,
    /// Not usable; the reason, phrased to follow "`url` ".
    Invalid {
        /// What is wrong and what to do.
        reason: String,
        /// Whether clients may still accept it (surrounding whitespace).
        tolerated: bool,
    },
    /// A valid absolute URL (references masked by [`URL_MASK`](mcpvet_ast::config::url::URL_MASK)).
    Valid(&'u url::Url),
}

/// Judges the URL of a remote server in `dialect`: `value` as written, `url` as lowering
/// read it (masked and parsed once).
pub(crate) fn judge_url<'u>(
    value: &StringValue,
    url: &'u ServerUrl,
    dialect: mcpvet_ast::config::Dialect,
) -> UrlVerdict<'u> {
    let vscode = dialect == mcpvet_ast::config::Dialect::VsCode;
    if value.value.trim().is_empty() {
        return UrlVerdict::Invalid {
            reason: "is empty; write the server's address, such as `https://host/mcp`".to_owned(),
            tolerated: false,
        };
    }
    let ServerUrl::Masked {
        text: masked,
        parsed,
    } = url
    else {
        return UrlVerdict::NotJudged;
    };
    let trimmed = masked.trim();
    let scheme_len = trimmed
        .char_indices()
        .take_while(|&(i, c)| {
            c.is_ascii_alphabetic()
                || (i > 0 && (c.is_ascii_digit() || matches!(c, '+' | '-' | '.')))
        })
        .count();
    let scheme = trimmed[..scheme_len].to_ascii_lowercase();
    let rest = &trimmed[scheme_len..];
    let allowed = if vscode {
        "`http://`, `https://`, `unix://` or `pipe://`"
    } else {
        "`http://` or `https://`"
    };
    if scheme.is_empty() || !rest.starts_with(':') {
        return UrlVerdict::Invalid {
            reason: format!("has no scheme; start it with {allowed}"),
            tolerated: false,
        };
    }
    if !rest.starts_with("://") {
        // `localhost:3000/mcp`: a host and port without a scheme.
        let port = rest[1..].split(['/', '?', '#']).next().unwrap_or("");
        if !port.is_empty() && port.bytes().all(|b| b.is_ascii_digit()) {
            return UrlVerdict::Invalid {
                reason: format!("has no scheme; start it with {allowed}"),
                tolerated: false,
            };
        }
    }
    match scheme.as_str() {
        "http" | "https" => {}
        "unix" | "pipe" if vscode => {}
        "unix" | "pipe" => {
            return UrlVerdict::Invalid {
                reason: format!(
                    "uses `{scheme}://`, which only VS Code reads; use {allowed} with {}",
                    dialect.client_name()
                ),
                tolerated: false,
            };
        }
        _ => {
            // Show the scheme only when it reads as one (`wss`, `file`), never a long token.
            let shown = if scheme.len() <= 12 && scheme.bytes().all(|b| b.is_ascii_lowercase()) {
                format!("the `{scheme}` scheme")
            } else {
                "an unsupported scheme".to_owned()
            };
            return UrlVerdict::Invalid {
                reason: format!("uses {shown}, but MCP's HTTP transports need {allowed}"),
                tolerated: false,
            };
        }
    }
    if !rest.starts_with("://") {
        return UrlVerdict::Invalid {
            reason: format!("must start with `{scheme}://`"),
            tolerated: false,
        };
    }
    let parsed = match parsed {
        Ok(u) => u,
        Err(e) => {
            return UrlVerdict::Invalid {
                reason: format!("is not a valid URL ({e}); fix the address"),
                tolerated: false,
            };
        }
    };
    if trimmed.len() != masked.len() {
        return UrlVerdict::Invalid {
            reason: "has leading or trailing whitespace; remove it".to_owned(),
            tolerated: true,
        };
    }
    UrlVerdict::Valid(parsed)
}
