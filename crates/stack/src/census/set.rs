//! A set of cube numbers packed in one `u64`, so that millions of listed
//! sets (K = 5 has millions with exactly one solution) cost 8 bytes each.

use serde::de::Error;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// Up to 8 increasing 1-based cube numbers (at most 255), first number in
/// the highest byte: integer order is lexicographic order. Serialised as a
/// JSON array of the numbers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct CubeNumbers(u64);

impl CubeNumbers {
    /// The set of these 0-based family indices (sorted here).
    pub(crate) fn from_indices(ix: &[usize]) -> CubeNumbers {
        let mut v: Vec<usize> = ix.to_vec();
        v.sort_unstable();
        CubeNumbers::pack(v.iter().map(|&i| i as u64 + 1))
    }

    fn pack(numbers: impl Iterator<Item = u64>) -> CubeNumbers {
        CubeNumbers(numbers.enumerate().fold(0, |acc, (i, x)| acc | x << (8 * (7 - i))))
    }

    /// The 1-based cube numbers, increasing.
    pub fn numbers(&self) -> Vec<u16> {
        (0..8)
            .map(|i| (self.0 >> (8 * (7 - i))) as u8 as u16)
            .take_while(|&x| x != 0)
            .collect()
    }
}

impl Serialize for CubeNumbers {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.numbers().serialize(s)
    }
}

impl<'de> Deserialize<'de> for CubeNumbers {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<CubeNumbers, D::Error> {
        let v = Vec::<u64>::deserialize(d)?;
        if v.len() > 8 || v.iter().any(|&x| x == 0 || x > 255) || v.windows(2).any(|w| w[0] >= w[1]) {
            return Err(D::Error::custom(format!("not a set of cube numbers: {v:?}")));
        }
        Ok(CubeNumbers::pack(v.into_iter()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn packs_in_lexicographic_order_and_round_trips() {
        let a = CubeNumbers::from_indices(&[4, 0, 9]);
        assert_eq!(a.numbers(), [1, 5, 10]);
        let b = CubeNumbers::from_indices(&[0, 5, 6]);
        assert!(a < b);
        let json = serde_json::to_string(&a).unwrap();
        assert_eq!(json, "[1,5,10]");
        assert_eq!(serde_json::from_str::<CubeNumbers>(&json).unwrap(), a);
        assert!(serde_json::from_str::<CubeNumbers>("[3,2]").is_err());
    }
}
