//! Whether Workdesk looks for updates, and where: decided once, here, from
//! what an organisation's IT set for the machine and from how Workdesk was
//! installed. (The check itself, its download and the signature are the
//! updater's; this decides whether it runs at all and against which
//! server.)
//!
//! **IT control.** A machine-wide policy file an administrator can write and
//! a user cannot ([`policy_path`]: `/etc/workdesk/policy.json` on Linux,
//! `/Library/Application Support/Workdesk/policy.json` on macOS,
//! `%ProgramData%\Workdesk\policy.json` on Windows), on Windows the
//! machine policy in the registry ([`REGISTRY_POLICY`], the string value
//! `Updates`: what Group Policy sets, and the MSI installed with
//! `UPDATES=0`), or the environment variable [`UPDATES_ENV`], holds one of:
//!
//! | value | updates |
//! |---|---|
//! | `"off"` | never looked for; nothing is sent |
//! | `"on"` | from Workdesk's own release server |
//! | `"https://…/latest.json"` | from that server (a company mirror); plain `http` only to this computer |
//!
//! The file is followed only when an administrator alone can change it
//! ([`protection`]): on Windows its owner is Administrators or SYSTEM and
//! its access list lets no other user write it (Users, Authenticated
//! Users, Everyone, the interactive user, the user running Workdesk); on
//! Linux and macOS root owns it and neither its group nor others may write
//! it. Another file is ignored, as if there were none, and the Preferences
//! say why ([`PolicyProblem::NotProtected`]): anyone could have written it.
//!
//! The file is JSON: `{"updates": "off"}`. The registry value decides
//! first, then the file (a user's environment cannot turn on what IT
//! turned off); else the variable; else updates come from the release
//! server. Either way the
//! Preferences say "Managed by your organisation". A policy file that
//! cannot be read, or holds something else, turns updates off and says
//! why: an administrator meant something by writing it.
//!
//! **How Workdesk was installed.** An installer that can replace itself
//! (Windows' NSIS and MSI, macOS's app, Linux's AppImage) updates in place.
//! A `.deb` or `.rpm` belongs to the system's package manager, and a
//! build that is not a bundle to its developer: Workdesk then only says
//! that a newer version exists and where to get it.

use std::path::{Path, PathBuf};
use std::time::Duration;

use serde::{Deserialize, Serialize};
use specta::Type;
use url::Url;

/// The environment variable that sets the update policy when no policy
/// file does: `off`, `on`, or an update server's URL.
pub const UPDATES_ENV: &str = "WORKDESK_UPDATES";

/// Windows: the machine policy's key under `HKEY_LOCAL_MACHINE`, whose
/// string value `Updates` holds `off`, `on` or a server's URL, as the
/// policy file's `updates` does. Written by Group Policy, or by the MSI
/// installed with `UPDATES=0` (and removed with it).
pub const REGISTRY_POLICY: &str = r"Software\Policies\Workdesk";

/// Debug builds only: a policy file to read in place of [`policy_path`]'s
/// (tests cannot write the machine's). Release builds ignore it.
pub const TEST_POLICY_FILE_ENV: &str = "WORKDESK_POLICY_FILE";

/// How often Workdesk looks for an update while it runs (and once at
/// start, or as soon as it is online after that): every 4 hours, by the
/// wall clock (a computer that slept does not push it back).
pub const CHECK_EVERY: Duration = Duration::from_secs(4 * 60 * 60);

/// How often Workdesk asks itself whether a check is due
/// ([`crate::updates::status::Updates::should_check`]): every 10 minutes.
pub const CHECK_TICK: Duration = Duration::from_secs(10 * 60);

/// The machine-wide policy file on this system; `None` where the system
/// names no such folder. On Windows the folder is the known folder
/// `FOLDERID_ProgramData` (usually `C:\ProgramData`), asked of the
/// system, never the `ProgramData` environment variable, which a user can
/// set.
#[must_use]
pub fn policy_path() -> Option<PathBuf> {
    #[cfg(target_os = "linux")]
    {
        Some(PathBuf::from("/etc/workdesk/policy.json"))
    }
    #[cfg(target_os = "macos")]
    {
        Some(PathBuf::from(
            "/Library/Application Support/Workdesk/policy.json",
        ))
    }
    #[cfg(windows)]
    {
        dirs_sys::known_folder(windows_sys::Win32::UI::Shell::FOLDERID_ProgramData)
            .map(|data| data.join("Workdesk").join("policy.json"))
    }
    #[cfg(not(any(target_os = "linux", target_os = "macos", windows)))]
    {
        None
    }
}

/// Where updates come from.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Type)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Updates {
    /// Never looked for.
    Off,
    /// Workdesk's own release server (the URL in `tauri.conf.json`).
    ReleaseServer,
    /// A server the policy names.
    Server {
        /// Its `latest.json` URL (https, or http to this computer).
        url: String,
    },
}

/// Who set the policy.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Type)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum ManagedBy {
    /// The machine-wide policy file.
    PolicyFile {
        /// Its path.
        path: String,
    },
    /// Windows: the machine policy in the registry ([`REGISTRY_POLICY`]).
    Registry {
        /// `HKEY_LOCAL_MACHINE\Software\Policies\Workdesk`, value `Updates`.
        key: String,
    },
    /// The environment variable [`UPDATES_ENV`].
    Environment,
}

/// Why a policy turned updates off against what it seemed to want.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Type)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum PolicyProblem {
    /// The policy file exists but could not be read (`detail`).
    Unreadable {
        /// What the system said.
        detail: String,
    },
    /// The value is none of `off`, `on` or a server's URL (`value`, as
    /// written).
    NotAValue {
        /// What it held.
        value: String,
    },
    /// A server's URL that is not `https` (plain `http` goes only to this
    /// computer).
    NotHttps {
        /// The URL as written.
        url: String,
    },
    /// The policy file at `path` is ignored, as if there were none, because
    /// users who are not administrators could have written it (`reason`).
    /// Updates then follow the environment or the default: this problem
    /// does not turn them off.
    NotProtected {
        /// The file's path.
        path: String,
        /// What is wrong with its owner or its permissions.
        reason: Unprotected,
    },
}

/// Who owns a policy file, as far as trusting it goes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FileOwner {
    /// Windows: the Administrators group (`S-1-5-32-544`).
    Administrators,
    /// Windows: the operating system itself, SYSTEM (`S-1-5-18`).
    System,
    /// Linux, macOS: root (uid 0).
    Root,
    /// Anyone else: a SID (`S-1-5-21-…`) or a uid, as the system names it.
    Other(String),
}

/// Who, not being an administrator, may write a policy file.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Type)]
#[serde(rename_all = "snake_case")]
pub enum Writer {
    /// Windows: the Users group (`S-1-5-32-545`).
    Users,
    /// Windows: Authenticated Users (`S-1-5-11`).
    AuthenticatedUsers,
    /// Windows: Everyone (`S-1-1-0`), or an access list that is missing
    /// (a NULL DACL lets everyone do anything).
    Everyone,
    /// Windows: whoever is logged on at the computer, INTERACTIVE
    /// (`S-1-5-4`).
    Interactive,
    /// Windows: the user running Workdesk, by name.
    ThisUser,
    /// Linux, macOS: the file's group (its mode has `g+w`).
    Group,
    /// Linux, macOS: every user (its mode has `o+w`).
    Others,
}

/// Why a policy file is not followed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Type)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Unprotected {
    /// It is owned by `owner` (a SID or a uid), not by Administrators or
    /// SYSTEM (Windows) or root (Linux, macOS).
    Owner {
        /// The owner, as the system names it.
        owner: String,
    },
    /// Users who are not administrators may write it: `writers`.
    Writable {
        /// Who.
        writers: Vec<Writer>,
    },
    /// Its owner and permissions could not be read (`detail`, the
    /// system's words): it is not trusted.
    Unknown {
        /// What the system said.
        detail: String,
    },
}

/// Whether a policy file owned by `owner`, which `writers` (those of
/// [`Writer`] its permissions let write it) may write, is followed: only
/// when an administrator owns it (Administrators, SYSTEM or root) and no
/// one else may write it.
///
/// # Errors
/// [`Unprotected::Owner`] for another owner (checked first), else
/// [`Unprotected::Writable`] when `writers` is not empty.
pub fn protection(owner: &FileOwner, writers: &[Writer]) -> Result<(), Unprotected> {
    match owner {
        FileOwner::Administrators | FileOwner::System | FileOwner::Root => {}
        FileOwner::Other(owner) => {
            return Err(Unprotected::Owner {
                owner: owner.clone(),
            })
        }
    }
    if writers.is_empty() {
        Ok(())
    } else {
        let mut writers = writers.to_vec();
        writers.dedup();
        Err(Unprotected::Writable { writers })
    }
}

/// Whether the policy file open as `file` is followed ([`protection`] over
/// its owner and permissions as the system reports them for the open
/// file, so a file swapped after the check is not the one read).
///
/// Linux and macOS: its owner (root or not) and its mode's `g+w` and
/// `o+w`. Windows: its owner SID and the allow entries of its access list
/// that apply to the file itself and grant a right to change it (write or
/// append data, write extended attributes, delete, change its permissions
/// or owner, generic write or all).
///
/// # Errors
/// [`Unprotected`]: why it is not followed.
pub fn file_protection(file: &std::fs::File) -> Result<(), Unprotected> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        let meta = file.metadata().map_err(|err| Unprotected::Unknown {
            detail: err.to_string(),
        })?;
        let owner = if meta.uid() == 0 {
            FileOwner::Root
        } else {
            FileOwner::Other(format!("uid {}", meta.uid()))
        };
        let mut writers = Vec::new();
        if meta.mode() & 0o020 != 0 {
            writers.push(Writer::Group);
        }
        if meta.mode() & 0o002 != 0 {
            writers.push(Writer::Others);
        }
        protection(&owner, &writers)
    }
    #[cfg(windows)]
    {
        let (owner, writers) = windows_acl::owner_and_writers(file)
            .map_err(|detail| Unprotected::Unknown { detail })?;
        protection(&owner, &writers)
    }
    #[cfg(not(any(unix, windows)))]
    {
        let _ = file;
        Ok(())
    }
}

/// The owner and the non-administrator writers of a file, from its
/// security descriptor (Windows).
#[cfg(windows)]
mod windows_acl {
    use std::os::windows::io::AsRawHandle;

    use windows_sys::Win32::Foundation::{
        CloseHandle, LocalFree, GENERIC_ALL, GENERIC_WRITE, HANDLE,
    };
    use windows_sys::Win32::Security::Authorization::{
        ConvertSidToStringSidW, GetSecurityInfo, SE_FILE_OBJECT,
    };
    use windows_sys::Win32::Security::{
        AclSizeInformation, EqualSid, GetAce, GetAclInformation, GetTokenInformation,
        IsWellKnownSid, TokenUser, WinAuthenticatedUserSid, WinBuiltinAdministratorsSid,
        WinBuiltinUsersSid, WinInteractiveSid, WinLocalSystemSid, WinWorldSid, ACCESS_ALLOWED_ACE,
        ACE_HEADER, ACL, ACL_SIZE_INFORMATION, DACL_SECURITY_INFORMATION, INHERIT_ONLY_ACE,
        OWNER_SECURITY_INFORMATION, PSECURITY_DESCRIPTOR, PSID, TOKEN_QUERY, TOKEN_USER,
    };
    use windows_sys::Win32::Storage::FileSystem::{
        DELETE, FILE_APPEND_DATA, FILE_WRITE_DATA, FILE_WRITE_EA, WRITE_DAC, WRITE_OWNER,
    };
    use windows_sys::Win32::System::SystemServices::ACCESS_ALLOWED_ACE_TYPE;
    use windows_sys::Win32::System::Threading::{GetCurrentProcess, OpenProcessToken};

    use super::{FileOwner, Writer};

    /// The rights that let someone change the file or who may.
    const CHANGES: u32 = FILE_WRITE_DATA
        | FILE_APPEND_DATA
        | FILE_WRITE_EA
        | DELETE
        | WRITE_DAC
        | WRITE_OWNER
        | GENERIC_WRITE
        | GENERIC_ALL;

    /// Frees what the system allocated with `LocalAlloc` when dropped.
    struct Local(*mut core::ffi::c_void);
    impl Drop for Local {
        fn drop(&mut self) {
            if !self.0.is_null() {
                // SAFETY: allocated by the system with LocalAlloc, freed once.
                unsafe { LocalFree(self.0) };
            }
        }
    }

    pub(super) fn owner_and_writers(
        file: &std::fs::File,
    ) -> Result<(FileOwner, Vec<Writer>), String> {
        let mut owner: PSID = std::ptr::null_mut();
        let mut dacl: *mut ACL = std::ptr::null_mut();
        let mut descriptor: PSECURITY_DESCRIPTOR = std::ptr::null_mut();
        // SAFETY: the handle is the open file's (opened for reading, which
        // includes READ_CONTROL); the out pointers point into `descriptor`,
        // freed by `_descriptor` after their last use.
        let status = unsafe {
            GetSecurityInfo(
                file.as_raw_handle() as HANDLE,
                SE_FILE_OBJECT,
                OWNER_SECURITY_INFORMATION | DACL_SECURITY_INFORMATION,
                &mut owner,
                std::ptr::null_mut(),
                &mut dacl,
                std::ptr::null_mut(),
                &mut descriptor,
            )
        };
        if status != 0 {
            return Err(std::io::Error::from_raw_os_error(status as i32).to_string());
        }
        let _descriptor = Local(descriptor);
        // SAFETY: `owner` is a valid SID inside the descriptor.
        let owner = unsafe {
            if IsWellKnownSid(owner, WinBuiltinAdministratorsSid) != 0 {
                FileOwner::Administrators
            } else if IsWellKnownSid(owner, WinLocalSystemSid) != 0 {
                FileOwner::System
            } else {
                FileOwner::Other(sid_string(owner))
            }
        };
        if dacl.is_null() {
            return Ok((owner, vec![Writer::Everyone]));
        }
        let this_user = this_user();
        let mut size = ACL_SIZE_INFORMATION {
            AceCount: 0,
            AclBytesInUse: 0,
            AclBytesFree: 0,
        };
        // SAFETY: `dacl` is a valid ACL inside the descriptor; `size` is
        // the structure AclSizeInformation fills.
        let read = unsafe {
            GetAclInformation(
                dacl,
                (&raw mut size).cast(),
                std::mem::size_of::<ACL_SIZE_INFORMATION>() as u32,
                AclSizeInformation,
            )
        };
        if read == 0 {
            return Err(std::io::Error::last_os_error().to_string());
        }
        let mut writers = Vec::new();
        for index in 0..size.AceCount {
            let mut ace: *mut core::ffi::c_void = std::ptr::null_mut();
            // SAFETY: index < AceCount; `ace` points into the ACL.
            if unsafe { GetAce(dacl, index, &mut ace) } == 0 {
                return Err(std::io::Error::last_os_error().to_string());
            }
            // SAFETY: every ACE starts with its header; an allow ACE is an
            // ACCESS_ALLOWED_ACE whose SID starts at SidStart.
            let writer = unsafe {
                let header = &*(ace as *const ACE_HEADER);
                if u32::from(header.AceType) != ACCESS_ALLOWED_ACE_TYPE
                    || u32::from(header.AceFlags) & INHERIT_ONLY_ACE != 0
                {
                    continue;
                }
                let allowed = &*(ace as *const ACCESS_ALLOWED_ACE);
                if allowed.Mask & CHANGES == 0 {
                    continue;
                }
                let sid: PSID = (&raw const allowed.SidStart).cast_mut().cast();
                if IsWellKnownSid(sid, WinBuiltinUsersSid) != 0 {
                    Some(Writer::Users)
                } else if IsWellKnownSid(sid, WinAuthenticatedUserSid) != 0 {
                    Some(Writer::AuthenticatedUsers)
                } else if IsWellKnownSid(sid, WinWorldSid) != 0 {
                    Some(Writer::Everyone)
                } else if IsWellKnownSid(sid, WinInteractiveSid) != 0 {
                    Some(Writer::Interactive)
                } else if this_user
                    .as_ref()
                    .is_some_and(|user| EqualSid(sid, user.sid()) != 0)
                {
                    Some(Writer::ThisUser)
                } else {
                    None
                }
            };
            writers.extend(writer);
        }
        Ok((owner, writers))
    }

    /// The `S-1-…` form of a SID.
    ///
    /// # Safety
    /// `sid` is a valid SID.
    unsafe fn sid_string(sid: PSID) -> String {
        let mut text: *mut u16 = std::ptr::null_mut();
        // SAFETY: the caller's; `text` is freed with LocalFree.
        if unsafe { ConvertSidToStringSidW(sid, &mut text) } == 0 {
            return "an unknown SID".into();
        }
        let _text = Local(text.cast());
        // SAFETY: a NUL-terminated wide string the system wrote.
        unsafe {
            let len = (0..).take_while(|&i| *text.add(i) != 0).count();
            String::from_utf16_lossy(std::slice::from_raw_parts(text, len))
        }
    }

    /// The token's user (TOKEN_USER, its SID inside), 8-aligned.
    struct TokenUserBuffer(Vec<u64>);
    impl TokenUserBuffer {
        fn sid(&self) -> PSID {
            // SAFETY: the buffer holds the TOKEN_USER GetTokenInformation wrote.
            unsafe { (*(self.0.as_ptr() as *const TOKEN_USER)).User.Sid }
        }
    }

    /// The user running this process, when the system says.
    fn this_user() -> Option<TokenUserBuffer> {
        let mut token: HANDLE = std::ptr::null_mut();
        // SAFETY: the current process's pseudo-handle; `token` is closed below.
        if unsafe { OpenProcessToken(GetCurrentProcess(), TOKEN_QUERY, &mut token) } == 0 {
            return None;
        }
        let mut len = 0u32;
        // SAFETY: asks the size first, then fills a buffer of that size.
        unsafe {
            GetTokenInformation(token, TokenUser, std::ptr::null_mut(), 0, &mut len);
            let mut buffer = TokenUserBuffer(vec![0u64; (len as usize).div_ceil(8)]);
            let filled = GetTokenInformation(
                token,
                TokenUser,
                buffer.0.as_mut_ptr().cast(),
                len,
                &mut len,
            );
            CloseHandle(token);
            (filled != 0).then_some(buffer)
        }
    }
}

/// The update policy in force.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Type)]
pub struct UpdatePolicy {
    /// Where updates come from, or off.
    pub updates: Updates,
    /// Who decided; `null`: nobody, Workdesk's default.
    pub managed_by: Option<ManagedBy>,
    /// Why the policy could not be followed as written: it turned updates
    /// off, or (a [`PolicyProblem::NotProtected`] file) it was ignored.
    pub problem: Option<PolicyProblem>,
}

/// The policy file's shape.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PolicyFile {
    updates: String,
}

impl UpdatePolicy {
    /// The policy in force on this computer: its policy file when an
    /// administrator alone can change it ([`UpdatePolicy::read_protected`]),
    /// else the environment, else the default. (A debug build reads the
    /// policy file [`TEST_POLICY_FILE_ENV`] names instead, when set, without
    /// the check of who may write it: the end-to-end tests' machine
    /// policy, written by whoever runs them.)
    #[must_use]
    pub fn of_this_computer() -> UpdatePolicy {
        #[cfg(windows)]
        if let Some(policy) = UpdatePolicy::of_registry() {
            return policy;
        }
        let env = std::env::var(UPDATES_ENV).ok();
        if let Some(file) =
            std::env::var_os(TEST_POLICY_FILE_ENV).filter(|_| cfg!(debug_assertions))
        {
            return UpdatePolicy::read(Some(Path::new(&file)), env.as_deref());
        }
        UpdatePolicy::read_protected(policy_path().as_deref(), env.as_deref())
    }

    /// The policy the file at `file` (when it exists) or else the
    /// environment variable's value `env` sets, whoever may write the file.
    #[must_use]
    pub fn read(file: Option<&Path>, env: Option<&str>) -> UpdatePolicy {
        UpdatePolicy::read_checked(file, env, |_| Ok(()))
    }

    /// As [`UpdatePolicy::read`], but a file [`file_protection`] refuses
    /// (users who are not administrators could have written it) is
    /// ignored: the environment or the default decides, and `problem` says
    /// why the file was not followed ([`PolicyProblem::NotProtected`]).
    #[must_use]
    pub fn read_protected(file: Option<&Path>, env: Option<&str>) -> UpdatePolicy {
        UpdatePolicy::read_checked(file, env, file_protection)
    }

    /// [`UpdatePolicy::read`] with `check` deciding on the open file
    /// whether it is followed.
    fn read_checked(
        file: Option<&Path>,
        env: Option<&str>,
        check: impl Fn(&std::fs::File) -> Result<(), Unprotected>,
    ) -> UpdatePolicy {
        if let Some(path) = file {
            let managed = || {
                Some(ManagedBy::PolicyFile {
                    path: path.display().to_string(),
                })
            };
            let text = std::fs::File::open(path).and_then(|mut open| {
                if let Err(reason) = check(&open) {
                    return Ok(Err(reason));
                }
                let mut text = String::new();
                std::io::Read::read_to_string(&mut open, &mut text).map(|_| Ok(text))
            });
            match text {
                Ok(Ok(text)) => {
                    return match serde_json::from_str::<PolicyFile>(&text) {
                        Ok(policy) => UpdatePolicy::of_value(&policy.updates, managed()),
                        Err(err) => UpdatePolicy::off(
                            managed(),
                            PolicyProblem::Unreadable {
                                detail: err.to_string(),
                            },
                        ),
                    };
                }
                Ok(Err(reason)) => {
                    log::warn!(
                        "the update policy file {} is ignored: users who are not administrators could have written it ({reason:?})",
                        path.display()
                    );
                    let mut policy = UpdatePolicy::read_checked(None, env, check);
                    if policy.problem.is_none() {
                        policy.problem = Some(PolicyProblem::NotProtected {
                            path: path.display().to_string(),
                            reason,
                        });
                    }
                    return policy;
                }
                Err(err) if err.kind() == std::io::ErrorKind::NotFound => {}
                Err(err) => {
                    return UpdatePolicy::off(
                        managed(),
                        PolicyProblem::Unreadable {
                            detail: err.to_string(),
                        },
                    )
                }
            }
        }
        match env.map(str::trim).filter(|v| !v.is_empty()) {
            Some(value) => UpdatePolicy::of_value(value, Some(ManagedBy::Environment)),
            None => UpdatePolicy {
                updates: Updates::ReleaseServer,
                managed_by: None,
                problem: None,
            },
        }
    }

    /// Windows: the machine policy's `Updates` value, when it is set.
    #[cfg(windows)]
    fn of_registry() -> Option<UpdatePolicy> {
        /// HRESULT_FROM_WIN32(ERROR_FILE_NOT_FOUND): no such key or value.
        const NOT_FOUND: i32 = 0x8007_0002_u32 as i32;
        let managed = Some(ManagedBy::Registry {
            key: format!(r"HKEY_LOCAL_MACHINE\{REGISTRY_POLICY}\Updates"),
        });
        let value = windows_registry::LOCAL_MACHINE
            .open(REGISTRY_POLICY)
            .and_then(|key| key.get_string("Updates"));
        match value {
            Ok(value) => Some(UpdatePolicy::of_value(&value, managed)),
            Err(err) if err.code().0 == NOT_FOUND => None,
            Err(err) => Some(UpdatePolicy::off(
                managed,
                PolicyProblem::Unreadable {
                    detail: err.to_string(),
                },
            )),
        }
    }

    fn off(managed_by: Option<ManagedBy>, problem: PolicyProblem) -> UpdatePolicy {
        log::warn!("updates are off: the update policy could not be followed ({problem:?})");
        UpdatePolicy {
            updates: Updates::Off,
            managed_by,
            problem: Some(problem),
        }
    }

    /// `off`, `on` (any case) or a server's URL.
    fn of_value(value: &str, managed_by: Option<ManagedBy>) -> UpdatePolicy {
        let value = value.trim();
        let updates = if value.eq_ignore_ascii_case("off") {
            Updates::Off
        } else if value.eq_ignore_ascii_case("on") {
            Updates::ReleaseServer
        } else {
            match Url::parse(value) {
                Ok(url)
                    if url.scheme() == "https"
                        || (url.scheme() == "http" && workdesk_api::is_loopback(&url)) =>
                {
                    Updates::Server {
                        url: url.to_string(),
                    }
                }
                Ok(_) => {
                    return UpdatePolicy::off(
                        managed_by,
                        PolicyProblem::NotHttps {
                            url: value.to_owned(),
                        },
                    )
                }
                Err(_) => {
                    return UpdatePolicy::off(
                        managed_by,
                        PolicyProblem::NotAValue {
                            value: value.to_owned(),
                        },
                    )
                }
            }
        };
        UpdatePolicy {
            updates,
            managed_by,
            problem: None,
        }
    }

    /// Whether to look for an update now: never when updates are off,
    /// "Work offline" is on, or the service cannot be reached (no
    /// connection is assumed then).
    #[must_use]
    pub fn check_now(&self, working_offline: bool, online: bool) -> bool {
        self.updates != Updates::Off && !working_offline && online
    }
}

/// How this copy of Workdesk was installed, as the bundler marked it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Type)]
#[serde(rename_all = "snake_case")]
pub enum Installed {
    /// Windows' NSIS installer.
    Nsis,
    /// Windows' MSI package.
    Msi,
    /// macOS's app bundle.
    MacApp,
    /// Linux's AppImage.
    AppImage,
    /// A `.deb` package, installed by the system's package manager.
    Deb,
    /// An `.rpm` package, installed by the system's package manager.
    Rpm,
    /// Not a bundle: a build run from its folder (development).
    NotBundled,
}

/// What Workdesk does when a newer version exists.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Type)]
#[serde(rename_all = "snake_case")]
pub enum WhenNewer {
    /// Downloads it (signature checked) and installs it, then restarts.
    InstallInPlace,
    /// Says that it exists and where to get it: the system's package
    /// manager (or its developer) owns this copy.
    TellWhereToGetIt,
}

impl Installed {
    /// What to do when a newer version exists.
    #[must_use]
    pub fn when_newer(self) -> WhenNewer {
        match self {
            Installed::Nsis | Installed::Msi | Installed::MacApp | Installed::AppImage => {
                WhenNewer::InstallInPlace
            }
            Installed::Deb | Installed::Rpm | Installed::NotBundled => WhenNewer::TellWhereToGetIt,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn file(text: &str) -> (tempfile::TempDir, PathBuf) {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("policy.json");
        std::fs::write(&path, text).unwrap();
        (dir, path)
    }

    #[test]
    fn without_a_policy_updates_come_from_the_release_server() {
        let missing = Path::new("/nonexistent/workdesk/policy.json");
        for env in [None, Some(""), Some("  ")] {
            let policy = UpdatePolicy::read(Some(missing), env);
            assert_eq!(policy.updates, Updates::ReleaseServer);
            assert_eq!(policy.managed_by, None);
            assert_eq!(policy.problem, None);
        }
    }

    #[test]
    fn the_policy_file_decides_and_the_environment_cannot_turn_back_on_what_it_turned_off() {
        let (_dir, path) = file(r#"{"updates": "off"}"#);
        let policy = UpdatePolicy::read(Some(&path), Some("on"));
        assert_eq!(policy.updates, Updates::Off);
        assert_eq!(
            policy.managed_by,
            Some(ManagedBy::PolicyFile {
                path: path.display().to_string()
            })
        );
        let (_dir, server) =
            file(r#"{"updates": "https://updates.example.com/workdesk/latest.json"}"#);
        assert_eq!(
            UpdatePolicy::read(Some(&server), Some("off")).updates,
            Updates::Server {
                url: "https://updates.example.com/workdesk/latest.json".into()
            }
        );
    }

    #[test]
    fn the_environment_turns_updates_off_or_points_them_elsewhere_when_no_file_does() {
        let missing = Path::new("/nonexistent/workdesk/policy.json");
        for off in ["off", "OFF", " Off "] {
            let policy = UpdatePolicy::read(Some(missing), Some(off));
            assert_eq!(policy.updates, Updates::Off);
            assert_eq!(policy.managed_by, Some(ManagedBy::Environment));
        }
        assert_eq!(
            UpdatePolicy::read(None, Some("on")).updates,
            Updates::ReleaseServer
        );
        assert_eq!(
            UpdatePolicy::read(None, Some("http://127.0.0.1:8123/latest.json")).updates,
            Updates::Server {
                url: "http://127.0.0.1:8123/latest.json".into()
            },
            "plain http to this computer"
        );
    }

    #[test]
    fn a_policy_that_cannot_be_followed_turns_updates_off_and_says_why() {
        let (_dir, garbled) = file("{updates: off");
        let policy = UpdatePolicy::read(Some(&garbled), None);
        assert_eq!(policy.updates, Updates::Off);
        assert!(matches!(
            policy.problem,
            Some(PolicyProblem::Unreadable { .. })
        ));
        let (_dir, other) = file(r#"{"updates": "sometimes"}"#);
        assert_eq!(
            UpdatePolicy::read(Some(&other), None).problem,
            Some(PolicyProblem::NotAValue {
                value: "sometimes".into()
            })
        );
        let (_dir, unknown) = file(r#"{"updates": "on", "channel": "beta"}"#);
        assert_eq!(
            UpdatePolicy::read(Some(&unknown), None).updates,
            Updates::Off
        );
        let plain = UpdatePolicy::read(None, Some("http://updates.example.com/latest.json"));
        assert_eq!(plain.updates, Updates::Off);
        assert_eq!(
            plain.problem,
            Some(PolicyProblem::NotHttps {
                url: "http://updates.example.com/latest.json".into()
            })
        );
    }

    #[test]
    fn a_policy_file_is_followed_only_when_an_administrator_owns_it_and_no_one_else_may_write_it() {
        for admin in [
            FileOwner::Administrators,
            FileOwner::System,
            FileOwner::Root,
        ] {
            assert_eq!(protection(&admin, &[]), Ok(()), "{admin:?}");
        }
        let user = FileOwner::Other("S-1-5-21-1004336348-1177238915-682003330-1001".into());
        assert_eq!(
            protection(&user, &[]),
            Err(Unprotected::Owner {
                owner: "S-1-5-21-1004336348-1177238915-682003330-1001".into()
            }),
            "a file a user made is theirs to rewrite"
        );
        assert!(
            matches!(
                protection(&user, &[Writer::Everyone]),
                Err(Unprotected::Owner { .. })
            ),
            "the owner is said first"
        );
        for writer in [
            Writer::Users,
            Writer::AuthenticatedUsers,
            Writer::Everyone,
            Writer::Interactive,
            Writer::ThisUser,
            Writer::Group,
            Writer::Others,
        ] {
            assert_eq!(
                protection(&FileOwner::Administrators, &[writer]),
                Err(Unprotected::Writable {
                    writers: vec![writer]
                }),
                "{writer:?}"
            );
        }
        assert_eq!(
            protection(&FileOwner::Root, &[Writer::Group, Writer::Others]),
            Err(Unprotected::Writable {
                writers: vec![Writer::Group, Writer::Others]
            })
        );
    }

    #[test]
    fn an_unprotected_policy_file_is_ignored_and_the_preferences_say_why() {
        let (_dir, path) = file(r#"{"updates": "off"}"#);
        let refuse = |_: &std::fs::File| {
            Err(Unprotected::Writable {
                writers: vec![Writer::Users],
            })
        };
        let ignored = UpdatePolicy::read_checked(Some(&path), None, refuse);
        assert_eq!(
            ignored.updates,
            Updates::ReleaseServer,
            "as if there were none"
        );
        assert_eq!(ignored.managed_by, None);
        assert_eq!(
            ignored.problem,
            Some(PolicyProblem::NotProtected {
                path: path.display().to_string(),
                reason: Unprotected::Writable {
                    writers: vec![Writer::Users]
                }
            })
        );
        let env = UpdatePolicy::read_checked(
            Some(&path),
            Some("https://mirror.example.com/latest.json"),
            refuse,
        );
        assert_eq!(
            (env.updates, env.managed_by),
            (
                Updates::Server {
                    url: "https://mirror.example.com/latest.json".into()
                },
                Some(ManagedBy::Environment)
            ),
            "the environment decides in its place"
        );
        assert!(matches!(
            env.problem,
            Some(PolicyProblem::NotProtected { .. })
        ));
    }

    /// The check against real files: a file the test makes is its user's.
    /// As any user but root it is refused for its owner; as root (CI) it is
    /// followed, and refused once its group or everyone may write it.
    #[cfg(unix)]
    #[test]
    fn on_unix_a_policy_file_is_followed_only_when_root_owns_it_and_only_root_may_write_it() {
        use std::os::unix::fs::{MetadataExt, PermissionsExt};
        let (_dir, path) = file(r#"{"updates": "off"}"#);
        let chmod = |mode: u32| {
            std::fs::set_permissions(&path, std::fs::Permissions::from_mode(mode)).unwrap();
        };
        chmod(0o644);
        let uid = std::fs::metadata(&path).unwrap().uid();
        let policy = UpdatePolicy::read_protected(Some(&path), None);
        if uid == 0 {
            assert_eq!(policy.updates, Updates::Off, "root's own file is followed");
            assert_eq!(policy.problem, None);
            for (mode, writer) in [(0o664, Writer::Group), (0o646, Writer::Others)] {
                chmod(mode);
                let policy = UpdatePolicy::read_protected(Some(&path), None);
                assert_eq!(policy.updates, Updates::ReleaseServer, "{mode:o}: ignored");
                assert_eq!(
                    policy.problem,
                    Some(PolicyProblem::NotProtected {
                        path: path.display().to_string(),
                        reason: Unprotected::Writable {
                            writers: vec![writer]
                        }
                    }),
                    "{mode:o}"
                );
            }
        } else {
            assert_eq!(policy.updates, Updates::ReleaseServer, "ignored");
            assert_eq!(
                policy.problem,
                Some(PolicyProblem::NotProtected {
                    path: path.display().to_string(),
                    reason: Unprotected::Owner {
                        owner: format!("uid {uid}")
                    }
                })
            );
        }
        // A link at the policy's path to a file someone else made is the
        // file it points to, and judged as it.
        let dir = tempfile::tempdir().unwrap();
        let link = dir.path().join("policy.json");
        std::os::unix::fs::symlink(&path, &link).unwrap();
        chmod(0o666);
        assert!(matches!(
            UpdatePolicy::read_protected(Some(&link), Some("on")).problem,
            Some(PolicyProblem::NotProtected { .. })
        ));
        // No file: no problem.
        assert_eq!(
            UpdatePolicy::read_protected(Some(&dir.path().join("none.json")), None).problem,
            None
        );
    }

    #[test]
    fn nothing_is_looked_for_off_offline_or_while_working_offline() {
        let on = UpdatePolicy::read(None, None);
        assert!(on.check_now(false, true));
        assert!(!on.check_now(true, true), "working offline");
        assert!(!on.check_now(false, false), "the service cannot be reached");
        assert!(!UpdatePolicy::read(None, Some("off")).check_now(false, true));
    }

    #[test]
    fn packages_of_the_systems_package_manager_are_not_replaced_in_place() {
        for installed in [
            Installed::Nsis,
            Installed::Msi,
            Installed::MacApp,
            Installed::AppImage,
        ] {
            assert_eq!(
                installed.when_newer(),
                WhenNewer::InstallInPlace,
                "{installed:?}"
            );
        }
        for installed in [Installed::Deb, Installed::Rpm, Installed::NotBundled] {
            assert_eq!(
                installed.when_newer(),
                WhenNewer::TellWhereToGetIt,
                "{installed:?}"
            );
        }
    }
}
