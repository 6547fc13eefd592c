//! A readable tree dump of a document with spans, for tests and bug reports.
use std::fmt;

use super::{JsonDocument, Value, ValueKind};

impl fmt::Debug for JsonDocumentDump<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for root in self.0.roots() {
            dump(f, root, 0, None)?;
        }
        Ok(())
    }
}

/// A readable tree dump of a document with spans, for tests and bug reports.
pub(crate) struct JsonDocumentDump<'a>(pub(crate) &'a JsonDocument<'a>);

fn dump(
    f: &mut fmt::Formatter<'_>,
    v: Value<'_>,
    depth: usize,
    key: Option<Value<'_>>,
) -> fmt::Result {
    let indent = "  ".repeat(depth);
    write!(f, "{indent}")?;
    if let Some(k) = key {
        write!(f, "{} @ {:?}: ", k.source(), k.span())?;
    }
    match v.kind() {
        ValueKind::Array => {
            writeln!(f, "array @ {:?}", v.span())?;
            for item in v.items() {
                dump(f, item, depth + 1, None)?;
            }
        }
        ValueKind::Object => {
            writeln!(f, "object @ {:?}", v.span())?;
            for m in v.members() {
                dump(f, m.value, depth + 1, Some(m.key))?;
            }
        }
        ValueKind::Error => writeln!(f, "error {:?} @ {:?}", v.source(), v.span())?,
        _ => writeln!(f, "{} @ {:?}", v.source(), v.span())?,
    }
    Ok(())
}

impl JsonDocument<'_> {
    /// A readable tree of the document: one line per node with its source text and span.
    pub fn dump(&self) -> String {
        format!("{:?}", JsonDocumentDump(self))
    }
}
