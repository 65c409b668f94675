//! parse, then search with a tight node limit; every solution re-checked.
#![no_main]
use std::ops::ControlFlow;
libfuzzer_sys::fuzz_target!(|data: &[u8]| {
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
});
