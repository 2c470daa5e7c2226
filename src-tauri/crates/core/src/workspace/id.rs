//! A workspace the user keeps: a name, a server address and an API key
//! (one workspace of the service, per `docs/service.md`, "One workspace
//! per key": each key is bound to one workspace), its id and the rules
//! its name follows. Where the list is kept: [`crate::workspace::list`].

use serde::{Deserialize, Serialize};
use specta::Type;
use workdesk_api::{BaseUrl, ClientConfig, ProxyUrl};

/// Longest workspace name, in characters.
pub const NAME_MAX_CHARS: usize = 60;

/// A workspace's id: the keychain account of its key, the folder of its
/// saved data and the prefix of its settings. A UUID (simple form) for
/// workspaces added in this version, `default` for the one connection of
/// earlier versions, `demo` for the demo's views. 1 to 64 ASCII letters,
/// digits, `-` or `_`, so it is safe as a file name and an account.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize, Type)]
#[serde(try_from = "String", into = "String")]
pub struct WorkspaceId(String);

impl WorkspaceId {
    /// The id of the connection kept by versions before workspaces.
    pub const LEGACY: &'static str = "default";
    /// The id the demo workspace's views are kept under.
    pub const DEMO: &'static str = "demo";

    /// A new, random id (UUID v4).
    pub fn generate() -> WorkspaceId {
        WorkspaceId(uuid::Uuid::new_v4().simple().to_string())
    }

    /// The demo workspace's id.
    pub fn demo() -> WorkspaceId {
        WorkspaceId(Self::DEMO.to_owned())
    }

    /// The id of the one connection of versions before workspaces.
    pub fn legacy() -> WorkspaceId {
        WorkspaceId(Self::LEGACY.to_owned())
    }

    /// `text` as an id, if it is one (see the type's rules).
    pub fn parse(text: &str) -> Option<WorkspaceId> {
        let fits = (1..=64).contains(&text.len())
            && text
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_');
        fits.then(|| WorkspaceId(text.to_owned()))
    }

    /// The id as text (also the keychain account of the workspace's key).
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// Whether this is the demo workspace.
    pub fn is_demo(&self) -> bool {
        self.0 == Self::DEMO
    }
}

impl TryFrom<String> for WorkspaceId {
    type Error = String;
    fn try_from(text: String) -> std::result::Result<Self, String> {
        WorkspaceId::parse(&text).ok_or_else(|| format!("not a workspace id: {text:?}"))
    }
}

impl From<WorkspaceId> for String {
    fn from(id: WorkspaceId) -> String {
        id.0
    }
}

impl std::fmt::Display for WorkspaceId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

/// One workspace as the settings keep it and the UI lists it (no key: the
/// key is in the keychain, and only its hint ever reaches the UI).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Type)]
pub struct WorkspaceEntry {
    /// Its id.
    pub id: WorkspaceId,
    /// The name the user gave it (1 to [`NAME_MAX_CHARS`] characters,
    /// unique ignoring case).
    pub name: String,
    /// The server's base URL, as validated by [`BaseUrl`]. Its key is sent
    /// to this origin (scheme, host, port) only.
    pub base_url: String,
    /// The workspace's own HTTP proxy (`http://proxy.example.com:3128`, as
    /// validated by [`ProxyUrl`]); `None`: the environment's
    /// (`HTTPS_PROXY`, `NO_PROXY`), if any. Never used for loopback.
    #[serde(default)]
    pub proxy: Option<String>,
}

impl WorkspaceEntry {
    /// The base URL, parsed.
    ///
    /// # Errors
    /// `InvalidBaseUrl` when the settings file was edited into something
    /// that is not one.
    pub fn base_url(&self) -> workdesk_api::Result<BaseUrl> {
        BaseUrl::parse(&self.base_url)
    }

    /// How its client is built: the default timeouts and retries, and its
    /// proxy (one the settings file was edited into that does not read is
    /// left out, and logged).
    pub fn client_config(&self) -> ClientConfig {
        let proxy = self.proxy.as_deref().and_then(|text| {
            ProxyUrl::parse(text)
                .map_err(|err| log::warn!("the proxy of workspace {} is not used: {err}", self.id))
                .ok()
        });
        ClientConfig {
            proxy,
            ..ClientConfig::default()
        }
    }
}

/// A proxy address as typed in a form: `None` when empty.
///
/// # Errors
/// `InvalidProxy` with the reason.
pub fn typed_proxy(text: Option<&str>) -> workdesk_api::Result<Option<ProxyUrl>> {
    match text.map(str::trim).filter(|t| !t.is_empty()) {
        None => Ok(None),
        Some(text) => Ok(Some(ProxyUrl::parse(text)?)),
    }
}

/// Why a workspace name was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Type)]
#[serde(rename_all = "snake_case")]
pub enum NameProblem {
    /// Nothing but spaces.
    Empty,
    /// More than [`NAME_MAX_CHARS`] characters.
    TooLong,
    /// Another workspace has it (ignoring case).
    Taken,
}

/// `name` trimmed, if it can name a workspace among `others` (`except`: the
/// workspace being renamed, whose own name does not count).
///
/// # Errors
/// The [`NameProblem`].
pub fn check_name(
    name: &str,
    others: &[WorkspaceEntry],
    except: Option<&WorkspaceId>,
) -> Result<String, NameProblem> {
    let name = name.trim();
    if name.is_empty() {
        return Err(NameProblem::Empty);
    }
    if name.chars().count() > NAME_MAX_CHARS {
        return Err(NameProblem::TooLong);
    }
    let folded = name.to_lowercase();
    if others
        .iter()
        .any(|w| Some(&w.id) != except && w.name.trim().to_lowercase() == folded)
    {
        return Err(NameProblem::Taken);
    }
    Ok(name.to_owned())
}

/// The name a workspace gets when none is typed: its server's host.
pub fn default_name(base_url: &BaseUrl) -> String {
    base_url
        .as_url()
        .host_str()
        .unwrap_or(base_url.as_str())
        .to_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(id: &str, name: &str) -> WorkspaceEntry {
        WorkspaceEntry {
            id: WorkspaceId::parse(id).unwrap(),
            name: name.into(),
            base_url: "https://api.example.com/".into(),
            proxy: None,
        }
    }

    #[test]
    fn ids_are_safe_as_file_names_and_accounts() {
        assert!(WorkspaceId::parse("default").is_some());
        let id = WorkspaceId::generate();
        assert_eq!(id.as_str().len(), 32, "{id}");
        assert_ne!(id, WorkspaceId::generate());
        for bad in ["", "../x", "a/b", "a b", "é", &"x".repeat(65)] {
            assert!(WorkspaceId::parse(bad).is_none(), "{bad:?}");
        }
        assert!(serde_json::from_value::<WorkspaceId>(serde_json::json!("../../etc")).is_err());
    }

    #[test]
    fn names_are_trimmed_bounded_and_unique_ignoring_case() {
        let others = [entry("a", "Contabilidad Pérez")];
        assert_eq!(check_name("  Acme  ", &others, None).unwrap(), "Acme");
        assert_eq!(check_name("   ", &others, None), Err(NameProblem::Empty));
        assert_eq!(
            check_name(&"ñ".repeat(61), &others, None),
            Err(NameProblem::TooLong)
        );
        assert!(check_name(&"ñ".repeat(60), &others, None).is_ok());
        assert_eq!(
            check_name("contabilidad pérez", &others, None),
            Err(NameProblem::Taken)
        );
        // Renaming a workspace to its own name in other case is fine.
        let own = WorkspaceId::parse("a").unwrap();
        assert!(check_name("CONTABILIDAD PÉREZ", &others, Some(&own)).is_ok());
    }
}
