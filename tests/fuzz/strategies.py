"""Hypothesis strategies: mutations of a valid saved game, bad values, bad selections."""
from __future__ import annotations

import copy

from hypothesis import strategies as st

BAD_VALUES = st.one_of(
    st.sampled_from([None, True, False, -1, 0, 1, 2, 7, 99, -(10**6), 2**40, 10**300, 1.0, 2.5, float("inf"),
                     "", "x", "7", "Cloth", "camel", "diamond", [], {}, [[]], [0, 1], {"cloth": 1},
                     [[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]]),
    st.integers(min_value=-(10**20), max_value=10**20),
    st.text(max_size=8),
    st.lists(st.integers(-3, 12), max_size=4),
)


def _paths(data, prefix=()):
    """Every (path, value) in a JSON tree."""
    yield prefix, data
    if isinstance(data, dict):
        for k, v in data.items():
            yield from _paths(v, prefix + (k,))
    elif isinstance(data, list):
        for i, v in enumerate(data):
            yield from _paths(v, prefix + (i,))


@st.composite
def mutated(draw, save: dict):
    """A copy of ``save`` with 1..3 mutations: a value replaced (by a bad one or a neighbour), a key
    removed, an unknown key added, a list item dropped or duplicated."""
    data = copy.deepcopy(save)
    for _ in range(draw(st.integers(1, 3))):
        paths = [p for p, _ in _paths(data) if p]
        if not paths:
            break
        path = draw(st.sampled_from(paths))
        parent = data
        for key in path[:-1]:
            parent = parent[key]
        key = path[-1]
        value = parent[key]
        how = draw(st.sampled_from(["replace", "nudge", "delete", "add", "duplicate"]))
        if how == "replace":
            parent[key] = draw(BAD_VALUES)
        elif how == "nudge" and isinstance(value, int) and not isinstance(value, bool):
            parent[key] = value + draw(st.sampled_from([-2, -1, 1, 2]))
        elif how == "delete":
            del parent[key]
        elif how == "add" and isinstance(parent, dict):
            parent[draw(st.sampled_from(["surprise", "Cloth", "unicorn", "3"]))] = draw(BAD_VALUES)
        elif how == "duplicate" and isinstance(parent, list):
            parent.insert(key, copy.deepcopy(value))
        else:
            parent[key] = draw(BAD_VALUES)
    return data


def bad_files():
    """Raw bytes of files that are not saved games at all."""
    return st.one_of(
        st.sampled_from([b"", b"   ", b"\xff\xfe\x00", b"\xc3\x28", b"[" * 100_000, b"{" * 3000,
                         b'{"seed": ' + b"9" * 5000 + b"}", b"NaN", b"[Infinity]", b"null", b"[]", b"{}",
                         b'{"game": "jaipur", "version": 1}', b"\x00" * 10]),
        st.binary(max_size=64),
    )


def selections(names):
    """Arguments for a selection-to-action function: card-name lists with junk mixed in."""
    card = st.one_of(st.sampled_from(list(names)), st.sampled_from([n.upper() for n in names]),
                     st.sampled_from([None, 3, "", "unicorn", b"cloth"]))
    pile = st.one_of(st.lists(card, max_size=8), st.sampled_from([None, "cloth", 3, {"cloth": 1}]),
                     st.tuples(card, card))
    herd = st.one_of(st.integers(-5, 15), st.sampled_from([2**40, -(2**40), 1.0, "2", None, True, 10**400]))
    return pile, herd


def _leaves(data, prefix=()):
    """Every (path, value) of a JSON tree whose value is a number, string or boolean."""
    for path, value in _paths(data, prefix):
        if path and isinstance(value, (int, float, str, bool)):
            yield path, value


def _get(data, path):
    for key in path:
        data = data[key]
    return data


@st.composite
def reshaped(draw, save: dict):
    """A copy of ``save`` with 1..4 *well-typed* changes, the kind the schema lets through and only the game's
    consistency rules can refuse: a number nudged, a flag flipped, a value replaced by another value of the
    save under the same key (another seat's money, another camel's space, another phase), two siblings
    swapped, an item moved from one list to another."""
    data = copy.deepcopy(save)
    for _ in range(draw(st.integers(1, 4))):
        leaves = [(p, v) for p, v in _leaves(data) if p[0] not in ("events", "rng", "seed", "game", "version")]
        if not leaves:
            break
        how = draw(st.sampled_from(["nudge", "same key", "swap", "move", "same key", "nudge"]))
        path, value = draw(st.sampled_from(leaves))
        parent = _get(data, path[:-1])
        if how == "nudge":
            if isinstance(value, bool):
                parent[path[-1]] = not value
            elif isinstance(value, int):
                parent[path[-1]] = value + draw(st.sampled_from([-2, -1, 1, 2]))
            continue
        if how == "same key":
            others = [v for p, v in leaves if p[-1] == path[-1] and type(v) is type(value) and v != value]
            if not others and isinstance(path[-1], int):  # list items: any other item of that type
                others = [v for p, v in leaves if type(v) is type(value) and v != value and isinstance(p[-1], int)]
            if others:
                parent[path[-1]] = draw(st.sampled_from(others))
            continue
        containers = [(p, v) for p, v in _paths(data) if p and isinstance(v, (list, dict)) and len(v) >= 2
                      and p[0] not in ("events", "rng")]
        if how == "swap" and containers:
            cpath, container = draw(st.sampled_from(containers))
            keys = list(range(len(container))) if isinstance(container, list) else list(container)
            a, b = draw(st.sampled_from(keys)), draw(st.sampled_from(keys))
            container[a], container[b] = container[b], container[a]
            continue
        lists = [(p, v) for p, v in _paths(data) if p and isinstance(v, list) and p[0] not in ("events", "rng")
                 and all(isinstance(x, (int, str)) and not isinstance(x, bool) for x in v)]
        if how == "move" and len(lists) >= 2:
            (_, a), (_, b) = draw(st.sampled_from(lists)), draw(st.sampled_from(lists))
            if a and a is not b:
                b.append(a.pop(draw(st.integers(0, len(a) - 1))))
    return data


HUGE = st.sampled_from([10**300, -(10**300), 10**5000, -(10**4301), 2**64, 2**63 - 1, 10**100, -(2**256) - 1])
# (hypothesis prints what it draws when a test fails: 5000-deep values are built from drawn numbers instead)
"""Whole numbers no count reaches: beyond 4300 digits Python cannot even write them out."""


def deep(levels: int = 5000, leaf=0):
    """A list nested ``levels`` deep (repr and json.dumps overflow the stack on it)."""
    value = leaf
    for _ in range(levels):
        value = [value]
    return value


LONG = st.sampled_from(["y" * 10**6, "é" * 200_000, "\n" * 5000, "x" * 5000 + "\n" + "z" * 5000, " " * 10**5])
"""Strings of 5,000 to 1,000,000 characters (line breaks included): echoed whole, each was a 'line' of that size."""


HUGE_VALUES = (10**300, -(10**300), 10**5000, -(10**4301), 2**64, 2**63 - 1, 10**100, -(2**256) - 1)
LONG_VALUES = ("y" * 10**6, "é" * 200_000, "\n" * 5000, "x" * 5000 + "\n" + "z" * 5000, " " * 10**5)


def extreme(save: dict, seed: int) -> dict:
    """``save`` with one value replaced (or one key added) by a huge number, a 5000-deep list or a long string,
    chosen by ``seed`` (a plain function of a drawn number: hypothesis never prints the 5000-deep value)."""
    import random

    rng = random.Random(seed)
    data = copy.deepcopy(save)
    paths = [p for p, _ in _paths(data) if p and p[0] not in ("rng",)]
    path = rng.choice(paths)
    parent = _get(data, path[:-1])
    what = rng.choice(["huge", "deep", "long", "long key"])
    if what == "huge":
        parent[path[-1]] = rng.choice(HUGE_VALUES)
    elif what == "deep":
        parent[path[-1]] = deep(rng.choice([70, 1000, 5000]))
    elif what == "long":
        parent[path[-1]] = rng.choice(LONG_VALUES)
    elif isinstance(parent, dict):
        parent[rng.choice(LONG_VALUES)] = 1
    else:
        parent[path[-1]] = {rng.choice(LONG_VALUES): 1}
    return data
