//! WebKitGTK workarounds applied at start-up on Linux, only where needed.
//!
//! WebKitGTK 2.42+ renders through DMA-BUF buffers from the GPU's render
//! node. With NVIDIA's proprietary driver, and on machines with no render
//! node at all (virtual machines without a GPU, remote desktops), that path
//! often paints nothing: the window stays blank or white
//! (tauri-apps/tauri#9394, WebKit bug 261874; Tauri's "Linux graphics"
//! debugging page). `WEBKIT_DISABLE_DMABUF_RENDERER=1`, set before WebKit
//! starts, falls back to the older renderer at some cost in smoothness, so it
//! is set only on such machines and never over a value the user chose.

use std::path::Path;

/// The variable WebKitGTK reads; any value disables the DMA-BUF renderer.
pub const DISABLE_DMABUF: &str = "WEBKIT_DISABLE_DMABUF_RENDERER";

/// Applies the workarounds this machine needs. Called first thing in `run`,
/// before any thread starts (it sets a process environment variable).
pub fn apply() {
    if cfg!(target_os = "linux")
        && std::env::var_os(DISABLE_DMABUF).is_none()
        && dmabuf_renderer_fails(Path::new("/"))
    {
        std::env::set_var(DISABLE_DMABUF, "1");
    }
}

/// Whether the DMA-BUF renderer is known to fail on the system whose root is
/// `root`: NVIDIA's proprietary kernel driver is loaded (`/proc/driver/nvidia`
/// or `/sys/module/nvidia`), or there is no GPU render node (`/dev/dri/renderD*`).
fn dmabuf_renderer_fails(root: &Path) -> bool {
    let nvidia =
        root.join("proc/driver/nvidia/version").exists() || root.join("sys/module/nvidia").exists();
    let render_node = std::fs::read_dir(root.join("dev/dri")).is_ok_and(|entries| {
        entries
            .flatten()
            .any(|entry| entry.file_name().to_string_lossy().starts_with("renderD"))
    });
    nvidia || !render_node
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_workaround_follows_the_driver_and_the_render_node() {
        let root = std::env::temp_dir().join(format!("workdesk-webkit-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&root);
        std::fs::create_dir_all(root.join("dev/dri")).unwrap();
        assert!(dmabuf_renderer_fails(&root), "no render node: workaround");
        std::fs::write(root.join("dev/dri/renderD128"), "").unwrap();
        assert!(
            !dmabuf_renderer_fails(&root),
            "a render node and no NVIDIA: none"
        );
        std::fs::create_dir_all(root.join("sys/module/nvidia")).unwrap();
        assert!(
            dmabuf_renderer_fails(&root),
            "NVIDIA module loaded: workaround"
        );
        std::fs::remove_dir_all(root.join("sys")).unwrap();
        std::fs::create_dir_all(root.join("proc/driver/nvidia")).unwrap();
        std::fs::write(
            root.join("proc/driver/nvidia/version"),
            "NVRM version: 550.54",
        )
        .unwrap();
        assert!(
            dmabuf_renderer_fails(&root),
            "NVIDIA driver in /proc: workaround"
        );
        std::fs::remove_dir_all(&root).unwrap();
    }
}
