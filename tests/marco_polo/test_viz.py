"""The Marco Polo pictures have the right elements (counted on the matplotlib artists), reachable colours
follow the travel costs, and bad arguments get a clear ValueError."""
import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import pytest  # noqa: E402
from matplotlib.colors import to_rgba  # noqa: E402

from caravan_lessons import marco_polo as mp  # noqa: E402
from caravan_lessons.i18n import language  # noqa: E402
from caravan_lessons.viz import marco_polo as vmp  # noqa: E402

from .helpers import settle, turn_state  # noqa: E402


@pytest.fixture(autouse=True)
def _close_figures():
    yield
    plt.close("all")


def _by_gid(ax, prefix):
    return [a for a in ax.get_children() if (a.get_gid() or "").startswith(prefix)]


def _node_scatter(ax, graph):
    return next(c for c in ax.collections if len(c.get_offsets()) == graph.number_of_nodes())


def test_empty_map_has_every_location_and_route_cost():
    ax = vmp.draw_map()
    graph = mp.board()
    names = _by_gid(ax, "name:")
    assert sorted(t.get_gid()[5:] for t in names) == sorted(graph)
    costs = [t.get_text() for t in _by_gid(ax, "route-cost")]
    priced = [d for _, _, d in graph.edges(data=True) if d["camels"] or d["coins"]]
    assert len(costs) == len(priced) == 16                      # 12 camel routes + 4 coin routes
    assert sorted(costs).count("3 camels") == 5 and "15 coins" in costs
    offsets = _node_scatter(ax, graph).get_offsets()
    assert [tuple(o) for o in offsets] == [graph.nodes[n]["pos"] for n in graph]
    assert not _by_gid(ax, "travellers") and not _by_gid(ax, "posts")
    assert ax.cost_scale is None
    assert ax.get_legend() is not None


def test_map_notes_name_city_cards_and_bonuses():
    state = mp.new_game(4, seed=2)
    ax = vmp.draw_map(state)
    texts = [t.get_text() for t in ax.texts]
    for city, cards in state.city_cards.items():
        assert any(t.startswith("card " + ", ".join(map(str, cards))) for t in texts), city
    assert "5 coins" in texts and "3 VP" in texts and "copy another bonus" in texts
    assert ax.get_title().startswith("Round 1 of 5")


@pytest.mark.rule("MP-SETUP-12")
def test_travellers_and_posts_in_player_colours():
    state = settle(mp.new_game(4, seed=4, characters=["polos", "kubilai", "berke", "mercator"]))
    state.posts["moscow"] = [2, 3]
    ax = vmp.draw_map(state, player=2)
    travellers = _by_gid(ax, "travellers")[0]
    assert len(travellers.get_offsets()) == 5                   # the Polos have two travellers
    colours = [tuple(c) for c in travellers.get_facecolors()]
    assert colours.count(to_rgba(vmp.PLAYER_COLOURS[0])) == 2
    posts = _by_gid(ax, "posts")[0]
    assert [tuple(c) for c in posts.get_facecolors()] == [to_rgba(vmp.PLAYER_COLOURS[s]) for s in (2, 3)]
    assert list(posts.get_linewidths()) == [2.0, 0.6]           # player 2's post is stressed


@pytest.mark.rule("MP-SCORE-3")
def test_beijing_spaces_filled_in_order_of_arrival():
    state = settle(mp.new_game(3, seed=4, characters=["kubilai", "berke", "mercator"]))
    state.posts["beijing"].append(2)
    ax = vmp.draw_map(state)
    faces = {p.get_gid(): p.get_facecolor() for p in ax.patches if (p.get_gid() or "").startswith("beijing:")}
    assert faces["beijing:10"] == to_rgba(vmp.PLAYER_COLOURS[0])
    assert faces["beijing:7"] == to_rgba(vmp.PLAYER_COLOURS[2])
    assert faces["beijing:4"] == faces["beijing:1"] == to_rgba("white")


@pytest.mark.rule("MP-TRAVEL-2")
def test_reachable_costs_agree_with_networkx_cheapest_routes():
    # plenty of coins and camels: every place the dice allow is affordable, so the engine's move tables
    # (reachable_costs) and the networkx layered Dijkstra (cheapest_routes) must agree exactly
    state = turn_state(dice=[6, 6, 5, 2, 1], coins=[99, 8, 9, 10], camels=[99, 2, 2, 2])
    costs = vmp.reachable_costs(state, 0, camel_value=2)
    routes = mp.cheapest_routes(mp.board(), "venezia", 6, camel_value=2)
    assert costs == {place: way["value"] for place, way in routes.items()}
    assert costs["moscow"] == 7 and costs["alexandria"] == 3 and "beijing" not in costs


@pytest.mark.rule("MP-TRAVEL-1")
def test_reachable_costs_follow_the_dice_and_purse():
    state = turn_state(dice=[2, 2, 1, 1, 1], coins=[7, 8, 9, 10], camels=[0, 2, 2, 2])
    costs = vmp.reachable_costs(state, 0)
    # the lower of the best two dice is 2: at most 2 steps; no camels: Oasis E (3 camels) is out
    assert costs == {"oasis_a": 3, "alexandria": 3, "moscow": 7, "oasis_i": 7}
    state.dice[0] = [("own", 1)]
    assert vmp.reachable_costs(state, 0) == {}                 # one die cannot travel (2 dice needed)


@pytest.mark.rule("MP-TRAVEL-2")
def test_reachable_colours_match_travel_costs():
    state = turn_state(dice=[6, 6, 5, 2, 1], coins=[30, 8, 9, 10], camels=[6, 2, 2, 2])
    costs = vmp.reachable_costs(state, 0)
    graph = mp.board()
    ax = vmp.draw_map(state, player=0, reachable=costs)
    faces = dict(zip(graph, map(tuple, _node_scatter(ax, graph).get_facecolors())))
    # issue 18 (M11): the location keeps its kind's colour (the legend still applies); a halo carries the cost
    for place in graph:
        assert faces[place] == pytest.approx(to_rgba(vmp.KIND_COLOURS[graph.nodes[place]["kind"]]))
    halo = next(c for c in ax.collections if c.get_gid() == "cost-halo")
    halos = dict(zip(costs, map(tuple, halo.get_edgecolors())))      # a ring round the location (issue 17)
    assert [tuple(xy) for xy in halo.get_offsets()] == [graph.nodes[p]["pos"] for p in costs]
    for place, cost in costs.items():
        assert halos[place] == pytest.approx(ax.cost_scale.to_rgba(cost))
    cheap, dear = min(costs, key=costs.get), max(costs, key=costs.get)
    assert sum(halos[cheap][:3]) > sum(halos[dear][:3])          # cheaper is lighter
    assert len(ax.figure.axes) == 2                              # the colour bar
    labels = {t.get_gid()[5:]: t.get_text() for t in _by_gid(ax, "name:")}
    assert labels["moscow"] == f"Moscow ({costs['moscow']:g})"


def test_path_is_drawn_thick_through_its_locations():
    path = ["venezia", "oasis_a", "moscow", "anxi"]
    ax = vmp.draw_map(path=path)
    pos = mp.board().nodes
    thick = [line for line in ax.lines if line.get_linewidth() == 5]
    assert len(thick) == 1
    assert list(zip(*thick[0].get_data())) == [pos[n]["pos"] for n in path]


def test_oasis_jump_path_is_allowed():
    vmp.draw_map(path=["venezia", "oasis_a", "oasis_c", "beijing"])   # Johannes (MP-CHAR-6)


@pytest.mark.parametrize("kwargs, words", [
    ({"player": 0}, "needs a state"),
    ({"reachable": {"atlantis": 3}}, "not a location"),
    ({"reachable": {"moscow": -1}}, "at least 0"),
    ({"reachable": {"moscow": True}}, "at least 0"),
    ({"reachable": {"moscow": float("nan")}}, "at least 0"),
    ({"reachable": [("moscow", 3)]}, "must be a dict"),
    ({"path": "venezia"}, "list of location ids"),
    ({"path": ["venezia", "moscow"]}, "no route joins"),
    ({"path": ["venezia", "rome"]}, "not a location"),
])
def test_bad_arguments_of_the_empty_map(kwargs, words):
    with pytest.raises(ValueError, match=words):
        vmp.draw_map(**kwargs)


@pytest.mark.parametrize("player", [True, 4, -1, 1.0, "0"])
def test_bad_seat(player):
    state = mp.new_game(4, seed=1)
    with pytest.raises(ValueError, match="seat"):
        vmp.draw_map(state, player=player)
    with pytest.raises(ValueError, match="seat"):
        vmp.draw_player_board(state, player)


def test_not_a_state():
    for call in (lambda: vmp.draw_map({"round": 1}), lambda: vmp.draw_action_board(None),
                 lambda: vmp.draw_player_board("game", 0), lambda: vmp.reachable_costs(None, 0)):
        with pytest.raises(ValueError):
            call()
    state = mp.new_game(2, seed=1)
    with pytest.raises(ValueError, match="camel_value"):
        vmp.reachable_costs(state, 0, camel_value=-1)
    with pytest.raises(ValueError, match="traveller"):
        vmp.reachable_costs(state, 0, traveller=1)


@pytest.mark.rule("MP-ACT-2")
def test_action_board_shows_every_placed_die():
    state = mp.new_game(4, seed=3)
    agents = [mp.GreedyAgent(seed=s) for s in range(4)]
    from caravan_lessons.agents import View

    for _ in range(80):
        seat = state.current_player
        state.apply(agents[seat].choose(View(state, seat, state.legal_actions())))
    placed = sum(len(v) for v in state.spaces.values())
    assert placed > 0
    fig = vmp.draw_action_board(state)
    dice = [p for p in fig.axes[0].patches if p.get_gid() == "die"]
    assert len(dice) == placed
    texts = " ".join(t.get_text() for t in fig.axes[0].texts)
    for cid in state.board_contracts:
        if cid is not None:
            assert f"#{cid} pay:" in texts
    for cards in state.city_cards.values():
        for card in cards:
            assert f"card {card}" in texts


def test_player_board_shows_purse_contracts_and_dice():
    state = settle(mp.new_game(4, seed=6))
    seat = state.current_player
    fig = vmp.draw_player_board(state, seat)
    texts = " ".join(t.get_text() for t in fig.axes[0].texts)
    assert f"coins: {state.coins[seat]}" in texts and f"camels: {state.camels[seat]}" in texts
    for cid in state.active[seat]:
        assert f"#{cid} pay" in texts
    assert len([p for p in fig.axes[0].patches if p.get_gid() == "die"]) == len(state.dice[seat])
    assert "objectives" in texts
    secret = " ".join(t.get_text() for t in vmp.draw_player_board(state, seat, secret=True).axes[0].texts)
    assert "objectives" not in secret


@pytest.mark.rule("MP-SCORE-6")
def test_score_steps_and_stepper_add_up_to_the_sheet():
    state = mp.new_game(2, seed=8)
    agents = [mp.GreedyAgent(seed=1), mp.GreedyAgent(seed=2)]
    from caravan_lessons.agents import View

    while not state.is_terminal():
        seat = state.current_player
        state.apply(agents[seat].choose(View(state, seat, state.legal_actions())))
    sheet = state.score_sheet()
    stepper = vmp.score_stepper(state)
    stepper.go(len(sheet.rows))
    assert stepper.sheet.cumulative()[-1] == sheet.totals()
    assert "victory points" in stepper.text.value
    fig = vmp.draw_score_steps(sheet, 3)
    assert "step 3 of" in fig.axes[0].get_title()
    with pytest.raises(ValueError, match="step"):
        vmp.draw_score_steps(sheet, len(sheet.rows) + 1)
    with pytest.raises(ValueError, match="ScoreSheet"):
        vmp.draw_score_steps([1, 2])


def test_map_view_redraws_the_moving_parts():
    state = settle(mp.new_game(4, seed=4, characters=["polos", "kubilai", "berke", "mercator"]))
    view = vmp.MapView(state)
    png = view.render_png(state)
    assert png.startswith(b"\x89PNG")
    assert len(view.travellers.get_offsets()) == 5
    assert view.beijing[0].get_facecolor() == to_rgba(vmp.PLAYER_COLOURS[1])     # Kubilai's 10-point space
    state.posts["moscow"] = [0]
    state.travellers[0] = ["moscow", "venezia"]
    costs = {"anxi": 10, "karakorum": 30}
    again = view.render_png(state, player=0, reachable=costs, path=["moscow", "anxi", "karakorum"])
    assert again != png
    assert len(view.posts.get_offsets()) == 1
    # the cost as a halo round the place (as draw_map shows it); the places keep their kinds' colours
    faces = dict(zip(mp.board(), map(tuple, view.halos.get_edgecolors())))
    assert faces["anxi"] == pytest.approx(view.scale.to_rgba(10))
    assert sum(faces["anxi"][:3]) > sum(faces["karakorum"][:3])
    assert faces["moscow"][3] == 0                                        # no cost shown: no halo
    kinds = dict(zip(mp.board(), map(tuple, view.nodes.get_facecolors())))
    assert kinds["anxi"] == pytest.approx(to_rgba(vmp.KIND_COLOURS["small"]))
    assert len(view.path_line.get_xdata()) == 3
    assert view.title.get_text().startswith("Round 1 of 5")
    with pytest.raises(ValueError, match="no route joins"):
        view.render_png(state, path=["moscow", "beijing"])


def test_map_view_renotes_when_an_outpost_bonus_is_taken_and_keeps_each_picture():
    """Taking an outpost bonus changes only a city's note: the note is set anew on the same map, and the picture
    of the map with each set of notes is kept, so going back to before the bonus was taken (the review's Try the
    better move) blits over the kept picture instead of building and drawing the whole map (0.5-0.8 s of kernel
    at load 8, 3-4.6 s in the browser)."""
    state = mp.new_game(2, seed=9)
    view = vmp.MapView(state)
    first = view.render_png(state)
    old_ax, blitter = view.ax, view._blitter
    taken = state.clone()
    taken.outposts.pop("moscow")
    second = view.render_png(taken)
    assert view.ax is old_ax and second != first and "outpost" not in view.notes["moscow"].get_text()
    assert {n: t.get_text() for n, t in view.notes.items()} == {
        n: t.get_text() for n, t in vmp.MapView(taken).notes.items()}      # the notes a map built for it has
    full = blitter.full_draws
    assert view.render_png(state) == first and view.render_png(taken) == second
    assert blitter.full_draws == full                                     # both pictures kept: no whole draw
    with language("fi"):
        view.render_png(taken)
    assert view.ax is not old_ax                                          # a new language: built anew


def test_map_redraw_figure_is_measured():
    ms = vmp.map_redraw_ms(actions=5)
    assert 0 < ms < 5000


@pytest.mark.parametrize("players, dpi, figsize, heading", [(2, 80, (10, 6.0), True), (4, 100, (10, 6.0), True),
                                                            (2, 80, (10, 5.4), False), (4, 100, (10, 5.4), False)])
def test_map_view_shows_every_name_whole_and_the_colour_bar_covers_no_text(players, dpi, figsize, heading):
    """Testers saw "Venezia" cut at the left edge and the colour bar over "Beijing spaces (VP)" in the app's
    map (80 dpi on the live canvas): every text lies inside the figure, and none meets the bar. 10 x 5.4 inches
    without a heading is the app's map (its heading is the caption above it)."""
    state = mp.new_game(players, seed=5)
    view = vmp.MapView(state, figsize=figsize, heading=heading)
    view.figure.set_dpi(dpi)
    view._build(state)
    view.render_png(state, player=0, reachable=vmp.reachable_costs(state, 0), title="Click your destination")
    renderer = view.figure.canvas.get_renderer()
    figure_box = view.figure.bbox
    bar = next(a for a in view.figure.axes if a is not view.ax)
    bar_box = bar.get_window_extent(renderer)
    from tests.figure_checks import small_texts

    assert not small_texts(view.figure), small_texts(view.figure)   # the colour bar's ticks too (issue 18)
    texts = [t for t in view.ax.texts if t.get_text().strip()]
    names = {t.get_gid(): t for t in texts}
    assert "name:venezia" in names and any(t.get_text() == "Beijing spaces (VP)" for t in texts)
    for text in texts:
        box = text.get_window_extent(renderer)
        assert figure_box.x0 <= box.x0 and box.x1 <= figure_box.x1, text.get_text()
        assert figure_box.y0 <= box.y0 and box.y1 <= figure_box.y1, text.get_text()
        assert not box.overlaps(bar_box), f"the colour bar covers {text.get_text()!r}"
    legend_box = view.ax.get_legend().get_window_extent(renderer)
    assert figure_box.x0 <= legend_box.x0 and legend_box.y0 >= figure_box.y0


def test_action_board_text_is_readable_and_says_whose_dice_are_whose():
    """Issue 18 (M8): every text on the action board at 9 pt or more, nothing overlapping another text box of
    the same panel row, and a line naming the players' colours and the black and white dice."""
    from tests.figure_checks import clipped, small_texts

    state = mp.new_game(3, seed=5)
    fig = vmp.draw_action_board(state)
    assert not small_texts(fig), small_texts(fig)
    fig.canvas.draw() if hasattr(fig.canvas, "draw") else None
    from matplotlib.backends.backend_agg import FigureCanvasAgg

    renderer = FigureCanvasAgg(fig).get_renderer()
    assert not clipped(fig, renderer)
    texts = [t.get_text() for t in fig.axes[0].texts]
    for seat, colour in enumerate(("red", "blue", "green")):
        assert f"player {seat} ({colour})" in texts
    assert any("white die (Matteo's)" in t for t in texts)
    assert not [p for p in fig.axes[0].patches if p.get_gid() == "die"]   # legend dice are not placed dice


def test_trading_posts_stand_clear_of_the_city_discs_and_zoom():
    """Issue 18 (M11): posts are squares of 120 pt^2 at 2.5 map units from the city, outside its disc; a
    zoomed map (``around=``) shows a crowded path's neighbourhood."""
    import math

    state = mp.new_game(3, seed=7)
    state.posts = {"alexandria": [1, 0], "xian": [0], "lan_zhou": [1]}
    ax = vmp.draw_map(state)
    posts = next(c for c in ax.collections if c.get_gid() == "posts")
    pos = mp.board().nodes
    assert set(posts.get_sizes()) == {120}
    for x, y in posts.get_offsets():
        nearest = min(state.posts, key=lambda n: math.dist(pos[n]["pos"], (x, y)))
        assert math.dist(pos[nearest]["pos"], (x, y)) == pytest.approx(2.5)
    zoom = vmp.draw_map(state, path=["venezia", "alexandria", "oasis_i", "adana"],
                        around=["venezia", "alexandria", "oasis_i", "adana"])
    assert zoom.get_xlim()[1] - zoom.get_xlim()[0] < 50            # the whole map is about 120 wide
    with pytest.raises(ValueError, match="around"):
        vmp.draw_map(state, around=["atlantis"])
