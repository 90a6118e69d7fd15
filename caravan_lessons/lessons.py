"""Small helpers the lessons share, so that no lesson pastes its own copy (issue 18: code a learner reads
should teach the game, not the plumbing).

    from caravan_lessons.lessons import rules, refused, say
    rules(samarkand.RULES, "SAM-EXT-1", "SAM-EXT-4")     # the clauses as a Markdown list, rulings flagged
    refused(state, action)                               # "allowed" or the rule that refuses it, with why
    say("Coins: 3 → 8.", "Camels: 2")                    # lines of text as Markdown (wraps between words)

Every function returns an ``IPython.display.Markdown`` (shown when it ends a cell, or with ``display``);
IPython is imported only when one is called. Text goes out as Markdown, never ``print``: JupyterLab wraps a
printed line mid-word.
"""
from __future__ import annotations

import re
from collections.abc import Mapping

__all__ = ["rulings", "rules", "refused", "say"]

_RULING = re.compile(r"\[(?:[^\]]*?;\s*)?ruling[:,]?\s*([^\]]*)\]")


def _markdown(text: str):
    from IPython.display import Markdown

    return Markdown(text)


def _clause(rules: Mapping, rule_id: str):
    if rule_id not in rules:
        raise ValueError(f"no rule {rule_id!r}; the IDs look like {next(iter(rules), 'XXX-1')!r}")
    return rules[rule_id]


def rules(clauses: Mapping, *ids: str):
    """The clauses ``ids`` of ``clauses`` (a game's ``RULES``) as a Markdown list: **ID** (section): text;
    a clause holding a ruling of this project is flagged as such."""
    lines = []
    for rule_id in ids:
        rule = _clause(clauses, rule_id)
        flag = " **(contains a ruling of this project)**" if "ruling" in rule.text else ""
        lines.append(f"- **{rule.id}** ({rule.section}): {rule.text}{flag}")
    return _markdown("\n".join(lines))


def rulings(clauses: Mapping, *ids: str):
    """The project's rulings written inside these clauses (``[ruling: ...]``), each as a box
    "Ruling of this project (ID)"; a clause without one says so."""
    lines = []
    for rule_id in ids:
        for found in _RULING.findall(_clause(clauses, rule_id).text):
            lines.append(f"> **Ruling of this project ({rule_id}).** {found.strip()}")
    return _markdown("\n>\n".join(lines) or "(no ruling in these clauses)")


def refused(state, action):
    """Ask the engine about ``action`` without playing it: "allowed", or the clause that refuses it and
    what it allows (the state is not changed either way)."""
    problem = state.why_illegal(action)
    if problem is None:
        return _markdown(f"**{action}**: allowed.")
    return _markdown(f"**{action}**: refused by **{problem.rule}**: {problem.message}")


def say(*lines: object):
    """Lines of text as Markdown, one per line (each wraps between words)."""
    return _markdown("  \n".join(str(line) for line in lines))
