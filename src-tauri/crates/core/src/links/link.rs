//! One `workdesk://` link: what it names, written and read with the `url`
//! crate (percent-encoding included), and the saved workspace it names.
//!
//! ```text
//! workdesk://open/supplier_invoice?record=<uuid>&workspace=<id>&server=<origin>
//! workdesk://open/task?view=Overdue&workspace=<id>&server=<origin>
//! ```
//!
//! - `open`: the only host; then one path segment, the resource's spec
//!   name (`supplier_invoice`, `customer_invoice`, `sales_quote`,
//!   `product`, `task`, `lead`, `stakeholder`, `customer`);
//! - `record` (a UUID) or `view` (a saved view's name, 1 to 80
//!   characters), one of them;
//! - `workspace`: the id this computer keeps the workspace under
//!   ([`WorkspaceId`]); `server`: its server's origin (scheme, host and
//!   port, as [`BaseUrl::origin`] writes it). Never its key.
//!
//! Anything else (another scheme or host, a user name, a port, a
//! fragment, another path segment or query part, a part given twice, a
//! part that reads as an API key) is refused: a link is read exactly as
//! Workdesk writes it.

use url::Url;
use workdesk_api::{ApiKey, BaseUrl, ResourceName};

use crate::workspace::id::{WorkspaceEntry, WorkspaceId};

/// The links' scheme, registered by the installers (`tauri.conf.json`,
/// `plugins.deep-link.desktop.schemes`).
pub const SCHEME: &str = "workdesk";

/// The one host a link has: what it does.
const OPEN: &str = "open";

/// The longest view name a link carries, in characters: the longest a
/// view's name may be (`settings::store::VIEW_NAME_MAX_CHARS`, which
/// `links::commands`' tests compare it with).
pub const VIEW_NAME_MAX: usize = 80;

/// What a link opens in its resource's list.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Target {
    /// A record's details, by its id.
    Record(uuid::Uuid),
    /// A saved view, by its name.
    View(String),
}

/// A `workdesk://` link: a record or a saved view of a resource in one
/// saved workspace (see the module's documentation).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Link {
    /// The workspace's server origin (`https://api.example.com`).
    pub server: String,
    /// The workspace's id on this computer.
    pub workspace: WorkspaceId,
    /// The resource whose list opens.
    pub resource: ResourceName,
    /// What opens in that list.
    pub target: Target,
}

/// Why a text is not a `workdesk://` link Workdesk opens (the UI words
/// it: `errors.link.<code>`, see [`LinkProblem::code`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum LinkProblem {
    /// Not an address at all.
    #[error("not a link")]
    NotALink,
    /// An address of another scheme (`http://`, `mailto:`…).
    #[error("not a workdesk:// link")]
    OtherScheme,
    /// No resource, or one Workdesk does not list.
    #[error("no resource Workdesk lists")]
    Resource,
    /// Neither a record nor a saved view, or both.
    #[error("neither a record nor a saved view")]
    Target,
    /// A record id that is not a UUID.
    #[error("the record id is not a UUID")]
    RecordId,
    /// A view name that is empty or longer than 80 characters.
    #[error("the view name is empty or too long")]
    ViewName,
    /// No workspace id, or one that is not an id.
    #[error("no workspace id")]
    Workspace,
    /// No server, or one that is not an origin.
    #[error("no server origin")]
    Server,
    /// A part that reads as an API key: a link never carries one.
    #[error("a part of the link looks like an API key")]
    KeyLike,
    /// Something a link of Workdesk's never has (another host, a user
    /// name, a port, a fragment, another part).
    #[error("parts a Workdesk link never has")]
    Extra,
}

impl LinkProblem {
    /// The problem as the UI's error names it (`reason`): `not_a_link`,
    /// `other_scheme`, `resource`, `target`, `record_id`, `view_name`,
    /// `workspace`, `server`, `key_like`, `extra`.
    pub fn code(self) -> &'static str {
        match self {
            LinkProblem::NotALink => "not_a_link",
            LinkProblem::OtherScheme => "other_scheme",
            LinkProblem::Resource => "resource",
            LinkProblem::Target => "target",
            LinkProblem::RecordId => "record_id",
            LinkProblem::ViewName => "view_name",
            LinkProblem::Workspace => "workspace",
            LinkProblem::Server => "server",
            LinkProblem::KeyLike => "key_like",
            LinkProblem::Extra => "extra",
        }
    }
}

impl Link {
    /// The link of `target` of `resource` in `workspace`.
    ///
    /// # Errors
    /// `InvalidBaseUrl` when the settings file was edited into an address
    /// that is not one.
    pub fn new(
        workspace: &WorkspaceEntry,
        resource: ResourceName,
        target: Target,
    ) -> workdesk_api::Result<Link> {
        Ok(Link {
            server: workspace.base_url()?.origin(),
            workspace: workspace.id.clone(),
            resource,
            target,
        })
    }

    /// Reads `text` as a link, exactly as [`Link::to_url`] writes one.
    ///
    /// # Errors
    /// The [`LinkProblem`] found first.
    pub fn parse(text: &str) -> Result<Link, LinkProblem> {
        let url = Url::parse(text.trim()).map_err(|_| LinkProblem::NotALink)?;
        if url.scheme() != SCHEME {
            return Err(LinkProblem::OtherScheme);
        }
        let pairs: Vec<(String, String)> = url.query_pairs().into_owned().collect();
        if pairs
            .iter()
            .any(|(name, value)| key_like(name) || key_like(value))
            || key_like(url.username())
            || url.password().is_some_and(key_like)
            || url.path_segments().into_iter().flatten().any(key_like)
        {
            return Err(LinkProblem::KeyLike);
        }
        if url.host_str() != Some(OPEN)
            || !url.username().is_empty()
            || url.password().is_some()
            || url.port().is_some()
            || url.fragment().is_some()
        {
            return Err(LinkProblem::Extra);
        }
        let segments: Vec<&str> = url.path_segments().into_iter().flatten().collect();
        let resource = match segments[..] {
            [name] => ResourceName::ALL
                .into_iter()
                .find(|r| r.as_str() == name)
                .ok_or(LinkProblem::Resource)?,
            [] => return Err(LinkProblem::Resource),
            _ => return Err(LinkProblem::Extra),
        };
        let mut record = None;
        let mut view = None;
        let mut workspace = None;
        let mut server = None;
        for (name, value) in pairs {
            let part = match name.as_str() {
                "record" => &mut record,
                "view" => &mut view,
                "workspace" => &mut workspace,
                "server" => &mut server,
                _ => return Err(LinkProblem::Extra),
            };
            if part.replace(value).is_some() {
                return Err(LinkProblem::Extra);
            }
        }
        let target = match (record, view) {
            (Some(id), None) => Target::Record(record_id(&id)?),
            (None, Some(name)) => {
                let length = name.trim().chars().count();
                if length == 0 || length > VIEW_NAME_MAX || name.trim() != name {
                    return Err(LinkProblem::ViewName);
                }
                Target::View(name)
            }
            _ => return Err(LinkProblem::Target),
        };
        let workspace = workspace
            .as_deref()
            .and_then(WorkspaceId::parse)
            .ok_or(LinkProblem::Workspace)?;
        let server = server
            .as_deref()
            .and_then(origin)
            .ok_or(LinkProblem::Server)?;
        Ok(Link {
            server,
            workspace,
            resource,
            target,
        })
    }

    /// The link as an address (`workdesk://open/…`), its parts
    /// percent-encoded.
    pub fn to_url(&self) -> Url {
        let mut url = Url::parse(&format!("{SCHEME}://{OPEN}/")).expect("a fixed, valid address");
        url.path_segments_mut()
            .expect("a URL with a host has path segments")
            .clear()
            .push(self.resource.as_str());
        {
            let mut query = url.query_pairs_mut();
            match &self.target {
                Target::Record(id) => query.append_pair("record", &id.hyphenated().to_string()),
                Target::View(name) => query.append_pair("view", name),
            };
            query
                .append_pair("workspace", self.workspace.as_str())
                .append_pair("server", &self.server);
        }
        url
    }

    /// The saved workspace this link names among `saved`: the one with its
    /// id and its server's origin.
    ///
    /// # Errors
    /// [`NotHere`] when no workspace of this computer is both.
    pub fn resolve<'a>(&self, saved: &'a [WorkspaceEntry]) -> Result<&'a WorkspaceEntry, NotHere> {
        saved
            .iter()
            .find(|w| {
                w.id == self.workspace && w.base_url().is_ok_and(|url| url.origin() == self.server)
            })
            .ok_or_else(|| NotHere {
                server: self.server.clone(),
            })
    }
}

impl std::fmt::Display for Link {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.to_url().as_str())
    }
}

/// A link to a workspace that is not saved on this computer.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("no workspace of {server} with that id is saved on this computer")]
pub struct NotHere {
    /// The server the link names (said to the user).
    pub server: String,
}

/// Whether `text` reads as an API key.
fn key_like(text: &str) -> bool {
    ApiKey::parse(text).is_ok()
}

/// `text` as a record id: a UUID in its hyphenated form (as the service
/// writes ids), in lower case.
fn record_id(text: &str) -> Result<uuid::Uuid, LinkProblem> {
    let id = uuid::Uuid::try_parse(text).map_err(|_| LinkProblem::RecordId)?;
    if id.hyphenated().to_string() != text.to_ascii_lowercase() {
        return Err(LinkProblem::RecordId);
    }
    Ok(id)
}

/// `text` if it is a server's origin as [`BaseUrl::origin`] writes it: an
/// address the service may be at, nothing after its port.
fn origin(text: &str) -> Option<String> {
    let base = BaseUrl::parse(text).ok()?;
    (base.origin() == text).then_some(text.to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    const ID: &str = "6f1c2a4e-8b3d-4c5e-9f70-1a2b3c4d5e6f";

    fn saved(id: &str, base_url: &str) -> WorkspaceEntry {
        WorkspaceEntry {
            id: WorkspaceId::parse(id).unwrap(),
            name: id.to_owned(),
            base_url: base_url.to_owned(),
            proxy: None,
        }
    }

    fn record_link() -> Link {
        Link::new(
            &saved(
                "0a1b2c3d4e5f60718293a4b5c6d7e8f9",
                "https://books.example.co/api/",
            ),
            ResourceName::SupplierInvoice,
            Target::Record(uuid::Uuid::parse_str(ID).unwrap()),
        )
        .unwrap()
    }

    #[test]
    fn a_record_link_is_written_and_read_back() {
        let link = record_link();
        let text = link.to_string();
        assert_eq!(
            text,
            format!("workdesk://open/supplier_invoice?record={ID}&workspace=0a1b2c3d4e5f60718293a4b5c6d7e8f9&server=https%3A%2F%2Fbooks.example.co")
        );
        assert_eq!(Link::parse(&text), Ok(link));
    }

    #[test]
    fn a_view_link_keeps_its_name_whatever_it_holds() {
        for name in [
            "Overdue",
            "Vencidas — mías & de Ana?",
            "50% #1 / año",
            "a+b=c",
        ] {
            let link = Link {
                server: "http://127.0.0.1:8421".to_owned(),
                workspace: WorkspaceId::legacy(),
                resource: ResourceName::Task,
                target: Target::View(name.to_owned()),
            };
            let text = link.to_string();
            assert!(!text.contains(' ') && !text.contains('#'), "{text}");
            assert_eq!(Link::parse(&text), Ok(link), "{text}");
        }
    }

    #[test]
    fn every_resource_is_named_by_its_spec_name() {
        for resource in ResourceName::ALL {
            let link = Link {
                resource,
                ..record_link()
            };
            let text = link.to_string();
            assert!(text.starts_with(&format!("workdesk://open/{}?", resource.as_str())));
            assert_eq!(Link::parse(&text).unwrap().resource, resource);
        }
    }

    #[test]
    fn malformed_and_foreign_links_are_refused() {
        let good = record_link().to_string();
        let query = good.split_once('?').unwrap().1.to_owned();
        let server = "server=https%3A%2F%2Fbooks.example.co";
        let workspace = "workspace=0a1b2c3d4e5f60718293a4b5c6d7e8f9";
        let cases: Vec<(String, LinkProblem)> = vec![
            ("".into(), LinkProblem::NotALink),
            ("supplier_invoice/123".into(), LinkProblem::NotALink),
            (good.replacen("workdesk:", "http:", 1), LinkProblem::OtherScheme),
            (good.replacen("workdesk:", "https:", 1), LinkProblem::OtherScheme),
            (good.replacen("workdesk:", "workdesks:", 1), LinkProblem::OtherScheme),
            ("mailto:ana@example.com".into(), LinkProblem::OtherScheme),
            (good.replacen("supplier_invoice", "invoice", 1), LinkProblem::Resource),
            (good.replacen("supplier_invoice", "Supplier_Invoice", 1), LinkProblem::Resource),
            (format!("workdesk://open/?{query}"), LinkProblem::Resource),
            (format!("workdesk://open?{query}"), LinkProblem::Resource),
            (good.replacen(ID, "42", 1), LinkProblem::RecordId),
            (good.replacen(ID, &ID.replace('-', ""), 1), LinkProblem::RecordId),
            (good.replacen(ID, "6f1c2a4e-8b3d-4c5e-9f70-1a2b3c4d5e6g", 1), LinkProblem::RecordId),
            (format!("workdesk://open/task?{workspace}&{server}"), LinkProblem::Target),
            (format!("{good}&view=Overdue"), LinkProblem::Target),
            (format!("workdesk://open/task?view=&{workspace}&{server}"), LinkProblem::ViewName),
            (
                format!("workdesk://open/task?view={}&{workspace}&{server}", "x".repeat(81)),
                LinkProblem::ViewName,
            ),
            (format!("workdesk://open/supplier_invoice?record={ID}&{server}"), LinkProblem::Workspace),
            (
                format!("workdesk://open/supplier_invoice?record={ID}&workspace=..%2Fetc&{server}"),
                LinkProblem::Workspace,
            ),
            (format!("workdesk://open/supplier_invoice?record={ID}&{workspace}"), LinkProblem::Server),
            (
                format!("workdesk://open/supplier_invoice?record={ID}&{workspace}&server=https%3A%2F%2Fbooks.example.co%2Fapi"),
                LinkProblem::Server,
            ),
            (
                format!("workdesk://open/supplier_invoice?record={ID}&{workspace}&server=http%3A%2F%2Fbooks.example.co"),
                LinkProblem::Server,
            ),
            // A key never travels in a link, under any name or in any part.
            (format!("{good}&key=service_0123456789abcdefghijklmnopqrstuv"), LinkProblem::KeyLike),
            (
                format!("workdesk://open/supplier_invoice?record={ID}&workspace=service_0123456789abcdefghijklmnopqrstuv&{server}"),
                LinkProblem::KeyLike,
            ),
            (
                good.replacen("workdesk://", "workdesk://service_0123456789abcdefghijklmnopqrstuv@", 1),
                LinkProblem::KeyLike,
            ),
            (
                good.replacen("/supplier_invoice", "/service_0123456789abcdefghijklmnopqrstuv", 1),
                LinkProblem::KeyLike,
            ),
            // Trailing junk and parts a link never has.
            (format!("{good}#details"), LinkProblem::Extra),
            (format!("{good}&page=2"), LinkProblem::Extra),
            (format!("{good}&{workspace}"), LinkProblem::Extra),
            (good.replacen("?", "/extra?", 1), LinkProblem::Extra),
            (good.replacen("supplier_invoice?", "supplier_invoice/?", 1), LinkProblem::Extra),
            (good.replacen("//open/", "//view/", 1), LinkProblem::Extra),
            (good.replacen("//open/", "//open:80/", 1), LinkProblem::Extra),
            (good.replacen("//open/", "//ana@open/", 1), LinkProblem::Extra),
            (format!("workdesk:open/supplier_invoice?{query}"), LinkProblem::Extra),
        ];
        for (text, problem) in cases {
            assert_eq!(Link::parse(&text), Err(problem), "{text}");
        }
    }

    #[test]
    fn a_link_names_the_workspace_saved_with_its_id_and_server() {
        let link = record_link();
        let here = [
            saved("aaaa", "https://books.example.co/api/"),
            saved(
                "0a1b2c3d4e5f60718293a4b5c6d7e8f9",
                "https://books.example.co/other/",
            ),
        ];
        assert_eq!(
            link.resolve(&here).unwrap().id,
            here[1].id,
            "same origin, any path"
        );
        let moved = [saved(
            "0a1b2c3d4e5f60718293a4b5c6d7e8f9",
            "https://elsewhere.example.co/",
        )];
        assert_eq!(
            link.resolve(&moved),
            Err(NotHere {
                server: "https://books.example.co".into()
            }),
            "same id, another server"
        );
        let other = [saved("bbbb", "https://books.example.co/api/")];
        assert!(link.resolve(&other).is_err(), "same server, another id");
        assert!(link.resolve(&[]).is_err(), "nothing saved");
    }
}
