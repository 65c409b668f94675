//! The place commands (filled in as the family moves here).
