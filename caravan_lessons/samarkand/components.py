"""Samarkand's counts and rule texts, each tagged with its rule ID.

Rule texts are the project's own English wording of the Portuguese rulebook
(``shared/rulebooks/000_…``), keyed by the clause IDs of ``shared/rules/samarkand.md``.
The map, the families' names, colours and prices are not in the rulebook: they come
from the teaching board's data files (``data/board.json``, ``data/families.json``).
"""
from __future__ import annotations


from ..core import Rule
from ..i18n import N_

PLAYERS = (2, 3, 4, 5)
"""The rulebook is for 2 to 5 players (p. 1); 2 players use the bag rules (SAM-2P-*)."""
FAMILIES = 10
"""SAM-COMP-1: ten merchant families."""
CAMELS_PER_FAMILY = 12
"""SAM-COMP-1: 12 camels each; one starts on the start space (SAM-SETUP-1)."""
FAMILY_TILES = 2
"""SAM-COMP-1: 2 family tiles per family."""
RELATION_TILES = 5
"""SAM-COMP-1 / SAM-SETUP-2: 4 grey tiles under 1 dark-green tile."""
GOODS_COUNT = 33
"""SAM-COMP-2: goods 1..33, each with a card and a tile."""
START_MONEY = 10
"""SAM-SETUP-4: dirhams per player."""
START_HAND = 2
"""SAM-SETUP-3: goods cards per player at setup."""
DRAW = 3
"""SAM-MARRY-4: cards drawn after marrying."""
MAX_DISCARD = 2
"""SAM-MARRY-4: 0, 1 or 2 cards discarded after drawing."""
HAND_LIMIT = {2: 10, 3: 10, 4: 7, 5: 6}
"""SAM-HAND-1 / SAM-2P-1: hand limit by number of players (sold cards count)."""
SPACE_CAPACITY = 2
"""SAM-EXT-3: at most 2 camels on a space, never 2 of one family."""
MAX_CAMELS_PER_TURN = 2
"""SAM-EXT-1."""
SECOND_CAMEL_COST = 1
"""SAM-EXT-4: dirhams from the family treasury to the bank."""
SALE_PRICE = 3
"""SAM-GOODS-2: dirhams from the bank for a sold goods card."""
ACTIVE_PREMIUM = 3
"""SAM-REL-3: to each holder of a tile of the active family."""
PASSIVE_PREMIUM = 1
"""SAM-REL-3: to each holder of a tile of the passive family."""
OWN_CAMEL_POINTS = 4
"""SAM-SCORE-1: per camel of a married family on the card's goods space."""
OTHER_CAMEL_POINTS = 1
"""SAM-SCORE-1: per camel of any other family."""
LAND_KINDS = frozenset({"land", "goods", "start"})
"""SAM-COMP-4 / SAM-REL-1: the kinds of land space (relations form there, never on water)."""
KINDS = LAND_KINDS | {"water"}


_C = N_("Components (Material de jogo, p. 1)")
_S = N_("Setup (Preparação, p. 2)")
_T = N_("A turn (Como jogar, p. 3)")
_M = N_("Marrying (Casar com uma família, p. 3)")
_E = N_("Extending a route (Expandir a rota comercial, p. 4)")
_G = N_("Goods spaces (Casas de mercadoria, p. 4)")
_R = N_("New trade relations (Nova relação comercial, p. 5)")
_END = N_("End of the game (Fim do jogo, p. 5)")
_SC = N_("Scoring (Contagem de pontos, p. 6)")
_2P = N_("Two players (Modificações para dois jogadores, p. 6)")

RULES: dict[str, Rule] = {r.id: r for r in [
    Rule("SAM-COMP-1", "Ten merchant families take part. Each has a colour, 12 camels, 2 family tiles, a stack of "
         "5 relation tiles (4 grey, 1 dark green), a start space on the map and a house on the top or bottom edge "
         "of the board that shows its marriage price and holds its reserve and its treasury. [teaching board: "
         "names, colours, prices and start spaces come from data/families.json]", _C),
    Rule("SAM-COMP-2", "There are 33 goods, numbered 1 to 33, each with its own name (diamond is 22, linen is "
         "another). Every goods has one card in the deck and one tile on its goods space.", _C),
    Rule("SAM-COMP-3", "Money is counted in dirhams (75 coins, 220 dirhams in the box). [ruling: the bank never "
         "runs out; the engine counts what it pays out and takes in]", _C),
    Rule("SAM-COMP-4", "The map is made of spaces: plain land, water (each shows 2 boats), goods spaces and the "
         "families' start spaces (those are land too). Two spaces are adjacent when they share a border. "
         "[teaching board: the map is the project's, not the printed one]", _C),
    Rule("SAM-SETUP-1", "Each family starts with one camel on its start space; its other 11 camels and its 2 family "
         "tiles wait in its house (the reserve).", _S),
    Rule("SAM-SETUP-2", "Each family's relation stack is 4 grey tiles with the dark-green tile on top.", _S),
    Rule("SAM-SETUP-3", "The 33 goods cards are shuffled; every player is dealt 2 and the rest is a face-down deck.",
         _S),
    Rule("SAM-SETUP-4", "Every player starts with 10 dirhams. [ruling: every family treasury starts empty]", _S),
    Rule("SAM-SETUP-5", "Each goods tile lies on its own goods space.", _S),
    Rule("SAM-SETUP-6", "The youngest player starts and play goes clockwise. [ruling: seat 0 starts unless you "
         "choose another first player]", _S),
    Rule("SAM-TURN-1", "On your turn you do exactly one thing: marry into a family, or extend one family's route. "
         "[ruling: a player who can do neither passes; if every player passes in a row, nobody can ever act "
         "again and the game ends and is scored]", _T),
    Rule("SAM-MARRY-1", "To marry, pay the family's marriage price from your own dirhams into the family's "
         "treasury and take one of its family tiles from its house.", _M),
    Rule("SAM-MARRY-2", "You cannot marry a family whose house has no family tile left, nor one whose price you "
         "cannot pay.", _M),
    Rule("SAM-MARRY-3", "With 3 to 5 players you may be married into many families, but you hold at most one tile "
         "of each family.", _M),
    Rule("SAM-MARRY-4", "After marrying you draw the top 3 goods cards, then discard 0, 1 or 2 cards from your whole "
         "hand (old or new). After discarding you may not hold more cards than the hand limit.", _M),
    Rule("SAM-MARRY-5", "If your cards already reach the hand limit you may still marry, but you draw nothing. "
         "[ruling, from the rulebook's example: you draw only when 3 cards in and at most 2 out keeps you within "
         "the limit, that is when you hold fewer cards than the limit]", _M),
    Rule("SAM-HAND-1", "Hand limit: 10 cards with 2 or 3 players, 7 with 4, 6 with 5. Goods cards you sold (face "
         "up in front of you) still count toward it.", _M),
    Rule("SAM-DECK-1", "Discarded cards go face down onto a discard pile. When the deck runs out, the discard pile "
         "is shuffled into a new deck. [ruling: if both are empty you draw what there is]", _M),
    Rule("SAM-EXT-1", "To extend a route, place 1 or 2 camels of one family from its reserve. You must hold a tile "
         "of that family and the family must still have a camel in its reserve. [ruling: the engine asks for the "
         "camels one at a time; after the first you place a second or end your turn]", _E),
    Rule("SAM-EXT-2", "Each camel goes on a space next to a space that already holds a camel of the same family; "
         "land or water makes no difference.", _E),
    Rule("SAM-EXT-3", "A space holds at most 2 camels, and never 2 camels of the same family.", _E),
    Rule("SAM-EXT-4", "The first camel of a turn is free. A second camel costs the family 1 dirham from its "
         "treasury, paid to the bank.", _E),
    Rule("SAM-EXT-5", "The second camel need not be next to the first: like the first, it goes next to any camel "
         "of its family, on the board as it stands after the first camel. [ruling: the Portuguese text says the "
         "second camel 'should not' be placed next to the first, most likely a mistranslation of 'need not'; "
         "every review has both camels simply extend the route]", _E),
    Rule("SAM-EXT-6", "A family whose treasury is empty can place only 1 camel a turn.", _E),
    Rule("SAM-GOODS-1", "A camel placed on a goods space where no camel has been yet gives you that goods tile "
         "(1 point at the end).", _G),
    Rule("SAM-GOODS-2", "At that moment whoever holds that goods' card, you or anyone else, may sell it: the card "
         "goes face up in front of them and they take 3 dirhams from the bank. A sold card never returns to the "
         "hand, still counts toward the hand limit and scores nothing at the end. [ruling: the engine asks the holder "
         "openly (a decision in legal_actions for that seat), so everyone learns who held the card; at a table a "
         "holder who keeps it might stay silent]", _G),
    Rule("SAM-GOODS-3", "A camel on a goods space that already had a camel gives no tile, and the card can no "
         "longer be sold: a card is sold only when its space is first occupied.", _G),
    Rule("SAM-GOODS-4", "The holder may keep the card instead of selling it: at the end it can be worth up to "
         "8 points.", _G),
    Rule("SAM-REL-1", "A camel placed on a land space (goods and start spaces included) that already holds a camel "
         "of another family makes a trade relation between the two families.", _R),
    Rule("SAM-REL-2", "Water spaces never make relations: the two camels sail side by side on their boats.", _R),
    Rule("SAM-REL-3", "On the first relation between two families, everyone holding a tile of the active family "
         "(the one whose camel was just placed) gets 3 dirhams from the bank, and everyone holding a tile of the "
         "passive family gets 1 dirham. A player married into both gets both.", _R),
    Rule("SAM-REL-4", "On the first relation between two families the active player also takes the top relation "
         "tile of each of the two families (1 point each at the end). [ruling: the rulebook's example names the "
         "Arab and Persian stacks, an error; the tiles come from the two families that met. A family whose stack "
         "is empty gives no tile]", _R),
    Rule("SAM-REL-5", "A later relation between the same two families pays nothing and gives no tiles.", _R),
    Rule("SAM-END-1", "After each turn the end is checked: the game ends at once, without finishing the round, "
         "when every family has at least one relation (no dark-green tile is left on the board) ...", _END),
    Rule("SAM-END-2", "... or when one family has 5 relations (its relation stack is empty).", _END),
    Rule("SAM-SCORE-1", "Each goods card in your hand scores for the camels on its goods space: 0 with no camel, "
         "1 for each camel of a family you have not married, 4 for each camel of a family you have married.",
         _SC),
    Rule("SAM-SCORE-2", "Each goods tile scores 1 point.", _SC),
    Rule("SAM-SCORE-3", "Each relation tile scores 1 point.", _SC),
    Rule("SAM-SCORE-4", "Each dirham scores 1 point.", _SC),
    Rule("SAM-SCORE-5", "The most points wins; tied players all win.", _SC),
    Rule("SAM-2P-1", "With 2 players the hand limit is 10.", _2P),
    Rule("SAM-2P-2", "With 2 players only one family tile per family goes to its house at setup; the other 10 go "
         "into the cloth bag.", _2P),
    Rule("SAM-2P-3", "With 2 players you may marry a family you already hold a tile of (handy to refill its "
         "treasury).", _2P),
    Rule("SAM-2P-4", "Holding both tiles of a family earns only the single amount, for goods cards at the end and "
         "for relation premiums.", _2P),
    Rule("SAM-2P-5", "With 2 players, whenever you marry you draw a tile from the bag at the end of your turn: a "
         "tile of a family nobody has married is removed from the game face up; a tile of a family already "
         "married goes to that family's house. [ruling: 'already married' means by either player]", _2P),
]}
"""Every Samarkand clause of ``shared/rules/samarkand.md``, in the project's own words."""
