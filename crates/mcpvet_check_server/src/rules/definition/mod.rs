//! Rules of the definition part of the family (see [the rules module](super)): the names of
//! a definition's tools, resources, prompts and prompt arguments; the members each tool
//! `type`, authentication `type` and resource `contentSource` requires, and those it has no
//! use for; tool descriptions; tool options; publishing data.
//!
//! What holds whatever the type (a tool has a `name` and a `type`, `timeoutMs` is a positive
//! integer, `responseType` is one of its values) is the format's JSON Schema, checked by
//! `definition-structure` (MCP600); these rules judge what depends on the type, and report
//! nothing about a member of the wrong JSON type (MCP600 does).
use mcpvet_ast::definition::{Item, ItemKind};
use mcpvet_diagnostics::{Reporter, RuleMeta};
use mcpvet_json::{Value, ValueKind};
use mcpvet_text::Span;

use crate::context::{Cx, opening};

pub(crate) mod async_operation_tool;
pub(crate) mod duplicate_item_name;
pub(crate) mod duplicate_prompt_argument;
pub(crate) mod incomplete_authentication;
pub(crate) mod invalid_item_name;
pub(crate) mod member_without_meaning;
pub(crate) mod missing_publish_version;
pub(crate) mod missing_resource_member;
pub(crate) mod missing_tool_member;
pub(crate) mod operation_without_basic_auth;
pub(crate) mod publish_label_too_long;
pub(crate) mod relative_tool_path;
pub(crate) mod response_schema_without_response;
pub(crate) mod tool_without_description;

/// The rules of this folder, sorted by code.
pub(crate) static RULES: &[&RuleMeta] = &[
    &invalid_item_name::INVALID_ITEM_NAME,
    &duplicate_item_name::DUPLICATE_ITEM_NAME,
    &duplicate_prompt_argument::DUPLICATE_PROMPT_ARGUMENT,
    &tool_without_description::TOOL_WITHOUT_DESCRIPTION,
    &missing_tool_member::MISSING_TOOL_MEMBER,
    &relative_tool_path::RELATIVE_TOOL_PATH,
    &operation_without_basic_auth::OPERATION_WITHOUT_BASIC_AUTH,
    &incomplete_authentication::INCOMPLETE_AUTHENTICATION,
    &missing_resource_member::MISSING_RESOURCE_MEMBER,
    &member_without_meaning::MEMBER_WITHOUT_MEANING,
    &async_operation_tool::ASYNC_OPERATION_TOOL,
    &response_schema_without_response::RESPONSE_SCHEMA_WITHOUT_RESPONSE,
    &missing_publish_version::MISSING_PUBLISH_VERSION,
    &publish_label_too_long::PUBLISH_LABEL_TOO_LONG,
];

/// Runs the rules of this folder.
pub(crate) fn check(cx: Cx<'_, '_>, report: &mut Reporter<'_>) {
    for kind in [ItemKind::Tool, ItemKind::Resource, ItemKind::Prompt] {
        invalid_item_name::check(cx, kind, report);
        duplicate_item_name::check(cx, kind, report);
    }
    for prompt in objects(cx, ItemKind::Prompt) {
        duplicate_prompt_argument::check(cx, prompt, report);
    }
    for tool in objects(cx, ItemKind::Tool) {
        tool_without_description::check(cx, tool, report);
        response_schema_without_response::check(cx, tool, report);
        let Some(ty) = ToolType::of(cx.value(tool.node)) else {
            incomplete_authentication::check(cx, tool, &named(cx, tool), report);
            continue;
        };
        let subject = typed(cx, tool, ty.name());
        missing_tool_member::check(cx, tool, ty, &subject, report);
        relative_tool_path::check(cx, tool, ty, &subject, report);
        operation_without_basic_auth::check(cx, tool, ty, &subject, report);
        incomplete_authentication::check(cx, tool, &subject, report);
        member_without_meaning::tool(cx, tool, ty, &subject, report);
        async_operation_tool::check(cx, tool, ty, &subject, report);
    }
    for resource in objects(cx, ItemKind::Resource) {
        let Some(source) = ContentSource::of(cx.value(resource.node)) else {
            continue;
        };
        let subject = typed(cx, resource, source.name());
        missing_resource_member::check(cx, resource, source, &subject, report);
        member_without_meaning::resource(cx, resource, source, &subject, report);
    }
    missing_publish_version::check(cx, report);
    publish_label_too_long::check(cx, report);
}

/// The items of `kind` that are objects (MCP600 reports the others).
fn objects<'f>(cx: Cx<'f, '_>, kind: ItemKind) -> impl Iterator<Item = &'f Item> {
    cx.file
        .items_of(kind)
        .filter(move |item| cx.value(item.node).kind() == ValueKind::Object)
}

/// What a tool calls: its `type`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum ToolType {
    /// An HTTP endpoint.
    Http,
    /// An API.
    Api,
    /// An operation of a project.
    Operation,
}

impl ToolType {
    /// The type of `tool`, when its `type` is one of the format's.
    pub(crate) fn of(tool: Value<'_>) -> Option<ToolType> {
        match tool.get("type")?.as_str()?.as_ref() {
            "http" => Some(ToolType::Http),
            "api" => Some(ToolType::Api),
            "operation" => Some(ToolType::Operation),
            _ => None,
        }
    }

    /// The `type` value.
    pub(crate) const fn name(self) -> &'static str {
        match self {
            ToolType::Http => "http",
            ToolType::Api => "api",
            ToolType::Operation => "operation",
        }
    }

    /// Whether the tool makes an HTTP call of its own (`method`, `endpoint`, `path`).
    pub(crate) const fn calls_url(self) -> bool {
        matches!(self, ToolType::Http | ToolType::Api)
    }
}

/// Where a resource's content comes from: its `contentSource`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum ContentSource {
    /// Written in the definition.
    Direct,
    /// An HTTP endpoint.
    Http,
    /// An API.
    Api,
    /// An uploaded file.
    File,
}

impl ContentSource {
    /// The content source of `resource`, when its `contentSource` is one of the format's.
    pub(crate) fn of(resource: Value<'_>) -> Option<ContentSource> {
        match resource.get("contentSource")?.as_str()?.as_ref() {
            "direct" => Some(ContentSource::Direct),
            "http" => Some(ContentSource::Http),
            "api" => Some(ContentSource::Api),
            "file" => Some(ContentSource::File),
            _ => None,
        }
    }

    /// The `contentSource` value.
    pub(crate) const fn name(self) -> &'static str {
        match self {
            ContentSource::Direct => "direct",
            ContentSource::Http => "http",
            ContentSource::Api => "api",
            ContentSource::File => "file",
        }
    }
}

/// An item named with its kind for messages: "tool `find`", "prompt #2".
pub(crate) fn named(cx: Cx<'_, '_>, item: &Item) -> String {
    if item.name.is_some() {
        format!("{} {}", item.kind.name(), cx.item_name(item))
    } else {
        cx.item_name(item)
    }
}

/// An item named with its type for messages: "`http` tool `find`", "`direct` resource #2".
pub(crate) fn typed(cx: Cx<'_, '_>, item: &Item, ty: &str) -> String {
    format!("`{ty}` {}", named(cx, item))
}

/// A member a type requires, and what to write in it (for the help).
#[derive(Debug, Clone, Copy)]
pub(crate) struct Needed {
    /// The member's name.
    pub(crate) member: &'static str,
    /// What it holds: "the base URL".
    pub(crate) hint: &'static str,
}

/// Shorthand for a [`Needed`].
pub(crate) const fn needed(member: &'static str, hint: &'static str) -> Needed {
    Needed { member, hint }
}

/// Reports the members of `needs` that `object` lacks (together, at its opening brace) and
/// those that are empty strings or only spaces (each at its value). A member of another
/// JSON type is MCP600's. `subject` names the object, `consequence` says what follows.
pub(crate) fn require(
    rule: &'static RuleMeta,
    object: Value<'_>,
    needs: &[Needed],
    subject: &str,
    consequence: &str,
    report: &mut Reporter<'_>,
) {
    let mut absent: Vec<Needed> = Vec::new();
    for need in needs {
        match object.get(need.member) {
            None => absent.push(*need),
            Some(value) if is_blank(value) => report.report(
                rule,
                value,
                format!("the `{}` of {subject} is empty: {consequence}", need.member),
                format!("fill `{}` with {}", need.member, need.hint),
            ),
            Some(_) => {}
        }
    }
    if absent.is_empty() {
        return;
    }
    let names: Vec<String> = absent.iter().map(|n| format!("`{}`", n.member)).collect();
    let hints: Vec<String> = absent
        .iter()
        .map(|n| format!("`{}` ({})", n.member, n.hint))
        .collect();
    report.report(
        rule,
        opening(object),
        format!("{subject} has no {}: {consequence}", list(&names, "or")),
        format!("add {}", list(&hints, "and")),
    );
}

/// The names met so far in one list, to find the same name twice.
#[derive(Debug, Default)]
pub(crate) struct Seen {
    /// Each distinct name, its lower-case form and the span of its first value.
    names: Vec<(String, String, Span)>,
}

/// An earlier name that a new one collides with.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Twin {
    /// The same name, first at this span.
    Same(Span),
    /// This spelling, at this span, differs only in letter case.
    Case(String, Span),
}

impl Seen {
    /// Records `name` (at `span`) unless an earlier name collides with it; returns that
    /// one (an exact match before one that differs in case).
    pub(crate) fn add(&mut self, name: &str, span: Span) -> Option<Twin> {
        if let Some((_, _, first)) = self.names.iter().find(|(n, _, _)| n == name) {
            return Some(Twin::Same(*first));
        }
        let folded = name.to_lowercase();
        if let Some((spelling, _, first)) = self.names.iter().find(|(_, f, _)| *f == folded) {
            return Some(Twin::Case(spelling.clone(), *first));
        }
        self.names.push((name.to_owned(), folded, span));
        None
    }
}

/// Whether `value` is a string that is empty or only white space.
pub(crate) fn is_blank(value: Value<'_>) -> bool {
    value.as_str().is_some_and(|s| s.trim().is_empty())
}

/// `a`, `a or b`, `a, b or c`.
pub(crate) fn list(items: &[String], conjunction: &str) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} {conjunction} {last}", init.join(", ")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists_read_as_prose() {
        let items = |n: &[&str]| n.iter().map(|s| (*s).to_owned()).collect::<Vec<_>>();
        assert_eq!(list(&items(&[]), "or"), "");
        assert_eq!(list(&items(&["`a`"]), "or"), "`a`");
        assert_eq!(list(&items(&["`a`", "`b`"]), "or"), "`a` or `b`");
        assert_eq!(list(&items(&["a", "b", "c"]), "and"), "a, b and c");
    }

    #[test]
    fn names_collide_exactly_or_by_case() {
        let mut seen = Seen::default();
        assert_eq!(seen.add("find", Span::new(0, 4)), None);
        assert_eq!(seen.add("list", Span::new(5, 9)), None);
        assert_eq!(
            seen.add("find", Span::new(10, 14)),
            Some(Twin::Same(Span::new(0, 4)))
        );
        assert_eq!(
            seen.add("Find", Span::new(15, 19)),
            Some(Twin::Case("find".to_owned(), Span::new(0, 4)))
        );
        assert_eq!(
            seen.add("LİST", Span::new(20, 24)),
            None,
            "only what lower-cases alike collides"
        );
    }
}
