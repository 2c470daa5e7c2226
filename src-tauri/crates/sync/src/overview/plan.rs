//! Which figures the overview gives for each resource, and the list
//! conditions behind each: a figure counts (and sums) exactly the records
//! its drill-down list shows, because both are the same conditions read by
//! the same engine (saved records) or sent to the same endpoint (service).

use chrono::{DateTime, Datelike, Months, SecondsFormat, TimeZone, Utc};
use workdesk_api::relative_date::{days_values, RelativeDate};
use workdesk_api::{CheckedView, FilterSpec, ListView, ResourceName, SortSpec, Take};
use workdesk_query::resources::OPERATION_STATUS;
use workdesk_query::Operator;

use super::{DrillDown, Measure};
use crate::replica::checked;

/// Months the overview reads: this month and the twelve before it (the
/// chart shows the last twelve; the thirteenth is "the same month last
/// year").
pub const MONTHS: usize = 13;

/// The most lead statuses counted one by one when the figures come from
/// the service's counts: the statuses seen ([`Replica::lead_statuses_seen`],
/// the service documents none), those most saved leads hold first, then
/// in the order first seen; the rest are counted together as "other or
/// none". Over saved records every value found is counted on its own.
///
/// [`Replica::lead_statuses_seen`]: crate::Replica::lead_statuses_seen
pub const STATUSES_COUNTED: usize = 6;

/// The `operation_status` codes "needing attention": error, then draft.
pub const ATTENTION: [&str; 2] = ["ER", "PR"];

/// One figure to give: what it measures and the conditions behind it.
#[derive(Debug, Clone)]
pub(crate) struct Spec {
    pub measure: Measure,
    pub opens: DrillDown,
}

/// The calendar the figures are cut by, worked out once for `now` in the
/// user's time zone.
#[derive(Debug, Clone)]
pub(crate) struct Calendar {
    /// `"2025-11"` … `"2026-11"`, oldest first ([`MONTHS`]).
    pub months: Vec<String>,
    /// Each month's first and last instant as a `range` sends them.
    ranges: Vec<[String; 2]>,
    /// Now, as a condition's value (UTC, seconds).
    now: String,
    /// The end of this week (Sunday), as a `range`'s high end.
    week_end: String,
}

impl Calendar {
    pub fn on<Tz: TimeZone>(now: &DateTime<Tz>) -> Calendar {
        let tz = now.timezone();
        let today = now.date_naive();
        let this_month = today.with_day(1).expect("day 1 exists");
        let mut months = Vec::with_capacity(MONTHS);
        let mut ranges = Vec::with_capacity(MONTHS);
        for back in (0..MONTHS as u32).rev() {
            let first = this_month
                .checked_sub_months(Months::new(back))
                .expect("in range");
            let last = first
                .checked_add_months(Months::new(1))
                .and_then(|next| next.pred_opt())
                .expect("in range");
            months.push(format!("{:04}-{:02}", first.year(), first.month()));
            ranges.push(days_values(&tz, first, last, true));
        }
        let (_, sunday) = RelativeDate::ThisWeek.days(today);
        let [_, week_end] = days_values(&tz, sunday, sunday, true);
        Calendar {
            months,
            ranges,
            now: now
                .with_timezone(&Utc)
                .to_rfc3339_opts(SecondsFormat::Secs, true),
            week_end,
        }
    }

    /// The first instant of the oldest month read, as a condition's value.
    fn window_start(&self) -> &str {
        &self.ranges[0][0]
    }

    fn month(&self, index: usize) -> (String, [String; 2]) {
        (self.months[index].clone(), self.ranges[index].clone())
    }

    fn this_month(&self) -> usize {
        MONTHS - 1
    }
}

/// The resources the overview reads, in the order it shows them.
pub const RESOURCES: [ResourceName; 4] = [
    ResourceName::SupplierInvoice,
    ResourceName::CustomerInvoice,
    ResourceName::Task,
    ResourceName::Lead,
];

/// The field a resource's months are cut by: supplier invoices by issue
/// date, customer invoices by operation date, leads by creation.
pub fn dated_by(resource: ResourceName) -> Option<&'static str> {
    match resource {
        ResourceName::SupplierInvoice => Some("issue_date"),
        ResourceName::CustomerInvoice => Some("operation_date"),
        ResourceName::Lead => Some("created_at"),
        _ => None,
    }
}

/// The money field a resource's figures sum (`total`), if any.
pub fn summed(resource: ResourceName) -> Option<&'static str> {
    match resource {
        ResourceName::SupplierInvoice | ResourceName::CustomerInvoice => Some("total"),
        _ => None,
    }
}

/// Where the figures come from, as far as which figures exist.
pub(crate) enum From<'a> {
    /// Every saved record: each month, each status; for leads every
    /// status value found (`None`: records with no status).
    Saved { statuses: &'a [Option<String>] },
    /// The service's counts: only what a few `take=1` requests give;
    /// for leads, `statuses` (seen, at most [`STATUSES_COUNTED`]) one by
    /// one and the rest together.
    Service { statuses: &'a [String] },
}

fn condition(field: &str, operator: Operator, values: &[&str]) -> FilterSpec {
    FilterSpec::and(field, operator, values.iter().copied())
}

fn in_range(field: &str, range: &[String; 2]) -> FilterSpec {
    condition(field, Operator::Range, &[&range[0], &range[1]])
}

fn sort(field: &str, descending: bool) -> Vec<SortSpec> {
    vec![SortSpec {
        field: field.to_owned(),
        descending,
    }]
}

/// The conditions of the records the amounts of `resource` (supplier or
/// customer invoices) are added up from: dated in the months read, or in
/// error or provisional whenever dated (`date >= first month's start OR
/// operation_status in (ER, PR)`). `None` for a resource without money.
pub(crate) fn amounts_filters(
    resource: ResourceName,
    calendar: &Calendar,
) -> Option<Vec<FilterSpec>> {
    summed(resource)?;
    let date = dated_by(resource)?;
    Some(vec![
        condition(date, Operator::Gte, &[calendar.window_start()]),
        FilterSpec {
            or: true,
            ..condition("operation_status", Operator::In, &ATTENTION)
        },
    ])
}

/// The fields a walk for the amounts of `resource` asks for.
pub(crate) fn amounts_fields(resource: ResourceName) -> Vec<String> {
    [
        "id",
        dated_by(resource).unwrap_or("created_at"),
        "operation_status",
        "total",
    ]
    .map(str::to_owned)
    .to_vec()
}

/// Whether a figure keeps the oldest date of its records: invoices needing
/// attention (listed oldest first).
pub(crate) fn wants_oldest(resource: ResourceName, measure: &Measure) -> bool {
    matches!(measure, Measure::Status { .. }) && summed(resource).is_some()
}

/// The one-row view a figure of `resource` is counted with: its
/// `filters` and `sort`, asking for `fields` (`None`: every field), checked
/// once.
///
/// # Errors
/// [`crate::Error::Api`] when the conditions do not check (a bug: they are
/// built here).
pub(crate) fn count_view(
    resource: ResourceName,
    filters: Vec<FilterSpec>,
    sort: Vec<SortSpec>,
    fields: Option<Vec<String>>,
) -> crate::Result<CheckedView> {
    checked(
        resource,
        &ListView {
            page: 1,
            take: Take::Count(1),
            fields,
            sort,
            filters,
            ..ListView::default()
        },
    )
}

/// The figures of `resource`, in the order they are shown.
pub(crate) fn specs(resource: ResourceName, calendar: &Calendar, from: &From<'_>) -> Vec<Spec> {
    match resource {
        ResourceName::SupplierInvoice | ResourceName::CustomerInvoice => {
            invoices(dated_by(resource).expect("dated"), calendar, from)
        }
        ResourceName::Task => tasks(calendar),
        ResourceName::Lead => leads(calendar, from),
        _ => Vec::new(),
    }
}

fn invoices(date: &str, calendar: &Calendar, from: &From<'_>) -> Vec<Spec> {
    let this = calendar.this_month();
    let months: Vec<usize> = match from {
        From::Saved { .. } => (0..MONTHS).collect(),
        // This month, last month, the same month last year.
        From::Service { .. } => vec![this, this - 1, 0],
    };
    let mut specs = Vec::new();
    for index in months {
        let (month, range) = calendar.month(index);
        specs.push(Spec {
            measure: Measure::Month {
                month: month.clone(),
                status: None,
            },
            opens: DrillDown {
                filters: vec![in_range(date, &range)],
                sort: sort(date, false),
            },
        });
        if matches!(from, From::Saved { .. }) {
            for status in OPERATION_STATUS {
                specs.push(Spec {
                    measure: Measure::Month {
                        month: month.clone(),
                        status: Some((*status).to_owned()),
                    },
                    opens: DrillDown {
                        filters: vec![
                            in_range(date, &range),
                            condition("operation_status", Operator::Exact, &[status]),
                        ],
                        sort: sort(date, false),
                    },
                });
            }
        }
    }
    for status in ATTENTION {
        specs.push(Spec {
            measure: Measure::Status {
                status: status.to_owned(),
            },
            opens: DrillDown {
                filters: vec![condition("operation_status", Operator::Exact, &[status])],
                // Oldest first.
                sort: sort(date, false),
            },
        });
    }
    specs
}

fn tasks(calendar: &Calendar) -> Vec<Spec> {
    let open = || condition("completed_at", Operator::Isnull, &["true"]);
    let (_, this_month) = calendar.month(calendar.this_month());
    vec![
        Spec {
            measure: Measure::Overdue,
            opens: DrillDown {
                filters: vec![condition("expiry", Operator::Lt, &[&calendar.now]), open()],
                sort: sort("expiry", false),
            },
        },
        Spec {
            measure: Measure::DueThisWeek,
            opens: DrillDown {
                filters: vec![
                    condition(
                        "expiry",
                        Operator::Range,
                        &[&calendar.now, &calendar.week_end],
                    ),
                    open(),
                ],
                sort: sort("expiry", false),
            },
        },
        Spec {
            measure: Measure::DoneThisMonth,
            opens: DrillDown {
                filters: vec![in_range("completed_at", &this_month)],
                sort: sort("completed_at", true),
            },
        },
    ]
}

fn leads(calendar: &Calendar, from: &From<'_>) -> Vec<Spec> {
    let this = calendar.this_month();
    let months: Vec<usize> = match from {
        From::Saved { .. } => (1..MONTHS).collect(),
        From::Service { .. } => vec![this, this - 1],
    };
    let mut specs: Vec<Spec> = months
        .into_iter()
        .map(|index| {
            let (month, range) = calendar.month(index);
            Spec {
                measure: Measure::Month {
                    month,
                    status: None,
                },
                opens: DrillDown {
                    filters: vec![in_range("created_at", &range)],
                    sort: sort("created_at", true),
                },
            }
        })
        .collect();
    let newest = || sort("created_at", true);
    match from {
        From::Saved { statuses } => {
            for status in *statuses {
                specs.push(match status {
                    Some(status) => Spec {
                        measure: Measure::Status {
                            status: status.clone(),
                        },
                        opens: DrillDown {
                            filters: vec![condition("status", Operator::Exact, &[status])],
                            sort: newest(),
                        },
                    },
                    None => Spec {
                        measure: Measure::NoStatus,
                        opens: DrillDown {
                            filters: vec![condition("status", Operator::Isnull, &["true"])],
                            sort: newest(),
                        },
                    },
                });
            }
        }
        From::Service { statuses } => {
            for status in *statuses {
                specs.push(Spec {
                    measure: Measure::Status {
                        status: status.clone(),
                    },
                    opens: DrillDown {
                        filters: vec![condition("status", Operator::Exact, &[status])],
                        sort: newest(),
                    },
                });
            }
            // No status holds a comma (`in` joins its values with them).
            let listed: Vec<&str> = statuses.iter().map(String::as_str).collect();
            specs.push(Spec {
                measure: Measure::OtherStatus,
                opens: DrillDown {
                    filters: if listed.is_empty() {
                        Vec::new()
                    } else {
                        vec![FilterSpec {
                            not: true,
                            ..condition("status", Operator::In, &listed)
                        }]
                    },
                    sort: newest(),
                },
            });
        }
    }
    specs
}
