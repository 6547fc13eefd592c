//! Declared capabilities, kept as bit sets (§4.1 of the protocol notes).
use mcpvet_ast::transcript::ProtocolVersion;
use mcpvet_json::{Value, ValueKind};

/// One capability a party may declare.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Cap {
    pub(crate) bit: u32,
    /// The dotted path, for messages: `tools.listChanged`.
    pub(crate) name: &'static str,
}

macro_rules! caps {
    ($($(#[$doc:meta])* $name:ident = $bit:literal, $text:literal;)*) => {
        $($(#[$doc])* pub(crate) const $name: Cap = Cap { bit: 1 << $bit, name: $text };)*
    };
}

// Server capabilities.
caps! {
    S_TOOLS = 0, "tools";
    S_TOOLS_LIST_CHANGED = 1, "tools.listChanged";
    S_RESOURCES = 2, "resources";
    S_RESOURCES_SUBSCRIBE = 3, "resources.subscribe";
    S_RESOURCES_LIST_CHANGED = 4, "resources.listChanged";
    S_PROMPTS = 5, "prompts";
    S_PROMPTS_LIST_CHANGED = 6, "prompts.listChanged";
    S_LOGGING = 7, "logging";
    S_COMPLETIONS = 8, "completions";
    S_TASKS = 9, "tasks";
    S_TASKS_LIST = 10, "tasks.list";
    S_TASKS_CANCEL = 11, "tasks.cancel";
    S_TASKS_TOOLS_CALL = 12, "tasks.requests.tools.call";
}

// Client capabilities.
caps! {
    C_ROOTS = 0, "roots";
    C_ROOTS_LIST_CHANGED = 1, "roots.listChanged";
    C_SAMPLING = 2, "sampling";
    C_SAMPLING_TOOLS = 3, "sampling.tools";
    C_SAMPLING_CONTEXT = 4, "sampling.context";
    C_ELICITATION = 5, "elicitation";
    C_ELICITATION_FORM = 6, "elicitation.form";
    C_ELICITATION_URL = 7, "elicitation.url";
    C_TASKS = 8, "tasks";
    C_TASKS_LIST = 9, "tasks.list";
    C_TASKS_CANCEL = 10, "tasks.cancel";
    C_TASKS_SAMPLING = 11, "tasks.requests.sampling.createMessage";
    C_TASKS_ELICITATION = 12, "tasks.requests.elicitation.create";
}

/// The bit of the tasks extension (`extensions["io.modelcontextprotocol/tasks"]`), on either
/// side.
pub(crate) const EXT_TASKS: Cap = Cap {
    bit: 1 << 31,
    name: "extensions[\"io.modelcontextprotocol/tasks\"]",
};

/// A set of declared capabilities of one party.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct Caps(u32);

impl Caps {
    pub(crate) fn has(self, cap: Cap) -> bool {
        self.0 & cap.bit != 0
    }

    fn set(&mut self, cap: Cap) {
        self.0 |= cap.bit;
    }

    /// Reads a `ServerCapabilities` object.
    pub(crate) fn server(value: Value<'_>) -> Caps {
        let mut caps = Caps::default();
        if value.kind() != ValueKind::Object {
            return caps;
        }
        for (key, cap, list_changed) in [
            ("tools", S_TOOLS, Some(S_TOOLS_LIST_CHANGED)),
            ("resources", S_RESOURCES, Some(S_RESOURCES_LIST_CHANGED)),
            ("prompts", S_PROMPTS, Some(S_PROMPTS_LIST_CHANGED)),
            ("logging", S_LOGGING, None),
            ("completions", S_COMPLETIONS, None),
        ] {
            if let Some(v) = declared(value, key) {
                caps.set(cap);
                if let Some(lc) = list_changed
                    && flag(v, "listChanged")
                {
                    caps.set(lc);
                }
                if key == "resources" && flag(v, "subscribe") {
                    caps.set(S_RESOURCES_SUBSCRIBE);
                }
            }
        }
        if let Some(tasks) = declared(value, "tasks") {
            caps.set(S_TASKS);
            if declared(tasks, "list").is_some() {
                caps.set(S_TASKS_LIST);
            }
            if declared(tasks, "cancel").is_some() {
                caps.set(S_TASKS_CANCEL);
            }
            if path(tasks, &["requests", "tools", "call"]) {
                caps.set(S_TASKS_TOOLS_CALL);
            }
        }
        if path(value, &["extensions", "io.modelcontextprotocol/tasks"]) {
            caps.set(EXT_TASKS);
        }
        caps
    }

    /// Reads a `ClientCapabilities` object; `version` decides what `elicitation: {}` means.
    pub(crate) fn client(value: Value<'_>, version: ProtocolVersion) -> Caps {
        let mut caps = Caps::default();
        if value.kind() != ValueKind::Object {
            return caps;
        }
        if let Some(roots) = declared(value, "roots") {
            caps.set(C_ROOTS);
            if flag(roots, "listChanged") {
                caps.set(C_ROOTS_LIST_CHANGED);
            }
        }
        if let Some(sampling) = declared(value, "sampling") {
            caps.set(C_SAMPLING);
            if declared(sampling, "tools").is_some() {
                caps.set(C_SAMPLING_TOOLS);
            }
            if declared(sampling, "context").is_some() {
                caps.set(C_SAMPLING_CONTEXT);
            }
        }
        if let Some(elicitation) = declared(value, "elicitation") {
            caps.set(C_ELICITATION);
            let form = declared(elicitation, "form").is_some();
            let url = declared(elicitation, "url").is_some();
            // `{}` is form only (and before 2025-11-25 there are no modes at all).
            if form || !url || version < ProtocolVersion::V2025_11_25 {
                caps.set(C_ELICITATION_FORM);
            }
            if url {
                caps.set(C_ELICITATION_URL);
            }
        }
        if let Some(tasks) = declared(value, "tasks") {
            caps.set(C_TASKS);
            if declared(tasks, "list").is_some() {
                caps.set(C_TASKS_LIST);
            }
            if declared(tasks, "cancel").is_some() {
                caps.set(C_TASKS_CANCEL);
            }
            if path(tasks, &["requests", "sampling", "createMessage"]) {
                caps.set(C_TASKS_SAMPLING);
            }
            if path(tasks, &["requests", "elicitation", "create"]) {
                caps.set(C_TASKS_ELICITATION);
            }
        }
        if path(value, &["extensions", "io.modelcontextprotocol/tasks"]) {
            caps.set(EXT_TASKS);
        }
        caps
    }
}

/// A member that declares a capability: present and an object (`null`, as SDK dumps write
/// absent fields, does not declare anything; `true` is accepted as a lenient reading).
fn declared<'d>(object: Value<'d>, key: &str) -> Option<Value<'d>> {
    object
        .get(key)
        .filter(|v| matches!(v.kind(), ValueKind::Object) || v.as_bool() == Some(true))
}

fn flag(object: Value<'_>, key: &str) -> bool {
    object.kind() == ValueKind::Object && object.get(key).and_then(Value::as_bool) == Some(true)
}

fn path(object: Value<'_>, keys: &[&str]) -> bool {
    let mut current = object;
    for key in keys {
        match declared(current, key) {
            Some(v) => current = v,
            None => return false,
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use mcpvet_json::{JsonOptions, parse};

    use super::*;

    fn server(text: &str) -> Caps {
        let d = parse(text, &JsonOptions::strict()).value;
        Caps::server(d.root().unwrap())
    }

    fn client(text: &str, v: ProtocolVersion) -> Caps {
        let d = parse(text, &JsonOptions::strict()).value;
        Caps::client(d.root().unwrap(), v)
    }

    #[test]
    fn server_capabilities() {
        let c = server(
            r#"{"tools":{"listChanged":true},"resources":{"subscribe":true},"logging":null}"#,
        );
        assert!(c.has(S_TOOLS) && c.has(S_TOOLS_LIST_CHANGED));
        assert!(c.has(S_RESOURCES) && c.has(S_RESOURCES_SUBSCRIBE));
        assert!(!c.has(S_RESOURCES_LIST_CHANGED) && !c.has(S_LOGGING) && !c.has(S_PROMPTS));
        let c = server(r#"{"tools":{"listChanged":false},"completions":{}}"#);
        assert!(c.has(S_TOOLS) && !c.has(S_TOOLS_LIST_CHANGED) && c.has(S_COMPLETIONS));
        let c = server(r#"{"extensions":{"io.modelcontextprotocol/tasks":{}}}"#);
        assert!(c.has(EXT_TASKS));
    }

    #[test]
    fn elicitation_modes() {
        let v = ProtocolVersion::V2025_11_25;
        let c = client(r#"{"elicitation":{}}"#, v);
        assert!(c.has(C_ELICITATION_FORM) && !c.has(C_ELICITATION_URL));
        let c = client(r#"{"elicitation":{"url":{}}}"#, v);
        assert!(!c.has(C_ELICITATION_FORM) && c.has(C_ELICITATION_URL));
        let c = client(
            r#"{"elicitation":{"url":{}}}"#,
            ProtocolVersion::V2025_06_18,
        );
        assert!(c.has(C_ELICITATION_FORM));
        let c = client(
            r#"{"sampling":{"tools":{}},"roots":{"listChanged":true}}"#,
            v,
        );
        assert!(
            c.has(C_SAMPLING_TOOLS) && !c.has(C_SAMPLING_CONTEXT) && c.has(C_ROOTS_LIST_CHANGED)
        );
    }
}
