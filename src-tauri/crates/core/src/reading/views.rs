//! The views a list opens with, decided here once: the resource's current
//! view (or its default) and its saved views, each fitted to the schema
//! this build has ([`fit_view`]), so that a view remembered or saved by an
//! older version still reads instead of failing. The list applies what it
//! is given; it fits nothing itself.

use serde::{Deserialize, Serialize};
use specta::Type;
use workdesk_api::{FilterSpec, ListView, Operator, ResourceName, SortSpec};

use crate::reading::schema::{
    requested_fields, resource_schema, FieldSchema, ResourceSchema, PAGE_SIZES,
};
use crate::settings::store::{NamedView, ResourceViews};

/// The views of one resource as its list gets them (the first message of
/// the `open_list` command; `save_view` and `delete_view` answer with
/// them too).
///
/// JSON: `{"current": ListView, "left_out": false, "saved": [{"name":
/// "Unpaid", "view": ListView, "left_out": false}]}`.
#[derive(Debug, Clone, PartialEq, Serialize, Type)]
pub struct ListViews {
    /// The view the list shows: the one shown last (fitted), or the
    /// resource's default view when none was kept.
    pub current: ListView,
    /// Whether fitting the view shown last dropped a column, sort key or
    /// condition the schema no longer has (the list says so).
    pub left_out: bool,
    /// The views saved by name, in the order they were saved, each fitted.
    pub saved: Vec<SavedView>,
}

/// A view saved under a name, fitted to the schema.
#[derive(Debug, Clone, PartialEq, Serialize, Type)]
pub struct SavedView {
    /// The name the user gave it.
    pub name: String,
    /// The view, fitted ([`fit_view`]).
    pub view: ListView,
    /// Whether fitting it dropped anything (said when it is applied).
    pub left_out: bool,
}

impl ListViews {
    /// `views` of `resource` as its list gets them: each fitted.
    pub fn fitted(resource: ResourceName, views: ResourceViews) -> ListViews {
        let schema = resource_schema(resource);
        let (current, left_out) = match views.current {
            Some(view) => fit_view(&schema, &view),
            None => (schema.default_view.clone(), false),
        };
        let saved = views
            .saved
            .into_iter()
            .map(|saved| {
                let (view, left_out) = fit_view(&schema, &saved.view);
                SavedView {
                    name: saved.name,
                    view,
                    left_out,
                }
            })
            .collect();
        ListViews {
            current,
            left_out,
            saved,
        }
    }
}

/// A ready-made view, by key (`issued_this_month`, `in_error`, `drafts`,
/// `due_this_week`, `overdue`, `new_this_month`, `added_this_month`,
/// `active`): Rust decides which a list gets and what each selects
/// ([`ready_views`]); the window words its name, in its language, from
/// its catalogues (`views.ready.<key>`), and sends the names with
/// `open_list`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize, Type)]
#[serde(rename_all = "snake_case")]
pub enum ReadyView {
    /// Invoices and quotes issued this month.
    IssuedThisMonth,
    /// Invoices in error (`ER`).
    InError,
    /// Invoices still drafts (`PR`).
    Drafts,
    /// Tasks due this week, not completed.
    DueThisWeek,
    /// Tasks due before today, not completed.
    Overdue,
    /// Leads created this month.
    NewThisMonth,
    /// Stakeholders and customers created this month.
    AddedThisMonth,
    /// Active customers.
    Active,
}

impl ReadyView {
    /// Its key, as JSON writes it (`issued_this_month`): the name of a view
    /// whose name the window did not send.
    #[must_use]
    pub fn key(self) -> &'static str {
        match self {
            ReadyView::IssuedThisMonth => "issued_this_month",
            ReadyView::InError => "in_error",
            ReadyView::Drafts => "drafts",
            ReadyView::DueThisWeek => "due_this_week",
            ReadyView::Overdue => "overdue",
            ReadyView::NewThisMonth => "new_this_month",
            ReadyView::AddedThisMonth => "added_this_month",
            ReadyView::Active => "active",
        }
    }
}

/// The ready-made views' names in the window's language, by key, as the
/// window words them (JSON: `{"issued_this_month": "Emitidas este mes", …}`).
pub type ReadyNames = std::collections::BTreeMap<ReadyView, String>;

/// The ready-made views a resource's list offers, named in `language`
/// (the system's is English unless the window says otherwise): ordinary
/// saved views, added once per workspace when the list first opens
/// ([`add_ready_views`]), which the user may change or delete. Their dates
/// are relative periods (`@this_month`), worked out each time they are
/// read (`workdesk_api::relative_date`). Each is the resource's default
/// view with its own conditions and sort:
///
/// - supplier and customer invoices: issued this month (by issue date,
///   operation date), in error (`ER`), drafts (`PR`);
/// - sales quotes: issued this month;
/// - tasks: due this week (expiry this week, not completed), overdue
///   (expiry before today, not completed);
/// - leads: new this month;
/// - stakeholders and customers: added this month; customers also active.
pub fn ready_views(resource: ResourceName, names: &ReadyNames) -> Vec<NamedView> {
    let name = |ready: ReadyView| {
        names
            .get(&ready)
            .filter(|name| !name.trim().is_empty())
            .cloned()
            .unwrap_or_else(|| ready.key().to_owned())
    };
    let condition =
        |field: &str, operator: Operator, value: &str| FilterSpec::and(field, operator, [value]);
    let this_month = |field: &str| condition(field, Operator::Range, "@this_month");
    let newest = |field: &str| SortSpec {
        field: field.to_owned(),
        descending: true,
    };
    let oldest = |field: &str| SortSpec {
        field: field.to_owned(),
        descending: false,
    };
    let invoices = |date: &str| {
        vec![
            (
                name(ReadyView::IssuedThisMonth),
                vec![this_month(date)],
                vec![newest(date)],
            ),
            (
                name(ReadyView::InError),
                vec![condition("operation_status", Operator::Exact, "ER")],
                vec![newest(date)],
            ),
            (
                name(ReadyView::Drafts),
                vec![condition("operation_status", Operator::Exact, "PR")],
                vec![newest(date)],
            ),
        ]
    };
    let open_task = || condition("completed_at", Operator::Isnull, "true");
    let added = || {
        (
            name(ReadyView::AddedThisMonth),
            vec![this_month("created_at")],
            vec![newest("created_at")],
        )
    };
    let views: Vec<(String, Vec<FilterSpec>, Vec<SortSpec>)> = match resource {
        ResourceName::SupplierInvoice => invoices("issue_date"),
        ResourceName::CustomerInvoice => invoices("operation_date"),
        ResourceName::SalesQuote => vec![(
            name(ReadyView::IssuedThisMonth),
            vec![this_month("issue_date")],
            vec![newest("issue_date")],
        )],
        ResourceName::Task => vec![
            (
                name(ReadyView::DueThisWeek),
                vec![
                    condition("expiry", Operator::Range, "@this_week"),
                    open_task(),
                ],
                vec![oldest("expiry")],
            ),
            (
                name(ReadyView::Overdue),
                vec![condition("expiry", Operator::Lt, "@today"), open_task()],
                vec![oldest("expiry")],
            ),
        ],
        ResourceName::Lead => vec![(
            name(ReadyView::NewThisMonth),
            vec![this_month("created_at")],
            vec![newest("created_at")],
        )],
        ResourceName::Stakeholder => vec![added()],
        ResourceName::Customer => vec![
            (
                name(ReadyView::Active),
                vec![condition("is_active", Operator::Exact, "true")],
                Vec::new(),
            ),
            added(),
        ],
        ResourceName::Product => Vec::new(),
    };
    let base = resource_schema(resource).default_view;
    views
        .into_iter()
        .map(|(name, filters, sort)| NamedView {
            name,
            view: ListView {
                filters,
                sort,
                ..base.clone()
            },
        })
        .collect()
}

/// Adds `resource`'s ready-made views ([`ready_views`]) to `views` unless
/// they were added before; one whose name a saved view already has is
/// left out.
pub fn add_ready_views(views: &mut ResourceViews, resource: ResourceName, names: &ReadyNames) {
    if views.ready_added {
        return;
    }
    views.ready_added = true;
    for ready in ready_views(resource, names) {
        if !views.saved.iter().any(|saved| saved.name == ready.name) {
            views.saved.push(ready);
        }
    }
}

/// `view` made safe for `schema`, and whether anything was dropped: a
/// page size the list offers ([`PAGE_SIZES`], else 20), page ≥ 1, only
/// columns the schema has (none left: the default columns) with `id`
/// requested after them, widths of shown columns only and within bounds,
/// sort keys on sortable fields only, and conditions on filterable fields
/// with an operator the field takes (the first never "or"). A condition
/// whose value no longer reads as its field's type is dropped too, and a
/// search the kept filters cannot be sent with, so the fitted view passes
/// [`ListView::check`]; should it still not, the default view is used.
pub fn fit_view(schema: &ResourceSchema, view: &ListView) -> (ListView, bool) {
    let names = view.fields.as_deref().unwrap_or_default();
    let mut left_out = names.iter().any(|name| field(schema, name).is_none());
    let columns = shown_columns(schema, names);
    let widths = view.widths.as_ref().and_then(|widths| {
        let kept: std::collections::BTreeMap<String, u16> = widths
            .iter()
            .filter(|(name, _)| columns.contains(name))
            .map(|(name, px)| {
                let px = (*px).clamp(
                    workdesk_api::MIN_COLUMN_WIDTH,
                    workdesk_api::MAX_COLUMN_WIDTH,
                );
                (name.clone(), px)
            })
            .collect();
        (!kept.is_empty()).then_some(kept)
    });
    let sort: Vec<SortSpec> = view
        .sort
        .iter()
        .filter(|key| field_at(schema, &key.field).is_some_and(|f| f.sortable))
        .cloned()
        .collect();
    let mut filters: Vec<FilterSpec> = view
        .filters
        .iter()
        .filter(|spec| {
            field_at(schema, &spec.field)
                .is_some_and(|f| f.filterable && f.operators.contains(&spec.operator))
        })
        .cloned()
        .collect();
    left_out |= sort.len() != view.sort.len() || filters.len() != view.filters.len();
    let mut fitted = ListView {
        page: view.page.max(1),
        take: if PAGE_SIZES.contains(&view.take) {
            view.take
        } else {
            PAGE_SIZES[0]
        },
        fields: Some(requested_fields(columns)),
        sort,
        filters: Vec::new(),
        widths,
        search: view.search.clone(),
    };
    // Conditions whose values no longer read (a field whose type changed).
    let readable = |filters: &[FilterSpec]| {
        let mut probe = fitted.clone();
        probe.filters = filters.to_vec();
        probe.check(schema.resource).err().map(|problems| {
            problems
                .iter()
                .filter_map(|(key, _)| key.strip_prefix("filters.")?.parse::<usize>().ok())
                .collect::<Vec<_>>()
        })
    };
    if let Some(bad) = readable(&filters) {
        if !bad.is_empty() {
            left_out = true;
            filters = filters
                .into_iter()
                .enumerate()
                .filter(|(index, _)| !bad.contains(index))
                .map(|(_, spec)| spec)
                .collect();
        }
    }
    // The first condition has nothing before it to "or" with.
    if let Some(first) = filters.first_mut() {
        first.or = false;
    }
    fitted.filters = filters;
    // A search these filters can no longer be sent with goes.
    if !fitted.search.is_empty() && fitted.check(schema.resource).is_err() {
        fitted.search.clear();
        left_out = true;
    }
    if fitted.check(schema.resource).is_err() {
        return (schema.default_view.clone(), true);
    }
    (fitted, left_out)
}

/// The columns a view's `fields` show, in its order: the fields the
/// schema knows, once each, minus the `id` [`requested_fields`] appended;
/// none known: the default columns.
fn shown_columns(schema: &ResourceSchema, names: &[String]) -> Vec<String> {
    let appended_id = names.len() > 1
        && names.last().is_some_and(|name| name == "id")
        && schema.fields.last().is_some_and(|f| f.name != "id");
    let names = if appended_id {
        &names[..names.len() - 1]
    } else {
        names
    };
    let mut shown: Vec<String> = Vec::with_capacity(names.len());
    for name in names {
        if field(schema, name).is_some() && !shown.contains(name) {
            shown.push(name.clone());
        }
    }
    if shown.is_empty() {
        schema.default_columns.clone()
    } else {
        shown
    }
}

/// The field `name` of `schema`.
fn field<'a>(schema: &'a ResourceSchema, name: &str) -> Option<&'a FieldSchema> {
    schema.fields.iter().find(|f| f.name == name)
}

/// The field at `path` (`total`, or `supplier__name` on a relation).
fn field_at<'a>(schema: &'a ResourceSchema, path: &str) -> Option<&'a FieldSchema> {
    match path.split_once("__") {
        None => field(schema, path),
        Some((relation, name)) => schema
            .relations
            .iter()
            .find(|r| r.name == relation)?
            .fields
            .iter()
            .find(|f| f.name == name),
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use workdesk_api::{Operator, Take};

    use super::*;

    #[test]
    fn every_ready_view_reads_as_it_is_and_is_added_once() {
        for resource in ResourceName::ALL {
            let schema = resource_schema(resource);
            {
                for ready in ready_views(resource, &ReadyNames::new()) {
                    assert!(
                        ready.view.check(resource).is_ok(),
                        "{resource:?} {}",
                        ready.name
                    );
                    assert_eq!(
                        fit_view(&schema, &ready.view),
                        (ready.view.clone(), false),
                        "{}",
                        ready.name
                    );
                }
            }
        }
        let names = |views: &ResourceViews| {
            views
                .saved
                .iter()
                .map(|v| v.name.clone())
                .collect::<Vec<_>>()
        };
        let worded = |pairs: &[(ReadyView, &str)]| -> ReadyNames {
            pairs
                .iter()
                .map(|(ready, name)| (*ready, (*name).to_owned()))
                .collect()
        };
        let mut views = ResourceViews::default();
        views.saved.push(NamedView {
            name: "Borradores".to_owned(),
            view: ListView::default(),
        });
        let spanish = worded(&[
            (ReadyView::IssuedThisMonth, "Emitidas este mes"),
            (ReadyView::InError, "Con error"),
            (ReadyView::Drafts, "Borradores"),
        ]);
        add_ready_views(&mut views, ResourceName::SupplierInvoice, &spanish);
        // A view of the user's keeps its name and its view.
        assert_eq!(
            names(&views),
            ["Borradores", "Emitidas este mes", "Con error"]
        );
        assert_eq!(views.saved[0].view, ListView::default());
        // Deleted, it does not come back.
        views.saved.retain(|v| v.name != "Con error");
        add_ready_views(&mut views, ResourceName::SupplierInvoice, &spanish);
        assert_eq!(names(&views), ["Borradores", "Emitidas este mes"]);
        // A name the window did not send (or sent blank): the view is kept,
        // named by its key.
        let mut tasks = ResourceViews::default();
        let blank = worded(&[(ReadyView::DueThisWeek, "  ")]);
        add_ready_views(&mut tasks, ResourceName::Task, &blank);
        assert_eq!(names(&tasks), ["due_this_week", "overdue"]);
        assert_eq!(tasks.saved[1].view.filters[0].values, ["@today"]);
        // Each key as JSON writes it.
        for ready in [
            ReadyView::IssuedThisMonth,
            ReadyView::AddedThisMonth,
            ReadyView::Active,
        ] {
            assert_eq!(
                serde_json::to_value(ready).unwrap(),
                serde_json::Value::from(ready.key())
            );
        }
    }
    use crate::settings::store::NamedView;

    fn invoices() -> ResourceSchema {
        resource_schema(ResourceName::SupplierInvoice)
    }

    fn condition(field: &str, operator: Operator, value: &str) -> FilterSpec {
        FilterSpec {
            or: false,
            not: false,
            field: field.to_owned(),
            operator,
            values: vec![value.to_owned()],
        }
    }

    fn names(list: &[&str]) -> Option<Vec<String>> {
        Some(list.iter().map(|name| (*name).to_owned()).collect())
    }

    #[test]
    fn nothing_kept_opens_the_default_view() {
        let views = ListViews::fitted(ResourceName::SupplierInvoice, ResourceViews::default());
        let mut columns = invoices().default_columns;
        columns.push("id".to_owned());
        assert_eq!(views.current.fields, Some(columns));
        assert_eq!(
            (views.current.page, views.current.take),
            (1, Take::Count(20))
        );
        assert!(views.current.sort.is_empty() && views.current.filters.is_empty());
        assert!(!views.left_out && views.saved.is_empty());
        assert!(views.current.check(ResourceName::SupplierInvoice).is_ok());
    }

    #[test]
    fn a_view_that_reads_is_kept_as_it_is() {
        let view = ListView {
            page: 3,
            take: Take::All,
            fields: names(&["total", "name", "id"]),
            sort: vec![SortSpec {
                field: "issue_date".to_owned(),
                descending: true,
            }],
            filters: vec![
                condition("name", Operator::Icontains, "acme"),
                FilterSpec {
                    or: true,
                    ..condition("supplier__name", Operator::Icontains, "sl")
                },
            ],
            widths: Some(BTreeMap::from([("name".to_owned(), 240)])),
            search: String::new(),
        };
        assert_eq!(fit_view(&invoices(), &view), (view.clone(), false));
        // An id the user put last stays a column: the appended one follows it.
        let with_id = ListView {
            fields: names(&["name", "id", "id"]),
            ..view
        };
        assert_eq!(fit_view(&invoices(), &with_id), (with_id.clone(), false));
    }

    #[test]
    fn what_the_schema_no_longer_has_is_left_out_and_said() {
        let view = ListView {
            page: 0,
            take: Take::Count(30),
            fields: names(&["gone", "name", "name", "total"]),
            sort: vec![
                SortSpec {
                    field: "gone".to_owned(),
                    descending: false,
                },
                SortSpec {
                    field: "total".to_owned(),
                    descending: true,
                },
                // Not sortable.
                SortSpec {
                    field: "custom_fields".to_owned(),
                    descending: false,
                },
                SortSpec {
                    field: "supplier__name".to_owned(),
                    descending: false,
                },
                SortSpec {
                    field: "supplier__gone".to_owned(),
                    descending: false,
                },
            ],
            filters: vec![
                condition("gone", Operator::Exact, "x"),
                FilterSpec {
                    or: true,
                    ..condition("name", Operator::Icontains, "acme")
                },
                // `total` takes no `icontains`, and "many" is no decimal.
                condition("total", Operator::Icontains, "1"),
                condition("total", Operator::Gt, "many"),
            ],
            widths: Some(BTreeMap::from([
                ("name".to_owned(), 5000),
                ("total".to_owned(), 1),
                ("issue_date".to_owned(), 100),
            ])),
            search: String::new(),
        };
        let (fitted, left_out) = fit_view(&invoices(), &view);
        assert!(left_out);
        assert_eq!(
            fitted,
            ListView {
                page: 1,
                take: Take::Count(20),
                fields: names(&["name", "total", "id"]),
                sort: vec![
                    SortSpec {
                        field: "total".to_owned(),
                        descending: true,
                    },
                    SortSpec {
                        field: "supplier__name".to_owned(),
                        descending: false,
                    },
                ],
                // The first kept condition has nothing to "or" with.
                filters: vec![condition("name", Operator::Icontains, "acme")],
                widths: Some(BTreeMap::from([
                    ("name".to_owned(), workdesk_api::MAX_COLUMN_WIDTH),
                    ("total".to_owned(), workdesk_api::MIN_COLUMN_WIDTH),
                ])),
                search: String::new(),
            }
        );
        assert!(fitted.check(ResourceName::SupplierInvoice).is_ok());
        // Fitting again changes nothing more.
        assert_eq!(fit_view(&invoices(), &fitted), (fitted, false));
    }

    #[test]
    fn a_search_is_kept_unless_the_kept_filters_cannot_be_sent_with_it() {
        let with_and = ListView {
            fields: names(&["name", "total", "id"]),
            filters: vec![condition("name", Operator::Icontains, "sl")],
            // A number: the name or the invoice's number, an OR of two.
            search: "2025".to_owned(),
            ..ListView::default()
        };
        assert_eq!(fit_view(&invoices(), &with_and), (with_and.clone(), false));
        // Saved with conditions joined by "or": no query says both.
        let with_or = ListView {
            filters: vec![
                condition("name", Operator::Icontains, "sl"),
                FilterSpec {
                    or: true,
                    ..condition("name", Operator::Icontains, "sas")
                },
            ],
            ..with_and
        };
        let (fitted, left_out) = fit_view(&invoices(), &with_or);
        assert!(left_out);
        assert_eq!(fitted.search, "");
        assert_eq!(fitted.filters, with_or.filters);
    }

    #[test]
    fn no_known_column_shows_the_default_ones() {
        let view = ListView {
            fields: names(&["gone"]),
            ..ListView::default()
        };
        let (fitted, left_out) = fit_view(&invoices(), &view);
        assert!(left_out);
        assert_eq!(fitted.fields, invoices().default_view.fields);
    }

    #[test]
    fn saved_views_are_fitted_each_with_its_own_verdict() {
        let good = ListView {
            fields: names(&["name", "id"]),
            ..ListView::default()
        };
        let old = ListView {
            sort: vec![SortSpec {
                field: "gone".to_owned(),
                descending: false,
            }],
            ..good.clone()
        };
        let views = ListViews::fitted(
            ResourceName::SupplierInvoice,
            ResourceViews {
                current: Some(good.clone()),
                saved: vec![
                    NamedView {
                        name: "Good".to_owned(),
                        view: good.clone(),
                    },
                    NamedView {
                        name: "Old".to_owned(),
                        view: old,
                    },
                ],
                ready_added: true,
            },
        );
        assert_eq!(
            (views.current.clone(), views.left_out),
            (good.clone(), false)
        );
        let verdicts: Vec<_> = views
            .saved
            .iter()
            .map(|saved| (saved.name.as_str(), saved.left_out, saved.view == good))
            .collect();
        assert_eq!(verdicts, [("Good", false, true), ("Old", true, true)]);
    }
}
