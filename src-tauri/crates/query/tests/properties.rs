//! Property tests of the engine: encoding then parsing gives the query back,
//! and evaluation agrees with a straightforward reference written over native
//! Rust values on random records and queries.

use std::cmp::Ordering;
use std::num::NonZeroU32;

use chrono::{DateTime, TimeZone, Utc};
use proptest::prelude::*;
use rust_decimal::Decimal;
use serde_json::{json, Map, Value as Json};
use workdesk_query::{
    Condition, Field, FieldPath, FieldType, Inexpressible, ListQuery, Operator, RelatedSearch,
    Relation, Schema, Search, SearchBy, SortKey, Take,
};

// ---------------------------------------------------------------- encode → parse

fn name() -> impl Strategy<Value = String> {
    "[a-z][a-z0-9]{0,6}(_[a-z0-9]{1,4}){0,2}"
        .prop_filter("not a prefix word", |n| n != "or" && n != "not")
}

fn path() -> impl Strategy<Value = FieldPath> {
    prop_oneof![
        name().prop_map(FieldPath::field),
        (name(), name()).prop_map(|(r, f)| FieldPath::related(r, f)),
    ]
}

fn operator() -> impl Strategy<Value = Operator> {
    prop::sample::select(Operator::ALL.to_vec())
}

fn condition() -> impl Strategy<Value = Condition> {
    (
        any::<bool>(),
        any::<bool>(),
        path(),
        operator(),
        any::<bool>(),
        any::<String>(),
    )
        .prop_map(|(or, not, path, operator, implicit, value)| {
            // An implicit `exact` is only representable when the path does not
            // itself end in an operator name (`x__in` would read as `in`).
            let implicit_exact = implicit
                && operator == Operator::Exact
                && (path.relation.is_none() || Operator::from_name(&path.field).is_none());
            Condition {
                or,
                not,
                path,
                operator,
                implicit_exact,
                value,
            }
        })
}

fn list_query() -> impl Strategy<Value = ListQuery> {
    (
        proptest::option::of(1u32..).prop_map(|p| p.and_then(NonZeroU32::new)),
        proptest::option::of(prop_oneof![
            (1u8..=200).prop_map(Take::Count),
            Just(Take::All)
        ]),
        proptest::option::of(prop::collection::vec(name(), 1..4)),
        prop::collection::vec(
            (path(), any::<bool>()).prop_map(|(path, descending)| SortKey { path, descending }),
            0..3,
        ),
        prop::collection::vec(condition(), 0..5),
    )
        .prop_map(|(page, take, fields, sort, filters)| ListQuery {
            page,
            take,
            fields,
            sort,
            filters,
        })
}

proptest! {
    #[test]
    fn encode_then_parse_is_the_identity(query in list_query()) {
        let encoded = query.to_query_string();
        let parsed = ListQuery::parse(&encoded).unwrap();
        prop_assert_eq!(&parsed, &query, "encoded as {}", encoded);
        // Canonical: encoding again gives the same text.
        prop_assert_eq!(parsed.to_query_string(), encoded);
    }
}

// ---------------------------------------------------------------- evaluation

const STATES: &[&str] = &["PR", "CO", "ER"];

static RELATED: [Field; 1] = [Field::new("name", FieldType::String, false)];

/// A small resource with one field of each comparable type, all nullable.
static TEST: Schema = Schema {
    resource: "test",
    path: "/test/",
    fields: &[
        Field::new("id", FieldType::Uuid, false),
        Field::new("amount", FieldType::Decimal, true),
        Field::new("count", FieldType::Integer, true),
        Field::new("at", FieldType::DateTime, true),
        Field::new("flag", FieldType::Boolean, true),
        Field::new("label", FieldType::String, true),
        Field::new("state", FieldType::Enum(STATES), true),
        Field::new("code", FieldType::String, true),
    ],
    relations: &[Relation {
        name: "owner",
        fields: &RELATED,
    }],
    search: &[
        ("label", SearchBy::Text),
        ("code", SearchBy::Code),
        ("count", SearchBy::Number),
    ],
    related_search: &[RelatedSearch {
        relation: "owner",
        field: "name",
        by: SearchBy::Text,
    }],
};

/// [`TEST`] searching its label and count only: a word that is not a
/// whole number has one condition, a whole number two.
static TEST_NUMBERED: Schema = Schema {
    search: &[("label", SearchBy::Text), ("count", SearchBy::Number)],
    related_search: &[],
    ..TEST
};

/// A record in native types: the reference reads these, the engine the JSON.
#[derive(Debug, Clone)]
struct Native {
    id: u128,
    amount: Option<Decimal>,
    count: Option<i64>,
    at: Option<DateTime<Utc>>,
    flag: Option<bool>,
    label: Option<String>,
    state: Option<&'static str>,
    owner: String,
    code: Option<String>,
}

fn uuid_text(id: u128) -> String {
    uuid::Uuid::from_u128(id).hyphenated().to_string()
}

impl Native {
    fn json(&self) -> Map<String, Json> {
        let json = json!({
            "id": uuid_text(self.id),
            "amount": self.amount.map(|d| d.to_string()),
            "count": self.count,
            "at": self.at.map(|t| t.to_rfc3339()),
            "flag": self.flag,
            "label": self.label,
            "state": self.state,
            "owner": {"name": self.owner},
            "code": self.code,
        });
        json.as_object().unwrap().clone()
    }
}

fn decimal() -> impl Strategy<Value = Decimal> {
    (-200_000i64..200_000, 0u32..3).prop_map(|(units, scale)| Decimal::new(units, scale))
}

fn instant() -> impl Strategy<Value = DateTime<Utc>> {
    // 2024-01-01 .. 2024-01-11, in whole hours so that equal values happen.
    (0i64..240).prop_map(|h| Utc.timestamp_opt(1_704_067_200 + h * 3600, 0).unwrap())
}

fn text() -> impl Strategy<Value = String> {
    prop::sample::select(vec![
        "Peña",
        "PEÑA",
        "peña díaz",
        "Díaz",
        "acme",
        "ACME Corp",
        "Ångström",
        "",
        "zeta",
    ])
    .prop_map(str::to_owned)
}

fn native() -> impl Strategy<Value = Native> {
    (
        0u128..40,
        proptest::option::of(decimal()),
        proptest::option::of(-50i64..50),
        proptest::option::of(instant()),
        proptest::option::of(any::<bool>()),
        proptest::option::of(text()),
        proptest::option::of(prop::sample::select(STATES.to_vec())),
        text(),
        proptest::option::of(
            prop::sample::select(vec!["TORN-38", "ab12", "900-12", "X-3", "zeta"])
                .prop_map(str::to_owned),
        ),
    )
        .prop_map(
            |(id, amount, count, at, flag, label, state, owner, code)| Native {
                id,
                amount,
                count,
                at,
                flag,
                label,
                state,
                owner,
                code,
            },
        )
}

/// A condition valid for TEST: field, operator, and a value of the field's type.
fn valid_condition() -> impl Strategy<Value = Condition> {
    let ordered = prop::sample::select(vec![
        Operator::Exact,
        Operator::Gt,
        Operator::Gte,
        Operator::Lt,
        Operator::Lte,
        Operator::Isnull,
        Operator::In,
        Operator::Range,
    ]);
    let textual = prop::sample::select(vec![
        Operator::Exact,
        Operator::Iexact,
        Operator::Icontains,
        Operator::Startswith,
        Operator::Gt,
        Operator::Lt,
        Operator::In,
        Operator::Isnull,
    ]);
    let fixed = |field: &'static str| Just(FieldPath::field(field));
    let case = prop_oneof![
        (
            fixed("amount"),
            ordered.clone(),
            prop::collection::vec(decimal().prop_map(|d| d.to_string()), 2)
        ),
        (
            fixed("count"),
            ordered.clone(),
            prop::collection::vec((-50i64..50).prop_map(|n| n.to_string()), 2)
        ),
        (
            fixed("at"),
            ordered,
            prop::collection::vec(
                prop_oneof![
                    instant().prop_map(|t| t.to_rfc3339()),
                    instant().prop_map(|t| t.format("%Y-%m-%d").to_string()),
                    instant().prop_map(|t| t
                        .with_timezone(&chrono::FixedOffset::east_opt(7200).unwrap())
                        .to_rfc3339()),
                ],
                2
            )
        ),
        (
            fixed("flag"),
            prop::sample::select(vec![Operator::Exact, Operator::Isnull, Operator::In]),
            prop::collection::vec(any::<bool>().prop_map(|b| b.to_string()), 2)
        ),
        (
            fixed("label"),
            textual.clone(),
            prop::collection::vec(
                prop_oneof![
                    text(),
                    Just("peñ".to_owned()),
                    Just("ÑA".to_owned()),
                    Just("Dí".to_owned())
                ],
                2
            )
        ),
        (
            Just(FieldPath::related("owner", "name")),
            textual,
            prop::collection::vec(prop_oneof![text(), Just("peñ".to_owned())], 2)
        ),
        (
            fixed("state"),
            prop::sample::select(vec![
                Operator::Exact,
                Operator::In,
                Operator::Isnull,
                Operator::Iexact
            ]),
            prop::collection::vec(
                prop::sample::select(STATES.to_vec()).prop_map(str::to_owned),
                2
            )
        ),
    ];
    (any::<bool>(), any::<bool>(), case, any::<bool>()).prop_map(
        |(or, not, (path, operator, values), null)| {
            let value = match operator {
                Operator::Isnull => null.to_string(),
                Operator::In | Operator::Range => values.join(","),
                _ => values[0].clone(),
            };
            Condition {
                or,
                not,
                path,
                operator,
                implicit_exact: false,
                value,
            }
        },
    )
}

/// The reference: each condition computed on the native values, then the
/// left-to-right fold written as a loop.
fn reference(record: &Native, conditions: &[Condition]) -> bool {
    let mut result: Option<bool> = None;
    for condition in conditions {
        let mut holds = reference_condition(record, condition);
        if condition.not {
            holds = !holds;
        }
        result = Some(match result {
            None => holds,
            Some(so_far) if condition.or => so_far || holds,
            Some(so_far) => so_far && holds,
        });
    }
    result.unwrap_or(true)
}

fn cmp_op<T: Ord>(value: &T, operator: Operator, operands: &[T]) -> bool {
    match operator {
        Operator::Exact => *value == operands[0],
        Operator::Gt => *value > operands[0],
        Operator::Gte => *value >= operands[0],
        Operator::Lt => *value < operands[0],
        Operator::Lte => *value <= operands[0],
        Operator::In => operands.contains(value),
        Operator::Range => operands[0] <= *value && *value <= operands[1],
        _ => unreachable!("{operator}"),
    }
}

fn text_op(value: &str, operator: Operator, operands: &[&str]) -> bool {
    match operator {
        Operator::Iexact => value.to_lowercase() == operands[0].to_lowercase(),
        Operator::Icontains => value.to_lowercase().contains(&operands[0].to_lowercase()),
        Operator::Startswith => value.starts_with(operands[0]),
        _ => cmp_op(&value, operator, operands),
    }
}

fn reference_condition(record: &Native, condition: &Condition) -> bool {
    let items: Vec<&str> = match condition.operator {
        Operator::In | Operator::Range => condition.value.split(',').collect(),
        _ => vec![condition.value.as_str()],
    };
    let field = if condition.path.relation.is_some() {
        "owner"
    } else {
        condition.path.field.as_str()
    };
    let is_null = match field {
        "amount" => record.amount.is_none(),
        "count" => record.count.is_none(),
        "at" => record.at.is_none(),
        "flag" => record.flag.is_none(),
        "label" => record.label.is_none(),
        "state" => record.state.is_none(),
        _ => false,
    };
    if condition.operator == Operator::Isnull {
        return is_null == (condition.value == "true");
    }
    if is_null {
        return false;
    }
    match field {
        "amount" => {
            let operands: Vec<Decimal> = items.iter().map(|s| s.parse().unwrap()).collect();
            cmp_op(&record.amount.unwrap(), condition.operator, &operands)
        }
        "count" => {
            let operands: Vec<i64> = items.iter().map(|s| s.parse().unwrap()).collect();
            cmp_op(&record.count.unwrap(), condition.operator, &operands)
        }
        "at" => {
            let operands: Vec<DateTime<Utc>> = items
                .iter()
                .map(|s| match DateTime::parse_from_rfc3339(s) {
                    Ok(t) => t.with_timezone(&Utc),
                    Err(_) => format!("{s}T00:00:00Z").parse().unwrap(),
                })
                .collect();
            cmp_op(&record.at.unwrap(), condition.operator, &operands)
        }
        "flag" => {
            let operands: Vec<bool> = items.iter().map(|s| *s == "true").collect();
            cmp_op(&record.flag.unwrap(), condition.operator, &operands)
        }
        "label" => text_op(record.label.as_deref().unwrap(), condition.operator, &items),
        "state" => text_op(record.state.unwrap(), condition.operator, &items),
        _ => text_op(&record.owner, condition.operator, &items),
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn evaluation_agrees_with_the_reference(
        records in prop::collection::vec(native(), 1..20),
        conditions in prop::collection::vec(valid_condition(), 0..5),
    ) {
        let query = ListQuery { filters: conditions.clone(), ..ListQuery::default() };
        let plan = query.check(&TEST).unwrap();
        for record in &records {
            prop_assert_eq!(
                plan.matches(&record.json()),
                reference(record, &conditions),
                "record {:?}, query {}", record, query.to_query_string()
            );
        }
    }

    #[test]
    fn sorting_agrees_with_the_reference(
        records in prop::collection::vec(native(), 0..30),
        descending in any::<bool>(),
        key in prop::sample::select(vec!["amount", "count", "at", "label"]),
    ) {
        let mut unique = records;
        unique.sort_by_key(|r| r.id);
        unique.dedup_by_key(|r| r.id);
        let query = ListQuery {
            sort: vec![SortKey { path: FieldPath::field(key), descending }],
            ..ListQuery::default()
        };
        let plan = query.check(&TEST).unwrap();
        let json: Vec<Map<String, Json>> = unique.iter().map(Native::json).collect();
        let sorted: Vec<String> = plan
            .select(json.iter())
            .into_iter()
            .map(|r| r["id"].as_str().unwrap().to_owned())
            .collect();

        // Reference: nulls last ascending, first descending; ties by id.
        fn by<T: Ord>(a: &Option<T>, b: &Option<T>, descending: bool) -> Ordering {
            let ascending = match (a, b) {
                (None, None) => Ordering::Equal,
                (None, Some(_)) => Ordering::Greater,
                (Some(_), None) => Ordering::Less,
                (Some(a), Some(b)) => a.cmp(b),
            };
            if descending { ascending.reverse() } else { ascending }
        }
        let mut expected = unique.clone();
        expected.sort_by(|a, b| {
            match key {
                "amount" => by(&a.amount, &b.amount, descending),
                "count" => by(&a.count, &b.count, descending),
                "at" => by(&a.at, &b.at, descending),
                _ => by(&a.label, &b.label, descending),
            }
            .then(a.id.cmp(&b.id))
        });
        let expected: Vec<String> = expected.iter().map(|r| uuid_text(r.id)).collect();
        prop_assert_eq!(sorted, expected);
    }
}

// ---------------------------------------------------------------- search

fn search_text() -> impl Strategy<Value = String> {
    prop::collection::vec(
        prop::sample::select(vec![
            "peña", "ACME", "díaz", "zeta", "3", "-7", "corp", "Å", "  ", "torn-38", "12", "X-3",
        ]),
        0..4,
    )
    .prop_map(|words| words.join(" "))
}

/// The reference for one word: found in some searchable field of `schema`.
fn word_found(schema: &Schema, record: &Native, word: &str) -> bool {
    let word_lower = word.to_lowercase();
    let contains = |text: &str| text.to_lowercase().contains(&word_lower);
    let digit = word.chars().any(|c| c.is_ascii_digit());
    schema.search.iter().any(|(name, _)| match *name {
        "label" => record.label.as_deref().is_some_and(contains),
        "code" => digit && record.code.as_deref().is_some_and(contains),
        "count" => word.parse::<i64>().is_ok_and(|n| record.count == Some(n)),
        other => unreachable!("{other}"),
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    /// Whenever a search and the user's filters can be sent as one query,
    /// that query means the filters AND (every word in some searchable
    /// field, OR the whole text in the related owner's name where the
    /// schema searches it and the filters are plain ANDs); when they
    /// cannot, the reason given is the true one. Without the related
    /// conditions, it means the filters AND every word in the record's
    /// own fields (what saved records answer).
    #[test]
    fn a_search_with_filters_means_the_filters_and_every_word(
        records in prop::collection::vec(native(), 1..20),
        conditions in prop::collection::vec(valid_condition(), 0..4),
        text in search_text(),
        numbered in any::<bool>(),
    ) {
        let schema: &'static Schema = if numbered { &TEST_NUMBERED } else { &TEST };
        let search = Search::parse(&text);
        let several = search
            .words()
            .iter()
            .filter(|word| Search::word_conditions(schema, word).len() > 1)
            .count();
        let filters_or = conditions.iter().skip(1).any(|c| c.or);
        match search.combine(schema, &conditions) {
            Ok(combined) => {
                prop_assert!(several == 0 || (several == 1 && !filters_or));
                // The user's conditions come through one for one, in order.
                let theirs = &combined.conditions[combined.filters_at..combined.filters_at + conditions.len()];
                for (kept, given) in theirs.iter().zip(&conditions) {
                    prop_assert_eq!((&kept.path, kept.operator, &kept.value, kept.not), (&given.path, given.operator, &given.value, given.not));
                }
                let related = !search.is_empty() && !schema.related_search.is_empty() && !filters_or;
                prop_assert_eq!(combined.related.len(), usize::from(related));
                let mut own = combined.conditions.clone();
                own.drain(combined.related.clone());
                let query = ListQuery { filters: combined.conditions, ..ListQuery::default() };
                let plan = query.check(schema).unwrap();
                let own_query = ListQuery { filters: own, ..ListQuery::default() };
                let own_plan = own_query.check(schema).unwrap();
                let phrase = search.words().join(" ").to_lowercase();
                for record in &records {
                    let words = search.words().iter().all(|word| word_found(schema, record, word));
                    let filtered = reference(record, &conditions);
                    let in_owner = related && record.owner.to_lowercase().contains(&phrase);
                    prop_assert_eq!(
                        plan.matches(&record.json()),
                        filtered && (words || in_owner),
                        "record {:?}, search {:?}, query {}", record, text, query.to_query_string()
                    );
                    prop_assert_eq!(
                        own_plan.matches(&record.json()),
                        filtered && words,
                        "record {:?}, search {:?}, own query {}", record, text, own_query.to_query_string()
                    );
                }
            }
            Err(Inexpressible::SeveralWords) => prop_assert!(several >= 2),
            Err(Inexpressible::FiltersWithOr) => prop_assert!(several == 1 && filters_or),
        }
    }
}
