//! Writing and the outbox: the single-record operations, sent at once when
//! the service answers and queued in the outbox when it does not, the
//! outbox on screen and its background sender, and the forms' checks.
//!
//! - [`writes`]: create a task or a stakeholder, edit a lead, delete a
//!   stakeholder;
//! - [`bulk`]: changes to many leads, one edit each through the outbox;
//! - [`outbox`]: the outbox on screen (edit, discard, resolve, send now);
//!   [`sender`]: its background sender and counts;
//! - the forms' one authority, asked as the user types and before sending:
//!   [`task_draft`] (`check_task`), [`lead_draft`] (`check_lead`, the patch
//!   of what changed), [`stakeholder_draft`] (`check_stakeholder`), over
//!   what they share ([`draft`]).

pub mod bulk;
pub(crate) mod draft;
pub mod lead_draft;
pub mod outbox;
pub mod sender;
pub mod stakeholder_draft;
pub mod task_draft;
pub mod writes;
