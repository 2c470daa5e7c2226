//! Record pickers instead of IDs: how a picker finds and shows a record of
//! each resource ([`Picker`]), and what each field that names another
//! record holds ([`Reference`]): a lead's company and person, its follower,
//! a task's assignee, the record and the party a task is about, a new
//! stakeholder's geographic location and document type. Decided here, once;
//! the window sets the words typed as the view's `search` (or as the values
//! of a [`ReferenceTo::Related`]'s conditions) and reads it like any list
//! (`read_list`: the saved matches at once, then the service's).

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
    /// detail fields (and the `named_by` fields), sorted by the title, one
    /// page of [`PICKER_MATCHES`] rows, no filters. The window sets
    /// `search` to the words typed.
    pub view: ListView,
    /// Fields naming another record (each one of the resource's
    /// [`references`] to a [`ReferenceTo::Record`]) whose record's title,
    /// when the window finds it, titles a choice before [`Picker::title`],
    /// the first found winning: a lead's `company`, else its `person`
    /// (a lead has no name of its own). Empty for most resources.
    pub named_by: Vec<String>,
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
    /// The id of a record the service lists no endpoint for (a geographic
    /// location, a document type), found through the records of
    /// `resource` that reference it: each listed record's `value` field
    /// holds one such id. Read `view` as it is to see the ids in use (the
    /// distinct values, with how many records hold each); with `by` added,
    /// each condition given the words typed as its one value, to find the
    /// ids of the related records those words name (the service's related
    /// filters, `geographic_location__name__icontains=cali`). Saved records
    /// hold the id only, so only the service answers `by`; offline the ids
    /// in use are what there is.
    Related {
        /// The resource listed (a stakeholder).
        resource: ResourceName,
        /// The field of a listed record holding the related record's id
        /// (`geographic_location`), which the reference holds.
        value: String,
        /// A field of the listed records naming the related record
        /// (`document_type_name`); `None` when they carry none (a location:
        /// the service never returns its name, so a choice is titled by the
        /// words that found it).
        title: Option<String>,
        /// The conditions that find the ids named by the words typed, each
        /// with no value yet (the window puts the words in), the first
        /// AND the view, the others OR (`document_type__code__iexact`, or
        /// `document_type__name__icontains`).
        by: Vec<FilterSpec>,
        /// The view read: `value` (and `title`) requested, one page of
        /// every record (`take: all`), no search, no conditions.
        view: ListView,
    },
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
    let named_by: Vec<String> = match resource {
        ResourceName::Lead => vec!["company".to_owned(), "person".to_owned()],
        _ => Vec::new(),
    };
    let mut requested = vec!["id".to_owned(), title.clone()];
    requested.extend(detail.iter().cloned());
    requested.extend(named_by.iter().cloned());
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
        named_by,
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

/// A condition on `field` by `operator`, OR the ones before it when `or`.
fn condition(or: bool, field: &str, operator: Operator, values: Vec<String>) -> FilterSpec {
    FilterSpec {
        or,
        not: false,
        field: field.to_owned(),
        operator,
        values,
    }
}

/// A stakeholder's `person_or_company_id`: of a company (`is_company`
/// true), of a person (false), or of either (`None`: a task's party).
fn stakeholders(companies: Option<bool>) -> ReferenceTo {
    let mut view = requesting(
        picker(ResourceName::Stakeholder).view,
        &["person_or_company_id"],
    );
    if let Some(companies) = companies {
        view.filters.push(condition(
            false,
            "is_company",
            Operator::Exact,
            vec![companies.to_string()],
        ));
    }
    ReferenceTo::Record {
        resource: ResourceName::Stakeholder,
        value: "person_or_company_id".to_owned(),
        view,
    }
}

/// The id held in a stakeholder's `value` field (`geographic_location`,
/// `document_type`), found through the stakeholders: named by `title` when
/// they carry a name for it, found by the words typed with `by` (each a
/// related field and its operator, OR'd).
fn through_stakeholders(value: &str, title: Option<&str>, by: &[(&str, Operator)]) -> ReferenceTo {
    let mut requested = vec![value];
    requested.extend(title);
    let view = requesting(
        ListView {
            take: Take::All,
            fields: Some(Vec::new()),
            ..ListView::default()
        },
        &requested,
    );
    ReferenceTo::Related {
        resource: ResourceName::Stakeholder,
        value: value.to_owned(),
        title: title.map(str::to_owned),
        by: by
            .iter()
            .enumerate()
            .map(|(i, (path, operator))| condition(i > 0, path, *operator, Vec::new()))
            .collect(),
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
/// - a task's `record_id` (with `entity_id`) names the record it is about,
///   and its `entity_id`, the party, is picked among the stakeholders too
///   (a stakeholder's `person_or_company_id`);
/// - a stakeholder's `geographic_location` and `document_type` name records
///   the service lists no endpoint for: found through the stakeholders'
///   related filters (`docs/service.md`, "Stakeholder"), a location by a
///   part of its name, a document type by its code (`NIT`, exactly but
///   for case) or a part of its name.
pub fn references(resource: ResourceName) -> Vec<Reference> {
    let reference = |field: &str, to| Reference {
        field: field.to_owned(),
        to,
    };
    match resource {
        ResourceName::Lead => vec![
            reference("user_member", ReferenceTo::Member),
            reference("company", stakeholders(Some(true))),
            reference("person", stakeholders(Some(false))),
        ],
        ResourceName::Task => vec![
            reference("assigned_to_user", ReferenceTo::Member),
            reference(
                "record_id",
                ReferenceTo::About {
                    kinds: about_kinds(),
                },
            ),
            reference("entity_id", stakeholders(None)),
        ],
        ResourceName::Stakeholder => vec![
            reference(
                "geographic_location",
                through_stakeholders(
                    "geographic_location",
                    None,
                    &[("geographic_location__name", Operator::Icontains)],
                ),
            ),
            reference(
                "document_type",
                through_stakeholders(
                    "document_type",
                    Some("document_type_name"),
                    &[
                        ("document_type__code", Operator::Iexact),
                        ("document_type__name", Operator::Icontains),
                    ],
                ),
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
                    ReferenceTo::Related {
                        resource,
                        value,
                        title,
                        by,
                        view,
                    } => {
                        // Never searched: the words go in the conditions.
                        for view in [view.clone(), with_words(&view, &by, "Cali")] {
                            if let Err(e) = view.check(resource) {
                                panic!("{resource:?}: {view:?} does not check: {e:?}");
                            }
                        }
                        let fields = view.fields.unwrap();
                        assert!(fields.contains(&value));
                        assert!(title.is_none_or(|title| fields.contains(&title)));
                    }
                    ReferenceTo::Member => {}
                }
            }
            for field in &picker.named_by {
                let named = references(resource);
                let to = named.iter().find(|r| &r.field == field).map(|r| &r.to);
                assert!(matches!(to, Some(ReferenceTo::Record { .. })), "{field}");
                assert!(picker.view.fields.as_ref().unwrap().contains(field));
            }
        }
    }

    /// `view` with the conditions `by`, each given `words`, as the window adds them.
    fn with_words(view: &ListView, by: &[FilterSpec], words: &str) -> ListView {
        let mut view = view.clone();
        view.filters.extend(by.iter().cloned().map(|mut f| {
            f.values = vec![words.to_owned()];
            f
        }));
        view
    }

    fn related(resource: ResourceName, field: &str) -> ReferenceTo {
        references(resource)
            .into_iter()
            .find(|r| r.field == field)
            .unwrap_or_else(|| panic!("{field}"))
            .to
    }

    /// The query sent for `reference` with the words `words`.
    fn query_of(reference: &ReferenceTo, words: &str) -> String {
        let ReferenceTo::Related {
            resource, by, view, ..
        } = reference
        else {
            panic!("{reference:?}");
        };
        with_words(view, by, words)
            .check(*resource)
            .unwrap()
            .to_query_string()
    }

    #[test]
    fn a_location_is_found_by_the_stakeholders_whose_location_name_contains_the_words() {
        let location = related(ResourceName::Stakeholder, "geographic_location");
        let ReferenceTo::Related {
            resource,
            value,
            title,
            view,
            ..
        } = &location
        else {
            panic!("{location:?}");
        };
        assert_eq!(
            (*resource, value.as_str(), title.as_deref()),
            (ResourceName::Stakeholder, "geographic_location", None)
        );
        // Seen: every stakeholder's location, one page of 200.
        assert_eq!(view.take, Take::All);
        assert_eq!(
            view.fields.as_deref(),
            Some(&["geographic_location".to_owned()][..])
        );
        assert!(view.filters.is_empty() && view.search.is_empty());
        assert_eq!(
            query_of(&location, "Cali"),
            "page=1&take=all&fields=geographic_location&geographic_location__name__icontains=Cali"
        );
    }

    #[test]
    fn a_document_type_is_found_by_its_code_or_a_part_of_its_name_and_named_by_the_stakeholders() {
        let kind = related(ResourceName::Stakeholder, "document_type");
        let ReferenceTo::Related { value, title, .. } = &kind else {
            panic!("{kind:?}");
        };
        assert_eq!(value, "document_type");
        assert_eq!(title.as_deref(), Some("document_type_name"));
        // Fields go in the schema's order.
        assert_eq!(
            query_of(&kind, "NIT"),
            "page=1&take=all&fields=document_type_name,document_type\
             &document_type__code__iexact=NIT&or__document_type__name__icontains=NIT"
        );
    }

    #[test]
    fn a_tasks_party_is_any_stakeholders_person_or_company_id() {
        let party = related(ResourceName::Task, "entity_id");
        let ReferenceTo::Record {
            resource,
            value,
            view,
        } = &party
        else {
            panic!("{party:?}");
        };
        assert_eq!(
            (*resource, value.as_str()),
            (ResourceName::Stakeholder, "person_or_company_id")
        );
        // Companies and persons alike.
        assert!(view.filters.is_empty(), "{view:?}");
    }

    #[test]
    fn a_lead_choice_is_named_by_its_company_else_its_person() {
        let lead = picker(ResourceName::Lead);
        assert_eq!(lead.named_by, ["company", "person"]);
        let fields = lead.view.fields.unwrap();
        assert!(fields.contains(&"company".to_owned()) && fields.contains(&"person".to_owned()));
        assert_eq!(lead.title, "source");
        assert!(lead.detail.contains(&"status".to_owned()));
        assert!(picker(ResourceName::Customer).named_by.is_empty());
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
