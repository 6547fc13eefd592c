//! The WebAssembly crate's functions, run natively on a file: prints what the page would get.
//!
//! ```text
//! cargo run -p mcpvet_wasm --example inspect -- [--page] [--name NAME] [--time] MODE FILE
//! ```
//!
//! MODE is `auto`, `config`, `transcript` or `server`. Without `--page` it prints the JSON report
//! ([`mcpvet_wasm::inspect_named`]); with it, the page's object ([`mcpvet_wasm::inspect_page`]).
//! `--time` prints the time taken to standard error instead.
use std::io::Write as _;
use std::process::ExitCode;
use std::time::Instant;

fn main() -> ExitCode {
    let mut page = false;
    let mut time = false;
    let mut name: Option<String> = None;
    let mut rest = Vec::new();
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--page" => page = true,
            "--time" => time = true,
            "--name" => name = args.next(),
            _ => rest.push(arg),
        }
    }
    let [mode, file] = rest.as_slice() else {
        let _ = writeln!(
            std::io::stderr(),
            "usage: inspect [--page] [--name NAME] [--time] MODE FILE"
        );
        return ExitCode::from(2);
    };
    let bytes = match std::fs::read(file) {
        Ok(bytes) => bytes,
        Err(err) => {
            let _ = writeln!(std::io::stderr(), "inspect: cannot read {file}: {err}");
            return ExitCode::from(2);
        }
    };
    let started = Instant::now();
    let result = if page {
        mcpvet_wasm::inspect_page(mode, name.as_deref(), &bytes)
    } else {
        mcpvet_wasm::inspect_named(mode, name.as_deref(), &bytes)
    };
    let elapsed = started.elapsed();
    match result {
        Ok(json) if time => {
            let _ = writeln!(
                std::io::stderr(),
                "{} bytes in, {} bytes of JSON out, {:.1} ms",
                bytes.len(),
                json.len(),
                elapsed.as_secs_f64() * 1000.0
            );
            ExitCode::SUCCESS
        }
        Ok(json) => {
            let _ = writeln!(std::io::stdout(), "{json}");
            ExitCode::SUCCESS
        }
        Err(err) => {
            let _ = writeln!(std::io::stderr(), "inspect: {err}");
            ExitCode::from(2)
        }
    }
}
