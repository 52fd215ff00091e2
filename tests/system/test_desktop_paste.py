"""Pictures from the clipboard (system/desktop.py, ``paste_image``): each platform's way, with fake programs only."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from sudoku_tk.system import Desktop, Platform, paste_image

PNG = b"\x89PNG\r\n\x1a\nfake picture bytes"


class Clipboard:
    """Fake clipboard programs: ``types`` is what the listing prints, ``picture`` the bytes handed out."""

    def __init__(self, programs: Sequence[str], types: str = "", picture: bytes = b"", status: int = 0) -> None:
        self.programs = programs
        self.types = types
        self.picture = picture
        self.status = status
        self.ran: list[tuple[str, ...]] = []
        self.scratch: Path | None = None

    def which(self, name: str) -> str | None:
        return f"/usr/bin/{name}" if name in self.programs else None

    def run(self, argv: Sequence[str]) -> tuple[int, str]:
        self.ran.append(tuple(argv))
        name = Path(argv[0]).name
        if name in ("osascript", "powershell") and self.picture and self.scratch is not None:
            self.scratch.write_bytes(self.picture)  # the script writes the picture to the scratch file
        if name in ("osascript", "powershell"):
            return (self.status if self.picture else 3), ""
        return self.status, self.types

    def run_bytes(self, argv: Sequence[str], limit: int) -> tuple[int, bytes]:
        self.ran.append(tuple(argv))
        if len(self.picture) > limit:
            return -1, self.picture[:limit]
        return self.status, self.picture

    def desktop(self, platform: Platform, env: dict[str, str] | None = None) -> Desktop:
        return Desktop(platform, which=self.which, run=self.run, run_bytes=self.run_bytes, env=env or {})


def test_x11_asks_xclip_for_the_types_then_the_png(tmp_path: Path) -> None:
    fake = Clipboard(["xclip"], "TARGETS\ntext/plain\nimage/jpeg\nimage/png\n", PNG)
    got = paste_image(fake.desktop(Platform.LINUX), tmp_path / "scratch.png")
    assert got.data == PNG and got.message == ""
    assert fake.ran == [
        ("/usr/bin/xclip", "-selection", "clipboard", "-t", "TARGETS", "-o"),
        ("/usr/bin/xclip", "-selection", "clipboard", "-o", "-t", "image/png"),
    ]


def test_wayland_uses_wl_paste_with_the_first_picture_type(tmp_path: Path) -> None:
    fake = Clipboard(["wl-paste", "xclip"], "text/plain\nimage/jpeg\n", PNG)
    got = paste_image(fake.desktop(Platform.LINUX, {"WAYLAND_DISPLAY": "wayland-0"}), tmp_path / "s.png")
    assert got.data == PNG
    assert fake.ran[-1] == ("/usr/bin/wl-paste", "--no-newline", "--type", "image/jpeg")


def test_text_on_the_clipboard_is_no_picture(tmp_path: Path) -> None:
    fake = Clipboard(["xclip"], "TARGETS\nUTF8_STRING\n", PNG)
    got = paste_image(fake.desktop(Platform.LINUX), tmp_path / "s.png")
    assert got.data is None and got.message == "The clipboard holds no picture."
    assert len(fake.ran) == 1, "the picture is not asked for when none is offered"


def test_no_clipboard_program_says_what_to_install(tmp_path: Path) -> None:
    got = paste_image(Clipboard([]).desktop(Platform.LINUX), tmp_path / "s.png")
    assert got.data is None and "xclip (X11) or wl-clipboard (Wayland)" in got.message


def test_a_picture_over_the_limit_is_cut_off_and_refused(tmp_path: Path) -> None:
    fake = Clipboard(["xclip"], "image/png\n", b"x" * 5000)
    got = paste_image(fake.desktop(Platform.LINUX), tmp_path / "s.png", limit=1000)
    assert got.data is None and "over" in got.message


def test_macos_and_windows_write_the_picture_to_a_scratch_file_and_remove_it(tmp_path: Path) -> None:
    for platform, program in ((Platform.MAC, "osascript"), (Platform.WINDOWS, "powershell")):
        scratch = tmp_path / f"{program}.png"
        fake = Clipboard([program], picture=PNG)
        fake.scratch = scratch
        got = paste_image(fake.desktop(platform), scratch)
        assert got.data == PNG, program
        assert str(scratch) in " ".join(fake.ran[0]), "the script writes to the scratch file"
        assert not scratch.exists(), "the scratch file is removed"
        empty = Clipboard([program])
        empty.scratch = scratch
        assert paste_image(empty.desktop(platform), scratch).message == "The clipboard holds no picture."
