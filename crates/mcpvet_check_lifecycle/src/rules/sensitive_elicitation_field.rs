use mcpvet_diagnostics::{Reporter, declare_rule};
use mcpvet_json::Value;

declare_rule! {
    /// A form-mode elicitation asks for a password, an API key, a token or another secret.
    ///
    /// ## What it checks
    ///
    /// Each field of the `requestedSchema` of a form-mode `elicitation/create` (2025-06-18
    /// and later): its name, `title` and `description` are split into words (at `_`, `-`,
    /// spaces and camelCase humps) and the field is reported when they name a secret:
    /// `password`, `passwd`, `passphrase`, `secret`, `credential(s)`, `apikey`, `cvv`,
    /// or the pairs `api key`, `access token`, `api token`, `auth token`, `bearer token`,
    /// `private key`, `credit card`, `card number`; a name whose last word is `token` too.
    ///
    /// This is a heuristic over words, so it has limits: a field named in another language,
    /// or an innocuous label such as `code`, escapes it; a field that merely talks about a
    /// secret ("the secret santa list") is reported. It is a **warning** for that reason.
    /// URL mode, meant for such data, is not checked.
    ///
    /// ## Why it matters
    ///
    /// Form-mode answers travel through the client and the server in the clear and can end
    /// in the model's context and in logs. The specification says servers MUST NOT request
    /// sensitive information (passwords, API keys, credentials) through form mode and are to
    /// use URL mode, where the user enters it on the server's own page.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```jsonl
    /// {"jsonrpc":"2.0","id":1,"method":"elicitation/create","params":{"message":"Connect your account","requestedSchema":{"type":"object","properties":{"apiKey":{"type":"string"}}}}}
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```jsonl
    /// {"jsonrpc":"2.0","id":1,"method":"elicitation/create","params":{"message":"Connect your account","requestedSchema":{"type":"object","properties":{"accountName":{"type":"string"}}}}}
    /// ```
    ///
    /// ## References
    ///
    /// - MCP specification, Elicitation (`client/elicitation.mdx`), Security considerations
    pub(crate) static SENSITIVE_ELICITATION_FIELD = {
        code: "MCP482",
        name: "sensitive-elicitation-field",
        severity: Warning,
        target: Transcript,
        since: "0.1.0",
    }
}

/// Words that name a secret on their own.
const WORDS: [&str; 9] = [
    "password",
    "passwd",
    "passphrase",
    "secret",
    "credential",
    "credentials",
    "apikey",
    "cvv",
    "accesstoken",
];

/// Pairs of words that name a secret.
const PAIRS: [(&str, &str); 8] = [
    ("api", "key"),
    ("access", "token"),
    ("api", "token"),
    ("auth", "token"),
    ("bearer", "token"),
    ("private", "key"),
    ("credit", "card"),
    ("card", "number"),
];

/// Checks the `properties` of a form-mode request's `requestedSchema`.
pub(crate) fn check(properties: Value<'_>, report: &mut Reporter<'_>) {
    for member in properties.members() {
        let name = member.key_str();
        let mut secret = names_secret(&words(&name), true);
        for text in ["title", "description"] {
            if let Some(t) = member.value.get(text).and_then(Value::as_str) {
                secret = secret.or_else(|| names_secret(&words(&t), false));
            }
        }
        if let Some(what) = secret {
            report.report(
                &SENSITIVE_ELICITATION_FIELD,
                member.key,
                format!(
                    "the form field `{}` asks for {what}: form-mode elicitation must not request sensitive information",
                    crate::rules::invalid_meta_key::short(&name)
                ),
                "ask for secrets with a URL-mode elicitation, on the server's own page",
            );
        }
    }
}

/// `what` with its indefinite article.
fn with_article(what: &str) -> String {
    if what.starts_with(['a', 'e', 'i', 'o', 'u']) {
        format!("an {what}")
    } else {
        format!("a {what}")
    }
}

/// The lower-case words of `text`, split at non-alphanumerics and camelCase humps.
fn words(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut word = String::new();
    let mut prev_lower = false;
    for c in text.chars() {
        if !c.is_alphanumeric() {
            if !word.is_empty() {
                out.push(std::mem::take(&mut word));
            }
            prev_lower = false;
            continue;
        }
        if c.is_uppercase() && prev_lower && !word.is_empty() {
            out.push(std::mem::take(&mut word));
        }
        prev_lower = c.is_lowercase() || c.is_ascii_digit();
        word.extend(c.to_lowercase());
    }
    if !word.is_empty() {
        out.push(word);
    }
    out
}

/// What secret `words` name, if any; `name` when they are a field's name (whose last word
/// `token` names one).
fn names_secret(words: &[String], name: bool) -> Option<String> {
    if let Some(w) = words.iter().find(|w| WORDS.contains(&w.as_str())) {
        return Some(with_article(w));
    }
    for pair in words.windows(2) {
        if let [a, b] = pair
            && PAIRS.contains(&(a.as_str(), b.as_str()))
        {
            return Some(with_article(&format!("{a} {b}")));
        }
    }
    (name && words.last().is_some_and(|w| w == "token")).then(|| "a token".to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn secret(name: &str) -> bool {
        names_secret(&words(name), true).is_some()
    }

    #[test]
    fn names_of_secrets() {
        for name in [
            "password",
            "apiKey",
            "api_key",
            "GITHUB_TOKEN",
            "accessToken",
            "client-secret",
            "creditCardNumber",
        ] {
            assert!(secret(name), "{name}");
        }
        for name in [
            "email",
            "maxTokens",
            "tokenCount",
            "keyboard",
            "city",
            "apiVersion",
        ] {
            assert!(!secret(name), "{name}");
        }
    }
}
