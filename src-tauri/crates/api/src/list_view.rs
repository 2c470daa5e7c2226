//! [`ListView`]: a list as the app shows and remembers it (page, page size,
//! columns and their widths, sort keys, filter conditions), for any
//! resource named by [`ResourceName`]: the request it makes, checked before
//! anything is sent, and its problems (or the service's) keyed by the
//! condition they belong to (`docs/service.md`, "List queries" and
//! "Filters"). [`Client::list_view`](crate::Client::list_view) sends it.

use std::cmp::Ordering;

use std::num::NonZeroU32;

use serde::{Deserialize, Serialize};
use workdesk_query::{
    Condition, FieldPath, FieldType, Inexpressible, ListQuery, Operand, Operator, Plan, Problem,
    Search, SortKey, TypedCondition, ValidationErrors,
};

use crate::error::Error;
use crate::list::{Take, TAKE_MAX};
use crate::relative_date::{NoPeriod, RelativeDate};
use crate::resource_name::ResourceName;

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

impl FilterSpec {
    /// The condition `field operator values`, joined to the ones before it
    /// by AND, not negated: `FilterSpec::and("operation_status",
    /// Operator::Exact, ["ER"])`.
    pub fn and<V: Into<String>>(
        field: &str,
        operator: Operator,
        values: impl IntoIterator<Item = V>,
    ) -> FilterSpec {
        FilterSpec {
            or: false,
            not: false,
            field: field.to_owned(),
            operator,
            values: values.into_iter().map(Into::into).collect(),
        }
    }
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
    /// The words typed in the list's search box, each to be found in some
    /// searchable field of the resource ([`workdesk_query::Search`]), AND
    /// the filters; absent or empty for none.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub search: String,
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
            search: String::new(),
        }
    }
}

/// The narrowest column width a view keeps, in CSS pixels.
pub const MIN_COLUMN_WIDTH: u16 = 48;
/// The widest column width a view keeps, in CSS pixels.
pub const MAX_COLUMN_WIDTH: u16 = 960;

impl ListView {
    /// This view checked, once, against `resource`'s schema: the query to
    /// send and the engine's plan to answer it over saved records
    /// ([`CheckedView`]). Every rule the service's own check applies
    /// (fields, sort keys, operators, values of each field's type, choices),
    /// plus the client's: `page` from 1, `take` 1..=200 or all, at least
    /// one column when `fields` is given, widths within
    /// [`MIN_COLUMN_WIDTH`]..=[`MAX_COLUMN_WIDTH`] for the resource's
    /// fields, a value for every condition (both ends for `range`, one or
    /// more for `in`, no comma inside an item), and no `range` that ends
    /// before it starts (compared as the field's type compares them).
    ///
    /// A condition's relative period (`@this_month`,
    /// [`crate::relative_date`]) is worked out for today in this computer's
    /// time zone ([`ListView::check_on`]).
    ///
    /// # Errors
    /// Every problem at once, keyed `page`, `take`, `fields`, `sort`,
    /// `widths`, or `filters.<index>` for the condition at that index (so a
    /// form can put the reason beside the condition).
    pub fn check(&self, resource: ResourceName) -> Result<CheckedView, ValidationErrors> {
        self.check_on(resource, &chrono::Local::now())
    }

    /// This view with each condition's relative period worked out for the
    /// day `now` falls on in its time zone: the dates it stands for in
    /// `values` (a token that cannot be worked out stays as it is, for
    /// [`ListView::check`] to refuse). What a filter shows beside "this
    /// month".
    #[must_use]
    pub fn dated_on<Tz: chrono::TimeZone>(
        &self,
        resource: ResourceName,
        now: &chrono::DateTime<Tz>,
    ) -> ListView {
        let schema = resource.schema();
        let mut view = self.clone();
        for filter in &mut view.filters {
            if let Ok(Some(values)) = relative_values(schema, filter, now) {
                filter.values = values;
            }
        }
        view
    }

    /// [`ListView::check`] on the day `now` falls on in its time zone.
    ///
    /// # Errors
    /// As [`ListView::check`].
    pub fn check_on<Tz: chrono::TimeZone>(
        &self,
        resource: ResourceName,
        now: &chrono::DateTime<Tz>,
    ) -> Result<CheckedView, ValidationErrors> {
        let schema = resource.schema();
        let mut problems = ValidationErrors::default();
        let mut query = ListQuery {
            take: Some(self.take),
            ..ListQuery::default()
        };
        match NonZeroU32::new(self.page) {
            Some(page) => query.page = Some(page),
            None => problems.add_problem("page", Problem::new("page_from_one", [])),
        }
        if let Take::Count(count) = self.take {
            if count == 0 || count > TAKE_MAX {
                problems.add_problem(
                    "take",
                    Problem::new(
                        "take_out_of_range",
                        [
                            ("max", &TAKE_MAX.to_string()),
                            ("count", &count.to_string()),
                        ],
                    ),
                );
            }
        }
        if let Some(fields) = &self.fields {
            if fields.is_empty() {
                problems.add_problem("fields", Problem::new("no_columns", []));
            }
            // Schema order: the screen's order is the view's business, not
            // the request's (nor the key of the page it saves).
            let position = |name: &String| {
                schema
                    .fields
                    .iter()
                    .position(|field| field.name == name)
                    .unwrap_or(usize::MAX)
            };
            let mut ordered = fields.clone();
            ordered.sort_by_key(position);
            ordered.dedup();
            query.fields = Some(ordered);
        }
        for (name, px) in self.widths.iter().flatten() {
            let known = schema.field(name).is_some();
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
                    ),
                );
            }
        }
        query.sort = self
            .sort
            .iter()
            .map(|key| SortKey {
                path: FieldPath::parse(&key.field),
                descending: key.descending,
            })
            .collect();
        // The view's index of each condition the query holds (one without a
        // value is not sent, and not checked further).
        let mut index_of = Vec::with_capacity(self.filters.len());
        for (index, filter) in self.filters.iter().enumerate() {
            let dated;
            let filter = match relative_values(schema, filter, now) {
                Ok(None) => filter,
                Ok(Some(values)) => {
                    dated = FilterSpec {
                        values,
                        ..filter.clone()
                    };
                    &dated
                }
                Err(problem) => {
                    problems.add_problem(format!("filters.{index}"), problem);
                    continue;
                }
            };
            match filter_value(filter) {
                Ok(value) => {
                    let mut condition =
                        Condition::new(FieldPath::parse(&filter.field), filter.operator, value);
                    condition.or = filter.or;
                    condition.not = filter.not;
                    query.filters.push(condition);
                    index_of.push(index);
                }
                Err(problem) => problems.add_problem(format!("filters.{index}"), problem),
            }
        }
        // How each condition sent is keyed in problems: its index among
        // the view's filters, or `search` for the search box's.
        let mut keys: Vec<String> = index_of.iter().map(|i| format!("filters.{i}")).collect();
        let search = Search::parse(&self.search);
        let mut related = 0..0;
        if !search.is_empty() {
            match search.combine(schema, &query.filters) {
                Ok(combined) => {
                    let theirs = combined.filters_at..combined.filters_at + keys.len();
                    keys = (0..combined.conditions.len())
                        .map(|at| {
                            if theirs.contains(&at) {
                                keys[at - combined.filters_at].clone()
                            } else {
                                "search".to_owned()
                            }
                        })
                        .collect();
                    query.filters = combined.conditions;
                    related = combined.related;
                }
                Err(reason) => problems.add_problem("search", search_problem(reason)),
            }
        }
        let checked = query.check_with(schema, |at, _| keys[at].clone(), reversed_range);
        match checked {
            Ok(plan) if problems.is_empty() => {
                let saved = (!related.is_empty()).then(|| {
                    let mut own = query.clone();
                    let unsearched = own
                        .filters
                        .drain(related.clone())
                        .map(|condition| condition.path.to_string())
                        .collect();
                    // Fewer conditions of a query that checked: it checks.
                    let plan = own.check(schema).unwrap_or_else(|_| plan.clone());
                    SavedForm {
                        query: own,
                        plan,
                        related,
                        unsearched,
                    }
                });
                Ok(CheckedView {
                    resource,
                    query,
                    plan,
                    saved,
                    fields: self.fields.clone(),
                    keys,
                })
            }
            Ok(_) => Err(problems),
            Err(found) => {
                for (key, reason) in found.reasons() {
                    problems.add_reason(key, reason.clone());
                }
                Err(problems)
            }
        }
    }

    /// The checked query of this view over `resource` ([`ListView::check`]'s
    /// query): its [`to_query_string`](workdesk_query::ListQuery::to_query_string)
    /// is the canonical key of the page.
    ///
    /// # Errors
    /// As [`ListView::check`].
    pub fn list_query(
        &self,
        resource: ResourceName,
    ) -> std::result::Result<workdesk_query::ListQuery, ValidationErrors> {
        self.check(resource).map(CheckedView::into_query)
    }
}

/// A [`ListView`] checked once against its resource's schema
/// ([`ListView::check`], the only way to make one): the query the service
/// is sent, which is also the key its page is saved under, and the
/// engine's [`Plan`] that answers it over saved records. Whatever takes one
/// checks nothing again.
#[derive(Debug, Clone)]
pub struct CheckedView {
    resource: ResourceName,
    query: ListQuery,
    plan: Plan,
    /// What saved records answer when the search also looks in related
    /// records' fields (only the service can): `None` when it does not.
    saved: Option<SavedForm>,
    fields: Option<Vec<String>>,
    /// For each condition of `query`, how problems about it are keyed
    /// (`filters.<index>` of the view, or `search`).
    keys: Vec<String>,
}

impl CheckedView {
    /// The resource it lists.
    #[must_use]
    pub fn resource(&self) -> ResourceName {
        self.resource
    }

    /// The query as sent (fields in schema order, each once).
    #[must_use]
    pub fn query(&self) -> &ListQuery {
        &self.query
    }

    /// The query checked into typed conditions, for the engine.
    #[must_use]
    pub fn plan(&self) -> &Plan {
        &self.plan
    }

    /// The query saved records answer, and its plan: the query as sent,
    /// without the search's conditions on related records' fields
    /// (`supplier__name`), which saved records do not hold. The same as
    /// [`CheckedView::query`] when the search has none.
    #[must_use]
    pub fn saved_form(&self) -> (&ListQuery, &Plan) {
        match &self.saved {
            Some(saved) => (&saved.query, &saved.plan),
            None => (&self.query, &self.plan),
        }
    }

    /// This view as saved records answer it ([`CheckedView::saved_form`]),
    /// as a view of its own: what the service answers for the same
    /// question, to compare the two.
    #[must_use]
    pub fn saved_view(&self) -> CheckedView {
        let Some(saved) = &self.saved else {
            return self.clone();
        };
        let mut keys = self.keys.clone();
        keys.drain(saved.related.clone());
        CheckedView {
            resource: self.resource,
            query: saved.query.clone(),
            plan: saved.plan.clone(),
            saved: None,
            fields: self.fields.clone(),
            keys,
        }
    }

    /// The related fields the search looks in that saved records cannot
    /// (`supplier__name`, `supplier__document_number`): searched when
    /// connected only. Empty when none.
    #[must_use]
    pub fn searched_when_connected(&self) -> &[String] {
        self.saved.as_ref().map_or(&[], |saved| &saved.unsearched)
    }

    /// The view's `fields` as the screen orders them (a name may come
    /// twice); `None` for every field.
    #[must_use]
    pub fn fields(&self) -> Option<&[String]> {
        self.fields.as_deref()
    }

    /// The query string sent, without `?`: the canonical key of the page.
    #[must_use]
    pub fn to_query_string(&self) -> String {
        self.query.to_query_string()
    }

    /// The query alone.
    #[must_use]
    pub fn into_query(self) -> ListQuery {
        self.query
    }

    /// `err` (the service's 400 about this query) with the problems it
    /// names by a condition's query parameter (`or__not__total__gte`)
    /// keyed as [`ListView::check`] keys its own: `filters.<index>` of the
    /// view, or `search`.
    #[must_use]
    pub fn key_problems(&self, err: Error) -> Error {
        key_by_condition(err, &self.parameters())
    }

    /// `problems` found with this query elsewhere (the offline cache's
    /// refusals, keyed like the service's 400 by query parameter) keyed as
    /// [`ListView::check`] keys its own: `filters.<index>` or `search` for
    /// a condition, `sort`, `fields`, `page` or `take` otherwise.
    #[must_use]
    pub fn key_refusals(&self, problems: &ValidationErrors) -> ValidationErrors {
        let parameters = self.parameters();
        let mut keyed = ValidationErrors::default();
        for (key, reason) in problems.reasons() {
            keyed.add_reason(condition_key(key.to_owned(), &parameters), reason.clone());
        }
        keyed
    }

    /// Each condition's query parameter with its key.
    fn parameters(&self) -> Vec<(String, &str)> {
        self.query
            .filters
            .iter()
            .zip(&self.keys)
            .map(|(condition, key)| (condition.parameter(), key.as_str()))
            .collect()
    }
}

/// A [`CheckedView`]'s query without the search's related conditions.
#[derive(Debug, Clone)]
struct SavedForm {
    query: ListQuery,
    plan: Plan,
    /// Where the conditions left out sat in the query as sent.
    related: std::ops::Range<usize>,
    /// The paths of the conditions left out (`supplier__name`), once each.
    unsearched: Vec<String>,
}

/// The problem of a search that cannot be sent with the view's filters.
fn search_problem(reason: Inexpressible) -> Problem {
    match reason {
        Inexpressible::SeveralWords => Problem::new("search_several_words", []),
        Inexpressible::FiltersWithOr => Problem::new("search_with_or", []),
    }
}

/// `err` with the field errors of a 400 that name one of `parameters` (each
/// condition's query parameter, `or__not__total__gte`, with its key) keyed
/// by that key instead (`filters.<index>`, `search`), as
/// [`ListView::check`] keys its own problems, so the UI can show the
/// service's reason beside the condition.
fn key_by_condition(err: Error, parameters: &[(String, &str)]) -> Error {
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

/// `key` as [`ListView::check`] keys problems: the condition's key when
/// it is the query parameter of one (the user's when the search's has the
/// same), else unchanged.
fn condition_key(key: String, parameters: &[(String, &str)]) -> String {
    // The user's own condition first when the search sends the same
    // parameter (`name__icontains`): its reason goes beside it.
    let named = parameters.iter().filter(|(parameter, _)| *parameter == key);
    match named.min_by_key(|(_, condition)| !condition.starts_with("filters.")) {
        Some((_, condition)) => (*condition).to_owned(),
        None => key,
    }
}

/// The values `filter` sends for its relative period (`@this_month`), on
/// the day `now` falls on; `None` when it holds none. Only a condition on a
/// date or date-time field holds one: elsewhere a value starting with `@`
/// is a value like any other (a lead's source `@instagram`).
fn relative_values<Tz: chrono::TimeZone>(
    schema: &workdesk_query::Schema,
    filter: &FilterSpec,
    now: &chrono::DateTime<Tz>,
) -> std::result::Result<Option<Vec<String>>, Problem> {
    let path = FieldPath::parse(&filter.field);
    let field = match &path.relation {
        None => schema.field(&path.field),
        Some(relation) => schema
            .relation(relation)
            .and_then(|r| r.fields.iter().find(|f| f.name == path.field)),
    };
    // An unknown field is the engine's to refuse, by its own rule.
    let Some(field) = field else { return Ok(None) };
    if !matches!(field.kind, FieldType::Date | FieldType::DateTime) {
        return Ok(None);
    }
    let Some(parsed) = filter.values.iter().find_map(|v| RelativeDate::parse(v)) else {
        return Ok(None);
    };
    let relative = parsed.map_err(|reason| match reason {
        NoPeriod::Days => Problem::new(
            "relative_days",
            [
                ("min", "1"),
                ("max", &crate::relative_date::LAST_DAYS_MAX.to_string()),
            ],
        ),
        NoPeriod::Unknown => Problem::new("relative_unknown", []),
    })?;
    crate::relative_date::values(relative, filter.operator, &field.kind, now).map(Some)
}

/// The value of `filter`'s condition as sent (items of `in` and the ends
/// of `range` comma-joined, each trimmed), or why it has none.
fn filter_value(filter: &FilterSpec) -> std::result::Result<String, Problem> {
    let values: Vec<&str> = filter.values.iter().map(|v| v.trim()).collect();
    let items = |items: &[&str]| match items.iter().find(|item| item.contains(',')) {
        Some(item) => Err(Problem::new("comma_in_item", [("value", *item)])),
        None => Ok(items.join(",")),
    };
    match filter.operator {
        Operator::In => {
            if values.is_empty() || values.iter().any(|v| v.is_empty()) {
                return Err(Problem::new("no_values", []));
            }
            items(&values)
        }
        Operator::Range => match values.as_slice() {
            [low, high] if !low.is_empty() && !high.is_empty() => items(&values),
            _ => Err(Problem::new("range_ends", [])),
        },
        _ => match values.as_slice() {
            [value] if !value.is_empty() => Ok((*value).to_owned()),
            _ => Err(Problem::new("no_value", [])),
        },
    }
}

/// A `range` whose low end lies after its high end, as the field's type
/// compares them (decimals as decimals, date-times as instants): the
/// service would answer it with no records, so the app refuses it as a
/// mistake (`range_order`).
fn reversed_range(condition: &TypedCondition) -> Option<Problem> {
    let Operand::Range(low, high) = &condition.operand else {
        return None;
    };
    (low.compare(high) == Some(Ordering::Greater)).then(|| Problem::new("range_order", []))
}

#[cfg(test)]
mod tests {
    use chrono::TimeZone;

    use super::*;

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
    fn the_search_box_is_sent_with_the_filters_and_problems_keep_their_keys() {
        let view = ListView {
            filters: vec![filter("operation_status", Operator::Exact, &["PR"])],
            search: " acme ".into(),
            ..ListView::default()
        };
        let checked = view.check(ResourceName::SupplierInvoice).unwrap();
        assert_eq!(
            checked.to_query_string(),
            "page=1&take=20&name__icontains=acme&or__supplier__name__icontains=acme&operation_status__exact=PR"
        );
        // Saved records answer the search in the invoice's own fields, and
        // say the supplier's name is searched when connected.
        assert_eq!(
            checked.saved_form().0.to_query_string(),
            "page=1&take=20&name__icontains=acme&operation_status__exact=PR"
        );
        assert_eq!(
            checked.saved_view().to_query_string(),
            checked.saved_form().0.to_query_string()
        );
        assert_eq!(checked.searched_when_connected(), ["supplier__name"]);
        let tasks = ListView {
            search: "llamar".into(),
            ..ListView::default()
        };
        let tasks = tasks.check(ResourceName::Task).unwrap();
        assert!(tasks.searched_when_connected().is_empty());
        assert_eq!(
            tasks.saved_form().0.to_query_string(),
            tasks.to_query_string()
        );
        // A condition is still keyed by its own index beside the search's.
        let bad = ListView {
            filters: vec![
                filter("name", Operator::Icontains, &["x"]),
                filter("total", Operator::Gte, &["lots"]),
            ],
            search: "acme".into(),
            ..ListView::default()
        };
        let problems = bad.check(ResourceName::SupplierInvoice).unwrap_err();
        let keys: Vec<&str> = problems.iter().map(|(key, _)| key).collect();
        assert_eq!(keys, ["filters.1"]);
        // So is one after a number's search, which opens the query.
        let after_number = ListView {
            search: "2025".into(),
            ..bad
        };
        let problems = after_number
            .check(ResourceName::SupplierInvoice)
            .unwrap_err();
        let keys: Vec<&str> = problems.iter().map(|(key, _)| key).collect();
        assert_eq!(keys, ["filters.1"]);
        // And so is the service's reason for it; the search's own are `search`.
        let mut fields = std::collections::BTreeMap::new();
        fields.insert("operation_status__exact".to_owned(), vec!["No.".to_owned()]);
        fields.insert("name__icontains".to_owned(), vec!["Odd.".to_owned()]);
        let Error::Validation { fields, .. } = checked.key_problems(Error::Validation {
            status: 400,
            message: "Invalid.".into(),
            fields,
        }) else {
            panic!("still a validation error")
        };
        assert_eq!(fields["filters.0"], ["No."]);
        assert_eq!(fields["search"], ["Odd."]);
        // The same parameter in the user's condition and the search's: the
        // reason goes beside the user's.
        let both = ListView {
            filters: vec![filter("name", Operator::Icontains, &["sl"])],
            search: "acme".into(),
            ..ListView::default()
        };
        let mut fields = std::collections::BTreeMap::new();
        fields.insert("name__icontains".to_owned(), vec!["Odd.".to_owned()]);
        let Error::Validation { fields, .. } = both
            .check(ResourceName::SupplierInvoice)
            .unwrap()
            .key_problems(Error::Validation {
                status: 400,
                message: "Invalid.".into(),
                fields,
            })
        else {
            panic!("still a validation error")
        };
        assert_eq!(fields.keys().collect::<Vec<_>>(), ["filters.0"]);
    }

    #[test]
    fn a_search_the_service_cannot_be_sent_with_the_filters_is_refused_under_search() {
        let several = ListView {
            search: "2024 2025".into(),
            ..ListView::default()
        };
        let problems = several.check(ResourceName::SupplierInvoice).unwrap_err();
        let found: Vec<(&str, Option<&str>)> = problems
            .reasons()
            .map(|(key, reason)| (key, reason.code().map(|c| c.name)))
            .collect();
        assert_eq!(found, [("search", Some("search_several_words"))]);
        let with_or = ListView {
            filters: vec![
                filter("operation_status", Operator::Exact, &["PR"]),
                FilterSpec {
                    or: true,
                    ..filter("operation_status", Operator::Exact, &["CO"])
                },
            ],
            search: "2025".into(),
            ..ListView::default()
        };
        let problems = with_or.check(ResourceName::SupplierInvoice).unwrap_err();
        let codes: Vec<Option<&str>> = problems
            .reasons()
            .map(|(_, reason)| reason.code().map(|c| c.name))
            .collect();
        assert_eq!(codes, [Some("search_with_or")]);
        // Words over one field go with any filters (a task's title).
        let tasks = ListView {
            filters: with_or.filters.clone(),
            search: "llamar peña".into(),
            ..ListView::default()
        };
        assert!(
            tasks.check(ResourceName::Task).is_err(),
            "tasks have no operation_status"
        );
        let tasks = ListView {
            filters: vec![
                filter("status", Operator::Exact, &["open"]),
                FilterSpec {
                    or: true,
                    ..filter("priority", Operator::Gte, &["3"])
                },
            ],
            ..tasks
        };
        assert!(tasks.check(ResourceName::Task).is_ok());
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
            search: String::new(),
        };
        let request = view.check(ResourceName::SupplierInvoice).unwrap();
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
                    .reasons()
                    .next()
                    .map(|(key, reason)| (key.to_owned(), reason.code().map(|c| c.name))),
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
        let errors = view.check(ResourceName::SupplierInvoice).unwrap_err();
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
    fn a_relative_period_is_sent_as_the_dates_it_stands_for_and_kept_in_the_view() {
        // 23:30 on 30 November in Bogotá (UTC−5): 1 December in UTC.
        let now = chrono::FixedOffset::west_opt(5 * 3600)
            .unwrap()
            .with_ymd_and_hms(2026, 11, 30, 23, 30, 0)
            .unwrap();
        let view = ListView {
            filters: vec![
                filter("issue_date", Operator::Range, &["@this_month"]),
                filter("total", Operator::Gte, &["100"]),
            ],
            ..ListView::default()
        };
        let query = view
            .check_on(ResourceName::SupplierInvoice, &now)
            .unwrap()
            .into_query()
            .to_query_string();
        assert!(
            query.contains(
                "issue_date__range=2026-11-01T05%3A00%3A00Z%2C2026-12-01T04%3A59%3A59.999999Z"
            ) || query
                .contains("issue_date__range=2026-11-01T05:00:00Z,2026-12-01T04:59:59.999999Z"),
            "{query}"
        );
        let dated = view.dated_on(ResourceName::SupplierInvoice, &now);
        assert_eq!(
            dated.filters[0].values,
            ["2026-11-01T05:00:00Z", "2026-12-01T04:59:59.999999Z"]
        );
        assert_eq!(dated.filters[1], view.filters[1]);
        // The view itself keeps the period.
        assert_eq!(view.filters[0].values, ["@this_month"]);

        let refused = |filters: Vec<FilterSpec>| {
            let view = ListView {
                filters,
                ..ListView::default()
            };
            let problems = view
                .check_on(ResourceName::SupplierInvoice, &now)
                .unwrap_err();
            problems
                .reasons()
                .map(|(key, reason)| format!("{key} {}", reason.code().map_or("", |c| c.name)))
                .collect::<Vec<_>>()
        };
        // Elsewhere a value starting with @ is a value like any other.
        let source = ListView {
            filters: vec![filter("source", Operator::Exact, &["@instagram"])],
            ..ListView::default()
        };
        assert!(source.check_on(ResourceName::Lead, &now).is_ok());
        assert_eq!(source.dated_on(ResourceName::Lead, &now), source);
        assert_eq!(
            refused(vec![filter("issue_date", Operator::In, &["@today"])]),
            ["filters.0 relative_operator"]
        );
        assert_eq!(
            refused(vec![filter("issue_date", Operator::Gte, &["@next_week"])]),
            ["filters.0 relative_unknown"]
        );
        assert_eq!(
            refused(vec![filter("issue_date", Operator::Gte, &["@last_0_days"])]),
            ["filters.0 relative_days"]
        );
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
        let errors = view.check(ResourceName::SupplierInvoice).unwrap_err();
        let code = |key: &str| {
            errors
                .reasons()
                .find(|(k, _)| *k == key)
                .and_then(|(_, reason)| reason.code().map(|c| c.name))
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
        let errors = late.check(ResourceName::SupplierInvoice).unwrap_err();
        assert_eq!(
            errors
                .reasons()
                .next()
                .map(|(k, reason)| (k.to_owned(), reason.code().map(|c| c.name))),
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
        let request = view.check(ResourceName::SupplierInvoice).unwrap();
        let mut fields = std::collections::BTreeMap::new();
        fields.insert("or__not__total__gte".to_owned(), vec!["No.".to_owned()]);
        fields.insert("take".to_owned(), vec!["Bad.".to_owned()]);
        let keyed = request.key_problems(Error::Validation {
            status: 400,
            message: "Invalid.".into(),
            fields,
        });
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
