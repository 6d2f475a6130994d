"""Issue 42: the learned corner finder and reader, cards found whatever the table."""

import cv2
import numpy as np
import pytest

from dealerassist.cards import parse_card
from dealerassist.vision.corners import DEFAULT_FINDER_PATH, corner_crop
from dealerassist.vision.designs import HELDOUT_DESIGNS, drawn_decks
from dealerassist.vision.recogniser import Recogniser


def _table(kind: str, rng: np.random.Generator, size=(640, 480)) -> np.ndarray:
    w, h = size
    if kind == "white":
        table = np.full((h, w, 3), 235, np.float32)
    elif kind == "wood":
        grain = cv2.resize(rng.normal(0, 1, (h // 8, 4)).astype(np.float32), (w, h))
        table = np.array([120, 170, 205], np.float32) + grain[..., None] * 18
    else:  # dark felt
        table = np.full((h, w, 3), (40, 100, 30), np.float32)
    table += rng.normal(0, 3, table.shape)
    return np.clip(table, 0, 255).astype(np.uint8)


def _paste(table: np.ndarray, face: np.ndarray, centre, angle: float, width: float) -> None:
    fh, fw = face.shape[:2]
    scale = width / fw
    m = cv2.getRotationMatrix2D((fw / 2, fh / 2), angle, scale)
    m[:, 2] += np.array(centre) - np.array([fw / 2, fh / 2])
    size = (table.shape[1], table.shape[0])
    warped = cv2.warpAffine(np.ascontiguousarray(face[..., :3]), m, size, flags=cv2.INTER_AREA)
    mask = cv2.warpAffine(np.ones((fh, fw), np.uint8), m, size, flags=cv2.INTER_NEAREST)
    table[mask > 0] = warped[mask > 0]


def _scene(kind: str, codes, seed: int, backs: int = 0) -> np.ndarray:
    rng = np.random.default_rng(seed)
    deck = drawn_decks(HELDOUT_DESIGNS)[seed % 2]
    table = _table(kind, rng)
    spots = [(110 + 140 * (n % 4), 120 + 230 * (n // 4)) for n in range(8)]
    faces = [deck.face(parse_card(c)) for c in codes] + [deck.back()] * backs
    for face, spot in zip(faces, spots, strict=False):
        _paste(table, face, spot, float(rng.uniform(-25, 25)), float(rng.uniform(95, 115)))
    return table


def test_corner_crop_is_the_box_grown_and_centred():
    frame = np.zeros((200, 300, 3), np.uint8)
    frame[50:90, 100:130] = 255  # a 30x40 box
    crop = corner_crop(frame, (100, 50, 30, 40))
    assert crop.shape == (32, 32, 3)
    assert crop[16, 16].min() == 255 and crop[0, 0].max() == 0  # grown by a quarter


@pytest.mark.parametrize("kind", [
    pytest.param("white", marks=pytest.mark.xfail(
        not DEFAULT_FINDER_PATH.is_file(), strict=True,
        reason="issue 42: the outline reader finds no card on a white table; the learned "
               "corner finder is not shipped yet")),
    "wood", "felt"])
def test_issue_42_cards_on_any_table_are_found_and_read(kind):
    codes = ["Ah", "7c", "Kd", "Ts", "2s", "Qh"]
    recogniser = Recogniser()
    read = {str(s.card): s.confidence for s in recogniser.recognise(_scene(kind, codes, 3))}
    right = [c for c in codes if c in read]
    assert len(right) >= 5, read
    assert not [c for c, p in read.items() if c not in codes and p >= 0.95], read


@pytest.mark.parametrize("kind", ["white", "wood", "felt"])
def test_issue_42_backs_on_any_table_are_never_cards(kind):
    recogniser = Recogniser()
    assert recogniser.recognise(_scene(kind, [], 5, backs=6)) == []


def test_without_corner_models_the_outline_reader_reads_alone():
    recogniser = Recogniser(corner_models=None)
    assert recogniser.corners is None
    read = recogniser.recognise(_scene("felt", ["Ah", "7c"], 3))
    assert {str(s.card) for s in read} <= {"Ah", "7c"}
