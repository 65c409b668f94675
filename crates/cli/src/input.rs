//! Reading the files a command names: `-` is standard input, every read is
//! bounded, and errors name the file.

use cubist_api::{InputError, LimitError, Source, MAX_INPUT_BYTES};
use std::io::Read;
use std::path::Path;

/// Reads a file, or standard input for `-`, into a [`Source`] named as the
/// user wrote it. Refuses anything over [`MAX_INPUT_BYTES`] before reading
/// it whole (`/dev/zero` included).
pub fn read(path: &Path) -> Result<Source, cubist_api::Error> {
    let name = path.display().to_string();
    let cannot = |e: std::io::Error| InputError::new(&name, format!("cannot read: {e}"));
    let mut bytes = Vec::new();
    let limit = MAX_INPUT_BYTES + 1;
    if name == "-" {
        std::io::stdin()
            .lock()
            .take(limit)
            .read_to_end(&mut bytes)
            .map_err(cannot)?;
    } else {
        let file = std::fs::File::open(path).map_err(cannot)?;
        if file.metadata().map_err(cannot)?.is_dir() {
            return Err(InputError::new(&name, "is a folder, not a file").into());
        }
        file.take(limit).read_to_end(&mut bytes).map_err(cannot)?;
    }
    if bytes.len() as u64 > MAX_INPUT_BYTES {
        let what = format!("reading {name}");
        return Err(LimitError::new(what, "more than 256 MiB", "256 MiB per input").into());
    }
    Ok(Source::new(name, bytes))
}
