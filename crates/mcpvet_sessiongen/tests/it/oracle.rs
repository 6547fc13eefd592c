//! The official MCP JSON Schemas as a test oracle.
//!
//! They are read from `<shared>/spec/<version>/schema.json`, where `<shared>` is the
//! `MCPVET_SHARED` environment variable or the `shared` folder next to the repository. They are
//! never copied into the repository; tests that need them skip when they are absent.

use std::cell::RefCell;
use std::collections::BTreeMap;

use jsonschema::Validator;
use mcpvet_sessiongen::Protocol;
use mcpvet_testkit::shared_dir;
use serde_json::Value;

/// Validators for definitions of one version's schema, compiled on first use.
pub(crate) struct Oracle {
    root: Value,
    cache: RefCell<BTreeMap<String, Validator>>,
}

impl Oracle {
    /// Loads the schema of `protocol`, or returns `None` (after saying so) when it is absent.
    #[expect(clippy::print_stderr, reason = "tell why a test is skipped")]
    pub(crate) fn load(protocol: Protocol) -> Option<Oracle> {
        let path = shared_dir()
            .join("spec")
            .join(protocol.as_str())
            .join("schema.json");
        let Ok(text) = std::fs::read_to_string(&path) else {
            eprintln!(
                "skipping schema validation: {} not found (set MCPVET_SHARED to the shared folder)",
                path.display()
            );
            return None;
        };
        let root: Value = serde_json::from_str(&text).expect("official schema is JSON");
        Some(Oracle {
            root,
            cache: RefCell::new(BTreeMap::new()),
        })
    }

    /// Validates `value` against `#/$defs/<def>`.
    pub(crate) fn validate(&self, def: &str, value: &Value) -> Result<(), String> {
        let mut cache = self.cache.borrow_mut();
        if !cache.contains_key(def) {
            assert!(
                self.root["$defs"].get(def).is_some(),
                "no definition {def} in the schema"
            );
            let mut schema = self.root.clone();
            schema["$ref"] = Value::String(format!("#/$defs/{def}"));
            let validator = jsonschema::draft202012::options()
                .should_validate_formats(true)
                .build(&schema)
                .map_err(|e| format!("cannot compile {def}: {e}"))?;
            cache.insert(def.to_owned(), validator);
        }
        let validator = &cache[def];
        let errors: Vec<String> = validator
            .iter_errors(value)
            .take(3)
            .map(|e| format!("{} at {}", e, e.instance_path()))
            .collect();
        if errors.is_empty() {
            Ok(())
        } else {
            Err(format!("{def}: {}", errors.join("; ")))
        }
    }
}

/// Definition of a request or notification, by method.
pub(crate) fn message_def(method: &str, modern: bool) -> Option<&'static str> {
    Some(match method {
        "initialize" if !modern => "InitializeRequest",
        "ping" if !modern => "PingRequest",
        "logging/setLevel" if !modern => "SetLevelRequest",
        "server/discover" if modern => "DiscoverRequest",
        "tools/list" => "ListToolsRequest",
        "tools/call" => "CallToolRequest",
        "prompts/list" => "ListPromptsRequest",
        "prompts/get" => "GetPromptRequest",
        "resources/list" => "ListResourcesRequest",
        "resources/templates/list" => "ListResourceTemplatesRequest",
        "resources/read" => "ReadResourceRequest",
        "notifications/initialized" if !modern => "InitializedNotification",
        "notifications/progress" => "ProgressNotification",
        "notifications/message" => "LoggingMessageNotification",
        _ => return None,
    })
}

/// `(result definition, whole-response definition)` for the result of a request, by method.
pub(crate) fn result_defs(method: &str, modern: bool) -> Option<(&'static str, &'static str)> {
    let result = match method {
        "initialize" if !modern => "InitializeResult",
        "ping" | "logging/setLevel" if !modern => "EmptyResult",
        "server/discover" if modern => "DiscoverResult",
        "tools/list" => "ListToolsResult",
        "tools/call" => "CallToolResult",
        "prompts/list" => "ListPromptsResult",
        "prompts/get" => "GetPromptResult",
        "resources/list" => "ListResourcesResult",
        "resources/templates/list" => "ListResourceTemplatesResult",
        "resources/read" => "ReadResourceResult",
        _ => return None,
    };
    let envelope = if modern {
        match result {
            "DiscoverResult" => "DiscoverResultResponse",
            "ListToolsResult" => "ListToolsResultResponse",
            "CallToolResult" => "CallToolResultResponse",
            "ListPromptsResult" => "ListPromptsResultResponse",
            "GetPromptResult" => "GetPromptResultResponse",
            "ListResourcesResult" => "ListResourcesResultResponse",
            "ListResourceTemplatesResult" => "ListResourceTemplatesResultResponse",
            "ReadResourceResult" => "ReadResourceResultResponse",
            _ => "JSONRPCResultResponse",
        }
    } else {
        "JSONRPCResultResponse"
    };
    Some((result, envelope))
}
