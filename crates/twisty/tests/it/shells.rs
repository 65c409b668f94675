//! Eidswick's claim that his n x n x n algorithm leaves the internal cubelets
//! invariant, checked shell by shell (see `cubist_twisty::shells`).

use cubist_twisty::shells;

#[test]
fn every_shell_of_the_odd_cubes_up_to_9() {
    for n in [3usize, 5, 7, 9] {
        let r = shells::check(n).unwrap();
        assert!(r.holds, "{n}: {r:#?}");
        assert_eq!(r.shells.len(), n / 2);
        for sh in &r.shells {
            // Pairs 0 <= |k| <= j <= s with k != -j: 2j of them for each j >= 1.
            assert_eq!(sh.three_cycles, sh.s * (sh.s + 1), "{n} shell {}", sh.s);
            assert_eq!(sh.parity_partners.len(), sh.s - 1);
        }
    }
}

#[test]
fn sizes_outside_the_claim_are_refused() {
    assert!(shells::check(4).is_none());
    assert!(shells::check(1).is_none());
    assert!(shells::check(shells::MAX_N + 2).is_none());
}
