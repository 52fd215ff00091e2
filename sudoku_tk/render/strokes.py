"""Pillow drawing helpers the canvas has and ImageDraw lacks: dashed lines, curved arrows, role shapes.

Every length here is in image pixels; ``dash`` patterns are (on, off) pairs as Tk takes them,
already scaled by the caller.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from PIL import ImageDraw

from .layout import Rect
from .palette import RoleStyle, Shape

Point = tuple[float, float]


def width_px(canvas_width: float, stroke: float) -> int:
    """A canvas stroke width (1.5, 2, …) in whole image pixels at the picture's ``stroke`` factor, at least 1."""
    return max(1, round(canvas_width * stroke))


def dash_px(dash: Sequence[int], stroke: float) -> tuple[float, ...]:
    """A Tk dash pattern scaled to the picture (at least one pixel per part)."""
    return tuple(max(1.0, d * stroke) for d in dash)


def polyline(
    draw: ImageDraw.ImageDraw, points: Sequence[Point], fill: str, width: int, dash: Sequence[float] = ()
) -> None:
    """A line through ``points``, dashed when ``dash`` is given (the pattern runs on across corners)."""
    if len(points) < 2:
        return
    if not dash:
        draw.line([tuple(p) for p in points], fill=fill, width=width, joint="curve")
        return
    pattern = list(dash) if len(dash) % 2 == 0 else list(dash) * 2
    index, left, on = 0, pattern[0], True
    for (x0, y0), (x1, y1) in zip(points, points[1:]):
        length = math.hypot(x1 - x0, y1 - y0)
        pos = 0.0
        while pos < length - 1e-9:
            step = min(left, length - pos)
            if on:
                a, b = pos / length, (pos + step) / length
                draw.line(
                    [(x0 + (x1 - x0) * a, y0 + (y1 - y0) * a), (x0 + (x1 - x0) * b, y0 + (y1 - y0) * b)],
                    fill=fill,
                    width=width,
                )
            pos += step
            left -= step
            if left <= 1e-9:
                index = (index + 1) % len(pattern)
                left, on = pattern[index], not on


def outline(draw: ImageDraw.ImageDraw, r: Rect, fill: str, width: int, dash: Sequence[float] = ()) -> None:
    """A rectangle's outline centred on its edges, solid or dashed."""
    if not dash:
        half = width / 2
        draw.rectangle(
            (round(r.x0 - half), round(r.y0 - half), round(r.x1 + half) - 1, round(r.y1 + half) - 1),
            outline=fill,
            width=width,
        )
        return
    corners = [(r.x0, r.y0), (r.x1, r.y0), (r.x1, r.y1), (r.x0, r.y1), (r.x0, r.y0)]
    polyline(draw, corners, fill, width, dash)


def quadratic(p0: Point, p1: Point, p2: Point, n: int = 24) -> list[Point]:
    """Points along the quadratic Bézier curve from ``p0`` to ``p2`` pulled towards ``p1``."""
    out = []
    for i in range(n + 1):
        t = i / n
        u = 1 - t
        out.append(
            (u * u * p0[0] + 2 * u * t * p1[0] + t * t * p2[0], u * u * p0[1] + 2 * u * t * p1[1] + t * t * p2[1])
        )
    return out


def arrow_head(tip: Point, towards: Point, shape: tuple[float, float, float]) -> list[Point]:
    """The polygon of a Tk-style arrowhead at ``tip`` pointing away from ``towards``: (neck, length, half-width)."""
    d1, d2, d3 = shape
    dx, dy = tip[0] - towards[0], tip[1] - towards[1]
    norm = math.hypot(dx, dy) or 1.0
    ux, uy = dx / norm, dy / norm
    px, py = -uy, ux
    back = (tip[0] - ux * d2, tip[1] - uy * d2)
    neck = (tip[0] - ux * d1, tip[1] - uy * d1)
    return [tip, (back[0] + px * d3, back[1] + py * d3), neck, (back[0] - px * d3, back[1] - py * d3)]


def role_shape(draw: ImageDraw.ImageDraw, r: Rect, style: RoleStyle, stroke: float, over: bool) -> None:
    """Draw a role's candidate shape in ``r``: the part under the digit (``over`` False) or over it (True).

    The same shapes as the canvas's ``ui/board_steps.role_shape``.
    """
    shape, fill, line = style.shape, style.fill, style.outline
    w = width_px(style.width, stroke)
    cx, cy = r.center
    box = (r.x0, r.y0, r.x1, r.y1)
    if over:
        if shape is Shape.CROSS:
            x = r.inset(max(1.0, r.width * 0.16))
            draw.line([(x.x0, x.y0), (x.x1, x.y1)], fill=line, width=w)
            draw.line([(x.x0, x.y1), (x.x1, x.y0)], fill=line, width=w)
        elif shape is Shape.THICK_BOX:
            draw.rectangle(box, outline=line, width=w)
        elif shape is Shape.DOUBLE_BOX:
            draw.rectangle(box, outline=line, width=max(1, round(stroke)))
        return
    if shape is Shape.CIRCLE:
        draw.ellipse(r.inset(w / 2).coords(), fill=fill, outline=line, width=w)
    elif shape is Shape.DISC:
        draw.ellipse(box, fill=fill)
    elif shape is Shape.RING:
        draw.ellipse(r.inset(w / 2).coords(), outline=line, width=w)
    elif shape is Shape.CROSS:
        draw.ellipse(box, fill=fill)
    elif shape is Shape.DIAMOND:
        points = [(cx, r.y0), (r.x1, cy), (cx, r.y1), (r.x0, cy)]
        draw.polygon(points, fill=fill)
        polyline(draw, points + points[:1], line, w, dash_px(style.dash, stroke))
    elif shape is Shape.TRIANGLE:
        draw.polygon([(cx, r.y0), (r.x1, r.y1), (r.x0, r.y1)], fill=fill, outline=line)
    elif shape is Shape.SQUARE_RING:
        draw.rectangle(r.inset(w / 2).coords(), outline=line, width=w)
    elif shape is Shape.THICK_BOX:
        draw.rectangle(box, fill=fill)
    elif shape is Shape.DOUBLE_BOX:
        draw.rectangle(r.inset(2.5 * stroke).coords(), fill=fill, outline=line, width=max(1, round(stroke)))
    else:
        draw.rectangle(box, fill=fill)
        outline(draw, r, line, max(1, round(stroke)), dash_px(style.dash, stroke))


_ANCHORS = {"center": (0.5, 0.5), "nw": (0.0, 0.0), "n": (0.5, 0.0), "w": (0.0, 0.5), "se": (1.0, 1.0)}


def place_text(
    draw: ImageDraw.ImageDraw, xy: Point, text: str, font: object, fill: str, anchor: str = "center"
) -> tuple[float, float, float, float]:
    """Draw ``text`` with its ink box anchored at ``xy`` as Tk anchors (center, nw, n, w, se); return the ink box.

    The ink box, not the font's line box, is what is placed: a digit sits in the middle of its
    cell whatever the font's ascent and descent.
    """
    left, top, right, bottom = draw.textbbox((0, 0), text, font=font)  # type: ignore[arg-type]
    ax, ay = _ANCHORS[anchor]
    x = xy[0] - ax * (right - left)
    y = xy[1] - ay * (bottom - top)
    draw.text((x - left, y - top), text, font=font, fill=fill)  # type: ignore[arg-type]
    return (x, y, x + right - left, y + bottom - top)
