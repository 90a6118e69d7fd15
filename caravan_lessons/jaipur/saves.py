"""Loading a saved Jaipur game: the file's shape, then the checks that refuse impossible positions.

``State.from_dict`` (and so ``caravan_lessons.load_game``) comes here.
"""
from __future__ import annotations

from ..core import FORMAT_VERSION, SaveFileError, require, require_ints
from .components import (
    BONUS_TOKENS,
    CAMEL_INDEX,
    CARD_COUNTS,
    CARD_TYPES,
    GOODS,
    GOODS_TOKENS,
    HAND_LIMIT,
    INDEX,
    MARKET_SIZE,
    MATCH_OVER,
    PLAYING,
    PLURAL,
    ROUND_OVER,
    SEALS_TO_WIN,
)

N_TYPES = len(CARD_TYPES)
N_GOODS = len(GOODS)

def _counts(data, name: str) -> list[int]:
    if not isinstance(data, dict):
        raise SaveFileError(f"saved game field {name!r} should map card types to counts")
    counts = [0] * N_TYPES
    for card, n in data.items():
        if card not in INDEX:
            raise SaveFileError(f"saved game field {name!r} names an unknown card type {card!r}")
        if isinstance(n, bool) or not isinstance(n, int) or n < 0:
            raise SaveFileError(f"saved game field {name!r} has a bad count {n!r} for {card}")
        counts[INDEX[card]] = n
    return counts


def state_from_dict(data: dict):
    from .rules import State

    if not isinstance(data, dict):
        raise SaveFileError(f"a saved Jaipur game is a JSON object, not {type(data).__name__}")
    if data.get("game") != "jaipur":
        raise SaveFileError(f"this is not a saved Jaipur game (game = {data.get('game')!r})")
    if data.get("version") != FORMAT_VERSION:
        raise SaveFileError(f"saved game has format version {data.get('version')!r}; "
                            f"this caravan_lessons reads version {FORMAT_VERSION}")
    s = State()
    s.seed = require(data, "seed", int)
    s.round_index = require(data, "round_index", int)
    s.first_player = require(data, "first_player", int)
    s.starting_player = require(data, "starting_player", int)
    s.current_player = require(data, "current_player", int)
    phase = require(data, "phase", str)
    phases = {PLAYING: PLAYING, ROUND_OVER: ROUND_OVER, MATCH_OVER: MATCH_OVER}
    if phase not in phases:
        raise SaveFileError(f"saved game has an unknown phase {phase!r}; phases: {', '.join(phases)}")
    s.phase = phases[phase]
    s.turn = require(data, "turn", int)
    for name in ("first_player", "starting_player"):
        if getattr(s, name) not in (0, 1):
            raise SaveFileError(f"saved game field {name!r} must be 0 or 1")
    if s.current_player not in ((-1,) if s.phase is MATCH_OVER else (0, 1)):
        raise SaveFileError(f"saved game has current_player {s.current_player} in phase {phase!r}")
    deck = require(data, "deck", list)
    if any(c not in INDEX for c in deck):
        raise SaveFileError("saved game field 'deck' holds an unknown card type")
    s.deck = [INDEX[c] for c in deck]
    s.market = _counts(require(data, "market", dict), "market")
    hands = require(data, "hands", list)
    if len(hands) != 2:
        raise SaveFileError("saved game field 'hands' should hold 2 hands")
    s.hands = [_counts(h, "hands") for h in hands]
    if any(h[CAMEL_INDEX] for h in s.hands):
        raise SaveFileError("JAI-SETUP-4: camels never stay in a hand; they belong in the herd")
    s.herds = require_ints(require(data, "herds", list), 2, "herds")
    s.discard = _counts(require(data, "discard", dict), "discard")
    if s.discard[CAMEL_INDEX]:
        raise SaveFileError("JAI-SELL-5: camels are never sold, yet the discard pile holds camels")
    total = [len([c for c in s.deck if c == i]) + s.market[i] + s.hands[0][i] + s.hands[1][i] + s.discard[i]
             for i in range(N_TYPES)]
    total[CAMEL_INDEX] += s.herds[0] + s.herds[1]
    for i in range(N_TYPES):
        if total[i] != CARD_COUNTS[i]:
            raise SaveFileError(f"JAI-COMP-1: the saved game holds {total[i]} {PLURAL[CARD_TYPES[i]]} cards; "
                                f"the game has {CARD_COUNTS[i]}")
    if s.phase is PLAYING:
        if sum(s.market) != MARKET_SIZE and s.deck:
            raise SaveFileError(f"JAI-SETUP-3: the market holds {sum(s.market)} cards while the deck lasts; "
                                f"it must hold {MARKET_SIZE}")
        for seat in (0, 1):
            if sum(s.hands[seat]) > HAND_LIMIT:
                raise SaveFileError(f"JAI-TAKE-7: player {seat} holds {sum(s.hands[seat])} cards; the limit is "
                                    f"{HAND_LIMIT}")
    # goods tokens: each seat's tokens are taken from the top of the stacks, values must fit JAI-COMP-2
    goods_tokens = require(data, "goods_tokens", list)
    if len(goods_tokens) != 2:
        raise SaveFileError("saved game field 'goods_tokens' should hold 2 lists")
    s.goods_tokens = [[], []]
    taken_values: list[list[int]] = [[] for _ in GOODS]
    for seat in (0, 1):
        for token in goods_tokens[seat]:
            if (not isinstance(token, list) or len(token) != 2 or token[0] not in GOODS
                    or isinstance(token[1], bool) or not isinstance(token[1], int)):
                raise SaveFileError(f"saved game has a malformed goods token {token!r}")
            g = INDEX[token[0]]
            s.goods_tokens[seat].append((g, token[1]))
            taken_values[g].append(token[1])
    s.tokens_taken = [len(v) for v in taken_values]
    for g in range(N_GOODS):
        if sorted(taken_values[g], reverse=True) != list(GOODS_TOKENS[g][:len(taken_values[g])]):
            raise SaveFileError(f"JAI-COMP-2: the {GOODS[g]} goods tokens held ({taken_values[g]}) are not "
                                f"the top of the stack {list(GOODS_TOKENS[g])}")
    bonus_stacks = require(data, "bonus_stacks", dict)
    bonus_tokens = require(data, "bonus_tokens", list)
    if len(bonus_tokens) != 2:
        raise SaveFileError("saved game field 'bonus_tokens' should hold 2 lists")
    s.bonus_stacks = {}
    s.bonus_tokens = [[], []]
    for size in BONUS_TOKENS:
        s.bonus_stacks[size] = require_ints(bonus_stacks.get(str(size)), None, f"bonus_stacks {size}")
    for seat in (0, 1):
        for token in bonus_tokens[seat]:
            if not isinstance(token, list) or len(token) != 2 or token[0] not in BONUS_TOKENS:
                raise SaveFileError(f"saved game has a malformed bonus token {token!r}")
            s.bonus_tokens[seat].append((token[0], token[1]))
    for size, values in BONUS_TOKENS.items():
        held = [v for seat in (0, 1) for z, v in s.bonus_tokens[seat] if z == size]
        if sorted(held + s.bonus_stacks[size]) != sorted(values):
            raise SaveFileError(f"JAI-COMP-3: the {size}-card bonus tokens in the saved game do not match the "
                                f"game's set {sorted(values)}")
    s.camel_token = data.get("camel_token")
    if s.camel_token not in (None, 0, 1) or isinstance(s.camel_token, bool):
        raise SaveFileError("saved game field 'camel_token' must be null, 0 or 1")
    s.seals = require_ints(require(data, "seals", list), 2, "seals", 0, SEALS_TO_WIN)
    if (max(s.seals) >= SEALS_TO_WIN) != (s.phase is MATCH_OVER):
        raise SaveFileError("JAI-MATCH-2: the match is over exactly when a player has 2 seals")
    s.round_results = require(data, "round_results", list)
    events = require(data, "events", list)
    try:
        s._events = [(int(p), str(text), str(rule)) for p, text, rule in events]
    except (TypeError, ValueError):
        raise SaveFileError("saved game field 'events' should be a list of [player, text, rule]") from None
    s._log = [None] * len(s._events)  # already described
    s.empty_stacks = sum(s.tokens_taken[g] == len(GOODS_TOKENS[g]) for g in range(N_GOODS))
    if sum(s.market) > MARKET_SIZE:
        raise SaveFileError(f"JAI-SETUP-3: the market holds {sum(s.market)} cards; it never holds more than "
                            f"{MARKET_SIZE}")
    if any(sum(h) > HAND_LIMIT for h in s.hands):
        raise SaveFileError(f"JAI-TAKE-7: a hand holds more than {HAND_LIMIT} cards")
    s._recode()
    return s