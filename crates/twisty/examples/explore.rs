use cubist_twisty::{analysis, library};
fn main() {
    for name in std::env::args().skip(1) {
        let t = std::time::Instant::now();
        match library::puzzle(&name) {
            Ok(p) => {
                let a = analysis::analyze(&p);
                println!("{name} ({:?}): {}", t.elapsed(), serde_json::to_string(&a).unwrap());
            }
            Err(e) => println!("{name}: error {e}"),
        }
    }
}
