//! `baseline`: what a user would otherwise run over a large captured session, for the
//! side-by-side benchmark of `scripts/bench-large` (see `docs/performance.md`).
//!
//! ```text
//! baseline parse  SESSION.jsonl                 serde_json parses each line (the floor)
//! baseline schema SESSION.jsonl SCHEMA.json     ... and validates each message against the
//!                                               official MCP schema with the jsonschema crate
//! ```
//!
//! Lines are read one at a time into a reused buffer, so memory stays that of one message.
//! Prints one line of counts, so that the work cannot be optimised away and can be checked.
use std::fs::File;
use std::io::{self, BufRead, BufReader, Write};
use std::process::ExitCode;

use serde_json::{Value, json};

/// The three shapes a message is validated against: requests against the union of every
/// client and server request of the schema, notifications likewise, anything else (results,
/// errors) against `JSONRPCMessage`.
struct Validators {
    request: jsonschema::Validator,
    notification: jsonschema::Validator,
    message: jsonschema::Validator,
}

impl Validators {
    fn new(schema: &Value) -> Result<Self, String> {
        let defs = schema
            .get("$defs")
            .or_else(|| schema.get("definitions"))
            .ok_or("the schema has no $defs")?;
        let dialect = schema
            .get("$schema")
            .cloned()
            .unwrap_or_else(|| json!("https://json-schema.org/draft/2020-12/schema"));
        let union = |names: &[&str]| -> Result<jsonschema::Validator, String> {
            let refs: Vec<Value> = names
                .iter()
                .filter(|n| defs.get(**n).is_some())
                .map(|n| json!({ "$ref": format!("#/$defs/{n}") }))
                .collect();
            let wrapper = json!({ "$schema": dialect, "$defs": defs, "anyOf": refs });
            jsonschema::validator_for(&wrapper).map_err(|e| format!("schema: {e}"))
        };
        Ok(Validators {
            request: union(&["ClientRequest", "ServerRequest"])?,
            notification: union(&["ClientNotification", "ServerNotification"])?,
            message: union(&["JSONRPCMessage"])?,
        })
    }

    fn is_valid(&self, message: &Value) -> bool {
        let validator = match (message.get("method"), message.get("id")) {
            (Some(_), Some(_)) => &self.request,
            (Some(_), None) => &self.notification,
            _ => &self.message,
        };
        validator.is_valid(message)
    }
}

fn run(args: &[String]) -> Result<String, String> {
    let (mode, path) = match args {
        [mode, path, ..] => (mode.as_str(), path),
        _ => return Err("usage: baseline parse|schema SESSION [SCHEMA]".to_owned()),
    };
    let validators = match (mode, args.get(2)) {
        ("parse", _) => None,
        ("schema", Some(schema)) => {
            let text = std::fs::read_to_string(schema).map_err(|e| format!("{schema}: {e}"))?;
            let schema: Value = serde_json::from_str(&text).map_err(|e| format!("{e}"))?;
            Some(Validators::new(&schema)?)
        }
        _ => return Err(format!("unknown mode `{mode}` or missing schema")),
    };
    let file = File::open(path).map_err(|e| format!("{path}: {e}"))?;
    let mut reader = BufReader::with_capacity(1 << 20, file);
    let mut line = Vec::new();
    let (mut messages, mut not_json, mut invalid) = (0u64, 0u64, 0u64);
    loop {
        line.clear();
        let n = reader
            .read_until(b'\n', &mut line)
            .map_err(|e| format!("{path}: {e}"))?;
        if n == 0 {
            break;
        }
        match serde_json::from_slice::<Value>(&line) {
            Ok(value) => {
                messages += 1;
                if let Some(v) = &validators
                    && !v.is_valid(&value)
                {
                    invalid += 1;
                }
            }
            Err(_) => not_json += 1,
        }
    }
    Ok(format!(
        "{mode}: {messages} messages, {not_json} lines not JSON, {invalid} invalid"
    ))
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match run(&args) {
        Ok(summary) => {
            let _ = writeln!(io::stdout(), "{summary}");
            ExitCode::SUCCESS
        }
        Err(message) => {
            let _ = writeln!(io::stderr(), "baseline: {message}");
            ExitCode::FAILURE
        }
    }
}
