//! The small SVG vocabulary the cube pictures share: a document that
//! collects elements, text escaping, and fills for arbitrary colour tokens.
//!
//! Colour tokens are whatever a cube-set file used (`r`, `red`, `3`, `Blue`),
//! so a picture cannot assume they name colours. [`fills`] gives well-known
//! names (and their one-letter abbreviations) their own colour and every
//! other token the next unused colour of a fixed, distinguishable list, in
//! palette order: the same set always gets the same picture, and two tokens
//! never share a fill while the list lasts (a token written `#rrggbb` is
//! its own fill). Pictures always print the token
//! too, so a reader never has to trust the fill alone.
//!
//! ```
//! use cubist_render::svg::fills;
//! let f = fills(&["red", "x", "b"]);
//! assert_eq!(f[0].fill, "#d62728"); // red is red
//! assert_eq!(f[2].fill, "#1f77b4"); // b is blue
//! assert_eq!(f[1].fill, "#2ca02c"); // x: the first listed colour not taken (red is)
//! // A colour written `#rrggbb` is drawn as it is.
//! assert_eq!(fills(&["#A0B0C0"])[0].fill, "#a0b0c0");
//! ```

use std::fmt::Write;

/// A fill for one colour token and the text colour readable on it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fill {
    /// The fill, `#rrggbb`.
    pub fill: String,
    /// `#000000` or `#ffffff`, whichever reads better on the fill.
    pub ink: &'static str,
}

/// Named colours: (fill, names it answers to). The order is the order in
/// which tokens that name no colour receive them, most distinguishable first.
const NAMED: [(&str, &[&str]); 21] = [
    ("#d62728", &["red", "r"]),
    ("#2ca02c", &["green", "g"]),
    ("#1f77b4", &["blue", "b"]),
    ("#ffdd00", &["yellow", "y"]),
    ("#ff7f0e", &["orange", "o"]),
    ("#9467bd", &["purple", "violet", "p", "v"]),
    ("#17becf", &["cyan", "c"]),
    ("#ffffff", &["white", "w"]),
    ("#222222", &["black", "k"]),
    ("#e377c2", &["magenta", "m"]),
    ("#8c564b", &["brown", "n"]),
    ("#bcf60c", &["lime"]),
    ("#fabed4", &["pink"]),
    ("#008080", &["teal"]),
    ("#9a9a9a", &["grey", "gray"]),
    ("#000075", &["navy"]),
    ("#800000", &["maroon"]),
    ("#808000", &["olive"]),
    ("#dcbeff", &["lavender"]),
    ("#aaffc3", &["mint"]),
    ("#fffac8", &["beige"]),
];

/// One fill per token, in order (see the module docs for the rule). Past
/// the 21 listed colours, hues step by the golden angle, which keeps
/// neighbours apart however many there are.
pub fn fills<S: AsRef<str>>(tokens: &[S]) -> Vec<Fill> {
    let named = |t: &str| {
        let t = t.to_ascii_lowercase();
        NAMED.iter().position(|(_, names)| names.contains(&t.as_str()))
    };
    let mut taken = [false; NAMED.len()];
    for t in tokens {
        if let Some(i) = named(t.as_ref()) {
            taken[i] = true;
        }
    }
    let mut next = 0;
    let mut extra = 0u32;
    tokens
        .iter()
        .map(|t| {
            let hex = match named(t.as_ref()) {
                Some(i) => NAMED[i].0.to_string(),
                None if is_hex(t.as_ref()) => t.as_ref().to_ascii_lowercase(),
                None => {
                    while next < NAMED.len() && taken[next] {
                        next += 1;
                    }
                    if next < NAMED.len() {
                        taken[next] = true;
                        NAMED[next].0.to_string()
                    } else {
                        extra += 1;
                        hsl_hex((extra as f64 * 137.508) % 360.0, 0.65, 0.55)
                    }
                }
            };
            Fill {
                ink: ink_for(&hex),
                fill: hex,
            }
        })
        .collect()
}

/// Whether `t` is a colour written `#rrggbb` (a fill as it is).
fn is_hex(t: &str) -> bool {
    t.len() == 7 && t.starts_with('#') && t[1..].bytes().all(|b| b.is_ascii_hexdigit())
}

/// Whether [`fills`] draws `t` as a colour of its own choosing rather than
/// the next free one: a colour name (any case) or `#rrggbb`.
pub fn is_colour(t: &str) -> bool {
    is_hex(t)
        || NAMED
            .iter()
            .any(|(_, names)| names.contains(&t.to_ascii_lowercase().as_str()))
}

/// The colour names [`fills`] knows (one-letter abbreviations left out).
pub fn colour_names() -> Vec<&'static str> {
    NAMED
        .iter()
        .flat_map(|(_, names)| names.iter().copied().filter(|n| n.len() > 1))
        .collect()
}

/// Black or white text, by the fill's relative luminance.
fn ink_for(hex: &str) -> &'static str {
    let c = |i: usize| u8::from_str_radix(&hex[i..i + 2], 16).unwrap_or(0) as f64 / 255.0;
    let lum = 0.2126 * c(1) + 0.7152 * c(3) + 0.0722 * c(5);
    if lum > 0.45 {
        "#000000"
    } else {
        "#ffffff"
    }
}

fn hsl_hex(h: f64, s: f64, l: f64) -> String {
    let c = (1.0 - (2.0 * l - 1.0).abs()) * s;
    let x = c * (1.0 - ((h / 60.0) % 2.0 - 1.0).abs());
    let m = l - c / 2.0;
    let (r, g, b) = match (h / 60.0) as u32 {
        0 => (c, x, 0.0),
        1 => (x, c, 0.0),
        2 => (0.0, c, x),
        3 => (0.0, x, c),
        4 => (x, 0.0, c),
        _ => (c, 0.0, x),
    };
    let byte = |v: f64| ((v + m) * 255.0).round().clamp(0.0, 255.0) as u8;
    format!("#{:02x}{:02x}{:02x}", byte(r), byte(g), byte(b))
}

/// Escapes text for SVG content and attribute values.
pub fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for ch in s.chars() {
        match ch {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            c => out.push(c),
        }
    }
    out
}

/// An SVG document under construction: elements are appended as text, and
/// [`Doc::finish`] wraps them with the size known at the end.
#[derive(Default)]
pub struct Doc {
    body: String,
}

impl Doc {
    /// An empty document.
    pub fn new() -> Doc {
        Doc::default()
    }

    /// Appends raw SVG (one or more complete elements).
    pub fn raw(&mut self, svg: &str) {
        self.body.push_str(svg);
        self.body.push('\n');
    }

    /// A rectangle with a class (for tests and styling), fill and black outline.
    pub fn rect(&mut self, class: &str, x: f64, y: f64, w: f64, h: f64, fill: &str) {
        let _ = writeln!(
            self.body,
            r##"<rect class="{class}" x="{x:.1}" y="{y:.1}" width="{w:.1}" height="{h:.1}" fill="{fill}" stroke="#000000" stroke-width="1"/>"##
        );
    }

    /// Text centred on (x, y); `size` in pixels, shrunk so that long tokens
    /// fit in `max_width`.
    pub fn text(&mut self, x: f64, y: f64, size: f64, max_width: f64, ink: &str, s: &str) {
        // Sans-serif glyphs average about 0.6 em wide.
        let size = size.min(max_width / (0.6 * s.chars().count().max(1) as f64)).max(5.0);
        let _ = writeln!(
            self.body,
            r#"<text x="{x:.1}" y="{y:.1}" font-size="{size:.1}" fill="{ink}" text-anchor="middle" dominant-baseline="central">{}</text>"#,
            escape(s)
        );
    }

    /// Left-aligned text with its baseline at y.
    pub fn label(&mut self, x: f64, y: f64, size: f64, s: &str) {
        let _ = writeln!(
            self.body,
            r##"<text x="{x:.1}" y="{y:.1}" font-size="{size:.1}" fill="#000000">{}</text>"##,
            escape(s)
        );
    }

    /// The finished SVG document, `width` by `height` pixels on white.
    pub fn finish(self, width: f64, height: f64) -> String {
        format!(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width:.0}\" height=\"{height:.0}\" \
             viewBox=\"0 0 {width:.0} {height:.0}\" font-family=\"sans-serif\">\n\
             <rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>\n{}</svg>\n",
            self.body
        )
    }
}

/// Where each face sits in a cube's unfolded cross, in cells (column, row),
/// in face order `F B L R T D`: L F R B across the middle, T above F, D below.
const NET_AT: [(f64, f64); 6] = [(1.0, 1.0), (3.0, 1.0), (0.0, 1.0), (2.0, 1.0), (1.0, 0.0), (1.0, 2.0)];

/// Draws a cube's net (faces in the order `F B L R T D`, as colour indices)
/// with its top-left corner at `at`, `cell` wide a face. With `letters`,
/// each face also carries its name in a corner, and the token sits a little
/// low, clear of it.
pub fn net(
    doc: &mut Doc,
    (x, y): (f64, f64),
    cell: f64,
    faces: &[usize; 6],
    colours: &[String],
    fill: &[Fill],
    letters: bool,
) {
    for (face, &(col, row)) in NET_AT.iter().enumerate() {
        let (fx, fy) = (x + col * cell, y + row * cell);
        let f = &fill[faces[face]];
        doc.rect("face", fx, fy, cell, cell, &f.fill);
        if letters {
            doc.raw(&format!(
                r#"<text x="{:.1}" y="{:.1}" font-size="7" fill="{}">{}</text>"#,
                fx + 2.0,
                fy + 8.0,
                f.ink,
                escape(&"FBLRTD"[face..face + 1])
            ));
        }
        let low = if letters { 3.0 } else { 0.0 };
        doc.text(
            fx + cell / 2.0,
            fy + cell / 2.0 + low,
            10.0,
            cell - 4.0,
            f.ink,
            &colours[faces[face]],
        );
    }
}

/// The number in the attribute `name` of the first element of `text` that
/// has one (` name="12.5"`): how the tests read back a picture's geometry.
#[cfg(test)]
pub(crate) fn number_attr(text: &str, name: &str) -> f64 {
    let key = format!(" {name}=\"");
    let at = text.find(&key).unwrap_or_else(|| panic!("no {name} in {text}")) + key.len();
    text[at..].split('"').next().unwrap().parse().unwrap()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn known_names_any_case_and_letters() {
        let f = fills(&["Red", "w", "BLUE", "k", "yellow", "g", "orange"]);
        let hex: Vec<&str> = f.iter().map(|x| x.fill.as_str()).collect();
        assert_eq!(
            hex,
            ["#d62728", "#ffffff", "#1f77b4", "#222222", "#ffdd00", "#2ca02c", "#ff7f0e"]
        );
        assert_eq!(f[1].ink, "#000000");
        assert_eq!(f[3].ink, "#ffffff");
    }

    #[test]
    fn unknown_tokens_get_distinct_unused_fills_deterministically() {
        let tokens: Vec<String> = (0..40).map(|i| format!("c{i}")).chain(["red".to_string()]).collect();
        let f = fills(&tokens);
        let mut hex: Vec<&str> = f.iter().map(|x| x.fill.as_str()).collect();
        assert_eq!(hex[0], "#2ca02c", "red is taken by the token red");
        assert_eq!(f, fills(&tokens));
        hex.sort();
        hex.dedup();
        assert_eq!(hex.len(), 41);
    }

    #[test]
    fn escapes_markup() {
        assert_eq!(escape("<a&'b\">"), "&lt;a&amp;&apos;b&quot;&gt;");
    }
}
