//! Census checkpoints: the stacking census's JSON Lines file (every line
//! sealed with its checksum) and the MacMahon spectrum's sealed file, written
//! to a scratch file and resumed. A stacking census that accepts the file and
//! finishes must give the same census as a run without it; the spectrum
//! sweep reads it and stops before its first batch (a batch takes seconds).
#![no_main]
use std::path::PathBuf;
use std::sync::OnceLock;

/// The small census every input is resumed on: 3 cubes of 3 colours.
const K: usize = 3;
const N: usize = 3;

/// The census computed without a checkpoint, once.
fn reference() -> &'static cubist_stack::census::Census {
    static REF: OnceLock<cubist_stack::census::Census> = OnceLock::new();
    REF.get_or_init(|| {
        cubist_stack::census::census(K, N, &Default::default()).expect("the reference census")
    })
}

/// A scratch folder of this process (libFuzzer may run several).
fn scratch() -> &'static PathBuf {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| {
        let dir = std::env::temp_dir().join(format!("cubist-fuzz-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("a scratch folder");
        dir
    })
}

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let Some((&which, body)) = data.split_first() else { return };
    let path = scratch().join(if which % 2 == 0 { "census.ckpt" } else { "spectrum.ckpt" });
    std::fs::write(&path, body).expect("write the scratch checkpoint");
    if which % 2 == 0 {
        let opts = cubist_stack::census::CensusOptions {
            checkpoint: Some(&path),
            ..Default::default()
        };
        if let Ok(c) = cubist_stack::census::census(K, N, &opts) {
            let r = reference();
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
});
