//! # workdesk-query
//!
//! The list query language of the Workspace Business Management Service
//! (docs/service.md, "List queries"),
//! written once and used three ways: the sandbox answers with it, the API
//! client builds and checks queries with it before sending, and the offline
//! cache filters cached records with it — the same semantics everywhere.
//!
//! 1. [`ListQuery::parse`] reads a query string into `page`, `take`,
//!    `fields`, `sort` and the ordered filter [`Condition`]s
//!    (`[or__][not__]path[__operator]=value`). Syntax only.
//! 2. [`ListQuery::check`] validates it against a resource [`Schema`]
//!    (see [`resources`]) and gives a [`Plan`] with typed values, or
//!    DRF-style [`ValidationErrors`] keyed by query parameter.
//! 3. [`Plan::matches`] evaluates the filters on one [`Record`], folding left
//!    to right in query order; [`Plan::select`] filters and sorts (nulls last
//!    ascending, first descending, ties by `id`).
//! 4. [`ListQuery::to_query_string`] encodes back to the canonical query
//!    string (`page`, `take`, `fields`, `sort`, then filters in order;
//!    `+` as `%2B`, list commas literal).
//! 5. [`Search::combine`] writes a list's search box (every word in some
//!    field of [`Schema::search`]) and the user's filters as one list of
//!    conditions, when the left-to-right fold can say exactly that.
//!
//! ```
//! use workdesk_query::{resources, ListQuery};
//! let query = ListQuery::parse("operation_status=PR&or__total__gte=1000").unwrap();
//! let plan = query.check(&resources::SUPPLIER_INVOICE).unwrap();
//! let record = serde_json::json!({"id": "0b9f5c3e-5d59-4a48-a9a6-2a1a3f0c8e11",
//!     "operation_status": "CO", "total": "1000.00"});
//! assert!(plan.matches(record.as_object().unwrap()));
//! ```

#![warn(missing_docs)]

mod check;
mod encode;
mod error;
mod eval;
mod layout;
mod parse;
mod query;
mod record;
pub mod resources;
mod schema;
mod search;
mod value;

pub use check::{Operand, Plan, TypedCondition, TypedSortKey};
pub use error::{Code, Error, Problem, Reason, ValidationErrors};
pub use layout::Layout;
pub use query::{Condition, FieldPath, ListQuery, Operator, SortKey, Take, DEFAULT_TAKE, MAX_TAKE};
pub use record::Record;
pub use schema::{Field, FieldKind, FieldType, RelatedSearch, Relation, Schema, SearchBy};
pub use search::{Combined, Inexpressible, Search, MAX_SEARCH_WORDS};
pub use value::{
    parse_date_time, within_decimal_bounds, Value, DECIMAL_FRACTION_DIGITS, DECIMAL_INTEGER_DIGITS,
};
