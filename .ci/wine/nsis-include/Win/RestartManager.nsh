; Win\RestartManager.nsh for Debian 12's NSIS 3.08, which lacks it (NSIS
; has it from 3.09 on; Tauri's own NSIS, which its bundler uses on Windows,
; is 3.11). Tauri's installer script includes it, and its
; CheckIfAppIsRunning (utils.nsh) uses the three macros below and
; RmForceShutdown. .ci/windows-installer adds this folder to makensis'
; include path only when the system's NSIS has no such file, to build the
; installer it tests under Wine. Never shipped: a release's installer is
; built by Tauri's bundler with Tauri's NSIS.
;
; Written for this repository after the Restart Manager API
; (rstrtmgr.dll, Windows Vista and later): RmStartSession,
; RmRegisterResources, RmEndSession.
!ifndef __WIN_RESTARTMANAGER__INC
!define __WIN_RESTARTMANAGER__INC 1

!include LogicLib.nsh

!define /ifndef RmForceShutdown 0x1

; Starts a session: outvar is its handle, or "" when none could be started
; (an error, or no rstrtmgr.dll). Leaves the registers as they were.
!macro RestartManager_StartSession outvar
  ; Pushes the handle (*i, from -1), then the status.
  System::Call 'RSTRTMGR::RmStartSession(*i -1 s, i 0, w "") i .s'
  Pop ${outvar}
  ${If} ${outvar} == "error"
  ${OrIf} ${outvar} <> 0
    Pop ${outvar}
    StrCpy ${outvar} ""
  ${Else}
    Pop ${outvar}
  ${EndIf}
!macroend

; Registers one file with the session `handle`; $0: the status (0: done).
!macro RestartManager_RegisterFile handle path
  System::Call 'RSTRTMGR::RmRegisterResources(i ${handle}, i 1, *w s, i 0, p 0, i 0, p 0) i .r0' "${path}"
!macroend

; Ends the session `handle`.
!macro RestartManager_EndSession handle
  System::Call 'RSTRTMGR::RmEndSession(i ${handle})'
!macroend

!endif
