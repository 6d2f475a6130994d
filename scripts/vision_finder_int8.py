r"""Quantise the trained corner finder to int8 for inference.

The finder (`vision_corners_train.py`) is trained and exported in float32
(``corner_finder_float.onnx``); the recogniser runs the int8 copy this script writes
(``corner_finder.onnx``): ONNX Runtime's static quantisation (QDQ, int8 weights per
channel, uint8 activations), its ranges calibrated by min and max on the development
split's train part (the photos the finder learned from; val and held-out are never
read). On two cores the int8 finder runs in about half the time (one thread, a 1280x720
frame's look at 400 x 224: 4.0 ms float, 1.7 int8; at 640 x 368: 10.6 and 4.8).

Two convolutions stay float: the first, on the raw image, and the last, whose outputs
are the corner logits and box sizes. Val part, six framings, right / wrong readings with
the train part's reader: float 1,133 / 35; all int8 1,139 / 40; int8 but those two
1,130 / 35. The weights use 7 of their 8 bits (``reduce_range``): an x86 CPU without
VNNI sums two uint8 x int8 products in 16 bits, which full-range weights can overflow,
and 7-bit ones cannot, so every CPU computes the same maps (val, six framings, with the
bright table's recut: float 1,145 / 35, 8-bit 1,151 / 32, 7-bit 1,148 / 38).

Usage (a venv with ``onnx`` and ``onnxruntime``; the same inputs give the same file)::

    PYTHONPATH=. /work/train-venv/bin/python scripts/vision_finder_int8.py \
        --real /work/shared/vision-real-dev
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import cv2
import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))

OUT = ROOT / "dealerassist" / "resources" / "vision"
FLOAT_NODES = ("/s4/s4.0/s4.0.0/Conv", "/head/head.1/Conv")  # the first and last convolutions
SEED = 5


def calibration_inputs(real: Path, seed: int = SEED) -> list[np.ndarray]:
    """Return the finder's inputs for every second photo of the train part, each at one look.

    Each photo is seen as the recogniser sees it at one of its looks, chosen at random: a
    400-pixel close-up, its own 640 pixels (a still's look), or the 640 x 360 look at a
    1280x720 frame it fills 720 pixels high (`real_photos.in_frame`).
    """
    from vision_corners_train import dev_records

    from dealerassist.vision.corners import finder_input
    from dealerassist.vision.real_photos import in_frame
    from dealerassist.vision.shrink import shrunk

    rng = np.random.default_rng(seed)
    inputs = []
    for record in dev_records(real, "train")[::2]:
        photo = cv2.imread(str(real / record["file"]), cv2.IMREAD_COLOR)
        look = int(rng.integers(3))
        if look == 0:
            small = shrunk(photo, (400, 400))
        elif look == 1:
            small = photo
        else:
            small = shrunk(in_frame(photo, (1280, 720), 720), (640, 360))
        inputs.append(finder_input([small], small.shape[0]))
    return inputs


def rendered_inputs(count: int, seed: int = SEED) -> list[np.ndarray]:
    """Return the finder's inputs for ``count`` training renders (`vision_corners_train`).

    Drawn decks on randomised tables: the finder sees printed-looking cards too, whose
    activations the photos alone do not span (a drawn corner's box then came out a
    quarter off the float finder's).
    """
    from vision_corners_train import FONTS, Faces, render

    from dealerassist.vision.corners import finder_input

    rng = np.random.default_rng(seed)
    faces = Faces(rng, FONTS)
    inputs = []
    for _ in range(count):
        image, _ = render(rng, faces, int(rng.choice([384, 512, 640])))
        inputs.append(finder_input([image], image.shape[0]))
    return inputs


def quantise(source: Path, out: Path, inputs: list[np.ndarray]) -> None:
    """Write ``source`` quantised to int8 (`FLOAT_NODES` kept float) to ``out``."""
    import onnxruntime
    from onnxruntime.quantization import (
        CalibrationDataReader,
        CalibrationMethod,
        QuantFormat,
        QuantType,
        quantize_static,
    )

    name = onnxruntime.InferenceSession(str(source)).get_inputs()[0].name

    class Inputs(CalibrationDataReader):  # type: ignore[misc]
        def __init__(self) -> None:
            self._left = iter(inputs)

        def get_next(self) -> dict[str, np.ndarray] | None:
            batch = next(self._left, None)
            return None if batch is None else {name: batch}

    quantize_static(str(source), str(out), Inputs(), quant_format=QuantFormat.QDQ,
                    per_channel=True, activation_type=QuantType.QUInt8,
                    weight_type=QuantType.QInt8, calibrate_method=CalibrationMethod.MinMax,
                    nodes_to_exclude=list(FLOAT_NODES), reduce_range=True)


def main() -> int:
    """Quantise the float finder named (default: the shipped one) into ``--out``."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--real", type=Path, required=True, help="the vision-real-dev folder")
    parser.add_argument("--float", dest="source", type=Path,
                        default=OUT / "corner_finder_float.onnx")
    parser.add_argument("--out", type=Path, default=OUT / "corner_finder.onnx")
    parser.add_argument("--renders", type=int, default=32,
                        help="training renders calibrated on besides the photos")
    args = parser.parse_args()
    inputs = calibration_inputs(args.real) + rendered_inputs(args.renders)
    quantise(args.source, args.out, inputs)
    print(f"{args.out}: int8, calibrated on {len(inputs)} looks ({args.renders} renders)",
          flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
