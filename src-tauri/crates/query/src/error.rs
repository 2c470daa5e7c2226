//! Errors of parsing and checking a list query.

use std::collections::BTreeMap;
use std::fmt;

/// Why a query string cannot be read at all.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Error {
    /// `page` is not a positive integer. The sandbox answers 404 "Invalid
    /// page." like a page past the last (docs/service.md, "Reserved
    /// parameters").
    #[error("invalid page: {0:?} is not a positive integer")]
    InvalidPage(String),
}

/// Which rule a value or query breaks, and the values its message names
/// (`{"field": "total", "operator": "gte"}`), so that a UI can word it in
/// its own language. The English message always travels beside it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Code {
    /// The rule, snake_case: `unknown_field`, `not_a_number`, …
    pub name: &'static str,
    /// The values the message names, by placeholder.
    pub values: Vec<(&'static str, String)>,
}

/// One refused value or query part: the English message (a DRF-style
/// sentence, what the sandbox sends in a 400) and its [`Code`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problem {
    /// The sentence, in English.
    pub message: String,
    /// What it means, for a UI to word.
    pub code: Code,
}

impl Problem {
    /// A problem breaking rule `name`, naming `values`, said as `message`.
    pub fn new<const N: usize>(
        name: &'static str,
        values: [(&'static str, &str); N],
        message: impl Into<String>,
    ) -> Problem {
        Problem {
            message: message.into(),
            code: Code {
                name,
                values: values.iter().map(|(k, v)| (*k, (*v).to_owned())).collect(),
            },
        }
    }
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl From<Problem> for String {
    fn from(problem: Problem) -> String {
        problem.message
    }
}

/// DRF-style validation errors: query parameter name → messages, e.g.
/// `{"total__gte": ["Enter a number."], "sort": ["Unknown field: foo"]}`.
/// Parameters are kept sorted by name. Serialises as that JSON object (the
/// `data` of a 400 envelope). Each message may carry its [`Code`] (the
/// engine's own checks do; messages from elsewhere, such as a service's
/// 400, do not).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct ValidationErrors {
    messages: BTreeMap<String, Vec<String>>,
    /// Beside each message, in the same order: its code, if any.
    codes: BTreeMap<String, Vec<Option<Code>>>,
}

impl ValidationErrors {
    /// Adds a message for `parameter` (without a code: words from elsewhere).
    pub fn add(&mut self, parameter: impl Into<String>, message: impl Into<String>) {
        self.push(parameter.into(), message.into(), None);
    }

    /// Adds `problem` for `parameter`, its code kept.
    pub fn add_problem(&mut self, parameter: impl Into<String>, problem: Problem) {
        self.push(parameter.into(), problem.message, Some(problem.code));
    }

    /// Adds a message of `parameter` with the code it had (another
    /// [`ValidationErrors`]'s, re-keyed).
    pub fn add_coded(&mut self, parameter: impl Into<String>, message: &str, code: Option<&Code>) {
        self.push(parameter.into(), message.to_owned(), code.cloned());
    }

    fn push(&mut self, parameter: String, message: String, code: Option<Code>) {
        self.codes.entry(parameter.clone()).or_default().push(code);
        self.messages.entry(parameter).or_default().push(message);
    }

    /// Whether there are no errors.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.messages.is_empty()
    }

    /// Messages for `parameter`, if any.
    #[must_use]
    pub fn get(&self, parameter: &str) -> Option<&[String]> {
        self.messages.get(parameter).map(Vec::as_slice)
    }

    /// `(parameter, messages)` pairs sorted by parameter.
    pub fn iter(&self) -> impl Iterator<Item = (&str, &[String])> {
        self.messages
            .iter()
            .map(|(k, v)| (k.as_str(), v.as_slice()))
    }

    /// `(parameter, message, code)` for every message, sorted by parameter.
    pub fn problems(&self) -> impl Iterator<Item = (&str, &str, Option<&Code>)> {
        self.messages.iter().flat_map(move |(parameter, messages)| {
            let codes = self.codes.get(parameter);
            messages.iter().enumerate().map(move |(i, message)| {
                let code = codes
                    .and_then(|codes| codes.get(i))
                    .and_then(Option::as_ref);
                (parameter.as_str(), message.as_str(), code)
            })
        })
    }

    /// The map itself, for serialising as the envelope's `data`.
    #[must_use]
    pub fn into_map(self) -> BTreeMap<String, Vec<String>> {
        self.messages
    }
}

impl serde::Serialize for ValidationErrors {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.messages.serialize(serializer)
    }
}

impl fmt::Display for ValidationErrors {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut first = true;
        for (parameter, messages) in &self.messages {
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
