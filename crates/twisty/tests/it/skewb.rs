//! The WCA's skewb letters `R U L B`, checked against their definition by
//! geometry of our own: each turns the half of the cube around one corner by
//! 120°, clockwise seen from that corner (WCA Regulation 12h; cubing.js names
//! the corners `R = DRB`, `U = UBL`, `L = DLF`, `B = DBL`). The expected
//! image of every sticker is computed here by Rodrigues' rotation formula,
//! not by the library's turns.

use cubist_twisty::{library, notation};

type V = [f64; 3];

fn dot(a: V, b: V) -> f64 {
    a[0] * b[0] + a[1] * b[1] + a[2] * b[2]
}

fn cross(a: V, b: V) -> V {
    [
        a[1] * b[2] - a[2] * b[1],
        a[2] * b[0] - a[0] * b[2],
        a[0] * b[1] - a[1] * b[0],
    ]
}

/// `v` rotated by `angle` (right-handed) about the unit vector `u`.
fn rotate(v: V, u: V, angle: f64) -> V {
    let (c, s) = (angle.cos(), angle.sin());
    let x = cross(u, v);
    let d = dot(u, v) * (1.0 - c);
    [0, 1, 2].map(|i| v[i] * c + x[i] * s + u[i] * d)
}

#[test]
fn each_wca_letter_turns_its_corner_clockwise() {
    let p = library::puzzle("skewb").unwrap();
    let g = p.geometry.as_ref().unwrap();
    let nearest = |q: V| {
        (0..g.points.len())
            .min_by(|&a, &b| {
                let d = |i: usize| (0..3).map(|k| (g.points[i][k] - q[k]).powi(2)).sum::<f64>();
                d(a).total_cmp(&d(b))
            })
            .unwrap() as u32
    };
    // x to the right, y up, z to the front.
    for (letter, corner, name) in [
        ("R", [1.0, -1.0, -1.0], "DBR"),
        ("U", [-1.0, 1.0, -1.0], "UBL"),
        ("L", [-1.0, -1.0, 1.0], "DFL"),
        ("B", [-1.0, -1.0, -1.0], "DBL"),
    ] {
        let e = notation::parse(&p, letter).unwrap();
        assert_eq!(e, notation::parse(&p, name).unwrap(), "{letter}");
        let images = g.point_perm(&e);
        let u = corner.map(|c: f64| c / 3f64.sqrt());
        // Clockwise seen from the corner: a negative angle about the axis
        // pointing out through it.
        for (i, &q) in g.points.iter().enumerate() {
            let want = if dot(q, u) > 0.0 {
                nearest(rotate(q, u, -2.0 * std::f64::consts::PI / 3.0))
            } else {
                i as u32
            };
            assert_eq!(images.image(i as u32), want, "{letter}: the sticker at {q:?}");
        }
        // The inverse and the double turn.
        assert_eq!(
            notation::parse(&p, &format!("{letter}'")).unwrap(),
            notation::parse(&p, &format!("{letter} {letter}")).unwrap()
        );
    }
    // The regulation's picture for R: the down centre goes to the right, the
    // right to the back.
    let e = notation::parse(&p, "R").unwrap();
    let images = g.point_perm(&e);
    let (d, r, b) = (
        nearest([0.0, -1.0, 0.0]),
        nearest([1.0, 0.0, 0.0]),
        nearest([0.0, 0.0, -1.0]),
    );
    assert_eq!((images.image(d), images.image(r)), (r, b));
    // The letters are the skewb's only: the 3x3x3 keeps its own R.
    let cube = library::puzzle("3x3x3").unwrap();
    assert_ne!(notation::parse(&cube, "R").unwrap(), cube.identity());
    assert!(notation::parse(&library::puzzle("pyraminx").unwrap(), "DBR").is_err());
}
