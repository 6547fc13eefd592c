//! Address ranges (`start`–`end`, both included) of one family, compared as integers.
use std::fmt;
use std::net::IpAddr;

/// IPv4 or IPv6.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub(crate) enum Family {
    V4,
    V6,
}

impl Family {
    pub(crate) fn of(ip: IpAddr) -> Self {
        match ip {
            IpAddr::V4(_) => Family::V4,
            IpAddr::V6(_) => Family::V6,
        }
    }

    /// `IPv4` or `IPv6`.
    pub(crate) const fn name(self) -> &'static str {
        match self {
            Family::V4 => "IPv4",
            Family::V6 => "IPv6",
        }
    }

    /// The number of bits of an address.
    const fn bits(self) -> u32 {
        match self {
            Family::V4 => 32,
            Family::V6 => 128,
        }
    }
}

fn number(ip: IpAddr) -> u128 {
    match ip {
        IpAddr::V4(v4) => u128::from(u32::from(v4)),
        IpAddr::V6(v6) => u128::from(v6),
    }
}

/// A valid range: both ends of one family, `start <= end`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct IpRange {
    pub(crate) start: IpAddr,
    pub(crate) end: IpAddr,
}

impl fmt::Display for IpRange {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.start == self.end {
            write!(f, "`{}`", self.start)
        } else {
            write!(f, "`{}`–`{}`", self.start, self.end)
        }
    }
}

/// Why two addresses make no range.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum RangeError {
    /// One is IPv4, the other IPv6.
    Families(Family, Family),
    /// `start` comes after `end`.
    Reversed,
}

/// How a later range stands to an earlier one it meets.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Relation {
    /// The same addresses.
    Same,
    /// Every address of the later range is in the earlier one.
    Inside,
    /// Every address of the earlier range is in the later one.
    Contains,
    /// They share some addresses.
    Overlaps,
}

impl IpRange {
    /// The range `start`–`end`.
    pub(crate) fn new(start: IpAddr, end: IpAddr) -> Result<Self, RangeError> {
        let (a, b) = (Family::of(start), Family::of(end));
        if a != b {
            return Err(RangeError::Families(a, b));
        }
        if number(start) > number(end) {
            return Err(RangeError::Reversed);
        }
        Ok(IpRange { start, end })
    }

    pub(crate) fn family(self) -> Family {
        Family::of(self.start)
    }

    fn bounds(self) -> (u128, u128) {
        (number(self.start), number(self.end))
    }

    /// Whether the range holds every address of its family.
    pub(crate) fn is_everything(self) -> bool {
        let (s, e) = self.bounds();
        let last = u128::MAX >> (128 - self.family().bits());
        s == 0 && e == last
    }

    /// Whether the range holds at least half of the addresses of its family.
    pub(crate) fn is_half_or_more(self) -> bool {
        let (s, e) = self.bounds();
        // Addresses - 1 >= 2^(bits-1) - 1, without overflowing for IPv6's whole space.
        e - s >= (1u128 << (self.family().bits() - 1)) - 1
    }

    /// How `self`, compared with `other`, meets it (`None`: they share no address or are
    /// of different families).
    pub(crate) fn relation(self, other: IpRange) -> Option<Relation> {
        if self.family() != other.family() {
            return None;
        }
        let ((s, e), (os, oe)) = (self.bounds(), other.bounds());
        if s > oe || os > e {
            return None;
        }
        Some(if (s, e) == (os, oe) {
            Relation::Same
        } else if os <= s && e <= oe {
            Relation::Inside
        } else if s <= os && oe <= e {
            Relation::Contains
        } else {
            Relation::Overlaps
        })
    }
}

/// Pairs `(later, earlier)` of indices into `ranges` (list order) that share addresses, each
/// range appearing as `later` with at most one partner per sweep step: every range that
/// meets one before it in address order is paired with the one reaching furthest so far.
/// `O(n log n)`, so a long list costs no quadratic time.
pub(crate) fn overlaps(ranges: &[IpRange]) -> Vec<(usize, usize)> {
    let mut order: Vec<usize> = (0..ranges.len()).collect();
    order.sort_by_key(|&i| (ranges[i].family(), ranges[i].bounds().0, i));
    let mut out = Vec::new();
    // The range that reaches furthest among those seen, per family.
    let mut reach: Option<usize> = None;
    for i in order {
        let range = ranges[i];
        match reach {
            Some(r) if ranges[r].family() == range.family() => {
                if range.bounds().0 <= ranges[r].bounds().1 {
                    out.push((i.max(r), i.min(r)));
                }
                if range.bounds().1 > ranges[r].bounds().1 {
                    reach = Some(i);
                }
            }
            _ => reach = Some(i),
        }
    }
    out.sort_unstable();
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn r(start: &str, end: &str) -> IpRange {
        IpRange::new(start.parse().unwrap(), end.parse().unwrap()).unwrap()
    }

    #[test]
    fn ranges_need_one_family_in_order() {
        let a = |s: &str| s.parse::<IpAddr>().unwrap();
        assert_eq!(
            IpRange::new(a("10.0.0.1"), a("::1")),
            Err(RangeError::Families(Family::V4, Family::V6))
        );
        assert_eq!(
            IpRange::new(a("10.0.0.9"), a("10.0.0.1")),
            Err(RangeError::Reversed)
        );
        assert_eq!(
            IpRange::new(a("fe80::2"), a("fe80::1")),
            Err(RangeError::Reversed)
        );
        assert!(IpRange::new(a("10.0.0.1"), a("10.0.0.1")).is_ok());
        assert_eq!(r("10.0.0.1", "10.0.0.1").to_string(), "`10.0.0.1`");
        assert_eq!(
            r("10.0.0.0", "10.0.0.9").to_string(),
            "`10.0.0.0`–`10.0.0.9`"
        );
    }

    #[test]
    fn everything_and_half() {
        assert!(r("0.0.0.0", "255.255.255.255").is_everything());
        assert!(r("::", "ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff").is_everything());
        assert!(!r("0.0.0.1", "255.255.255.255").is_everything());
        assert!(r("0.0.0.1", "255.255.255.255").is_half_or_more());
        assert!(r("0.0.0.0", "127.255.255.255").is_half_or_more());
        assert!(!r("0.0.0.0", "127.255.255.254").is_half_or_more());
        assert!(!r("10.0.0.0", "10.255.255.255").is_half_or_more());
        assert!(r("::", "7fff:ffff:ffff:ffff:ffff:ffff:ffff:ffff").is_half_or_more());
        assert!(!r("::", "::ffff").is_half_or_more());
    }

    #[test]
    fn relations() {
        let big = r("10.0.0.0", "10.255.255.255");
        assert_eq!(big.relation(big), Some(Relation::Same));
        assert_eq!(
            r("10.1.0.0", "10.1.0.9").relation(big),
            Some(Relation::Inside)
        );
        assert_eq!(
            big.relation(r("10.1.0.0", "10.1.0.9")),
            Some(Relation::Contains)
        );
        assert_eq!(
            r("10.255.0.0", "11.0.0.0").relation(big),
            Some(Relation::Overlaps)
        );
        assert_eq!(r("11.0.0.0", "11.0.0.1").relation(big), None);
        assert_eq!(r("::", "::ffff:ffff").relation(big), None);
        // Touching at one address is sharing it.
        assert_eq!(
            r("10.255.255.255", "11.0.0.0").relation(big),
            Some(Relation::Overlaps)
        );
    }

    #[test]
    fn sweep_pairs_each_overlap() {
        let ranges = [
            r("10.0.0.0", "10.0.0.255"),       // 0
            r("192.168.0.0", "192.168.0.9"),   // 1
            r("10.0.0.128", "10.0.1.0"),       // 2: overlaps 0
            r("fe80::", "fe80::ff"),           // 3
            r("10.0.0.0", "10.0.0.255"),       // 4: same as 0
            r("fe80::10", "fe80::20"),         // 5: inside 3
            r("192.168.0.10", "192.168.0.20"), // 6: adjacent to 1, no overlap
            r("0.0.0.0", "0.0.0.0"),           // 7
        ];
        assert_eq!(overlaps(&ranges), [(2, 0), (4, 0), (5, 3)]);
        assert!(overlaps(&[]).is_empty());
        // Many disjoint ranges: no pair, and no quadratic time.
        let many: Vec<IpRange> = (0..50_000u32)
            .map(|i| {
                let ip = IpAddr::V4((i * 4).into());
                IpRange::new(ip, IpAddr::V4((i * 4 + 1).into())).unwrap()
            })
            .collect();
        assert!(overlaps(&many).is_empty());
    }
}
