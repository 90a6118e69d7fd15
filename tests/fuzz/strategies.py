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
