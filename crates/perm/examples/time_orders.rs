use cubist_perm::StabChain;
#[path = "../tests/support/mod.rs"]
mod support;
fn main() {
    let ns: Vec<i32> = std::env::args().skip(1).map(|a| a.parse().unwrap()).collect();
    for n in ns {
        let gens = if n == 0 {
            support::megaminx_generators()
        } else {
            support::cube_generators(n)
        };
        let d = gens[0].degree();
        let t = std::time::Instant::now();
        let c = StabChain::new(d, &gens);
        let el = t.elapsed();
        let sg: usize = (0..c.base().len()).map(|i| c.level_generators(i).len()).sum();
        println!(
            "n={n} degree={d} base_len={} level_gens={} time={:?} order={}",
            c.base().len(),
            sg,
            el,
            c.order()
        );
    }
}
