//! The project around the inputs: the settings file `mcpvet.toml` (found by walking up from
//! each input's folder, or named by `--settings`) and the baseline (`--baseline`,
//! `--write-baseline`). The reading and applying are the linter's
//! ([`mcpvet_linter::settings`], [`mcpvet_linter::baseline`]); finding, reading and writing
//! the files are here.
use std::cell::RefCell;
use std::collections::HashMap;
use std::path::{Component, Path, PathBuf};
use std::rc::Rc;

use mcpvet_linter::baseline::Baseline;
use mcpvet_linter::settings::{FILE_NAME, Settings};
use mcpvet_linter::{FileReport, InspectOptions};

use crate::cli::ProjectArgs;
use crate::io::Input;
use crate::output;

/// A settings file read.
#[derive(Debug)]
pub(crate) struct Found {
    /// Its path, as shown in messages.
    pub(crate) name: String,
    /// Its folder, absolute and without `.` or `..`: patterns are relative to it.
    dir: PathBuf,
    pub(crate) settings: Settings,
}

impl Found {
    /// The path of `input` relative to the settings file's folder, `/` between folders.
    pub(crate) fn relative(&self, input: &Input) -> String {
        match input {
            Input::Stdin => "-".to_owned(),
            Input::File(path) => relative_to(&absolute(path), &self.dir),
        }
    }
}

/// The settings that apply in a folder (`Err`: its settings file is not valid).
type Settled = Result<Option<Rc<Found>>, ()>;

/// How the settings are found.
#[derive(Debug)]
enum Mode {
    /// Walk up from each input's folder (the default).
    Walk,
    /// `--settings FILE`: this file for every input (`None` when it could not be read).
    Given(Option<Rc<Found>>),
    /// `--no-settings`.
    Off,
}

/// The settings and baselines of one run.
#[derive(Debug)]
pub(crate) struct Project {
    mode: Mode,
    /// Folders looked at, and the settings that apply there (`Err` for a file that could
    /// not be read: said once).
    cache: RefCell<HashMap<PathBuf, Settled>>,
    /// `--baseline`: the baseline and the folder its paths are relative to.
    baseline: Option<(Baseline, PathBuf)>,
    /// `--write-baseline`: the file to write, its folder, and the findings so far.
    write: Option<(PathBuf, PathBuf, RefCell<Baseline>)>,
}

/// The outcome of looking up the settings of one input.
pub(crate) enum Lookup {
    /// Inspect it with these settings (`None`: no settings file applies).
    Use(Option<Rc<Found>>),
    /// An `ignore` pattern of this settings file matches it (said on standard error).
    Ignored,
    /// The settings file that applies is not valid (said on standard error).
    Failed,
}

impl Project {
    /// The project `args` describe; `None` after saying why a file they name cannot be read.
    pub(crate) fn new(args: &ProjectArgs) -> Option<Self> {
        let mode = if args.no_settings {
            Mode::Off
        } else if let Some(path) = &args.settings {
            match read_settings(path) {
                Ok(found) => Mode::Given(Some(Rc::new(found))),
                Err(()) => return None,
            }
        } else {
            Mode::Walk
        };
        let baseline = match &args.baseline {
            Some(path) => Some((read_baseline(path)?, folder_of(path))),
            None => None,
        };
        let write = args
            .write_baseline
            .as_ref()
            .map(|path| (path.clone(), folder_of(path), RefCell::new(Baseline::new())));
        Some(Project {
            mode,
            cache: RefCell::default(),
            baseline,
            write,
        })
    }

    /// Whether a baseline is read or written (a streamed capture then keeps the text of
    /// the lines its findings point at, which the fingerprints read).
    pub(crate) fn uses_baseline(&self) -> bool {
        self.baseline.is_some() || self.write.is_some()
    }

    /// Whether findings fail the run: not when the baseline is being written.
    pub(crate) fn findings_fail(&self) -> bool {
        self.write.is_none()
    }

    /// The settings of `input`, or why it is not inspected.
    pub(crate) fn lookup(&self, input: &Input) -> Lookup {
        let found = match &self.mode {
            Mode::Off => return Lookup::Use(None),
            Mode::Given(found) => found.clone(),
            Mode::Walk => {
                let start = match input {
                    Input::Stdin => absolute(Path::new(".")),
                    Input::File(path) => folder_of(path),
                };
                match self.walk(&start) {
                    Ok(found) => found,
                    Err(()) => return Lookup::Failed,
                }
            }
        };
        if let Some(found) = &found
            && let Some(glob) = found.settings.ignored(&found.relative(input))
        {
            output::status(&format!(
                "{}: ignored (`{}` in {})",
                input.name(),
                glob.as_str(),
                found.name
            ));
            return Lookup::Ignored;
        }
        Lookup::Use(found)
    }

    /// The settings file of the closest folder from `start` up that holds one; the walk
    /// stops at the root of a repository (a folder holding `.git`).
    fn walk(&self, start: &Path) -> Settled {
        let mut visited = Vec::new();
        let mut outcome = Ok(None);
        for dir in start.ancestors() {
            if let Some(known) = self.cache.borrow().get(dir) {
                outcome.clone_from(known);
                break;
            }
            visited.push(dir.to_path_buf());
            let candidate = dir.join(FILE_NAME);
            if candidate.is_file() {
                outcome = read_settings(&candidate).map(|f| Some(Rc::new(f)));
                break;
            }
            if dir.join(".git").exists() {
                break;
            }
        }
        let mut cache = self.cache.borrow_mut();
        for dir in visited {
            cache.insert(dir, outcome.clone());
        }
        outcome
    }

    /// Applies the settings' `[rules]` to `report` (of `input`), then the baseline: the
    /// findings it holds are left out, or, when one is written, every finding is added.
    pub(crate) fn settle(&self, input: &Input, found: Option<&Found>, report: &mut FileReport) {
        if let Some(found) = found {
            found.settings.apply(report);
        }
        if let Some((baseline, dir)) = &self.baseline {
            baseline.apply(&file_key(input, dir), report);
        }
        if let Some((_, dir, written)) = &self.write {
            written.borrow_mut().add(&file_key(input, dir), report);
        }
    }

    /// Writes the baseline of `--write-baseline`, if asked; `false` after saying why it
    /// could not be written.
    pub(crate) fn finish(self) -> bool {
        let Some((path, _, written)) = self.write else {
            return true;
        };
        let baseline = written.into_inner();
        let n = baseline.entries().len();
        match std::fs::write(&path, baseline.to_json()) {
            Ok(()) => {
                let findings = if n == 1 { "finding" } else { "findings" };
                output::status(&format!(
                    "mcpvet: wrote {n} {findings} to the baseline {}",
                    path.display()
                ));
                true
            }
            Err(err) => {
                output::error(&format!(
                    "cannot write the baseline `{}`: {err}",
                    path.display()
                ));
                false
            }
        }
    }
}

/// The options of one input: `base` (the command line's), with what the settings give
/// where the command line gave nothing (`dialect_given`, `target_given`).
pub(crate) fn options_for(
    base: &InspectOptions,
    found: Option<&Found>,
    input: &Input,
    dialect_given: bool,
    target_given: bool,
) -> Option<InspectOptions> {
    let found = found?;
    let settings = &found.settings;
    let dialect = (!dialect_given)
        .then(|| settings.dialect(&found.relative(input)))
        .flatten();
    let targets = (!target_given).then_some(settings.targets).flatten();
    if dialect.is_none() && targets.is_none() {
        return None;
    }
    let mut options = base.clone();
    if let Some(dialect) = dialect {
        options.config.dialect = Some(dialect);
    }
    if let Some(targets) = targets {
        options.transcript.targets = targets;
        options.server.targets = targets;
    }
    Some(options)
}

/// Reads and validates a settings file, or says why it cannot be.
fn read_settings(path: &Path) -> Result<Found, ()> {
    let name = path.display().to_string();
    let text = match std::fs::read(path) {
        Ok(bytes) => String::from_utf8_lossy(&bytes).into_owned(),
        Err(err) => {
            output::error(&format!("cannot read the settings file `{name}`: {err}"));
            return Err(());
        }
    };
    match Settings::parse(&text) {
        Ok(settings) => Ok(Found {
            name,
            dir: folder_of(path),
            settings,
        }),
        Err(err) => {
            output::error(&format!("invalid settings file {name}:{err}"));
            Err(())
        }
    }
}

/// Reads a baseline file, or says why it cannot be.
fn read_baseline(path: &Path) -> Option<Baseline> {
    let name = path.display();
    let text = match std::fs::read_to_string(path) {
        Ok(text) => text,
        Err(err) => {
            output::error(&format!("cannot read the baseline `{name}`: {err}"));
            return None;
        }
    };
    match Baseline::parse(&text) {
        Ok(baseline) => Some(baseline),
        Err(err) => {
            let at = if err.line > 0 { ":" } else { ": " };
            output::error(&format!("malformed baseline {name}{at}{err}"));
            None
        }
    }
}

/// The key of `input` in a baseline whose folder is `dir`.
fn file_key(input: &Input, dir: &Path) -> String {
    match input {
        Input::Stdin => "-".to_owned(),
        Input::File(path) => relative_to(&absolute(path), dir),
    }
}

/// The absolute folder of the file at `path`.
fn folder_of(path: &Path) -> PathBuf {
    let path = absolute(path);
    path.parent()
        .map_or_else(|| path.clone(), Path::to_path_buf)
}

/// `path` made absolute (from the current folder) and without `.` and `..` (read as
/// written: symbolic links are not followed).
fn absolute(path: &Path) -> PathBuf {
    let joined = std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf());
    let mut out = PathBuf::new();
    for component in joined.components() {
        match component {
            Component::CurDir => {}
            Component::ParentDir => {
                out.pop();
            }
            other => out.push(other),
        }
    }
    out
}

/// `path` relative to the folder `dir` (both absolute), `/` between names, with `..` where
/// `path` is not below `dir`.
fn relative_to(path: &Path, dir: &Path) -> String {
    let path: Vec<Component<'_>> = path.components().collect();
    let dir: Vec<Component<'_>> = dir.components().collect();
    let common = path.iter().zip(&dir).take_while(|(a, b)| a == b).count();
    let mut names: Vec<String> = dir[common..].iter().map(|_| "..".to_owned()).collect();
    names.extend(
        path[common..]
            .iter()
            .map(|c| c.as_os_str().to_string_lossy().into_owned()),
    );
    names.join("/")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn relative_paths() {
        let p = |s: &str| PathBuf::from(s);
        assert_eq!(relative_to(&p("/a/b/c.json"), &p("/a")), "b/c.json");
        assert_eq!(relative_to(&p("/a/c.json"), &p("/a/b")), "../c.json");
        assert_eq!(relative_to(&p("/x/y.json"), &p("/a/b")), "../../x/y.json");
        assert_eq!(absolute(&p("/a/./b/../c.json")), p("/a/c.json"));
    }
}
