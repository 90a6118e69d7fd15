"""The Voyages of Marco Polo play app: 2-4 seats (humans or bots) on the shared shell.

    from caravan_lessons.ui.marco_polo_app import MarcoPoloApp
    app = MarcoPoloApp(players=3, seats=["human", "mp-heuristic", "mp-greedy"])
    app            # displays itself in a notebook

How a learner plays (every action goes through the engine; a refusal shows the rule ID and our
wording of the rule, and changes nothing):

* **placing dice**: click an action space button (take 5 coins, the bazaar, Khan's favour, take
  contracts, travel, a city card where you have a trading post): the list below then offers the
  ways to place dice there (which dice, and for Raschid the value he sets, MP-CHAR-1); choose one and
  press **Play**. A space you cannot use says why (the rule the engine names);
* **bonus actions** are buttons: fulfil a contract, the moneybag, reroll, adjust, a black die; then
  **End turn** (MP-TURN-1, MP-BONUS-*);
* **every choice inside an effect** (a bazaar column, goods of choice, a contract, coins or camels,
  repetitions of a city card, ...) is listed with the question on the prompt line (engine ``Choose``);
* **travel**: after placing dice on travel, click the destination on the map (``canvas="ipympl"``; or
  ``app.pick_location(city)``, or choose from the list): the cheapest path there is drawn on the map with
  its cost in coins and camels, and **Play** confirms it (engine ``Move``).

**Between rounds** the app pauses for everyone, bots included (as Jaipur's app does between rounds): the
engine has already ended the round and begun the next (MP-TURN-2, MP-ROUND-1..5: start player, income, dice
rolled, new contracts), so the pause shows a round summary (victory points, coins, camels, contracts and
trading posts, and what each seat gained in the round) and waits for a human to press **Next round**. Bots
never press it, even when every seat is a bot; ``app.continue_play()`` is what the button does. Undo past a
round end (practice mode) takes the pause back with the move.

The game ends after round 5 (MP-END-1): the app stops for everyone and shows the final score sheet in
the shared score stepper.
"""
from __future__ import annotations

import html

import ipywidgets as W

from ..agents import make_agent
from ..core import _short, join_and, plural
from ..i18n import N_, tr
from ..marco_polo import RULES, EndTurn, Fulfil, Move, Place, new_game
from ..marco_polo.actions import GOOD_NAMES, Adjust, BuyBlackDie, Reroll, amount_text, dice_text
from ..marco_polo.components import SPACE_NAMES
from ..marco_polo.effects import DECISION_RULE, DESCRIPTION, card_text
from ..moves import marco_polo_move_cost, marco_polo_payment, move_words
from .board import LiveBoard
from .shell import HUMAN, Highlight, PlayShell, ScriptedGuide, set_enabled

__all__ = ["BOTS", "MarcoPoloApp", "MarcoPoloGuide", "guided_first_turn"]

BOTS = ("random", "mp-greedy", "mp-heuristic", "mp-planner", "mp-mcts")
"""The bots that play Marco Polo (the seat pickers offer these)."""
MAIN_SPACES = ("coins", "bazaar:camel", "bazaar:pepper", "bazaar:silk", "bazaar:gold", "khan", "contracts", "travel")
SPACE_RULE = {"coins": "MP-ACT-3", "khan": "MP-KHAN-1", "contracts": "MP-CONTRACT-1", "travel": "MP-TRAVEL-1"}
BONUS = {"fulfil": (N_("Fulfil a contract"), Fulfil), "moneybag": (N_("Moneybag (3 coins)"), Place),
         "reroll": (N_("Reroll a die (1 camel)"), Reroll), "adjust": (N_("Turn a die ±1 (2 camels)"), Adjust),
         "black": (N_("Black die (3 camels)"), BuyBlackDie)}
"""The bonus actions' buttons: (label, a catalogue message; the action class)."""
BAZAAR_BUTTONS = {"bazaar:camel": N_("bazaar: camels"), "bazaar:pepper": N_("bazaar: pepper"),
                  "bazaar:silk": N_("bazaar: silk"), "bazaar:gold": N_("bazaar: gold")}


def _is_kind(action, kind: str) -> bool:
    if kind == "moneybag":
        return isinstance(action, Place) and action.space == "moneybag"
    return isinstance(action, BONUS[kind][1])


class MarcoPoloApp(PlayShell):
    """A playable game of The Voyages of Marco Polo, as one ipywidgets box.

    Args:
        players: 2, 3 or 4.
        seed: the game seed.
        seats: per seat ``"human"`` or a bot of :data:`BOTS` (default: a human in seat 0, ``mp-heuristic``
            bots elsewhere).
        mode: ``"practice"`` (free undo, the default) or ``"match"`` (undo only while no die was rolled
            and no card turned since your move).
        bot_seed: the bots' seed.
        characters: as :func:`marco_polo.new_game` (default ``"first_game"``: Raschid, Matteo, Berke,
            Mercator by seat, MP-SETUP-11).
        canvas: ``"png"`` (the map as a picture; works everywhere) or ``"ipympl"`` (a live canvas: click
            a destination).

    Raises:
        ValueError: a player count that is not a whole number 2 to 4, seats that are not a list of one
            ``"human"`` or Marco Polo bot per seat, a bad mode, canvas or seed (all before any widget is made).

    Attributes:
        state: the live ``marco_polo.State``. space_buttons (by space), city_buttons (by card id),
        bonus_buttons (by kind), choice_list (the options now), play_button, end_button, prompt,
        destination (the clicked destination during a travel, or None), map_view (the MapView).
    """

    css_prefix = "mp"
    compact_messages = True
    continue_label = N_("Next round")
    game_title = "Marco Polo"
    bot_names = BOTS

    def __init__(self, players: int = 3, seed: int = 1, seats=None, mode: str = "practice", bot_seed: int = 0,
                 characters="first_game", canvas: str = "png"):
        from ..boards import BoardPicker
        from ..viz.marco_polo import MapView

        self.picker = None
        if canvas not in ("png", "ipympl"):
            raise ValueError(f"canvas must be 'png' or 'ipympl', not {_short(canvas)}")
        if isinstance(players, bool) or not isinstance(players, int) or not 2 <= players <= 4:
            raise ValueError(f"The Voyages of Marco Polo is played by 2, 3 or 4 players, not {_short(players)}")
        seats = self.seat_list(seats, players, "mp-heuristic")
        self.check_arguments(seats, mode, bot_seed)
        state = new_game(players, seed=seed, characters=characters)
        self.deal = lambda: new_game(players, seed=seed, characters=characters)   # the log's move 0, reworded
        self.canvas_kind = canvas
        self.destination = None
        self._filter: str | None = None
        self._drawn = None
        # 800 x 432 pixels, whole at JupyterLab's default width; no room for a title (the heading is map_caption):
        # the map fills the height it has
        self.map_view = MapView(state, figsize=(10, 5.4), heading=False)
        self.map_view.figure.set_dpi(80)
        self.board = LiveBoard(self.map_view.figure, self.map_view.ax, canvas=canvas, css_class="mp-map", num=id(self),
                               mark_size=700)
        self.map_widget = self.board.widget
        # the map's heading (whose turn, the travel preview, a round's end) as a line of HTML above the canvas, not
        # a title drawn on it: a title's glyphs, drawn again over the blitted map at every click, were about half
        # of a map click's kernel time (40 of 92 ms at load 21); one line high, so the map never moves
        self.map_caption = W.HTML(layout=W.Layout(height="1.6em", margin="0", overflow="hidden", width="100%",
                                                  max_width=f"{int(self.map_view.figure.bbox.width)}px")).add_class(
            "mp-map-caption")
        self.picker = BoardPicker(self.map_view.figure, state.data.board, self.pick_location)
        button = W.Layout(width="auto", min_width="120px")
        self.space_buttons = {}
        for space in MAIN_SPACES:
            b = W.Button(layout=button)
            b.add_class("mp-space-" + space.replace(":", "-"))
            b.on_click(lambda _b, space=space: self.select_space(space))
            self.space_buttons[space] = b
        self.city_buttons: dict[int, W.Button] = {}
        self.city_box = W.HBox(layout=W.Layout(flex_flow="row wrap"))
        self.bonus_buttons = {}
        for kind in BONUS:
            b = W.Button(layout=button).add_class(f"mp-bonus-{kind}")
            b.on_click(lambda _b, kind=kind: self.select_bonus(kind))
            self.bonus_buttons[kind] = b
        self.end_button = W.Button(button_style="warning", layout=button)
        self.end_button.add_class("mp-end-turn")
        self.end_button.on_click(lambda _b: self.choose(EndTurn()))
        self.prompt = W.HTML().add_class("mp-prompt")
        self.choice_list = W.Select(options=[], rows=8, layout=W.Layout(width="430px")).add_class("mp-choices")
        self.choice_list.observe(lambda _c: self._selection_changed(), names="value")
        self.play_button = W.Button(button_style="primary", icon="check",
                                    layout=W.Layout(width="auto", min_width="110px")).add_class("mp-play")
        self.main_title = W.HTML()
        self.bonus_title = W.HTML()
        # the learner's own board (coins, camels, goods, dice, contracts, objectives) beside the choices
        self.my_board = W.HTML(layout=W.Layout(width="285px", height="176px", overflow="auto", margin="0 0 0 6px",
                                               border="1px solid #ddd", padding="0 4px")).add_class("mp-my-board")
        self.play_button.on_click(lambda _b: self.play_selected())
        self.boards_view = W.HTML().add_class("mp-boards")
        self.spaces_view = W.HTML().add_class("mp-spaces")
        self.contracts_view = W.HTML().add_class("mp-contracts")
        from ..viz.marco_polo import SCORE_COLOURS

        self._waiting_round: int | None = None    # the round that began and waits for Next round
        self.round_summary = W.HTML().add_class("mp-round-summary")
        super().__init__(state, seats=seats, mode=mode, bot_seed=bot_seed, rules=RULES, score_colours=SCORE_COLOURS)
        self.stepper_box.children = (*self.stepper_box.children, self.round_summary)
        self.start()

    # -- the shell's hooks --

    def _make_bots(self) -> None:
        self.bots = {seat: make_agent(who, self.bot_seed + seat) for seat, who in enumerate(self.seats) if who != HUMAN}

    def relabel(self) -> None:
        """The words of the buttons and titles made once, in the current language."""
        super().relabel()
        for space, b in self.space_buttons.items():
            b.description = tr(BAZAAR_BUTTONS[space]) if space in BAZAAR_BUTTONS else SPACE_NAMES[space]
        for kind, b in self.bonus_buttons.items():
            b.description = tr(BONUS[kind][0])
        self.end_button.description = tr("End turn")
        self.play_button.description = tr("Play")
        self.main_title.value = tr("<b>Main action</b> (click a space, then choose your dice below):")
        self.bonus_title.value = tr("<b>Bonus actions</b> (before or after the main action):")
        self.city_buttons_words = None
        self._drawn = None

    def layout_children(self) -> list:
        main = W.VBox([self.main_title,
                       W.HBox(list(self.space_buttons.values()), layout=W.Layout(flex_flow="row wrap")),
                       self.city_box,
                       self.bonus_title,
                       W.HBox([*self.bonus_buttons.values(), self.end_button], layout=W.Layout(flex_flow="row wrap")),
                       self.prompt,
                       W.HBox([self.choice_list, self.play_button, self.my_board],
                              layout=W.Layout(align_items="flex-start"))])
        # nothing moves under the pointer: the status line keeps its height, the message line (the bot's moves,
        # a refusal) is a box of fixed height between the controls and the map
        self.status.layout.min_height = "3.4em"
        self.prompt.layout.min_height = "1.8em"
        self.explain.layout.height = "7em"
        self.explain.layout.overflow = "auto"
        # the coach's hint goes under the map (the Hint button beside undo): nothing above it moves
        return [self.settings, self.status, self.stepper_box, main, self.explain, self.map_caption, self.map_widget,
                self.coach.hint_view,
                W.HBox([self.boards_view, W.VBox([self.spaces_view, self.contracts_view])],
                       layout=W.Layout(flex_flow="row wrap")),
                W.HBox([self.undo_button, self.coach.hint_button, self.replay_box]), self.log_view]

    def describe_turn(self, state, seat: int) -> str:
        if state.tasks:
            kind = state.tasks[0][0]
            rule = DECISION_RULE.get(kind, "")
            choice = DESCRIPTION.get(kind, kind)
            return html.escape(f"{choice[:1].upper()}{choice[1:]} ({rule}).")
        who = state.data.characters[state.characters[seat]]["name"] if state.characters[seat] else ""
        dice = dice_text(state.dice[seat]) or tr("none")
        if state.main_done:
            return html.escape(tr("{who}: main action done; bonus actions, then End turn (MP-TURN-1). Dice left: "
                                  "{dice}.").format(who=who, dice=dice))
        return html.escape(tr("{who}, round {round} of 5: place dice on an action space (MP-TURN-1). Dice: "
                              "{dice}.").format(who=who, round=state.round, dice=dice))

    # -- the pause between rounds --

    def _apply(self, action) -> None:
        """The shell's, noting when the action ended a round (the engine began the next one at once)."""
        before = self.state.round
        super()._apply(action)
        if self.state.round > before and not self.state.is_terminal():
            self._waiting_round = self.state.round

    def word_line(self, line: str) -> str:
        """The log lines name places as the map does ("Oasis I", not the engine's id "oasis_i")."""
        return self._named(line)

    def _named(self, line: str) -> str:
        """``line`` with every location id of the map replaced by its name."""
        import re

        names = self.state.map.name
        if getattr(self, "_ids", None) is None:
            ids = sorted(names, key=len, reverse=True)
            self._ids = re.compile(r"(?<![\w:])(" + "|".join(map(re.escape, ids)) + r")(?![\w])")
        return self._ids.sub(lambda m: names[m.group(1)], line)

    def pause_reason(self, state) -> str | None:
        """At the start of rounds 2-5, until a human presses Next round: "Round 1 is over ...". Only the live
        state pauses (a replayed position does not)."""
        if state is not self.state or self._waiting_round is None or state.round != self._waiting_round:
            return None
        ended = state.round - 1
        return tr("Round {ended} of 5 is over (MP-TURN-2); round {round} has begun: income paid, dice rolled, new "
                  "contracts out (MP-ROUND-1..5).").format(ended=ended, round=state.round)

    def review_start(self) -> int:
        """At a pause between rounds the coach reviews the round that just ended; at the end, the whole game."""
        if self.state.is_terminal() or not self.paused:
            return 0
        ended = self.state.round - 1
        return next(k for k, s in enumerate(self.snapshots) if s.round == ended)

    def score_sheet_for(self, state):
        """The final score sheet at the end; none at a pause between rounds (the round summary is shown)."""
        return state.score_sheet() if state.is_terminal() else None

    def continue_play(self) -> bool:
        """The Next round button: end the pause (the engine has already begun the round), then let the bots
        move up to the next human decision or pause. True if done."""
        if not self.live:
            self.say(self.replaying_words)
            return False
        if not self.paused:
            self.say(lambda: "<i>" + tr("{button} is for the end of a round; the round is still being played.").format(
                button=tr(self.continue_label)) + "</i>")
            return False
        self._waiting_round = None
        first = len(self._move_lines)
        self.play_bots()
        last, round_ = len(self._move_lines), self.state.round

        def words() -> str:
            bots = self._moves_message(first, last)
            return "<i>" + tr("Round {round} goes on.").format(round=round_) + "</i>" + ("<br>" + bots if bots else "")
        self._message = words
        self.refresh()
        return True

    def undo_reopens_a_round(self) -> bool:
        """True if undoing the last human move would take back a round end (or the end of the game)."""
        if not self.history:
            return False
        index, before = self.history[-1]
        return any(s.is_terminal() or s.round != before.round for s in self.snapshots[index + 1:])

    def undo(self) -> bool:
        done = super().undo()
        if done and self._waiting_round is not None and self.state.round < self._waiting_round:
            self._waiting_round = None             # the round end was taken back with the move
            self.refresh()
        return done

    def _round_summary(self, state) -> str:
        """HTML table of the round that just ended: each seat's VP (and gained in the round), coins, camels,
        contracts fulfilled and trading posts placed, read from the engine state."""
        ended = state.round - 1
        start = next((s for s in self.snapshots if s.round == ended), self.snapshots[0])
        rows = []
        for seat in range(state.players):
            gained = state.vp[seat] - start.vp[seat]
            posts = sum(seat in owners for owners in state.posts.values())
            rows.append(f"<tr><td>{html.escape(self.seat_name(seat))}</td><td><b>{state.vp[seat]}</b> ("
                        + tr("{gained} this round").format(gained=f"{'+' if gained >= 0 else ''}{gained}")
                        + f")</td><td>{state.coins[seat]}</td>"
                        f"<td>{state.camels[seat]}</td><td>{len(state.fulfilled[seat])}</td><td>{posts}</td></tr>")
        head = "".join(f"<th style='padding:0 6px'>{html.escape(tr(h))}</th>" for h in
                       (N_("player"), N_("victory points"), N_("coins"), N_("camels"), N_("contracts fulfilled"),
                        N_("trading posts")))
        return ("<div style='font-size:90%'>" + tr("<b>After round {ended} of 5</b> (coins and camels include the "
                                                   "income of round {round}; the final scoring after round 5 adds "
                                                   "objectives, coins, Beijing and most contracts, "
                                                   "MP-SCORE-1..7):").format(ended=ended, round=state.round)
                + f"</div><table style='font-size:90%'><tr>{head}</tr>{''.join(rows)}</table>")

    def reveals_hidden(self, before, after, seat: int) -> bool:
        """Any die rolled or card turned: the random generator moved."""
        return before.rng.getstate() != after.rng.getstate()

    def describe_end(self, state) -> str:
        totals = state.score_sheet().totals()
        best = max(totals)
        names = [self.seat_name(s) for s, t in enumerate(totals) if t == best]
        scores = ", ".join(f"{self.seat_name(s)} {t}" for s, t in enumerate(totals))
        if len(state.winners) == 1:
            return tr("The game is over (MP-END-1): {player} wins. Victory points: {scores}.").format(
                player=self.seat_name(state.winners[0]), scores=scores)
        return tr("The game is over (MP-END-1): shared victory of {names}. Victory points: {scores}.").format(
            names=join_and(names), scores=scores)

    def draw(self, state, seat: int, live: bool) -> None:
        paused = live and self.pause_reason(state) is not None
        self.round_summary.value = self._round_summary(state) if paused else ""
        self._draw_map(state, seat)
        self._draw_boards(state, seat)
        self._fill_controls(state if live else None)

    # -- drawing --

    def _travel_preview(self, state):
        """(path, words) of the Move selected in the list during a travel, or (None, "")."""
        action = self.choice_list.value if self.live else None
        if (not isinstance(action, Move) or not action.paths or not state.tasks
                or state.tasks[0][0] not in ("travel", "extra_move") or state.why_illegal(action) is not None):
            return None, ""
        path = max(action.paths, key=len)
        return path, self._move_cost(state, action)

    @staticmethod
    def _payment(state, action) -> tuple[int, int, int]:
        """(coins, camels, steps) the engine will charge for a legal Move (its own check's plan)."""
        return marco_polo_payment(state, action)

    def _move_cost(self, state, action) -> str:
        return marco_polo_move_cost(state, action)

    def _draw_map(self, state, seat: int) -> None:
        path, words = self._travel_preview(state)
        marks = tuple(self.highlighted.points)
        travelling = self.live and state.tasks and state.tasks[0][0] in ("travel", "extra_move")
        reach = None
        if travelling and state.tasks[0][0] == "travel":
            reach = {city: float(c) for city, c in self._end_costs(state).items()}
        title = None
        if path:
            title = tr("Travel to {place}: {cost} (press Play to confirm)").format(place=state.map.name[path[-1]],
                                                                                  cost=words)
        elif travelling:
            title = tr("Click your destination (colour: its cheapest cost in coins)")
        paused = self.live and self.pause_reason(state) is not None
        if paused:
            title = tr("Round {ended} of 5 is over: read the summary above, then press Next round").format(
                ended=state.round - 1)
        from ..viz.marco_polo import map_title

        heading = html.escape(map_title(state) if title is None else title)
        self.map_caption.value = f"<div style='text-align:center;font-weight:600'>{heading}</div>"
        # only what the map shows: the pieces, the travel preview (the heading is the caption above it)
        key = (tuple(map(tuple, state.travellers)), tuple(sorted((c, tuple(o)) for c, o in state.posts.items())),
               tuple(sorted(state.outposts.items())), state.current_player, state.round, state.is_terminal(),
               seat, tuple(path or ()), bool(travelling), paused, marks)
        if key == self._drawn:
            return
        self._drawn = key
        self.map_view.update(state, player=seat if seat >= 0 else None, reachable=reach, path=path, title="")
        self.board.rebind(self.map_view.ax)            # the map is built anew when the language changes
        self.board.mark(marks)
        # the city notes change when an outpost bonus is taken (or the game is taken back before it was): the
        # picture of the map kept for those notes is used again, not drawn whole (Try the better move)
        self.board.show(self.map_view._dynamic, static_key=self.map_view.static_key)

    def _end_costs(self, state) -> dict:
        """Destination -> the cheapest coins of the listed travel paths ending there (camels counted as 1 coin)."""
        out: dict = {}
        for m in state.legal_actions():
            if not isinstance(m, Move) or not m.paths or len(m.paths[0]) < 2:
                continue
            coins, camels, _steps = self._payment(state, m)
            end = m.paths[0][-1]
            out[end] = min(coins + camels, out.get(end, coins + camels))
        return out

    def _draw_boards(self, state, seat: int) -> None:
        from ..viz.marco_polo import PLAYER_COLOURS, contract_text

        data = state.data
        rows = []
        for s in range(state.players):
            who = data.characters[state.characters[s]]["name"] if state.characters[s] else tr("(choosing)")
            goods = ", ".join(amount_text(n, g) for n, g in zip(state.goods[s], GOOD_NAMES) if n) or "-"
            dice = dice_text(state.dice[s]) or "-"
            contracts = "<br>".join(html.escape(contract_text(data, c)) for c in state.active[s]) or "-"
            if s == seat:
                objectives = "; ".join(" + ".join(state.map.name[c] for c in data.objectives[o][0])
                                       + " (" + tr("{vp} VP").format(vp=data.objectives[o][1]) + ")"
                                       for o in state.objectives[s])
            else:
                objectives = tr("secret")
            bold = "font-weight:bold;background:#fff8e1" if s == state.current_player else ""
            rows.append(f"<tr style='{bold}'><td><span style='color:{PLAYER_COLOURS[s]}'>&#9632;</span> "
                        f"{html.escape(self.seat_name(s))}<br><i>{html.escape(who)}</i></td><td>{state.vp[s]}</td>"
                        f"<td>{state.coins[s]}</td><td>{state.camels[s]}</td><td>{html.escape(goods)}</td>"
                        f"<td>{html.escape(dice)}</td><td>{state.posts_left[s]}</td><td>{len(state.fulfilled[s])}</td>"
                        f"<td style='font-size:85%'>{contracts}</td><td style='font-size:85%'>{html.escape(objectives)}</td></tr>")
        head = "".join(f"<th style='padding:0 5px'>{html.escape(tr(h))}</th>" for h in
                       (N_("player"), N_("VP"), N_("coins"), N_("camels"), N_("goods"), N_("dice"), N_("posts left"),
                        N_("contracts done"), N_("active contracts"), N_("objectives")))
        self.boards_view.value = (f"<table style='font-size:90%;border-collapse:collapse'><tr>{head}</tr>"
                                  f"{''.join(rows)}</table>")
        self.my_board.value = self._my_board(state, seat)
        placed = []
        for space, dice in sorted(state.spaces.items()):
            name = SPACE_NAMES.get(space) or tr("city card {card}").format(card=space[5:])
            shown = ", ".join(f"<span style='color:{PLAYER_COLOURS[p] if p >= 0 else '#777'}'>{v}</span>"
                              for p, _c, v in dice)
            placed.append(f"<li>{html.escape(name)}: {shown}</li>")
        self.spaces_view.value = (tr("<b>Dice on the action spaces</b> (round {round} of 5; an occupied space costs "
                                     "your lowest die in coins, MP-ACT-2):").format(round=state.round)
                                  + "<ul style='margin:2px'>" + ("".join(placed) or "<li>" + tr("none yet") + "</li>")
                                  + "</ul>")
        board = ["<li>" + tr("column {column}: {contract}").format(column=i + 1, contract=html.escape(
            contract_text(data, c))) + "</li>" for i, c in enumerate(state.board_contracts) if c is not None]
        self.contracts_view.value = (tr("<b>Contracts on the board</b> (MP-CONTRACT-1):") + "<ul style='margin:2px;"
                                     "font-size:90%'>" + ("".join(board) or "<li>" + tr("none") + "</li>") + "</ul>")

    def _my_board(self, state, seat: int) -> str:
        """HTML: the board of the seat the table shows (beside the choices): what it holds and wants."""
        from ..viz.marco_polo import PLAYER_COLOURS, contract_text

        if seat < 0:
            return ""
        data = state.data
        none = tr("none")
        goods = ", ".join(amount_text(n, g) for n, g in zip(state.goods[seat], GOOD_NAMES) if n) or none
        contracts = "".join(f"<li>{html.escape(contract_text(data, c))}</li>" for c in state.active[seat]) or \
            f"<li>{none}</li>"
        objectives = "".join(
            "<li>" + html.escape(" + ".join(state.map.name[c] + (" \u2713" if state.has_post(seat, c) else "")
                                            for c in data.objectives[o][0])
                                 + " (" + tr("{vp} VP").format(vp=data.objectives[o][1]) + ")") + "</li>"
            for o in state.objectives[seat]) or f"<li>{none}</li>"
        return (f"<div style='font-size:88%;line-height:1.35'><b style='color:{PLAYER_COLOURS[seat]}'>&#9632;</b> "
                + tr("<b>{player}</b>: {coins}, {camels}, {vp} VP; goods: {goods}; dice: {dice}; posts left "
                     "{posts}").format(player=html.escape(self.seat_name(seat)), coins=plural(state.coins[seat], "coin"),
                                       camels=plural(state.camels[seat], "camel"), vp=state.vp[seat],
                                       goods=html.escape(goods), dice=html.escape(dice_text(state.dice[seat]) or none),
                                       posts=state.posts_left[seat])
                + "<br><b>" + tr("contracts") + f"</b><ul style='margin:0;padding-left:16px'>{contracts}</ul>"
                + tr("<b>objectives</b> (secret)") + f"<ul style='margin:0;padding-left:16px'>{objectives}</ul></div>")

    def highlight_parts(self, state, action) -> Highlight:
        """Where a move is: the action space's button, then (once its ways are listed) the list and Play; a travel's
        destination on the map, then Play; a bonus action's button; End turn; the list and Play for a choice."""
        listed = (self.choice_list, self.play_button)
        if isinstance(action, EndTurn):
            return Highlight(widgets=(self.end_button,))
        if isinstance(action, Move):
            ends = [p[-1] for p in action.paths if len(p) > 1]
            points = tuple(state.data.board.nodes[c]["pos"] for c in ends)
            chosen = self.destination is not None and self.destination in ends
            return Highlight(points=points, widgets=listed if chosen or not self.board.live else ())
        if isinstance(action, Place) and action.space != "moneybag":
            if self._filter == action.space:
                return Highlight(widgets=listed)
            if action.space.startswith("city:") and int(action.space[5:]) in self.city_buttons:
                return Highlight(widgets=(self.city_buttons[int(action.space[5:])],))
            button = self.space_buttons.get(action.space)
            return Highlight(widgets=(button,) if button is not None else listed)
        for kind in BONUS:
            if _is_kind(action, kind):
                return Highlight(widgets=listed if self._filter == kind else (self.bonus_buttons[kind],))
        return Highlight(widgets=listed)

    # -- the controls --

    def _human_legal(self, state) -> list:
        if state is None or state.is_terminal() or self.seats[state.current_player] != HUMAN:
            return []
        return state.legal_actions()

    def _fill_controls(self, state) -> None:
        legal = self._human_legal(state)
        turn = bool(legal) and not state.tasks
        card_ids = []
        if state is not None and state.current_player >= 0:
            seat = state.current_player
            card_ids = [c for city in sorted(state.city_cards) if state.has_post(seat, city)
                        for c in state.city_cards[city]]
        if sorted(self.city_buttons) != sorted(card_ids) or getattr(self, "city_buttons_words", None) != tr("city card {card}"):
            self.city_buttons_words = tr("city card {card}")
            for b in self.city_buttons.values():   # a button's close() leaves its Layout and ButtonStyle alive
                b.layout.close()
                b.style.close()
                b.close()
            self.city_buttons = {}
            for c in card_ids:
                b = W.Button(description=tr("city card {card} ({city})").format(card=c, city=state.map.name[state.card_city[c]]),
                             tooltip=card_text(state, c),
                             layout=W.Layout(width="auto")).add_class("mp-city-card")
                b.on_click(lambda _b, c=c: self.select_space(f"city:{c}"))
                self.city_buttons[c] = b
            self.city_box.children = list(self.city_buttons.values())
        for b in (*self.space_buttons.values(), *self.city_buttons.values()):
            b.disabled = not turn or state.main_done             # one main action a turn (MP-TURN-1)
        for kind, b in self.bonus_buttons.items():
            b.disabled = not any(_is_kind(a, kind) for a in legal)
        set_enabled(self.end_button, any(isinstance(a, EndTurn) for a in legal), "warning")
        if state is not None and state.tasks and legal:
            task = state.tasks[0]
            self._filter = None
            words = DESCRIPTION.get(task[0], task[0])
            extra = (" " + tr("Click the destination on the map, or choose a path below.")
                     if task[0] in ("travel", "extra_move") else "")
            self.prompt.value = (f"<b style='color:#1565c0'>{html.escape(self.seat_name(task[1]))}: "
                                 f"{html.escape(words)}</b> ({DECISION_RULE.get(task[0], '')}).{extra}")
            options = legal
            if self.destination is not None and task[0] in ("travel", "extra_move"):
                ending = [a for a in legal if a.paths and any(p[-1] == self.destination for p in a.paths)]
                options = ending or legal
            self._set_options(state, options)
        elif turn:
            if self._filter is None:
                self.prompt.value = "<i>" + (tr("Main action done: take bonus actions, or press End turn.")
                                             if state.main_done else
                                             tr("Click an action space or a bonus action to see your choices.")) + "</i>"
                self._set_options(state, [])
            else:
                self.prompt.value = self._filter_prompt(self._filter)
                self._set_options(state, [a for a in legal if self._matches(a, self._filter)])
        else:
            self.prompt.value = ""
            self._set_options(state, [])
        set_enabled(self.play_button, bool(self.choice_list.options), "primary")

    def _filter_prompt(self, selected: str) -> str:
        """The prompt line while the list shows the choices of one clicked space or bonus action."""
        if selected in BONUS:
            return (f"<b style='color:#1565c0'>{html.escape(tr(BONUS[selected][0]))}</b>: "
                    + tr("choose below, then press <b>Play</b> (MP-BONUS-1)."))
        name = SPACE_NAMES.get(selected) or tr("city card {card}").format(card=selected[5:])
        rule = SPACE_RULE.get(selected) or ("MP-BAZAAR-1" if selected.startswith("bazaar:") else
                                            "MP-CITY-1" if selected.startswith("city:") else "MP-ACT-1")
        return (f"<b style='color:#1565c0'>{html.escape(name[:1].upper() + name[1:])}</b>: "
                + tr("choose the dice to place there, then press <b>Play</b> ({rule}).").format(rule=rule))

    @staticmethod
    def _matches(action, selected: str) -> bool:
        if selected in BONUS:
            return _is_kind(action, selected)
        return isinstance(action, Place) and action.space == selected

    def _label(self, state, action) -> str:
        """A choice in the list (:func:`caravan_lessons.moves.move_words`, the coach's words too)."""
        return move_words("marco_polo", state, action)

    def _set_options(self, state, actions) -> None:
        options = [(self._label(state, a), a) for a in actions]
        if options == [tuple(o) for o in self.choice_list.options]:     # the same moves, in the same words
            return
        self._quiet_select = True
        try:
            self.choice_list.options = options
            planned = self._highlighted        # a guided step or a hint: selected in the list
            self.choice_list.value = planned if planned in actions else (actions[0] if actions else None)
        finally:
            self._quiet_select = False

    def _selection_changed(self) -> None:
        if getattr(self, "_quiet_select", False) or not self.live:
            return
        self.clear_message()
        self._draw_map(self.state, self.viewer())

    def select_space(self, space: str) -> bool:
        """What a click on an action space does: list the legal ways to place dice there; if there is none,
        say why with the engine's rule (the dice you have, tried there). True if some are listed."""
        state = self.state
        if not self._ready():
            return False
        legal = [a for a in state.legal_actions() if isinstance(a, Place) and a.space == space]
        if not legal:
            self._explain_closed(space)
            self._filter = None
            self._fill_controls(state)
            return False
        self._filter = space
        self.clear_message()                    # the prompt line asks the question of this space
        self._fill_controls(state)
        self._rehighlight()
        return True

    def _explain_closed(self, space: str) -> None:
        """The engine's refusal of placing the player's dice on ``space`` (its rule and words)."""
        state = self.state
        seat = state.current_player
        dice = sorted(state.dice[seat], key=lambda d: -d[1])
        need = state.dice_needed(space) if dice else 1
        set_to = 6 if state.characters[seat] == "raschid" else 0
        attempt = Place(space, tuple(dice[:need]) or (("own", 1),), set_to)
        problem = state.why_illegal(attempt)
        if problem is None:  # only the moneybag-fallback ruling can get here
            self.show_problem("MP-TURN-1", lambda: tr("no placement there is open to you now"))
        else:
            self.show_violation(problem, lambda: self.snapshots[-1].why_illegal(attempt))

    def select_bonus(self, kind: str) -> bool:
        """A bonus button: list its options (or play it if there is just one). True if something was listed/played."""
        if not self._ready():
            return False
        legal = [a for a in self.state.legal_actions() if _is_kind(a, kind)]
        if not legal:
            self.show_problem("MP-BONUS-1", lambda: tr("{bonus} is not open to you now").format(bonus=tr(BONUS[kind][0])))
            return False
        if len(legal) == 1:
            return self.choose(legal[0])
        self._filter = kind
        self.clear_message()                    # the prompt line asks the question of this bonus action
        self._fill_controls(self.state)
        self._rehighlight()
        return True

    def _ready(self) -> bool:
        state = self.state
        if not self.live:
            self.say(self.replaying_words)
            return False
        if state.is_terminal():
            self.say(lambda: self.game_over_words(state))
            return False
        if self.seats[state.current_player] != HUMAN:
            self.say(lambda: "<i>" + tr("It is not a human player's turn.") + "</i>")
            return False
        return True

    def pick_location(self, city: str):
        """What a click on the map at ``city`` does during a travel: keep the paths that end there, select the
        cheapest, draw it with its cost (press Play to confirm). Returns the selected Move, or None."""
        state = self.state
        if not self._ready():
            return None
        if not state.tasks or state.tasks[0][0] not in ("travel", "extra_move"):
            self.say(lambda: "<i>" + tr("{place}: the map is clicked to choose where to travel, after you place dice on travel "
                                "(MP-TRAVEL-1).").format(place=html.escape(state.map.name.get(city, city))) + "</i>")
            return None
        ending = [a for a in state.legal_actions() if a.paths and any(p[-1] == city and len(p) > 1 for p in a.paths)]
        if not ending:
            import networkx as nx

            seat = state.current_player
            start = state.travellers[seat][0]
            try:
                way = tuple(nx.shortest_path(state.data.board, start, city))
            except (nx.NetworkXNoPath, nx.NodeNotFound):
                way = (start, city)
            attempt = Move((way, *((t,) for t in state.travellers[seat][1:])))
            problem = state.why_illegal(attempt)
            if problem is not None:
                self.show_violation(problem, lambda: self.snapshots[-1].why_illegal(attempt))
            else:
                self.say(lambda: "<i>" + tr("No listed path ends at {place}.").format(
                    place=html.escape(state.map.name.get(city, city))) + "</i>")
            return None
        def cost(a):
            coins, camels, _steps = self._payment(state, a)
            return coins + camels

        self.destination = city
        best = self._highlighted if self._highlighted in ending else min(ending, key=cost)
        self._fill_controls(state)
        self._quiet_select = True
        try:
            self.choice_list.value = best
        finally:
            self._quiet_select = False
        self.say(lambda: tr("<b>Travel to {place}</b>: {path}. Press <b>Play</b> to confirm, or click another place.").format(
            place=html.escape(state.map.name[city]), path=html.escape(self._label(state, best))))
        self._rehighlight()
        self._draw_map(state, self.viewer())
        return best

    def play_selected(self) -> bool:
        """The Play button: play the action selected in the list."""
        action = self.choice_list.value
        if action is None:
            self.say(lambda: "<i>" + tr("Choose an action space or a bonus action first.") + "</i>")
            return False
        return self.choose(action)

    def choose(self, action) -> bool:
        """Play ``action`` through the engine (a refusal shows its rule; nothing changes). True if played."""
        done = self.play(action)
        if done:
            self._filter = None
            self.destination = None
            self._fill_controls(self.state if self.live else None)
        return done

    def play(self, action) -> bool:
        self._filter = None if action is not None else self._filter
        return super().play(action)

    def close(self) -> None:
        """Release the click handler, the figure and every widget the app made."""
        if getattr(self, "_closed", False):
            return
        if self.picker is not None:
            self.picker.disconnect()
            self.board.close()
        super().close()


# -- a guided first turn --

class MarcoPoloGuide(ScriptedGuide):
    """The guided first turn of The Voyages of Marco Polo: place two dice on travel (the lower one is how far you
    may go), click a large city on the map and Play the travel there (a trading post and the outpost bonus), any
    choice the travel brings, then End turn. Each step outlines the button or rings the place in orange, and the
    rule is explained after the click."""

    steps = 3
    welcome = N_("Welcome! This guided turn walks you through your first turn: follow the orange outlines and rings.")

    def __init__(self):
        super().__init__()
        self.destination = None

    def _best_travel(self, state):
        """(dice placement on travel, Move) reaching a large city (else any place) at the lowest cost."""
        best = None
        for place in state.legal_actions():
            if not (isinstance(place, Place) and place.space == "travel"):
                continue
            after = state.child(place)
            for move in after.legal_actions():
                if not isinstance(move, Move) or not move.paths or len(move.paths[0]) < 2:
                    continue
                end = move.paths[0][-1]
                plan = after._check(move)
                key = (after.data.board.nodes[end]["kind"] != "large", plan["coins"] + plan["camels"],
                       sum(v for _c, v in place.dice) + place.set_to, end)
                if best is None or key < best[0]:
                    best = (key, place, move)
        return (best[1], best[2]) if best else None

    def plan(self, app, state, step: int):
        legal = state.legal_actions()
        if step == 0:
            found = self._best_travel(state)
            if found is None:
                return None
            place, move = found
            self.destination = move
            return (place, tr("Click <b>{space}</b> (outlined in orange), then choose <i>{move}</i> in the list (it is "
                              "selected for you) and press <b>Play</b>. Travel takes exactly 2 dice; the lower die is how "
                              "many steps you may go (MP-TRAVEL-1).").format(space=html.escape(SPACE_NAMES["travel"]),
                                                                             move=html.escape(str(place))), "MP-TRAVEL-1")
        if step == 1 and state.tasks and state.tasks[0][0] == "travel":
            move = self.destination if self.destination in legal else next(
                (a for a in legal if isinstance(a, Move) and a.paths and len(a.paths[0]) > 1), None)
            if move is None:
                return None
            city = state.map.name[move.paths[0][-1]]
            return (move, tr("Click <b>{city}</b> on the map (ringed in orange; or choose its path in the list): the path "
                             "and its cost appear; then press <b>Play</b>. You pay the coins of the steps and each "
                             "route's extra cost (MP-TRAVEL-2), and a trading post of yours goes into {city}; the first "
                             "to get there takes its outpost bonus (MP-TRAVEL-4).").format(city=html.escape(city)),
                    "MP-TRAVEL-4")
        if state.tasks and legal:
            kind = state.tasks[0][0]
            return (legal[0], tr("Your move asks a question ({choice}): choose in the list (the first answer is "
                                 "selected) and press <b>Play</b>.").format(
                choice=html.escape(DESCRIPTION.get(kind, kind))), DECISION_RULE.get(kind, "MP-TURN-1"))
        if EndTurn() in legal:
            return (EndTurn(), tr("Your main action is done: bonus actions could follow; press <b>End turn</b> "
                                  "(outlined) to let the others play. One main action a turn (MP-TURN-1)."), "MP-TURN-1")
        return None


def guided_first_turn(players: int = 2, seed: int = 5, bot: str = "mp-greedy", bot_seed: int = 0,
                      canvas: str = "ipympl") -> MarcoPoloApp:
    """A Marco Polo app (you against ``players - 1`` ``bot`` bots) whose first turn is guided
    (:class:`MarcoPoloGuide`): dice on travel, a large city clicked on the map, the travel played, End turn.
    Each step outlines the button or rings the place in orange and explains its rule after the click; other
    moves are refused kindly (nothing changes); then normal play. Put it last in a cell::

        from caravan_lessons.ui.marco_polo_app import guided_first_turn
        guided_first_turn()

    Raises:
        ValueError: a bad number of players, bot name or canvas.
    """
    app = MarcoPoloApp(players=players, seed=seed, seats=["human"] + [bot] * (players - 1), bot_seed=bot_seed,
                       canvas=canvas)
    MarcoPoloGuide().start(app)
    return app
