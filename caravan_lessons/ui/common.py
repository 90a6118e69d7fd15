"""Widgets every game's lessons share: the score stepper and the rule panel.

* :class:`ScoreStepper` walks through a :class:`~caravan_lessons.core.ScoreSheet` row by row
  (Next / Back), naming each row's rule, with a cumulative bar chart per player.
* :class:`RulePanel` looks up a rule by ID or by a word and shows our wording and its
  rulebook section.

Pictures are drawn with matplotlib's Figure (no pyplot) and shown as PNG images, so the
widgets behave the same in JupyterLab, Voila and tests.
"""
from __future__ import annotations

import html
from collections.abc import Mapping

import ipywidgets as W

from ..core import ScoreSheet


class ScoreStepper(W.VBox):
    """Step through a score sheet: one row at a time, with a growing bar chart.

    Args:
        sheet: the score sheet (rows in reading order).
        names: a name per seat for the chart and the text (default "player 0", "player 1").
        rules: rule ID -> rule (with ``text``), to quote the clause of each row.

    Attributes:
        step: rows shown so far (0 .. len(sheet.rows)).
    """

    def __init__(self, sheet: ScoreSheet, names=None, rules: Mapping | None = None):
        self.sheet = sheet
        self.names = list(names or [f"player {p}" for p in range(sheet.players)])
        self.rules = rules or {}
        self.step = 0
        self.back_button = W.Button(description="Back", icon="arrow-left").add_class("score-back")
        self.next_button = W.Button(description="Next", icon="arrow-right", button_style="primary").add_class(
            "score-next")
        self.all_button = W.Button(description="Show all").add_class("score-all")
        self.back_button.on_click(lambda _b: self.go(self.step - 1))
        self.next_button.on_click(lambda _b: self.go(self.step + 1))
        self.all_button.on_click(lambda _b: self.go(len(self.sheet.rows)))
        self.text = W.HTML().add_class("score-text")
        self.chart = W.Image(format="png", layout=W.Layout(width="480px")).add_class("score-chart")
        super().__init__([W.HBox([self.back_button, self.next_button, self.all_button]), self.text, self.chart])
        self.add_class("score-stepper")
        self.go(0)

    def go(self, step: int) -> None:
        """Show the first ``step`` rows (clamped to 0 .. number of rows)."""
        from ..viz import to_png
        from ..viz.jaipur import draw_score_steps

        step = max(0, min(step, len(self.sheet.rows)))
        self.step = step
        self.back_button.disabled = step == 0
        self.next_button.disabled = self.all_button.disabled = step == len(self.sheet.rows)
        totals = self.sheet.cumulative()[step]
        parts = [f"<b>Step {step} of {len(self.sheet.rows)}</b>: "
                 + ", ".join(f"{html.escape(self.names[p])} {totals[p]} {self.sheet.unit}" for p in range(len(totals)))]
        if step:
            row = self.sheet.rows[step - 1]
            parts.append(f"<div>{html.escape(self.names[row.player])}: {html.escape(row.item)} "
                         f"<b>+{row.points}</b> ({row.rule})</div>")
            rule = self.rules.get(row.rule)
            if rule is not None:
                parts.append(f"<div style='color:#555;font-size:90%'>{html.escape(str(rule))}</div>")
        else:
            parts.append("<div>Press Next to add up the first item.</div>")
        if step == len(self.sheet.rows) and self.sheet.verdict:
            parts.append(f"<div><b>{html.escape(self.sheet.verdict)}</b></div>")
        self.text.value = "".join(parts)
        self.chart.value = to_png(draw_score_steps(self.sheet, step, names=self.names))


class RulePanel(W.VBox):
    """Look up a rule clause by ID (``JAI-SELL-4``) or by a word (``camel``).

    Args:
        rules: rule ID -> rule objects with ``id``, ``text`` and ``section`` (e.g. ``jaipur.RULES``).
        query: what to look up first.
    """

    def __init__(self, rules: Mapping, query: str = ""):
        self.rules = rules
        self.box = W.Text(value=query, placeholder="a rule ID or a word, e.g. JAI-TAKE-7 or camel",
                          description="Look up", continuous_update=True).add_class("rule-query")
        self.results = W.HTML().add_class("rule-results")
        self.box.observe(lambda _change: self.show(), names="value")
        super().__init__([self.box, self.results])
        self.add_class("rule-panel")
        self.show()

    def find(self, query: str) -> list:
        """The rules whose ID starts with ``query`` or whose text contains every word of it."""
        query = query.strip()
        if not query:
            return []
        upper = query.upper()
        by_id = [r for key, r in self.rules.items() if key.startswith(upper)]
        if by_id:
            return by_id
        words = query.lower().split()
        return [r for r in self.rules.values() if all(w in (r.text + " " + r.section).lower() for w in words)]

    def show(self) -> None:
        found = self.find(self.box.value)
        if not self.box.value.strip():
            self.results.value = f"<i>{len(self.rules)} rules. Type an ID or a word.</i>"
        elif not found:
            self.results.value = f"<i>No rule matches {html.escape(self.box.value)!s}.</i>"
        else:
            self.results.value = "".join(
                f"<p><b>{html.escape(r.id)}</b> <span style='color:#777'>(rulebook: {html.escape(r.section)})"
                f"</span><br>{html.escape(r.text)}</p>" for r in found[:20])
