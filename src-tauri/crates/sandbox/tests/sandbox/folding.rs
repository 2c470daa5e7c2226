//! `or__` and `not__` fold left to right in query-string order
//! (docs/service.md, "Folding", and its example).

use serde_json::Value;

use crate::common::{everything, shared, INVOICES};
use crate::reference::{assert_filter, dec, decimal, ids_where, text};

fn status(r: &Value) -> &str {
    text(r, "operation_status").unwrap()
}

fn big(r: &Value) -> bool {
    decimal(r, "total").unwrap() >= dec("1000")
}

/// Supplier names are not in the invoice: read them from a filtered list.
async fn acme_suppliers() -> Vec<String> {
    let acme = crate::common::all(
        shared(),
        INVOICES,
        "supplier__name__icontains=ACME&fields=supplier",
    )
    .await;
    let mut suppliers: Vec<String> = acme
        .iter()
        .map(|r| text(r, "supplier").unwrap().to_owned())
        .collect();
    suppliers.dedup();
    assert_eq!(suppliers.len(), 1, "one Acme supplier");
    suppliers
}

#[tokio::test]
async fn the_conventions_example() {
    let records = everything(INVOICES).await;
    let acme = acme_suppliers().await;
    let is_acme = |r: &Value| acme.iter().any(|s| Some(s.as_str()) == text(r, "supplier"));
    // ((status = PR) OR (total >= 1000)) AND NOT (supplier.name ilike %acme%)
    assert_filter(
        shared(),
        INVOICES,
        records,
        "operation_status__exact=PR&or__total__gte=1000&not__supplier__name__icontains=acme",
        |r| (status(r) == "PR" || big(r)) && !is_acme(r),
    )
    .await;
}

#[tokio::test]
async fn order_changes_the_meaning() {
    let records = everything(INVOICES).await;
    let acme = acme_suppliers().await;
    let is_acme = |r: &Value| acme.iter().any(|s| Some(s.as_str()) == text(r, "supplier"));
    let first = |r: &Value| (status(r) == "PR" || big(r)) && !is_acme(r);
    // ((total >= 1000) AND NOT acme) OR (status = PR)
    let second = |r: &Value| (big(r) && !is_acme(r)) || status(r) == "PR";
    assert_filter(
        shared(),
        INVOICES,
        records,
        "total__gte=1000&not__supplier__name__icontains=acme&or__operation_status=PR",
        second,
    )
    .await;
    assert_ne!(ids_where(records, first), ids_where(records, second));
}

#[tokio::test]
async fn chains_of_or_then_and() {
    let records = everything(INVOICES).await;
    // (((ER OR ADV) OR total >= 100000) AND NOT is_pay_authorized)
    assert_filter(
        shared(),
        INVOICES,
        records,
        "operation_status=ER&or__document_type=ADV&or__total__gte=100000&is_pay_authorized=false",
        |r| {
            (status(r) == "ER"
                || text(r, "document_type") == Some("ADV")
                || decimal(r, "total").unwrap() >= dec("100000"))
                && r["is_pay_authorized"] == false
        },
    )
    .await;
}

#[tokio::test]
async fn not_negates_only_its_own_condition() {
    let records = everything(INVOICES).await;
    // NOT (status = CO) OR NOT (is_pay_authorized = false)
    assert_filter(
        shared(),
        INVOICES,
        records,
        "not__operation_status=CO&or__not__is_pay_authorized=false",
        |r| status(r) != "CO" || r["is_pay_authorized"] == true,
    )
    .await;
    // `or__` on the first condition has nothing to combine with: it starts the fold.
    assert_filter(
        shared(),
        INVOICES,
        records,
        "or__operation_status=ER&total__lt=2000",
        |r| status(r) == "ER" && decimal(r, "total").unwrap() < dec("2000"),
    )
    .await;
}
