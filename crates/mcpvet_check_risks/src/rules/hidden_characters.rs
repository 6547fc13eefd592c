use std::fmt::Write as _;

use mcpvet_diagnostics::redact::mask;
use mcpvet_diagnostics::{Reporter, declare_rule};

use crate::SecretScan;
use crate::hidden::{HiddenClass, HiddenRun, code_point, scan, tag_text};
use crate::items::{Field, Label, short};

declare_rule! {
    /// A name, title, description, prompt text or schema description holds characters a
    /// person does not see.
    ///
    /// ## What it checks
    ///
    /// Every string of every tool, prompt, resource and resource template a server
    /// advertises (in a captured session or a server definition; schema descriptions and
    /// prompt arguments included), decoded from its JSON escapes, for runs of:
    ///
    /// - Unicode tag characters (U+E0000–U+E007F), invisible copies of ASCII: the finding
    ///   shows the text they spell (a secret in it is masked);
    /// - zero-width characters (U+200B–U+200D, U+2060, U+FEFF); a joiner between two
    ///   visible characters of a script that uses joiners (Arabic, Indic scripts, emoji
    ///   sequences) is writing and is not reported;
    /// - bidirectional embeddings, overrides, isolates and marks (U+202A–U+202E,
    ///   U+2066–U+2069, U+200E, U+200F, U+061C), which reorder what is displayed;
    /// - other invisible format characters (soft hyphen, invisible operators, Hangul
    ///   fillers, Mongolian selectors, interlinear annotation marks);
    /// - variation selectors of the supplement block (U+E0100–U+E01EF), which can carry
    ///   bytes;
    /// - control characters other than tab, line feed and carriage return: ESC starts a
    ///   terminal escape sequence that can hide or rewrite what a terminal shows.
    ///
    /// Each run is one finding, at the exact bytes of the run in the file.
    ///
    /// ## Why it matters
    ///
    /// The model reads every character of a description; the person approving the server
    /// sees only what is displayed. Hidden characters are how instructions are smuggled
    /// past review ("ASCII smuggling" with tag characters, text reordered by bidirectional
    /// overrides, lines hidden with terminal escapes).
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```jsonl
    /// {"jsonrpc":"2.0","id":1,"method":"tools/list"}
    /// {"jsonrpc":"2.0","id":1,"result":{"tools":[{"name":"add","description":"Adds two numbers.\udb40\udc68\udb40\udc69","inputSchema":{"type":"object"}}]}}
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```jsonl
    /// {"jsonrpc":"2.0","id":1,"method":"tools/list"}
    /// {"jsonrpc":"2.0","id":1,"result":{"tools":[{"name":"add","description":"Adds two numbers. Café, 東京 and \ud83d\udc69\u200d\ud83d\udcbb are fine.","inputSchema":{"type":"object"}}]}}
    /// ```
    ///
    /// ## References
    ///
    /// - Unicode Standard, chapter 23.9 "Tag Characters", and Unicode Technical Standard #39
    ///   "Unicode Security Mechanisms"
    /// - Unicode Standard Annex #9 "Unicode Bidirectional Algorithm" (explicit formatting
    ///   characters)
    /// - docs/risks.md (the research this rule follows)
    pub(crate) static HIDDEN_CHARACTERS = {
        code: "MCP801",
        name: "hidden-characters",
        severity: Warning,
        target: TranscriptAndServer,
        since: "0.1.0",
    }
}

/// The distinct code points of a run, at most four, for messages.
fn codes(run: &HiddenRun) -> String {
    let mut seen: Vec<char> = Vec::new();
    for &c in &run.chars {
        if !seen.contains(&c) {
            seen.push(c);
        }
    }
    let mut out = seen
        .iter()
        .take(4)
        .map(|&c| code_point(c))
        .collect::<Vec<_>>()
        .join(", ");
    if seen.len() > 4 {
        let _ = write!(out, " and {} more", seen.len() - 4);
    }
    out
}

/// Checks one string of an item (`label` names the item, as in ``tool `add` ``).
pub(crate) fn check(
    field: &Field<'_>,
    label: &Label<'_>,
    secrets: Option<SecretScan>,
    report: &mut Reporter<'_>,
) {
    let Some(decoded) = field.value.decoded() else {
        return;
    };
    let text = decoded.text();
    let runs = scan(text);
    if runs.is_empty() {
        return;
    }
    let path = field.path();
    let at = if path.is_empty() {
        String::new()
    } else {
        format!(" `{path}`")
    };
    for run in runs {
        let count = run.chars.len();
        let plural = if count == 1 { "" } else { "s" };
        let span = decoded.span(run.range.clone());
        let (message, help) = match run.class {
            HiddenClass::Tag => {
                let raw = &text[run.range.clone()];
                let mut spelled = tag_text(raw);
                // Each spelled character comes from one tag character: the decoded range
                // of the tag character behind each, to mark a secret's source span.
                let sources: Vec<std::ops::Range<usize>> = raw
                    .char_indices()
                    .filter(|&(_, c)| !matches!(u32::from(c), 0xE0001 | 0xE007F))
                    .map(|(i, c)| run.range.start + i..run.range.start + i + c.len_utf8())
                    .collect();
                if let Some(scan_secrets) = secrets {
                    let found = scan_secrets(&spelled);
                    for range in found.iter().rev() {
                        let Some(secret) = spelled.get(range.clone()) else {
                            continue;
                        };
                        let masked = mask(secret);
                        if let (Some(first), Some(last)) = (
                            sources.get(range.start),
                            sources.get(range.end.saturating_sub(1)),
                        ) {
                            report.redact(decoded.span(first.start..last.end));
                        }
                        spelled.replace_range(range.clone(), &masked);
                    }
                }
                (
                    format!(
                        "{label}{at} hides {count} Unicode tag character{plural}, invisible \
                         text that spells `{}`",
                        short(&spelled, 160)
                    ),
                    "remove the tag characters; a reviewer never sees what they say, the model reads it",
                )
            }
            HiddenClass::Control => (
                format!(
                    "{label}{at} holds {count} control character{plural} ({}){}",
                    codes(&run),
                    if run.chars.contains(&'\u{1B}') {
                        ", which can start terminal escape sequences that hide or rewrite what is shown"
                    } else {
                        ""
                    }
                ),
                "remove the control characters",
            ),
            HiddenClass::Bidi => (
                format!(
                    "{label}{at} holds {count} bidirectional control character{plural} ({}), \
                     which can reorder how the text is displayed",
                    codes(&run)
                ),
                "remove the bidirectional controls; write the text in display order",
            ),
            class => (
                format!(
                    "{label}{at} holds {count} {}{plural} ({})",
                    class.describe(),
                    codes(&run)
                ),
                "remove the invisible characters",
            ),
        };
        report.report(&HIDDEN_CHARACTERS, span, message, help);
    }
}
