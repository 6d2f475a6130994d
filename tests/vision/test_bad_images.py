"""Defect 41.6 and issue 42's bad input: every image file gets a result or one line naming it.

1x1 images, thin strips, a PNG header claiming 100000x100000 pixels, greyscale, 16-bit,
RGBA, truncated files and files that are not images: `recognize` prints an empty result
or a one-line error naming the file (exit 1), never an internal error, and nothing the
image libraries print reaches the terminal.
"""

import json
import os
import struct
import subprocess
import sys
import zlib
from pathlib import Path

import cv2
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dealerassist.cli.main import main
from dealerassist.errors import RecognitionError
from dealerassist.vision.calibration import TableCalibration
from dealerassist.vision.image_file import claimed_size, decode
from dealerassist.vision.recogniser import Recogniser

from .conftest import FIXTURES

ROOT = Path(__file__).resolve().parents[2]


def _png_claiming(width: int, height: int) -> bytes:
    def chunk(kind: bytes, data: bytes) -> bytes:
        return (struct.pack(">I", len(data)) + kind + data
                + struct.pack(">I", zlib.crc32(kind + data)))
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
            + chunk(b"IDAT", zlib.compress(b"\0" * 64)) + chunk(b"IEND", b""))


def _write(folder: Path) -> dict[str, Path]:
    rng = np.random.default_rng(41)
    files = {}

    def image(name: str, array: np.ndarray) -> None:
        files[name] = folder / name
        assert cv2.imwrite(str(files[name]), array)

    image("one.png", np.zeros((1, 1, 3), np.uint8))
    image("tall_strip.png", np.full((5000, 3, 3), 200, np.uint8))
    image("wide_strip.png", np.full((3, 5000, 3), 200, np.uint8))
    image("grey.png", rng.integers(0, 256, (120, 160), dtype=np.uint8))
    image("deep.png", rng.integers(0, 65536, (120, 160, 3), dtype=np.uint16))
    image("rgba.png", rng.integers(0, 256, (120, 160, 4), dtype=np.uint8))
    board = (FIXTURES / "board_five.png").read_bytes()
    files["truncated.png"] = folder / "truncated.png"
    files["truncated.png"].write_bytes(board[: len(board) // 2])
    ok, jpeg = cv2.imencode(".jpg", cv2.imread(str(FIXTURES / "board_five.png")))
    assert ok
    files["truncated.jpg"] = folder / "truncated.jpg"
    files["truncated.jpg"].write_bytes(jpeg.tobytes()[: len(jpeg) // 2])
    files["huge.png"] = folder / "huge.png"
    files["huge.png"].write_bytes(_png_claiming(100_000, 100_000))
    files["text.png"] = folder / "text.png"
    files["text.png"].write_text("not an image")
    files["empty.jpg"] = folder / "empty.jpg"
    files["empty.jpg"].write_bytes(b"")
    return files


READ = ("one.png", "tall_strip.png", "wide_strip.png", "grey.png", "deep.png", "rgba.png")
REFUSED = ("truncated.png", "truncated.jpg", "huge.png", "text.png", "empty.jpg")


@pytest.mark.parametrize("name", READ)
def test_defect_41_6_degenerate_images_read_with_an_empty_result(name, tmp_path, capsys):
    path = _write(tmp_path)[name]
    assert main(["recognize", str(path), "--json"]) == 0
    captured = capsys.readouterr()
    assert captured.err == ""
    assert f'"file": "{path}"' in captured.out and '"cards": []' in captured.out


@pytest.mark.parametrize("name", REFUSED)
def test_defect_41_6_unreadable_images_refused_in_one_line_naming_the_file(
        name, tmp_path, capsys):
    path = _write(tmp_path)[name]
    assert main(["recognize", str(path)]) == 1
    captured = capsys.readouterr()
    assert captured.out == ""
    lines = captured.err.strip().splitlines()
    assert len(lines) == 1 and name in lines[0] and "internal error" not in lines[0]


def test_defect_41_6_huge_header_refused_before_decoding():
    data = _png_claiming(100_000, 100_000)
    assert claimed_size(data) == (100_000, 100_000)
    with pytest.raises(RecognitionError, match=r"huge\.png: image too large \(100000x100000"):
        decode(data, "huge.png")


def test_jpeg_header_size_is_read():
    ok, jpeg = cv2.imencode(".jpg", np.zeros((37, 53, 3), np.uint8))
    assert ok and claimed_size(jpeg.tobytes()) == (53, 37)


def test_defect_41_6_no_library_output_on_the_terminal(tmp_path):
    """libpng's own messages go to file descriptor 2: checked in a child process."""
    files = _write(tmp_path)
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    for name in (*READ, *REFUSED):
        done = subprocess.run(
            [sys.executable, "-m", "dealerassist", "recognize", str(files[name])],
            capture_output=True, text=True, env=env, timeout=120, check=False)
        lines = done.stderr.strip().splitlines()
        if name in READ:
            assert done.returncode == 0 and lines == [], (name, done.stderr)
        else:
            assert done.returncode == 1 and len(lines) == 1 and name in lines[0], done.stderr


@settings(max_examples=40, deadline=None)
@given(height=st.integers(1, 40), width=st.integers(1, 3000), seed=st.integers(0, 2**16),
       flat=st.booleans())
def test_defect_41_6_any_small_or_thin_frame_reads_without_error(height, width, seed, flat):
    rng = np.random.default_rng(seed)
    frame = (np.full((height, width, 3), int(rng.integers(256)), np.uint8) if flat
             else rng.integers(0, 256, (height, width, 3), dtype=np.uint8))
    recogniser = _RECOGNISER
    assert isinstance(recogniser.recognise(frame), list)
    assert isinstance(recogniser.recognise(np.ascontiguousarray(frame.transpose(1, 0, 2))), list)


_RECOGNISER = Recogniser()


# The felt marked as a camera 55 degrees from overhead sees it, on frames of any size: a
# frame is read flattened whatever its size (`table_view`).
_SLANTED = Recogniser(calibration=TableCalibration(
    ((420.0, 180.0), (860.0, 180.0), (1180.0, 650.0), (100.0, 650.0))))


@settings(max_examples=40, deadline=None)
@given(height=st.integers(1, 800), width=st.integers(1, 1400), seed=st.integers(0, 2**16))
def test_defect_41_6_any_frame_a_slanted_calibration_flattens_reads_without_error(
        height, width, seed):
    rng = np.random.default_rng(seed)
    frame = rng.integers(0, 256, (height, width, 3), dtype=np.uint8)
    for sighting in _SLANTED.recognise(frame):
        x, y, w, h = sighting.box
        assert 0 <= x and 0 <= y and x + w <= width and y + h <= height


@pytest.mark.parametrize("frame", [None, np.zeros((0, 0, 3), np.uint8),
                                   np.zeros((100, 100), np.uint8)])
def test_defect_41_6_a_frame_that_is_no_bgr_image_is_one_error_with_a_calibration(frame):
    with pytest.raises(RecognitionError, match="non-empty BGR image"):
        _SLANTED.recognise(frame)


@pytest.mark.parametrize("suffix", [".pfm", ".tif"])
def test_issue_42_a_floating_point_image_is_read_as_its_picture(suffix, tmp_path, capsys):
    """A float image (0 to 1) is read as the picture it holds: OpenCV's 8-bit decode made a
    PFM black (no card read, no error) and refused a float TIFF."""
    board = cv2.imread(str(FIXTURES / "board_five.png"))
    path = tmp_path / f"board{suffix}"
    assert cv2.imwrite(str(path), board.astype(np.float32) / 255.0)
    decoded = decode(path.read_bytes(), path.name)
    assert decoded.dtype == np.uint8 and decoded.shape == board.shape
    assert np.abs(decoded.astype(int) - board).max() <= 1
    assert main(["recognize", str(path), "--json"]) == 0
    cards = [c["card"] for c in json.loads(capsys.readouterr().out)[0]["cards"]]
    assert cards == ["Ah", "Kd", "7c", "Ts", "2h"]


def test_issue_42_a_16_bit_image_keeps_its_high_byte():
    deep = np.random.default_rng(5).integers(0, 65536, (40, 60, 3), dtype=np.uint16)
    ok, png = cv2.imencode(".png", deep)
    assert ok
    assert np.array_equal(decode(png.tobytes(), "deep.png"), (deep >> 8).astype(np.uint8))
