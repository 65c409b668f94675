//! The report of `target family`: every table within the budget, its text,
//! and one cube of any family described.

use crate::shard::Shard;
use cubist_cube::Cube;
use cubist_macmahon::census::binomial;
use cubist_macmahon::family::*;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fmt;

/// One target (up to renaming) of a family, with its Table 1 when computed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FamilyTarget {
    /// The target's colouring, colours `1..K`, faces F B L R T D (canonical).
    pub faces: Vec<u16>,
    /// How many targets its renamings give (its orbit under S_K).
    pub orbit_size: usize,
    /// The cubes of the family usable for it (fitting some corner).
    pub usable_count: usize,
    /// Collections of eight different cubes building it; `null` when the
    /// C(usable_count, 8) collections exceed the budget.
    pub collection_count: Option<u64>,
    /// Solution number (counting orientations) -> collections.
    pub histogram: Option<BTreeMap<u64, u64>>,
}

/// `target family --colours K`: the family and its target censuses.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct FamilyReport {
    /// K.
    pub k: usize,
    /// The family's size, by enumerating all K^6 colourings.
    pub cube_count: usize,
    /// The same by Burnside's lemma.
    pub burnside_count: u64,
    /// The budget: the most collections a table's walk may visit.
    pub budget: u64,
    /// The collections Table 2's walk visits (fewer than C(size, 8) when
    /// it goes by orbits of cubes).
    pub table2_work: u64,
    /// One entry per target up to renaming.
    pub targets: Vec<FamilyTarget>,
    /// Table 2, when its walk is within the budget.
    pub table2: Option<FamilyTable2>,
    /// The colour blocks' lower bound on universal sets.
    pub blocks: FamilyBlocks,
    /// The minimum universal sets, when their search is within the budget.
    pub universal: Option<FamilyUniversal>,
    /// When `universal` is over the budget: every set of fewer cubes was
    /// searched and none builds every target (at least 8).
    pub universal_size_at_least: Option<usize>,
}

/// The family's report, computing each table whose work is within
/// `budget`: Table 1 of a target when its C(usable cubes, 8) collections
/// are at most `budget`, Table 2 when the collections its walk visits
/// ([`table2_work`]) are, and the universal sets as [`universal`] counts.
/// The tables' walks report progress and stop on the cancel flag.
pub fn report(k: usize, budget: u64, control: &sweep::Control) -> Result<FamilyReport, sweep::Cancelled> {
    let whole = part(k, budget, None, control)?;
    Ok(FamilyPartial::finish(vec![whole]).expect("the part of every table is a whole report"))
}

/// The figures every shard of a family's census computes alike (they are
/// quick): the merge checks they agree.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FamilyCommon {
    /// K.
    pub k: usize,
    /// The family's size, enumerated.
    pub cube_count: usize,
    /// The same by Burnside's lemma.
    pub burnside_count: u64,
    /// The budget.
    pub budget: u64,
    /// The collections Table 2's walk visits.
    pub table2_work: u64,
    /// The targets up to renaming: parts 0 to `target_count` - 1 of the
    /// census are their Tables 1, part `target_count` is Table 2 and part
    /// `target_count` + 1 the colour blocks and universal sets.
    pub target_count: usize,
}

/// Table 2 as a shard computed it (`null`: over the budget).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Table2Part {
    /// Table 2, when within the budget.
    pub table2: Option<FamilyTable2>,
}

/// The colour blocks and universal sets as a shard computed them (the
/// blocks take seconds: only this part finds them).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct UniversalPart {
    /// The colour blocks.
    pub blocks: FamilyBlocks,
    /// The minimum universal sets, when their search is within the budget.
    pub universal: Option<FamilyUniversal>,
    /// Otherwise, the size every universal set reaches at least.
    pub universal_size_at_least: Option<usize>,
}

/// The parts of `target family` a shard computed (docs/json.md): the
/// census's parts are its targets' Tables 1, Table 2 and the universal
/// sets, in that order, and shard I of N computes those at positions I
/// modulo N.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FamilyPartial {
    /// The figures of the whole family.
    pub common: FamilyCommon,
    /// The shard's targets, by their position among the targets.
    pub targets: BTreeMap<usize, FamilyTarget>,
    /// Table 2, when it is the shard's.
    pub table2: Option<Table2Part>,
    /// The universal sets, when they are the shard's.
    pub universal: Option<UniversalPart>,
}

/// The parts of `shard` (every part without one) of the K-colour family's
/// census within `budget`.
pub fn part(
    k: usize,
    budget: u64,
    shard: Option<Shard>,
    control: &sweep::Control,
) -> Result<FamilyPartial, sweep::Cancelled> {
    let mine = |position: usize| shard.is_none_or(|s| s.owns(position));
    let f = Family::new(k);
    let n = f.cubes.len();
    let orbits = target_orbits(&f);
    let target_count = orbits.len();
    let mut targets = BTreeMap::new();
    for (position, (t, orbit_size)) in orbits.into_iter().enumerate() {
        if !mine(position) {
            continue;
        }
        let usable_count = usable_rows(&f, t).len();
        let table = if binomial(usable_count as u64, 8) <= budget {
            Some(table1(&f, t, control)?)
        } else {
            None
        };
        targets.insert(
            position,
            FamilyTarget {
                faces: f.cubes[t].faces.iter().map(|c| c.0 + 1).collect(),
                orbit_size,
                usable_count,
                collection_count: table.as_ref().map(|t| t.0),
                histogram: table.map(|t| t.1),
            },
        );
    }
    let table2 = match mine(target_count) {
        true if table2_work(&f) <= budget => Some(Table2Part {
            table2: Some(table2(&f, control)?),
        }),
        true => Some(Table2Part { table2: None }),
        false => None,
    };
    let universal = if mine(target_count + 1) {
        let found_blocks = blocks::blocks(&f);
        let (universal, universal_size_at_least) = match universal_with(&f, &found_blocks, budget, control) {
            Ok(u) => (Some(u), None),
            Err(UniversalStop::OverBudget(at_least)) => (None, Some(at_least)),
            Err(UniversalStop::Cancelled) => return Err(sweep::Cancelled),
        };
        Some(UniversalPart {
            blocks: FamilyBlocks::of(&found_blocks),
            universal,
            universal_size_at_least,
        })
    } else {
        None
    };
    Ok(FamilyPartial {
        common: FamilyCommon {
            k,
            cube_count: n,
            burnside_count: burnside(k as u64),
            budget,
            table2_work: table2_work(&f),
            target_count,
        },
        targets,
        table2,
        universal,
    })
}

impl FamilyPartial {
    /// The family's report from the parts of every shard: an error naming
    /// the first part missing, repeated or at odds with the others.
    pub fn finish(parts: Vec<FamilyPartial>) -> Result<FamilyReport, String> {
        let Some(common) = parts.first().map(|p| p.common.clone()) else {
            return Err("no parts".into());
        };
        let mut targets = BTreeMap::new();
        let (mut table2, mut universal) = (None, None);
        for p in parts {
            if p.common != common {
                return Err("the parts disagree on the family's figures".into());
            }
            for (position, t) in p.targets {
                if position >= common.target_count {
                    return Err(format!("no target {position}: the family has {}", common.target_count));
                }
                if targets.insert(position, t).is_some() {
                    return Err(format!("target {position} twice"));
                }
            }
            if let Some(t) = p.table2 {
                if table2.replace(t).is_some() {
                    return Err("Table 2 twice".into());
                }
            }
            if let Some(u) = p.universal {
                if universal.replace(u).is_some() {
                    return Err("the universal sets twice".into());
                }
            }
        }
        if targets.len() != common.target_count {
            let missing = (0..common.target_count).find(|p| !targets.contains_key(p)).unwrap_or(0);
            return Err(format!("target {missing} missing"));
        }
        let table2 = table2.ok_or("Table 2 missing")?.table2;
        let universal = universal.ok_or("the universal sets missing")?;
        Ok(FamilyReport {
            k: common.k,
            cube_count: common.cube_count,
            burnside_count: common.burnside_count,
            budget: common.budget,
            table2_work: common.table2_work,
            targets: targets.into_values().collect(),
            table2,
            blocks: universal.blocks,
            universal: universal.universal,
            universal_size_at_least: universal.universal_size_at_least,
        })
    }
}

impl fmt::Display for FamilyReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "the {}-colour family: {} cubes (enumerated; Burnside: {}), {} targets up to renaming the colours",
            self.k,
            self.cube_count,
            self.burnside_count,
            self.targets.len()
        )?;
        writeln!(f, "Table 1 per target (solution numbers count orientations):")?;
        for t in &self.targets {
            let faces: Vec<String> = t.faces.iter().map(u16::to_string).collect();
            match (&t.collection_count, &t.histogram) {
                (Some(c), Some(h)) => {
                    let range = match (h.keys().next(), h.keys().next_back()) {
                        (Some(lo), Some(hi)) => format!(", solution numbers {lo} to {hi} ({} values)", h.len()),
                        _ => String::new(),
                    };
                    writeln!(
                        f,
                        "  {} (x{}): {} usable cubes, {c} collections build it{range}",
                        faces.join(" "),
                        t.orbit_size,
                        t.usable_count,
                    )?;
                }
                _ => writeln!(
                    f,
                    "  {} (x{}): {} usable cubes, {} collections: over the budget of {}, not computed",
                    faces.join(" "),
                    t.orbit_size,
                    t.usable_count,
                    binomial(t.usable_count as u64, 8),
                    self.budget
                )?,
            }
        }
        match &self.table2 {
            Some(t) => {
                let h: Vec<String> = t.histogram.iter().map(|(b, n)| format!("{b}={n}")).collect();
                writeln!(
                    f,
                    "Table 2: {} collections of 8, by targets built: {}; at most {}",
                    t.collection_count,
                    h.join(" "),
                    t.max
                )?;
            }
            None => writeln!(
                f,
                "Table 2: {} collections of 8, a walk over {}: over the budget of {}, not computed",
                binomial(self.cube_count as u64, 8),
                self.table2_work,
                self.budget
            )?,
        }
        let b = &self.blocks;
        match b.need {
            _ if b.block_size == 0 => writeln!(f, "colour blocks: no cube shows a colour twice at a corner (no bound)")?,
            None => writeln!(
                f,
                "colour blocks: {} cubes show a colour twice at a corner, fewer than some target needs",
                b.block_size
            )?,
            Some(need) => writeln!(
                f,
                "colour blocks: {} cubes show a colour twice at a corner; a universal set holds at least {need} of them ({} ways), for every colour; the blocks {}, so every universal set has at least {} cubes",
                b.block_size,
                b.set_count,
                if b.disjoint { "are disjoint" } else { "overlap" },
                b.bound
            )?,
        }
        match &self.universal {
            Some(FamilyUniversal { size: None, .. }) => {
                writeln!(
                    f,
                    "minimum universal sets: none (no set of different cubes builds every target)"
                )
            }
            Some(FamilyUniversal {
                size: Some(size),
                count,
                orbit_count,
                mirror_orbit_count,
                examples,
                complete,
                method,
                ..
            }) => {
                let at_least = if *complete { "" } else { "at least " };
                writeln!(
                    f,
                    "minimum universal sets: {at_least}{count} sets of {size} cubes ({at_least}{orbit_count} up to renaming the colours, {at_least}{mirror_orbit_count} also up to mirror images)"
                )?;
                if !complete {
                    writeln!(
                        f,
                        "  (more than {} sets of {size} build every target: the search stopped listing them)",
                        cover::MAX_SETS
                    )?;
                }
                if *method == UniversalMethod::Blocks {
                    writeln!(
                        f,
                        "  (the blocks' bound is met: each is one least block set per colour; counted exactly, orbits by Burnside's lemma)"
                    )?;
                }
                for e in examples {
                    writeln!(f, "  {}", e.join(", "))?;
                }
                Ok(())
            }
            None => writeln!(
                f,
                "minimum universal sets: no set of fewer than {} cubes builds every target; the search for {} is over the budget of {}, not computed",
                self.universal_size_at_least.unwrap_or(8),
                self.universal_size_at_least.unwrap_or(8),
                self.budget
            ),
        }
    }
}

/// `target cube` for a cube of a K-colour family other than MacMahon's.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct FamilyCubeReport {
    /// K: the number of colours it uses.
    pub k: usize,
    /// Its colouring, colours `1..K` (canonical form), faces F B L R T D.
    pub faces: Vec<u16>,
    /// The size of its family.
    pub family_size: usize,
    /// Rotations taking the cube to itself.
    pub symmetry_count: usize,
    /// Its eight corners as corner numbers (clockwise from outside, the
    /// smallest cyclic reading), sorted; repeated colours may repeat them.
    pub corners: Vec<u16>,
    /// Targets of its family it fits some corner of.
    pub usable_target_count: usize,
    /// The weights for itself as the target: rotations fitting each corner.
    pub self_weights: [u8; 8],
}

/// Everything about a cube of a family.
pub fn cube_report(cube: &Cube) -> FamilyCubeReport {
    let k = cube.colours().len();
    let f = Family::new(k);
    let t = f.index(cube).expect("a cube belongs to the family of its colour count");
    let mut corners: Vec<u16> = cubist_macmahon::macmahon::corners_at_positions(cube).to_vec();
    corners.sort_unstable();
    FamilyCubeReport {
        k,
        faces: cube.faces.iter().map(|c| c.0 + 1).collect(),
        family_size: f.cubes.len(),
        symmetry_count: cube.symmetry_count(),
        corners,
        usable_target_count: (0..f.cubes.len())
            .filter(|&u| f.weights[u][t].iter().any(|&w| w > 0))
            .count(),
        self_weights: f.weights[t][t],
    }
}

impl fmt::Display for FamilyCubeReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let faces: Vec<String> = self.faces.iter().map(u16::to_string).collect();
        let corners: Vec<String> = self.corners.iter().map(u16::to_string).collect();
        let weights: Vec<String> = self.self_weights.iter().map(u8::to_string).collect();
        writeln!(
            f,
            "a cube of the {}-colour family ({} cubes): faces F B L R T D = {}",
            self.k,
            self.family_size,
            faces.join(" ")
        )?;
        writeln!(f, "rotations taking it to itself: {}", self.symmetry_count)?;
        writeln!(f, "corner numbers: {}", corners.join(" "))?;
        writeln!(f, "usable for {} of the family's targets", self.usable_target_count)?;
        writeln!(
            f,
            "as its own target, rotations fitting each corner position: {}",
            weights.join(" ")
        )
    }
}
