//! Injected defects: each lands where the report says, and is the only irregularity it causes.

use std::num::NonZeroU64;

use mcpvet_sessiongen::{Defect, Options, Position, Protocol, Report};
use serde_json::Value;

use crate::checker::{Irr, check, describe};
use crate::oracle::Oracle;
use crate::{gen_text, gen_traced};

fn irregularity_of(defect: Defect) -> Irr {
    match defect {
        Defect::DuplicateRequestId => Irr::DuplicateId,
        Defect::ResponseToUnknownId => Irr::UnknownResponseId,
        Defect::CallUnknownTool => Irr::UnknownTool,
        Defect::ArgumentsViolateSchema => Irr::InvalidArguments,
        Defect::NonJsonStdoutLine => Irr::NonJson,
        Defect::PlaintextTokenInArguments => Irr::PlaintextToken,
    }
}

/// The checker finds exactly the injected defects, each at its recorded line, and the recorded
/// offset and message index are right.
fn assert_exactly_the_defects(text: &str, report: &Report, oracle: Option<&Oracle>) {
    let (findings, _) = check(text, report.protocol, oracle);
    let found: Vec<(u64, Irr)> = findings.iter().map(|f| (f.line, f.kind)).collect();
    let mut expected: Vec<(u64, Irr)> = report
        .defects
        .iter()
        .map(|d| (d.line, irregularity_of(d.kind)))
        .collect();
    expected.sort();
    assert_eq!(
        found,
        expected,
        "{}: {}",
        report.protocol,
        describe(&findings)
    );

    // Positions.
    let mut offset = 0u64;
    let mut json_before = 0u64;
    let mut at_line = Vec::new();
    for (i, line) in text.split_terminator('\n').enumerate() {
        at_line.push((offset, json_before));
        offset += line.len() as u64 + 1;
        if serde_json::from_str::<Value>(line).is_ok() {
            json_before += 1;
        }
        let _ = i;
    }
    for d in &report.defects {
        let (line_offset, index) = at_line[d.line as usize - 1];
        assert_eq!(d.offset, line_offset, "{d:?}");
        assert_eq!(d.message_index, index, "{d:?}");
        let line = &text[d.offset as usize..];
        let line = &line[..line.find('\n').unwrap()];
        if d.kind == Defect::NonJsonStdoutLine {
            assert!(serde_json::from_str::<Value>(line).is_err());
            assert!(!line.starts_with('{') && !line.starts_with('['));
        } else {
            let v: Value = serde_json::from_str(line).unwrap();
            assert_eq!(v["seq"], d.message_index, "{d:?}");
        }
    }
}

#[test]
fn each_defect_alone_is_found_at_its_position() {
    for protocol in Protocol::ALL {
        let oracle = Oracle::load(protocol);
        for defect in Defect::ALL {
            for (seed, at) in [(1u64, 40u64), (2, 333)] {
                let options = Options::new(protocol, 400_000, seed)
                    .with_defect(defect, Position::Message(at));
                let (text, report) = gen_traced(&options);
                assert_eq!(report.defects.len(), 1, "{protocol} {defect}");
                let d = &report.defects[0];
                assert_eq!(d.kind, defect);
                assert_eq!(d.requested, Position::Message(at));
                if defect == Defect::DuplicateRequestId && protocol.is_modern() {
                    // Waits for a request in flight to duplicate.
                    assert!(d.message_index >= at && d.message_index < at + 20, "{d:?}");
                } else {
                    assert_eq!(d.message_index, at, "{protocol} {defect}: {d:?}");
                }
                assert_exactly_the_defects(&text, &report, oracle.as_ref());
            }
        }
    }
}

#[test]
fn defect_lines_have_the_expected_shape() {
    for protocol in Protocol::ALL {
        for defect in Defect::ALL {
            let options =
                Options::new(protocol, 200_000, 7).with_defect(defect, Position::Message(100));
            // Plain JSON Lines this time: the recorded line is the wire line.
            let (text, report) = gen_text(&options);
            let d = &report.defects[0];
            let line = text.lines().nth(d.line as usize - 1).unwrap();
            assert_eq!(
                &text[d.offset as usize..d.offset as usize + line.len()],
                line
            );
            let v: Option<Value> = serde_json::from_str(line).ok();
            match defect {
                Defect::NonJsonStdoutLine => assert!(v.is_none()),
                Defect::DuplicateRequestId => {
                    let v = v.unwrap();
                    let id = &v["id"];
                    assert!(v["method"].is_string());
                    let earlier = text
                        .lines()
                        .take(d.line as usize - 1)
                        .filter_map(|l| serde_json::from_str::<Value>(l).ok())
                        .any(|m| m["method"].is_string() && &m["id"] == id);
                    assert!(earlier, "id {id} used by an earlier request");
                }
                Defect::ResponseToUnknownId => {
                    let v = v.unwrap();
                    assert!(v["result"].is_object());
                    assert!(v["id"].as_i64().unwrap() > 900_000_000);
                }
                Defect::CallUnknownTool => {
                    let v = v.unwrap();
                    assert_eq!(v["method"], "tools/call");
                    let answer = text
                        .lines()
                        .skip(d.line as usize)
                        .filter_map(|l| serde_json::from_str::<Value>(l).ok())
                        .find(|m| m["id"] == v["id"])
                        .unwrap();
                    assert_eq!(answer["error"]["code"], -32602);
                    assert!(
                        answer["error"]["message"]
                            .as_str()
                            .unwrap()
                            .starts_with("Unknown tool: ")
                    );
                }
                Defect::ArgumentsViolateSchema => {
                    let v = v.unwrap();
                    assert_eq!(v["method"], "tools/call");
                    let answer = text
                        .lines()
                        .skip(d.line as usize)
                        .filter_map(|l| serde_json::from_str::<Value>(l).ok())
                        .find(|m| m["id"] == v["id"])
                        .unwrap();
                    assert_eq!(answer["result"]["isError"], true);
                }
                Defect::PlaintextTokenInArguments => {
                    let v = v.unwrap();
                    let args = v["params"]["arguments"].as_object().unwrap();
                    let token = args
                        .values()
                        .filter_map(Value::as_str)
                        .find(|s| s.starts_with("ghp_"))
                        .unwrap();
                    assert_eq!(token.len(), 40);
                    assert!(token[4..].bytes().all(|b| b.is_ascii_alphanumeric()));
                    assert_eq!(text.matches("ghp_").count(), 1, "the token appears once");
                }
            }
        }
    }
}

#[test]
fn spread_defects_are_spaced_through_the_session() {
    for protocol in Protocol::ALL {
        let oracle = Oracle::load(protocol);
        let mut options = Options::new(protocol, 1_400_000, 31);
        for defect in Defect::ALL {
            options = options.with_defect(defect, Position::Spread);
        }
        let (text, report) = gen_traced(&options);
        assert_eq!(report.defects.len(), 6);
        let kinds: Vec<Defect> = report.defects.iter().map(|d| d.kind).collect();
        assert_eq!(kinds, Defect::ALL.to_vec());
        for (i, d) in report.defects.iter().enumerate() {
            // Roughly at i+1 sevenths of the file.
            let expected = report.target_bytes * (i as u64 + 1) / 7;
            assert!(d.offset + 1_200_000 / 7 > expected, "{d:?}");
            assert!(d.offset < expected + 1_200_000 / 7, "{d:?}");
        }
        assert_exactly_the_defects(&text, &report, oracle.as_ref());
    }
}

#[test]
fn defect_every_n_messages_cycles_through_all_kinds() {
    for protocol in Protocol::ALL {
        let options =
            Options::new(protocol, 600_000, 4).with_defect_every(NonZeroU64::new(40).unwrap());
        let (text, report) = gen_traced(&options);
        assert!(report.defects.len() >= 12, "{}", report.defects.len());
        for (i, d) in report.defects.iter().enumerate() {
            assert_eq!(d.kind, Defect::ALL[i % 6]);
        }
        assert_exactly_the_defects(&text, &report, None);
    }
}

#[test]
fn early_and_late_positions_are_handled() {
    for protocol in Protocol::ALL {
        // Position 0 falls in the handshake: the defect comes right after discovery.
        // Position 5000 lies past the 50 KB target: the session is extended to reach it.
        let options = Options::new(protocol, 50_000, 9)
            .with_defect(Defect::NonJsonStdoutLine, Position::Message(0))
            .with_defect(Defect::CallUnknownTool, Position::Message(0))
            .with_defect(Defect::ResponseToUnknownId, Position::Message(5_000));
        let (text, report) = gen_traced(&options);
        assert_eq!(report.defects.len(), 3);
        let first = &report.defects[0];
        // The handshake and discovery take 15 messages in 2025-11-25 and 12 in 2026-07-28.
        let first_free = if protocol.is_modern() { 12 } else { 15 };
        assert_eq!(first.message_index, first_free, "{first:?}");
        // Separated by at least one ordinary message.
        assert!(report.defects[1].message_index > first.message_index);
        assert_eq!(report.defects[2].message_index, 5_000);
        assert!(report.bytes > 50_000);
        assert_exactly_the_defects(&text, &report, None);
    }
}

/// Many seeds and positions, every kind, both versions.
/// Slow in debug builds: `cargo test --release -p mcpvet_sessiongen -- --ignored`.
#[test]
#[ignore = "slow; run with --release -- --ignored"]
fn defects_hold_across_many_seeds() {
    for protocol in Protocol::ALL {
        let oracle = Oracle::load(protocol);
        for seed in 0..60u64 {
            let mut options = Options::new(protocol, 300_000 + seed * 7_919, seed);
            for (i, defect) in Defect::ALL.iter().enumerate() {
                let at = 20 + (seed * 37 + i as u64 * 101) % 400;
                options = options.with_defect(*defect, Position::Message(at));
            }
            let options = options.with_defect_every(NonZeroU64::new(97 + seed).unwrap());
            let (text, report) = gen_traced(&options);
            assert!(report.defects.len() >= 6);
            assert_exactly_the_defects(&text, &report, oracle.as_ref());
        }
    }
}
