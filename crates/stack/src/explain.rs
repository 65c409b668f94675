//! What `--explain` shows: every method's working, as data (`Serialize`,
//! the `explanation` object of the JSON report) and as text (`Display`).
//!
//! The methods build their explanation while they run (the blind and
//! heuristic trees, the number method) or from the instance afterwards (the
//! graph method's factors, the exact cover's items and options); the
//! dispatcher only hands it on.

use crate::Switches;
use serde::Serialize;
use std::fmt;

/// A method's working. In JSON an object whose `method` names the method.
#[derive(Clone, Debug, Serialize)]
#[serde(tag = "method", rename_all = "snake_case")]
pub enum Explanation {
    /// The blind search's tree, level by level.
    Blind(TreeExplanation),
    /// The heuristic search's tree, level by level.
    Heuristic(TreeExplanation),
    /// The number method: colour numbers, description matrix, paths,
    /// Theorem 1 step by step.
    Number(NumberExplanation),
    /// The graph method: the colour multigraph, its 2-factors, their cycles
    /// and how the counts follow.
    Graph(GraphExplanation),
    /// The exact cover: items and options, and the options of the covers.
    Exact(ExactExplanation),
}

impl fmt::Display for Explanation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Explanation::Blind(t) | Explanation::Heuristic(t) => t.fmt(f),
            Explanation::Number(x) => f.write_str(&x.text),
            Explanation::Graph(g) => g.fmt(f),
            Explanation::Exact(e) => e.fmt(f),
        }
    }
}

/// One level of a search tree (level 1: the first cube placed).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TreeLevel {
    /// The level, from 1.
    pub level: usize,
    /// Orientations tried at this level (the paper's nodes).
    pub nodes: u128,
    /// Of them, those abandoned by the branch cut (a side shows a colour
    /// twice); 0 without the cut.
    pub cut: u128,
}

/// The blind or heuristic search tree, counted in the paper's units.
#[derive(Clone, Debug, Serialize)]
pub struct TreeExplanation {
    /// The switches the search ran with.
    pub switches: Switches,
    /// The cube placed first (from 1).
    pub first_cube: usize,
    /// The orientations the first cube took: 24, or 3.
    pub first_orientations: u128,
    /// The tree level by level.
    pub levels: Vec<TreeLevel>,
    /// Paths walked to their end: complete stacks plus branches cut.
    pub paths: u128,
    /// Complete stacks that were tested (leaves of the last level).
    pub complete: u128,
    /// Complete stacks with no colour twice on a side (found, before any
    /// expansion by the tower symmetries).
    pub found: u128,
    /// The paths of the same tree without the cut:
    /// `first_orientations · 24^(n−1)`.
    pub uncut_paths: u128,
}

impl fmt::Display for TreeExplanation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let on = |b: bool| if b { "on" } else { "off" };
        let s = &self.switches;
        writeln!(
            f,
            "The search tree, counted in orientations (a node: one orientation of one cube):"
        )?;
        writeln!(
            f,
            "  switches: three_orientations {}, cut {}, hide_dominant {}, most_constrained {}",
            on(s.three_orientations),
            on(s.cut),
            on(s.hide_dominant),
            on(s.most_constrained)
        )?;
        writeln!(
            f,
            "  first cube placed: cube {}, on {} orientations",
            self.first_cube, self.first_orientations
        )?;
        let w = self
            .levels
            .iter()
            .map(|l| l.nodes.to_string().len())
            .max()
            .unwrap_or(1)
            .max(5);
        writeln!(f, "  {:>5}  {:>w$}  {:>w$}", "level", "nodes", "cut")?;
        for l in &self.levels {
            writeln!(f, "  {:>5}  {:>w$}  {:>w$}", l.level, l.nodes, l.cut)?;
        }
        writeln!(
            f,
            "  paths walked to their end: {} ({} complete stacks tested, {} ended by the cut); {} stacks found",
            self.paths,
            self.complete,
            self.paths - self.complete,
            self.found
        )?;
        writeln!(
            f,
            "  the same tree without the cut: {} paths ({} x 24^{})",
            self.uncut_paths,
            self.first_orientations,
            self.levels.len().saturating_sub(1)
        )
    }
}

/// The number method's working: the data, and the text the paper's order
/// gives it.
#[derive(Clone, Debug, Serialize)]
pub struct NumberExplanation {
    /// b = 2n − 1: colour i gets b^i.
    pub base: u64,
    /// Per colour (palette order) its number, as a decimal string (or a sum
    /// of powers past 23 colours).
    pub colour_numbers: Vec<String>,
    /// The value both paths must reach: twice the sum of the numbers.
    pub target: String,
    /// The description matrix: per cube the sums of its F-B, L-R, T-D pairs.
    pub matrix: Vec<[String; 3]>,
    /// Theorem 1's procedure, step by step, for the first pair of paths.
    pub theorem1: Vec<String>,
    /// The text, as `Display` prints it.
    #[serde(skip)]
    pub text: String,
}

/// One opposite pair of a cube: an edge of the colour multigraph.
#[derive(Clone, Debug, Serialize)]
pub struct GraphEdge {
    /// The cube, from 1.
    pub cube: usize,
    /// `F-B`, `L-R` or `T-D`.
    pub axis: &'static str,
    /// The two colours (equal for a loop).
    pub colours: [String; 2],
}

/// One cycle of a 2-factor: the cubes along it and the colours they join.
#[derive(Clone, Debug, Serialize)]
pub struct FactorCycle {
    /// Per cube along the cycle: the cube (from 1), the axis the pair
    /// comes from (`F-B`, `L-R` or `T-D` of the cube as given), and the pair
    /// as walked (the colour shown front, or left, first).
    pub steps: Vec<(usize, &'static str, [String; 2])>,
    /// Whether it is a loop (one cube with one colour on both faces).
    pub is_loop: bool,
}

/// One ordered pair of edge-disjoint 2-factors and what it contributes.
#[derive(Clone, Debug, Serialize)]
pub struct FactorPairExplained {
    /// Factor 1 (shown front-back): its cycles.
    pub front_back: Vec<FactorCycle>,
    /// Factor 2 (shown left-right): its cycles.
    pub left_right: Vec<FactorCycle>,
    /// Rotation tuples it stands for: 2^(cycles of both, loops included).
    pub orientations: u128,
}

/// The graph method's working.
#[derive(Clone, Debug, Serialize)]
pub struct GraphExplanation {
    /// The colour multigraph: three edges per cube.
    pub edges: Vec<GraphEdge>,
    /// Ordered pairs of edge-disjoint 2-factors in all (null when the
    /// search stopped at the first solution).
    pub factor_pair_count: Option<u64>,
    /// The first of them (at most [`GraphExplanation::SHOWN`]), unordered:
    /// each pair once, with its swap (a quarter turn of the tower) left out.
    pub factor_pairs: Vec<FactorPairExplained>,
    /// `Σ 2^(c1 + c2)` over every ordered pair: the `orientations` count
    /// (null when nothing was counted).
    pub orientations: Option<u128>,
}

impl GraphExplanation {
    /// Pairs shown at most.
    pub const SHOWN: usize = 8;
    /// Pairs are listed only for sets of at most this many cubes.
    pub const LISTED_CUBES: usize = 32;
}

fn cycles_text(cs: &[FactorCycle]) -> String {
    let parts: Vec<String> = cs
        .iter()
        .map(|c| {
            let steps: Vec<String> = c
                .steps
                .iter()
                .map(|(cube, axis, [a, b])| format!("{cube}:{axis} ({a},{b})"))
                .collect();
            let kind = if c.is_loop { " loop" } else { "" };
            format!("[{}]{kind}", steps.join(", "))
        })
        .collect();
    parts.join(" ")
}

impl fmt::Display for GraphExplanation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "The colour multigraph: a vertex per colour, an edge per opposite pair of every cube:"
        )?;
        for e in &self.edges {
            let lp = if e.colours[0] == e.colours[1] { " (loop)" } else { "" };
            writeln!(
                f,
                "  cube {:<2} {}  {} - {}{lp}",
                e.cube, e.axis, e.colours[0], e.colours[1]
            )?;
        }
        writeln!(
            f,
            "A solution is two edge-disjoint 2-factors (one edge of every cube each, every colour of degree 2):"
        )?;
        match self.factor_pair_count {
            Some(k) => writeln!(
                f,
                "factor 1 shows front-back, factor 2 left-right. Ordered pairs: {k} (each pair in both orders)."
            )?,
            None => writeln!(
                f,
                "factor 1 shows front-back, factor 2 left-right. Ordered pairs: not counted (first solution only)."
            )?,
        }
        for (k, p) in self.factor_pairs.iter().enumerate() {
            writeln!(f, "  pair {}:", k + 1)?;
            writeln!(f, "    factor 1 cycles: {}", cycles_text(&p.front_back))?;
            writeln!(f, "    factor 2 cycles: {}", cycles_text(&p.left_right))?;
            writeln!(
                f,
                "    each cycle walks 2 ways: 2^({} + {}) = {} rotation tuples per order",
                p.front_back.len(),
                p.left_right.len(),
                p.orientations
            )?;
        }
        let shown = self.factor_pairs.len() as u64 * 2;
        if self.factor_pairs.is_empty() && self.edges.len() > 3 * Self::LISTED_CUBES {
            writeln!(
                f,
                "  (pairs are listed for sets of at most {} cubes)",
                Self::LISTED_CUBES
            )?;
        } else if let Some(more) = self
            .factor_pair_count
            .and_then(|k| k.checked_sub(shown))
            .filter(|&m| m > 0)
        {
            writeln!(f, "  ... {more} more ordered pairs")?;
        }
        if let Some(o) = self.orientations {
            writeln!(
                f,
                "orientations = sum over ordered pairs of 2^(cycles of factor 1 + cycles of factor 2) = {o}"
            )?;
        }
        writeln!(
            f,
            "patterns: as orientations, loops not doubled (a loop shows the same colours either way);"
        )?;
        writeln!(
            f,
            "distinct: patterns up to the 8 tower symmetries, by Burnside's lemma over the same pairs."
        )
    }
}

/// The exact cover's items and options.
#[derive(Clone, Debug, Serialize)]
pub struct ExactExplanation {
    /// The colours in the order the item names number them (from 0).
    pub colours: Vec<String>,
    /// Primary items with their multiplicity bounds, as `name[lo..hi]`.
    pub primary: Vec<String>,
    /// Secondary items.
    pub secondary: Vec<String>,
    /// Every option, as a DLX file writes it.
    pub options: Vec<String>,
    /// The options of the first cover found (empty when there is none).
    pub first_cover: Vec<String>,
    /// Covers in all (ordered pairs of 2-factors).
    pub cover_count: u64,
}

impl fmt::Display for ExactExplanation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "Exact cover with multiplicities: item cubei for cube i + 1; FBc, LRc for colour c on the front-back and left-right belts."
        )?;
        let colours: Vec<String> = (self.colours.iter().enumerate())
            .map(|(c, name)| format!("{c} {name}"))
            .collect();
        writeln!(f, "Colours: {}", colours.join(", "))?;
        writeln!(f, "Primary items ({}): {}", self.primary.len(), self.primary.join(" "))?;
        writeln!(
            f,
            "Secondary items ({}): {}",
            self.secondary.len(),
            self.secondary.join(" ")
        )?;
        writeln!(f, "Options ({}):", self.options.len())?;
        for o in &self.options {
            writeln!(f, "  {o}")?;
        }
        writeln!(f, "Covers: {} (ordered pairs of 2-factors)", self.cover_count)?;
        if !self.first_cover.is_empty() {
            writeln!(f, "The first cover:")?;
            for o in &self.first_cover {
                writeln!(f, "  {o}")?;
            }
        }
        Ok(())
    }
}
