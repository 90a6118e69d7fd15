"""The Jaipur play app: learners play against a bot (or each other) by clicking cards and buttons.

    from caravan_lessons.ui import JaipurApp
    app = JaipurApp(seed=7, bot="random")
    app            # displays itself in a notebook

Cards of the market, the hand and the herd are buttons that toggle when clicked; the cards
and buttons that take part in some legal move are outlined in green. The action buttons turn
the selection into an action (``jaipur.selection_to_action``) and the engine decides: an
illegal choice is refused with its rule ID and plain words, and nothing changes. Seats, bots,
undo, the log and the replay slider come from :class:`~caravan_lessons.ui.shell.PlayShell`.
At the end of a round the score sheet is listed item by item and can be stepped through.

Every widget a test or a browser needs carries a CSS class (``jaipur-...``).
"""
from __future__ import annotations

import html

import ipywidgets as W
import traitlets

from ..core import RuleViolation
from ..jaipur import CARD_TYPES, GOODS, NextRound, new_game, selection_to_action
from ..jaipur.components import CARD_COLOURS, CARD_COUNTS, HAND_LIMIT, MARKET_SIZE, RULES, TEXT_ON
from .common import ScoreStepper
from .shell import HUMAN, PlayShell

ACTION_KINDS = ("take_one", "exchange", "take_camels", "sell")
LABELS = {"take_one": "Take one good", "exchange": "Exchange", "take_camels": "Take all camels", "sell": "Sell"}


class CardButton(W.Button):
    """A card the learner selects by clicking: a coloured button whose ``value`` toggles.

    (ipywidgets' ToggleButton cannot be coloured, so the selection is kept here.) A selected card
    shows a check mark and a thick border.
    """

    value = traitlets.Bool(False)
    legal = traitlets.Bool(False)  # takes part in at least one legal move: outlined in green

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.on_click(lambda _b: setattr(self, "value", not self.value))
        self.observe(self._restyle, names=["value", "legal"])

    def _restyle(self, change=None) -> None:
        self.icon = "check" if self.value else ""
        self.layout.border = ("3px solid #111" if self.value else "3px solid #43a047" if self.legal
                              else "3px solid transparent")
        self.style.font_weight = "bold" if self.value else ""


def _chip(text: str, colour: str, fg: str = "white") -> str:
    return (f'<span style="display:inline-block;min-width:1.4em;padding:1px 4px;margin:1px;border-radius:8px;'
            f'background:{colour};color:{fg};text-align:center;font-size:12px">{html.escape(text)}</span>')


class JaipurApp(PlayShell):
    """A playable Jaipur match, as one ipywidgets box.

    Args:
        seed: the match seed (the same seed deals the same cards).
        bot: the opponent of player 0, a bot name from ``caravan_lessons.agents.AGENTS``; ``"human"``
            for two learners at one screen (hot-seat).
        seats: instead of ``bot``, who plays each seat, e.g. ``["heuristic", "human"]``.
        mode: ``"practice"`` (free undo, the default for lessons) or ``"match"`` (undo only while no hidden
            card was revealed since the move).
        bot_seed: the bots' seed.

    Attributes:
        state: the ``jaipur.State`` being played (read it, do not change it).
        buttons: the action buttons by kind (``"take_one"``, ``"exchange"``, ``"take_camels"``, ``"sell"``).
    """

    css_prefix = "jaipur"

    def __init__(self, seed: int = 1, bot: str = "random", seats=None, mode: str = "practice", bot_seed: int = 0):
        self.board = W.HTML().add_class("jaipur-board")
        self.market_box = W.HBox().add_class("jaipur-market")
        self.hand_box = W.HBox().add_class("jaipur-hand")
        self.herd_box = W.HBox().add_class("jaipur-herd")
        self.hand_title = W.HTML("<b>Your hand</b>")
        self.buttons = {}
        for kind in ACTION_KINDS:
            button = W.Button(description=LABELS[kind]).add_class(f"jaipur-{kind.replace('_', '-')}")
            button.on_click(lambda _b, kind=kind: self.act(kind))
            self.buttons[kind] = button
        self.clear_button = W.Button(description="Clear selection").add_class("jaipur-clear")
        self.clear_button.on_click(lambda _b: self.clear_selection())
        self.next_button = W.Button(description="Next round", button_style="success").add_class("jaipur-next-round")
        self.next_button.on_click(lambda _b: self.next_round())
        self.score = W.HTML().add_class("jaipur-score")
        self.stepper_box = W.VBox().add_class("jaipur-stepper")
        self.stepper = None
        # fixed pools of card buttons, reused on every redraw (widgets are never created per move)
        self._pools = {"market": self._pool(MARKET_SIZE, "market"), "hand": self._pool(HAND_LIMIT, "hand"),
                       "herd": self._pool(CARD_COUNTS[-1], "herd")}
        self.market_box.children = self._pools["market"]
        self.hand_box.children = self._pools["hand"]
        self.herd_box.children = self._pools["herd"]
        self.market_cards: list[CardButton] = []
        self.hand_cards: list[CardButton] = []
        self.herd_cards: list[CardButton] = []
        self._sheet_round = None
        super().__init__(new_game(seed=seed), seats=seats or ("human", bot), mode=mode, bot_seed=bot_seed,
                         rules=RULES)
        self.play_bots()
        self.refresh()

    def layout_children(self) -> list:
        return [
            W.HBox(self.seat_pickers + [self.mode_picker]), self.status, self.board,
            W.HTML("<b>Market</b> (click goods to take them, or use Take all camels)"), self.market_box,
            self.hand_title, self.hand_box,
            W.HTML("<b>Herd</b> (click camels to give them back in an exchange)"), self.herd_box,
            W.HBox(list(self.buttons.values())), W.HBox([self.clear_button, self.undo_button, self.next_button]),
            self.explain, self.score, self.stepper_box, self.replay,
            W.HTML("<b>What happened</b> (newest first)"), self.log_view,
        ]

    # -- the learner's actions --

    def selection(self) -> tuple[list[str], list[str], int]:
        """The selected (market cards, hand cards, herd camels)."""
        market = [b.description for b in self.market_cards if b.value]
        hand = [b.description for b in self.hand_cards if b.value]
        herd = sum(1 for b in self.herd_cards if b.value)
        return market, hand, herd

    def act(self, kind: str) -> bool:
        """Turn the selection into an action of ``kind`` and play it; True if it was legal."""
        state = self.state
        if state.round_over:
            self.show_problem("JAI-MATCH-1", "the round is over: read the score sheet, then deal the next round.")
            return False
        market, hand, herd = self.selection()
        try:
            action = selection_to_action(kind, market, hand, herd)
        except RuleViolation as error:
            self.explain_violation(error)
            return False
        except ValueError as error:  # a selection that names no card type at all
            self.show_problem("", str(error))
            return False
        return self.play(action)

    def next_round(self) -> bool:
        """Deal the next round once a round is over (JAI-MATCH-1)."""
        if self.state.phase != "round over":
            self.show_problem("JAI-MATCH-1", "a new round starts only when this one is over.")
            return False
        if self.seats[self.state.current_player] != HUMAN:
            self.play_bots()
            self.refresh()
            return True
        return self.play(NextRound())

    def clear_selection(self) -> None:
        """Unselect every card."""
        for button in self.market_cards + self.hand_cards + self.herd_cards:
            button.value = False

    def select(self, market=(), hand=(), herd: int = 0) -> None:
        """Select cards by name, as clicks would (``market=["cloth"], hand=["spice"]``)."""
        self.clear_selection()
        for names, buttons in ((market, self.market_cards), (hand, self.hand_cards)):
            wanted = list(names)
            for button in buttons:
                if button.description in wanted:
                    button.value = True
                    wanted.remove(button.description)
            if wanted:
                raise ValueError(f"cannot select {wanted}: not on display")
        if herd > len(self.herd_cards):
            raise ValueError(f"cannot select {herd} camels: the herd has {len(self.herd_cards)}")
        for button in self.herd_cards[:herd]:
            button.value = True

    def play_first_legal(self) -> bool:
        """Select the cards of the first legal take-or-sell action and click its button (for demos and timing)."""
        if not self.live:
            self.explain.value = "<i>You are replaying: move the slider to the end to play on.</i>"
            return False
        for action in self.state.legal_actions():
            kind = action.kind
            if kind == "take_one":
                self.select(market=[action.good])
            elif kind == "exchange":
                self.select(market=action.take, hand=[c for c in action.give if c != "camel"],
                            herd=action.give.count("camel"))
            elif kind == "sell":
                self.select(hand=[action.good] * action.count)
            elif kind == "take_camels":
                self.clear_selection()
            else:
                continue
            self.buttons[kind].click()
            return True
        return False

    # -- the shell's hooks --

    def reveals_hidden(self, before, after, seat: int) -> bool:
        """A card came off the deck, a round was dealt, or another seat showed cards from its hand."""
        if after.round_index != before.round_index or len(after.deck) != len(before.deck):
            return True
        other = 1 - seat  # cards leaving the other hand (sold or given back) become visible
        return any(a < b for a, b in zip(after.hands[other], before.hands[other]))

    def describe_turn(self, state, seat: int) -> str:
        if state.phase != "playing":
            return "The round is over: read the score sheet, then press Next round."
        hand = sum(state.hands[seat])
        room = "you may still take cards" if hand < HAND_LIMIT else "the hand is full (7): sell, exchange or take camels"
        return f"Take cards or sell cards (JAI-TURN-1); {hand} cards in hand, {room}."

    @staticmethod
    def _pool(size: int, kind: str) -> list[CardButton]:
        pool = []
        for _ in range(size):
            button = CardButton(layout=W.Layout(width="78px", height="56px", display="none"))
            button.add_class(f"jaipur-{kind}-card")
            pool.append(button)
        return pool

    def _show_cards(self, counts: dict, kind: str, legal: set, enabled: bool) -> list[CardButton]:
        """Show ``counts`` on the buttons of one pool; return the buttons in use."""
        cards = [card for card in CARD_TYPES for _ in range(counts.get(card, 0))]
        pool = self._pools[kind]
        for i, button in enumerate(pool):
            if i < len(cards):
                card = cards[i]
                if button.description != card:
                    if button.description:
                        button.remove_class(f"jaipur-card-{button.description}")
                    button.add_class(f"jaipur-card-{card}")
                    button.description = card
                    button.tooltip = f"{card}: click to select"
                    button.style.button_color = CARD_COLOURS[card]
                    button.style.text_color = TEXT_ON[card]
                button.value = False
                button.legal = card in legal
                button.disabled = not enabled
                button.layout.display = None
            else:
                button.value = False
                button.layout.display = "none"
        return pool[:len(cards)]

    def draw(self, state, seat: int, live: bool) -> None:
        obs = state.observation(seat)
        humans_turn = live and state.phase == "playing" and self.seats[state.current_player] == HUMAN
        legal = state.legal_actions() if humans_turn else []
        kinds = {a.kind for a in legal}
        take = {c for a in legal if a.kind == "exchange" for c in a.take} | {a.good for a in legal if a.kind == "take_one"}
        if "take_camels" in kinds:
            take.add("camel")
        give = {c for a in legal if a.kind == "exchange" for c in a.give} | {a.good for a in legal if a.kind == "sell"}
        self.market_cards = self._show_cards(obs["market"], "market", take, humans_turn)
        self.hand_cards = self._show_cards(obs["hand"], "hand", give, humans_turn)
        self.herd_cards = self._show_cards({"camel": obs["herds"][seat]}, "herd", give & {"camel"}, humans_turn)
        self.hand_title.value = (f"<b>Hand of player {seat}</b>" + (" (yours: pass the screen to them)"
                                 if self.seats.count(HUMAN) == 2 else "") + " (click cards to sell or to give back)")
        self.board.value = self._board_html(obs, seat)
        for kind, button in self.buttons.items():
            button.disabled = not humans_turn
            button.button_style = "primary" if kind in kinds else ""
            button.tooltip = "legal now" if kind in kinds else "no legal move of this kind now"
        self.clear_button.disabled = not humans_turn
        between = live and state.phase == "round over"
        self.next_button.disabled = not between
        self.next_button.layout.display = None if between else "none"
        if state.phase != "playing" and state.round_results:
            self.score.value = self._score_html(state, seat)
            if self._sheet_round != len(state.round_results):
                self._sheet_round = len(state.round_results)
                self.stepper = ScoreStepper(state.score_sheet(), names=["player 0", "player 1"], rules=RULES)
                self.stepper_box.children = [W.HTML("<b>Add it up step by step</b>"), self.stepper]
        else:
            self.score.value = ""
            self.stepper_box.children = []
            self._sheet_round = None

    def _board_html(self, obs: dict, me: int) -> str:
        other = 1 - me
        backs = "".join(_chip("?", "#555") for _ in range(obs["opponent_hand_size"]))
        bonus_left = ", ".join(f"{'5+' if k == '5' else k}-card {n} left" for k, n in obs["bonus_tokens_left"].items())
        lines = [
            (f"<div><b>Opponent (player {other})</b>: {obs['opponent_hand_size']} cards in hand {backs} &nbsp; "
             f"herd: {obs['herds'][other]} camels &nbsp; seals: {obs['seals'][other]} &nbsp; "
             f"{self._tokens(obs, other)}</div>"),
            (f"<div><b>Deck</b>: <span class='jaipur-deck-count'>{obs['deck_size']}</span> cards &nbsp; "
             f"<b>Bonus stacks</b>: {bonus_left}</div>"),
            "<div><b>Goods tokens left</b> (top of each stack first):</div>",
        ]
        rows = []
        for good in GOODS:
            left = obs["goods_tokens_left"][good]
            chips = "".join(_chip(str(v), CARD_COLOURS[good], TEXT_ON[good]) for v in left) or "<i>empty</i>"
            rows.append(f"<tr><td style='padding-right:8px'>{good}</td><td>{chips}</td></tr>")
        lines.append("<table class='jaipur-stacks'>" + "".join(rows) + "</table>")
        lines.append(f"<div><b>You</b>: seals: {obs['seals'][me]} &nbsp; {self._tokens(obs, me)}</div>")
        return "".join(lines)

    @staticmethod
    def _tokens(obs: dict, seat: int) -> str:
        goods = obs["goods_tokens"][seat]
        bonus = obs["bonus_tokens"][seat]
        shown = ", ".join("?" if v is None else str(v) for _, v in bonus)
        return (f"goods tokens: {len(goods)} ({sum(v for _, v in goods)} rupees); "
                f"bonus tokens: {len(bonus)}" + (f" ({shown})" if bonus else ""))


    @staticmethod
    def _score_html(state, seat: int) -> str:
        sheet = state.score_sheet()
        rows = "".join(
            f"<tr><td>{i}</td><td>player {r.player}</td><td>{html.escape(r.item)}</td>"
            f"<td style='text-align:right'>{r.points}</td><td>{r.rule}</td></tr>"
            for i, r in enumerate(sheet.rows, 1))
        totals = sheet.totals()
        return ("<div class='jaipur-score-sheet'><b>Score sheet, item by item</b> (rupees)"
                "<table><tr><th>#</th><th>who</th><th>item</th><th>rupees</th><th>rule</th></tr>" + rows +
                f"<tr><td></td><td colspan=2><b>totals</b></td><td colspan=2><b>player 0: {totals[0]}, "
                f"player 1: {totals[1]}</b></td></tr></table><p>{html.escape(sheet.verdict)}</p></div>")
