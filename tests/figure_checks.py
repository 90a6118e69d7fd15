"""Checks every lesson figure must pass (issue 18): text at 9 pt or more, nothing that overlaps another box
of text, nothing outside the figure."""
from __future__ import annotations


def texts_of(fig):
    """Every visible, non-empty Text artist of ``fig`` (titles, labels, annotations, legend entries)."""
    hidden = set()
    for ax in fig.axes:
        if not ax.axison:  # ax.axis("off"): its tick labels and axis labels are not drawn
            for axis in (ax.xaxis, ax.yaxis):
                hidden.update(map(id, axis.get_ticklabels(which="both")))
                hidden.add(id(axis.label))
                hidden.add(id(axis.get_offset_text()))
    return [t for t in fig.findobj(lambda a: hasattr(a, "get_text") and hasattr(a, "get_fontsize"))
            if t.get_visible() and t.get_text().strip() and id(t) not in hidden]


def small_texts(fig, minimum: float = 9.0) -> list[str]:
    """The texts drawn smaller than ``minimum`` points (tick labels included)."""
    return [f"{t.get_text()!r} at {t.get_fontsize()} pt" for t in texts_of(fig) if t.get_fontsize() < minimum]


def overlapping(texts, renderer) -> list[tuple[str, str]]:
    """Pairs of the given texts whose drawn boxes (bbox patch included) overlap."""
    boxes = []
    for t in texts:
        patch = t.get_bbox_patch()
        box = patch.get_window_extent(renderer) if patch is not None else t.get_window_extent(renderer)
        boxes.append((t.get_text(), box))
    return [(a, b) for i, (a, x) in enumerate(boxes) for b, y in boxes[i + 1:] if x.overlaps(y)]


def clipped(fig, renderer) -> list[str]:
    """Texts that reach outside the figure."""
    width, height = fig.bbox.width, fig.bbox.height
    out = []
    for t in texts_of(fig):
        box = t.get_window_extent(renderer)
        if box.x0 < -1 or box.y0 < -1 or box.x1 > width + 1 or box.y1 > height + 1:
            out.append(t.get_text())
    return out
