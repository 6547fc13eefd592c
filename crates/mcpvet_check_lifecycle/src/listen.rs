//! The filter of a 2026 `subscriptions/listen` stream: the notification types it carries and
//! the resources it watches, as the listen request asks for them and its acknowledgement
//! grants them.
use mcpvet_json::{Value, ValueKind};

/// `notifications/tools/list_changed`, asked for with `toolsListChanged`.
pub(crate) const TOOLS: u8 = 1;
/// `notifications/prompts/list_changed`, asked for with `promptsListChanged`.
pub(crate) const PROMPTS: u8 = 2;
/// `notifications/resources/list_changed`, asked for with `resourcesListChanged`.
pub(crate) const RESOURCES: u8 = 4;
/// `notifications/resources/updated`, asked for with a non-empty `resourceSubscriptions`.
pub(crate) const UPDATES: u8 = 8;

/// A `SubscriptionFilter`: its notification types (the flags above) and its resource URIs.
#[derive(Debug, Clone, Default)]
pub(crate) struct Filter {
    pub(crate) types: u8,
    pub(crate) uris: Vec<Box<str>>,
}

impl Filter {
    /// Reads a `SubscriptionFilter`; anything but an object asks for nothing.
    pub(crate) fn of(filter: Value<'_>) -> Filter {
        let mut out = Filter::default();
        if filter.kind() != ValueKind::Object {
            return out;
        }
        for (key, flag) in [
            ("toolsListChanged", TOOLS),
            ("promptsListChanged", PROMPTS),
            ("resourcesListChanged", RESOURCES),
        ] {
            if filter.get(key).and_then(Value::as_bool) == Some(true) {
                out.types |= flag;
            }
        }
        if let Some(list) = filter
            .get("resourceSubscriptions")
            .filter(|l| l.kind() == ValueKind::Array)
        {
            out.uris.extend(
                list.items()
                    .filter_map(|u| u.as_str().map(|s| s.as_ref().into())),
            );
            if !out.uris.is_empty() {
                out.types |= UPDATES;
            }
        }
        out
    }
}
