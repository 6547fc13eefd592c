//! `prompts/list` results, `prompts/get` requests and results.
use mcpvet_json::{Value, ValueKind};
use mcpvet_text::Span;

use crate::context::{Cx, is_true};
use crate::lists::{self, Body};
use crate::rules::{
    malformed_list_result, malformed_prompt_message, malformed_request_params,
    prompt_argument_not_string, prompt_arguments_mismatch, unknown_prompt, unsafe_icon_url,
};
use crate::state::{ListMethod, PromptArg, Server};

/// A `prompts/list` result (one page).
pub(crate) fn list(cx: &mut Cx<'_>, server: &mut Server, body: Body<'_>, first_page: bool) {
    let Some((items, _)) = lists::items(cx, server, ListMethod::Prompts, body, first_page) else {
        return;
    };
    server.prompts_listed = true;
    for item in items.items() {
        if !malformed_list_result::item_object(cx, item, "prompt", "prompts") {
            continue;
        }
        let name = malformed_list_result::required_string(cx, item, "name", "prompt");
        malformed_list_result::optional(cx, item, "title", ValueKind::String, "prompt");
        malformed_list_result::optional(cx, item, "description", ValueKind::String, "prompt");
        malformed_list_result::optional(cx, item, "arguments", ValueKind::Array, "prompt");
        unsafe_icon_url::check(cx, item);
        let mut declared = Vec::new();
        if let Some(arguments) = cx.get(item, "arguments") {
            for argument in arguments.items() {
                if argument.kind() != ValueKind::Object {
                    malformed_list_result::item_object(
                        cx,
                        argument,
                        "prompt argument",
                        "arguments",
                    );
                    continue;
                }
                malformed_list_result::optional(
                    cx,
                    argument,
                    "required",
                    ValueKind::Bool,
                    "prompt argument",
                );
                if let Some((arg, _)) =
                    malformed_list_result::required_string(cx, argument, "name", "prompt argument")
                {
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

/// A `prompts/get` request.
pub(crate) fn get_request(
    cx: &mut Cx<'_>,
    server: &Server,
    params: Option<Value<'_>>,
    method_span: Span,
) {
    let Some(p) = malformed_request_params::params(
        cx,
        "prompts/get",
        params,
        method_span,
        "the prompt `name` and its `arguments`",
    ) else {
        return;
    };
    let name = malformed_request_params::string_member(
        cx,
        "prompts/get",
        p,
        "name",
        "a listed prompt name",
    );
    let arguments = malformed_request_params::object_member(cx, "prompts/get", p, "arguments");
    if let Ok(Some(arguments)) = arguments {
        prompt_argument_not_string::check(cx, arguments);
    }
    let Some((name, value)) = name else {
        return;
    };
    match server.prompts.get(&name) {
        None if server.prompts_listed => unknown_prompt::report(cx, &name, value.span()),
        None => {}
        Some(declared) => {
            if let Ok(arguments) = arguments {
                prompt_arguments_mismatch::check(cx, declared, arguments, &name, value.span());
            }
        }
    }
}

/// A `prompts/get` result.
pub(crate) fn get_result(cx: &mut Cx<'_>, result: Value<'_>) {
    if lists::input_required(result) {
        return;
    }
    malformed_prompt_message::check(cx, result);
}
