//! Integration tests: real HTTP over loopback against a started sandbox.

mod auth;
mod binary;
mod common;
mod fields;
mod isolation;
mod lifecycle;
mod pagination;
mod rate_limit;
mod records;
