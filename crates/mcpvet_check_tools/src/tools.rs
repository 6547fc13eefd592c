//! `tools/list` results (each tool and its schemas) and `tools/call` requests and results.
use jsonschema::Validator;
use mcpvet_ast::transcript::ProtocolVersion;
use mcpvet_json::{Value, ValueKind};
use mcpvet_text::Span;

use crate::canonical;
use crate::context::{Cx, is_true};
use crate::example::{self, Shape};
use crate::lists::{self, Body};
use crate::rules::{
    arguments_violate_schema, call_unknown_tool, contradictory_tool_annotations,
    duplicate_tool_name, empty_tool_list, external_schema_ref, input_schema_is_example,
    input_schema_not_object, invalid_json_schema, invalid_mcp_header, invalid_tool_name,
    malformed_list_result, malformed_request_params, malformed_tool_result, misclassified_error,
    missing_tool_description, output_schema_not_object, structured_content_violates_schema,
    tool_name_client_incompatible, tool_names_differ_in_case, unknown_schema_dialect,
    unsafe_icon_url,
};
use crate::schema::{self, Role, default_draft, dialect_of, draft_name};
use crate::state::{CallInfo, ListMethod, Listing, Server, ToolDef};

/// A `tools/list` result (one page).
pub(crate) fn list(cx: &mut Cx<'_>, server: &mut Server, body: Body<'_>, first_page: bool) {
    let Some((items, more)) = lists::items(cx, server, ListMethod::Tools, body, first_page) else {
        return;
    };
    server.tools_listed = true;
    let mut listing = if first_page {
        Listing::default()
    } else {
        server.tool_listing.take().unwrap_or_default()
    };
    for item in items.items() {
        listing.count += 1;
        tool(cx, server, &mut listing, item);
    }
    if more {
        server.tool_listing = Some(listing);
    } else {
        if listing.count == 0 {
            empty_tool_list::report(cx, items.span());
        }
        server.tool_listing = None;
    }
}

/// One tool of a tool list.
fn tool(cx: &mut Cx<'_>, server: &mut Server, listing: &mut Listing, item: Value<'_>) {
    if !malformed_list_result::item_object(cx, item, "tool", "tools") {
        return;
    }
    let Some((name, name_value)) = malformed_list_result::required_string(cx, item, "name", "tool")
    else {
        return;
    };
    let span = name_value.span();
    duplicate_tool_name::check(cx, listing, &name, span);
    tool_names_differ_in_case::check(cx, listing, &name, span);
    if invalid_tool_name::check(cx, &name, span) {
        tool_name_client_incompatible::check(cx, &name, span);
    }
    malformed_list_result::optional(cx, item, "title", ValueKind::String, "tool");
    malformed_list_result::optional(cx, item, "description", ValueKind::String, "tool");
    missing_tool_description::check(cx, item, &name, span);
    contradictory_tool_annotations::check(cx, item, &name);
    unsafe_icon_url::check(cx, item);

    let input = cx.get(item, "inputSchema");
    let input_validator = match input {
        Some(s) if s.kind() == ValueKind::Object => match example::classify(s) {
            Shape::Schema => {
                input_schema_not_object::check_object(cx, s, &name);
                invalid_mcp_header::check(cx, s, &name);
                prepare(cx, s, Role::Input, &name)
            }
            shape => {
                input_schema_is_example::report(cx, s, shape, &name);
                None
            }
        },
        other => {
            input_schema_not_object::check_value(cx, other, &name, span);
            None
        }
    };

    let output = cx.get(item, "outputSchema");
    let structured = cx.at_least(ProtocolVersion::V2025_06_18);
    let output_validator = match output {
        Some(s) if structured && output_schema_not_object::check(cx, s, &name) => {
            prepare(cx, s, Role::Output, &name)
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
        },
    );
}

/// Checks a tool schema (dialect, meta-schema, references) and compiles it; `None` when it
/// cannot be used to validate.
fn prepare(cx: &mut Cx<'_>, schema: Value<'_>, role: Role, tool: &str) -> Option<Validator> {
    let mut json: serde_json::Value = serde_json::from_str(schema.source()).ok()?;
    let fallback = default_draft(cx.version);
    let mut draft = fallback;
    if let Some(uri_node) = schema.get("$schema")
        && let Some(uri) = uri_node.as_str()
    {
        if let Some(d) = dialect_of(&uri) {
            draft = d;
        } else {
            unknown_schema_dialect::report(cx, uri_node, role, tool, draft_name(fallback));
            if let Some(object) = json.as_object_mut() {
                object.remove("$schema");
            }
        }
    }
    let errors = schema::meta_errors(schema, &json, draft);
    for (node, pointer, what) in &errors {
        invalid_json_schema::report_meta(cx, *node, pointer, what, role, tool, draft_name(draft));
    }
    let bad_refs = references(cx, schema, role, tool);
    if !errors.is_empty() || bad_refs {
        return None;
    }
    match schema::compile(&json, draft) {
        Ok(validator) => Some(validator),
        Err(error) => {
            invalid_json_schema::report_build(cx, schema, &error, role, tool);
            None
        }
    }
}

/// Members whose values are data, not subschemas.
const DATA: &[&str] = &["const", "default", "enum", "examples"];

/// Reports `$ref`s that leave the schema (MCP515) or point to nothing in it (MCP509);
/// returns whether there was any.
fn references(cx: &mut Cx<'_>, schema: Value<'_>, role: Role, tool: &str) -> bool {
    let mut refs = Vec::new();
    let mut ids = Vec::new();
    collect(schema, &mut refs, &mut ids, 0);
    if refs.is_empty() {
        return false;
    }
    let mut bad = false;
    for reference in refs {
        let Some(target) = reference.as_str() else {
            continue;
        };
        if let Some(fragment) = target.strip_prefix('#') {
            // Plain-name fragments (anchors) and schemas with embedded resources are left to
            // the compiler.
            if !ids.is_empty() || !(fragment.is_empty() || fragment.starts_with('/')) {
                continue;
            }
            let pointer = percent_decode(fragment);
            let found = pointer.is_empty() || resolves(schema, &pointer);
            if !found {
                invalid_json_schema::report_dangling_ref(cx, reference, role, tool);
                bad = true;
            }
            continue;
        }
        let base = target.split('#').next().unwrap_or_default();
        if ids
            .iter()
            .any(|id| id == base || id.ends_with(&format!("/{base}")))
        {
            continue;
        }
        external_schema_ref::report(cx, reference, role, tool);
        bad = true;
    }
    bad
}

/// Whether the JSON Pointer `pointer` reaches a node from `root` (every step exists).
fn resolves(root: Value<'_>, pointer: &str) -> bool {
    let Ok(path) = mcpvet_diagnostics::JsonPath::from_pointer(pointer) else {
        return false;
    };
    root.find(&path).is_some()
}

fn collect<'d>(node: Value<'d>, refs: &mut Vec<Value<'d>>, ids: &mut Vec<String>, depth: u32) {
    if depth > 128 {
        return;
    }
    match node.kind() {
        ValueKind::Object => {
            for member in node.members() {
                let key = member.key_str();
                match key.as_ref() {
                    "$ref" if member.value.kind() == ValueKind::String => refs.push(member.value),
                    "$id" if depth > 0 => {
                        if let Some(id) = member.value.as_str() {
                            ids.push(id.trim_end_matches('#').to_owned());
                        }
                    }
                    k if DATA.contains(&k) => {}
                    _ => collect(member.value, refs, ids, depth + 1),
                }
            }
        }
        ValueKind::Array => {
            for item in node.items() {
                collect(item, refs, ids, depth + 1);
            }
        }
        _ => {}
    }
}

/// Decodes `%XX` escapes of a URI fragment.
fn percent_decode(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%'
            && let Some(hex) = text.get(i + 1..i + 3)
            && let Ok(b) = u8::from_str_radix(hex, 16)
        {
            out.push(b);
            i += 3;
            continue;
        }
        out.push(bytes[i]);
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// A `tools/call` request: checks its params, the tool name and the arguments.
pub(crate) fn call_request(
    cx: &mut Cx<'_>,
    server: &Server,
    params: Option<Value<'_>>,
    method_span: Span,
) -> CallInfo {
    let mut info = CallInfo::default();
    let Some(p) = malformed_request_params::params(
        cx,
        "tools/call",
        params,
        method_span,
        "the tool `name` and its `arguments`",
    ) else {
        return info;
    };
    info.task = p.get("task").is_some();
    let name =
        malformed_request_params::string_member(cx, "tools/call", p, "name", "a listed tool name");
    let arguments = malformed_request_params::object_member(cx, "tools/call", p, "arguments");
    let arguments = match arguments {
        Ok(Some(v)) => Arguments::Object(v),
        Ok(None) => Arguments::Absent,
        Err(()) => Arguments::Invalid,
    };
    if let Some((name, value)) = name {
        call(
            cx,
            server,
            &mut info,
            name,
            value.span(),
            arguments,
            p.span(),
        );
    }
    info
}

/// The tool name and arguments of an SDK `call_tool(name, arguments)` record: positional
/// `args`, else keyword `kwargs`.
pub(crate) fn sdk_call_request(
    cx: &mut Cx<'_>,
    server: &Server,
    args: Option<Value<'_>>,
    kwargs: Option<Value<'_>>,
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
    let fallback = args.or(kwargs).map_or(name.span(), Value::span);
    call(
        cx,
        server,
        &mut info,
        text.into_owned(),
        name.span(),
        arguments,
        fallback,
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

/// Checks a call of `name` (at `name_span`) with `arguments`; `fallback` is where findings
/// about absent arguments go.
fn call(
    cx: &mut Cx<'_>,
    server: &Server,
    info: &mut CallInfo,
    name: String,
    name_span: Span,
    arguments: Arguments<'_>,
    fallback: Span,
) {
    match server.tools.get(&name) {
        None if server.tools_listed => {
            let similar = server
                .tools
                .keys()
                .find(|k| k.eq_ignore_ascii_case(&name))
                .map(String::as_str);
            call_unknown_tool::report(cx, &name, name_span, similar);
            info.unknown = true;
        }
        None => {}
        Some(def) => {
            let arguments = match arguments {
                Arguments::Absent => Some(None),
                Arguments::Object(v) => Some(Some(v)),
                Arguments::Invalid => None,
            };
            if let (Some(validator), Some(arguments)) = (&def.input, arguments) {
                info.bad_arguments =
                    arguments_violate_schema::check(cx, validator, arguments, fallback, &name);
            }
        }
    }
    info.tool = Some(name);
}

/// A `tools/call` result; counts it in `failed` when it has `isError: true`.
pub(crate) fn call_result(
    cx: &mut Cx<'_>,
    server: &Server,
    info: &CallInfo,
    result: Value<'_>,
    failed: &mut usize,
) {
    let is_error = is_true(cx.get(result, "isError"));
    if is_error {
        *failed += 1;
    }
    if info.task || lists::input_required(result) {
        return;
    }
    malformed_tool_result::check(cx, result);
    let def = info
        .tool
        .as_deref()
        .and_then(|n| server.tools.get_key_value(n))
        .map(|(n, d)| (n.as_str(), d));
    structured_content_violates_schema::check(cx, result, def, is_error);
    misclassified_error::result_for_unknown_tool(cx, info, result.span());
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn percent_decoding() {
        assert_eq!(percent_decode("/$defs/a%20b"), "/$defs/a b");
        assert_eq!(percent_decode("/x%zz"), "/x%zz");
        assert_eq!(percent_decode("%"), "%");
    }
}
