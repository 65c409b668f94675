//! The integration tests of cubist-perm, one module per topic; `support`
//! builds cube and megaminx generators from coordinates.

mod gf2_word;
mod orders;
mod perm_props;
mod stabiliser;
mod support;
mod wreath;
