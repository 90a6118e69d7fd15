"""The brute-force move generator: the reference that the engine's speed tables are tested against.

Every action that can be formed from the cards in sight (take one of each card type, take camels,
every exchange of sub-piles of the market against sub-piles of the hand and herd, every sale of
each type) is kept when the readable rule checks (``State._check``, rules.py) accept it. Slow and
obviously complete; ``movegen.py`` must give the same moves in the same order.
"""
from __future__ import annotations

from itertools import product

from caravan_lessons.jaipur import Exchange, Sell, TakeCamels, TakeOne
from caravan_lessons.jaipur.components import CAMEL_INDEX, CARD_TYPES, GOODS, MIN_SALE


def _sub_piles(counts):
    """Every sub-pile of a pile (7 counts), as card-name lists."""
    for pick in product(*(range(n + 1) for n in counts)):
        yield [name for name, n in zip(CARD_TYPES, pick) for _ in range(n)]


def candidates(market, hand, herd):
    """Every action that could be formed from this market, hand (7 counts each) and herd."""
    for name in CARD_TYPES:
        yield TakeOne(name)
    yield TakeCamels()
    giveable = list(hand[:CAMEL_INDEX]) + [herd]
    for take in _sub_piles(market):
        if len(take) < 2:
            continue
        for give in _sub_piles(giveable):
            if len(give) == len(take):
                yield Exchange(take, give)
    for g, name in enumerate(CARD_TYPES):
        for n in range(1, (hand[g] if g < CAMEL_INDEX else herd) + 1):
            yield Sell(name, n)


def _order(action):
    """The engine's documented order: take one (by type), take camels, exchanges (fewest cards
    first, then the take's count vector descending, then the give's goods ascending), sales."""
    if isinstance(action, TakeOne):
        return (0, action.index)
    if isinstance(action, TakeCamels):
        return (1,)
    if isinstance(action, Exchange):
        take = action.take_vector[:CAMEL_INDEX]
        return (2, len(action.take), tuple(-n for n in take), tuple(action.give_vector[:CAMEL_INDEX]))
    return (3, action.index, action.count)


def reference_legal_actions(state):
    """The legal actions of ``state`` (during play) by brute force over ``State._check``, in order."""
    p = state.current_player
    legal = {a for a in candidates(state.market, state.hands[p], state.herds[p]) if state._check(a) is None}
    return sorted(legal, key=_order)


assert len(GOODS) == len(MIN_SALE)
