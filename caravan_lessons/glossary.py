"""The games' terms in English, Portuguese and Finnish, so that a learner with the printed rules in hand
can match every word of the lessons and apps.

The data is ``data/glossary.toml``: per game, the terms, and which language the rulebook is in (that
column holds the rulebook's own word, as printed). ``glossary("jaipur")`` is the table a first lesson
shows; ``python -m caravan_lessons.glossary`` writes ``docs/glossary.md``; :func:`term_problems` is the
catalogue test's check that the translations use these words.

Standard library and the package's gettext (the table's two column words are in the current language).
"""
from __future__ import annotations

import re
import tomllib
from functools import lru_cache
from pathlib import Path

from .i18n import N_, language, tr

__all__ = ["Glossary", "glossary", "markdown", "terms", "term_problems"]

DATA = Path(__file__).with_name("data") / "glossary.toml"
LANGUAGES = {"en": "English", "pt": "Português", "fi": "Suomi"}
RULEBOOK, ALSO = N_("rulebook"), N_("also in the rulebook")
"""The table's two column words (the languages' names are their own: English, Português, Suomi)."""
RULEBOOKS = {"jaipur": "002", "samarkand": "000", "caravan": "003", "marco_polo": "004"}
"""The rulebook files (``shared/rulebooks/<number>_*.txt``) the words come from."""


@lru_cache(maxsize=1)
def _data() -> dict:
    return tomllib.loads(DATA.read_text(encoding="utf-8"))


def terms(game: str) -> list[dict]:
    """The terms of ``game`` (``"jaipur"``, ``"samarkand"``, ``"caravan"``, ``"marco_polo"``): dicts with
    ``en``, ``pt``, ``fi`` and optionally ``book`` (another word the rulebook uses) and the ``*_match``
    patterns. ValueError naming the games for another name."""
    data = _data()
    if game not in data:
        raise ValueError(f"no glossary for {game!r}; the games are: {', '.join(sorted(data))}")
    return list(data[game]["terms"])


def markdown(game: str) -> str:
    """The glossary table of ``game`` in Markdown: English, Portuguese, Finnish, the rulebook's column marked."""
    data = _data()[game] if game in _data() else terms(game)
    book = data["rulebook"]
    heads = [f"{LANGUAGES[lang]}{' (' + tr(RULEBOOK) + ')' if lang == book else ''}" for lang in LANGUAGES]
    rows = [f"| {' | '.join(heads)} | {tr(ALSO)} |", "| --- | --- | --- | --- |"]
    for term in data["terms"]:
        cells = [f"**{term[lang]}**" if lang == book else term[lang] for lang in LANGUAGES]
        rows.append(f"| {' | '.join(cells)} | {term.get('book', '')} |")
    return "\n".join(rows)


class Glossary:
    """A game's glossary as a notebook shows it (Markdown); ``str()`` is the same Markdown."""

    def __init__(self, game: str):
        terms(game)   # refuses an unknown game
        self.game = game

    def _repr_markdown_(self) -> str:
        return markdown(self.game)

    def __str__(self) -> str:
        return markdown(self.game)


def glossary(game: str) -> Glossary:
    """The table of ``game``'s terms in en / pt / fi, for a lesson cell: ``glossary("caravan")``."""
    return Glossary(game)


def document() -> str:
    """The whole ``docs/glossary.md`` (in English, whatever the language in use)."""
    with language("en"):
        return _document()


def _document() -> str:
    data = _data()
    parts = [
        "# Glossary: the games' words in English, Portuguese and Finnish",
        "",
        "Our rulebooks are Portuguese (Samarkand, Jaipur, The Voyages of Marco Polo) and Finnish (Caravan). "
        "Every rule text, refusal and app label of caravan_lessons exists in English, Portuguese and Finnish "
        "(`caravan_lessons.set_language(\"pt\")`), and the translations use the words below: in **bold**, "
        "the rulebook's own word as printed (its spelling too: the Samarkand rulebook writes European "
        "Portuguese of before 1990, *acção*, *activa*, *prémio*; Jaipur and Marco Polo are Brazilian); the "
        "other column is ours, chosen once and used everywhere. Rule IDs (`JAI-SELL-4`) are never translated.",
        "",
        "Shared words (buttons, status lines) are the same in every game: where the Portuguese rulebooks "
        "differ (*ronda* in Samarkand, *rodada* in Jaipur and Marco Polo), each game's messages follow its "
        "own rulebook.",
        "",
        "The table is `caravan_lessons/data/glossary.toml`; this page is written from it by "
        "`python -m caravan_lessons.glossary > docs/glossary.md`, and the first lesson of each game shows "
        "its table (`glossary(\"jaipur\")`). The test suite checks that the catalogues use these words.",
    ]
    for game in ("jaipur", "samarkand", "caravan", "marco_polo"):
        book = data[game]["rulebook"]
        parts += ["", f"## {data[game]['title']}", "",
                  f"Rulebook: `shared/rulebooks/{RULEBOOKS[game]}_*.txt`, in "
                  f"{'Portuguese' if book == 'pt' else 'Finnish'}.", "", markdown(game)]
    return "\n".join(parts) + "\n"


def term_problems(game: str, lang: str, pairs) -> list[str]:
    """Translations that do not use the glossary's word: for each ``(english, translation)`` of ``pairs``
    whose English names a term of ``game`` (its ``en_match``, else the English term), the translation must
    match the term's ``<lang>_match`` (else the term itself), case-insensitively. One line per miss."""
    found = []
    # placeholders, calls (Sell(good, count)) and lists of class names ((Marry, Place, ...)) are not words
    code = re.compile(r"\{[^{}]*\}|\b\w+\([^()]*\)|\([A-Z]\w*(, [A-Z]\w*)+\)|(\b[A-Z]\w*, )+(and )?\b[A-Z]\w*\b")
    pairs = [(code.sub(" ", source), translation) for source, translation in pairs]
    for term in terms(game):
        english = re.compile(term.get("en_match", re.escape(term["en"])), re.IGNORECASE)
        wanted = re.compile(term.get(f"{lang}_match", re.escape(term[lang])), re.IGNORECASE)
        for source, translation in pairs:
            if english.search(source) and not wanted.search(translation):
                short = source if len(source) <= 60 else source[:57] + "..."
                found.append(f"{game} {lang}: {term['en']!r} -> {term[lang]!r} not in the translation of {short!r}")
    return found


if __name__ == "__main__":
    print(document(), end="")
