//! Checking queries against the resource schemas, and the worked example of
//! docs/service.md, "Folding", evaluated on records.

use std::collections::HashSet;

use serde_json::{json, Map, Value as Json};
use workdesk_query::{resources, FieldType, ListQuery, ValidationErrors};

fn errors(raw: &str) -> ValidationErrors {
    ListQuery::parse(raw)
        .unwrap()
        .check(&resources::SUPPLIER_INVOICE)
        .expect_err(raw)
}

/// The reasons for `parameter`, technically (`unknown_field (field=x)`).
fn reasons(errors: &ValidationErrors, parameter: &str) -> Vec<String> {
    errors
        .get(parameter)
        .unwrap_or_default()
        .iter()
        .map(ToString::to_string)
        .collect()
}

fn object(value: Json) -> Map<String, Json> {
    value.as_object().unwrap().clone()
}

#[test]
fn unknown_names_in_fields_sort_and_filters_are_named() {
    let errors = errors("fields=id,nope&sort=-nada&colour__exact=red&supplier__phone=1");
    assert_eq!(reasons(&errors, "fields"), ["unknown_field (field=nope)"]);
    assert_eq!(reasons(&errors, "sort"), ["unknown_field (field=nada)"]);
    assert_eq!(
        reasons(&errors, "colour__exact"),
        ["unknown_field (field=colour)"]
    );
    assert_eq!(
        reasons(&errors, "supplier__phone"),
        ["unknown_field (field=supplier__phone)"]
    );
}

#[test]
fn values_must_fit_the_field_type() {
    let errors = errors(
        "total__gte=ten&invoice_number=1.5&issue_date__lt=yesterday&is_pay_authorized=yes&supplier=42",
    );
    for parameter in [
        "total__gte",
        "invoice_number",
        "issue_date__lt",
        "is_pay_authorized",
        "supplier",
    ] {
        assert!(errors.get(parameter).is_some(), "{parameter}: {errors}");
    }
}

#[test]
fn operators_must_apply_to_the_type() {
    let errors =
        errors("total__icontains=1&is_pay_authorized__gt=true&custom_fields=x&sort=custom_fields");
    assert!(errors.get("total__icontains").is_some());
    assert!(errors.get("is_pay_authorized__gt").is_some());
    assert!(errors.get("custom_fields").is_some());
    assert_eq!(
        reasons(&errors, "sort"),
        ["cannot_sort (field=custom_fields)"]
    );
    let plan = ListQuery::parse("custom_fields__isnull=false")
        .unwrap()
        .check(&resources::SUPPLIER_INVOICE)
        .unwrap();
    assert!(plan.matches(&object(json!({"custom_fields": {"a": 1}}))));
    assert!(!plan.matches(&object(json!({"custom_fields": null}))));
}

#[test]
fn choices_lists_ranges_and_isnull_are_checked() {
    let errors = errors(
        "operation_status=XX&document_type__in=INV,FOO&total__range=1&order_number__range=1,2,3&description__isnull=maybe&total__in=",
    );
    assert_eq!(
        reasons(&errors, "operation_status"),
        ["not_a_choice (value=XX, choices=PR, CO, ER)"]
    );
    assert!(errors.get("document_type__in").is_some());
    assert!(errors.get("total__range").is_some());
    assert!(errors.get("order_number__range").is_some());
    assert!(errors.get("description__isnull").is_some());
    assert!(errors.get("total__in").is_some());
}

#[test]
fn a_valid_query_gives_a_plan_with_defaults_and_fields_in_schema_order() {
    let plan = ListQuery::parse("fields=total,id&take=all&page=3&sort=-total,supplier__name")
        .unwrap()
        .check(&resources::SUPPLIER_INVOICE)
        .unwrap();
    assert_eq!((plan.page, plan.take), (3, 200));
    let names: Vec<_> = plan.fields.unwrap().iter().map(|f| f.name).collect();
    assert_eq!(names, ["id", "total"]);
    let plan = ListQuery::parse("")
        .unwrap()
        .check(&resources::SUPPLIER_INVOICE)
        .unwrap();
    assert_eq!((plan.page, plan.take, plan.fields), (1, 20, None));
}

#[test]
fn the_conventions_example_folds_left_to_right() {
    // ((status = PR) OR (total >= 1000)) AND NOT (supplier.name ilike %acme%)
    let plan = ListQuery::parse(
        "operation_status__exact=PR&or__total__gte=1000&not__supplier__name__icontains=acme",
    )
    .unwrap()
    .check(&resources::SUPPLIER_INVOICE)
    .unwrap();
    let record = |status: &str, total: &str, supplier: Option<&str>| {
        object(json!({"operation_status": status, "total": total,
            "supplier": {"name": supplier}}))
    };
    assert!(plan.matches(&record("PR", "5.00", Some("Peña Hermanos"))));
    assert!(plan.matches(&record("CO", "1000.00", Some("Díaz"))));
    assert!(!plan.matches(&record("CO", "999.99", Some("Díaz"))));
    assert!(!plan.matches(&record("PR", "5.00", Some("ACME Industrial"))));
    // Django's exclude(): a null supplier name is kept by not__…icontains.
    assert!(plan.matches(&record("PR", "5.00", None)));
}

#[test]
fn case_insensitive_operators_lower_case_beyond_ascii() {
    let plan = ListQuery::parse("supplier__name__iexact=PEÑA DÍAZ&or__name__icontains=ÁLVAREZ")
        .unwrap()
        .check(&resources::SUPPLIER_INVOICE)
        .unwrap();
    assert!(plan.matches(&object(json!({"supplier__name": "peña díaz", "name": "x"}))));
    assert!(plan.matches(&object(
        json!({"supplier__name": "x", "name": "Óptica Álvarez"})
    )));
    assert!(!plan.matches(&object(
        json!({"supplier__name": "pena diaz", "name": "alvarez"})
    )));
}

#[test]
fn project_keeps_only_the_selected_fields() {
    let plan = ListQuery::parse("fields=total,id")
        .unwrap()
        .check(&resources::SUPPLIER_INVOICE)
        .unwrap();
    let record = object(json!({"id": "x", "name": "n", "total": "1.00"}));
    let projected = plan.project(&record);
    assert_eq!(projected.keys().collect::<Vec<_>>(), ["id", "total"]);
}

#[test]
fn every_resource_schema_is_well_formed() {
    for schema in resources::ALL {
        let names: HashSet<_> = schema.fields.iter().map(|f| f.name).collect();
        assert_eq!(
            names.len(),
            schema.fields.len(),
            "{}: duplicate field",
            schema.resource
        );
        let id = schema.field("id").expect("every resource has an id");
        assert_eq!(id.kind, FieldType::Uuid);
        assert!(schema.path.starts_with('/') && schema.path.ends_with('/'));
        for relation in schema.relations {
            let reference = schema.field(relation.name).expect("relation names a field");
            assert_eq!(reference.kind, FieldType::Uuid, "{}", relation.name);
        }
        assert_eq!(resources::by_name(schema.resource), Some(schema));
    }
}

#[test]
fn related_paths_read_expanded_flat_or_reference_values() {
    let plan = |raw: &str| {
        ListQuery::parse(raw)
            .unwrap()
            .check(&resources::SUPPLIER_INVOICE)
            .unwrap()
    };
    let id = "0b9f5c3e-5d59-4a48-a9a6-2a1a3f0c8e11";
    let by_id = plan(&format!("supplier__id={id}"));
    assert!(by_id.matches(&object(json!({"supplier": id}))));
    assert!(by_id.matches(&object(json!({"supplier": {"id": id, "name": "x"}}))));
    let by_name = plan("supplier__name__startswith=Peña");
    assert!(by_name.matches(&object(
        json!({"supplier": id, "supplier__name": "Peña Hermanos"})
    )));
    assert!(!by_name.matches(&object(json!({"supplier": id}))));
}
