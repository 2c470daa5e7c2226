//! [`ResourceName`]: a resource with a list endpoint named by its spec name
//! (`supplier_invoice`), as the UI names it.

use serde::{Deserialize, Serialize};
use workdesk_query::Schema;

/// A resource with a list endpoint, by its spec name (`supplier_invoice`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "snake_case")]
pub enum ResourceName {
    /// `GET /account_payable/invoice/`.
    SupplierInvoice,
    /// `GET /account_receivable/invoice/`.
    CustomerInvoice,
    /// `GET /order/sales_quote/`.
    SalesQuote,
    /// `GET /inventory/product/`.
    Product,
    /// `GET /task/task/` (assumed list).
    Task,
    /// `GET /crm/lead/` (assumed list).
    Lead,
    /// `GET /stakeholder/stakeholder/` (assumed list).
    Stakeholder,
    /// `GET /stakeholder/customer/` (assumed list).
    Customer,
}

impl ResourceName {
    /// Every resource, in the order the app lists them.
    pub const ALL: [ResourceName; 8] = [
        ResourceName::SupplierInvoice,
        ResourceName::CustomerInvoice,
        ResourceName::SalesQuote,
        ResourceName::Product,
        ResourceName::Task,
        ResourceName::Lead,
        ResourceName::Stakeholder,
        ResourceName::Customer,
    ];

    /// The resource's schema in the shared filter engine.
    #[must_use]
    pub fn schema(self) -> &'static Schema {
        use workdesk_query::resources as r;
        match self {
            ResourceName::SupplierInvoice => &r::SUPPLIER_INVOICE,
            ResourceName::CustomerInvoice => &r::CUSTOMER_INVOICE,
            ResourceName::SalesQuote => &r::SALES_QUOTE,
            ResourceName::Product => &r::PRODUCT,
            ResourceName::Task => &r::TASK,
            ResourceName::Lead => &r::LEAD,
            ResourceName::Stakeholder => &r::STAKEHOLDER,
            ResourceName::Customer => &r::CUSTOMER,
        }
    }

    /// The spec name, `supplier_invoice`.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        self.schema().resource
    }

    /// One record's name in words, for messages: `supplier invoice`.
    #[must_use]
    pub fn label(self) -> &'static str {
        match self {
            ResourceName::SupplierInvoice => "supplier invoice",
            ResourceName::CustomerInvoice => "customer invoice",
            ResourceName::SalesQuote => "sales quote",
            ResourceName::Product => "product",
            ResourceName::Task => "task",
            ResourceName::Lead => "lead",
            ResourceName::Stakeholder => "stakeholder",
            ResourceName::Customer => "customer",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_resource_name_reads_back_from_its_spec_name() {
        assert_eq!(
            serde_json::to_value(ResourceName::SupplierInvoice).unwrap(),
            "supplier_invoice"
        );
        for name in ResourceName::ALL {
            let back: ResourceName = serde_json::from_value(name.as_str().into()).unwrap();
            assert_eq!(back, name);
        }
    }
}
