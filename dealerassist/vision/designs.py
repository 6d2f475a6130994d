"""The drawn deck designs, split into training and held-out, and the held-out conditions.

Why fixed here: the training script, the held-out evaluation and the bench must agree on
which designs the classifier never saw, and on the named conditions accuracy is reported
for (overlap, angle, blur, glare, deck design).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import replace

import numpy as np

from dealerassist.vision.faces import FaceDesign, Font
from dealerassist.vision.synthetic import Conditions, Deckish, DrawnDeck, Scene, render_scene

__all__ = ["HELDOUT_CONDITIONS", "HELDOUT_DESIGNS", "HELDOUT_SEED", "TRAIN_DESIGNS",
           "black_faced", "heldout_scenes"]

TRAIN_DESIGNS = (
    FaceDesign("drawn-simplex"),
    FaceDesign("drawn-simplex-4c", four_colour=True, border=True, weight=5),
    FaceDesign("drawn-duplex", font=Font.DUPLEX, weight=4, index_scale=0.9),
    FaceDesign("drawn-complex", font=Font.COMPLEX, weight=5, paper=(235, 245, 250)),
    FaceDesign("drawn-plain-bold", font=Font.PLAIN, weight=8, index_scale=1.15),
    FaceDesign("drawn-simplex-italic", italic=True, weight=7, four_colour=True),
    FaceDesign("drawn-complex-small", font=Font.COMPLEX_SMALL, weight=5, index_scale=0.85,
               border=True),
)
HELDOUT_DESIGNS = (
    FaceDesign("drawn-triplex", font=Font.TRIPLEX, weight=5, index_scale=1.05),
    FaceDesign("drawn-triplex-4c", font=Font.TRIPLEX, weight=4, four_colour=True, border=True,
               paper=(240, 248, 252)),
)
# A novelty deck's face: black paper, silver ink on the black suits and gold on the red
# ones (the second deck of the real development photos is one).
_NOVELTY_PAPER = (28, 28, 30)
_NOVELTY_INKS = ((200, 200, 200), (60, 170, 215))
BACK_COLOURS = ((140, 40, 20), (30, 30, 160), (40, 110, 30), (30, 30, 30), (120, 40, 110))
HELDOUT_SEED = 20261130  # never used for training

# name -> conditions; every held-out scene also has two face-down cards.
HELDOUT_CONDITIONS: dict[str, Conditions] = {
    "clean": Conditions(backs=2, noise=2.0),
    "overlap": Conditions(overlap=1.0, backs=2, chips=3, noise=2.0),
    "angle": Conditions(angle=30.0, spin=180.0, backs=2, noise=2.0),
    "blur": Conditions(blur=1.8, backs=2, noise=4.0),
    "glare": Conditions(glare=0.9, cast=0.8, backs=2, noise=3.0),
    # A camera farther away: cards 40-70 px wide, smaller than any in training.
    "far": Conditions(scale=0.6, backs=2, noise=2.0),
}


def black_faced(design: FaceDesign) -> FaceDesign:
    """Return ``design`` printed as a novelty deck: silver and gold on black paper."""
    return replace(design, name=f"{design.name}-black", paper=_NOVELTY_PAPER,
                   inks=_NOVELTY_INKS)


def drawn_decks(designs: Sequence[FaceDesign]) -> list[Deckish]:
    """Decks for drawn designs, each with its own back colour."""
    return [DrawnDeck(d, back_colour=BACK_COLOURS[i % len(BACK_COLOURS)])
            for i, d in enumerate(designs)]


def heldout_scenes(
    decks: Sequence[Deckish], *, per_condition: int, seed: int = HELDOUT_SEED, count: int = 7
) -> Iterator[tuple[str, str, Scene]]:
    """(condition name, deck name, scene) for every condition, deck and repetition."""
    rng = np.random.default_rng(seed)
    for name, conditions in HELDOUT_CONDITIONS.items():
        for deck in decks:
            for _ in range(per_condition):
                yield name, deck.name, render_scene(rng, deck=deck, count=count,
                                                    conditions=conditions)
