//! The catalog entries (documentation pages) of the findings this crate emits.
use mcpvet_diagnostics::{RuleMeta, declare_rule};

declare_rule! {
    /// The input is not well-formed JSON.
    ///
    /// ## What it checks
    ///
    /// The text must follow RFC 8259: one value; strings in double quotes with valid escapes
    /// and no raw control characters; numbers without leading zeros, `+`, `NaN` or
    /// `Infinity`; `,` between elements and members, `:` after each key; every bracket
    /// closed; nothing after the value. Each problem is reported with an "expected ..."
    /// message at its exact position, and parsing goes on, so one run shows every error.
    /// Raw control characters are reported once per string, at the first, with the count
    /// of the others.
    ///
    /// ## Why it matters
    ///
    /// Most MCP clients read their configuration with a strict JSON parser and silently skip a
    /// file, or every server in it, when it does not parse: the symptom is "my server does not
    /// show up", with nothing in the logs. In a captured session, a line that is not JSON is a
    /// message the peer could not read.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```json file=mcp.json
    /// {"mcpServers": {"docs": {"command": "npx" "args": ["-y", "docs-mcp"]}}}
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```json file=mcp.json
    /// {"mcpServers": {"docs": {"command": "npx", "args": ["-y", "docs-mcp"]}}}
    /// ```
    ///
    /// ## References
    ///
    /// - RFC 8259, The JavaScript Object Notation (JSON) Data Interchange Format
    pub static JSON_SYNTAX_ERROR = {
        code: "MCP001",
        name: "json-syntax-error",
        severity: Error,
        target: Any,
        since: "0.1.0",
    }
}

declare_rule! {
    /// An object has the same key twice.
    ///
    /// ## What it checks
    ///
    /// Keys are compared after decoding escapes (`"f\u006fo"` equals `"foo"`). The later key is
    /// reported, with a label on the first one.
    ///
    /// ## Why it matters
    ///
    /// RFC 8259 says names SHOULD be unique; `JSON.parse` and most clients keep only the last
    /// value, so the first definition is silently ignored. A server defined twice, or an `env`
    /// variable set twice, usually means an edit went to the wrong copy.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```json file=claude_desktop_config.json
    /// {"mcpServers": {"docs": {"command": "npx"}, "docs": {"command": "uvx"}}}
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```json file=claude_desktop_config.json
    /// {"mcpServers": {"docs": {"command": "npx"}, "docs-next": {"command": "uvx"}}}
    /// ```
    ///
    /// ## References
    ///
    /// - RFC 8259 §4, Objects
    pub static DUPLICATE_KEY = {
        code: "MCP002",
        name: "duplicate-key",
        severity: Warning,
        target: Any,
        since: "0.1.0",
    }
}

declare_rule! {
    /// A comment appears where the reader expects strict JSON.
    ///
    /// ## What it checks
    ///
    /// `//` and `/* */` comments. In configuration mode this depends on the client: VS Code,
    /// Zed and Gemini CLI read JSONC and accept comments; Claude Desktop, Claude Code, Cursor,
    /// Cline and Amazon Q read strict JSON. `mcpvet json` reports them unless `--jsonc` is
    /// given.
    ///
    /// ## Why it matters
    ///
    /// A strict parser rejects the whole file at the first comment, and clients such as Claude
    /// Desktop then start none of the servers in it.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```json file=claude_desktop_config.json
    /// {
    ///   // documentation server
    ///   "mcpServers": {"docs": {"command": "npx", "args": ["-y", "docs-mcp"]}}
    /// }
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```jsonc file=.vscode/mcp.json
    /// {
    ///   // documentation server
    ///   "servers": {"docs": {"type": "stdio", "command": "npx", "args": ["-y", "docs-mcp"]}}
    /// }
    /// ```
    ///
    /// ## References
    ///
    /// - RFC 8259 (no comments in JSON)
    /// - VS Code `mcp.json` schema: `allowComments`
    pub static COMMENT_NOT_ALLOWED = {
        code: "MCP003",
        name: "comment-not-allowed",
        severity: Error,
        target: Any,
        since: "0.1.0",
    }
}

declare_rule! {
    /// A trailing comma appears where the reader expects strict JSON.
    ///
    /// ## What it checks
    ///
    /// A `,` right before `]` or `}`. JSONC readers (VS Code, Zed) accept it; strict readers
    /// (Claude Desktop, Claude Code, Cursor, Cline, Amazon Q) do not.
    ///
    /// ## Why it matters
    ///
    /// It is the most common hand-editing mistake in MCP configurations, and a strict client
    /// drops the whole file without saying why.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```json file=claude_desktop_config.json
    /// {"mcpServers": {"docs": {"command": "npx", "args": ["-y", "docs-mcp"],}}}
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```json file=claude_desktop_config.json
    /// {"mcpServers": {"docs": {"command": "npx", "args": ["-y", "docs-mcp"]}}}
    /// ```
    ///
    /// ## References
    ///
    /// - RFC 8259 §5, Arrays; §4, Objects
    pub static TRAILING_COMMA_NOT_ALLOWED = {
        code: "MCP004",
        name: "trailing-comma-not-allowed",
        severity: Error,
        target: Any,
        since: "0.1.0",
    }
}

declare_rule! {
    /// Arrays and objects are nested deeper than the limit (128 by default).
    ///
    /// ## What it checks
    ///
    /// The nesting depth of arrays and objects. The nested value is skipped, without
    /// recursion, and the rest of the input is still checked.
    ///
    /// ## Why it matters
    ///
    /// Many JSON parsers stop at a fixed depth (serde_json at 128) or crash with a stack
    /// overflow on deeper input; a message or configuration that deep is almost certainly
    /// generated by mistake or hostile.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```json file=mcp.json
    /// {"mcpServers": {"docs": {"command": "npx", "args": [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[["x"]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]}}}
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```json file=mcp.json
    /// {"mcpServers": {"docs": {"command": "npx", "args": ["-y", "docs-mcp"]}}}
    /// ```
    ///
    /// ## Options
    ///
    /// `mcpvet json --max-depth N` changes the limit.
    ///
    /// ## References
    ///
    /// - RFC 8259 §9 (parsers may limit nesting)
    pub static NESTING_TOO_DEEP = {
        code: "MCP005",
        name: "nesting-too-deep",
        severity: Error,
        target: Any,
        since: "0.1.0",
    }
}

declare_rule! {
    /// A `\u` escape encodes half of a UTF-16 surrogate pair.
    ///
    /// ## What it checks
    ///
    /// `\uD800`–`\uDBFF` not followed by `\uDC00`–`\uDFFF`, and `\uDC00`–`\uDFFF` on its own.
    /// mcpvet keeps the string (it decodes the half to U+FFFD) and goes on.
    ///
    /// ## Why it matters
    ///
    /// Such a string is not valid Unicode: strict parsers (serde_json, Python's
    /// `json` with `surrogatepass` off in some encoders) reject the message or replace the
    /// character, so the peer sees something other than what was sent.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```json file=mcp.json
    /// {"mcpServers": {"docs": {"command": "npx", "args": ["\uD800"]}}}
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```json file=mcp.json
    /// {"mcpServers": {"docs": {"command": "npx", "args": ["\uD83D\uDE00"]}}}
    /// ```
    ///
    /// ## References
    ///
    /// - RFC 8259 §8.2, Unicode Characters
    pub static LONE_SURROGATE = {
        code: "MCP006",
        name: "lone-surrogate",
        severity: Warning,
        target: Any,
        since: "0.1.0",
    }
}

declare_rule! {
    /// The input starts with a UTF-8 byte order mark.
    ///
    /// ## What it checks
    ///
    /// The bytes `EF BB BF` at offset 0. mcpvet skips them (spans still count them) and goes
    /// on.
    ///
    /// ## Why it matters
    ///
    /// RFC 8259 says implementations MUST NOT add a BOM and MAY ignore one. Node.js, which
    /// many clients use, keeps it in the string and `JSON.parse` then fails at the first
    /// character: an editor that saves "UTF-8 with BOM" breaks the configuration invisibly.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```json file=mcp.json
    /// ﻿{"mcpServers": {"docs": {"command": "npx"}}}
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```json file=mcp.json
    /// {"mcpServers": {"docs": {"command": "npx"}}}
    /// ```
    ///
    /// ## References
    ///
    /// - RFC 8259 §8.1, Character Encoding
    pub static BYTE_ORDER_MARK = {
        code: "MCP007",
        name: "byte-order-mark",
        severity: Warning,
        target: Any,
        since: "0.1.0",
    }
}

declare_rule! {
    /// The input is not valid UTF-8.
    ///
    /// ## What it checks
    ///
    /// Every byte sequence must be valid UTF-8. The first bad byte of each affected line is
    /// reported with its offset; bad bytes read as `?` so the rest still parses with unchanged
    /// offsets.
    ///
    /// ## Why it matters
    ///
    /// JSON exchanged between systems MUST be UTF-8 (RFC 8259), and MCP messages MUST be UTF-8
    /// from 2025-03-26 on. A file saved as Latin-1 or UTF-16 is rejected or garbled by the
    /// client.
    ///
    /// ## Examples
    ///
    /// Invalid UTF-8 cannot appear in this page; save any configuration as ISO-8859-1 with a
    /// non-ASCII character to see the finding.
    ///
    /// ### Flagged
    ///
    /// ### Accepted
    ///
    /// ```json file=mcp.json
    /// {"mcpServers": {"café": {"command": "npx"}}}
    /// ```
    ///
    /// ## References
    ///
    /// - RFC 8259 §8.1, Character Encoding
    /// - MCP specification 2025-03-26, Base Protocol: messages MUST be UTF-8 encoded
    pub static INVALID_UTF8 = {
        code: "MCP008",
        name: "invalid-utf8",
        severity: Error,
        target: Any,
        since: "0.1.0",
    }
}

/// The rules of this crate, sorted by code.
pub fn rules() -> &'static [&'static RuleMeta] {
    RULES
}

static RULES: &[&RuleMeta] = &[
    &JSON_SYNTAX_ERROR,
    &DUPLICATE_KEY,
    &COMMENT_NOT_ALLOWED,
    &TRAILING_COMMA_NOT_ALLOWED,
    &NESTING_TOO_DEEP,
    &LONE_SURROGATE,
    &BYTE_ORDER_MARK,
    &INVALID_UTF8,
];

#[cfg(test)]
mod tests {
    use crate::codes;

    #[test]
    fn codes_match_the_catalog() {
        let codes = [
            codes::SYNTAX,
            codes::DUPLICATE_KEY,
            codes::COMMENT,
            codes::TRAILING_COMMA,
            codes::NESTING,
            codes::LONE_SURROGATE,
            codes::BOM,
            codes::INVALID_UTF8,
        ];
        let catalog: Vec<_> = super::rules().iter().map(|r| r.code).collect();
        assert_eq!(catalog, codes);
    }
}
