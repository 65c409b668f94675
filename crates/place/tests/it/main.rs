//! The integration tests of `cubist-place`, one module per topic.

mod cube36;
mod engines;
mod halves;
mod latin_officers;
mod transversal;
