//! The direction of a transcript entry as one letter. Shared by the reader's unit tests
//! (`src/transcript/tests.rs`) and the corpus table test (`tests/corpus_sessions.rs`), which
//! both include this file as a module: the module that includes it has `Direction` and
//! `Entry` in scope, under the crate's own name or as `mcpvet_ast`.
use super::{Direction, Entry};

/// `C`/`S` for a stated direction, `c`/`s` for an inferred one, `?` for none.
pub(crate) fn letter(entry: &Entry) -> char {
    let c = match entry.direction {
        Some(Direction::ClientToServer) => 'c',
        Some(Direction::ServerToClient) => 's',
        None => return '?',
    };
    if entry.direction_source.is_inferred() {
        c
    } else {
        c.to_ascii_uppercase()
    }
}
