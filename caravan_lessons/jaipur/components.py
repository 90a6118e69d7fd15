"""Jaipur's cards, tokens and rule texts, each number tagged with its rule ID.

Card types are kept in one fixed order, and the engine counts cards per type
(a list of 7 counts) rather than keeping lists of cards: the order below is the
index into every such count vector.

Rule texts are the project's own English wording of the Portuguese rulebook
(``shared/rulebooks/002_…``), keyed by the clause IDs of ``shared/rules/jaipur.md``.
"""
from __future__ import annotations


from ..core import Rule, plural
from ..i18n import N_, N_plural, noun

GOODS: tuple[str, ...] = ("diamond", "gold", "silver", "cloth", "spice", "leather")
"""The six goods types, most valuable first (index 0..5)."""
CAMEL = "camel"
CARD_TYPES: tuple[str, ...] = GOODS + (CAMEL,)
"""Goods then camel: index 6 is the camel in every count vector."""
CAMEL_INDEX = 6
INDEX = {name: i for i, name in enumerate(CARD_TYPES)}

PLURAL = {"diamond": "diamonds", "gold": "gold", "silver": "silver", "cloth": "cloth",
          "spice": "spice", "leather": "leather", "camel": "camels"}
"""The English plural of each card type (the catalogue holds the others: ``WORDS``)."""
WORDS = {"diamond": N_plural("diamond", "diamonds"), "gold": N_plural("gold", "gold"),
         "silver": N_plural("silver", "silver"), "cloth": N_plural("cloth", "cloth"),
         "spice": N_plural("spice", "spice"), "leather": N_plural("leather", "leather"),
         "camel": N_plural("camel", "camels")}
"""Each card type as a noun of the translation catalogue: (singular, plural) in English."""


def cards(n: int, card: str) -> str:
    """``n`` cards of one type in words, the plural right, in the current language:
    ``cards(1, "diamond") == "1 diamond"``, ``cards(2, "diamond") == "2 diamonds"``, ``cards(2, "gold") == "2 gold"``."""
    return plural(n, *WORDS[card])


def card_name(card: str) -> str:
    """The name of a card type in the current language, uncounted (``"diamond"``; ``"diamante"`` in pt)."""
    return noun(*WORDS[card])

CARD_CODE: tuple[int, ...] = tuple(16 ** i for i in range(7))
"""A pile of cards as one number: sum of count * CARD_CODE[type], 4 bits per type.

The engine keys its caches by these codes and checks piles against each other with them:
a count never exceeds 7 (hand limit JAI-TAKE-7, market of 5), so the top bit of each 4-bit
field is free and serves as a guard bit (see ``movegen._GUARD``)."""
MARKET_CODE: tuple[int, ...] = CARD_CODE
"""The code of a market (7 card types); the same as CARD_CODE."""
HAND_CODE: tuple[int, ...] = CARD_CODE
"""The code of a hand (the camel field stays 0: camels live in the herd); the same as CARD_CODE."""

CARD_COLOURS = {
    "diamond": "#d7263d", "gold": "#f4b400", "silver": "#9ea7ad", "cloth": "#7b4fa0",
    "spice": "#2e8b57", "leather": "#8b5a2b", "camel": "#e8d8a8",
}
"""One colour per card type, shared by the pictures (viz) and the play app's cards (ui)."""
TEXT_ON = {c: ("black" if c in ("gold", "silver", "camel") else "white") for c in CARD_COLOURS}
"""A readable text colour on each card colour."""

CARD_COUNTS: tuple[int, ...] = (6, 6, 6, 8, 8, 10, 11)
"""JAI-COMP-1: cards per type in CARD_TYPES order; 55 in all."""
TOTAL_CARDS = sum(CARD_COUNTS)

GOODS_TOKENS: tuple[tuple[int, ...], ...] = (
    (7, 7, 5, 5, 5),                # diamond
    (6, 6, 5, 5, 5),                # gold
    (5, 5, 5, 5, 5),                # silver
    (5, 3, 3, 2, 2, 1, 1),          # cloth
    (5, 3, 3, 2, 2, 1, 1),          # spice
    (4, 3, 2, 1, 1, 1, 1, 1, 1),    # leather
)
"""JAI-COMP-2: goods tokens per type, top of the stack (most valuable) first, in rupees."""

BONUS_TOKENS: dict[int, tuple[int, ...]] = {
    3: (3, 3, 2, 2, 2, 1, 1),
    4: (6, 6, 5, 5, 4, 4),
    5: (10, 10, 9, 8, 8),
}
"""JAI-COMP-3: bonus tokens by sale size (5 stands for 5 or more cards), in rupees."""

CAMEL_TOKEN = 5
"""JAI-COMP-4: the camel token is worth 5 rupees."""
SEALS = 3
"""JAI-COMP-4: three Seals of Excellence; 2 win the match (JAI-MATCH-2)."""
SEALS_TO_WIN = 2

MARKET_SIZE = 5
"""JAI-SETUP-3: the market holds 5 cards while the deck lasts."""
STARTING_MARKET_CAMELS = 3
"""JAI-SETUP-1."""
HAND_SIZE_DEALT = 5
"""JAI-SETUP-2."""
HAND_LIMIT = 7
"""JAI-TAKE-7: at most 7 cards in hand at the end of a turn; the herd does not count."""
PRECIOUS = frozenset({"diamond", "gold", "silver"})
"""JAI-SELL-4: sold 2 or more at a time."""
MIN_SALE = tuple(2 if g in PRECIOUS else 1 for g in GOODS)
EMPTY_STACKS_TO_END = 3
"""JAI-END-1: the round ends when 3 goods-token stacks are empty."""

PLAYING = "playing"
ROUND_OVER = "round over"
MATCH_OVER = "match over"
"""The phases of a match (``State.phase``): a round being played, a round scored (JAI-MATCH-1: only
``NextRound`` is legal), the match won (JAI-MATCH-2). The engine compares them by identity."""
PHASES = (PLAYING, ROUND_OVER, MATCH_OVER)


_S_COMP = N_("component list, publisher's rule sheet")
_S_SETUP = N_("Setup — Preparação")
_S_TURN = N_("A turn — O Turno de Jogo")
_S_TAKE = N_("Taking cards — Comprar Cartas")
_S_SELL = N_("Selling cards — Vender Cartas")
_S_END = N_("End of a round — Fim da Rodada")
_S_MATCH = N_("New round, end of the game — Nova Rodada, Fim do Jogo")

RULES: dict[str, Rule] = {r.id: r for r in [
    Rule("JAI-COMP-1", "There are 55 cards: 6 diamonds, 6 gold, 6 silver, 8 cloth, 8 spice, "
         "10 leather and 11 camels.", _S_COMP),
    Rule("JAI-COMP-2", "Each goods type has its own stack of goods tokens, most valuable on top: "
         "diamonds 7 7 5 5 5; gold 6 6 5 5 5; silver 5 5 5 5 5; cloth and spice 5 3 3 2 2 1 1 each; "
         "leather 4 3 2 1 1 1 1 1 1.", _S_COMP),
    Rule("JAI-COMP-3", "Bonus tokens reward big sales: 3-card sale 3 3 2 2 2 1 1; 4-card sale "
         "6 6 5 5 4 4; sale of 5 or more 10 10 9 8 8. The stacks are shuffled face down, and the opponent "
         "never sees the value of your bonus tokens before the round ends. [ruling: you may look at the "
         "values of your own bonus tokens; the rulebook only has them turned over at the final count]",
         _S_COMP),
    Rule("JAI-COMP-4", "There is one camel token worth 5 rupees and there are 3 Seals of Excellence.",
         _S_COMP),
    Rule("JAI-SETUP-1", "The market starts with 3 camel cards face up.", _S_SETUP),
    Rule("JAI-SETUP-2", "The other 52 cards are shuffled and each player gets 5.", _S_SETUP),
    Rule("JAI-SETUP-3", "Two cards from the deck complete the market to 5 (they may be camels). "
         "While the deck lasts the market always holds 5 cards.", _S_SETUP),
    Rule("JAI-SETUP-4", "Each player puts the camels from their hand face up in front of them: "
         "that is their herd. The herd is public and is not part of the hand.", _S_SETUP),
    Rule("JAI-SETUP-5", "Goods tokens are sorted into one stack per type, most valuable on top, "
         "spread out so both players see every value.", _S_SETUP),
    Rule("JAI-SETUP-6", "Bonus tokens are shuffled into three face-down stacks: 3-card, 4-card "
         "and 5-or-more-card sales.", _S_SETUP),
    Rule("JAI-SETUP-7", "The players choose who starts the first round. [ruling: in this project "
         "player 0 starts the first round unless you say otherwise]", _S_SETUP),
    Rule("JAI-TURN-1", "On your turn you do exactly one thing: take cards or sell cards, never both. "
         "Then your opponent plays.", _S_TURN),
    Rule("JAI-TAKE-1", "Take one good: move one goods card (not a camel) from the market to your hand; "
         "the top card of the deck takes its place.", _S_TAKE),
    Rule("JAI-TAKE-2", "Exchange: take two or more goods cards from the market (any types) and put back "
         "exactly as many cards from your hand and/or your herd of camels.", _S_TAKE),
    Rule("JAI-TAKE-3", "An exchange moves at least 2 cards each way; swapping a single card for a single "
         "card is not allowed.", _S_TAKE),
    Rule("JAI-TAKE-4", "In one exchange you may not take and give back the same goods type.", _S_TAKE),
    Rule("JAI-TAKE-5", "Take camels: move every camel in the market to your herd; the deck refills the "
         "market.", _S_TAKE),
    Rule("JAI-TAKE-6", "Take goods or camels, never both: camels are never taken in an exchange or as "
         "your one good, and taking camels means taking all of them.", _S_TAKE),
    Rule("JAI-TAKE-7", "Hand limit: at the end of your turn you hold at most 7 cards in hand (the herd "
         "does not count). A take that would leave more than 7 is not allowed. Taking camels never adds to "
         "the hand, so it is allowed with a full hand whenever the market shows camels. There is no "
         "discarding down to 7.", _S_TAKE),
    Rule("JAI-SELL-1", "Sell: choose one goods type and discard as many cards of that type as you like "
         "from your hand. One type per sale, one sale per turn.", _S_SELL),
    Rule("JAI-SELL-2", "For each card sold take the top goods token of that type. If the stack runs out "
         "the extra cards earn no token. [ruling: selling into an empty stack is allowed; it earns only "
         "the bonus, if any]", _S_SELL),
    Rule("JAI-SELL-3", "A sale of 3 cards earns the top 3-card bonus token, 4 cards a 4-card token, 5 or "
         "more cards a 5-card token. Cards sold count, not tokens received. [ruling: an empty bonus stack "
         "gives nothing]", _S_SELL),
    Rule("JAI-SELL-4", "Diamonds, gold and silver are sold 2 or more cards at a time, even when a single "
         "token of that type is left.", _S_SELL),
    Rule("JAI-SELL-5", "Camels are never sold.", _S_SELL),
    Rule("JAI-END-1", "The round ends at once when 3 of the 6 goods-token stacks are empty.", _S_END),
    Rule("JAI-END-2", "The round ends at once when the market must be refilled (after taking one good or "
         "taking camels) and the deck cannot supply every card needed. [ruling: the rulebook's two bullets "
         "are read together: a deck that empties while filling the market exactly does not end the round; "
         "exchanges and sales never refill the market, so they never end it this way]", _S_END),
    Rule("JAI-END-3", "The player with more camels in their herd takes the camel token (5 rupees). On a "
         "tie nobody takes it. It counts as rupees only, not as a bonus or goods token.", _S_END),
    Rule("JAI-END-4", "Each player adds up goods tokens, bonus tokens and the camel token; the richer "
         "player wins the round and a Seal of Excellence.", _S_END),
    Rule("JAI-END-5", "Tied on rupees: more bonus tokens (counted, not added up) wins; still tied, more "
         "goods tokens wins. [ruling: still tied after that, nobody takes a seal and the player who did "
         "not start this round starts the next]", _S_END),
    Rule("JAI-MATCH-1", "If nobody has 2 seals, everything is set up again with a fresh shuffle and the "
         "loser of the round starts the next.", _S_MATCH),
    Rule("JAI-MATCH-2", "The first player with 2 Seals of Excellence wins the match.", _S_MATCH),
]}
"""Every Jaipur clause of ``shared/rules/jaipur.md``, in the project's own words."""
