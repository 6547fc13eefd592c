use mcpvet_diagnostics::{Reporter, declare_rule};
use mcpvet_json::{Value, ValueKind};

use super::{Manifest, object};
use crate::context::{name, short};

declare_rule! {
    /// A version requirement in a desktop extension's `compatibility` is not a version range.
    ///
    /// ## What it checks
    ///
    /// The client versions of `compatibility` (`claude_desktop` and any other client's
    /// name) and `compatibility.runtimes.node` must be semver ranges: comparators such as
    /// `>=0.10.0`, `^1.2`, `~1.2.3`, `1.x`, `>=1.0.0 <2.0.0`, hyphen ranges and `||`.
    /// `compatibility.runtimes.python` may also use Python's spelling (`>=3.8,<4.0`,
    /// `~=3.10`, `==3.11.*`).
    ///
    /// ## Why it matters
    ///
    /// The client compares its own version and its runtimes with these ranges before
    /// installing the extension. A requirement it cannot read (`0.10+`, `latest`, `node 18`)
    /// either blocks the installation everywhere or is ignored, so the extension installs
    /// where it cannot run.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```json file=manifest.json
    /// {"manifest_version": "0.3", "name": "notes", "version": "1.0.0", "description": "Search notes.",
    ///  "author": {"name": "Ada"},
    ///  "server": {"type": "node", "entry_point": "server/index.js",
    ///    "mcp_config": {"command": "node", "args": ["${__dirname}/server/index.js"]}},
    ///  "tools": [{"name": "search_notes", "description": "Search the notes."}],
    ///  "compatibility": {"claude_desktop": "0.10+", "runtimes": {"node": ">=18.0.0"}}}
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```json file=manifest.json
    /// {"manifest_version": "0.3", "name": "notes", "version": "1.0.0", "description": "Search notes.",
    ///  "author": {"name": "Ada"},
    ///  "server": {"type": "node", "entry_point": "server/index.js",
    ///    "mcp_config": {"command": "node", "args": ["${__dirname}/server/index.js"]}},
    ///  "tools": [{"name": "search_notes", "description": "Search the notes."}],
    ///  "compatibility": {"claude_desktop": ">=0.10.0", "runtimes": {"node": ">=18.0.0"}}}
    /// ```
    ///
    /// ## References
    ///
    /// - MCPB manifest specification (`MANIFEST.md`): compatibility, client version constraints
    /// - npm `semver`: range syntax
    /// - PEP 440: version specifiers
    pub(crate) static INVALID_VERSION_RANGE = {
        code: "MCP677",
        name: "invalid-version-range",
        severity: Warning,
        target: Server,
        since: "0.1.0",
    }
}

/// Comparison operators, longest first; the first four are Python's only.
const OPERATORS: [&str; 12] = [
    "===", "==", "!=", "~=", "<=", ">=", "~>", "<", ">", "=", "~", "^",
];

/// Whether `text` is a version range (`python`: a Python version specifier also).
pub(crate) fn is_range(text: &str, python: bool) -> bool {
    let text = text.trim();
    !text.is_empty() && text.split("||").all(|set| is_set(set.trim(), python))
}

fn is_set(set: &str, python: bool) -> bool {
    if set.is_empty() {
        return false;
    }
    if let Some((low, high)) = set.split_once(" - ") {
        return is_version(low.trim(), python) && is_version(high.trim(), python);
    }
    let mut tokens = set
        .split(|c: char| c.is_whitespace() || (python && c == ','))
        .filter(|t| !t.is_empty());
    while let Some(token) = tokens.next() {
        let op = OPERATORS
            .iter()
            .enumerate()
            .find(|(i, op)| (python || *i >= 4) && token.starts_with(**op))
            .map_or("", |(_, op)| *op);
        let mut version = &token[op.len()..];
        if version.is_empty() && !op.is_empty() {
            // `>= 1.2.0`: the version is the next token.
            version = tokens.next().unwrap_or("");
        }
        if !is_version(version, python) {
            return false;
        }
    }
    true
}

/// A full or partial version: `1`, `1.2`, `1.2.3`, `1.x`, `*`, `1.2.3-beta.1+build`; for
/// Python also four parts, `3.11.*` and suffixes such as `3.13rc1`.
fn is_version(text: &str, python: bool) -> bool {
    let text = text.strip_prefix(['v', 'V']).unwrap_or(text);
    let ident = |s: &str| {
        !s.is_empty()
            && s.split('.')
                .all(|p| !p.is_empty() && p.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-'))
    };
    let (core, build) = match text.split_once('+') {
        Some((c, b)) => (c, Some(b)),
        None => (text, None),
    };
    if build.is_some_and(|b| !ident(b)) {
        return false;
    }
    let (core, pre) = match core.split_once('-') {
        Some((c, p)) if !python => (c, Some(p)),
        _ => (core, None),
    };
    if pre.is_some_and(|p| !ident(p)) {
        return false;
    }
    let parts: Vec<&str> = core.split('.').collect();
    let most = if python { 4 } else { 3 };
    if parts.is_empty() || parts.len() > most {
        return false;
    }
    let last = parts.len() - 1;
    parts.iter().enumerate().all(|(i, part)| {
        let wildcard = matches!(*part, "x" | "X" | "*");
        let digits = !part.is_empty() && part.bytes().all(|b| b.is_ascii_digit());
        // `3.13rc1`, `3.8.post1`.
        let suffixed = python && i == last && {
            let n = part.bytes().take_while(u8::is_ascii_digit).count();
            let rest = &part[n..];
            let letters = rest.bytes().take_while(u8::is_ascii_alphabetic).count();
            n > 0 && letters > 0 && rest[letters..].bytes().all(|b| b.is_ascii_digit())
        };
        digits || wildcard || suffixed
    })
}

/// Reports requirements that are not ranges.
pub(crate) fn check(manifest: &Manifest<'_>, report: &mut Reporter<'_>) {
    let Some(compatibility) = object(manifest.root.get("compatibility")) else {
        return;
    };
    let mut fields: Vec<(String, Value<'_>, bool)> = Vec::new();
    for member in compatibility.members() {
        let key = member.key_str();
        match key.as_ref() {
            "platforms" => {}
            "runtimes" => {
                for runtime in object(Some(member.value)).iter().flat_map(|r| r.members()) {
                    let name = runtime.key_str();
                    let python = name == "python";
                    fields.push((format!("runtimes.{name}"), runtime.value, python));
                }
            }
            _ => fields.push((key.into_owned(), member.value, false)),
        }
    }
    for (field, value, python) in fields {
        if value.kind() != ValueKind::String {
            continue;
        }
        let text = value.as_str().unwrap_or_default();
        if is_range(&text, python) {
            continue;
        }
        let example = if python { "`>=3.10`" } else { "`>=1.2.0`" };
        report.report(
            &INVALID_VERSION_RANGE,
            value,
            format!(
                "`compatibility.{}` is `{}`, which is not a version range",
                name(&field),
                short(&text, 40)
            ),
            format!("write a range of versions, such as {example} or `>=1.0.0 <2.0.0`"),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::is_range;

    #[test]
    fn ranges() {
        for ok in [
            ">=0.10.0",
            "^1.2",
            "~1.2.3",
            "1.x",
            "*",
            ">=1.0.0 <2.0.0",
            "1.2 - 2.3.4",
            ">= 16",
            "16 || >=18.0.0",
            "v1.2.3-beta.1+build.5",
            "=1.0.0",
        ] {
            assert!(is_range(ok, false), "{ok}");
        }
        for bad in [
            "", "0.10+", "latest", "node 18", ">=", "1.2.3.4", ">=1..2", "1.2 -",
        ] {
            assert!(!is_range(bad, false), "{bad}");
        }
        for ok in [
            ">=3.8,<4.0",
            ">=3.8.0 <4",
            "~=3.10",
            "==3.11.*",
            ">=3.13rc1",
            "3.10.1.1",
        ] {
            assert!(is_range(ok, true), "{ok}");
        }
        assert!(!is_range("python3", true));
        assert!(!is_range("==3.11.*", false));
    }
}
