//! A solver's table of bytes kept in the cache folder, in a file of its
//! own (the 5x5x5 reduction's tables, the optimal solver's corners'
//! table): a 32-byte header (a format tag, a key that hashes what the table
//! is made from, the table's length and a checksum of its bytes), then
//! the bytes. A file is read straight into the table (no copy of it
//! beside the table) and trusted only when every field matches: another
//! version's file, a short one or a damaged one is built again and
//! written over, whole then renamed into place.

use std::io::Read;
use std::path::Path;

/// The header of a table of `len` bytes whose checksum is `sum`.
fn header(magic: &[u8; 8], key: u64, len: usize, sum: u64) -> [u8; 32] {
    let mut out = [0u8; 32];
    out[..8].copy_from_slice(magic);
    out[8..16].copy_from_slice(&key.to_le_bytes());
    out[16..24].copy_from_slice(&(len as u64).to_le_bytes());
    out[24..].copy_from_slice(&sum.to_le_bytes());
    out
}

/// The `len` bytes of the table in the file at `path`, written with tag
/// `magic` and key `key`; `None` when anything is off (no file, another
/// tag or key, a length or checksum that does not match).
pub(crate) fn read(path: &Path, magic: &[u8; 8], key: u64, len: usize) -> Option<Vec<u8>> {
    let mut file = std::fs::File::open(path).ok()?;
    if file.metadata().ok()?.len() != len as u64 + 32 {
        return None;
    }
    let mut head = [0u8; 32];
    file.read_exact(&mut head).ok()?;
    let sum = u64::from_le_bytes(head[24..].try_into().ok()?);
    if head != header(magic, key, len, sum) {
        return None;
    }
    let mut bytes = vec![0u8; len];
    file.read_exact(&mut bytes).ok()?;
    (cubist_io::checkpoint::fnv1a64(&bytes) == sum).then_some(bytes)
}

/// Writes `bytes` with tag `magic` and key `key` to the file at `path`
/// (its folder made first), a warning naming `what` when it cannot be.
pub(crate) fn write(path: &Path, magic: &[u8; 8], key: u64, bytes: &[u8], what: &str) -> Option<String> {
    let head = header(magic, key, bytes.len(), cubist_io::checkpoint::fnv1a64(bytes));
    let written = path.parent().map_or(Ok(()), std::fs::create_dir_all).and_then(|()| {
        cubist_io::write_atomic_with(path, &mut |w| {
            w.write_all(&head)?;
            w.write_all(bytes)
        })
    });
    written
        .err()
        .map(|e| format!("cannot cache {what} in {}: {e}", path.display()))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A table written is read back; another tag, key or length, a short
    /// file and a damaged byte are refused; a folder that cannot be made
    /// gives a warning naming the table.
    #[test]
    fn a_table_file_is_trusted_only_whole() {
        let dir = std::env::temp_dir().join(format!("cubist-table-file-{}", std::process::id()));
        let path = dir.join("inner").join("t.table");
        let bytes: Vec<u8> = (0..1000u32).map(|i| (i * 7 % 251) as u8).collect();
        assert_eq!(write(&path, b"CBTEST01", 5, &bytes, "test table"), None);
        assert_eq!(read(&path, b"CBTEST01", 5, 1000).as_deref(), Some(&bytes[..]));
        assert!(read(&path, b"CBTEST02", 5, 1000).is_none(), "another tag");
        assert!(read(&path, b"CBTEST01", 6, 1000).is_none(), "another key");
        assert!(read(&path, b"CBTEST01", 5, 999).is_none(), "another length");
        let mut file = std::fs::read(&path).unwrap();
        file[500] ^= 4;
        std::fs::write(&path, &file).unwrap();
        assert!(read(&path, b"CBTEST01", 5, 1000).is_none(), "a damaged byte");
        std::fs::write(&path, &file[..100]).unwrap();
        assert!(read(&path, b"CBTEST01", 5, 1000).is_none(), "a short file");
        let blocked = dir.join("inner").join("t.table").join("x.table");
        let warning = write(&blocked, b"CBTEST01", 5, &bytes, "test table").unwrap();
        assert!(warning.contains("test table"), "{warning}");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
