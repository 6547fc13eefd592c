//! `prompts/list` results, `prompts/get` requests and results.
use mcpvet_diagnostics::Reporter;
use mcpvet_json::{Value, ValueKind};
use mcpvet_text::Span;

use crate::context::{Cx, is_true};
use crate::lists;
use crate::rules::invalid_resource_uri;
use crate::rules::{
    malformed_list_result, malformed_prompt_message, malformed_request_params,
    prompt_argument_not_string, prompt_arguments_mismatch, unknown_prompt, unsafe_icon_url,
};
use crate::state::{PromptArg, Server};

/// The `prompts` of one page of a `prompts/list` result.
pub(crate) fn list(server: &mut Server, items: Value<'_>, cx: Cx, report: &mut Reporter<'_>) {
    server.prompts_listed = true;
    for item in items.items() {
        if !malformed_list_result::check_item(item, "prompt", "prompts", report) {
            continue;
        }
        let name = malformed_list_result::check_required_string(item, "name", "prompt", cx, report);
        for (key, kind) in [
            ("title", ValueKind::String),
            ("description", ValueKind::String),
            ("arguments", ValueKind::Array),
        ] {
            malformed_list_result::check_optional(item, key, kind, "prompt", cx, report);
        }
        unsafe_icon_url::check(item, cx, report);
        let mut declared = Vec::new();
        if let Some(arguments) = cx.get(item, "arguments") {
            for argument in arguments.items() {
                if argument.kind() != ValueKind::Object {
                    malformed_list_result::check_item(
                        argument,
                        "prompt argument",
                        "arguments",
                        report,
                    );
                    continue;
                }
                malformed_list_result::check_optional(
                    argument,
                    "required",
                    ValueKind::Bool,
                    "prompt argument",
                    cx,
                    report,
                );
                if let Some((arg, _)) = malformed_list_result::check_required_string(
                    argument,
                    "name",
                    "prompt argument",
                    cx,
                    report,
                ) {
                    declared.push(PromptArg {
                        name: arg,
                        required: is_true(cx.get(argument, "required")),
                    });
                }
            }
        }
        if let Some((name, _)) = name {
            server.prompts.insert(name, declared);
        }
    }
}

/// A `prompts/get` request; returns the prompt's name when the request lacks an argument
/// the listed prompt requires.
pub(crate) fn get_request(
    server: &Server,
    params: Option<Value<'_>>,
    method_span: Span,
    cx: Cx,
    report: &mut Reporter<'_>,
) -> Option<String> {
    let p = malformed_request_params::check_params(
        "prompts/get",
        params,
        method_span,
        "the prompt `name` and its `arguments`",
        report,
    )?;
    let name = malformed_request_params::check_string_member(
        "prompts/get",
        p,
        "name",
        "a listed prompt name",
        cx,
        report,
    );
    let arguments =
        malformed_request_params::check_object_member("prompts/get", p, "arguments", cx, report);
    if let Ok(Some(arguments)) = arguments {
        prompt_argument_not_string::check(arguments, report);
    }
    let (name, value) = name?;
    unknown_prompt::check(server, &name, value, report);
    if let (Some(declared), Ok(arguments)) = (server.prompts.get(&name), arguments)
        && prompt_arguments_mismatch::check(declared, arguments, &name, value, report)
    {
        return Some(name);
    }
    None
}

/// A `prompts/get` result.
pub(crate) fn get_result(result: Value<'_>, cx: Cx, report: &mut Reporter<'_>) {
    if lists::input_required(result) {
        return;
    }
    malformed_prompt_message::check(result, cx, report);
    for message in cx
        .get(result, "messages")
        .into_iter()
        .flat_map(Value::items)
    {
        if let Some(content) = message.get("content") {
            invalid_resource_uri::check_blocks(content, report);
        }
    }
}
