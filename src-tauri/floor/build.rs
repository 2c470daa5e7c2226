//! Tauri build script: reads `tauri.conf.json` and `capabilities/` next to
//! this crate's manifest.

fn main() {
    tauri_build::build();
}
