use mcpvet_diagnostics::{Reporter, declare_rule};
use mcpvet_json::{Value, ValueKind};

use crate::context::{Cx, site, string};
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
        severity: Error,
        target: Transcript,
        since: "0.1.0",
    }
}

/// The items array of a list `result`; reports a result that is not an object, a missing or
/// mistyped list member, and a `nextCursor` that is not a string. Returns the array and
/// whether a next page was announced.
pub(crate) fn check_items<'d>(
    result: Value<'d>,
    method: ListMethod,
    cx: Cx,
    report: &mut Reporter<'_>,
) -> Option<(Value<'d>, bool)> {
    let m = method.method();
    if result.kind() != ValueKind::Object {
        report.report(
            &MALFORMED_LIST_RESULT,
            site(result),
            format!(
                "the `{m}` result must be an object, found {}",
                result.kind().with_article()
            ),
            format!("return an object with a `{}` array", method.member()),
        );
        return None;
    }
    let more = match cx.get(result, "nextCursor") {
        Some(c) if c.kind() == ValueKind::String => true,
        Some(c) => {
            report.report(
                &MALFORMED_LIST_RESULT,
                site(c),
                format!(
                    "`nextCursor` must be a string, found {}",
                    c.kind().with_article()
                ),
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
            report.report(
                &MALFORMED_LIST_RESULT,
                site(v),
                format!(
                    "`{member}` must be an array, found {}",
                    v.kind().with_article()
                ),
                format!("return the {}s as an array", method.item()),
            );
            None
        }
        None => {
            report.report(
                &MALFORMED_LIST_RESULT,
                result,
                format!("the `{m}` result has no `{member}` array"),
                format!("add `\"{member}\": []` with the {}s", method.item()),
            );
            None
        }
    }
}

/// Whether `item` (one `what` of the array `container`) is an object; reports it otherwise.
pub(crate) fn check_item(
    item: Value<'_>,
    what: &str,
    container: &str,
    report: &mut Reporter<'_>,
) -> bool {
    if item.kind() == ValueKind::Object {
        return true;
    }
    if item.kind() != ValueKind::Error {
        report.report(
            &MALFORMED_LIST_RESULT,
            item,
            format!(
                "each {what} of `{container}` must be an object, found {}",
                item.kind().with_article()
            ),
            format!("describe each {what} as an object"),
        );
    }
    false
}

/// The required string member `key` of the object `item`, reported when missing or not a
/// string.
pub(crate) fn check_required_string<'d>(
    item: Value<'d>,
    key: &str,
    what: &str,
    cx: Cx,
    report: &mut Reporter<'_>,
) -> Option<(String, Value<'d>)> {
    let Some(v) = cx.get(item, key) else {
        report.report(
            &MALFORMED_LIST_RESULT,
            item,
            format!("the {what} has no `{key}`"),
            format!("add the required `{key}` to the {what}"),
        );
        return None;
    };
    if let Some(s) = string(v) {
        return Some((s, v));
    }
    if v.kind() != ValueKind::Error {
        report.report(
            &MALFORMED_LIST_RESULT,
            v,
            format!(
                "the {what}'s `{key}` must be a string, found {}",
                v.kind().with_article()
            ),
            format!("give the {what} a string `{key}`"),
        );
    }
    None
}

/// Reports the optional member `key` of `item` when present and not of `kind`.
pub(crate) fn check_optional(
    item: Value<'_>,
    key: &str,
    kind: ValueKind,
    what: &str,
    cx: Cx,
    report: &mut Reporter<'_>,
) {
    if let Some(v) = cx.get(item, key)
        && v.kind() != kind
        && v.kind() != ValueKind::Error
    {
        report.report(
            &MALFORMED_LIST_RESULT,
            v,
            format!(
                "the {what}'s `{key}` must be {}, found {}",
                kind.with_article(),
                v.kind().with_article()
            ),
            format!("make `{key}` {} or leave it out", kind.with_article()),
        );
    }
}
