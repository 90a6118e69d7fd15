"""Caravan's pictures draw every piece; PNGs go to artifacts/ to be looked at."""
import random

from matplotlib.patches import Rectangle

from caravan_lessons import caravan as c
from caravan_lessons.caravan.agents import playout_policy
from caravan_lessons.viz import caravan as v
from caravan_lessons.viz import to_png


def _played(seed=3, steps=160):
    rng = random.Random(seed)
    state = c.new_game(4, seed=seed)
    for _ in range(steps):
        state.apply(playout_policy(state, rng))
    return state


def test_state_draws_every_camel_good_and_marker(artifacts):
    state = _played()
    ax = v.draw_state(state, groups_of=state.current)
    on_board = sum(1 for row in state.pos for w in row if w)
    assert v.pieces(ax, "camels") == on_board and v.pieces(ax, "demand") == len(state.demand)
    loaded = sum(1 for row in state.load for g in row if g)
    assert v.pieces(ax, "loaded") + v.pieces(ax, "stolen") == loaded
    groups = sum(len(g) for g in state.camel_groups(state.current))
    assert v.pieces(ax, "group-shade") == groups and v.pieces(ax, "goods") == len(state.goods)
    assert len([p for p in ax.patches if isinstance(p, Rectangle)]) == 49       # the spaces of the grid
    counts = [t.get_text() for t in ax.texts if t.get_gid() == "demand-count"]
    assert sorted(counts) == sorted(str(n) for n in state.demand.values() if n > 1)
    assert to_png(ax.figure)[:4] == b"\x89PNG"
    ax.figure.savefig(artifacts / "caravan_state.png", dpi=80)


def test_stolen_good_drawn_under_the_camel():
    state = c.scenario(2, camels={0: [((3, 3), "gems", True), ((5, 5), None)]})
    ax = v.draw_state(state)
    stolen = [c for c in ax.collections if c.get_gid() == "stolen"]
    assert v.pieces(ax, "stolen") == 1 and stolen[0].get_linestyle()[0][1] is not None    # dashed


def test_reach_of_worked_example(artifacts):
    state = c.worked_example()
    assert v.reach_of(state, (0, 1)) == ([(0, 3)], [(0, 1), (0, 2), (0, 3)])
    assert v.reach_of(state, (1, 4)) == ([], [])  # diagonal: no chain
    ax = v.draw_state(state, groups_of=0, good_from=(0, 1))
    ax.figure.savefig(artifacts / "caravan_worked_example.png", dpi=80)


def test_bag_chart_and_state_figure(artifacts):
    state = _played()
    ax = v.draw_bag(state)
    heights = [b.get_height() for b in ax.patches]
    assert heights == [state.bag.count(g) for g in c.GOODS]
    assert [b.get_height() for b in v.draw_bag(state.observation(0)).patches] == heights
    fig = v.state_figure(state, groups_of=0)
    fig.savefig(artifacts / "caravan_figure.png", dpi=80)
    assert v.state_figure(state, fig=fig) is fig


def test_group_labels_do_not_cover_city_names_or_space_numbers(artifacts):
    """Testers saw "g1" written over a city's name: on a city the label sits at the right middle (a city has
    no cube nor demand disc there), elsewhere in the top-right corner, clear of the number."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    state = c.new_game(2, seed=1)
    cities = sorted(state.board.city_name)
    numbered = sorted(state.board.number_of)[:2]
    placed = cities[:state.camels - 1] + numbered[:1]      # apart: one group each
    for i, node in enumerate(placed):
        state.pos[0][i] = node
    fig = Figure(figsize=(6.4, 6.2), dpi=72)          # the app's board
    FigureCanvasAgg(fig)
    ax = fig.add_axes((0.0, 0.0, 1.0, 0.95))
    v.draw_grid(state.board, ax)
    v.draw_pieces(state, ax, groups_of=0)
    (artifacts / "caravan_group_labels.png").write_bytes(to_png(fig))
    renderer = fig.canvas.get_renderer()
    groups = [t for t in ax.texts if t.get_gid() == "group-label"]
    names = [t for t in ax.texts if t.get_gid() == "space-label"]
    assert len(groups) == len(state.camel_groups(0)) == len(placed)
    assert {t.get_text() for t in names} >= {state.board.city_name[n] for n in cities}
    for label in groups:
        box = label.get_window_extent(renderer)
        for name in names:
            assert not box.overlaps(name.get_window_extent(renderer)), (label.get_text(), name.get_text())
