# Workdesk's items in Windows' Credential Manager, for the end-to-end tests
# on Windows (ui/e2e/support.mjs: storedSecrets, clearStoredKey), as
# secret-tool reads and clears them on Linux. The items are the user's
# generic credentials whose target name ends in ".<service>" (keyring's
# `<account>.<service>`), read and deleted through the Win32 API itself
# (CredEnumerateW, CredDeleteW), as Credential Manager and cmdkey see them.
#
#   powershell -File credentials.ps1 -Action list -Service dev.workdesk.desktop
#     prints each item: "target = <target name>", then "secret = <text>"
#     (the UTF-16 text keyring writes for a password) or, for bytes that
#     are not text (a saved-data key), "secret (base64) = <bytes>"
#   powershell -File credentials.ps1 -Action clear -Service dev.workdesk.desktop
#     deletes every such item, and prints how many
param(
  [Parameter(Mandatory = $true)][ValidateSet("list", "clear")][string]$Action,
  [Parameter(Mandatory = $true)][string]$Service
)
$ErrorActionPreference = "Stop"

Add-Type -TypeDefinition @'
using System;
using System.Collections.Generic;
using System.ComponentModel;
using System.Runtime.InteropServices;

public static class WorkdeskCredentials
{
    [StructLayout(LayoutKind.Sequential, CharSet = CharSet.Unicode)]
    private struct CREDENTIAL
    {
        public uint Flags;
        public uint Type;
        public string TargetName;
        public string Comment;
        public System.Runtime.InteropServices.ComTypes.FILETIME LastWritten;
        public uint CredentialBlobSize;
        public IntPtr CredentialBlob;
        public uint Persist;
        public uint AttributeCount;
        public IntPtr Attributes;
        public string TargetAlias;
        public string UserName;
    }

    [DllImport("advapi32.dll", EntryPoint = "CredEnumerateW", CharSet = CharSet.Unicode, SetLastError = true)]
    private static extern bool CredEnumerate(string filter, uint flags, out uint count, out IntPtr credentials);

    [DllImport("advapi32.dll", EntryPoint = "CredDeleteW", CharSet = CharSet.Unicode, SetLastError = true)]
    private static extern bool CredDelete(string target, uint type, uint flags);

    [DllImport("advapi32.dll", EntryPoint = "CredFree")]
    private static extern void CredFree(IntPtr buffer);

    private const uint CRED_TYPE_GENERIC = 1;
    private const int ERROR_NOT_FOUND = 1168;

    public sealed class Item
    {
        public string Target;
        public byte[] Secret;
    }

    // Every generic credential of this user whose target name ends in `suffix`.
    public static List<Item> Find(string suffix)
    {
        List<Item> found = new List<Item>();
        uint count;
        IntPtr list;
        if (!CredEnumerate(null, 0, out count, out list))
        {
            int error = Marshal.GetLastWin32Error();
            if (error == ERROR_NOT_FOUND) return found;
            throw new Win32Exception(error);
        }
        try
        {
            for (int i = 0; i < count; i++)
            {
                IntPtr at = Marshal.ReadIntPtr(list, i * IntPtr.Size);
                CREDENTIAL credential = (CREDENTIAL)Marshal.PtrToStructure(at, typeof(CREDENTIAL));
                if (credential.Type != CRED_TYPE_GENERIC || credential.TargetName == null) continue;
                if (!credential.TargetName.EndsWith(suffix, StringComparison.OrdinalIgnoreCase)) continue;
                byte[] secret = new byte[credential.CredentialBlobSize];
                if (secret.Length > 0) Marshal.Copy(credential.CredentialBlob, secret, 0, secret.Length);
                Item item = new Item();
                item.Target = credential.TargetName;
                item.Secret = secret;
                found.Add(item);
            }
        }
        finally
        {
            CredFree(list);
        }
        return found;
    }

    // Deletes the generic credential `target`; one already gone is no error.
    public static void Delete(string target)
    {
        if (!CredDelete(target, CRED_TYPE_GENERIC, 0))
        {
            int error = Marshal.GetLastWin32Error();
            if (error != ERROR_NOT_FOUND) throw new Win32Exception(error);
        }
    }
}
'@

$items = [WorkdeskCredentials]::Find("." + $Service)
if ($Action -eq "clear") {
  foreach ($item in $items) { [WorkdeskCredentials]::Delete($item.Target) }
  Write-Output "$($items.Count) item(s) of $Service removed"
  exit 0
}
foreach ($item in $items) {
  Write-Output "target = $($item.Target)"
  $bytes = $item.Secret
  $text = $null
  if ($bytes.Length % 2 -eq 0) {
    $decoded = [System.Text.Encoding]::Unicode.GetString($bytes)
    # Text has no control characters and decodes without replacement.
    if ($decoded -notmatch '[\x00-\x08\x0B\x0C\x0E-\x1F\uFFFD]') { $text = $decoded }
  }
  if ($null -ne $text) {
    Write-Output "secret = $text"
  } else {
    Write-Output "secret (base64) = $([Convert]::ToBase64String($bytes))"
  }
}
exit 0
