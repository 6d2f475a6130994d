"""The finder's white top-hat (`morphology.white_top_hat`) gives OpenCV's bytes, faster."""

from __future__ import annotations

import cv2
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dealerassist.vision.morphology import white_top_hat


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 120), st.integers(1, 160), st.integers(0, 40), st.integers(0, 2**32 - 1))
def test_top_hat_is_opencvs_on_any_image_and_window(height, width, radius, seed):
    rng = np.random.default_rng(seed)
    image = rng.integers(0, 256, (height, width), dtype=np.uint8)
    if seed % 2:  # smooth images too (plateaus and ties, as on the felt)
        image = cv2.GaussianBlur(image, (0, 0), 3)
    size = 2 * radius + 1
    square = cv2.getStructuringElement(cv2.MORPH_RECT, (size, size))
    assert np.array_equal(white_top_hat(image, size),
                          cv2.morphologyEx(image, cv2.MORPH_TOPHAT, square))


def test_top_hat_of_the_finders_window_on_a_frame_sized_image():
    # The finder's case: 81 px at 640x360, a card brighter than a glare gradient.
    ramp = np.tile(np.linspace(60, 200, 640), (360, 1)).astype(np.uint8)
    image = ramp.copy()
    cv2.rectangle(image, (300, 100), (345, 163), 250, -1)
    square = cv2.getStructuringElement(cv2.MORPH_RECT, (81, 81))
    lifted = white_top_hat(image, 81)
    assert np.array_equal(lifted, cv2.morphologyEx(image, cv2.MORPH_TOPHAT, square))
    assert lifted[130, 320] > 90 and lifted[20, 20] < 5  # the card lifted, the felt not


def test_top_hat_refuses_an_even_window():
    with pytest.raises(ValueError, match="odd side"):
        white_top_hat(np.zeros((10, 10), np.uint8), 80)
