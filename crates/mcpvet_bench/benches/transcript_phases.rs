//! The phases of a streamed `mcpvet transcript` run that happen on the worker threads, each
//! timed on its own as a ratio to `serde_json::from_str::<serde_json::Value>` parsing the same
//! lines, in the same process and in interleaved rounds. Run with
//! `cargo bench -p mcpvet_bench --bench transcript_phases` (`SESSION_MB`, default 40;
//! `ROUNDS`, default 11). With `PHASE=N`, only the Nth variant of the table (0 is
//! `serde_json`) runs, `ROUNDS` times, and nothing is printed: a process to profile
//! (`perf record`).
//!
//! The session is generated (2025-11-25, seed 1) and cut into pieces of whole lines of about
//! 4 MiB, as the streaming reader cuts a file. The phases:
//!
//! - parse: each line into a reused arena (the parser alone);
//! - read: each piece parsed and lowered into a transcript (`read_transcript`), what a worker
//!   does before the secret scan;
//! - secret scan: `mcpvet_check_secrets::check_transcript` on the pieces' transcripts, read
//!   before the timing (the rest of a worker's time);
//! - whole: every piece copied into a recycled buffer (as the reader fills one), read by
//!   `read_piece` (read and secret scan) and checked in order by a `TranscriptStream`, whose
//!   report is finished: `mcpvet transcript --jobs 1` without the file and the rendering.
//!   The in-order checks take what the whole run takes beyond the read and the scan.
#![expect(
    clippy::print_stdout,
    clippy::print_stderr,
    reason = "a benchmark reports on the terminal"
)]

use std::hint::black_box;

use mcpvet_ast::transcript::{InputFormat, Transcript, read_transcript};
use mcpvet_bench::{
    Variant, env_number, generated_session, measure, parser_per_line, serde_json_per_line,
    table_rows,
};
use mcpvet_diagnostics::Findings;
use mcpvet_json::JsonOptions;
use mcpvet_linter::TranscriptOptions;
use mcpvet_linter::stream::{PiecePlace, TranscriptStream, read_piece};

/// About the pieces the streaming reader cuts.
const PIECE_BYTES: usize = 4 << 20;

fn main() {
    let mb = env_number("SESSION_MB", 40);
    let rounds = usize::try_from(env_number("ROUNDS", 11)).unwrap_or(11);
    let text = generated_session(mb);
    let pieces = pieces(&text);
    let lines: Vec<&str> = text.lines().collect();
    let lines = lines.as_slice();
    let transcripts: Vec<Transcript<'_>> = pieces.iter().map(|p| read(p)).collect();
    let mut spare: Vec<Vec<u8>> = Vec::new();
    let counted: Vec<(&str, u32)> = pieces
        .iter()
        .map(|p| {
            (
                *p,
                u32::try_from(p.matches('\n').count()).expect("pieces of a few MiB"),
            )
        })
        .collect();
    let mut variants = [
        serde_json_per_line(lines),
        parser_per_line("parse: JsonParser per line, arena reused", lines),
        Variant {
            name: "parse: parse_lines per piece (one document)",
            run: Box::new(|| {
                for piece in &pieces {
                    black_box(mcpvet_json::parse_lines(piece, &JsonOptions::strict()));
                }
            }),
        },
        Variant {
            name: "read: read_transcript per piece",
            run: Box::new(|| {
                for piece in &pieces {
                    black_box(read(piece));
                }
            }),
        },
        Variant {
            name: "secret scan: check_transcript per piece",
            run: Box::new(|| {
                for transcript in &transcripts {
                    let mut findings = Findings::new();
                    mcpvet_check_secrets::check_transcript(transcript, &mut findings);
                    black_box(findings);
                }
            }),
        },
        Variant {
            name: "whole: read_piece and TranscriptStream, one thread",
            run: Box::new(|| {
                black_box(whole(&counted, &mut spare));
            }),
        },
    ];
    if let Some(phase) = std::env::var("PHASE")
        .ok()
        .and_then(|p| p.parse::<usize>().ok())
    {
        let variant = variants
            .get_mut(phase)
            .expect("PHASE names a row of the table");
        for _ in 0..rounds {
            (variant.run)();
        }
        return;
    }
    eprintln!(
        "session {mb} MB: {} pieces, {} lines, {rounds} rounds",
        pieces.len(),
        lines.len()
    );
    let results = measure(text.len(), rounds, &mut variants);
    println!("| input | phase | MB/s | × serde_json Value (min–max) |");
    println!("|---|---|---|---|");
    print!("{}", table_rows(&format!("session {mb} MB"), &results));
}

/// A piece of JSON Lines parsed and lowered, as a worker reads it.
fn read(piece: &str) -> Transcript<'_> {
    read_transcript(piece, None, Some(InputFormat::JsonLines)).value
}

/// The pieces (each with its number of lines) read and checked in order on one thread;
/// returns the number of findings.
fn whole(pieces: &[(&str, u32)], spare: &mut Vec<Vec<u8>>) -> usize {
    let options = TranscriptOptions::default();
    let mut stream = TranscriptStream::new(&options, InputFormat::JsonLines, String::new());
    let (mut base, mut line) = (0u32, 1u32);
    for &(piece, lines) in pieces {
        let mut bytes = spare.pop().unwrap_or_default();
        bytes.clear();
        bytes.extend_from_slice(piece.as_bytes());
        let place = PiecePlace {
            base,
            first_line: line,
            first_element: 0,
        };
        stream.consume(read_piece(bytes, place, InputFormat::JsonLines, None));
        spare.extend(stream.take_buffers());
        base += u32::try_from(piece.len()).expect("pieces of a few MiB");
        line += lines;
    }
    stream.finish("session.jsonl").diagnostics.len()
}

/// `text` cut into pieces of whole lines of about [`PIECE_BYTES`] each.
fn pieces(text: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut rest = text;
    while !rest.is_empty() {
        let head = &rest.as_bytes()[..PIECE_BYTES.min(rest.len())];
        let cut = last_line_end(head).unwrap_or(rest.len());
        let (piece, tail) = rest.split_at(cut);
        out.push(piece);
        rest = tail;
    }
    out
}

/// Where the last line of `bytes` ends (after its `\n`).
fn last_line_end(bytes: &[u8]) -> Option<usize> {
    bytes.iter().rposition(|&b| b == b'\n').map(|i| i + 1)
}
