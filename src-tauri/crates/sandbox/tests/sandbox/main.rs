//! Integration tests: real HTTP over loopback against a started sandbox.

mod auth;
mod binary;
mod bodies;
mod common;
mod faults;
mod fields;
mod filters;
mod folding;
mod isolation;
mod journal;
mod leads;
mod lifecycle;
mod pagination;
mod permissions;
mod rate_limit;
mod records;
mod reference;
mod resources;
mod sorting;
mod stakeholders;
mod tasks;
