//! The server's tests: the HTTP API against a server on a free loopback
//! port ([`api`], [`jobs`], [`openapi`]), who may use it ([`security`]),
//! and the page in headless Chromium ([`browser`]).

mod api;
mod browser;
mod jobs;
mod memory;
mod openapi;
mod security;
mod support;
