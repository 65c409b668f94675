//! A solved placement board (the 36 Cube) as SVG.
//!
//! Each cell is drawn from the side, as the puzzle looks on the table: a
//! grey stub of its height with the tower on top, in the tower's colour, so
//! a solved board shows every column of cells reaching the same level. The
//! drawing is self-contained (no shared SVG helpers) and deterministic.
//!
//! ```
//! let cell = cubist_render::place::Cell { colour: "red".into(), size: 2, stub: 3, label: None };
//! let svg = cubist_render::place::board_svg(&[vec![cell]], 6);
//! assert!(svg.starts_with("<svg") && svg.contains("#d62728"));
//! ```

use std::fmt::Write;

/// One cell: the tower's colour name and size, the stub's height, and an
/// optional label (e.g. "special").
#[derive(Clone, Debug)]
pub struct Cell {
    /// The tower's colour name (the usual names get their pigment).
    pub colour: String,
    /// The tower's size (it is drawn one level taller).
    pub size: usize,
    /// The stub's height.
    pub stub: usize,
    /// Written after the size at the top of the cell.
    pub label: Option<String>,
}

/// Pixels per cell side and per unit of height.
const SIDE: usize = 64;
const MARGIN: usize = 16;

/// A fill for a colour name: the usual names get clear pigments; anything
/// else (numbers, invented names) a fixed palette entry chosen by a hash of
/// the name, so the same name always gets the same fill.
fn fill(name: &str) -> String {
    let known = match name.to_ascii_lowercase().as_str() {
        "red" | "r" => "#d62728",
        "yellow" | "y" => "#f2c500",
        "blue" | "b" => "#1f77b4",
        "green" | "g" => "#2ca02c",
        "violet" | "purple" | "v" | "p" => "#8e44ad",
        "orange" | "o" => "#ff7f0e",
        "white" | "w" => "#f4f4f4",
        "black" | "k" => "#222222",
        _ => "",
    };
    if !known.is_empty() {
        return known.into();
    }
    const PALETTE: [&str; 8] = [
        "#e377c2", "#17becf", "#bcbd22", "#7f7f7f", "#8c564b", "#9edae5", "#c49c94", "#aec7e8",
    ];
    let h = name.bytes().fold(5381u32, |h, b| h.wrapping_mul(33) ^ u32::from(b));
    PALETTE[h as usize % PALETTE.len()].into()
}

fn escape(s: &str) -> String {
    s.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;")
}

/// Draws a board of cells (`rows[r][c]`); `levels` is the full height of a
/// stub plus its tower (n for an n x n puzzle, whose sizes are 0..n-1 and
/// whose towers count one level more than their size).
pub fn board_svg(rows: &[Vec<Cell>], levels: usize) -> String {
    let cols = rows.iter().map(Vec::len).max().unwrap_or(0);
    // Leave 14 pixels at the top of each cell for the label. The 36 Cube's
    // two special pieces stand one level higher than the others (that is
    // the trick), so the unit fits the tallest stub and tower drawn.
    let tallest = rows
        .iter()
        .flatten()
        .map(|c| c.stub + c.size + 1)
        .max()
        .unwrap_or(0)
        .max(levels);
    let unit = (SIDE - 18) / tallest.max(1);
    let (w, h) = (2 * MARGIN + cols * SIDE, 2 * MARGIN + rows.len() * SIDE);
    let mut s = String::new();
    let _ = writeln!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}">"#
    );
    let _ = writeln!(s, r#"<rect width="{w}" height="{h}" fill="white"/>"#);
    for (r, row) in rows.iter().enumerate() {
        for (c, cell) in row.iter().enumerate() {
            let (x, y) = (MARGIN + c * SIDE, MARGIN + r * SIDE);
            let _ = writeln!(
                s,
                r##"<rect x="{x}" y="{y}" width="{SIDE}" height="{SIDE}" fill="none" stroke="#999"/>"##
            );
            let base = y + SIDE - 4;
            let stub_h = cell.stub * unit;
            let tower_h = (cell.size + 1) * unit;
            let bx = x + SIDE / 4;
            let bw = SIDE / 2;
            let _ = writeln!(
                s,
                r##"<rect x="{bx}" y="{}" width="{bw}" height="{stub_h}" fill="#bbbbbb" stroke="#666"/>"##,
                base - stub_h
            );
            let _ = writeln!(
                s,
                r##"<rect x="{bx}" y="{}" width="{bw}" height="{tower_h}" fill="{}" stroke="#333"><title>{} {} on stub {}</title></rect>"##,
                base - stub_h - tower_h,
                fill(&cell.colour),
                escape(&cell.colour),
                cell.size,
                cell.stub
            );
            let text = match &cell.label {
                Some(l) => format!("{} {}", cell.size, escape(l)),
                None => cell.size.to_string(),
            };
            let _ = writeln!(
                s,
                r#"<text x="{}" y="{}" font-family="sans-serif" font-size="10" text-anchor="middle">{text}</text>"#,
                x + SIDE / 2,
                y + 11
            );
        }
    }
    s.push_str("</svg>\n");
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The tops of the towers drawn, in pixels from the picture's top.
    fn tops(svg: &str) -> Vec<usize> {
        svg.lines()
            .filter(|l| l.contains("<title>"))
            .map(|l| crate::svg::number_attr(l, "y") as usize)
            .collect()
    }

    #[test]
    fn a_special_piece_stands_below_its_label() {
        // The 36 Cube's special pieces stand a level above the others: a
        // size 5 on a stub of 1 in a 6 x 6 board (7 levels). Its top stays
        // below the 14 pixels of the label (it overlapped the label).
        let cell = |size, stub, label: Option<&str>| Cell {
            colour: "orange".into(),
            size,
            stub,
            label: label.map(str::to_string),
        };
        let svg = board_svg(&[vec![cell(5, 1, Some("special")), cell(0, 5, None)]], 6);
        let tops = tops(&svg);
        assert_eq!(tops.len(), 2);
        for top in &tops {
            assert!(*top >= MARGIN + 14, "{top}");
        }
        // The ordinary cell (0 + 5 + 1 = 6 levels) is one unit lower.
        assert_eq!(tops[1] - tops[0], (SIDE - 18) / 7);
    }
}
