use std::ops::Range;

use mcpvet_ast::definition::{CredentialKind, DefinitionFile, DefinitionFormat};
use mcpvet_diagnostics::{Reporter, declare_rule};
use mcpvet_json::{DecodedStr, Value, ValueKind};

use crate::context::{Cx, Field, Source, variable_for, within};
use crate::guards::{Strength, Verdict, judge};
use crate::names::{NameClass, classify, classify_flag};
use crate::rules::literal_credential_header::read_header;
use crate::source::touches_ref;
use mcpvet_diagnostics::redact::describe;

declare_rule! {
    /// A secret is passed to the server on its command line (`--api-key=…`, `--token …`, `--header "Authorization: …"`, `-e NAME=…`).
    ///
    /// ## What it checks
    ///
    /// The `args` of stdio servers (and the words of a `command` written with spaces):
    ///
    /// - a flag named like a credential (`--api-key`, `--token`, `--access-token`,
    ///   `--password`, `--client-secret`, `--key`; not `--token-file` or `--api-key-env`)
    ///   with its value inline (`--api-key=…`) or in the next argument;
    /// - `--header` / `-H` with a header line (`Authorization: Bearer …`, `X-API-Key: …`),
    ///   read as `literal-credential-header` reads headers (mcp-remote, supergateway);
    /// - `-e` / `--env` with `NAME=VALUE` (docker, podman) and bare `NAME=VALUE` arguments
    ///   (`env`, `cross-env`), read as `plaintext-credential` reads `env`.
    ///
    /// A value is reported when it is a literal of at least 12 characters with at least 3.0
    /// bits of entropy per character that is not a path, URL or slug (a password flag or
    /// variable: any literal of six or more characters). References (`${env:TOKEN}`,
    /// `$TOKEN`) are fine, and so is docker's `-e NAME` without a value, which forwards the
    /// variable from the environment.
    ///
    /// In server definitions: the `runtimeArguments` and `packageArguments` of a registry
    /// `server.json`'s packages, read as the words they put on the command line (a named
    /// argument's `name` and `value`, a positional one's `value`; an argument declared
    /// `"isSecret": true` or whose `valueHint` names a credential is judged whole), and the
    /// `command` and `args` of an MCPB manifest's `server.mcp_config`.
    /// `{token}` variables and `${user_config.api_key}` are references.
    ///
    /// ## Why it matters
    ///
    /// A command line is readable by every user of the machine (`ps`, `/proc/<pid>/cmdline`),
    /// lands in shell histories, crash reports and client logs, and the MCP Inspector notes
    /// that it does not redact arguments. Pass secrets in `env` instead (docker: `-e NAME`
    /// plus the variable in `env`).
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```json file=claude_desktop_config.json
    /// {"mcpServers": {"context7": {"command": "npx",
    ///   "args": ["-y", "@upstash/context7-mcp", "--api-key", "mcpvetSynthetic7Qx2Lm9R"]}}}
    /// ```
    ///
    /// ```json file=claude_desktop_config.json
    /// {"mcpServers": {"remote": {"command": "npx",
    ///   "args": ["mcp-remote", "https://mcp.example.invalid/sse", "--header", "Authorization: Bearer mcpvetSynth3tic0Bearer9"]}}}
    /// ```
    ///
    /// ```json file=claude_desktop_config.json
    /// {"mcpServers": {"github": {"command": "docker",
    ///   "args": ["run", "-i", "--rm", "-e", "GITHUB_API_TOKEN=mcpvetSynthetic7Qx2Lm9R", "ghcr.io/github/github-mcp-server"]}}}
    /// ```
    ///
    /// ```json file=server.json server
    /// {"name": "io.github.acme/search", "description": "Web search.", "version": "1.0.0",
    ///  "packages": [{"registryType": "npm", "identifier": "@acme/search-mcp", "version": "1.0.0",
    ///    "transport": {"type": "stdio"},
    ///    "packageArguments": [{"type": "named", "name": "--api-key", "value": "mcpvetSynthetic7Qx2Lm9R"}]}]}
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```json file=.mcp.json
    /// {"mcpServers": {"context7": {"command": "npx",
    ///   "args": ["-y", "@upstash/context7-mcp", "--api-key", "${CONTEXT7_API_KEY}"]}}}
    /// ```
    ///
    /// ```json file=.mcp.json
    /// {"mcpServers": {"github": {"command": "docker",
    ///   "args": ["run", "-i", "--rm", "-e", "GITHUB_PERSONAL_ACCESS_TOKEN", "ghcr.io/github/github-mcp-server"],
    ///   "env": {"GITHUB_PERSONAL_ACCESS_TOKEN": "${GITHUB_PERSONAL_ACCESS_TOKEN}"}}}}
    /// ```
    ///
    /// ```json file=server.json server
    /// {"name": "io.github.acme/search", "description": "Web search.", "version": "1.0.0",
    ///  "packages": [{"registryType": "npm", "identifier": "@acme/search-mcp", "version": "1.0.0",
    ///    "transport": {"type": "stdio"},
    ///    "packageArguments": [{"type": "named", "name": "--api-key", "value": "{api_key}",
    ///      "variables": {"api_key": {"description": "Your API key", "isRequired": true, "isSecret": true}}}]}]}
    /// ```
    ///
    /// ## References
    ///
    /// - MCP Inspector README: credentials in stdio arguments are not redacted
    /// - mcp-scan `redact.py`: arguments after credential flags, header values
    /// - Docker `run --env`: `-e NAME` forwards the variable from the environment
    pub(crate) static SECRET_IN_ARGS = {
        code: "MCP304",
        name: "secret-in-args",
        severity: Warning,
        target: ConfigAndServer,
        since: "0.1.0",
    }
}

/// One word of the command line: the argument (or the command), its decoded text and the
/// range of the word in it.
struct Word<'d> {
    value: Value<'d>,
    text: std::rc::Rc<DecodedStr<'d>>,
    range: Range<usize>,
    refs: std::rc::Rc<Vec<Range<usize>>>,
}

impl Word<'_> {
    fn str(&self) -> &str {
        &self.text.text()[self.range.clone()]
    }
}

/// A literal found in a command line: where, what it is called, and how strong the name is.
struct Literal {
    word: usize,
    range: Range<usize>,
    message: String,
    placeholder_what: String,
    strength: Strength,
    /// For header lines: a secret already judged by `read_header`.
    judged: Option<bool>,
    /// The variable to suggest: a suffix for the server name (`API_KEY`), or the name itself.
    variable: String,
    /// `variable` is the whole name (`NAME=VALUE`).
    exact_variable: bool,
}

pub(crate) fn check(cx: &mut Cx<'_, '_>, report: &mut Reporter<'_>) {
    match cx.source {
        Source::Config(config) => {
            for server in &config.servers {
                let Some(stdio) = server.transport.stdio() else {
                    continue;
                };
                let command = stdio.command.as_ref().map(|c| config.value(c.node));
                let args = stdio.args.iter().map(|a| config.value(a.node));
                let words = command_line(cx, command, args);
                check_words(cx, &words, &server.name.value, false, report);
            }
        }
        Source::Definition(definition) => match definition.format {
            DefinitionFormat::Manifest => {
                let name = definition.name.as_ref().map_or("mcp", |n| n.value.as_str());
                for config in manifest_commands(definition) {
                    let command = config.get("command");
                    let args = config
                        .get("args")
                        .filter(|a| a.kind() == ValueKind::Array)
                        .into_iter()
                        .flat_map(Value::items);
                    let words = command_line(cx, command, args);
                    check_words(cx, &words, name, false, report);
                }
            }
            DefinitionFormat::Registry => registry_arguments(cx, definition, report),
            DefinitionFormat::Listing | DefinitionFormat::Definition => {}
        },
    }
}

/// The words of a command line: those of `command` after the first (a command written with
/// spaces), then every string of `args`.
fn command_line<'d>(
    cx: &Cx<'_, '_>,
    command: Option<Value<'d>>,
    args: impl Iterator<Item = Value<'d>>,
) -> Vec<Word<'d>> {
    let mut words: Vec<Word<'d>> = Vec::new();
    if let Some(value) = command
        && let Some(text) = value.decoded()
    {
        let text = std::rc::Rc::new(text);
        let refs = std::rc::Rc::new(cx.refs(text.text()));
        let mut at = 0;
        let s = text.text().to_owned();
        for (i, piece) in s.split(' ').enumerate() {
            let range = at..at + piece.len();
            at = range.end + 1;
            if i > 0 && !piece.is_empty() {
                words.push(Word {
                    value,
                    text: text.clone(),
                    range,
                    refs: refs.clone(),
                });
            }
        }
    }
    for value in args {
        if let Some(text) = value.decoded() {
            let refs = std::rc::Rc::new(cx.refs(text.text()));
            let range = 0..text.text().len();
            words.push(Word {
                value,
                text: std::rc::Rc::new(text),
                range,
                refs,
            });
        }
    }
    words
}

/// Judges the literals of the command line `words` of the server (or package) `holder`; a
/// `declared` secret needs no credential name and is judged as a password.
fn check_words(
    cx: &mut Cx<'_, '_>,
    words: &[Word<'_>],
    holder: &str,
    declared: bool,
    report: &mut Reporter<'_>,
) {
    for mut f in read_words(words) {
        if !f.exact_variable {
            f.variable = variable_for(holder, &f.variable);
        }
        if declared && f.judged.is_none() {
            f.strength = Strength::Password;
        }
        check_literal(cx, &words[f.word], &f, report);
    }
}

/// The `mcp_config` of a manifest's `server` and its `platform_overrides`.
fn manifest_commands<'d>(definition: &'d DefinitionFile<'_>) -> Vec<Value<'d>> {
    let mut out = Vec::new();
    let Some(config) = definition
        .root()
        .and_then(|r| r.get("server"))
        .and_then(|s| s.get("mcp_config"))
        .filter(|c| c.kind() == ValueKind::Object)
    else {
        return out;
    };
    out.push(config);
    if let Some(overrides) = config
        .get("platform_overrides")
        .filter(|o| o.kind() == ValueKind::Object)
    {
        out.extend(
            overrides
                .members()
                .map(|m| m.value)
                .filter(|v| v.kind() == ValueKind::Object),
        );
    }
    out
}

/// The arguments of a registry entry's packages, each read as the words it puts on the
/// command line: a named argument's `name` and value (`--token`, `…`), a positional one's
/// value. An argument declared secret, or whose `valueHint` is a credential name, is judged
/// whole when no flag or assignment says more.
fn registry_arguments(
    cx: &mut Cx<'_, '_>,
    definition: &DefinitionFile<'_>,
    report: &mut Reporter<'_>,
) {
    for c in &definition.credentials {
        if c.kind != CredentialKind::Argument {
            continue;
        }
        let value = definition.value(c.value.node);
        let mut parent = value.path();
        parent.pop();
        let input = cx.doc.find(&parent);
        let named = input
            .and_then(|i| i.get("type"))
            .and_then(Value::as_str)
            .is_some_and(|t| t == "named");
        let flag = input
            .and_then(|i| i.get("name"))
            .filter(|n| named && n.kind() == ValueKind::String);
        let words = command_line(cx, None, flag.into_iter().chain([value]));
        let holder = cx.server_name(value).unwrap_or("mcp").to_owned();
        let found = read_words(&words);
        if !found.is_empty() {
            check_words(cx, &words, &holder, c.declared_secret, report);
            continue;
        }
        let class = c.name.as_deref().map_or(NameClass::Other, |n| {
            if n.starts_with('-') {
                classify_flag(n)
            } else {
                classify(n)
            }
        });
        let strength = match strength_of(class) {
            _ if c.declared_secret => Strength::Password,
            Some(strength) => strength,
            None => continue,
        };
        let Some(word) = words.last() else { continue };
        let name = c.name.as_deref().map(crate::context::short);
        let literal = Literal {
            word: words.len() - 1,
            range: word.range.clone(),
            message: match &name {
                Some(n) if named => format!("passes a secret to `{n}` on the command line"),
                Some(n) => format!("passes a secret as `{n}` on the command line"),
                None => "passes a secret on the command line".to_owned(),
            },
            placeholder_what: "a secret".to_owned(),
            strength,
            judged: None,
            variable: variable_for(&holder, "SECRET"),
            exact_variable: true,
        };
        check_literal(cx, word, &literal, report);
    }
}

fn check_literal(cx: &mut Cx<'_, '_>, word: &Word<'_>, f: &Literal, report: &mut Reporter<'_>) {
    if f.range.is_empty() || touches_ref(&word.refs, &f.range) {
        return;
    }
    let value = &word.text.text()[f.range.clone()];
    let span = word.text.span(f.range.clone());
    let verdict = match f.judged {
        Some(true) => Verdict::Secret,
        Some(false) => return,
        None => judge(value, f.strength),
    };
    let location = cx.location(word.value);
    match verdict {
        Verdict::Clean => {}
        Verdict::Placeholder => cx.once.placeholder(
            report,
            within(word.value, span),
            value,
            &location,
            &f.placeholder_what,
        ),
        Verdict::Secret => {
            let help = match cx.source {
                Source::Config(_) => format!(
                    "command lines are visible to other local users and in logs, so pass the \
                     value in `env` instead; {}",
                    cx.advice(Field::Env, &f.variable, "")
                ),
                Source::Definition(_) => format!(
                    "command lines are visible to other local users and in logs; {}",
                    cx.advice(Field::Env, &f.variable, "")
                ),
            };
            let mut d = SECRET_IN_ARGS
                .diagnostic(
                    span,
                    format!("{location} {} (`{}`)", f.message, describe(value)),
                )
                .with_help(help)
                .with_path(word.value.path());
            if let Some(fix) = cx.secret_fix(word.value, span, Field::Args, &f.variable) {
                d = d.with_fix(fix);
            }
            cx.once.secret(report, d);
        }
    }
}

/// Whether a word is a flag (not a lone `-` or `--`, not a negative number).
fn is_flag(s: &str) -> bool {
    s.starts_with('-')
        && s.trim_start_matches('-')
            .starts_with(|c: char| c.is_ascii_alphabetic())
}

/// `NAME=VALUE` with an environment-variable name: the ranges of the name and the value.
fn assignment(s: &str) -> Option<(Range<usize>, Range<usize>)> {
    let eq = s.find('=')?;
    let name = &s[..eq];
    let ok = name.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_')
        && name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_');
    ok.then(|| (0..eq, eq + 1..s.len()))
}

fn read_words(words: &[Word<'_>]) -> Vec<Literal> {
    let mut out = Vec::new();
    let shift = |r: Range<usize>, by: usize| r.start + by..r.end + by;
    let mut i = 0;
    while i < words.len() {
        let w = &words[i];
        let s = w.str();
        let base = w.range.start;
        if is_flag(s) {
            let (flag, inline) = match s.find('=') {
                Some(eq) => (&s[..eq], Some(eq + 1..s.len())),
                None => (s, None),
            };
            // The flag's value: inline, or the next word unless it is a flag.
            let value = match inline {
                Some(r) => Some((i, shift(r, base))),
                None => words
                    .get(i + 1)
                    .filter(|n| !is_flag(n.str()))
                    .map(|n| (i + 1, n.range.clone())),
            };
            let name = flag.trim_start_matches('-');
            if flag == "-H" || name.eq_ignore_ascii_case("header") {
                if let Some((at, range)) = value {
                    out.extend(header_line(words, at, range, flag));
                    i = at.max(i) + 1;
                    continue;
                }
            } else if flag == "-e" || name.eq_ignore_ascii_case("env") {
                if let Some((at, range)) = value {
                    out.extend(env_assignment(words, at, range, flag));
                    i = at.max(i) + 1;
                    continue;
                }
            } else if let Some(strength) = strength_of(classify_flag(flag))
                && let Some((at, range)) = value
            {
                out.push(Literal {
                    word: at,
                    range,
                    message: format!("passes a secret to `{flag}` on the command line"),
                    placeholder_what: format!("the value of `{flag}`"),
                    strength,
                    judged: None,
                    variable: name.to_ascii_uppercase().replace('-', "_"),
                    exact_variable: false,
                });
                i = at.max(i) + 1;
                continue;
            }
        } else if assignment(s).is_some() {
            out.extend(env_assignment(words, i, w.range.clone(), ""));
        }
        i += 1;
    }
    out
}

fn strength_of(class: NameClass) -> Option<Strength> {
    match class {
        NameClass::Password => Some(Strength::Password),
        NameClass::Token => Some(Strength::NAMED),
        NameClass::Other => None,
    }
}

/// `NAME=VALUE` after `-e` (or alone): a finding when `NAME` is a credential name.
fn env_assignment(
    words: &[Word<'_>],
    at: usize,
    range: Range<usize>,
    flag: &str,
) -> Option<Literal> {
    let s = &words[at].text.text()[range.clone()];
    let (name, value) = assignment(s)?;
    let name = &s[name];
    let strength = strength_of(classify(name))?;
    let via = if flag.is_empty() {
        String::new()
    } else {
        format!(" with `{flag}`")
    };
    Some(Literal {
        word: at,
        range: value.start + range.start..value.end + range.start,
        message: format!("sets `{name}` to a literal secret on the command line{via}"),
        placeholder_what: format!("the value of `{name}`"),
        strength,
        judged: None,
        variable: name.to_owned(),
        exact_variable: true,
    })
}

/// `Name: Value` after `--header`: a finding when the header carries a literal credential.
fn header_line(words: &[Word<'_>], at: usize, range: Range<usize>, flag: &str) -> Option<Literal> {
    let word = &words[at];
    let s = &word.text.text()[range.clone()];
    let colon = s.find(':')?;
    let name = s[..colon].trim();
    let value = range.start + colon + 1..range.end;
    let (secret, placeholders) = read_header(name, word.text.text(), value, &word.refs, false);
    if let Some(secret) = secret {
        return Some(Literal {
            word: at,
            range: secret.range,
            message: format!("passes a literal `{name}` header through `{flag}`"),
            placeholder_what: "a credential".to_owned(),
            strength: Strength::HEADER,
            judged: Some(true),
            variable: "TOKEN".to_owned(),
            exact_variable: false,
        });
    }
    placeholders
        .into_iter()
        .next()
        .map(|(range, what)| Literal {
            word: at,
            range,
            message: String::new(),
            placeholder_what: what,
            strength: Strength::HEADER,
            judged: None,
            variable: "TOKEN".to_owned(),
            exact_variable: false,
        })
}
