//! JSON Schema facts shared by the mcpvet checks.
//!
//! Position in the pipeline: beside `mcpvet_ast`, above `mcpvet_json`; the check crates of
//! tools (`mcpvet_check_tools`, `MCP5xx`) and of server definitions (`mcpvet_check_server`,
//! `MCP6xx`) both judge schema fields with it, and `mcpvet schema infer` prints what
//! [`infer`] returns. It does no I/O.
//!
//! - [`shape`]: whether a value written where a schema belongs is a schema, bare property
//!   schemas, or an example payload ([`shape::classify`]); the keyword table of every draft.
//! - [`infer`]: the JSON Schema (draft 2020-12) an example implies, deterministic, written
//!   compact or indented like the file it goes into; the replacement text of an incomplete
//!   schema field ([`infer::replacement`]).
//! - [`instance`]: a parsed value as the `serde_json` value that validation takes, exactly
//!   as `serde_json` would read its text.
//! - [`parsed`]: the parsed nodes as a JSON representation of the `jsonschema` crate, so
//!   that instances are validated without building `serde_json` values.
//! - [`validate`]: dialects, meta-schema errors, offline compilation and instance
//!   violations with the `jsonschema` crate, every error mapped back to the node of the
//!   input it is about.
//!
//! ```
//! use mcpvet_json::{JsonOptions, parse};
//! use mcpvet_schema::infer::{InferOptions, Layout, infer};
//!
//! let example = parse(r#"{"city": "Oslo", "days": 3}"#, &JsonOptions::strict()).value;
//! let schema = infer(example.root().unwrap(), InferOptions::default());
//! assert_eq!(
//!     schema.to_text(&Layout::Compact),
//!     r#"{"type":"object","properties":{"city":{"type":"string"},"days":{"type":"integer"}},"required":["city","days"]}"#
//! );
//! ```
#![warn(clippy::disallowed_methods)]
#![warn(missing_docs)]

pub mod infer;
pub mod instance;
pub mod parsed;
pub mod shape;
#[cfg(feature = "testing")]
pub mod testing;
pub mod validate;

use mcpvet_diagnostics::Site;
use mcpvet_json::{Value, ValueKind};

/// `text` for a message: backquotes and control characters replaced, cut to `max`
/// characters with an ellipsis.
pub fn short(text: &str, max: usize) -> String {
    let mut out = String::with_capacity(text.len().min(max + 3));
    for (i, c) in text.chars().enumerate() {
        if i == max {
            out.push('…');
            return out;
        }
        out.push(match c {
            '`' => '\'',
            c if c.is_control() => '�',
            c => c,
        });
    }
    out
}

/// Where a finding about `value`, a value of any kind, points: the value with its path. An
/// `Error` node (what a reconstructed capture holds where its JSON is broken) can be empty and
/// then has no position of its own; for it the span is reported and the facade takes the
/// path of the value around it, as for every finding without a path.
pub fn site(value: Value<'_>) -> Site {
    if value.kind() == ValueKind::Error {
        value.span().into()
    } else {
        value.into()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_cuts_and_cleans() {
        assert_eq!(short("abc", 5), "abc");
        assert_eq!(short("abcdef", 3), "abc…");
        assert_eq!(short("a`b\n", 10), "a'b�");
    }
}
