//! What the checks and the summary share about a definition: its name and version, the
//! advertised items with their schema fields, the list results of a listing, and the fields
//! that may hold a secret.
use mcpvet_json::{Value, ValueKind};

use super::detect::list_kinds;
use super::{
    Credential, CredentialKind, DefinitionFormat, Item, ItemKind, Listing, SchemaRole, SchemaSlot,
};
use crate::config::StringValue;

/// What [`collect`] found.
#[derive(Debug, Default)]
pub(super) struct Collected {
    pub(super) name: Option<StringValue>,
    pub(super) version: Option<StringValue>,
    pub(super) items: Vec<Item>,
    pub(super) listings: Vec<Listing>,
    pub(super) credentials: Vec<Credential>,
}

/// Reads `root` as a definition of `format`. Values of the wrong type are skipped (the
/// structure rule reports them).
pub(super) fn collect(root: Value<'_>, format: DefinitionFormat) -> Collected {
    let mut out = Collected::default();
    match format {
        DefinitionFormat::Listing => listing(root, &mut out),
        DefinitionFormat::Registry => {
            out.name = string(root.get("name"));
            out.version = string(root.get("version"));
            registry(root, &mut out);
        }
        DefinitionFormat::Manifest => {
            out.name = string(root.get("name"));
            out.version = string(root.get("version"));
            for (key, kind) in [("tools", ItemKind::Tool), ("prompts", ItemKind::Prompt)] {
                items(root.get(key), kind, &[], &mut out);
            }
            manifest_settings(root, &mut out);
        }
        DefinitionFormat::Definition => {
            out.name = string(root.get("name"));
            out.version = string(root.get("publish").and_then(|p| p.get("version")));
            items(
                root.get("tools"),
                ItemKind::Tool,
                &[SchemaRole::Request, SchemaRole::Response],
                &mut out,
            );
            items(root.get("resources"), ItemKind::Resource, &[], &mut out);
            items(root.get("prompts"), ItemKind::Prompt, &[], &mut out);
            definition_credentials(root, &mut out);
        }
    }
    // In source order, whatever order the lists come in.
    out.items.sort_by_key(|i| i.span.start);
    out.credentials.sort_by_key(|c| c.value.span.start);
    out
}

fn string(value: Option<Value<'_>>) -> Option<StringValue> {
    value.and_then(StringValue::from_value)
}

fn is_true(value: Option<Value<'_>>) -> bool {
    value.and_then(Value::as_bool) == Some(true)
}

/// The objects of the array `list`, as items of `kind` with the schema fields `roles`.
fn items(list: Option<Value<'_>>, kind: ItemKind, roles: &[SchemaRole], out: &mut Collected) {
    let Some(list) = list.filter(|l| l.kind() == ValueKind::Array) else {
        return;
    };
    for item in list.items() {
        let schemas = if item.kind() == ValueKind::Object {
            roles
                .iter()
                .map(|&role| SchemaSlot {
                    role,
                    node: item.get(role.member()).map(Value::id),
                })
                .collect()
        } else {
            Vec::new()
        };
        out.items.push(Item {
            kind,
            node: item.id(),
            span: item.span(),
            path: item.path(),
            name: string(item.get("name")),
            schemas,
        });
    }
}

/// A list result, a response holding one, or an array of either.
fn listing(root: Value<'_>, out: &mut Collected) {
    let elements: Vec<Value<'_>> = if root.kind() == ValueKind::Array {
        root.items().collect()
    } else {
        vec![root]
    };
    for element in elements {
        let (response, result) = if element.get("jsonrpc").is_some() {
            match element.get("result") {
                Some(result) => (Some(element.id()), result),
                None => continue,
            }
        } else {
            (None, element)
        };
        for kind in list_kinds(result) {
            out.listings.push(Listing {
                kind,
                result: result.id(),
                response,
            });
            let roles: &[SchemaRole] = if kind == ItemKind::Tool {
                &[SchemaRole::Input, SchemaRole::Output]
            } else {
                &[]
            };
            items(result.get(kind.list_member()), kind, roles, out);
        }
    }
}

/// The secret-bearing inputs of a registry entry: environment variables, arguments and
/// headers of every package and remote, with the variables of each.
fn registry(root: Value<'_>, out: &mut Collected) {
    for package in each(root.get("packages")) {
        for input in each(package.get("environmentVariables")) {
            registry_input(input, CredentialKind::Env, out);
        }
        for key in ["runtimeArguments", "packageArguments"] {
            for input in each(package.get(key)) {
                registry_input(input, CredentialKind::Argument, out);
            }
        }
        for input in each(package.get("transport").and_then(|t| t.get("headers"))) {
            registry_input(input, CredentialKind::Header, out);
        }
    }
    for remote in each(root.get("remotes")) {
        for input in each(remote.get("headers")) {
            registry_input(input, CredentialKind::Header, out);
        }
    }
}

/// The elements of `list` when it is an array.
fn each(list: Option<Value<'_>>) -> Vec<Value<'_>> {
    list.filter(|l| l.kind() == ValueKind::Array)
        .map(|l| l.items().collect())
        .unwrap_or_default()
}

/// One registry input (`KeyValueInput` or argument): its `value` and `default`, then those of
/// its `variables`.
fn registry_input(input: Value<'_>, kind: CredentialKind, out: &mut Collected) {
    if input.kind() != ValueKind::Object {
        return;
    }
    let name = input
        .get("name")
        .or_else(|| input.get("valueHint"))
        .and_then(Value::as_str)
        .map(std::borrow::Cow::into_owned);
    let declared_secret = is_true(input.get("isSecret"));
    for key in ["value", "default"] {
        if let Some(value) = string(input.get(key)) {
            out.credentials.push(Credential {
                kind,
                name: name.clone(),
                value,
                declared_secret,
            });
        }
    }
    if let Some(variables) = input
        .get("variables")
        .filter(|v| v.kind() == ValueKind::Object)
    {
        for member in variables.members() {
            if member.value.kind() != ValueKind::Object {
                continue;
            }
            let declared_secret = is_true(member.value.get("isSecret"));
            for key in ["value", "default"] {
                if let Some(value) = string(member.value.get(key)) {
                    out.credentials.push(Credential {
                        kind,
                        name: Some(member.key_str().into_owned()),
                        value,
                        declared_secret,
                    });
                }
            }
        }
    }
}

/// The defaults of a manifest's `user_config` entries (the `mcp_config` itself is read as a
/// client configuration).
fn manifest_settings(root: Value<'_>, out: &mut Collected) {
    let Some(settings) = root
        .get("user_config")
        .filter(|v| v.kind() == ValueKind::Object)
    else {
        return;
    };
    for member in settings.members() {
        let Some(value) = string(member.value.get("default")) else {
            continue;
        };
        out.credentials.push(Credential {
            kind: CredentialKind::Setting,
            name: Some(member.key_str().into_owned()),
            value,
            declared_secret: is_true(member.value.get("sensitive")),
        });
    }
}

/// The backend credentials of a definition's tools: basic passwords and API key values.
fn definition_credentials(root: Value<'_>, out: &mut Collected) {
    let Some(tools) = root.get("tools").filter(|t| t.kind() == ValueKind::Array) else {
        return;
    };
    for tool in tools.items() {
        let Some(auth) = tool
            .get("authentication")
            .filter(|a| a.kind() == ValueKind::Object)
        else {
            continue;
        };
        if let Some(value) = string(auth.get("password")) {
            out.credentials.push(Credential {
                kind: CredentialKind::Password,
                name: None,
                value,
                declared_secret: true,
            });
        }
        if let Some(value) = string(auth.get("value")) {
            out.credentials.push(Credential {
                kind: CredentialKind::ApiKey,
                name: auth
                    .get("key")
                    .and_then(Value::as_str)
                    .map(std::borrow::Cow::into_owned),
                value,
                declared_secret: true,
            });
        }
    }
}
