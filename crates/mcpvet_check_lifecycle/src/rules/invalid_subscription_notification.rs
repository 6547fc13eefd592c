use mcpvet_diagnostics::{Reporter, declare_rule};
use mcpvet_json::Value;
use mcpvet_text::Span;

use crate::key::Key;
use crate::listen::{self, Filter};

declare_rule! {
    /// A 2026-07-28 notification breaks the rules of `subscriptions/listen` streams.
    ///
    /// ## What it checks
    ///
    /// Notifications tagged with `_meta["io.modelcontextprotocol/subscriptionId"]`, and the
    /// notifications that may only travel on such a stream:
    ///
    /// - the id must be the id of an open `subscriptions/listen` request, with the same JSON
    ///   type (`1` is not `"1"`);
    /// - `notifications/subscriptions/acknowledged` must come first on the stream, once, and
    ///   grant only what the client asked for;
    /// - no other notification may precede it, and only granted types may follow
    ///   (`toolsListChanged`, `promptsListChanged`, `resourcesListChanged`, and
    ///   `notifications/resources/updated` for a URI under `resourceSubscriptions`);
    /// - `notifications/progress` and `notifications/message` never travel on a listen stream;
    /// - list-changed and resource-updated notifications travel only on a listen stream, so
    ///   they need the tag.
    ///
    /// ## Why it matters
    ///
    /// In 2026-07-28 "the server MUST NOT send notification types the client did not
    /// request", and the client demultiplexes streams by `subscriptionId`: an untagged or
    /// mis-tagged notification is dropped or delivered to the wrong subscriber.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```jsonl protocol=2026-07-28
    /// {"jsonrpc":"2.0","id":7,"method":"subscriptions/listen","params":{"notifications":{"toolsListChanged":true},"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}}}
    /// {"jsonrpc":"2.0","method":"notifications/tools/list_changed","params":{"_meta":{"io.modelcontextprotocol/subscriptionId":7}}}
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```jsonl protocol=2026-07-28
    /// {"jsonrpc":"2.0","id":7,"method":"subscriptions/listen","params":{"notifications":{"toolsListChanged":true},"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}}}
    /// {"jsonrpc":"2.0","method":"notifications/subscriptions/acknowledged","params":{"notifications":{"toolsListChanged":true},"_meta":{"io.modelcontextprotocol/subscriptionId":7}}}
    /// {"jsonrpc":"2.0","method":"notifications/tools/list_changed","params":{"_meta":{"io.modelcontextprotocol/subscriptionId":7}}}
    /// ```
    ///
    /// ## References
    ///
    /// - MCP specification 2026-07-28, Subscriptions (`basic/patterns/subscriptions.mdx`)
    /// - `SubscriptionsListenRequest`, `SubscriptionFilter` and `NotificationMetaObject` in
    ///   `schema.ts` (2026-07-28)
    pub(crate) static INVALID_SUBSCRIPTION_NOTIFICATION = {
        code: "MCP437",
        name: "invalid-subscription-notification",
        severity: Error,
        target: Transcript,
        since: "0.1.0",
    }
}

/// The `_meta` key that tags a notification with the listen stream it travels on.
pub(crate) const SUBSCRIPTION_ID: &str = "io.modelcontextprotocol/subscriptionId";

/// The notification type of `name` in a subscription filter, if a filter selects it.
fn type_of(name: &str) -> Option<u8> {
    match name {
        "notifications/tools/list_changed" => Some(listen::TOOLS),
        "notifications/prompts/list_changed" => Some(listen::PROMPTS),
        "notifications/resources/list_changed" => Some(listen::RESOURCES),
        "notifications/resources/updated" => Some(listen::UPDATES),
        _ => None,
    }
}

/// The filter members that ask for `types`, for messages.
fn type_names(types: u8) -> String {
    let mut names = Vec::new();
    for (flag, name) in [
        (listen::TOOLS, "`toolsListChanged`"),
        (listen::PROMPTS, "`promptsListChanged`"),
        (listen::RESOURCES, "`resourcesListChanged`"),
        (listen::UPDATES, "`resourceSubscriptions`"),
    ] {
        if types & flag != 0 {
            names.push(name);
        }
    }
    names.join(", ")
}

/// Checks the `io.modelcontextprotocol/subscriptionId` tag of `name`, a notification of a
/// 2026 server (its method at `method`): returns the id of the listen stream to look up and
/// the value that names it, or `None` when there is none to look up (reported when one was
/// due or the tag is ill-typed).
pub(crate) fn check_tag<'d>(
    name: &str,
    method: Span,
    params: Option<Value<'d>>,
    report: &mut Reporter<'_>,
) -> Option<(Key, Value<'d>)> {
    let tag = params
        .and_then(|p| p.get("_meta"))
        .and_then(|m| m.get(SUBSCRIPTION_ID));
    let Some(tag) = tag else {
        if type_of(name).is_some() {
            report.report(
                &INVALID_SUBSCRIPTION_NOTIFICATION,
                method,
                format!(
                    "`{name}` has no `io.modelcontextprotocol/subscriptionId`; in 2026-07-28 it travels only on a `subscriptions/listen` stream"
                ),
                "send it on the listen stream, tagged with the listen request's id",
            );
        } else if name == "notifications/subscriptions/acknowledged" {
            report.report(
                &INVALID_SUBSCRIPTION_NOTIFICATION,
                method,
                "`notifications/subscriptions/acknowledged` has no `io.modelcontextprotocol/subscriptionId`",
                "tag it with the id of the `subscriptions/listen` request",
            );
        }
        return None;
    };
    if matches!(name, "notifications/progress" | "notifications/message") {
        report.report(
            &INVALID_SUBSCRIPTION_NOTIFICATION,
            tag,
            format!("`{name}` must not travel on a `subscriptions/listen` stream"),
            "send it on the stream of the request it is about, without `subscriptionId`",
        );
        return None;
    }
    let Some(key) = Key::of_value(tag) else {
        report.report(
            &INVALID_SUBSCRIPTION_NOTIFICATION,
            tag,
            "`subscriptionId` must be a string or an integer",
            "use the id of the listen request",
        );
        return None;
    };
    Some((key, tag))
}

/// What the session knows of the listen stream a notification is tagged with.
#[derive(Debug, Clone)]
pub(crate) enum Stream<'a> {
    /// An open stream: what its listen request asked for, and the notification types its
    /// acknowledgement granted (`None` before the acknowledgement).
    Open {
        requested: &'a Filter,
        acknowledged: Option<u8>,
    },
    /// No open stream has that id; `retyped` is the same id with the other JSON type when an
    /// open stream has that one.
    Unknown { retyped: Option<Key> },
}

/// Checks `name`, a notification (its method at `method`, its `params`) tagged with `key`
/// (by `tag`), against what the session knows of that stream. Returns the notification
/// types a first acknowledgement grants, for the session to record.
pub(crate) fn check(
    name: &str,
    method: Span,
    params: Option<Value<'_>>,
    key: &Key,
    tag: Value<'_>,
    stream: Stream<'_>,
    report: &mut Reporter<'_>,
) -> Option<u8> {
    let (requested, acknowledged) = match stream {
        Stream::Open {
            requested,
            acknowledged,
        } => (requested, acknowledged),
        Stream::Unknown { retyped } => {
            let hint = retyped
                .map(|other| {
                    format!(" (a listen request has id {other}: the id keeps its JSON type)")
                })
                .unwrap_or_default();
            report.report(
                &INVALID_SUBSCRIPTION_NOTIFICATION,
                tag,
                format!(
                    "`subscriptionId` {key} matches no open `subscriptions/listen` request{hint}"
                ),
                "tag notifications with the id of an open listen request",
            );
            return None;
        }
    };
    // The rest is about the notification as a whole.
    let mut flag = |message: String, help: &str| {
        report.report(&INVALID_SUBSCRIPTION_NOTIFICATION, method, message, help);
    };
    if name == "notifications/subscriptions/acknowledged" {
        if acknowledged.is_some() {
            flag(
                format!("subscription {key} is acknowledged a second time"),
                "acknowledge a subscription once, first",
            );
            return None;
        }
        let granted = params
            .and_then(|p| p.get("notifications"))
            .map_or(0, |n| Filter::of(n).types);
        let extra = granted & !requested.types;
        if extra != 0 {
            flag(
                format!(
                    "the acknowledgement of subscription {key} grants {}, which the client did not request",
                    type_names(extra)
                ),
                "grant only a subset of what the listen request asked for",
            );
        }
        return Some(granted);
    }
    let Some(granted) = acknowledged else {
        flag(
            format!(
                "`{name}` on subscription {key} comes before `notifications/subscriptions/acknowledged`"
            ),
            "acknowledge the subscription before sending anything on it",
        );
        return None;
    };
    if let Some(wanted) = type_of(name) {
        if granted & wanted == 0 {
            flag(
                format!(
                    "`{name}` was not granted on subscription {key} (the client did not opt in, or the acknowledgement left it out)"
                ),
                "send only notification types the subscription acknowledged",
            );
        } else if wanted == listen::UPDATES
            && let Some(uri) = params.and_then(|p| p.get("uri")).and_then(Value::as_str)
            && !requested.uris.iter().any(|s| uri.starts_with(&**s))
        {
            flag(
                format!(
                    "`notifications/resources/updated` for \"{uri}\", which subscription {key} does not list in `resourceSubscriptions`"
                ),
                "send updates only for subscribed resources",
            );
        }
    }
    None
}
