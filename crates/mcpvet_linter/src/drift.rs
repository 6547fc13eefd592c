//! Interface drift: `mcpvet diff` (two files' advertised interfaces compared), `mcpvet lock`
//! (the tools lock file) and `--lock` (an inspected file checked against a lock), on
//! [`mcpvet_diff`]. Each file is also inspected, so that every text a diff prints is masked
//! with the secrets its inspection found.
use mcpvet_diagnostics::Findings;
use mcpvet_diagnostics::redact::Redactor;
use mcpvet_text::SourceFile;

pub use mcpvet_diff::{
    Change, ChangeKind, Diff, Interface, Level, Lock, LockError, Pairing, ReadError, ServerPair,
    SourceKind,
};

use crate::report::{FileReport, InputKind};
use crate::{ServerOptions, TranscriptOptions, lint_server, lint_transcript};

/// One side of a diff: the file, what was read of it, and the masker of its secrets.
#[derive(Debug, Clone)]
pub struct DiffSide {
    /// The file.
    pub source: SourceFile,
    /// Its advertised interface.
    pub interface: Interface,
    /// Its secrets (found by inspecting it), masked in every text printed about it.
    pub redactor: Redactor,
}

/// The diff of two files, its texts masked.
#[derive(Debug, Clone)]
pub struct DiffReport {
    /// The old file.
    pub old: DiffSide,
    /// The new file.
    pub new: DiffSide,
    /// What changed.
    pub diff: Diff,
    /// With a lock (`mcpvet diff --lock`): the new file's findings against it.
    pub lock_findings: Option<FileReport>,
}

/// Why a file cannot be diffed or locked: its name and the reason.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DriftError {
    /// The file's name.
    pub name: String,
    /// What is wrong, with the line and column when one place shows it.
    pub message: String,
}

impl std::fmt::Display for DriftError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "`{}`: {}", self.name, self.message)
    }
}

fn read_error(source: &SourceFile, error: &ReadError) -> DriftError {
    let message = match error.span {
        Some(span) => {
            let at = source.line_col(span.start, mcpvet_text::Encoding::CodePoint);
            format!("{} (line {}, column {})", error.message, at.line, at.column)
        }
        None => error.message.clone(),
    };
    DriftError {
        name: source.name().to_owned(),
        message,
    }
}

/// The inspection of `source` as `kind` (for its secrets and for `--lock` findings).
fn inspect(source: &SourceFile, kind: InputKind) -> FileReport {
    if kind == InputKind::Transcript {
        lint_transcript(source, &TranscriptOptions::default())
    } else {
        lint_server(source, &ServerOptions::default())
    }
}

/// Reads one side of a diff: its interface (as a session or a definition, as its content
/// shows) and its secrets.
///
/// # Errors
///
/// A configuration, a file that is not a capture, a definition with a syntax error, a
/// session without list results.
pub fn read_side(source: &SourceFile) -> Result<DiffSide, DriftError> {
    let interface = mcpvet_diff::read_interface(source.text(), Some(source.name()), None)
        .map_err(|e| read_error(source, &e))?;
    let kind = match interface.source {
        SourceKind::Session => InputKind::Transcript,
        SourceKind::Definition(_) => InputKind::Server,
    };
    let report = inspect(source, kind);
    Ok(DiffSide {
        source: source.clone(),
        interface,
        redactor: report.redactor(),
    })
}

/// Compares the advertised interfaces of `old` and `new` (sessions, listings, server
/// definitions, in any combination); every message is masked with both files' secrets.
///
/// # Errors
///
/// When either file gives no interface ([`read_side`]).
///
/// ```
/// use mcpvet_linter::drift::{Level, diff_files};
/// use mcpvet_text::SourceFile;
///
/// let old = SourceFile::new("old.json", r#"{"tools": [{"name": "a"}, {"name": "b"}]}"#).unwrap();
/// let new = SourceFile::new("new.json", r#"{"tools": [{"name": "a"}]}"#).unwrap();
/// let report = diff_files(&old, &new).unwrap();
/// assert_eq!(report.diff.changes[0].message, "tool `b` removed");
/// assert_eq!(report.diff.max_level(), Some(Level::Breaking));
/// ```
pub fn diff_files(old: &SourceFile, new: &SourceFile) -> Result<DiffReport, DriftError> {
    let old = read_side(old)?;
    let new = read_side(new)?;
    let mut diff = mcpvet_diff::diff(&old.interface, &new.interface);
    for change in &mut diff.changes {
        change.message = new.redactor.clean(&old.redactor.clean(&change.message));
    }
    Ok(DiffReport {
        old,
        new,
        diff,
        lock_findings: None,
    })
}

/// The lock of every server of `sources` (`mcpvet lock`), and its text.
///
/// # Errors
///
/// When a file gives no interface.
pub fn lock_files(sources: &[SourceFile]) -> Result<Lock, DriftError> {
    let mut interfaces = Vec::new();
    for source in sources {
        interfaces.push(
            mcpvet_diff::read_interface(source.text(), Some(source.name()), None)
                .map_err(|e| read_error(source, &e))?,
        );
    }
    Ok(Lock::build(&interfaces))
}

/// Reads the lock file `source`.
///
/// # Errors
///
/// A malformed lock file, with the line and column.
pub fn read_lock(source: &SourceFile) -> Result<Lock, DriftError> {
    Lock::parse(source.text()).map_err(|e| {
        let at = source.line_col(e.span.start, mcpvet_text::Encoding::CodePoint);
        DriftError {
            name: source.name().to_owned(),
            message: format!("{} (line {}, column {})", e.message, at.line, at.column),
        }
    })
}

/// Adds to `report` (a session or a server definition) the findings of its interface against
/// `lock`, read from the file `lock_name` (`MCP560`–`MCP564`). A file that gives no
/// interface (a session without list results) gets none.
pub fn check_lock(report: &mut FileReport, lock: &Lock, lock_name: &str) {
    let kind = match report.kind {
        InputKind::Transcript => InputKind::Transcript,
        InputKind::Server => InputKind::Server,
        _ => return,
    };
    if !report.source.has_text() {
        return;
    }
    let Ok(interface) =
        mcpvet_diff::read_interface(report.source.text(), Some(report.source.name()), Some(kind))
    else {
        return;
    };
    let mut findings = Findings::new();
    mcpvet_diff::check_lock(&interface, lock, lock_name, &mut findings);
    let (diagnostics, _) = findings.into_parts();
    report.merge(diagnostics);
}

/// The findings of `new` against `lock`, for `mcpvet diff --lock`.
pub fn lock_report(side: &DiffSide, lock: &Lock, lock_name: &str) -> FileReport {
    let kind = match side.interface.source {
        SourceKind::Session => InputKind::Transcript,
        SourceKind::Definition(_) => InputKind::Server,
    };
    let mut report = inspect(&side.source, kind);
    report.diagnostics.clear();
    let mut findings = Findings::new();
    mcpvet_diff::check_lock(&side.interface, lock, lock_name, &mut findings);
    let (diagnostics, _) = findings.into_parts();
    report.merge(diagnostics);
    report
}
