//! Stage 1's last turns: every state within [`RADIUS`] turns of its goal,
//! held exactly.
//!
//! Stage 1 (the U and D centres onto U and D) is searched with one table
//! per centre orbit, each exact for its own orbit: a random state's stage
//! 1 is 10 or 11 turns, and each table says 7 or 8, so the search visits
//! most of the nodes it could, tens of millions (up to 133 million on 20
//! random states, some 3 s on one thread). The two orbits together are
//! 735,471² states, far too many for a table; but those within six turns
//! of the goal are not: 17,168,476, and 2,146,727 once the states one of
//! the cube's eight turns about the U/D axis (`y`, `x2` and their
//! products) takes to each other are counted once (a turn of the whole
//! cube that keeps the U/D axis keeps the goal, and maps the 36 block
//! turns onto themselves, so such states are equally far from it).
//!
//! This *ball* is a set of those classes, each with its distance: a
//! breadth-first search from the goal, a class at a time (its
//! representative's 36 children, each reduced to its class). A search
//! with `left` turns still to make passes over a child outside the ball
//! when `left - 1 <= RADIUS` (the child is at least `RADIUS + 1` turns
//! away), and over one inside it whose distance is more than `left - 1`:
//! every way's last six turns are walked straight down to the goal,
//! without trying the turns that lead off, and the ways found are the
//! same (only children with no way within the depth are passed over). On
//! 20 random states this cut stage 1's nodes 15 to 89 times (28 in all;
//! 132,987,628 to 2,642,557 for the slowest), for 33.6 MB and about half
//! a second to build.
//!
//! A class is stored as its least member's key: the two orbits' 24-bit
//! masks side by side (48 bits), the least over the eight turns, with the
//! distance above them, in one `u64`, in a table of open addressing with
//! linear probing ([`SLOTS`] places, about half filled). A library hash
//! map would hold the same in some three times the memory; a sorted list,
//! in half, but at some 22 dependent reads a look-up where this takes one
//! or two.

use cubist_twisty::Puzzle;

use super::model::Model;
use crate::reduction::tables::BitPerm;

/// How far from the goal the ball reaches, in block turns.
pub const RADIUS: u8 = 6;

/// The table's places: a power of two, about twice the classes held.
pub const SLOTS: usize = 1 << 22;

/// The classes within [`RADIUS`] (a unit test counts them): the table,
/// whose size is stated before it is built, is made to hold them about
/// half full, so that a look-up reads one or two places.
pub const CLASSES: usize = 2_146_727;

const _: () = assert!(CLASSES * 5 < SLOTS * 3, "the ball's table would be more than 60% full");

/// An empty place.
const EMPTY: u64 = u64::MAX;

/// The low 48 bits of an entry: the class's key.
const KEY: u64 = (1 << 48) - 1;

/// The whole-cube turns about the U/D axis, in the notation of the cube.
const TURNS: [&str; 8] = ["", "y", "y2", "y'", "x2", "x2 y", "x2 y2", "x2 y'"];

/// Whether `r`, a permutation of the slots of each of the centre orbits
/// `sets` (`r[s][q]`: where the piece in slot `q` goes), keeps the U and D
/// faces' slots and takes every block turn seen through it to a block
/// turn (`r t r⁻¹` is one, on both orbits).
fn is_symmetry(m: &Model, sets: [usize; 2], r: &[Vec<u8>; 2]) -> bool {
    let through = |r: &[u8], t: &[u8]| {
        let mut inv = [0u8; 24];
        for (q, &x) in r.iter().enumerate() {
            inv[x as usize] = q as u8;
        }
        (0..24).map(|q| r[t[inv[q] as usize] as usize]).collect::<Vec<u8>>()
    };
    let fits = sets
        .iter()
        .zip(r)
        .all(|(&s, r)| r.len() == 24 && (0..24).all(|q| m.faces[s][q] % 3 != 0 || m.faces[s][r[q] as usize] % 3 == 0));
    fits && m.blocks.iter().all(|t| {
        let seen = [0, 1].map(|i| through(&r[i], &t.to[sets[i]]));
        m.blocks.iter().any(|u| (0..2).all(|i| u.to[sets[i]] == seen[i]))
    })
}

/// Stage 1's states within [`RADIUS`] of its goal, up to the turns about
/// the U/D axis, and their distances.
pub struct Ball {
    /// Per whole-cube turn, its permutation of each orbit's slots.
    turns: Vec<[BitPerm; 2]>,
    slots: Vec<u64>,
}

impl Ball {
    /// The whole-cube turns of `p` (modelled by `m`) about its U/D axis on
    /// the centre orbits `sets` (the first two), or `None` when the cube's
    /// notation has no such turns, or has turns by those names that are not
    /// turns of the whole cube keeping stage 1's goal (a definition read
    /// from a file): stage 1 is then searched without a ball. A turn is
    /// taken when it keeps the U and D faces' slots and takes every block
    /// turn, seen through it, to a block turn (`r t r⁻¹` is one), which is
    /// what makes the states it relates equally far from the goal.
    pub fn turns(p: &Puzzle, m: &Model, sets: &[usize]) -> Option<Vec<[BitPerm; 2]>> {
        let [a, b] = [*sets.first()?, *sets.get(1)?];
        TURNS
            .iter()
            .map(|w| {
                let e = cubist_twisty::notation::parse(p, w).ok()?;
                let r = [a, b].map(|s| super::model::arrays(&e[s]).0);
                is_symmetry(m, [a, b], &r).then(|| r.map(|r| BitPerm::new(&r)))
            })
            .collect()
    }

    /// The ball around `goal` (the two orbits' masks) under the block turns
    /// `step` takes a pair of masks through (`moves` of them), reduced by
    /// the whole-cube `turns`: a breadth-first search, a class at a time.
    /// `None` if it would hold more than the [`CLASSES`] its table is made
    /// for (turns or a goal other than stage 1's).
    pub fn build(
        turns: Vec<[BitPerm; 2]>,
        goal: [u32; 2],
        moves: usize,
        step: impl Fn([u32; 2], usize) -> [u32; 2],
    ) -> Option<Ball> {
        let mut ball = Ball {
            turns,
            slots: vec![EMPTY; SLOTS],
        };
        let start = ball.key(goal);
        ball.insert(start, 0);
        let mut held = 1;
        let mut frontier = vec![start];
        for d in 1..=RADIUS {
            let mut next = Vec::new();
            for &k in &frontier {
                let masks = [(k & 0xFF_FFFF) as u32, (k >> 24) as u32];
                for t in 0..moves {
                    let child = ball.key(step(masks, t));
                    if ball.insert(child, d) {
                        held += 1;
                        if held > CLASSES {
                            return None;
                        }
                        next.push(child);
                    }
                }
            }
            frontier = next;
        }
        Some(ball)
    }

    /// The class's key of a pair of masks: the least over the turns.
    #[inline]
    fn key(&self, [a, b]: [u32; 2]) -> u64 {
        self.turns
            .iter()
            .map(|[ta, tb]| u64::from(ta.apply(a)) | u64::from(tb.apply(b)) << 24)
            .min()
            .unwrap_or(u64::from(a) | u64::from(b) << 24)
    }

    /// The first place to look for `key`.
    #[inline]
    fn home(key: u64) -> usize {
        (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - SLOTS.trailing_zeros())) as usize
    }

    /// Adds `key` at distance `d`, unless it is held: whether it was added.
    fn insert(&mut self, key: u64, d: u8) -> bool {
        let mut i = Self::home(key);
        loop {
            match self.slots[i] {
                EMPTY => {
                    self.slots[i] = key | u64::from(d) << 48;
                    return true;
                }
                e if e & KEY == key => return false,
                _ => i = (i + 1) & (SLOTS - 1),
            }
        }
    }

    /// The distance to the goal of the two orbits' masks, when it is at
    /// most [`RADIUS`] (`None`: more).
    #[inline]
    pub fn distance(&self, masks: [u32; 2]) -> Option<u8> {
        let key = self.key(masks);
        let mut i = Self::home(key);
        loop {
            match self.slots[i] {
                EMPTY => return None,
                e if e & KEY == key => return Some((e >> 48) as u8),
                _ => i = (i + 1) & (SLOTS - 1),
            }
        }
    }

    /// The bytes of its table.
    pub const BYTES: usize = SLOTS * 8;
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;

    use cubist_twisty::library;

    use super::*;
    use crate::bigcube::model::Kind;

    /// The eight turns of the whole cube about the U/D axis are symmetries
    /// of stage 1; a face turn, which keeps the U/D slots but not the set
    /// of block turns, and a turn about another axis are not.
    #[test]
    fn only_symmetries_of_stage_1_reduce_the_ball() {
        let p = library::puzzle("5x5x5").unwrap();
        let m = Model::new(&p).unwrap();
        let sets = m.sets_of(Kind::Centre);
        let pair = [sets[0], sets[1]];
        assert_eq!(Ball::turns(&p, &m, &sets).map(|t| t.len()), Some(8));
        for (w, symmetry) in [("y'", true), ("x2 y", true), ("U", false), ("x", false), ("z", false)] {
            let e = cubist_twisty::notation::parse(&p, w).unwrap();
            let r = pair.map(|s| crate::bigcube::model::arrays(&e[s]).0);
            assert_eq!(is_symmetry(&m, pair, &r), symmetry, "{w}");
        }
    }

    /// The 5x5x5's stage 1 as the tests see it: the ball, one turn's
    /// permutations of the two orbits' masks, and the goal.
    fn stage1() -> (Ball, Vec<[BitPerm; 2]>, [u32; 2]) {
        let p = library::puzzle("5x5x5").unwrap();
        let m = Model::new(&p).unwrap();
        let sets = m.sets_of(Kind::Centre);
        let [a, b] = [sets[0], sets[1]];
        let perms: Vec<[BitPerm; 2]> = m
            .blocks
            .iter()
            .map(|t| [BitPerm::new(&t.to[a]), BitPerm::new(&t.to[b])])
            .collect();
        let goal = [a, b].map(|s| {
            (0..24)
                .filter(|&q| m.faces[s][q] % 3 == 0)
                .fold(0u32, |acc, q| acc | 1 << q)
        });
        let step = |v: [u32; 2], t: usize| step(&perms, v, t);
        let ball = Ball::build(Ball::turns(&p, &m, &sets).unwrap(), goal, perms.len(), step).unwrap();
        (ball, perms, goal)
    }

    fn step(perms: &[[BitPerm; 2]], [x, y]: [u32; 2], t: usize) -> [u32; 2] {
        [perms[t][0].apply(x), perms[t][1].apply(y)]
    }

    /// Every pair of masks within `depth` turns of `goal`, unreduced, at
    /// its distance: the second computation the ball is checked against.
    fn unreduced(perms: &[[BitPerm; 2]], goal: [u32; 2], depth: u8) -> HashMap<[u32; 2], u8> {
        let mut seen: HashMap<[u32; 2], u8> = HashMap::from([(goal, 0)]);
        let mut frontier = vec![goal];
        for d in 1..=depth {
            let mut next = Vec::new();
            for &v in &frontier {
                for t in 0..perms.len() {
                    let w = step(perms, v, t);
                    if let std::collections::hash_map::Entry::Vacant(e) = seen.entry(w) {
                        e.insert(d);
                        next.push(w);
                    }
                }
            }
            frontier = next;
        }
        seen
    }

    /// Per class held: its distance and how many states it stands for
    /// (the distinct images of its key under the turns).
    fn members(ball: &Ball) -> Vec<(u8, usize)> {
        ball.slots
            .iter()
            .filter(|&&e| e != EMPTY)
            .map(|&e| {
                let masks = [(e & 0xFF_FFFF) as u32, (e >> 24 & 0xFF_FFFF) as u32];
                let mut images: Vec<u64> = ball
                    .turns
                    .iter()
                    .map(|[ta, tb]| u64::from(ta.apply(masks[0])) | u64::from(tb.apply(masks[1])) << 24)
                    .collect();
                images.sort_unstable();
                images.dedup();
                ((e >> 48) as u8, images.len())
            })
            .collect()
    }

    /// The ball against a second computation, a breadth-first search of
    /// the two orbits' masks themselves, unreduced, to five turns (868,185
    /// states, 43,235 within four): every one is in the ball at its own
    /// distance, and the classes within five stand for exactly those
    /// states; the children of states five turns away are all in the ball
    /// (at four or more). The classes counted are the number the table was
    /// made for. Unreduced, the ball would not fit its table: it is
    /// refused, not built.
    #[test]
    fn the_ball_holds_every_near_state_at_its_distance() {
        let (ball, perms, goal) = stage1();
        let members = members(&ball);
        assert_eq!(members.len(), CLASSES);
        let seen = unreduced(&perms, goal, 5);
        assert_eq!(seen.values().filter(|&&d| d <= 4).count(), 43_235);
        assert_eq!(seen.len(), 868_185);
        let within5: usize = members.iter().filter(|&&(d, _)| d <= 5).map(|&(_, n)| n).sum();
        assert_eq!(within5, seen.len());
        for (v, &d) in &seen {
            assert_eq!(ball.distance(*v), Some(d), "{v:?}");
        }
        for (&v, _) in seen.iter().filter(|&(_, &d)| d == 5).take(1000) {
            for t in 0..perms.len() {
                let w = step(&perms, v, t);
                let d = ball.distance(w);
                assert!(d.is_some_and(|d| d >= 4), "{w:?} {d:?}");
            }
        }
        let identity: Vec<u8> = (0..24).collect();
        let one = vec![[BitPerm::new(&identity), BitPerm::new(&identity)]];
        assert!(Ball::build(one, goal, perms.len(), |v, t| step(&perms, v, t)).is_none());
    }

    /// The whole ball against the unreduced search to six turns (release
    /// only: some 17 million states, seconds): its classes stand for
    /// exactly the states within six turns, each at its distance.
    /// `cargo test --release -p cubist-twisty-search --lib bigcube::ball -- --ignored`
    #[test]
    #[ignore]
    fn the_ball_stands_for_every_state_within_six_turns() {
        let (ball, perms, goal) = stage1();
        let seen = unreduced(&perms, goal, RADIUS);
        let stands_for: usize = members(&ball).iter().map(|&(_, n)| n).sum();
        assert_eq!(stands_for, seen.len());
        for (v, &d) in &seen {
            assert_eq!(ball.distance(*v), Some(d), "{v:?}");
        }
    }
}
