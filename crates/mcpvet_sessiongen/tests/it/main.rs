//! Integration tests of the session generator (one test binary).

mod checker;
#[cfg(feature = "cli")]
mod cli;
mod defects;
mod oracle;
mod session;

use mcpvet_sessiongen::{Framing, Options, Report, generate};

/// Generates into memory.
pub(crate) fn gen_text(options: &Options) -> (String, Report) {
    let mut out = Vec::new();
    let report = generate(options, &mut out).expect("writing to a Vec cannot fail");
    let text = String::from_utf8(out).expect("sessions are UTF-8");
    (text, report)
}

/// Generates with trace envelopes (for the checker).
pub(crate) fn gen_traced(options: &Options) -> (String, Report) {
    gen_text(&options.clone().with_framing(Framing::TraceEnvelope))
}
