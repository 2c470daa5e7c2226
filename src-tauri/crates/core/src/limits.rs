//! [`LIMITS`]: every bound the window applies, from the constants the
//! checks in Rust use, exported to the UI as one constant of the
//! TypeScript bindings (`LIMITS`), so no bound is written twice. What the
//! user typed is still judged in Rust (`check_view`, `check_task`,
//! `check_lead`, `check_stakeholder`, each command's own check); the
//! window uses these to size its inputs and controls (`maxlength`, a
//! column's drag range, the pager's last page).

use serde::Serialize;

/// The bounds the window applies (see the module).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Limits {
    /// A column's width a view keeps, in CSS pixels: `[narrowest, widest]`
    /// (`workdesk_api::MIN_COLUMN_WIDTH`, `MAX_COLUMN_WIDTH`).
    pub column_width_px: [u16; 2],
    /// Rows of the largest page (`take=all`; `workdesk_api::TAKE_MAX`).
    pub page_rows: u8,
    /// The page sizes a list offers, smallest first
    /// ([`crate::reading::schema::PAGE_SIZES`]; `"all"`: one page of `page_rows`).
    pub page_sizes: [workdesk_api::Take; 5],
    /// The largest page number a request carries (a 32-bit page).
    pub page_max: u32,
    /// The longest name of a saved view, in characters.
    pub view_name_chars: usize,
    /// The longest name of a workspace, in characters.
    pub workspace_name_chars: usize,
    /// The longest text the service takes in a bounded text field (a
    /// task's title, status and recurrence rule, a lead's status), in
    /// characters (`docs/service.md`, "Task bounds").
    pub text_field_chars: usize,
    /// A task's priority: `[lowest, highest]` (a 16-bit integer).
    pub priority: [i32; 2],
    /// The size caps of saved data that may be set, in MB: `[smallest,
    /// largest]`.
    pub cap_mb: [u32; 2],
    /// "Keep saved data at most N days": the ages that may be set, in
    /// days, `[shortest, longest]`.
    pub max_age_days: [u32; 2],
    /// The pause in typing after which a list's search box or a record
    /// picker reads what was typed, in ms: one read per pause, never one
    /// per key.
    pub typing_pause_ms: u16,
    /// How many matches a record picker shows
    /// ([`crate::reading::pickers::PICKER_MATCHES`]).
    pub picker_matches: u8,
    /// The relative periods a date condition offers, in menu order, as a
    /// view holds them (`workdesk_api::relative_date::TOKENS`: `@today` …
    /// `@this_year`); then "the last N days", `@last_<n>_days`.
    pub relative_dates: [&'static str; 6],
    /// "The last N days": `[fewest, most]` days.
    pub last_days: [u16; 2],
    /// The operators a relative period goes with
    /// (`workdesk_api::relative_date::OPERATORS`).
    pub relative_operators: [workdesk_api::Operator; 5],
    /// The window's zoom levels in percent, smallest first: what `Ctrl`
    /// `+` and `-` step through ([`crate::settings::store::ZOOM_STEPS`]).
    pub zoom_steps: [u16; 11],
    /// The most rows "Print" › "All rows" prints
    /// ([`crate::print::PRINT_ROWS_MAX`]); a longer list prints its page.
    pub print_rows: u32,
}

/// The bounds, as the checks in Rust apply them.
pub const LIMITS: Limits = Limits {
    column_width_px: [
        workdesk_api::MIN_COLUMN_WIDTH,
        workdesk_api::MAX_COLUMN_WIDTH,
    ],
    page_rows: workdesk_api::TAKE_MAX,
    page_sizes: crate::reading::schema::PAGE_SIZES,
    page_max: u32::MAX,
    view_name_chars: crate::settings::store::VIEW_NAME_MAX_CHARS,
    workspace_name_chars: crate::workspace::id::NAME_MAX_CHARS,
    text_field_chars: workdesk_api::TEXT_FIELD_MAX_CHARS,
    priority: [i16::MIN as i32, i16::MAX as i32],
    cap_mb: [
        *crate::settings::store::CAP_MB.start(),
        *crate::settings::store::CAP_MB.end(),
    ],
    max_age_days: [
        *crate::settings::store::MAX_AGE_DAYS.start(),
        *crate::settings::store::MAX_AGE_DAYS.end(),
    ],
    typing_pause_ms: 300,
    picker_matches: crate::reading::pickers::PICKER_MATCHES,
    relative_dates: workdesk_api::relative_date::TOKENS,
    last_days: [1, workdesk_api::LAST_DAYS_MAX],
    relative_operators: workdesk_api::relative_date::OPERATORS,
    zoom_steps: crate::settings::store::ZOOM_STEPS,
    print_rows: crate::print::PRINT_ROWS_MAX,
};
