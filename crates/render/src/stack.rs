//! The picture of a stacking puzzle (Instant Insanity): the solved tower,
//! every cube's net, and the colour multigraph with the solution's two
//! 2-factors.
//!
//! The input is plain data (colour names, cubes and a tower as colour
//! indices), so this crate needs no solver: the CLI hands over what
//! `cubist-stack` found. The graph is the classical one: a vertex per colour,
//! an edge per opposite face pair of every cube (a loop when both faces have
//! the same colour). A solution picks from every cube the pair it shows front
//! and back and the pair it shows left and right; those picks are two
//! edge-disjoint 2-factors (every colour meets each twice), drawn here in
//! two styles and derived from the tower alone.
//!
//! ```
//! use cubist_render::stack::{stack_svg, StackPicture};
//! let colours: Vec<String> = ["r", "g"].map(String::from).to_vec();
//! // Two cubes, faces F B L R T D; the tower shows F B L R per cube.
//! let cubes = [[0, 1, 1, 0, 0, 0], [1, 0, 0, 1, 1, 1]];
//! let tower = [[0, 1, 1, 0], [1, 0, 0, 1]];
//! let pic = StackPicture { title: "two cubes", colours: &colours, cubes: &cubes, tower: Some(&tower) };
//! let svg = stack_svg(&pic).unwrap();
//! assert_eq!(svg.matches(r#"class="face""#).count(), 12);
//! assert_eq!(svg.matches(r#"class="side""#).count(), 8);
//! ```

use crate::svg::{fills, net, Doc, Fill};
use crate::Error;
use std::collections::BTreeMap;
use std::fmt::Write;

/// What to draw.
pub struct StackPicture<'a> {
    /// A line at the top (file name, which solution).
    pub title: &'a str,
    /// Colour names, indexed by the colour numbers below.
    pub colours: &'a [String],
    /// Per cube its six face colours in the order F B L R T D; with a
    /// tower, as the solution turns the cube (so its F B L R are the tower's).
    pub cubes: &'a [[usize; 6]],
    /// The solution to draw: per cube (level 1 first) its F B L R colours;
    /// `None` draws the nets and the graph only.
    pub tower: Option<&'a [[usize; 4]]>,
}

const MARGIN: f64 = 20.0;
const TOP: f64 = 56.0;
/// Tower cell, gap between side columns, width of the row labels.
const CELL: f64 = 44.0;
const SIDE_GAP: f64 = 8.0;
const ROW_LABEL: f64 = 64.0;
/// Graph vertex radius, and the least room around the circle for loops and labels.
const VERTEX: f64 = 18.0;
const GRAPH_PAD: f64 = 60.0;
/// Radius of a vertex's first loop, and how much each further loop adds.
const LOOP: f64 = 11.0;
const LOOP_STEP: f64 = 9.0;
/// Net cell and gap between nets.
const NET: f64 = 28.0;
const NET_GAP: f64 = 22.0;

/// The two factors' strokes: colour, width, dash pattern. Dark and
/// differently dashed so they stay apart from the colour fills and in grey.
const FACTOR_STYLE: [(&str, f64, &str); 3] = [
    ("#9a9a9a", 1.3, "2 3"),
    ("#1b3a8c", 3.5, "none"),
    ("#c2185b", 3.5, "9 5"),
];

/// The SVG picture: tower and graph side by side, nets underneath. Errors
/// when a colour index is out of range or the tower does not fit the cubes
/// (wrong length, or a cube without opposite pairs showing its sides).
pub fn stack_svg(p: &StackPicture) -> Result<String, Error> {
    let k = p.colours.len();
    if let Some(i) = p.cubes.iter().position(|c| c.iter().any(|&x| x >= k)) {
        return Err(Error::Mismatch(format!(
            "cube {} uses a colour beyond the {k} named",
            i + 1
        )));
    }
    let factors = match p.tower {
        Some(t) => Some(factors(p.cubes, t, k)?),
        None => None,
    };
    let fill = fills(p.colours);
    let mut doc = Doc::new();
    doc.label(MARGIN, 32.0, 18.0, p.title);

    let n = p.cubes.len();
    let tower_w = ROW_LABEL + 4.0 * CELL + 3.0 * SIDE_GAP;
    let tower_h = draw_tower(&mut doc, p, &fill);

    let radius = (k as f64 * 18.0).max(110.0);
    let gx = MARGIN + tower_w + 40.0;
    // Room for the most loops at one vertex: nested loops reach out by
    // twice their radius, and their labels a little further.
    let loops = (0..k)
        .map(|v| {
            p.cubes
                .iter()
                .flat_map(|c| (0..3).filter(move |&q| c[2 * q] == v && c[2 * q + 1] == v))
                .count()
        })
        .max()
        .unwrap_or(0);
    let pad = GRAPH_PAD.max(VERTEX + 2.0 * (LOOP + LOOP_STEP * loops.saturating_sub(1) as f64) + 14.0);
    let graph_h = draw_graph(&mut doc, p, &fill, factors.as_deref(), (gx, radius, pad));
    let graph_w = 2.0 * (radius + pad);

    // Text is about 0.6 em per character: room for the title and the legend.
    let text_w = |chars: usize, size: f64| chars as f64 * 0.6 * size;
    let width = (gx + graph_w.max(44.0 + text_w(52, 12.0)) + MARGIN)
        .max(2.0 * MARGIN + text_w(p.title.chars().count(), 18.0))
        .max(4.0 * NET + 2.0 * MARGIN);
    let nets_top = TOP + tower_h.max(graph_h) + 36.0;
    let nets_caption = match p.tower {
        Some(_) => "The cubes unfolded as the tower stands them (faces seen from outside):",
        None => "The cubes unfolded (faces F B L R T D as seen from outside):",
    };
    doc.label(MARGIN, nets_top, 14.0, nets_caption);
    let per_row = (((width - 2.0 * MARGIN + NET_GAP) / (4.0 * NET + NET_GAP)).floor() as usize).max(1);
    for (i, cube) in p.cubes.iter().enumerate() {
        let x = MARGIN + (i % per_row) as f64 * (4.0 * NET + NET_GAP);
        let y = nets_top + 14.0 + (i / per_row) as f64 * (3.0 * NET + 30.0);
        draw_net(&mut doc, x, y, i, cube, p.colours, &fill);
    }
    let rows = n.div_ceil(per_row) as f64;
    Ok(doc.finish(width, nets_top + 14.0 + rows * (3.0 * NET + 30.0) + MARGIN))
}

/// Per cube, which of its opposite pairs (0 = F-B, 1 = L-R, 2 = T-D of the
/// cube as given) the tower shows front-back and which left-right.
fn factors(cubes: &[[usize; 6]], tower: &[[usize; 4]], k: usize) -> Result<Vec<[usize; 2]>, Error> {
    if tower.len() != cubes.len() {
        return Err(Error::Mismatch(format!(
            "the tower has {} cubes, the set {}",
            tower.len(),
            cubes.len()
        )));
    }
    let same = |c: &[usize; 6], p: usize, a: usize, b: usize| {
        (c[2 * p], c[2 * p + 1]) == (a, b) || (c[2 * p], c[2 * p + 1]) == (b, a)
    };
    cubes
        .iter()
        .zip(tower)
        .enumerate()
        .map(|(i, (c, &[f, b, l, r]))| {
            if [f, b, l, r].iter().any(|&x| x >= k) {
                return Err(Error::Mismatch(format!(
                    "level {} of the tower uses a colour beyond the {k} named",
                    i + 1
                )));
            }
            let fb = (0..3).find(|&p| same(c, p, f, b));
            let lr = fb.and_then(|fb| (0..3).find(|&p| p != fb && same(c, p, l, r)));
            match (fb, lr) {
                (Some(fb), Some(lr)) => Ok([fb, lr]),
                _ => Err(Error::Mismatch(format!(
                    "cube {} has no opposite pairs showing the tower's sides",
                    i + 1
                ))),
            }
        })
        .collect()
}

/// The tower's four sides unrolled as you walk round it (F, R, B, L), cube 1
/// on top; returns the height used.
fn draw_tower(doc: &mut Doc, p: &StackPicture, fill: &[Fill]) -> f64 {
    let x0 = MARGIN;
    let Some(tower) = p.tower else {
        doc.label(x0, TOP + 14.0, 14.0, "No solution: no tower to draw.");
        return 20.0;
    };
    doc.label(x0, TOP, 14.0, "The tower, sides unrolled:");
    let header = TOP + 22.0;
    // Columns F, R, B, L as indices into the tower's [F, B, L, R].
    for (col, (side, letter)) in [(0, "F"), (3, "R"), (1, "B"), (2, "L")].into_iter().enumerate() {
        let x = x0 + ROW_LABEL + col as f64 * (CELL + SIDE_GAP);
        doc.text(x + CELL / 2.0, header - 8.0, 14.0, CELL, "#000000", letter);
        for (level, sides) in tower.iter().enumerate() {
            let y = header + level as f64 * CELL;
            let f = &fill[sides[side]];
            doc.rect("side", x, y, CELL, CELL, &f.fill);
            doc.text(
                x + CELL / 2.0,
                y + CELL / 2.0,
                13.0,
                CELL - 4.0,
                f.ink,
                &p.colours[sides[side]],
            );
        }
    }
    for level in 0..tower.len() {
        let y = header + level as f64 * CELL + CELL / 2.0;
        doc.text(
            x0 + ROW_LABEL / 2.0 - 4.0,
            y,
            12.0,
            ROW_LABEL - 8.0,
            "#000000",
            &format!("cube {}", level + 1),
        );
    }
    22.0 + tower.len() as f64 * CELL
}

/// The colour multigraph right of the tower; returns the height used.
/// `(gx, r, pad)`: the left edge, the circle's radius, the room around it.
fn draw_graph(
    doc: &mut Doc,
    p: &StackPicture,
    fill: &[Fill],
    factors: Option<&[[usize; 2]]>,
    (gx, r, pad): (f64, f64, f64),
) -> f64 {
    let k = p.colours.len();
    let heading = match factors {
        Some(_) => "Colour graph, edges labelled by cube:",
        None => "Colour graph, edges labelled by cube (no solution, no 2-factors):",
    };
    doc.label(gx, TOP, 14.0, heading);
    let centre = (gx + r + pad, TOP + 12.0 + r + pad);
    let pos: Vec<(f64, f64)> = (0..k)
        .map(|i| {
            let a = -std::f64::consts::FRAC_PI_2 + i as f64 * std::f64::consts::TAU / k.max(1) as f64;
            (centre.0 + r * a.cos(), centre.1 + r * a.sin())
        })
        .collect();
    // Edges grouped by their unordered end points, each group in cube order.
    let mut groups: BTreeMap<(usize, usize), Vec<(usize, usize)>> = BTreeMap::new();
    for (i, c) in p.cubes.iter().enumerate() {
        for pair in 0..3 {
            let (a, b) = (c[2 * pair], c[2 * pair + 1]);
            groups.entry((a.min(b), a.max(b))).or_default().push((i, pair));
        }
    }
    let style = |cube: usize, pair: usize| match factors {
        Some(f) if f[cube][0] == pair => 1,
        Some(f) if f[cube][1] == pair => 2,
        _ => 0,
    };
    let mut labels = String::new();
    for (&(a, b), edges) in &groups {
        let m = edges.len() as f64;
        for (j, &(cube, pair)) in edges.iter().enumerate() {
            let s = style(cube, pair);
            let (stroke, width, dash) = FACTOR_STYLE[s];
            let attrs = format!(
                r#"class="edge factor{s}" fill="none" stroke="{stroke}" stroke-width="{width}" stroke-dasharray="{dash}""#
            );
            let at = if a == b {
                // Loops: nested circles pointing away from the centre.
                let (ux, uy) = unit(pos[a].0 - centre.0, pos[a].1 - centre.1);
                let lr = LOOP + LOOP_STEP * j as f64;
                let d = VERTEX + lr - 6.0;
                let (cx, cy) = (pos[a].0 + ux * d, pos[a].1 + uy * d);
                doc.raw(&format!(r#"<circle {attrs} cx="{cx:.1}" cy="{cy:.1}" r="{lr:.1}"/>"#));
                (cx + ux * (lr + 10.0), cy + uy * (lr + 10.0))
            } else {
                // Parallel edges: quadratic curves fanned symmetrically.
                let (p0, p2) = (pos[a], pos[b]);
                let (dx, dy) = unit(p2.0 - p0.0, p2.1 - p0.1);
                let (nx, ny) = (-dy, dx);
                let off = (j as f64 - (m - 1.0) / 2.0) * 26.0;
                let mid = ((p0.0 + p2.0) / 2.0, (p0.1 + p2.1) / 2.0);
                let (cx, cy) = (mid.0 + nx * 2.0 * off, mid.1 + ny * 2.0 * off);
                doc.raw(&format!(
                    r#"<path {attrs} d="M {:.1} {:.1} Q {cx:.1} {cy:.1} {:.1} {:.1}"/>"#,
                    p0.0, p0.1, p2.0, p2.1
                ));
                // The label sits at t = 0.4 on the curve, not at its middle,
                // so the labels of two crossing diagonals do not collide.
                let t = 0.4;
                let at = |a: f64, c: f64, b: f64| (1.0 - t) * (1.0 - t) * a + 2.0 * t * (1.0 - t) * c + t * t * b;
                (at(p0.0, cx, p2.0), at(p0.1, cy, p2.1))
            };
            let ink = if s == 0 { "#555555" } else { stroke };
            let _ = writeln!(
                labels,
                r##"<text class="edge-label" x="{:.1}" y="{:.1}" font-size="12" font-weight="bold" fill="{ink}" stroke="#ffffff" stroke-width="3" paint-order="stroke" text-anchor="middle" dominant-baseline="central">{}</text>"##,
                at.0,
                at.1,
                cube + 1
            );
        }
    }
    for (i, &(x, y)) in pos.iter().enumerate() {
        doc.raw(&format!(
            r##"<circle class="vertex" cx="{x:.1}" cy="{y:.1}" r="{VERTEX}" fill="{}" stroke="#000000" stroke-width="1.5"/>"##,
            fill[i].fill
        ));
        doc.text(x, y, 12.0, 2.0 * VERTEX - 4.0, fill[i].ink, &p.colours[i]);
    }
    // Labels last, so no edge or vertex covers them.
    doc.raw(labels.trim_end());
    let legend_y = centre.1 + r + pad;
    let entries: &[(usize, &str)] = match factors {
        Some(_) => &[
            (1, "factor 1: the pair each cube shows front and back"),
            (2, "factor 2: the pair each cube shows left and right"),
            (0, "the pair each cube hides (top and bottom)"),
        ],
        None => &[(0, "opposite pairs")],
    };
    for (row, &(s, text)) in entries.iter().enumerate() {
        let y = legend_y + 18.0 * row as f64;
        let (stroke, width, dash) = FACTOR_STYLE[s];
        doc.raw(&format!(
            r#"<line x1="{gx:.1}" y1="{y:.1}" x2="{:.1}" y2="{y:.1}" stroke="{stroke}" stroke-width="{width}" stroke-dasharray="{dash}"/>"#,
            gx + 36.0
        ));
        doc.label(gx + 44.0, y + 4.0, 12.0, text);
    }
    legend_y + 18.0 * entries.len() as f64 - TOP
}

fn unit(x: f64, y: f64) -> (f64, f64) {
    let len = (x * x + y * y).sqrt();
    if len == 0.0 {
        (0.0, -1.0)
    } else {
        (x / len, y / len)
    }
}

/// A cube's net as a cross: T above F, L F R B across, D below.
/// Draws cube `i`'s net under its label.
fn draw_net(doc: &mut Doc, x: f64, y: f64, i: usize, cube: &[usize; 6], colours: &[String], fill: &[Fill]) {
    doc.label(x, y + 12.0, 12.0, &format!("cube {}", i + 1));
    net(doc, (x, y + 18.0), NET, cube, colours, fill, true);
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Checks that `svg` is well-formed enough for any XML reader: every
    /// element closed in order, quotes paired inside tags, `&` only in the
    /// five predefined entities.
    fn assert_well_formed(svg: &str) {
        let mut open: Vec<&str> = Vec::new();
        let mut rest = svg;
        while let Some(start) = rest.find('<') {
            let text = &rest[..start];
            for (i, _) in text.match_indices('&') {
                let entity = ["&amp;", "&lt;", "&gt;", "&quot;", "&apos;"];
                assert!(entity.iter().any(|e| text[i..].starts_with(e)), "bare & in {text:?}");
            }
            let end = rest[start..].find('>').expect("unclosed tag") + start;
            let tag = &rest[start + 1..end];
            assert_eq!(tag.matches('"').count() % 2, 0, "unpaired quote in <{tag}>");
            assert!(!tag.contains('<'), "'<' inside <{tag}>");
            if let Some(name) = tag.strip_prefix('/') {
                assert_eq!(open.pop(), Some(name.trim()), "mismatched </{name}>");
            } else if !tag.ends_with('/') {
                open.push(tag.split_whitespace().next().expect("tag name"));
            }
            rest = &rest[end + 1..];
        }
        assert!(open.is_empty(), "unclosed elements {open:?}");
        assert!(svg.starts_with("<svg ") && svg.trim_end().ends_with("</svg>"));
    }

    fn names(v: &[&str]) -> Vec<String> {
        v.iter().map(|s| s.to_string()).collect()
    }

    /// The commercial Instant Insanity set (colours red green blue yellow),
    /// faces F B L R T D, and its solution.
    const II: [[usize; 6]; 4] = [
        [0, 1, 0, 0, 2, 3],
        [3, 2, 1, 1, 0, 2],
        [1, 3, 2, 0, 0, 3],
        [0, 1, 2, 3, 1, 3],
    ];
    const II_TOWER: [[usize; 4]; 4] = [[0, 1, 2, 3], [3, 2, 0, 2], [2, 0, 3, 1], [1, 3, 1, 0]];

    fn count(svg: &str, needle: &str) -> usize {
        svg.matches(needle).count()
    }

    #[test]
    fn solved_tower_has_every_part() {
        let colours = names(&["red", "green", "blue", "yellow"]);
        let pic = StackPicture {
            title: "Instant Insanity",
            colours: &colours,
            cubes: &II,
            tower: Some(&II_TOWER),
        };
        let svg = stack_svg(&pic).unwrap();
        assert_well_formed(&svg);
        assert_eq!(count(&svg, r#"<rect class="face""#), 24);
        assert_eq!(count(&svg, r#"<rect class="side""#), 16);
        assert_eq!(count(&svg, r#"class="vertex""#), 4);
        assert_eq!(count(&svg, r#"class="edge "#), 12);
        // One edge per cube in each factor; the rest are the hidden pairs.
        assert_eq!(count(&svg, "edge factor1"), 4);
        assert_eq!(count(&svg, "edge factor2"), 4);
        assert_eq!(count(&svg, "edge factor0"), 4);
        // Loops (cube 1's red-red, cube 2's green-green) are circles.
        assert_eq!(count(&svg, "<circle class=\"edge"), 2);
        assert_eq!(count(&svg, r#"class="edge-label""#), 12);
        assert!(svg.contains(r##"fill="#d62728""##) && svg.contains(">yellow</text>"));
        // Deterministic.
        assert_eq!(svg, stack_svg(&pic).unwrap());
    }

    #[test]
    fn tokens_are_escaped_and_unsolved_sets_draw_no_tower() {
        let colours = names(&["<a>", "b&c", "\"d\"", "e"]);
        let pic = StackPicture {
            title: "a & b",
            colours: &colours,
            cubes: &II,
            tower: None,
        };
        let svg = stack_svg(&pic).unwrap();
        assert_well_formed(&svg);
        assert!(svg.contains("&lt;a&gt;") && svg.contains("b&amp;c") && svg.contains("a &amp; b"));
        assert_eq!(count(&svg, r#"class="side""#), 0);
        assert_eq!(count(&svg, r#"class="face""#), 24);
        assert_eq!(count(&svg, "edge factor0"), 12);
    }

    #[test]
    fn bad_data_is_an_error() {
        let colours = names(&["red", "green", "blue", "yellow"]);
        let pic = |cubes: &'static [[usize; 6]], tower: &'static [[usize; 4]]| {
            stack_svg(&StackPicture {
                title: "",
                colours: &colours,
                cubes,
                tower: Some(tower),
            })
        };
        assert_eq!(
            pic(&II, &II_TOWER[..3]).unwrap_err().to_string(),
            "the tower has 3 cubes, the set 4"
        );
        const SWAPPED: [[usize; 4]; 4] = [[0, 2, 1, 3], [3, 2, 0, 2], [2, 0, 3, 1], [1, 3, 1, 0]];
        assert_eq!(
            pic(&II, &SWAPPED).unwrap_err().to_string(),
            "cube 1 has no opposite pairs showing the tower's sides"
        );
        const OUT: [[usize; 6]; 1] = [[0, 1, 2, 3, 4, 0]];
        assert_eq!(
            pic(&OUT, &II_TOWER).unwrap_err().to_string(),
            "cube 1 uses a colour beyond the 4 named"
        );
    }
}
