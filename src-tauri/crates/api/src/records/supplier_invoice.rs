//! Supplier invoice (`docs/service.md`, "Supplier invoice";
//! `GET /account_payable/invoice/`).

use rust_decimal::Decimal;
use serde_json::Value;

use super::{record, AuditStatus, DocumentType, OperationStatus, Timestamp};

record! {
    /// A supplier invoice: every field of the spec table (see the
    /// [module rules](crate::records)). Decimals match the spec's pattern:
    /// optional minus, up to 14 integer digits, up to 6 fraction digits.
    pub struct SupplierInvoice: workdesk_query::resources::SUPPLIER_INVOICE {
        /// `id`: uuid; read-only, required.
        pub id: Option<String>,
        /// `name`: string; read-only, required.
        pub name: Option<String>,
        /// `custom_fields`: any, nullable.
        pub custom_fields: Option<Value>,
        /// `operation_number`: integer, 0 to 2147483647, default 0.
        pub operation_number: Option<i64>,
        /// `operation_date`: date-time; required.
        pub operation_date: Option<Timestamp>,
        /// `description`: string, nullable.
        pub description: Option<String>,
        /// `operation_status`: PR, CO or ER.
        pub operation_status: Option<OperationStatus>,
        /// `status_description`: string, nullable.
        pub status_description: Option<String>,
        /// `created_at`: date-time; read-only, required.
        pub created_at: Option<Timestamp>,
        /// `updated_at`: date-time, nullable; read-only.
        pub updated_at: Option<Timestamp>,
        /// `deleted_at`: date-time, nullable; read-only.
        pub deleted_at: Option<Timestamp>,
        /// `audit_status`: C, U or D; read-only, required.
        pub audit_status: Option<AuditStatus>,
        /// `prefix`: string, nullable.
        pub prefix: Option<String>,
        /// `invoice_number`: integer, 0 to 2147483647; required.
        pub invoice_number: Option<i64>,
        /// `issue_date`: date-time; required.
        pub issue_date: Option<Timestamp>,
        /// `document_type`: ADV, INV or CRN; required.
        pub document_type: Option<DocumentType>,
        /// `is_pay_authorized`: boolean; required.
        pub is_pay_authorized: Option<bool>,
        /// `discount_percentage`: decimal string; required.
        pub discount_percentage: Option<Decimal>,
        /// `discount_value`: decimal string; required.
        pub discount_value: Option<Decimal>,
        /// `other_discount_value`: decimal string; required.
        pub other_discount_value: Option<Decimal>,
        /// `subtotal`: decimal string; required.
        pub subtotal: Option<Decimal>,
        /// `total`: decimal string; required.
        pub total: Option<Decimal>,
        /// `vat_value_included`: decimal string; required.
        pub vat_value_included: Option<Decimal>,
        /// `order_number`: integer (int64), nullable.
        pub order_number: Option<i64>,
        /// `invoice_electronic`: boolean.
        pub invoice_electronic: Option<bool>,
        /// `is_directly_created`: boolean.
        pub is_directly_created: Option<bool>,
        /// `member`: uuid; read-only, required.
        pub member: Option<String>,
        /// `operation`: uuid; required.
        pub operation: Option<String>,
        /// `market_exchange_rate`: uuid, nullable.
        pub market_exchange_rate: Option<String>,
        /// `branch_office`: uuid; required.
        pub branch_office: Option<String>,
        /// `created_by`: uuid; read-only, required.
        pub created_by: Option<String>,
        /// `updated_by`: uuid, nullable; read-only.
        pub updated_by: Option<String>,
        /// `deleted_by`: uuid, nullable; read-only.
        pub deleted_by: Option<String>,
        /// `supplier`: uuid; required.
        pub supplier: Option<String>,
        /// `supplier_detail`: uuid; required.
        pub supplier_detail: Option<String>,
        /// `supplier_type`: uuid; required.
        pub supplier_type: Option<String>,
        /// `account`: uuid; required.
        pub account: Option<String>,
        /// `cost_center`: uuid, nullable.
        pub cost_center: Option<String>,
        /// `location`: uuid; required.
        pub location: Option<String>,
        /// `international_trade_term`: uuid, nullable.
        pub international_trade_term: Option<String>,
        /// `commercial_condition`: uuid; required.
        pub commercial_condition: Option<String>,
        /// `discount_type`: uuid, nullable.
        pub discount_type: Option<String>,
        /// `tree_hash`: uuid, nullable.
        pub tree_hash: Option<String>,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const FULL: &str = r#"{
        "id": "7c9e6679-7425-40de-944b-e07fc1f90ae7", "name": "FP-2025-000123",
        "custom_fields": null, "operation_number": 17,
        "operation_date": "2025-03-14T09:30:00Z", "description": null,
        "operation_status": "CO", "status_description": null,
        "created_at": "2025-03-14T09:30:00Z", "updated_at": null, "deleted_at": null,
        "audit_status": "C", "prefix": "FP", "invoice_number": 123,
        "issue_date": "2025-03-14T00:00:00+00:00", "document_type": "INV",
        "is_pay_authorized": true, "discount_percentage": "5.00",
        "discount_value": "61.73", "other_discount_value": "0.00",
        "subtotal": "1234.50", "total": "1407.33", "vat_value_included": "234.56",
        "order_number": 9007199254740993, "invoice_electronic": true,
        "is_directly_created": false,
        "member": "m", "operation": "o", "market_exchange_rate": null,
        "branch_office": "b", "created_by": "c", "updated_by": null, "deleted_by": null,
        "supplier": "s", "supplier_detail": "sd", "supplier_type": "st", "account": "a",
        "cost_center": null, "location": "l", "international_trade_term": null,
        "commercial_condition": "cc", "discount_type": null, "tree_hash": null
    }"#;

    #[test]
    fn a_full_record_parses_and_keeps_decimals_exact() {
        let inv: SupplierInvoice = serde_json::from_str(FULL).unwrap();
        assert_eq!(inv.subtotal.unwrap().to_string(), "1234.50");
        assert_eq!(inv.document_type, Some(DocumentType::INV));
        assert_eq!(inv.order_number, Some(9_007_199_254_740_993));
        assert!(inv.extra.is_empty());
        let back = serde_json::to_value(&inv).unwrap();
        assert_eq!(back["subtotal"], "1234.50", "decimals go out as strings");
        assert_eq!(back["discount_value"], "61.73");
        assert_eq!(back["issue_date"], "2025-03-14T00:00:00+00:00");
    }

    #[test]
    fn a_fields_selection_and_unknown_fields_still_parse() {
        let inv: SupplierInvoice = serde_json::from_str(
            r#"{"id": "x", "total": "-12.000001", "brand_new_field": {"a": 1}}"#,
        )
        .unwrap();
        assert_eq!(inv.total.unwrap().to_string(), "-12.000001");
        assert_eq!(inv.name, None);
        assert_eq!(inv.extra["brand_new_field"]["a"], 1);
    }

    #[test]
    fn unknown_enum_values_and_odd_dates_do_not_break_the_record() {
        let inv: SupplierInvoice = serde_json::from_str(
            r#"{"operation_status": "XX", "document_type": "NEW", "issue_date": "31/12/2025"}"#,
        )
        .unwrap();
        assert_eq!(
            inv.operation_status,
            Some(OperationStatus::Other("XX".into()))
        );
        assert_eq!(inv.document_type, Some(DocumentType::Other("NEW".into())));
        assert_eq!(inv.issue_date.as_ref().unwrap().as_str(), "31/12/2025");
        assert_eq!(inv.issue_date.unwrap().to_utc(), None);
        let back = serde_json::to_value(SupplierInvoice {
            document_type: Some(DocumentType::Other("NEW".into())),
            ..SupplierInvoice::default()
        })
        .unwrap();
        assert_eq!(
            back["document_type"], "NEW",
            "unknown values go on as they came"
        );
    }

    #[test]
    fn the_largest_spec_decimal_is_exact() {
        let inv: SupplierInvoice =
            serde_json::from_str(r#"{"total": "-99999999999999.999999"}"#).unwrap();
        assert_eq!(inv.total.unwrap().to_string(), "-99999999999999.999999");
    }
}
