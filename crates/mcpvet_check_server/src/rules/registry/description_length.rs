use mcpvet_diagnostics::{Reporter, Severity, declare_rule};
use mcpvet_json::Value;

use super::ServerJson;

declare_rule! {
    /// A `server.json` `description` or `title` is empty or longer than the 100 characters the registry accepts.
    ///
    /// ## What it checks
    ///
    /// `description` (required) and `title` (optional) hold 1 to 100 characters, counted as
    /// the registry counts them: Unicode characters (code points) of the decoded string, so
    /// an escape such as `\u00e9` is one character and so is an emoji written as one code
    /// point, whatever its bytes. A text too long is reported from its 101st character to
    /// its end; an empty one at the string. A `title` of spaces only is rejected too (an
    /// error); a `description` of spaces only is a warning.
    ///
    /// ## Why it matters
    ///
    /// The registry rejects the whole file at publish time. Registries and clients show the
    /// description in lists, where one short sentence about what the server does is what
    /// fits.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```json file=server.json
    /// {"$schema": "https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json",
    ///  "name": "io.github.acme/weather", "version": "1.0.0",
    ///  "description": "Weather forecasts, severe weather alerts, historical observations and climate normals for any city in the world, in metric or imperial units."}
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```json file=server.json
    /// {"$schema": "https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json",
    ///  "name": "io.github.acme/weather", "version": "1.0.0",
    ///  "description": "Forecasts, alerts and climate data for any city."}
    /// ```
    ///
    /// ## References
    ///
    /// - MCP registry, `server.schema.json` (`description`, `title`: 1 to 100 characters)
    /// - MCP registry, `docs/reference/server-json/examples/invalid/description-too-long.json`
    pub(crate) static REGISTRY_DESCRIPTION_LENGTH = {
        code: "MCP642",
        name: "registry-description-length",
        severity: Error,
        target: Server,
        since: "0.1.0",
    }
}

/// The most characters the registry accepts in `description` and `title`.
pub(crate) const MAX: usize = 100;

/// Judges `description` and `title`.
pub(crate) fn check(file: ServerJson<'_>, report: &mut Reporter<'_>) {
    for key in ["description", "title"] {
        if let Some(value) = file.root.get(key) {
            judge(key, value, report);
        }
    }
}

fn judge(key: &str, value: Value<'_>, report: &mut Reporter<'_>) {
    let Some(decoded) = value.decoded() else {
        return; // Not a string: the structure rule reports it.
    };
    let text = decoded.text();
    let count = text.chars().count();
    if count == 0 {
        report.report(
            &REGISTRY_DESCRIPTION_LENGTH,
            value,
            format!("`{key}` is empty: the registry needs 1 to {MAX} characters"),
            if key == "title" {
                "write a short display name, or remove `title`"
            } else {
                "say in one sentence what the server does"
            },
        );
    } else if text.trim().is_empty() {
        let severity = if key == "title" {
            Severity::Error
        } else {
            Severity::Warning
        };
        report.report_as(
            &REGISTRY_DESCRIPTION_LENGTH,
            severity,
            value,
            format!("`{key}` holds only whitespace"),
            if key == "title" {
                "write a short display name, or remove `title`"
            } else {
                "say in one sentence what the server does"
            },
        );
    } else if count > MAX {
        let cut = text.char_indices().nth(MAX).map_or(text.len(), |(i, _)| i);
        let d = REGISTRY_DESCRIPTION_LENGTH
            .diagnostic(
                decoded.span(cut..text.len()),
                format!(
                    "`{key}` is {count} characters long: the registry accepts at most {MAX} (the excess is marked)"
                ),
            )
            .with_path(value.path())
            .with_help(if key == "title" {
                "shorten the title to a display name"
            } else {
                "shorten it to one sentence about what the server does; details belong in the repository's README"
            });
        report.push(d);
    }
}
