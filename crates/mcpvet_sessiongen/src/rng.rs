//! A small deterministic PRNG (`SplitMix64`).
//!
//! Only integer arithmetic is used to derive values, so the same seed gives the same stream on
//! every platform (no `ln`/`exp`, whose last bit may differ between libm implementations).

/// `SplitMix64`: 64 bits of state, passes `BigCrush`, more than enough for test data.
#[derive(Debug, Clone)]
pub(crate) struct Rng {
    state: u64,
}

impl Rng {
    /// A generator for `seed`, decorrelated from other streams by `stream`.
    pub(crate) fn new(seed: u64, stream: u64) -> Self {
        let mut rng = Rng {
            state: seed ^ stream.wrapping_mul(0xD6E8_FEB8_6659_FD93),
        };
        // Warm up so that small seeds (0, 1, 2) do not start with similar outputs.
        rng.next_u64();
        rng.next_u64();
        rng
    }

    pub(crate) fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in `0..n` (`n > 0`; returns 0 for `n == 0`). Multiply-shift, bias below 2^-32
    /// for the ranges used here.
    pub(crate) fn below(&mut self, n: u64) -> u64 {
        ((u128::from(self.next_u64()) * u128::from(n)) >> 64) as u64
    }

    /// Uniform index into a slice of length `len` (`len > 0`).
    pub(crate) fn index(&mut self, len: usize) -> usize {
        self.below(len as u64) as usize
    }

    /// Uniform in `lo..=hi` (`lo <= hi`).
    pub(crate) fn range(&mut self, lo: u64, hi: u64) -> u64 {
        lo + self.below(hi - lo + 1)
    }

    /// Uniform in `lo..=hi` for signed bounds (`lo <= hi`).
    #[expect(
        clippy::cast_sign_loss,
        clippy::cast_possible_wrap,
        reason = "two's complement offset arithmetic on purpose"
    )]
    pub(crate) fn range_i64(&mut self, lo: i64, hi: i64) -> i64 {
        let span = hi.wrapping_sub(lo) as u64;
        if span == u64::MAX {
            return self.next_u64() as i64;
        }
        lo.wrapping_add(self.below(span + 1) as i64)
    }

    /// True with probability `per_mille / 1000`.
    pub(crate) fn chance(&mut self, per_mille: u64) -> bool {
        self.below(1000) < per_mille
    }

    pub(crate) fn pick<T: Copy>(&mut self, items: &[T]) -> T {
        items[self.index(items.len())]
    }

    /// A size in `lo..hi`, roughly log-uniform: a random power-of-two bucket, then uniform
    /// inside it. Integer-only, hence platform independent.
    pub(crate) fn log_uniform(&mut self, lo: u64, hi: u64) -> u64 {
        debug_assert!(lo > 0 && lo < hi);
        let mut buckets = 0u64;
        while (lo << (buckets + 1)) < hi {
            buckets += 1;
        }
        let k = self.below(buckets + 1);
        let start = lo << k;
        let end = (lo << (k + 1)).min(hi);
        self.range(start, end.max(start + 1) - 1)
    }

    /// Fisher-Yates shuffle.
    pub(crate) fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.index(i + 1);
            items.swap(i, j);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Rng;

    #[test]
    fn same_seed_same_stream() {
        let mut a = Rng::new(42, 1);
        let mut b = Rng::new(42, 1);
        for _ in 0..1000 {
            assert_eq!(a.next_u64(), b.next_u64());
        }
        let mut c = Rng::new(42, 2);
        assert_ne!(Rng::new(42, 1).next_u64(), c.next_u64());
    }

    #[test]
    fn ranges_stay_in_bounds() {
        let mut rng = Rng::new(7, 0);
        for _ in 0..10_000 {
            let v = rng.range(3, 9);
            assert!((3..=9).contains(&v));
            let s = rng.range_i64(-5, 5);
            assert!((-5..=5).contains(&s));
            let l = rng.log_uniform(20_000, 1_000_000);
            assert!((20_000..1_000_000).contains(&l), "{l}");
        }
    }

    #[test]
    fn known_first_values() {
        // Pins the stream itself (an independent SplitMix64 computation): a change here
        // changes every generated session.
        let mut rng = Rng::new(1, 0);
        assert_eq!(rng.next_u64(), 0xf893_a2ee_fb32_555e);
        assert_eq!(rng.next_u64(), 0x71c1_8690_ee42_c90b);
    }
}
