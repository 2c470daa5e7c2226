//! The API client over loopback HTTP: against the sandbox for everything it
//! produces, against wiremock for what it does not (docs/service.md,
//! "Tolerance").

mod common;
mod encodings;
mod errors;
mod faults;
mod lists;
mod tolerance;
mod writes;
