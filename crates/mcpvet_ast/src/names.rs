//! Names of tools, prompts and resources: the characters and length the MCP specification
//! allows in a tool name (2025-11-25, SEP-986), and how a rule names the characters it
//! rejects.
//!
//! Shared by the tools rules, which judge the names of a captured listing
//! (`invalid-tool-name`, MCP503), and the server-definition rules, which judge the names of a
//! definition file before it is published (`invalid-item-name`, MCP610).
//!
//! ```
//! use mcpvet_ast::names::{NameProblem, item_name_problem, tool_name_problem};
//!
//! assert_eq!(tool_name_problem("files.read"), None);
//! assert_eq!(
//!     tool_name_problem("files/read, all"),
//!     Some(NameProblem::Characters("`/`, `,`, a space".to_owned()))
//! );
//! assert_eq!(tool_name_problem(&"a".repeat(129)), Some(NameProblem::TooLong(129)));
//! assert_eq!(item_name_problem(&"a".repeat(129)), None);
//! assert_eq!(item_name_problem(""), Some(NameProblem::Empty));
//! ```

/// The edit distance (Levenshtein: insertions, deletions, substitutions, counted in
/// characters) between two short names; a difference of case counts as an edit. Names
/// longer than 256 characters are not compared (`usize::MAX`).
///
/// ```
/// use mcpvet_ast::names::edit_distance;
/// assert_eq!(edit_distance("kitten", "sitting"), 3);
/// assert_eq!(edit_distance("comand", "command"), 1);
/// assert_eq!(edit_distance("", "abc"), 3);
/// ```
pub fn edit_distance(a: &str, b: &str) -> usize {
    let (a, b): (Vec<char>, Vec<char>) = (a.chars().collect(), b.chars().collect());
    if a.len() > 256 || b.len() > 256 {
        return usize::MAX;
    }
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.iter().enumerate() {
        let mut diagonal = row[0];
        row[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let above = row[j + 1];
            row[j + 1] = (diagonal + usize::from(ca != cb))
                .min(row[j] + 1)
                .min(above + 1);
            diagonal = above;
        }
    }
    row[b.len()]
}

/// The name of `known` that `name` is most likely a misspelling of: the same name in another
/// case, else the closest within `max_edits` ([`edit_distance`]); the first of equals.
///
/// ```
/// use mcpvet_ast::names::did_you_mean;
/// let known = ["command", "args", "env"];
/// assert_eq!(did_you_mean("Command", known, 1), Some("command"));
/// assert_eq!(did_you_mean("comand", known, 1), Some("command"));
/// assert_eq!(did_you_mean("environment", known, 2), None);
/// ```
pub fn did_you_mean<'k>(
    name: &str,
    known: impl IntoIterator<Item = &'k str>,
    max_edits: usize,
) -> Option<&'k str> {
    let known: Vec<&'k str> = known.into_iter().collect();
    if let Some(k) = known.iter().find(|k| k.eq_ignore_ascii_case(name)) {
        return Some(k);
    }
    known
        .iter()
        .map(|k| (edit_distance(name, k), *k))
        .filter(|(d, _)| *d <= max_edits)
        .min_by_key(|(d, _)| *d)
        .map(|(_, k)| k)
}

/// The most characters a tool name may have (MCP 2025-11-25).
pub const TOOL_NAME_MAX_CHARS: usize = 128;

/// The characters a name may have, as messages write them.
pub const NAME_CHARS: &str = "`A-Z a-z 0-9 _ - .`";

/// Whether `c` is allowed in a tool name (2025-11-25): an ASCII letter or digit, `_`, `-`
/// or `.`.
pub fn spec_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.')
}

/// How a character is shown in a message: `` `/` ``, `a space`, `a backquote`, `U+0009`.
pub fn show_char(c: char) -> String {
    match c {
        ' ' => "a space".to_owned(),
        c if c.is_control() => format!("U+{:04X}", u32::from(c)),
        '`' => "a backquote".to_owned(),
        c => format!("`{c}`"),
    }
}

/// The distinct characters of `text` that `allowed` rejects, in order of first appearance,
/// for a message (at most three, then "and more"); `None` when there is none.
pub fn offending(text: &str, allowed: impl Fn(char) -> bool) -> Option<String> {
    let mut seen: Vec<char> = Vec::new();
    for c in text.chars().filter(|&c| !allowed(c)) {
        if !seen.contains(&c) {
            seen.push(c);
        }
    }
    if seen.is_empty() {
        return None;
    }
    let shown: Vec<String> = seen.iter().take(3).map(|&c| show_char(c)).collect();
    let more = if seen.len() > 3 { " and more" } else { "" };
    Some(format!("{}{more}", shown.join(", ")))
}

/// What is wrong with a name, checked in this order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NameProblem {
    /// The name is the empty string.
    Empty,
    /// The name has characters outside [`NAME_CHARS`], as [`offending`] shows them.
    Characters(String),
    /// The name has this many characters, more than [`TOOL_NAME_MAX_CHARS`].
    TooLong(usize),
}

/// What is wrong with the tool name `name` under the specification's rule (1 to 128
/// characters of `A-Z a-z 0-9 _ - .`), if anything.
pub fn tool_name_problem(name: &str) -> Option<NameProblem> {
    item_name_problem(name).or_else(|| {
        let length = name.chars().count();
        (length > TOOL_NAME_MAX_CHARS).then_some(NameProblem::TooLong(length))
    })
}

/// What is wrong with a prompt or resource name of a server definition (one or more
/// characters of `A-Z a-z 0-9 _ - .`, no length limit), if anything.
pub fn item_name_problem(name: &str) -> Option<NameProblem> {
    if name.is_empty() {
        return Some(NameProblem::Empty);
    }
    offending(name, spec_char).map(NameProblem::Characters)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn allowed_characters() {
        for c in ['a', 'Z', '0', '9', '_', '-', '.'] {
            assert!(spec_char(c), "{c:?}");
        }
        for c in [' ', '/', ',', ':', 'é', '\t', '`', '@'] {
            assert!(!spec_char(c), "{c:?}");
        }
    }

    #[test]
    fn characters_are_shown_for_messages() {
        assert_eq!(show_char(' '), "a space");
        assert_eq!(show_char('\t'), "U+0009");
        assert_eq!(show_char('`'), "a backquote");
        assert_eq!(show_char('/'), "`/`");
        assert_eq!(show_char('é'), "`é`");
    }

    #[test]
    fn offending_characters_are_distinct_and_at_most_three() {
        assert_eq!(offending("read_file", spec_char), None);
        assert_eq!(offending("a b c", spec_char).as_deref(), Some("a space"));
        assert_eq!(
            offending("a/b:c,d e", spec_char).as_deref(),
            Some("`/`, `:`, `,` and more")
        );
        assert_eq!(
            offending("a.b", |c| c.is_ascii_alphabetic()).as_deref(),
            Some("`.`")
        );
    }

    #[test]
    fn tool_names() {
        assert_eq!(tool_name_problem("get_weather"), None);
        assert_eq!(tool_name_problem("admin.tools.list-2"), None);
        assert_eq!(tool_name_problem(""), Some(NameProblem::Empty));
        assert_eq!(
            tool_name_problem("get weather"),
            Some(NameProblem::Characters("a space".to_owned()))
        );
        assert_eq!(tool_name_problem(&"x".repeat(128)), None);
        assert_eq!(
            tool_name_problem(&"x".repeat(129)),
            Some(NameProblem::TooLong(129))
        );
        // Characters are judged before the length.
        assert_eq!(
            tool_name_problem(&"é".repeat(200)),
            Some(NameProblem::Characters("`é`".to_owned()))
        );
    }

    #[test]
    fn item_names_have_no_length_limit() {
        assert_eq!(item_name_problem(&"x".repeat(300)), None);
        assert_eq!(item_name_problem(""), Some(NameProblem::Empty));
        assert_eq!(
            item_name_problem("Customer list"),
            Some(NameProblem::Characters("a space".to_owned()))
        );
    }
}
