"""The coach in a play app: a **Hint** button for the learner's turn and a **Review** at every round or game end.

:class:`CoachPanel` is made by :class:`~caravan_lessons.ui.shell.PlayShell` for every app; an app places
``coach.hint_button`` beside its undo button and ``coach.hint_view`` under its board (the shell puts the
Review button and the review itself into the pause panel, beside **Next round**).

* **Hint** (``<prefix>-hint``): the coach searches from what the learner's seat may see
  (:func:`caravan_lessons.coach.hint`, :data:`HINT_BUDGET_S` seconds), the suggested move is
  highlighted on the table through the app's :meth:`~caravan_lessons.ui.shell.PlayShell.highlight`, and the
  reason, the win chances with their intervals and the next-best moves go under the board
  (``<prefix>-hint-text``). Nothing is played: the learner still decides. The hint is cleared once a move
  is played.
* **Review** (``<prefix>-review``): at a pause or at the end, the coach judges every decision of the
  learner's seat in the round (Jaipur, Marco Polo) or the game just finished
  (:func:`caravan_lessons.coach.review`, in a background thread using 2 processes, so the page stays live;
  a progress bar and **Stop** show meanwhile). Then the evaluation graph and the three costliest moves,
  each drawn as the position with the move played and the coach's better move
  (:mod:`caravan_lessons.viz.coach`), with a **Try the better move** button: it takes the game back to
  that position (practice mode) and highlights the better move.
"""
from __future__ import annotations

import html
import os
import threading

import ipywidgets as W

from ..i18n import N_, ngettext, tr
from ..viz.coach import tag_word

__all__ = ["CoachPanel", "HINT_BUDGET_S", "REVIEW_BUDGET_S"]

HINT_BUDGET_S = 0.8
"""Seconds the Hint button searches (the figure to meet: click to highlight in 1.5 s in Chromium)."""
REVIEW_BUDGET_S = 1.0
"""Seconds of search per decision in a review (a Jaipur round: ~25 decisions, ~15 s on 2 processes)."""


class CoachPanel:
    """The Hint and Review widgets of one app (see the module notes).

    Args:
        app: the :class:`~caravan_lessons.ui.shell.PlayShell` it advises.
        hint_budget: seconds per hint; review_budget: seconds per reviewed decision.
        workers: processes a review uses (default: 2, or 1 on a one-core machine).

    Attributes:
        hint_button, hint_view: the Hint button and the HTML under the board.
        review_button, review_box: the Review button and the review's display (inside the pause panel).
        last_hint: the last :class:`~caravan_lessons.coach.Hint` shown (None if cleared).
        last_review: the DataFrame of the last finished review, its record in ``last_record``.
        review_simulations: None (the default: ``review_budget`` seconds per decision), or a fixed number of
            simulations per decision (the same review on any machine).
    """

    def __init__(self, app, hint_budget: float = HINT_BUDGET_S, review_budget: float = REVIEW_BUDGET_S,
                 workers: int | None = None):
        prefix = app.css_prefix
        self.app = app
        self.hint_budget = hint_budget
        self.review_budget = review_budget
        self.workers = workers or min(2, os.cpu_count() or 1)
        self.review_simulations = None     # a fixed number of simulations per decision instead (reproducible)
        self.hint_button = W.Button(icon="lightbulb-o", layout=W.Layout(width="auto", min_width="90px")).add_class(f"{prefix}-hint")
        self.hint_button.on_click(lambda _b: self.hint())
        self.hint_view = W.HTML().add_class(f"{prefix}-hint-text")
        self.review_button = W.Button(icon="search", button_style="info",
                                      layout=W.Layout(width="auto", min_width="110px", display="none")).add_class(f"{prefix}-review")
        self.review_button.on_click(lambda _b: self.review())
        self.progress = W.IntProgress(value=0, min=0, max=1,
                                      layout=W.Layout(width="360px"), style={"description_width": "80px"})
        self.stop_button = W.Button(icon="stop", layout=W.Layout(width="auto", min_width="80px")).add_class(
            f"{prefix}-review-stop")
        self.stop_button.on_click(lambda _b: self.stop())
        self.progress_row = W.HBox([self.progress, self.stop_button], layout=W.Layout(display="none"))
        self.review_status = W.HTML().add_class(f"{prefix}-review-status")
        self.graph = W.Image(format="png", layout=W.Layout(max_width="760px", display="none")).add_class(
            f"{prefix}-review-graph")
        self.costly_images = [W.Image(format="png", layout=W.Layout(max_width="760px")) for _ in range(3)]
        self.costly_text = [W.HTML() for _ in range(3)]
        self.try_buttons = [W.Button(icon="undo", layout=W.Layout(width="auto", min_width="200px"))
                            .add_class(f"{prefix}-review-try") for _ in range(3)]
        for k, button in enumerate(self.try_buttons):
            button.on_click(lambda _b, k=k: self.try_better(k))
        self.costly_boxes = [W.VBox([self.costly_text[k], self.costly_images[k], self.try_buttons[k]],
                                    layout=W.Layout(display="none", margin="6px 0"))
                             for k in range(3)]
        self.review_box = W.VBox([self.progress_row, self.review_status, self.graph, *self.costly_boxes]).add_class(
            f"{prefix}-review-box")
        self.last_hint = None
        self._hint_at = None
        self.last_review = None
        self.last_record = None
        self._costly_rows: list = []
        self._better: list = []            # the better move's action of each costly row
        self._pictures: threading.Thread | None = None
        self._pictures_token = 0
        self._thread: threading.Thread | None = None
        self._stop = threading.Event()
        self._reviewed_at = None
        self._review_seat = None
        self._start = 0
        self.relabel()

    def relabel(self) -> None:
        """The words of the current language on the buttons; a hint or a review shown is worded again
        (called by the shell's ``relabel`` when the language changes)."""
        self.hint_button.description = tr("Hint")
        self.hint_button.tooltip = tr("the coach suggests a move (you still decide)")
        self.review_button.description = tr("Review")
        self.review_button.tooltip = tr("the coach judges every decision of yours in this round or game")
        self.progress.description = tr("Reviewing")
        self.stop_button.description = tr("Stop")
        for button in self.try_buttons:
            button.description = tr("Try the better move")
        if self.last_hint is not None and self._hint_at is not None:
            from ..coach.hints import reword

            # the same estimates, the moves and the reason in the new language (the hint's own seed)
            state = self.app.state
            self.last_hint = reword(self.last_hint, state.observation(self.last_hint.seat), seed=self._hint_at)
            self.hint_view.value = _hint_html(self.last_hint)
        running = self._thread is not None and self._thread.is_alive()
        if (not running and self._reviewed_at is not None and self.last_review is not None
                and self._review_seat is not None):
            self._show_review(self.last_review, self.last_record, self._review_seat)

    # -- the hint --

    def _hint_seat(self):
        """The human seat a hint is for now, or a reason why there is none."""
        app, state = self.app, self.app.state
        if not app.live:
            return None, tr("You are replaying: move the slider to the end to ask for a hint.")
        if state.is_terminal():
            return None, tr("The game is over: press Review to see where the game was won and lost.")
        if app.paused:
            return None, app.pause_reason(state) + " " + tr("Press Review to see your costliest moves.")
        seat = state.current_player
        if app.seats[seat] != "human":
            return None, tr("It is a bot's turn.")
        return seat, ""

    def hint(self) -> bool:
        """The Hint button: search, highlight the coach's move, explain it under the board. True if shown."""
        from ..coach import hint

        seat, why = self._hint_seat()
        if seat is None:
            self.hint_view.value = f"<i>{_text(why)}</i>"
            return False
        self.hint_view.value = "<i>" + _text(tr("The coach is thinking...")) + "</i>"
        try:
            advice = hint(self.app.state, seat, budget_s=self.hint_budget, seed=len(self.app.snapshots))
        except ValueError as error:
            self.hint_view.value = "<i>" + _text(tr("No hint: {error}").format(error=error)) + "</i>"
            return False
        self.last_hint = advice
        self._hint_at = len(self.app.snapshots)
        self.hint_view.value = _hint_html(advice)
        self.app.highlight(advice.action, note=tr("<b>Hint:</b> {move} (highlighted; you decide)").format(
            move=_text(advice.best.move)))
        return True

    def refresh(self) -> None:
        """Called by the shell after every redraw: clear a hint once a move was played, and show the Review
        button at pauses and at the end."""
        app = self.app
        if self._hint_at is not None and self._hint_at != len(app.snapshots):
            self._hint_at = None
            self.last_hint = None
            self.hint_view.value = ""
            app.set_highlight(None)
        state = app.state
        at_end = app.live and (state.is_terminal() or app.paused)
        humans = [s for s, who in enumerate(app.seats) if who == "human"]
        self.review_button.layout.display = None if at_end and humans else "none"
        self.hint_button.disabled = not (app.live and not at_end and not state.is_terminal()
                                         and app.seats[state.current_player] == "human")
        if not at_end and self._reviewed_at is not None and self._reviewed_at != len(app.snapshots):
            self._hide_review()

    # -- the review --

    def review_seat(self) -> int | None:
        """The seat a review is of: the first human seat (None if every seat is a bot)."""
        humans = [s for s, who in enumerate(self.app.seats) if who == "human"]
        return humans[0] if humans else None

    def review(self, background: bool = True) -> bool:
        """The Review button: judge the reviewed seat's decisions since :meth:`PlayShell.review_start`.

        With ``background`` (the button) the review runs in a thread and the page stays live; the
        result shows when it is done. False if nothing can be reviewed now."""
        from ..coach import decisions

        if self._thread is not None and self._thread.is_alive():
            self.review_status.value = "<i>" + _text(tr("A review is already running.")) + "</i>"
            return False
        seat = self.review_seat()
        if seat is None:
            self.review_status.value = ("<i>" + _text(tr("Every seat is a bot: make a seat human to be "
                                                               "reviewed.")) + "</i>")
            return False
        self._start = self.app.review_start()
        record = self.app.record().since(self._start)
        todo = len(decisions(record, seat))
        if not todo:
            self.review_status.value = ("<i>" + _text(tr("Nothing to review: no decision of yours since the "
                                                               "round began.")) + "</i>")
            return False
        self._stop.clear()
        self.progress.max, self.progress.value = todo, 0
        self.progress_row.layout.display = None
        self.review_status.value = "<i>" + _text(ngettext(
            "The coach judges your {n} decision ({budget} s each, {workers} processes); you can keep reading "
            "meanwhile.", "The coach judges your {n} decisions ({budget} s each, {workers} processes); you can keep "
            "reading meanwhile.", todo).format(n=todo, budget=f"{self.review_budget:g}", workers=self.workers)) + "</i>"
        self.review_button.disabled = True
        self._reviewed_at = len(self.app.snapshots)
        if background:
            self._thread = threading.Thread(target=self._run, args=(record, seat), daemon=True)
            self._thread.start()
        else:
            self._run(record, seat, workers=1)
        return True

    def wait(self, timeout: float | None = None) -> None:
        """Wait for a background review to finish, and the pictures of its costly moves (for tests and scripts)."""
        if self._thread is not None:
            self._thread.join(timeout)
        if self._pictures is not None:
            self._pictures.join(timeout)

    def stop(self) -> None:
        """The Stop button: end a running review; the decisions judged so far are shown."""
        self._stop.set()

    def _run(self, record, seat: int, workers: int | None = None) -> None:
        from ..coach import review

        def moved(done: int, total: int) -> None:
            # the total grows once the screening is done: the duels of the decisions that may be costly
            if total > self.progress.max:
                self.progress.max = total
            self.progress.value = done

        try:
            frame = review(record, seat, budget_s=self.review_budget, simulations=self.review_simulations,
                           workers=workers or self.workers,
                           progress=False, cancel=self._stop, on_row=moved, game=self.app.coach_game)
        except Exception as error:  # noqa: BLE001 - shown to the learner, the app stays usable
            failed = _text(tr("The review failed: {error}").format(error=error))
            self.review_status.value = f"<span style='color:#b71c1c'>{failed}</span>"
            self.progress_row.layout.display = "none"
            self.review_button.disabled = False
            return
        self.last_review, self.last_record = frame, record
        self._show_review(frame, record, seat, background=workers is None)
        self.review_button.disabled = False

    def _show_review(self, frame, record, seat: int, background: bool = True) -> None:
        """The review's summary, graph and costly moves (their words and **Try the better move** at once);
        the costly moves' pictures are drawn after, in a thread of their own (with ``background``) that
        stops as soon as the review is put away (:meth:`_hide_review`), so going back never waits for them."""
        from ..coach import verdict
        from ..moves import move_words
        from ..viz import to_png
        from ..viz import coach as coach_viz

        self._pictures_token += 1          # pictures of an earlier showing are not drawn or shown any more
        self.progress_row.layout.display = "none"
        self._review_seat = seat
        if frame.attrs["cancelled"]:
            done = ngettext("{n} of {total} decision judged (stopped)", "{n} of {total} decisions judged (stopped)",
                            frame.attrs["decisions"]).format(n=len(frame), total=frame.attrs["decisions"])
        else:
            done = ngettext("{n} decision judged", "{n} decisions judged", len(frame)).format(n=len(frame))
        title = tr("Review of {seat}").format(seat=self.app.seat_name(seat))
        self.review_status.value = (f"<b>{_text(title)}</b>: " + _text(tr(
            "{done}; {tags}. A move is tagged only when the simulations show the loss (5, 10, 20 percentage points "
            "of win chance: inaccuracy, mistake, blunder).").format(
            done=done, tags=verdict(frame))))
        ax = coach_viz.evaluation_graph(frame)
        self.graph.value = to_png(ax.figure, dpi=72)
        self.graph.layout.display = None
        worst = coach_viz.costliest(frame, 3)
        best_actions = frame.attrs.get("best_actions")
        self._costly_rows, self._better = [], []
        for label, row in worst.iterrows():
            self._costly_rows.append(row)
            found = best_actions[label] if best_actions and 0 <= label < len(best_actions) else None
            self._better.append(found if found is not None else coach_viz.better_action(record, row))
        for k, box in enumerate(self.costly_boxes):
            self.costly_images[k].layout.display = "none"
            if k >= len(self._costly_rows):
                box.layout.display = "none"
                continue
            row, better = self._costly_rows[k], self._better[k]
            state = record.state(int(row.move_number) - 1)
            played = move_words(record.game, state, record.actions[int(row.move_number) - 1])
            best = row.best if better is None else move_words(record.game, state, better)
            self.costly_text[k].value = tr("<b>{k}. Move {n}</b> ({tag}): you played <i>{played}</i>; better: "
                                           "<b>{best}</b>").format(k=k + 1, n=int(row.move_number),
                                                                    tag=_text(tag_word(row.tag)),
                                                                    played=_text(played), best=_text(best))
            box.layout.display = None
        token = self._pictures_token
        if background:
            # not a daemon: a script that ends while a picture is drawn waits for it (matplotlib's C++ code
            # must not be stopped half way by the interpreter's exit)
            self._pictures = threading.Thread(target=self._draw_pictures, args=(token, record, seat), daemon=False)
            self._pictures.start()
        else:
            self._draw_pictures(token, record, seat)

    def _draw_pictures(self, token: int, record, seat: int) -> None:
        """Draw the costly moves' positions one by one; stop once the review was put away or shown anew."""
        from ..viz import to_png
        from ..viz import coach as coach_viz

        for k, (row, better) in enumerate(zip(list(self._costly_rows), list(self._better))):
            if token != self._pictures_token or self.costly_images[k].comm is None:  # put away, or the app closed
                return
            fig = coach_viz.draw_costly_move(record, row, seat, better=better)
            png = to_png(fig, dpi=72)
            if token != self._pictures_token or self.costly_images[k].comm is None:
                return
            self.costly_images[k].value = png
            self.costly_images[k].layout.display = None

    def _hide_review(self) -> None:
        self._pictures_token += 1          # a picture being drawn is dropped, the rest are not drawn
        self._reviewed_at = None
        self.review_status.value = ""
        self.graph.layout.display = "none"
        for box in self.costly_boxes:
            box.layout.display = "none"

    def try_better(self, k: int) -> bool:
        """**Try the better move** of costly move ``k``: go back to that position (practice mode) and
        highlight the coach's move there. True if done. Pictures still being drawn are dropped first."""
        if k >= len(self._costly_rows) or self.last_record is None:
            return False
        row, better = self._costly_rows[k], self._better[k]
        index = self._start + int(row.move_number) - 1
        if not 0 <= index < len(self.app.snapshots):
            return False
        self._hide_review()
        if not self.app.rewind(index):
            return False
        from ..moves import move_words

        state = self.app.state
        if better not in state.legal_actions():
            better = None
        best = row.best if better is None else move_words(self.app.coach_game, state, better)
        self.hint_view.value = tr("<b>Back before move {n}.</b> The coach's move here: <b>{best}</b> (estimated win "
                                  "chance {win_best}, yours was {win_played}). Play it, or anything else.").format(
            n=int(row.move_number), best=_text(best), win_best=f"{row.win_best:.0%}",
            win_played=f"{row.win_played:.0%}")
        self._hint_at = len(self.app.snapshots)
        if better is not None:
            self.app.highlight(better, note=tr("<b>The better move:</b> {move}").format(move=_text(best)))
        return True


def _hint_html(advice) -> str:
    """The hint under the board: the move, the reason, and the moves compared (win chance, interval)."""
    rows = "".join(
        f"<tr><td>{'<b>' if i == 0 else ''}{_text(e.move)}{'</b>' if i == 0 else ''}</td>"
        f"<td style='text-align:right;padding:0 8px'>{e.win:.0%}</td><td>{e.low:.0%}&ndash;{e.high:.0%}</td>"
        f"<td style='text-align:right;padding:0 8px'>{e.simulations}</td></tr>" for i, e in enumerate(advice.moves))
    move, chance, sims = (_text(tr(word)) for word in ("move", "win chance", "simulations"))
    interval = _text(tr("{share} interval").format(share="95%"))
    return (f"<div style='border-left:4px solid #f0a020;padding:2px 8px;margin:4px 0'>"
            f"<b>{_text(tr(COACH_HINT))}</b> {_text(advice.best.move)}<br>"
            f"<span style='font-size:92%'>{_text(advice.reason)}</span>"
            f"<table style='font-size:90%;margin-top:4px'><tr><th style='text-align:left'>{move}</th>"
            f"<th>{chance}</th><th>{interval}</th><th>{sims}</th></tr>{rows}</table></div>")


COACH_HINT = N_("Coach's hint:")


def _text(words: str) -> str:
    """``words`` safe inside an HTML element (``<``, ``>``, ``&`` escaped; an apostrophe stays one)."""
    return html.escape(words, quote=False)
