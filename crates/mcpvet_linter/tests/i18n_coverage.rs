//! The coverage of each language of the message catalogue (`crates/mcpvet_i18n/messages/`),
//! printed per language, and what keeps it whole:
//!
//! - Spanish has every page key of the English file and a title for every rule, and no key
//!   or rule code the English side does not know (no stale entry);
//! - every `{name}` placeholder of an English text appears in its translation;
//! - the help sentences are measured against the fixed help sentences of the engine: the
//!   string literals its sources pass as a finding's help (`report(…, "help")`,
//!   `report_as(…, "help")`, `.with_help("help")`), found by scanning the sources of the
//!   crates that report findings. A help built with `format!` or held in a variable has
//!   variable parts, or is not seen by the scan: it is not counted, and stays in English.
//!   Every help the catalogue translates must be one of them (no stale help);
//! - every key the page uses (`data-i18n` attributes of `web/index.html`, the `"page.…"`
//!   strings of `web/app.js`) is in the English file, and every visible text of
//!   `web/index.html` is inside an element the catalogue fills.
#![expect(
    clippy::print_stderr,
    reason = "the test reports the coverage it measured"
)]

use std::collections::BTreeSet;
use std::path::Path;

use mcpvet_linter::i18n::{Lang, catalog, placeholders};
use mcpvet_testkit::{files_below, repo_root};

/// The crates whose sources report findings (and so write their help sentences).
const REPORTING_CRATES: &[&str] = &[
    "mcpvet_json",
    "mcpvet_yaml",
    "mcpvet_toml",
    "mcpvet_ast",
    "mcpvet_schema",
    "mcpvet_check_transport",
    "mcpvet_check_secrets",
    "mcpvet_check_lifecycle",
    "mcpvet_check_tools",
    "mcpvet_check_server",
    "mcpvet_check_runlog",
    "mcpvet_check_risks",
    "mcpvet_diff",
    "mcpvet_linter",
];

#[derive(Debug, Clone, PartialEq, Eq)]
enum Token {
    /// A string literal, decoded.
    Str(String),
    Ident(String),
    Open,
    Close,
    Comma,
    Dot,
    Other,
}

/// The tokens of Rust source `src` that matter here: string literals (plain, raw, byte),
/// identifiers, brackets, commas and dots; comments and character literals are skipped.
#[expect(
    clippy::many_single_char_names,
    reason = "a scanner's indices: i, j, k, n, c"
)]
fn lex(src: &str) -> Vec<Token> {
    let chars: Vec<char> = src.chars().collect();
    let n = chars.len();
    let mut out = Vec::new();
    let mut i = 0;
    let prev_is_ident = |i: usize| i > 0 && (chars[i - 1].is_alphanumeric() || chars[i - 1] == '_');
    while i < n {
        let c = chars[i];
        let next = chars.get(i + 1).copied();
        if c == '/' && next == Some('/') {
            while i < n && chars[i] != '\n' {
                i += 1;
            }
            continue;
        }
        if c == '/' && next == Some('*') {
            i += 2;
            while i + 1 < n && !(chars[i] == '*' && chars[i + 1] == '/') {
                i += 1;
            }
            i += 2;
            continue;
        }
        // Raw strings: r"…", r#"…"#, br"…".
        let raw_at = if c == 'r' && !prev_is_ident(i) {
            Some(i + 1)
        } else if c == 'b' && next == Some('r') && !prev_is_ident(i) {
            Some(i + 2)
        } else {
            None
        };
        if let Some(mut j) = raw_at {
            let mut hashes = 0;
            while j < n && chars[j] == '#' {
                hashes += 1;
                j += 1;
            }
            if j < n && chars[j] == '"' {
                let start = j + 1;
                let mut k = start;
                loop {
                    if k >= n {
                        break;
                    }
                    if chars[k] == '"' && (0..hashes).all(|h| chars.get(k + 1 + h) == Some(&'#')) {
                        break;
                    }
                    k += 1;
                }
                out.push(Token::Str(chars[start..k.min(n)].iter().collect()));
                i = k + 1 + hashes;
                continue;
            }
        }
        if c == '"' || (c == 'b' && next == Some('"') && !prev_is_ident(i)) {
            let mut j = if c == 'b' { i + 2 } else { i + 1 };
            let mut value = String::new();
            while j < n && chars[j] != '"' {
                if chars[j] == '\\' && j + 1 < n {
                    let e = chars[j + 1];
                    match e {
                        '\n' => {
                            j += 2;
                            while j < n && chars[j].is_whitespace() {
                                j += 1;
                            }
                            continue;
                        }
                        'n' => value.push('\n'),
                        't' => value.push('\t'),
                        'r' => value.push('\r'),
                        '0' => value.push('\0'),
                        'u' => {
                            let close = (j..n).find(|&k| chars[k] == '}').unwrap_or(n - 1);
                            let hex: String = chars[j + 3..close].iter().collect();
                            value.push(
                                u32::from_str_radix(&hex, 16)
                                    .ok()
                                    .and_then(char::from_u32)
                                    .unwrap_or('\u{fffd}'),
                            );
                            j = close + 1;
                            continue;
                        }
                        other => value.push(other),
                    }
                    j += 2;
                    continue;
                }
                value.push(chars[j]);
                j += 1;
            }
            out.push(Token::Str(value));
            i = j + 1;
            continue;
        }
        if c == '\'' {
            // A character literal ('x', '\n', '\u{..}'), else a lifetime.
            if next == Some('\\') {
                let close = (i + 2..n).find(|&k| chars[k] == '\'').unwrap_or(n - 1);
                i = close + 1;
                out.push(Token::Other);
                continue;
            }
            if chars.get(i + 2) == Some(&'\'') {
                i += 3;
                out.push(Token::Other);
                continue;
            }
            i += 1;
            continue;
        }
        if c.is_alphabetic() || c == '_' {
            let start = i;
            while i < n && (chars[i].is_alphanumeric() || chars[i] == '_') {
                i += 1;
            }
            out.push(Token::Ident(chars[start..i].iter().collect()));
            continue;
        }
        out.push(match c {
            '(' | '[' | '{' => Token::Open,
            ')' | ']' | '}' => Token::Close,
            ',' => Token::Comma,
            '.' => Token::Dot,
            c if c.is_whitespace() => {
                i += 1;
                continue;
            }
            _ => Token::Other,
        });
        i += 1;
    }
    out
}

/// A help argument that is a string literal, alone or followed by `.to_owned()`,
/// `.into()` or `.to_string()`.
fn literal(arg: &[Token]) -> Option<&str> {
    let Some(Token::Str(s)) = arg.first() else {
        return None;
    };
    let rest = &arg[1..];
    let conversion = |name: &str| {
        rest.len() == 4
            && rest[0] == Token::Dot
            && rest[1] == Token::Ident(name.to_owned())
            && rest[2] == Token::Open
            && rest[3] == Token::Close
    };
    (rest.is_empty()
        || ["to_owned", "into", "to_string"]
            .iter()
            .any(|c| conversion(c)))
    .then_some(s.as_str())
}

/// The help literals of one source file, and every string literal of it.
fn scan(src: &str, helps: &mut BTreeSet<String>, literals: &mut BTreeSet<String>) {
    // The tests at the end of a file are not the engine.
    let src = src.find("#[cfg(test)]").map_or(src, |at| &src[..at]);
    let tokens = lex(src);
    for (t, token) in tokens.iter().enumerate() {
        if let Token::Str(s) = token {
            literals.insert(s.clone());
        }
        let Token::Ident(name) = token else { continue };
        if !matches!(name.as_str(), "report" | "report_as" | "with_help")
            || tokens.get(t + 1) != Some(&Token::Open)
        {
            continue;
        }
        let mut depth = 0usize;
        let mut args: Vec<Vec<Token>> = vec![Vec::new()];
        for token in &tokens[t + 1..] {
            match token {
                Token::Open => {
                    depth += 1;
                    if depth == 1 {
                        continue;
                    }
                }
                Token::Close => {
                    depth -= 1;
                    if depth == 0 {
                        break;
                    }
                }
                Token::Comma if depth == 1 => {
                    args.push(Vec::new());
                    continue;
                }
                _ => {}
            }
            if let Some(last) = args.last_mut() {
                last.push(token.clone());
            }
        }
        if args.last().is_some_and(Vec::is_empty) {
            args.pop();
        }
        let help = if name == "with_help" {
            args.first()
        } else if args.len() >= 4 {
            args.last()
        } else {
            None
        };
        if let Some(text) = help.and_then(|a| literal(a)) {
            helps.insert(text.to_owned());
        }
    }
}

/// The fixed help sentences of the engine, and every string literal of its sources.
fn fixed_helps() -> (BTreeSet<String>, BTreeSet<String>) {
    let mut helps = BTreeSet::new();
    let mut literals = BTreeSet::new();
    for name in REPORTING_CRATES {
        let dir = repo_root().join("crates").join(name).join("src");
        for path in files_below(&dir).unwrap() {
            let relative = path
                .strip_prefix(&dir)
                .unwrap()
                .to_string_lossy()
                .replace('\\', "/");
            if path.extension().is_none_or(|e| e != "rs")
                || relative.ends_with("tests.rs")
                || relative.split('/').any(|part| part == "tests")
            {
                continue;
            }
            scan(
                &std::fs::read_to_string(&path).unwrap(),
                &mut helps,
                &mut literals,
            );
        }
    }
    (helps, literals)
}

fn percent(covered: usize, total: usize) -> String {
    if total == 0 {
        return "100%".to_owned();
    }
    // Tenths of a percent, in integers.
    let tenths = (covered * 1000 + total / 2) / total;
    format!("{}.{}%", tenths / 10, tenths % 10)
}

#[test]
fn the_lexer_finds_help_literals() {
    let mut helps = BTreeSet::new();
    let mut literals = BTreeSet::new();
    scan(
        r#"
        fn f<'a>(report: &mut Reporter<'a>) {
            let c = '"';
            report.report(&RULE, value, format!("{x}"), "fixed \
                help");
            report.report(&RULE, value, "msg", format!("no {x}"));
            d.with_help("another".to_owned());
            d.with_help(r"raw text");
            // report(&RULE, v, "m", "a comment");
            report.report_as(&RULE, Severity::Warning, v, "m", "last \u{2014} one");
        }
        #[cfg(test)]
        mod tests { fn t() { d.with_help("in a test"); } }
        "#,
        &mut helps,
        &mut literals,
    );
    let found: Vec<&str> = helps.iter().map(String::as_str).collect();
    assert_eq!(
        found,
        ["another", "fixed help", "last \u{2014} one", "raw text"]
    );
    assert!(literals.contains("msg") && !literals.contains("in a test"));
}

#[test]
fn coverage_of_each_language() {
    let english = catalog(Lang::En);
    let page_keys: BTreeSet<&str> = english.messages().map(|(k, _)| k).collect();
    let rules = mcpvet_linter::rules();
    let codes: BTreeSet<&str> = rules.iter().map(|r| r.code.as_str()).collect();
    let (helps, literals) = fixed_helps();
    assert!(
        helps.len() > 200,
        "the scan found {} help sentences",
        helps.len()
    );

    let mut problems = Vec::new();
    eprintln!("message catalogue coverage:");
    for lang in Lang::ALL {
        let cat = catalog(lang);
        let (keys, titles, helped) = if lang == Lang::En {
            // English is the source: its keys, the rule docs, the helps as written.
            (page_keys.len(), codes.len(), helps.len())
        } else {
            let keys = page_keys
                .iter()
                .filter(|k| cat.message(k).is_some())
                .count();
            let titles = codes.iter().filter(|c| cat.rule_title(c).is_some()).count();
            let helped = helps.iter().filter(|h| cat.help(h).is_some()).count();
            (keys, titles, helped)
        };
        eprintln!(
            "  {lang}: message keys {keys}/{} ({}), rule titles {titles}/{} ({}), help sentences {helped}/{} ({})",
            page_keys.len(),
            percent(keys, page_keys.len()),
            codes.len(),
            percent(titles, codes.len()),
            helps.len(),
            percent(helped, helps.len()),
        );
        if lang == Lang::En {
            continue;
        }
        for key in &page_keys {
            if cat.message(key).is_none() {
                problems.push(format!("{lang}: page key `{key}` has no translation"));
            }
        }
        for code in &codes {
            if cat.rule_title(code).is_none() {
                problems.push(format!("{lang}: rule {code} has no title"));
            }
        }
        for (key, text) in cat.messages() {
            match english.message(key) {
                None => problems.push(format!("{lang}: stale key `{key}` (not in en.json)")),
                Some(en) => check_placeholders(lang, key, en, text, &mut problems),
            }
            if text.trim().is_empty() {
                problems.push(format!("{lang}: key `{key}` is empty"));
            }
        }
        for (code, title) in cat.rule_titles() {
            if !codes.contains(code) {
                problems.push(format!("{lang}: stale rule code {code}"));
            }
            if title.trim().is_empty() {
                problems.push(format!("{lang}: rule {code} has an empty title"));
            }
        }
        for (en, text) in cat.helps() {
            if !literals.contains(en) {
                problems.push(format!(
                    "{lang}: stale help (no such help in the sources): {en:?}"
                ));
            } else if !helps.contains(en) {
                problems.push(format!(
                    "{lang}: help {en:?} is a literal of the sources but not found as a help"
                ));
            }
            check_placeholders(lang, en, en, text, &mut problems);
            // Code, paths and names between backquotes stay as written.
            let quoted = |s: &str| {
                let mut parts: Vec<String> =
                    s.split('`').skip(1).step_by(2).map(str::to_owned).collect();
                parts.sort();
                parts
            };
            if quoted(en) != quoted(text) {
                problems.push(format!(
                    "{lang}: help {en:?} changes its `quoted` parts: {text:?}"
                ));
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

fn check_placeholders(lang: Lang, key: &str, en: &str, text: &str, problems: &mut Vec<String>) {
    let want: BTreeSet<&str> = placeholders(en).into_iter().collect();
    let got: BTreeSet<&str> = placeholders(text).into_iter().collect();
    if want != got {
        problems.push(format!(
            "{lang}: `{key}` has placeholders {got:?}, English has {want:?}"
        ));
    }
}

/// The keys the page names: `data-i18n` and `data-i18n-*` attributes of index.html, and the
/// `"page.…"` strings of app.js; with the prefixes app.js completes at run time
/// (`` `page.metric.${name}` ``, `tv("page.severity", …)`).
fn page_references(web: &Path) -> (BTreeSet<String>, BTreeSet<String>) {
    let html = std::fs::read_to_string(web.join("index.html")).unwrap();
    let js = std::fs::read_to_string(web.join("app.js")).unwrap();
    let mut keys = BTreeSet::new();
    let mut prefixes = BTreeSet::new();
    for attr in [
        "data-i18n=\"",
        "data-i18n-aria-label=\"",
        "data-i18n-title=\"",
        "data-i18n-placeholder=\"",
    ] {
        for piece in html.split(attr).skip(1) {
            keys.insert(piece.split('"').next().unwrap_or("").to_owned());
        }
    }
    for quote in ['"', '`'] {
        let start = format!("{quote}page.");
        for (at, _) in js.match_indices(&start) {
            let piece = &js[at + 1..];
            let piece = &piece[..piece.find(quote).unwrap_or(piece.len())];
            if let Some(prefix) = piece.split("${").next().filter(|_| piece.contains("${")) {
                prefixes.insert(prefix.to_owned());
            } else if piece
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '_'))
            {
                if js.contains(&format!("tv({quote}{piece}{quote}")) {
                    prefixes.insert(format!("{piece}."));
                } else if js.contains(&format!("tn({quote}{piece}{quote}")) {
                    // A counted text: one form for 1, another for every other number.
                    keys.insert(format!("{piece}.one"));
                    keys.insert(format!("{piece}.other"));
                } else {
                    keys.insert(piece.to_owned());
                }
            }
        }
    }
    (keys, prefixes)
}

#[test]
fn every_key_of_the_page_is_in_the_catalogue() {
    let web = repo_root().join("web");
    let english = catalog(Lang::En);
    let (keys, prefixes) = page_references(&web);
    assert!(keys.len() > 150, "found {} keys", keys.len());
    let missing: Vec<&String> = keys
        .iter()
        .filter(|k| english.message(k).is_none())
        .collect();
    assert!(
        missing.is_empty(),
        "keys the page uses that en.json lacks: {missing:?}"
    );
    for prefix in &prefixes {
        assert!(
            english
                .messages()
                .any(|(k, _)| k.starts_with(prefix.as_str())),
            "no key of en.json starts with `{prefix}`, which app.js completes"
        );
    }
    // Every key of en.json's page part is used (so that a renamed key does not linger).
    let unused: Vec<&str> = english
        .messages()
        .map(|(k, _)| k)
        .filter(|k| k.starts_with("page."))
        .filter(|k| !keys.contains(*k) && !prefixes.iter().any(|p| k.starts_with(p.as_str())))
        .collect();
    assert!(
        unused.is_empty(),
        "keys of en.json the page never uses: {unused:?}"
    );
}

/// Visible text of index.html outside the elements the catalogue fills: none, but for these.
const UNTRANSLATED: &[&str] = &["mcpvet", "EN", "ES", "#", "·"];

#[test]
fn index_html_has_no_text_outside_the_catalogue() {
    let html = std::fs::read_to_string(repo_root().join("web/index.html")).unwrap();
    let outside = untranslated_text(&html);
    assert!(
        outside.is_empty(),
        "visible text of web/index.html outside a data-i18n element: {outside:?}"
    );
    // The walk sees text outside the catalogue, and only that.
    let sample = "<p data-i18n=\"a\">Fine <code>x</code></p><p>Stray <b>words</b></p>\
                  <!-- a comment --><script>let s = 1;</script><span>mcpvet ·</span>";
    assert_eq!(untranslated_text(sample), ["Stray", "words"]);
}

/// The texts of `html` that are visible and outside every element with `data-i18n`.
fn untranslated_text(html: &str) -> Vec<String> {
    const VOID: &[&str] = &["meta", "link", "input", "br", "img", "hr", "!doctype"];
    // A small walk over the markup: the stack of open elements, whether one of them has a
    // data-i18n attribute, and the text between tags.
    let mut stack: Vec<(String, bool)> = Vec::new();
    let mut outside: Vec<String> = Vec::new();
    let mut rest = html;
    while let Some(open) = rest.find('<') {
        let text = rest[..open].trim();
        let translated = stack.iter().any(|(_, t)| *t);
        let raw = stack
            .last()
            .is_some_and(|(name, _)| name == "script" || name == "style");
        if !translated
            && !raw
            && text
                .split_whitespace()
                .any(|part| !UNTRANSLATED.contains(&part))
        {
            outside.push(text.split_whitespace().collect::<Vec<_>>().join(" "));
        }
        rest = &rest[open..];
        if rest.starts_with("<!--") {
            rest = rest.find("-->").map_or("", |end| &rest[end + 3..]);
            continue;
        }
        let close = rest.find('>').unwrap_or(rest.len() - 1);
        let tag = &rest[1..close];
        rest = &rest[close + 1..];
        if let Some(name) = tag.strip_prefix('/') {
            let name = name.trim().to_ascii_lowercase();
            if let Some(at) = stack.iter().rposition(|(n, _)| *n == name) {
                stack.truncate(at);
            }
            continue;
        }
        let name = tag
            .split(|c: char| c.is_whitespace() || c == '/')
            .next()
            .unwrap_or("")
            .to_ascii_lowercase();
        if VOID.contains(&name.as_str()) || tag.ends_with('/') {
            continue;
        }
        stack.push((name, tag.contains("data-i18n=\"")));
    }
    outside
}
