"""The Jaipur play app: a learner plays against a bot by clicking cards and buttons.

    from caravan_lessons.ui import JaipurApp
    app = JaipurApp(seed=7, bot="random")
    app            # displays itself in a notebook

The learner is player 0. Cards of the market, the hand and the herd are toggle buttons;
the action buttons turn the selection into an action (``jaipur.selection_to_action``) and
the engine decides. An illegal choice is refused with its rule ID and plain words, and
nothing changes. The bot answers at once. Undo goes back to before the learner's last move.
At the end of a round the score sheet is listed item by item.

Every widget a test or a browser needs carries a CSS class (``jaipur-...``).
"""
from __future__ import annotations

import html

import ipywidgets as W
import traitlets

from ..agents import View, make_agent
from ..core import RuleViolation
from ..jaipur import CARD_TYPES, GOODS, NextRound, new_game, selection_to_action
from ..jaipur.components import CARD_COLOURS, CARD_COUNTS, HAND_LIMIT, MARKET_SIZE, RULES, TEXT_ON

HUMAN, BOT = 0, 1
ACTION_KINDS = ("take_one", "exchange", "take_camels", "sell")
LABELS = {"take_one": "Take one good", "exchange": "Exchange", "take_camels": "Take all camels", "sell": "Sell"}


class CardButton(W.Button):
    """A card the learner selects by clicking: a coloured button whose ``value`` toggles.

    (ipywidgets' ToggleButton cannot be coloured, so the selection is kept here.) A selected card
    shows a check mark and a thick border.
    """

    value = traitlets.Bool(False)

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.on_click(lambda _b: setattr(self, "value", not self.value))
        self.observe(self._restyle, names="value")

    def _restyle(self, change=None) -> None:
        self.icon = "check" if self.value else ""
        self.layout.border = "3px solid #111" if self.value else ""
        self.style.font_weight = "bold" if self.value else ""


def _chip(text: str, colour: str, fg: str = "white") -> str:
    return (f'<span style="display:inline-block;min-width:1.4em;padding:1px 4px;margin:1px;border-radius:8px;'
            f'background:{colour};color:{fg};text-align:center;font-size:12px">{html.escape(text)}</span>')


class JaipurApp(W.VBox):
    """A playable Jaipur round (and match) against a bot, as one ipywidgets box.

    Args:
        seed: the match seed (the same seed deals the same cards).
        bot: a bot name from ``caravan_lessons.agents.AGENTS`` (``"random"``).
        bot_seed: the bot's own seed.

    Attributes:
        state: the ``jaipur.State`` being played (read it, do not change it).
        history: snapshots taken before each of the learner's moves (for undo).
    """

    def __init__(self, seed: int = 1, bot: str = "random", bot_seed: int = 0):
        self.state = new_game(seed=seed)
        self.bot = make_agent(bot, bot_seed)
        self.history = []
        self.status = W.HTML().add_class("jaipur-status")
        self.explain = W.HTML().add_class("jaipur-explain")
        self.board = W.HTML().add_class("jaipur-board")
        self.market_box = W.HBox().add_class("jaipur-market")
        self.hand_box = W.HBox().add_class("jaipur-hand")
        self.herd_box = W.HBox().add_class("jaipur-herd")
        self.buttons = {}
        for kind in ACTION_KINDS:
            button = W.Button(description=LABELS[kind], button_style="primary").add_class(f"jaipur-{kind.replace('_', '-')}")
            button.on_click(lambda _b, kind=kind: self.act(kind))
            self.buttons[kind] = button
        self.undo_button = W.Button(description="Undo my last move", icon="undo", layout=W.Layout(width="180px")).add_class("jaipur-undo")
        self.undo_button.on_click(lambda _b: self.undo())
        self.clear_button = W.Button(description="Clear selection").add_class("jaipur-clear")
        self.clear_button.on_click(lambda _b: self.clear_selection())
        self.next_button = W.Button(description="Next round", button_style="success").add_class("jaipur-next-round")
        self.next_button.on_click(lambda _b: self.next_round())
        self.log_view = W.HTML().add_class("jaipur-log")
        self.score = W.HTML().add_class("jaipur-score")
        # fixed pools of card buttons, reused on every redraw (widgets are never created per move)
        self._pools = {"market": self._pool(MARKET_SIZE, "market"), "hand": self._pool(HAND_LIMIT, "hand"),
                       "herd": self._pool(CARD_COUNTS[-1], "herd")}
        self.market_box.children = self._pools["market"]
        self.hand_box.children = self._pools["hand"]
        self.herd_box.children = self._pools["herd"]
        self.market_cards: list[CardButton] = []
        self.hand_cards: list[CardButton] = []
        self.herd_cards: list[CardButton] = []
        super().__init__([
            self.status, self.board,
            W.HTML("<b>Market</b> (click goods to take them, or use Take all camels)"), self.market_box,
            W.HTML("<b>Your hand</b> (click cards to sell or to give back)"), self.hand_box,
            W.HTML("<b>Your herd</b> (click camels to give them back in an exchange)"), self.herd_box,
            W.HBox(list(self.buttons.values())), W.HBox([self.clear_button, self.undo_button, self.next_button]),
            self.explain, self.score, W.HTML("<b>What happened</b> (newest first)"), self.log_view,
        ])
        self.add_class("jaipur-app")
        self._bot_turns()
        self.redraw()

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
        if state.round_over or state.current_player != HUMAN:
            self.explain.value = self._problem_html("JAI-TURN-1", "it is not your turn to take or sell now.")
            return False
        market, hand, herd = self.selection()
        try:
            action = selection_to_action(kind, market, hand, herd)
            problem = state.why_illegal(action)
        except RuleViolation as error:
            problem = error
        except ValueError as error:  # a selection that names no card type at all
            self.explain.value = self._problem_html("", str(error))
            return False
        if problem is not None:
            self.explain.value = self._problem_html(problem.rule, problem.message)
            return False
        self.history.append(state.clone())
        state.apply(action)
        self.explain.value = f'<span style="color:#2e7d32">You {html.escape(str(action))}.</span>'
        self._bot_turns()
        self.redraw()
        return True

    def undo(self) -> bool:
        """Go back to just before the learner's last move (the bot's answer is undone too)."""
        if not self.history:
            self.explain.value = "<i>Nothing to undo yet.</i>"
            return False
        self.state = self.history.pop()
        self.explain.value = "<i>Your last move was undone.</i>"
        self.redraw()
        return True

    def next_round(self) -> None:
        """Deal the next round once a round is over (JAI-MATCH-1)."""
        if self.state.phase != "round over":
            self.explain.value = self._problem_html("JAI-MATCH-1", "a new round starts only when this one is over.")
            return
        self.history.clear()
        self.state.apply(NextRound())
        self.explain.value = ""
        self._bot_turns()
        self.redraw()

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
        for button in self.herd_cards[:herd]:
            button.value = True

    def play_first_legal(self) -> bool:
        """Select the cards of the first legal take-or-sell action and click its button (for demos and timing)."""
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

    # -- the bot --

    def _bot_turns(self) -> None:
        state = self.state
        while state.phase == "playing" and state.current_player == BOT:
            legal = state.legal_actions()
            state.apply(self.bot.choose(View(state, BOT, legal)))

    # -- drawing --

    def _problem_html(self, rule: str, message: str) -> str:
        head = f"<b>Not allowed ({html.escape(rule)})</b>: " if rule else "<b>Not allowed</b>: "
        text = f'<div style="color:#b71c1c">{head}{html.escape(message)}</div>'
        if rule in RULES:
            text += f'<div style="color:#555;font-size:90%">The rule, {html.escape(str(RULES[rule]))}</div>'
        return text

    @staticmethod
    def _pool(size: int, kind: str) -> list[CardButton]:
        pool = []
        for _ in range(size):
            button = CardButton(layout=W.Layout(width="78px", height="56px", display="none"))
            button.add_class(f"jaipur-{kind}-card")
            pool.append(button)
        return pool

    def _show_cards(self, counts: dict, kind: str) -> list[CardButton]:
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
                button.layout.display = None
            else:
                button.value = False
                button.layout.display = "none"
        return pool[:len(cards)]

    def redraw(self) -> None:
        """Rebuild the cards, the board, the status, the log and (after a round) the score sheet."""
        state = self.state
        obs = state.observation(HUMAN)
        self.market_cards = self._show_cards(obs["market"], "market")
        self.hand_cards = self._show_cards(obs["hand"], "hand")
        self.herd_cards = self._show_cards({"camel": obs["herds"][HUMAN]}, "herd")
        self.board.value = self._board_html(obs)
        playing = state.phase == "playing"
        for button in self.buttons.values():
            button.disabled = not playing
        self.next_button.disabled = state.phase != "round over"
        self.next_button.layout.display = None if state.phase == "round over" else "none"
        self.undo_button.disabled = not self.history
        if playing:
            hand = sum(obs["hand"].values())
            room = "you may still take cards" if hand < HAND_LIMIT else "your hand is full (7): sell, exchange or take camels"
            self.status.value = (f"<b>Round {state.round_index + 1}: your turn.</b> Take cards or sell cards "
                                 f"(JAI-TURN-1); {hand} cards in hand, {room}.")
            self.score.value = ""
        else:
            self.status.value = f"<b>Round {len(state.round_results)} is over.</b> " + (
                "The match is over." if state.is_terminal() else "Read the score sheet, then deal the next round.")
            self.score.value = self._score_html()
        events = state.events[::-1][:60]
        self.log_view.value = "<ol reversed style='max-height:220px;overflow:auto;font-size:90%'>" + "".join(
            f"<li>{html.escape(str(e))}</li>" for e in events) + "</ol>"

    def _board_html(self, obs: dict) -> str:
        me, other = HUMAN, BOT
        backs = "".join(_chip("?", "#555") for _ in range(obs["opponent_hand_size"]))
        lines = [
            f"<div><b>Opponent</b>: {obs['opponent_hand_size']} cards in hand {backs} &nbsp; herd: "
            f"{obs['herds'][other]} camels &nbsp; seals: {obs['seals'][other]} &nbsp; "
            f"{self._tokens(obs, other)}</div>",
            f"<div><b>Deck</b>: <span class='jaipur-deck-count'>{obs['deck_size']}</span> cards &nbsp; "
            "<b>Bonus stacks</b>: "
            + ", ".join(f"{'5+' if k == '5' else k}-card {n} left" for k, n in obs["bonus_tokens_left"].items())
            + "</div>",
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

    def _score_html(self) -> str:
        sheet = self.state.score_sheet()
        rows = "".join(
            f"<tr><td>{i}</td><td>{'you' if r.player == HUMAN else 'bot'}</td><td>{html.escape(r.item)}</td>"
            f"<td style='text-align:right'>{r.points}</td><td>{r.rule}</td></tr>"
            for i, r in enumerate(sheet.rows, 1))
        totals = sheet.totals()
        return ("<div class='jaipur-score-sheet'><b>Score sheet, item by item</b> (rupees)"
                "<table><tr><th>#</th><th>who</th><th>item</th><th>rupees</th><th>rule</th></tr>" + rows +
                f"<tr><td></td><td colspan=2><b>totals</b></td><td colspan=2><b>you {totals[HUMAN]}, "
                f"bot {totals[BOT]}</b></td></tr></table><p>{html.escape(sheet.verdict)}</p></div>")
