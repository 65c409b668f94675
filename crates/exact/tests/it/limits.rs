//! The DLX reader's errors quote an excerpt of a name, never a whole one.

use cubist_exact::parse_dlx;
use cubist_io::EXCERPT_CHARS;

#[test]
fn errors_quote_an_excerpt_of_a_huge_name() {
    let h = "n".repeat(1 << 20);
    for (text, column) in [
        (format!("a | {h}:\n"), 5),
        (format!("a {h}:2|b\n"), 3),
        (format!("a {h}|\n"), 3),
        (format!("a b\na {h}\n"), 3),
        (format!("a | x\nx:{h}|\n"), 1),
        (format!("a | x\nx:{h}:{h}\n"), 1),
        (format!("{h} {h}\n"), 1),
        (format!("{h} | x\n{h} {h}\n"), 1),
        (format!("a | {h}\na {h}:c {h}:d\n"), 1),
    ] {
        let e = parse_dlx("big.dlx", &text).map(|_| ()).expect_err(&text[..20]);
        let m = e.to_string();
        assert!(m.chars().count() < 4 * EXCERPT_CHARS, "{} bytes: {:.200}", m.len(), m);
        assert!(m.contains("nnn…"), "{m}");
        assert_eq!(e.column.is_some(), column > 0, "{m}");
    }
}
