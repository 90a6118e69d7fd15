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

from ..i18n import N_, Translated, on_language_change, tr


def alternate_rows(rows) -> tuple:
    """Score rows reordered so the players alternate within each category.

    Categories (a row's ``source``, e.g. ``"goods:cloth"``, ``"bonus:3"``, ``"camel token"``) keep
    the order in which their kind (the part before ``:``) and then they themselves first appear;
    within a category the players take turns (player 0's first item, player 1's first item,
    player 0's second ...). So a sheet listing all of player 0's items before player 1's reads as
    a race: goods of each type for both, then bonus tokens, then the camel token.
    """
    from ..viz import category_of

    kind_rank: dict[str, int] = {}
    category_rank: dict[str, int] = {}
    seen: dict[tuple, int] = {}
    keyed = []
    for index, row in enumerate(rows):
        category = category_of(row)
        kind_rank.setdefault(category.split(":")[0], len(kind_rank))
        category_rank.setdefault(category, len(category_rank))
        nth = seen.get((category, row.player), 0)
        seen[(category, row.player)] = nth + 1
        keyed.append(((kind_rank[category.split(":")[0]], category_rank[category], nth, row.player, index), row))
    return tuple(row for _, row in sorted(keyed, key=lambda pair: pair[0]))


UNITS = Translated({"rupees": N_("rupees"), "points": N_("points"), "victory points": N_("victory points"),
                    "dirhams": N_("dirhams"), "coins": N_("coins")})
"""The units of score sheets (``ScoreSheet.unit``) as column headings, in the current language."""


def unit_name(unit: str) -> str:
    """A score sheet's unit as a heading in the current language (``"rupees"``: ``"rúpias"``, ``"rupiat"``)."""
    return UNITS.get(unit, unit)


def amount(n: int, unit: str) -> str:
    """``n`` in ``unit`` with the number right, in the current language: ``amount(1, "rupees")`` -> ``"1 rupee"``
    (``"1 rúpia"``, ``"1 rupia"``); the unit is the English plural of a catalogue noun."""
    from ..core import plural

    return plural(n, unit[:-1], unit) if unit.endswith("s") else f"{n} {unit}"


CATEGORIES = Translated({
    "bonus": N_("bonus tokens"), "card": N_("goods cards"), "play": N_("during play"), "camel token": N_("camel token"),
    "demand": N_("demand markers"), "penalty": N_("penalty"), "dirhams": N_("dirhams"), "goods tiles": N_("goods tiles"),
    "relation tiles": N_("relation tiles"), "coins": N_("coins"), "beijing": N_("Beijing"), "contracts": N_("contracts"),
    "objectives": N_("objectives")})
"""The kinds of score rows (the part of ``ScoreRow.source`` before ``:``), as a chart's legend names them."""


def category_label(category: str) -> str:
    """The legend word of a score category in the current language: a good's name for ``"goods:<good>"``
    (``"goods:cloth"``: ``"tecido"``), else the kind's word (``"bonus:3"``: ``"bonus tokens"``)."""
    from ..i18n import noun, pgettext

    if category.startswith("goods:"):
        good = category.split(":", 1)[1]
        word = pgettext("good", good)
        return word if word != good else noun(good, good)
    kind = category.split(":")[0]
    return CATEGORIES.get(kind, kind)


TAB10 = ("#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b", "#e377c2", "#7f7f7f", "#bcbd22",
         "#17becf")


def score_chart_html(sheet, step: int, names, colours: Mapping | None = None, height: int = 180) -> str:
    """HTML of a stacked bar chart of ``sheet`` after ``step`` rows: one bar per seat, the newest item
    outlined in red, the total under each bar in the sheet's unit, and a legend of the categories
    counted so far (colours: category or its kind before ``:`` -> colour; others get tab10 colours).
    The bars are scaled to the final totals, so they grow towards them. Before the first item
    (``step`` 0) the chart is one compact line, not an empty frame."""
    from ..viz import category_of

    if step <= 0:
        return ("<div class='score-bars score-bars-empty' style='padding:2px 8px;color:#555;font-size:90%'>"
                + tr("Nothing counted yet: {amount} each.").format(amount=amount(0, sheet.unit)) + "</div>")
    colours = dict(colours or {})
    spare = iter(TAB10 * 4)
    top = max(sheet.totals() + [1])
    legend: dict[str, str] = {}
    stacks: list[list[str]] = [[] for _ in range(sheet.players)]
    totals = [0] * sheet.players
    for i, row in enumerate(sheet.rows[:step]):
        category = category_of(row)
        colour = colours.get(category) or colours.get(category.split(":")[0])
        if colour is None:
            colour = colours[category] = next(spare)
        label = category_label(category)
        legend.setdefault(label, colour)
        newest = "outline:3px solid #d50000;outline-offset:-3px;" if i == step - 1 else ""
        px = max(1, round(row.points / top * height))
        stacks[row.player].append(
            f"<div title='{html.escape(row.item)}: +{amount(row.points, sheet.unit)}' style='height:{px}px;background:{colour};"
            f"border-top:1px solid white;{newest}'></div>")
        totals[row.player] += row.points
    bars = "".join(
        f"<div style='display:flex;flex-direction:column;align-items:center;width:92px;margin-right:8px'>"
        f"<div style='display:flex;flex-direction:column-reverse;width:64px;height:{height}px;"
        f"border-bottom:1px solid #333'>{''.join(stacks[p])}</div>"
        f"<div style='font-size:85%;text-align:center;line-height:1.2'>{html.escape(names[p])}<br>"
        f"<b>{amount(totals[p], sheet.unit)}</b></div></div>" for p in range(sheet.players))
    keys = "".join(
        f"<div style='white-space:nowrap'><span style='display:inline-block;width:12px;height:12px;background:{c};"
        f"border:1px solid #333;margin-right:5px;vertical-align:middle'></span>{html.escape(k)}</div>"
        for k, c in legend.items())
    counted = tr("counted so far")
    legend_html = f"<div style='font-size:90%;align-self:center'><b>{counted}</b>{keys}</div>"
    return (f"<div class='score-bars' style='display:flex;align-items:flex-end;padding:4px 8px'>"
            f"{bars}{legend_html}</div>")


class ScoreStepper(W.VBox):
    """Add up a score sheet one item at a time: Back / Next / Show all, a growing table and bar chart.

    Works for any game's :class:`~caravan_lessons.core.ScoreSheet`. The items are shown in the
    order of :func:`alternate_rows` (players alternate within each category); the table lists
    only the items counted so far (the whole sheet after **Show all**), so the totals are built,
    not given away; the bar chart has a legend and
    counts in the sheet's unit (``sheet.unit``: rupees in Jaipur).

    Args:
        sheet: the score sheet, or None for an empty stepper to fill later with :meth:`set_sheet`.
        names: a name per seat for the chart and the text (default "player 0", "player 1").
        rules: rule ID -> rule (with ``text``), to quote the clause of each row.
        colours: category -> colour for the chart (e.g. ``viz.jaipur.SCORE_COLOURS``).

    Attributes:
        sheet: the sheet shown, rows already in stepping order (None if empty).
        step: rows counted so far (0 .. len(sheet.rows)).

    The chart is HTML (:func:`score_chart_html`), not a matplotlib image: a step costs well under
    a millisecond to draw, so Next and Back feel immediate in the browser. For a static picture of
    the same chart use :func:`caravan_lessons.viz.draw_score_steps`. The play apps keep one stepper
    and call :meth:`set_sheet` again when the same sheet is shown (e.g. while replaying): the step
    is kept and no widget is created.
    """

    def __init__(self, sheet=None, names=None, rules: Mapping | None = None, colours: Mapping | None = None):
        from ..core import _short

        for name, value in (("rules", rules), ("colours", colours)):
            if value is not None and not isinstance(value, Mapping):
                raise ValueError(f"ScoreStepper: {name} is None or a dict "
                                 f"({'rule ID -> rule' if name == 'rules' else 'category -> colour'}), "
                                 f"not {_short(value)}")
        self.sheet = None
        self._source = None
        self.names: list[str] = []
        self.rules = rules or {}
        self.colours = dict(colours or {})
        self.step = 0
        self.back_button = W.Button(icon="arrow-left", layout=W.Layout(width="auto", min_width="100px")).add_class("score-back")
        self.next_button = W.Button(icon="arrow-right", button_style="primary",
                                    layout=W.Layout(width="auto", min_width="100px")).add_class("score-next")
        self.all_button = W.Button(layout=W.Layout(width="auto", min_width="130px")).add_class("score-all")
        self.relabel()
        self.back_button.on_click(lambda _b: self.go(self.step - 1))
        self.next_button.on_click(lambda _b: self.go(self.step + 1))
        self.all_button.on_click(lambda _b: self.go(len(self.sheet.rows)))
        self.text = W.HTML(layout=W.Layout(flex="1 1 420px")).add_class("score-text")
        self.chart = W.HTML(layout=W.Layout(flex="0 0 auto", margin="0 16px 0 0")).add_class("score-chart")
        super().__init__([W.HBox([self.back_button, self.next_button, self.all_button]),
                          W.HBox([self.chart, self.text], layout=W.Layout(flex_flow="row wrap",
                                                                           align_items="flex-start"))])
        self.add_class("score-stepper")
        self._named = names is not None
        self._make = None
        if sheet is not None:
            self.set_sheet(sheet, names=names)
        # a stepper shown on its own (not in an app, which relabels it) takes a new language at once too
        self._stop_listening = on_language_change(self._language_changed)

    def _language_changed(self, _code: str) -> None:
        if not self._named and self.sheet is not None:       # the default names, "player 0", in the new language
            self.names = [tr("player {seat}").format(seat=p) for p in range(self.sheet.players)]
        if self._make is not None:                           # the rows' words too: the sheet made again
            step = self.step
            self.set_sheet(self._make)
            self.go(step)
        self.relabel()

    def relabel(self) -> None:
        """The buttons' words and the shown step in the current language (after ``set_language``)."""
        self.back_button.description = tr("Back")
        self.next_button.description = tr("Next")
        self.all_button.description = tr("Show all")
        if self.sheet is not None:
            self.go(self.step)

    def set_sheet(self, sheet, names=None) -> None:
        """Show ``sheet``: from step 0 if it is a new sheet, at the same step if it equals the one shown.

        ``sheet`` may be a function of no arguments that returns the sheet (``state.score_sheet``): after a change
        of language it is called again, so that the rows' items are worded in the new language.

        Raises:
            ValueError: ``sheet`` is not a score sheet (``state.score_sheet()``), or ``names`` is not a
                list of one name (a string) per player.
        """
        from ..core import ScoreSheet, _short

        self._make = sheet if callable(sheet) and not isinstance(sheet, ScoreSheet) else None
        if self._make is not None:
            sheet = self._make()
        if not isinstance(sheet, ScoreSheet):
            raise ValueError(f"ScoreStepper shows a score sheet (state.score_sheet()), not {_short(sheet)}")
        if names is not None and (not isinstance(names, (list, tuple)) or len(names) < sheet.players
                                  or not all(isinstance(n, str) for n in names)):
            raise ValueError(f"ScoreStepper: names is a list of {sheet.players} player names (strings), "
                             f"not {_short(names)}")
        if names is not None:
            self._named = True
        if names is not None or not self.names:
            self.names = list(names or [tr("player {seat}").format(seat=p) for p in range(sheet.players)])
        if sheet == self._source:
            self.go(self.step)
            return
        from dataclasses import replace

        self._source = sheet
        self.sheet = replace(sheet, rows=alternate_rows(sheet.rows))
        self.go(0)

    def go(self, step: int) -> None:
        """Show the first ``step`` rows (clamped to 0 .. number of rows).

        Raises:
            ValueError: no sheet shown yet (call :meth:`set_sheet`), or ``step`` not a whole number.
        """
        sheet = self.sheet
        if sheet is None:
            raise ValueError("ScoreStepper: no score sheet to step through yet; call set_sheet(state.score_sheet())")
        if step.__class__ is not int:
            from ..core import _short

            raise ValueError(f"ScoreStepper: step is a whole number of rows, not {_short(step)}")
        step = max(0, min(step, len(sheet.rows)))
        self.step = step
        last = len(sheet.rows)
        # Content first, buttons last: a browser that sees Next disabled also sees the full table.
        self.text.value = self._text(step)
        self.chart.value = score_chart_html(sheet, step, self.names, self.colours)
        self.back_button.disabled = step == 0
        self.next_button.disabled = self.all_button.disabled = step == last

    def _text(self, step: int) -> str:
        sheet, names, unit = self.sheet, self.names, self.sheet.unit
        totals = sheet.cumulative()[step]
        parts = [tr("<b>Step {step} of {steps}</b>: ").format(step=step, steps=len(sheet.rows))
                 + ", ".join(f"{html.escape(names[p])} {amount(totals[p], unit)}" for p in range(len(totals)))]
        if step:
            row = sheet.rows[step - 1]
            parts.append("<div>" + tr("Newest: {player}, {item} <b>+{points}</b> ({rule})").format(
                player=html.escape(names[row.player]), item=html.escape(row.item), points=amount(row.points, unit),
                rule=html.escape(row.rule)) + "</div>")
            rule = self.rules.get(row.rule)
            if rule is not None:
                parts.append(f"<div style='color:#555;font-size:90%;max-width:520px'>{html.escape(str(rule))}</div>")
            cell = "padding:1px 10px 1px 0;white-space:nowrap"
            wrap = "padding:1px 10px 1px 0"
            mark = " style='background:#fff3cd'"  # the newest row
            body = "".join(
                f"<tr{mark if i == step else ''}><td style='{cell}'>{i}</td>"
                f"<td style='{cell}'>{html.escape(names[r.player])}</td><td style='{wrap}'>{html.escape(r.item)}</td>"
                f"<td style='{cell};text-align:right'>{r.points}</td><td style='{cell}'>{html.escape(r.rule)}</td></tr>"
                for i, r in enumerate(sheet.rows[:step], 1))
            head = "".join(f"<th style='{cell};text-align:left'>{html.escape(h)}</th>"
                           for h in ("#", tr("who"), tr("item"), unit_name(unit), tr("rule")))
            parts.append(f"<table class='score-table' style='border-collapse:collapse;font-size:90%;margin-top:4px'>"
                         f"<tr>{head}</tr>{body}</table>")
        else:
            parts = [tr("<b>Step 0 of {steps}</b>: press <b>Next</b> to count the first item, or <b>Show all</b>.")
                     .format(steps=len(sheet.rows))]
        if step == len(sheet.rows) and sheet.verdict:
            parts.append(f"<div style='max-width:520px'><b>{html.escape(sheet.verdict)}</b></div>")
        return "<div style='line-height:1.45'>" + "".join(parts) + "</div>"


from ..core import plural  # noqa: E402 - the plural nouns of the panel's count


class RulePanel(W.VBox):
    """Look up a rule clause by ID (``JAI-SELL-4``) or by a word (``camel``).

    Args:
        rules: rule ID -> rule objects with ``id``, ``text`` and ``section`` (e.g. ``jaipur.RULES``).
        query: what to look up first.
    """

    def __init__(self, rules: Mapping, query: str = ""):
        from ..core import _short

        if not isinstance(rules, Mapping) or not all(
                isinstance(k, str) and all(hasattr(r, a) for a in ("id", "text", "section")) for k, r in rules.items()):
            raise ValueError(f"RulePanel needs the game's rules, rule ID -> Rule (e.g. jaipur.RULES), not {_short(rules)}")
        if not isinstance(query, str):
            raise ValueError(f"RulePanel: query is a string (a rule ID or words), not {_short(query)}")
        self.rules = rules
        self.box = W.Text(value=query, placeholder=tr("a rule ID or a word, e.g. JAI-TAKE-7 or camel"),
                          description=tr("Look up"), continuous_update=True).add_class("rule-query")
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
        words = query.lower().split()   # in the current language, and in English (a learner may type either)
        return [r for r in self.rules.values() if all(w in " ".join(
            (r.text, r.section, getattr(r, "source_text", ""), getattr(r, "source_section", ""))).lower() for w in words)]

    def show(self) -> None:
        found = self.find(self.box.value)
        if not self.box.value.strip():
            self.results.value = "<i>" + tr("{rules}. Type an ID or a word.").format(
                rules=plural(len(self.rules), "rule")) + "</i>"
        elif not found:
            self.results.value = "<i>" + tr("No rule matches {query}.").format(query=html.escape(self.box.value)) + "</i>"
        else:
            self.results.value = "".join(
                f"<p><b>{html.escape(r.id)}</b> <span style='color:#777'>("
                + tr("rulebook: {section}").format(section=html.escape(r.section))
                + f")</span><br>{html.escape(r.text)}</p>" for r in found[:20])
