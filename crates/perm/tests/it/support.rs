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

/// Generators of the megaminx on its 132 stickers (11 per face of a
/// dodecahedron): the twelve 72° face turns, from coordinates.
pub fn megaminx_generators() -> Vec<Perm> {
    let phi = (1.0 + 5f64.sqrt()) / 2.0;
    let mut verts: Vec<[f64; 3]> = Vec::new();
    for a in [-1.0, 1.0] {
        for b in [-1.0, 1.0] {
            for c in [-1.0, 1.0] {
                verts.push([a, b, c]);
            }
            verts.push([0.0, a / phi, b * phi]);
            verts.push([a / phi, b * phi, 0.0]);
            verts.push([a * phi, 0.0, b / phi]);
        }
    }
    let mut normals: Vec<[f64; 3]> = Vec::new();
    for a in [-1.0, 1.0] {
        for b in [-1.0, 1.0] {
            normals.push([a, 0.0, b * phi]);
            normals.push([0.0, a * phi, b]);
            normals.push([a * phi, b, 0.0]);
        }
    }
    let dot = |p: [f64; 3], q: [f64; 3]| p[0] * q[0] + p[1] * q[1] + p[2] * q[2];
    let lerp = |c: [f64; 3], p: [f64; 3], t: f64| {
        [
            c[0] + t * (p[0] - c[0]),
            c[1] + t * (p[1] - c[1]),
            c[2] + t * (p[2] - c[2]),
        ]
    };
    // The five vertices of each face: those with the largest dot product with its normal.
    let faces: Vec<Vec<usize>> = normals
        .iter()
        .map(|&n| {
            let best = verts.iter().map(|&v| dot(v, n)).fold(f64::MIN, f64::max);
            (0..verts.len()).filter(|&i| dot(verts[i], n) > best - 1e-9).collect()
        })
        .collect();
    // Stickers: per face, its centre, a corner sticker per vertex and an edge
    // sticker per edge (vertex pairs at edge length 2/phi); `piece` names the
    // vertex set of the piece the sticker belongs to.
    let mut points = Vec::new();
    let mut pieces: Vec<Vec<usize>> = Vec::new();
    for (f, face) in faces.iter().enumerate() {
        let mut c = [0.0; 3];
        for &v in face {
            for k in 0..3 {
                c[k] += verts[v][k] / 5.0;
            }
        }
        points.push(c);
        pieces.push(vec![100 + f]);
        for &v in face {
            points.push(lerp(c, verts[v], 0.7));
            pieces.push(vec![v]);
        }
        for (i, &v) in face.iter().enumerate() {
            for &w in &face[i + 1..] {
                let d = (0..3).map(|k| (verts[v][k] - verts[w][k]).powi(2)).sum::<f64>().sqrt();
                if (d - 2.0 / phi).abs() < 1e-9 {
                    let m = [
                        (verts[v][0] + verts[w][0]) / 2.0,
                        (verts[v][1] + verts[w][1]) / 2.0,
                        (verts[v][2] + verts[w][2]) / 2.0,
                    ];
                    points.push(lerp(c, m, 0.7));
                    pieces.push(vec![v, w]);
                }
            }
        }
    }
    assert_eq!(points.len(), 132);
    let find = |p: [f64; 3]| {
        (0..points.len())
            .find(|&i| (0..3).all(|k| (points[i][k] - p[k]).abs() < 1e-6))
            .expect("rotated sticker") as u32
    };
    normals
        .iter()
        .enumerate()
        .map(|(f, &n)| {
            let len = dot(n, n).sqrt();
            let u = [n[0] / len, n[1] / len, n[2] / len];
            let (s, c) = (72f64.to_radians().sin(), 72f64.to_radians().cos());
            let images = (0..points.len())
                .map(|i| {
                    let turns = pieces[i] == vec![100 + f] || pieces[i].iter().all(|v| faces[f].contains(v));
                    if !turns {
                        return i as u32;
                    }
                    let p = points[i];
                    let d = dot(u, p);
                    let cross = [
                        u[1] * p[2] - u[2] * p[1],
                        u[2] * p[0] - u[0] * p[2],
                        u[0] * p[1] - u[1] * p[0],
                    ];
                    find([
                        p[0] * c + cross[0] * s + u[0] * d * (1.0 - c),
                        p[1] * c + cross[1] * s + u[1] * d * (1.0 - c),
                        p[2] * c + cross[2] * s + u[2] * d * (1.0 - c),
                    ])
                })
                .collect();
            Perm::from_images(images).unwrap()
        })
        .collect()
}
