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
    assert v.pieces(ax, "loaded") + v.pieces(ax, "stolen-good") == loaded
    groups = sum(len(g) for g in state.camel_groups(state.current))
    assert v.pieces(ax, "group-frame") == groups == v.pieces(ax, "group-label")
    assert v.pieces(ax, "goods") == len(state.goods)
    assert len([p for p in ax.patches if isinstance(p, Rectangle)]) == 49       # the spaces of the grid
    assert v.pieces(ax, "demand-count") == len(state.demand)                    # every disc shows its count
    assert to_png(ax.figure)[:4] == b"\x89PNG"
    ax.figure.savefig(artifacts / "caravan_state.png", dpi=80)


def test_stolen_good_drawn_under_the_camel():
    state = c.scenario(2, camels={0: [((3, 3), "gems", True), ((5, 5), None)]})
    ax = v.draw_state(state)
    stolen = [c for c in ax.collections if c.get_gid() == "stolen-good"]
    assert v.pieces(ax, "stolen-good") == 1 and stolen[0].get_linestyle()[0][1] is not None    # dashed


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
    fig.canvas.draw()
    tags = next(c for c in ax.collections if c.get_gid() == "group-tag")
    names = [t for t in ax.texts if t.get_gid() == "space-label"]
    assert v.pieces(ax, "group-label") == len(state.camel_groups(0)) == len(placed)
    assert {t.get_text() for t in names} >= {state.board.city_name[n] for n in cities}
    from matplotlib.transforms import Bbox

    tag_boxes = []
    for path in tags.get_paths():
        box = Bbox.null()
        box.update_from_data_xy(ax.transData.transform(path.vertices))
        tag_boxes.append(box)
        for name in names:
            assert not box.overlaps(name.get_window_extent(renderer)), name.get_text()
    # each "g1" glyph is drawn inside its tag, text-sized (a glyph drawn in board units filled a whole row)
    from matplotlib.transforms import Affine2D

    for glyphs in [col for col in ax.collections if col.get_gid() == "group-label"]:
        sized = Affine2D(glyphs.get_transforms()[0]).transform(glyphs.get_paths()[0].vertices)
        shown = glyphs.get_transform().transform(sized)              # the glyph's outline on the figure, in pixels
        width = shown[:, 0].max() - shown[:, 0].min()
        assert 2 < width < 25, width
        for xy in glyphs.get_offsets():
            assert any(b.contains(*ax.transData.transform(xy)) for b in tag_boxes)


def test_group_frames_keep_city_colours_and_the_legend_names_groups_frame_and_path():
    """Issue 18 (C2): Sijilmasa stays purple under its group's mark; g1/g2, the red frame and the red
    line are in the legend."""
    from matplotlib.colors import to_rgba

    state = c.scenario(2, camels={0: [((3, 3), 'salt'), ((3, 4), None), ((4, 4), None), ((3, 6), None)],
                                  1: [((3, 5), None)]})
    ax = v.draw_state(state, groups_of=0, good_from=(3, 3))
    frames = next(c for c in ax.collections if c.get_gid() == "group-frame")
    over_city = [path for path in frames.get_paths() if abs(path.vertices[:4, 0].mean() - 6) < 0.01
                 and abs(path.vertices[:4, 1].mean() + 3) < 0.01]
    assert over_city and all(to_rgba(f)[3] == 0 for f in frames.get_facecolor())        # frames, not fills
    legend = [t.get_text() for t in ax.get_legend().get_texts()]
    assert "g1: player 0's camel group 1" in legend and "g2: player 0's camel group 2" in legend
    assert "red frame: city it is delivered to" in legend and "red line: its chain path" in legend
    assert v.pieces(ax, "reach-frame") == 1


def test_a_stolen_good_is_a_whole_hatched_cube_and_player_colours_are_no_goods_colours():
    """Issue 18 (C4, C5): the stolen cube is drawn whole below the camel's disc (was a sliver under it), its
    legend symbol differs from a loaded cube's, and no player's camel has a good's colour."""
    state = c.scenario(2, camels={0: [((3, 3), "gems", True), ((5, 5), None)]})
    ax = v.draw_state(state)
    stolen = next(c for c in ax.collections if c.get_gid() == "stolen-good")
    camels = next(c for c in ax.collections if c.get_gid() == "camels")
    cube = stolen.get_paths()[0].vertices[:4]
    (cx, cy), = [xy for xy in camels.get_offsets() if abs(xy[0] - 3) < 0.5 and abs(xy[1] + 3) < 0.5]
    radius = camels._widths[0]                        # EllipseCollection keeps the half widths (the radius)
    assert cube[:, 1].max() <= cy - radius + 1e-9                                  # below the disc, whole
    assert cube[:, 0].max() - cube[:, 0].min() >= 0.15 - 1e-9 and stolen.get_hatch()
    legend = [t.get_text() for t in ax.get_legend().get_texts()]
    assert "cube on a camel: loaded" in legend and "hatched cube under it: stolen, safe" in legend
    assert not set(c.components.PLAYER_COLOURS) & set(c.components.DRAW_COLOURS.values())
