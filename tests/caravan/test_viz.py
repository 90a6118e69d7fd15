"""Caravan's pictures draw every piece; PNGs go to artifacts/ to be looked at."""
import random

from matplotlib.patches import Circle, Rectangle

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
    pieces = list(ax.patches) + list(ax.artists)
    circles = [p for p in pieces if isinstance(p, Circle)]
    on_board = sum(1 for row in state.pos for w in row if w)
    assert len(circles) == on_board + len(state.demand)
    loaded = sum(1 for row in state.load for g in row if g)
    squares = [p for p in pieces if isinstance(p, Rectangle)]
    groups = sum(len(g) for g in state.camel_groups(state.current))
    assert len(squares) == 49 + groups + len(state.goods) + loaded
    assert to_png(ax.figure)[:4] == b"\x89PNG"
    ax.figure.savefig(artifacts / "caravan_state.png", dpi=80)


def test_stolen_good_drawn_under_the_camel():
    state = c.scenario(2, camels={0: [((3, 3), "gems", True), ((5, 5), None)]})
    ax = v.draw_state(state)
    dashed = [p for p in ax.patches if isinstance(p, Rectangle) and p.get_linestyle() == "--"]
    assert len(dashed) == 1


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


def test_group_frames_keep_city_colours_and_the_legend_names_groups_frame_and_path():
    """Issue 18 (C2): Sijilmasa stays purple under its group's mark; g1/g2, the red frame and the red
    line are in the legend."""
    from matplotlib.colors import to_rgba

    state = c.scenario(2, camels={0: [((3, 3), 'salt'), ((3, 4), None), ((4, 4), None), ((3, 6), None)],
                                  1: [((3, 5), None)]})
    ax = v.draw_state(state, groups_of=0, good_from=(3, 3))
    over_city = [p for p in ax.patches + ax.artists if isinstance(p, Rectangle) and p.get_zorder() > 1.5
                 and abs(p.get_x() + p.get_width() / 2 - 6) < 0.01 and abs(p.get_y() + p.get_height() / 2 + 3) < 0.01]
    assert over_city and all(not p.get_fill() or to_rgba(p.get_facecolor())[3] == 0 for p in over_city)
    legend = [t.get_text() for t in ax.get_legend().get_texts()]
    assert "g1: player 0's camel group 1" in legend and "g2: player 0's camel group 2" in legend
    assert "red frame: city it is delivered to" in legend and "red line: its chain path" in legend
    assert [p for p in ax.artists + ax.patches if p.get_gid() == "reach-frame"]


def test_a_stolen_good_is_a_whole_hatched_cube_and_player_colours_are_no_goods_colours():
    """Issue 18 (C4, C5): the stolen cube is drawn whole below the camel's disc (was a sliver under it), its
    legend symbol differs from a loaded cube's, and no player's camel has a good's colour."""
    state = c.scenario(2, camels={0: [((3, 3), "gems", True), ((5, 5), None)]})
    ax = v.draw_state(state)
    cube = next(p for p in ax.patches + ax.artists if p.get_gid() == "stolen-good")
    disc = next(p for p in ax.patches + ax.artists if isinstance(p, Circle) and abs(p.center[0] - 3) < 0.5
                and abs(p.center[1] + 3) < 0.5)
    assert cube.get_y() + cube.get_height() <= disc.center[1] - disc.radius + 1e-9  # below the disc, whole
    assert cube.get_width() >= 0.15 and cube.get_hatch()
    legend = [t.get_text() for t in ax.get_legend().get_texts()]
    assert "cube on a camel: loaded" in legend and "hatched cube under it: stolen, safe" in legend
    assert not set(c.components.PLAYER_COLOURS) & set(c.components.DRAW_COLOURS.values())
