//! The protocol requirement registry and the coverage report built on it.
//!
//! The registry is one data file, `crates/mcpvet_linter/requirements.toml`, embedded at
//! build time: every normative sentence (MUST, MUST NOT, SHOULD, SHOULD NOT...) of the MCP
//! base protocol, lifecycle, transports, utilities, client and server features, per protocol
//! version, with the spec section it comes from, who must obey it, whether a captured
//! session can show a violation, and the rules that check it. Its `[allow]` table names the
//! session rules that check hygiene rather than a sentence of the specification.
//!
//! A requirement is *covered* when a capture can show its violation and every rule it names
//! has flagged and accepted cases in the conformance suite (`tests/conformance/`). Which
//! rules have such cases is recorded in the generated `crates/mcpvet_linter/conformance.txt`
//! (a test keeps it in sync with the suite), since the library reads no files.
//!
//! [`coverage`] counts requirements per section and level; [`coverage_text`],
//! [`coverage_json`] and [`coverage_page`] render it (`mcpvet rules --coverage`,
//! `docs/coverage.md`); [`for_rule`] gives the requirements a rule page lists.
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::sync::OnceLock;

use mcpvet_ast::transcript::ProtocolVersion;
use serde::Deserialize;
use serde_json::{Value, json};

/// The registry file, as embedded.
pub const REGISTRY_TOML: &str = include_str!("../requirements.toml");

/// The conformance index: the rules the registry names, each with its numbers of flagged
/// and accepted conformance cases (generated from `tests/conformance/`).
pub const CONFORMANCE_INDEX: &str = include_str!("../conformance.txt");

/// Where the specification pages live; a requirement's `spec` is relative to a version.
pub const SPEC_BASE_URL: &str = "https://modelcontextprotocol.io/specification/";

/// A section of the specification, in the order the report shows them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[non_exhaustive]
pub enum Section {
    /// JSON-RPC messages, ids, errors, `_meta`, schemas.
    Base,
    /// The `initialize` handshake (legacy) and versioning, `server/discover` (2026-07-28).
    Lifecycle,
    /// The stdio transport.
    TransportStdio,
    /// The HTTP transports (HTTP+SSE, Streamable HTTP).
    TransportHttp,
    /// Cancellation.
    Cancellation,
    /// Progress notifications.
    Progress,
    /// Pagination.
    Pagination,
    /// Logging.
    Logging,
    /// Argument completion.
    Completion,
    /// Ping.
    Ping,
    /// Tasks (2025-11-25; an extension in 2026-07-28).
    Tasks,
    /// Caching hints (2026-07-28).
    Caching,
    /// Multi round-trip requests (2026-07-28).
    Mrtr,
    /// Subscriptions (2026-07-28).
    Subscriptions,
    /// Roots (client feature).
    Roots,
    /// Sampling (client feature).
    Sampling,
    /// Elicitation (client feature).
    Elicitation,
    /// Tools (server feature).
    Tools,
    /// Resources (server feature).
    Resources,
    /// Prompts (server feature).
    Prompts,
}

impl Section {
    /// Every section, in report order.
    pub const ALL: [Section; 20] = [
        Section::Base,
        Section::Lifecycle,
        Section::TransportStdio,
        Section::TransportHttp,
        Section::Cancellation,
        Section::Progress,
        Section::Pagination,
        Section::Logging,
        Section::Completion,
        Section::Ping,
        Section::Tasks,
        Section::Caching,
        Section::Mrtr,
        Section::Subscriptions,
        Section::Roots,
        Section::Sampling,
        Section::Elicitation,
        Section::Tools,
        Section::Resources,
        Section::Prompts,
    ];

    /// The name used in the registry file and the JSON output.
    pub const fn name(self) -> &'static str {
        match self {
            Section::Base => "base",
            Section::Lifecycle => "lifecycle",
            Section::TransportStdio => "transport-stdio",
            Section::TransportHttp => "transport-http",
            Section::Cancellation => "cancellation",
            Section::Progress => "progress",
            Section::Pagination => "pagination",
            Section::Logging => "logging",
            Section::Completion => "completion",
            Section::Ping => "ping",
            Section::Tasks => "tasks",
            Section::Caching => "caching",
            Section::Mrtr => "mrtr",
            Section::Subscriptions => "subscriptions",
            Section::Roots => "roots",
            Section::Sampling => "sampling",
            Section::Elicitation => "elicitation",
            Section::Tools => "tools",
            Section::Resources => "resources",
            Section::Prompts => "prompts",
        }
    }

    /// A heading for people.
    pub const fn title(self) -> &'static str {
        match self {
            Section::Base => "Base protocol",
            Section::Lifecycle => "Lifecycle and versioning",
            Section::TransportStdio => "stdio transport",
            Section::TransportHttp => "HTTP transports",
            Section::Cancellation => "Cancellation",
            Section::Progress => "Progress",
            Section::Pagination => "Pagination",
            Section::Logging => "Logging",
            Section::Completion => "Completion",
            Section::Ping => "Ping",
            Section::Tasks => "Tasks",
            Section::Caching => "Caching",
            Section::Mrtr => "Multi round-trip requests",
            Section::Subscriptions => "Subscriptions",
            Section::Roots => "Roots",
            Section::Sampling => "Sampling",
            Section::Elicitation => "Elicitation",
            Section::Tools => "Tools",
            Section::Resources => "Resources",
            Section::Prompts => "Prompts",
        }
    }

    /// The section of a name, if it is one.
    pub fn parse(name: &str) -> Option<Section> {
        Section::ALL.into_iter().find(|s| s.name() == name)
    }
}

/// The keyword of a requirement.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum Level {
    /// MUST, REQUIRED, SHALL, or a constraint of the official schema.
    Must,
    /// MUST NOT, SHALL NOT.
    MustNot,
    /// SHOULD, RECOMMENDED.
    Should,
    /// SHOULD NOT, NOT RECOMMENDED.
    ShouldNot,
}

impl Level {
    /// The keyword as the registry writes it.
    pub const fn as_str(self) -> &'static str {
        match self {
            Level::Must => "MUST",
            Level::MustNot => "MUST NOT",
            Level::Should => "SHOULD",
            Level::ShouldNot => "SHOULD NOT",
        }
    }

    /// Whether the requirement is absolute (MUST, MUST NOT) rather than a recommendation.
    pub const fn is_absolute(self) -> bool {
        matches!(self, Level::Must | Level::MustNot)
    }

    fn parse(text: &str) -> Option<Level> {
        match text {
            "MUST" | "REQUIRED" | "SHALL" => Some(Level::Must),
            "MUST NOT" | "SHALL NOT" => Some(Level::MustNot),
            "SHOULD" | "RECOMMENDED" => Some(Level::Should),
            "SHOULD NOT" | "NOT RECOMMENDED" => Some(Level::ShouldNot),
            _ => None,
        }
    }
}

/// Who must obey a requirement.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum Party {
    /// The client.
    Client,
    /// The server.
    Server,
    /// Either side (whichever sends or receives).
    Both,
}

impl Party {
    /// The name as the registry writes it.
    pub const fn as_str(self) -> &'static str {
        match self {
            Party::Client => "client",
            Party::Server => "server",
            Party::Both => "both",
        }
    }

    fn parse(text: &str) -> Option<Party> {
        match text {
            "client" => Some(Party::Client),
            "server" => Some(Party::Server),
            "both" => Some(Party::Both),
            _ => None,
        }
    }
}

/// One normative sentence of the specification.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Requirement {
    /// The stable id, `<section>.<name>`.
    pub id: String,
    /// The protocol versions it applies to, oldest first.
    pub versions: Vec<ProtocolVersion>,
    /// The section of the specification.
    pub section: Section,
    /// The page and anchor, relative to a version's specification (`basic/index#requests`),
    /// or `schema#Type` for a constraint of the schema.
    pub spec: String,
    /// The keyword.
    pub level: Level,
    /// Who must obey it.
    pub party: Party,
    /// The sentence, in short.
    pub text: String,
    /// Whether a captured session can show a violation.
    pub checkable: bool,
    /// Why a capture cannot show a violation (when not checkable).
    pub reason: Option<String>,
    /// The codes of the rules that check it.
    pub rules: Vec<String>,
    /// What the rules check of it, when only part, or how they report it.
    pub note: Option<String>,
}

impl Requirement {
    /// Whether it applies to `version`.
    pub fn applies_to(&self, version: ProtocolVersion) -> bool {
        self.versions.contains(&version)
    }

    /// The URL of its sentence, in the newest version it applies to.
    pub fn url(&self) -> String {
        let version = self
            .versions
            .last()
            .copied()
            .unwrap_or(ProtocolVersion::V2026_07_28);
        format!("{SPEC_BASE_URL}{}/{}", version.as_str(), self.spec)
    }

    /// Its versions for people: `all versions`, `2025-06-18 and later`, `2025-03-26`,
    /// `up to 2025-11-25`, `2025-06-18 to 2025-11-25`, or a list.
    pub fn versions_label(&self) -> String {
        versions_label(&self.versions)
    }
}

/// The registry: the requirements, in file order, and the allow-list of hygiene rules.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Registry {
    /// Every requirement, in file order.
    pub requirements: Vec<Requirement>,
    /// Session rules that check no sentence of the specification: (code, reason).
    pub allow: Vec<(String, String)>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawRegistry {
    #[serde(default)]
    allow: BTreeMap<String, String>,
    #[serde(default)]
    requirement: Vec<RawRequirement>,
}

#[derive(Deserialize)]
#[serde(untagged)]
enum RawVersions {
    One(String),
    Many(Vec<String>),
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawRequirement {
    id: String,
    versions: RawVersions,
    section: String,
    spec: String,
    level: String,
    party: String,
    text: String,
    checkable: bool,
    #[serde(default)]
    reason: Option<String>,
    #[serde(default)]
    rules: Vec<String>,
    #[serde(default)]
    note: Option<String>,
}

/// Reads a registry file (the embedded one is [`registry`]).
///
/// # Errors
///
/// A message naming the first problem: TOML that does not parse, a member of the wrong type
/// or unknown, an unknown section, level, party or version, an empty version list, a
/// requirement that is checkable with a `reason`, or not checkable without one or with rules.
pub fn parse(text: &str) -> Result<Registry, String> {
    let transcoded = mcpvet_toml::to_json(text);
    let Some(document) = transcoded.value else {
        let first = transcoded
            .diagnostics
            .first()
            .map_or_else(|| "unknown error".to_owned(), |d| d.message().to_owned());
        return Err(format!("the registry is not valid TOML: {first}"));
    };
    let raw: RawRegistry = serde_json::from_str(&document.json)
        .map_err(|e| format!("the registry does not have the expected shape: {e}"))?;
    let mut requirements = Vec::with_capacity(raw.requirement.len());
    for r in raw.requirement {
        let id = r.id;
        let versions = match &r.versions {
            RawVersions::One(one) => parse_versions(one),
            RawVersions::Many(many) => many.iter().try_fold(Vec::new(), |mut all, one| {
                all.extend(parse_versions(one)?);
                Ok(all)
            }),
        }
        .map_err(|e| format!("{id}: {e}"))?;
        let versions: Vec<ProtocolVersion> = ProtocolVersion::ALL
            .into_iter()
            .filter(|v| versions.contains(v))
            .collect();
        if versions.is_empty() {
            return Err(format!("{id}: no version"));
        }
        let section = Section::parse(&r.section)
            .ok_or_else(|| format!("{id}: unknown section `{}`", r.section))?;
        let level =
            Level::parse(&r.level).ok_or_else(|| format!("{id}: unknown level `{}`", r.level))?;
        let party =
            Party::parse(&r.party).ok_or_else(|| format!("{id}: unknown party `{}`", r.party))?;
        if r.checkable == r.reason.is_some() {
            return Err(format!(
                "{id}: a checkable requirement has no `reason`; one that is not checkable has one"
            ));
        }
        if !r.checkable && !r.rules.is_empty() {
            return Err(format!(
                "{id}: a requirement that is not checkable names no rule"
            ));
        }
        requirements.push(Requirement {
            id,
            versions,
            section,
            spec: r.spec,
            level,
            party,
            text: r.text,
            checkable: r.checkable,
            reason: r.reason,
            rules: r.rules,
            note: r.note,
        });
    }
    Ok(Registry {
        requirements,
        allow: raw.allow.into_iter().collect(),
    })
}

/// One version specification: `all`, `V`, `V+`, `..V` or `A..B`.
fn parse_versions(text: &str) -> Result<Vec<ProtocolVersion>, String> {
    let version = |t: &str| {
        ProtocolVersion::parse(t)
            .filter(|_| t != "draft")
            .ok_or_else(|| format!("unknown version `{t}`"))
    };
    let (from, to) = if text == "all" {
        (None, None)
    } else if let Some(from) = text.strip_suffix('+') {
        (Some(version(from)?), None)
    } else if let Some((from, to)) = text.split_once("..") {
        (
            if from.is_empty() {
                None
            } else {
                Some(version(from)?)
            },
            Some(version(to)?),
        )
    } else {
        let one = version(text)?;
        (Some(one), Some(one))
    };
    Ok(ProtocolVersion::ALL
        .into_iter()
        .filter(|v| from.is_none_or(|f| *v >= f) && to.is_none_or(|t| *v <= t))
        .collect())
}

fn versions_label(versions: &[ProtocolVersion]) -> String {
    let all = ProtocolVersion::ALL;
    let positions: Vec<usize> = versions
        .iter()
        .filter_map(|v| all.iter().position(|a| a == v))
        .collect();
    let contiguous = positions
        .windows(2)
        .all(|w| matches!(w, [a, b] if b - a == 1));
    match (versions.first(), versions.last()) {
        (Some(first), Some(last)) if contiguous => {
            if versions.len() == all.len() {
                "all versions".to_owned()
            } else if first == last {
                first.as_str().to_owned()
            } else if Some(last) == all.last() {
                format!("{first} and later")
            } else if Some(first) == all.first() {
                format!("up to {last}")
            } else {
                format!("{first} to {last}")
            }
        }
        _ => versions
            .iter()
            .map(|v| v.as_str())
            .collect::<Vec<_>>()
            .join(", "),
    }
}

/// The embedded registry (empty if it failed to parse, which the tests rule out).
pub fn registry() -> &'static Registry {
    static REGISTRY: OnceLock<Registry> = OnceLock::new();
    REGISTRY.get_or_init(|| parse(REGISTRY_TOML).unwrap_or_default())
}

/// The requirements that name `code` among their rules, in file order.
pub fn for_rule(code: &str) -> Vec<&'static Requirement> {
    registry()
        .requirements
        .iter()
        .filter(|r| r.rules.iter().any(|c| c == code))
        .collect()
}

/// Why `code` is allow-listed (a session rule that checks no sentence), if it is.
pub fn allowed(code: &str) -> Option<&'static str> {
    registry()
        .allow
        .iter()
        .find(|(c, _)| c == code)
        .map(|(_, reason)| reason.as_str())
}

/// The conformance cases of a rule: how many `flagged_*` and `accepted_*` folders it has.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Fixtures {
    /// `flagged_*` cases.
    pub flagged: usize,
    /// `accepted_*` cases.
    pub accepted: usize,
}

impl Fixtures {
    /// Whether the rule has both a flagged and an accepted case.
    pub const fn complete(self) -> bool {
        self.flagged > 0 && self.accepted > 0
    }
}

/// Parses a conformance index: one `CODE FLAGGED ACCEPTED` line per rule; `#` comments.
pub fn parse_conformance_index(text: &str) -> BTreeMap<String, Fixtures> {
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .filter_map(|line| {
            let mut words = line.split_whitespace();
            let code = words.next()?.to_owned();
            let flagged = words.next()?.parse().ok()?;
            let accepted = words.next()?.parse().ok()?;
            Some((code, Fixtures { flagged, accepted }))
        })
        .collect()
}

/// Writes a conformance index for the rules the registry names, from the case counts of
/// every rule of the suite (rules without cases get `0 0`).
pub fn render_conformance_index(suite: &BTreeMap<String, Fixtures>) -> String {
    let mut codes: Vec<&str> = registry()
        .requirements
        .iter()
        .flat_map(|r| r.rules.iter().map(String::as_str))
        .collect();
    codes.sort_unstable();
    codes.dedup();
    let mut out = String::from(
        "# Generated by the requirements test from tests/conformance/ (MCPVET_BLESS=1 rewrites it):\n\
         # each rule the requirement registry names, with its flagged and accepted cases.\n",
    );
    for code in codes {
        let f = suite.get(code).copied().unwrap_or_default();
        let _ = writeln!(out, "{code} {} {}", f.flagged, f.accepted);
    }
    out
}

fn fixtures() -> &'static BTreeMap<String, Fixtures> {
    static INDEX: OnceLock<BTreeMap<String, Fixtures>> = OnceLock::new();
    INDEX.get_or_init(|| parse_conformance_index(CONFORMANCE_INDEX))
}

/// The conformance cases of a rule, as the embedded index records them.
pub fn fixtures_of(code: &str) -> Fixtures {
    fixtures().get(code).copied().unwrap_or_default()
}

/// Where a requirement stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum Status {
    /// Checkable, and every rule it names has flagged and accepted conformance cases.
    Covered,
    /// Checkable and checked, but some rule it names lacks a flagged or an accepted case.
    RuleWithoutFixtures,
    /// Checkable, and no rule checks it yet.
    NotCovered,
    /// A capture cannot show a violation.
    NotCheckable,
}

impl Status {
    /// A short label.
    pub const fn as_str(self) -> &'static str {
        match self {
            Status::Covered => "covered",
            Status::RuleWithoutFixtures => "rule without fixtures",
            Status::NotCovered => "not covered",
            Status::NotCheckable => "not checkable",
        }
    }
}

/// Where `requirement` stands, with the embedded conformance index.
pub fn status(requirement: &Requirement) -> Status {
    if !requirement.checkable {
        Status::NotCheckable
    } else if requirement.rules.is_empty() {
        Status::NotCovered
    } else if requirement.rules.iter().all(|c| fixtures_of(c).complete()) {
        Status::Covered
    } else {
        Status::RuleWithoutFixtures
    }
}

/// Requirements counted: covered, checkable, total.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Counts {
    /// Covered by a rule with flagged and accepted cases.
    pub covered: usize,
    /// That a capture can show.
    pub checkable: usize,
    /// All.
    pub total: usize,
}

impl Counts {
    fn add(&mut self, status: Status) {
        self.total += 1;
        if status != Status::NotCheckable {
            self.checkable += 1;
        }
        if status == Status::Covered {
            self.covered += 1;
        }
    }

    /// `covered / checkable / total`.
    pub fn fraction(self) -> String {
        format!("{} / {} / {}", self.covered, self.checkable, self.total)
    }

    /// The covered share of the checkable requirements, in whole percent.
    pub fn percent(self) -> usize {
        (self.covered * 100)
            .checked_div(self.checkable)
            .unwrap_or(100)
    }

    fn json(self) -> Value {
        json!({"covered": self.covered, "checkable": self.checkable, "total": self.total})
    }
}

/// The coverage of one protocol version, or of the whole registry.
#[derive(Debug, Clone)]
pub struct Coverage {
    /// The version, or `None` for every requirement of the registry (each counted once).
    pub version: Option<ProtocolVersion>,
    /// Every requirement counted.
    pub total: Counts,
    /// Per section, in report order (sections without requirements left out).
    pub sections: Vec<(Section, Counts)>,
    /// MUST and MUST NOT.
    pub absolute: Counts,
    /// SHOULD and SHOULD NOT.
    pub recommended: Counts,
    /// The checkable requirements that are not covered, with their status.
    pub gaps: Vec<(&'static Requirement, Status)>,
}

/// Counts the requirements of `version` (of every version when `None`).
pub fn coverage(version: Option<ProtocolVersion>) -> Coverage {
    let mut total = Counts::default();
    let mut sections: BTreeMap<Section, Counts> = BTreeMap::new();
    let mut absolute = Counts::default();
    let mut recommended = Counts::default();
    let mut gaps = Vec::new();
    for r in &registry().requirements {
        if version.is_some_and(|v| !r.applies_to(v)) {
            continue;
        }
        let s = status(r);
        total.add(s);
        sections.entry(r.section).or_default().add(s);
        if r.level.is_absolute() {
            absolute.add(s);
        } else {
            recommended.add(s);
        }
        if matches!(s, Status::NotCovered | Status::RuleWithoutFixtures) {
            gaps.push((r, s));
        }
    }
    Coverage {
        version,
        total,
        sections: sections.into_iter().collect(),
        absolute,
        recommended,
        gaps,
    }
}

/// The report of `mcpvet rules --coverage [--protocol V]`.
pub fn coverage_text(version: Option<ProtocolVersion>) -> String {
    fn row(out: &mut String, label: &str, counts: Counts) {
        let _ = writeln!(
            out,
            "  {label:<26}  {:>7}  {:>9}  {:>5}  {:>3}%",
            counts.covered,
            counts.checkable,
            counts.total,
            counts.percent()
        );
    }
    fn header(out: &mut String, first: &str) {
        let _ = writeln!(
            out,
            "  {first:<26}  covered  checkable  total  covered of checkable"
        );
    }
    let c = coverage(version);
    let mut out = String::new();
    if let Some(v) = version {
        let _ = writeln!(out, "Protocol requirements of {v} that the rules check\n");
    } else {
        out.push_str("Protocol requirements that the rules check\n\n");
        header(&mut out, "version");
        for v in ProtocolVersion::ALL {
            row(&mut out, v.as_str(), coverage(Some(v)).total);
        }
        out.push_str("\nEach requirement once, over every version:\n\n");
    }
    header(&mut out, "section");
    for (section, counts) in &c.sections {
        row(&mut out, section.title(), *counts);
    }
    out.push('\n');
    row(&mut out, "MUST, MUST NOT", c.absolute);
    row(&mut out, "SHOULD, SHOULD NOT", c.recommended);
    row(&mut out, "total", c.total);
    out.push('\n');
    if c.gaps.is_empty() {
        out.push_str("Every checkable requirement is covered.\n");
    } else {
        let _ = writeln!(
            out,
            "Checkable requirements not covered ({}):",
            c.gaps.len()
        );
        for (r, s) in &c.gaps {
            let _ = writeln!(
                out,
                "  {} ({}, {})",
                r.id,
                r.level.as_str(),
                r.versions_label()
            );
            let _ = writeln!(out, "      {}", r.text);
            if *s == Status::RuleWithoutFixtures {
                let _ = writeln!(
                    out,
                    "      {}: {}",
                    s.as_str(),
                    missing_fixtures(r).join(", ")
                );
            }
        }
    }
    out.push_str("\nEvery requirement, with the rules that check it: docs/coverage.md.\n");
    out
}

/// The rules of `requirement` that lack a flagged or an accepted conformance case.
fn missing_fixtures(requirement: &Requirement) -> Vec<String> {
    requirement
        .rules
        .iter()
        .filter(|c| !fixtures_of(c).complete())
        .cloned()
        .collect()
}

/// The same report as JSON: totals, sections, levels, and every requirement counted with its
/// status.
pub fn coverage_json(version: Option<ProtocolVersion>) -> Value {
    let c = coverage(version);
    let sections: Vec<Value> = c
        .sections
        .iter()
        .map(|(s, counts)| {
            let mut v = counts.json();
            if let Some(o) = v.as_object_mut() {
                o.insert("section".into(), s.name().into());
            }
            v
        })
        .collect();
    let requirements: Vec<Value> = registry()
        .requirements
        .iter()
        .filter(|r| version.is_none_or(|v| r.applies_to(v)))
        .map(|r| {
            json!({
                "id": r.id,
                "section": r.section.name(),
                "versions": r.versions.iter().map(|v| v.as_str()).collect::<Vec<_>>(),
                "level": r.level.as_str(),
                "party": r.party.as_str(),
                "text": r.text,
                "url": r.url(),
                "checkable": r.checkable,
                "reason": r.reason,
                "rules": r.rules,
                "note": r.note,
                "status": status(r).as_str(),
            })
        })
        .collect();
    let versions: Vec<Value> = ProtocolVersion::ALL
        .into_iter()
        .filter(|v| version.is_none_or(|w| w == *v))
        .map(|v| {
            let mut counts = coverage(Some(v)).total.json();
            if let Some(o) = counts.as_object_mut() {
                o.insert("version".into(), v.as_str().into());
            }
            counts
        })
        .collect();
    json!({
        "protocol": version.map(ProtocolVersion::as_str),
        "versions": versions,
        "total": c.total.json(),
        "sections": sections,
        "levels": {"must": c.absolute.json(), "should": c.recommended.json()},
        "requirements": requirements,
    })
}

/// `docs/coverage.md`: the figures per version and section, then every requirement by
/// section with its status and rules.
pub fn coverage_page() -> String {
    let mut out = String::from(
        "# Protocol coverage\n\n\
         Every normative sentence (MUST, MUST NOT, SHOULD, SHOULD NOT) of the MCP base \
         protocol, lifecycle, transports, utilities, client and server features, per protocol \
         version, and the rules that check it. The registry is \
         `crates/mcpvet_linter/requirements.toml`; this page is generated from it \
         (`cargo run -p mcpvet_dev -- generate-docs` or `MCPVET_BLESS=1 cargo test -p \
         mcpvet_linter --test requirements` rewrites it, and the test fails when it drifts). `mcpvet rules --coverage [--protocol VERSION]` prints the \
         same figures.\n\n\
         A requirement is *checkable* when a captured session can show its violation, and \
         *covered* when it is checkable and every rule it names has flagged and accepted cases \
         in the conformance suite (`tests/conformance/`). The HTTP transport requirements are \
         listed only as far as the HTTP rules go (issue 12); the tasks utility of 2025-11-25 \
         is not walked yet.\n\n\
         ## Per version\n\n\
         | version | covered | checkable | total | covered of checkable | MUST covered / checkable / total | SHOULD covered / checkable / total |\n\
         |---|---|---|---|---|---|---|\n",
    );
    for v in ProtocolVersion::ALL {
        let c = coverage(Some(v));
        let _ = writeln!(
            out,
            "| {v} | {} | {} | {} | {}% | {} | {} |",
            c.total.covered,
            c.total.checkable,
            c.total.total,
            c.total.percent(),
            c.absolute.fraction(),
            c.recommended.fraction()
        );
    }
    out.push_str("\n## Per section (covered / checkable / total)\n\n| section |");
    for v in ProtocolVersion::ALL {
        let _ = write!(out, " {v} |");
    }
    out.push_str("\n|---|");
    for _ in ProtocolVersion::ALL {
        out.push_str("---|");
    }
    out.push('\n');
    let per_version: Vec<Coverage> = ProtocolVersion::ALL
        .into_iter()
        .map(|v| coverage(Some(v)))
        .collect();
    for section in Section::ALL {
        let _ = write!(out, "| {} |", section.title());
        for c in &per_version {
            match c.sections.iter().find(|(s, _)| *s == section) {
                Some((_, counts)) => {
                    let _ = write!(out, " {} |", counts.fraction());
                }
                None => out.push_str(" – |"),
            }
        }
        out.push('\n');
    }
    out.push_str("\n## Requirements\n");
    for section in Section::ALL {
        let in_section: Vec<&Requirement> = registry()
            .requirements
            .iter()
            .filter(|r| r.section == section)
            .collect();
        if in_section.is_empty() {
            continue;
        }
        let _ = write!(
            out,
            "\n### {}\n\n| id | versions | level | party | requirement | status |\n|---|---|---|---|---|---|\n",
            section.title()
        );
        for r in in_section {
            let s = status(r);
            let detail = match s {
                Status::NotCheckable => {
                    format!("not checkable: {}", r.reason.as_deref().unwrap_or(""))
                }
                Status::NotCovered => "**not covered**".to_owned(),
                Status::Covered | Status::RuleWithoutFixtures => {
                    let links: Vec<String> = r
                        .rules
                        .iter()
                        .map(|c| format!("[{c}](rules/{c}.md)"))
                        .collect();
                    let mut d = links.join(", ");
                    if s == Status::RuleWithoutFixtures {
                        let _ = write!(
                            d,
                            " (**rule without fixtures**: {})",
                            missing_fixtures(r).join(", ")
                        );
                    }
                    d
                }
            };
            let mut text = r.text.clone();
            if let Some(note) = &r.note {
                let _ = write!(text, " *({note})*");
            }
            let _ = writeln!(
                out,
                "| [`{}`]({}) | {} | {} | {} | {} | {} |",
                r.id,
                r.url(),
                r.versions_label(),
                r.level.as_str(),
                r.party.as_str(),
                cell(&text),
                cell(&detail)
            );
        }
    }
    let allow = &registry().allow;
    if !allow.is_empty() {
        out.push_str(
            "\n## Session rules that check no sentence\n\n\
             These rules of the session families check hygiene or robustness rather than a \
             sentence of the specification.\n\n| rule | why |\n|---|---|\n",
        );
        for (code, reason) in allow {
            let _ = writeln!(out, "| [{code}](rules/{code}.md) | {} |", cell(reason));
        }
    }
    out
}

/// Text for a Markdown table cell.
fn cell(text: &str) -> String {
    text.replace('|', "\\|").replace('\n', " ")
}

/// The `## Requirements` section of a rule page: the requirements it enforces, or why it
/// enforces none; empty for rules the registry does not mention.
pub fn rule_section(code: &str) -> String {
    let requirements = for_rule(code);
    let mut out = String::new();
    if !requirements.is_empty() {
        out.push_str("\n## Requirements\n\nThe sentences of the specification this rule checks ");
        out.push_str(
            "(the registry: `crates/mcpvet_linter/requirements.toml`, docs/coverage.md):\n\n",
        );
        for r in requirements {
            let _ = write!(
                out,
                "- [`{}`]({}) ({}, {}): {}",
                r.id,
                r.url(),
                r.level.as_str(),
                r.versions_label(),
                r.text
            );
            if let Some(note) = &r.note {
                let _ = write!(out, " *({note})*");
            }
            out.push('\n');
        }
    } else if let Some(reason) = allowed(code) {
        let _ = write!(
            out,
            "\n## Requirements\n\nNone: this rule checks no sentence of the specification ({reason}).\n"
        );
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn version_specifications() {
        use ProtocolVersion as P;
        assert_eq!(parse_versions("all").unwrap(), P::ALL.to_vec());
        assert_eq!(
            parse_versions("2025-11-25+").unwrap(),
            vec![P::V2025_11_25, P::V2026_07_28]
        );
        assert_eq!(
            parse_versions("..2025-03-26").unwrap(),
            vec![P::V2024_11_05, P::V2025_03_26]
        );
        assert_eq!(
            parse_versions("2025-03-26..2025-06-18").unwrap(),
            vec![P::V2025_03_26, P::V2025_06_18]
        );
        assert_eq!(parse_versions("2025-03-26").unwrap(), vec![P::V2025_03_26]);
        assert!(parse_versions("draft").is_err());
        assert!(parse_versions("2025-99-99+").is_err());
        assert_eq!(versions_label(&P::ALL), "all versions");
        assert_eq!(
            versions_label(&[P::V2025_06_18, P::V2025_11_25, P::V2026_07_28]),
            "2025-06-18 and later"
        );
        assert_eq!(
            versions_label(&[P::V2024_11_05, P::V2025_03_26]),
            "up to 2025-03-26"
        );
        assert_eq!(
            versions_label(&[P::V2025_03_26, P::V2025_06_18]),
            "2025-03-26 to 2025-06-18"
        );
        assert_eq!(
            versions_label(&[P::V2024_11_05, P::V2026_07_28]),
            "2024-11-05, 2026-07-28"
        );
    }

    #[test]
    fn the_embedded_registry_parses() {
        let parsed = parse(REGISTRY_TOML);
        assert!(parsed.is_ok(), "{parsed:?}");
        assert!(!registry().requirements.is_empty());
    }

    #[test]
    fn malformed_registries_are_refused() {
        let entry = |extra: &str| {
            format!(
                "[[requirement]]\nid = \"a.b\"\nversions = \"all\"\nsection = \"base\"\n\
                 spec = \"x\"\nlevel = \"MUST\"\nparty = \"both\"\ntext = \"t\"\n{extra}"
            )
        };
        assert!(parse(&entry("checkable = true\nrules = [\"MCP401\"]\n")).is_ok());
        assert!(parse(&entry("checkable = false\n")).is_err());
        assert!(parse(&entry("checkable = true\nreason = \"r\"\n")).is_err());
        assert!(
            parse(&entry(
                "checkable = false\nreason = \"r\"\nrules = [\"MCP401\"]\n"
            ))
            .is_err()
        );
        assert!(parse(&entry("checkable = true\nextra = 1\n")).is_err());
        assert!(parse("[[requirement]]\nid = ").is_err());
    }

    #[test]
    fn conformance_index_round_trip() {
        let index = parse_conformance_index("# comment\nMCP401 2 1\nMCP402 0 3\nbad line\n");
        assert_eq!(index.len(), 2);
        assert!(index["MCP401"].complete());
        assert!(!index["MCP402"].complete());
    }
}
