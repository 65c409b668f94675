//! Reading a facelet string costs no table: a test binary of its own, so
//! that nothing else in the process builds the two-phase tables, and their
//! absence after the calls shows none of them did (no timing involved).

use cubist_twisty::library;
use cubist_twisty_search::twophase::{facelets, is_3x3x3, state_from_facelets, Bridge};
use cubist_twophase::huge::HugeTable;
use cubist_twophase::Tables;

#[test]
fn reading_and_writing_facelets_builds_no_table() {
    assert!(Tables::global_if_ready().is_none());
    let cube = library::puzzle("3x3x3").unwrap();
    assert!(is_3x3x3(&cube));
    let text = "DRLUUBFBRBLURRLRUBLRDDFDLFUFUFFDBRDUBRUFLLFDDBFLUBLRBD";
    let state = state_from_facelets(&cube, "--facelets", text).unwrap();
    assert_eq!(facelets(&cube, &state).unwrap(), text);
    // Kociemba's cube of the state, through the bridge alone.
    assert_eq!(Bridge::find(&cube).unwrap().cube(&state).unwrap().to_facelets(), text);
    assert!(state_from_facelets(&cube, "--facelets", &text[1..]).is_err());
    assert!(Tables::global_if_ready().is_none());
    assert!(HugeTable::global_if_ready().is_none());
}
