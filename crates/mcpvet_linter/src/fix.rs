//! Fixing a file: the findings' fixes applied to its text, over a few rounds, and the
//! unified diff of what changed. Pure: the command line reads and writes the file
//! (`mcpvet config --fix`), a language server or the web page show the result.
//!
//! One round inspects the text ([`inspect`]), takes the fixes of the level asked for
//! ([`FixLevel`]) in the order of their findings and applies those that do not conflict
//! ([`mcpvet_diagnostics::apply`]). The text is inspected again and the next round applies
//! the fixes that appeared or were held back by a conflict, until a round applies nothing
//! or [`FixOptions::max_rounds`] is reached. A round whose text reads worse than before
//! (more syntax errors) is undone and ends the run: a fix never leaves the file unreadable.
//!
//! ```
//! use mcpvet_linter::fix::{FixOptions, fix_text};
//! use mcpvet_linter::{InputKind, InspectOptions};
//!
//! let text = "{\"mcpServers\": {\"docs\": {\"command\": \"npx\", \"args\": [\"docs-mcp\"],},},}\n";
//! let fixed = fix_text(
//!     Some(InputKind::Config),
//!     "claude_desktop_config.json",
//!     text,
//!     &InspectOptions::default(),
//!     &FixOptions::default(),
//! )
//! .unwrap();
//! assert_eq!(
//!     fixed.text,
//!     "{\"mcpServers\": {\"docs\": {\"command\": \"npx\", \"args\": [\"-y\", \"docs-mcp\"]}}}\n"
//! );
//! assert_eq!(fixed.applied.len(), 4);
//! assert!(fixed.report.diagnostics.is_empty());
//! ```
use std::fmt::Write as _;

use mcpvet_diagnostics::apply::apply_fixes;
use mcpvet_diagnostics::redact::SpanMask;
use mcpvet_diagnostics::{Applicability, Diagnostic, Fix, RuleCode};
use mcpvet_text::{Span, TextError};

use crate::{FileReport, InputKind, InspectOptions, inspect};

/// Which fixes to apply.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum FixLevel {
    /// Only fixes marked safe: they keep the meaning of the file beyond the finding.
    #[default]
    Safe,
    /// Safe fixes and suggested ones (applicability `unsafe` in the reports): they change
    /// what the client does and want a review.
    Suggested,
}

impl FixLevel {
    /// Whether `fix` is applied at this level.
    pub fn takes(self, fix: &Fix) -> bool {
        match self {
            FixLevel::Safe => fix.applicability() == Applicability::Safe,
            FixLevel::Suggested => true,
        }
    }
}

/// How [`fix_text`] runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FixOptions {
    /// Which fixes to apply.
    pub level: FixLevel,
    /// The most rounds (inspect, apply) to run; at least one.
    pub max_rounds: usize,
}

impl Default for FixOptions {
    fn default() -> Self {
        FixOptions {
            level: FixLevel::Safe,
            max_rounds: 4,
        }
    }
}

/// One fix applied.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AppliedFix {
    /// The rule of the finding it fixed.
    pub code: RuleCode,
    /// What the fix did (masked like every text of a report).
    pub message: String,
    /// Whether it was a safe fix.
    pub safe: bool,
    /// The round (from 1) it was applied in.
    pub round: usize,
}

/// The outcome of [`fix_text`].
#[derive(Debug, Clone)]
pub struct Fixed {
    /// The text after the fixes (the input when none applied).
    pub text: String,
    /// Every fix applied, round by round.
    pub applied: Vec<AppliedFix>,
    /// The report of [`Self::text`]: what remains.
    pub report: FileReport,
    /// The spans of the secrets of the original text (to mask a diff's removed lines).
    pub original_redactions: Vec<Span>,
    /// A round was undone because its text read worse (more syntax errors) than before.
    pub undone: bool,
}

impl Fixed {
    /// Whether the text changed.
    pub fn changed(&self) -> bool {
        !self.applied.is_empty()
    }

    /// The findings that remain with a fix of the level that was not applied (held back by
    /// a conflict once the rounds ran out), and those with a fix of another level.
    pub fn remaining_fixes(&self, level: FixLevel) -> (usize, usize) {
        let with_fix = self.report.diagnostics.iter().filter_map(Diagnostic::fix);
        let (taken, other): (Vec<&Fix>, Vec<&Fix>) = with_fix.partition(|f| level.takes(f));
        (taken.len(), other.len())
    }

    /// The applied fixes counted by rule code, in code order: `[(MCP004, 2), (MCP217, 1)]`.
    pub fn counts_by_code(&self) -> Vec<(RuleCode, usize)> {
        let mut counts: Vec<(RuleCode, usize)> = Vec::new();
        for a in &self.applied {
            match counts.iter_mut().find(|(c, _)| *c == a.code) {
                Some((_, n)) => *n += 1,
                None => counts.push((a.code, 1)),
            }
        }
        counts.sort_by_key(|(c, _)| *c);
        counts
    }
}

/// Syntax errors of a report: what "reads worse" counts.
fn syntax_errors(report: &FileReport) -> usize {
    report
        .diagnostics
        .iter()
        .filter(|d| {
            matches!(
                d.code().as_str(),
                "MCP001" | "MCP005" | "MCP008" | "MCP013" | "MCP015"
            )
        })
        .count()
}

/// Applies the fixes of `options.level` to `text` (read as `kind`, or as detected, and
/// named `name` as for [`inspect`]) round after round (see the module page).
///
/// # Errors
///
/// [`TextError::InputTooLarge`] when the text (or a fixed text) is longer than `u32::MAX`
/// bytes.
pub fn fix_text(
    kind: Option<InputKind>,
    name: &str,
    text: &str,
    inspect_options: &InspectOptions,
    options: &FixOptions,
) -> Result<Fixed, TextError> {
    let mut report = inspect(kind, name, text.as_bytes(), inspect_options)?;
    let original_redactions = report.redactions.clone();
    let kind = Some(report.kind);
    let mut current = text.to_owned();
    let mut applied = Vec::new();
    let mut undone = false;
    for round in 1..=options.max_rounds.max(1) {
        let chosen: Vec<&Diagnostic> = report
            .diagnostics
            .iter()
            .filter(|d| d.fix().is_some_and(|f| options.level.takes(f)))
            .collect();
        if chosen.is_empty() {
            break;
        }
        let outcome = apply_fixes(&current, chosen.iter().filter_map(|d| d.fix()));
        if outcome.applied.is_empty() {
            break;
        }
        let next = inspect(kind, name, outcome.text.as_bytes(), inspect_options)?;
        if syntax_errors(&next) > syntax_errors(&report) {
            undone = true;
            break;
        }
        for &i in &outcome.applied {
            let d = chosen[i];
            if let Some(fix) = d.fix() {
                applied.push(AppliedFix {
                    code: d.code(),
                    message: fix.message().to_owned(),
                    safe: fix.applicability() == Applicability::Safe,
                    round,
                });
            }
        }
        current = outcome.text;
        report = next;
    }
    Ok(Fixed {
        text: current,
        applied,
        report,
        original_redactions,
        undone,
    })
}

/// The lines of `text`, each with its offset and its terminator.
fn lines(text: &str) -> Vec<(u32, &str)> {
    let mut out = Vec::new();
    let mut at = 0u32;
    for line in text.split_inclusive('\n') {
        out.push((at, line));
        at += line.len() as u32;
    }
    out
}

/// One step of an edit script between two line lists.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Step {
    Same(usize, usize),
    Delete(usize),
    Insert(usize),
}

/// The shortest edit script from `old` to `new` (Myers' O(ND) algorithm; memory grows with
/// the square of the number of differences, which fixes keep small).
///
/// Diagonals are numbered from `offset - d` to `offset + d` so that every index is a
/// `usize`: on diagonal `diag`, the line of `new` that goes with line `x` of `old` is
/// `x + offset - diag`.
fn edit_script(old: &[&str], new: &[&str]) -> Vec<Step> {
    let (old_len, new_len) = (old.len(), new.len());
    let max = old_len + new_len;
    let offset = max + 1;
    // The furthest `x` reached on each diagonal, and a copy of it before each round, for
    // the walk back.
    let mut furthest = vec![0usize; 2 * max + 3];
    let mut trace: Vec<Vec<usize>> = Vec::new();
    'search: for round in 0..=max {
        trace.push(furthest.clone());
        for diag in (offset - round..=offset + round).step_by(2) {
            let down = diag == offset - round
                || (diag != offset + round && furthest[diag - 1] < furthest[diag + 1]);
            let mut x = if down {
                furthest[diag + 1]
            } else {
                furthest[diag - 1] + 1
            };
            let mut y = x + offset - diag;
            while x < old_len && y < new_len && old[x] == new[y] {
                x += 1;
                y += 1;
            }
            furthest[diag] = x;
            if x >= old_len && y >= new_len {
                break 'search;
            }
        }
    }
    let mut steps = Vec::new();
    let (mut x, mut y) = (old_len, new_len);
    for round in (0..trace.len()).rev() {
        let before = &trace[round];
        let diag = x + offset - y;
        let down = round == 0
            || diag == offset - round
            || (diag != offset + round && before[diag - 1] < before[diag + 1]);
        let (prev_x, prev_y) = if round == 0 {
            (0, 0)
        } else {
            let prev_diag = if down { diag + 1 } else { diag - 1 };
            let prev_x = before[prev_diag];
            (prev_x, prev_x + offset - prev_diag)
        };
        while x > prev_x && y > prev_y && old[x - 1] == new[y - 1] {
            x -= 1;
            y -= 1;
            steps.push(Step::Same(x, y));
        }
        if round == 0 {
            break;
        }
        if down {
            y -= 1;
            steps.push(Step::Insert(y));
        } else {
            x -= 1;
            steps.push(Step::Delete(x));
        }
    }
    steps.reverse();
    steps
}

/// A unified diff (three lines of context) from `old` to `new`, with `---`/`+++` headers
/// naming `name` (`a/` and `b/` before it); empty when the texts are equal. Secrets never
/// show: the lines of `old` are masked at `old_secrets`, those of `new` at `new_secrets`
/// (each a text's redacted spans), as every output masks them.
///
/// ```
/// use mcpvet_linter::fix::unified_diff;
///
/// let diff = unified_diff("a\nb\nc\n", &[], "a\nB\nc\n", &[], "f.json");
/// assert_eq!(diff, "--- a/f.json\n+++ b/f.json\n@@ -1,3 +1,3 @@\n a\n-b\n+B\n c\n");
/// ```
pub fn unified_diff(
    old: &str,
    old_secrets: &[Span],
    new: &str,
    new_secrets: &[Span],
    name: &str,
) -> String {
    const CONTEXT: usize = 3;
    let old_lines = lines(old);
    let new_lines = lines(new);
    let old_text: Vec<&str> = old_lines.iter().map(|l| l.1).collect();
    let new_text: Vec<&str> = new_lines.iter().map(|l| l.1).collect();
    let steps = edit_script(&old_text, &new_text);
    if steps.iter().all(|s| matches!(s, Step::Same(..))) {
        return String::new();
    }
    let old_mask = SpanMask::new(old, 0, old_secrets);
    let new_mask = SpanMask::new(new, 0, new_secrets);
    let show = |prefix: char, (at, line): (u32, &str), mask: &SpanMask| {
        let mut out = String::new();
        out.push(prefix);
        out.push_str(&mask.apply(line, at));
        if !line.ends_with('\n') {
            out.push_str("\n\\ No newline at end of file\n");
        }
        out
    };
    let mut out = format!("--- a/{name}\n+++ b/{name}\n");
    // Hunks: runs of changes with their context, merged when the context overlaps.
    let changed: Vec<usize> = steps
        .iter()
        .enumerate()
        .filter(|(_, s)| !matches!(s, Step::Same(..)))
        .map(|(i, _)| i)
        .collect();
    let mut next = 0;
    while next < changed.len() {
        let start = changed[next].saturating_sub(CONTEXT);
        let mut end = changed[next];
        while next < changed.len() && changed[next] <= end + 2 * CONTEXT {
            end = changed[next];
            next += 1;
        }
        let end = (end + CONTEXT + 1).min(steps.len());
        let hunk = &steps[start..end];
        // Where the hunk starts in each text: the first line of either side it holds.
        let (mut a_start, mut b_start) = (None, None);
        let (mut a_len, mut b_len) = (0, 0);
        let mut body = String::new();
        for step in hunk {
            match *step {
                Step::Same(at_old, at_new) => {
                    a_start.get_or_insert(at_old);
                    b_start.get_or_insert(at_new);
                    a_len += 1;
                    b_len += 1;
                    body.push_str(&show(' ', old_lines[at_old], &old_mask));
                }
                Step::Delete(at_old) => {
                    a_start.get_or_insert(at_old);
                    a_len += 1;
                    body.push_str(&show('-', old_lines[at_old], &old_mask));
                }
                Step::Insert(at_new) => {
                    b_start.get_or_insert(at_new);
                    b_len += 1;
                    body.push_str(&show('+', new_lines[at_new], &new_mask));
                }
            }
        }
        // An empty side starts after the line before the hunk (`-0,0` at the top).
        let before = |steps: &[Step], a_side: bool| {
            steps
                .iter()
                .rev()
                .find_map(|s| match (*s, a_side) {
                    (Step::Same(at, _) | Step::Delete(at), true)
                    | (Step::Same(_, at) | Step::Insert(at), false) => Some(at + 1),
                    _ => None,
                })
                .unwrap_or(0)
        };
        let a_from = a_start.map_or_else(|| before(&steps[..start], true), |at| at + 1);
        let b_from = b_start.map_or_else(|| before(&steps[..start], false), |at| at + 1);
        let _ = writeln!(out, "@@ -{a_from},{a_len} +{b_from},{b_len} @@");
        out.push_str(&body);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn apply(old: &str, steps: &[Step], new: &str) -> String {
        let a: Vec<&str> = old.split_inclusive('\n').collect();
        let b: Vec<&str> = new.split_inclusive('\n').collect();
        let mut out = String::new();
        for s in steps {
            match *s {
                Step::Same(x, y) => {
                    assert_eq!(a[x], b[y]);
                    out.push_str(a[x]);
                }
                Step::Insert(y) => out.push_str(b[y]),
                Step::Delete(_) => {}
            }
        }
        out
    }

    #[test]
    fn edit_scripts_rebuild_the_new_text() {
        let cases = [
            ("", ""),
            ("a\n", ""),
            ("", "a\n"),
            ("a\nb\nc\n", "a\nc\n"),
            ("a\nb\nc\n", "x\na\nb\nc\ny\n"),
            ("a\nb\nc\nd\ne\n", "b\nX\nd\nY\n"),
            ("a\na\na\n", "a\n"),
            ("a\nb", "a\nb\n"),
        ];
        for (old, new) in cases {
            let a: Vec<&str> = old.split_inclusive('\n').collect();
            let b: Vec<&str> = new.split_inclusive('\n').collect();
            let steps = edit_script(&a, &b);
            assert_eq!(apply(old, &steps, new), new, "{old:?} -> {new:?}");
            let deleted = steps
                .iter()
                .filter(|s| matches!(s, Step::Delete(_)))
                .count();
            let same = steps.iter().filter(|s| matches!(s, Step::Same(..))).count();
            assert_eq!(deleted + same, a.len());
        }
    }

    #[test]
    fn hunks_have_context_and_line_numbers() {
        let line = |i: i32| {
            if i == 3 {
                "three".to_owned()
            } else {
                i.to_string()
            }
        };
        let old: String = (1..=20).map(|i| i.to_string() + "\n").collect();
        let new: String = (1..=20)
            .filter(|&i| i != 18)
            .map(|i| line(i) + "\n")
            .collect();
        let diff = unified_diff(&old, &[], &new, &[], "x");
        assert_eq!(
            diff,
            "--- a/x\n+++ b/x\n@@ -1,6 +1,6 @@\n 1\n 2\n-3\n+three\n 4\n 5\n 6\n@@ -15,6 +15,5 @@\n 15\n 16\n 17\n-18\n 19\n 20\n"
        );
        assert_eq!(unified_diff(&old, &[], &old, &[], "x"), "");
        let top = unified_diff("a\n", &[], "z\na\n", &[], "x");
        assert_eq!(top, "--- a/x\n+++ b/x\n@@ -1,1 +1,2 @@\n+z\n a\n");
        let emptied = unified_diff("a\n", &[], "", &[], "x");
        assert_eq!(emptied, "--- a/x\n+++ b/x\n@@ -1,1 +0,0 @@\n-a\n");
    }

    #[test]
    fn secrets_are_masked_in_both_texts() {
        let old = "{\"t\": \"hunter2hunter2\"}";
        let new = "{\"t\": \"${env:T}\"}";
        let diff = unified_diff(old, &[Span::new(7, 21)], new, &[], "x");
        assert!(diff.contains("-{\"t\": \"hun***********\"}"), "{diff}");
        assert!(diff.contains("+{\"t\": \"${env:T}\"}"), "{diff}");
        assert!(!diff.contains("hunter2"), "{diff}");
    }
}
