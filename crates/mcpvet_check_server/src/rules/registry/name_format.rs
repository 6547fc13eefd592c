use std::ops::Range;

use mcpvet_diagnostics::{Applicability, Edit, Fix, Reporter, Severity, declare_rule};

use super::{ServerJson, release_placeholder};
use crate::context::short;

declare_rule! {
    /// A `server.json` `name` is not a reverse-DNS namespace and a server name separated by exactly one `/`.
    ///
    /// ## What it checks
    ///
    /// The registry names a server `<namespace>/<name>`: 3 to 200 characters, exactly one
    /// `/`; the namespace of letters, digits, `.` and `-`, the name of letters, digits, `.`,
    /// `_` and `-`, each at least two characters that start and end with a letter or digit.
    /// The finding points at the first character that breaks the form and says what is
    /// wrong: no `/` at all, a second `/` (a repository path such as
    /// `github.com/owner/repo`), an npm package name pasted in (`@scope/pkg`), a URL, a
    /// space or another character the form does not allow, a name too short or too long.
    ///
    /// As a warning, a namespace that cannot be reverse DNS: one without a dot (the official
    /// registry publishes under `io.github.<user>` or a domain the publisher proves to own,
    /// written reversed), or a domain written in forward order (`example.com/weather`, whose
    /// fix reverses it to `com.example/weather`).
    ///
    /// A name that is only a placeholder of a release script (`${SERVER_NAME}`,
    /// `{{ name }}`, `<<ServerName>>`) is not judged: the file is a template, and the script
    /// that publishes it writes the real name in first.
    ///
    /// ## Why it matters
    ///
    /// The registry rejects a name out of this form at publish time, and grants each
    /// namespace to whoever proves its domain or GitHub account: a namespace in the wrong
    /// order or without a domain can never be published.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```json file=server.json
    /// {"$schema": "https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json",
    ///  "name": "@acme/weather-mcp", "description": "Weather forecasts.", "version": "1.0.0"}
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```json file=server.json
    /// {"$schema": "https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json",
    ///  "name": "io.github.acme/weather-mcp", "description": "Weather forecasts.", "version": "1.0.0"}
    /// ```
    ///
    /// ## References
    ///
    /// - MCP registry, `server.schema.json` (`name`: pattern, 3 to 200 characters)
    /// - MCP registry, `official-registry-requirements.md` (namespace authentication)
    pub(crate) static REGISTRY_NAME_FORMAT = {
        code: "MCP641",
        name: "registry-name-format",
        severity: Error,
        target: Server,
        since: "0.1.0",
    }
}

/// What is wrong with a name, where (a byte range of the decoded name), and what to do.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Problem {
    pub(crate) range: Range<usize>,
    pub(crate) severity: Severity,
    pub(crate) message: String,
    pub(crate) help: String,
    /// A replacement of the whole name.
    pub(crate) fix: Option<String>,
}

/// Top-level labels that start a reversed domain (and end a forward one).
const TLDS: &[&str] = &[
    "ai", "app", "biz", "ca", "ch", "cloud", "cn", "co", "com", "de", "dev", "edu", "eu", "fr",
    "gov", "in", "info", "io", "it", "jp", "me", "net", "nl", "org", "sh", "tech", "uk", "us",
    "xyz",
];

/// Judges the `name` of the file.
pub(crate) fn check(file: ServerJson<'_>, report: &mut Reporter<'_>) {
    let Some(value) = file.root.get("name") else {
        return;
    };
    let Some(decoded) = value.decoded() else {
        return;
    };
    if release_placeholder(decoded.text()) {
        return; // A template's value, filled in by the release script.
    }
    let Some(problem) = judge(decoded.text()) else {
        return;
    };
    let mut d = REGISTRY_NAME_FORMAT
        .diagnostic(decoded.span(problem.range.clone()), problem.message)
        .with_path(value.path())
        .with_severity(problem.severity)
        .with_help(problem.help);
    if let (Some(fix), Some(content)) = (problem.fix, value.content_span()) {
        d = d.with_fix(Fix::new(
            format!("rename the server `{fix}`"),
            vec![Edit::new(content, fix)],
            Applicability::Unsafe,
        ));
    }
    report.push(d);
}

fn problem(range: Range<usize>, message: String, help: impl Into<String>) -> Problem {
    Problem {
        range,
        severity: Severity::Error,
        message,
        help: help.into(),
        fix: None,
    }
}

const FORM: &str = "a server name is `<namespace>/<name>` with a reverse-DNS namespace, such as `io.github.<user>/<name>` or `com.example/<name>`";

/// The first problem of `name`, if any.
pub(crate) fn judge(name: &str) -> Option<Problem> {
    let shown = short(name, 60);
    let whole = 0..name.len();
    let chars = name.chars().count();
    if chars < 3 {
        return Some(problem(
            whole,
            format!(
                "the server name `{shown}` is {chars} characters long: the registry needs 3 to 200"
            ),
            FORM,
        ));
    }
    if chars > 200 {
        let cut = name.char_indices().nth(200).map_or(name.len(), |(i, _)| i);
        return Some(problem(
            cut..name.len(),
            format!("the server name is {chars} characters long: the registry accepts at most 200"),
            "shorten the name",
        ));
    }
    if let Some(rest) = name.strip_prefix('@')
        && let Some((scope, package)) = rest.split_once('/')
    {
        return Some(problem(
            whole,
            format!("the server name `{shown}` is an npm package name: {FORM}"),
            format!(
                "name the server in a namespace you can prove, for example `io.github.{}/{}`, and keep the package name in `packages[].identifier`",
                short(scope, 40),
                short(package, 60)
            ),
        ));
    }
    if let Some((_, after)) = name.split_once("://") {
        let suggestion = github_path(after).map_or_else(
            || FORM.to_owned(),
            |(owner, repo)| format!("for this repository, `io.github.{owner}/{repo}`"),
        );
        return Some(problem(
            whole,
            format!("the server name `{shown}` is a URL: {FORM}"),
            format!("write the name, not a link: {suggestion}"),
        ));
    }
    let slashes: Vec<usize> = name.match_indices('/').map(|(i, _)| i).collect();
    let Some(&slash) = slashes.first() else {
        let help = match name.rsplit_once('.') {
            Some((namespace, last)) if !namespace.is_empty() && !last.is_empty() => {
                format!(
                    "separate the namespace from the name with `/`: `{}/{}`",
                    short(namespace, 60),
                    short(last, 60)
                )
            }
            _ => format!("put it in a namespace: `io.github.<user>/{shown}`"),
        };
        return Some(problem(
            whole,
            format!("the server name `{shown}` has no `/`: {FORM}"),
            help,
        ));
    };
    if let Some(&second) = slashes.get(1) {
        let help = github_path(name).map_or_else(
            || {
                "keep one `/` between the namespace and the name; join the rest with `-` or `.`"
                    .to_owned()
            },
            |(owner, repo)| {
                format!("for this repository, name the server `io.github.{owner}/{repo}`")
            },
        );
        return Some(problem(
            second..second + 1,
            format!(
                "the server name `{shown}` has {} `/`: exactly one separates the namespace from the name",
                slashes.len()
            ),
            help,
        ));
    }
    let (namespace, server) = (&name[..slash], &name[slash + 1..]);
    if namespace.is_empty() || server.is_empty() {
        let which = if namespace.is_empty() {
            "namespace"
        } else {
            "name"
        };
        return Some(problem(
            slash..slash + 1,
            format!("the server name `{shown}` has an empty {which} part: {FORM}"),
            format!("write the {which} on its side of the `/`"),
        ));
    }
    if let Some(p) = part(namespace, 0, "namespace", |c| {
        c.is_ascii_alphanumeric() || matches!(c, '.' | '-')
    }) {
        return Some(p);
    }
    if let Some(p) = part(server, slash + 1, "name", |c| {
        c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | '_')
    }) {
        return Some(p);
    }
    reverse_dns(namespace, server)
}

/// `owner` and `repo` of `github.com/owner/repo` (with or without `www.` and a scheme).
fn github_path(text: &str) -> Option<(String, String)> {
    let text = text.split_once("://").map_or(text, |(_, rest)| rest);
    let rest = text
        .strip_prefix("www.")
        .unwrap_or(text)
        .strip_prefix("github.com/")?;
    let mut segments = rest.split('/');
    let (owner, repo) = (segments.next()?, segments.next()?);
    let repo = repo.trim_end_matches(".git");
    (!owner.is_empty() && !repo.is_empty()).then(|| (short(owner, 40), short(repo, 60)))
}

/// The problem of one side of the `/`, which starts at byte `at` of the name.
fn part(text: &str, at: usize, which: &str, allowed: impl Fn(char) -> bool) -> Option<Problem> {
    if let Some((i, c)) = text.char_indices().find(|&(_, c)| !allowed(c)) {
        let what = match c {
            ' ' => "a space".to_owned(),
            c if c.is_whitespace() || c.is_control() => {
                "a whitespace or control character".to_owned()
            }
            c => format!("`{}`", short(&c.to_string(), 1)),
        };
        let allowed_text = if which == "namespace" {
            "letters, digits, `.` and `-`"
        } else {
            "letters, digits, `.`, `_` and `-`"
        };
        return Some(problem(
            at + i..at + i + c.len_utf8(),
            format!(
                "the server {which} `{}` contains {what}: it may hold only {allowed_text}",
                short(text, 60)
            ),
            format!(
                "replace it with `-`, or remove it (for example `{}`)",
                short(&suggest(text, &allowed), 60)
            ),
        ));
    }
    if text.len() < 2 {
        return Some(problem(
            at..at + text.len(),
            format!(
                "the server {which} `{text}` is one character: the registry needs at least two"
            ),
            format!("write a longer {which}"),
        ));
    }
    let first = text.chars().next()?;
    let last = text.chars().next_back()?;
    for (c, range, side) in [
        (first, at..at + first.len_utf8(), "start"),
        (
            last,
            at + text.len() - last.len_utf8()..at + text.len(),
            "end",
        ),
    ] {
        if !c.is_ascii_alphanumeric() {
            return Some(problem(
                range,
                format!(
                    "the server {which} `{}` {side}s with `{c}`: it must start and end with a letter or digit",
                    short(text, 60)
                ),
                format!("remove the `{c}`"),
            ));
        }
    }
    None
}

/// `text` with each character not `allowed` replaced by `-`, runs merged, ends trimmed.
fn suggest(text: &str, allowed: &impl Fn(char) -> bool) -> String {
    let mut out = String::new();
    for c in text.chars() {
        if allowed(c) {
            out.push(c);
        } else if !out.ends_with('-') {
            out.push('-');
        }
    }
    out.trim_matches(|c: char| !c.is_ascii_alphanumeric())
        .to_owned()
}

/// The warnings about a namespace of a valid form that cannot be reverse DNS.
fn reverse_dns(namespace: &str, server: &str) -> Option<Problem> {
    let labels: Vec<&str> = namespace.split('.').collect();
    let range = 0..namespace.len();
    if labels.len() < 2 {
        return Some(Problem {
            range,
            severity: Severity::Warning,
            message: format!(
                "the namespace `{}` is not reverse DNS: the official registry publishes only under `io.github.<user>` or a domain the publisher owns, written reversed",
                short(namespace, 60)
            ),
            help: format!(
                "use `io.github.<your GitHub user or organization>/{}` or `<your domain, reversed>/{}`",
                short(server, 60),
                short(server, 60)
            ),
            fix: None,
        });
    }
    let tld = |label: &str| TLDS.contains(&label.to_ascii_lowercase().as_str());
    let (first, last) = (labels[0], labels[labels.len() - 1]);
    if tld(last) && !tld(first) {
        let reversed: Vec<&str> = labels.iter().rev().copied().collect();
        let reversed = reversed.join(".");
        return Some(Problem {
            range,
            severity: Severity::Warning,
            message: format!(
                "the namespace `{}` is a domain in forward order: a namespace is reversed, `{}`",
                short(namespace, 60),
                short(&reversed, 60)
            ),
            help: format!("name the server `{reversed}/{server}`"),
            fix: Some(format!("{reversed}/{server}")),
        });
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(name: &str) -> Option<(&str, Severity)> {
        judge(name).map(|p| (&name[p.range], p.severity))
    }

    #[test]
    fn valid_names() {
        for name in [
            "io.github.user/weather",
            "com.example/x1",
            "io.modelcontextprotocol.anonymous/brave-search",
            "com.example.api/server_v2.1",
            "io.github.joelverhagen/knapcode-samplemcpserver",
        ] {
            assert_eq!(judge(name), None, "{name}");
        }
    }

    #[test]
    fn each_problem_points_at_its_character() {
        use Severity::{Error, Warning};
        assert_eq!(at("ab"), Some(("ab", Error)));
        assert_eq!(at("@acme/weather-mcp"), Some(("@acme/weather-mcp", Error)));
        assert!(
            judge("@acme/weather-mcp")
                .unwrap()
                .help
                .contains("io.github.acme/weather-mcp")
        );
        assert_eq!(at("weather"), Some(("weather", Error)));
        assert!(
            judge("com.example.weather")
                .unwrap()
                .help
                .contains("`com.example/weather`")
        );
        assert_eq!(at("github.com/acme/weather"), Some(("/", Error)));
        assert_eq!(judge("github.com/acme/weather").unwrap().range, 15..16);
        assert!(
            judge("github.com/acme/weather")
                .unwrap()
                .help
                .contains("io.github.acme/weather")
        );
        assert!(
            judge("https://github.com/acme/weather.git")
                .unwrap()
                .help
                .contains("io.github.acme/weather`")
        );
        assert_eq!(at("/weather"), Some(("/", Error)));
        assert_eq!(at("io.github.acme/"), Some(("/", Error)));
        assert_eq!(at("io.github.acme/my server"), Some((" ", Error)));
        assert!(
            judge("io.github.acme/my server")
                .unwrap()
                .message
                .contains("a space")
        );
        assert_eq!(at("io_github.acme/x1"), Some(("_", Error)));
        assert_eq!(at("io.github.acme/wéather"), Some(("é", Error)));
        assert_eq!(at("io.github.acme/-weather"), Some(("-", Error)));
        assert_eq!(at("io.github.acme/weather."), Some((".", Error)));
        assert_eq!(at("io.github.acme/w"), Some(("w", Error)));
        let long = format!("io.github.acme/{}", "a".repeat(190));
        assert_eq!(judge(&long).unwrap().range, 200..long.len());
        assert_eq!(at("acme/weather"), Some(("acme", Warning)));
        assert_eq!(at("example.com/weather"), Some(("example.com", Warning)));
        assert_eq!(
            judge("acme.github.io/weather").unwrap().fix.as_deref(),
            Some("io.github.acme/weather")
        );
    }
}
