"""Saved games of The Voyages of Marco Polo: the file schema and its consistency rules.

``state_to_dict`` writes the whole state as JSON-able values; ``state_from_dict`` validates a
dict with the strict ``SaveFile`` model (:func:`saved_game_model`) (through :mod:`caravan_lessons.files`) and then
with the game's own rules (each check names its clause), and rebuilds the state. A bad file is
refused with one :class:`~caravan_lessons.core.SaveFileError` line; nothing else escapes.

Bounds: coins, camels, goods and victory points are 0..999 ([ruling] the supply is unlimited, see
:data:`MAX_SUPPLY`); beyond the schema, :mod:`.checks` refuses cards used twice, extra dice and
malformed pending tasks. A game started with edited data (``new_game(..., data=load_data(folder))``)
records the data's fingerprint (``"data"``) and reloads only with ``State.from_dict(saved,
game_data=load_data(folder))``; ``load_game`` refuses it with a message saying so.
"""
from __future__ import annotations

import random
from functools import lru_cache
from typing import Any

from ..core import Event, FORMAT_VERSION, SaveFileError, _short

GAME = "marco_polo"
MAX_SUPPLY = 999
"""[ruling] The general supply is unlimited (MP-SETUP-1 gives no count); a player holds at most 999 coins,
camels, goods of one kind or victory points in a saved game -- no 5-round game comes near, and a
negative count is never possible."""
MAX_POSTS = 11
"""MP-SETUP-8 / MP-CHAR-7: 9 trading posts each, 11 for Wilhelm von Rubruk."""
DICE_EACH = 5
"""MP-SETUP-8: 5 dice of a player's colour."""
TASK_KINDS = frozenset(("gain", "arrive", "matteo", "black_die", "compact", "setup_done", "roll", "turns", "column",
                        "goods", "pay_goods", "contract", "discard", "column_bonus", "travel", "extra_move",
                        "move_post", "repeat", "direction", "cities", "copy", "compensation", "character",
                        "extra_contract", "objectives"))


def _jsonable(value: Any) -> Any:
    if isinstance(value, (tuple, list)):
        return [_jsonable(v) for v in value]
    return value


def _tupled(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_tupled(v) for v in value)
    return value


def state_to_dict(state, rng: bool = True, events: bool = True) -> dict:
    """The state as a JSON-able dict (``game``, ``version``, every field; the random generator's state).

    ``rng=False`` leaves out the generator's state (no ``"rng"`` key; an observation never shows it) and
    ``events=False`` the event log (``"events": []``)."""
    out = {
        "game": GAME, "version": FORMAT_VERSION, "players": state.players, "seed": state.seed,
        "phase": state.phase, "round": state.round, "start_player": state.start_player, "current": state.current,
        "characters": list(state.characters), "coins": list(state.coins), "camels": list(state.camels),
        "vp": list(state.vp), "vp_items": [dict(d) for d in state.vp_items], "goods": [list(g) for g in state.goods],
        "dice": [[{"colour": c, "value": v} for c, v in pool] for pool in state.dice],
        "spaces": {k: [{"seat": p, "colour": c, "value": v} for p, c, v in placed]
                   for k, placed in state.spaces.items()},
        "black_dice": state.black_dice, "posts": {k: list(v) for k, v in state.posts.items()},
        "posts_left": list(state.posts_left), "posts_placed": list(state.posts_placed),
        "travellers": [list(t) for t in state.travellers], "main_done": state.main_done,
        "black_bought": state.black_bought, "posted_this_turn": list(state.posted_this_turn),
        "last_traveller": state.last_traveller, "winners": list(state.winners),
        "city_bonus_at": dict(state.city_bonus_at), "outposts": dict(state.outposts),
        "city_cards": {k: list(v) for k, v in state.city_cards.items()},
        "board_contracts": list(state.board_contracts), "piles": [list(p) for p in state.piles],
        "special_pile": list(state.special_pile), "active": [list(a) for a in state.active],
        "fulfilled": [list(f) for f in state.fulfilled], "objectives": [list(o) for o in state.objectives],
        "tasks": [_jsonable(t) for t in state.tasks],
        "new_contracts": list(state.new_contracts),
        "options": dict(state.options),
        "events": [{"player": e.player, "text": e.text, "rule": e.rule} for e in state.events] if events else [],
    }
    if rng:
        version, internal, gauss = state.rng.getstate()
        out["rng"] = {"version": version, "state": list(internal)}
    from .components import default_data

    if state.data is not default_data():
        out["data"] = data_fingerprint(state.data)
    return out


_FINGERPRINTS: dict[int, tuple[Any, str]] = {}


def data_fingerprint(data) -> str:
    """A short fingerprint (16 hex digits of SHA-256) of what a :class:`~.components.GameData` plays
    like: the map, the cards, bonuses, characters and tables (not the rule texts). A game played with
    edited data records it, so that it is reloaded with the same data."""
    import hashlib

    known = _FINGERPRINTS.get(id(data))
    if known is not None and known[0] is data:
        return known[1]
    graph = data.board
    content = repr((sorted((str(n), sorted(a.items())) for n, a in graph.nodes(data=True)),
                    sorted((sorted((str(a), str(b))), sorted(x.items())) for a, b, x in graph.edges(data=True)),
                    data.travel_cost, data.bazaar, data.khan_spaces, data.khan_reward, data.contracts,
                    data.city_cards, data.objectives, data.city_bonuses, data.outpost_bonuses, data.characters,
                    data.tables))
    digest = hashlib.sha256(content.encode("utf-8")).hexdigest()[:16]
    _FINGERPRINTS[id(data)] = (data, digest)
    return digest


@lru_cache(maxsize=1)
def saved_game_model() -> type:
    """The StrictModel of a saved game (its JSON Schema documents the format)."""
    from typing import Annotated, Literal, Optional

    from pydantic import Field

    from ..files import StrictModel, bounded

    N = Annotated[int, Field(ge=0)]
    Seat = bounded(0, 3, "seats", "MP-SETUP-8", why="2 to 4 players")
    Value = bounded(0, 6, "die values", "MP-ROUND-4", why="0: a die Raschid has not set yet")
    why = "[ruling] the general supply (MP-SETUP-1) is unlimited; no game of 5 rounds comes near"
    Supply = bounded(0, MAX_SUPPLY, "coins, camels or goods held", "MP-SETUP-1", why=why)
    VP = bounded(0, MAX_SUPPLY, "victory points", "MP-SCORE-6", why="they never go below 0; " + why)
    PerSeat = Annotated[list[Supply], Field(min_length=2, max_length=4)]
    Posts = Annotated[list[bounded(0, MAX_POSTS, "trading posts", "MP-SETUP-8", why="9 each, 11 for Wilhelm")],
                      Field(min_length=2, max_length=4)]
    ContractId = bounded(0, 999, "contract ids", "MP-SETUP-5")
    CardId = bounded(0, 999, "city card ids", "MP-SETUP-4")
    ObjectiveId = bounded(0, 999, "objective ids", "MP-SETUP-13")

    Colour = Literal["own", "black", "white"]

    class Die(StrictModel):
        colour: Colour
        value: Value

    class Placed(StrictModel):
        seat: Annotated[int, Field(ge=-1, le=3)]
        colour: Literal["own", "black", "white", "neutral"]
        value: Value

    class Logged(StrictModel):
        player: Annotated[int, Field(ge=-1, le=3)]
        text: str
        rule: str

    class Rng(StrictModel):
        """The state of Python's Mersenne Twister: version 3, 624 words of 32 bits and a position 0..624."""

        version: Literal[3]
        state: Annotated[list[Annotated[int, Field(ge=0, le=2**32 - 1)]], Field(min_length=625, max_length=625)]

    class Options(StrictModel):
        objectives: Literal[2, 4]
        player_count_variant: bool

    class SaveFile(StrictModel):
        """A game of The Voyages of Marco Polo in progress or finished."""

        game: Literal["marco_polo"]
        version: Annotated[int, Field(ge=1, le=1)]  # strict int: `true` is not version 1
        players: Annotated[int, Field(ge=2, le=4)]
        seed: Annotated[int, Field(ge=-(2**256), le=2**256, description="the game seed (at most 256 bits)")]
        phase: Literal["setup", "play", "over"]
        round: Annotated[int, Field(ge=1, le=5)]
        start_player: Seat
        current: Annotated[int, Field(ge=-1, le=3)]
        characters: list[str]
        coins: PerSeat
        camels: PerSeat
        vp: Annotated[list[VP], Field(min_length=2, max_length=4)]
        vp_items: list[dict[str, bounded(-MAX_SUPPLY, MAX_SUPPLY, "victory points of one kind", "MP-SCORE-6")]]
        goods: list[Annotated[list[Supply], Field(min_length=3, max_length=3,
                                                  description="[pepper, silk, gold] held")]]
        dice: list[Annotated[list[Die], Field(max_length=DICE_EACH + 1 + 5, description="dice on a player's board: "
                                              "5 of their colour, the white die (Matteo), black dice")]]
        spaces: dict[str, list[Placed]]
        black_dice: Annotated[int, Field(ge=0, le=5)]
        posts: dict[str, list[Seat]]
        posts_left: Posts
        posts_placed: Posts
        travellers: list[Annotated[list[str], Field(min_length=1, max_length=2)]]
        main_done: bool
        black_bought: bool
        posted_this_turn: list[str]
        last_traveller: Seat | None
        winners: list[Seat]
        city_bonus_at: dict[str, str]
        outposts: dict[str, N]
        city_cards: dict[str, list[CardId]]
        board_contracts: list[ContractId | None]
        piles: list[list[ContractId]]
        special_pile: list[ContractId]
        active: list[Annotated[list[ContractId], Field(max_length=2)]]
        fulfilled: list[list[ContractId]]
        objectives: list[Annotated[list[ObjectiveId], Field(max_length=4)]]
        options: Options
        tasks: list[list[Any]] = Field(description="pending decisions and effects, first one next: each [kind, seat, "
                                       "...] as listed in marco_polo/effects.py; each kind's values (seat, card of "
                                       "the right kind, die-bounded numbers) are checked on load (MP-TURN-1)")
        new_contracts: list[ContractId] = Field(default=[], description="contracts taken since the action in "
                                               "progress began: not old, so not to be discarded (MP-CONTRACT-3)")
        events: list[Logged]
        rng: Rng
        data: Optional[str] = Field(default=None, description="absent for the package's own game data; else the "
                                    "fingerprint of the edited data the game was played with (load it with "
                                    "State.from_dict(saved, game_data=load_data(folder)))")

    return SaveFile


def state_from_dict(data: Any, source: str = "saved game", game_data=None, *, history: bool = True):
    """Validate ``data`` and rebuild the :class:`~caravan_lessons.marco_polo.rules.State`.

    The checks: the schema, every piece once (:mod:`.checks`), the round, dice, cards and score as the
    rules have them (``checks.check_position``; with ``history``, also how the pieces got there: all 5
    dice of each colour out this round, every contract somewhere, victory points by kind adding up), the
    pending tasks well formed, and that the position can be played on (``checks.check_playable``).

    Args:
        data: ``to_dict()`` output (parsed JSON).
        game_data: the :class:`~.components.GameData` the game was played with, for a game started
            with ``new_game(..., data=load_data(folder))`` (its save records the data's fingerprint);
            None: the package's own data.

    Raises:
        SaveFileError: the schema is not met (field named), a rule of the game is broken (clause named),
            or the game was played with other game data than ``game_data`` (a save of edited data says
            so and must be given that data; ``load_game`` cannot, so it refuses such a save).
    """
    from ..files import check, validate
    from .checks import check_pieces, check_playable, check_position, check_tasks
    from .components import GameData, default_data
    from .rules import CHARACTERS, State

    if game_data is not None and not isinstance(game_data, GameData):
        raise ValueError(f"game_data must be a GameData from marco_polo.load_data(folder) (or None), not "
                         f"{_short(game_data)}")
    saved = validate(saved_game_model(), data, source=source, error=SaveFileError)
    d = default_data() if game_data is None else game_data
    n = saved.players

    def ok(condition, message, rule):
        check(condition, message, rule=rule, source=source, error=SaveFileError)

    played_with = saved.data or data_fingerprint(default_data())
    if played_with != data_fingerprint(d):
        if game_data is None:
            raise SaveFileError(f"{source}: this game was played with edited game data (fingerprint {saved.data}); "
                                "load it with marco_polo.State.from_dict(saved, game_data=marco_polo.load_data(folder)) "
                                "and the folder it was played with")
        raise SaveFileError(f"{source}: this game was played with other game data (fingerprint {played_with}) than "
                            f"the data given (fingerprint {data_fingerprint(d)})")

    per_seat = ("characters", "coins", "camels", "vp", "vp_items", "goods", "dice", "posts_left", "posts_placed",
                "travellers", "active", "fulfilled", "objectives")
    for name in per_seat:
        ok(len(getattr(saved, name)) == n, f"field {_short(name)} needs one entry per player ({n})", "MP-SETUP-8")
    if saved.phase != "setup":
        ok(all(c in CHARACTERS for c in saved.characters) and len(set(saved.characters)) == n,
           "each player needs a different character of the 8", "MP-SETUP-11")
    ok(saved.start_player < n and saved.current < n, "a seat number is beyond the players", "MP-ROUND-1")
    kinds = {node: attrs["kind"] for node, attrs in d.board.nodes(data=True)}
    for city, owners in saved.posts.items():
        ok(kinds.get(city) in ("small", "large", "beijing"), f"a trading post stands on {_short(city)}, not a city",
           "MP-TRAVEL-10")
        ok(len(set(owners)) == len(owners), f"a player has two trading posts in {city}", "MP-TRAVEL-8")
        ok(all(o < n for o in owners), f"a trading post in {city} belongs to no player", "MP-SETUP-8")
    ok(len(saved.posts.get("beijing", [])) <= 4, "Beijing has 4 spaces", "MP-TRAVEL-6")
    for seat in range(n):
        held = sum(seat in o for o in saved.posts.values())
        total = 11 if saved.characters[seat] == "wilhelm" and saved.phase != "setup" else 9  # his 2 come after setup
        ok(held + saved.posts_left[seat] == total, f"player {seat} has {held} posts on the map and "
           f"{saved.posts_left[seat]} left; they own {total}", "MP-SETUP-8")
        for place in saved.travellers[seat]:
            ok(place in kinds, f"player {seat}'s traveller stands on an unknown location {_short(place)}", "MP-TRAVEL-3")
    black = saved.black_dice + sum(x.colour == "black" for pool in saved.dice for x in pool) + \
        sum(x.colour == "black" for placed in saved.spaces.values() for x in placed)
    ok(black == d.tables["black_dice"], f"{black} black dice counted; the game has 5", "MP-BONUS-6")
    ids = [c for c in saved.board_contracts if c is not None] + [c for p in saved.piles for c in p] + \
        saved.special_pile + [c for a in saved.active for c in a] + [c for f in saved.fulfilled for c in f]
    check_pieces(saved, n, d, ok)
    ids += check_tasks(saved, n, d, kinds, ok)
    check_position(saved, n, d, kinds, ok, history=history)
    twice = sorted(c for c in set(ids) if ids.count(c) > 1)
    ok(not twice, f"contract(s) {twice} appear twice; each of the 44 contracts is in one place", "MP-SETUP-5")
    ok(all(c in d.contracts for c in ids), f"a contract id is unknown (0..{len(d.contracts) - 1})", "MP-SETUP-5")
    ok(all(o in d.objectives for obj in saved.objectives for o in obj), "an objective id is unknown (0..17)",
       "MP-SETUP-13")
    ok(saved.city_bonus_at.keys() <= {c for c, k in kinds.items() if k == "small"}
       and set(saved.city_bonus_at.values()) <= set(d.city_bonuses), "city bonuses sit on small cities",
       "MP-SETUP-2")
    ok(all(b in d.outpost_bonuses and kinds.get(c) == "large" for c, b in saved.outposts.items()),
       "outpost bonuses sit on large cities", "MP-SETUP-3")
    ok(all(kinds.get(c) == "large" and all(x in d.city_cards for x in v) for c, v in saved.city_cards.items()),
       "city cards lie on large cities", "MP-SETUP-4")

    state = State(n, saved.seed, d)
    for name in ("phase", "round", "start_player", "current", "black_dice", "main_done", "black_bought",
                 "last_traveller"):
        setattr(state, name, getattr(saved, name))
    for name in ("characters", "coins", "camels", "vp", "posts_left", "posts_placed", "posted_this_turn", "winners",
                 "board_contracts", "special_pile"):
        setattr(state, name, list(getattr(saved, name)))
    for name in ("goods", "travellers", "active", "fulfilled", "objectives", "piles"):
        setattr(state, name, [list(x) for x in getattr(saved, name)])
    state.vp_items = [dict(x) for x in saved.vp_items]
    state.options = saved.options.model_dump()
    state.dice = [sorted((x.colour, x.value) for x in pool) for pool in saved.dice]
    state.spaces = {k: [(x.seat, x.colour, x.value) for x in v] for k, v in saved.spaces.items()}
    state.posts = {k: list(v) for k, v in saved.posts.items()}
    state.city_bonus_at = dict(saved.city_bonus_at)
    state.outposts = dict(saved.outposts)
    state.city_cards = {k: list(v) for k, v in saved.city_cards.items()}
    state.card_city = {c: city for city, cards in state.city_cards.items() for c in cards}
    state.tasks = [_tupled(t) for t in saved.tasks]
    state.new_contracts = tuple(saved.new_contracts)
    state.events = [Event(e.player, e.text, e.rule) for e in saved.events]
    state._sheet = None
    state.rng = random.Random()
    try:
        state.rng.setstate((saved.rng.version, tuple(saved.rng.state), None))
        check_playable(state, ok)
    except SaveFileError:
        raise
    except (ValueError, TypeError, KeyError, IndexError, AssertionError, OverflowError, AttributeError) as exc:
        raise SaveFileError(f"{source}: the saved position cannot be played on ({type(exc).__name__}: {exc})") from None
    return state


def lesson_position(data: Any, game_data=None, source: str = "lesson position"):
    """A position set up by hand for a lesson, an exercise or a test (a real game's state with some dice,
    contracts or points changed), checked like a saved game but for how its pieces got there.

    [ruling] A lesson (``marco_polo.scenario``) gives a player the dice its example needs (two dice, not
    five), lifts a contract from a pile into an active space, sets victory points, or ends a game early to
    show a score sheet. No game reaches such a position, so the saved-game loader refuses it; this path
    skips exactly those history checks (all 5 dice of each colour out this round, every contract somewhere
    and one starting contract a player, full piles of 6, victory points by kind adding up, the game over
    only after the last round and with its winners named), and keeps every other check, playability included.

    Raises:
        SaveFileError: the position breaks the schema or a rule of the position ("lesson position: MP-...").
    """
    return state_from_dict(data, source=source, game_data=game_data, history=False)


def __getattr__(name: str):
    """``saves.SaveFile`` is the saved-game model (built on first use, so that importing the engine
    does not import pydantic); the CLI's ``schema marco_polo`` reads it under this name, like every game."""
    if name == "SaveFile":
        return saved_game_model()
    raise AttributeError(f"module {_short(__name__)} has no attribute {_short(name)}")
