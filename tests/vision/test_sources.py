"""One contract for every FrameSource, plus the camera's clear errors."""

import cv2
import numpy as np
import pytest

from dealerassist.cards import parse_cards
from dealerassist.errors import RecognitionError
from dealerassist.vision.sources import (
    CameraSource,
    FrameSource,
    ImageFolderSource,
    SyntheticSource,
    VideoFileSource,
    iterate,
)


def _frames(count=3):
    return [np.full((72, 128, 3), 40 * (i + 1), np.uint8) for i in range(count)]


def _folder(tmp_path):
    for number, frame in enumerate(_frames()):
        cv2.imwrite(str(tmp_path / f"f{number}.png"), frame)
    (tmp_path / "notes.txt").write_text("not an image")
    return ImageFolderSource(tmp_path)


def _video(tmp_path):
    path = tmp_path / "clip.avi"
    writer = cv2.VideoWriter(str(path), cv2.VideoWriter_fourcc(*"MJPG"), 10, (128, 72))
    if not writer.isOpened():
        pytest.skip("this OpenCV build cannot write MJPG video")
    for frame in _frames():
        writer.write(frame)
    writer.release()
    return VideoFileSource(path)


def _synthetic(tmp_path):
    return SyntheticSource([parse_cards("Ah Kd 7c")], frames_per_step=3, size=(320, 180))


@pytest.mark.parametrize(
    "make", [_folder, _video, _synthetic], ids=["folder", "video", "synthetic"]
)
def test_frame_source_contract(make, tmp_path):
    source = make(tmp_path)
    assert isinstance(source, FrameSource)
    frames = list(iterate(source))
    assert len(frames) == 3
    assert all(f.ndim == 3 and f.shape[2] == 3 and f.dtype == np.uint8 for f in frames)
    assert source.read() is None  # stays ended
    source.close()
    assert source.read() is None


def test_missing_camera_is_a_clear_error_not_a_crash():
    with pytest.raises(RecognitionError, match="camera 97: not found"):
        CameraSource(97)


def test_missing_video_and_folder_are_named(tmp_path):
    with pytest.raises(RecognitionError, match="nope.avi: no such video file"):
        VideoFileSource(tmp_path / "nope.avi")
    with pytest.raises(RecognitionError, match="nothing: no such folder"):
        ImageFolderSource(tmp_path / "nothing")


def test_unreadable_image_in_folder_is_named(tmp_path):
    (tmp_path / "broken.png").write_bytes(b"not a png")
    source = ImageFolderSource(tmp_path)
    with pytest.raises(RecognitionError, match="broken.png"):
        source.read()


def test_synthetic_source_follows_the_script():
    steps = [(), parse_cards("Ah Kd 7c"), parse_cards("Ah Kd 7c 2s")]
    source = SyntheticSource(steps, frames_per_step=2, size=(320, 180), backs=0)
    frames = list(iterate(source))
    assert len(frames) == 6
    assert np.abs(frames[0].astype(int) - frames[1].astype(int)).max() <= 6  # noise only
    assert np.abs(frames[1].astype(int) - frames[2].astype(int)).max() > 100  # the flop
