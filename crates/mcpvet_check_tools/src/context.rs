//! What every check reads about the message it looks at: the protocol version and whether the
//! entry is an SDK reconstruction; and the words and places of its messages. Findings go
//! through the shared [`Reporter`](mcpvet_diagnostics::Reporter), which carries the message
//! index.
use mcpvet_ast::transcript::ProtocolVersion;
use mcpvet_json::Value;

/// What a check reads about the message being checked.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Cx {
    /// The protocol version the session is checked against.
    pub(crate) version: ProtocolVersion,
    /// The entry is a reconstruction of SDK objects (an SDK capture, a server signature):
    /// `null` stands for an absent optional field, and wire-only checks (caching fields) do
    /// not apply.
    pub(crate) sdk: bool,
}

impl Cx {
    /// Whether the session's version is `version` or later.
    pub(crate) fn at_least(self, version: ProtocolVersion) -> bool {
        self.version >= version
    }

    /// Member `key` of `object`; in an SDK reconstruction a `null` member counts as absent.
    pub(crate) fn get<'d>(self, object: Value<'d>, key: &str) -> Option<Value<'d>> {
        object.get(key).filter(|v| !(self.sdk && v.is_null()))
    }
}

pub(crate) use mcpvet_schema::{short, site};

/// A tool, prompt or argument name for a message.
pub(crate) fn name(text: &str) -> String {
    short(text, 60)
}

/// The decoded string, when `value` is a string.
pub(crate) fn string(value: Value<'_>) -> Option<String> {
    value.as_str().map(std::borrow::Cow::into_owned)
}

/// Whether `value` is `true`.
pub(crate) fn is_true(value: Option<Value<'_>>) -> bool {
    value.and_then(Value::as_bool) == Some(true)
}
