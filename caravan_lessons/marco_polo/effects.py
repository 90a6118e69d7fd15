"""What the actions of The Voyages of Marco Polo do, and the choices inside them.

An effect that needs a decision (a bazaar column, goods of choice, a contract, a path, ...)
puts a *task* on ``state.tasks``; the first task is the pending choice and ``legal_actions()``
lists its options (:class:`Choose` or :class:`Move`). Tasks without a choice run at once
(:func:`run`). A task is a tuple, its kind first and the deciding seat second::

    ("column", seat, good, highest column)          MP-BAZAAR-1
    ("goods", seat, n, distinct, rule)              n goods of choice (different kinds if distinct)
    ("pay_goods", seat, n_any, n_pairs, rule)       goods of choice to pay (pairs: 2 different ones)
    ("contract", seat, highest column, picks left)  MP-CONTRACT-1
    ("discard", seat, new contract id)              MP-CONTRACT-3 (an old contract goes: :func:`old_contracts`)
    ("column_bonus", seat, n)                       MP-CONTRACT-2
    ("travel", seat, most steps)                    MP-TRAVEL-1..3
    ("extra_move", seat)                            MP-MOVE-1
    ("move_post", seat, city)                       MP-TRAVEL-11
    ("repeat", seat, card, direction, most)         MP-CITY-3 ("×die")
    ("direction", seat, card, die)                  MP-CITY-3 (two-way cards)
    ("cities", seat, card, k, paid)                 city cards 23 and 25
    ("copy", seat)                                  the copy-a-bonus city bonus (MP-CITYBONUS-1)
    ("compensation", seat, amount)                  MP-ROUND-4
    ("character", seat, offered ids)                MP-SETUP-11
    ("objectives", seat, dealt ids)                 MP-SETUP-13 (variant: keep 2 of 4)
    ("extra_contract", seat)                        a contract as a reward
    automatic: ("gain", seat, items, rule, source), ("arrive", seat, cities), ("matteo", seat),
               ("black_die", seat, rule), ("compact", seat), ("setup_done",), ("roll",), ("turns",)

A choice with a single option is taken at once (it is no choice); the log says so.

A choice is offered from the state as it stands when the choice comes, so what changed earlier in the
same action counts: MP-CONTRACT-3 lets a player discard only an *old* contract ("um contrato 'antigo'"),
one held before the action began (``state.new_contracts`` lists those taken since, :func:`old_contracts`);
a trading post to move (MP-TRAVEL-11) is asked for only where the player has none yet.
[ruling] If every contract held was taken in this same action (a rare chain at a round start: Matteo's
contract after two extra contracts), the new contract has no old one to replace: it goes to the special
pile, and an extra contract is then not taken at all.
"""
from __future__ import annotations

from itertools import combinations

from ..core import RuleViolation, _short, plural
from ..i18n import N_, Later, N_plural, Translated, tr
from .actions import Choose, Move, amount_text, goods_text
from .components import GOODS

GOOD_INDEX = {g: i for i, g in enumerate(GOODS)}
DECISION_RULE = {"column": "MP-BAZAAR-1", "goods": "MP-KHAN-1", "pay_goods": "MP-CITY-3",
                 "contract": "MP-CONTRACT-1", "discard": "MP-CONTRACT-3", "column_bonus": "MP-CONTRACT-2",
                 "travel": "MP-TRAVEL-1", "extra_move": "MP-MOVE-1", "move_post": "MP-TRAVEL-11",
                 "repeat": "MP-CITY-3", "direction": "MP-CITY-3", "cities": "MP-CITY-3", "copy": "MP-CITYBONUS-1",
                 "compensation": "MP-ROUND-4", "character": "MP-SETUP-11", "extra_contract": "MP-CONTRACT-3",
                 "objectives": "MP-SETUP-13"}
AUTOMATIC = frozenset(("gain", "arrive", "matteo", "black_die", "compact", "setup_done", "roll", "turns"))
DESCRIPTION = Translated({
    "column": N_("choose the bazaar column"), "goods": N_("choose goods"), "pay_goods": N_("choose the goods to pay"),
    "contract": N_("choose a contract"), "discard": N_("choose the contract to discard"),
    "column_bonus": N_("choose coins or camels"), "travel": N_("choose the path of your travel"),
    "extra_move": N_("choose your extra move"), "move_post": N_("choose whether to move a trading post"),
    "repeat": N_("choose how many times"), "direction": N_("choose the direction of the exchange"),
    "cities": N_("choose the cities whose bonus you trigger"), "copy": N_("choose the city bonus to copy"),
    "compensation": N_("choose coins or camels as compensation"), "character": N_("choose your character"),
    "extra_contract": N_("choose the contract you take"), "objectives": N_("choose the 2 objectives to keep")})
"""Each kind of pending choice in words, in the current language (the values are catalogue messages)."""

SOURCES = (N_("city cards"), N_("contracts"), N_("trading posts"), N_("city bonuses"), N_("outpost bonus"),
           N_("character income"), N_("contract column bonus"), N_("compensation"), N_("take 5 coins"),
           N_("moneybag"), N_("Khan's favour"), N_("Mercator"), N_("Mercator (player-count variant)"))
"""Where a gain comes from (kept in English in the state and in saved games, shown by :func:`source_text`)."""


def source_text(source: str) -> str:
    """Where a gain came from, in the current language: ``"city cards"``, ``"bazaar column 3"``, ..."""
    if source.startswith("bazaar column "):
        return tr("bazaar column {column}").format(column=source[len("bazaar column "):])
    return tr(source)


def amounts_text(pairs) -> str:
    """Amounts in words, joined: ``amounts_text(((5, "coins"), (1, "camels"))) == "5 coins, 1 camel"``."""
    return ", ".join(amount_text(n, key) for n, key in pairs)


def _city_name(board_map, city: str) -> str:
    return board_map.name[city]


def describe(state) -> str:
    """The pending choice in words."""
    task = state.tasks[0]
    return tr("player {seat}: {choice}").format(seat=task[1], choice=DESCRIPTION.get(task[0], task[0]))


# --- bundles: gains and payments ----------------------------------------------------------------------

def scale(bundle: dict, n: int) -> dict:
    return {k: v * n for k, v in bundle.items()}


def gain(state, seat: int, items, rule: str, source: str) -> None:
    """Give ``items`` (pairs key, amount) to ``seat`` now; choices and effects become tasks at the front."""
    follow: list[tuple] = []
    got = []
    for key, n in items:
        if not n:
            continue
        if key == "coins":
            state.coins[seat] += n
        elif key == "camels":
            state.camels[seat] += n
        elif key in GOOD_INDEX:
            state.goods[seat][GOOD_INDEX[key]] += n
        elif key == "vp":
            state.vp[seat] += n
            items = state._own("vp_items")[seat]
            items[source] = items.get(source, 0) + n
        elif key == "good_choice":
            follow.append(("goods", seat, n, False, rule))
            continue
        elif key == "different_goods":
            follow.append(("goods", seat, n, True, rule))
            continue
        elif key == "extra_move":
            follow.extend([("extra_move", seat)] * n)
            continue
        elif key == "extra_contract":
            follow.extend([("extra_contract", seat), ("compact", seat)] * n)
            continue
        elif key == "black_die":
            follow.extend([("black_die", seat, rule)] * n)
            continue
        got.append((n, key))
    if got:
        state._say(seat, rule, N_("Player {seat} gets {items} ({source})."), seat=seat,
                   items=Later(amounts_text, tuple(got)), source=Later(source_text, source))
    state.tasks[0:0] = follow


def pay(state, seat: int, bundle: dict) -> None:
    """Take a fixed payment (no choices) from ``seat``; the caller has checked it is affordable."""
    for key, n in bundle.items():
        if key == "coins":
            state.coins[seat] -= n
        elif key == "camels":
            state.camels[seat] -= n
        elif key in GOOD_INDEX:
            state.goods[seat][GOOD_INDEX[key]] -= n
        elif key == "vp":
            state.vp[seat] -= n
            items = state._own("vp_items")[seat]
            items["city cards"] = items.get("city cards", 0) - n


def _max_pairs(goods) -> int:
    total = sum(goods)
    return min(total // 2, total - max(goods))


def times_affordable(state, seat: int, bundle: dict, limit: int) -> int:
    """How many times (0..limit) ``seat`` can pay ``bundle`` (goods of choice included)."""
    have = {"coins": state.coins[seat], "camels": state.camels[seat], "vp": state.vp[seat]}
    goods = state.goods[seat]
    for n in range(limit, 0, -1):
        if any(have[k] < v * n for k, v in bundle.items() if k in have):
            continue
        left = [goods[i] - bundle.get(g, 0) * n for i, g in enumerate(GOODS)]
        if min(left) < 0:
            continue
        if sum(left) < bundle.get("any_good", 0) * n:
            continue
        if bundle.get("different_goods") and _max_pairs(left) < n:
            continue
        return n
    return 0


def _compositions(n: int, limits=None):
    out = []
    for a in range(n + 1):
        for b in range(n - a + 1):
            v = (a, b, n - a - b)
            if limits is None or all(x <= y for x, y in zip(v, limits)):
                out.append(v)
    return out


def _pair_payments(n: int, goods) -> list:
    """Goods vectors paying n pairs of two different goods, within ``goods``."""
    found = set()
    for ps, pg, sg in _compositions(n):
        v = (ps + pg, ps + sg, pg + sg)
        if all(x <= y for x, y in zip(v, goods)):
            found.add(v)
    return sorted(found)


# --- the main actions (MP-ACT-3 ... MP-CITY-3) -------------------------------------------------------------

def main_action(state, seat: int, space: str, low: int) -> None:
    """What a placement does; ``low`` is the lowest placed die (MP-ACT-1)."""
    d = state.data
    if space in ("coins", "khan") and state.options["player_count_variant"] and state.players < 4:
        for other, who in enumerate(state.characters):          # [ruling] BGA's Mercator with 2-3 players
            if who == "mercator" and other != seat:
                if space == "khan":
                    gain(state, other, (("camels", 1),), "MP-CHAR-4", "Mercator (player-count variant)")
                elif state.players == 2:
                    gain(state, other, (("coins", 2),), "MP-CHAR-4", "Mercator (player-count variant)")
    if space == "coins":
        gain(state, seat, d.tables["take_coins"]["reward"].items(), "MP-ACT-3", "take 5 coins")
    elif space == "moneybag":
        gain(state, seat, d.tables["moneybag"]["reward"].items(), "MP-BONUS-3", "moneybag")
    elif space.startswith("bazaar:"):
        state.tasks.insert(0, ("column", seat, space[7:], low))
    elif space == "khan":
        gain(state, seat, d.khan_reward.items(), "MP-KHAN-1", "Khan's favour")
    elif space == "contracts":
        state.tasks[0:0] = [("contract", seat, low, 2), ("compact", seat)]
    elif space == "travel":
        state.last_traveller = seat                                   # MP-TRAVEL-9
        state.tasks.insert(0, ("travel", seat, low))
    else:
        city_card(state, seat, int(space[5:]), low)


def city_card(state, seat: int, card: int, low: int) -> None:
    """MP-CITY-1..3: the card's action with the die ``low``."""
    c = state.data.city_cards[card]
    kind = c["kind"]
    rule, source = "MP-CITY-3", "city cards"
    if kind == "per_pip":
        gain(state, seat, scale(c["gain"], low).items(), rule, source)
    elif kind == "die_table":
        for lo, hi, g, _ in c["table"]:
            if lo <= low <= hi:
                gain(state, seat, g.items(), rule, source)
    elif kind == "per_count":
        gain(state, seat, scale(c["gain"], count_for(state, seat, c["count"], low)).items(), rule, source)
    elif kind == "exchange":
        _start_exchange(state, seat, card, -1, card_uses(state, seat, card, low, direction=-1))
    elif kind == "swap":
        usable = [i for i in (0, 1) if card_uses(state, seat, card, low, direction=i)]
        if len(usable) == 1:
            _start_exchange(state, seat, card, usable[0], card_uses(state, seat, card, low, direction=usable[0]))
        else:
            state.tasks.insert(0, ("direction", seat, card, low))
    elif kind == "city_bonus":
        times = next(t for lo, hi, _, t in c["table"] if lo <= low <= hi)
        state.tasks.insert(0, ("cities", seat, card, min(times, len(state.own_small_cities(seat))), False))
    elif kind == "city_bonus_paid":
        state.tasks.insert(0, ("cities", seat, card, card_uses(state, seat, card, low), True))


def count_for(state, seat: int, what: str, low: int) -> int:
    """City cards 2, 15, 22, 24: trading posts placed / contracts fulfilled, at most the die."""
    if what == "posts":
        n = sum(seat in owners for owners in state.posts.values())
    else:
        n = len(state.fulfilled[seat])
    return min(n, low)


def _exchange_bundles(state, card: int, direction: int):
    c = state.data.city_cards[card]
    if direction < 0:
        return c["pay"], c["gain"]
    return c["directions"][direction]


def card_uses(state, seat: int, card: int, low: int, direction: int | None = None) -> int:
    """How many times ``seat`` can do city card ``card``'s action with a die ``low`` (0: not at all)."""
    c = state.data.city_cards[card]
    kind = c["kind"]
    if kind in ("per_pip", "die_table"):
        return 1
    if kind == "per_count":
        return count_for(state, seat, c["count"], low)
    if kind == "exchange":
        return times_affordable(state, seat, c["pay"], low)
    if kind == "swap":
        if direction is None:
            return max(times_affordable(state, seat, p, low) for p, _ in c["directions"])
        return times_affordable(state, seat, c["directions"][direction][0], low)
    own = len(state.own_small_cities(seat))
    if kind == "city_bonus":
        return min(own, next(t for lo, hi, _, t in c["table"] if lo <= low <= hi))
    return min(own, low, state.coins[seat] // max(1, c["pay"].get("coins", 1)))


def card_text(state, card: int) -> str:
    """A city card's action in words (for messages and lessons)."""
    c = state.data.city_cards[card]

    def words(b):
        return " + ".join(amount_text(v, k) for k, v in b.items())

    kind = c["kind"]
    if kind == "exchange":
        return tr("{pay} -> {gain}, up to the die").format(pay=words(c["pay"]), gain=words(c["gain"]))
    if kind == "swap":
        return tr("{choices}, up to the die").format(choices=tr(" or ").join(
            f"{words(p)} -> {words(g)}" for p, g in c["directions"]))
    if kind == "per_pip":
        return tr("{gain} per pip of the die").format(gain=words(c["gain"]))
    if kind == "per_count":
        return (tr("{gain} per trading post, at most the die") if c["count"] == "posts" else
                tr("{gain} per fulfilled contract, at most the die")).format(gain=words(c["gain"]))
    if kind == "die_table":
        return "; ".join(tr("die {low}-{high}: {gain}").format(low=lo, high=hi, gain=words(g))
                         for lo, hi, g, _ in c["table"])
    if kind == "city_bonus":
        return "; ".join(tr("die {low}-{high}: {times} of your small-city bonuses").format(low=lo, high=hi, times=t)
                         for lo, hi, _, t in c["table"])
    return tr("1 coin per small-city bonus of yours triggered (different cities), up to the die")


def _start_exchange(state, seat: int, card: int, direction: int, most: int) -> None:
    if most == 1:
        _do_exchange(state, seat, card, direction, 1)
    else:
        state.tasks.insert(0, ("repeat", seat, card, direction, most))


def _do_exchange(state, seat: int, card: int, direction: int, n: int) -> None:
    cost, reward = _exchange_bundles(state, card, direction)
    fixed = {k: v * n for k, v in cost.items() if k not in ("any_good", "different_goods")}
    pay(state, seat, fixed)
    state._say(seat, "MP-CITY-3", N_("Player {seat} does city card {card} {times}."), seat=seat, card=card,
               times=Later(plural, n, *N_plural("time")))
    follow = []
    if cost.get("any_good") or cost.get("different_goods"):
        follow.append(("pay_goods", seat, cost.get("any_good", 0) * n, (cost.get("different_goods", 0) // 2) * n,
                       "MP-CITY-3"))
    follow.append(("gain", seat, tuple(scale(reward, n).items()), "MP-CITY-3", "city cards"))
    state.tasks[0:0] = follow


# --- contracts (MP-CONTRACT-*, MP-BONUS-2) ---------------------------------------------------------------

def can_fulfil(state, seat: int, cid: int) -> bool:
    cost = state.data.contracts[cid]["cost"]
    goods = state.goods[seat]
    return state.camels[seat] >= cost.get("camels", 0) and all(goods[i] >= cost.get(g, 0)
                                                               for i, g in enumerate(GOODS))


def check_fulfil(state, seat: int, cid) -> None:
    if type(cid) is not int or cid not in state.active[seat]:
        raise RuleViolation("MP-BONUS-2", tr("contract {value} is not one of your active contracts ({active})").format(
            value=_short(cid), active=", ".join(map(str, state.active[seat])) or tr("none")))
    if not can_fulfil(state, seat, cid):
        cost = state.data.contracts[cid]["cost"]
        need = ", ".join(amount_text(v, k) for k, v in cost.items())
        raise RuleViolation("MP-BONUS-2", tr("contract {contract} needs {need}; you have {goods} and {camels}").format(
            contract=cid, need=need, goods=goods_text(state.goods[seat]), camels=plural(state.camels[seat], "camel")))


def fulfil(state, seat: int, cid: int) -> None:
    """MP-BONUS-2: pay the goods and camels, take the rewards, the contract goes to the drawer."""
    contract = state.data.contracts[cid]
    pay(state, seat, contract["cost"])
    state.active[seat].remove(cid)
    state._own("fulfilled")[seat].append(cid)
    state._say(seat, "MP-BONUS-2", N_("Player {seat} fulfils contract {contract}."), seat=seat, contract=cid)
    gain(state, seat, contract["reward"].items(), "MP-BONUS-2", "contracts")


def _take_contract(state, seat: int, cid: int, rule: str) -> None:
    """``seat`` takes contract ``cid``: into a free active-contract space, else after discarding an old one
    (MP-CONTRACT-3). It counts as new for the rest of this action (``state.new_contracts``)."""
    state.new_contracts = state.new_contracts + (cid,)
    if len(state.active[seat]) >= 2:                                   # MP-CONTRACT-3
        state.tasks.insert(0, ("discard", seat, cid))
    else:
        state.active[seat].append(cid)
        state._say(seat, rule, N_("Player {seat} takes contract {contract}."), seat=seat, contract=cid)


def old_contracts(state, seat: int) -> list[int]:
    """The active contracts of ``seat`` that it held before the action in progress began: the ones
    MP-CONTRACT-3 lets it discard ("um contrato 'antigo'"). A contract taken earlier in the same action (the
    first of two taken contracts, a first extra contract, Matteo's at the round start) is not old."""
    return [c for c in state.active[seat] if c not in state.new_contracts]


# --- travel (MP-TRAVEL-*, MP-MOVE-1, MP-CHAR-6/7/8) ---------------------------------------------------------

def _mode(state, seat: int):
    who = state.characters[seat]
    return who == "johannes", who == "wilhelm"


def travel_options(state, seat: int, most: int, coins: int, first_only: bool = False) -> list:
    """Affordable travels: a list of (Move, steps, camels, coins incl. the travel space)."""
    jumps, passing = _mode(state, seat)
    cost = state.data.travel_cost
    camels = state.camels[seat]
    walks = state.map.walks
    starts = state.travellers[seat]
    out = []
    if len(starts) == 1:
        for s in range(1, most + 1):
            for _end, c, k, path in walks(starts[0], s, jumps, passing):
                if c <= camels and cost[s - 1] + k <= coins:
                    out.append((Move((path,)), s, c, cost[s - 1] + k))
                    if first_only:
                        return out
        return out
    a, b = starts
    for s1 in range(0, most + 1):
        for s2 in range(0, most + 1 - s1):
            s = s1 + s2
            if s == 0:
                continue
            for _, c1, k1, p1 in walks(a, s1, jumps, passing):
                for _, c2, k2, p2 in walks(b, s2, jumps, passing):
                    if c1 + c2 <= camels and cost[s - 1] + k1 + k2 <= coins:
                        out.append((Move((p1, p2)), s, c1 + c2, cost[s - 1] + k1 + k2))
                        if first_only:
                            return out
    return out


def check_move(state, seat: int, action: Move, most: int, extra: bool) -> dict:
    """Every check of a Travel (``extra`` False) or an extra move; returns the plan or raises."""
    rule = "MP-MOVE-1" if extra else "MP-TRAVEL-1"
    starts = state.travellers[seat]
    paths = action.paths
    if not isinstance(paths, tuple) or len(paths) != len(starts):
        text = (tr("give one path per traveller: 2 (Niccolò and Marco have two travellers, MP-CHAR-8)")
                if len(starts) == 2 else tr("give one path per traveller: {n}").format(n=len(starts)))
        raise RuleViolation("MP-CHAR-8" if len(starts) == 2 else rule, text)
    jumps, _ = _mode(state, seat)
    steps = camels = coins = 0
    passed: list[str] = []
    ends = []
    for start, path in zip(starts, paths):
        if not isinstance(path, tuple) or not path or path[0] != start:
            raise RuleViolation(rule, tr("a path starts where the traveller stands ({place})").format(
                place=state.map.name[start]))
        for a, b in zip(path, path[1:]):
            cost = state.map.route(a, b, jumps) if isinstance(b, str) and b in state.map.kind else None
            if cost is None:
                raise RuleViolation("MP-TRAVEL-2", tr("no route joins {a} and {b}: travellers move along routes").format(
                    a=_short(a), b=_short(b)))
            camels += cost[0]
            coins += cost[1]
        steps += len(path) - 1
        if len(path) > 1:
            if not state.map.stop_allowed(path[-1]):
                raise RuleViolation("MP-TRAVEL-3", tr("a move ends on an oasis, a small or large city or Beijing, "
                                                      "not in Venezia"))
            passed.extend(p for p in path[1:-1] if p in state.map.cities)
            ends.append(path[-1])
    if extra and steps != 1:
        raise RuleViolation("MP-MOVE-1", tr("an extra move is exactly 1 step, not {steps}").format(steps=steps))
    if steps > 6:
        raise RuleViolation("MP-TRAVEL-1", tr("a travel buys at most 6 steps; {steps} is too many").format(steps=steps))
    if not extra and not 1 <= steps <= most:
        raise RuleViolation("MP-TRAVEL-1", (tr("your lower die (1) allows 1 step, not {steps}") if most == 1 else
                                            tr("your lower die ({most}) allows 1 to {most} steps, not {steps}")).format(
            most=most, steps=steps))
    total = coins + (0 if extra else state.data.travel_cost[steps - 1])
    if camels > state.camels[seat] or total > state.coins[seat]:
        what = (tr("the route costs") if extra else tr("{coins} for {steps} plus the routes").format(
            coins=plural(state.data.travel_cost[steps - 1], "coin"), steps=plural(steps, "step")))
        raise RuleViolation("MP-MOVE-1" if extra else "MP-TRAVEL-2",
                            tr("this move costs {coins} and {camels} ({what}); you have {have_coins} and "
                               "{have_camels}").format(coins=plural(total, "coin"), camels=plural(camels, "camel"),
                                                       what=what, have_coins=plural(state.coins[seat], "coin"),
                                                       have_camels=plural(state.camels[seat], "camel")))
    return {"camels": camels, "coins": total, "steps": steps, "passed": passed, "ends": ends}


def extra_move_options(state, seat: int) -> list:
    jumps, _ = _mode(state, seat)
    starts = state.travellers[seat]
    out = []
    for i, start in enumerate(starts):
        adjacency = state.map.jump_adjacency if jumps else state.map.adjacency
        for m, c, k in adjacency[start]:
            if state.map.stop_allowed(m) and c <= state.camels[seat] and k <= state.coins[seat]:
                paths = tuple((start, m) if j == i else (s,) for j, s in enumerate(starts))
                out.append(Move(paths))
    return out


def _do_move(state, seat: int, action: Move, plan: dict, rule: str) -> None:
    state.camels[seat] -= plan["camels"]
    state.coins[seat] -= plan["coins"]
    for i, path in enumerate(action.paths):
        state._own("travellers")[seat][i] = path[-1]
    state._say(seat, rule, N_("Player {seat}: {action} (pays {coins}, {camels})."), seat=seat, action=action,
               coins=Later(plural, plan["coins"], *N_plural("coin")),
               camels=Later(plural, plan["camels"], *N_plural("camel")))
    stops = plan["passed"] if state.characters[seat] == "wilhelm" else []       # MP-CHAR-7
    state.tasks.insert(0, ("arrive", seat, tuple(stops + plan["ends"])))


def arrive(state, seat: int, cities) -> None:
    """MP-TRAVEL-4..8/10/11: trading posts where the move ended (and, for Wilhelm, where he passed);
    the bonuses come after all the posts are placed."""
    follow: list[tuple] = []
    for city in dict.fromkeys(cities):        # each city once: two travellers, or a walk, may end where one passed
        if city not in state.map.cities or state.has_post(seat, city):          # MP-TRAVEL-10 / MP-TRAVEL-8
            continue
        if state.posts_left[seat] == 0:
            follow.append(("move_post", seat, city))                          # MP-TRAVEL-11
            continue
        place_post(state, seat, city, follow, counts=True)
    state.tasks[0:0] = follow


def place_post(state, seat: int, city: str, follow: list, counts: bool) -> None:
    owners = state._own("posts").setdefault(city, [])
    owners.append(seat)
    state.posted_this_turn.append(city)
    kind = state.map.kind[city]
    if counts:
        state._own("posts_left")[seat] -= 1
        state._own("posts_placed")[seat] += 1
        n = state.posts_placed[seat]
        points = state.data.tables["post_points"].get(str(n), 0)
        if n == 11 and state.characters[seat] != "wilhelm":
            points = 0
        if points:
            state.vp[seat] += points
            items = state._own("vp_items")[seat]
            items["trading posts"] = items.get("trading posts", 0) + points
            state._say(seat, "MP-CHAR-7" if n == 11 else "MP-TRAVEL-7",
                       N_("Player {seat} places their {n}th trading post: {points}."), seat=seat, n=n,
                       points=Later(plural, points, *N_plural("victory point")))
    if kind == "beijing":
        place = len(owners) - 1
        state._say(seat, "MP-TRAVEL-6", N_("Player {seat} places a trading post on Beijing's {points}-point space."),
                   seat=seat, points=state.data.tables["beijing_points"][place])
    else:
        state._say(seat, "MP-TRAVEL-4" if kind == "large" else "MP-TRAVEL-5",
                   N_("Player {seat} places a trading post in {city}."), seat=seat, city=Later(_city_name, state.map, city))
    if kind == "large" and state.outposts.get(city) is not None:                     # MP-TRAVEL-4
        bonus = state._own("outposts").pop(city)
        follow.append(("gain", seat, tuple(state.data.outpost_bonuses[bonus].items()), "MP-TRAVEL-4",
                       "outpost bonus"))
    elif kind == "small":                                                            # MP-TRAVEL-5
        queue_city_bonus(state, seat, city, "MP-TRAVEL-5", follow)


def queue_city_bonus(state, seat: int, city: str, rule: str, into: list | None = None) -> None:
    """The bonus of the small city ``city`` for ``seat`` (MP-CITYBONUS-1), as a task."""
    bonus = state.data.city_bonuses[state.city_bonus_at[city]]
    task = ("copy", seat) if bonus["copy"] else ("gain", seat, tuple(bonus["gain"].items()), rule, "city bonuses")
    (state.tasks if into is None else into).append(task)


# --- the decision machinery ---------------------------------------------------------------------------------

def options(state) -> list:
    """The options of the pending choice (``state.tasks[0]``)."""
    task = state.tasks[0]
    kind, seat = task[0], task[1]
    if kind == "column":
        return [Choose("column", c) for c in range(1, task[3] + 1)]
    if kind == "goods":
        n, distinct = task[2], task[3]
        if distinct:
            return [Choose("goods", tuple(int(i in combo) for i in range(3))) for combo in combinations(range(3), n)]
        return [Choose("goods", v) for v in _compositions(n)]
    if kind == "pay_goods":
        goods = state.goods[seat]
        n_any, n_pairs = task[2], task[3]
        if n_pairs:
            return [Choose("pay_goods", v) for v in _pair_payments(n_pairs, goods)]
        return [Choose("pay_goods", v) for v in _compositions(n_any, goods)]
    if kind == "contract":
        out = [Choose("contract", c) for c in range(1, min(task[2], len(state.board_contracts)) + 1)
               if state.board_contracts[c - 1] is not None]
        if task[3] < 2:
            out.append(Choose("contract", 0))
        return out
    if kind == "extra_contract":
        if len(state.active[seat]) >= 2 and not old_contracts(state, seat):
            return [Choose("extra_contract", 0)]   # [ruling] no space and nothing old to make room: none taken
        out = [Choose("extra_contract", c) for c in range(1, len(state.board_contracts) + 1)
               if state.board_contracts[c - 1] is not None]
        return out + [Choose("extra_contract", 0)]
    if kind == "discard":                          # MP-CONTRACT-3: an old one; [ruling] none: the new one goes
        return [Choose("discard", c) for c in old_contracts(state, seat) or (task[2],)]
    if kind == "column_bonus":
        return [Choose("column_bonus", k) for k in range(task[2] + 1)]
    if kind == "compensation":
        return [Choose("compensation", k) for k in range(task[2] + 1)]
    if kind == "travel":
        return [m for m, *_ in travel_options(state, seat, task[2], state.coins[seat])]
    if kind == "extra_move":
        return extra_move_options(state, seat) + [Move(())]
    if kind == "move_post":
        if state.has_post(seat, task[2]):          # MP-TRAVEL-8: a post came there earlier in this action
            return [Choose("move_post", "")]
        here = [c for c in sorted(state.posts) if seat in state.posts[c] and c != "beijing" and c != task[2]]
        return [Choose("move_post", c) for c in here] + [Choose("move_post", "")]
    if kind == "repeat":
        return [Choose("repeat", n) for n in range(1, task[4] + 1)]
    if kind == "direction":
        return [Choose("direction", i) for i in (0, 1) if card_uses(state, seat, task[2], task[3], direction=i)]
    if kind == "cities":
        own = state.own_small_cities(seat)
        if task[4]:
            return [Choose("cities", combo) for k in range(1, task[3] + 1) for combo in combinations(own, k)]
        return [Choose("cities", combo) for combo in combinations(own, task[3])]
    if kind == "copy":
        return [Choose("copy", b) for b in sorted(state.data.city_bonuses) if not state.data.city_bonuses[b]["copy"]]
    if kind == "objectives":
        return [Choose("objectives", pair) for pair in combinations(task[2], 2)]
    if kind == "character":
        taken = set(state.characters)
        return [Choose("character", c) for c in task[2] if c not in taken]
    raise AssertionError(f"unknown task {_short(task)}")


def check(state, action) -> dict | None:
    """Checks a decision against the pending choice; returns a plan for :func:`resolve` or raises."""
    task = state.tasks[0]
    kind = task[0]
    rule = DECISION_RULE[kind]
    if kind in ("travel", "extra_move"):
        if not isinstance(action, Move):
            raise RuleViolation(rule, tr("now {choice} (a Move)").format(choice=describe(state)))
        if kind == "extra_move" and action.paths == ():
            return {"decline": True}
        return check_move(state, task[1], action, task[2] if kind == "travel" else 1, extra=kind == "extra_move")
    if not isinstance(action, Choose) or action.kind != kind:
        raise RuleViolation(rule, tr("now {choice}").format(choice=describe(state)))
    # exact: True is not 1, (1.0,) is not (1,); repr only once equal (a 5000-digit int has no repr)
    if not any(o == action and repr(o.value) == repr(action.value) for o in options(state)):
        if kind == "khan" or kind == "goods":
            rule = task[4]
        allowed = ", ".join(str(o.value) for o in options(state))
        raise RuleViolation(rule, tr("{value} is not an option: {choice} among {allowed}").format(
            value=_short(action.value), choice=DESCRIPTION[kind], allowed=allowed))
    return None


def resolve(state, action, plan) -> None:
    """Carry out a checked decision."""
    task = state.tasks.pop(0)
    kind, seat = task[0], task[1]
    v = getattr(action, "value", None)
    if kind == "travel":
        _do_move(state, seat, action, plan, "MP-TRAVEL-2")
    elif kind == "extra_move":
        if plan.get("decline"):
            state._say(seat, "MP-MOVE-1", N_("Player {seat} gives up an extra move."), seat=seat)
        else:
            _do_move(state, seat, action, plan, "MP-MOVE-1")
    elif kind == "column":
        good = task[2]
        reward = state.data.bazaar[good][1][v - 1]
        gain(state, seat, reward.items(), "MP-BAZAAR-1", f"bazaar column {v}")
        for other, who in enumerate(state.characters):                      # MP-CHAR-4
            if who == "mercator" and other != seat:
                gain(state, other, (("camels" if good == "camel" else good, 1),), "MP-CHAR-4", "Mercator")
    elif kind == "goods":
        for i, n in enumerate(v):
            state.goods[seat][i] += n
        state._say(seat, task[4], N_("Player {seat} takes {goods}."), seat=seat, goods=Later(goods_text, tuple(v)))
    elif kind == "pay_goods":
        for i, n in enumerate(v):
            state.goods[seat][i] -= n
        state._say(seat, task[4], N_("Player {seat} pays {goods}."), seat=seat, goods=Later(goods_text, tuple(v)))
    elif kind == "contract":
        if v:
            cid = state.board_contracts[v - 1]
            state.board_contracts[v - 1] = None
            follow = []
            bonus = state.data.tables["contract_column_bonus"][v - 1]
            _take_contract(state, seat, cid, "MP-CONTRACT-1")
            if bonus:
                follow.append(("column_bonus", seat, bonus))
            if task[3] > 1:
                follow.append(("contract", seat, task[2], task[3] - 1))
            at = 1 if state.tasks and state.tasks[0][0] == "discard" and state.tasks[0][1] == seat else 0
            state.tasks[at:at] = follow
    elif kind == "extra_contract":
        if v:
            cid = state.board_contracts[v - 1]
            state.board_contracts[v - 1] = None
            _take_contract(state, seat, cid, "MP-CONTRACT-3")
    elif kind == "discard":
        if v == task[2]:                            # [ruling] nothing old to discard: the new contract goes
            state.new_contracts = tuple(c for c in state.new_contracts if c != v)
            state._own("special_pile").append(v)
            state._say(seat, "MP-CONTRACT-3", N_("Player {seat} has no old contract to make room for contract {new}: "
                                                 "it goes to the special pile."), seat=seat, new=v)
        else:
            state.active[seat].remove(v)
            state._own("special_pile").append(v)
            state.active[seat].append(task[2])
            state._say(seat, "MP-CONTRACT-3",
                       N_("Player {seat} discards contract {old} to the special pile and takes contract {new}."),
                       seat=seat, old=v, new=task[2])
    elif kind == "column_bonus":
        gain(state, seat, (("coins", v), ("camels", task[2] - v)), "MP-CONTRACT-2", "contract column bonus")
    elif kind == "compensation":
        gain(state, seat, (("coins", v), ("camels", task[2] - v)), "MP-ROUND-4", "compensation")
    elif kind == "move_post":
        if v:
            posts = state._own("posts")
            posts[v].remove(seat)
            if not posts[v]:
                del posts[v]
            follow: list[tuple] = []
            state._say(seat, "MP-TRAVEL-11", N_("Player {seat} moves their trading post from {city}."), seat=seat,
                       city=Later(_city_name, state.map, v))
            place_post(state, seat, task[2], follow, counts=False)
            state.tasks[0:0] = follow
    elif kind == "repeat":
        _do_exchange(state, seat, task[2], task[3], v)
    elif kind == "direction":
        card, low = task[2], task[3]
        _start_exchange(state, seat, card, v, card_uses(state, seat, card, low, direction=v))
    elif kind == "cities":
        if task[4]:
            pay(state, seat, {"coins": len(v)})
        follow = []
        for city in v:
            queue_city_bonus(state, seat, city, "MP-CITY-3", follow)
        state.tasks[0:0] = follow
    elif kind == "copy":
        bonus = state.data.city_bonuses[v]
        state._say(seat, "MP-CITYBONUS-1", N_("Player {seat} copies the city bonus {bonus}."), seat=seat, bonus=v)
        gain(state, seat, bonus["gain"].items(), "MP-CITYBONUS-1", "city bonuses")
    elif kind == "objectives":
        state._own("objectives")[seat] = list(v)
        state._log(seat, tr("Player {seat} keeps 2 objectives and returns the others.").format(seat=seat), "MP-SETUP-13")
    elif kind == "character":
        state._own("characters")[seat] = v
        state._log(seat, tr("Player {seat} chooses {character}.").format(seat=seat, character=state.data.characters[v]["name"]),
                   "MP-SETUP-11")


def _auto(state, task) -> None:
    kind = task[0]
    if kind == "gain":
        gain(state, task[1], task[2], task[3], task[4])
    elif kind == "arrive":
        arrive(state, task[1], task[2])
    elif kind == "compact":
        state.board_contracts = [c for c in state.board_contracts if c is not None]
    elif kind == "black_die":
        state.give_black_die(task[1], task[2])
    elif kind == "matteo":                                                         # MP-CHAR-2
        if state.special_pile:
            _take_contract(state, task[1], state._own("special_pile").pop(0), "MP-CHAR-2")
    elif kind == "setup_done":
        state._finish_setup()
    elif kind == "roll":
        state._roll_all()
    elif kind == "turns":
        state._begin_turn(state.start_player)


def run(state) -> None:
    """Carry out automatic tasks until a real choice (two or more options) is pending or none is left."""
    tasks = state.tasks
    while tasks:
        task = tasks[0]
        if task[0] in AUTOMATIC:
            tasks.pop(0)
            _auto(state, task)
            continue
        opts = options(state)
        if len(opts) >= 2 or (task[0] == "character" and opts):
            return
        if not opts:                          # nothing to choose from: the effect is lost (MP-MOVE-1 etc.)
            tasks.pop(0)
            state._say(task[1], DECISION_RULE[task[0]], N_("Player {seat} cannot {choice}: nothing happens."),
                       seat=task[1], choice=Later(DESCRIPTION.__getitem__, task[0]))
            continue
        only = opts[0]
        resolve(state, only, check(state, only))
