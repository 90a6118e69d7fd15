"""A Caravan play app for 2-4 seats on the shared shell: click the grid or choose from the list.

    from caravan_lessons.ui.caravan_app import CaravanApp
    app = CaravanApp(players=3, seats=["human", "heuristic", "greedy"])
    app   # in Jupyter

A turn is a sequence of actions (1, 2, 3, then 4 a turn, CAR-TURN-1): the status line shows the
actions left; **End turn** is explicit (CAR-TURN-2). Two ways to act, both through the engine:

* the **list** of every legal action (tests drive it: ``app.choose(action)`` or select + Play);
* **clicking the board** (an ipympl canvas when ``canvas="ipympl"``; :class:`boards.BoardPicker`):
  the first click on a space keeps the actions that start there (playing it at once if there is
  only one), a second click on another space the actions from the first to the second (moving a
  camel or a good there). A space with your loaded camel selected shows where its good can be
  delivered this action and the chain path.

Refusals name the rule and show our wording of it; the state is unchanged. Widgets a test or a
browser needs carry a CSS class ``caravan-...``.
"""
from __future__ import annotations

import html

import ipywidgets as W

from .. import boards
from ..caravan import RULES, EndTurn, MoveCamel, MoveGood, PickUp, PlaceCamel, make_bot, new_game
from ..caravan.agents import BOTS as CARAVAN_BOTS
from ..caravan.agents import RANDOM_NEVER_ENDS
from ..core import _short, join_and, plural
from ..i18n import N_, get_language, ngettext, tr
from ..caravan.components import GOODS, PLAYER_COLOURS, good_name
from ..moves import move_words
from .board import LiveBoard
from .shell import HUMAN, Highlight, PlayShell, ScriptedGuide, set_enabled

__all__ = ["CaravanApp", "CaravanGuide", "delivery_plan", "guided_first_turn"]


class CaravanApp(PlayShell):
    """A playable game of Caravan, as one ipywidgets box.

    Args:
        players: 2, 3 or 4.
        seed: the game seed (the bag's draw order).
        seats: who plays each seat: ``"human"`` or a bot name (random, greedy, heuristic, mcts);
            default: a human in seat 0 and heuristic bots.
        mode: ``"practice"`` (free undo, the default) or ``"match"`` (undo only while no cube was drawn
            from the bag since your move).
        canvas: ``"png"`` (an Image, works everywhere) or ``"ipympl"`` (a clickable live canvas).
        learning: the 6-camel variant (CAR-SETUP-1).
        bot_seed: the bots' seed.

    Attributes:
        state: the ``caravan.State`` being played (read it, do not change it).
        selected: the space clicked first, or None.
        picker: the :class:`boards.BoardPicker` listening to clicks on the board.
    """

    css_prefix = "caravan"
    compact_messages = True
    game_title = "Caravan"
    bot_names = tuple(sorted(CARAVAN_BOTS))

    def __init__(self, players: int = 3, seed: int = 1, seats=None, mode: str = "practice", canvas: str = "png",
                 learning: bool = False, bot_seed: int = 0, state=None):
        from matplotlib.figure import Figure

        from ..caravan import State
        from ..viz import caravan as viz
        from ..viz.caravan import SCORE_COLOURS

        self.picker = None
        if canvas not in ("png", "ipympl"):
            raise ValueError(f"canvas must be 'png' or 'ipympl', not {_short(canvas)}")
        if state is None:
            if isinstance(players, bool) or not isinstance(players, int) or not 2 <= players <= 4:
                raise ValueError(f"Caravan is played by 2, 3 or 4 players, not {_short(players)}")
            state = new_game(players, seed=seed, learning=learning)   # refuses a bad seed
            self.deal = lambda: new_game(players, seed=seed, learning=learning)   # the log's move 0, reworded
        elif not isinstance(state, State):
            raise ValueError(f"state must be a caravan.State (e.g. from caravan.scenario), not {type(state).__name__}")
        else:
            state = state.clone()
        players = state.players
        seats = self.seat_list(seats, players, "heuristic")
        self.check_arguments(seats, mode, bot_seed)   # before any widget is made
        if HUMAN not in seats and "random" in seats:  # the bots would play on for ever in the constructor
            raise ValueError(RANDOM_NEVER_ENDS)
        self._viz = viz
        self.selected = None
        self._pieces: list = []
        # 464 x 520 pixels: the grid with its row and column names, and the legend of the goods below it (no
        # title: the status line and the actions left beside the board say whose turn it is)
        self.figure = Figure(figsize=(5.8, 6.5), dpi=80)
        self.board_ax = self.figure.add_axes((0.0, 0.2, 1.0, 0.8))
        viz.draw_grid(state.board, self.board_ax)
        self.legend_ax = self.figure.add_axes((0.0, 0.0, 1.0, 0.19))
        viz.draw_legend(state, self.legend_ax, fontsize=8.5)
        self._legend_language = get_language()
        self.canvas_kind = canvas
        self.board = LiveBoard(self.figure, self.board_ax, canvas=canvas, css_class="caravan-board", num=id(self),
                               width="464px", mark_marker="s", mark_size=58.0 ** 2)
        self.board_view = self.board.widget
        self.picker = boards.BoardPicker(self.figure, state.board.graph, self.pick)
        self.actions_list = W.Select(options=[], rows=12, layout=W.Layout(width="355px"))
        self.actions_list.add_class("caravan-actions")
        self.play_button = W.Button(button_style="primary", layout=W.Layout(width="auto", min_width="210px")).add_class("caravan-play")
        self.play_button.on_click(lambda _b: self.play_selected())
        self.end_button = W.Button(button_style="warning", layout=W.Layout(width="auto", min_width="140px")).add_class("caravan-end-turn")
        self.end_button.on_click(lambda _b: self.choose(EndTurn()))
        self.clear_button = W.Button(layout=W.Layout(width="auto", min_width="150px")).add_class("caravan-clear")
        self.clear_button.on_click(lambda _b: self.clear_selection())
        if canvas != "ipympl":                  # a picture cannot be clicked: nothing to clear there
            self.clear_button.layout.display = "none"
        self.groups_box = W.Checkbox(value=True, indent=False, layout=W.Layout(width="auto"))   # its label whole
        self.legal_title = W.HTML()
        self.groups_box.add_class("caravan-groups")
        self.groups_box.observe(lambda _c: self.refresh(), names="value")
        self.left = W.HTML().add_class("caravan-actions-left")
        self.players_view = W.HTML().add_class("caravan-players")
        super().__init__(state, seats=seats, mode=mode, bot_seed=bot_seed, rules=RULES, score_colours=SCORE_COLOURS)
        self.start()

    def relabel(self) -> None:
        """The words of the buttons and titles made once, in the current language."""
        super().relabel()
        self.play_button.description = tr("Play selected action")
        self.end_button.description = tr("End turn")
        self.clear_button.description = tr("Clear selection")
        self.groups_box.description = tr("Shade my camel groups")
        self.legal_title.value = (tr("<b>Legal actions</b> (or click the board)") if self.canvas_kind == "ipympl"
                                  else tr("<b>Legal actions</b>"))
        if getattr(self, "_legend_language", get_language()) != get_language():   # the legend under the board anew
            self._legend_language = get_language()
            self.legend_ax.clear()
            self._viz.draw_legend(self.state, self.legend_ax, fontsize=8.5)
            self.board.invalidate()

    def layout_children(self) -> list:
        # the buttons size to their labels (Portuguese and Finnish ones are longer) and their rows wrap; undo and
        # hint share a row, which "Undo my move and the result" (230 px) and the hint still fit
        def wrap():
            return W.Layout(flex_flow="row wrap", align_items="center")
        controls = W.VBox([self.left, self.legal_title, self.actions_list,
                           W.HBox([self.play_button, self.end_button], layout=wrap()),
                           W.HBox([self.undo_button, self.coach.hint_button], layout=wrap()),
                           W.HBox([self.clear_button, self.groups_box], layout=wrap())],
                          layout=W.Layout(width="365px", flex="0 0 auto"))
        # the board never moves under the pointer: a status line of fixed height above it, and the message
        # line (the bots' moves, a refusal) below it, in a box of fixed height
        self.status.layout.min_height = "3.4em"
        self.explain.layout.height = "8em"
        self.explain.layout.overflow = "auto"
        return [self.settings, self.status, self.stepper_box,
                W.HBox([self.board_view, controls], layout=W.Layout(flex_flow="row wrap", align_items="flex-start")),
                self.explain, self.coach.hint_view, self.players_view, self.replay_box, self.log_view]

    # -- seats --

    def _make_bots(self) -> None:
        """Caravan's own bots for the shared names (greedy, heuristic, random, mcts)."""
        self.bots = {seat: make_bot(who, self.bot_seed + seat) for seat, who in enumerate(self.seats) if who != HUMAN}

    def describe_end(self, state) -> str:
        """Who won, with the seats' names (CAR-SCORE-3); the score sheet is shown below."""
        sheet = state.score_sheet()
        totals = sheet.totals()
        names = join_and([self.seat_name(p) for p in sheet.winners])
        if len(sheet.winners) > 1:
            return tr("The game is over (CAR-END-1): {names} share the win with {points} (CAR-SCORE-3).").format(
                names=names, points=plural(totals[sheet.winners[0]], "point"))
        w = sheet.winners[0]
        return tr("The game is over (CAR-END-1): {names} wins with {points} (CAR-SCORE-3).").format(
            names=names, points=plural(totals[w], "point"))

    def reveals_hidden(self, before, after, seat: int) -> bool:
        """Only the bag's order is hidden: a refill since the move revealed cubes (CAR-REFILL-3)."""
        return len(after.draws) > len(before.draws)

    # -- acting --

    def choose(self, action) -> bool:
        """Play ``action`` (from the list, a click or a test); True if it was legal and played. The board
        selection goes with the move (it is cleared before the redraw); a refused move keeps it."""
        selected, self.selected = self.selected, None
        played = self.play(action)
        if not played:
            self.selected = selected
        return played

    def play_selected(self) -> bool:
        """Play the action selected in the list."""
        index = self.actions_list.value
        if index is None:
            self.say(lambda: "<i>" + tr("Select an action in the list first (or click the board).") + "</i>")
            return False
        return self.choose(self._listed[index])

    def clear_selection(self) -> None:
        """Forget the space clicked first (and its message); the list shows every legal action again."""
        self.selected = None
        self.clear_message()
        self.refresh()

    def _touching(self, node) -> list:
        return [a for a in self.state.legal_actions()
                if getattr(a, "space", None) == node or getattr(a, "source", None) == node]

    def _attempt(self, source, target):
        """The action a click means when no legal action matches it, for the engine to explain (rule ID):
        from ``source`` (the space clicked first, or None) to ``target``."""
        state = self.state
        me = state.current
        if source is None:
            mine = state.camels_at(me, target)
            if mine and target in state.goods:
                return PickUp(target)
            return PlaceCamel(target)
        mine = state.camels_at(me, source)
        goods = [state.load[me][i] for i in mine if state.load[me][i]]
        if goods:
            return MoveGood(source, target, goods[0])
        return MoveCamel(source, target)

    def pick(self, node) -> None:
        """A click on space ``node`` (see the module notes). Every click says something on the message line:
        what was selected, what was played, or why nothing can be done there (the engine's rule)."""
        state = self.state
        if not self.live:
            self.say(self.replaying_words)
            return
        if state.is_terminal():
            self.say(lambda: self.game_over_words(state))
            return
        if self.seats[state.current_player] != HUMAN:
            return
        label = state.board.label(node)
        touching = self._touching(node)
        starting = [a for a in touching if getattr(a, "source", None) == node]
        if self.selected is not None and node != self.selected:
            between = [a for a in state.legal_actions()
                       if getattr(a, "source", None) == self.selected and getattr(a, "target", None) == node]
            if len(between) == 1:
                self.choose(between[0])
                return
            if between:
                self.say(lambda: "<i>" + tr("{actions} go to {space}: choose one in the list.").format(
                    actions=plural(len(between), "action"), space=html.escape(label)) + "</i>")
                self._filter = between
                self.refresh()
                return
            if not starting:      # nothing goes there from the selection: the engine says why
                self._refuse(self._attempt(self.selected, node))
                return
        here = [a for a in touching if getattr(a, "space", None) == node]
        planned = self._highlighted           # a guided step or a hint: a click on its space plays it
        if planned is not None and planned in here:
            self.choose(planned)
            return
        if len(here) == 1 and not starting:
            self.choose(here[0])
            return
        if not touching:
            self.selected = None
            self._refuse(self._attempt(None, node))
            self.refresh()
            return
        self.selected = node
        self.say(lambda: "<i>" + ngettext("{space} selected: {actions} starts here; click where to go, or pick one in the list.",
                                  "{space} selected: {actions} start here; click where to go, or pick one in the list.",
                                  len(touching)).format(space=html.escape(label),
                                                        actions=plural(len(touching), "action")) + "</i>")
        self._filter = touching
        self.refresh()

    def _refuse(self, attempt) -> None:
        problem = self.state.why_illegal(attempt)
        if problem is not None:
            self.show_violation(problem, lambda: self.snapshots[-1].why_illegal(attempt))
        else:      # cannot happen (the attempt would have been listed), but never stay silent
            self.say(lambda: "<i>" + tr("Nothing of yours can be done there now ({move}).").format(
                move=html.escape(str(attempt))) + "</i>")

    def highlight_parts(self, state, action) -> Highlight:
        """Where a move is: its spaces framed on the board (the one to click first while nothing is selected,
        then where to go); with a picture board, the list and the Play button; End turn for the end."""
        if isinstance(action, EndTurn):
            return Highlight(widgets=(self.end_button,))
        spaces = [getattr(action, name) for name in ("source", "space", "target") if hasattr(action, name)]
        if self.selected is not None and getattr(action, "source", None) == self.selected:
            spaces = [action.target]
        widgets = () if self.board.live else (self.actions_list, self.play_button)
        return Highlight(points=tuple((c, -r) for r, c in spaces), widgets=widgets)

    # -- drawing --

    def describe_turn(self, state, seat: int) -> str:
        n = state.actions_left
        text = (tr("{actions} left this turn (of {allowed}). Choose from the list or click the board; <b>End turn</b> "
                   "when you are done.") if self.canvas_kind == "ipympl" else
                tr("{actions} left this turn (of {allowed}). Choose from the list and press <b>Play selected "
                   "action</b>; <b>End turn</b> when you are done."))
        return text.format(actions=plural(n, "action"), allowed=state.allowance(state.turn))

    def draw(self, state, seat: int, live: bool) -> None:
        viz = self._viz
        for artist in self._pieces:
            artist.remove()
        if not live:
            self.selected = None
        own_loaded = self.selected is not None and any(
            state.load[state.current][i] for i in state.camels_at(state.current, self.selected))
        groups_of = state.current if self.groups_box.value and not state.over else None
        self._pieces = viz.draw_pieces(state, self.board_ax, groups_of=groups_of,
                                       good_from=self.selected if own_loaded else None)
        if self.selected is not None:
            x, y = self.selected[1], -self.selected[0]
            from matplotlib.patches import Rectangle

            self._pieces.append(self.board_ax.add_artist(Rectangle((x - 0.47, y - 0.47), 0.94, 0.94, fill=False,
                                                                  edgecolor="#111", lw=2.5, ls=":", zorder=8)))
        self.board.mark(self.highlighted.points)
        self.board.show(self._pieces)
        human_turn = live and not state.is_terminal() and self.seats[state.current_player] == HUMAN
        actions = state.legal_actions() if human_turn else []
        shown = getattr(self, "_filter", None) if human_turn else None
        self._listed = [a for a in actions if shown is None or a in shown]
        self._filter = None
        self.actions_list.options = [(self._words(state, a), i) for i, a in enumerate(self._listed)]
        planned = self._highlighted if human_turn else None   # a guided step or hint: selected in the list
        self.actions_list.value = (self._listed.index(planned) if planned in self._listed
                                   else 0 if self._listed else None)
        self.actions_list.disabled = not human_turn
        self.clear_button.disabled = not human_turn           # nothing to select once the game is over
        set_enabled(self.play_button, human_turn and bool(self._listed), "primary")
        set_enabled(self.end_button, human_turn and any(isinstance(a, EndTurn) for a in actions), "warning")
        self.left.value = (tr("<b>{actions} left</b> for {player}; {cubes} in the bag").format(
            actions=plural(state.actions_left, "action"), player=html.escape(self.seat_name(state.current)),
            cubes=plural(len(state.bag), "cube")) if not state.over else "<b>" + tr("Game over") + "</b>")
        self.players_view.value = self._players_html(state, [self.seat_name(p) for p in range(state.players)])

    @staticmethod
    def _words(state, action) -> str:
        """An action in the list, short enough to be whole in it: "move a camel space 1 → Marrakesh (1 action)"
        (:func:`caravan_lessons.moves.move_words`, the coach's words too)."""
        return move_words("caravan", state, action)

    @staticmethod
    def _players_html(state, names) -> str:
        sheet = state.score_sheet()
        totals = sheet.totals()
        rows = []
        for p in range(state.players):
            delivered = ", ".join(f"{state.delivered[p].count(g)} {good_name(g)}" for g in GOODS if g in state.delivered[p])
            rows.append(f"<tr><td style='white-space:nowrap'><span style='color:{PLAYER_COLOURS[p]}'>&#9679;</span> "
                        f"{html.escape(names[p])}</td>"
                        f"<td style='white-space:normal;min-width:120px'>{html.escape(delivered) or '-'}</td><td>{state.markers[p]}</td><td>{state.tokens[p]}</td>"
                        f"<td>{len(state.loaded_goods(p))}</td><td><b>{totals[p]}</b></td></tr>")
        words = {"seat": tr("seat"), "delivered": tr("delivered"), "markers": tr("demand markers"),
                 "demand": tr("demand"), "theft": tr("theft tokens"), "tokens": tr("tokens"), "loaded": tr("loaded"),
                 "points": tr("points")}
        head = ("<tr><th>{seat}</th><th>{delivered}</th><th title='{markers}'>{demand}</th><th title='{theft}'>{tokens}"
                "</th><th>{loaded}</th><th>{points}</th></tr>").format(**{k: html.escape(v) for k, v in words.items()})
        note = f"<div style='font-size:90%'>{html.escape(sheet.verdict)}</div>"
        return f"<table style='font-size:90%;max-width:820px'>{head}{''.join(rows)}</table>{note}"

    def close(self) -> None:
        """Release the click handler and the board, then every widget this app made (the shell walks them all)."""
        picker = getattr(self, "picker", None)
        if picker is not None:
            picker.disconnect()
            self.board.close()
        super().close()


# -- a guided first turn --

def delivery_plan(state, player: int | None = None, budget: int | None = None) -> list | None:
    """The shortest list of actions for ``player`` (default: the one to act) that delivers a good this turn:
    camels placed on empty spaces to make a chain from a numbered space with a good to that good's city, the
    good picked up, then moved along the chain and delivered (CAR-ACT-1, CAR-PICK-1, CAR-MOVE-1, CAR-MOVE-2).
    At most ``budget`` actions (default: the actions left); None if no such plan exists. Within the actions left,
    each action of the plan is legal in turn (checked on a copy of the state); a larger ``budget`` plans for a
    later turn, on the board as it is now."""
    import networkx as nx

    me = state.current if player is None else player
    budget = state.actions_left if budget is None else budget
    board = state.board
    mine = {w for w in state.pos[me] if w is not None}
    free = [i for i, w in enumerate(state.pos[me]) if w is None]
    best = None
    for source, good in sorted(state.goods.items()):
        city = next(c for c, g in board.good_of.items() if g == good)
        # a chain may use our camels and empty spaces (a placement each), never others' camels
        usable = [n for n in board.spaces if n in mine or not state.count.get(n, 0)]
        graph = board.graph.subgraph(usable)
        try:
            path = nx.shortest_path(graph, source, city, weight=lambda _u, v, _d: 0 if v in mine else 1)
        except (nx.NetworkXNoPath, nx.NodeNotFound):
            continue
        places = [n for n in path if n not in mine]
        if len(places) > len(free):
            continue
        plan = [PlaceCamel(n) for n in places] + [PickUp(source), MoveGood(source, city, good)]
        if len(plan) <= budget and (best is None or len(plan) < len(best)):
            best = plan
    if best is None or budget > state.actions_left:     # a plan for a later turn: not checkable now
        return best
    trial = state.clone()
    for action in best:
        if trial.why_illegal(action) is not None:
            return None
        trial.apply(action)
    return best if len(trial.delivered[me]) > len(state.delivered[me]) else None


class CaravanGuide(ScriptedGuide):
    """The guided first turns of Caravan: the 1-action first turn (place a camel on a numbered space that holds
    a good, then End turn), then the first 4-action turn: place, place (a chain to the good's city), pick up,
    relay and deliver, End turn. Each step frames the space to click in orange; the rule is explained after it."""

    steps = 7
    welcome = N_("Welcome! This guided turn walks you through your first two turns: follow the orange frames. "
                 "Click a framed space on the board (or pick the same action in the list and press Play).")

    def __init__(self):
        super().__init__()
        self.target = None          # (numbered space, good, city) of the delivery the guide prepares

    def plan(self, app, state, step: int):
        me = state.current
        if step == 0:
            first = delivery_plan(state, me, budget=5)      # with no camel yet: where the chain would start
            if first is None:
                return None
            pick = next(a for a in first if isinstance(a, PickUp))
            good = state.goods[pick.space]
            self.target = (pick.space, good)
            return (PlaceCamel(pick.space),
                    tr("Click <b>{space}</b> (framed in orange): your camel goes on the space where a cube of <b>{good}"
                       "</b> lies. Your first turn has 1 action, and placing an empty camel on a space with no camel "
                       "costs 1 (CAR-TURN-1, CAR-ACT-1).").format(space=html.escape(state.board.label(pick.space)),
                                                                  good=good_name(good)), "CAR-ACT-1")
        if step == 1:
            return (EndTurn(), tr("Your action is used: press <b>End turn</b> (outlined). The two bots play their turns "
                                  "of 2 and 3 actions; then you have 4 (CAR-TURN-1)."), "CAR-TURN-1")
        if state.actions_left == 0 or step >= 6:
            return (EndTurn(), tr("All 4 actions are used: press <b>End turn</b> (CAR-TURN-2)."), "CAR-TURN-2")
        delivers = [a for a in state.legal_actions()
                    if isinstance(a, MoveGood) and state.board.good_of.get(a.target) == a.good]
        plan = delivers[:1] or delivery_plan(state, me)
        if not plan:
            return None
        action = plan[0]
        label = state.board.label
        if isinstance(action, PlaceCamel):
            city = plan[-1].target
            words = tr("Click <b>{space}</b>: one more camel of the chain from the {good} to {city}, the city that "
                       "wants it. A camel may go to any space, however far (CAR-CAMEL-1); 1 action.").format(
                space=html.escape(label(action.space)), good=good_name(plan[-1].good), city=html.escape(label(city)))
            return action, words, "CAR-CAMEL-1"
        if isinstance(action, PickUp):
            return (action, tr("Click <b>{space}</b>, where your empty camel stands on the {good}: it loads the cube "
                               "(1 action), and any demand markers there come to your board (CAR-PICK-1, "
                               "CAR-PICK-2).").format(space=html.escape(label(action.space)),
                                                      good=good_name(state.goods[action.space])), "CAR-PICK-1")
        return (action, tr("Now relay it: click <b>{source}</b> (your loaded camel), then <b>{target}</b>. The {good} "
                           "moves along your chain of orthogonally joined camels in 1 action and is delivered in its "
                           "city (CAR-MOVE-1, CAR-MOVE-2).").format(source=html.escape(label(action.source)),
                                                                    target=html.escape(label(action.target)),
                                                                    good=good_name(action.good)), "CAR-MOVE-2")


def guided_first_turn(seed: int = 2, bot: str = "heuristic", bot_seed: int = 0, canvas: str = "ipympl") -> CaravanApp:
    """A Caravan app (3 players: you and two ``bot`` bots) whose first two turns are guided: the 1-action first
    turn, then a whole 4-action turn that places two camels, picks up a good and relays it to its city
    (:class:`CaravanGuide`). Each step frames the space to click in orange and explains its rule after the
    click; other moves are refused kindly (nothing changes); then normal play. Put it last in a cell::

        from caravan_lessons.ui.caravan_app import guided_first_turn
        guided_first_turn()

    Raises:
        ValueError: an unknown bot name or canvas.
    """
    app = CaravanApp(players=3, seed=seed, seats=["human", bot, bot], bot_seed=bot_seed, canvas=canvas)
    CaravanGuide().start(app)
    return app
