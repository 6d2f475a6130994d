"""The corner-index classifier: a tiny CNN shipped as ONNX (run by `network`).

Why ONNX: the network is ~100 kB, runs in well under a millisecond per card on a laptop
CPU (ONNX Runtime, or OpenCV's ``cv2.dnn`` where that is not installed), and nothing is
downloaded at run time. The network is trained by ``scripts/vision_train.py`` on scenes
the project renders itself. Input: index patches ``PATCH_H x PATCH_W`` with two channels:
grey (normalised to zero mean and unit spread, for shape) and redness relative to the
patch's paper (for red against black or blue/green ink, whatever the light's colour).
Output: 14 rank logits (2..A, then "no index here") and 4 suit logits (c, d, h, s).

The probability vectors are the evidence; a card is only chosen from them at the end
(`best_card`), after the two corner indices of one card have been combined (`fuse`) and
an unsure index has been read again from a few shifted cuts (averaged by the recogniser).
"""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np

from dealerassist.cards import Card, Rank, Suit
from dealerassist.vision.network import load_network

__all__ = ["DEFAULT_MODEL_PATH", "NO_INDEX", "PATCH_H", "PATCH_W", "IndexClassifier",
           "best_card", "best_cards", "choose_framings", "framing_scores", "fuse", "fuse_pairs",
           "geometric_mean", "ink_dark", "normalise_patches", "probabilities", "reading_image"]

PATCH_W = 28
PATCH_H = 56
NO_INDEX = 13  # the rank class meaning "this is not a card's corner index"
DEFAULT_MODEL_PATH = (
    Path(__file__).resolve().parents[1] / "resources" / "vision" / "card_index.onnx"
)


_SUITS = (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES)
# [rank class][suit class] -> card (the rank classes 2..A; "no index" has no card).
_CARDS = tuple(tuple(Card.of(Rank(rank), suit) for suit in _SUITS) for rank in range(2, 15))
_TINY = 1e-6  # floor of a probability before its logarithm is taken


def reading_image(frame: np.ndarray) -> np.ndarray:
    """Return the two-channel image patches are cut from: grey, redness (R - (G + B) / 2 + 128)."""
    gray = cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY)
    blue, green, red = cv2.split(frame)
    others = cv2.addWeighted(blue, 0.5, green, 0.5, 0.0)
    redness = cv2.addWeighted(red, 1.0, others, -1.0, 128.0)  # saturates to 0..255
    return cv2.merge([gray, redness])


def normalise_patches(patches: np.ndarray) -> np.ndarray:
    """uint8 (N, H, W, 2) patches -> float32 (N, 2, H, W) network input.

    Each channel is converted straight into its plane of the output and worked on in
    place (no float copy of the interleaved patches, no final stack: about half the time,
    the same values bit for bit).
    """
    count = len(patches)
    inputs = np.empty((count, 2, *patches.shape[1:3]), np.float32)
    gray = inputs[:, 0]
    gray[...] = patches[..., 0]
    mean = gray.mean(axis=(1, 2), keepdims=True)
    spread = gray.std(axis=(1, 2), keepdims=True)
    np.subtract(gray, mean, out=gray)
    np.divide(gray, spread + 8.0, out=gray)
    redness = inputs[:, 1]
    redness[...] = patches[..., 1]
    paper = _median_rows(np.ascontiguousarray(patches[..., 1]).reshape(count, -1))
    np.subtract(redness, paper.reshape(-1, 1, 1), out=redness)
    np.divide(redness, 32.0, out=redness)
    return inputs


def ink_dark(inputs: np.ndarray) -> np.ndarray:
    """Turn light-on-dark network inputs dark-on-light: their grey plane negated, in place.

    A patch's paper is its commonest tone and the index a minority, so on dark-on-light
    paper most grey values lie above the patch's mean (the plane's zero). Where fewer than
    half do, the ink is lighter than the paper (a black-faced deck's gold and silver
    indices): negated, such a patch reads as the dark-on-light ones the reader knows best.
    On the real development photos held apart from training, a corner reader trained on
    the rest read 23 of 132 corners of a black-faced deck at their labelled box without
    this, 83 with it (279 of 301 white-faced corners, 282 without;
    ``scripts/vision_corner_check.py val [--plain]``).
    """
    gray = inputs[:, 0].reshape(len(inputs), -1)
    light = np.count_nonzero(gray > 0, axis=1) * 2 < gray.shape[1]
    inputs[light, 0] *= -1.0
    return inputs


def _median_rows(values: np.ndarray) -> np.ndarray:
    """``np.median(values, axis=1)`` of uint8 rows, as float32, from histograms (no sort).

    The same value as numpy's median (the mean of the two middle values of an even row),
    an order of magnitude faster on a batch of index patches.
    """
    rows, size = values.shape
    offsets = (np.arange(rows, dtype=np.intp) * 256)[:, None]
    counts = np.bincount((values + offsets).ravel(), minlength=256 * rows)
    below = counts.reshape(rows, 256).cumsum(axis=1)
    upper = (below <= size // 2).sum(axis=1)  # the value at sorted position size // 2
    lower = (below <= (size - 1) // 2).sum(axis=1)  # ... and at (size - 1) // 2
    return (lower.astype(np.float32) + upper.astype(np.float32)) / np.float32(2.0)


def _softmax(logits: np.ndarray) -> np.ndarray:
    shifted = logits - logits.max(axis=1, keepdims=True)
    exp = np.exp(shifted)
    return exp / exp.sum(axis=1, keepdims=True)


class IndexClassifier:
    """Rank and suit probabilities for corner-index patches."""

    def __init__(self, path: Path | str = DEFAULT_MODEL_PATH, *, engine: str | None = None,
                 split: int | None = None) -> None:
        """Load the network; ``split``: a batch this large is read half on each core.

        (`network.load_network`: two copies of the network, each on its own thread.)
        """
        self.path = Path(path)
        self._net = load_network(self.path, what="card model", script="vision_train.py",
                                 engine=engine, split=split)
        self._warm_batch = split or 1

    @property
    def engine(self) -> str:
        """What runs the network: "onnxruntime" or "opencv" (`network`)."""
        return self._net.engine

    def predict(self, patches: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Rank (N, 14) and suit (N, 4) probabilities for uint8 (N, H, W, 2) patches."""
        if len(patches) == 0:
            return np.zeros((0, 14), np.float32), np.zeros((0, 4), np.float32)
        return probabilities(self.logits(normalise_patches(patches)))

    def logits(self, inputs: np.ndarray) -> np.ndarray:
        """Run the network on float32 (N, 2, H, W) `normalise_patches` output: (N, 18) logits.

        The forward releases the GIL: two classifiers may run on two threads at once.
        """
        return self._net.forward(inputs).reshape(len(inputs), 18)

    def warm_up(self) -> None:
        """Run the network (both copies, when split) once, before the first frame.

        A network's first forward sets it up (milliseconds), which no frame should pay for.
        """
        self.logits(np.zeros((self._warm_batch, 2, PATCH_H, PATCH_W), np.float32))


def probabilities(logits: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Turn (N, 18) logits into rank (N, 14) and suit (N, 4) probabilities."""
    return _softmax(logits[:, :14]), _softmax(logits[:, 14:])


def best_card(rank_p: np.ndarray, suit_p: np.ndarray) -> tuple[float, Card | None]:
    """Return the card one rank (14) and suit (4) distribution says, and how surely.

    Returns:
        ``(0.0, None)`` when "no index" is the likeliest rank class; otherwise the likeliest
        rank and suit with the product of their probabilities as the confidence.

    """
    rank_class = int(rank_p.argmax())
    if rank_class == NO_INDEX:
        return (0.0, None)
    suit_class = int(suit_p.argmax())
    confidence = float(rank_p[rank_class] * suit_p[suit_class])
    return (confidence, _CARDS[rank_class][suit_class])


def best_cards(rank_p: np.ndarray, suit_p: np.ndarray) -> list[tuple[float, Card | None]]:
    """Apply `best_card` to each row of (N, 14) rank and (N, 4) suit distributions at once.

    The same values as `best_card` row by row (the same products in the same dtype).
    """
    if len(rank_p) == 0:
        return []
    rank_classes = rank_p.argmax(axis=1)
    suit_classes = suit_p.argmax(axis=1)
    rows = np.arange(len(rank_p))
    confidences = (rank_p[rows, rank_classes] * suit_p[rows, suit_classes]).tolist()
    return [(0.0, None) if rank_class == NO_INDEX else (confidence, _CARDS[rank_class][suit_class])
            for rank_class, suit_class, confidence
            in zip(rank_classes.tolist(), suit_classes.tolist(), confidences, strict=True)]


def framing_scores(rank_p: np.ndarray, suit_p: np.ndarray) -> np.ndarray:
    """How surely each region was read: its card's confidence, or "no index"'s probability."""
    cards, confidence = _card_classes(rank_p, suit_p)
    return np.where(cards >= 0, confidence, rank_p[:, NO_INDEX])


def _card_classes(rank_p: np.ndarray, suit_p: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Each row's card class (rank class x 4 + suit class, -1 for "no index") and confidence."""
    rank_classes = rank_p.argmax(axis=1)
    suit_classes = suit_p.argmax(axis=1)
    rows = np.arange(len(rank_p))
    is_card = rank_classes != NO_INDEX
    confidence = rank_p[rows, rank_classes] * suit_p[rows, suit_classes]
    return (np.where(is_card, rank_classes * 4 + suit_classes, -1),
            np.where(is_card, confidence, 0.0))


def choose_framings(
    wide: tuple[np.ndarray, np.ndarray], close: tuple[np.ndarray, np.ndarray], *, dispute: float
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Per index region, the framing read more surely, and whether the framings disagree.

    Decks differ in how large their index is: a small, thin index (drawn high in the
    corner, a large pip beside it) fills only part of the usual region and is read
    better in a closer framing; a large index is cut by a close one. Each region is read
    at both framings and the surer reading (a card's confidence, or "no index"'s own
    probability) is kept. Two framings each reading a different card at least
    ``dispute`` surely are a disagreement the caller must not trust without the dealer.

    Args:
        wide: rank (N, 14) and suit (N, 4) probabilities of the usual framing.
        close: the same for the close framing of the same regions.
        dispute: how sure both readings must be for a difference to count.

    Returns:
        rank (N, 14) and suit (N, 4) probabilities chosen, a bool (N,) "the close framing
        was chosen" and a bool (N,) "the framings disagree".

    """
    cards = [_card_classes(*wide), _card_classes(*close)]
    scores = [np.where(card >= 0, sure, rank_p[:, NO_INDEX])
              for (card, sure), (rank_p, _) in zip(cards, (wide, close), strict=True)]
    use_close = scores[1] > scores[0]
    rank = np.where(use_close[:, None], close[0], wide[0])
    suit = np.where(use_close[:, None], close[1], wide[1])
    (wide_card, wide_sure), (close_card, close_sure) = cards
    disagree = ((wide_card >= 0) & (close_card >= 0) & (wide_card != close_card)
                & (np.minimum(wide_sure, close_sure) >= dispute))
    return rank, suit, use_close, disagree


def fuse(
    rank_p: np.ndarray, suit_p: np.ndarray, *, independence: float
) -> tuple[np.ndarray, np.ndarray]:
    """One rank and one suit distribution from the readings of the corners of one card.

    The corner indices of a card show the same face, so their evidence multiplies: the
    card distribution is a product of the corners' distributions (given that an index is
    there), each corner weighted by the probability that it shows an index at all. A
    corner read as "no index" (covered by another card or a chip) has almost no weight and
    so cannot veto the other one. The two corners of one card are not independent
    witnesses (same print, same light, same blur): ``independence`` 1 multiplies them in
    full, 0 takes their geometric mean (never surer than the surer corner). A single
    corner (or one whose partner is blank) gives back its own distribution.

    The chance that an index is there at all is the larger of the corners' (one visible
    index is enough; two do not make it more of an index).

    Args:
        rank_p: (k, 14) rank probabilities of the k corners (``NO_INDEX`` last).
        suit_p: (k, 4) suit probabilities.
        independence: 0..1, how far the corners count as independent evidence.

    Returns:
        (14,) and (4,) fused distributions, in the classifier's format.

    """
    rank_p = np.asarray(rank_p, np.float64).reshape(-1, 14)
    suit_p = np.asarray(suit_p, np.float64).reshape(-1, 4)
    present = 1.0 - rank_p[:, NO_INDEX]
    total = float(present.sum())
    if total <= _TINY:  # nobody sees an index: their average says so
        return rank_p.mean(axis=0), suit_p.mean(axis=0)
    # Weights sum to 1 for one visible corner and to 1 + independence for two.
    weights = present * (1.0 + independence * (total - float(present.max()))) / total
    given_index = rank_p[:, :NO_INDEX] / np.maximum(present, _TINY)[:, None]
    ranks = _normalised_product(given_index, weights)
    suits = _normalised_product(suit_p, weights)
    index = float(present.max())
    return np.append(ranks * index, 1.0 - index), suits


def geometric_mean(rows: np.ndarray) -> np.ndarray:
    """Return the geometric mean of probability rows (R, K), renormalised: (K,)."""
    return _normalised_product(rows, np.full(len(rows), 1.0 / len(rows)))


def _normalised_product(probabilities: np.ndarray, weights: np.ndarray) -> np.ndarray:
    """prod_i p_i ** w_i, renormalised (in logarithms, so that nothing underflows)."""
    logs = (weights[:, None] * np.log(np.maximum(probabilities, _TINY))).sum(axis=0)
    exp = np.exp(logs - logs.max())
    return exp / exp.sum()


def fuse_pairs(
    rank_p: np.ndarray, suit_p: np.ndarray, *, independence: float
) -> tuple[np.ndarray, np.ndarray]:
    """Apply `fuse` to many two-corner cards at once: (P, 2, 14) and (P, 2, 4) -> (P, 14), (P, 4).

    The same arithmetic as `fuse`, pair by pair, in one pass of numpy (the reader fuses
    about twenty outlines a frame).
    """
    rank_p = np.asarray(rank_p, np.float64).reshape(-1, 2, 14)
    suit_p = np.asarray(suit_p, np.float64).reshape(-1, 2, 4)
    present = 1.0 - rank_p[:, :, NO_INDEX]
    total = present[:, 0] + present[:, 1]
    index = present.max(axis=1)
    blind = total <= _TINY  # nobody sees an index: their average says so
    safe_total = np.where(blind, 1.0, total)
    weights = present * (1.0 + independence * (total - index))[:, None] / safe_total[:, None]
    given_index = rank_p[:, :, :NO_INDEX] / np.maximum(present, _TINY)[:, :, None]
    ranks = _normalised_products(given_index, weights)
    suits = _normalised_products(suit_p, weights)
    fused_ranks = np.concatenate([ranks * index[:, None], (1.0 - index)[:, None]], axis=1)
    fused_ranks[blind] = rank_p[blind].mean(axis=1)
    suits[blind] = suit_p[blind].mean(axis=1)
    return fused_ranks, suits


def _normalised_products(probabilities: np.ndarray, weights: np.ndarray) -> np.ndarray:
    """`_normalised_product` of each pair: (P, 2, K) probabilities, (P, 2) weights -> (P, K)."""
    logs = weights[:, :, None] * np.log(np.maximum(probabilities, _TINY))
    logs = logs[:, 0] + logs[:, 1]
    exp = np.exp(logs - logs.max(axis=1, keepdims=True))
    return exp / exp.sum(axis=1, keepdims=True)
