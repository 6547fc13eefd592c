//! Synthetic tokens in every supported format, for tests (of mcpvet, and of tools that render
//! its findings): built from a seed with a small deterministic generator, never real
//! credentials. Each one is detected by this crate as exactly one secret of its format.
//!
//! ```
//! let tokens = mcpvet_check_secrets::synthetic::tokens(7);
//! assert!(tokens.len() >= 30);
//! for t in &tokens {
//!     assert!(t.token.len() > t.random.len());
//! }
//! ```
//!
//! [`shapes()`] does the same for credentials recognised by their shape (`Authorization: Bearer
//! …`, `token=…`, cookies, signed URLs): made-up values in every shape the scanner knows.
//!
//! ```
//! let shapes = mcpvet_check_secrets::synthetic::shapes(7);
//! assert!(shapes.len() >= 20);
//! for s in &shapes {
//!     assert!(s.text.contains(&s.secret));
//! }
//! ```
use crate::shapes;
use crate::tokens::{self, Found, Kind};

/// One synthetic token.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SyntheticToken {
    /// The format's name, as findings name it (`GitHub personal access token`).
    pub kind: &'static str,
    /// The whole token (for a Slack webhook, the whole URL).
    pub token: String,
    /// Its random characters, in order (fixed parts such as a format's keyword left out):
    /// what no output may show.
    pub random: String,
}

/// A xorshift generator: deterministic, good enough for test data.
#[derive(Debug, Clone)]
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        self.0 = x;
        x
    }

    fn pick(&mut self, alphabet: &[u8], n: usize) -> String {
        (0..n)
            .map(|_| {
                let i = (self.next() % alphabet.len() as u64) as usize;
                char::from(alphabet[i])
            })
            .collect()
    }
}

const ALNUM: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
const URL64: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
const WORD: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_";
const HEX: &[u8] = b"0123456789abcdef";
const LETTERS: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
const UPPER32: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
const DIGITS: &[u8] = b"0123456789";
const BASE64: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/// Encodes bytes as unpadded base64url.
fn base64url(data: &[u8]) -> String {
    let mut out = String::new();
    for chunk in data.chunks(3) {
        let n = chunk
            .iter()
            .enumerate()
            .fold(0u32, |acc, (i, &c)| acc | (u32::from(c) << (16 - 8 * i)));
        for i in 0..=chunk.len() {
            out.push(char::from(URL64[((n >> (18 - 6 * i)) & 63) as usize]));
        }
    }
    out
}

/// Builds one token of each format from `rng`: (kind, token, random part).
fn build(rng: &mut Rng) -> Vec<(&'static Kind, String, String)> {
    use crate::tokens as k;
    let mut out = Vec::new();
    let mut simple =
        |kind: &'static Kind, prefix: &str, alphabet: &[u8], n: usize, rng: &mut Rng| {
            let random = rng.pick(alphabet, n);
            out.push((kind, format!("{prefix}{random}"), random));
        };
    simple(&k::GITHUB_PAT, "ghp_", ALNUM, 36, rng);
    simple(&k::GITHUB_OAUTH, "gho_", ALNUM, 36, rng);
    simple(&k::GITHUB_USER_TO_SERVER, "ghu_", ALNUM, 36, rng);
    simple(&k::GITHUB_SERVER_TO_SERVER, "ghs_", ALNUM, 36, rng);
    simple(&k::GITHUB_REFRESH, "ghr_", ALNUM, 36, rng);
    simple(&k::GITHUB_FINE_GRAINED, "github_pat_", WORD, 82, rng);
    simple(&k::GITLAB_PAT, "glpat-", URL64, 20, rng);
    simple(&k::OPENROUTER_KEY, "sk-or-v1-", HEX, 64, rng);
    simple(&k::STRIPE_SECRET, "sk_live_", ALNUM, 24, rng);
    simple(&k::STRIPE_RESTRICTED, "rk_live_", ALNUM, 24, rng);
    simple(&k::STRIPE_TEST_SECRET, "sk_test_", ALNUM, 24, rng);
    simple(&k::STRIPE_WEBHOOK, "whsec_", ALNUM, 32, rng);
    simple(&k::GOOGLE_OAUTH_SECRET, "GOCSPX-", URL64, 28, rng);
    simple(&k::GOOGLE_API_KEY, "AIza", URL64, 35, rng);
    simple(&k::HUGGING_FACE, "hf_", LETTERS, 34, rng);
    simple(&k::NPM, "npm_", ALNUM, 36, rng);
    simple(&k::PERPLEXITY, "pplx-", ALNUM, 48, rng);
    simple(&k::LINEAR, "lin_api_", ALNUM, 40, rng);
    simple(&k::NOTION, "ntn_", ALNUM, 46, rng);
    simple(&k::SENTRY, "sntryu_", HEX, 64, rng);
    simple(&k::SUPABASE, "sbp_", HEX, 40, rng);
    simple(&k::SUPABASE_SECRET, "sb_secret_", URL64, 32, rng);
    simple(&k::TAVILY, "tvly-dev-", ALNUM, 32, rng);
    simple(&k::FIRECRAWL, "fc-", HEX, 32, rng);
    simple(&k::GROQ, "gsk_", ALNUM, 52, rng);
    simple(&k::XAI, "xai-", ALNUM, 80, rng);
    simple(&k::DIGITALOCEAN, "dop_v1_", HEX, 64, rng);
    simple(&k::DOCKER_HUB, "dckr_pat_", URL64, 27, rng);
    simple(&k::REPLICATE, "r8_", ALNUM, 37, rng);
    simple(&k::AWS_ACCESS_KEY, "AKIA", UPPER32, 16, rng);
    // Formats with structure.
    let (a, b) = (rng.pick(ALNUM, 20), rng.pick(ALNUM, 20));
    // The keyword `T3BlbkFJ` is not random: the random part is the text around it.
    out.push((
        &k::OPENAI_KEY,
        format!("sk-proj-{a}T3BlbkFJ{b}"),
        format!("{a}{b}"),
    ));
    let body = rng.pick(URL64, 93);
    out.push((&k::ANTHROPIC_KEY, format!("sk-ant-api03-{body}AA"), body));
    let (a, b, c) = (
        rng.pick(DIGITS, 11),
        rng.pick(DIGITS, 12),
        rng.pick(ALNUM, 24),
    );
    out.push((
        &k::SLACK_TOKEN,
        format!("xoxb-{a}-{b}-{c}"),
        format!("{a}-{b}-{c}"),
    ));
    let (a, b, c) = (
        rng.pick(UPPER32, 10),
        rng.pick(DIGITS, 13),
        rng.pick(HEX, 64),
    );
    out.push((
        &k::SLACK_APP_TOKEN,
        format!("xapp-1-{a}-{b}-{c}"),
        format!("{a}-{b}-{c}"),
    ));
    let (a, b, c) = (
        rng.pick(UPPER32, 8),
        rng.pick(UPPER32, 10),
        rng.pick(ALNUM, 24),
    );
    out.push((
        &k::SLACK_WEBHOOK,
        format!("https://hooks.slack.com/services/T{a}/B{b}/{c}"),
        format!("T{a}/B{b}/{c}"),
    ));
    let (a, b) = (rng.pick(URL64, 22), rng.pick(URL64, 43));
    out.push((&k::SENDGRID, format!("SG.{a}.{b}"), format!("{a}.{b}")));
    let subject = rng.pick(ALNUM, 16);
    let payload = base64url(format!("{{\"sub\":\"{subject}\",\"iat\":1700000000}}").as_bytes());
    let signature = rng.pick(URL64, 43);
    let header = base64url(br#"{"alg":"HS256","typ":"JWT"}"#);
    out.push((
        &k::JWT,
        format!("{header}.{payload}.{signature}"),
        format!("{payload}.{signature}"),
    ));
    let lines: Vec<String> = (0..6).map(|_| rng.pick(BASE64, 64)).collect();
    let body = lines.join("\n");
    out.push((
        &k::PRIVATE_KEY,
        format!("-----BEGIN PRIVATE KEY-----\n{body}\n-----END PRIVATE KEY-----"),
        body,
    ));
    out
}

/// Whether `found` says `token` is exactly one secret of `kind`.
fn detected(kind: &'static Kind, token: &str, random: &str, found: &[Found]) -> bool {
    let [f] = found else { return false };
    let whole = f.start == 0 && f.end == token.len();
    // A webhook's secret is its path.
    let path = kind == &tokens::SLACK_WEBHOOK && token.ends_with(random) && f.end == token.len();
    std::ptr::eq(f.kind, kind) && !f.placeholder && (whole || path)
}

/// One synthetic token of every supported format, derived from `seed`. A candidate that the
/// guards would reject (a random part that happens to read as a placeholder) is drawn again.
pub fn tokens(seed: u64) -> Vec<SyntheticToken> {
    let mut rng = Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
    let mut out: Vec<Option<SyntheticToken>> = Vec::new();
    for _ in 0..64 {
        let batch = build(&mut rng);
        if out.is_empty() {
            out = vec![None; batch.len()];
        }
        for (slot, (kind, token, random)) in out.iter_mut().zip(batch) {
            if slot.is_none() && detected(kind, &token, &random, &tokens::find(&token)) {
                *slot = Some(SyntheticToken {
                    kind: kind.name,
                    token,
                    random,
                });
            }
        }
        if out.iter().all(Option::is_some) {
            break;
        }
    }
    out.into_iter().flatten().collect()
}

/// One made-up credential in a shape that says "credential" around it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SyntheticShape {
    /// The shape, for test messages: `Authorization: Bearer`, `api_key=`, `Set-Cookie`.
    pub label: &'static str,
    /// A piece of log text that holds the credential: `Authorization: Bearer …`.
    pub text: String,
    /// The credential alone, as written in `text` (its span is what every output masks).
    pub secret: String,
    /// Its random characters, in order (fixed parts such as `%2F20250101%2Fus-east-1` left
    /// out): what no output may show.
    pub random: String,
    /// When the shape is an HTTP header: its name and value, as a trace envelope's
    /// `headers` object or a header line holds them.
    pub header: Option<(String, String)>,
}

/// Encodes bytes as padded base64 (the standard alphabet).
fn base64(data: &[u8]) -> String {
    let mut out = String::new();
    for chunk in data.chunks(3) {
        let n = chunk
            .iter()
            .enumerate()
            .fold(0u32, |acc, (i, &c)| acc | (u32::from(c) << (16 - 8 * i)));
        for i in 0..4 {
            if i <= chunk.len() {
                out.push(char::from(BASE64[((n >> (18 - 6 * i)) & 63) as usize]));
            } else {
                out.push('=');
            }
        }
    }
    out
}

/// A random credential of `n` letters and digits holding all three classes.
fn mixed(rng: &mut Rng, n: usize) -> String {
    loop {
        let s = rng.pick(ALNUM, n);
        if s.bytes().any(|b| b.is_ascii_uppercase())
            && s.bytes().any(|b| b.is_ascii_lowercase())
            && s.bytes().any(|b| b.is_ascii_digit())
        {
            return s;
        }
    }
}

/// One shape as built: (label, text, secret, header).
type ShapeParts = (&'static str, String, String, Option<(String, String)>);

/// The random characters of a built secret: the secret without its fixed parts.
fn random_part(secret: &str) -> String {
    let mut out = secret.to_owned();
    for fixed in [
        "%2F20250101%2Fus-east-1%2Fs3%2Faws4_request",
        "MCPV",
        "s%3A",
        "%2B",
        "%3D",
    ] {
        out = out.replace(fixed, "");
    }
    out
}

/// Builds one credential of each shape from `rng`.
fn build_shapes(rng: &mut Rng) -> Vec<ShapeParts> {
    let mut out = Vec::new();
    let header = |name: &str, value: String| Some((name.to_owned(), value));
    let r = mixed(rng, 28);
    out.push((
        "Authorization: Bearer",
        format!("request headers: Authorization: Bearer {r}"),
        r.clone(),
        header("Authorization", format!("Bearer {r}")),
    ));
    let r = mixed(rng, 32);
    out.push((
        "Bearer alone",
        format!("retrying with Bearer {r} after 401"),
        r,
        None,
    ));
    let basic = base64(format!("svc-deploy:{}", mixed(rng, 14)).as_bytes());
    out.push((
        "Authorization: Basic",
        format!("> Authorization: Basic {basic}"),
        basic.clone(),
        header("Authorization", format!("Basic {basic}")),
    ));
    let basic = base64(format!("admin:{}", mixed(rng, 12)).as_bytes());
    out.push((
        "Basic alone",
        format!("proxy answered 407, sent Basic {basic}"),
        basic,
        None,
    ));
    let r = mixed(rng, 30);
    out.push((
        "Authorization: token",
        format!("curl -H 'Authorization: token {r}' https://api.example.invalid"),
        r.clone(),
        header("Authorization", format!("token {r}")),
    ));
    let r = mixed(rng, 26);
    out.push((
        "JSON Authorization member",
        format!(r#"headers={{"Authorization": "Bearer {r}", "Accept": "*/*"}}"#),
        r,
        None,
    ));
    let r = mixed(rng, 24);
    out.push((
        "token=",
        format!("connecting with token={r} to the broker"),
        r,
        None,
    ));
    let r = mixed(rng, 32);
    out.push(("api_key=", format!("config loaded api_key={r}"), r, None));
    let r = mixed(rng, 40);
    out.push(("apikey:", format!("apikey: {r}"), r, None));
    let r = mixed(rng, 36);
    out.push((
        "access_token=",
        format!("refreshed access_token={r}; expires_in=3600"),
        r,
        None,
    ));
    let r = mixed(rng, 40);
    out.push((
        "\"client_secret\":",
        format!(r#"oauth response {{"client_id": "app", "client_secret": "{r}"}}"#),
        r,
        None,
    ));
    let r = mixed(rng, 24);
    out.push((
        "secret='…'",
        format!("Settings(secret='{r}', debug=False)"),
        r,
        None,
    ));
    let r = mixed(rng, 14);
    out.push((
        "password=",
        format!("db connect user=app password={r} host=db"),
        r,
        None,
    ));
    let r = mixed(rng, 28);
    out.push((
        "--api-key=",
        format!("spawn: node server.js --api-key={r} --port 3000"),
        r,
        None,
    ));
    let r = mixed(rng, 32);
    out.push((
        "X-Api-Key:",
        format!("> X-Api-Key: {r}"),
        r.clone(),
        header("X-Api-Key", r),
    ));
    let r = mixed(rng, 32);
    out.push((
        "Cookie:",
        format!("> Cookie: theme=dark; session={r}"),
        r.clone(),
        header("Cookie", format!("theme=dark; session={r}")),
    ));
    let r = mixed(rng, 32);
    out.push((
        "Set-Cookie:",
        format!("< Set-Cookie: JSESSIONID={r}; Path=/; HttpOnly"),
        r.clone(),
        header("Set-Cookie", format!("JSESSIONID={r}; Path=/; HttpOnly")),
    ));
    let r = format!("s%3A{}.{}", mixed(rng, 24), mixed(rng, 20));
    out.push((
        "connect.sid=",
        format!("restored connect.sid={r} for the request"),
        r,
        None,
    ));
    let r = mixed(rng, 40);
    out.push((
        "?access_token=",
        format!("GET https://api.example.invalid/v1/items?page=2&access_token={r} 200"),
        r,
        None,
    ));
    let r = rng.pick(HEX, 64);
    out.push((
        "X-Amz-Signature=",
        format!(
            "fetching https://bucket.s3.example.invalid/report.csv?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Date=20250101T000000Z&X-Amz-Expires=900&X-Amz-SignedHeaders=host&X-Amz-Signature={r}"
        ),
        r,
        None,
    ));
    let r = format!(
        "MCPV{}%2F20250101%2Fus-east-1%2Fs3%2Faws4_request",
        rng.pick(UPPER32, 16)
    );
    out.push((
        "X-Amz-Credential=",
        format!("https://bucket.s3.example.invalid/k?X-Amz-Credential={r}&X-Amz-Expires=60"),
        r,
        None,
    ));
    let r = rng.pick(HEX, 96);
    out.push((
        "X-Goog-Signature=",
        format!(
            "https://storage.example.invalid/b/o.bin?X-Goog-Algorithm=GOOG4-RSA-SHA256&X-Goog-Expires=600&X-Goog-Signature={r}"
        ),
        r,
        None,
    ));
    let r = format!("{}%2B{}%3D", mixed(rng, 20), mixed(rng, 20));
    out.push((
        "SAS sig=",
        format!(
            "upload to https://acct.blob.example.invalid/c/f.txt?sv=2022-11-02&se=2025-01-01&sp=rw&sig={r}"
        ),
        r,
        None,
    ));
    let r = format!("{}~{}__", mixed(rng, 30), mixed(rng, 30));
    out.push((
        "Signature=",
        format!(
            "https://d1.cloudfront.example.invalid/i.png?Expires=1700000000&Signature={r}&Key-Pair-Id=KMCPVETEXAMPLE"
        ),
        r,
        None,
    ));
    let r = mixed(rng, 16);
    out.push((
        "URL userinfo",
        format!("connecting to postgres://app:{r}@db.example.invalid:5432/main"),
        r,
        None,
    ));
    out
}

/// Whether `text` holds exactly one credential, `secret`, found by its shape alone (no
/// provider format), and its header (if any) exactly that one too.
fn shape_detected(text: &str, secret: &str, header: Option<&(String, String)>) -> bool {
    let one =
        |found: &[shapes::Shape], text: &str| matches!(found, [s] if &text[s.range()] == secret);
    tokens::find(text).is_empty()
        && one(&shapes::find(text), text)
        && header.is_none_or(|(name, value)| one(&shapes::in_member(name, true, value), value))
}

/// One made-up credential in every shape the shape scanner knows, derived from `seed`
/// (letters and digits drawn again when the guards would reject them).
pub fn shapes(seed: u64) -> Vec<SyntheticShape> {
    let mut rng = Rng(seed.wrapping_mul(0xD1B5_4A32_D192_ED03) | 1);
    let mut out: Vec<Option<SyntheticShape>> = Vec::new();
    for _ in 0..64 {
        let batch = build_shapes(&mut rng);
        if out.is_empty() {
            out = vec![None; batch.len()];
        }
        for (slot, (label, text, secret, header)) in out.iter_mut().zip(batch) {
            if slot.is_none() && shape_detected(&text, &secret, header.as_ref()) {
                *slot = Some(SyntheticShape {
                    label,
                    text,
                    random: random_part(&secret),
                    secret,
                    header,
                });
            }
        }
        if out.iter().all(Option::is_some) {
            break;
        }
    }
    out.into_iter().flatten().collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_format_is_generated_and_detected() {
        for seed in 0..50 {
            let all = tokens(seed);
            assert_eq!(all.len(), 38, "seed {seed}");
            for t in &all {
                let found = tokens::find(&t.token);
                assert_eq!(found.len(), 1, "{t:?}");
                assert_eq!(found[0].kind.name, t.kind);
                assert!(!found[0].placeholder);
            }
        }
    }

    #[test]
    fn every_shape_is_generated_and_detected() {
        for seed in 0..50 {
            let all = shapes(seed);
            assert_eq!(all.len(), 25, "seed {seed}: {:#?}", {
                let mut rng = Rng(seed.wrapping_mul(0xD1B5_4A32_D192_ED03) | 1);
                build_shapes(&mut rng)
                    .into_iter()
                    .filter(|(_, t, s, h)| !shape_detected(t, s, h.as_ref()))
                    .map(|(l, t, _, _)| (l, t.clone(), shapes::find(&t)))
                    .collect::<Vec<_>>()
            });
        }
        assert_eq!(base64(b"ab"), "YWI=");
        assert_eq!(base64(b"abc"), "YWJj");
    }

    #[test]
    fn base64url_encoding() {
        assert_eq!(
            base64url(br#"{"alg":"HS256","typ":"JWT"}"#),
            "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9"
        );
        assert_eq!(base64url(b"ab"), "YWI");
    }
}
