//! The window where the user can reach it. Its size, position and
//! maximised state are remembered between runs (tauri-plugin-window-state,
//! which puts a window back only where a corner of it lies on a monitor);
//! before that plugin reads its file, [`fix_saved_place`] makes sure the
//! title bar of the place kept can be grabbed ([`on_screen`]): a window
//! remembered on a monitor that is gone, or pushed mostly off the screen,
//! comes back centred on the primary monitor, and one larger than its
//! monitor is cut to fit.

use std::path::Path;

use serde_json::Value;

/// A rectangle on the desktop, in physical pixels (the origin is the
/// primary monitor's top-left corner; others may be at negative
/// coordinates).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rect {
    /// Left edge.
    pub x: i32,
    /// Top edge.
    pub y: i32,
    /// Width.
    pub width: u32,
    /// Height.
    pub height: u32,
}

/// How much of the window's top edge must lie on one monitor for the
/// title bar to be grabbed: this tall from the top...
const GRIP_HEIGHT: i32 = 32;
/// ...and this wide, in physical pixels.
const GRIP_WIDTH: i32 = 120;

impl Rect {
    fn right(&self) -> i64 {
        i64::from(self.x) + i64::from(self.width)
    }

    fn bottom(&self) -> i64 {
        i64::from(self.y) + i64::from(self.height)
    }

    /// Width and height of the part of `self` inside `other` (0 when apart).
    fn overlap(&self, other: &Rect) -> (i64, i64) {
        let width = self.right().min(other.right()) - i64::from(self.x.max(other.x));
        let height = self.bottom().min(other.bottom()) - i64::from(self.y.max(other.y));
        (width.max(0), height.max(0))
    }
}

/// Where `window` should go so that the user can reach it on `monitors`
/// (`primary` first when known): `None` when it is fine where it is.
/// - Its title bar (the top 32 px, at least 120 px wide, or the whole
///   width of a narrower window) on a monitor: it stays, cut to that
///   monitor's size when larger, moved back inside it if cutting needs.
/// - Otherwise: centred on the primary monitor, cut to fit it.
pub fn on_screen(window: Rect, monitors: &[Rect], primary: Option<Rect>) -> Option<Rect> {
    let grip = Rect {
        height: GRIP_HEIGHT.unsigned_abs().min(window.height.max(1)),
        ..window
    };
    let needed_width = i64::from(GRIP_WIDTH).min(i64::from(window.width.max(1)));
    let needed_height = i64::from(grip.height);
    let holding = monitors.iter().find(|monitor| {
        let (width, height) = grip.overlap(monitor);
        width >= needed_width && height >= needed_height
    });
    match holding {
        Some(monitor) => {
            let width = window.width.min(monitor.width);
            let height = window.height.min(monitor.height);
            if (width, height) == (window.width, window.height) {
                return None;
            }
            let x = clamp(window.x, monitor.x, monitor.right(), width);
            let y = clamp(window.y, monitor.y, monitor.bottom(), height);
            Some(Rect {
                x,
                y,
                width,
                height,
            })
        }
        None => {
            let monitor = primary.or_else(|| monitors.first().copied())?;
            let width = window.width.min(monitor.width);
            let height = window.height.min(monitor.height);
            Some(Rect {
                x: monitor.x + half(monitor.width - width),
                y: monitor.y + half(monitor.height - height),
                width,
                height,
            })
        }
    }
}

/// Corrects the place of window `label` kept in the window-state file
/// `state_file` (`{"<label>": {"x", "y", "width", "height", "prev_x",
/// "prev_y", "maximized", …}}`, physical pixels) as [`on_screen`] says for
/// `monitors`, so the window is restored where it can be reached. For a
/// maximised window, the place it goes back to when no longer maximised
/// (`prev_x`, `prev_y` and the size; it is maximised on the monitor that
/// place is on). A file or entry that does not read, or one this version
/// does not know the shape of, is left as it is. Returns whether the file
/// was changed.
///
/// # Errors
/// The file system's, when the corrected file cannot be written.
pub fn fix_saved_place(
    state_file: &Path,
    label: &str,
    monitors: &[Rect],
    primary: Option<Rect>,
) -> std::io::Result<bool> {
    let Ok(text) = std::fs::read(state_file) else {
        return Ok(false);
    };
    let Ok(mut states) = serde_json::from_slice::<Value>(&text) else {
        return Ok(false);
    };
    let Some(state) = states.get_mut(label).and_then(Value::as_object_mut) else {
        return Ok(false);
    };
    let maximized = state.get("maximized").and_then(Value::as_bool) == Some(true);
    let (x_name, y_name) = if maximized {
        ("prev_x", "prev_y")
    } else {
        ("x", "y")
    };
    let number = |name: &str| state.get(name).and_then(Value::as_i64);
    let (Some(x), Some(y), Some(width), Some(height)) = (
        number(x_name),
        number(y_name),
        number("width"),
        number("height"),
    ) else {
        return Ok(false);
    };
    let (Ok(x), Ok(y), Ok(width), Ok(height)) = (
        i32::try_from(x),
        i32::try_from(y),
        u32::try_from(width),
        u32::try_from(height),
    ) else {
        return Ok(false);
    };
    let kept = Rect {
        x,
        y,
        width,
        height,
    };
    let Some(target) = on_screen(kept, monitors, primary) else {
        return Ok(false);
    };
    let mut corrected = vec![
        ("prev_x", i64::from(target.x)),
        ("prev_y", i64::from(target.y)),
        ("width", i64::from(target.width)),
        ("height", i64::from(target.height)),
    ];
    if !maximized {
        corrected.extend([("x", i64::from(target.x)), ("y", i64::from(target.y))]);
    }
    for (name, value) in corrected {
        state.insert(name.to_owned(), Value::from(value));
    }
    std::fs::write(state_file, states.to_string())?;
    log::info!("the window's kept place was out of reach; it opens at {target:?}");
    Ok(true)
}

/// `start` moved so that `size` from it ends at or before `end`, and it
/// starts at or after `min`.
fn clamp(start: i32, min: i32, end: i64, size: u32) -> i32 {
    let latest = end - i64::from(size);
    let start = i64::from(start).min(latest).max(i64::from(min));
    i32::try_from(start).unwrap_or(min)
}

fn half(n: u32) -> i32 {
    i32::try_from(n / 2).unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    const SCREEN: Rect = Rect {
        x: 0,
        y: 0,
        width: 1920,
        height: 1080,
    };
    const LEFT: Rect = Rect {
        x: -1280,
        y: 0,
        width: 1280,
        height: 1024,
    };

    fn at(x: i32, y: i32, width: u32, height: u32) -> Rect {
        Rect {
            x,
            y,
            width,
            height,
        }
    }

    #[test]
    fn a_window_whose_title_bar_is_on_a_monitor_stays() {
        assert_eq!(
            on_screen(at(100, 80, 1280, 800), &[SCREEN], Some(SCREEN)),
            None
        );
        // Hanging off the bottom and the right, but grabbable.
        assert_eq!(
            on_screen(at(1700, 900, 1280, 800), &[SCREEN], Some(SCREEN)),
            None
        );
        // On the second monitor, to the left of the primary.
        assert_eq!(
            on_screen(at(-1200, 50, 1000, 700), &[SCREEN, LEFT], Some(SCREEN)),
            None
        );
    }

    #[test]
    fn a_window_on_a_monitor_that_is_gone_comes_back_centred_on_the_primary() {
        let placed = on_screen(at(-1200, 50, 1000, 700), &[SCREEN], Some(SCREEN)).unwrap();
        assert_eq!(placed, at(460, 190, 1000, 700));
        // Far away, no primary known: the first monitor.
        let placed = on_screen(at(9000, 9000, 800, 600), &[SCREEN], None).unwrap();
        assert_eq!(placed, at(560, 240, 800, 600));
    }

    #[test]
    fn a_title_bar_above_the_screen_or_barely_on_it_is_brought_back() {
        // A corner on screen, the title bar above it (where the window
        // state plugin alone would leave it).
        assert!(on_screen(at(100, -500, 1000, 700), &[SCREEN], Some(SCREEN)).is_some());
        // Only 40 px of the title bar on screen.
        assert!(on_screen(at(1880, 100, 1000, 700), &[SCREEN], Some(SCREEN)).is_some());
    }

    #[test]
    fn a_window_larger_than_its_monitor_is_cut_to_fit_it() {
        let small = at(0, 0, 1366, 768);
        let placed = on_screen(at(0, 0, 2400, 1400), &[small], Some(small)).unwrap();
        assert_eq!(placed, at(0, 0, 1366, 768));
        let placed = on_screen(at(600, 100, 1000, 900), &[small], Some(small)).unwrap();
        assert_eq!(
            placed,
            at(366, 0, 1000, 768),
            "moved back inside as it is cut"
        );
    }

    #[test]
    fn the_place_kept_in_the_file_is_corrected_before_it_is_restored() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join(".window-state.json");
        let entry = |x: i32, y: i32, maximized: bool| {
            serde_json::json!({"main": {"width": 1000, "height": 700, "x": x, "y": y, "prev_x": x,
                "prev_y": y, "maximized": maximized, "visible": true, "decorated": true,
                "fullscreen": false}, "other": {"x": 5}})
        };
        std::fs::write(&file, entry(-900, -600, false).to_string()).unwrap();
        assert!(fix_saved_place(&file, "main", &[SCREEN], Some(SCREEN)).unwrap());
        let fixed: Value = serde_json::from_slice(&std::fs::read(&file).unwrap()).unwrap();
        assert_eq!(
            (fixed["main"]["x"].as_i64(), fixed["main"]["y"].as_i64()),
            (Some(460), Some(190))
        );
        assert_eq!(fixed["main"]["prev_x"], 460);
        assert_eq!(fixed["main"]["visible"], true, "the rest kept");
        assert_eq!(fixed["other"]["x"], 5);
        // Reachable, missing or not read: left alone.
        assert!(!fix_saved_place(&file, "main", &[SCREEN], Some(SCREEN)).unwrap());
        // Maximised: where it goes back to when no longer maximised.
        std::fs::write(&file, entry(-900, -600, true).to_string()).unwrap();
        assert!(fix_saved_place(&file, "main", &[SCREEN], Some(SCREEN)).unwrap());
        let fixed: Value = serde_json::from_slice(&std::fs::read(&file).unwrap()).unwrap();
        assert_eq!(
            (
                fixed["main"]["prev_x"].as_i64(),
                fixed["main"]["prev_y"].as_i64()
            ),
            (Some(460), Some(190))
        );
        assert_eq!(
            fixed["main"]["x"], -900,
            "the maximised place is the plugin's"
        );
        assert!(!fix_saved_place(&file, "absent", &[SCREEN], Some(SCREEN)).unwrap());
        std::fs::write(&file, b"{not json").unwrap();
        assert!(!fix_saved_place(&file, "main", &[SCREEN], Some(SCREEN)).unwrap());
        assert!(!fix_saved_place(&dir.path().join("none.json"), "main", &[SCREEN], None).unwrap());
    }

    #[test]
    fn no_monitor_known_leaves_the_window_alone() {
        assert_eq!(on_screen(at(-5000, 0, 800, 600), &[], None), None);
    }
}
