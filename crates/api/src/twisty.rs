//! The twisty commands (filled in as the family moves here).
