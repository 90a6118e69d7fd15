"""The Voyages of Marco Polo: action codec and observation tensor (OpenSpiel, PettingZoo, learning agents).

Every action the engine can offer has a fixed id ``0..N-1``; with the package's data ``N = 335,480``
for 2, 3 and 4 players (:func:`blocks` lists the blocks and their sizes):

* **Place** (MP-ACT-1, MP-BONUS-3) -- a space and the dice put there: every space (5 coins, the four
  bazaar spaces, Khan's favour, contracts, travel, the 31 city cards, the moneybag) times every
  sorted multiset of the number of dice that space takes, of dice ``(colour, value)`` (own, black,
  white; 1-6), plus Raschid's unrolled dice (value 0) with the value he sets (1-6): 2,652 ids.
* **Fulfil** one of the 44 contracts, **Reroll** or **Adjust** (+1 / -1) a die, **BuyBlackDie**,
  **EndTurn** (MP-BONUS-2..6, MP-TURN-1): 77 ids.
* **Move** (MP-TRAVEL-*, MP-MOVE-1): one path per traveller. A single traveller's path is any walk the
  engine's move tables can list (``Map.walks`` for every start and 1-6 steps, with Johannes
  Caprini's jumps and Wilhelm von Rubruk's passing too): 7,304 ids. Niccolò and Marco (MP-CHAR-8)
  move two travellers with 0-6 steps each and 1-6 in all: every pair of such walks, 324,036 ids.
  ``Move(())``, giving up an extra move, is one more.
* **Choose** (the decisions inside effects, one block per kind): characters, compensation, bazaar
  column, goods of choice and goods paid (every ``(pepper, silk, gold)`` of at most 12 goods),
  contracts by column, contracts to discard, column bonus, repetitions, directions, sets of small
  cities, city bonus to copy, trading post to move, and the variant's pair of objectives.

A turn is **decomposed into the decisions the engine already asks**: the die placement is one
action and each of its consequences (a bazaar column, goods of choice, a contract, the path of a
travel, ...) is a later ``Choose`` or ``Move`` of its own, so no placement is multiplied by its
choices. What is left compound -- the dice of a placement, the path of a travel -- is
**enumerated**, because the engine asks for it whole. Niccolò and Marco's double travel is most of
``N``; masks make the size harmless (a legal set is at most a few thousand ids).

The observation tensor (your seat first, then the others clockwise) is built from
``state.observation(seat)`` alone: the other players' objectives and the order of the contract
piles never reach it.
"""
from __future__ import annotations

from bisect import bisect_right
from itertools import combinations, combinations_with_replacement, permutations

from ..codecs import Codec, egocentric, whole_number
from ..core import _short
from .actions import Adjust, BuyBlackDie, Choose, EndTurn, Fulfil, Move, Place, Reroll
from .components import GameData, default_data
from .rules import CHARACTERS, DICE_NEEDED, _map_for

__all__ = ["MarcoPoloCodec", "blocks", "codec"]

COLOURS = ("black", "own", "white")
DIE_TYPES = tuple(sorted((c, v) for c in COLOURS for v in range(1, 7)))
"""The 18 dice that show a value, in the engine's sort order (black before own before white)."""
UNSET = (("black", 0), ("own", 0))
"""Raschid ad-Din Sinan's dice before he places them (MP-CHAR-1)."""
PHASES = ("setup", "play", "over")
TASK_KINDS = ("column", "goods", "pay_goods", "contract", "discard", "column_bonus", "travel", "extra_move",
              "move_post", "repeat", "direction", "cities", "copy", "compensation", "character", "extra_contract",
              "objectives")
"""The decisions inside effects (``state.tasks[0][0]``), in the order of the tensor's one-hot."""
MOST_GOODS = 12
"""Goods of choice in one decision: at most 2 per use (the data's largest) times a die of 6."""


class MarcoPoloCodec(Codec):
    """The Voyages of Marco Polo for ``players`` (2-4) with ``data``: ``n`` actions (see the module notes)."""

    game = "marco_polo"

    def __init__(self, players: int, data: GameData):
        self.players, self.data = players, data
        board_map = _map_for(data)
        self.map = board_map
        self._blocks: list[tuple[str, int]] = []   # (name, size), in id order
        ids: dict = {}                             # action -> id, for every block but Move
        actions: list = []                         # id -> action, same blocks

        def block(name: str, items) -> None:
            start = len(actions)
            for item in items:
                ids[item] = len(actions)
                actions.append(item)
            self._blocks.append((name, len(actions) - start))

        self.spaces = (["coins", "bazaar:camel", "bazaar:pepper", "bazaar:silk", "bazaar:gold", "khan", "contracts",
                        "travel"] + [f"city:{c}" for c in sorted(data.city_cards)] + ["moneybag"])
        places = []
        for space in self.spaces:
            k = data.bazaar[space[7:]][0] if space.startswith("bazaar:") else (1 if space.startswith("city:")
                                                                                   else DICE_NEEDED[space])
            places += [Place(space, combo, 0) for combo in combinations_with_replacement(DIE_TYPES, k)]
            places += [Place(space, combo, v) for combo in combinations_with_replacement(UNSET, k)
                       for v in range(1, 7)]
        block("place", places)
        self.contracts = sorted(data.contracts)
        block("fulfil", [Fulfil(c) for c in self.contracts])
        block("reroll", [Reroll(d) for d in DIE_TYPES])
        block("adjust", [Adjust(d, delta) for d in DIE_TYPES for delta in (-1, 1) if 1 <= d[1] + delta <= 6])
        block("buy black die", [BuyBlackDie()])
        block("end turn", [EndTurn()])
        self._plain = len(actions)
        # Move: single walks, then pairs (Niccolò and Marco), then giving up an extra move
        locations = sorted(board_map.kind)
        singles = sorted({path for jumps, passing in ((False, False), (True, False), (False, True))
                          for a in locations for s in range(1, 7) for *_, path in board_map.walks(a, s, jumps, passing)})
        self._single = {path: i for i, path in enumerate(singles)}
        self._singles = singles
        by_steps = [[path for a in locations for *_, path in board_map.walks(a, s)] for s in range(7)]
        self._by_steps = by_steps
        self._step_index = [{path: i for i, path in enumerate(paths)} for paths in by_steps]
        self._pair_blocks = [(s1, s2) for s1 in range(7) for s2 in range(7) if 1 <= s1 + s2 <= 6]
        offsets, total = [], 0
        for s1, s2 in self._pair_blocks:
            offsets.append(total)
            total += len(by_steps[s1]) * len(by_steps[s2])
        self._pair_offsets = offsets
        self._pair_offset = dict(zip(self._pair_blocks, offsets))
        self._move_start = self._plain
        self._pairs_start = self._move_start + len(singles)
        self._decline = self._pairs_start + total
        self._blocks += [("move: one traveller", len(singles)), ("move: two travellers", total),
                         ("move: give up an extra move", 1)]
        self._choose_start = self._decline + 1
        choices = []
        compensation = data.tables["compensation_below"] - 5
        goods = [(a, b, n - a - b) for n in range(MOST_GOODS + 1) for a in range(n + 1) for b in range(n - a + 1)]
        small = sorted(c for c, kind in board_map.kind.items() if kind == "small")
        post_cities = sorted(c for c, kind in board_map.kind.items() if kind in ("small", "large"))
        per_kind = {
            "character": list(CHARACTERS),
            "compensation": list(range(compensation + 1)),
            "column": list(range(1, 7)),
            "goods": goods,
            "pay_goods": goods,
            "contract": list(range(7)),
            "extra_contract": list(range(7)),
            "discard": self.contracts,
            "column_bonus": list(range(max(data.tables["contract_column_bonus"]) + 1)),
            "repeat": list(range(1, 7)),
            "direction": [0, 1],
            "cities": [combo for k in range(len(small) + 1) for combo in combinations(small, k)],
            "copy": sorted(b for b, bonus in data.city_bonuses.items() if not bonus["copy"]),
            "move_post": post_cities + [""],
            "objectives": list(permutations(sorted(data.objectives), 2)),
        }
        for kind, values in per_kind.items():
            choices += [Choose(kind, v) for v in values]
            self._blocks.append((f"choose: {kind}", len(values)))
        for i, action in enumerate(choices):
            ids[action] = self._choose_start + i
        actions += choices
        self._ids, self._actions = ids, actions
        self.n = self._choose_start + len(choices)
        self._fields = self._layout(players, data)

    # -- ids ---------------------------------------------------------------------------------------

    def _index(self, action):
        kind = type(action)
        if kind is Move:
            paths = action.paths
            if type(paths) is not tuple:
                return None
            if not paths:
                return self._decline
            if len(paths) == 1:
                i = self._single.get(paths[0])
                return None if i is None else self._move_start + i
            if len(paths) != 2:
                return None
            p1, p2 = paths
            if type(p1) is not tuple or type(p2) is not tuple or not p1 or not p2:
                return None
            s1, s2 = len(p1) - 1, len(p2) - 1
            offset = self._pair_offset.get((s1, s2))
            if offset is None:
                return None
            i1, i2 = self._step_index[s1].get(p1), self._step_index[s2].get(p2)
            if i1 is None or i2 is None:
                return None
            return self._pairs_start + offset + i1 * len(self._by_steps[s2]) + i2
        try:
            return self._ids.get(action)
        except TypeError:                    # an unhashable value inside the action
            return None

    def _action(self, i: int):
        if i < self._plain:
            return self._actions[i]
        if i < self._pairs_start:
            return Move((self._singles[i - self._move_start],))
        if i < self._decline:
            j = i - self._pairs_start
            k = bisect_right(self._pair_offsets, j) - 1
            s1, s2 = self._pair_blocks[k]
            i1, i2 = divmod(j - self._pair_offsets[k], len(self._by_steps[s2]))
            return Move((self._by_steps[s1][i1], self._by_steps[s2][i2]))
        if i == self._decline:
            return Move(())
        return self._actions[self._plain + i - self._choose_start]

    # -- the observation tensor -----------------------------------------------------------------

    def _layout(self, p: int, data: GameData) -> tuple:
        kinds = self.map.kind
        self.locations = sorted(kinds)
        self.cities = sorted(c for c, k in kinds.items() if k in ("small", "large", "beijing"))
        self.large = sorted(c for c, k in kinds.items() if k == "large")
        self.cards = sorted(data.city_cards)
        self.objective_ids = sorted(data.objectives)
        self.outpost_ids = sorted(data.outpost_bonuses)
        self.die_kinds = DIE_TYPES + UNSET
        self._die_index = {die: i for i, die in enumerate(self.die_kinds)}
        self._location = {loc: i for i, loc in enumerate(self.locations)}
        self._space_index = {space: i for i, space in enumerate(self.spaces)}
        self._city = {city: i for i, city in enumerate(self.cities)}
        self._large = {city: i for i, city in enumerate(self.large)}
        self._outpost = {b: i for i, b in enumerate(self.outpost_ids)}
        self._card = {card: i for i, card in enumerate(self.cards)}
        self._contract = {cid: i for i, cid in enumerate(self.contracts)}
        self._objective = {i: k for k, i in enumerate(self.objective_ids)}
        spaces = self.spaces
        c, nc = len(self.contracts), len(self.cities)
        return (
            ("to_move", 1, "1 if this seat decides now"),
            ("phase", 3, "one-hot: setup, play, game over"),
            ("round", 5, "one-hot: round 1..5"),
            ("start_player", p, "one-hot: who holds the hourglass (you, then the others clockwise)"),
            ("turn", p, "one-hot: whose turn it is"),
            ("characters", p * len(CHARACTERS), "each seat's character, one-hot in CHARACTERS order"),
            ("coins", p, "coins per seat; / 30"),
            ("camels", p, "camels per seat; / 20"),
            ("vp", p, "victory points scored during play per seat; / 100"),
            ("goods", p * 3, "pepper, silk, gold per seat; / 10"),
            ("dice", p * len(self.die_kinds), "dice still on each board, per seat then die (black 1-6, own 1-6, "
                                              "white 1-6, unset black, unset own); / 5"),
            ("space_dice", len(spaces), "dice on each action space this round (spaces in the codec's order); / 4"),
            ("space_seats", len(spaces) * p, "1 where a seat has an own die on a space (MP-ACT-4)"),
            ("khan_top", 1, "the highest die on Khan's favour (MP-KHAN-2); / 6"),
            ("black_dice", 1, "black dice left in the supply; / 5"),
            ("posts", nc * p, "trading posts: city (sorted), then seat"),
            ("beijing_order", 4 * p, "who holds Beijing's 10-, 7-, 4- and 1-point spaces (one-hot seat each)"),
            ("posts_left", p, "trading posts left per seat; / 11"),
            ("travellers", p * len(self.locations), "travellers per seat per location (sorted); / 2"),
            ("main_done", 1, "1 once the main action of this turn is taken"),
            ("black_bought", 1, "1 if a black die was bought this turn"),
            ("posted_this_turn", nc, "cities where the player to act placed a trading post this turn"),
            ("last_traveller", p, "one-hot: who travelled last (starts the next round, MP-ROUND-2)"),
            ("outposts", len(self.large) * len(self.outpost_ids), "outpost bonus still on each large city "
                                                                   "(city, then bonus id)"),
            ("city_cards", len(self.cards) * len(self.large), "where each city card lies (card id, then large city)"),
            ("used_cards", len(self.cards), "1 for each city card used this round (MP-CITY-2)"),
            ("board_contracts", 6 * c, "the contract in each of the 6 columns (column, then contract id)"),
            ("piles", 5, "contracts in the 4 piles still to come (their order is hidden); / 6; special pile / 20"),
            ("active", p * c, "active contracts per seat (seat, then contract id)"),
            ("fulfilled", p * c, "fulfilled contracts per seat (seat, then contract id)"),
            ("objectives", len(self.objective_ids), "your objective cards (the others' are hidden)"),
            ("task", len(TASK_KINDS), "one-hot: the kind of decision pending inside an effect (none: all 0)"),
            ("task_owner", p, "one-hot: whose decision it is"),
            ("task_number", 1, "the pending decision's first number (a column, a count, a die); / 10"),
            ("options", 2, "1 if 4 objectives are dealt (keep 2); 1 if the player-count variant is on"),
        )

    def _fill(self, o: dict, x) -> None:
        me, p = o["player"], self.players
        if o["players"] != p:
            raise ValueError(f"marco_polo codec for {p} players: this observation is of a {o['players']}-player game")
        seats = egocentric(me, p)
        rank = {s: k for k, s in enumerate(seats)}
        at = self.at
        x[0] = _decider(o) == me
        x[at["phase"] + PHASES.index(o["phase"])] = 1
        x[at["round"] + o["round"] - 1] = 1
        x[at["start_player"] + rank[o["start_player"]]] = 1
        if o["current"] in rank:
            x[at["turn"] + rank[o["current"]]] = 1
        kinds = self._die_index
        for k, s in enumerate(seats):
            if o["characters"][s]:
                x[at["characters"] + k * len(CHARACTERS) + CHARACTERS.index(o["characters"][s])] = 1
            x[at["coins"] + k] = o["coins"][s] / 30
            x[at["camels"] + k] = o["camels"][s] / 20
            x[at["vp"] + k] = o["vp"][s] / 100
            for g, n in enumerate(o["goods"][s]):
                x[at["goods"] + 3 * k + g] = n / 10
            for die in o["dice"][s]:
                x[at["dice"] + k * len(kinds) + kinds[die["colour"], die["value"]]] += 0.2
            x[at["posts_left"] + k] = o["posts_left"][s] / 11
            for where in o["travellers"][s]:
                x[at["travellers"] + k * len(self.locations) + self._location[where]] += 0.5
        placed = o["spaces"]
        for space, here in placed.items():
            j = self._space_index.get(space)
            if j is None:
                continue
            x[at["space_dice"] + j] = len(here) / 4
            for die in here:
                if die["colour"] == "own" and die["seat"] in rank:
                    x[at["space_seats"] + j * p + rank[die["seat"]]] = 1
        x[at["khan_top"]] = max((d["value"] for d in placed.get("khan", ())), default=0) / 6
        x[at["black_dice"]] = o["black_dice"] / 5
        cities = self._city
        for city, owners in o["posts"].items():
            for s in owners:
                x[at["posts"] + cities[city] * p + rank[s]] = 1
        for place, s in enumerate(list(o["posts"].get("beijing", ()))[:4]):
            x[at["beijing_order"] + place * p + rank[s]] = 1
        x[at["main_done"]] = bool(o["main_done"])
        x[at["black_bought"]] = bool(o["black_bought"])
        for city in o["posted_this_turn"]:
            x[at["posted_this_turn"] + cities[city]] = 1
        if o["last_traveller"] is not None:
            x[at["last_traveller"] + rank[o["last_traveller"]]] = 1
        large, n_bonus = self._large, len(self.outpost_ids)
        for city, bonus in o["outposts"].items():
            if bonus is not None:
                x[at["outposts"] + large[city] * n_bonus + self._outpost[bonus]] = 1
        card_index = self._card
        for city, ids in o["city_cards"].items():
            for card in ids:
                x[at["city_cards"] + card_index[card] * len(large) + large[city]] = 1
        for card in self.cards:
            if placed.get(f"city:{card}"):
                x[at["used_cards"] + card_index[card]] = 1
        contract, c = self._contract, len(self.contracts)
        for column, cid in enumerate(o["board_contracts"][:6]):
            if cid is not None:
                x[at["board_contracts"] + column * c + contract[cid]] = 1
        for k, size in enumerate(list(o["piles"])[:4]):
            x[at["piles"] + k] = size / 6
        x[at["piles"] + 4] = o["special_pile"] / 20
        for key in ("active", "fulfilled"):
            for k, s in enumerate(seats):
                for cid in o[key][s]:
                    x[at[key] + k * c + contract[cid]] = 1
        for i in o["objectives"][me]:
            x[at["objectives"] + self._objective[i]] = 1
        task = o["tasks"][0] if o["tasks"] and o["tasks"][0][0] in TASK_KINDS else None
        if task:
            x[at["task"] + TASK_KINDS.index(task[0])] = 1
            x[at["task_owner"] + rank[task[1]]] = 1
            if len(task) > 2 and type(task[2]) is int:
                x[at["task_number"]] = task[2] / 10
        x[at["options"]] = o["options"]["objectives"] == 4
        x[at["options"] + 1] = bool(o["options"]["player_count_variant"])

    def _fill_state(self, state, me: int, x) -> None:
        """:meth:`_fill` read from the engine ``state`` for seat ``me`` (the observation's numbers, the same
        arithmetic): the other seats' objectives never read (nor those of a pending objectives task of
        another seat), the piles by their sizes."""
        p = self.players
        seats = egocentric(me, p)
        rank = {s: k for k, s in enumerate(seats)}
        at = self.at
        tasks = state.tasks
        x[0] = (tasks[0][1] if tasks else -1 if state.phase == "over" else state.current) == me
        x[at["phase"] + PHASES.index(state.phase)] = 1
        x[at["round"] + state.round - 1] = 1
        x[at["start_player"] + rank[state.start_player]] = 1
        if state.current in rank:
            x[at["turn"] + rank[state.current]] = 1
        kinds, locations, location = self._die_index, len(self.locations), self._location
        n_kinds, n_characters = len(kinds), len(CHARACTERS)
        for k, s in enumerate(seats):
            character = state.characters[s]
            if character:
                x[at["characters"] + k * n_characters + CHARACTERS.index(character)] = 1
            x[at["coins"] + k] = state.coins[s] / 30
            x[at["camels"] + k] = state.camels[s] / 20
            x[at["vp"] + k] = state.vp[s] / 100
            for g, n in enumerate(state.goods[s]):
                x[at["goods"] + 3 * k + g] = n / 10
            for colour, value in state.dice[s]:
                x[at["dice"] + k * n_kinds + kinds[colour, value]] += 0.2
            x[at["posts_left"] + k] = state.posts_left[s] / 11
            for where in state.travellers[s]:
                x[at["travellers"] + k * locations + location[where]] += 0.5
        placed = state.spaces
        for space, here in placed.items():
            j = self._space_index.get(space)
            if j is None:
                continue
            x[at["space_dice"] + j] = len(here) / 4
            for seat, colour, _value in here:
                if colour == "own" and seat in rank:
                    x[at["space_seats"] + j * p + rank[seat]] = 1
        x[at["khan_top"]] = max((value for _, _, value in placed.get("khan", ())), default=0) / 6
        x[at["black_dice"]] = state.black_dice / 5
        cities = self._city
        for city, owners in state.posts.items():
            for s in owners:
                x[at["posts"] + cities[city] * p + rank[s]] = 1
        for place, s in enumerate(list(state.posts.get("beijing", ()))[:4]):
            x[at["beijing_order"] + place * p + rank[s]] = 1
        x[at["main_done"]] = bool(state.main_done)
        x[at["black_bought"]] = bool(state.black_bought)
        for city in state.posted_this_turn:
            x[at["posted_this_turn"] + cities[city]] = 1
        if state.last_traveller is not None:
            x[at["last_traveller"] + rank[state.last_traveller]] = 1
        large, n_bonus = self._large, len(self.outpost_ids)
        for city, bonus in state.outposts.items():
            if bonus is not None:
                x[at["outposts"] + large[city] * n_bonus + self._outpost[bonus]] = 1
        card_index = self._card
        for city, ids in state.city_cards.items():
            for card in ids:
                x[at["city_cards"] + card_index[card] * len(large) + large[city]] = 1
        for card in self.cards:
            if placed.get(f"city:{card}"):
                x[at["used_cards"] + card_index[card]] = 1
        contract, c = self._contract, len(self.contracts)
        for column, cid in enumerate(list(state.board_contracts)[:6]):
            if cid is not None:
                x[at["board_contracts"] + column * c + contract[cid]] = 1
        for k, pile in enumerate(list(state.piles)[:4]):
            x[at["piles"] + k] = len(pile) / 6
        x[at["piles"] + 4] = len(state.special_pile) / 20
        for key, held in (("active", state.active), ("fulfilled", state.fulfilled)):
            for k, s in enumerate(seats):
                for cid in held[s]:
                    x[at[key] + k * c + contract[cid]] = 1
        for i in state.objectives[me]:
            x[at["objectives"] + self._objective[i]] = 1
        task = tasks[0] if tasks and tasks[0][0] in TASK_KINDS else None
        if task:
            x[at["task"] + TASK_KINDS.index(task[0])] = 1
            x[at["task_owner"] + rank[task[1]]] = 1
            hidden = task[0] == "objectives" and task[1] != me      # the observation shows it as []
            if len(task) > 2 and not hidden and type(task[2]) is int:
                x[at["task_number"]] = task[2] / 10
        x[at["options"]] = state.options["objectives"] == 4
        x[at["options"] + 1] = bool(state.options["player_count_variant"])


def _decider(o: dict) -> int:
    """The seat that decides in an observation: the owner of the first pending task, else whose turn."""
    if o["tasks"]:
        return o["tasks"][0][1]
    return -1 if o["phase"] == "over" else o["current"]


def blocks(players: int = 4) -> list[tuple[str, int]]:
    """The codec's blocks of ids, in order: ``(what, how many)``; they add up to ``N``."""
    return list(codec(players)._blocks)


def codec(players: int = 4, data: GameData | None = None) -> MarcoPoloCodec:
    """The Marco Polo codec for ``players`` (2-4) and ``data`` (default: the package's data); built once.

    Raises:
        ValueError: ``players`` is not 2..4, or ``data`` is not a GameData.
    """
    if whole_number(players) not in (2, 3, 4):   # a numpy integer is a count too; a bool is not
        raise ValueError(f"marco_polo codec: The Voyages of Marco Polo is played by 2 to 4 players, not "
                         f"{_short(players)}")
    if data is not None and not isinstance(data, GameData):
        raise ValueError(f"marco_polo codec: data is a GameData (marco_polo.load_data(folder)), not {_short(data)}")
    players, data = int(players), data or default_data()
    found = _CODECS.get((players, id(data)))
    if found is None or found.data is not data:
        if len(_CODECS) > 8:
            _CODECS.clear()
        found = _CODECS[players, id(data)] = MarcoPoloCodec(players, data)
    return found


_CODECS: dict[tuple[int, int], MarcoPoloCodec] = {}

