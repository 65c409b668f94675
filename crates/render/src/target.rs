//! Pictures of the 2x2x2 target puzzle: Conway's tableau of cube nets, a
//! solved model in exploded view with the graph model beside it, and the
//! heat map of a census over all sets of cubes.
//!
//! Plain data in: colour tokens, six face colours per cube (faces
//! `F B L R T D`, as indices into the tokens) and labels. Each cube is drawn
//! as an unfolded net, top above, `L F R B` across, bottom below, so every
//! face can be read, including the inner faces of a model.
//!
//! ```
//! use cubist_render::target::{tableau_svg, TableauCell};
//! let colours: Vec<String> = (1..=6).map(|c| c.to_string()).collect();
//! let cells = [TableauCell { row: 0, col: 1, name: "Ab".into(), faces: [0, 4, 1, 3, 5, 2] }];
//! let svg = tableau_svg(&colours, &cells).unwrap();
//! assert_eq!(svg.matches(r#"class="face""#).count(), 6);
//! ```

use crate::svg::{fills, net, Doc};
use crate::Error;

/// Net cell size and the gap around a net.
const CELL: f64 = 16.0;
const GAP: f64 = 14.0;
const MARGIN: f64 = 20.0;
const TOP: f64 = 40.0;

fn check_faces(colours: &[String], faces: &[usize; 6], what: &str) -> Result<(), Error> {
    match faces.iter().find(|&&c| c >= colours.len()) {
        Some(&colour) => Err(Error::Colour {
            cube: what.to_string(),
            colour,
            named: colours.len(),
        }),
        None => Ok(()),
    }
}

/// One cube of Conway's tableau.
pub struct TableauCell {
    /// Row 0..6 (A..F).
    pub row: usize,
    /// Column 0..6 (a..f).
    pub col: usize,
    /// The cube's name.
    pub name: String,
    /// Its colouring, faces `F B L R T D`.
    pub faces: [usize; 6],
}

/// The tableau's title and the line under it.
const TABLEAU_TITLE: [&str; 2] = [
    "Conway's tableau of MacMahon's 30 cubes",
    "nets: T above; L, F, R, B in a row; D below",
];

/// Conway's 6 x 6 tableau, one net per cell, the diagonal empty.
pub fn tableau_svg(colours: &[String], cells: &[TableauCell]) -> Result<String, Error> {
    let fill = fills(colours);
    let mut doc = Doc::new();
    let (w, h) = (4.0 * CELL + GAP, 3.0 * CELL + GAP + 12.0);
    let head = 24.0;
    // The title in two lines: in one it ran past the picture's right edge.
    doc.label(MARGIN, 20.0, 16.0, TABLEAU_TITLE[0]);
    doc.label(MARGIN, 35.0, 11.0, TABLEAU_TITLE[1]);
    for k in 0..6 {
        let letter = (b'a' + k as u8) as char;
        doc.text(
            MARGIN + head + k as f64 * w + 2.0 * CELL,
            TOP + 8.0,
            13.0,
            w,
            "#000000",
            &letter.to_string(),
        );
        doc.text(
            MARGIN + 8.0,
            TOP + head + k as f64 * h + 1.5 * CELL,
            13.0,
            head,
            "#000000",
            &letter.to_ascii_uppercase().to_string(),
        );
    }
    for c in cells {
        if c.row >= 6 || c.col >= 6 {
            return Err(Error::OffTableau {
                cube: c.name.clone(),
                row: c.row,
                col: c.col,
            });
        }
        check_faces(colours, &c.faces, &c.name)?;
        let (x, y) = (MARGIN + head + c.col as f64 * w, TOP + head + c.row as f64 * h);
        net(&mut doc, (x, y), CELL, &c.faces, colours, &fill, false);
        doc.text(x + 3.0 * CELL, y + 0.5 * CELL, 11.0, 2.0 * CELL, "#000000", &c.name);
    }
    Ok(doc.finish(2.0 * MARGIN + head + 6.0 * w, TOP + head + 6.0 * h + MARGIN))
}

/// The graph model of a collection for a target.
pub struct GraphPicture {
    /// Vertex labels (the target's corner numbers), by corner position 0..8.
    pub vertices: [String; 8],
    /// Edges: two corner positions and the cube's label.
    pub edges: Vec<(usize, usize, String)>,
    /// A line under the graph (wildcards, unusable cubes, the count).
    pub note: String,
}

/// A target, a collection's solutions and its graph model.
pub struct ModelPicture<'a> {
    /// The first line.
    pub title: &'a str,
    /// Colour tokens.
    pub colours: &'a [String],
    /// The target's colouring.
    pub target: [usize; 6],
    /// Per solution, per corner position 0..8 (bit 0: right, bit 1: top,
    /// bit 2: front): the cube's label and its faces as placed.
    pub solutions: &'a [Vec<(String, [usize; 6])>],
    /// The graph model, drawn beside the target when there is one
    /// (MacMahon's cubes).
    pub graph: Option<&'a GraphPicture>,
}

/// The model picture: the target's net and the graph on top, then one row
/// per solution with the top layer and the bottom layer of the model pulled
/// apart, each seen from above (back row up, left column left).
pub fn model_svg(p: &ModelPicture) -> Result<String, Error> {
    check_faces(p.colours, &p.target, "target")?;
    let fill = fills(p.colours);
    let mut doc = Doc::new();
    doc.label(MARGIN, 24.0, 16.0, p.title);
    doc.label(MARGIN, TOP + 8.0, 12.0, "target");
    net(&mut doc, (MARGIN, TOP + 16.0), CELL, &p.target, p.colours, &fill, false);
    let gw = p
        .graph
        .map_or(0.0, |g| graph(&mut doc, g, MARGIN + 5.0 * CELL + GAP, TOP));
    let (nw, nh) = (4.0 * CELL + GAP, 3.0 * CELL + GAP + 12.0);
    let layer_w = 2.0 * nw + GAP;
    let mut y = TOP + if p.graph.is_some() { 260.0 } else { 3.0 * CELL + 40.0 };
    for (i, s) in p.solutions.iter().enumerate() {
        if s.len() != 8 {
            return Err(Error::NotEight {
                solution: i + 1,
                cubes: s.len(),
            });
        }
        doc.label(
            MARGIN,
            y,
            12.0,
            &format!("solution {}: top layer | bottom layer", i + 1),
        );
        for (corner, (label, faces)) in s.iter().enumerate() {
            check_faces(p.colours, faces, label)?;
            let layer = if corner & 2 != 0 { 0.0 } else { layer_w + 2.0 * GAP };
            let col = (corner & 1) as f64;
            let row = if corner & 4 != 0 { 1.0 } else { 0.0 };
            let (x, yy) = (MARGIN + layer + col * nw, y + 10.0 + row * nh);
            net(&mut doc, (x, yy), CELL, faces, p.colours, &fill, false);
            doc.text(x + 3.0 * CELL, yy + 0.5 * CELL, 11.0, 2.0 * CELL, "#000000", label);
        }
        y += 2.0 * nh + 30.0;
    }
    let width = (2.0 * MARGIN + 2.0 * layer_w + 2.0 * GAP).max(MARGIN + 5.0 * CELL + GAP + gw + MARGIN);
    Ok(doc.finish(width, y + MARGIN))
}

/// Draws the graph model with its top-left corner at (x, y); returns its width.
/// Vertices on a circle in the order of a Hamiltonian cycle of the cube
/// (consecutive corners share an edge of the cube), so the cube's edges are
/// mostly chords between neighbours; parallel edges bend apart.
fn graph(doc: &mut Doc, g: &GraphPicture, x: f64, y: f64) -> f64 {
    let order = [0usize, 1, 3, 2, 6, 7, 5, 4];
    let (r, cx, cy) = (90.0, x + 120.0, y + 115.0);
    let pos = |v: usize| {
        let k = order.iter().position(|&o| o == v).unwrap_or(0) as f64;
        let a = std::f64::consts::TAU * k / 8.0 - std::f64::consts::FRAC_PI_2;
        (cx + r * a.cos(), cy + r * a.sin())
    };
    let mut seen: Vec<(usize, usize)> = Vec::new();
    for (a, b, label) in &g.edges {
        let key = ((*a).min(*b), (*a).max(*b));
        let k = seen.iter().filter(|&&s| s == key).count() as f64;
        seen.push(key);
        let ((x1, y1), (x2, y2)) = (pos(key.0), pos(key.1));
        let (mx, my) = ((x1 + x2) / 2.0, (y1 + y2) / 2.0);
        let (dx, dy) = (x2 - x1, y2 - y1);
        let len = (dx * dx + dy * dy).sqrt().max(1.0);
        let bend = if k == 0.0 {
            0.0
        } else {
            22.0 * k * if k as usize % 2 == 1 { 1.0 } else { -1.0 }
        };
        let (qx, qy) = (mx - dy / len * bend, my + dx / len * bend);
        doc.raw(&format!(
            r##"<path class="edge" d="M {x1:.1} {y1:.1} Q {qx:.1} {qy:.1} {x2:.1} {y2:.1}" fill="none" stroke="#1b3a8c" stroke-width="2"/>"##
        ));
        // Labels a third of the way along, from alternate ends for parallel
        // edges, so that the diagonals' labels do not meet at the centre.
        let t = if k as usize % 2 == 0 { 0.3 } else { 0.7 };
        let lx = (1.0 - t) * (1.0 - t) * x1 + 2.0 * (1.0 - t) * t * qx + t * t * x2;
        let ly = (1.0 - t) * (1.0 - t) * y1 + 2.0 * (1.0 - t) * t * qy + t * t * y2;
        doc.raw(&format!(
            r##"<rect x="{:.1}" y="{:.1}" width="20" height="12" fill="#ffffff" opacity="0.85"/>"##,
            lx - 10.0,
            ly - 6.0
        ));
        doc.text(lx, ly, 10.0, 20.0, "#1b3a8c", label);
    }
    for v in 0..8 {
        let (vx, vy) = pos(v);
        doc.raw(&format!(
            r##"<circle class="vertex" cx="{vx:.1}" cy="{vy:.1}" r="15" fill="#ffffff" stroke="#000000"/>"##
        ));
        doc.text(vx, vy, 11.0, 28.0, "#000000", &g.vertices[v]);
    }
    doc.label(x, y + 235.0, 12.0, &g.note);
    260.0
}

/// A heat map of a census over all sets of cubes: `rows[k][c]` sets of size
/// `k` build `c` targets. Cell shade grows with log(count); empty cells stay
/// white; the count is printed in every non-empty cell.
pub fn heatmap_svg(title: &str, rows: &[Vec<u64>]) -> Result<String, Error> {
    let cols = rows.iter().map(Vec::len).max().unwrap_or(0);
    let max = rows.iter().flatten().copied().max().unwrap_or(0);
    if max == 0 {
        return Err(Error::Empty("heat map"));
    }
    let (cw, ch) = (34.0, 18.0);
    let (left, top) = (MARGIN + 40.0, TOP + 30.0);
    let mut doc = Doc::new();
    doc.label(MARGIN, 24.0, 16.0, title);
    doc.text(
        left + cols as f64 * cw / 2.0,
        TOP + 6.0,
        12.0,
        400.0,
        "#000000",
        "targets built",
    );
    for c in 0..cols {
        doc.text(
            left + (c as f64 + 0.5) * cw,
            top - 10.0,
            10.0,
            cw,
            "#000000",
            &c.to_string(),
        );
    }
    let lmax = (max as f64).ln_1p();
    for (k, row) in rows.iter().enumerate() {
        let yy = top + k as f64 * ch;
        doc.text(MARGIN + 20.0, yy + ch / 2.0, 10.0, 40.0, "#000000", &format!("k={k}"));
        for (c, &n) in row.iter().enumerate() {
            let xx = left + c as f64 * cw;
            if n == 0 {
                doc.rect("empty", xx, yy, cw, ch, "#ffffff");
                continue;
            }
            let t = (n as f64).ln_1p() / lmax;
            let shade = (235.0 - 200.0 * t).round() as u8;
            let hex = format!("#{shade:02x}{shade:02x}ff");
            doc.rect("cell", xx, yy, cw, ch, &hex);
            let ink = if t > 0.6 { "#ffffff" } else { "#000000" };
            doc.text(xx + cw / 2.0, yy + ch / 2.0, 8.0, cw - 2.0, ink, &short(n));
        }
    }
    Ok(doc.finish(left + cols as f64 * cw + MARGIN, top + rows.len() as f64 * ch + MARGIN))
}

/// A count in a few characters: 950, 12k, 3.4M, 123M, 1.1G.
fn short(n: u64) -> String {
    match n {
        0..=999 => n.to_string(),
        1_000..=99_999 => format!("{}k", (n + 500) / 1_000),
        100_000..=9_999_999 => format!("{:.1}M", n as f64 / 1e6),
        10_000_000..=999_999_999 => format!("{}M", (n + 500_000) / 1_000_000),
        _ => format!("{:.1}G", n as f64 / 1e9),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn colours() -> Vec<String> {
        (1..=6).map(|c| c.to_string()).collect()
    }

    #[test]
    fn model_has_a_net_per_cube_and_an_edge_per_cube() {
        let g = GraphPicture {
            vertices: std::array::from_fn(|i| format!("{}", 120 + i)),
            edges: vec![(0, 7, "Ac".into()), (0, 7, "Cb".into()), (0, 1, "Cd".into())],
            note: "note <&>".into(),
        };
        let sol: Vec<(String, [usize; 6])> = (0..8).map(|i| (format!("c{i}"), [0, 1, 2, 3, 4, 5])).collect();
        let sols = vec![sol.clone(), sol];
        let p = ModelPicture {
            title: "Ba",
            colours: &colours(),
            target: [0, 4, 1, 3, 2, 5],
            solutions: &sols,
            graph: Some(&g),
        };
        let svg = model_svg(&p).unwrap();
        assert_eq!(svg.matches(r#"class="face""#).count(), 6 * (1 + 16));
        assert_eq!(svg.matches(r#"class="edge""#).count(), 3);
        assert_eq!(svg.matches(r#"class="vertex""#).count(), 8);
        assert!(svg.contains("note &lt;&amp;&gt;"));
        let bad = ModelPicture {
            target: [0, 1, 2, 3, 4, 9],
            ..p
        };
        assert!(model_svg(&bad).is_err());
    }

    #[test]
    fn heatmap_cells_and_labels() {
        let rows = vec![vec![1, 0, 0], vec![2, 1_500_000, 7]];
        let svg = heatmap_svg("spectrum", &rows).unwrap();
        assert_eq!(svg.matches(r#"class="cell""#).count(), 4);
        assert_eq!(svg.matches(r#"class="empty""#).count(), 2);
        assert!(svg.contains(">1.5M<"));
        assert!(heatmap_svg("none", &[vec![0]]).is_err());
        assert_eq!(short(12_345), "12k");
        assert_eq!(short(123_456_789), "123M");
        assert_eq!(short(1_073_741_824), "1.1G");
    }

    #[test]
    fn the_tableau_title_fits_its_picture() {
        // At 16 and 11 pixels a sans-serif letter is at most about 0.6 of
        // its size wide on average: each line fits the 532 pixels.
        let svg = tableau_svg(&colours(), &[]).unwrap();
        let width = crate::svg::number_attr(&svg, "width");
        assert_eq!(width, 532.0);
        for (line, size) in TABLEAU_TITLE.iter().zip([16.0, 11.0]) {
            assert!(svg.contains(&format!(
                "font-size=\"{size:.1}\" fill=\"#000000\">{}",
                crate::svg::escape(line)
            )));
            assert!(MARGIN + 0.6 * size * line.chars().count() as f64 <= width, "{line}");
        }
    }

    #[test]
    fn tableau_rejects_cells_off_the_grid() {
        let cell = TableauCell {
            row: 6,
            col: 0,
            name: "X".into(),
            faces: [0; 6],
        };
        assert!(tableau_svg(&colours(), &[cell]).is_err());
    }
}
