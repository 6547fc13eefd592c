//! The message catalogue of mcpvet: the inspector page's strings, the rule titles and the help
//! sentences of findings, in English and Spanish.
//!
//! Position in the pipeline: beside the engine, depending on none of it. `mcpvet_linter`
//! localises a finished report with it (`mcpvet_linter::i18n`), so that the command line
//! (`--lang es`), the WebAssembly module (the page, the npm package) and the Python package
//! give the same Spanish for the same input. It does no I/O: the catalogue files
//! (`messages/en.json`, `messages/es.json`) are compiled in and read on first use.
//!
//! Each file holds
//!
//! - `messages`: texts keyed like `page.input.title`, with `{name}` placeholders. English is
//!   the source of truth for the keys; a key missing from another language falls back to
//!   English.
//! - `rules` (Spanish only): the title of each rule by code. The English titles are the
//!   first paragraph of each rule's documentation (`RuleMeta::summary`), not repeated here.
//! - `help` (Spanish only): help sentences of findings, keyed by their English text, as
//!   gettext does. A help with variable parts is not a key, and stays in English.
//!
//! ```
//! use mcpvet_i18n::{Lang, catalog, text};
//!
//! assert_eq!(Lang::from_tag("es-419"), Lang::Es);
//! assert_eq!(Lang::from_tag("fr"), Lang::En);
//! assert_eq!(text(Lang::Es, "page.input.inspect"), "Inspeccionar");
//! assert_eq!(text(Lang::En, "page.input.inspect"), "Inspect");
//! assert_eq!(catalog(Lang::Es).rule_title("MCP002"), Some("Un objeto tiene la misma clave dos veces."));
//! assert_eq!(catalog(Lang::En).rule_title("MCP002"), None); // English titles come from the rule docs
//! assert_eq!(mcpvet_i18n::format(Lang::En, "page.where", &[("line", "3"), ("column", "7")]), "Line 3, column 7");
//! ```
#![warn(clippy::disallowed_methods)]
#![warn(missing_docs)]

use std::collections::BTreeMap;
use std::fmt;
use std::sync::OnceLock;

use serde::Deserialize;

/// A language of the catalogue.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub enum Lang {
    /// English: the language of the engine's own texts, and the fallback of every other.
    #[default]
    En,
    /// Spanish (neutral, as in technical documentation).
    Es,
}

impl Lang {
    /// Every language, English first.
    pub const ALL: [Lang; 2] = [Lang::En, Lang::Es];

    /// The language of a BCP 47 tag or a locale name: `es`, `es-ES`, `es-419`, `es_MX.UTF-8`
    /// are Spanish; anything else (`en`, `en-GB`, `fr`, an empty text) is English.
    pub fn from_tag(tag: &str) -> Lang {
        Lang::parse(tag).unwrap_or(Lang::En)
    }

    /// The language of a tag whose primary subtag is `en` or `es` (any region or script
    /// after it), or `None` for another language.
    pub fn parse(tag: &str) -> Option<Lang> {
        let primary = tag.trim().split(['-', '_', '.', '@']).next().unwrap_or("");
        if primary.eq_ignore_ascii_case("en") {
            Some(Lang::En)
        } else if primary.eq_ignore_ascii_case("es") {
            Some(Lang::Es)
        } else {
            None
        }
    }

    /// The two-letter code: `en` or `es`.
    pub const fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Es => "es",
        }
    }

    /// The catalogue file of the language, as compiled in.
    pub const fn source(self) -> &'static str {
        match self {
            Lang::En => include_str!("../messages/en.json"),
            Lang::Es => include_str!("../messages/es.json"),
        }
    }
}

impl fmt::Display for Lang {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

/// The catalogue of one language, as its file holds it (no fallback applied).
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Catalog {
    /// The language's name, in the language itself.
    #[serde(default)]
    language: String,
    #[serde(default)]
    messages: BTreeMap<String, String>,
    #[serde(default)]
    rules: BTreeMap<String, String>,
    #[serde(default)]
    help: BTreeMap<String, String>,
}

impl Catalog {
    /// Reads a catalogue file; `None` when it is not one (a test checks the compiled ones).
    pub fn parse(text: &str) -> Option<Catalog> {
        serde_json::from_str(text).ok()
    }

    /// The language's name, in the language itself (`English`, `Español`).
    pub fn language(&self) -> &str {
        &self.language
    }

    /// The text of `key`, if this language has it.
    pub fn message(&self, key: &str) -> Option<&str> {
        self.messages.get(key).map(String::as_str)
    }

    /// The title of the rule `code` (`MCP001`), if this language has it.
    pub fn rule_title(&self, code: &str) -> Option<&str> {
        self.rules.get(code).map(String::as_str)
    }

    /// The translation of the English help sentence `english`, if this language has it.
    pub fn help(&self, english: &str) -> Option<&str> {
        self.help.get(english).map(String::as_str)
    }

    /// Every message: key and text, in key order.
    pub fn messages(&self) -> impl Iterator<Item = (&str, &str)> {
        self.messages.iter().map(|(k, v)| (k.as_str(), v.as_str()))
    }

    /// Every rule title: code and title, in code order.
    pub fn rule_titles(&self) -> impl Iterator<Item = (&str, &str)> {
        self.rules.iter().map(|(k, v)| (k.as_str(), v.as_str()))
    }

    /// Every help sentence: English and translation, in the order of the English.
    pub fn helps(&self) -> impl Iterator<Item = (&str, &str)> {
        self.help.iter().map(|(k, v)| (k.as_str(), v.as_str()))
    }
}

/// The compiled-in catalogue of `lang`, read on first use.
pub fn catalog(lang: Lang) -> &'static Catalog {
    static EN: OnceLock<Catalog> = OnceLock::new();
    static ES: OnceLock<Catalog> = OnceLock::new();
    let cell = match lang {
        Lang::En => &EN,
        Lang::Es => &ES,
    };
    cell.get_or_init(|| Catalog::parse(lang.source()).unwrap_or_default())
}

/// The text of `key` in `lang`, else in English, else the key itself (so that a missing key
/// shows, and never panics).
pub fn text(lang: Lang, key: &str) -> &str {
    catalog(lang)
        .message(key)
        .or_else(|| catalog(Lang::En).message(key))
        .unwrap_or(key)
}

/// [`text`] with each `{name}` placeholder replaced by its value in `vars`; a placeholder
/// without a value stays as written.
pub fn format(lang: Lang, key: &str, vars: &[(&str, &str)]) -> String {
    fill(text(lang, key), vars)
}

/// `template` with each `{name}` placeholder replaced by its value in `vars`.
pub fn fill(template: &str, vars: &[(&str, &str)]) -> String {
    let mut out = String::with_capacity(template.len());
    let mut rest = template;
    while let Some(open) = rest.find('{') {
        out.push_str(&rest[..open]);
        let after = &rest[open + 1..];
        let name_len = after
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .unwrap_or(after.len());
        let name = &after[..name_len];
        if !name.is_empty()
            && after[name_len..].starts_with('}')
            && let Some((_, value)) = vars.iter().find(|(n, _)| *n == name)
        {
            out.push_str(value);
            rest = &after[name_len + 1..];
        } else {
            out.push('{');
            rest = after;
        }
    }
    out.push_str(rest);
    out
}

/// The `{name}` placeholders of `text`, in order.
pub fn placeholders(text: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(open) = rest.find('{') {
        let after = &rest[open + 1..];
        let name_len = after
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .unwrap_or(after.len());
        if name_len > 0 && after[name_len..].starts_with('}') {
            out.push(&after[..name_len]);
            rest = &after[name_len + 1..];
        } else {
            rest = after;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tags() {
        for tag in ["es", "ES", "es-ES", "es-419", "es_MX.UTF-8", " es "] {
            assert_eq!(Lang::from_tag(tag), Lang::Es, "{tag}");
        }
        for tag in ["en", "en-GB", "fr", "", "spanish", "e", "pt-BR"] {
            assert_eq!(Lang::from_tag(tag), Lang::En, "{tag}");
        }
        assert_eq!(Lang::parse("fr-CA"), None);
        assert_eq!(Lang::parse("en-US"), Some(Lang::En));
        assert_eq!(Lang::Es.to_string(), "es");
    }

    #[test]
    fn both_files_parse() {
        for lang in Lang::ALL {
            let parsed = Catalog::parse(lang.source());
            assert!(parsed.is_some(), "messages/{lang}.json is not a catalogue");
            assert!(catalog(lang).messages().count() > 100, "{lang}");
        }
        assert_eq!(catalog(Lang::En).language(), "English");
        assert_eq!(catalog(Lang::Es).language(), "Español");
        assert!(Catalog::parse("{\"messages\": {}, \"extra\": 1}").is_none());
    }

    #[test]
    fn fallback_and_placeholders() {
        assert_eq!(text(Lang::Es, "no.such.key"), "no.such.key");
        assert_eq!(
            format(Lang::Es, "page.where", &[("line", "3"), ("column", "7")]),
            "Línea 3, columna 7"
        );
        assert_eq!(fill("{a} and {b} {c", &[("a", "1")]), "1 and {b} {c");
        assert_eq!(fill("{}{x}}", &[("x", "y")]), "{}y}");
        assert_eq!(
            placeholders("{a} {b_c} {} {d"),
            vec!["a", "b_c"],
            "only complete placeholders"
        );
    }
}
