//! Configurations written in TOML or YAML, read through the JSON text they denote.
//!
//! A Codex `config.toml` is read by `mcpvet_toml`, a YAML configuration by `mcpvet_yaml`,
//! into the JSON text each denotes, with every key and value on its line where the nesting
//! allows and a [`SourceMap`] back to the file. That text is parsed, its dialect detected and
//! lowered exactly like a JSON file: no lowering step and no rule knows which syntax a value
//! came from. The [`ConfigDerivation`] of the [`ConfigFile`] keeps the map:
//!
//! - the spans of the AST (servers, strings, references) and of every finding the checks make
//!   on it are offsets in [`ConfigFile::text`], the derived text;
//! - [`ConfigDerivation::map_diagnostic`] moves a finding into the file: every span through
//!   the map, and its fix translated into the file's syntax when the edits are plain string
//!   replacements (dropped otherwise, its description kept as the help);
//! - the diagnostics [`read_config`](super::read_config) returns are in the file's offsets
//!   already.
//!
//! Continue's block files and `config.yaml` (a `mcpServers` list) and Goose's `config.yaml`
//! (an `extensions` map) are YAML dialects of their own, detected and lowered like the
//! others.
use mcpvet_diagnostics::{Applicability, Diagnostic, Edit, Fix, Severity};
use mcpvet_json::{JsonDocument, JsonOptions, ValueKind};
use mcpvet_text::{SourceMap, Span};

use super::{ConfigFile, Detection, Dialect, Format, detect, lower, strict};
use crate::LowerOutcome;
use crate::codes;

/// How a configuration not written in JSON was read: the syntax it is written in and the map
/// from its derived JSON text ([`ConfigFile::text`]) back to the file.
#[derive(Debug, Clone)]
pub struct ConfigDerivation {
    /// [`Format::Toml`] or [`Format::Yaml`].
    pub format: Format,
    /// Spans of [`ConfigFile::text`] to spans of the file. Empty (the identity) when the file
    /// was not read (a syntax error).
    pub map: SourceMap,
}

impl ConfigDerivation {
    /// The span of the file that the derived `span` came from.
    pub fn span(&self, span: Span) -> Span {
        self.map.span(span)
    }

    /// Moves a finding made on the derived text (`derived`, the [`ConfigFile::document`]) into
    /// the file `file`: every span (primary, labels, fix edits) through the map.
    ///
    /// A fix is kept when each of its edits is a plain string replacement that the file's
    /// syntax can take: a whole string (quotes included) replaced by a string, written as a
    /// TOML basic string or a YAML double-quoted scalar; or characters inside a string copied
    /// as they are in the file, replaced by text that needs no quoting or escaping (`${X}` by
    /// `${env:X}`). A fix with any other edit (JSON members or array items inserted, a string
    /// whose file text is a block scalar or has escapes) is dropped; its description becomes
    /// the help when the finding has none.
    pub fn map_diagnostic(&self, derived: &JsonDocument<'_>, file: &str, d: &mut Diagnostic) {
        if let Some(fix) = d.take_fix() {
            match self.translate_fix(derived.text(), file, &fix) {
                Some(fix) => d.set_fix(fix),
                None if d.help().is_none() => d.set_help(fix.message()),
                None => {}
            }
        }
        d.map_spans(|s| self.map.span(s));
    }

    fn translate_fix(&self, derived: &str, file: &str, fix: &Fix) -> Option<Fix> {
        let edits = fix
            .edits()
            .iter()
            .map(|edit| self.translate_edit(derived, file, edit))
            .collect::<Option<Vec<Edit>>>()?;
        // Edits that map onto the same text cannot both be written.
        let mut spans: Vec<Span> = edits.iter().map(Edit::span).collect();
        spans.sort_by_key(|s| (s.start, s.end));
        if spans.windows(2).any(|w| w[1].start < w[0].end) {
            return None;
        }
        let applicability = if fix.applicability() == Applicability::Safe {
            Applicability::Safe
        } else {
            Applicability::Unsafe
        };
        Some(Fix::new(fix.message(), edits, applicability))
    }

    fn translate_edit(&self, derived: &str, file: &str, edit: &Edit) -> Option<Edit> {
        let written = derived.get(edit.span().range())?;
        let mapped = self.map.span(edit.span());
        let in_file = file.get(mapped.range())?;
        // A whole string, replaced by a string.
        if let (Some(_), Some(new)) = (json_string(written), json_string(edit.replacement())) {
            let quoted = in_file.starts_with(['"', '\'']);
            let plain = !in_file.is_empty() && !in_file.contains(['\n', '\r']);
            if !(quoted || plain) || mapped.is_empty() {
                return None;
            }
            let text = match self.format {
                Format::Toml => toml_string(&new),
                Format::Yaml | Format::Json => edit.replacement().to_owned(),
            };
            return Some(Edit::new(mapped, text));
        }
        // Characters of a string copied as they are, replaced by text needing no quoting.
        let replacement = edit.replacement();
        let safe = !replacement.contains(['"', '\'', '\\', '#', '\n', '\r', '\t'])
            && !replacement.contains(": ")
            && !replacement.chars().any(char::is_control);
        let inside = !edit.span().is_empty() && !written.contains(['"', '\\']);
        // In a YAML flow collection (`env: {TOKEN: x}`), a plain scalar ends at `{}[],`.
        let flow = self.format == Format::Yaml
            && replacement.contains(['{', '}', '[', ']', ','])
            && in_yaml_flow(file, mapped.start as usize);
        (safe && inside && !flow && in_file == written).then(|| Edit::new(mapped, replacement))
    }
}

/// Whether `offset` of the YAML text `file` is in a plain scalar of a flow collection: on
/// its line, outside quotes, more `{` and `[` than `}` and `]` come before it, and no quote
/// is open at it (a quoted scalar takes any character). A flow collection spread over
/// several lines is not seen; configurations write them on one line.
fn in_yaml_flow(file: &str, offset: usize) -> bool {
    let head = file.get(..offset).unwrap_or("");
    let line = &head[head.rfind('\n').map_or(0, |i| i + 1)..];
    let mut depth = 0i32;
    let mut quote: Option<char> = None;
    for c in line.chars() {
        if let Some(q) = quote {
            if c == q {
                quote = None;
            }
            continue;
        }
        match c {
            '"' | '\'' => quote = Some(c),
            '#' => break,
            '{' | '[' => depth += 1,
            '}' | ']' => depth -= 1,
            _ => {}
        }
    }
    quote.is_none() && depth > 0
}

/// The decoded string when `text` is exactly one JSON string literal.
fn json_string(text: &str) -> Option<String> {
    if !(text.len() >= 2 && text.starts_with('"') && text.ends_with('"')) {
        return None;
    }
    let outcome = mcpvet_json::parse(text, &JsonOptions::strict());
    if outcome.has_errors() {
        return None;
    }
    let root = outcome.value.root()?;
    (root.kind() == ValueKind::String)
        .then(|| root.as_str().map(std::borrow::Cow::into_owned))
        .flatten()
}

/// `value` as a TOML basic string (also a YAML double-quoted scalar): JSON's escapes, and
/// `\uXXXX` for the control characters JSON leaves as they are (DEL, C1), which TOML refuses.
fn toml_string(value: &str) -> String {
    use std::fmt::Write as _;
    let mut out = String::with_capacity(value.len() + 2);
    out.push('"');
    for c in value.chars() {
        if c.is_control() && u32::from(c) >= 0x7f {
            let _ = write!(out, "\\u{:04X}", u32::from(c));
        } else {
            mcpvet_json::push_escaped_char(&mut out, c);
        }
    }
    out.push('"');
    out
}

/// The JSON text a TOML or YAML file denotes and its map, or the reader's findings when it is
/// not well formed.
fn transcode(text: &str, format: Format) -> (Option<(String, SourceMap)>, Vec<Diagnostic>) {
    match format {
        Format::Toml => {
            let out = mcpvet_toml::to_json(text);
            (out.value.map(|t| (t.json, t.map)), out.diagnostics)
        }
        Format::Yaml | Format::Json => {
            let out = mcpvet_yaml::to_json(text);
            (out.value.map(|t| (t.json, t.map)), out.diagnostics)
        }
    }
}

/// Reads a TOML or YAML configuration (see the [module docs](self)).
pub(super) fn read<'a>(
    text: &str,
    format: Format,
    file_name: Option<&str>,
    forced: Option<Dialect>,
) -> LowerOutcome<ConfigFile<'a>> {
    let (derived, mut diagnostics) = transcode(text, format);
    let Some((json, map)) = derived else {
        // Not well formed: the reader's finding is the file's only one.
        let document = mcpvet_json::parse("", &JsonOptions::jsonc())
            .value
            .into_owned();
        let (dialect, detection) = detect::detect(file_name, format, None, forced);
        return LowerOutcome {
            value: ConfigFile::derived(
                document,
                format,
                (dialect, detection),
                lower::Lowered::default(),
                ConfigDerivation {
                    format,
                    map: SourceMap::new(),
                },
            ),
            diagnostics,
        };
    };
    // A document without a node already maps to the start of the file (`to_json` of both
    // readers), so every derived span has a place in the file.
    let derivation = ConfigDerivation { format, map };
    let parsed = mcpvet_json::parse(&json, &JsonOptions::strict());
    let document = parsed.value.into_owned();
    let mut derived_diagnostics = parsed.diagnostics;
    let root = document.root();
    let (dialect, detection) = detect::detect(file_name, format, root, forced);
    // An empty YAML document (`null`): no server, and nothing wrong.
    let empty = root.is_none_or(|r| r.kind() == ValueKind::Null);
    let lowered = if empty {
        lower::Lowered::default()
    } else {
        lower::lower(&document, dialect, file_name)
    };
    if empty {
        diagnostics.push(
            Diagnostic::new(
                codes::NOT_MCP,
                Severity::Info,
                Span::empty(0),
                "the file holds no YAML document: no MCP server is configured",
            )
            .with_path(mcpvet_diagnostics::JsonPath::root()),
        );
    }
    let mut lowered = lowered;
    derived_diagnostics.append(&mut lowered.diagnostics);
    let config = ConfigFile::derived(
        document,
        format,
        (dialect, detection),
        lowered,
        derivation.clone(),
    );
    strict::check(&config, &mut derived_diagnostics);
    for mut d in derived_diagnostics {
        derivation.map_diagnostic(config.document(), text, &mut d);
        diagnostics.push(d);
    }
    diagnostics.sort_by_key(|d| (d.span().start, d.span().end));
    LowerOutcome {
        value: config,
        diagnostics,
    }
}

impl ConfigFile<'_> {
    /// A configuration read through a derived text.
    fn derived(
        document: JsonDocument<'static>,
        format: Format,
        (dialect, detection): (Dialect, Detection),
        lowered: lower::Lowered,
        derivation: ConfigDerivation,
    ) -> ConfigFile<'static> {
        ConfigFile {
            document,
            format,
            dialect,
            detection,
            servers: lowered.servers,
            server_maps: lowered.server_maps,
            inputs: lowered.inputs,
            inputs_node: lowered.inputs_node,
            root_members: lowered.root_members,
            derivation: Some(derivation),
        }
    }
}
