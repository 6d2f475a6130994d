"""A third witness beside the two corner indices: the card's face read as a whole.

Why: the corner index is small. At a far camera or under blur a club's index sign
becomes the same blob as a spade's, and a thin queen's index can pass for a ten. The
face itself says more, and says it the same way on every deck: a number card carries as
many pips as its rank in the standard layout, each pip several times the size of the
index sign; an ace carries one large pip; a court carries a picture. So this witness only
claims what generalises from deck to deck: the rank *group* (ace, each of two to ten, or
"a court", never which court; the pictures differ from deck to deck) and the suit.

Input: the card warped upright to ``BODY_W x BODY_H`` with the same two channels as the
index patches (`model.reading_image`, `model.normalise_patches`). A small CNN (ONNX, run by
`network`, trained by ``scripts/vision_body.py``) gives 12 group logits (the eleven
above and "no card's face": a back) and 4 suit logits. The recogniser multiplies its
evidence into the corners' (`witness`) with a weight chosen on rendered scenes. The face
may lower the chance that an index was read at all (a hypothesis lying on a back), never
raise it: whether a corner shows an index is the index classifier's call.
"""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np

from dealerassist.cards import Card, Rank, Suit
from dealerassist.vision.model import NO_INDEX, best_cards, normalise_patches, reading_image
from dealerassist.vision.network import load_network

__all__ = ["BODY_H", "BODY_W", "COURT", "DEFAULT_BODY_PATH", "GROUPS", "NO_FACE", "BodyClassifier",
           "confine", "confine_suit", "court_of_cuts", "extract_bodies", "group_of_rank_class",
           "number_card", "support", "sure_groups", "witness"]

BODY_W = 32
BODY_H = 48
GROUPS = 12  # ace, two .. ten, court, and "no card's face" (a back)
COURT = 10
NO_FACE = 11
DEFAULT_BODY_PATH = Path(__file__).resolve().parents[1] / "resources" / "vision" / "card_body.onnx"
_TINY = 1e-6
_CORNERS = np.array([[0, 0], [BODY_W, 0], [BODY_W, BODY_H], [0, BODY_H]], np.float32)
# The index model's rank classes 0..12 are 2..A: their group (two..ten -> 1..9, J Q K -> court,
# ace -> 0).
_GROUP_OF_RANK = np.array([1, 2, 3, 4, 5, 6, 7, 8, 9, COURT, COURT, COURT, 0], np.intp)
_GROUP_SIZE = np.bincount(_GROUP_OF_RANK, minlength=NO_FACE).astype(np.float64)
_COURT_RANKS = np.flatnonzero(_GROUP_OF_RANK == COURT)  # J, Q, K: rank classes 9, 10, 11


def group_of_rank_class(rank_class: int) -> int:
    """Return the body group of an index rank class (0..12 for 2..A)."""
    return int(_GROUP_OF_RANK[rank_class])


def extract_bodies(frame: np.ndarray, quads: list[np.ndarray]) -> np.ndarray:
    """Warp each card (4 corners, the reader's order) upright: uint8 (N, BODY_H, BODY_W, 2)."""
    if not quads:
        return np.zeros((0, BODY_H, BODY_W, 2), np.uint8)
    colour = np.stack([
        cv2.warpPerspective(frame, cv2.getPerspectiveTransform(
            np.asarray(quad, np.float32), _CORNERS), (BODY_W, BODY_H), flags=cv2.INTER_AREA,
            borderMode=cv2.BORDER_REPLICATE)
        for quad in quads])
    return reading_image(colour.reshape(-1, BODY_W, 3)).reshape(len(quads), BODY_H, BODY_W, 2)


class BodyClassifier:
    """Group (N, 12) and suit (N, 4) probabilities of warped card faces."""

    def __init__(self, path: Path | str = DEFAULT_BODY_PATH, *, engine: str | None = None) -> None:
        self.path = Path(path)
        self._net = load_network(self.path, what="card face model", script="vision_body.py",
                                 engine=engine)

    def predict(self, bodies: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Group and suit probabilities for uint8 (N, BODY_H, BODY_W, 2) `extract_bodies`."""
        if len(bodies) == 0:
            return np.zeros((0, GROUPS), np.float32), np.zeros((0, 4), np.float32)
        logits = self._net.forward(normalise_patches(bodies)).reshape(len(bodies), GROUPS + 4)
        return _softmax(logits[:, :GROUPS]), _softmax(logits[:, GROUPS:])

    def warm_up(self) -> None:
        """Run the network once, so that its first frame does not pay for its set-up."""
        self.predict(np.zeros((1, BODY_H, BODY_W, 2), np.uint8))


def _softmax(logits: np.ndarray) -> np.ndarray:
    shifted = logits - logits.max(axis=1, keepdims=True)
    exp = np.exp(shifted)
    return exp / exp.sum(axis=1, keepdims=True)


def support(group_p: np.ndarray, suit_p: np.ndarray, card: Card) -> float:
    """How well one face's (12,) group and (4,) suit probabilities fit ``card``.

    The face's probability of the card's rank (its group's share) times that of its suit,
    each over the uniform chance (1/13, 1/4): above 1 where the face speaks for the card.
    """
    group = group_of_rank_class(int(card.rank) - 2)
    rank_share = float(group_p[group]) / float(_GROUP_SIZE[group])
    return max(rank_share * 13.0 * float(suit_p[card.suit.order]) * 4.0, _TINY)


def witness(
    rank_p: np.ndarray, suit_p: np.ndarray, group_p: np.ndarray, body_suit_p: np.ndarray, *,
    weight: float,
) -> tuple[np.ndarray, np.ndarray]:
    """Multiply the face's evidence into index distributions: (N, 14), (N, 4) -> the same.

    A group's probability is shared equally by its ranks (a court's by J, Q and K), so the
    face never chooses between courts. ``weight`` is the face's exponent: 0 leaves the
    index alone, 1 counts it as a full independent witness. The chance that an index
    shows (all but "no index") is multiplied by the face's chance of being a card's face
    (to the same power): a back under a hypothesis lowers it; nothing raises it.
    """
    rank_p = np.asarray(rank_p, np.float64)
    suit_p = np.asarray(suit_p, np.float64)
    group_p = np.asarray(group_p, np.float64)
    per_rank = group_p[:, _GROUP_OF_RANK] / _GROUP_SIZE[_GROUP_OF_RANK]
    present = (1.0 - rank_p[:, NO_INDEX]) * (1.0 - group_p[:, NO_FACE]) ** weight
    given = rank_p[:, :NO_INDEX] * np.maximum(per_rank, _TINY) ** weight
    given /= np.maximum(given.sum(axis=1, keepdims=True), _TINY)
    suits = suit_p * np.maximum(np.asarray(body_suit_p, np.float64), _TINY) ** weight
    suits /= np.maximum(suits.sum(axis=1, keepdims=True), _TINY)
    return (np.concatenate([given * present[:, None], 1.0 - present[:, None]], axis=1),
            suits)


def sure_groups(group_p: np.ndarray, sure: float) -> np.ndarray:
    """Each face's card group where it gives one at least ``sure``, else -1: (N, 12) -> (N,).

    "No card's face" is never a sure group: a back confines nothing.
    """
    group_p = np.asarray(group_p, np.float64).reshape(-1, GROUPS)
    group = group_p.argmax(axis=1)
    return np.where((group_p.max(axis=1) >= sure) & (group != NO_FACE), group, -1)


def confine(
    rank_p: np.ndarray, group_p: np.ndarray, *, sure: float, own: np.ndarray | None = None
) -> tuple[np.ndarray, np.ndarray]:
    """Keep only the ranks of the group a face shows surely: (N, 14), (N, 12) -> (N, 14), (N,).

    Rows whose face gives one card group (not "no card's face") at least ``sure`` have the
    chance that their index shows a card shared among that group's ranks alone, in the
    index's own proportions (the index still chooses which court). Other rows are
    unchanged. Also returns, per row, whether the index's own likeliest card rank (in
    ``own``, the corners' distributions before any face evidence; default ``rank_p``) lay
    outside the face's group: the face overruled it, and the caller makes it a proposal.
    """
    rank_p = np.array(rank_p, np.float64)
    group = sure_groups(group_p, sure)
    confined = group >= 0
    overruled = np.zeros(len(rank_p), bool)
    if not confined.any():
        return rank_p, overruled
    rows = np.flatnonzero(confined)
    cards = rank_p[rows, :NO_INDEX]
    inside = _GROUP_OF_RANK[None, :] == group[rows, None]
    before = np.asarray(rank_p if own is None else own)[rows, :NO_INDEX]
    overruled[rows] = ~inside[np.arange(len(rows)), before.argmax(axis=1)]
    kept = np.where(inside, np.maximum(cards, _TINY), 0.0)
    kept *= (cards.sum(axis=1) / kept.sum(axis=1))[:, None]
    rank_p[rows, :NO_INDEX] = kept
    return rank_p, overruled


def confine_suit(
    suit_p: np.ndarray, group_p: np.ndarray, body_suit_p: np.ndarray, *, sure_group: float,
    sure_suit: float, own: np.ndarray | None = None,
) -> tuple[np.ndarray, np.ndarray]:
    """Take the suit a face of pips shows surely: (N, 4) -> (N, 4), and (N,) overruled.

    Only a face read surely (``sure_group``) as a number card or an ace, its suit at least
    ``sure_suit``: its pips, each several times the index sign's size, say the suit more
    plainly than the index does. A court's picture does not (its few suit signs sit in
    the corners): its suit stays the corners' call. Also returns, per row, whether the
    corners' own likeliest suit (``own``, default ``suit_p``) was another one.
    """
    suit_p = np.array(suit_p, np.float64)
    body_suit_p = np.asarray(body_suit_p, np.float64)
    group = sure_groups(group_p, sure_group)
    taken = (group >= 0) & (group != COURT) & (body_suit_p.max(axis=1) >= sure_suit)
    overruled = np.zeros(len(suit_p), bool)
    if not taken.any():
        return suit_p, overruled
    suit = body_suit_p.argmax(axis=1)
    before = np.asarray(suit_p if own is None else own).argmax(axis=1)
    overruled[taken] = before[taken] != suit[taken]
    suit_p[taken] = np.eye(4)[suit[taken]]
    return suit_p, overruled


def number_card(group_p: np.ndarray, suit_p: np.ndarray, *, sure: tuple[float, float]
                ) -> Card | None:
    """Return the number card (ace to ten) one face is sure of, group and suit; else None.

    A number card's group is the count of its pips, so a face sure of both names the whole
    card; a court's face never does (it cannot tell J, Q and K apart).
    """
    group, suit = int(group_p.argmax()), int(suit_p.argmax())
    if group >= COURT or group_p[group] < sure[0] or suit_p[suit] < sure[1]:
        return None
    rank_class = int(np.flatnonzero(_GROUP_OF_RANK == group)[0])
    return Card.of(Rank(rank_class + 2), tuple(Suit)[suit])  # suit classes: Suit.order


def court_of_cuts(
    rank_p: np.ndarray, suit_p: np.ndarray, *, temper: float, seen: int, present: float = 0.5,
) -> tuple[float, Card | None]:
    """Which court several cuts of one card's indices show, given that it is a court.

    ``rank_p`` (C, 14) and ``suit_p`` (C, 4) are the index network's readings of C cuts of
    the corners of one outline whose face is surely a court's. Each cut alone may read
    "no index" or a ten (a small court letter beside its frame line, a pale one under
    blur), yet still rank the right court above the other two: the cuts' shares of J, Q
    and K (each renormalised to the courts) and their suits are multiplied, to the power
    ``temper`` (the cuts show the same two indices: they are not independent witnesses).
    Returns the surest court and suit, and the product of their probabilities; (0.0,
    None) unless at least ``seen`` cuts show an index at all (``present``, "no index"
    set aside), so that a corner hidden under another card, or a court's picture, says
    nothing.
    """
    rank_p = np.asarray(rank_p, np.float64).reshape(-1, NO_INDEX + 1)
    suit_p = np.asarray(suit_p, np.float64).reshape(-1, 4)
    if int(np.count_nonzero(1.0 - rank_p[:, NO_INDEX] >= present)) < seen:
        return 0.0, None
    courts = np.maximum(rank_p[:, _COURT_RANKS], _TINY)
    courts /= courts.sum(axis=1, keepdims=True)
    rank_logs = temper * np.log(courts).sum(axis=0)
    suit_logs = temper * np.log(np.maximum(suit_p, _TINY)).sum(axis=0)
    rank = np.zeros((1, NO_INDEX + 1))
    rank[0, _COURT_RANKS] = np.exp(rank_logs - rank_logs.max())
    rank /= rank.sum()
    suits = np.exp(suit_logs - suit_logs.max())[None, :]
    suits /= suits.sum()
    return best_cards(rank, suits)[0]
