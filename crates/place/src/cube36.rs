//! The 36 Cube: towers of n colours and n sizes on an n x n board of stubs.
//!
//! A tower of size h (0..n) fits a stub of height s iff h + s = n - 1, so a
//! full board is flat; a few *special* towers also fit one other cell. A
//! solution places all n² towers, no colour twice in a row or column. The
//! real puzzle is [`Board::real`] (docs/conventions.md, "The 36 Cube").
//!
//! As exact cover (Algorithm X, all items primary): items are the cells,
//! the towers, and "row r has colour k", "column c has colour k"; an option
//! is a tower on a cell it fits. The search then needs no puzzle code at all.
//!
//! ```
//! use cubist_place::cube36::{solve, Board};
//! let board = Board::real();
//! let solutions = solve(&board);
//! assert_eq!(solutions.len(), 96);
//! assert!(cubist_place::cube36::check(&board, &solutions[0]).is_ok());
//! ```
//!
//! # Symmetries
//!
//! Two solutions are the same *up to the puzzle's symmetries* when one is
//! carried to the other by a symmetry of the square board (one of its 8
//! rotations and reflections) together with a renaming of the colours, such
//! that the pair maps every fit (tower, cell) onto a fit: the heights and
//! the special cells are kept, and a special tower goes to a special tower
//! of the same size on the image cell. Colours whose towers fit the same
//! cells (on the real board: red, blue, green, violet) can be renamed among
//! themselves freely.

use crate::Error;
use cubist_exact::{Dlx, Problem};
use cubist_io::{excerpt, InputError, LimitError};
use std::collections::BTreeSet;
use std::ops::ControlFlow;

/// A special tower: (colour, size) that also fits cell (row, column).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Special {
    /// The tower's colour (an index into [`Board::colours`]).
    pub colour: usize,
    /// The tower's size.
    pub size: usize,
    /// The row of the other cell it fits, from 0.
    pub row: usize,
    /// The column of that cell, from 0.
    pub col: usize,
}

/// A board: colour names, stub heights, special towers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    /// The colour names; n is their number.
    pub colours: Vec<String>,
    /// `heights[r][c]` in 0..n.
    pub heights: Vec<Vec<usize>>,
    /// The special towers.
    pub specials: Vec<Special>,
}

/// A filled board: `grid[r][c] = (colour, size)` of the tower there.
pub type Grid = Vec<Vec<(usize, usize)>>;

impl Board {
    /// The real puzzle (docs/conventions.md, "The 36 Cube").
    pub fn real() -> Board {
        let heights = "134520 250413 013254 541302 425031 302145"
            .split(' ')
            .map(|row| row.bytes().map(|b| usize::from(b - b'0')).collect())
            .collect();
        Board {
            colours: ["red", "yellow", "blue", "green", "violet", "orange"]
                .map(String::from)
                .to_vec(),
            heights,
            specials: vec![
                Special {
                    colour: 1,
                    size: 4,
                    row: 1,
                    col: 2,
                },
                Special {
                    colour: 5,
                    size: 5,
                    row: 3,
                    col: 2,
                },
            ],
        }
    }

    /// The same board with the special towers made ordinary.
    pub fn without_specials(&self) -> Board {
        Board {
            specials: vec![],
            ..self.clone()
        }
    }

    /// n: colours, sizes, rows and columns.
    pub fn n(&self) -> usize {
        self.colours.len()
    }

    /// Whether tower (colour, size) fits cell (r, c).
    pub fn fits(&self, colour: usize, size: usize, r: usize, c: usize) -> bool {
        size + self.heights[r][c] + 1 == self.n()
            || self
                .specials
                .iter()
                .any(|s| (s.colour, s.size, s.row, s.col) == (colour, size, r, c))
    }

    /// Whether a tower of `size` on cell (r, c) stands there as a special
    /// tower (it does not make the cell flat).
    pub fn is_special_placement(&self, size: usize, r: usize, c: usize) -> bool {
        size + self.heights[r][c] + 1 != self.n()
    }

    /// Reads a board file (format in docs/place.md):
    ///
    /// ```text
    /// # comment
    /// colours: red yellow blue green violet orange
    /// heights:
    /// 1 3 4 5 2 0
    /// ...                      (n rows of n heights, 0..n-1)
    /// special: yellow 4 1 2    (colour, size, row, column: fits there too)
    /// ```
    ///
    /// `source` names the file in errors, which give the line and column.
    pub fn parse(source: &str, text: &str) -> Result<Board, InputError> {
        let mut colours: Option<Vec<String>> = None;
        let mut heights: Vec<Vec<usize>> = Vec::new();
        let mut in_heights = false;
        let mut specials_text = Vec::new();
        // Errors point at a word by its byte offset in `text`.
        let at = |w: &str| w.as_ptr() as usize - text.as_ptr() as usize;
        let err = |w: &str, what: String| InputError::at(source, text, at(w), what);
        for (ln, raw) in text.lines().enumerate() {
            let ln = ln + 1;
            let line = raw.split('#').next().unwrap_or("");
            let words: Vec<&str> = line.split_whitespace().collect();
            let Some(&first) = words.first() else { continue };
            match first {
                "colours:" | "colors:" => {
                    let names: Vec<String> = words[1..].iter().map(|w| w.to_string()).collect();
                    if names.is_empty() {
                        return Err(err(first, "no colours named".into()));
                    }
                    // A set, not a scan: a line may name a million colours.
                    let mut seen = std::collections::HashSet::new();
                    for w in &words[1..] {
                        if !seen.insert(*w) {
                            return Err(err(w, format!("colour `{}` named twice", excerpt(w))));
                        }
                    }
                    colours = Some(names);
                    in_heights = false;
                }
                "heights:" => {
                    in_heights = true;
                    if words.len() > 1 {
                        return Err(err(words[1], "heights start on the next line".into()));
                    }
                }
                "special:" => {
                    in_heights = false;
                    if words.len() != 5 {
                        return Err(err(first, "expected `special: COLOUR SIZE ROW COLUMN`".into()));
                    }
                    specials_text.push([words[1], words[2], words[3], words[4]]);
                }
                _ if in_heights => {
                    let n = colours
                        .as_ref()
                        .map(Vec::len)
                        .ok_or_else(|| InputError::line(source, ln, "heights before colours"))?;
                    // Digits either separated by spaces or run together.
                    let run_together = words.len() == 1 && first.chars().nth(1).is_some();
                    let count = if run_together {
                        first.chars().count()
                    } else {
                        words.len()
                    };
                    // Counted before the cells are listed: a line of a
                    // million digits is refused, not split into a million.
                    if count != n {
                        return Err(InputError::line(
                            source,
                            ln,
                            format!("row {} has {count} heights; the board is {n} x {n}", heights.len()),
                        ));
                    }
                    let cells: Vec<&str> = if run_together {
                        first
                            .char_indices()
                            .map(|(i, ch)| &first[i..i + ch.len_utf8()])
                            .collect()
                    } else {
                        words
                    };
                    let mut row = Vec::new();
                    for w in cells {
                        let h = w
                            .parse::<usize>()
                            .map_err(|_| err(w, format!("`{}` is not a height", excerpt(w))))?;
                        row.push((h, w));
                    }
                    if let Some(&(h, w)) = row.iter().find(|(h, _)| *h >= n) {
                        return Err(err(w, format!("height {h} is out of range 0..{}", n - 1)));
                    }
                    heights.push(row.into_iter().map(|(h, _)| h).collect());
                    if heights.len() > n {
                        return Err(InputError::line(source, ln, format!("more than {n} rows of heights")));
                    }
                }
                _ => {
                    return Err(err(
                        first,
                        format!(
                            "unexpected `{}` (expected colours:, heights: or special:)",
                            excerpt(first)
                        ),
                    ))
                }
            }
        }
        let colours = colours.ok_or_else(|| InputError::new(source, "no `colours:` line"))?;
        let n = colours.len();
        if heights.len() != n {
            return Err(InputError::new(
                source,
                format!("{} rows of heights; the board is {n} x {n}", heights.len()),
            ));
        }
        let mut specials = Vec::new();
        for [name, size, row, col] in specials_text {
            let colour = colours
                .iter()
                .position(|c| c == name)
                .ok_or_else(|| err(name, format!("unknown colour `{}`", excerpt(name))))?;
            let num = |t: &str| {
                t.parse::<usize>()
                    .ok()
                    .filter(|&v| v < n)
                    .ok_or_else(|| err(t, format!("`{}` is not in 0..{}", excerpt(t), n - 1)))
            };
            specials.push(Special {
                colour,
                size: num(size)?,
                row: num(row)?,
                col: num(col)?,
            });
        }
        Ok(Board {
            colours,
            heights,
            specials,
        })
    }
}

/// The exact-cover problem of placing the towers of the given colours, and
/// what each option means: (colour, size, row, column). With every colour
/// this is the puzzle; with fewer, the cells become secondary items (at most
/// one tower each) and only the chosen colours must be complete.
pub fn problem(board: &Board, colours: &[usize]) -> (Problem, Vec<(usize, usize, usize, usize)>) {
    let n = board.n();
    let full = colours.len() == n;
    let mut p = Problem::new();
    let id = |p: &mut Problem, name: String| p.primary(&name).expect("fresh item names");
    let mut tower = vec![vec![0; n]; n];
    let (mut row, mut col) = (vec![vec![0; n]; n], vec![vec![0; n]; n]);
    for &k in colours {
        for (h, t) in tower[k].iter_mut().enumerate() {
            *t = id(&mut p, format!("t{k}.{h}"));
        }
        for i in 0..n {
            row[i][k] = id(&mut p, format!("r{i}.{k}"));
            col[i][k] = id(&mut p, format!("c{i}.{k}"));
        }
    }
    let mut cell = vec![vec![0; n]; n];
    for (r, cells) in cell.iter_mut().enumerate() {
        for (c, x) in cells.iter_mut().enumerate() {
            let name = format!("x{r}.{c}");
            *x = if full { p.primary(&name) } else { p.secondary(&name) }.expect("fresh item names");
        }
    }
    let mut meaning = Vec::new();
    for &k in colours {
        for (h, &t) in tower[k].iter().enumerate() {
            for r in 0..n {
                for c in 0..n {
                    if board.fits(k, h, r, c) {
                        p.option(&[(t, 0), (row[r][k], 0), (col[c][k], 0), (cell[r][c], 0)])
                            .expect("valid option");
                        meaning.push((k, h, r, c));
                    }
                }
            }
        }
    }
    (p, meaning)
}

/// Every solution, sorted.
///
/// Colours of one class (equal fit sets) can be renamed among themselves
/// in every solution, and row 0 holds every colour once, so each renaming
/// orbit has exactly one solution whose row 0 lists each class's colours in
/// increasing order. The search therefore runs once per such row 0 (on the
/// real board 6!/4! = 30 of them, each with row 0 fixed: small searches on
/// clones of one engine with the other row-0 options excluded), and every
/// solution found is then renamed in all ways. [`solve_exhaustive`]
/// is the plain search, kept to check this one.
pub fn solve(board: &Board) -> Vec<Grid> {
    solve_at_most(board, usize::MAX).unwrap_or_default()
}

/// The largest board [`analyse`] takes: 8 colours. The colours of one class
/// are renamed in every way (8! = 40,320 renamings at most) and the
/// exact-cover problem has n^3 options.
pub const MAX_BOARD_ORDER: usize = 8;

/// The most solutions [`analyse`] holds in memory (each an n x n grid).
pub const MAX_SOLUTIONS: usize = 1 << 20;

/// [`solve`], giving up (`None`) as soon as more than `cap` solutions are
/// found, so that memory stays bounded on a board with a huge number of them.
pub fn solve_at_most(board: &Board, cap: usize) -> Option<Vec<Grid>> {
    let n = board.n();
    let sym = Symmetries::new(board);
    let renamings = sym.renamings();
    let (p, meaning) = problem(board, &(0..n).collect::<Vec<_>>());
    let base = Dlx::new(&p);
    let mut all = BTreeSet::new();
    let mut over = false;
    for row0 in sym.ordered_rows() {
        let mut dlx = base.clone();
        for (o, &(k, _, r, c)) in meaning.iter().enumerate() {
            if r == 0 && row0[c] != k {
                dlx.exclude(o);
            }
        }
        let _ = dlx.run(|s| {
            let g = grid(n, &meaning, s);
            for map in &renamings {
                all.insert(
                    g.iter()
                        .map(|row| row.iter().map(|&(k, h)| (map[k], h)).collect())
                        .collect::<Grid>(),
                );
            }
            over = all.len() > cap;
            if over {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        });
        if over {
            return None;
        }
    }
    Some(all.into_iter().collect())
}

/// The solutions in the order of the plain search that places the towers
/// one at a time, colour by colour (in the board's order) and within a
/// colour from size 0 up, each on the first free cell it fits, row by row:
/// the search of the blog post the puzzle comes from, with its cells tried
/// in reading order. A depth-first search with ordered choices finds its
/// solutions in the lexicographic order of its choices, so this sorts by
/// the list of cells `(row, column)` that tower (0, 0), (0, 1), ... took.
pub fn in_search_order(solutions: &[Grid]) -> Vec<&Grid> {
    let cells = |g: &Grid| {
        let mut at: Vec<((usize, usize), (usize, usize))> = g
            .iter()
            .enumerate()
            .flat_map(|(r, row)| row.iter().enumerate().map(move |(c, &tower)| (tower, (r, c))))
            .collect();
        at.sort_unstable();
        at.into_iter().map(|(_, cell)| cell).collect::<Vec<_>>()
    };
    let mut keyed: Vec<(Vec<(usize, usize)>, &Grid)> = solutions.iter().map(|g| (cells(g), g)).collect();
    keyed.sort_unstable();
    keyed.into_iter().map(|(_, g)| g).collect()
}

/// Everything the `place cube36` command tells about a board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Analysis {
    /// Every solution, sorted.
    pub solutions: Vec<Grid>,
    /// One solution per class under the puzzle's symmetries: the smallest
    /// image of each ([`Symmetries::canonical`]), sorted.
    pub representatives: Vec<Grid>,
    /// The order of the symmetry group.
    pub order: u64,
    /// Why there is no solution ([`reason`]), when there is none.
    pub reason: Option<String>,
}

/// Solves a board and sorts its solutions into classes under the puzzle's
/// symmetries; with no solution, finds the reason.
/// Boards over [`MAX_BOARD_ORDER`] colours, or with more than
/// [`MAX_SOLUTIONS`] solutions, are refused.
pub fn analyse(board: &Board) -> Result<Analysis, Error> {
    let n = board.n();
    if n > MAX_BOARD_ORDER {
        let needed = format!("{n} colours ({n} x {n} cells)");
        let limit = format!("{MAX_BOARD_ORDER} colours");
        return Err(LimitError::new("the board", needed, limit).into());
    }
    let Some(solutions) = solve_at_most(board, MAX_SOLUTIONS) else {
        let needed = format!("more than {MAX_SOLUTIONS} solutions in memory");
        return Err(LimitError::new("the board's solutions", needed, MAX_SOLUTIONS).into());
    };
    let sym = Symmetries::new(board);
    let representatives: BTreeSet<Grid> = solutions.iter().map(|g| sym.canonical(g)).collect();
    let reason = if solutions.is_empty() { reason(board) } else { None };
    Ok(Analysis {
        solutions,
        representatives: representatives.into_iter().collect(),
        order: sym.order(),
        reason,
    })
}

/// The filled board of a solution of [`problem`].
fn grid(n: usize, meaning: &[(usize, usize, usize, usize)], s: &[usize]) -> Grid {
    let mut g = vec![vec![(0, 0); n]; n];
    for &o in s {
        let (k, h, r, c) = meaning[o];
        g[r][c] = (k, h);
    }
    g
}

/// Every solution by the plain exact cover, no symmetry used, sorted.
pub fn solve_exhaustive(board: &Board) -> Vec<Grid> {
    let n = board.n();
    let (p, meaning) = problem(board, &(0..n).collect::<Vec<_>>());
    let mut out = Vec::new();
    let _ = Dlx::new(&p).run(|s| {
        out.push(grid(n, &meaning, s));
        ControlFlow::Continue(())
    });
    out.sort();
    out
}

/// The independent checker: every tower once, each on a cell it fits, no
/// colour twice in a row or column.
pub fn check(board: &Board, g: &Grid) -> Result<(), Error> {
    let n = board.n();
    let fail = |why: String| Err(Error::Check(why));
    if g.len() != n || g.iter().any(|row| row.len() != n) {
        return fail("wrong grid size".into());
    }
    let mut used = vec![vec![false; n]; n];
    for r in 0..n {
        for c in 0..n {
            let (k, h) = g[r][c];
            if k >= n || h >= n || std::mem::replace(&mut used[k][h], true) {
                return fail(format!("tower ({k}, {h}) at ({r}, {c}) is invalid or used twice"));
            }
            if !board.fits(k, h, r, c) {
                return fail(format!("tower ({k}, {h}) does not fit ({r}, {c})"));
            }
            if (0..c).any(|c2| g[r][c2].0 == k) || (0..r).any(|r2| g[r2][c].0 == k) {
                return fail(format!("colour {k} repeats at ({r}, {c})"));
            }
        }
    }
    Ok(())
}

/// The 8 symmetries of the square (4 turns, 4 reflections): map `g` of
/// cell (r, c) on an n x n board.
fn square_map(g: usize, n: usize, r: usize, c: usize) -> (usize, usize) {
    let m = n - 1;
    match g {
        0 => (r, c),
        1 => (c, m - r),
        2 => (m - r, m - c),
        3 => (m - c, r),
        4 => (r, m - c),
        5 => (m - r, c),
        6 => (c, r),
        _ => (m - c, m - r),
    }
}

/// The puzzle's symmetries: for each of the 8 square maps that carries
/// every colour's set of fits onto some colour's set of fits, that map and
/// the colour classes' images. Colours with equal fit sets form a class;
/// renaming within a class is always a symmetry.
pub struct Symmetries {
    n: usize,
    /// Class of each colour (classes numbered by their first colour).
    class: Vec<usize>,
    /// The colours of each class, ascending.
    members: Vec<Vec<usize>>,
    /// (square map index, class image per class).
    maps: Vec<(usize, Vec<usize>)>,
}

impl Symmetries {
    /// The symmetries of a board.
    pub fn new(board: &Board) -> Symmetries {
        let n = board.n();
        let fitset = |k: usize, g: usize| -> BTreeSet<(usize, usize, usize)> {
            let mut s = BTreeSet::new();
            for h in 0..n {
                for r in 0..n {
                    for c in 0..n {
                        if board.fits(k, h, r, c) {
                            let (r2, c2) = square_map(g, n, r, c);
                            s.insert((h, r2, c2));
                        }
                    }
                }
            }
            s
        };
        let plain: Vec<_> = (0..n).map(|k| fitset(k, 0)).collect();
        let mut class = vec![0; n];
        let mut members: Vec<Vec<usize>> = Vec::new();
        for k in 0..n {
            match (0..k).find(|&j| plain[j] == plain[k]) {
                Some(j) => {
                    class[k] = class[j];
                    members[class[j]].push(k);
                }
                None => {
                    class[k] = members.len();
                    members.push(vec![k]);
                }
            }
        }
        let mut maps = Vec::new();
        for g in 0..8 {
            let image: Option<Vec<usize>> = members
                .iter()
                .map(|m| {
                    let moved = fitset(m[0], g);
                    (0..n).find(|&j| plain[j] == moved).map(|j| class[j])
                })
                .collect();
            if let Some(image) = image {
                maps.push((g, image));
            }
        }
        Symmetries {
            n,
            class,
            members,
            maps,
        }
    }

    /// Every arrangement of the n colours along a row in which each class's
    /// colours come in increasing order: one per orbit of the renamings.
    pub fn ordered_rows(&self) -> Vec<Vec<usize>> {
        fn go(s: &Symmetries, next: &mut [usize], row: &mut Vec<usize>, out: &mut Vec<Vec<usize>>) {
            if row.len() == s.n {
                out.push(row.clone());
                return;
            }
            for (a, m) in s.members.iter().enumerate() {
                if next[a] < m.len() {
                    row.push(m[next[a]]);
                    next[a] += 1;
                    go(s, next, row, out);
                    next[a] -= 1;
                    row.pop();
                }
            }
        }
        let mut out = Vec::new();
        go(self, &mut vec![0; self.members.len()], &mut Vec::new(), &mut out);
        out
    }

    /// Every renaming of colours within their classes, as maps old -> new.
    pub fn renamings(&self) -> Vec<Vec<usize>> {
        let mut maps = vec![(0..self.n).collect::<Vec<usize>>()];
        for m in &self.members {
            let mut next = Vec::new();
            for map in &maps {
                for perm in permutations(m.len()) {
                    let mut new = map.clone();
                    for (i, &j) in perm.iter().enumerate() {
                        new[m[i]] = m[j];
                    }
                    next.push(new);
                }
            }
            maps = next;
        }
        maps
    }

    /// The order of the symmetry group: admissible square maps times the
    /// renamings within classes.
    pub fn order(&self) -> u64 {
        let fact = |k: usize| (1..=k as u64).product::<u64>();
        self.maps.len() as u64 * self.members.iter().map(|m| fact(m.len())).product::<u64>()
    }

    /// The smallest image of a solution under the group: for each map, move
    /// the towers, send each colour to its class's image, and within each
    /// class rename colours in order of first appearance (reading order).
    pub fn canonical(&self, g: &Grid) -> Grid {
        let n = self.n;
        let mut best: Option<Grid> = None;
        for (gi, image) in &self.maps {
            let mut moved = vec![vec![(0, 0); n]; n];
            for (r, row) in g.iter().enumerate() {
                for (c, &t) in row.iter().enumerate() {
                    let (r2, c2) = square_map(*gi, n, r, c);
                    moved[r2][c2] = t;
                }
            }
            let mut rename = vec![usize::MAX; n];
            let mut next = vec![0; self.members.len()];
            for cell in moved.iter_mut().flatten() {
                let k = cell.0;
                if rename[k] == usize::MAX {
                    let b = image[self.class[k]];
                    rename[k] = self.members[b][next[b]];
                    next[b] += 1;
                }
                cell.0 = rename[k];
            }
            if best.as_ref().is_none_or(|b| moved < *b) {
                best = Some(moved);
            }
        }
        best.expect("the identity is always a symmetry")
    }
}

/// Why a board has no solution, in words: a colour that cannot be placed
/// alone, or else the first colour (in the board's order) that cannot be
/// added to a complete placement of the colours before it.
pub fn reason(board: &Board) -> Option<String> {
    let n = board.n();
    let count = |cs: &[usize]| Dlx::new(&problem(board, cs).0).count();
    for k in 0..n {
        if count(&[k]) == 0 {
            return Some(format!(
                "colour {} has no complete placement: no {n} cells, one per row and column, fit its {n} towers",
                board.colours[k]
            ));
        }
    }
    for k in 1..n {
        let before: Vec<usize> = (0..k).collect();
        let with: Vec<usize> = (0..=k).collect();
        if count(&with) == 0 {
            let names: Vec<&str> = before.iter().map(|&j| board.colours[j].as_str()).collect();
            return Some(format!(
                "colour {} has no complete placement beside {} ({} alone fits in {} ways; {} together in {} ways)",
                board.colours[k],
                names.join(", "),
                board.colours[k],
                count(&[k]),
                names.join(", "),
                count(&before)
            ));
        }
    }
    None
}

/// Every permutation of 0..n (Heap's algorithm).
fn permutations(n: usize) -> Vec<Vec<usize>> {
    fn heap(k: usize, a: &mut Vec<usize>, out: &mut Vec<Vec<usize>>) {
        if k <= 1 {
            out.push(a.clone());
            return;
        }
        for i in 0..k {
            heap(k - 1, a, out);
            let j = if k % 2 == 0 { i } else { 0 };
            if i + 1 < k {
                a.swap(j, k - 1);
            }
        }
    }
    let mut out = Vec::new();
    heap(n, &mut (0..n).collect(), &mut out);
    out
}
