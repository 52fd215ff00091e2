"""The operating system, behind one interface: what the app and the window call for everything that differs
between Windows, macOS and Linux (X11 and Wayland).

Callers import from here (``from sudoku_tk.system import Desktop, print_pdf``), never from the parts:

- which system this is: ``Platform`` (platforms.py, the one place that asks ``sys.platform``), ``system_name``;
- hand-offs to the desktop: ``Desktop``, ``open_file``, ``print_pdf``, ``copy_image``, ``paste_image`` (desktop.py);
- the desktop's light or dark mode: ``prefers_dark`` (dark_mode.py);
- where the app's files go: ``user_data_dir``, ``settings_path``, ``autosave_dir``, ``recent_dir`` (paths.py);
- what is at a path, making folders, moving odd entries aside: ``make_folder``, ``set_aside`` (entries.py);
- locks: ``InstanceLock`` (one window per autosave folder), ``update_lock`` (a shared file's read-change-write),
  on the system's file locks (file_locks.py);
- the error log: ``ErrorLog`` (error_log.py, on ``logging``).

The per-OS parts hold each system's way: linux.py, macos.py, windows.py, and posix.py for what Linux and macOS
share. Standard library only: nothing here imports the app, the window or Pillow.
"""

from __future__ import annotations

from . import windows
from .dark_mode import prefers_dark
from .desktop import (
    IMAGE_LIMIT,
    ClipboardPicture,
    Desktop,
    Handoff,
    clipboard_image_command,
    copy_image,
    default_printer,
    open_file,
    paste_image,
    print_pdf,
)
from .entries import (
    DAMAGED_SUFFIX,
    KEEP_DAMAGED,
    NotAFolderError,
    kind_of_mode,
    link_text,
    make_folder,
    set_aside,
    sync_folder,
)
from .error_log import LOG_NAME, MAX_LOG_BYTES, ErrorLog
from .instance_lock import (
    HEARTBEAT_EVERY,
    LOCK_NAME,
    STALE_AFTER,
    InstanceLock,
    LockHeldError,
    LockInfo,
    host_name,
    host_tag,
    pid_alive,
)
from .paths import (
    APP_DIR_NAME,
    ENV_OVERRIDE,
    MAX_SLOTS,
    SETTINGS_NAME,
    autosave_dir,
    data_dir_for,
    recent_dir,
    settings_path,
    user_data_dir,
)
from .platforms import Platform, machine_name, system_name
from .update_lock import LockFileError, update_lock


def make_dpi_aware() -> None:
    """Before the first window: let the app scale itself on a high-DPI screen (Windows; elsewhere Tk does)."""
    if Platform.current() is Platform.WINDOWS:
        windows.make_dpi_aware()


__all__ = [
    "APP_DIR_NAME",
    "DAMAGED_SUFFIX",
    "ENV_OVERRIDE",
    "HEARTBEAT_EVERY",
    "IMAGE_LIMIT",
    "KEEP_DAMAGED",
    "LOCK_NAME",
    "LOG_NAME",
    "MAX_LOG_BYTES",
    "MAX_SLOTS",
    "SETTINGS_NAME",
    "STALE_AFTER",
    "ClipboardPicture",
    "Desktop",
    "ErrorLog",
    "Handoff",
    "InstanceLock",
    "LockFileError",
    "LockHeldError",
    "LockInfo",
    "NotAFolderError",
    "Platform",
    "autosave_dir",
    "clipboard_image_command",
    "copy_image",
    "data_dir_for",
    "default_printer",
    "host_name",
    "host_tag",
    "kind_of_mode",
    "link_text",
    "machine_name",
    "make_dpi_aware",
    "make_folder",
    "open_file",
    "paste_image",
    "pid_alive",
    "prefers_dark",
    "print_pdf",
    "recent_dir",
    "set_aside",
    "settings_path",
    "sync_folder",
    "system_name",
    "update_lock",
    "user_data_dir",
]
