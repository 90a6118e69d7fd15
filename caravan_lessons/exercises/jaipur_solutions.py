"""Reference answers of the Jaipur exercises (``caravan_lessons.exercises.jaipur``).

Each answer has the name the notebook gives it, so ``q4a.solution()`` prints code that can be
pasted into the answer cell. The exercise notebooks' solution regions are built from this file,
and the tests check that every answer here passes its own check and the hidden ones.
"""
from __future__ import annotations

from itertools import product

from ..jaipur import BONUS_TOKENS, GOODS, Exchange

# --- 1. reading a position ---------------------------------------------------------------------------

q1a_counts = {"hand": 6, "herd": 4, "market": 5, "deck": 32, "opponent_hand": 4}


def q1b_legal_move_counts(state):
    """How many legal moves of each kind the player to move has."""
    counts = {"take_one": 0, "take_camels": 0, "exchange": 0, "sell": 0}
    for action in state.legal_actions():
        counts[action.kind] += 1
    return counts


# --- 2. legal or not, and which rule ---------------------------------------------------------------

q3a_rules = {
    "A": "JAI-TAKE-7",
    "B": "JAI-SELL-4",
    "C": "JAI-TAKE-4",
    "D": "JAI-TAKE-3",
    "E": None,
    "F": None,
    "G": "JAI-TAKE-6",
    "H": "JAI-SELL-5",
    "I": "JAI-TAKE-7",
}


def q3b_sale_problem(hand, good, count):
    """The rule a sale breaks (first one in the order SELL-5, SELL-1, SELL-4), or None if legal."""
    if good == "camel":
        return "JAI-SELL-5"
    if count < 1 or count > hand.get(good, 0):
        return "JAI-SELL-1"
    if good in ("diamond", "gold", "silver") and count < 2:
        return "JAI-SELL-4"
    return None


# --- 3. the best sale --------------------------------------------------------------------------------

def q4a_sale_rupees(state, good, count):
    """Rupees of the goods tokens a sale of `count` cards of `good` earns now (bonus not included)."""
    stack = state.observation(state.current_player)["goods_tokens_left"][good]
    return sum(stack[:count])  # top of the stack first; cards beyond the stack earn nothing


def q4b_bonus_estimate(observation, count):
    """(lowest, highest, expected) rupees of the bonus token a sale of `count` cards would earn."""
    if count < 3:
        return (0, 0, 0.0)
    size = min(count, 5)
    if observation["bonus_tokens_left"][str(size)] == 0:
        return (0, 0, 0.0)
    unknown = list(BONUS_TOKENS[size])
    for token_size, value in observation["bonus_tokens"][observation["player"]]:
        if token_size == size:
            unknown.remove(value)  # my own tokens: I know they are not in the stack
    return (min(unknown), max(unknown), sum(unknown) / len(unknown))


def q4c_best_sale(state):
    """The legal sale worth the most rupees now (goods tokens + expected bonus), or None."""
    observation = state.observation(state.current_player)
    best, best_value = None, -1.0
    for action in state.legal_actions():
        if action.kind == "sell":
            value = (q4a_sale_rupees(state, action.good, action.count)
                     + q4b_bonus_estimate(observation, action.count)[2])
            if value > best_value:
                best, best_value = action, value
    return best


# --- 4. the hand limit and exchanges -----------------------------------------------------------------

q2a_max_camels = 1


def q2b_exchanges(market, hand, herd):
    """Every legal exchange for a player with this hand and herd, facing this market."""
    hand_size = sum(hand.values())
    goods_in_market = [market.get(g, 0) for g in GOODS]
    exchanges = []
    for take in product(*(range(n + 1) for n in goods_in_market)):
        k = sum(take)
        if k < 2:  # JAI-TAKE-3: at least 2 cards each way
            continue
        # JAI-TAKE-4: give back only goods types not taken
        givable = [0 if take[i] else min(hand.get(g, 0), k) for i, g in enumerate(GOODS)]
        for give in product(*(range(n + 1) for n in givable)):
            camels = k - sum(give)  # the rest is paid in camels from the herd
            if camels < 0 or camels > herd or hand_size + camels > 7:  # JAI-TAKE-7
                continue
            taken = [g for g, n in zip(GOODS, take) for _ in range(n)]
            given = [g for g, n in zip(GOODS, give) for _ in range(n)] + ["camel"] * camels
            exchanges.append(Exchange(taken, given))
    return exchanges


# --- 5. scoring a round ------------------------------------------------------------------------------

def q5a_round_rupees(round_data):
    """Each player's rupees: goods tokens + bonus tokens + the camel token (5) for the larger herd."""
    rupees = []
    for seat in (0, 1):
        goods = sum(value for _, value in round_data["goods_tokens"][seat])
        bonus = sum(value for _, value in round_data["bonus_tokens"][seat])
        rupees.append(goods + bonus)
    herds = round_data["herds"]
    if herds[0] != herds[1]:  # JAI-END-3: nobody takes the camel token on a tie
        rupees[0 if herds[0] > herds[1] else 1] += 5
    return rupees


def q5b_round_winner(round_data):
    """The seat that wins the round (0 or 1), or None when every tie-break is tied."""
    rupees = q5a_round_rupees(round_data)
    bonus = [len(round_data["bonus_tokens"][seat]) for seat in (0, 1)]
    goods = [len(round_data["goods_tokens"][seat]) for seat in (0, 1)]
    for first, second in (rupees, bonus, goods):  # JAI-END-4, then the tie-breaks of JAI-END-5
        if first != second:
            return 0 if first > second else 1
    return None


# --- 6. a bot ----------------------------------------------------------------------------------------

class Q6Bot:
    """Sell when a sale pays well, else take the most valuable good, else take camels."""

    name = "greedy trader"

    def choose(self, view):
        seen = view.observation
        tokens = seen["goods_tokens_left"]
        hand_size = sum(seen["hand"].values())
        best_sale, best_value = None, 0
        best_take, best_top = None, -1
        camels = None
        for action in view.legal_actions:
            if action.kind == "sell":
                bonus = (0, 0, 0, 2, 5, 9)[min(action.count, 5)]  # expected bonus by size
                value = sum(tokens[action.good][:action.count]) + bonus
                if value > best_value:
                    best_sale, best_value = action, value
            elif action.kind == "take_one":
                top = tokens[action.good][0] if tokens[action.good] else 0
                if top > best_top:
                    best_take, best_top = action, top
            elif action.kind == "take_camels":
                camels = action
        if best_sale is not None and (best_value >= 8 or hand_size >= 7 or best_take is None):
            return best_sale
        if best_take is not None and best_top >= 2:
            return best_take
        if camels is not None:
            return camels
        return best_sale or best_take or view.legal_actions[0]
