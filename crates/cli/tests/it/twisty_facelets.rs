//! `twisty solve 3x3x3 --facelets`: reading the string builds no table, so
//! the two-phase tables come from the cache folder like any other solve's.
//! (A solve that builds them and writes the cache is tested by the API's
//! `building_tables`; building them again here would cost seconds of
//! processor time for nothing new.)

use crate::support::json;

/// With the tables in the cache folder, a facelets solve reads them and
/// builds none (the state is learnt from the string, not by a solve).
#[test]
fn facelets_solve_reads_the_cache() {
    let dir = tempfile::tempdir().unwrap();
    let cache = dir.path().join("tables");
    std::fs::create_dir(&cache).unwrap();
    let tables = crate::support::two_phase_tables();
    std::fs::copy(&tables, cache.join(tables.file_name().unwrap())).unwrap();
    let c = cache.to_str().unwrap();
    let text = "DRLUUBFBRBLURRLRUBLRDDFDLFUFUFFDBRDUBRUFLLFDDBFLUBLRBD";
    let doc = json(&["twisty", "solve", "3x3x3", "--facelets", text, "--cache", c, "--json"]);
    let state = &doc["states"][0];
    assert_eq!(state["verified"], true, "{doc}");
    assert!(state["length"].as_u64().unwrap() <= 21, "{doc}");
    assert_eq!(doc["tables"][0]["origin"], "cached", "{doc}");
    assert_eq!(std::fs::read_dir(&cache).unwrap().count(), 1);
}
