//! The strings of a server entry, and how messages name them: the member a string sits in,
//! the server, and references (by name, never by value).
use std::fmt::Write as _;

use mcpvet_ast::config::{ConfigFile, Server, StringValue};
use mcpvet_ast::vars::{Part, VarRef, VarSyntax};
use mcpvet_diagnostics::PathSegment;
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
    /// The member name given to `expansion::expansion_in`.
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
    let full = config.value(id).path();
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
        VarSyntax::UserConfig => format!("${{user_config.{n}}}"),
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
