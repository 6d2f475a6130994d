"""The finder's work done many at once gives what it gives one at a time, bit for bit.

Speed work of issue 9 (second pass): clean outlines are refined many at once
(`outlines.refine_quads`; a quad with a stretch on a limit, where BLAS's fused products
could decide otherwise, by the one-quad matrix-product form `outlines.refine_quad`),
every region's corner hypotheses are worked out together
(`card_hypotheses.many_corner_hypotheses`), a strip's spans are built together, the edge
snap samples its points in another layout (and in integers), and an outline of the later
masks is refined only when a region's centre may lie in it (`geometry._refined_bounds`).
Each is held here to the one-at-a-time form on the fixture frames and on random input.
The slow `test_finder_sameness.py` holds whole frames' quads to the older finder.
"""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dealerassist.vision.card_hypotheses import (
    CornerSearch,
    corner_hypotheses,
    many_corner_hypotheses,
    strip_hypotheses,
)
from dealerassist.vision.card_metric import CardMetric
from dealerassist.vision.edge_snap import _third_lowest, snap_quads
from dealerassist.vision.geometry import CardSearch, _given_back, _refined_bounds
from dealerassist.vision.outlines import outline_from_contour, refine_quad, refine_quads

FIXTURES = Path(__file__).parent / "fixtures"
_FRAMES = ("overlap_chips.png", "angle.png", "blur_glare.png", "board_five.png")


@pytest.fixture(scope="module")
def searches() -> list[CardSearch]:
    return [CardSearch(cv2.imread(str(FIXTURES / name))) for name in _FRAMES]


def _outlines(search: CardSearch) -> list[tuple[np.ndarray, np.ndarray]]:
    """Unrefined outlines (quad, hull) of every outline-like contour of a frame's masks."""
    out = []
    for mask in (search.mask, search.closed, search.not_felt):
        contours, _ = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
        for contour in contours:
            if cv2.contourArea(contour) >= 100:
                outline = outline_from_contour(contour)
                if outline is not None:
                    out.append(outline)
    return out


def test_outlines_refined_together_are_each_refined_alone(searches):
    outlines = [outline for search in searches for outline in _outlines(search)]
    assert len(outlines) >= 20
    quads, hulls = [q for q, _ in outlines], [h for _, h in outlines]
    together = refine_quads(quads, hulls)
    moved = 0
    for quad, hull, refined in zip(quads, hulls, together, strict=True):
        alone = refine_quads([quad], [hull])[0]
        assert np.array_equal(alone, refined)
        assert np.array_equal(refine_quad(quad, hull), refined)  # the matrix-product form
        assert refined.dtype == np.float32
        moved += not np.array_equal(refined, quad)
    assert moved >= len(outlines) // 2  # the sides were put on the edges, not left as given


@settings(max_examples=80, deadline=None)
@given(x=st.floats(20, 500), y=st.floats(20, 250), w=st.floats(30, 90), aspect=st.floats(1.1, 2.0),
       angle=st.floats(0, 180), cut=st.booleans())
def test_refined_bounds_hold_the_refined_outline_given_back_or_not(x, y, w, aspect, angle, cut):
    mask = np.zeros((360, 640), np.uint8)
    box = cv2.boxPoints(((x + w / 2, y + w * aspect / 2), (w, w * aspect), angle))
    cv2.fillPoly(mask, [np.round(box).astype(np.int32)], 255)
    contours, _ = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    outline = outline_from_contour(contours[0])
    if outline is None:
        return
    refined = refine_quads([outline[0]], [outline[1]])[0]
    if cut:
        refined = _given_back(refined)
    x0, y0, x1, y1 = _refined_bounds(outline[0])
    assert x0 <= refined[:, 0].min() and refined[:, 0].max() <= x1
    assert y0 <= refined[:, 1].min() and refined[:, 1].max() <= y1


def _corner_searches(search: CardSearch) -> list[CornerSearch]:
    metric = search.metric()
    assert metric is not None
    out = []
    contours, _ = cv2.findContours(search.not_felt, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    for contour in contours:
        if cv2.contourArea(contour) < 300:
            continue
        rect = cv2.minAreaRect(contour)
        out.append(CornerSearch(contour, metric))
        out.append(CornerSearch(contour, CardMetric.isotropic(max(min(rect[1]), 1.0))))
        out.append(CornerSearch(cv2.convexHull(contour), metric, inset=1.5,
                                contain=cv2.boxPoints(rect).astype(np.float32), min_edge=0.12))
    return out


def test_corner_hypotheses_of_many_regions_are_each_regions_own(searches):
    total = 0
    for search in searches:
        support = cv2.bitwise_or(search.closed, search.not_felt)
        regions = _corner_searches(search)
        together = many_corner_hypotheses(regions, support)
        for region, found in zip(regions, together, strict=True):
            alone = corner_hypotheses(region.contour, support, region.metric,
                                      inset=region.inset, contain=region.contain,
                                      min_edge=region.min_edge)
            assert [score for score, _ in found] == [score for score, _ in alone]
            assert all(np.array_equal(a, b) for (_, a), (_, b) in zip(found, alone, strict=True))
            total += len(found)
    assert total >= 10


def test_strip_spans_built_together_are_float32_corners_of_the_strip(searches):
    count = 0
    for search in searches:
        contours, _ = cv2.findContours(search.mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
        for contour in contours:
            if cv2.contourArea(contour) < 2000:
                continue
            rect = cv2.minAreaRect(contour)
            for quad in strip_hypotheses(search.gray, rect, None):
                assert quad.dtype == np.float32 and quad.shape == (4, 2)
                # A rectangle: opposite sides equal, its top side along the strip.
                np.testing.assert_allclose(quad[1] - quad[0], quad[2] - quad[3], atol=1e-3)
                np.testing.assert_allclose(quad[3] - quad[0], quad[2] - quad[1], atol=1e-3)
                count += 1
    assert count >= 2


@settings(max_examples=60, deadline=None)
@given(st.integers(3, 12), st.integers(1, 9), st.integers(1, 9), st.integers(0, 2**32 - 1))
def test_snap_third_lowest_in_whole_grey_levels_is_numpys_partition(count, rows, columns, seed):
    values = np.random.default_rng(seed).integers(-255, 256, (count, rows, columns))
    ours = _third_lowest(values.astype(np.int16))
    assert ours.dtype == np.int16
    assert np.array_equal(ours, np.partition(values, 2, axis=0)[2])


def test_snap_of_many_quads_is_the_snap_of_each_part(searches):
    """More sides than one remap takes (32000 rows of points) are sampled in parts."""
    search = searches[0]
    quads = np.stack([np.asarray(q.corners, np.float32) * search.scale
                      for q in search.singles])
    many = np.concatenate([quads + (dx, dy) for dx in (-3, 0, 3) for dy in (-3, 0, 3)] * 130)
    assert 4 * 8 * len(many) > 32000
    snapped, strength = snap_quads(search.gray, many)
    head, head_strength = snap_quads(search.gray, many[:5])
    assert np.array_equal(snapped[:5], head) and np.array_equal(strength[:5], head_strength)
    tail, tail_strength = snap_quads(search.gray, many[-5:])
    assert np.array_equal(snapped[-5:], tail) and np.array_equal(strength[-5:], tail_strength)


def _inside_shares_by_einsum(mask: np.ndarray, quads: np.ndarray, weights: np.ndarray):
    """`quads.inside_shares` as it was written first (einsum, np.round, 2-D lookup)."""
    points = np.einsum("pk,nkc->npc", weights, quads)
    xs = np.round(points[..., 0]).astype(np.intp)
    ys = np.round(points[..., 1]).astype(np.intp)
    height, width = mask.shape[:2]
    on_image = (xs >= 0) & (xs < width) & (ys >= 0) & (ys < height)
    values = mask[np.clip(ys, 0, height - 1), np.clip(xs, 0, width - 1)] > 0
    return (values & on_image).mean(axis=1)


@settings(max_examples=80, deadline=None)
@given(height=st.integers(3, 300), width=st.integers(3, 500), count=st.integers(1, 120),
       steps=st.sampled_from([6, 10]), halves=st.booleans(), seed=st.integers(0, 2**32 - 1))
def test_inside_shares_written_out_is_the_einsum_lookup(height, width, count, steps, halves,
                                                        seed):
    from dealerassist.vision.quads import grid_weights, inside_shares

    rng = np.random.default_rng(seed)
    mask = (rng.random((height, width)) > 0.5).astype(np.uint8) * 255
    span = np.array([width, height], np.float32)
    quads = (rng.random((count, 4, 2)) * 1.4 * span - 0.2 * span).astype(np.float32)
    if halves:  # corners on half pixels: grid points on rounding ties
        quads = np.round(quads * 2) / 2
    weights = grid_weights(steps)
    ours = inside_shares(mask, quads, weights=weights)
    assert np.array_equal(ours, _inside_shares_by_einsum(mask, quads, weights))
