//! The 4x4x4 by reduction: centres, then edge pairs, then the 3x3x3.
//!
//! A 4x4x4 whose centres each show one colour and whose 24 wings sit in
//! twelve matching pairs is a 3x3x3 as far as outer turns go: its centres
//! are the 3x3x3's centres, its pairs the 3x3x3's edges. *Reduction* gets
//! it there, then solves that 3x3x3 with Kociemba's two-phase algorithm
//! ([`cubist_twophase`]). This is how people solve the 4x4x4, and how
//! Chen Shuang's three-phase reduction (TPR, in the WCA's scrambler) and
//! Tsai's eight-step solver before it do it by computer. What a computer
//! adds is that each phase is a search for a *shortest* way to the phase's
//! goal, within turns that keep what earlier phases did.
//!
//! The turns are the 18 outer turns and the wide turns `Uw Rw Fw` (each a
//! block of two layers, one turn in the outer block turn metric); `Dw`,
//! `Lw` and `Bw` are not needed, since `Dw` is `Uw` up to the whole cube's
//! turn, and without them no rotation creeps into an answer. Phases:
//!
//! 1. **U and D centres onto U and D**, any turn. The eight U and D centre
//!    pieces on some 8 of the 24 centre slots: C(24,8) = 735,471 states,
//!    at most 9 turns away. The cube is also seen turned about its URF–DBL
//!    diagonal, once and twice (the solver's `Frames`), so that phase 1 brings home
//!    whichever axis's centres are nearest (TPR does the same), and the
//!    later phases go on in that frame; the answer is turned back.
//! 2. **R and L centres onto R and L, and each edge's two wings in slots
//!    of different classes**, turns keeping phase 1: outer turns, `Uw` of
//!    any power, `Rw2`, `Fw2` (23). Each edge place has two wing slots, of
//!    two *classes* that the later phases' turns never mix (see [`model`]):
//!    a wing can be paired with its partner by those turns only when the
//!    two are in different classes. `Uw`, `F` and `B` quarter turns move
//!    wings between classes, and this is the last phase with them. The
//!    goal also asks what phase 3 needs and cannot change: the wings in an
//!    even permutation and an even number of edges *flipped* (their
//!    class-1 wing in the class-0 slot: the reduced cube's flipped edges,
//!    whose number a 3x3x3 needs even; an odd number is the 4x4x4's "OLL
//!    parity"), which together permute the two classes' slots alike in
//!    parity; and the four F centres on 12 of the 70 arrangements of the
//!    F/B slots (phase 3 turns that axis by half turns only; the other
//!    axes' arrangements and the corners' parity are all within its
//!    reach).
//! 3. **Centres solved and the 12 edges paired**, turns keeping every axis's
//!    centres on its two faces and every wing in its class: `U D R L`,
//!    `F2 B2` and `Uw2 Rw2 Fw2` (17). Its goal includes the 3x3x3's
//!    permutation parity (corners and edges even or odd together), so no
//!    "PLL parity" is left, and phase 2 left no "OLL parity": both
//!    parities of the 4x4x4 are settled inside the phases, with no fixed
//!    algorithm.
//! 4. **The 3x3x3**, outer turns only, by [`cubist_twophase`].
//!
//! **Solved, or solved and turned.** A 4x4x4 has no fixed centres: every
//! face one colour is solved, whichever way up the cube then is. The
//! phases above fix the DBL corner (no turn moves it) and so one of the 24
//! ways up; the other 23 are goals too, as in TPR, and they shorten every
//! phase but the last. Phase 3's table of the centres takes as goals the
//! solved cube and the solved cube turned half a turn about each axis
//! (each axis's colours still on its two faces); the other turns are
//! reached by reading the colours renamed by a turn of the whole cube
//! (the solver's `Colouring`: six of them, each axis's colour pair read
//! as another's), so that phase 1 brings home whichever axis's colours
//! are nearest *to whichever axis's faces*, and phases 2 and 3 end with
//! the side colours on their own faces or on each other's. Phase 4 then
//! solves the 3x3x3 relative to the turn its centres show
//! ([`Model::cubie`]), and the answer ends solved but turned: a wide turn
//! of the answer absorbs the turn when it can at no cost (`Uw2` followed
//! by `y2` is `Dw2`, so the answer may have `Dw`, `Lw`, `Bw` turns), and
//! otherwise the answer closes with the turn (`y2`, `x z'`: the whole cube
//! turned, no move in the outer block turn metric, as in TPR's answers).
//! Over the `measure` test's 100 states this took the mean from 44.99 to
//! 43.64 moves and the time from 206 to 163 ms (phase 1 6.97 to 6.35
//! turns, phase 2 6.28 to 6.15, phase 3 13.30 to 12.78). Of the bench's
//! 100 answers, 24 absorb the turn and 71 close with one: with the axes'
//! colours free to sit on any axis, most closing turns are quarter turns
//! or products of two, which one wide turn seldom takes.
//!
//! Phase 1 has an exact table of its coordinate, phase 2 one of its
//! centres and the wings' parity ([`tables`]); phase 2's goal for the
//! wings is tested at each ending (below). Phase 3's states are centres x
//! 12!/2 pairings; it is guided by the larger of an exact table of its
//! centres and an exact table of the pairing with the corners' parity
//! against the wings' (the one bit of the centres coordinate the pairing
//! needs), reduced by 8 symmetries to 62 million entries ([`pairing`]):
//! with it one search
//! pairs all twelve edges and solves the centres, about 13 turns, where
//! four stages of three edges each (the design before it, with a table of
//! three edges' pairing) took about 28.
//!
//! **Phase 2's goal for the wings: each edge split between the classes.**
//! Phase 3 pairs the wing in an edge's class-0 slot with the one in its
//! class-1 slot, whichever of the edge's two wings each is: it needs each
//! edge split between the classes, not each wing in the class it started
//! in. Asking only that, as TPR does, lets 2,048 of the C(24,12) ways of
//! filling the class-0 slots end phase 2 (one wing of each edge there, an
//! even number of them flipped) instead of one: phase 2 ends 2.6 turns
//! sooner (8.95 against 11.55 over 20 states), and since the reduced
//! 3x3x3 now has flipped edges, phase 4 takes 1.55 turns more: 1.55
//! fewer in all. No table of a coordinate closed under the turns sees that goal
//! (which wings are partners is a pairing of the 24 slots), so, like TPR,
//! phase 2 is guided by its centres' table alone and tests the wings at
//! each ending: it follows the wing in each slot (24 bytes, moved by each
//! turn) and passes over an ending whose class-0 slots do not hold one
//! wing of each edge, an even number flipped (one ending in 1,320 at
//! random passes; endings of the centres are cheap to find, their table
//! being exact). The design before it had an exact table of the class-0
//! slots' wings (2.7 MB), whose single goal made phase 2 longer.
//!
//! TPR's phases, read from its source, are the same up to which axis is
//! which: its phase 1 brings one axis's centres onto their faces (the
//! axis nearest to it, of the three), any turn; its phase 2 separates the
//! other two axes' centres (those of the axis that phase 3 turns by half
//! turns only placed where phase 3 can solve them), with an even wing
//! permutation, by the outer turns, the first axis's wide quarter turns
//! and the other wide half turns, guided by one exact table of those
//! centres and parity, and tests the wings' split at each ending; its
//! phase 3 solves the centres and pairs the edges with the turns that
//! keep each wing's class, guided by tables of the centres and of the
//! pairing (the same split of the pairing as [`pairing`]'s); min2phase
//! solves the 3x3x3. Phase 1's choice among the three axes is taken here
//! by turning the whole cube (the solver's `Frames`), since phase 2's turns are fixed
//! to the U/D axis, the turns turned back afterwards; like TPR's, the
//! answer may end with the cube turned (above), and TPR's always closes
//! with a whole-cube turn.
//!
//! **Several ways, the shortest total.** The design is Chen Shuang's TPR
//! (three-phase reduction, in the WCA's scrambler): the length of a later
//! phase varies more than that of an earlier one, so each phase hands on
//! several of its endings and the next phase takes the best overall. Phase
//! 1 keeps up to 5,000 endings of at most three turns more than its
//! shortest (each a different state, none ending in a turn phase 2 could
//! make; they take a few milliseconds); phase 2 searches from all of them
//! by increasing *total* length (phase 1 and 2 turns), each start once its
//! table allows, and keeps up to 32 endings within one turn of the
//! shortest total; phase 3 searches those likewise (phases 1 to 3
//! together), so its first ways are the shortest for the three phases, and
//! keeps up to 8 (looking for more within a budget of nodes once it has
//! one); phase 4 searches all the ways' 3x3x3s in one two-phase search
//! by the length of the whole answer, within a budget of nodes (the
//! budgets and why are by the solver's `phase4` and `PLAN`).
//! Over 20 states, one phase 1 ending gave 48.15 moves,
//! 64 endings of its two shortest lengths 47.30, 500 of up to two turns
//! more 46.85, 2,000 of up to three more 46.60; with the first way's
//! 3x3x3 given 1,000,000 nodes 45.95; with 5,000 endings and 300,000
//! nodes for each other way's 3x3x3, 45.60. Every
//! search has a budget of nodes once it has an answer in hand (so a state
//! takes the same answer every time, whatever the machine's load). Every
//! answer is applied to the state in the generic puzzle before it is
//! returned.

pub mod model;
pub mod pairing;
pub mod tables;

use std::path::Path;
use std::sync::{Arc, Mutex, OnceLock};

use cubist_perm::word::Word;
use cubist_twisty::{compose, invert, Element, Puzzle};

use self::model::{odd, BlockTurn, Cube4, Model};
use self::tables::{rank, Coords, Origin, Tables, PHASE2, UNREACHED};
use crate::{Error, Watch};

/// The phase under which the build of the reduction tables reports its
/// progress: the pairing table's entries known, of all of them (the
/// searches before it take under a second).
pub const TABLES_PHASE: &str = "4x4x4 reduction tables";

/// The most nodes one phase's search may visit before the solver gives up
/// with an error (a bug, never expected: phase 3 takes thousands).
const NODE_LIMIT: u64 = 2_000_000_000;

/// A solver of the 4x4x4 by reduction, planned for one puzzle.
pub struct ReductionSolver {
    puzzle: Puzzle,
    model: Model,
    frames: Frames,
    colourings: Vec<Colouring>,
    /// Every block turn of the puzzle (outer or wide, any face and power)
    /// with its element, to recognise the products that absorb a closing
    /// whole-cube turn ([`ReductionSolver::finish`]); empty when the cube
    /// is kept one way up.
    blocks: Vec<(BlockTurn, Element)>,
    /// Whether the notation reads block turns (`Rw`): a definition read
    /// from a file names only its layers, and is answered in those.
    block_notation: bool,
    coords: Coords,
    tables: Arc<Tables>,
    origin: Origin,
    two_phase: crate::twophase::TablesOrigin,
    warning: Option<String>,
}

/// Tables by the key of the model they are for.
type Held = Vec<(u64, Arc<Tables>)>;

/// Phase 2's coordinates: the side centres and wing parity
/// ([`Coords::side_step`]), and the wing in each slot.
type Phase2 = (u64, [u8; 24]);

/// A phase 1 ending, phase 2's start: (frame, colouring), the path, the
/// state after it, and phase 2's coordinates there in the colouring's
/// colours.
type Start = ((usize, usize), Vec<usize>, Cube4, Phase2);

/// Phase 3's coordinates: the centres and the pairing.
type Phase3 = (u32, pairing::Perm);

/// A way through phases 1 to 3: their turns, and the 3x3x3 they leave.
struct Way {
    /// The frame its turns are in ([`Frames`]).
    frame: usize,
    turns: [Vec<usize>; 3],
    cubie: cubist_twophase::CubieCube,
}

/// The centres' colours as phases 2 and 3 see them.
///
/// Phase 1 brings one axis's centres home; the other two axes' colours
/// may then end on their own faces or on each other's, the whole cube
/// turned a quarter about the first axis: solved all the same, as a cuber
/// sees it (TPR accepts both). The coordinates of phases 2 and 3 tell the
/// colours of each axis by the faces they belong on, so the second kind
/// is searched with the colours renamed by that quarter turn (`R` read as
/// `F`, `F` as `L`...): a goal of the renamed cube is the cube solved and
/// turned. A quarter turn permutes the corners evenly and the edges oddly
/// (three 4-cycles), so the parity phase 3 brings to its goal is the other
/// one ([`model::Rotation::parity`]). Phase 4 then solves the 3x3x3 to the
/// turned cube ([`Model::cubie`]), and the answer absorbs or names the turn
/// ([`ReductionSolver::finish`]).
#[derive(Clone, Debug)]
struct Colouring {
    /// `map[f]`: the colour phases 2 and 3 read for face colour `f`.
    map: [u8; 6],
    /// Whether the parity of the goal is the other one.
    parity: bool,
}

impl Colouring {
    /// The colourings: the colours as they are, and, when the cube may be
    /// left turned, renamed by one turn of the whole cube for each other
    /// way the three axes' colour pairs can sit on the three axes and the
    /// other two axes' colours round the first (six in all: the 24 turns
    /// less the four half turns about an axis, which phase 3's goals take
    /// in any colouring).
    fn of(model: &Model) -> Vec<Colouring> {
        let rename = |r: &model::Rotation| {
            let mut map = [0u8; 6];
            for q in 0..24 {
                map[r.centres[q] as usize] = model.centre_face[q];
            }
            Colouring { map, parity: r.parity }
        };
        let mut out: Vec<Colouring> = Vec::new();
        for r in model.ways_up() {
            // A turn already covered: some colouring reads its solved cube
            // with every axis's colours on their own faces.
            let covered = out
                .iter()
                .any(|c| (0..24).all(|q| c.map[r.centres[q] as usize] % 3 == model.centre_face[q] % 3));
            if !covered {
                out.push(rename(r));
            }
        }
        out
    }

    /// The state with its centres' colours renamed.
    fn recolour(&self, c: &Cube4) -> Cube4 {
        Cube4 {
            centre: c.centre.map(|f| self.map[f as usize]),
            ..*c
        }
    }
}

/// The cube seen from each of its three axes, so that phase 1 can bring
/// home whichever axis's centres are nearest (as TPR's phase 1 does), while
/// the later phases, whose turns are fixed to the U/D axis, stay as they
/// are. Frame `k` is the state conjugated by `ρ^k`, `ρ` the rotation about
/// the URF–DBL diagonal taking the U/D axis to R/L and R/L to F/B: it
/// fixes the DBL corner, which no solver turn moves, and maps `U R F` to
/// `R F U` and so each of the 27 turns to one of them (`Uw` to `Rw`). A
/// state `s` whose frame-`k` state `ρ⁻ᵏ s ρᵏ` is solved by turns `t₁ t₂ …`
/// is solved by `ρᵏ t₁ ρ⁻ᵏ, ρᵏ t₂ ρ⁻ᵏ, …`: turns of the solver again,
/// read from [`Frames::back`].
/// A 4x4x4 whose notation has no whole-cube turns (a definition read from
/// a file, say) has the one frame it is given. The 5x5x5's reduction
/// ([`crate::bigcube`]) takes the same frames for its first stage.
pub(crate) struct Frames {
    /// `rho[k]`: `ρ^k` as an element of the puzzle (the whole cube's
    /// rotation, all layers of an axis turned).
    pub(crate) rho: Vec<Element>,
    /// `back[k][t]`: the turn of frame 0 that is turn `t` of frame `k`.
    pub(crate) back: Vec<Vec<u8>>,
}

impl Frames {
    /// The frames of the 4x4x4 `p` (its model `m`): three, or only the
    /// state itself when the puzzle cannot turn the whole cube (no `x`, `y`
    /// in its notation) or no rotation permutes the turns as above.
    fn new(p: &Puzzle, m: &Model) -> Frames {
        let turns: Vec<Element> = (0..27).map(|t| model::element_of(p, &m.letters(t))).collect();
        // Turns 0, 3, 6 are the quarter turns of U R F.
        let rotations = m.rotations.iter().map(|r| r.element.clone());
        Frames::three(p, rotations, &turns, [0, 3, 6]).unwrap_or_else(|| Frames::one(p, turns.len()))
    }

    /// The state alone, its `turns` turns their own.
    pub(crate) fn one(p: &Puzzle, turns: usize) -> Frames {
        Frames {
            rho: vec![p.identity()],
            back: vec![(0..turns).map(|t| t as u8).collect()],
        }
    }

    /// The three frames of `turns` (at most 256), `ρ` the first of
    /// `rotations` whose conjugation takes `U` to `R`, `R` to `F` and `F`
    /// to `U` (`urf`: the indices of their quarter turns in `turns`);
    /// `None` when none does or a turn's image is not among `turns`.
    pub(crate) fn three(
        p: &Puzzle,
        rotations: impl IntoIterator<Item = Element>,
        turns: &[Element],
        urf: [usize; 3],
    ) -> Option<Frames> {
        let conj = |r: &Element, e: &Element| compose(&compose(r, e), &invert(r));
        let [u, r, f] = urf.map(|t| &turns[t]);
        let rho = rotations
            .into_iter()
            .find(|x| conj(x, u) == *r && conj(x, r) == *f && conj(x, f) == *u)?;
        let rho2 = compose(&rho, &rho);
        let mut back = Vec::new();
        for x in [p.identity(), rho.clone(), rho2.clone()] {
            let of_k: Option<Vec<u8>> = turns
                .iter()
                .map(|e| {
                    let image = conj(&x, e);
                    turns.iter().position(|t| *t == image).map(|t| t as u8)
                })
                .collect();
            back.push(of_k?);
        }
        Some(Frames {
            rho: vec![p.identity(), rho, rho2],
            back,
        })
    }

    /// The state seen in frame `k`: `ρ⁻ᵏ s ρᵏ`.
    pub(crate) fn state(&self, k: usize, s: &Element) -> Element {
        compose(&compose(&invert(&self.rho[k]), s), &self.rho[k])
    }
}

/// What a search calls at each path reaching its estimate's goal (see
/// [`Search::run`]).
type Found<'f, S> = dyn FnMut(&[usize], &S) -> Option<bool> + 'f;

/// Tables already built in this process, by model key.
fn memory() -> &'static Mutex<Held> {
    static M: OnceLock<Mutex<Held>> = OnceLock::new();
    M.get_or_init(|| Mutex::new(Vec::new()))
}

/// The key of a model's numbering (its turns), which the tables belong to.
fn key(model: &Model) -> u64 {
    let bytes: Vec<u8> = model
        .turns
        .iter()
        .flat_map(|t| t.corner.iter().chain(&t.twist).chain(&t.wing).chain(&t.centre).copied())
        .chain(model.centre_face)
        .chain(model.wing_class)
        .collect();
    cubist_io::checkpoint::fnv1a64(&bytes)
}

/// Whether `p` is the 4x4x4 the reduction solves (its outer turns and the
/// inner layers next to `U`, `R`, `F` among its moves).
pub fn is_4x4x4(p: &Puzzle) -> bool {
    Model::new(p).is_some()
}

/// The memory the tables take (68 MB), besides the two-phase tables.
pub fn table_bytes() -> u64 {
    tables::sizes().bytes() as u64
}

/// Whether the tables are in memory or in the cache folder (so planning
/// takes no build).
pub fn tables_ready(cache: Option<&Path>) -> bool {
    !memory().lock().map(|m| m.is_empty()).unwrap_or(true)
        || cache.is_some_and(|d| d.join(tables::CACHE_FILE).is_file())
}

/// What planning the solver will build when that takes seconds (the
/// tables neither in memory nor in the cache folder, or the two-phase
/// tables), as a line to say first; `None` otherwise.
pub fn build_notice(cache: Option<&Path>) -> Option<String> {
    let two_phase = crate::twophase::build_notice(cache);
    if tables_ready(cache) {
        return two_phase;
    }
    let to = match cache {
        Some(dir) => format!("cached in {}", dir.display()),
        None => "kept in memory only".to_string(),
    };
    let own = format!(
        "building the 4x4x4 reduction tables ({} MiB, seconds, once; {to})",
        table_bytes() >> 20
    );
    Some(match two_phase {
        Some(t) => format!("{own}; {t}"),
        None => own,
    })
}

impl ReductionSolver {
    /// Plans the solver for `p`: its model, the tables (from memory, the
    /// cache folder, or built) and the two-phase tables.
    pub fn new(p: &Puzzle, cache: Option<&Path>) -> Result<ReductionSolver, Error> {
        ReductionSolver::new_until(p, cache, Watch::NONE)
    }

    /// [`ReductionSolver::new`], telling `watch` how far the builds are
    /// (phase [`TABLES_PHASE`], then the two-phase tables'), and stopping
    /// with [`Error::Interrupted`] soon after its cancel flag is set while
    /// its tables or the two-phase tables are built (nothing is kept: the
    /// next solver builds them again).
    pub fn new_until(p: &Puzzle, cache: Option<&Path>, watch: Watch<'_>) -> Result<ReductionSolver, Error> {
        let model = Model::new(p).ok_or_else(|| {
            Error::Invalid(format!(
                "the reduction solves the 4x4x4 (with its outer turns and the layers 2U 2R 2F) and the 5x5x5 to the 7x7x7, not {}",
                p.name
            ))
        })?;
        let coords = Coords::new(&model);
        let frames = Frames::new(p, &model);
        let k = key(&model);
        // The lock is held while the tables are read or built, so that
        // solvers planned at once (tests, threads) build them once.
        let mut held = memory()
            .lock()
            .map_err(|_| Error::Failed("the 4x4x4 tables' lock was poisoned".into()))?;
        let (tables, origin, warning) = match held.iter().find(|(key, _)| *key == k) {
            Some((_, t)) => (t.clone(), Origin::Memory, None),
            None => {
                let (t, origin, warning) = tables::load(&model, &coords, k, cache, watch).ok_or_else(|| {
                    Error::Interrupted("part of building the 4x4x4 reduction tables (nothing is kept)".into())
                })?;
                let t = Arc::new(t);
                held.push((k, t.clone()));
                (t, origin, warning)
            }
        };
        drop(held);
        let (two_phase, two_phase_warning) = crate::twophase::prepare_tables_until(cache, watch)?;
        Ok(ReductionSolver {
            puzzle: p.clone(),
            colourings: Colouring::of(&model),
            blocks: if model.rotations() {
                (0..6u8)
                    .flat_map(|face| [false, true].map(|wide| (face, wide)))
                    .flat_map(|(face, wide)| (1..4u8).map(move |power| BlockTurn { face, wide, power }))
                    .filter_map(|b| Some((b, model::element_of(p, &model.block_letters(b.face, b.wide, b.power)?))))
                    .collect()
            } else {
                Vec::new()
            },
            block_notation: cubist_twisty::notation::parse(p, "Rw").is_ok(),
            model,
            frames,
            coords,
            tables,
            origin,
            two_phase,
            warning: warning.or(two_phase_warning),
        })
    }

    /// Where the tables came from, and their size in bytes.
    pub fn tables(&self) -> (Origin, usize) {
        (self.origin, self.tables.bytes())
    }

    /// Where the two-phase tables (for the reduced 3x3x3) came from.
    pub fn two_phase_origin(&self) -> crate::twophase::TablesOrigin {
        self.two_phase
    }

    /// Why the tables could not be cached, if they could not.
    pub fn cache_warning(&self) -> Option<&str> {
        self.warning.as_deref()
    }

    /// Solves `state`: the block turns as the WCA writes them (`Rw2`,
    /// `U'`; perhaps a closing whole-cube turn such as `y2`, which is no
    /// move; the module documentation says why) and the same as a word of the puzzle's
    /// moves, verified.
    pub fn solve(&self, state: &Element) -> Result<(Vec<String>, Word), Error> {
        self.solve_marked(state, &PLAN, &mut |_, _| {})
    }

    /// [`Self::solve`], with `mark` called as each phase ends (see
    /// [`Self::phases_marked`]).
    fn solve_marked(
        &self,
        state: &Element,
        plan: &Plan,
        mark: &mut dyn FnMut(usize, u64),
    ) -> Result<(Vec<String>, Word), Error> {
        let turns = self.planned_turns(state, plan, mark)?;
        let (blocks, closing) = self.finish(state, &turns)?;
        let mut letters: Vec<(usize, i64)> = Vec::new();
        for b in &blocks {
            letters.extend(
                self.model
                    .block_letters(b.face, b.wide, b.power)
                    .ok_or_else(|| Error::Failed(format!("the puzzle has no turn {}", b.name())))?,
            );
        }
        let mut names: Vec<String> = blocks.iter().map(BlockTurn::name).collect();
        if let Some((name, whole)) = closing {
            letters.extend(whole);
            names.extend(name.split(' ').map(String::from));
        }
        let word = Word::from_letters(letters);
        // A puzzle whose notation has no block turns (a definition read
        // from a file names only its layers) is answered in its own moves.
        if !self.block_notation {
            let alg = cubist_twisty::alg::Alg::from_word(&self.puzzle, &word)
                .and_then(|a| a.simplify(&self.puzzle))
                .map_err(|e| Error::Failed(e.to_string()))?;
            names = alg.to_string().split_whitespace().map(String::from).collect();
        }
        // The word, and the text a user is shown (`Rw2 U' ...`) read back.
        model::check_answer(&self.puzzle, state, &word, &names)?;
        Ok((names, word))
    }

    /// The 4x4x4 reduced, not solved: phases 1 to 3's block turns as the
    /// WCA writes them, then the turn of the whole cube (`x2 z'`; none
    /// when the centres are the right way up already) that leaves its
    /// centres solved, the corners and edge pairs a 3x3x3 (phase 3 keeps
    /// the wings' parity even). The 6x6x6's solver reduces the 4x4x4
    /// inside it so ([`crate::bigcube::six`]): its next part turns the
    /// corners and edges again and solves them as a 5x5x5's.
    pub(crate) fn reduce(&self, state: &Element) -> Result<Vec<String>, Error> {
        let m = &self.model;
        let turns = self.planned_turns(state, &REDUCE, &mut |_, _| {})?;
        let word = Word::from_letters(turns.iter().flat_map(|&t| m.letters(t)).collect());
        let after = compose(state, &model::element_of(&self.puzzle, word.letters()));
        let home = m.ways_up()[0].centres;
        let turn = m
            .ways_up()
            .iter()
            .find(|r| m.cube(&compose(&after, &r.element)).is_some_and(|c| c.centre == home))
            .ok_or_else(|| Error::Failed("the 4x4x4's reduction leaves its centres unsolved".into()))?;
        let mut names: Vec<String> = turns.iter().map(|&t| BlockTurn::of(&m.turns[t]).name()).collect();
        names.extend(turn.name.split_whitespace().map(String::from));
        Ok(names)
    }

    /// The phases of `plan` on `state` (every frame tried, see
    /// [`Self::phases_marked`]), as the model's turns of the cube as it is,
    /// merged where two of one block meet.
    fn planned_turns(
        &self,
        state: &Element,
        plan: &Plan,
        mark: &mut dyn FnMut(usize, u64),
    ) -> Result<Vec<usize>, Error> {
        let cubes: Vec<Cube4> = (0..self.frames.rho.len())
            .map(|k| self.model.cube(&self.frames.state(k, state)))
            .collect::<Option<_>>()
            .ok_or_else(|| Error::Failed("the state is not one of the 4x4x4's".into()))?;
        let (k, phases) = self.phases_marked(&cubes, plan, mark)?;
        let back = &self.frames.back[k];
        Ok(merge(
            &self.model,
            phases.concat().into_iter().map(|t| usize::from(back[t])).collect(),
        ))
    }

    /// The answer's block turns, ending at the solved state itself.
    ///
    /// Phase 3 may leave the centres solved with the whole cube turned,
    /// and phase 4 then solves the 3x3x3 to that turned cube (TPR does the
    /// same and writes a closing rotation): the turns `T = t₁ … tₙ` take
    /// the state to `Q`, the solved cube turned. A wide turn `X` of the
    /// answer can often absorb `Q` at no cost: with `T = A X B`, the answer
    /// `T Q⁻¹ = A (X Q⁻¹) (Q B Q⁻¹)` ends solved, and `X Q⁻¹` is one block
    /// turn when `Q` turns `X`'s axis as far as `X` does (`Uw2 y2` is
    /// `Dw2`: the four layers turned, less the two on top; `Uw y'` is
    /// `Dw`), while `Q B Q⁻¹` is `B` seen through the turn (`R` becomes `L`
    /// under `y2`, each in its own face's sense: `Q` is a rotation, so
    /// clockwise stays clockwise). The last such `X` is taken. Without one
    /// the answer closes with the rotation (`y2`, `x y`: the whole cube
    /// turned, no move), as TPR's do; the puzzle's letters for it come with
    /// its name.
    #[allow(clippy::type_complexity)]
    fn finish(
        &self,
        state: &Element,
        turns: &[usize],
    ) -> Result<(Vec<BlockTurn>, Option<(String, Vec<(usize, i64)>)>), Error> {
        let m = &self.model;
        let mut blocks: Vec<BlockTurn> = turns.iter().map(|&t| BlockTurn::of(&m.turns[t])).collect();
        let word = Word::from_letters(turns.iter().flat_map(|&t| m.letters(t)).collect());
        let after = compose(state, &model::element_of(&self.puzzle, word.letters()));
        if self.puzzle.shows_solved(&after) {
            return Ok((blocks, None));
        }
        // The turn back, `Q⁻¹`: the one that shows the cube solved.
        let turn = m
            .ways_up()
            .iter()
            .find(|r| self.puzzle.shows_solved(&compose(&after, &r.element)))
            .ok_or_else(|| Error::Failed("the reduction's answer leaves the cube unsolved".into()))?;
        let (back, forth) = (&turn.element, invert(&turn.element));
        let element = |b: &BlockTurn| self.blocks.iter().find(|(c, _)| c == b).map(|(_, e)| e);
        let block_of = |e: &Element| self.blocks.iter().find(|(_, f)| f == e).map(|(b, _)| *b);
        for i in (0..blocks.len()).rev() {
            let Some(x) = element(&blocks[i]).and_then(|e| block_of(&compose(e, back))) else {
                continue;
            };
            let seen: Option<Vec<BlockTurn>> = blocks[i + 1..]
                .iter()
                .map(|b| element(b).and_then(|e| block_of(&compose(&compose(&forth, e), back))))
                .collect();
            if let Some(seen) = seen {
                blocks[i] = x;
                blocks.splice(i + 1.., seen);
                return Ok((blocks, None));
            }
        }
        let letters = turn
            .letters
            .clone()
            .ok_or_else(|| Error::Failed("the puzzle cannot turn the whole cube".into()))?;
        Ok((blocks, Some((turn.name.clone(), letters))))
    }

    /// The four phases on the model's state, its U/D axis's centres
    /// brought home first: each phase's turns.
    pub fn phases(&self, cube: Cube4) -> Result<[Vec<usize>; 4], Error> {
        Ok(self.phases_marked(&[cube], &PLAN, &mut |_, _| {})?.1)
    }

    /// [`Self::phases`], calling `mark` with each phase's number (1 to 4)
    /// and the nodes its search visited (0 for phase 4, the two-phase's) as
    /// it ends (a benchmark reads the time and the nodes of each phase).
    ///
    /// `cubes` are the state in one or more frames ([`Frames`]): phase 1
    /// starts from each, and the answer is the frame of the shortest whole,
    /// with its turns in that frame.
    fn phases_marked(
        &self,
        cubes: &[Cube4],
        plan: &Plan,
        mark: &mut dyn FnMut(usize, u64),
    ) -> Result<(usize, [Vec<usize>; 4]), Error> {
        let (m, co, t) = (&self.model, &self.coords, &*self.tables);
        // The tables for this puzzle's goals: the cube one way up, or any.
        let free = usize::from(m.rotations());
        let (sides, centres) = (&t.sides[free], &t.centres[free]);
        let apply = |c: Cube4, path: &[usize]| path.iter().fold(c, |c, &i| c.apply(&m.turns[i]));
        // Phase 1, many ways: the U/D centre slots. Its endings differ in
        // what phase 2 has left to do; up to `PHASE1_ENDINGS` of at most
        // `PHASE1_SLACK` turns more than the shortest are kept, each a
        // different state. An ending whose
        // last turn is one of phase 2's is left out: its path without that
        // turn is an ending already, and phase 2 can make the turn.
        // Every frame in every colouring: (frame, colouring) and the U/D
        // slots holding the colours the colouring reads as U and D.
        let nj = self.colourings.len();
        let combos: Vec<(usize, usize)> = (0..cubes.len()).flat_map(|k| (0..nj).map(move |j| (k, j))).collect();
        let uds: Vec<u32> = combos
            .iter()
            .map(|&(k, j)| {
                let c = self.colourings[j].recolour(&cubes[k]);
                (0..24).filter(|&q| c.centre[q] % 3 == 0).fold(0u32, |s, q| s | 1 << q)
            })
            .collect();
        let all: Vec<usize> = (0..27).collect();
        let key1 = |&s: &u32, _: usize| (0, rank(s));
        let h1 = |s: &u32, left: usize| estimate(&t.ud, key1(s, left));
        if uds.iter().any(|ud| h1(ud, 0) == UNREACHED) {
            return Err(Error::Failed(
                "phase 1 of the 4x4x4 reduction has no way to its goal".into(),
            ));
        }
        let mut search = Search::new(m, &all, |&s: &u32, i| co.centre[i].apply(s), key1, &t.ud);
        search.after_found = PHASE1_NODES;
        let mut starts: Vec<Start> = Vec::new();
        let mut seen = std::collections::HashSet::new();
        let lows: Vec<usize> = uds.iter().map(|ud| usize::from(h1(ud, 0))).collect();
        let low = lows.iter().copied().min().unwrap_or(0);
        // Each length in turn on every frame that reaches it: the frames'
        // endings pooled, the shortest first whichever axis they bring home.
        'bounds: for bound in low..=low + PHASE1_SLACK {
            for (i, (&ud, &(k, j))) in uds.iter().zip(&combos).enumerate() {
                if lows[i] > bound {
                    continue;
                }
                let (cube, colouring) = (cubes[k], &self.colourings[j]);
                let run = search.run(ud, bound, &mut |path, _| {
                    if path.last().is_some_and(|t| PHASE2.contains(t)) {
                        return None;
                    }
                    let c1 = apply(cube, path);
                    if seen.insert((k, j, c1)) {
                        starts.push(((k, j), path.to_vec(), c1, self.phase2_start(&colouring.recolour(&c1))));
                    }
                    Some(starts.len() >= PHASE1_ENDINGS)
                });
                match run {
                    Err(e) if starts.is_empty() => return Err(e),
                    Err(_) | Ok(true) => break 'bounds,
                    Ok(false) => {}
                }
            }
        }
        mark(1, search.nodes);
        // Phase 2, many ways, from every phase 1 ending by total length:
        // each ending is a different start for phase 3, whose length varies
        // far more than phase 2's does. Up to `plan.candidates` endings within
        // one turn of the shortest total are kept. Phase 2's table sees the
        // centres and the wings' parity; its goal for the wings (each
        // edge's two wings in slots of different classes, see
        // [`Model::wings_split`]) is tested at each ending.
        let key2 = |&(s, _): &Phase2, _: usize| (0, co.side_index(s) as u32);
        let h2 = |s: &Phase2, left: usize| estimate(sides, key2(s, left));
        let step2 = |(s, w): &Phase2, i: usize| (co.side_step(*s, i), m.slots_step(w, PHASE2[i]));
        // The centres' table is small and read first: the pairing's (with
        // the parity bit, the centres coordinate's last), 62 MB read at
        // random, only when the centres do not already cut.
        let key3 = |s: &Phase3, left: usize| {
            let c = centres[s.0 as usize];
            if c as usize > left {
                (c, NO_ENTRY)
            } else {
                (c, co.pair.entry(&s.1, s.0 & 1) as u32)
            }
        };
        let h3 = |s: &Phase3, left: usize| estimate(&t.pairing, key3(s, left));
        let est2 = |(_, p1, _, s2): &Start| p1.len() + usize::from(h2(s2, 0));
        starts.sort_by_key(est2);
        let mut candidates: Vec<(usize, Vec<usize>, Cube4, Phase3)> = Vec::new();
        let mut first = None;
        let mut search = Search::new(m, &PHASE2, step2, key2, sides);
        search.after_found = PHASE2_NODES;
        let low = est2(&starts[0]);
        'totals2: for total in low..low + 40 {
            if first.is_some_and(|f| total > f + 1) {
                break;
            }
            for (k, start) in starts.iter().enumerate() {
                let ((_, j), p1, c1, s2) = start;
                let colouring = &self.colourings[*j];
                if est2(start) > total {
                    continue;
                }
                let run = search.run(*s2, total - p1.len(), &mut |path, (_, w)| {
                    if !m.wings_split(w) {
                        return None;
                    }
                    let c = apply(*c1, path);
                    let s3 = self
                        .phase3_start(&colouring.recolour(&c), colouring.parity)
                        .filter(|s3| h3(s3, usize::MAX) != UNREACHED)?;
                    candidates.push((k, path.to_vec(), c, s3));
                    first.get_or_insert(total);
                    Some(candidates.len() >= plan.candidates)
                });
                // Out of nodes or of room with endings in hand: those will do.
                match run {
                    Err(e) if candidates.is_empty() => return Err(e),
                    Err(_) | Ok(true) => break 'totals2,
                    Ok(false) => {}
                }
            }
        }
        if candidates.is_empty() {
            return Err(Error::Failed("phase 2 of the 4x4x4 reduction found no ending".into()));
        }
        mark(2, search.nodes);
        // Phase 3 from every ending at once, by total length: the first
        // ways found are the shortest for phases 2 and 3 together, and a few
        // more give phase 4 a choice.
        let est3 = |(k, p2, _, s3): &(usize, Vec<usize>, Cube4, Phase3)| {
            starts[*k].1.len() + p2.len() + usize::from(h3(s3, usize::MAX))
        };
        candidates.sort_by_key(est3);
        let step3 = |&(c, p): &Phase3, i: usize| (co.centre_step(c, i), pairing::step(&p, &co.pair.turns[i]));
        let mut search = Search::new(m, &co.phase3, step3, key3, &t.pairing);
        search.after_found = plan.phase3_nodes;
        let mut ways: Vec<(usize, Vec<usize>)> = Vec::new();
        let low = est3(&candidates[0]);
        'totals: for total in low..low + 40 {
            for (k, candidate) in candidates.iter().enumerate() {
                let (k1, p2, _, start) = candidate;
                if est3(candidate) > total {
                    continue;
                }
                let run = search.run(*start, total - starts[*k1].1.len() - p2.len(), &mut |path, _| {
                    ways.push((k, path.to_vec()));
                    Some(ways.len() >= plan.ways)
                });
                match run {
                    Err(e) if ways.is_empty() => return Err(e),
                    Err(_) | Ok(true) => break 'totals,
                    Ok(false) => {}
                }
            }
            if !ways.is_empty() && total > low {
                break;
            }
        }
        let ways = ways
            .into_iter()
            .map(|(k, p3)| {
                let (k1, p2, c2, _) = &candidates[k];
                let c3 = apply(*c2, &p3);
                let cubie = m
                    .cubie(&c3)
                    .ok_or_else(|| Error::Failed("phase 3 did not reduce the cube to a 3x3x3".into()))?;
                Ok(Way {
                    frame: starts[*k1].0 .0,
                    turns: [starts[*k1].1.clone(), p2.clone(), p3],
                    cubie,
                })
            })
            .collect::<Result<Vec<Way>, Error>>()?;
        mark(3, search.nodes);
        if plan.phase4_nodes == 0 {
            // Reduced only (`REDUCE`): the first way, no 3x3x3.
            let Some(Way {
                frame,
                turns: [p1, p2, p3],
                ..
            }) = ways.into_iter().next()
            else {
                return Err(Error::Failed("phase 3 of the 4x4x4 reduction found no way".into()));
            };
            return Ok((frame, [p1, p2, p3, Vec::new()]));
        }
        let best = self.phase4(ways, plan)?;
        mark(4, 0);
        Ok(best)
    }

    /// Phase 4: the 3x3x3 of each way, the shortest total kept.
    ///
    /// **All the ways in one search.** The ways' 3x3x3s are handed to the
    /// two-phase solver together ([`cubist_twophase::solve_many_with`]),
    /// each with its phases 1 to 3 as an offset: the solver interleaves
    /// their searches by the length of the whole answer, so its budget of
    /// nodes (`plan.phase4_nodes`) goes where a short total is nearest, on
    /// whichever way that is, and every solution it finds lowers the bound
    /// on the total for all of them. The design before it probed each
    /// way's 3x3x3 with 10,000 nodes, ranked the ways by the totals found
    /// and searched the best three further, 600,000 nodes each, for a
    /// 3x3x3 short enough to beat the best total so far: over the same 100
    /// states, 45.48 moves in 359 ms a state (phase 4: 230 ms), against
    /// 45.46 in 341 ms (215 ms) with one search of 1,000,000 nodes
    /// (BENCHMARKS.md).
    fn phase4(&self, ways: Vec<Way>, plan: &Plan) -> Result<(usize, [Vec<usize>; 4]), Error> {
        let m = &self.model;
        // A way's 3x3x3 solution, made a whole answer (in the way's frame).
        let answer = |way: &Way, sol: cubist_twophase::Solution| {
            let p4: Vec<usize> = sol.moves.iter().map(|&mv| Model::turn_of(mv)).collect();
            (
                way.frame,
                [way.turns[0].clone(), way.turns[1].clone(), way.turns[2].clone(), p4],
            )
        };
        let cubes: Vec<(cubist_twophase::CubieCube, usize)> = ways
            .iter()
            .map(|w| (w.cubie, merge(m, w.turns.concat()).len()))
            .collect();
        let low = cubes
            .iter()
            .map(|c| c.1)
            .min()
            .ok_or_else(|| Error::Failed("phase 3 of the 4x4x4 reduction found no way".into()))?;
        // A total of the shortest offset and 20 moves always exists.
        let options = cubist_twophase::SolveOptions {
            max_length: low + 20,
            node_limit: Some(plan.phase4_nodes),
            ..Default::default()
        };
        let tables = cubist_twophase::Tables::global();
        match cubist_twophase::solve_many_with(tables, &cubes, &options) {
            Ok((k, sol)) => Ok(answer(&ways[k], sol)),
            // The budget ran out before a first solution (the node limit is
            // hard): the first way's 3x3x3 with no budget.
            Err(_) => {
                let sol = cubist_twophase::solve_with(tables, &ways[0].cubie, &Default::default())
                    .map_err(|e| Error::Failed(format!("the reduced 3x3x3: {e}")))?;
                Ok(answer(&ways[0], sol))
            }
        }
    }

    /// Phase 2's coordinates of a state that phase 1 left: the R/L
    /// centres among the side slots, the F ones, the wings' parity, and
    /// the wing in each slot.
    fn phase2_start(&self, c: &Cube4) -> Phase2 {
        let co = &self.coords;
        let side = |colour: &dyn Fn(u8) -> bool| {
            (0..16)
                .filter(|&i| colour(c.centre[co.side[i] as usize]))
                .fold(0u64, |s, i| s | 1 << i)
        };
        let mut wings = [0u8; 24];
        for x in 0..24 {
            wings[c.wing[x] as usize] = x as u8;
        }
        (
            side(&|c| c % 3 == 1) | side(&|c| c == 2) << 16 | u64::from(odd(&c.wing)) << 32,
            wings,
        )
    }

    /// Phase 3's coordinates of a state that phase 2 left (every wing in
    /// its class): the centre coordinate and the pairing;
    /// `None` when a wing is outside its class or the two classes are
    /// permuted with different parities (no pairing can then be reached).
    fn phase3_start(&self, c: &Cube4, flip: bool) -> Option<Phase3> {
        let (m, co) = (&self.model, &self.coords);
        let (a, b) = m.class_places(c)?;
        if odd(&a) != odd(&b) {
            return None;
        }
        let r = |axis: usize| {
            let slots = &co.axis_slots[axis];
            let mask = (0..8)
                .filter(|&i| c.centre[slots[i] as usize] == axis as u8)
                .fold(0usize, |s, i| s | 1 << i);
            u32::from(co.rank70[mask])
        };
        if (0..3).any(|axis| r(axis) == u32::from(UNREACHED)) {
            return None;
        }
        let parity = u32::from((odd(&c.corner) != odd(&a)) != flip);
        let centres = ((r(0) * 70 + r(1)) * 70 + r(2)) * 2 + parity;
        Some((centres, co.pair.pairing(&a, &b)))
    }
}

/// Merges neighbouring turns of one block at the phases' seams (`U` then
/// `U2` is `U'`; across turns of the same axis, which commute); a turn
/// that cancels goes.
fn merge(m: &Model, turns: Vec<usize>) -> Vec<usize> {
    let mut out: Vec<usize> = Vec::with_capacity(turns.len());
    for t in turns {
        let new = &m.turns[t];
        let mut k = out.len();
        let mut merged = false;
        while k > 0 {
            let old = &m.turns[out[k - 1]];
            if old.axis() != new.axis() {
                break;
            }
            if old.face == new.face && old.wide == new.wide {
                let power = (old.power + new.power) % 4;
                if power == 0 {
                    out.remove(k - 1);
                } else {
                    // The same block's turn with the new power (added first: the
                    // first turn of a block has index 0).
                    out[k - 1] = out[k - 1] + power as usize - old.power as usize;
                }
                merged = true;
                break;
            }
            k -= 1;
        }
        if !merged {
            out.push(t);
        }
    }
    out
}

/// How much the later phases search: the endings and ways they hand on
/// and the budgets of nodes of phases 3 and 4 (the `measure` test
/// compares plans side by side, `R444_PLANS`).
#[derive(Clone, Copy, Debug)]
struct Plan {
    /// Phase 2 endings tried as phase 3's starts.
    candidates: usize,
    /// Phase 3 ways wanted (shortest first), all handed to phase 4.
    ways: usize,
    /// The nodes phase 3 may spend looking for more ways once it has one.
    phase3_nodes: u64,
    /// The nodes of phase 4's search of all the ways' 3x3x3s; 0 for no
    /// phase 4 (the cube left reduced, by the first way).
    phase4_nodes: u64,
}

/// The plan [`ReductionSolver::solve`] follows.
///
/// Measured side by side over 100 random states (BENCHMARKS.md, "4x4x4 by
/// reduction"): the design before (phase 3 with 1,000,000 nodes for more
/// ways, phase 4 as [`ReductionSolver::phase4`] tells) took 45.33 moves and
/// 905 ms of processor time a state on the loaded machine; this plan 45.49
/// moves and 690 ms. Deepening the best two ways with 300,000 nodes each
/// took 45.63 moves and 484 ms; all eight, 45.59 and 550 ms. Phase 3's
/// budget for more ways, cut from 1,000,000 nodes to 300,000, took 50 ms
/// off with no measured loss: the 3x3x3's budget, not the number of ways,
/// makes the length. Phase 4 as one search of all the ways (later, on a
/// quiet machine, 100 states): 45.46 moves and 341 ms with 1,000,000
/// nodes, against 45.48 and 359 ms for the probes and three deepened ways
/// it replaced; 1,500,000 nodes gave 45.38 and 443 ms. Then phase 1 on all
/// three axes ([`Frames`]): 45.10 moves and 350 ms; with 800,000 nodes
/// and 64 phase 2 endings 45.14 and 317 ms; 16 ways, or 10,000 phase 1
/// endings, no shorter. Phase 4's budget, side by side on the same 100
/// states: 1,000,000 nodes 45.10 moves and 409 ms (at that hour's load),
/// 500,000 nodes 45.16 and 284 ms, 250,000 nodes 45.31 and 213 ms. Then,
/// on the idle machine, the budget moved from phase 4 to phase 3 (more
/// ways, found with more nodes, each 3x3x3 searched less): 32 endings, 8
/// ways, 300,000 and 500,000 nodes 45.16 and 251 ms; phase 3 with
/// 1,000,000 nodes 44.99 and 269 ms; this plan (100 endings, 16 ways,
/// 1,000,000 and 350,000 nodes) 44.99 and 242 ms; 1,500,000 nodes for
/// phase 3 44.91 and 259 ms.
const PLAN: Plan = Plan {
    candidates: 100,
    ways: 16,
    phase3_nodes: 1_000_000,
    phase4_nodes: 350_000,
};

/// The plan of [`ReductionSolver::reduce`]: one way of phase 3 and no
/// phase 4 (the 3x3x3 is left).
const REDUCE: Plan = Plan {
    ways: 1,
    phase4_nodes: 0,
    ..PLAN
};

/// The nodes phase 2 may spend looking for more endings once it has one.
const PHASE2_NODES: u64 = 1_000_000;

/// Phase 1 endings tried as phase 2's starts.
const PHASE1_ENDINGS: usize = 5_000;

/// Phase 1 endings are kept up to this many turns longer than the
/// shortest.
const PHASE1_SLACK: usize = 3;

/// The nodes phase 1 may spend looking for more endings once it has one.
const PHASE1_NODES: u64 = 200_000;

/// The key of an estimate: a bound known without the large table, and the
/// entry of the large table to read (or [`NO_ENTRY`] when the bound alone
/// cuts). The estimate is the larger of the two ([`estimate`]).
type Key = (u8, u32);

/// A [`Key`] whose bound needs no table entry.
const NO_ENTRY: u32 = u32::MAX;

/// The estimate of a [`Key`] in `table`.
#[inline]
fn estimate(table: &[u8], (bound, entry): Key) -> u8 {
    if entry == NO_ENTRY {
        bound
    } else {
        bound.max(table[entry as usize])
    }
}

/// The most turns a search tries at a node (the 27 of phase 1).
const MAX_TURNS: usize = 27;

/// A depth-first search bounded by a distance estimate (one iteration of
/// IDA*) over `allowed` turns: from a state, every path of exactly `bound`
/// turns along which the estimate never says the goal is further than the
/// turns left. Turns of one axis are tried in one order only and never
/// two of one block in a row. The nodes are counted over all runs.
///
/// **The children's table entries are read together.** The estimate reads
/// a large table at random (phase 3's pairing table is 62 MB): nearly
/// every read misses the processor's caches and waits for memory, most of
/// a node's time. Reading one child's entry, then searching below it
/// before the next child's, makes those waits one after another. So a
/// node first works out all its children (their states and table
/// entries: arithmetic), then reads their entries in a short loop of
/// independent loads, which the processor has in flight together, and
/// only then visits them in order. The children are visited, counted and
/// cut exactly as one at a time (the same nodes, the same answers): only
/// the reads are earlier.
struct Search<'a, S, St, K> {
    allowed: &'a [usize],
    /// Each turn's axis and block ([`model::Turn4::block`]), by turn.
    blocks: Vec<(u8, u8)>,
    step: St,
    key: K,
    table: &'a [u8],
    path: Vec<usize>,
    nodes: u64,
    limit: u64,
    /// The nodes allowed past the first goal reached: the limit shrinks
    /// to them then (a search for several answers that has one in hand
    /// need not finish).
    after_found: u64,
    found_any: bool,
    _state: std::marker::PhantomData<S>,
}

impl<'a, S: Copy, St: Fn(&S, usize) -> S, K: Fn(&S, usize) -> Key> Search<'a, S, St, K> {
    /// A search over `allowed` turns (at most [`MAX_TURNS`]), moving a
    /// state by `step` (given the turn's index in `allowed`), its estimate
    /// the `key` of the state (given the turns left) in `table`.
    fn new(m: &'a Model, allowed: &'a [usize], step: St, key: K, table: &'a [u8]) -> Self {
        assert!(allowed.len() <= MAX_TURNS, "at most {MAX_TURNS} turns");
        Search {
            allowed,
            blocks: m.turns.iter().map(|t| (t.axis(), t.block())).collect(),
            step,
            key,
            table,
            path: Vec::new(),
            nodes: 0,
            limit: NODE_LIMIT,
            after_found: u64::MAX,
            found_any: false,
            _state: std::marker::PhantomData,
        }
    }

    /// Calls `found` with each path of `bound` turns reaching estimate 0
    /// (and the state it reaches) until it returns `Some(true)`; whether it
    /// did. `found` returns `None` for a state that is not a goal after all
    /// (a goal the estimate cannot see), `Some(false)` to go on.
    fn run(&mut self, start: S, bound: usize, found: &mut Found<'_, S>) -> Result<bool, Error> {
        self.path.clear();
        let h = estimate(self.table, (self.key)(&start, bound));
        self.count()?;
        if usize::from(h) > bound {
            return Ok(false);
        }
        self.dfs(start, bound, found)
    }

    /// Counts a node; an error past the limit.
    #[inline]
    fn count(&mut self) -> Result<(), Error> {
        self.nodes += 1;
        if self.nodes > self.limit {
            return Err(Error::Failed("a phase of the 4x4x4 reduction searched too long".into()));
        }
        Ok(())
    }

    /// Below a node `s` already counted and within its estimate.
    fn dfs(&mut self, s: S, left: usize, found: &mut Found<'_, S>) -> Result<bool, Error> {
        if left == 0 {
            let Some(stop) = found(&self.path, &s) else {
                return Ok(false);
            };
            if !self.found_any {
                self.found_any = true;
                self.limit = self.limit.min(self.nodes.saturating_add(self.after_found));
            }
            return Ok(stop);
        }
        // The children and their keys, then their estimates (the reads
        // together), then the visits.
        let mut kids = [(0usize, s, (0u8, NO_ENTRY)); MAX_TURNS];
        let mut n = 0;
        let last = self.path.last().map(|&l| self.blocks[l]);
        for (i, &t) in self.allowed.iter().enumerate() {
            let (axis, block) = self.blocks[t];
            if last.is_some_and(|(a, b)| a == axis && block <= b) {
                continue;
            }
            let next = (self.step)(&s, i);
            kids[n] = (t, next, (self.key)(&next, left - 1));
            n += 1;
        }
        let mut h = [0u8; MAX_TURNS];
        for (h, kid) in h.iter_mut().zip(&kids[..n]) {
            *h = estimate(self.table, kid.2);
        }
        for (&(t, next, _), &h) in kids[..n].iter().zip(&h) {
            self.count()?;
            if usize::from(h) > left - 1 {
                continue;
            }
            self.path.push(t);
            if self.dfs(next, left - 1, found)? {
                return Ok(true);
            }
            self.path.pop();
        }
        Ok(false)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use cubist_twisty::{library, notation};
    use rand::SeedableRng;

    /// The processor time this thread has taken, in seconds (Linux's
    /// `/proc/thread-self/schedstat`; 0 elsewhere): the machine is shared,
    /// so wall time says little.
    fn thread_cpu() -> f64 {
        std::fs::read_to_string("/proc/thread-self/schedstat")
            .ok()
            .and_then(|s| s.split_whitespace().next().and_then(|ns| ns.parse::<u64>().ok()))
            .map_or(0.0, |ns| ns as f64 * 1e-9)
    }

    /// Lengths and times over 100 seeded random states, by phase: run with
    /// `cargo test --release -p cubist-twisty-search --lib reduction::tests::measure -- --ignored --nocapture`
    /// (`R444_N` states; `R444_PHASES=1` for each phase's mean length;
    /// `R444_CACHE=<folder>` reads the tables from there, or builds and
    /// writes them there, to save the build in repeated runs). Times are
    /// wall and processor time a state, and the processor time of each
    /// phase (the fifth: the answer's checks); then the nodes of phases 1 to 3
    /// (a phase 3 of fewer nodes is a stronger estimate's work).
    #[test]
    #[ignore]
    fn measure() {
        let p = library::puzzle("4x4x4").unwrap();
        let start = std::time::Instant::now();
        let cache = std::env::var_os("R444_CACHE").map(std::path::PathBuf::from);
        let s = ReductionSolver::new(&p, cache.as_deref()).unwrap();
        eprintln!("tables: {:.2} s", start.elapsed().as_secs_f64());
        let plans: Vec<Plan> = match std::env::var("R444_PLANS") {
            Ok(v) => v
                .split(';')
                .map(|p| {
                    let x: Vec<u64> = p.split(',').map(|x| x.trim().parse().unwrap()).collect();
                    Plan {
                        candidates: x[0] as usize,
                        ways: x[1] as usize,
                        phase3_nodes: x[2],
                        phase4_nodes: x[3],
                    }
                })
                .collect(),
            Err(_) => vec![PLAN],
        };
        let chain = p.chain();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(444);
        let n: usize = std::env::var("R444_N").ok().and_then(|v| v.parse().ok()).unwrap_or(100);
        let states: Vec<Element> = (0..n).map(|_| p.random_element(&chain, &mut rng)).collect();
        struct Tally {
            lengths: Vec<usize>,
            phase_sum: [usize; 4],
            phase_cpu: [f64; 5],
            phase_nodes: [u64; 3],
            nodes3: Vec<u64>,
            times: Vec<f64>,
            cpus: Vec<f64>,
        }
        let mut tallies: Vec<Tally> = plans
            .iter()
            .map(|_| Tally {
                lengths: Vec::new(),
                phase_sum: [0; 4],
                phase_cpu: [0.0; 5],
                phase_nodes: [0; 3],
                nodes3: Vec::new(),
                times: Vec::new(),
                cpus: Vec::new(),
            })
            .collect();
        // Each state is solved by every plan in turn, so that the plans
        // share the machine's load alike.
        for e in &states {
            for (plan, t) in plans.iter().zip(&mut tallies) {
                let start = std::time::Instant::now();
                let cpu = thread_cpu();
                let mut last = cpu;
                let (turns, _) = s
                    .solve_marked(e, plan, &mut |k, nodes| {
                        let now = thread_cpu();
                        t.phase_cpu[k - 1] += now - last;
                        last = now;
                        if k <= 3 {
                            t.phase_nodes[k - 1] += nodes;
                        }
                        if k == 3 {
                            t.nodes3.push(nodes);
                        }
                    })
                    .unwrap();
                let now = thread_cpu();
                t.phase_cpu[4] += now - last;
                t.cpus.push(now - cpu);
                t.times.push(start.elapsed().as_secs_f64());
                if std::env::var_os("R444_PHASES").is_some() {
                    let cubes: Vec<Cube4> = (0..s.frames.rho.len())
                        .map(|k| s.model.cube(&s.frames.state(k, e)).unwrap())
                        .collect();
                    let (_, phases) = s.phases_marked(&cubes, plan, &mut |_, _| {}).unwrap();
                    for (sum, phase) in t.phase_sum.iter_mut().zip(&phases) {
                        *sum += phase.len();
                    }
                }
                t.lengths.push(moves(&turns));
            }
        }
        let n = n as f64;
        let stats = |v: &[f64]| {
            format!(
                "mean {:.1} ms median {:.1} max {:.1}",
                v.iter().sum::<f64>() / n * 1e3,
                v[v.len() / 2] * 1e3,
                v[v.len() - 1] * 1e3
            )
        };
        for (plan, mut t) in plans.iter().zip(tallies) {
            t.lengths.sort_unstable();
            t.times.sort_by(f64::total_cmp);
            t.cpus.sort_by(f64::total_cmp);
            t.nodes3.sort_unstable();
            eprintln!(
                "{plan:?}\nlength mean {:.2} median {} max {}; phases {:?}\nwall {}\nprocessor {}; by phase (ms) {:.1?}\nnodes by phase 1-3 (mean) {:.0?}; phase 3 median {} max {}",
                t.lengths.iter().sum::<usize>() as f64 / n,
                t.lengths[t.lengths.len() / 2],
                t.lengths[t.lengths.len() - 1],
                t.phase_sum.map(|x| x as f64 / n),
                stats(&t.times),
                stats(&t.cpus),
                t.phase_cpu.map(|x| x / n * 1e3),
                t.phase_nodes.map(|x| x as f64 / n),
                t.nodes3[t.nodes3.len() / 2],
                t.nodes3[t.nodes3.len() - 1],
            );
        }
    }

    /// The search reads its children's table entries ahead but visits,
    /// counts and cuts them as a plain depth-first search does: against
    /// one written the plain way (each child's estimate read as it is
    /// entered), phase 1's searches from a scrambled state find the same
    /// paths in the same order and count the same nodes, at three bounds.
    #[test]
    fn search_matches_a_plain_search() {
        let p = library::puzzle("4x4x4").unwrap();
        let s = ReductionSolver::new(&p, Some(&crate::test_cache::folder())).unwrap();
        let (m, co, t) = (&s.model, &s.coords, &*s.tables);
        let cube = s
            .model
            .cube(&notation::parse(&p, "Rw U2 Fw' R 2U' L Uw B 2R D'").unwrap())
            .unwrap();
        let ud = (0..24)
            .filter(|&q| cube.centre[q] % 3 == 0)
            .fold(0u32, |x, q| x | 1 << q);
        let all: Vec<usize> = (0..27).collect();
        let h = |x: u32| t.ud[rank(x) as usize];
        /// The plain search: every path of `left` more turns, nodes counted.
        #[allow(clippy::too_many_arguments)]
        fn plain(
            m: &Model,
            co: &Coords,
            h: &dyn Fn(u32) -> u8,
            x: u32,
            left: usize,
            path: &mut Vec<usize>,
            out: &mut Vec<Vec<usize>>,
            nodes: &mut u64,
        ) {
            *nodes += 1;
            if usize::from(h(x)) > left {
                return;
            }
            if left == 0 {
                out.push(path.clone());
                return;
            }
            for t in 0..27 {
                if path.last().is_some_and(|&l| {
                    let (a, b) = (&m.turns[l], &m.turns[t]);
                    a.axis() == b.axis() && b.block() <= a.block()
                }) {
                    continue;
                }
                path.push(t);
                plain(m, co, h, co.centre[t].apply(x), left - 1, path, out, nodes);
                path.pop();
            }
        }
        let low = usize::from(h(ud));
        assert!(low >= 3, "{low}");
        for bound in low..low + 3 {
            let mut search = Search::new(
                m,
                &all,
                |&x: &u32, i| co.centre[i].apply(x),
                |&x: &u32, _| (0, rank(x)),
                &t.ud,
            );
            let mut found = Vec::new();
            search
                .run(ud, bound, &mut |path, _| {
                    found.push(path.to_vec());
                    Some(false)
                })
                .unwrap();
            let (mut want, mut nodes) = (Vec::new(), 0);
            plain(m, co, &h, ud, bound, &mut Vec::new(), &mut want, &mut nodes);
            assert!(!want.is_empty());
            assert_eq!(found, want, "bound {bound}");
            assert_eq!(search.nodes, nodes, "bound {bound}");
        }
    }

    /// Phase 3's estimate is admissible and sees the parity: over all the
    /// 43,876
    /// states within five of phase 3's turns of its goal (a breadth-first
    /// search over the centres coordinate and the pairing, so each
    /// distance is exact), the larger of the centres' and the pairing's
    /// entries never exceeds the distance, and is 0 at the goal only. The
    /// 4x4x4's "PLL parity" (two edge pairs swapped by `2R2 U2 2R2 Uw2 2R2
    /// Uw2`: every edge paired, the centres solved, the corners' parity
    /// against the wings' wrong) is a state the pairing alone would call
    /// solved; its entry is the bit's cost instead.
    #[test]
    fn phase3_estimate_is_admissible() {
        let p = library::puzzle("4x4x4").unwrap();
        let s = ReductionSolver::new(&p, Some(&crate::test_cache::folder())).unwrap();
        let (co, t) = (&s.coords, &*s.tables);
        // The estimate for the cube one way up; the other's (solved or
        // turned half a turn) is at most it.
        let h = |&(c, q): &Phase3| t.centres[0][c as usize].max(t.pairing[co.pair.entry(&q, c & 1)]);
        let goal = s.phase3_start(&s.model.solved(), false).unwrap();
        let mut seen = std::collections::HashSet::from([goal]);
        let mut frontier = vec![goal];
        let mut checked = 0;
        for d in 0..=5u8 {
            let mut next = Vec::new();
            for x in &frontier {
                assert!(h(x) <= d, "estimate {} at distance {d}", h(x));
                assert!(t.centres[1][x.0 as usize] <= t.centres[0][x.0 as usize]);
                assert_eq!(h(x) == 0, d == 0);
                checked += 1;
                for i in 0..co.phase3.len() {
                    let y = (co.centre_step(x.0, i), pairing::step(&x.1, &co.pair.turns[i]));
                    if seen.insert(y) {
                        next.push(y);
                    }
                }
            }
            frontier = next;
        }
        eprintln!("{checked} states within five turns");
        assert!(checked > 40_000, "{checked}");
        let parity = s
            .phase3_start(
                &s.model
                    .cube(&notation::parse(&p, "2R2 U2 2R2 Uw2 2R2 Uw2").unwrap())
                    .unwrap(),
                false,
            )
            .unwrap();
        assert_eq!(parity.0, goal.0 ^ 1);
        let paired = co.pair.entry(&parity.1, 0);
        assert_eq!(t.pairing[paired], 0);
        // The algorithm is 9 of phase 3's turns (`2R2` is `Rw2 R2`).
        let bound = t.pairing[paired + 1];
        eprintln!("the pairing with the parity bit set: {bound}; estimate {}", h(&parity));
        assert!((1..=9).contains(&bound) && (bound..=9).contains(&h(&parity)), "{bound}");
    }

    /// The moves of an answer: its block turns but a closing whole-cube
    /// turn.
    fn moves(turns: &[String]) -> usize {
        turns.iter().filter(|t| !t.starts_with(['x', 'y', 'z'])).count()
    }

    /// Applies `word` to `e` in the generic puzzle (not the solver's check).
    fn solves(p: &Puzzle, e: &Element, word: &Word) -> bool {
        let per_set: Element = (0..p.sets.len())
            .map(|k| {
                let gens: Vec<_> = p.moves.iter().map(|m| m.element[k].clone()).collect();
                word.evaluate_wreath(&gens)
            })
            .collect();
        p.shows_solved(&compose(e, &per_set))
    }

    /// Seeded random states and the two parities of the 4x4x4, made by the
    /// algorithms cubers use for them (an odd wing permutation, "OLL
    /// parity"; two swapped edge pairs, "PLL parity"), each solved and the
    /// answer checked in the generic puzzle; the block-turn text reads back
    /// as the same moves.
    #[test]
    fn solves_random_states_and_parities() {
        let p = library::puzzle("4x4x4").unwrap();
        let s = ReductionSolver::new(&p, Some(&crate::test_cache::folder())).unwrap();
        let chain = p.chain();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
        let mut states: Vec<Element> = (0..2).map(|_| p.random_element(&chain, &mut rng)).collect();
        for alg in [
            "Rw U2 x Rw U2 Rw U2 Rw' U2 Lw U2 Rw' U2 Rw U2 Rw' U2 Rw'",
            "2R2 U2 2R2 Uw2 2R2 Uw2",
            "Dw R 2F' Lw",
        ] {
            states.push(notation::parse(&p, alg).unwrap());
        }
        for e in &states {
            let (turns, word) = s.solve(e).unwrap();
            assert!(solves(&p, e, &word));
            assert!(moves(&turns) < 90, "{}", moves(&turns));
            let text = turns.join(" ");
            let back = cubist_twisty::alg::Alg::parse(&p, &text).unwrap();
            assert_eq!(
                back.element(&p).unwrap(),
                cubist_twisty::alg::Alg::from_word(&p, &word)
                    .unwrap()
                    .element(&p)
                    .unwrap()
            );
        }
        // The solved state takes no turns.
        assert!(s.solve(&p.identity()).unwrap().0.is_empty());
    }

    /// A cube solved but turned needs no move: each of the 24 turns of
    /// the whole cube (its name read by the notation as the same element)
    /// is answered by whole-cube turns alone, the six colourings between
    /// them reaching every one; a quarter turn's corners and edges have
    /// different parities, a half turn's the same; and a wide half turn
    /// absorbs a closing half turn (`Rw2 x2` is `Lw2`, one move).
    #[test]
    fn turned_cubes_need_no_move() {
        let p = library::puzzle("4x4x4").unwrap();
        let s = ReductionSolver::new(&p, Some(&crate::test_cache::folder())).unwrap();
        assert_eq!(s.model.rotations.len(), 24);
        assert_eq!(s.colourings.len(), 6);
        for r in &s.model.rotations {
            assert_eq!(notation::parse(&p, &r.name).unwrap(), r.element, "{}", r.name);
            let quarter = r.name.len() == 1 || r.name.ends_with('\'');
            if !r.name.contains(' ') && !r.name.is_empty() {
                assert_eq!(r.parity, quarter, "{}", r.name);
            }
            let (turns, word) = s.solve(&r.element).unwrap();
            assert_eq!(moves(&turns), 0, "{}: {turns:?}", r.name);
            assert!(solves(&p, &r.element, &word), "{}", r.name);
        }
        // The four ways up phase 3's table takes as goals are the puzzle's
        // own half turns (and the identity), of even parity.
        let m = &s.model;
        let keep_axes: Vec<_> = m
            .rotations
            .iter()
            .filter(|r| (0..24).all(|q| r.centres[q] % 3 == m.centre_face[q] % 3))
            .collect();
        assert_eq!(keep_axes.len(), 4);
        for r in keep_axes {
            assert!(!r.parity, "{}", r.name);
            let turned = Cube4 {
                centre: r.centres,
                ..m.solved()
            };
            let (c, _) = s.phase3_start(&turned, false).unwrap();
            assert_eq!(s.tables.centres[1][c as usize], 0, "{}", r.name);
            assert_eq!(s.tables.centres[0][c as usize] == 0, r.name.is_empty(), "{}", r.name);
        }
        let e = notation::parse(&p, "Rw2 x2").unwrap();
        let (turns, word) = s.solve(&e).unwrap();
        assert_eq!(turns, ["Lw2"]);
        assert!(solves(&p, &e, &word));
    }

    /// Phase 4's search only ever shortens its answer with a larger
    /// budget (the same search in the same order, longer), on a 4x4x4
    /// scrambled by outer turns only (already reduced: phases 1 to 3 are
    /// quick, and the 3x3x3 is a 20-move scramble); both answers solve the
    /// state in the generic puzzle.
    #[test]
    fn phase4_search_shortens_the_probes() {
        let p = library::puzzle("4x4x4").unwrap();
        let s = ReductionSolver::new(&p, Some(&crate::test_cache::folder())).unwrap();
        let e = notation::parse(&p, "R U F' L2 D B' R2 U' F D2 L' B U2 R' F2 D' L B2 U R'").unwrap();
        let short = Plan {
            phase4_nodes: 10_000,
            ..PLAN
        };
        let (probed, word) = s.solve_marked(&e, &short, &mut |_, _| {}).unwrap();
        assert!(solves(&p, &e, &word));
        let longer = Plan {
            phase4_nodes: 200_000,
            ..PLAN
        };
        let (planned, word) = s.solve_marked(&e, &longer, &mut |_, _| {}).unwrap();
        assert!(solves(&p, &e, &word));
        assert!(moves(&planned) <= moves(&probed), "{planned:?} > {probed:?}");
        assert!((10..=24).contains(&moves(&probed)), "{probed:?}");
    }

    /// The frames turn the axes round: turn `t` of frame 1 is the turn
    /// of the next face in `U R F` (and `Uw` the next wide turn), of frame
    /// 2 the one after; each frame's turns are all 27, once.
    #[test]
    fn frames_turn_the_axes_round() {
        let p = library::puzzle("4x4x4").unwrap();
        let f = Frames::new(&p, &Model::new(&p).unwrap());
        assert_eq!(f.rho.len(), 3);
        // U is 0, R 3, F 6; Uw 18, Rw 21, Fw 24; D 9, L 12.
        assert_eq!((f.back[1][0], f.back[1][18], f.back[1][9]), (3, 21, 12));
        assert_eq!((f.back[2][0], f.back[2][18]), (6, 24));
        for back in &f.back {
            let mut turns = back.to_vec();
            turns.sort_unstable();
            assert_eq!(turns, (0..27).collect::<Vec<u8>>());
        }
    }

    /// The tables against a breadth-first search of their own: the states
    /// one and two turns from solved have distances 1 and at most 2 in
    /// phase 1's table (0 when the turn keeps U and D centres home), and
    /// the goal has 0 in every table.
    #[test]
    fn table_distances_near_solved() {
        let p = library::puzzle("4x4x4").unwrap();
        let s = ReductionSolver::new(&p, Some(&crate::test_cache::folder())).unwrap();
        let (m, co, t) = (&s.model, &s.coords, &*s.tables);
        let ud =
            |c: &Cube4| t.ud[rank((0..24).filter(|&q| c.centre[q] % 3 == 0).fold(0u32, |x, q| x | 1 << q)) as usize];
        let solved = m.solved();
        assert_eq!(ud(&solved), 0);
        for a in &m.turns {
            let one = solved.apply(a);
            let moves_ud = (0..24).any(|q| (one.centre[q] % 3 == 0) != (solved.centre[q] % 3 == 0));
            assert_eq!(ud(&one), u8::from(moves_ud), "{}", a.name());
            for b in &m.turns {
                assert!(ud(&one.apply(b)) <= 2);
            }
        }
        // Both kinds of tables (one way up, any way up) alike here.
        for k in 0..2 {
            let (c, pairing) = s.phase3_start(&solved, false).unwrap();
            assert_eq!(t.centres[k][c as usize], 0);
            assert_eq!(t.pairing[co.pair.entry(&pairing, c & 1)], 0);
            // Phase 2's goal: R/L side slots, F side slots, even wings; one
            // quarter turn of an inner layer breaks it.
            let f = (0..16)
                .filter(|&i| m.centre_face[co.side[i] as usize] == 2)
                .fold(0u64, |x, i| x | 1 << i);
            let goal = u64::from(co.goals.1) | f << 16;
            assert_eq!(t.sides[k][co.side_index(goal)], 0);
            let uw = PHASE2.iter().position(|&x| x == 18).unwrap();
            assert_eq!(t.sides[k][co.side_index(co.side_step(goal, uw))], 1);
            // Odd wings with the centres placed: an inner quarter turn (odd)
            // moves centres, so at least two turns.
            assert!((2..UNREACHED).contains(&t.sides[k][co.side_index(goal | 1 << 32)]));
            // A wide half turn breaks three pairs: one turn from the goal.
            let (c, pairing) = s.phase3_start(&solved.apply(&m.turns[22]), false).unwrap();
            assert_eq!(t.centres[k][c as usize], 1);
            assert_eq!(t.pairing[co.pair.entry(&pairing, c & 1)], 1);
            // Phase 3 starts from flipped edges (phase 2's goal lets them be):
            // after `F` they are paired, the centres solved.
            let (c, pairing) = s.phase3_start(&solved.apply(&m.turns[6]), false).unwrap();
            assert_eq!(
                (t.centres[k][c as usize], t.pairing[co.pair.entry(&pairing, c & 1)]),
                (0, 0)
            );
        }
    }
}
