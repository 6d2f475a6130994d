"""The finder's fast helpers give what the slower forms they replace give.

The speed work on the finder (issue 9) must not move a single corner: each shortcut is
held here to the numpy or OpenCV call it replaces, on random inputs. On the machine the
shortcuts were written on they agree bit for bit; products and sums may differ in the
last bit on another CPU or BLAS (fused multiply-add), so the floating-point comparisons
allow that last bit (a relative 1e-12 in float64, 1e-6 in float32) and nothing more. The
slow `test_finder_sameness.py` holds whole frames' quads to the older finder.
"""

from __future__ import annotations

import cv2
import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from dealerassist.vision.card_hypotheses import _apply, _apply_corners, _percentile_30
from dealerassist.vision.card_metric import CardMetric
from dealerassist.vision.geometry import _aspects, _dedupe, _planes
from dealerassist.vision.quads import CardQuad


@settings(max_examples=60, deadline=None)
@given(rows=st.integers(1, 60), width=st.integers(1, 40), seed=st.integers(0, 2**32 - 1),
       whole=st.booleans())
def test_percentile_30_is_numpys_linear_percentile(rows, width, seed, whole):
    values = np.random.default_rng(seed).gamma(2.0, 40.0, size=(rows, width)).astype(np.float32)
    if whole:
        values = np.round(values)
    ours = _percentile_30(values)
    assert ours.dtype == np.float32
    np.testing.assert_allclose(ours, np.percentile(values, 30, axis=0), rtol=1e-6, atol=0)


def test_two_by_two_maps_applied_as_einsum_does():
    rng = np.random.default_rng(7)
    maps = rng.normal(size=(500, 2, 2))
    vectors = rng.normal(size=(500, 2)) * 300
    corners = rng.normal(size=(500, 4, 2))
    np.testing.assert_allclose(_apply(maps, vectors), np.einsum("nij,nj->ni", maps, vectors),
                               rtol=1e-12, atol=1e-9)
    np.testing.assert_allclose(_apply_corners(maps, corners),
                               np.einsum("nij,nkj->nki", maps, corners), rtol=1e-12, atol=1e-12)


def test_planes_are_cv2_split():
    image = np.random.default_rng(1).integers(0, 256, (37, 53, 3), dtype=np.uint8)
    for ours, theirs in zip(_planes(image), cv2.split(image), strict=True):
        assert np.array_equal(ours, theirs)


def test_aspects_are_long_over_short_sides():
    quad = np.array([[0, 0], [63, 0], [63, 88], [0, 88]], np.float32)
    assert _aspects(np.stack([quad, quad[[1, 2, 3, 0]]])) == [
        np.float32(176) / np.float32(126), np.float32(126) / np.float32(176)]


def test_dedupe_drops_a_repeat_only_of_a_kept_quad():
    base = np.array([[0, 0], [63, 0], [63, 88], [0, 88]], np.float32)  # diagonal ~108 px
    first = CardQuad(base, True)
    near_first = CardQuad(base + 8, False)  # 8 < 0.12 x 108: a repeat of first, dropped
    turned = CardQuad(base[[2, 3, 0, 1]], False)  # first's corners half a turn round
    # 20 px from first (kept), 12 from near_first (dropped): not a repeat of a kept quad.
    beside = CardQuad(base + 20, False)
    far = CardQuad(base + 200, False)
    kept = _dedupe([first, near_first, turned, beside, far])
    assert [id(quad) for quad in kept] == [id(first), id(beside), id(far)]


def test_a_hypothesis_14_px_off_a_108_px_card_is_read_too():
    # 12 to 15 % of a diagonal apart: two placements whose index regions differ by about
    # a third of an index. The one ranked first may be the one off the index (overlap).
    base = np.array([[0, 0], [63, 0], [63, 88], [0, 88]], np.float32)
    first, off = CardQuad(base, True), CardQuad(base + [14, 0], False)
    assert [id(quad) for quad in _dedupe([first, off])] == [id(first), id(off)]
    assert [id(quad) for quad in _dedupe([first, off], limit=0.85)] == [id(first)]


def test_metric_maps_asked_again_are_the_same_and_read_only():
    quad = np.array([[100, 100], [163, 100], [163, 188], [100, 188]], np.float32)
    metric = CardMetric.fit([quad], span=640.0)
    first = metric.maps(np.array([[120.0, 130.0], [300.0, 20.0]]))
    again = metric.maps(np.array([[120.0, 130.0], [300.0, 20.0]]))
    assert again[0] is first[0]
    assert not first[0].flags.writeable
    fresh = CardMetric.fit([quad], span=640.0)
    np.testing.assert_allclose(fresh.to_table(np.array([120.0, 130.0])), first[0][0],
                               rtol=1e-12, atol=1e-12)
    assert abs(metric.card_area(quad.mean(axis=0)) - fresh.card_area(quad.mean(axis=0))) < 1e-9
    assert abs(metric.card_area(quad.mean(axis=0)) - 63 * 88) < 1.0


def test_metric_at_one_point_is_the_vectorised_maps_in_every_branch():
    rng = np.random.default_rng(11)
    mean = np.array([[60.0, 5.0], [5.0, 80.0]])
    cases = [
        np.array([[60.0, 4.0, 80.0], [30.0, 2.0, -10.0], [-20.0, 1.0, 25.0]]),  # plain
        np.array([[60.0, 4.0, 80.0], [900.0, 0.0, 900.0], [0.0, 0.0, 0.0]]),  # too large
        np.array([[60.0, 4.0, 80.0], [-400.0, 0.0, -400.0], [0.0, 0.0, 0.0]]),  # <= 0
        np.array([[10.0, 50.0, 10.0], [0.0, 0.0, 0.0], [0.0, 0.0, 0.0]]),  # det <= 0
    ]
    for coefficients in cases:
        metric = CardMetric(coefficients, (320.0, 180.0), 640.0, mean)
        for point in rng.uniform(-200, 900, size=(40, 1, 2)):
            one, vectorised = metric._one_point(point), metric._maps(point)
            np.testing.assert_allclose(one[0], vectorised[0], rtol=1e-12, atol=1e-12)
            np.testing.assert_allclose(one[1], vectorised[1], rtol=1e-12, atol=1e-12)


def test_outline_tensors_at_once_are_the_one_by_one_products():
    from dealerassist.vision.card_metric import SHORT_SIDE, _tensors_of

    quads = np.random.default_rng(4).uniform(0, 600, size=(300, 4, 2))
    for quad, tensor in zip(quads, _tensors_of(quads), strict=True):
        short = ((quad[1] - quad[0]) + (quad[2] - quad[3])) / 2 / SHORT_SIDE
        long_ = ((quad[3] - quad[0]) + (quad[2] - quad[1])) / 2
        columns = np.stack([short, long_], axis=1)
        np.testing.assert_allclose(tensor, columns @ columns.T, rtol=1e-12, atol=1e-9)
