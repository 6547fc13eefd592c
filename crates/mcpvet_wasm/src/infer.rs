//! The page's "Infer schema" action, in one JSON object:
//!
//! ```json
//! {"schema": "{\n  \"$schema\": \"https://json-schema.org/draft/2020-12/schema\",\n  \"type\": \"integer\"\n}",
//!  "errors": []}
//! {"schema": null,
//!  "errors": [{"code": "MCP001", "message": "expected a value, found `}`", "help": null,
//!              "start": 16, "end": 16, "line": 2, "column": 7, "column_utf16": 7,
//!              "end_line": 2, "end_column": 7, "end_column_utf16": 7}]}
//! ```
//!
//! - `schema` is the text `mcpvet schema infer` prints (without its final line break): draft
//!   2020-12 with `$schema`, two-space indentation, deterministic
//!   ([`mcpvet_linter::infer_schema`]); `null` when the example is not one well-formed JSON
//!   value.
//! - `errors` lists why not, in order: the example's syntax errors (MCP001), or its invalid
//!   UTF-8 (MCP008), each with the byte span of the error, its 1-based line and columns (code
//!   points, as the command line prints them, and UTF-16 code units), the message and the
//!   help. Messages never quote a whole token: the JSON reader shows a long bare word as
//!   `ghp_…` (40 chars).
use mcpvet_diagnostics::Diagnostic;
use mcpvet_json::decode_utf8;
use mcpvet_schema::infer::{InferOptions, Required};
use mcpvet_text::{Encoding, SourceFile, TextError, check_len};
use serde::Serialize;

#[derive(Serialize)]
struct Inference {
    schema: Option<String>,
    errors: Vec<ErrorEntry>,
}

/// One reason the example could not be read.
#[derive(Serialize)]
struct ErrorEntry {
    code: &'static str,
    message: String,
    help: Option<String>,
    start: u32,
    end: u32,
    line: u32,
    column: u32,
    column_utf16: u32,
    end_line: u32,
    end_column: u32,
    end_column_utf16: u32,
}

/// The inference object (see the [module documentation](self)) for the example `bytes`
/// (UTF-8; JSON, comments allowed), with object schemas requiring what `required` says.
///
/// # Errors
///
/// [`TextError::InputTooLarge`] when the example is longer than `u32::MAX` bytes.
pub fn render(bytes: &[u8], required: Required) -> Result<String, TextError> {
    check_len(bytes.len())?;
    let decoded = decode_utf8(bytes);
    // As `mcpvet schema infer`: invalid UTF-8 is not read as `?` into a schema.
    let result = if decoded.diagnostics.is_empty() {
        mcpvet_linter::infer_schema(&decoded.text, InferOptions { required })
            .map_err(|e| e.diagnostics)
    } else {
        Err(decoded.diagnostics.clone())
    };
    let inference = match result {
        Ok(schema) => Inference {
            schema: Some(schema),
            errors: Vec::new(),
        },
        Err(diagnostics) => {
            let source = SourceFile::new(crate::UNNAMED, decoded.text.into_owned())?;
            Inference {
                schema: None,
                errors: diagnostics
                    .iter()
                    .map(|d| error_entry(&source, d))
                    .collect(),
            }
        }
    };
    Ok(serde_json::to_string(&inference).unwrap_or_default())
}

fn error_entry(source: &SourceFile, d: &Diagnostic) -> ErrorEntry {
    let span = d.span().clamp(source.text());
    let start = source.line_col(span.start, Encoding::CodePoint);
    let end = source.line_col(span.end, Encoding::CodePoint);
    let start16 = source.line_col(span.start, Encoding::Utf16);
    let end16 = source.line_col(span.end, Encoding::Utf16);
    ErrorEntry {
        code: d.code().as_str(),
        message: d.message().to_owned(),
        help: d.help().map(str::to_owned),
        start: span.start,
        end: span.end,
        line: start.line,
        column: start.column,
        column_utf16: start16.column,
        end_line: end.line,
        end_column: end.column,
        end_column_utf16: end16.column,
    }
}

#[cfg(test)]
mod tests {
    use serde_json::Value;

    use super::*;

    fn infer(required: Required, text: &[u8]) -> Value {
        serde_json::from_str(&render(text, required).unwrap()).unwrap()
    }

    #[test]
    fn an_example_gives_the_command_line_schema() {
        let example =
            "{\"id\": 7, \"tags\": [\"a\"], \"price\": 2.5, // a comment\n \"note\": null}";
        for required in [Required::Present, Required::None] {
            let out = infer(required, example.as_bytes());
            let expected = mcpvet_linter::infer_schema(example, InferOptions { required }).unwrap();
            assert_eq!(out["schema"], expected.as_str());
            assert_eq!(out["errors"], serde_json::json!([]));
        }
        let present = infer(Required::Present, example.as_bytes());
        let schema: Value = serde_json::from_str(present["schema"].as_str().unwrap()).unwrap();
        assert_eq!(
            schema["$schema"],
            "https://json-schema.org/draft/2020-12/schema"
        );
        assert_eq!(
            schema["required"],
            serde_json::json!(["id", "tags", "price", "note"])
        );
        assert_eq!(schema["properties"]["price"]["type"], "number");
        let none = infer(Required::None, example.as_bytes());
        assert!(!none["schema"].as_str().unwrap().contains("\"required\""));
        // Not only objects.
        assert!(
            infer(Required::Present, b"[1, 2.5]")["schema"]
                .as_str()
                .unwrap()
                .contains("\"type\": \"number\"")
        );
    }

    #[test]
    fn syntax_errors_have_their_positions() {
        let text = "{\"név\": 1,\n  \"😀\": }";
        let out = infer(Required::Present, text.as_bytes());
        assert!(out["schema"].is_null());
        let errors = out["errors"].as_array().unwrap();
        assert_eq!(errors.len(), 1, "{out}");
        let e = &errors[0];
        assert_eq!(e["code"], "MCP001");
        assert_eq!(e["message"], "expected a value, found `}`");
        // An empty span where the value should start.
        let brace = text.find('}').unwrap() as u64;
        assert_eq!(
            (e["start"].as_u64(), e["end"].as_u64()),
            (Some(brace), Some(brace))
        );
        // Line 2: two spaces, `"😀"` (3 code points, 4 UTF-16 units), `: `, then `}`.
        let at = |k: &str| e[k].as_u64().unwrap();
        assert_eq!((at("line"), at("column"), at("column_utf16")), (2, 8, 9));
        assert_eq!(
            (at("end_line"), at("end_column"), at("end_column_utf16")),
            (2, 8, 9)
        );
    }

    #[test]
    fn empty_and_undecodable_examples_are_errors() {
        let empty = infer(Required::Present, b"");
        assert!(empty["schema"].is_null());
        assert_eq!(empty["errors"][0]["line"], 1);
        assert_eq!(empty["errors"][0]["column"], 1);
        let blank = infer(Required::Present, b"  \n");
        assert!(blank["schema"].is_null() && !blank["errors"][0]["message"].is_null());
        let bad = infer(Required::Present, b"{\"a\": \"\xff\"}");
        assert!(bad["schema"].is_null());
        assert_eq!(bad["errors"][0]["code"], "MCP008");
        assert_eq!(bad["errors"][0]["start"], 7);
    }

    #[test]
    fn long_bare_words_are_not_quoted_whole() {
        let token = "ghp_0123456789abcdefghijABCDEFGHIJ012345";
        let out = render(
            format!("{{\"token\": {token}}}").as_bytes(),
            Required::Present,
        )
        .unwrap();
        assert!(out.contains("MCP001"), "{out}");
        assert!(!out.contains(&token[..12]), "{out}");
    }
}
