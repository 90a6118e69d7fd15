"""Bad arguments to the public entry points shared by every game get one clear line, never a raw
traceback from deep inside: evaluate/determinize (the MCTS hooks), save_game, the arena, the
bots-play-to-the-end entry points, the action constructors and the UI's ScoreStepper/RulePanel.

Booleans and floats are not counts or seats. Each bad value is checked to raise a ValueError (the
base of RuleViolation and SaveFileError) whose message is one line and names what is expected.
"""
from __future__ import annotations

import random

import pytest

from caravan_lessons import SaveFileError, arena, caravan, jaipur, load_game, marco_polo, samarkand, save_game
from caravan_lessons.agents import check_lineup, play_match, simulate

GAMES = {"jaipur": jaipur, "samarkand": samarkand, "caravan": caravan, "marco_polo": marco_polo}
BAD = [None, True, False, 2.5, -1, 10**100, "3", [], {}, "zz", float("nan"), object()]


def one_clear_line(call, *words, error=ValueError):
    """``call()`` raises ``error`` with a one-line message containing every word of ``words``."""
    with pytest.raises(error) as info:
        call()
    text = str(info.value)
    assert text and "\n" not in text and len(text) < 400, text
    for word in words:
        assert word in text, (word, text)
    return text


def new(name):
    return jaipur.new_game(seed=1) if name == "jaipur" else GAMES[name].new_game(players=2, seed=1)


# --- the MCTS hooks --------------------------------------------------------------------------------

@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("player", [None, True, False, 2.5, -1, 5, "0", 1.0])
def test_evaluate_refuses_what_is_not_a_seat(name, player):
    state = new(name)
    one_clear_line(lambda: GAMES[name].evaluate(state, player), "evaluate: player", "seat")


@pytest.mark.parametrize("name", GAMES)
def test_evaluate_still_answers_for_every_seat(name):
    state = new(name)
    for seat in (0, 1):
        assert 0.0 <= GAMES[name].evaluate(state, seat) <= 1.0


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("observation", BAD)
def test_determinize_refuses_what_is_not_an_observation(name, observation):
    one_clear_line(lambda: GAMES[name].determinize(observation, random.Random(0)), "observation")


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("rng", BAD + [0, random])
def test_determinize_refuses_what_is_not_a_random_generator(name, rng):
    observation = new(name).observation(0)
    one_clear_line(lambda: GAMES[name].determinize(observation, rng), "rng", "random.Random")


def test_another_games_observation_is_refused():
    observation = new("jaipur").observation(0)
    for name in ("samarkand", "caravan", "marco_polo"):
        one_clear_line(lambda name=name: GAMES[name].determinize(observation, random.Random(0)), "observation")


# --- save_game -------------------------------------------------------------------------------------

@pytest.mark.parametrize("state", [None, 3, "game", {}, jaipur.State])
def test_save_game_needs_a_state(tmp_path, state):
    path = tmp_path / "x.json"
    one_clear_line(lambda: save_game(state, path), "save_game saves a game state")
    assert not path.exists()


@pytest.mark.parametrize("name", GAMES)
def test_save_game_paths(tmp_path, name):
    state = new(name)
    for path in (None, 3, True, "", "   ", b"x.json", ["x.json"]):
        one_clear_line(lambda path=path: save_game(state, path), "file path", error=SaveFileError)
    one_clear_line(lambda: save_game(state, tmp_path), "is a folder", "my_game.json", error=SaveFileError)
    missing = tmp_path / "no such folder" / "game.json"
    one_clear_line(lambda: save_game(state, missing), "does not exist", error=SaveFileError)
    assert not missing.parent.exists()
    saved = save_game(state, tmp_path / "game.json")
    assert load_game(saved).to_dict() == state.to_dict()


# --- arena and the play-to-the-end entry points ----------------------------------------------------

@pytest.mark.parametrize("checkpoint", [3, True, 2.5, [], b"x.jsonl", ""])
def test_tournament_checkpoint_must_be_a_path(checkpoint):
    one_clear_line(lambda: arena.tournament(["random", "random"], 1, checkpoint=checkpoint, progress=False),
                   "checkpoint")


def test_tournament_checkpoint_in_a_missing_folder_or_a_folder(tmp_path):
    missing = tmp_path / "gone" / "matches.jsonl"
    one_clear_line(lambda: arena.tournament(["random", "random"], 1, checkpoint=missing, progress=False),
                   "does not exist")
    assert not missing.parent.exists()
    one_clear_line(lambda: arena.tournament(["random", "random"], 1, checkpoint=tmp_path, progress=False),
                   "is a folder")


@pytest.mark.parametrize("processes", [0, -3, True, 2.0, "2", None, 10**9, 257])
def test_tournament_processes(processes):
    one_clear_line(lambda: arena.tournament(["random", "random"], 1, processes=processes, progress=False),
                   "processes must be a whole number >= 1 and <= 256")


@pytest.mark.parametrize("games", [10**100, arena.MAX_GAMES + 1])
def test_tournament_games_has_a_ceiling(games):
    one_clear_line(lambda: arena.tournament(["random", "random"], games, progress=False), "at most 1,000,000")


@pytest.mark.parametrize("confidence", [None, True, 0, 1, 2, -0.5, float("nan"), "0.95"])
def test_win_rates_confidence(confidence):
    df = arena.tournament(["random", "random"], 2, progress=False)
    one_clear_line(lambda: arena.win_rates(df, confidence=confidence), "confidence")


@pytest.mark.parametrize("lineup", [None, True, 2.5, -1, "random", {}, object()])
def test_lineups_must_be_lists(lineup):
    one_clear_line(lambda: play_match("jaipur", lineup), "one entry per seat")
    one_clear_line(lambda: simulate("jaipur", 1, bots=lineup, progress=False), "one entry per seat")
    for module in (samarkand, caravan, marco_polo):
        one_clear_line(lambda module=module: module.play_match(lineup), "one entry per seat")
    one_clear_line(lambda: samarkand.simulate(1, bots=lineup, progress=False), "one entry per seat")
    one_clear_line(lambda: caravan.simulate(1, bots=lineup, progress=False), "one entry per seat")


def test_lineup_entries():
    one_clear_line(lambda: check_lineup([("random", {"zz": 1}), "random"], "bots", names=True), "bot names")
    for module in (samarkand, caravan, marco_polo):
        one_clear_line(lambda module=module: module.play_match(["random", "random"]), "choose(view)")
    one_clear_line(lambda: play_match("jaipur", [None, None]), "agents[0]", "choose(view)")
    one_clear_line(lambda: samarkand.simulate(10**100, progress=False), "games")
    one_clear_line(lambda: caravan.simulate(1, bots=["random"], progress=False), "two bots")


# --- action constructors ---------------------------------------------------------------------------

GARBAGE_ACTIONS = {
    "jaipur": [lambda: jaipur.Sell("cloth", True), lambda: jaipur.Sell("cloth", 2.5), lambda: jaipur.Sell("zz", 2),
               lambda: jaipur.Sell(None, 2), lambda: jaipur.TakeOne(None), lambda: jaipur.TakeOne("zz"),
               lambda: jaipur.TakeOne(["cloth"]), lambda: jaipur.Exchange(None, None),
               lambda: jaipur.Exchange("cloth", "gold")],
    "samarkand": [lambda: samarkand.Marry(None), lambda: samarkand.Marry(3), lambda: samarkand.Place("levant", None),
                  lambda: samarkand.Place(None, "g1"), lambda: samarkand.Discard((99,)),
                  lambda: samarkand.Discard(None), lambda: samarkand.Discard((True,)), lambda: samarkand.Discard((-1,)),
                  lambda: samarkand.Discard(("a",)), lambda: samarkand.Sell(-1), lambda: samarkand.Sell(True),
                  lambda: samarkand.Sell(10**100), lambda: samarkand.Sell(None), lambda: samarkand.Keep(2.5),
                  lambda: samarkand.Keep("3"), lambda: samarkand.Sell(0), lambda: samarkand.Keep(34)],
    "caravan": [lambda: caravan.PlaceCamel(None), lambda: caravan.PlaceCamel((True, 0)),
                lambda: caravan.PlaceCamel((0.5, 1)), lambda: caravan.PlaceCamel("a1"),
                lambda: caravan.PlaceCamel((0, 1, 2)), lambda: caravan.MoveCamel(None, None),
                lambda: caravan.PickUp(None), lambda: caravan.Steal((0, 1), True, "salt"),
                lambda: caravan.Steal((0, 1), -1, None), lambda: caravan.MoveGood((0, 0), (0, 1), "zz")],
}


@pytest.mark.parametrize("name,index", [(g, i) for g, items in GARBAGE_ACTIONS.items() for i in range(len(items))])
def test_action_constructors_refuse_garbage(name, index):
    one_clear_line(GARBAGE_ACTIONS[name][index])


MP_GARBAGE = [marco_polo.Place(None, None), marco_polo.Place("bazaar:camel", (None,)),
              marco_polo.Place("coins", (("own", 7),)), marco_polo.Place("coins", (), set_to=True),
              marco_polo.Fulfil(True), marco_polo.Fulfil("3"), marco_polo.Reroll(None), marco_polo.Adjust(None, 1),
              marco_polo.Move(None), marco_polo.Choose(None, None), marco_polo.Choose("zz", 1)]


@pytest.mark.parametrize("index", range(len(MP_GARBAGE)))
def test_marco_polo_refuses_garbage_at_apply(index):
    """Marco Polo validates at the public boundary, apply()/why_illegal (tests/marco_polo/test_fuzz.py wants its
    constructors to build anything): every garbage action is refused with an MP- rule, the state untouched."""
    state = marco_polo.new_game(players=3, seed=1)
    before = state.to_dict()
    problem = state.why_illegal(MP_GARBAGE[index])
    assert problem is not None and problem.rule.startswith("MP-")
    one_clear_line(lambda: state.apply(MP_GARBAGE[index]), "MP-")
    assert state.to_dict() == before


def test_action_constructors_keep_well_formed_actions():
    assert samarkand.Discard([3, 4]) == samarkand.Discard((3, 4))
    # names that may exist on some board are the engine's question, answered with a rule ID
    state = samarkand.new_game(players=3, seed=1)
    problem = state.why_illegal(samarkand.Marry("atlantis"))
    assert problem is not None and problem.rule


@pytest.mark.parametrize("name", GAMES)
def test_every_legal_action_can_be_rebuilt(name):
    """The constructors' checks accept every action the engines generate (a few states along a game)."""
    from dataclasses import fields, is_dataclass

    state = new(name)
    rng = random.Random(5)
    for _ in range(40):
        if state.is_terminal():
            break
        actions = list(state.legal_actions())
        for action in actions:
            if is_dataclass(action):
                copy = type(action)(*(getattr(action, f.name) for f in fields(action)))
                assert copy == action
        state.apply(actions[rng.randrange(len(actions))])


# --- ui/common.py ----------------------------------------------------------------------------------

def test_score_stepper_and_rule_panel_arguments():
    from caravan_lessons.ui.common import RulePanel, ScoreStepper

    sheet = jaipur.new_game(seed=1).score_sheet()
    for bad in (True, 3, "sheet", {}, jaipur.new_game(seed=1)):
        one_clear_line(lambda bad=bad: ScoreStepper(sheet=bad), "score sheet")
    one_clear_line(lambda: ScoreStepper(sheet, names="ab"), "names")
    one_clear_line(lambda: ScoreStepper(sheet, names=["only one"]), "names")
    one_clear_line(lambda: ScoreStepper(rules=3), "rules")
    one_clear_line(lambda: ScoreStepper(colours=["red"]), "colours")
    one_clear_line(lambda: ScoreStepper().go(1), "set_sheet")
    one_clear_line(lambda: ScoreStepper(sheet).go(True), "step")
    for bad in (None, 3, "JAI", {"JAI-TAKE-1": "text"}, ["JAI-TAKE-1"]):
        one_clear_line(lambda bad=bad: RulePanel(bad), "RulePanel", "RULES")
    one_clear_line(lambda: RulePanel(jaipur.RULES, query=3), "query")
    stepper = ScoreStepper(sheet, names=["you", "bot"], rules=jaipur.RULES)
    stepper.go(stepper.step + 1)
    assert RulePanel(jaipur.RULES, "camel").find("camel")
