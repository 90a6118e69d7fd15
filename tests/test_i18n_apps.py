"""The four play apps in Finnish and Portuguese, in-process: no English left on the screen, and the language picker
redraws an open app at once.

"No English" is checked against the English catalogue itself: every piece of English text between placeholders
of a message that no Finnish (or Portuguese) translation also contains (an ID, a class name, "Mercator")
must not appear as words anywhere an app shows text (labels, buttons, HTML, list entries, tooltips, and the
texts drawn on its figures) after the app has been played for a while, the coach gave a hint and a review (its
pictures too), a move was refused and a score sheet is open.
"""
from __future__ import annotations

import html

import ipywidgets as W
import pytest

from caravan_lessons import i18n
from caravan_lessons.i18n import language

pytest.importorskip("caravan_lessons.catalogs")

from tests.i18n_support import TAG, english_in, english_only_fragments  # noqa: E402

_TAG = TAG


def _english_only_fragments(lang: str) -> set[str]:
    return set(english_only_fragments(lang))


def _shown_texts(app) -> list[str]:
    """Every text the app shows: widget labels, values, options, tooltips, and its matplotlib figures' texts."""
    seen: dict[int, object] = {}
    texts: list[str] = []

    def walk(value) -> None:
        if isinstance(value, W.Widget):
            if id(value) in seen:
                return
            seen[id(value)] = value
            for name in ("description", "tooltip", "placeholder"):
                if isinstance(getattr(value, name, None), str):
                    texts.append(getattr(value, name))
            if isinstance(value, (W.HTML, W.Label)) and "<style>" not in value.value:
                texts.append(html.unescape(_TAG.sub(" ", value.value)))
            for label in getattr(value, "_options_labels", ()):
                texts.append(label)
            for tip in getattr(value, "tooltips", None) or ():
                texts.append(tip)
            for child in getattr(value, "children", ()):
                walk(child)
        elif isinstance(value, (list, tuple)):
            for item in value:
                walk(item)
        elif isinstance(value, dict):
            for item in value.values():
                walk(item)

    for attr in vars(app).values():
        walk(attr)
    walk(app)
    for figure in {id(f): f for f in (getattr(app, "figure", None), getattr(app, "map_figure", None),
                                      getattr(getattr(app, "map_view", None), "figure", None)) if f}.values():
        texts.extend(t.get_text() for t in figure.findobj(lambda a: hasattr(a, "get_text")) if t.get_text())
    return texts


def _english_left(app, fragments: set[str]) -> list[str]:
    return english_in("\n".join(_shown_texts(app)), fragments)


def _english_in_review(app, fragments: set[str]) -> list[str]:
    """The English left in the pictures of the app's last review (drawn again: the app shows them as PNG)."""
    from caravan_lessons.viz import coach as coach_viz

    frame, record = app.coach.last_review, app.coach.last_record
    figures = [coach_viz.evaluation_graph(frame).figure]
    figures += [coach_viz.draw_costly_move(record, row, app.coach.review_seat())
                for _, row in coach_viz.costliest(frame, 1).iterrows()]
    return english_in("\n".join(t.get_text() for f in figures
                                 for t in f.findobj(lambda a: hasattr(a, "get_text")) if t.get_text()), fragments)


def _texts_outside(app) -> list[str]:
    """Texts of the app's figures (titles, legends, words on the Axes) that run off their figure: longer words
    must fit (Caravan's Finnish legend ran off the left edge)."""
    out = []
    for figure in {id(f): f for f in (getattr(app, "figure", None), getattr(app, "map_figure", None),
                                      getattr(getattr(app, "map_view", None), "figure", None)) if f}.values():
        box = figure.bbox
        for ax in figure.axes:
            legend = ax.get_legend()
            texts = [*ax.texts, ax.title, *(legend.get_texts() if legend else ())]
            for text in texts:
                if text.get_visible() and text.get_text().strip():
                    extent = text.get_window_extent()
                    if extent.x0 < box.x0 - 1 or extent.x1 > box.x1 + 1:
                        out.append(f"off the figure: {text.get_text()!r}")
    return out


def _play(app, moves: int) -> None:
    """Up to ``moves`` human moves (the first legal action each time), then one refused attempt."""
    for _ in range(moves):
        state = app.state
        if state.is_terminal():
            break
        if app.paused:
            app.continue_play()
            continue
        app.play(state.legal_actions()[-1])


def _apps():
    from caravan_lessons.ui import CaravanApp, JaipurApp, MarcoPoloApp, SamarkandApp

    return {
        "jaipur": lambda: JaipurApp(seed=3, seats=["human", "random"]),
        "samarkand": lambda: SamarkandApp(players=3, seed=2, seats=["human", "random", "random"]),
        "caravan": lambda: CaravanApp(players=3, seed=2, seats=["human", "greedy", "greedy"]),
        "marco_polo": lambda: MarcoPoloApp(players=3, seed=2, seats=["human", "random", "random"]),
    }


@pytest.mark.parametrize("lang", ["fi", "pt"])
@pytest.mark.parametrize("game", ["jaipur", "samarkand", "caravan", "marco_polo"])
def test_an_app_built_in_another_language_shows_no_english(game, lang):
    fragments = _english_only_fragments(lang)
    assert len(fragments) > 500
    with language(lang):
        app = _apps()[game]()
        try:
            _play(app, 12)
            app.coach.hint_budget, app.coach.review_budget = 0.2, 0.02
            assert app.coach.hint(), app.coach.hint_view.value          # the coach's hint and its reason
            problems = _english_left(app, fragments) + _texts_outside(app)
            if lang == "fi":                      # the review, its graph and costliest move (one language: 7 s)
                assert app.coach.review(background=False)
                problems += _english_left(app, fragments) + _english_in_review(app, fragments)
            app.play(object())                    # refused with the engine's words (its TURN-1 clause)
            problems += _english_left(app, fragments)
            app.stepper.set_sheet(app.state.score_sheet(), names=app.short_names())
            app.stepper_box.layout.display = None
            app.stepper.go(len(app.stepper.sheet.rows))
            problems += _english_left(app, fragments)
        finally:
            app.close()
    assert not problems, f"{game} in {lang} shows English or runs off a figure: {sorted(set(problems))[:30]}"


def test_the_language_picker_redraws_an_open_app_at_once_and_every_other_one():
    from caravan_lessons.ui import JaipurApp, SamarkandApp

    first, second = JaipurApp(seed=3), SamarkandApp(players=3, seed=2)
    try:
        assert first.buttons["sell"].description == "Sell" and "to move" in first.status.value
        first.language_picker.value = "fi"
        assert i18n.get_language() == "fi"
        assert first.buttons["sell"].description == "Myy" and "Vuorossa" in first.status.value
        assert second.buttons["marry"].description == "Nai" and second.language_picker.value == "fi"
        assert first.seat_pickers[0].description == "Pelaaja 0" and first.mode_label.value == "<b>Kumoaminen:</b>"
        assert "maaruutu" in _shown_texts(second) and "plain land" not in _shown_texts(second)   # the map's legend
        second.language_picker.value = "pt"
        assert first.buttons["sell"].description == "Vender" and second.buttons["marry"].description == "Casar"
        i18n.set_language("en")                    # set_language reaches the pickers and the apps too
        assert first.language_picker.value == "en" and first.buttons["sell"].description == "Sell"
        assert first.state.legal_actions() and first.seats == ["human", "random"]   # nothing else changed
    finally:
        first.close()
        second.close()
    i18n.set_language("fi")                         # a closed app is no longer redrawn (and does not fail)
    i18n.set_language("en")


@pytest.mark.parametrize("game", ["jaipur", "samarkand", "caravan", "marco_polo"])
def test_a_language_switch_rewords_the_log_and_the_message_line_already_shown(game):
    """Moves played in English (the bots answered), then a refused one: after a switch to Portuguese and to
    Finnish no English is left anywhere (the log's old lines, the message line's refusal and the bots' replies
    included), and back in English every text is the one shown before."""
    with language("en"):
        app = _apps()[game]()
        try:
            _play(app, 6)
            replies = app.explain.value                   # the last move and the bots' answers
            assert replies and len(app.moves) > 6, (replies, len(app.moves))
            shown = {}
            for lang in ("pt", "fi"):
                i18n.set_language(lang)
                left = _english_left(app, _english_only_fragments(lang))
                assert not left, f"{game}: after moves, in {lang}: {left[:20]}"
                shown[lang] = app.explain.value
            i18n.set_language("en")
            assert app.explain.value == replies
            app.play(object())                            # refused (TURN-1): the rule's words on the message line
            refusal = app.explain.value
            before = _shown_texts(app)
            assert "Not allowed" in refusal
            for lang in ("pt", "fi"):
                i18n.set_language(lang)
                left = _english_left(app, _english_only_fragments(lang))
                assert not left, f"{game}: after a refusal, in {lang}: {left[:20]}"
                assert app.explain.value != refusal
            i18n.set_language("en")
            assert _shown_texts(app) == before
        finally:
            app.close()


@pytest.mark.parametrize("game", ["jaipur", "samarkand", "caravan", "marco_polo"])
def test_a_game_played_in_portuguese_reads_in_english_as_if_played_in_english(game):
    """The log worded again after a switch is the log of the same moves (the moves are played again on copies:
    the same cards, dice and bag draws come out), word for word as an app played in English shows it."""
    not_a_move = object()                              # one object: its address is in the refusal

    def played():
        app = _apps()[game]()
        _play(app, 8)
        app.play(not_a_move)
        return app
    with language("en"):
        english = played()
        want = [english.log_view.value, english.explain.value, english.status.value]
        english.close()
    with language("pt"):
        app = played()
        try:
            assert "O que aconteceu" in app.log_view.value or "Mitä tapahtui" not in app.log_view.value
            i18n.set_language("en")
            assert [app.log_view.value, app.explain.value, app.status.value] == want
        finally:
            app.close()
