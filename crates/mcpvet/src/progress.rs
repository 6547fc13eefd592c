//! The progress bar shown on standard error while a large capture is inspected.
use std::io::IsTerminal as _;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use crate::stream::Progress;

/// Captures smaller than this finish too fast for a bar to help.
const MIN_BYTES: u64 = 8 << 20;

/// A progress bar over the bytes of one file, drawn only when standard error is a terminal,
/// the file is large enough and `--quiet` was not given.
pub(crate) struct Bar(Option<ProgressBar>);

impl Bar {
    pub(crate) fn new(total: u64, wanted: bool) -> Self {
        if !wanted || total < MIN_BYTES || !std::io::stderr().is_terminal() {
            return Bar(None);
        }
        let bar = ProgressBar::with_draw_target(Some(total), ProgressDrawTarget::stderr());
        bar.set_style(
            ProgressStyle::with_template("{bar:40} {bytes}/{total_bytes} {bytes_per_sec} {eta}")
                .unwrap_or_else(|_| ProgressStyle::default_bar()),
        );
        Bar(Some(bar))
    }

    pub(crate) fn finish(&self) {
        if let Some(bar) = &self.0 {
            bar.finish_and_clear();
        }
    }
}

impl Progress for Bar {
    fn advance(&mut self, bytes: u64) {
        if let Some(bar) = &self.0 {
            bar.inc(bytes);
        }
    }
}
