"""A small PDF writer: pages of vector lines, rectangles and text in the standard Helvetica fonts.

Enough for puzzle sheets and nothing more: no images, no embedded fonts (Helvetica and
Helvetica-Bold are among the 14 fonts every PDF reader has), text in WinAnsi encoding
(characters outside it become "?"). Coordinates are PDF points (1/72 inch) from the
page's bottom-left corner. Page streams are plain text unless ``compress`` asks for
Flate (zlib), so a test can read the words on a page. The cross-reference table holds
each object's exact byte offset.
"""

from __future__ import annotations

import zlib
from dataclasses import dataclass, field
from pathlib import Path

A4 = (595.28, 841.89)
LETTER = (612.0, 792.0)
PAGE_SIZES = {"a4": A4, "letter": LETTER}

Colour = tuple[float, float, float]
BLACK: Colour = (0.0, 0.0, 0.0)

# Advance widths (1/1000 em) of printable ASCII, space to tilde: the standard Helvetica faces' metrics.
_REGULAR = (
    "278 278 355 556 556 889 667 191 333 333 389 584 278 333 278 278 556 556 556 556 556 556 556 556 556 556 "
    "278 278 584 584 584 556 1015 667 667 722 722 667 611 778 722 278 500 667 556 833 722 778 667 778 722 667 "
    "611 722 667 944 667 667 611 278 278 278 469 556 333 556 556 500 556 556 278 556 556 222 222 500 222 833 "
    "556 556 556 556 333 500 278 556 500 722 500 500 500 334 260 334 584"
)
_BOLD = (
    "278 333 474 556 556 889 722 238 333 333 389 584 278 333 278 278 556 556 556 556 556 556 556 556 556 556 "
    "333 333 584 584 584 611 975 722 722 722 722 667 611 778 722 278 556 722 611 833 722 778 667 778 722 667 "
    "611 722 667 944 667 667 611 333 278 333 584 556 333 556 611 556 611 556 333 611 611 278 278 556 278 889 "
    "611 611 611 611 389 556 333 611 556 778 556 556 500 389 280 389 584"
)
WIDTHS = {False: tuple(int(w) for w in _REGULAR.split()), True: tuple(int(w) for w in _BOLD.split())}


def text_width(text: str, size: float, bold: bool = False) -> float:
    """The width of ``text`` in points at ``size`` in Helvetica (bold: Helvetica-Bold).

    >>> text_width("123", 10)
    16.68
    """
    table = WIDTHS[bold]
    total = sum(table[ord(ch) - 32] if 32 <= ord(ch) < 127 else 556 for ch in text)
    return round(total * size / 1000, 4)


def _encode(text: str) -> bytes:
    """Text as a PDF string literal in WinAnsi encoding, with ``\\``, ``(`` and ``)`` escaped."""
    raw = text.encode("cp1252", errors="replace")
    return b"(" + raw.replace(b"\\", b"\\\\").replace(b"(", b"\\(").replace(b")", b"\\)") + b")"


def _num(x: float) -> str:
    """A number as PDF writes it: at most two decimals, no trailing zeros."""
    text = f"{x:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


@dataclass
class Page:
    """One page being drawn: ``width`` × ``height`` points; every method appends to its content stream."""

    width: float
    height: float
    ops: list[str] = field(default_factory=list)

    def line(self, x0: float, y0: float, x1: float, y1: float, width: float = 1.0, colour: Colour = BLACK) -> None:
        """A straight line with square caps (so lines meet cleanly at the grid's corners)."""
        self.ops.append(
            f"q {_rgb(colour, 'RG')} {_num(width)} w 2 J {_num(x0)} {_num(y0)} m {_num(x1)} {_num(y1)} l S Q"
        )

    def rect(
        self,
        x: float,
        y: float,
        w: float,
        h: float,
        *,
        stroke: Colour | None = BLACK,
        fill: Colour | None = None,
        width: float = 1.0,
    ) -> None:
        """A rectangle from (x, y) with width ``w`` and height ``h``, stroked and/or filled."""
        paint = "B" if stroke and fill else ("f" if fill else "S")
        parts = ["q"]
        if fill:
            parts.append(_rgb(fill, "rg"))
        if stroke:
            parts += [_rgb(stroke, "RG"), f"{_num(width)} w 0 J 0 j"]
        parts += [f"{_num(x)} {_num(y)} {_num(w)} {_num(h)} re", paint, "Q"]
        self.ops.append(" ".join(parts))

    def text(
        self,
        x: float,
        y: float,
        text: str,
        size: float,
        *,
        bold: bool = False,
        align: str = "left",
        colour: Colour = BLACK,
    ) -> None:
        """``text`` on the baseline at ``y``, starting (``left``), centred (``center``) or ending (``right``) at x."""
        width = text_width(text, size, bold)
        start = x - {"left": 0.0, "center": width / 2, "right": width}[align]
        font = "/F2" if bold else "/F1"
        self.ops.append(
            f"BT {_rgb(colour, 'rg')} {font} {_num(size)} Tf {_num(start)} {_num(y)} Td "
            + _encode(text).decode("latin-1")
            + " Tj ET"
        )

    def content(self) -> bytes:
        return ("\n".join(self.ops) + "\n").encode("latin-1")


def _rgb(colour: Colour, op: str) -> str:
    return " ".join(_num(c) for c in colour) + f" {op}"


class PdfDocument:
    """Pages in order, written as one PDF file by ``to_bytes`` or ``save``."""

    def __init__(self, title: str = "") -> None:
        self.title = title
        self.pages: list[Page] = []

    def new_page(self, size: tuple[float, float] = A4) -> Page:
        page = Page(*size)
        self.pages.append(page)
        return page

    def to_bytes(self, compress: bool = False) -> bytes:
        """The whole file: header, catalog, pages, fonts, info, cross-reference table and trailer."""
        n = len(self.pages)
        # Objects: 1 catalog, 2 page tree, 3 Helvetica, 4 Helvetica-Bold, 5 info, then a page and its stream each.
        page_ids = [6 + 2 * i for i in range(n)]
        objects: list[bytes] = [
            b"<< /Type /Catalog /Pages 2 0 R >>",
            f"<< /Type /Pages /Kids [{' '.join(f'{p} 0 R' for p in page_ids)}] /Count {n} >>".encode(),
            b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
            b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>",
            b"<< /Producer (sudoku-tk) /Title " + _encode(self.title) + b" >>",
        ]
        for page, pid in zip(self.pages, page_ids):
            objects.append(
                f"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 {_num(page.width)} {_num(page.height)}] "
                f"/Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents {pid + 1} 0 R >>".encode()
            )
            data = page.content()
            head = f"<< /Length {{}}{' /Filter /FlateDecode' if compress else ''} >>"
            if compress:
                data = zlib.compress(data)
            objects.append(head.format(len(data)).encode() + b"\nstream\n" + data + b"\nendstream")
        out = bytearray(b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")
        offsets = []
        for number, body in enumerate(objects, start=1):
            offsets.append(len(out))
            out += f"{number} 0 obj\n".encode() + body + b"\nendobj\n"
        xref = len(out)
        out += f"xref\n0 {len(objects) + 1}\n".encode() + b"0000000000 65535 f \n"
        out += b"".join(f"{off:010d} 00000 n \n".encode() for off in offsets)
        out += f"trailer\n<< /Size {len(objects) + 1} /Root 1 0 R /Info 5 0 R >>\nstartxref\n{xref}\n%%EOF\n".encode()
        return bytes(out)

    def save(self, path: str | Path, compress: bool = False) -> None:
        Path(path).write_bytes(self.to_bytes(compress))
