//! `resources/list` and `resources/templates/list` results, `resources/read` requests and
//! results.
use mcpvet_diagnostics::Reporter;
use mcpvet_json::{Value, ValueKind};
use mcpvet_text::Span;

use crate::context::Cx;
use crate::lists;
use crate::rules::{
    invalid_resource_uri, invalid_uri_template, malformed_list_result, malformed_request_params,
    malformed_resource_contents, missing_cache_fields, unsafe_icon_url,
};

/// The `resources` of one page of a `resources/list` result.
pub(crate) fn list(items: Value<'_>, cx: Cx, report: &mut Reporter<'_>) {
    let what = "resource";
    for item in items.items() {
        if !malformed_list_result::check_item(item, what, "resources", report) {
            continue;
        }
        if let Some((_, uri)) =
            malformed_list_result::check_required_string(item, "uri", what, cx, report)
        {
            invalid_resource_uri::check(uri, report);
        }
        malformed_list_result::check_required_string(item, "name", what, cx, report);
        for key in ["title", "description", "mimeType"] {
            malformed_list_result::check_optional(item, key, ValueKind::String, what, cx, report);
        }
        unsafe_icon_url::check(item, cx, report);
    }
}

/// The `resourceTemplates` of one page of a `resources/templates/list` result.
pub(crate) fn templates(items: Value<'_>, cx: Cx, report: &mut Reporter<'_>) {
    let what = "resource template";
    for item in items.items() {
        if !malformed_list_result::check_item(item, what, "resourceTemplates", report) {
            continue;
        }
        if let Some((template, value)) =
            malformed_list_result::check_required_string(item, "uriTemplate", what, cx, report)
        {
            invalid_uri_template::check(&template, value, report);
        }
        malformed_list_result::check_required_string(item, "name", what, cx, report);
        for key in ["title", "description", "mimeType"] {
            malformed_list_result::check_optional(item, key, ValueKind::String, what, cx, report);
        }
        unsafe_icon_url::check(item, cx, report);
    }
}

/// A `resources/read` request.
pub(crate) fn read_request(
    params: Option<Value<'_>>,
    method_span: Span,
    cx: Cx,
    report: &mut Reporter<'_>,
) {
    if let Some(p) = malformed_request_params::check_params(
        "resources/read",
        params,
        method_span,
        "the resource `uri`",
        report,
    ) {
        malformed_request_params::check_string_member(
            "resources/read",
            p,
            "uri",
            "the URI of the resource",
            cx,
            report,
        );
    }
}

/// A `resources/read` result.
pub(crate) fn read_result(result: Value<'_>, cx: Cx, report: &mut Reporter<'_>) {
    if lists::input_required(result) {
        return;
    }
    missing_cache_fields::check(result, "resources/read", None, true, cx, report);
    malformed_resource_contents::check(result, cx, report);
    if let Some(contents) = cx.get(result, "contents") {
        invalid_resource_uri::check_items(contents, report);
    }
}
