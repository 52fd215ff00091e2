"""Reading back the PDFs this package writes, enough to check them: objects at their xref offsets, pages, words."""

from __future__ import annotations

import re
import zlib


def check_structure(data: bytes) -> dict[int, bytes]:
    """Check header, trailer and cross-reference table; return each object's body by number.

    Every xref offset must point at ``N 0 obj``; ``startxref`` at the table; the file ends with ``%%EOF``.
    """
    assert data.startswith(b"%PDF-1.")
    assert data.rstrip().endswith(b"%%EOF")
    start = int(re.search(rb"startxref\s+(\d+)\s+%%EOF\s*$", data).group(1))
    assert data[start : start + 4] == b"xref"
    head = re.match(rb"xref\s+0 (\d+)\s+", data[start:])
    count = int(head.group(1))
    table = data[start + head.end() :].split(b"\n")[:count]
    assert table[0].startswith(b"0000000000 65535 f")
    objects: dict[int, bytes] = {}
    for number, row in enumerate(table[1:], start=1):
        offset = int(row[:10])
        assert row[11:16] == b"00000" and row[17:18] == b"n", row
        assert data[offset:].startswith(f"{number} 0 obj".encode()), (number, data[offset : offset + 20])
        end = data.index(b"endobj", offset)
        objects[number] = data[offset:end]
    trailer = data[data.index(b"trailer", start) :]
    assert f"/Size {count}".encode() in trailer
    return objects


def _stream(body: bytes) -> bytes:
    length = int(re.search(rb"/Length (\d+)", body).group(1))
    begin = body.index(b"stream\n") + len(b"stream\n")
    raw = body[begin : begin + length]
    assert body[begin + length : begin + length + 10].startswith(b"\nendstream")
    return zlib.decompress(raw) if b"/FlateDecode" in body[:begin] else raw


def page_streams(data: bytes) -> list[str]:
    """Each page's content stream, decoded, in page-tree order."""
    objects = check_structure(data)
    kids = re.search(rb"/Kids \[([^\]]*)\]", objects[2]).group(1)
    pages = [int(n) for n in re.findall(rb"(\d+) 0 R", kids)]
    count = int(re.search(rb"/Count (\d+)", objects[2]).group(1))
    assert count == len(pages)
    out = []
    for number in pages:
        assert b"/Type /Page " in objects[number]
        contents = int(re.search(rb"/Contents (\d+) 0 R", objects[number]).group(1))
        out.append(_stream(objects[contents]).decode("latin-1"))
    return out


def page_texts(data: bytes) -> list[list[str]]:
    """The words on each page in page-tree order (the strings shown with Tj)."""
    return [
        [re.sub(r"\\(.)", r"\1", m.group(1)) for m in re.finditer(r"\(((?:\\.|[^\\)])*)\) Tj", stream)]
        for stream in page_streams(data)
    ]
