"""Caravan's pieces, values and rule texts, each number tagged with its rule ID.

Goods are named by what they are (``"ivory"``, ``"salt"``...); :data:`COLOURS` gives the
colour of each cube as the rulebook names it (ivory is grey, salt white...). Rule texts are
the project's own English wording of the Finnish rulebook (``shared/rulebooks/003_…``),
keyed by the clause IDs of ``shared/rules/caravan.md``.
"""
from __future__ import annotations


from ..core import Rule
from ..i18n import N_, NP_, pgettext

RARE: tuple[str, ...] = ("ivory", "cloth", "gems", "paper")
"""CAR-COMP-2: the rare goods, 6 points each."""
COMMON: tuple[str, ...] = ("meat", "swords", "salt", "hides")
"""CAR-COMP-3: the common goods, 3 points each."""
GOODS: tuple[str, ...] = RARE + COMMON
_NAMES = {"ivory": NP_("good", "ivory"), "cloth": NP_("good", "cloth"), "gems": NP_("good", "gems"),
          "paper": NP_("good", "paper"), "meat": NP_("good", "meat"), "swords": NP_("good", "swords"),
          "salt": NP_("good", "salt"), "hides": NP_("good", "hides")}


def good_name(good: str) -> str:
    """A good's name in the current language (``"ivory"``; ``"norsunluu"`` in Finnish, the rulebook's word)."""
    return pgettext("good", _NAMES[good]) if good in _NAMES else good

"""All eight goods, rare first; the order of every table and picture."""

COLOURS: dict[str, str] = {"ivory": "grey", "cloth": "purple", "gems": "green", "paper": "pink",
                           "meat": "red", "swords": "blue", "salt": "white", "hides": "brown"}
"""CAR-COMP-2, CAR-COMP-3: the colour of each good's cubes (and of its city)."""
DRAW_COLOURS: dict[str, str] = {"ivory": "#9a9a9a", "cloth": "#7b3fa0", "gems": "#2e8b57", "paper": "#f28cb8",
                                "meat": "#d62728", "swords": "#1f5fbf", "salt": "#f4f4f0", "hides": "#8b5a2b"}
"""A matplotlib colour per good, for the pictures (viz) and the app (ui)."""

GOOD_POINTS: dict[str, int] = {**{g: 6 for g in RARE}, **{g: 3 for g in COMMON}}
"""CAR-SCORE-1: points per delivered good."""
DEMAND_POINTS = 1
"""CAR-COMP-4, CAR-SCORE-1: points per demand marker."""

CUBES: dict[str, int] = {**{g: 3 for g in RARE}, **{g: 9 for g in COMMON}}
"""CAR-COMP-1: 3 cubes of each rare good and 9 of each common good, 48 in all."""
SHORT_GAME_REMOVED: dict[str, int] = {**{g: 1 for g in RARE}, **{g: 3 for g in COMMON}}
"""CAR-SETUP-3: cubes taken out for a short game or 2-3 players (32 remain)."""

PLAYERS = (2, 3, 4)
"""2 to 4 players (one colour of camels each)."""
PLAYER_COLOURS: tuple[str, ...] = ("#f2c200", "#17becf", "#ff7f00", "#8fd14f")
"""Camel colours of seats 0..3 in the pictures (the box has 4 colours, CAR-COMP-1): yellow, cyan, orange and
lime, none of them a good's colour (red meat, blue swords and green gems were once the players' colours too)."""
CAMELS = 5
"""CAR-SETUP-1: camels per player."""
CAMELS_LEARNING = 6
"""CAR-SETUP-1: camels per player in the learning / relaxed variant."""
THEFT_TOKENS_EACH = 1
"""CAR-SETUP-2: each player starts with one theft token (4 in the box, one per player)."""

NUMBERED_SPACES = 8
"""CAR-COMP-5: goods appear on 8 numbered spaces."""
DEMAND_START = (1, 2, 7, 8)
"""CAR-SETUP-4: numbered spaces that start with a demand marker (the corners)."""
REFILL_AT = 4
"""CAR-REFILL-1: the refill happens as soon as only 4 goods lie on the board."""
REFILL_DRAW = 4
"""CAR-REFILL-3: a refill draws 4 cubes."""

ACTION_RAMP = (1, 2, 3, 4)
"""CAR-TURN-1: actions of the first, second, third turn... then 4 every turn."""
MAX_ACTIONS = 4

PENALTY: dict[int, int] = {0: 0, 1: 0, 2: -1, 3: -3, 4: -6, 5: -10}
"""CAR-SCORE-2: penalty by goods still loaded at the end (5 only with 6 camels: a ruling)."""


_S_COMP = N_("Components, object of the game (rulebook: komponentit, pelin kohde)")
_S_SETUP = N_("Setup")
_S_TURN = N_("Playing the game (rulebook: pelin pelaaminen)")
_S_CAMEL = N_("Placing / moving a camel (rulebook: kamelin sijoittaminen/siirtäminen)")
_S_PICK = N_("Picking up a good (rulebook: poimi hyvä)")
_S_STEAL = N_("Stealing a good (rulebook: varastaa hyvän)")
_S_MOVE = N_("Moving and delivering a good (rulebook: Siirrä (ja toimita) hyvä)")
_S_REFILL = N_("Refilling goods (rulebook: Täyttötavarat)")
_S_END = N_("End of the game (rulebook: pelin loppu)")

RULES: dict[str, Rule] = {r.id: r for r in [
    Rule("CAR-COMP-1", "The box holds 24 camels (6 in each of 4 colours), 4 player boards, 48 goods cubes "
         "in a cloth bag (3 of each rare good, 9 of each common good), demand markers, 4 theft tokens and "
         "the board. Demand markers never run out.", _S_COMP),
    Rule("CAR-COMP-2", "Rare goods are worth 6 points each: ivory (grey), cloth (purple), gems (green) and "
         "paper (pink).", _S_COMP),
    Rule("CAR-COMP-3", "Common goods are worth 3 points each: meat (red), swords (blue), salt (white) and "
         "hides (brown).", _S_COMP),
    Rule("CAR-COMP-4", "Each demand marker is worth 1 point.", _S_COMP),
    Rule("CAR-COMP-5", "The board is a grid of spaces. Goods appear on 8 numbered spaces (1-8); 8 cities, "
         "one per goods colour, take the goods of their colour (ivory goes to Marrakesh). [ruling: the "
         "printed layout is not public; this project ships a 7 x 7 teaching board with the known structure "
         "and a teacher can load another layout]", _S_COMP),
    Rule("CAR-SETUP-1", "Each player takes a colour, a player board and 5 camels of that colour. In the "
         "learning (relaxed) variant everyone takes 6 camels; nothing else changes.", _S_SETUP),
    Rule("CAR-SETUP-2", "Each player starts with 1 theft token on their board; unused camels and tokens stay "
         "in the box.", _S_SETUP),
    Rule("CAR-SETUP-3", "For a short game, and recommended with 2 or 3 players, take out 3 cubes each of "
         "white, red, blue and brown and 1 each of grey, green, purple and pink before the first draw: 32 "
         "cubes remain. [ruling: in this project the removal is on by default for 2-3 players and off for "
         "4; both can be changed]", _S_SETUP),
    Rule("CAR-SETUP-4", "All cubes go in the bag. One cube is drawn at random onto each of the 8 numbered "
         "spaces, and a demand marker goes on spaces 1, 2, 7 and 8.", _S_SETUP),
    Rule("CAR-SETUP-5", "The player who chose a colour last starts, or a random player. [ruling: here seat 0 "
         "starts unless you choose another seat or a random one]", _S_SETUP),
    Rule("CAR-TURN-1", "Turns go clockwise. The first turn of the game has 1 action, the second 2, the third "
         "3 and every later turn 4 (with 2 players: 1, 2, 3, 4, then 4 each). No turn has more than 4.",
         _S_TURN),
    Rule("CAR-TURN-2", "A player may end the turn before using every action; unused actions are lost.",
         _S_TURN),
    Rule("CAR-ACT-1", "Placing or moving an empty camel onto a space with no camel costs 1 action.", _S_TURN),
    Rule("CAR-ACT-2", "Placing or moving an empty camel onto a space that already holds a camel (anyone's) "
         "costs 2 actions, so it needs 2 actions left.", _S_TURN),
    Rule("CAR-ACT-3", "Picking up a good costs 1 action.", _S_TURN),
    Rule("CAR-ACT-4", "Stealing a good costs 1 action (and a theft token, given to the victim).", _S_TURN),
    Rule("CAR-ACT-5", "Moving a good along a chain costs 1 action, and delivers it if it arrives in its "
         "city.", _S_TURN),
    Rule("CAR-CAMEL-1", "An empty camel may be placed from the supply, or moved, to any space of the board: "
         "there is no distance limit.", _S_CAMEL),
    Rule("CAR-CAMEL-2", "A camel carrying a good never moves, and carries at most one good. A camel with a "
         "stolen good under it is carrying that good: it cannot move, pick up or steal.", _S_CAMEL),
    Rule("CAR-PICK-1", "With an empty camel on a space where a good lies (not carried by any camel), you may "
         "load the good onto that camel for 1 action.", _S_PICK),
    Rule("CAR-PICK-2", "The demand markers on that space go to your board at the same time.", _S_PICK),
    Rule("CAR-PICK-3", "A loaded good cannot be dropped: it leaves the camel only when it is moved on, "
         "delivered or stolen.", _S_PICK),
    Rule("CAR-PICK-4", "You may never pick up a good if afterwards every one of your camels would carry a "
         "good. [ruling: camels still in your supply count as empty camels]", _S_PICK),
    Rule("CAR-STEAL-1", "With an empty camel on a space where another player's camel carries a good on top, "
         "you may steal that good if you hold a theft token: give the token to the victim and put the good "
         "under your camel.", _S_STEAL),
    Rule("CAR-STEAL-2", "A good under a camel was stolen and is safe: it cannot be stolen again until it has "
         "been moved.", _S_STEAL),
    Rule("CAR-STEAL-3", "The victim puts the theft token on their board and may use it later.", _S_STEAL),
    Rule("CAR-STEAL-4", "A player without a theft token cannot steal.", _S_STEAL),
    Rule("CAR-STEAL-5", "Demand markers are never stolen: once taken they stay on the player's board.",
         _S_STEAL),
    Rule("CAR-STEAL-6", "You may not steal with your last empty camel, for the same reason as CAR-PICK-4. "
         "[ruling: the rulebook says it for picking up; we apply it to stealing too]", _S_STEAL),
    Rule("CAR-MOVE-1", "Your camels form groups: camels on the same space or on orthogonally neighbouring "
         "spaces (not diagonal) are linked. For 1 action a good moves from any camel of a group to any empty "
         "camel of the same group.", _S_MOVE),
    Rule("CAR-MOVE-2", "If the receiving camel stands in the city of the good's colour, the good is "
         "delivered onto your board.", _S_MOVE),
    Rule("CAR-MOVE-3", "The good may stop on any empty camel of the group; it need not reach its city in "
         "one action.", _S_MOVE),
    Rule("CAR-MOVE-4", "A good passes freely through your own loaded camels; it only cannot stop on one. "
         "Other players' camels never link a chain, even on a shared space.", _S_MOVE),
    Rule("CAR-MOVE-5", "A stolen good that moves goes on top of the receiving camel, and can be stolen again "
         "from there.", _S_MOVE),
    Rule("CAR-REFILL-1", "As soon as only 4 goods lie on the board (goods on or under camels do not count), "
         "play pauses for a refill. [ruling: once the bag is empty there is no refill]", _S_REFILL),
    Rule("CAR-REFILL-2", "First a demand marker goes on each space where one of those 4 goods lies; a space "
         "may hold several demand markers.", _S_REFILL),
    Rule("CAR-REFILL-3", "Then 4 cubes are drawn from the bag and placed one at a time, in number order, on "
         "the numbered spaces that have no good.", _S_REFILL),
    Rule("CAR-END-1", "The end is triggered when the last 4 cubes are drawn from the bag; the game ends at "
         "once when the next good is delivered (that good counts).", _S_END),
    Rule("CAR-SCORE-1", "Each delivered rare good scores 6 points, each common good 3, each demand marker "
         "1.", _S_END),
    Rule("CAR-SCORE-2", "Goods still loaded at the end (stolen goods under camels too) cost points: 0 or 1 "
         "good: 0; 2 goods: -1; 3: -3; 4: -6. [ruling: with 6 camels, 5 goods: -10]", _S_END),
    Rule("CAR-SCORE-3", "Most points wins; tied players compare goods delivered, more wins; still tied, they "
         "share the win.", _S_END),
]}
"""Every Caravan clause of ``shared/rules/caravan.md``, in the project's own words."""
