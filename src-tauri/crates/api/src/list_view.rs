//! [`ListView`]: a list as the app shows and remembers it (page, page size,
//! columns and their widths, sort keys, filter conditions), for any
//! resource named by [`ResourceName`]: the request it makes, checked before
//! anything is sent, and its problems (or the service's) keyed by the
//! condition they belong to (`docs/service.md`, "List queries" and
//! "Filters"). [`Client::list_view`](crate::Client::list_view) sends it.

use std::cmp::Ordering;

use serde::{Deserialize, Serialize};
use workdesk_query::{Operand, Operator, Problem, ValidationErrors};

use crate::error::Error;
use crate::list::Take;
use crate::list_request::{FilterValue, ListRequest, Order};
use crate::records::Resource;
use crate::resource_name::{with_record_type, ResourceName};

/// One `sort` key: `field` (or `relation__field`), descending when set.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct SortSpec {
    /// Field name, e.g. `issue_date`.
    pub field: String,
    /// `-field`: largest first.
    #[serde(default)]
    pub descending: bool,
}

/// One filter condition, `[or__][not__]field__operator=value`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct FilterSpec {
    /// Combine with the conditions before it by OR (else AND).
    #[serde(default)]
    pub or: bool,
    /// Negate this condition.
    #[serde(default)]
    pub not: bool,
    /// Field name or `relation__field` (`supplier__name`).
    pub field: String,
    /// The operator.
    pub operator: Operator,
    /// The value as typed: one item for most operators (`"true"` /
    /// `"false"` for `isnull`), one or more for `in`, exactly two (from, to)
    /// for `range`. Decimals, dates and date-times in ISO form.
    pub values: Vec<String>,
}

/// A list as the app shows it: which page, how many rows, which columns
/// (in screen order) and how wide, the sort keys and the filter
/// conditions, in order.
///
/// JSON: `{"page": 1, "take": 50, "fields": ["name", "total", "id"] | null,
/// "sort": [{"field": "total", "descending": true}], "filters": [...],
/// "widths": {"name": 240} | absent}`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct ListView {
    /// 1-based page number.
    pub page: u32,
    /// Rows per page (`take`).
    pub take: Take,
    /// `fields`: the columns asked for, in the order the screen shows them;
    /// `None` for every field. The request sends them in schema order, so
    /// the order changes neither the request nor the saved page's key.
    #[serde(default)]
    pub fields: Option<Vec<String>>,
    /// `sort` keys, most significant first; empty for the endpoint's order.
    #[serde(default)]
    pub sort: Vec<SortSpec>,
    /// Filter conditions, folded left to right.
    #[serde(default)]
    pub filters: Vec<FilterSpec>,
    /// Column widths the user set, CSS pixels by field; absent for the
    /// computed ones. Display only: never part of a request or a key.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub widths: Option<std::collections::BTreeMap<String, u16>>,
}

impl Default for ListView {
    fn default() -> Self {
        ListView {
            page: 1,
            take: Take::default(),
            fields: None,
            sort: Vec::new(),
            filters: Vec::new(),
            widths: None,
        }
    }
}

/// The narrowest column width a view keeps, in CSS pixels.
pub const MIN_COLUMN_WIDTH: u16 = 48;
/// The widest column width a view keeps, in CSS pixels.
pub const MAX_COLUMN_WIDTH: u16 = 960;

impl ListView {
    /// The request for this view over `T`'s resource, checked as
    /// [`ListRequest::validate`] does before anything is sent.
    ///
    /// # Errors
    /// Every problem, keyed `page`, `take`, `fields`, `sort`, `widths` (a
    /// width for a field `T` does not have, or outside
    /// [`MIN_COLUMN_WIDTH`]..=[`MAX_COLUMN_WIDTH`]; never sent, but kept
    /// with the view), or `filters.<index>` for the condition at that index
    /// (so a form can put the reason beside the condition).
    pub fn request<T: Resource>(&self) -> std::result::Result<ListRequest<T>, ValidationErrors> {
        let mut problems = ValidationErrors::default();
        let mut request = ListRequest::<T>::new().page(self.page).take(self.take);
        if let Some(fields) = &self.fields {
            if fields.is_empty() {
                problems.add_problem(
                    "fields",
                    Problem::new("no_columns", [], "Choose at least one column."),
                );
            }
            // Schema order: the screen's order is the view's business, not
            // the request's (nor the key of the page it saves).
            let position = |name: &String| {
                T::schema()
                    .fields
                    .iter()
                    .position(|field| field.name == name)
                    .unwrap_or(usize::MAX)
            };
            let mut ordered = fields.clone();
            ordered.sort_by_key(position);
            ordered.dedup();
            request = request.fields(ordered);
        }
        for (name, px) in self.widths.iter().flatten() {
            let known = T::schema().fields.iter().any(|field| field.name == name);
            if !known || !(MIN_COLUMN_WIDTH..=MAX_COLUMN_WIDTH).contains(px) {
                problems.add_problem(
                    "widths",
                    Problem::new(
                        "bad_width",
                        [
                            ("field", name.as_str()),
                            ("min", &MIN_COLUMN_WIDTH.to_string()),
                            ("max", &MAX_COLUMN_WIDTH.to_string()),
                        ],
                        format!(
                            "The width of {name} must be a column's, from {MIN_COLUMN_WIDTH} to {MAX_COLUMN_WIDTH} pixels."
                        ),
                    ),
                );
            }
        }
        for key in &self.sort {
            let order = if key.descending {
                Order::Descending
            } else {
                Order::Ascending
            };
            request = request.sort(&key.field, order);
        }
        if let Err(Error::InvalidQuery(errors)) = request.validate() {
            for (parameter, message, code) in errors.problems() {
                problems.add_coded(parameter, message, code);
            }
        }
        for (index, filter) in self.filters.iter().enumerate() {
            let key = format!("filters.{index}");
            match filter_value(filter) {
                Ok(value) => {
                    let alone = add_filter(ListRequest::<T>::new(), filter, value.clone());
                    match alone.validate() {
                        Err(Error::InvalidQuery(errors)) => {
                            for (_, message, code) in errors.problems() {
                                problems.add_coded(key.clone(), message, code);
                            }
                        }
                        _ => {
                            if let Some(problem) = reversed_range::<T>(&alone) {
                                problems.add_problem(key, problem);
                            }
                        }
                    }
                    request = add_filter(request, filter, value);
                }
                Err(problem) => problems.add_problem(key, problem),
            }
        }
        if problems.is_empty() {
            Ok(request)
        } else {
            Err(problems)
        }
    }
}

impl ListView {
    /// The checked query of this view over `resource` (what
    /// [`ListView::request`] would send), for stores that answer it without
    /// the service: its [`to_query_string`](workdesk_query::ListQuery::to_query_string)
    /// is the canonical key of the page, and the engine evaluates it.
    ///
    /// # Errors
    /// As [`ListView::request`]: problems keyed `page`, `take`, `fields`,
    /// `sort` or `filters.<index>`.
    pub fn list_query(
        &self,
        resource: ResourceName,
    ) -> std::result::Result<workdesk_query::ListQuery, ValidationErrors> {
        with_record_type!(resource, T => Ok(self.request::<T>()?.query().clone()))
    }
}

/// `err` with the field errors of a 400 that name one of `parameters` (the
/// query parameters of a view's filters, in order: `or__not__total__gte`)
/// keyed `filters.<index>` instead, as [`ListView::request`] keys its own
/// problems, so the UI can show the service's reason beside the condition.
pub(crate) fn key_by_condition(err: Error, parameters: &[String]) -> Error {
    let Error::Validation {
        status,
        message,
        fields,
    } = err
    else {
        return err;
    };
    let fields = fields
        .into_iter()
        .map(|(key, messages)| (condition_key(key, parameters), messages))
        .collect();
    Error::Validation {
        status,
        message,
        fields,
    }
}

/// `key` as [`ListView::request`] keys problems: `filters.<index>` when it
/// is the query parameter of the condition at that index, else unchanged.
fn condition_key(key: String, parameters: &[String]) -> String {
    match parameters.iter().position(|p| *p == key) {
        Some(index) => format!("filters.{index}"),
        None => key,
    }
}

/// `problems` found with `query` elsewhere (the offline cache's refusals,
/// keyed like the service's 400 by query parameter) keyed as
/// [`ListView::request`] keys its own: `filters.<index>` for a condition,
/// `sort`, `fields`, `page` or `take` otherwise.
#[must_use]
pub fn key_problems_by_condition(
    query: &workdesk_query::ListQuery,
    problems: &ValidationErrors,
) -> ValidationErrors {
    let parameters: Vec<String> = query.filters.iter().map(|c| c.parameter()).collect();
    let mut keyed = ValidationErrors::default();
    for (key, message, code) in problems.problems() {
        keyed.add_coded(condition_key(key.to_owned(), &parameters), message, code);
    }
    keyed
}

/// The value of `filter` as the request builder takes it, or why it has none.
fn filter_value(filter: &FilterSpec) -> std::result::Result<FilterValue, Problem> {
    let values: Vec<&str> = filter.values.iter().map(|v| v.trim()).collect();
    match filter.operator {
        Operator::In => {
            if values.is_empty() || values.iter().any(|v| v.is_empty()) {
                return Err(Problem::new("no_values", [], "Enter one or more values."));
            }
            Ok(FilterValue::Items(
                values.into_iter().map(str::to_owned).collect(),
            ))
        }
        Operator::Range => match values.as_slice() {
            [low, high] if !low.is_empty() && !high.is_empty() => {
                Ok(FilterValue::Bounds((*low).to_owned(), (*high).to_owned()))
            }
            _ => Err(Problem::new(
                "range_ends",
                [],
                "Enter both ends of the range: from and to.",
            )),
        },
        _ => match values.as_slice() {
            [value] if !value.is_empty() => Ok(FilterValue::One((*value).to_owned())),
            _ => Err(Problem::new("no_value", [], "Enter a value.")),
        },
    }
}

/// A `range` whose low end lies after its high end, as the field's type
/// compares them (decimals as decimals, date-times as instants): the
/// service would answer it with no records, so the app refuses it as a
/// mistake (`range_order`). `request` holds that one condition, checked.
fn reversed_range<T: Resource>(request: &ListRequest<T>) -> Option<Problem> {
    let plan = request.query().check(T::schema()).ok()?;
    let condition = plan.filters.first()?;
    let Operand::Range(low, high) = &condition.operand else {
        return None;
    };
    (low.compare(high) == Some(Ordering::Greater)).then(|| {
        Problem::new(
            "range_order",
            [],
            "The range starts after it ends: “from” must not be after “to”.",
        )
    })
}

fn add_filter<T: Resource>(
    request: ListRequest<T>,
    filter: &FilterSpec,
    value: FilterValue,
) -> ListRequest<T> {
    let operator = filter.operator;
    match (filter.or, filter.not) {
        (false, false) => request.filter(&filter.field, operator, value),
        (true, false) => request.or_filter(&filter.field, operator, value),
        (false, true) => request.not_filter(&filter.field, operator, value),
        (true, true) => request.or_not_filter(&filter.field, operator, value),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::records::SupplierInvoice;

    fn filter(field: &str, operator: Operator, values: &[&str]) -> FilterSpec {
        FilterSpec {
            or: false,
            not: false,
            field: field.into(),
            operator,
            values: values.iter().map(|v| (*v).to_owned()).collect(),
        }
    }

    #[test]
    fn a_view_becomes_the_canonical_query() {
        let mut or_not = filter("supplier__name", Operator::Icontains, &["peña"]);
        or_not.or = true;
        or_not.not = true;
        let view = ListView {
            page: 2,
            take: Take::Count(50),
            fields: Some(vec!["id".into(), "total".into()]),
            sort: vec![SortSpec {
                field: "total".into(),
                descending: true,
            }],
            filters: vec![
                filter("operation_status", Operator::In, &["PR", "CO"]),
                filter("total", Operator::Range, &["10", " 20.50 "]),
                or_not,
            ],
            widths: None,
        };
        let request = view.request::<SupplierInvoice>().unwrap();
        assert_eq!(
            request.to_query_string(),
            "page=2&take=50&fields=id,total&sort=-total&operation_status__in=PR,CO\
             &total__range=10,20.50&or__not__supplier__name__icontains=pe%C3%B1a"
        );
    }

    #[test]
    fn column_order_and_widths_change_neither_the_request_nor_the_key() {
        let view = ListView {
            fields: Some(vec!["total".into(), "name".into(), "id".into()]),
            ..ListView::default()
        };
        let moved = ListView {
            fields: Some(vec![
                "id".into(),
                "name".into(),
                "total".into(),
                "id".into(),
            ]),
            widths: Some([("name".to_owned(), 320u16)].into_iter().collect()),
            ..ListView::default()
        };
        let query = |view: &ListView| {
            view.list_query(ResourceName::SupplierInvoice)
                .unwrap()
                .to_query_string()
        };
        assert_eq!(query(&view), query(&moved));
        assert!(
            query(&view).contains("fields=id,name,total"),
            "{}",
            query(&view)
        );
        // Widths survive a round trip through the settings' JSON, and a view
        // without them reads as before.
        let json = serde_json::to_value(&moved).unwrap();
        assert_eq!(json["widths"]["name"], 320);
        assert_eq!(serde_json::from_value::<ListView>(json).unwrap(), moved);
        // A width for a field the resource lacks, or out of bounds, is refused.
        for widths in [[("nope", 100u16)], [("name", 20)], [("name", 4000)]] {
            let bad = ListView {
                widths: Some(
                    widths
                        .map(|(f, px)| (f.to_owned(), px))
                        .into_iter()
                        .collect(),
                ),
                ..ListView::default()
            };
            let problems = bad.list_query(ResourceName::SupplierInvoice).unwrap_err();
            assert_eq!(
                problems
                    .problems()
                    .next()
                    .map(|(key, _, code)| (key.to_owned(), code.map(|c| c.name))),
                Some(("widths".to_owned(), Some("bad_width"))),
                "{widths:?}"
            );
        }
        let old: ListView = serde_json::from_str(r#"{"page":1,"take":20}"#).unwrap();
        assert_eq!(old.widths, None);
        assert!(!serde_json::to_string(&old).unwrap().contains("widths"));
    }

    #[test]
    fn problems_are_keyed_by_the_condition_they_belong_to() {
        let view = ListView {
            fields: Some(vec![]),
            sort: vec![SortSpec {
                field: "colour".into(),
                descending: false,
            }],
            filters: vec![
                filter("name", Operator::Icontains, &["ok"]),
                filter("total", Operator::Gte, &["lots"]),
                filter("total", Operator::Range, &["1"]),
                filter("name", Operator::Exact, &[" "]),
                filter("is_pay_authorized", Operator::Gt, &["true"]),
            ],
            ..ListView::default()
        };
        let errors = view.request::<SupplierInvoice>().unwrap_err();
        assert!(errors.get("filters.0").is_none(), "{errors}");
        for key in [
            "fields",
            "sort",
            "filters.1",
            "filters.2",
            "filters.3",
            "filters.4",
        ] {
            assert!(errors.get(key).is_some(), "{key}: {errors}");
        }
        assert!(errors.get("total__gte").is_none(), "{errors}");
    }

    #[test]
    fn a_range_that_ends_before_it_starts_is_refused() {
        let view = ListView {
            filters: vec![
                filter("total", Operator::Range, &["10", "9.5"]),
                filter(
                    "issue_date",
                    Operator::Range,
                    &["2025-03-01T00:00:00+01:00", "2025-02-28T23:00:00Z"],
                ),
                filter("total", Operator::Range, &["9.50", "9.5"]),
            ],
            ..ListView::default()
        };
        let errors = view.request::<SupplierInvoice>().unwrap_err();
        let code = |key: &str| {
            errors
                .problems()
                .find(|(k, _, _)| *k == key)
                .and_then(|(_, _, code)| code.map(|c| c.name))
        };
        // 10 > 9.5 as decimals (as text, "10" < "9.5"); 1 March 00:00 at
        // +01:00 is the same instant as 28 February 23:00 UTC.
        assert_eq!(code("filters.0"), Some("range_order"), "{errors}");
        assert_eq!(
            code("filters.1"),
            None,
            "equal instants are a range: {errors}"
        );
        assert_eq!(
            code("filters.2"),
            None,
            "equal decimals are a range: {errors}"
        );
        // One second later, the same range ends before it starts.
        let late = ListView {
            filters: vec![filter(
                "issue_date",
                Operator::Range,
                &["2025-03-01T00:00:01+01:00", "2025-02-28T23:00:00Z"],
            )],
            ..ListView::default()
        };
        let errors = late.request::<SupplierInvoice>().unwrap_err();
        assert_eq!(
            errors
                .problems()
                .next()
                .map(|(k, _, c)| (k.to_owned(), c.map(|c| c.name))),
            Some(("filters.0".to_owned(), Some("range_order")))
        );
    }

    #[test]
    fn the_services_reasons_are_keyed_by_condition() {
        let mut second = filter("total", Operator::Gte, &["5"]);
        second.or = true;
        second.not = true;
        let view = ListView {
            filters: vec![filter("name", Operator::Icontains, &["x"]), second],
            ..ListView::default()
        };
        let request = view.request::<SupplierInvoice>().unwrap();
        let parameters: Vec<String> = request
            .query()
            .filters
            .iter()
            .map(|c| c.parameter())
            .collect();
        let mut fields = std::collections::BTreeMap::new();
        fields.insert("or__not__total__gte".to_owned(), vec!["No.".to_owned()]);
        fields.insert("take".to_owned(), vec!["Bad.".to_owned()]);
        let keyed = key_by_condition(
            Error::Validation {
                status: 400,
                message: "Invalid.".into(),
                fields,
            },
            &parameters,
        );
        let Error::Validation { fields, .. } = keyed else {
            panic!("still a validation error")
        };
        assert_eq!(fields["filters.1"], ["No."]);
        assert_eq!(fields["take"], ["Bad."]);
    }

    #[test]
    fn a_view_reads_back_from_what_the_ui_stores() {
        let view: ListView = serde_json::from_str(
            r#"{"page":1,"take":"all","filters":[{"field":"title","operator":"icontains","values":["x"]}]}"#,
        )
        .unwrap();
        assert_eq!(view.take, Take::All);
        assert_eq!(view.fields, None);
        assert!(!view.filters[0].or);
    }
}
