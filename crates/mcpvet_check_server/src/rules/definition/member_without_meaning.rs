use mcpvet_ast::definition::Item;
use mcpvet_diagnostics::{Reporter, Site, declare_rule};
use mcpvet_json::{Value, ValueKind};

use super::{ContentSource, ToolType};
use crate::context::Cx;

declare_rule! {
    /// A tool, resource or authentication of a server definition has a member that its type does not use, such as `project` on an `http` tool.
    ///
    /// ## What it checks
    ///
    /// Members the format defines for one type only, found on another:
    ///
    /// | member | used by |
    /// |---|---|
    /// | tool `method`, `endpoint`, `path` | `http` and `api` tools |
    /// | tool `project`, `operation` | `operation` tools |
    /// | resource `uri` | `direct` and `file` resources |
    /// | resource `content` | `direct` resources |
    /// | resource `method`, `timeoutSeconds`, `uriTemplate`, `endpoint`, `path`, `securityProfile` | `http` and `api` resources |
    /// | authentication `username`, `password` | `basic` authentication |
    /// | authentication `key`, `value` | `apiKey` authentication |
    ///
    /// Each is reported at its name, as an information. `async` on an operation tool is
    /// `async-operation-tool` (MCP620); members the format does not define at all are
    /// `definition-structure` (MCP600).
    ///
    /// ## Why it matters
    ///
    /// The platform ignores such a member, so whoever reads the definition believes it does
    /// something it does not: often the trace of a tool whose `type` was changed, or a sign
    /// that the `type` itself is the mistake. A credential left in an unused member is also
    /// a credential kept for nothing.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```json file=definition.json
    /// {"name": "crm", "tools": [{"name": "find_customer", "description": "Find a customer by e-mail address.",
    ///   "type": "http", "method": "GET", "endpoint": "https://crm.example.com", "path": "/customers",
    ///   "project": "CRM",
    ///   "requestSchema": {"type": "object", "properties": {"email": {"type": "string"}}},
    ///   "responseSchema": {"type": "object", "properties": {}}}],
    ///  "publish": {"version": "1.0.0"}}
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```json file=definition.json
    /// {"name": "crm", "tools": [{"name": "find_customer", "description": "Find a customer by e-mail address.",
    ///   "type": "http", "method": "GET", "endpoint": "https://crm.example.com", "path": "/customers",
    ///   "requestSchema": {"type": "object", "properties": {"email": {"type": "string"}}},
    ///   "responseSchema": {"type": "object", "properties": {}}}],
    ///  "publish": {"version": "1.0.0"}}
    /// ```
    ///
    /// ## References
    ///
    /// - `docs/server-definition.md` (tools, resources, authentication)
    pub(crate) static MEMBER_WITHOUT_MEANING = {
        code: "MCP619",
        name: "member-without-meaning",
        severity: Info,
        target: Server,
        since: "0.1.0",
    }
}

/// Reports the members of `tool` (and of its authentication) that its type does not use.
pub(crate) fn tool(
    cx: Cx<'_, '_>,
    tool: &Item,
    ty: ToolType,
    subject: &str,
    report: &mut Reporter<'_>,
) {
    let value = cx.value(tool.node);
    let (unused, users): (&[&str], &str) = if ty.calls_url() {
        (&["project", "operation"], "`operation` tools")
    } else {
        (&["method", "endpoint", "path"], "`http` and `api` tools")
    };
    let how = Unused {
        subject,
        type_member: "type",
        users,
    };
    unused_members(value, unused, &how, report);
    authentication(value, subject, report);
}

/// Reports the members of `resource` that its content source does not use.
pub(crate) fn resource(
    cx: Cx<'_, '_>,
    resource: &Item,
    source: ContentSource,
    subject: &str,
    report: &mut Reporter<'_>,
) {
    let value = cx.value(resource.node);
    let fetching: &[&str] = &[
        "method",
        "timeoutSeconds",
        "uriTemplate",
        "endpoint",
        "path",
        "securityProfile",
    ];
    let by = |users| Unused {
        subject,
        type_member: "contentSource",
        users,
    };
    let fetchers = by("`http` and `api` resources");
    let direct = by("`direct` resources");
    match source {
        ContentSource::Direct => unused_members(value, fetching, &fetchers, report),
        ContentSource::File => {
            unused_members(value, &["content"], &direct, report);
            unused_members(value, fetching, &fetchers, report);
        }
        ContentSource::Http | ContentSource::Api => {
            unused_members(
                value,
                &["uri"],
                &by("`direct` and `file` resources"),
                report,
            );
            unused_members(value, &["content"], &direct, report);
        }
    }
}

/// Reports the members of a tool's `authentication` that its type does not use.
fn authentication(tool: Value<'_>, subject: &str, report: &mut Reporter<'_>) {
    let Some(authentication) = tool
        .get("authentication")
        .filter(|a| a.kind() == ValueKind::Object)
    else {
        return;
    };
    let Some(auth_type) = authentication.get("type").and_then(Value::as_str) else {
        return;
    };
    let basic: &[&str] = &["username", "password"];
    let api_key: &[&str] = &["key", "value"];
    let subject = format!("the `{auth_type}` authentication of {subject}");
    let (basic_unused, api_key_unused) = match auth_type.as_ref() {
        "anonymous" => (true, true),
        "basic" => (false, true),
        "apiKey" => (true, false),
        _ => return,
    };
    let by = |users| Unused {
        subject: &subject,
        type_member: "authentication.type",
        users,
    };
    if basic_unused {
        unused_members(authentication, basic, &by("`basic` authentication"), report);
    }
    if api_key_unused {
        unused_members(
            authentication,
            api_key,
            &by("`apiKey` authentication"),
            report,
        );
    }
}

/// What is unused, where, and by what it is used.
struct Unused<'a> {
    /// The object's name in messages.
    subject: &'a str,
    /// The member that says the object's type: `type`, `contentSource`.
    type_member: &'a str,
    /// Who uses the members: "`operation` tools".
    users: &'a str,
}

/// Reports each member of `object` named in `unused`, at its name.
fn unused_members(object: Value<'_>, unused: &[&str], how: &Unused<'_>, report: &mut Reporter<'_>) {
    for member in object.members() {
        let Some(key) = unused.iter().find(|k| member.key_is(k)) else {
            continue;
        };
        report.report(
            &MEMBER_WITHOUT_MEANING,
            Site::new(member.key.span(), Some(member.value.path())),
            format!(
                "`{key}` has no meaning for {}: the platform ignores it",
                how.subject
            ),
            format!(
                "remove it (it is used by {} only), or correct `{}` if that is the mistake",
                how.users, how.type_member
            ),
        );
    }
}
