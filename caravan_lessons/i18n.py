"""The learner's language: English, Portuguese or Finnish, through Python's ``gettext``.

Every message a learner reads (rule texts, refusals, the apps' words, the ``rules`` command) is
written in English in the code and marked for translation; the translations live in gettext
catalogues managed with babel (``caravan_lessons/locale/<lang>/LC_MESSAGES/caravan_lessons.po``;
``make translations`` extracts, updates and compiles them). Rule IDs (``JAI-SELL-4``) are never
translated.

Choosing the language, strongest first:

1. :func:`set_language` (``caravan_lessons.set_language("pt")``), or an app's language picker;
2. the ``CARAVAN_LESSONS_LANG`` environment variable (``CARAVAN_LESSONS_LANG=fi``);
3. the system locale (``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``, ``LANG``, as gettext reads them);
4. English.

A code may carry a region or an encoding (``pt_BR.UTF-8``, ``fi-FI``): only the language counts.
An unknown code is refused by :func:`set_language` with a :class:`LanguageError` listing the
languages there are; an unknown ``CARAVAN_LESSONS_LANG`` gives a warning and is ignored. A message
a catalogue does not translate (yet) is shown in English: never a crash.

Marking messages (what ``make translations`` extracts): ``tr("...")`` (the package's short name for
``gettext``: ``_`` is its throwaway variable) or ``_("...")``, ``ngettext(one, many, n)``,
``pgettext(context, "...")``, ``N_("...")`` for a text translated later (a module constant), the
rule texts of every ``Rule(id, text, section)``, and the nouns of ``core.plural(n, noun[, many])``.
Placeholders are ``str.format`` fields (``_("Player {seat} sells").format(seat=1)``), never f-strings
inside ``_()``: the catalogue must see the text before the values go in.

The module imports only the standard library; babel is imported the first time a ``.po``
catalogue must be compiled (no ``.mo`` built beside it, or an older one).
"""
from __future__ import annotations

import gettext as _gettext
import io
import os
import warnings
import weakref
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

__all__ = [
    "DOMAIN", "ENV_VAR", "LOCALE_DIR", "LanguageError", "Later", "N_", "NP_", "N_plural", "Translated", "available_languages", "noun", "gettext",
    "get_language", "language", "language_names", "ngettext", "npgettext", "on_language_change",
    "pgettext", "set_language", "system_language", "tr",
]

DOMAIN = "caravan_lessons"
"""The gettext domain: the catalogues are ``<lang>/LC_MESSAGES/caravan_lessons.po`` (and ``.mo``)."""
LOCALE_DIR = Path(__file__).with_name("locale")
ENV_VAR = "CARAVAN_LESSONS_LANG"
SOURCE = "en"
"""The language the messages are written in (the msgids)."""
_NAMES = {"en": "English", "pt": "português", "fi": "suomi"}
PLURAL_CONTEXT = "noun"
"""The gettext context of the nouns counted by :func:`caravan_lessons.core.plural`."""


class LanguageError(ValueError):
    """A language code caravan_lessons has no catalogue for; the message lists the ones there are."""


_chosen: str | None = None          # set by set_language(); None: the default (environment, system)
_active: str | None = None          # the language in use, resolved once
_active_translation: _gettext.NullTranslations | None = None   # None: English, the msgids themselves
_loaded: dict[str, _gettext.NullTranslations] = {}
_listeners: list[weakref.ref] = []
_warned: set[str] = set()


# --- which languages ---------------------------------------------------------------------------

def available_languages() -> tuple[str, ...]:
    """The language codes there are catalogues for, English first: ``("en", "fi", "pt")``."""
    found = {p.parent.parent.name for p in LOCALE_DIR.glob(f"*/LC_MESSAGES/{DOMAIN}.[mp]o")}
    return (SOURCE, *sorted(found - {SOURCE}))


def language_names() -> dict[str, str]:
    """Code -> the language's own name, for pickers: ``{"en": "English", "fi": "suomi", "pt": "português"}``."""
    return {code: _NAMES.get(code, code) for code in available_languages()}


def _listing() -> str:
    return ", ".join(f"{code} ({name})" for code, name in language_names().items())


def _base(code: str) -> str:
    """``"pt_BR.UTF-8"`` -> ``"pt"``; ``"fi-FI"`` -> ``"fi"``; ``"C"``/``"POSIX"`` -> ``""``."""
    base = code.strip().split(".")[0].split("@")[0].replace("-", "_").split("_")[0].lower()
    return "" if base in ("c", "posix") else base


def _resolve(code: object) -> str:
    """The catalogue code for ``code``, or LanguageError naming the languages there are."""
    if not isinstance(code, str) or not code.strip():
        raise LanguageError(gettext("a language is a code such as 'pt' or 'fi', not {code}; available: {languages}")
                            .format(code=repr(code)[:40], languages=_listing()))
    base = _base(code)
    if base not in available_languages():
        shown = code if len(code) <= 20 else code[:17] + "..."
        raise LanguageError(gettext("unknown language {code}; available: {languages}").format(
            code=repr(shown), languages=_listing()))
    return base


def system_language() -> str:
    """The language of the system locale if there is a catalogue for it, else ``"en"``.

    Reads ``LANGUAGE`` (a colon-separated list), ``LC_ALL``, ``LC_MESSAGES`` and ``LANG`` in that
    order, as gettext does, then ``locale.getlocale()``; ``C`` and ``POSIX`` mean English.
    """
    available = available_languages()
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(var, "")
        if not value:
            continue
        for part in value.split(":"):
            base = _base(part)
            if base in available:
                return base
        if var != "LANGUAGE":   # the first locale variable set decides, as for gettext
            return SOURCE
    try:
        import locale

        base = _base(locale.getlocale()[0] or "")
    except (ValueError, TypeError):
        base = ""
    return base if base in available else SOURCE


def _default() -> str:
    """``CARAVAN_LESSONS_LANG`` if it names a catalogue (``C``/``POSIX``: English), else the system language.

    An unknown value is ignored with one warning, in English: no language is active yet, so the message
    cannot go through the catalogue (``gettext`` would ask for the default language again).
    """
    value = os.environ.get(ENV_VAR, "")
    if value.strip():
        base = _base(value)
        if not base:
            return SOURCE
        if base in available_languages():
            return base
        if value not in _warned:
            _warned.add(value)
            shown = value if len(value) <= 20 else value[:17] + "..."
            warnings.warn(f"{ENV_VAR}={shown!r} ignored: unknown language {shown!r}; available: {_listing()}",
                          stacklevel=3)
    return system_language()


# --- choosing --------------------------------------------------------------------------------------

def get_language() -> str:
    """The code of the language messages are shown in now (``"en"``, ``"pt"`` or ``"fi"``)."""
    if _active is None:
        _activate(_chosen or _default())
    return _active


def set_language(code: str | None) -> str:
    """Show every message from now on in language ``code`` and return the code in use.

    Args:
        code: ``"en"``, ``"pt"`` or ``"fi"`` (a region or encoding may follow: ``"pt_BR.UTF-8"``);
            ``None`` goes back to the default (``CARAVAN_LESSONS_LANG``, else the system locale).

    Raises:
        LanguageError: (a ValueError) the code has no catalogue; the message lists the codes there are.

    Open apps that listen (:func:`on_language_change`) redraw in the new language; texts already
    written (a log line, an error message kept in a variable) stay as they were written.
    """
    global _chosen
    resolved = None if code is None else _resolve(code)
    previous = _active
    _chosen = resolved
    _activate(resolved or _default())
    if _active != previous:
        for ref in list(_listeners):
            callback = ref()
            if callback is None:
                _listeners.remove(ref)
            else:
                callback(_active)
    return _active


@contextmanager
def language(code: str | None) -> Iterator[str]:
    """Messages in ``code`` inside the ``with`` block, the language before it afterwards (for tests and
    for a text a teacher wants in another language): ``with language("fi"): print(RULES["CAR-ACT-1"])``."""
    before = _chosen
    try:
        yield set_language(code)
    finally:
        set_language(before)


@contextmanager
def wording_in(code: str) -> Iterator[str]:
    """Messages in ``code`` inside the ``with`` block, for wording a text stored earlier in the language it
    was made in (a log line kept as its message and fields, worded when first read). Unlike
    :func:`language` it changes neither the chosen language nor tells the listeners (no app redraws): only
    the words made inside the block. ``code`` is a code :func:`get_language` gave."""
    global _active, _active_translation
    if _active is None:
        get_language()
    if code == _active:
        yield code
        return
    before = _active, _active_translation
    try:
        _activate(code)
        yield code
    finally:
        _active, _active_translation = before


def on_language_change(callback: Callable[[str], object]) -> Callable[[], None]:
    """Call ``callback(code)`` after every change of language; returns a function that stops it.

    Only a weak reference is kept (a bound method of an app that is closed and dropped is forgotten).
    """
    import inspect

    if inspect.ismethod(callback):
        ref = weakref.WeakMethod(callback)
    else:   # a function, or a builtin's method (list.append): held strongly, until stop() is called
        ref = (lambda: callback) if not hasattr(callback, "__weakref__") else weakref.ref(callback)
    _listeners.append(ref)

    def stop() -> None:
        if ref in _listeners:
            _listeners.remove(ref)
    return stop


def _activate(code: str) -> None:
    global _active, _active_translation
    _active = code
    _active_translation = None if code == SOURCE else translation(code)


# --- catalogues --------------------------------------------------------------------------------------

def translation(code: str) -> _gettext.NullTranslations:
    """The gettext translations of language ``code`` (compiled once per process).

    The compiled ``.mo`` beside the ``.po`` is read when it is at least as new; otherwise the ``.po`` is
    compiled in memory with babel (an editable install, or a catalogue just edited). A message missing
    from the catalogue comes back in English.
    """
    if code in _loaded:
        return _loaded[code]
    folder = LOCALE_DIR / code / "LC_MESSAGES"
    po, mo = folder / f"{DOMAIN}.po", folder / f"{DOMAIN}.mo"
    result: _gettext.NullTranslations = _gettext.NullTranslations()
    if mo.is_file() and (not po.is_file() or mo.stat().st_mtime >= po.stat().st_mtime):
        with mo.open("rb") as handle:
            result = _gettext.GNUTranslations(handle)
    elif po.is_file():
        data = compile_po(po)
        if data is not None:
            result = _gettext.GNUTranslations(io.BytesIO(data))
    _loaded[code] = result
    return result


def compile_po(path: Path) -> bytes | None:
    """The ``.mo`` bytes of the ``.po`` catalogue at ``path`` (fuzzy entries left out), compiled with
    babel; ``None`` with a warning if babel is not installed (messages then stay in English)."""
    try:
        from babel.messages.mofile import write_mo
        from babel.messages.pofile import read_po
    except ImportError:  # pragma: no cover - babel is a dependency; a broken install still runs, in English
        warnings.warn(f"babel is not installed: {path.parent.parent.name} messages are shown in English "
                      "(pip install babel)", stacklevel=3)
        return None
    with path.open("rb") as handle:
        catalog = read_po(handle, domain=DOMAIN)
    out = io.BytesIO()
    write_mo(out, catalog)
    return out.getvalue()


# --- translating ---------------------------------------------------------------------------------------

def gettext(message: str) -> str:
    """``message`` in the current language (itself in English or where there is no translation)."""
    if _active is None:
        get_language()
    return message if _active_translation is None else _active_translation.gettext(message)


tr = gettext
"""The short name the package uses: ``tr("Undo")`` (``_`` is the throwaway variable of the code base)."""


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a message for count ``n``: ``ngettext("{n} seal", "{n} seals", n).format(n=n)``."""
    if _active is None:
        get_language()
    n = int(n)
    if _active_translation is None:
        return singular if n == 1 else plural
    return _active_translation.ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """``message`` in the current language, where the same English word needs different translations
    (``pgettext("jaipur", "round")``)."""
    if _active is None:
        get_language()
    return message if _active_translation is None else _active_translation.pgettext(context, message)


def npgettext(context: str, singular: str, plural: str, n: int) -> str:
    """:func:`ngettext` with a context."""
    if _active is None:
        get_language()
    n = int(n)
    if _active_translation is None:
        return singular if n == 1 else plural
    return _active_translation.npgettext(context, singular, plural, n)


def N_(message: str) -> str:
    """Mark ``message`` for the catalogue without translating it now (a module constant, translated
    with ``_()`` where it is shown)."""
    return message


class Later:
    """A text made now and worded when it is shown, in the language of that moment: a log keeps
    ``Later(plural, 2, "camel")`` or ``Later(pgettext, "family", "Levant")`` and ``str()``/``format()``
    give ``"2 camels"`` / ``"2 camelos"``. ``func`` is a module-level function (picklable)."""

    __slots__ = ("func", "args")

    def __init__(self, func: Callable[..., object], *args):
        self.func, self.args = func, args

    def __str__(self) -> str:
        return str(self.func(*self.args))

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)

    def __repr__(self) -> str:
        return f"Later({getattr(self.func, '__name__', self.func)}, {', '.join(map(repr, self.args))})"

    def __eq__(self, other) -> bool:
        return isinstance(other, Later) and (self.func, self.args) == (other.func, other.args)

    def __hash__(self) -> int:
        return hash((self.func, self.args))

    def __reduce__(self):
        return (Later, (self.func, *self.args))


class Translated(dict):
    """A dict whose values are English catalogue messages, read in the current language:
    ``SPACE_NAMES = Translated({"khan": N_("Khan's favour")})``; ``SPACE_NAMES["khan"]`` is ``"Boa Vontade do
    Khan"`` in Portuguese. ``context`` translates with ``pgettext`` (names from data files: ``"place"``);
    ``source(key)`` is the English. Keys, ``len`` and ``in`` are the dict's own; a value without a
    translation comes back as it is."""

    def __init__(self, data=(), context: str | None = None):
        super().__init__(data)
        self.context = context

    def _word(self, value):
        if not isinstance(value, str):
            return value
        return pgettext(self.context, value) if self.context else gettext(value)

    def __getitem__(self, key):
        return self._word(super().__getitem__(key))

    def get(self, key, default=None):
        return self[key] if key in self else default

    def values(self):
        return [self._word(v) for v in super().values()]

    def items(self):
        return [(k, self._word(v)) for k, v in super().items()]

    def source(self, key) -> str:
        """The English value of ``key``."""
        return super().__getitem__(key)

    def __reduce__(self):
        return (type(self), (dict(super().items()), self.context))


def NP_(context: str, message: str) -> str:
    """:func:`N_` with a context, shown later with ``pgettext(context, message)``."""
    return message


def N_plural(singular: str, plural: str | None = None) -> tuple[str, str]:
    """Mark a noun for the catalogue as :func:`caravan_lessons.core.plural` looks it up (context ``"noun"``),
    for a table of nouns: ``{"diamond": N_plural("diamond", "diamonds"), "gold": N_plural("gold", "gold")}``.
    Returns ``(singular, plural)``; ``plural(n, *pair)`` counts it, ``noun(*pair)`` names it."""
    return singular, plural or singular + "s"


def noun(singular: str, plural: str | None = None) -> str:
    """The noun's singular in the current language, uncounted (``noun("diamond", "diamonds")`` is
    ``"diamante"`` in Portuguese): the same catalogue entry as ``plural(1, ...)``."""
    return npgettext(PLURAL_CONTEXT, singular, plural or singular + "s", 1)
