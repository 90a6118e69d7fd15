"""The Jaipur rules: the state of a match, the check of every action, and what each action does.

Read this file next to the rulebook (``shared/rulebooks/002_…``, Portuguese; clause IDs in
``shared/rules/jaipur.md``): :meth:`State._check` says for each kind of action which clauses it
must satisfy, in plain code with the rule ID and the words shown to a learner; :meth:`State.apply`
then moves the cards and tokens (JAI-TAKE-*, JAI-SELL-*), and ``_end_round`` scores the round
(JAI-END-*) and the match (JAI-MATCH-*).

Representation: every pile of cards is a list of 7 counts in ``CARD_TYPES`` order
(diamond, gold, silver, cloth, spice, leather, camel); only the deck is a list of card
indices, because its order is hidden information. The state also keeps the market and
the hands as codes (one int per pile, 4 bits per card type) for quick checks and cache keys.

Elsewhere: finding every legal move quickly is ``movegen.py``; loading a saved game and the
checks that refuse impossible positions are ``saves.py``; the log in plain words is
``events.py``; a learner's card selection becomes an action in ``selection.py``.
"""
from __future__ import annotations

import random
from operator import itemgetter

from .. import chance
from ..core import (
    FORMAT_VERSION,
    Event,
    RuleViolation,
    ScoreSheet,
    check_seat,
    _short,
    check_seed,
    derive_seed,
    join_and,
    plural,
)
from ..i18n import Later, get_language, tr
from . import movegen as _movegen
from .actions import Action, Exchange, NextRound, Sell, TakeCamels, TakeOne
from .components import (
    BONUS_TOKENS,
    CAMEL_INDEX,
    CAMEL_TOKEN,
    CARD_CODE,
    CARD_COUNTS,
    CARD_TYPES,
    EMPTY_STACKS_TO_END,
    GOODS,
    GOODS_TOKENS,
    HAND_LIMIT,
    HAND_SIZE_DEALT,
    INDEX,
    MARKET_SIZE,
    MATCH_OVER,
    MIN_SALE,
    PLAYING,
    card_name,
    cards,
    ROUND_OVER,
    SEALS_TO_WIN,
    STARTING_MARKET_CAMELS,
)
from .events import describe
from .movegen import _CAMEL_FIELD, _COUNTS, _GUARD, _SHUFFLE, _encode

__all__ = ["State", "new_game", "round_winner", "PLAYING", "ROUND_OVER", "MATCH_OVER"]

N_TYPES = len(CARD_TYPES)
N_GOODS = len(GOODS)

_FULL_DECK = [i for i, count in enumerate(CARD_COUNTS)
              for _ in range(count - (STARTING_MARKET_CAMELS if i == CAMEL_INDEX else 0))]
"""The 52 cards shuffled into the deck (JAI-SETUP-1 sets 3 camels aside for the market)."""

_TOKENS = tuple(tuple((g, v) for v in stack) for g, stack in enumerate(GOODS_TOKENS))
"""_TOKENS[g]: the goods tokens of type g as (goods index, rupees), top of the stack first."""
_RUPEES = itemgetter(1)  # the rupees of a (goods index or bonus size, rupees) token

# --- the state -------------------------------------------------------------------------------------

class State:
    """A Jaipur match: the rounds played so far and the round in progress.

    Create with :func:`new_game`. Seats are 0 and 1. Amounts: cards are counted in cards,
    tokens in rupees. The state is changed in place by :meth:`apply`; :meth:`child` and
    :meth:`clone` give independent copies. After a round ends the only legal action is
    :class:`NextRound` (unless the match is over).

    Public attributes (read them, do not assign them):
        seed: the match seed; each round's shuffle is derived from it (replays are exact).
        round_index: 0 for the first round.
        phase: ``"playing"``, ``"round over"`` or ``"match over"``.
        market: 7 card counts on display.
        hands: per seat, 7 card counts (camel entry always 0).
        herds: camels per seat.
        deck: card indices, top of the deck last (hidden information).
        discard: 7 counts of cards sold.
        seals: Seals of Excellence per seat.
        round_results: one dict per finished round (winner, totals, reason, score sheet rows).
    """

    __slots__ = (
        "seed", "round_index", "first_player", "starting_player", "current_player", "phase",
        "market", "hands", "herds", "deck", "discard", "tokens_taken", "goods_tokens",
        "bonus_stacks", "bonus_tokens", "seals", "camel_token", "round_results", "_log", "_events",
        "_events_language", "turn", "market_code", "hand_codes", "hand_sizes", "empty_stacks",
    )

    # -- construction --

    def __init__(self):  # use new_game() or from_dict()
        self._events: list[tuple[int, str, str]] = []  # the log described: (player, text, rule)
        self._events_language: str | None = None        # the language _events are worded in

    def _deal_round(self) -> None:
        rng = random.Random(derive_seed(self.seed, "round", self.round_index))
        deck = _FULL_DECK[:]
        chance.shuffle(rng, deck, "deck", _SHUFFLE)  # JAI-SETUP-2
        # the top of the deck is its end: seat 0 is dealt the top 5 cards, seat 1 the next 5 (JAI-SETUP-2),
        # and the next 2 complete the market (JAI-SETUP-3); only counts matter, not the order of dealing
        top = len(deck)
        hands = []
        for _seat in (0, 1):
            hand = [0] * N_TYPES
            for card in deck[top - HAND_SIZE_DEALT:top]:
                hand[card] += 1
            hands.append(hand)
            top -= HAND_SIZE_DEALT
        market = [0] * N_TYPES
        market[CAMEL_INDEX] = STARTING_MARKET_CAMELS  # JAI-SETUP-1
        for card in deck[top - (MARKET_SIZE - STARTING_MARKET_CAMELS):top]:
            market[card] += 1
        del deck[top - (MARKET_SIZE - STARTING_MARKET_CAMELS):]
        self.herds = [hands[0][CAMEL_INDEX], hands[1][CAMEL_INDEX]]  # JAI-SETUP-4
        hands[0][CAMEL_INDEX] = hands[1][CAMEL_INDEX] = 0
        self.market = market
        self.hands = hands
        self.deck = deck
        self.discard = [0] * N_TYPES
        self.tokens_taken = [0] * N_GOODS  # JAI-SETUP-5: stacks as prefixes of GOODS_TOKENS
        self.goods_tokens = [[], []]  # per seat: [(goods index, rupees), ...]
        self.bonus_stacks = {}
        for size, values in BONUS_TOKENS.items():  # JAI-SETUP-6
            stack = list(values)
            chance.shuffle(rng, stack, f"bonus tokens {size}", _SHUFFLE)
            self.bonus_stacks[size] = stack
        self.bonus_tokens = [[], []]  # per seat: [(size, rupees), ...]
        self.camel_token = None
        self.empty_stacks = 0
        self.current_player = self.starting_player
        self.phase = PLAYING
        self.turn = 0
        self._recode()
        self._log.append((-1, "setup", self.round_index, self.starting_player))

    def _recode(self) -> None:
        """Recompute the cache keys and hand sizes from the count vectors."""
        self.market_code = _encode(self.market)
        self.hand_codes = [_encode(h[:N_GOODS]) for h in self.hands]
        self.hand_sizes = [sum(h) for h in self.hands]

    # -- the state protocol --

    legal_actions = _movegen.legal_actions  # the same moves _check allows, found quickly (movegen.py)

    def is_terminal(self) -> bool:
        """True once a player has 2 Seals of Excellence (JAI-MATCH-2)."""
        return self.phase is MATCH_OVER

    @property
    def round_over(self) -> bool:
        """True between the end of a round and the start of the next (or at the end of the match)."""
        return self.phase is not PLAYING

    @property
    def winner(self) -> int | None:
        """The seat that won the match, or None while it goes on."""
        if self.phase is MATCH_OVER:
            return 0 if self.seals[0] >= SEALS_TO_WIN else 1
        return None

    def why_illegal(self, action: Action) -> RuleViolation | None:
        """``None`` if ``action`` is legal for the player to move, else the RuleViolation explaining why.

        Anything that is not a Jaipur action (None, a string, another game's action) is answered,
        not raised: a JAI-TURN-1 RuleViolation naming the five kinds of action.
        """
        if not isinstance(action, Action):
            return RuleViolation("JAI-TURN-1", tr("not a Jaipur action: {value}; a turn is one action, built with "
                                                 "TakeOne(good), Exchange(take, give), TakeCamels(), Sell(good, count) "
                                                 "or, after a round, NextRound()").format(value=_short(action)))
        if self.phase is MATCH_OVER:
            return RuleViolation("JAI-MATCH-2", tr("the match is over: player {seat} has {seals}; nothing more can be "
                                                  "played.").format(seat=self.winner, seals=plural(
                                                      SEALS_TO_WIN, "Seal of Excellence", "Seals of Excellence")))
        if self.phase is ROUND_OVER:
            if type(action) is NextRound:
                return None
            return RuleViolation("JAI-MATCH-1", tr("the round is over; the only thing to do now is to set up "
                                                  "the next round (NextRound())."))
        return self._check(action)

    def _what_else(self) -> str:
        """The moves still open to a full hand, in words, true of this position (for JAI-TAKE-7)."""
        kinds = {a.kind for a in self.legal_actions()}
        options = [words() for kind, words in (("sell", lambda: tr("sell")), ("exchange", lambda: tr("exchange")),
                                               ("take_camels", lambda: tr("take the camels"))) if kind in kinds]
        if not options:
            return tr("No other move is open either.")
        return tr("{options} instead.").format(options=join_and(options, "or").capitalize())

    def _check(self, action: Action) -> RuleViolation | None:
        """The rule checks of one action during play; None when it is legal."""
        p = self.current_player
        hand, market, herd = self.hands[p], self.market, self.herds[p]
        hand_size = self.hand_sizes[p]
        kind = type(action)
        if kind is NextRound:
            return RuleViolation("JAI-TURN-1", tr("the round is still being played: on your turn take cards or "
                                                 "sell cards; a new round starts only when this one ends."))
        if kind is TakeOne:
            g = action.index
            if g == CAMEL_INDEX:
                return RuleViolation("JAI-TAKE-6", tr("a camel is not a good: you cannot take a single camel. "
                                                     "Take camels takes every camel in the market at once "
                                                     "(JAI-TAKE-5)."))
            if not market[g]:
                return RuleViolation("JAI-TAKE-1", tr("there is no {good} in the market to take; you may take one "
                                                     "goods card that is on display.").format(good=card_name(action.good)))
            if hand_size >= HAND_LIMIT:
                return RuleViolation("JAI-TAKE-7", tr("you hold {cards}; taking one more would leave {after} in "
                                                     "hand and the limit is {limit}. {other}").format(
                    cards=plural(hand_size, "card"), after=hand_size + 1, limit=HAND_LIMIT, other=self._what_else()))
            return None
        elif kind is TakeCamels:
            if not market[CAMEL_INDEX]:
                return RuleViolation("JAI-TAKE-5", tr("there are no camels in the market to take."))
            return None
        elif kind is Exchange:
            take = action.take_vector
            n_take, n_give = len(action.take), len(action.give)
            if take[CAMEL_INDEX]:
                return RuleViolation("JAI-TAKE-6", tr("camels are never taken in an exchange: take goods in an "
                                                     "exchange, or take all the camels as your whole turn."))
            if n_take != n_give:
                return RuleViolation("JAI-TAKE-2", tr("an exchange gives back exactly as many cards as it takes; "
                                                     "you take {take} and give {give}.").format(take=n_take, give=n_give))
            if n_take < 2:
                return RuleViolation("JAI-TAKE-3", tr("an exchange moves at least 2 cards each way; to take a "
                                                     "single good, use take one (and give nothing back)."))
            for i, n in action.take_pairs:
                if n > market[i]:
                    return RuleViolation("JAI-TAKE-2", tr("you want {cards} from the market but it shows {shown}.").format(
                        cards=cards(n, CARD_TYPES[i]), shown=market[i]))
            for i, n in action.give_pairs:
                if n > hand[i]:
                    return RuleViolation("JAI-TAKE-2", tr("you want to give back {cards} but your hand holds {held}.").format(
                        cards=cards(n, CARD_TYPES[i]), held=hand[i]))
            if action.camels > herd:
                return RuleViolation("JAI-TAKE-2", tr("you want to give back {camels} but your herd has {herd}.").format(
                    camels=cards(action.camels, "camel"), herd=herd))
            both = action.take_mask & action.give_mask
            if both:
                same = ", ".join(card_name(GOODS[i]) for i in range(N_GOODS) if both >> i & 1)
                return RuleViolation("JAI-TAKE-4", tr("you take and give back {goods} in the same exchange; one "
                                                     "exchange may not do both with one goods type.").format(goods=same))
            after = hand_size + action.camels
            if after > HAND_LIMIT:
                return RuleViolation("JAI-TAKE-7", tr("this exchange would leave {cards} in your hand (each camel given "
                                                     "back adds a card); the limit is {limit}.").format(
                    cards=plural(after, "card"), limit=HAND_LIMIT))
            return None
        elif kind is Sell:
            g, n = action.index, action.count
            if g == CAMEL_INDEX:
                return RuleViolation("JAI-SELL-5", tr("camels are never sold; they stay in your herd and count "
                                                     "for the camel token at the end of the round (JAI-END-3)."))
            if n < 1:
                return RuleViolation("JAI-SELL-1", tr("a sale discards at least one card."))
            if n > hand[g]:
                return RuleViolation("JAI-SELL-1", tr("you want to sell {cards} but your hand holds {held}.").format(
                    cards=cards(n, action.good), held=hand[g]))
            if n < MIN_SALE[g]:
                return RuleViolation("JAI-SELL-4", tr("{good} is a precious good: diamonds, gold and silver are sold "
                                                     "2 or more cards at a time.").format(good=card_name(action.good)))
            return None
        raise ValueError(f"not a Jaipur action: {action!r}")  # pragma: no cover - subclasses of Action

    def apply(self, action: Action) -> None:
        """Play ``action`` for the player to move, in place.

        Raises:
            RuleViolation: the action is illegal (rule ID and plain words), or not a Jaipur action at
                all (JAI-TURN-1, naming the kinds of action); the state is unchanged.
        """
        if self.phase is not PLAYING:
            problem = self.why_illegal(action)
            if problem is not None:
                raise problem
            self._next_round()
            return
        # Each kind checks its legality first, in a quick form of _check (the same rules); when
        # the quick check fails, _check names the rule broken and nothing has changed yet.
        p = self.current_player
        kind = action.__class__
        if kind is Exchange:
            code = self.market_code
            hand_code = self.hand_codes[p]
            camels = action.camels
            # coded: JAI-TAKE-2, 3, 4, 6 and counts that fit the codes. The market holds the take and
            # the hand the goods given (JAI-TAKE-2): taking them away leaves no field of the code below
            # zero (_GUARD). The camels come from the herd and each one adds a card to the hand (JAI-TAKE-7).
            if not action.coded or ((code | _GUARD) - action.take_code) & _GUARD != _GUARD or (
                    (hand_code | _GUARD) - action.give_code) & _GUARD != _GUARD or camels and (
                    camels > self.herds[p] or self.hand_sizes[p] + camels > HAND_LIMIT):
                raise self._violation(action)
            # move the cards on the codes, then copy the counts into the lists (the same list objects)
            self.market_code = code = code + action.market_code_delta
            self.market[:] = _COUNTS[code]
            self.hand_codes[p] = hand_code = hand_code + action.hand_code_delta
            self.hands[p][:] = _COUNTS[hand_code]
            if camels:
                self.herds[p] -= camels
                self.hand_sizes[p] += camels
            self._log.append((p, "exchange", action))
            self.turn += 1
            self.current_player = 1 - p  # JAI-TURN-1 (an exchange never ends the round)
            return
        elif kind is Sell:
            g, n = action.index, action.count
            if g == CAMEL_INDEX or n < MIN_SALE[g] or n > self.hands[p][g]:  # JAI-SELL-5, 4, 1
                raise self._violation(action)
            self._sell(p, g, n, action)  # JAI-SELL-1..3
        elif kind is TakeOne:
            g = action.index
            market = self.market
            if g == CAMEL_INDEX or not market[g] or self.hand_sizes[p] >= HAND_LIMIT:  # JAI-TAKE-6, 1, 7
                raise self._violation(action)
            market[g] -= 1
            self.hands[p][g] += 1
            self.hand_codes[p] += CARD_CODE[g]
            self.hand_sizes[p] += 1
            self._log.append((p, "take_one", g))
            deck = self.deck
            if deck:  # JAI-TAKE-1: the top card of the deck replaces it
                card = deck.pop()
                market[card] += 1
                self.market_code += CARD_CODE[card] - CARD_CODE[g]
                self._log.append((-1, "refill", 1))
            else:
                self.market_code -= CARD_CODE[g]
                self._refill(1)  # JAI-END-2
        elif kind is TakeCamels:
            market = self.market
            n = market[CAMEL_INDEX]
            if not n:  # JAI-TAKE-5
                raise self._violation(action)
            market[CAMEL_INDEX] = 0
            self.herds[p] += n
            self._log.append((p, "take_camels", n))
            deck = self.deck
            if len(deck) >= n:  # the deck refills the market (JAI-TAKE-5)
                code = self.market_code - n * _CAMEL_FIELD
                for _ in range(n):
                    card = deck.pop()
                    market[card] += 1
                    code += CARD_CODE[card]
                self.market_code = code
                self._log.append((-1, "refill", n))
            else:
                self.market_code -= n * _CAMEL_FIELD
                self._refill(n)  # JAI-END-2
        else:
            raise self._violation(action)
        self.turn += 1
        if self.phase is PLAYING:
            self.current_player = 1 - p  # JAI-TURN-1

    def _violation(self, action: Action) -> Exception:
        """The error apply raises for an action its quick checks refused."""
        return self.why_illegal(action) or AssertionError(f"engine disagrees with itself on {action!r}")

    def _sell(self, p: int, g: int, n: int, action: Sell) -> None:
        """Sell ``n`` cards of goods type ``g`` (JAI-SELL-1..3); the sale is legal."""
        self.hands[p][g] -= n
        self.hand_codes[p] -= n * CARD_CODE[g]
        self.hand_sizes[p] -= n
        self.discard[g] += n
        stack = GOODS_TOKENS[g]
        taken = self.tokens_taken[g]
        got = stack[taken:taken + n]  # JAI-SELL-2: surplus cards earn nothing
        if got:
            self.tokens_taken[g] = taken = taken + len(got)
            self.goods_tokens[p] += _TOKENS[g][taken - len(got):taken]
            if taken == len(stack):
                self.empty_stacks += 1
        bonus = None
        if n >= 3:  # JAI-SELL-3
            size = n if n < 5 else 5
            bonus_stack = self.bonus_stacks[size]
            if bonus_stack:
                bonus = bonus_stack.pop()
                self.bonus_tokens[p].append((size, bonus))
        self._log.append((p, "sell", action, got, bonus))
        if self.empty_stacks >= EMPTY_STACKS_TO_END:  # JAI-END-1
            self._end_round("JAI-END-1", Later(_end_words, "JAI-END-1", self.empty_stacks, 0))

    def _refill(self, n: int) -> None:
        deck, market = self.deck, self.market
        if len(deck) < n:  # JAI-END-2: the deck cannot supply every card needed
            short = n - len(deck)
            while deck:
                market[deck.pop()] += 1
            self.market_code = _encode(market)
            self._end_round("JAI-END-2", Later(_end_words, "JAI-END-2", n, short))
            return
        code = self.market_code
        for _ in range(n):
            card = deck.pop()
            market[card] += 1
            code += CARD_CODE[card]
        self.market_code = code
        if n:
            self._log.append((-1, "refill", n))

    # -- the end of a round --

    def _round_summary(self) -> dict:
        """Totals and tie-break counts of the current round (camel token included once awarded)."""
        rupees = [sum(map(_RUPEES, self.goods_tokens[s])) + sum(map(_RUPEES, self.bonus_tokens[s])) +
                  (CAMEL_TOKEN if self.camel_token == s else 0) for s in (0, 1)]
        bonus_count = [len(self.bonus_tokens[s]) for s in (0, 1)]
        goods_count = [len(self.goods_tokens[s]) for s in (0, 1)]
        return {"rupees": rupees, "bonus_tokens": bonus_count, "goods_tokens": goods_count}

    def _end_round(self, rule: str, reason: Later) -> None:
        self._log.append((-1, "round_end", rule, reason))     # worded when the log is read
        reason = str(reason)
        if self.herds[0] != self.herds[1]:  # JAI-END-3, tie: nobody
            self.camel_token = 0 if self.herds[0] > self.herds[1] else 1
        summary = self._round_summary()
        winner, why = _round_winner(summary)
        if winner is not None:
            self.seals[winner] += 1
        self.round_results.append({  # JSON-able; the score sheet is rebuilt from the tokens on request
            "round": self.round_index, "starting_player": self.starting_player, "end_rule": rule,
            "end_reason": reason, "winner": winner, "reason": why, **summary,
            "camel_token": self.camel_token, "herds": list(self.herds),
            "goods_tokens_held": [[[GOODS[g], v] for g, v in self.goods_tokens[s]] for s in (0, 1)],
            "bonus_tokens_held": [[[z, v] for z, v in self.bonus_tokens[s]] for s in (0, 1)],
        })
        self._log.append((-1, "round_result", winner, Later(_winner_words, summary)))
        if max(self.seals) >= SEALS_TO_WIN:  # JAI-MATCH-2
            self.phase = MATCH_OVER
            self.current_player = -1
            self._log.append((-1, "match_over", self.seals.index(max(self.seals))))
        else:
            self.phase = ROUND_OVER
            # JAI-MATCH-1: the loser starts; JAI-END-5 ruling: no winner -> the other player starts
            self.current_player = 1 - winner if winner is not None else 1 - self.starting_player

    def _next_round(self) -> None:
        self.starting_player = self.current_player
        self.round_index += 1
        self._deal_round()

    # -- scoring --

    def score_sheet(self) -> ScoreSheet:
        """The itemised score of the round in progress, or of the round just finished.

        Rows per seat: one per goods type sold (goods tokens, JAI-SELL-2), one per bonus token
        (JAI-SELL-3), and the camel token (JAI-END-3) once awarded. Points are rupees. During
        play ``winner`` is None and the verdict says the round goes on.
        """
        if self.phase is not PLAYING and self.round_results:
            return sheet_from_result(self.round_results[-1])
        return self._build_sheet(None, tr("the round is still being played; bonus token values are revealed "
                                         "when it ends (JAI-COMP-3)."))

    def _build_sheet(self, winner: int | None, verdict: str) -> ScoreSheet:
        from .scoring import build_rows

        rows = build_rows(self.goods_tokens, self.bonus_tokens, self.camel_token)
        return ScoreSheet(rows=tuple(rows), players=2, unit="rupees", winner=winner, verdict=verdict)

    # -- copies --

    def clone(self) -> "State":
        """An independent copy (hidden information included)."""
        new = State.__new__(State)
        new.seed = self.seed
        new.round_index = self.round_index
        new.first_player = self.first_player
        new.starting_player = self.starting_player
        new.current_player = self.current_player
        new.phase = self.phase
        new.market = self.market[:]
        new.hands = [self.hands[0][:], self.hands[1][:]]
        new.herds = self.herds[:]
        new.deck = self.deck[:]
        new.discard = self.discard[:]
        new.tokens_taken = self.tokens_taken[:]
        new.goods_tokens = [self.goods_tokens[0][:], self.goods_tokens[1][:]]
        new.bonus_stacks = {k: v[:] for k, v in self.bonus_stacks.items()}
        new.bonus_tokens = [self.bonus_tokens[0][:], self.bonus_tokens[1][:]]
        new.seals = self.seals[:]
        new.camel_token = self.camel_token
        new.round_results = list(self.round_results)
        new._log = self._log[:]
        new._events = self._events[:]
        new._events_language = self._events_language
        new.turn = self.turn
        new.market_code = self.market_code
        new.hand_codes = self.hand_codes[:]
        new.hand_sizes = self.hand_sizes[:]
        new.empty_stacks = self.empty_stacks
        return new

    def child(self, action: Action) -> "State":
        """A new state after ``action``; this one is untouched. Raises RuleViolation like apply."""
        new = self.clone()
        new.apply(action)
        return new

    # -- what players see --

    @property
    def events(self) -> list[Event]:
        """What happened so far in the match, in plain words with rule IDs (oldest first)."""
        return [Event(*row) for row in self._event_rows()]

    def _event_rows(self) -> list[tuple[int, str, str]]:
        """The log described so far, as (player, text, rule) rows, in the current language; new entries are
        described once per language (rows loaded from a file keep the words they were saved with)."""
        language = get_language()
        if self._events_language != language:
            if self._events_language is not None:
                self._events = [row if entry is None else _row(describe(entry))
                                for row, entry in zip(self._events, self._log)]
            self._events_language = language
        rows = self._events
        for entry in self._log[len(rows):]:
            event = describe(entry)
            rows.append((event.player, event.text, event.rule))
        return rows

    def observation(self, player: int) -> dict:
        """What ``player`` (0 or 1) may see, as a JSON-able dict.

        Hidden and left out: the opponent's hand (only its size), the deck order (only its
        size), and the values of the opponent's bonus tokens (only their sizes) until the round
        ends. [ruling: a player may look at their own bonus tokens]

        Raises:
            ValueError: ``player`` is not 0 or 1.
        """
        check_seat(player)
        other = 1 - player
        revealed = self.phase is not PLAYING
        return {
            "game": "jaipur",
            "player": player,
            "current_player": self.current_player,
            "phase": self.phase,
            "round": self.round_index,
            "turn": self.turn,
            "market": _named(self.market),
            "hand": _named(self.hands[player]),
            "opponent_hand_size": sum(self.hands[other]),
            "herds": list(self.herds),
            "deck_size": len(self.deck),
            "discard": _named(self.discard),
            "goods_tokens_left": {GOODS[g]: list(GOODS_TOKENS[g][self.tokens_taken[g]:]) for g in range(N_GOODS)},
            "bonus_tokens_left": {str(k): len(v) for k, v in self.bonus_stacks.items()},
            "goods_tokens": [[[GOODS[g], v] for g, v in self.goods_tokens[s]] for s in (0, 1)],
            "bonus_tokens": [
                [[size, value if (s == player or revealed) else None] for size, value in self.bonus_tokens[s]]
                for s in (0, 1)],
            "camel_token": self.camel_token,
            "seals": list(self.seals),
        }

    # -- saving --

    def to_dict(self) -> dict:
        """Everything needed to continue the match exactly, as a JSON-able dict (``version`` 1)."""
        return {
            "game": "jaipur",
            "version": FORMAT_VERSION,
            "seed": self.seed,
            "round_index": self.round_index,
            "first_player": self.first_player,
            "starting_player": self.starting_player,
            "current_player": self.current_player,
            "phase": self.phase,
            "turn": self.turn,
            "deck": [CARD_TYPES[i] for i in self.deck],
            "market": _named(self.market),
            "hands": [_named(h) for h in self.hands],
            "herds": list(self.herds),
            "discard": _named(self.discard),
            "goods_tokens": [[[GOODS[g], v] for g, v in self.goods_tokens[s]] for s in (0, 1)],
            "bonus_stacks": {str(k): list(v) for k, v in self.bonus_stacks.items()},
            "bonus_tokens": [[list(t) for t in self.bonus_tokens[s]] for s in (0, 1)],
            "camel_token": self.camel_token,
            "seals": list(self.seals),
            "round_results": self.round_results,
            "events": list(self._event_rows()),  # (player, text, rule) rows, shared: they never change
        }

    @classmethod
    def from_dict(cls, data: dict) -> "State":
        """Rebuild a state from :meth:`to_dict`, checking that it describes a possible game.

        Raises:
            SaveFileError: wrong version, a missing or mistyped field, or impossible contents
                (card counts that do not add up to JAI-COMP-1, tokens that are not JAI-COMP-2/3,
                a hand over the limit JAI-TAKE-7, ...). One line naming the problem.
        """
        from .saves import state_from_dict

        return state_from_dict(data)

    def __eq__(self, other) -> bool:
        return isinstance(other, State) and self.to_dict() == other.to_dict()

    __hash__ = None

    def __repr__(self) -> str:
        return (f"<jaipur.State round {self.round_index + 1}, {self.phase}, player {self.current_player} to move, "
                f"deck {len(self.deck)}, seals {self.seals[0]}-{self.seals[1]}>")


def _named(counts) -> dict[str, int]:
    return {CARD_TYPES[i]: c for i, c in enumerate(counts) if c}


def round_winner(rupees, bonus_tokens, goods_tokens) -> tuple[int | None, str]:
    """Who takes the Seal of Excellence of a finished round (JAI-END-4, JAI-END-5), and why in words.

    Args: per seat (two entries each) the rupees (camel token included), the number of bonus tokens
    and the number of goods tokens. The same function ends every round of the engine.

    Returns: (winner seat or None when nobody takes a seal [ruling], the explanation).

    Raises:
        ValueError: an argument that is not two whole numbers of 0 or more.
    """
    for name, pair in (("rupees", rupees), ("bonus_tokens", bonus_tokens), ("goods_tokens", goods_tokens)):
        if isinstance(pair, (str, bytes)) or not hasattr(pair, "__len__") or len(pair) != 2 or any(
                isinstance(x, bool) or not isinstance(x, int) or x < 0 for x in pair):
            raise ValueError(f"round_winner: {name} is two whole numbers of 0 or more, one per seat")
    return _round_winner({"rupees": list(rupees), "bonus_tokens": list(bonus_tokens),
                          "goods_tokens": list(goods_tokens)})


def _end_words(rule: str, count: int, short: int) -> str:
    """Why a round ended, in the current language: JAI-END-1 (``count`` empty stacks) or JAI-END-2 (the market
    needed ``count`` cards, the deck was ``short`` short)."""
    if rule == "JAI-END-1":
        return tr("{stacks} goods-token stacks are empty").format(stacks=count)
    return tr("the market needed {cards} and the deck was {short} short").format(cards=plural(count, "card"),
                                                                                 short=short)


def _winner_words(summary: dict) -> str:
    """Who won the round and why (:func:`_round_winner`), in the current language."""
    return _round_winner(summary)[1]


def _row(event: Event) -> tuple[int, str, str]:
    return event.player, event.text, event.rule


def _round_winner(summary: dict) -> tuple[int | None, str]:
    """JAI-END-4 and the tie-breaks of JAI-END-5: (winner or None, explanation in the current language)."""
    r, b, g = summary["rupees"], summary["bonus_tokens"], summary["goods_tokens"]
    if r[0] != r[1]:
        w = 0 if r[0] > r[1] else 1
        return w, tr("Player {seat} is richer: {more} to {less} (JAI-END-4).").format(
            seat=w, more=r[w], less=plural(r[1 - w], "rupee"))
    if b[0] != b[1]:
        w = 0 if b[0] > b[1] else 1
        return w, tr("Tied on {rupees}; Player {seat} has more bonus tokens, {more} to {less} (JAI-END-5).").format(
            rupees=plural(r[0], "rupee"), seat=w, more=b[w], less=b[1 - w])
    if g[0] != g[1]:
        w = 0 if g[0] > g[1] else 1
        return w, tr("Tied on {rupees} and {bonus}; Player {seat} has more goods tokens, {more} to {less} "
                    "(JAI-END-5).").format(rupees=plural(r[0], "rupee"), bonus=plural(b[0], "bonus token"),
                                           seat=w, more=g[w], less=g[1 - w])
    return None, tr("Tied on rupees ({rupees}), bonus tokens ({bonus}) and goods tokens ({goods}): nobody takes a "
                   "seal [ruling, JAI-END-5].").format(rupees=r[0], bonus=b[0], goods=g[0])


def sheet_from_result(result: dict) -> ScoreSheet:
    """The itemised ScoreSheet of one finished round, from an entry of ``State.round_results``."""
    from .scoring import build_rows

    goods = [[(INDEX[g], v) for g, v in tokens] for tokens in result["goods_tokens_held"]]
    bonus = [[(z, v) for z, v in tokens] for tokens in result["bonus_tokens_held"]]
    rows = build_rows(goods, bonus, result["camel_token"])
    return ScoreSheet(rows=tuple(rows), players=2, unit="rupees", winner=result["winner"], verdict=result["reason"])


def new_game(seed: int | None = None, first_player: int = 0) -> State:
    """Set up a Jaipur match and deal its first round (JAI-SETUP-1..7).

    Args:
        seed: any whole number; the same seed and the same actions replay the same match.
            ``None`` draws a random seed (kept in ``state.seed``).
        first_player: the seat that starts the first round, 0 or 1 (JAI-SETUP-7).

    Raises:
        ValueError: a seed that is not a whole number, or a first player other than 0 or 1.
    """
    seed = check_seed(seed)
    check_seat(first_player, "first_player")
    state = State()
    state.seed = seed
    state.round_index = 0
    state.first_player = first_player
    state.starting_player = first_player
    state.seals = [0, 0]
    state.round_results = []
    state._log = []
    state._deal_round()
    return state


