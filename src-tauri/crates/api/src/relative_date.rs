//! Relative dates in a view's conditions: "this month", "the last 30 days".
//! A condition on a date or date-time field may hold, instead of dates, one
//! token such as `@this_month` (the `@` never starts a date). A view keeps
//! the token, so a saved view means "this month" whenever it is opened; each
//! time it is checked the token is worked out into the dates it stands for
//! on the day it is read, in the user's time zone, and those are what the
//! service is sent.
//!
//! A token stands for a run of whole calendar days, first to last, both
//! included. How a condition's operator uses it:
//!
//! | operator | sent |
//! |---|---|
//! | `range` (between) | the first day's start and the last day's end |
//! | `gte` (on or after) | the first day's start |
//! | `lt` (before) | the first day's start |
//! | `gt` (after) | the last day's end |
//! | `lte` (on or before) | the last day's end |
//!
//! On a date field a day is its date (`2026-11-30`). On a date-time field a
//! day starts at 00:00 in the user's time zone and ends one microsecond
//! before the next day starts, both sent as UTC instants
//! (`2026-11-30T04:59:59.999999Z` for the end of 30 November in Bogotá).
//! Weeks start on Monday.

use chrono::{DateTime, Datelike, Duration, NaiveDate, NaiveTime, SecondsFormat, TimeZone, Utc};
use workdesk_query::{FieldType, Operator, Problem};

/// A run of calendar days relative to today.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RelativeDate {
    /// Today (`@today`).
    Today,
    /// Yesterday (`@yesterday`).
    Yesterday,
    /// Monday of this week to Sunday (`@this_week`).
    ThisWeek,
    /// The first to the last day of this month (`@this_month`).
    ThisMonth,
    /// The first to the last day of last month (`@last_month`).
    LastMonth,
    /// 1 January to 31 December of this year (`@this_year`).
    ThisYear,
    /// The last N days, today included (`@last_30_days`), N in
    /// 1..=[`LAST_DAYS_MAX`].
    LastDays(u16),
}

/// Why text starting with `@` is no period.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NoPeriod {
    /// "The last N days" with N not a whole number from 1 to
    /// [`LAST_DAYS_MAX`].
    Days,
    /// No period of that name.
    Unknown,
}

/// The longest run "the last N days" may name: ten years.
pub const LAST_DAYS_MAX: u16 = 3660;

/// The tokens of [`RelativeDate::FIXED`], in that order (what a filter's
/// period menu offers before "the last N days", `@last_<n>_days`).
pub const TOKENS: [&str; 6] = [
    "@today",
    "@yesterday",
    "@this_week",
    "@this_month",
    "@last_month",
    "@this_year",
];

/// The operators a relative period goes with, on any date or date-time
/// field.
pub const OPERATORS: [Operator; 5] = [
    Operator::Range,
    Operator::Gte,
    Operator::Gt,
    Operator::Lt,
    Operator::Lte,
];

impl RelativeDate {
    /// Every fixed token, in the order a menu offers them (then "the last N
    /// days").
    pub const FIXED: [RelativeDate; 6] = [
        RelativeDate::Today,
        RelativeDate::Yesterday,
        RelativeDate::ThisWeek,
        RelativeDate::ThisMonth,
        RelativeDate::LastMonth,
        RelativeDate::ThisYear,
    ];

    /// The token in `value` (`@this_month`, `@last_7_days`; blanks around
    /// it ignored), or `None` when it is none. `Some(Err(_))` for text
    /// that starts with `@` but names no period ([`NoPeriod`]).
    pub fn parse(value: &str) -> Option<Result<RelativeDate, NoPeriod>> {
        let name = value.trim().strip_prefix('@')?;
        if let Some(fixed) = RelativeDate::FIXED.into_iter().find(|d| d.name() == name) {
            return Some(Ok(fixed));
        }
        let Some(days) = name
            .strip_prefix("last_")
            .and_then(|rest| rest.strip_suffix("_days"))
        else {
            return Some(Err(NoPeriod::Unknown));
        };
        Some(match days.parse::<u16>() {
            Ok(days) if (1..=LAST_DAYS_MAX).contains(&days) => Ok(RelativeDate::LastDays(days)),
            _ => Err(NoPeriod::Days),
        })
    }

    fn name(self) -> String {
        match self {
            RelativeDate::Today => "today".to_owned(),
            RelativeDate::Yesterday => "yesterday".to_owned(),
            RelativeDate::ThisWeek => "this_week".to_owned(),
            RelativeDate::ThisMonth => "this_month".to_owned(),
            RelativeDate::LastMonth => "last_month".to_owned(),
            RelativeDate::ThisYear => "this_year".to_owned(),
            RelativeDate::LastDays(n) => format!("last_{n}_days"),
        }
    }

    /// The token a view holds: `@this_month`.
    pub fn token(self) -> String {
        format!("@{}", self.name())
    }

    /// The first and the last day it stands for when today is `today`.
    pub fn days(self, today: NaiveDate) -> (NaiveDate, NaiveDate) {
        let month_start = |d: NaiveDate| d.with_day(1).expect("day 1 exists");
        let month_end = |d: NaiveDate| {
            let first = month_start(d);
            let next = first
                .checked_add_months(chrono::Months::new(1))
                .expect("in range");
            next.pred_opt().expect("in range")
        };
        match self {
            RelativeDate::Today => (today, today),
            RelativeDate::Yesterday => {
                let day = today.pred_opt().expect("in range");
                (day, day)
            }
            RelativeDate::ThisWeek => {
                let monday =
                    today - Duration::days(i64::from(today.weekday().num_days_from_monday()));
                (monday, monday + Duration::days(6))
            }
            RelativeDate::ThisMonth => (month_start(today), month_end(today)),
            RelativeDate::LastMonth => {
                let last = month_start(today).pred_opt().expect("in range");
                (month_start(last), last)
            }
            RelativeDate::ThisYear => (
                NaiveDate::from_ymd_opt(today.year(), 1, 1).expect("valid"),
                NaiveDate::from_ymd_opt(today.year(), 12, 31).expect("valid"),
            ),
            RelativeDate::LastDays(n) => (today - Duration::days(i64::from(n) - 1), today),
        }
    }
}

/// The values a condition with `operator` on a field of type `kind` sends
/// for `relative`, on the day `now` falls on in its time zone.
///
/// # Errors
/// `relative_not_a_date` on a field that is no date or date-time;
/// `relative_operator` for an operator that takes no period (see
/// [`OPERATORS`]).
pub(crate) fn values<Tz: TimeZone>(
    relative: RelativeDate,
    operator: Operator,
    kind: &FieldType,
    now: &DateTime<Tz>,
) -> Result<Vec<String>, Problem> {
    let date_time = match kind {
        FieldType::Date => false,
        FieldType::DateTime => true,
        _ => return Err(Problem::new("relative_not_a_date", [])),
    };
    let tz = now.timezone();
    let (first, last) = relative.days(now.date_naive());
    let [start, end] = days_values(&tz, first, last, date_time);
    match operator {
        Operator::Range => Ok(vec![start, end]),
        Operator::Gte | Operator::Lt => Ok(vec![start]),
        Operator::Gt | Operator::Lte => Ok(vec![end]),
        _ => Err(Problem::new("relative_operator", [])),
    }
}

/// The values a `range` condition sends for the calendar days `first` to
/// `last` (both included) in `tz`: on a date field the two dates
/// (`2026-11-01`); on a date-time field (`date_time`) the first day's start
/// (`2026-11-01T05:00:00Z` in Bogotá) and one microsecond before the day
/// after `last` starts (`2026-12-01T04:59:59.999999Z`), as UTC instants.
/// What a relative period sends, and how the overview's months are filtered.
pub fn days_values<Tz: TimeZone>(
    tz: &Tz,
    first: NaiveDate,
    last: NaiveDate,
    date_time: bool,
) -> [String; 2] {
    if !date_time {
        return [first.to_string(), last.to_string()];
    }
    let next = last.succ_opt().expect("in range");
    [
        day_start(tz, first).to_rfc3339_opts(SecondsFormat::Secs, true),
        (day_start(tz, next) - Duration::microseconds(1))
            .to_rfc3339_opts(SecondsFormat::Micros, true),
    ]
}

/// When `day` starts in `tz`, as a UTC instant (a day whose midnight a
/// clock change skips starts at the first instant it has).
pub fn day_start<Tz: TimeZone>(tz: &Tz, day: NaiveDate) -> DateTime<Utc> {
    let midnight = day.and_time(NaiveTime::MIN);
    (0..=180)
        .find_map(|minutes| {
            tz.from_local_datetime(&(midnight + Duration::minutes(minutes)))
                .earliest()
        })
        .map_or_else(
            || Utc.from_utc_datetime(&midnight),
            |at| at.with_timezone(&Utc),
        )
}

#[cfg(test)]
mod tests {
    use chrono::FixedOffset;

    use super::*;

    fn at(offset_hours: i32, rfc3339_local: &str) -> DateTime<FixedOffset> {
        let tz = FixedOffset::east_opt(offset_hours * 3600).unwrap();
        tz.from_local_datetime(
            &chrono::NaiveDateTime::parse_from_str(rfc3339_local, "%Y-%m-%dT%H:%M:%S").unwrap(),
        )
        .unwrap()
    }

    fn date(text: &str) -> NaiveDate {
        text.parse().unwrap()
    }

    #[test]
    fn the_tokens_offered_are_the_fixed_periods_and_every_operator_offered_takes_them() {
        let tokens: Vec<String> = RelativeDate::FIXED.iter().map(|d| d.token()).collect();
        assert_eq!(tokens, TOKENS);
        let now = at(-5, "2026-11-30T23:30:00");
        for operator in OPERATORS {
            for kind in [FieldType::Date, FieldType::DateTime] {
                assert!(
                    values(RelativeDate::ThisMonth, operator, &kind, &now).is_ok(),
                    "{operator:?}"
                );
            }
        }
    }

    #[test]
    fn tokens_read_back_and_anything_else_is_no_period() {
        for relative in RelativeDate::FIXED
            .into_iter()
            .chain([RelativeDate::LastDays(30)])
        {
            assert_eq!(RelativeDate::parse(&relative.token()), Some(Ok(relative)));
        }
        assert_eq!(
            RelativeDate::parse(" @last_1_days "),
            Some(Ok(RelativeDate::LastDays(1)))
        );
        assert_eq!(RelativeDate::parse("2026-11-01"), None);
        for bad in ["@tomorrow", "@", "@last_week"] {
            assert_eq!(
                RelativeDate::parse(bad),
                Some(Err(NoPeriod::Unknown)),
                "{bad}"
            );
        }
        for bad in [
            "@last_0_days",
            "@last_9999_days",
            "@last_x_days",
            "@last__days",
        ] {
            assert_eq!(RelativeDate::parse(bad), Some(Err(NoPeriod::Days)), "{bad}");
        }
    }

    #[test]
    fn periods_around_month_ends_and_leap_years() {
        let today = date("2024-03-01");
        assert_eq!(
            RelativeDate::Yesterday.days(today),
            (date("2024-02-29"), date("2024-02-29"))
        );
        assert_eq!(
            RelativeDate::LastMonth.days(today),
            (date("2024-02-01"), date("2024-02-29"))
        );
        assert_eq!(
            RelativeDate::ThisMonth.days(date("2026-12-31")),
            (date("2026-12-01"), date("2026-12-31"))
        );
        assert_eq!(
            RelativeDate::LastMonth.days(date("2026-01-15")),
            (date("2025-12-01"), date("2025-12-31"))
        );
        // 26 November 2026 is a Thursday.
        assert_eq!(
            RelativeDate::ThisWeek.days(date("2026-11-26")),
            (date("2026-11-23"), date("2026-11-29"))
        );
        assert_eq!(
            RelativeDate::ThisWeek.days(date("2026-11-23")),
            (date("2026-11-23"), date("2026-11-29"))
        );
        assert_eq!(
            RelativeDate::LastDays(7).days(date("2026-11-26")),
            (date("2026-11-20"), date("2026-11-26"))
        );
        assert_eq!(
            RelativeDate::ThisYear.days(date("2026-11-26")),
            (date("2026-01-01"), date("2026-12-31"))
        );
    }

    #[test]
    fn a_date_time_period_is_the_local_days_as_utc_instants() {
        // 23:30 on 30 November in Bogotá (UTC−5) is already 1 December in
        // UTC: "this month" is still November, Bogotá's.
        let late = at(-5, "2026-11-30T23:30:00");
        assert_eq!(
            values(
                RelativeDate::ThisMonth,
                Operator::Range,
                &FieldType::DateTime,
                &late
            )
            .unwrap(),
            ["2026-11-01T05:00:00Z", "2026-12-01T04:59:59.999999Z"]
        );
        // 00:30 on 1 December in Auckland (UTC+13) is still 30 November in
        // UTC: "today" is Auckland's 1 December, "yesterday" its 30 November.
        let early = at(13, "2026-12-01T00:30:00");
        assert_eq!(
            values(
                RelativeDate::Today,
                Operator::Range,
                &FieldType::DateTime,
                &early
            )
            .unwrap(),
            ["2026-11-30T11:00:00Z", "2026-12-01T10:59:59.999999Z"]
        );
        assert_eq!(
            values(
                RelativeDate::Yesterday,
                Operator::Gte,
                &FieldType::DateTime,
                &early
            )
            .unwrap(),
            ["2026-11-29T11:00:00Z"]
        );
        // Before today: before today's start.
        assert_eq!(
            values(
                RelativeDate::Today,
                Operator::Lt,
                &FieldType::DateTime,
                &late
            )
            .unwrap(),
            ["2026-11-30T05:00:00Z"]
        );
        assert_eq!(
            values(
                RelativeDate::ThisWeek,
                Operator::Lte,
                &FieldType::DateTime,
                &late
            )
            .unwrap(),
            ["2026-12-07T04:59:59.999999Z"]
        );
    }

    #[test]
    fn a_date_period_is_its_days_and_the_wrong_operators_or_fields_are_refused() {
        let now = at(-5, "2026-11-30T23:30:00");
        assert_eq!(
            values(
                RelativeDate::LastMonth,
                Operator::Range,
                &FieldType::Date,
                &now
            )
            .unwrap(),
            ["2026-10-01", "2026-10-31"]
        );
        let code = |r: Result<Vec<String>, Problem>| r.unwrap_err().code.name;
        assert_eq!(
            code(values(
                RelativeDate::Today,
                Operator::Exact,
                &FieldType::Date,
                &now
            )),
            "relative_operator"
        );
        assert_eq!(
            code(values(
                RelativeDate::Today,
                Operator::In,
                &FieldType::Date,
                &now
            )),
            "relative_operator"
        );
        assert_eq!(
            code(values(
                RelativeDate::Today,
                Operator::Range,
                &FieldType::Decimal,
                &now
            )),
            "relative_not_a_date"
        );
    }
}
