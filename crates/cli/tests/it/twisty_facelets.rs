//! `twisty solve 3x3x3 --facelets`: reading the string builds no table, so
//! the two-phase tables come from the cache folder like any other solve's:
//! built and written by the first run, read by the second.

use crate::support::json;

#[test]
fn facelets_solve_builds_then_reads_the_cache() {
    let dir = tempfile::tempdir().unwrap();
    let cache = dir.path().join("tables");
    let c = cache.to_str().unwrap();
    let text = "DRLUUBFBRBLURRLRUBLRDDFDLFUFUFFDBRDUBRUFLLFDDBFLUBLRBD";
    let args = ["twisty", "solve", "3x3x3", "--facelets", text, "--cache", c, "--json"];
    for origin in ["built", "cached"] {
        let doc = json(&args);
        let state = &doc["states"][0];
        assert_eq!(state["verified"], true, "{doc}");
        assert!(state["length"].as_u64().unwrap() <= 21, "{doc}");
        assert_eq!(doc["tables"][0]["origin"], origin, "{doc}");
    }
    assert!(std::fs::read_dir(&cache).unwrap().count() > 0);
}
