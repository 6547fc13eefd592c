use mcpvet_ast::config::StringValue;
use mcpvet_diagnostics::{Reporter, Severity, declare_rule};
use mcpvet_json::{Value, ValueKind};

use super::Manifest;
use crate::context::short;

declare_rule! {
    /// The icon of a desktop extension is a URL, an absolute path or a path with a variable, not a file of the bundle.
    ///
    /// ## What it checks
    ///
    /// `icon` and the `src` of each entry of `icons` must be paths relative to the bundle's
    /// root (`icon.png`, `assets/icon-32.png`). A URL (`https://...`, `data:...`) is a
    /// warning; an absolute path (`/Users/...`, `C:\...`) or a path with a variable such as
    /// `${__dirname}` is an error.
    ///
    /// ## Why it matters
    ///
    /// Claude Desktop shows only icon files inside the bundle, so a remote icon is not
    /// displayed (and would be fetched from a third party if it were). Variables are
    /// substituted only in `server.mcp_config`, never in `icon`, and an absolute path names
    /// a file on the author's machine: `mcpb validate` rejects both, and the extension has
    /// no icon anywhere else.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```json file=manifest.json
    /// {"manifest_version": "0.3", "name": "notes", "version": "1.0.0", "description": "Search notes.",
    ///  "author": {"name": "Ada"}, "icon": "https://notes.example.com/icon.png",
    ///  "server": {"type": "node", "entry_point": "server/index.js",
    ///    "mcp_config": {"command": "node", "args": ["${__dirname}/server/index.js"]}},
    ///  "tools": [{"name": "search_notes", "description": "Search the notes."}]}
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```json file=manifest.json
    /// {"manifest_version": "0.3", "name": "notes", "version": "1.0.0", "description": "Search notes.",
    ///  "author": {"name": "Ada"}, "icon": "icon.png",
    ///  "server": {"type": "node", "entry_point": "server/index.js",
    ///    "mcp_config": {"command": "node", "args": ["${__dirname}/server/index.js"]}},
    ///  "tools": [{"name": "search_notes", "description": "Search the notes."}]}
    /// ```
    ///
    /// ## References
    ///
    /// - MCPB manifest specification (`MANIFEST.md`): `icon`
    /// - MCPB, `src/node/validate.ts`: icon validation
    pub(crate) static ICON_NOT_IN_BUNDLE = {
        code: "MCP678",
        name: "icon-not-in-bundle",
        severity: Warning,
        target: Server,
        since: "0.1.0",
    }
}

/// Whether `text` starts with a URL scheme (`https:`, `data:`), not a drive letter.
fn has_scheme(text: &str) -> bool {
    let Some((scheme, _)) = text.split_once(':') else {
        return false;
    };
    scheme.len() > 1
        && scheme.starts_with(|c: char| c.is_ascii_alphabetic())
        && scheme
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.'))
}

fn is_absolute(text: &str) -> bool {
    let b = text.as_bytes();
    text.starts_with(['/', '\\', '~'])
        || (b.len() >= 2 && b[0].is_ascii_alphabetic() && b[1] == b':')
}

/// Judges one icon path.
fn judge(field: &str, value: Value<'_>, report: &mut Reporter<'_>) {
    let Some(path) = StringValue::from_value(value) else {
        return;
    };
    let text = path.value.trim();
    let shown = short(text, 60);
    let (severity, message, help) = if path.has_refs() {
        (
            Severity::Error,
            format!(
                "`{field}` `{shown}` uses a variable, but variables are substituted only in `server.mcp_config`"
            ),
            "write the path relative to the bundle's root, such as `icon.png`".to_owned(),
        )
    } else if has_scheme(text) {
        (
            Severity::Warning,
            format!(
                "`{field}` is the URL `{shown}`: Claude Desktop shows only icon files inside the bundle"
            ),
            "put the PNG file in the bundle and write its path, such as `icon.png`".to_owned(),
        )
    } else if is_absolute(text) {
        (
            Severity::Error,
            format!(
                "`{field}` `{shown}` is an absolute path, which names a file on the author's machine, not in the bundle"
            ),
            "write the path relative to the bundle's root, such as `icon.png`".to_owned(),
        )
    } else {
        return;
    };
    report.report_as(&ICON_NOT_IN_BUNDLE, severity, value, message, help);
}

/// Reports icons that are not files of the bundle.
pub(crate) fn check(manifest: &Manifest<'_>, report: &mut Reporter<'_>) {
    if let Some(icon) = manifest.root.get("icon") {
        judge("icon", icon, report);
    }
    let icons = manifest
        .root
        .get("icons")
        .filter(|i| i.kind() == ValueKind::Array);
    for (index, entry) in icons.iter().flat_map(|i| i.items()).enumerate() {
        if let Some(src) = entry.get("src") {
            judge(&format!("icons[{index}].src"), src, report);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{has_scheme, is_absolute};

    #[test]
    fn paths() {
        assert!(has_scheme("https://x.example/i.png"));
        assert!(has_scheme("data:image/png;base64,AAAA"));
        assert!(!has_scheme("C:\\icons\\i.png"));
        assert!(!has_scheme("icon.png"));
        assert!(is_absolute("C:\\icons\\i.png"));
        assert!(is_absolute("/Users/ada/icon.png"));
        assert!(!is_absolute("assets/icon.png"));
    }
}
