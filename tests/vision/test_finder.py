"""The card finder under a tilted camera and with overlapping cards: the local card metric,
corner hypotheses squared on the table, fans that look like one card, square-looking
outlines."""

from __future__ import annotations

import cv2
import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from dealerassist.vision.card_hypotheses import corner_hypotheses
from dealerassist.vision.card_metric import SHORT_SIDE, CardMetric, _roots
from dealerassist.vision.geometry import CardSearch, _order_singles
from dealerassist.vision.quads import order_quad, order_quads

# A camera tilted about 30 degrees: the top of the frame is farther, cards there smaller.
_TILT = cv2.getPerspectiveTransform(
    np.array([[0, 0], [640, 0], [640, 360], [0, 360]], np.float32),
    np.array([[120, 40], [520, 40], [640, 360], [0, 360]], np.float32),
)


def _felt(width: int = 640, height: int = 360) -> np.ndarray:
    image = np.empty((height, width, 3), np.uint8)
    image[:] = (40, 110, 30)
    return image


def _rect(x: float, y: float, w: float, h: float) -> np.ndarray:
    return np.array([[x, y], [x + w, y], [x + w, y + h], [x, y + h]], np.float32)


def _tilted(corners: np.ndarray) -> np.ndarray:
    return cv2.perspectiveTransform(corners.reshape(1, 4, 2), _TILT).reshape(4, 2)


def _card(image: np.ndarray, corners: np.ndarray) -> None:
    """A white card with the thin dark edge a real card shows against another."""
    points = np.round(corners).astype(np.int32)
    cv2.fillPoly(image, [points], (245, 245, 245))
    cv2.polylines(image, [points], True, (90, 90, 90), 1)


def _matches(quads, truth: np.ndarray, tolerance: float) -> bool:
    size = float(np.linalg.norm(truth[0] - truth[2]))
    for quad in quads:
        for turn in (0, 1, 2, 3):
            if float(np.abs(np.roll(quad.corners, turn, axis=0) - truth).max()) < tolerance * size:
                return True
    return False


def _gap(quad: np.ndarray, card: np.ndarray) -> float:
    """Largest corner distance between a hypothesis and an ordered card, either way round."""
    quad = order_quad(quad)
    return min(float(np.abs(np.roll(quad, turn, axis=0) - card).max()) for turn in (0, 2))


def _table_lengths(metric: CardMetric, quad: np.ndarray) -> tuple[float, float]:
    """A quad's short and long side in the metric's table units (long side 1)."""
    to_table = metric.to_table(quad.mean(axis=0))
    short = np.linalg.norm(to_table @ ((quad[1] - quad[0] + quad[2] - quad[3]) / 2))
    long_ = np.linalg.norm(to_table @ ((quad[3] - quad[0] + quad[2] - quad[1]) / 2))
    return float(short), float(long_)


# --- the local card metric ---------------------------------------------------------------


def test_metric_from_near_cards_predicts_a_far_card_size_the_median_gets_wrong():
    near = [order_quad(_tilted(_rect(x, 250, 50, 70))) for x in (80, 200, 320, 440)]
    near += [order_quad(_tilted(_rect(x, 150, 50, 70))) for x in (140, 380)]
    far = order_quad(_tilted(_rect(280, 20, 50, 70)))  # at the top: smaller on screen
    metric = CardMetric.fit(near, span=640.0)
    short, long_ = _table_lengths(metric, far)
    assert abs(long_ - 1.0) < 0.06 and abs(short - SHORT_SIDE) < 0.06
    median = CardMetric.isotropic(float(np.median([np.linalg.norm(q[3] - q[0]) for q in near])))
    _, long_median = _table_lengths(median, far)
    assert long_median < 0.85  # the frame's median card is too big up there


def test_metric_without_outlines_is_none_and_a_lone_card_gives_a_flat_metric():
    assert CardMetric.fit([], span=640.0) is None
    lone = CardMetric.fit([_rect(100, 100, 63, 88)], span=640.0)
    for point in ((0, 0), (600, 300)):
        assert np.allclose(lone.tensor(np.array(point)), lone.tensor(np.array((131, 144))))
    assert abs(lone.card_area(np.array((300, 200))) - 63 * 88) < 1.0


def test_metric_is_not_extrapolated_far_past_the_outlines():
    cluster = [order_quad(_tilted(_rect(x, y, 50, 70))) for x, y in ((420, 200), (500, 230),
                                                                       (460, 270))]
    metric = CardMetric.fit(cluster, span=640.0)
    edge = metric.card_area(np.array((-2000.0, -2000.0)))
    assert edge == metric.card_area(np.array((-5000.0, -9000.0)))  # held, not running away
    areas = [cv2.contourArea(q) for q in cluster]
    assert 0.4 * min(areas) < edge < 2.5 * max(areas)


@settings(max_examples=60, deadline=None)
@given(st.floats(1.0, 1e4), st.floats(1.0, 1e4), st.floats(-0.95, 0.95))
def test_metric_roots_square_back_and_invert_each_other(a, d, correlation):
    b = correlation * float(np.sqrt(a * d))
    tensor = np.array([[[a, b], [b, d]]])
    root, inverse = _roots(tensor)
    assert np.allclose(root @ root, tensor, rtol=1e-6, atol=1e-6 * max(a, d))
    assert np.allclose(inverse @ root, np.eye(2)[None], atol=1e-6)


@settings(max_examples=40, deadline=None)
@given(st.lists(st.tuples(st.floats(0, 600), st.floats(0, 300), st.floats(20, 90),
                          st.floats(20, 90), st.floats(0, 6.28)), min_size=1, max_size=12))
def test_quads_ordered_together_are_ordered_as_one_by_one(cards):
    quads = []
    for x, y, w, h, turn in cards:
        spin = np.array([[np.cos(turn), -np.sin(turn)], [np.sin(turn), np.cos(turn)]])
        quads.append((_rect(0, 0, w, h) @ spin.T + (x, y))[[2, 0, 3, 1]])
    stack = np.array(quads, np.float32)
    assert np.allclose(order_quads(stack), np.stack([order_quad(q) for q in stack]))


# --- corner hypotheses ---------------------------------------------------------------------


def test_corner_of_a_tilted_card_is_squared_on_the_table_not_on_screen():
    card = order_quad(_tilted(_rect(300, 40, 50, 70)))  # far: a trapezoid-ish parallelogram
    near = [order_quad(_tilted(_rect(x, y, 50, 70))) for x in (100, 300, 500) for y in (150, 270)]
    metric = CardMetric.fit(near, span=640.0)
    support = np.zeros((360, 640), np.uint8)
    cv2.fillPoly(support, [np.round(card).astype(np.int32)], 255)
    # The card's outline with its right half under another card: an L-shaped region.
    region = np.round(card).astype(np.int32).reshape(-1, 1, 2)
    found = corner_hypotheses(region, support, metric)
    size = float(np.linalg.norm(card[0] - card[2]))
    best = min(_gap(q, card) for _, q in found)
    assert best < 0.08 * size
    # A square on the screen (the frame's median card) would miss it.
    flat = corner_hypotheses(region, support, CardMetric.isotropic(
        float(np.median([np.linalg.norm(q[3] - q[0]) for q in near]))))
    flat_best = min((_gap(q, card) for _, q in flat), default=np.inf)
    assert flat_best > best


def test_card_half_under_another_far_up_a_tilted_table_is_hypothesised():
    image = _felt()
    for x in (60, 200, 460):  # clean cards near the camera
        _card(image, _tilted(_rect(x, 250, 50, 70)))
    hidden = _tilted(_rect(250, 30, 50, 70))
    _card(image, hidden)
    _card(image, _tilted(_rect(280, 45, 50, 70)))  # over its right half
    search = CardSearch(image)
    assert _matches(search.hypotheses(), order_quad(hidden), 0.1)


def test_a_fan_that_looks_like_one_card_is_searched_inside_unless_settled():
    image = _felt()
    for x in (40, 140):  # clean cards give the card's size
        _card(image, _rect(x, 40, 63, 88))
    fan = [_rect(300 + 28 * n, 200, 63, 88) for n in range(3)]  # 119 x 88: card-shaped
    for corners in fan:
        _card(image, corners)
    search = CardSearch(image)
    outline = next(n for n, quad in enumerate(search.singles) if quad.box[0] >= 295)
    assert search.singles[outline].box[2] > 110  # the whole fan is one "clean" outline
    clean = {n for n in range(len(search.singles)) if n != outline}
    assert _matches(search.hypotheses(settled=clean), fan[0], 0.08)
    assert not _matches(search.hypotheses(settled=clean | {outline}), fan[0], 0.08)


def test_a_card_that_looks_square_under_a_steep_tilt_is_ordered_short_side_first():
    steep = cv2.getPerspectiveTransform(
        np.array([[0, 0], [640, 0], [640, 360], [0, 360]], np.float32),
        np.array([[170, 120], [470, 120], [640, 360], [0, 360]], np.float32))

    def seen(corners: np.ndarray) -> np.ndarray:
        return cv2.perspectiveTransform(corners.reshape(1, 4, 2), steep).reshape(4, 2)

    # A portrait card far up the table looks square, and order_quad alone takes a long
    # side for the short one: its index corners would be the wrong two.
    far = seen(_rect(300, 0, 50, 70))
    short_sides = ({tuple(far[0]), tuple(far[1])}, {tuple(far[2]), tuple(far[3])})

    def first_side(quad: np.ndarray) -> set:
        return {tuple(quad[0]), tuple(quad[1])}

    assert first_side(order_quad(far)) not in short_sides  # the trap is real
    near = [seen(_rect(x, y, w, h)) for x, y, w, h in
            ((60, 200, 50, 70), (250, 200, 70, 50), (480, 180, 50, 70), (330, 270, 50, 70))]
    ordered = _order_singles([(q, None) for q in [far, *near]], span=640.0)
    assert first_side(ordered[0][0]) in short_sides
    assert all(first_side(quad) == first_side(order_quad(q))  # clear ones left alone
               for (quad, _), q in zip(ordered[1:], near, strict=True))
