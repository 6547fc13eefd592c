//! The token formats and the tables the scanner looks prefixes up in: data, kept apart so
//! the scanner (the parent module) reads on its own. Unit tests keep the stem tables in step
//! with the prefix formats.
/// A token format.
#[derive(Debug, PartialEq, Eq)]
pub struct Kind {
    /// What it is, for messages: `GitHub personal access token`.
    pub name: &'static str,
    /// Test-mode credentials (Stripe `sk_test_`): reported at a lower severity.
    pub test_mode: bool,
}

impl Kind {
    /// The name with its article, for messages: `a GitHub personal access token`, `an npm
    /// access token`.
    pub(crate) fn with_article(&self) -> String {
        // By sound: "an npm token", "an xAI key".
        let article = if self
            .name
            .starts_with(['A', 'E', 'I', 'O', 'U', 'a', 'e', 'i', 'o', 'u'])
            || self.name.starts_with("npm")
            || self.name.starts_with("xAI")
        {
            "an"
        } else {
            "a"
        };
        format!("{article} {}", self.name)
    }
}

macro_rules! kinds {
    ($($id:ident = $name:literal $(, $test:literal)?;)*) => {
        $(
            #[doc = concat!("The ", $name, " format.")]
            pub static $id: Kind = Kind { name: $name, test_mode: kinds!(@test $($test)?) };
        )*
    };
    (@test) => { false };
    (@test $t:literal) => { $t };
}

kinds! {
    GITHUB_PAT = "GitHub personal access token";
    GITHUB_OAUTH = "GitHub OAuth access token";
    GITHUB_USER_TO_SERVER = "GitHub user-to-server token";
    GITHUB_SERVER_TO_SERVER = "GitHub server-to-server token";
    GITHUB_REFRESH = "GitHub refresh token";
    GITHUB_FINE_GRAINED = "GitHub fine-grained personal access token";
    GITLAB_PAT = "GitLab personal access token";
    AWS_ACCESS_KEY = "AWS access key ID";
    SLACK_TOKEN = "Slack token";
    SLACK_APP_TOKEN = "Slack app-level token";
    SLACK_WEBHOOK = "Slack webhook URL";
    OPENAI_KEY = "OpenAI API key";
    OPENROUTER_KEY = "OpenRouter API key";
    ANTHROPIC_KEY = "Anthropic API key";
    ANTHROPIC_ADMIN_KEY = "Anthropic admin API key";
    ANTHROPIC_OAUTH = "Anthropic OAuth token";
    STRIPE_SECRET = "Stripe secret key";
    STRIPE_RESTRICTED = "Stripe restricted key";
    STRIPE_TEST_SECRET = "Stripe test-mode secret key", true;
    STRIPE_TEST_RESTRICTED = "Stripe test-mode restricted key", true;
    STRIPE_WEBHOOK = "Stripe webhook signing secret";
    GOOGLE_API_KEY = "Google API key";
    GOOGLE_OAUTH_SECRET = "Google OAuth client secret";
    JWT = "JSON Web Token";
    HUGGING_FACE = "Hugging Face access token";
    NPM = "npm access token";
    PRIVATE_KEY = "PEM private key";
    PERPLEXITY = "Perplexity API key";
    LINEAR = "Linear API key";
    NOTION = "Notion integration token";
    SENDGRID = "SendGrid API key";
    SENTRY = "Sentry user auth token";
    SUPABASE = "Supabase access token";
    SUPABASE_SECRET = "Supabase secret key";
    TAVILY = "Tavily API key";
    FIRECRAWL = "Firecrawl API key";
    GROQ = "Groq API key";
    XAI = "xAI API key";
    DIGITALOCEAN = "DigitalOcean personal access token";
    DOCKER_HUB = "Docker Hub personal access token";
    REPLICATE = "Replicate API token";
}

/// The alphabets of token bodies.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Alphabet {
    /// `[A-Za-z0-9]`
    Alnum,
    /// `[A-Za-z0-9_]`
    Word,
    /// `[A-Za-z0-9_-]` (base64url)
    Url64,
    /// `[a-f0-9]`
    LowerHex,
    /// `[A-Za-z]`
    Letters,
    /// `[A-Za-z0-9+/=]` (base64)
    Base64,
}

impl Alphabet {
    #[inline]
    pub(super) fn has(self, b: u8) -> bool {
        match self {
            Alphabet::Alnum => b.is_ascii_alphanumeric(),
            Alphabet::Word => b.is_ascii_alphanumeric() || b == b'_',
            Alphabet::Url64 => b.is_ascii_alphanumeric() || b == b'_' || b == b'-',
            Alphabet::LowerHex => b.is_ascii_digit() || (b'a'..=b'f').contains(&b),
            Alphabet::Letters => b.is_ascii_alphabetic(),
            Alphabet::Base64 => b.is_ascii_alphanumeric() || matches!(b, b'+' | b'/' | b'='),
        }
    }
}

/// A format made of a literal prefix and a body of one alphabet with a length range.
pub(super) struct Simple {
    pub(super) prefix: &'static str,
    pub(super) alphabet: Alphabet,
    pub(super) min: usize,
    pub(super) max: usize,
    pub(super) min_entropy: f64,
    pub(super) kind: &'static Kind,
}

const fn simple(
    prefix: &'static str,
    alphabet: Alphabet,
    min: usize,
    max: usize,
    min_entropy: f64,
    kind: &'static Kind,
) -> Simple {
    Simple {
        prefix,
        alphabet,
        min,
        max,
        min_entropy,
        kind,
    }
}

/// The prefix formats. Longer prefixes come before shorter ones that share their stem.
pub(super) static SIMPLE: &[Simple] = {
    use Alphabet::{Alnum, Base64, Letters, LowerHex, Url64, Word};
    &[
        simple("ghp_", Alnum, 36, 36, 3.0, &GITHUB_PAT),
        simple("gho_", Alnum, 36, 36, 3.0, &GITHUB_OAUTH),
        simple("ghu_", Alnum, 36, 36, 3.0, &GITHUB_USER_TO_SERVER),
        simple("ghs_", Alnum, 36, 36, 3.0, &GITHUB_SERVER_TO_SERVER),
        simple("ghr_", Alnum, 36, 36, 3.0, &GITHUB_REFRESH),
        simple("github_pat_", Word, 82, 82, 3.0, &GITHUB_FINE_GRAINED),
        simple("glpat-", Url64, 20, 64, 3.0, &GITLAB_PAT),
        simple("sk-or-v1-", LowerHex, 64, 64, 3.0, &OPENROUTER_KEY),
        simple("sk_live_", Alnum, 16, 99, 3.0, &STRIPE_SECRET),
        simple("sk_prod_", Alnum, 16, 99, 3.0, &STRIPE_SECRET),
        simple("sk_test_", Alnum, 16, 99, 3.0, &STRIPE_TEST_SECRET),
        simple("rk_live_", Alnum, 16, 99, 3.0, &STRIPE_RESTRICTED),
        simple("rk_prod_", Alnum, 16, 99, 3.0, &STRIPE_RESTRICTED),
        simple("rk_test_", Alnum, 16, 99, 3.0, &STRIPE_TEST_RESTRICTED),
        simple("whsec_", Base64, 24, 64, 3.0, &STRIPE_WEBHOOK),
        simple("GOCSPX-", Url64, 28, 28, 3.0, &GOOGLE_OAUTH_SECRET),
        simple("hf_", Letters, 34, 34, 3.0, &HUGGING_FACE),
        simple("npm_", Alnum, 36, 36, 3.0, &NPM),
        simple("pplx-", Alnum, 48, 48, 3.0, &PERPLEXITY),
        simple("lin_api_", Alnum, 40, 40, 3.0, &LINEAR),
        simple("ntn_", Alnum, 40, 50, 3.0, &NOTION),
        simple("secret_", Alnum, 43, 43, 3.5, &NOTION),
        simple("sntryu_", LowerHex, 64, 64, 3.0, &SENTRY),
        simple("sbp_", LowerHex, 40, 40, 3.0, &SUPABASE),
        simple("sb_secret_", Url64, 20, 64, 3.0, &SUPABASE_SECRET),
        simple("tvly-dev-", Alnum, 32, 32, 3.0, &TAVILY),
        simple("tvly-prod-", Alnum, 32, 32, 3.0, &TAVILY),
        simple("tvly-", Alnum, 32, 32, 3.0, &TAVILY),
        simple("fc-", LowerHex, 32, 32, 3.0, &FIRECRAWL),
        simple("gsk_", Alnum, 52, 52, 3.0, &GROQ),
        simple("xai-", Alnum, 80, 80, 3.0, &XAI),
        simple("dop_v1_", LowerHex, 64, 64, 3.0, &DIGITALOCEAN),
        simple("dckr_pat_", Url64, 27, 36, 3.0, &DOCKER_HUB),
        simple("r8_", Alnum, 37, 37, 3.0, &REPLICATE),
    ]
};

/// Stems handled by a special detector (the separator follows the stem); [`is_stem`] must
/// know them (checked by a unit test).
#[cfg(test)]
pub(super) const SPECIAL_STEMS: &[(&[u8], u8)] = &[
    (b"sk", b'-'),
    (b"xoxb", b'-'),
    (b"xoxp", b'-'),
    (b"xoxa", b'-'),
    (b"xoxr", b'-'),
    (b"xoxs", b'-'),
    (b"xoxe", b'-'),
    (b"xoxe", b'.'),
    (b"xoxo", b'-'),
    (b"xapp", b'-'),
    (b"hooks", b'.'),
    (b"SG", b'.'),
];

/// The first bytes of every prefix stem (a unit test keeps it in sync with [`SIMPLE`] and
/// [`SPECIAL_STEMS`]): most separators in text follow a word that starts otherwise.
const FIRST_BYTES: &[u8] = b"dfghlnprstwxGS";

pub(super) static FIRST: [bool; 256] = {
    let mut table = [false; 256];
    let mut i = 0;
    while i < FIRST_BYTES.len() {
        table[FIRST_BYTES[i] as usize] = true;
        i += 1;
    }
    table
};

/// The last two bytes of the stems before each separator (a unit test keeps them in sync
/// with [`SIMPLE`] and [`SPECIAL_STEMS`]).
const LAST_PAIRS: [(u8, &[&[u8; 2]]); 3] = [
    (
        b'_',
        &[
            b"hp", b"ho", b"hu", b"hs", b"hr", b"ub", b"sk", b"rk", b"ec", b"hf", b"pm", b"in",
            b"tn", b"et", b"yu", b"bp", b"sb", b"op", b"kr", b"r8",
        ],
    ),
    (
        b'-',
        &[
            b"at", b"sk", b"PX", b"lx", b"ly", b"fc", b"ai", b"xb", b"xp", b"xa", b"xr", b"xs",
            b"xe", b"xo", b"pp",
        ],
    ),
    (b'.', &[b"xe", b"ks", b"SG"]),
];

/// For each separator (`_`, `-`, `.`) and ASCII byte ending a stem before it, a bit per
/// ASCII byte that may come before that one.
static LAST: [[u128; 128]; 3] = {
    let mut table = [[0u128; 128]; 3];
    let mut s = 0;
    while s < LAST_PAIRS.len() {
        let pairs = LAST_PAIRS[s].1;
        let mut i = 0;
        while i < pairs.len() {
            let [before, last] = *pairs[i];
            table[s][last as usize] |= 1 << before;
            i += 1;
        }
        s += 1;
    }
    table
};

/// Whether a stem followed by `sep` may end with `before` then `last` (every stem has two
/// bytes or more). Most separators in text follow two bytes that end no stem: the stem
/// lengths are only tried after this.
#[inline]
pub(super) fn ends_stem(before: u8, last: u8, sep: u8) -> bool {
    let s = match sep {
        b'_' => 0,
        b'-' => 1,
        _ => 2,
    };
    before < 0x80 && last < 0x80 && (LAST[s][usize::from(last)] >> before) & 1 != 0
}

/// Whether `stem` followed by `sep` starts a known prefix (a unit test keeps this in sync
/// with [`SIMPLE`] and [`SPECIAL_STEMS`]).
pub(super) fn is_stem(stem: &[u8], sep: u8) -> bool {
    match sep {
        b'_' => matches!(
            stem,
            b"ghp"
                | b"gho"
                | b"ghu"
                | b"ghs"
                | b"ghr"
                | b"github"
                | b"sk"
                | b"rk"
                | b"whsec"
                | b"hf"
                | b"npm"
                | b"lin"
                | b"ntn"
                | b"secret"
                | b"sntryu"
                | b"sbp"
                | b"sb"
                | b"gsk"
                | b"dop"
                | b"dckr"
                | b"r8"
        ),
        b'-' => matches!(
            stem,
            b"glpat"
                | b"sk"
                | b"GOCSPX"
                | b"pplx"
                | b"tvly"
                | b"fc"
                | b"xai"
                | b"xoxb"
                | b"xoxp"
                | b"xoxa"
                | b"xoxr"
                | b"xoxs"
                | b"xoxe"
                | b"xoxo"
                | b"xapp"
        ),
        b'.' => matches!(stem, b"xoxe" | b"hooks" | b"SG"),
        _ => false,
    }
}

/// Stem lengths of the known prefixes.
pub(super) const STEM_LENGTHS: std::ops::RangeInclusive<usize> = 2..=6;
