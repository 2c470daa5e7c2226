//! The service's English for the query engine's problems.
//!
//! `workdesk_query` refuses a list query by [`Code`] (`not_a_number` with
//! its `value`), without a sentence: the app words codes in the user's
//! language. The service answers a 400 with DRF-style English messages
//! (`{"total__gte": ["Enter a number (“ten” is not one)."]}`), so the
//! sandbox words each code here, as the service says it.

use workdesk_query::{Code, Reason};

use crate::error::FieldErrors;

/// The service's sentence for `code`, its values put in: every code
/// [`ListQuery::check`](workdesk_query::ListQuery::check) gives. A code
/// the engine does not give is written technically
/// (`name (value=…)`).
pub(crate) fn message(code: &Code) -> String {
    let value = |placeholder: &str| code.value(placeholder).unwrap_or_default();
    let (field, text) = (value("field"), value("value"));
    match code.name {
        "unknown_field" => format!("Unknown field: {field}"),
        "cannot_sort" => format!("Cannot sort by {field}"),
        "cannot_filter" => format!("Cannot filter by {field}"),
        "operator_not_allowed" => format!(
            "The {} operator does not apply to {field} (a {} field).",
            value("operator"),
            value("kind")
        ),
        "not_a_boolean" => format!("Enter true or false (“{text}” is neither)."),
        "empty_list" => "Enter one or more comma-separated values.".to_owned(),
        "range_needs_two" => {
            format!("Enter two comma-separated values, low and high (“{text}”).")
        }
        "not_a_choice" => format!(
            "Select a valid choice: “{text}” is not one of {}.",
            value("choices")
        ),
        "not_a_uuid" => format!("“{text}” is not a valid UUID."),
        "not_an_integer" => format!("Enter a whole number (“{text}” is not one)."),
        "not_a_number" => format!("Enter a number (“{text}” is not one)."),
        "decimal_bounds" => format!(
            "Ensure “{text}” has at most {} digits before the decimal point and {} after it.",
            value("before"),
            value("after")
        ),
        "plus_not_encoded" => {
            format!("Enter a valid date/time (“{text}”; a “+” offset must be sent as %2B).")
        }
        "not_a_date_time" => {
            format!("Enter a valid date/time such as 2025-03-04T10:00:00Z (“{text}” is not one).")
        }
        "not_a_date" => format!("Enter a valid date as YYYY-MM-DD (“{text}” is not one)."),
        _ => code.to_string(),
    }
}

/// `errors` with every coded problem worded by [`message`]: only the
/// service's words, as its 400 sends them.
pub(crate) fn worded(errors: &FieldErrors) -> FieldErrors {
    let mut said = FieldErrors::default();
    for (parameter, reason) in errors.reasons() {
        match reason {
            Reason::Said(text) => said.add(parameter, text.clone()),
            Reason::Coded(code) => said.add(parameter, message(code)),
        }
    }
    said
}

#[cfg(test)]
mod tests {
    use workdesk_query::{resources, FieldType, ListQuery, Problem, Value};

    use super::*;

    /// The message of the one problem `raw` has for `parameter` on
    /// supplier invoices.
    fn said(raw: &str, parameter: &str) -> String {
        let errors = ListQuery::parse(raw)
            .unwrap()
            .check(&resources::SUPPLIER_INVOICE)
            .expect_err(raw);
        let worded = worded(&errors);
        let reasons = worded
            .get(parameter)
            .unwrap_or_else(|| panic!("{raw}: {errors}"));
        match reasons {
            [Reason::Said(text)] => text.clone(),
            other => panic!("{raw}: {other:?}"),
        }
    }

    #[test]
    fn every_check_of_the_engine_is_said_as_the_service_says_it() {
        for (raw, parameter, message) in [
            ("fields=id,nope", "fields", "Unknown field: nope"),
            ("sort=custom_fields", "sort", "Cannot sort by custom_fields"),
            (
                "total__icontains=1",
                "total__icontains",
                "The icontains operator does not apply to total (a decimal field).",
            ),
            (
                "description__isnull=maybe",
                "description__isnull",
                "Enter true or false (“maybe” is neither).",
            ),
            ("total__in=", "total__in", "Enter one or more comma-separated values."),
            (
                "total__range=1",
                "total__range",
                "Enter two comma-separated values, low and high (“1”).",
            ),
            (
                "operation_status=XX",
                "operation_status",
                "Select a valid choice: “XX” is not one of PR, CO, ER.",
            ),
            ("supplier=42", "supplier", "“42” is not a valid UUID."),
            (
                "invoice_number=1.5",
                "invoice_number",
                "Enter a whole number (“1.5” is not one).",
            ),
            ("total__gte=ten", "total__gte", "Enter a number (“ten” is not one)."),
            (
                "total__gte=123456789012345",
                "total__gte",
                "Ensure “123456789012345” has at most 14 digits before the decimal point and 6 after it.",
            ),
            (
                "created_at__gte=2025-03-04T12:00:00+02:00",
                "created_at__gte",
                "Enter a valid date/time (“2025-03-04T12:00:00 02:00”; a “+” offset must be sent as %2B).",
            ),
            (
                "created_at__gte=soon",
                "created_at__gte",
                "Enter a valid date/time such as 2025-03-04T10:00:00Z (“soon” is not one).",
            ),
        ] {
            assert_eq!(said(raw, parameter), message, "{raw}");
        }
        // No field of the resources is unfilterable today.
        let cannot_filter = Problem::new("cannot_filter", [("field", "custom_fields")]);
        assert_eq!(
            message(&cannot_filter.code),
            "Cannot filter by custom_fields"
        );
        let parsed = |kind, text| message(&Value::parse(kind, text).unwrap_err().code);
        assert_eq!(
            parsed(FieldType::Boolean, "yes"),
            "Enter true or false (“yes” is neither)."
        );
        assert_eq!(
            parsed(FieldType::Date, "yesterday"),
            "Enter a valid date as YYYY-MM-DD (“yesterday” is not one)."
        );
    }

    #[test]
    fn the_service_words_are_kept_and_a_code_it_does_not_know_is_written_technically() {
        let mut errors = FieldErrors::default();
        errors.add("title", "This field is required.");
        errors.add_problem("take", Problem::new("take_out_of_range", [("max", "200")]));
        let worded = worded(&errors);
        assert_eq!(
            serde_json::to_value(&worded).unwrap(),
            serde_json::json!({
                "take": ["take_out_of_range (max=200)"],
                "title": ["This field is required."],
            })
        );
    }
}
