//! What every list result shares: the items array, `nextCursor`, and (2026-07-28) the cache
//! members.
use mcpvet_diagnostics::Reporter;
use mcpvet_json::{Value, ValueKind};

use crate::context::Cx;
use crate::rules::{malformed_list_result, missing_cache_fields};
use crate::state::{ListMethod, Server};

/// A list as a capture holds it.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Body<'d> {
    /// A result object (wire, or an SDK result model).
    Result(Value<'d>),
    /// The bare array of items (a server signature).
    Items(Value<'d>),
}

/// The items of a list and whether another page was announced; reports the shape and the
/// cache members of the result. `None` when there are no items to look at.
pub(crate) fn items<'d>(
    server: &mut Server,
    method: ListMethod,
    body: Body<'d>,
    first_page: bool,
    cx: Cx,
    report: &mut Reporter<'_>,
) -> Option<(Value<'d>, bool)> {
    match body {
        Body::Items(items) => (items.kind() == ValueKind::Array).then_some((items, false)),
        Body::Result(result) => {
            if input_required(result) {
                return None;
            }
            missing_cache_fields::check(
                result,
                method.method(),
                Some(&mut server.scopes[method.slot()]),
                first_page,
                cx,
                report,
            );
            malformed_list_result::check_items(result, method, cx, report)
        }
    }
}

/// Whether a result is an `input_required` result (2026-07-28), which carries none of the
/// method's result members.
pub(crate) fn input_required(result: Value<'_>) -> bool {
    result.get("resultType").and_then(Value::as_str).as_deref() == Some("input_required")
}
