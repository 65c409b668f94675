//! The integration tests of cubist-twisty, one module per topic.

mod alg;
mod centres;
mod facelets;
mod input;
mod interop;
mod kpuzzle;
mod library;
mod limits;
mod pattern;
mod propositions;
mod random;
mod shells;
mod skewb;
mod variants;
