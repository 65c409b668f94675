//! MacMahon's extended target puzzle: from a multiset of at least n^3 cubes,
//! build an n x n x n model of the target (each outer face of the big cube
//! shows the target's colour on that face; inner faces are free).
//!
//! A position of the model needs a cube showing given colours on its outer
//! faces: three at the 8 corners, two along the 12 edges (n - 2 positions
//! each), one at the centres of the 6 faces ((n - 2)^2 each), none inside
//! ((n - 2)^3). Positions with the same outer faces are interchangeable, so
//! the puzzle is a transportation problem: cube types (with their numbers of
//! copies) on one side, position *kinds* (with their numbers of positions)
//! on the other, an arc wherever some rotation of the cube fits the kind.
//! The model can be built iff the maximum flow fills all n^3 positions.
//!
//! Both answers come with a certificate that [`check`] verifies from the
//! colourings alone: a placement (every position a cube of the multiset, no
//! copy used twice, the outer faces right), or a set of kinds whose
//! positions outnumber the cubes fitting any of them (Hall's condition
//! failing, read off the minimum cut).
//!
//! Johnson and Roldán cite Berkove et al. as proving that the n x n x n
//! model can be built whenever some eight of the cubes build the 2 x 2 x 2
//! one. Read as stated (any multiset of at least n^3 MacMahon cubes, outer
//! faces only) it fails already for n = 3: Conway's eight for `Ab` and 19
//! copies of `Ac` build the 2 x 2 x 2 model but not the 3 x 3 x 3 one (the
//! tests, with the blockage checked). The fillers matter: the tests find
//! 2,935 of 4,500 (target, eight, filler) choices with 19 copies of one
//! filler blocked, each because the filler fits no corner and has two
//! colours on opposite faces that some edge of the model needs side by side.
//!
//! ```
//! use cubist_macmahon::extended::{solve, Answer};
//! use cubist_macmahon::macmahon::{conway_eight, CubeId};
//! let ba = CubeId::from_name("Ba").unwrap();
//! let mut cubes: Vec<_> = conway_eight(ba).iter().map(|c| c.cube()).collect();
//! cubes.extend(std::iter::repeat_n(CubeId::from_name("Ab").unwrap().cube(), 19));
//! assert!(matches!(solve(&ba.cube(), &cubes, 3), Answer::Built(_)));
//! ```

use cubist_cube::{Cube, Face, Rotation};
use std::collections::BTreeMap;

/// The largest n accepted (n^3 = 4,096 positions).
pub const MAX_N: usize = 16;

/// The most cubes a multiset may have (at most 4,096 are placed; more only
/// give more choice). The caller refuses more before solving.
pub const MAX_CUBES: usize = 65_536;

/// The most kinds of cube (different up to rotation) a multiset may have:
/// the flow's capacity matrix has (kinds + kinds of position + 2)^2 entries
/// (at most 541^2 words, 2.3 MB, and each search for a path visits them
/// all). The caller refuses more before solving ([`kind_count`]).
pub const MAX_KINDS: usize = 512;

/// How many kinds of cube (different up to rotation) the multiset has.
pub fn kind_count(cubes: &[Cube]) -> usize {
    cubes
        .iter()
        .map(Cube::canonical)
        .collect::<std::collections::BTreeSet<_>>()
        .len()
}

/// A position's outer faces with the target's colours there.
pub type Kind = Vec<(Face, cubist_cube::Colour)>;

/// A position (x, y, z) of the model.
pub type Position = (usize, usize, usize);

/// The outer faces of position (x, y, z) of the n x n x n model (x right,
/// y up, z towards the front).
pub fn outer_faces(n: usize, x: usize, y: usize, z: usize) -> Vec<Face> {
    let mut v = Vec::new();
    if x == 0 {
        v.push(Face::L);
    }
    if x == n - 1 {
        v.push(Face::R);
    }
    if y == 0 {
        v.push(Face::D);
    }
    if y == n - 1 {
        v.push(Face::T);
    }
    if z == 0 {
        v.push(Face::B);
    }
    if z == n - 1 {
        v.push(Face::F);
    }
    v
}

/// Every position of the model, in x, y, z order.
pub fn positions(n: usize) -> Vec<(usize, usize, usize)> {
    let mut v = Vec::with_capacity(n * n * n);
    for x in 0..n {
        for y in 0..n {
            for z in 0..n {
                v.push((x, y, z));
            }
        }
    }
    v
}

/// The kind of a position for `target`.
pub fn kind(target: &Cube, n: usize, (x, y, z): (usize, usize, usize)) -> Kind {
    outer_faces(n, x, y, z)
        .into_iter()
        .map(|f| (f, target.face(f)))
        .collect()
}

/// A rotation of `cube` showing the kind's colours, if there is one.
pub fn fitting(cube: &Cube, kind: &Kind) -> Option<Rotation> {
    Rotation::all().find(|&r| {
        let c = cube.rotated(r);
        kind.iter().all(|&(f, col)| c.face(f) == col)
    })
}

/// One cube in the model.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Placed {
    /// The position (x, y, z).
    pub at: (usize, usize, usize),
    /// The cube's index in the multiset.
    pub cube: usize,
    /// Its rotation.
    pub rotation: Rotation,
}

/// The answer, with its certificate.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    /// Fewer than n^3 cubes.
    TooFew,
    /// A placement of n^3 of the cubes.
    Built(Vec<Placed>),
    /// Kinds (their positions) that too few cubes fit: (the kinds, their
    /// positions, the cubes fitting one of them).
    Blocked(Vec<Kind>, usize, usize),
}

/// Decides whether `cubes` build the n x n x n model of `target` (`2 <= n
/// <= MAX_N`), by maximum flow over cube types and position kinds.
pub fn solve(target: &Cube, cubes: &[Cube], n: usize) -> Answer {
    assert!((2..=MAX_N).contains(&n), "n is checked by the caller");
    let cells = n * n * n;
    if cubes.len() < cells {
        return Answer::TooFew;
    }
    // Cube types (canonical form) and their copies (indices into `cubes`).
    let mut types: BTreeMap<Cube, Vec<usize>> = BTreeMap::new();
    for (i, c) in cubes.iter().enumerate() {
        types.entry(c.canonical()).or_default().push(i);
    }
    let types: Vec<(Cube, Vec<usize>)> = types.into_iter().collect();
    let mut kinds: BTreeMap<Kind, Vec<Position>> = BTreeMap::new();
    for p in positions(n) {
        kinds.entry(kind(target, n, p)).or_default().push(p);
    }
    let kinds: Vec<(Kind, Vec<Position>)> = kinds.into_iter().collect();
    let fits: Vec<Vec<bool>> = types
        .iter()
        .map(|(c, _)| kinds.iter().map(|(k, _)| fitting(c, k).is_some()).collect())
        .collect();
    // Nodes: 0 source, 1..=T types, then kinds, then the sink.
    let (nt, nk) = (types.len(), kinds.len());
    let sink = 1 + nt + nk;
    let mut cap = vec![vec![0usize; sink + 1]; sink + 1];
    for (t, (_, copies)) in types.iter().enumerate() {
        cap[0][1 + t] = copies.len();
        for k in 0..nk {
            if fits[t][k] {
                cap[1 + t][1 + nt + k] = cells;
            }
        }
    }
    for (k, (_, ps)) in kinds.iter().enumerate() {
        cap[1 + nt + k][sink] = ps.len();
    }
    let flow = max_flow(&mut cap, 0, sink);
    if flow < cells {
        // The minimum cut (S: reachable from the source in the residual
        // graph). No arc of infinite capacity leaves S, so the kinds outside
        // S are fitted only by types outside S, whose copies all cross the
        // cut: the cut's capacity, below n^3, makes those kinds' positions
        // outnumber the cubes fitting them.
        let seen = reachable(&cap, 0);
        let blocked: Vec<usize> = (0..nk).filter(|&k| !seen[1 + nt + k]).collect();
        let positions: usize = blocked.iter().map(|&k| kinds[k].1.len()).sum();
        let supply: usize = (0..nt)
            .filter(|&t| blocked.iter().any(|&k| fits[t][k]))
            .map(|t| types[t].1.len())
            .sum();
        return Answer::Blocked(blocked.iter().map(|&k| kinds[k].0.clone()).collect(), positions, supply);
    }
    // Read the placement off the flow: the reverse capacity on arc
    // type -> kind is the number of that type's cubes sent there.
    let mut placed = Vec::with_capacity(cells);
    let mut next_copy = vec![0usize; nt];
    for (k, (kind, ps)) in kinds.iter().enumerate() {
        let mut ps = ps.iter();
        for (t, (c, copies)) in types.iter().enumerate() {
            let used = cap[1 + nt + k][1 + t];
            let rotation = fitting(c, kind);
            for _ in 0..used {
                let (Some(&at), Some(r)) = (ps.next(), rotation) else {
                    break;
                };
                let i = copies[next_copy[t]];
                next_copy[t] += 1;
                // The copy may be any rotation of the canonical form.
                let r = Rotation::all()
                    .find(|&q| cubes[i].rotated(q) == c.rotated(r))
                    .unwrap_or(r);
                placed.push(Placed {
                    at,
                    cube: i,
                    rotation: r,
                });
            }
        }
    }
    placed.sort_by_key(|p| p.at);
    Answer::Built(placed)
}

/// Edmonds-Karp on a dense capacity matrix (a few dozen nodes), leaving the
/// residual capacities in `cap`.
fn max_flow(cap: &mut [Vec<usize>], s: usize, t: usize) -> usize {
    let n = cap.len();
    let mut flow = 0;
    loop {
        let mut prev = vec![usize::MAX; n];
        prev[s] = s;
        let mut queue = std::collections::VecDeque::from([s]);
        while let Some(u) = queue.pop_front() {
            for v in 0..n {
                if prev[v] == usize::MAX && cap[u][v] > 0 {
                    prev[v] = u;
                    queue.push_back(v);
                }
            }
        }
        if prev[t] == usize::MAX {
            return flow;
        }
        let mut push = usize::MAX;
        let mut v = t;
        while v != s {
            push = push.min(cap[prev[v]][v]);
            v = prev[v];
        }
        let mut v = t;
        while v != s {
            cap[prev[v]][v] -= push;
            cap[v][prev[v]] += push;
            v = prev[v];
        }
        flow += push;
    }
}

/// Nodes reachable from `s` along arcs with residual capacity.
fn reachable(cap: &[Vec<usize>], s: usize) -> Vec<bool> {
    let mut seen = vec![false; cap.len()];
    seen[s] = true;
    let mut stack = vec![s];
    while let Some(u) = stack.pop() {
        for v in 0..cap.len() {
            if !seen[v] && cap[u][v] > 0 {
                seen[v] = true;
                stack.push(v);
            }
        }
    }
    seen
}

/// Checks an answer from the colourings alone: a placement puts a different
/// cube of the multiset at every position with the target's colours on the
/// outer faces; a blockage names kinds with more positions than the cubes
/// fitting any of them (recounted here). `Err` says what is wrong.
pub fn check(target: &Cube, cubes: &[Cube], n: usize, answer: &Answer) -> Result<(), String> {
    match answer {
        Answer::TooFew => (cubes.len() < n * n * n).then_some(()).ok_or("enough cubes".into()),
        Answer::Built(placed) => {
            let mut used = vec![false; cubes.len()];
            let mut at: Vec<(usize, usize, usize)> = placed.iter().map(|p| p.at).collect();
            at.sort_unstable();
            if at != positions(n) {
                return Err("the placement does not fill every position once".into());
            }
            for p in placed {
                if p.cube >= cubes.len() || std::mem::replace(&mut used[p.cube], true) {
                    return Err(format!("cube {} is not an unused cube of the multiset", p.cube));
                }
                let c = cubes[p.cube].rotated(p.rotation);
                let (x, y, z) = p.at;
                if outer_faces(n, x, y, z).iter().any(|&f| c.face(f) != target.face(f)) {
                    return Err(format!("position {:?} shows a wrong colour", p.at));
                }
            }
            Ok(())
        }
        Answer::Blocked(kinds, _, _) => {
            let demand = positions(n)
                .into_iter()
                .filter(|&p| kinds.contains(&kind(target, n, p)))
                .count();
            let supply = cubes
                .iter()
                .filter(|c| kinds.iter().any(|k| fitting(c, k).is_some()))
                .count();
            (demand > supply)
                .then_some(())
                .ok_or(format!("{demand} positions, {supply} fitting cubes: not a blockage"))
        }
    }
}
