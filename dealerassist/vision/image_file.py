"""Reading an image file for the recogniser: a BGR frame, or one line naming the file.

Any file a user may hand over is either read or refused with a `RecognitionError` that
names it: greyscale, 16-bit, floating-point and RGBA images are converted to 8-bit BGR; a
file that is not an image, is truncated, or whose header claims more than `MAX_PIXELS`
pixels is refused before any large buffer is allocated (OpenCV would otherwise fail in an
assertion). The image libraries (libpng, libjpeg) print their own warnings on the
process's standard error; those are kept off the user's terminal while a file is decoded.
"""

from __future__ import annotations

import contextlib
import os
import struct
import sys
from collections.abc import Iterator
from pathlib import Path

import cv2
import numpy as np

from dealerassist.errors import RecognitionError

__all__ = ["MAX_PIXELS", "READ_LONGEST", "read_image", "read_image_reduced"]

MAX_PIXELS = 100_000_000  # 100 MP: a 48-MP phone photo fits; a forged header does not
# A still photo is read with its long side at most this (`read_image_reduced`): a 12-MP or
# 16-MP phone photo at half its width, a 1080p frame whole. The recogniser cuts each index
# from the frame it is given, and the finder looks at it at most `corners._FINEST` pixels
# long: a photo of a whole table, its cards some 1/30 of its width, loses them at a quarter
# of its width. The development photos held apart from training (the train part's
# networks, the finest look 1200 pixels long), each at its own size on a 4032x3024 JPEG
# (`scripts/vision_real_eval.py val --stills --jpeg 4032x3024`): 62 of 249 cards read
# right (4 wrong) with 1600 (a quarter), 161 (5) with 2400 (a half); enlarged twice, 183
# (4) and 212 (6); on a 1920x1080 JPEG, 180 (4) and 211 (8). A 12-MP photo then takes
# some 80-100 ms, not 50-60, decode included; with the 1600-pixel look, 85-135 (the goal:
# 150).
READ_LONGEST = 2400
# JPEG decodes at 1/2, 1/4 or 1/8 of the size directly (libjpeg's scaled IDCT).
_REDUCED = {2: cv2.IMREAD_REDUCED_COLOR_2, 4: cv2.IMREAD_REDUCED_COLOR_4,
            8: cv2.IMREAD_REDUCED_COLOR_8}


def _png_size(data: bytes) -> tuple[int, int] | None:
    if data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR" and len(data) >= 24:
        width, height = struct.unpack(">II", data[16:24])
        return width, height
    return None


def _jpeg_size(data: bytes) -> tuple[int, int] | None:
    if data[:2] != b"\xff\xd8":
        return None
    at = 2
    while at + 9 < len(data):
        if data[at] != 0xFF:
            return None
        marker = data[at + 1]
        if marker in (0xD8, 0x01) or 0xD0 <= marker <= 0xD7:
            at += 2
            continue
        length = struct.unpack(">H", data[at + 2:at + 4])[0]
        if 0xC0 <= marker <= 0xCF and marker not in (0xC4, 0xC8, 0xCC):
            height, width = struct.unpack(">HH", data[at + 5:at + 9])
            return width, height
        at += 2 + length
    return None


def claimed_size(data: bytes) -> tuple[int, int] | None:
    """(width, height) a PNG or JPEG header claims, or None for other formats."""
    return _png_size(data) or _jpeg_size(data)


@contextlib.contextmanager
def _quiet_stderr() -> Iterator[None]:
    """Send file descriptor 2 to /dev/null meanwhile (C libraries write there directly)."""
    try:
        fd = sys.stderr.fileno()
    except (AttributeError, OSError, ValueError):  # a captured stream: nothing to silence
        yield
        return
    sys.stderr.flush()
    saved = os.dup(fd)
    try:
        with open(os.devnull, "w") as null:
            os.dup2(null.fileno(), fd)
        yield
    finally:
        os.dup2(saved, fd)
        os.close(saved)


def decode(data: bytes | np.ndarray, name: str, *, factor: int = 1) -> np.ndarray:
    """Decode an encoded image to 8-bit BGR, or raise RecognitionError naming ``name``.

    ``factor`` (2, 4 or 8; JPEG only): decode at that fraction of the size.
    """
    raw = bytes(data) if not isinstance(data, bytes) else data
    if not raw:
        raise RecognitionError(f"{name}: empty file, not an image")
    size = claimed_size(raw)
    if size is not None and size[0] * size[1] > MAX_PIXELS:
        raise RecognitionError(
            f"{name}: image too large ({size[0]}x{size[1]} pixels; at most {MAX_PIXELS:,})")
    try:
        with _quiet_stderr():
            image = cv2.imdecode(np.frombuffer(raw, np.uint8),
                                 _REDUCED.get(factor, cv2.IMREAD_COLOR | cv2.IMREAD_ANYDEPTH))
    except cv2.error as error:  # OpenCV's own limits (other formats' headers)
        reason = str(error).strip().splitlines()[-1] if str(error).strip() else "decode failed"
        raise RecognitionError(f"{name}: not an image this app can read ({reason})") from error
    if image is None or image.size == 0:
        raise RecognitionError(f"{name}: not an image this app can read")
    return _eight_bits(image)


def _eight_bits(image: np.ndarray) -> np.ndarray:
    """Return a decoded image as 8 bits a channel.

    Decoded at its own depth: OpenCV's 8-bit conversion truncates a floating-point image
    (PFM, float TIFF), whose 0..1 scale makes it black, or refuses it. 16 bits keep their
    high byte (what OpenCV's own conversion gives); floats are taken as 0 to 1.
    """
    if image.dtype == np.uint8:
        return image
    if image.dtype == np.uint16:
        return (image >> 8).astype(np.uint8)
    if image.dtype.kind == "f":
        return np.clip(np.nan_to_num(image) * 255.0 + 0.5, 0, 255).astype(np.uint8)
    return cv2.convertScaleAbs(image, alpha=255.0 / max(1.0, float(image.max())))


def read_image(path: Path | str) -> np.ndarray:
    """Load an image file as 8-bit BGR, or raise RecognitionError naming it."""
    return decode(_read_bytes(path), str(path))


def read_image_reduced(path: Path | str, longest: int | None = None) -> tuple[np.ndarray, int]:
    """Load an image file as 8-bit BGR, a JPEG at 1/2, 1/4 or 1/8 of its size.

    Returns (image, factor): the smallest factor bringing the long side the header claims
    to ``longest`` (default `READ_LONGEST`) or less (1 for other formats, and for JPEGs
    that small already). Multiplying the image's pixel coordinates by ``factor`` gives the
    file's.
    """
    longest = READ_LONGEST if longest is None else longest
    data = _read_bytes(path)
    size = _jpeg_size(data)
    factor = next((k for k in (1, 2, 4, 8) if size is None or max(size) <= longest * k), 8)
    return decode(data, str(path), factor=factor), factor


def _read_bytes(path: Path | str) -> bytes:
    path = Path(path)
    if not path.is_file():
        raise RecognitionError(f"{path}: no such image file")
    try:
        data = path.read_bytes()
    except OSError as error:
        raise RecognitionError(f"{path}: cannot be read ({error.strerror})") from error
    return data
