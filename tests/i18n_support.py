"""What counts as English left in a translated text (the apps' test and the translated lessons' test share it).

"No English" is checked against the English catalogue itself: every piece of English text between placeholders
of a message that no translation of that language also contains (an ID, a class name, "Mercator") must not appear
as words in what a learner is shown.
"""
from __future__ import annotations

import html
import re
from functools import lru_cache

from babel.messages.pofile import read_po

from caravan_lessons import catalogs

TAG = re.compile(r"<[^>]*>")
FIELD = re.compile(r"\{[^{}]*\}|%\(\w+\)\w|%\w")
CODE = re.compile(r"\b\w+\([^()]*\)|\((?:[A-Z]\w*(?:, )?)+\)")
"""Code in a message (``Exchange(take, give)``): Python names, the same in every language."""


@lru_cache(maxsize=None)
def english_only_fragments(lang: str) -> frozenset[str]:
    """Pieces of English text of the catalogue's messages that no translation of the catalogue uses."""
    with catalogs.po_path(lang).open("rb") as handle:
        catalog = read_po(handle, locale=lang)
    found = set()
    every = []   # a fragment some translation also uses (a name, a code word, "move" in Portuguese) is not English
    for message in catalog:
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        every += [html.unescape(TAG.sub(" ", s)) for s in strings if s]
    translated = " ".join(every).lower()
    for message in catalog:
        if not message.id or not message.string:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        for text in ids:
            for piece in FIELD.split(html.unescape(TAG.sub(" | ", text))):
                for part in piece.split("|"):
                    part = part.strip(" .,:;()[]-–!?'\"\n")
                    letters = re.sub(r"[^A-Za-z]", "", part)
                    if len(letters) >= 4 and part.lower() not in translated:
                        found.add(part)
    return frozenset(found)


def english_in(text: str, fragments) -> list[str]:
    """The English fragments that appear as words in ``text`` (code such as ``Sell(...)`` left out)."""
    shown = CODE.sub(" ", text)
    return sorted(f for f in fragments if re.search(r"(?<![\w])" + re.escape(f) + r"(?![\w])", shown))
