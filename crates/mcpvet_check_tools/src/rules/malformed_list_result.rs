use mcpvet_diagnostics::declare_rule;
use mcpvet_json::{Value, ValueKind};

use crate::context::{Cx, a_kind, string};
use crate::state::ListMethod;

declare_rule! {
    /// A `tools/list`, `prompts/list`, `resources/list` or `resources/templates/list` result does not have the shape the schema requires.
    ///
    /// ## What it checks
    ///
    /// The result is an object whose list member (`tools`, `prompts`, `resources`,
    /// `resourceTemplates`) is an array of objects; `nextCursor`, when present, is a string.
    /// Each item has its required members with the right type: a tool and a prompt a string
    /// `name`; a resource a string `uri` and `name`; a resource template a string
    /// `uriTemplate` and `name`; optional `title` and `description` are strings; a prompt's
    /// `arguments` is an array of objects with a string `name` and a boolean `required`.
    /// Tool schemas have rules of their own (MCP507 and following).
    ///
    /// In reconstructed captures (SDK records, server signatures), a `null` member stands for
    /// an absent optional field and is not reported.
    ///
    /// ## Why it matters
    ///
    /// Clients validate list results against the schema (`ListToolsResult` and its siblings
    /// in the MCP schema, every version) and drop the whole list, or the item, when a required
    /// member is missing or mistyped. `nextCursor: null` is a common mistake: the type is
    /// string, and the member must be omitted on the last page (pagination utility).
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```jsonl
    /// {"jsonrpc":"2.0","id":1,"method":"tools/list"}
    /// {"jsonrpc":"2.0","id":1,"result":{"tools":[{"description":"Read a file.","inputSchema":{"type":"object"}}]}}
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```jsonl
    /// {"jsonrpc":"2.0","id":1,"method":"tools/list"}
    /// {"jsonrpc":"2.0","id":1,"result":{"tools":[{"name":"read_file","description":"Read a file.","inputSchema":{"type":"object"}}]}}
    /// ```
    ///
    /// ## References
    ///
    /// - MCP specification, Server features: Tools, Resources, Prompts (listing)
    /// - MCP specification, Utilities: Pagination
    pub(crate) static MALFORMED_LIST_RESULT = {
        code: "MCP501",
        name: "malformed-list-result",
        family: Tools,
        severity: Error,
        target: Transcript,
        since: "0.1.0",
    }
}

/// The items array of a list `result`; reports a result that is not an object, a missing or
/// mistyped list member, and a `nextCursor` that is not a string. Returns the array and
/// whether a next page was announced.
pub(crate) fn items<'d>(
    cx: &mut Cx<'_>,
    result: Value<'d>,
    method: ListMethod,
) -> Option<(Value<'d>, bool)> {
    let m = method.method();
    if result.kind() != ValueKind::Object {
        cx.report(
            &MALFORMED_LIST_RESULT,
            result.span(),
            format!(
                "the `{m}` result must be an object, found {}",
                a_kind(result.kind())
            ),
            format!("return an object with a `{}` array", method.member()),
        );
        return None;
    }
    let more = match cx.get(result, "nextCursor") {
        Some(c) if c.kind() == ValueKind::String => true,
        Some(c) => {
            cx.report(
                &MALFORMED_LIST_RESULT,
                c.span(),
                format!("`nextCursor` must be a string, found {}", a_kind(c.kind())),
                "omit `nextCursor` on the last page instead of setting it to another type",
            );
            false
        }
        None => false,
    };
    let member = method.member();
    match cx.get(result, member) {
        Some(v) if v.kind() == ValueKind::Array => Some((v, more)),
        Some(v) => {
            cx.report(
                &MALFORMED_LIST_RESULT,
                v.span(),
                format!("`{member}` must be an array, found {}", a_kind(v.kind())),
                format!("return the {}s as an array", method.item()),
            );
            None
        }
        None => {
            cx.report(
                &MALFORMED_LIST_RESULT,
                result.span(),
                format!("the `{m}` result has no `{member}` array"),
                format!("add `\"{member}\": []` with the {}s", method.item()),
            );
            None
        }
    }
}

/// Whether `item` (one `what` of the array `container`) is an object; reports it otherwise.
pub(crate) fn item_object(cx: &mut Cx<'_>, item: Value<'_>, what: &str, container: &str) -> bool {
    if item.kind() == ValueKind::Object {
        return true;
    }
    if item.kind() != ValueKind::Error {
        cx.report(
            &MALFORMED_LIST_RESULT,
            item.span(),
            format!(
                "each {what} of `{container}` must be an object, found {}",
                a_kind(item.kind())
            ),
            format!("describe each {what} as an object"),
        );
    }
    false
}

/// The required string member `key` of `item`, reported when missing or not a string.
pub(crate) fn required_string<'d>(
    cx: &mut Cx<'_>,
    item: Value<'d>,
    key: &str,
    what: &str,
) -> Option<(String, Value<'d>)> {
    let Some(v) = cx.get(item, key) else {
        cx.report(
            &MALFORMED_LIST_RESULT,
            item.span(),
            format!("the {what} has no `{key}`"),
            format!("add the required `{key}` to the {what}"),
        );
        return None;
    };
    if let Some(s) = string(v) {
        return Some((s, v));
    }
    if v.kind() != ValueKind::Error {
        cx.report(
            &MALFORMED_LIST_RESULT,
            v.span(),
            format!(
                "the {what}'s `{key}` must be a string, found {}",
                a_kind(v.kind())
            ),
            format!("give the {what} a string `{key}`"),
        );
    }
    None
}

/// Reports the optional member `key` of `item` when present and not of `kind`.
pub(crate) fn optional(cx: &mut Cx<'_>, item: Value<'_>, key: &str, kind: ValueKind, what: &str) {
    if let Some(v) = cx.get(item, key)
        && v.kind() != kind
        && v.kind() != ValueKind::Error
    {
        cx.report(
            &MALFORMED_LIST_RESULT,
            v.span(),
            format!(
                "the {what}'s `{key}` must be {}, found {}",
                a_kind(kind),
                a_kind(v.kind())
            ),
            format!("make `{key}` {} or leave it out", a_kind(kind)),
        );
    }
}
