"""The two engines that run the shipped networks read the same (vision/network.py)."""

import numpy as np
import pytest

from dealerassist.errors import RecognitionError
from dealerassist.vision import network
from dealerassist.vision.card_body import BODY_H, BODY_W, BodyClassifier
from dealerassist.vision.model import DEFAULT_MODEL_PATH, PATCH_H, PATCH_W, IndexClassifier
from dealerassist.vision.recogniser import Recogniser, read_image

from .conftest import FIXTURES

pytest.importorskip("onnxruntime")


def _patches(count, height, width, seed):
    # Noise and flat paper both: the networks' outputs span "no index" and card classes.
    rng = np.random.default_rng(seed)
    patches = rng.integers(0, 256, (count, height, width, 2)).astype(np.uint8)
    patches[: count // 2, ..., 0] = 245
    patches[: count // 2, ..., 1] = 128
    return patches


def test_onnxruntime_is_the_default_engine_where_it_is_installed():
    assert IndexClassifier().engine == "onnxruntime"
    assert BodyClassifier()._net.engine == "onnxruntime"
    assert IndexClassifier(engine="opencv").engine == "opencv"


def test_both_engines_give_the_index_network_the_same_probabilities():
    patches = _patches(40, PATCH_H, PATCH_W, seed=3)
    fast_rank, fast_suit = IndexClassifier(engine="onnxruntime").predict(patches)
    cv_rank, cv_suit = IndexClassifier(engine="opencv").predict(patches)
    assert np.abs(fast_rank - cv_rank).max() < 1e-4
    assert np.abs(fast_suit - cv_suit).max() < 1e-4
    assert (fast_rank.argmax(axis=1) == cv_rank.argmax(axis=1)).all()


def test_both_engines_give_the_face_network_the_same_probabilities():
    bodies = _patches(12, BODY_H, BODY_W, seed=4)
    fast_group, fast_suit = BodyClassifier(engine="onnxruntime").predict(bodies)
    cv_group, cv_suit = BodyClassifier(engine="opencv").predict(bodies)
    assert np.abs(fast_group - cv_group).max() < 1e-4
    assert np.abs(fast_suit - cv_suit).max() < 1e-4


def test_both_engines_read_a_fixture_board_alike():
    frame = read_image(FIXTURES / "overlap_chips.png")
    fast = Recogniser(engine="onnxruntime").recognise(frame)
    slow = Recogniser(engine="opencv").recognise(frame)
    assert [(s.card, s.box) for s in fast] == [(s.card, s.box) for s in slow]
    assert [s.confidence for s in fast] == pytest.approx([s.confidence for s in slow], abs=1e-4)
    assert len(fast) >= 5


@pytest.mark.parametrize("engine", network.ENGINES)
def test_a_broken_network_file_is_a_clear_error_on_either_engine(tmp_path, engine):
    broken = tmp_path / "index.onnx"
    broken.write_bytes(b"not a network")
    with pytest.raises(RecognitionError, match="index.onnx: the card model cannot be loaded"):
        IndexClassifier(broken, engine=engine)


def test_an_unknown_engine_is_named_in_the_message():
    with pytest.raises(RecognitionError, match="'tensorrt' is not an engine for the card model"):
        IndexClassifier(DEFAULT_MODEL_PATH, engine="tensorrt")


def test_without_onnxruntime_the_networks_run_on_opencv(monkeypatch):
    # A machine with no ONNX Runtime wheel still reads cards (slower), and asking for the
    # missing engine by name says so.
    monkeypatch.setattr(network, "_installed", lambda engine: engine != "onnxruntime")
    assert IndexClassifier().engine == "opencv"
    with pytest.raises(RecognitionError, match="cannot run on onnxruntime: it is not installed"):
        IndexClassifier(engine="onnxruntime")
