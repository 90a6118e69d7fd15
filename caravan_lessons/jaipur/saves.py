"""Saved Jaipur games: the file format (a pydantic model), then the checks that refuse impossible positions.

Loading goes in two steps, through the validation layer :mod:`caravan_lessons.files`:

1. :class:`SaveFile` -- the shape and types (pydantic v2, strict: ``true`` is not 1, ``2.0`` is
   not a count, unknown keys are refused). ``python -m caravan_lessons schema jaipur`` prints it
   as JSON Schema: that is the published format.
2. :func:`check_consistency` -- the rules of the game a real position obeys, each error naming
   its clause: 55 cards (JAI-COMP-1), goods tokens from the top of the stacks and exactly one per
   card sold while the stack lasts (JAI-COMP-2, JAI-SELL-2), the bonus set (JAI-COMP-3), no camel
   token before the round ends (JAI-END-3), no round in play that should have ended (JAI-END-1,
   JAI-END-2), seals only for rounds played (JAI-MATCH-1, 2), ...

``State.from_dict`` (so ``caravan_lessons.load_game``) and ``jaipur.scenario`` both come here, so
neither a file nor a lesson can build a position the game cannot reach.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any, Literal, Optional

from ..core import FORMAT_VERSION, SaveFileError
from ..files import StrictModel, check, validate
from .components import (
    BONUS_TOKENS,
    CAMEL,
    CAMEL_INDEX,
    CARD_COUNTS,
    CARD_TYPES,
    EMPTY_STACKS_TO_END,
    GOODS,
    GOODS_TOKENS,
    HAND_LIMIT,
    INDEX,
    MARKET_SIZE,
    MATCH_OVER,
    PLAYING,
    cards,
    ROUND_OVER,
    SEALS_TO_WIN,
)

if TYPE_CHECKING:  # pragma: no cover
    from .rules import State

from pydantic import Field  # noqa: E402 - after the package imports (files builds StrictModel lazily)

__all__ = ["SaveFile", "RoundResult", "check_consistency", "state_from_dict"]

N_TYPES = len(CARD_TYPES)
N_GOODS = len(GOODS)

Count = Annotated[int, Field(ge=0, le=max(CARD_COUNTS), description="a number of cards")]
Seat = Annotated[int, Field(ge=0, le=1, description="a seat, 0 or 1")]
Rupees = Annotated[int, Field(ge=0, le=100, description="rupees")]
CardName = Literal["diamond", "gold", "silver", "cloth", "spice", "leather", "camel"]
GoodsName = Literal["diamond", "gold", "silver", "cloth", "spice", "leather"]
BonusSize = Annotated[int, Field(ge=3, le=5, description="bonus token size: 3, 4 or 5 (5 or more cards)")]
Pile = dict[CardName, Count]
Pair = tuple[int, int]

assert CardName.__args__ == CARD_TYPES and GoodsName.__args__ == GOODS  # noqa: S101 - kept in step


class RoundResult(StrictModel):
    """One finished round, as ``State.round_results`` keeps it (JAI-END-3..5)."""

    round: Annotated[int, Field(ge=0, le=100, description="0 for the first round")]
    starting_player: Seat
    end_rule: Literal["JAI-END-1", "JAI-END-2"] = Field(description="the clause that ended the round")
    end_reason: str
    winner: Optional[Seat] = Field(description="the seat that took a seal, null for a full tie (JAI-END-5)")
    reason: str
    rupees: tuple[Annotated[int, Field(ge=0, le=1000)], Annotated[int, Field(ge=0, le=1000)]]
    bonus_tokens: tuple[Count, Count]
    goods_tokens: tuple[Annotated[int, Field(ge=0, le=50)], Annotated[int, Field(ge=0, le=50)]]
    camel_token: Optional[Seat]
    herds: tuple[Count, Count]
    goods_tokens_held: tuple[list[tuple[GoodsName, Rupees]], list[tuple[GoodsName, Rupees]]]
    bonus_tokens_held: tuple[list[tuple[BonusSize, Rupees]], list[tuple[BonusSize, Rupees]]]


class SaveFile(StrictModel):
    """A saved Jaipur match (``State.to_dict()``; format version 1). Card piles map card names to counts."""

    game: Literal["jaipur"]
    version: Annotated[int, Field(ge=FORMAT_VERSION, le=FORMAT_VERSION, description="format version (1)")]
    seed: Annotated[int, Field(ge=-(2**256), le=2**256, description="the match seed")]
    round_index: Annotated[int, Field(ge=0, le=100, description="0 for the first round")]
    first_player: Seat
    starting_player: Seat
    current_player: Annotated[int, Field(ge=-1, le=1, description="the seat to move; -1 once the match is over")]
    phase: Literal["playing", "round over", "match over"]
    turn: Annotated[int, Field(ge=0, le=10_000, description="actions played this round")]
    deck: list[CardName] = Field(max_length=sum(CARD_COUNTS), description="the deck, top card last")
    market: Pile
    hands: tuple[Pile, Pile]
    herds: tuple[Count, Count]
    discard: Pile = Field(description="the cards sold this round")
    goods_tokens: tuple[list[tuple[GoodsName, Rupees]], list[tuple[GoodsName, Rupees]]] = Field(
        description="per seat, the goods tokens taken: [goods, rupees]")
    bonus_stacks: dict[Literal["3", "4", "5"], list[Rupees]] = Field(description="bonus tokens left, by size")
    bonus_tokens: tuple[list[tuple[BonusSize, Rupees]], list[tuple[BonusSize, Rupees]]] = Field(
        description="per seat, the bonus tokens won: [size, rupees]")
    camel_token: Optional[Seat] = Field(description="who took the camel token this round (after it ends)")
    seals: tuple[Annotated[int, Field(ge=0, le=SEALS_TO_WIN)], Annotated[int, Field(ge=0, le=SEALS_TO_WIN)]]
    round_results: list[RoundResult] = Field(max_length=100)
    events: list[tuple[Annotated[int, Field(ge=-1, le=1)], str, str]] = Field(
        description="the log in plain words: [player (-1: the game), text, rule ID]")


def _counts(pile: dict) -> list[int]:
    counts = [0] * N_TYPES
    for card, n in pile.items():
        counts[INDEX[card]] = n
    return counts


def check_consistency(save: SaveFile, source: str = "saved game") -> None:
    """Refuse a :class:`SaveFile` no game can reach; SaveFileError naming the clause.

    ``jaipur.scenario`` builds its positions through this same check, with no exception.
    """
    def need(condition: Any, rule: str, message: str) -> None:
        check(condition, message, rule=rule, source=source)

    phase = save.phase
    market, discard = _counts(save.market), _counts(save.discard)
    hands = [_counts(h) for h in save.hands]
    deck = [INDEX[c] for c in save.deck]
    need(save.current_player == -1 if phase == MATCH_OVER else save.current_player in (0, 1), "JAI-MATCH-2",
         f"current_player is {save.current_player} in phase {phase!r}; it is -1 exactly when the match is over")
    need(not any(h[CAMEL_INDEX] for h in hands), "JAI-SETUP-4", "camels never stay in a hand; they belong in the herd")
    need(not discard[CAMEL_INDEX], "JAI-SELL-5", "camels are never sold, yet the discard pile holds camels")
    for i, name in enumerate(CARD_TYPES):
        total = deck.count(i) + market[i] + hands[0][i] + hands[1][i] + discard[i]
        total += save.herds[0] + save.herds[1] if name == CAMEL else 0
        need(total == CARD_COUNTS[i], "JAI-COMP-1",
             f"the saved game holds {total} {name} cards; the game has {CARD_COUNTS[i]}")
    need(sum(market) <= MARKET_SIZE, "JAI-SETUP-3",
         f"the market holds {sum(market)} cards; it never holds more than {MARKET_SIZE}")
    for seat in (0, 1):
        need(sum(hands[seat]) <= HAND_LIMIT, "JAI-TAKE-7",
             f"player {seat} holds {sum(hands[seat])} cards; the limit is {HAND_LIMIT}")
    # goods tokens: from the top of each stack, one per card sold while the stack lasts
    taken: list[list[int]] = [[] for _ in GOODS]
    for seat in (0, 1):
        for good, value in save.goods_tokens[seat]:
            taken[INDEX[good]].append(value)
    for g, good in enumerate(GOODS):
        stack = list(GOODS_TOKENS[g])
        need(sorted(taken[g], reverse=True) == stack[:len(taken[g])], "JAI-COMP-2",
             f"the {good} goods tokens held ({taken[g]}) are not the top of the stack {stack}")
        expected = min(discard[g], len(stack))
        need(len(taken[g]) == expected, "JAI-SELL-2", f"{cards(discard[g], good)} sold but {len(taken[g])} {good} goods "
             f"token{'' if len(taken[g]) == 1 else 's'} taken; "
             "each card sold takes one token while the stack lasts")
    for size, values in BONUS_TOKENS.items():
        held = [v for seat in (0, 1) for z, v in save.bonus_tokens[seat] if z == size]
        need(str(size) in save.bonus_stacks, "JAI-COMP-3", f"the {size}-card bonus stack is missing")
        need(sorted(held + save.bonus_stacks[str(size)]) == sorted(values), "JAI-COMP-3",
             f"the {size}-card bonus tokens do not match the game's set {sorted(values)}")
    finished = save.round_index + (phase != PLAYING)  # rounds scored so far
    need(sum(save.seals) <= finished, "JAI-MATCH-1",
         f"{sum(save.seals)} Seals of Excellence after {finished} round(s) scored; a round won gives one seal")
    need((max(save.seals) >= SEALS_TO_WIN) == (phase == MATCH_OVER), "JAI-MATCH-2",
         "the match is over exactly when a player has 2 seals")
    need(min(save.seals) < SEALS_TO_WIN, "JAI-MATCH-2", "both players have 2 seals; the match ends at the first 2")
    need(len(save.round_results) <= finished, "JAI-END-4",
         f"{len(save.round_results)} round results for {finished} round(s) scored")
    for r in save.round_results:
        need(r.winner is None or r.winner in (0, 1), "JAI-END-4", "a round result names a winner that is no seat")
    if phase == PLAYING:
        empty = sum(len(taken[g]) == len(GOODS_TOKENS[g]) for g in range(N_GOODS))
        need(empty < EMPTY_STACKS_TO_END, "JAI-END-1",
             f"{empty} goods-token stacks are empty, so the round is over; yet the phase is 'playing'")
        need(save.camel_token is None, "JAI-END-3", "the camel token is awarded when the round ends, not during play")
        if deck:
            need(sum(market) == MARKET_SIZE, "JAI-SETUP-3",
                 f"the market holds {sum(market)} cards while the deck lasts; it must hold {MARKET_SIZE}")
        else:
            need(sum(market) == MARKET_SIZE, "JAI-END-2",
                 f"the deck is empty and the market holds {sum(market)} cards: the round ended when the deck "
                 "could not refill the market")
    else:
        need(save.round_results and save.round_results[-1].round == save.round_index, "JAI-END-4",
             f"the phase is {phase!r} but there is no result for round {save.round_index}")


def state_from_dict(data: Any, source: str = "saved game") -> "State":
    """A :class:`~caravan_lessons.jaipur.State` from ``to_dict()`` output, after both checks.

    Raises:
        SaveFileError: one line naming the field and what was expected, or the rule clause broken.
    """
    from .rules import State

    if isinstance(data, dict) and data.get("game") not in (None, "jaipur"):
        raise SaveFileError(f"{source}: this is not a saved Jaipur game (game = {data.get('game')!r})")
    if isinstance(data, dict) and "version" in data and (type(data["version"]) is not int
                                                        or data["version"] != FORMAT_VERSION):
        raise SaveFileError(f"{source}: format version {data['version']!r}; this caravan_lessons reads version "
                            f"{FORMAT_VERSION}")
    save = validate(SaveFile, data, source=source)
    check_consistency(save, source)
    s = State()
    s.seed = save.seed
    s.round_index = save.round_index
    s.first_player = save.first_player
    s.starting_player = save.starting_player
    s.current_player = save.current_player
    s.phase = {PLAYING: PLAYING, ROUND_OVER: ROUND_OVER, MATCH_OVER: MATCH_OVER}[save.phase]  # the constants
    s.turn = save.turn
    s.deck = [INDEX[c] for c in save.deck]
    s.market = _counts(save.market)
    s.hands = [_counts(h) for h in save.hands]
    s.herds = list(save.herds)
    s.discard = _counts(save.discard)
    s.goods_tokens = [[(INDEX[g], v) for g, v in save.goods_tokens[seat]] for seat in (0, 1)]
    s.tokens_taken = [sum(g == i for seat in (0, 1) for g, _ in s.goods_tokens[seat]) for i in range(N_GOODS)]
    s.bonus_stacks = {size: list(save.bonus_stacks[str(size)]) for size in BONUS_TOKENS}
    s.bonus_tokens = [[(z, v) for z, v in save.bonus_tokens[seat]] for seat in (0, 1)]
    s.camel_token = save.camel_token
    s.seals = list(save.seals)
    s.round_results = [r.model_dump(mode="json") for r in save.round_results]
    s._events = [tuple(row) for row in save.events]
    s._log = [None] * len(s._events)  # already described
    s.empty_stacks = sum(s.tokens_taken[g] == len(GOODS_TOKENS[g]) for g in range(N_GOODS))
    s._recode()
    return s
