//! The stack commands (filled in as the family moves here).
