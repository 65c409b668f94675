//! `cubist cubes`: the K-colour families.
//!
//! `cubist cubes list --colours K` prints every distinct cube (up to
//! rotation) coloured with exactly K colours, numbered from 1 in the order of
//! `cubist_cube::family(K)`; those numbers are the ones `cubist stack census`
//! uses for its sets.

use clap::{Args, Subcommand};
use serde::Serialize;

#[derive(Subcommand)]
pub enum Command {
    /// List the distinct cubes (up to rotation) coloured with exactly K colours.
    List(ListArgs),
}

#[derive(Args)]
pub struct ListArgs {
    /// K: the number of colours (1..6); colours are printed 1..K.
    #[arg(long, alias = "colors", value_parser = clap::value_parser!(u8).range(1..=6))]
    colours: u8,
    /// Print JSON instead of text.
    #[arg(long)]
    json: bool,
}

#[derive(Serialize)]
struct Listing {
    colours: usize,
    count: usize,
    face_order: &'static str,
    cubes: Vec<Listed>,
}

#[derive(Serialize)]
struct Listed {
    number: usize,
    faces: [u16; 6],
}

pub fn run(c: Command, _out: &mut crate::out::Out) -> anyhow::Result<()> {
    match c {
        Command::List(a) => list(a),
    }
}

fn list(a: ListArgs) -> anyhow::Result<()> {
    let k = usize::from(a.colours);
    let cubes: Vec<Listed> = cubist_cube::family(k)
        .iter()
        .enumerate()
        .map(|(i, c)| Listed {
            number: i + 1,
            faces: c.faces.map(|x| x.0 + 1),
        })
        .collect();
    if a.json {
        return crate::out::print_json(&Listing {
            colours: k,
            count: cubes.len(),
            face_order: "F B L R T D",
            cubes,
        });
    }
    println!(
        "{} cubes coloured with exactly {k} colours (up to rotation), faces F B L R T D, canonical form:",
        cubes.len()
    );
    for c in &cubes {
        let faces: Vec<String> = c.faces.iter().map(u16::to_string).collect();
        println!("{:>4}  {}", c.number, faces.join(" "));
    }
    Ok(())
}
