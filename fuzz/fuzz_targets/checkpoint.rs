//! Checkpoint files: the sealed envelope, then an exact-cover checkpoint
//! resumed on a fixed problem and run a little.
#![no_main]
use std::ops::ControlFlow;
const PROBLEM: &str = "a b c d e f g\nc e\na d g\nb c f\na d f\nb g\nd e g\n";
libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let payload = cubist_input::checkpoint::unseal("fuzz.ckpt", text, "fuzz-1", "id").unwrap_or(text);
    let Ok(cp) = serde_json::from_str::<cubist_exact::Checkpoint>(payload) else {
        return;
    };
    let p = cubist_exact::parse_dlx("toy.dlx", PROBLEM).expect("the toy problem");
    let mut dlx = cubist_exact::Dlx::new(&p);
    if dlx.resume(&cp) {
        let limit = dlx.stats().nodes.saturating_add(1000);
        dlx.set_node_limit(limit);
        let _ = dlx.run(|_| ControlFlow::Continue(()));
    }
});
