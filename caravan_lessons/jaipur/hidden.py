"""Jaipur's hidden information: sample a full state that fits what one player sees.

A player of Jaipur sees the market, both herds, the discard pile, every goods token taken,
the size of the opponent's hand and of the deck, and the sizes (not the values) of the
opponent's bonus tokens (see ``State.observation`` and the "Hidden information" section of
``shared/rules/jaipur.md``). Search bots (:mod:`caravan_lessons.mcts`) cannot plan on that
directly, so they *determinise*: they deal the unseen cards and bonus values at random into
a complete :class:`~caravan_lessons.jaipur.State`, plan on it, and repeat with other deals.

    from caravan_lessons import jaipur
    state = jaipur.new_game(seed=7)
    world = jaipur.determinize(state.observation(0), random.Random(1))
    world.hands[0] == state.hands[0]          # True: player 0 knows their own hand
    world.hands[1]                            # a guess: 5 goods cards nobody has seen

How a deal is drawn (each possible deal equally likely given the observation alone; the
history of the round, which the observation does not carry, is not used):

* unseen cards = the 55 cards (JAI-COMP-1) minus the market, the player's hand, both herds
  and the discard pile;
* the opponent's hand gets ``opponent_hand_size`` of the unseen *goods* cards (a camel never
  stays in a hand, JAI-SETUP-4; camels taken go to the herd, JAI-TAKE-5), so every unseen
  camel is in the deck;
* the deck is the rest, in a random order;
* the hidden bonus values (the opponent's tokens and the three face-down stacks, JAI-COMP-3)
  are the token set minus the player's own tokens, shuffled;
* the seed of the sampled state (which shuffles later rounds) is drawn from ``rng``.
"""
from __future__ import annotations

import random
from collections import Counter
from typing import Any

from ..core import FORMAT_VERSION, _short
from .components import BONUS_TOKENS, CAMEL, CAMEL_INDEX, CARD_COUNTS, CARD_TYPES, GOODS, HAND_LIMIT, INDEX, PLAYING
from .rules import State

__all__ = ["determinize", "unseen_cards"]


def _check_observation(observation: Any) -> None:
    if not isinstance(observation, dict) or observation.get("game") != "jaipur":
        game = observation.get("game") if isinstance(observation, dict) else type(observation).__name__
        raise ValueError(f"determinize needs a Jaipur observation (state.observation(player)), not {game!r}")


def unseen_cards(observation: dict) -> Counter:
    """The cards ``observation["player"]`` cannot see: the opponent's hand plus the deck.

    Returns:
        A Counter card type -> count; its total is ``opponent_hand_size + deck_size``.

    Raises:
        ValueError: not a Jaipur observation, or one whose counts contradict JAI-COMP-1.
    """
    _check_observation(observation)
    seen = Counter()
    for pile in (observation["market"], observation["hand"], observation["discard"]):
        seen.update(pile)
    seen[CAMEL] += sum(observation["herds"])
    unseen = Counter()
    for card, total in zip(CARD_TYPES, CARD_COUNTS):
        left = total - seen[card]
        if left < 0:
            raise ValueError(f"JAI-COMP-1: the observation shows {seen[card]} {card} cards; the game has {total}")
        if left:
            unseen[card] = left
    expected = observation["opponent_hand_size"] + observation["deck_size"]
    if sum(unseen.values()) != expected:
        raise ValueError(f"JAI-COMP-1: {sum(unseen.values())} cards are unseen but the opponent's hand and the "
                         f"deck hold {expected}")
    return unseen


def determinize(observation: dict, rng: random.Random) -> State:
    """A complete State consistent with ``observation``, the hidden parts dealt at random.

    Args:
        observation: ``state.observation(player)`` of a Jaipur state (a dict; not changed).
        rng: the random generator that deals the unseen cards and bonus values.

    Returns:
        A new :class:`State` in the same phase, round and turn, with the same market, herds,
        discard pile, tokens taken, seals and player to move, the observer's own hand and bonus
        values; the opponent's hand, the deck order and the hidden bonus values are a random
        deal (see the module notes). Its ``events`` and ``round_results`` are empty: the
        observation does not carry the history.

    Raises:
        ValueError: not a Jaipur observation, or an impossible one (counts that contradict
            JAI-COMP-1/JAI-COMP-3, an opponent's hand larger than the unseen goods); ``rng`` not
            a ``random.Random``.

    Search calls this once per iteration with the same observation, so what does not depend on
    the deal is worked out once per observation object and kept (for the last observation only):
    build a new observation (``state.observation(player)``) rather than editing one in place.
    """
    global _LAST
    if not isinstance(rng, random.Random):
        raise ValueError(f"determinize: rng is a random.Random (e.g. random.Random(0)), not {_short(rng)}")
    if _LAST is not None and _LAST[0] is observation:
        plan = _LAST[1]
    else:
        plan = _plan(observation)
        _LAST = (observation, plan)
    goods, camels, hand_size, opponent, pools, hidden_tokens, template = plan
    # the same draws, in the same order, as dealing names into a to_dict() and loading it
    chosen = rng.sample(range(len(goods)), hand_size)
    opponent_hand = [0] * len(CARD_TYPES)
    for i in chosen:
        opponent_hand[goods[i]] += 1
    taken = set(chosen)
    deck = [card for i, card in enumerate(goods) if i not in taken]
    deck += [CAMEL_INDEX] * camels
    rng.shuffle(deck)
    state = template.clone()
    state.deck = deck
    state.hands[opponent] = opponent_hand
    opponent_bonus = [list(t) for t in template.bonus_tokens[opponent]]
    bonus_stacks: dict[int, list[int]] = {}
    for size, pool in pools:
        values = pool[:]
        rng.shuffle(values)
        for j in hidden_tokens[size]:
            opponent_bonus[j][1] = values.pop()
        bonus_stacks[size] = values
    state.bonus_stacks = bonus_stacks
    state.bonus_tokens[opponent] = [tuple(t) for t in opponent_bonus]
    state.seed = rng.getrandbits(32)
    state._recode()
    return state


_LAST: tuple | None = None


def _plan(observation: dict) -> tuple:
    """What every deal for ``observation`` shares (checked once): the unseen goods and camels, the
    hidden bonus values per size, and the visible part of the state as a ``to_dict``-shaped dict."""
    unseen = unseen_cards(observation)
    me = observation["player"]
    opponent = 1 - me
    hand_size = observation["opponent_hand_size"]
    goods = [card for card in GOODS for _ in range(unseen[card])]
    if hand_size > len(goods) or hand_size > HAND_LIMIT:
        raise ValueError(f"JAI-TAKE-7: the opponent holds {hand_size} cards but only {len(goods)} unseen goods "
                         "cards could be in a hand")
    held = observation["bonus_tokens"]
    stacks_left = observation["bonus_tokens_left"]
    pools = []
    hidden_tokens: dict[int, list[int]] = {}
    for size, values in BONUS_TOKENS.items():
        pool = Counter(values)
        for seat in (0, 1):
            for z, v in held[seat]:
                if z == size and v is not None:
                    pool[v] -= 1
        if any(n < 0 for n in pool.values()):
            raise ValueError(f"JAI-COMP-3: the observation shows {size}-card bonus values that are not in the set "
                             f"{sorted(values)}")
        hidden_tokens[size] = [j for j, (z, v) in enumerate(held[opponent]) if z == size and v is None]
        if sum(pool.values()) - len(hidden_tokens[size]) != stacks_left[str(size)]:
            raise ValueError(f"JAI-COMP-3: {sum(pool.values()) - len(hidden_tokens[size])} {size}-card bonus "
                             f"tokens are unaccounted for but the stack holds {stacks_left[str(size)]}")
        pools.append((size, sorted(pool.elements())))
    phase = observation["phase"]
    current = observation["current_player"]
    turn = observation["turn"]
    # the turn counter restarts each round, so its parity tells who started this round
    starting = current if phase != PLAYING or turn % 2 == 0 else 1 - current
    hands: list[dict[str, int]] = [{}, {}]
    hands[me] = dict(observation["hand"])
    base = {
        "game": "jaipur",
        "version": FORMAT_VERSION,
        "round_index": observation["round"],
        "first_player": 0,  # not observable; it only names who started round 1
        "starting_player": starting if starting in (0, 1) else 0,
        "current_player": current,
        "phase": phase,
        "turn": turn,
        "market": dict(observation["market"]),
        "hands": hands,
        "herds": list(observation["herds"]),
        "discard": dict(observation["discard"]),
        "goods_tokens": [[list(t) for t in seat] for seat in observation["goods_tokens"]],
        "bonus_tokens": [[list(t) for t in held[0]], [list(t) for t in held[1]]],
        "camel_token": observation["camel_token"],
        "seals": list(observation["seals"]),
    }
    # one deal, loaded (and so checked) once: each determinisation clones it and redeals the hidden parts
    hands[opponent] = dict(Counter(goods[:hand_size]))
    base["bonus_tokens"][opponent] = [[z, v] for z, v in held[opponent]]
    deck = goods[hand_size:] + [CAMEL] * unseen[CAMEL]
    stacks = {str(size): pool[:] for size, pool in pools}
    for size, _pool in pools:
        for j in hidden_tokens[size]:
            base["bonus_tokens"][opponent][j][1] = stacks[str(size)].pop()
    template = State.from_dict({**base, "seed": 0, "deck": deck, "bonus_stacks": stacks,
                                "round_results": _round_result_seen(base, deck), "events": []})
    template.bonus_tokens[opponent] = [(z, v) for z, v in held[opponent]]  # v None: redealt each time
    return [INDEX[card] for card in goods], unseen[CAMEL], hand_size, opponent, pools, hidden_tokens, template


def _round_result_seen(base: dict, deck: list) -> list[dict]:
    """After a round (phase not playing) a saved game holds that round's result (JAI-END-4); rebuilt
    here from what is public by then: every token, the herds and the camel token."""
    if base["phase"] == PLAYING:
        return []
    from .rules import _round_winner

    goods = base["goods_tokens"]
    bonus = [[[z, v] for z, v in seat] for seat in base["bonus_tokens"]]
    if any(v is None for seat in bonus for _, v in seat):
        return []  # values still hidden: not a finished round's observation
    camel = base["camel_token"]
    summary = {"rupees": [sum(v for _, v in goods[s]) + sum(v for _, v in bonus[s]) + (5 if camel == s else 0)
                          for s in (0, 1)],
               "bonus_tokens": [len(bonus[s]) for s in (0, 1)], "goods_tokens": [len(goods[s]) for s in (0, 1)]}
    winner, why = _round_winner(summary)
    return [{"round": base["round_index"], "starting_player": base["starting_player"],
             "end_rule": "JAI-END-2" if not deck else "JAI-END-1", "end_reason": "", "winner": winner,
             "reason": why, **summary, "camel_token": camel, "herds": list(base["herds"]),
             "goods_tokens_held": goods, "bonus_tokens_held": bonus}]
