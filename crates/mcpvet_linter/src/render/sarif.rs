//! SARIF 2.1.0, as GitHub code scanning reads it (`mcpvet config --format sarif`).
//!
//! One run for the whole invocation:
//!
//! - `tool.driver`: `name`, `version`, `semanticVersion`, `informationUri` and the `rules`
//!   (by default those that fired, sorted by code; [`SarifOptions::all_rules`] lists the whole
//!   catalog). Each rule has `id` = its code, `name` = its kebab-case name,
//!   `shortDescription` (the one-sentence summary), `fullDescription` (the "What it checks"
//!   section), `help` (text: summary and link; Markdown: the rule page), `helpUri`,
//!   `defaultConfiguration.level` and `properties` (`tags`, `problem.severity`, family,
//!   status). Texts GitHub limits (1024 characters) are cut to fit.
//! - `columnKind: "unicodeCodePoints"`: columns count code points, as in the text and JSON
//!   outputs.
//! - each result: `ruleId`, `ruleIndex`, `level` (`error`, `warning`, `note`),
//!   `message.text` (the message, then the help), one location whose `region` has
//!   `startLine`, `startColumn`, `endLine`, `endColumn` (just after the last character, as
//!   SARIF wants) and the exact bytes as `byteOffset` and `byteLength`;
//!   `relatedLocations` for secondary labels; `fixes` for suggested edits;
//!   `partialFingerprints` and `properties` (`path`, `pointer`, `messageIndex`).
//! - `artifactLocation.uri`: the path as given, with forward slashes and percent-encoded;
//!   relative paths carry `uriBaseId: "%SRCROOT%"` (GitHub resolves them against the
//!   repository root), absolute ones become `file://` URIs.
//! - `partialFingerprints["mcpvet/v1"]`: a 64-bit FNV-1a hash of the rule code, the URI and
//!   the JSON path of the finding (the line and column when it has none), then `:n` for the
//!   n-th finding with the same hash. It follows the finding when lines move and never holds
//!   the text of the input. (GitHub's upload action adds its own `primaryLocationLineHash`.)
//!
//! No source text is copied into the log; messages, labels, paths and fix texts are masked
//! where they hold a redacted secret.
use std::collections::HashMap;
use std::fmt::Write as _;

use mcpvet_diagnostics::{Diagnostic, Family, RuleMeta, Severity};
use serde::Serialize;

use mcpvet_diagnostics::redact::Redactor;

use super::common::{Place, place, truncate_chars};
use super::{INFORMATION_URI, TOOL_NAME, TOOL_VERSION};
use crate::docs::rule_url;
use crate::report::FileReport;

/// The `$schema` written in every log.
pub const SARIF_SCHEMA_URI: &str = "https://json.schemastore.org/sarif-2.1.0.json";

/// The key of mcpvet's fingerprint in `partialFingerprints`.
pub const FINGERPRINT_KEY: &str = "mcpvet/v1";

/// The base relative artifact URIs are resolved against.
const SRCROOT: &str = "%SRCROOT%";

/// GitHub's limit on `shortDescription` and `fullDescription`.
const MAX_DESCRIPTION_CHARS: usize = 1024;

/// How to render SARIF.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct SarifOptions {
    /// List every rule of the catalog in `tool.driver.rules`, not only those that fired.
    pub all_rules: bool,
    /// The language of the rule titles (`shortDescription`, `help.text`); the rest of a rule
    /// page, and every finding's message, stay in English.
    pub lang: crate::i18n::Lang,
}

impl SarifOptions {
    /// The default: only the rules that fired.
    pub fn new() -> Self {
        SarifOptions::default()
    }

    /// Sets [`all_rules`](Self::all_rules).
    #[must_use]
    pub fn with_all_rules(mut self, yes: bool) -> Self {
        self.all_rules = yes;
        self
    }

    /// Sets [`lang`](Self::lang).
    #[must_use]
    pub fn with_lang(mut self, lang: crate::i18n::Lang) -> Self {
        self.lang = lang;
        self
    }
}

/// Renders the reports of one run as a SARIF 2.1.0 log, indented, ending with a line break.
///
/// ```
/// use mcpvet_linter::render::sarif::{SarifOptions, render_sarif};
/// use mcpvet_linter::{ConfigOptions, lint_config};
/// use mcpvet_text::SourceFile;
///
/// let file = SourceFile::new(".mcp.json", "{\"mcpServers\": {\"a\": {\"command\": \"x\",}}}").unwrap();
/// let report = lint_config(&file, &ConfigOptions::default());
/// let sarif = render_sarif(&[report], &SarifOptions::new());
/// assert!(sarif.contains("\"columnKind\": \"unicodeCodePoints\""));
/// ```
pub fn render_sarif(reports: &[FileReport], options: &SarifOptions) -> String {
    let catalog = crate::registry::rules();
    let fired: Vec<&str> = {
        let mut codes: Vec<&str> = reports
            .iter()
            .flat_map(|r| r.diagnostics.iter().map(|d| d.code().as_str()))
            .collect();
        codes.sort_unstable();
        codes.dedup();
        codes
    };
    // The rules listed, in code order, and the index of each code among them.
    let mut rules: Vec<Rule> = Vec::new();
    let mut index: HashMap<&str, usize> = HashMap::new();
    let by_code: HashMap<&str, &RuleMeta> = catalog.iter().map(|r| (r.code.as_str(), *r)).collect();
    let mut codes: Vec<&str> = if options.all_rules {
        catalog.iter().map(|r| r.code.as_str()).collect()
    } else {
        Vec::new()
    };
    codes.extend(fired.iter().copied());
    codes.sort_unstable();
    codes.dedup();
    for code in codes {
        index.insert(code, rules.len());
        rules.push(match by_code.get(code) {
            Some(meta) => rule_descriptor(meta, options.lang),
            None => unknown_rule(code),
        });
    }
    let mut results = Vec::new();
    let mut seen: HashMap<u64, usize> = HashMap::new();
    for report in reports {
        let redactor = report.redactor();
        let artifact = artifact_location(report.source.name());
        for d in &report.diagnostics {
            let code = d.code().as_str();
            results.push(result(
                report,
                d,
                index.get(code).copied().unwrap_or(0),
                &artifact,
                &redactor,
                &mut seen,
            ));
        }
    }
    let log = Log {
        schema: SARIF_SCHEMA_URI,
        version: "2.1.0",
        runs: vec![Run {
            tool: Tool {
                driver: Driver {
                    name: TOOL_NAME,
                    version: TOOL_VERSION,
                    semantic_version: TOOL_VERSION,
                    information_uri: INFORMATION_URI,
                    rules,
                },
            },
            original_uri_base_ids: OriginalBases {
                srcroot: BaseLocation {
                    description: Text {
                        text: "The directory mcpvet ran in; relative paths are relative to it."
                            .to_owned(),
                    },
                },
            },
            column_kind: "unicodeCodePoints",
            results,
        }],
    };
    // Serializing plain structs with string keys cannot fail.
    let mut out = serde_json::to_string_pretty(&log).unwrap_or_default();
    out.push('\n');
    out
}

#[derive(Serialize)]
struct Log {
    #[serde(rename = "$schema")]
    schema: &'static str,
    version: &'static str,
    runs: Vec<Run>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Run {
    tool: Tool,
    original_uri_base_ids: OriginalBases,
    column_kind: &'static str,
    results: Vec<SarifResult>,
}

#[derive(Serialize)]
struct OriginalBases {
    #[serde(rename = "%SRCROOT%")]
    srcroot: BaseLocation,
}

#[derive(Serialize)]
struct BaseLocation {
    description: Text,
}

#[derive(Serialize)]
struct Tool {
    driver: Driver,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Driver {
    name: &'static str,
    version: &'static str,
    semantic_version: &'static str,
    information_uri: &'static str,
    rules: Vec<Rule>,
}

#[derive(Serialize)]
struct Text {
    text: String,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Rule {
    id: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    name: Option<&'static str>,
    short_description: Text,
    full_description: Text,
    help: Help,
    #[serde(skip_serializing_if = "Option::is_none")]
    help_uri: Option<String>,
    default_configuration: Configuration,
    properties: RuleProperties,
}

#[derive(Serialize)]
struct Help {
    text: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    markdown: Option<String>,
}

#[derive(Serialize)]
struct Configuration {
    level: &'static str,
}

#[derive(Serialize)]
struct RuleProperties {
    tags: Vec<&'static str>,
    #[serde(rename = "problem.severity")]
    problem_severity: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    family: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    status: Option<String>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct SarifResult {
    rule_id: &'static str,
    rule_index: usize,
    level: &'static str,
    message: Text,
    locations: Vec<Location>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    related_locations: Vec<Location>,
    partial_fingerprints: HashMap<&'static str, String>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    fixes: Vec<SarifFix>,
    #[serde(skip_serializing_if = "ResultProperties::is_empty")]
    properties: ResultProperties,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct ResultProperties {
    #[serde(skip_serializing_if = "Option::is_none")]
    path: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pointer: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    message_index: Option<u32>,
}

impl ResultProperties {
    fn is_empty(&self) -> bool {
        self.path.is_none() && self.pointer.is_none() && self.message_index.is_none()
    }
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
#[expect(clippy::struct_field_names, reason = "SARIF's property names")]
struct Location {
    #[serde(skip_serializing_if = "Option::is_none")]
    id: Option<usize>,
    physical_location: PhysicalLocation,
    #[serde(skip_serializing_if = "Option::is_none")]
    message: Option<Text>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct PhysicalLocation {
    artifact_location: ArtifactLocation,
    region: Region,
}

#[derive(Serialize, Clone)]
#[serde(rename_all = "camelCase")]
pub(crate) struct ArtifactLocation {
    uri: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    uri_base_id: Option<&'static str>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Region {
    start_line: u32,
    start_column: u32,
    end_line: u32,
    end_column: u32,
    byte_offset: u32,
    byte_length: u32,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct SarifFix {
    description: Text,
    artifact_changes: Vec<ArtifactChange>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct ArtifactChange {
    artifact_location: ArtifactLocation,
    replacements: Vec<Replacement>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Replacement {
    deleted_region: Region,
    inserted_content: Text,
}

const fn level(severity: Severity) -> &'static str {
    match severity {
        Severity::Error => "error",
        Severity::Warning => "warning",
        _ => "note",
    }
}

fn rule_descriptor(meta: &RuleMeta, lang: crate::i18n::Lang) -> Rule {
    let summary = crate::i18n::rule_title(meta, lang).into_owned();
    let docs = meta.docs();
    let what = section(&docs, "What it checks").unwrap_or_else(|| summary.clone());
    let url = rule_url(meta);
    let mut tags = vec!["mcp", meta.family.name()];
    if meta.family == Family::Secrets {
        tags.push("security");
    }
    Rule {
        id: meta.code.as_str(),
        name: Some(meta.name),
        short_description: Text {
            text: truncate_chars(&summary, MAX_DESCRIPTION_CHARS).into_owned(),
        },
        full_description: Text {
            text: truncate_chars(&what, MAX_DESCRIPTION_CHARS).into_owned(),
        },
        help: Help {
            text: crate::i18n::format(
                lang,
                "report.sarif.see",
                &[("title", &summary), ("url", &url)],
            ),
            markdown: Some(crate::docs::rule_page(meta)),
        },
        help_uri: Some(url),
        default_configuration: Configuration {
            level: level(meta.default_severity),
        },
        properties: RuleProperties {
            tags,
            problem_severity: match meta.default_severity {
                Severity::Error => "error",
                Severity::Warning => "warning",
                _ => "recommendation",
            },
            family: Some(meta.family.name()),
            status: Some(meta.status.to_string()),
        },
    }
}

/// A descriptor for a code missing from the catalog (never expected; keeps the log valid).
fn unknown_rule(code: &'static str) -> Rule {
    Rule {
        id: code,
        name: None,
        short_description: Text {
            text: format!("mcpvet rule {code}"),
        },
        full_description: Text {
            text: format!("mcpvet rule {code}"),
        },
        help: Help {
            text: format!("mcpvet rule {code}; `mcpvet rules` lists the catalog."),
            markdown: None,
        },
        help_uri: None,
        default_configuration: Configuration { level: "warning" },
        properties: RuleProperties {
            tags: vec!["mcp"],
            problem_severity: "warning",
            family: None,
            status: None,
        },
    }
}

/// The text of a `## {title}` section of a rule page, paragraphs joined into one line each.
fn section(docs: &str, title: &str) -> Option<String> {
    let heading = format!("## {title}");
    let start = docs.lines().position(|l| l.trim() == heading)?;
    let mut paragraphs: Vec<String> = Vec::new();
    let mut current = String::new();
    let mut in_fence = false;
    for line in docs.lines().skip(start + 1) {
        let t = line.trim();
        if t.starts_with("```") {
            in_fence = !in_fence;
            continue;
        }
        if in_fence {
            continue;
        }
        if t.starts_with("## ") {
            break;
        }
        if t.is_empty() {
            if !current.is_empty() {
                paragraphs.push(std::mem::take(&mut current));
            }
        } else {
            if !current.is_empty() {
                current.push(' ');
            }
            current.push_str(t);
        }
    }
    if !current.is_empty() {
        paragraphs.push(current);
    }
    let text = paragraphs.join("\n\n");
    (!text.is_empty()).then_some(text)
}

fn result(
    report: &FileReport,
    d: &Diagnostic,
    rule_index: usize,
    artifact: &ArtifactLocation,
    redactor: &Redactor,
    seen: &mut HashMap<u64, usize>,
) -> SarifResult {
    let code = d.code().as_str();
    let at = place(&report.source, d.span());
    let mut message = redactor.clean(d.message());
    if let Some(help) = d.help() {
        let _ = write!(message, "\nhelp: {}", redactor.scrub(help));
    }
    let path = d.path().map(ToString::to_string);
    let anchor = path
        .clone()
        .unwrap_or_else(|| format!("@{}:{}", at.line, at.column));
    let hash = fnv1a(&[code, &artifact.uri, &anchor]);
    let n = seen.entry(hash).or_insert(0);
    *n += 1;
    let fingerprint = format!("{hash:016x}:{n}");
    let related = d
        .secondary()
        .iter()
        .enumerate()
        .map(|(i, label)| Location {
            id: Some(i + 1),
            physical_location: PhysicalLocation {
                artifact_location: artifact.clone(),
                region: region(place(&report.source, label.span())),
            },
            message: Some(Text {
                text: label
                    .message()
                    .map_or_else(|| "related location".to_owned(), |m| redactor.clean(m)),
            }),
        })
        .collect();
    let fixes = d
        .fix()
        .map(|fix| SarifFix {
            description: Text {
                text: redactor.clean(fix.message()),
            },
            artifact_changes: vec![ArtifactChange {
                artifact_location: artifact.clone(),
                replacements: fix
                    .edits()
                    .iter()
                    .map(|e| Replacement {
                        deleted_region: region(place(&report.source, e.span())),
                        inserted_content: Text {
                            text: redactor.clean(e.replacement()),
                        },
                    })
                    .collect(),
            }],
        })
        .into_iter()
        .collect();
    SarifResult {
        rule_id: code,
        rule_index,
        level: level(d.severity()),
        message: Text { text: message },
        locations: vec![Location {
            id: None,
            physical_location: PhysicalLocation {
                artifact_location: artifact.clone(),
                region: region(at),
            },
            message: d.primary().message().map(|m| Text {
                text: redactor.clean(m),
            }),
        }],
        related_locations: related,
        partial_fingerprints: HashMap::from([(FINGERPRINT_KEY, fingerprint)]),
        fixes,
        properties: ResultProperties {
            pointer: d.path().map(mcpvet_diagnostics::JsonPath::to_pointer),
            path,
            message_index: d.message_index(),
        },
    }
}

fn region(p: Place) -> Region {
    Region {
        start_line: p.line,
        start_column: p.column,
        end_line: p.end_line,
        end_column: p.end_column,
        byte_offset: p.start,
        byte_length: p.end - p.start,
    }
}

/// The artifact location of a file named `path` on the command line: a relative reference
/// against `%SRCROOT%`, or a `file://` URI for an absolute path.
pub(crate) fn artifact_location(path: &str) -> ArtifactLocation {
    let slashed = path.replace('\\', "/");
    let bytes = slashed.as_bytes();
    let drive =
        bytes.len() >= 3 && bytes[0].is_ascii_alphabetic() && bytes[1] == b':' && bytes[2] == b'/';
    if slashed.starts_with("//") {
        // A UNC path: \\server\share\file.
        ArtifactLocation {
            uri: format!("file:{}", encode(&slashed)),
            uri_base_id: None,
        }
    } else if slashed.starts_with('/') {
        ArtifactLocation {
            uri: format!("file://{}", encode(&slashed)),
            uri_base_id: None,
        }
    } else if drive {
        ArtifactLocation {
            uri: format!("file:///{}", encode(&slashed)),
            uri_base_id: None,
        }
    } else {
        let mut relative = slashed.as_str();
        while let Some(rest) = relative.strip_prefix("./") {
            relative = rest;
        }
        ArtifactLocation {
            uri: encode(relative),
            uri_base_id: Some(SRCROOT),
        }
    }
}

/// Percent-encodes everything but unreserved characters, `/` and a drive letter's `:`.
fn encode(path: &str) -> String {
    let mut out = String::with_capacity(path.len());
    for (i, b) in path.bytes().enumerate() {
        let keep = b.is_ascii_alphanumeric()
            || matches!(b, b'-' | b'.' | b'_' | b'~' | b'/')
            || (b == b':' && i == 1 && path.as_bytes()[0].is_ascii_alphabetic());
        if keep {
            out.push(char::from(b));
        } else {
            let _ = write!(out, "%{b:02X}");
        }
    }
    out
}

/// 64-bit FNV-1a over the parts, each followed by a zero byte.
fn fnv1a(parts: &[&str]) -> u64 {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for part in parts {
        for &b in part.as_bytes().iter().chain(&[0u8]) {
            hash ^= u64::from(b);
            hash = hash.wrapping_mul(0x0100_0000_01b3);
        }
    }
    hash
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn artifact_uris() {
        let t = |p: &str| {
            let a = artifact_location(p);
            (a.uri, a.uri_base_id)
        };
        assert_eq!(
            t(".vscode/mcp.json"),
            (".vscode/mcp.json".into(), Some(SRCROOT))
        );
        assert_eq!(
            t("./a b/mcp.json"),
            ("a%20b/mcp.json".into(), Some(SRCROOT))
        );
        assert_eq!(t(r"sub\.mcp.json"), ("sub/.mcp.json".into(), Some(SRCROOT)));
        assert_eq!(
            t("/home/me/.cursor/mcp.json"),
            ("file:///home/me/.cursor/mcp.json".into(), None)
        );
        assert_eq!(
            t(r"C:\Users\Me\AppData\Roaming\Claude\claude_desktop_config.json"),
            (
                "file:///C:/Users/Me/AppData/Roaming/Claude/claude_desktop_config.json".into(),
                None
            )
        );
        assert_eq!(
            t(r"\\server\share\mcp.json"),
            ("file://server/share/mcp.json".into(), None)
        );
        assert_eq!(t("<stdin>"), ("%3Cstdin%3E".into(), Some(SRCROOT)));
        assert_eq!(t("é.json"), ("%C3%A9.json".into(), Some(SRCROOT)));
    }

    #[test]
    fn fnv_is_the_standard_one() {
        // FNV-1a 64 of "a" is 0xaf63dc4c8601ec8c; ours appends a zero byte per part.
        let mut h: u64 = 0xcbf2_9ce4_8422_2325;
        h ^= u64::from(b'a');
        h = h.wrapping_mul(0x0100_0000_01b3);
        assert_eq!(h, 0xaf63_dc4c_8601_ec8c);
        assert_ne!(fnv1a(&["ab", "c"]), fnv1a(&["a", "bc"]));
    }

    #[test]
    fn sections() {
        let docs = "Summary.\n\n## What it checks\n\nOne\ntwo.\n\n```json\n{}\n```\n\nThree.\n\n## Why\n\nx\n";
        assert_eq!(
            section(docs, "What it checks").unwrap(),
            "One two.\n\nThree."
        );
        assert_eq!(section(docs, "Missing"), None);
    }
}
