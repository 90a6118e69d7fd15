"""The Voyages of Marco Polo: every number of the game, read from the data files in ``data/``.

The data is ours (JSON), built from public facts (``shared/design/marco_polo.md``); each file
is checked by a strict pydantic model through :mod:`caravan_lessons.files` and then by the
game's own consistency checks (counts and sums), so a teacher's edited file that is wrong is
refused with one line naming the file and the entry (:class:`~caravan_lessons.files.DataFileError`).

After loading, the engine works on plain Python values (dicts of ints, tuples) for speed:

* ``BUNDLE_KEYS`` -- what a reward or a payment can hold: ``coins``, ``camels``, ``pepper``,
  ``silk``, ``gold``, ``vp``; the choices ``good_choice`` (n goods of any kinds),
  ``different_goods`` (n goods of n different kinds), ``any_good`` (pay n goods of any kinds);
  the effects ``extra_move``, ``extra_contract``, ``black_die``.
* :data:`DATA` -- a :class:`GameData` with the map, the tables and the card lists.
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from ..core import Rule, _short
from ..i18n import N_, Translated

GOODS: tuple[str, ...] = ("pepper", "silk", "gold")
"""The three goods, cheapest first (MP-SETUP-1). Camels are not goods (MP-SCORE-4)."""
BUNDLE_KEYS: tuple[str, ...] = ("coins", "camels", "pepper", "silk", "gold", "vp", "good_choice",
                                "different_goods", "any_good", "extra_move", "extra_contract", "black_die")
SPACES_BLUE: tuple[str, ...] = ("coins", "bazaar:camel", "bazaar:pepper", "bazaar:silk", "bazaar:gold",
                                "contracts", "travel")
"""Blue action spaces: usable when occupied by paying coins (MP-ACT-2). Khan's favour is blue but has
its own order rule and no surcharge (MP-KHAN-2, MP-KHAN-3); the moneybag is a bonus action."""
SPACE_NAMES = Translated({
    "coins": N_("take 5 coins"), "bazaar:camel": N_("the bazaar (camels)"), "bazaar:pepper": N_("the bazaar (pepper)"),
    "bazaar:silk": N_("the bazaar (silk)"), "bazaar:gold": N_("the bazaar (gold)"), "khan": N_("Khan's favour"),
    "contracts": N_("take contracts"), "travel": N_("travel"), "moneybag": N_("the moneybag (3 coins)")})
"""Action space id -> its name in words, in the current language."""
PILES = 5
"""MP-SETUP-5: the regular contracts are shuffled into 5 piles of 6 (one out at the start, one more at each round's
end, MP-ROUND-5); a game lasts at most 5 rounds."""
START = "venezia"
"""The id of the map's start location: every traveller starts there (MP-SETUP-12)."""
BEIJING = "beijing"
"""The id of Beijing on the map (MP-TRAVEL-6, MP-CHAR-5, MP-SCORE-3/4)."""
CITY_KINDS = ("small", "large", "beijing")
"""Where trading posts may go (MP-TRAVEL-10)."""
LOCATION_KINDS = ("start", "oasis", "small", "large", "beijing")

DATA_DIR = Path(__file__).resolve().parent / "data"


# --- file models (pydantic, built lazily so importing this module stays light) --------------------

@lru_cache(maxsize=1)
def models() -> dict[str, type]:
    """The StrictModel classes of every data file, by name (``"Bundle"``, ``"Contract"``, ...)."""
    from typing import Annotated, Literal

    from pydantic import Field

    from ..files import StrictModel, bounded

    Count = Annotated[int, Field(ge=0, le=99)]

    class Bundle(StrictModel):
        """Amounts of a reward or a payment; absent keys are 0."""
        coins: Count = 0
        camels: Count = 0
        pepper: Count = 0
        silk: Count = 0
        gold: Count = 0
        vp: Count = 0
        good_choice: Count = 0
        different_goods: Annotated[int, Field(ge=0, le=3)] = 0
        any_good: Count = 0
        extra_move: Count = 0
        extra_contract: Count = 0
        black_die: Count = 0

    class Node(StrictModel):
        kind: Literal["start", "oasis", "small", "large", "beijing"]
        name: str
        city_card_spaces: Annotated[int, Field(ge=0, le=3)]

    class Route(StrictModel):
        camels: Count
        coins: Count

    class BazaarRow(StrictModel):
        dice: Annotated[int, Field(ge=1, le=3)]
        columns: Annotated[list[Bundle], Field(min_length=6, max_length=6)]

    class Khan(StrictModel):
        spaces: Annotated[int, Field(ge=1, le=4)]
        reward: Bundle

    class Simple(StrictModel):
        reward: Bundle

    Six = Annotated[list[Count], Field(min_length=6, max_length=6)]

    class Actions(StrictModel):
        travel_cost: Six
        bazaar: dict[Literal["camel", "pepper", "silk", "gold"], BazaarRow]
        khan: Khan
        take_coins: Simple
        moneybag: Simple
        contract_column_bonus: Six
        beijing_points: Annotated[list[Count], Field(min_length=4, max_length=4)]
        post_points: dict[str, Count]
        objective_city_points: Annotated[list[Count], Field(min_length=5, max_length=5)]
        most_contracts_points: Count
        compensation_below: Count
        reroll_camels: Count
        adjust_camels: Count
        black_die_camels: Count
        black_dice: Count
        starting_coins: Annotated[list[Count], Field(min_length=4, max_length=4)]
        starting_camels: Count
        trading_posts: Count
        rounds: bounded(1, PILES, "rounds", "MP-ROUND-1", why="the setup deals 5 contract piles, one comes out "
                        "each round (MP-SETUP-5); a shorter game leaves the last piles unused")

    class Contract(StrictModel):
        id: Count
        kind: Literal["starting", "regular"]
        cost: Bundle
        reward: Bundle

    class Contracts(StrictModel):
        contracts: list[Contract]

    class DieRow(StrictModel):
        low: Annotated[int, Field(ge=1, le=6)]
        high: Annotated[int, Field(ge=1, le=6)]
        gain: Bundle | None = None
        times: Annotated[int, Field(ge=1, le=6)] | None = None

    class Direction(StrictModel):
        pay: Bundle
        gain: Bundle

    class CityCard(StrictModel):
        id: Count
        kind: Literal["exchange", "swap", "per_pip", "die_table", "per_count", "city_bonus", "city_bonus_paid"]
        pay: Bundle | None = None
        gain: Bundle | None = None
        table: list[DieRow] | None = None
        directions: list[Direction] | None = None
        count: Literal["posts", "fulfilled"] | None = None

    class CityCards(StrictModel):
        city_cards: list[CityCard]

    class Objective(StrictModel):
        id: Count
        cities: Annotated[list[str], Field(min_length=2, max_length=2)]
        vp: Count

    class Objectives(StrictModel):
        objectives: list[Objective]

    class CityBonus(StrictModel):
        id: str
        city: str
        gain: Bundle
        copies_another: bool

    class OutpostBonus(StrictModel):
        id: Count
        gain: Bundle

    class Bonuses(StrictModel):
        city_bonuses: list[CityBonus]
        outpost_bonuses: list[OutpostBonus]

    class Character(StrictModel):
        id: Literal["raschid", "matteo", "berke", "mercator", "kubilai", "johannes", "wilhelm", "polos"]
        name: str
        rule: str
        first_game_seat: Annotated[int, Field(ge=0, le=3)] | None
        income: Bundle
        power: str

    class Characters(StrictModel):
        characters: list[Character]

    class RuleText(StrictModel):
        id: str
        section: str
        text: str

    class Rules(StrictModel):
        rules: list[RuleText]

    return {name: cls for name, cls in locals().items() if isinstance(cls, type)}


def bundle(model: Any) -> dict[str, int]:
    """A validated Bundle as a plain dict of its non-zero amounts (``{"coins": 5}``)."""
    if model is None:
        return {}
    return {k: v for k, v in model.model_dump().items() if v}


# --- the loaded data --------------------------------------------------------------------------------

@dataclass(frozen=True)
class GameData:
    """Everything read from ``data/`` (plain values after validation).

    Attributes:
        board: the map as an ``nx.Graph`` (nodes: ``kind``, ``name``, ``pos`` (longitude, latitude),
            ``city_card_spaces``; edges: ``camels``, ``coins``).
        travel_cost: coins for 1..6 steps (index 0 = 1 step), MP-TRAVEL-2.
        bazaar: good -> (dice needed, six column rewards), MP-BAZAAR-2.
        khan_spaces, khan_reward: MP-KHAN-1/3.
        contracts: id -> {"kind", "cost", "reward"} (44), MP-SETUP-5.
        city_cards: id -> card dict (31), MP-CITY-3.
        objectives: id -> ((city, city), vp) (18), MP-SCORE-1.
        city_bonuses: id -> {"city", "gain", "copy"} (6), MP-CITYBONUS-1.
        outpost_bonuses: id -> gain (10), MP-CITYBONUS-1.
        characters: id -> {"name", "rule", "first_game_seat", "income", "power"} (8).
        rules: rule ID -> :class:`Rule` (70).
        tables: the other numbers of ``actions.json`` (starting coins, post points, ...).
    """

    board: Any
    travel_cost: tuple[int, ...]
    bazaar: dict
    khan_spaces: int
    khan_reward: dict
    contracts: dict
    city_cards: dict
    objectives: dict
    city_bonuses: dict
    outpost_bonuses: dict
    characters: dict
    rules: dict
    tables: dict


def _file(directory: Path, name: str, model: str):
    from ..files import DataFileError, load_json_file

    return load_json_file(directory / name, models()[model], what="data file", error=DataFileError)


def check_board(graph) -> None:
    """The map's own rules: 1 start, 1 Beijing, 7 large and 6 small cities, 10 oases; Sumatra-style
    city-card spaces only on large cities; a route costs camels or coins, not both.

    Raises:
        DataFileError naming the node or route.
    """
    from ..files import DataFileError

    kinds = [graph.nodes[n]["kind"] for n in graph]
    wanted = {"start": 1, "beijing": 1, "large": 7, "small": 6, "oasis": 10}
    for kind, count in wanted.items():
        if kinds.count(kind) != count:
            raise DataFileError(f"the map needs {count} location(s) of kind {_short(kind)}, not {kinds.count(kind)}")
    for node, attrs in graph.nodes(data=True):
        for kind, name, rule in (("start", START, "MP-SETUP-12"), ("beijing", BEIJING, "MP-TRAVEL-6")):
            if attrs["kind"] == kind and node != name:
                raise DataFileError(f"node {_short(node)}: the {kind} location must have the id {name!r}, the id the "
                                    f"engine names it by ({rule})")
        if (attrs["kind"] == "large") != (attrs["city_card_spaces"] > 0):
            raise DataFileError(f"node {_short(node)}: city-card spaces belong to large cities only (MP-SETUP-4)")
    if sum(a["city_card_spaces"] for _, a in graph.nodes(data=True)) != 9:
        raise DataFileError("the map needs 9 city-card spaces in all (MP-SETUP-4)")
    for a, b, attrs in graph.edges(data=True):
        if attrs["camels"] and attrs["coins"]:
            raise DataFileError(f"route {a}-{b}: a route costs camels or coins, not both")


RULE_COUNT = 70
"""Clauses in the rule inventory (``shared/rules/marco_polo.md``); ``rules.json`` lists each once."""


def load_data(directory: str | Path | None = None) -> GameData:
    """Read and check every data file of ``directory`` (default: the package's ``data/``).

    A teacher may copy the folder, edit it and load it here; the engine then plays with it.

    Raises:
        DataFileError: a missing, malformed or inconsistent file; the message names the file and
            the entry (``contracts.json: field 'contracts.3.cost.gold': ...``).
    """
    from .. import boards
    from ..files import DataFileError, check

    if directory is not None and (isinstance(directory, bool) or not isinstance(directory, (str, Path))):
        raise ValueError(f"load_data: directory must be a folder path (a str or Path) or None, not {_short(directory)}")
    folder = DATA_DIR if directory is None else Path(directory)
    m = models()
    board = boards.load_board(folder / "map.json", game="marco_polo", node_model=m["Node"], edge_model=m["Route"],
                              check=check_board)
    actions = _file(folder, "actions.json", "Actions")
    contracts_file = _file(folder, "contracts.json", "Contracts")
    cards_file = _file(folder, "city_cards.json", "CityCards")
    objectives_file = _file(folder, "objectives.json", "Objectives")
    bonuses_file = _file(folder, "bonuses.json", "Bonuses")
    characters_file = _file(folder, "characters.json", "Characters")
    rules_file = _file(folder, "rules.json", "Rules")

    def ok(condition, message, rule, name):
        check(condition, message, rule=rule, source=str(folder / name), error=DataFileError)

    contracts = {}
    for i, c in enumerate(contracts_file.contracts):
        ok(c.id == i, f"contracts[{i}] has id {c.id}; ids run 0, 1, 2, ... in order", "MP-SETUP-5", "contracts.json")
        ok(c.cost.camels >= 1, f"contracts[{i}] (id {c.id}) costs no camel; every contract costs camels",
           "MP-BONUS-2", "contracts.json")
        contracts[c.id] = {"kind": c.kind, "cost": bundle(c.cost), "reward": bundle(c.reward)}
    starting = sum(c["kind"] == "starting" for c in contracts.values())
    ok(len(contracts) == 44 and starting == 6, f"{len(contracts)} contracts with {starting} starting ones; "
       "the game has 44 with 6 starting", "MP-SETUP-5", "contracts.json")

    cards = {}
    for i, card in enumerate(cards_file.city_cards):
        name = f"city_cards[{i}] (id {card.id})"
        ok(card.id == i, f"{name}: ids run 0, 1, 2, ... in order", "MP-CITY-3", "city_cards.json")
        need = {"exchange": ("pay", "gain"), "swap": ("directions",), "per_pip": ("gain",), "die_table": ("table",),
                "per_count": ("count", "gain"), "city_bonus": ("table",), "city_bonus_paid": ("pay",)}[card.kind]
        for field in need:
            ok(getattr(card, field) is not None, f"{name}: a {_short(card.kind)} card needs the field {_short(field)}",
               "MP-CITY-3", "city_cards.json")
        entry: dict[str, Any] = {"kind": card.kind}
        if card.pay is not None:
            entry["pay"] = bundle(card.pay)
        if card.gain is not None:
            entry["gain"] = bundle(card.gain)
        if card.count is not None:
            entry["count"] = card.count
        if card.table is not None:
            rows = sorted(card.table, key=lambda r: r.low)
            covered = [v for r in rows for v in range(r.low, r.high + 1)]
            ok(covered == [1, 2, 3, 4, 5, 6], f"{name}: the die rows must cover 1..6 once each", "MP-CITY-3",
               "city_cards.json")
            entry["table"] = tuple((r.low, r.high, bundle(r.gain), r.times or 0) for r in rows)
        if card.directions is not None:
            ok(len(card.directions) == 2, f"{name}: a swap has 2 directions", "MP-CITY-3", "city_cards.json")
            entry["directions"] = tuple((bundle(d.pay), bundle(d.gain)) for d in card.directions)
        cards[card.id] = entry
    ok(len(cards) == 31, f"{len(cards)} city cards; the game has 31", "MP-SETUP-4", "city_cards.json")

    large = {n for n, a in board.nodes(data=True) if a["kind"] == "large"}
    small = {n for n, a in board.nodes(data=True) if a["kind"] == "small"}
    objectives = {}
    for i, o in enumerate(objectives_file.objectives):
        ok(o.id == i, f"objectives[{i}]: ids run 0, 1, 2, ... in order", "MP-SCORE-1", "objectives.json")
        for city in o.cities:
            ok(city in large | small, f"objectives[{i}] names {_short(city)}, not a city of the map", "MP-SCORE-1",
               "objectives.json")
        objectives[o.id] = (tuple(o.cities), o.vp)
    ok(len(objectives) == 18, f"{len(objectives)} objectives; the game has 18", "MP-SETUP-13", "objectives.json")

    city_bonuses = {}
    for i, b in enumerate(bonuses_file.city_bonuses):
        ok(b.city in small, f"city_bonuses[{i}] (id {_short(b.id)}) sits on {_short(b.city)}, not a small city", "MP-SETUP-2",
           "bonuses.json")
        city_bonuses[b.id] = {"city": b.city, "gain": bundle(b.gain), "copy": b.copies_another}
    ok(len(city_bonuses) == 6 and {b["city"] for b in city_bonuses.values()} == small,
       "there are 6 city bonuses, one on each small city", "MP-SETUP-2", "bonuses.json")
    ok(any(not b["copy"] for b in city_bonuses.values()), "every city bonus copies another; one to copy is needed",
       "MP-CITYBONUS-1", "bonuses.json")
    outposts = {b.id: bundle(b.gain) for b in bonuses_file.outpost_bonuses}
    ok(len(outposts) == 10, f"{len(outposts)} outpost bonuses; the game has 10", "MP-SETUP-3", "bonuses.json")

    characters = {}
    for c in characters_file.characters:
        ok(c.id not in characters, f"character {_short(c.id)} is listed twice", "MP-SETUP-11", "characters.json")
        characters[c.id] = {"name": c.name, "rule": c.rule, "first_game_seat": c.first_game_seat,
                            "income": bundle(c.income), "power": c.power}
    ok(len(characters) == 8, f"{len(characters)} characters; the base game has 8", "MP-SETUP-6", "characters.json")

    tables = actions.model_dump()
    bazaar = {good: (row.dice, tuple(bundle(c) for c in row.columns)) for good, row in actions.bazaar.items()}
    ok(set(bazaar) == {"camel", "pepper", "silk", "gold"}, "the bazaar has rows camel, pepper, silk and gold",
       "MP-BAZAAR-2", "actions.json")
    rules = {}
    for i, r in enumerate(rules_file.rules):
        ok(re.fullmatch(r"MP-[A-Z]+-\d+", r.id) is not None, f"rules[{i}] has the id {_short(r.id)}; rule IDs look like "
           "'MP-TRAVEL-2'", "MP-SETUP-1", "rules.json")
        ok(r.id not in rules, f"rules[{i}]: the rule {r.id} is listed twice", "MP-SETUP-1", "rules.json")
        rules[r.id] = Rule(r.id, r.text, r.section)
    ok(len(rules) == RULE_COUNT, f"{len(rules)} rules; the inventory has {RULE_COUNT} clauses (every MP-* ID the "
       "engine cites)", "MP-SETUP-1", "rules.json")
    if folder.resolve() != DATA_DIR.resolve():  # the engine cites the package's rule IDs: each must be there
        missing = sorted(set(default_data().rules) - set(rules))
        ok(not missing, f"the rule(s) {_short(missing, 60)} are missing; the engine cites every clause of the "
           "inventory by its ID", "MP-SETUP-1", "rules.json")
    return GameData(board=board, travel_cost=tuple(actions.travel_cost), bazaar=bazaar,
                    khan_spaces=actions.khan.spaces, khan_reward=bundle(actions.khan.reward), contracts=contracts,
                    city_cards=cards, objectives=objectives, city_bonuses=city_bonuses, outpost_bonuses=outposts,
                    characters=characters, rules=rules, tables=tables)


@lru_cache(maxsize=1)
def default_data() -> GameData:
    """The package's own data (read once)."""
    return load_data()


def rules() -> dict[str, Rule]:
    """Rule ID -> :class:`Rule` for the 70 clauses (``data/rules.json``)."""
    return default_data().rules


def raw(name: str) -> Any:
    """The parsed JSON of one data file (for lessons that show the file itself)."""
    return json.loads((DATA_DIR / name).read_text(encoding="utf-8"))
