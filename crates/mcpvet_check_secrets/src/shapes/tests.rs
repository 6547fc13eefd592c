//! Shape tests: every shape positive (made-up values from the synthetic generator, built at
//! run time, so no credential-shaped literal lives in the source), in several contexts, and
//! the negatives log text and source code are full of.
use proptest::prelude::*;

use super::anchor::{may_end_credential_name, may_end_credential_name_in};
use super::judge::{is_code, is_template, is_word, random_letters};
use super::*;
use crate::synthetic;

/// The kinds, names and exact texts found in `text`.
fn found(text: &str) -> Vec<(ShapeKind, Option<String>, &str)> {
    find(text)
        .into_iter()
        .map(|s| (s.kind, s.name.clone(), &text[s.range()]))
        .collect()
}

#[track_caller]
fn none(text: &str) {
    assert!(find(text).is_empty(), "{text:?}: {:?}", found(text));
}

#[track_caller]
fn one(text: &str, kind: ShapeKind, secret: &str) {
    let f = found(text);
    assert!(
        matches!(f.as_slice(), [(k, _, s)] if *k == kind && *s == secret),
        "{text:?}: {f:?}"
    );
}

/// A value the guards accept as a token (letters and digits, both cases).
fn value(seed: u64) -> String {
    let s = &synthetic::shapes(seed)[0];
    s.secret.clone()
}

#[test]
fn every_synthetic_shape_in_context() {
    for seed in [1, 2, 3, 4] {
        for s in synthetic::shapes(seed) {
            for (before, after) in [
                ("", ""),
                ("2025-05-23T10:16:48.596Z [srv] [error] ", ""),
                ("stderr: ", " (retrying)"),
                ("\n", "\n"),
                ("[", "]"),
            ] {
                let text = format!("{before}{}{after}", s.text);
                let f = find(&text);
                assert_eq!(f.len(), 1, "{}: {text:?}: {:?}", s.label, found(&text));
                assert_eq!(&text[f[0].range()], s.secret, "{}: {text:?}", s.label);
            }
            if let Some((name, header)) = &s.header {
                let f = in_member(name, true, header);
                assert_eq!(f.len(), 1, "{}: {header:?}", s.label);
                assert_eq!(&header[f[0].range()], s.secret, "{}", s.label);
                // A header line in text says the same.
                let line = format!("{name}: {header}");
                let f = find(&line);
                assert_eq!(f.len(), 1, "{}: {line:?}: {:?}", s.label, found(&line));
                assert_eq!(&line[f[0].range()], s.secret, "{}", s.label);
            }
        }
    }
}

#[test]
fn kinds_and_names() {
    let v = value(9);
    let cases = [
        (
            format!("Authorization: Bearer {v}"),
            ShapeKind::Bearer,
            None,
        ),
        (format!("auth with Bearer {v}"), ShapeKind::Bearer, None),
        (format!("authorization={v}"), ShapeKind::Authorization, None),
        (
            format!("Proxy-Authorization: Bot {v}"),
            ShapeKind::Authorization,
            None,
        ),
        (format!("token={v}"), ShapeKind::Secret, Some("token")),
        (format!("API_KEY={v}"), ShapeKind::Secret, Some("API_KEY")),
        (
            format!("'apiKey': '{v}'"),
            ShapeKind::Secret,
            Some("apiKey"),
        ),
        (
            format!(r#""refresh_token":"{v}""#),
            ShapeKind::Secret,
            Some("refresh_token"),
        ),
        (
            format!("--client-secret={v}"),
            ShapeKind::Secret,
            Some("client-secret"),
        ),
        (
            format!("DB_PASSWORD={v}"),
            ShapeKind::Password,
            Some("DB_PASSWORD"),
        ),
        (format!("pwd: {v}"), ShapeKind::Password, Some("pwd")),
        (format!("x?key={v}"), ShapeKind::Query, Some("key")),
        (
            format!("x?a=1&password={v}"),
            ShapeKind::Query,
            Some("password"),
        ),
        (
            format!("x?X-Amz-Security-Token={v}"),
            ShapeKind::Signature,
            Some("X-Amz-Security-Token"),
        ),
        (format!("x?sig={v}"), ShapeKind::Signature, Some("sig")),
        (
            format!("PHPSESSID={v}"),
            ShapeKind::Cookie,
            Some("PHPSESSID"),
        ),
        (
            format!("_myapp_session={v}"),
            ShapeKind::Cookie,
            Some("_myapp_session"),
        ),
        (format!("Cookie: sid={v}"), ShapeKind::Cookie, Some("sid")),
        (
            format!("redis://:{v}@cache:6379"),
            ShapeKind::UrlPassword,
            None,
        ),
    ];
    for (text, kind, name) in cases {
        let f = found(&text);
        assert_eq!(f, [(kind, name.map(str::to_owned), v.as_str())], "{text:?}");
    }
}

#[test]
fn descriptions() {
    let at = |kind, name: Option<&str>| {
        Shape {
            kind,
            start: 0,
            end: 1,
            name: name.map(str::to_owned),
        }
        .describe()
    };
    assert_eq!(at(ShapeKind::Bearer, None), "a bearer token");
    assert_eq!(at(ShapeKind::Basic, None), "a Basic credential");
    assert_eq!(
        at(ShapeKind::Authorization, None),
        "an `Authorization` credential"
    );
    assert_eq!(at(ShapeKind::Cookie, Some("sid")), "a cookie named `sid`");
    assert_eq!(
        at(ShapeKind::Secret, Some("api_key")),
        "a secret named `api_key`"
    );
    assert_eq!(at(ShapeKind::Secret, None), "a secret");
    assert_eq!(at(ShapeKind::Password, Some("pw")), "a password named `pw`");
    assert_eq!(
        at(ShapeKind::Query, Some("token")),
        "a secret in the URL query parameter `token`"
    );
    assert_eq!(
        at(ShapeKind::Signature, Some("X-Amz-Signature")),
        "a signed URL's `X-Amz-Signature`"
    );
    assert_eq!(at(ShapeKind::UrlPassword, None), "a password in a URL");
    // A name that is not a plain name is not quoted.
    let f = in_member("api key", false, &value(3));
    assert_eq!(f.len(), 1);
    assert_eq!(f[0].name, None);
}

#[test]
fn placeholders_references_and_templates() {
    for text in [
        "Authorization: Bearer ${TOKEN}",
        "Authorization: Bearer $TOKEN",
        "Authorization: Bearer %TOKEN%",
        "Authorization: Bearer {{ token }}",
        "Bearer <token>",
        "Bearer <your-token-here>",
        "Bearer YOUR_TOKEN",
        "Bearer xxx",
        "Bearer xxxxxxxxxxxxxxxxxxxxxxxx",
        "Authorization: Bearer [REDACTED]",
        "Authorization: Bearer ***",
        "Authorization: Bearer ********************",
        "Authorization: Bearer undefined",
        "Authorization: Bearer null",
        "Bearer token",
        "Bearer sk-...",
        "password=",
        "password= ",
        "password=\"\"",
        "token=xxx",
        "token=xxxxxxxxxxxxxxxxxxxxxxxx",
        "api_key=YOUR_KEY",
        "api_key=YOUR_API_KEY_HERE",
        "api_key=<your key>",
        "api_key=[REDACTED]",
        "token=%s",
        "password=%(password)s",
        "token={token}",
        "token={}",
        "token=${TOKEN}",
        "token=$GITHUB_TOKEN",
        "token=${{ secrets.GITHUB_TOKEN }}",
        "password=********",
        "password=<redacted>",
        "password=hidden",
        "password=None",
        "secret=True",
        "client_secret=changeme",
        "Cookie: session=<session>",
        "Set-Cookie: session=deleted; Expires=Thu, 01 Jan 1970 00:00:00 GMT",
        "postgres://app:${DB_PASSWORD}@db/main",
        "postgres://app:password@db/main",
        "Basic dXNlcjpwYXNzd29yZA==",
        "Authorization: Basic dXNlcjpwYXNz",
    ] {
        none(text);
    }
}

#[test]
fn prose_is_not_a_credential() {
    for text in [
        "the token= parameter is deprecated",
        "pass the token= query parameter or the Authorization: header",
        "Error: password: must be at least 8 characters",
        "password: incorrect",
        "token: expired",
        "invalid api_key: check your settings",
        "Bearer authentication failed",
        "Bearer Authentication is required",
        "The Bearer scheme is defined in RFC 6750",
        "Basic auth is disabled",
        "basic information about the server",
        "Authorization: Basic realm=\"example\"",
        "WWW-Authenticate: Bearer realm=\"mcp\", error=\"invalid_token\"",
        "sent 3 tokens: 120 input, 45 output",
        "max_tokens=4096 temperature=0.2",
        "maxTokens: 1000",
        "tests passed: 12, failed: 0",
        "keys: 3",
        "author: Jane Doe",
        "signal=SIGTERM",
        "session: started",
        "Created session sessionId=3f1c2a9e-7b2d-4c1e-9a8b-5d6e7f8a9b0c",
        "GET /messages?sessionId=3f1c2a9e-7b2d-4c1e-9a8b-5d6e7f8a9b0c",
        "credit: 42",
        "inside: 1",
        "assignee: octocat",
        "Cookie: theme=dark; lang=en",
        "Set-Cookie: id=1; Expires=Wed, 21 Oct 2015 07:28:00 GMT; Max-Age=2592000",
        "https://x.example.invalid/y?token_type=bearer&expires_in=3600",
        "https://x.example.invalid/?key_id=abcdef0123456789XYZ",
        "https://user@host.example.invalid/path",
        "mailto:someone@example.invalid",
        "ssh://git@github.example.invalid:org/repo.git",
        "a == b; token == other_token; key := value",
        "Authorization: Digest username=\"Mufasa\", response=\"6629fae49393a05397450978507c4ef1\"",
        "Authorization: AWS4-HMAC-SHA256 Credential=MCPVEXAMPLE/20250101/us-east-1/s3/aws4_request",
    ] {
        none(text);
    }
}

#[test]
fn source_code_is_not_a_credential() {
    for text in [
        "client = OpenAI(api_key=api_key)",
        "client = OpenAI(api_key=settings.OPENAI_API_KEY)",
        "token = request.headers.get(\"Authorization\")",
        "password=user_password,",
        "headers = {\"Authorization\": f\"Bearer {token}\"}",
        "headers = {'Authorization': 'Bearer ' + token}",
        "const apiKey = process.env.API_KEY;",
        "secret: config.clientSecret,",
        "password: getpass()",
        "api_key=os.environ[\"OPENAI_API_KEY\"]",
        "token=self.token",
        "self.token = token",
        "if (token) { authorization = `Bearer ${token}` }",
        "nextPageToken: CiAKGjBpNDd2Nmp2Zml2cXRwYjBpOXA0",
        "\"progressToken\": \"9f1c2a9e7b2d4c1e9a8b5d6e\"",
        "passwordHash=5f4dcc3b5aa765d61d8327deb882cf99",
        "token_count=1234567890123",
        "pwdLastSet: 133485769481234567",
    ] {
        none(text);
    }
}

#[test]
fn quoting_and_escapes() {
    let v = value(5);
    one(&format!("{{\"token\": \"{v}\"}}"), ShapeKind::Secret, &v);
    one(&format!("{{'token': '{v}'}}"), ShapeKind::Secret, &v);
    one(&format!("token=\"{v}\""), ShapeKind::Secret, &v);
    one(&format!("token = {v}"), ShapeKind::Secret, &v);
    one(&format!("\"token\" : \"{v}\""), ShapeKind::Secret, &v);
    // JSON inside a JSON string, read raw.
    one(
        &format!(r#"{{\"api_key\":\"{v}\"}}"#),
        ShapeKind::Secret,
        &v,
    );
    one(
        &format!(r#"{{\"Authorization\":\"Bearer {v}\"}}"#),
        ShapeKind::Bearer,
        &v,
    );
    // A name quoted on one side only is not a quoted name.
    none(&format!("token\": \"{v}\""));
    // An unterminated quote is no value.
    none(&format!("token=\"{v}"));
    // Sentence punctuation is not part of the value.
    one(&format!("using token={v}."), ShapeKind::Secret, &v);
    // A base64 value keeps its padding.
    let padded = format!("{v}==");
    one(&format!("secret={padded} ok"), ShapeKind::Secret, &padded);
}

#[test]
fn authorization_values() {
    let v = value(6);
    one(&format!("Authorization: Bearer {v}"), ShapeKind::Bearer, &v);
    one(&format!("authorization: bearer {v}"), ShapeKind::Bearer, &v);
    one(&format!("AUTHORIZATION: BEARER {v}"), ShapeKind::Bearer, &v);
    one(&format!("Authorization:Bearer  {v}"), ShapeKind::Bearer, &v);
    one(&format!("Authorization: {v}"), ShapeKind::Authorization, &v);
    // A bearer token cut by a comma or a quote.
    one(&format!("Bearer {v}, retry"), ShapeKind::Bearer, &v);
    one(&format!("\"Bearer {v}\""), ShapeKind::Bearer, &v);
    // Not inside a longer word.
    none(&format!("xBearer {v}"));
    // Basic: after an `Authorization` name, a header value also passes; alone, it must decode.
    one(&format!("Authorization: Basic {v}"), ShapeKind::Basic, &v);
    none(&format!("Basic {v}"));
}

#[test]
fn cookies_pairs_and_attributes() {
    let v = value(7);
    let w = value(8);
    let text = format!("Cookie: a={v}; theme=dark; b={w}");
    let f = found(&text);
    assert_eq!(
        f,
        [
            (ShapeKind::Cookie, Some("a".to_owned()), v.as_str()),
            (ShapeKind::Cookie, Some("b".to_owned()), w.as_str()),
        ]
    );
    // Set-Cookie: the first pair only.
    let text = format!("Set-Cookie: id={v}; Path=/; Domain=x; SameSite=Lax; sig={w}");
    let f = found(&text);
    assert_eq!(f, [(ShapeKind::Cookie, Some("id".to_owned()), v.as_str())]);
    // Text after the header line is not a cookie.
    one(
        &format!("Cookie: sid={v} sent to upstream"),
        ShapeKind::Cookie,
        &v,
    );
    one(&format!("Cookie: sid=\"{v}\""), ShapeKind::Cookie, &v);
}

#[test]
fn members_of_json_messages() {
    let v = value(10);
    let f = |key: &str, headers: bool, value: &str| -> Vec<(ShapeKind, String)> {
        in_member(key, headers, value)
            .into_iter()
            .map(|s| (s.kind, value[s.range()].to_owned()))
            .collect()
    };
    assert_eq!(
        f("Authorization", true, &format!("Bearer {v}")),
        [(ShapeKind::Bearer, v.clone())]
    );
    assert_eq!(
        f("authorization", false, &format!("  {v} ")),
        [(ShapeKind::Authorization, v.clone())]
    );
    assert_eq!(
        f("password", false, "hunter22x"),
        [(ShapeKind::Password, "hunter22x".to_owned())]
    );
    assert_eq!(f("X-Api-Key", true, &v), [(ShapeKind::Secret, v.clone())]);
    assert_eq!(
        f("token", false, &format!("Bearer {v}")),
        [(ShapeKind::Bearer, v.clone())]
    );
    // A header value is judged as a header value: eight characters suffice.
    assert_eq!(
        f("X-Api-Key", true, "Zx81Lm0QpR"),
        [(ShapeKind::Secret, "Zx81Lm0QpR".to_owned())]
    );
    assert!(f("X-Api-Key", false, "Zx81Lm0QpR").is_empty());
    for (key, value) in [
        ("progressToken", v.as_str()),
        ("nextPageToken", v.as_str()),
        ("maxTokens", "1000"),
        ("token", "${GITHUB_TOKEN}"),
        ("token", "GITHUB_TOKEN"),
        ("password", "Must be at least 8 characters"),
        ("password", "string"),
        ("sessionId", v.as_str()),
        ("session", v.as_str()),
        ("signature", v.as_str()),
        ("description", v.as_str()),
        ("token_type", "Bearer"),
        ("Cookie", "theme=dark"),
    ] {
        assert!(f(key, false, value).is_empty(), "{key}: {value}");
    }
}

#[test]
fn anchors_are_few_and_cover_every_shape() {
    // Clean text of a capture: no anchor, or none that parses.
    let clean = r#"{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"query","arguments":{"sql":"select 1","limit":100},"_meta":{"progressToken":42}}}"#;
    assert!(
        anchors(clean.as_bytes()).is_empty(),
        "{:?}",
        anchors(clean.as_bytes())
    );
    assert!(!may_contain(clean.as_bytes()));
    // Every shape is anchored, at any offset from a 64-byte block (the SIMD step).
    for s in synthetic::shapes(11) {
        for pad in [0, 1, 15, 16, 17, 40, 63, 64, 65, 100] {
            let text = format!("{}{}", " ".repeat(pad), s.text);
            let b = text.as_bytes();
            let a = anchors(b);
            assert!(!a.is_empty() && may_contain(b), "{}", s.label);
            let scalar: Vec<usize> = (0..b.len()).filter(|&i| is_anchor(b, i)).collect();
            assert_eq!(a, scalar, "{}", s.label);
            assert_eq!(found(&text).len(), 1, "{}: {:?}", s.label, found(&text));
        }
    }
    // The name must end with a credential word.
    for name in [
        "passed",
        "keys",
        "author",
        "signal",
        "tokens",
        "secrets",
        "credit",
        "inside",
        "t",
        "token_prod",
        "42",
    ] {
        assert!(!credential_suffix(name.as_bytes(), name.len()), "{name}");
    }
    for name in [
        "token",
        "GITHUB_TOKEN",
        "accessToken",
        "X-Auth-Token",
        "password",
        "PASSWD",
        "passphrase",
        "pwd",
        "api_key",
        "apiKey",
        "Authorization",
        "credentials",
        "Set-Cookie",
        "X-Amz-Signature",
        "sig",
        "JSESSIONID",
        "PHPSESSID",
        "sessionid",
        "connect.sid",
        "jwt",
        "API_KEY_2",
        "token2",
        "bearer",
    ] {
        assert!(credential_suffix(name.as_bytes(), name.len()), "{name}");
    }
    assert!(!credential_suffix(b"progressToken", 13));
    // The fast test at the separator lets every credential name through, however quoted,
    // and stops the frequent names of a capture that end like one.
    for name in [
        "token",
        "API_KEY_2",
        "token2",
        "client-secret-12345678",
        "api.key.7",
        "connect.sid",
        "passwd",
        "jwt",
        "Authorization",
    ] {
        for text in [
            format!("{name}=v4lue"),
            format!("\"{name}\": \"v4lue\""),
            format!("'{name}': 'v4lue'"),
            format!("\\\"{name}\\\":\\\"v4lue\\\""),
            format!("{name} : v4lue"),
        ] {
            let b = text.as_bytes();
            let sep = b.iter().position(|&c| c == b'=' || c == b':').unwrap_or(0);
            assert!(name_before(b, sep).is_some(), "{text}");
            assert!(may_end_credential_name(b, sep), "{text}");
        }
    }
    for text in [
        r#""id":1"#,
        r#""path":"/"#,
        r#""config":{}"#,
        r#""progress":1"#,
        "parser=x",
        // A clock's colons, and a number too long to be a name's suffix.
        "2025-12-17T15:25:20",
        "token123456789=x",
    ] {
        let b = text.as_bytes();
        let sep = b.iter().position(|&c| c == b'=' || c == b':').unwrap_or(0);
        assert!(!may_end_credential_name(b, sep), "{text}");
    }
}

#[test]
fn guards() {
    assert!(is_word("Authentication") && is_word("token") && is_word("SECRET"));
    assert!(!is_word("QvKmXpLw") && !is_word("abc1"));
    assert!(
        is_code("settings.OPENAI_API_KEY") && is_code("self.token") && is_code("process.env.KEY")
    );
    assert!(!is_code("eyJhbGciOiJI.eyJzdWIi.abc") && !is_code("v1.2") && !is_code("a.b-c"));
    assert!(is_template("%(token)s") && is_template("{{token}}") && is_template("x{}"));
    assert!(random_letters("QvKmXpLwRtZaBcDeFgHiJk"));
    assert!(!random_letters("getAuthorizationHeaderValue") && !random_letters("QvKmXpLw"));
    assert!(is_session_cookie("JSESSIONID") && is_session_cookie("connect.sid"));
    assert!(!is_session_cookie("sessionId") && !is_session_cookie("session_id"));
    assert!(
        is_signature("X-Amz-Signature") && is_signature("X-Amz-Credential") && is_signature("sig")
    );
    assert!(!is_signature("token"));
}

proptest! {
    /// A shape between any printable text is found, its credential exactly.
    #[test]
    fn a_shape_in_any_text_is_found(
        before in "[ -~]{0,60}",
        after in "[ -~]{0,60}",
        pick in 0usize..25,
        seed in 0u64..8,
    ) {
        let shapes = synthetic::shapes(seed);
        let s = &shapes[pick % shapes.len()];
        let text = format!("{before}\n{}\n{after}", s.text);
        let f = find(&text);
        let at = before.len() + 1 + s.text.find(&s.secret).unwrap_or(0);
        prop_assert!(
            f.iter().any(|x| x.start <= at && at + s.secret.len() <= x.end),
            "{}: {:?}: {:?}", s.label, text, found(&text)
        );
    }

    /// The fast test at a separator never rejects a name the slow one accepts: texts built
    /// from credential words, other words, quotes, escapes, digits and separators.
    #[test]
    fn the_fast_separator_test_is_a_superset(
        parts in proptest::collection::vec(proptest::sample::select(vec![
            "token", "Token", "key", "KEY", "secret", "passwd", "pwd", "sid", "sessionid",
            "auth", "sig", "bearer", "jwt", "cookie", "signature", "passcode", "credentials",
            "progress", "path", "id", "config", "x", "_", "-", ".", "2", "123456789", "\"", "'", "\\",
            " ", ":", "=", "v4lueQ",
        ]), 0..14),
    ) {
        let text: String = parts.concat();
        let b = text.as_bytes();
        for sep in 0..b.len() {
            if matches!(b[sep], b'=' | b':') && name_before(b, sep).is_some() {
                prop_assert!(may_end_credential_name(b, sep), "{:?} at {}", text, sep);
            }
        }
    }

    /// The fast test's sixteen-byte window gives what reading byte by byte gives, at every
    /// offset of texts of credential words, quotes, escapes, numbers and blanks.
    #[test]
    fn the_windowed_separator_test_reads_as_the_bytes_do(
        parts in proptest::collection::vec(proptest::sample::select(vec![
            "token", "KEY", "secret", "pwd", "sid", "auth", "sig", "jwt", "ion", "ass", "x",
            "_", "-", ".", "2", "42", "123456789", "\"", "'", "\\", " ", "\t", ":", "=", "é",
        ]), 0..16),
    ) {
        let text: String = parts.concat();
        let b = text.as_bytes();
        for sep in 0..=b.len() {
            prop_assert_eq!(
                may_end_credential_name(b, sep),
                may_end_credential_name_in(b, sep),
                "{:?} at {}", text, sep
            );
        }
    }

    /// The scanner never panics and its ranges are in the text, sorted and disjoint.
    #[test]
    fn any_text_is_scanned_safely(text in "(?s).{0,300}") {
        let f = find(&text);
        for w in f.windows(2) {
            prop_assert!(w[0].end <= w[1].start);
        }
        for s in &f {
            prop_assert!(s.start < s.end && s.end <= text.len());
            prop_assert!(text.is_char_boundary(s.start) && text.is_char_boundary(s.end));
        }
    }
}
