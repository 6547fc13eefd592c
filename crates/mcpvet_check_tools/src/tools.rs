//! `tools/list` results (each tool and its schemas) and `tools/call` requests and results.
use mcpvet_ast::transcript::ProtocolVersion;
use mcpvet_diagnostics::Reporter;
use mcpvet_json::{Value, ValueKind};
use mcpvet_schema::validate::InstanceValidator;
use mcpvet_text::Span;

use crate::canonical;
use crate::context::{Cx, is_true};
use crate::lists;
use crate::rules::{
    arguments_violate_schema, call_unknown_tool, contradictory_tool_annotations,
    duplicate_tool_name, empty_tool_list, external_schema_ref, input_schema_is_example,
    input_schema_not_object, invalid_json_schema, invalid_mcp_header, invalid_tool_name,
    malformed_list_result, malformed_request_params, malformed_tool_result, misclassified_error,
    missing_tool_description, output_schema_not_object, sensitive_mcp_header,
    structured_content_violates_schema, tool_name_client_incompatible, tool_names_differ_in_case,
    unknown_schema_dialect, unsafe_header_integer, unsafe_icon_url,
};
use crate::rules::{
    embedded_resource_without_capability, invalid_resource_uri, structured_content_without_text,
};
use crate::schema::{self, Role, ToolSchema, default_draft};
use crate::state::{CallInfo, Listing, Server, ToolDef};

/// The `tools` of one page of a `tools/list` result; `first_page` when the page starts a
/// listing, `more` when another page was announced.
pub(crate) fn list(
    server: &mut Server,
    items: Value<'_>,
    first_page: bool,
    more: bool,
    cx: Cx,
    report: &mut Reporter<'_>,
) {
    server.tools_listed = true;
    let mut listing = if first_page {
        Listing::default()
    } else {
        server.tool_listing.take().unwrap_or_default()
    };
    for item in items.items() {
        listing.count += 1;
        tool(server, &mut listing, item, cx, report);
    }
    if more {
        server.tool_listing = Some(listing);
    } else {
        empty_tool_list::check(&listing, items, report);
        server.tool_listing = None;
    }
}

/// One tool of a tool list.
fn tool(
    server: &mut Server,
    listing: &mut Listing,
    item: Value<'_>,
    cx: Cx,
    report: &mut Reporter<'_>,
) {
    if !malformed_list_result::check_item(item, "tool", "tools", report) {
        return;
    }
    let Some((name, name_value)) =
        malformed_list_result::check_required_string(item, "name", "tool", cx, report)
    else {
        return;
    };
    duplicate_tool_name::check(listing, &name, name_value, report);
    tool_names_differ_in_case::check(listing, &name, name_value, report);
    if invalid_tool_name::check(&name, name_value, cx, report) {
        tool_name_client_incompatible::check(&name, name_value, report);
    }
    for key in ["title", "description"] {
        malformed_list_result::check_optional(item, key, ValueKind::String, "tool", cx, report);
    }
    missing_tool_description::check(item, &name, name_value, cx, report);
    contradictory_tool_annotations::check(item, &name, cx, report);
    unsafe_icon_url::check(item, cx, report);

    let input = cx.get(item, "inputSchema");
    let header_integers =
        input.map_or_else(Vec::new, |s| unsafe_header_integer::header_integers(s, cx));
    let input_validator = match input {
        Some(s) if s.kind() == ValueKind::Object => {
            // A schema, not an example of the arguments.
            if input_schema_is_example::check(s, &name, report) {
                input_schema_not_object::check_object(s, &name, cx, report);
                invalid_mcp_header::check(s, &name, cx, report);
                sensitive_mcp_header::check(s, &name, cx, report);
                prepare(s, Role::Input, &name, cx, report)
            } else {
                None
            }
        }
        other => {
            input_schema_not_object::check_value(other, &name, name_value, report);
            None
        }
    };

    let output = cx.get(item, "outputSchema");
    let structured = cx.at_least(ProtocolVersion::V2025_06_18);
    let output_validator = match output {
        Some(s) if structured && output_schema_not_object::check(s, &name, cx, report) => {
            prepare(s, Role::Output, &name, cx, report)
        }
        _ => None,
    };
    let canonical = canonical::tool(&name, input, output);
    server.tools.insert(
        name,
        ToolDef {
            input: input_validator,
            output: output_validator,
            has_output: structured && output.is_some(),
            canonical,
            header_integers,
        },
    );
}

/// Checks a tool schema (dialect, meta-schema, references) and compiles it; `None` when it
/// cannot be used to validate.
fn prepare(
    node: Value<'_>,
    role: Role,
    tool: &str,
    cx: Cx,
    report: &mut Reporter<'_>,
) -> Option<InstanceValidator> {
    let schema = ToolSchema { node, role, tool };
    let mut json = mcpvet_schema::instance::to_json(node)?;
    let fallback = default_draft(cx.version);
    let draft = unknown_schema_dialect::check(schema, &mut json, fallback, report);
    let valid = invalid_json_schema::check_meta(schema, &json, draft, report);
    let (refs, ids) = schema::references(node);
    let mut bad_refs = false;
    for reference in refs {
        bad_refs |= invalid_json_schema::check_ref(schema, reference, !ids.is_empty(), report);
        bad_refs |= external_schema_ref::check(schema, reference, &ids, report);
    }
    if !valid || bad_refs {
        return None;
    }
    invalid_json_schema::check_compiles(schema, &json, draft, report)
}

/// A `tools/call` request: checks its params, the tool name and the arguments.
pub(crate) fn call_request(
    server: &Server,
    params: Option<Value<'_>>,
    method_span: Span,
    cx: Cx,
    report: &mut Reporter<'_>,
) -> CallInfo {
    let mut info = CallInfo::default();
    let Some(p) = malformed_request_params::check_params(
        "tools/call",
        params,
        method_span,
        "the tool `name` and its `arguments`",
        report,
    ) else {
        return info;
    };
    info.task = p.get("task").is_some();
    let name = malformed_request_params::check_string_member(
        "tools/call",
        p,
        "name",
        "a listed tool name",
        cx,
        report,
    );
    let arguments =
        malformed_request_params::check_object_member("tools/call", p, "arguments", cx, report);
    let arguments = match arguments {
        Ok(Some(v)) => Arguments::Object(v),
        Ok(None) => Arguments::Absent,
        Err(()) => Arguments::Invalid,
    };
    if let Some((name, value)) = name {
        let cached = cx.version.is_modern();
        call(server, &mut info, name, value, arguments, p, cached, report);
    }
    info
}

/// The tool name and arguments of an SDK `call_tool(name, arguments)` record: positional
/// `args`, else keyword `kwargs`.
pub(crate) fn sdk_call_request(
    server: &Server,
    args: Option<Value<'_>>,
    kwargs: Option<Value<'_>>,
    report: &mut Reporter<'_>,
) -> CallInfo {
    let mut info = CallInfo::default();
    let positional = |i: usize| args.and_then(|a| a.at(i)).filter(|v| !v.is_null());
    let keyword = |k: &str| kwargs.and_then(|a| a.get(k)).filter(|v| !v.is_null());
    let Some(name) = positional(0).or_else(|| keyword("name")) else {
        return info;
    };
    let Some(text) = name.as_str() else {
        return info;
    };
    let arguments = match positional(1).or_else(|| keyword("arguments")) {
        Some(a) if a.kind() == ValueKind::Object => Arguments::Object(a),
        Some(_) => return info,
        None => Arguments::Absent,
    };
    let fallback = args.or(kwargs).unwrap_or(name);
    call(
        server,
        &mut info,
        text.into_owned(),
        name,
        arguments,
        fallback,
        false,
        report,
    );
    info
}

/// The `arguments` of a call.
#[derive(Clone, Copy)]
enum Arguments<'d> {
    /// Absent: validated as `{}`.
    Absent,
    /// An object.
    Object(Value<'d>),
    /// Another type (already reported): not validated.
    Invalid,
}

/// Checks a call of `name` (the string `name_value`) with `arguments`; `fallback` is where
/// findings about absent arguments go; `cached` says the listings are cached views
/// (2026-07-28).
#[expect(
    clippy::too_many_arguments,
    reason = "the parts of one call, read by two callers"
)]
fn call(
    server: &Server,
    info: &mut CallInfo,
    name: String,
    name_value: Value<'_>,
    arguments: Arguments<'_>,
    fallback: Value<'_>,
    cached: bool,
    report: &mut Reporter<'_>,
) {
    info.unknown = call_unknown_tool::check(server, &name, name_value, cached, report);
    info.cached = cached;
    info.name_at = Some(name_value.span());
    if let Some(def) = server.tools.get(&name) {
        let arguments = match arguments {
            Arguments::Absent => Some(None),
            Arguments::Object(v) => Some(Some(v)),
            Arguments::Invalid => None,
        };
        if let Some(Some(arguments)) = arguments {
            unsafe_header_integer::check(&def.header_integers, arguments, &name, report);
        }
        if let (Some(validator), Some(arguments)) = (&def.input, arguments) {
            info.bad_arguments =
                arguments_violate_schema::check(validator, arguments, fallback, &name, report);
        }
    }
    info.tool = Some(name);
}

/// A `tools/call` result; counts it in `failed` when it has `isError: true`.
pub(crate) fn call_result(
    server: &Server,
    info: &CallInfo,
    result: Value<'_>,
    failed: &mut usize,
    cx: Cx,
    report: &mut Reporter<'_>,
) {
    let is_error = is_true(cx.get(result, "isError"));
    if is_error {
        *failed += 1;
    }
    if info.task || lists::input_required(result) {
        return;
    }
    malformed_tool_result::check(result, cx, report);
    let def = info
        .tool
        .as_deref()
        .and_then(|n| server.tools.get_key_value(n))
        .map(|(n, d)| (n.as_str(), d));
    structured_content_violates_schema::check(result, def, is_error, cx, report);
    structured_content_without_text::check(result, cx, report);
    embedded_resource_without_capability::check(
        result,
        server.resources_declared,
        server.caps_source,
        cx,
        report,
    );
    if let Some(content) = cx.get(result, "content") {
        invalid_resource_uri::check_blocks(content, report);
    }
    misclassified_error::check_result(info, result, report);
}
