use mcpvet_diagnostics::{Applicability, Edit, Fix, Reporter, declare_rule};
use mcpvet_json::Value;

use super::{ServerJson, package_name, string};
use crate::context::opening;

declare_rule! {
    /// An `mcpb` package of a `server.json` has no `fileSha256`, or a `fileSha256` is not 64 lowercase hexadecimal characters.
    ///
    /// ## What it checks
    ///
    /// A package downloaded as a file (`"registryType": "mcpb"`) must carry the SHA-256 of
    /// that file in `fileSha256`; any package that has a `fileSha256` must write it as 64
    /// lowercase hexadecimal characters. The finding says what is wrong: uppercase digits
    /// (the fix lowercases them), a `sha256:` prefix (the fix removes it), a length other
    /// than 64 (another hash, or a truncated one), characters that are not hexadecimal (a
    /// base64 digest).
    ///
    /// ## Why it matters
    ///
    /// Clients verify the downloaded bundle against this hash before running it: it is
    /// what stops a replaced release asset from running on every machine that installs
    /// the server. The registry rejects an `mcpb` package without one, and a hash in
    /// another form.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```json file=server.json
    /// {"$schema": "https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json",
    ///  "name": "io.github.acme/editor", "description": "Text editing tools.", "version": "1.0.2",
    ///  "packages": [{"registryType": "mcpb",
    ///    "identifier": "https://github.com/acme/editor-mcp/releases/download/v1.0.2/editor.mcpb",
    ///    "transport": {"type": "stdio"}}]}
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```json file=server.json
    /// {"$schema": "https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json",
    ///  "name": "io.github.acme/editor", "description": "Text editing tools.", "version": "1.0.2",
    ///  "packages": [{"registryType": "mcpb",
    ///    "identifier": "https://github.com/acme/editor-mcp/releases/download/v1.0.2/editor.mcpb",
    ///    "fileSha256": "fe333e598595000ae021bd27117db32ec69af6987f507ba7a63c90638ff633ce",
    ///    "transport": {"type": "stdio"}}]}
    /// ```
    ///
    /// ## References
    ///
    /// - MCP registry, `server.schema.json` (`fileSha256`: `^[a-f0-9]{64}$`, required for MCPB
    ///   packages)
    /// - MCP registry, `docs/reference/server-json/CHANGELOG.md` (2025-10-11)
    pub(crate) static PACKAGE_FILE_HASH = {
        code: "MCP644",
        name: "package-file-hash",
        severity: Error,
        target: Server,
        since: "0.1.0",
    }
}

/// What is wrong with a `fileSha256` text, and the corrected text when it is clear.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum HashProblem {
    /// Hexadecimal with uppercase digits.
    Uppercase(String),
    /// A `sha256:` prefix before a valid hash.
    Prefixed(String),
    /// Hexadecimal of another length.
    Length(usize),
    /// Characters that are not hexadecimal; whether it looks like base64.
    NotHex { base64: bool },
}

/// Judges the `fileSha256` of each package, and its presence on `mcpb` packages.
pub(crate) fn check(file: ServerJson<'_>, report: &mut Reporter<'_>) {
    for package in file.packages() {
        match package.get("fileSha256") {
            Some(value) => hash(package, value, report),
            None => {
                if string(package, "registryType").is_some_and(|(_, t)| t == "mcpb") {
                    report.report(
                        &PACKAGE_FILE_HASH,
                        opening(package),
                        format!(
                            "{} is an `mcpb` file without `fileSha256`: clients cannot verify what they download",
                            package_name(package)
                        ),
                        "add `\"fileSha256\"` with the SHA-256 of the released file (`sha256sum FILE` or `shasum -a 256 FILE`)",
                    );
                }
            }
        }
    }
}

fn hash(package: Value<'_>, value: Value<'_>, report: &mut Reporter<'_>) {
    let Some(text) = value.as_str() else {
        return; // Not a string: the structure rule reports it.
    };
    let Some(problem) = judge(&text) else {
        return;
    };
    let subject = format!("the `fileSha256` of {}", package_name(package));
    let (message, help, fixed) = match problem {
        HashProblem::Uppercase(fixed) => (
            format!(
                "{subject} has uppercase hexadecimal digits: the registry reads lowercase only"
            ),
            "write the hash in lowercase".to_owned(),
            Some(fixed),
        ),
        HashProblem::Prefixed(fixed) => (
            format!(
                "{subject} starts with `sha256:`: the member holds the hexadecimal digest alone"
            ),
            "remove the `sha256:` prefix".to_owned(),
            Some(fixed),
        ),
        HashProblem::Length(n) => (
            format!("{subject} has {n} hexadecimal characters: a SHA-256 has 64"),
            "compute the SHA-256 of the released file (`sha256sum FILE`), not another hash"
                .to_owned(),
            None,
        ),
        HashProblem::NotHex { base64 } => (
            if base64 {
                format!("{subject} looks like base64: the registry reads 64 hexadecimal characters")
            } else {
                format!(
                    "{subject} is not hexadecimal: the registry reads 64 hexadecimal characters"
                )
            },
            "write the hexadecimal SHA-256 of the released file (`sha256sum FILE`)".to_owned(),
            None,
        ),
    };
    let mut d = PACKAGE_FILE_HASH
        .diagnostic_at(value, message)
        .with_help(help);
    if let (Some(fixed), Some(content)) = (fixed, value.content_span()) {
        d = d.with_fix(Fix::new(
            "write the digest as the registry reads it",
            vec![Edit::new(content, fixed)],
            Applicability::Safe,
        ));
    }
    report.push(d);
}

/// What is wrong with `text` as a `fileSha256`, if anything.
pub(crate) fn judge(text: &str) -> Option<HashProblem> {
    let lower_hex =
        |s: &str| s.len() == 64 && s.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f'));
    if lower_hex(text) {
        return None;
    }
    let hex = |s: &str| s.bytes().all(|b| b.is_ascii_hexdigit());
    for prefix in ["sha256:", "SHA256:", "sha256-", "sha-256:"] {
        if let Some(rest) = text.strip_prefix(prefix)
            && rest.len() == 64
            && hex(rest)
        {
            return Some(HashProblem::Prefixed(rest.to_ascii_lowercase()));
        }
    }
    if hex(text) && !text.is_empty() {
        return Some(if text.len() == 64 {
            HashProblem::Uppercase(text.to_ascii_lowercase())
        } else {
            HashProblem::Length(text.len())
        });
    }
    let base64 = text.len() == 44
        && text.ends_with('=')
        && text
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'+' | b'/' | b'=' | b'-' | b'_'));
    Some(HashProblem::NotHex { base64 })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hash_forms() {
        let hash = "fe333e598595000ae021bd27117db32ec69af6987f507ba7a63c90638ff633ce";
        assert_eq!(judge(hash), None);
        assert_eq!(
            judge(&hash.to_ascii_uppercase()),
            Some(HashProblem::Uppercase(hash.to_owned()))
        );
        assert_eq!(
            judge(&format!("sha256:{hash}")),
            Some(HashProblem::Prefixed(hash.to_owned()))
        );
        assert_eq!(judge(&hash[..40]), Some(HashProblem::Length(40)));
        assert_eq!(
            judge("/jMeWYWVAArgIb0nEX2zLsaa9pi_UHuqemPJBjj/M84="),
            Some(HashProblem::NotHex { base64: true })
        );
        assert_eq!(judge(""), Some(HashProblem::NotHex { base64: false }));
        assert_eq!(judge("TODO"), Some(HashProblem::NotHex { base64: false }));
    }
}
