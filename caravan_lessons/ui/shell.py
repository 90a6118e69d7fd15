"""The play-app shell every game shares: seats, bots, turns, pauses, undo, the log and the replay slider.

A game's app subclasses :class:`PlayShell` and supplies the table: how the position is shown
to a seat, how the learner's clicks become an action, and whether a move revealed hidden
information. The shell does the rest:

* each seat is a human or a bot chosen in a dropdown (bot names from ``agents.AGENTS``);
  two humans play hot-seat, the table showing the hand of whoever is to move; every seat has a
  name (:meth:`PlayShell.seat_name`: "Player 0 (you)", "Player 1 (random bot)");
* a status line says whose turn it is and what they may do; a message line says what the last
  move did, or why an attempt was refused (rule ID, plain words, our wording of the rule);
* every action goes through the engine: an illegal one is explained with the rule the engine
  names and changes nothing;
* **pauses**: at the end of a round or phase (:meth:`PlayShell.pause_reason`) play stops for
  everyone, bots included: the score sheet is shown in a score stepper and only a human's click
  on the continue button (**Next round**) plays :meth:`PlayShell.continue_action`. Bots never
  press it, even when both seats are bots;
* undo: in **practice** mode always; in **match** mode only while no hidden card has been
  revealed since the move (as on Board Game Arena), so undo cannot be used to peek, and never
  across a round end. Undoing past a round end (practice mode only) takes the round result and its
  score sheet back with the move; the button then reads "Undo my move and the result";
* the whole move log, numbered as the replay slider counts; moving the slider shows a past
  position, highlights its move in the log and says it on the message line; play resumes when
  the slider is back at the end;
* an optional :class:`Guide` (a scripted tutorial) may refuse off-script moves kindly;
  :class:`ScriptedGuide` is the guided first turn of the map games (a move per step, its rule explained);
* **pointing at a move**: :meth:`PlayShell.highlight` ``(action, note=None)`` marks where an engine action is
  on the screen, in orange, until the next move is played or ``highlight(None)``: its places on the board
  (rings or frames, :class:`~caravan_lessons.ui.board.LiveBoard`) and the widgets to use (an outline; lists
  select the move). The guided turns use it, and a coach's Hint button can too::

      hint = coach_move(app.state)                  # any legal action of the player to move
      app.highlight(hint, note="<b>Hint:</b> ...")  # shown on the message line

  Each app says where a move is in :meth:`PlayShell.highlight_parts` (a :class:`Highlight` of board points
  and widgets), and draws ``self.highlighted.points`` on its board in ``draw``; a click on a highlighted
  space plays the highlighted move;
* :meth:`PlayShell.close` releases every widget the app made.

How to build a game's app on the shell (see ``jaipur_app.py``)::

    class MyApp(PlayShell):
        css_prefix = "mygame"                # CSS classes: mygame-status, mygame-undo, ...
        continue_label = "Next round"        # the pause button
        players = 2                          # seats the game has (checked)
        def __init__(self, seed=1, bot="random", seats=None, mode="practice", bot_seed=0):
            seats = list(seats or ("human", bot))
            self.check_arguments(seats, mode, bot_seed)  # refuse bad arguments before making widgets
            state = new_game(seed=seed)
            ...create the table's widgets once (reuse them on every redraw)...
            super().__init__(state, seats, mode, bot_seed, rules=RULES, score_colours=...)
            self.start()                     # bots move if a bot starts; first drawing
        def layout_children(self): ...      # the widgets top to bottom (use self.settings etc.)
        def draw(self, state, seat, live): ...  # show state as seat sees it (enable clicks if live)
        def describe_turn(self, state, seat): ...   # what the player to move may do
        def reveals_hidden(self, before, after, seat): ...  # for match-mode undo
        def pause_reason(self, state): ...  # text if state is a round end that waits for a human
        def continue_action(self, state): ...   # the action the continue button plays (NextRound())
        # optional: describe_end, score_sheet_for, short_names, seat_name; a Guide for a tutorial;
        # highlight_parts(state, action) -> Highlight(points, widgets) for highlight() (guides, hints)

The learner's clicks end in :meth:`PlayShell.play` (an action) or :meth:`PlayShell.show_violation`
(a RuleViolation raised while building one); never invent a rule ID the engine did not give.
"""
from __future__ import annotations

import html
from collections.abc import Callable, Mapping
from typing import NamedTuple

import ipywidgets as W

from ..agents import AGENTS, View, make_agent
from ..core import RuleViolation, _short, plural
from ..i18n import N_, get_language, language_names, on_language_change, set_language, tr
from .board import ipympl_canvas  # noqa: F401  (re-exported: apps import it from here)
from .coach_panel import CoachPanel
from .common import ScoreStepper, unit_name

HUMAN = "human"
MODES = ("match", "practice")
MODE_TIPS = (N_("undo only while nothing hidden was revealed since your move"), N_("undo any move, any time"))
MODE_WORDS = {"match": N_("match"), "practice": N_("practice")}
GUIDE_CSS = ("<style>.guide-target{outline:4px solid #ff9800 !important;outline-offset:1px}"
             ".guide-box{background:#fff8e1;padding:4px 8px;border-left:4px solid #ff9800;margin:2px 0}"
             ".guide-done{background:#e8f5e9;padding:4px 8px;border-left:4px solid #43a047;margin:2px 0}</style>")
"""The look of a highlighted move (orange outline, as Jaipur's guided cards) and of a guided step's words."""


class Highlight(NamedTuple):
    """What :meth:`PlayShell.highlight` shows for a move: board points marked in orange (board units) and
    widgets outlined in orange (the buttons or lists to use)."""

    points: tuple = ()
    widgets: tuple = ()


def set_enabled(button: W.Button, enabled: bool, style: str = "") -> None:
    """Enable or disable ``button`` so that the difference shows: enabled it wears ``style`` (e.g. "warning",
    orange), disabled it is plain grey. (A disabled coloured button only fades a little and still looks
    pressable, testers found.)"""
    button.disabled = not enabled
    button.button_style = style if enabled else ""


class Guide:
    """A scripted tutorial for the first moves of a game (base class; see ``jaipur_app.JaipurGuide``).

    The shell asks the guide before it plays a human's action: :meth:`refuse` returns None for the
    move the script wants, or a kind message explaining what to do instead (nothing changes).
    After each scripted move the shell calls :meth:`advance`; when :attr:`done` is True the guide
    hands over to normal play. :meth:`instructions` is shown on the message line.
    """

    done: bool = False

    def instructions(self, app, state) -> str:
        """HTML telling the learner what to do now."""
        return ""

    def refuse(self, app, state, action) -> str | None:
        """None if ``action`` is the scripted move now, else a kind message (HTML) saying what to do."""
        return None

    def advance(self, app, state) -> None:
        """Called after the learner's scripted move was played (and the bots answered)."""


class ScriptedGuide(Guide):
    """A guided first turn for any app on the shell: a list of steps, each a move to make.

    A subclass implements :meth:`plan`: for step ``k`` on the position reached, the move to make (an engine
    action legal now), the words saying what to click ("click this"), and the rule it teaches (an ID of the
    game's ``RULES``). The guide then

    * highlights the move through :meth:`PlayShell.highlight` (orange marks on the board, orange outlines on
      the buttons; the app's :meth:`PlayShell.highlight_parts` says where the move is);
    * refuses any other move kindly (nothing changes; an illegal one is still explained by the engine);
    * after the move, explains the rule with its ID and our wording of it, then shows the next step;
    * hands over to normal play after the last step (or when :meth:`plan` returns None).

    Attributes:
        step: the index of the step shown now. steps: how many steps the script has. planned: the move now.
    """

    steps = 1
    instructions_first = True
    welcome = N_("Welcome! This guided turn shows you how to play: follow the orange marks.")
    farewell = N_("<b>Well done: the guided turn is over.</b> From now on you choose.")

    def __init__(self):
        self.step = 0
        self.planned = None
        self.words = ""
        self.rule = ""
        self.done = False
        self._explained_rule: tuple | None = None   # (app, rule ID) of the step just done: "Why this works"

    @property
    def _explained(self) -> str:
        """HTML: why the step just done worked (its rule), in the current language; "" before the first step."""
        if self._explained_rule is None:
            return ""
        app, rule = self._explained_rule
        return ("<div class='guide-done'>&#10003; " + tr("Why this works: {rule}").format(
            rule=self._rule_words(app, rule)) + "</div>")

    def reword(self, app) -> None:
        """After a change of language: plan the step shown now again, so that its words are the new language's
        (the move planned stays the same)."""
        if self.done or self.planned is None:
            return
        found = self.plan(app, app.state, self.step)
        if found is not None and found[0] == self.planned:
            self.words, self.rule = found[1], found[2]

    def plan(self, app, state, step: int):
        """Hook: ``(action, words, rule ID)`` for ``step`` (0-based) on ``state``, or None to hand over."""
        raise NotImplementedError

    def start(self, app) -> bool:
        """Begin on ``app`` (a human to move): plan step 0, highlight it, show the welcome. False if the
        position has no step to guide (the app plays on unguided)."""
        state = app.state
        if state.is_terminal() or app.seats[state.current_player] != HUMAN or not self._plan(app, state):
            return False
        app.guide = self
        app.set_highlight(self.planned)
        app._message = lambda: f"<div>{tr(self.welcome)}</div>" + self.instructions(app, app.state)
        app.refresh()
        return True

    def _plan(self, app, state) -> bool:
        found = self.plan(app, state, self.step) if self.step < self.steps else None
        if found is None:
            self.planned, self.done = None, True
            return False
        self.planned, self.words, self.rule = found
        return True

    def _rule_words(self, app, rule: str) -> str:
        r = app.rules.get(rule)
        text = f" {html.escape(r.text)}" if r is not None else ""
        return f"<b>{html.escape(rule)}</b>:{text}"

    def instructions(self, app, state) -> str:
        if self.done:
            return self._explained + f"<div class='guide-done'>{tr(self.farewell)}</div>" if self._explained else ""
        if self.planned is None:
            return ""
        head = tr("<b>Guided turn, step {step} of {steps}.</b> ").format(step=self.step + 1, steps=self.steps)
        return f"{self._explained}<div class='guide-box'>{head}{self.words}</div>"

    def refuse(self, app, state, action) -> str | None:
        if action == self.planned:
            return None
        return ("<div class='guide-box'>" + tr("That move is legal ({move}), but this guided turn asks for another "
                                               "one first: follow the orange marks.").format(
            move=html.escape(str(action))) + "</div>" + self.instructions(app, state))

    def advance(self, app, state) -> None:
        done_rule = self.rule
        self.step += 1
        self._explained_rule = (app, done_rule)
        if state.is_terminal() or app.seats[state.current_player] != HUMAN or not self._plan(app, state):
            self.done = True
            self.planned = None
            app.set_highlight(None)
            return
        app.set_highlight(self.planned)


class PlayShell(W.VBox):
    """Base class of the play apps. Subclasses implement the hooks marked "hook" below.

    Args:
        state: the engine state to play (owned by the shell from now on).
        seats: per seat ``"human"`` or a bot name, e.g. ``["human", "random"]``.
        mode: ``"match"`` (undo only while nothing hidden was revealed) or ``"practice"`` (free undo).
        bot_seed: seeds the bots (seat ``s`` gets ``bot_seed + s``).
        rules: rule ID -> rule (``id``, ``text``, ``section``), to quote the rule of a refusal.
        score_colours: category -> colour for the score stepper's chart.

    Raises:
        ValueError: an unknown mode or player name, a number of seats other than the game's, or a
            bot_seed that is not a whole number.

    Attributes:
        state: the live engine state.
        snapshots: the position after every action so far (index 0: the start), for the replay.
        moves: for each action (move ``k`` is ``moves[k - 1]``), the log lines it produced, in the current
            language (worded again after a change of language: see :meth:`move_lines`).
        history: ``(index in snapshots, state before)`` of each human move, for undo.
        stepper: the one :class:`~caravan_lessons.ui.common.ScoreStepper` of the app (shown at pauses).
        stepper_box: the pause panel: the continue button, and the stepper (place it in ``layout_children``).
        continue_button: the **Next round** button (inside ``stepper_box``).
        settings: the row of seat pickers and the undo policy.
        guide: a :class:`Guide` while a scripted tutorial runs, else None.
    """

    css_prefix = "play"
    """Prefix of the CSS classes of the shell's widgets (``<prefix>-status``, ``<prefix>-undo``, ...)."""
    continue_label = N_("Next round")
    """The label of the continue button shown at pauses (a catalogue message: shown with ``tr``)."""
    players: int | None = None
    """The number of seats the game has (checked against ``seats``), or None for any number."""
    game_title = N_("this game")
    """The game's name in messages ("'mp-greedy' does not play Samarkand")."""
    bot_names: tuple[str, ...] | None = None
    """The bots that play this game (the seat pickers offer these), or None for every bot of ``agents.AGENTS``."""
    compact_messages = False
    deal = None
    """None, or a function of no arguments that deals the app's game again (``new_game`` with the same arguments):
    the start of the log is worded again from it after a change of language (see :meth:`start_events`)."""
    """True: the status and message lines at a reading line height (the map apps, whose message box has a
    fixed height), not the 28 px line of ipywidgets' HTML."""

    def __init__(self, state, seats=("human", "random"), mode: str = "match", bot_seed: int = 0,
                 rules: Mapping | None = None, score_colours: Mapping | None = None):
        names = self.check_arguments(seats, mode, bot_seed)
        seats = list(seats)
        prefix = self.css_prefix
        self.state = state
        self.rules = rules or {}
        self.bot_seed = bot_seed
        self.guide: Guide | None = None
        self._highlighted = None
        self.highlighted = Highlight()
        self._outlined: tuple = ()
        self.snapshots = [state.clone()]
        self.actions: list = []  # the action of each move (move k is actions[k - 1]), for record()
        self._move_lines: list[dict[str, list[str]]] = []   # per move: language -> its log lines
        self._start_words: dict[str, list[str]] = {}
        self.history: list[tuple[int, object]] = []
        self._message_source: str | Callable[[], str] = ""
        self._log_cache: tuple | None = None
        self._quiet = False
        self._relabelling = False
        self._player_names = names
        self.seat_pickers = []
        for seat, who in enumerate(seats):
            picker = W.Dropdown(options=names, value=who, layout=W.Layout(width="210px")).add_class(
                f"{prefix}-seat-{seat}")
            picker.observe(lambda change, seat=seat: self._seat_changed(seat), names="value")
            self.seat_pickers.append(picker)
        self.mode_picker = W.ToggleButtons(options=MODES, value=mode,
                                           style={"button_width": "86px"}).add_class(f"{prefix}-mode")
        self.mode_picker.observe(lambda _c: None if self._relabelling else self.refresh(), names="value")
        # the label and its toggle stay together: if the row is too narrow, they wrap as one
        self.mode_label = W.HTML(layout=W.Layout(margin="0 6px 0 12px"))
        self.mode_box = W.HBox([self.mode_label, self.mode_picker],
                               layout=W.Layout(align_items="center", flex="0 0 auto"))
        self.language_picker = W.Dropdown(options=[(name, code) for code, name in language_names().items()],
                                          value=get_language(), layout=W.Layout(width="190px", margin="0 0 0 12px"),
                                          style={"description_width": "initial"}).add_class(f"{prefix}-language")
        self.language_picker.observe(lambda change: self._language_chosen(change["new"]), names="value")
        # 4 or 5 seat pickers are wider than a notebook's output: they wrap too (the 4th touched the edge)
        self.settings = W.HBox([W.HBox(self.seat_pickers, layout=W.Layout(flex="0 1 auto", flex_flow="row wrap")),
                                self.mode_box,
                                self.language_picker],
                               layout=W.Layout(flex_flow="row wrap", align_items="center")).add_class(
            f"{prefix}-settings")
        self.bots: dict = {}
        self._make_bots()
        self.status = W.HTML().add_class(f"{prefix}-status")
        self.explain = W.HTML().add_class(f"{prefix}-explain")
        self.undo_button = W.Button(icon="undo", layout=W.Layout(width="170px")).add_class(f"{prefix}-undo")
        self.undo_button.on_click(lambda _b: self.undo())
        self.continue_button = W.Button(button_style="success", icon="forward",
                                        layout=W.Layout(width="150px", display="none")).add_class(
            f"{prefix}-continue")
        self.continue_button.on_click(lambda _b: self.continue_play())
        self.replay = W.IntSlider(value=0, min=0, max=0, continuous_update=False,
                                  style={"description_width": "110px"},
                                  layout=W.Layout(width="480px")).add_class(f"{prefix}-replay")
        self.replay.observe(lambda _c: self._replay_moved(), names="value")
        # the replay slider sits in a box of its own, so that its view can be made again (see _renew_slider)
        self.replay_pad = W.HTML(layout=W.Layout(width="0px", margin="0"))
        self.replay_box = W.HBox([self.replay]).add_class(f"{prefix}-replay-box")
        self._slider_range = self.replay.max
        self.log_view = W.HTML().add_class(f"{prefix}-log")
        self.stepper = ScoreStepper(rules=self.rules, colours=score_colours)
        self.stepper_title = W.HTML()
        self.coach_game = state.observation(0).get("game")
        self.coach = CoachPanel(self)
        # the pause panel: the continue button beside the title, so it is at hand while reading the sheet;
        # the coach's Review button beside it, the review below the sheet
        self.stepper_box = W.VBox([W.HBox([self.stepper_title, self.continue_button, self.coach.review_button],
                                          layout=W.Layout(align_items="center", flex_flow="row wrap")),
                                   self.stepper, self.coach.review_box],
                                  layout=W.Layout(display="none", border="1px solid #ccc", padding="4px 8px",
                                                  margin="4px 0")).add_class(f"{prefix}-score-sheet")
        css = GUIDE_CSS
        if self.compact_messages:     # HTML widgets use the 28 px line of a button: text lines far apart
            css += (f"<style>.{prefix}-status .widget-html-content, .{prefix}-explain .widget-html-content"
                    "{line-height:1.45;padding-top:2px}</style>")
        self._style = W.HTML(css, layout=W.Layout(display="none"))
        super().__init__([*self.layout_children(), self._style])
        self.add_class(f"{prefix}-app")
        self.relabel()
        self._stop_listening = on_language_change(self._language_changed)

    # -- the language --

    def relabel(self) -> None:
        """Hook: put the words of the current language on the widgets made once (labels, buttons, options).
        A game's app extends it (``super().relabel()`` first) for its own widgets; the shell calls it when the
        app is made and whenever the language changes (the picker, or ``caravan_lessons.set_language``)."""
        self._relabelling = True
        try:
            for seat, picker in enumerate(self.seat_pickers):
                value = picker.value
                picker.description = tr("Player {seat}").format(seat=seat)
                picker.options = [(tr("human") if n == HUMAN else n, n) for n in self._player_names]
                picker.value = value
            value = self.mode_picker.value
            self.mode_picker.options = [(tr(MODE_WORDS[m]), m) for m in MODES]
            self.mode_picker.value = value
            self.mode_picker.tooltips = [tr(t) for t in MODE_TIPS]
            self.mode_label.value = "<b>" + tr("Undo policy:") + "</b>"
            self.language_picker.description = tr("Language")
            self.language_picker.value = get_language()
            self.continue_button.description = tr(self.continue_label)
            self.replay.description = tr("Replay move")
            self.stepper.relabel()
            self.coach.relabel()
        finally:
            self._relabelling = False

    def _language_chosen(self, code: str) -> None:
        """The language picker: every message from now on in ``code`` (this app and every other one redraw)."""
        if not self._relabelling and code != get_language():
            set_language(code)

    def _language_changed(self, code: str) -> None:
        """Redraw in the new language at once (called for every open app when the language changes)."""
        if getattr(self, "_closed", False):
            return
        self.relabel()
        self._log_cache = None
        if self.guide is not None and hasattr(self.guide, "reword"):
            self.guide.reword(self)
        self.refresh()

    # -- the log, worded in the language of the moment --

    @property
    def moves(self) -> list[list[str]]:
        """For each action so far (move ``k`` is ``moves[k - 1]``), its log lines in the current language."""
        lang = get_language()
        out = []
        for k, words in enumerate(self._move_lines):
            if lang not in words:
                words[lang] = self.move_lines(k)
            out.append(words[lang])
        return out

    @property
    def _start_lines(self) -> list[str]:
        """The log lines of the position the app started from, in the current language."""
        lang = get_language()
        if lang not in self._start_words:
            self._start_words[lang] = [self.word_line(str(e)) for e in self.start_events()]
        return self._start_words[lang]

    def move_lines(self, k: int) -> list[str]:
        """The log lines of move ``k + 1`` worded in the current language: the move is played again on a copy of
        the position before it (the engine words its events as it plays them; the copy keeps the seeded
        generator, so the same cards come out), and its events are read."""
        before = self.snapshots[k].clone()
        seen = len(before.events)
        before.apply(self.actions[k])
        return [self.word_line(str(e)) for e in before.events[seen:]]

    def start_events(self) -> list:
        """Hook: the events of the starting position in the current language (the log's move 0): those of
        :attr:`deal` ``()`` if the app set it (a game whose engine words its events as it plays them, dealt again
        with the same seed), else the first snapshot's (engines that word their events when they are read)."""
        return list((self.deal() if self.deal is not None else self.snapshots[0]).events)

    def word_line(self, line: str) -> str:
        """Hook: a log line as the app shows it (Marco Polo names places as its map does). Default: as it is."""
        return line

    # -- the message line, worded when it is shown --

    @property
    def _message(self) -> str:
        """The message line's HTML in the current language (its source may be a function that words it)."""
        source = self._message_source
        return source() if callable(source) else source

    @_message.setter
    def _message(self, value) -> None:
        self._message_source = value

    @classmethod
    def check_arguments(cls, seats, mode: str, bot_seed: int) -> list[str]:
        """Check the shell's arguments before any widget is made; return the player names a seat may take.

        Raises:
            ValueError: an unknown mode or player name, a number of seats other than :attr:`players`,
                or a bot_seed that is not a whole number.
        """
        if not isinstance(mode, str) or mode not in MODES:
            raise ValueError(f"mode must be one of {', '.join(MODES)}, not {_short(mode)}")
        if isinstance(bot_seed, bool) or not isinstance(bot_seed, int):
            raise ValueError(f"bot_seed must be a whole number, not {_short(bot_seed)}")
        names = [HUMAN, *(cls.bot_names if cls.bot_names is not None else sorted(AGENTS))]
        seats = cls.seat_list(seats, cls.players if cls.players is not None else len(seats)
                              if isinstance(seats, (list, tuple)) else 2)
        for seat, who in enumerate(seats):
            if who not in names:
                what = f"{who!r} does not play {cls.game_title}" if who in AGENTS else f"unknown player {_short(who)}"
                raise ValueError(f"seat {seat}: {what}; choose from {', '.join(names)}")
        return names

    @classmethod
    def seat_list(cls, seats, players: int, default: str = "random") -> list[str]:
        """``seats`` as a list of one player per seat, checked (an app calls this before making any widget).

        Args:
            seats: None (a human in seat 0, ``default`` bots elsewhere) or a list or tuple of ``players`` names,
                each ``"human"`` or a bot name.
            players: the number of seats (already checked by the app).

        Raises:
            ValueError: ``seats`` is not a list or tuple (a string, True, a dict ...), has another length than
                ``players``, or holds something that is not a name.
        """
        if seats is None:
            return [HUMAN] + [default] * (players - 1)
        example = ", ".join(repr(n) for n in [HUMAN] + [default] * (min(players, 4) - 1))
        if not isinstance(seats, (list, tuple)):
            raise ValueError(f"seats must be a list with one player per seat (\"human\" or a bot name), e.g. "
                             f"[{example}], not {_short(seats)}")
        seats = list(seats)
        if len(seats) != players:
            raise ValueError(f"this game has {players} seats; give one player per seat, not {len(seats)}: "
                             f"{_short(seats, 80)}")
        for seat, who in enumerate(seats):
            if not isinstance(who, str):
                raise ValueError(f"seat {seat}: a player is \"human\" or a bot name (a string), not {_short(who)}")
        return seats

    def start(self) -> None:
        """Let bots move if a bot is to move first, then draw. Subclasses call it at the end of __init__."""
        self.play_bots()
        self.refresh()

    # -- hooks for the game's app --

    def layout_children(self) -> list:
        """Hook: the widgets of the app, top to bottom. The default shows the shell's widgets only."""
        return [self.settings, self.status, self.explain, self.stepper_box, self.undo_button, self.replay_box,
                self.log_view]

    def draw(self, state, seat: int, live: bool) -> None:
        """Hook: show ``state`` as ``seat`` sees it; ``live`` is False while replaying (no actions then).
        Reuse the widgets made in ``__init__``; change only the traits whose value changes."""
        raise NotImplementedError

    def describe_turn(self, state, seat: int) -> str:
        """Hook: HTML, what the player to move may do now (with rule IDs)."""
        return ""

    def reveals_hidden(self, before, after, seat: int) -> bool:
        """Hook: True if going from ``before`` to ``after`` showed ``seat`` something that was hidden
        (then match-mode undo is refused). The default is the safe answer, True."""
        return True

    def pause_reason(self, state) -> str | None:
        """Hook: plain words if ``state`` is a round or phase end that waits for a human's click on the
        continue button ("Round 1 is over: ..."), else None. Bots stop there; the score sheet is shown.
        The default: no pauses."""
        return None

    def continue_action(self, state):
        """Hook: the engine action the continue button plays at a pause (e.g. Jaipur's ``NextRound()``)."""
        raise NotImplementedError

    def describe_end(self, state) -> str:
        """Hook: plain words for the status line when the game is over (``state.is_terminal()``)."""
        return tr("The game is over.")

    def score_sheet_for(self, state):
        """Hook: the score sheet shown at a pause or at the end, or None. Default: ``state.score_sheet()``."""
        return state.score_sheet()

    def short_names(self) -> list[str]:
        """Hook: the seat names the score sheet uses (default: :meth:`seat_name` of each seat)."""
        return [self.seat_name(s) for s in range(len(self.seat_pickers))]

    # -- seats and bots --

    @property
    def seats(self) -> list[str]:
        """``"human"`` or a bot name per seat."""
        return [p.value for p in self.seat_pickers]

    def seat_name(self, seat: int) -> str:
        """The name of a seat everywhere in the app: "Player 0 (you)" when one human plays,
        "Player 0" for each of two humans (hot-seat), "Player 1 (random bot)" for a bot; "the game" for -1.

        Raises:
            ValueError: ``seat`` is not a seat number of this game (nor -1)."""
        seats = self.seats
        if isinstance(seat, bool) or not isinstance(seat, int) or not -1 <= seat < len(seats):
            raise ValueError(f"seat must be a seat number 0 to {len(seats) - 1} (or -1 for the game), not {_short(seat)}")
        if seat < 0:
            return tr("the game")
        who = seats[seat]
        if who != HUMAN:
            return tr("Player {seat} ({bot} bot)").format(seat=seat, bot=who)
        return (tr("Player {seat} (you)") if self.seats.count(HUMAN) == 1 else tr("Player {seat}")).format(seat=seat)

    def _make_bots(self) -> None:
        self.bots = {seat: make_agent(who, self.bot_seed + seat) for seat, who in enumerate(self.seats) if who != HUMAN}

    def _seat_changed(self, seat: int) -> None:
        if self._relabelling:
            return
        self._make_bots()
        self._log_cache = None
        self.play_bots()
        self.refresh()

    def viewer(self, state=None) -> int:
        """The seat whose hand the table shows: the human to move (hot-seat), else the first human, else 0."""
        state = state or self.state
        humans = [s for s, who in enumerate(self.seats) if who == HUMAN]
        if state.current_player in humans:
            return state.current_player
        return humans[0] if humans else 0

    # -- messages --

    def game_over_words(self, state) -> str:
        """HTML for a click after the end: the game is over, who won, what still works."""
        end = self.describe_end(state)
        over = tr("The game is over.")
        head = "" if end.lower().startswith(over.lower().rstrip(".")) else over + " "
        return "<i>" + head + tr("{end} Nothing more can be played; the replay slider (and undo, in practice mode) "
                                 "still work.").format(end=html.escape(end)) + "</i>"

    # -- pointing at a move (guided turns, hints) --

    def highlight(self, action=None, note: str | None = None) -> Highlight:
        """Point at ``action`` (an engine action, e.g. a hint's suggested move): its places on the board get
        orange marks and the widgets to use an orange outline, until the next move is played or
        ``highlight(None)``. ``note`` (HTML), if given, goes on the message line. Redraws; returns what is shown.

        This is the one way every app points at a move: the guided first turns use it, and so can a coach's
        Hint button (``app.highlight(coach_move, note="Hint: ...")``). Where a move is on the screen comes from
        the app's :meth:`highlight_parts`.
        """
        self.set_highlight(action)
        if note is not None:
            self.say(note)
        self.refresh()
        return self.highlighted

    def set_highlight(self, action) -> None:
        """Like :meth:`highlight` without the redraw (for code that redraws anyway, e.g. a guide's advance)."""
        self._highlighted = action

    def highlight_parts(self, state, action) -> Highlight:
        """Hook: where ``action`` is on the screen now: board points (board units) to mark and widgets to
        outline. The default outlines nothing."""
        return Highlight()

    def _find_highlight(self, state=None, live: bool = True) -> Highlight:
        """Where the highlighted move is now (:meth:`highlight_parts`); nothing while replaying or at the end."""
        state = self.state if state is None else state
        wanted = self._highlighted if live and not state.is_terminal() else None
        self.highlighted = self.highlight_parts(state, wanted) if wanted is not None else Highlight()
        return self.highlighted

    def _rehighlight(self) -> None:
        """After a click that changed where the highlighted move is (a space's choices listed, a destination
        clicked) but drew nothing: move the outlines."""
        self._find_highlight(self.state, self.live)
        self._apply_outlines()

    def _apply_outlines(self) -> None:
        """Give the highlighted widgets the ``guide-target`` class (orange outline) and take it from the others."""
        wanted = tuple(self.highlighted.widgets)
        for widget in self._outlined:
            if all(widget is not w for w in wanted):
                widget.remove_class("guide-target")
        for widget in wanted:
            if "guide-target" not in widget._dom_classes:
                widget.add_class("guide-target")
        self._outlined = wanted

    def say(self, text) -> None:
        """Put HTML on the message line (it stays until the next move, selection change or clear).

        ``text`` is the HTML, or a function of no arguments that returns it: called again after a change of
        language, so that the message is worded in the new one (``say(lambda: tr("Choose a space."))``)."""
        self._message = text
        if self.live:
            self.explain.value = self._message

    def clear_message(self) -> None:
        """Empty the message line (the app calls this when the learner changes the selection)."""
        guide = self.guide
        self.say((lambda: guide.instructions(self, self.state)) if guide else "")

    def show_problem(self, rule: str, message) -> None:
        """Show a refused attempt: the rule ID, the plain words, and our wording of the rule.

        ``message``: the plain words, or a function of no arguments that returns them (worded again after a
        change of language)."""
        def words() -> str:
            head = ("<b>" + tr("Not allowed ({rule})").format(rule=html.escape(rule)) + "</b>: " if rule else
                    "<b>" + tr("Not allowed") + "</b>: ")
            text = f'<div style="color:#b71c1c">{head}{html.escape(message() if callable(message) else message)}</div>'
            if rule in self.rules:
                r = self.rules[rule]
                text += ('<div style="color:#555;font-size:90%">' + tr("Rule {rule} (rulebook section {section}): "
                                                                        "{text}").format(
                    rule=html.escape(r.id), section=html.escape(r.section), text=html.escape(r.text)) + "</div>")
            return text
        self.say(words)

    def show_violation(self, error: RuleViolation, again: Callable[[], RuleViolation | None] | None = None) -> None:
        """Show a RuleViolation exactly as the engine raised it (its rule ID and words). ``again``: a function
        that asks the engine once more (after a change of language its words are the new language's)."""
        said_in = get_language()

        def message() -> str:
            if again is not None and get_language() != said_in:
                problem = again()
                if problem is not None and problem.rule == error.rule:
                    return problem.message
            return error.message
        self.show_problem(error.rule, message)

    explain_violation = show_violation  # the old name

    # -- playing --

    @property
    def live(self) -> bool:
        """False while the replay slider shows a past position."""
        return self.replay.value == self.replay.max

    @property
    def paused(self) -> bool:
        """True at a round or phase end that waits for a human (see :meth:`pause_reason`)."""
        return self.pause_reason(self.state) is not None

    def _apply(self, action) -> None:
        """Apply a legal action to the live state and record the snapshot and its log lines."""
        state = self.state
        seen = len(state.events)
        state.apply(action)
        self.snapshots.append(state.clone())
        self.actions.append(action)
        self._move_lines.append({get_language(): [self.word_line(str(e)) for e in state.events[seen:]]})

    def play(self, action) -> bool:
        """Play ``action`` for the human to move; explain and refuse it if illegal (nothing changes).

        Returns True if it was played (the bots have answered, up to the next human turn or pause).
        """
        state = self.state
        if not self.live:
            self.say(self.replaying_words)
            return False
        if self.paused:
            self.say(lambda: "<i>" + tr("{pause} Press <b>{button}</b> to go on.").format(
                pause=html.escape(self.pause_reason(state) or ""), button=tr(self.continue_label)) + "</i>")
            return False
        if state.is_terminal():
            self.say(lambda: self.game_over_words(state))
            return False
        seat = state.current_player
        if self.seats[seat] != HUMAN:
            self.say(lambda: "<i>" + tr("It is not a human player's turn.") + "</i>")
            return False
        def again():
            return self.snapshots[-1].why_illegal(action)     # the live position, as it was refused
        try:
            problem = state.why_illegal(action)
        except ValueError as error:
            self.show_problem("", str(error))
            return False
        if problem is not None:
            self.show_violation(problem, again)
            return False
        if self.guide is not None:
            refusal = self.guide.refuse(self, state, action)
            if refusal is not None:
                guide = self.guide
                self.say(lambda: guide.refuse(self, state, action) or refusal)
                return False
        self.history.append((len(self.snapshots) - 1, state.clone()))
        first = len(self._move_lines)
        self._apply(action)
        self.set_highlight(None)        # a highlighted move is done (or another was made)
        self.play_bots()
        last = len(self._move_lines)
        guide = self.guide
        if guide is None:
            self._message = lambda: self._moves_message(first, last)
        else:
            guide.advance(self, self.state)
            position = self.state
            if getattr(guide, "instructions_first", False):
                # a scripted guide's words (why the move worked, the next step, or the farewell) come first:
                # the message box has a fixed height, and the bots' moves may fill it
                self._message = lambda: guide.instructions(self, position) + self._moves_message(first, last)
            elif not guide.done:
                self._message = lambda: self._moves_message(first, last) + guide.instructions(self, position)
            else:
                said = getattr(guide, "farewell_words", None) or (lambda: "")
                self._message = lambda: self._moves_message(first, last) + said()
            if guide.done:
                self.guide = None
        self.refresh()
        return True

    @staticmethod
    def replaying_words() -> str:
        """HTML for a click while the replay slider shows a past position."""
        return "<i>" + tr("You are replaying: move the slider to the end to play on.") + "</i>"

    def _moves_message(self, first: int, last: int | None = None) -> str:
        """HTML: what the moves ``moves[first:last]`` did (the player's lines, not the game's)."""
        lines = [line for move in self.moves[first:last] for line in move[:1]]
        if not lines:
            return ""
        head = f'<span style="color:#2e7d32">{html.escape(lines[0])}</span>'
        if len(lines) > 1:
            head += "<br><span style='color:#555'>" + tr("Then: {moves}").format(
                moves=html.escape(" ".join(lines[1:]))) + "</span>"
        return head

    def continue_play(self) -> bool:
        """The continue button: at a pause, play :meth:`continue_action` (any human may press it; bots
        never do), then let the bots move. True if done."""
        if not self.live:
            self.say(self.replaying_words)
            return False
        if not self.paused:
            self.say(lambda: "<i>" + tr("{button} is for the end of a round; the round is still being played.").format(
                button=tr(self.continue_label)) + "</i>")
            return False
        first = len(self._move_lines)
        self._apply(self.continue_action(self.state))
        self.play_bots()
        last = len(self._move_lines)

        def words() -> str:
            text = "<br>".join(html.escape(line) for line in self.moves[first]) or ""
            bots = self._moves_message(first + 1, last)
            return text + "<br>" + bots if bots else text
        self._message = words
        self.refresh()
        return True

    def play_bots(self) -> None:
        """Let bots move while it is a bot's turn, stopping at the end of the game and at every pause
        (a round end waits for a human's click, whoever won). Moves the replay slider to the end."""
        state = self.state
        while (not state.is_terminal() and self.seats[state.current_player] != HUMAN
               and self.pause_reason(state) is None):
            seat = state.current_player
            self._apply(self.bots[seat].choose(View(state, seat, state.legal_actions())))
        self._replay_to_end()

    def undo_reopens_a_round(self) -> bool:
        """True if undoing the last human move would take back a finished round (its result and score
        sheet): a round end or the end of the game was reached since that move."""
        if not self.history:
            return False
        index, _ = self.history[-1]
        return any(s.is_terminal() or self.pause_reason(s) is not None for s in self.snapshots[index + 1:])

    def can_undo(self) -> tuple[bool, str]:
        """Whether undo is allowed now, and why not.

        After a round end (or the end of the game) undo is offered only in practice mode, where it
        takes the round result and its score sheet back with the move; match mode keeps the result.
        """
        if not self.history:
            return False, tr("nothing to undo yet")
        if self.mode_picker.value == "practice":
            return True, ""
        if self.undo_reopens_a_round():
            return False, tr("the round is over and scored (match mode); switch the undo policy to practice to take "
                             "back your last move and the round result with it")
        _, before = self.history[-1]
        seat = before.current_player
        if self.reveals_hidden(before, self.state, seat):
            return False, tr("a hidden card was revealed since your move (match mode); switch the undo policy to "
                             "practice for free undo")
        return True, ""

    def undo(self) -> bool:
        """Take back the last human move (and the bots' answers). True if done."""
        allowed, why = self.can_undo()
        if not allowed:
            self.say(lambda: "<i>" + tr("Cannot undo: {why}.").format(why=html.escape(self.can_undo()[1] or why)) + "</i>")
            return False
        reopens = self.undo_reopens_a_round()
        index, before = self.history.pop()
        self.state = before
        del self.snapshots[index + 1:]
        del self.actions[index:]
        del self._move_lines[index:]
        self._replay_to_end()
        self._message = lambda: "<i>" + (tr("Your last move was undone, and the round result with it: the round is open "
                                            "again and nothing of it is scored yet.") if reopens else
                                         tr("Your last move was undone.")) + "</i>"
        self.refresh()
        return True

    # -- the coach --

    def record(self):
        """The game so far as a :class:`caravan_lessons.coach.GameRecord` (from the start of the app)."""
        from ..coach import GameRecord

        return GameRecord(self.snapshots[0], self.actions)

    def review_start(self) -> int:
        """Hook: the move count (index in :attr:`snapshots`) from which the Review button reviews. The
        default: the whole game. Games that pause between rounds review the round that just ended."""
        return 0

    def rewind(self, index: int) -> bool:
        """Go back to the position after ``index`` moves, to try another move there (the review's **Try
        the better move**). Taking moves back past what the seat has seen is practice-mode undo, so the
        app switches to practice mode (and says so). True if done."""
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < len(self.snapshots):
            return False
        if self.mode_picker.value != "practice":
            self.mode_picker.value = "practice"
        self.state = self.snapshots[index].clone()
        del self.snapshots[index + 1:]
        del self.actions[index:]
        del self._move_lines[index:]
        self.history = [(i, before) for i, before in self.history if i < index]
        self._log_cache = None
        self._replay_to_end()
        self._message = lambda: "<i>" + tr("Back to the position after move {index} (practice mode: free undo). The "
                                           "moves after it are taken back.").format(index=index) + "</i>"
        self.refresh()
        return True

    # -- drawing --

    def _replay_to_end(self) -> None:
        """Move the replay slider to the newest position without a redraw (the caller redraws once)."""
        last = len(self.snapshots) - 1
        self._quiet = True
        try:
            if last >= self.replay.max:
                self.replay.max = last
                self.replay.value = last
            else:
                self.replay.value = last
                self.replay.max = last
        finally:
            self._quiet = False

    def _replay_moved(self) -> None:
        if not self._quiet:  # a learner moved the slider
            self.refresh()

    def _renew_slider(self) -> None:
        """Have the browser make the replay slider's view again when the number of moves changed.

        ipywidgets' slider (noUiSlider in the browser) keeps, for its **End** key, the range it was
        created with: an app displayed at move 0 sent End to move 0 however many moves followed.
        Giving the slider's box a new list of children (the slider alone, or an empty 0 px pad and
        the slider, in turn) makes the browser drop the old view and create a new one with the
        current range, so End goes to the newest move (one message per change of range, no new widget).
        """
        if self.replay.max == self._slider_range:
            return
        self._slider_range = self.replay.max
        self.replay_box.children = ((self.replay,) if len(self.replay_box.children) == 2
                                    else (self.replay_pad, self.replay))

    def refresh(self) -> None:
        """Redraw the table, the status, the message line, the score sheet, the undo button and the log."""
        self._renew_slider()  # first: the status line is set last, once everything else is drawn
        live = self.live
        index = self.replay.value
        state = self.state if live else self.snapshots[index]
        seat = self.viewer(state)
        self._find_highlight(state, live)
        self.draw(state, seat, live)
        self._apply_outlines()
        allowed, why = self.can_undo()
        reopens = allowed and self.undo_reopens_a_round()
        self.undo_button.disabled = not (allowed and live)
        self.undo_button.description = tr("Undo my move and the result") if reopens else tr("Undo my last move")
        self.undo_button.layout.width = "260px" if reopens else "190px"
        self.undo_button.tooltip = why or (tr("practice mode: take back your last move; the round is reopened and its "
                                              "result taken back") if reopens else tr("take back your last move"))
        pause = self.pause_reason(state)
        self.continue_button.disabled = not (live and pause is not None)
        self.continue_button.layout.display = None if (live and pause is not None) else "none"
        if not live:
            status = tr("<b>Replaying: the position after move {index} of {last}.</b> Move the slider to the end to "
                        "play on.").format(index=index, last=self.replay.max)
            text = " ".join(self.moves[index - 1]) if index else tr("the start of the match")
            self.explain.value = ("<span style='background:#fff3cd'>" + tr("Move {index}: {text}").format(
                index=index, text=html.escape(text)) + "</span>")
        else:
            if state.is_terminal():
                status = f"<b>{html.escape(self.describe_end(state))}</b>"
            elif pause is not None:
                read = (tr("Read the score sheet, then press <b>{button}</b>.") if self.score_sheet_for(state) is not None
                        else tr("Read the summary below, then press <b>{button}</b>."))
                status = f"<b>{html.escape(pause)}</b> " + read.format(button=html.escape(tr(self.continue_label)))
            else:
                who = state.current_player
                status = ("<b>" + tr("{player} to move.").format(player=html.escape(self.seat_name(who))) + "</b> "
                          + self.describe_turn(state, who))
            self.explain.value = self._message
        self._draw_sheet(state, pause)
        self._draw_log(index)
        self.coach.refresh()
        # The status line goes last: the page shows widget updates in the order they are sent, so a
        # reader (or a browser test) who sees the new status also sees the new log and score sheet.
        self.status.value = status

    def _draw_sheet(self, state, pause) -> None:
        """The pause panel (at a pause, or at the end of the game): the continue button and the one score
        stepper (kept at its step for the same sheet)."""
        shown = pause is not None or state.is_terminal()
        sheet = self.score_sheet_for(state) if shown else None
        self.stepper_box.layout.display = None if shown else "none"
        if not shown:
            return
        if sheet is None:
            self.stepper.layout.display = "none"
            self.stepper_title.value = f"<b>{html.escape(pause or self.describe_end(state))}</b>"
            return
        self.stepper.layout.display = None
        self.stepper.set_sheet(sheet, names=self.short_names())
        self.stepper_title.value = tr("<b>Score sheet</b> ({unit}): press Next to add it up item by item, or Show "
                                      "all.").format(unit=html.escape(unit_name(sheet.unit))) + (
            " " + tr("Then press <b>{button}</b>.").format(button=html.escape(tr(self.continue_label)))
            if pause is not None and self.live else "")

    def _draw_log(self, highlight: int) -> None:
        """The whole log, newest first, each move numbered as the replay slider counts it."""
        key = (len(self._move_lines), highlight, tuple(self.seats), get_language())
        if key == self._log_cache:
            return
        self._log_cache = key
        mark = "background:#fff3cd;font-weight:bold"
        rows = [f"<div{' style=' + repr(mark) if k == highlight else ''}><b>{k}.</b> {html.escape(' '.join(lines))}</div>"
                for k, lines in enumerate([self._start_lines] + self.moves)][::-1]
        self.log_view.value = ("<div style='font-size:90%'>" + tr("<b>What happened</b> ({moves}, newest first; the "
                                                                  "replayed move is highlighted)").format(
            moves=plural(len(self.moves), "move")) + f"</div><div class='{self.css_prefix}"
                               f"-log-lines' style='max-height:220px;overflow:auto;font-size:90%'>"
                               + "".join(rows) + "</div>")

    # -- releasing the widgets --

    def close(self) -> None:
        """Close every widget this app made (boxes' children, layouts and styles included).

        ipywidgets' ``close()`` of a box does not close its children, so the app walks its own
        attributes and every widget's traits (children, layout, style) and closes all it finds.
        Afterwards the app cannot be used.
        """
        found: dict[int, W.Widget] = {}

        def walk(value) -> None:
            if isinstance(value, W.Widget):
                if id(value) in found:
                    return
                found[id(value)] = value
                for name, trait in value._trait_values.items():
                    if name != "comm":
                        walk(trait)
                for name, attr in vars(value).items():
                    if not name.startswith("_"):
                        walk(attr)
            elif isinstance(value, (list, tuple, set, frozenset)):
                for item in value:
                    walk(item)
            elif isinstance(value, dict):
                for item in value.values():
                    walk(item)
            elif isinstance(value, CoachPanel):
                walk(vars(value))

        if getattr(self, "_closed", False):
            return
        self._closed = True
        stop = getattr(self, "_stop_listening", None)  # unset if the constructor refused its arguments
        if stop is not None:                            # (close then runs from Widget.__del__)
            stop()
        walk(self)
        for widget in reversed(list(found.values())):
            W.Widget.close(widget)  # not the subclasses' close (this one), which would walk again
