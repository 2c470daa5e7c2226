//! Money of a supplier invoice, computed exactly with decimals (never floats).

use rand::Rng;
use rust_decimal::{Decimal, RoundingStrategy};

/// The decimal fields of one invoice, each with exactly two fraction digits.
///
/// `discount_value = subtotal × discount_percentage / 100` rounded half-even to
/// cents; VAT is charged on `subtotal − discount_value − other_discount_value`;
/// `total = subtotal − discount_value − other_discount_value + vat_value_included`
/// holds exactly.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Amounts {
    pub subtotal: Decimal,
    /// A percentage: `5.00` means 5 %.
    pub discount_percentage: Decimal,
    pub discount_value: Decimal,
    pub other_discount_value: Decimal,
    pub vat_value_included: Decimal,
    pub total: Decimal,
}

/// Discount percentages suppliers grant, in hundredths of a percent.
const DISCOUNT_HUNDREDTHS: [i64; 8] = [200, 250, 300, 500, 750, 1000, 1250, 1500];

impl Amounts {
    /// Derives the dependent amounts from the free ones. `vat_rate` is a
    /// percentage (`19` = 19 %).
    pub fn new(
        subtotal: Decimal,
        discount_percentage: Decimal,
        other_discount_value: Decimal,
        vat_rate: Decimal,
    ) -> Self {
        let discount_value = cents(subtotal * discount_percentage / Decimal::ONE_HUNDRED);
        let taxable = subtotal - discount_value - other_discount_value;
        let vat_value_included = cents(taxable * vat_rate / Decimal::ONE_HUNDRED);
        Amounts {
            subtotal: cents(subtotal),
            discount_percentage: cents(discount_percentage),
            discount_value,
            other_discount_value: cents(other_discount_value),
            vat_value_included,
            total: cents(taxable + vat_value_included),
        }
    }

    /// Draws realistic amounts: subtotals from 100.00 to 400,000.00 (most
    /// below 5,000.00), a discount on about a third of the invoices, another
    /// discount on about one in seven, VAT at 19 %, 5 % or 0 %.
    pub fn draw(rng: &mut impl Rng) -> Self {
        let subtotal_cents: i64 = match rng.random_range(0..100) {
            0..55 => rng.random_range(10_000..=500_000),
            55..90 => rng.random_range(500_000..=5_000_000),
            _ => rng.random_range(5_000_000..=40_000_000),
        };
        let discount_hundredths = if rng.random_bool(0.35) {
            DISCOUNT_HUNDREDTHS[rng.random_range(0..DISCOUNT_HUNDREDTHS.len())]
        } else {
            0
        };
        let other_cents = if rng.random_bool(0.15) {
            rng.random_range(100..=(subtotal_cents * 3 / 100).max(100))
        } else {
            0
        };
        let vat_rate = match rng.random_range(0..100) {
            0..75 => 19,
            75..85 => 5,
            _ => 0,
        };
        Amounts::new(
            Decimal::new(subtotal_cents, 2),
            Decimal::new(discount_hundredths, 2),
            Decimal::new(other_cents, 2),
            Decimal::from(vat_rate),
        )
    }
}

/// Rounds half-even to cents and fixes the scale at 2 (`50` → `50.00`).
fn cents(value: Decimal) -> Decimal {
    let mut rounded = value.round_dp_with_strategy(2, RoundingStrategy::MidpointNearestEven);
    rounded.rescale(2);
    rounded
}

#[cfg(test)]
mod tests {
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    use super::*;

    fn dec(text: &str) -> Decimal {
        text.parse().unwrap()
    }

    #[test]
    fn derives_discount_vat_and_total() {
        let amounts = Amounts::new(dec("1000"), dec("5"), dec("10.5"), dec("19"));
        assert_eq!(amounts.subtotal.to_string(), "1000.00");
        assert_eq!(amounts.discount_percentage.to_string(), "5.00");
        assert_eq!(amounts.discount_value.to_string(), "50.00");
        assert_eq!(amounts.other_discount_value.to_string(), "10.50");
        // (1000 - 50 - 10.50) * 19 % = 178.505 -> 178.50 (half-even)
        assert_eq!(amounts.vat_value_included.to_string(), "178.50");
        assert_eq!(amounts.total.to_string(), "1118.00");
    }

    #[test]
    fn drawn_amounts_add_up_and_have_two_fraction_digits() {
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        for _ in 0..1000 {
            let a = Amounts::draw(&mut rng);
            assert_eq!(
                a.total,
                a.subtotal - a.discount_value - a.other_discount_value + a.vat_value_included
            );
            for value in [
                a.subtotal,
                a.discount_value,
                a.other_discount_value,
                a.vat_value_included,
                a.total,
            ] {
                assert_eq!(value.scale(), 2);
                assert!(value >= Decimal::ZERO);
            }
        }
    }
}
