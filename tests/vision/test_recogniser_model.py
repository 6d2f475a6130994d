"""The classifier's input arithmetic: the fast paper median is numpy's median exactly."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from dealerassist.vision.model import _median_rows, normalise_patches


def _reference(patches: np.ndarray) -> np.ndarray:
    """normalise_patches as first written (np.median of the float redness)."""
    data = patches.astype(np.float32)
    gray = data[..., 0]
    gray = (gray - gray.mean(axis=(1, 2), keepdims=True)) / (
        gray.std(axis=(1, 2), keepdims=True) + 8.0)
    redness = data[..., 1]
    paper = np.median(redness.reshape(len(data), -1), axis=1).reshape(-1, 1, 1)
    return np.stack([gray, (redness - paper) / 32.0], axis=1)


@settings(max_examples=80, deadline=None)
@given(st.integers(1, 6), st.integers(1, 9), st.integers(1, 9), st.integers(0, 2**32 - 1),
       st.sampled_from(["uniform", "narrow", "two-valued"]))
def test_fast_paper_median_gives_the_network_exactly_the_same_input(count, height, width,
                                                                     seed, kind):
    rng = np.random.default_rng(seed)
    patches = rng.integers(0, 256, (count, height, width, 2)).astype(np.uint8)
    if kind == "narrow":
        patches[..., 1] = rng.integers(120, 136, (count, height, width))
    elif kind == "two-valued":
        patches[..., 1] = rng.choice([0, 255], (count, height, width))
    fast = normalise_patches(patches)
    assert fast.dtype == np.float32
    assert np.array_equal(fast, _reference(patches))


def test_median_of_even_and_odd_rows():
    rows = np.array([[1, 9, 3, 7], [200, 0, 255, 4]], np.uint8)
    assert _median_rows(rows).tolist() == [5.0, 102.0]
    assert _median_rows(np.array([[5, 1, 3]], np.uint8)).tolist() == [3.0]


@settings(max_examples=30, deadline=None)
@given(st.integers(1, 40), st.integers(0, 2**32 - 1), st.integers(0, 200))
def test_in_place_normalisation_of_full_size_patches_is_bit_identical(count, seed, ink):
    from dealerassist.vision.model import PATCH_H, PATCH_W

    rng = np.random.default_rng(seed)
    patches = rng.integers(0, 256, (count, PATCH_H, PATCH_W, 2)).astype(np.uint8)
    patches[..., 0] = np.clip(patches[..., 0] // 4 + ink, 0, 255)  # paper and some ink
    assert np.array_equal(normalise_patches(patches), _reference(patches))
    one = normalise_patches(patches[:1])  # a patch reads the same alone as in a batch
    assert np.array_equal(one[0], normalise_patches(patches)[0])
