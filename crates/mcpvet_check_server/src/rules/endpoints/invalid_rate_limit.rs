use mcpvet_diagnostics::{Reporter, Severity, declare_rule};
use mcpvet_json::Value;

use super::{Count, count};

declare_rule! {
    /// The `settings.rateLimit` of a server definition has a `requests` or `windowSeconds` that is not a positive whole number, or a `windowSeconds` that looks like milliseconds.
    ///
    /// ## What it checks
    ///
    /// `settings.rateLimit` allows `requests` calls per `windowSeconds` seconds. Each of the
    /// two, when it is a number, must be a whole number of at least 1 written as an integer:
    /// zero, negative and fractional values are errors (reported once: by the structure rule,
    /// MCP600, when the format's schema already bounds the member), and so is a whole number
    /// written with a fraction or exponent (`60.0`, which a platform reading an integer
    /// rejects; the fix writes `60`). A warning when `windowSeconds` is a multiple of 1000
    /// (`60000`): that is a window of hours, and usually a number of milliseconds written in
    /// the seconds field. Values that are not numbers, and a `rateLimit` that lacks one of
    /// them, are the structure rule's.
    ///
    /// ## Why it matters
    ///
    /// A limit of zero requests, or a window of zero seconds, either blocks every call or
    /// disables the limit, depending on the platform; a fraction is rejected when the
    /// server is published. A window given in milliseconds is a thousand times too long: a
    /// client that used its requests waits hours instead of a minute.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```json file=definition.json
    /// {"name": "weather", "description": "Weather data.",
    ///  "settings": {"rateLimit": {"requests": 100, "windowSeconds": 60000}},
    ///  "prompts": [{"name": "forecast", "description": "Ask for a forecast.",
    ///    "template": "What is the forecast for {{ city }}?",
    ///    "arguments": [{"name": "city", "required": true}]}],
    ///  "publish": {"version": "1.0.0"}}
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```json file=definition.json
    /// {"name": "weather", "description": "Weather data.",
    ///  "settings": {"rateLimit": {"requests": 100, "windowSeconds": 60}},
    ///  "prompts": [{"name": "forecast", "description": "Ask for a forecast.",
    ///    "template": "What is the forecast for {{ city }}?",
    ///    "arguments": [{"name": "city", "required": true}]}],
    ///  "publish": {"version": "1.0.0"}}
    /// ```
    ///
    /// ## References
    ///
    /// - `docs/server-definition.md` (settings)
    /// - RFC 6585, Additional HTTP Status Codes, section 4 (429 Too Many Requests)
    pub(crate) static INVALID_RATE_LIMIT = {
        code: "MCP636",
        name: "invalid-rate-limit",
        severity: Error,
        target: Server,
        since: "0.1.0",
    }
}

/// Judges `requests` and `windowSeconds` of the `rateLimit` object `rate`.
pub(crate) fn check(rate: Value<'_>, report: &mut Reporter<'_>) {
    for (key, what) in [
        ("requests", "a number of requests"),
        ("windowSeconds", "a number of seconds"),
    ] {
        let Some(value) = rate.get(key) else {
            continue;
        };
        let subject = format!("`settings.rateLimit.{key}`");
        let help =
            format!("give {what} of at least 1, e.g. `\"requests\": 100, \"windowSeconds\": 60`");
        let Count::Positive(n) = count(&INVALID_RATE_LIMIT, value, &subject, &help, report) else {
            continue;
        };
        let whole = value.as_number().and_then(mcpvet_json::Number::as_u64);
        if key == "windowSeconds" && whole.is_some_and(|w| w >= 1000 && w % 1000 == 0) {
            let seconds = n / 1000.0;
            report.report_as(
                &INVALID_RATE_LIMIT,
                Severity::Warning,
                value,
                format!(
                    "{subject} is {} seconds ({}), which looks like a number of milliseconds",
                    value.source(),
                    duration(n)
                ),
                format!(
                    "`windowSeconds` counts seconds: write {seconds} for a window of {seconds} s"
                ),
            );
        }
    }
}

/// A length of time in seconds, for people: `16.7 hours`, `11.6 days`.
fn duration(seconds: f64) -> String {
    let (value, unit) = if seconds >= 86_400.0 {
        (seconds / 86_400.0, "days")
    } else {
        (seconds / 3600.0, "hours")
    };
    if (value - value.round()).abs() < 0.05 {
        format!("{} {unit}", value.round())
    } else {
        format!("{value:.1} {unit}")
    }
}
