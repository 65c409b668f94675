//! The target commands (filled in as the family moves here).
