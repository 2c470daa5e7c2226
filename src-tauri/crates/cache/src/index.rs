//! The saved records of one resource held in memory as typed values, for
//! offline queries with the shared engine: built from the sealed `cells`
//! column on the first query, kept until a write changes the resource.
//!
//! Records are kept as rows (one value per field). The fields a query
//! filters or sorts on are also laid out as columns, each built on its
//! first use and kept with the index: every record's value of the field
//! side by side ([`Column`]), text of few distinct values coded as
//! numbers into its words. A condition is then one pass over one column
//! (decided once per word for coded text), and a page is ordered without
//! sorting every match ([`Index::select`]). A column is a copy, so its
//! values (their text too) sit together in memory: an index kept by
//! column alone, without the rows (tried for issue 48), left the text
//! where decoding put it, and searching names was twice as slow.

use std::borrow::Cow;
use std::cmp::Ordering;
use std::collections::HashMap;
use std::sync::OnceLock;

use serde_json::Value as Json;
use workdesk_query::{
    FieldPath, FieldType, Layout, ListQuery, Plan, Problem, Record, Schema, TypedCondition,
    ValidationErrors, Value,
};

use crate::cell::{render, Cell};
use crate::saved::JsonRecord;
use crate::seal::Lookup;
use crate::store::SavedCells;

/// One saved record as the engine reads it.
#[derive(Debug)]
pub(crate) struct Row {
    pub lookup: Lookup,
    pub saved_at: i64,
    /// One value per schema field, in schema order; `None` where the field
    /// was never saved for this record.
    cells: Box<[Option<Value>]>,
    layout: &'static Layout,
}

static NULL: Value = Value::Null;

/// Where the value at `path` sits in a row laid out by `layout`; `None`
/// for what no saved record holds (it reads as null).
fn position(layout: &Layout, path: &FieldPath) -> Option<usize> {
    match &path.relation {
        None => layout.position(&path.field),
        // `relation__id` is the reference the record carries; nothing
        // else of a related record is saved.
        Some(relation) if path.field == "id" => layout.position(relation),
        Some(_) => None,
    }
}

impl Row {
    fn slot(&self, path: &FieldPath) -> Option<&Value> {
        self.cells[position(self.layout, path)?].as_ref()
    }

    /// The whole record: each saved field rendered from its typed value,
    /// as `Db::assemble` does from the sealed cells, then `rest`, the
    /// fields kept as sent (`Db::rest`).
    pub fn record(&self, rest: JsonRecord) -> JsonRecord {
        let mut record: JsonRecord = self
            .layout
            .schema
            .fields
            .iter()
            .zip(self.cells.iter())
            .filter_map(|(field, value)| {
                value
                    .as_ref()
                    .map(|value| (field.name.to_owned(), render(value)))
            })
            .collect();
        record.extend(rest);
        record
    }
}

/// The value of `row` at `position`, null where it was never saved.
fn cell(row: &Row, position: usize) -> &Value {
    row.cells[position].as_ref().unwrap_or(&NULL)
}

/// Most distinct words a column of text is coded with; a column with more
/// keeps its values as they are.
const MOST_WORDS: usize = 1024;

/// Up to this many words, a word is found by comparing it with each.
const FEW_WORDS: usize = 16;

/// One field's value of every row, in row order, as [`Record::value`]
/// reads it (null where the field was never saved).
#[derive(Debug)]
enum Column {
    /// Text (or null) of at most [`MOST_WORDS`] distinct values: each
    /// row's index into `words`.
    Coded { codes: Vec<u32>, words: Vec<Value> },
    /// Any other values, side by side.
    Plain(Vec<Value>),
}

impl Column {
    /// The column of the field at `position` of `rows`.
    fn build(rows: &[Row], position: usize) -> Column {
        let value = |row| cell(row, position);
        let mut words: Vec<Value> = Vec::new();
        let mut known: HashMap<&Value, u32> = HashMap::new();
        let mut codes = Vec::with_capacity(rows.len());
        for row in rows {
            let value = value(row);
            if !matches!(value, Value::String(_) | Value::Null) {
                break;
            }
            // A few words (an enumeration's codes) are compared one by
            // one, more looked up by hash.
            let found = if words.len() <= FEW_WORDS {
                words.iter().position(|word| word == value)
            } else {
                known.get(value).map(|&code| code as usize)
            };
            let code = match found {
                Some(code) => code as u32,
                None if words.len() == MOST_WORDS => break,
                None => {
                    words.push(value.clone());
                    let code = (words.len() - 1) as u32;
                    known.insert(value, code);
                    code
                }
            };
            codes.push(code);
        }
        if codes.len() == rows.len() {
            Column::Coded { codes, words }
        } else {
            Column::Plain(rows.iter().map(|row| value(row).clone()).collect())
        }
    }

    /// The value of row `at`.
    fn value(&self, at: usize) -> &Value {
        match self {
            Column::Coded { codes, words } => &words[codes[at] as usize],
            Column::Plain(values) => &values[at],
        }
    }

    /// Sets `verdicts[row]` to whether row's value satisfies `condition`,
    /// for the rows whose verdict so far `asks`.
    fn test(&self, condition: &TypedCondition, verdicts: &mut [bool], asks: impl Fn(bool) -> bool) {
        match self {
            Column::Coded { codes, words } => {
                let by_word: Vec<bool> = words
                    .iter()
                    .map(|word| condition.test_value(word))
                    .collect();
                for (verdict, &code) in verdicts.iter_mut().zip(codes) {
                    if asks(*verdict) {
                        *verdict = by_word[code as usize];
                    }
                }
            }
            Column::Plain(values) => {
                for (verdict, value) in verdicts.iter_mut().zip(values) {
                    if asks(*verdict) {
                        *verdict = condition.test_value(value);
                    }
                }
            }
        }
    }
}

impl Record for Row {
    fn get(&self, path: &FieldPath) -> Option<Cow<'_, Json>> {
        self.slot(path).map(|value| Cow::Owned(render(value)))
    }

    /// The typed value saved with the record: what `Value::from_json` gave
    /// for the JSON the service sent.
    fn value(&self, path: &FieldPath, _kind: FieldType) -> Cow<'_, Value> {
        Cow::Borrowed(self.slot(path).unwrap_or(&NULL))
    }
}

/// Every saved record of one resource.
#[derive(Debug)]
pub(crate) struct Index {
    pub rows: Vec<Row>,
    /// Positions of the fields that some saved record lacks.
    missing: Vec<bool>,
    /// One column per schema field, built when a query first reads it.
    columns: Box<[OnceLock<Column>]>,
    schema: &'static Schema,
}

impl Index {
    /// The index of `schema`'s records from their saved cells.
    pub fn build(schema: &'static Schema, saved: Vec<SavedCells>) -> Index {
        let layout = Layout::of(schema);
        let width = schema.fields.len();
        let mut missing = vec![false; width];
        let rows = saved
            .into_iter()
            .filter(|(_, _, cells)| cells.len() == width)
            .map(|(lookup, saved_at, cells)| {
                let cells: Box<[Option<Value>]> = cells
                    .into_iter()
                    .map(|cell| cell.map(Cell::into_value))
                    .collect();
                for (position, cell) in cells.iter().enumerate() {
                    missing[position] |= cell.is_none();
                }
                Row {
                    lookup,
                    saved_at,
                    cells,
                    layout,
                }
            })
            .collect();
        Index {
            rows,
            missing,
            columns: (0..width).map(|_| OnceLock::new()).collect(),
            schema,
        }
    }

    /// The column of the value at `path`; `None` for what no saved record
    /// holds (null in every row).
    fn column(&self, path: &FieldPath) -> Option<&Column> {
        let position = position(Layout::of(self.schema), path)?;
        Some(self.columns[position].get_or_init(|| Column::build(&self.rows, position)))
    }

    /// Which rows pass `plan`'s filters: [`Plan::matches`], one condition
    /// at a time over its column (the fold left to right, each condition
    /// asked only of the rows whose verdict it can change).
    fn passing(&self, plan: &Plan) -> Vec<bool> {
        let mut conditions = plan.filters.iter();
        let Some(first) = conditions.next() else {
            return vec![true; self.rows.len()];
        };
        let mut verdicts = vec![false; self.rows.len()];
        self.test(first, &mut verdicts, |_| true);
        for condition in conditions {
            if condition.or {
                self.test(condition, &mut verdicts, |so_far| !so_far);
            } else {
                self.test(condition, &mut verdicts, |so_far| so_far);
            }
        }
        verdicts
    }

    fn test(&self, condition: &TypedCondition, verdicts: &mut [bool], asks: impl Fn(bool) -> bool) {
        match self.column(&condition.path) {
            Some(column) => column.test(condition, verdicts, asks),
            None => {
                let verdict = condition.test_value(&NULL);
                for so_far in verdicts.iter_mut().filter(|so_far| asks(**so_far)) {
                    *so_far = verdict;
                }
            }
        }
    }

    /// How many rows pass `plan`'s filters, and those of its page (`page`
    /// and `take`) in its order: what [`Plan::select`] cut to the page
    /// gives (ties by `id`, then in saved order), without ordering every
    /// match. Each match's sort keys are read once; the page's rows are
    /// found by selection (`select_nth_unstable_by`, linear) and only they
    /// are sorted. A page past the last is empty.
    pub fn select(&self, plan: &Plan) -> (usize, Vec<&Row>) {
        let matched: Vec<usize> = self
            .passing(plan)
            .iter()
            .enumerate()
            .filter_map(|(row, passes)| passes.then_some(row))
            .collect();
        let count = matched.len();
        let start = (plan.page as usize - 1)
            .saturating_mul(plan.take)
            .min(count);
        let end = start.saturating_add(plan.take).min(count);
        let rows = |order: &[usize]| order.iter().map(|&row| &self.rows[row]).collect();
        if plan.sort.is_empty() {
            return (count, rows(&matched[start..end]));
        }
        let width = plan.sort.len();
        let columns: Vec<Option<&Column>> =
            plan.sort.iter().map(|key| self.column(&key.path)).collect();
        // Each match's keys side by side, read once.
        let keys: Vec<&Value> = matched
            .iter()
            .flat_map(|&row| {
                columns
                    .iter()
                    .map(move |column| column.map_or(&NULL, |column| column.value(row)))
            })
            .collect();
        let ids = self.column(&FieldPath::field("id"));
        let id = |at: usize| ids.map_or(&NULL, |ids| ids.value(matched[at]));
        // A total order (the last tie-break is the saved order, which the
        // stable sort of `Plan::select` keeps): selecting the page's rows
        // and sorting them gives exactly the rows a full sort puts there.
        let order = |&a: &usize, &b: &usize| -> Ordering {
            let (a_keys, b_keys) = (&keys[a * width..][..width], &keys[b * width..][..width]);
            plan.sort
                .iter()
                .zip(a_keys.iter().zip(b_keys))
                .map(|(key, (a, b))| key.compare(a, b))
                .find(|order| order.is_ne())
                .unwrap_or_else(|| id(a).cmp_nulls_last(id(b)))
                .then(a.cmp(&b))
        };
        let mut page: Vec<usize> = (0..count).collect();
        if end < count {
            page.select_nth_unstable_by(end, order);
            page.truncate(end);
        }
        if start > 0 && start < page.len() {
            page.select_nth_unstable_by(start, order);
        }
        let page = &mut page[start..];
        page.sort_unstable_by(order);
        for at in page.iter_mut() {
            *at = matched[*at];
        }
        (count, rows(page))
    }

    /// Why `query` cannot be answered faithfully from these records, keyed
    /// as the service keys a 400 (`sort`, or the condition's parameter):
    /// a related record's field other than its id (only the reference is
    /// saved), or a field some saved record lacks.
    pub fn refusals(&self, query: &ListQuery) -> ValidationErrors {
        let mut refused = ValidationErrors::default();
        let layout = Layout::of(self.schema);
        let why = |path: &FieldPath| -> Option<Problem> {
            match &path.relation {
                Some(relation) if path.field != "id" => Some(Problem::new(
                    "offline_related_field",
                    [
                        ("relation", relation.as_str()),
                        ("field", path.field.as_str()),
                    ],
                )),
                Some(_) => None,
                None => layout
                    .position(&path.field)
                    .filter(|&position| self.missing[position])
                    .map(|_| {
                        Problem::new("offline_field_missing", [("field", path.field.as_str())])
                    }),
            }
        };
        for condition in &query.filters {
            if let Some(problem) = why(&condition.path) {
                refused.add_problem(condition.parameter(), problem);
            }
        }
        for key in &query.sort {
            if let Some(problem) = why(&key.path) {
                refused.add_problem("sort", problem);
            }
        }
        refused
    }
}
