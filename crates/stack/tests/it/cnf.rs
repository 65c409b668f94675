//! The DIMACS export decides the same question as the solvers: on random
//! small sets, a small DPLL written here (no code shared with cubist) finds
//! the formula satisfiable exactly when the graph method finds a solution,
//! and the factor pair of every model found orients into a tower that the
//! independent checker accepts. An ignored test does the same with the
//! CaDiCaL binary on larger sets (`apt-get install cadical`).

use cubist_stack::methods::graph;
use cubist_stack::{check, cnf, random, solve, Instance, Method, Mode, SolveOptions};

/// Unit propagation and branching on the first unassigned variable; the
/// model (value per variable, index 0 unused) if satisfiable.
fn dpll(vars: u32, clauses: &[Vec<i32>]) -> Option<Vec<bool>> {
    fn go(clauses: &[Vec<i32>], val: &mut Vec<Option<bool>>) -> bool {
        let mut trail = Vec::new();
        loop {
            let mut unit = None;
            for c in clauses {
                let mut open = None;
                let mut opens = 0;
                let mut sat = false;
                for &l in c {
                    match val[l.unsigned_abs() as usize] {
                        Some(v) if v == (l > 0) => {
                            sat = true;
                            break;
                        }
                        Some(_) => {}
                        None => {
                            opens += 1;
                            open = Some(l);
                        }
                    }
                }
                if sat {
                    continue;
                }
                if opens == 0 {
                    for v in trail {
                        val[v] = None;
                    }
                    return false;
                }
                if opens == 1 {
                    unit = open;
                    break;
                }
            }
            match unit {
                Some(l) => {
                    val[l.unsigned_abs() as usize] = Some(l > 0);
                    trail.push(l.unsigned_abs() as usize);
                }
                None => break,
            }
        }
        let Some(v) = (1..val.len()).find(|&v| val[v].is_none()) else {
            return true;
        };
        for b in [true, false] {
            val[v] = Some(b);
            if go(clauses, val) {
                return true;
            }
        }
        val[v] = None;
        for v in trail {
            val[v] = None;
        }
        false
    }
    let mut val = vec![None; vars as usize + 1];
    go(clauses, &mut val).then(|| val.iter().map(|v| v.unwrap_or(false)).collect())
}

fn agree(inst: &Instance) -> bool {
    let f = cnf::encode(inst);
    let solvable = solve(inst, Method::Graph, &SolveOptions::default())
        .counts
        .unwrap()
        .distinct
        > 0;
    let model = dpll(f.vars, &f.clauses);
    assert_eq!(model.is_some(), solvable);
    if let Some(m) = model {
        let pair = f.factor_pair(|v| m[v as usize]).expect("one axis per factor");
        check(inst, &graph::tower(inst, &pair)).unwrap();
    }
    solvable
}

#[test]
fn dimacs_agrees_with_the_solver_on_small_sets() {
    let mut solvable = 0;
    for seed in 0..40 {
        for n in 1..=4 {
            solvable += usize::from(agree(&Instance::new(random::planted(n, seed))));
            // Three colours for three cubes is often solvable; more is not.
            agree(&Instance::new(random::uniform(n, n, seed)));
            agree(&Instance::new(random::uniform(n, n.max(2) - 1, seed)));
        }
    }
    assert_eq!(solvable, 160);
}

#[test]
fn dimacs_text_is_well_formed() {
    let inst = Instance::new(random::planted(3, 9));
    let f = cnf::encode(&inst);
    let text = f.to_dimacs();
    let header = text.lines().find(|l| l.starts_with("p cnf")).unwrap();
    assert_eq!(header, format!("p cnf {} {}", f.vars, f.clauses.len()));
    let clauses = text
        .lines()
        .filter(|l| !l.starts_with('c') && !l.starts_with('p'))
        .count();
    assert_eq!(clauses, f.clauses.len());
    for line in text.lines().filter(|l| !l.starts_with('c') && !l.starts_with('p')) {
        assert!(line.ends_with(" 0") || line == "0");
        for tok in line.split_whitespace() {
            let l: i64 = tok.parse().unwrap();
            assert!(l.unsigned_abs() <= u64::from(f.vars));
        }
    }
}

/// CaDiCaL on planted and uniform sets of 5..=12 cubes: same answers as
/// the graph method, and its models are real solutions.
#[test]
#[ignore = "needs the cadical binary (apt-get install cadical)"]
fn cadical_agrees() {
    let dir = tempfile::tempdir().unwrap();
    for n in 5..=12 {
        for seed in 0..5 {
            for inst in [random::planted(n, seed), random::uniform(n, n, seed)].map(Instance::new) {
                let f = cnf::encode(&inst);
                let path = dir.path().join("f.cnf");
                std::fs::write(&path, f.to_dimacs()).unwrap();
                let out = std::process::Command::new("cadical")
                    .arg("-q")
                    .arg(&path)
                    .output()
                    .expect("the cadical binary on the PATH (Debian: apt-get install cadical)");
                let text = String::from_utf8(out.stdout).unwrap();
                let sat = text.lines().any(|l| l == "s SATISFIABLE");
                let first = SolveOptions {
                    mode: Mode::First,
                    explain: false,
                    ..Default::default()
                };
                assert_eq!(sat, !solve(&inst, Method::Graph, &first).solutions.is_empty());
                if sat {
                    let mut m = vec![false; f.vars as usize + 1];
                    for l in text
                        .lines()
                        .filter(|l| l.starts_with("v "))
                        .flat_map(|l| l[2..].split_whitespace())
                    {
                        let x: i32 = l.parse().unwrap();
                        if x > 0 {
                            m[x as usize] = true;
                        }
                    }
                    let pair = f.factor_pair(|v| m[v as usize]).unwrap();
                    check(&inst, &graph::tower(&inst, &pair)).unwrap();
                }
            }
        }
    }
}
