"""The Jaipur play app: learners play against a bot (or each other) by clicking cards and buttons.

    from caravan_lessons.ui import JaipurApp, guided_first_turn
    app = JaipurApp(seed=7, bot="random")
    app                    # displays itself in a notebook
    guided_first_turn()    # the same app with a short script for the first three moves

Cards of the market, the hand and the herd are buttons that toggle when clicked; the cards
and buttons that take part in some legal move are outlined in green. The action buttons turn
the selection into an action (``jaipur.selection_to_action``) and the engine decides: an
illegal choice is refused with the rule ID and words the engine gives, and nothing changes.
Seats, bots, pauses at the round end, undo, the log and the replay slider come from
:class:`~caravan_lessons.ui.shell.PlayShell`. At the end of a round play stops for everyone, the
score sheet is added up item by item in the score stepper, and a human presses **Next round**.

What the learner acts on (market, hand, herd, action buttons) comes first; the message line (what
the last move did, why an attempt was refused, a guided step) sits right under the buttons, so a
message never moves the cards; the reference information (the rival, the deck, the token stacks,
the bonus stacks) sits beside it, or below it when the notebook is narrow. Every widget a test or a browser needs carries a CSS class
(``jaipur-...``); the look of the cards is a small style sheet, so a redraw sends one message per
card that changed.
"""
from __future__ import annotations

import html
import re
from collections import Counter

import ipywidgets as W
import traitlets

from ..core import RuleViolation, join_and, plural
from ..i18n import N_, tr
from ..jaipur import CARD_TYPES, GOODS, PLAYING, ROUND_OVER, NextRound, new_game, selection_to_action
from ..jaipur.components import (CARD_COLOURS, CARD_COUNTS, HAND_LIMIT, MARKET_SIZE, RULES, TEXT_ON, card_name,
                                 cards)
from ..viz.jaipur import SCORE_COLOURS
from ..agents import AGENTS
from .shell import HUMAN, Guide, PlayShell

JAIPUR_BOTS = tuple(sorted(name for name in AGENTS if not name.startswith("mp-")))
"""The bots a Jaipur seat may take: every bot of ``caravan_lessons.agents.AGENTS`` but Marco Polo's."""

ACTION_KINDS = ("take_one", "exchange", "take_camels", "sell")
LABELS = {"take_one": N_("Take one good"), "exchange": N_("Exchange"), "take_camels": N_("Take all camels"),
          "sell": N_("Sell")}
"""The action buttons' labels (catalogue messages: shown with ``tr``)."""
RULE_OF_KIND = {"take_one": "JAI-TAKE-1", "exchange": "JAI-TAKE-2", "take_camels": "JAI-TAKE-5", "sell": "JAI-SELL-1"}
"""The rule clause of each kind of move: the clause the engine's log names for it (``State.events``)."""

STYLE = "<style>" + "".join(
    f".jaipur-app .jupyter-button.jaipur-card-{card}{{background:{CARD_COLOURS[card]};color:{TEXT_ON[card]}}}"
    for card in CARD_TYPES) + """
.jaipur-app .jupyter-button.jaipur-card{border:3px solid transparent;border-radius:6px;padding:0 4px;
  margin:2px;font-size:13px;overflow:visible}
.jaipur-app .jupyter-button.jaipur-card.jaipur-legal{border-color:#43a047}
.jaipur-app .jupyter-button.jaipur-card.jaipur-selected{border-color:#111;font-weight:bold;
  box-shadow:inset 0 0 0 2px #fff}
.jaipur-app .jupyter-button.jaipur-off{display:none !important}
.jaipur-app .jupyter-button.jaipur-guide-target{outline:4px solid #ff9800;outline-offset:1px}
.jaipur-app .jupyter-button.jaipur-card:disabled{opacity:0.85}
.jaipur-app .jaipur-title{margin:4px 0 0 0}
.jaipur-app .jupyter-button.jaipur-undo{width:auto !important;min-width:170px}
.jaipur-app .widget-html-content{line-height:1.45}
</style>"""
"""The style sheet of the app (card colours by type, the green outline of legal cards, the thick
border of selected ones, the orange outline of a guided step's targets)."""


class CardButton(W.Button):
    """A card the learner selects by clicking: a coloured button whose ``value`` toggles.

    (ipywidgets' ToggleButton cannot be coloured, so the selection is kept here.) The look is set by
    CSS classes: ``jaipur-card-<type>`` (colour), ``jaipur-legal`` (green outline: takes part in a
    legal move), ``jaipur-selected`` (thick border, bold, check mark), ``jaipur-guide-target``
    (orange outline in a guided turn), ``jaipur-off`` (not shown). :meth:`show` sets all of them
    in one message.
    """

    value = traitlets.Bool(False)

    def __init__(self, kind: str, width: str):
        super().__init__(layout=W.Layout(width=width, height="52px"))
        self.kind = kind
        self.card = ""
        self.legal = self.target = False
        self.visible = False
        self._dom_classes = self._classes()
        self.on_click(lambda _b: setattr(self, "value", not self.value))
        self.observe(lambda _c: self._restyle(), names="value")

    def _classes(self) -> tuple:
        classes = ["jaipur-card", f"jaipur-{self.kind}-card"]
        if self.card:
            classes.append(f"jaipur-card-{self.card}")
        if not self.visible:
            classes.append("jaipur-off")
        if self.legal:
            classes.append("jaipur-legal")
        if self.value:
            classes.append("jaipur-selected")
        if self.target:
            classes.append("jaipur-guide-target")
        return tuple(classes)

    def _restyle(self) -> None:
        with self.hold_sync():
            self.icon = "check" if self.value else ""
            self._dom_classes = self._classes()

    def show(self, card: str, legal: bool, enabled: bool, target: bool = False) -> None:
        """Show ``card`` ("" hides the button), unselected; one message to the browser at most."""
        with self.hold_sync():
            self.visible = bool(card)
            card = card or self.card          # a hidden button keeps its card, worded in the current language
            if card and (card != self.card or self.description != card_name(card)):
                self.card = card
                self.description = card_name(card)
                self.tooltip = tr("{card}: click to select").format(card=card_name(card))
            self.legal, self.target = legal and bool(card), target
            self.value = False
            self.disabled = not enabled
            self.icon = ""
            self._dom_classes = self._classes()


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

    Raises:
        ValueError: an unknown bot name or mode (the message lists the choices), seats that are not
            two, a seed or bot_seed that is not a whole number.

    Attributes:
        state: the ``jaipur.State`` being played (read it, do not change it).
        buttons: the action buttons by kind (``"take_one"``, ``"exchange"``, ``"take_camels"``, ``"sell"``).
        market_cards, hand_cards, herd_cards: the card buttons shown now.
        next_button: the **Next round** button (the shell's continue button).
    """

    css_prefix = "jaipur"
    continue_label = N_("Next round")
    players = 2
    game_title = "Jaipur"
    bot_names = JAIPUR_BOTS

    def __init__(self, seed: int = 1, bot: str = "random", seats=None, mode: str = "practice", bot_seed: int = 0):
        seats = ["human", bot] if seats is None else seats
        self.check_arguments(seats, mode, bot_seed)  # before any widget is made
        state = new_game(seed=seed)
        self.style_sheet = W.HTML(STYLE, layout=W.Layout(height="0px", overflow="hidden"))
        self.board = W.HTML(layout=W.Layout(width="390px")).add_class("jaipur-board")
        self.market_box = W.HBox(layout=W.Layout(flex_flow="row wrap")).add_class("jaipur-market")
        self.hand_box = W.HBox(layout=W.Layout(flex_flow="row wrap")).add_class("jaipur-hand")
        self.herd_box = W.HBox(layout=W.Layout(flex_flow="row wrap")).add_class("jaipur-herd")
        self.market_title = W.HTML().add_class("jaipur-title")
        self.hand_title = W.HTML().add_class("jaipur-title")
        self.herd_title = W.HTML().add_class("jaipur-title")
        self.buttons = {}
        for kind in ACTION_KINDS:
            button = W.Button(layout=W.Layout(width="auto", min_width="120px"))
            button.add_class(f"jaipur-{kind.replace('_', '-')}")
            button.on_click(lambda _b, kind=kind: self.act(kind))
            self.buttons[kind] = button
        self.clear_button = W.Button(layout=W.Layout(width="auto")).add_class("jaipur-clear")
        self.clear_button.on_click(lambda _b: self.clear_selection())
        # fixed pools of card buttons, reused on every redraw (no widget is created per move)
        self._pools = {"market": [self._card_button("market", "100px") for _ in range(MARKET_SIZE)],
                       "hand": [self._card_button("hand", "100px") for _ in range(HAND_LIMIT)],
                       "herd": [self._card_button("herd", "72px") for _ in range(CARD_COUNTS[-1])]}
        self.market_box.children = self._pools["market"]
        self.hand_box.children = self._pools["hand"]
        self.herd_box.children = self._pools["herd"]
        self.market_cards: list[CardButton] = []
        self.hand_cards: list[CardButton] = []
        self.herd_cards: list[CardButton] = []
        self._board_cache = None
        super().__init__(state, seats=seats, mode=mode, bot_seed=bot_seed,
                         rules=RULES, score_colours=SCORE_COLOURS)
        self.continue_button.add_class("jaipur-next-round")
        self.next_button = self.continue_button
        self.start()

    def relabel(self) -> None:
        """The words of the buttons and titles made once, in the current language."""
        super().relabel()
        self.market_title.value = tr("<b>Market</b>: click goods to take them")
        for kind, button in self.buttons.items():
            button.description = tr(LABELS[kind])
        self.clear_button.description = tr("Clear selection")
        self._board_cache = None

    def layout_children(self) -> list:
        play_area = W.VBox([
            self.market_title, self.market_box, self.hand_title, self.hand_box, self.herd_title, self.herd_box,
            W.HBox(list(self.buttons.values()), layout=W.Layout(flex_flow="row wrap", margin="6px 0 0 0")),
            W.HBox([self.clear_button, self.undo_button, self.coach.hint_button], layout=W.Layout(flex_flow="row wrap")),
            self.explain, self.coach.hint_view,
        ], layout=W.Layout(flex="1 1 520px", max_width="760px", margin="0 16px 0 0")).add_class("jaipur-play-area")
        reference = W.VBox([self.board], layout=W.Layout(flex="0 1 390px")).add_class("jaipur-reference")
        return [
            self.style_sheet, self.settings, self.status, self.stepper_box,
            W.HBox([play_area, reference], layout=W.Layout(flex_flow="row wrap", align_items="flex-start")),
            self.replay_box, self.log_view,
        ]

    def _card_button(self, kind: str, width: str) -> CardButton:
        button = CardButton(kind, width)
        button.on_click(self._card_clicked)
        return button

    # -- the learner's actions --

    def selection(self) -> tuple[list[str], list[str], int]:
        """The selected (market cards, hand cards, number of herd camels)."""
        market = [b.card for b in self.market_cards if b.value]
        hand = [b.card for b in self.hand_cards if b.value]
        herd = sum(1 for b in self.herd_cards if b.value)
        return market, hand, herd

    def _card_clicked(self, button: CardButton) -> None:
        """After a card toggled: a guided turn refuses cards off its script; any old message goes."""
        if self.guide is not None and button.value and not self.guide.wants(self, button):
            button.value = False
            guide = self.guide
            self.say(lambda: guide.off_script_card(self, button))
            return
        self.clear_message()

    def act(self, kind: str) -> bool:
        """Turn the selection into an action of ``kind`` and play it; True if it was legal.

        A selection that cannot be an action of that kind is refused with the RuleViolation that
        ``jaipur.selection_to_action`` raises; a legal-looking action the engine refuses, with the
        engine's RuleViolation. The app never names a rule of its own.
        """
        if not self.live:
            self.say(self.replaying_words)
            return False
        if self.paused:
            return self.play(NextRound())  # the shell explains the pause and changes nothing
        market, hand, herd = self.selection()
        try:
            action = selection_to_action(kind, market, hand, herd)
        except RuleViolation as error:
            def again():
                try:
                    selection_to_action(kind, market, hand, herd)
                except RuleViolation as refused:
                    return refused
                return None
            self.show_violation(error, again)
            return False
        except ValueError as error:  # a selection that names no card type at all
            self.show_problem("", str(error))
            return False
        return self.play(action)

    def next_round(self) -> bool:
        """Deal the next round once a round is over (the Next round button, JAI-MATCH-1)."""
        return self.continue_play()

    def clear_selection(self) -> None:
        """Unselect every card and clear the message line."""
        for button in self.market_cards + self.hand_cards + self.herd_cards:
            button.value = False
        self.clear_message()

    def select(self, market=(), hand=(), herd: int = 0) -> None:
        """Select cards by name, as clicks would (``market=["cloth"], hand=["spice"]``); clears the message.

        Raises:
            ValueError: a card that is not on display, or more camels than the herd holds.
        """
        for button in self.market_cards + self.hand_cards + self.herd_cards:
            button.value = False
        for names, buttons in ((market, self.market_cards), (hand, self.hand_cards)):
            wanted = list(names)
            for button in buttons:
                if button.card in wanted:
                    button.value = True
                    wanted.remove(button.card)
            if wanted:
                raise ValueError(f"cannot select {wanted}: not on display")
        if herd > len(self.herd_cards):
            raise ValueError(f"cannot select {herd} camels: the herd has {len(self.herd_cards)}")
        for button in self.herd_cards[:herd]:
            button.value = True
        self.clear_message()

    def select_action(self, action) -> str:
        """Select the cards of a take-or-sell ``action`` (as a learner would); return its button's kind."""
        kind = action.kind
        if kind == "take_one":
            self.select(market=[action.good])
        elif kind == "exchange":
            self.select(market=action.take, hand=[c for c in action.give if c != "camel"],
                        herd=action.give.count("camel"))
        elif kind == "sell":
            self.select(hand=[action.good] * action.count)
        else:
            self.select()
        return kind

    def play_first_legal(self) -> bool:
        """Select the cards of the first legal take-or-sell action and click its button (for demos and
        timing); at a round end, press Next round. True if something was played."""
        if not self.live:
            self.say(self.replaying_words)
            return False
        if self.paused:
            self.next_button.click()
            return True
        for action in self.state.legal_actions():
            if action.kind in self.buttons:
                self.buttons[self.select_action(action)].click()
                return True
        return False

    # -- the shell's hooks --

    def reveals_hidden(self, before, after, seat: int) -> bool:
        """A card came off the deck, a round was dealt, or another seat showed cards from its hand."""
        if after.round_index != before.round_index or len(after.deck) != len(before.deck):
            return True
        other = 1 - seat  # cards leaving the other hand (sold or given back) become visible
        return any(a < b for a, b in zip(after.hands[other], before.hands[other]))

    def pause_reason(self, state) -> str | None:
        """At the end of a round (not the match): "Round 1 is over: <why it ended>; <who won and why>"."""
        if state.phase != ROUND_OVER:
            return None
        result = state.round_results[-1]
        player = re.escape(tr("Player {seat}")).replace(re.escape("{seat}"), "([01])")
        reason = re.sub(rf"\b{player}\b", lambda m: self.seat_name(int(m.group(1))), result["reason"])
        return tr("Round {round} is over ({why}; {rule}): {reason}").format(
            round=result["round"] + 1, why=result["end_reason"], rule=result["end_rule"], reason=reason)

    def continue_action(self, state):
        return NextRound()

    def review_start(self) -> int:
        """The coach reviews the round being played or just ended (a Jaipur win chance is a round's)."""
        current = self.state.round_index
        return next(k for k, s in enumerate(self.snapshots) if s.round_index == current)

    def describe_end(self, state) -> str:
        seals = state.seals
        winner = state.winner
        return tr("The match is over: {player} wins with {seals} (JAI-MATCH-2). Seals: {first} to {second}.").format(
            player=self.seat_name(winner), seals=plural(seals[winner], "Seal of Excellence", "Seals of Excellence"),
            first=seals[0], second=seals[1])

    def score_sheet_for(self, state):
        return state.score_sheet() if state.round_results else None

    def describe_turn(self, state, seat: int) -> str:
        hand = sum(state.hands[seat])
        text = (tr("Take cards or sell cards (JAI-TURN-1); {cards} in hand, you may still take cards.")
                if hand < HAND_LIMIT else
                tr("Take cards or sell cards (JAI-TURN-1); {cards} in hand, the hand is full (7): sell, exchange or "
                   "take camels."))
        return text.format(cards=plural(hand, "card"))

    # -- drawing --

    def _show_cards(self, counts: dict, kind: str, legal: set, enabled: bool, targets: Counter) -> list[CardButton]:
        """Show ``counts`` on the buttons of one pool; return the buttons in use."""
        cards = [card for card in CARD_TYPES for _ in range(counts.get(card, 0))]
        pool = self._pools[kind]
        wanted = Counter(targets)
        for i, button in enumerate(pool):
            card = cards[i] if i < len(cards) else ""
            target = bool(card) and wanted[card] > 0
            if target:
                wanted[card] -= 1
            button.show(card, card in legal, enabled, target)
        return pool[:len(cards)]

    def draw(self, state, seat: int, live: bool) -> None:
        obs = state.observation(seat)
        humans_turn = live and state.phase == PLAYING and self.seats[state.current_player] == HUMAN
        legal = state.legal_actions() if humans_turn else []
        kinds = {a.kind for a in legal}
        take = {c for a in legal if a.kind == "exchange" for c in a.take} | {a.good for a in legal if a.kind == "take_one"}
        if "take_camels" in kinds:
            take.add("camel")
        give = {c for a in legal if a.kind == "exchange" for c in a.give} | {a.good for a in legal if a.kind == "sell"}
        # what to outline in orange: the guided step's move, else a highlighted move (the coach's hint)
        plan = None
        if humans_turn:
            plan = self.guide.plan if self.guide is not None else self._highlighted
        aims = _targets(plan)
        self.market_cards = self._show_cards(obs["market"], "market", take, humans_turn, aims["market"])
        self.hand_cards = self._show_cards(obs["hand"], "hand", give, humans_turn, aims["hand"])
        self.herd_cards = self._show_cards({"camel": obs["herds"][seat]}, "herd", give & {"camel"}, humans_turn,
                                           aims["herd"])
        name = self.seat_name(seat)
        hot_seat = self.seats.count(HUMAN) == 2
        held = plural(sum(obs["hand"].values()), "card")
        self.hand_title.value = (tr("<b>Hand of {player}</b>: {cards} of {limit} (pass the screen: it is their turn); "
                                    "click cards to sell them or to give them back") if hot_seat else
                                 tr("<b>Hand of {player}</b>: {cards} of {limit}; click cards to sell them or to give "
                                    "them back")).format(player=html.escape(name), cards=held, limit=HAND_LIMIT)
        self.herd_title.value = tr("<b>Herd of {player}</b>: {camels}; click camels to give them back in an "
                                   "exchange").format(player=html.escape(name), camels=plural(obs["herds"][seat], "camel"))
        key = (repr(obs), seat, tuple(self.seats), tr("Deck"))
        if key != self._board_cache:
            self._board_cache = key
            self.board.value = self._board_html(obs, seat)
        for kind, button in self.buttons.items():
            with button.hold_sync():
                button.disabled = not humans_turn
                button.button_style = "primary" if kind in kinds else ""
                button.tooltip = (tr("legal now ({rule})").format(rule=RULE_OF_KIND[kind]) if kind in kinds
                                  else tr("no legal move of this kind now"))
                target = plan is not None and plan.kind == kind
                classes = tuple(c for c in button._dom_classes if c != "jaipur-guide-target")
                button._dom_classes = classes + (("jaipur-guide-target",) if target else ())
        self.clear_button.disabled = not humans_turn

    def _board_html(self, obs: dict, me: int) -> str:
        other = 1 - me
        backs = "".join(_chip("?", "#555") for _ in range(obs["opponent_hand_size"]))
        bonus_left = ", ".join((tr("{tokens} for 5+ cards") if k == "5" else tr("{tokens} for {size} cards")).format(
            tokens=plural(n, "token"), size=k) for k, n in obs["bonus_tokens_left"].items())
        rows = []
        for good in GOODS:
            left = obs["goods_tokens_left"][good]
            chips = "".join(_chip(str(v), CARD_COLOURS[good], TEXT_ON[good]) for v in left) or "<i>" + tr("empty") + "</i>"
            rows.append(f"<tr><td style='padding-right:8px'>{html.escape(card_name(good))}</td><td>{chips}</td></tr>")
        return "".join([
            f"<div><b>{html.escape(self.seat_name(other))}</b></div>",
            "<div>" + tr("{cards} in hand {backs}").format(cards=plural(obs["opponent_hand_size"], "card"), backs=backs)
            + "</div>",
            "<div>" + tr("herd: {camels}; seals of excellence: {seals}").format(
                camels=plural(obs["herds"][other], "camel"), seals=obs["seals"][other]) + "</div>",
            f"<div>{self._tokens(obs, other)}</div>",
            "<div style='margin-top:6px'>" + tr("<b>Deck</b>: {count} cards").format(
                count=f"<span class='jaipur-deck-count'>{obs['deck_size']}</span>") + "</div>",
            "<div style='margin-top:6px'>" + tr("<b>Goods tokens left</b> (top of each stack first, rupees):") + "</div>",
            "<table class='jaipur-stacks'>" + "".join(rows) + "</table>",
            "<div>" + tr("<b>Bonus tokens left</b> (how many, face down): {left}").format(left=bonus_left) + "</div>",
            f"<div style='margin-top:6px'><b>{html.escape(self.seat_name(me))}</b>: "
            + tr("seals of excellence: {seals}").format(seals=obs["seals"][me])
            + f"</div><div>{self._tokens(obs, me)}</div>",
        ])

    @staticmethod
    def _tokens(obs: dict, seat: int) -> str:
        goods = obs["goods_tokens"][seat]
        bonus = obs["bonus_tokens"][seat]
        shown = ", ".join("?" if v is None else str(v) for _, v in bonus)
        return (f"{plural(len(goods), 'goods token')} ({plural(sum(v for _, v in goods), 'rupee')}); "
                f"{plural(len(bonus), 'bonus token')}" + (f" ({shown})" if bonus else ""))


def _chip(text: str, colour: str, fg: str = "white") -> str:
    return (f'<span style="display:inline-block;min-width:1.4em;padding:1px 4px;margin:1px;border-radius:8px;'
            f'background:{colour};color:{fg};text-align:center;font-size:12px">{html.escape(text)}</span>')


def _targets(action) -> dict:
    """The cards a guided step wants selected: {"market": Counter, "hand": Counter, "herd": Counter}."""
    aims = {"market": Counter(), "hand": Counter(), "herd": Counter()}
    if action is None:
        return aims
    if action.kind == "take_one":
        aims["market"][action.good] = 1
    elif action.kind == "exchange":
        aims["market"].update(action.take)
        aims["hand"].update(c for c in action.give if c != "camel")
        aims["herd"]["camel"] = action.give.count("camel")
    elif action.kind == "sell":
        aims["hand"][action.good] = action.count
    elif action.kind == "take_camels":
        aims["market"]["camel"] = 5  # every camel on display (JAI-TAKE-5)
    return aims


def _cards_in_words(chosen) -> str:
    counts = Counter(chosen)
    return join_and([cards(n, c) if n > 1 else tr("the {card}").format(card=card_name(c)) for c, n in counts.items()])


class JaipurGuide(Guide):
    """The script of :func:`guided_first_turn`: three moves, each planned on the position reached.

    1. the best exchange of two market goods (camels or cheap cards for better goods, JAI-TAKE-2),
       if one is legal, else taking one good;
    2. taking the most valuable good on display (JAI-TAKE-1);
    3. the biggest legal sale (JAI-SELL-1), else taking the camels, else taking one good.

    Each step outlines in orange the cards to select and the button to press; cards off the script
    are unselected with a kind word, and a different (legal) move is refused with the script's move
    in words. Illegal moves are explained by the engine as in normal play.
    """

    steps = 3

    def __init__(self):
        self.step = 0
        self.plan = None
        self.done = False

    def _choose(self, state):
        legal = state.legal_actions()
        by_kind = {}
        for action in legal:
            by_kind.setdefault(action.kind, []).append(action)
        value = {good: i for i, good in enumerate(GOODS)}  # 0 = most valuable
        worth = {**{good: 6 - i for i, good in enumerate(GOODS)}, "camel": 0.5}
        exchanges = [a for a in by_kind.get("exchange", []) if len(a.take) == 2]
        takes = sorted(by_kind.get("take_one", []), key=lambda a: value[a.good])
        sales = sorted(by_kind.get("sell", []), key=lambda a: (-a.count, value[a.good]))
        if self.step == 0 and exchanges:  # the best trade: camels or cheap cards for better goods
            return max(exchanges, key=lambda a: (sum(worth[c] for c in a.take) - sum(worth[c] for c in a.give),
                                                 a.give.count("camel")))
        if self.step == 2 and sales:
            return sales[0]
        if self.step == 2 and "take_camels" in by_kind:
            return by_kind["take_camels"][0]
        return takes[0] if takes else legal[0]

    def instructions(self, app, state) -> str:
        if self.plan is None or state.phase != PLAYING or app.seats[state.current_player] != HUMAN:
            return ""
        action = self.plan
        head = tr("<b>Guided turn, step {step} of {steps}.</b> ").format(step=self.step + 1, steps=self.steps)
        if action.kind == "exchange":
            own = [c for c in action.give if c != "camel"]
            camels = action.give.count("camel")
            given = join_and([part for part in (
                tr("{cards} in your hand").format(cards=_cards_in_words(own)) if own else "",
                tr("{camels} of your herd").format(camels=plural(camels, "camel")) if camels else "") if part])
            text = (tr("Select {take} in the market and {give} (outlined in orange), then press <b>Exchange</b>: you "
                       "swap them, card for card (JAI-TAKE-2). Nothing comes from the deck; camels are good for this: "
                       "they pay for goods without costing a card of your hand.") if camels else
                    tr("Select {take} in the market and {give} (outlined in orange), then press <b>Exchange</b>: you "
                       "swap them, card for card (JAI-TAKE-2). Nothing comes from the deck.")).format(
                take=_cards_in_words(action.take), give=given)
        elif action.kind == "take_one":
            text = tr("Select the {good} in the market (outlined in orange), then press <b>Take one good</b>. It is the "
                      "most valuable good on display; the deck refills the market (JAI-TAKE-1).").format(
                good=card_name(action.good))
        elif action.kind == "sell":
            text = (tr("Select your {cards} (outlined in orange), then press <b>Sell</b>: you take the top {good} tokens "
                       "(JAI-SELL-2) and a bonus token (JAI-SELL-3).") if action.count >= 3 else
                    tr("Select your {cards} (outlined in orange), then press <b>Sell</b>: you take the top {good} tokens "
                       "(JAI-SELL-2).")).format(cards=cards(action.count, action.good), good=card_name(action.good))
        elif action.kind == "take_camels":
            text = tr("Press <b>Take all camels</b>: every camel of the market joins your herd (JAI-TAKE-5).")
        else:
            text = tr("Play: {move}.").format(move=html.escape(str(action)))
        return f"<div style='background:#fff8e1;padding:4px 8px;border-left:4px solid #ff9800'>{head}{text}</div>"

    def wants(self, app, button: CardButton) -> bool:
        """True if selecting ``button`` keeps the selection within the script's cards."""
        aims = _targets(self.plan)[button.kind]
        pool = {"market": app.market_cards, "hand": app.hand_cards, "herd": app.herd_cards}[button.kind]
        chosen = sum(1 for b in pool if b.value and b.card == button.card)
        return chosen <= aims[button.card]

    def off_script_card(self, app, button: CardButton) -> str:
        return ("<div style='background:#fff8e1;padding:4px 8px;border-left:4px solid #ff9800'>"
                + tr("Not that one for now: this guided turn uses the cards outlined in orange. (The {card} stays where "
                     "it is; you will be free to choose after the guided moves.)").format(
                    card=html.escape(card_name(button.card))) + "</div>" + self.instructions(app, app.state))

    def refuse(self, app, state, action) -> str | None:
        if action == self.plan:
            return None
        return ("<div style='background:#fff8e1;padding:4px 8px;border-left:4px solid #ff9800'>"
                + tr("That move is legal ({move}), but this guided turn asks for another one first. Press Clear "
                     "selection and follow the orange outlines.").format(move=html.escape(str(action)))
                + "</div>" + self.instructions(app, state))

    def advance(self, app, state) -> None:
        self.step += 1
        if self.step >= self.steps or state.phase != PLAYING:
            self.done = True
            self.plan = None
            self.farewell_words = lambda: (
                "<div style='background:#e8f5e9;padding:4px 8px;border-left:4px solid #43a047'>"
                + tr("<b>Well done: the guided turn is over.</b> From now on you choose: the green outlines show the "
                     "cards that take part in some legal move.") + "</div>")
        else:
            self.plan = self._choose(state)


def guided_first_turn(seed: int = 11, bot: str = "random", bot_seed: int = 0) -> JaipurApp:
    """A Jaipur app whose first three moves are guided (a short script), then normal play.

    The deal is fixed by ``seed`` (default 11: you start). Each step says what to select (the cards
    are outlined in orange) and which button to press: first an exchange of two goods, then taking
    the best good, then a sale. Cards off the script are unselected with a kind word, other moves
    are refused with the script's move in words (nothing changes), and after the third move the
    app hands over to normal play. Put it last in a cell to display it::

        from caravan_lessons.ui import guided_first_turn
        guided_first_turn()

    Raises:
        ValueError: an unknown bot name.
    """
    app = JaipurApp(seed=seed, bot=bot, mode="practice", bot_seed=bot_seed)
    guide = JaipurGuide()
    if app.state.phase == PLAYING and app.seats[app.state.current_player] == HUMAN:
        guide.plan = guide._choose(app.state)
        app.guide = guide
        app._message = lambda: ("<div>" + tr("Welcome! This guided turn shows the three kinds of move. Follow the "
                                             "orange outlines.") + "</div>" + guide.instructions(app, app.state))
        app.refresh()
    return app


__all__ = ["CardButton", "JaipurApp", "JaipurGuide", "guided_first_turn"]
