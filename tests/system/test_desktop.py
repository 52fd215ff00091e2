"""Printing and clipboard pictures: which program each platform gets, and what the player is told (fakes only)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from sudoku_tk.system import Desktop, Platform, clipboard_image_command, copy_image, default_printer, print_pdf

PDF = Path("/tmp/sheet.pdf")


class FakeSystem:
    """Programs on a fake PATH with canned answers; every run is recorded."""

    def __init__(self, programs: dict[str, tuple[int, str]], start_fails: bool = False) -> None:
        self.programs = programs
        self.ran: list[tuple[str, ...]] = []
        self.started: list[tuple[str, str]] = []
        self.start_fails = start_fails

    def which(self, name: str) -> str | None:
        return f"/usr/bin/{name}" if any(key.split()[0] == name for key in self.programs) else None

    def run(self, argv: Sequence[str]) -> tuple[int, str]:
        self.ran.append(tuple(argv))
        name = Path(argv[0]).name
        key = f"{name} {argv[1]}" if f"{name} {argv[1]}" in self.programs else name
        return self.programs[key]

    def run_input(self, argv: Sequence[str], data: bytes) -> tuple[int, str]:
        self.ran.append(tuple(argv) + (f"<{len(data)} bytes>",))
        return self.programs[Path(argv[0]).name]

    def startfile(self, path: str, operation: str) -> None:
        self.started.append((path, operation))
        if self.start_fails:
            raise OSError("no application is associated with the file")

    def desktop(self, platform: Platform, env: dict[str, str] | None = None) -> Desktop:
        return Desktop(
            platform,
            which=self.which,
            run=self.run,
            run_detached=self.run,
            run_input=self.run_input,
            startfile=self.startfile,
            env=env or {},
        )


LPSTAT_DEFAULT = "system default destination: Office_Laser\n"
LPSTAT_NONE = "no system default destination\n"


def test_linux_prints_to_the_default_printer() -> None:
    fake = FakeSystem({"lp": (0, "request id is Office_Laser-12"), "lpstat -d": (0, LPSTAT_DEFAULT)})
    result = print_pdf(PDF, fake.desktop(Platform.LINUX))
    assert result.done and result.message == "Sent sheet.pdf to the printer Office_Laser."
    assert fake.ran[-1] == ("/usr/bin/lp", "-d", "Office_Laser", str(PDF))


def test_without_a_default_the_first_listed_printer_is_used() -> None:
    fake = FakeSystem(
        {
            "lp": (0, ""),
            "lpstat -d": (0, LPSTAT_NONE),
            "lpstat -p": (0, "printer Hall_Inkjet is idle.  enabled since Mon\nprinter Attic disabled\n"),
        }
    )
    assert default_printer(fake.desktop(Platform.MAC)) == "Hall_Inkjet"
    assert print_pdf(PDF, fake.desktop(Platform.MAC)).message == "Sent sheet.pdf to the printer Hall_Inkjet."


def test_no_printer_opens_the_viewer_and_says_why() -> None:
    fake = FakeSystem({"lp": (0, ""), "lpstat -d": (0, LPSTAT_NONE), "lpstat -p": (1, ""), "xdg-open": (0, "")})
    result = print_pdf(PDF, fake.desktop(Platform.LINUX))
    assert not result.done
    assert (
        result.message == "Not printed: no printer is set up on this computer. The PDF is open in your viewer instead."
    )
    assert fake.ran[-1] == ("/usr/bin/xdg-open", str(PDF))


def test_no_lp_and_no_viewer_says_where_the_file_is() -> None:
    fake = FakeSystem({})
    result = print_pdf(PDF, fake.desktop(Platform.LINUX))
    assert result.message == (
        "Not printed: printing needs the lp command, which is not installed here. The PDF is saved at /tmp/sheet.pdf."
    )
    assert fake.ran == []


def test_a_failing_lp_reports_its_last_line() -> None:
    fake = FakeSystem(
        {"lp": (1, 'lp: Error - unable to access "x"\nlp: The printer is offline\n'), "lpstat -d": (0, LPSTAT_DEFAULT)}
    )
    result = print_pdf(PDF, fake.desktop(Platform.LINUX))
    assert not result.done and result.message == "Can't print sheet.pdf on Office_Laser: lp: The printer is offline."


def test_windows_prints_through_the_shell_and_falls_back_to_opening() -> None:
    fake = FakeSystem({})
    assert print_pdf(PDF, fake.desktop(Platform.WINDOWS)).message == "Sent sheet.pdf to the printer."
    assert fake.started == [(str(PDF), "print")]
    failing = FakeSystem({}, start_fails=True)
    result = print_pdf(PDF, failing.desktop(Platform.WINDOWS))
    assert [op for _p, op in failing.started] == ["print", "open"]
    assert not result.done and "Can't open sheet.pdf" in result.message


def test_clipboard_programs_per_platform() -> None:
    png = Path("/tmp/b.png")
    x11 = FakeSystem({"xclip": (0, ""), "wl-copy": (0, "")})
    assert clipboard_image_command(png, x11.desktop(Platform.LINUX))[0] == (
        "/usr/bin/xclip",
        "-selection",
        "clipboard",
        "-t",
        "image/png",
        "-i",
        "/tmp/b.png",
    )
    wayland = x11.desktop(Platform.LINUX, {"WAYLAND_DISPLAY": "wayland-0"})
    assert clipboard_image_command(png, wayland)[0][:3] == ("/usr/bin/wl-copy", "--type", "image/png")
    mac = FakeSystem({"osascript": (0, "")})
    argv, _ = clipboard_image_command(png, mac.desktop(Platform.MAC))
    assert argv[:2] == ("/usr/bin/osascript", "-e") and 'POSIX file "/tmp/b.png"' in argv[2] and "PNGf" in argv[2]
    win = FakeSystem({"powershell": (0, "")})
    argv, _ = clipboard_image_command(png, win.desktop(Platform.WINDOWS))
    assert argv[:4] == ("/usr/bin/powershell", "-NoProfile", "-STA", "-Command")
    assert "Clipboard]::SetImage" in argv[4] and "'/tmp/b.png'" in argv[4]


def test_copying_a_picture_runs_the_program_or_says_what_is_missing(tmp_path: Path) -> None:
    png = tmp_path / "b.png"
    png.write_bytes(b"\x89PNG fake")
    x11 = FakeSystem({"xclip": (0, "")})
    result = copy_image(png, x11.desktop(Platform.LINUX))
    assert result.done and result.message == "Copied the picture to the clipboard."
    wayland = FakeSystem({"wl-copy": (0, "")})
    assert copy_image(png, wayland.desktop(Platform.LINUX, {"WAYLAND_DISPLAY": "w"})).done
    assert wayland.ran == [("/usr/bin/wl-copy", "--type", "image/png", "<9 bytes>")]
    nothing = copy_image(png, FakeSystem({}).desktop(Platform.LINUX))
    assert not nothing.done
    assert nothing.message == (
        "Copying a picture needs xclip (X11) or wl-clipboard (Wayland); install one, or use Export picture."
    )
    broken = copy_image(png, FakeSystem({"xclip": (1, "")}).desktop(Platform.LINUX))
    assert broken.message == "Can't copy the picture: xclip failed (status 1)."
