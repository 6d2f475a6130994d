"""Training designs from other glyph sources: TrueType indices, pale ink, large pips beside.

What matters here: a face drawn from a `GlyphSet` shows that set's glyphs (not the Hershey
font), honours weight, fade and the corner layout, and keeps the index column clear of the
pips; the designs of the held-out set and of the fixed training decks never use the new
options, so the bench figures stay comparable; the TrueType loader (Pillow, training
only) skips cleanly where Pillow or the fonts are missing.
"""

from __future__ import annotations

import sys
from pathlib import Path

import cv2
import numpy as np
import pytest

from dealerassist.cards import parse_card
from dealerassist.vision.designs import HELDOUT_DESIGNS, TRAIN_DESIGNS
from dealerassist.vision.faces import (
    CARD_H,
    CARD_W,
    RANK_TEXTS,
    SUIT_GLYPH_KEYS,
    FaceDesign,
    GlyphSet,
    draw_face,
)

SCRIPTS = Path(__file__).resolve().parents[2] / "scripts"


@pytest.fixture(scope="module")
def scenes_module():
    sys.path.insert(0, str(SCRIPTS))
    try:
        import vision_scenes

        yield vision_scenes
    finally:
        sys.path.remove(str(SCRIPTS))


def _box_glyphs(*, suits: bool = False) -> GlyphSet:
    """A glyph set whose every rank is a hollow square (unlike any Hershey glyph)."""
    mask = np.zeros((120, 100), np.uint8)
    cv2.rectangle(mask, (20, 20), (80, 100), 255, 12)
    masks = {text: mask for text in RANK_TEXTS}
    if suits:
        disc = np.zeros((100, 100), np.uint8)
        cv2.circle(disc, (50, 50), 40, 255, -1)
        masks.update({key: disc for key in SUIT_GLYPH_KEYS.values()})
    return GlyphSet("boxes", masks)


def _index(face: np.ndarray) -> np.ndarray:
    """The darkest channel of the top-left index area (rank and suit)."""
    return face[: round(CARD_H * 0.3), : round(CARD_W * 0.2)].min(axis=2)


def test_heldout_and_fixed_training_designs_never_use_the_glyph_options():
    for design in HELDOUT_DESIGNS + TRAIN_DESIGNS:
        assert design.glyphs is None, design.name
        assert (design.fade, design.pip_scale, design.pip_inset) == (0.0, 1.0, 0.0), design.name
        assert design.court_frame == 0.0, design.name


def test_glyph_set_replaces_the_hershey_rank_and_leaves_the_suit_shape():
    card = parse_card("7s")
    hershey = draw_face(card, FaceDesign("h"))
    boxed = draw_face(card, FaceDesign("b", glyphs=_box_glyphs()))
    rank_rows = slice(round(CARD_H * 0.035), round(CARD_H * 0.035) + round(CARD_H * 0.105))
    # The hollow square's centre is paper; a "7" at the same place is not a ring of ink.
    b = _index(boxed)[rank_rows]
    assert (b < 128).sum() > 150
    assert not np.array_equal(b, _index(hershey)[rank_rows])
    ys, xs = np.nonzero(b < 128)
    centre = b[(ys.min() + ys.max()) // 2, (xs.min() + xs.max()) // 2]
    assert centre > 200
    # Without suit glyphs the suit sign under the rank is still our own shape.
    suit_rows = slice(rank_rows.stop, round(CARD_H * 0.3))
    assert np.array_equal(_index(boxed)[suit_rows], _index(hershey)[suit_rows])


def test_glyph_set_suit_signs_are_used_for_index_and_pips():
    card = parse_card("2h")
    own = draw_face(card, FaceDesign("o", glyphs=_box_glyphs()))
    discs = draw_face(card, FaceDesign("d", glyphs=_box_glyphs(suits=True)))
    pip = (round(0.22 * CARD_H), CARD_W // 2)  # top pip of a two
    assert not np.array_equal(own[pip[0] - 20 : pip[0] + 20, pip[1] - 20 : pip[1] + 20],
                              discs[pip[0] - 20 : pip[0] + 20, pip[1] - 20 : pip[1] + 20])
    assert discs[pip][2] > 150 and discs[pip][0] < 80  # red ink in the pip's centre


def test_glyph_weight_thins_and_thickens_the_strokes():
    card = parse_card("Kc")
    ink = {w: int((_index(draw_face(card, FaceDesign("w", glyphs=_box_glyphs(), weight=w)))
                   < 128).sum()) for w in (1, 5, 9)}
    assert ink[1] < 0.85 * ink[5] < ink[9] * 0.85


def test_fade_makes_the_index_paler_but_not_the_pips():
    card = parse_card("5h")
    full = draw_face(card, FaceDesign("f"))
    pale = draw_face(card, FaceDesign("f", fade=0.5))
    assert FaceDesign("f", fade=0.5).index_ink(card.suit) == (140, 140, 225)
    assert int(_index(pale)[:, :].min()) > int(_index(full).min()) + 60
    centre = (CARD_H // 2, CARD_W // 2)  # the middle pip of a five
    assert np.array_equal(full[centre], pale[centre])


@pytest.mark.parametrize("code", ["Th", "9s", "Qd"])
def test_large_pips_beside_a_tight_index_keep_the_index_column_clear(code):
    card = parse_card(code)
    design = FaceDesign("t", index_scale=0.6, index_dx=-0.04, index_dy=-0.02, pip_scale=1.6,
                        pip_inset=0.1)
    face = draw_face(card, design)
    # The index (rank and suit) ends at 0.14 H; below it, down to the middle, nothing is
    # inked in the index column (x < 0.2 W): the large pips stay beside it.
    column = face[round(CARD_H * 0.15) : CARD_H // 2, : round(CARD_W * 0.2)].min(axis=2)
    assert (column < 128).sum() == 0
    assert (face[: round(CARD_H * 0.14), : round(CARD_W * 0.2)].min(axis=2) < 128).sum() > 100
    # A pip (or the court frame) reaches up beside the index, above the usual first row.
    beside = face[round(CARD_H * 0.04) : round(CARD_H * 0.14), round(CARD_W * 0.21) :
                  round(CARD_W * 0.5)].min(axis=2)
    assert (beside < 128).sum() > 100
    # Both corners carry the index: the bottom-right is the top-left turned.
    turned = cv2.rotate(face, cv2.ROTATE_180)
    corner = (slice(0, round(CARD_H * 0.14)), slice(0, round(CARD_W * 0.18)))
    assert np.array_equal(turned[corner], face[corner])


def test_font_designs_are_varied_and_never_named_as_a_heldout_deck(scenes_module):
    rng = np.random.default_rng(4)
    designs = [scenes_module.font_design(rng, _box_glyphs(suits=True)) for _ in range(200)]
    names = {d.name for d in designs}
    assert names == {"font-boxes"}
    assert not names & {d.name for d in HELDOUT_DESIGNS}
    assert sum(d.weight < 5 for d in designs) > 60
    assert sum(d.pip_inset > 0 for d in designs) > 60
    assert sum(d.fade > 0 for d in designs) > 40
    assert min(d.index_scale for d in designs) < 0.6
    assert 40 < sum(d.court_frame > 0 for d in designs) < 100
    with_own_suits = sum(SUIT_GLYPH_KEYS[next(iter(SUIT_GLYPH_KEYS))] in d.glyphs.masks
                         for d in designs)
    assert 60 < with_own_suits < 140


def test_training_deck_deals_font_designs_at_the_asked_share(scenes_module):
    rng = np.random.default_rng(6)
    fixed = scenes_module.decks(heldout=False, with_art=False)
    names = [scenes_module.training_deck(rng, fixed, fonts=[_box_glyphs()], font_share=0.5).name
             for _ in range(400)]
    share = sum(n == "font-boxes" for n in names) / len(names)
    assert 0.4 < share < 0.6


def test_decks_leave_out_and_only_select_fixed_decks(scenes_module):
    left = scenes_module.decks(heldout=False, with_art=False, leave_out=("drawn-duplex",))
    assert "drawn-duplex" not in {d.name for d in left}
    assert len(left) == len(TRAIN_DESIGNS) - 1
    only = scenes_module.decks(heldout=False, with_art=False, only=("drawn-duplex",))
    assert [d.name for d in only] == ["drawn-duplex"]


def test_truetype_glyphs_render_ranks_and_suits(scenes_module):
    pytest.importorskip("PIL")
    files = scenes_module.font_files(r"^DejaVuSans$")
    if not files:
        pytest.skip("DejaVu Sans is not installed")
    glyphs = scenes_module.ttf_glyphs(files[0])
    assert glyphs is not None and set(RANK_TEXTS) <= set(glyphs.masks)
    assert set(SUIT_GLYPH_KEYS.values()) <= set(glyphs.masks)
    # "10" is wider than "1"-less ranks of the same height; every glyph has ink.
    assert glyphs.masks["10"].shape[1] > glyphs.masks["A"].shape[1]
    assert all(m.max() == 255 for m in glyphs.masks.values())
    face = draw_face(parse_card("Jd"), FaceDesign("s", glyphs=glyphs))
    assert (_index(face) < 128).sum() > 200


def test_court_frame_draws_a_line_left_of_a_courts_index_and_leaves_pip_cards_alone():
    plain = FaceDesign("p", index_scale=0.7, index_dx=0.05)
    framed = FaceDesign("f", index_scale=0.7, index_dx=0.05, court_frame=0.016)
    assert np.array_equal(draw_face(parse_card("9h"), plain), draw_face(parse_card("9h"), framed))
    queen = draw_face(parse_card("Qc"), framed)
    assert not np.array_equal(queen, draw_face(parse_card("Qc"), plain))
    # The index starts 3 px right of where the frame's 2-px line is drawn (4 px gap).
    darkest = queen.min(axis=2)
    ink_columns = np.flatnonzero((darkest[10:60] < 100).any(axis=0))
    line_columns = np.flatnonzero((darkest[40:300] < 200).all(axis=0))
    assert len(line_columns) and line_columns[0] < ink_columns[0]
    # Symmetric under a half turn: both corners show the same frame and index.
    turned = cv2.rotate(queen, cv2.ROTATE_180)
    assert np.abs(turned[:80, :60].astype(int) - queen[:80, :60].astype(int)).mean() < 8
