"""The Samarkand play app: 2 to 5 seats (humans or bots) marry, extend routes and sell goods cards.

    from caravan_lessons.ui.samarkand_app import SamarkandApp
    app = SamarkandApp(players=4, seats=["human", "heuristic", "heuristic", "heuristic"])
    app            # displays itself in a notebook

A camel goes on a space chosen from the list of legal spaces (``app.space_list`` + "Place camel")
or by clicking the map: with the ipympl backend (``%matplotlib widget``) the map is a live canvas
and a click picks the nearest space (``boards.BoardPicker``); otherwise the map is a picture and
``app.pick_space(space_id)`` does what a click does. A sale decision is prompted to whoever holds
the card, on turn or not. Seats, bots, undo, the log and the replay slider come from
:class:`~caravan_lessons.ui.shell.PlayShell`; the engine explains every refusal with its rule ID.
"""
from __future__ import annotations

import html

import ipywidgets as W

from ..agents import make_agent
from ..samarkand.agents import AGENTS as SAMARKAND_BOTS
from ..core import _short, join_and, plural
from ..i18n import N_, Translated, get_language, ngettext, tr
from ..samarkand import (RULES, Discard, EndTurn, Keep, Marry, Pass, Place, Sell, new_game)
from ..samarkand.rules import END_REASONS
from ..samarkand.scoring import card_value
from ..moves import samarkand_card, samarkand_space
from .shell import HUMAN, Highlight, PlayShell, ScriptedGuide


def canvas_kind(canvas: str) -> str:
    """``"png"`` or ``"ipympl"``; ``"auto"``: ipympl (a clickable map) when the notebook runs
    ``%matplotlib widget``, else a picture.

    Raises:
        ValueError: another value.
    """
    if canvas == "auto":
        import matplotlib

        backend = str(matplotlib.rcParams._get_backend_or_none() or "").lower()
        return "ipympl" if backend in ("widget", "ipympl") or "ipympl" in backend else "png"
    if canvas not in ("png", "ipympl"):
        raise ValueError(f"canvas must be 'png', 'ipympl' or 'auto', not {_short(canvas)}")
    return canvas

PHASE_WORDS = Translated({
    "act": N_("marry into a family (SAM-MARRY-1) or place a camel of a family you married (SAM-EXT-1); "
              "the spaces ringed in black on the map are open to your families' camels"),
    "second": N_("place a second camel of the same family (ringed in black) for 1 dirham from its treasury, or end "
                 "the turn (SAM-EXT-4)"),
    "discard": N_("discard 0, 1 or 2 cards so that you keep within the hand limit (SAM-MARRY-4, SAM-HAND-1)"),
    "sale": N_("sell this goods card for 3 dirhams now, or keep it (SAM-GOODS-2, SAM-GOODS-4)"),
})
BUTTONS = {"marry": N_("Marry"), "place": N_("Place camel"), "end_turn": N_("End turn"), "discard": N_("Discard"),
           "sell": N_("Sell for 3 dirhams"), "keep": N_("Keep the card"), "pass": N_("Pass")}
"""The buttons' labels (catalogue messages)."""


class SamarkandApp(PlayShell):
    """A playable Samarkand game, as one ipywidgets box.

    Args:
        players: 2 to 5 seats.
        seed: the game seed.
        seats: per seat ``"human"`` or a bot name (default: a human in seat 0, heuristic bots elsewhere).
        mode: ``"practice"`` (free undo) or ``"match"``.
        bot_seed: the bots' seed.
        board: a ``samarkand.Board`` (default: the teaching board).
        state: a ``samarkand.State`` to play on from (e.g. ``samarkand.scenario.near_end()``); then
            ``players``, ``seed`` and ``board`` come from it.

    Raises:
        ValueError: a number of players other than 2 to 5, seats that do not match it, an unknown
            seat name or mode, a bot_seed that is not a whole number, a ``state`` that is not a
            Samarkand State (all before any widget is made).

    Attributes:
        state, map_figure (the matplotlib Figure of the map), picker (the BoardPicker on it),
        space_list (legal spaces for the chosen family), family_picker, marry_picker, discard_picker,
        buttons (by name: marry, place, end_turn, discard, sell, keep, pass).
    """

    css_prefix = "samarkand"
    compact_messages = True
    game_title = "Samarkand"
    bot_names = tuple(sorted(SAMARKAND_BOTS))

    def __init__(self, players: int = 4, seed: int = 1, seats=None, mode: str = "practice", bot_seed: int = 0,
                 board=None, state=None, canvas: str = "auto"):
        from ..boards import BoardPicker

        from ..samarkand import State

        if state is not None:
            if not isinstance(state, State):
                raise ValueError(f"state must be a samarkand.State, not {type(state).__name__}")
            players = state.players
        if isinstance(players, bool) or not isinstance(players, int) or not 2 <= players <= 5:
            raise ValueError(f"Samarkand is played by 2 to 5 players, not {_short(players)}")
        seats = self.seat_list(seats, players, "heuristic")
        self.check_arguments(seats, mode, bot_seed)  # before any widget is made
        canvas = canvas_kind(canvas)
        state = state.clone() if state is not None else new_game(players, seed=seed, board=board)
        from matplotlib.figure import Figure

        from ..viz.samarkand import MapView
        from .board import LiveBoard

        # 816 x 496 pixels: whole (the legend under the map) in JupyterLab's default output width of about 850 px
        self.map_figure = Figure(figsize=(10.2, 6.2), dpi=80, layout="constrained")
        self.map_axes = self.map_figure.add_subplot()
        self.map_view = MapView(state, self.map_axes)
        self._map_language = get_language()
        self.board = LiveBoard(self.map_figure, self.map_axes, canvas=canvas, css_class="samarkand-map", num=id(self),
                               mark_size=1100)
        self.map_widget = self.board.widget
        self.picker = BoardPicker(self.map_figure, state.board.graph, self.pick_space)
        self.hand_view = W.HTML().add_class("samarkand-hand")
        self.houses_view = W.HTML().add_class("samarkand-houses")
        self.prompt = W.HTML().add_class("samarkand-prompt")
        self.marry_picker = W.Dropdown(layout=W.Layout(width="300px")).add_class("samarkand-marry-picker")
        self.family_picker = W.Dropdown(layout=W.Layout(width="300px")).add_class("samarkand-family-picker")
        self.family_picker.observe(lambda _c: self._fill_spaces(), names="value")
        self.space_list = W.Select(rows=6, layout=W.Layout(width="300px"))
        self.space_list.add_class("samarkand-spaces")
        self.discard_picker = W.SelectMultiple(rows=6, layout=W.Layout(width="300px"))
        self.discard_picker.add_class("samarkand-discard-picker")
        self.buttons = {name: W.Button(layout=W.Layout(width="auto", min_width="170px", flex="0 0 auto")).add_class(f"samarkand-{name}")
                        for name in BUTTONS}
        self.buttons["marry"].on_click(lambda _b: self.play(Marry(self.marry_picker.value or "")))
        self.buttons["place"].on_click(lambda _b: self._place_selected())
        self.buttons["end_turn"].on_click(lambda _b: self.play(EndTurn()))
        self.buttons["discard"].on_click(lambda _b: self.play(Discard(tuple(sorted(self.discard_picker.value)))))
        self.buttons["sell"].on_click(lambda _b: self._sale(True))
        self.buttons["keep"].on_click(lambda _b: self._sale(False))
        self.buttons["pass"].on_click(lambda _b: self.play(Pass()))
        from ..viz.samarkand import SCORE_COLOURS

        super().__init__(state, seats=seats, mode=mode, bot_seed=bot_seed, rules=RULES, score_colours=SCORE_COLOURS)
        self.start()

    # -- the shell's hooks --

    def relabel(self) -> None:
        """The words of the pickers and buttons made once, in the current language."""
        super().relabel()
        self.marry_picker.description = tr("Marry into")
        self.family_picker.description = tr("Route of")
        self.space_list.description = tr("Spaces")
        self.discard_picker.description = tr("Discard")
        for name, button in self.buttons.items():
            button.description = tr(BUTTONS[name])
        self._drawn = None
        if getattr(self, "_map_language", get_language()) != get_language():   # the map's legend and houses anew
            from ..viz.samarkand import MapView

            self._map_language = get_language()
            self.map_figure.clear()
            self.map_axes = self.map_figure.add_subplot()
            self.map_view = MapView(self.state, self.map_axes)
            self.board.rebind(self.map_axes)
            self.board.invalidate()

    def _make_bots(self) -> None:
        self.bots = {seat: make_agent(who, self.bot_seed + seat, game="samarkand")
                     for seat, who in enumerate(self.seats) if who != HUMAN}

    def layout_children(self) -> list:
        controls = W.VBox([self.prompt,
                           W.HBox([self.marry_picker, self.buttons["marry"]]),
                           W.HBox([W.VBox([self.family_picker, self.space_list]),
                                   W.VBox([self.buttons["place"], self.buttons["end_turn"], self.buttons["pass"]])]),
                           W.HBox([self.discard_picker, self.buttons["discard"]]),
                           W.HBox([self.buttons["sell"], self.buttons["keep"]])],
                          # at least 300 + 170 px and their margins; wider if a translated button label needs it
                          layout=W.Layout(flex="0 0 auto", width="auto", min_width="480px"))
        reference = W.VBox([self.hand_view], layout=W.Layout(flex="1 1 320px", min_width="0"))
        # what the learner acts on first (status, map, controls), the reference (hand, houses) beside them
        # the board never moves under the pointer: the status line above it keeps its height, and the message
        # line (which grows with the bots' moves and refusals) sits below it in a box of fixed height
        self.status.layout.min_height = "3.4em"
        self.explain.layout.height = "8em"
        self.explain.layout.overflow = "auto"
        # the coach's hint (the reason and the moves compared) goes below the controls, so nothing moves under them
        return [self.settings, self.status, self.stepper_box, self.map_widget, self.explain,
                W.HBox([controls, reference], layout=W.Layout(flex_flow="row wrap")),
                self.houses_view,           # the whole width: the table's header words fit on one line
                W.HBox([self.undo_button, self.coach.hint_button]), self.coach.hint_view,
                self.replay_box, self.log_view]

    def describe_end(self, state) -> str:
        """Why the game ended (SAM-END-1/2, or every player passing: SAM-TURN-1), who won, with the totals
        (SAM-SCORE-5)."""
        totals = state.score_sheet().totals()
        winners = state.winners
        names = join_and([self.seat_name(p) for p in winners])
        scores = ", ".join(f"{self.seat_name(p)} {t}" for p, t in enumerate(totals))
        text = (tr("The game is over ({rule}: {why}): {names} wins (SAM-SCORE-5). Points: {scores}.")
                if len(winners) == 1 else
                tr("The game is over ({rule}: {why}): {names} share the win (SAM-SCORE-5). Points: {scores}."))
        rule = state.end_reason or "SAM-END-1"
        return text.format(rule=rule, why=tr(END_REASONS.get(rule, END_REASONS["SAM-END-1"])), names=names,
                           scores=scores)

    def describe_turn(self, state, seat: int) -> str:
        return html.escape(PHASE_WORDS.get(state.phase, ""))

    def reveals_hidden(self, before, after, seat: int) -> bool:
        """Cards drawn, a bag tile drawn, or someone's sale (showing they held the card)."""
        return (len(after.deck) != len(before.deck) or after.reshuffles != before.reshuffles
                or after.bag != before.bag or any(after.sold[q] != before.sold[q] for q in range(after.players)))

    def draw(self, state, seat: int, live: bool) -> None:
        marks = tuple(self.highlighted.points)
        key = (id(state), len(state._log), state.phase, live, marks)
        if key != getattr(self, "_drawn", None):  # the shell may refresh twice after one move: draw the map once
            self._drawn = key
            self.map_view.update(state, title="")
            self.board.mark(marks)
            self.board.show([self.map_view.camels, self.map_view.rings])
        self._draw_hand(state, seat)
        self._draw_houses(state)
        self._fill_controls(state if live else None)

    # -- controls --

    def _draw_hand(self, state, seat: int) -> None:
        board = state.board
        rows = []
        for g in sorted(state.hands[seat]):
            value, _ = card_value(state, seat, g)
            rows.append("<li>" + tr("{name} ({goods}): worth {value} now").format(
                name=html.escape(board.goods_names[g]), goods=g, value=value) + "</li>")
        married = [board.families[f].name for f in range(len(board.families)) if state.held[seat][f]]
        sold = ", ".join(str(g) for g in state.sold[seat]) or tr("none")
        self.hand_view.value = tr("<b>{player}</b>: {money}; married: {married}<br>goods cards ({hand} in hand + "
                                  "{sold} sold, limit {limit}):<ul>{rows}</ul>sold: {sold_cards}").format(
            player=html.escape(self.seat_name(seat)), money=plural(state.money[seat], "dirham"),
            married=html.escape(", ".join(married) or tr("nobody yet")), hand=len(state.hands[seat]),
            sold=len(state.sold[seat]), limit=state.limit, rows="".join(rows), sold_cards=sold)

    def _draw_houses(self, state) -> None:
        board = state.board
        head = "".join(f"<th style='padding:0 6px'>{html.escape(tr(h))}</th>" for h in
                       (N_("family"), N_("price"), N_("treasury"), N_("camels in reserve"), N_("tiles in house"),
                        N_("relation tiles left")))
        rows = "".join(
            f"<tr><td><span style='color:{f.colour}'>&#9632;</span> {html.escape(f.name)}</td><td>{f.price}</td>"
            f"<td>{state.treasury[i]}</td><td>{state.reserve[i]}</td><td>{state.house_tiles[i]}</td>"
            f"<td>{state.relation_stack[i]}</td></tr>" for i, f in enumerate(board.families))
        money = ", ".join(f"{html.escape(self.seat_name(p))} {m}" for p, m in enumerate(state.money))
        self.houses_view.value = (f"<table style='font-size:90%;text-align:center'><tr>{head}</tr>{rows}</table>"
                                  "<div>" + tr("Players' dirhams: {money}; deck {cards}").format(
                                      money=money, cards=plural(len(state.deck), "card")) + "</div>")

    def _fill_controls(self, state) -> None:
        legal = state.legal_actions() if state is not None and self.seats[state.current_player] == HUMAN else []
        board = self.state.board
        self.marry_picker.options = [(tr("{family} ({price})").format(
            family=board.families[board.family_index[a.family]].name,
            price=plural(board.families[board.family_index[a.family]].price, "dirham")), a.family)
            for a in legal if isinstance(a, Marry)]
        families = sorted({a.family for a in legal if isinstance(a, Place)}, key=board.family_index.get)
        planned = self._highlighted if legal else None     # a guided step or a hint: chosen in the pickers
        keep = planned.family if isinstance(planned, Place) else self.family_picker.value
        self.family_picker.options = [(board.families[board.family_index[f]].name, f) for f in families]
        self.family_picker.value = keep if keep in families else (families[0] if families else None)
        marriable = [a.family for a in legal if isinstance(a, Marry)]
        if isinstance(planned, Marry) and planned.family in marriable:
            self.marry_picker.value = planned.family
        elif marriable and self.marry_picker.value is None:
            self.marry_picker.value = marriable[0]
        self._fill_spaces()
        if isinstance(planned, Place) and planned.space in [v for _label, v in self.space_list.options]:
            self.space_list.value = planned.space
        self.discard_picker.options = ([(samarkand_card(board, g), g) for g in sorted(state.hands[state.active])]
                                       if state is not None and state.phase == "discard" else [])
        if isinstance(planned, Discard) and planned.cards:
            self.discard_picker.value = tuple(planned.cards)
        kinds = {type(a) for a in legal}
        self.buttons["marry"].disabled = Marry not in kinds
        self.buttons["place"].disabled = Place not in kinds
        self.buttons["end_turn"].disabled = EndTurn not in kinds
        self.buttons["discard"].disabled = Discard not in kinds
        self.buttons["sell"].disabled = self.buttons["keep"].disabled = Sell not in kinds
        self.buttons["pass"].disabled = Pass not in kinds
        if state is not None and state.phase == "sale":
            g, holder = state.pending
            self.prompt.value = tr("<b>{player}</b>: goods space {name} ({goods}) was just reached. You hold its card: "
                                   "sell it for 3 dirhams now or keep it (worth {value} now). [SAM-GOODS-2]").format(
                player=html.escape(self.seat_name(holder)), name=html.escape(board.goods_names[g]), goods=g,
                value=card_value(state, holder, g)[0])
        else:
            self.prompt.value = ""

    def _fill_spaces(self) -> None:
        state, family = self.state, self.family_picker.value
        if not self.live or family is None or self.state.current_player < 0:
            self.space_list.options = []
            return
        board = state.board
        spaces = [a.space for a in state.legal_actions() if isinstance(a, Place) and a.family == family]
        self.space_list.options = [(samarkand_space(board, s), s) for s in spaces]
        self.space_list.value = spaces[0] if spaces else None

    def _place_selected(self) -> bool:
        family, space = self.family_picker.value, self.space_list.value
        if family is None or space is None:
            self.explain.value = "<i>" + tr("Choose a family's route and one of its legal spaces first (SAM-EXT-2).") + "</i>"
            return False
        return self.play(Place(family, space))

    def _sale(self, sell: bool) -> bool:
        if self.state.pending is None:
            return self.play(Sell(0) if sell else Keep(0))
        g = self.state.pending[0]
        return self.play(Sell(g) if sell else Keep(g))

    def pick_space(self, space: str) -> bool:
        """What a click on ``space`` does: place a camel of the chosen family there (the engine explains a
        refusal with its rule ID). True if a camel was placed."""
        state = self.state
        planned = self._highlighted          # a guided step or a hint: a click on its space plays it
        if isinstance(planned, Place) and planned.space == space:
            return self.play(planned)
        family = self.family_picker.value
        if family is None:
            family = state.board.families[state.extending].id if state.extending >= 0 else ""
        if not family:
            held = [f.id for i, f in enumerate(state.board.families)
                    if state.current_player >= 0 and state.held[state.current_player][i]]
            family = held[0] if held else (state.board.families[0].id)
        return self.play(Place(family, space))

    def highlight_parts(self, state, action) -> Highlight:
        """Where a move is: a camel's space on the map (and, on a picture map, the list and Place camel); the
        Marry, Discard, End turn, Sell/Keep or Pass buttons (with their pickers)."""
        b = self.buttons
        if isinstance(action, Place):
            xy = state.board.graph.nodes[action.space]["pos"]
            widgets = () if self.board.live else (self.space_list, b["place"])
            if len({a.family for a in state.legal_actions() if isinstance(a, Place)}) > 1:
                widgets = (self.family_picker, *widgets)      # the route to extend must be chosen too
            return Highlight(points=(xy,), widgets=widgets)
        if isinstance(action, Marry):
            return Highlight(widgets=(self.marry_picker, b["marry"]))
        if isinstance(action, Discard):
            return Highlight(widgets=((self.discard_picker,) if action.cards else ()) + (b["discard"],))
        for kind, name in ((EndTurn, "end_turn"), (Sell, "sell"), (Keep, "keep"), (Pass, "pass")):
            if isinstance(action, kind):
                return Highlight(widgets=(b[name],))
        return Highlight()

    def close(self) -> None:
        """Release the click handler, the board and every widget the app made."""
        if getattr(self, "_closed", False):
            return
        if getattr(self, "picker", None) is not None:  # None if __init__ refused its arguments
            self.picker.disconnect()
            self.board.close()
        super().close()  # the shell walks every widget the app holds (boxes' children, layouts, styles)


# -- a guided first turn --

class SamarkandGuide(ScriptedGuide):
    """The guided first turns of Samarkand: marry into the cheapest family, discard (or keep every card), and on
    your next turn extend its route: a camel on a ringed space (the one whose goods card you hold, if any), a
    second camel for 1 dirham of the family's treasury. Each step rings the space or outlines the button in
    orange, and the rule is explained after the click."""

    steps = 4
    welcome = N_("Welcome! This guided turn walks you through your first two turns: follow the orange rings and "
               "outlines.")

    def __init__(self):
        super().__init__()
        self.family = None

    def plan(self, app, state, step: int):
        board = state.board
        legal = state.legal_actions()
        me = state.current_player
        if step == 0:
            marry = [a for a in legal if isinstance(a, Marry)]
            if not marry:
                return None
            action = min(marry, key=lambda a: (board.families[board.family_index[a.family]].price,
                                               board.family_index[a.family]))
            fam = board.families[board.family_index[action.family]]
            self.family = action.family
            return (action, tr("Choose <b>{family} ({price})</b> in <b>Marry into</b> and press <b>Marry</b> (outlined in "
                               "orange). You pay the price into the family's treasury and take one of its tiles; its "
                               "camels are now yours to place (SAM-MARRY-1).").format(
                family=html.escape(fam.name), price=plural(fam.price, "dirham")), "SAM-MARRY-1")
        if step == 1:
            discards = [a for a in legal if isinstance(a, Discard)]
            if not discards:
                return None
            action = discards[0]       # the fewest cards the hand limit allows (none if it allows none)
            words = (tr("You drew 3 goods cards. Press <b>Discard</b> with nothing selected: you keep them all; your "
                        "hand is within the limit (SAM-MARRY-4, SAM-HAND-1).") if not action.cards else
                     ngettext("You drew 3 goods cards and are over the hand limit: select card {cards} in <b>Discard</b> "
                              "and press <b>Discard</b> (SAM-MARRY-4, SAM-HAND-1).",
                              "You drew 3 goods cards and are over the hand limit: select cards {cards} in <b>Discard</b> "
                              "and press <b>Discard</b> (SAM-MARRY-4, SAM-HAND-1).", len(action.cards)).format(
                         cards=", ".join(str(c) for c in action.cards)))
            return action, words, "SAM-MARRY-4"
        places = [a for a in legal if isinstance(a, Place) and a.family == self.family]
        if step == 2:
            if not places:
                return None
            held = set(state.hands[me])
            number = {board.spaces[s]: board.number[s] for s in range(len(board.spaces))}
            action = max(places, key=lambda a: (number.get(a.space) in held, -places.index(a)))
            name = board.labels[board.index[action.space]]
            why = (" " + tr("Its goods card is in your hand: each camel of a family you married on its route makes the "
                            "card worth 4 points (SAM-SCORE-1).") if number.get(action.space) in held else "")
            return (action, tr("Click <b>{space}</b>, ringed in orange on the map (or choose it in <b>Spaces</b> and "
                               "press <b>Place camel</b>): a camel goes next to a space that already holds a camel of "
                               "its family (SAM-EXT-2).").format(space=html.escape(name)) + why, "SAM-EXT-2")
        if step == 3:
            if places:
                action = places[0]
                name = board.labels[board.index[action.space]]
                return (action, tr("A second camel of the same family costs its treasury 1 dirham: click <b>{space}</b> "
                                   "(ringed). It goes next to any camel of the family, on the board as it is now "
                                   "(SAM-EXT-4, SAM-EXT-5); then your turn ends.").format(space=html.escape(name)),
                        "SAM-EXT-4")
            if EndTurn() in legal:
                return (EndTurn(), tr("Press <b>End turn</b> (outlined): the treasury pays for a second camel, and this "
                                      "one is empty (SAM-EXT-6)."), "SAM-EXT-6")
        return None


def guided_first_turn(players: int = 2, seed: int = 3, bot: str = "heuristic", bot_seed: int = 0,
                      canvas: str = "ipympl") -> SamarkandApp:
    """A Samarkand app (you against ``players - 1`` ``bot`` bots) whose first two turns are guided
    (:class:`SamarkandGuide`): marry, discard, then a camel and a second one on the new route. Each step rings
    the space or outlines the button in orange and explains its rule after the click; other moves are refused
    kindly (nothing changes); then normal play. Put it last in a cell::

        from caravan_lessons.ui.samarkand_app import guided_first_turn
        guided_first_turn()

    Raises:
        ValueError: a bad number of players, bot name or canvas.
    """
    app = SamarkandApp(players=players, seed=seed, seats=["human"] + [bot] * (players - 1), bot_seed=bot_seed,
                       canvas=canvas)
    SamarkandGuide().start(app)
    return app
