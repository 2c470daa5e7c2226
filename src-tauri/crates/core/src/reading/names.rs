//! Names where IDs were: which fields of each resource hold a reference
//! the app can name ([`named_fields`]), and the names the saved records
//! give the references of a page ([`reference_names`]).
//!
//! The service sends references as bare UUIDs (`docs/service.md`,
//! "Common conventions") and has no endpoint that names them all, so a
//! name comes from what this computer saved:
//! - a customer invoice's or quote's `customer` is a customer's `id`; a
//!   customer's `stakeholder` a stakeholder's `id`; a lead's `company` and
//!   `person` a stakeholder's `person_or_company_id` (checked against the
//!   sandbox's data, as the pickers are);
//! - members have no names at all: the window shows "Member 3f2b6c1e";
//! - a supplier invoice's `supplier` names no record the service lists:
//!   the window says the service gives no supplier name, and offers the
//!   supplier's other invoices (`supplier__exact`).
//!
//! A reference the saved records do not name stays an ID, shortened, with
//! a way to look it up: nothing here asks the service, so naming a page
//! spends none of the key's budget.

use std::collections::HashMap;

use serde::{Deserialize, Serialize};
use specta::Type;
use workdesk_api::{FilterSpec, JsonRecord, ListView, Operator, ResourceName, Take};

use crate::error::Error;
use crate::guard::guarded;
use crate::reading::pickers::picker;
use crate::state::AppState;
use crate::ui_error::UiError;

/// A field that holds a reference, and how it is named.
#[derive(Debug, Clone, PartialEq, Serialize, Type)]
pub struct NamedField {
    /// The field (`customer`, `created_by`).
    pub field: String,
    /// Where its name comes from.
    pub name: NameSource,
}

/// Where a reference's name comes from.
#[derive(Debug, Clone, PartialEq, Serialize, Type)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum NameSource {
    /// A saved record of `resource` whose `key` field holds the reference:
    /// its `title` field is the name ([`reference_names`]).
    Record {
        /// The resource named.
        resource: ResourceName,
        /// The field of that resource the reference holds (`id`, or a
        /// stakeholder's `person_or_company_id`).
        key: String,
        /// Its field shown as the name (the resource's picker title).
        title: String,
    },
    /// A workspace member: the service gives members no names.
    Member,
    /// A record the service names nowhere (a supplier invoice's
    /// `supplier`): the window says so.
    Unnamed,
}

/// The audit fields that name the member who created, changed or deleted
/// a record, and the member a record belongs to.
const MEMBER_FIELDS: [&str; 5] = [
    "member",
    "created_by",
    "updated_by",
    "deleted_by",
    "user_member",
];

/// The fields of `resource`'s records that hold a reference the app can
/// name, or says it cannot, in schema order.
pub fn named_fields(resource: ResourceName) -> Vec<NamedField> {
    let record = |target: ResourceName, key: &str| NameSource::Record {
        resource: target,
        key: key.to_owned(),
        title: picker(target).title,
    };
    resource
        .schema()
        .fields
        .iter()
        .filter_map(|field| {
            let name = match (resource, field.name) {
                (_, name) if MEMBER_FIELDS.contains(&name) || name == "assigned_to_user" => {
                    NameSource::Member
                }
                (ResourceName::SupplierInvoice, "supplier") => NameSource::Unnamed,
                (ResourceName::CustomerInvoice | ResourceName::SalesQuote, "customer") => {
                    record(ResourceName::Customer, "id")
                }
                (ResourceName::Customer, "stakeholder") => record(ResourceName::Stakeholder, "id"),
                (ResourceName::Lead, "company" | "person") => {
                    record(ResourceName::Stakeholder, "person_or_company_id")
                }
                _ => return None,
            };
            Some(NamedField {
                field: field.name.to_owned(),
                name,
            })
        })
        .collect()
}

/// The references of one field on a page, to be named.
#[derive(Debug, Clone, PartialEq, Deserialize, Type)]
pub struct ReferenceIds {
    /// The field of the page's resource (`customer`).
    pub field: String,
    /// The references it holds on the page (at most one page's worth:
    /// [`MAX_REFERENCES`] are looked at, the rest stay unnamed).
    pub ids: Vec<String>,
}

/// A reference the saved records name.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Type)]
pub struct ReferenceName {
    /// The field of the page's resource.
    pub field: String,
    /// The reference, as the record holds it.
    pub id: String,
    /// Its name (the named record's title).
    pub name: String,
}

/// The most references of one field looked up at once: a page's rows.
pub const MAX_REFERENCES: usize = 200;

/// The names the saved records of the workspace on screen give the
/// references of a page of `resource` ([`NameSource::Record`] fields only;
/// members and suppliers have none). A reference nothing saved names is
/// left out: the window shows it as an ID. Reads saved data only, never
/// the service.
///
/// Errors: `not_configured`; `invalid_input` (`field` = `references`) for
/// a field that names nothing ([`named_fields`]); `internal` when saved
/// data cannot be read.
#[cfg_attr(feature = "tauri", tauri::command, specta::specta)]
pub async fn reference_names(
    state: &AppState,
    resource: ResourceName,
    references: Vec<ReferenceIds>,
) -> Result<Vec<ReferenceName>, UiError> {
    guarded(async move {
        let named = named_fields(resource);
        let mut lookups = Vec::new();
        for wanted in references {
            let Some(field) = named.iter().find(|f| f.field == wanted.field) else {
                let mut problems = workdesk_api::ValidationErrors::default();
                problems.add_problem(
                    "references",
                    workdesk_api::Problem::new(
                        "not_a_reference_field",
                        [("field", wanted.field.as_str())],
                    ),
                );
                return Err(Error::Api(workdesk_api::Error::InvalidInput(problems)).into());
            };
            if let NameSource::Record {
                resource: target,
                key,
                title,
            } = &field.name
            {
                let view = lookup_view(*target, key, title, &wanted.ids);
                lookups.push((wanted.field, *target, key.clone(), title.clone(), view));
            }
        }
        let workspace = state.workspace().await?;
        let replica = workspace.replica.clone();
        let names = tokio::task::spawn_blocking(move || {
            // Pages just read are saved by the cache's writer: wait for them.
            replica.cache().flush();
            let mut names = Vec::new();
            for (field, target, key, title, view) in lookups {
                let Some(view) = view else { continue };
                let checked = view
                    .check(target)
                    .map_err(|problems| Error::SavedData(problems.to_string()))?;
                let saved = match replica.saved_page(&checked) {
                    Ok(Some(saved)) => saved,
                    // Nothing saved, or saved records that lack the key or
                    // the title: nothing named.
                    Ok(None) | Err(workdesk_sync::Error::Refused(_)) => continue,
                    Err(err) => return Err(err.into()),
                };
                names.extend(names_in(&saved.value.results, &field, &key, &title));
            }
            Ok::<_, Error>(names)
        })
        .await
        .map_err(|err| Error::SavedData(err.to_string()))??;
        state.session.check_shown(&workspace)?;
        Ok(names)
    })
    .await
}

/// The most names an export's column of names holds: past that, the
/// rest of its references are written as IDs.
pub const MAX_EXPORT_NAMES: u64 = 50_000;

/// Fills the labels of `columns` that are columns of names
/// (`Column::named`) with every name the saved records give `resource`'s
/// field (at most [`MAX_EXPORT_NAMES`]): the export then writes each
/// reference's name, or its ID where nothing saved names it. A column of a
/// field that names nothing from saved records (members, suppliers) is
/// left as it is.
///
/// # Errors
/// [`Error::Sync`] when saved data cannot be read.
pub fn name_columns(
    replica: &workdesk_sync::Replica,
    resource: ResourceName,
    columns: &mut [workdesk_export::Column],
) -> Result<(), Error> {
    let named = named_fields(resource);
    for column in columns.iter_mut().filter(|c| c.named) {
        let Some(NameSource::Record {
            resource: target,
            key,
            title,
        }) = named
            .iter()
            .find(|n| n.field == column.field)
            .map(|n| &n.name)
        else {
            continue;
        };
        for name in saved_names(replica, *target, key, title, &column.field)? {
            column.labels.entry(name.id).or_insert(name.name);
        }
    }
    Ok(())
}

/// Every name the saved records of `target` give (their `key` field
/// named by their `title` field, at most [`MAX_EXPORT_NAMES`]), as names
/// of `field`'s references: what an export's column of names and the
/// leads board name references with. Reads saved data only.
///
/// # Errors
/// [`Error::Sync`] when saved data cannot be read.
pub fn saved_names(
    replica: &workdesk_sync::Replica,
    target: ResourceName,
    key: &str,
    title: &str,
    field: &str,
) -> Result<Vec<ReferenceName>, Error> {
    replica.cache().flush();
    let mut names = Vec::new();
    for page in 1.. {
        let view = ListView {
            page,
            take: Take::All,
            fields: Some(vec![key.to_owned(), title.to_owned()]),
            ..ListView::default()
        };
        let checked = view
            .check(target)
            .map_err(|problems| Error::SavedData(problems.to_string()))?;
        let saved = match replica.saved_page(&checked) {
            Ok(Some(saved)) => saved,
            Ok(None) | Err(workdesk_sync::Error::Refused(_)) => break,
            Err(err) => return Err(err.into()),
        };
        names.extend(names_in(&saved.value.results, field, key, title));
        let read = u64::from(page) * u64::from(workdesk_sync::PAGE_SIZE);
        if read >= saved.value.count || read >= MAX_EXPORT_NAMES {
            break;
        }
    }
    Ok(names)
}

/// `columns` with their columns of names filled ([`name_columns`]), read
/// off the async runtime: what an export or a print writes. Names that
/// cannot be read leave those columns holding IDs (logged, not an error).
///
/// # Errors
/// [`Error::SavedData`] when the blocking task fails.
pub async fn with_names(
    replica: &workdesk_sync::Replica,
    resource: ResourceName,
    mut columns: Vec<workdesk_export::Column>,
) -> Result<Vec<workdesk_export::Column>, Error> {
    if !columns.iter().any(|c| c.named) {
        return Ok(columns);
    }
    let replica = replica.clone();
    tokio::task::spawn_blocking(move || {
        if let Err(err) = name_columns(&replica, resource, &mut columns) {
            log::warn!("naming the references of {resource:?} failed: {err}");
        }
        columns
    })
    .await
    .map_err(|err| Error::SavedData(err.to_string()))
}

/// The view of `target`'s records whose `key` is one of `ids` (at most
/// [`MAX_REFERENCES`], each once; where `key` holds UUIDs, those that are
/// one), with `key` and `title`; `None` for no such id.
pub(crate) fn lookup_view(
    target: ResourceName,
    key: &str,
    title: &str,
    ids: &[String],
) -> Option<ListView> {
    let uuids = target
        .schema()
        .field(key)
        .is_some_and(|field| field.kind == workdesk_api::FieldType::Uuid);
    let mut values: Vec<String> = Vec::new();
    for id in ids.iter().map(|id| id.trim()) {
        let fits =
            !id.is_empty() && !id.contains(',') && (!uuids || uuid::Uuid::parse_str(id).is_ok());
        if fits && !values.iter().any(|v| v == id) {
            values.push(id.to_owned());
        }
        if values.len() == MAX_REFERENCES {
            break;
        }
    }
    (!values.is_empty()).then(|| ListView {
        take: Take::All,
        fields: Some(vec![key.to_owned(), title.to_owned()]),
        filters: vec![FilterSpec {
            or: false,
            not: false,
            field: key.to_owned(),
            operator: Operator::In,
            values,
        }],
        ..ListView::default()
    })
}

/// `field`'s references named by `records` (their `key` and `title`).
pub(crate) fn names_in(
    records: &[JsonRecord],
    field: &str,
    key: &str,
    title: &str,
) -> Vec<ReferenceName> {
    let mut seen: HashMap<String, String> = HashMap::new();
    for record in records {
        let (Some(id), Some(name)) = (
            record.get(key).and_then(|v| v.as_str()),
            record.get(title).and_then(|v| v.as_str()),
        ) else {
            continue;
        };
        let name = name.trim();
        if !name.is_empty() {
            seen.entry(id.to_owned()).or_insert_with(|| name.to_owned());
        }
    }
    let mut names: Vec<ReferenceName> = seen
        .into_iter()
        .map(|(id, name)| ReferenceName {
            field: field.to_owned(),
            id,
            name,
        })
        .collect();
    names.sort_by(|a, b| a.id.cmp(&b.id));
    names
}

#[cfg(test)]
mod tests {
    use super::*;

    fn source(resource: ResourceName, field: &str) -> Option<NameSource> {
        named_fields(resource)
            .into_iter()
            .find(|f| f.field == field)
            .map(|f| f.name)
    }

    #[test]
    fn customers_stakeholders_and_members_are_named_and_suppliers_said_to_have_no_name() {
        let customer = Some(NameSource::Record {
            resource: ResourceName::Customer,
            key: "id".into(),
            title: "name".into(),
        });
        assert_eq!(source(ResourceName::CustomerInvoice, "customer"), customer);
        assert_eq!(source(ResourceName::SalesQuote, "customer"), customer);
        assert_eq!(
            source(ResourceName::Lead, "company"),
            Some(NameSource::Record {
                resource: ResourceName::Stakeholder,
                key: "person_or_company_id".into(),
                title: "name".into(),
            })
        );
        assert_eq!(
            source(ResourceName::Customer, "stakeholder"),
            Some(NameSource::Record {
                resource: ResourceName::Stakeholder,
                key: "id".into(),
                title: "name".into(),
            })
        );
        assert_eq!(
            source(ResourceName::SupplierInvoice, "supplier"),
            Some(NameSource::Unnamed)
        );
        assert_eq!(
            source(ResourceName::Task, "assigned_to_user"),
            Some(NameSource::Member)
        );
        assert_eq!(
            source(ResourceName::Lead, "user_member"),
            Some(NameSource::Member)
        );
        assert_eq!(
            source(ResourceName::SupplierInvoice, "created_by"),
            Some(NameSource::Member)
        );
        assert_eq!(source(ResourceName::SupplierInvoice, "account"), None);
        // Every named field is a field of its resource, and every key and
        // title a field of the resource named.
        for resource in ResourceName::ALL {
            for named in named_fields(resource) {
                assert!(resource.schema().field(&named.field).is_some());
                if let NameSource::Record {
                    resource: target,
                    key,
                    title,
                } = named.name
                {
                    assert!(target.schema().field(&key).is_some(), "{key}");
                    assert!(target.schema().field(&title).is_some(), "{title}");
                }
            }
        }
    }

    #[test]
    fn a_lookup_asks_each_id_once_and_at_most_a_page() {
        let id = |n: u32| format!("00000000-0000-4000-8000-{n:012}");
        let ids: Vec<String> = (0..300).map(|n| id(n % 250)).collect();
        let customers = ResourceName::Customer;
        let view = lookup_view(customers, "id", "name", &ids).unwrap();
        assert_eq!(view.filters[0].values.len(), MAX_REFERENCES);
        assert_eq!(view.filters[0].values[0], id(0));
        assert_eq!(view.fields, Some(vec!["id".into(), "name".into()]));
        assert!(view.check(customers).is_ok());
        // Nothing that cannot be one: no lookup.
        let odd = [" ".into(), "a,b".into(), "42".into()];
        assert_eq!(lookup_view(customers, "id", "name", &odd), None);
        // A key of text takes any text.
        let stakeholders = ResourceName::Stakeholder;
        let view = lookup_view(stakeholders, "person_or_company_id", "name", &odd).unwrap();
        assert_eq!(view.filters[0].values, ["42"]);
        assert!(view.check(stakeholders).is_ok());
    }

    #[test]
    fn names_come_from_the_records_title_once_per_reference() {
        let record = |id: &str, name: &str| {
            serde_json::json!({"id": id, "name": name})
                .as_object()
                .unwrap()
                .clone()
        };
        let names = names_in(
            &[
                record("b", "Óptica Álvarez"),
                record("a", " "),
                record("b", "Other"),
            ],
            "customer",
            "id",
            "name",
        );
        assert_eq!(
            names,
            [ReferenceName {
                field: "customer".into(),
                id: "b".into(),
                name: "Óptica Álvarez".into()
            }]
        );
    }
}
