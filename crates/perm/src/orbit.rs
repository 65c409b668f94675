//! Orbits of a group on points: the piece orbits `O_1, ..., O_N` of Eidswick's §4.
//!
//! ```
//! use cubist_perm::{orbits, Perm};
//!
//! let a = Perm::from_cycles(6, &[vec![0, 2], vec![3, 4]]).unwrap();
//! assert_eq!(orbits(6, &[a]), vec![vec![0, 2], vec![1], vec![3, 4], vec![5]]);
//! ```

use crate::perm::Perm;

/// The orbits of `<generators>` on `0..degree`, fixed points included as
/// singletons: each sorted, sorted by least point.
///
/// Panics if a generator has another degree (a programming error).
pub fn orbits(degree: usize, generators: &[Perm]) -> Vec<Vec<u32>> {
    // Union-find over the generator edges i -> ig: linear in degree * generators.
    let mut parent: Vec<u32> = (0..degree as u32).collect();
    fn find(parent: &mut [u32], mut x: u32) -> u32 {
        while parent[x as usize] != x {
            parent[x as usize] = parent[parent[x as usize] as usize];
            x = parent[x as usize];
        }
        x
    }
    for g in generators {
        assert_eq!(g.degree(), degree, "generator degree differs from the orbit degree");
        for (i, &image) in g.images().iter().enumerate() {
            let (a, b) = (find(&mut parent, i as u32), find(&mut parent, image));
            if a != b {
                parent[a.max(b) as usize] = a.min(b);
            }
        }
    }
    let mut slot = vec![usize::MAX; degree];
    let mut result: Vec<Vec<u32>> = Vec::new();
    for p in 0..degree as u32 {
        let root = find(&mut parent, p) as usize;
        if slot[root] == usize::MAX {
            slot[root] = result.len();
            result.push(Vec::new());
        }
        result[slot[root]].push(p);
    }
    result
}
