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
//! Where the service exposes a related record's name or document number
//! ([`Schema::related_search`]: an invoice's supplier or customer), a
//! record also matches when the **whole text** typed is found in one of
//! them: "acme industrial" finds the invoices of "Acme Industrial Supply
//! S.A.S.". The whole text, not each word: `(a1 OR b1) AND (a2 OR b2)`
//! has no form in the service's fold (below), while `own words OR
//! related` does when the user's filters follow it with AND. Only the
//! service can answer the related part (saved records hold the reference,
//! not the related record's fields): [`Combined::related`] says which
//! conditions to leave out over saved records.
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
    /// Where the related fields' conditions sit in `conditions` (empty:
    /// none). Removing them leaves the search of the record's own fields
    /// AND the filters: what saved records can answer.
    pub related: std::ops::Range<usize>,
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

    /// The conditions the whole text stands for over `schema`'s related
    /// fields ([`Schema::related_search`]), each alone: `icontains` the
    /// words joined by one space, on names, and on document numbers when
    /// the text has a digit. Empty for a resource with none.
    #[must_use]
    pub fn related_conditions(&self, schema: &Schema) -> Vec<Condition> {
        let phrase = self.words.join(" ");
        let digit = phrase.chars().any(|c| c.is_ascii_digit());
        schema
            .related_search
            .iter()
            .filter(|related| match related.by {
                SearchBy::Text => true,
                SearchBy::Code => digit,
                SearchBy::Number => phrase.parse::<i64>().is_ok(),
            })
            .map(|related| {
                let operator = match related.by {
                    SearchBy::Number => Operator::Exact,
                    SearchBy::Text | SearchBy::Code => Operator::Icontains,
                };
                Condition {
                    or: true,
                    not: false,
                    path: FieldPath::related(related.relation, related.field),
                    operator,
                    implicit_exact: false,
                    value: phrase.clone(),
                }
            })
            .collect()
    }

    /// `filters` (folded left to right, as the service folds them) AND
    /// this search over `schema`, as one list of conditions meaning exactly
    /// that; `filters` unchanged when the search is empty.
    ///
    /// The search is every word in some field of the record itself, OR
    /// the whole text in a related record's field
    /// ([`Search::related_conditions`]). The related part needs the user's
    /// filters to be plain ANDs (they follow it); with an `or__` among them
    /// it is left out ([`Combined::related`] empty) and the search looks in
    /// the record's own fields only.
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
        let related = if self.is_empty() || filters_or {
            Vec::new()
        } else {
            self.related_conditions(schema)
        };
        let mut combined = Vec::with_capacity(filters.len() + single.len() + related.len() + 2);
        // The own fields' part: the one word with several alternatives
        // opens it (`a OR b`), the words with one condition follow with AND.
        let own = |combined: &mut Vec<Condition>| {
            if let Some(alternatives) = several.first() {
                for (index, mut condition) in alternatives.iter().cloned().enumerate() {
                    condition.or = index > 0;
                    combined.push(condition);
                }
            }
            for alternatives in &single {
                combined.push(match alternatives.first() {
                    Some(condition) => condition.clone(),
                    // No field can hold this word: nothing matches. An
                    // always-false condition keeps that meaning in the query.
                    None => Condition {
                        or: false,
                        not: false,
                        path: FieldPath::field("id"),
                        operator: Operator::Isnull,
                        implicit_exact: false,
                        value: "true".to_owned(),
                    },
                });
            }
        };
        let and_filters = |combined: &mut Vec<Condition>| {
            combined.extend(filters.iter().cloned().map(|mut condition| {
                condition.or = false;
                condition
            }));
        };
        match several.len() {
            0 | 1 if !related.is_empty() => {
                // (own words, OR the related fields), then the user's
                // conditions, all joined by AND.
                own(&mut combined);
                let related_at = combined.len();
                combined.extend(related);
                let filters_at = combined.len();
                and_filters(&mut combined);
                Ok(Combined {
                    conditions: combined,
                    filters_at,
                    related: related_at..filters_at,
                })
            }
            0 => {
                // The user's conditions as they are, then each word with AND.
                combined.extend(filters.iter().cloned());
                own(&mut combined);
                Ok(Combined {
                    conditions: combined,
                    filters_at: 0,
                    related: 0..0,
                })
            }
            1 if !filters_or => {
                own(&mut combined);
                let filters_at = combined.len();
                and_filters(&mut combined);
                Ok(Combined {
                    conditions: combined,
                    filters_at,
                    related: filters_at..filters_at,
                })
            }
            1 => Err(Inexpressible::FiltersWithOr),
            _ => Err(Inexpressible::SeveralWords),
        }
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
                &resources::PRODUCT,
                &filter("category=x&not__unit_price__gte=100"),
            )
            .unwrap();
        assert_eq!(combined.filters_at, 3);
        assert_eq!(
            written(combined.conditions),
            "name__icontains=1042&or__code__icontains=1042&name__icontains=acme&category=x&not__unit_price__gte=100"
        );
        // Nothing typed: the filters as they are.
        let filters = filter("operation_status=PR&or__total__gte=100");
        assert_eq!(
            Search::parse(" ").combine(&resources::SUPPLIER_INVOICE, &filters),
            Ok(Combined {
                conditions: filters,
                filters_at: 0,
                related: 0..0,
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
    fn the_whole_text_is_also_looked_for_in_the_supplier_s_name_and_document_number() {
        let invoices = &resources::SUPPLIER_INVOICE;
        let combined = Search::parse("acme industrial")
            .combine(invoices, &filter("operation_status=PR"))
            .unwrap();
        assert_eq!(
            written(combined.conditions.clone()),
            "name__icontains=acme&name__icontains=industrial&or__supplier__name__icontains=acme%20industrial&operation_status=PR"
        );
        assert_eq!((combined.related, combined.filters_at), (2..3, 3));
        // A number: its own fields, then the supplier's name and document number.
        let combined = Search::parse("1042")
            .combine(invoices, &filter("not__total__gte=100"))
            .unwrap();
        assert_eq!(
            written(combined.conditions),
            "name__icontains=1042&or__invoice_number__exact=1042&or__supplier__name__icontains=1042&or__supplier__document_number__icontains=1042&not__total__gte=100"
        );
        assert_eq!((combined.related, combined.filters_at), (2..4, 4));
        // With an `or__` among the filters the related part cannot be
        // written; the record's own fields are searched.
        let combined = Search::parse("acme")
            .combine(invoices, &filter("operation_status=PR&or__total__gte=1"))
            .unwrap();
        assert_eq!(
            written(combined.conditions),
            "operation_status=PR&or__total__gte=1&name__icontains=acme"
        );
        assert!(combined.related.is_empty());
        // Customers and quotes through their customer; the rest have none.
        for schema in [&resources::CUSTOMER_INVOICE, &resources::SALES_QUOTE] {
            let combined = Search::parse("pérez").combine(schema, &[]).unwrap();
            assert_eq!(
                written(combined.conditions),
                "name__icontains=p%C3%A9rez&or__customer__name__icontains=p%C3%A9rez"
            );
        }
        for schema in [&resources::TASK, &resources::LEAD, &resources::STAKEHOLDER] {
            assert!(Search::parse("x")
                .combine(schema, &[])
                .unwrap()
                .related
                .is_empty());
        }
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
        assert_eq!(
            Search::parse("2024 2025")
                .combine(&resources::TASK, &[])
                .map(|c| c.related),
            Ok(0..0),
            "a task's title holds both words: one condition each"
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
