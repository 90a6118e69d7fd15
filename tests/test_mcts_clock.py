"""MCTSAgent's time budget in CPU seconds (``clock="cpu"``): a busy sibling thread or process does not eat
into it, so a search under load still runs about as many iterations as alone (the wall clock's does not)."""
from __future__ import annotations

import subprocess
import sys
import threading
import time

import pytest

from caravan_lessons import jaipur
from caravan_lessons.agents import View
from caravan_lessons.mcts import MCTSAgent


def _search(clock: str, seconds: float, busy: str | None) -> tuple[int, float]:
    """Iterations and CPU seconds (this thread's) of one search of ``seconds`` by ``clock``, beside ``busy``."""
    agent = MCTSAgent(iterations=10**6, seed=1, time_limit=seconds, clock=clock)
    state = jaipur.new_game(seed=3)
    view = View(state, state.current_player)
    stop = threading.Event()
    sibling = None
    if busy == "thread":
        def spin():
            while not stop.is_set():
                sum(range(500))
        sibling = threading.Thread(target=spin, daemon=True)
        sibling.start()
    elif busy == "process":
        sibling = subprocess.Popen([sys.executable, "-c", "while True: pass"])
        time.sleep(0.05)
    try:
        start = time.thread_time()
        agent.choose(view)
        cpu = time.thread_time() - start
    finally:
        stop.set()
        if isinstance(sibling, subprocess.Popen):
            sibling.kill()
            sibling.wait()
        elif sibling is not None:
            sibling.join()
    return agent.last_iterations, cpu


@pytest.mark.parametrize("busy", ["thread", "process"])
def test_a_cpu_budget_searches_as_much_beside_a_busy_sibling(busy):
    alone, cpu_alone = _search("cpu", 0.3, None)
    loaded, cpu_loaded = _search("cpu", 0.3, busy)
    assert alone > 20
    assert loaded >= 0.6 * alone, (alone, loaded)            # a wall-clock budget beside a busy thread: about half
    for cpu in (cpu_alone, cpu_loaded):                       # the budget is the thread's CPU time
        assert 0.3 <= cpu < 0.6


def test_the_clock_is_wall_by_default_and_checked():
    assert MCTSAgent().clock == "wall"
    assert MCTSAgent(clock="cpu", time_limit=1).clock == "cpu"
    with pytest.raises(ValueError, match="clock is 'wall'"):
        MCTSAgent(clock="process")
    for bad in (-1, "1", True, float("nan")):
        with pytest.raises(ValueError, match="time_limit must be a number of seconds"):
            MCTSAgent(time_limit=bad)


def test_a_forced_move_runs_no_iterations():
    agent = MCTSAgent(iterations=5, seed=1)
    state = jaipur.new_game(seed=3)
    agent.choose(View(state, state.current_player))
    assert agent.last_iterations == 5
    forced = View(state, state.current_player, [state.legal_actions()[0]])
    agent.choose(forced)
    assert agent.last_iterations == 0


@pytest.mark.parametrize("clock", [["wall"], {"cpu": 1}, {"wall"}, None, 0])
def test_an_unhashable_or_odd_clock_is_the_clock_error(clock):
    with pytest.raises(ValueError, match="clock is 'wall'"):
        MCTSAgent(5, 0, clock=clock)


@pytest.mark.parametrize("view", [None, {"legal_actions": [], "observation": {}}, "view", "state"])
def test_choose_takes_a_view(view):
    if view == "state":
        view = jaipur.new_game(seed=3)
    with pytest.raises(TypeError, match=r"MCTSAgent.choose takes a View \(caravan_lessons.agents.View"):
        MCTSAgent(20, 0).choose(view)


@pytest.mark.parametrize("limit", ["int64", "float64", "int32", "float32"])
def test_numpy_reals_are_time_limits_alike(limit):
    np = pytest.importorskip("numpy")
    agent = MCTSAgent(5, 0, time_limit=getattr(np, limit)(1))
    assert agent.time_limit == 1.0 and type(agent.time_limit) is float
    with pytest.raises(ValueError, match="time_limit must be a number of seconds"):
        MCTSAgent(5, 0, time_limit=getattr(np, limit)(-1))
    with pytest.raises(ValueError, match="time_limit must be a number of seconds"):
        MCTSAgent(5, 0, time_limit=np.bool_(True))
