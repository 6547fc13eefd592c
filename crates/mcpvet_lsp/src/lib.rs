//! The mcpvet language server: the findings of the one door ([`mcpvet_linter::inspect`]) as
//! editor diagnostics, their fixes as quick fixes, and a hover on each server of a
//! configuration, over the Language Server Protocol.
//!
//! Position in the pipeline: a face, beside the command line and the WebAssembly module,
//! above `mcpvet_linter`. The protocol's framing and connection are rust-analyzer's
//! `lsp-server` (synchronous: one thread reads, one writes, this crate's loop handles one
//! message at a time), its types `lsp-types`. Like every library crate of the workspace it
//! does no I/O: [`run`] takes a [`Connection`] from its caller (the `mcpvet lsp` command
//! passes standard input and output, tests a pair of in-memory channels), and the
//! [`Server`] itself turns messages into messages.
//!
//! What it offers:
//!
//! - **Diagnostics** on open and on every change (incremental text sync; positions in
//!   UTF-16 code units) of every file mcpvet reads, chosen by its name ([`attach`]): client
//!   configurations of every dialect (JSON, JSONC, Codex's TOML, Continue's and Goose's
//!   YAML), server definitions, captured sessions, HAR files and run logs; cleared on
//!   close. Each diagnostic has the rule code, linked to the rule's page, the message and
//!   help sentence, the severity, and its secondary spans as related information.
//! - **Quick fixes** for every finding that carries a fix: a safe one is the preferred
//!   action, a suggested one says so.
//! - **Hover** on a server's name in a configuration: its transport and command or URL.
//!
//! No text shows more of a secret than the masking policy keeps
//! ([`mcpvet_diagnostics::redact`]): the server masks as the command line's renderers do.
//!
//! Changes are inspected in full, without a debounce: a burst of changes that arrives
//! together is applied first and inspected once ([`Server::flush`]); a change to a 100 KB
//! file is inspected well within 50 ms (`docs/performance.md`).
#![warn(clippy::disallowed_methods)]
#![warn(missing_docs)]

mod attach;
mod convert;
mod position;
mod server;

pub use attach::{Attachment, Gate, attach};
pub use lsp_server::Connection;
pub use server::{Ending, Server, capabilities};

/// The most messages handled before the diagnostics of the documents they changed are
/// sent.
const BATCH: usize = 64;

/// Serves the client at the other end of `connection` until it sends `exit` or closes the
/// connection; how it ended gives the process's exit status ([`Ending::status`]).
///
/// Each message is handled in order; the messages already waiting are handled together
/// before the changed documents are inspected and their diagnostics sent, so a burst of
/// keystrokes is inspected once.
///
/// ```
/// use lsp_server::{Connection, Message, Notification, Request};
/// use serde_json::json;
///
/// let (server, client) = Connection::memory();
/// let thread = std::thread::spawn(move || mcpvet_lsp::run(&server));
/// let send = |m: Message| client.sender.send(m).unwrap();
/// send(Request::new(1.into(), "initialize".into(), json!({"capabilities": {}})).into());
/// let Message::Response(init) = client.receiver.recv().unwrap() else { panic!() };
/// assert_eq!(init.response_result.unwrap()["serverInfo"]["name"], "mcpvet");
/// send(Notification::new("initialized".into(), json!({})).into());
/// send(Request::new(2.into(), "shutdown".into(), json!(null)).into());
/// assert!(matches!(client.receiver.recv().unwrap(), Message::Response(_)));
/// send(Notification::new("exit".into(), json!(null)).into());
/// assert_eq!(thread.join().unwrap().status(), 0);
/// ```
pub fn run(connection: &Connection) -> Ending {
    let mut server = Server::new();
    let disconnected = |server: &Server| Ending::Disconnected {
        shut_down: server.is_shut_down(),
    };
    loop {
        let Ok(first) = connection.receiver.recv() else {
            return disconnected(&server);
        };
        let mut batch = vec![first];
        while batch.len() < BATCH {
            match connection.receiver.try_recv() {
                Ok(message) => batch.push(message),
                Err(_) => break,
            }
        }
        for message in batch {
            for reply in server.handle(message) {
                if connection.sender.send(reply).is_err() {
                    return disconnected(&server);
                }
            }
            if let Some(ending) = server.ending() {
                return ending;
            }
        }
        for notification in server.flush() {
            if connection.sender.send(notification).is_err() {
                return disconnected(&server);
            }
        }
    }
}
