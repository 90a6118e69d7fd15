"""The play-app shell every game shares: seats, bots, turns, undo, the log and the replay slider.

A game's app subclasses :class:`PlayShell` and supplies the table: how the position is shown
to a seat, how the learner's clicks become an action, and whether a move revealed hidden
information. The shell does the rest:

* each seat is a human or a bot chosen in a dropdown (bot names from ``agents.AGENTS``);
  two humans play hot-seat, the table showing the hand of whoever is to move;
* a status line says whose turn it is and what they may do;
* every action goes through the engine: an illegal one is explained with its rule ID and
  changes nothing;
* undo: in **practice** mode always; in **match** mode only while no hidden card has been
  revealed since the move (as on Board Game Arena), so undo cannot be used to peek;
* the move log can be stepped back and forth with a replay slider (the table shows the past
  position; play resumes when the slider is back at the end).
"""
from __future__ import annotations

import html

import ipywidgets as W

from ..agents import AGENTS, View, make_agent
from ..core import RuleViolation

HUMAN = "human"
MODES = ("match", "practice")


class PlayShell(W.VBox):
    """Base class of the play apps. Subclasses implement the hooks marked below.

    Args:
        state: the engine state to play (owned by the shell from now on).
        seats: per seat ``"human"`` or a bot name, e.g. ``["human", "random"]``.
        mode: ``"match"`` (undo only while nothing hidden was revealed) or ``"practice"`` (free undo).
        bot_seed: seeds the bots.

    Attributes:
        state: the live engine state.
        snapshots: the position after every action so far (index 0: the start), for the replay.
        history: ``(index in snapshots, state before)`` of each human move, for undo.
    """

    css_prefix = "play"

    def __init__(self, state, seats=("human", "random"), mode: str = "match", bot_seed: int = 0, rules=None):
        if mode not in MODES:
            raise ValueError(f"mode must be one of {', '.join(MODES)}, not {mode!r}")
        self.state = state
        self.rules = rules or {}
        self.bot_seed = bot_seed
        self.snapshots = [state.clone()]
        self.history: list[tuple[int, object]] = []
        names = [HUMAN, *sorted(AGENTS)]
        self.seat_pickers = []
        for seat, who in enumerate(seats):
            if who not in names:
                raise ValueError(f"seat {seat}: unknown player {who!r}; choose from {', '.join(names)}")
            picker = W.Dropdown(options=names, value=who, description=f"Player {seat}",
                                layout=W.Layout(width="220px")).add_class(f"{self.css_prefix}-seat-{seat}")
            picker.observe(lambda change, seat=seat: self._seat_changed(seat), names="value")
            self.seat_pickers.append(picker)
        self.mode_picker = W.ToggleButtons(options=MODES, value=mode, description="Undo",
                                           tooltips=["undo only while nothing hidden was revealed", "free undo"])
        self.mode_picker.add_class(f"{self.css_prefix}-mode")
        self.mode_picker.observe(lambda _c: self.refresh(), names="value")
        self.bots = {}
        self._make_bots()
        self.status = W.HTML().add_class(f"{self.css_prefix}-status")
        self.explain = W.HTML().add_class(f"{self.css_prefix}-explain")
        self.undo_button = W.Button(description="Undo my last move", icon="undo",
                                    layout=W.Layout(width="180px")).add_class(f"{self.css_prefix}-undo")
        self.undo_button.on_click(lambda _b: self.undo())
        self.replay = W.IntSlider(value=0, min=0, max=0, description="Replay", continuous_update=False,
                                  layout=W.Layout(width="420px")).add_class(f"{self.css_prefix}-replay")
        self.replay.observe(lambda _c: self.refresh(), names="value")
        self.log_view = W.HTML().add_class(f"{self.css_prefix}-log")
        super().__init__(self.layout_children())
        self.add_class(f"{self.css_prefix}-app")

    # -- hooks for the game's app --

    def layout_children(self) -> list:
        """The widgets of the app, top to bottom (subclasses add their table)."""
        return [W.HBox(self.seat_pickers + [self.mode_picker]), self.status, self.explain,
                self.undo_button, self.replay, self.log_view]

    def draw(self, state, seat: int, live: bool) -> None:
        """Show ``state`` as ``seat`` sees it; ``live`` is False while replaying (no actions then)."""
        raise NotImplementedError

    def describe_turn(self, state, seat: int) -> str:
        """HTML: what the player to move may do now."""
        return "your turn"

    def reveals_hidden(self, before, after, seat: int) -> bool:
        """True if going from ``before`` to ``after`` showed ``seat`` something that was hidden."""
        return True

    # -- seats and bots --

    @property
    def seats(self) -> list[str]:
        """``"human"`` or a bot name per seat."""
        return [p.value for p in self.seat_pickers]

    def _make_bots(self) -> None:
        self.bots = {seat: make_agent(who, self.bot_seed + seat) for seat, who in enumerate(self.seats) if who != HUMAN}

    def _seat_changed(self, seat: int) -> None:
        self._make_bots()
        self.play_bots()
        self.refresh()

    def viewer(self, state=None) -> int:
        """The seat whose hand the table shows: the human to move (hot-seat), else the first human."""
        state = state or self.state
        humans = [s for s, who in enumerate(self.seats) if who == HUMAN]
        if state.current_player in humans:
            return state.current_player
        return humans[0] if humans else 0

    # -- playing --

    @property
    def live(self) -> bool:
        """False while the replay slider shows a past position."""
        return self.replay.value == self.replay.max

    def play(self, action) -> bool:
        """Play ``action`` for the human to move; explain and refuse it if illegal. True if played."""
        state = self.state
        if not self.live:
            self.explain.value = "<i>You are replaying: move the slider to the end to play on.</i>"
            return False
        seat = state.current_player
        if seat < 0 or self.seats[seat] != HUMAN:
            self.explain.value = "<i>It is not a human player's turn.</i>"
            return False
        try:
            problem = state.why_illegal(action)
        except ValueError as error:
            self.show_problem("", str(error))
            return False
        if problem is not None:
            self.show_problem(problem.rule, problem.message)
            return False
        self.history.append((len(self.snapshots) - 1, state.clone()))
        state.apply(action)
        self.snapshots.append(state.clone())
        self.explain.value = f'<span style="color:#2e7d32">Player {seat}: {html.escape(str(action))}.</span>'
        seen = len(state.events)
        self.play_bots()
        replies = [str(e) for e in state.events[seen:] if e.player >= 0 and e.player != seat]
        if replies:
            self.explain.value += "<br><span style='color:#555'>Then " + html.escape(" ".join(replies)) + "</span>"
        self.refresh()
        return True

    def play_bots(self) -> None:
        """Let bots move while it is a bot's turn (also between rounds)."""
        state = self.state
        while not state.is_terminal() and self.seats[state.current_player] != HUMAN:
            seat = state.current_player
            state.apply(self.bots[seat].choose(View(state, seat, state.legal_actions())))
            self.snapshots.append(state.clone())
        self.replay.max = len(self.snapshots) - 1
        self.replay.value = self.replay.max

    def can_undo(self) -> tuple[bool, str]:
        """Whether undo is allowed now, and why not."""
        if not self.history:
            return False, "nothing to undo yet"
        if self.mode_picker.value == "practice":
            return True, ""
        _, before = self.history[-1]
        seat = before.current_player
        if self.reveals_hidden(before, self.state, seat):
            return False, ("a hidden card was revealed since your move (match mode); switch to practice "
                           "mode for free undo")
        return True, ""

    def undo(self) -> bool:
        """Take back the last human move (and the bots' answers). True if done."""
        allowed, why = self.can_undo()
        if not allowed:
            self.explain.value = f"<i>Cannot undo: {html.escape(why)}.</i>"
            return False
        index, before = self.history.pop()
        self.state = before
        del self.snapshots[index + 1:]
        self.replay.max = len(self.snapshots) - 1
        self.replay.value = self.replay.max
        self.explain.value = "<i>Your last move was undone.</i>"
        self.refresh()
        return True

    def show_problem(self, rule: str, message: str) -> None:
        """Show an illegal attempt: the rule ID, plain words, and our wording of the rule."""
        head = f"<b>Not allowed ({html.escape(rule)})</b>: " if rule else "<b>Not allowed</b>: "
        text = f'<div style="color:#b71c1c">{head}{html.escape(message)}</div>'
        if rule in self.rules:
            r = self.rules[rule]
            text += (f'<div style="color:#555;font-size:90%">Rule {html.escape(r.id)} (rulebook section '
                     f'{html.escape(r.section)}): {html.escape(r.text)}</div>')
        self.explain.value = text

    def explain_violation(self, error: RuleViolation) -> None:
        self.show_problem(error.rule, error.message)

    # -- drawing --

    def refresh(self) -> None:
        """Redraw the table, the status, the undo button and the log."""
        live = self.live
        state = self.state if live else self.snapshots[self.replay.value]
        seat = self.viewer(state)
        self.draw(state, seat, live)
        allowed, why = self.can_undo()
        self.undo_button.disabled = not (allowed and live)
        self.undo_button.tooltip = why or "take back your last move"
        if not live:
            self.status.value = (f"<b>Replaying: position after move {self.replay.value} of {self.replay.max}.</b> "
                                 "Move the slider to the end to play on.")
        elif state.is_terminal():
            self.status.value = "<b>The match is over.</b>"
        elif getattr(state, "round_over", False):
            self.status.value = "<b>The round is over.</b> " + self.describe_turn(state, state.current_player)
        else:
            who = state.current_player
            kind = self.seats[who]
            self.status.value = (f"<b>Player {who} ({'you' if kind == HUMAN else kind}) to move.</b> "
                                 + self.describe_turn(state, who))
        events = state.events[::-1][:80]
        self.log_view.value = "<ol reversed style='max-height:220px;overflow:auto;font-size:90%'>" + "".join(
            f"<li>{html.escape(str(e))}</li>" for e in events) + "</ol>"
