"""The two engines that run the shipped networks read the same (vision/network.py)."""

import numpy as np
import pytest

from dealerassist.errors import RecognitionError
from dealerassist.vision import network
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
    assert IndexClassifier(engine="opencv").engine == "opencv"


@pytest.mark.parametrize(("network", "height", "width", "count"), [
    (IndexClassifier, PATCH_H, PATCH_W, 40)])
def test_both_engines_give_each_network_the_same_probabilities(network, height, width, count):
    inputs = _patches(count, height, width, seed=3)
    fast = network(engine="onnxruntime").predict(inputs)
    slow = network(engine="opencv").predict(inputs)
    for fast_p, slow_p in zip(fast, slow, strict=True):
        assert np.abs(fast_p - slow_p).max() < 1e-4
        assert (fast_p.argmax(axis=1) == slow_p.argmax(axis=1)).all()


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


@pytest.mark.parametrize("path", [DEFAULT_MODEL_PATH])
def test_the_shipped_networks_hidden_convolutions_come_in_blocks_of_16(path):
    # ONNX Runtime runs convolutions of 16 and 32 channels faster than the 12 and 24 that
    # were trained (scripts/vision_train.pad_channels adds zero filters): a network exported
    # without that padding would cost about 2 ms of a busy frame.
    import cv2

    classic = getattr(cv2.dnn, "ENGINE_CLASSIC", None)  # OpenCV 5's new engine hides blobs
    net = (cv2.dnn.readNetFromONNX(str(path), engine=classic) if classic is not None
           else cv2.dnn.readNetFromONNX(str(path)))
    widths = [net.getLayer(name).blobs[0].shape[0] for name in net.getLayerNames()
              if net.getLayer(name).type == "Convolution"]
    assert widths == [16, 32, 48]
