"""The learner's language: English, Portuguese and Finnish through gettext catalogues (babel).

What is checked: every message of the code has a pt and an fi translation (a fresh extraction, not the
committed template); placeholders and rule IDs agree with the English; the ways of choosing a language
(set_language, CARAVAN_LESSONS_LANG, the system locale) and the refusal of an unknown one; a missing
translation falls back to English; plurals follow each language; the rules command; the catalogue
compiled at import (editable install) and from a built wheel.
"""
from __future__ import annotations

import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import write_po

from caravan_lessons import LanguageError, core, i18n, set_language
from caravan_lessons.core import plural
from caravan_lessons.i18n import gettext as _
from caravan_lessons.i18n import language

catalogs = pytest.importorskip("caravan_lessons.catalogs")

ROOT = Path(__file__).resolve().parents[1]
GAMES = core.game_names()


@pytest.fixture(scope="module")
def template():
    """The messages of the code as babel extracts them now (about a second)."""
    return catalogs.extract()


# --- the catalogues are complete and consistent ---------------------------------------------------------

@pytest.mark.parametrize("lang", catalogs.LANGUAGES)
def test_every_message_has_a_translation_with_the_same_placeholders_and_rule_ids(lang, template):
    found = catalogs.problems(lang, template)
    assert not found, f"{len(found)} problems in the {lang} catalogue (make translations, then translate):\n" + \
        "\n".join(found[:60])


def test_the_extraction_finds_every_rule_text_and_section(template):
    ids = {m.id for m in template if m.id}
    for game in GAMES:
        for rule in core.game_module(game).RULES.values():
            assert rule.source_text in ids, f"{rule.id}'s text is not in the catalogue"
            assert rule.source_section in ids, f"{rule.id}'s section {rule.source_section!r} is not in the catalogue"
    assert sum(len(core.game_module(g).RULES) for g in GAMES) == 187


def _po(tmp_path: Path, lang: str, entries: list[tuple]) -> Path:
    catalog = Catalog(locale=lang, domain=i18n.DOMAIN, fuzzy=False)
    for msgid, msgstr, *flags in entries:
        catalog.add(msgid, msgstr, flags=flags)
    path = tmp_path / lang / "LC_MESSAGES" / f"{i18n.DOMAIN}.po"
    path.parent.mkdir(parents=True)
    with path.open("wb") as handle:
        write_po(handle, catalog)
    return path


def test_the_check_reports_each_kind_of_problem(tmp_path):
    """The catalogue test can fail: each fault of a translation is one line naming the message."""
    template = Catalog(domain=i18n.DOMAIN)
    for msgid in ("Player {seat} sells {count}.", "See JAI-SELL-4.", "Undo", "Next round", "%(n)s coins",
                  "Missing here"):
        template.add(msgid)
    path = _po(tmp_path, "fi", [
        ("Player {seat} sells {count}.", "Pelaaja {paikka} myy {count}."),   # a placeholder renamed
        ("See JAI-SELL-4.", "Katso JAI-MYY-4."),                             # a rule ID translated
        ("Undo", "", ),                                                      # untranslated
        ("Next round", "Seuraava kierros", "fuzzy"),                         # fuzzy: not shown
        ("%(n)s coins", "%(m)s kolikkoa"),                                   # babel's own check
    ])
    found = catalogs.problems("fi", template, path)
    text = "\n".join(found)
    assert len(found) == 6, text
    assert "placeholders ['count', 'paikka']" in text
    assert "rule IDs ['JAI-MYY-4'] in the translation, ['JAI-SELL-4'] in the English" in text
    assert "untranslated 'Undo'" in text and "fuzzy 'Next round'" in text
    assert "missing 'Missing here'" in text
    assert "unknown named placeholder 'm'" in text


def test_rule_ids_are_never_translated():
    for lang in ("pt", "fi"):
        with language(lang):
            for game in GAMES:
                rules = core.game_module(game).RULES
                for key, rule in rules.items():
                    assert key == rule.id and str(rule).startswith(f"{rule.id} (")
                    assert rule.text != rule.source_text, f"{lang}: {rule.id} is not translated"
            error = core.RuleViolation("JAI-SELL-4", _("Camels are never sold."))
            assert str(error).startswith("JAI-SELL-4: ") and error.rule == "JAI-SELL-4"


# --- choosing the language ------------------------------------------------------------------------------

def test_set_language_translates_rules_at_once_and_back():
    from caravan_lessons import jaipur

    rule = jaipur.RULES["JAI-SELL-5"]
    assert rule.text == "Camels are never sold."
    assert set_language("pt") == "pt"
    assert rule.text == "Camelos nunca são vendidos." and rule.section == "Vender Cartas"
    assert set_language("fi_FI.UTF-8") == "fi"
    assert rule.text == "Kameleita ei koskaan myydä."
    set_language("en")
    assert rule.text == "Camels are never sold." and rule.source_text == rule.text


def test_unknown_language_is_refused_listing_the_languages_and_nothing_changes():
    set_language("pt")
    for bad in ("de", "xx_YY", "", 3, None.__class__):
        with pytest.raises(LanguageError) as error:
            set_language(bad)
        assert "en (English), fi (suomi), pt (português)" in str(error.value)
        assert len(str(error.value)) < 160
        assert i18n.get_language() == "pt"
    assert isinstance(LanguageError("x"), ValueError)


def test_the_environment_variable_then_the_system_locale_choose_the_default(monkeypatch):
    monkeypatch.setenv("CARAVAN_LESSONS_LANG", "fi")
    assert set_language(None) == "fi"
    monkeypatch.delenv("CARAVAN_LESSONS_LANG")
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("LANG", "pt_BR.UTF-8")
    assert set_language(None) == "pt"
    monkeypatch.setenv("LC_ALL", "C.UTF-8")          # the first locale variable set decides: C is English
    assert set_language(None) == "en"
    monkeypatch.setenv("LANGUAGE", "de:fi")          # gettext's list: the first language there is
    assert set_language(None) == "fi"
    monkeypatch.setenv("CARAVAN_LESSONS_LANG", "pt")  # the project's variable beats the locale
    assert set_language(None) == "pt"
    set_language("en")                               # set_language beats both
    assert i18n.get_language() == "en"


def test_an_unknown_environment_language_warns_and_falls_back(monkeypatch):
    monkeypatch.setenv("CARAVAN_LESSONS_LANG", "klingon")
    monkeypatch.setenv("LC_ALL", "C")
    with pytest.warns(UserWarning, match=r"CARAVAN_LESSONS_LANG='klingon' ignored: unknown language .*fi \(suomi\)"):
        assert set_language(None) == "en"


@pytest.mark.parametrize("value", ["xx", "de_DE.UTF-8", "C", "POSIX"])
def test_an_unknown_environment_language_in_a_fresh_process_is_one_warning_then_english(value):
    """No language is active yet in a fresh process: the warning must not go through the catalogue, which
    would ask for the default language again (it recursed until RecursionError, at every entry point)."""
    env = {**os.environ, "CARAVAN_LESSONS_LANG": value, "LC_ALL": "C", "LANGUAGE": ""}
    result = subprocess.run([sys.executable, "-m", "caravan_lessons", "rules", "jaipur"], env=env,
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr[-500:]
    assert result.stdout.startswith("JAI-")
    warned = [line for line in result.stderr.splitlines() if "ignored" in line]
    assert len(result.stderr.splitlines()) <= 2 and len(warned) == (value in ("xx", "de_DE.UTF-8"))
    assert "Traceback" not in result.stderr


def test_a_missing_translation_falls_back_to_english(tmp_path, monkeypatch):
    _po(tmp_path, "fi", [("Undo", "Kumoa"), ("Next round", "")])
    monkeypatch.setattr(i18n, "LOCALE_DIR", tmp_path)
    monkeypatch.setattr(i18n, "_loaded", {})
    assert i18n.available_languages() == ("en", "fi")
    set_language("fi")
    assert _("Undo") == "Kumoa"
    assert _("Next round") == "Next round"           # untranslated: English, never a crash
    assert _("Not in the catalogue at all") == "Not in the catalogue at all"
    assert plural(2, "camel") == "2 camels"


def test_listeners_hear_each_change_once_and_can_stop():
    heard = []
    stop = i18n.on_language_change(heard.append)
    set_language("fi")
    set_language("fi")
    set_language("pt")
    stop()
    set_language("en")
    assert heard == ["fi", "pt"]


# --- plurals and the rules command ----------------------------------------------------------------------

def test_plural_is_translated_with_each_languages_forms():
    assert [plural(n, "camel") for n in (0, 1, 2)] == ["0 camels", "1 camel", "2 camels"]
    assert plural(3, "die", "dice") == "3 dice"
    with language("pt"):
        assert [plural(n, "camel") for n in (0, 1, 2)] == ["0 camelos", "1 camelo", "2 camelos"]
        assert plural(1, "die", "dice") == "1 dado"
    with language("fi"):
        assert [plural(n, "coin") for n in (1, 5)] == ["1 kolikko", "5 kolikkoa"]   # partitive after a number
        assert plural(-1, "point") == "-1 piste"


def test_rules_command_in_each_language(capsys):
    from caravan_lessons.__main__ import main

    assert main(["rules", "caravan", "--lang", "fi"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert len(out) == 41 and out[0].startswith("CAR-COMP-1 (komponentit, pelin kohde): Laatikossa on 24 kamelia")
    assert main(["rules", "jaipur", "--lang=pt"]) == 0
    assert "JAI-SELL-5 (Vender Cartas): Camelos nunca são vendidos." in capsys.readouterr().out
    assert i18n.get_language() == "pt"
    set_language("en")


def test_caravan_section_names_are_one_language_each_with_the_finnish_rulebook_heading_named_as_such():
    """The English (and Portuguese) section of a Caravan rule names the Finnish rulebook's own heading only as
    "(rulebook: ...)"; the Finnish section is that heading, never the English name left untranslated (the panel
    read "Moving and delivering a good (siirrä ja toimita hyvä)" in English and "Setup" in Finnish)."""
    import re

    from caravan_lessons.caravan import RULES

    sections = {r.source_section for r in RULES.values()}
    assert len(sections) == 9
    for section in sections:
        english = re.fullmatch(r"([A-Za-z ,/]+?)(?: \(rulebook: (.+)\))?", section)
        assert english, f"{section!r}: English words, then at most '(rulebook: <the Finnish heading>)'"
        with language("fi"):
            finnish = _(section)
        with language("pt"):
            portuguese = _(section)
        # the English name may stand in the Finnish only as the rulebook's own heading, quoted (Caravan's
        # Finnish rulebook heads its setup "Setup")
        assert finnish != section and english.group(1) not in re.sub("»[^«]*«", "", finnish), (section, finnish)
        if english.group(2):
            assert finnish.casefold().startswith(english.group(2).casefold()), (section, finnish)
            assert portuguese.endswith(f"(livro de regras: {english.group(2)})"), (section, portuguese)
        else:
            assert "livro de regras" in portuguese and english.group(1) not in portuguese.split("(")[0]


def test_rules_command_errors_in_the_chosen_language(capsys):
    from caravan_lessons.__main__ import main

    with pytest.raises(SystemExit) as exit_:
        main(["rules", "chess", "--lang", "pt"])
    assert exit_.value.code == 2
    err = capsys.readouterr().err
    assert err == ("caravan_lessons: erro: argumento game: jogo desconhecido 'chess'; jogos disponíveis: caravan, "
                   "jaipur, marco_polo, samarkand (veja --help)\n")
    with language("en"):             # an unknown --lang: the error in the language in use, frame and all
        assert main(["rules", "jaipur", "--lang", "de"]) == 2
    assert capsys.readouterr().err == ("caravan_lessons: error: --lang: unknown language 'de'; available: "
                                       "en (English), fi (suomi), pt (português)\n")
    with language("fi"):
        assert main(["rules", "jaipur", "--lang", "de"]) == 2
    assert capsys.readouterr().err == ("caravan_lessons: virhe: --lang: tuntematon kieli 'de'; saatavilla: "
                                       "en (English), fi (suomi), pt (português)\n")
    with pytest.raises(SystemExit):
        main(["rules", "--lang", "fi"])
    assert "seuraavat argumentit vaaditaan: game" in capsys.readouterr().err
    import argparse

    assert argparse._("expected one argument") == "expected one argument"   # argparse is itself again


# --- compiled catalogues: .mo beside the .po, in memory, and in a wheel ---------------------------------

def test_a_compiled_mo_and_the_in_memory_po_translate_the_same(tmp_path, monkeypatch):
    import shutil

    for lang in catalogs.LANGUAGES:
        target = tmp_path / lang / "LC_MESSAGES"
        target.mkdir(parents=True)
        shutil.copy(catalogs.po_path(lang), target)
    monkeypatch.setattr(i18n, "LOCALE_DIR", tmp_path)
    monkeypatch.setattr(catalogs, "LOCALE_DIR", tmp_path)
    monkeypatch.setattr(i18n, "_loaded", {})
    from_po = i18n.translation("fi")
    assert not (tmp_path / "fi" / "LC_MESSAGES" / f"{i18n.DOMAIN}.mo").exists()
    written = catalogs.compile_all()
    assert [p.name for p in written] == [f"{i18n.DOMAIN}.mo"] * len(catalogs.LANGUAGES)
    monkeypatch.setattr(i18n, "_loaded", {})
    from_mo = i18n.translation("fi")
    assert type(from_mo).__name__ == "GNUTranslations"
    assert from_mo._catalog == from_po._catalog and len(from_mo._catalog) > 200


def test_a_wheel_carries_the_catalogues_and_translates_when_installed(tmp_path):
    """The .po files go into the wheel as package data; installed (not editable), the package compiles them
    at first use and the rules come out in Finnish."""
    wheels = tmp_path / "wheels"
    build = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q",
                            "-w", str(wheels), str(ROOT)], capture_output=True, text=True, timeout=300)
    assert build.returncode == 0, build.stderr[-2000:]
    wheel = next(wheels.glob("caravan_lessons-*.whl"))
    names = set(zipfile.ZipFile(wheel).namelist())
    for lang in catalogs.LANGUAGES:
        assert f"caravan_lessons/locale/{lang}/LC_MESSAGES/caravan_lessons.po" in names
    site = tmp_path / "site"
    zipfile.ZipFile(wheel).extractall(site)
    env = {**os.environ, "PYTHONPATH": str(site), "CARAVAN_LESSONS_LANG": "fi"}
    run = subprocess.run([sys.executable, "-c", "import caravan_lessons, sys; from caravan_lessons import caravan; "
                          "print(caravan_lessons.__file__); print(caravan.RULES['CAR-ACT-3'].text)"],
                         capture_output=True, text=True, env=env, cwd=tmp_path, timeout=120)
    assert run.returncode == 0, run.stderr[-2000:]
    where, text = run.stdout.splitlines()
    assert where.startswith(str(site)) and text == "Tavaran poimiminen maksaa yhden toiminnon."


# --- the glossary: the rulebooks' words, used by the catalogues ---------------------------------------

def test_the_glossary_page_is_written_from_the_data():
    from caravan_lessons.glossary import document

    assert (ROOT / "docs" / "glossary.md").read_text(encoding="utf-8") == document(), \
        "docs/glossary.md is out of date: python -m caravan_lessons.glossary > docs/glossary.md"
    from caravan_lessons.glossary import markdown

    with language("fi"):   # a lesson's table: its column words in the lesson's language; the page stays English
        assert markdown("caravan").splitlines()[0] == "| English | Português | Suomi (sääntökirja) | myös sääntökirjassa |"
        assert document() == (ROOT / "docs" / "glossary.md").read_text(encoding="utf-8")


def _game_of(location: str) -> str | None:
    parts = location.split("/")
    return parts[1] if len(parts) > 2 and parts[1] in GAMES else None


@pytest.mark.parametrize("lang", catalogs.LANGUAGES)
def test_the_translations_use_the_rulebooks_words(lang):
    """Every translated message of a game's package (its rule texts, refusals, log) whose English names a
    glossary term uses that term's word in ``lang`` (the rulebook's own where the rulebook is in ``lang``)."""
    from babel.messages.pofile import read_po

    from caravan_lessons.glossary import term_problems

    with catalogs.po_path(lang).open("rb") as handle:
        catalog = read_po(handle, locale=lang)
    found = []
    for game in GAMES:
        pairs = [(m.id, m.string) for m in catalog if m.id and isinstance(m.id, str) and m.string
                 and any(_game_of(where) == game for where, _ in m.locations)]
        assert len(pairs) >= 30, f"{game}: only {len(pairs)} messages located in its package"
        found += term_problems(game, lang, pairs)
    assert not found, "\n".join(found[:40])


@pytest.mark.rule("MP-TRAVEL-1")
def test_a_choice_with_no_option_is_logged_whole_in_each_language():
    """The log said "Player 1 cannot the contract to discard" (the description lost its verb); now the
    choice is named whole, in every language."""
    from caravan_lessons import marco_polo
    from caravan_lessons.marco_polo import effects

    state = marco_polo.new_game(2, seed=1)
    while state.tasks:
        state.apply(state.legal_actions()[0])
    seat = state.current
    state.coins[seat] = state.camels[seat] = 0    # a travel nobody can pay: no option (a discard always has one)
    for lang, text in (("en", "Player {s} cannot choose the path of your travel: nothing happens."),
                       ("pt", "O jogador {s} não pode fazer isto (escolha o caminho da sua viagem): nada acontece."),
                       ("fi", "Pelaaja {s} ei voi tehdä tätä (valitse matkasi reitti): mitään ei tapahdu.")):
        with language(lang):
            copy = state.clone()
            copy.tasks.insert(0, ("travel", seat, 3))
            effects.run(copy)
            assert str(copy.events[-1]) == text.format(s=seat) + " [MP-TRAVEL-1]"


def test_no_message_is_marked_inside_an_f_string_and_every_counted_noun_is_in_the_catalogue(template):
    """babel reads no call inside an f-string: a tr("...") there never reaches the catalogue (and stays English).
    A noun counted by plural() inside an f-string is looked up all the same: it must be in the catalogue."""
    import ast

    marks = {"tr", "_", "gettext", "ngettext", "pgettext", "npgettext", "N_", "NP_", "N_plural"}
    nouns = {m.id for m in template if m.context == i18n.PLURAL_CONTEXT}
    found = []
    for path in sorted((ROOT / "caravan_lessons").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.JoinedStr):
                for inner in ast.walk(node):
                    if (isinstance(inner, ast.Call) and isinstance(inner.func, ast.Name) and inner.func.id in marks
                            and any(isinstance(a, ast.Constant) and isinstance(a.value, str) for a in inner.args)):
                        found.append(f"{path.relative_to(ROOT)}:{inner.lineno}: {ast.unparse(inner)[:60]}")
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "plural":
                words = [a.value for a in node.args[1:3] if isinstance(a, ast.Constant) and isinstance(a.value, str)]
                if len(words) == len(node.args[1:3]) >= 1:
                    pair = (words[0], words[1] if len(words) == 2 else words[0] + "s")
                    if pair not in nouns:
                        found.append(f"{path.relative_to(ROOT)}:{node.lineno}: the noun {pair} is not in the catalogue")
    assert not found, "\n".join(found)


def test_a_states_repr_is_english_in_every_language():
    """repr() is for developers: one language, never an English frame around translated words (Caravan's said
    '<Caravan 3 players, ..., 2 toimintoa left, 24 kuutiota in the bag>' in Finnish)."""
    from caravan_lessons import caravan, jaipur, marco_polo, samarkand

    states = [jaipur.new_game(seed=1), samarkand.new_game(3, seed=1), caravan.new_game(3, seed=1),
              marco_polo.new_game(2, seed=1)]
    english = [repr(s) for s in states]
    for lang in ("pt", "fi"):
        with language(lang):
            assert [repr(s) for s in states] == english
