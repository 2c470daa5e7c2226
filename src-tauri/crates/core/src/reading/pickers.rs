//! Record pickers instead of IDs: how a picker finds and shows a record of
//! each resource ([`Picker`]), and what each field that names another
//! record holds ([`Reference`]): a lead's company and person, its follower,
//! a task's assignee and the record a task is about. Decided here, once;
//! the window sets the words typed as the view's `search` and reads it like
//! any list (`read_list`: the saved matches at once, then the service's).

use serde::Serialize;
use specta::Type;
use workdesk_api::{FilterSpec, ListView, Operator, ResourceName, SortSpec, Take};

/// How many matches a picker shows: one page of this many rows.
pub const PICKER_MATCHES: u8 = 8;

/// How a picker finds and shows records of one resource.
#[derive(Debug, Clone, PartialEq, Serialize, Type)]
pub struct Picker {
    /// The field an option is titled with: the resource's first search
    /// field (an invoice's or customer's `name`, a task's `title`, a
    /// lead's `source`).
    pub title: String,
    /// Fields shown after the title, in order (the other search fields, and
    /// a lead's or task's `status`).
    pub detail: Vec<String>,
    /// The view the picker reads its matches with: `id`, the title and the
    /// detail fields, sorted by the title, one page of [`PICKER_MATCHES`]
    /// rows, no filters. The window sets `search` to the words typed.
    pub view: ListView,
}

/// A field whose value names another record, and where its picker looks.
#[derive(Debug, Clone, PartialEq, Serialize, Type)]
pub struct Reference {
    /// The field the picker fills: a lead's `company`, a task's `record_id`.
    pub field: String,
    /// What it names.
    pub to: ReferenceTo,
}

/// What a [`Reference`] names.
#[derive(Debug, Clone, PartialEq, Serialize, Type)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum ReferenceTo {
    /// A record of `resource`: the field holds the chosen record's `value`
    /// field. The picker reads `view` (the resource's [`Picker::view`] with
    /// `value` requested and the reference's own conditions); the name of a
    /// value already held is found with `value` `exact` it.
    Record {
        /// The resource picked from.
        resource: ResourceName,
        /// The field of the chosen record the reference holds (`id`, or a
        /// stakeholder's `person_or_company_id` for a lead's company).
        value: String,
        /// The view the picker reads, without its search.
        view: ListView,
    },
    /// A workspace member, from those the saved records name
    /// (`members_seen`); an ID may still be pasted.
    Member,
    /// Any record of one of `kinds` (a task's "About"): fills `record_id`
    /// with the chosen record's `id` and `entity_id` with its first
    /// non-null `entity` field (see [`AboutKind`]).
    About {
        /// The resources a task may be about, in the order offered.
        kinds: Vec<AboutKind>,
    },
}

/// A kind of record a task may be about, and how it fills the task's
/// `entity_id` (`docs/service.md`, "A task's record").
#[derive(Debug, Clone, PartialEq, Serialize, Type)]
pub struct AboutKind {
    /// The resource.
    pub resource: ResourceName,
    /// The fields whose first non-null value is the business party the
    /// record concerns, which `entity_id` carries: a supplier invoice's
    /// `supplier`, a customer invoice's `customer`, a lead's `company` else
    /// `person`, a customer's `stakeholder`, a stakeholder's own
    /// `person_or_company_id`.
    pub entity: Vec<String>,
    /// The view the picker reads (the resource's [`Picker::view`] with the
    /// `entity` fields requested), without its search.
    pub view: ListView,
}

/// The picker of `resource`.
pub fn picker(resource: ResourceName) -> Picker {
    let schema = resource.schema();
    let mut fields = schema.search.iter().map(|(name, _)| *name);
    let title = fields.next().unwrap_or("id").to_owned();
    let mut detail: Vec<String> = fields.map(str::to_owned).collect();
    if matches!(resource, ResourceName::Lead | ResourceName::Task)
        && schema.field("status").is_some()
    {
        detail.push("status".to_owned());
    }
    let mut requested = vec!["id".to_owned(), title.clone()];
    requested.extend(detail.iter().cloned());
    let view = ListView {
        take: Take::Count(PICKER_MATCHES),
        fields: Some(requested),
        sort: vec![SortSpec {
            field: title.clone(),
            descending: false,
        }],
        ..ListView::default()
    };
    Picker {
        title,
        detail,
        view,
    }
}

/// `view` with `fields` requested too (once each).
fn requesting(mut view: ListView, fields: &[&str]) -> ListView {
    let requested = view.fields.get_or_insert_with(Vec::new);
    for field in fields {
        if !requested.iter().any(|f| f == field) {
            requested.push((*field).to_owned());
        }
    }
    view
}

/// A stakeholder that is a company (`is_company` true) or not.
fn stakeholders(companies: bool) -> ReferenceTo {
    let mut view = requesting(
        picker(ResourceName::Stakeholder).view,
        &["person_or_company_id"],
    );
    view.filters.push(FilterSpec {
        or: false,
        not: false,
        field: "is_company".to_owned(),
        operator: Operator::Exact,
        values: vec![companies.to_string()],
    });
    ReferenceTo::Record {
        resource: ResourceName::Stakeholder,
        value: "person_or_company_id".to_owned(),
        view,
    }
}

/// The kinds of record a task may be about.
fn about_kinds() -> Vec<AboutKind> {
    let kinds: [(ResourceName, &[&str]); 5] = [
        (ResourceName::SupplierInvoice, &["supplier"]),
        (ResourceName::CustomerInvoice, &["customer"]),
        (ResourceName::Lead, &["company", "person"]),
        (ResourceName::Stakeholder, &["person_or_company_id"]),
        (ResourceName::Customer, &["stakeholder"]),
    ];
    kinds
        .into_iter()
        .map(|(resource, entity)| AboutKind {
            resource,
            entity: entity.iter().map(|f| (*f).to_owned()).collect(),
            view: requesting(picker(resource).view, entity),
        })
        .collect()
}

/// The fields of `resource` (or of its create or update body) that name
/// another record (`docs/service.md`, "Lead" and "A task's record"):
/// - a lead's `company` and `person` hold a stakeholder's
///   `person_or_company_id` (a company's, a person's): what the service's
///   leads hold, checked against the sandbox's data;
/// - a lead's `user_member` and a task's `assigned_to_user` name a member;
/// - a task's `record_id` (with `entity_id`) names the record it is about.
pub fn references(resource: ResourceName) -> Vec<Reference> {
    let reference = |field: &str, to| Reference {
        field: field.to_owned(),
        to,
    };
    match resource {
        ResourceName::Lead => vec![
            reference("user_member", ReferenceTo::Member),
            reference("company", stakeholders(true)),
            reference("person", stakeholders(false)),
        ],
        ResourceName::Task => vec![
            reference("assigned_to_user", ReferenceTo::Member),
            reference(
                "record_id",
                ReferenceTo::About {
                    kinds: about_kinds(),
                },
            ),
        ],
        _ => Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    use workdesk_api::ListView;

    use super::*;

    fn checks(resource: ResourceName, view: &ListView) {
        let mut searched = view.clone();
        searched.search = "acme 900".to_owned();
        for view in [view, &searched] {
            if let Err(e) = view.check(resource) {
                panic!("{resource:?}: {view:?} does not check: {e:?}");
            }
        }
    }

    #[test]
    fn every_picker_view_checks_with_and_without_a_search() {
        for resource in ResourceName::ALL {
            let picker = picker(resource);
            assert_ne!(picker.title, "id", "{resource:?} has no title");
            checks(resource, &picker.view);
            for reference in references(resource) {
                match reference.to {
                    ReferenceTo::Record {
                        resource,
                        view,
                        value,
                    } => {
                        checks(resource, &view);
                        assert!(view.fields.unwrap().contains(&value));
                    }
                    ReferenceTo::About { kinds } => {
                        for kind in kinds {
                            checks(kind.resource, &kind.view);
                            for field in &kind.entity {
                                assert!(kind.resource.schema().field(field).is_some(), "{field}");
                            }
                        }
                    }
                    ReferenceTo::Member => {}
                }
            }
        }
    }

    #[test]
    fn a_leads_company_is_a_company_stakeholders_person_or_company_id() {
        let lead = references(ResourceName::Lead);
        let company = lead.iter().find(|r| r.field == "company").unwrap();
        let ReferenceTo::Record {
            resource,
            value,
            view,
        } = &company.to
        else {
            panic!("{company:?}");
        };
        assert_eq!(
            (*resource, value.as_str()),
            (ResourceName::Stakeholder, "person_or_company_id")
        );
        assert_eq!(view.filters[0].field, "is_company");
        assert_eq!(view.filters[0].values, ["true"]);
    }
}
