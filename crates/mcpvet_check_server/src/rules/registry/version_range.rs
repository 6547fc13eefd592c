use mcpvet_diagnostics::{Applicability, Edit, Fix, Reporter, Severity, declare_rule};
use mcpvet_json::{Value, ValueKind};

use super::{ServerJson, package_name, release_placeholder, string};
use crate::context::{opening, short};

declare_rule! {
    /// A `server.json` `version` (of the server or of a package) is a range, `latest` or empty instead of one specific version.
    ///
    /// ## What it checks
    ///
    /// The server's `version` and each package's `version` name one release. Flagged as
    /// errors, as the registry rejects them: a comparator range (`^1.2.3`, `~1.2`, `>=1`,
    /// `<2.0.0`, `=1.0.0`, `~=1.4`), a hyphen range (`1.0.0 - 2.0.0`), alternatives
    /// (`1.2 || 1.3`), a wildcard (`1.x`, `1.2.*`, `*`), the tag `latest`, and an empty
    /// version; also an `npm`, `pypi`, `nuget` or `cargo` package without `version` (those
    /// registries install a package by name and version; `oci` images carry their tag in
    /// the identifier and `mcpb` files their version in the URL). Where a single comparator
    /// holds the version it starts from (`^1.2.3`), the fix pins it (`1.2.3`).
    ///
    /// A server version that is not semantic versioning (`2024.10`, `v1.2.3`, `1.0`) is an
    /// information: the registry accepts it, but orders versions by semantic versioning, so
    /// the newest release may not be the one shown as latest.
    ///
    /// A version that is only a placeholder of a release script (`${VERSION}`, `$VERSION`,
    /// `{{ version }}`, `<<Version>>`) is not judged: the file is a template, and the script
    /// that publishes it writes the real version in first.
    ///
    /// ## Why it matters
    ///
    /// A published entry describes one release: clients install exactly the version it
    /// names, and the registry keeps one entry per version. A range installs whatever is
    /// newest on the day, which is not what was published or reviewed.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```json file=server.json
    /// {"$schema": "https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json",
    ///  "name": "io.github.acme/weather", "description": "Weather forecasts.", "version": "1.2.0",
    ///  "packages": [{"registryType": "npm", "identifier": "@acme/weather-mcp", "version": "^1.2.0",
    ///    "transport": {"type": "stdio"}}]}
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```json file=server.json
    /// {"$schema": "https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json",
    ///  "name": "io.github.acme/weather", "description": "Weather forecasts.", "version": "1.2.0",
    ///  "packages": [{"registryType": "npm", "identifier": "@acme/weather-mcp", "version": "1.2.0",
    ///    "transport": {"type": "stdio"}}]}
    /// ```
    ///
    /// ## References
    ///
    /// - MCP registry, `server.schema.json` (`version`: "Version ranges are rejected")
    /// - MCP registry, `docs/reference/server-json/CHANGELOG.md` (2025-10-11: `version` optional
    ///   for `oci` and `mcpb` packages)
    /// - Semantic Versioning 2.0.0
    pub(crate) static REGISTRY_VERSION_RANGE = {
        code: "MCP643",
        name: "registry-version-range",
        severity: Error,
        target: Server,
        since: "0.1.0",
    }
}

/// What a version string is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Verdict {
    /// A semantic version.
    Semver,
    /// One version, not semantic versioning.
    NotSemver,
    /// Empty (or only whitespace).
    Empty,
    /// The tag `latest`.
    Latest,
    /// A range; `pin` is the version a single comparator starts from, when it is in the
    /// range (`^1.2.3`, `>=1.2.3`, `=1.2.3`).
    Range {
        /// The version to pin to.
        pin: Option<String>,
    },
}

/// Registry types whose packages are installed by name and version.
const VERSIONED: &[&str] = &["npm", "pypi", "nuget", "cargo"];

/// Judges the server's version and each package's.
pub(crate) fn check(file: ServerJson<'_>, report: &mut Reporter<'_>) {
    if let Some(value) = file.root.get("version") {
        version(value, "the server's `version`", "", true, report);
    }
    for package in file.packages() {
        let owner = format!(" of {}", package_name(package));
        if let Some(value) = package.get("version") {
            version(value, "the `version`", &owner, false, report);
        } else if let Some((_, kind)) = string(package, "registryType")
            && VERSIONED.contains(&kind.as_ref())
        {
            report.report(
                &REGISTRY_VERSION_RANGE,
                opening(package),
                format!(
                    "{} has no `version`: packages from `{}` are installed by name and version",
                    package_name(package),
                    short(&kind, 20)
                ),
                "add the exact `version` of the package this entry publishes",
            );
        }
    }
}

/// Judges one `version`: `what` names it ("the server's `version`"), `owner` says whose it
/// is after the value (" of package `x`", or nothing).
fn version(value: Value<'_>, what: &str, owner: &str, server: bool, report: &mut Reporter<'_>) {
    if value.kind() != ValueKind::String {
        return;
    }
    let text = value.as_str().unwrap_or_default();
    if release_placeholder(&text) {
        return; // A template's value, filled in by the release script.
    }
    let shown = short(&text, 60);
    match judge(&text) {
        Verdict::NotSemver if server => {
            let trimmed = text.trim();
            let bare = trimmed.strip_prefix(['v', 'V']).filter(|b| judge(b) == Verdict::Semver);
            let mut d = REGISTRY_VERSION_RANGE
                .diagnostic_at(
                    value,
                    format!(
                        "{what} `{shown}`{owner} is not a semantic version (MAJOR.MINOR.PATCH): the registry accepts it but orders versions by semantic versioning"
                    ),
                )
                .with_severity(Severity::Info)
                .with_help(match bare {
                    Some(b) => format!("write `{b}`, without the `v`"),
                    None => "use MAJOR.MINOR.PATCH, such as `1.0.0` or `2.1.0-beta.1`".to_owned(),
                });
            if let (Some(b), Some(content)) = (bare, value.content_span()) {
                d = d.with_fix(Fix::new(
                    format!("write `{b}`"),
                    vec![Edit::new(content, b)],
                    Applicability::Unsafe,
                ));
            }
            report.push(d);
        }
        Verdict::Semver | Verdict::NotSemver => {}
        Verdict::Empty => report.report(
            &REGISTRY_VERSION_RANGE,
            value,
            format!("{what}{owner} is empty"),
            "write the exact version this entry publishes, such as `1.0.0`",
        ),
        Verdict::Latest => report.report(
            &REGISTRY_VERSION_RANGE,
            value,
            format!("{what}{owner} is `latest`, which the registry reserves: an entry names one specific version"),
            "write the exact version this entry publishes, such as `1.0.0`",
        ),
        Verdict::Range { pin } => {
            let mut d = REGISTRY_VERSION_RANGE
                .diagnostic_at(
                    value,
                    format!(
                        "{what} `{shown}`{owner} is a range: the registry accepts only one specific version"
                    ),
                )
                .with_help(match &pin {
                    Some(p) => format!("pin the version this entry publishes, such as `{p}`"),
                    None => "write the exact version this entry publishes, such as `1.0.0`".to_owned(),
                });
            if let (Some(p), Some(content)) = (pin, value.content_span()) {
                d = d.with_fix(Fix::new(
                    format!("pin `{p}`"),
                    vec![Edit::new(content, p)],
                    Applicability::Unsafe,
                ));
            }
            report.push(d);
        }
    }
}

/// What `version` is.
pub(crate) fn judge(version: &str) -> Verdict {
    const OPERATORS: [&str; 10] = ["~=", "==", "!=", ">=", "<=", "^", "~", ">", "<", "="];
    let t = version.trim();
    if t.is_empty() {
        return Verdict::Empty;
    }
    if t == "latest" {
        return Verdict::Latest;
    }
    if let Some(op) = OPERATORS.iter().find(|op| t.starts_with(**op)) {
        let rest = t[op.len()..].trim_start();
        let pin = (plain(rest) && matches!(*op, "^" | "~" | "~=" | ">=" | "==" | "="))
            .then(|| rest.to_owned());
        return Verdict::Range { pin };
    }
    if t.contains("||") {
        return Verdict::Range { pin: None };
    }
    if let Some((low, high)) = t.split_once(" - ")
        && plain(low.trim())
        && plain(high.trim())
    {
        return Verdict::Range { pin: None };
    }
    if wildcard(t) {
        return Verdict::Range { pin: None };
    }
    if semver(t) {
        Verdict::Semver
    } else {
        Verdict::NotSemver
    }
}

/// `v?N(.N){0,3}(-tag)?`: one version as ranges write it.
fn plain(text: &str) -> bool {
    let text = text.strip_prefix(['v', 'V']).unwrap_or(text);
    let (numbers, tag) = match text.split_once('-') {
        Some((n, t)) => (n, Some(t)),
        None => (text, None),
    };
    let parts: Vec<&str> = numbers.split('.').collect();
    parts.len() <= 4
        && parts
            .iter()
            .all(|p| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit()))
        && tag.is_none_or(|t| {
            !t.is_empty()
                && t.bytes()
                    .all(|b| b.is_ascii_alphanumeric() || b == b'.' || b == b'-')
        })
}

/// `1.x`, `1.2.*`, `*`, `X`: dotted numbers where at least one is a wildcard.
fn wildcard(text: &str) -> bool {
    let core = text.split_once('-').map_or(text, |(c, _)| c);
    let core = core.strip_prefix(['v', 'V']).unwrap_or(core);
    let parts: Vec<&str> = core.split('.').collect();
    let is_wild = |p: &&str| matches!(*p, "x" | "X" | "*");
    parts.len() <= 3
        && parts.iter().any(is_wild)
        && parts
            .iter()
            .all(|p| is_wild(p) || (!p.is_empty() && p.bytes().all(|b| b.is_ascii_digit())))
}

/// Semantic Versioning 2.0.0: `MAJOR.MINOR.PATCH`, an optional `-pre.release` and an
/// optional `+build`.
pub(crate) fn semver(text: &str) -> bool {
    let (rest, build) = match text.split_once('+') {
        Some((r, b)) => (r, Some(b)),
        None => (text, None),
    };
    let (core, pre) = match rest.split_once('-') {
        Some((c, p)) => (c, Some(p)),
        None => (rest, None),
    };
    let numeric = |p: &str| {
        !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit()) && (p == "0" || !p.starts_with('0'))
    };
    let identifiers = |s: &str, numbers_canonical: bool| {
        s.split('.').all(|id| {
            !id.is_empty()
                && id.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-')
                && (!numbers_canonical || !id.bytes().all(|b| b.is_ascii_digit()) || numeric(id))
        })
    };
    let parts: Vec<&str> = core.split('.').collect();
    parts.len() == 3
        && parts.iter().all(|p| numeric(p))
        && pre.is_none_or(|p| identifiers(p, true))
        && build.is_none_or(|b| identifiers(b, false))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranges_and_tags() {
        for range in [
            "^1.2.3",
            "~1.2",
            ">=1",
            ">= 1.0.0",
            "<2.0.0",
            "=1.0.0",
            "~=1.4",
            "==2.0",
            "1.x",
            "1.2.*",
            "1.X",
            "*",
            "x",
            "1.2.x-beta",
            "1.0.0 - 2.0.0",
            "1.2 || 1.3",
            ">=1.0 <2.0",
            "!=1.0",
        ] {
            assert!(matches!(judge(range), Verdict::Range { .. }), "{range}");
        }
        assert_eq!(
            judge("^1.2.3"),
            Verdict::Range {
                pin: Some("1.2.3".into())
            }
        );
        assert_eq!(
            judge(">= 1.0.0"),
            Verdict::Range {
                pin: Some("1.0.0".into())
            }
        );
        assert_eq!(judge("<2.0.0"), Verdict::Range { pin: None });
        assert_eq!(judge(">=1.0 <2.0"), Verdict::Range { pin: None });
        assert_eq!(judge("latest"), Verdict::Latest);
        assert_eq!(judge("  "), Verdict::Empty);
    }

    #[test]
    fn versions() {
        for v in [
            "1.0.0",
            "0.6.2",
            "2.1.0-alpha",
            "0.4.0-beta",
            "1.0.0-rc.1+build.5",
            "1.1298.0",
        ] {
            assert_eq!(judge(v), Verdict::Semver, "{v}");
        }
        for v in [
            "1.0", "v1.2.3", "2024.10", "1.0.0.0", "01.2.3", "1.2.3-01", "next", "1.2.3-",
            "0.5.0a1",
        ] {
            assert_eq!(judge(v), Verdict::NotSemver, "{v}");
        }
    }
}
