//! A list's search box in the service's own filter language.
//!
//! A [`Search`] is the words typed; a record matches when **every word is
//! found in some searchable field** of its resource ([`Schema::search`]):
//! contained, ignoring case, in a text field, or in a code field when the
//! word has a digit (`icontains`), or equal to a number field when the
//! word is a whole number (`exact`). Each word is therefore a disjunction
//! of conditions, and the search their conjunction. A word of letters
//! stands for the text fields alone (one condition for most resources), so
//! names of several words combine with any filters.
//!
//! The service folds filters left to right with no grouping
//! (docs/service.md, "Folding"), so not every "filters AND search" can be
//! written as one query. [`Search::combine`] writes it exactly when it can:
//! a word with a single condition is one more AND at the end; one word
//! with several conditions can only open the query (`a OR b`, then AND the
//! rest), which needs the user's own filters to be plain ANDs. Anything
//! else (two words with several conditions each, or one with the user's
//! `or__` conditions) has no exact form: the last step of a left fold is
//! `so_far AND c` (so the whole implies `c`) or `so_far OR c` (so `c`
//! alone implies the whole), and neither holds for `(a1 OR b1) AND (a2 OR
//! b2)`. Then [`Search::combine`] says so ([`Inexpressible`]) instead of
//! answering something else.

use crate::query::{Condition, FieldPath, Operator};
use crate::schema::{Schema, SearchBy};

/// The most words a search keeps (the rest are ignored).
pub const MAX_SEARCH_WORDS: usize = 8;

/// The words typed in a list's search box, in order, each once (compared
/// ignoring case), at most [`MAX_SEARCH_WORDS`].
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Search {
    words: Vec<String>,
}

/// A search and the user's filters written as one query
/// ([`Search::combine`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Combined {
    /// The conditions, in query order.
    pub conditions: Vec<Condition>,
    /// Where the user's own filters start in `conditions`: they follow,
    /// in their order, one for one; the rest are the search's.
    pub filters_at: usize,
}

/// Why a search and the user's filters cannot be sent together as one
/// query (see the module).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Inexpressible {
    /// Two or more words each need several fields: numbers or codes
    /// (`2024 2025` over an invoice's name and its number).
    SeveralWords,
    /// A word needs several fields and the user's filters join some
    /// condition with OR.
    FiltersWithOr,
}

impl Search {
    /// The words of `text`, split at white space.
    #[must_use]
    pub fn parse(text: &str) -> Search {
        let mut words: Vec<String> = Vec::new();
        for word in text.split_whitespace() {
            let folded = word.to_lowercase();
            if !words.iter().any(|seen| seen.to_lowercase() == folded) {
                words.push(word.to_owned());
            }
            if words.len() == MAX_SEARCH_WORDS {
                break;
            }
        }
        Search { words }
    }

    /// The words, in the order typed.
    #[must_use]
    pub fn words(&self) -> &[String] {
        &self.words
    }

    /// Whether nothing was typed (only white space).
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.words.is_empty()
    }

    /// The conditions one word stands for over `schema`'s searchable
    /// fields (each alone, none with `or` set), by [`SearchBy`]:
    /// `icontains` on text fields, and on code fields when the word has a
    /// digit; `exact` on number fields when the word is a whole number.
    #[must_use]
    pub fn word_conditions(schema: &Schema, word: &str) -> Vec<Condition> {
        let whole = word.parse::<i64>().is_ok();
        let digit = word.chars().any(|c| c.is_ascii_digit());
        schema
            .search
            .iter()
            .filter_map(|(name, by)| {
                let operator = match by {
                    SearchBy::Text => Operator::Icontains,
                    SearchBy::Code if digit => Operator::Icontains,
                    SearchBy::Number if whole => Operator::Exact,
                    _ => return None,
                };
                Some(Condition {
                    or: false,
                    not: false,
                    path: FieldPath::field(*name),
                    operator,
                    implicit_exact: false,
                    value: word.to_owned(),
                })
            })
            .collect()
    }

    /// `filters` (folded left to right, as the service folds them) AND
    /// this search over `schema`, as one list of conditions meaning exactly
    /// that; `filters` unchanged when the search is empty.
    ///
    /// # Errors
    /// [`Inexpressible`] when no list of conditions means exactly that
    /// (see the module); the caller says so rather than sending a query
    /// that means something else.
    pub fn combine(
        &self,
        schema: &Schema,
        filters: &[Condition],
    ) -> Result<Combined, Inexpressible> {
        let words: Vec<Vec<Condition>> = self
            .words
            .iter()
            .map(|word| Search::word_conditions(schema, word))
            .collect();
        let (several, single): (Vec<_>, Vec<_>) = words
            .into_iter()
            .partition(|alternatives| alternatives.len() > 1);
        let filters_or = filters.iter().skip(1).any(|condition| condition.or);
        let mut combined = Vec::with_capacity(filters.len() + single.len() + 2);
        let mut filters_at = 0;
        match several.len() {
            0 => combined.extend(filters.iter().cloned()),
            1 if !filters_or => {
                // The word's alternatives open the query; the user's
                // conditions (all joined by AND) follow it.
                for (index, mut condition) in several[0].iter().cloned().enumerate() {
                    condition.or = index > 0;
                    combined.push(condition);
                }
                filters_at = combined.len();
                combined.extend(filters.iter().cloned().map(|mut condition| {
                    condition.or = false;
                    condition
                }));
            }
            1 => return Err(Inexpressible::FiltersWithOr),
            _ => return Err(Inexpressible::SeveralWords),
        }
        for alternatives in single {
            match alternatives.into_iter().next() {
                Some(condition) => combined.push(condition),
                // No field can hold this word: nothing matches. An
                // always-false condition keeps that meaning in the query.
                None => combined.push(Condition {
                    or: false,
                    not: false,
                    path: FieldPath::field("id"),
                    operator: Operator::Isnull,
                    implicit_exact: false,
                    value: "true".to_owned(),
                }),
            }
        }
        Ok(Combined {
            conditions: combined,
            filters_at,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::query::ListQuery;
    use crate::resources;

    fn filter(query: &str) -> Vec<Condition> {
        ListQuery::parse(query).unwrap().filters
    }

    fn written(conditions: Vec<Condition>) -> String {
        ListQuery {
            filters: conditions,
            ..ListQuery::default()
        }
        .to_query_string()
    }

    #[test]
    fn words_are_split_at_white_space_once_each_and_capped() {
        let search = Search::parse("  Acme\tSL acme  peña ");
        assert_eq!(search.words(), ["Acme", "SL", "peña"]);
        assert!(Search::parse(" \n ").is_empty());
        let many = Search::parse("a b c d e f g h i j");
        assert_eq!(many.words().len(), MAX_SEARCH_WORDS);
    }

    #[test]
    fn a_word_stands_for_its_text_fields_and_a_whole_number_for_its_number_fields_too() {
        let schema = &resources::SUPPLIER_INVOICE;
        assert_eq!(
            written(Search::word_conditions(schema, "acme")),
            "name__icontains=acme"
        );
        assert_eq!(
            written(Search::word_conditions(schema, "1042")),
            "name__icontains=1042&invoice_number__exact=1042"
        );
        // A code is searched for words with a digit only.
        let customers = &resources::CUSTOMER;
        assert_eq!(
            written(Search::word_conditions(customers, "pérez")),
            "name__icontains=p%C3%A9rez"
        );
        assert_eq!(
            written(Search::word_conditions(customers, "900-12")),
            "name__icontains=900-12&document_number__icontains=900-12"
        );
    }

    #[test]
    fn one_word_over_several_fields_opens_the_query_and_the_filters_follow_with_and() {
        let combined = Search::parse("acme 1042")
            .combine(
                &resources::SUPPLIER_INVOICE,
                &filter("operation_status=PR&not__total__gte=100"),
            )
            .unwrap();
        assert_eq!(combined.filters_at, 2);
        assert_eq!(
            written(combined.conditions),
            "name__icontains=1042&or__invoice_number__exact=1042&operation_status=PR&not__total__gte=100&name__icontains=acme"
        );
        // Nothing typed: the filters as they are.
        let filters = filter("operation_status=PR&or__total__gte=100");
        assert_eq!(
            Search::parse(" ").combine(&resources::SUPPLIER_INVOICE, &filters),
            Ok(Combined {
                conditions: filters,
                filters_at: 0
            })
        );
    }

    #[test]
    fn words_over_one_field_follow_any_filters_with_and() {
        let combined = Search::parse("llamar peña")
            .combine(&resources::TASK, &filter("status=open&or__priority__gte=3"))
            .unwrap();
        assert_eq!(combined.filters_at, 0);
        assert_eq!(
            written(combined.conditions),
            "status=open&or__priority__gte=3&title__icontains=llamar&title__icontains=pe%C3%B1a"
        );
    }

    #[test]
    fn what_no_query_can_say_is_said() {
        let invoices = &resources::SUPPLIER_INVOICE;
        assert_eq!(
            Search::parse("2024 2025").combine(invoices, &[]),
            Err(Inexpressible::SeveralWords)
        );
        assert_eq!(
            Search::parse("acme 2025")
                .combine(invoices, &filter("operation_status=PR&or__total__gte=1")),
            Err(Inexpressible::FiltersWithOr)
        );
    }

    #[test]
    fn every_resource_searches_its_own_fields_by_type_and_a_word_of_letters_in_one_text_field() {
        for schema in resources::ALL {
            assert_eq!(
                Search::word_conditions(schema, "x").len(),
                1,
                "{}: a word of letters has one text field to be in",
                schema.resource
            );
            let query = ListQuery {
                filters: Search::word_conditions(schema, "7"),
                ..ListQuery::default()
            };
            assert_eq!(
                query.filters.len(),
                schema.search.len(),
                "{}: a whole number is looked for everywhere",
                schema.resource
            );
            // Checked as the service checks them: known fields, operators
            // their type takes.
            assert!(query.check(schema).is_ok(), "{}", schema.resource);
            for (name, by) in schema.search {
                let kind = schema.field(name).unwrap().kind;
                let fits = match by {
                    SearchBy::Text | SearchBy::Code => kind == crate::FieldType::String,
                    SearchBy::Number => kind == crate::FieldType::Integer,
                };
                assert!(fits, "{}.{name}", schema.resource);
            }
        }
    }
}
