//! The options of the description and name risks (`MCP8xx`): the targets asked for, and the
//! secret detection of the secrets checks, so that hidden text holding a secret is masked.
use std::ops::Range;

use mcpvet_check_risks::{Clients, RisksOptions};

/// The secrets in `text` (decoded hidden text): provider tokens (placeholders left out) and
/// credentials by the shape of the text around them.
fn secrets(text: &str) -> Vec<Range<usize>> {
    let mut out: Vec<Range<usize>> = mcpvet_check_secrets::tokens::find(text)
        .into_iter()
        .filter(|f| !f.placeholder)
        .map(|f| f.start..f.end)
        .collect();
    out.extend(
        mcpvet_check_secrets::shapes::find(text)
            .iter()
            .map(mcpvet_check_secrets::shapes::Shape::range),
    );
    out.sort_by_key(|r| (r.start, r.end));
    // Overlapping ranges are merged: each secret is masked once.
    let mut merged: Vec<Range<usize>> = Vec::with_capacity(out.len());
    for range in out {
        match merged.last_mut() {
            Some(last) if range.start < last.end => last.end = last.end.max(range.end),
            _ => merged.push(range),
        }
    }
    merged
}

/// The options of the risks checks for `targets`.
pub(crate) fn options(targets: Clients) -> RisksOptions {
    RisksOptions {
        clients: targets,
        secrets: Some(secrets),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_tokens_and_shapes_not_placeholders() {
        let text = "key ghp_Zq8vN2mR7tK4pW9xL3cF6hJ1bD5sG0aY8eUi and token=Zq8vN2mR7tK4pW9x";
        let found = secrets(text);
        assert_eq!(found.len(), 2, "{found:?}");
        assert!(text[found[0].clone()].starts_with("ghp_"));
        assert!(secrets("ghp_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx").is_empty());
    }
}
