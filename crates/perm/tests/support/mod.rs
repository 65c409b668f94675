//! Test and bench fixtures: n x n x n cube generators on the 6n^2 stickers, built
//! from coordinates (the real puzzle definitions live in cubist-twisty).
#![allow(dead_code)]

use std::collections::HashMap;

use cubist_perm::Perm;

/// Sticker coordinates (doubled, so the cube spans -n..n): the face axis
/// coordinate is ±n, the others odd numbers in -(n-1)..=(n-1).
fn stickers(n: i32) -> Vec<[i32; 3]> {
    let mut out = Vec::new();
    for axis in 0..3 {
        for sign in [-1, 1] {
            for u in 0..n {
                for v in 0..n {
                    let mut p = [0; 3];
                    p[axis] = sign * n;
                    p[(axis + 1) % 3] = -(n - 1) + 2 * u;
                    p[(axis + 2) % 3] = -(n - 1) + 2 * v;
                    out.push(p);
                }
            }
        }
    }
    out
}

/// The quarter turn of layer `layer` (0-based from the negative side) about `axis`.
pub fn layer_turn(n: i32, axis: usize, layer: i32) -> Perm {
    let pts = stickers(n);
    let index: HashMap<[i32; 3], u32> = pts.iter().enumerate().map(|(i, &p)| (p, i as u32)).collect();
    let (a, b) = ((axis + 1) % 3, (axis + 2) % 3);
    let images = pts
        .iter()
        .map(|&p| {
            let c = p[axis];
            if -n + 2 * layer <= c && c <= -n + 2 * layer + 2 {
                let mut q = p;
                q[a] = -p[b];
                q[b] = p[a];
                index[&q]
            } else {
                index[&p]
            }
        })
        .collect();
    Perm::from_images(images).unwrap()
}

/// Generators of the n x n x n cube on its 6n^2 stickers: quarter turns of every
/// layer except one per axis (the middle slice for odd n, the last layer for
/// even n), so the puzzle cannot turn as a whole.
pub fn cube_generators(n: i32) -> Vec<Perm> {
    let skip = if n % 2 == 1 { (n - 1) / 2 } else { n - 1 };
    let mut gens = Vec::new();
    for axis in 0..3 {
        for layer in 0..n {
            if layer != skip {
                gens.push(layer_turn(n, axis, layer));
            }
        }
    }
    gens
}

/// The six outer face turns of the n x n x n cube.
pub fn face_turns(n: i32) -> Vec<Perm> {
    let mut gens = Vec::new();
    for axis in 0..3 {
        gens.push(layer_turn(n, axis, 0));
        gens.push(layer_turn(n, axis, n - 1));
    }
    gens
}
