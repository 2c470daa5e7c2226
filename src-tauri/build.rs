//! Tauri's build script, and the one list of commands.
//!
//! A command is written once: a function marked `#[tauri::command]` (in
//! this crate) or `#[cfg_attr(feature = "tauri", tauri::command, …)]` (in
//! `workdesk-core`, where nearly all of them live). This script finds every
//! such function in those two crates' sources (parsed with `syn`, the
//! parser the macros themselves use) and generates from that list:
//!
//! - `$OUT_DIR/commands.rs`, included by `lib.rs`: `every_command!` (the
//!   window's invoke handler and the bindings' command list, whose paths the
//!   compiler checks) and `COMMANDS` (each command's name and the arguments
//!   the window sends, for the tests);
//! - Tauri's `allow-<command>`/`deny-<command>` permissions, and the app's
//!   `default` permission set allowing every one of them, which
//!   `capabilities/main.json` grants to the main window.
//!
//! The manifest of the app package is the top-level `Cargo.toml`, so
//! paths here are relative to the repository's root.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use quote::ToTokens;

/// The sources searched for commands, and the Rust path of their crate.
const SOURCES: &[(&str, &str)] = &[
    ("src-tauri/crates/core/src", "workdesk_core"),
    ("src-tauri/src", "crate"),
];

/// Arguments Tauri fills in itself (the window never sends them).
const INJECTED: &[&str] = &["State", "AppHandle", "Window", "Webview", "WebviewWindow"];

/// One command found.
struct Command {
    /// Its Rust path, e.g. `workdesk_core::reading::records::read_list`.
    path: String,
    /// Its name, which the window invokes.
    name: String,
    /// The arguments the window sends, in camelCase as Tauri reads them.
    args: Vec<String>,
}

fn main() {
    let mut commands = Vec::new();
    for (dir, krate) in SOURCES {
        println!("cargo:rerun-if-changed={dir}");
        find(Path::new(dir), Path::new(dir), krate, &mut commands);
    }
    commands.sort_by(|a, b| a.name.cmp(&b.name));
    for pair in commands.windows(2) {
        assert!(
            pair[0].name != pair[1].name,
            "two commands are named {}: {} and {}",
            pair[0].name,
            pair[0].path,
            pair[1].path
        );
    }

    let out_dir = PathBuf::from(std::env::var("OUT_DIR").expect("OUT_DIR"));
    std::fs::write(out_dir.join("commands.rs"), generated(&commands))
        .expect("commands.rs could not be written");

    let permissions = out_dir.join("app-permissions");
    std::fs::create_dir_all(&permissions).expect("permissions folder");
    std::fs::write(
        permissions.join("default.toml"),
        default_permission(&commands),
    )
    .expect("default.toml could not be written");
    let pattern: &'static str =
        Box::leak(format!("{}/*.toml", permissions.display()).into_boxed_str());
    let names: &'static [&'static str] = Box::leak(
        commands
            .iter()
            .map(|command| &*Box::leak(command.name.clone().into_boxed_str()))
            .collect::<Vec<&'static str>>()
            .into_boxed_slice(),
    );

    tauri_build::try_build(
        tauri_build::Attributes::new()
            .capabilities_path_pattern("./src-tauri/capabilities/**/*")
            .app_manifest(
                tauri_build::AppManifest::new()
                    .commands(names)
                    .permissions_path_pattern(pattern),
            ),
    )
    .expect("tauri build script failed");
}

/// Adds the commands of every `.rs` file under `dir` (the crate's source
/// root `root`) to `commands`.
fn find(root: &Path, dir: &Path, krate: &str, commands: &mut Vec<Command>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .unwrap_or_else(|err| panic!("{}: {err}", dir.display()))
        .map(|entry| entry.expect("a folder entry").path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            find(root, &path, krate, commands);
        } else if path.extension().is_some_and(|ext| ext == "rs") {
            let text = std::fs::read_to_string(&path).expect("a source file");
            let file = syn::parse_file(&text)
                .unwrap_or_else(|err| panic!("{} does not parse: {err}", path.display()));
            let module = module_path(root, &path, krate);
            for item in &file.items {
                if let syn::Item::Fn(function) = item {
                    if is_command(&function.attrs) {
                        commands.push(Command {
                            path: format!("{module}::{}", function.sig.ident),
                            name: function.sig.ident.to_string(),
                            args: sent_args(&function.sig),
                        });
                    }
                }
            }
        }
    }
}

/// The Rust path of the module of source file `path`.
fn module_path(root: &Path, path: &Path, krate: &str) -> String {
    let relative = path.strip_prefix(root).expect("under its root");
    let mut parts = vec![krate.to_owned()];
    for component in relative.with_extension("").components() {
        let part = component.as_os_str().to_string_lossy().into_owned();
        if !matches!(part.as_str(), "lib" | "main" | "mod") {
            parts.push(part);
        }
    }
    parts.join("::")
}

/// Whether `attrs` mark a command: `#[tauri::command]`, or the same inside
/// `#[cfg_attr(feature = "tauri", …)]`.
fn is_command(attrs: &[syn::Attribute]) -> bool {
    attrs.iter().any(|attr| {
        let path = attr.path().to_token_stream().to_string().replace(' ', "");
        path == "tauri::command"
            || (path == "cfg_attr"
                && attr
                    .meta
                    .to_token_stream()
                    .to_string()
                    .replace(' ', "")
                    .contains("tauri::command"))
    })
}

/// The arguments of `sig` the window sends (not a reference to managed
/// state, not what Tauri injects), in camelCase.
fn sent_args(sig: &syn::Signature) -> Vec<String> {
    sig.inputs
        .iter()
        .filter_map(|input| match input {
            syn::FnArg::Typed(typed) => Some(typed),
            syn::FnArg::Receiver(_) => None,
        })
        .filter(|typed| match &*typed.ty {
            syn::Type::Reference(_) => false,
            syn::Type::Path(path) => path
                .path
                .segments
                .last()
                .is_none_or(|last| !INJECTED.contains(&last.ident.to_string().as_str())),
            _ => true,
        })
        .map(|typed| camel_case(&typed.pat.to_token_stream().to_string()))
        .collect()
}

/// `drill_down` → `drillDown`, as Tauri names a command's arguments.
fn camel_case(snake: &str) -> String {
    let mut out = String::new();
    let mut upper = false;
    for c in snake.chars() {
        if c == '_' {
            upper = true;
        } else if upper {
            out.extend(c.to_uppercase());
            upper = false;
        } else {
            out.push(c);
        }
    }
    out
}

/// `commands.rs`: `every_command!` and `COMMANDS`.
fn generated(commands: &[Command]) -> String {
    let mut out = String::from(
        "// Generated by build.rs from the functions marked as commands. Do not edit.\n\n\
         /// Expands to `$handler![…]` over every command (found by `build.rs`):\n\
         /// `collect_commands` for the bindings, `tauri::generate_handler` for\n\
         /// the window's invoke handler.\n\
         macro_rules! every_command {\n    ($($handler:tt)+) => {\n        $($handler)+![\n",
    );
    for command in commands {
        let _ = writeln!(out, "            {},", command.path);
    }
    out.push_str("        ]\n    };\n}\n\n");
    out.push_str(
        "/// Every command the window may invoke, with the arguments it sends\n\
         /// (camelCase), in order of name.\n\
         pub const COMMANDS: &[(&str, &[&str])] = &[\n",
    );
    for command in commands {
        let args: Vec<String> = command.args.iter().map(|a| format!("{a:?}")).collect();
        let _ = writeln!(out, "    ({:?}, &[{}]),", command.name, args.join(", "));
    }
    out.push_str("];\n");
    out
}

/// The app's `default` permission set: every command allowed.
fn default_permission(commands: &[Command]) -> String {
    let mut out = String::from(
        "# Generated by build.rs from the functions marked as commands.\n\n[default]\n\
         description = \"Every command of Workdesk's, and nothing else.\"\npermissions = [\n",
    );
    for command in commands {
        let _ = writeln!(out, "  \"allow-{}\",", command.name.replace('_', "-"));
    }
    out.push_str("]\n");
    out
}
