//! Eidswick's Propositions 3–6 as checks on elements a user gives.
//!
//! Each check states the proposition's hypotheses about the given elements,
//! says whether each holds, and then computes the element the proposition
//! speaks of (the commutator, the conjugate) to show what it really is — so a
//! user can see both that the hypotheses imply the conclusion and what happens
//! when they fail.
//!
//! - [`describe`]: what an element is: its order, `Act'` (the slots it moves
//!   or twists), its cycles with their twists, and whether it is a *k-cycle*
//!   in Eidswick's sense (`α'` a k-cycle, `Act'(α) = Act(α')`, order k), a
//!   two-piece twist `μ(a, b)`, or something else.
//! - [`proposition3`]: `Act'(α) ∩ Act'(β) = {b}` with `aα' = b = cβ'` makes
//!   `[α, β]` the 3-cycle `(a b c)` with twists `β''(b) − α''(b)`, `α''(b)`,
//!   `−β''(b)`; with `σ` fixing `c`, twisting it by 1 and acting on none of
//!   `a, b`, the conjugates `σ^j [α, β] σ^-j` are a complete set of 3-cycles
//!   and `[σ, [α, β]] = μ(c, b)` (the Corollary).
//! - [`proposition4`] (`β = γ δ γ⁻¹`) and [`proposition5`] (`β = [γ, δ]`): the
//!   conditions on `γ, δ` that give `Act'(α) ∩ Act'(β) = {b}`, then
//!   Proposition 3 on `α, β`.
//! - [`proposition6`]: for a 3-cycle `τ = (a b c)`, a setup `α` for every other
//!   slot `x` of the orbit with `Act(α') ∩ {a, b, c} = {xα'}`, found by
//!   breadth-first search over short words; `α τ α⁻¹` is then a 3-cycle through
//!   `x`, which is checked.
//!
//! Slots are named `SET n` (1-based within the set), as everywhere in cubist.
//!
//! ```
//! use cubist_twisty::{library, notation, propositions};
//!
//! let cube = library::puzzle("3x3x3").unwrap();
//! let e = |s: &str| notation::parse(&cube, s).unwrap();
//! // Eidswick's cube 3-cycle: α = U, β = R' D R.
//! let check = propositions::proposition3(&cube, &e("U"), &e("R' D R"), None);
//! assert!(check.conditions.iter().all(|c| c.holds));
//! assert_eq!(check.elements.last().unwrap().1.kind, "3-cycle");
//! ```

use std::collections::{HashSet, VecDeque};

use num_integer::Integer;
use serde::Serialize;

use crate::puzzle::{compose, invert, power, Element, Puzzle};

/// A slot: its set and its index in the set (0-based).
type Slot = (usize, u32);

/// What an element is.
#[derive(Clone, Debug, Serialize)]
pub struct ElementInfo {
    /// Its order, a decimal string.
    pub order: String,
    /// Eidswick's `Act'`: the slots it moves or twists.
    pub act: Vec<String>,
    /// Its cycles (slots in cycle order: the piece in each goes to the next),
    /// with pieces twisted in place as cycles of one.
    pub cycles: Vec<CycleInfo>,
    /// `"identity"`, `"3-cycle"`, `"k-cycle"` (Eidswick's k-cycle, k ≠ 3),
    /// `"twist"` (Eidswick's `μ(a, b)`: two pieces twisted in place, in
    /// opposite directions) or `"other"`.
    pub kind: String,
}

/// One cycle of an element.
#[derive(Clone, Debug, Serialize)]
pub struct CycleInfo {
    /// The slots, as `SET n`.
    pub slots: Vec<String>,
    /// `α''` at each slot: the twist the piece arriving there receives.
    pub twists: Vec<u32>,
    /// The orientation modulus of the set.
    pub modulus: u32,
}

/// One hypothesis or conclusion of a proposition, and whether it holds.
#[derive(Clone, Debug, Serialize)]
pub struct Condition {
    /// What is claimed, in Eidswick's notation with the slots filled in.
    pub statement: String,
    /// Whether it holds for the given elements.
    pub holds: bool,
}

/// A proposition checked on given elements.
#[derive(Clone, Debug, Serialize)]
pub struct Check {
    /// Which proposition (3 to 6), or 0 for a plain description.
    pub proposition: u8,
    /// The elements involved, each with a label (`α`, `[α, β]`, ...).
    pub elements: Vec<(String, ElementInfo)>,
    /// The hypotheses, then the conclusions, each checked.
    pub conditions: Vec<Condition>,
    /// Proposition 6: for each slot `x` of the orbit, a setup word (move
    /// names) with `Act(α') ∩ {a, b, c} = {xα'}`, or `None` when none was
    /// found within the search.
    pub setups: Vec<(String, Option<String>)>,
}

fn slot_name(p: &Puzzle, (s, i): Slot) -> String {
    format!("{} {}", p.sets[s].name, i + 1)
}

fn names(p: &Puzzle, slots: &[Slot]) -> String {
    let v: Vec<String> = slots.iter().map(|&s| slot_name(p, s)).collect();
    format!("{{{}}}", v.join(", "))
}

/// `Act'(e)` over all sets.
fn act(e: &Element) -> Vec<Slot> {
    e.iter()
        .enumerate()
        .flat_map(|(s, w)| w.act_prime().into_iter().map(move |i| (s, i)))
        .collect()
}

fn image(e: &Element, (s, i): Slot) -> Slot {
    (s, e[s].perm().image(i))
}

fn preimage(e: &Element, x: Slot) -> Slot {
    image(&invert(e), x)
}

fn twist(e: &Element, (s, i): Slot) -> u32 {
    e[s].orient()[i as usize]
}

fn intersect(a: &[Slot], b: &[Slot]) -> Vec<Slot> {
    a.iter().copied().filter(|x| b.contains(x)).collect()
}

/// What `e` is (see [`ElementInfo`]).
pub fn describe(p: &Puzzle, e: &Element) -> ElementInfo {
    let mut cycles = Vec::new();
    for (s, w) in e.iter().enumerate() {
        let r = w.modulus();
        let mut seen = vec![false; w.degree()];
        for start in 0..w.degree() as u32 {
            if seen[start as usize] {
                continue;
            }
            let mut c = Vec::new();
            let mut x = start;
            while !seen[x as usize] {
                seen[x as usize] = true;
                c.push(x);
                x = w.perm().image(x);
            }
            // Eidswick's α''(i): the twist the piece arriving at slot i receives.
            let twists: Vec<u32> = c.iter().map(|&i| w.orient()[i as usize]).collect();
            if c.len() > 1 || twists[0] != 0 {
                cycles.push((s, c, twists, r));
            }
        }
    }
    let kind = if cycles.is_empty() {
        "identity".to_string()
    } else if cycles.len() == 1 && cycles[0].1.len() > 1 {
        let (_, c, t, r) = &cycles[0];
        let sum = t.iter().map(|&x| x as u64).sum::<u64>() % *r as u64;
        match (sum == 0, c.len()) {
            (true, 3) => "3-cycle".to_string(),
            (true, _) => "k-cycle".to_string(),
            (false, _) => "other".to_string(),
        }
    } else if cycles.len() == 2
        && cycles.iter().all(|c| c.1.len() == 1)
        && cycles[0].0 == cycles[1].0
        && (cycles[0].2[0] + cycles[1].2[0]) % cycles[0].3 == 0
    {
        "twist".to_string()
    } else {
        "other".to_string()
    };
    ElementInfo {
        order: p.element_order(e).to_string(),
        act: act(e).into_iter().map(|x| slot_name(p, x)).collect(),
        cycles: cycles
            .into_iter()
            .map(|(s, c, twists, modulus)| CycleInfo {
                slots: c.iter().map(|&i| slot_name(p, (s, i))).collect(),
                twists,
                modulus,
            })
            .collect(),
        kind,
    }
}

/// A plain description of one element.
pub fn element(p: &Puzzle, e: &Element) -> Check {
    Check {
        proposition: 0,
        elements: vec![("α".into(), describe(p, e))],
        conditions: Vec::new(),
        setups: Vec::new(),
    }
}

/// Proposition 3 (and its Corollary when `sigma` is given) on `α, β`.
pub fn proposition3(p: &Puzzle, alpha: &Element, beta: &Element, sigma: Option<&Element>) -> Check {
    let mut check = Check {
        proposition: 3,
        elements: vec![("α".into(), describe(p, alpha)), ("β".into(), describe(p, beta))],
        conditions: Vec::new(),
        setups: Vec::new(),
    };
    prop3_into(p, alpha, beta, "[α, β]", sigma, &mut check);
    check
}

/// Proposition 3's hypotheses and conclusions for `α, β`, appended to `check`.
fn prop3_into(p: &Puzzle, alpha: &Element, beta: &Element, label: &str, sigma: Option<&Element>, check: &mut Check) {
    let (aa, ab) = (act(alpha), act(beta));
    let meet = intersect(&aa, &ab);
    let tau0 = commutator(alpha, beta);
    check.elements.push((label.to_string(), describe(p, &tau0)));
    let ok = meet.len() == 1;
    check.conditions.push(Condition {
        statement: format!("(i) Act'(α) ∩ Act'(β) = {} is one slot b", names(p, &meet)),
        holds: ok,
    });
    if !ok {
        return;
    }
    let b = meet[0];
    let a = preimage(alpha, b);
    let c = preimage(beta, b);
    let r = p.sets[b.0].modulus;
    let distinct = a != b && c != b && a != c;
    check.conditions.push(Condition {
        statement: format!(
            "a = bα'^-1 = {}, b = {}, c = bβ'^-1 = {} are three distinct slots",
            slot_name(p, a),
            slot_name(p, b),
            slot_name(p, c)
        ),
        holds: distinct,
    });
    if !distinct {
        return;
    }
    // The predicted twists: τ0''(a) = β''(b) − α''(b), τ0''(b) = α''(b), τ0''(c) = −β''(b).
    let (al, be) = (twist(alpha, b), twist(beta, b));
    let want = [(a, (be + r - al) % r), (b, al), (c, (r - be) % r)];
    let twists = if r > 1 {
        format!(" with twists {}, {}, {} (mod {r})", want[0].1, want[1].1, want[2].1)
    } else {
        String::new()
    };
    check.conditions.push(Condition {
        statement: format!(
            "so [α, β] is the 3-cycle ({} {} {}){twists} and nothing else",
            slot_name(p, a),
            slot_name(p, b),
            slot_name(p, c),
        ),
        holds: is_three_cycle(&tau0, [a, b, c], [want[0].1, want[1].1, want[2].1]),
    });
    let Some(sigma) = sigma else { return };
    check.elements.push(("σ".into(), describe(p, sigma)));
    let sa = act(sigma);
    let hit = intersect(&sa, &[a, b, c]);
    let fixes_c = image(sigma, c) == c;
    let s = twist(sigma, c);
    check.conditions.push(Condition {
        statement: format!(
            "(ii) Act'(σ) ∩ {{a, b, c}} = {} is {{c}}, cσ' = c and σ''(c) = {s} generates Z_{r}",
            names(p, &hit)
        ),
        holds: hit == [c] && fixes_c && s.gcd(&r) == 1,
    });
    if !(hit == [c] && fixes_c && s.gcd(&r) == 1) {
        return;
    }
    // τ_j = σ^j τ0 σ^-j: twists at a and c move by j σ''(c).
    let mut all = true;
    for j in 1..r as i64 {
        let sj = power(sigma, j);
        let tj = compose(&compose(&sj, &tau0), &invert(&sj));
        let d = (j as u32 * s) % r;
        all &= is_three_cycle(
            &tj,
            [a, b, c],
            [(want[0].1 + d) % r, want[1].1, (want[2].1 + r - d) % r],
        );
    }
    check.conditions.push(Condition {
        statement: format!(
            "so σ^j [α, β] σ^-j (j = 0..{}) are the 3-cycles ({} {} {}) with every twist at a (a complete set)",
            r - 1,
            slot_name(p, a),
            slot_name(p, b),
            slot_name(p, c)
        ),
        holds: all,
    });
    let mu = commutator(sigma, &tau0);
    check.elements.push(("[σ, [α, β]]".into(), describe(p, &mu)));
    let mut expect = p.identity();
    let w = &expect[c.0];
    let mut o = w.orient().to_vec();
    o[c.1 as usize] = s % r;
    o[b.1 as usize] = (r - s % r) % r;
    expect[c.0] = cubist_perm::Wreath::new(w.perm().clone(), o, r).expect("twists below the modulus");
    check.conditions.push(Condition {
        statement: format!(
            "Corollary: [σ, [α, β]] = μ(c, b): {} twisted by {s}, {} by -{s}, nothing else",
            slot_name(p, c),
            slot_name(p, b)
        ),
        holds: r > 1 && mu == expect,
    });
}

fn commutator(a: &Element, b: &Element) -> Element {
    compose(&compose(&compose(a, b), &invert(a)), &invert(b))
}

/// True if `e` is exactly the 3-cycle `x0 → x1 → x2 → x0` with `τ''(x_k) =
/// twists[k]` (Eidswick's twists, indexed by slot) and nothing else.
fn is_three_cycle(e: &Element, x: [Slot; 3], twists: [u32; 3]) -> bool {
    let s = x[0].0;
    if x.iter().any(|y| y.0 != s) {
        return false;
    }
    let cyc = [x[0].1, x[1].1, x[2].1];
    e.iter().enumerate().all(|(t, w)| {
        (0..w.degree() as u32).all(|i| {
            let o = w.orient()[i as usize];
            match (t == s).then(|| cyc.iter().position(|&y| y == i)).flatten() {
                Some(k) => w.perm().image(i) == cyc[(k + 1) % 3] && o == twists[k],
                None => w.perm().image(i) == i && o == 0,
            }
        })
    })
}

/// Proposition 4: `β = γ δ γ⁻¹`; `Act'(α)γ' ∩ Act'(δ) = {bγ'}` gives
/// `Act'(α) ∩ Act'(β) = {b}`; then Proposition 3 on `α, β`.
pub fn proposition4(p: &Puzzle, alpha: &Element, gamma: &Element, delta: &Element, sigma: Option<&Element>) -> Check {
    let beta = compose(&compose(gamma, delta), &invert(gamma));
    let mut check = Check {
        proposition: 4,
        elements: vec![
            ("α".into(), describe(p, alpha)),
            ("γ".into(), describe(p, gamma)),
            ("δ".into(), describe(p, delta)),
            ("β = γ δ γ⁻¹".into(), describe(p, &beta)),
        ],
        conditions: Vec::new(),
        setups: Vec::new(),
    };
    let moved: Vec<Slot> = act(alpha).into_iter().map(|x| image(gamma, x)).collect();
    let meet = intersect(&moved, &act(delta));
    let hyp = meet.len() == 1;
    check.conditions.push(Condition {
        statement: format!("Act'(α)γ' ∩ Act'(δ) = {} is one slot bγ'", names(p, &meet)),
        holds: hyp,
    });
    let concl = intersect(&act(alpha), &act(&beta));
    let b = meet.first().map(|&x| preimage(gamma, x));
    check.conditions.push(Condition {
        statement: format!(
            "so Act'(α) ∩ Act'(γ δ γ⁻¹) = {} is {{b}}{}",
            names(p, &concl),
            b.map_or(String::new(), |b| format!(" = {{{}}}", slot_name(p, b)))
        ),
        holds: b.is_some_and(|b| concl == [b]),
    });
    prop3_into(p, alpha, &beta, "[α, γ δ γ⁻¹]", sigma, &mut check);
    check
}

/// Proposition 5: `β = [γ, δ]`; conditions (i)–(iii) give
/// `Act'(α) ∩ Act'(β) = {b}`; then Proposition 3 on `α, β`.
pub fn proposition5(p: &Puzzle, alpha: &Element, gamma: &Element, delta: &Element, sigma: Option<&Element>) -> Check {
    let beta = commutator(gamma, delta);
    let mut check = Check {
        proposition: 5,
        elements: vec![
            ("α".into(), describe(p, alpha)),
            ("γ".into(), describe(p, gamma)),
            ("δ".into(), describe(p, delta)),
            ("β = [γ, δ]".into(), describe(p, &beta)),
        ],
        conditions: Vec::new(),
        setups: Vec::new(),
    };
    let (aa, ag, ad) = (act(alpha), act(gamma), act(delta));
    let three = intersect(&intersect(&aa, &ag), &ad);
    check.conditions.push(Condition {
        statement: format!("(i) Act'(α) ∩ Act'(γ) ∩ Act'(δ) = {} is one slot b", names(p, &three)),
        holds: three.len() == 1,
    });
    let ii: Vec<Slot> = intersect(&aa, &ag).into_iter().map(|x| image(gamma, x)).collect();
    let ii = intersect(&ii, &ad);
    check.conditions.push(Condition {
        statement: format!("(ii) (Act'(α) ∩ Act'(γ))γ' ∩ Act'(δ) = {} is empty", names(p, &ii)),
        holds: ii.is_empty(),
    });
    let iii: Vec<Slot> = intersect(&aa, &ad).into_iter().map(|x| image(delta, x)).collect();
    let iii = intersect(&iii, &ag);
    check.conditions.push(Condition {
        statement: format!("(iii) (Act'(α) ∩ Act'(δ))δ' ∩ Act'(γ) = {} is empty", names(p, &iii)),
        holds: iii.is_empty(),
    });
    let concl = intersect(&aa, &act(&beta));
    check.conditions.push(Condition {
        statement: format!("so Act'(α) ∩ Act'([γ, δ]) = {} is {{b}}", names(p, &concl)),
        holds: three.len() == 1 && concl == three,
    });
    prop3_into(p, alpha, &beta, "[α, [γ, δ]]", sigma, &mut check);
    check
}

/// How many distinct actions the setup search of [`proposition6`] visits at most.
pub const SETUP_SEARCH_LIMIT: usize = 200_000;

/// Proposition 6 for the 3-cycle `tau`: a setup for every other slot of its
/// orbit (breadth-first over words of move powers, shortest first); with
/// `setup` given, only that conjugate is checked.
pub fn proposition6(p: &Puzzle, tau: &Element, setup: Option<&Element>) -> Check {
    let info = describe(p, tau);
    let mut check = Check {
        proposition: 6,
        elements: vec![("τ".into(), info.clone())],
        conditions: Vec::new(),
        setups: Vec::new(),
    };
    let ok = info.kind == "3-cycle";
    check.conditions.push(Condition {
        statement: "τ is a 3-cycle (a b c)".into(),
        holds: ok,
    });
    if !ok {
        return check;
    }
    let s = (0..tau.len())
        .find(|&s| !tau[s].perm().is_identity())
        .expect("a 3-cycle moves a set");
    let a = tau[s].perm().support()[0];
    let abc = [a, tau[s].perm().image(a), tau[s].perm().image(tau[s].perm().image(a))];
    if let Some(alpha) = setup {
        check.elements.push(("α".into(), describe(p, alpha)));
        let moved: Vec<u32> = abc.iter().copied().filter(|&y| alpha[s].perm().image(y) != y).collect();
        let holds = moved.len() == 1;
        let x = holds.then(|| alpha[s].perm().inverse().image(moved[0]));
        check.conditions.push(Condition {
            statement: format!(
                "Act(α') ∩ {{a, b, c}} = {} is one slot xα'{}",
                names(p, &moved.iter().map(|&y| (s, y)).collect::<Vec<_>>()),
                x.map_or(String::new(), |x| format!(", x = {}", slot_name(p, (s, x))))
            ),
            holds,
        });
        let conj = compose(&compose(alpha, tau), &invert(alpha));
        check.elements.push(("α τ α⁻¹".into(), describe(p, &conj)));
        if let Some(x) = x {
            let want: Vec<u32> = abc.iter().map(|&y| if y == moved[0] { x } else { y }).collect();
            let got = conj[s].perm().cycles();
            check.conditions.push(Condition {
                statement: format!(
                    "so α τ α⁻¹ is the 3-cycle with {} in place of {}",
                    slot_name(p, (s, x)),
                    slot_name(p, (s, moved[0]))
                ),
                holds: describe(p, &conj).kind == "3-cycle" && got.len() == 1 && {
                    let mut g = got[0].clone();
                    let mut w = want.clone();
                    g.sort_unstable();
                    w.sort_unstable();
                    g == w
                },
            });
        }
        return check;
    }
    // The orbit of a under the moves.
    let mut orbit = vec![a];
    let mut i = 0;
    while i < orbit.len() {
        for m in &p.moves {
            let y = m.element[s].perm().image(orbit[i]);
            if !orbit.contains(&y) {
                orbit.push(y);
            }
        }
        i += 1;
    }
    orbit.sort_unstable();
    let wanted: Vec<u32> = orbit.iter().copied().filter(|x| !abc.contains(x)).collect();
    let found = setups(p, s, abc, &wanted);
    let all = found.iter().all(Option::is_some);
    for (x, w) in wanted.iter().zip(found) {
        check.setups.push((slot_name(p, (s, *x)), w));
    }
    check.conditions.push(Condition {
        statement: format!(
            "every other slot x of the orbit ({} slots) has a setup α with Act(α') ∩ {{a, b, c}} = {{xα'}}",
            wanted.len()
        ),
        holds: all,
    });
    check
}

/// Shortest words (of move powers) `α` with `α'` moving exactly one of `abc`,
/// namely `xα'`, for each `x` in `wanted`; breadth-first over the actions on
/// set `s`.
fn setups(p: &Puzzle, s: usize, abc: [u32; 3], wanted: &[u32]) -> Vec<Option<String>> {
    let mut letters: Vec<(usize, i64)> = Vec::new();
    for (mi, m) in p.moves.iter().enumerate() {
        let ord = m.element[s].perm().order();
        let ord: i64 = ord.try_into().unwrap_or(1);
        for k in 1..ord.max(1) {
            letters.push((mi, if k > ord / 2 { k - ord } else { k }));
        }
    }
    let mut out: Vec<Option<String>> = vec![None; wanted.len()];
    let start = p.identity()[s].perm().clone();
    let mut seen = HashSet::new();
    seen.insert(start.clone());
    let mut queue = VecDeque::new();
    queue.push_back((start, Vec::<(usize, i64)>::new()));
    while let Some((g, word)) = queue.pop_front() {
        let moved: Vec<u32> = abc.iter().copied().filter(|&y| g.image(y) != y).collect();
        if moved.len() == 1 {
            let x = g.inverse().image(moved[0]);
            if let Some(k) = wanted.iter().position(|&w| w == x) {
                if out[k].is_none() {
                    out[k] = Some(format_word(p, &word));
                }
            }
        }
        if out.iter().all(Option::is_some) || seen.len() > SETUP_SEARCH_LIMIT {
            break;
        }
        for &(mi, k) in &letters {
            if word.last().is_some_and(|&(last, _)| last == mi) {
                continue;
            }
            let h = g.then(&p.moves[mi].element[s].perm().pow(k));
            if seen.insert(h.clone()) {
                let mut w = word.clone();
                w.push((mi, k));
                queue.push_back((h, w));
            }
        }
    }
    out
}

fn format_word(p: &Puzzle, word: &[(usize, i64)]) -> String {
    let toks: Vec<String> = word
        .iter()
        .map(|&(m, k)| {
            let n = &p.moves[m].name;
            match k {
                1 => n.clone(),
                -1 => format!("{n}'"),
                k if k < 0 => format!("{n}{}'", -k),
                k => format!("{n}{k}"),
            }
        })
        .collect();
    if toks.is_empty() {
        "(none needed)".into()
    } else {
        toks.join(" ")
    }
}
