//! What a YAML scalar denotes, in JSON terms (the YAML 1.2 core schema).
use saphyr_parser::{ScalarStyle, Tag};

/// The JSON form of a scalar.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Json {
    /// `null`, `true`, `false` or a number, as its JSON lexeme.
    Literal(String),
    /// A string.
    Str,
    /// `.inf`, `-.inf` or `.nan`: a float with no JSON form (kept as a string).
    NonFinite,
}

/// Resolves a scalar: plain scalars by the core schema's patterns, quoted and block scalars
/// as strings; a `!!str` tag makes any scalar a string, `!!null`, `!!bool`, `!!int` and
/// `!!float` resolve even a quoted one, and other tags are ignored.
pub(crate) fn resolve(value: &str, style: ScalarStyle, tag: Option<&Tag>) -> Json {
    let core = tag
        .filter(|t| t.is_yaml_core_schema())
        .map(|t| t.suffix.as_str());
    match core {
        Some("str" | "binary" | "timestamp") => return Json::Str,
        Some("null" | "bool" | "int" | "float") => {}
        _ if style != ScalarStyle::Plain => return Json::Str,
        _ => {}
    }
    match value {
        "" | "~" | "null" | "Null" | "NULL" => return Json::Literal("null".into()),
        "true" | "True" | "TRUE" => return Json::Literal("true".into()),
        "false" | "False" | "FALSE" => return Json::Literal("false".into()),
        ".inf" | ".Inf" | ".INF" | "+.inf" | "+.Inf" | "+.INF" | "-.inf" | "-.Inf" | "-.INF"
        | ".nan" | ".NaN" | ".NAN" => return Json::NonFinite,
        _ => {}
    }
    integer(value)
        .or_else(|| float(value))
        .map_or(Json::Str, Json::Literal)
}

/// `[-+]?[0-9]+`, `0o[0-7]+`, `0x[0-9a-fA-F]+`, as a JSON integer (leading zeros and `+`
/// dropped; octal and hexadecimal in decimal, when they fit in 128 bits).
fn integer(value: &str) -> Option<String> {
    let radix = |digits: &str, radix: u32| {
        (!digits.is_empty())
            .then(|| u128::from_str_radix(digits, radix).ok())
            .flatten()
            .map(|n| n.to_string())
    };
    if let Some(octal) = value.strip_prefix("0o") {
        return radix(octal, 8);
    }
    if let Some(hex) = value.strip_prefix("0x") {
        return radix(hex, 16);
    }
    let (sign, digits) = split_sign(value);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let trimmed = digits.trim_start_matches('0');
    let trimmed = if trimmed.is_empty() { "0" } else { trimmed };
    Some(format!("{sign}{trimmed}"))
}

/// `[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?`, as a JSON number (`.5` → `0.5`,
/// `1.` → `1.0`, `+1e3` → `1e3`, leading zeros dropped).
fn float(value: &str) -> Option<String> {
    let (sign, rest) = split_sign(value);
    let (mantissa, exponent) = match rest.find(['e', 'E']) {
        Some(i) => (&rest[..i], Some(&rest[i + 1..])),
        None => (rest, None),
    };
    let (whole, fraction) = match mantissa.split_once('.') {
        Some((w, f)) => (w, Some(f)),
        None => (mantissa, None),
    };
    let digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
    if !digits(whole) || !fraction.is_none_or(digits) {
        return None;
    }
    if whole.is_empty() && fraction.is_none_or(str::is_empty) {
        return None;
    }
    let mut out = String::from(sign);
    let whole = whole.trim_start_matches('0');
    out.push_str(if whole.is_empty() { "0" } else { whole });
    if let Some(f) = fraction {
        out.push('.');
        out.push_str(if f.is_empty() { "0" } else { f });
    }
    if let Some(e) = exponent {
        let (esign, edigits) = split_sign(e);
        if edigits.is_empty() || !digits(edigits) {
            return None;
        }
        out.push('e');
        out.push_str(esign);
        out.push_str(edigits);
    }
    Some(out)
}

/// `-` and the rest, or `""` and the rest without a `+`.
fn split_sign(value: &str) -> (&'static str, &str) {
    if let Some(rest) = value.strip_prefix('-') {
        ("-", rest)
    } else {
        ("", value.strip_prefix('+').unwrap_or(value))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn plain(v: &str) -> Json {
        resolve(v, ScalarStyle::Plain, None)
    }

    fn lit(s: &str) -> Json {
        Json::Literal(s.into())
    }

    #[test]
    fn the_core_schema() {
        assert_eq!(plain(""), lit("null"));
        assert_eq!(plain("~"), lit("null"));
        assert_eq!(plain("True"), lit("true"));
        assert_eq!(
            plain("yes"),
            Json::Str,
            "YAML 1.1 booleans are strings in 1.2"
        );
        assert_eq!(plain("007"), lit("7"));
        assert_eq!(plain("+12"), lit("12"));
        assert_eq!(plain("-0"), lit("-0"));
        assert_eq!(plain("0o17"), lit("15"));
        assert_eq!(plain("0x1F"), lit("31"));
        assert_eq!(plain("0x"), Json::Str);
        assert_eq!(plain(".5"), lit("0.5"));
        assert_eq!(plain("1."), lit("1.0"));
        assert_eq!(plain("-1.5E+3"), lit("-1.5e3"));
        assert_eq!(plain("1e"), Json::Str);
        assert_eq!(plain("."), Json::Str);
        assert_eq!(plain("1.2.3"), Json::Str);
        assert_eq!(plain("-.inf"), Json::NonFinite);
        assert_eq!(plain("2026-12-04"), Json::Str);
        assert_eq!(resolve("12", ScalarStyle::DoubleQuoted, None), Json::Str);
        let tag = |suffix: &str| Tag {
            handle: "tag:yaml.org,2002:".into(),
            suffix: suffix.into(),
        };
        assert_eq!(
            resolve("12", ScalarStyle::Plain, Some(&tag("str"))),
            Json::Str
        );
        assert_eq!(
            resolve("12", ScalarStyle::SingleQuoted, Some(&tag("int"))),
            lit("12")
        );
    }
}
