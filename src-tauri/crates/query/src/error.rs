//! Errors of parsing and checking a list query.

use std::collections::BTreeMap;
use std::fmt;

/// Why a query string cannot be read at all.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Error {
    /// `page` is not a positive integer. The sandbox answers 404 "Invalid
    /// page." like a page past the last (conventions.md, "Filters, exactly").
    #[error("invalid page: {0:?} is not a positive integer")]
    InvalidPage(String),
}

/// DRF-style validation errors: query parameter name → messages, e.g.
/// `{"total__gte": ["Enter a number."], "sort": ["Unknown field: foo"]}`.
/// Parameters are kept sorted by name. Serialises as that JSON object (the
/// `data` of a 400 envelope).
#[derive(Debug, Clone, PartialEq, Eq, Default, serde::Serialize)]
#[serde(transparent)]
pub struct ValidationErrors(BTreeMap<String, Vec<String>>);

impl ValidationErrors {
    /// Adds a message for `parameter`.
    pub fn add(&mut self, parameter: impl Into<String>, message: impl Into<String>) {
        self.0
            .entry(parameter.into())
            .or_default()
            .push(message.into());
    }

    /// Whether there are no errors.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// Messages for `parameter`, if any.
    #[must_use]
    pub fn get(&self, parameter: &str) -> Option<&[String]> {
        self.0.get(parameter).map(Vec::as_slice)
    }

    /// `(parameter, messages)` pairs sorted by parameter.
    pub fn iter(&self) -> impl Iterator<Item = (&str, &[String])> {
        self.0.iter().map(|(k, v)| (k.as_str(), v.as_slice()))
    }

    /// The map itself, for serialising as the envelope's `data`.
    #[must_use]
    pub fn into_map(self) -> BTreeMap<String, Vec<String>> {
        self.0
    }
}

impl fmt::Display for ValidationErrors {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut first = true;
        for (parameter, messages) in &self.0 {
            for message in messages {
                if !first {
                    f.write_str("; ")?;
                }
                first = false;
                write!(f, "{parameter}: {message}")?;
            }
        }
        Ok(())
    }
}

impl std::error::Error for ValidationErrors {}
