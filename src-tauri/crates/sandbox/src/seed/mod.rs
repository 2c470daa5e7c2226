//! Deterministic generation of the dataset and keys from one `u64` seed.
//!
//! Each part of each workspace draws from its own `ChaCha8` stream of the
//! seed ([`Stream`]), so the number of invoices never changes the keys, the
//! other workspace or the other resources (and so the ids the binary
//! announces).

mod amounts;
mod audit;
mod catalog;
mod customer_invoices;
mod leads;
mod names;
mod products;
mod references;
mod sales_quotes;
mod stakeholders;
mod supplier_invoices;
mod tasks;

use rand::{Rng, RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;
use uuid::Uuid;
use workdesk_query::resources;

use crate::data::{Dataset, Table, Workspace, WorkspaceId};
use catalog::{WorkspaceProfile, WORKSPACE_A, WORKSPACE_B};
use references::References;

/// Supplier invoices of workspace A when not configured.
pub(crate) const DEFAULT_INVOICES: usize = WORKSPACE_A.invoices;

/// Leads of workspace A when not configured.
pub(crate) const DEFAULT_LEADS: usize = WORKSPACE_A.leads;

/// The configurable sizes of workspace A (workspace B keeps its profile's).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Sizes {
    /// Supplier invoices; customer invoices are half as many.
    pub invoices: usize,
    /// Leads.
    pub leads: usize,
}

impl Default for Sizes {
    fn default() -> Self {
        Sizes {
            invoices: DEFAULT_INVOICES,
            leads: DEFAULT_LEADS,
        }
    }
}

impl Sizes {
    /// The default sizes with `invoices` supplier invoices.
    #[cfg(test)]
    pub(crate) fn invoices(invoices: usize) -> Sizes {
        Sizes {
            invoices,
            ..Sizes::default()
        }
    }
}

/// Independent random streams of one seed.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Stream {
    /// API keys.
    Keys,
    /// One part of one workspace.
    Workspace(WorkspaceId, Part),
}

/// The parts of a workspace, each generated from its own stream.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Part {
    References = 0,
    SupplierInvoices = 1,
    CustomerInvoices = 2,
    SalesQuotes = 3,
    Products = 4,
    Stakeholders = 5,
    Customers = 6,
    Tasks = 7,
    Leads = 8,
}

/// The random generator of `stream` under `seed`.
pub(crate) fn rng(seed: u64, stream: Stream) -> ChaCha8Rng {
    let number = match stream {
        Stream::Keys => 0,
        Stream::Workspace(WorkspaceId::A, part) => 16 + part as u64,
        Stream::Workspace(WorkspaceId::B, part) => 32 + part as u64,
    };
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    rng.set_stream(number);
    rng
}

/// A random (version 4 layout) uuid drawn from `rng`.
pub(crate) fn uuid(rng: &mut impl RngCore) -> Uuid {
    let mut bytes = [0u8; 16];
    rng.fill_bytes(&mut bytes);
    uuid::Builder::from_random_bytes(bytes).into_uuid()
}

/// One element of a non-empty slice, uniformly.
pub(crate) fn pick<T: Copy>(rng: &mut impl Rng, items: &[T]) -> T {
    items[rng.random_range(0..items.len())]
}

/// Builds both workspaces of `seed`, workspace A with `sizes.invoices`
/// supplier invoices (and half as many customer invoices) and
/// `sizes.leads` leads. Same arguments, same dataset.
pub(crate) fn build(seed: u64, sizes: Sizes) -> Dataset {
    // Each workspace draws from its own random streams: both are drawn at
    // once, the same as one after the other (the demo starts sooner).
    std::thread::scope(|scope| {
        let b = scope.spawn(|| {
            let sizes = Sizes {
                invoices: WORKSPACE_B.invoices,
                leads: WORKSPACE_B.leads,
            };
            workspace(seed, WorkspaceId::B, &WORKSPACE_B, sizes)
        });
        let a = workspace(seed, WorkspaceId::A, &WORKSPACE_A, sizes);
        Dataset {
            a,
            b: b.join()
                .unwrap_or_else(|panic| std::panic::resume_unwind(panic)),
        }
    })
}

fn workspace(
    seed: u64,
    id: WorkspaceId,
    profile: &'static WorkspaceProfile,
    Sizes { invoices, leads }: Sizes,
) -> Workspace {
    let part = |part| rng(seed, Stream::Workspace(id, part));
    let references = References::draw(profile, &mut part(Part::References));
    let notable = id == WorkspaceId::A;
    let (stakeholders, parties) = stakeholders::draw(
        &references,
        profile.stakeholders,
        notable,
        &mut part(Part::Stakeholders),
    );
    let (customers, customer_names) = stakeholders::customers(
        &references,
        &parties,
        profile.customers,
        &mut part(Part::Customers),
    );
    let tables = vec![
        Table::new(
            &resources::SUPPLIER_INVOICE,
            supplier_invoices::draw(&references, invoices, &mut part(Part::SupplierInvoices)),
        ),
        Table::new(
            &resources::CUSTOMER_INVOICE,
            customer_invoices::draw(
                &references,
                &customer_names,
                invoices / 2,
                &mut part(Part::CustomerInvoices),
            ),
        ),
        Table::new(
            &resources::SALES_QUOTE,
            sales_quotes::draw(
                &references,
                &customer_names,
                profile.sales_quotes,
                &mut part(Part::SalesQuotes),
            ),
        ),
        Table::new(
            &resources::PRODUCT,
            products::draw(&references, profile.products, &mut part(Part::Products)),
        ),
        Table::new(
            &resources::TASK,
            tasks::draw(&references, &parties, profile.tasks, &mut part(Part::Tasks)),
        ),
        Table::new(
            &resources::LEAD,
            leads::draw(&references, &parties, leads, &mut part(Part::Leads)),
        ),
        Table::new(&resources::STAKEHOLDER, stakeholders),
        Table::new(&resources::CUSTOMER, customers),
    ];
    Workspace::new(
        references.members,
        references
            .suppliers
            .into_iter()
            .map(|supplier| supplier.supplier)
            .collect(),
        references.document_types,
        references.geographic_locations,
        tables,
    )
}

#[cfg(test)]
mod tests {
    use std::collections::HashSet;

    use chrono::{DateTime, NaiveDate};
    use rust_decimal::Decimal;
    use serde_json::Value as Json;
    use workdesk_query::{FieldPath, FieldType, Record};

    use super::*;
    use crate::data::Row;

    fn default() -> Dataset {
        build(crate::DEFAULT_SEED, Sizes::default())
    }

    /// Whether `value` has the JSON shape of `kind`.
    fn has_type(kind: FieldType, value: &Json) -> bool {
        let text = value.as_str();
        match kind {
            FieldType::String => text.is_some(),
            FieldType::Uuid => text
                .is_some_and(|t| Uuid::parse_str(t).is_ok_and(|u| u.hyphenated().to_string() == t)),
            FieldType::Integer => value.is_i64(),
            FieldType::Decimal => text.is_some_and(|t| t.parse::<Decimal>().is_ok()),
            FieldType::DateTime => text.is_some_and(|t| {
                DateTime::parse_from_rfc3339(t).is_ok() && t.ends_with('Z') && t.len() == 20
            }),
            FieldType::Date => {
                text.is_some_and(|t| NaiveDate::parse_from_str(t, "%Y-%m-%d").is_ok())
            }
            FieldType::Boolean => value.is_boolean(),
            FieldType::Enum(codes) => text.is_some_and(|t| codes.contains(&t)),
            FieldType::Json => true,
        }
    }

    fn tables(data: &Dataset) -> impl Iterator<Item = &Table> {
        [&data.a, &data.b]
            .into_iter()
            .flat_map(|w| resources::ALL.iter().map(move |s| w.table(s)))
    }

    #[test]
    fn every_row_has_its_schema_types_and_nullability() {
        let data = default();
        for table in tables(&data) {
            assert!(!table.all().is_empty(), "{}", table.schema.resource);
            for row in table.all() {
                for (field, value) in row.fields() {
                    let resource = table.schema.resource;
                    if value.is_null() {
                        assert!(field.nullable, "{resource}.{} is null", field.name);
                    } else {
                        assert!(
                            has_type(field.kind, value),
                            "{resource}.{}: {value}",
                            field.name
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn typed_values_are_the_parsed_cells() {
        // Rows build their typed values from the drawn values, not by
        // parsing the cells: the same as parsing them, on every field.
        let data = default();
        for table in tables(&data) {
            for row in table.all() {
                for (field, cell) in row.fields() {
                    let path = FieldPath::field(field.name);
                    assert_eq!(
                        *workdesk_query::Record::value(row, &path, field.kind),
                        workdesk_query::Value::from_json(field.kind, Some(cell)),
                        "{}.{}",
                        table.schema.resource,
                        field.name
                    );
                }
            }
        }
    }

    #[test]
    fn same_seed_same_dataset_other_seed_other_dataset() {
        let first = build(42, Sizes::invoices(300));
        assert_eq!(first, build(42, Sizes::invoices(300)));
        let other = build(43, Sizes::invoices(300));
        assert_ne!(
            first.a.table(&resources::LEAD).all()[0],
            other.a.table(&resources::LEAD).all()[0]
        );
    }

    #[test]
    fn invoice_count_changes_only_the_invoices() {
        let small = build(42, Sizes::invoices(100));
        let large = build(42, Sizes::invoices(1_000));
        for schema in [
            &resources::LEAD,
            &resources::STAKEHOLDER,
            &resources::CUSTOMER,
            &resources::TASK,
            &resources::PRODUCT,
        ] {
            assert_eq!(small.a.table(schema), large.a.table(schema));
        }
        assert_eq!(small.b, large.b);
        let count = |data: &Dataset, schema| data.a.table(schema).all().len();
        assert_eq!(count(&small, &resources::SUPPLIER_INVOICE), 100);
        assert_eq!(count(&large, &resources::SUPPLIER_INVOICE), 1_000);
        assert_eq!(count(&large, &resources::CUSTOMER_INVOICE), 500);
    }

    #[test]
    fn lead_count_changes_only_the_leads_and_draws_them_as_the_default() {
        let sizes = |leads| Sizes {
            leads,
            ..Sizes::default()
        };
        let many = build(42, sizes(2_000));
        assert_eq!(many, build(42, sizes(2_000)), "same seed, same leads");
        let default = build(42, Sizes::default());
        for schema in resources::ALL
            .iter()
            .filter(|s| s.resource != resources::LEAD.resource)
        {
            assert_eq!(many.a.table(schema), default.a.table(schema));
        }
        assert_eq!(many.b, default.b);
        let leads = many.a.table(&resources::LEAD).all();
        assert_eq!(leads.len(), 2_000);
        assert_ne!(
            leads,
            build(43, sizes(2_000)).a.table(&resources::LEAD).all()
        );
        // Every status of the default seed, each a fair share; person and
        // company name a stakeholder of that kind by `person_or_company_id`.
        let statuses: HashSet<&str> = leads.iter().map(|r| text(r, "status")).collect();
        assert_eq!(statuses, names::LEAD_STATUSES.iter().copied().collect());
        for status in names::LEAD_STATUSES {
            let share = leads
                .iter()
                .filter(|r| text(r, "status") == *status)
                .count();
            assert!(share > 2_000 / 12, "{status}: {share}");
        }
        let stakeholders = many.a.table(&resources::STAKEHOLDER).all();
        let kind_of = |id: &str| -> Option<bool> {
            stakeholders
                .iter()
                .find(|s| text(s, "person_or_company_id") == id)
                .and_then(|s| s.value("is_company").as_bool())
        };
        let members: HashSet<String> = many.a.members.iter().map(Uuid::to_string).collect();
        let (mut persons, mut companies) = (0, 0);
        for lead in leads {
            if let Some(person) = lead.value("person").as_str() {
                assert_eq!(kind_of(person), Some(false), "{person}");
                persons += 1;
            }
            if let Some(company) = lead.value("company").as_str() {
                assert_eq!(kind_of(company), Some(true), "{company}");
                companies += 1;
            }
            if let Some(member) = lead.value("user_member").as_str() {
                assert!(members.contains(member), "{member}");
            }
        }
        assert!(persons > 1_000 && companies > 500, "{persons} {companies}");
    }

    fn text<'r>(row: &'r Row, name: &str) -> &'r str {
        row.value(name).as_str().unwrap_or_default()
    }

    #[test]
    fn invoice_lists_are_in_default_order() {
        let data = default();
        for (schema, date) in [
            (&resources::SUPPLIER_INVOICE, "issue_date"),
            (&resources::CUSTOMER_INVOICE, "operation_date"),
            (&resources::SALES_QUOTE, "issue_date"),
        ] {
            for pair in data.a.table(schema).all().windows(2) {
                let (x, y) = (&pair[0], &pair[1]);
                assert!(
                    text(x, date) > text(y, date)
                        || (text(x, date) == text(y, date) && x.id() < y.id())
                );
            }
        }
        for schema in [
            &resources::TASK,
            &resources::LEAD,
            &resources::STAKEHOLDER,
            &resources::CUSTOMER,
        ] {
            for pair in data.a.table(schema).all().windows(2) {
                assert!(text(&pair[0], "created_at") <= text(&pair[1], "created_at"));
            }
        }
    }

    #[test]
    fn related_names_match_the_referenced_records() {
        let data = default();
        let suppliers = &data.a.suppliers;
        assert!(suppliers.iter().any(|s| s.name.contains("Acme")));
        let name = |row: &Row, relation: &str| {
            row.get(&FieldPath::related(relation, "name"))
                .and_then(|v| v.as_str().map(str::to_owned))
        };
        for row in data.a.table(&resources::SUPPLIER_INVOICE).all() {
            let supplier = suppliers
                .iter()
                .find(|s| s.id.to_string() == text(row, "supplier"))
                .unwrap();
            assert_eq!(name(row, "supplier").as_deref(), Some(&*supplier.name));
        }
        let customers = data.a.table(&resources::CUSTOMER);
        for schema in [&resources::CUSTOMER_INVOICE, &resources::SALES_QUOTE] {
            for row in data.a.table(schema).all() {
                let id = Uuid::parse_str(text(row, "customer")).unwrap();
                let customer = customers.find(id).unwrap();
                assert_eq!(
                    name(row, "customer").as_deref(),
                    Some(text(customer, "name"))
                );
            }
        }
    }

    #[test]
    fn names_have_accents_and_customers_are_stakeholders() {
        let data = default();
        let stakeholders = data.a.table(&resources::STAKEHOLDER);
        let names: Vec<&str> = stakeholders.all().iter().map(|r| text(r, "name")).collect();
        assert_eq!(names[0], "Óptica Álvarez");
        for accented in ["ñ", "á", "í", "é", "ó"] {
            assert!(names.iter().any(|n| n.contains(accented)), "{accented}");
        }
        for customer in data.a.table(&resources::CUSTOMER).all() {
            let id = Uuid::parse_str(text(customer, "stakeholder")).unwrap();
            let stakeholder = stakeholders.find(id).unwrap();
            assert_eq!(text(stakeholder, "name"), text(customer, "name"));
        }
    }

    #[test]
    fn supplier_invoice_amounts_add_up_and_ids_are_unique() {
        let data = default();
        let money = |row: &Row, name: &str| text(row, name).parse::<Decimal>().unwrap();
        let mut ids = HashSet::new();
        for row in data.a.table(&resources::SUPPLIER_INVOICE).all() {
            assert_eq!(
                money(row, "total"),
                money(row, "subtotal")
                    - money(row, "discount_value")
                    - money(row, "other_discount_value")
                    + money(row, "vat_value_included")
            );
            assert!(ids.insert(row.id()));
        }
        for row in data.b.table(&resources::SUPPLIER_INVOICE).all() {
            assert!(ids.insert(row.id()), "workspaces share an id");
        }
    }

    #[test]
    fn covers_every_enumeration_value() {
        let data = default();
        let rows = data.a.table(&resources::SUPPLIER_INVOICE).all();
        let seen = |name: &str| -> HashSet<&str> { rows.iter().map(|r| text(r, name)).collect() };
        assert_eq!(seen("operation_status"), HashSet::from(["PR", "CO", "ER"]));
        assert_eq!(seen("document_type"), HashSet::from(["ADV", "INV", "CRN"]));
        assert_eq!(seen("audit_status"), HashSet::from(["C", "U"]));
    }
}
