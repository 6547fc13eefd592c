//! Numbers, kept as their lexeme.
use std::fmt;

use crate::decode;

/// A number kept as its lexeme; conversions happen on demand and lose nothing until then.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Number<'d> {
    pub(super) lexeme: &'d str,
    pub(super) integer: bool,
}

impl<'d> Number<'d> {
    /// The number exactly as written.
    pub fn lexeme(self) -> &'d str {
        self.lexeme
    }

    /// Whether it is written without fraction or exponent.
    pub fn is_integer_literal(self) -> bool {
        self.integer
    }

    /// As `f64` (may round; `1e400` is infinite).
    pub fn as_f64(self) -> f64 {
        self.lexeme.parse().unwrap_or(f64::NAN)
    }

    /// As `i64`, when written as an integer in range.
    pub fn as_i64(self) -> Option<i64> {
        if self.integer {
            self.lexeme.parse().ok()
        } else {
            None
        }
    }

    /// As `u64`, when written as a non-negative integer in range.
    pub fn as_u64(self) -> Option<u64> {
        if self.integer {
            self.lexeme.parse().ok()
        } else {
            None
        }
    }

    /// As `i128`, when written as an integer in range.
    pub fn as_i128(self) -> Option<i128> {
        if self.integer {
            self.lexeme.parse().ok()
        } else {
            None
        }
    }

    /// Whether the value is mathematically an integer (`1`, `1.0`, `1e2`, `-0`), judged from the
    /// lexeme without rounding.
    pub fn is_integral(self) -> bool {
        decode::number_is_integral(self.lexeme)
    }
}

impl fmt::Display for Number<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.lexeme)
    }
}
