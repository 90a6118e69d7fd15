"""The shared bot machinery after the speed-ups: one rule check per step in ``play_out``, a View that lists the
legal actions only when asked, the bots playing the very games they played before the speed-ups, the same
moves whatever the process's string hashing (so a league's rows do not depend on which worker plays a game),
and the MCTS checking the moves of a rollout it cannot trust."""
import json
import subprocess
import sys

import pytest

from caravan_lessons.agents import View, make_agent, play_match, play_out
from caravan_lessons.marco_polo import new_game as mp_new_game
from caravan_lessons.mcts import MCTSAgent

# one row per game: winner, scores, decisions; recorded with the bots as they were before the speed-ups
# (commit b2c8755), with seats 0-3 seeded 100 * game + seat and game seeds 40, 41, 42.
# Marco Polo's rows re-recorded after the rule fix of 7670164 (MP-CONTRACT-3: only a contract held before the
# action may be discarded): the bots' lookahead values a second contract taken differently, e.g. greedy game 0
# parts at decision 83 (seat 3 takes two contracts with its 2 instead of one with its 1). The plain rules play
# the same games (test_marco_polo_records_are_the_plain_rules_games).
BEFORE = {
    "marco_polo/greedy": [[0, [48, 30, 15, 12], 269], [1, [6, 33, 26, 26], 214]],
    "marco_polo/heuristic": [[3, [36, 48, 36, 58], 289]],
    "samarkand/greedy": [[3, [48, 34, 50, 64], 73], [1, [38, 43, 33, 32], 60], [3, [51, 43, 51, 57], 86]],
    "samarkand/heuristic": [[3, [36, 38, 30, 43], 72], [0, [48, 39, 28, 32], 69], [2, [51, 72, 75, 50], 102]],
    "caravan/greedy": [[3, [42, 37, 34, 45], 392], [3, [39, 35, 35, 39], 345], [0, [52, 50, 40, 42], 456]],
    "caravan/heuristic": [[0, [46, 39, 39, 44], 427], [3, [45, 44, 41, 55], 450], [0, [53, 31, 40, 47], 423]],
}


@pytest.mark.parametrize("key", sorted(BEFORE))
def test_the_faster_bots_play_the_games_they_played_before(key):
    game, bot = key.split("/")
    for i, expected in enumerate(BEFORE[key]):
        result = play_match(game, [make_agent(bot, 100 * i + s, game=game) for s in range(4)], seed=40 + i)
        assert [result.winner, [int(x) for x in result.scores], result.turns] == expected


def test_marco_polo_records_are_the_plain_rules_games(monkeypatch):
    """The recorded games are the rules' games, not a speed trick's: with every Marco Polo fast path replaced by
    the plain rule checks (child() for the unchecked lookahead child, apply() for the listed apply, the reference
    _placements for movegen), greedy plays the recorded game 0."""
    from caravan_lessons.marco_polo import rules

    monkeypatch.setattr(rules.State, "_child_listed", lambda self, action: self.child(action))
    monkeypatch.setattr(rules.State, "_apply_listed", lambda self, action: self.apply(action))
    monkeypatch.setattr(rules.movegen, "placements",
                        lambda state, seat, first_only=False: state._placements(seat, stop_at_first=first_only))
    result = play_match("marco_polo", [make_agent("greedy", s, game="marco_polo") for s in range(4)], seed=40)
    assert [result.winner, [int(x) for x in result.scores], result.turns] == BEFORE["marco_polo/greedy"][0]


class _Cheat:
    name = "cheat"

    def choose(self, view):
        from caravan_lessons.marco_polo import EndTurn

        return EndTurn()          # before any main action: MP-TURN-1


def test_play_out_names_the_agent_and_the_rule_and_leaves_the_state_as_it_was():
    state = mp_new_game(2, seed=3)
    before = state.to_dict()
    with pytest.raises(ValueError, match=r"agent 'cheat' chose an illegal action EndTurn\(\): MP-TURN-1"):
        play_out(state, [_Cheat(), _Cheat()], 100)
    assert state.to_dict() == before


class _Counting:
    """A state whose legal_actions() calls are counted."""

    def __init__(self, state):
        self.state, self.calls = state, 0

    def legal_actions(self):
        self.calls += 1
        return self.state.legal_actions()


def test_a_view_lists_the_legal_actions_once_and_only_when_asked():
    counting = _Counting(mp_new_game(2, seed=1))
    view = View(counting, 0)
    assert counting.calls == 0
    first = view.legal_actions
    assert view.legal_actions is first and counting.calls == 1
    given = View(counting, 0, ["x"])
    assert given.legal_actions == ["x"] and counting.calls == 1
    assert given.restricted(["x"]).legal_actions == ["x"]


SCRIPT = r"""
import json, random
from caravan_lessons.agents import View, make_agent, play_match
from caravan_lessons.core import game_module
from caravan_lessons.mcts import MCTSAgent
out = {}
for game in ("marco_polo", "samarkand", "caravan"):
    r = play_match(game, [make_agent("heuristic", s, game=game) for s in range(3)], seed=5)
    out[game] = [r.winner, r.scores, r.turns]
    if game != "marco_polo":
        continue
    state = game_module(game).new_game(4, seed=0)
    rng, steps = random.Random(0), 0
    while steps < 16 or len(state.legal_actions()) <= 3:
        state.apply(rng.choice(state.legal_actions()))
        steps += 1
    out[game + "/mcts"] = repr(MCTSAgent(iterations=600, seed=0).choose(View(state, state.current_player)))
print(json.dumps(out))
"""


def test_the_bots_move_alike_whatever_the_string_hashing():
    """Worker processes hash strings with other seeds: a bot summing over a set of city names (Marco Polo's
    plan value did) could then choose otherwise in a near tie, and a league's rows would depend on the worker."""
    runs = []
    for hashseed in ("0", "5"):
        done = subprocess.run([sys.executable, "-c", SCRIPT], capture_output=True, text=True, timeout=600,
                              env={"PYTHONHASHSEED": hashseed, "PATH": ""})
        assert done.returncode == 0, done.stderr[-2000:]
        runs.append(json.loads(done.stdout))
    assert runs[0] == runs[1]


def test_mcts_checks_the_moves_of_a_rollout_it_cannot_trust():
    def bad(state, rng):
        from caravan_lessons.marco_polo import EndTurn

        return EndTurn()

    state = mp_new_game(2, seed=4)
    with pytest.raises(ValueError, match="MP-TURN-1"):
        MCTSAgent(iterations=20, seed=1, rollout=bad, depth=4).choose(View(state, state.current_player))


def test_mcts_root_bias_keeps_the_search_on_the_ranked_moves_and_is_checked():
    """With a bias toward the game's rank_actions order the first-ranked root child is searched at least as
    long as without, and the most; a bad bias is one ValueError naming it."""
    from caravan_lessons import samarkand

    state = samarkand.new_game(2, seed=1)
    rng = __import__("random").Random(1)
    for _ in range(12):
        actions = state.legal_actions()
        state.apply(actions[rng.randrange(len(actions))])
    while len(state.legal_actions()) <= 3:
        state.apply(state.legal_actions()[0])
    first = samarkand.rank_actions(state, state.legal_actions())[0]

    def visits(bias):
        agent = MCTSAgent(iterations=150, seed=2, depth=0, bias=bias)
        agent.choose(View(state, state.current_player))
        return {a: v for a, v, _ in agent.last_search}

    plain, biased = visits(0), visits(5.0)
    assert biased[first] >= plain[first] and biased[first] == max(biased.values())
    for bad in (-1, "x", True):
        with pytest.raises(ValueError, match="bias must be a number >= 0"):
            MCTSAgent(bias=bad)
