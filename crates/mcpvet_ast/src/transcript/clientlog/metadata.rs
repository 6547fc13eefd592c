//! What Claude Desktop prints after a message: the second argument of its logger, a
//! JavaScript object as Node's `util.inspect` writes it. Builds of 2025 and later write
//! ` { metadata: undefined }` at the end of each `Message from client|server:` line, and when
//! the metadata is larger, a print over several lines:
//!
//! ```text
//! 2025-09-10T08:01:02.345Z [info] [notes] Message from client: {"jsonrpc":"2.0","id":1,"method":"tools/list"} { metadata: undefined }
//! 2025-09-10T08:01:02.350Z [info] [notes] Message from server: {"jsonrpc":"2.0","id":1,"result":{"tools":[]}} { metadata: {
//!   requestId: 1,
//!   transport: 'stdio'
//! } }
//! ```
//!
//! or with the print starting on the line after the message (`{ metadata: {` … `} }`). The
//! JSON before the print is the message; the print is part of the entry, not an error.
use super::super::line::{Extent, JSON_WS, value_extent};

/// At most this many lines after a message line are read as its metadata print.
pub(crate) const MAX_BLOCK_LINES: usize = 256;

/// Whether `text` (blanks at its start skipped) starts a metadata print: `{`, blanks,
/// `metadata`, blanks, `:`.
pub(crate) fn starts_print(text: &str) -> bool {
    let Some(rest) = text.trim_start_matches(JSON_WS).strip_prefix('{') else {
        return false;
    };
    rest.trim_start_matches(JSON_WS)
        .strip_prefix("metadata")
        .is_some_and(|r| r.trim_start_matches([' ', '\t']).starts_with(':'))
}

/// The length of the JSON value at the start of `body` when a metadata print follows it on
/// the line (after at least one blank, or directly); `None` otherwise.
pub(crate) fn json_before_print(body: &str) -> Option<usize> {
    let Extent::Closed(end) = value_extent(body.as_bytes(), 0, false) else {
        return None;
    };
    starts_print(&body[end..]).then_some(end)
}

/// Where a metadata print starts in `body` (a blank then the print), for bodies that are not
/// JSON (abbreviated lines).
pub(crate) fn print_start(body: &str) -> Option<usize> {
    body.match_indices('{')
        .map(|(i, _)| i)
        .find(|&i| (i == 0 || body[..i].ends_with([' ', '\t'])) && starts_print(&body[i..]))
}

/// The change of bracket depth over one line of a JavaScript object print: `{`/`[` open,
/// `}`/`]` close, outside strings in `'`, `"` or `` ` `` (which `util.inspect` never
/// breaks across lines). Starts at `depth`; returns the depth at the end of the line, or
/// `None` when it closes (reaches 0) before the end of the line with more text after.
pub(crate) fn depth_after(line: &str, mut depth: usize) -> Option<usize> {
    let bytes = line.as_bytes();
    let mut quote: Option<u8> = None;
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        match quote {
            Some(q) => {
                if b == b'\\' {
                    i += 1;
                } else if b == q {
                    quote = None;
                }
            }
            None => match b {
                b'\'' | b'"' | b'`' => quote = Some(b),
                b'{' | b'[' => depth += 1,
                b'}' | b']' => {
                    depth = depth.checked_sub(1)?;
                    if depth == 0 && !line[i + 1..].trim_matches(JSON_WS).is_empty() {
                        return None;
                    }
                }
                _ => {}
            },
        }
        i += 1;
    }
    Some(depth)
}

/// How many of `lines` (the lines after a message line) belong to the metadata print of
/// that line, when the print goes on past it: `tail` is the text after the message's JSON
/// on its line (`{ metadata: {` when the print opens there). A print that does not close
/// before a line `is_log` accepts (the next log line), within [`MAX_BLOCK_LINES`], is not
/// one: 0, and its lines stay what they are.
pub(crate) fn block_len<'t>(
    tail: &str,
    lines: impl Iterator<Item = &'t str>,
    is_log: impl Fn(&str) -> bool,
) -> usize {
    let mut depth = 0;
    let mut open = false;
    if let Some(p) = print_start(tail.trim_start_matches(JSON_WS)) {
        let print = &tail.trim_start_matches(JSON_WS)[p..];
        match depth_after(print, 0) {
            Some(0) | None => return 0,
            Some(d) => {
                depth = d;
                open = true;
            }
        }
    } else if !tail.trim_matches(JSON_WS).is_empty() {
        return 0;
    }
    let mut lines = lines.take(MAX_BLOCK_LINES).peekable();
    let mut taken = 0;
    let mut lone_brace = false;
    if !open {
        // The print may start on the next line: `{ metadata: {`, or `{` alone then
        // `  metadata: {`.
        let Some(&first) = lines.peek() else {
            return 0;
        };
        lone_brace = first.trim_matches(JSON_WS) == "{";
        if !starts_print(first) && !lone_brace {
            return 0;
        }
    }
    for line in lines {
        if is_log(line) {
            return 0;
        }
        if lone_brace && taken == 1 {
            // After a lone `{`, the print must name `metadata`.
            let named = line
                .trim_start_matches(JSON_WS)
                .strip_prefix("metadata")
                .is_some_and(|r| r.trim_start_matches([' ', '\t']).starts_with(':'));
            if !named {
                return 0;
            }
        }
        taken += 1;
        match depth_after(line, depth) {
            Some(0) => return taken,
            Some(d) => depth = d,
            None => return 0,
        }
    }
    0
}

#[cfg(test)]
mod tests {
    use super::*;

    fn no_log(_: &str) -> bool {
        false
    }

    #[test]
    fn prints() {
        assert!(starts_print("{ metadata: undefined }"));
        assert!(starts_print(" {metadata:{"));
        assert!(!starts_print("{ meta: 1 }"));
        assert!(!starts_print(r#"{"metadata": 1}"#));
        assert_eq!(
            json_before_print(r#"{"id":1} { metadata: undefined }"#),
            Some(8)
        );
        assert_eq!(json_before_print(r#"{"id":1}{ metadata: {"#), Some(8));
        assert_eq!(json_before_print(r#"{"id":1}"#), None);
        assert_eq!(json_before_print(r#"{"id":1} trailing"#), None);
        assert_eq!(json_before_print(r#"{"id":1"#), None);
        assert_eq!(
            print_start("method=\"tools/list\" id=1 params { metadata: undefined }"),
            Some(32)
        );
        assert_eq!(print_start("id=1 x{ metadata: 1 }"), None);
    }

    #[test]
    fn depths() {
        assert_eq!(depth_after("{ metadata: {", 0), Some(2));
        assert_eq!(depth_after("  name: 'a } b',", 2), Some(2));
        assert_eq!(depth_after("  tags: [ 'x', \"y\" ],", 2), Some(2));
        assert_eq!(depth_after("} }", 2), Some(0));
        assert_eq!(depth_after("} } and more", 2), None);
        assert_eq!(depth_after("}", 0), None);
    }

    #[test]
    fn blocks() {
        let block = ["  requestId: 1,", "  transport: 'stdio'", "} }", "next"];
        assert_eq!(
            block_len(" { metadata: {", block.iter().copied(), no_log),
            3
        );
        assert_eq!(
            block_len(" { metadata: undefined }", block.iter().copied(), no_log),
            0
        );
        // The print on the next line.
        let block = ["{ metadata: {", "  requestId: 1", "} }"];
        assert_eq!(block_len("", block.iter().copied(), no_log), 3);
        let block = ["{", "  metadata: { requestId: 1 }", "}"];
        assert_eq!(block_len("", block.iter().copied(), no_log), 3);
        let block = ["{", "  other: 1", "}"];
        assert_eq!(block_len("", block.iter().copied(), no_log), 0);
        // Cut by the next log line, or never closed: not a print.
        let block = ["  requestId: 1,", "2025-09-10T08:01:02.345Z [info] x"];
        let is_log = |l: &str| l.starts_with("2025");
        assert_eq!(
            block_len(" { metadata: {", block.iter().copied(), is_log),
            0
        );
        assert_eq!(
            block_len(" { metadata: {", ["  a: 1"].iter().copied(), no_log),
            0
        );
        // Text after the message that is not a print.
        assert_eq!(block_len(" trailing", block.iter().copied(), no_log), 0);
        assert_eq!(block_len("", ["plain text"].iter().copied(), no_log), 0);
    }
}
