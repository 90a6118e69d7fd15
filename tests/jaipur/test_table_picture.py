"""The Jaipur table picture (viz.draw_table) is readable: every label 9 pt or more, none rotated,
nothing outside the figure (issue 7, item 17)."""
import pytest

from caravan_lessons import jaipur
from caravan_lessons.viz.jaipur import draw_table


@pytest.mark.parametrize("cards", [True, False])
def test_table_labels_are_upright_readable_and_inside(cards):
    state = jaipur.scenario(market={"camel": 1, "leather": 2, "diamond": 2},
                            hands=[{"leather": 3, "spice": 2, "cloth": 1, "silver": 1}, {}], herds=(1, 0))
    from matplotlib.backends.backend_agg import FigureCanvasAgg

    fig = draw_table(state.observation(0), cards=cards)
    renderer = FigureCanvasAgg(fig).get_renderer()
    texts = [t for t in fig.axes[0].texts if t.get_text()]
    assert len(texts) > 20
    box = fig.bbox
    for t in texts:
        assert t.get_fontsize() >= 9, t.get_text()
        assert t.get_rotation() == 0, t.get_text()
        ext = t.get_window_extent(renderer)
        assert box.x0 - 1 <= ext.x0 and ext.x1 <= box.x1 + 1 and box.y0 - 1 <= ext.y0 and ext.y1 <= box.y1 + 1, \
            t.get_text()
    labels = {t.get_text() for t in texts}
    assert "1 camel in the herd" in " ".join(labels) and "7 of 7 cards" in " ".join(labels)
