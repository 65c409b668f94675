//! `cubes list`: the cubes coloured with exactly K colours.

use super::*;

/// `cubes list`: the distinct cubes (up to rotation) coloured with exactly
/// K colours.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CubesRequest {
    /// K, the number of colours (1..6); colours are printed 1..K.
    pub colours: usize,
}

/// One cube of a family: its number (from 1) and its faces.
#[derive(Clone, Debug, Serialize)]
pub struct ListedCube {
    /// Its number, from 1, as the census's sets use it.
    pub number: usize,
    /// Colours 1..K on the faces F B L R T D, in canonical form.
    pub faces: [u16; 6],
}

/// The K-colour family, numbered as `stack census` numbers it.
#[derive(Clone, Debug, Serialize)]
#[non_exhaustive]
pub struct CubesReport {
    /// K.
    pub colour_count: usize,
    /// The number of cubes in the family.
    pub count: usize,
    /// Always `"F B L R T D"`.
    pub face_order: &'static str,
    /// The cubes, in the order of their numbers.
    pub cubes: Vec<ListedCube>,
}

/// `cubes list`: the family of cubes with exactly `colours` colours.
pub fn cubes(req: &CubesRequest, _ctx: &Context) -> Result<CubesReport, Error> {
    let k = req.colours;
    if !(1..=6).contains(&k) {
        return Err(cubist_stack::Error::Colours(k).into());
    }
    let cubes: Vec<ListedCube> = cubist_cube::family(k)
        .iter()
        .enumerate()
        .map(|(i, c)| ListedCube {
            number: i + 1,
            faces: c.faces.map(|x| x.0 + 1),
        })
        .collect();
    Ok(CubesReport {
        colour_count: k,
        count: cubes.len(),
        face_order: FACE_ORDER,
        cubes,
    })
}

impl Report for CubesReport {
    const COMMAND: &'static str = "cubes list";
}

impl fmt::Display for CubesReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "{} cubes coloured with exactly {} colours (up to rotation), faces F B L R T D, canonical form:",
            self.count, self.colour_count
        )?;
        for c in &self.cubes {
            let faces: Vec<String> = c.faces.iter().map(u16::to_string).collect();
            writeln!(f, "{:>4}  {}", c.number, faces.join(" "))?;
        }
        Ok(())
    }
}

/// `cubes list` ([`cubes`]).
pub struct Cubes;

impl Command for Cubes {
    const NAME: &'static str = "cubes list";
    const PATH: &'static str = "cubes/list";
    type Request = CubesRequest;
    type Report = CubesReport;

    /// Small: a family of at most a few hundred cubes listed.
    fn plan(_: &CubesRequest, _ctx: &Context) -> Result<Plan, Error> {
        Ok(Plan::small())
    }

    fn run(req: &CubesRequest, ctx: &Context) -> Result<CubesReport, Error> {
        cubes(req, ctx)
    }
}
