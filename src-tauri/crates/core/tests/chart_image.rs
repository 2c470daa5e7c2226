//! "Save as PNG": the image written where the user chose, whole (no `.part`
//! file left), only when it is a PNG; nothing written when the dialog is
//! closed.

use std::path::PathBuf;
use std::sync::{Arc, Mutex};

use workdesk_core::export::commands::{SaveDialog, SaveFileDialog};
use workdesk_core::ui_error::{ErrorCode, ErrorKind};
use workdesk_core::work_done::DoneNotice;

mod common;
use common::demo;

fn texts() -> SaveDialog {
    SaveDialog {
        title: "Save the chart".into(),
        file_name: "Customer invoices per month.png".into(),
        file_type: "PNG image".into(),
        replace_question: "{name} already exists. Replace it?".into(),
        replace: "Replace".into(),
        keep: "Cancel".into(),
        notice: DoneNotice {
            title: "Workdesk".into(),
            done: String::new(),
            failed: String::new(),
        },
    }
}

/// A save dialog answering with whatever `answer` holds (`None`: closed).
fn dialog(answer: Arc<Mutex<Option<PathBuf>>>) -> SaveFileDialog {
    SaveFileDialog::new(
        move |ask| {
            let _ = ask.answer.send(answer.lock().unwrap().clone());
        },
        |confirm| {
            let _ = confirm.answer.send(true);
        },
    )
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_charts_png_is_written_where_chosen_and_only_a_png() {
    let (state, dir) = demo().await;
    let target = dir.path().join("chart.png");
    let answer = Arc::new(Mutex::new(Some(target.clone())));
    let dialog = dialog(answer.clone());
    let mut png = vec![0x89, b'P', b'N', b'G', b'\r', b'\n', 0x1a, b'\n'];
    png.extend_from_slice(&[7; 1000]);

    let saved =
        workdesk_core::export::chart_image::save_image(&state, &dialog, texts(), png.clone())
            .await
            .unwrap()
            .expect("a file chosen");
    assert_eq!(std::fs::read(&target).unwrap(), png);
    assert_eq!(saved.file_name, "chart.png");
    assert_eq!(saved.bytes, png.len() as u64);
    let left: Vec<_> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|name| name.ends_with(".part"))
        .collect();
    assert!(left.is_empty(), "no part file left: {left:?}");

    // Not a PNG: refused before asking, the file there untouched.
    let refused = workdesk_core::export::chart_image::save_image(
        &state,
        &dialog,
        texts(),
        b"GIF89a not a png".to_vec(),
    )
    .await
    .unwrap_err();
    assert_eq!(
        (refused.kind, refused.code),
        (ErrorKind::InvalidInput, ErrorCode::NotPng)
    );
    assert_eq!(std::fs::read(&target).unwrap(), png);

    // The dialog closed: nothing written.
    *answer.lock().unwrap() = None;
    let other = dir.path().join("other.png");
    assert_eq!(
        workdesk_core::export::chart_image::save_image(&state, &dialog, texts(), png)
            .await
            .unwrap(),
        None
    );
    assert!(!other.exists());
}

/// A link planted where the old code wrote its part file (`<path>.part`)
/// is never followed: the file it points to keeps its bytes, and the image
/// lands where chosen, a file of its own.
#[cfg(unix)]
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_link_planted_beside_the_image_is_never_followed() {
    let (state, dir) = demo().await;
    let elsewhere = tempfile::tempdir().unwrap();
    let victim = elsewhere.path().join("victim.txt");
    std::fs::write(&victim, b"keep me").unwrap();
    let target = dir.path().join("chart.png");
    let planted = dir.path().join("chart.png.part");
    std::os::unix::fs::symlink(&victim, &planted).unwrap();
    let dialog = dialog(Arc::new(Mutex::new(Some(target.clone()))));
    let mut png = vec![0x89, b'P', b'N', b'G', b'\r', b'\n', 0x1a, b'\n'];
    png.extend_from_slice(&[7; 100]);

    workdesk_core::export::chart_image::save_image(&state, &dialog, texts(), png.clone())
        .await
        .unwrap()
        .expect("a file chosen");
    assert_eq!(std::fs::read(&victim).unwrap(), b"keep me");
    assert!(
        !std::fs::symlink_metadata(&target).unwrap().is_symlink(),
        "the image is a file, not the planted link"
    );
    assert_eq!(std::fs::read(&target).unwrap(), png);
    assert!(
        std::fs::symlink_metadata(&planted).unwrap().is_symlink(),
        "the planted link is left as it was"
    );
}
