//! The window's first screen, decided before its page loads: on a first
//! run the page draws the first-run form from markup prerendered at build
//! time (`ui/prerender.mjs`), before the UI's scripts are read, and the
//! scripts then take that markup over (Svelte's hydration) instead of
//! drawing the form again. Any other start draws its first screen from the
//! first `workspace_status` answer, as before: a returning user never sees
//! the first-run form, even for a moment.

use serde::Serialize;
use specta::Type;

use crate::settings::store::{LanguageChoice, Settings};

/// What the window's page is told before any of its scripts run: the app's
/// initialization script sets `window.__workdeskFirstScreen` to this, as
/// JSON (`{ "first_run": true, "language": "system" }`).
///
/// Only the page's first screen follows it. The first `workspace_status`
/// answer, read as on every start, stays the authority on what is shown:
/// the page applies it as soon as it arrives.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Type)]
pub struct FirstScreen {
    /// The first status will be the first-run form with nothing else on
    /// screen: the settings hold no workspace, there is nothing to say
    /// about the settings file (set aside at start), and Workdesk was not
    /// started with `--demo`.
    pub first_run: bool,
    /// The language chosen in the settings; the page resolves `system`
    /// against the system's languages as the UI does
    /// (`ui/src/lib/language.ts`), and picks the prerendered form in it.
    pub language: LanguageChoice,
}

impl FirstScreen {
    /// The first screen for `settings` as read at start (after an earlier
    /// version's connection became a workspace), `demo`: started with
    /// `--demo`.
    pub fn of(settings: &Settings, demo: bool) -> Self {
        Self {
            first_run: !demo && !settings.has_notice() && settings.workspaces().is_empty(),
            language: settings.language(),
        }
    }

    /// The initialization script that tells the page: one statement,
    /// `window.__workdeskFirstScreen = {…};`, run before the page's own
    /// scripts in every page the window loads.
    pub fn initialization_script(&self) -> String {
        // Two plain fields: serialising cannot fail.
        let json = serde_json::to_string(self).unwrap_or_else(|_| "null".to_owned());
        format!("window.__workdeskFirstScreen = {json};")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::settings::file::SettingsNotice;
    use crate::settings::store::tests::memory_settings;
    use crate::workspace::id::{WorkspaceEntry, WorkspaceId};

    #[test]
    fn a_new_install_opens_on_the_prerendered_first_run_form() {
        let (_, settings) = memory_settings();
        let first = FirstScreen::of(&settings, false);
        assert_eq!(
            first,
            FirstScreen {
                first_run: true,
                language: LanguageChoice::System
            }
        );
        assert_eq!(
            first.initialization_script(),
            r#"window.__workdeskFirstScreen = {"first_run":true,"language":"system"};"#
        );
    }

    #[test]
    fn the_chosen_language_is_told_to_the_page() {
        let (_, settings) = memory_settings();
        settings.set_language(LanguageChoice::Es).unwrap();
        let first = FirstScreen::of(&settings, false);
        assert!(first.first_run);
        assert_eq!(first.language, LanguageChoice::Es);
    }

    #[test]
    fn a_workspace_the_demo_or_a_notice_about_the_file_is_not_a_first_run() {
        let (_, settings) = memory_settings();
        assert!(!FirstScreen::of(&settings, true).first_run);
        settings
            .add_workspace(&WorkspaceEntry {
                id: WorkspaceId::parse("books").unwrap(),
                name: "Contabilidad Pérez".into(),
                base_url: "https://api.example.com/".into(),
                proxy: None,
            })
            .unwrap();
        assert!(!FirstScreen::of(&settings, false).first_run);

        let (memory, _) = memory_settings();
        let noticed = Settings::over_file(
            memory,
            Some(SettingsNotice::Reset {
                moved_to: "settings.json.unreadable".into(),
            }),
        );
        assert!(!FirstScreen::of(&noticed, false).first_run);
        // Told once in the first status, as before.
        assert!(noticed.take_notice().is_some());
    }
}
