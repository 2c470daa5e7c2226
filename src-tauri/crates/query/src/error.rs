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

/// Which rule a value or query breaks, and the values its sentence names
/// (`{"field": "total", "operator": "gte"}`). Rust carries no sentence for
/// it: the UI words it from its catalogues (`errors.problem.<name>`) in the
/// user's language, and the sandbox in the service's English.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Code {
    /// The rule, snake_case: `unknown_field`, `not_a_number`, …
    pub name: &'static str,
    /// The values the sentence names, by placeholder, in the order given.
    pub values: Vec<(&'static str, String)>,
}

impl Code {
    /// The value named `placeholder` (`"value"`, `"field"`…), if given.
    #[must_use]
    pub fn value(&self, placeholder: &str) -> Option<&str> {
        self.values
            .iter()
            .find(|(name, _)| *name == placeholder)
            .map(|(_, value)| value.as_str())
    }
}

/// Technically, for logs: the name, then its values in brackets
/// (`not_a_number (value=12a)`; `no_columns` without values).
impl fmt::Display for Code {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name)?;
        for (i, (name, value)) in self.values.iter().enumerate() {
            let open = if i == 0 { " (" } else { ", " };
            write!(f, "{open}{name}={value}")?;
        }
        if !self.values.is_empty() {
            f.write_str(")")?;
        }
        Ok(())
    }
}

/// One refused value or query part: the rule it breaks, as a [`Code`] with
/// its values, and no sentence (the UI words it).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problem {
    /// What it means, for a UI to word.
    pub code: Code,
}

impl Problem {
    /// A problem breaking rule `name` (a key of the UI's catalogues,
    /// `errors.problem.<name>`), naming `values`.
    pub fn new<const N: usize>(name: &'static str, values: [(&'static str, &str); N]) -> Problem {
        Problem {
            code: Code {
                name,
                values: values.iter().map(|(k, v)| (*k, (*v).to_owned())).collect(),
            },
        }
    }
}

/// Technically, as its [`Code`] (`not_a_number (value=12a)`).
impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.code.fmt(f)
    }
}

/// One reason a query parameter or an input is refused: the service's own
/// words, or one of Workdesk's checks by its code.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Reason {
    /// What the service said (a 400's message), as it said it, in its
    /// language.
    Said(String),
    /// One of Workdesk's checks: the rule broken and its values, without a
    /// sentence.
    Coded(Code),
}

impl Reason {
    /// The code of one of Workdesk's checks; `None` for the service's words.
    #[must_use]
    pub fn code(&self) -> Option<&Code> {
        match self {
            Reason::Said(_) => None,
            Reason::Coded(code) => Some(code),
        }
    }
}

/// The service's words as they came; a code technically (see [`Code`]).
impl fmt::Display for Reason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Reason::Said(message) => f.write_str(message),
            Reason::Coded(code) => code.fmt(f),
        }
    }
}

/// DRF-style validation errors: query parameter or input name → the
/// [`Reason`]s it is refused for, e.g. `{"total__gte": [not_a_number
/// (value=12a)], "sort": [unknown_field (field=foo)]}`. Parameters are
/// kept sorted by name, reasons in the order added. The service's own
/// words ([`ValidationErrors::add`]) are kept apart from Workdesk's coded
/// problems ([`ValidationErrors::add_problem`]), which carry no sentence.
/// Serialises as `{parameter: [text]}`, each reason as its `Display`
/// (the service's words as said, a code technically).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct ValidationErrors {
    reasons: BTreeMap<String, Vec<Reason>>,
}

impl ValidationErrors {
    /// Adds the service's words `message` for `parameter` (no code: words
    /// from elsewhere, such as a service's 400).
    pub fn add(&mut self, parameter: impl Into<String>, message: impl Into<String>) {
        self.add_reason(parameter, Reason::Said(message.into()));
    }

    /// Adds `problem` for `parameter`, by its code.
    pub fn add_problem(&mut self, parameter: impl Into<String>, problem: Problem) {
        self.add_reason(parameter, Reason::Coded(problem.code));
    }

    /// Adds `reason` for `parameter` (another [`ValidationErrors`]'s,
    /// re-keyed).
    pub fn add_reason(&mut self, parameter: impl Into<String>, reason: Reason) {
        self.reasons
            .entry(parameter.into())
            .or_default()
            .push(reason);
    }

    /// Whether there are no errors.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.reasons.is_empty()
    }

    /// The reasons for `parameter`, if any.
    #[must_use]
    pub fn get(&self, parameter: &str) -> Option<&[Reason]> {
        self.reasons.get(parameter).map(Vec::as_slice)
    }

    /// `(parameter, reasons)` pairs sorted by parameter.
    pub fn iter(&self) -> impl Iterator<Item = (&str, &[Reason])> {
        self.reasons.iter().map(|(k, v)| (k.as_str(), v.as_slice()))
    }

    /// `(parameter, reason)` for every reason, sorted by parameter.
    pub fn reasons(&self) -> impl Iterator<Item = (&str, &Reason)> {
        self.reasons.iter().flat_map(|(parameter, reasons)| {
            reasons
                .iter()
                .map(move |reason| (parameter.as_str(), reason))
        })
    }

    /// `{parameter: [text]}`, each reason as its `Display` (the service's
    /// words as said, a code technically).
    #[must_use]
    pub fn into_map(self) -> BTreeMap<String, Vec<String>> {
        self.reasons
            .into_iter()
            .map(|(parameter, reasons)| {
                (parameter, reasons.iter().map(ToString::to_string).collect())
            })
            .collect()
    }
}

impl serde::Serialize for ValidationErrors {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_map(self.reasons.iter().map(|(parameter, reasons)| {
            let texts: Vec<String> = reasons.iter().map(ToString::to_string).collect();
            (parameter, texts)
        }))
    }
}

/// `parameter: reason` for every reason, joined by `; `.
impl fmt::Display for ValidationErrors {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, (parameter, reason)) in self.reasons().enumerate() {
            if i > 0 {
                f.write_str("; ")?;
            }
            write!(f, "{parameter}: {reason}")?;
        }
        Ok(())
    }
}

impl std::error::Error for ValidationErrors {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn problems_are_written_technically_and_said_words_as_said() {
        let problem = Problem::new("not_a_number", [("value", "12a")]);
        assert_eq!(problem.to_string(), "not_a_number (value=12a)");
        assert_eq!(
            Problem::new("take_out_of_range", [("max", "200"), ("count", "0")]).to_string(),
            "take_out_of_range (max=200, count=0)"
        );
        assert_eq!(Problem::new("no_columns", []).to_string(), "no_columns");
        assert_eq!(problem.code.value("value"), Some("12a"));
        assert_eq!(problem.code.value("field"), None);

        let mut errors = ValidationErrors::default();
        errors.add_problem("total__gte", problem.clone());
        errors.add("sort", "Unknown field: foo");
        assert_eq!(
            errors.reasons().collect::<Vec<_>>(),
            [
                ("sort", &Reason::Said("Unknown field: foo".into())),
                ("total__gte", &Reason::Coded(problem.code)),
            ]
        );
        assert_eq!(
            errors.to_string(),
            "sort: Unknown field: foo; total__gte: not_a_number (value=12a)"
        );
        assert_eq!(
            serde_json::to_value(&errors).unwrap(),
            serde_json::json!({"sort": ["Unknown field: foo"], "total__gte": ["not_a_number (value=12a)"]})
        );
        assert_eq!(
            errors.into_map()["total__gte"],
            ["not_a_number (value=12a)"]
        );
    }
}
