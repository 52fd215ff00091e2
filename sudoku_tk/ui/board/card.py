"""The message card over the board (solved, paused): a title, a detail and buttons drawn on the canvas itself.

``BoardCanvas.show_card`` keeps the card to show and ``draw_card`` draws it in the
middle of the board. A card changes no widget's size, so showing it costs no relayout
of the window. Items are tagged ``card`` (``card-body``, ``card-title``,
``card-detail``); its buttons ``card-button`` and ``card-action-<i>``.
"""

from __future__ import annotations

import tkinter as tk
import tkinter.font as tkfont
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial

from ..window.theme import Theme
from .layout import BoardLayout

CardAction = tuple[str, Callable[[], None]]
"""A card button: its label and what a click on it does."""


@dataclass(frozen=True, slots=True)
class Card:
    """What a card says and offers; ``success`` draws it in the solved colours."""

    title: str
    detail: str = ""
    actions: tuple[CardAction, ...] = ()
    success: bool = False

    def text(self) -> str:
        """The title and detail, one per line."""
        return f"{self.title}\n{self.detail}" if self.detail else self.title


def draw_card(
    canvas: tk.Canvas, card: Card, layout: BoardLayout, theme: Theme, title_font: tkfont.Font, text_font: tkfont.Font
) -> None:
    """Draw ``card`` over the middle of the board (delete the ``card`` tag first to replace one)."""
    title, detail, actions, success = card.title, card.detail, card.actions, card.success
    lay = layout
    cell = min(lay.cell, lay.size / 9)  # a 4×4 board's huge cells would make a huge card
    title_font.configure(size=-max(10, round(cell * 0.4)))
    text_font.configure(size=-max(9, round(cell * 0.3)))
    pad = cell * 0.35
    cx, cy = lay.bounds.center
    width = lay.size * 0.8
    inner = width - 2 * pad
    texts = [
        canvas.create_text(
            cx,
            0,
            text=title,
            font=title_font,
            fill=theme.banner_fg,
            width=inner,
            justify="center",
            anchor="n",
            tags=("card", "card-title"),
        )
    ]
    if detail:
        texts.append(
            canvas.create_text(
                cx,
                0,
                text=detail,
                font=text_font,
                fill=theme.banner_fg,
                width=inner,
                justify="center",
                anchor="n",
                tags=("card", "card-detail"),
            )
        )
    heights = [(lambda b: b[3] - b[1])(canvas.bbox(t)) for t in texts]
    button_h = text_font.metrics("linespace") + pad * 0.8
    height = pad + sum(heights) + pad * 0.4 * (len(texts) - 1) + (pad + button_h if actions else 0) + pad
    top = cy - height / 2
    body = canvas.create_rectangle(
        cx - width / 2,
        top,
        cx + width / 2,
        top + height,
        fill=theme.solved_bg if success else theme.banner_bg,
        outline=theme.frame_solved if success else theme.frame,
        width=2,
        tags=("card", "card-body"),
    )
    canvas.tag_lower(body, texts[0])
    y = top + pad
    for item, h in zip(texts, heights):
        canvas.coords(item, cx, y)
        y += h + pad * 0.4
    y += pad * 0.6
    widths = [text_font.measure(label) + 2 * pad for label, _ in actions]
    x = cx - (sum(widths) + pad * (len(widths) - 1)) / 2
    for i, ((label, callback), w) in enumerate(zip(actions, widths)):
        tag = f"card-action-{i}"
        canvas.create_rectangle(
            x,
            y,
            x + w,
            y + button_h,
            fill=theme.board,
            outline=theme.frame,
            width=1,
            activefill=theme.seen_bg,
            tags=("card", "card-button", tag),
        )
        canvas.create_text(
            x + w / 2, y + button_h / 2, text=label, font=text_font, fill=theme.text, tags=("card", "card-button", tag)
        )
        # After the click is over: the board's own click handler must still see the card and stay out.
        canvas.tag_bind(tag, "<Button-1>", partial(_run_when_idle, canvas, callback))
        canvas.tag_bind(tag, "<Enter>", lambda e: canvas.configure(cursor="hand2"))
        canvas.tag_bind(tag, "<Leave>", lambda e: canvas.configure(cursor=""))
        x += w + pad


def _run_when_idle(canvas: tk.Canvas, callback: Callable[[], None], event: tk.Event) -> None:
    canvas.after_idle(callback)


def card_contains(canvas: tk.Canvas, x: float, y: float) -> bool:
    """Is widget point (x, y) on the card drawn on ``canvas``?"""
    box = canvas.bbox("card-body")
    if not box:
        return False
    cx, cy = canvas.canvasx(x), canvas.canvasy(y)
    return box[0] <= cx <= box[2] and box[1] <= cy <= box[3]


def card_button_center(canvas: tk.Canvas, label: str) -> tuple[float, float]:
    """Where the card's button ``label`` is.

    Raises:
        KeyError: no card, or no such button on it.
    """
    for item in canvas.find_withtag("card-button"):
        if str(canvas.type(item)) == "text" and canvas.itemcget(item, "text") == label:
            x, y = canvas.coords(item)
            return (x, y)
    raise KeyError(f"no card button {label!r}")
