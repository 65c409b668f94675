//! `stack random`: a reproducible random cube set.

use super::*;

/// `stack random`: a reproducible random cube set.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RandomRequest {
    /// N, the number of cubes (1..65536).
    pub cubes: usize,
    /// K, the colours to draw faces from (default N). Not with `planted`,
    /// whose sets always have N colours.
    #[serde(default)]
    pub colours: Option<usize>,
    /// Plant a solution (four random permutations of the colours as the
    /// sides, then every cube turned at random) instead of drawing every
    /// face uniformly.
    #[serde(default)]
    pub planted: bool,
    /// The seed of the ChaCha8 generator: the same seed gives the same set.
    pub seed: u64,
}

/// A random set. Its text is a `.cubes` file with a comment naming how it
/// was drawn; its JSON is the cube-set JSON form
/// `{"order":"FBLRTD","cubes":[[...],...]}` on one line, which the
/// cube-set reader takes back (so it carries no `cubist`/`command`
/// envelope: the document *is* a cube-set file).
#[derive(Clone, Debug, Serialize)]
#[non_exhaustive]
pub struct RandomReport {
    /// Always `"FBLRTD"`.
    pub order: &'static str,
    /// The cubes, faces in `F B L R T D` order.
    pub cubes: Vec<Vec<String>>,
    /// How the set was drawn, for the text's first line.
    #[serde(skip)]
    header: String,
    /// The set, for the text form.
    #[serde(skip)]
    set: CubeSet,
}

/// `stack random`: draws the set the request describes.
pub fn random(req: &RandomRequest, _ctx: &Context) -> Result<RandomReport, Error> {
    let spec = cubist_stack::random::Spec {
        cubes: req.cubes,
        colours: req.colours,
        planted: req.planted,
        seed: req.seed,
    };
    let set = cubist_stack::random::generate(&spec).map_err(Error::from)?;
    let how = if req.planted {
        "planted".to_string()
    } else {
        format!("uniform over {} colours", req.colours.unwrap_or(req.cubes))
    };
    let cubes = set
        .cubes
        .iter()
        .map(|c| c.faces.iter().map(|&x| set.palette.name(x).to_string()).collect())
        .collect();
    Ok(RandomReport {
        order: "FBLRTD",
        cubes,
        header: format!("# cubist stack random: {} cubes, {how}, seed {}\n", req.cubes, req.seed),
        set,
    })
}

impl Report for RandomReport {
    const COMMAND: &'static str = "stack random";

    /// The cube-set JSON form on one line (see [`RandomReport`]).
    fn write_json(&self, w: &mut dyn std::io::Write) -> serde_json::Result<()> {
        serde_json::to_writer(&mut *w, self)?;
        w.write_all(b"\n").map_err(serde_json::Error::io)
    }
}

impl fmt::Display for RandomReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.header, self.set.to_text())
    }
}

/// `stack random` ([`random`]).
pub struct Random;

impl Command for Random {
    const NAME: &'static str = "stack random";
    const PATH: &'static str = "stack/random";
    type Request = RandomRequest;
    type Report = RandomReport;

    /// Small: at most 65,536 cubes drawn.
    fn plan(_: &RandomRequest, _ctx: &Context) -> Result<Plan, Error> {
        Ok(Plan::small())
    }

    fn run(req: &RandomRequest, ctx: &Context) -> Result<RandomReport, Error> {
        random(req, ctx)
    }
}
