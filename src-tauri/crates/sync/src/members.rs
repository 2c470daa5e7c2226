//! The workspace members seen in saved records: the service has no list of
//! members, so a picker of a task's assignee or a lead's follower offers the
//! members the saved records name (who created, updated, follows or is
//! assigned them), each with how many records name them and the newest one.

use std::collections::HashMap;

use chrono::{DateTime, Utc};
use serde::Serialize;
use workdesk_api::ResourceName;
use workdesk_query::{FieldPath, FieldType, Record, Value};

use crate::error::Result;
use crate::replica::Replica;

/// The fields that name a workspace member (`docs/service.md`, "Records"):
/// the audit fields `created_by` and `updated_by`, a lead's follower
/// `user_member` and a task's `assigned_to_user`. `deleted_by` is left out
/// (deleted records are not saved) and so is `member`, whose meaning the
/// interface does not give.
pub const MEMBER_FIELDS: [&str; 4] = [
    "created_by",
    "updated_by",
    "user_member",
    "assigned_to_user",
];

/// A workspace member some saved records name.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct SeenMember {
    /// The member's UUID, lower-case and hyphenated.
    pub id: String,
    /// How many saved records name the member in one of [`MEMBER_FIELDS`]
    /// (a record naming them twice counts once).
    pub records: u32,
    /// The most recently changed of those records.
    pub newest: SeenIn,
}

/// A saved record that names a member.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct SeenIn {
    /// Its resource.
    pub resource: ResourceName,
    /// Its id.
    pub id: String,
    /// Its title: the value of the resource's first search field (an
    /// invoice's name, a task's title, a lead's source), if it has one.
    pub title: Option<String>,
    /// When it was last changed (`updated_at`, else `created_at`), UTC.
    pub at: DateTime<Utc>,
}

impl Replica {
    /// Every member the saved records of this workspace name, the one named
    /// by most records first (ties: the most recently seen first, then by
    /// id). Reads only saved data: nothing is sent.
    ///
    /// # Errors
    /// [`Error::Cache`](crate::Error::Cache) for SQLite failures.
    pub fn members_seen(&self) -> Result<Vec<SeenMember>> {
        let mut seen: HashMap<String, SeenMember> = HashMap::new();
        for resource in ResourceName::ALL {
            let schema = resource.schema();
            let fields: Vec<FieldPath> = MEMBER_FIELDS
                .iter()
                .filter(|name| schema.field(name).is_some())
                .map(|name| FieldPath::field(*name))
                .collect();
            if fields.is_empty() {
                continue;
            }
            let title = schema
                .search
                .first()
                .map(|(name, _)| FieldPath::field(*name));
            self.cache().each_saved(schema, |record| {
                let mut named: Vec<String> = fields
                    .iter()
                    .filter_map(|path| match &*record.value(path, FieldType::Uuid) {
                        Value::Uuid(id) => Some(id.hyphenated().to_string()),
                        _ => None,
                    })
                    .collect();
                named.sort_unstable();
                named.dedup();
                if named.is_empty() {
                    return;
                }
                let Some(here) = seen_in(resource, record, title.as_ref()) else {
                    return;
                };
                for member in named {
                    seen.entry(member.clone())
                        .and_modify(|m| {
                            m.records += 1;
                            if newer(&here, &m.newest) {
                                m.newest = here.clone();
                            }
                        })
                        .or_insert_with(|| SeenMember {
                            id: member,
                            records: 1,
                            newest: here.clone(),
                        });
                }
            })?;
        }
        let mut members: Vec<SeenMember> = seen.into_values().collect();
        members.sort_by(|a, b| {
            b.records
                .cmp(&a.records)
                .then(b.newest.at.cmp(&a.newest.at))
                .then(a.id.cmp(&b.id))
        });
        Ok(members)
    }
}

/// `record` of `resource` as a [`SeenIn`]; `None` without an id or a date.
fn seen_in(
    resource: ResourceName,
    record: &dyn Record,
    title: Option<&FieldPath>,
) -> Option<SeenIn> {
    let id = match &*record.value(&FieldPath::field("id"), FieldType::Uuid) {
        Value::Uuid(id) => id.hyphenated().to_string(),
        Value::String(text) => text.clone(),
        _ => return None,
    };
    let instant = |name: &str| match &*record.value(&FieldPath::field(name), FieldType::DateTime) {
        Value::DateTime(at) => Some(*at),
        _ => None,
    };
    let at = instant("updated_at").or_else(|| instant("created_at"))?;
    let title = title.and_then(|path| match &*record.value(path, FieldType::String) {
        Value::String(text) if !text.trim().is_empty() => Some(text.clone()),
        Value::Integer(n) => Some(n.to_string()),
        _ => None,
    });
    Some(SeenIn {
        resource,
        id,
        title,
        at,
    })
}

/// Whether `a` was changed after `b` (ties: the smaller id, so the answer
/// does not depend on the order records are read in).
fn newer(a: &SeenIn, b: &SeenIn) -> bool {
    a.at > b.at || (a.at == b.at && a.id < b.id)
}
