//! Content blocks (`CallToolResult.content`, `PromptMessage.content`) and resource contents,
//! checked against the version's schema; each problem is returned for the calling rule to
//! report.
use mcpvet_ast::transcript::ProtocolVersion;
use mcpvet_diagnostics::Site;
use mcpvet_json::{Value, ValueKind};

use crate::context::{Cx, short, site};

/// One problem of a block.
#[derive(Debug)]
pub(crate) struct Problem {
    pub(crate) at: Site,
    pub(crate) message: String,
    pub(crate) help: String,
}

fn problem(out: &mut Vec<Problem>, at: impl Into<Site>, message: String, help: impl Into<String>) {
    out.push(Problem {
        at: at.into(),
        message,
        help: help.into(),
    });
}

/// The content block types of `version`, for messages.
fn types_of(version: ProtocolVersion) -> &'static str {
    if version >= ProtocolVersion::V2025_06_18 {
        "`text`, `image`, `audio`, `resource`, `resource_link`"
    } else if version >= ProtocolVersion::V2025_03_26 {
        "`text`, `image`, `audio`, `resource`"
    } else {
        "`text`, `image`, `resource`"
    }
}

/// Checks one content block.
pub(crate) fn block(block: Value<'_>, cx: Cx, out: &mut Vec<Problem>) {
    if block.kind() != ValueKind::Object {
        if block.kind() != ValueKind::Error {
            problem(
                out,
                block,
                format!(
                    "a content block must be an object, found {}",
                    block.kind().with_article()
                ),
                "write each block as an object with a `type`",
            );
        }
        return;
    }
    let Some(t) = cx.get(block, "type") else {
        problem(
            out,
            block,
            "the content block has no `type`".to_owned(),
            format!("add a `type`: one of {}", types_of(cx.version)),
        );
        return;
    };
    let Some(kind) = t.as_str() else {
        problem(
            out,
            site(t),
            format!(
                "the content block `type` must be a string, found {}",
                t.kind().with_article()
            ),
            format!("use one of {}", types_of(cx.version)),
        );
        return;
    };
    let version = cx.version;
    match kind.as_ref() {
        "text" => required_string(block, "text", "text", cx, out),
        "image" | "audio" if kind == "image" || version >= ProtocolVersion::V2025_03_26 => {
            base64_member(block, "data", &format!("the `{kind}` block"), cx, out);
            required_string(block, "mimeType", &kind, cx, out);
        }
        "resource" => match cx.get(block, "resource") {
            Some(r) if r.kind() == ValueKind::Object => resource_contents(r, cx, out),
            Some(r) => problem(
                out,
                site(r),
                format!(
                    "`resource` must be an object, found {}",
                    r.kind().with_article()
                ),
                "embed the resource as an object with `uri` and `text` or `blob`",
            ),
            None => problem(
                out,
                block,
                "the `resource` block has no `resource`".to_owned(),
                "embed the resource as an object with `uri` and `text` or `blob`",
            ),
        },
        "resource_link" if version >= ProtocolVersion::V2025_06_18 => {
            required_string(block, "uri", "resource_link", cx, out);
            required_string(block, "name", "resource_link", cx, out);
        }
        "tool_use" | "tool_result" if version >= ProtocolVersion::V2025_11_25 => problem(
            out,
            t,
            format!("`{kind}` blocks belong in sampling messages, not here"),
            format!("use one of {}", types_of(version)),
        ),
        other => problem(
            out,
            t,
            format!(
                "`{}` is not a content block type of {version}",
                short(other, 40)
            ),
            format!("use one of {}", types_of(version)),
        ),
    }
}

fn required_string(object: Value<'_>, key: &str, what: &str, cx: Cx, out: &mut Vec<Problem>) {
    match cx.get(object, key) {
        Some(v) if v.kind() == ValueKind::String || v.kind() == ValueKind::Error => {}
        Some(v) => problem(
            out,
            v,
            format!(
                "`{key}` of the `{what}` block must be a string, found {}",
                v.kind().with_article()
            ),
            format!("make `{key}` a string"),
        ),
        None => problem(
            out,
            object,
            format!("the `{what}` block has no `{key}`"),
            format!("add the required `{key}`"),
        ),
    }
}

/// Checks the base64 member `key` of `object` (`whose`: "the `image` block", for messages).
fn base64_member(object: Value<'_>, key: &str, whose: &str, cx: Cx, out: &mut Vec<Problem>) {
    if cx
        .get(object, key)
        .is_none_or(|v| v.kind() != ValueKind::String)
    {
        let what = whose
            .trim_start_matches("the `")
            .split('`')
            .next()
            .unwrap_or("resource");
        required_string(object, key, what, cx, out);
        return;
    }
    if let Some(v) = cx.get(object, key)
        && let Some(text) = v.as_str()
        && !is_base64(text.as_bytes())
    {
        let hint = if text.starts_with("data:") {
            " (it is a data URL; send only the base64 part)"
        } else {
            ""
        };
        problem(
            out,
            v,
            format!("`{key}` of {whose} is not valid base64{hint}"),
            format!("send `{key}` as standard base64 (RFC 4648 §4, padded)"),
        );
    }
}

/// Whether `bytes` is padded standard base64 (RFC 4648 §4).
pub(crate) fn is_base64(bytes: &[u8]) -> bool {
    if !bytes.len().is_multiple_of(4) {
        return false;
    }
    let padding = bytes.iter().rev().take_while(|&&b| b == b'=').count();
    if padding > 2 {
        return false;
    }
    bytes[..bytes.len() - padding]
        .iter()
        .all(|&b| b.is_ascii_alphanumeric() || b == b'+' || b == b'/')
}

/// Checks a `TextResourceContents` or `BlobResourceContents` object: `uri` and exactly one of
/// `text` and `blob`.
pub(crate) fn resource_contents(contents: Value<'_>, cx: Cx, out: &mut Vec<Problem>) {
    match cx.get(contents, "uri") {
        Some(u) if u.kind() == ValueKind::String || u.kind() == ValueKind::Error => {}
        Some(u) => problem(
            out,
            u,
            format!(
                "the resource `uri` must be a string, found {}",
                u.kind().with_article()
            ),
            "give the contents the `uri` of the resource",
        ),
        None => problem(
            out,
            contents,
            "the resource contents have no `uri`".to_owned(),
            "give the contents the `uri` of the resource",
        ),
    }
    let text = cx.get(contents, "text");
    let blob = cx.get(contents, "blob");
    match (text, blob) {
        (Some(_), Some(b)) => problem(
            out,
            site(b),
            "the resource contents have both `text` and `blob`".to_owned(),
            "send text as `text` or binary data as base64 `blob`, not both",
        ),
        (None, None) => problem(
            out,
            contents,
            "the resource contents have neither `text` nor `blob`".to_owned(),
            "send the contents as `text` or as base64 `blob`",
        ),
        (Some(t), None) => {
            if t.kind() != ValueKind::String && t.kind() != ValueKind::Error {
                problem(
                    out,
                    t,
                    format!("`text` must be a string, found {}", t.kind().with_article()),
                    "send binary data as base64 `blob` instead",
                );
            }
        }
        (None, Some(_)) => base64_member(contents, "blob", "the resource contents", cx, out),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn base64() {
        for ok in ["", "aGk=", "aGVsbG8=", "aGVsbG8h", "+/+/"] {
            assert!(is_base64(ok.as_bytes()), "{ok}");
        }
        for bad in ["aGk", "a===", "aG=k", "data:image/png;base64,aGk=", "aG k"] {
            assert!(!is_base64(bad.as_bytes()), "{bad}");
        }
    }
}
