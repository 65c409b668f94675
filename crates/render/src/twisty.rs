//! Pictures of twisty-puzzle states: coloured sticker polygons (a cube net, the
//! faces of any polyhedron), Rubik's Clock's two faces of dials ([`clock`]),
//! or a schematic of numbered slots.
//!
//! The input is plain data ([`FaceDiagram`], [`Schematic`]): this crate does not
//! know puzzles; `cubist-twisty` says what to draw and the `cubist` binary
//! converts. Colour names go through [`crate::svg::fills`], so `white`, `red`
//! ... are drawn as those colours. Every sticker is a `<polygon
//! class="sticker">`, so a picture can be checked by counting.
//!
//! ```
//! use cubist_render::twisty::{face_diagram, FaceDiagram, Polygon};
//!
//! let d = FaceDiagram {
//!     polygons: vec![Polygon { points: vec![(0.0, 0.0), (1.0, 0.0), (0.0, 1.0)], colour: 0 }],
//!     colours: vec!["red".into()],
//!     labels: vec![],
//! };
//! let svg = face_diagram(&d);
//! assert_eq!(svg.matches(r#"class="sticker""#).count(), 1);
//! assert!(svg.contains("#d62728"));
//! ```

use std::fmt::Write;

use crate::svg::{fills, Doc};

/// A polygon in plane units (x right, y down), coloured by index into
/// [`FaceDiagram::colours`].
#[derive(Clone, Debug, PartialEq)]
pub struct Polygon {
    /// The corners.
    pub points: Vec<(f64, f64)>,
    /// An index into [`FaceDiagram::colours`].
    pub colour: usize,
}

/// Stickers to draw, their colour names, and text labels `(x, y, text)`.
#[derive(Clone, Debug, PartialEq)]
pub struct FaceDiagram {
    /// The stickers.
    pub polygons: Vec<Polygon>,
    /// Colour names (`white`, `red`, ...).
    pub colours: Vec<String>,
    /// Text at a point: `(x, y, text)`.
    pub labels: Vec<(f64, f64, String)>,
}

/// One row of a schematic: a set's name and what sits in each of its slots.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SchematicRow {
    /// The set's name.
    pub name: String,
    /// The orientations a piece can have (twists are shown when above 1).
    pub modulus: u32,
    /// The slots in order.
    pub slots: Vec<SchematicSlot>,
}

/// A slot: the piece in it (1-based), its twist, and whether it is at home.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SchematicSlot {
    /// The piece, 1-based.
    pub piece: u32,
    /// Its twist.
    pub twist: u32,
    /// Whether it looks solved there.
    pub home: bool,
}

/// Rows of slots, one per set.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Schematic {
    /// The rows.
    pub rows: Vec<SchematicRow>,
}

/// Pixels per plane unit: a cube face (two units) is 100 px wide.
const SCALE: f64 = 50.0;
const MARGIN: f64 = 10.0;

/// The SVG of a face diagram, scaled to `SCALE` and framed by its bounding box.
pub fn face_diagram(d: &FaceDiagram) -> String {
    let pts = d
        .polygons
        .iter()
        .flat_map(|p| p.points.iter().copied())
        .chain(d.labels.iter().map(|l| (l.0, l.1)));
    let (mut x0, mut y0, mut x1, mut y1) = (f64::MAX, f64::MAX, f64::MIN, f64::MIN);
    for (x, y) in pts {
        (x0, y0, x1, y1) = (x0.min(x), y0.min(y), x1.max(x), y1.max(y));
    }
    if x0 > x1 {
        (x0, y0, x1, y1) = (0.0, 0.0, 0.0, 0.0);
    }
    let at = |x: f64, y: f64| (MARGIN + (x - x0) * SCALE, MARGIN + (y - y0) * SCALE);
    let fill = fills(&d.colours);
    let mut doc = Doc::new();
    for p in &d.polygons {
        let mut pts = String::new();
        for &(x, y) in &p.points {
            let (u, v) = at(x, y);
            let _ = write!(pts, "{u:.1},{v:.1} ");
        }
        let f = fill.get(p.colour).map_or("#cccccc", |f| f.fill.as_str());
        doc.raw(&format!(
            r##"<polygon class="sticker" points="{}" fill="{f}" stroke="#000000" stroke-width="1"/>"##,
            pts.trim_end()
        ));
    }
    for (x, y, s) in &d.labels {
        let (u, v) = at(*x, *y);
        doc.text(u, v, 12.0, 60.0, "#000000", s);
    }
    let (w, h) = at(x1, y1);
    doc.finish(w + MARGIN, h + MARGIN)
}

/// The SVG of a schematic: per set a labelled block of squares, at most
/// [`SLOTS_PER_LINE`] to a line, each with the number of the piece in it
/// (and `+t` for a twist) and, small in its corner, the slot's own number;
/// green when the piece is at home untwisted. (One line per set made a
/// strip too small to read once a page scaled it to its width.)
pub fn schematic(s: &Schematic) -> String {
    let (cell, name_w, gap) = (44.0, 110.0, 14.0);
    let mut doc = Doc::new();
    let mut width: f64 = MARGIN + name_w;
    let mut y = MARGIN;
    for row in &s.rows {
        doc.label(
            MARGIN,
            y + cell / 2.0 + 5.0,
            14.0,
            &format!("{} (Z{})", row.name, row.modulus),
        );
        for (i, slot) in row.slots.iter().enumerate() {
            let x = MARGIN + name_w + (i % SLOTS_PER_LINE) as f64 * cell;
            let top = y + (i / SLOTS_PER_LINE) as f64 * cell;
            let fill = if slot.home { "#aaffc3" } else { "#ffffff" };
            doc.rect("slot", x, top, cell, cell, fill);
            doc.text(x + 7.0, top + 10.0, 8.0, 12.0, "#888888", &(i + 1).to_string());
            doc.text(
                x + cell / 2.0,
                top + cell / 2.0 + 1.0,
                15.0,
                cell - 4.0,
                "#000000",
                &slot.piece.to_string(),
            );
            if row.modulus > 1 {
                let t = format!("+{}", slot.twist);
                doc.text(x + cell / 2.0, top + cell - 6.0, 10.0, cell - 4.0, "#555555", &t);
            }
            width = width.max(x + cell);
        }
        let lines = row.slots.len().div_ceil(SLOTS_PER_LINE).max(1);
        y += lines as f64 * cell + gap;
    }
    doc.finish(width + MARGIN, y - gap + MARGIN)
}

/// The most slots a schematic draws on one line.
pub const SLOTS_PER_LINE: usize = 12;

/// Rubik's Clock: the hour each of its 18 dials shows, the side in front
/// first (see `cubist_twisty::picture::ClockDrawing`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ClockFaces {
    /// Hours (0 for 12 o'clock): the side in front row by row, then the
    /// other side row by row as seen from there.
    pub hours: Vec<u32>,
    /// Whether the side in front is the one that started at the back: the
    /// two sides keep their colours (dark blue face, light dials for the
    /// starting front; the reverse for the back, TNoodle's scheme), so a
    /// picture shows which is which.
    pub turned_over: bool,
}

/// The SVG of a Clock: two faces side by side, each with its 9 dials (a
/// `<circle class="dial">`, 12 o'clock marked, an hour hand `<line
/// class="hand">` pointing at the hour) and its 4 pins between them,
/// drawn down.
pub fn clock(c: &ClockFaces) -> String {
    let (dark, light) = ("#3375b2", "#55ccff");
    let (radius, dial, step) = (75.0, 17.0, 40.0);
    let mut doc = Doc::new();
    for side in 0..2 {
        let starting_front = (side == 0) != c.turned_over;
        let (face, dials, ink) = if starting_front {
            (dark, light, dark)
        } else {
            (light, dark, light)
        };
        let cx = MARGIN + radius + side as f64 * (2.0 * radius + 2.0 * MARGIN);
        let cy = MARGIN + 18.0 + radius;
        doc.raw(&format!(
            r##"<circle class="face" cx="{cx:.1}" cy="{cy:.1}" r="{radius:.1}" fill="{face}" stroke="#000000" stroke-width="2"/>"##
        ));
        let title = if side == 0 { "front" } else { "back" };
        doc.text(cx, MARGIN + 6.0, 12.0, 2.0 * radius, "#000000", title);
        for i in 0..9 {
            let x = cx + ((i % 3) as f64 - 1.0) * step;
            let y = cy + ((i / 3) as f64 - 1.0) * step;
            let hour = c.hours.get(side * 9 + i).copied().unwrap_or(0) % 12;
            let angle = f64::from(hour) * std::f64::consts::PI / 6.0;
            let (hx, hy) = (x + 0.75 * dial * angle.sin(), y - 0.75 * dial * angle.cos());
            doc.raw(&format!(
                r##"<circle class="dial" cx="{x:.1}" cy="{y:.1}" r="{dial:.1}" fill="{dials}" stroke="#000000" stroke-width="1"/>"##
            ));
            // 12 o'clock, so that a hand's hour reads at a glance.
            doc.raw(&format!(
                r##"<circle cx="{x:.1}" cy="{:.1}" r="2" fill="#cc0000"/>"##,
                y - dial + 3.5
            ));
            doc.raw(&format!(
                r##"<line class="hand" x1="{x:.1}" y1="{y:.1}" x2="{hx:.1}" y2="{hy:.1}" stroke="{ink}" stroke-width="3" stroke-linecap="round"/>"##
            ));
        }
        for (px, py) in [(-1.0, -1.0), (1.0, -1.0), (-1.0, 1.0), (1.0, 1.0)] {
            doc.raw(&format!(
                r##"<circle class="pin" cx="{:.1}" cy="{:.1}" r="4" fill="#885500" stroke="#000000" stroke-width="1"/>"##,
                cx + px * step / 2.0,
                cy + py * step / 2.0
            ));
        }
    }
    doc.finish(4.0 * radius + 4.0 * MARGIN, 2.0 * radius + 2.0 * MARGIN + 18.0)
}

/// Square-1's drawing data: which piece fills each unit (units 0-11 the
/// top layer, 12-23 the bottom, both clockwise as seen from above from the
/// back end of the cut; pieces 0-7 corners, two units each, 8-15 edges;
/// pieces 0-3 and 8-11 start in the top layer) and the middle layer.
pub struct Sq1Layers {
    /// The 24 units.
    pub units: [u8; 24],
    /// Whether the middle layer is flipped.
    pub middle_flipped: bool,
}

/// The SVG of a Square-1: the top and the bottom layer side by side, both
/// seen from above (the bottom as if the top were lifted off), each piece
/// a kite (corner) or a wedge (edge) `<polygon class="piece">`, light for
/// the top's pieces and dark for the bottom's, lettered as cubist writes
/// the state (corners `A`-`H`, edges `1`-`8`); the cut in red, and the
/// middle layer's state written under them.
pub fn sq1(l: &Sq1Layers) -> String {
    let (half, gap) = (70.0, 30.0);
    let mut doc = Doc::new();
    let point = |cx: f64, cy: f64, deg: f64, r: f64| {
        let a = deg.to_radians();
        (cx + r * a.sin(), cy - r * a.cos())
    };
    // The distance from the centre to the square's outline at `deg`.
    let outline = |deg: f64| {
        let a = deg.to_radians();
        half / a.sin().abs().max(a.cos().abs())
    };
    for layer in 0..2 {
        let cx = MARGIN + half * 1.5 + layer as f64 * (3.0 * half + gap);
        let cy = MARGIN + 18.0 + half * 1.5;
        let title = if layer == 0 { "top" } else { "bottom (seen from above)" };
        doc.text(cx, MARGIN + 6.0, 12.0, 3.0 * half, "#000000", title);
        let units = &l.units[layer * 12..][..12];
        for u in 0..12 {
            let p = units[u];
            if units[(u + 11) % 12] == p {
                continue;
            }
            let wide = p < 8;
            let start = 15.0 + 30.0 * u as f64;
            let end = start + if wide { 60.0 } else { 30.0 };
            let mid = (start + end) / 2.0;
            let mut pts = vec![(cx, cy), point(cx, cy, start, outline(start))];
            if wide {
                pts.push(point(cx, cy, mid, outline(mid)));
            }
            pts.push(point(cx, cy, end, outline(end)));
            let from_top = p < 4 || (8..12).contains(&p);
            let fill = if from_top { "#f4f4f4" } else { "#404040" };
            let ink = if from_top { "#000000" } else { "#ffffff" };
            let path: Vec<String> = pts.iter().map(|(x, y)| format!("{x:.1},{y:.1}")).collect();
            doc.raw(&format!(
                r##"<polygon class="piece" points="{}" fill="{fill}" stroke="#000000" stroke-width="1"/>"##,
                path.join(" ")
            ));
            let label = if wide {
                char::from(b'A' + p)
            } else {
                char::from(b'1' + p - 8)
            };
            let (lx, ly) = point(cx, cy, mid, 0.62 * outline(mid));
            doc.raw(&format!(
                r##"<text x="{lx:.1}" y="{:.1}" font-size="12" text-anchor="middle" fill="{ink}">{label}</text>"##,
                ly + 4.0
            ));
        }
        let (x1, y1) = point(cx, cy, 15.0, outline(15.0) + 8.0);
        let (x2, y2) = point(cx, cy, 195.0, outline(195.0) + 8.0);
        doc.raw(&format!(
            r##"<line class="cut" x1="{x1:.1}" y1="{y1:.1}" x2="{x2:.1}" y2="{y2:.1}" stroke="#cc0000" stroke-width="2"/>"##
        ));
    }
    let width = 6.0 * half + gap + 2.0 * MARGIN;
    let bottom = MARGIN + 18.0 + 3.0 * half;
    let middle = if l.middle_flipped {
        "middle layer: flipped"
    } else {
        "middle layer: solved"
    };
    doc.text(width / 2.0, bottom + 4.0, 12.0, width - 2.0 * MARGIN, "#000000", middle);
    doc.finish(width, bottom + 24.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Eighteen dials, each hand pointing at its hour: 3 o'clock is to the
    /// right of the dial's centre, 6 o'clock below it.
    /// The solved Square-1: 8 pieces a layer, the middle said.
    #[test]
    fn sq1_draws_every_piece() {
        let mut units = [0u8; 24];
        for (layer, base) in [(0usize, 0u8), (1, 4)] {
            for k in 0..4 {
                let c = base + k as u8;
                units[layer * 12 + 3 * k] = c;
                units[layer * 12 + 3 * k + 1] = c;
                units[layer * 12 + 3 * k + 2] = c + 8;
            }
        }
        let svg = sq1(&Sq1Layers {
            units,
            middle_flipped: false,
        });
        assert_eq!(svg.matches(r#"class="piece""#).count(), 16);
        assert!(svg.contains("middle layer: solved"));
    }

    #[test]
    fn clock_draws_every_dial_and_pin() {
        let mut hours = vec![0; 18];
        hours[0] = 3;
        hours[1] = 6;
        let svg = clock(&ClockFaces {
            hours,
            turned_over: false,
        });
        assert_eq!(svg.matches(r#"class="dial""#).count(), 18);
        assert_eq!(svg.matches(r#"class="hand""#).count(), 18);
        assert_eq!(svg.matches(r#"class="pin""#).count(), 8);
        // Dial 0 at (45, 63): its hand goes right; dial 1 at (85, 63): down.
        assert!(svg.contains(r#"x1="45.0" y1="63.0" x2="57.8" y2="63.0""#), "{svg}");
        assert!(svg.contains(r#"x1="85.0" y1="63.0" x2="85.0" y2="75.8""#), "{svg}");
    }

    #[test]
    fn schematic_draws_every_slot() {
        let s = Schematic {
            rows: vec![SchematicRow {
                name: "CORNERS".into(),
                modulus: 3,
                slots: vec![
                    SchematicSlot {
                        piece: 2,
                        twist: 1,
                        home: false,
                    },
                    SchematicSlot {
                        piece: 1,
                        twist: 0,
                        home: true,
                    },
                ],
            }],
        };
        let svg = schematic(&s);
        assert_eq!(svg.matches(r#"class="slot""#).count(), 2);
        assert!(svg.contains(">+1</text>") && svg.contains("CORNERS (Z3)"));
        assert_eq!(svg.matches("#aaffc3").count(), 1);
    }

    #[test]
    fn a_long_set_wraps_into_lines() {
        // 20 edges: a line of 12 and a line of 8, then the next set.
        let slots = |n: u32| {
            (1..=n)
                .map(|piece| SchematicSlot {
                    piece,
                    twist: 0,
                    home: true,
                })
                .collect()
        };
        let s = Schematic {
            rows: vec![
                SchematicRow {
                    name: "EDGES".into(),
                    modulus: 2,
                    slots: slots(20),
                },
                SchematicRow {
                    name: "CENTRES".into(),
                    modulus: 1,
                    slots: slots(3),
                },
            ],
        };
        let svg = schematic(&s);
        let tops: std::collections::BTreeSet<String> = svg
            .lines()
            .filter(|l| l.contains(r#"class="slot""#))
            .map(|l| format!("{:.1}", crate::svg::number_attr(l, "y")))
            .collect();
        // Three lines of slots: 10, 54 (the edges' second), 112 (after a gap).
        assert_eq!(tops.into_iter().collect::<Vec<_>>(), ["10.0", "112.0", "54.0"]);
        let width = 2.0 * MARGIN + 110.0 + SLOTS_PER_LINE as f64 * 44.0;
        assert!(
            svg.contains(&format!(r#"width="{width:.0}" height="166""#)),
            "{}",
            &svg[..200]
        );
    }
}
