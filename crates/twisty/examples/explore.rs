use cubist_twisty::{library, universal::UniversalSolver};
use rand::SeedableRng;
fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut names: Vec<String> = library::PUZZLES.iter().map(|e| e.name.to_string()).collect();
    for n in 6..=7 { names.push(format!("{n}x{n}x{n}")); }
    if !args.is_empty() { names = args.clone(); }
    for name in names {
        let p = library::puzzle(&name).unwrap();
        let t = std::time::Instant::now();
        let s = match UniversalSolver::new(&p) { Ok(s) => s, Err(e) => { println!("{name}: new failed {e}"); continue; } };
        let tn = t.elapsed();
        let st: Vec<String> = s.stages().iter().map(|x| format!("{}[{}] l={:?} {} {:?}", x.orbit, x.size, x.l, x.method, x.states)).collect();
        println!("{name}: new {:?} m={} order: {}", tn, s.efficiency(), st.join(" | "));
        let chain = p.chain();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
        let (mut ok, mut total, mut fails) = (0, 0usize, 0);
        let t = std::time::Instant::now();
        let count = 20;
        for _ in 0..count {
            let e = p.random_element(&chain, &mut rng);
            match s.solve(&e) { Ok(sol) => { ok += 1; total += sol.moves.len(); } Err(err) => { fails += 1; if fails <= 2 { println!("   FAIL {err}"); } } }
        }
        println!("   solved {ok}/{count} mean len {:.1} per solve {:?}", total as f64 / ok.max(1) as f64, t.elapsed() / count);
    }
}
