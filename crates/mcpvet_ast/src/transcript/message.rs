//! JSON-RPC 2.0 messages as MCP restricts them (§2 of the protocol notes), lowered from JSON
//! nodes without judging them: lowering records the facts (the kind, the id and its quirks, the
//! nodes of `params`/`result`/`error.data`); the protocol checks decide what is wrong.
use std::fmt;

use mcpvet_json::{JsonDocument, NodeId, Value, ValueKind};
use mcpvet_text::Span;
use smol_str::SmolStr;

use super::JsonLeaf;

/// One JSON-RPC message (§2.1): the kind, the id, and the node ids of the parts checks point
/// into. Every part is read from a JSON value of the document, so each keeps its node: spans
/// are read from the document.
#[derive(Debug, Clone)]
pub enum Message {
    /// `method` and `id`: a request (also when `id` is `null`, which makes it a bad request,
    /// not a notification).
    Request {
        /// The message object.
        node: NodeId,
        /// The `id` member.
        id: RequestId,
        /// The `method` member (its span includes the quotes).
        method: JsonLeaf<String>,
        /// The `params` member, of any type.
        params: Option<NodeId>,
    },
    /// `method` without an `id` member.
    Notification {
        /// The message object.
        node: NodeId,
        /// The `method` member.
        method: JsonLeaf<String>,
        /// The `params` member, of any type.
        params: Option<NodeId>,
    },
    /// `id` and `result`, no `method`.
    Response {
        /// The message object.
        node: NodeId,
        /// The `id` member.
        id: RequestId,
        /// The `result` member, of any type.
        result: NodeId,
    },
    /// `error` (an object), no `method`; `id` optional.
    ErrorResponse {
        /// The message object.
        node: NodeId,
        /// The `id` member, when present (possibly `null`).
        id: Option<RequestId>,
        /// The `error` member.
        error: ErrorObject,
    },
    /// A JSON array of messages (only the 2025-03-26 revision allows batches; whether this one
    /// is legal, and whether it is empty, is for the checks to say).
    Batch {
        /// The array.
        node: NodeId,
        /// The elements, each lowered as a message (an element that is itself an array is
        /// [`Message::Invalid`]).
        items: Vec<Message>,
    },
    /// Not a valid JSON-RPC message; what could still be read is kept.
    Invalid {
        /// The value.
        node: NodeId,
        /// Why it is invalid.
        reason: InvalidReason,
        /// The `id` member, when the value is an object that has one.
        id: Option<RequestId>,
        /// The `method` member, when it is a string.
        method: Option<JsonLeaf<String>>,
    },
}

impl Message {
    /// The node of the whole message.
    pub fn node(&self) -> NodeId {
        match self {
            Message::Request { node, .. }
            | Message::Notification { node, .. }
            | Message::Response { node, .. }
            | Message::ErrorResponse { node, .. }
            | Message::Batch { node, .. }
            | Message::Invalid { node, .. } => *node,
        }
    }

    /// The method, for requests, notifications and invalid messages that name one.
    pub fn method(&self) -> Option<&JsonLeaf<String>> {
        match self {
            Message::Request { method, .. } | Message::Notification { method, .. } => Some(method),
            Message::Invalid { method, .. } => method.as_ref(),
            _ => None,
        }
    }

    /// The id, when the message has one (invalid messages included).
    pub fn id(&self) -> Option<&RequestId> {
        match self {
            Message::Request { id, .. } | Message::Response { id, .. } => Some(id),
            Message::ErrorResponse { id, .. } | Message::Invalid { id, .. } => id.as_ref(),
            _ => None,
        }
    }

    /// A short name of the kind: `request`, `notification`, `response`, `error`, `batch` or
    /// `invalid`.
    pub fn kind_name(&self) -> &'static str {
        match self {
            Message::Request { .. } => "request",
            Message::Notification { .. } => "notification",
            Message::Response { .. } => "response",
            Message::ErrorResponse { .. } => "error",
            Message::Batch { .. } => "batch",
            Message::Invalid { .. } => "invalid",
        }
    }

    /// Whether this is a response or an error response.
    pub fn is_response(&self) -> bool {
        matches!(
            self,
            Message::Response { .. } | Message::ErrorResponse { .. }
        )
    }
}

/// The `error` object of an error response.
#[derive(Debug, Clone)]
pub struct ErrorObject {
    /// The `error` object.
    pub node: NodeId,
    /// The `code` member.
    pub code: Option<ErrorCode>,
    /// The `message` member, when it is a string.
    pub message: Option<JsonLeaf<String>>,
    /// The `data` member, of any type.
    pub data: Option<NodeId>,
}

/// The `code` member of an error object: its value, when it is a number written as an
/// integer that fits in `i64`.
pub type ErrorCode = JsonLeaf<Option<i64>>;

/// Why a value is not a valid JSON-RPC message.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum InvalidReason {
    /// The JSON text itself is not well-formed (the parse diagnostics say where).
    Syntax,
    /// The value is not an object (nor, at the top level, an array).
    NotAnObject(ValueKind),
    /// No `jsonrpc` member.
    JsonrpcMissing,
    /// `jsonrpc` is not exactly the string `"2.0"`.
    JsonrpcNotTwo,
    /// `method` is not a string.
    MethodNotString,
    /// `method` together with `result` or `error`.
    MethodWithResult,
    /// `result` and `error` together.
    ResultAndError,
    /// `result` without an `id` member.
    ResponseWithoutId,
    /// `error` is not an object.
    ErrorNotObject,
    /// None of `method`, `result` and `error`.
    NoMethodResultOrError,
}

impl InvalidReason {
    /// A kebab-case name (used in dumps).
    pub const fn name(self) -> &'static str {
        match self {
            InvalidReason::Syntax => "syntax-error",
            InvalidReason::NotAnObject(_) => "not-an-object",
            InvalidReason::JsonrpcMissing => "jsonrpc-missing",
            InvalidReason::JsonrpcNotTwo => "jsonrpc-not-2.0",
            InvalidReason::MethodNotString => "method-not-a-string",
            InvalidReason::MethodWithResult => "method-with-result-or-error",
            InvalidReason::ResultAndError => "result-and-error",
            InvalidReason::ResponseWithoutId => "response-without-id",
            InvalidReason::ErrorNotObject => "error-not-an-object",
            InvalidReason::NoMethodResultOrError => "no-method-result-or-error",
        }
    }
}

impl fmt::Display for InvalidReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            InvalidReason::Syntax => f.write_str("the JSON text is not well-formed"),
            InvalidReason::NotAnObject(kind) => {
                write!(f, "a message must be an object, found {kind}")
            }
            InvalidReason::JsonrpcMissing => f.write_str("the `jsonrpc` member is missing"),
            InvalidReason::JsonrpcNotTwo => f.write_str("`jsonrpc` must be \"2.0\""),
            InvalidReason::MethodNotString => f.write_str("`method` must be a string"),
            InvalidReason::MethodWithResult => {
                f.write_str("`method` together with `result` or `error`")
            }
            InvalidReason::ResultAndError => f.write_str("`result` and `error` together"),
            InvalidReason::ResponseWithoutId => f.write_str("`result` without an `id`"),
            InvalidReason::ErrorNotObject => f.write_str("`error` must be an object"),
            InvalidReason::NoMethodResultOrError => {
                f.write_str("neither `method`, `result` nor `error`")
            }
        }
    }
}

/// A request id, kept with its JSON type: `1` and `"1"` are different ids and are never
/// normalised into each other.
#[derive(Debug, Clone)]
pub struct RequestId {
    /// The id node (its span: [`Self::span`]).
    pub node: NodeId,
    /// The value and its quirks.
    pub value: IdValue,
}

/// The value of a [`RequestId`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum IdValue {
    /// A string id (`""` is a valid id).
    String(String),
    /// A number id (valid when it is an integer).
    Number(NumericId),
    /// `null`: forbidden on requests; tolerated on error responses in some versions.
    Null,
    /// Any other type (boolean, object, array, or an unreadable value).
    Other(ValueKind),
}

/// A number used as a request id, with the facts the checks need.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NumericId {
    /// The number exactly as written (kept inline up to 23 bytes: an id costs no allocation).
    pub lexeme: SmolStr,
    /// The canonical decimal form of its value (see [`NumericId::canonical`]): most ids are
    /// written in it, and do not keep it twice.
    canonical: Canonical,
    /// The value is not an integer (`1.5`): an invalid id.
    pub fractional: bool,
    /// The value is an integer written another way (`1.0`, `1e0`, `-0`): valid for JSON
    /// Schema's `integer`, rejected by strict decoders.
    pub non_canonical: bool,
    /// The magnitude exceeds 2^53 − 1, so JavaScript peers lose precision.
    pub beyond_safe: bool,
}

/// Where the canonical form of a [`NumericId`] is.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Canonical {
    /// The lexeme is the canonical form.
    Lexeme,
    /// Another text (`1` for `1.0`).
    Other(String),
    /// None: a fraction, or an integer too long to write out.
    None,
}

impl NumericId {
    /// The canonical decimal form of its value when it is integral (`1.0` and `1e0` give
    /// `"1"`, `-0` gives `"0"`); `None` for fractions and for integers too long to write out
    /// (more than 400 digits).
    pub fn canonical(&self) -> Option<&str> {
        match &self.canonical {
            Canonical::Lexeme => Some(&self.lexeme),
            Canonical::Other(text) => Some(text),
            Canonical::None => None,
        }
    }

    /// Analyses a JSON number lexeme.
    pub fn from_lexeme(lexeme: &str) -> NumericId {
        // Most ids are short plain integers (`7`, `-3`), their own canonical form: no need
        // to take the digits apart.
        if Self::is_plain(lexeme) {
            return NumericId {
                // At most 16 bytes: inline, without the checks of `SmolStr::new`.
                lexeme: SmolStr::new_inline(lexeme),
                canonical: Canonical::Lexeme,
                fractional: false,
                non_canonical: false,
                beyond_safe: false,
            };
        }
        Self::analyse(lexeme)
    }

    /// Whether `lexeme` is a short plain integer (up to 15 digits, no leading zero), its own
    /// canonical form.
    pub(crate) fn is_plain(lexeme: &str) -> bool {
        let digits = lexeme.strip_prefix('-').unwrap_or(lexeme);
        (1..=15).contains(&digits.len())
            && digits.bytes().all(|b| b.is_ascii_digit())
            && (!digits.starts_with('0') || lexeme == "0")
    }

    /// [`NumericId::from_lexeme`] the long way, for any lexeme.
    fn analyse(lexeme: &str) -> NumericId {
        let canonical = integral_value(lexeme);
        let (fractional, canonical) = match canonical {
            Integral::Exact(text) => (false, Some(text)),
            Integral::TooLong => (false, None),
            Integral::Fraction => (true, None),
        };
        let non_canonical = !fractional && canonical.as_deref() != Some(lexeme);
        let beyond_safe = !fractional
            && canonical.as_ref().is_none_or(|c| {
                let digits = c.trim_start_matches('-');
                digits.len() > 16 || (digits.len() == 16 && digits > "9007199254740991")
            });
        NumericId {
            lexeme: SmolStr::new(lexeme),
            canonical: match canonical {
                Some(text) if text == lexeme => Canonical::Lexeme,
                Some(text) => Canonical::Other(text),
                None => Canonical::None,
            },
            fractional,
            non_canonical,
            beyond_safe,
        }
    }

    /// The value as `i64`, when it is an integer in range (also for `1.0`).
    pub fn as_i64(&self) -> Option<i64> {
        self.canonical()?.parse().ok()
    }
}

/// The key under which ids are compared: type-preserving (a number never equals a string),
/// numerically for integral numbers (`1`, `1.0` and `1e0` share the key `1`).
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum IdKey {
    /// A number: its canonical integer text, or its lexeme when it is fractional or too long.
    Number(String),
    /// A string id.
    String(String),
}

impl RequestId {
    /// Lowers the id node `value`.
    pub fn from_value(value: Value<'_>) -> RequestId {
        let id = match value.kind() {
            ValueKind::String => IdValue::String(value.as_str().unwrap_or_default().into_owned()),
            ValueKind::Number => IdValue::Number(NumericId::from_lexeme(value.source())),
            ValueKind::Null => IdValue::Null,
            other => IdValue::Other(other),
        };
        RequestId {
            node: value.id(),
            value: id,
        }
    }

    /// The span of the id, from `document`: the document of the transcript it belongs to.
    ///
    /// # Panics
    ///
    /// When the id does not come from `document`.
    pub fn span(&self, document: &JsonDocument<'_>) -> Span {
        document.value(self.node).span()
    }

    /// The correlation key; `None` for `null` and for ids of another type.
    pub fn key(&self) -> Option<IdKey> {
        match &self.value {
            IdValue::String(s) => Some(IdKey::String(s.clone())),
            IdValue::Number(n) => {
                Some(IdKey::Number(n.canonical().unwrap_or(&n.lexeme).to_owned()))
            }
            IdValue::Null | IdValue::Other(_) => None,
        }
    }

    /// Whether the id is a string or an integer (the only types MCP allows; `1.0` counts as
    /// an integer here, flagged by [`NumericId::non_canonical`]).
    pub fn is_valid_type(&self) -> bool {
        match &self.value {
            IdValue::String(_) => true,
            IdValue::Number(n) => !n.fractional,
            IdValue::Null | IdValue::Other(_) => false,
        }
    }

    /// Whether the id is `null`.
    pub fn is_null(&self) -> bool {
        self.value == IdValue::Null
    }
}

impl fmt::Display for RequestId {
    /// The id as written, then its quirks in parentheses: `1.0 (non-canonical)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.value {
            IdValue::String(s) => write!(f, "{s:?}"),
            IdValue::Number(n) => {
                f.write_str(&n.lexeme)?;
                let mut notes = Vec::new();
                if n.fractional {
                    notes.push("fractional");
                }
                if n.non_canonical {
                    notes.push("non-canonical");
                }
                if n.beyond_safe {
                    notes.push("beyond 2^53-1");
                }
                if !notes.is_empty() {
                    write!(f, " ({})", notes.join(", "))?;
                }
                Ok(())
            }
            IdValue::Null => f.write_str("null"),
            IdValue::Other(kind) => write!(f, "({kind}, not an id type)"),
        }
    }
}

enum Integral {
    Exact(String),
    TooLong,
    Fraction,
}

/// The value of a JSON number lexeme, exactly: its canonical integer text when integral.
fn integral_value(lexeme: &str) -> Integral {
    const MAX_DIGITS: usize = 400;
    let (negative, rest) = match lexeme.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, lexeme),
    };
    let (mantissa, exponent) = match rest.find(['e', 'E']) {
        Some(i) => (&rest[..i], &rest[i + 1..]),
        None => (rest, ""),
    };
    let (int_part, frac_part) = match mantissa.find('.') {
        Some(i) => (&mantissa[..i], &mantissa[i + 1..]),
        None => (mantissa, ""),
    };
    let mut exp: i64 = 0;
    let (exp_negative, exp_digits) = match exponent.as_bytes().first() {
        Some(b'-') => (true, &exponent[1..]),
        Some(b'+') => (false, &exponent[1..]),
        _ => (false, exponent),
    };
    for b in exp_digits.bytes().filter(u8::is_ascii_digit) {
        exp = exp.saturating_mul(10).saturating_add(i64::from(b - b'0'));
    }
    if exp_negative {
        exp = -exp;
    }
    // value = digits × 10^scale
    let mut digits: String = int_part
        .chars()
        .chain(frac_part.chars())
        .filter(char::is_ascii_digit)
        .collect();
    let mut scale = exp.saturating_sub(i64::try_from(frac_part.len()).unwrap_or(i64::MAX));
    while digits.ends_with('0') {
        digits.pop();
        scale = scale.saturating_add(1);
    }
    let digits = digits.trim_start_matches('0');
    if digits.is_empty() {
        return Integral::Exact("0".to_owned());
    }
    if scale < 0 {
        return Integral::Fraction;
    }
    let Ok(zeros) = usize::try_from(scale) else {
        return Integral::Fraction;
    };
    if digits.len().saturating_add(zeros) > MAX_DIGITS {
        return Integral::TooLong;
    }
    let mut out = String::with_capacity(digits.len() + zeros + 1);
    if negative {
        out.push('-');
    }
    out.push_str(digits);
    out.extend(std::iter::repeat_n('0', zeros));
    Integral::Exact(out)
}

/// Lowers `value` as one JSON-RPC message. `syntax_error` says whether the parser reported an
/// error inside the value (the message is then [`InvalidReason::Syntax`], with what could be
/// read). A top-level array is a batch.
pub(crate) fn lower_message(value: Value<'_>, syntax_error: bool) -> Message {
    if value.kind() == ValueKind::Array && !syntax_error {
        let items = value
            .items()
            .map(|item| lower_object(item, false))
            .collect();
        return Message::Batch {
            node: value.id(),
            items,
        };
    }
    lower_object(value, syntax_error)
}

fn lower_object(value: Value<'_>, syntax_error: bool) -> Message {
    let node = value.id();
    let invalid = |reason, id, method| Message::Invalid {
        node,
        reason,
        id,
        method,
    };
    if value.kind() != ValueKind::Object {
        let kind = value.kind();
        let reason = if syntax_error || kind == ValueKind::Error {
            InvalidReason::Syntax
        } else {
            InvalidReason::NotAnObject(kind)
        };
        return invalid(reason, None, None);
    }
    // One pass over the members for every key a message may have.
    let [id_value, method_value, jsonrpc, result, error, params] =
        value.get_many(["id", "method", "jsonrpc", "result", "error", "params"]);
    let id = id_value.map(RequestId::from_value);
    let method = method_value.and_then(string_leaf);
    if syntax_error {
        return invalid(InvalidReason::Syntax, id, method);
    }
    match jsonrpc {
        None => return invalid(InvalidReason::JsonrpcMissing, id, method),
        Some(v) if v.as_str().as_deref() != Some("2.0") => {
            return invalid(InvalidReason::JsonrpcNotTwo, id, method);
        }
        Some(_) => {}
    }
    let params = params.map(Value::id);
    if let Some(m) = method_value {
        let Some(method) = method else {
            let _ = m;
            return invalid(InvalidReason::MethodNotString, id, None);
        };
        if result.is_some() || error.is_some() {
            return invalid(InvalidReason::MethodWithResult, id, Some(method));
        }
        return match id {
            Some(id) => Message::Request {
                node,
                id,
                method,
                params,
            },
            None => Message::Notification {
                node,
                method,
                params,
            },
        };
    }
    match (result, error) {
        (Some(_), Some(_)) => invalid(InvalidReason::ResultAndError, id, None),
        (Some(result), None) => match id {
            Some(id) => Message::Response {
                node,
                id,
                result: result.id(),
            },
            None => invalid(InvalidReason::ResponseWithoutId, None, None),
        },
        (None, Some(error)) => {
            if error.kind() == ValueKind::Object {
                Message::ErrorResponse {
                    node,
                    id,
                    error: lower_error(error),
                }
            } else {
                invalid(InvalidReason::ErrorNotObject, id, None)
            }
        }
        (None, None) => invalid(InvalidReason::NoMethodResultOrError, id, None),
    }
}

/// The decoded string of `value` with its node, when it is a string.
pub(crate) fn string_leaf(value: Value<'_>) -> Option<JsonLeaf<String>> {
    value
        .as_str()
        .map(|s| JsonLeaf::new(value.id(), s.into_owned()))
}

fn lower_error(error: Value<'_>) -> ErrorObject {
    let code = error
        .get("code")
        .map(|c| ErrorCode::new(c.id(), c.as_number().and_then(mcpvet_json::Number::as_i64)));
    let message = error.get("message").and_then(string_leaf);
    ErrorObject {
        node: error.id(),
        code,
        message,
        data: error.get("data").map(Value::id),
    }
}

#[cfg(test)]
mod tests {
    use mcpvet_json::{JsonDocument, JsonOptions, parse};

    use super::*;

    fn doc(text: &str) -> JsonDocument<'_> {
        let outcome = parse(text, &JsonOptions::strict());
        assert!(!outcome.has_errors(), "{text}: {:?}", outcome.diagnostics);
        outcome.value
    }

    fn msg(text: &str) -> Message {
        let d = doc(text);
        lower_message(d.root().unwrap(), false)
    }

    fn id_of(text: &str) -> RequestId {
        let d = doc(text);
        RequestId::from_value(d.root().unwrap())
    }

    #[test]
    fn classification() {
        let d = doc(r#"{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{}}"#);
        let m = lower_message(d.root().unwrap(), false);
        let Message::Request {
            id, method, params, ..
        } = &m
        else {
            panic!("{m:?}")
        };
        assert_eq!(method.value, "tools/list");
        assert_eq!(method.span(&d), Span::new(33, 45));
        assert_eq!(id.span(&d), Span::new(22, 23));
        assert!(params.is_some());
        assert!(matches!(
            msg(r#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#),
            Message::Notification { params: None, .. }
        ));
        assert!(matches!(
            msg(r#"{"jsonrpc":"2.0","id":1,"result":{}}"#),
            Message::Response { .. }
        ));
        let m =
            msg(r#"{"jsonrpc":"2.0","error":{"code":-32700,"message":"Parse error","data":[1]}}"#);
        let Message::ErrorResponse {
            id: None, error, ..
        } = &m
        else {
            panic!("{m:?}")
        };
        assert_eq!(error.code.unwrap().value, Some(-32700));
        assert_eq!(
            error.message.as_deref().map(String::as_str),
            Some("Parse error")
        );
        assert!(error.data.is_some());
        // `"id": null` on a request keeps it a request.
        let m = msg(r#"{"jsonrpc":"2.0","id":null,"method":"ping"}"#);
        assert!(matches!(&m, Message::Request { id, .. } if id.is_null()));
    }

    #[test]
    fn invalid_messages() {
        let reason = |text: &str| match msg(text) {
            Message::Invalid { reason, .. } => reason,
            other => panic!("{text}: {other:?}"),
        };
        assert_eq!(reason("1"), InvalidReason::NotAnObject(ValueKind::Number));
        assert_eq!(
            reason(r#"{"id":1,"method":"ping"}"#),
            InvalidReason::JsonrpcMissing
        );
        assert_eq!(
            reason(r#"{"jsonrpc":"1.0","id":1,"method":"ping"}"#),
            InvalidReason::JsonrpcNotTwo
        );
        assert_eq!(
            reason(r#"{"jsonrpc":2.0,"id":1,"method":"ping"}"#),
            InvalidReason::JsonrpcNotTwo
        );
        assert_eq!(
            reason(r#"{"jsonrpc":"2.0","id":1,"method":7}"#),
            InvalidReason::MethodNotString
        );
        assert_eq!(
            reason(r#"{"jsonrpc":"2.0","id":1,"method":"x","result":{}}"#),
            InvalidReason::MethodWithResult
        );
        assert_eq!(
            reason(r#"{"jsonrpc":"2.0","id":1,"result":{},"error":{}}"#),
            InvalidReason::ResultAndError
        );
        assert_eq!(
            reason(r#"{"jsonrpc":"2.0","result":{}}"#),
            InvalidReason::ResponseWithoutId
        );
        assert_eq!(
            reason(r#"{"jsonrpc":"2.0","id":1,"error":"boom"}"#),
            InvalidReason::ErrorNotObject
        );
        assert_eq!(
            reason(r#"{"jsonrpc":"2.0","id":1}"#),
            InvalidReason::NoMethodResultOrError
        );
        // What could be read is kept.
        let Message::Invalid { id, method, .. } = msg(r#"{"id":"a","method":"ping"}"#) else {
            panic!()
        };
        assert_eq!(id.unwrap().key(), Some(IdKey::String("a".into())));
        assert_eq!(method.unwrap().value, "ping");
    }

    #[test]
    fn batches() {
        let m = msg(r#"[{"jsonrpc":"2.0","id":1,"method":"ping"},[],3]"#);
        let Message::Batch { items, .. } = &m else {
            panic!("{m:?}")
        };
        assert_eq!(items.len(), 3);
        assert!(matches!(items[0], Message::Request { .. }));
        assert!(matches!(
            items[1],
            Message::Invalid {
                reason: InvalidReason::NotAnObject(ValueKind::Array),
                ..
            }
        ));
        assert!(matches!(msg("[]"), Message::Batch { ref items, .. } if items.is_empty()));
    }

    #[test]
    fn ids_keep_their_type() {
        let one = id_of("1");
        let one_str = id_of("\"1\"");
        assert_ne!(one.key(), one_str.key());
        assert_eq!(one.key(), Some(IdKey::Number("1".into())));
        assert_eq!(one_str.key(), Some(IdKey::String("1".into())));
        assert!(one.is_valid_type() && one_str.is_valid_type());
        assert_eq!(one.to_string(), "1");
        assert_eq!(one_str.to_string(), "\"1\"");
        let empty = id_of("\"\"");
        assert!(empty.is_valid_type());
        assert_eq!(empty.key(), Some(IdKey::String(String::new())));
    }

    #[test]
    fn plain_integers_take_the_short_way_to_the_same_result() {
        let mut lexemes: Vec<String> = [
            "0",
            "-0",
            "1",
            "-1",
            "7",
            "00",
            "01",
            "-01",
            "10",
            "999999999999999",
            "-999999999999999",
            "1000000000000000",
            "9007199254740991",
            "9007199254740992",
            "-9007199254740992",
            "12345678901234567890",
        ]
        .iter()
        .map(|s| (*s).to_owned())
        .collect();
        let mut x: u64 = 0x9e37_79b9_7f4a_7c15;
        for _ in 0..2_000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let n = x >> (x % 64);
            lexemes.push(n.to_string());
            lexemes.push(format!("-{n}"));
        }
        for lexeme in &lexemes {
            assert_eq!(
                NumericId::from_lexeme(lexeme),
                NumericId::analyse(lexeme),
                "{lexeme}"
            );
        }
    }

    #[test]
    fn numeric_id_quirks() {
        let n = |t: &str| match id_of(t).value {
            IdValue::Number(n) => n,
            other => panic!("{other:?}"),
        };
        let plain = n("1");
        assert!(!plain.fractional && !plain.non_canonical && !plain.beyond_safe);
        assert_eq!(plain.as_i64(), Some(1));
        for t in ["1.0", "1e0", "10e-1", "0.1e1", "1E+0"] {
            let x = n(t);
            assert!(x.non_canonical && !x.fractional, "{t}");
            assert_eq!(x.canonical(), Some("1"), "{t}");
            assert_eq!(id_of(t).key(), Some(IdKey::Number("1".into())), "{t}");
        }
        let frac = n("1.5");
        assert!(frac.fractional && !frac.non_canonical);
        assert!(!id_of("1.5").is_valid_type());
        assert_eq!(id_of("1.5").key(), Some(IdKey::Number("1.5".into())));
        let big = n("9007199254740993");
        assert!(big.beyond_safe && !big.non_canonical);
        assert!(!n("9007199254740991").beyond_safe);
        assert!(n("-9007199254740992").beyond_safe);
        assert!(n("1e300").beyond_safe);
        let huge = n("1e999999999999");
        assert!(huge.beyond_safe && huge.canonical().is_none() && !huge.fractional);
        let neg = n("-3");
        assert!(!neg.non_canonical && !neg.fractional);
        assert_eq!(neg.as_i64(), Some(-3));
        let zero = n("0");
        assert!(!zero.non_canonical);
        assert!(n("-0").non_canonical);
        assert_eq!(n("-0").canonical(), Some("0"));
        assert!(n("1e-400").fractional);
        assert!(id_of("null").is_null());
        assert_eq!(id_of("null").key(), None);
        assert!(matches!(
            id_of("true").value,
            IdValue::Other(ValueKind::Bool)
        ));
        assert!(!id_of("{}").is_valid_type());
        assert_eq!(id_of("1.0").to_string(), "1.0 (non-canonical)");
        assert_eq!(
            id_of("9007199254740993").to_string(),
            "9007199254740993 (beyond 2^53-1)"
        );
        assert_eq!(id_of("1.5").to_string(), "1.5 (fractional)");
    }
}
