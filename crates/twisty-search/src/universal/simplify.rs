//! Cheap word simplification, so that reported lengths are honest: powers of
//! one move are merged (also across moves that commute with it, `R L R'` is
//! `L`), powers are reduced modulo the move's order to the shortest
//! representative (`R3` is `R'`), and letters that become the identity vanish.

/// `power` modulo `order`, as the representative closest to 0 (`+order/2` for
/// even orders, so a half turn prints as `R2`).
pub(crate) fn normalise(power: i64, order: u32) -> i64 {
    let k = order as i64;
    let p = power.rem_euclid(k);
    if p > k / 2 {
        p - k
    } else {
        p
    }
}

/// Simplifies `(move, power)` letters; `commute[a][b]` says moves `a` and `b` commute.
pub(crate) fn simplify(letters: &[(usize, i64)], order: &[u32], commute: &[Vec<bool>]) -> Vec<(usize, i64)> {
    let mut current: Vec<(usize, i64)> = letters.to_vec();
    loop {
        let mut out: Vec<(usize, i64)> = Vec::with_capacity(current.len());
        for &(m, p) in &current {
            let p = normalise(p, order[m]);
            if p == 0 {
                continue;
            }
            let mut i = out.len();
            let mut merged = false;
            while i > 0 {
                i -= 1;
                let (m2, p2) = out[i];
                if m2 == m {
                    let q = normalise(p + p2, order[m]);
                    if q == 0 {
                        out.remove(i);
                    } else {
                        out[i].1 = q;
                    }
                    merged = true;
                    break;
                }
                if !commute[m2][m] {
                    break;
                }
            }
            if !merged {
                out.push((m, p));
            }
        }
        if out.len() == current.len() {
            return out;
        }
        current = out;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn merges_cancels_and_commutes() {
        // Moves 0 (R), 1 (L), 2 (U); R and L commute; all of order 4.
        let order = [4, 4, 4];
        let commute = vec![
            vec![true, true, false],
            vec![true, true, false],
            vec![false, false, true],
        ];
        assert_eq!(simplify(&[(0, 1), (1, 1), (0, -1)], &order, &commute), vec![(1, 1)]);
        assert_eq!(simplify(&[(0, 1), (0, 1), (0, 1)], &order, &commute), vec![(0, -1)]);
        assert_eq!(
            simplify(&[(0, 1), (2, 1), (0, 1)], &order, &commute),
            vec![(0, 1), (2, 1), (0, 1)]
        );
        assert_eq!(
            simplify(&[(2, 1), (0, 2), (0, 2), (2, 1)], &order, &commute),
            vec![(2, 2)]
        );
        assert_eq!(normalise(2, 4), 2);
        assert_eq!(normalise(3, 5), -2);
    }
}
