use cubist_twisty::library;
fn main() {
    for name in std::env::args().skip(1) {
        let t = std::time::Instant::now();
        match library::puzzle(&name) {
            Ok(p) => {
                let sets: Vec<String> = p.sets.iter().map(|s| format!("{} {}x{}", s.name, s.size, s.modulus)).collect();
                let moves: Vec<&str> = p.moves.iter().map(|m| m.name.as_str()).collect();
                let o = p.order();
                println!("{name}: sets {sets:?} moves {moves:?} order {o} ({:?})", t.elapsed());
            }
            Err(e) => println!("{name}: error {e}"),
        }
    }
}
