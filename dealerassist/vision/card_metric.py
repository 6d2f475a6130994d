"""A card's size and shape anywhere in the frame, learnt from the clean card outlines.

Why: under a tilted camera, cards farther away look smaller and squashed along the tilt,
so a hypothesis built with the frame's median card is wrong at both ends of the table.
Every clean outline is the image of the same 63 x 88 mm rectangle: its sides give the
local linear map ``A`` from the table to the image, up to the card's turn on the table.
``G = A Aᵀ`` (the metric) does not depend on that turn; its square root grows like a
card's size on screen, nearly linearly across a tilted table, and is fitted as a plane in
x and y, one per term. ``G^(-1/2)`` takes an image
vector to table units (a card's long side is 1) up to a turn, which is all a corner
hypothesis needs: lengths and right angles.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np

from dealerassist.vision.quads import CARD_ASPECT

__all__ = ["SHORT_SIDE", "CardMetric"]

SHORT_SIDE = 1 / CARD_ASPECT  # a card's short side, in table units (the long side is 1)
_RIDGE = 0.002  # pulls the fitted slope to zero when few outlines, or outlines close together
_MARGIN = 0.15  # the plane is followed this far (over the frame's width) past the outlines
_SCALE_RANGE = (0.4, 2.5)  # the fitted root's size kept within this of the outlines' mean


def _roots(tensors: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """``M^(1/2)`` and ``M^(-1/2)`` of symmetric positive definite 2x2 matrices (N, 2, 2).

    Closed form: ``sqrt(M) = (M + s I) / sqrt(tr M + 2 s)`` with ``s = sqrt(det M)``.
    """
    a, b, d = tensors[:, 0, 0], tensors[:, 0, 1], tensors[:, 1, 1]
    s = np.sqrt(np.maximum(a * d - b * b, 1e-12))
    t = np.sqrt(a + d + 2 * s)
    ra, rb, rd = (a + s) / t, b / t, (d + s) / t
    root = np.stack([np.stack([ra, rb], -1), np.stack([rb, rd], -1)], -2)
    det = ra * rd - rb * rb
    inverse = np.stack([np.stack([rd, -rb], -1), np.stack([-rb, ra], -1)], -2) / det[:, None, None]
    return root, inverse


def _root_terms(tensors: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Return the terms xx, xy, yy of ``M^(1/2)`` (`_roots`, without the inverse)."""
    a, b, d = tensors[:, 0, 0], tensors[:, 0, 1], tensors[:, 1, 1]
    s = np.sqrt(np.maximum(a * d - b * b, 1e-12))
    t = np.sqrt(a + d + 2 * s)
    return (a + s) / t, b / t, (d + s) / t


def _tensors_of(quads: np.ndarray) -> np.ndarray:
    """Return ``A Aᵀ`` of card outlines (N, 4, 2) (ordered TL, TR, BR, BL, side 0-1 short)."""
    short = ((quads[:, 1] - quads[:, 0]) + (quads[:, 2] - quads[:, 3])) / 2 / SHORT_SIDE
    long_ = ((quads[:, 3] - quads[:, 0]) + (quads[:, 2] - quads[:, 1])) / 2
    columns = np.stack([short, long_], axis=2).astype(np.float64)  # (N, 2, 2)
    return columns @ columns.transpose(0, 2, 1)


@dataclass(frozen=True, slots=True)
class CardMetric:
    """The local table-to-image metric of a card, fitted over the frame.

    The square root ``R = G^(1/2)`` (which grows like the card's size on screen, nearly
    linearly across a tilted table) is a plane in x and y per term.

    Attributes:
        coefficients: (3, 3): for 1, x and y (centred, over ``span``), the terms of the
            root's components rxx, rxy, ryy.
        centre: the point x and y are centred on.
        span: the length x and y are divided by (the frame's width).
        mean: the outlines' mean root (a bound for the fitted one).
        reach: how far from the centre, in x and y over ``span``, the plane is followed;
            beyond, it is held at its value there (no extrapolation far past the outlines).

    The maps at points already asked for are kept (a frame's search asks for the same
    outline centres several times); they are returned read-only.

    """

    coefficients: np.ndarray
    centre: tuple[float, float]
    span: float
    mean: np.ndarray
    reach: tuple[float, float, float, float] = (-np.inf, -np.inf, np.inf, np.inf)
    _known: dict[bytes, tuple[np.ndarray, np.ndarray] | float] = field(
        default_factory=dict, init=False, repr=False, compare=False)

    @classmethod
    def fit(cls, quads: Sequence[np.ndarray], *, span: float) -> CardMetric | None:
        """Fit the metric to card outlines (ordered quads); None without any."""
        if not quads:
            return None
        stack = np.stack(quads).astype(np.float64)
        root_xx, root_xy, root_yy = _root_terms(_tensors_of(stack))
        roots = np.empty((len(stack), 2, 2))
        roots[:, 0, 0], roots[:, 1, 1] = root_xx, root_yy
        roots[:, 0, 1] = roots[:, 1, 0] = root_xy
        targets = np.column_stack([root_xx, root_xy, root_yy])
        centres = stack.mean(axis=1)
        centre = centres.mean(axis=0)
        design = np.column_stack([np.ones(len(stack)), (centres - centre) / span])
        lhs = design.T @ design + np.diag([0.0, _RIDGE, _RIDGE])
        coefficients = np.linalg.solve(lhs, design.T @ targets)
        offsets = (centres - centre) / span
        lows, highs = offsets.min(axis=0) - _MARGIN, offsets.max(axis=0) + _MARGIN
        return cls(coefficients, (float(centre[0]), float(centre[1])), float(span),
                   roots.mean(axis=0),
                   (float(lows[0]), float(lows[1]), float(highs[0]), float(highs[1])))

    @classmethod
    def isotropic(cls, long_side: float) -> CardMetric:
        """Return a metric without perspective: a card's long side is ``long_side`` pixels."""
        r = float(long_side)
        coefficients = np.array([[r, 0.0, r], [0.0, 0.0, 0.0], [0.0, 0.0, 0.0]])
        return cls(coefficients, (0.0, 0.0), 1.0, np.diag([r, r]))

    def maps(self, points: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Return, at each point, the maps image -> table units and back, (N, 2, 2) each.

        Table units are a card's long side; the map is known up to a turn on the table,
        which keeps lengths and right angles.
        """
        points = np.asarray(points, np.float64).reshape(-1, 2)
        key = points.tobytes()
        known = self._known.get(key)
        if known is None:
            maps = self._one_point if len(points) == 1 else self._maps
            known = self._known[key] = maps(points)
        return known

    def _one_point(self, points: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Return `_maps` at one point, in Python floats after the plane (the same IEEE steps)."""
        px, py = float(points[0, 0]), float(points[0, 1])
        x = min(max((px - self.centre[0]) / self.span, self.reach[0]), self.reach[2])
        y = min(max((py - self.centre[1]) / self.span, self.reach[1]), self.reach[3])
        row = np.empty((1, 3))
        row[0, 0], row[0, 1], row[0, 2] = 1.0, x, y
        txx, txy, tyy = (row @ self.coefficients)[0].tolist()  # the same product as `_maps`
        ratio = (txx + tyy) / max(float(np.trace(self.mean)), 1e-9)
        det = txx * tyy - txy * txy
        low, high = _SCALE_RANGE
        if ratio < low or ratio > high:
            factor = min(max(ratio, low), high) / ratio
            txx, txy, tyy = txx * factor, txy * factor, tyy * factor
        if det <= 0 or ratio <= 0:
            held = min(max(ratio, low), high)
            mean = self.mean.tolist()
            txx, txy, tyy = mean[0][0] * held, mean[0][1] * held, mean[1][1] * held
        det = txx * tyy - txy * txy
        root = np.array([[[txx, txy], [txy, tyy]]])
        inverse = np.array([[[tyy / det, -txy / det], [-txy / det, txx / det]]])
        inverse.flags.writeable = root.flags.writeable = False
        return inverse, root

    def _maps(self, points: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        x = np.clip((points[:, 0] - self.centre[0]) / self.span, self.reach[0], self.reach[2])
        y = np.clip((points[:, 1] - self.centre[1]) / self.span, self.reach[1], self.reach[3])
        terms = np.column_stack([np.ones(len(points)), x, y]) @ self.coefficients
        # Far outside the outlines a plane can run away: keep its size near theirs, and
        # keep it positive definite.
        ratio = (terms[:, 0] + terms[:, 2]) / max(float(np.trace(self.mean)), 1e-9)
        det = terms[:, 0] * terms[:, 2] - terms[:, 1] ** 2
        wild = (ratio < _SCALE_RANGE[0]) | (ratio > _SCALE_RANGE[1])
        if wild.any():  # the fitted shape, its size held within the range
            terms[wild] *= (np.clip(ratio[wild], *_SCALE_RANGE) / ratio[wild])[:, None]
        broken = (det <= 0) | (ratio <= 0)
        if broken.any():
            mean = self.mean[None] * np.clip(ratio[broken], *_SCALE_RANGE)[:, None, None]
            terms[broken] = np.stack([mean[:, 0, 0], mean[:, 0, 1], mean[:, 1, 1]], axis=1)
        det = terms[:, 0] * terms[:, 2] - terms[:, 1] ** 2
        root = np.empty((len(terms), 2, 2))
        root[:, 0, 0], root[:, 1, 1] = terms[:, 0], terms[:, 2]
        root[:, 0, 1] = root[:, 1, 0] = terms[:, 1]
        inverse = np.empty_like(root)
        inverse[:, 0, 0], inverse[:, 1, 1] = terms[:, 2] / det, terms[:, 0] / det
        inverse[:, 0, 1] = inverse[:, 1, 0] = -terms[:, 1] / det
        inverse.flags.writeable = root.flags.writeable = False
        return inverse, root

    def tensors(self, points: np.ndarray) -> np.ndarray:
        """Return the metric ``A Aᵀ`` at each point (N, 2) in pixels, as (N, 2, 2)."""
        _, root = self.maps(points)
        return root @ root

    def tensor(self, point: np.ndarray) -> np.ndarray:
        """Return the metric ``A Aᵀ`` at a point (pixels)."""
        return self.tensors(np.asarray(point, np.float64).reshape(1, 2))[0]

    def to_table(self, point: np.ndarray) -> np.ndarray:
        """Return the 2x2 map from image vectors at a point to table units (up to a turn)."""
        return self.maps(np.asarray(point, np.float64).reshape(1, 2))[0][0]

    def to_image(self, point: np.ndarray) -> np.ndarray:
        """Return the inverse of ``to_table`` at a point."""
        return self.maps(np.asarray(point, np.float64).reshape(1, 2))[1][0]

    def card_area(self, point: np.ndarray) -> float:
        """Return a card's area in pixels at a point."""
        point = np.asarray(point, np.float64).reshape(1, 2)
        key = b"area" + point.tobytes()
        area = self._known.get(key)
        if area is None:
            area = self._known[key] = float(
                np.sqrt(max(np.linalg.det(self.tensor(point)), 0.0))) * SHORT_SIDE
        return area
