; Checks .ci/wine/nsis_tauri_utils.c, the stand-in for Tauri's NSIS plugin
; (why it exists: at the top of that file), under Wine, before the
; installer that calls it is trusted: each function with known answers.
; Built and run by .ci/windows-installer (amd64-unicode, as the installer
; tested under Wine); never shipped.
;
;   makensis -DPLUGINDIR=<folder with the DLL> -DOUTFILE=<exe> this.nsi
;   wine <exe>      exit status: how many checks failed; each check is a
;                   line of <exe folder>\nsis_tauri_utils-test.txt (UTF-16)
;   wine <exe> /WAIT    waits 30 s and ends: the process the process
;                   checks start, find and kill
Target amd64-unicode
Unicode true
!addplugindir /amd64-unicode "${PLUGINDIR}"
Name "nsis_tauri_utils test"
OutFile "${OUTFILE}"
RequestExecutionLevel user
SilentInstall silent

!include LogicLib.nsh
!include FileFunc.nsh

Var Log
Var Failed

!macro Expect what got want
  ${If} "${got}" S== "${want}"
    FileWriteUTF16LE $Log `ok    ${what}: ${got}$\r$\n`
  ${Else}
    FileWriteUTF16LE $Log `FAIL  ${what}: ${got}, expected ${want}$\r$\n`
    IntOp $Failed $Failed + 1
  ${EndIf}
!macroend

!macro Semver v1 v2 want
  nsis_tauri_utils::SemverCompare "${v1}" "${v2}"
  Pop $0
  !insertmacro Expect `SemverCompare "${v1}" "${v2}"` $0 ${want}
!macroend

!macro Replace text find rep want
  nsis_tauri_utils::StrReplace "${text}" "${find}" "${rep}"
  Pop $0
  !insertmacro Expect `StrReplace "${text}" "${find}" "${rep}"` $0 "${want}"
!macroend

!macro Process function name want
  nsis_tauri_utils::${function} "${name}"
  Pop $0
  !insertmacro Expect `${function} "${name}"` $0 ${want}
!macroend

Function .onInit
  ${GetOptions} $CMDLINE "/WAIT" $0
  ${IfNot} ${Errors}
    Sleep 30000
    Quit
  ${EndIf}
FunctionEnd

Section
  StrCpy $Failed 0
  FileOpen $Log "$EXEDIR\nsis_tauri_utils-test.txt" w
  FileWriteUTF16LE /BOM $Log ""

  ; The semver crate's order (its tests and Tauri's plugin's).
  !insertmacro Semver "0.1.0" "" 1
  !insertmacro Semver "" "0.1.0" -1
  !insertmacro Semver "1.2.1" "1.2.0" 1
  !insertmacro Semver "1.2.0" "1.2.1" -1
  !insertmacro Semver "1.2.1" "1.2.1" 0
  !insertmacro Semver "0.10.0" "0.9.9" 1
  !insertmacro Semver "1.2.1-alpha.1" "1.2.1-beta.5" -1
  !insertmacro Semver "1.2.1-rc.1" "1.2.1-beta.1" 1
  !insertmacro Semver "1.0.0-aluc.0" "1.0.0" -1
  !insertmacro Semver "1.0.0-alpha.2" "1.0.0-alpha.10" -1
  !insertmacro Semver "1.0.0-alpha" "1.0.0-alpha.1" -1
  !insertmacro Semver "1.0.0-alpha.beta" "1.0.0-alpha.1" 1
  !insertmacro Semver "1.0.0+10" "1.0.0+2" 1
  !insertmacro Semver "1.0.0" "1.0.0+1" -1
  !insertmacro Semver "1.2qe2.1-alpha.1" "1.2.1-alpha.1" -1
  !insertmacro Semver " 1.0.0-aluc.1" "1.0.0-bdfsf.0" -1
  !insertmacro Semver "1.2.saf1-alpha.1" "-q1.2.1-alpha.1" 0
  !insertmacro Semver "01.0.0" "1.0.0" -1
  !insertmacro Semver "1.0.0-01" "1.0.0-1" -1
  !insertmacro Semver "18446744073709551616.0.0" "1.0.0" -1

  !insertmacro Replace "{{product_name}} is running" "{{product_name}}" "Workdesk" "Workdesk is running"
  !insertmacro Replace "a{{x}}b{{x}}c" "{{x}}" "Núñez" "aNúñezbNúñezc"
  !insertmacro Replace "aaa" "aa" "b" "ba"
  !insertmacro Replace "abc" "" "-" "-a-b-c-"
  !insertmacro Replace "" "x" "y" ""

  ; Wine's service manager always runs.
  !insertmacro Process FindProcess "services.exe" 0
  !insertmacro Process FindProcess "SERVICES.EXE" 0
  !insertmacro Process FindProcessCurrentUser "services.exe" 0
  !insertmacro Process FindProcess "no-such-program.exe" 1
  !insertmacro Process KillProcess "no-such-program.exe" 2
  ; This program itself is not counted; a second one, started here, is.
  !insertmacro Process FindProcess "$EXEFILE" 1
  nsis_tauri_utils::RunAsUser "$EXEPATH" "/WAIT"
  Pop $0
  !insertmacro Expect `RunAsUser "$EXEFILE" "/WAIT"` $0 0
  !insertmacro Process FindProcess "$EXEFILE" 0
  !insertmacro Process KillProcess "$EXEFILE" 0
  !insertmacro Process FindProcess "$EXEFILE" 1
  nsis_tauri_utils::RunAsUser "$EXEPATH" "/WAIT"
  Pop $0
  !insertmacro Process FindProcessCurrentUser "$EXEFILE" 0
  !insertmacro Process KillProcessCurrentUser "$EXEFILE" 0
  !insertmacro Process FindProcessCurrentUser "$EXEFILE" 1
  nsis_tauri_utils::RunAsUser "$EXEDIR\no-such-program.exe" ""
  Pop $0
  !insertmacro Expect `RunAsUser "no-such-program.exe" ""` $0 1

  FileClose $Log
  SetErrorLevel $Failed
SectionEnd
