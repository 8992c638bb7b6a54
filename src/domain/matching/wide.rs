//! Wide signed integers for the lexicographic weights of the pairing matching (`blossom.rs`).
//!
//! A weight is a number in mixed radix: one digit per criterion of docs/rules.md#3-pairing (and per score
//! level where a criterion goes level by level), the most important digit the most
//! significant. Such numbers outgrow `i128` in a large field, so the matching is generic over
//! `Weight`, implemented for `i128` and for `Wide<N>` (N 64-bit limbs, two's complement).

use std::cmp::Ordering;
use std::fmt;

/// The arithmetic the weighted matching needs.
pub trait Weight: Copy + Ord + fmt::Debug + Send + Sync {
    const ZERO: Self;
    #[must_use]
    fn add(self, other: Self) -> Self;
    #[must_use]
    fn sub(self, other: Self) -> Self;
    /// Floor division by two.
    #[must_use]
    fn half(self) -> Self;
    /// `self * m + d` for small `m` and `d` (digits of a mixed-radix number, Horner's rule).
    #[must_use]
    fn mul_add(self, m: u64, d: u64) -> Self;
    /// How many bits the type holds for non-negative values.
    const BITS: u32;
}

impl Weight for i128 {
    const ZERO: Self = 0;
    const BITS: u32 = 126;
    fn add(self, other: Self) -> Self {
        self + other
    }
    fn sub(self, other: Self) -> Self {
        self - other
    }
    fn half(self) -> Self {
        self >> 1
    }
    fn mul_add(self, m: u64, d: u64) -> Self {
        self * i128::from(m) + i128::from(d)
    }
}

/// A signed integer of `N` 64-bit limbs, least significant first.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Wide<const N: usize>(pub [u64; N]);

impl<const N: usize> Wide<N> {
    fn negative(&self) -> bool {
        self.0[N - 1] >> 63 == 1
    }
}

impl<const N: usize> fmt::Debug for Wide<N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Wide(")?;
        for limb in self.0.iter().rev() {
            write!(f, "{limb:016x}")?;
        }
        write!(f, ")")
    }
}

impl<const N: usize> Ord for Wide<N> {
    fn cmp(&self, other: &Self) -> Ordering {
        match (self.negative(), other.negative()) {
            (true, false) => return Ordering::Less,
            (false, true) => return Ordering::Greater,
            _ => {}
        }
        for i in (0..N).rev() {
            match self.0[i].cmp(&other.0[i]) {
                Ordering::Equal => {}
                o => return o,
            }
        }
        Ordering::Equal
    }
}

impl<const N: usize> PartialOrd for Wide<N> {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl<const N: usize> Weight for Wide<N> {
    const ZERO: Self = Wide([0; N]);
    const BITS: u32 = 64 * N as u32 - 2;
    fn add(self, other: Self) -> Self {
        let mut out = [0u64; N];
        let mut carry = false;
        for (i, o) in out.iter_mut().enumerate() {
            let (s, c1) = self.0[i].overflowing_add(other.0[i]);
            let (s, c2) = s.overflowing_add(u64::from(carry));
            *o = s;
            // `|`, not `||`: no branch, so the limbs compile to one add-with-carry chain.
            carry = c1 | c2;
        }
        Wide(out)
    }
    fn sub(self, other: Self) -> Self {
        let mut out = [0u64; N];
        let mut borrow = false;
        for (i, o) in out.iter_mut().enumerate() {
            let (s, b1) = self.0[i].overflowing_sub(other.0[i]);
            let (s, b2) = s.overflowing_sub(u64::from(borrow));
            *o = s;
            borrow = b1 | b2;
        }
        Wide(out)
    }
    fn half(self) -> Self {
        let mut out = [0u64; N];
        for (i, o) in out.iter_mut().enumerate() {
            let high = if i + 1 < N {
                self.0[i + 1] << 63
            } else {
                // Arithmetic shift: keep the sign.
                self.0[i] & (1 << 63)
            };
            *o = (self.0[i] >> 1) | high;
        }
        Wide(out)
    }
    fn mul_add(self, m: u64, d: u64) -> Self {
        let mut out = [0u64; N];
        let mut carry = u128::from(d);
        for (i, o) in out.iter_mut().enumerate() {
            let p = u128::from(self.0[i]) * u128::from(m) + carry;
            *o = p as u64;
            carry = p >> 64;
        }
        Wide(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn w(v: i128) -> Wide<3> {
        let neg = v < 0;
        let a = v.unsigned_abs();
        let pos = Wide::<3>::ZERO
            .mul_add(1, 0)
            .add(Wide([a as u64, (a >> 64) as u64, 0]));
        if neg { Wide::<3>::ZERO.sub(pos) } else { pos }
    }

    #[test]
    fn wide_matches_i128() {
        let values = [
            0i128,
            1,
            -1,
            7,
            -8,
            1 << 70,
            -(1 << 70) + 3,
            123_456_789_012_345,
        ];
        for &a in &values {
            for &b in &values {
                assert_eq!(w(a).add(w(b)), w(a + b), "{a} + {b}");
                assert_eq!(w(a).sub(w(b)), w(a - b), "{a} - {b}");
                assert_eq!(w(a).cmp(&w(b)), a.cmp(&b), "{a} cmp {b}");
            }
            assert_eq!(w(a).half(), w(a >> 1), "{a} / 2");
            assert_eq!(w(a.abs() >> 8).mul_add(100, 5), w((a.abs() >> 8) * 100 + 5));
        }
    }

    #[test]
    fn carries_cross_limbs() {
        let big = Wide::<2>([u64::MAX, 0]).add(Wide([1, 0]));
        assert_eq!(big, Wide([0, 1]));
        assert_eq!(big.sub(Wide([1, 0])), Wide([u64::MAX, 0]));
        assert_eq!(Wide::<2>([0, 1]).half(), Wide([1 << 63, 0]));
    }
}
