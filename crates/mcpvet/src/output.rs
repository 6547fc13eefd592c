//! Where results go: findings to standard output, summaries and errors to standard error.
use std::io::{self, Write as _};

use anstream::{AutoStream, ColorChoice};

/// The two output streams, with what went wrong on standard output.
pub(crate) struct Output {
    stdout: AutoStream<io::StdoutLock<'static>>,
    /// Standard output was closed by the reader (`mcpvet ... | head -1`): further findings
    /// are dropped without a message.
    closed: bool,
    /// Writing to standard output failed for another reason (a full disk): reported once,
    /// and the run fails.
    failed: bool,
    /// The language of rule titles and help sentences (`--lang`, `MCPVET_LANG`).
    lang: mcpvet_linter::i18n::Lang,
}

impl Output {
    /// Output colored (ANSI escapes, translated on consoles that need it) or not.
    pub(crate) fn new(color: bool) -> Self {
        let choice = if color {
            ColorChoice::Always
        } else {
            ColorChoice::Never
        };
        Output {
            stdout: AutoStream::new(io::stdout().lock(), choice),
            closed: false,
            failed: false,
            lang: mcpvet_linter::i18n::Lang::En,
        }
    }

    /// Writes rule titles and help sentences in `lang`.
    pub(crate) fn with_lang(mut self, lang: mcpvet_linter::i18n::Lang) -> Self {
        self.lang = lang;
        self
    }

    /// The language of rule titles and help sentences.
    pub(crate) fn lang(&self) -> mcpvet_linter::i18n::Lang {
        self.lang
    }

    /// Whether standard output still takes text (nobody reads it after a closed pipe or a
    /// failed write, so there is no need to render findings).
    pub(crate) fn is_open(&self) -> bool {
        !self.closed && !self.failed
    }

    /// Writes findings to standard output.
    pub(crate) fn print(&mut self, text: &str) {
        if !self.is_open() {
            return;
        }
        let result = self.stdout.write_all(text.as_bytes());
        self.check(result);
    }

    /// Flushes standard output; returns whether everything written so far was delivered or
    /// dropped because the reader went away.
    pub(crate) fn finish(&mut self) -> bool {
        if !self.closed && !self.failed {
            let result = self.stdout.flush();
            self.check(result);
        }
        !self.failed
    }

    fn check(&mut self, result: io::Result<()>) {
        match result {
            Ok(()) => {}
            Err(err) if err.kind() == io::ErrorKind::BrokenPipe => self.closed = true,
            Err(err) => {
                self.failed = true;
                error(&format!("cannot write to standard output: {err}"));
            }
        }
    }
}

/// Writes `error: {message}` to standard error.
pub(crate) fn error(message: &str) {
    // Nothing sensible remains to be done when standard error itself is gone.
    let _ = writeln!(io::stderr().lock(), "error: {message}");
}

/// Writes one line to standard error.
pub(crate) fn status(line: &str) {
    let _ = writeln!(io::stderr().lock(), "{line}");
}

/// Writes `note: {message}` to standard error.
pub(crate) fn note(message: &str) {
    let _ = writeln!(io::stderr().lock(), "note: {message}");
}
