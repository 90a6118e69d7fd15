"""The chance seam (caravan_lessons.chance) leaves every seeded game as it was.

``data/recorded_games.json`` was written by ``record_games.py`` before the seam existed: random games
(and two Caravan games of the greedy bot) of every engine and player count, with digests of
``to_dict()`` every 20 actions. Replaying the same choices must give the same digests. A game whose
rules changed on purpose since is re-recorded (``rerecorded`` in its record says why); the failure
message says how.
"""
from __future__ import annotations

import json

import pytest

from caravan_lessons import chance, jaipur, marco_polo

from .record_games import PATH, name, replay

RECORDS = json.loads(PATH.read_text())


@pytest.mark.parametrize("record", RECORDS, ids=lambda r: f"{r['game']}-{r['players']}p-seed{r['seed']}")
def test_recorded_games_replay_identically(record):
    why = replay(record)
    assert why is None, (
        f"{name(record)} no longer replays its recorded choices: {why}. If a rule changed on purpose (other legal "
        "actions, or another order of them), check that this first difference is that rule, then re-record the "
        "games that changed (`.venv/bin/python -m tests.interop.record_games --reason '<rule, commit>'`) and give "
        "the reason in the commit message. If no rule changed, the chance seam (caravan_lessons/chance.py) or an "
        "engine's draws (a shuffle or roll added, moved or from another generator) changed seeded games, or a "
        "saved field its format: fix that instead.")


def test_every_player_count_is_recorded():
    counts = {(r["game"], r["players"]) for r in RECORDS}
    assert counts == {("jaipur", 2), *(("samarkand", n) for n in (2, 3, 4, 5)),
                      *(("caravan", n) for n in (2, 3, 4)), *(("marco_polo", n) for n in (2, 3, 4))}


class Fixed:
    """A source that reverses every pile and rolls 6s, to show that the engines obey the seam."""

    def __init__(self):
        self.asked = []

    def shuffle(self, items, what):
        self.asked.append(what)
        items.reverse()

    def randint(self, low, high, what):
        self.asked.append(what)
        return high


def test_a_source_takes_over_every_draw_and_only_inside_the_block():
    source = Fixed()
    with chance.drawn_by(source):
        state = marco_polo.new_game(3, seed=1, characters=["matteo", "berke", "polos"])
    assert {"outpost bonuses", "city cards", "starting contracts", "contracts", "objectives", "die"} <= set(source.asked)
    assert all(v == 6 for _, v in state.dice[0])          # every die rolled by the source
    with chance.drawn_by(source):
        game = jaipur.new_game(seed=3)
    assert source.asked[-4:] == ["deck", "bonus tokens 3", "bonus tokens 4", "bonus tokens 5"]
    assert game.bonus_stacks[3] == list(reversed(jaipur.BONUS_TOKENS[3]))
    assert chance.source() is None
    assert jaipur.new_game(seed=3) == jaipur.new_game(seed=3) != game


def test_a_source_is_checked():
    with pytest.raises(ValueError, match="shuffle"):
        with chance.drawn_by(object()):
            pass


def test_a_changed_game_is_named_at_its_first_difference():
    record = next(r for r in RECORDS if "widths" in r)
    wider = {**record, "widths": [*record["widths"][:4], record["widths"][4] + 1, *record["widths"][5:]]}
    assert replay(wider).startswith("action 5: ")
    reseeded = {**record, "digests": ["0" * 16, *record["digests"][1:]]}
    assert "a draw changed" in replay(reseeded)
    old = {k: v for k, v in record.items() if k != "widths"}
    assert replay({**old, "choices": [*record["choices"][:2], 9999]}).startswith("action 3: the recording took option 10000")
