//! Every filter operator on every field type, checked against the records
//! themselves (docs/service.md, "Operators" and "Typed comparisons").

use reqwest::StatusCode;
use rust_decimal::Decimal;
use serde_json::Value;

use crate::common::{
    everything, invoices, list, shared, CUSTOMERS, CUSTOMER_INVOICES, INVOICES, LEADS, PRODUCTS,
    SALES_QUOTES, STAKEHOLDERS, TASKS,
};
use crate::reference::{assert_filter, at, date, dec, decimal, ids_where, instant, text, uuid};

#[tokio::test]
async fn decimals_compare_as_decimals() {
    let records = everything(INVOICES).await;
    let total = |r: &Value| decimal(r, "total").unwrap();
    let server = shared();
    assert_filter(server, INVOICES, records, "total__gte=1000", |r| {
        total(r) >= dec("1000")
    })
    .await;
    assert_filter(server, INVOICES, records, "total__gt=99999.99", |r| {
        total(r) > dec("99999.99")
    })
    .await;
    assert_filter(server, INVOICES, records, "total__lt=250.5", |r| {
        total(r) < dec("250.5")
    })
    .await;
    assert_filter(server, INVOICES, records, "total__lte=500", |r| {
        total(r) <= dec("500")
    })
    .await;
    assert_filter(
        server,
        INVOICES,
        records,
        "subtotal__range=1000,2000.50",
        |r| {
            let subtotal = decimal(r, "subtotal").unwrap();
            subtotal >= dec("1000") && subtotal <= dec("2000.50")
        },
    )
    .await;
    assert_filter(
        server,
        INVOICES,
        records,
        "discount_percentage__in=5,10.0",
        |r| [dec("5"), dec("10")].contains(&decimal(r, "discount_percentage").unwrap()),
    )
    .await;
    // "1118.00" equals "1118": the scale does not matter.
    let first = total(&records[0]);
    let short = first.normalize().to_string();
    assert_filter(server, INVOICES, records, &format!("total={short}"), |r| {
        total(r) == first
    })
    .await;
    assert_filter(server, INVOICES, records, "discount_value__exact=0", |r| {
        decimal(r, "discount_value").unwrap() == Decimal::ZERO
    })
    .await;
}

#[tokio::test]
async fn date_times_compare_as_instants() {
    let records = everything(INVOICES).await;
    let issued = |r: &Value| instant(r, "issue_date").unwrap();
    let server = shared();
    // A bare date means 00:00:00 UTC that day.
    assert_filter(
        server,
        INVOICES,
        records,
        "issue_date__gte=2025-03-01",
        |r| issued(r) >= at("2025-03-01T00:00:00Z"),
    )
    .await;
    // `+` must be sent as %2B: 12:00 at +02:00 is 10:00 UTC.
    assert_filter(
        server,
        INVOICES,
        records,
        "issue_date__lt=2025-03-03T12:00:00%2B02:00",
        |r| issued(r) < at("2025-03-03T10:00:00Z"),
    )
    .await;
    assert_filter(
        server,
        INVOICES,
        records,
        "operation_date__gt=2026-06-30T18:00:00-05:00",
        |r| instant(r, "operation_date").unwrap() > at("2026-06-30T23:00:00Z"),
    )
    .await;
    assert_filter(
        server,
        INVOICES,
        records,
        "issue_date__range=2025-01-01,2025-01-31T23:59:59Z",
        |r| issued(r) >= at("2025-01-01T00:00:00Z") && issued(r) <= at("2025-01-31T23:59:59Z"),
    )
    .await;
    let first = text(&records[0], "issue_date").unwrap();
    assert_filter(
        server,
        INVOICES,
        records,
        &format!("issue_date={first}"),
        |r| issued(r) == at(first),
    )
    .await;
    assert_filter(server, INVOICES, records, "updated_at__isnull=true", |r| {
        r["updated_at"].is_null()
    })
    .await;
    assert_filter(server, INVOICES, records, "updated_at__isnull=false", |r| {
        !r["updated_at"].is_null()
    })
    .await;
}

#[tokio::test]
async fn integers_compare_as_integers() {
    let records = everything(INVOICES).await;
    let number = |r: &Value, field: &str| r[field].as_i64();
    let server = shared();
    assert_filter(
        server,
        INVOICES,
        records,
        "operation_number__gt=2000",
        |r| number(r, "operation_number").unwrap() > 2000,
    )
    .await;
    assert_filter(
        server,
        INVOICES,
        records,
        "operation_number__range=10,20",
        |r| (10..=20).contains(&number(r, "operation_number").unwrap()),
    )
    .await;
    assert_filter(server, INVOICES, records, "operation_number=5", |r| {
        number(r, "operation_number") == Some(5)
    })
    .await;
    let wanted: Vec<i64> = records[..3]
        .iter()
        .map(|r| number(r, "invoice_number").unwrap())
        .collect();
    let query = format!(
        "invoice_number__in={},{},{}",
        wanted[0], wanted[1], wanted[2]
    );
    assert_filter(server, INVOICES, records, &query, |r| {
        wanted.contains(&number(r, "invoice_number").unwrap())
    })
    .await;
    // int64 beyond 32 bits; nulls never match a comparison.
    assert_filter(
        server,
        INVOICES,
        records,
        "order_number__lte=4550000000",
        |r| number(r, "order_number").is_some_and(|n| n <= 4_550_000_000),
    )
    .await;
    assert_filter(
        server,
        INVOICES,
        records,
        "order_number__isnull=false",
        |r| !r["order_number"].is_null(),
    )
    .await;
    let tasks = everything(TASKS).await;
    assert_filter(server, TASKS, tasks, "priority__gte=4", |r| {
        number(r, "priority").is_some_and(|p| p >= 4)
    })
    .await;
}

#[tokio::test]
async fn booleans_are_true_or_false() {
    let records = everything(INVOICES).await;
    let server = shared();
    assert_filter(server, INVOICES, records, "is_pay_authorized=true", |r| {
        r["is_pay_authorized"] == true
    })
    .await;
    assert_filter(
        server,
        INVOICES,
        records,
        "invoice_electronic__exact=false",
        |r| r["invoice_electronic"] == false,
    )
    .await;
    let products = everything(PRODUCTS).await;
    assert_filter(server, PRODUCTS, products, "is_active=false", |r| {
        r["is_active"] == false
    })
    .await;
}

#[tokio::test]
async fn text_filters_understand_accents() {
    let stakeholders = everything(STAKEHOLDERS).await;
    let name = |r: &Value| text(r, "name").unwrap().to_owned();
    let server = shared();
    assert_filter(
        server,
        STAKEHOLDERS,
        stakeholders,
        "name__icontains=PE%C3%91A",
        |r| name(r).to_lowercase().contains("peña"),
    )
    .await;
    assert_filter(
        server,
        STAKEHOLDERS,
        stakeholders,
        "name__iexact=%C3%93PTICA+%C3%81LVAREZ",
        |r| name(r).to_lowercase() == "óptica álvarez",
    )
    .await;
    assert_filter(
        server,
        STAKEHOLDERS,
        stakeholders,
        "name__exact=%C3%93ptica+%C3%81lvarez",
        |r| name(r) == "Óptica Álvarez",
    )
    .await;
    assert_filter(
        server,
        STAKEHOLDERS,
        stakeholders,
        "name__startswith=%C3%93ptica",
        |r| name(r).starts_with("Óptica"),
    )
    .await;
    // `startswith` and `exact` are case-sensitive.
    for query in [
        "name__startswith=%C3%B3ptica",
        "name__exact=%C3%B3ptica+%C3%A1lvarez",
    ] {
        let answer = list(server, STAKEHOLDERS, query).await;
        assert_eq!(answer.count(), 0, "{query}");
    }
    // Code-point order: "Ó" comes after "Z".
    assert_filter(server, STAKEHOLDERS, stakeholders, "name__gt=Z", |r| {
        name(r).as_str() > "Z"
    })
    .await;
    assert_filter(server, STAKEHOLDERS, stakeholders, "name__lt=D", |r| {
        name(r).as_str() < "D"
    })
    .await;
    let numbers: Vec<String> = stakeholders[..2]
        .iter()
        .map(|r| text(r, "document_number").unwrap().to_owned())
        .collect();
    let query = format!("document_number__in={},{}", numbers[0], numbers[1]);
    assert_filter(server, STAKEHOLDERS, stakeholders, &query, |r| {
        numbers
            .iter()
            .any(|n| Some(n.as_str()) == text(r, "document_number"))
    })
    .await;

    let invoices = everything(INVOICES).await;
    assert_filter(
        server,
        INVOICES,
        invoices,
        "description__icontains=BOGOT%C3%81",
        |r| text(r, "description").is_some_and(|d| d.to_lowercase().contains("bogotá")),
    )
    .await;
    assert_filter(
        server,
        INVOICES,
        invoices,
        "name__startswith=FP-2025",
        |r| text(r, "name").unwrap().starts_with("FP-2025"),
    )
    .await;
    assert_filter(server, INVOICES, invoices, "prefix__isnull=true", |r| {
        r["prefix"].is_null()
    })
    .await;
    let products = everything(PRODUCTS).await;
    assert_filter(
        server,
        PRODUCTS,
        products,
        "name__icontains=CAF%C3%89",
        |r| text(r, "name").unwrap().to_lowercase().contains("café"),
    )
    .await;
}

#[tokio::test]
async fn related_names_filter_by_the_related_record() {
    let invoices = everything(INVOICES).await;
    let supplier_of = |r: &Value| uuid(r, "supplier").unwrap();
    let server = shared();
    // Which suppliers are "Pacífico…" is read from a first filtered list,
    // then every invoice of those suppliers must be listed.
    let pacifico =
        crate::common::all(server, INVOICES, "supplier__name__icontains=PAC%C3%8DFICO").await;
    let suppliers: Vec<_> = pacifico.iter().map(supplier_of).collect();
    assert!(!suppliers.is_empty());
    assert!(suppliers.iter().all(|s| *s == suppliers[0]));
    let expected = ids_where(invoices, |r| supplier_of(r) == suppliers[0]);
    assert_eq!(
        pacifico.iter().map(crate::common::id).collect::<Vec<_>>(),
        expected
    );
    let exact = crate::common::all(
        server,
        INVOICES,
        "supplier__name__iexact=caf%C3%A9+monta%C3%B1a+catering",
    )
    .await;
    assert!(!exact.is_empty());
    let cafe = supplier_of(&exact[0]);
    assert_ne!(cafe, suppliers[0]);
    assert_filter(
        server,
        INVOICES,
        invoices,
        &format!("supplier__id={cafe}"),
        |r| supplier_of(r) == cafe,
    )
    .await;

    let customer_invoices = everything(CUSTOMER_INVOICES).await;
    let customers = everything(CUSTOMERS).await;
    let customer_name = |r: &Value| {
        let customer = text(r, "customer").unwrap();
        let record = customers
            .iter()
            .find(|c| text(c, "id") == Some(customer))
            .expect("the customer exists");
        text(record, "name").unwrap().to_lowercase()
    };
    for path in [CUSTOMER_INVOICES, SALES_QUOTES] {
        let records = if path == CUSTOMER_INVOICES {
            customer_invoices
        } else {
            everything(SALES_QUOTES).await
        };
        assert_filter(
            server,
            path,
            records,
            "customer__name__icontains=%C3%B1",
            |r| customer_name(r).contains('ñ'),
        )
        .await;
    }
}

#[tokio::test]
async fn a_party_s_document_number_filters_by_the_related_record() {
    let server = shared();
    // Every supplier has one tax id: the invoices whose supplier's starts
    // with 8 and those whose starts with 9 are all of them, and a supplier's
    // invoices all fall on one side.
    let invoices = everything(INVOICES).await;
    let eights =
        crate::common::all(server, INVOICES, "supplier__document_number__startswith=8").await;
    let nines =
        crate::common::all(server, INVOICES, "supplier__document_number__startswith=9").await;
    assert!(!eights.is_empty() && !nines.is_empty());
    assert_eq!(eights.len() + nines.len(), invoices.len());
    let suppliers = |records: &[Value]| -> std::collections::HashSet<_> {
        records
            .iter()
            .map(|r| uuid(r, "supplier").unwrap())
            .collect()
    };
    assert!(suppliers(&eights).is_disjoint(&suppliers(&nines)));
    // A customer's document number is the customer record's.
    let customers = everything(CUSTOMERS).await;
    let number = text(&customers[0], "document_number").unwrap();
    let customer = text(&customers[0], "id").unwrap().to_owned();
    let sharing: Vec<String> = customers
        .iter()
        .filter(|c| text(c, "document_number") == Some(number))
        .map(|c| text(c, "id").unwrap().to_owned())
        .collect();
    assert!(sharing.contains(&customer));
    for path in [CUSTOMER_INVOICES, SALES_QUOTES] {
        assert_filter(
            server,
            path,
            everything(path).await,
            &format!("customer__document_number={number}"),
            |r| sharing.iter().any(|c| text(r, "customer") == Some(c)),
        )
        .await;
    }
}

#[tokio::test]
async fn a_stakeholder_s_location_name_and_document_type_code_give_their_ids() {
    let server = shared();
    let stakeholders = everything(STAKEHOLDERS).await;
    // The stakeholders in Cali all share one location, and every
    // stakeholder at that location is listed.
    let cali = crate::common::all(server, STAKEHOLDERS, "geographic_location__name=Cali").await;
    let location = uuid(&cali[0], "geographic_location").unwrap();
    assert_filter(
        server,
        STAKEHOLDERS,
        stakeholders,
        "geographic_location__name__iexact=cali",
        |r| uuid(r, "geographic_location") == Some(location),
    )
    .await;
    let nit = crate::common::all(server, STAKEHOLDERS, "document_type__code=NIT").await;
    let document_type = uuid(&nit[0], "document_type").unwrap();
    assert_filter(
        server,
        STAKEHOLDERS,
        stakeholders,
        "document_type__code=NIT",
        |r| {
            uuid(r, "document_type") == Some(document_type)
                && text(r, "document_type_name") == Some("NIT")
        },
    )
    .await;
    assert_filter(
        server,
        STAKEHOLDERS,
        stakeholders,
        "document_type__name__icontains=c%C3%A9dula",
        |r| text(r, "document_type_name").unwrap().contains("Cédula"),
    )
    .await;
}

#[tokio::test]
async fn uuids_compare_as_uuids() {
    let records = everything(INVOICES).await;
    let server = shared();
    let first = uuid(&records[0], "supplier").unwrap();
    assert_filter(
        server,
        INVOICES,
        records,
        &format!("supplier={first}"),
        |r| uuid(r, "supplier") == Some(first),
    )
    .await;
    let other = records
        .iter()
        .filter_map(|r| uuid(r, "supplier"))
        .find(|s| *s != first)
        .unwrap();
    assert_filter(
        server,
        INVOICES,
        records,
        &format!("supplier__in={first},{other}"),
        |r| [Some(first), Some(other)].contains(&uuid(r, "supplier")),
    )
    .await;
    // Upper case is the same uuid.
    let id = uuid(&records[5], "id").unwrap();
    let upper = id.to_string().to_uppercase();
    assert_filter(server, INVOICES, records, &format!("id={upper}"), |r| {
        uuid(r, "id") == Some(id)
    })
    .await;
    let member = uuid(&records[0], "member").unwrap();
    let query = format!("member__iexact={}", member.to_string().to_uppercase());
    assert_filter(server, INVOICES, records, &query, |r| {
        uuid(r, "member") == Some(member)
    })
    .await;
    assert_filter(server, INVOICES, records, "cost_center__isnull=true", |r| {
        r["cost_center"].is_null()
    })
    .await;
    let prefix = &id.to_string()[..3];
    assert_filter(
        server,
        INVOICES,
        records,
        &format!("id__startswith={prefix}"),
        |r| text(r, "id").unwrap().starts_with(prefix),
    )
    .await;
}

#[tokio::test]
async fn enumerations_match_their_codes() {
    let records = everything(INVOICES).await;
    let code = |r: &Value, field: &str| text(r, field).unwrap().to_owned();
    let server = shared();
    assert_filter(server, INVOICES, records, "operation_status=PR", |r| {
        code(r, "operation_status") == "PR"
    })
    .await;
    assert_filter(
        server,
        INVOICES,
        records,
        "operation_status__in=PR,ER",
        |r| ["PR", "ER"].contains(&code(r, "operation_status").as_str()),
    )
    .await;
    assert_filter(
        server,
        INVOICES,
        records,
        "document_type__iexact=crn",
        |r| code(r, "document_type") == "CRN",
    )
    .await;
    assert_filter(server, INVOICES, records, "audit_status__in=U", |r| {
        code(r, "audit_status") == "U"
    })
    .await;
}

#[tokio::test]
async fn dates_compare_as_days() {
    let customers = everything(CUSTOMERS).await;
    let since = |r: &Value| date(r, "customer_since");
    let day = |text: &str| chrono::NaiveDate::parse_from_str(text, "%Y-%m-%d").unwrap();
    let server = shared();
    assert_filter(
        server,
        CUSTOMERS,
        customers,
        "customer_since__lt=2020-01-01",
        |r| since(r).is_some_and(|d| d < day("2020-01-01")),
    )
    .await;
    assert_filter(
        server,
        CUSTOMERS,
        customers,
        "customer_since__range=2018-01-01,2021-12-31",
        |r| since(r).is_some_and(|d| d >= day("2018-01-01") && d <= day("2021-12-31")),
    )
    .await;
    assert_filter(
        server,
        CUSTOMERS,
        customers,
        "customer_since__isnull=true",
        |r| since(r).is_none(),
    )
    .await;
}

#[tokio::test]
async fn other_resources_filter_their_own_fields() {
    let server = shared();
    let tasks = everything(TASKS).await;
    assert_filter(server, TASKS, tasks, "status__in=done,cancelled", |r| {
        ["done", "cancelled"].contains(&text(r, "status").unwrap_or(""))
    })
    .await;
    assert_filter(server, TASKS, tasks, "completed_at__isnull=false", |r| {
        !r["completed_at"].is_null()
    })
    .await;
    let leads = everything(LEADS).await;
    assert_filter(server, LEADS, leads, "source__in=website,referral", |r| {
        ["website", "referral"].contains(&text(r, "source").unwrap_or(""))
    })
    .await;
    assert_filter(server, LEADS, leads, "person__isnull=true", |r| {
        r["person"].is_null()
    })
    .await;
    let quotes = everything(SALES_QUOTES).await;
    assert_filter(
        server,
        SALES_QUOTES,
        quotes,
        "valid_until__isnull=true",
        |r| r["valid_until"].is_null(),
    )
    .await;
    let products = everything(PRODUCTS).await;
    assert_filter(
        server,
        PRODUCTS,
        products,
        "unit_price__range=1000,5000.5",
        |r| {
            let price = decimal(r, "unit_price").unwrap();
            price >= dec("1000") && price <= dec("5000.5")
        },
    )
    .await;
    assert_filter(server, PRODUCTS, products, "stock_quantity=0", |r| {
        r["stock_quantity"] == 0
    })
    .await;
}

#[tokio::test]
async fn not_of_a_condition_keeps_nulls() {
    let records = everything(INVOICES).await;
    let server = shared();
    let office =
        |r: &Value| text(r, "description").is_some_and(|d| d.to_lowercase().contains("office"));
    assert_filter(
        server,
        INVOICES,
        records,
        "description__icontains=office",
        office,
    )
    .await;
    // Django's exclude(): a null description is kept by the negation.
    assert_filter(
        server,
        INVOICES,
        records,
        "not__description__icontains=office",
        |r| !office(r),
    )
    .await;
    assert!(records.iter().any(|r| r["description"].is_null()));
    assert_filter(
        server,
        INVOICES,
        records,
        "not__order_number__gt=4550000000",
        |r| {
            r["order_number"]
                .as_i64()
                .is_none_or(|n| n <= 4_550_000_000)
        },
    )
    .await;
    assert_filter(server, INVOICES, records, "not__prefix__isnull=true", |r| {
        !r["prefix"].is_null()
    })
    .await;
}

#[tokio::test]
async fn bad_values_are_400_naming_the_parameter() {
    let cases = [
        "total__gte=abc",
        "issue_date__gte=yesterday",
        "is_pay_authorized=maybe",
        "operation_number__gt=1.5",
        "operation_status=XX",
        "not__id=not-a-uuid",
        "total__range=1",
        "order_number__isnull=perhaps",
        "is_pay_authorized__gt=true",
        "or__total__icontains=5",
        "custom_fields__exact=null",
    ];
    for query in cases {
        let (parameter, _) = query.split_once('=').unwrap();
        let answer = invoices(shared(), query).await;
        answer.assert_error(StatusCode::BAD_REQUEST);
        assert_eq!(answer.data_keys(), [parameter], "{query}: {}", answer.body);
        let messages = answer.data()[parameter].as_array().unwrap();
        assert!(!messages.is_empty() && messages.iter().all(Value::is_string));
    }
    let answer = list(shared(), CUSTOMERS, "customer_since__gte=2020-13-01").await;
    answer.assert_error(StatusCode::BAD_REQUEST);
    assert_eq!(answer.data_keys(), ["customer_since__gte"]);
}
