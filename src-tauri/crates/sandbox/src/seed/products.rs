//! Products of one workspace (`/inventory/product/`; fields assumed, see
//! `workdesk_query::resources::PRODUCT`).

use chrono::NaiveDate;
use rand::Rng;
use rust_decimal::Decimal;
use workdesk_query::resources::PRODUCT;

use super::audit::{instant, Audit};
use super::names::PRODUCTS;
use super::references::References;
use super::uuid;
use crate::data::Row;

/// Draws `count` products in the default list order, `code` ascending
/// (`PRD-0001`, `PRD-0002`, …). Names cycle through the catalogue, with a
/// variant number after the first round; prices have two fraction digits;
/// about one in eight is out of stock and one in ten inactive.
pub(crate) fn draw(references: &References, count: usize, rng: &mut impl Rng) -> Vec<Row> {
    let first = NaiveDate::from_ymd_opt(2024, 9, 1).expect("valid date");
    (0..count)
        .map(|index| {
            let (base, category) = PRODUCTS[index % PRODUCTS.len()];
            let round = index / PRODUCTS.len();
            let name = if round == 0 {
                base.to_owned()
            } else {
                format!("{base} (v{})", round + 1)
            };
            let created_at = instant(rng, first, 60);
            let audit = Audit::draw(rng, &references.members, created_at);
            let row = Row::new(&PRODUCT, uuid(rng))
                .with("name", name)
                .with("code", format!("PRD-{:04}", index + 1))
                .with(
                    "description",
                    rng.random_bool(0.5)
                        .then(|| format!("{base}: referencia de catálogo.")),
                )
                .with("category", category)
                .with(
                    "unit_price",
                    Decimal::new(rng.random_range(500..=2_500_000), 2),
                )
                .with(
                    "stock_quantity",
                    if rng.random_bool(0.125) {
                        0
                    } else {
                        rng.random_range(1..=2_000_i64)
                    },
                )
                .with("is_active", rng.random_bool(0.9));
            audit.apply(row)
        })
        .collect()
}
