//! The TypeScript bindings (`ui/src/lib/bindings.ts`) and the schemas
//! fixture the UI's component tests read are generated from Rust and
//! committed: this test fails when either is stale, and `npm run
//! bindings` writes them (the ignored `write_bindings`).

use std::path::PathBuf;

fn committed() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(workdesk_lib::BINDINGS_PATH)
}

/// What `resource_schemas` answers, as the UI's component tests read it
/// (their fixtures take Rust's pickers and references from it).
const SCHEMAS_FIXTURE: &str = "ui/tests/fixtures/resource-schemas.json";

fn schemas_json() -> String {
    let schemas = workdesk_core::reading::records::resource_schemas().expect("the schemas");
    serde_json::to_string_pretty(&schemas).expect("schemas serialize") + "\n"
}

fn schemas_fixture() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(SCHEMAS_FIXTURE)
}

/// Fails when `ui/src/lib/bindings.ts` does not match the commands and
/// types in Rust. Regenerate with `npm run bindings`.
#[test]
fn bindings_are_fresh() {
    let fresh = std::env::temp_dir().join(format!("workdesk-bindings-{}.ts", std::process::id()));
    workdesk_lib::export_bindings(&fresh).expect("export bindings");
    let fresh_text = std::fs::read_to_string(&fresh).unwrap();
    let _ = std::fs::remove_file(&fresh);
    let committed_text = std::fs::read_to_string(committed()).unwrap_or_default();
    assert!(
        fresh_text == committed_text,
        "{} is stale: run `npm run bindings` and commit the result",
        workdesk_lib::BINDINGS_PATH
    );
    let committed = std::fs::read_to_string(schemas_fixture()).unwrap_or_default();
    assert!(
        committed == schemas_json(),
        "{SCHEMAS_FIXTURE} is stale: run `npm run bindings` and commit the result"
    );
}

/// Writes the bindings (`npm run bindings`); ignored in normal runs.
#[test]
#[ignore = "writes ui/src/lib/bindings.ts; run through `npm run bindings`"]
fn write_bindings() {
    workdesk_lib::export_bindings(&committed()).expect("export bindings");
    std::fs::write(schemas_fixture(), schemas_json()).expect("write the schemas fixture");
}
