//! The H48 tables of the search examples (`h48_rate`, `h48_scrambles`),
//! shared through `#[path]`.

use cubist_twophase::h48::table::{H0Table, HkTable};

/// The h0 table and the h_k table over it from the cache file named by
/// `H48_TABLES` (one of `cubist twisty solve 3x3x3 --method optimal`), or
/// `None` when it is not set. An example stops with a message when the
/// file is missing or not such a cache.
pub fn from_env() -> Option<(H0Table, HkTable)> {
    let path = std::env::var_os("H48_TABLES")?;
    let file = std::fs::File::open(&path).expect("the H48_TABLES file opens");
    let h0 = H0Table::read(&mut std::io::BufReader::new(&file)).expect("an h0 table");
    let hk = HkTable::open(&h0, &file, H0Table::FILE_BYTES as u64).expect("an h_k table over it");
    Some((h0, hk))
}
