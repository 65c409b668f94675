//! The bodies of cubist's fuzz targets, one plain function each.
//!
//! A fuzz target in `fuzz/fuzz_targets/` (cargo-fuzz, nightly) is one line,
//! `fuzz_target!(|data: &[u8]| cubist_fuzz_bodies::NAME(data))`; what it
//! feeds and what it checks lives here. So the same logic runs in two
//! places: under libFuzzer, which mutates inputs for minutes or hours, and
//! in the normal stable test suite (`tests/starts.rs`), which runs every
//! body over every starting input of its target (`fuzz/starts/TARGET/`) and
//! every crash libFuzzer saved (`fuzz/artifacts/TARGET/`, if any): a smoke
//! run of a few seconds that keeps the bodies compiling and passing on the
//! machines that have neither nightly nor cargo-fuzz.
//!
//! Why a crate of its own: the bodies reach into seven library crates
//! (input, cube, exact, place, twisty, macmahon, stack). As a module behind
//! a feature of one of them, that crate would have to depend on its peers
//! and on crates above it (the input crate on the stacking crate, say),
//! bending the layering of CONTRIBUTING.md. A leaf crate that only depends
//! on the libraries, as the front ends do, and on which nothing but the fuzz
//! workspace depends, keeps every arrow pointing down.
//!
//! A body returns on input it cannot use and panics only on a real finding
//! (a failed round trip, a solution the checker refuses, a resumed census
//! that differs): the panic is what libFuzzer reports.
//!
//! ```
//! // A cube-set file with a bad line is an error, never a panic.
//! cubist_fuzz_bodies::cube_sets(b"r g b w y o\nr g\n");
//! // What the DLX reader accepts, its writer writes back the same.
//! cubist_fuzz_bodies::dlx_roundtrip(b"a b c\na b\nc\n");
//! assert_eq!(cubist_fuzz_bodies::TARGETS.len(), 15);
//! ```

use std::ops::ControlFlow;
use std::path::PathBuf;
use std::sync::OnceLock;

/// A fuzz target's body: takes libFuzzer's bytes, panics only on a finding.
pub type Body = fn(&[u8]);

/// Every fuzz target by its name (the file `fuzz/fuzz_targets/NAME.rs` and
/// the folder `fuzz/starts/NAME/`), with its body.
pub const TARGETS: [(&str, Body); 15] = [
    ("board", board),
    ("census_checkpoint", census_checkpoint),
    ("checkpoint", checkpoint),
    ("cube_sets", cube_sets),
    ("dlx", dlx),
    ("dlx_roundtrip", dlx_roundtrip),
    ("dlx_run", dlx_run),
    ("kpuzzle", kpuzzle),
    ("latin_square", latin_square),
    ("moves", moves),
    ("pattern", pattern),
    ("scr", scr),
    ("target_cubes", target_cubes),
    ("tws", tws),
    ("tws_roundtrip", tws_roundtrip),
];

/// 36 Cube boards; small ones (at most 4 colours) are solved too, bounded
/// by the library.
pub fn board(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else { return };
    if let Ok(b) = cubist_place::cube36::Board::parse("fuzz.board", text) {
        if b.n() <= 4 {
            let _ = cubist_place::cube36::analyse(&b);
        }
    }
}

/// The small census every census checkpoint is resumed on: 3 cubes of 3
/// colours (a few milliseconds).
const CENSUS_K: usize = 3;
const CENSUS_N: usize = 3;

/// The census computed without a checkpoint, once per process.
fn census_reference() -> &'static cubist_stack::census::Census {
    static REF: OnceLock<cubist_stack::census::Census> = OnceLock::new();
    REF.get_or_init(|| {
        cubist_stack::census::census(CENSUS_K, CENSUS_N, &Default::default()).expect("the reference census")
    })
}

/// A scratch folder of this process (libFuzzer may run several processes;
/// within one, inputs run one at a time).
fn scratch() -> &'static PathBuf {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| {
        let dir = std::env::temp_dir().join(format!("cubist-fuzz-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("a scratch folder");
        dir
    })
}

/// Census checkpoints: the first byte chooses the stacking census's JSON
/// Lines file (every line sealed with its checksum; even) or the MacMahon
/// spectrum's sealed file (odd); the rest is written to a scratch file and
/// resumed. A stacking census that accepts the file and finishes must give
/// the same census as a run without it; the spectrum sweep reads the file
/// and stops before its first batch (a batch takes seconds).
pub fn census_checkpoint(data: &[u8]) {
    let Some((&which, body)) = data.split_first() else {
        return;
    };
    let path = scratch().join(if which % 2 == 0 { "census.ckpt" } else { "spectrum.ckpt" });
    std::fs::write(&path, body).expect("write the scratch checkpoint");
    if which % 2 == 0 {
        let opts = cubist_stack::census::CensusOptions {
            checkpoint: Some(&path),
            ..Default::default()
        };
        if let Ok(c) = cubist_stack::census::census(CENSUS_K, CENSUS_N, &opts) {
            let r = census_reference();
            assert_eq!(
                (c.sets, &c.histogram, &c.unique, c.max, &c.max_sets),
                (r.sets, &r.histogram, &r.unique, r.max, &r.max_sets),
                "a resumed census differs from a fresh one"
            );
        }
    } else {
        let opts = cubist_macmahon::spectrum::Options {
            checkpoint: Some(&path),
            stop_after_batches: Some(0),
            ..Default::default()
        };
        let _ = cubist_macmahon::spectrum::spectrum(&opts);
    }
    let _ = std::fs::remove_file(&path);
}

/// The toy exact-cover problem checkpoints are resumed on.
const TOY_DLX: &str = "a b c d e f g\nc e\na d g\nb c f\na d f\nb g\nd e g\n";

/// Checkpoint files: the sealed envelope, then an exact-cover checkpoint
/// resumed on a fixed problem and run 1,000 nodes further.
pub fn checkpoint(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let payload = cubist_io::checkpoint::unseal("fuzz.ckpt", text, "fuzz-1", "id").unwrap_or(text);
    let Ok(cp) = serde_json::from_str::<cubist_exact::Checkpoint>(payload) else {
        return;
    };
    let p = cubist_exact::parse_dlx("toy.dlx", TOY_DLX).expect("the toy problem");
    let mut dlx = cubist_exact::Dlx::new(&p);
    if dlx.resume(&cp) {
        let limit = dlx.stats().nodes.saturating_add(1000);
        dlx.set_node_limit(limit);
        let _ = dlx.run(|_| ControlFlow::Continue(()));
    }
}

/// Cube-set files, text and JSON (one parser tells them apart).
pub fn cube_sets(data: &[u8]) {
    let _ = cubist_cube::parse_cube_set(data, "fuzz.cubes");
}

/// Knuth's DLX exact-cover format.
pub fn dlx(data: &[u8]) {
    if let Ok(text) = std::str::from_utf8(data) {
        let _ = cubist_exact::parse_dlx("fuzz.dlx", text);
    }
}

/// DLX files: parse, write, parse again gives the same problem.
pub fn dlx_roundtrip(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let Ok(p) = cubist_exact::parse_dlx("fuzz.dlx", text) else {
        return;
    };
    let written = cubist_exact::write_dlx(&p);
    let q = cubist_exact::parse_dlx("written.dlx", &written).expect("the writer's output parses");
    assert_eq!(p, q, "{written}");
}

/// DLX files, searched with a limit of 2,000 nodes; every solution passes
/// the independent checker.
pub fn dlx_run(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let Ok(p) = cubist_exact::parse_dlx("fuzz.dlx", text) else {
        return;
    };
    if p.options().iter().map(Vec::len).sum::<usize>() > 10_000 {
        return;
    }
    let mut dlx = cubist_exact::Dlx::new(&p);
    dlx.set_node_limit(2_000);
    let _ = dlx.run(|s| {
        cubist_exact::check(&p, s).expect("a solution the checker accepts");
        ControlFlow::Continue(())
    });
}

/// KPuzzle JSON; a definition it accepts exports as a `.tws` that reads
/// back with the same moves.
pub fn kpuzzle(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let Ok(p) = cubist_twisty::kpuzzle::parse(text, "fuzz.json") else {
        return;
    };
    let written = cubist_twisty::tws::write(&p);
    let q = cubist_twisty::tws::parse(&written, "written.tws").expect("the export parses");
    assert_eq!(p.moves, q.moves, "{written}");
}

/// Latin-square files.
pub fn latin_square(data: &[u8]) {
    if let Ok(text) = std::str::from_utf8(data) {
        let _ = cubist_place::latin::parse_square("fuzz.txt", text);
    }
}

/// A built-in puzzle, built once per process.
fn puzzle(name: &'static str, cell: &'static OnceLock<cubist_twisty::Puzzle>) -> &'static cubist_twisty::Puzzle {
    cell.get_or_init(|| cubist_twisty::library::puzzle(name).expect("built in"))
}

/// The longest move sequence the `moves` body reads: 128 KiB, room for
/// tens of thousands of nested groups (the depth that once overflowed the
/// stack was 5,000), while the expansion stays bounded by the library.
pub const MAX_MOVES_INPUT: usize = 128 << 10;

/// The first byte of a structured `moves` input ([`moves_text`]).
pub const NESTED: u8 = 0xFF;

/// The groups a structured `moves` input nests its text in: an opening and
/// a closing of each kind of group.
const WRAPPERS: [(&str, &str); 4] = [("(", ")"), ("[U, ", "]"), ("[R: ", "]"), ("(", ")2'")];

/// The text a `moves` input stands for. Plain UTF-8 is itself; an input
/// `0xFF k hi lo rest` (not UTF-8, so no text is lost) is `rest` nested
/// `256 hi + lo` deep in groups of kind `k` (`(..)`, `[U, ..]`, `[R: ..]`,
/// `(..)2'`), so that a mutation of two bytes reaches any depth up to
/// 65,535, where a plain input would need as many brackets typed.
pub fn moves_text(data: &[u8]) -> Option<String> {
    if let [NESTED, kind, hi, lo, rest @ ..] = data {
        let (open, close) = WRAPPERS[usize::from(*kind) % WRAPPERS.len()];
        let depth = usize::from(*hi) << 8 | usize::from(*lo);
        let inner = std::str::from_utf8(rest).ok()?;
        return Some(format!("{}{inner}{}", open.repeat(depth), close.repeat(depth)));
    }
    let text = std::str::from_utf8(data).ok()?;
    (text.len() <= MAX_MOVES_INPUT).then(|| text.to_string())
}

/// Move sequences on the 4x4x4 (wide, inner, Eidswick's `X_i`, cubing.js
/// groups), plain or structured ([`moves_text`]); the simplified sequence
/// does the same as the original. Nesting and expansion past the library's
/// bounds must be errors (an overflowed stack aborts the process).
pub fn moves(data: &[u8]) {
    static CUBE: OnceLock<cubist_twisty::Puzzle> = OnceLock::new();
    let p = puzzle("4x4x4", &CUBE);
    let Some(text) = moves_text(data) else { return };
    let Ok(a) = cubist_twisty::alg::Alg::parse(p, &text) else {
        return;
    };
    let Ok(e) = a.element(p) else { return };
    let s = a.simplify(p).expect("a parsed sequence simplifies");
    assert_eq!(s.element(p).expect("simplified moves apply"), e, "{text:.200}");
}

/// `.scr` scramble files, against the 2x2x2.
pub fn scr(data: &[u8]) {
    static CUBE: OnceLock<cubist_twisty::Puzzle> = OnceLock::new();
    let p = puzzle("2x2x2", &CUBE);
    if let Ok(text) = std::str::from_utf8(data) {
        let _ = cubist_twisty::tws::parse_scrambles(text, "fuzz.scr", p);
    }
}

/// Target inputs: `--cubes` lists (names or colourings), of which lists of
/// 8 to 64 cubes are also solved, and cube-set files.
pub fn target_cubes(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let Ok(mut reader) = cubist_macmahon::input::Reader::new(None) else {
        return;
    };
    if let Ok(cubes) = cubist_macmahon::input::cube_list(&mut reader, "--cubes", text) {
        if cubes.len() >= 8 && cubes.len() <= 64 {
            let t = cubes[0];
            let _ = cubist_api::target::report::solve(t, &cubes, false, 10);
        }
    }
    let source = cubist_io::Source::new("fuzz.cubes", data.to_vec());
    let _ = reader.cube_file(&source);
}

/// KSolve/twsearch `.tws` definitions.
pub fn tws(data: &[u8]) {
    if let Ok(text) = std::str::from_utf8(data) {
        let _ = cubist_twisty::tws::parse(text, "fuzz.tws");
    }
}

/// Mask files (`--target`) for the 3x3x3: a mask the reader accepts fits
/// the cube, and the solved cube shows it solved.
pub fn pattern(data: &[u8]) {
    static CUBE: OnceLock<cubist_twisty::Puzzle> = OnceLock::new();
    let cube = CUBE.get_or_init(|| cubist_twisty::library::puzzle("3x3x3").expect("the built-in 3x3x3"));
    let Ok(text) = std::str::from_utf8(data) else { return };
    let Ok(pat) = cubist_twisty::pattern::Pattern::parse(cube, "fuzz.txt", text) else {
        return;
    };
    let p = pat.apply(cube).expect("a parsed mask fits its puzzle");
    assert!(p.shows_solved(&cube.identity()), "{text}");
}

/// `.tws` definitions: parse, write, parse again gives the same sets,
/// solved state, free pieces and moves.
pub fn tws_roundtrip(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let Ok(p) = cubist_twisty::tws::parse(text, "fuzz.tws") else {
        return;
    };
    let written = cubist_twisty::tws::write(&p);
    let q = cubist_twisty::tws::parse(&written, "written.tws").expect("the writer's output parses");
    assert_eq!(
        (&p.sets, &p.solved, &p.free, &p.moves),
        (&q.sets, &q.solved, &q.free, &q.moves),
        "{written}"
    );
}
