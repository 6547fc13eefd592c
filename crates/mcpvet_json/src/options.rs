/// What the parser accepts beyond RFC 8259, and its limits.
///
/// The default is strict JSON with a nesting limit of 128 and duplicate-key detection on.
/// Comments and trailing commas are always recorded in the document (so a later check can
/// flag them for clients that read strict JSON); these options only decide whether they are
/// also reported as errors.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct JsonOptions {
    pub(crate) allow_comments: bool,
    pub(crate) allow_trailing_commas: bool,
    pub(crate) max_depth: u32,
    pub(crate) duplicate_keys: bool,
}

impl Default for JsonOptions {
    fn default() -> Self {
        JsonOptions::strict()
    }
}

impl JsonOptions {
    /// The default nesting limit.
    pub const DEFAULT_MAX_DEPTH: u32 = 128;

    /// Strict RFC 8259 JSON.
    pub const fn strict() -> Self {
        JsonOptions {
            allow_comments: false,
            allow_trailing_commas: false,
            max_depth: Self::DEFAULT_MAX_DEPTH,
            duplicate_keys: true,
        }
    }

    /// JSON with comments (`//`, `/* */`) and trailing commas, as VS Code and Zed read it.
    pub const fn jsonc() -> Self {
        JsonOptions {
            allow_comments: true,
            allow_trailing_commas: true,
            ..Self::strict()
        }
    }

    /// Whether comments are accepted without an error.
    #[must_use]
    pub const fn with_comments(mut self, allow: bool) -> Self {
        self.allow_comments = allow;
        self
    }

    /// Whether trailing commas are accepted without an error.
    #[must_use]
    pub const fn with_trailing_commas(mut self, allow: bool) -> Self {
        self.allow_trailing_commas = allow;
        self
    }

    /// Maximum nesting of arrays and objects; deeper containers are skipped with a diagnostic.
    #[must_use]
    pub const fn with_max_depth(mut self, max_depth: u32) -> Self {
        self.max_depth = max_depth;
        self
    }

    /// Whether duplicate object keys are reported.
    #[must_use]
    pub const fn with_duplicate_key_check(mut self, check: bool) -> Self {
        self.duplicate_keys = check;
        self
    }

    /// Whether comments are accepted without an error.
    pub const fn allows_comments(&self) -> bool {
        self.allow_comments
    }

    /// Whether trailing commas are accepted without an error.
    pub const fn allows_trailing_commas(&self) -> bool {
        self.allow_trailing_commas
    }

    /// The nesting limit.
    pub const fn max_depth(&self) -> u32 {
        self.max_depth
    }
}
