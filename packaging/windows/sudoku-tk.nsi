; The Windows installer of Sudoku Tk: a per-user install of the PyInstaller onedir build (no admin rights).
;
; build_scripts/package_windows.py compiles it with makensis and these defines (every one is required):
;   VERSION          the app's version, e.g. 0.1.0 (sudoku_tk.__version__)
;   VERSION_NUMERIC  the same as four numbers, e.g. 0.1.0.0 (Windows file properties want that form)
;   SOURCE_DIR       the onedir build: the folder holding sudoku-tk.exe and _internal\
;   ICON             icons\sudoku-tk.ico
;   OUTFILE          where the installer goes
; and, to sign the uninstaller while it is made, SIGN_UNINSTALLER: a command with %1 for the file.
;
; What it does: copies the app to %LOCALAPPDATA%\Programs\Sudoku Tk (the player may choose another folder),
; adds a Start-menu entry with the icon, an uninstaller listed in Settings > Apps, and offers Sudoku Tk in
; Explorer's "Open with" for .json files (saved games are <puzzle>.sudoku.json; Windows types a file by its last
; extension only, so the app never takes .json over from the player's editor) and for pictures (it reads the
; puzzle in them). Everything goes under the
; player's own profile and HKEY_CURRENT_USER. The uninstaller removes exactly what was installed; the player's
; saved games and settings in %APPDATA%\sudoku-tk stay.

!ifndef VERSION | VERSION_NUMERIC | SOURCE_DIR | ICON | OUTFILE
  !error "define VERSION, VERSION_NUMERIC, SOURCE_DIR, ICON and OUTFILE (build_scripts/package_windows.py does)"
!endif

Unicode true
Target amd64-unicode
SetCompressor /SOLID lzma

!define APP_NAME "Sudoku Tk"
!define EXE "sudoku-tk.exe"
!define PROG_ID "SudokuTk.Game"
!define UNINSTALL_KEY "Software\Microsoft\Windows\CurrentVersion\Uninstall\sudoku-tk"
!define APP_KEY "Software\sudoku-tk"

Name "${APP_NAME}"
OutFile "${OUTFILE}"
RequestExecutionLevel user
InstallDir "$LOCALAPPDATA\Programs\${APP_NAME}"
InstallDirRegKey HKCU "${APP_KEY}" "InstallDir"
ManifestDPIAware true
BrandingText "${APP_NAME} ${VERSION}"

VIProductVersion "${VERSION_NUMERIC}"
VIFileVersion "${VERSION_NUMERIC}"
VIAddVersionKey /LANG=1033 "ProductName" "${APP_NAME}"
VIAddVersionKey /LANG=1033 "ProductVersion" "${VERSION}"
VIAddVersionKey /LANG=1033 "FileVersion" "${VERSION}"
VIAddVersionKey /LANG=1033 "FileDescription" "${APP_NAME} ${VERSION} setup"
VIAddVersionKey /LANG=1033 "LegalCopyright" "MIT licence"

!ifdef SIGN_UNINSTALLER
  !uninstfinalize '${SIGN_UNINSTALLER}'
!endif

!include "MUI2.nsh"
!include "Integration.nsh"

!define MUI_ICON "${ICON}"
!define MUI_UNICON "${ICON}"
!define MUI_ABORTWARNING
!define MUI_FINISHPAGE_RUN "$INSTDIR\${EXE}"
!define MUI_FINISHPAGE_RUN_TEXT "Start ${APP_NAME}"

!insertmacro MUI_PAGE_WELCOME
!insertmacro MUI_PAGE_DIRECTORY
!insertmacro MUI_PAGE_INSTFILES
!insertmacro MUI_PAGE_FINISH
!insertmacro MUI_UNPAGE_CONFIRM
!insertmacro MUI_UNPAGE_INSTFILES
!insertmacro MUI_LANGUAGE "English"

Section "Sudoku Tk" SecApp
  SectionIn RO
  SetShellVarContext current
  ; An update replaces the whole program: a file the new version no longer has must not linger.
  RMDir /r "$INSTDIR\_internal"
  SetOutPath "$INSTDIR"
  File "/oname=${EXE}" "${SOURCE_DIR}\${EXE}"
  File /r "${SOURCE_DIR}\_internal"
  WriteUninstaller "$INSTDIR\uninstall.exe"

  CreateShortcut "$SMPROGRAMS\${APP_NAME}.lnk" "$INSTDIR\${EXE}" "" "$INSTDIR\${EXE}" 0

  WriteRegStr HKCU "${APP_KEY}" "InstallDir" "$INSTDIR"
  WriteRegStr HKCU "${APP_KEY}" "Version" "${VERSION}"

  ; Settings > Apps (and Programs and Features) list it, with a way to remove it.
  WriteRegStr HKCU "${UNINSTALL_KEY}" "DisplayName" "${APP_NAME}"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "DisplayVersion" "${VERSION}"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "DisplayIcon" "$INSTDIR\${EXE},0"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "Publisher" "${APP_NAME} developers"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "InstallLocation" "$INSTDIR"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "UninstallString" '"$INSTDIR\uninstall.exe"'
  WriteRegStr HKCU "${UNINSTALL_KEY}" "QuietUninstallString" '"$INSTDIR\uninstall.exe" /S'
  WriteRegDWORD HKCU "${UNINSTALL_KEY}" "NoModify" 1
  WriteRegDWORD HKCU "${UNINSTALL_KEY}" "NoRepair" 1

  ; Saved games: a file type of its own (name, icon, how to open) offered for .json files.
  WriteRegStr HKCU "Software\Classes\${PROG_ID}" "" "${APP_NAME} game"
  WriteRegStr HKCU "Software\Classes\${PROG_ID}\DefaultIcon" "" "$INSTDIR\${EXE},0"
  WriteRegStr HKCU "Software\Classes\${PROG_ID}\shell\open\command" "" '"$INSTDIR\${EXE}" "%1"'
  WriteRegNone HKCU "Software\Classes\.json\OpenWithProgids" "${PROG_ID}"
  WriteRegStr HKCU "Software\Classes\Applications\${EXE}" "FriendlyAppName" "${APP_NAME}"
  WriteRegStr HKCU "Software\Classes\Applications\${EXE}\shell\open\command" "" '"$INSTDIR\${EXE}" "%1"'
  WriteRegStr HKCU "Software\Classes\Applications\${EXE}\SupportedTypes" ".json" ""
  ; Pictures of puzzles: "Open with" offers the app (it reads the puzzle in them); it never becomes their default.
  WriteRegStr HKCU "Software\Classes\Applications\${EXE}\SupportedTypes" ".png" ""
  WriteRegStr HKCU "Software\Classes\Applications\${EXE}\SupportedTypes" ".jpg" ""
  WriteRegStr HKCU "Software\Classes\Applications\${EXE}\SupportedTypes" ".jpeg" ""
  WriteRegStr HKCU "Software\Classes\Applications\${EXE}\SupportedTypes" ".gif" ""
  WriteRegStr HKCU "Software\Classes\Applications\${EXE}\SupportedTypes" ".bmp" ""
  WriteRegStr HKCU "Software\Classes\Applications\${EXE}\SupportedTypes" ".webp" ""
  WriteRegStr HKCU "Software\Classes\Applications\${EXE}\SupportedTypes" ".tif" ""
  WriteRegStr HKCU "Software\Classes\Applications\${EXE}\SupportedTypes" ".tiff" ""
  ${NotifyShell_AssocChanged}
SectionEnd

Section "Uninstall"
  SetShellVarContext current
  Delete "$SMPROGRAMS\${APP_NAME}.lnk"
  ; Only what the installer put there: a folder the player chose may hold other files.
  Delete "$INSTDIR\${EXE}"
  RMDir /r "$INSTDIR\_internal"
  Delete "$INSTDIR\uninstall.exe"
  RMDir "$INSTDIR"

  DeleteRegValue HKCU "Software\Classes\.json\OpenWithProgids" "${PROG_ID}"
  DeleteRegKey HKCU "Software\Classes\${PROG_ID}"
  DeleteRegKey HKCU "Software\Classes\Applications\${EXE}"
  DeleteRegKey HKCU "${UNINSTALL_KEY}"
  DeleteRegKey HKCU "${APP_KEY}"
  ${NotifyShell_AssocChanged}
SectionEnd
