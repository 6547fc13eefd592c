//! The placeholders of a prompt template: `{{ name }}` (whitespace inside the braces
//! allowed), and the braces that do not form one.
//!
//! Single braces are ordinary text in a prompt (`Answer as {"city": "…"}`), so only what
//! looks like a placeholder gone wrong is a problem: `{{` that no `}}` closes on its line
//! (`{{ city }` or `{{ city` alone) and a single `{` around a bare name closed by `}}`
//! (`{ city }}`). A run of more braces (`{{{ city }}}`, Handlebars' unescaped form) is read
//! as a placeholder with literal braces around it. Ranges are byte ranges of the decoded
//! template.
use std::collections::HashSet;
use std::ops::Range;

/// A well-formed placeholder.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Placeholder {
    /// The name between the braces, without the whitespace around it (may be empty).
    pub(crate) name: String,
    /// From the first `{` to the last `}`.
    pub(crate) range: Range<usize>,
}

/// What is wrong with a brace that forms no placeholder.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Unbalanced {
    /// `{{` that nothing closes on its line.
    Unclosed,
    /// `{{ name }`: two braces open, one closes.
    OneClosing,
    /// `{ name }}`: one brace opens, two close.
    OneOpening,
}

/// Braces that form no placeholder.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Problem {
    /// Which problem.
    pub(crate) kind: Unbalanced,
    /// The exact text at fault: the `{{` never closed, or the whole `{{ name }` / `{ name }}`.
    pub(crate) range: Range<usize>,
    /// The name the braces hold, when they hold a bare name.
    pub(crate) name: Option<String>,
}

/// A bare name in single braces (`{city}`): ordinary text, unless it names an argument.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct SingleBraces {
    pub(crate) name: String,
    pub(crate) range: Range<usize>,
}

/// Everything [`scan`] found, in text order within each list.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub(crate) struct Scan {
    pub(crate) placeholders: Vec<Placeholder>,
    pub(crate) problems: Vec<Problem>,
    pub(crate) single: Vec<SingleBraces>,
}

impl Scan {
    /// The names written in the template, as placeholders or inside braces gone wrong (an
    /// argument so written is not unused: the braces are the problem).
    pub(crate) fn mentioned(&self) -> HashSet<&str> {
        self.placeholders
            .iter()
            .map(|p| p.name.as_str())
            .chain(self.problems.iter().filter_map(|p| p.name.as_deref()))
            .collect()
    }
}

/// Whether `text` (already trimmed) is a bare name: what may stand in a placeholder without
/// being taken for other text (letters, digits, `_`, `-`, `.`, not starting with a
/// punctuation character).
fn bare_name(text: &str) -> bool {
    let mut chars = text.chars();
    chars
        .next()
        .is_some_and(|c| c.is_alphanumeric() || c == '_')
        && chars.all(|c| c.is_alphanumeric() || matches!(c, '_' | '-' | '.'))
}

/// The next `{`, `}` or line break at or after `from`.
fn next_stop(bytes: &[u8], from: usize) -> Option<usize> {
    bytes
        .get(from..)?
        .iter()
        .position(|b| matches!(b, b'{' | b'}' | b'\n' | b'\r'))
        .map(|i| from + i)
}

/// Scans a decoded template.
pub(crate) fn scan(text: &str) -> Scan {
    let bytes = text.as_bytes();
    let mut out = Scan::default();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] != b'{' {
            i += 1;
            continue;
        }
        let run = bytes[i..].iter().take_while(|&&b| b == b'{').count();
        let inner = i + run;
        let stop = next_stop(bytes, inner);
        let closes = |at: usize| bytes.get(at) == Some(&b'}');
        if run >= 2 {
            // `{{`: the last two braces of the run open the placeholder.
            let open = inner - 2;
            match stop {
                Some(s) if closes(s) && closes(s + 1) => {
                    out.placeholders.push(Placeholder {
                        name: text[inner..s].trim().to_owned(),
                        range: open..s + 2,
                    });
                    i = s + 2;
                }
                Some(s) if closes(s) => {
                    let name = text[inner..s].trim();
                    out.problems.push(Problem {
                        kind: Unbalanced::OneClosing,
                        range: open..s + 1,
                        name: bare_name(name).then(|| name.to_owned()),
                    });
                    i = s + 1;
                }
                _ => {
                    let name = text[inner..stop.unwrap_or(bytes.len())].trim();
                    out.problems.push(Problem {
                        kind: Unbalanced::Unclosed,
                        range: open..open + 2,
                        name: bare_name(name).then(|| name.to_owned()),
                    });
                    i = inner;
                }
            }
        } else {
            match stop {
                Some(s) if closes(s) && bare_name(text[inner..s].trim()) => {
                    let name = text[inner..s].trim().to_owned();
                    // `}}}` after one brace is not the mirror of anything: left alone.
                    if closes(s + 1) && !closes(s + 2) {
                        out.problems.push(Problem {
                            kind: Unbalanced::OneOpening,
                            range: i..s + 2,
                            name: Some(name),
                        });
                        i = s + 2;
                    } else {
                        out.single.push(SingleBraces {
                            name,
                            range: i..s + 1,
                        });
                        i = s + 1;
                    }
                }
                _ => i = inner,
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(text: &str) -> Vec<String> {
        scan(text)
            .placeholders
            .into_iter()
            .map(|p| p.name)
            .collect()
    }

    #[track_caller]
    fn problem(text: &str, kind: Unbalanced, at: &str, name: Option<&str>) {
        let s = scan(text);
        let [p] = s.problems.as_slice() else {
            panic!("{text}: {:?}", s.problems)
        };
        assert_eq!(
            (p.kind, &text[p.range.clone()], p.name.as_deref()),
            (kind, at, name),
            "{text}"
        );
    }

    #[test]
    fn placeholders_with_and_without_spaces() {
        assert_eq!(
            names("Weather in {{city}} for {{ days }} days"),
            ["city", "days"]
        );
        assert_eq!(names("{{\tcity\t}}{{city}}"), ["city", "city"]);
        assert_eq!(names("{{ }} and {{}}"), ["", ""]);
        assert_eq!(names("{{ first name }}"), ["first name"]);
        let s = scan("Hi {{ name }}!");
        assert_eq!(s.placeholders[0].range, 3..13);
        assert!(s.problems.is_empty() && s.single.is_empty());
    }

    #[test]
    fn runs_of_braces_hold_a_placeholder() {
        let s = scan("{{{ html }}}");
        assert_eq!(s.placeholders[0].name, "html");
        assert_eq!(s.placeholders[0].range, 1..11);
        assert!(s.problems.is_empty());
    }

    #[test]
    fn single_braces_are_text() {
        for text in [
            r#"Answer as {"city": "Oslo", "temp": {"c": 3}}"#,
            "a } b { c",
            "f(x) { return x }",
            "{ not a name here }}",
            "{a}}}",
            "",
            "}}",
        ] {
            let s = scan(text);
            assert!(
                s.problems.is_empty() && s.placeholders.is_empty(),
                "{text}: {s:?}"
            );
        }
        let s = scan("Use {city} here");
        assert_eq!(
            s.single,
            [SingleBraces {
                name: "city".into(),
                range: 4..10
            }]
        );
    }

    #[test]
    fn unbalanced_braces_at_their_place() {
        problem(
            "Hi {{ name }, bye",
            Unbalanced::OneClosing,
            "{{ name }",
            Some("name"),
        );
        problem(
            "Hi { name }} bye",
            Unbalanced::OneOpening,
            "{ name }}",
            Some("name"),
        );
        problem("Hi {{ name", Unbalanced::Unclosed, "{{", Some("name"));
        problem("Hi {{ name\n}}", Unbalanced::Unclosed, "{{", Some("name"));
        problem("Hi {{", Unbalanced::Unclosed, "{{", None);
        problem("{{ a {{ b }}", Unbalanced::Unclosed, "{{", Some("a"));
        problem(
            "{{ \"x\": 1 }",
            Unbalanced::OneClosing,
            "{{ \"x\": 1 }",
            None,
        );
        let s = scan("{{ a {{ b }}");
        assert_eq!(s.placeholders[0].name, "b");
        let mentioned = s.mentioned();
        assert!(mentioned.contains("a") && mentioned.contains("b") && !mentioned.contains("c"));
    }

    #[test]
    fn multibyte_text_keeps_byte_ranges() {
        let text = "Été {{ ville }} {{ clé }";
        let s = scan(text);
        assert_eq!(&text[s.placeholders[0].range.clone()], "{{ ville }}");
        assert_eq!(&text[s.problems[0].range.clone()], "{{ clé }");
        assert_eq!(s.problems[0].name.as_deref(), Some("clé"));
    }
}
