//! The streaming API (`mcpvet_linter::stream`): a capture cut into pieces of any size, read
//! in any order and checked in file order, gives the report `lint_transcript` gives for the
//! whole text.
use std::num::NonZeroU64;
use std::ops::Range;

use mcpvet_json::{JsonOptions, parse};
use mcpvet_linter::render::json::{JsonReportOptions, render_json};
use mcpvet_linter::stream::{PiecePlace, TranscriptStream, detect_format, read_piece};
use mcpvet_linter::{FileReport, TranscriptOptions, lint_transcript};
use mcpvet_sessiongen::{Framing, Options, Protocol, generate};
use mcpvet_text::SourceFile;

fn session(options: &Options) -> String {
    let mut bytes = Vec::new();
    generate(options, &mut bytes).expect("generated");
    String::from_utf8(bytes).expect("UTF-8")
}

fn json(report: &FileReport) -> String {
    render_json(std::slice::from_ref(report), &JsonReportOptions::new())
}

/// The report of `text` streamed in pieces of `lines_per_piece` lines, the pieces read in
/// reverse order (as threads may finish) and consumed in file order.
fn streamed(name: &str, text: &str, lines_per_piece: usize) -> FileReport {
    let options = TranscriptOptions::default();
    let (format, reason) = detect_format(text, Some(name), None).expect("a session");
    let mut starts: Vec<usize> = std::iter::once(0)
        .chain(text.match_indices('\n').map(|(i, _)| i + 1))
        .filter(|&i| i < text.len())
        .step_by(lines_per_piece)
        .collect();
    starts.push(text.len());
    let mut pieces: Vec<_> = starts
        .windows(2)
        .enumerate()
        .rev()
        .map(|(k, w)| {
            let first_line = u32::try_from(1 + k * lines_per_piece).expect("small");
            let place = PiecePlace {
                base: u32::try_from(w[0]).expect("small"),
                first_line,
                first_element: 0,
            };
            read_piece(text.as_bytes()[w[0]..w[1]].to_vec(), place, format, None)
        })
        .collect();
    pieces.reverse();
    let mut stream = TranscriptStream::new(&options, format, reason);
    for piece in pieces {
        stream.consume(piece);
    }
    let mut report = stream.finish(name);
    // Positions come from the whole text here (the command line reads the file again).
    report.source = SourceFile::new(name, text).expect("small");
    report
}

fn whole(name: &str, text: &str) -> FileReport {
    let source = SourceFile::new(name, text).expect("small");
    lint_transcript(&source, &TranscriptOptions::default())
}

#[test]
fn pieces_of_any_size_give_the_whole_file_report() {
    let mut trace = Options::new(Protocol::V2025_11_25, 600_000, 3)
        .with_defect_every(NonZeroU64::new(90).expect("nonzero"));
    trace.framing = Framing::TraceEnvelope;
    let cases = [
        (
            "legacy.jsonl",
            session(
                &Options::new(Protocol::V2025_11_25, 800_000, 1)
                    .with_defect_every(NonZeroU64::new(70).expect("nonzero")),
            ),
        ),
        (
            "modern.jsonl",
            session(
                &Options::new(Protocol::V2026_07_28, 800_000, 2)
                    .with_defect_every(NonZeroU64::new(70).expect("nonzero")),
            ),
        ),
        ("trace.jsonl", session(&trace)),
    ];
    for (name, text) in &cases {
        let expected = json(&whole(name, text));
        assert!(expected.contains("MCP442"), "{name}: defects were injected");
        for lines in [1, 2, 7, 100, 100_000] {
            assert_eq!(
                json(&streamed(name, text, lines)),
                expected,
                "{name}, {lines} lines per piece"
            );
        }
    }
}

#[test]
fn array_elements_in_pieces_give_the_whole_array_report() {
    let jsonl = session(
        &Options::new(Protocol::V2025_11_25, 400_000, 4)
            .with_defect_every(NonZeroU64::new(60).expect("nonzero")),
    );
    let elements: Vec<&str> = jsonl
        .lines()
        .filter(|l| parse(l, &JsonOptions::strict()).diagnostics.is_empty())
        .collect();
    let text = format!("[\n{}\n]\n", elements.join(",\n"));
    let doc = parse(&text, &JsonOptions::strict()).value;
    let ranges: Vec<Range<usize>> = doc
        .root()
        .expect("an array")
        .items()
        .map(|v| v.span().range())
        .collect();
    let expected = json(&whole("array.json", &text));
    let options = TranscriptOptions::default();
    for per_piece in [1, 33, 10_000] {
        let (format, reason) = detect_format(&text, Some("array.json"), None).expect("a session");
        let mut stream = TranscriptStream::new(&options, format, reason);
        let mut start = 0usize;
        let mut line = 1u32;
        for (k, chunk) in ranges.chunks(per_piece).enumerate() {
            // A piece runs from the end of the previous one to the end of its last element
            // (the last piece to the end of the file).
            let end = if (k + 1) * per_piece >= ranges.len() {
                text.len()
            } else {
                chunk.last().expect("nonempty").end
            };
            let bytes = &text.as_bytes()[start..end];
            let local: Vec<Range<usize>> = chunk
                .iter()
                .map(|r| r.start - start..r.end - start)
                .collect();
            let place = PiecePlace {
                base: u32::try_from(start).expect("small"),
                first_line: line,
                first_element: u32::try_from(k * per_piece).expect("small"),
            };
            stream.consume(read_piece(bytes.to_vec(), place, format, Some(&local)));
            line += u32::try_from(text[start..end].matches('\n').count()).expect("small");
            start = end;
        }
        let mut report = stream.finish("array.json");
        report.source = SourceFile::new("array.json", text.as_str()).expect("small");
        assert_eq!(json(&report), expected, "{per_piece} elements per piece");
    }
}
