//! Reports in the reader's language: the one function every face uses to localise a finished
//! report ([`localize`]), the rule titles ([`rule_title`]) and the page's catalogue
//! ([`messages_json`]), over the catalogue of [`mcpvet_i18n`].
//!
//! What changes: the help sentences of findings that the catalogue has (fixed sentences,
//! keyed by their English text) and the rule titles (`mcpvet rules`, SARIF rule
//! descriptors, the page's rule tooltips). Messages, paths, codes and every field name stay as
//! they are, and English leaves a report byte for byte untouched.
//!
//! ```
//! use mcpvet_linter::i18n::{Lang, localize, rule_title};
//! use mcpvet_linter::{ConfigOptions, lint_config, rule};
//! use mcpvet_text::SourceFile;
//!
//! let meta = rule("MCP002").unwrap();
//! assert_eq!(rule_title(meta, Lang::En), "An object has the same key twice.");
//! assert_eq!(rule_title(meta, Lang::Es), "Un objeto tiene la misma clave dos veces.");
//!
//! let file = SourceFile::new("mcp.json", r#"{"mcpServers": {"a": {"command": "x"}, "a": {"command": "y"}}}"#).unwrap();
//! let mut report = lint_config(&file, &ConfigOptions::default());
//! let english: Vec<String> = report.diagnostics.iter().filter_map(|d| d.help().map(str::to_owned)).collect();
//! localize(&mut report, Lang::En);
//! let same: Vec<String> = report.diagnostics.iter().filter_map(|d| d.help().map(str::to_owned)).collect();
//! assert_eq!(english, same);
//! ```
use std::borrow::Cow;

use mcpvet_diagnostics::RuleMeta;
pub use mcpvet_i18n::{Catalog, Lang, catalog, fill, format, placeholders, text};

use crate::FileReport;

/// The title of a rule in `lang`: the catalogue's, else the English one (the first
/// paragraph of its documentation, [`RuleMeta::summary`]).
pub fn rule_title(meta: &RuleMeta, lang: Lang) -> Cow<'static, str> {
    match catalog(lang).rule_title(meta.code.as_str()) {
        Some(title) if lang != Lang::En => Cow::Borrowed(title),
        _ => Cow::Owned(meta.summary()),
    }
}

/// The help sentence `english` in `lang`, when the catalogue has it.
pub fn help(english: &str, lang: Lang) -> Option<&'static str> {
    if lang == Lang::En {
        return None;
    }
    catalog(lang).help(english)
}

/// Puts the report's help sentences in `lang` where the catalogue has them; the others (and
/// every message) stay in English. Masking is unaffected: a catalogue sentence is fixed text,
/// which holds no secret.
pub fn localize(report: &mut FileReport, lang: Lang) {
    if lang == Lang::En {
        return;
    }
    for d in &mut report.diagnostics {
        if let Some(translated) = d.help().and_then(|h| help(h, lang)) {
            d.set_help(translated);
        }
    }
}

/// The page's catalogue in `lang`, as JSON: `{"lang", "language", "messages", "rules"}`:
/// every message key of the English file with its text in `lang` (English where `lang` has
/// none), and the title of every rule in `lang`.
pub fn messages_json(lang: Lang) -> String {
    let english = catalog(Lang::En);
    let messages: serde_json::Map<String, serde_json::Value> = english
        .messages()
        .map(|(key, en)| {
            let shown = catalog(lang).message(key).unwrap_or(en);
            (key.to_owned(), serde_json::Value::from(shown))
        })
        .collect();
    let rules: serde_json::Map<String, serde_json::Value> = crate::rules()
        .iter()
        .map(|r| {
            (
                r.code.as_str().to_owned(),
                serde_json::Value::from(rule_title(r, lang).into_owned()),
            )
        })
        .collect();
    serde_json::json!({
        "lang": lang.code(),
        "language": catalog(lang).language(),
        "messages": messages,
        "rules": rules,
    })
    .to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn catalogue_json_has_every_key_and_rule() {
        let doc: serde_json::Value = serde_json::from_str(&messages_json(Lang::Es)).unwrap();
        assert_eq!(doc["lang"], "es");
        assert_eq!(doc["messages"]["page.input.inspect"], "Inspeccionar");
        assert_eq!(
            doc["messages"].as_object().unwrap().len(),
            catalog(Lang::En).messages().count()
        );
        assert_eq!(
            doc["rules"].as_object().unwrap().len(),
            crate::rules().len()
        );
        let en: serde_json::Value = serde_json::from_str(&messages_json(Lang::En)).unwrap();
        assert_eq!(en["rules"]["MCP001"], "The input is not well-formed JSON.");
    }
}
