//! Detector tests: every format positive (built at run time from the synthetic generator, so
//! no credential-shaped literal lives in the source), and the negatives of §D.2.
use super::*;
use crate::synthetic;

/// The kinds and exact ranges found in `text`.
fn kinds(text: &str) -> Vec<(&'static str, &str, bool)> {
    find(text)
        .iter()
        .map(|f| (f.kind.name, &text[f.start..f.end], f.placeholder))
        .collect()
}

#[track_caller]
fn none(text: &str) {
    assert!(find(text).is_empty(), "{text:?}: {:?}", kinds(text));
}

#[track_caller]
fn placeholder(text: &str, kind: &Kind) {
    let found = find(text);
    assert_eq!(found.len(), 1, "{text:?}: {:?}", kinds(text));
    assert!(found[0].placeholder, "{text:?}");
    assert_eq!(found[0].kind, kind, "{text:?}");
}

#[test]
fn every_format_in_context() {
    for seed in [1, 2, 3] {
        for t in synthetic::tokens(seed) {
            let (start, end) = if t.kind == SLACK_WEBHOOK.name {
                (t.token.len() - t.random.len(), t.token.len())
            } else {
                (0, t.token.len())
            };
            let secret = &t.token[start..end];
            for (before, after) in [
                ("", ""),
                ("Bearer ", ""),
                ("--api-key=", ""),
                ("\"", "\""),
                ("KEY=", "; next"),
                ("\\n", "\\n"),
                ("\\u0020", " "),
                ("(", ")"),
            ] {
                let text = format!("{before}{}{after}", t.token);
                let found = find(&text);
                assert_eq!(found.len(), 1, "{text:?}: {:?}", kinds(&text));
                let f = found[0];
                assert_eq!(f.kind.name, t.kind, "{text:?}");
                assert!(!f.placeholder, "{text:?}");
                assert_eq!(&text[f.start..f.end], secret, "{text:?}");
            }
        }
    }
}

#[test]
fn not_at_a_boundary() {
    for t in synthetic::tokens(4) {
        if t.kind == SLACK_WEBHOOK.name || t.kind == PRIVATE_KEY.name {
            continue;
        }
        // Glued to a longer identifier: no match at all, or not this token.
        let glued = format!("x{}", t.token);
        assert!(
            find(&glued).iter().all(|f| f.start != 1),
            "{glued:?}: {:?}",
            kinds(&glued)
        );
        // One character too many in the body of a fixed-length format.
        let fixed = [
            &GITHUB_PAT,
            &GITHUB_OAUTH,
            &GITHUB_USER_TO_SERVER,
            &GITHUB_SERVER_TO_SERVER,
            &GITHUB_REFRESH,
            &GITHUB_FINE_GRAINED,
            &OPENROUTER_KEY,
            &GOOGLE_OAUTH_SECRET,
            &GOOGLE_API_KEY,
            &HUGGING_FACE,
            &NPM,
            &PERPLEXITY,
            &LINEAR,
            &SENTRY,
            &SUPABASE,
            &TAVILY,
            &FIRECRAWL,
            &GROQ,
            &XAI,
            &DIGITALOCEAN,
            &REPLICATE,
            &AWS_ACCESS_KEY,
            &SENDGRID,
        ];
        if fixed.iter().any(|k| k.name == t.kind) {
            let longer = format!("{}{}", t.token, &t.random[..1]);
            assert!(
                find(&longer).iter().all(|f| f.placeholder),
                "{longer:?}: {:?}",
                kinds(&longer)
            );
        }
    }
}

#[test]
fn hashes_uuids_and_ids_are_not_tokens() {
    none("da39a3ee5e6b4b0d3255bfef95601890afd80709");
    none("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
    none("550e8400-e29b-41d4-a716-446655440000");
    none("sha256:e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
    none("ghp_short");
    none("task-runner sk-learn desk-top gh_pages");
    none("AKIA");
    none("AKIAlowercase0123456789");
    none("version 1.2.3-beta.4 at 2025-06-18T07:58:07.774Z");
    none("key.eyes.eyebrow");
    none("a.ey.b");
    none(
        "-----BEGIN PUBLIC KEY-----\nMIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA\n-----END PUBLIC KEY-----",
    );
    // Bare `sk-` with a random body but without the OpenAI keyword is too weak.
    none("sk-0a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8s9T0u");
}

#[test]
fn placeholders_in_token_shape() {
    placeholder("AKIAIOSFODNN7EXAMPLE", &AWS_ACCESS_KEY);
    placeholder("ghp_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx", &GITHUB_PAT);
    placeholder("ghp_XXXXXXXX", &GITHUB_PAT);
    placeholder("ghp_your_token_here", &GITHUB_PAT);
    placeholder("github_pat_...", &GITHUB_FINE_GRAINED);
    placeholder("sk-...", &OPENAI_KEY);
    placeholder("sk-ant-...", &ANTHROPIC_KEY);
    placeholder("sk-ant-api03-...", &ANTHROPIC_KEY);
    placeholder("tvly-YOUR_API_KEY", &TAVILY);
    placeholder("tvly-<your key>", &TAVILY);
    placeholder("xoxb-your-bot-token", &SLACK_TOKEN);
    placeholder("AIza…", &GOOGLE_API_KEY);
    placeholder("glpat-xxxxxxxxxxxxxxxxxxxx", &GITLAB_PAT);
    placeholder("hf_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx", &HUGGING_FACE);
    placeholder(&format!("npm_{}", "0".repeat(36)), &NPM);
    placeholder(
        "-----BEGIN RSA PRIVATE KEY-----\n...\n-----END RSA PRIVATE KEY-----",
        &PRIVATE_KEY,
    );
    placeholder(
        "-----BEGIN PRIVATE KEY-----\\n<your key here>\\n-----END PRIVATE KEY-----",
        &PRIVATE_KEY,
    );
}

#[test]
fn pem_blocks() {
    let key = synthetic::tokens(9)
        .into_iter()
        .find(|t| t.kind == PRIVATE_KEY.name)
        .unwrap();
    // Escaped line breaks, as in raw JSON text.
    let escaped = format!("\"{}\"", key.token.replace('\n', "\\n"));
    let found = find(&escaped);
    assert_eq!(found.len(), 1);
    assert_eq!(
        &escaped[found[0].start..found[0].end],
        &escaped[1..escaped.len() - 1]
    );
    // A truncated block (no footer) runs to the end of the base64 text.
    let cut = &key.token[..key.token.find("-----END").unwrap()];
    let found = find(cut);
    assert_eq!(found.len(), 1);
    assert!(!found[0].placeholder);
    assert_eq!(found[0].end, cut.trim_end().len());
    // OpenSSH bodies hold long runs of `A`; they are still keys.
    let body = format!(
        "b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW\n{}",
        key.random
    );
    let openssh =
        format!("-----BEGIN OPENSSH PRIVATE KEY-----\n{body}\n-----END OPENSSH PRIVATE KEY-----\n");
    let found = find(&openssh);
    assert_eq!(found.len(), 1);
    assert!(!found[0].placeholder);
}

#[test]
fn jwt_header_must_decode() {
    let jwt = synthetic::tokens(5)
        .into_iter()
        .find(|t| t.kind == JWT.name)
        .unwrap();
    let (_, rest) = jwt.token.split_once('.').unwrap();
    // A header that is not JSON with `alg` or `typ`.
    none(&format!("eyAAAAAAAAAAAAAAAAAAAAAA.{rest}"));
    // Two segments only.
    let two = jwt.token.rsplit_once('.').unwrap().0;
    none(&format!("{two} and more"));
    // Unsigned tokens (empty signature) still count.
    let unsigned = format!("{two}.");
    assert_eq!(kinds(&unsigned).len(), 1);
}

#[test]
fn several_tokens_in_one_text() {
    let all = synthetic::tokens(11);
    let text = all
        .iter()
        .map(|t| t.token.as_str())
        .collect::<Vec<_>>()
        .join(" ; ");
    let found = find(&text);
    assert_eq!(found.len(), all.len(), "{:?}", kinds(&text));
    assert!(found.windows(2).all(|w| w[0].end <= w[1].start));
}

#[test]
fn prefilter() {
    assert!(!may_contain(
        b"{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/list\"}"
    ));
    assert!(!may_contain(b"plain_snake_case and kebab-case and 1.2.3"));
    for t in synthetic::tokens(12) {
        assert!(may_contain(t.token.as_bytes()), "{}", t.kind);
        assert!(
            may_contain(format!("x \\n{} y", t.token).as_bytes()),
            "{}",
            t.kind
        );
    }
}

#[test]
fn never_panics_on_edges() {
    for text in [
        "",
        "_",
        "-",
        ".",
        "A",
        "sk-",
        "sk-ant-",
        "sk-ant-api",
        "xoxe.",
        "xoxe.xox",
        "xoxb-",
        "xapp-",
        "hooks.",
        "hooks.slack.com/",
        "SG.",
        "SG.a.b",
        "-----BEGIN",
        "-----BEGIN ",
        "-----BEGIN PRIVATE KEY",
        "-----BEGIN PRIVATE KEY-----",
        ".ey",
        "a.ey",
        "A3T",
        "AIza",
        "\\u",
        "\\u00",
        "é_é-é.é",
        "ghp_é",
        "\\nghp_",
    ] {
        let _ = find(text);
        let _ = may_contain(text.as_bytes());
    }
}

#[test]
fn first_bytes_cover_every_stem() {
    for f in SIMPLE {
        let p = f.prefix.as_bytes();
        let sep = p
            .iter()
            .position(|c| matches!(c, b'_' | b'-' | b'.'))
            .unwrap();
        assert!(FIRST[usize::from(p[0])], "{}", f.prefix);
        assert!(ends_stem(p[sep - 2], p[sep - 1], p[sep]), "{}", f.prefix);
        assert!(is_stem(&p[..sep], p[sep]), "{}", f.prefix);
        assert!(STEM_LENGTHS.contains(&sep), "{}", f.prefix);
    }
    for &(stem, sep) in SPECIAL_STEMS {
        assert!(FIRST[usize::from(stem[0])], "{stem:?}");
        assert!(
            ends_stem(stem[stem.len() - 2], stem[stem.len() - 1], sep),
            "{stem:?}"
        );
        assert!(is_stem(stem, sep), "{stem:?}");
        assert!(STEM_LENGTHS.contains(&stem.len()), "{stem:?}");
    }
}

#[test]
fn anchors_in_blocks_match_a_byte_by_byte_scan() {
    let pieces: [&[u8]; 9] = [
        b"ghp_",
        br#"\"key\":\"\\u0041\"\\"#,
        b"AKIAIOSFODNN7EXAMPLEX",
        b" plain text. with - dashes_ ",
        b"\\u0067hp_",
        b"\\u001b[0m",
        b"x.eyJhbGciOi",
        b"-----BEGIN",
        b"sk-proj-",
    ];
    let mut state = 7u64;
    for len in [0usize, 1, 63, 64, 65, 127, 128, 129, 1000] {
        let mut bytes = Vec::new();
        while bytes.len() < len {
            state = state
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1);
            bytes.extend_from_slice(pieces[(state >> 33) as usize % pieces.len()]);
        }
        bytes.truncate(len);
        let expected: Vec<usize> = (0..bytes.len()).filter(|&i| is_anchor(&bytes, i)).collect();
        assert_eq!(anchors(&bytes), expected, "length {len}");
        if len >= 64 {
            assert!(!expected.is_empty());
        }
    }
}
