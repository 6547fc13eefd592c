//! `resources/list` and `resources/templates/list` results, `resources/read` requests and
//! results.
use mcpvet_json::{Value, ValueKind};
use mcpvet_text::Span;

use crate::context::Cx;
use crate::lists::{self, Body};
use crate::rules::{
    invalid_uri_template, malformed_list_result, malformed_request_params,
    malformed_resource_contents, missing_cache_fields, unsafe_icon_url,
};
use crate::state::{ListMethod, Server};

/// A `resources/list` result (one page).
pub(crate) fn list(cx: &mut Cx<'_>, server: &mut Server, body: Body<'_>, first_page: bool) {
    let method = ListMethod::Resources;
    let Some((items, _)) = lists::items(cx, server, method, body, first_page) else {
        return;
    };
    for item in items.items() {
        if !malformed_list_result::item_object(cx, item, "resource", "resources") {
            continue;
        }
        malformed_list_result::required_string(cx, item, "uri", "resource");
        malformed_list_result::required_string(cx, item, "name", "resource");
        for key in ["title", "description", "mimeType"] {
            malformed_list_result::optional(cx, item, key, ValueKind::String, "resource");
        }
        unsafe_icon_url::check(cx, item);
    }
}

/// A `resources/templates/list` result (one page).
pub(crate) fn templates(cx: &mut Cx<'_>, server: &mut Server, body: Body<'_>, first_page: bool) {
    let method = ListMethod::Templates;
    let Some((items, _)) = lists::items(cx, server, method, body, first_page) else {
        return;
    };
    for item in items.items() {
        if !malformed_list_result::item_object(cx, item, "resource template", "resourceTemplates") {
            continue;
        }
        if let Some((template, value)) =
            malformed_list_result::required_string(cx, item, "uriTemplate", "resource template")
        {
            invalid_uri_template::check(cx, value, &template);
        }
        malformed_list_result::required_string(cx, item, "name", "resource template");
        for key in ["title", "description", "mimeType"] {
            malformed_list_result::optional(cx, item, key, ValueKind::String, "resource template");
        }
        unsafe_icon_url::check(cx, item);
    }
}

/// A `resources/read` request.
pub(crate) fn read_request(cx: &mut Cx<'_>, params: Option<Value<'_>>, method_span: Span) {
    if let Some(p) = malformed_request_params::params(
        cx,
        "resources/read",
        params,
        method_span,
        "the resource `uri`",
    ) {
        malformed_request_params::string_member(
            cx,
            "resources/read",
            p,
            "uri",
            "the URI of the resource",
        );
    }
}

/// A `resources/read` result.
pub(crate) fn read_result(cx: &mut Cx<'_>, result: Value<'_>) {
    if lists::input_required(result) {
        return;
    }
    missing_cache_fields::check(cx, result, "resources/read", None, true);
    malformed_resource_contents::check(cx, result);
}
