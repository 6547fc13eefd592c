use mcpvet_diagnostics::{Reporter, Severity, declare_rule};
use mcpvet_json::{Value, ValueKind};

use super::{Manifest, Setting};
use crate::context::name;

declare_rule! {
    /// The `default` of a `user_config` setting does not fit its `type`, or lies outside its `min` and `max`.
    ///
    /// ## What it checks
    ///
    /// The JSON type of each setting's `default` against its `type`: a number for `number`,
    /// `true` or `false` for `boolean`, a string for `string`, and a string for `directory`
    /// and `file` (or an array of strings when the setting is `"multiple": true`). A number
    /// default below `min` or above `max` is a warning. Settings whose `type` is missing or
    /// unknown are left to `definition-structure` (MCP600).
    ///
    /// ## Why it matters
    ///
    /// The default fills the form the user sees and is passed to the server when the user
    /// keeps it. A default of another type is shown wrongly or rejected by the form (a
    /// `"10"` for a number field), a list of folders for a setting that takes one folder is
    /// passed as one joined string, and a default outside the allowed range is one the user
    /// could not have entered.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```json file=manifest.json
    /// {"manifest_version": "0.3", "name": "notes", "version": "1.0.0", "description": "Search notes.",
    ///  "author": {"name": "Ada"},
    ///  "server": {"type": "node", "entry_point": "server/index.js",
    ///    "mcp_config": {"command": "node", "args": ["${__dirname}/server/index.js", "--limit=${user_config.limit}"]}},
    ///  "tools": [{"name": "search_notes", "description": "Search the notes."}],
    ///  "user_config": {"limit": {"type": "number", "title": "Result limit",
    ///    "description": "How many notes a search returns.", "default": "20", "min": 1, "max": 100}}}
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```json file=manifest.json
    /// {"manifest_version": "0.3", "name": "notes", "version": "1.0.0", "description": "Search notes.",
    ///  "author": {"name": "Ada"},
    ///  "server": {"type": "node", "entry_point": "server/index.js",
    ///    "mcp_config": {"command": "node", "args": ["${__dirname}/server/index.js", "--limit=${user_config.limit}"]}},
    ///  "tools": [{"name": "search_notes", "description": "Search the notes."}],
    ///  "user_config": {"limit": {"type": "number", "title": "Result limit",
    ///    "description": "How many notes a search returns.", "default": 20, "min": 1, "max": 100}}}
    /// ```
    ///
    /// ## References
    ///
    /// - MCPB manifest specification (`MANIFEST.md`): user configuration, `default`, `multiple`, `min` and `max`
    pub(crate) static USER_CONFIG_DEFAULT_MISMATCH = {
        code: "MCP669",
        name: "user-config-default-mismatch",
        severity: Error,
        target: Server,
        since: "0.1.0",
    }
}

/// "a string", "an array"...
fn kind_name(value: Value<'_>) -> String {
    let kind = value.kind().name();
    let article = if kind.starts_with(['a', 'e', 'i', 'o', 'u']) {
        "an"
    } else {
        "a"
    };
    format!("{article} {kind}")
}

/// The number of member `key`, when it is one.
fn number(setting: &Setting<'_>, key: &str) -> Option<f64> {
    setting
        .value
        .get(key)
        .and_then(Value::as_number)
        .map(mcpvet_json::Number::as_f64)
}

/// What the default should be, when it is not.
fn expected(kind: &str, default: Value<'_>, multiple: bool) -> Option<&'static str> {
    let fits = match (kind, default.kind()) {
        ("number", k) => k == ValueKind::Number,
        ("boolean", k) => k == ValueKind::Bool,
        ("string", k) => k == ValueKind::String,
        ("directory" | "file", ValueKind::String) => true,
        ("directory" | "file", ValueKind::Array) => multiple,
        ("directory" | "file", _) => false,
        _ => return None,
    };
    if fits {
        return None;
    }
    Some(match kind {
        "number" => "a number",
        "boolean" => "`true` or `false`",
        "string" => "a string",
        _ if multiple => "a path or an array of paths",
        _ => "one path (an array needs `\"multiple\": true`)",
    })
}

/// Reports defaults of the wrong type, or out of range.
pub(crate) fn check(manifest: &Manifest<'_>, report: &mut Reporter<'_>) {
    for setting in &manifest.settings {
        let (Some(kind), Some(default)) = (setting.kind.as_deref(), setting.value.get("default"))
        else {
            continue;
        };
        // Values no setting may have (`null`, an object, an array of non-strings) are
        // reported by the structure rule.
        let foreign = match default.kind() {
            ValueKind::Null | ValueKind::Object | ValueKind::Error => true,
            ValueKind::Array => default.items().any(|i| i.kind() != ValueKind::String),
            _ => false,
        };
        if foreign {
            continue;
        }
        let key = name(&setting.name);
        if let Some(want) = expected(kind, default, setting.is_true("multiple")) {
            let help = match (kind, default.as_str()) {
                ("number", Some(text)) if text.trim().parse::<f64>().is_ok() => {
                    format!("write the number without quotes: `{}`", text.trim())
                }
                ("boolean", Some(text)) if matches!(text.as_ref(), "true" | "false") => {
                    format!("write `{text}` without quotes")
                }
                _ => format!("write a default of type `{kind}`, or change the setting's `type`"),
            };
            report.report(
                &USER_CONFIG_DEFAULT_MISMATCH,
                default,
                format!(
                    "the `default` of the `{kind}` setting `{key}` is {}; it should be {want}",
                    kind_name(default)
                ),
                help,
            );
            continue;
        }
        let Some(value) = default.as_number().map(mcpvet_json::Number::as_f64) else {
            continue;
        };
        let (min, max) = (number(setting, "min"), number(setting, "max"));
        // A range that no value fits is `misplaced-user-config-option`'s.
        if let (Some(min), Some(max)) = (min, max)
            && min > max
        {
            continue;
        }
        let outside = match (min, max) {
            (Some(min), _) if value < min => {
                Some(format!("below its `min` ({})", bound_text(setting, "min")))
            }
            (_, Some(max)) if value > max => {
                Some(format!("above its `max` ({})", bound_text(setting, "max")))
            }
            _ => None,
        };
        if let Some(outside) = outside {
            report.report_as(
                &USER_CONFIG_DEFAULT_MISMATCH,
                Severity::Warning,
                default,
                format!(
                    "the `default` of the setting `{key}` ({}) is {outside}",
                    default.source()
                ),
                "choose a default inside the range the user may enter, or widen the range",
            );
        }
    }
}

/// The bound `key` as written.
fn bound_text(setting: &Setting<'_>, key: &str) -> String {
    setting
        .value
        .get(key)
        .map(|v| v.source().to_owned())
        .unwrap_or_default()
}
