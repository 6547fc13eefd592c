//! Rules of the definition part of the family (see [the rules module](super)).
use mcpvet_diagnostics::{Reporter, RuleMeta};

use crate::context::Cx;

/// The rules of this folder, sorted by code.
pub(crate) static RULES: &[&RuleMeta] = &[];

/// Runs the rules of this folder.
pub(crate) fn check(cx: Cx<'_, '_>, report: &mut Reporter<'_>) {
    let _ = (cx, report);
}
