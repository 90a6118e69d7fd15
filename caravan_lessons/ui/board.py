"""The board of a map game's play app: one matplotlib figure, shown as a picture or as a clickable canvas.

:class:`LiveBoard` is what Samarkand, Caravan and Marco Polo share. The figure is the lesson's own picture
(``viz.<game>``'s drawing functions on ``boards.draw_board``), drawn once as the static part of a
:class:`~caravan_lessons.boards.Blitter`; after a click only the moving artists (camels, rings, a path, the
title, the orange marks of a highlighted move) are drawn again over it:

* ``canvas="png"``: an ipywidgets ``Image`` gets the PNG of the blitted figure (works everywhere, also in a
  static notebook viewer);
* ``canvas="ipympl"``: a live ipympl canvas (clicks reach :class:`~caravan_lessons.boards.BoardPicker`); a
  redraw sends only the changed pixels at once. Nothing of ``%matplotlib widget`` shows: no "Figure 1" header,
  no toolbar, no coordinate readout, no resize handle.

Measured in Chromium (``python -m caravan_lessons bench --browser``): a whole-figure redraw of the ipympl
canvas per click cost 0.5-1 s at load 7-9 (the kernel waits for the browser to ask for the frame, then draws
the whole figure); the blitted frame costs a few ms to draw and a few kB to send.
"""
from __future__ import annotations

import ipywidgets as W

from ..boards import Blitter
from ..core import _short

__all__ = ["CANVAS_KINDS", "LiveBoard", "ipympl_canvas"]

CANVAS_KINDS = ("png", "ipympl")
"""How a board is shown: a PNG picture, or a clickable ipympl canvas."""

MARK_COLOUR = "#ff9800"
"""The orange of a highlighted move (guided turns, hints): the same as Jaipur's outlined cards."""


def ipympl_canvas(figure, num: int):
    """A live ipympl canvas widget showing ``figure``: clickable, with no header, toolbar, footer (the
    coordinate readout) or resize handle, so the board looks like the picture it replaces.

    Importing ipympl switches pyplot's backend to ipympl (``ipympl/__init__`` calls ``matplotlib.use``), which
    would close every open pyplot figure and change how the learner's own plots show. The app only needs the
    canvas of its own figure, so the switch is skipped: the learner's backend and figures stay as they were.
    """
    import matplotlib

    real_use = matplotlib.use
    matplotlib.use = lambda *_args, **_kwargs: None
    try:
        from ipympl.backend_nbagg import new_figure_manager_given_figure
    finally:
        matplotlib.use = real_use
    canvas = new_figure_manager_given_figure(num, figure).canvas
    canvas.get_diff_image = _fast_diff_image.__get__(canvas)
    canvas.header_visible = False
    canvas.toolbar_visible = False
    canvas.footer_visible = False       # the "(x, y) = ..." readout
    canvas.resizable = False            # the resize handle
    # the browser's canvas model turns resizable on as soon as its comm is live (ipympl 0.10, update_disabled);
    # the kernel's answer to the view's "initialized" message turns it off again
    canvas.on_msg(lambda _w, content, _b: canvas.send_state("resizable")
                  if content.get("type") == "initialized" else None)
    canvas.layout.width = f"{int(figure.bbox.width)}px"     # the view would take the whole row otherwise
    canvas.layout.flex = "0 0 auto"
    toolbar = getattr(canvas, "toolbar", None)
    if toolbar is not None and getattr(toolbar, "_id_drag", None) is not None:
        canvas.mpl_disconnect(toolbar._id_drag)   # no readout to write on every mouse move
        toolbar._id_drag = None
    return canvas


def _fast_diff_image(canvas):
    """matplotlib's ``FigureCanvasWebAggCore.get_diff_image`` (the frame an ipympl canvas sends: the pixels that
    changed since the last frame, the others transparent), with zlib's fastest level: a blitted frame of a map
    is mostly transparent, and level 6 spent 2/3 of a click's kernel time compressing it (11 ms against 7 ms
    for a 816 x 400 frame at load 13, 1.5 kB against 6 kB)."""
    import io

    import numpy as np
    from PIL import Image

    if not canvas._png_is_old:
        return None
    pixels = np.asarray(canvas.get_renderer().buffer_rgba())
    buff = pixels.view(np.uint32).squeeze(2)
    if canvas._force_full or buff.shape != canvas._last_buff.shape or (pixels[:, :, 3] != 255).any():
        canvas.set_image_mode("full")
        output = buff
    else:
        canvas.set_image_mode("diff")
        output = np.where(buff != canvas._last_buff, buff, 0)
    canvas._last_buff = buff.copy()
    canvas._force_full = False
    canvas._png_is_old = False
    with io.BytesIO() as png:
        Image.fromarray(output.view(dtype=np.uint8).reshape((*output.shape, 4))).save(png, format="png",
                                                                                      compress_level=1)
        return png.getvalue()


class LiveBoard:
    """A play app's board: ``figure`` shown as a PNG ``Image`` or a clickable ipympl canvas, redrawn by blitting.

    Args:
        figure: the whole picture (a ``matplotlib.figure.Figure``; its static part is drawn once).
        ax: the board's Axes (data units are board units: the marks and :meth:`point_of` use them).
        canvas: ``"png"`` or ``"ipympl"``.
        css_class: the CSS class of the widget (browser tests find the board by it).
        num: a number for the ipympl figure manager (any int unique to the app).
        width: the Image's CSS width (``"100%"`` by default, never wider than the figure).
        mark_marker: the marks' shape (``"o"`` rings on a map, ``"s"`` frames on a grid).
        mark_size: the marks' size in points^2.

    Attributes:
        widget: the ``Image`` or the ipympl canvas (put it in the app's layout).
        blitter: the :class:`~caravan_lessons.boards.Blitter` (``full_draws``, ``blits``).
        marks: the orange marks of a highlighted move (:meth:`mark`).
    """

    def __init__(self, figure, ax, *, canvas: str = "png", css_class: str = "board", num: int = 0,
                 width: str | None = None, mark_marker: str = "o", mark_size: float = 900):
        if canvas not in CANVAS_KINDS:
            raise ValueError(f"canvas must be 'png' or 'ipympl', not {_short(canvas)}")
        self.figure, self.ax, self.kind = figure, ax, canvas
        self.mark_size = mark_size
        self.marks = ax.scatter([], [], s=mark_size, marker=mark_marker, facecolors="none", edgecolors=MARK_COLOUR,
                                linewidths=4, zorder=9)
        if canvas == "ipympl":
            self.widget = ipympl_canvas(figure, num)
        else:
            pixels = int(figure.bbox.width)
            self.widget = W.Image(format="png", layout=W.Layout(width=width or "100%", max_width=f"{pixels}px",
                                                                 height="auto"))
        self.blitter = Blitter(figure)      # on the figure's canvas: the ipympl one, or an Agg canvas it makes
        self.widget.add_class(css_class)
        self._artists: list = []

    @property
    def live(self) -> bool:
        """True for a clickable ipympl canvas."""
        return self.kind == "ipympl"

    def show(self, artists=None, static_key=None) -> None:
        """Show the figure now: ``artists`` (if given) become the moving artists; the marks are always among them.
        ``static_key`` (if given) names the variant of the static part shown
        (:meth:`~caravan_lessons.boards.Blitter.use_background`: a variant seen before is not drawn whole again)."""
        if artists is not None:
            self._artists = list(artists)
        self.blitter.set_artists([*self._artists, self.marks])
        if static_key is not None:
            self.blitter.use_background(static_key)
        if self.live:
            # before the browser's view said "initialized" there is nobody to send a frame to (and a frame sent
            # then becomes the model's first picture, which ipympl 0.10 stores without its data: prefix: a
            # broken image that stops the view); the view asks for its first frame itself
            self.blitter.show_live(send=not getattr(self.widget, "syncing_data_url", False))
        else:
            self.widget.value = self.blitter.png()

    def mark(self, points, sizes=None) -> None:
        """Mark board points ``[(x, y), ...]`` with orange rings (or frames); ``[]`` clears. Call :meth:`show` after."""
        import numpy as np

        points = list(points)
        self.marks.set_offsets(np.array(points, dtype=float).reshape(-1, 2))
        self.marks.set_sizes([self.mark_size] * len(points) if sizes is None else list(sizes))

    def marked(self) -> list[tuple[float, float]]:
        """The points marked now."""
        return [tuple(map(float, p)) for p in self.marks.get_offsets()]

    def invalidate(self) -> None:
        """The static part of the figure changed: the next :meth:`show` draws it whole."""
        self.blitter.invalidate()

    def rebind(self, ax) -> None:
        """The board's Axes was made again (a figure rebuilt by its view): move the marks onto ``ax``."""
        if ax is self.ax:
            return
        points, marker_path = self.marked(), self.marks.get_paths()
        sizes = list(self.marks.get_sizes())
        self.ax = ax
        self.marks = ax.scatter([], [], s=self.mark_size, facecolors="none", edgecolors=MARK_COLOUR, linewidths=4,
                                zorder=9)
        self.marks.set_paths(marker_path)
        self.mark(points, sizes if len(sizes) == len(points) else None)
        self.blitter.invalidate()

    def point_of(self, xy) -> tuple[float, float]:
        """Where board point ``xy`` lies on the widget, as fractions of its width and height from the top left
        (a browser test clicks there)."""
        if self.blitter.full_draws == 0:
            self.blitter.frame()             # the layout (constrained layout, a fitted map) is known after a draw
        x, y = self.ax.transData.transform(xy)
        return x / self.figure.bbox.width, 1 - y / self.figure.bbox.height

    def close(self) -> None:
        """Stop the blitter listening to the canvas (the app closes the widget with its others)."""
        self.blitter.disconnect()
