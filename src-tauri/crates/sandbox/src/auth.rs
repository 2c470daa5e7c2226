//! Bearer-key authentication (docs/service.md, "Authentication and keys").

use axum::http::header::AUTHORIZATION;
use axum::http::HeaderMap;
use chrono::{DateTime, Utc};
use uuid::Uuid;

use crate::data::WorkspaceId;
use crate::error::{Error, Result};
use crate::keys::{self, KeyDigest, KeyStore, Role};

/// Who a request acts as, once its key is accepted.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Principal {
    /// The only workspace whose records the request sees.
    pub workspace: WorkspaceId,
    /// The member the key is bound to: `created_by` / `updated_by` /
    /// `deleted_by` of what the request changes.
    pub member: Uuid,
    /// The member's role: whether the request may write.
    pub role: Role,
    /// Identifies the key for rate limiting.
    pub key: KeyDigest,
}

/// Checks `Authorization: Bearer service_…` against `store` at instant `now`.
///
/// No header, another scheme (e.g. `Basic`) or an empty token is
/// [`Error::MissingKey`] (DRF: "credentials were not provided"); a malformed or
/// unknown key is [`Error::InvalidKey`]; then a deleted key is
/// [`Error::DeletedKey`], a disabled key [`Error::DisabledKey`] and a key at
/// or past its expiry [`Error::ExpiredKey`].
pub(crate) fn authenticate(
    store: &KeyStore,
    headers: &HeaderMap,
    now: DateTime<Utc>,
) -> Result<Principal> {
    let key = bearer_token(headers)?;
    if !keys::is_well_formed(key) {
        return Err(Error::InvalidKey);
    }
    let (digest, record) = store.find(key).ok_or(Error::InvalidKey)?;
    if record.deleted {
        return Err(Error::DeletedKey);
    }
    if record.disabled {
        return Err(Error::DisabledKey);
    }
    if record.expires_at.is_some_and(|expiry| expiry <= now) {
        return Err(Error::ExpiredKey);
    }
    Ok(Principal {
        workspace: record.workspace,
        member: record.member,
        role: record.role,
        key: digest,
    })
}

/// The token of an `Authorization: Bearer <token>` header (scheme case-insensitive).
fn bearer_token(headers: &HeaderMap) -> Result<&str> {
    let value = headers.get(AUTHORIZATION).ok_or(Error::MissingKey)?;
    let value = value.to_str().map_err(|_| Error::InvalidKey)?.trim();
    let (scheme, token) = value.split_once(' ').unwrap_or((value, ""));
    let token = token.trim();
    if !scheme.eq_ignore_ascii_case("bearer") || token.is_empty() {
        return Err(Error::MissingKey);
    }
    Ok(token)
}

#[cfg(test)]
mod tests {
    use axum::http::HeaderValue;
    use chrono::TimeZone;

    use super::*;
    use crate::keys::KeyRecord;

    const KEY: &str = "service_0123456789abcdefghijABCDEFGHIJ-_xyz";

    fn store(expires_at: Option<DateTime<Utc>>, disabled: bool) -> KeyStore {
        revocable_store(expires_at, disabled, false)
    }

    fn revocable_store(
        expires_at: Option<DateTime<Utc>>,
        disabled: bool,
        deleted: bool,
    ) -> KeyStore {
        let mut store = KeyStore::default();
        store.insert(
            KEY,
            KeyRecord {
                workspace: WorkspaceId::A,
                member: Uuid::nil(),
                role: Role::Editor,
                expires_at,
                disabled,
                deleted,
            },
        );
        store
    }

    fn headers(authorization: Option<&str>) -> HeaderMap {
        let mut headers = HeaderMap::new();
        if let Some(value) = authorization {
            headers.insert(AUTHORIZATION, HeaderValue::from_str(value).unwrap());
        }
        headers
    }

    fn check(store: &KeyStore, authorization: Option<&str>) -> Result<Principal> {
        let now = Utc.with_ymd_and_hms(2025, 6, 1, 0, 0, 0).unwrap();
        authenticate(store, &headers(authorization), now)
    }

    #[test]
    fn accepts_a_valid_key_with_any_scheme_case() {
        let store = store(None, false);
        let principal = check(&store, Some(&format!("bearer {KEY}"))).unwrap();
        assert_eq!(principal.workspace, WorkspaceId::A);
        assert_eq!(principal.key, keys::digest(KEY));
    }

    #[test]
    fn tells_why_a_key_is_refused() {
        let valid = store(None, false);
        assert!(matches!(check(&valid, None), Err(Error::MissingKey)));
        assert!(matches!(
            check(&valid, Some("Basic dXNlcjpwYXNz")),
            Err(Error::MissingKey)
        ));
        assert!(matches!(
            check(&valid, Some("Bearer ")),
            Err(Error::MissingKey)
        ));
        assert!(matches!(
            check(&valid, Some("Bearer service_short")),
            Err(Error::InvalidKey)
        ));
        let unknown = format!("Bearer {KEY}x");
        assert!(matches!(
            check(&valid, Some(&unknown)),
            Err(Error::InvalidKey)
        ));
        let bearer = format!("Bearer {KEY}");
        let past = Utc.with_ymd_and_hms(2024, 1, 1, 0, 0, 0).unwrap();
        assert!(matches!(
            check(&store(Some(past), false), Some(&bearer)),
            Err(Error::ExpiredKey)
        ));
        assert!(matches!(
            check(&store(None, true), Some(&bearer)),
            Err(Error::DisabledKey)
        ));
        assert!(matches!(
            check(&revocable_store(Some(past), true, true), Some(&bearer)),
            Err(Error::DeletedKey)
        ));
        let future = Utc.with_ymd_and_hms(2099, 1, 1, 0, 0, 0).unwrap();
        assert!(check(&store(Some(future), false), Some(&bearer)).is_ok());
    }
}
