//! Property: `mcpvet_schema::instance::to_json` gives exactly what
//! `serde_json::from_str(node.source()).ok()` gives, for every node of generated documents in
//! strict and JSONC layouts, intact and damaged (a JSON-ish character inserted or a character
//! removed), parsed in strict and JSONC mode; plus the cases where the two readers are known
//! to part ways (`-0`, numbers beyond `f64`, lone surrogates, duplicate keys, deep nesting,
//! control characters, comments, trailing commas). And `same_json` of two nodes, whenever it
//! answers, says what comparing `serde_json`'s readings of their sources says.
use mcpvet_json::arbitrary::{arb_json, arb_layout, print};
use mcpvet_json::{JsonOptions, Value, parse};
use mcpvet_schema::instance::{same_json, to_json};
use proptest::prelude::*;
use support::{damaged, walk};

mod support;

/// Checks every node of `text` parsed in both modes; returns the number of nodes checked.
fn check(text: &str) -> Result<usize, String> {
    let mut checked = 0;
    for options in [JsonOptions::strict(), JsonOptions::jsonc()] {
        let doc = parse(text, &options).value;
        let mut nodes = Vec::new();
        for root in doc.roots() {
            walk(root, &mut nodes);
        }
        for node in nodes {
            let expected = serde_json::from_str::<serde_json::Value>(node.source()).ok();
            let got = to_json(node);
            if got != expected {
                return Err(format!(
                    "{:?}: to_json gave {got:?}, serde_json {expected:?} (well formed: {})",
                    node.source(),
                    node.is_well_formed()
                ));
            }
            checked += 1;
        }
    }
    Ok(checked)
}

/// Compares `same_json` with `serde_json` for the nodes of `a` and `b` at the same places of
/// a walk, in both modes; returns how many pairs `same_json` answered.
fn check_same(a: &str, b: &str) -> Result<usize, String> {
    let mut answered = 0;
    for options in [JsonOptions::strict(), JsonOptions::jsonc()] {
        let (da, db) = (parse(a, &options).value, parse(b, &options).value);
        let (mut xs, mut ys) = (Vec::new(), Vec::new());
        for root in da.roots() {
            walk(root, &mut xs);
        }
        for root in db.roots() {
            walk(root, &mut ys);
        }
        for (x, y) in xs.into_iter().zip(ys) {
            let read = |v: Value<'_>| serde_json::from_str::<serde_json::Value>(v.source()).ok();
            let expected = matches!((read(x), read(y)), (Some(p), Some(q)) if p == q);
            if let Some(got) = same_json(x, y) {
                if got != expected {
                    return Err(format!(
                        "{:?} and {:?}: same_json gave {got}, serde_json {expected}",
                        x.source(),
                        y.source()
                    ));
                }
                answered += 1;
            }
        }
    }
    Ok(answered)
}

const DAMAGE: &[char] = &[
    ',', ':', '{', '}', '[', ']', '"', '\\', ' ', '0', '-', '.', 'e', '/', '*', '\u{1}', 'x',
];

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn conversion_agrees_with_serde_json(
        value in arb_json(),
        layout in arb_layout(),
        damage in proptest::option::of((any::<prop::sample::Index>(), 0..DAMAGE.len(), any::<bool>())),
    ) {
        let mut text = print(&value, &layout).text;
        if let Some((at, c, insert)) = damage {
            text = damaged(text, at, DAMAGE[c], insert);
        }
        check(&text).map_err(TestCaseError::fail)?;
    }

    #[test]
    fn same_json_agrees_with_serde_json(
        value in arb_json(),
        other in arb_json(),
        layouts in (arb_layout(), arb_layout()),
        second in 0..3u8,
        damage in (any::<prop::sample::Index>(), 0..DAMAGE.len(), any::<bool>()),
    ) {
        let a = print(&value, &layouts.0).text;
        // The same value in another layout, another value, or the same value damaged.
        let b = match second {
            0 => print(&value, &layouts.1).text,
            1 => print(&other, &layouts.1).text,
            _ => damaged(print(&value, &layouts.1).text, damage.0, DAMAGE[damage.1], damage.2),
        };
        check_same(&a, &b).map_err(TestCaseError::fail)?;
        check_same(&b, &a).map_err(TestCaseError::fail)?;
    }
}

#[test]
fn same_json_answers_for_clean_values_and_agrees_on_the_known_differences() {
    let pairs = [
        (
            r#"{"a": 1, "b": [true, null, "x"]}"#,
            r#"{"b": [true, null, "\u0078"], "a": 1}"#,
        ),
        (r#"{"a": 1}"#, r#"{"a": 1.0}"#),
        (r"[-0, 0, 1e2, 100]", r"[0, -0, 100, 1e2]"),
        (r"[1e400]", r"[1e400]"),
        (r"[18446744073709551616, 1]", r"[18446744073709551616.0, 1]"),
        (r#"{"k": 1, "k": 2}"#, r#"{"k": 2}"#),
        (r#"{"s": "\ud800"}"#, r#"{"s": "\ud800"}"#),
        (r"[1, 2,]", r"[1, 2]"),
    ];
    let mut answered = 0;
    for (a, b) in pairs {
        answered += check_same(a, b).unwrap();
        answered += check_same(b, a).unwrap();
    }
    let many: String = (0..40)
        .map(|i| format!("\"k{i}\": {i}"))
        .collect::<Vec<_>>()
        .join(", ");
    let reversed: String = (0..40)
        .rev()
        .map(|i| format!("\"k{i}\": {i}"))
        .collect::<Vec<_>>()
        .join(", ");
    answered += check_same(&format!("{{{many}}}"), &format!("{{{reversed}}}")).unwrap();
    let both = format!("[{{{many}}}, {{{reversed}}}]");
    let doc = parse(&both, &JsonOptions::strict()).value;
    let items: Vec<Value<'_>> = doc.root().unwrap().items().collect();
    assert_eq!(
        same_json(items[0], items[1]),
        Some(true),
        "a large object in another order"
    );
    assert!(answered > 60, "{answered} pairs answered");
}

#[test]
fn the_known_differences_between_the_readers_are_handled() {
    let deep = format!("{}1{}", "[".repeat(130), "]".repeat(130));
    let nearly_deep = format!("{}1{}", "[".repeat(126), "]".repeat(126));
    let cases = [
        r#"{"a": -0, "b": 0, "c": -0.0, "d": 1.0, "e": 1E2, "f": 1e-400}"#,
        r"[1e400, -1e400, 18446744073709551615, 18446744073709551616, -9223372036854775808, -9223372036854775809]",
        r"[123456789012345678, 1234567890123456789, -123456789012345678, 0.1, 2.5e-3]",
        r#"{"s": "\ud800", "t": "\udc00x", "u": "\ud83d\ude00", "v": "caf\u00e9\n\t\"\\\/"}"#,
        r#"{"k": 1, "k": 2, "k\u0000": 3}"#,
        "{\"raw\": \"a\u{1}b\"}",
        "{\"a\": 1, /* note */ \"b\": [1, 2,], // end\n}",
        r#"{"a": 01, "b": 1., "c": .5, "d": +1, "e": [1 2], "f": {"x" 1}, "g": tru}"#,
        deep.as_str(),
        nearly_deep.as_str(),
        "\u{feff}{\"bom\": true}",
        r#"[{"a": {"b": [null, true, false, "", {}, []]}}]"#,
    ];
    let mut checked = 0;
    for case in cases {
        checked += check(case).unwrap();
    }
    assert!(checked > 100, "{checked} nodes checked");
}

#[test]
fn well_formed_values_take_the_conversion() {
    let doc = parse(
        r#"{"a": [1, "x", {"b": null}], "c": 1.5}"#,
        &JsonOptions::strict(),
    )
    .value;
    let root = doc.root().unwrap();
    assert!(root.is_well_formed());
    let doc = parse(r#"{"a": [1, 2,], "b": 3}"#, &JsonOptions::jsonc()).value;
    let root = doc.root().unwrap();
    assert!(!root.is_well_formed(), "a trailing comma inside");
    assert!(
        root.get("b").unwrap().is_well_formed(),
        "the member after it is clean"
    );
    assert!(!root.get("a").unwrap().is_well_formed());
}
