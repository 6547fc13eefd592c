//! Invariant checks for lowered configurations, shared by unit tests, property tests and the
//! `config_lower` fuzz target (feature `testing`).
//!
//! [`check_config`] checks, on any [`read_config`] result:
//!
//! - every diagnostic span (primary, secondary, fix edits) lies inside the input, on char
//!   boundaries, and every diagnostic of the lowering has a JSON path;
//! - every server, map, input, member, entry and leaf span lies inside the text the AST
//!   points into ([`ConfigFile::text`]: the input, or the JSON text a TOML or YAML input
//!   denotes) and, mapped back, inside the input, on char boundaries; every recorded node
//!   exists and has that span;
//! - every server's path is the path of its node;
//! - every string leaf decodes to what the document decodes, and its parts lie inside the
//!   string's contents, in order, without overlap, covering the contents exactly;
//! - [`ConfigFile::dump`] does not panic.
use mcpvet_json::testing::Checks;
use mcpvet_json::{NodeId, ValueKind};
use mcpvet_text::Span;

use super::{ConfigFile, Dialect, EntryMap, MemberInfo, StringList, StringValue, read_config};
use crate::LowerOutcome;

struct Checker<'c, 'a> {
    file: &'c ConfigFile<'a>,
    /// The text the AST's spans point into ([`ConfigFile::text`]).
    len: u32,
    text: &'c str,
    /// The input, which diagnostics and mapped AST spans point into.
    input: &'c str,
}

/// Whether `s` lies in `text` on character boundaries.
fn inside(text: &str, s: Span) -> bool {
    s.start <= s.end
        && s.end as usize <= text.len()
        && text.is_char_boundary(s.start as usize)
        && text.is_char_boundary(s.end as usize)
}

impl Checker<'_, '_> {
    fn span(&self, s: Span, what: &str) -> Result<(), String> {
        let ok =
            s.end <= self.len && inside(self.text, s) && inside(self.input, self.file.file_span(s));
        if ok {
            Ok(())
        } else {
            Err(format!(
                "{what}: span {s:?} is out of bounds or off a char boundary"
            ))
        }
    }

    /// A diagnostic's span, in the input.
    fn input_span(&self, s: Span, what: &str) -> Result<(), String> {
        if inside(self.input, s) {
            Ok(())
        } else {
            Err(format!(
                "{what}: span {s:?} is out of the input or off a char boundary"
            ))
        }
    }

    fn node(&self, id: NodeId, s: Span, what: &str) -> Result<(), String> {
        self.span(s, what)?;
        if id.index() as usize >= self.file.document().node_count() {
            return Err(format!("{what}: node {} does not exist", id.index()));
        }
        let actual = self.file.value(id).span();
        if actual != s {
            return Err(format!("{what}: recorded span {s:?}, node span {actual:?}"));
        }
        Ok(())
    }

    fn string(&self, s: &StringValue, what: &str) -> Result<(), String> {
        self.node(s.node, s.span, what)?;
        let value = self.file.value(s.node);
        if value.kind() != ValueKind::String {
            return Err(format!("{what}: node is a {}", value.kind()));
        }
        let decoded = value.as_str().unwrap_or_default();
        if decoded != s.value {
            return Err(format!(
                "{what}: value {:?} but the node decodes to {decoded:?}",
                s.value
            ));
        }
        let content = value
            .content_span()
            .ok_or_else(|| format!("{what}: no content span"))?;
        let mut at = content.start;
        for part in &s.parts {
            let p = part.span();
            self.span(p, what)?;
            if p.start != at || p.end < p.start || p.end > content.end || p.is_empty() {
                return Err(format!(
                    "{what}: part {p:?} does not follow {at} inside {content:?}"
                ));
            }
            if let Some(r) = part.as_ref() {
                if !p.contains_span(r.name_span) {
                    return Err(format!("{what}: name span outside its reference"));
                }
                if let Some(d) = r.default_span
                    && !p.contains_span(d)
                {
                    return Err(format!("{what}: default span outside its reference"));
                }
            }
            at = p.end;
        }
        if !s.parts.is_empty() && at != content.end {
            return Err(format!(
                "{what}: parts end at {at}, contents at {}",
                content.end
            ));
        }
        if s.parts.is_empty() && !content.is_empty() {
            return Err(format!("{what}: non-empty string without parts"));
        }
        Ok(())
    }

    fn opt(&self, s: Option<&StringValue>, what: &str) -> Result<(), String> {
        s.map_or(Ok(()), |s| self.string(s, what))
    }

    fn members(&self, members: &[MemberInfo], what: &str) -> Result<(), String> {
        for m in members {
            self.node(m.key_node, m.key.span, what)?;
            self.node(m.value, m.value_span, what)?;
        }
        Ok(())
    }

    fn entries(&self, map: Option<&EntryMap>, what: &str) -> Result<(), String> {
        let Some(map) = map else { return Ok(()) };
        self.node(map.node, map.span, what)?;
        for e in &map.entries {
            self.node(e.key_node, e.key.span, what)?;
            self.node(e.value, e.value_span, what)?;
            self.opt(e.string.as_ref(), what)?;
        }
        Ok(())
    }

    fn list(&self, list: Option<&StringList>, what: &str) -> Result<(), String> {
        let Some(list) = list else { return Ok(()) };
        self.node(list.node, list.span, what)?;
        self.span(list.key.span, what)?;
        for item in &list.items {
            self.string(item, what)?;
        }
        Ok(())
    }

    fn run(&self, outcome: &LowerOutcome<ConfigFile<'_>>) -> Result<(), String> {
        for d in &outcome.diagnostics {
            self.input_span(d.span(), d.message())?;
            for l in d.secondary() {
                self.input_span(l.span(), d.message())?;
            }
            for e in d
                .fix()
                .map(mcpvet_diagnostics::Fix::edits)
                .unwrap_or_default()
            {
                self.input_span(e.span(), d.message())?;
            }
            let lowering = [
                crate::codes::NOT_MCP,
                crate::codes::WRONG_TYPE,
                crate::codes::MISSING_FIELD,
                crate::codes::UNKNOWN_FIELD,
            ];
            if d.path().is_none() && lowering.contains(&d.code()) {
                return Err(format!("diagnostic without a path: {}", d.message()));
            }
        }
        let file = self.file;
        self.members(&file.root_members, "root member")?;
        for m in &file.server_maps {
            let v = file.value(m.node);
            self.span(v.span(), "map")?;
            if v.path() != m.path {
                return Err(format!(
                    "map path {} is not its node's path {}",
                    m.path,
                    v.path()
                ));
            }
        }
        for s in &file.servers {
            let what = format!("server {:?}", s.name.value);
            self.node(s.node, s.span, &what)?;
            self.span(s.name.span, &what)?;
            if s.map >= file.server_maps.len() {
                return Err(format!("{what}: map index out of range"));
            }
            if file.value(s.node).path() != s.path {
                return Err(format!("{what}: path {} is not its node's path", s.path));
            }
            if let Some(t) = &s.declared_type {
                self.string(&t.value, &what)?;
            }
            if let Some(st) = s.transport.stdio() {
                self.opt(st.command.as_ref(), &what)?;
                for a in &st.args {
                    self.string(a, &what)?;
                }
                self.opt(st.cwd.as_ref(), &what)?;
                self.opt(st.env_file.as_ref(), &what)?;
            }
            if let Some(h) = s.transport.http() {
                self.opt(h.url.as_ref(), &what)?;
                self.span(h.url_key.span, &what)?;
            }
            self.entries(s.env.as_ref(), &what)?;
            self.entries(s.headers.as_ref(), &what)?;
            for l in [
                &s.auto_approve,
                &s.disabled_tools,
                &s.include_tools,
                &s.exclude_tools,
            ] {
                self.list(l.as_ref(), &what)?;
            }
            for b in [&s.disabled, &s.enabled, &s.trust].into_iter().flatten() {
                self.span(b.span, &what)?;
            }
            if let Some(t) = &s.timeout {
                self.node(t.node, t.span, &what)?;
            }
            self.opt(s.description.as_ref(), &what)?;
            if let Some(z) = &s.zed {
                self.opt(z.source.as_ref(), &what)?;
            }
            self.members(&s.members, &what)?;
        }
        for input in &file.inputs {
            self.span(input.span, "input")?;
            self.opt(input.id.as_ref(), "input")?;
            self.opt(input.kind.as_ref(), "input")?;
            self.opt(input.description.as_ref(), "input")?;
            self.members(&input.members, "input")?;
        }
        let _ = file.dump();
        Ok(())
    }
}

/// Checks every invariant listed in the module docs on the result of reading `text`.
///
/// # Errors
///
/// A description of the first broken invariant.
pub fn check_config(text: &str, outcome: &LowerOutcome<ConfigFile<'_>>) -> Result<(), String> {
    let file = &outcome.value;
    let checker = Checker {
        file,
        len: file.text().len() as u32,
        text: file.text(),
        input: text,
    };
    if file.derivation().is_none() && file.text() != text {
        return Err("a JSON file's AST points into another text".to_owned());
    }
    checker.run(outcome)
}

/// File names the fuzz target tries, so detection by name is exercised too.
const NAMES: [&str; 12] = [
    ".mcp.json",
    "claude_desktop_config.json",
    ".vscode/mcp.json",
    "settings.json",
    "mcp.json",
    ".zed/settings.json",
    "/home/me/.claude.json",
    "mcp_config.json",
    ".codex/config.toml",
    "config.yaml",
    ".continue/mcpServers/docs.yaml",
    "/home/me/.config/goose/config.yaml",
];

/// The body of the `config_lower` fuzz target with every check: [`fuzz_config_with`] and
/// [`Checks::All`].
///
/// # Panics
///
/// When an invariant is broken (that is the point).
pub fn fuzz_config(data: &[u8]) {
    fuzz_config_with(data, Checks::All);
}

/// The body of the `config_lower` fuzz target: reads `data` (when it is UTF-8) with detection,
/// and checks [`check_config`] on the result. With [`Checks::All`], or on the inputs
/// [`Checks::Sampled`] picks, it also reads `data` as every dialect and under every file name
/// of a client, each twice, and the two readings must give the same diagnostics; on the other
/// inputs, one dialect and one file name chosen by the input's length.
///
/// # Panics
///
/// When an invariant is broken (that is the point).
pub fn fuzz_config_with(data: &[u8], checks: Checks) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let every = checks.expensive(data);
    let mut runs: Vec<(Option<&str>, Option<Dialect>)> = vec![(None, None)];
    if every {
        runs.extend(Dialect::ALL.iter().map(|d| (None, Some(*d))));
        runs.extend(NAMES.iter().map(|n| (Some(*n), None)));
    } else {
        runs.push((None, Some(Dialect::ALL[data.len() % Dialect::ALL.len()])));
        runs.push((Some(NAMES[data.len() % NAMES.len()]), None));
    }
    for (name, dialect) in runs {
        let outcome = read_config(text, name, dialect);
        if let Err(e) = check_config(text, &outcome) {
            panic!("invariant broken ({name:?}, {dialect:?}): {e}\ninput: {text:?}");
        }
        if every {
            let again = read_config(text, name, dialect);
            assert_eq!(
                outcome.diagnostics, again.diagnostics,
                "diagnostics differ between two runs ({name:?}, {dialect:?})"
            );
        }
    }
}
