//! The files Workdesk keeps, as every system treats them: run on Linux,
//! under Wine on every CI run (`.ci/windows`), and on GitHub's Windows and
//! macOS runners. In a folder named as a Windows profile's can be (a space,
//! letters beyond ASCII: `C:\Users\José Núñez\AppData\Roaming`):
//! `settings.json` replaced whole, or left whole, while another process
//! holds it open and its lock is held (on Windows, a rename over an open
//! file), and the part file of an export killed half-way removed at the
//! next start.

mod common;

use std::fs;
use std::io::Read;
use std::path::PathBuf;

use serde_json::{json, Map, Value};
use workdesk_core::export::parts::remove_leftover_parts;
use workdesk_core::settings::file;

/// `<temporary folder>/José Núñez/AppData Roaming/dev.workdesk.desktop`,
/// made; the temporary folder is removed when the first value drops.
fn profile_folder() -> (tempfile::TempDir, PathBuf) {
    let root = tempfile::tempdir().unwrap();
    let folder = root
        .path()
        .join("José Núñez")
        .join("AppData Roaming")
        .join("dev.workdesk.desktop");
    fs::create_dir_all(&folder).unwrap();
    (root, folder)
}

fn entries(value: Value) -> Map<String, Value> {
    value.as_object().unwrap().clone()
}

fn read_json(path: &std::path::Path) -> Value {
    serde_json::from_slice(&fs::read(path).unwrap()).unwrap()
}

#[test]
fn settings_are_replaced_whole_while_another_process_has_them_open_and_locked() {
    let (_root, folder) = profile_folder();
    let path = folder.join("settings.json");
    file::write(&path, &entries(json!({"language": "es"}))).unwrap();

    // Another Workdesk (or a backup tool) reading the file, and this
    // process's read-modify-write holding the lock.
    let mut open_elsewhere = fs::File::open(&path).unwrap();
    let held = file::lock(&path).unwrap();
    let lock_file = folder.join("settings.json.lock");
    let other = fs::OpenOptions::new().write(true).open(&lock_file).unwrap();
    assert!(
        matches!(other.try_lock(), Err(fs::TryLockError::WouldBlock)),
        "a second process waits for the lock"
    );

    // Windows replaces a file another process has open only with POSIX
    // rename semantics (Windows 10 1809 and later, on NTFS); Wine 8 and
    // older systems refuse ("Access denied"). Either way nothing is lost:
    // the file is the new one whole, or the old one whole with the error
    // told, and nothing of the attempt is left behind.
    match file::write(&path, &entries(json!({"language": "en"}))) {
        Ok(()) => {
            assert_eq!(read_json(&path), json!({"language": "en"}));
            assert_eq!(
                read_json(&file::backup_of(&path)),
                json!({"language": "es"}),
                "the file it replaced is the backup"
            );
        }
        Err(err) => {
            if !cfg!(windows) {
                panic!("only Windows refuses a rename over an open file: {err}");
            }
            assert_eq!(err.kind(), std::io::ErrorKind::PermissionDenied, "{err}");
            assert_eq!(
                read_json(&path),
                json!({"language": "es"}),
                "the old file, whole"
            );
        }
    }
    let mut seen_elsewhere = String::new();
    open_elsewhere.read_to_string(&mut seen_elsewhere).unwrap();
    assert_eq!(
        serde_json::from_str::<Value>(&seen_elsewhere).unwrap(),
        json!({"language": "es"}),
        "the open handle still reads the whole file it opened"
    );
    drop(open_elsewhere);
    file::write(&path, &entries(json!({"language": "en"}))).unwrap();
    assert_eq!(
        read_json(&path),
        json!({"language": "en"}),
        "once closed elsewhere, it is replaced"
    );

    drop(held);
    other.try_lock().expect("the lock is free once dropped");
    let leftovers: Vec<String> = fs::read_dir(&folder)
        .unwrap()
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|name| name.ends_with(".tmp"))
        .collect();
    assert!(
        leftovers.is_empty(),
        "no temporary file left: {leftovers:?}"
    );
}

#[test]
fn the_part_file_of_an_export_killed_half_way_is_removed_at_the_next_start() {
    let (_root, folder) = profile_folder();
    let documents = folder.join("Mis documentos");
    fs::create_dir_all(&documents).unwrap();
    let part = documents.join(".workdesk-export-3f9a.part");
    let chosen = documents.join("Facturas de proveedor.xlsx");
    fs::write(&part, b"half an export").unwrap();
    fs::write(&chosen, b"the user's own file").unwrap();
    let settings = common::settings_in_memory();
    settings.note_export_part(&part, true);
    // A path that is not a part file, edited into the settings: never removed.
    settings.note_export_part(&chosen, true);

    assert_eq!(remove_leftover_parts(&settings), 1);
    assert!(!part.exists());
    assert!(chosen.exists(), "only part files go");
    assert!(settings.export_parts().is_empty(), "both forgotten");
}
