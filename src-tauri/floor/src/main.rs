//! The Tauri floor: the smallest app on Workdesk's Tauri crates (the same
//! versions and features, the store plugin registered as Workdesk registers
//! it), one window showing a heading and one button from a static page, no
//! commands and no JavaScript of its own. It is what any Tauri app costs on
//! this computer: `.ci/bench-start` starts it and Workdesk alternately and
//! reports Workdesk's start time against it (`ui/e2e/bench-start.mjs`).
//! Not shipped, never bundled.

// As Workdesk: no extra console window on Windows in release builds.
#![cfg_attr(not(debug_assertions), windows_subsystem = "windows")]

fn main() {
    tauri::Builder::default()
        .plugin(tauri_plugin_store::Builder::new().build())
        .run(tauri::generate_context!())
        .expect("the Tauri floor app failed to run");
}
