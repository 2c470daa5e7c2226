//! Workdesk's own updates: whether and where it looks for them
//! ([`policy`]: the machine's policy, how it was installed) and the check,
//! the newer version and its download as the window shows them
//! ([`status`]).

pub mod policy;
pub mod status;
