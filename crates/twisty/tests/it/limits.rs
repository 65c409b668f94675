//! Every reader of the crate bounded: nesting depth, expansion, and the
//! length of the errors, whatever the input.

use cubist_io::{Source, EXCERPT_CHARS};
use cubist_twisty::alg::Alg;
use cubist_twisty::structure::{MAX_DEPTH, MAX_TOKENS};
use cubist_twisty::{kpuzzle, library, tws};

/// An error message that quotes no more than an excerpt of its input.
fn assert_short(message: &str) {
    assert!(
        message.chars().count() < 6 * EXCERPT_CHARS,
        "{} chars: {:.300}",
        message.len(),
        message
    );
}

/// A token of a megabyte, no white space in it.
fn huge() -> String {
    "Q".repeat(1 << 20)
}

#[test]
fn deep_nesting_is_an_error_not_an_abort() {
    let p = library::puzzle("3x3x3").unwrap();
    let n = 20_000;
    for text in [
        format!("{}R{}", "(".repeat(n), ")".repeat(n)),
        format!("{}R{}", "[U, ".repeat(n), "]".repeat(n)),
        format!("{}R{}", "[U: ".repeat(n), "]".repeat(n)),
        format!("{}R{}", "(".repeat(n), ")2".repeat(n)),
    ] {
        let e = Alg::parse(&p, &text).unwrap_err().to_string();
        assert!(
            e.contains(&format!("groups nest more than {MAX_DEPTH} deep")),
            "{e:.200}"
        );
        assert_short(&e);
    }
    // At the limit, the sequence is read.
    let ok = format!("{}R{}", "[U: ".repeat(MAX_DEPTH - 1), "]".repeat(MAX_DEPTH - 1));
    let a = Alg::parse(&p, &format!("({ok})")).unwrap();
    assert_eq!(a.len(), 2 * (MAX_DEPTH - 1) + 1);
    // U^99 R U^-99, and 99 is 3 modulo 4.
    assert_eq!(a.simplify(&p).unwrap().to_string(), "U' R U");
}

#[test]
fn huge_expansions_are_refused_before_they_are_built() {
    let p = library::puzzle("3x3x3").unwrap();
    for text in [
        "(((R)1000)1000)1000",
        "((R U)600000)",
        "[(R)600000, U]",
        "((R)999999)0 ".repeat(30).as_str(),
    ] {
        let e = Alg::parse(&p, text).unwrap_err().to_string();
        assert!(e.contains(&format!("more than {MAX_TOKENS} moves")), "{e}");
    }
}

#[test]
fn applying_is_bounded_by_turns_times_slots() {
    use cubist_twisty::alg::MAX_APPLY_STEPS;
    // One set of 2^12 slots, one move: 2^18 turns at most, refused before
    // any is applied (so the test stays quick).
    let slots = 1usize << 12;
    let perm: Vec<String> = (0..slots).map(|i| ((i + 1) % slots + 1).to_string()).collect();
    let text = format!("Set C {slots} 1\nMove a\nC\n{}\nEnd\n", perm.join(" "));
    let big = tws::parse(&text, "big.tws").unwrap();
    let most = MAX_APPLY_STEPS / slots as u64;
    assert_eq!(most, 262_144);
    assert!(Alg::parse(&big, "(a)3").unwrap().element(&big).is_ok());
    let e = Alg::parse(&big, &format!("(a){}", most + 1))
        .unwrap()
        .element(&big)
        .unwrap_err();
    assert!(
        e.to_string()
            .contains("262145 turns of a puzzle of 4096 slots: more than 1073741824"),
        "{e}"
    );
    // In a `.scr` file, the turns of all its lines count together.
    // Each line alone is within the bound.
    let e = tws::parse_scrambles("ScrambleAlg A\na\n(a)262144\nEnd\n", "s.scr", &big).unwrap_err();
    assert_eq!(e.line, Some(3), "{e}");
    assert!(e.to_string().contains("262145 turns"), "{e}");
}

#[test]
fn move_errors_quote_an_excerpt() {
    let p = library::puzzle("3x3x3").unwrap();
    for text in [
        format!("R {}", huge()),
        format!("R {}^7", huge()),
        format!("R R^{}", "9".repeat(1 << 20)),
    ] {
        let e = Alg::parse(&p, &text).unwrap_err().to_string();
        assert!(e.starts_with("column 3: "), "{e:.100}");
        assert_short(&e);
    }
    let e = Alg::parse(&p, &format!("R {}", "Q".repeat(EXCERPT_CHARS)))
        .unwrap_err()
        .to_string();
    assert!(
        e.contains(&"Q".repeat(EXCERPT_CHARS)),
        "short tokens are quoted whole: {e}"
    );
}

#[test]
fn unknown_names_are_quoted_as_an_excerpt() {
    let e = library::puzzle(&huge()).unwrap_err().to_string();
    assert!(e.starts_with("unknown puzzle \"QQQ") && e.contains("…"), "{e:.100}");
    assert_short(&e);
}

#[test]
fn tws_errors_quote_an_excerpt() {
    let h = huge();
    for text in [
        format!("{h} 1\n"),
        format!("Set C {h} 2\n"),
        format!("Set C 3 {h}\n"),
        format!("Set C 3 {}\n", "7".repeat(1 << 20)),
        format!("Set {h}# 3 2\n"),
        format!("Set C 3 2\nMove a\n{h}\n1 2 3\nEnd\n"),
        format!("Set C 3 2\nMove a\nC\n1 2 {h}\nEnd\n"),
        format!("Set C 3 2\nMove a\nC\n1 2 {}\nEnd\n", "9".repeat(1 << 20)),
        format!("Set {h} 3 2\nMove a\n{h}\n1 1 3\nEnd\n"),
        format!("Set {h} 3 2\nSet {h} 3 2\n"),
    ] {
        let e = tws::parse(&text, "big.tws").unwrap_err();
        assert!(e.line.is_some(), "{e:.100}");
        assert_short(&e.to_string());
    }
}

#[test]
fn scr_errors_are_located_and_short() {
    let p = library::puzzle("3x3x3").unwrap();
    let n = 20_000;
    let deep = format!("ScrambleAlg A\nR\n{}R{}\nEnd\n", "(".repeat(n), ")".repeat(n));
    let e = tws::parse_scrambles(&deep, "s.scr", &p).unwrap_err().to_string();
    assert_eq!(
        e,
        format!(
            "s.scr:3: column {}: groups nest more than {MAX_DEPTH} deep",
            MAX_DEPTH + 1
        )
    );
    let h = huge();
    for text in [
        format!("{h} A\nEnd\n"),
        format!("ScrambleAlg A\nR {h}\nEnd\n"),
        format!("Scramble {h}\nEDGE\n1 1 2 3 4 5 6 7 8 9 10 11\nEnd\n"),
        format!("Scramble A\n{h}\nEnd\n"),
    ] {
        let e = tws::parse_scrambles(&text, "s.scr", &p).unwrap_err().to_string();
        assert_short(&e);
    }
    // Many lines, each wasteful but within bounds alone: one budget for the file.
    let wasteful = format!("ScrambleAlg A\n{}End\n", "((R)999999)0\n".repeat(20));
    let e = tws::parse_scrambles(&wasteful, "s.scr", &p).unwrap_err().to_string();
    assert!(e.contains(&format!("more than {MAX_TOKENS} moves")), "{e}");
}

#[test]
fn deep_kpuzzle_json_is_an_error_and_errors_are_short() {
    let n = 100_000;
    // The definition's types are a few levels deep, serde_json skips an
    // unknown value without recursion, and its recursion limit (128 levels)
    // is on: a deep value is an error, never a stack overflow.
    for field in ["name", "unknown", "orbits", "moves", "defaultPattern"] {
        for (open, close) in [("[", "]"), ("{\"a\":", "}")] {
            let deep = format!("{{\"{field}\": {}1{}}}", open.repeat(n), close.repeat(n));
            let e = kpuzzle::parse(&deep, "k.json").unwrap_err().to_string();
            assert_short(&e);
        }
    }
    let deep = format!("{{\"moves\": {{\"R\": {}1{}}}}}", "[".repeat(n), "]".repeat(n));
    let e = kpuzzle::parse(&deep, "k.json").unwrap_err().to_string();
    assert!(e.contains("invalid type") || e.contains("recursion limit"), "{e}");
    let deep = format!("{{\"moves\": {}}}", "{\"a\":".repeat(n));
    assert_short(&kpuzzle::parse(&deep, "k.json").unwrap_err().to_string());
    let h = huge();
    for text in [
        format!("{{\"{h}\": 1}}"),
        format!("{{\"name\": 1, \"orbits\": \"{h}\"}}"),
    ] {
        let e = kpuzzle::parse(&text, "k.json").unwrap_err().to_string();
        assert_short(&e);
    }
}

#[test]
fn a_byte_order_mark_is_skipped() {
    let bytes = [&b"\xEF\xBB\xBF"[..], b"Set C 3 2\nMove a\nC\n2 3 1\nEnd\n"].concat();
    let text = Source::new("bom.tws", bytes).text().unwrap().to_string();
    let p = tws::parse(&text, "bom.tws").unwrap();
    assert_eq!(p.order().to_string(), "3");
    let cube = library::puzzle("3x3x3").unwrap();
    let scr = Source::new("bom.scr", &b"\xEF\xBB\xBFScrambleAlg A\nR\nEnd\n"[..]);
    assert_eq!(
        tws::parse_scrambles(scr.text().unwrap(), "bom.scr", &cube)
            .unwrap()
            .len(),
        1
    );
}

/// Orientation wildcards on a large set of identical pieces are checked in
/// one pass: 200,000 slots of one label, all `?`, read at once (checking
/// each slot against every other would be 4 · 10^10 comparisons), and one
/// slot left fixed among them is named.
#[test]
fn wildcards_on_a_large_set_are_checked_in_one_pass() {
    let n = 200_000;
    let text = |orient: &str| {
        format!(
            "Set P {n} 2\nSolved\nP\n{}\n{orient}\nEnd\nMove a\nP\n{}\nEnd\n",
            vec!["1"; n].join(" "),
            (1..=n).map(|i| (i % n + 1).to_string()).collect::<Vec<_>>().join(" ")
        )
    };
    let p = tws::parse(&text(&vec!["?"; n].join(" ")), "big.tws").unwrap();
    assert!(p.free[0].iter().all(|&f| f));
    let mut orient = vec!["?"; n];
    orient[n - 1] = "0";
    let e = tws::parse(&text(&orient.join(" ")), "big.tws").unwrap_err().to_string();
    assert_eq!(
        e,
        format!("big.tws:5: slots 1 and {n} of set P hold the same piece, but only one has the orientation ?")
    );
}
