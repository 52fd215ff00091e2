#!/bin/sh
# Install (or remove) the Sudoku Tk launcher for the current user on Linux desktops.
#
#   packaging/linux/install.sh [--binary PATH] [--uninstall]
#
# Copies sudoku-tk.desktop to $XDG_DATA_HOME/applications (default ~/.local/share), the
# icon PNGs (16-256 px) to $XDG_DATA_HOME/icons/hicolor/<size>x<size>/apps/sudoku-tk.png and
# the saved-game type to $XDG_DATA_HOME/mime/packages/sudoku-tk.xml.
# The launcher runs, in order of preference: --binary PATH (copied to ~/.local/bin/sudoku-tk),
# the standalone build dist/onefile/sudoku-tk (copied the same way), or `sudoku-tk` already on
# PATH (e.g. from `pip install .`). The installed .desktop file names that program by its
# absolute path, so it works even when ~/.local/bin is not on the desktop's PATH.
set -eu

here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
data=${XDG_DATA_HOME:-$HOME/.local/share}
bindir=$HOME/.local/bin
apps=$data/applications
icons=$data/icons/hicolor
mime=$data/mime
sizes="16 32 48 64 128 256"

binary=
uninstall=0
while [ $# -gt 0 ]; do
  case $1 in
    --binary) [ $# -ge 2 ] || { echo "install.sh: --binary needs a path" >&2; exit 2; }; binary=$2; shift 2 ;;
    --uninstall) uninstall=1; shift ;;
    -h|--help) sed -n '2,12p' "$0"; exit 0 ;;
    *) echo "install.sh: unknown argument '$1' (see --help)" >&2; exit 2 ;;
  esac
done

refresh() {
  # Desktops pick the launcher up without these too, only later; failures here don't matter.
  command -v update-desktop-database >/dev/null 2>&1 && update-desktop-database -q "$apps" 2>/dev/null || true
  if [ -d "$mime/packages" ] && command -v update-mime-database >/dev/null 2>&1; then
    update-mime-database "$mime" 2>/dev/null || true
  fi
  # Refresh a user icon cache only if one exists: a new one would go stale and hide later icons.
  if [ -f "$icons/icon-theme.cache" ] && command -v gtk-update-icon-cache >/dev/null 2>&1; then
    gtk-update-icon-cache -q -t "$icons" 2>/dev/null || true
  fi
}

if [ "$uninstall" = 1 ]; then
  rm -f "$apps/sudoku-tk.desktop" "$mime/packages/sudoku-tk.xml"
  for s in $sizes; do rm -f "$icons/${s}x${s}/apps/sudoku-tk.png"; done
  # Only remove a binary this script put there.
  [ -f "$bindir/.sudoku-tk.installed-by-packaging" ] && rm -f "$bindir/sudoku-tk" "$bindir/.sudoku-tk.installed-by-packaging"
  refresh
  echo "Removed the Sudoku Tk launcher and icons from $data"
  exit 0
fi

if [ -z "$binary" ] && [ -x "$repo/dist/onefile/sudoku-tk" ]; then
  binary=$repo/dist/onefile/sudoku-tk
fi
if [ -n "$binary" ]; then
  [ -f "$binary" ] && [ -x "$binary" ] || { echo "install.sh: '$binary' is not an executable file" >&2; exit 1; }
  mkdir -p "$bindir"
  cp "$binary" "$bindir/sudoku-tk.tmp" && mv "$bindir/sudoku-tk.tmp" "$bindir/sudoku-tk"
  touch "$bindir/.sudoku-tk.installed-by-packaging"
  program=$bindir/sudoku-tk
elif program=$(command -v sudoku-tk 2>/dev/null); then
  :
else
  echo "install.sh: no sudoku-tk program found. Build one (python build_scripts/build.py)," >&2
  echo "pass --binary PATH, or install the package (pip install .) first." >&2
  exit 1
fi

mkdir -p "$apps"
# Escape what sed's replacement treats specially; quote Exec's path as the spec asks.
esc=$(printf '%s' "$program" | sed 's/[&|\\]/\\&/g')
sed -e "s|^Exec=sudoku-tk |Exec=\"$esc\" |" -e "s|^TryExec=sudoku-tk\$|TryExec=$esc|" \
  "$here/sudoku-tk.desktop" > "$apps/sudoku-tk.desktop"
for s in $sizes; do
  mkdir -p "$icons/${s}x${s}/apps"
  cp "$repo/sudoku_tk/resources/icon-$s.png" "$icons/${s}x${s}/apps/sudoku-tk.png"
done
mkdir -p "$mime/packages"
cp "$here/sudoku-tk-mime.xml" "$mime/packages/sudoku-tk.xml"
refresh
echo "Installed the Sudoku Tk launcher ($apps/sudoku-tk.desktop) running $program"
