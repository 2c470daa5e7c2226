//! [`ListRequest`]: a typed builder of list queries over the shared filter
//! engine (`docs/service.md`, "List queries" and "Filters").

use std::fmt;
use std::marker::PhantomData;
use std::num::NonZeroU32;

use chrono::{DateTime, SecondsFormat, Utc};
use rust_decimal::Decimal;
use workdesk_query::{
    Condition, FieldPath, ListQuery, Operator, Problem, SortKey, ValidationErrors,
};

use crate::error::{Error, Result};
use crate::list::{PageView, Take, TAKE_MAX};
use crate::records::Resource;

/// Sort direction of one `sort` key.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Order {
    /// Smallest first, nulls last.
    Ascending,
    /// Largest first (`-field`), nulls first.
    Descending,
}

/// The value of one filter condition.
///
/// Build it with `From`: text (`"PR"`), numbers, booleans, decimals and
/// `DateTime<Utc>` (RFC 3339, `Z`) for one value; a list or array of items
/// for `in` (`["PR", "CO"]`, joined with commas); a pair `(low, high)` for
/// `range`. Items of a list or pair may not contain a comma: the service
/// could not tell them apart, so such a request is refused before sending.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FilterValue {
    /// One value, sent as it is (for `in` and `range` already comma-joined).
    One(String),
    /// The items of an `in` set.
    Items(Vec<String>),
    /// The inclusive bounds of a `range`.
    Bounds(String, String),
}

impl From<&str> for FilterValue {
    fn from(value: &str) -> Self {
        FilterValue::One(value.to_owned())
    }
}

impl From<String> for FilterValue {
    fn from(value: String) -> Self {
        FilterValue::One(value)
    }
}

impl From<&String> for FilterValue {
    fn from(value: &String) -> Self {
        FilterValue::One(value.clone())
    }
}

/// Values written with their `Display` text.
macro_rules! filter_value_display {
    ($($ty:ty),+) => {$(
        impl From<$ty> for FilterValue {
            fn from(value: $ty) -> Self {
                FilterValue::One(value.to_string())
            }
        }
    )+};
}
filter_value_display!(i64, i32, u32, u64, bool, Decimal);

impl From<DateTime<Utc>> for FilterValue {
    fn from(value: DateTime<Utc>) -> Self {
        FilterValue::One(value.to_rfc3339_opts(SecondsFormat::AutoSi, true))
    }
}

impl<S: Into<String>> From<Vec<S>> for FilterValue {
    fn from(items: Vec<S>) -> Self {
        FilterValue::Items(items.into_iter().map(Into::into).collect())
    }
}

impl<S: Into<String>, const N: usize> From<[S; N]> for FilterValue {
    fn from(items: [S; N]) -> Self {
        FilterValue::Items(items.into_iter().map(Into::into).collect())
    }
}

impl<A: Into<String>, B: Into<String>> From<(A, B)> for FilterValue {
    fn from((low, high): (A, B)) -> Self {
        FilterValue::Bounds(low.into(), high.into())
    }
}

/// A list request for records of type `T`: `page`, `take`, `fields`,
/// multi-key `sort` and filters with every operator, `or__`/`not__` and
/// `relation__field` paths.
///
/// Problems are collected while building and reported together by
/// [`ListRequest::validate`], which the client calls before sending
/// anything: the builder's own rules (`page` ≥ 1, `take` 1..=200 or all,
/// list items without commas, a list only with `in`, a pair only with
/// `range`) plus [`workdesk_query::ListQuery::check`] against
/// `T::schema()` (unknown fields, operators a type does not take, values
/// of the wrong type, enumeration codes, `range` with two values).
///
/// ```
/// use workdesk_api::{ListRequest, Operator, Order, SupplierInvoice, Take};
/// let request = ListRequest::<SupplierInvoice>::new()
///     .page(2)
///     .take(Take::Count(50))
///     .fields(["id", "name", "total"])
///     .sort("total", Order::Descending)
///     .filter("operation_status", Operator::In, ["PR", "CO"])
///     .or_filter("total", Operator::Gte, "1000")
///     .not_filter("supplier__name", Operator::Icontains, "acme");
/// assert!(request.validate().is_ok());
/// assert_eq!(
///     request.to_query_string(),
///     "page=2&take=50&fields=id,name,total&sort=-total\
///      &operation_status__in=PR,CO&or__total__gte=1000&not__supplier__name__icontains=acme"
/// );
/// ```
pub struct ListRequest<T> {
    query: ListQuery,
    problems: ValidationErrors,
    record: PhantomData<fn() -> T>,
}

impl<T> Clone for ListRequest<T> {
    fn clone(&self) -> Self {
        ListRequest {
            query: self.query.clone(),
            problems: self.problems.clone(),
            record: PhantomData,
        }
    }
}

impl<T> fmt::Debug for ListRequest<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ListRequest")
            .field("query", &self.query)
            .field("problems", &self.problems)
            .finish()
    }
}

impl<T: Resource> Default for ListRequest<T> {
    fn default() -> Self {
        Self::new()
    }
}

impl<T: Resource> From<PageView> for ListRequest<T> {
    fn from(view: PageView) -> Self {
        ListRequest::new().view(view)
    }
}

impl<T: Resource> ListRequest<T> {
    /// A request for the first page with the service's defaults (nothing
    /// sent: page 1, 20 rows, all fields, the endpoint's order, no filter).
    #[must_use]
    pub fn new() -> Self {
        ListRequest {
            query: ListQuery::default(),
            problems: ValidationErrors::default(),
            record: PhantomData,
        }
    }

    /// `page`: 1-based page number; 0 is refused.
    #[must_use]
    pub fn page(mut self, page: u32) -> Self {
        match NonZeroU32::new(page) {
            Some(page) => self.query.page = Some(page),
            None => self.problems.add_problem(
                "page",
                Problem::new("page_from_one", [], "Pages are numbered from 1."),
            ),
        }
        self
    }

    /// `take`: rows per page, 1..=200, or [`Take::All`] (one page of 200);
    /// another count is refused.
    #[must_use]
    pub fn take(mut self, take: Take) -> Self {
        if let Take::Count(count) = take {
            if count == 0 || count > TAKE_MAX {
                self.problems.add_problem(
                    "take",
                    Problem::new(
                        "take_out_of_range",
                        [("max", &TAKE_MAX.to_string()), ("count", &count.to_string())],
                        format!(
                            "Ask for 1 to {TAKE_MAX} rows per page or all ({count} is out of range)."
                        ),
                    ),
                );
            }
        }
        self.query.take = Some(take);
        self
    }

    /// `page` and `take` of a [`PageView`].
    #[must_use]
    pub fn view(self, view: PageView) -> Self {
        self.page(view.page).take(view.take)
    }

    /// `fields`: only these fields in each record (others are absent).
    #[must_use]
    pub fn fields<I, S>(mut self, names: I) -> Self
    where
        I: IntoIterator<Item = S>,
        S: Into<String>,
    {
        self.query.fields = Some(names.into_iter().map(Into::into).collect());
        self
    }

    /// Adds a `sort` key (`field` or `relation__field`); earlier keys take
    /// priority.
    #[must_use]
    pub fn sort(mut self, path: &str, order: Order) -> Self {
        self.query.sort.push(SortKey {
            path: FieldPath::parse(path),
            descending: order == Order::Descending,
        });
        self
    }

    /// Adds `path__operator=value`, combined with what comes before by AND.
    #[must_use]
    pub fn filter(self, path: &str, operator: Operator, value: impl Into<FilterValue>) -> Self {
        self.condition(false, false, path, operator, value.into())
    }

    /// Adds `or__path__operator=value`: combined with what comes before by OR.
    #[must_use]
    pub fn or_filter(self, path: &str, operator: Operator, value: impl Into<FilterValue>) -> Self {
        self.condition(true, false, path, operator, value.into())
    }

    /// Adds `not__path__operator=value`: AND NOT.
    #[must_use]
    pub fn not_filter(self, path: &str, operator: Operator, value: impl Into<FilterValue>) -> Self {
        self.condition(false, true, path, operator, value.into())
    }

    /// Adds `or__not__path__operator=value`: OR NOT.
    #[must_use]
    pub fn or_not_filter(
        self,
        path: &str,
        operator: Operator,
        value: impl Into<FilterValue>,
    ) -> Self {
        self.condition(true, true, path, operator, value.into())
    }

    fn condition(
        mut self,
        or: bool,
        not: bool,
        path: &str,
        operator: Operator,
        value: FilterValue,
    ) -> Self {
        let mut condition = Condition::new(FieldPath::parse(path), operator, String::new());
        condition.or = or;
        condition.not = not;
        let parameter = condition.parameter();
        condition.value = match value {
            FilterValue::One(value) => value,
            FilterValue::Items(items) => {
                if operator != Operator::In {
                    self.problems
                        .add(&parameter, "A list of values needs the in operator.");
                }
                self.check_items(&parameter, &items);
                items.join(",")
            }
            FilterValue::Bounds(low, high) => {
                if operator != Operator::Range {
                    self.problems
                        .add(&parameter, "A pair of bounds needs the range operator.");
                }
                let items = [low, high];
                self.check_items(&parameter, &items);
                items.join(",")
            }
        };
        self.query.filters.push(condition);
        self
    }

    fn check_items(&mut self, parameter: &str, items: &[String]) {
        for item in items.iter().filter(|item| item.contains(',')) {
            self.problems.add_problem(
                parameter,
                Problem::new(
                    "comma_in_item",
                    [("value", item)],
                    format!("“{item}” contains a comma, which separates items: it cannot be sent."),
                ),
            );
        }
    }

    /// Checks the request before anything is sent (see the type's docs).
    ///
    /// # Errors
    /// [`Error::InvalidQuery`] with every problem, keyed by query parameter.
    pub fn validate(&self) -> Result<()> {
        let mut problems = self.problems.clone();
        if let Err(errors) = self.query.check(T::schema()) {
            for (parameter, messages) in errors.iter() {
                for message in messages {
                    problems.add(parameter, message.clone());
                }
            }
        }
        if problems.is_empty() {
            Ok(())
        } else {
            Err(Error::InvalidQuery(problems))
        }
    }

    /// The canonical query string, without `?`
    /// ([`workdesk_query::ListQuery::to_query_string`]): `page`, `take`,
    /// `fields`, `sort`, then the filters in the order they were added.
    #[must_use]
    pub fn to_query_string(&self) -> String {
        self.query.to_query_string()
    }

    /// The query as the filter engine holds it.
    #[must_use]
    pub fn query(&self) -> &ListQuery {
        &self.query
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::records::{Customer, SupplierInvoice, Task};

    fn problems<T: Resource>(request: &ListRequest<T>) -> ValidationErrors {
        match request.validate() {
            Err(Error::InvalidQuery(errors)) => errors,
            other => panic!("expected InvalidQuery, got {other:?}"),
        }
    }

    #[test]
    fn the_default_request_sends_nothing() {
        let request = ListRequest::<SupplierInvoice>::new();
        assert!(request.validate().is_ok());
        assert_eq!(request.to_query_string(), "");
    }

    #[test]
    fn every_operator_related_paths_and_prefixes_encode_canonically() {
        let request = ListRequest::<SupplierInvoice>::new()
            .take(Take::All)
            .sort("supplier__name", Order::Ascending)
            .sort("issue_date", Order::Descending)
            .filter("name", Operator::Exact, "FP-1")
            .filter("supplier__name", Operator::Iexact, "peña")
            .filter("description", Operator::Icontains, "a b")
            .filter("document_type", Operator::In, vec!["INV", "CRN"])
            .filter("total", Operator::Gt, Decimal::new(105, 1))
            .filter("invoice_number", Operator::Gte, 3i64)
            .filter("issue_date", Operator::Lt, "2025-01-01T00:00:00+02:00")
            .filter("operation_number", Operator::Lte, 9u32)
            .filter("prefix", Operator::Startswith, "FP")
            .filter("subtotal", Operator::Range, ("10", "20.5"))
            .or_not_filter("cost_center", Operator::Isnull, true);
        request.validate().unwrap();
        assert_eq!(
            request.to_query_string(),
            "take=all&sort=supplier__name,-issue_date&name__exact=FP-1&supplier__name__iexact=pe%C3%B1a\
             &description__icontains=a%20b&document_type__in=INV,CRN&total__gt=10.5\
             &invoice_number__gte=3&issue_date__lt=2025-01-01T00:00:00%2B02:00\
             &operation_number__lte=9&prefix__startswith=FP&subtotal__range=10,20.5\
             &or__not__cost_center__isnull=true"
        );
    }

    #[test]
    fn schema_problems_name_the_parameter() {
        let request = ListRequest::<SupplierInvoice>::new()
            .fields(["id", "colour"])
            .sort("weight", Order::Ascending)
            .filter("total", Operator::Gte, "lots")
            .filter("operation_status", Operator::Exact, "XX")
            .or_filter("subtotal", Operator::Range, "10")
            .filter("custom_fields", Operator::Icontains, "x");
        let errors = problems(&request);
        for parameter in [
            "fields",
            "sort",
            "total__gte",
            "operation_status__exact",
            "or__subtotal__range",
            "custom_fields__icontains",
        ] {
            assert!(errors.get(parameter).is_some(), "{parameter}: {errors}");
        }
    }

    #[test]
    fn client_rules_refuse_what_cannot_be_sent() {
        let request = ListRequest::<Task>::new()
            .page(0)
            .take(Take::Count(201))
            .filter("status", Operator::In, ["done", "a,b"])
            .filter("priority", Operator::Range, ("1", "2,3"))
            .filter("title", Operator::Exact, ["x"])
            .not_filter("priority", Operator::Gte, ("1", "2"));
        let errors = problems(&request);
        assert!(errors.get("page").is_some());
        assert!(errors.get("take").is_some());
        assert!(errors.get("status__in").unwrap()[0].contains("a,b"));
        assert!(errors.get("priority__range").is_some());
        assert!(errors.get("title__exact").is_some());
        assert!(errors.get("not__priority__gte").is_some());
        assert!(problems(&ListRequest::<Task>::new().take(Take::Count(0)))
            .get("take")
            .is_some());
    }

    #[test]
    fn requests_are_bound_to_their_resource_schema() {
        // `credit_limit` is a customer field, not a supplier invoice field.
        let ok = ListRequest::<Customer>::new().filter("credit_limit", Operator::Gte, "100");
        assert!(ok.validate().is_ok());
        let wrong =
            ListRequest::<SupplierInvoice>::new().filter("credit_limit", Operator::Gte, "100");
        assert!(problems(&wrong).get("credit_limit__gte").is_some());
    }

    #[test]
    fn a_page_view_becomes_page_and_take() {
        let request: ListRequest<SupplierInvoice> = PageView {
            page: 3,
            take: Take::Count(50),
        }
        .into();
        assert_eq!(request.to_query_string(), "page=3&take=50");
    }
}
