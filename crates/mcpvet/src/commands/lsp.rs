//! `mcpvet lsp`: the language server ([`mcpvet_lsp`]) over standard input and output.
use mcpvet_lsp::Connection;

use super::Status;
use crate::cli::LspArgs;
use crate::output;

/// Serves the editor on standard input and output until it sends `exit`.
pub(super) fn run(_args: &LspArgs) -> Status {
    let (connection, io_threads) = Connection::stdio();
    let ending = mcpvet_lsp::run(&connection);
    // The writer thread ends once every sender is gone, after sending what is queued.
    drop(connection);
    if let Err(err) = io_threads.join() {
        output::error(&format!("the language server's connection failed: {err}"));
        return Status::Failure;
    }
    if ending.status() == 0 {
        Status::Clean
    } else {
        Status::Findings
    }
}
