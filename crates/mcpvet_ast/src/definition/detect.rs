//! Which format a server definition is in, from its content (and, when the content alone
//! does not tell, its file name).
use mcpvet_json::{Value, ValueKind};

use super::{DefinitionFormat, ItemKind};

/// Members of a list result besides its items.
const LIST_RESULT_KEYS: &[&str] = &["_meta", "cacheScope", "nextCursor", "resultType", "ttlMs"];

/// Root members only the neutral definition format has.
const DEFINITION_ROOT_KEYS: &[&str] = &["environment", "publish", "settings"];

/// Item members only the neutral definition format has.
const DEFINITION_ITEM_KEYS: &[&str] = &[
    "authentication",
    "contentSource",
    "endpoint",
    "operation",
    "requestSchema",
    "responseSchema",
    "responseType",
    "template",
];

/// The format of the definition whose root value is `root`, and why, in a few words; `None`
/// when it is none of them.
///
/// ```
/// use mcpvet_ast::definition::{DefinitionFormat, detect_format};
/// use mcpvet_json::{JsonOptions, parse};
///
/// let doc = parse(r#"{"manifest_version": "0.3", "name": "x", "server": {}}"#, &JsonOptions::strict()).value;
/// assert_eq!(detect_format(doc.root().unwrap(), None).map(|d| d.0), Some(DefinitionFormat::Manifest));
/// ```
pub fn detect_format(
    root: Value<'_>,
    file_name: Option<&str>,
) -> Option<(DefinitionFormat, &'static str)> {
    match root.kind() {
        ValueKind::Array => {
            let listing = !root.is_empty() && root.items().all(|i| !list_kinds(i).is_empty());
            listing.then_some((DefinitionFormat::Listing, "a JSON array of list results"))
        }
        ValueKind::Object => object_format(root, file_name),
        _ => None,
    }
}

/// Whether `root` is a server definition of some format (what `kind::detect` asks).
pub fn looks_like_definition(root: Value<'_>) -> bool {
    detect_format(root, None).is_some()
}

fn object_format(
    root: Value<'_>,
    file_name: Option<&str>,
) -> Option<(DefinitionFormat, &'static str)> {
    let has = |key: &str| root.get(key).is_some();
    let is_string = |key: &str| root.get(key).is_some_and(|v| v.kind() == ValueKind::String);
    if has("manifest_version") || has("dxt_version") {
        return Some((DefinitionFormat::Manifest, "a `manifest_version` member"));
    }
    if root
        .get("$schema")
        .and_then(Value::as_str)
        .is_some_and(|s| s.contains("server.schema.json"))
    {
        return Some((DefinitionFormat::Registry, "its `$schema`"));
    }
    if is_string("name") && (has("packages") || has("remotes") || has("version_detail")) {
        return Some((
            DefinitionFormat::Registry,
            "a `name` with `packages` or `remotes`",
        ));
    }
    if root
        .get("server")
        .is_some_and(|s| s.get("mcp_config").is_some() || s.get("entry_point").is_some())
    {
        return Some((DefinitionFormat::Manifest, "a `server.mcp_config` member"));
    }
    if has("jsonrpc")
        && root
            .get("result")
            .is_some_and(|r| !list_kinds(r).is_empty())
    {
        return Some((
            DefinitionFormat::Listing,
            "a JSON-RPC response with a list result",
        ));
    }
    if DEFINITION_ROOT_KEYS.iter().any(|k| has(k)) {
        return Some((
            DefinitionFormat::Definition,
            "`settings` or `publish` members",
        ));
    }
    let lists: Vec<Value<'_>> = ["tools", "prompts", "resources"]
        .iter()
        .filter_map(|k| root.get(k))
        .filter(|v| v.kind() == ValueKind::Array)
        .collect();
    let defined_items = lists
        .iter()
        .flat_map(|l| l.items())
        .any(|item| DEFINITION_ITEM_KEYS.iter().any(|k| item.get(k).is_some()));
    if !lists.is_empty() && (is_string("name") || defined_items) {
        return Some((
            DefinitionFormat::Definition,
            "a `name` and tools, resources or prompts",
        ));
    }
    if !list_kinds(root).is_empty() {
        return Some((DefinitionFormat::Listing, "a list result"));
    }
    let base = file_name.map(|n| {
        n.rsplit(['/', '\\'])
            .next()
            .unwrap_or(n)
            .to_ascii_lowercase()
    });
    match base.as_deref() {
        Some("server.json") if is_string("name") => {
            Some((DefinitionFormat::Registry, "file name `server.json`"))
        }
        Some("manifest.json") if has("server") => {
            Some((DefinitionFormat::Manifest, "file name `manifest.json`"))
        }
        _ => None,
    }
}

/// The kinds of the items of `value` when it is a list result (an object holding item
/// arrays, `tools`, `prompts`, `resources` or `resourceTemplates`, usually one, and only the
/// other members a list result has) or a JSON-RPC response with one; empty otherwise.
pub(super) fn list_kinds(value: Value<'_>) -> Vec<ItemKind> {
    if value.kind() != ValueKind::Object {
        return Vec::new();
    }
    if value.get("jsonrpc").is_some() {
        return value.get("result").map(list_kinds).unwrap_or_default();
    }
    let mut kinds = Vec::new();
    for member in value.members() {
        let key = member.key_str();
        if let Some(k) = ItemKind::from_list_member(&key) {
            if member.value.kind() != ValueKind::Array {
                return Vec::new();
            }
            if !kinds.contains(&k) {
                kinds.push(k);
            }
        } else if !LIST_RESULT_KEYS.contains(&key.as_ref()) {
            return Vec::new();
        }
    }
    kinds
}
