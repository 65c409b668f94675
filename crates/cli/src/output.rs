//! Shared output helpers: reading input files with errors that name them,
//! writing JSON and SVG files.

use anyhow::Context;
use std::path::Path;

/// Reads a whole file, with an error that names it.
pub fn read_file(path: &Path) -> anyhow::Result<Vec<u8>> {
    std::fs::read(path).with_context(|| format!("{}: cannot read", path.display()))
}

/// Writes a file, with an error that names it.
pub fn write_file(path: &Path, contents: &str) -> anyhow::Result<()> {
    std::fs::write(path, contents).with_context(|| format!("{}: cannot write", path.display()))
}

/// Prints a value as pretty JSON on standard output. Unlike `println!`, a
/// closed pipe (`cubist ... --json | head`) is an error, not a panic.
pub fn print_json<T: serde::Serialize>(value: &T) -> anyhow::Result<()> {
    use std::io::Write;
    let mut out = std::io::stdout().lock();
    serde_json::to_writer_pretty(&mut out, value)?;
    writeln!(out)?;
    out.flush()?;
    Ok(())
}
