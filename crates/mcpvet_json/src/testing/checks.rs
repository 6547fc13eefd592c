//! How much a fuzz target checks on one input: everything (the replay tests), or the cheap
//! properties always and the expensive ones on a sample (a campaign).

/// One input in this many gets the expensive properties under [`Checks::Sampled`].
pub const SAMPLE_RATE: u64 = 32;

/// How many of a fuzz target's properties one execution checks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Checks {
    /// Every property on every input: the replay tests and the property tests.
    All,
    /// The cheap properties on every input, the expensive ones (a second run for
    /// determinism, every renderer, every dialect, re-parsing with a reused parser) on one
    /// input in [`SAMPLE_RATE`], chosen by a hash of the input: an input always gets the same
    /// checks, so a failure reproduces, and a campaign still checks every property on many
    /// inputs.
    Sampled,
}

impl Checks {
    /// Whether the expensive properties run on `data`.
    pub fn expensive(self, data: &[u8]) -> bool {
        match self {
            Checks::All => true,
            Checks::Sampled => fnv1a(data).is_multiple_of(SAMPLE_RATE),
        }
    }
}

/// The 64-bit FNV-1a hash of `data`, then mixed so its low bits depend on every byte.
fn fnv1a(data: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in data {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    h ^ (h >> 29)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn all_checks_everything_and_sampled_about_one_in_32() {
        let inputs: Vec<Vec<u8>> = (0u32..4000).map(|i| i.to_le_bytes().to_vec()).collect();
        assert!(inputs.iter().all(|d| Checks::All.expensive(d)));
        let chosen = inputs
            .iter()
            .filter(|d| Checks::Sampled.expensive(d))
            .count();
        assert!((80..180).contains(&chosen), "{chosen} of 4000 sampled");
        assert_eq!(
            Checks::Sampled.expensive(b"same input"),
            Checks::Sampled.expensive(b"same input")
        );
    }
}
