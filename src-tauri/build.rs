//! Tauri build script. The app package's manifest is the top-level
//! `Cargo.toml`, so capability files are found under `src-tauri/`.

/// Every command the UI may call. Each gets `allow-<command>` and
/// `deny-<command>` permissions; `capabilities/main.json` grants them to the
/// main window, and nothing else is granted.
const COMMANDS: &[&str] = &[
    "workspace_status",
    "add_workspace",
    "update_workspace",
    "rename_workspace",
    "switch_workspace",
    "remove_workspace",
    "rate_limit",
    "start_demo",
    "stop_demo",
    "resource_schemas",
    "read_list",
    "check_view",
    "read_record",
    "open_list",
    "save_view",
    "delete_view",
    "remember_view",
    "check_task",
    "create_task",
    "get_lead",
    "patch_lead",
    "create_stakeholder",
    "delete_stakeholder",
    "outbox",
    "pending_rows",
    "edit_change",
    "discard_change",
    "resolve_conflict",
    "release_change",
    "save_changes",
    "clear_sent",
    "send_outbox_now",
    "make_available_offline",
    "cancel_download",
    "offline_list",
    "set_working_offline",
    "set_language",
    "set_density",
    "set_zoom",
    "set_menu",
    "diagnostics",
    "storage",
    "set_storage_cap",
    "set_saved_data_max_age",
    "clear_saved_data",
    "saved_totals",
    "members_seen",
    "overview",
    "overview_amounts",
    "save_image",
    "export_source",
    "export_list",
    "cancel_export",
    "open_exported",
    "update_status",
    "check_for_update",
    "install_update",
    "cancel_update",
];

fn main() {
    tauri_build::try_build(
        tauri_build::Attributes::new()
            .capabilities_path_pattern("./src-tauri/capabilities/**/*")
            .app_manifest(
                tauri_build::AppManifest::new()
                    .commands(COMMANDS)
                    .permissions_path_pattern("./src-tauri/permissions/**/*"),
            ),
    )
    .expect("tauri build script failed");
}
