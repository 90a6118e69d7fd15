"""Keeping the translation catalogues: extract, update, compile and check them with babel.

``make translations`` (``python -m caravan_lessons.catalogs update``) does the three babel steps:

1. **extract** every marked message from the package into ``locale/caravan_lessons.pot``: ``tr()``, ``_()``,
   ``ngettext``, ``pgettext``, ``N_``, the text of every ``Rule(id, text, section)`` (with its rule ID
   as a comment for translators), the nouns of ``plural(n, noun[, many])`` (context ``"noun"``) and the
   rule texts and sections of ``marco_polo/data/rules.json``;
2. **update** each ``<lang>/LC_MESSAGES/caravan_lessons.po`` from it (babel marks a changed English text
   *fuzzy*: it is shown in English until a translator checks it);
3. **compile** each ``.po`` to its ``.mo`` (the package also compiles a ``.po`` in memory when no fresh
   ``.mo`` is there, so an editable install needs no build step).

``python -m caravan_lessons.catalogs check`` lists what is missing, fuzzy or inconsistent (babel's own
checks: plural forms and ``%`` placeholders; ours: ``{}`` placeholders and rule IDs) and exits 1 if
anything is; the test suite runs the same :func:`problems`.

This is a maintainer's tool: it imports babel (a dependency) and is not imported by the package.
"""
from __future__ import annotations

import argparse
import json
import re
import string
import sys
from collections.abc import Iterable, Iterator
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.extract import extract_from_dir, extract_python
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

from .i18n import DOMAIN, LOCALE_DIR, PLURAL_CONTEXT

PACKAGE = Path(__file__).resolve().parent
TEMPLATE = LOCALE_DIR / f"{DOMAIN}.pot"
LANGUAGES = ("pt", "fi")
"""The languages translated (English is the source)."""

VERSION = "0.1.0"
PLURAL_FORMS = (2, "(n != 1)")
"""Both Portuguese and Finnish: one form for 1, another for every other count (GNU gettext's rule)."""

KEYWORDS = {
    "_": None, "tr": None, "gettext": None, "N_": None,
    "ngettext": (1, 2), "pgettext": ((1, "c"), 2), "npgettext": ((1, "c"), 2, 3), "NP_": ((1, "c"), 2),
    "Rule": (2,),                          # Rule(id, text, section): the text; sections are N_() constants
    "plural": ((1, "c"), 2, 3),            # plural(n, noun[, many]): rewritten by extract_package_python
    "N_plural": ((1, "c"), 2, 3),          # N_plural(noun[, many]): the same nouns, marked in a table
}
ENGLISH_ONLY = {"a"}
"""Fields only English needs (``{a}``: "a" or "an", ``core.article``): a translation may leave them out."""
RULE_ID = re.compile(r"\b(?:JAI|SAM|CAR|MP)-[A-Z]+-\d+\b")


# --- extraction methods (named in METHODS; babel calls them) -------------------------------------------

def extract_package_python(fileobj, keywords, comment_tags, options) -> Iterator[tuple]:
    """babel's Python extractor, plus two things it cannot know:

    * ``plural(n, "coin")``, ``plural(n, "die", "dice")`` and ``N_plural("die", "dice")`` become the plural message
      (context ``"noun"``, ``"coin"``/``"coins"``), as :func:`caravan_lessons.core.plural` looks it up;
    * a ``Rule("JAI-SELL-4", text, ...)`` text carries its rule ID as a comment for the translator.
    """
    for lineno, funcname, messages, comments in extract_python(fileobj, keywords, comment_tags, options):
        if funcname in ("plural", "N_plural") and messages:
            args = messages if isinstance(messages, tuple) else (messages,)
            if funcname == "N_plural":
                args = (None, *args)
            if len(args) not in (2, 3) or not args[1]:
                continue
            noun = args[1]
            many = args[2] if len(args) == 3 and args[2] else noun + "s"
            messages = (PLURAL_CONTEXT, noun, many)
        elif funcname == "Rule" and isinstance(messages, tuple) and messages and messages[0]:
            comments = [*comments, f"rule {messages[0]}"]
        yield lineno, funcname, messages, comments


def extract_rules_json(fileobj, keywords, comment_tags, options) -> Iterator[tuple]:
    """The rule texts and sections of a data file ``{"rules": [{"id", "section", "text"}, ...]}``."""
    data = json.loads(fileobj.read().decode("utf-8"))
    sections: list[str] = []
    for i, rule in enumerate(data.get("rules", []), start=1):
        yield i, "", rule["text"], [f"rule {rule['id']}"]
        if rule["section"] not in sections:
            sections.append(rule["section"])
    for section in sections:
        yield 0, "", section, ["rulebook section"]


def _names_of(key: str, contexts: dict[str, str]):
    """An extraction method for the names in a data file's list ``key`` (``families``, ``nodes``): each field
    of ``contexts`` (``{"name": "family"}``) with its context, as the package shows them with
    ``pgettext(context, name)``; and the file's own ``name`` (a board's), context ``"board"``."""
    def extract(fileobj, keywords, comment_tags, options):
        data = json.loads(fileobj.read().decode("utf-8"))
        source = Path(getattr(fileobj, "name", "")).name
        if isinstance(data.get("name"), str) and data["name"]:
            yield 0, "pgettext", ("board", data["name"]), [f"the board's name in {source}"]
        seen = set()
        for i, entry in enumerate(data.get(key, []), start=1):
            for field, context in contexts.items():
                name = entry.get(field)
                if isinstance(name, str) and name and (context, name) not in seen:
                    seen.add((context, name))
                    yield i, "pgettext", (context, name), [f"a {context} name in {source}"]
    return extract


METHODS = [
    ("**/data/rules.json", extract_rules_json),
    ("samarkand/data/families.json", _names_of("families", {"name": "family", "colour_name": "colour"})),
    ("samarkand/data/board.json", _names_of("nodes", {"name": "place"})),
    ("marco_polo/data/map.json", _names_of("nodes", {"name": "place"})),
    ("caravan/data/board.json", _names_of("cells", {})),            # its name (the cities keep theirs)
    ("**.py", extract_package_python),
]
SKIP = ("catalogs.py", "bench.py")   # this tool; the benchmark's report (for maintainers, in English)


# --- the three babel steps -----------------------------------------------------------------------------

def extract() -> Catalog:
    """A fresh template catalogue of every marked message in the package (locations without line numbers)."""
    template = Catalog(project="caravan_lessons", domain=DOMAIN, charset="utf-8", version=VERSION, fuzzy=False,
                       copyright_holder="caravan_lessons contributors",
                       msgid_bugs_address="https://github.com/caravan-lessons/caravan_lessons/issues")
    method_map = [(pattern, method) for pattern, method in METHODS]

    def callback(filename, method, options):
        return None

    for filename, _lineno, message, comments, context in extract_from_dir(
            PACKAGE, method_map=[(p, "ignore") for p in SKIP] + method_map, keywords=KEYWORDS,
            comment_tags=("TRANSLATORS:",), callback=callback, strip_comment_tags=True):
        location = f"caravan_lessons/{Path(filename).as_posix()}"
        template.add(message, None, [(location, None)], auto_comments=comments, context=context)
    return template


def _read(path: Path, locale: str | None = None) -> Catalog:
    with path.open("rb") as handle:
        return read_po(handle, locale=locale, domain=DOMAIN)


def _write(path: Path, catalog: Catalog) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as handle:
        write_po(handle, catalog, include_lineno=False, width=100)


def write_template() -> Catalog:
    """Extract and write ``locale/caravan_lessons.pot``."""
    template = extract()
    _write(TEMPLATE, template)
    return template


def update(template: Catalog | None = None) -> None:
    """Bring every language's ``.po`` in step with the template (new messages empty, changed ones fuzzy)."""
    template = template or _read(TEMPLATE)
    for lang in LANGUAGES:
        path = po_path(lang)
        if path.is_file():
            catalog = _read(path, lang)
            catalog.update(template, update_header_comment=False)
        else:
            catalog = Catalog(locale=lang, domain=DOMAIN, project="caravan_lessons", version=VERSION,
                              copyright_holder="caravan_lessons contributors", charset="utf-8",
                              language_team=f"{lang} (caravan_lessons translators)",
                              last_translator="caravan_lessons contributors", fuzzy=False)
            catalog._num_plurals, catalog._plural_expr = PLURAL_FORMS   # gettext's, not CLDR's 3 forms for pt
            catalog.update(template)
        catalog.obsolete.clear()   # git keeps the history; old texts in the .po only confuse
        _write(path, catalog)


def compile_all() -> list[Path]:
    """Compile every ``.po`` to its ``.mo`` (fuzzy entries left out); returns the files written."""
    written = []
    for lang in LANGUAGES:
        catalog = _read(po_path(lang), lang)
        mo = po_path(lang).with_suffix(".mo")
        with mo.open("wb") as handle:
            write_mo(handle, catalog)
        written.append(mo)
    return written


def po_path(lang: str) -> Path:
    """``locale/<lang>/LC_MESSAGES/caravan_lessons.po``."""
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


# --- checks --------------------------------------------------------------------------------------------

def _fields(text: str) -> list[str]:
    """The ``str.format`` field names of ``text`` (sorted, with repeats; ``{}`` counted as ``{0}``, ``{1}``,
    ... in order); ValueError if it is malformed."""
    names, auto = [], 0
    for _, name, _, _ in string.Formatter().parse(text):
        if name is None:
            continue
        if name == "":
            name, auto = str(auto), auto + 1
        names.append(name)
    return sorted(names)


def _ids(catalog: Iterable[Message]) -> dict[tuple, Message]:
    return {(m.context, m.id): m for m in catalog if m.id}


def _key_text(key: tuple) -> str:
    context, msgid = key
    text = msgid[0] if isinstance(msgid, tuple) else msgid
    text = text if len(text) <= 70 else text[:67] + "..."
    return f"[{context}] {text!r}" if context else repr(text)


def problems(lang: str, template: Catalog | None = None, path: Path | None = None) -> list[str]:
    """Every problem of language ``lang``'s catalogue (``path``, by default the package's) against the
    messages of the code (``template``, by default freshly extracted), one line each: a message missing,
    untranslated or fuzzy; babel's checks (plural forms, ``%`` placeholders); ``{}`` placeholders that
    differ from the English; a rule ID changed or lost."""
    template = template or extract()
    catalog = _read(path or po_path(lang), lang)
    have = _ids(catalog)
    found = []
    for key, wanted in _ids(template).items():
        message = have.get(key)
        if message is None:
            found.append(f"{lang}: missing {_key_text(key)}")
            continue
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        if message.fuzzy or not all(strings):
            found.append(f"{lang}: {'fuzzy' if message.fuzzy else 'untranslated'} {_key_text(key)}")
            continue
        for error in message.check(catalog):
            found.append(f"{lang}: {_key_text(key)}: {error}")
        originals = wanted.id if isinstance(wanted.id, tuple) else (wanted.id,)
        try:
            expected = [_fields(text) for text in originals]
            optional = [[f for f in fields if f not in ENGLISH_ONLY] for fields in expected]
            for text in strings:
                got = _fields(text)
                if got not in expected and got not in optional:
                    found.append(f"{lang}: {_key_text(key)}: placeholders {got} in {text!r}, the English has "
                                 f"{expected[0]}")
        except ValueError as error:
            found.append(f"{lang}: {_key_text(key)}: a malformed placeholder ({error})")
        ids = sorted(RULE_ID.findall(originals[0]))
        for text in strings:
            if sorted(RULE_ID.findall(text)) not in (ids, sorted(RULE_ID.findall(originals[-1]))):
                found.append(f"{lang}: {_key_text(key)}: rule IDs {sorted(RULE_ID.findall(text))} in the "
                             f"translation, {ids} in the English (rule IDs are never translated)")
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m caravan_lessons.catalogs",
                                     description="Extract, update, compile and check the translation catalogues.")
    parser.add_argument("step", choices=["extract", "update", "compile", "check"],
                        help="update = extract + update + compile")
    args = parser.parse_args(argv)
    if args.step == "extract":
        write_template()
    elif args.step == "update":
        update(write_template())
        compile_all()
    elif args.step == "compile":
        compile_all()
    template = extract() if args.step == "check" else _read(TEMPLATE)
    total = len(_ids(template))
    bad = 0
    for lang in LANGUAGES:
        found = problems(lang, template)
        bad += len(found)
        if args.step == "check":
            print(*found[:200], sep="\n") if found else None
        print(f"{lang}: {total - len([f for f in found if ': missing ' in f or ': untranslated ' in f or ': fuzzy ' in f])}"
              f" of {total} messages translated; {len(found)} problems")
    return 1 if args.step == "check" and bad else 0


if __name__ == "__main__":
    sys.exit(main())
