"""The small PDF writer: a valid file (xref offsets, trailer, %%EOF), pages, text that reads back."""

from __future__ import annotations

from pathlib import Path

import pytest
from pdf_reading import check_structure, page_texts

from sudoku_tk.render.pdf import A4, LETTER, PdfDocument, text_width


@pytest.mark.parametrize("compress", [False, True])
def test_pages_and_their_text_read_back(compress: bool) -> None:
    doc = PdfDocument("Two pages")
    first = doc.new_page()
    first.text(50, 800, "Hello (world) \\ back", 12)
    first.line(10, 10, 100, 10, 2)
    first.rect(20, 20, 50, 50, fill=(1, 0, 0))
    second = doc.new_page(LETTER)
    second.text(300, 400, "Page two", 20, bold=True, align="center")
    data = doc.to_bytes(compress)
    assert page_texts(data) == [["Hello (world) \\ back"], ["Page two"]]
    objects = check_structure(data)
    assert b"/BaseFont /Helvetica " in objects[3] and b"/BaseFont /Helvetica-Bold " in objects[4]
    assert b"/MediaBox [0 0 595.28 841.89]" in objects[6] and b"/MediaBox [0 0 612 792]" in objects[8]
    assert (b"/FlateDecode" in data) == compress


def test_a_document_without_pages_is_still_well_formed() -> None:
    assert page_texts(PdfDocument().to_bytes()) == []


def test_characters_outside_winansi_become_question_marks() -> None:
    doc = PdfDocument()
    doc.new_page().text(10, 10, "9×9 – ok ☃", 10)
    assert page_texts(doc.to_bytes()) == [["9\xd79 \x96 ok ?"]]


def test_text_is_centred_and_right_aligned_by_helvetica_widths() -> None:
    assert text_width("8", 10) == 5.56
    assert text_width("Mil", 10) == 12.77  # M 833, i 222, l 222
    assert text_width("Mil", 10, bold=True) == 13.89  # M 833, i 278, l 278
    doc = PdfDocument()
    page = doc.new_page(A4)
    page.text(100, 50, "88", 10, align="center")
    page.text(100, 40, "88", 10, align="right")
    assert "94.44 50 Td" in page.ops[0] and "88.88 40 Td" in page.ops[1]


def test_save_writes_the_bytes(tmp_path: Path) -> None:
    doc = PdfDocument("x")
    doc.new_page().text(1, 1, "a", 5)
    doc.save(tmp_path / "x.pdf")
    assert (tmp_path / "x.pdf").read_bytes() == doc.to_bytes()
