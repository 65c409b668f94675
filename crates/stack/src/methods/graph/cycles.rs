//! The cycles of one 2-factor, and a direction for each (Theorem 1 of the
//! tower-of-cubes paper, as a walk).

use cubist_cube::Colour;

/// A 2-factor's cycles: per cube, its pair directed along the walk, and the
/// cycle it lies on (`None` for a loop, whose two directions show the same
/// colours).
pub(crate) struct Cycles {
    /// Per cube `(tail, head)`: the colour on F (or L) and on B (or R).
    pub(crate) directed: Vec<(Colour, Colour)>,
    /// Per cube, its cycle's index among the cycles that are not loops.
    pub(crate) cycle: Vec<Option<u32>>,
    /// Cycles that are not loops (2-cycles included).
    pub(crate) proper: u32,
    /// Loops.
    pub(crate) loops: u32,
}

/// Walks the cycles of a 2-factor given as one colour pair per cube (every
/// colour must occur exactly twice, a loop counting twice). Each proper
/// cycle is directed by walking it from its lowest cube: that cube keeps
/// its pair as written, and every next cube is turned so that its tail is
/// the previous head. Every colour is then once a tail and once a head.
pub(crate) fn cycles(pairs: &[(Colour, Colour)], colours: usize) -> Cycles {
    let n = pairs.len();
    let mut out = Cycles {
        directed: pairs.to_vec(),
        cycle: vec![None; n],
        proper: 0,
        loops: 0,
    };
    let mut at = Vec::new();
    (out.proper, out.loops) = walk_into(pairs, colours, &mut at, &mut out.directed, &mut out.cycle);
    out
}

/// [`cycles`] into caller-owned buffers (`at` is scratch; `directed` and
/// `cycle` have one entry per cube), returning (proper cycles, loops): the
/// graph method lists many factors' cycles per 4-cube set, where the
/// allocations would cost more than the walks.
pub(crate) fn walk_into(
    pairs: &[(Colour, Colour)],
    colours: usize,
    at: &mut Vec<[u32; 2]>,
    directed: &mut [(Colour, Colour)],
    cycle: &mut [Option<u32>],
) -> (u32, u32) {
    let n = pairs.len();
    // The (at most two) cubes at each colour, loops left out.
    at.clear();
    at.resize(colours, [u32::MAX; 2]);
    for (i, &(a, b)) in pairs.iter().enumerate() {
        if a != b {
            for c in [a, b] {
                let slot = &mut at[c.index()];
                let s = usize::from(slot[0] != u32::MAX);
                slot[s] = i as u32;
            }
        }
    }
    directed.copy_from_slice(pairs);
    cycle.fill(None);
    let (mut proper, mut loops) = (0, 0);
    // A cube is done once it is on a cycle; a loop is met only by this loop
    // (no walk reaches its colour), so it needs no mark.
    for s in 0..n {
        if cycle[s].is_some() {
            continue;
        }
        let (a, b) = pairs[s];
        if a == b {
            loops += 1;
            continue;
        }
        let id = proper;
        proper += 1;
        cycle[s] = Some(id);
        let (mut prev, mut head) = (s, b);
        while head != a {
            let [x, y] = at[head.index()];
            let next = if x as usize == prev { y } else { x } as usize;
            let (p, q) = pairs[next];
            let tail = head;
            head = if p == tail { q } else { p };
            directed[next] = (tail, head);
            cycle[next] = Some(id);
            prev = next;
        }
    }
    (proper, loops)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cycles_loops_and_two_cycles() {
        let c = Colour;
        // 0-1-2 cycle on cubes 0, 2, 3; a loop at 3 (cube 1); a 2-cycle 4-5 (cubes 4, 5).
        let pairs = [
            (c(0), c(1)),
            (c(3), c(3)),
            (c(2), c(1)),
            (c(0), c(2)),
            (c(4), c(5)),
            (c(4), c(5)),
        ];
        let cy = cycles(&pairs, 6);
        assert_eq!((cy.proper, cy.loops), (2, 1));
        assert_eq!(cy.cycle, vec![Some(0), None, Some(0), Some(0), Some(1), Some(1)]);
        assert_eq!(cy.directed[2], (c(1), c(2)));
        assert_eq!(cy.directed[3], (c(2), c(0)));
        assert_eq!(cy.directed[5], (c(5), c(4)));
        let mut tails: Vec<_> = cy.directed.iter().map(|d| d.0).collect();
        let mut heads: Vec<_> = cy.directed.iter().map(|d| d.1).collect();
        tails.sort();
        heads.sort();
        assert_eq!(tails, heads);
        assert_eq!(tails, (0..6).map(c).collect::<Vec<_>>());
    }
}
